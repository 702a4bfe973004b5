#!/usr/bin/env bash
# Hot-path benchmark: GET /iql/v1/driver/d1/status on one or more mock-platform binaries, side by
# side in one run, against nginx serving the identical body as a static file, the framework's
# ceiling (bench/ceiling: a bare Hummingbird route answering the same bytes, release build) and,
# with --connexion, a Python OpenAPI mock (connexion 3 mock mode) serving openapi/iql.yaml.
# Then GET /_mock/health on each mock and on the ceiling. Every target gets the same
# `wrk -t1 -c64 -d10s --latency`, one after the other.
#
# With --reads, instead of all that: a table of the apps' reads (listed in READS_SPEC below: IQL,
# loyalty, campaigns, PassKit), each answered by every mock and by the ceiling serving the mock's
# bytes on the same path (GET or POST), with a verdict per read and mock against the targets:
# mean rps >= 0.6x the ceiling's (>= 0.85x for the constant-per-tenant locations and
# supported_state_details), worst p99 <= 5 ms and no non-2xx. Each mock is prepared the same
# way through its control API: scenario new-driver applied, tenant clock advanced 5 days
# (driver-new qualifies and holds the default offer), the sample simple push
# (Resources/samples/campaigns.json) sent to client bench-client, device bench-device registered
# for member-gold's Wallet pass (token and serial read from the pass's pass.json); then the
# first mock's state (GET /_mock/state) is put into the others, so per-server secrets (click
# tokens) and instants match to the millisecond and all give the same bytes (a state document is
# not promised to load on an earlier server: name the oldest binary first). Every read is sent
# with `Host: mock.test`, so the absolute URLs in the ad unit and the offers are the same on
# every target.
#
# Usage: bench/hotpath.sh [--reads [--only NAMES]] [--connexion] [--no-ceiling] [--default-flags] [--duration 10s] [--rounds 1] LABEL=BINARY [LABEL=BINARY ...]
#   --default-flags: start the mocks as users do, with the one-line-per-request log on (its lines
#   go to each mock's log file); without it they run with --log-level error.
#   --reads: only the reads table (needs the ceiling; --connexion and --no-ceiling do not apply).
#   --only NAME[,NAME...]: with --reads, only the named reads (as READS_SPEC names them).
#   e.g. bench/hotpath.sh before=/tmp/mp-before after=.build-release/release/mock-platform
#        bench/hotpath.sh --reads --rounds 3 before=/tmp/mp-before after=.build-release/release/mock-platform
# Run from the repository root. Installs wrk and nginx (apt-get) and connexion (pip) if missing.
set -euo pipefail
DURATION=10s; ROUNDS=1; CONNEXION=0; CEILING=1; READS=0; ONLY=; LOG_FLAGS=(--log-level error); TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --reads) READS=1 ;;
    --connexion) CONNEXION=1 ;;
    --no-ceiling) CEILING=0 ;;
    --default-flags) LOG_FLAGS=() ;;
    --duration) DURATION="$2"; shift ;;
    --rounds) ROUNDS="$2"; shift ;;
    --only) ONLY=",$2,"; shift ;;
    *=*) TARGETS+=("$1") ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("mock=.build-release/release/mock-platform")
if [ "$READS" = 1 ] && { [ "$CONNEXION" = 1 ] || [ "$CEILING" = 0 ]; }; then
  echo "--reads measures the mocks against the ceiling only: drop --connexion and --no-ceiling" >&2; exit 2
fi
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
[ "$READS" = 1 ] || command -v nginx >/dev/null || apt-get install -y nginx-light >/dev/null || { apt-get update >/dev/null && apt-get install -y nginx-light >/dev/null; }
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

