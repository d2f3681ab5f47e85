"""The trajectory format and the run folder: round trips, versions, torn lines, settings, live tail."""

from __future__ import annotations

import json

import pytest

from ehr_tui.agent.trajectory import (FORMAT_VERSION, RunSettings, RunStore, Step, TaskSnapshot, ToolCall,
                                      TornLineWarning, Trajectory, iter_trajectories, list_runs,
                                      resolve_run_dir)
from ehr_tui.errors import UserError


def make_traj(task_id="t1", trial=0, correct=True, status="answered") -> Trajectory:
    task = TaskSnapshot(task_id, "labs", "patient", "labs-t1", "How many?", "SELECT 1", 1, "number",
                        complexity=3)
    step0 = Step(0, content="Let me look.", tool_calls=[
        ToolCall("c1", "execute_sql", '{"query": "SELECT 1"}', "1\n1\n(1 row)", True,
                 result={"sql": "SELECT 1", "columns": ["1"], "rows": [[1]], "row_count": 1})],
        finish_reason="tool_calls", latency_s=0.1, prompt_tokens=50, completion_tokens=10)
    step1 = Step(1, content=None, finish_reason="stop", error="no tool call", notice="Call a tool.")
    step2 = Step(2, tool_calls=[ToolCall("c2", "submit_answer", '{"answer": "1"}', "answer submitted", True)],
                 finish_reason="tool_calls")
    t = Trajectory(task_id, trial, "m", "http://127.0.0.1:1/v1", task, "How many?\n\nAnswer format: x.",
                   [step0, step1, step2], status=status, answer="1", parsed_answer=1.0, correct=correct)
    for s in t.steps:
        t.add_usage(s)
    return t


def settings(**kw) -> RunSettings:
    base = dict(name="r", model="m", base_url="http://127.0.0.1:1/v1", tasks_file="/t.jsonl", tasks_sha256="abc",
                db="/db.duckdb", db_source="synthetic", db_version="2.2", trials=1, max_steps=5, temperature=0.0,
                max_tokens=None, tools=["execute_sql", "submit_answer"], system_prompt="You are.",
                created="now", ehr_tui_version="0")
    base.update(kw)
    return RunSettings(**base)


def test_round_trip_and_messages():
    t = make_traj()
    back = Trajectory.from_dict(json.loads(t.to_json()))
    assert back == t
    assert back.usage == {"prompt_tokens": 50, "completion_tokens": 10, "total_tokens": 60}
    msgs = back.messages("SYS")
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "tool", "assistant", "user", "assistant",
                                         "tool"]
    assert msgs[2]["tool_calls"][0]["function"] == {"name": "execute_sql", "arguments": '{"query": "SELECT 1"}'}
    assert msgs[3] == {"role": "tool", "tool_call_id": "c1", "content": "1\n1\n(1 row)"}
    assert msgs[5] == {"role": "user", "content": "Call a tool."}


def test_endpoint_error_step_adds_no_message():
    t = make_traj(status="endpoint_error")
    t.steps.append(Step(3, error="rate limited; gave up"))
    assert len(t.messages("S")) == 8 and not t.finished


def test_store_appends_and_resumes(tmp_path):
    store, resumed = RunStore.create_or_resume(tmp_path / "run", settings())
    assert not resumed
    store.append(make_traj("t1"))
    store.append(make_traj("t2", correct=False))
    store.append(make_traj("t3", status="endpoint_error"))
    store2, resumed = RunStore.create_or_resume(tmp_path / "run", settings())
    assert resumed
    assert [t.task_id for t in store2.iter_trajectories()] == ["t1", "t2", "t3"]
    assert store2.finished_pairs() == {("t1", 0), ("t2", 0)}
    store2.append(make_traj("t3"))  # the retried trial wins
    assert store2.latest()[("t3", 0)].status == "answered"
    assert len(list(iter_trajectories(tmp_path / "run"))) == 3


def test_other_settings_are_refused(tmp_path):
    RunStore.create_or_resume(tmp_path / "run", settings())
    with pytest.raises(UserError) as e:
        RunStore.create_or_resume(tmp_path / "run", settings(model="other", temperature=0.7))
    msg = str(e.value)
    assert "other settings" in msg and "model 'other'" in msg and "temperature 0.7" in msg and "--name" in msg
    with pytest.raises(UserError, match="system prompt differs"):
        RunStore.create_or_resume(tmp_path / "run", settings(system_prompt="changed"))


