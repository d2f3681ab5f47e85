"""A template's gold SQL for many parameter rows at once, with the checks that make its answers trustworthy.

**Grouped form.** The template's SQL, with each placeholder bound to a column of a parameter table
``__p``, runs as one ``LATERAL`` join over that table: DuckDB decorrelates it into joins and window
partitions, so one scan answers hundreds of tasks. A row's result is the per-task query's result
as long as the placeholders mean what their literals mean; the generator re-checks that on a sample
of tasks per template (the task's own SQL, run alone) and runs a template per task where it fails.

**Checks, in the same scan.** The rewritten query (``Rewrite.body``) reads two more columns of
``__p``, and every parameter row is asked three times: ``(__dir, __probe)`` = (TRUE, FALSE),
(FALSE, TRUE), (FALSE, FALSE).

- ``__dir`` breaks ties: every ORDER BY whose tie order can reach the answer (under LIMIT / OFFSET /
  DISTINCT ON, the final order of an ordered answer, row-order windows such as ``row_number`` and
  ``lag``, ordered aggregates such as ``list(x ORDER BY t)``) gets the row's own values as final
  keys, ascending when ``__dir`` and descending otherwise; an unordered ``list()`` / ``string_agg``
  gets its value as its order, and ``any_value(x)`` becomes ``min(x)`` or ``max(x)``. The key is the
  hash of the row's values, so tied rows that differ anywhere swap places between the two asks. If the answer is
  the same under both extreme tie orders it is the same under every tie order; a task whose answer
  depends on which of several tied rows comes first is dropped (``tie_order``).
- ``__probe`` makes each ``round(e, d)`` NULL where ``e`` lies within a relative 1e-11 of a rounding
  midpoint (an exact mean of 12.375 rounded to 2 decimals): tools round such a value up or down
  (half-even vs half-away-from-zero, float noise), so the task is dropped (``rounding_midpoint``).
  The third copy (descending ties, no probe) tells the two reasons apart.

``arg_max(x, v)`` / ``arg_min`` get ``x``'s hash as a second key after ``v`` the same way.

Order-sensitive SQL the rewrite cannot fix (``first()`` / ``last()`` without an order, a LIMIT
over ``*``, SQL sqlglot cannot parse) is listed in ``Rewrite.unhandled``; such templates are run a
second time under another thread count with the rows in reverse order, and tasks whose answer
changes are dropped (``nondeterministic``). Rank-style windows (``rank``, ``dense_rank``, running
sums over RANGE frames) are left alone: peers share their value there, which is how the templates'
tie-aware top-k is written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sqlglot
from sqlglot import exp

from ..sqltext import sql_literal
from .template import Template

PARAM = "__p"
DIR, PROBE = "__dir", "__probe"
COPIES = ((True, False), (False, True), (False, False))  # (__dir, __probe) of the three asks
ROUNDING_EPS = 1e-11
HIDDEN = "__k"  # prefix of the order-key columns a grouped run adds to an ordered answer
_TYPED = re.compile(r"\b(TIMESTAMP|DATE|TIME)\s+\{([A-Za-z_]\w*)\}", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
_BOUND = re.compile(r"\(__p\.(\w+)\)|\b__p\.(\w+)\b")
_ROW_ORDER_WINDOWS = (exp.RowNumber, exp.Lag, exp.Lead, exp.FirstValue, exp.LastValue, exp.NthValue, exp.First,
                      exp.Last)
_ROW_ORDER_NAMES = {"ntile", "row_number", "lag", "lead", "first_value", "last_value", "nth_value"}
_LIST_AGGS = (exp.ArrayAgg, exp.GroupConcat)
_UNHANDLED_FUNCS = (exp.First, exp.Last, exp.ArgMax, exp.ArgMin, exp.Rand)
_UNHANDLED_NAMES = {"first", "last", "arg_max", "arg_min", "max_by", "min_by", "arbitrary", "random", "uuid",
                    "gen_random_uuid", "arg_max_null", "arg_min_null", "reservoir_quantile", "approx_quantile",
                    "approx_count_distinct"}


def bind_columns(sql: str) -> str:
    """The template SQL with each placeholder a column of the parameter table (typed literals as casts)."""
    sql = _TYPED.sub(lambda m: f"CAST({PARAM}.{m.group(2)} AS {m.group(1).upper()})", sql)
    return _PLACEHOLDER.sub(lambda m: f"({PARAM}.{m.group(1)})", sql)


# a placeholder that is the pattern argument of a regular-expression function
_PATTERN_ARG = re.compile(r"regexp_\w+\s*\((?:[^(),]|\([^()]*\))*,\s*\{([A-Za-z_]\w*)\}", re.IGNORECASE)


def pattern_parameters(template: Template) -> tuple[str, ...]:
    """Parameters used as regular-expression patterns. Bound to a column, DuckDB compiles such a
    pattern again for every row it tests (seconds per grouped query on a small database), so the
    grouped run inlines them as literals and runs once per distinct value (``bind_some``)."""
    return tuple(dict.fromkeys(_PATTERN_ARG.findall(template.sql)))


def bind_some(body: str, values: dict[str, Any]) -> str:
    """``body`` with the parameter columns named in ``values`` as literals, the others left bound."""
    def sub(m: re.Match) -> str:
        name = m.group(1) or m.group(2)
        return f"({sql_literal(values[name])})" if name in values else m.group(0)
    return _BOUND.sub(sub, body)


def bind_literals(body: str, params: dict[str, Any], direction: bool, probe: bool) -> str:
    """A rewritten body for one task: parameter columns as the task's literals (per-task runs)."""
    values = {**params, DIR: direction, PROBE: probe}
    return _BOUND.sub(lambda m: f"({sql_literal(values[m.group(1) or m.group(2)])})", body)


