#!/usr/bin/env bash
# The generated-client example (issue 11): builds examples/iql-client, whose client
# swift-openapi-generator generates from openapi/iql.yaml, starts mock-platform on a free port and
# runs the example's iql-publisher-demo (onboarding → mock trips → qualification → offer) against
# it. Exits with the demo's status.
#
# The server binary is $MOCK_PLATFORM_BINARY, else the main package's .build/debug/mock-platform
# (`swift build --product mock-platform` first). It runs from the repository root, so it loads
# Resources/fixtures, with no MOCK_PLATFORM_* setting of the caller's environment.
set -euo pipefail
cd "$(dirname "$0")/.."

READY_TIMEOUT=60   # seconds for the server to print its listening line
DEMO_TIMEOUT=120   # seconds for the whole demo flow
STOP_TIMEOUT=10    # seconds for the server to stop on SIGTERM before SIGKILL

binary="${MOCK_PLATFORM_BINARY:-.build/debug/mock-platform}"
if [ ! -x "$binary" ]; then
  echo "generated-client: $binary is missing: run 'swift build --product mock-platform' or set MOCK_PLATFORM_BINARY" >&2
  exit 1
fi

echo "== generated client: swift build --package-path examples/iql-client"
swift build --package-path examples/iql-client
demo="$(swift build --package-path examples/iql-client --show-bin-path)/iql-publisher-demo"

workdir="$(mktemp -d)"
server_log="$workdir/server.log"
server_pid=""

stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 $((STOP_TIMEOUT * 10))); do
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$server_pid" 2>/dev/null; then
      echo "generated-client: server did not stop within ${STOP_TIMEOUT} s; killing it" >&2
      kill -KILL "$server_pid" 2>/dev/null || true
    fi
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
cleanup() {
  stop_server
  rm -rf "$workdir"
}
trap cleanup EXIT

echo "== generated client: start $binary serve --port 0"
# Only the flags given here: strip every MOCK_PLATFORM_* variable (public URL, host, keys, ...).
unset_args=()
while IFS= read -r name; do
  unset_args+=(-u "$name")
done < <(compgen -e | grep '^MOCK_PLATFORM_' || true)
# The log exists before the server starts: the background job opens it only after the fork,
# and the loop below may read it first.
: >"$server_log"
env ${unset_args[@]+"${unset_args[@]}"} "$binary" serve --host 127.0.0.1 --port 0 --log-level warning \
  >"$server_log" 2>&1 </dev/null &
server_pid=$!

port=""
for _ in $(seq 1 $((READY_TIMEOUT * 10))); do
  port="$(sed -n 's|^mock-platform listening on http://127\.0\.0\.1:\([0-9][0-9]*\).*|\1|p' "$server_log" | head -n 1)"
  [ -n "$port" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "generated-client: mock-platform exited before it was ready:" >&2
    cat "$server_log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "generated-client: mock-platform did not report ready within ${READY_TIMEOUT} s:" >&2
  cat "$server_log" >&2
  exit 1
fi
echo "mock-platform listening on http://127.0.0.1:$port"

echo "== generated client: iql-publisher-demo http://127.0.0.1:$port"
status=0
IQL_API_KEY=mock-api-key timeout --kill-after=5 "$DEMO_TIMEOUT" "$demo" "http://127.0.0.1:$port" || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "generated-client: iql-publisher-demo did not finish within ${DEMO_TIMEOUT} s" >&2
fi

stop_server
if [ "$status" -ne 0 ]; then
  echo "generated-client: FAILED (iql-publisher-demo exited $status); server output:" >&2
  cat "$server_log" >&2
else
  echo "generated-client: passed"
fi
exit "$status"
