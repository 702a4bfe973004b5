#!/usr/bin/env python3
"""A Python OpenAPI mock for bench/hotpath.sh: connexion 3 in mock mode (examples from the
spec, `MockResolver(mock_all=True)`) on uvicorn with one worker, serving openapi/iql.yaml
rewritten to OpenAPI 3.0 (connexion 3 does not accept 3.1 documents; see to_openapi_30).
`GET /_connexion_ready` answers 200 once the app is built.

Usage: python3 bench/connexion_mock.py --port 8090 --spec openapi/iql.yaml
"""
import argparse
import logging

import connexion
import uvicorn
from connexion.mock import MockResolver

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--spec", default="openapi/iql.yaml")
args = parser.parse_args()

import os
import tempfile

import yaml


def api_key_info(value, required_scopes=None):
    return {"sub": "publisher"} if value == "APIKEY mock-api-key" else None


def to_openapi_30(node):
    """connexion 3 validates documents against the OpenAPI 3.0 schema and refuses `openapi:
    3.1.0`; our documents use 3.1 only for `type: [T, "null"]` and `examples` lists in schemas.
    Those are rewritten to their 3.0 spelling (`nullable: true`, `example`) and the
    top-level `webhooks` (not routes) dropped; the paths are served as written."""
    if isinstance(node, dict):
        out = {k: to_openapi_30(v) for k, v in node.items()}
        t = out.get("type")
        if isinstance(t, list):
            rest = [x for x in t if x != "null"]
            out["type"] = rest[0] if len(rest) == 1 else "string"
            if "null" in t:
                out["nullable"] = True
        if isinstance(out.get("examples"), list) and "type" in out:
            if out["examples"]:
                out["example"] = out["examples"][0]
            del out["examples"]
        if "const" in out:
            out["enum"] = [out.pop("const")]
        return out
    if isinstance(node, list):
        return [to_openapi_30(v) for v in node]
    return node


with open(args.spec) as f:
    document = to_openapi_30(yaml.safe_load(f))
document["openapi"] = "3.0.3"
# 3.1-only top-level entries (the outgoing webhooks) are not routes; 3.0 has no place for them.
for key in ("webhooks", "jsonSchemaDialect"):
    document.pop(key, None)
document.get("info", {}).pop("summary", None)
# The API key check, as our mock makes it (`Authorization: APIKEY mock-api-key`).
for scheme in document.get("components", {}).get("securitySchemes", {}).values():
    if scheme.get("type") == "apiKey":
        scheme["x-apikeyInfoFunc"] = "__main__.api_key_info"
document.get("info", {}).get("license", {}).pop("identifier", None)
spec_dir = tempfile.mkdtemp()
with open(os.path.join(spec_dir, "spec.yaml"), "w") as f:
    yaml.safe_dump(document, f)

app = connexion.AsyncApp(__name__, specification_dir=spec_dir)
# Mock mode: every operation answers its documented example; request validation stays on.
app.add_api("spec.yaml", resolver=MockResolver(mock_all=True), validate_responses=False)


async def outer(scope, receive, send):
    if scope["type"] == "http" and scope["path"] == "/_connexion_ready":
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})
        return
    await app(scope, receive, send)


logging.getLogger("uvicorn.access").disabled = True
uvicorn.run(outer, host="127.0.0.1", port=args.port, log_level="warning", access_log=False, loop="uvloop", http="httptools")
