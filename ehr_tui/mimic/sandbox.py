"""Read-only SQL execution for agents, the task generator and the TUI's console.

Three layers, each enough on its own for the common attacks:

1. the statement check: exactly one statement, of a reading kind (SELECT / WITH /
   DESCRIBE / SHOW / SUMMARIZE / EXPLAIN), with no file-reading table functions
   or file paths used as tables. DuckDB's own parser is authoritative for the
   statement count and kind; sqlglot's AST is walked for functions and tables
   (when sqlglot cannot parse DuckDB-specific syntax the DuckDB check stands);
2. the connection: opened read-only, with external access (files, network,
   ATTACH, COPY, extensions) disabled and the configuration locked, so SET and
   PRAGMA cannot undo the limits;
3. limits: a timeout that interrupts the query, a memory limit, a thread cap,
   and a row cap that still reports the true row count.

``execute`` never raises for a bad query: every problem comes back as text in
``QueryResult.error``, phrased for the model (or person) to act on.
"""

from __future__ import annotations

import functools
import heapq
import logging
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import duckdb
import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect

from ..errors import UserError

# sqlglot logs a warning for every DuckDB-only statement it falls back on; the check handles those.
logging.getLogger("sqlglot").setLevel(logging.ERROR)
_DUCKDB = Dialect.get_or_raise("duckdb")

ALLOWED_KINDS = "SELECT, WITH ... SELECT, DESCRIBE, SHOW, SUMMARIZE or EXPLAIN"
_ALLOWED_DUCKDB_TYPES = {"SELECT", "EXPLAIN"}  # DuckDB parses DESCRIBE/SHOW/SUMMARIZE as SELECT

# Table functions that read files or reach other systems. External access is
# already disabled on the connection; refusing them up front gives a clearer message.
FORBIDDEN_FUNCTIONS = frozenset({
    "read_csv", "read_csv_auto", "read_parquet", "parquet_scan", "parquet_metadata", "parquet_schema",
    "parquet_file_metadata", "parquet_kv_metadata", "read_json", "read_json_auto", "read_json_objects",
    "read_ndjson", "read_ndjson_auto", "read_ndjson_objects", "read_text", "read_blob", "glob",
    "sniff_csv", "iceberg_scan", "iceberg_metadata", "delta_scan", "sqlite_scan", "sqlite_attach",
    "postgres_scan", "postgres_query", "mysql_scan", "mysql_query", "read_xlsx", "st_read", "httpfs",
    "load_aws_credentials",
    # SQL given as a string escapes this check: query('...') runs it, query_table('...') resolves a name
    # (or a file) at run time.
    "query", "query_table", "json_execute_serialized_sql", "read_duckdb",
})
# and any function named like a reader or a runner of SQL text ("read_*", "*_scan", "*_query", "*_attach",
# "*execute*"): a function DuckDB or an extension adds later is refused by its name's shape too
_FORBIDDEN_SHAPE = re.compile(r"^read_|_scan$|_query$|_attach$|execute")
_FILE_SUFFIXES = (".csv", ".tsv", ".parquet", ".json", ".ndjson", ".jsonl", ".gz", ".zst", ".txt", ".db",
                  ".duckdb", ".sqlite", ".xlsx", ".arrow")


@dataclass
class QueryResult:
    sql: str
    columns: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    row_count: int | None = None  # true number of rows; None if it could not be counted in time
    truncated: bool = False
    error: str | None = None
    elapsed_s: float = 0.0
    too_large: bool = False  # the error is that the result is too big to carry back or convert, not the SQL

    @property
    def ok(self) -> bool:
        return self.error is None

    def summary(self) -> str:
        """One line for status bars and observations: '42 rows', '1000 of 1,234,567 rows', or the error."""
        if self.error:
            return self.error
        if not self.truncated:
            return f"{len(self.rows):,} row{'s' if len(self.rows) != 1 else ''}"
        total = f"{self.row_count:,}" if self.row_count is not None else f"more than {len(self.rows):,}"
        return f"first {len(self.rows):,} of {total} rows"


