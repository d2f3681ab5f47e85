"""The embedded default database: a deterministic synthetic MIMIC-IV with all 31 hosp + icu tables.

    build_synthetic(db, patients=1000, seed=0)     # what `ehr-tui db synth` runs
    ensure_default_db()                            # what the app runs on first launch

Generation is set-based DuckDB SQL (see ehr_tui.mimic.synth): no Python loop
over rows. Randomness is a hash of (seed, key, salt), so the same patients and
seed give the same rows on any machine and thread count with the same DuckDB,
and rows are stored in primary-key order, so query results are byte-identical.
Tables are created from ehr_tui.mimic.schema's DDL. The file is built beside
its destination under a temporary name and renamed into place when complete:
a crash never leaves a half-built database where the app looks for one.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Callable

import duckdb

from .. import paths
from ..errors import UserError
from ..tasks.cost import install_cost_schedule
from . import metadata, schema
from .limits import DEFAULT_MEMORY_LIMIT, DEFAULT_THREADS, check_threads, memory_bytes
from .vocabulary import codesets
from .synth import billing, core, icu, labs, orders, tail, vocab
from .synth.sqlkit import Ctx, define_macros

DEFAULT_PATIENTS = 1000
MAX_PATIENTS = 300_000          # the size of the full MIMIC-IV
GENERATOR_VERSION = "4"         # bump when the same seed would give different data (4: drug and ICU tails)
BYTES_PER_PATIENT = 150_000     # file (~85 kB per patient) plus DuckDB spill room, for the free-space check
CHUNK_PATIENTS = 2000           # patients generated at a time: memory is bounded by a chunk, not the cohort

ProgressFn = Callable[[str, float], None]

# (description, share of the build time, step), run once per chunk of patients.
STEPS: list[tuple[str, float, Callable[[Ctx], None]]] = [
    ("patients", 1, core.patients),
    ("admissions and diagnoses", 2, core.admissions),
    ("ward and ICU segments", 2, core.segments),
    ("admissions, patients", 1, lambda ctx: (core.write_admissions(ctx), core.write_patients(ctx))),
    ("transfers, services, ICU stays", 1, lambda ctx: (core.write_transfers(ctx), core.write_services(ctx),
                                                        core.write_icustays(ctx))),
    ("ICU lines and ventilation", 1, icu.devices),
    ("diagnoses, procedures, DRGs, HCPCS", 2, billing.run),
    ("lab results", 14, labs.labevents),
    ("microbiology", 2, labs.microbiology),
    ("outpatient measurements", 1, labs.omr),
    ("medication courses", 6, orders.medications),
    ("provider orders", 8, orders.poe),
    ("pharmacy, prescriptions, eMAR", 14, orders.emar),
    ("ICU charting", 16, icu.chartevents),
    ("ICU inputs, outputs, procedures", 8, icu.io_events),
]

# File order (--file-order): how the PhysioNet files order their rows, measured on the demo, which keeps
# the full files' order. labevents runs in time order across patients (2.7% of neighbours go back in
# time); the other large tables hold each patient's rows in blocks scattered over the file (blocks of
# about N rows: emar 30, datetimeevents 8, outputevents 10, pharmacy 5, microbiology 2, prescriptions and
# emar_detail single rows, i.e. shuffled). The demo has no chartevents: it is given datetimeevents'
# blocks (the same bedside charting). Tables not listed are grouped by patient in the files too.
FILE_ORDER: dict[str, tuple[str, int]] = {  # table -> (time order inside a patient, rows per block; 0 = by time)
    "labevents": ("charttime, specimen_id, itemid", 0),
    "emar": ("charttime, emar_id", 30),
    "chartevents": ("charttime, itemid", 8),
    "datetimeevents": ("charttime, itemid", 8),
    "outputevents": ("charttime, itemid", 10),
    "pharmacy": ("starttime, pharmacy_id", 5),
    "microbiologyevents": ("charttime, microevent_id", 2),
    "prescriptions": ("starttime, pharmacy_id, drug", 1),
    "emar_detail": ("emar_seq, parent_field_ordinal", 1),
}


def check_args(db: Path, patients: int, seed: int, vocab_dir: Path | None, memory_limit: str = DEFAULT_MEMORY_LIMIT,
               threads: int = DEFAULT_THREADS, force: bool = False) -> None:
    """Bad input as a UserError, before anything is written; ``force`` lets a build replace a file that holds
    something else than a synthetic database."""
    if not isinstance(patients, int) or isinstance(patients, bool) or patients < 1:
        raise UserError(f"--patients must be a whole number of at least 1 (got {patients!r})")
    if patients > MAX_PATIENTS:
        raise UserError(f"--patients {patients:,} is more than the full MIMIC-IV ({MAX_PATIENTS:,}); "
                        "choose a smaller cohort")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >= 2 ** 63:
        raise UserError(f"--seed must be a whole number from 0 to 2**63-1 (got {seed!r})")
    memory_bytes(memory_limit)
    check_threads(threads)
    if db.exists() and db.is_dir():
        raise UserError(f"{db} is a folder: give the path of the DuckDB file to write (e.g. {db / 'synthetic.duckdb'})")
    if vocab_dir is not None:
        vocab.check_vocab_dir(vocab_dir)
    if db.is_file() and not force:
        _refuse_to_replace(db)


def _refuse_to_replace(db: Path) -> None:
    """A build replaces ``db`` whole: refused where it holds imported (real) data or is no database of ours,
    so hours of an import are not lost to a mistyped --db."""
    try:
        source = metadata.read_info(db).source
    except UserError:
        source = None
    if source == "synthetic":
        return
    what = f"{source} MIMIC-IV data (imported)" if source else "something that is not an ehr-tui synthetic database"
    raise UserError(f"{db} holds {what}; `db synth` would replace it: give another --db, or pass --force to "
                    "replace it")


def _check_space(folder: Path, patients: int) -> None:
    need = patients * BYTES_PER_PATIENT + 50_000_000
    free = shutil.disk_usage(folder).free
    if free < need:
        raise UserError(f"not enough free disk space in {folder}: about {need / 1e9:.1f} GB needed for "
                        f"{patients:,} patients, {free / 1e9:.1f} GB free; choose fewer --patients or another --db")


def build_synthetic(db: str | Path, *, patients: int = DEFAULT_PATIENTS, seed: int = 0, vocab: Path | None = None,
                    progress: ProgressFn | None = None, memory_limit: str = DEFAULT_MEMORY_LIMIT,
                    threads: int = DEFAULT_THREADS, file_order: bool = False) -> metadata.DbInfo:
    """Write a new synthetic MIMIC-IV database to ``db`` (replacing it atomically); returns its DbInfo.

    memory_limit and threads bound DuckDB (it spills to a folder beside the file when a
    step needs more); file_order stores the big event tables in the order the PhysioNet
    files have (FILE_ORDER) instead of by patient, for benchmarks that must not profit
    from a perfect sort. Neither changes the content.
    """
    db = Path(db).expanduser()
    vocab_dir = Path(vocab).expanduser() if vocab is not None else None
    check_args(db, patients, seed, vocab_dir, memory_limit, threads, force=True)  # the CLI asked first
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create the folder {db.parent}: {e.strerror}") from None
    _check_space(db.parent, patients)
    report = progress or (lambda step, frac: None)
    fd, tmp_name = tempfile.mkstemp(dir=db.parent, prefix=f".{db.name}.", suffix=".building")
    os.close(fd)
    tmp = Path(tmp_name)
    tmp.unlink()  # DuckDB must create the file itself
    spill = Path(str(tmp) + ".spill")
    try:
        t0 = time.perf_counter()
        con = duckdb.connect(str(tmp), config={"memory_limit": memory_limit, "threads": threads,
                                               "temp_directory": str(spill)})
        try:
            vocab_source = _generate(con, db.parent, patients, seed, vocab_dir, report, file_order=file_order)
            if vocab_dir is not None:
                from .importer import detect_source

                # Dictionaries of credentialed MIMIC-IV fall under its data use agreement: say so.
                metadata.set_meta(con, vocab_kind=detect_source(vocab_dir)[0])
            metadata.set_meta(
                con, source="synthetic", version=schema.SCHEMA_VERSION, created=metadata.now_iso(),
                patients=str(patients), seed=str(seed), vocab=vocab_source,
                generator_version=GENERATOR_VERSION, duckdb_version=duckdb.__version__,
                build_seconds=f"{time.perf_counter() - t0:.2f}", row_order="file" if file_order else "patient",
            )
            con.execute("CHECKPOINT")
        except duckdb.OutOfMemoryException:
            raise UserError(f"the build ran out of memory under --memory-limit {memory_limit}: raise the limit "
                            "(or use fewer --threads)") from None
        finally:
            con.close()
        wal = Path(str(db) + ".wal")
        if wal.exists():
            wal.unlink()  # a stale WAL of the old file must not be replayed onto the new one
        os.replace(tmp, db)
    except BaseException:
        for p in (tmp, Path(str(tmp) + ".wal")):
            p.unlink(missing_ok=True)
        raise
    finally:
        shutil.rmtree(spill, ignore_errors=True)
    report("done", 1.0)
    return metadata.read_info(db)


def _generate(con: duckdb.DuckDBPyConnection, workdir: Path, patients: int, seed: int, vocab_dir: Path | None,
              report: ProgressFn, *, file_order: bool = False) -> str:
    con.execute("SET preserve_insertion_order = true")
    con.execute("SET enable_progress_bar = false")  # DuckDB's own bar would scribble over ours
    schema.create_schemas(con)
    metadata.ensure_meta(con)
    define_macros(con, seed)
    ctx = Ctx(con, seed=seed, patients=patients)
    ctx.define_id_macros()
    report("vocabulary", 0.0)
    codesets.load(con)
    vocab.create_lookup_tables(con)
    if vocab_dir is not None:
        source = vocab.load_vocab_dictionaries(con, vocab_dir, workdir)
        vocab.restrict_to_dictionaries(con)
    else:
        source = vocab.load_builtin_dictionaries(con)
    tail.prepare(ctx)
    core.write_staff(ctx)
    lookups = _temp_tables(con)
    chunks = [(lo, min(patients, lo + CHUNK_PATIENTS)) for lo in range(0, patients, CHUNK_PATIENTS)]
    total = sum(w for _, w, _ in STEPS)
    end = 0.9 if file_order else 0.97
    for n, (ctx.lo, ctx.hi) in enumerate(chunks):
        done = 0.0
        for description, weight, step in STEPS:
            part = f" (patients {ctx.lo + 1:,}-{ctx.hi:,})" if len(chunks) > 1 else ""
            report(description + part, 0.02 + (end - 0.02) * (n + done / total) / len(chunks))
            step(ctx)
            done += weight
        ctx.end_chunk()
        for name in _temp_tables(con) - lookups:  # free the chunk's working tables before the next one
            con.execute(f"DROP TABLE {name}")
    if file_order:
        for i, (name, (inner, block)) in enumerate(FILE_ORDER.items()):
            report(f"file order: {name}", end + (0.99 - end) * i / len(FILE_ORDER))
            _store_in_file_order(con, name, inner, block)
    report("cost schedule", 0.99)
    install_cost_schedule(con)  # cost tasks price the billing rows with it; see ehr_tui.tasks.cost
    return source


def _temp_tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() WHERE temporary").fetchall()}


def _store_in_file_order(con: duckdb.DuckDBPyConnection, name: str, inner: str, block: int) -> None:
    """Rewrite one table in PhysioNet file order: by time overall (block 0) or in scattered per-patient blocks."""
    t = schema.table(name)
    if block == 0:
        select = f"SELECT * FROM {t.qualified} ORDER BY {inner}"
    else:
        # A block is `block` consecutive rows of one patient; blocks are placed by a hash, so they scatter.
        select = (f"SELECT * EXCLUDE (_block) FROM (SELECT *, hash(subject_id, (row_number() OVER (PARTITION BY "
                  f"subject_id ORDER BY {inner}) - 1) // {block}) AS _block FROM {t.qualified}) "
                  f"ORDER BY _block, subject_id, {inner}")
    con.execute(f"CREATE OR REPLACE TEMP TABLE _file_order AS {select}")
    con.execute(f"DROP TABLE {t.qualified}")
    con.execute(t.ddl())
    con.execute(f"INSERT INTO {t.qualified} SELECT * FROM _file_order")
    con.execute("DROP TABLE _file_order")


def ensure_default_db(progress: ProgressFn | None = None) -> Path:
    """The default database, built with the default settings if it is missing, incomplete or from an older generator.

    A database of another source (an import placed at the default path) is left as it is.
    """
    db = paths.default_db()
    if db.exists():
        try:
            info = metadata.read_info(db)
        except UserError as e:
            if "lock" in str(e).lower():
                raise UserError(f"{db} is open in another process; close it and try again") from None
            info = None
        if info is not None:
            complete = len(info.row_counts) == len(schema.TABLES)
            # A default database from an older generator is rebuilt: it is derived data, and tasks
            # generated today expect what the current generator writes (e.g. the cost schedule).
            if info.source != "synthetic" or (complete and info.extra.get("generator_version") == GENERATOR_VERSION):
                return db
    build_synthetic(db, patients=DEFAULT_PATIENTS, seed=0, vocab=None, progress=progress)
    return db
