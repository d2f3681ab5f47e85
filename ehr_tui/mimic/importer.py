"""Import a PhysioNet MIMIC-IV download (``hosp/*.csv.gz``, ``icu/*.csv.gz``) into a DuckDB file.

Each table is read with the explicit types of :mod:`ehr_tui.mimic.schema` (no type
sniffing, so ICD codes keep their leading zeros and every timestamp is parsed)
and loaded in its own transaction: a crash or a corrupt file rolls back that
table only, the others stay, and running the import again skips tables whose
source file has not changed since they were loaded. Re-running never
duplicates rows: a table is replaced, never appended to. Event tables are stored
ordered by patient, admission and time (``schema.Table.cluster_key``), whatever the
order of the file, so patient-level queries read a few row groups, not the table.
"""

from __future__ import annotations

import csv
import gzip
import io
import re
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import duckdb

from ..errors import UserError
from ..tasks.cost import install_cost_schedule
from . import limits, metadata, schema
from .demo_fingerprint import DEMO_VERSION, folder_is_demo

# progress(table_name, fraction in [0, 1]); called from a polling thread.
ProgressFn = Callable[[str, float], None]


@dataclass
class TableResult:
    table: str  # qualified, e.g. mimiciv_hosp.patients
    status: str  # loaded | skipped (unchanged) | missing | failed
    rows: int = 0
    seconds: float = 0.0
    message: str = ""


@dataclass
class ImportReport:
    db: Path
    source: str
    version: str
    results: list[TableResult] = field(default_factory=list)

    @property
    def failed(self) -> list[TableResult]:
        return [r for r in self.results if r.status == "failed"]

    @property
    def missing(self) -> list[TableResult]:
        return [r for r in self.results if r.status == "missing"]


def find_source_file(src: Path, table: schema.Table) -> Path | None:
    for name in (f"{table.name}.csv.gz", f"{table.name}.csv"):
        p = src / table.module / name
        if p.is_file():
            return p
    return None


def detect_source(src: Path) -> tuple[str, str]:
    """(source, version) of a download folder.

    The open demo is identified positively, by the published checksums of its files
    (demo_fingerprint.py); every other folder is credentialed, the safe default for the
    privacy guard, whatever its README or name says. ``--source`` overrides it.
    """
    if folder_is_demo(src):
        return "demo", DEMO_VERSION
    readme = src / "README.txt"
    text = readme.read_text(errors="replace") if readme.is_file() else ""
    m = re.search(r"(\d+\.\d+)", src.resolve().name) or re.search(r"[vV]ersion[: ]+(\d+\.\d+)", text)
    return "credentialed", m.group(1) if m else "unknown"


def read_header(path: Path) -> list[str]:
    """The CSV header line, read without touching the rest of the file."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as f:
        line = f.readline()
    if not line.strip():
        raise ValueError("the file is empty (no header line)")
    return next(csv.reader(io.StringIO(line.decode("utf-8-sig"))))


def _select_list(table: schema.Table, header: list[str]) -> tuple[dict[str, str], str, list[str]]:
    """read_csv column types in file order, the SELECT list, and warnings.

    Header names are matched case-insensitively (the published procedureevents
    spells ORIGINALAMOUNT in capitals). Extra columns are read as text and
    dropped; schema columns absent from the file load as NULL.
    """
    wanted = {c.name: c for c in table.columns}
    csv_cols: dict[str, str] = {}
    for i, raw in enumerate(header):
        name = raw.strip().lower()
        col = wanted.get(name)
        csv_cols[name if col else f"_extra_{i}"] = col.type if col else "VARCHAR"
    warnings = []
    extra = [h for h, k in zip(header, csv_cols) if k.startswith("_extra_")]
    if extra:
        warnings.append(f"ignored unknown columns {', '.join(extra)}")
    select = []
    for c in table.columns:
        if c.name in csv_cols:
            select.append(c.name)
        else:
            select.append(f"CAST(NULL AS {c.type}) AS {c.name}")
            warnings.append(f"column {c.name} absent from the file, loaded as NULL")
    return csv_cols, ", ".join(select), warnings


def _duck_struct(cols: dict[str, str]) -> str:
    return "{" + ", ".join(f"'{k}': '{v}'" for k, v in cols.items()) + "}"


def _sql_str(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


class _ProgressPoller:
    """Polls DuckDB's query progress from a side thread while a statement runs."""

    def __init__(self, con: duckdb.DuckDBPyConnection, table: str, fn: ProgressFn | None):
        self.con, self.table, self.fn = con, table, fn
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            p = self.con.query_progress()
            if p >= 0:
                self.fn(self.table, min(p, 100.0) / 100.0)

    def __enter__(self):
        if self.fn:
            self._thread.start()
        return self

    def __exit__(self, *exc):
        if self.fn:
            self._stop.set()
            self._thread.join()


