#!/usr/bin/env bash
# Builds docker/Dockerfile into a real image with podman and runs it as a user would; then runs
# docker/compose.yaml (mock + webhook receiver) with podman-compose. Needs root, podman, runc,
# mmdebstrap and podman-compose (.ci/run installs them), and the release build that
# .ci/image-layout.sh made (.build-release). Each check prints what it proved; any failure ends
# the script non-zero with a line starting "image: FAIL".
#
#   1. a Debian bookworm base from Debian's packages (mmdebstrap; no registry is reachable here),
#      imported as localhost/mock-platform-base:bookworm;
#   2. the image, built from docker/Dockerfile itself: the runtime stage on that base
#      (--build-arg BASE), the build stage replaced by CI's release build laid out as its /build
#      (--build-context build=…), exactly the paths the file's `COPY --from=build` lines name;
#   3. the container with `-p` and a volume for --persist: the HEALTHCHECK's own command passes,
#      the README's first calls answer, it runs as the image's non-root user;
#   4. `podman stop` ends it within 10 s; a new container on the same volume has the driver the
#      first one stored (--persist);
#   5. docker/compose.yaml up with podman-compose, images built from the same files: one event
#      triggered on the mock reaches the receiver, which verifies its signature;
#   6. deploy/mock-platform.yaml played with `podman kube play`, answering through its port;
#   7. scripts/release.sh's tarball, unpacked and run in the bare base (no Swift).
#
#   bash .ci/image.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "image: FAIL: $*" >&2; exit 1; }
note() { echo "image: $*"; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/image.XXXXXX")
export CONTAINERS_CONF="$WORK/containers.conf"
# podman's default ulimits are refused here (setrlimit RLIMIT_NOFILE); crun refuses the
# machine's cgroups ("hybrid mode"), runc with the cgroupfs manager does not. In the file every
# podman reads, podman-compose's included.
printf '[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n' > "$CONTAINERS_CONF"
BASE=localhost/mock-platform-base:bookworm
IMAGE=localhost/mock-platform:ci
NAME=mock-platform-ci
VOLUME=mock-platform-ci-data
PORT=${IMAGE_PORT:-18080}

cleanup() {
  [[ -f "$WORK/kube.yaml" ]] && podman kube down "$WORK/kube.yaml" >/dev/null 2>&1 || true
  podman rm -f "$NAME" >/dev/null 2>&1 || true
  (cd docker && podman-compose -f compose.yaml down -v >/dev/null 2>&1) || true
  podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
cleanup_before() { podman rm -f "$NAME" >/dev/null 2>&1 || true; podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true; }
cleanup_before

command -v mmdebstrap >/dev/null || fail "mmdebstrap is needed: apt-get install podman runc mmdebstrap podman-compose"
[[ -x .build-release/release/mock-platform ]] || fail "no release build: run .ci/image-layout.sh first"

# --- 1. the base ------------------------------------------------------------------------------
started=$SECONDS
if ! podman image exists "$BASE"; then
  mmdebstrap --quiet --variant=minbase --include=ca-certificates,curl,python3 bookworm "$WORK/base.tar" \
    || fail "mmdebstrap could not make the bookworm base"
  podman import --quiet "$WORK/base.tar" "$BASE" >/dev/null
  rm -f "$WORK/base.tar"
fi
note "base $BASE: Debian bookworm from Debian's packages ($((SECONDS - started)) s)"

# --- 2. the image -------------------------------------------------------------------------------
# The build stage's /build, as the runtime stage copies from it: each `COPY --from=build` source.
# (`--format docker`: the OCI format has no HEALTHCHECK.)
STAGE="$WORK/build-stage"
mapfile -t SOURCES < <(sed -n 's#^COPY --from=build /build/\([^ ]*\) .*#\1#p' docker/Dockerfile)
[[ ${#SOURCES[@]} -gt 0 ]] || fail "docker/Dockerfile has no COPY --from=build /build/... lines"
for source in "${SOURCES[@]}"; do
  [[ -e "$source" ]] || fail "docker/Dockerfile copies /build/$source, which CI's build does not have"
  mkdir -p "$STAGE/build/$(dirname "$source")"
  cp -a --dereference "$source" "$STAGE/build/$source"
done
mkdir -p "$WORK/context"
started=$SECONDS
podman build --quiet --format docker --isolation chroot --build-arg "BASE=$BASE" --build-context "build=$STAGE" \
  -f docker/Dockerfile -t "$IMAGE" "$WORK/context" > "$WORK/build.log" 2>&1 \
  || { tail -n 30 "$WORK/build.log" >&2; fail "podman build of docker/Dockerfile failed"; }
note "built $IMAGE from docker/Dockerfile on $BASE in $((SECONDS - started)) s, copying ${#SOURCES[@]} paths from CI's release build"

# --- 3. run it as a user would ------------------------------------------------------------------
run_container() {
  # (podman's complaints that no systemd runs its health-check timers go to the log: the
  # checks below run the HEALTHCHECK command themselves.)
  podman run -d --name "$NAME" -p "127.0.0.1:$PORT:8080" -v "$VOLUME:/app/.mock-platform" \
    -e MOCK_PLATFORM_PERSIST=true -e MOCK_PLATFORM_PERSIST_INTERVAL=1s "$IMAGE" >/dev/null 2>>"$WORK/podman.log" \
    || { cat "$WORK/podman.log" >&2; fail "podman run failed"; }
}
wait_healthy() {
  local deadline=$((SECONDS + 60))
  until podman healthcheck run "$NAME" >/dev/null 2>&1; do
    if [[ $(podman inspect "$NAME" --format '{{.State.Running}}' 2>/dev/null) != true ]]; then
      podman logs "$NAME" >&2 || true
      fail "the container stopped before its HEALTHCHECK passed"
    fi
    [[ $SECONDS -lt $deadline ]] || { podman logs "$NAME" >&2 || true; fail "the HEALTHCHECK did not pass within 60 s"; }
    sleep 0.5
  done
}
run_container
started=$SECONDS
wait_healthy
note "the image's HEALTHCHECK command passes ($((SECONDS - started)) s after start)"
BASE_URL="http://127.0.0.1:$PORT"
ready=$(curl -sf "$BASE_URL/_mock/ready") || fail "/_mock/ready did not answer through -p"
[[ "$ready" == '{"status":"ready"}' ]] || fail "/_mock/ready answered $ready"
locations=$(curl -sf -H 'Authorization: APIKEY mock-api-key' "$BASE_URL/iql/v1/locations") || fail "/iql/v1/locations did not answer"
[[ "$locations" == '{"countries":[{"country_code":"USA","states":['* ]] || fail "/iql/v1/locations answered $locations"
note "the README's first calls answer through -p: /_mock/ready $ready, /iql/v1/locations ${locations:0:60}…"
uid=$(podman exec "$NAME" id -u) || fail "podman exec id failed"
[[ "$uid" != 0 ]] || fail "the server runs as root"
note "the server runs as uid $uid ($(podman exec "$NAME" id -un)), not root"

status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H 'Authorization: APIKEY mock-api-key' -H 'Content-Type: application/json' \
  -d '{"country":"USA","state":"AZ","zipcode":"85004","insurer":"Progressive"}' "$BASE_URL/iql/v1/driver/kept-driver/info")
[[ "$status" == 200 ]] || fail "driverInfo PUT answered $status"

# --- 4. stop, and --persist on the volume -------------------------------------------------------
started=$SECONDS
podman stop -t 10 "$NAME" >/dev/null 2>>"$WORK/podman.log" || { cat "$WORK/podman.log" >&2; fail "podman stop failed"; }
stopped=$((SECONDS - started))
[[ $stopped -lt 10 ]] || fail "podman stop took ${stopped} s: the server did not end on SIGTERM"
code=$(podman inspect "$NAME" --format '{{.State.ExitCode}}')
[[ "$code" == 0 ]] || { podman logs "$NAME" >&2 || true; fail "the server exited $code on SIGTERM"; }
note "podman stop ended it in ${stopped} s, exit 0"
podman rm "$NAME" >/dev/null 2>>"$WORK/podman.log"
run_container
wait_healthy
# --persist reads the saved tenants in behind the listening server: ready once they are in.
deadline=$((SECONDS + 60))
until curl -sf "$BASE_URL/_mock/ready" >/dev/null 2>&1; do
  [[ $SECONDS -lt $deadline ]] || fail "/_mock/ready did not answer 200 within 60 s of the restart"
  sleep 0.2
done
info=$(curl -sf -H 'Authorization: APIKEY mock-api-key' "$BASE_URL/iql/v1/driver/kept-driver/info") \
  || fail "a new container on the same volume does not know kept-driver: --persist lost it"
[[ "$info" == *'"zipcode":"85004"'* ]] || fail "kept-driver came back as $info"
note "a new container on volume $VOLUME restored the driver the first one stored (--persist)"
podman rm -f "$NAME" >/dev/null 2>>"$WORK/podman.log"

# --- 5. docker/compose.yaml: mock + receiver ------------------------------------------------------
podman tag "$IMAGE" localhost/mock-platform:local
podman build --quiet --format docker --isolation chroot --build-arg "BASE=$BASE" -t localhost/mock-platform-receiver:local docker/receiver \
  > "$WORK/receiver-build.log" 2>&1 || { tail -n 20 "$WORK/receiver-build.log" >&2; fail "podman build of docker/receiver failed"; }
(cd docker && podman-compose -f compose.yaml up -d > "$WORK/compose.log" 2>&1) \
  || { tail -n 30 "$WORK/compose.log" >&2; fail "podman-compose up failed"; }
deadline=$((SECONDS + 60))
until curl -sf http://127.0.0.1:8080/_mock/ready >/dev/null 2>&1; do
  [[ $SECONDS -lt $deadline ]] || fail "the compose file's mock did not answer on port 8080 within 60 s"
  sleep 0.5
done
receiver=$(podman ps --format '{{.Names}}' | grep -m1 'receiver' || true)
[[ -n "$receiver" ]] || fail "the compose file's receiver is not running"
# The mock retries fast (the compose file's profile): trigger once the receiver listens.
until podman logs "$receiver" 2>/dev/null | grep -q '"event":"listening"'; do
  [[ $SECONDS -lt $deadline ]] || { podman logs "$receiver" >&2 || true; fail "the compose file's receiver did not listen within 60 s"; }
  sleep 0.5
done
triggered=$(curl -sf -X POST -H 'Content-Type: application/json' -d '{"event":"engagement","driver_id":"driver-1"}' \
  http://127.0.0.1:8080/_mock/webhooks/trigger) || fail "the trigger was refused"
event_id=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["event_id"])' "$triggered")
deadline=$((SECONDS + 30))
until podman logs "$receiver" 2>/dev/null | grep -q '"event":"verified"'; do
  [[ $SECONDS -lt $deadline ]] || { podman logs "$receiver" >&2 || true; fail "no verified delivery reached the receiver within 30 s"; }
  sleep 0.5
done
note "compose: event $event_id from the mock reached $receiver, which verified its Standard Webhooks signature"
(cd docker && podman-compose -f compose.yaml down -v > /dev/null 2>&1) || true

# --- 6. deploy/mock-platform.yaml with podman kube play ----------------------------------------
# The manifest names the image `mock-platform:latest` and publishes no host port (a cluster's
# Service does that); the played copy differs only by a hostPort, so the check can reach it.
podman tag "$IMAGE" localhost/mock-platform:latest
python3 -c 'import sys; text = open("deploy/mock-platform.yaml").read(); marker = "              containerPort: 8080\n"; assert text.count(marker) == 1, "one containerPort 8080"; sys.stdout.write(text.replace(marker, marker + "              hostPort: '"$PORT"'\n"))' \
  > "$WORK/kube.yaml" || fail "deploy/mock-platform.yaml has not exactly one containerPort: 8080"
podman kube play "$WORK/kube.yaml" > "$WORK/kube.log" 2>&1 || { cat "$WORK/kube.log" >&2; fail "podman kube play failed"; }
deadline=$((SECONDS + 60))
until curl -sf "$BASE_URL/_mock/ready" >/dev/null 2>&1; do
  [[ $SECONDS -lt $deadline ]] || { cat "$WORK/kube.log" >&2; fail "the played Deployment did not answer /_mock/ready within 60 s"; }
  sleep 0.5
done
kube_locations=$(curl -sf -H 'Authorization: APIKEY mock-api-key' "$BASE_URL/iql/v1/locations") || fail "the played Deployment did not answer /iql/v1/locations"
[[ "$kube_locations" == '{"countries":['* ]] || fail "the played Deployment answered $kube_locations"
pod=$(podman pod ps --format '{{.Name}}' | grep -m1 mock-platform || true)
note "kube: deploy/mock-platform.yaml played ($pod, volume mock-platform-data), /_mock/ready and /iql/v1/locations answer through port $PORT"
podman kube down "$WORK/kube.yaml" > /dev/null 2>&1 || fail "podman kube down failed"
podman volume rm -f mock-platform-data > /dev/null 2>&1 || true

# --- 7. the release tarball in the bare base ------------------------------------------------------
tarball=$(bash scripts/release.sh 2> "$WORK/release.log") || { tail -n 20 "$WORK/release.log" >&2; fail "scripts/release.sh failed"; }
[[ "$tarball" =~ ^dist/mock-platform-[^/]+-linux-(x86_64|aarch64)\.tar\.gz$ ]] || fail "scripts/release.sh made '$tarball'"
mkdir -p "$WORK/unpacked"
tar -C "$WORK/unpacked" -xzf "$tarball"
folder=$(basename "$tarball" .tar.gz)
for part in mock-platform MockPlatform_MockPlatform.resources MockPlatform_MockPlatformKit.resources MockPlatform_MockControl.resources \
  MockPlatform_MockAudit.resources README.txt licenses; do
  [[ -e "$WORK/unpacked/$folder/$part" ]] || fail "$tarball has no $folder/$part"
done
podman run --rm "$BASE" sh -c 'command -v swift || ls -d /usr/lib/swift /usr/share/swift' > /dev/null 2>&1 \
  && fail "the base has Swift: running the tarball there proves nothing"
# The README's plain-job recipe itself, in the bare base.
recipe=$(podman run --rm --network host -v "$PWD/dist:/dist:ro" -v "$PWD/examples/ci:/recipes:ro" "$BASE" \
  bash /recipes/plain-job.sh "/dist/$folder.tar.gz" "$PORT" 2>&1) || { echo "$recipe" >&2; fail "examples/ci/plain-job.sh failed in the bare base"; }
[[ "$recipe" == *"plain-job: the tests ran against"* ]] || { echo "$recipe" >&2; fail "examples/ci/plain-job.sh did not run its tests"; }
note "tarball: $tarball (binary, resources, README, licenses) runs in the bare Debian base (no Swift) through examples/ci/plain-job.sh"
note "OK"
