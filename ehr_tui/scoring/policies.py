"""Execution accuracy: the agent's result set against the gold query's, under four published policies.

===========  ==================================================================================
``typed``    ehr-tui's own rules: the same rows as a multiset (in order when the task says order
             matters), columns in any order, each cell compared under its column's answer kind
             (identifiers exact, measurements at the asked rounding, codes without dots, ...)
``bird``     BIRD (``evaluation.py``): ``set(predicted) == set(gold)``: rows as tuples, order
             ignored, duplicates collapse, columns in the order written, values exactly equal
``spider``   Spider test-suite (``exec_eval.py``, ``result_eq``): the same multiset of rows; order
             counts only when the gold query has an ORDER BY; columns may be permuted. Values exactly
             equal. Differences from the script: order is decided by the outermost ORDER BY (the
             script tests the text for "order by", which our gold SQL also has inside window
             functions, where it orders nothing in the result); DISTINCT is kept (the script's
             ``--keep_distinct``: dropping it inside ``count(DISTINCT ...)`` changes what a query
             means); one database, not a suite of distilled ones
``ehrsql``   EHRSQL 2024 (``scoring_utils.py``): every cell that reads as a number rounded to 3
             decimals, every cell as text, rows sorted, the first 100 compared
===========  ==================================================================================

Results are compared whole: the sandbox runs both queries without the agent's row cap, so sorting
always happens before any truncation. A query error, a timeout, no final query and a result too
large to hold are states of their own (``execution``), never "wrong".
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable, Sequence

from .containers import perfect_matching
from .jsonable import to_jsonable
from .kinds import Kind, outer_order_by
from .values import NotCanonical, canon, cells_match

POLICIES = ("typed", "bird", "spider", "ehrsql")
POLICY_NAMES = {"typed": "ehr-tui typed", "bird": "BIRD", "spider": "Spider test-suite", "ehrsql": "EHRSQL 2024"}
EHRSQL_ROWS = 100


def _hashable(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_hashable(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _hashable(x)) for k, x in v.items()))
    return v


class _NaN:
    """NaN as a compared cell: equal to itself (float NaN is not, which would break sets and counts), never
    to NULL or to a number."""

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, _NaN)

    def __hash__(self) -> int:
        return hash("NaN")

    def __repr__(self) -> str:
        return "NaN"


NAN = _NaN()


def _cell(v: Any) -> Any:
    # to_jsonable stores non-finite numbers as NULL (JSON has none); compared, +inf, -inf, NaN and NULL differ
    if isinstance(v, (float, Decimal)) and not math.isfinite(v):
        return NAN if math.isnan(v) else float(v)
    return _hashable(to_jsonable(v))


@dataclass(frozen=True)
class Rows:
    """A result set as compared: column names and rows of JSON values (DuckDB values as SQLite gives them:
    numbers, text, NULL; dates as ISO text)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    @classmethod
    def of(cls, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> "Rows":
        return cls(tuple(columns), tuple(tuple(_cell(c) for c in r) for r in rows))

    @property
    def width(self) -> int:
        return len(self.columns) if self.columns else (len(self.rows[0]) if self.rows else 0)


# ---------------------------------------------------------------------------------------------
# The policies


def bird_equal(pred: Rows, gold: Rows) -> bool:
    return set(pred.rows) == set(gold.rows)


def _unorder_row(row: tuple) -> tuple:
    return tuple(sorted(row, key=lambda x: str(x) + str(type(x))))


def _column_options(gold: Rows, pred: Rows, same: Callable[[Any, Any], bool] | None = None) -> list[list[int]]:
    """For each gold column, the pred columns whose every value occurs in it (a necessary condition)."""
    width = gold.width
    if same is None:
        sets = [{r[i] for r in gold.rows} for i in range(width)]
        return [[j for j in range(width) if all(r[j] in sets[i] for r in pred.rows)] for i in range(width)]
    return [[j for j in range(width) if all(any(same(r[j], g[i]) for g in gold.rows) for r in pred.rows)]
            for i in range(width)]


def permutations(options: list[list[int]]) -> Any:
    for perm in itertools.product(*options):
        if len(set(perm)) == len(perm):
            yield perm


def spider_equal(pred: Rows, gold: Rows, order_matters: bool) -> bool:
    """Spider test-suite's ``result_eq(gold, pred, order_matters)``."""
    if not gold.rows and not pred.rows:
        return True
    if len(gold.rows) != len(pred.rows):
        return False
    width = len(gold.rows[0])
    if len(pred.rows[0]) != width:
        return False
    g_un = [_unorder_row(r) for r in gold.rows]
    p_un = [_unorder_row(r) for r in pred.rows]
    if (g_un != p_un) if order_matters else (set(g_un) != set(p_un)):
        return False
    gold_counts = Counter(gold.rows)
    for perm in permutations(_column_options(gold, pred)):
        permuted = [tuple(r[j] for j in perm) for r in pred.rows]
        if order_matters:
            if list(gold.rows) == permuted:
                return True
        elif Counter(permuted) == gold_counts:
            return True
    return False


def ehrsql_cell(item: Any) -> str:
    """EHRSQL 2024's ``process_item``: a cell that reads as a number, rounded to 3 decimals; then text."""
    try:
        item = round(float(item), 3)
    except (TypeError, ValueError, OverflowError):
        pass
    return str(item)


def ehrsql_form(rows: Rows) -> list[list[str]]:
    return sorted([[ehrsql_cell(c) for c in r] for r in rows.rows])[:EHRSQL_ROWS]


def ehrsql_equal(pred: Rows, gold: Rows) -> bool:
    return ehrsql_form(pred) == ehrsql_form(gold)


def typed_equal(pred: Rows, gold: Rows, kinds: Sequence[Kind], ordered: bool) -> bool:
    """Multiset of rows (a sequence when ``ordered``), cells under the gold columns' kinds, columns permuted."""
    width = gold.width
    if len(pred.rows) != len(gold.rows) or pred.width != width:
        return False
    kinds = list(kinds) + [Kind("string")] * (width - len(kinds))
    if not gold.rows:
        return True
    try:
        return _typed_canonical(pred, gold, kinds, ordered)
    except NotCanonical:
        return _typed_pairwise(pred, gold, kinds, ordered)


def _typed_canonical(pred: Rows, gold: Rows, kinds: list[Kind], ordered: bool) -> bool:
    """Every cell put in its kind's canonical form once per (column, kind): linear in the rows."""
    width = gold.width
    gold_cols = [[canon(r[i], kinds[i]) for r in gold.rows] for i in range(width)]
    gold_sets = [set(c) for c in gold_cols]
    cache: dict[tuple[int, Kind], list] = {}

    def pred_col(j: int, kind: Kind) -> list:
        key = (j, kind)
        if key not in cache:
            cache[key] = [canon(r[j], kind) for r in pred.rows]
        return cache[key]

    gold_keys = list(zip(*gold_cols))
    gold_counts = None if ordered else Counter(gold_keys)

    def same(perm: tuple[int, ...]) -> bool:
        keys = list(zip(*(pred_col(j, kinds[i]) for i, j in enumerate(perm))))
        return (keys == gold_keys) if ordered else (Counter(keys) == gold_counts)

    if same(tuple(range(width))):  # the columns as written: the usual case, no search
        return True
    options = [[j for j in range(width) if set(pred_col(j, kinds[i])) <= gold_sets[i]] for i in range(width)]
    return any(same(perm) for perm in permutations(options) if list(perm) != list(range(width)))


def _typed_pairwise(pred: Rows, gold: Rows, kinds: list[Kind], ordered: bool) -> bool:
    """For kinds without a canonical form (a measurement with no asked precision): cell by cell."""
    width = gold.width
    options = [[j for j in range(width) if all(any(cells_match(r[j], g[i], kinds[i]) for g in gold.rows)
                                               for r in pred.rows)] for i in range(width)]

    def row_ok(p: tuple, g: tuple) -> bool:
        return all(cells_match(p[i], g[i], kinds[i]) for i in range(width))

    for perm in permutations(options):
        permuted = [tuple(r[j] for j in perm) for r in pred.rows]
        if ordered:
            if all(row_ok(p, g) for p, g in zip(permuted, gold.rows)):
                return True
        elif perfect_matching(permuted, list(gold.rows), row_ok):
            return True
    return False


def spider_order_matters(gold_sql: str) -> bool:
    found = outer_order_by(gold_sql)
    return bool(found) if found is not None else "order by" in gold_sql.lower()


def typed_ordered(answer_type: str, ordered: bool) -> bool:
    return answer_type == "list" or (answer_type == "table" and ordered)


def compare_results(pred: Rows, gold: Rows, *, gold_sql: str, kinds: Sequence[Kind], answer_type: str,
                    ordered: bool) -> dict[str, bool]:
    """Whether ``pred`` matches ``gold`` under each policy."""
    if pred.width == gold.width and len(pred.rows) == len(gold.rows) and Counter(pred.rows) == Counter(gold.rows):
        # the same rows exactly: every policy agrees but where order counts (each rule is a function of the
        # cells, so equal cells give equal forms). Python's True == 1 == 1.0: BIRD and Spider (SQLite has no
        # booleans) agree with that, the typed rules do not, so with a boolean cell they decide for themselves.
        same_order = pred.rows == gold.rows
        typed = typed_equal(pred, gold, kinds, typed_ordered(answer_type, ordered)) if _has_bool(pred, gold) \
            else same_order or not typed_ordered(answer_type, ordered)
        return {"typed": typed, "bird": True,
                "spider": same_order or not spider_order_matters(gold_sql), "ehrsql": True}
    return {"typed": typed_equal(pred, gold, kinds, typed_ordered(answer_type, ordered)),
            "bird": bird_equal(pred, gold),
            "spider": spider_equal(pred, gold, spider_order_matters(gold_sql)),
            "ehrsql": ehrsql_equal(pred, gold)}


def _has_bool(*results: Rows) -> bool:
    return any(type(c) is bool for r in results for row in r.rows for c in row)
