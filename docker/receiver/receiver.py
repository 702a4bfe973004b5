"""An example publisher-backend webhook receiver for mock-platform (docker/compose.yaml).

It checks every delivery the way a publisher backend would, with the Python standard library
only: the Standard Webhooks signature (``webhook-signature``: one or more space-separated
``v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">``, keyed with the base64
text after ``whsec_`` of the endpoint secret), and a ``webhook-timestamp`` within 5 minutes of
now. A verified delivery is logged as one JSON line and answered 204; anything else gets 401 and
a log line saying why. A ``webhook-id`` seen before is still answered 204 (the mock retries and
replays with the same id) and logged as a duplicate.

Configuration, by environment:

- ``HOST`` (0.0.0.0), ``PORT`` (9000) and ``WEBHOOK_PATH`` (``/webhooks``): where deliveries
  are accepted. ``GET /health`` answers 200.
- ``WEBHOOK_SECRET``: the endpoint secret(s), ``whsec_...``, separated by spaces or commas. Use
  it when the secret is fixed, e.g. by a ``webhooks.json`` fixture (Resources/README.md).
- ``MOCK_CONTROL_URL`` (e.g. ``http://mock:8080``): when set, the secrets of the mock's webhook
  endpoints are also read from ``GET {MOCK_CONTROL_URL}/_mock/webhooks/endpoints``, on the first
  delivery and again whenever a signature matches none of the known secrets (at most four times
  a second). That suits ``--webhook-url``, whose secret the mock generates, and follows a reset
  or a rotated secret. ``MOCK_ADMIN_TOKEN`` is sent as a bearer token when the mock needs one.
- ``WEBHOOK_API_KEY``: when set, ``Authorization: APIKEY <key>`` is required as well (the mock
  sends the tenant's first API key, ``mock-api-key`` by default).

Run it by hand: ``WEBHOOK_SECRET=whsec_... python3 receiver.py``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOLERANCE_SECONDS = 5 * 60
REFRESH_INTERVAL_SECONDS = 0.25
MAX_BODY_BYTES = 10 * 1024 * 1024


class VerificationError(Exception):
    pass


def secret_key(secret: str) -> bytes:
    """The HMAC key of a ``whsec_`` secret."""
    text = secret.strip()
    try:
        if not text.startswith("whsec_"):
            raise ValueError
        key = base64.b64decode(text[len("whsec_"):], validate=True)
        if not key:
            raise ValueError
        return key
    except (binascii.Error, ValueError):
        raise ValueError(f"not a whsec_<base64> secret: {text[:10]}...") from None


def sign(key: bytes, webhook_id: str, timestamp: str, body: bytes) -> str:
    signed = f"{webhook_id}.{timestamp}.".encode() + body
    return base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def verify(keys: list[bytes], headers, body: bytes, now: float | None = None) -> None:
    """Raises VerificationError unless one of ``keys`` signed this delivery recently."""
    webhook_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signature_header = headers.get("webhook-signature")
    if not webhook_id or not timestamp or not signature_header:
        raise VerificationError("missing webhook-id, webhook-timestamp or webhook-signature")
    try:
        sent_at = int(timestamp)
    except ValueError:
        raise VerificationError(f"webhook-timestamp is not a number: {timestamp!r}") from None
    now = time.time() if now is None else now
    if abs(now - sent_at) > TOLERANCE_SECONDS:
        raise VerificationError(f"webhook-timestamp {sent_at} is more than {TOLERANCE_SECONDS} s from now")
    if not keys:
        raise VerificationError("no secret is known: set WEBHOOK_SECRET or MOCK_CONTROL_URL")
    offered = [
        entry.split(",", 1)[1]
        for entry in signature_header.split()
        if entry.startswith("v1,")
    ]
    for key in keys:
        expected = sign(key, webhook_id, timestamp, body)
        if any(hmac.compare_digest(expected, candidate) for candidate in offered):
            return
    raise VerificationError("no v1 signature matches a known secret")


class Secrets:
    """The fixed secrets plus, with MOCK_CONTROL_URL, those the mock's endpoints have now."""

    def __init__(self, fixed: list[str], control_url: str | None, admin_token: str | None):
        self.fixed = [secret_key(secret) for secret in fixed]
        self.control_url = control_url.rstrip("/") if control_url else None
        self.admin_token = admin_token
        self.lock = threading.Lock()
        self.fetched: list[bytes] = []
        self.fetched_at: float | None = None

    def keys(self) -> list[bytes]:
        with self.lock:
            if self.control_url and self.fetched_at is None:
                self._refresh()
            return self.fixed + self.fetched

    def refresh(self) -> None:
        """Reads the mock's secrets again, unless there is no mock to ask or it was just asked."""
        with self.lock:
            if not self.control_url:
                return
            if self.fetched_at is not None and time.monotonic() - self.fetched_at < REFRESH_INTERVAL_SECONDS:
                return
            self._refresh()

    def _refresh(self) -> None:
        self.fetched_at = time.monotonic()
        request = urllib.request.Request(f"{self.control_url}/_mock/webhooks/endpoints")
        if self.admin_token:
            request.add_header("Authorization", f"Bearer {self.admin_token}")
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                endpoints = json.load(response)["endpoints"]
            self.fetched = [secret_key(endpoint["secret"]) for endpoint in endpoints]
            log(event="secrets_fetched", endpoints=len(self.fetched), source=self.control_url)
        except Exception as error:  # noqa: BLE001 - logged; the fixed secrets still apply
            log(event="secrets_fetch_failed", source=self.control_url, error=str(error))


