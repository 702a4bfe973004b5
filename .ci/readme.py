#!/usr/bin/env python3
"""Runs README.md and the guides after it (DOCUMENTS) as a reader would: every ```sh block, top
to bottom, in one shell, against a fresh server started with the README's own command, checking
that each call answers what the text says.

Conventions (docs/testing.md):
- ```sh blocks are run, in order, in one bash shell (`set -euo pipefail`) from the repository
  root; ```console blocks need what CI lacks (Docker, Xcode, a second terminal) and are not.
- Every curl call must answer 2xx or 3xx, unless its line ends with a comment `# → <status> …`.
- A comment `# → <status>? <text>` states the answer: the status code, and the body as printed,
  where `…` stands for any text. Any other comment is prose. A call with `-o` is checked by its
  status only; one with `-w` by what it prints (`# → 302 https://…`), and not at all without
  such a comment (a loop printing statuses).
- A ```text block whose first line starts with `mock-platform listening` must match the
  server's banner, numbers aside; ```text blocks of `mockplatform_…` lines must name series
  that `GET /_mock/metrics` has at the end.

- The server listens on a free port, and the sh blocks get its base as MOCK, which every example
  reads (the README's first line sets MOCK=${MOCK:-http://localhost:8080}).
Usage: python3 .ci/readme.py [--server-command "swift run mock-platform"] [--keep]
"""
import argparse
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The README, then the guides that go on from its examples, in the order a reader pastes them.
DOCUMENTS = ["README.md", "docs/webhooks.md", "docs/campaigns.md", "docs/loyalty.md", "docs/operating.md"]
BASE = ""  # http://127.0.0.1:<a free port>, set by main()


def blocks(text):
    """(info string, first line number, lines) of every fenced block, in order."""
    found, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        match = re.match(r"^```(\S*)\s*$", lines[i])
        if match and match.group(1):
            start, body = i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            found.append((match.group(1), start + 1, body))
        i += 1
    return found


def logical_lines(first, body):
    """Joins backslash continuations: (README line number of the first part, text)."""
    out, pending, at = [], "", None
    for offset, line in enumerate(body):
        if at is None:
            at = first + offset
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        out.append((at, pending + line))
        pending, at = "", None
    if pending:
        out.append((at, pending))
    return out


EXPECT = re.compile(r"#\s*→\s*(?:(\d{3})\b)?\s*(.*)$")


def expectation(line):
    """(status or '', body pattern or '') stated by the line's `# → …` comment."""
    match = EXPECT.search(line)
    if not match or "curl" not in line.split("#")[0]:
        return "", ""
    return match.group(1) or "", match.group(2).strip()


PRELUDE = r'''
set -euo pipefail
README_AT=0; README_STATUS=; README_BODY=
__readme_fail() { printf '%s: %s\n' "$README_AT" "$1" >&2; exit 1; }
curl() {
  # body: the answer goes to stdout and is checked; file: -o names where it goes, the status is
  # checked; write: -w prints what the reader sees, checked against the whole expectation.
  local mode=body a out status text
  for a in "$@"; do case "$a" in -o|--output) [ $mode = body ] && mode=file;; -w|--write-out) mode=write;; esac; done
  case $mode in
  body)
    out=$(mktemp)
    status=$(command curl -sS -o "$out" -w '%{http_code}' "$@") || __readme_fail "curl failed: curl $*"
    __readme_status "$status" "$*" "$(head -c 400 "$out")"
    if [ -n "$README_BODY" ]; then
      python3 "$README_MATCH" "$README_BODY" <"$out" || __readme_fail "curl $* answered $(head -c 400 "$out"), the README says $README_BODY"
    fi
    cat "$out"; [ -z "$(tail -c 1 "$out")" ] || echo; rm -f "$out";;
  file)
    status=$(command curl -sS -w '%{http_code}' "$@") || __readme_fail "curl failed: curl $*"
    __readme_status "$status" "$*" "";;
  write)
    text=$(command curl -sS "$@" && echo .) || __readme_fail "curl failed: curl $*"
    text=${text%.}
    if [ -n "$README_STATUS$README_BODY" ]; then
      python3 "$README_MATCH" "$README_STATUS $README_BODY" <<<"$text" || __readme_fail "curl $* printed $text, the README says $README_STATUS $README_BODY"
    fi
    printf '%s' "$text";;
  esac
}
__readme_status() {
  if [ -n "$README_STATUS" ]; then
    [ "$1" = "$README_STATUS" ] || __readme_fail "curl $2 answered $1 $3, the README says $README_STATUS"
  elif [ "$1" -ge 400 ] || [ "$1" -lt 200 ]; then
    __readme_fail "curl $2 answered $1 $3"
  fi
}
'''

