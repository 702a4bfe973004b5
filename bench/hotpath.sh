#!/usr/bin/env bash
# Hot-path benchmark: GET /iql/v1/driver/d1/status on one or more mock-platform binaries, side by
# side in one run, against nginx serving the identical body as a static file, the framework's
# ceiling (bench/ceiling: a bare Hummingbird route answering the same bytes, release build) and,
# with --connexion, a Python OpenAPI mock (connexion 3 mock mode) serving openapi/iql.yaml.
# Then GET /_mock/health on each mock and on the ceiling. Every target gets the same
# `wrk -t1 -c64 -d10s --latency`, one after the other.
#
# Usage: bench/hotpath.sh [--connexion] [--no-ceiling] [--default-flags] [--duration 10s] [--rounds 1] LABEL=BINARY [LABEL=BINARY ...]
#   --default-flags: start the mocks as users do, with the one-line-per-request log on (its lines
#   go to each mock's log file); without it they run with --log-level error.
#   e.g. bench/hotpath.sh before=/tmp/mp-before after=.build-release/release/mock-platform
# Run from the repository root. Installs wrk and nginx (apt-get) and connexion (pip) if missing.
set -euo pipefail
DURATION=10s; ROUNDS=1; CONNEXION=0; CEILING=1; LOG_FLAGS=(--log-level error); TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --connexion) CONNEXION=1 ;;
    --no-ceiling) CEILING=0 ;;
    --default-flags) LOG_FLAGS=() ;;
    --duration) DURATION="$2"; shift ;;
    --rounds) ROUNDS="$2"; shift ;;
    *=*) TARGETS+=("$1") ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("mock=.build-release/release/mock-platform")
