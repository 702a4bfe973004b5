#!/usr/bin/env python3
"""Webhook delivery throughput benchmark for mock-platform.

Starts the binary (``--webhook-retry-profile fast``) and a local receiver in a separate process
(asyncio, HTTP/1.1 keep-alive, every request's Standard Webhooks v1 signature checked with
HMAC-SHA256 before it is answered 200), registers one endpoint with a known secret, fires a
short warm-up, then fires N events with ``POST /_mock/webhooks/trigger`` from several client
threads (one keep-alive connection each) as fast as the control API answers. Measures signed,
verified deliveries per second from the first measured trigger to the last 2xx the receiver
sent for the Nth distinct ``webhook-id``, and prints one line.

Usage: python3 bench/webhooks.py [--binary PATH] [--events 20000] [--clients 4] [--endpoints 1]
With ``--endpoints N`` every event goes to N endpoints (N deliveries, each its own webhook-id), so
the delivery engine rather than the trigger route sets the pace.
The binary defaults to $MOCK_PLATFORM_BINARY, else .build-release/release/mock-platform.
Run from anywhere; the server runs with the repository root as its working directory.
Everything stays on 127.0.0.1; the run gives up after --deadline seconds.
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import hmac
import http.client
import json
import multiprocessing
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from benchlib import data_dir, require_binary

REPO_ROOT = Path(__file__).resolve().parents[1]
READY_LINE = re.compile(r"mock-platform listening on http://127\.0\.0\.1:(\d+)")
SECRET_BYTES = hashlib.sha256(b"bench/webhooks.py").digest()
SECRET = "whsec_" + base64.b64encode(SECRET_BYTES).decode()
API_KEY = "mock-api-key"


# -- receiver (own process, so it does not share the GIL with the trigger clients) -------------

def receiver_main(port_out, acked, bad, requests, last_ack):
    """Serves 127.0.0.1:<free port>; counts distinct acknowledged webhook-ids in shared memory."""
    seen: set[bytes] = set()
    authorization = f"APIKEY {API_KEY}".encode()

    def verified(headers: dict[bytes, bytes], body: bytes) -> bool:
        msg_id, stamp, signature = headers.get(b"webhook-id"), headers.get(b"webhook-timestamp"), headers.get(b"webhook-signature")
        if not (msg_id and stamp and signature) or headers.get(b"authorization") != authorization:
            return False
        if abs(int(stamp) - time.time()) > 300:
            return False
        expected = base64.b64encode(hmac.new(SECRET_BYTES, msg_id + b"." + stamp + b"." + body, hashlib.sha256).digest())
        return any(entry == b"v1," + expected for entry in signature.split(b" "))

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                headers = {}
                for line in head.split(b"\r\n")[1:]:
                    if b":" in line:
                        name, value = line.split(b":", 1)
                        headers[name.strip().lower()] = value.strip()
                body = await reader.readexactly(int(headers.get(b"content-length", b"0")))
                requests.value += 1
                if verified(headers, body):
                    writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    msg_id = headers[b"webhook-id"]
                    if msg_id not in seen:
                        seen.add(msg_id)
                        last_ack.value = time.monotonic()  # CLOCK_MONOTONIC: one clock for every process
                        acked.value = len(seen)
                else:
                    bad.value += 1
                    writer.write(b"HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    async def serve():
        server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=512)
        port_out.send(server.sockets[0].getsockname()[1])
        port_out.close()
        async with server:
            await server.serve_forever()

    asyncio.run(serve())


# -- mock process and control API ---------------------------------------------------------------

def start_mock(binary: Path, timeout: float = 60.0):
    process = subprocess.Popen(
        [str(binary), "serve", "--port", "0", "--log-level", "error", "--webhook-retry-profile", "fast", "--data-dir", data_dir()],
        cwd=REPO_ROOT, env={key: value for key, value in os.environ.items() if not key.startswith("MOCK_PLATFORM_")},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
    )
    found: list[int] = []
    ready = threading.Event()

    def drain():
        for line in process.stdout:
            if not found:
                match = READY_LINE.search(line)
                if match:
                    found.append(int(match.group(1)))
                    ready.set()
        ready.set()

    threading.Thread(target=drain, daemon=True).start()
    if not ready.wait(timeout) or not found:
        process.kill()
        raise SystemExit(f"mock-platform did not report ready within {timeout} s")
    return process, found[0]


class Client:
    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body=None, expect: int = 200):
        payload = None if body is None else json.dumps(body).encode()
        self.connection.request(method, path, body=payload, headers={"Content-Type": "application/json"} if payload else {})
        response = self.connection.getresponse()
        data = response.read()
        if response.status != expect:
            raise RuntimeError(f"{method} {path} -> {response.status}: {data[:300]!r}")
        return json.loads(data) if data else None


def fire(port: int, count: int, offset: int, errors: list):
    client = Client(port)
    kinds = ("engagement", "qualification", "offer_click", "silent_push_notification")
    try:
        for index in range(offset, offset + count):
            client.call("POST", "/_mock/webhooks/trigger",
                        {"event": kinds[index % len(kinds)], "driver_id": f"bench-{index % 500}"}, expect=202)
    except Exception as error:  # reported by the main thread
        errors.append(error)


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a live process, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def wait_for(predicate, deadline: float) -> bool:
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.environ.get("MOCK_PLATFORM_BINARY") or str(REPO_ROOT / ".build-release/release/mock-platform"))
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--endpoints", type=int, default=1, help="endpoints per event (each delivery has its own webhook-id)")
    parser.add_argument("--deadline", type=float, default=300.0, help="give up after this many seconds")
    args = parser.parse_args()
    binary = Path(require_binary(args.binary))
    if not binary.is_file():
        raise SystemExit(f"{binary} is missing (swift build -c release --product mock-platform --scratch-path .build-release)")

    acked, bad, requests = multiprocessing.Value("q", 0, lock=False), multiprocessing.Value("q", 0, lock=False), multiprocessing.Value("q", 0, lock=False)
    last_ack = multiprocessing.Value("d", 0.0, lock=False)
    port_in, port_out = multiprocessing.Pipe(duplex=False)
    receiver = multiprocessing.Process(target=receiver_main, args=(port_out, acked, bad, requests, last_ack), daemon=True)
    receiver.start()
    if not port_in.poll(10):
        raise SystemExit("receiver did not start")
    receiver_port = port_in.recv()
    mock, port = start_mock(binary)
    try:
        control = Client(port)
        for index in range(args.endpoints):
            control.call("POST", "/_mock/webhooks/endpoints", {"url": f"http://127.0.0.1:{receiver_port}/hooks/{index}", "secret": SECRET}, expect=201)
        fan = args.endpoints

        hard_deadline = time.monotonic() + args.deadline
        errors: list = []
        fire(port, args.warmup, 0, errors)
        if errors or not wait_for(lambda: acked.value >= args.warmup * fan, hard_deadline):
            raise SystemExit(f"warm-up failed: {errors or f'{acked.value}/{args.warmup} acknowledged'}")

        share, rest = divmod(args.events, args.clients)
        threads, offset = [], args.warmup
        for index in range(args.clients):
            count = share + (1 if index < rest else 0)
            threads.append(threading.Thread(target=fire, args=(port, count, offset, errors)))
            offset += count
        target = (args.warmup + args.events) * fan
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(max(0.0, hard_deadline - time.monotonic()))
        fired = time.monotonic() - started
        if errors:
            raise SystemExit(f"trigger failed: {errors[0]}")
        if not wait_for(lambda: acked.value >= target, hard_deadline):
            raise SystemExit(f"only {acked.value - args.warmup * fan}/{args.events * fan} deliveries acknowledged within {args.deadline:.0f} s")
        elapsed = last_ack.value - started
        cpu = process_cpu_seconds(mock.pid)
        failed = len(control.call("GET", "/_mock/webhooks/messages?status=failed")["messages"])
        extra = requests.value - target
        print(
            f"webhooks: {args.events * fan} signed deliveries ({args.events} events x {fan} endpoints) in {elapsed:.2f} s = "
            f"{args.events * fan / elapsed:,.0f}/s (first trigger to last 2xx; triggers {args.events / fired:,.0f}/s over {args.clients} clients; "
            f"{bad.value} bad signatures, {extra} extra attempts, {failed} failed; mock CPU {cpu:.1f} s in all; {binary})"
        )
    finally:
        mock.terminate()
        try:
            mock.wait(timeout=10)
        except subprocess.TimeoutExpired:
            mock.kill()
        receiver.terminate()
        receiver.join(5)


if __name__ == "__main__":
    sys.exit(main())
