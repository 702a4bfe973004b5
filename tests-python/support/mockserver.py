"""Starts the mock-platform binary on a free port and talks to its control API.

The binary comes from ``MOCK_PLATFORM_BINARY`` (default: the debug build of the repository this
file lives in); it runs with the repository root as its working directory, so the default
fixtures (``Resources/fixtures``) are found.
"""

from __future__ import annotations

import collections
import http.client
import json
import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Optional

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_BINARY = REPO_ROOT / ".build" / "debug" / "mock-platform"
# Every webhook event kind (openapi/control.yaml EventKind).
EVENT_KINDS = [
    "engagement",
    "qualification",
    "non_telematics_qualification",
    "offer_click",
    "offer_retraction",
    "disqualification_status",
    "silent_push_notification",
]
READY_LINE = re.compile(r"mock-platform listening on http://127\.0\.0\.1:(\d+)")


def binary_path() -> Path:
    return Path(os.environ.get("MOCK_PLATFORM_BINARY") or DEFAULT_BINARY)


def fixtures_copy(destination: Path, **tenant_settings: Any) -> Path:
    """Copies ``Resources/fixtures`` to ``destination`` with ``tenant_settings`` merged into tenant.json."""
    shutil.copytree(REPO_ROOT / "Resources" / "fixtures", destination)
    tenant_file = destination / "tenant.json"
    tenant = json.loads(tenant_file.read_text())
    tenant.update(tenant_settings)
    tenant_file.write_text(json.dumps(tenant, indent=2))
    return destination


class MockServer:
    """One ``mock-platform serve --port 0`` process; ``stop()`` ends it."""

    def __init__(self, *extra_args: str, binary: Optional[Path] = None, ready_timeout: float = 60.0):
        self.binary = Path(binary or binary_path())
        if not self.binary.is_file():
            raise FileNotFoundError(f"{self.binary} is missing: run `swift build` in {REPO_ROOT} or set MOCK_PLATFORM_BINARY")
        args = [str(self.binary), "serve", "--port", "0", "--log-level", "warning", *extra_args]
        self.output: collections.deque[str] = collections.deque(maxlen=200)
        # Only the flags given here: no MOCK_PLATFORM_* setting (webhook URL, admin token, ...) leaks in.
        env = {key: value for key, value in os.environ.items() if not key.startswith("MOCK_PLATFORM_")}
        self.process = subprocess.Popen(
            args, cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True
        )
        self._port: Optional[int] = None
        self._ready = threading.Event()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()
        if not self._ready.wait(ready_timeout) or self._port is None:
            self.stop()
            raise RuntimeError(f"mock-platform did not report ready within {ready_timeout} s: {list(self.output)}")
        self._local = threading.local()

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))
            if self._port is None:
                match = READY_LINE.search(line)
                if match:
                    self._port = int(match.group(1))
                    self._ready.set()
        self._ready.set()  # process ended

    @property
    def port(self) -> int:
        assert self._port is not None
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self._reader.join(timeout=5)

    def __enter__(self) -> "MockServer":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- HTTP --------------------------------------------------------------------------------

    def _connection(self) -> http.client.HTTPConnection:
        """One keep-alive connection per thread."""
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self._local.connection = connection
        return connection

    def request(self, method: str, path: str, body: Any = None, headers: Optional[dict] = None) -> tuple[int, Any]:
        """Sends one request; answers (status, parsed JSON or None). Retries once on a stale connection."""
        status, _, data = self.exchange(method, path, body, headers)
        return status, data

    def exchange(self, method: str, path: str, body: Any = None, headers: Optional[dict] = None) -> tuple[int, dict, Any]:
        """Like ``request``, also answering the response headers (lower-case names)."""
        status, response_headers, raw = self.exchange_raw(method, path, body, headers)
        return status, response_headers, (json.loads(raw) if raw else None)

    def exchange_raw(self, method: str, path: str, body: Any = None, headers: Optional[dict] = None) -> tuple[int, dict, bytes]:
        """One request; answers (status, lower-case headers, body bytes). Retries once on a stale connection."""
        payload = None if body is None else json.dumps(body).encode()
        headers = {**({"Content-Type": "application/json"} if payload is not None else {}), **(headers or {})}
        for attempt in range(2):
            connection = self._connection()
            try:
                connection.request(method, path, body=payload, headers=headers)
                response = connection.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                connection.close()
                self._local.connection = None
                if attempt == 1:
                    raise
        return response.status, {name.lower(): value for name, value in response.getheaders()}, raw

    def call(self, method: str, path: str, body: Any = None, expect: int = 200, headers: Optional[dict] = None) -> Any:
        status, data = self.request(method, path, body, headers)
        if status != expect:
            raise AssertionError(f"{method} {path} -> {status} (expected {expect}): {data}")
        return data

    # -- control API shortcuts (tenant default) ---------------------------------------------

    def tenant(self, name: str) -> "TenantAPI":
        """The control API of tenant ``name`` (``/t/{name}/_mock/...``)."""
        return TenantAPI(self, name)

    def __getattr__(self, name: str) -> Any:
        if name in TenantAPI.SHORTCUTS:
            return getattr(TenantAPI(self, "default"), name)
        raise AttributeError(name)


class TenantAPI:
    """Shortcuts for one tenant's ``/_mock`` routes."""

    SHORTCUTS = {"create_endpoint", "rotate_secret", "trigger", "messages", "events", "set_clock", "wait_until_settled", "path"}

    def __init__(self, server: MockServer, name: str):
        self.server = server
        self.name = name

    def path(self, route: str) -> str:
        return route if self.name == "default" else f"/t/{self.name}{route}"

    def create_endpoint(self, url: str, **fields: Any) -> dict:
        return self.server.call("POST", self.path("/_mock/webhooks/endpoints"), {"url": url, **fields}, expect=201)

    def rotate_secret(self, endpoint_id: str) -> dict:
        return self.server.call("POST", self.path(f"/_mock/webhooks/endpoints/{endpoint_id}/rotate-secret"))

    def trigger(self, event: str, driver_id: str, **fields: Any) -> dict:
        body = {"event": event, "driver_id": driver_id, **fields}
        return self.server.call("POST", self.path("/_mock/webhooks/trigger"), body, expect=202)

    def messages(self, **filters: str) -> list[dict]:
        query = "&".join(f"{key}={value}" for key, value in filters.items())
        return self.server.call("GET", self.path("/_mock/webhooks/messages") + (f"?{query}" if query else ""))["messages"]

    def events(self) -> list[dict]:
        return self.server.call("GET", self.path("/_mock/events"))["events"]

    def set_clock(self, **change: Any) -> dict:
        return self.server.call("POST", self.path("/_mock/clock"), change)

    def wait_until_settled(self, timeout: float, interval: float = 0.25) -> list[dict]:
        """Polls (bounded) until no message is pending; answers the last pending list (empty = settled)."""
        deadline = time.monotonic() + timeout
        while True:
            pending = self.messages(status="pending")
            if not pending or time.monotonic() >= deadline:
                return pending
            time.sleep(interval)
