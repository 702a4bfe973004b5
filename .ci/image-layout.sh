#!/usr/bin/env bash
# Proves the layout of docker/Dockerfile's image without a Docker engine (none runs on our
# machines):
#   1. builds the release binary with the command the Dockerfile's build stage runs (checked);
#   2. reads the Dockerfile's runtime stage — its `COPY --from=build` lines, ENV, WORKDIR, USER,
#      ENTRYPOINT and HEALTHCHECK — so the list of copied paths lives in the Dockerfile only; and
#      its build stage: every copied path must be there (the build's output or a path the stage
#      copies from the context, which .dockerignore must not leave out), and every symlink the
#      stage copies must point at something it copies too;
#   3. copies exactly those paths into an empty folder laid out like the image's root, and hides
#      the build folder's resource bundles meanwhile (the binary knows their build path and would
#      fall back to them, which the image cannot);
#   4. checks that the binary links only libraries the runtime base image has;
#   5. runs the ENTRYPOINT from the WORKDIR with only the image's environment (PATH, the ENV
#      lines; MOCK_PLATFORM_PORT=0 for a free port), as an unprivileged user when run as root;
#   6. waits (60 s at most) for /_mock/ready to answer 200, checks /_mock/health, that the served
#      OpenAPI documents are the copied openapi/ files, and the HEALTHCHECK command itself;
#   7. stops the server with SIGTERM (what `docker stop` sends) and expects it gone within 10 s.
# Any failure ends the script non-zero with a line starting "image-layout: FAIL".
#
#   bash .ci/image-layout.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DOCKERFILE=${IMAGE_LAYOUT_DOCKERFILE:-docker/Dockerfile}  # another file only to test this check
BUILD=(swift build -c release --static-swift-stdlib --product mock-platform --scratch-path .build-release)
READY_TIMEOUT=60
# Shared libraries the runtime base image (ubuntu:noble) has without any package installed.
BASE_LIBRARIES='linux-vdso|ld-linux-x86-64|ld-linux-aarch64|libc|libm|libdl|libpthread|librt|libutil|libgcc_s|libstdc\+\+|libz'

fail() { echo "image-layout: FAIL: $*" >&2; exit 1; }
note() { echo "image-layout: $*"; }

# curl asks the server, and runs the image's HEALTHCHECK.
if ! command -v curl >/dev/null && [[ $(id -u) == 0 ]]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl >/dev/null 2>&1 \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl >/dev/null; } || true
fi
command -v curl >/dev/null || fail "curl is needed: apt-get install curl"

# --- 1. the build, the same as the Dockerfile's ---------------------------------------------
grep -qxF "RUN ${BUILD[*]}" "$DOCKERFILE" \
  || fail "$DOCKERFILE has no line 'RUN ${BUILD[*]}': the image and this check would build differently"
note "building: ${BUILD[*]}"
started=$SECONDS
BUILD_LOG=$(mktemp "${TMPDIR:-/tmp}/image-layout-build.XXXXXX")
if ! "${BUILD[@]}" >"$BUILD_LOG" 2>&1; then
  tail -n 40 "$BUILD_LOG" >&2; rm -f "$BUILD_LOG"
  fail "the release build failed (last lines above)"
fi
tail -n 1 "$BUILD_LOG"; rm -f "$BUILD_LOG"
note "release build: $((SECONDS - started)) s"
BIN_DIR=$("${BUILD[@]}" --show-bin-path)

