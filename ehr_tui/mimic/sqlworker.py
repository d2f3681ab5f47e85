"""The agent's SQL runs here: a confined query process that answers in Arrow IPC (started by confined_sql.py).

It confines itself with ``confine.py`` before it reads a query (address-space limit, and
where the kernel offers them namespaces, a private tmpfs as DuckDB's temporary directory whose
size is the spill cap, Landlock and the seccomp filter), opens the database read-only with
external access off and the configuration locked, and then serves one query at a time.

Each query is checked by ``sandbox.check_statement`` (the same rules as the in-process
sandbox), run on a fresh cursor (so TEMP objects die with it), and read once as Arrow: the
first ``max_rows`` rows are kept and the rest only counted, so the true row count costs no
second run. A watchdog interrupts the query at its deadline; the parent kills this process
if it has not answered a grace period later.

Frames (both directions): a 4-byte big-endian length and a JSON header; replies add an
8-byte length and an Arrow IPC stream of the kept rows (empty for errors).
"""

from __future__ import annotations

import json
import math
import os
import struct
import sys
import threading
import time

HEADER_MAX = 1 << 20


def write_frame(fd: int, header: dict, payload: bytes | None = None) -> None:
    data = json.dumps(header, default=str).encode()
    parts = [struct.pack(">I", len(data)), data]
    if payload is not None:
        parts += [struct.pack(">Q", len(payload)), payload]
    view = memoryview(b"".join(parts))
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _read_exact(fd: int, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_request(fd: int) -> dict:
    (n,) = struct.unpack(">I", _read_exact(fd, 4))
    if n > HEADER_MAX:
        raise EOFError
    return json.loads(_read_exact(fd, n))


class _Watchdog(threading.Thread):
    """Interrupts the running query at its deadline (one thread for the worker's life).

    Arming does not wake the thread unless the new deadline comes before the time it will wake anyway
    (``wake_at``): with the same time limit each query's deadline is later than the last one's, so the thread
    sleeps on through a run of queries instead of being woken twice a query (a context switch and the
    interpreter lock, on the same two cores the query runs on)."""

    def __init__(self) -> None:
        from .sandbox import REFIRE_S  # imported once confined, as the rest of .sandbox is

        super().__init__(daemon=True, name="sql-watchdog")
        self.refire_s = REFIRE_S  # the in-process sandbox's alarm fires again as often
        self.cond = threading.Condition()
        self.deadline: float | None = None
        self.cursor = None
        self.fired = False
        self.wake_at = math.inf  # when the thread's current wait ends (inf: it waits to be woken)

    def arm(self, cursor, timeout: float) -> None:
        with self.cond:
            self.cursor, self.deadline, self.fired = cursor, time.monotonic() + timeout, False
            if self.deadline < self.wake_at:
                self.cond.notify()

    def disarm(self) -> None:
        with self.cond:
            self.deadline = self.cursor = None

    def run(self) -> None:
        while True:
            with self.cond:
                while self.deadline is None or self.deadline > time.monotonic():
                    self.wake_at = self.deadline if self.deadline is not None else math.inf
                    self.cond.wait(None if self.deadline is None else self.deadline - time.monotonic())
                # interrupted again until disarmed: DuckDB clears the flag when a statement starts, so an
                # interrupt landing between two statements of one query (the preview and its count) is lost
                cursor, self.fired = self.cursor, True
                self.deadline = self.wake_at = time.monotonic() + self.refire_s
            try:
                cursor.interrupt()
            except Exception:  # noqa: BLE001 - the query ended just then
                pass


def _error_kind(text: str) -> str | None:
    if "max_temp_directory_size" in text or "No space left on device" in text:
        return "temp"
    if "Out of Memory" in text or "failed to allocate" in text.lower() or "bad_alloc" in text:
        return "memory"
    return None


def _probe_submit(con) -> bool:
    """Whether the connection runs a statement once through ``_submit`` as sqlworker expects (DuckDB 2's
    private entry point under its Python relations); any other answer means the public path."""
    if not hasattr(con, "_submit"):
        return False
    cur = con.cursor()
    try:
        streamed = cur._submit("SELECT 42 AS x", None, "stream", 16)  # the two forms sqlworker uses
        ok = _answers_42(_described(streamed), streamed.arrow_reader().read_all())  # described before it is read
        whole = cur._submit("SELECT 42 AS x", None, "arrow", 16)
        return ok and _answers_42(_described(whole), whole.arrow_table())
    except Exception:  # noqa: BLE001 - another version's private API: use the public one
        return False
    finally:
        cur.close()


def _answers_42(described: tuple[list[str], list[str]], table) -> bool:
    return described == (["x"], ["INTEGER"]) and table.column(0).to_pylist() == [42]


def _described(result) -> tuple[list[str], list[str]]:
    """Column names and type names of a ``_submit`` result (the DB-API description)."""
    desc = result.description or []
    return [d[0] for d in desc], [str(d[1]) for d in desc]


class Server:
    def __init__(self, con, cfg: dict):
        import pyarrow as pa

        from .sandbox import _clean_error, capped_head_sql, check_statement, duckdb_batches

        self.pa, self.check, self.clean, self.head_sql = pa, check_statement, _clean_error, capped_head_sql
        self.batches = duckdb_batches  # a result's batches, DuckDB's errors while it streams raised as such
        self.con, self.cfg = con, cfg
        self.submit = _probe_submit(con)
        self.watchdog = _Watchdog()
        self.watchdog.start()
        # the cursor of the next query, opened and the last one closed after a reply is sent (``tidy``): the
        # parent waits for neither
        self._spare = self._used = None

    def tidy(self) -> None:
        """Close the last query's cursor and open the next query's; called once its reply is on its way."""
        self._close_used()
        if self._spare is None:
            try:
                self._spare = self.con.cursor()
            except Exception:  # noqa: BLE001 - run() opens one itself
                self._spare = None

    def _close_used(self) -> None:
        cur, self._used = self._used, None
        if cur is not None:
            try:
                cur.close()
            except Exception:  # noqa: BLE001
                pass

    def _stream(self, cur, stmt: str):
        """(column names, type names, Arrow batch reader) of the statement, run once.

        DuckDB 2's Python relations bind a statement to describe it and again to run it (about 1 ms on an
        agent-sized join, 3-5% of a 20-40 ms query: bench_sandbox.py); its connection's ``_submit`` runs
        it once. Where that is missing or behaves otherwise (``_probe_submit``) the public relation path
        is taken; its bind and parser errors lack the ``LINE 1: ... ^^^`` pointer the model fixes its
        query by (``_submit``'s have it), so such an error is raised again by the DB-API path, which has
        it (the statement failed to bind, so nothing runs twice)."""
        import duckdb

        if self.submit:
            r = cur._submit(stmt, None, "stream", self.cfg["batch_rows"])
            return (*_described(r), r.arrow_reader() if r.description else None)
        try:
            rel = cur.sql(stmt)
        except duckdb.InterruptException:
            raise
        except duckdb.Error as first:
            try:
                cur.execute(stmt)
            except duckdb.Error as positioned:
                raise positioned from None
            raise first from None
        if rel is None:
            return [], [], None
        return list(rel.columns), [str(t) for t in rel.types], rel.to_arrow_reader(self.cfg["batch_rows"])

    def _head(self, cur, sql: str):
        """(names, types, Arrow table) of the capped form, or None where it fails to bind: the statement as
        written is then run by the streaming path, whose error names the user's own text. An error while it
        runs is the statement's own and is raised (running it again would pay for it twice, past the time
        limit for a slow one)."""
        import duckdb

        if self.submit:
            try:
                r = cur._submit(sql, None, "arrow", self.cfg["batch_rows"])
            except duckdb.ProgrammingError:  # parser, binder, catalog: the SQL, not its data
                return None
            return (*_described(r), r.arrow_table())
        try:
            rel = cur.sql(sql)
        except (duckdb.InterruptException, duckdb.OutOfMemoryException):
            raise
        except duckdb.Error:
            return None
        return list(rel.columns), [str(t) for t in rel.types], rel.to_arrow_table()

    def run(self, req: dict) -> tuple[dict, bytes]:
        import duckdb

        start = time.perf_counter()
        cap, timeout = int(req["max_rows"]), float(req["timeout"])
        head: dict = {"id": req["id"], "columns": [], "types": [], "row_count": None, "truncated": False,
                      "error": None, "error_kind": None}
        error, stmt = self.check(req["sql"])
        if error:
            head.update(error=error, error_kind="refused", elapsed=time.perf_counter() - start)
            return head, b""
        self._close_used()  # where tidy() was not called (tests drive run() alone)
        cur, self._spare = self._spare if self._spare is not None else self.con.cursor(), None
        self.watchdog.arm(cur, timeout)
        kept, n, payload = [], 0, b""
        try:
            head_sql = self.head_sql(stmt, cap)
            capped = self._head(cur, head_sql) if head_sql else None
            if capped is not None:  # cut inside DuckDB; a larger result is counted by a pruned second pass
                head["columns"], head["types"], table = capped
                n = table.num_rows
                if n > cap:
                    try:
                        if self.watchdog.fired:  # the deadline passed during the preview
                            raise duckdb.InterruptException("the time limit passed before the count")
                        n = cur.execute(f"SELECT count(*) FROM (\n{stmt}\n)").fetchone()[0]
                    except duckdb.InterruptException:
                        n = None  # the preview is here; only the full count ran out of time
            else:
                head["columns"], head["types"], reader = self._stream(cur, stmt)
                if reader is None:  # a statement without a result; the check lets none through, but be exact
                    head["error"] = "the statement returned no result"
                    return head, b""
                schema = reader.schema
                try:
                    for batch in self.batches(reader, lambda: self.watchdog.fired):
                        if n <= cap:
                            kept.append(batch)
                        n += batch.num_rows  # past the cap: only counted, never converted or sent
                except duckdb.InterruptException:
                    if n <= cap:
                        raise
                    n = None  # the preview is here; only the full count ran out of time
                table = self.pa.Table.from_batches(kept, schema=schema)
            table = table.slice(0, cap)
            head["truncated"] = n is None or n > cap
            head["row_count"] = n if n is not None else None
            sink = self.pa.BufferOutputStream()
            with self.pa.ipc.new_stream(sink, table.schema) as w:
                w.write_table(table)
            payload = sink.getvalue().to_pybytes()
            if len(payload) > self.cfg["max_result_bytes"]:
                head.update(error=f"the result is too large to return ({len(payload) / 1e6:.0f} MB for "
                                  f"{table.num_rows:,} rows); select fewer or narrower columns",
                            error_kind="too_large", columns=[], types=[], row_count=None)
                payload = b""
        except duckdb.InterruptException:
            head.update(error=f"query interrupted: it ran past the {timeout:g} s time limit; narrow it with "
                              "filters, LIMIT or aggregation", error_kind="timeout")
        except MemoryError:
            head.update(error="query ran out of memory (the query process's limit was reached)",
                        error_kind="memory")
        except duckdb.Error as e:
            text = self.clean(e)
            head.update(error=text, error_kind=_error_kind(text))
        finally:
            self.watchdog.disarm()
            kept = []
            self._used = cur  # closed by tidy(), after the reply
        if head["error"]:
            head["columns"], head["types"] = [], []
            payload = b""
        head["elapsed"] = time.perf_counter() - start
        return head, payload


def main() -> int:
    cfg = json.loads(sys.argv[1])
    req_fd, resp_fd = cfg["req_fd"], cfg["resp_fd"]
    from . import confine

    tmp = os.path.realpath(cfg["temp_dir"])
    db = os.path.realpath(cfg["db"])
    system = ["/proc/self/cgroup", "/sys/fs/cgroup", "/proc/meminfo", "/proc/cpuinfo"]
    active = confine.confine_self(
        want=cfg["layers"], scratch=tmp, scratch_bytes=cfg["temp_bytes"] + (8 << 20),
        read_roots=cfg["read_roots"] + system + [db, db + ".wal"], write_roots=[tmp],
        child_fds=(req_fd, resp_fd), lifeline=cfg.get("lifeline_fd"),
        rlimits={"memory_bytes": cfg["address_space_bytes"], "cpu_s": None, "max_files": 512,
                 "max_file_bytes": cfg["temp_bytes"] + (8 << 20)})
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    import duckdb
    import pyarrow as pa

    pa.set_cpu_count(1)
    pa.set_io_thread_count(1)
    try:
        con = duckdb.connect(db, read_only=True, config={
            "temp_directory": os.path.join(tmp, "duckdb"), "max_temp_directory_size": f"{cfg['temp_bytes']}B",
            "memory_limit": cfg["memory_limit"], "threads": cfg["threads"],
            "autoinstall_known_extensions": False, "autoload_known_extensions": False,
            "allow_community_extensions": False, "arrow_lossless_conversion": True,
        })
        # Set after connecting: DuckDB refuses a temp_directory in the same config that disables external access.
        con.execute("SET enable_external_access = false")
        con.execute("SET lock_configuration = true")
    except duckdb.Error as e:
        write_frame(resp_fd, {"ready": False, "error": str(e).strip().splitlines()[0], "protections": active})
        return 3
    server = Server(con, cfg)
    write_frame(resp_fd, {"ready": True, "protections": active, "pid": os.getpid()})
    while True:
        try:
            req = read_request(req_fd)
        except EOFError:
            return 0
        head, payload = server.run(req)
        write_frame(resp_fd, head, payload)
        server.tidy()


if __name__ == "__main__":
    sys.exit(main())
