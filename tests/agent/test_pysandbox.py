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
    assert (Path(py.workdir) / "notes.txt").read_text() == "hi"


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
    assert "landlock_abi" in p and "network_namespace" in p


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


def test_audit_hook_alone_still_refuses(tiny_db):
    """Where the kernel offers neither namespaces nor Landlock, the audit hook keeps the refusals."""
    with PythonSandbox(tiny_db, PythonLimits(landlock=False, network_namespace=False)) as sb:
        assert sb.start()["landlock_abi"] == 0 and not sb.protections["network_namespace"]
        assert "reading /etc/passwd is not allowed" in sb.run("open('/etc/passwd').read()").error
        assert "network access is not available" in sb.run("import socket\nsocket.socket()").error
        assert sb.run("sum(range(10))").result == "45"
