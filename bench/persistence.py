#!/usr/bin/env python3
"""What --persist costs a server whose tenants sit idle, and how long a pass over them takes.

Starts the binary with --persist --persist-interval 1s, fills N tenants (each: one driver with
its info and two mock trips, one webhook endpoint, one loyalty member's summary read), waits until every
tenant's file is written, then measures the server's CPU time (utime + stime from /proc) over
an idle window, against the same window of a server without --persist holding the same tenants.
Every pass snapshots every tenant, so the difference is the cost of the passes that found
nothing to write. Also reports the files' total size and the time the first pass took to write
them all.

Usage: python3 bench/persistence.py [--binary .build-release/release/mock-platform] [--tenants 500] [--idle 20]
Run from the repository root.
"""
import argparse
import json
import os
import socket
import subprocess
import time
import urllib.request

from benchlib import data_dir, require_binary

AUTH = {"Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"}
TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None, headers=AUTH):
    request = urllib.request.Request(base + path, method=method, headers=headers, data=body and json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=30) as reply:
        return reply.status


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def start(binary, persist, folder):
    port = free_port()
    arguments = [binary, "serve", "--port", str(port), "--quiet", "--log-level", "warning", "--data-dir", folder,
                 "--max-tenants", "100000"]
    if persist:
        arguments += ["--persist", "--persist-interval", "1s"]
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(500):
        try:
            if call(base, "GET", "/_mock/ready", headers={}) == 200:
                return process, base
        except OSError:
            time.sleep(0.02)
    raise SystemExit("server not ready")


def fill(base, tenants):
    for n in range(tenants):
        prefix = f"/t/bench-{n:05d}"
        call(base, "PUT", f"{prefix}/iql/v1/driver/d1/info", {"country": "USA", "state": "AZ"})
        call(base, "POST", f"{prefix}/iql/v1/testing/driver/d1/mock_trips",
             {"count": 2, "distance_miles_each": 5, "date": time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86_400))})
        call(base, "POST", f"{prefix}/_mock/webhooks/endpoints", {"url": "http://127.0.0.1:9/hook", "enabled": False})
        call(base, "GET", f"{prefix}/loyalty/v1/summary", headers={**AUTH, "Poq-User-Id": "member-gold"})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build-release/release/mock-platform")
    parser.add_argument("--tenants", type=int, default=500)
    parser.add_argument("--idle", type=float, default=20.0)
    args = parser.parse_args()
    binary = require_binary(args.binary)
    results = {}
    for persist in (False, True):
        folder = data_dir()
        process, base = start(binary, persist, folder)
        try:
            fill(base, args.tenants)
            filled = time.monotonic()
            state = os.path.join(folder, "state")
            if persist:
                while (len([f for f in os.listdir(state) if f.endswith(".json")]) if os.path.isdir(state) else 0) < args.tenants + 1:
                    time.sleep(0.05)
                written = time.monotonic() - filled
                time.sleep(2.5)  # the passes after the first find nothing new
            before = cpu_seconds(process.pid)
            time.sleep(args.idle)
            used = cpu_seconds(process.pid) - before
            size = sum(os.path.getsize(os.path.join(state, f)) for f in os.listdir(state)) if persist else 0
            results[persist] = used
            label = "with --persist (1s)" if persist else "without --persist"
            print(f"{label}: {args.tenants} tenants, CPU {used:.2f} s over {args.idle:.0f} s idle"
                  + (f"; first pass wrote {size / 1e6:.1f} MB in {written:.1f} s" if persist else ""))
        finally:
            process.terminate()
            process.wait(10)
    per_pass = (results[True] - results[False]) / args.idle
    print(f"an idle pass over {args.tenants} tenants costs {per_pass * 1000:.0f} ms of CPU ({per_pass * 100 / 5:.1f} % of one core at the default 5s)")


if __name__ == "__main__":
    main()
