"""The Python tool's worker process (run as a script by pysandbox.py; stdlib + duckdb only).

Started as ``python -I -B pyworker.py CONFIG_JSON`` with a scrubbed environment. Before it
reads any model code it confines itself with ``confine.py`` (the security boundary, enforced by
the kernel: user/mount/network/IPC/PID namespaces with an unprivileged uid and a tmpfs working
directory whose size is the disk cap, Landlock, a seccomp filter, resource limits; see there),
and reports which layers are active. The parent refuses to use a worker that lacks a required
layer unless the user allowed a weak sandbox.

Inside, model code gets a read-only DuckDB connection ``con`` (external access off, configuration
locked). An audit hook turns the commonest refused actions (files outside the working directory,
sockets, subprocesses, signals, ctypes) into messages the model can act on; it is not a security
layer (model code can switch it off, and then the kernel refuses the same things).

Protocol: one JSON object per line on two inherited pipes. Requests
``{"id", "code", "timeout"}``; replies ``{"id", "ok", "stdout", "stderr",
"result", "error", "truncated", "elapsed"}``. Each request runs in one persistent
namespace, so variables survive between calls of one trajectory.
"""

from __future__ import annotations

import ast
import io
import json
import linecache
import os
import signal
import sys
import threading
import time
import traceback

# ---------------------------------------------------------------------------------------------
# The audit hook: friendly refusals only (confine.py is the boundary)

_DENIED_EVENTS = {
    "socket.__new__": "network access is not available in the Python tool",
    "socket.connect": "network access is not available in the Python tool",
    "socket.bind": "network access is not available in the Python tool",
    "socket.getaddrinfo": "network access is not available in the Python tool",
    "socket.gethostbyname": "network access is not available in the Python tool",
    "socket.sendto": "network access is not available in the Python tool",
    "subprocess.Popen": "starting programs is not allowed in the Python tool",
    "os.system": "starting programs is not allowed in the Python tool",
    "os.exec": "starting programs is not allowed in the Python tool",
    "os.posix_spawn": "starting programs is not allowed in the Python tool",
    "os.spawn": "starting programs is not allowed in the Python tool",
    "os.fork": "starting processes is not allowed in the Python tool",
    "os.forkpty": "starting processes is not allowed in the Python tool",
    "os.kill": "sending signals is not allowed in the Python tool",
    "os.killpg": "sending signals is not allowed in the Python tool",
    "ctypes.dlopen": "ctypes is not allowed in the Python tool",
    "ctypes.dlsym": "ctypes is not allowed in the Python tool",
    "ctypes.call_function": "ctypes is not allowed in the Python tool",
    "ctypes.cdata": "ctypes is not allowed in the Python tool",
    "os.symlink": "creating links is not allowed in the Python tool",
    "os.link": "creating links is not allowed in the Python tool",
}
_DENIED_IMPORTS = frozenset({"_posixsubprocess", "multiprocessing", "_multiprocessing", "pty"})
_WRITE_PATH_EVENTS = {"os.remove": 1, "os.rmdir": 1, "os.mkdir": 1, "os.chmod": 1, "os.chown": 1,
                      "os.truncate": 1, "os.utime": 1, "os.rename": 2, "os.chflags": 1, "os.setxattr": 1,
                      "os.removexattr": 1}
