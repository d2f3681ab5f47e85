"""Generation on the real demo and on the synthetic database: valid, deterministic, unambiguous tasks."""

from __future__ import annotations

import json
import shutil
from collections import Counter

import duckdb
import pytest

from ehr_tui.errors import UserError
from ehr_tui.mimic.sandbox import SqlSandbox
from ehr_tui.tasks import complexity, intents
from ehr_tui.tasks.answers import exact_match, task_match
from ehr_tui.tasks.generate import SCALAR_TYPES, generate, generate_file, select_templates
from ehr_tui.tasks.model import INTENTS, LEVELS, read_tasks, task_from_dict

from .conftest import DEMO_TASKS


def test_demo_yields_every_category_without_errors(demo_report):
    tasks = demo_report.tasks
    assert len(tasks) == DEMO_TASKS
    assert demo_report.errors == {}
    cats = Counter((t.intent, t.level) for t in tasks)
    assert set(cats) == {(i, lv) for i in INTENTS for lv in LEVELS}
    assert {t.split for t in tasks} == {"train", "test"}
    assert all(t.split == intents.splits()[t.template_id] for t in tasks)


def test_the_report_says_where_the_time_went_by_template(demo_report):
    """At full scale a user needs to know which templates to leave out: each template that produced a task
    had its pools and gold queries timed, and the per-template times add up to those stages' totals."""
    took = demo_report.summary()["template_seconds"]
    assert {t.template_id for t in demo_report.tasks} <= set(took)
    assert all(v >= 0 for v in took.values()) and list(took.values()) == sorted(took.values(), reverse=True)
    stages = sum(demo_report.seconds[s] for s in ("pools", "gold queries", "validation", "re-runs"))
    assert abs(sum(demo_report.template_seconds.values()) - stages) <= 1e-6 * max(1.0, stages)


def test_tasks_are_valid_records_with_stored_complexity(demo_tasks):
    for t in demo_tasks:
        back, errs = task_from_dict(json.loads(t.to_json()))
        assert not errs and back == t
        c = complexity.count(t.gold_sql)
        assert t.complexity == c.as_dict() and t.tables == list(c.tables)
        assert t.tables and all(name.startswith(("mimiciv_", "ehr_tui_ref.")) for name in t.tables)
        assert t.db["source"] == "demo"
        assert "{" not in t.question and t.question.endswith(("?", "."))


def test_answers_are_unambiguous_and_reproducible(demo_cost_db, demo_tasks):
    with SqlSandbox(demo_cost_db) as sb:
        for t in demo_tasks:
            assert t.gold_answer is not None and t.gold_answer != []
            if t.answer_type in SCALAR_TYPES:
                assert not isinstance(t.gold_answer, list)
            res = sb.execute(t.gold_sql, max_rows=100)
            assert res.ok
            rows = [list(r) for r in res.rows]
            again = rows[0][0] if t.answer_type in SCALAR_TYPES else (
                [r[0] for r in rows] if t.answer_type in ("list", "set") else rows)
            assert exact_match(again, t.gold_answer, t.answer_type, t.ordered), t.id
            assert task_match(json.dumps(t.gold_answer), t), t.id


def test_no_duplicate_question_answer_pairs(demo_tasks):
    keys = [(t.question, json.dumps(t.gold_answer, sort_keys=True)) for t in demo_tasks]
    assert len(keys) == len(set(keys))
    assert len({t.id for t in demo_tasks}) == len(demo_tasks)


def test_top_k_answers_have_exactly_k_rows(demo_tasks):
    topk = [t for t in demo_tasks if "k" in t.parameters and t.answer_type == "list"]
    assert topk
    for t in topk:
        if intents.get(t.template_id).rows == "k":
            assert len(t.gold_answer) == t.parameters["k"]


def test_chartevents_templates_are_skipped_cleanly_on_the_demo(demo_report):
    chart = [t.id for t in intents.all_templates() if "chartevents" in t.params]
    assert chart
    for tid in chart:
        assert "chartevents is empty" in demo_report.skipped[tid]
    vitals = [t for t in demo_report.tasks if t.intent == "vitals"]
    assert {t.level for t in vitals} == {"patient", "population"}


def test_same_seed_same_tasks_and_runs_are_prefix_stable(demo_cost_db, demo_tasks):
    report = generate(demo_cost_db, 30, seed=0)
    assert [t.to_json() for t in report.tasks] == [t.to_json() for t in demo_tasks[:30]]
    # a small --n checks only the templates it needs, not all of them (the rest could not change the file)
    needless = [tid for tid, why in report.skipped.items() if why == "no task was needed from it"]
    assert len(needless) >= len(intents.all_templates()) - 30 - 4 * 16, len(needless)
    # another seed orders candidates (and templates) otherwise: seen on the templates the first 30 tasks came from
    used = select_templates(template_ids=sorted({t.template_id for t in report.tasks}))
    other = generate(demo_cost_db, 30, seed=1, templates=used).tasks
    assert [t.id for t in other] != [t.id for t in generate(demo_cost_db, 30, seed=0, templates=used).tasks]


