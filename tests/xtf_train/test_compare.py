"""Evaluating after training: runs record the served checkpoint; two runs compared side by side (CLI + app)."""

from __future__ import annotations

import json

import pytest

from ehr_tui.agent.compare import OVERALL, compare_runs
from ehr_tui.agent.evaluate import evaluate
from ehr_tui.agent.runner import RunConfig, run
from ehr_tui.agent.trajectory import RunStore
from ehr_tui.errors import UserError
from ehr_tui.tasks.model import write_tasks
from ehr_tui.xtf.train import train
from tests.agent.fake_openai import FakeOpenAI, text_reply
from tests.app.conftest import RUN_TASKS, _policy, build_tasks, build_tiny_db, settle


@pytest.fixture(scope="module")
def db_and_tasks(tmp_path_factory):
    d = tmp_path_factory.mktemp("cmp")
    db = build_tiny_db(d / "tiny.duckdb")
    tasks = d / "tasks.jsonl"
    write_tasks(tasks, build_tasks(db))
    return db, tasks


def _worse(req):
    """The baseline: the scripted agent, but it gives up on the demographics questions."""
    if "patients are there" in req.question or "How old" in req.question:
        return text_reply("I cannot tell.")
    return _policy(req)


def _run(db, tasks, out, policy, trials, task_ids=RUN_TASKS, **kw):
    with FakeOpenAI(policy) as server:
        summary = run(RunConfig(tasks=tasks, db=db, model=kw.pop("model", "fake-model"), base_url=server.url,
                                trials=trials, concurrency=2, max_steps=4, task_ids=task_ids, run_dir=out, **kw))
    assert summary.complete
    return out


def test_a_run_records_the_checkpoint_it_evaluates(db_and_tasks, config, tmp_path):
    db, tasks = db_and_tasks
    final = train(config(max_steps=1)).final
    out = _run(db, tasks, tmp_path / "ft", _policy, 1, task_ids=RUN_TASKS[:1], model="xtf", checkpoint=final)
    ckpt = RunStore.open(out).settings().checkpoint
    assert ckpt["path"] == str(final.resolve()) and ckpt["steps"] == 1 and ckpt["masks"].endswith("masks.parquet")
    assert ckpt["base_model"] and 0 < ckpt["kept_ratio"] <= 1
    assert json.loads((out / "run.json").read_text())["checkpoint"] == ckpt
    # vLLM without --served-model-name serves a folder under its path: --model PATH records it too.
    out2 = _run(db, tasks, tmp_path / "by-path", _policy, 1, task_ids=RUN_TASKS[:1], model=str(final))
    assert RunStore.open(out2).settings().checkpoint["path"] == str(final.resolve())
    with pytest.raises(UserError, match="is not a model folder"):
        _run(db, tasks, tmp_path / "bad", _policy, 1, model="xtf", checkpoint=tmp_path)


def test_compare_two_runs_by_intent(db_and_tasks, tmp_path, capsys):
    db, tasks = db_and_tasks
    a = _run(db, tasks, tmp_path / "base", _worse, 2)
    b = _run(db, tasks, tmp_path / "xtf", _policy, 1, task_ids=RUN_TASKS[1:])
    c = compare_runs(a, b)
    assert c.k == 1 and c.tasks == len(RUN_TASKS) - 1
    assert any("in one run only" in n for n in c.notes) and any("pass^k is shown at k=1" in n for n in c.notes)
    common = set(RUN_TASKS[1:])
    ta = [t for t in RunStore.open(a).latest().values() if t.task_id in common]
    tb = list(RunStore.open(b).latest().values())
    rows = {r.group: r for r in c.rows}
    assert rows[OVERALL].a.accuracy == evaluate(ta).overall.accuracy
    assert rows[OVERALL].b.pass_hat == evaluate(tb).pass_hat_k[1]
    for intent in {t.task.intent for t in ta}:
        sub = evaluate([t for t in ta if t.task.intent == intent])
        assert rows[intent].a.accuracy == sub.overall.accuracy and rows[intent].a.pass_hat == sub.pass_hat_k[1]
    assert rows["demographics"].delta > 0  # the baseline gave up there

    from ehr_tui.cli import main

    assert main(["compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "xtf vs base (baseline)" in out and "demographics" in out and "pass^1" in out
    # the paired difference per intent, with its interval and a test that says plainly when it is noise
    assert "Δ [95%]" in out and ("within noise" in out or "significant" in out) and "overall difference" in out
    overall = rows[OVERALL].paired
    assert overall.n == c.tasks and overall.interval.low <= overall.difference <= overall.interval.high
    assert overall.test.startswith(("McNemar", "sign-flip"))
    assert main(["compare", str(a), str(b), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rows"][0]["group"] == OVERALL
    assert main(["compare", str(a), str(tmp_path / "nope")]) == 2


@pytest.fixture
def two_runs(db_and_tasks):
    """A baseline and a better run in this test's home (built before the app's event loop starts)."""
    from ehr_tui import paths

    db, tasks = db_and_tasks
    _run(db, tasks, paths.runs_dir() / "base", _worse, 1)
    _run(db, tasks, paths.runs_dir() / "xtf", _policy, 1)
    return db, tasks


async def test_runs_screen_compares_the_selected_run_with_another(two_runs):
    from ehr_tui.app import EhrApp
    from ehr_tui.screens.run_compare import RunCompareScreen
    from ehr_tui.widgets.run_compare import RunCompare

    db, tasks = two_runs
    app = EhrApp(db, tasks=tasks, show_timings=False, initial_mode="runs")
    async with app.run_test(size=(140, 44)) as pilot:
        await settle(pilot)
        baseline = app.screen.current.settings.name
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("enter")  # the only other run
        await settle(pilot)
        assert isinstance(app.screen, RunCompareScreen)
        c = app.screen.query_one(RunCompare).comparison
        assert c.a.name == baseline and {c.a.name, c.b.name} == {"base", "xtf"}
        await pilot.press("s")
        await settle(pilot)
        assert app.screen.query_one(RunCompare).comparison.a.name != baseline
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, RunCompareScreen)
