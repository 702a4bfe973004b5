#!/usr/bin/env python3
"""Audit report benchmark (issue "The mock audits the app": a report over full logs for 1,000
subjects answers in <= 250 ms in a release build).

Starts the binary, then fills one tenant's logs past their caps with 1,000 drivers' traces:
each driver's driverInfo PUT and device token, status reads until the request journal is full
(10,000 entries), and hand-fired qualification events until the event log, the push outbox and
the webhook delivery log are full (10,000 each; the one endpoint points at a closed port, so
every message has a failed attempt). Then times `GET /_mock/audit` (all guides, the first
1,000 subjects) several times and prints each time, the median and the worst, with the
report's summary, so the run shows it covered 1,000 subjects and that every log was cut.

Usage: python3 bench/audit.py [--binary .build-release/release/mock-platform] [--runs 7]
Run from the repository root (the server reads Resources/fixtures).
"""
import argparse
import http.client
import json
import socket
import statistics
import subprocess
import threading
import time

from benchlib import data_dir, require_binary

DRIVERS = 1_000
CAP = 10_000
TOKEN = "ab" * 32


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, port):
    process = subprocess.Popen(
        [binary, "--port", str(port), "--data-dir", data_dir(), "--quiet"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/_mock/ready")
            if connection.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not become ready")


def send_all(port, requests, threads=4):
    """Sends (method, path, body, headers) tuples over `threads` keep-alive connections."""
    def worker(part):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for method, path, body, headers in part:
            connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status >= 500:
                raise SystemExit(f"{method} {path}: {response.status}")
    parts = [requests[i::threads] for i in range(threads)]
    workers = [threading.Thread(target=worker, args=(part,)) for part in parts]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build-release/release/mock-platform")
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    binary = require_binary(arguments.binary)
    port = free_port()
    server = start(binary, port)
    try:
        key = {"Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"}
        plain = {"Content-Type": "application/json"}
        drivers = [f"driver-{index:04d}" for index in range(DRIVERS)]
        setup = [("POST", "/_mock/webhooks/endpoints", {"url": f"http://127.0.0.1:{free_port()}/hook"}, plain)]
        send_all(port, setup, threads=1)
        started = time.monotonic()
        api = [("PUT", f"/iql/v1/driver/{d}/info", {"country": "USA", "state": "AZ", "zipcode": "85004"}, key) for d in drivers]
        api += [("POST", f"/publisher/v1/drivers/{d}/device_token", {"token": TOKEN[:-4] + f"{i:04x}"}, plain) for i, d in enumerate(drivers)]
        api += [("GET", f"/iql/v1/driver/{drivers[i % DRIVERS]}/status", None, key) for i in range(CAP)]
        send_all(port, api)
        events = [("POST", "/_mock/webhooks/trigger", {"event": "qualification", "driver_id": drivers[i % DRIVERS]}, plain)
                  for i in range(CAP + 500)]
        send_all(port, events)
        filled = time.monotonic() - started
        time.sleep(2)  # the deliveries' first attempts (to a closed port) settle
        times = []
        report = None
        for _ in range(arguments.runs):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            begin = time.monotonic()
            connection.request("GET", "/_mock/audit")
            response = connection.getresponse()
            body = response.read()
            times.append((time.monotonic() - begin) * 1000)
            report = json.loads(body)
        summary = report["summary"]
        print(f"filled in {filled:.1f} s; report: {len(body) / 1024:.0f} KiB, summary {json.dumps(summary)}")
        print(f"run: truncated {report['run'].get('truncated')}, next_offset {report.get('next_offset')}")
        print("GET /_mock/audit ms: " + ", ".join(f"{t:.0f}" for t in times))
        print(f"median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms (target <= 250 ms)")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
