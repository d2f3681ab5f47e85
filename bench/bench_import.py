"""Importer vs the mimic-code way (DDL + `COPY table FROM file` per table), interleaved in one run.

Two parts, each round running the baseline and the importer one after the other so a
change of load hits both alike:

1. the real MIMIC-IV demo (30 tables). Goal: import time <= 1.1x the COPY baseline.
2. with --patients N (N > 0): a synthetic database of N patients built with the real
   download's row order (--file-order: patients interleaved), written out as a PhysioNet
   download (hosp/*.csv.gz, icu/*.csv.gz) and imported both ways. Besides time, it measures
   a patient-level lab query (one patient's labs grouped by test, 50 random patients, p50)
   on the COPY-imported file (stored in file order: before), on ours (stored sorted by
   patient: after) and on a synthetic database built sorted by patient (the best case).
   Goals: import <= 1.1x COPY; the query on ours within 1.5x of the sorted synthetic.
   At 10,000 patients labevents has about 10M rows.

    .venv/bin/python bench/bench_import.py [--repeat 3] [--patients 10000] [--skip-demo]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEMO_DIR, console, interleaved, report  # noqa: E402
from _export import export_download  # noqa: E402

from ehr_tui.mimic import schema  # noqa: E402
from ehr_tui.mimic.importer import find_source_file, import_mimic  # noqa: E402
from ehr_tui.mimic.limits import DEFAULT_MEMORY_LIMIT  # noqa: E402
from ehr_tui.mimic.synthetic import build_synthetic  # noqa: E402

LAB_QUERY = ("SELECT itemid, count(*), avg(valuenum) FROM mimiciv_hosp.labevents "
             "WHERE subject_id = ? GROUP BY itemid")


def copy_baseline(src: Path, db: Path) -> None:
    """What mimic-code's DuckDB script does: create the tables with their DDL, COPY each file in."""
    for p in (db, Path(f"{db}.wal")):
        p.unlink(missing_ok=True)
    con = duckdb.connect(str(db), config={"memory_limit": DEFAULT_MEMORY_LIMIT})  # the bound `db import` has
    for s in schema.MODULES.values():
        con.execute(f"CREATE SCHEMA {s}")
    for t in schema.TABLES:
        con.execute(t.ddl())
        path = find_source_file(src, t)
        if path:
            con.execute(f"COPY {t.qualified} FROM '{path}' (HEADER, DELIM ',', QUOTE '\"', ESCAPE '\"')")
    con.execute("CHECKPOINT")
    con.close()


def ours(src: Path, db: Path) -> None:
    for p in (db, Path(f"{db}.wal")):
        p.unlink(missing_ok=True)
    report_ = import_mimic(src, db, source="demo" if src == DEMO_DIR else "synthetic")
    if report_.failed:
        raise SystemExit(f"import failed: {report_.failed}")


def total_rows(db: Path) -> int:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return sum(con.execute(f"SELECT count(*) FROM {t.qualified}").fetchone()[0] for t in schema.TABLES)
    finally:
        con.close()


def lab_query_p50(db: Path, subjects: list[int]) -> float:
    con = duckdb.connect(str(db), read_only=True, config={"threads": 2})
    try:
        con.execute(LAB_QUERY, [subjects[0]]).fetchall()  # warm the file cache alike for every file
        times = []
        for s in subjects:
            t0 = time.perf_counter()
            con.execute(LAB_QUERY, [s]).fetchall()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)
    finally:
        con.close()


def _ratio_rows(base: float, mine: float, rows: int) -> list[tuple[str, ...]]:
    return [("DDL + COPY per table (baseline)", f"{base:.2f} s", f"{rows / base:,.0f}", "1.00x"),
            ("ehr-tui importer (sorted by patient)", f"{mine:.2f} s", f"{rows / mine:,.0f}", f"{mine / base:.2f}x")]


