#!/usr/bin/env python3
"""Generate Resources/fixtures/zipcodes.txt (US ZIP code -> state fixture).

Source: the `zipcodes` package on PyPI (MIT), which embeds its whole ZIP
dataset in the wheel, so this script needs no network:

    pip install zipcodes==3.0.0 && python3 Resources/tools/make_zipcodes.py

Output format (read by the Swift mock server):

    # zipcodes v1 source=zipcodes==3.0.0 count=42789
    AA 34002,34004-34009,...
    AE 09002-09003,...
    ...

* line 1 is the header; `count` is the number of ZIPs in the file;
* then one line per 2-letter state/territory/military code, sorted by code:
  `<CODE> <ranges>`, ranges being a comma-separated ascending list of
  `NNNNN` or `NNNNN-NNNNN` (inclusive runs of consecutive ZIPs, always five
  digits with leading zeros);
* every ZIP appears exactly once in the file.

Rules applied to the source rows (each one is counted and printed):

* every record is kept, active or not (the source flags 1,040 ZIPs as
  inactive at 3.0.0; they are still real ZIPs with a known state);
* a row whose ZIP is not exactly five digits is dropped;
* a row whose state is not exactly two uppercase letters A-Z is dropped
  (e.g. an empty state);
* if a ZIP occurs more than once, the first row (the source's primary
  record, in the order `zipcodes.list_all()` returns) wins and later rows
  are dropped.
At zipcodes==3.0.0 all three rules drop 0 rows: the source has one record
per ZIP and every record carries a valid code.

After writing, the script re-reads the file and checks it (count matches
the header, no overlap, a few known ZIPs); it exits non-zero on failure.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from importlib.metadata import version
from pathlib import Path

PACKAGE = "zipcodes"
DEFAULT_OUTPUT = Path(__file__).resolve().parent.parent / "fixtures" / "zipcodes.txt"

ZIP_RE = re.compile(r"^[0-9]{5}$")
CODE_RE = re.compile(r"^[A-Z]{2}$")
HEADER_RE = re.compile(r"^# zipcodes v1 source=(\S+)==(\S+) count=([0-9]+)$")
RUN_RE = re.compile(r"^([0-9]{5})(?:-([0-9]{5}))?$")

# (zip, expected code, required): required=False means "check only if the
# source has it".
SPOT_CHECKS = [
    ("85004", "AZ", True),
    ("10118", "NY", True),
    ("00501", "NY", False),
    ("20500", "DC", True),
    ("99501", "AK", True),
    ("96701", "HI", True),
    ("96813", "HI", True),
    ("00601", "PR", False),
]
MUST_BE_ABSENT = ["00000", "99999"]


def load_source() -> tuple[dict[str, str], dict[str, int]]:
    """Return ({zip: code}, {drop reason: count}) from the zipcodes package."""
    import zipcodes

    zip_to_code: dict[str, str] = {}
    dropped = {"bad_zip": 0, "bad_state": 0, "duplicate_zip": 0}
    for row in zipcodes.list_all():
        zip_code = str(row.get("zip_code") or "").strip()
        code = str(row.get("state") or "").strip()
        if not ZIP_RE.match(zip_code):
            dropped["bad_zip"] += 1
            continue
        if not CODE_RE.match(code):
            dropped["bad_state"] += 1
            continue
        if zip_code in zip_to_code:
            dropped["duplicate_zip"] += 1
            continue
        zip_to_code[zip_code] = code
    return zip_to_code, dropped


def to_runs(numbers: list[int]) -> list[tuple[int, int]]:
    """Sorted unique ints -> inclusive runs of consecutive numbers."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def format_run(start: int, end: int) -> str:
    return f"{start:05d}" if start == end else f"{start:05d}-{end:05d}"


def render(zip_to_code: dict[str, str], pkg_version: str) -> str:
    by_code: dict[str, list[int]] = defaultdict(list)
    for zip_code, code in zip_to_code.items():
        by_code[code].append(int(zip_code))
    lines = [f"# zipcodes v1 source={PACKAGE}=={pkg_version} count={len(zip_to_code)}"]
    for code in sorted(by_code):
        runs = to_runs(sorted(by_code[code]))
        lines.append(f"{code} " + ",".join(format_run(a, b) for a, b in runs))
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[str, int, dict[str, str]]:
    """Parse the fixture format strictly; return (source, header count, map)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    m = HEADER_RE.match(lines[0]) if lines else None
    if not m:
        raise ValueError(f"bad header: {lines[0] if lines else ''!r}")
    source, header_count = f"{m.group(1)}=={m.group(2)}", int(m.group(3))
    result: dict[str, str] = {}
    prev_code = ""
    for lineno, line in enumerate(lines[1:], start=2):
        code, sep, ranges = line.partition(" ")
        if not sep or not CODE_RE.match(code) or code <= prev_code:
            raise ValueError(f"line {lineno}: bad or unsorted code {code!r}")
        prev_code = code
        last = -1
        for run in ranges.split(","):
            rm = RUN_RE.match(run)
            if not rm:
                raise ValueError(f"line {lineno}: bad run {run!r}")
            start = int(rm.group(1))
            end = int(rm.group(2)) if rm.group(2) else start
            if start <= last or end < start:
                raise ValueError(f"line {lineno}: run {run!r} not ascending")
            last = end
            for n in range(start, end + 1):
                z = f"{n:05d}"
                if z in result:
                    raise ValueError(f"line {lineno}: {z} already in {result[z]}")
                result[z] = code
    return source, header_count, result


def verify(path: Path, expected: dict[str, str]) -> bool:
    source, header_count, parsed = parse(path.read_text(encoding="ascii"))
    ok = True

    def check(label: str, cond: bool) -> None:
        nonlocal ok
        ok = ok and cond
        print(f"  [{'ok' if cond else 'FAIL'}] {label}")

    print(f"verify {path} (source={source})")
    check(f"parsed count {len(parsed)} == header count {header_count}",
          len(parsed) == header_count)
    check("parsed map == source map", parsed == expected)
    for zip_code, code, required in SPOT_CHECKS:
        got = parsed.get(zip_code)
        if got is None and not required and zip_code not in expected:
            print(f"  [skip] {zip_code} not in source")
            continue
        check(f"{zip_code} -> {got} (want {code})", got == code)
    for zip_code in MUST_BE_ABSENT:
        check(f"{zip_code} absent", zip_code not in parsed)
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = ap.parse_args()

    pkg_version = version(PACKAGE)
    zip_to_code, dropped = load_source()
    print(f"source {PACKAGE}=={pkg_version}: kept {len(zip_to_code)} ZIPs")
    for reason, n in dropped.items():
        print(f"  dropped {n} rows: {reason}")

    args.output.parent.mkdir(parents=True, exist_ok=True)
    text = render(zip_to_code, pkg_version)
    args.output.write_text(text, encoding="ascii", newline="\n")
    codes = len(text.splitlines()) - 1
    print(f"wrote {args.output} ({len(text.encode())} bytes, {codes} codes)")

    return 0 if verify(args.output, zip_to_code) else 1


if __name__ == "__main__":
    sys.exit(main())
