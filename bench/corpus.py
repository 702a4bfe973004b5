#!/usr/bin/env python3
"""A recorded corpus of responses for every operation, compared between two builds: the safety
net for work that must keep every response byte for byte (issue "One pass per request").

Each binary is started with `--seed 42` on a fresh --data-dir, the tenant clock is frozen, a
short flow gives the tenant a qualified driver, a device token, a push campaign and an outbox
entry, and then every operation of every served document is called once, in document order,
with its path parameters (the set-up driver, offer and member where the name says so),
required query parameters and request body taken from the document's examples (destructive
operations — DELETE, reset, scenario apply, state import, a config change — last), after the
front door's own cases (`EDGES`: 404s, 405, HEAD, odd paths and parameters, bad bodies). Status, headers (without `Date`) and body are recorded. The first binary runs twice: an
answer that differs between those two runs (a pass's signing time, a development certificate)
(instants relative to the wall clock at start, metrics' timings) is volatile and compared by
status and headers (but `Content-Length`) only.

Usage: bench/corpus.py BEFORE_BINARY AFTER_BINARY [--show 5]
Exit status 1 when an answer differs.
"""
from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import socket
import subprocess
import sys
import time

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import data_dir, require_binary, resolve  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHODS = ["get", "put", "post", "patch", "delete"]
AUTH = {
    "iql": {"Authorization": "APIKEY mock-api-key"},
    "campaigns": {"Authorization": "Bearer corpus"},
    "loyalty": {"Poq-User-Id": "member-gold"},
}
PATH_VALUES = {
    "driver_id": "d1", "user_id": "d1", "driverId": "d1", "ad_id": "ad_default_001", "offer_id": "ad_default_001",
    "tenant": "corpus", "name": "new-driver", "campaign_id": "default_mock_campaign", "client_uuid": "client-1",
    "member_id": "member-gold", "platform": "IOS",
}
SETUP = [
    ("POST", "/_mock/clock", {}, {"now": "2024-06-10T12:00:00Z"}),
    ("PUT", "/iql/v1/driver/d1/info", AUTH["iql"], {"country": "USA", "state": "AZ", "zipcode": "85004"}),
    ("POST", "/iql/v1/testing/driver/d1/mock_trips", AUTH["iql"], {"date": "2024-06-07", "count": 2, "distance_miles_each": 3}),
    ("POST", "/iql/v1/testing/driver/d1/mock_trips", AUTH["iql"], {"date": "2024-06-08", "count": 2, "distance_miles_each": 3}),
    ("POST", "/iql/v1/testing/driver/d1/mock_trips", AUTH["iql"], {"date": "2024-06-09", "count": 2, "distance_miles_each": 3}),
    ("POST", "/publisher/v1/drivers/d1/device_token", {},
     {"token": "a3f1c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90", "platform": "ios", "bundle_id": "com.example.app"}),
]


# What the front door decides before any operation runs: unknown routes (with their hint),
# wrong methods (405 and Allow), HEAD, empty and encoded path parameters, repeated and trailing
# slashes, refused query parameters, an Accept the contract does not offer, malformed and
# non-JSON bodies, a missing API key and a tenant path.
EDGES = [
    ("GET", "/iql/v1/driver/d1/statu", AUTH["iql"], None),
    ("DELETE", "/iql/v1/driver/d1/status", AUTH["iql"], None),
    ("HEAD", "/iql/v1/driver/d1/status", AUTH["iql"], None),
    ("GET", "/iql/v1/driver/d1%2Fx/status", AUTH["iql"], None),
    ("GET", "/iql/v1/driver/user%40example.com/status", AUTH["iql"], None),
    ("GET", "//iql//v1/driver/d1/status/", AUTH["iql"], None),
    ("GET", "/iql/v1/driver/d1/trips?limit=abc", AUTH["iql"], None),
    ("GET", "/_mock/requests?limit=abc", {}, None),
    ("GET", "/_mock/campaigns/", {}, None),
    ("POST", "/_mock/campaigns//send", {}, {}),
    ("GET", "/iql/v1/driver/d1/status", {**AUTH["iql"], "Accept": "application/xml"}, None),
    ("GET", "/iql/v1/driver/d1/status", {}, None),
    ("PUT", "/iql/v1/driver/d1/info", AUTH["iql"], "{not json"),
    ("GET", "/t/corpus-edge/iql/v1/driver/d9/status", AUTH["iql"], None),
    ("GET", "/_mock/openapi/iql.yaml", {}, None),
    ("GET", "/_mock/openapi/nope.yaml", {}, None),
    ("GET", "/nowhere", {}, None),
]


