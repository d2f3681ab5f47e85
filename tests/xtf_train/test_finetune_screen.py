"""The Fine-tune screen in a small test App: launch from the form, live loss, cancel, re-attach, errors."""

from __future__ import annotations

import json
import time

import psutil
import pytest
from textual.app import App
from textual.widgets import Input

from ehr_tui import paths
from ehr_tui.screens.finetune import FinetuneScreen
from ehr_tui.widgets.loss_chart import LossChart
from ehr_tui.widgets.virtual_table import VirtualTable
from ehr_tui.xtf import jobs
from tests.app.conftest import settle

SIZE = (150, 44)
DEVICES = ["cpu (2 cores; no CUDA GPU)"]


class ScreenApp(App):
    def __init__(self, **kw):
        super().__init__()
        self.kw = kw
        self.notes: list[tuple[str, str]] = []

    def on_mount(self) -> None:
        self.push_screen(FinetuneScreen(devices=DEVICES, **self.kw))

    def notify(self, message, *, title="", severity="information", **kw):
        self.notes.append((severity, f"{title}: {message}"))
        super().notify(message, title=title, severity=severity, **kw)


def text(app, selector) -> str:
    return str(app.screen.query_one(selector).render())


def states(app) -> list[str]:
    """The state column of the jobs list, in its order."""
    table = app.screen.query_one("#ft-jobs", VirtualTable)
    assert table.row_count == len(app.screen.jobs)
    return [j.state for j in app.screen.jobs]