@dataclass(frozen=True)
class Rewrite:
    """A template's gold SQL, bound to ``__p`` and rewritten for the checks."""
    body: str
    ties: int = 0                # ORDER BY sites given tie-breaking keys
    roundings: int = 0           # round() calls probed for midpoints
    unhandled: tuple[str, ...] = ()  # order-sensitive SQL left as written (checked by a re-run)
    order_keys: tuple[str, ...] | None = ()  # final order of an ordered answer over its output columns
    hidden: int = 0              # order-key columns __k0.. appended to the output (not part of the answer)
    rewritten: bool = True       # False: sqlglot could not parse it, the body is the SQL as written


def _parse(sql: str) -> exp.Expression:
    return sqlglot.parse_one(sql, read="duckdb")


def _col(name: str) -> exp.Column:
    return exp.column(name, table=PARAM)


def _star(select: exp.Select) -> bool:
    return any(isinstance(p, exp.Star) or (isinstance(p, exp.Column) and isinstance(p.this, exp.Star))
               for p in select.expressions)


def _enclosing_select(node: exp.Expression) -> exp.Select | None:
    p = node.parent
    while p is not None and not isinstance(p, exp.Select):
        p = p.parent
    return p


def _directed(keys: list[exp.Expression]) -> list[exp.Ordered]:
    """Two tie keys over the row's values: their hash ascending when __dir, descending otherwise (the
    inactive key is a constant NULL). Rows that tie on the written keys but differ in any value come
    out in exactly reversed order in the two asks; rows equal in every value cannot change the answer."""
    h = exp.func("hash", *[k.copy() for k in keys], dialect="duckdb")
    return [exp.Ordered(this=exp.Case(ifs=[exp.If(this=_col(DIR), true=h)]), desc=False, nulls_first=False),
            exp.Ordered(this=exp.Case(ifs=[exp.If(this=exp.Not(this=_col(DIR)), true=h.copy())]), desc=True,
                        nulls_first=True)]