@functools.lru_cache(maxsize=4096)
def check_statement(sql: str) -> tuple[str | None, str]:
    """(error message or None, the single statement's text without a trailing semicolon).

    Cached by text: the sqlglot parse costs 1-2 ms, and the same statements recur (k trials
    of one task, re-runs in the debugger, re-validating gold SQL).
    """
    if not sql or not sql.strip():
        return "empty query: write one SELECT statement", ""
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as e:
        return _clean_error(e), ""
    if not statements:
        return "empty query: write one SELECT statement", ""
    if len(statements) > 1:
        return (f"one statement at a time, please: got {len(statements)}; "
                "send them as separate queries"), ""
    stmt = statements[0]
    text = stmt.query.strip().rstrip(";").strip()
    if stmt.type.name == "EXPLAIN":
        # EXPLAIN ANALYZE runs what it explains: the statement inside obeys the same rules.
        inner = _explained(text)
        if inner is None:
            return "EXPLAIN must be followed by one SELECT statement", ""
        error, _ = check_statement(inner)
        if error:
            return f"EXPLAIN {error}" if not error.startswith("EXPLAIN") else error, ""
        return None, text
    if stmt.type.name not in _ALLOWED_DUCKDB_TYPES:
        # Name the statement as written (INSTALL, PRAGMA, USE), not DuckDB's internal kind.
        words = [w for w in text.split() if w.isalpha()]
        kind = words[0].upper() if words else stmt.type.name
        return (f"{kind} statements are not allowed: the database is read-only and only {ALLOWED_KINDS} "
                "may run"), ""
    try:
        trees = _DUCKDB.parse(text)
    except sqlglot.errors.SqlglotError:
        return None, text  # DuckDB accepted it; the connection's limits still hold
    tree = trees[0] if trees else None
    if tree is None:
        return None, text
    if not isinstance(tree, (exp.Query, exp.Describe, exp.Show, exp.Command, exp.Summarize)):
        return f"{tree.key.upper()} is not allowed: only {ALLOWED_KINDS} may run", text
    for node in tree.walk():
        if isinstance(node, exp.Func):
            name = (node.name if isinstance(node, exp.Anonymous) else node.sql_name()).lower()
            if name in FORBIDDEN_FUNCTIONS or _FORBIDDEN_SHAPE.search(name):
                return (f"{name}() is not allowed: the sandbox has no file or network access; "
                        "query the MIMIC-IV tables instead"), text
        elif isinstance(node, exp.Table):
            name = node.name.lower()
            if "/" in name or "\\" in name or name.endswith(_FILE_SUFFIXES):
                return (f"reading files ({node.name!r}) is not allowed: the sandbox has no file access; "
                        "query the MIMIC-IV tables instead"), text
    return None, text


_VOLATILE = {"random", "rand", "setseed", "uuid", "gen_random_uuid", "uuidv4", "uuidv7"}
# Nodes that make a second (counting) pass pay the expensive part of a query again: aggregation, windows,
# DISTINCT. Such statements stream once and are counted as they stream.
_BLOCKING = (exp.AggFunc, exp.Window, exp.Group, exp.Having, exp.Qualify, exp.Distinct)


