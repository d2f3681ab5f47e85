"""Mistakes a user makes at the command line get one clear line and lose nothing (an outside tester's round on
issues 12, 14 and 17): a folder where a file is meant, an empty tasks file, a synthetic build aimed at an
imported database; and files are written with the mode a plain write would give them."""

from __future__ import annotations

import os
import subprocess
import sys

import duckdb
import pytest

from ehr_tui.fileio import atomic_write
from ehr_tui.mimic import metadata, schema

CLI = [sys.executable, "-c", "import sys; from ehr_tui.cli import main; sys.exit(main())"]


def _cli(*args, home):
    env = dict(os.environ, EHR_TUI_HOME=str(home))
    return subprocess.run([*CLI, *map(str, args)], capture_output=True, text=True, timeout=300, env=env)


@pytest.fixture
def imported(tmp_path):
    db = tmp_path / "imported.duckdb"
    con = duckdb.connect(str(db))
    schema.create_schemas(con)
    metadata.set_meta(con, source="credentialed", version="3.1", created=metadata.now_iso())
    con.execute("INSERT INTO mimiciv_hosp.patients VALUES (10000032, 'F', 52, 2180, '2014 - 2016', NULL)")
    con.close()
    return db


def test_db_synth_refuses_to_replace_imported_data(imported, tmp_path):
    r = _cli("db", "synth", "--db", imported, "--patients", 3, home=tmp_path / "home")
    assert r.returncode == 2 and "credentialed MIMIC-IV data" in r.stderr and "--force" in r.stderr
    assert "Traceback" not in r.stderr
    assert metadata.read_info(imported).source == "credentialed"  # nothing was replaced
    r = _cli("db", "synth", "--db", imported, "--patients", 3, "--force", home=tmp_path / "home")
    assert r.returncode == 0 and metadata.read_info(imported).source == "synthetic"


def test_a_folder_where_a_file_is_meant(tmp_path):
    home = tmp_path / "home"
    r = _cli("db", "compare", tmp_path, tmp_path, home=home)
    assert r.returncode == 2 and "is a folder" in r.stderr
    r = _cli("tasks", "stats", tmp_path, home=home)
    assert r.returncode == 2 and "is a folder" in r.stderr


def test_an_empty_tasks_file_does_not_validate(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    r = _cli("tasks", "validate", empty, home=tmp_path / "home")
    assert r.returncode == 1 and "holds no task" in r.stdout + r.stderr


def test_atomic_writes_refuse_a_folder_and_keep_the_usual_mode(tmp_path):
    from ehr_tui.errors import UserError

    with pytest.raises(UserError, match="is a folder"):
        atomic_write(tmp_path, "x")
    old = os.umask(0o022)
    try:
        f = tmp_path / "report.md"
        atomic_write(f, "x")
        assert f.stat().st_mode & 0o777 == 0o644
        f.chmod(0o600)
        atomic_write(f, "y")  # a file someone made private stays private
        assert f.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)
