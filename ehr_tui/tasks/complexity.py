"""SQL structural complexity, counted on sqlglot's AST (DuckDB dialect).

A query's complexity is the number of structural components it is built from, by kind. Each
AST node counts at most once, under the first kind below that it fits:

=================  ==========================================================================
kind               what counts (sqlglot node)
=================  ==========================================================================
tables             every table reference in FROM / JOIN, base tables and CTE names (Table)
joins              every JOIN, of any kind (Join)
ctes               every WITH item (CTE)
subqueries         every nested SELECT: derived tables, scalar, IN and EXISTS subqueries
                   (Subquery; a bare SELECT directly under EXISTS)
set_operations     UNION / INTERSECT / EXCEPT (SetOperation)
projections        every item of every SELECT list (a ``*`` counts as one)
distinct           SELECT DISTINCT / DISTINCT ON (Distinct)
predicates         atomic conditions: = <> < <= > >=, IS [NOT] DISTINCT FROM, [I]LIKE,
                   IN, BETWEEN, IS [NOT] NULL, EXISTS, regexp matches
logical            AND, OR, NOT
aggregates         aggregate functions: count, sum, avg, min, max, median, string_agg, list...
                   (AggFunc) unless it is the function of a window
window_functions   every OVER clause, with the function it applies (Window)
case               CASE, IF
group_by           GROUP BY clauses (Group); having: HAVING (Having); qualify: QUALIFY
order_by           ORDER BY clauses, also inside windows and ordered aggregates (Order)
limit              LIMIT / OFFSET clauses
date_arithmetic    intervals, EXTRACT / date_part, date_diff / date_add / date_trunc, year() /
                   month() / ..., epoch, strftime / strptime, and casts to DATE / TIMESTAMP / TIME
                   (a typed literal such as DATE '2150-01-01' is an operand, not a cast)
functions          every other function call, including casts (Func, Anonymous)
arithmetic         + - * / % // between values (Add, Sub, Mul, Div, Mod, IntDiv)
=================  ==========================================================================

``total`` is the sum of the kinds. Columns, literals, aliases and parentheses are operands, not
components, and are not counted. Literal values never change the count, so results are cached
on the query's shape (its text with literals replaced), which makes counting the many tasks of
one template nearly free.

**Pruned, not as written.** ``count`` measures the query after sqlglot's optimizer has qualified
it against the MIMIC-IV schema and removed what the result does not depend on: CTE and subquery
columns nobody reads (``pushdown_projections``) and CTEs nobody references (``eliminate_ctes``).
A shared CTE that selects twelve columns of which the question needs one therefore counts for
that one; padding a query with unused columns cannot raise its score. ``count_as_written`` is
the raw count, kept for comparison (``Complexity.as_written``).
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from collections import OrderedDict

import sqlglot
from sqlglot import exp
from sqlglot.optimizer.eliminate_ctes import eliminate_ctes
from sqlglot.optimizer.pushdown_projections import pushdown_projections
from sqlglot.optimizer.qualify import qualify

from ..mimic import schema

KINDS = (
    "tables", "joins", "ctes", "subqueries", "set_operations", "projections", "distinct",
    "predicates", "logical", "aggregates", "window_functions", "case", "group_by", "having",
    "qualify", "order_by", "limit", "date_arithmetic", "functions", "arithmetic",
)

_PREDICATES = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.NullSafeEQ, exp.NullSafeNEQ,
               exp.Like, exp.ILike, exp.In, exp.Between, exp.Is, exp.Exists, exp.RegexpLike,
               exp.RegexpILike, exp.SimilarTo, exp.Glob)
_LOGICAL = (exp.And, exp.Or, exp.Not)
_ARITHMETIC = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod, exp.IntDiv)
_CASE = (exp.Case, exp.If)
_CLAUSES = {exp.Group: "group_by", exp.Having: "having", exp.Qualify: "qualify", exp.Order: "order_by",
            exp.Limit: "limit", exp.Offset: "limit", exp.Distinct: "distinct", exp.Join: "joins",
            exp.CTE: "ctes", exp.Subquery: "subqueries", exp.Window: "window_functions",
            exp.Table: "tables", exp.Interval: "date_arithmetic"}
_DATE_NAME = re.compile(
    r"^(Current(Date|Time|Timestamp|Datetime)|Date|Datetime|Time|Timestamp|Day|Month|Year|Week|Hour|"
    r"Minute|Second|Quarter|Extract|Unix|TsOrDs|StrTo(Date|Time)|AddMonths|MonthsBetween|LastDay|"
    r"NextDay|ToDays|JustifyDays|JustifyHours|Epoch)")
_DATE_FUNCS = tuple(c for n, c in vars(exp).items()
                    if inspect.isclass(c) and issubclass(c, exp.Func) and _DATE_NAME.match(n))
_TEMPORAL_TYPES = {exp.DataType.Type.DATE, exp.DataType.Type.TIMESTAMP, exp.DataType.Type.TIME,
                   exp.DataType.Type.DATETIME, exp.DataType.Type.INTERVAL, exp.DataType.Type.TIMESTAMPTZ}

_LITERALS = re.compile(r"'(?:[^']|'')*'|(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


@dataclass(frozen=True)
class Complexity:
    total: int
    breakdown: dict[str, int]
    tables: tuple[str, ...] = field(default=())  # base tables touched, qualified (mimiciv_hosp.labevents)
    as_written: int | None = None  # the total before pruning (None: not measured)

    def as_dict(self) -> dict:
        out = {"total": self.total, "breakdown": dict(self.breakdown)}
        if self.as_written is not None:
            out["as_written"] = self.as_written
        return out


def _kind(node: exp.Expression) -> str | None:
    for cls, kind in _CLAUSES.items():
        if isinstance(node, cls):
            return kind
    if isinstance(node, exp.SetOperation):
        return "set_operations"
    if isinstance(node, exp.Select):
        return "subqueries" if isinstance(node.parent, exp.Exists) else None
    if isinstance(node, _PREDICATES):
        return "predicates"
    if isinstance(node, _LOGICAL):
        return "logical"
    if isinstance(node, _ARITHMETIC):
        return "arithmetic"
    if isinstance(node, _CASE):
        return None if isinstance(node.parent, exp.Case) else "case"  # a WHEN branch is part of its CASE
    if isinstance(node, exp.Func):
        if isinstance(node.parent, exp.Window) and node.arg_key == "this":
            return None  # counted as the window function
        if isinstance(node, exp.AggFunc):
            return "aggregates"
        if isinstance(node, _DATE_FUNCS):
            return "date_arithmetic"
        if isinstance(node, exp.Cast) and isinstance(node.this, exp.Literal):
            return None  # a typed literal such as DATE '2150-01-01' is an operand
        if isinstance(node, exp.Cast) and node.to.this in _TEMPORAL_TYPES:
            return "date_arithmetic"
        return "functions"
    return None


def count_tree(tree: exp.Expression) -> Complexity:
    """Complexity of a parsed statement."""
    counts = dict.fromkeys(KINDS, 0)
    cte_names = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    tables: set[str] = set()
    for node in tree.walk():
        kind = _kind(node)
        if kind is not None:
            counts[kind] += 1
        if isinstance(node, exp.Select):
            # qualifying expands a ``*`` into every column; a select list never counts for more
            # items than it was written with (see ``prune``)
            counts["projections"] += min(len(node.expressions), node.meta.get(_WRITTEN, 1 << 30))
        if isinstance(node, exp.Table) and node.name:
            name = node.name.lower()
            if node.db:
                tables.add(f"{node.db.lower()}.{name}")
            elif name not in cte_names:
                try:
                    tables.add(schema.table(name).qualified)
                except KeyError:
                    tables.add(name)
    return Complexity(sum(counts.values()), counts, tuple(sorted(tables)))


def shape(sql: str) -> str:
    """The query with its literals replaced: queries of one shape have the same complexity."""
    return " ".join(_LITERALS.sub("?", sql).split())


_CACHE_SIZE = 4096
_cache: OrderedDict[str, Complexity] = OrderedDict()


def _optimizer_schema() -> dict:
    out: dict = {}
    for t in schema.tables():
        out.setdefault(t.schema, {})[t.name] = {c.name: c.type for c in t.columns}
    return out


_SCHEMA = _optimizer_schema()
_WRITTEN = "ehr_tui_projections_as_written"


def prune(tree: exp.Expression) -> exp.Expression:
    """The query without unused CTE / subquery columns and unreferenced CTEs (a new tree).

    Tables outside the MIMIC-IV schema (the cost schedule, ``range()``) are left as they are:
    their columns are not expanded, so nothing that is read can be removed; where a ``*`` over
