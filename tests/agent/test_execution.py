"""Execution accuracy through the real sandbox on a DuckDB file: final SQL and gold SQL compared under every
policy, error / timeout / no query as their own states, the cache, and the Debugger's comparison agreeing with
the verdict (an extra column does not make a correct answer wrong)."""

from __future__ import annotations

import json

from ehr_tui.agent.execution import EXEC_FILE, cached_execution, execution_scores
from ehr_tui.agent.evaluate import evaluate, rescore
from ehr_tui.agent.trajectory import Step, TaskSnapshot, ToolCall, Trajectory
from ehr_tui.mimic.sandbox import SqlSandbox
from ehr_tui.screens.replay import compare_with_gold

GOLD = "SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code = '4280' ORDER BY 1"


def traj(task: TaskSnapshot, sql: str | None, answer: str, trial: int = 0, ok: bool = True) -> Trajectory:
    steps = []
    if sql is not None:
        steps.append(Step(0, tool_calls=[ToolCall("c", "execute_sql", json.dumps({"query": sql}), "obs", ok,
                                                  result={"sql": sql, "columns": [], "rows": [], "row_count": 0,
                                                          "truncated": False} if ok else None)]))
    steps.append(Step(len(steps), tool_calls=[ToolCall("s", "submit_answer", json.dumps({"answer": answer}),
                                                       "answer submitted", True)]))
    t = Trajectory(task.id, trial, "m", "e", task, task.question, steps, status="answered", answer=answer)
    return rescore(t, task)


def snapshot(tasks) -> TaskSnapshot:
    return TaskSnapshot.of(tasks["dx-1"])


def test_policies_states_and_cache(tiny_db, tasks, tmp_path):
    task = snapshot(tasks)
    assert task.answer_kinds == ["identifier"]
    trajs = [
        traj(task, GOLD, "10000001, 10000003", 0),
        traj(task, GOLD.replace("ORDER BY 1", "ORDER BY 1 DESC"), "10000003, 10000001", 1),  # order counts
        traj(task, "SELECT subject_id, hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code = '4280'",
             "10000001, 10000003", 2),                                                        # extra column
        traj(task, "SELECT subject_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code <> 'I509'",
             "10000001, 10000002, 10000003", 3),                                              # extra row
        traj(task, "SELECT nope FROM mimiciv_hosp.diagnoses_icd", "10000001", 4),            # error
        traj(task, None, "10000001, 10000003", 5),                                            # no query
    ]
    ex = execution_scores(tmp_path, trajs, tiny_db, timeout_s=20)
    v = {t.trial: {p: ex[t.key].verdict(p) for p in ("typed", "bird", "spider", "ehrsql")} for t in trajs}
    assert v[0] == dict.fromkeys(v[0], "match")
    # the gold has an outer ORDER BY: Spider counts order; BIRD, EHRSQL and typed (a set task) do not
    assert v[1] == {"typed": "match", "bird": "match", "spider": "mismatch", "ehrsql": "match"}
    assert v[2] == dict.fromkeys(v[2], "mismatch") and v[3] == dict.fromkeys(v[3], "mismatch")
    assert set(v[4].values()) == {"error"} and set(v[5].values()) == {"no_query"}
    report = evaluate(trajs, execution=ex)
    assert report.execution["spider"].match == 1 and report.execution["bird"].match == 2
    assert report.execution_states == {"ran": 4, "error": 1, "no_query": 1}
    assert report.execution["typed"].n == 6  # states count in the denominator, never as matches
    # cached: the same verdicts without running anything; a changed final query is recomputed
    again = cached_execution(tmp_path, trajs, tiny_db)
    assert {k: e.to_dict() for k, e in again.items()} == {k: e.to_dict() for k, e in ex.items()}
    lines = (tmp_path / EXEC_FILE).read_text().splitlines()
    assert len(lines) == len(trajs)
    changed = traj(task, GOLD.replace("'4280'", "'I509'"), "10000005", 0)
    assert changed.key not in cached_execution(tmp_path, [changed], tiny_db)


def test_a_timeout_is_its_own_state(tiny_db, tasks, tmp_path):
    task = snapshot(tasks)
    slow = ("SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range * b.range = 7")
    ex = execution_scores(tmp_path, [traj(task, slow, "1")], tiny_db, timeout_s=0.5)
    (only,) = ex.values()
    assert only.state == "timeout" and only.verdict("bird") == "timeout"


def test_a_final_query_cannot_take_the_evaluator_down(tiny_db, tasks, tmp_path):
    """The final query is the model's (it may be a string in a Python call that never ran): memory DuckDB does
    not track (a 3.5 GB string) ends in the confined query process's address-space cap, as an error state,
    not in this process (which it once grew by gigabytes)."""
    import resource

    task = snapshot(tasks)
    bomb = "SELECT length(repeat(repeat('x', 1000000), 3500)) AS n"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ex = execution_scores(tmp_path, [traj(task, bomb, "1"), traj(task, GOLD, "10000001, 10000003", 1)], tiny_db,
                          timeout_s=60, memory_limit="64MB")
    states = {t: e.state for (_, t), e in ex.items()}
    assert states == {0: "error", 1: "ran"} and ex[(task.id, 1)].verdict("bird") == "match"
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 512 * 1024  # KiB: not here


def test_debugger_diff_agrees_with_the_verdict(tiny_db, tasks):
    """A correct answer whose final query has an extra column: the answer is correct (as the header says);
    the execution verdict fails under every policy and the diff names the extra column."""
    task = snapshot(tasks)
    t = traj(task, "SELECT subject_id, hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code = '4280'",
             "10000001 and 10000003")
    assert t.correct
    with SqlSandbox(tiny_db) as sb:
        c = compare_with_gold(sb, sb, t)
    assert c.answer.correct
    assert c.execution.state == "ran" and not any(c.execution.matches.values())
    for d in c.diffs.values():
        assert d.columns_extra == ["hadm_id"] and "extra column hadm_id" in d.summary()
    # a wrong answer whose query differs in a row: the missing gold row is named
    t = traj(task, GOLD.replace("'4280'", "'I509'"), "10000005")
    with SqlSandbox(tiny_db) as sb:
        c = compare_with_gold(sb, sb, t)
    assert not c.answer.correct
    typed = c.diffs["typed"]
    assert not typed.equal and (typed.rows_missing or typed.cells)


def test_eval_refuses_bad_execution_options(tmp_path, capsys):
    from ehr_tui.cli import main

    assert main(["eval", str(tmp_path), "--sql-timeout", "0"]) == 2
    assert "--sql-timeout must be a positive number" in capsys.readouterr().err
    assert main(["eval", str(tmp_path), "--db", str(tmp_path / "none.duckdb")]) == 2
    assert "no such database file" in capsys.readouterr().err