def _unchanged(con: duckdb.DuckDBPyConnection, table: schema.Table, path: Path) -> int | None:
    """Row count if this table was already loaded from this exact file, else None."""
    st = path.stat()
    row = con.execute(
        f"SELECT rows, source_size, source_mtime FROM {metadata.META_SCHEMA}.imports WHERE table_name = ?",
        [table.qualified],
    ).fetchone()
    exists = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE schema_name = ? AND table_name = ?",
        [table.schema, table.name],
    ).fetchone()[0]
    if row and exists and row[1] == st.st_size and abs(row[2] - st.st_mtime) < 1e-6:
        return row[0]
    return None


def _order_by(table: schema.Table) -> str:
    # Stored by patient, admission, stay and time (schema.Table.cluster_key) so zone maps prune
    # patient-level queries; NULLs of hadm_id/stay_id go last. DuckDB keeps insertion order.
    key = table.cluster_key
    return f" ORDER BY {', '.join(key)}" if key else ""


def _load_table(con: duckdb.DuckDBPyConnection, table: schema.Table, path: Path,
                progress: ProgressFn | None) -> TableResult:
    t0 = time.perf_counter()
    try:
        header = read_header(path)
    except (OSError, EOFError, ValueError, UnicodeDecodeError, gzip.BadGzipFile) as e:
        return TableResult(table.qualified, "failed", message=f"{path.name}: cannot read the header ({e})")
    cols, select, warnings = _select_list(table, header)
    src = (
        f"read_csv({_sql_str(str(path))}, header = true, auto_detect = false, delim = ',', "
        f"quote = '\"', escape = '\"', columns = {_duck_struct(cols)})"
    )
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute(f"DROP TABLE IF EXISTS {table.qualified}")
        con.execute(table.ddl())
        with _ProgressPoller(con, table.qualified, progress):
            # INSERT returns the number of rows it wrote
            rows = con.execute(f"INSERT INTO {table.qualified} SELECT {select} FROM {src}{_order_by(table)}"
                               ).fetchone()[0]
        st = path.stat()
        con.execute(
            f"INSERT OR REPLACE INTO {metadata.META_SCHEMA}.imports VALUES (?, ?, ?, ?, ?, now())",
            [table.qualified, rows, str(path.resolve()), st.st_size, st.st_mtime],
        )
        con.execute("COMMIT")
    except duckdb.OutOfMemoryException:
        con.execute("ROLLBACK")
        return TableResult(table.qualified, "failed", seconds=time.perf_counter() - t0,
                           message=f"{path.name}: ran out of memory under the memory limit; raise --memory-limit "
                                   "or lower --threads")
    except (duckdb.Error, OSError) as e:
        con.execute("ROLLBACK")
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        return TableResult(table.qualified, "failed", seconds=time.perf_counter() - t0,
                           message=f"{path.name}: {first}")
    if progress:
        progress(table.qualified, 1.0)
    return TableResult(table.qualified, "loaded", rows, time.perf_counter() - t0, "; ".join(warnings))


