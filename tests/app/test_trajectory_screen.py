"""Trajectory debugger driven by keys, on a run the real runner made against the loopback server."""

from __future__ import annotations

import json

from textual.widgets import TextArea

from ehr_tui.agent.trajectory import RunStore
from ehr_tui.screens.sql_modals import EditSqlScreen, SqlDiffScreen
from ehr_tui.screens.trajectory import TrajectoryScreen
from ehr_tui.widgets.result_table import ResultTable
from ehr_tui.widgets.step_list import StepList

from .conftest import SIZE, notices, screen_text, settle


async def _debugger(pilot) -> TrajectoryScreen:
    await settle(pilot)
    await pilot.press("2")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TrajectoryScreen)
    return pilot.app.screen


def _live_text(screen) -> str:
    return str(screen.query_one("#step-live-text").render())


async def _goto(pilot, screen, key):
    while screen.current.key != key:
        await pilot.press("n")


async def test_opens_the_newest_run_and_steps_with_keys(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _debugger(pilot)
        assert screen.run_dir == run_dir
        assert [t.key for t in screen.trajs][:2] == [("cost_urgent-00", 0), ("cost_urgent-00", 1)]
        header = str(screen.query_one("#traj-header").render())
        assert "cost_urgent-00" in header and "✗ semantic" in header and "240 tokens" in header
        steps = screen.query_one(StepList)
        assert steps.highlighted == 0 and steps.current.step is None  # the task first
        await pilot.press("j")
        assert steps.current.call.name == "execute_sql"
        assert "admission_type = 'URGENT'" in screen.query_one("#step-code").code
        obs = screen.query_one("#step-obs", ResultTable)
        assert obs.table.rows == [(27,)]
        await pilot.press("j", "j")  # stays on the last entry
        assert steps.current.call.name == "submit_answer"
        assert "✗ wrong" in str(screen.query_one("#step-obs-text").render())
        await pilot.press("k", "k")
        assert steps.current.step is None
        await pilot.press("n")
        assert screen.current.key == ("cost_urgent-00", 1)
        await pilot.press("p")
        assert screen.current.key == ("cost_urgent-00", 0)


async def test_first_failure_rerun_and_edit(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _debugger(pilot)
        await _goto(pilot, screen, ("lab_max_creat-00", 0))
        steps = screen.query_one(StepList)
        await pilot.press("f")
        assert steps.current.call.error == "sql_error"
        await pilot.press("r")
        await settle(pilot)
        live = screen.query_one("#step-live", ResultTable)
        assert not live.result.ok and "labevent does not exist" in live.result.error

        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EditSqlScreen)
        editor = app.screen.query_one(TextArea)
        assert editor.text == "SELECT max(valuenum) FROM mimiciv_hosp.labevent"
        editor.load_text("SELECT max(valuenum) AS top FROM mimiciv_hosp.labevents WHERE itemid = 50912")
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.screen is screen
        assert live.result.ok and live.result.columns == ["top"] and live.table.rows == [(1.7,)]
        assert "your edit" in _live_text(screen)
        await pilot.press("e")  # the edit is remembered for this step
        await pilot.pause()
        assert "AS top" in app.screen.query_one(TextArea).text
        await pilot.press("escape")

        await pilot.press("j")  # the agent's corrected query: re-running gives what was recorded
        await pilot.press("r")
        await settle(pilot)
        assert "same rows as recorded" in _live_text(screen)


async def test_python_step_replays_in_a_fresh_worker(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _debugger(pilot)
        await _goto(pilot, screen, ("demo_age-00", 0))
        await pilot.press("j")
        assert screen.query_one("#step-code").language == "python"
        await pilot.press("r")
        await settle(pilot)
        expected = screen.current.answer
        assert expected in _live_text(screen)


async def test_diff_with_gold(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _debugger(pilot)  # cost_urgent-00: the agent forgot the gender cohort
        await pilot.press("d")
        await settle(pilot)
        diff = app.screen
        assert isinstance(diff, SqlDiffScreen)
        code = diff.query_one("CodeView").code
        assert "+JOIN mimiciv_hosp.patients" in code.replace("  ", "") or "+  JOIN" in code
        verdict = str(diff.query_one("#diff-verdict").render())
        # the answer's verdict is the header's (wrong); the final query fails under every policy
        assert "answer: ✗ wrong" in verdict and "read as 27" in verdict
        assert all(f"{name} ✗" in verdict for name in ("ehr-tui typed", "BIRD", "Spider test-suite", "EHRSQL 2024"))
        assert "1 cell" in str(diff.query_one("#diff-policy-text").render()) or \
            "row" in str(diff.query_one("#diff-policy-text").render())
        assert diff.query_one("#diff-agent", ResultTable).table.rows == [(27,)]
        gold = screen.current.task.gold_answer
        assert diff.query_one("#diff-gold", ResultTable).table.rows == [(gold,)]
        await pilot.press("escape")
        assert app.screen is screen


async def test_failure_label_is_saved_to_the_run(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await _debugger(pilot)
        assert screen.current.failure_mode == "semantic"
        await pilot.press("b")
        await pilot.pause()
        app.screen.query_one("#picker-input").value = "sql_logic"
        await pilot.press("enter")
        await settle(pilot)
        assert screen.current.failure_mode == "sql_logic"
        assert "sql_logic" in str(screen.query_one("#traj-header").render())
        stored = RunStore(run_dir).latest()[("cost_urgent-00", 0)]
        assert stored.failure_mode == "sql_logic"
        assert stored.failure_detail.startswith("labelled by hand in ehr-tui (automatic: semantic")
        # correct trajectories carry no failure mode
        await _goto(pilot, screen, ("demo_age-00", 0))
        await pilot.press("b")
        assert any("only failed trajectories" in m for m in notices(app, "warning"))


async def test_label_refused_while_the_run_may_be_writing(make_app, run_dir):
    (run_dir / "trajectories.jsonl").touch()  # just written: perhaps a run in another process
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _debugger(pilot)
        before = (run_dir / "trajectories.jsonl").read_bytes()
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert any("may still be running" in m for m in notices(app, "error"))
        assert (run_dir / "trajectories.jsonl").read_bytes() == before


async def test_picker_failures_only_and_open_from_tasks(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _debugger(pilot)
        await pilot.press("t")
        await pilot.pause()
        app.screen.query_one("#picker-input").value = "dx_admissions trial 2"
        await pilot.press("enter")
        assert screen.current.key == ("dx_admissions-00", 1)
        assert "no tool call" in screen_text(app)

        await pilot.press("x")  # failures only: n skips the correct ones
        seen = set()
        for _ in range(6):
            await pilot.press("n")
            seen.add(screen.current.task_id)
        assert seen <= {"lab_max_creat-00", "cost_urgent-00", "dx_admissions-00"} - {"lab_max_creat-00"}

        await pilot.press("1")  # from the Tasks screen, t opens the task's trajectories
        await settle(pilot)
        tasks = app.screen
        tasks.query_one("#task-search").value = "demo_age-00"
        await pilot.pause()
        tasks.query_one("#task-table").focus()
        await pilot.press("t")
        await settle(pilot)
        assert app.screen is screen and screen.current.key == ("demo_age-00", 0)


async def test_no_runs_yet_says_what_to_do(make_app):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await _debugger(pilot)
        assert "no run open: press o" in str(screen.query_one("#traj-header").render())
        assert not screen.query_one("#traj-detail").display  # no empty "Call", "no rows", "not run yet"
        for key in ("r", "d", "e", "b"):  # nothing to act on: each says so, no crash
            before = len(notices(app, "warning"))
            await pilot.press(key)
            await pilot.pause()
            assert len(notices(app, "warning")) == before + 1, key
            assert "no trajectory open" in notices(app, "warning")[-1]
        await pilot.press("n")
        assert app.screen is screen


async def test_failures_only_marker_is_shown_only_on_failures(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _debugger(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert not screen.current.correct
        assert "[failures only]" in str(screen.query_one("#traj-header").render())
        screen.pos = next(i for i, t in enumerate(screen.trajs) if t.correct)  # e.g. opened from Tasks
        screen.show_trajectory()
        await pilot.pause()
        assert "[failures only]" not in str(screen.query_one("#traj-header").render())


async def test_unknown_trajectory_version_is_a_clear_error(make_app, run_dir):
    lines = (run_dir / "trajectories.jsonl").read_text().splitlines()
    rec = json.loads(lines[0])
    rec["format_version"] = 99
    (run_dir / "trajectories.jsonl").write_text("\n".join([json.dumps(rec), *lines[1:]]) + "\n")
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _debugger(pilot)
        assert any("format version 99" in m for m in notices(app, "error"))


async def test_trajectories_another_process_appends_appear_live(make_app, run_dir):
    import dataclasses

    from .conftest import until

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _debugger(pilot)
        shown = screen.current.key
        before = len(screen.trajs)
        store = RunStore(run_dir)
        latest = store.latest()
        template = latest[shown]
        # a new trial of another task and a retried record of another trajectory, as a running run appends
        new = dataclasses.replace(template, task_id="zz_new_task-00", trial=0)
        other_key = next(k for k in latest if k != shown)
        retried = dataclasses.replace(latest[other_key], answer="9999", status="answered")
        store.append_many([new, retried])
        await until(pilot, lambda: len(screen.trajs) == before + 1, what="the appended trajectory")
        assert screen.current.key == shown  # what the user looks at stays
        assert f"({screen.pos + 1}/{before + 1})" in str(screen.query_one("#traj-header").render())
        assert next(t for t in screen.trajs if t.key == other_key).answer == "9999"  # the last record wins
        assert screen.trajs[-1].task_id == "zz_new_task-00"
