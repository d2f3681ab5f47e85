"""The generator's own DuckDB: the MIMIC-IV file attached read-only, plus scratch tables in a private file.

Gold SQL and candidate queries are the project's own trusted SQL, so they run in-process (see the
sandbox's docstring for the boundary) on a connection the generator controls: the database file is
ATTACHed read-only as the default catalog, the work tables (candidate sets, parameter pools) live in
the catalog ``work``, a DuckDB file in a private temporary folder removed on close, and the thread
count can change between runs (the second check run of every gold query uses another one). Memory is
bounded by ``memory_limit``; DuckDB spills to the same folder beyond it. File access other than that
folder is switched off.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb

from ..errors import UserError
from ..mimic import limits

# the generator's work tables (candidate sets, parameter pools) are small: 1GB leaves headroom under a 2GB RSS
DEFAULT_MEMORY_LIMIT = "1GB"
DEFAULT_THREADS = limits.DEFAULT_THREADS
WORK = "work.main"
# Event tables that population questions read one item of ("Blood Potassium", "Heparin" across all
# admissions): the generator keeps its own copy ordered by item (a lab or chart item, a drug), so DuckDB's
# zone maps skip the row groups of every other item (a population lab query reads a few row groups of
# labevents, not all of it). Patient-level questions keep the file's own order, which a sorted import
# makes patient order. Small tables are read whole faster than copied.
BY_ITEM = (("mimiciv_hosp", "labevents", "itemid, subject_id, charttime"),
           ("mimiciv_icu", "chartevents", "itemid, subject_id, charttime"),
           ("mimiciv_hosp", "emar", "medication, subject_id, charttime"),
           ("mimiciv_hosp", "prescriptions", "drug, subject_id, starttime"),
           ("mimiciv_hosp", "pharmacy", "medication, subject_id, starttime"),
           ("mimiciv_icu", "inputevents", "itemid, subject_id, starttime"))
BY_ITEM_MIN_ROWS = 1_000_000


def check_limits(memory_limit: str, threads: int) -> None:
    """--memory-limit and --threads as the CLIs take them (the rules of ``mimic.limits``, shared with
    ``db import`` and ``db synth``); UserError for anything else."""
    limits.check(memory_limit, threads)


_TMP_PREFIX = "ehr-tui-gen-"


def _sweep_stale() -> None:
    """Remove the work folders of generator processes that no longer run (killed before they could clean up:
    a grouped query's spill files reach gigabytes). A folder's name carries its process id."""
    root = Path(tempfile.gettempdir())
    for d in root.glob(f"{_TMP_PREFIX}*-*"):
        pid = d.name[len(_TMP_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(d, ignore_errors=True)
        except OSError:
            pass  # another user's process, or one we may not signal: alive as far as we can tell


class QueryFailed(Exception):
    """A query's error, as DuckDB's first lines (``timeout`` when it ran past its limit)."""

    def __init__(self, message: str, timeout: bool = False):
        super().__init__(message)
        self.timeout = timeout


@dataclass
class Rows:
    columns: list[str]
    types: list[str] = field(default_factory=list)
    rows: list[tuple[Any, ...]] = field(default_factory=list)


def _clean(e: BaseException) -> str:
    lines = [ln for ln in str(e).strip().splitlines() if ln.strip()]
    return " ".join(lines[:3]) if lines else type(e).__name__


class _Turns:
    """Queries run side by side (``shared``); one that ran out of memory runs again ``alone``: whether
    two heavy queries meet under the memory limit depends on timing, so without the retry a
    template's tasks would depend on which query its neighbour was running."""

    def __init__(self):
        self._cv = threading.Condition()
        self._active = 0
        self._alone = False

    @contextmanager
    def shared(self):
        with self._cv:
            while self._alone:
                self._cv.wait()
            self._active += 1
        try:
            yield
        finally:
            with self._cv:
                self._active -= 1
                self._cv.notify_all()

    @contextmanager
    def alone(self):
        with self._cv:
            while self._alone:
                self._cv.wait()
            self._alone = True
            while self._active:
                self._cv.wait()
        try:
            yield
        finally:
            with self._cv:
                self._alone = False
                self._cv.notify_all()


class WorkDb:
    """One generator connection; ``query`` is thread-safe (a cursor per thread)."""

    def __init__(self, db: str | Path, *, memory_limit: str = DEFAULT_MEMORY_LIMIT, threads: int = DEFAULT_THREADS):
        check_limits(memory_limit, threads)
        self.db = Path(db)
        if not self.db.exists():
            raise UserError(f"database {self.db} does not exist: build one with `ehr-tui db synth` or "
                            "`ehr-tui db import`")
        self.threads = threads
        _sweep_stale()
        self._tmp = tempfile.mkdtemp(prefix=f"{_TMP_PREFIX}{os.getpid()}-")
        try:
            self._con = duckdb.connect(":memory:", config={
                "memory_limit": memory_limit, "threads": threads, "temp_directory": self._tmp,
                "autoinstall_known_extensions": False, "autoload_known_extensions": False})
            path = str(self.db.resolve()).replace("'", "''")
            self._con.execute(f"ATTACH '{path}' AS mimic (READ_ONLY)")
            # work tables in a private file, not in memory: stored compressed and read back through the
            # buffer pool, where in-memory tables beyond the limit are spilled uncompressed, again and
            # again (tens of GB written at 10,000 patients)
            work = str(Path(self._tmp) / "work.duckdb").replace("'", "''")
            self._con.execute(f"ATTACH '{work}' AS work")
            self._con.execute("SET enable_external_access = false")
        except duckdb.Error as e:
            shutil.rmtree(self._tmp, ignore_errors=True)
            raise UserError(f"cannot open {self.db} read-only: {_clean(e)}") from None
        self._local = threading.local()
        self._cursors: list[duckdb.DuckDBPyConnection] = []
        self._lock = threading.Lock()
        self._names = 0
        self._turns = _Turns()
        self.retried_alone = 0  # queries that ran out of memory beside others and ran again alone
        self._by_item_path: str | None = None  # search_path of the by-item cursors, once the copies exist
        self.by_item_seconds = 0.0  # time spent making the by-item copies
        self.by_item_skipped: dict[str, str] = {}  # tables whose copy failed (read from the file instead): why

    def _by_item(self) -> str:
        """The search_path under which the BY_ITEM copies shadow the file's tables (made on first use)."""
        with self._lock:
            if self._by_item_path is not None:
                return self._by_item_path
        with self._turns.alone():  # a sort of millions of rows: nothing beside it under the memory limit
            # (one thread at a time gets here; the lock is held only to read and set the path, not through the
            # sorts, so other threads can still name work tables and open cursors meanwhile)
            with self._lock:
                if self._by_item_path is not None:
                    return self._by_item_path
            started = time.monotonic()
            cur = self._con.cursor()
            try:
                schemas = [r[0] for r in cur.execute(
                    "SELECT DISTINCT schema_name FROM duckdb_tables() WHERE database_name = 'mimic' "
                    "ORDER BY 1").fetchall()]
                copied = []
                for schema, table, order in BY_ITEM:
                    n = cur.execute("SELECT estimated_size FROM duckdb_tables() WHERE database_name = 'mimic' "
                                    "AND schema_name = ? AND table_name = ?", [schema, table]).fetchall()
                    if not n or n[0][0] < BY_ITEM_MIN_ROWS:
                        continue
                    try:
                        cur.execute(f"CREATE SCHEMA IF NOT EXISTS work.{schema}")
                        cur.execute(f"CREATE TABLE work.{schema}.{table} AS "
                                    f"SELECT * FROM mimic.{schema}.{table} ORDER BY {order}")
                        copied.append(schema)
                    except duckdb.Error as e:  # (out of memory, a table without the column): read the file's
                        cur.execute(f"DROP TABLE IF EXISTS work.{schema}.{table}")
                        self.by_item_skipped[f"{schema}.{table}"] = _clean(e)
            except duckdb.Error as e:
                raise QueryFailed(f"cannot read the database's table list: {_clean(e)}") from None
            finally:
                cur.close()
            path = [f"work.{s}" for s in dict.fromkeys(copied)] + ["mimic.main"] + \
                [f"mimic.{s}" for s in schemas if s != "main"]
            with self._lock:
                self.by_item_seconds = time.monotonic() - started
                self._by_item_path = ",".join(path)
                return self._by_item_path

    def cursor(self, by_item: bool = False) -> duckdb.DuckDBPyConnection:
        """This thread's cursor; ``by_item``: the one that reads the BY_ITEM copies for their tables."""
        name = "by_item" if by_item else "cur"
        cur = getattr(self._local, name, None)
        if cur is None:
            path = self._by_item() if by_item else None
            with self._lock:
                cur = self._con.cursor()
                self._cursors.append(cur)
            cur.execute("USE mimic")
            if path:
                cur.execute(f"SET search_path = '{path}'")
            setattr(self._local, name, cur)
        return cur

    def name(self, stem: str) -> str:
        """A fresh work-table name."""
        with self._lock:
            self._names += 1
            return f"{WORK}.{stem}_{self._names}"

    def query(self, sql: str, *, timeout_s: float = 600.0, max_rows: int | None = None, by_item: bool = False) -> Rows:
        """Run one statement; QueryFailed with DuckDB's message (or timeout) instead of duckdb errors.
        A statement that runs out of memory beside other queries is run again with none beside it.
        ``by_item``: read the BY_ITEM tables from the generator's copies ordered by item (the same rows)."""
        if by_item:
            self.cursor(by_item=True)  # makes the copies first, outside the turn below
        with self._turns.shared():
            try:
                return self._query(sql, timeout_s, max_rows, by_item)
            except duckdb.OutOfMemoryException:
                pass
        with self._turns.alone():
            with self._lock:
                self.retried_alone += 1
            try:
                return self._query(sql, timeout_s, max_rows, by_item)
            except duckdb.OutOfMemoryException as e:
                raise QueryFailed(f"out of memory under the memory limit ({_clean(e)}); raise --memory-limit") \
                    from None

    def _query(self, sql: str, timeout_s: float, max_rows: int | None, by_item: bool = False) -> Rows:
        cur = self.cursor(by_item)
        timer = threading.Timer(timeout_s, cur.interrupt)
        timer.daemon = True
        timer.start()
        try:
            res = cur.execute(sql)
            columns = [d[0] for d in res.description or []]
            types = [str(d[1]) for d in res.description or []]
            rows = (res.fetchmany(max_rows) if max_rows is not None else res.fetchall()) if res.description else []
            return Rows(columns, types, rows)
        except duckdb.InterruptException:
            raise QueryFailed(f"ran past its {timeout_s:g} s limit", timeout=True) from None
        except duckdb.OutOfMemoryException:
            raise
        except duckdb.Error as e:
            raise QueryFailed(_clean(e)) from None
        finally:
            timer.cancel()

    def drop(self, *tables: str) -> None:
        for t in tables:
            try:
                self.cursor().execute(f"DROP TABLE IF EXISTS {t}")
            except duckdb.Error:
                pass

    def set_threads(self, threads: int) -> None:
        """Threads for the queries started from now on (a DuckDB-wide setting)."""
        self.cursor().execute(f"SET threads = {int(threads)}")

    def close(self) -> None:
        with self._lock:
            for cur in self._cursors:
                try:
                    cur.close()
                except duckdb.Error:
                    pass
            self._cursors.clear()
        self._con.close()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self) -> "WorkDb":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