def test_more_trials_extend_the_run(tmp_path):
    RunStore.create_or_resume(tmp_path / "run", settings(trials=1))
    store, _ = RunStore.create_or_resume(tmp_path / "run", settings(trials=3))
    assert store.settings().trials == 3


def test_non_run_folder_is_refused(tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "x.txt").write_text("mine")
    with pytest.raises(UserError, match="not a run folder"):
        RunStore.create_or_resume(tmp_path / "busy", settings())
    with pytest.raises(UserError, match="not a run folder"):
        resolve_run_dir(tmp_path / "busy")


def test_torn_last_line_is_ignored_with_a_warning_and_cut_before_appending(tmp_path):
    store, _ = RunStore.create_or_resume(tmp_path / "run", settings())
    store.append(make_traj("t1"))
    whole = make_traj("t2").to_json()
    with store.path.open("ab") as f:
        f.write(whole[: len(whole) // 2].encode())  # the writer died mid-line
    with pytest.warns(TornLineWarning, match="incomplete"):
        assert [t.task_id for t in store.iter_trajectories()] == ["t1"]
    warnings = []
    assert store.finished_pairs(warn=warnings.append) == {("t1", 0)} and "incomplete" in warnings[0]
    fresh = RunStore(tmp_path / "run")
    with pytest.warns(TornLineWarning, match="removed an incomplete last line"):
        fresh.append(make_traj("t2"))  # repairs first: the new record starts on its own line
    lines = store.path.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(ln)["format_version"] == FORMAT_VERSION for ln in lines)
    assert (tmp_path / "run" / "trajectories.torn").read_text().startswith(whole[:20])
    assert [t.task_id for t in store.iter_trajectories(warn=pytest.fail)] == ["t1", "t2"]


def test_torn_only_line(tmp_path):
    store, _ = RunStore.create_or_resume(tmp_path / "run", settings())
    store.path.write_bytes(b'{"task_id": "t1", "tri')
    notes = []
    assert store.repair(notes.append) > 0 and store.path.read_bytes() == b"" and notes


def test_corrupt_middle_line_is_skipped(tmp_path):
    store, _ = RunStore.create_or_resume(tmp_path / "run", settings())
    store.append(make_traj("t1"))
    with store.path.open("ab") as f:
        f.write(b"garbage\n")
    store.append(make_traj("t2"))
    notes = []
    assert [t.task_id for t in store.iter_trajectories(warn=notes.append)] == ["t1", "t2"]
    assert "line 2" in notes[0]


def test_unknown_version_is_refused(tmp_path):
    store, _ = RunStore.create_or_resume(tmp_path / "run", settings())
    obj = json.loads(make_traj().to_json())
    obj["format_version"] = 99
    store.path.write_text(json.dumps(obj) + "\n")
    with pytest.raises(UserError, match="format version 99 is not known"):
        list(store.iter_trajectories())
    run = json.loads(store.run_file.read_text())
    run["format_version"] = 7
    store.run_file.write_text(json.dumps(run))
    with pytest.raises(UserError, match="run format version 7"):
        store.settings()


def test_tail_follows_a_growing_file(tmp_path):
    store, _ = RunStore.create_or_resume(tmp_path / "run", settings())
    found, offset = store.tail(0)
    assert found == [] and offset == 0
    store.append(make_traj("t1"))
    partial = make_traj("t2").to_json()
    with store.path.open("ab") as f:
        f.write(partial[:30].encode())
    found, offset = store.tail(0)
    assert [t.task_id for t in found] == ["t1"]
    with store.path.open("ab") as f:
        f.write(partial[30:].encode() + b"\n")
    found, offset2 = store.tail(offset)
    assert [t.task_id for t in found] == ["t2"] and offset2 == store.path.stat().st_size


def test_list_runs(tmp_path):
    for name in ("a", "b"):
        store, _ = RunStore.create_or_resume(tmp_path / name, settings(name=name))
        store.append(make_traj("t1", correct=name == "a"))
    (tmp_path / "not-a-run").mkdir()
    runs = {r.path.name: r for r in list_runs(tmp_path)}
    assert set(runs) == {"a", "b"}
    assert runs["a"].trajectories == 1 and runs["a"].correct == 1 and runs["b"].correct == 0
