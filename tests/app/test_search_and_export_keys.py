"""Search (/ . ,) and export (ctrl+e) in the Debugger, the Runs screen and the SQL console; sorting (s) and
the full row (Enter) in result tables: driven by keys on a run the real runner made."""

from __future__ import annotations

import csv

from textual.widgets import Input, TextArea

from ehr_tui import paths
from ehr_tui.screens.picker import PickerScreen
from ehr_tui.screens.row_viewer import RowViewerScreen
from ehr_tui.screens.runs import RunsScreen
from ehr_tui.screens.sql_console import SqlConsoleScreen
from ehr_tui.screens.trajectory import TrajectoryScreen
from ehr_tui.widgets.result_table import ResultTable
from ehr_tui.widgets.step_list import StepList

from .conftest import SIZE, notices, settle, until


async def _mode(pilot, key, cls):
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(pilot.app.screen, cls), pilot.app.screen
    return pilot.app.screen


async def _type_in_picker(pilot, text: str) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, PickerScreen)
    pilot.app.screen.query_one(Input).value = text
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


async def test_debugger_search_jumps_from_hit_to_hit(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _mode(pilot, "2", TrajectoryScreen)
        await pilot.press("slash")
        await _type_in_picker(pilot, "mimiciv_hosp\\.labevent\\b")  # only the failed call's misspelt table
        assert screen.current.task_id == "lab_max_creat-00"
        steps = screen.query_one(StepList)
        assert steps.current.call.name == "execute_sql" and "labevent" in steps.current.call.arguments
        assert steps.current.call.error == "sql_error"
        header = str(screen.query_one("#traj-header").render())
        assert "hit 1 of " in header and "step" in header  # in the header: no notices piling over the step
        first = (screen.current.key, steps.highlighted)
        n = len(screen.hits)
        assert n >= 2  # the same mistake in every trial of the task
        await pilot.press("full_stop")
        assert screen.hit_pos == 1 and (screen.current.key, steps.highlighted) != first
        await pilot.press("comma")
        assert screen.hit_pos == 0 and (screen.current.key, steps.highlighted) == first
        await pilot.press("comma")  # wraps round to the last hit
        assert screen.hit_pos == n - 1

        await pilot.press("slash")
        await _type_in_picker(pilot, "count(")
        assert any("not a valid regular expression" in m for m in notices(app, "error"))
        await pilot.press("slash")
        await _type_in_picker(pilot, "no such text anywhere")
        assert any("no match for" in m for m in notices(app, "warning"))


async def test_debugger_exports_the_trajectory(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _mode(pilot, "2", TrajectoryScreen)
        traj = screen.current
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("enter")  # the first offer: HOME/exports/TASK-trialN.md
        await settle(pilot)
        out = paths.exports_dir() / f"{traj.task_id}-trial{traj.trial + 1}.md"
        text = out.read_text()
        assert text.startswith(f"# {traj.task_id}, trial {traj.trial + 1}: ") and "## Step 1" in text
        await pilot.press("ctrl+e")
        page = paths.home() / "t.html"
        await _type_in_picker(pilot, str(page))
        assert page.read_text().startswith("<!DOCTYPE html>")
        await pilot.press("ctrl+e")
        await _type_in_picker(pilot, str(paths.home() / "t.pdf"))
        assert any(".md or .html" in m for m in notices(app, "error"))


async def test_runs_search_opens_the_debugger_on_a_match(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _mode(pilot, "3", RunsScreen)
        await until(pilot, lambda: app.screen.current is not None, what="the runs table")
        await pilot.press("slash")
        await _type_in_picker(pilot, "labevent\\b")
        await until(pilot, lambda: isinstance(app.screen, PickerScreen), what="the matches")
        assert "trajectories match" in app.screen.title_text
        assert all("lab_max_creat-00" in c.label for c in app.screen.choices)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TrajectoryScreen) and app.screen.hits,
                    what="the debugger with the search")
        screen = app.screen
        assert screen.current.task_id == "lab_max_creat-00"
        assert screen.query_one(StepList).current.call.error == "sql_error"


async def test_sql_console_exports_the_whole_result_and_i_still_types(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _mode(pilot, "4", SqlConsoleScreen)
        await pilot.press("ctrl+e")
        assert any("run a query first" in m for m in notices(app, "warning"))
        editor = screen.query_one("#sql-editor", TextArea)
        editor.load_text("SELECT subject_id, gender FROM mimiciv_hosp.patients ORDER BY 1")
        editor.focus()
        await pilot.press("end", "i")  # a letter typed in the editor stays a letter
        assert editor.text.endswith("ORDER BY 1i")
        editor.load_text("SELECT subject_id, gender FROM mimiciv_hosp.patients ORDER BY 1")
        await pilot.press("ctrl+r")
        await settle(pilot)
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and "all 40 rows" in app.screen.title_text
        out = paths.home() / "patients.csv"
        await _type_in_picker(pilot, str(out))
        await until(pilot, out.exists, what="the export")
        rows = list(csv.reader(out.open()))
        assert rows[0] == ["subject_id", "gender"] and len(rows) == 41
        await until(pilot, lambda: any("40 rows written" in m for m in notices(app)), what="the notice")


async def test_result_table_sorts_and_shows_a_row_in_full(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _mode(pilot, "4", SqlConsoleScreen)
        long = "x" * 300
        screen.query_one("#sql-editor", TextArea).load_text(
            f"SELECT subject_id, anchor_age, CASE WHEN subject_id % 3 = 0 THEN NULL ELSE '{long}' END AS note "
            "FROM mimiciv_hosp.patients ORDER BY subject_id")
        await pilot.press("ctrl+r")
        await settle(pilot)
        result = screen.query_one("#sql-result", ResultTable)
        result.table.focus()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        await _type_in_picker(pilot, "anchor_age descending")
        ages = [result.table.rows[i][1] for i in result.table.view]
        assert ages == sorted(ages, reverse=True)
        assert "sorted by anchor_age ↓" in str(result.query_one(".result-summary").render())
        await pilot.press("s")
        await _type_in_picker(pilot, "note ascending")
        notes = [result.table.rows[i][2] for i in result.table.view]
        assert notes[-1] is None and notes[0] == long  # NULLs last
        await pilot.press("home", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RowViewerScreen)
        shown = " ".join(str(s.render()) for s in app.screen.query(".cell-value"))
        assert long in shown.replace("\n", "").replace(" ", "")  # the whole value, not the cut cell
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("s")
        await _type_in_picker(pilot, "original order")
        assert [result.table.rows[i][0] for i in result.table.view] == sorted(r[0] for r in result.table.rows)
