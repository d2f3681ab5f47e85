"""Where two result sets differ under one policy: extra and missing columns, missing and extra rows,
the cells that differ in rows that otherwise line up, or the first row out of order.

The Debugger's diff (`d`) shows one ``ResultDiff`` per policy, so a verdict always comes with its
reason ("extra column hadm_id", "row 3: pct 8.45 vs gold 8.46").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .kinds import Kind
from .policies import (POLICY_NAMES, Rows, compare_results, ehrsql_cell, spider_order_matters, typed_ordered)
from .values import cells_match

SHOW = 8  # rows / cells listed per category


@dataclass(frozen=True)
class CellDiff:
    gold_row: int   # index in the gold result
    pred_row: int   # index in the agent's result
    column: str     # the gold column's name
    gold: Any
    pred: Any


@dataclass
class ResultDiff:
    policy: str
    equal: bool
    columns_extra: list[str] = field(default_factory=list)    # agent columns matching no gold column
    columns_missing: list[str] = field(default_factory=list)  # gold columns the agent's result lacks
    rows_missing: list[int] = field(default_factory=list)     # gold rows with no partner (indices)
    rows_extra: list[int] = field(default_factory=list)       # agent rows with no partner (indices)
    cells: list[CellDiff] = field(default_factory=list)       # rows that pair up except for these cells
    order: str = ""                                           # the first row out of order, when only order differs
    note: str = ""                                            # the rule applied, in a few words

    @property
    def name(self) -> str:
        return POLICY_NAMES[self.policy]

    def summary(self) -> str:
        """One line: what differs."""
        if self.equal:
            return "same result"
        parts = []
        if self.columns_extra:
            parts.append("extra column" + ("s " if len(self.columns_extra) > 1 else " ") + ", ".join(self.columns_extra))
        if self.columns_missing:
            parts.append("missing column" + ("s " if len(self.columns_missing) > 1 else " ")
                         + ", ".join(self.columns_missing))
        if self.cells:
            parts.append(f"{len(self.cells)} cell{'s differ' if len(self.cells) != 1 else ' differs'}")
        if self.rows_missing:
            parts.append(f"{len(self.rows_missing)} gold row{'s' if len(self.rows_missing) != 1 else ''} missing")
        if self.rows_extra:
            parts.append(f"{len(self.rows_extra)} extra row{'s' if len(self.rows_extra) != 1 else ''}")
        if self.order:
            parts.append(self.order)
        return "; ".join(parts) or "the results differ"


def _cell_rule(policy: str, kinds: Sequence[Kind]) -> Callable[[Any, Any, int], bool]:
    if policy == "typed":
        return lambda p, g, i: cells_match(p, g, kinds[i] if i < len(kinds) else Kind("string"))
    if policy == "ehrsql":
        return lambda p, g, i: ehrsql_cell(p) == ehrsql_cell(g)
    return lambda p, g, i: p == g


def _align_columns(pred: Rows, gold: Rows, same, permute: bool) -> list[int | None]:
    """For each gold column, the agent column holding the same values (None: none does)."""
    used: set[int] = set()
    out: list[int | None] = []
    for i in range(gold.width):
        candidates = [i] if not permute and i < pred.width else list(range(pred.width))
        if not permute and pred.width != gold.width:
            candidates = list(range(pred.width))
        pick = None
        for j in candidates:
            if j in used:
                continue
            g_vals = [r[i] for r in gold.rows]
            p_vals = [r[j] for r in pred.rows]
            if _same_values(p_vals, g_vals, lambda p, g: same(p, g, i)):
                pick = j
                break
        if pick is None:
            by_name = [j for j in range(pred.width) if j not in used and j < len(pred.columns)
                       and i < len(gold.columns) and pred.columns[j].lower() == gold.columns[i].lower()]
            pick = by_name[0] if by_name else (i if i < pred.width and i not in used and pred.width == gold.width
                                               else None)
        if pick is not None:
            used.add(pick)
        out.append(pick)
    return out


def _same_values(p_vals: list, g_vals: list, same) -> bool:
    if len(p_vals) != len(g_vals):
        return bool(p_vals) and bool(g_vals) and all(any(same(p, g) for g in g_vals) for p in p_vals) and \
            all(any(same(p, g) for p in p_vals) for g in g_vals)
    remaining = list(g_vals)
    for p in p_vals:
        hit = next((k for k, g in enumerate(remaining) if same(p, g)), None)
        if hit is None:
            return False
        remaining.pop(hit)
    return True


def diff_results(pred: Rows, gold: Rows, policy: str, *, gold_sql: str, kinds: Sequence[Kind], answer_type: str,
                 ordered: bool) -> ResultDiff:
    equal = compare_results(pred, gold, gold_sql=gold_sql, kinds=kinds, answer_type=answer_type,
                            ordered=ordered)[policy]
    order_counts = {"typed": typed_ordered(answer_type, ordered), "spider": spider_order_matters(gold_sql),
                    "bird": False, "ehrsql": False}[policy]
    notes = {"typed": "multiset of rows, cells by answer kind, columns in any order",
             "bird": "set of rows (duplicates collapse), exact values, columns in order",
             "spider": "multiset of rows, exact values, columns in any order",
             "ehrsql": "numbers rounded to 3 decimals, rows sorted, first 100 rows"}
    note = notes[policy] + ("; order counts" if order_counts else "")
    d = ResultDiff(policy, equal, note=note)
    if equal:
        return d
    same = _cell_rule(policy, kinds)
    align = _align_columns(pred, gold, same, permute=policy in ("typed", "spider"))
    d.columns_missing = [gold.columns[i] if i < len(gold.columns) else f"#{i + 1}"
                         for i, j in enumerate(align) if j is None]
    used = {j for j in align if j is not None}
    d.columns_extra = [pred.columns[j] if j < len(pred.columns) else f"#{j + 1}"
                       for j in range(pred.width) if j not in used]
    shared = [(i, j) for i, j in enumerate(align) if j is not None]
    if not shared:
        return d

    def key_of(row: tuple, cols: list[int], policy_: str) -> tuple:
        if policy_ == "ehrsql":
            return tuple(ehrsql_cell(row[c]) for c in cols)
        return tuple(row[c] for c in cols)

    g_cols = [i for i, _ in shared]
    p_cols = [j for _, j in shared]
    gold_rows = list(gold.rows)
    pred_rows = list(pred.rows)
    if policy == "ehrsql":
        order_g = sorted(range(len(gold_rows)), key=lambda k: [ehrsql_cell(c) for c in gold_rows[k]])[:100]
        order_p = sorted(range(len(pred_rows)), key=lambda k: [ehrsql_cell(c) for c in pred_rows[k]])[:100]
    else:
        order_g, order_p = list(range(len(gold_rows))), list(range(len(pred_rows)))
    row_same = lambda p, g: all(same(p[j], g[i], i) for i, j in shared)  # noqa: E731
    free_p = list(order_p)
    pairs: list[tuple[int, int]] = []
    missing: list[int] = []
    for gi in order_g:
        hit = next((k for k, pi in enumerate(free_p) if row_same(pred_rows[pi], gold_rows[gi])), None)
        if hit is None:
            missing.append(gi)
        else:
            pairs.append((gi, free_p.pop(hit)))
    if policy == "bird":  # sets: duplicates on either side do not count
        seen_g = {key_of(gold_rows[g], g_cols, policy) for g, _ in pairs}
        missing = [g for g in missing if key_of(gold_rows[g], g_cols, policy) not in seen_g]
        seen_p = {key_of(pred_rows[p], p_cols, policy) for _, p in pairs}
        free_p = [p for p in free_p if key_of(pred_rows[p], p_cols, policy) not in seen_p]
    # rows that line up except for some cells: pair by the most equal cells (at least one)
    extra = list(free_p)
    still_missing = []
    for gi in missing:
        scored = [(sum(same(pred_rows[pi][j], gold_rows[gi][i], i) for i, j in shared), k)
                  for k, pi in enumerate(extra)]
        best = max(scored, default=(0, -1))
        single = len(gold_rows) == 1 and len(pred_rows) == 1 and best[1] >= 0  # one value each: a cell differs
        if (best[0] >= 1 and len(shared) > 1) or single:
            pi = extra.pop(best[1])
            for i, j in shared:
                if not same(pred_rows[pi][j], gold_rows[gi][i], i):
                    d.cells.append(CellDiff(gi, pi, gold.columns[i] if i < len(gold.columns) else f"#{i + 1}",
                                            gold_rows[gi][i], pred_rows[pi][j]))
        else:
            still_missing.append(gi)
    d.rows_missing, d.rows_extra = still_missing, extra
    if not (d.rows_missing or d.rows_extra or d.cells or d.columns_extra or d.columns_missing) and order_counts:
        for pos, (gi, pi) in enumerate(sorted(pairs, key=lambda t: t[1])):
            if gi != pos:
                d.order = f"same rows, another order (first at row {pos + 1})"
                break
    if not (d.rows_missing or d.rows_extra or d.cells or d.columns_extra or d.columns_missing or d.order):
        if policy in ("typed", "spider") and Counter(map(len, pred_rows)) != Counter(map(len, gold_rows)):
            d.order = "rows of another width"
        elif policy == "bird":
            d.order = "the same values in another column order"
        elif len(pred_rows) != len(gold_rows):
            d.order = f"{len(pred_rows)} rows where the gold has {len(gold_rows)} (duplicates)"
        else:
            d.order = "the columns line up only in another order"
    return d


def diff_all(pred: Rows, gold: Rows, *, gold_sql: str, kinds: Sequence[Kind], answer_type: str,
             ordered: bool) -> dict[str, ResultDiff]:
    from .policies import POLICIES

    return {p: diff_results(pred, gold, p, gold_sql=gold_sql, kinds=kinds, answer_type=answer_type, ordered=ordered)
            for p in POLICIES}
