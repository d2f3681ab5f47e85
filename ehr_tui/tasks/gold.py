"""Gold results and the one function that turns a gold query's result into a stored answer.

A task is dropped, and counted under its reason, when its answer is not a sensible, unique gold
answer. ``DROP_REASONS`` says what each reason means; ``tasks stats`` and the datasheet print them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .answers import to_jsonable
from .template import Template

SCALAR_TYPES = ("number", "string", "boolean", "date")

DROP_REASONS = {
    "empty": "the gold query returns no row",
    "null": "the gold query returns only NULLs",
    "ambiguous": "a one-value question whose gold query returns several rows (e.g. a tie for the maximum)",
    "tie": "a top-k whose gold query returns other than k rows (a tie at the cut, ranked with RANK())",
    "too_many_rows": "more rows than the template's limit: not a sensible answer to read",
    "tie_order": "the answer depends on the order of tied rows (ORDER BY ... LIMIT, row_number, an ordered list)",
    "rounding_midpoint": "a rounded value lies at a rounding midpoint (e.g. 12.375 to 2 decimals): "
                         "round-half-even and half-up disagree",
    "nondeterministic": "the answer changed when the gold query ran again under another thread count and row order",
    "duplicate": "same question and answer as an earlier task",
    "error": "the gold SQL failed or its result has the wrong shape for its answer type (a template bug)",
}


@dataclass
class GoldResult:
    """What a gold query returned for one task: columns, types, rows (capped) and the true row count."""
    columns: list[str]
    types: list[str] = field(default_factory=list)
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    row_count: int = 0         # true count, or at least max_rows + 1 when there were more
    error: str | None = None


def gold_answer(template: Template, result: GoldResult, params: dict[str, Any]) -> tuple[Any, str | None]:
    """(stored gold answer, None) or (None, drop reason) for one executed gold query."""
    if result.error is not None:
        return None, "error"
    n = result.row_count
    if n == 0:
        return None, "empty"
    if n > template.max_rows or len(result.rows) < n:
        return None, "too_many_rows"
    values = [[_stable(to_jsonable(v)) for v in row] for row in result.rows]
    if all(v is None for row in values for v in row):
        return None, "null"
    kind = template.answer
    if kind in SCALAR_TYPES:
        if len(result.columns) != 1:
            return None, "error"
        if n > 1:
            return None, "ambiguous"
        value = values[0][0]
        if kind == "number" and (isinstance(value, bool) or not isinstance(value, (int, float))):
            return None, "error"
        if kind == "boolean" and not isinstance(value, bool):
            return None, "error"
        return value, None
    expected = params.get(template.rows) if isinstance(template.rows, str) else template.rows
    if expected is not None and n != expected:
        return None, "tie"
    if kind in ("list", "set"):
        if len(result.columns) != 1:
            return None, "error"
        items = [row[0] for row in values]
        return (items if kind == "list" else sorted(items, key=_order_key)), None
    return (values if template.ordered else sorted(values, key=lambda r: tuple(_order_key(v) for v in r))), None


def _stable(value: Any) -> Any:
    """Floats to 12 significant digits: parallel aggregation must not change the last bits of an answer;
    and no negative zero (round(-0.001, 2) is -0.0: a gold answer of "-0.0" reads as a sign that is not there)."""
    return float(f"{value:.12g}") + 0.0 if isinstance(value, float) else value


def _order_key(value: Any) -> tuple:
    """Canonical order of unordered answers (SELECT DISTINCT has none), so a seed gives identical files."""
    return (value is None, str(type(value)), value if value is not None else 0)
