"""Write a DuckDB MIMIC-IV database out as a PhysioNet-style download (hosp/*.csv.gz, icu/*.csv.gz).

The benchmarks import these files the way a credentialed user imports the real download,
so the synthetic data can stand in for MIMIC-IV at any size. Build the source with
``file_order=True`` and the files keep the real download's row order (patients interleaved).
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from ehr_tui.mimic import schema


def export_download(db: Path, out: Path) -> int:
    """Write every non-empty table of ``db`` under ``out``; returns the rows written."""
    con = duckdb.connect(str(db), read_only=True)
    rows = 0
    try:
        for t in schema.TABLES:
            n = con.execute(f"SELECT count(*) FROM {t.qualified}").fetchone()[0]
            if not n:
                continue
            (out / t.module).mkdir(parents=True, exist_ok=True)
            path = out / t.module / f"{t.name}.csv.gz"
            # PhysioNet writes timestamps as 'YYYY-MM-DD HH:MM:SS'; the CSV writer does the same
            con.execute(f"COPY (SELECT * FROM {t.qualified}) TO '{path}' (HEADER, COMPRESSION gzip)")
            rows += n
    finally:
        con.close()
    return rows
