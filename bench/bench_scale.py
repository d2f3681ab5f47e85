"""How ehr-tui grows with the number of patients, extrapolated to full MIMIC-IV v3.1.

For each size (1k, 3k, 10k patients; 30k with --large) it builds a synthetic database in
the real download's row order (patients interleaved), writes it out as a PhysioNet
download (hosp/*.csv.gz, icu/*.csv.gz) and runs every stage in a process of its own, so
the peak RSS of each stage is its own (VmHWM of its processes):

  synth      ehr-tui db synth --file-order
  import     ehr-tui db import of the exported download (stored sorted by patient)
  generate   ehr-tui tasks generate --n TASKS on the imported file
  queries    typical agent queries through the SQL sandbox: patient-level (one patient's
             labs, admissions, medications) and population-level (counts and averages over
             everyone), p50 and p95 over 30 patients
  app        the app's first paint of the task table (start -> first row drawn)

It prints, per stage and size, the time, rows/s (or tasks/s), peak RSS, the growth
exponent b fitted by least squares to log(time) = a + b log(patients), and the
extrapolation to MIMIC-IV v3.1 (364,627 patients; 158M labevents, 433M chartevents):
time * (364,627 / N_max) ** b from the largest size measured. Not part of the test suite.

    .venv/bin/python bench/bench_scale.py [--sizes 1000,3000,10000] [--large] [--tasks 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, console, report  # noqa: E402

from ehr_tui.mimic.limits import DEFAULT_MEMORY_LIMIT  # noqa: E402
from ehr_tui.tasks.workdb import DEFAULT_MEMORY_LIMIT as GENERATE_MEMORY_LIMIT  # noqa: E402

FULL_PATIENTS = 364_627
# the commands' default --memory-limit
MEMORY_BOUND = {"synth": DEFAULT_MEMORY_LIMIT, "import": DEFAULT_MEMORY_LIMIT, "generate": GENERATE_MEMORY_LIMIT}
FULL_ROWS = {"admissions": 546_028, "labevents": 158_374_764, "chartevents": 432_997_491}
CLI = "import sys; from ehr_tui.cli import main; sys.exit(main(sys.argv[1:]))"

PATIENT_QUERIES = [
    "SELECT itemid, count(*), avg(valuenum) FROM mimiciv_hosp.labevents WHERE subject_id = {s} GROUP BY itemid",
    "SELECT hadm_id, admittime, dischtime, admission_type FROM mimiciv_hosp.admissions WHERE subject_id = {s}",
    "SELECT drug, count(*) FROM mimiciv_hosp.prescriptions WHERE subject_id = {s} GROUP BY drug",
    "SELECT itemid, max(valuenum) FROM mimiciv_icu.chartevents WHERE subject_id = {s} GROUP BY itemid",
]
POPULATION_QUERIES = [
    "SELECT p.gender, count(DISTINCT a.hadm_id) FROM mimiciv_hosp.admissions a "
    "JOIN mimiciv_hosp.patients p USING (subject_id) GROUP BY p.gender",
    "SELECT itemid, avg(valuenum) FROM mimiciv_hosp.labevents WHERE itemid IN (50912, 50971, 51222) GROUP BY itemid",
    "SELECT icd_code, count(DISTINCT subject_id) n FROM mimiciv_hosp.diagnoses_icd GROUP BY icd_code "
    "ORDER BY n DESC LIMIT 10",
]


def _hwm_mb(pid: int) -> dict[int, float]:
    """VmHWM (peak RSS) of a process and its descendants, MB each, from /proc."""
    out, todo = {}, [pid]
    while todo:
        p = todo.pop()
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    out[p] = int(line.split()[1]) / 1024
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return out


def spawn(argv: list[str], timeout: float = 3600) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MB) of the child and its descendants, and its stdout.

    The peak is read from /proc (VmHWM, sampled every 200 ms, a high-water mark so only growth
    in a process's last 200 ms can be missed), not from wait4's ru_maxrss: Linux carries the
    parent's RSS at fork into the child's ru_maxrss, and this driver holds DuckDB data."""
    t0 = time.perf_counter()
    peaks: dict[int, float] = {}
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=err, text=True)
        deadline = time.monotonic() + timeout
        while proc.poll() is None:
            for p, mb in _hwm_mb(proc.pid).items():
                peaks[p] = max(peaks.get(p, 0.0), mb)
            if time.monotonic() > deadline:
                proc.kill()
                raise SystemExit(f"stage timed out: {' '.join(argv)}")
            time.sleep(0.2)
        elapsed = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise SystemExit(f"stage failed ({proc.returncode}): {' '.join(argv)}\n{err.read()[-2000:]}")
        return elapsed, sum(peaks.values()), out.read()


