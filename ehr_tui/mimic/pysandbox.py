"""The Python tool: model-written code runs in a separate, confined, persistent worker process.

One ``PythonSandbox`` per trajectory: its worker (``pyworker.py``) keeps one
namespace, so a variable set in one call is there in the next, and a call costs
a pipe round trip instead of an interpreter start. The worker confines itself with
``confine.py`` before it reads any code: namespaces (unprivileged uid, no network,
own PID namespace, a tmpfs working directory that caps its disk use), Landlock and a
seccomp filter, all enforced by the kernel, plus resource limits. It reports the
active layers in ``protections``; a worker that lacks a required layer is refused
(fail closed) unless ``PythonLimits.allow_weak`` is set (``--allow-weak-python-sandbox``).
``kernel_support`` tells beforehand, from a throwaway probe process, whether this
kernel offers every layer, so a run can decline to offer the tool at all.

The parent keeps the last word on time: the worker stops code at its deadline
itself; if it does not answer ``grace_s`` later (code that blocked signals, a
C call that never returns) it is killed and the next call starts a fresh one,
saying so in its result. ``run`` never raises for anything the code does. The
worker's folder is removed on ``close``; folders of killed runs are removed by
the next sandbox that starts (see scratch.py).
"""

from __future__ import annotations

import functools
import json
import os
import select
import signal
import site
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from .confine import MAX_TASKS, TASK_LIMIT_EXIT
from .scratch import ScratchDir

WORKER = Path(__file__).with_name("pyworker.py")
CONFINE = Path(__file__).with_name("confine.py")
REQUIRED_LAYERS = ("namespaces", "landlock", "seccomp")
WEAK_FLAG = "--allow-weak-python-sandbox"

# Read-only for the worker besides the Python installation: shared libraries (loaded lazily by
# extension modules), the loader cache and time zone data. /etc as a whole stays closed.
_SYSTEM_READ = ("/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/lib", "/usr/share/zoneinfo",
                "/etc/ld.so.cache", "/dev/null", "/dev/urandom")


@dataclass
class PyResult:
    code: str
    ok: bool
    stdout: str = ""
    stderr: str = ""
    result: str | None = None  # repr of the value of a final expression, as in a notebook
    error: str | None = None
    truncated: bool = False
    elapsed_s: float = 0.0
    reset: bool = False  # a fresh worker ran this call: variables from earlier calls are gone

    def text(self, include_error: bool = True) -> str:
        """The result as the model sees it."""
        parts = []
        if self.reset:
            parts.append("(note: the Python worker was restarted; variables from earlier calls are gone)")
        if self.stdout:
            parts.append(self.stdout.rstrip("\n"))
        if self.stderr:
            parts.append("[stderr]\n" + self.stderr.rstrip("\n"))
        if self.result is not None:
            parts.append(self.result)
        if self.truncated:
            parts.append("[output truncated: print less, e.g. summaries or the first rows]")
        if self.error and include_error:
            parts.append(self.error)
        if not parts or (self.reset and len(parts) == 1):
            parts.append("(no output: print() what you want to see)")
        return "\n".join(parts)


@dataclass
class PythonLimits:
    timeout_s: float = 10.0
    memory_mb: int = 1024
    cpu_s: int = 600  # CPU seconds over the worker's life (the per-call limit is wall-clock timeout_s)
    max_files: int = 128
    max_file_mb: int = 64
    max_output: int = 8000
    max_disk_mb: int = 256  # the working directory's size (a tmpfs: the kernel refuses writes past it)
    grace_s: float = 2.0
    startup_timeout_s: float = 30.0
    # Layers to attempt; switching one off (tests do) makes the sandbox weak, which is refused unless
    # allow_weak is set.
    namespaces: bool = True
    landlock: bool = True
    seccomp: bool = True
    allow_weak: bool = False
    preload: tuple[str, ...] = ("numpy",)