def _row_keys(select: exp.Select, for_window: bool) -> list[exp.Expression] | None:
    """The row as ``select`` sees it: its projections usable as ORDER BY keys (None: a ``*``)."""
    if _star(select):
        return None
    grouped = select.args.get("group") is not None
    keys = []
    for p in select.expressions:
        e = p.unalias() if isinstance(p, exp.Alias) else p
        if e.find(exp.Window) or (not grouped and e.find(exp.AggFunc)):
            continue
        keys.append(e)
    return keys if keys or not for_window else None


def _row_order_window(w: exp.Window) -> bool:
    fn = w.this
    if isinstance(fn, _ROW_ORDER_WINDOWS):
        return True
    if isinstance(fn, exp.Anonymous) and fn.name.lower() in _ROW_ORDER_NAMES:
        return True
    spec = w.args.get("spec")
    return spec is not None and str(spec.args.get("kind", "")).upper() == "ROWS"


def _add_ties(tree: exp.Expression, top_ordered: bool, unhandled: list[str]) -> int:
    sites = 0
    for select in list(tree.find_all(exp.Select)):
        order = select.args.get("order")
        limited = select.args.get("limit") is not None or select.args.get("offset") is not None
        distinct = select.args.get("distinct")
        distinct_on = isinstance(distinct, exp.Distinct) and distinct.args.get("on") is not None
        if not (limited or distinct_on or (select is tree and top_ordered and order is not None)):
            continue
        keys = _row_keys(select, for_window=False)
        if keys is None or (distinct is not None and not distinct_on):
            unhandled.append("LIMIT over " + ("*" if keys is None else "DISTINCT"))
            continue
        if not keys:
            continue  # one aggregate row
        if order is None:
            order = exp.Order(expressions=[])
            select.set("order", order)
        for o in _directed(keys):
            order.append("expressions", o)
        sites += 1
    for w in list(tree.find_all(exp.Window)):
        if not _row_order_window(w):
            continue
        select = _enclosing_select(w)
        keys = _row_keys(select, for_window=True) if select is not None else None
        if not keys:
            unhandled.append(f"{w.this.sql(dialect='duckdb')[:20]} over *")
            continue
        order = w.args.get("order")
        if order is None:
            order = exp.Order(expressions=[])
            w.set("order", order)
        for o in _directed(keys):
            order.append("expressions", o)
        sites += 1
    for agg in list(tree.find_all(*_LIST_AGGS)):
        if agg.find_ancestor(exp.Window) is not None and agg.parent is not None and isinstance(agg.parent, exp.Window):
            continue
        inner = agg.this
        if isinstance(inner, exp.Order):
            value = inner.this
            for o in _directed([value]):
                inner.append("expressions", o)
        else:
            agg.set("this", exp.Order(this=inner.copy(), expressions=_directed([inner])))
        sites += 1
    for order in list(tree.find_all(exp.Order)):  # other ordered aggregates: first(x ORDER BY t), ...
        fn = order.parent
        if not isinstance(fn, exp.Func) or isinstance(fn, (exp.Window, *_LIST_AGGS)) or order.this is None:
            continue
        for o in _directed([order.this]):
            order.append("expressions", o)
        sites += 1
    for am in list(tree.find_all(exp.ArgMax, exp.ArgMin)):  # arg_max(x, v): ties in v broken by x's hash
        by = am.args.get("expression")
        if by is None or am.args.get("count") is not None or isinstance(am.parent, exp.Window):
            continue  # left to the re-run (listed as unhandled)
        key = exp.Mul(this=exp.Cast(this=exp.func("hash", am.this.copy(), dialect="duckdb"),
                                    to=exp.DataType.build("HUGEINT")),
                      expression=exp.Paren(this=exp.Case(ifs=[exp.If(this=_col(DIR), true=exp.Literal.number(1))],
                                                         default=exp.Literal.number(-1))))
        # NULL keys stay NULL, so the rows arg_max skips are the same rows
        am.set("expression", exp.Case(ifs=[exp.If(this=exp.Is(this=by.copy(), expression=exp.Null()),
                                                  true=exp.Null())],
                                      default=exp.func("row", by.copy(), key, dialect="duckdb")))
        sites += 1
    for av in list(tree.find_all(exp.AnyValue)):
        if isinstance(av.parent, exp.Window):
            unhandled.append("any_value() over a window")
            continue
        av.replace(exp.Paren(this=exp.Case(ifs=[exp.If(this=_col(DIR), true=exp.Min(this=av.this.copy()))],
                                           default=exp.Max(this=av.this.copy()))))
        sites += 1
    return sites