# --- 2. what the Dockerfile's runtime stage says --------------------------------------------
# One record a line: copy SRC DEST | env NAME VALUE | workdir DIR | entrypoint ARG... (JSON) |
# healthcheck SHELL-COMMAND | user NAME.
LAYOUT=$(python3 - "$DOCKERFILE" "${BUILD[-1]}" <<'PY'
import fnmatch, json, os, posixpath, shlex, sys

text = open(sys.argv[1]).read()
lines, current = [], ""
for raw in text.splitlines():
    if not current and raw.lstrip().startswith("#"):
        continue
    if raw.rstrip().endswith("\\"):
        current += raw.rstrip()[:-1] + " "
        continue
    current += raw
    if current.strip():
        lines.append(current.strip())
    current = ""

stages = []  # [(FROM line, [instructions])]
for line in lines:
    word = line.split(None, 1)[0].upper()
    if word == "FROM":
        stages.append((line, []))
    elif stages:
        stages[-1][1].append(line)
if len(stages) < 2:
    sys.exit("expected a build stage and a runtime stage")

def fail(message):
    sys.exit(f"{sys.argv[1]}: {message}")

build_from, build_lines = stages[0]
if not build_from.split()[-1] == "build" or "AS" not in build_from.upper().split():
    fail("the first stage must be named build (FROM ... AS build)")
build_workdir = [l.split(None, 1)[1] for l in build_lines if l.upper().startswith("WORKDIR ")]
if build_workdir != ["/build"]:
    fail("the build stage must have exactly one WORKDIR, /build")
# What /build holds: the build's scratch folder and what the build stage copies from the context,
# each to the same path as in the repository.
provided = [sys.argv[2]]
for line in build_lines:
    word, _, rest = line.partition(" ")
    if word.upper() == "COPY":
        args = shlex.split(rest)
        if any(a.startswith("--") for a in args) or len(args) != 2:
            fail(f"write the build stage's COPY as one source and one destination: {line}")
        source, destination = args
        if destination.endswith("/"):
            destination += posixpath.basename(source.rstrip("/"))
        destination = posixpath.normpath(posixpath.join("/build", destination))
        if destination != posixpath.normpath(posixpath.join("/build", source)):
            fail(f"the build stage copies each path to the same place under /build: {line}")
        provided.append(destination[len("/build/"):])

# The folders SwiftPM finds Package.swift's targets in must all be there, or the image's build
# breaks where this one does not.
for folder in ("Sources", "Plugins", "Tests"):
    if os.path.isdir(folder) and folder not in provided:
        fail(f"the build stage does not copy {folder}/, which holds targets of Package.swift: COPY it")

# ... and from what .dockerignore leaves in the build context.
ignored = []
if os.path.exists(".dockerignore"):
    for pattern in open(".dockerignore").read().splitlines():
        pattern = pattern.strip().strip("/")
        if pattern and not pattern.startswith(("#", "!")):
            ignored.append(pattern)
for path in provided[1:]:
    parts = path.split("/")
    for depth in range(1, len(parts) + 1):
        prefix = "/".join(parts[:depth])
        hit = next((p for p in ignored if fnmatch.fnmatchcase(prefix, p)), None)
        if hit:
            fail(f"the build stage copies {path}, but .dockerignore leaves it out ({hit})")

def inside(path):
    return any(path == p or path.startswith(p + "/") for p in provided)

def symlinks(top):
    if os.path.islink(top) or not os.path.isdir(top):
        return [top] if os.path.islink(top) else []
    found = []
    for folder, folders, files in os.walk(top):
        found += [posixpath.join(folder, name) for name in folders + files if os.path.islink(posixpath.join(folder, name))]
    return found

# A symlink the build stage copies must point at something it copies too (Sources/IQLAPI/openapi.yaml
# -> ../../openapi/iql.yaml needs openapi/), or the image's build breaks where this one does not.
for top in provided[1:]:
    for link in symlinks(top):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(link), os.readlink(link)))
        if not inside(target):
            fail(f"the build stage copies {link}, a symlink to {target}, but not {target}: COPY it too")

copies = 0
for line in stages[-1][1]:
    word, _, rest = line.partition(" ")
    word = word.upper()
    if word == "COPY":
        args = shlex.split(rest)
        if "--from=build" not in args:
            fail(f"the runtime stage copies only from the build stage: {line}")
        args = [a for a in args if a != "--from=build"]
        if any(a.startswith("--") for a in args) or len(args) != 2:
            fail(f"write COPY --from=build as one /build/<path> and one absolute destination: {line}")
        source, destination = args
        if not source.startswith("/build/") or ".." in source.split("/") or not destination.startswith("/"):
            fail(f"COPY source must be under /build/ and the destination absolute: {line}")
        path = source[len("/build/"):]
        if not inside(path):
            fail(f"the build stage has no {source}: it holds only {', '.join('/build/' + p for p in provided)}: {line}")
        print("copy", path, destination)
        copies += 1
    elif word == "ENV":
        for pair in shlex.split(rest):
            name, equals, value = pair.partition("=")
            if not equals:
                fail(f"write ENV as NAME=value: {line}")
            print("env", name, value)
    elif word == "WORKDIR":
        print("workdir", rest.strip())
    elif word == "USER":
        print("user", rest.strip())
    elif word == "ENTRYPOINT":
        print("entrypoint", json.dumps(json.loads(rest)))
    elif word == "HEALTHCHECK":
        options, _, command = rest.partition(" CMD ")
        if not command:
            fail(f"HEALTHCHECK needs CMD in shell form: {line}")
        print("healthcheck", command.strip())
if copies == 0:
    fail("the runtime stage copies nothing from the build stage")
