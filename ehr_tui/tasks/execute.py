"""Running a template's gold SQL over one pool of candidates, and judging each candidate's answer.

Three modes, tried in this order for each template (see ``grouped`` for the checks):

- ``grouped``: one LATERAL query answers every candidate, in all three check copies, in one scan;
- ``per_task``: the same rewritten query, one query per candidate and copy (when the grouped
  form fails, or differs from the task's own SQL on the validation sample, or cannot keep an
  answer's row order);
- ``per_task_plain``: the gold SQL exactly as written, per candidate (when the rewrite breaks
  it); then only the re-run under another thread count and row order checks it.

``judge`` keeps a candidate's answer only when the copies (and the re-run, where there is one)
agree, and otherwise names the reason (``gold.DROP_REASONS``).
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from . import grouped
from .candidates import Pool
from .gold import GoldResult, gold_answer
from .template import Template, render_sql
from .workdb import QueryFailed, WorkDb

MODES = ("grouped", "per_task", "per_task_plain")
GROUPED_TIMEOUT_S = 900.0
PER_TASK_TIMEOUT_S = 60.0

Results = dict[tuple[int, int], GoldResult]  # (position, copy) -> result


@dataclass
class Outcome:
    """One candidate's verdict: its stored answer, or why it was dropped."""
    pos: int                       # position in the template's seeded candidate order
    params: dict[str, Any]
    answer: Any = None
    reason: str | None = None
    result: GoldResult | None = None  # copy 0's result (columns and types; rows dropped once recorded)


def by_item(template: Template) -> bool:
    """Whether the template's queries read the event tables ordered by item (``workdb.BY_ITEM``): a population
    question reads one item's rows across all patients, a patient question one patient's rows."""
    return template.level == "population"


def needs_rerun(template: Template, mode: str) -> bool:
    """Whether the copies alone cannot show every order dependence (so a re-run must)."""
    return mode == "per_task_plain" or bool(grouped.template_rewrite(template).unhandled)


def _grouped(work: WorkDb, template: Template, pool: Pool, rerun: bool, timeout_s: float,
             positions: range | None = None) -> Results:
    rw = grouped.template_rewrite(template)
    deadline = time.monotonic() + timeout_s
    keys = rw.order_keys if grouped.ordered(template) else ()
    table = pool.reversed_table if rerun else pool.table  # the caller made the reversed table
    positions = range(pool.start, pool.end) if positions is None else positions
    if len(positions) < len(pool.params):
        table = f"(SELECT * FROM {table} WHERE __i >= {positions.start} AND __i < {positions.stop})"
    res = None
    for body, rows_table in _inlined(template, rw.body, table, pool, positions):
        left = deadline - time.monotonic()
        if left <= 0:
            raise QueryFailed(f"ran past its {timeout_s:g} s limit", timeout=True)
        part = work.query(grouped.grouped_sql(body, rows_table, template.max_rows, keys), timeout_s=left,
                          by_item=by_item(template))
        if res is None:
            res = part
        else:
            res.rows.extend(part.rows)
    width = len(res.columns) - 4 - rw.hidden  # __i, __copy, answer columns, hidden keys, __n, __ord
    columns, types = res.columns[2:2 + width], res.types[2:2 + width]
    rows_of: dict[tuple[int, int], list[tuple]] = defaultdict(list)
    for row in res.rows:
        rows_of[(row[0], row[1])].append(row)
    out: Results = {}
    for copy in ((0,) if rerun else range(len(grouped.COPIES))):
        for i in positions:
            rows = rows_of.get((i, copy))
            if not rows:
                out[(i, copy)] = GoldResult(columns, types, [], 0)
                continue
            rows.sort(key=lambda r: r[-1])
            out[(i, copy)] = GoldResult(columns, types, [r[2:2 + width] for r in rows], int(rows[0][-2]))
    return out


def _inlined(template: Template, body: str, table: str, pool: Pool, positions: range) -> list[tuple[str, str]]:
    """(body, parameter rows) to run for the candidates at ``positions``: the whole table at once, or, where
    the template has regular-expression parameters (``grouped.pattern_parameters``), one run per distinct
    pattern with it inlined."""
    names = grouped.pattern_parameters(template)
    if not names:
        return [(body, table)]
    # rows picked by position, not by value: every row lands in exactly one run whatever its type
    by_value: dict[tuple, list[int]] = defaultdict(list)
    for i in positions:
        p = pool.params[i - pool.start]
        by_value[tuple(p.get(n) for n in names)].append(i)
    return [(grouped.bind_some(body, dict(zip(names, values))),
             f"(SELECT * FROM {table} WHERE __i IN ({', '.join(map(str, at))}))")
            for values, at in by_value.items()]


