#!/usr/bin/env bash
# Builds dist/mock-platform-<version>-linux-<arch>.tar.gz: a binary that runs on any glibc Linux
# of its architecture with no Swift installed (the Swift standard library linked in), its
# resource bundle beside it (the served OpenAPI documents, the built-in fixtures and scenarios),
# a README, the project's LICENSE when it has one, and the licenses of the packages linked in.
#
#   bash scripts/release.sh            # VERSION=1.2.3 overrides `mock-platform --version`'s
#
# Unpack it anywhere and run `./mock-platform-<version>-linux-<arch>/mock-platform serve`.
# CI builds it and runs it in a bare Debian root file system (.ci/tarball.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=(swift build -c release --static-swift-stdlib --product mock-platform --scratch-path .build-release)
"${BUILD[@]}" >&2
BIN_DIR=$("${BUILD[@]}" --show-bin-path)
VERSION=${VERSION:-$("$BIN_DIR/mock-platform" --version | awk '{print $NF}')}
ARCH=$(uname -m)
NAME="mock-platform-$VERSION-linux-$ARCH"
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/release.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT

mkdir -p "$STAGE/$NAME/licenses"
cp "$BIN_DIR/mock-platform" "$STAGE/$NAME/"
for bundle in "$BIN_DIR"/*.resources; do cp -R "$bundle" "$STAGE/$NAME/"; done
[[ -f LICENSE ]] && cp LICENSE "$STAGE/$NAME/"
for checkout in .build-release/checkouts/*; do
  for file in LICENSE LICENSE.txt LICENSE.md; do
    if [[ -f "$checkout/$file" ]]; then cp "$checkout/$file" "$STAGE/$NAME/licenses/$(basename "$checkout").txt"; break; fi
  done
done
cat > "$STAGE/$NAME/README.txt" <<TEXT
MockPlatform $VERSION for Linux $ARCH: one server that stands in for the IQL publisher API,
Poq-style loyalty with Apple Wallet passes, and Synerise-style campaigns with a push outbox.

  ./mock-platform serve                  # http://127.0.0.1:8080 with the built-in fixtures
  ./mock-platform serve --host 0.0.0.0   # reachable from other machines (and emulators)
  ./mock-platform wait --timeout 60s     # in CI: returns once the server is ready
  ./mock-platform --help

Keep the MockPlatform_*.resources folders beside the binary: they hold the OpenAPI documents
(served at /_mock/openapi), the dashboard, the fixtures and the scenarios. Needs glibc 2.36 or later.
licenses/ holds the licenses of the packages linked into the binary.
TEXT

mkdir -p dist
tar -C "$STAGE" -czf "dist/$NAME.tar.gz" "$NAME"
echo "dist/$NAME.tar.gz"