def demo_part(tmp: Path, repeat: int) -> bool:
    base, mine = interleaved([lambda: copy_baseline(DEMO_DIR, tmp / "copy.duckdb"),
                              lambda: ours(DEMO_DIR, tmp / "ours.duckdb")], repeat)
    rows = total_rows(tmp / "ours.duckdb")
    report(f"import of the MIMIC-IV demo ({rows:,} rows), median of {repeat} interleaved rounds",
           _ratio_rows(base, mine, rows), ("method", "time", "rows/s", "ratio"))
    ok = mine / base <= 1.1
    console.print(f"goal import <= 1.1x COPY: {'met' if ok else 'NOT met'} ({mine / base:.2f}x)")
    return ok


def scale_part(tmp: Path, patients: int, repeat: int) -> bool:
    console.print(f"building {patients:,} synthetic patients twice (file order and sorted) and exporting ...")
    shuffled, ordered, src = tmp / "file-order.duckdb", tmp / "sorted.duckdb", tmp / "download"
    build_synthetic(shuffled, patients=patients, file_order=True)
    build_synthetic(ordered, patients=patients)
    exported = export_download(shuffled, src)
    base, mine = interleaved([lambda: copy_baseline(src, tmp / "copy.duckdb"),
                              lambda: ours(src, tmp / "ours.duckdb")], repeat)
    report(f"import of {patients:,} synthetic patients in file order ({exported:,} rows), median of {repeat} "
           "interleaved rounds", _ratio_rows(base, mine, exported), ("method", "time", "rows/s", "ratio"))

    con = duckdb.connect(str(ordered), read_only=True)
    labs = con.execute("SELECT count(*) FROM mimiciv_hosp.labevents").fetchone()[0]
    pool = [r[0] for r in con.execute("SELECT DISTINCT subject_id FROM mimiciv_hosp.labevents").fetchall()]
    con.close()
    subjects = random.Random(0).sample(sorted(pool), min(50, len(pool)))
    q = {name: [] for name in ("copy", "ours", "sorted")}
    for _ in range(repeat):  # interleaved too: the three files see the same load
        for name, db in (("copy", tmp / "copy.duckdb"), ("ours", tmp / "ours.duckdb"), ("sorted", ordered)):
            q[name].append(lab_query_p50(db, subjects))
    p50 = {k: statistics.median(v) for k, v in q.items()}
    report(f"one patient's labs grouped by test, p50 over {len(subjects)} patients ({labs:,} labevents rows)", [
        ("COPY import, stored in file order (before)", f"{p50['copy'] * 1e3:.1f} ms",
         f"{p50['copy'] / p50['sorted']:.2f}x"),
        ("ehr-tui import, stored by patient (after)", f"{p50['ours'] * 1e3:.1f} ms",
         f"{p50['ours'] / p50['sorted']:.2f}x"),
        ("synthetic built sorted by patient (best case)", f"{p50['sorted'] * 1e3:.1f} ms", "1.00x"),
    ], ("stored as", "p50", "vs sorted"))
    ok_time, ok_query = mine / base <= 1.1, p50["ours"] / p50["sorted"] <= 1.5
    console.print(f"goal import <= 1.1x COPY: {'met' if ok_time else 'NOT met'} ({mine / base:.2f}x); "
                  f"goal query within 1.5x of sorted: {'met' if ok_query else 'NOT met'} "
                  f"({p50['ours'] / p50['sorted']:.2f}x; before: {p50['copy'] / p50['sorted']:.2f}x)")
    return ok_time and ok_query


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="interleaved rounds (default: 3)")
    ap.add_argument("--patients", type=int, default=0, metavar="N",
                    help="also run the scale part on N synthetic patients (default: 0, off; 10000 gives ~10M labs)")
    ap.add_argument("--skip-demo", action="store_true", help="run only the scale part")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-import-") as tmp:
        if not args.skip_demo:
            if (DEMO_DIR / "hosp").is_dir():
                demo_part(Path(tmp), args.repeat)
            else:
                console.print(f"[yellow]demo part skipped: {DEMO_DIR} not found[/]")
        if args.patients > 0:
            scale_part(Path(tmp), args.patients, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
