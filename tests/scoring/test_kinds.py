"""Inference of answer kinds from a gold query (names, DuckDB types, round(x, n) via sqlglot) and the template
override."""

from __future__ import annotations

import pytest

from ehr_tui.scoring import Kind, infer_kinds, kinds_for_result, parse_kinds


@pytest.mark.parametrize("sql, answer_type, columns, types, gold, expected", [
    ("SELECT hadm_id FROM mimiciv_hosp.admissions", "number", ["hadm_id"], ["BIGINT"], 20000345, ["identifier"]),
    ("SELECT count(*) FROM mimiciv_hosp.admissions", "number", ["count_star()"], ["BIGINT"], 3, ["count"]),
    ("SELECT round(avg(valuenum), 2) AS m FROM mimiciv_hosp.labevents", "number", ["m"], ["DOUBLE"], 1.23,
     ["measurement:2"]),
    ("SELECT round(avg(valuenum)) FROM mimiciv_hosp.labevents", "number", ["x"], ["DOUBLE"], 1.0,
     ["measurement:0"]),
    ("SELECT coalesce(round(sum(x), 1), 0) AS s FROM t", "number", ["s"], ["DOUBLE"], 1.5, ["measurement:1"]),
    ("SELECT max(valuenum) FROM mimiciv_hosp.labevents", "number", ["max(valuenum)"], ["DOUBLE"], 1.2,
     ["measurement"]),
    ("SELECT DISTINCT icd_code FROM mimiciv_hosp.diagnoses_icd", "set", ["icd_code"], ["VARCHAR"], ["4280"],
     ["code"]),
    ("SELECT ndc FROM mimiciv_hosp.prescriptions", "string", ["ndc"], ["VARCHAR"], "00904198861", ["code"]),
    ("SELECT count(*) > 0 FROM t", "boolean", ["x"], ["BOOLEAN"], True, ["boolean"]),
    ("SELECT min(admittime)::DATE FROM mimiciv_hosp.admissions", "date", ["x"], ["DATE"], "2150-01-01", ["date"]),
    ("SELECT min(admittime) FROM mimiciv_hosp.admissions", "date", ["x"], ["TIMESTAMP"], "2150-01-01 10:00:00",
     ["timestamp"]),
    ("SELECT gender, round(avg(los), 2) AS m, count(*) AS n FROM t GROUP BY 1", "table", ["gender", "m", "n"],
     ["VARCHAR", "DOUBLE", "BIGINT"], [["F", 2.26, 3]], ["string", "measurement:2", "count"]),
    ("SELECT subject_id, stay_id FROM mimiciv_icu.icustays", "table", ["subject_id", "stay_id"],
     ["BIGINT", "BIGINT"], [[1, 2]], ["identifier", "identifier"]),
])
def test_kinds_from_the_executed_gold_query(sql, answer_type, columns, types, gold, expected):
    assert kinds_for_result(answer_type, sql, columns, types, gold) == expected


def test_kinds_without_types_for_old_task_files():
    assert infer_kinds("number", "SELECT hadm_id FROM a", gold=20000345) == (Kind("identifier"),)
    assert infer_kinds("number", "SELECT count(DISTINCT hadm_id) FROM a", gold=3) == (Kind("count"),)
    assert infer_kinds("set", "SELECT icd_code FROM d", gold=["4280"]) == (Kind("code"),)
    assert infer_kinds("number", "not sql at all", gold=1.5) == (Kind("measurement"),)
    assert infer_kinds("number", "not sql at all", gold=3) == (Kind("count"),)


def test_template_override_wins_and_is_validated():
    assert kinds_for_result("number", "SELECT 1", ["x"], ["BIGINT"], 1, override=("measurement:1",)) == \
        ["measurement:1"]
    with pytest.raises(ValueError, match="unknown answer kind"):
        parse_kinds(["weight"])
    from ehr_tui.tasks.template import Template

    def template(kinds, answer="number"):
        return Template(id="labs.patient.k", questions=("What was patient {subject_id}'s value?",),
                        params="SELECT 1 AS subject_id", sql="SELECT 1 WHERE {subject_id} = 1", answer=answer,
                        kinds=kinds)

    assert not any("kinds" in p for p in template(("measurement:1",)).problems())
    assert any("unknown answer kind" in p for p in template(("weight",)).problems())
    assert any("one kind" in p for p in template(("count", "count")).problems())