def _unordered_unhandled(tree: exp.Expression, unhandled: list[str]) -> None:
    for node in tree.walk():
        if isinstance(node, (exp.ArgMax, exp.ArgMin)) and node.args.get("count") is None \
                and node.args.get("expression") is not None and not isinstance(node.parent, exp.Window):
            continue  # _add_ties breaks its ties
        if isinstance(node, _UNHANDLED_FUNCS) and not isinstance(node.this, exp.Order):
            if isinstance(node.parent, exp.Window) and node.parent.args.get("order") is not None:
                continue
            unhandled.append(type(node).__name__.lower())
        elif isinstance(node, exp.Anonymous) and node.name.lower() in _UNHANDLED_NAMES:
            unhandled.append(node.name.lower())


def _probe_rounding(tree: exp.Expression) -> int:
    """round(e, d) -> NULL when __probe and e is within ROUNDING_EPS (relative) of a midpoint."""
    nodes = list(tree.find_all(exp.Round))
    for node in reversed(nodes):  # deepest first
        e, d = node.this, node.args.get("decimals")

        def r(factor: str | None) -> exp.Expression:
            arg = e.copy() if factor is None else exp.Mul(this=exp.Paren(this=e.copy()),
                                                           expression=exp.Literal.number(factor))
            out = exp.Round(this=arg)
            if d is not None:
                out.set("decimals", d.copy())
            return out
        at_midpoint = exp.And(this=_col(PROBE), expression=exp.NullSafeNEQ(this=r(repr(1 + ROUNDING_EPS)),
                                                                          expression=r(repr(1 - ROUNDING_EPS))))
        node.replace(exp.Paren(this=exp.Case(ifs=[exp.If(this=at_midpoint, true=exp.Null())], default=r(None))))
    return len(nodes)


def _output_name(p: exp.Expression) -> str | None:
    if isinstance(p, exp.Alias):
        return p.alias
    if isinstance(p, exp.Column) and not isinstance(p.this, exp.Star):
        return p.name
    return None


def _expose_order(tree: exp.Expression) -> tuple[tuple[str, ...], int] | None:
    """The final ORDER BY as keys over output columns, projecting each key that is not an output
    column as a hidden column ``__k<i>`` (in place). None when that cannot be done (a DISTINCT or
    set-operation result, a ``*``): then a grouped run cannot restore the answer's order."""
    if not isinstance(tree, exp.Select):
        return None
    order = tree.args.get("order")
    if order is None:
        return (), 0
    if _star(tree) or tree.args.get("distinct") is not None:
        return None
    names = [_output_name(p) for p in tree.expressions]
    exprs = [(p.unalias() if isinstance(p, exp.Alias) else p) for p in tree.expressions]
    keys, hidden = [], 0
    for o in order.expressions:
        key = o.this
        name = None
        if isinstance(key, exp.Literal) and not key.is_string and key.this.isdigit():
            pos = int(key.this) - 1
            name = names[pos] if 0 <= pos < len(names) else None
        elif isinstance(key, exp.Column) and not key.table and key.name in names:
            name = key.name
        else:
            name = next((n for n, e in zip(names, exprs) if n is not None and e == key), None)
        if name is None:
            name = f"{HIDDEN}{hidden}"
            hidden += 1
            tree.append("expressions", exp.alias_(key.copy(), name))
        text = exp.column(name, quoted=True).sql(dialect="duckdb") + (" DESC" if o.args.get("desc") else "")
        nulls_first = o.args.get("nulls_first")
        if nulls_first is not None:
            text += " NULLS FIRST" if nulls_first else " NULLS LAST"
        keys.append(text)
    return tuple(keys), hidden