def cli(*args: str) -> list[str]:
    return [sys.executable, "-c", CLI, *args]


def self_stage(*args: str) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--stage", *args]


# ---- stages that run inside a child process of this script -----------------------------

def stage_queries(db: str) -> None:
    import duckdb

    from ehr_tui.mimic.sandbox import SqlSandbox

    con = duckdb.connect(db, read_only=True)
    pool = sorted(r[0] for r in con.execute("SELECT subject_id FROM mimiciv_hosp.patients").fetchall())
    con.close()
    subjects = random.Random(0).sample(pool, min(30, len(pool)))
    box = SqlSandbox(db, timeout_s=600)
    try:
        patient = []
        for s in subjects:
            for q in PATIENT_QUERIES:
                t0 = time.perf_counter()
                res = box.execute(q.format(s=s))
                patient.append(time.perf_counter() - t0)
                if getattr(res, "error", None):
                    raise SystemExit(f"query failed: {res.error}")
        population = []
        for _ in range(3):
            for q in POPULATION_QUERIES:
                t0 = time.perf_counter()
                box.execute(q)
                population.append(time.perf_counter() - t0)
    finally:
        close = getattr(box, "close", None)
        if close:
            close()

    def pct(xs: list[float], p: float) -> float:
        return statistics.quantiles(xs, n=100, method="inclusive")[p - 1] if len(xs) > 1 else xs[0]

    print(json.dumps({"patient_p50": statistics.median(patient), "patient_p95": pct(patient, 95),
                      "population_p50": statistics.median(population), "population_p95": pct(population, 95)}))


def stage_app(db: str, tasks: str) -> None:
    from bench_app import app_bench

    first, _ = asyncio.run(app_bench(Path(db), Path(tasks), repeat=1))
    print(json.dumps({"first_paint": first}))


# ---- the driver ------------------------------------------------------------------------

def fit_exponent(ns: list[int], ts: list[float]) -> float:
    if len(ns) < 2:
        return float("nan")
    xs, ys = [math.log(n) for n in ns], [math.log(max(t, 1e-9)) for t in ts]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def rows_in(db: Path) -> dict[str, int]:
    import duckdb

    from ehr_tui.mimic import schema

    con = duckdb.connect(str(db), read_only=True)
    try:
        return {t.name: con.execute(f"SELECT count(*) FROM {t.qualified}").fetchone()[0] for t in schema.TABLES}
    finally:
        con.close()