@functools.lru_cache(maxsize=4096)
def capped_head_sql(stmt: str, cap: int) -> str | None:
    """``stmt`` wrapped in ``LIMIT cap + 1``, so DuckDB stops building rows once the preview is full and
    the true count of a larger result is a second, column-pruned ``count(*)`` (on the demo's labevents
    ``SELECT *``, 3.7 ms where streaming the whole result to count it takes 22 ms).

    None where the plain statement must stream instead: it aggregates, windows or de-duplicates (a
    second pass would pay that twice), a second pass could disagree with the rows shown (random
    functions, samples), or the wrapper would rename its columns (DuckDB makes the second
    ``subject_id`` of a wrapped ``SELECT *`` join ``subject_id_1``)."""
    try:
        trees = _DUCKDB.parse(stmt)
    except sqlglot.errors.SqlglotError:
        return None
    tree = trees[0] if len(trees) == 1 else None
    if not isinstance(tree, exp.Select):
        return None
    names: set[str] = set()
    for e in tree.expressions:
        if isinstance(e, exp.Star) or (isinstance(e, exp.Column) and isinstance(e.this, exp.Star)):
            if len(tree.expressions) > 1 or tree.args.get("joins"):
                return None  # which names a star brings is known only to the binder
            continue
        name = (e.alias_or_name or e.sql()).lower()
        if name in names:
            return None
        names.add(name)
    for node in tree.walk():
        if isinstance(node, _BLOCKING + (exp.Rand, exp.Uuid, exp.TableSample)):
            return None
        if isinstance(node, exp.Func):
            name = (node.name if isinstance(node, exp.Anonymous) else node.sql_name()).lower()
            if name in _VOLATILE:
                return None
    return f"SELECT * FROM (\n{stmt}\n) LIMIT {cap + 1}"


# EXPLAIN [ANALYZE | ANALYSE] [(options)], with comments and whitespace anywhere in between.
_GAP = r"(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*"
_EXPLAIN_PREFIX = re.compile(rf"^{_GAP}EXPLAIN\b{_GAP}(?:ANALY[SZ]E\b{_GAP})?(?:\([^()]*\){_GAP})?", re.I | re.S)


def _explained(text: str) -> str | None:
    """The statement an EXPLAIN explains, or None when it cannot be isolated (then it is refused)."""
    m = _EXPLAIN_PREFIX.match(text)
    if not m:
        return None
    inner = text[m.end():].strip()
    if not inner:
        return None
    try:
        statements = duckdb.extract_statements(inner)
    except duckdb.Error:
        return None
    if len(statements) != 1 or statements[0].type.name == "EXPLAIN":
        return None  # nested EXPLAIN: no need for it, and one rule less to get right
    return inner


# DuckDB suggests its own catalog tables for a mistyped name (`Did you mean "pg_enum"?`): noise that
# sends a user or an agent into the system catalog. Hints naming real tables or functions stay.
_SYSTEM_HINT = re.compile(r'^Did you mean "(?:[a-z_]+\.)?(?:pg_|duckdb_|sqlite_|information_schema|pragma_)',
                          re.IGNORECASE)


def _clean_error(e: BaseException) -> str:
    """DuckDB's message without the Python class name, trimmed to what helps fix the query."""
    msg = str(e).strip()
    lines = [ln for ln in msg.splitlines() if ln.strip() and not _SYSTEM_HINT.search(ln)]
    return "\n".join(lines[:6]) if lines else type(e).__name__


REFIRE_S = 0.05  # how often a query past its deadline is interrupted again until it stops


def duckdb_batches(reader, interrupted: Callable[[], bool] = lambda: False):
    """The batches of an Arrow reader over a DuckDB result. An error DuckDB raises while the result streams
    (a conversion error in a late row, an interrupt) reaches Python through pyarrow as an OSError, where a
    caller would take it for a failed write or not catch it at all: it is raised as the DuckDB error it is,
    an interrupt where ``interrupted()`` says the time limit fired."""
    batches = iter(reader)
    while True:
        try:
            batch = next(batches)
        except StopIteration:
            return
        except OSError as e:
            if interrupted():
                raise duckdb.InterruptException(str(e)) from None
            raise duckdb.Error(str(e)) from None
        yield batch


class _Alarm:
    __slots__ = ("deadline", "action", "armed", "fired")

    def __init__(self, deadline: float, action):
        self.deadline, self.action, self.armed, self.fired = deadline, action, True, False

    def __lt__(self, other: "_Alarm") -> bool:
        return self.deadline < other.deadline

    def disarm(self) -> None:
        self.armed = False


