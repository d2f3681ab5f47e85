"""Tasks screen driven by keys: filters, the detail pane, running gold SQL, opening files."""

from __future__ import annotations

import json

from textual.widgets import OptionList

from ehr_tui.screens.tasks import TasksScreen
from ehr_tui.widgets.result_table import ResultTable
from ehr_tui.widgets.virtual_table import VirtualTable

from .conftest import SIZE, notices, settle, until


def _table(app) -> VirtualTable:
    return app.screen.query_one("#task-table", VirtualTable)


def _shown_ids(app) -> list[str]:
    t = _table(app)
    return [t.rows[i][0] for i in t.view]


def _count_text(app) -> str:
    return str(app.screen.query_one("#task-count").render())


async def test_loads_all_tasks_and_shows_the_first(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TasksScreen)
        assert _table(app).row_count == 24
        assert "24 tasks" in _count_text(app)
        assert "How many F patients" in str(app.screen.query_one("#task-question").render())
        assert "SELECT" in app.screen.query_one("#task-sql").code
        await pilot.press("j", "j", "k")  # vim keys move too
        assert app.screen.current.id == "demo_count_gender-01"
        await pilot.press("z")  # the table takes the whole width
        assert not app.screen.query_one("#task-detail").display
        await pilot.press("z")
        assert app.screen.query_one("#task-detail").display


async def test_filters_by_keys(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"creat")
        assert _shown_ids(app) == [f"lab_max_creat-{k:02d}" for k in range(4)]
        assert "4 of 24 tasks" in _count_text(app)
        await pilot.press("enter", "escape")  # back to the table, then clear everything
        assert _table(app).row_count == 24

        await pilot.press("i")  # intent: demographics
        assert {app.screen.index.tasks[i].intent for i in _table(app).view} == {"demographics"}
        await pilot.press("l")  # level: patient
        assert set(_shown_ids(app)) == {f"demo_age-{k:02d}" for k in range(4)}
        await pilot.press("i", "i")  # vitals (none), then medications (none): empty view
        assert _table(app).row_count == 0
        assert "no task matches" in _table(app).empty_text

        await pilot.press("escape", "c", *"12-14", "enter")
        assert sorted(app.screen.index.tasks[i].complexity_total for i in _table(app).view) == [12, 13, 14]
        await pilot.press("escape", "c", *">=15")
        assert _shown_ids(app) == ["lab_abnormal_by_item-03"]


async def test_bad_complexity_range_is_flagged_not_applied(make_app):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("c", *"ten")
        box = app.screen.query_one("#task-complexity")
        assert box.has_class("-invalid")
        assert _table(app).row_count == 24  # the last good filter stays
        await pilot.press("enter")
        assert any("is not understood" in m for m in notices(app, "error"))


async def test_cursor_moves_the_detail_and_gold_sql_runs_live(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "down", "down")  # demo_age-00
        assert app.screen.current.id == "demo_age-00"
        await pilot.press("r")
        await settle(pilot)
        live = app.screen.query_one("#task-live", ResultTable)
        assert live.result is not None and live.result.ok
        assert live.table.rows == [(app.screen.current.gold_answer,)]
        assert "matches the gold answer" in str(live.query_one(".result-summary").render())


async def test_run_gold_reports_a_changed_answer(make_app, tiny_db, tmp_path):
    from ehr_tui.tasks.model import read_tasks, write_tasks

    tasks = read_tasks(make_app().tasks_path).tasks[:2]
    tasks[0].gold_answer = 999  # as if the database had changed since generation
    path = tmp_path / "changed.jsonl"
    write_tasks(path, tasks)
    app = make_app(tasks=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        summary = str(app.screen.query_one("#task-live .result-summary").render())
        assert "DIFFERS from the stored gold answer" in summary


async def test_bad_records_are_skipped_with_a_warning(make_app, tasks_file, tmp_path):
    lines = tasks_file.read_text().splitlines()
    broken = json.loads(lines[1])
    broken.update(intent="astrology", level="galaxy", split="nowhere", answer_type=7)  # 4 bad fields, 1 line
    path = tmp_path / "some-bad.jsonl"
    path.write_text("\n".join([lines[0], json.dumps(broken), "{not json", *lines[2:]]) + "\n")
    app = make_app(tasks=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert _table(app).row_count == 23
        warning = " ".join(notices(app, "warning"))
        assert "2 bad record(s)" in warning and "line 2, field 'intent'" in warning


async def test_open_file_picker(make_app, tasks_file, tmp_path):
    app = make_app(tasks=None)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert "no tasks file" in _count_text(app)
        await pilot.press("o")
        app.screen.query_one("#picker-input").value = str(tmp_path / "nope.jsonl")  # typing it is slow
        await pilot.press("enter")
        assert any("does not exist" in m for m in notices(app, "error"))
        await pilot.press("o")
        app.screen.query_one("#picker-input").value = str(tasks_file)
        await pilot.press("enter")
        await settle(pilot)
        assert _table(app).row_count == 24


async def test_command_palette_runs_screen_actions(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Run gold")
        palette = app.screen
        await until(pilot, lambda: any("Run gold" in str(o.prompt) for o in
                                       palette.query_one(OptionList).options), what="the palette's match")
        await pilot.press("enter")
        await settle(pilot)
        live = app.screen.query_one("#task-live", ResultTable)
        assert live.result is not None and live.result.ok


async def test_last_result_column_and_failure_filter(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        marks = {row[0]: row[4] for row in _table(app).rows if row[4] != "·"}
        assert marks == {"demo_count_gender-00": "✓", "lab_max_creat-00": "✓", "demo_age-00": "✓",
                         "cost_urgent-00": "✗", "dx_admissions-00": "✗"}
        await pilot.press("f")  # failed
        assert sorted(_shown_ids(app)) == ["cost_urgent-00", "dx_admissions-00"]
        await pilot.press("f")  # passed
        assert len(_shown_ids(app)) == 3
        await pilot.press("f")  # not run
        assert len(_shown_ids(app)) == 19
        await pilot.press("f")  # no result filter
        assert _table(app).row_count == 24


async def test_last_results_ignore_runs_on_other_task_files(make_app, run_dir, tasks_file, tmp_path):
    other = tmp_path / "edited.jsonl"
    other.write_text(tasks_file.read_text() + "\n")  # same tasks, different file content
    app = make_app(tasks=other)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert {row[4] for row in _table(app).rows} == {"·"}
