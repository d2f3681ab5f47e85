"""Runs written by another process appear in Runs and update the Tasks screen's last-result column
without `R` (the runs folder is polled; see screens/run_watch.py)."""

from __future__ import annotations

import shutil

from ehr_tui import paths
from ehr_tui.screens.task_index import FAIL, UNRUN
from ehr_tui.screens.run_watch import RunsWatch, runs_signature

from .conftest import SIZE, settle, until


def test_signature_changes_when_a_run_appears_or_grows(tmp_path, fixture_run, monkeypatch):
    monkeypatch.setenv("EHR_TUI_HOME", str(tmp_path))
    paths.set_home(None)
    paths.runs_dir().mkdir(parents=True, exist_ok=True)
    watch = RunsWatch()
    assert not watch.changed()  # the baseline is taken when the watch is made
    (paths.runs_dir() / "empty-folder").mkdir()
    assert not watch.changed()  # a folder without run.json is not a run
    dest = paths.runs_dir() / "r1"
    shutil.copytree(fixture_run, dest)
    assert watch.changed() and not watch.changed()
    with (dest / "trajectories.jsonl").open("a") as f:
        f.write("\n")
    assert watch.changed()
    assert len(runs_signature()) == 1


async def test_a_run_from_another_process_appears_in_runs_and_tasks(make_app, fixture_run):
    app = make_app(initial_mode="runs")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#runs-table")
        assert table.row_count == 0
        await pilot.press("1")
        await settle(pilot)
        tasks = app.screen
        assert {r[4] for r in tasks.rows} == {UNRUN}
        shutil.copytree(fixture_run, paths.runs_dir() / fixture_run.name)  # "another terminal"
        await until(pilot, lambda: FAIL in {r[4] for r in tasks.rows}, what="tasks' last column to update")
        await pilot.press("f")  # failures: the count shows them now (it said "0 of 24")
        await settle(pilot)
        assert tasks.query_one("#task-table").row_count > 0
        await pilot.press("3")
        await until(pilot, lambda: table.row_count == 1, what="the run to appear in Runs")
