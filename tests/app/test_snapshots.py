"""Screenshots of each screen at 120x40 on fixed data (tiny database, fixed tasks and run, no clocks).

Update after an intended change with `pytest tests/app/test_snapshots.py --snapshot-update` and look
at the new SVGs before committing them.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path


from ehr_tui.app import EhrApp

from .conftest import SIZE, settle, until


def _keys(*keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        for k in keys:
            await pilot.press(k)
            await settle(pilot)
    return run_before


def test_tasks_screen(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_keys("down", "down", "r"))


def test_tasks_screen_filtered(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("i", "i", "i", "i", "i")  # labs
        pilot.app.screen.query_one("#task-search").value = "abnormal"
        await settle(pilot)
        pilot.app.screen.query_one("#task-table").focus()
        await settle(pilot)
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_sql_console(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_keys("4", "ctrl+r"))


def test_help_screen(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_keys("question_mark"))


def test_trajectory_debugger(snap_compare, make_app, run_dir):
    # lab_max_creat-00 trial 1: the first (failing) step, re-run live
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        screen = pilot.app.screen
        while screen.current.key != ("lab_max_creat-00", 0):
            await pilot.press("n")
        await pilot.press("f", "r")
        await settle(pilot)
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_trajectory_diff(snap_compare, make_app, run_dir):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_keys("2", "d"))


def test_runs_screen(snap_compare, make_app, run_dir):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_keys("3"))


def test_first_launch_screen(snap_compare, monkeypatch, tmp_path):
    home = Path("/tmp/ehr-tui-snapshot-home")  # a fixed path: the screen shows where the database goes
    shutil.rmtree(home, ignore_errors=True)
    monkeypatch.setenv("EHR_TUI_HOME", str(home))
    app = EhrApp(None, build_default=lambda progress: _build_until_closed(app, progress))

    async def run_before(pilot) -> None:
        from ehr_tui.screens.first_launch import FirstLaunchScreen

        await until(pilot, lambda: isinstance(app.screen, FirstLaunchScreen)
                    and str(app.screen.query_one("#first-step").render()) == "lab results",
                    what="the build's progress step")

    try:
        assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _build_until_closed(app, progress) -> Path:
    """A build that stays at one step while the screenshot is taken, and gives up when the app closes."""
    progress("lab results", 0.4)
    while app.is_running:  # the worker starts from on_mount, once the app runs
        time.sleep(0.02)
    raise RuntimeError("the app closed before the build finished")


# Every main screen at the smallest terminal a user has (80x24) and a large one (200x50): at 80 columns the
# tables keep the columns that matter (id, intent, result; run, accuracy, pass^k) in sight.
SIZES = {"80x24": (80, 24), "200x50": (200, 50)}
SCREEN_KEYS = {"tasks": (), "debugger": ("2",), "runs": ("3",), "sql": ("4", "ctrl+r")}


import pytest  # noqa: E402


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREEN_KEYS)
def test_screens_at_80x24_and_200x50(snap_compare, make_app, run_dir, screen, size):
    assert snap_compare(make_app(), terminal_size=SIZES[size], run_before=_keys(*SCREEN_KEYS[screen]))
