"""The gold checks on a tiny database built here: ties under LIMIT, rounding midpoints, order-dependent
aggregates and their drop reasons; the grouped (LATERAL) answers against each task's own SQL."""

from __future__ import annotations

import duckdb
import pytest

from ehr_tui.tasks import execute, grouped
from ehr_tui.tasks.candidates import CandidateStore
from ehr_tui.tasks.template import Template
from ehr_tui.tasks.workdb import WorkDb


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    db = tmp_path_factory.mktemp("gold_checks") / "tiny.duckdb"
    con = duckdb.connect(str(db))
    # subject 1: a tie for the largest value (two rows of 7 with different labels); subject 2: a unique maximum;
    # values chosen so that some means land exactly on a rounding midpoint
    con.execute("CREATE TABLE ev(subject_id INT, label VARCHAR, val DOUBLE, t INT)")
    con.execute("""INSERT INTO ev VALUES
        (1, 'a', 7, 1), (1, 'b', 7, 2), (1, 'c', 2, 3),
        (2, 'a', 9, 1), (2, 'b', 3, 2), (2, 'c', 1, 3),
        (3, 'a', 12.25, 1), (3, 'b', 12.5, 2),
        (4, 'a', 12.25, 1), (4, 'b', 12.75, 2)""")
    con.close()
    with WorkDb(db, memory_limit="256MB", threads=2) as work:
        yield work


def _t(name: str, sql: str, answer: str = "string", **kw) -> Template:
    return Template(id=f"labs.patient.{name}", questions=("For patient {subject_id}, what?",),
                    params="SELECT DISTINCT subject_id FROM ev", sql=sql, answer=answer, **kw)


def _judge(work: WorkDb, t: Template) -> dict[int, tuple]:
    """subject_id -> (answer, drop reason), through the generator's own path for the template's mode."""
    store = CandidateStore(work, seed=0)
    pool = store.pool(t, 0, store.count(t))
    mode = "grouped" if grouped.template_rewrite(t).rewritten else "per_task_plain"
    try:
        results = execute.run(work, t, pool, mode)
        rerun = None
        if execute.needs_rerun(t, mode):
            if mode == "grouped":
                store.reversed_table(pool)
            rerun = execute.run(work, t, pool, mode, rerun=True)
        outcomes = execute.judge(work, t, pool, mode, results, rerun=rerun)
        # the grouped verdicts are the tasks' own SQL's verdicts (the engine re-checks this on a sample)
        for o in outcomes:
            if o.reason not in ("tie_order", "rounding_midpoint", "nondeterministic"):
                assert execute.plain_check(work, t, o) is None, (t.id, o.params)
        return {o.params["subject_id"]: (o.answer, o.reason) for o in outcomes}
    finally:
        store.release(pool)


def test_a_tie_under_limit_is_dropped_and_a_unique_top_is_kept(tiny):
    t = _t("top_label", "SELECT label FROM ev WHERE subject_id = {subject_id} ORDER BY val DESC LIMIT 1")
    got = _judge(tiny, t)
    assert got[1] == (None, "tie_order")
    assert got[2] == ("a", None)


def test_row_number_and_ordered_list_ties_are_dropped(tiny):
    rn = _t("rn_label", "SELECT label FROM (SELECT label, row_number() OVER (ORDER BY val DESC) AS r FROM ev "
                        "WHERE subject_id = {subject_id}) WHERE r = 1")
    assert _judge(tiny, rn)[1] == (None, "tie_order") and _judge(tiny, rn)[2] == ("a", None)
    lst = _t("labels_by_value", "SELECT label FROM ev WHERE subject_id = {subject_id} ORDER BY val DESC",
             answer="list")
    got = _judge(tiny, lst)
    assert got[1] == (None, "tie_order") and got[2] == (["a", "b", "c"], None)
    agg = _t("labels_agg", "SELECT string_agg(label, ',' ORDER BY val DESC) FROM ev WHERE subject_id = {subject_id}")
    got = _judge(tiny, agg)
    assert got[1] == (None, "tie_order") and got[2] == ("a,b,c", None)


