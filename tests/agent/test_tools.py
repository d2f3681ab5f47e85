"""Tool calls become observations: good results, bad arguments, unknown tools, long outputs."""

from __future__ import annotations

import json

import pytest

from ehr_tui.agent.tools import ALL_TOOLS, ObservationLimits, ToolBox, tool_specs, truncate
from ehr_tui.mimic.pysandbox import PythonLimits, PythonSandbox
from ehr_tui.mimic.sandbox import SqlSandbox


@pytest.fixture(scope="module")
def sql(tiny_db):
    sb = SqlSandbox(tiny_db, timeout_s=60)
    yield sb
    sb.close()


@pytest.fixture
def box(sql, tiny_db):
    tb = ToolBox(sql, lambda: PythonSandbox(tiny_db, PythonLimits(timeout_s=30)),
                 limits=ObservationLimits(max_chars=800, rows_shown=5, rows_kept=8))
    yield tb
    tb.close()


def test_specs_are_openai_function_tools():
    specs = tool_specs()
    assert [s["function"]["name"] for s in specs] == list(ALL_TOOLS)
    for s in specs:
        assert s["type"] == "function"
        params = s["function"]["parameters"]
        assert params["type"] == "object" and len(params["required"]) == 1
    assert [s["function"]["name"] for s in tool_specs(["execute_sql", "submit_answer"])] == \
        ["execute_sql", "submit_answer"]


def test_sql_result_observation(box):
    obs = box.call("execute_sql", json.dumps({"query": "SELECT subject_id, gender FROM mimiciv_hosp.patients "
                                                        "ORDER BY 1 LIMIT 2"}))
    assert obs.ok
    assert obs.text.splitlines() == ["subject_id | gender", "10000001 | F", "10000002 | M", "(2 rows)"]
    assert obs.result["rows"] == [[10000001, "F"], [10000002, "M"]] and obs.result["row_count"] == 2


def test_large_result_is_cut_with_the_true_count(box):
    obs = box.call("execute_sql", json.dumps({"query": "SELECT * FROM range(100)"}))
    assert obs.ok and "(5 of 100 rows shown" in obs.text
    assert len(obs.result["rows"]) == 8 and obs.result["truncated"]


def test_fenced_sql_is_accepted(box):
    obs = box.call("execute_sql", json.dumps({"query": "```sql\nSELECT 42 AS answer\n```"}))
    assert obs.ok and "42" in obs.text


def test_sql_errors_are_observations(box):
    obs = box.call("execute_sql", json.dumps({"query": "SELECT nope FROM mimiciv_hosp.patients"}))
    assert not obs.ok and obs.error == "sql_error" and obs.text.startswith("error:") and "nope" in obs.text
    obs = box.call("execute_sql", json.dumps({"query": "DROP TABLE mimiciv_hosp.patients"}))
    assert not obs.ok and "not allowed" in obs.text


@pytest.mark.parametrize("args, needle", [
    ('{"query": "SELECT 1', "not valid JSON"),
    ("not json at all", "not valid JSON"),
    ('{"sql": "SELECT 1"}', "needs the argument 'query'"),
    ('["SELECT 1"]', "needs the argument 'query'"),
    ('{"query": 5}', "must be a non-empty string"),
    ('{"query": "  "}', "must be a non-empty string"),
    ("", "needs the argument 'query'"),
])
def test_bad_arguments_are_observations(box, args, needle):
    obs = box.call("execute_sql", args)
    assert not obs.ok and obs.error == "bad_arguments" and needle in obs.text


def test_unknown_tool(box):
    obs = box.call("drop_database", "{}")
    assert not obs.ok and obs.error == "unknown_tool"
    assert "execute_sql, execute_python, submit_answer" in obs.text


def test_python_tool_is_absent_without_a_factory(sql):
    tb = ToolBox(sql, None)
    assert "execute_python" not in tb.tools
    assert tb.call("execute_python", '{"code": "1"}').error == "unknown_tool"


def test_python_call_and_over_long_output(box):
    obs = box.call("execute_python", json.dumps({"code": "print('a' * 5000)"}))
    assert obs.ok and len(obs.text) < 1000 and "truncated" in obs.text
    obs = box.call("execute_python", json.dumps({"code": "1/0"}))
    assert not obs.ok and obs.error == "python_error" and "ZeroDivisionError" in obs.text
    assert box.protections.get("audit_hook")


def test_submit_answer(box):
    obs = box.call("submit_answer", json.dumps({"answer": "42"}))
    assert obs.submitted and obs.answer == "42"
    obs = box.call("submit_answer", json.dumps({"answer": [1, 2]}))
    assert obs.answer == "[1, 2]"


def test_truncate_keeps_whole_lines():
    text = "\n".join(f"line {i}" for i in range(100))
    out = truncate(text, 100)
    assert out.splitlines()[-1].startswith("[output truncated:")
    assert all(ln.startswith("line ") for ln in out.splitlines()[:-1])
