"""execute_python per call: the confined persistent worker vs a persistent bare worker, same calls, same run.

Baseline: the strongest simple thing a user would write, a persistent plain Python process with the same
read-only DuckDB connection, reading code from a pipe and exec-ing it in one namespace (no namespaces,
Landlock, seccomp, rlimits, audit hook or output capping). Both answer one JSON line per call; calls are
interleaved so load changes hit both alike. Also shown: a worker's start (the confined one probes and
installs every layer), which a trajectory pays once.

    .venv/bin/python bench/bench_python_tool.py [--calls 300] [--db FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import console, report  # noqa: E402

from ehr_tui.mimic.pysandbox import PythonSandbox  # noqa: E402

BARE = r"""
import contextlib, io, json, sys, duckdb
con = duckdb.connect(sys.argv[1], read_only=True)
ns = {"con": con}
for line in sys.stdin:
    code = json.loads(line)["code"]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(code, ns)
        reply = {"ok": True, "stdout": out.getvalue()}
    except Exception as e:
        reply = {"ok": False, "error": repr(e)}
    sys.stdout.write(json.dumps(reply) + "\n"); sys.stdout.flush()
"""

CALLS = {
    "arithmetic": "x = 41\nprint(x + 1)",
    "small DuckDB query": "print(con.sql('SELECT count(*) FROM mimiciv_hosp.patients').fetchall())",
    "list work": "print(sum(i * i for i in range(20000)))",
}


class Bare:
    def __init__(self, db: Path):
        self.proc = subprocess.Popen([sys.executable, "-c", BARE, str(db)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def run(self, code: str) -> dict:
        self.proc.stdin.write(json.dumps({"code": code}) + "\n")
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def _db(path: Path | None, tmp: str) -> Path:
    if path is not None:
        return path
    from ehr_tui.mimic.synthetic import build_synthetic  # noqa: PLC0415

    db = Path(tmp) / "synthetic.duckdb"
    build_synthetic(db, patients=200)
    return db


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=300, help="calls of each kind per worker")
    ap.add_argument("--starts", type=int, default=5, help="worker starts to time")
    ap.add_argument("--db", type=Path, help="MIMIC-IV DuckDB file (default: a small synthetic one)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = _db(args.db, tmp)
        confined, bare = PythonSandbox(db), Bare(db)
        try:
            confined.start()
            for _ in range(20):  # warm both
                assert confined.run("x = 1").ok and bare.run("x = 1")["ok"]
            rows, tot_b, tot_c = [], 0.0, 0.0
            for name, code in CALLS.items():
                tb, tc = [], []
                for _ in range(args.calls):
                    t0 = time.perf_counter()
                    assert bare.run(code)["ok"]
                    t1 = time.perf_counter()
                    r = confined.run(code)
                    t2 = time.perf_counter()
                    assert r.ok, r.error
                    tb.append(t1 - t0)
                    tc.append(t2 - t1)
                b, c = statistics.median(tb), statistics.median(tc)
                tot_b, tot_c = tot_b + b, tot_c + c
                rows.append((name, f"{b * 1e3:.3f} ms", f"{c * 1e3:.3f} ms", f"{c / b:.2f}×",
                             f"{(c - b) * 1e6:+.0f} µs"))
            rows.append(("all kinds", f"{tot_b * 1e3:.3f} ms", f"{tot_c * 1e3:.3f} ms", f"{tot_c / tot_b:.2f}×",
                         f"{(tot_c - tot_b) * 1e6:+.0f} µs"))
            protections = confined.protections
        finally:
            confined.close()
            bare.close()
        starts_b, starts_c = [], []
        for _ in range(args.starts):
            t0 = time.perf_counter()
            b = Bare(db)
            b.run("1")
            t1 = time.perf_counter()
            with PythonSandbox(db) as c:
                c.run("1")
            t2 = time.perf_counter()
            b.close()
            starts_b.append(t1 - t0)
            starts_c.append(t2 - t1)
    report(f"execute_python per call, median of {args.calls} interleaved calls (pid {os.getpid()}, "
           f"{os.cpu_count()} CPUs)", rows, ("call", "bare persistent worker", "confined worker", "ratio",
                                            "added per call"))
    console.print(f"worker start + first call: bare {statistics.median(starts_b) * 1e3:.0f} ms, confined "
                  f"{statistics.median(starts_c) * 1e3:.0f} ms (once per trajectory)")
    console.print(f"confined layers: namespaces={protections.get('namespaces')} landlock ABI "
                  f"{protections.get('landlock_abi')} seccomp={protections.get('seccomp')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
