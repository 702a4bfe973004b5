#!/usr/bin/env python3
"""Fuzz pass over the `/_mock` control plane (issue 18: hostile input).

Starts the binary on a free loopback port with a fresh data directory, reads the control
document it serves (`/_mock/openapi/control.yaml`) and, for the given duration, sends every
operation random and mutated input: bodies built from the operation's schema and examples and
then mutated (wrong types, extreme numbers, deep nesting, huge strings), random path and query
parameters (empty, very long, non-ASCII, percent-encoded), state documents exported from the
server and mutated at random before `PUT /_mock/state`, path globs and trigger override keys
of random shape. Checks, throughout:

- the server stays alive and answers `GET /_mock/health` within 10 s (no crash, no hang);
- every answer's status is one the document lists for that operation (a 5xx never is);
- resident memory (VmRSS from /proc/<pid>/status) stays flat: after a warm-up of a fifth of the
  run it may not grow by more than --rss-slack MiB;
- byte-heavy input (issue "Hostile input II"): some requests carry 62 header fields of 1 KB,
  trigger overrides of 60 KB and 1 MB, unknown paths of 65 KB in 31 segments; the server runs
  with --max-tenants 8 and --tenant-max-bytes 16MB, and RSS must stay under 8 × 16 MB plus
  --fixed-mib of fixed costs throughout.

With --round-trip (the test tests-python/robustness runs), the server also runs with --persist
and --seed, and after the fuzz every tenant's export must import again (200), and a restart on
the same data directory must restore every tenant (nothing set aside) to the same stores.

Tenants are reset now and then (as suites do), so what a tenant may legitimately hold stays
within its bounds; what grows anyway is a leak. Prints a summary; exits 1 on any failure.

Usage: python3 bench/fuzz_control.py [--binary .build/debug/mock-platform] [--duration 600]
                                     [--seed N] [--rss-slack 64] [--fixed-mib 160] [--round-trip]
Run from the repository root (the server reads Resources/fixtures). Needs PyYAML. Sends
traffic to 127.0.0.1 only.
"""
import argparse
import collections
import copy
import http.client
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import resolve  # noqa: E402

TENANTS = ["", "/t/fuzz-a", "/t/fuzz-b"]
MAX_TENANTS = 8
TENANT_MAX_MB = 16
BIG_HEADERS = {f"X-Pad-{index}": "p" * 1000 for index in range(62)}
TIMEOUT = 10
INTERESTING_NUMBERS = [0, -1, 1, 2**31, 2**53, 2**53 + 1, 2**63, 2**64, -(2**63), 1e300, -1e300, 0.5, 253402300800, -62135596801]
INTERESTING_STRINGS = ["", " ", "/", "//", "..", "%00", "\u0000", "é", "\U0001F600", "a" * 5000, "null", "true", "0",
                       "2026-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "*", "**", "/**/**",
                       "http://127.0.0.1:9/hook", "http://012.0.0.1/hook", "whsec_AAAA", "<script>"]


