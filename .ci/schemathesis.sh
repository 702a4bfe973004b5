#!/usr/bin/env bash
# Contract tests: schemathesis against every OpenAPI document the server serves, on a live
# server (the binary `swift test` built). Positive and negative data, every operation, the
# stateful links the documents define; checks: no server error, status code, content type,
# response schema and response headers conformance. Fails on any failure or when fewer than
# MIN_CASES cases were generated in total.
#
#   bash .ci/schemathesis.sh            # MOCK_PLATFORM_BINARY overrides .build/debug/mock-platform
#
# Two fixed seeds, so that CI runs repeat yet cover more than one draw (a second seed found
# failures the first never reached); set SCHEMATHESIS_SEEDS to explore others.
# filter_too_much is a health check of the generator, not of the server (seed 7 trips it on
# deleteCampaign's plain string id): suppressed, so that no seed fails for it.
# bench/schemathesis-long.sh is the long run (many seeds, many more cases).
set -euo pipefail
cd "$(dirname "$0")/.."

BINARY="${MOCK_PLATFORM_BINARY:-.build/debug/mock-platform}"
SEEDS="${SCHEMATHESIS_SEEDS:-20261124 20261122}"
EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-40}"
MIN_CASES="${SCHEMATHESIS_MIN_CASES:-8000}"
CHECKS=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance
WORK="$(mktemp -d)"
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT

# The log exists before the server starts: the background job opens it only after the fork,
# and the loop below may read it first.
: > "$WORK/server.log"
env -u MOCK_PLATFORM_ADMIN_TOKEN "$BINARY" serve --port 0 --log-level error > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 100); do
  PORT="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$WORK/server.log" | head -1)"
  [[ -n "$PORT" ]] && break
  sleep 0.1
done
[[ -n "${PORT:-}" ]] || { echo "schemathesis.sh: the server did not start: $(cat "$WORK/server.log")" >&2; exit 1; }
BASE="http://127.0.0.1:$PORT"

# Each document starts from a fresh default tenant: what one run leaves (fault rules, settings,
# a changed clock) must not leak into the next. The documents' examples name driver user_123:
# make it exist, so example-driven cases reach it.
prepare() {
  curl -sf -X POST "$BASE/_mock/reset" > /dev/null
  curl -sf -X PUT -H 'Authorization: APIKEY mock-api-key' -H 'Content-Type: application/json' \
    -d '{"country":"USA","state":"AZ","zipcode":"85004"}' "$BASE/iql/v1/driver/user_123/info" > /dev/null
}

SPECS="$(curl -sf "$BASE/_mock/openapi" | python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)["specs"]))')"
total=0
status=0
for seed in $SEEDS; do
  for spec in $SPECS; do
    headers=()
    case "$spec" in
      iql) headers=(-H "Authorization: APIKEY mock-api-key") ;;
      campaigns) headers=(-H "Authorization: Bearer ci") ;;
      loyalty) headers=(-H "Poq-User-Id: member-gold") ;;
    esac
    echo "-- $spec.yaml (seed $seed)"
    prepare
    code=0
    st --config-file .ci/schemathesis.toml run "$BASE/_mock/openapi/$spec.yaml" --url "$BASE" --checks "$CHECKS" \
      --phases examples,coverage,fuzzing,stateful --max-examples "$EXAMPLES" --seed "$seed" \
      --generation-deterministic --request-timeout 10 --suppress-health-check=filter_too_much \
      "${headers[@]}" > "$WORK/$spec.log" 2>&1 || code=$?
    cases="$(sed -n 's/^ *\([0-9][0-9]*\) generated.*/\1/p' "$WORK/$spec.log" | tail -1)"
    summary="$(grep -E '^ *[0-9]+ generated' "$WORK/$spec.log" | tail -1 | sed 's/^ *//')"
    echo "   ${summary:-no cases} (exit $code)"
    total=$((total + ${cases:-0}))
    if [[ $code -ne 0 ]]; then
      status=1
      sed -n '/FAILURES/,$p' "$WORK/$spec.log"
    fi
  done
done
echo "-- $total cases in total (at least $MIN_CASES required)"
if [[ $total -lt $MIN_CASES ]]; then
  echo "schemathesis.sh: only $total cases were generated" >&2
  status=1
fi
exit "$status"
