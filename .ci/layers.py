#!/usr/bin/env python3
"""Checks the package graph's floors: reads `swift package dump-package` on standard input and
fails when a target depends on one of its own floor or above (the platforms: only the edges the
contracts ask for), or when the floors leave a hand-written target out."""
import json
import sys

FLOORS = [
    ["MockPlatformCore"],
    ["MockPlatformRuntime"],
    ["MockPlatformKit"],
    # MockParcels is the tests' throwaway platform (Tests/MockParcels), built as the others are.
    ["MockIQL", "MockPublisher", "MockLoyalty", "MockWallet", "MockCampaigns", "MockWebhooks", "MockControl", "MockAudit", "MockParcels"],
    ["MockPlatform"],
    ["MockPlatformCLI"],
]
PLATFORM_EDGES = {("MockWallet", "MockLoyalty"), ("MockPublisher", "MockIQL")}

floor_of = {target: floor for floor, targets in enumerate(FLOORS) for target in targets}
package = json.load(sys.stdin)
problems = []
for target in package["targets"]:
    name = target["name"]
    if target["type"] in ("test", "plugin") or name.endswith("API") or name == "SpecIndexer":
        continue
    if name not in floor_of:
        problems.append(f"{name} is on no floor")
        continue
    for dependency in target["dependencies"]:
        other = (dependency.get("byName") or dependency.get("target") or [None])[0]
        if other not in floor_of:
            continue
        if floor_of[other] > floor_of[name] or (floor_of[other] == floor_of[name] and (name, other) not in PLATFORM_EDGES):
            problems.append(f"{name} depends on {other}")
for problem in problems:
    print(f"layers: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