@functools.lru_cache(maxsize=1)
def kernel_support() -> dict:
    """What this kernel offers the worker, found by installing each layer in a throwaway process (~50 ms,
    once per process): ``{"namespaces", "landlock_abi", "seccomp", "problems", ...}``."""
    try:
        out = subprocess.run([sys.executable, "-I", "-S", str(CONFINE), "--probe"], capture_output=True,
                             text=True, timeout=30, stdin=subprocess.DEVNULL)
        report = json.loads(out.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as e:
        return {"namespaces": False, "landlock_abi": 0, "seccomp": False,
                "problems": [f"the sandbox probe failed: {e}"]}
    return report


def missing_layers(report: dict) -> list[str]:
    out = []
    if not report.get("namespaces"):
        out.append("namespaces")
    if not report.get("landlock_abi"):
        out.append("landlock")
    if not report.get("seccomp"):
        out.append("seccomp")
    return out


@dataclass(frozen=True)
class SandboxStatus:
    """Whether execute_python may be offered, and what to tell the model and run.json."""

    offered: bool
    weak: bool  # offered although some layer is missing (the user passed --allow-weak-python-sandbox)
    missing: tuple[str, ...]
    reason: str  # one sentence: why not offered, or which layers are missing
    kernel: dict

    def record(self) -> dict:
        return {"python_tool": "offered" if self.offered and not self.weak else "weak" if self.offered
                else "not offered", "missing_layers": list(self.missing), "reason": self.reason,
                "kernel": self.kernel}


def python_tool_status(allow_weak: bool = False, limits: "PythonLimits | None" = None) -> SandboxStatus:
    """Fail closed: the Python tool is offered only when the kernel provides every required layer
    (or the user allowed a weak sandbox)."""
    report = dict(kernel_support())
    missing = missing_layers(report)
    if limits is not None:  # layers switched off in the limits count as missing too
        missing += [name for name in REQUIRED_LAYERS if not getattr(limits, name) and name not in missing]
    if not missing:
        return SandboxStatus(True, False, (), "all sandbox layers are active", report)
    detail = "; ".join(report.get("problems") or []) or "switched off"
    what = ", ".join(missing)
    if allow_weak:
        return SandboxStatus(True, True, tuple(missing), f"weak Python sandbox: {what} unavailable ({detail}); "
                             f"allowed by {WEAK_FLAG}", report)
    return SandboxStatus(False, False, tuple(missing),
                         f"execute_python is not offered: this kernel does not provide {what} ({detail}), which "
                         f"the Python sandbox needs; pass {WEAK_FLAG} to offer it with the layers that are "
                         "available", report)


def _read_roots() -> list[str]:
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    try:
        roots.update(site.getsitepackages())
    except AttributeError:  # pragma: no cover - unusual site modules
        pass
    roots.update(p for p in _SYSTEM_READ if os.path.exists(p))
    return sorted(os.path.realpath(r) for r in roots)


def stop_supervised(proc: subprocess.Popen, lifeline: int, supervised: bool) -> None:
    """Stop a confined worker and return only once it is gone. With namespaces, closing the lifeline makes
    the supervisor kill the worker (and with it its PID namespace), reap it and exit, so the supervisor's
    exit means nothing of the worker is left; the process group is killed only if that takes over 5 s."""
    if lifeline >= 0:
        try:
            os.close(lifeline)
        except OSError:
            pass
    if proc.poll() is not None:
        return
    if supervised:
        try:
            proc.wait(timeout=5)
            return
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    proc.wait()


class _Dead(Exception):
    """The worker exited or stopped answering."""


class _Refused(_Dead):
    """The worker lacks a required layer: fail closed."""


class PythonSandbox:
    def __init__(self, db: str | Path, limits: PythonLimits | None = None):
        self.db = Path(db)
        if not self.db.exists():
            raise UserError(f"database {self.db} does not exist: build one with `ehr-tui db synth` "
                            "or `ehr-tui db import`")
        self.limits = limits or PythonLimits()
        self.protections: dict = {}
        self._proc: subprocess.Popen | None = None
        self._req = self._resp = -1
        self._buf = b""
        self._log = None
        self._lifeline = -1
        self._scratch: ScratchDir | None = None
        self._next_id = 0
        self._lost_state = False  # set when a worker had to be stopped; told to the model once
        self._threads_at_start: frozenset[int] | None = None  # the worker's threads when it was ready
        self._refusal: str | None = None  # why the sandbox fails closed, once a worker said so
        self._lock = threading.Lock()
        self._closed = False

    # -- lifecycle ------------------------------------------------------------------------------

    @property
    def workdir(self) -> str | None:
        """The worker's folder on the host. With namespaces the worker sees a private tmpfs mounted there
        and the host folder stays empty."""
        return str(self._scratch.path) if self._scratch else None

    def start(self) -> dict:
        """Start the worker now (the first ``run`` does it otherwise); returns the active protections."""
        with self._lock:
            try:
                self._ensure_started()
            except _Refused as e:
                raise UserError(str(e)) from None
            return dict(self.protections)

    def _ensure_started(self) -> None:
        if self._refusal:
            raise _Refused(self._refusal)
        if self._closed:
            raise _Dead("the Python sandbox is closed")
        if self._proc is not None and self._proc.poll() is None:
            return
        if self._proc is not None:
            self._stop_worker()
        if self._scratch is None:
            self._scratch = ScratchDir("py")
        workdir = str(self._scratch.path)
        lim = self.limits
        req_r, req_w = os.pipe()
        resp_r, resp_w = os.pipe()
        life_r, life_w = os.pipe()  # never written: the worker's supervisor kills it when this end closes
        cfg = {
            "req_fd": req_r, "resp_fd": resp_w, "lifeline_fd": life_r, "workdir": os.path.realpath(workdir),
            "db": str(self.db.resolve()), "read_roots": _read_roots(), "memory_mb": lim.memory_mb,
            "cpu_s": lim.cpu_s, "max_files": lim.max_files, "max_file_bytes": lim.max_file_mb << 20,
            "max_disk_bytes": lim.max_disk_mb << 20, "max_output": lim.max_output,
            "layers": {"namespaces": lim.namespaces, "landlock": lim.landlock, "seccomp": lim.seccomp},
            "require": [] if lim.allow_weak else list(REQUIRED_LAYERS), "preload": list(lim.preload),
        }
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": workdir,
               "TMPDIR": workdir, "TZ": "UTC", "MALLOC_ARENA_MAX": "2", "OPENBLAS_NUM_THREADS": "1",
               "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        self._log = tempfile.TemporaryFile()
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-I", "-B", str(WORKER), json.dumps(cfg)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._log,
                pass_fds=(req_r, resp_w, life_r), cwd=workdir, env=env, start_new_session=True)
        except OSError:
            os.close(life_w)
            raise
        finally:
            os.close(req_r)
            os.close(resp_w)
            os.close(life_r)
        os.set_blocking(req_w, False)  # _write waits for room itself, by the call's deadline
        self._req, self._resp, self._lifeline, self._buf = req_w, resp_r, life_w, b""
        try:
            ready = self._read_message(time.monotonic() + lim.startup_timeout_s)
        except _Dead as e:
            detail = self._crash_detail()
            self._stop_worker()
            raise _Dead(f"the Python worker did not start: {e}{detail}") from None
        self.protections = ready.get("protections") if isinstance(ready.get("protections"), dict) else {}
        self._threads_at_start = self._worker_threads()
        if not ready.get("ready"):
            self._stop_worker()
            # The kernel will not change its mind: every later call says the same.
            self._refusal = (f"the Python sandbox cannot confine itself on this machine, so no code was run: "
                           f"{ready.get('error')}; pass {WEAK_FLAG} to run with the layers that are available")
            raise _Refused(self._refusal)

    def close(self) -> None:
        """Stop the worker and remove its working directory (safe to call from any thread)."""
        self._closed = True
        self._stop_worker()
        if self._scratch is not None:
            self._scratch.remove()
            self._scratch = None

    def __enter__(self) -> "PythonSandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _stop_worker(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            stop_supervised(proc, self._lifeline, bool(self.protections.get("namespaces")))
            self._lifeline = -1
        for fd in (self._req, self._resp, self._lifeline):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._req = self._resp = self._lifeline = -1
        if self._log is not None:
            self._log.close()
            self._log = None

    # -- calls ----------------------------------------------------------------------------------

    def run(self, code: str, timeout_s: float | None = None) -> PyResult:
        """Run code in the worker's persistent namespace; every failure comes back as text."""
        timeout = self.limits.timeout_s if timeout_s is None else timeout_s
        start = time.perf_counter()
        with self._lock:
            reset = self._lost_state
            try:
                fresh = self._proc is None or self._proc.poll() is not None
                self._ensure_started()
                reset = reset or (fresh and self._next_id > 0)
                self._lost_state = False
                self._next_id += 1
                deadline = time.monotonic() + timeout + self.limits.grace_s
                self._write({"id": self._next_id, "code": code, "timeout": timeout}, deadline)
                reply = _call_reply(self._read_message(deadline), self._next_id)
            except _Refused as e:
                return PyResult(code, ok=False, error=str(e), elapsed_s=time.perf_counter() - start)
            except _Dead as e:
                reason = str(e)
                killed = "did not answer" in reason
                detail = self._crash_detail()
                self._stop_worker()
                self._lost_state = True
                if killed:
                    error = (f"TimeoutError: the code ran past the {timeout:g} s time limit and did not stop, so "
                             "the Python worker was restarted; its variables are gone")
                else:
                    error = f"the Python worker stopped ({reason}); it restarts on the next call{detail}"
                return PyResult(code, ok=False, error=error, elapsed_s=time.perf_counter() - start, reset=reset)
            error = reply["error"]
            extra = self._new_threads()
            give_up = time.monotonic() + 1.0  # a joined thread leaves the kernel's list a moment after join()
            while extra and time.monotonic() < give_up:
                time.sleep(0.01)
                extra = self._new_threads()
            if extra:  # seen by the kernel (the host's /proc): model code can hide a thread from the worker's own count
                reply["threads_left"] = max(reply["threads_left"], extra)
            if reply["threads_left"]:
                # nothing may run between calls (each call has its time limit): the worker goes, the result stays
                self._stop_worker()
                self._lost_state = True
                note = (f"(note: {reply['threads_left']} thread(s) the code started were still running after the "
                        "call, so the Python worker was restarted; its variables are gone)")
                error = f"{error}\n{note}" if error else note
        return PyResult(code, ok=reply["ok"], stdout=reply["stdout"], stderr=reply["stderr"], result=reply["result"],
                        error=error, truncated=reply["truncated"], elapsed_s=time.perf_counter() - start,
                        reset=reset)

    def _new_threads(self) -> int:
        """Threads of the worker the kernel lists that were not there when it started."""
        now, start_set = self._worker_threads(), self._threads_at_start
        return len(now - start_set) if now is not None and start_set is not None else 0

    def _worker_threads(self) -> frozenset[int] | None:
        """The worker's threads (their host TIDs) from the host's /proc (the confined worker is the child of
        the process started, which supervises it; without namespaces it is that process); None where they
        cannot be read. Identities, not a count: model code can end threads it found (DuckDB's) to make room."""
        if self._proc is None:
            return None
        pid = self._proc.pid
        try:
            kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            worker = int(kids[0]) if len(kids) == 1 else pid
            return frozenset(int(t) for t in os.listdir(f"/proc/{worker}/task"))
        except (OSError, ValueError):
            return None

    @property
    def _max_reply(self) -> int:
        # stdout, stderr, the result and the error are each cut to max_output characters (plus a note); JSON may
        # spell a character as 6 bytes
        return 4 * 6 * (self.limits.max_output + 100) + (64 << 10)

    def _write(self, obj: dict, deadline: float) -> None:
        """Send a request, by the call's deadline: a worker that does not read (a thread holding the
        interpreter lock in one C call) must not block the parent in a pipe write."""
        data = memoryview((json.dumps(obj) + "\n").encode())
        try:
            while data:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise _Dead("it did not answer in time (it stopped reading the code sent to it)")
                _, ready, _ = select.select([], [self._req], [], remaining)
                if ready:
                    try:
                        data = data[os.write(self._req, data[:_PIPE_CHUNK]):]
                    except BlockingIOError:
                        continue
        except OSError as e:
            raise _Dead(f"cannot send the code: {e.strerror}") from None

    def _read_message(self, deadline: float) -> dict:
        while b"\n" not in self._buf:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _Dead("it did not answer in time")
            ready, _, _ = select.select([self._resp], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._resp, 1 << 16)
            if not chunk:
                code = self._proc.wait(timeout=5) if self._proc else None
                raise _Dead(_exit_reason(code, self.limits))
            self._buf += chunk
            if len(self._buf) > self._max_reply:  # the worker is not trusted to keep its replies small
                raise _Dead("it sent an oversized reply")
        line, self._buf = self._buf.split(b"\n", 1)
        try:
            msg = json.loads(line)
        except (ValueError, RecursionError):  # not JSON, a 5,000-digit number, nesting past the recursion limit
            raise _Dead("it sent an unreadable reply") from None
        if not isinstance(msg, dict):
            raise _Dead("it sent an unreadable reply")
        return msg

    def _crash_detail(self) -> str:
        if self._log is None:
            return ""
        try:
            self._log.seek(0)
            text = self._log.read().decode(errors="replace").strip()
        except (OSError, ValueError):
            return ""
        lines = [ln if len(ln) <= 500 else ln[:500] + f"... [{len(ln) - 500:,} more characters]"
                 for ln in text[-_DETAIL_TAIL:].splitlines() if ln.strip()]
        return (":\n" + "\n".join(lines[-5:])) if lines else ""


