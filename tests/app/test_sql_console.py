"""SQL console: running queries through the read-only sandbox, errors, history, the schema tree."""

from __future__ import annotations

from textual.widgets import TextArea, Tree

from ehr_tui.mimic import schema
from ehr_tui.screens.sql_console import SqlConsoleScreen, read_history
from ehr_tui.widgets.result_table import ResultTable

from .conftest import SIZE, notices, settle


async def _console(pilot):
    await settle(pilot)
    await pilot.press("4")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SqlConsoleScreen)
    return pilot.app.screen


async def _run(pilot, sql: str) -> ResultTable:
    screen = pilot.app.screen
    screen.query_one("#sql-editor", TextArea).load_text(sql)
    await pilot.press("ctrl+r")
    await settle(pilot)
    return screen.query_one("#sql-result", ResultTable)


async def test_schema_tree_lists_all_31_tables_and_enter_inserts_a_query(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _console(pilot)
        tree = screen.query_one("#sql-schema", Tree)
        tables = [n for s in tree.root.children for n in s.children]
        assert len(tables) == 31 == len(schema.tables())
        labels = {n.data.name: str(n.label) for n in tables}
        assert labels["patients"] == "patients  40"
        assert labels["labevents"] == "labevents  400"
        columns = [c.data[1].name for c in next(n for n in tables if n.data.name == "patients").children]
        assert columns == schema.table("patients").column_names

        await pilot.press("ctrl+s")  # focus the schema tree
        assert tree.has_focus
        await pilot.press("down", "enter")  # the first table of mimiciv_hosp
        editor = screen.query_one("#sql-editor", TextArea)
        assert editor.text == "SELECT *\nFROM mimiciv_hosp.admissions\nLIMIT 100"
        assert editor.has_focus
        await pilot.press("escape", "1")  # out of the editor, digits switch screens again
        assert app.current_mode == "tasks"


async def test_queries_run_in_the_read_only_sandbox(make_app):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _console(pilot)
        # cell values are text, never markup
        res = await _run(pilot, "SELECT labevent_id, comments FROM mimiciv_hosp.labevents WHERE comments IS NOT NULL")
        assert res.result.ok
        assert res.table.rows == [(3, "[red]not markup[/red] [bold")]
        assert "[red]not markup[/red] [bold" in res.table.render_line(1).text
        # the row cap, with the true count
        res = await _run(pilot, "SELECT * FROM range(5000)")
        assert res.table.row_count == 1000
        assert "first 1,000 of 5,000 rows" in str(res.query_one(".result-summary").render())
        # writes are refused with a clear message, and the database is unchanged
        res = await _run(pilot, "DROP TABLE mimiciv_hosp.patients")
        assert not res.result.ok
        assert "DROP statements are not allowed" in str(res.query_one(".result-summary").render())
        assert any("read-only" in m for m in notices(app, "error"))
        res = await _run(pilot, "SELECT count(*) FROM mimiciv_hosp.patients")
        assert res.table.rows == [(40,)]


async def test_history_is_saved_and_recalled(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _console(pilot)
        await _run(pilot, "SELECT 1 AS one")
        await _run(pilot, "SELECT 2 AS two")
        assert read_history()[-2:] == ["SELECT 1 AS one", "SELECT 2 AS two"]
        editor = screen.query_one("#sql-editor", TextArea)
        await pilot.press("ctrl+up")
        assert editor.text == "SELECT 2 AS two"
        await pilot.press("ctrl+up")
        assert editor.text == "SELECT 1 AS one"
        await pilot.press("ctrl+o")  # the picker, newest first
        await pilot.press("down", "enter")
        assert editor.text == "SELECT 1 AS one"
        assert read_history() == screen.history  # what a new session starts from (on_mount reads it)