def test_rounding_at_an_exact_midpoint_is_dropped(tiny):
    # subject 3: mean 12.375 -> a midpoint at 2 decimals; subject 4: mean 12.5 -> not one at 2 decimals
    t = _t("mean_val", "SELECT round(avg(val), 2) FROM ev WHERE subject_id = {subject_id}", answer="number")
    got = _judge(tiny, t)
    assert got[3] == (None, "rounding_midpoint")
    assert got[4] == (12.5, None)
    assert got[1] == (5.33, None)
    # the same mean at 1 decimal: 12.375 is no midpoint there, 12.5 -> 12.5 exactly
    t1 = _t("mean_val1", "SELECT round(avg(val), 1) FROM ev WHERE subject_id = {subject_id}", answer="number")
    assert _judge(tiny, t1)[3] == (12.4, None)


def test_any_value_and_unordered_first_are_checked(tiny):
    av = _t("any_label", "SELECT any_value(label) FROM ev WHERE subject_id = {subject_id} AND val = "
                         "(SELECT max(val) FROM ev WHERE subject_id = {subject_id})")
    got = _judge(tiny, av)
    assert got[1] == (None, "tie_order") and got[2] == ("a", None)
    # arg_max / max_by: ties in the key are broken both ways like an ORDER BY; NULL keys are still skipped
    for fn in ("arg_max", "max_by"):
        am = _t(f"{fn}_label", f"SELECT {fn}(label, CASE WHEN t = 1 AND subject_id = 2 THEN NULL ELSE val END) "
                               "FROM ev WHERE subject_id = {subject_id}")
        assert not grouped.template_rewrite(am).unhandled
        got = _judge(tiny, am)
        assert got[1] == (None, "tie_order") and got[2] == ("b", None)
    # first() without an order cannot be rewritten: it is listed, and re-run under another order
    fi = _t("first_label", "SELECT first(label) FROM ev WHERE subject_id = {subject_id}")
    assert grouped.template_rewrite(fi).unhandled and execute.needs_rerun(fi, "grouped")


def test_tie_aware_rank_keeps_its_ties(tiny):
    # rank() gives peers one value: "the labels ranked first" is a well-defined set even with a tie
    t = _t("top_labels", "SELECT label FROM (SELECT label, rank() OVER (ORDER BY val DESC) AS r FROM ev "
                         "WHERE subject_id = {subject_id}) WHERE r = 1", answer="set")
    got = _judge(tiny, t)
    assert got[1] == (["a", "b"], None) and got[2] == (["a"], None)


def test_a_regular_expression_parameter_is_inlined_per_distinct_pattern(tiny):
    # a pattern bound to a column is compiled again for every row it tests; the grouped run inlines it
    t = Template(id="labs.population.labels_matching", questions=("Which labels match {pat}?",),
                 params="SELECT * FROM (VALUES ('^(a|b)'), ('^c'), ('^z')) p(pat)",
                 sql="SELECT count(DISTINCT subject_id) AS n FROM ev WHERE regexp_matches(label, {pat})",
                 answer="number")
    assert grouped.pattern_parameters(t) == ("pat",)
    assert grouped.bind_some("x = (__p.pat) AND y = __p.other", {"pat": "^a"}) == "x = ('^a') AND y = __p.other"
    store = CandidateStore(tiny, seed=0)
    pool = store.pool(t, 0, store.count(t))
    try:
        sql_of = [sql for sql, _ in execute._inlined(t, grouped.template_rewrite(t).body, pool.table, pool,
                                                    range(pool.start, pool.end))]
        assert len(sql_of) == 3 and all("regexp_matches(label, (__p" not in s for s in sql_of)
        outcomes = execute.judge(tiny, t, pool, "grouped", execute.run(tiny, t, pool, "grouped"))
        got = {o.params["pat"]: (o.answer, o.reason) for o in outcomes}
        for o in outcomes:  # every answer is the task's own SQL's
            assert execute.plain_check(tiny, t, o) is None
    finally:
        store.release(pool)
    assert got["^(a|b)"] == (4, None) and got["^c"] == (2, None)


def test_rewriting_every_template_is_silent(caplog):
    """sqlglot logs what it cannot write back (it would print on a user's terminal while generating): the grouped
    rewrite of every template must write back what it read."""
    from ehr_tui.tasks import grouped, intents

    grouped._cached_rewrite.cache_clear()
    with caplog.at_level("WARNING", logger="sqlglot"):
        for t in intents.all_templates():
            grouped.template_rewrite(t)
    assert not [r.getMessage() for r in caplog.records if r.name.startswith("sqlglot")]
