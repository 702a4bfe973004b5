#!/usr/bin/env python3
"""Memory and driverStatus latency by number of drivers (issue 12 d).

For each binary (LABEL=PATH) and each driver count N: writes a state document holding N drivers
(the driver a `PUT /iql/v1/driver/d1/info {"country":"USA","state":"AZ"}` creates, copied as d1…dN),
starts `mock-platform serve --state-file` on it, waits for /_mock/ready, reads VmRSS, runs
`wrk -t1 -c64 -d10s --latency` on GET /iql/v1/driver/d<random 1…N>/status, and reads VmRSS again.
N = 0 is the idle server (no state file). Prints one line per run. With --rounds R, runs every
count of every binary R times, binaries taking turns within a round (this machine's speed
moves within minutes), and ends with each binary's median p99 per count and its ratio to the
median p99 at the smallest count.

Usage: python3 bench/drivers.py [--counts 0,1000,1000000] [--duration 10s] [--rounds 1] LABEL=BINARY ...
Run from the repository root. Installs wrk with apt-get when it is missing.
"""
import argparse
import http.client
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import tempfile
import time

from benchlib import data_dir, require_binary

AUTH = "APIKEY mock-api-key"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    headers = {"Authorization": AUTH}
    if body is not None:
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data


def start(binary, extra, timeout):
    port = free_port()
    began = time.perf_counter()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--log-level", "error", "--data-dir", data_dir(), *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while time.perf_counter() - began < timeout:
        try:
            if request(port, "GET", "/_mock/ready")[0] == 200:
                return proc, port, time.perf_counter() - began
        except OSError:
            pass
        if proc.poll() is not None:
            raise RuntimeError("server exited with %s" % proc.returncode)
        time.sleep(0.02)
    proc.kill()
    raise RuntimeError("not ready within %d s" % timeout)


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1)) / 1024


def template(binary):
    """The state document of a server holding only d1, and d1's JSON."""
    proc, port, _ = start(binary, [], 30)
    try:
        request(port, "PUT", "/iql/v1/driver/d1/info", json.dumps({"country": "USA", "state": "AZ"}))
        state = json.loads(request(port, "GET", "/_mock/state")[1])
    finally:
        proc.terminate()
        proc.wait()
    return state


def write_state(state, count, path):
    d1 = state["stores"]["iql"]["drivers"]["d1"]
    before, after = json.dumps(dict(d1, id="@@ID@@")).split('"@@ID@@"')
    drivers_placeholder = '"@@DRIVERS@@"'
    state = json.loads(json.dumps(state))
    state["stores"]["iql"]["drivers"] = "@@DRIVERS@@"
    head, tail = json.dumps(state).split(drivers_placeholder)
    with open(path, "w") as f:
        f.write(head)
        f.write("{")
        f.write(",".join('"d%d":%s"d%d"%s' % (i, before, i, after) for i in range(1, count + 1)))
        f.write("}")
        f.write(tail)


def wrk(port, count, duration):
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write('request = function() return wrk.format(nil, "/iql/v1/driver/d" .. math.random(%d) .. "/status") end\n' % max(count, 1))
    script.close()
    out = subprocess.run(["wrk", "-t1", "-c64", "-d" + duration, "--latency", "-H", "Authorization: " + AUTH,
                          "-s", script.name, "http://127.0.0.1:%d" % port], capture_output=True, text=True).stdout
    os.unlink(script.name)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)
    p50 = re.search(r"\s50%\s+(\S+)", out).group(1)
    p99 = re.search(r"\s99%\s+(\S+)", out).group(1)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, p50, p99, non2xx.group(1) if non2xx else "0"


def milliseconds(latency):
    """wrk's latency text (850.00us, 6.96ms, 1.02s) in milliseconds."""
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", latency).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--counts", default="0,1000,1000000")
    parser.add_argument("--duration", default="10s")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    if shutil.which("wrk") is None:
        subprocess.run(["apt-get", "install", "-y", "wrk"], check=True, stdout=subprocess.DEVNULL)
    targets = [target.split("=", 1) for target in args.targets]
    states = {}
    for label, binary in targets:
        state = template(require_binary(binary))
        for count in counts:
            if count:
                path = os.path.join(tempfile.gettempdir(), "bench-drivers-%s-%d.json" % (label, count))
                write_state(state, count, path)
                states[label, count] = path
    print("date: %s UTC; load: %s" % (time.strftime("%F %T", time.gmtime()), open("/proc/loadavg").read().split()[:3]))
    print("%-8s %9s %9s %10s %10s %9s %9s %9s %7s" % ("target", "drivers", "ready_s", "rss_ready", "rss_after", "rps", "p50", "p99", "non2xx"))
    p99s = {}
    for _ in range(args.rounds):
        for label, binary in targets:
            for count in counts:
                extra = ["--state-file", states[label, count]] if count else []
                proc, port, ready = start(binary, extra, 1800)
                try:
                    time.sleep(2)
                    rss_ready = rss_mb(proc.pid)
                    if count:
                        status, body = request(port, "GET", "/iql/v1/driver/d%d/status" % count)
                        assert status == 200, (status, body)
                        rps, p50, p99, non2xx = wrk(port, count, args.duration)
                        p99s.setdefault((label, count), []).append(milliseconds(p99))
                    else:
                        rps = p50 = p99 = non2xx = "-"
                    rss_after = rss_mb(proc.pid)
                    print("%-8s %9d %9.2f %9.1fM %9.1fM %9s %9s %9s %7s" % (label, count, ready, rss_ready, rss_after, rps, p50, p99, non2xx), flush=True)
                finally:
                    proc.terminate()
                    proc.wait()
    for path in states.values():
        os.unlink(path)
    if args.rounds > 1:
        measured = [count for count in counts if count]
        for label, _ in targets:
            medians = {count: statistics.median(p99s[label, count]) for count in measured}
            base = medians[measured[0]]
            print("%s: median p99 %s" % (label, ", ".join(
                "%d drivers %.2f ms (%.2f×)" % (count, medians[count], medians[count] / base) for count in measured)))


if __name__ == "__main__":
    main()
