"""The templates: well-formed, enough per category, split by template, SQL only on the schema's tables,
and every candidate and gold query accepted by the sandbox and DuckDB's binder on the real demo."""

from __future__ import annotations

from collections import Counter

import pytest
import sqlglot
from sqlglot import exp

from ehr_tui.mimic import schema
from ehr_tui.mimic.sandbox import SqlSandbox, check_statement
from ehr_tui.tasks import intents
from ehr_tui.tasks.answers import to_jsonable
from ehr_tui.tasks.cost import SCHEMA as COST_SCHEMA
from ehr_tui.tasks.generate import candidate_sql
from ehr_tui.tasks.model import INTENTS, LEVELS
from ehr_tui.tasks.template import placeholders, render_sql, used_parameters


@pytest.fixture(scope="module")
def demo_store(demo_cost_db):
    """The generator's work database and candidate tables on the demo, shared by this module's tests (the
    candidate queries of every template take several seconds)."""
    from ehr_tui.tasks.candidates import CandidateStore
    from ehr_tui.tasks.workdb import WorkDb

    with WorkDb(demo_cost_db, memory_limit="512MB", threads=2) as work:
        yield work, CandidateStore(work, seed=0)


def test_every_category_has_many_templates_with_paraphrases():
    cats = intents.by_category()
    assert set(cats) == {(i, lv) for i in INTENTS for lv in LEVELS}
    for cat, ts in cats.items():
        assert len(ts) >= 10, cat
        assert all(len(t.questions) >= 2 for t in ts), cat
    assert len(intents.all_templates()) >= 150


def test_split_is_by_template_and_fixed():
    splits = intents.splits()
    per_cat = Counter((intents.get(tid).category, sp) for tid, sp in splits.items())
    for i in INTENTS:
        for lv in LEVELS:
            assert per_cat[(f"{i}/{lv}", "test")] >= 1
            assert per_cat[(f"{i}/{lv}", "train")] > per_cat[(f"{i}/{lv}", "test")]
    test_share = sum(1 for s in splits.values() if s == "test") / len(splits)
    assert 0.07 <= test_share <= 0.15
    intents.splits.cache_clear()
    assert intents.splits() == splits  # a function of the template ids alone


def test_no_test_template_has_a_train_twin():
    """Split by family: declared families, equal gold-SQL skeletons and near-identical pruned SQL stay on one side."""
    splits = intents.splits()
    ts = intents.all_templates()
    side_of_family, side_of_skeleton = {}, {}
    for t in ts:
        assert side_of_family.setdefault(t.family_id, splits[t.id]) == splits[t.id], t.id
        sk = intents.skeleton(t.sql)
        assert side_of_skeleton.setdefault(sk, splits[t.id]) == splits[t.id], (t.id, "shares its skeleton")
    for a, b in intents._twins():
        assert splits[a] == splits[b], (a, b)
    for name, members in intents.split_units().items():
        assert len({splits[m] for m in members}) == 1, name


def test_skeleton_joins_first_last_and_max_variants():
    first = "SELECT valuenum FROM mimiciv_hosp.labevents WHERE itemid = {itemid} ORDER BY charttime ASC LIMIT 1"
    last = "SELECT valuenum FROM mimiciv_hosp.labevents WHERE itemid = {itemid} ORDER BY charttime DESC LIMIT 1"
    peak = "SELECT max(valuenum) FROM mimiciv_hosp.labevents WHERE itemid = 50912"
    low = "SELECT min(valuenum) FROM mimiciv_hosp.labevents WHERE itemid = 50971"
    other = "SELECT count(*) FROM mimiciv_hosp.labevents WHERE itemid = 50912"
    assert intents.skeleton(first) == intents.skeleton(last)
    assert intents.skeleton(peak) == intents.skeleton(low) != intents.skeleton(other)


def test_demo_tasks_share_no_gold_sql_shape_across_splits(demo_tasks):
    from ehr_tui.tasks.stats import split_report

    rep = split_report(demo_tasks)
    assert rep.templates["test"] and rep.templates["train"]
    assert rep.shared_shapes == [] and rep.both_sides == []


def _tables(sql: str) -> set[str]:
    tree = sqlglot.parse_one(sql, read="duckdb")
    ctes = {c.alias_or_name for c in tree.find_all(exp.CTE)}
    out = set()
    for t in tree.find_all(exp.Table):
        if t.name in ctes or not t.name or isinstance(t.this, exp.Func):
            continue
        if not t.db and t.alias_or_name and t.find_ancestor(exp.Values):
            continue
        out.add(f"{t.db}.{t.name}" if t.db else t.name)
    return out


