#!/usr/bin/env python3
"""Request-journal memory benchmark (issue 10: "journal memory stays bounded").

Starts the binary twice side by side: with the default journal (10,000 entries per tenant) and
with `--journal-size 0` (journal off). Sends the same requests to both — PUT driverInfo with a
1 KiB body and a 600-byte header, so every entry is as large as the journal keeps — and prints
each server's resident memory (VmRSS) after 0, 10k, 50k, 100k and 200k requests. Bounded means:
past the first 10,000 requests the difference between the two servers (the journal's own cost)
stops growing while the journal overwrites its oldest entries.

Usage: python3 bench/journal.py [--binary .build-release/release/mock-platform] [--threads 4]
Run from the repository root (the server reads Resources/fixtures).
"""
import argparse
import http.client
import json
import socket
import subprocess
import threading
import time

from benchlib import data_dir, require_binary

CHECKPOINTS = [0, 10_000, 50_000, 100_000, 200_000]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, extra):
    port = free_port()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--log-level", "error", "--data-dir", data_dir(), *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(500):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=0.2)
            conn.request("GET", "/_mock/ready")
            if conn.getresponse().status == 200:
                return proc, port
        except OSError:
            time.sleep(0.02)
    raise SystemExit("server did not become ready")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def send(port, count, threads):
    body = json.dumps({"country": "USA", "state": "AZ", "zipcode": "85004", "padding": "x" * 1000})
    headers = {"Authorization": "APIKEY mock-api-key", "Content-Type": "application/json", "X-Trace": "t" * 600}

    def worker(n, offset):
        conn = http.client.HTTPConnection("127.0.0.1", port)
        for i in range(n):
            conn.request("PUT", f"/iql/v1/driver/d{(offset + i) % 500}/info", body=body, headers=headers)
            conn.getresponse().read()
        conn.close()

    per = count // threads
    pool = [threading.Thread(target=worker, args=(per, t * per)) for t in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build-release/release/mock-platform")
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()
    binary = require_binary(args.binary)
    servers = {"journal 10000": start(binary, []), "journal off": start(binary, ["--journal-size", "0"])}
    try:
        print("requests  " + "  ".join(f"{label:>16}" for label in servers))
        done = 0
        for checkpoint in CHECKPOINTS:
            for proc, port in servers.values():
                send(port, checkpoint - done, args.threads)
            done = checkpoint
            time.sleep(1)
            print(f"{checkpoint:>8}  " + "  ".join(f"{rss_kib(proc.pid) / 1024:>13.1f} MB" for proc, _ in servers.values()),
                  flush=True)
        proc, port = servers["journal 10000"]
        conn = http.client.HTTPConnection("127.0.0.1", port)
        conn.request("GET", "/_mock/requests/count")
        print("journal entries held:", json.loads(conn.getresponse().read())["count"])
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