def measure(n: int, tmp: Path, n_tasks: int) -> dict[str, dict]:
    from _export import export_download

    synth, dl, imported, tasks = tmp / f"s{n}.duckdb", tmp / f"dl{n}", tmp / f"i{n}.duckdb", tmp / f"t{n}.jsonl"
    out: dict[str, dict] = {}
    t, rss, _ = spawn(cli("db", "synth", "--db", str(synth), "--patients", str(n), "--file-order"))
    rows = sum(rows_in(synth).values())
    out["synth"] = {"s": t, "rss": rss, "rate": rows / t, "unit": "rows/s", "rows": rows}
    export_download(synth, dl)
    synth.unlink()
    t, rss, _ = spawn(cli("db", "import", str(dl), "--db", str(imported), "--source", "synthetic"))
    out["import"] = {"s": t, "rss": rss, "rate": rows / t, "unit": "rows/s"}
    counts = rows_in(imported)
    t, rss, _ = spawn(cli("tasks", "generate", "--db", str(imported), "--n", str(n_tasks), "-o", str(tasks)))
    made = sum(1 for line in tasks.read_text().splitlines() if line.strip() and not line.startswith("#"))
    out["generate"] = {"s": t, "rss": rss, "rate": made / t, "unit": "tasks/s", "tasks": made}
    t, rss, text = spawn(self_stage("queries", str(imported)))
    q = json.loads(text.strip().splitlines()[-1])
    out["queries (patient)"] = {"s": q["patient_p50"], "p95": q["patient_p95"], "rss": rss, "unit": "p50"}
    out["queries (population)"] = {"s": q["population_p50"], "p95": q["population_p95"], "rss": rss, "unit": "p50"}
    t, rss, text = spawn(self_stage("app", str(imported), str(tasks)))
    out["app first paint"] = {"s": json.loads(text.strip().splitlines()[-1])["first_paint"], "rss": rss,
                              "unit": "first paint"}
    out["_rows"] = counts
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,3000,10000", help="patient counts (default: 1000,3000,10000)")
    ap.add_argument("--large", action="store_true", help="add 30,000 patients")
    ap.add_argument("--tasks", type=int, default=1000, help="tasks to generate per size (default: 1000)")
    ap.add_argument("--json", type=Path, help="also write the measurements to this file")
    ap.add_argument("--stage", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.stage:
        {"queries": stage_queries, "app": stage_app}[args.stage[0]](*args.stage[1:])
        return 0
    try:
        sizes = sorted({int(s) for s in args.sizes.split(",")} | ({30_000} if args.large else set()))
    except ValueError:
        ap.error(f"--sizes must be comma-separated whole numbers, got {args.sizes!r}")
    results: dict[int, dict] = {}
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        for n in sizes:
            console.print(f"[bold]{n:,} patients[/] ...")
            results[n] = measure(n, Path(tmp), args.tasks)
    stages = [k for k in results[sizes[0]] if not k.startswith("_")]
    big = sizes[-1]
    rows = []
    for st in stages:
        ts = [results[n][st]["s"] for n in sizes]
        b = fit_exponent(sizes, ts)
        full = ts[-1] * (FULL_PATIENTS / big) ** b if not math.isnan(b) else float("nan")
        cells = []
        for n in sizes:
            r = results[n][st]
            rate = f" {r['rate']:,.3g} {r['unit']}" if "rate" in r else (f" p95 {r['p95'] * 1e3:,.0f} ms"
                                                                          if "p95" in r else "")
            cells.append(f"{r['s']:.3g} s{rate}, {r['rss']:,.0f} MB")
        rss_b = fit_exponent(sizes, [results[n][st]["rss"] for n in sizes])
        rss_full = results[big][st]["rss"] * (FULL_PATIENTS / big) ** rss_b if not math.isnan(rss_b) else float("nan")
        # these stages run under DuckDB's memory limit: their RSS levels off near it, a power law overstates it
        rss_cell = (f"~{results[big][st]['rss']:,.0f} MB (under the {MEMORY_BOUND[st]} limit; fit {rss_full:,.0f})"
                    if st in MEMORY_BOUND else f"{rss_full:,.0f} MB")
        rows.append((st, *cells, f"{b:.2f}", _human(full), rss_cell))
    report("ehr-tui at growing scale (time, throughput, peak RSS of the stage's own process)", rows,
           ("stage", *[f"{n:,} patients" for n in sizes], "growth b", "v3.1 time", "v3.1 RSS"))
    labs = [results[n]["_rows"]["labevents"] for n in sizes]
    console.print(f"labevents rows: {', '.join(f'{x:,}' for x in labs)}; MIMIC-IV v3.1 has "
                  f"{FULL_ROWS['labevents']:,} labevents and {FULL_ROWS['chartevents']:,} chartevents "
                  f"({FULL_ROWS['labevents'] / (labs[-1] / big):,.0f} patients at this density)")
    if args.json:
        args.json.write_text(json.dumps({str(n): results[n] for n in sizes}, indent=1))
    return 0


def _human(s: float) -> str:
    if math.isnan(s):
        return "n/a"
    return f"{s:.2g} s" if s < 120 else (f"{s / 60:.1f} min" if s < 7200 else f"{s / 3600:.1f} h")


if __name__ == "__main__":
    sys.exit(main())
