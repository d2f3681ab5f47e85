"""Failure classification from a trajectory and the gold SQL."""

from __future__ import annotations

import json


from ehr_tui.agent.evaluate import rescore
from ehr_tui.agent.failures import FAILURE_MODES, classify, compare, shape
from ehr_tui.agent.trajectory import Step, TaskSnapshot, ToolCall, Trajectory


def task(gold_sql: str, gold_answer, answer_type="number") -> TaskSnapshot:
    return TaskSnapshot("t", "labs", "patient", "x", "q?", gold_sql, gold_answer, answer_type)


def sql_call(query: str, rows=None, ok=True, error=None) -> ToolCall:
    if ok:
        return ToolCall("c", "execute_sql", json.dumps({"query": query}), "obs", True,
                        result={"sql": query, "columns": ["x"], "rows": rows or [[0]], "row_count": len(rows or [0]),
                                "truncated": False})
    return ToolCall("c", "execute_sql", json.dumps({"query": query}), f"error: {error}", False, "sql_error",
                    result={"sql": query, "error": error})


def traj(t: TaskSnapshot, calls: list[ToolCall], answer: str | None, status="answered") -> Trajectory:
    steps = [Step(i, tool_calls=[c], finish_reason="tool_calls") for i, c in enumerate(calls)]
    if answer is not None:
        steps.append(Step(len(steps), tool_calls=[ToolCall("s", "submit_answer", json.dumps({"answer": answer}),
                                                            "answer submitted", True)]))
    tr = Trajectory(t.id, 0, "m", "e", t, "q?", steps, status=status, answer=answer)
    return rescore(tr, t)


GOLD = "SELECT count(*) FROM mimiciv_hosp.labevents WHERE subject_id = 10000001 AND itemid = 50912"


def test_correct_has_no_failure():
    t = task(GOLD, 3)
    tr = traj(t, [sql_call(GOLD, [[3]])], "3")
    assert tr.correct and tr.failure_mode is None


def test_code_lookup_failure():
    t = task(GOLD, 3)
    wrong = GOLD.replace("50912", "50971")
    tr = traj(t, [sql_call(wrong, [[2]])], "2")
    assert tr.failure_mode == "code_lookup"
    assert "itemid" in tr.failure_detail and "50912" in tr.failure_detail and "50971" in tr.failure_detail


def test_icd_codes_compare_without_dots_and_missing_codes_count():
    gold = "SELECT count(*) FROM mimiciv_hosp.diagnoses_icd WHERE icd_code IN ('4280', 'I509')"
    assert compare("SELECT count(*) FROM mimiciv_hosp.diagnoses_icd WHERE icd_code IN ('428.0', 'I50.9')",
                   gold).mode != "code_lookup"
    f = compare("SELECT count(*) FROM mimiciv_hosp.diagnoses_icd WHERE icd_code = '4280'", gold)
    assert f.mode == "code_lookup" and "missing I509" in f.detail


def test_semantic_wrong_table():
    t = task(GOLD, 3)
    tr = traj(t, [sql_call("SELECT count(*) FROM mimiciv_icu.chartevents WHERE subject_id = 10000001", [[7]])], "7")
    assert tr.failure_mode == "semantic" and "labevents" in tr.failure_detail


def test_semantic_missing_cohort_column():
    gold = "SELECT count(*) FROM mimiciv_hosp.patients WHERE gender = 'F' AND anchor_age > 60"
    f = compare("SELECT count(*) FROM mimiciv_hosp.patients WHERE gender = 'F'", gold)
    assert f.mode == "semantic" and "anchor_age" in f.detail


def test_sql_logic_error_names_the_difference():
    gold = "SELECT count(DISTINCT subject_id) FROM mimiciv_hosp.labevents WHERE itemid = 50912"
    f = compare("SELECT count(subject_id) FROM mimiciv_hosp.labevents WHERE itemid = 50912", gold)
    assert f.mode == "sql_logic" and "count_distinct" in f.detail


def test_sql_logic_for_a_wrong_time_window():
    gold = ("SELECT count(*) FROM mimiciv_hosp.labevents WHERE itemid = 50912 "
            "AND charttime >= TIMESTAMP '2150-01-01' + INTERVAL 30 DAY")
    f = compare("SELECT count(*) FROM mimiciv_hosp.labevents WHERE itemid = 50912 "
                "AND charttime >= TIMESTAMP '2150-01-01'", gold)
    assert f.mode == "sql_logic" and "time window" in f.detail