def rewrite(sql: str, ordered_answer: bool, expose_order: bool = True) -> Rewrite:
    """The checks' rewrite of one gold query whose placeholders are bound to ``__p`` columns.

    ``expose_order`` (grouped runs of an ordered answer) adds the final ORDER BY's keys as hidden
    output columns, so the answer's order survives the LATERAL join.
    """
    try:
        tree = _parse(sql)
    except sqlglot.errors.SqlglotError:
        return Rewrite(sql, unhandled=("SQL sqlglot cannot parse",), order_keys=None if ordered_answer else (),
                       rewritten=False)
    # sqlglot reads DuckDB's any_value(x) as any_value(x) IGNORE NULLS (what DuckDB does) and then warns on
    # stderr that it cannot write IGNORE NULLS back: the plain call means the same, so write that
    for node in list(tree.find_all(exp.IgnoreNulls)):
        if isinstance(node.this, exp.AnyValue) and not isinstance(node.parent, exp.Window):
            node.replace(node.this)
    order_keys: tuple[str, ...] | None = ()
    hidden = 0
    if ordered_answer and expose_order:
        exposed = _expose_order(tree)
        order_keys, hidden = exposed if exposed is not None else (None, 0)
    unhandled: list[str] = []
    _unordered_unhandled(tree, unhandled)
    ties = _add_ties(tree, ordered_answer, unhandled)
    roundings = _probe_rounding(tree)
    try:
        body = tree.sql(dialect="duckdb")
    except sqlglot.errors.SqlglotError:
        return Rewrite(sql, unhandled=("SQL sqlglot cannot generate",), order_keys=None if ordered_answer else (),
                       rewritten=False)
    return Rewrite(body, ties, roundings, tuple(dict.fromkeys(unhandled)), order_keys, hidden)


def ordered(template: Template) -> bool:
    """Whether row order is part of the answer."""
    return template.answer == "list" or (template.answer == "table" and template.ordered)


def template_rewrite(template: Template, expose_order: bool = True) -> Rewrite:
    return _cached_rewrite(bind_columns(template.sql), ordered(template), expose_order)


@lru_cache(maxsize=4096)
def _cached_rewrite(sql: str, ordered_answer: bool, expose_order: bool) -> Rewrite:
    return rewrite(sql, ordered_answer, expose_order)


def grouped_sql(body: str, params: str, max_rows: int, order_keys: tuple[str, ...] | None) -> str:
    """One LATERAL query answering ``body`` for every row of the parameter table ``params``
    (which has ``__i``, ``__copy``, ``__dir`` and ``__probe`` besides the template's parameters).

    Each row's result keeps at most ``max_rows`` rows (one, with its true count in ``__n``, when it
    has more); ``__ord`` is the row's position in the answer's order when ``order_keys`` are given,
    ties in them broken like every other tie (by ``__dir``).
    """
    if order_keys:
        keys = [f"__q.{k}" for k in order_keys]
        keys += [f"CASE WHEN {PARAM}.{DIR} THEN hash(__q) END ASC NULLS LAST",
                 f"CASE WHEN NOT {PARAM}.{DIR} THEN hash(__q) END DESC NULLS FIRST"]
        ord_expr = f"row_number() OVER (ORDER BY {', '.join(keys)})"
    else:
        ord_expr = "row_number() OVER ()"
    return (f"SELECT {PARAM}.__i, {PARAM}.__copy, __g.*\nFROM {params} AS {PARAM},\nLATERAL (\n"
            f"  SELECT __q.*, count(*) OVER () AS __n, {ord_expr} AS __ord\n"
            f"  FROM (\n{body}\n) AS __q\n) AS __g\n"
            f"WHERE __g.__n <= {int(max_rows)} OR __g.__ord = 1")