PY
) || fail "could not read $DOCKERFILE (above)"

ROOT=$(mktemp -d "${TMPDIR:-/tmp}/image-layout.XXXXXX")
chmod 755 "$ROOT"
HIDDEN="$BIN_DIR/.image-layout-hidden"
SERVER_PID=
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ -d "$HIDDEN" ]]; then
    for bundle in "$HIDDEN"/*; do [[ -e "$bundle" ]] && mv "$bundle" "$BIN_DIR/"; done
    rmdir "$HIDDEN"
  fi
  rm -rf "$ROOT"
}
trap cleanup EXIT

# --- 3. the image's files, and nothing else ---------------------------------------------------
WORKDIR=/ ENTRYPOINT= HEALTHCHECK= IMAGE_USER=root
IMAGE_ENV=()
while read -r kind first rest; do
  case $kind in
    copy)
      source=$first destination=$ROOT$rest
      [[ -e "$source" ]] || fail "the Dockerfile copies /build/$source, which the build does not produce here"
      # Like Docker: a symlink named as the source is followed, symlinks inside a folder are kept.
      resolved=$(realpath "$source")
      mkdir -p "$(dirname "$destination")"
      if [[ -d "$resolved" ]]; then
        mkdir -p "$destination"
        cp -RP "$resolved/." "$destination/"
      else
        [[ "$destination" == */ ]] && destination+=$(basename "$source")
        cp -P "$resolved" "$destination"
      fi
      note "copied $source -> $rest"
      ;;
    env) IMAGE_ENV+=("$first=$rest") ;;
    workdir) WORKDIR=$first ;;
    user) IMAGE_USER=$first ;;
    entrypoint) ENTRYPOINT="$first${rest:+ $rest}" ;;
    healthcheck) HEALTHCHECK="$first${rest:+ $rest}" ;;
  esac
