"""The server under hostile or careless clients (issue "Fast hot path, benchmarks and robustness").

Loopback only, bounded in time and count. After every test the server still answers
``/_mock/health`` and never answered a 5xx.
"""

from __future__ import annotations

import json
import os
import random
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from mockserver import MockServer

IQL = {"Authorization": "APIKEY mock-api-key"}


@pytest.fixture(scope="module")
def mock():
    with MockServer() as server:
        yield server
        assert server.process.poll() is None, "the server died"


def raw(mock: MockServer, data: bytes, timeout: float = 5.0, read: bool = True) -> bytes:
    """Sends raw bytes on a fresh connection; answers what came back (until close or timeout)."""
    with socket.create_connection(("127.0.0.1", mock.port), timeout=timeout) as sock:
        sock.sendall(data)
        if not read:
            return b""
        chunks = []
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
                if b"\r\n\r\n" in b"".join(chunks) and _complete(b"".join(chunks)):
                    break
        except (socket.timeout, ConnectionResetError):
            pass
        return b"".join(chunks)


def _complete(response: bytes) -> bool:
    head, _, body = response.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value.strip())
    return True


def status_of(response: bytes) -> int:
    return int(response.split(b" ", 2)[1]) if response.startswith(b"HTTP/1.1 ") else 0


def health_latency(mock: MockServer) -> float:
    start = time.monotonic()
    response = raw(mock, b"GET /_mock/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status_of(response) == 200, response[:200]
    return time.monotonic() - start


def request(path: str, method: str = "POST", body: bytes = b"", headers: dict | None = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: x", "Connection: close", f"Content-Length: {len(body)}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def test_malformed_json_and_wrong_content_types_get_4xx_in_each_apis_shape(mock):
    cases = [
        ("/iql/v1/driver/d1/info", "PUT", b"{", {**IQL, "Content-Type": "application/json"}, 400, {"success": "false", "error": "malformed JSON body"}),
        ("/iql/v1/driver/d1/info", "PUT", b"[1]", {**IQL, "Content-Type": "application/json"}, 400, {"success": "false", "error": "request body must be a JSON object"}),
        ("/iql/v1/driver/d1/info", "PUT", b"{}", {**IQL, "Content-Type": "text/plain"}, 415, None),
        ("/publisher/v1/drivers/d1/device_token", "POST", b"\xff\xfe", {"Content-Type": "application/json"}, 400, {"detail": "JSON parse error", "status": "400"}),
        ("/_mock/clock", "POST", b'{"now": ', {"Content-Type": "application/json"}, 400, None),
        ("/_mock/campaigns", "POST", b"null", {"Content-Type": "application/json"}, 400, None),
        ("/_mock/clock", "POST", b"<xml/>", {"Content-Type": "application/xml"}, 415, None),
    ]
    for path, method, body, headers, expected, shape in cases:
        response = raw(mock, request(path, method, body, headers))
        assert status_of(response) == expected, (path, body, response[:300])
        if shape is not None:
            assert json.loads(response.partition(b"\r\n\r\n")[2]) == shape


def test_a_body_over_the_limit_is_413_without_waiting_for_all_of_it(mock):
    size = 64 * 1024 * 1024
    head = request("/_mock/clock", "POST", b"", {"Content-Type": "application/json"}).replace(b"Content-Length: 0", f"Content-Length: {size}".encode())
    with socket.create_connection(("127.0.0.1", mock.port), timeout=10) as sock:
        sock.sendall(head)
        chunk = b" " * 65536
        sent = 0
        answer = b""
        sock.settimeout(0.05)
        while sent < size and not answer:
            try:
                sock.sendall(chunk)
                sent += len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
            try:
                answer = sock.recv(4096)
            except socket.timeout:
                pass
        sock.settimeout(5)
        if not answer:
            try:
                answer = sock.recv(4096)
            except (socket.timeout, ConnectionResetError):
                pass
    assert status_of(answer) == 413, answer[:200]
    assert sent < size / 4, f"the server read {sent} bytes before answering"


def test_random_bytes_and_huge_headers_never_get_a_5xx(mock):
    rng = random.Random(1234)
    for _ in range(200):
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2048)))
        response = raw(mock, junk, timeout=2)
        assert not (500 <= status_of(response) < 600), response[:200]
    huge = request("/_mock/health", "GET", headers={"X-Big": "a" * 200_000})
    response = raw(mock, huge, timeout=5)
    assert not (500 <= status_of(response) < 600), response[:200]
    many = request("/_mock/health", "GET", headers={f"X-H{i}": "v" for i in range(5000)})
    response = raw(mock, many, timeout=5)
    assert not (500 <= status_of(response) < 600), response[:200]
    assert health_latency(mock) < 1.0


