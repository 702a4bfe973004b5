#!/usr/bin/env bash
# An app team's CI job with no container engine: unpack the release tarball, start the mock in
# the background, wait until it is ready, run the tests, stop it. No Swift needed.
#
#   bash plain-job.sh mock-platform-1.0.0-linux-x86_64.tar.gz [port]
#
# (The repository's CI runs this very script in a bare Debian root file system.)
set -euo pipefail
TARBALL=$1
PORT=${2:-8080}
DIR=$(mktemp -d)
tar -C "$DIR" -xzf "$TARBALL"
MOCK_BIN=$(echo "$DIR"/mock-platform-*/mock-platform)
"$MOCK_BIN" serve --port "$PORT" --quiet &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$DIR"' EXIT
"$MOCK_BIN" wait --server "http://127.0.0.1:$PORT" --timeout 60s
export MOCK="http://127.0.0.1:$PORT"

# Your tests go here; this one asks the mock's IQL API for its supported states.
curl -fsS -H 'Authorization: APIKEY mock-api-key' "$MOCK/iql/v1/locations" > /dev/null
echo "plain-job: the tests ran against $MOCK"
