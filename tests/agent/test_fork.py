"""Fork a trajectory at a step and resume the agent, against the real loopback OpenAI-protocol server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ehr_tui.agent.evaluate import evaluate_run
from ehr_tui.agent.fork import fork, plan_fork
from ehr_tui.agent.runner import RunConfig, run
from ehr_tui.agent.trajectory import RunStore
from ehr_tui.errors import UserError
from ehr_tui.mimic.pysandbox import python_tool_status

from .conftest import CREATININE, POTASSIUM, build_tiny_db, task_for
from .fake_openai import first_value, python, sql, submit

ROOT = Path(__file__).resolve().parents[2]
WRONG = f"SELECT count(*) FROM mimiciv_hosp.labevents WHERE subject_id = 10000001 AND itemid = {POTASSIUM}"
RIGHT = f"SELECT count(*) FROM mimiciv_hosp.labevents WHERE subject_id = 10000001 AND itemid = {CREATININE}"


def looks_then_submits(tasks):
    """Turn 0 queries the wrong lab item, turn 1 the right table's size, then submits what the first query said."""

    def policy(req):
        t = task_for(req, tasks)
        if req.turn == 0:
            return sql(WRONG if t.id == "labs-1" else t.gold_sql)
        if req.turn == 1:
            return sql("SELECT 1 AS one")
        return submit(first_value(req.tool_results[0]))

    return policy


@pytest.fixture
def parent_run(serve, tasks, tasks_file, tiny_db, tmp_path):
    server = serve(looks_then_submits(tasks))
    cfg = RunConfig(tasks=tasks_file, db=tiny_db, model="fake-model", base_url=server.url, run_dir=tmp_path / "run",
                    request_timeout_s=5, max_retries=1, concurrency=1, task_ids=["labs-1"], max_steps=5)
    run(cfg)
    return server, tmp_path / "run"


def test_sql_edit_is_executed_and_the_agent_continues_from_it(parent_run):
    server, run_dir = parent_run
    store = RunStore.open(run_dir)
    parent = store.latest()[("labs-1", 0)]
    assert parent.answer == "2" and not parent.correct  # the wrong item (potassium) was counted
    before = len(server.requests)
    child = fork(plan_fork(run_dir, "labs-1", 0, 0, "sql", RIGHT))
    sent = server.requests[before:]
    assert len(sent) == 2  # steps 2 and 3 are the model's again; step 1 is the edit, not a model call
    first = sent[0].messages
    # the model sees the edited SQL as its own call and the re-executed result, not the parent's
    assert json.loads(first[2]["tool_calls"][0]["function"]["arguments"]) == {"query": RIGHT}
    assert first[3]["role"] == "tool" and first_value(first[3]["content"]) == "3"
    assert first[0]["content"] == store.settings().system_prompt and sent[0].body["model"] == "fake-model"
    assert child.answer == "3" and child.correct and child.status == "answered" and child.failure_mode is None
    assert child.fork.parent == "labs-1#0" and child.fork.step == 0
    assert (child.fork.edit.kind, child.fork.edit.before, child.fork.edit.after) == ("sql", WRONG, RIGHT)
    # stored as a child, read back the same, and kept out of the run's trials and scores
    again = RunStore.open(run_dir)
    assert [f.fork.id for f in again.forks()] == [child.fork.id] and again.forks()[0].correct
    assert list(again.latest()) == [("labs-1", 0)] and not again.latest()[("labs-1", 0)].correct
    assert evaluate_run(run_dir).to_dict()["overall"]["correct"] == 0


def test_observation_edit_is_given_to_the_model_verbatim(parent_run):
    server, run_dir = parent_run
    told = "count_star()\n7\n(1 row)"
    before = len(server.requests)
    child = fork(plan_fork(run_dir, "labs-1", 1 - 1, 0, "observation", told))
    assert server.requests[before].messages[3]["content"] == told
    assert child.answer == "7" and not child.correct and child.failure_mode
    step = child.steps[0]
    assert step.tool_calls[0].observation == told and step.tool_calls[0].arguments == json.dumps({"query": WRONG})
    # a fork of the fork, at a later step: its parent is the fork, its history the fork's
    grand = fork(plan_fork(run_dir, "labs-1", 0, 1, "sql", "SELECT 9 AS nine", fork_id=child.fork.id))
    assert grand.fork.parent == child.fork.id and grand.steps[0].tool_calls[0].observation == told
    assert grand.answer == "7"