class _Watchdog:
    """One thread fires every query's timeout.

    A threading.Timer per query costs a thread start (~1.5 ms under DuckDB's load),
    several times the cost of a small query itself.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[_Alarm] = []
        self._thread: threading.Thread | None = None

    def arm(self, timeout_s: float, action) -> _Alarm:
        alarm = _Alarm(time.monotonic() + timeout_s, action)
        with self._cond:
            heapq.heappush(self._heap, alarm)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="sql-sandbox-watchdog", daemon=True)
                self._thread.start()
            if self._heap[0] is alarm:
                self._cond.notify()
        return alarm

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._heap and not self._heap[0].armed:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._cond.wait()
                    continue
                wait = self._heap[0].deadline - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                alarm = heapq.heappop(self._heap)
                if alarm.armed:
                    # fired again until disarmed: DuckDB clears an interrupt when a statement starts, so one
                    # landing between a query's two statements (the preview and its count) would be lost
                    alarm.fired = True
                    alarm.deadline = time.monotonic() + REFIRE_S
                    heapq.heappush(self._heap, alarm)
            if alarm.armed:
                try:
                    alarm.action()
                except Exception:  # the query ended (and its cursor closed) just as its time ran out
                    pass


_WATCHDOG = _Watchdog()


class SqlSandbox:
    """A locked-down read-only connection to one MIMIC-IV DuckDB file.

    One sandbox per database file per process: DuckDB refuses a second
    connection to the same file with a different configuration, so share it.
    ``execute`` is thread-safe (a cursor per call).
    """

    def __init__(self, db: str | Path, *, timeout_s: float = 30.0, memory_limit: str = "2GB",
                 threads: int = 2, max_rows: int = 1000):
        self.db = Path(db)
        self.timeout_s, self.max_rows = timeout_s, max_rows
        if not self.db.exists():
            raise UserError(f"database {self.db} does not exist: build one with `ehr-tui db synth` "
                            "or `ehr-tui db import`")
        config = {
            "enable_external_access": False,
            "autoinstall_known_extensions": False,
            "autoload_known_extensions": False,
            "allow_community_extensions": False,
            "memory_limit": memory_limit,
            "threads": threads,
            "lock_configuration": True,
        }
        try:
            self._con = duckdb.connect(str(self.db), read_only=True, config=config)
        except duckdb.Error as e:
            raise UserError(f"cannot open {self.db} read-only: {_clean_error(e)}") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        self._con.close()

    def __enter__(self) -> "SqlSandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def cursor(self) -> duckdb.DuckDBPyConnection:
        with self._lock:
            return self._con.cursor()

    def execute(self, sql: str, *, max_rows: int | None = None, timeout_s: float | None = None) -> QueryResult:
        start = time.perf_counter()
        cap = self.max_rows if max_rows is None else max_rows
        timeout = self.timeout_s if timeout_s is None else timeout_s
        result = QueryResult(sql=sql)
        error, stmt = check_statement(sql)
        if error:
            result.error = error
            result.elapsed_s = time.perf_counter() - start
            return result
        cur = self.cursor()
        alarm = _WATCHDOG.arm(timeout, cur.interrupt)
        try:
            res = self._run_head(cur, stmt, cap)
            result.columns = [d[0] for d in res.description or []]
            result.types = [str(d[1]) for d in res.description or []]
            rows = res.fetchmany(cap + 1) if res.description else []
            result.truncated = len(rows) > cap
            result.rows = rows[:cap]
            if result.truncated:
                if alarm.fired:  # the time limit passed during the preview
                    raise duckdb.InterruptException("the time limit passed before the count")
                result.row_count = self._count(cur, stmt)
            else:
                result.row_count = len(result.rows)
        except duckdb.InterruptException:
            if result.rows:  # the preview arrived; only the full count ran out of time
                result.row_count = None
            else:
                result.error = (f"query interrupted: it ran past the {timeout:g} s time limit; "
                                "narrow it with filters, LIMIT or aggregation")
        except duckdb.OutOfMemoryException:
            result.error = ("query ran out of memory (limit reached); aggregate or filter before "
                            "selecting so many rows")
        except duckdb.Error as e:
            result.error = _clean_error(e)
        finally:
            alarm.disarm()
            cur.close()
        result.elapsed_s = time.perf_counter() - start
        return result

    def export(self, sql: str, path: str | Path, fmt: str, *, timeout_s: float | None = None,
               max_rows: int | None = None, on_rows=None, batch_rows: int = 50_000):
        """Write the statement's whole result (or its first ``max_rows`` rows) to ``path`` as ``fmt``
        (mimic/export.py), streaming Arrow batches under the same check and time limit as ``execute``.
        Returns an ``Exported``; a UserError says what went wrong (nothing is left at ``path`` then)."""
        import pyarrow as pa

        from .export import Exported, write_batches

        start = time.perf_counter()
        timeout = self.timeout_s if timeout_s is None else timeout_s
        error, stmt = check_statement(sql)
        if error:
            raise UserError(error)
        cur = self.cursor()
        alarm = _WATCHDOG.arm(timeout, cur.interrupt)
        try:
            rel = cur.sql(stmt)  # a relation streams Arrow without the extra copy a DB-API result makes
            if rel is None:
                raise UserError("the statement returns no rows to export")
            reader = rel.to_arrow_reader(batch_rows)
            # DuckDB's errors while streaming, not taken for the file's write errors below
            reader = pa.RecordBatchReader.from_batches(reader.schema, duckdb_batches(reader, lambda: alarm.fired))
            if max_rows is not None:
                reader = pa.RecordBatchReader.from_batches(reader.schema, _first_rows(reader, max_rows))
            rows, columns = write_batches(reader, path, fmt, on_rows)
        except duckdb.InterruptException:
            raise UserError(f"export interrupted: the query ran past the {timeout:g} s time limit (give a "
                            "longer one, or narrow the query)") from None
        except duckdb.OutOfMemoryException:
            raise UserError("export ran out of memory: filter or aggregate the query") from None
        except duckdb.Error as e:
            raise UserError(_clean_error(e)) from None
        except OSError as e:
            raise UserError(f"cannot write {path}: {e.strerror or e}") from None
        finally:
            alarm.disarm()
            cur.close()
        return Exported(Path(path).expanduser(), fmt, rows, columns, time.perf_counter() - start)

    @staticmethod
    def _run_head(cur: duckdb.DuckDBPyConnection, stmt: str, cap: int):
        """The statement's result, cut at ``cap + 1`` rows inside DuckDB where that is safe
        (``capped_head_sql``). An error of the wrapped form is reported from the statement as written,
        whose ``LINE 1: ... ^`` pointer is the one the user or model can act on."""
        head = capped_head_sql(stmt, cap)
        if head is not None:
            try:
                return cur.execute(head)
            except (duckdb.InterruptException, duckdb.OutOfMemoryException):
                raise
            except duckdb.Error:
                pass
        return cur.execute(stmt)

    @staticmethod
    def _count(cur: duckdb.DuckDBPyConnection, stmt: str) -> int:
        """The true row count of a result larger than the cap.

        A wrapped ``count(*)`` lets DuckDB prune the projections instead of
        building the rows; statements that cannot be a subquery (DESCRIBE,
        SHOW, EXPLAIN) are counted by streaming the rest of their result.
        """
        try:
            return cur.execute(f"SELECT count(*) FROM (\n{stmt}\n)").fetchone()[0]
        except duckdb.ParserException:
            res = cur.execute(stmt)
            n = 0
            while chunk := res.fetchmany(10_000):
                n += len(chunk)
            return n


def _first_rows(reader, limit: int):
    """The reader's batches, cut after ``limit`` rows."""
    left = limit
    for batch in reader:
        if left <= 0:
            return
        if batch.num_rows > left:
            batch = batch.slice(0, left)
        left -= batch.num_rows
        yield batch