for t in "${TARGETS[@]}"; do
  bin=${t#*=}
  [ -x "$bin" ] || { echo "$bin is missing: build it first with \`swift build -c release --product mock-platform --scratch-path .build-release\` (benchmarks measure release builds)" >&2; exit 2; }
done
CEILING_BIN=.build-ceiling/release/Ceiling
if [ "$CEILING" = 1 ] && [ ! -x "$CEILING_BIN" ]; then
  echo "building the ceiling: swift build -c release --package-path bench/ceiling --scratch-path .build-ceiling" >&2
  swift build -c release --package-path bench/ceiling --scratch-path .build-ceiling >&2
fi
command -v wrk >/dev/null || apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
command -v nginx >/dev/null || apt-get install -y nginx-light >/dev/null || { apt-get update >/dev/null && apt-get install -y nginx-light >/dev/null; }
if [ "$CONNEXION" = 1 ] && ! python3 -c 'import connexion, uvicorn' 2>/dev/null; then
  pip install -q 'connexion[flask,uvicorn]' >/dev/null
fi

WORK=$(mktemp -d); PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() { for _ in $(seq 1 500); do curl -fs -o /dev/null "$1" && return 0; sleep 0.02; done; echo "not up: $1" >&2; return 1; }
AUTH='Authorization: APIKEY mock-api-key'
PATH_STATUS=/iql/v1/driver/d1/status

declare -A URL HEALTH
for t in "${TARGETS[@]}"; do
  label=${t%%=*}; bin=${t#*=}; port=$(free_port)
  "$bin" serve --port "$port" "${LOG_FLAGS[@]}" --data-dir "$WORK/$label.data" >"$WORK/$label.log" 2>&1 & PIDS+=($!)
  wait_http "http://127.0.0.1:$port/_mock/ready"
  curl -fs -o /dev/null -X PUT -H "$AUTH" -H 'Content-Type: application/json' \
    -d '{"country":"USA","state":"AZ"}' "http://127.0.0.1:$port/iql/v1/driver/d1/info"
  curl -fs -H "$AUTH" "http://127.0.0.1:$port$PATH_STATUS" >"$WORK/$label.body"
  URL[$label]="http://127.0.0.1:$port$PATH_STATUS"
done
first=${TARGETS[0]%%=*}
for t in "${TARGETS[@]}"; do
  cmp -s "$WORK/$first.body" "$WORK/${t%%=*}.body" || { echo "bodies differ: $first vs ${t%%=*}" >&2; exit 1; }
done
echo "body ($(wc -c <"$WORK/$first.body") bytes): $(cat "$WORK/$first.body")"
curl -fs "${URL[$first]%$PATH_STATUS}/_mock/health" >"$WORK/health.body"

# nginx: the same bytes, same content type, as a static file.
mkdir -p "$WORK/www/iql/v1/driver/d1"; cp "$WORK/$first.body" "$WORK/www/iql/v1/driver/d1/status"
chmod -R a+rX "$WORK"  # nginx workers run as an unprivileged user
NPORT=$(free_port)
cat >"$WORK/nginx.conf" <<NGINX
worker_processes 1; pid $WORK/nginx.pid; error_log $WORK/nginx.err; daemon on;
events { worker_connections 1024; }
http { access_log off; default_type application/json; keepalive_requests 1000000;
  server { listen 127.0.0.1:$NPORT; root $WORK/www; } }
NGINX
nginx -c "$WORK/nginx.conf" -p "$WORK"
wait_http "http://127.0.0.1:$NPORT$PATH_STATUS"
ORDER=(nginx); URL[nginx]="http://127.0.0.1:$NPORT$PATH_STATUS"
HEALTH_ORDER=()
if [ "$CEILING" = 1 ]; then
  HPORT=$(free_port)
  "$CEILING_BIN" --port "$HPORT" --route "$PATH_STATUS=$WORK/$first.body" --route "/_mock/health=$WORK/health.body" \
    >"$WORK/ceiling.log" 2>&1 & PIDS+=($!)
  wait_http "http://127.0.0.1:$HPORT/_mock/health"
  curl -fs "http://127.0.0.1:$HPORT$PATH_STATUS" | cmp -s - "$WORK/$first.body" || { echo "the ceiling's body differs" >&2; exit 1; }
  ORDER+=(hummingbird); URL[hummingbird]="http://127.0.0.1:$HPORT$PATH_STATUS"
  HEALTH_ORDER+=(hummingbird); HEALTH[hummingbird]="http://127.0.0.1:$HPORT/_mock/health"
fi
for t in "${TARGETS[@]}"; do
  ORDER+=("${t%%=*}"); HEALTH_ORDER+=("${t%%=*}"); HEALTH[${t%%=*}]="${URL[${t%%=*}]%$PATH_STATUS}/_mock/health"
done

if [ "$CONNEXION" = 1 ]; then
  CPORT=$(free_port)
  python3 "$(dirname "$0")/connexion_mock.py" --port "$CPORT" --spec openapi/iql.yaml >"$WORK/connexion.log" 2>&1 & PIDS+=($!)
  wait_http "http://127.0.0.1:$CPORT/_connexion_ready" || { cat "$WORK/connexion.log" >&2; exit 1; }
  curl -s -H "$AUTH" "http://127.0.0.1:$CPORT$PATH_STATUS" >"$WORK/connexion.body"; echo
  echo "connexion body: $(head -c 300 "$WORK/connexion.body")"
  ORDER+=(connexion); URL[connexion]="http://127.0.0.1:$CPORT$PATH_STATUS"
fi

echo "date: $(date -u +%F\ %T) UTC; host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk -t1 -c64 -d$DURATION --latency -H '$AUTH' URL; rounds: $ROUNDS"
printf '%-12s %5s %10s %9s %9s\n' target round rps p50 p99
for round in $(seq 1 "$ROUNDS"); do
  for name in "${ORDER[@]}"; do
    out=$(wrk -t1 -c64 -d"$DURATION" --latency -H "$AUTH" "${URL[$name]}")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p50=$(awk '$1=="50%" {print $2}' <<<"$out"); p99=$(awk '$1=="99%" {print $2}' <<<"$out")
    non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
    printf '%-12s %5s %10s %9s %9s %s\n' "$name" "$round" "$rps" "$p50" "$p99" "${non2xx:+non-2xx: $non2xx}"
    echo "$name $round $rps" >>"$WORK/rps"
  done
done
echo "ratio of mean rps to nginx's and to the bare-Hummingbird ceiling's:"
awk '{s[$1]+=$3; n[$1]++} END {for (k in s) m[k]=s[k]/n[k]; for (k in m) printf "  %-12s %8.0f rps  %.3fx nginx%s%s\n", k, m[k], m[k]/m["nginx"], ("hummingbird" in m) ? sprintf("  %.3fx ceiling", m[k]/m["hummingbird"]) : "", ("connexion" in m && k!="connexion" && k!="nginx") ? sprintf("  %.1fx connexion", m[k]/m["connexion"]) : ""}' "$WORK/rps"

echo "GET /_mock/health: wrk -t1 -c64 -d$DURATION --latency URL"
printf '%-12s %5s %10s %9s %9s\n' target round rps p50 p99
for round in $(seq 1 "$ROUNDS"); do
  for name in "${HEALTH_ORDER[@]}"; do
    out=$(wrk -t1 -c64 -d"$DURATION" --latency "${HEALTH[$name]}")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p50=$(awk '$1=="50%" {print $2}' <<<"$out"); p99=$(awk '$1=="99%" {print $2}' <<<"$out")
    printf '%-12s %5s %10s %9s %9s\n' "$name" "$round" "$rps" "$p50" "$p99"
    echo "$name $round $rps" >>"$WORK/health-rps"
  done
done
echo "health, ratio of mean rps to the ceiling's:"
awk '{s[$1]+=$3; n[$1]++} END {for (k in s) m[k]=s[k]/n[k]; for (k in m) printf "  %-12s %8.0f rps%s\n", k, m[k], ("hummingbird" in m) ? sprintf("  %.3fx ceiling", m[k]/m["hummingbird"]) : ""}' "$WORK/health-rps"