def test_slow_header_clients_do_not_hold_up_others(mock):
    sockets = []
    try:
        for _ in range(50):
            sock = socket.create_connection(("127.0.0.1", mock.port), timeout=5)
            sock.sendall(b"GET /_mock/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            sockets.append(sock)
        latencies = sorted(health_latency(mock) for _ in range(20))
        assert latencies[len(latencies) // 2] < 0.1, latencies
    finally:
        for sock in sockets:
            sock.close()


def test_a_thousand_concurrent_connections(mock):
    barrier = threading.Barrier(50)

    def client(index: int) -> list[int]:
        statuses = []
        conns = []
        try:
            for _ in range(20):
                conns.append(socket.create_connection(("127.0.0.1", mock.port), timeout=30))
            if index < 50:
                barrier.wait(timeout=30)
            for sock in conns:
                sock.sendall(b"GET /_mock/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            for sock in conns:
                data = b""
                while True:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                statuses.append(status_of(data))
        finally:
            for sock in conns:
                sock.close()
        return statuses

    with ThreadPoolExecutor(max_workers=50) as pool:
        results = [status for statuses in pool.map(client, range(50)) for status in statuses]
    assert len(results) == 1000
    assert results.count(200) == 1000, {status: results.count(status) for status in set(results)}
    assert health_latency(mock) < 1.0


def test_64_parallel_trip_writers_on_one_driver_end_with_exact_counts(mock):
    driver = "robust-trips"
    mock.call("PUT", f"/iql/v1/driver/{driver}/info", {"country": "USA", "state": "AZ"}, headers=IQL)

    def write(index: int) -> int:
        # Two writers per day on 32 past days: each request adds 2 trips to the same driver.
        date = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400 * (1 + index % 32)))
        status, body = mock.request(
            "POST", f"/iql/v1/testing/driver/{driver}/mock_trips",
            {"date": date, "count": 2, "distance_miles_each": 1}, headers=IQL,
        )
        assert status == 200, body
        return status

    with ThreadPoolExecutor(max_workers=64) as pool:
        statuses = list(pool.map(write, range(64)))
    assert statuses == [200] * 64
    status = mock.call("GET", f"/iql/v1/driver/{driver}/status", headers=IQL)
    assert status["metrics"]["trips_count"] == 128
    trips = mock.call("GET", f"/iql/v1/driver/{driver}/trips?limit=100", headers=IQL)
    seen = len(trips["trips"])
    cursor = trips.get("next_cursor")
    while cursor:
        page = mock.call("GET", f"/iql/v1/driver/{driver}/trips?limit=100&cursor={cursor}", headers=IQL)
        seen += len(page["trips"])
        cursor = page.get("next_cursor")
    assert seen == 128


def test_the_fuzz_corpus_survives_export_import_and_restart():
    """Control.md §11, "what is accepted can be restored": bench/fuzz_control.py's generators
    (mutated bodies, paths, state documents, 1 MB overrides, 62 KB of headers, 65 KB unknown
    paths) sent for 45 s to a server with --persist; then every tenant's export imports again
    and a restart restores every tenant, nothing set aside, with the same stores. No 5xx, no
    undocumented status, RSS within 8 tenants × 16 MB plus fixed costs."""
    import subprocess
    import sys
    from pathlib import Path

    from mockserver import REPO_ROOT, binary_path

    result = subprocess.run(
        [sys.executable, str(Path(REPO_ROOT) / "bench" / "fuzz_control.py"), "--binary", str(binary_path()),
         "--duration", "45", "--seed", "20261128", "--round-trip"],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=400,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "round trip: 3 tenants exported, imported and restored" in result.stdout, result.stdout
