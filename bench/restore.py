#!/usr/bin/env python3
"""What --persist costs a large tenant, and how soon a server full of saved tenants answers
(issue "Hostile input II", finding 5).

Writes --tenants saved tenants of --drivers drivers each (the driver `PUT /iql/v1/driver/d1/info`
makes, copied as d1…dN as bench/drivers.py writes them; 150,000 drivers ≈ 40 MB) into one data
folder, then for each LABEL=BINARY, one after the other, starts `serve --persist
--persist-interval 1s` on a copy of that folder and reports:

- `health`: exec → first 200 of `/_mock/health` (the contract: within 1 s whatever is saved);
- `ready`: exec → first 200 of `/_mock/ready` (every saved tenant back in);
- `cpu`: the server's CPU time (utime + stime from /proc) over --window seconds while one
  tenant is read once a second (`GET …/driver/dN/info`), as a share of one core (the contract:
  under 5 % for a 40 MB tenant).

Usage: python3 bench/restore.py [--tenants 25] [--drivers 150000] [--window 60] LABEL=BINARY ...
Run from the repository root.
"""
import argparse
import os
import shutil
import subprocess
import tempfile
import time

from benchlib import require_binary
from drivers import free_port, request, template, write_state

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def first_200(port, path, began, proc, timeout):
    while time.perf_counter() - began < timeout:
        try:
            if request(port, "GET", path)[0] == 200:
                return time.perf_counter() - began
        except OSError:
            pass
        if proc.poll() is not None:
            raise RuntimeError("server exited with %s" % proc.returncode)
        time.sleep(0.01)
    raise RuntimeError("%s not 200 within %d s" % (path, timeout))


def measure(binary, saved, tenants, window):
    folder = tempfile.mkdtemp(prefix="mock-platform-restore-")
    try:
        shutil.copytree(saved, os.path.join(folder, "state"))
        port = free_port()
        began = time.perf_counter()
        proc = subprocess.Popen([binary, "serve", "--port", str(port), "--log-level", "error", "--persist",
                                 "--persist-interval", "1s", "--data-dir", folder],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            health = first_200(port, "/_mock/health", began, proc, 600)
            ready = first_200(port, "/_mock/ready", began, proc, 600)
            before = cpu_seconds(proc.pid)
            started = time.perf_counter()
            reads = 0
            while time.perf_counter() - started < window:
                status, _ = request(port, "GET", "/t/big-0/iql/v1/driver/d%d/info" % (reads + 1))
                assert status == 200, status
                reads += 1
                time.sleep(max(0.0, started + reads - time.perf_counter()))
            share = (cpu_seconds(proc.pid) - before) / (time.perf_counter() - started)
        finally:
            proc.terminate()
            proc.wait(timeout=600)
        return health, ready, share, reads
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tenants", type=int, default=25)
    parser.add_argument("--drivers", type=int, default=150_000)
    parser.add_argument("--window", type=float, default=60)
    parser.add_argument("targets", nargs="+", metavar="LABEL=BINARY")
    args = parser.parse_args()
    targets = [(label, require_binary(path)) for label, path in (target.split("=", 1) for target in args.targets)]
    saved = tempfile.mkdtemp(prefix="mock-platform-saved-")
    try:
        state = template(targets[0][1])
        first = os.path.join(saved, "big-0.json")
        write_state(state, args.drivers, first)
        for index in range(1, args.tenants):
            shutil.copyfile(first, os.path.join(saved, "big-%d.json" % index))
        size = sum(os.path.getsize(os.path.join(saved, name)) for name in os.listdir(saved))
        print("%d saved tenants of %d drivers, %.0f MB in all (%.1f MB each)" % (
            args.tenants, args.drivers, size / 1e6, size / 1e6 / args.tenants))
        print("%-10s %10s %10s %22s" % ("label", "health", "ready", "cpu reading one tenant"))
        for label, binary in targets:
            health, ready, share, reads = measure(binary, saved, args.tenants, args.window)
            print("%-10s %9.2fs %9.1fs %12.1f %% of a core (%d reads in %.0f s)" % (
                label, health, ready, share * 100, reads, args.window))
    finally:
        shutil.rmtree(saved, ignore_errors=True)


if __name__ == "__main__":
    main()