_READ_PATH_EVENTS = {"os.listdir", "os.scandir", "os.chdir", "os.getxattr", "os.listxattr", "glob.glob"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _under(path: str, roots: tuple[str, ...]) -> bool:
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


def _make_guard(workdir: str, read_roots: tuple[str, ...]):
    write_roots = (workdir,)
    read_roots = read_roots + write_roots
    hint = ("the Python tool can only read and write files in its working directory; "
            "query the database through `con`")

    def resolve(p) -> str | None:
        if isinstance(p, int):
            return None  # an already-open descriptor
        if isinstance(p, bytes):
            p = os.fsdecode(p)
        return os.path.realpath(os.path.join(workdir, os.fspath(p)))

    def guard(event: str, args: tuple) -> None:
        if event == "open":
            path, mode, flags = args
            real = resolve(path)
            if real is None:
                return
            writing = any(c in (mode or "") for c in "wax+") or bool((flags or 0) & _WRITE_FLAGS)
            if not _under(real, write_roots if writing else read_roots):
                verb = "writing" if writing else "reading"
                raise PermissionError(f"sandbox: {verb} {os.fspath(path)!s} is not allowed: {hint}")
        elif event in _DENIED_EVENTS:
            raise PermissionError(f"sandbox: {_DENIED_EVENTS[event]}")
        elif event == "import" and args and args[0] in _DENIED_IMPORTS:
            raise ImportError(f"sandbox: importing {args[0]} is not allowed in the Python tool")
        elif event in _WRITE_PATH_EVENTS:
            for p in args[:_WRITE_PATH_EVENTS[event]]:
                real = resolve(p)
                if real is not None and not _under(real, write_roots):
                    raise PermissionError(f"sandbox: changing {os.fspath(p)!s} is not allowed: {hint}")
        elif event in _READ_PATH_EVENTS and args:
            real = resolve(args[0]) if args[0] is not None else workdir
            if real is not None and not _under(real, read_roots):
                raise PermissionError(f"sandbox: {os.fspath(args[0])!s} is not allowed: {hint}")

    return guard


# ---------------------------------------------------------------------------------------------
# Running code


class CallTimeout(BaseException):
    """Raised into model code at its deadline (BaseException so ``except Exception`` cannot swallow it)."""


class _CappedText(io.TextIOBase):
    """stdout/stderr that keeps the first ``limit`` characters and counts the rest."""

    def __init__(self, limit: int):
        self.limit, self.parts, self.size, self.dropped = limit, [], 0, 0

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        room = self.limit - self.size
        if room > 0:
            self.parts.append(s[:room])
            self.size += min(len(s), room)
        self.dropped += max(0, len(s) - max(room, 0))
        return len(s)

    def text(self) -> str:
        return "".join(self.parts)


def _user_traceback(e: BaseException, prefix: str) -> str:
    """The traceback limited to the model's own code (no worker frames)."""
    te = traceback.TracebackException.from_exception(e, lookup_lines=False)
    te.stack = traceback.StackSummary.from_list([f for f in te.stack if f.filename.startswith(prefix)])
    return "".join(te.format()).rstrip()


class _Watchdog(threading.Thread):
    """Interrupts the running DuckDB query at the call's deadline.

    One thread for the worker's life: after a MemoryError the address space may
    have no room for a new thread's stack, and the next call must still run.
    """

    def __init__(self, con):
        super().__init__(daemon=True, name="watchdog")
        self.con, self.deadline, self.cond = con, None, threading.Condition()

    def arm(self, timeout: float) -> None:
        with self.cond:
            self.deadline = time.monotonic() + timeout
            self.cond.notify()

    def disarm(self) -> None:
        with self.cond:
            self.deadline = None

    def run(self) -> None:
        while True:
            with self.cond:
                while self.deadline is None:
                    self.cond.wait()
                wait = self.deadline - time.monotonic()
                if wait > 0:
                    self.cond.wait(wait)
                    continue
                self.deadline = None
            try:
                self.con.interrupt()
            except Exception:  # noqa: BLE001 - nothing running
                pass


class Runner:
    def __init__(self, con, max_output: int):
        self.con, self.max_output, self.n = con, max_output, 0
        self.namespace: dict = {"__name__": "__main__", "con": con}
        self.watchdog = _Watchdog(con)
        self.watchdog.start()

    def run(self, code: str, timeout: float) -> dict:
        self.n += 1
        filename = f"<cell {self.n}>"
        out, err = _CappedText(self.max_output), _CappedText(self.max_output)
        reply = {"ok": True, "result": None, "error": None}
        start = time.perf_counter()

        def on_alarm(signum, frame):
            raise CallTimeout()

        old_out, old_err = sys.stdout, sys.stderr
        try:
            tree = ast.parse(code, filename, "exec")
            last = None
            if tree.body and isinstance(tree.body[-1], ast.Expr):
                last = ast.Expression(tree.body.pop().value)
            linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
            body = compile(tree, filename, "exec")
            tail = compile(last, filename, "eval") if last is not None else None
            signal.signal(signal.SIGALRM, on_alarm)
            signal.setitimer(signal.ITIMER_REAL, timeout)
            self.watchdog.arm(timeout)
            sys.stdout, sys.stderr = out, err
            try:
                exec(body, self.namespace)
                if tail is not None:
                    value = eval(tail, self.namespace)
                    if value is not None:
                        reply["result"] = _short_repr(value, self.max_output)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                self.watchdog.disarm()
                sys.stdout, sys.stderr = old_out, old_err
        except CallTimeout:
            reply.update(ok=False, error=f"TimeoutError: the code ran past the {timeout:g} s time limit and was "
                                         "stopped (variables defined so far are kept)")
        except MemoryError:
            reply.update(ok=False, error="MemoryError: the Python tool's memory limit was reached; work on "
                                         "smaller pieces or aggregate in SQL first (del large variables to "
                                         "free memory)")
        except SyntaxError as e:
            reply.update(ok=False, error="".join(traceback.format_exception_only(e)).rstrip())
        except BaseException as e:  # noqa: BLE001 - every failure of model code is an observation
            if isinstance(e, SystemExit):
                reply.update(ok=False, error="SystemExit: exit() is not needed; the tool returns when the code ends")
            else:
                text = _user_traceback(e, "<cell")
                if "Interrupt" in type(e).__name__ and time.perf_counter() - start >= timeout:
                    text += f"\n(the query ran past the {timeout:g} s time limit)"
                reply.update(ok=False, error=text)
        finally:
            sys.stdout, sys.stderr = old_out, old_err
        if reply["error"] and len(reply["error"]) > self.max_output:  # a long message is cut like any output
            e, half = reply["error"], self.max_output // 2
            reply["error"] = f"{e[:half]}\n... [{len(e) - 2 * half:,} characters cut] ...\n{e[-half:]}"
        reply.update(stdout=out.text(), stderr=err.text(), truncated=bool(out.dropped or err.dropped),
                     dropped=out.dropped + err.dropped, elapsed=time.perf_counter() - start)
        # a thread the code started and left running would go on between calls: the parent restarts the worker
        reply["threads_left"] = sum(1 for t in threading.enumerate()
                                    if t.is_alive() and t is not threading.main_thread() and t is not self.watchdog)
        return reply


def _short_repr(value, limit: int) -> str:
    try:
        r = repr(value)
    except Exception as e:  # noqa: BLE001
        r = f"<unrepresentable {type(value).__name__}: {e}>"
    return r if len(r) <= limit else r[:limit] + f"... [{len(r) - limit:,} more characters]"


# ---------------------------------------------------------------------------------------------


def _send(fd: int, obj: dict) -> None:
    data = (json.dumps(obj, default=str) + "\n").encode()
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _requests(fd: int):
    buf = b""
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            if line.strip():
                yield json.loads(line)


def _load_confine():
    """confine.py, loaded by path: -I keeps this script's folder off sys.path, and model code should not
    find the package's modules there either."""
    import importlib.util

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "confine.py")
    spec = importlib.util.spec_from_file_location("_ehr_confine", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    cfg = json.loads(sys.argv[1])
    req_fd, resp_fd, workdir = cfg["req_fd"], cfg["resp_fd"], os.path.realpath(cfg["workdir"])
    confine = _load_confine()
    db = os.path.realpath(cfg["db"])
    read_roots = [os.path.realpath(p) for p in cfg["read_roots"]]
    # DuckDB sizes itself from the cgroup limits when it connects: let it read them (not writable).
    system = ["/proc/self/cgroup", "/sys/fs/cgroup", "/proc/meminfo", "/proc/cpuinfo"]
    protections = confine.confine_self(
        want=cfg["layers"], scratch=workdir, scratch_bytes=cfg["max_disk_bytes"],
        read_roots=read_roots + system + [db, db + ".wal"], write_roots=[workdir],
        child_fds=(req_fd, resp_fd), lifeline=cfg.get("lifeline_fd"),
        rlimits={"memory_bytes": cfg["memory_mb"] << 20, "cpu_s": cfg["cpu_s"], "max_files": cfg["max_files"],
                 "max_file_bytes": cfg["max_file_bytes"]})
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an over-large write fails with EFBIG instead of killing us
    os.chdir(workdir)  # again: the tmpfs is mounted over the folder the parent started us in
    missing = [m for m in confine.missing_layers(protections) if m in cfg.get("require", [])]
    if missing:
        _send(resp_fd, {"ready": False, "protections": protections,
                        "error": f"required sandbox layers unavailable: {', '.join(missing)} "
                                 f"({'; '.join(protections['problems'])})"})
        return 3

    import duckdb  # after Landlock: its threads inherit the restriction (seccomp is on every thread: TSYNC)

    for name in cfg.get("preload", []):
        try:
            __import__(name)
        except Exception:  # noqa: BLE001 - optional conveniences
            pass
    tmp = os.path.join(workdir, ".duckdb-tmp")
    con = duckdb.connect(db, read_only=True, config={
        "enable_external_access": False, "autoinstall_known_extensions": False,
        "autoload_known_extensions": False, "allow_community_extensions": False,
        "memory_limit": f"{max(64, cfg['memory_mb'] // 3)}MB", "threads": 1, "temp_directory": tmp,
        "max_temp_directory_size": f"{max(1, cfg['max_disk_bytes'] >> 21)}MB", "lock_configuration": True,
    })
    # duckdb.sql() and friends use a default in-memory connection with external access on: lock it too.
    default = duckdb.default_connection() if callable(getattr(duckdb, "default_connection", None)) else None
    if default is not None:
        default.execute("SET enable_external_access = false")
        default.execute("SET lock_configuration = true")

    def _no_connect(*a, **k):
        raise PermissionError("sandbox: use the provided read-only connection `con`; new connections are "
                              "not allowed in the Python tool")

    duckdb.connect = _no_connect
    if hasattr(duckdb, "duckdb") and hasattr(duckdb.duckdb, "connect"):
        duckdb.duckdb.connect = _no_connect
    for name in list(sys.modules):
        if name in _DENIED_IMPORTS:
            del sys.modules[name]
    sys.addaudithook(_make_guard(workdir, tuple(read_roots)))
    protections["audit_hook"] = True

    threading.stack_size(1 << 20)
    runner = Runner(con, cfg["max_output"])
    _send(resp_fd, {"ready": True, "protections": protections, "pid": os.getpid()})
    for req in _requests(req_fd):
        reply = runner.run(req["code"], float(req["timeout"]))
        reply["id"] = req["id"]
        _send(resp_fd, reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
