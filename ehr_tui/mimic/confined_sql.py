"""The agent's SQL, run in confined query processes: an agent's query cannot take this process down.

``ConfinedSqlSandbox`` has the interface of ``SqlSandbox`` (``execute`` -> ``QueryResult``,
``close``) and runs each query in one of a small pool of worker processes (sqlworker.py).
Every limit is enforced outside DuckDB's goodwill:

* memory: the worker's address space is capped (RLIMIT_AS), so an allocation DuckDB's
  ``memory_limit`` does not track fails in the worker, never here;
* time: the worker interrupts the query at its deadline; if no answer comes ``grace_s`` later
  the worker is killed (its whole PID namespace with it) and a fresh one serves the next query;
* temporary space: each worker has its own folder, a private tmpfs of ``temp_mb`` where the
  kernel offers namespaces (else a folder on disk capped by DuckDB's max_temp_directory_size),
  removed when the worker goes;
* files and network: Landlock and the seccomp filter where the kernel offers them (see confine.py).

The task generator and the app's console keep the in-process ``SqlSandbox`` for trusted SQL.
Results come back as Arrow IPC and are converted to Python values only when read (arrow_rows.py).
"""

from __future__ import annotations

import json
import math
import os
import select
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pyarrow as pa

from ..errors import UserError
from .arrow_rows import ArrowRows, size_problem
from .sandbox import QueryResult
from .pysandbox import stop_supervised
from .confine import MAX_TASKS, TASK_LIMIT_EXIT
from .scratch import ScratchDir

_PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder holding ehr_tui/
_BOOT = ("import sys; sys.path.insert(0, sys.argv.pop(1)); "
         "from ehr_tui.mimic import sqlworker; sys.exit(sqlworker.main())")