async def until(pilot, predicate, timeout=600.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await settle(pilot)
        if predicate():
            return
        await pilot.pause(0.3)
    raise AssertionError(f"timed out waiting for {what}")


def fill(app, **values):
    for fid, value in values.items():
        app.screen.query_one(f"#ft-{fid}", Input).value = str(value)


async def test_launch_follow_and_cancel_from_the_screen(tiny_model, data_file, masks_file):
    app = ScreenApp(poll_every_s=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "devices: cpu (2 cores" in text(app, "#ft-devices")
        assert "give the model folder" in text(app, "#ft-command")
        fill(app, model=tiny_model, data=data_file, masks=masks_file, **{"max-steps": 100000, "batch-size": 3,
                                                                            "lr": 0.003})
        await settle(pilot)
        preview = text(app, "#ft-command")
        assert preview.startswith("xtf train --model") and "--masks" in preview and "--output JOB/out" in preview
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen.query_one(LossChart).points >= 3, what="a loss curve")
        screen = app.screen
        assert states(app) == ["running"] and "tokens kept" in text(app, "#ft-job")
        assert "step " in text(app, "#ft-log")
        job = screen.selected
        pids = [p.pid for p in jobs.process_tree(job.pid, job.pid_created)]
        await pilot.press("ctrl+x")
        await until(pilot, lambda: screen.selected.state == "cancelled", what="the job cancelled")
        assert states(app) == ["cancelled"]
        assert any(sev == "warning" and "cancelled" in n for sev, n in app.notes)
        for pid in pids:
            assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


def _fake_job(job_id, state, pid=None, steps=0, log="", error=None, masks=True):
    d = paths.jobs_dir() / job_id
    (d / "out").mkdir(parents=True)
    cfg = {"model": "/models/tiny", "data": ["/data/sft.jsonl"], "output": str(d / "out"),
           "masks": "/data/masks.parquet" if masks else None}
    job = jobs.Job(job_id, d, job_id[-4:], cfg, ["python", "-m", "xtf_cli.main", "train"],
                   created=f"2030-01-01T00:00:{job_id[-2:]}+00:00", state=state, pid=pid, pid_created=0.0,
                   error=error)
    (d / "job.json").write_text(json.dumps(job.to_dict()))
    (d / "train.log").write_text(log)
    recs = [{"format_version": 1, "event": "start", "step": 0, "total_steps": 40, "device": "cpu",
             "masks": cfg["masks"], "data": {"examples": 6, "kept_ratio": 0.62, "response_tokens": 123}}]
    for s in range(1, steps + 1):
        recs.append({"format_version": 1, "event": "step", "step": s, "total_steps": 40, "loss": 6.0 / (1 + s / 8),
                     "lr": 2e-5, "kept_ratio": 0.6, "tokens_per_s": 1000.0, "remaining_s": 40 - s})
    (d / "out" / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    return d


async def test_a_job_that_dies_is_shown_failed_with_its_log_excerpt():
    gone = psutil.Popen(["true"])
    gone.wait()
    _fake_job("20300101-000000-aa01", "running", pid=gone.pid, steps=3,
              log="step 3/40 loss 4.2\nerror: CUDA ran out of memory; lower --batch-size\n")
    app = ScreenApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # The state is re-derived from the folder: the wrapper is gone, so the job failed.
        assert states(app) == ["failed"]
        assert "CUDA ran out of memory" in text(app, "#ft-job")


async def test_running_job_ending_in_failure_notifies(tmp_path):
    d = _fake_job("20300101-000000-bb02", "running", pid=psutil.Process().pid, steps=2)
    jobs.update(d, pid_created=psutil.Process().create_time())
    app = ScreenApp(poll_every_s=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert states(app) == ["running"]
        jobs.update(d, state="failed", error="no model at /models/tiny: give a folder saved with save_pretrained")
        await until(pilot, lambda: any(sev == "error" for sev, _ in app.notes), what="a failure notification")
        note = next(n for sev, n in app.notes if sev == "error")
        assert "Training failed" in note and "no model at /models/tiny" in note and "train.log" in note


async def test_bad_form_input_is_one_sentence():
    app = ScreenApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        fill(app, model="/nonexistent", data="/nope.jsonl")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert any(sev == "error" and "no model at /nonexistent" in n for sev, n in app.notes)
        fill(app, lr="fast")
        await settle(pilot)
        assert "learning rate must be a number (got 'fast')" in text(app, "#ft-command")
        assert jobs.list_jobs() == []


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["150x44", "80x24"])
def test_finetune_screen_snapshot(snap_compare, size):
    async def run_before(pilot):
        await settle(pilot)
        pilot.app.screen.query_one("#ft-jobs", VirtualTable).focus()
        await settle(pilot)

    def build():
        _fake_job("20300101-000000-cc03", "finished", steps=40, log="step 40/40 loss 0.9000\nfinished at step 40\n")
        _fake_job("20300101-000000-cc04", "cancelled", steps=12, masks=False)
        return ScreenApp(poll_every_s=3600)

    assert snap_compare(build(), terminal_size=size, run_before=run_before)


# --- the keyboard, the form's output and limit, the Experiments view ------------------------------

from tests.app.conftest import make_app, tasks_file, tiny_db  # noqa: E402,F401 (fixtures)


async def test_the_keyboard_is_not_trapped(make_app):
    """Focus starts on the jobs list; Tab reaches the form; typed keys go into the field; Esc leaves it,
    and then the screen's keys and the app's screen keys work."""
    from textual.widgets import Checkbox

    from ehr_tui.screens.tasks import TasksScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("escape", "5")
        await until(pilot, lambda: isinstance(app.screen, FinetuneScreen), what="the Fine-tune screen")
        await settle(pilot)
        screen = app.screen
        assert screen.focused is screen.query_one("#ft-jobs", VirtualTable)
        await pilot.press("tab")
        field = screen.focused
        assert field is screen.query_one("#ft-model", Input)
        before = field.value
        await pilot.press("m", "1")
        assert field.value.endswith("m1") and field.value != before and app.screen is screen
        await pilot.press("escape")
        assert not isinstance(screen.focused, (Input, Checkbox))
        await pilot.press("ctrl+e")
        await settle(pilot)
        assert screen.experiments_shown
        await pilot.press("ctrl+o")  # the jobs list: back to the training view
        assert not screen.experiments_shown and screen.focused is screen.query_one("#ft-jobs", VirtualTable)
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, TasksScreen), what="the Tasks screen")


async def test_the_preview_has_one_output_and_the_limit(tiny_model, data_file, tmp_path):
    app = ScreenApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for output in ("", "   "):  # cleared: the job's own folder, once
            fill(app, model=tiny_model, data=data_file, output=output)
            await settle(pilot)
            preview = text(app, "#ft-command")
            assert preview.count("--output") == 1 and "--output JOB/out" in preview and "''" not in preview
        fill(app, output=tmp_path / "mine", limit=12)
        await settle(pilot)
        preview = text(app, "#ft-command")
        assert preview.count("--output") == 1 and f"--output {tmp_path / 'mine'}" in preview
        assert "--limit 12" in preview
        fill(app, limit="twelve")
        await settle(pilot)
        assert "limit must be" in text(app, "#ft-command")
        fill(app, limit="0")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert any(sev == "error" and "limit" in n for sev, n in app.notes) and jobs.list_jobs() == []


