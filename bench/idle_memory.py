#!/usr/bin/env python3
"""Idle resident memory of mock-platform builds, and what its pages are.

For each LABEL=BINARY: starts `serve` on a free port with a fresh --data-dir, waits for
/_mock/ready, sleeps, then reads /proc/<pid>/status (VmRSS, RssAnon, RssFile) and
/proc/<pid>/smaps, and prints the resident kB of each mapped file and of anonymous memory,
largest first. Run the Docker image's build (`--static-swift-stdlib`, as .ci/image-layout.sh
builds it) beside the dynamic release build to compare them.

Usage: python3 bench/idle_memory.py [--settle 2] LABEL=BINARY [LABEL=BINARY ...]
Run from the repository root.
"""
import argparse
import collections
import os
import socket
import subprocess
import time
import urllib.request

from benchlib import data_dir, require_binary


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status_kb(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def resident_by_mapping(pid):
    resident = collections.Counter()
    name = None
    for line in open(f"/proc/{pid}/smaps"):
        parts = line.split()
        if "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
            name = parts[5] if len(parts) > 5 else "[anonymous]"
        elif parts[0] == "Rss:":
            resident[name] += int(parts[1])
    return resident


def measure(label, binary, settle):
    port = free_port()
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--quiet", "--data-dir", data_dir()],
                               stdout=subprocess.DEVNULL)
    try:
        for _ in range(500):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_mock/ready", timeout=1) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                time.sleep(0.02)
        time.sleep(settle)
        pid = process.pid
        print(f"{label}: VmRSS {status_kb(pid, 'VmRSS') / 1024:.1f} MB "
              f"(RssAnon {status_kb(pid, 'RssAnon') / 1024:.1f} MB, RssFile {status_kb(pid, 'RssFile') / 1024:.1f} MB)")
        for name, kb in resident_by_mapping(pid).most_common(10):
            if kb >= 256:
                print(f"  {kb / 1024:6.1f} MB  {name}")
    finally:
        process.terminate()
        process.wait(10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--settle", type=float, default=2.0)
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args()
    for target in args.targets:
        label, binary = target.split("=", 1)
        measure(label, require_binary(binary), args.settle)


if __name__ == "__main__":
    main()