# --reads. One read a line: name|method|path|headers (;-separated)|JSON body (POST)|a string
# its answer must hold|least rps ratio to the ceiling. Every read also sends `Host: $READ_HOST`.
JSON='Content-Type: application/json'; MEMBER='Poq-User-Id: member-gold'
READ_HOST=mock.test; CLIENT=bench-client; DEVICE=bench-device; PASS_TYPE=pass.com.example.mock.loyalty
P99_MAX_MS=5
READS_SPEC=(
  "driverStatus|GET|/iql/v1/driver/driver-new/status|$AUTH||\"offer_available\":true|0.6"
  "driverInfo|GET|/iql/v1/driver/driver-new/info|$AUTH||\"state\":\"AZ\"|0.6"
  "adUnit|GET|/iql/v2/ad_unit/driver-new|$AUTH||http://$READ_HOST/iql/v3/ad_unit/|0.6"
  "listOffers|GET|/iql/v1/ads/driver_id/driver-new|$AUTH||http://$READ_HOST/iql/v3/ad_unit/|0.6"
  "locations|GET|/iql/v1/locations|$AUTH||\"state_code\":\"WY\"|0.85"
  "supportedStateDetails|POST|/iql/v1/supported_state_details|$AUTH|{\"country_code\":\"USA\",\"state_code\":\"AZ\",\"current_insurer\":\"Progressive\"}|\"can_receive_offer\":true|0.85"
  "accountContent|GET|/account/v1/content|$MEMBER||\"loyalty\":{|0.6"
  "loyaltySummary|GET|/loyalty/v1/summary|$MEMBER||\"cardNumber\"|0.6"
  "rewards|GET|/loyalty/v1/rewards|$MEMBER||\"rw-2off\"|0.6"
  "activities|GET|/loyalty/v1/activities|$MEMBER||\"ac-review\"|0.6"
  "getPushes|GET|/campaign-backend/campaign/IOS/get-pushes/$CLIENT|Authorization: Bearer bench||\"simple-push\"|0.6"
  "passSerials|GET|/wallet/v1/devices/$DEVICE/registrations/$PASS_TYPE|||\"serialNumbers\":[\"|0.6"
)
declare -A R_METHOD R_PATH R_BODY R_EXPECT R_RATIO R_HEADERS; READ_NAMES=()
for spec in "${READS_SPEC[@]}"; do
  IFS='|' read -r name method path headers body expect ratio <<<"$spec"
  [ -z "$ONLY" ] || [[ "$ONLY" == *",$name,"* ]] || continue
  READ_NAMES+=("$name"); R_METHOD[$name]=$method; R_PATH[$name]=$path; R_HEADERS[$name]=$headers
  R_BODY[$name]=$body; R_EXPECT[$name]=$expect; R_RATIO[$name]=$ratio
done

