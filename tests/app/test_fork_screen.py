"""Fork and resume in the Debugger, end to end from the keyboard: F on a step, edit the SQL, the agent
continues live against the loopback server, the child is stored, scored and shown beside its parent."""

from __future__ import annotations

import json

from textual.widgets import TextArea

from ehr_tui.agent.trajectory import RUN_FILE, RunStore
from ehr_tui.screens.fork import ForkEditScreen, ForkScreen
from ehr_tui.screens.picker import PickerScreen
from ehr_tui.screens.trajectory import TrajectoryScreen
from ehr_tui.widgets.step_list import StepList

from ..agent.fake_openai import FakeOpenAI, first_value, submit
from .conftest import SIZE, notices, settle, until

COHORT_SQL = ("SELECT count(*) FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p USING (subject_id) "
              "WHERE a.admission_type = 'URGENT' AND p.gender = 'F'")


async def test_fork_a_step_from_the_keyboard_and_watch_the_agent_continue(make_app, run_dir, tasks_file):
    with FakeOpenAI(lambda req: submit(first_value(req.last_tool_result))) as server:
        settings = json.loads((run_dir / RUN_FILE).read_text())
        settings["base_url"] = server.url
        (run_dir / RUN_FILE).write_text(json.dumps(settings))
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("2")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TrajectoryScreen)
            while screen.current.key != ("cost_urgent-00", 0):
                await pilot.press("n")
            parent = screen.current
            assert not parent.correct
            await pilot.press("F")  # on the task entry: nothing to fork
            assert any("pick a step" in n for n in notices(app, "warning"))
            await pilot.press("j", "F")
            await pilot.pause()
            assert isinstance(app.screen, ForkEditScreen)
            editor = app.screen.query_one(TextArea)
            assert "admission_type = 'URGENT'" in editor.text
            await pilot.press("ctrl+o")  # the observation instead, and back
            assert editor.text.splitlines()[1] == "27"
            await pilot.press("ctrl+o")
            editor.load_text(COHORT_SQL)
            await pilot.press("ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, ForkScreen) and app.screen.state not in ("planning", "running"),
                        what="the fork to finish")
            view = app.screen
            assert view.state == "stored", (view.state, str(view.query_one("#fork-status").render()), notices(app))
            child = view.child
            assert child.correct and child.fork.parent == "cost_urgent-00#0" and child.fork.edit.after == COHORT_SQL
            # the server saw the edited call and its re-executed result
            last = server.requests[-1].messages
            assert json.loads(last[2]["tool_calls"][0]["function"]["arguments"]) == {"query": COHORT_SQL}
            assert first_value(last[3]["content"]) == str(child.answer)
            left = str(view.query_one("#fork-parent").render())
            right = str(view.query_one("#fork-child").render())
            assert "◆ first divergence" in left and "◆ first divergence" in right and COHORT_SQL[:40] in right
            assert "✓ correct" in str(view.query_one("#fork-child-head").render())
            stored = RunStore(run_dir).forks()
            assert [f.fork.id for f in stored] == [child.fork.id]
            await pilot.press("escape")
            assert isinstance(app.screen, TrajectoryScreen)
            assert not screen.current.correct  # the parent is unchanged; the fork is not a trial
            await pilot.press("V")
            await until(pilot, lambda: isinstance(app.screen, PickerScreen), what="the forks picker")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ForkScreen), what="the stored fork")
            assert app.screen.child.fork.id == child.fork.id and app.screen.state == "stored"
            await pilot.press("escape")


async def test_cancel_a_running_fork_stores_nothing(make_app, run_dir):
    from ..agent.fake_openai import Reply

    with FakeOpenAI(lambda req: Reply(hang=True)) as server:
        settings = json.loads((run_dir / RUN_FILE).read_text())
        settings["base_url"] = server.url
        (run_dir / RUN_FILE).write_text(json.dumps(settings))
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("2")
            await settle(pilot)
            screen = app.screen
            while screen.current.key != ("cost_urgent-00", 0):
                await pilot.press("n")
            await pilot.press("j", "F")
            await pilot.pause()
            app.screen.query_one(TextArea).load_text(COHORT_SQL)
            await pilot.press("ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, ForkScreen) and app.screen.live,
                        what="the edited step to arrive")
            view = app.screen
            # the agent is (soon) waiting on the model for its next step: the request leaves in the background
            await until(pilot, lambda: bool(server.requests), what="the agent's request to the model")
            await pilot.press("c")
            await until(pilot, lambda: view.state == "cancelled", what="the cancel")
            assert "nothing was stored" in str(view.query_one("#fork-status").render())
            assert RunStore(run_dir).forks() == []
            await pilot.press("escape")
            assert isinstance(app.screen, TrajectoryScreen)


async def test_a_refused_fork_says_why_in_one_line(make_app, run_dir):
    """The CLI's errors reach the screen: here the run's endpoint is not running."""
    settings = json.loads((run_dir / RUN_FILE).read_text())
    settings["base_url"] = "http://127.0.0.1:9/v1"
    settings.setdefault("limits", {})["max_retries"] = 0
    (run_dir / RUN_FILE).write_text(json.dumps(settings))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("j", "F")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, ForkScreen) and app.screen.state == "failed",
                    what="the failure")
        status = str(app.screen.query_one("#fork-status").render())
        assert status.startswith("fork failed: cannot reach http://127.0.0.1:9/v1") and "Traceback" not in status
        assert RunStore(run_dir).forks() == []
