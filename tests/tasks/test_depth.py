"""Issue 12's depth goal, checked on every template rather than on a sample of generated tasks: a template's
pruned complexity is that of each of its tasks (literals never change the count), so the means below are
exact for the whole template set and cannot drift with which templates a generation happened to visit."""

from __future__ import annotations

import statistics

import pytest

from ehr_tui.tasks import complexity, intents

TEMPLATES = intents.all_templates()
INTENTS = sorted({t.intent for t in TEMPLATES})


def test_all_six_intents_have_templates():
    assert len(INTENTS) == 6, INTENTS


@pytest.mark.parametrize("intent", INTENTS)
def test_mean_pruned_complexity_of_each_intent_reaches_30(intent):
    totals = [complexity.count_template(t.sql).total for t in TEMPLATES if t.intent == intent]
    assert statistics.fmean(totals) >= 30, (intent, statistics.fmean(totals))


def test_mean_pruned_complexity_over_all_templates_reaches_30():
    totals = [complexity.count_template(t.sql).total for t in TEMPLATES]
    assert statistics.fmean(totals) >= 30, statistics.fmean(totals)


def test_padding_a_template_with_unused_columns_does_not_raise_its_count():
    base = "WITH a AS (SELECT subject_id FROM mimiciv_hosp.patients) SELECT count(*) FROM a WHERE subject_id = {s}"
    padded = base.replace("SELECT subject_id", "SELECT subject_id, gender, anchor_age, upper(gender) AS g")
    assert complexity.count_template(padded).total == complexity.count_template(base).total


def test_typed_parameters_count_as_operands_not_casts():
    sql = "SELECT count(*) FROM mimiciv_hosp.admissions WHERE admittime < TIMESTAMP {t} AND dischtime < DATE {d}"
    c = complexity.count_template(sql)
    assert c.breakdown["date_arithmetic"] == 0 and c.breakdown["predicates"] == 2, c.breakdown


@pytest.mark.parametrize("report", ["synthetic_report", "demo_report"])
def test_the_template_count_is_what_every_generated_task_gets(request, report):
    tasks = request.getfixturevalue(report).tasks
    assert tasks
    by_id = {t.id: t for t in TEMPLATES}
    wrong = [(t.id, t.complexity_total, complexity.count_template(by_id[t.template_id].sql).total)
             for t in tasks if t.complexity_total != complexity.count_template(by_id[t.template_id].sql).total]
    assert not wrong, wrong[:5]