done <<<"$LAYOUT"
dangling=$(find "$ROOT" -xtype l)
[[ -z "$dangling" ]] || fail "symlinks copied into the image point at nothing there: ${dangling//$ROOT/}"
[[ -n "$ENTRYPOINT" ]] || fail "the runtime stage has no ENTRYPOINT"
[[ -n "$HEALTHCHECK" ]] || fail "the runtime stage has no HEALTHCHECK"
[[ "$IMAGE_USER" != root && "$IMAGE_USER" != 0 ]] || fail "the image must not run as root (USER)"
mapfile -t COMMAND < <(python3 -c 'import json, sys; print("\n".join(json.loads(sys.argv[1])))' "$ENTRYPOINT")
(( ${#COMMAND[@]} > 0 )) || fail "cannot read the ENTRYPOINT: $ENTRYPOINT"
mkdir -p "$ROOT$WORKDIR"

# The binary falls back to resource bundles at their build path; the image has none there.
mkdir -p "$HIDDEN"
for bundle in "$BIN_DIR"/*.resources; do [[ -e "$bundle" ]] && mv "$bundle" "$HIDDEN/"; done

# --- 4. shared libraries ---------------------------------------------------------------------
IMAGE_PATH="$ROOT/usr/local/sbin:$ROOT/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
EXECUTABLE=$(PATH=$IMAGE_PATH command -v "${COMMAND[0]}") \
  || fail "ENTRYPOINT ${COMMAND[0]} is not on the image's PATH (copy it to /usr/local/bin)"
[[ "$EXECUTABLE" == "$ROOT"/* ]] || fail "ENTRYPOINT ${COMMAND[0]} resolved outside the image: $EXECUTABLE"
note "ldd ${EXECUTABLE#"$ROOT"}:"
ldd "$EXECUTABLE" | sed 's/^[[:space:]]*/    /'
extra=$(ldd "$EXECUTABLE" | awk '{print $1}' | sed 's#.*/##' | grep -Ev "^($BASE_LIBRARIES)(\.so|-|$)" || true)
[[ -z "$extra" ]] || fail "the binary needs libraries the runtime base image lacks: $(echo $extra)"
ldd "$EXECUTABLE" | grep -q "not found" && fail "a library of the binary is not found"

# --- 5. run it as the image would ----------------------------------------------------------
RUN_AS=()
if [[ $(id -u) == 0 ]] && command -v setpriv >/dev/null; then
  RUN_AS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
# The one folder the image lets its user write: the Dockerfile's `install -d -o mock -g mock
# /app/.mock-platform`, the default --data-dir (the development Wallet signing chain).
DATA_DIR=$(sed -n 's/.*install -d -o [a-z]* -g [a-z]* \(\/[^ ]*\).*/\1/p' "$DOCKERFILE" | head -1)
[[ "$DATA_DIR" == "$WORKDIR/.mock-platform" ]] \
  || fail "the runtime stage must create $WORKDIR/.mock-platform for its user (install -d -o … -g …), the default --data-dir"
mkdir -p "$ROOT$DATA_DIR"
(( ${#RUN_AS[@]} == 0 )) || chown 65534:65534 "$ROOT$DATA_DIR"
LOG="$ROOT.log"
trap 'cleanup; rm -f "$LOG"' EXIT
# Created here, not by the background job's redirection: that happens after the fork, and the
# loop below may read the log before the job has opened it.
: >"$LOG"
note "running: (cd $WORKDIR && ${IMAGE_ENV[*]} MOCK_PLATFORM_PORT=0 ${COMMAND[*]})${RUN_AS:+ as uid 65534}"
(
  cd "$ROOT$WORKDIR"
  exec env -i PATH="$IMAGE_PATH" HOME=/nonexistent "${IMAGE_ENV[@]}" MOCK_PLATFORM_PORT=0 "${RUN_AS[@]}" "${COMMAND[@]}"
) >"$LOG" 2>&1 &
SERVER_PID=$!

server_log() { sed 's/^/    | /' "$LOG" | tail -n 30 >&2; }
port=
deadline=$((SECONDS + READY_TIMEOUT))
while :; do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    server_log; fail "the server exited before it was ready (log above)"
  fi
  [[ -z "$port" ]] && port=$(sed -n 's#.*mock-platform listening on http://[^ ]*:\([0-9][0-9]*\).*#\1#p' "$LOG" | head -n 1)
  if [[ -n "$port" ]]; then
    status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port/_mock/ready" || true)
    [[ "$status" == 200 ]] && break
  fi
  if (( SECONDS >= deadline )); then
    server_log; fail "/_mock/ready did not answer 200 within $READY_TIMEOUT s (port ${port:-unknown}, last status ${status:-none})"
  fi
  sleep 0.5
done
note "$(grep -m1 'mock-platform listening on' "$LOG")"
note "/_mock/ready: 200 $(curl -s "http://127.0.0.1:$port/_mock/ready")"

# --- 6. health, specs, the HEALTHCHECK itself --------------------------------------------------
health=$(curl -s -w ' %{http_code}' --max-time 5 "http://127.0.0.1:$port/_mock/health" || true)
[[ "$health" == *' 200' ]] || fail "/_mock/health answered '$health', not 200"
note "/_mock/health: 200 ${health% 200}"

[[ -d "$ROOT$WORKDIR/openapi" ]] || fail "the image has no $WORKDIR/openapi folder"
served=$(curl -sf --max-time 5 "http://127.0.0.1:$port/_mock/openapi") || fail "/_mock/openapi did not answer 200"
for name in $(python3 -c 'import json, sys; print(" ".join(json.loads(sys.argv[1])["specs"]))' "$served"); do
  copied="$ROOT$WORKDIR/openapi/$name.yaml"
  [[ -f "$copied" ]] || fail "the server serves $name.yaml but the image's openapi/ has no such file"
  # Byte for byte but for the top-level servers, which name the base the request used.
  curl -sf --max-time 5 "http://127.0.0.1:$port/_mock/openapi/$name.yaml" \
    | cmp -s - <(sed "s#^  - url: http://localhost:8080#  - url: http://127.0.0.1:$port#" "$copied") \
    || fail "/_mock/openapi/$name.yaml differs from the image's openapi/$name.yaml (servers aside)"
done
note "/_mock/openapi: $served, each the same as openapi/<name>.yaml in the image but for its servers"

(cd "$ROOT$WORKDIR" && env -i PATH="$IMAGE_PATH:/usr/bin:/bin" "${IMAGE_ENV[@]}" MOCK_PLATFORM_PORT="$port" sh -c "$HEALTHCHECK") \
  || fail "the Dockerfile's HEALTHCHECK command failed: $HEALTHCHECK"
note "HEALTHCHECK passes: $HEALTHCHECK"

# --- 7. stop -----------------------------------------------------------------------------------
kill -TERM "$SERVER_PID"
for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$SERVER_PID" 2>/dev/null; then
  server_log; fail "the server did not stop within 10 s of SIGTERM"
fi
code=0; wait "$SERVER_PID" || code=$?
SERVER_PID=
(( code == 0 )) || { server_log; fail "the server exited with status $code after SIGTERM"; }
note "stopped on SIGTERM with status 0"
echo "image-layout: OK"
