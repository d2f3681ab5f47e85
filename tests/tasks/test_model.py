"""The task file format: round trip, and a reader that reports the line and field of bad records."""

from __future__ import annotations

import json

import pytest

from ehr_tui.errors import UserError
from ehr_tui.tasks.model import FORMAT_VERSION, Task, read_tasks, write_tasks


def _task(i: int, **kw) -> Task:
    base = dict(id=f"t{i}", intent="labs", level="patient", template_id="labs.patient.x", split="train",
                question=f"What was patient {i}'s last creatinine?", gold_sql="SELECT 1", gold_answer=1.2,
                answer_type="number", parameters={"subject_id": i}, tables=["mimiciv_hosp.labevents"],
                complexity={"total": 3, "breakdown": {"tables": 1}})
    base.update(kw)
    return Task(**base)


def test_round_trip(tmp_path):
    tasks = [_task(1, answer_kinds=["measurement"]),
             _task(2, gold_answer=["a", None], answer_type="set", answer_kinds=["string"])]
    path = tmp_path / "t.jsonl"
    assert write_tasks(path, tasks) == 2
    back = read_tasks(path)
    assert back.errors == [] and back.tasks == tasks
    assert all(json.loads(line)["format_version"] == FORMAT_VERSION for line in path.read_text().splitlines())


def test_bad_records_are_reported_by_line_and_field_and_the_rest_load(tmp_path):
    good = [_task(i) for i in range(3)]
    lines = [good[0].to_json(), "{not json", json.dumps({**json.loads(good[1].to_json()), "intent": "surgery"}),
             json.dumps({k: v for k, v in json.loads(good[1].to_json()).items() if k != "gold_sql"}),
             "", good[2].to_json(), good[2].to_json(),
             json.dumps({**json.loads(good[1].to_json()), "format_version": 99})]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    tf = read_tasks(path)
    assert [t.id for t in tf.tasks] == ["t0", "t2"]
    where = [(e.line, e.field) for e in tf.errors]
    assert where == [(2, None), (3, "intent"), (4, "gold_sql"), (7, "id"), (8, "format_version")]
    texts = [str(e) for e in tf.errors]
    assert "line 3, field 'intent'" in texts[1] and "surgery" in texts[1]
    assert "regenerate" in texts[4]


def test_missing_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="ehr-tui tasks generate"):
        read_tasks(tmp_path / "nope.jsonl")


def test_kinds_are_written_inferred_when_a_task_has_none(tmp_path):
    path = tmp_path / "t.jsonl"
    write_tasks(path, [_task(1, gold_sql="SELECT round(avg(valuenum), 2) FROM mimiciv_hosp.labevents"),
                       _task(2, gold_sql="SELECT hadm_id FROM mimiciv_hosp.admissions", gold_answer=[],
                             answer_type="set")])
    back = read_tasks(path)
    assert back.errors == [] and back.notes == []
    assert [t.answer_kinds for t in back.tasks] == [["measurement:2"], ["identifier"]]
    assert [t.empty_answer for t in back.tasks] == [False, True]


def test_version_1_files_are_read_with_inferred_kinds_and_said_once(tmp_path):
    records = []
    for i, (sql, gold, at) in enumerate([("SELECT count(*) FROM mimiciv_hosp.admissions", 3, "number"),
                                         ("SELECT icd_code FROM mimiciv_hosp.diagnoses_icd", ["4280"], "set"),
                                         ("SELECT subject_id FROM mimiciv_hosp.patients", 10000032, "number")]):
        d = json.loads(_task(i, gold_sql=sql, gold_answer=gold, answer_type=at).to_json())
        del d["answer_kinds"], d["empty_answer"]
        d["format_version"] = 1
        records.append(json.dumps(d))
    path = tmp_path / "old.jsonl"
    path.write_text("\n".join(records) + "\n")
    said = []
    back = read_tasks(path, warn=said.append)
    assert back.errors == [] and len(said) == 1 and "format 1" in said[0] and "3 task(s)" in said[0]
    assert [t.answer_kinds for t in back.tasks] == [["count"], ["code"], ["identifier"]]


@pytest.mark.parametrize("kinds, why", [(["colour"], "unknown answer kind"), ([], "non-empty"),
                                        (["count", "count"], "one kind"), (["count:2"], "only measurement")])
def test_bad_kinds_are_reported(tmp_path, kinds, why):
    d = json.loads(_task(1).to_json())
    d["answer_kinds"] = kinds
    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps(d) + "\n")
    tf = read_tasks(path)
    assert tf.tasks == [] and tf.errors[0].field == "answer_kinds" and why in str(tf.errors[0])

def test_a_line_with_many_bad_fields_counts_as_one_bad_record(tmp_path):
    from ehr_tui.tasks.model import read_tasks
    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps({"id": "x", "intent": "astrology", "level": "galaxy", "split": 3}) + "\n{bad\n")
    tf = read_tasks(path)
    assert len(tf.errors) > 2 and tf.bad_records == 2
