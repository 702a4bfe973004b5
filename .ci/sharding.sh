#!/usr/bin/env bash
# Proves docker/compose.sharded.yaml's layout without a Docker engine: nginx from the
# distribution in front of three mock-platform processes, with the nginx config taken from
# docker/nginx.sharded.conf (the file compose mounts; only its upstream addresses and listen
# port are rewritten to local ones), each process with --persist in a data dir of its own.
#   1. the upstream names in the config are the compose file's services, and compose mounts it;
#   2. twenty tenants' writes are read back through the balancer on every request (affinity);
#   3. the twenty land on at least two replicas, and each replica's /_mock/tenants holds only its
#      own (besides `default`, which every process has);
#   4. stopping the replica with the most tenants moves only its tenants: theirs now answer from
#      another replica (fresh), everyone else's still answer as written;
#   5. started again on its data dir, the replica gets its tenants back, and the balancer sends
#      their requests to it again (persisted state answers).
# Any failure ends the script non-zero with a line starting "sharding: FAIL".
#
#   MOCK_PLATFORM_BINARY=.build/debug/mock-platform bash .ci/sharding.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BINARY=${MOCK_PLATFORM_BINARY:-.build/debug/mock-platform}
CONF=docker/nginx.sharded.conf
COMPOSE=docker/compose.sharded.yaml
fail() { echo "sharding: FAIL $*" >&2; exit 1; }
[ -x "$BINARY" ] || fail "$BINARY is missing: build it first (swift build)"
command -v nginx >/dev/null || command -v /usr/sbin/nginx >/dev/null || {
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq nginx-light >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null 2>&1; } \
    || apt-get install -y -qq nginx >/dev/null
}
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