_PIPE_CHUNK = 1 << 16  # one pipe's worth per write (the fd is non-blocking: a full pipe writes less)
_DETAIL_TAIL = 64 << 10  # what of the worker's stderr log is read for a crash message


def _call_reply(msg: dict, want_id: int) -> dict:
    """The worker's reply to call ``want_id``, every field of the type the parent uses, or _Dead: the worker
    runs model code, which can write to the reply pipe (a reply of another id is a forged or stale one)."""
    fields = {"ok": bool, "stdout": str, "stderr": str, "result": (str, type(None)), "error": (str, type(None)),
              "truncated": bool, "threads_left": int}
    if msg.get("id") != want_id or type(msg.get("id")) is not int:
        raise _Dead("it sent a reply to another call")
    out = {"stdout": "", "stderr": "", "result": None, "error": None, "truncated": False, "threads_left": 0}
    for name, kind in fields.items():
        value = msg.get(name, out.get(name))
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise _Dead("it sent an unreadable reply")
        out[name] = value
    return out


def _exit_reason(code: int | None, limits: PythonLimits) -> str:
    if code is None:
        return "it exited"
    if code < 0:
        sig = -code
        if sig == signal.SIGKILL:
            return (f"killed, most likely at the {limits.memory_mb} MB memory or {limits.cpu_s} s CPU limit")
        if sig == signal.SIGXCPU:
            return f"killed at its {limits.cpu_s} s CPU time limit"
        if sig == signal.SIGSEGV:
            return "it crashed (segmentation fault)"
        try:
            return f"killed by signal {signal.Signals(sig).name}"
        except ValueError:
            return f"killed by signal {sig}"
    if code == TASK_LIMIT_EXIT:
        return f"killed for starting more than {MAX_TASKS} threads"
    return f"exit status {code}"
