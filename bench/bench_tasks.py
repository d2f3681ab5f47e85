"""Task generation throughput (tasks/s with gold execution) and complexity counting (goal ≥ 1,000 queries/s).

Generation: ``generate`` on the imported MIMIC-IV demo (or a synthetic database with --synthetic N)
against a baseline measured in the same run: the same accepted gold SQL executed back to back on a
plain read-only DuckDB connection (no sandbox, no sampling, no validation), i.e. the floor set by
DuckDB itself.

Complexity: counting the generated tasks' gold SQL (the real workload: many tasks per template)
with ``complexity.count`` (sqlglot parse + one AST walk, cached by query shape), against the
naive baseline of parsing every query with sqlglot; and, for the worst case, counting distinct
shapes only (every query a cache miss).

    .venv/bin/python bench/bench_tasks.py [--n 2000] [--synthetic PATIENTS] [--workers W]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import duckdb
import sqlglot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEMO_DIR, console, report  # noqa: E402

from ehr_tui.tasks import complexity  # noqa: E402
from ehr_tui.tasks.cost import has_cost_schedule, install_cost_schedule  # noqa: E402
from ehr_tui.tasks.generate import generate  # noqa: E402


def _build(tmp: Path, synthetic: int | None) -> tuple[Path, str]:
    db = tmp / "bench.duckdb"
    if synthetic:
        from ehr_tui.mimic.synthetic import build_synthetic
        build_synthetic(db, patients=synthetic, seed=0)
        label = f"synthetic MIMIC-IV, {synthetic:,} patients"
    else:
        from ehr_tui.mimic.importer import import_mimic
        import_mimic(DEMO_DIR, db)
        label = "the MIMIC-IV demo"
    con = duckdb.connect(str(db))
    if not has_cost_schedule(con):
        install_cost_schedule(con)
    con.close()
    return db, label


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=2000, help="tasks to generate (default: %(default)s)")
    ap.add_argument("--synthetic", type=int, metavar="PATIENTS", help="bench on a synthetic database instead")
    ap.add_argument("--workers", type=int, help="generator workers (default: its own default)")
    args = ap.parse_args()
    if not args.synthetic and not (DEMO_DIR / "hosp").is_dir():
        console.print(f"[yellow]skipped: {DEMO_DIR} not found (or pass --synthetic N)[/]")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db, label = _build(Path(tmp), args.synthetic)
        t0 = time.perf_counter()
        rep = generate(db, args.n, seed=0, workers=args.workers)
        t_gen = time.perf_counter() - t0
        tasks = rep.tasks
        sqls = [t.gold_sql for t in tasks]

        copy = Path(tmp) / "raw.duckdb"
        shutil.copy(db, copy)
        raw = duckdb.connect(str(copy), read_only=True)
        t0 = time.perf_counter()
        for q in sqls:
            raw.execute(q).fetchall()
        t_raw = time.perf_counter() - t0
        raw.close()

    rows = [
        ("baseline: accepted gold SQL on plain DuckDB, serial", f"{len(sqls):,}", f"{t_raw:.2f} s",
         f"{len(sqls) / t_raw:,.0f} queries/s", "1.00×"),
        (f"generate (sample, sandbox, {rep.executed:,} gold queries, validate, count)", f"{len(tasks):,}",
         f"{t_gen:.2f} s", f"{len(tasks) / t_gen:,.0f} tasks/s", f"{t_gen / t_raw:.2f}×"),
    ]
    report(f"task generation on {label}", rows, ("what", "tasks", "time", "throughput", "time vs baseline"))
    console.print(f"at this rate 52,000 tasks take about {52000 / (len(tasks) / t_gen) / 60:.1f} min; "
                  f"{sum(1 for s in rep.skipped)} template(s) made no task here")

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
