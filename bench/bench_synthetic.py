"""Synthetic MIMIC-IV generation speed vs a plain `CREATE TABLE AS SELECT ... FROM range(N)`, same run.

The baseline writes the same number of rows with the same average width and
the same mix of column types (integers, doubles, text, timestamps) into a
fresh DuckDB file: the cost of producing and storing that much data with no
logic at all. Goal: the generator at ≥ 5M rows/s.

    .venv/bin/python bench/bench_synthetic.py [--patients 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, console, report  # noqa: E402

from ehr_tui.mimic import schema  # noqa: E402
from ehr_tui.mimic.synthetic import DEFAULT_PATIENTS, build_synthetic  # noqa: E402

GOAL_ROWS_PER_S = 5_000_000

# One baseline column per type class; each draws a different hash so nothing compresses away.
_BASELINE_EXPR = {
    "int": "(hash(i, {k}) % 100000000)::INTEGER",
    "double": "(hash(i, {k}) % 1000000) / 100.0",
    "text": "'v' || (hash(i, {k}) % 5000)::VARCHAR",
    "time": "make_timestamp(((hash(i, {k}) % 3000000000) + 4500000000)::BIGINT * 1000000)",
}


def _type_class(sql_type: str) -> str:
    t = sql_type.upper()
    if t in ("DOUBLE", "REAL", "FLOAT"):
        return "double"
    if t in ("VARCHAR", "TEXT"):
        return "text"
    if t in ("TIMESTAMP", "DATE"):
        return "time"
    return "int"


def shape(row_counts: dict[str, int]) -> tuple[int, dict[str, float]]:
    """Total rows and the average number of cells per row of each type class, weighted by rows."""
    total = sum(row_counts.values())
    cells = {k: 0.0 for k in _BASELINE_EXPR}
    for name, n in row_counts.items():
        for c in schema.table(name).columns:
            cells[_type_class(c.type)] += n
    return total, {k: v / total for k, v in cells.items()}


def baseline(db: Path, rows: int, per_row: dict[str, float]) -> None:
    db.unlink(missing_ok=True)
    cols, k = [], 0
    for cls, n in per_row.items():
        for _ in range(round(n)):
            cols.append(f"{_BASELINE_EXPR[cls].format(k=k)} AS c{k}")
            k += 1
    con = duckdb.connect(str(db))
    con.execute(f"CREATE TABLE t AS SELECT {', '.join(cols)} FROM range({rows}) r(i)")
    con.execute("CHECKPOINT")
    con.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--patients", type=int, default=DEFAULT_PATIENTS)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "synthetic.duckdb"
        steps: dict[str, float] = {}
        last = [time.perf_counter(), None]

        def progress(step: str, frac: float) -> None:
            now = time.perf_counter()
            if last[1] is not None:
                steps[last[1]] = steps.get(last[1], 0.0) + now - last[0]
            last[0], last[1] = now, step

        info = build_synthetic(db, patients=args.patients, seed=0, progress=progress)  # warm-up, step profile
        rows, per_row = shape(info.row_counts)
        # Alternate the two so that load from other processes hits both alike.
        ours_t, base_t = [], []
        for _ in range(args.repeat):
            ours_t.append(best_of(lambda: build_synthetic(db, patients=args.patients, seed=0), 1))
            base_t.append(best_of(lambda: baseline(Path(tmp) / "baseline.duckdb", rows, per_row), 1))
        ours, base = statistics.median(ours_t), statistics.median(base_t)
        size = db.stat().st_size
    width = sum(per_row.values())
    console.print(f"{args.patients:,} patients: {rows:,} rows in 31 tables, {width:.1f} columns per row on average "
                  f"({', '.join(f'{v:.1f} {k}' for k, v in per_row.items())}), file {size / 1e6:.0f} MB")
    report("synthetic generation (median of %d)" % args.repeat, [
        ("CTAS from range(N), same rows and width (baseline)", f"{base:.2f} s", f"{rows / base:,.0f}", "1.00×"),
        ("ehr-tui build_synthetic (all 31 tables)", f"{ours:.2f} s", f"{rows / ours:,.0f}", f"{ours / base:.2f}×"),
    ], ("method", "median time", "rows/s", "time vs baseline"))
    report("where the time goes (first build)", [(k, f"{v:.2f} s") for k, v in
                                                 sorted(steps.items(), key=lambda kv: -kv[1])],
           ("step", "time"))
    rate = rows / ours
    console.print(f"goal ≥ {GOAL_ROWS_PER_S / 1e6:.0f}M rows/s: {'met' if rate >= GOAL_ROWS_PER_S else 'NOT met'} "
                  f"({rate / GOAL_ROWS_PER_S:.2f}× of the goal; the baseline itself reaches "
                  f"{rows / base / GOAL_ROWS_PER_S:.2f}× of it on this machine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