@pytest.mark.parametrize("args, message", [
    (("nope", 0, 0, "sql", "SELECT 1"), "no trajectory of task 'nope'"),
    (("labs-1", 4, 0, "sql", "SELECT 1"), "has no trial 5"),
    (("labs-1", 0, 3, "sql", "SELECT 1"), "step 4 is out of range: labs-1#0 has steps 1 to 3"),
    (("labs-1", 0, -1, "sql", "SELECT 1"), "step 0 is out of range"),
    (("labs-1", 0, 2, "sql", "SELECT 1"), "has no execute_sql call"),
    (("labs-1", 0, 2, "observation", "x"), "only submit_answer"),
    (("labs-1", 0, 0, "python", "print(1)"), "no execute_python call"),
    (("labs-1", 0, 0, "sql", "  "), "the edited sql is empty"),
    (("labs-1", 0, 0, "prose", "x"), "unknown edit 'prose'"),
])
def test_bad_forks_are_one_clear_error(parent_run, args, message):
    _, run_dir = parent_run
    with pytest.raises(UserError, match=message.replace("(", r"\(")):
        plan_fork(run_dir, *args)
    assert RunStore.open(run_dir).forks() == []


def test_credentialed_data_needs_the_opt_in_to_a_remote_endpoint(parent_run, tmp_path, monkeypatch):
    """run.json's endpoint is re-checked by the privacy guard: no fork to a remote API without --allow-remote."""
    _, run_dir = parent_run
    settings = json.loads((run_dir / "run.json").read_text())
    db = build_tiny_db(tmp_path / "mimic.duckdb", source="mimic-iv")
    settings.update(db=str(db), base_url="https://api.example.com/v1")
    (run_dir / "run.json").write_text(json.dumps(settings))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with pytest.raises(UserError, match="--allow-remote"):
        plan_fork(run_dir, "labs-1", 0, 0, "sql", RIGHT)
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(UserError, match="no API key"):
        plan_fork(run_dir, "labs-1", 0, 0, "sql", RIGHT, allow_remote=True)


@pytest.mark.skipif(not python_tool_status().offered, reason="this kernel cannot confine execute_python")
def test_python_edit_runs_on_the_state_the_earlier_steps_left(serve, tasks, tasks_file, tiny_db, tmp_path):
    def policy(req):
        if req.turn == 0:
            return python("x = 40")
        if req.turn == 1:
            return python("print(x + 1)")
        return submit(req.last_tool_result.strip())

    server = serve(policy)
    run(RunConfig(tasks=tasks_file, db=tiny_db, model="m", base_url=server.url, run_dir=tmp_path / "run",
                  request_timeout_s=5, max_retries=1, concurrency=1, task_ids=["labs-1"], max_steps=4))
    assert RunStore.open(tmp_path / "run").latest()[("labs-1", 0)].answer == "41"
    child = fork(plan_fork(tmp_path / "run", "labs-1", 0, 1, "python", "print(x - 37)"))
    assert child.steps[1].tool_calls[0].observation.strip() == "3" and child.answer == "3" and child.correct
    assert child.fork.notes == []


def cli(*args, home: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ehr_tui.cli", "--home", str(home), "fork", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_prints_the_continuation_and_the_verdict(parent_run, tmp_path):
    _, run_dir = parent_run
    r = cli(str(run_dir), "labs-1", "1", "--step", "1", "--sql", RIGHT, home=tmp_path / "home")
    assert r.returncode == 0, r.stderr
    assert "step 2" in r.stdout and "step 3" in r.stdout and "submit_answer" in r.stdout
    assert "answer 3: correct (parent: wrong)" in r.stdout
    assert len(RunStore.open(run_dir).forks()) == 1
    for bad, message in ((["nope-run", "labs-1", "1", "--step", "1", "--sql", "SELECT 1"], "not a run folder"),
                         ([str(run_dir), "zz", "1", "--step", "1", "--sql", "SELECT 1"], "no trajectory of task"),
                         ([str(run_dir), "labs-1", "2", "--step", "1", "--sql", "SELECT 1"], "has no trial 2"),
                         ([str(run_dir), "labs-1", "1", "--step", "9", "--sql", "SELECT 1"], "out of range"),
                         ([str(run_dir), "labs-1", "0", "--step", "1", "--sql", "SELECT 1"], "counts from 1")):
        r = cli(*bad, home=tmp_path / "home")
        assert r.returncode != 0 and message in r.stderr, (bad, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert len(RunStore.open(run_dir).forks()) == 1
