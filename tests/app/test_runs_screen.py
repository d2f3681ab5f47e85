"""Runs screen: the run list and breakdowns, and launching a run (the real `ehr-tui run` in a child
process) against the loopback OpenAI-protocol server while its trajectories arrive live."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from ehr_tui.agent.trajectory import RunStore
from ehr_tui.screens.runs import RunFormScreen, RunsScreen
from ehr_tui.screens.trajectory import TrajectoryScreen
from ehr_tui.widgets.virtual_table import VirtualTable

from ..agent.fake_openai import FakeOpenAI, Reply
from .conftest import SIZE, _policy, notices, settle


async def _runs(pilot) -> RunsScreen:
    await settle(pilot)
    await pilot.press("3")
    await settle(pilot)
    assert isinstance(pilot.app.screen, RunsScreen)
    return pilot.app.screen


async def _until(pilot, condition, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)
        await pilot.pause()


async def _fill_form(pilot, **values) -> RunFormScreen:
    await pilot.press("n")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, RunFormScreen)
    for name, value in values.items():
        form.query_one(f"#form-{name.replace('_', '-')}").value = str(value)
    await pilot.pause()
    return form


async def test_lists_runs_with_scores_and_breakdowns(make_app, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _runs(pilot)
        table = screen.query_one("#runs-table", VirtualTable)
        assert table.rows == [("tiny__fake-model", "fake-model", "2150-01-01", 10, "60.0%", "60.0%", 2)]
        r = screen.current.report
        assert r.by_intent["demographics"].accuracy == 1.0 and r.by_intent["cost"].accuracy == 0.0
        assert r.failures == {"semantic": 2, "no_answer": 2}
        detail = str(screen.query_one("#run-by-intent").render())
        assert "demographics" in detail and "100% (4/4) [100–100]" in detail
        assert "semantic misunderstanding" in str(screen.query_one("#run-failures").render())
        settings = " ".join(str(screen.query_one("#run-settings").render()).split())
        assert "answer accuracy 60.0% (6/10) [" in settings and "abstained 0" in settings
        assert "reliability 60/" in settings and "execution accuracy: run `ehr-tui eval" in settings
        await pilot.press("d")  # into the debugger on this run
        await settle(pilot)
        assert isinstance(app.screen, TrajectoryScreen) and app.screen.run_dir == run_dir


async def test_launch_a_run_and_watch_it_arrive(make_app, tasks_file):
    app = make_app()
    with FakeOpenAI(_policy) as server:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = await _runs(pilot)
            form = await _fill_form(pilot, tasks=tasks_file, model="fake-model", base_url=server.url,
                                    trials=1, concurrency=4, max_steps=4, name="launched")
            command = str(form.query_one("#form-command").render())
            assert "ehr-tui --home" in command and "run --tasks" in command and "--name launched" in command
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is screen and len(app.active_runs) == 1
            await _until(pilot, lambda: not app.active_runs)
            await settle(pilot)
            store = RunStore(next(r.path for r in screen.rows if r.path.name == "launched"))
            trajs = store.latest()
            assert len(trajs) == 24
            row = next(r for r in screen.rows if r.path.name == "launched")
            assert row.report.trajectories == 24
            assert row.report.overall.correct == sum(t.correct for t in trajs.values()) > 0
            live = str(screen.query_one("#runs-live").render())
            assert "launched: 24/24 trajectories" in live and "finished" in live
            assert any("run launched finished" in m for m in notices(app))


async def test_launch_refused_by_the_runner_shows_its_error(make_app, tasks_file, run_dir):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _runs(pilot)
        # the fixture run's folder, with another model: the runner refuses to mix settings
        await _fill_form(pilot, tasks=tasks_file, model="other-model", base_url="http://127.0.0.1:9/v1",
                         name=run_dir.name)
        await pilot.press("ctrl+s")
        await _until(pilot, lambda: not app.active_runs)
        await settle(pilot)
        errors = " ".join(notices(app, "error"))
        assert "was made with other settings" in " ".join(errors.split())


async def test_form_rejects_bad_input_before_starting(make_app, tasks_file, tmp_path):
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _runs(pilot)
        form = await _fill_form(pilot, tasks=tmp_path / "missing.jsonl", model="m")
        await pilot.press("ctrl+s")
        assert app.screen is form and any("does not exist" in m for m in notices(app, "error"))
        form.query_one("#form-tasks").value = str(tasks_file)
        form.query_one("#form-trials").value = "two"
        await pilot.press("ctrl+s")
        assert app.screen is form and any("whole number" in m for m in notices(app, "error"))
        assert "whole number" in str(form.query_one("#form-command").render())
        await pilot.press("escape")
        assert not app.active_runs


async def test_form_passes_a_sample_to_the_run_command(make_app, tasks_file):
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _runs(pilot)
        form = await _fill_form(pilot, tasks=tasks_file, model="m", sample=12, stratify="intent,level",
                                split="test", seed=3)
        command = " ".join(str(form.query_one("#form-command").render()).split())
        assert "--split test --sample 12 --seed 3 --stratify intent,level" in command
        assert form.query_one("#form-command").region.bottom <= 24  # the form fits an 80x24 terminal
        form.query_one("#form-stratify").value = "intent,ward"
        await pilot.press("ctrl+s")
        assert app.screen is form and any("--stratify" in m for m in notices(app, "error"))
        form.query_one("#form-stratify").value = ""
        form.query_one("#form-sample").value = "a dozen"
        await pilot.pause()
        assert "whole number" in str(form.query_one("#form-command").render())
        await pilot.press("escape")
        assert not app.active_runs


async def test_cancel_a_running_run(make_app, tasks_file):
    app = make_app()
    with FakeOpenAI(lambda req: Reply(hang=True)) as server:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await _runs(pilot)
            await _fill_form(pilot, tasks=tasks_file, model="slow-model", base_url=server.url, name="slow")
            await pilot.press("ctrl+s")
            await _until(pilot, lambda: len(server.requests) > 0)  # the run is under way
            launched = next(iter(app.active_runs.values()))
            masks = Path(f"/proc/{launched.process.pid}/status").read_text().split("SigQ")[-1]
            await pilot.press("c")
            try:
                await _until(pilot, lambda: not app.active_runs, timeout=180)
            except AssertionError:  # say why: the child's signal masks at the time, and its log
                pytest.fail(f"the run did not stop; its signal masks then: {masks}\nlog: "
                            f"{launched.log_path.read_text(errors='replace')[-3000:]}")
            await settle(pilot)
            assert any("stopped" in m for m in notices(app, "warning"))


async def test_u_resumes_a_stopped_run_as_it_was_launched(make_app, tasks_file):
    app = make_app()
    mode = {"hang": True}
    with FakeOpenAI(lambda req: Reply(hang=True) if mode["hang"] else _policy(req)) as server:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = await _runs(pilot)
            await _fill_form(pilot, tasks=tasks_file, model="fake-model", base_url=server.url, name="resumable",
                             limit=3, max_steps=4)
            await pilot.press("ctrl+s")
            await _until(pilot, lambda: len(server.requests) > 0)
            await pilot.press("c")
            await _until(pilot, lambda: not app.active_runs)
            await settle(pilot)
            assert any("u resumes it" in m for m in notices(app, "warning"))
            mode["hang"] = False
            await _until(pilot, lambda: any(r.path.name == "resumable" for r in screen.rows))
            table = screen.query_one("#runs-table", VirtualTable)
            table.move_to_data_index(next(i for i, r in enumerate(screen.rows) if r.path.name == "resumable"))
            await pilot.pause()
            await pilot.press("u")
            launched = app.active_runs[screen.current.path]
            assert "--limit 3" in launched.spec.command_line() and "--max-steps 4" in launched.spec.command_line()
            await _until(pilot, lambda: not app.active_runs)
            await settle(pilot)
            store = RunStore(next(r.path for r in screen.rows if r.path.name == "resumable"))
            assert len(store.latest()) == 3 and all(t.finished for t in store.latest().values())
            assert store.settings().selection == {"limit": 3}
            assert any("run resumable finished" in m for m in notices(app))