def log(**fields) -> None:
    fields = {"at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **fields}
    print(json.dumps(fields, separators=(",", ":")), flush=True)


class Handler(BaseHTTPRequestHandler):
    server_version = "mock-platform-example-receiver"
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._answer(200 if self.path == "/health" else 404)

    def do_POST(self) -> None:
        app: Receiver = self.server.app  # type: ignore[attr-defined]
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            self._answer(413)
            self.close_connection = True
            return
        body = self.rfile.read(length)
        if self.path.split("?", 1)[0] != app.path:
            self._answer(404)
            return
        webhook_id = self.headers.get("webhook-id")
        try:
            if app.api_key is not None and self.headers.get("Authorization") != f"APIKEY {app.api_key}":
                raise VerificationError("Authorization is not APIKEY <WEBHOOK_API_KEY>")
            try:
                verify(app.secrets.keys(), self.headers, body)
            except VerificationError:
                # The mock may have a new secret (reset, rotation): ask it again (or use what
                # another delivery just fetched), then check once more.
                app.secrets.refresh()
                verify(app.secrets.keys(), self.headers, body)
        except VerificationError as error:
            log(event="rejected", status=401, webhook_id=webhook_id, reason=str(error))
            self._answer(401)
            return
        duplicate = app.seen(webhook_id)
        try:
            payload = json.loads(body)
        except ValueError:
            payload = body.decode("utf-8", "replace")
        log(event="verified", status=204, webhook_id=webhook_id, duplicate=duplicate, payload=payload)
        self._answer(204)

    def _answer(self, status: int) -> None:
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        pass  # one JSON line per delivery is logged instead


class Receiver:
    def __init__(self, secrets: Secrets, path: str, api_key: str | None):
        self.secrets = secrets
        self.path = path
        self.api_key = api_key
        self.lock = threading.Lock()
        self.ids: set[str] = set()

    def seen(self, webhook_id: str) -> bool:
        with self.lock:
            if webhook_id in self.ids:
                return True
            self.ids.add(webhook_id)
            return False


def main() -> int:
    environment = os.environ
    fixed = [part for part in environment.get("WEBHOOK_SECRET", "").replace(",", " ").split() if part]
    control_url = environment.get("MOCK_CONTROL_URL") or None
    if not fixed and not control_url:
        print("receiver: set WEBHOOK_SECRET (whsec_...) or MOCK_CONTROL_URL (the mock's base URL)", file=sys.stderr)
        return 2
    try:
        secrets = Secrets(fixed, control_url, environment.get("MOCK_ADMIN_TOKEN") or None)
    except ValueError as error:
        print(f"receiver: WEBHOOK_SECRET: {error}", file=sys.stderr)
        return 2
    port = int(environment.get("PORT", "9000"))
    path = environment.get("WEBHOOK_PATH", "/webhooks")
    app = Receiver(secrets, path, environment.get("WEBHOOK_API_KEY") or None)
    server = ThreadingHTTPServer((environment.get("HOST", "0.0.0.0"), port), Handler)
    server.app = app  # type: ignore[attr-defined]
    server.daemon_threads = True
    log(event="listening", port=server.server_address[1], path=path,
        fixed_secrets=len(secrets.fixed), control_url=control_url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