one of them makes that impossible to prove, ``count`` keeps the query as written.
    """
    tree = tree.copy()
    for select in tree.find_all(exp.Select):
        select.meta[_WRITTEN] = len(select.expressions)
    tree = qualify(tree, schema=_SCHEMA, dialect="duckdb", quote_identifiers=False,
                   validate_qualify_columns=False, expand_stars=True, identify=False)
    return _without_true(eliminate_ctes(pushdown_projections(tree)))


def _is_true(node: exp.Expression | None) -> bool:
    return isinstance(node, exp.Boolean) and node.this is True


def _without_true(tree: exp.Expression) -> exp.Expression:
    """``x AND TRUE`` as ``x`` and ``WHERE TRUE`` gone: a template slot left empty is no component (83 of 400
    demo gold queries held one)."""
    def drop(node: exp.Expression) -> exp.Expression | None:
        if isinstance(node, exp.And):
            if _is_true(node.left):
                return node.right
            if _is_true(node.right):
                return node.left
        if isinstance(node, (exp.Where, exp.Having)) and _is_true(node.this):
            return None
        return node
    for _ in range(8):  # TRUE AND TRUE AND x: one level a pass
        before = tree.sql()
        tree = tree.transform(drop)
        if tree.sql() == before:
            break
    return tree


def count(sql: str) -> Complexity:
    """Pruned complexity of one DuckDB query (cached by shape); ValueError if sqlglot cannot parse it."""
    key = shape(sql)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    result = count_uncached(sql)
    _cache[key] = result
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return result


def _parse(sql: str) -> exp.Expression:
    try:
        return sqlglot.parse_one(sql, read="duckdb")
    except sqlglot.errors.SqlglotError as e:
        raise ValueError(f"cannot parse SQL for complexity: {str(e).splitlines()[0]}") from None


def count_uncached(sql: str) -> Complexity:
    """``count`` without the shape cache (for benchmarks and for checking the cache)."""
    tree = _parse(sql)
    written = count_tree(tree)
    try:
        pruned_tree = prune(tree)
    except sqlglot.errors.OptimizeError:
        # a star over something outside the schema (range(), a table function) cannot be
        # expanded, so nothing below it is provably unused: the query counts as written
        return Complexity(written.total, written.breakdown, written.tables, as_written=written.total)
    pruned = count_tree(pruned_tree)
    # pruning only removes nodes; the base tables are those of the query as written
    return Complexity(pruned.total, pruned.breakdown, written.tables, as_written=written.total)


_TYPED_SLOT = re.compile(r"\b(TIMESTAMP|DATE|TIME)\s+\{[A-Za-z_]\w*\}", re.IGNORECASE)
_SLOT = re.compile(r"\{[A-Za-z_]\w*\}")
_TYPED_DUMMY = {"timestamp": "TIMESTAMP '2150-01-01 00:00:00'", "date": "DATE '2150-01-01'",
                "time": "TIME '00:00:00'"}


def count_template(sql: str) -> Complexity:
    """Pruned complexity of a template's SQL, its ``{parameters}`` filled with placeholder literals.

    Literals never change the count (see ``shape``), so this is the complexity every task of the
    template gets, known without generating any: the depth goal can be checked on all templates."""
    sql = _TYPED_SLOT.sub(lambda m: _TYPED_DUMMY[m.group(1).lower()], sql)
    return count(_SLOT.sub("1", sql))


def count_as_written(sql: str) -> Complexity:
    """Complexity of the query exactly as written (no pruning, no cache)."""
    return count_tree(_parse(sql))
