"""Task generation: the set-based generator against the generator it replaced, interleaved, plus complexity counting.

Generation: each round runs, in alternation, the generator *before* this engine (``ehr_tui/tasks/generate.py``
as of ``--baseline-ref``, loaded from git: one sandboxed query per candidate query per template and one
per task) and *after* it (``tasks.generate``: shared candidate tables, grouped gold queries, the tie /
rounding / re-run checks), each in its own child process so its peak RSS is its own. Printed: median
wall time, tasks/s, peak RSS, the ratio, and with several ``--synthetic`` sizes the growth exponent
of the time in patients (least squares on log time vs log patients). Goals (issue 16 item 2):
52K tasks on 10K synthetic patients in <= 120 s on 2 cores, peak RSS <= 2 GB, exponent <= 1.0;
52K tasks on the default synthetic database not slower than before.

Complexity: counting the generated tasks' gold SQL with ``complexity.count`` (cached by shape) against
parsing every query with sqlglot.

    .venv/bin/python bench/bench_tasks.py [--n 2000] [--synthetic 1000,3000,10000] [--rounds 2]
        [--baseline-ref REF] [--threads 2] [--no-baseline]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb
import sqlglot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEMO_DIR, ROOT, console, report  # noqa: E402

from ehr_tui.tasks import complexity  # noqa: E402
from ehr_tui.tasks.cost import has_cost_schedule, install_cost_schedule  # noqa: E402
from ehr_tui.tasks.model import read_tasks  # noqa: E402


def _build(tmp: Path, synthetic: int | None) -> tuple[Path, str]:
    db = tmp / f"bench-{synthetic or 'demo'}.duckdb"
    if synthetic:
        from ehr_tui.mimic.synthetic import build_synthetic
        build_synthetic(db, patients=synthetic, seed=0)
        label = f"synthetic, {synthetic:,} patients"
    else:
        from ehr_tui.mimic.importer import import_mimic
        import_mimic(DEMO_DIR, db)
        label = "MIMIC-IV demo"
    con = duckdb.connect(str(db))
    if not has_cost_schedule(con):
        install_cost_schedule(con)
    con.close()
    return db, label


BEFORE_REF = "b71fdd1"  # main just before the set-based generator (one sandboxed query per task)


def _before_module(ref: str):
    """The generator as of ``ref``, as module ehr_tui.tasks._before_generate (its relative imports resolve)."""
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:ehr_tui/tasks/generate.py"], check=True,
                         capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("ehr_tui.tasks._before_generate", loader=None)
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "ehr_tui.tasks"
    sys.modules[spec.name] = mod
    exec(compile(src, f"{ref}:ehr_tui/tasks/generate.py", "exec"), mod.__dict__)
    return mod


def _child(args) -> int:
    """One generation in this process; prints a JSON line with its time and peak RSS."""
    out = Path(args.child_out)
    t0 = time.perf_counter()
    if args.child == "before":
        mod = _before_module(args.baseline_ref)
        mod.generate_file(args.child_db, out, args.n, 0)
    else:
        from ehr_tui.tasks.generate import generate_file
        generate_file(args.child_db, out, args.n, 0, threads=args.threads, memory_limit=args.memory_limit)
    elapsed = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"s": elapsed, "rss": rss, "tasks": len(read_tasks(out).tasks)}))
    return 0


def _run(which: str, db: Path, out: Path, args) -> dict:
    cmd = [sys.executable, __file__, "--child", which, "--child-db", str(db), "--child-out", str(out),
           "--n", str(args.n), "--baseline-ref", args.baseline_ref, "--threads", str(args.threads),
           "--memory-limit", args.memory_limit]
    for p in (out, out.with_name(out.name + ".partial")):
        p.unlink(missing_ok=True)  # a fresh run each round, never a resumed one
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode:
        raise SystemExit(f"{which} generator failed:\n{res.stderr[-3000:]}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def _exponent(xs: list[float], ys: list[float]) -> float | None:
    if len(xs) < 2:
        return None
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = statistics.fmean(lx), statistics.fmean(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=2000, help="tasks to generate (default: %(default)s)")
    ap.add_argument("--synthetic", metavar="PATIENTS", help="synthetic database size(s), comma-separated "
                                                              "(default: the MIMIC-IV demo)")
    ap.add_argument("--rounds", type=int, default=2, help="interleaved rounds per size (default: %(default)s)")
    ap.add_argument("--baseline-ref", default=BEFORE_REF,
                    help="git ref of the generator before (default: %(default)s, the last one before set-based "
                         "generation)")
    ap.add_argument("--no-baseline", action="store_true", help="time only the current generator")
    ap.add_argument("--threads", type=int, default=2, help="DuckDB threads of the generator (default: 2)")
    ap.add_argument("--memory-limit", default="1GB", help="the generator's DuckDB memory limit (default: 1GB)")
    ap.add_argument("--child", choices=("before", "after"), help=argparse.SUPPRESS)
    ap.add_argument("--child-db", help=argparse.SUPPRESS)
    ap.add_argument("--child-out", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return _child(args)
    sizes = [int(x) for x in args.synthetic.split(",")] if args.synthetic else [None]
    if sizes == [None] and not (DEMO_DIR / "hosp").is_dir():
        console.print(f"[yellow]skipped: {DEMO_DIR} not found (or pass --synthetic N)[/]")
        return 0
    kinds = ["after"] if args.no_baseline else ["before", "after"]
    rows, after_times, sqls = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            t0 = time.perf_counter()
            db, label = _build(Path(tmp), size)
            console.print(f"built {label} in {time.perf_counter() - t0:.1f} s", highlight=False)
            got: dict[str, list[dict]] = {k: [] for k in kinds}
            for _ in range(args.rounds):
                for k in kinds:
                    got[k].append(_run(k, db, Path(tmp) / f"{k}.jsonl", args))
            med = {k: statistics.median(r["s"] for r in v) for k, v in got.items()}
            for k in kinds:
                v = got[k]
                ratio = f"{med[k] / med['before']:.2f}×" if "before" in med else "-"
                rows.append((label, "before" if k == "before" else "set-based", f"{v[0]['tasks']:,}",
                             f"{med[k]:.1f} s", f"{v[0]['tasks'] / med[k]:,.0f}",
                             f"{max(r['rss'] for r in v) / 2**20:,.0f} MB", ratio))
            after_times.append(med["after"])
            sqls = [t.gold_sql for t in read_tasks(Path(tmp) / "after.jsonl").tasks]
    report(f"task generation, --n {args.n:,}, median of {args.rounds} interleaved round(s), "
           f"{args.threads} DuckDB thread(s)", rows,
           ("database", "generator", "tasks", "time", "tasks/s", "peak RSS", "time vs before"))
    if len(sizes) > 1 and None not in sizes:
        e = _exponent([float(s) for s in sizes], after_times)
        console.print(f"set-based generator: fitted growth exponent in patients {e:.2f} (goal <= 1.0)")

    # ---- complexity counting
    shapes = {}
    for q in sqls:
        shapes.setdefault(complexity.shape(q), q)
    distinct = list(shapes.values())
    t0 = time.perf_counter()
    for q in sqls:
        sqlglot.parse_one(q, read="duckdb")
    t_naive = time.perf_counter() - t0
    complexity._cache.clear()
    t0 = time.perf_counter()
    for q in sqls:
        complexity.count(q)
    t_count = time.perf_counter() - t0
    t0 = time.perf_counter()
    for q in distinct:
        complexity.count_uncached(q)
    t_cold = time.perf_counter() - t0
    rows = [
        ("baseline: sqlglot.parse_one per query", f"{len(sqls):,}", f"{len(sqls) / t_naive:,.0f}", "1.00×"),
        ("complexity.count (shape cache) on the task workload", f"{len(sqls):,}", f"{len(sqls) / t_count:,.0f}",
         f"{t_naive / t_count:.1f}× faster"),
        ("count_uncached, distinct shapes only (all misses)", f"{len(distinct):,}", f"{len(distinct) / t_cold:,.0f}",
         f"{(len(distinct) / t_cold) / (len(sqls) / t_naive):.2f}× the baseline rate"),
    ]
    report("complexity counting", rows, ("what", "queries", "queries/s", "vs baseline"))
    rate = len(sqls) / t_count
    console.print(f"goal ≥ 1,000 queries/s on the task workload: {'met' if rate >= 1000 else 'NOT met'} "
                  f"({rate:,.0f}/s); a cache miss costs one sqlglot parse (~{t_cold / len(distinct) * 1e3:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
