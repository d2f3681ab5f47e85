"""The Python tool's worker: state, refusals with clear messages, limits, and recovery."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from ehr_tui.errors import UserError
from ehr_tui.mimic.pysandbox import PythonLimits, PythonSandbox


@pytest.fixture(scope="module")
def py(tiny_db):
    # 3 s: long enough for every call here that must succeed, on a loaded machine; the runaway
    # calls (infinite loop, endless query) are the only ones meant to reach it
    sb = PythonSandbox(tiny_db, PythonLimits(timeout_s=3.0, memory_mb=768, grace_s=1.0))
    sb.start()
    yield sb
    sb.close()


def test_state_persists_and_last_expression_is_shown(py):
    r = py.run("x = 41\nprint('hello')\nx + 1")
    assert r.ok and r.stdout == "hello\n" and r.result == "42"
    assert py.run("x * 2").result == "82"


def test_con_is_a_read_only_duckdb_connection(py):
    r = py.run("con.sql('SELECT count(*) FROM mimiciv_hosp.patients').fetchall()")
    assert r.ok and r.result == "[(10,)]"
    r = py.run("con.execute(\"INSERT INTO mimiciv_hosp.d_labitems VALUES (1, 'x', 'y', 'z')\")")
    assert not r.ok and "read-only" in r.error.lower()
    r = py.run("con.execute(\"SELECT * FROM read_csv('/etc/passwd')\").fetchall()")
    assert not r.ok and "/etc/passwd" in r.error
    r = py.run("import duckdb\nduckdb.connect('/tmp/other.duckdb')")
    assert not r.ok and "new connections are not allowed" in r.error
    r = py.run("import duckdb\nduckdb.sql(\"SELECT * FROM read_text('/etc/hostname')\").fetchall()")
    assert not r.ok


def test_reading_system_files_is_refused(py):
    r = py.run("open('/etc/passwd').read()")
    assert not r.ok
    assert "PermissionError" in r.error and "reading /etc/passwd is not allowed" in r.error
    r = py.run("import os\nos.listdir('/etc')")
    assert not r.ok and "not allowed" in r.error
    assert py.run("1 + 1").result == "2"  # the worker carries on


def test_writing_outside_the_working_directory_is_refused(py, tmp_path):
    target = tmp_path / "escape.txt"
    r = py.run(f"open({str(target)!r}, 'w').write('x')")
    assert not r.ok and "writing" in r.error and "not allowed" in r.error
    assert not target.exists()
    r = py.run("import os\nos.remove('/tmp')")
    assert not r.ok and "not allowed" in r.error
    # ... while its own directory works
    r = py.run("open('notes.txt', 'w').write('hi')\nopen('notes.txt').read()")
    assert r.ok and r.result == "'hi'"
    # the folder is the worker's private tmpfs: the host's directory stays empty
    assert not (Path(py.workdir) / "notes.txt").exists()


def test_database_file_cannot_be_opened_directly(py, tiny_db):
    before = hashlib.sha256(tiny_db.read_bytes()).hexdigest()
    r = py.run(f"open({str(tiny_db)!r}, 'r+b').write(b'junk')")
    assert not r.ok and "not allowed" in r.error
    assert hashlib.sha256(tiny_db.read_bytes()).hexdigest() == before


def test_network_and_processes_are_refused(py):
    r = py.run("import socket\nsocket.socket().connect(('127.0.0.1', 80))")
    assert not r.ok and "network access is not available" in r.error
    r = py.run("import socket\nsocket.create_connection(('example.org', 80), timeout=1)")
    assert not r.ok and "network" in r.error
    r = py.run("import os\nos.system('id')")
    assert not r.ok and "not allowed" in r.error
    r = py.run("import subprocess\nsubprocess.run(['id'])")
    assert not r.ok and "not allowed" in r.error
    r = py.run("import os\nos.fork()")
    assert not r.ok and "not allowed" in r.error


def test_environment_is_scrubbed(py, monkeypatch):
    r = py.run("import os\nsorted(os.environ)")
    assert r.ok
    assert "OPENAI_API_KEY" not in r.result and "EHR_TUI_HOME" not in r.result


def test_infinite_loop_is_stopped_and_state_kept(py):
    py.run("kept = 'yes'")
    r = py.run("while True:\n    pass")
    assert not r.ok and "time limit" in r.error and "kept" in r.error
    assert py.run("kept").result == "'yes'"


def test_long_query_is_interrupted(py):
    r = py.run("con.sql('SELECT count(*) FROM range(100000000000) a').fetchall()")
    assert not r.ok
    assert "interrupt" in r.error.lower() or "time limit" in r.error
    assert py.run("2 + 2").result == "4"


@pytest.fixture(scope="module")
def py_patient(tiny_db):
    """A worker whose time limit a memory bomb cannot reach, even on a loaded machine: the memory
    limit is then the only one that can stop it (no race between the two limits)."""
    sb = PythonSandbox(tiny_db, PythonLimits(timeout_s=600.0, memory_mb=768, grace_s=5.0))
    sb.start()
    yield sb
    sb.close()


def test_memory_bomb_is_cut_and_the_worker_recovers(py_patient):
    py = py_patient
    r = py.run("big = bytearray(50 * 1024**3)")
    assert not r.ok and "MemoryError" in r.error and "memory limit" in r.error
    r = py.run("chunks = []\nwhile True:\n    chunks.append(bytearray(16 * 1024**2))")
    assert not r.ok and "MemoryError" in r.error and "memory limit" in r.error
    r = py.run("del chunks\n'ok'")
    assert r.ok and r.result == "'ok'"


def test_signal_blocking_code_is_killed_and_the_worker_restarts(py):
    py.run("before = 1")
    r = py.run("import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass")
    assert not r.ok and "restarted" in r.error
    r = py.run("'alive'")
    assert r.ok and r.result == "'alive'" and r.reset
    assert "restarted" in r.text()
    assert not py.run("before").ok  # the old state is gone, and the model was told


def test_worker_that_exits_is_restarted(py):
    r = py.run("import os\nos._exit(3)")
    assert not r.ok and "stopped" in r.error
    assert py.run("3 * 3").result == "9"


def test_output_is_truncated(py):
    r = py.run("print('x' * 100000)")
    assert r.ok and r.truncated and len(r.stdout) <= 8000
    assert "output truncated" in r.text()


def test_errors_show_only_the_models_code(py):
    r = py.run("def f():\n    return 1 / 0\nf()")
    assert not r.ok and "ZeroDivisionError" in r.error and "<cell" in r.error
    assert "pyworker" not in r.error
    r = py.run("def broken(:\n    pass")
    assert not r.ok and "SyntaxError" in r.error


def test_protections_are_reported(py):
    p = py.protections
    assert p["audit_hook"] and p["rlimits"]
    assert p["namespaces"] and p["landlock_abi"] > 0 and p["seccomp"] and not p["problems"]


def test_missing_database_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        PythonSandbox(tmp_path / "nope.duckdb")


def test_close_removes_the_working_directory(tiny_db):
    sb = PythonSandbox(tiny_db)
    assert sb.run("open('f.txt', 'w').write('1')").ok
    wd = sb.workdir
    assert os.path.isdir(wd)
    sb.close()
    assert not os.path.exists(wd)
    r = sb.run("1")
    assert not r.ok and "closed" in r.error


# ---------------------------------------------------------------------------------------------
# Attacks with the audit hook switched off: the kernel is the boundary (issue 13, items 4-7)

# One line of model code takes the audit hook's state away; everything below then meets the kernel.
DISABLE_HOOK = """
import sys, os
_m = sys.modules['__main__']
_m._DENIED_EVENTS.clear(); _m._WRITE_PATH_EVENTS.clear(); _m._READ_PATH_EVENTS.clear()
_m._DENIED_IMPORTS = frozenset()
os.path.realpath = lambda p, **k: os.getcwd()
"""


@pytest.fixture(scope="module")
def bare(tiny_db):
    sb = PythonSandbox(tiny_db, PythonLimits(timeout_s=5.0, memory_mb=768, grace_s=1.0, max_disk_mb=16))
    sb.start()
    assert sb.run(DISABLE_HOOK).ok
    yield sb
    sb.close()


def _refused(r) -> bool:
    return not r.ok and any(w in r.error for w in ("PermissionError", "Operation not permitted", "OSError",
                                                    "Permission denied", "not allowed", "Function not implemented"))


def test_the_hook_really_is_off(bare):
    r = bare.run("import ctypes\nctypes.CDLL(None).getpid()")
    assert r.ok, r.error  # ctypes works now: only the kernel stands in the way below


@pytest.mark.parametrize("code", [
    "open('/etc/passwd').read()",
    "open('/etc/hostname').read()",
    "import os\nos.listdir('/root')",
    "open('/tmp/escape.txt', 'w').write('x')",
    "import duckdb, importlib\nimportlib.reload(duckdb)\n"
    "duckdb.connect().sql(\"SELECT * FROM read_text('/etc/passwd')\").fetchall()",
    "import duckdb, importlib\nimportlib.reload(duckdb)\nduckdb.connect('/tmp/pwn.duckdb')",
    "open('/proc/1/environ').read()" ,
])
def test_files_outside_are_refused_by_landlock(bare, code):
    r = bare.run(code)
    assert not r.ok, r.result
    assert not os.path.exists("/tmp/escape.txt") and not os.path.exists("/tmp/pwn.duckdb")


@pytest.mark.parametrize("family, kind", [("AF_UNIX", "SOCK_STREAM"), ("AF_UNIX", "SOCK_DGRAM"),
                                          ("AF_INET", "SOCK_STREAM"), ("AF_INET6", "SOCK_STREAM"),
                                          ("AF_INET", "SOCK_DGRAM"), ("AF_NETLINK", "SOCK_RAW"),
                                          ("AF_PACKET", "SOCK_RAW")])
def test_no_socket_of_any_family(bare, family, kind):
    r = bare.run(f"import socket\nsocket.socket(socket.{family}, socket.{kind})")
    assert _refused(r), r.result


def test_a_unix_socket_on_a_host_path_is_out_of_reach(bare, tmp_path):
    import socket

    path = str(tmp_path / "host.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    try:
        r = bare.run(f"import socket\ns = socket.socket(socket.AF_UNIX)\ns.connect({path!r})")
        assert _refused(r)
        r = bare.run("import ctypes\nctypes.CDLL(None).socket(1, 1, 0)")
        assert r.ok and r.result == "-1"  # the raw syscall fails too
    finally:
        server.close()


@pytest.mark.parametrize("code", [
    "import os\nos.fork()",
    "import os\n[os.fork() for _ in range(30)]",
    "import ctypes\nassert ctypes.CDLL(None).syscall(57) == -1, 'fork'\nraise PermissionError('refused')",
    "import ctypes\nassert ctypes.CDLL(None).syscall(56, 17, 0, 0, 0, 0) == -1, 'clone'\n"
    "raise PermissionError('refused')",
    "import os\nos.posix_spawn('/bin/true', ['true'], {})",
    "import subprocess\nsubprocess.run(['/bin/true'])",
    "import os\nos.execv('/bin/true', ['true'])",
    "import os\nos.setsid()",
    "import os\nos.setpgid(0, 0)",
])
def test_no_new_processes(bare, code):
    assert _refused(bare.run(code))
    assert bare.run("1 + 1").result == "2"


def test_threads_still_work(bare):
    r = bare.run("import threading\nout = []\nt = threading.Thread(target=lambda: out.append(1))\n"
                 "t.start(); t.join()\nout")
    assert r.ok and r.result == "[1]"


@pytest.mark.parametrize("code", [
    "import os\nos.kill(-1, 9)",  # every process this uid may signal
    "import os, signal\nos.kill(0, signal.SIGCONT)",  # its process group, where the supervisor is
    "import os, signal\nos.killpg(os.getpgid(0), signal.SIGCONT)",
    "import os, signal\nos.kill(os.getppid() or 1, 0) if os.getpid() != 1 else os.kill(2, 0)",
    "import os\nos.pidfd_open(1)",
    "import ctypes\nassert ctypes.CDLL(None).syscall(424, 0, 9, 0, 0) == -1\nraise PermissionError('x')",
    "import ctypes\nassert ctypes.CDLL(None).syscall(101, 16, 1, 0, 0) == -1\nraise PermissionError('x')",
    "import ctypes\nassert ctypes.CDLL(None).syscall(310, 1, 0, 0, 0, 0, 0) == -1\nraise PermissionError('x')",
    "import ctypes\nassert ctypes.CDLL(None).unshare(0x10000000) == -1\nraise PermissionError('x')",
    "import ctypes\nassert ctypes.CDLL(None).syscall(308, 0, 0) == -1\nraise PermissionError('x')",
    "import ctypes\nassert ctypes.CDLL(None).mount(b'none', b'/', b'tmpfs', 0, None) == -1\n"
    "raise PermissionError('x')",
    "import ctypes\nassert ctypes.CDLL(None).syscall(425, 1, 0) == -1\nraise PermissionError('x')",  # io_uring
    "import ctypes\nassert ctypes.CDLL(None).syscall(321, 0, 0, 0) == -1\nraise PermissionError('x')",  # bpf
])
def test_signals_tracing_and_namespaces_are_refused(bare, code):
    assert _refused(bare.run(code))


def test_a_thread_bomb_stops_at_the_task_limit(tiny_db):
    """Every thread is a host pid: without a limit one call started 14,000 of them (pid_max is 32,768)."""
    from ehr_tui.mimic.confine import MAX_TASKS

    with PythonSandbox(tiny_db, PythonLimits(timeout_s=60.0, memory_mb=768, grace_s=2.0)) as sb:
        assert sb.run(DISABLE_HOOK).ok
        r = sb.run("import threading, _thread\nthreading.stack_size(65536)\nlock = _thread.allocate_lock()\n"
                   "lock.acquire()\nfor n in range(20000):\n    _thread.start_new_thread(lock.acquire, ())\nn")
        # killed by its supervisor (RLIMIT_NPROC does not bind where the host user is root), or stopped by
        # RLIMIT_NPROC where it binds: either way far below 20,000
        assert not r.ok and (f"more than {MAX_TASKS} threads" in r.error or "can't start new thread" in r.error), \
            r.error
        assert sb.run("1 + 1").result == "2"  # a fresh worker


def test_an_unprivileged_uid_alone_in_its_pid_namespace(bare):
    r = bare.run("import os\n(os.getuid(), os.getgid(), os.getpid())")
    assert r.ok and eval(r.result) == (1000, 1000, 1)
    assert _refused(bare.run("import os\nos.setuid(0)"))  # no capabilities to become root again
    assert _refused(bare.run("import os\nos.chroot('.')"))


def test_disk_writes_stop_at_the_cap(bare):
    r = bare.run("with open('big.bin', 'wb') as f:\n    for _ in range(64):\n        f.write(b'x' * (1 << 20))")
    assert not r.ok and ("No space left" in r.error or "File too large" in r.error)
    assert bare.run("import os\nos.remove('big.bin')\n'gone'").result == "'gone'"


def test_nothing_outlives_close(tiny_db):
    with PythonSandbox(tiny_db, PythonLimits(timeout_s=5.0)) as sb:
        assert sb.run(DISABLE_HOOK).ok
        r = sb.run("import os\ntry:\n    pid = os.fork()\nexcept OSError as e:\n    pid = repr(e)\npid")
        assert r.ok and "not permitted" in r.result
        worker = sb._proc.pid
    # the supervisor and its PID namespace are gone: no process of that session remains
    alive = [p for p in os.listdir("/proc") if p.isdigit() and _session_of(int(p)) == worker]
    assert not alive


def _session_of(pid: int) -> int | None:
    try:
        return os.getsid(pid)
    except OSError:
        return None


# ---------------------------------------------------------------------------------------------
# Fail closed: a missing layer means no Python tool, unless the user allowed a weak sandbox


@pytest.mark.parametrize("layer", ["landlock", "seccomp", "namespaces"])
def test_a_worker_without_a_layer_is_refused(tiny_db, layer):
    with PythonSandbox(tiny_db, PythonLimits(**{layer: False})) as sb:
        with pytest.raises(UserError, match="cannot confine itself") as e:
            sb.start()
        assert "--allow-weak-python-sandbox" in str(e.value)
        r = sb.run("1 + 1")
        assert not r.ok and "no code was run" in r.error


def test_a_weak_worker_runs_when_allowed_and_says_so(tiny_db):
    with PythonSandbox(tiny_db, PythonLimits(landlock=False, allow_weak=True)) as sb:
        p = sb.start()
        assert p["landlock_abi"] == 0 and p["seccomp"] and p["namespaces"]
        assert "reading /etc/passwd is not allowed" in sb.run("open('/etc/passwd').read()").error
        assert sb.run("sum(range(10))").result == "45"
