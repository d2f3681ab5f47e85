"""Execution-accuracy policies on result sets (BIRD, Spider test-suite, EHRSQL 2024, typed), their diffs, and
the states that are not "wrong"."""

from __future__ import annotations

import pytest

from ehr_tui.scoring import AnswerSpec, Outcome, Rows, compare_outcomes, compare_results, diff_all, parse_kinds
from ehr_tui.scoring.policies import ehrsql_form

SQL = "SELECT a, b FROM t"
SQL_ORDERED = "SELECT a, b FROM t ORDER BY b DESC"
SQL_WINDOW = "SELECT a, row_number() OVER (ORDER BY b) AS r FROM t"


def cmp(pred, gold, kinds=("string", "count"), sql=SQL, answer_type="table", ordered=False, cols=None):
    cols = cols or [f"c{i}" for i in range(len(gold[0]) if gold else 2)]
    pcols = [f"c{i}" for i in range(len(pred[0]) if pred else len(cols))]
    return compare_results(Rows.of(pcols, pred), Rows.of(cols, gold), gold_sql=sql, kinds=parse_kinds(kinds),
                           answer_type=answer_type, ordered=ordered)


def test_bird_is_a_set_of_rows_duplicates_collapse_order_ignored():
    r = cmp([["b", 2], ["a", 1], ["a", 1]], [["a", 1], ["b", 2]])
    assert r["bird"] and not r["spider"] and not r["typed"]  # duplicates count for the multiset policies


def test_bird_needs_columns_in_order_spider_and_typed_permute():
    r = cmp([[1, "a"], [2, "b"]], [["a", 1], ["b", 2]])
    assert not r["bird"] and r["spider"] and r["typed"]


def test_spider_order_counts_only_with_an_outer_order_by():
    pred, gold = [["a", 1], ["b", 2]], [["b", 2], ["a", 1]]
    assert cmp(pred, gold, sql=SQL)["spider"]
    assert not cmp(pred, gold, sql=SQL_ORDERED)["spider"]
    assert cmp(pred, gold, sql=SQL_WINDOW)["spider"]  # ORDER BY inside a window orders nothing in the result


def test_exact_policies_do_not_round_ehrsql_rounds_to_3_typed_to_the_kind():
    gold = [["a", 12.3456]]
    r = cmp([["a", 12.3457]], gold, kinds=("string", "measurement"))
    assert not r["bird"] and not r["spider"] and r["ehrsql"] and not r["typed"]
    r = cmp([["a", 12.35]], gold, kinds=("string", "measurement:2"))
    assert r["typed"] and not r["ehrsql"]


def test_typed_identifiers_exact_codes_without_dots():
    r = cmp([[20000345, "428.0"]], [[20000345, "4280"]], kinds=("identifier", "code"))
    assert r["typed"] and not r["bird"]
    assert not cmp([[20002345, "4280"]], [[20000345, "4280"]], kinds=("identifier", "code"))["typed"]
    assert not cmp([[20000345, "4281"]], [[20000345, "4280"]], kinds=("identifier", "code"))["typed"]


def test_typed_list_answers_keep_order():
    gold, pred = [[1], [2], [3]], [[3], [2], [1]]
    assert not cmp(pred, gold, kinds=("count",), answer_type="list")["typed"]
    assert cmp(pred, gold, kinds=("count",), answer_type="set")["typed"]


def test_ehrsql_sorts_before_truncating_to_100_rows():
    gold = [[i] for i in range(150)]
    shuffled = list(reversed(gold))
    assert cmp(shuffled, gold, kinds=("count",))["ehrsql"]
    assert ehrsql_form(Rows.of(["x"], shuffled)) == ehrsql_form(Rows.of(["x"], gold))
    # truncating before sorting would compare two different first-100 slices
    assert [[str(float(r[0]))] for r in shuffled[:100]] != ehrsql_form(Rows.of(["x"], gold))


def test_an_extra_column_fails_every_policy_and_the_diff_names_it():
    gold = Rows.of(["n"], [[3]])
    pred = Rows.of(["hadm_id", "n"], [[20000345, 3]])
    r = compare_results(pred, gold, gold_sql="SELECT count(*) AS n FROM t", kinds=parse_kinds(["count"]),
                        answer_type="number", ordered=False)
    assert not any(r.values())
    diffs = diff_all(pred, gold, gold_sql="SELECT count(*) AS n FROM t", kinds=parse_kinds(["count"]),
                     answer_type="number", ordered=False)
    for d in diffs.values():
        assert not d.equal and d.columns_extra == ["hadm_id"], d


def test_cell_by_cell_diff_missing_and_extra_rows():
    gold = Rows.of(["g", "m"], [["F", 2.26], ["M", 8.45], ["U", 1.0]])
    pred = Rows.of(["g", "m"], [["F", 2.26], ["M", 8.46], ["X", 5.0]])
    kinds = parse_kinds(["string", "measurement:2"])
    d = diff_all(pred, gold, gold_sql=SQL, kinds=kinds, answer_type="table", ordered=False)["typed"]
    assert not d.equal
    cells = {(c.column, c.gold, c.pred) for c in d.cells}
    assert ("m", 8.45, 8.46) in cells
    assert "cell" in d.summary()
    assert d.rows_missing or d.rows_extra or len(d.cells) >= 2


def test_equal_results_have_empty_diffs():
    gold = Rows.of(["a"], [[1], [2]])
    for d in diff_all(gold, gold, gold_sql=SQL, kinds=parse_kinds(["count"]), answer_type="set",
                      ordered=False).values():
        assert d.equal and d.summary() == "same result"


@pytest.mark.parametrize("state", ["error", "timeout", "too_large"])
def test_error_timeout_and_too_large_are_their_own_states(state):
    spec = AnswerSpec("number", parse_kinds(["count"]), 3)
    gold = Outcome("ran", Rows.of(["n"], [[3]]))
    ex = compare_outcomes(Outcome(state, error="boom"), gold, spec, "SELECT 3")
    assert ex.state == state
    assert all(ex.verdict(p) == state for p in ("typed", "bird", "spider", "ehrsql"))


def test_no_query_and_gold_error_states():
    spec = AnswerSpec("number", parse_kinds(["count"]), 3)
    gold = Outcome("ran", Rows.of(["n"], [[3]]))
    assert compare_outcomes(None, gold, spec, "SELECT 3").state == "no_query"
    assert compare_outcomes(Outcome("ran", Rows.of(["n"], [[3]])), Outcome("error", error="x"), spec,
                            "SELECT 3").state == "gold_error"
    ex = compare_outcomes(Outcome("ran", Rows.of(["n"], [[4]])), gold, spec, "SELECT 3")
    assert ex.state == "ran" and ex.verdict("bird") == "mismatch"
