"""Answer parsing, normalisation and matching rules, pass@k / pass^k: examples and properties."""

from __future__ import annotations

import datetime as dt
import decimal
import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ehr_tui.tasks.answers import (ABS_TOL, REL_TOL, exact_match, normalize, parse_answer, pass_at_k, pass_hat_k,
                                   task_match, to_jsonable)
from ehr_tui.tasks.model import ANSWER_TYPES, Task

finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12)
# clinical vocabulary is ASCII; Unicode case folding (Turkish dotless i) is not a rule of ours
words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -/()%",
                min_size=1, max_size=20).filter(lambda s: s.strip())


# ---------------------------------------------------------------------------------------------------- examples

@pytest.mark.parametrize("text, gold, kind", [
    ("42 mg/dL", 42, "number"),
    ("about 1,234.5 patients", 1234.5, "number"),
    ("The answer is 7.", 7, "number"),
    ("[3]", 3, "number"),
    ("[[3.50]]", 3.5, "number"),
    ("−2.5", -2.5, "number"),
    ("Final answer: 12", 12, "number"),
    ("Yes, she was", True, "boolean"),
    ("no.", False, "boolean"),
    ("TRUE", True, "boolean"),
    ("2150-03-04 00:00:00", "2150-03-04", "date"),
    ("March 4, 2150", "2150-03-04", "date"),
    ("The first dose was on 2150-03-04 10:15.", "2150-03-04 10:15:00", "date"),
    ('"Heart Rate".', "heart rate", "string"),
    ("  **Medical  Intensive Care Unit (MICU)** ", "Medical Intensive Care Unit (MICU)", "string"),
    ("- a\n- B", ["b", "a"], "set"),
    ("b; a", ["a", "b"], "set"),
    ('["a", "b", "a"]', ["b", "a"], "set"),
    ("['0389', 'V1582']", ["0389", "V1582"], "list"),
    ("1. MED\n2. SURG", ["MED", "SURG"], "list"),
    ("```json\n[1, 2, 3]\n```", [1, 2, 3], "list"),
    ("| unit | n |\n|---|---|\n| a | 1 |\n| b | 2 |", [["b", 2], ["a", 1]], "table"),
    ('[{"band": "18-44", "n": 26}]', [["18-44", 26]], "table"),
    ("[1, 2]", [[1], [2]], "table"),
    ("null", None, "number"),
])
def test_examples_match(text, gold, kind):
    assert exact_match(text, gold, kind), (text, gold, kind, normalize(text, kind), normalize(gold, kind))


@pytest.mark.parametrize("text, gold, kind", [
    ("43", 42, "number"),
    ("nonsense", 1, "number"),
    ("between 3 and 4", 3.5, "number"),
    ("yes", False, "boolean"),
    ("maybe", True, "boolean"),
    ("2150-03-05", "2150-03-04", "date"),
    ("2150-03-04 10:00", "2150-03-04", "date"),
    ("heart rates", "heart rate", "string"),
    ("[3, 2, 1]", [1, 2, 3], "list"),
    ('["a"]', ["a", "b"], "set"),
    ("389", ["0389"], "list"),  # a code with a leading zero is not the number 389
    ("| a | 1 |", [["a", 2]], "table"),
    ("", [1], "list"),
])
def test_examples_do_not_match(text, gold, kind):
    assert not exact_match(text, gold, kind)


def test_ordered_table_and_unordered_table():
    gold = [["a", 1], ["b", 2]]
    assert exact_match([["b", 2], ["a", 1]], gold, "table", ordered=False)
    assert not exact_match([["b", 2], ["a", 1]], gold, "table", ordered=True)
    assert exact_match([["a", 1], ["b", 2]], gold, "table", ordered=True)


def test_task_match_uses_the_task_answer_type():
    task = Task(id="x", intent="labs", level="patient", template_id="labs.patient.x", split="train",
                question="q?", gold_sql="SELECT 1", gold_answer=["Foley", "Void"], answer_type="set")
    assert task_match("Void, Foley", task)
    assert task_match(["void", "foley"], task)
    assert not task_match("Void", task)


def test_to_jsonable_duckdb_and_numpy_values():
    values = [decimal.Decimal("1.50"), decimal.Decimal("3"), dt.datetime(2150, 1, 1, 10, 0), dt.date(2150, 1, 1),
              np.int64(5), np.float32(1.5), float("nan"), dt.timedelta(days=1), (1, "a"), {2, 1},
              np.array([1, 2]), decimal.Decimal("NaN"), dt.time(7, 30)]
    out = to_jsonable(values)
    assert out == [1.5, 3, "2150-01-01 10:00:00", "2150-01-01", 5, 1.5, None, 86400.0, [1, "a"], [1, 2], [1, 2],
                   None, "07:30:00"]
    json.dumps(out)  # JSON-safe
    assert isinstance(out[1], int) and isinstance(out[4], int)