# The -H arguments of a read, one a line (curl and wrk take the same).
read_headers() { local h x; printf -- '-H\nHost: %s\n' "$READ_HOST"; IFS=';' read -ra h <<<"${R_HEADERS[$1]}"; for x in "${h[@]}"; do [ -n "$x" ] && printf -- '-H\n%s\n' "$x"; done; return 0; }
# Fetches read $1 from base URL $2 into file $3; fails unless it answers 200.
fetch_read() {
  local args code; mapfile -t args < <(read_headers "$1")
  [ "${R_METHOD[$1]}" = POST ] && args+=(-X POST -H "$JSON" --data-binary "${R_BODY[$1]}")
  code=$(curl -sS -o "$3" -w '%{http_code}' "${args[@]}" "$2${R_PATH[$1]}")
  [ "$code" = 200 ] || { echo "$1: $2${R_PATH[$1]} answered $code: $(head -c 300 "$3")" >&2; return 1; }
}
# Prepares a mock's default tenant for the reads (see the header comment).
prepare_reads() {
  local base=$1 campaign token serial
  curl -fsS -o /dev/null -X POST "$base/_mock/scenarios/new-driver/apply"
  curl -fsS -o /dev/null -X POST -H "$JSON" -d '{"advance_seconds": 432000}' "$base/_mock/clock"
  campaign=$(python3 -c 'import json,sys; print(json.dumps({"payload": json.load(open(sys.argv[1]))["simple_push"]}))' Resources/samples/campaigns.json |
    curl -fsS -X POST -H "$JSON" --data-binary @- "$base/_mock/campaigns" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  curl -fsS -o /dev/null -X POST -H "$JSON" -d "{\"client_uuids\": [\"$CLIENT\"]}" "$base/_mock/campaigns/$campaign/send"
  curl -fsS -o "$WORK/pass.pkpass" -H "$MEMBER" "$base/loyalty/v1/wallet-pass?passId=$PASS_TYPE"
  read -r token serial < <(python3 -c 'import json,sys,zipfile; p=json.loads(zipfile.ZipFile(sys.argv[1]).read("pass.json")); print(p["authenticationToken"], p["serialNumber"])' "$WORK/pass.pkpass")
  curl -fsS -o /dev/null -X POST -H "$JSON" -H "Authorization: ApplePass $token" -d "{\"pushToken\": \"$(printf 'ab%.0s' $(seq 32))\"}" \
    "$base/wallet/v1/devices/$DEVICE/registrations/$PASS_TYPE/$serial"
}
# p99 etc. in wrk's units (us, ms, s) to milliseconds.
WRK_MS='function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v + 0 }'

run_reads() {
  local label bin port first name target round out rps p50 p99 non2xx args ceiling_routes=()
  declare -A BASE; local ORDER=()
  for t in "${TARGETS[@]}"; do
    label=${t%%=*}; bin=${t#*=}; port=$(free_port)
    "$bin" serve --port "$port" "${LOG_FLAGS[@]}" --data-dir "$WORK/$label.data" >"$WORK/$label.log" 2>&1 & PIDS+=($!)
    wait_http "http://127.0.0.1:$port/_mock/ready"
    BASE[$label]="http://127.0.0.1:$port"; ORDER+=("$label")
    prepare_reads "${BASE[$label]}"
  done
  first=${ORDER[0]}
  curl -fsS -o "$WORK/state.json" "${BASE[$first]}/_mock/state"
  for label in "${ORDER[@]:1}"; do
    curl -fsS -o /dev/null -X PUT -H "$JSON" --data-binary @"$WORK/state.json" "${BASE[$label]}/_mock/state" ||
      { echo "$label refused $first's state (GET /_mock/state): name the oldest binary first" >&2; exit 1; }
  done
  mkdir -p "$WORK/reads"
  for name in "${READ_NAMES[@]}"; do
    for label in "${ORDER[@]}"; do
      fetch_read "$name" "${BASE[$label]}" "$WORK/reads/$name.$label"
      cmp -s "$WORK/reads/$name.$first" "$WORK/reads/$name.$label" ||
        { echo "$name: bodies differ: $first vs $label" >&2; diff <(cat "$WORK/reads/$name.$first"; echo) <(cat "$WORK/reads/$name.$label"; echo) >&2; exit 1; }
    done
    grep -qF -- "${R_EXPECT[$name]}" "$WORK/reads/$name.$first" ||
      { echo "$name: the answer lacks ${R_EXPECT[$name]}: $(head -c 300 "$WORK/reads/$name.$first")" >&2; exit 1; }
    echo "$name: ${R_METHOD[$name]} ${R_PATH[$name]} -> 200, $(wc -c <"$WORK/reads/$name.$first") bytes"
    ceiling_routes+=(--route "${R_PATH[$name]}=$WORK/reads/$name.$first")
    if [ "${R_METHOD[$name]}" = POST ]; then
      printf 'wrk.method = "POST"\nwrk.body = [==[%s]==]\nwrk.headers["Content-Type"] = "application/json"\n' "${R_BODY[$name]}" >"$WORK/reads/$name.lua"
    fi
  done
  port=$(free_port)
  "$CEILING_BIN" --port "$port" "${ceiling_routes[@]}" >"$WORK/ceiling.log" 2>&1 & PIDS+=($!)
  BASE[ceiling]="http://127.0.0.1:$port"
  wait_http "${BASE[ceiling]}${R_PATH[${READ_NAMES[0]}]}"
  for name in "${READ_NAMES[@]}"; do
    fetch_read "$name" "${BASE[ceiling]}" "$WORK/reads/$name.ceiling"
    cmp -s "$WORK/reads/$name.$first" "$WORK/reads/$name.ceiling" || { echo "$name: the ceiling's body differs" >&2; exit 1; }
  done

  echo "date: $(date -u +%F\ %T) UTC; host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "reads: wrk -t1 -c64 -d$DURATION --latency -H 'Host: $READ_HOST' + the read's headers (POST: a wrk script with its body) URL; rounds: $ROUNDS"
  printf '%-22s %-12s %5s %10s %9s %9s\n' read target round rps p50 p99
  for round in $(seq 1 "$ROUNDS"); do
    for name in "${READ_NAMES[@]}"; do
      for target in ceiling "${ORDER[@]}"; do
        mapfile -t args < <(read_headers "$name")
        [ "${R_METHOD[$name]}" = POST ] && args+=(-s "$WORK/reads/$name.lua")
        out=$(wrk -t1 -c64 -d"$DURATION" --latency "${args[@]}" "${BASE[$target]}${R_PATH[$name]}")
        rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
        p50=$(awk '$1=="50%" {print $2}' <<<"$out"); p99=$(awk '$1=="99%" {print $2}' <<<"$out")
        non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
        printf '%-22s %-12s %5s %10s %9s %9s %s\n' "$name" "$target" "$round" "$rps" "$p50" "$p99" "${non2xx:+non-2xx: $non2xx}"
        echo "$name $target $round $rps $p50 $p99 ${non2xx:-0} ${R_RATIO[$name]}" >>"$WORK/reads-rps"
      done
    done
  done
  echo
  echo "mean rps, ratio to the ceiling's, median and worst p99 over the rounds; verdict (on the worst): rps >= 0.6x the ceiling's (0.85x for locations and supportedStateDetails), p99 <= ${P99_MAX_MS} ms, no non-2xx"
  awk -v max="$P99_MAX_MS" "$WRK_MS"'
    { k = $1 SUBSEP $2; if (!(k in n)) { keys[++nk] = k; read[k] = $1; target[k] = $2; want[k] = $8 + 0 }
      n[k]++; s[k] += $4; p = ms($6); if (p > worst[k]) worst[k] = p; bad[k] += $7; p99[k, n[k]] = p }
    END {
      printf "%-22s %-12s %10s %9s %10s %9s %8s  %s\n", "read", "target", "mean rps", "xceiling", "median p99", "worst p99", "non-2xx", "verdict"
      for (i = 1; i <= nk; i++) {
        k = keys[i]; m = s[k] / n[k]; c = read[k] SUBSEP "ceiling"; r = m / (s[c] / n[c]); v = ""
        # The median of the rounds p99s (insertion sort: a handful of rounds).
        for (a = 1; a <= n[k]; a++) sorted[a] = p99[k, a]
        for (a = 2; a <= n[k]; a++) { x = sorted[a]; for (b = a - 1; b >= 1 && sorted[b] > x; b--) sorted[b + 1] = sorted[b]; sorted[b + 1] = x }
        med = (n[k] % 2) ? sorted[(n[k] + 1) / 2] : (sorted[n[k] / 2] + sorted[n[k] / 2 + 1]) / 2

        if (target[k] != "ceiling") {
          if (r < want[k]) v = v sprintf("; ratio %.3f < %s", r, want[k])
          if (worst[k] > max) v = v sprintf("; p99 %.2fms > %sms", worst[k], max)
          if (bad[k] > 0) v = v sprintf("; %d non-2xx", bad[k])
          v = (v == "") ? "ok" : "MISS (" substr(v, 3) ")"; if (v != "ok") misses++; else hits++
        }
        printf "%-22s %-12s %10.0f %9.3f %8.2fms %7.2fms %8d  %s\n", read[k], target[k], m, r, med, worst[k], bad[k], v
      }
      printf "verdict: %d of %d read x mock pairs meet the targets, %d MISS\n", hits, hits + misses, misses
    }' "$WORK/reads-rps"
}

if [ "$READS" = 1 ]; then run_reads; exit 0; fi

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