class Server:
    """The binary under test, on a free port, in a temporary working directory."""

    def __init__(self, binary, extra=(), work=None):
        self.work = work or tempfile.mkdtemp(prefix="fuzz-control-")
        self.log = open(os.path.join(self.work, "server.log"), "w+")
        self.proc = subprocess.Popen(
            [os.path.abspath(binary), "serve", "--port", "0", "--log-level", "error",
             "--data-dir", os.path.join(self.work, "data"), "--max-tenants", str(MAX_TENANTS),
             "--tenant-max-bytes", f"{TENANT_MAX_MB}MB", *extra],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=os.getcwd())
        deadline = time.time() + 60
        self.port = None
        while time.time() < deadline and self.port is None:
            self.log.seek(0)
            match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", self.log.read())
            if match:
                self.port = int(match.group(1))
            elif self.proc.poll() is not None:
                break
            else:
                time.sleep(0.1)
        if self.port is None:
            self.log.seek(0)
            raise SystemExit("fuzz_control.py: the server did not start: " + self.log.read())
        self.conn = None

    def alive(self):
        return self.proc.poll() is None

    def rss_mib(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0

    def request(self, method, path, body=None, headers=None):
        """(status, body bytes); status None when the connection failed or timed out."""
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                response = self.conn.getresponse()
                data = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return response.status, data
            except (OSError, http.client.HTTPException) as error:
                self.close()
                if attempt == 1 or isinstance(error, TimeoutError):
                    return None, str(error).encode()
        return None, b""

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def stop(self, keep=False):
        self.close()
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()
        if not keep:
            shutil.rmtree(self.work, ignore_errors=True)


class Operation:
    def __init__(self, path, method, spec, document):
        self.path = path
        self.method = method.upper()
        self.operation_id = spec.get("operationId", f"{method} {path}")
        parameters = [resolve(document, p) for p in spec.get("parameters", [])]
        self.path_params = [p["name"] for p in parameters if p.get("in") == "path"]
        self.query_params = [(p["name"], resolve(document, p.get("schema", {}))) for p in parameters if p.get("in") == "query"]
        self.statuses = {str(code) for code in spec.get("responses", {})}
        body = spec.get("requestBody")
        self.body_schema = None
        self.examples = []
        if body:
            media = resolve(document, body).get("content", {}).get("application/json", {})
            self.body_schema = resolve(document, media.get("schema", {}))
            if "example" in media:
                self.examples.append(media["example"])
            for example in media.get("examples", {}).values():
                if "value" in resolve(document, example):
                    self.examples.append(resolve(document, example)["value"])

    def documents(self, status):
        return str(status) in self.statuses or f"{str(status)[0]}XX" in self.statuses or "default" in self.statuses


class UnknownPath:
    """The operation a hostile unknown path stands for: a 404 (or 401 before the key), never more."""
    method = "GET"
    operation_id = "unknown path"

    @staticmethod
    def documents(status):
        return status in (401, 404, 414, 431)


UNKNOWN_PATH = UnknownPath()


class Fuzzer:
    def __init__(self, server, document, rng):
        self.server = server
        self.document = document
        self.rng = rng
        self.operations = [
            Operation(path, method, spec, document)
            for path, item in document["paths"].items()
            for method, spec in item.items()
            if method in ("get", "post", "put", "patch", "delete")
        ]
        self.states = []

    # Values of random shape.

    def value(self, depth=0):
        roll = self.rng.random()
        if depth > 4 or roll < 0.35:
            return self.scalar()
        if roll < 0.6:
            return [self.value(depth + 1) for _ in range(self.rng.randint(0, 4))]
        return {self.key(): self.value(depth + 1) for _ in range(self.rng.randint(0, 4))}

    def scalar(self):
        return self.rng.choice([
            lambda: self.rng.choice(INTERESTING_NUMBERS),
            lambda: self.rng.choice(INTERESTING_STRINGS),
            lambda: self.rng.randint(-10, 10_000),
            lambda: self.rng.random(),
            lambda: self.rng.choice([True, False, None]),
            lambda: "".join(self.rng.choice("abcxyz-_./é") for _ in range(self.rng.randint(0, 20))),
        ])()

    def key(self):
        return self.rng.choice(["id", "url", "path", "status", "event", "driver_id", "overrides", "now", "name",
                                "payload", "version", "events", "enabled", "secret", "times", "probability",
                                self.rng.choice(INTERESTING_STRINGS)[:50]])

    def from_schema(self, schema, depth=0):
        schema = resolve(self.document, schema or {})
        if depth > 5:
            return self.scalar()
        for combinator in ("oneOf", "anyOf"):
            if combinator in schema:
                return self.from_schema(self.rng.choice(schema[combinator]), depth + 1)
        if "enum" in schema:
            return self.rng.choice(schema["enum"])
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = self.rng.choice(kind)
        if kind == "object" or "properties" in schema:
            result = {}
            for name, sub in schema.get("properties", {}).items():
                if name in schema.get("required", []) or self.rng.random() < 0.5:
                    result[name] = self.from_schema(sub, depth + 1)
            return result
        if kind == "array":
            return [self.from_schema(schema.get("items", {}), depth + 1) for _ in range(self.rng.randint(0, 3))]
        if kind == "integer":
            return self.rng.choice([self.rng.randint(0, 100), self.rng.choice(INTERESTING_NUMBERS)])
        if kind == "number":
            return self.rng.choice([self.rng.random() * 100, self.rng.choice(INTERESTING_NUMBERS)])
        if kind == "boolean":
            return self.rng.random() < 0.5
        if kind == "string":
            if schema.get("format") == "date-time":
                return self.rng.choice(["2026-06-15T12:00:00Z", "2026-06-15T12:00:00.123Z", "9999-12-31T23:59:59Z", "garbage"])
            return self.rng.choice(INTERESTING_STRINGS + ["d1", "user_123", "engagement", "/iql/**"])
        return self.value(depth + 1)

    def mutate(self, value, depth=0):
        """A copy of `value` with one random change somewhere in it."""
        if isinstance(value, dict) and value and self.rng.random() < 0.8:
            key = self.rng.choice(list(value))
            result = dict(value)
            action = self.rng.random()
            if action < 0.15:
                del result[key]
            elif action < 0.25:
                result[self.key()] = self.value()
            else:
                result[key] = self.mutate(value[key], depth + 1)
            return result
        if isinstance(value, list) and value and self.rng.random() < 0.8:
            result = list(value)
            index = self.rng.randrange(len(result))
            if self.rng.random() < 0.2:
                result.append(copy.deepcopy(result[index]))
            else:
                result[index] = self.mutate(result[index], depth + 1)
            return result
        return self.rng.choice([self.scalar, self.value, lambda: self.deep(self.rng.randint(60, 70))])()

    def deep(self, levels):
        value = self.scalar()
        for _ in range(levels):
            value = [value] if self.rng.random() < 0.5 else {"k": value}
        return value

    def glob(self):
        parts = [self.rng.choice(["*", "**", "iql", "v1", "driver", "a", "", "é", "%2F"]) for _ in range(self.rng.randint(0, 40))]
        return "/" + "/".join(parts)

    def override_key(self):
        return ".".join(self.rng.choice(["a", "metadata", "subtype", "", "x" * 30]) for _ in range(self.rng.randint(1, 20)))

    # Requests.

    def path_value(self):
        return urllib.parse.quote(str(self.rng.choice(INTERESTING_STRINGS + ["d1", "user_123", "ep_1", "nope", "iql"])), safe="")

    def body_for(self, operation):
        roll = self.rng.random()
        if operation.operation_id == "importState" and self.states and roll < 0.8:
            return self.mutate(self.rng.choice(self.states))
        if operation.operation_id == "triggerWebhook" and roll < 0.15:
            size = self.rng.choice([60_000, 1_000_000])
            return {"event": "engagement", "driver_id": "d1", "overrides": {"data.pad": ["x" * 1000] * (size // 1006)}}
        if operation.operation_id == "triggerWebhook" and roll < 0.5:
            overrides = {self.override_key(): self.scalar() for _ in range(self.rng.randint(0, 70))}
            return {"event": self.rng.choice(["engagement", "qualification", "offer_click"]), "driver_id": "d1", "overrides": overrides}
        if operation.operation_id == "createFault" and roll < 0.5:
            return {"path": self.glob(), "status": self.rng.choice([500, 503, 418, 200])}
        if operation.examples and roll < 0.7:
            return self.mutate(self.rng.choice(operation.examples))
        if roll < 0.9:
            return self.mutate(self.from_schema(operation.body_schema)) if self.rng.random() < 0.6 else self.from_schema(operation.body_schema)
        return self.value()

    def hostile_path(self):
        """An unknown path of 65 KB in 31 segments (the 404 hint must stay cheap)."""
        return "/" + "/".join("Statuss" * 300 for _ in range(31))

    def one(self):
        operation = self.rng.choice(self.operations)
        if self.rng.random() < 0.02:
            # On a tenant of its own: the fault rules the fuzz adds elsewhere would answer for it.
            status, data = self.server.request("GET", "/t/fuzz-paths" + self.hostile_path(), None, {"Authorization": "APIKEY mock-api-key"})
            return UNKNOWN_PATH, "/Statuss…", status, data
        path = operation.path
        for name in operation.path_params:
            path = path.replace("{" + name + "}", self.path_value())
        query = []
        for name, schema in operation.query_params:
            if self.rng.random() < 0.5:
                value = self.glob() if name == "path" else self.from_schema(schema)
                query.append((name, json.dumps(value) if isinstance(value, (dict, list)) else str(value)))
        target = self.rng.choice(TENANTS) + path + ("?" + urllib.parse.urlencode(query) if query else "")
        body = None
        headers = {}
        if operation.body_schema is not None:
            payload = self.body_for(operation)
            try:
                body = json.dumps(payload).encode()
            except (TypeError, ValueError):
                body = b"{"
            if self.rng.random() < 0.03:
                body = body[: self.rng.randrange(len(body) + 1)]
            headers["Content-Type"] = "application/json"
        if self.rng.random() < 0.05:
            headers.update(BIG_HEADERS)
        status, data = self.server.request(operation.method, target, body, headers)
        return operation, target, status, data

    def save_state(self):
        status, data = self.server.request("GET", self.rng.choice(TENANTS) + "/_mock/state")
        if status == 200:
            try:
                self.states = (self.states + [json.loads(data)])[-5:]
            except ValueError:
                pass


def round_trip(server, binary, persist):
    """Every tenant's export imports again; a restart on the same data restores every tenant
    (nothing set aside) to the same stores. Returns the failures."""
    failures = []
    exported = {}
    for tenant in TENANTS:
        status, data = server.request("GET", tenant + "/_mock/state")
        if status != 200:
            failures.append(f"export of {tenant or '/'} answered {status}")
            continue
        status, answer = server.request("PUT", tenant + "/_mock/state", data, {"Content-Type": "application/json"})
        if status != 200:
            failures.append(f"the export of {tenant or '/'} did not import again: {status} {answer[:300]!r}")
        exported[tenant] = json.loads(data)["stores"]
    server.stop(keep=True)
    restarted = Server(binary, persist, work=server.work)
    try:
        deadline = time.time() + 120
        while time.time() < deadline and restarted.request("GET", "/_mock/ready")[0] != 200:
            time.sleep(0.2)
        state = os.path.join(server.work, "data", "state")
        aside = [name for name in os.listdir(state) if "set-aside" in name] if os.path.isdir(state) else []
        if aside:
            failures.append(f"set aside at the restart: {aside}")
        for tenant, stores in exported.items():
            status, data = restarted.request("GET", tenant + "/_mock/state")
            if status != 200:
                failures.append(f"{tenant or '/'} after the restart: {status}")
            elif json.loads(data)["stores"] != stores:
                failures.append(f"{tenant or '/'} came back with other stores than it was saved with")
    finally:
        restarted.stop()
    print(f"round trip: {len(exported)} tenants exported, imported and restored" + (" with failures" if failures else ""))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/debug/mock-platform")
    parser.add_argument("--duration", type=float, default=600, help="seconds (default 600)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--rss-slack", type=float, default=64, help="MiB RSS may grow after the warm-up (default 64)")
    parser.add_argument("--fixed-mib", type=float, default=160, help="fixed costs beside the tenants' budgets (default 160)")
    parser.add_argument("--round-trip", action="store_true", help="--persist, then export → import → restart must restore every tenant")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)

    persist = ["--persist", "--persist-interval", "1s", "--seed", str(seed % 2**63)] if args.round_trip else []
    server = Server(args.binary, persist)
    ceiling = MAX_TENANTS * TENANT_MAX_MB + args.fixed_mib
    failures = []
    counts = collections.Counter()
    by_operation = collections.Counter()
    undocumented = collections.Counter()
    examples = {}
    samples = []
    operations = 0
    sent = 0
    elapsed = 0.0
    alive = False
    try:
        status, spec = server.request("GET", "/_mock/openapi/control.yaml")
        if status != 200:
            raise SystemExit("fuzz_control.py: cannot read control.yaml")
        fuzzer = Fuzzer(server, yaml.safe_load(spec), rng)
        operations = len(fuzzer.operations)
        started = time.time()
        warm_until = started + args.duration / 5
        next_sample = next_health = started
        while time.time() - started < args.duration:
            if sent % 200 == 0:
                fuzzer.save_state()
            if sent % 400 == 399:
                for tenant in TENANTS:
                    server.request("POST", tenant + "/_mock/reset")
            operation, target, status, data = fuzzer.one()
            sent += 1
            counts[status] += 1
            by_operation[(operation.operation_id, status)] += 1
            if status is None:
                if not server.alive():
                    failures.append(f"server died (exit {server.proc.returncode}) after {operation.method} {target[:200]}")
                    break
                undocumented[(operation.operation_id, "no answer")] += 1
                examples.setdefault((operation.operation_id, "no answer"), f"{operation.method} {target[:200]}")
            elif not operation.documents(status) or status >= 500:
                undocumented[(operation.operation_id, status)] += 1
                examples.setdefault((operation.operation_id, status), f"{operation.method} {target[:200]} -> {data[:200]!r}")
            now = time.time()
            elapsed = now - started
            if now >= next_health:
                next_health = now + 2
                health_started = time.time()
                health, _ = server.request("GET", "/_mock/health")
                if health != 200:
                    failures.append(f"GET /_mock/health answered {health} after {sent} requests")
                    if not server.alive():
                        break
                elif time.time() - health_started > 5:
                    failures.append(f"GET /_mock/health took {time.time() - health_started:.1f} s")
            if now >= next_sample:
                next_sample = now + 5
                samples.append((now - started, server.rss_mib()))
                if samples[-1][1] > ceiling:
                    failures.append(f"RSS {samples[-1][1]:.1f} MiB at {samples[-1][0]:.0f} s, over {MAX_TENANTS} × {TENANT_MAX_MB} MB + {args.fixed_mib:.0f} MiB")
        alive = server.alive()
        if args.round_trip and alive:
            failures += round_trip(server, args.binary, persist)
    finally:
        alive = alive and server.proc.returncode in (None, 0)
        server.stop()

    if not alive and not any("died" in failure for failure in failures):
        failures.append("server died")
    for (operation_id, status), number in sorted(undocumented.items(), key=lambda item: str(item[0])):
        failures.append(f"{operation_id}: {number} answers with undocumented status {status}, e.g. {examples[(operation_id, status)]}")
    warm = [rss for at, rss in samples if at >= args.duration / 5]
    baseline = warm[0] if warm else (samples[0][1] if samples else 0)
    final = samples[-1][1] if samples else 0
    if warm and final - baseline > args.rss_slack:
        failures.append(f"RSS grew {final - baseline:.1f} MiB after the warm-up ({baseline:.1f} → {final:.1f} MiB)")

    print(f"fuzz_control.py: seed {seed}, {sent} requests in {elapsed:.0f} s ({sent / max(elapsed, 1):.0f}/s)")
    print("statuses: " + ", ".join(f"{status}: {number}" for status, number in sorted(counts.items(), key=lambda item: str(item[0]))))
    reached = {operation_id for operation_id, status in by_operation if status is not None and status < 400}
    print(f"operations: {operations}, {len(reached)} of them answered a 2xx or 3xx at least once")
    imports = {status: number for (operation_id, status), number in by_operation.items() if operation_id == "importState"}
    print("state imports: " + ", ".join(f"{status}: {number}" for status, number in sorted(imports.items(), key=lambda item: str(item[0]))))
    if samples:
        print(f"RSS: start {samples[0][1]:.1f} MiB, after warm-up {baseline:.1f} MiB, end {final:.1f} MiB, "
              f"max {max(rss for _, rss in samples):.1f} MiB")
    print(f"server alive at the end: {'yes' if alive else 'no'}")
    if failures:
        print(f"{len(failures)} failures:")
        for failure in failures:
            print("  - " + failure)
        sys.exit(1)
    print("0 failures")


if __name__ == "__main__":
    main()
