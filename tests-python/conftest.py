"""Puts the shared helpers of ``tests-python/support`` (the mock server process, the webhook receiver) on the import path."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
