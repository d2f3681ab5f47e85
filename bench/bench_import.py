"""Importer vs a naive `CREATE TABLE AS SELECT * FROM read_csv(...)` on the MIMIC-IV demo, same run.

The baseline lets DuckDB sniff every file; the importer reads with the schema's
explicit types (no sniffing) inside one transaction per table. Goal: ≤ 1.0×.

    .venv/bin/python bench/bench_import.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEMO_DIR, best_of, console, report  # noqa: E402

from ehr_tui.mimic import schema  # noqa: E402
from ehr_tui.mimic.importer import find_source_file, import_mimic  # noqa: E402


def naive(db: Path) -> None:
    db.unlink(missing_ok=True)
    con = duckdb.connect(str(db))
    for s in schema.MODULES.values():
        con.execute(f"CREATE SCHEMA {s}")
    for t in schema.TABLES:
        path = find_source_file(DEMO_DIR, t)
        if path:
            con.execute(f"CREATE TABLE {t.qualified} AS SELECT * FROM read_csv('{path}')")
    con.close()


def ours(db: Path) -> None:
    db.unlink(missing_ok=True)
    import_mimic(DEMO_DIR, db)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if not (DEMO_DIR / "hosp").is_dir():
        console.print(f"[yellow]skipped: {DEMO_DIR} not found[/]")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        base = best_of(lambda: naive(Path(tmp) / "naive.duckdb"), args.repeat)
        mine = best_of(lambda: ours(Path(tmp) / "ours.duckdb"), args.repeat)
        rows = duckdb.connect(str(Path(tmp) / "ours.duckdb"), read_only=True).execute(
            "SELECT sum(rows) FROM ehr_tui.imports").fetchone()[0]
    report("import of the MIMIC-IV demo (30 tables)", [
        ("naive CTAS read_csv (baseline)", f"{base:.2f} s", f"{rows / base:,.0f}", "1.00×"),
        ("ehr-tui importer", f"{mine:.2f} s", f"{rows / mine:,.0f}", f"{mine / base:.2f}×"),
    ], ("method", "median time", "rows/s", "ratio"))
    console.print(f"goal ≤ 1.0×: {'met' if mine / base <= 1.0 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
