"""What every bench script needs before it starts a server: the binary it measures, with a clear
word when that build is missing, and a temporary --data-dir, so a run leaves nothing in the
repository (the development Wallet chain is made there) and never reads an earlier run's."""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

RELEASE_BUILD = "swift build -c release --product mock-platform --scratch-path .build-release"


def require_binary(path: str) -> str:
    """The absolute path of ``path``; exits with the command that builds it when it is missing."""
    binary = os.path.abspath(path)
    if not os.access(binary, os.X_OK):
        sys.exit(f"{path} is missing: build it first with `{RELEASE_BUILD}` (benchmarks measure release builds)")
    return binary


def data_dir() -> str:
    """A fresh temporary folder for --data-dir, removed when the script ends."""
    folder = tempfile.mkdtemp(prefix="mock-platform-bench-")
    atexit.register(shutil.rmtree, folder, True)
    return folder


def resolve(document: dict, node):
    """``node`` with its ``$ref`` chain followed inside ``document`` (an OpenAPI document)."""
    while isinstance(node, dict) and "$ref" in node:
        target = document
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node
