"""Task-suite fixtures: the demo and a small synthetic database, each with the cost schedule, and tasks
generated from them once per session."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

DEMO_TASKS = 240
SYNTH_TASKS = 150


def _with_schedule(src: Path, dst: Path) -> Path:
    from ehr_tui.tasks.cost import install_cost_schedule

    shutil.copyfile(src, dst)
    con = duckdb.connect(str(dst))
    try:
        install_cost_schedule(con)
    finally:
        con.close()
    return dst


@pytest.fixture(scope="session")
def demo_cost_db(demo_db, tmp_path_factory) -> Path:
    """A copy of the real demo with the cost schedule installed (the shared demo_db stays untouched)."""
    return _with_schedule(demo_db, tmp_path_factory.mktemp("tasks_demo") / "demo_cost.duckdb")


@pytest.fixture(scope="session")
def demo_report(demo_cost_db):
    from ehr_tui.tasks.generate import generate

    return generate(demo_cost_db, DEMO_TASKS, seed=0)


@pytest.fixture(scope="session")
def demo_tasks(demo_report):
    return demo_report.tasks


@pytest.fixture(scope="session")
def synthetic_db(tmp_path_factory) -> Path:
    try:
        from ehr_tui.mimic.synthetic import build_synthetic
    except ImportError:
        pytest.skip("the synthetic database generator (ehr_tui.mimic.synthetic) is not available")
    db = tmp_path_factory.mktemp("tasks_synth") / "synth.duckdb"
    build_synthetic(db, patients=200, seed=0)
    from ehr_tui.tasks.cost import has_cost_schedule, install_cost_schedule

    con = duckdb.connect(str(db))
    try:
        if not has_cost_schedule(con):
            install_cost_schedule(con)
    finally:
        con.close()
    return db


@pytest.fixture(scope="session")
def synthetic_report(synthetic_db):
    from ehr_tui.tasks.generate import generate

    return generate(synthetic_db, SYNTH_TASKS, seed=0)