def import_mimic(
    src: str | Path,
    db: str | Path,
    *,
    tables: list[str] | None = None,
    force: bool = False,
    source: str | None = None,
    version: str | None = None,
    progress: ProgressFn | None = None,
    on_table_done: Callable[[TableResult], None] | None = None,
    memory_limit: str = limits.DEFAULT_MEMORY_LIMIT,
    threads: int = limits.DEFAULT_THREADS,
) -> ImportReport:
    """Load every table found under ``src`` into ``db``; see the module docstring.

    memory_limit and threads bound DuckDB; the sort of a big event table spills to a folder
    beside ``db`` (removed afterwards) instead of growing past the limit."""
    config = limits.duckdb_config(memory_limit, threads, spill_dir=f"{Path(db).expanduser()}.spill")
    src, db = Path(src).expanduser(), Path(db).expanduser()
    if not src.is_dir():
        raise UserError(f"{src} is not a folder: give the MIMIC-IV download folder (the one holding hosp/ and icu/)")
    if not (src / "hosp").is_dir() and not (src / "icu").is_dir():
        raise UserError(
            f"{src} does not look like a MIMIC-IV download: expected hosp/ and icu/ folders of .csv.gz files"
        )
    selected = schema.TABLES if not tables else [schema.table(t) for t in _known_tables(tables)]
    guessed_source, guessed_version = detect_source(src)
    basis = "given by the user" if source else ("published demo checksums" if guessed_source == "demo"
                                                else "not the published demo")
    source, version = source or guessed_source, version or guessed_version
    if source not in metadata.SOURCES:
        raise UserError(f"unknown source {source!r}: use one of {', '.join(metadata.SOURCES)}")

    db.parent.mkdir(parents=True, exist_ok=True)
    try:
        con = duckdb.connect(str(db), config=config)
    except duckdb.Error as e:
        raise UserError(f"cannot open {db} for writing: {e}") from None
    report = ImportReport(db, source, version)
    try:
        con.execute("SET enable_progress_bar = true; SET enable_progress_bar_print = false; SET progress_bar_time = 0")
        for s in schema.MODULES.values():
            con.execute(f"CREATE SCHEMA IF NOT EXISTS {s}")
        for table in schema.TABLES:  # the full schema always exists, tables not (yet) loaded stay empty
            con.execute(table.ddl().replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1))
        metadata.ensure_meta(con)
        prior = dict(con.execute(f"SELECT key, value FROM {metadata.META_SCHEMA}.meta").fetchall())
        # A resumed import of the same folder whose broken files were fixed is now the published demo: an
        # earlier guess of "credentialed" (the safe default) gives way to the positive identification.
        relabel = (prior.get("source") == "credentialed" and source == "demo"
                   and basis == "published demo checksums" and str(prior.get("source_basis", "")).startswith("not the published demo")
                   and prior.get("imported_from") == str(src.resolve()))
        if relabel:
            # Open data only if every row in the file comes from a file that is published now: a table loaded
            # from a file since removed keeps what it held, so it stays credentialed; otherwise every table
            # that holds rows is checked against its (verified) file and reloaded where that file changed.
            held = [t for t in schema.TABLES
                    if con.execute(f"SELECT 1 FROM {t.qualified} LIMIT 1").fetchone() is not None]
            gone = [t for t in held if find_source_file(src, t) is None]
            if gone:
                relabel, source = False, "credentialed"
                basis = (f"not the published demo ({gone[0].qualified} holds rows from a file no longer in "
                         "the download)")
                report.source = source
            else:
                selected = list(dict.fromkeys([*selected, *held]))
        if prior.get("source") not in (None, source) and not relabel:
            raise UserError(
                f"{db} already holds {prior['source']} data; import {source} data into another file (--db)"
            )
        metadata.set_meta(con, source=source, version=version, created=prior.get("created") or metadata.now_iso(),
                          imported_from=str(src.resolve()), source_basis=basis)
        for table in selected:
            path = find_source_file(src, table)
            if path is None:
                res = TableResult(table.qualified, "missing",
                                  message=f"{table.module}/{table.name}.csv.gz not in the download")
            elif not force and (rows := _unchanged(con, table, path)) is not None:
                res = TableResult(table.qualified, "skipped", rows, message="unchanged since last import")
            else:
                res = _load_table(con, table, path, progress)
            report.results.append(res)
            if on_table_done:
                on_table_done(res)
        # Cost tasks price billing rows with the suite's schedule; it must live in the file
        # because the agent's sandbox is read-only. It covers the codes just loaded.
        install_cost_schedule(con)
        con.execute("CHECKPOINT")
    finally:
        con.close()
        shutil.rmtree(config["temp_directory"], ignore_errors=True)
    return report


def _known_tables(names: list[str]) -> list[str]:
    out = []
    for n in names:
        try:
            schema.table(n)
        except KeyError:
            raise UserError(f"unknown table {n!r}; tables are: {', '.join(t.name for t in schema.TABLES)}") from None
        out.append(n)
    return out
