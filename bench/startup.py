#!/usr/bin/env python3
"""Startup-to-ready benchmark for mock-platform.

Starts the binary N times on a free port and measures, for each run, the wall time from
spawning the process until `GET /_mock/ready` first answers 200 (fixtures, including the full
US ZIP list, loaded and the listener up). Prints every run and the median, p90 and max.

Usage: python3 bench/startup.py [--binary .build-release/release/mock-platform] [--runs 30]
Run from the repository root (the server reads Resources/fixtures); every run shares one
temporary --data-dir (the warm-up run makes the development Wallet chain there).
"""
import argparse
import http.client
import os
import socket
import statistics
import subprocess
import time

from benchlib import data_dir, require_binary


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ready(port):
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=0.2)
        conn.request("GET", "/_mock/ready")
        ok = conn.getresponse().status == 200
        conn.close()
        return ok
    except OSError:
        return False


def one_run(binary, data, timeout=10.0):
    port = free_port()
    start = time.perf_counter()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--log-level", "error", "--data-dir", data],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - start < timeout:
            if ready(port):
                return (time.perf_counter() - start) * 1000
            time.sleep(0.002)
        raise RuntimeError("server not ready within %.0f s" % timeout)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build-release/release/mock-platform")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    binary = require_binary(args.binary)
    data = data_dir()
    one_run(binary, data)  # warm the page cache and make the Wallet chain once; not counted
    times = [one_run(binary, data) for _ in range(args.runs)]
    for i, ms in enumerate(times, 1):
        print("run %2d: %6.1f ms" % (i, ms))
    times.sort()
    print("runs=%d median=%.1f ms p90=%.1f ms max=%.1f ms" % (
        len(times), statistics.median(times), times[int(0.9 * (len(times) - 1))], times[-1]))


if __name__ == "__main__":
    main()