def parse_size(size: str) -> int:
    """Bytes of a DuckDB-style size ('2GB', '512MiB', '1.5 GB'); a UserError for anything else."""
    text = str(size).strip().upper().replace(" ", "").removesuffix("B").removesuffix("I")
    factor = 1
    for unit, f in (("T", 1 << 40), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if text.endswith(unit):
            text, factor = text[:-1], f
            break
    try:
        value = int(float(text) * factor)
    except ValueError:
        value = -1
    if value < (64 << 20):
        raise UserError(f"memory size {size!r} is not valid: give at least 64MB, e.g. 2GB or 512MB")
    return value


class _Gone(Exception):
    """The worker died or stopped answering."""


class _Worker:
    def __init__(self, owner: "ConfinedSqlSandbox"):
        self.owner = owner
        self.scratch = ScratchDir("sql")
        req_r, req_w = os.pipe()
        resp_r, resp_w = os.pipe()
        life_r, life_w = os.pipe()
        o = owner
        # Large Arrow batches: past the cap rows are only counted, and few large batches count ~15% faster
        # than DuckDB's 2,048-row chunks (bench_sandbox.py, capped SELECT *).
        cfg = {
            "req_fd": req_r, "resp_fd": resp_w, "lifeline_fd": life_r, "db": str(o.db.resolve()),
            "temp_dir": str(self.scratch.path), "temp_bytes": o.temp_mb << 20, "memory_limit": o.memory_limit,
            "threads": o.threads, "address_space_bytes": o.address_space_bytes, "batch_rows": 65536,
            "max_result_bytes": o.max_result_bytes, "layers": o.layers, "read_roots": _read_roots(),
        }
        self.log = tempfile.TemporaryFile()
        # An arena per DuckDB thread, the main thread and the watchdog: DuckDB allocates through glibc malloc,
        # and its threads sharing 2 arenas made a window query 1.4x slower (bench_sandbox.py); each arena
        # reserves 64 MB of the address space, well inside the room the limit leaves beyond memory_limit.
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC",
               "HOME": str(self.scratch.path), "TMPDIR": str(self.scratch.path),
               "MALLOC_ARENA_MAX": str(o.threads + 2), "OMP_NUM_THREADS": "1"}
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-I", "-B", "-c", _BOOT, str(_PACKAGE_ROOT), json.dumps(cfg)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.log,
                pass_fds=(req_r, resp_w, life_r), cwd=str(self.scratch.path), env=env, start_new_session=True)
        except OSError as e:
            for fd in (req_w, resp_r, life_w):
                os.close(fd)
            self.scratch.remove()
            raise UserError(f"cannot start the SQL query process: {e}") from None
        finally:
            for fd in (req_r, resp_w, life_r):
                os.close(fd)
        self.req, self.resp, self.lifeline = req_w, resp_r, life_w
        self.next_id = 0
        self._buffered = b""
        try:
            ready = self._read_header(time.monotonic() + o.startup_timeout_s)
        except _Gone as e:
            detail = self.crash_detail()
            self.stop()
            raise UserError(f"the SQL query process did not start: {e}{detail}") from None
        if not ready.get("ready"):
            self.stop()
            raise UserError(f"the SQL query process could not open {o.db}: {ready.get('error')}")
        self.protections = ready.get("protections", {})

    # -- frames ---------------------------------------------------------------------------------

    def _read_exact(self, n: int, deadline: float) -> bytes:
        """``n`` bytes of the reply. A reply is read in as large pieces as the pipe holds (one frame is
        usually one read), and what goes past ``n`` waits in ``self._buffered`` for the next call."""
        chunks, left = [], n
        if self._buffered:
            chunks.append(self._buffered[:n])
            self._buffered = self._buffered[n:]
            left -= len(chunks[0])
        while left:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _Gone("it did not answer in time")
            ready, _, _ = select.select([self.resp], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.resp, min(max(left, 1 << 16), 1 << 20))
            if not chunk:
                code = self.proc.wait(timeout=5)
                raise _Gone(_exit_reason(code))
            if len(chunk) > left:
                chunk, self._buffered = chunk[:left], chunk[left:]
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def _read_header(self, deadline: float) -> dict:
        (n,) = struct.unpack(">I", self._read_exact(4, deadline))
        if n > 1 << 20:
            raise _Gone("it sent an oversized reply")
        try:
            return json.loads(self._read_exact(n, deadline))
        except ValueError:
            raise _Gone("it sent an unreadable reply") from None

    def query(self, sql: str, max_rows: int, timeout: float) -> tuple[dict, pa.Table | None]:
        self.next_id += 1
        body = json.dumps({"id": self.next_id, "sql": sql, "max_rows": max_rows, "timeout": timeout}).encode()
        try:
            view = memoryview(struct.pack(">I", len(body)) + body)
            while view:
                view = view[os.write(self.req, view):]
        except OSError as e:
            raise _Gone(f"cannot send the query: {e.strerror}") from None
        deadline = time.monotonic() + timeout + self.owner.grace_s
        head = self._read_header(deadline)
        (size,) = struct.unpack(">Q", self._read_exact(8, deadline))
        if size > self.owner.max_result_bytes + (1 << 20):  # the worker is not trusted to respect the cap
            raise _Gone("it sent an oversized result")
        payload = self._read_exact(size, deadline) if size else b""
        if head.get("id") != self.next_id:
            raise _Gone("it answered another query")
        table = None
        if payload:
            try:
                table = pa.ipc.open_stream(payload).read_all()
                table.validate(full=True)
            except (pa.ArrowException, ValueError) as e:
                raise _Gone(f"it sent an unreadable result ({e})") from None
        return head, table

    def crash_detail(self) -> str:
        try:
            self.log.seek(0)
            lines = [ln for ln in self.log.read().decode(errors="replace").splitlines() if ln.strip()]
        except (OSError, ValueError):
            return ""
        return (":\n" + "\n".join(lines[-5:])) if lines else ""

    def stop(self) -> None:
        stop_supervised(self.proc, self.lifeline, bool(getattr(self, "protections", {}).get("namespaces")))
        self.lifeline = -1
        for fd in (self.req, self.resp):
            try:
                os.close(fd)
            except OSError:
                pass
        self.log.close()
        self.scratch.remove()


def _read_roots() -> list[str]:
    from .pysandbox import _read_roots as python_roots

    return python_roots() + [str(_PACKAGE_ROOT / "ehr_tui")]


def _exit_reason(code: int | None) -> str:
    if code is None:
        return "it exited"
    if code < 0:
        if -code == signal.SIGKILL:
            return "it was killed (most likely at its memory limit)"
        if -code in (signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS):
            return f"it crashed ({signal.Signals(-code).name}), most likely out of memory"
        return f"it was killed by signal {-code}"
    if code == TASK_LIMIT_EXIT:
        return f"it was killed for starting more than {MAX_TASKS} threads"
    return f"it exited with status {code}"