def example_of(node):
    """The first example a schema, parameter or media type gives."""
    if not isinstance(node, dict):
        return None
    if "example" in node:
        return node["example"]
    examples = node.get("examples")
    if isinstance(examples, dict) and examples:
        first = next(iter(examples.values()))
        return first.get("value") if isinstance(first, dict) else first
    if isinstance(examples, list) and examples:
        return examples[0]
    schema = node.get("schema")
    if isinstance(schema, dict):
        if "example" in schema:
            return schema["example"]
        if schema.get("enum"):
            return schema["enum"][0]
    return None


def requests_of(name, document):
    """(method, path, headers, body) for every operation of one document."""
    out = []
    for path, item in document.get("paths", {}).items():
        shared = item.get("parameters", [])
        for method in METHODS:
            operation = item.get(method)
            if not operation:
                continue
            parameters = [resolve(document, p) for p in shared + operation.get("parameters", [])]
            concrete, query = path, []
            for parameter in parameters:
                value = example_of(parameter)
                if parameter.get("in") == "path":
                    value = PATH_VALUES.get(parameter["name"], value if value is not None else "x")
                    concrete = concrete.replace("{" + parameter["name"] + "}", str(value))
                elif parameter.get("in") == "query" and parameter.get("required") and value is not None:
                    query.append(f"{parameter['name']}={value}")
            if query:
                concrete += "?" + "&".join(query)
            body = None
            content = resolve(document, operation.get("requestBody", {})).get("content", {})
            if "application/json" in content:
                body = example_of(content["application/json"])
                if body is None:
                    body = {}
            out.append((method.upper(), concrete, AUTH.get(name, {}), body))
    return out


def destructive(request):
    method, path, _, _ = request
    return (method == "DELETE" or path.endswith("/reset") or path.endswith("/apply")
            or (method == "PUT" and path.endswith("/state")) or (method == "PATCH" and path.endswith("/_mock/config")))


def corpus_requests():
    documents = {}
    for file in sorted(os.listdir(os.path.join(ROOT, "openapi"))):
        if file.endswith(".yaml"):
            with open(os.path.join(ROOT, "openapi", file), encoding="utf-8") as f:
                documents[file[:-5]] = yaml.safe_load(f)
    operations = [r for name, document in documents.items() for r in requests_of(name, document)]
    return SETUP + EDGES + [r for r in operations if not destructive(r)] + [r for r in operations if destructive(r)]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def record(binary, requests):
    """Every answer of one fresh server: (status, headers without Date, body digest, body text)."""
    port = free_port()
    server = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--seed", "42", "--log-level", "error", "--data-dir", data_dir()],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(500):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.02)
        answers = []
        for method, path, headers, body in requests:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            data = None if body is None else body.encode() if isinstance(body, str) else json.dumps(body).encode()
            sent = dict(headers)
            if data is not None:
                sent["Content-Type"] = "application/json"
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            payload = b"" if method == "HEAD" else response.read()
            kept = sorted((k.lower(), v) for k, v in response.getheaders() if k.lower() != "date")
            answers.append((response.status, kept, hashlib.sha256(payload).hexdigest(), payload[:300]))
            connection.close()
        return answers
    finally:
        server.terminate()
        server.wait(timeout=10)


def unsized(headers):
    return [(name, value) for name, value in headers if name != "content-length"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--show", type=int, default=5, help="differences to print in full")
    args = parser.parse_args()
    before, after = require_binary(args.before), require_binary(args.after)
    requests = corpus_requests()
    first, second, third = record(before, requests), record(before, requests), record(after, requests)
    volatile = {i for i, (a, b) in enumerate(zip(first, second)) if a != b}
    differences = []
    for i, (request, a, b) in enumerate(zip(requests, first, third)):
        same = (a[0], unsized(a[1])) == (b[0], unsized(b[1])) if i in volatile else a == b
        if not same:
            differences.append((request, a, b))
    statuses = {}
    for answer in first:
        statuses[answer[0]] = statuses.get(answer[0], 0) + 1
    print(f"{len(requests)} requests ({len(SETUP)} setup), statuses {dict(sorted(statuses.items()))}; "
          f"{len(volatile)} volatile between two runs of {args.before} (compared by status and headers)")
    for i in sorted(volatile):
        print(f"  volatile: {requests[i][0]} {requests[i][1]}")
    for (method, path, _, _), a, b in differences[: args.show]:
        print(f"DIFFERS {method} {path}\n  before {a[0]} {a[1]} {a[3]!r}\n  after  {b[0]} {b[1]} {b[3]!r}")
    if differences:
        sys.exit(f"{len(differences)} of {len(requests)} answers differ")
    print(f"every answer of {args.after} is byte for byte that of {args.before}")


if __name__ == "__main__":
    main()