def test_cost_templates_skip_without_the_schedule(demo_cost_db, tmp_path):
    db = tmp_path / "no_schedule.duckdb"
    shutil.copyfile(demo_cost_db, db)
    con = duckdb.connect(str(db))
    con.execute("DROP SCHEMA ehr_tui_ref CASCADE")
    con.close()
    cost_templates = [t for t in select_templates(intents_=["cost"]) if t.needs]
    # every cost template prices with the schedule (issue 12); a template of another intent still runs
    report = generate(db, 40, seed=0, templates=cost_templates[:3] + select_templates(
        template_ids=["medications.patient.distinct_drugs_first_admission"]))
    for t in cost_templates[:3]:
        assert "ehr-tui tasks cost-schedule" in report.skipped[t.id]
    assert {t.template_id for t in report.tasks} == {"medications.patient.distinct_drugs_first_admission"}


def test_generate_file_resumes_after_an_interruption(demo_cost_db, tmp_path):
    templates = select_templates(intents_=["diagnoses"])[:36]  # enough for 24 tasks over several slices
    full = tmp_path / "full.jsonl"
    generate_file(demo_cost_db, full, 24, seed=3, templates=templates)

    out = tmp_path / "tasks.jsonl"

    def stop(done, total):
        if done >= 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate_file(demo_cost_db, out, 24, seed=3, templates=templates, progress=stop)
    assert not out.exists() and (tmp_path / "tasks.jsonl.partial").is_file()
    report = generate_file(demo_cost_db, out, 24, seed=3, templates=templates)
    assert report.reused >= 12
    assert out.read_text() == full.read_text()
    assert not (tmp_path / "tasks.jsonl.partial").exists()
    assert read_tasks(out).errors == []


def test_bad_requests_are_user_errors(demo_cost_db, tmp_path):
    with pytest.raises(UserError, match="at least 1"):
        generate(demo_cost_db, 0)
    with pytest.raises(UserError, match="does not exist"):
        generate_file(tmp_path / "missing.duckdb", tmp_path / "t.jsonl", 5)
    with pytest.raises(UserError, match="unknown template"):
        select_templates(template_ids=["labs.patient.nope"])
    with pytest.raises(UserError, match="unknown template"):  # a typo in a left-out id is not silently ignored
        select_templates(skip=["labs.population.correlation_same_specimn"])


def test_skipped_templates_are_left_out_of_any_selection():
    every = select_templates()
    slow = "labs.population.correlation_same_specimen"
    assert slow in {t.id for t in every}
    left = select_templates(skip=[slow])
    assert {t.id for t in left} == {t.id for t in every} - {slow}
    labs = select_templates(intents_=["labs"], skip=[slow, "vitals.population.median_first_vital"])
    assert labs and all(t.intent == "labs" for t in labs) and slow not in {t.id for t in labs}
    assert select_templates(template_ids=[slow], skip=[slow]) == []


def test_changed_database_does_not_reuse_a_stale_checkpoint(demo_cost_db, tmp_path):
    db = tmp_path / "copy.duckdb"
    shutil.copyfile(demo_cost_db, db)
    templates = select_templates(template_ids=["demographics.patient.age_first_admission"])
    partial = tmp_path / "t.jsonl.partial"
    partial.write_text(json.dumps({"run": "an older run"}) + "\n")
    report = generate_file(db, tmp_path / "t.jsonl", 5, seed=0, templates=templates)
    assert report.reused == 0 and len(report.tasks) == 5


# ------------------------------------------------------------------------------------------- synthetic database

def test_synthetic_yields_every_category_including_chartevents(synthetic_report):
    assert synthetic_report.errors == {}
    tasks = synthetic_report.tasks
    assert Counter((t.intent, t.level) for t in tasks).keys() == {(i, lv) for i in INTENTS for lv in LEVELS}
    assert {t.db["source"] for t in tasks} == {"synthetic"}
    chart_templates = {t.id for t in intents.all_templates() if "chartevents" in t.sql}
    assert chart_templates & {t.template_id for t in tasks}


def test_synthetic_answers_reproduce(synthetic_db, synthetic_report):
    with SqlSandbox(synthetic_db) as sb:
        for t in synthetic_report.tasks[::5]:
            res = sb.execute(t.gold_sql, max_rows=100)
            assert res.ok, (t.id, res.error)
            assert task_match(json.dumps(t.gold_answer), t)


def test_a_rounded_negative_zero_is_stored_as_zero():
    """round(-0.001, 2) is -0.0 in DuckDB: the stored gold answer (and each value of a row) is 0.0."""
    import math

    from ehr_tui.tasks.gold import GoldResult, gold_answer

    number = next(t for t in intents.all_templates() if t.answer == "number")
    value, reason = gold_answer(number, GoldResult(["x"], ["DOUBLE"], [(-0.0,)], 1), {})
    assert reason is None and value == 0.0 and math.copysign(1.0, value) == 1.0
    assert json.dumps(value) == "0.0"
    table = next(t for t in intents.all_templates() if t.answer == "table" and not t.ordered and t.rows is None)
    rows, reason = gold_answer(table, GoldResult(["a", "b"], ["VARCHAR", "DOUBLE"], [("F", -0.0), ("M", -1.5)], 2),
                               {})
    assert reason is None and json.dumps(rows) == '[["F", 0.0], ["M", -1.5]]'