class ConfinedSqlSandbox:
    """Read-only SQL for model-written queries, in a pool of up to ``processes`` confined workers.

    Thread-safe: each ``execute`` takes an idle worker (starting one if the pool is not full).
    """

    def __init__(self, db: str | Path, *, timeout_s: float = 30.0, memory_limit: str = "2GB", threads: int = 2,
                 max_rows: int = 1000, temp_mb: int = 1024, processes: int = 2, grace_s: float = 2.0,
                 address_space_mb: int | None = None, max_result_mb: int = 64, startup_timeout_s: float = 60.0,
                 layers: dict | None = None):
        self.db = Path(db)
        if not self.db.exists():
            raise UserError(f"database {self.db} does not exist: build one with `ehr-tui db synth` "
                            "or `ehr-tui db import`")
        if temp_mb < 1:
            raise UserError(f"the SQL sandbox's temporary space must be at least 1 MB (got {temp_mb})")
        _check_limit(timeout_s)
        self.timeout_s, self.max_rows, self.grace_s = timeout_s, max_rows, grace_s
        self.memory_limit, self.threads, self.temp_mb = memory_limit, threads, temp_mb
        # DuckDB's own limit plus room for the interpreter, pyarrow and thread stacks (~1.2 GB of mappings).
        mem = parse_size(memory_limit)
        self.address_space_bytes = (address_space_mb << 20) if address_space_mb else mem + mem // 4 + (2 << 30)
        self.max_result_bytes = max_result_mb << 20
        self.startup_timeout_s = startup_timeout_s
        self.layers = layers or {"namespaces": True, "landlock": True, "seccomp": True}
        self.processes = max(1, processes)
        self._idle: list[_Worker] = []
        self._started = 0
        self._cond = threading.Condition()
        self._closed = False
        self.protections: dict = {}
        self.restarts = 0

    def __enter__(self) -> "ConfinedSqlSandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            idle, self._idle = self._idle, []
            self._cond.notify_all()
        for w in idle:
            w.stop()

    def start(self) -> dict:
        """Start one worker now (the first query does it otherwise); returns its protections."""
        w = self._take()
        self._give(w)
        return dict(self.protections)

    def _take(self) -> _Worker:
        with self._cond:
            while True:
                if self._closed:
                    raise UserError("the SQL sandbox is closed")
                if self._idle:
                    return self._idle.pop()
                if self._started < self.processes:
                    self._started += 1
                    break
                self._cond.wait()
        try:
            w = _Worker(self)
        except BaseException:
            with self._cond:
                self._started -= 1
                self._cond.notify()
            raise
        self.protections = w.protections
        return w

    def _give(self, w: _Worker | None) -> None:
        with self._cond:
            if w is None or self._closed:
                self._started -= 1
            else:
                self._idle.append(w)
            self._cond.notify()
        if w is not None and self._closed:
            w.stop()

    def execute(self, sql: str, *, max_rows: int | None = None, timeout_s: float | None = None) -> QueryResult:
        start = time.perf_counter()
        cap = self.max_rows if max_rows is None else max_rows
        timeout = self.timeout_s if timeout_s is None else timeout_s
        _check_limit(timeout)
        result = QueryResult(sql=sql)
        try:
            w = self._take()
        except UserError as e:
            result.error = str(e)
            result.elapsed_s = time.perf_counter() - start
            return result
        try:
            head, table = w.query(sql, cap, timeout)
        except _Gone as e:
            w.stop()
            self._give(None)
            self.restarts += 1
            if "did not answer" in str(e):
                result.error = (f"query stopped: it ran past the {timeout:g} s time limit and did not respond to the "
                                "interrupt, so its query process was stopped; narrow it with filters, LIMIT or "
                                "aggregation")
            elif "unreadable result" in str(e):
                result.error = ("query stopped: its result could not be carried back safely (a value Arrow does "
                                "not allow, such as TIME '24:00:00'); cast such a column to VARCHAR")
            else:
                result.error = (f"query stopped: its query process failed ({e}) and the next query gets a fresh "
                                "one; aggregate or filter before selecting so much")
            result.elapsed_s = time.perf_counter() - start
            return result
        self._give(w)
        result.error = _message(head, self)
        result.too_large = head.get("error_kind") == "too_large"
        if result.error is None and table is not None:
            too_big = size_problem(table)  # before anything is converted: the parent's memory is the app's
            if too_big:
                result.error, result.too_large = f"query result not returned: {too_big}", True
        if result.error is None:
            result.columns, result.types = head["columns"], head["types"]
            result.rows = ArrowRows(table) if table is not None else []
            result.truncated, result.row_count = bool(head["truncated"]), head["row_count"]
        result.elapsed_s = time.perf_counter() - start
        return result


def _check_limit(timeout_s: float) -> None:
    """A query's time limit is a positive number of seconds: at 0 the interrupt lands before the statement
    starts (DuckDB clears it then) and the query ran to the kill; NaN broke the wait for the reply."""
    if not isinstance(timeout_s, (int, float)) or not math.isfinite(timeout_s) or timeout_s <= 0:
        raise UserError(f"the SQL time limit must be a positive number of seconds (got {timeout_s!r})")


def _message(head: dict, sb: ConfinedSqlSandbox) -> str | None:
    error, kind = head.get("error"), head.get("error_kind")
    if not error:
        return None
    if kind == "temp":
        return (f"query ran out of its temporary space ({sb.temp_mb:,} MB for data that does not fit in memory); "
                "filter or aggregate before sorting or joining so much")
    if kind == "memory":
        return ("query ran out of memory (limit reached); aggregate or filter before selecting so many rows")
    return error
