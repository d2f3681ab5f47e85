"""Cells the policies once confused: a boolean taken for the count 1 by the typed rules (through the
"same rows" shortcut), and +inf / -inf / NaN / NULL taken for one another by every policy."""

from __future__ import annotations

import math

import pytest

from ehr_tui.scoring import Rows, compare_results, parse_kinds
from ehr_tui.scoring.policies import typed_equal


def _all(pred, gold, kinds=("count",), sql="SELECT count(*) AS c FROM t"):
    return compare_results(Rows.of(["c"] * len(pred[0]), pred), Rows.of(["c"] * len(gold[0]), gold), gold_sql=sql,
                           kinds=parse_kinds(list(kinds)), answer_type="number" if len(kinds) == 1 else "table",
                           ordered=False)


@pytest.mark.parametrize("kind", ["count", "measurement:2", "code", "string", "identifier"])
def test_a_boolean_is_not_the_number_one_under_the_typed_rules(kind):
    verdict = _all([[True]], [[1]], (kind,))
    assert verdict["typed"] is False
    assert verdict["bird"] and verdict["spider"]  # SQLite has no booleans: their own scripts say equal
    assert typed_equal(Rows.of(["c"], [[True]]), Rows.of(["c"], [[1]]), parse_kinds([kind]), False) is False
    assert _all([[True]], [[True]], (kind,))["typed"]


def test_a_boolean_cell_in_a_table_row():
    verdict = _all([[20000345, True]], [[20000345, 1]], ("identifier", "count"))
    assert verdict["typed"] is False


@pytest.mark.parametrize("a,b", [(math.inf, -math.inf), (math.inf, None), (-math.inf, None), (math.nan, None),
                                 (math.nan, math.inf), (math.nan, 0.0)])
def test_non_finite_values_and_null_are_all_different(a, b):
    verdict = _all([[a]], [[b]], ("measurement:2",), "SELECT avg(x) AS c FROM t")
    assert not any(verdict.values()), verdict
    assert not any(_all([[b]], [[a]], ("measurement:2",), "SELECT avg(x) AS c FROM t").values())


@pytest.mark.parametrize("a", [math.inf, -math.inf, math.nan, None])
def test_each_equals_itself(a):
    assert all(_all([[a], [1.5]], [[1.5], [a]], ("measurement:2",), "SELECT avg(x) AS c FROM t").values())
