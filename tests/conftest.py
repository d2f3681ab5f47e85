"""Shared fixtures: the real MIMIC-IV demo (when ../shared is beside the checkout) and temp homes."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests on a loaded 2-core CI machine: an example that takes longer than hypothesis's
# default 200 ms deadline is a slow machine, not a failure.
settings.register_profile("ehr-tui", deadline=None)
settings.load_profile("ehr-tui")

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEMO_DIR = SHARED / "mimic-iv-demo-2.2"
DATASETS_DIR = SHARED / "datasets"

needs_demo = pytest.mark.skipif(not (DEMO_DIR / "hosp").is_dir(),
                                reason="../shared/mimic-iv-demo-2.2 is not beside the checkout")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """The suite runs on two xdist workers (pyproject addopts). The task tests share session fixtures that
    take a minute to build (the demo's and a synthetic database's generated tasks): they all go to one
    worker, so those are built once; every other test goes wherever a worker is free."""
    for item in items:
        if item.nodeid.startswith("tests/tasks/"):
            item.add_marker(pytest.mark.xdist_group("task_generation"))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """No test reads or writes the user's real ~/.local/share/ehr-tui."""
    from ehr_tui import paths

    monkeypatch.setenv("EHR_TUI_HOME", str(tmp_path / "home"))
    paths.set_home(None)
    yield
    paths.set_home(None)


_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM, signal.SIGCHLD)


def _signal_state() -> tuple:
    return {s: signal.getsignal(s) for s in _SIGNALS}, signal.pthread_sigmask(signal.SIG_BLOCK, [])


_AT_START = _signal_state()


@pytest.fixture(autouse=True)
def _signals_left_as_found():
    """A test or fixture that leaves a signal ignored or blocked in the test process breaks later tests
    (children started afterwards inherit it: a run launched later ignores Ctrl+C). Fail where it shows."""
    assert _signal_state() == _AT_START, f"a fixture changed the process's signal handling: {_signal_state()}"
    yield
    after = _signal_state()
    assert after == _AT_START, f"the test changed the process's signal handling: {_AT_START} -> {after}"


@pytest.fixture(scope="session")
def demo_db(tmp_path_factory) -> Path:
    """The real demo imported once per test session (read-only use only)."""
    if not (DEMO_DIR / "hosp").is_dir():
        pytest.skip("../shared/mimic-iv-demo-2.2 is not beside the checkout")
    from ehr_tui.mimic.importer import import_mimic

    db = tmp_path_factory.mktemp("demo") / "demo.duckdb"
    report = import_mimic(DEMO_DIR, db)
    assert not report.failed, report.failed
    return db


@pytest.fixture(scope="session")
def synth400(tmp_path_factory) -> Path:
    """A default-settings synthetic database of 400 patients (seed 0), big enough for stable marginals."""
    from ehr_tui.mimic.synthetic import build_synthetic

    db = tmp_path_factory.mktemp("synth400") / "synthetic.duckdb"
    build_synthetic(db, patients=400, seed=0)
    return db
