"""SQL console: running queries through the read-only sandbox, errors, history, the schema tree."""

from __future__ import annotations

import pytest
from textual.widgets import TextArea, Tree

from ehr_tui.mimic import schema
from ehr_tui.screens.schema_tree import insert_name
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
        tables = [n for s in tree.root.children if s.data in schema.MODULES.values() for n in s.children]
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


async def test_picking_from_history_moves_the_ctrl_up_down_position(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _console(pilot)
        for k in (1, 2, 3):
            await _run(pilot, f"SELECT {k} AS q")
        editor = screen.query_one("#sql-editor", TextArea)
        await pilot.press("ctrl+o", "down", "down", "enter")  # newest first: the third is SELECT 1
        assert editor.text == "SELECT 1 AS q"
        await pilot.press("ctrl+down")  # on from the picked query, not from the end
        assert editor.text == "SELECT 2 AS q"


@pytest.mark.parametrize("before,after,expected", [
    ("SELECT ", "", "SELECT hadm_id"), ("", "SELECT *", "hadm_id SELECT *"), ("SELECT a,", "", "SELECT a, hadm_id"),
    ("count(", ")", "count(hadm_id)"), ("SELECT x", " FROM t", "SELECT x hadm_id FROM t")])
def test_inserted_names_do_not_glue_to_the_text_around(before, after, expected):
    assert before + insert_name(before, after, "hadm_id") + after == expected


async def test_tree_inserts_a_column_as_a_word_and_describes_the_node(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _console(pilot)
        editor = screen.query_one("#sql-editor", TextArea)
        editor.load_text("SELECT *")
        editor.cursor_location = (0, 0)
        tree = screen.query_one("#sql-schema", Tree)
        patients = next(n for s in tree.root.children for n in s.children
                        if isinstance(n.data, schema.Table) and n.data.name == "admissions")
        patients.expand()
        await pilot.pause()
        tree.focus()
        tree.move_cursor(patients.children[1])  # hadm_id
        await pilot.pause()
        doc = str(screen.query_one("#sql-schema-doc").render())
        assert "admissions.hadm_id" in doc
        await pilot.press("enter")
        assert editor.text == "hadm_id SELECT *"
        tree.move_cursor(patients)
        await pilot.pause()
        assert "hospital admission" in str(screen.query_one("#sql-schema-doc").render())


async def test_reference_schema_is_in_the_tree(make_app, tiny_db, tmp_path):
    import shutil

    import duckdb

    from ehr_tui.tasks.cost import install_cost_schedule

    db = tmp_path / "with-ref.duckdb"
    shutil.copy(tiny_db, db)
    con = duckdb.connect(str(db))
    install_cost_schedule(con)
    con.close()
    from ehr_tui.app import EhrApp
    app = EhrApp(db, show_timings=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _console(pilot)
        tree = screen.query_one("#sql-schema", Tree)
        ref = next(n for n in tree.root.children if n.data == "ehr_tui_ref")
        names = {n.data.name for n in ref.children}
        assert {"drg_price", "hcpcs_fee", "icd_procedure_fee", "cost_schedule"} <= names
        drg = next(n for n in ref.children if n.data.name == "drg_price")
        assert "price_usd" in [c.data.name for c in drg.children]


async def test_empty_result_pane_says_no_rows_only_after_a_query_and_timing_never_wraps(make_app):
    import re

    app = make_app(show_timings=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _console(pilot)
        res = screen.query_one("#sql-result", ResultTable)
        assert res.table.empty_text == ""  # nothing run yet: not "no rows"
        assert "no rows" not in " ".join(res.table.render_line(y).text for y in range(3))
        res = await _run(pilot, "SELECT 1 AS one WHERE false")
        assert res.table.empty_text == "no rows"
        summary = str(res.query_one(".result-summary").render())
        assert re.search("0 rows in\u00a0[0-9]+[.][0-9]{3}\u00a0s", summary), summary
