#!/usr/bin/env bash
# The long contract run: schemathesis over all six served OpenAPI documents, as CI runs it
# (.ci/schemathesis.sh: positive and negative data, every operation, the stateful links on,
# every conformance check), with eight seeds and more examples per operation. Fails on any
# failure or when fewer than 50,000 cases were generated in total (CI's 40 examples give about
# 6,200 cases per seed, 50 give about 7,500). Expect 30 to 60 minutes on two cores; record the
# result in bench/RESULTS.md with its date and this command.
#
#   bash bench/schemathesis-long.sh     # MOCK_PLATFORM_BINARY overrides .build/debug/mock-platform
#
# LONG_SEEDS and LONG_MAX_EXAMPLES override the defaults below.
set -euo pipefail
cd "$(dirname "$0")/.."

export SCHEMATHESIS_SEEDS="${LONG_SEEDS:-20261122 20261124 7 42 1337 2026 99 31337}"
export SCHEMATHESIS_MAX_EXAMPLES="${LONG_MAX_EXAMPLES:-50}"
export SCHEMATHESIS_MIN_CASES=50000
exec bash .ci/schemathesis.sh
