#!/usr/bin/env python3
"""A large state: load, memory, export and save (issue 21, item 2).

Writes a state document of N drivers (the driver `PUT /iql/v1/driver/d1/info` creates, copied as
d1…dN, as bench/drivers.py writes it; 294 MB for 1M), then for each round and each LABEL=BINARY,
one binary after the other: starts `serve --state-file <copy> --save-on-exit` and times exec →
first 200 of /_mock/ready (`ready`); reads VmHWM then (`peak`) and VmRSS 5 s later (`steady`);
times `GET /_mock/state` to the last byte (`export`, given up after --export-timeout); sends
SIGTERM and times the exit, which writes the whole document back (`save+stop`).

Usage: python3 bench/large_state.py [--drivers 1000000] [--rounds 1] [--export-timeout 120] LABEL=BINARY ...
Run from the repository root.
"""
import argparse
import http.client
import os
import re
import shutil
import signal
import tempfile
import time

from benchlib import require_binary
from drivers import start, template, write_state


def status_mb(pid, field):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(field + r":\s+(\d+) kB", f.read()).group(1)) / 1024


def export_seconds(port, timeout):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    began = time.perf_counter()
    try:
        conn.request("GET", "/_mock/state")
        response = conn.getresponse()
        size = len(response.read())
        return "%.1f s (%d bytes)" % (time.perf_counter() - began, size) if response.status == 200 else "status %d" % response.status
    except OSError:
        return "> %d s" % timeout
    finally:
        conn.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--drivers", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--export-timeout", type=int, default=120)
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args()
    targets = [(label, require_binary(binary)) for label, binary in (t.split("=", 1) for t in args.targets)]
    folder = tempfile.mkdtemp(prefix="mock-platform-large-state-")
    try:
        document = os.path.join(folder, "state.json")
        write_state(template(targets[0][1]), args.drivers, document)
        print("date: %s UTC; load: %s; %d drivers, %d bytes" % (
            time.strftime("%F %T", time.gmtime()), open("/proc/loadavg").read().split()[:3], args.drivers, os.path.getsize(document)))
        print("%-10s %9s %10s %10s %28s %10s" % ("target", "ready", "peak", "steady", "export", "save+stop"))
        for _ in range(args.rounds):
            for label, binary in targets:
                copy = os.path.join(folder, "run.json")
                shutil.copyfile(document, copy)
                proc, port, ready = start(binary, ["--state-file", copy, "--save-on-exit"], 1800)
                try:
                    peak = status_mb(proc.pid, "VmHWM")
                    time.sleep(5)
                    steady = status_mb(proc.pid, "VmRSS")
                    export = export_seconds(port, args.export_timeout)
                finally:
                    began = time.perf_counter()
                    proc.send_signal(signal.SIGTERM)
                    proc.wait()
                    stop = time.perf_counter() - began
                print("%-10s %8.1fs %9.0fM %9.0fM %28s %9.1fs" % (label, ready, peak, steady, export, stop), flush=True)
    finally:
        shutil.rmtree(folder, True)


if __name__ == "__main__":
    main()