def run_one(work: WorkDb, template: Template, sql: str) -> GoldResult:
    """One gold query, its result capped at the template's max_rows (plus one row to tell "more")."""
    try:
        res = work.query(sql, timeout_s=PER_TASK_TIMEOUT_S, max_rows=template.max_rows + 1, by_item=by_item(template))
    except QueryFailed as e:
        return GoldResult([], error=str(e))
    return GoldResult(res.columns, res.types, res.rows[:template.max_rows], len(res.rows))


def task_sql(template: Template, params: dict[str, Any], mode: str, copy: int) -> str:
    """The query one candidate's copy runs in a per-task mode."""
    if mode == "per_task_plain":
        return render_sql(template, params)
    direction, probe = grouped.COPIES[copy]
    return grouped.bind_literals(grouped.template_rewrite(template, expose_order=False).body, params, direction, probe)


def run(work: WorkDb, template: Template, pool: Pool, mode: str, rerun: bool = False,
        timeout_s: float = GROUPED_TIMEOUT_S, positions: range | None = None, known: Results | None = None
        ) -> Results:
    """The check copies 0 and 1 of every candidate (2 too when grouped), or copy 0 again for a
    ``rerun`` (rows in reverse order). QueryFailed when a grouped query fails or runs past
    ``timeout_s`` (all its parts together); per-task errors come back inside the results.
    ``positions``: a grouped run of only these candidates (a part of the pool). ``known``: per-task
    results already run (``task_sql`` of this mode), not run again."""
    if mode == "grouped":
        return _grouped(work, template, pool, rerun, timeout_s, positions)
    copies = (0,) if rerun or mode == "per_task_plain" else (0, 1)
    order = reversed(range(len(pool.params))) if rerun else range(len(pool.params))
    known = {} if rerun or known is None else known
    out: Results = {}
    for k in order:
        for c in copies:
            hit = known.get((pool.start + k, c))
            out[(pool.start + k, c)] = hit if hit is not None else \
                run_one(work, template, task_sql(template, pool.params[k], mode, c))
    return out


def queries(mode: str, pool: Pool, rerun: bool = False) -> int:
    """Queries one ``run`` costs."""
    if mode == "grouped":
        return 1
    return len(pool.params) * (1 if rerun or mode == "per_task_plain" else 2)


def judge(work: WorkDb, template: Template, pool: Pool, mode: str, results: Results,
          rerun: Results | None = None) -> list[Outcome]:
    """Per candidate: the answer when every check agrees, else the drop reason."""
    def third(pos: int, params: dict) -> GoldResult:
        if (pos, 2) not in results:  # per task: run the tie-only copy only where it is needed
            results[(pos, 2)] = run_one(work, template, task_sql(template, params, mode, 2))
        return results[(pos, 2)]

    out = []
    for k, params in enumerate(pool.params):
        pos = pool.start + k
        first = results[(pos, 0)]
        a0 = gold_answer(template, first, params)
        a1 = a0 if mode == "per_task_plain" else gold_answer(template, results[(pos, 1)], params)
        o = Outcome(pos, params, result=first)
        if a0[1] == "error" or a1[1] == "error":
            o.reason = "error"
            if a0[1] != "error":
                o.result = results[(pos, 1)]
        elif not same(a0, a1):
            o.reason = "rounding_midpoint" if same(gold_answer(template, third(pos, params), params), a0) \
                else "tie_order"
        elif rerun is not None and not same(gold_answer(template, rerun[(pos, 0)], params), a0):
            o.reason = "nondeterministic"
        else:
            o.answer, o.reason = a0
        out.append(o)
    return out


def same(a: Any, b: Any) -> bool:
    """Equal including the JSON type (1, 1.0 and True are different answers)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def plain_check(work: WorkDb, template: Template, outcome: Outcome) -> str | None:
    """Run the task's own gold SQL; None when it gives the stored verdict, else what differs."""
    answer, reason = gold_answer(template, run_one(work, template, render_sql(template, outcome.params)),
                                 outcome.params)
    if reason == outcome.reason and same(answer, outcome.answer):
        return None
    got = reason or repr(answer)[:80]
    want = outcome.reason or repr(outcome.answer)[:80]
    return f"its grouped form gives {want} but the task's own SQL gives {got} for {outcome.params}"