def test_pass_at_k_known_values():
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)
    assert pass_at_k(10, 0, 5) == 0.0
    assert pass_at_k(10, 8, 3) == 1.0  # fewer than k failures: every draw of k holds a success
    assert pass_hat_k(10, 3, 2) == pytest.approx(3 / 45)
    assert pass_hat_k(5, 5, 5) == 1.0
    assert pass_hat_k(5, 4, 5) == 0.0


@pytest.mark.parametrize("n, c, k", [(0, 0, 1), (5, 6, 1), (5, -1, 1), (5, 2, 0), (5, 2, 6), (5.0, 2, 1)])
def test_pass_k_rejects_impossible_counts(n, c, k):
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)
    with pytest.raises(ValueError):
        pass_hat_k(n, c, k)


# ---------------------------------------------------------------------------------------------------- properties

@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.sampled_from(ANSWER_TYPES))
def test_parse_answer_never_raises(text, kind):
    parse_answer(text, kind)
    exact_match(text, "x", kind)  # and matching a malformed prediction is a miss, not a crash


@given(finite)
def test_number_matches_itself_in_any_text_form(x):
    assert exact_match(repr(x), x, "number")
    assert exact_match(f"{x} mg/dL", x, "number") or "e" in repr(x)
    assert exact_match(json.dumps([x]), x, "number")


@given(finite, st.floats(min_value=2.0, max_value=100.0))
def test_number_tolerance_is_relative(x, factor):
    inside = x + (abs(x) * REL_TOL / factor)
    assert exact_match(inside, x, "number")
    outside = x + max(abs(x) * REL_TOL * factor, ABS_TOL * factor)
    assert not exact_match(outside, x, "number")


@given(st.lists(words, min_size=1, max_size=8, unique_by=lambda s: " ".join(s.split()).casefold()), st.randoms())
def test_sets_ignore_order_and_case_lists_keep_order(items, rnd):
    shuffled = items[:]
    rnd.shuffle(shuffled)
    upper = [s.upper() for s in shuffled]
    assert exact_match(json.dumps(upper), items, "set")
    assert exact_match(upper, items, "set")
    assert exact_match(json.dumps(items), items, "list")
    if shuffled != items and len({s.casefold() for s in items}) == len(items):
        assert not exact_match(shuffled, items, "list")


@given(words)
def test_strings_ignore_case_and_whitespace(s):
    messy = "  " + "   ".join(s.upper().split()) + " \n"
    assert exact_match(messy, s, "string")
    assert not exact_match(messy + "x", s, "string")


@given(st.datetimes(min_value=dt.datetime(1900, 1, 1), max_value=dt.datetime(2200, 12, 31)))
def test_dates_match_across_forms(t):
    t = t.replace(microsecond=0)
    gold = to_jsonable(t)
    assert exact_match(t.isoformat(), gold, "date")
    assert exact_match(f"on {t.isoformat(sep=' ')}", gold, "date")
    assert exact_match(t.date().isoformat(), to_jsonable(t.date()), "date")
    if t.time() != dt.time(0):
        assert not exact_match(t.date().isoformat(), gold, "date")


@given(st.lists(st.one_of(st.none(), finite, words), max_size=6), st.sampled_from(("list", "set", "table")))
def test_normalize_is_idempotent_and_self_matching(values, kind):
    value = [[v] for v in values] if kind == "table" else values
    assert exact_match(value, value, kind)
    assert exact_match(json.dumps(value), value, kind)


@given(st.sampled_from(["null", "None", "n/a", "", "NaN"]))
def test_null_words_are_one_missing_value(word):
    assert normalize(word, "number") is None
    assert exact_match([word, "a"], [None, "a"], "list")


def _brute_pass(n, c, k, all_succeed: bool) -> float:
    trials = [True] * c + [False] * (n - c)
    draws = list(itertools.combinations(range(n), k))
    good = sum((all if all_succeed else any)(trials[i] for i in d) for d in draws)
    return good / len(draws)


@given(st.integers(1, 9).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n))))
def test_pass_k_estimators_equal_brute_force(nck):
    n, c, k = nck
    assert pass_at_k(n, c, k) == pytest.approx(_brute_pass(n, c, k, all_succeed=False))
    assert pass_hat_k(n, c, k) == pytest.approx(_brute_pass(n, c, k, all_succeed=True))


@given(st.integers(2, 40).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n - 1))))
def test_pass_k_monotone_in_k(nck):
    n, c, k = nck
    assert pass_at_k(n, c, k + 1) >= pass_at_k(n, c, k) - 1e-12
    assert pass_hat_k(n, c, k + 1) <= pass_hat_k(n, c, k) + 1e-12
    assert pass_hat_k(n, c, k) <= pass_at_k(n, c, k) + 1e-12
    assert math.isclose(pass_at_k(n, c, 1), c / n) and math.isclose(pass_hat_k(n, c, 1), c / n)
