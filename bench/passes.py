"""Wallet passes built and signed per second, end to end over HTTP (issue 9: target ≥ 300/s).

Starts the given mock-platform binary (a release build) on a free port with a fresh --data-dir,
then downloads the gold member's pass (`GET /loyalty/v1/wallet-pass`) from N client threads for
a fixed time; every 200 is a pass built from the member's state, zipped and CMS-signed anew.

    python3 bench/passes.py .build-release/release/mock-platform [--seconds 10] [--threads 4]
"""

from __future__ import annotations

import argparse
import http.client
import re
import subprocess
import tempfile
import threading
import time

from benchlib import require_binary

PASS_TYPE = "pass.com.example.mock.loyalty"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()
    binary = require_binary(args.binary)
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [binary, "serve", "--port", "0", "--log-level", "error", "--data-dir", data],
            stdout=subprocess.PIPE, text=True,
        )
        try:
            line = server.stdout.readline()
            port = int(re.search(r":(\d+) ", line).group(1))
            counts = [0] * args.threads
            sizes: list[int] = []
            deadline = [0.0]

            def client(index: int) -> None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                while time.monotonic() < deadline[0]:
                    connection.request("GET", f"/loyalty/v1/wallet-pass?passId={PASS_TYPE}", headers={"Poq-User-Id": "member-gold"})
                    response = connection.getresponse()
                    body = response.read()
                    assert response.status == 200, body[:200]
                    counts[index] += 1
                    if not sizes:
                        sizes.append(len(body))

            deadline[0] = time.monotonic() + 1  # warm-up
            client(0)
            counts[0] = 0
            threads = [threading.Thread(target=client, args=(i,)) for i in range(args.threads)]
            start = time.monotonic()
            deadline[0] = start + args.seconds
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.monotonic() - start
            total = sum(counts)
            print(f"{total} passes in {elapsed:.1f} s with {args.threads} clients: {total / elapsed:.0f} passes/s ({sizes[0]} bytes each)")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
