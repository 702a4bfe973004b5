"""A threaded webhook receiver for the interop and fault tests.

Every POST is checked the way a publisher would check it: `Authorization: APIKEY <key>` and a
Standard Webhooks signature verified with the official `standardwebhooks` package
(`standardwebhooks.webhooks.Webhook.verify`). Each request is then answered according to a
fault decision:

- ``"ok"``      -> 200 (counted as a 2xx acknowledgement of its ``webhook-id``)
- ``"500"``     -> 500
- ``"timeout"`` -> sleeps ``timeout_sleep`` seconds (longer than the sender's timeout), then
                   drops the connection without answering (the sender has given up already, so
                   a late 200 would be an acknowledgement it never saw)
- ``"drop"``    -> closes the connection without writing a response

A delivery that fails authentication or verification gets 401 and is recorded in
``rejections``; it never reaches the fault decision.

Standard library only, apart from ``standardwebhooks``.
"""

from __future__ import annotations

import collections
import dataclasses
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Optional

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

OK, FAIL_500, TIMEOUT, DROP = "ok", "500", "timeout", "drop"
FAULTS = (OK, FAIL_500, TIMEOUT, DROP)

# (webhook_id, attempt number for that id starting at 1, failures in a row so far) -> fault
FaultPlan = Callable[[str, int, int], str]


@dataclasses.dataclass
class Delivery:
    """One request as the receiver saw it."""

    webhook_id: str
    headers: dict
    body: bytes
    received_at: float  # time.monotonic()
    verified: bool
    fault: Optional[str]  # None when rejected before the fault decision
    error: Optional[str] = None


class Receiver:
    """Holds the state; ``start()`` serves it on 127.0.0.1 on a free port."""

    def __init__(
        self,
        secrets: list[str] | str | None = None,
        api_key: str = "mock-api-key",
        fault_plan: Optional[FaultPlan] = None,
        max_consecutive_failures: int = 3,
        timeout_sleep: float = 1.0,
    ):
        if isinstance(secrets, str):
            secrets = [secrets]
        self._secrets: list[str] = list(secrets or [])
        self.api_key = api_key
        self.fault_plan = fault_plan
        self.max_consecutive_failures = max_consecutive_failures
        self.timeout_sleep = timeout_sleep
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.deliveries: list[Delivery] = []
        self.verified: dict[str, list[Delivery]] = collections.defaultdict(list)
        self.rejections: list[Delivery] = []
        self.acks_2xx: collections.Counter[str] = collections.Counter()
        self.faults: collections.Counter[str] = collections.Counter()
        self._attempts: collections.Counter[str] = collections.Counter()
        self._in_a_row: collections.Counter[str] = collections.Counter()
        self._stopping = threading.Event()
        self.server: Optional[ThreadingHTTPServer] = None
        self._thread: Optional[threading.Thread] = None

    # -- configuration ---------------------------------------------------------------------

    def set_secrets(self, secrets: list[str] | str) -> None:
        """Secrets a delivery may verify with (any one is enough)."""
        with self.lock:
            self._secrets = [secrets] if isinstance(secrets, str) else list(secrets)

    @property
    def url(self) -> str:
        assert self.server is not None, "receiver not started"
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/hooks"

    # -- queries ---------------------------------------------------------------------------

    def wait_for(self, predicate: Callable[["Receiver"], bool], timeout: float) -> bool:
        """Waits (bounded) until ``predicate(self)`` holds; returns whether it did."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while not predicate(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.changed.wait(min(left, 0.25))
            return True

    def verified_ids(self) -> set[str]:
        with self.lock:
            return set(self.verified)

    # -- serving ---------------------------------------------------------------------------

    def start(self) -> "Receiver":
        receiver = self

        class Handler(_Handler):
            owner = receiver

        self.server = _Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> "Receiver":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- per request -----------------------------------------------------------------------

    def _verify(self, body: bytes, headers: dict) -> tuple[bool, Optional[str]]:
        if headers.get("authorization") != f"APIKEY {self.api_key}":
            return False, f"bad Authorization header: {headers.get('authorization')!r}"
        with self.lock:
            secrets = list(self._secrets)
        if not secrets:
            return False, "receiver has no secret"
        last = "no secret"
        for secret in secrets:
            try:
                Webhook(secret).verify(body, headers)
                return True, None
            except WebhookVerificationError as error:
                last = f"WebhookVerificationError: {error}"
            except Exception as error:  # malformed header, undecodable base64, ...
                last = f"{type(error).__name__}: {error}"
        return False, last

    def _decide(self, webhook_id: str) -> str:
        """Chooses the answer for one verified request; caps failures in a row per id."""
        with self.lock:
            self._attempts[webhook_id] += 1
            attempt = self._attempts[webhook_id]
            in_a_row = self._in_a_row[webhook_id]
            fault = OK
            if self.fault_plan is not None and in_a_row < self.max_consecutive_failures:
                fault = self.fault_plan(webhook_id, attempt, in_a_row)
                if fault not in FAULTS:
                    raise ValueError(f"unknown fault {fault!r}")
            self._in_a_row[webhook_id] = 0 if fault == OK else in_a_row + 1
            self.faults[fault] += 1
            return fault

    def _record(self, delivery: Delivery, ack: bool) -> None:
        with self.changed:
            self.deliveries.append(delivery)
            if delivery.verified:
                self.verified[delivery.webhook_id].append(delivery)
            else:
                self.rejections.append(delivery)
            if ack:
                self.acks_2xx[delivery.webhook_id] += 1
            self.changed.notify_all()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        """A sender that hangs up (its timeout, or the mock stopping) is no error here."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    owner: Receiver
    protocol_version = "HTTP/1.1"  # keep-alive, as a real receiver would offer

    def log_message(self, format, *args):  # quiet
        pass

    def do_POST(self):
        owner = self.owner
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {name.lower(): value for name, value in self.headers.items()}
        webhook_id = headers.get("webhook-id", "")
        now = time.monotonic()
        verified, error = owner._verify(body, headers)
        if not verified:
            owner._record(Delivery(webhook_id, headers, body, now, False, None, error), ack=False)
            self._answer(401, b'{"error":"verification failed"}')
            return
        fault = owner._decide(webhook_id)
        delivery = Delivery(webhook_id, headers, body, now, True, fault)
        if fault == OK:
            # Counted before the bytes go out, so a waiter never misses an ack it was sent.
            owner._record(delivery, ack=True)
            self._answer(200, b'{"ok":true}')
        elif fault == FAIL_500:
            owner._record(delivery, ack=False)
            self._answer(500, b'{"error":"injected 500"}')
        elif fault == TIMEOUT:
            owner._record(delivery, ack=False)
            owner._stopping.wait(owner.timeout_sleep)
            self._drop()
        else:
            owner._record(delivery, ack=False)
            self._drop()

    def _answer(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def _drop(self) -> None:
        """Closes the connection with no response (RST, so the sender sees it at once)."""
        self.close_connection = True
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