mapfile -t UPSTREAMS < <(sed -n 's/^ *server \([a-z0-9-]*\):8080 .*/\1/p' "$CONF")
[ ${#UPSTREAMS[@]} -eq 3 ] || fail "$CONF names ${#UPSTREAMS[@]} upstream servers, not 3"
for name in "${UPSTREAMS[@]}"; do
  grep -q "^  $name:$" "$COMPOSE" || fail "$CONF's upstream $name is not a service of $COMPOSE"
done
grep -q "\./nginx.sharded.conf:/etc/nginx/nginx.conf" "$COMPOSE" || fail "$COMPOSE does not mount $CONF"

WORK=$(mktemp -d); PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_ready() { for _ in $(seq 1 600); do curl -fs -o /dev/null "$1/_mock/ready" && return 0; sleep 0.05; done; fail "not ready: $1"; }

declare -A PORT
start_replica() {  # name: starts it on its port and data dir, records its pid in $WORK/<name>.pid
  "$BINARY" serve --port "${PORT[$1]}" --persist --persist-interval 200ms --data-dir "$WORK/$1" --quiet \
    >"$WORK/$1.log" 2>&1 &
  echo $! >"$WORK/$1.pid"; PIDS+=($!)
  wait_ready "http://127.0.0.1:${PORT[$1]}"
}
SEDS=()
for name in "${UPSTREAMS[@]}"; do
  PORT[$name]=$(free_port)
  start_replica "$name"
  SEDS+=(-e "s/server $name:8080 /server 127.0.0.1:${PORT[$name]} /")
done
BALANCER=$(free_port)
sed "${SEDS[@]}" -e "s/listen 8080;/listen 127.0.0.1:$BALANCER;/" -e "s|^pid .*|pid $WORK/nginx.pid;|" \
  -e "s|/tmp/mock-sharded-nginx-|$WORK/nginx-|" "$CONF" >"$WORK/nginx.conf"
if grep -q ':8080 ' "$WORK/nginx.conf"; then fail "an upstream of $CONF was not rewritten"; fi
"$NGINX" -t -q -c "$WORK/nginx.conf" -p "$WORK" || fail "nginx refuses the config"
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK" -g 'daemon off;' 2>"$WORK/nginx.log" & PIDS+=($!)
wait_ready "http://127.0.0.1:$BALANCER"

export BALANCER WORK BINARY
export REPLICAS=$(for name in "${UPSTREAMS[@]}"; do printf '%s=%s ' "$name" "${PORT[$name]}"; done)
python3 - <<'PY' || fail "see above"
import json, os, signal, subprocess, sys, time, urllib.error, urllib.request

balancer = f"http://127.0.0.1:{os.environ['BALANCER']}"
replicas = dict(item.split("=") for item in os.environ["REPLICAS"].split())
work, binary = os.environ["WORK"], os.environ["BINARY"]
auth = {"Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"}

def call(method, url, body=None):
    request = urllib.request.Request(url, method=method, headers=auth, data=body and json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, json.loads(reply.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None

def check(condition, message):
    if not condition:
        print(f"sharding: FAIL {message}", file=sys.stderr)
        sys.exit(1)

def state_of(tenant):
    status, body = call("GET", f"{balancer}/t/{tenant}/iql/v1/driver/d1/info")
    return (body or {}).get("state") if status == 200 else status

def held(name):
    status, body = call("GET", f"http://127.0.0.1:{replicas[name]}/_mock/tenants")
    check(status == 200, f"{name} /_mock/tenants answered {status}")
    return {t["name"] for t in body["tenants"]} - {"default"}

tenants = [f"shard-{n:02d}" for n in range(20)]
states = ["AZ", "TX", "OH", "IL"]
for index, tenant in enumerate(tenants):
    status, _ = call("PUT", f"{balancer}/t/{tenant}/iql/v1/driver/d1/info", {"country": "USA", "state": states[index % 4]})
    check(status == 200, f"PUT for {tenant} answered {status}")
for round in range(5):
    for index, tenant in enumerate(tenants):
        check(state_of(tenant) == states[index % 4], f"{tenant} read back {state_of(tenant)} on round {round}: no affinity")
print(f"sharding: 20 tenants read back their writes through the balancer, 5 times each")

placement = {name: held(name) for name in replicas}
every = [t for names in placement.values() for t in names]
check(sorted(every) == tenants, f"each tenant on exactly one replica: {placement}")
used = [name for name, names in placement.items() if names]
check(len(used) >= 2, f"the tenants land on {len(used)} replica(s): {placement}")
print("sharding: placement " + ", ".join(f"{name} {len(names)}" for name, names in placement.items()))

victim = max(placement, key=lambda name: len(placement[name]))
moved, stayed = placement[victim], set(tenants) - placement[victim]
pid = int(open(f"{work}/{victim}.pid").read())
os.kill(pid, signal.SIGTERM)
for _ in range(200):
    try:
        os.kill(pid, 0)
        time.sleep(0.05)
    except ProcessLookupError:
        break
check(os.path.exists(f"{work}/{victim}/state"), f"{victim} wrote no state on its stop")
for index, tenant in enumerate(tenants):
    if tenant in moved:
        check(state_of(tenant) == 404, f"{tenant} of stopped {victim} still answers as written")
    else:
        check(state_of(tenant) == states[index % 4], f"{tenant}, not {victim}'s, moved: {state_of(tenant)}")
print(f"sharding: stopping {victim} moved only its {len(moved)} tenant(s)")

log = open(f"{work}/{victim}.restart.log", "w")
restarted = subprocess.Popen([binary, "serve", "--port", replicas[victim], "--persist", "--persist-interval", "200ms",
                              "--data-dir", f"{work}/{victim}", "--quiet"], stdout=log, stderr=log)
try:
    deadline = time.time() + 30
    while time.time() < deadline:
        back = [t for t in sorted(moved) if state_of(t) == states[tenants.index(t) % 4]]
        if len(back) == len(moved):
            break
        time.sleep(0.25)
    check(len(back) == len(moved), f"{victim} restarted, but only {back} of {sorted(moved)} came back")
    check(held(victim) >= moved, f"{victim} does not hold its tenants again")
    print(f"sharding: {victim} started again with its {len(moved)} tenant(s) restored, and the balancer sends them to it")
finally:
    restarted.terminate()
    restarted.wait(10)
PY
echo "sharding: OK"
