#!/usr/bin/env bash
# Runs the Python interop tests (tests-python/) against the mock-platform binary.
#
#   bash tests-python/run.sh [extra pytest arguments]
#
# Installs the pinned Python packages of .ci/requirements.txt (standardwebhooks, pytest, ...),
# builds the debug binary when MOCK_PLATFORM_BINARY is unset and .build/debug/mock-platform is
# missing, then runs `pytest -q tests-python` from the repository root. pytest's exit status is
# this script's; "no tests collected" (pytest's 5) is a failure like any other non-zero status.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet --disable-pip-version-check -r .ci/requirements.txt

if [[ -z "${MOCK_PLATFORM_BINARY:-}" && ! -x .build/debug/mock-platform ]]; then
  echo "== building .build/debug/mock-platform"
  swift build --product mock-platform
fi

status=0
python3 -m pytest -q -p no:cacheprovider -p no:benchmark tests-python "$@" || status=$?
if [[ $status -eq 5 ]]; then
  echo "tests-python/run.sh: pytest collected no tests (exit 5): failing" >&2
fi
exit "$status"