def test_execution_error_unresolved():
    t = task(GOLD, 3)
    tr = traj(t, [sql_call(GOLD, [[3]]), sql_call("SELEC 1", ok=False, error="syntax error")], "5")
    assert tr.failure_mode == "execution_error" and "syntax error" in tr.failure_detail
    tr = traj(t, [sql_call("SELEC 1", ok=False, error="syntax error")] * 2, "5")
    assert tr.failure_mode == "execution_error"


def test_answer_format_unreadable_and_right_result_wrong_report():
    t = task(GOLD, 3)
    assert traj(t, [sql_call(GOLD, [[3]])], "three").correct  # a count in words is a count
    tr = traj(t, [sql_call(GOLD, [[3]])], "three or four")
    assert tr.failure_mode == "answer_format" and "two alternative values" in tr.failure_detail
    ts = task("SELECT subject_id FROM mimiciv_hosp.patients WHERE gender = 'F'", [1, 3], "set")
    tr = traj(ts, [sql_call(ts.gold_sql, [[1], [3]])], "1")
    assert tr.failure_mode == "answer_format" and "matches the gold answer" in tr.failure_detail


def test_ending_statuses():
    t = task(GOLD, 3)
    assert traj(t, [sql_call(GOLD, [[3]])], None, status="step_limit").failure_mode == "step_limit"
    assert traj(t, [], None, status="no_answer").failure_mode == "no_answer"
    tr = traj(t, [], None, status="endpoint_error")
    tr.error = "rate limited; gave up"
    assert classify(tr).mode == "endpoint_error"


def test_answer_without_any_query():
    tr = traj(task(GOLD, 3), [], "12")
    assert tr.failure_mode == "semantic" and "without querying" in tr.failure_detail


def test_sql_inside_python_counts_as_the_final_query():
    t = task(GOLD, 3)
    code = f"rows = con.sql({GOLD.replace('50912', '51221')!r}).fetchall()\nprint(rows)"
    call = ToolCall("p", "execute_python", json.dumps({"code": code}), "[(0,)]", True,
                    result={"code": code, "stdout": "[(0,)]"})
    assert traj(t, [call], "0").failure_mode == "code_lookup"


def test_unparseable_sql_falls_back_to_logic():
    assert compare("SELECT ((( broken", GOLD).mode == "sql_logic"
    assert shape("SELECT ((( broken") is None


def test_every_mode_has_a_label():
    assert set(FAILURE_MODES) == {"code_lookup", "semantic", "sql_logic", "execution_error", "step_limit",
                                  "no_answer", "abstained", "answer_format", "endpoint_error"}


def test_a_refusal_is_abstained_not_a_wrong_value():
    t = task("SELECT count(*) > 0 FROM mimiciv_hosp.prescriptions WHERE subject_id = 10000001", False, "boolean")
    tr = traj(t, [sql_call(t.gold_sql, [[False]])], "No idea")
    assert not tr.correct and tr.failure_mode == "abstained"
    tr = traj(t, [sql_call(t.gold_sql, [[False]])], "No data available for this patient")
    assert not tr.correct and tr.failure_mode == "abstained"


def test_another_patient_is_a_cohort_misunderstanding():
    f = compare(GOLD.replace("10000001", "10000002"), GOLD)
    assert f.mode == "semantic" and "subject_id = 10000002" in f.detail and "10000001" in f.detail


def test_other_filter_values_are_logic_errors_with_the_difference_named():
    gold = "SELECT count(*) FROM mimiciv_hosp.labevents WHERE itemid = 50912 AND valuenum > 1.2"
    f = compare("SELECT count(*) FROM mimiciv_hosp.labevents WHERE itemid = 50912 AND valuenum >= 1.2", gold)
    assert f.mode == "sql_logic" and "filter on valuenum: >= 1.2 vs gold > 1.2" in f.detail


def test_failed_last_query_wins_over_an_unreadable_answer():
    t = task(GOLD, 3)
    tr = traj(t, [sql_call("SELECT x FROM y", ok=False, error="Binder Error: no column x")], "see the query above")
    assert tr.failure_mode == "execution_error" and "Binder Error" in tr.failure_detail
    # the error itself given as the answer is no value: an abstention (once it read as a number)
    tr = traj(t, [sql_call("SELECT x FROM y", ok=False, error="Binder Error: no column x")], "Binder Error: x")
    assert tr.failure_mode == "abstained" and not tr.correct