MATCH = r'''
import re, sys
pattern = sys.argv[1].strip()
body = sys.stdin.buffer.read().decode("utf-8", "replace").strip()
regex = ".*".join(re.escape(part.strip()) for part in pattern.split("…"))
sys.exit(0 if re.fullmatch(regex, body, re.S) else 1)
'''


def script(documents):
    """The bash script of the documents' sh blocks, each logical line announced with its file
    and line."""
    parts = [PRELUDE]
    for name, text in documents:
        for info, first, body in blocks(text):
            if info != "sh":
                continue
            for at, line in logical_lines(first, body):
                status, pattern = expectation(line)
                parts.append(
                    f"README_AT={name}:{at}; README_STATUS={shlex.quote(status)}; README_BODY={shlex.quote(pattern)}"
                )
                parts.append(line)
    parts.append("README_STATUS=; README_BODY=")
    return "\n".join(parts) + "\n"


def banner_patterns(text):
    """The README's banner blocks, each line a regex with numbers as wildcards."""
    out = []
    for info, first, body in blocks(text):
        if info == "text" and body and body[0].startswith("mock-platform listening"):
            lines = []
            for line in body:
                pieces = re.split(r"\d[\d,.]*", line.rstrip())
                lines.append(r"\d[\d,.]*".join(re.escape(p) for p in pieces))
            out.append((first, lines))
    return out


def metric_names(text):
    """Series the README shows, with the README line that shows them."""
    out = []
    for info, first, body in blocks(text):
        if info == "text" and body and body[0].startswith("mockplatform_"):
            for offset, line in enumerate(body):
                name = re.match(r"(mockplatform_[a-z_]+)", line)
                if name:
                    out.append((first + offset, name.group(1)))
    return out


def free_port():
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server-command", default="swift run mock-platform")
    parser.add_argument("--keep", action="store_true", help="keep the generated script")
    args = parser.parse_args()
    documents = [(name, open(os.path.join(ROOT, name), encoding="utf-8").read()) for name in DOCUMENTS]
    text = documents[0][1]
    global BASE
    port = free_port()
    BASE = f"http://127.0.0.1:{port}"

    work = tempfile.mkdtemp(prefix="readme-check-")
    log_path = os.path.join(work, "server.log")
    log = open(log_path, "w")
    server = subprocess.Popen(
        shlex.split(args.server_command) + ["--port", str(port)], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    failures = []
    try:
        deadline = time.time() + 600
        while time.time() < deadline:
            try:
                urllib.request.urlopen(BASE + "/_mock/ready", timeout=1)
                break
            except OSError:
                if server.poll() is not None:
                    sys.exit("README check: the server stopped:\n" + open(log_path).read())
                time.sleep(0.5)
        else:
            sys.exit("README check: the server was not ready within 600 s")
        time.sleep(0.3)

        printed = [l for l in open(log_path).read().split("\n") if l.strip()]
        start = next((i for i, l in enumerate(printed) if l.startswith("mock-platform listening")), None)
        for first, patterns in banner_patterns(text):
            got = printed[start:start + len(patterns)] if start is not None else []
            for offset, pattern in enumerate(patterns):
                line = got[offset] if offset < len(got) else "(nothing)"
                if not re.fullmatch(pattern, line.rstrip()):
                    failures.append(f"README.md:{first + offset}: the server printed {line!r}")

        match_path = os.path.join(work, "match.py")
        with open(match_path, "w") as f:
            f.write(MATCH)
        script_path = os.path.join(work, "readme.sh")
        with open(script_path, "w") as f:
            f.write(script(documents))
        # The README's examples read MOCK (its first line: MOCK=${MOCK:-http://localhost:8080}).
        env = dict(os.environ, README_MATCH=match_path, MOCK=BASE)
        run = subprocess.run(["bash", script_path], cwd=ROOT, env=env)
        if run.returncode != 0:
            failures.append(f"the README's sh blocks stopped (exit {run.returncode}); see the line above")

        metrics = urllib.request.urlopen(BASE + "/_mock/metrics", timeout=5).read().decode()
        for document, document_text in documents:
            for at, name in metric_names(document_text):
                if name not in metrics:
                    failures.append(f"{document}:{at}: /_mock/metrics has no {name}")
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        if args.keep:
            print("README check: files in", work)

    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print("README check: every sh block ran and every call answered what the README says")


if __name__ == "__main__":
    main()