async def test_masks_scored_with_a_limit_set_the_limit_and_train(tiny_model, tmp_path):
    """Masks made with `xtf score --limit 4` hold 4 examples of the file: the form trains on those 4."""
    from ehr_tui.xtf.data import write_examples
    from tests.xtf.conftest import make_examples
    from xtf_cli.main import main

    data = write_examples(tmp_path / "sft.jsonl", make_examples())
    masks = tmp_path / "masks.parquet"
    assert main(["score", "--model", str(tiny_model), "--data", str(data), "--split", "all", "--limit", "4",
                 "--device", "cpu", "-o", str(masks)]) == 0
    app = ScreenApp(poll_every_s=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        fill(app, model=tiny_model, data=data, **{"max-steps": 1, "batch-size": 2})
        fill(app, masks=masks)
        await until(pilot, lambda: app.screen.query_one("#ft-limit", Input).value == "4", what="the limit")
        assert any("scored with --limit 4" in n for _, n in app.notes)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen.jobs and not app.screen.jobs[0].active, what="the job to end")
        job = app.screen.jobs[0]
        assert job.state == "finished", (job.error, (job.dir / "train.log").read_text()[-800:])


async def test_the_experiments_view_shows_the_grid_and_fills_the_table(tiny_model, tmp_path):
    """An experiment started from the shell shows up with every step; ctrl+s submits what is left and
    ctrl+x cancels its jobs; the grid and the results chart follow the steps to the end."""
    import asyncio

    from ehr_tui.finetune import experiment as ex
    from tests.xtf_train.test_experiment import _write

    config = _write(tmp_path, tiny_model, ["sft", "random"], [0])
    folder = paths.home() / "experiments" / "tiny"
    config.write_text(config.read_text().replace('output = "out"', f'output = "{folder}"'))
    exp = ex.open_experiment(config)  # what `xtf experiment CONFIG` does before it submits
    app = ScreenApp(poll_every_s=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+e")
        screen = app.screen
        grid = screen.query_one("#xp-grid", VirtualTable)
        await until(pilot, lambda: grid.row_count == 3, what="the grid")
        assert screen.query_one("#xp-list", VirtualTable).row_count == 1
        assert text(app, "#xp-chart").count("(not finished)") == 2
        await pilot.press("ctrl+s")
        await until(pilot, lambda: any("3 job(s) submitted" in n for _, n in app.notes), what="the submission")
        await pilot.press("ctrl+x")
        await until(pilot, lambda: any("cancelled; ctrl+s resumes" in n for _, n in app.notes), what="the cancel")
        assert not any(j.active for j in jobs.list_jobs())
        # The rest in this process (a background job per step costs a Python start each).
        await asyncio.to_thread(ex.run_foreground, exp, lambda *a: None)
        assert [r["state"] for r in ex.status(exp)] == ["done"] * 3
        await until(pilot, lambda: "(not finished)" not in text(app, "#xp-chart"), what="the results chart")
        chart = text(app, "#xp-chart")
        assert chart.count("(n=1)") == 2 and "plain SFT" in chart and "random" in chart
        await pilot.press("ctrl+s")
        await until(pilot, lambda: any("every step is done" in n for _, n in app.notes), what="nothing left")


async def test_the_selected_experiment_stays_selected(tiny_model, tmp_path):
    """The list is in a stable order and a poll read for the experiment selected before the user moved does
    not take the cursor back: it once jumped every second, and ctrl+x cancelled another experiment's jobs."""
    import os
    import time as _time

    from ehr_tui.finetune import experiment as ex
    from tests.xtf_train.test_experiment import _write

    folders = []
    for name in ("alpha", "beta"):
        config = _write(tmp_path / name, tiny_model, ["sft"], [0])
        folder = paths.home() / "experiments" / name
        config.write_text(config.read_text().replace('output = "out"', f'output = "{folder}"'))
        folders.append(ex.open_experiment(config).output)
    app = ScreenApp(poll_every_s=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+e")
        view = app.screen.query_one("ExperimentsView")
        lst = app.screen.query_one("#xp-list", VirtualTable)
        await until(pilot, lambda: lst.row_count == 2, what="the list")
        lst.focus()
        await pilot.press("down")
        await until(pilot, lambda: view.selected == folders[1], what="the second experiment")
        seen = view.polls
        for _ in range(3):  # the other experiment's state file is rewritten (newest first would reorder)
            now = _time.time() + 5
            os.utime(folders[0] / ex.STATE_FILE, (now, now))
            await until(pilot, lambda: view.polls > seen, what="a poll")
            seen = view.polls
            assert view.selected == folders[1] and lst.data_index == 1
