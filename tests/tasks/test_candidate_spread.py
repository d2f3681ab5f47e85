"""Candidate draws spread over a vocabulary: a template about lab tests asks about many tests, not the
commonest ones again and again; the order stays seeded, prefix-stable and the same in both code paths."""

from __future__ import annotations

from collections import Counter

import duckdb
import pytest

from ehr_tui.tasks.candidates import CandidateStore, candidate_sql, spread_columns
from ehr_tui.tasks.template import Template
from ehr_tui.tasks.workdb import WorkDb

N_TESTS = 40


@pytest.fixture(scope="module")
def skewed(tmp_path_factory):
    """(subject, test) pairs with Zipf-like frequencies: test k is done by about 400 / (k + 1) patients,
    so a plain shuffle draws test 0 a hundred times more often than test 39."""
    db = tmp_path_factory.mktemp("spread") / "skewed.duckdb"
    con = duckdb.connect(str(db))
    con.execute(f"""CREATE TABLE res AS
        SELECT s AS subject_id, 'test ' || k AS lab, CASE WHEN k % 2 = 0 THEN 'Blood' ELSE 'Urine' END AS fluid
        FROM range({N_TESTS}) t(k), range(400) p(s) WHERE s < 400 / (k + 1)""")
    con.close()
    with WorkDb(db, memory_limit="256MB", threads=2) as work:
        yield work, db


def _t(tid: str, params: str, question: str) -> Template:
    return Template(id=tid, questions=(question,), params=params,
                    sql="SELECT count(*) FROM res WHERE subject_id = {subject_id}", answer="number")


LAB_T = _t("labs.patient.spread_probe", "SELECT subject_id, lab, fluid FROM res",
           "For patient {subject_id}, the latest {fluid} {lab}?")
PLAIN_T = _t("demographics.patient.plain_probe", "SELECT DISTINCT subject_id FROM res",
             "How old is patient {subject_id}?")


def _draw(work, t, start, size):
    store = CandidateStore(work, seed=7)
    pool = store.pool(t, start, size)
    store.release(pool)
    return pool.params


def test_the_first_draws_cover_distinct_entries(skewed):
    work, _ = skewed
    assert spread_columns(LAB_T) == ["fluid", "lab"] and spread_columns(PLAIN_T) == []
    first = _draw(work, LAB_T, 0, N_TESTS)
    assert len({(p["lab"], p["fluid"]) for p in first}) == N_TESTS, "one of every test before any twice"
    # the second round starts over with every test again
    second = _draw(work, LAB_T, N_TESTS, N_TESTS)
    assert Counter((p["lab"], p["fluid"]) for p in second).most_common(1)[0][1] == 1
    # a plain shuffle of the same pairs would have repeated the common tests (the class of problem fixed)
    con = duckdb.connect(str(skewed[1]), read_only=True)
    shuffled = con.execute(f"SELECT lab FROM res ORDER BY hash(subject_id, lab, 7) LIMIT {N_TESTS}").fetchall()
    con.close()
    assert len(set(shuffled)) < N_TESTS * 0.6


def test_spread_order_is_prefix_stable_and_seeded(skewed):
    work, _ = skewed
    whole = _draw(work, LAB_T, 0, 100)
    assert _draw(work, LAB_T, 0, 30) + _draw(work, LAB_T, 30, 70) == whole
    other = CandidateStore(work, seed=8)
    pool = other.pool(LAB_T, 0, 100)
    other.release(pool)
    assert pool.params != whole
    # a template without vocabulary parameters keeps the plain seeded shuffle (all rows, each once)
    plain = _draw(work, PLAIN_T, 0, 400)
    ids = [p["subject_id"] for p in plain]
    assert sorted(ids) == list(range(400)) and ids != sorted(ids)


def test_candidate_sql_lists_the_rows_the_generator_draws(skewed):
    work, db = skewed
    con = duckdb.connect(str(db), read_only=True)
    try:
        for t in (LAB_T, PLAIN_T):
            cur = con.execute(candidate_sql(t, 7, 25, offset=5))
            cols = [d[0] for d in cur.description]
            rows = [dict(zip(cols, r)) for r in cur.fetchall()]
            drawn = _draw(work, t, 5, 25)
            assert [{k: r[k] for k in d} for r, d in zip(rows, drawn)] == drawn, t.id
            assert "__r" not in cols and "__h" not in cols
    finally:
        con.close()


def test_patient_lab_questions_reach_the_long_tail_of_tests(synthetic_db):
    from ehr_tui.tasks.generate import generate, select_templates
    from ehr_tui.tasks.intents.labs import _sql

    con = duckdb.connect(str(synthetic_db), read_only=True)
    try:
        population = con.execute(f"SELECT count(*) FROM ({_sql.NUMERIC_LABS})").fetchone()[0]
        patient = con.execute(f"SELECT count(DISTINCT (lab, fluid)) FROM ({_sql.PATIENT_LABS})").fetchone()[0]
    finally:
        con.close()
    # a test done a handful of times is a fair patient question, not a fair population one
    assert patient > 1.5 * population
    templates = [t for t in select_templates(intents_=["labs"]) if t.id.startswith("labs.patient.")
                 and {"lab", "fluid"} <= set(spread_columns(t))][:12]
    report = generate(synthetic_db, 3 * len(templates), seed=0, templates=templates)
    by_template: dict[str, list] = {}
    for task in report.tasks:
        by_template.setdefault(task.template_id, []).append((task.parameters["lab"], task.parameters["fluid"]))
    assert len(by_template) >= 10
    for tid, tests in by_template.items():
        assert len(set(tests)) == len(tests), (tid, tests)