def test_sql_uses_only_schema_tables_and_the_cost_schedule():
    known = {t.qualified for t in schema.TABLES}
    for t in intents.all_templates():
        for sql in (t.params, t.sql):
            for name in _tables(sql):
                if name in ("range",):
                    continue
                assert name in known or name.startswith(COST_SCHEMA + "."), (t.id, name)
        if any(name.startswith(COST_SCHEMA + ".") for name in _tables(t.sql) | _tables(t.params)):
            assert "cost_schedule" in t.needs, t.id
            assert all("cost schedule" in q or "ehr_tui_ref" in q for q in t.questions), t.id


def test_questions_state_every_parameter_of_the_sql():
    for t in intents.all_templates():
        assert not t.problems(), t.id
        assert placeholders(t.sql) - set(t.derived) <= used_parameters(t)


def test_every_query_runs_in_the_sandbox_on_the_demo(demo_cost_db, demo_store):
    """Candidate queries run, and each template's gold SQL with its first candidate passes the statement check
    and DuckDB's binder (which checks every column against the database built from schema.py). The first
    candidates come from the generator's shared candidate tables; the standalone ``candidate_sql`` (for
    inspecting a template) is run on one template of every category and must give the same first candidate."""
    _, store = demo_store
    first: dict[str, dict | None] = {}
    for t in intents.all_templates():
        if not store.count(t):
            first[t.id] = None
            continue
        pool = store.pool(t, 0, 1)
        first[t.id] = pool.params[0]
        store.release(pool)
    standalone = {ts[0].id for ts in intents.by_category().values()}
    with SqlSandbox(demo_cost_db, timeout_s=60) as sb:
        for t in intents.all_templates():
            if t.id in standalone:
                res = sb.execute(candidate_sql(t, 0, 1), max_rows=1)
                assert res.ok, (t.id, res.error)
                got = to_jsonable({k: v for k, v in zip(res.columns, res.rows[0]) if k in used_parameters(t)}) \
                    if res.rows else None
                assert got == first[t.id], t.id
            if first[t.id] is None:
                assert any(x in t.params for x in ("chartevents",)), f"{t.id} has no candidates on the demo"
                continue
            sql = render_sql(t, first[t.id])
            err, _ = check_statement(sql)
            assert err is None, (t.id, err)
            gold = sb.execute(sql, max_rows=t.max_rows + 1)
            assert gold.ok, (t.id, gold.error)


def test_chartevents_templates_bind_against_the_schema(demo_cost_db):
    """On the demo chartevents is empty: its templates still must be valid SQL against the real columns."""
    with SqlSandbox(demo_cost_db, timeout_s=60) as sb:
        for t in intents.all_templates():
            if "chartevents" not in t.sql:
                continue
            fake = {name: ("x" if name not in ("subject_id", "temp", "k") else 1) for name in used_parameters(t)}
            res = sb.execute(f"EXPLAIN {render_sql(t, fake)}")
            assert res.ok, (t.id, res.error)


def test_grouped_answers_equal_each_tasks_own_sql_on_every_template(demo_store):
    """The set-based form (one LATERAL query per slice) against each task's own gold SQL run alone, on a few
    candidates of every template; a template whose grouped form cannot keep its answer must say so up front
    (its initial mode is per task), never give other answers."""
    from ehr_tui.tasks import execute
    from ehr_tui.tasks.generate import GenerationReport, _initial_mode

    work, store = demo_store
    differ, grouped_n = [], 0
    for t in intents.all_templates():
        if _initial_mode(t, "grouped", GenerationReport()) != "grouped" or not store.count(t):
            continue
        pool = store.pool(t, 0, min(3, store.count(t)))
        try:
            outcomes = execute.judge(work, t, pool, "grouped", execute.run(work, t, pool, "grouped"))
        finally:
            store.release(pool)
        grouped_n += 1
        for o in outcomes:
            if o.reason in ("tie_order", "rounding_midpoint"):
                continue  # the per-task query alone cannot see these: they are the checks' own verdicts
            problem = execute.plain_check(work, t, o)
            if problem:
                differ.append(f"{t.id}: {problem}")
    assert grouped_n >= 0.8 * len(intents.all_templates())
    assert differ == []


def test_twins_the_sql_similarity_missed_are_one_split_unit():
    """An outside tester found these across train and test: the same measure of another subgroup, one clinical
    question under two intents, and one question over another unit (admissions vs ICU stays)."""
    splits = intents.splits()
    for group in (("cost.population.median_cost_by_gender", "cost.population.median_cost_by_admission_type"),
                  ("cost.population.mean_cost_by_age_band", "cost.population.mean_cost_by_insurance"),
                  ("demographics.patient.readmitted_after_condition",
                   "diagnoses.patient.readmitted_after_first_condition"),
                  ("medications.population.pct_admissions_drug_early",
                   "medications.population.pct_stays_drug_early_icu"),
                  ("diagnoses.patient.hours_to_drug_first_condition", "diagnoses.patient.hours_to_icu_first_condition"),
                  ("diagnoses.patient.drug_during_first_condition", "diagnoses.patient.icu_during_first_condition")):
        assert len({splits[t] for t in group}) == 1, group
