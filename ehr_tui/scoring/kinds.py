"""Answer kinds: what one answer value (or one table column) is, which decides how it is compared.

==============  ==========================================================================
identifier      subject_id, hadm_id, stay_id, itemid, orderid, ...: whole numbers, exact
code            ICD, HCPCS, NDC, DRG codes: text, exact after upper-casing and dropping dots,
                spaces and hyphens (so ``428.0`` is ``4280``; ``0389`` is not ``389``)
measurement     a measured or computed quantity. ``measurement:N``: the question asks for N
                decimals, and that is the comparison precision (``12346`` is not ``12345.67``);
                plain ``measurement``: compared at the precision the answer gives, at least two
                decimals (or all of the gold's, if it has fewer) and three significant digits
count           counts and other whole numbers (ages in years, positions): exact
boolean         yes / no
date            a calendar day (a timestamp on that day also matches)
timestamp       a date and time (to the minute; a date alone only matches midnight)
string          text, compared without case, spacing, quotes or a trailing full stop
==============  ==========================================================================

The task record stores one kind per answer (``answer_kinds``: one entry for a scalar, list or
set, one per column for a table), written as ``"identifier"`` or ``"measurement:2"``. The
generator fills it with ``kinds_for_result`` from the gold query's output columns (names, DuckDB
types, ``round(x, n)`` read with sqlglot); a template may override it (``Template.kinds``).
``infer_kinds`` does the same without DuckDB types, for task files written before kinds existed.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import sqlglot
from sqlglot import exp

KIND_NAMES = ("identifier", "code", "measurement", "count", "boolean", "date", "timestamp", "string")
SCALAR_ANSWER_TYPES = ("number", "string", "boolean", "date")

IDENTIFIER_COLUMNS = frozenset({
    "subject_id", "hadm_id", "stay_id", "transfer_id", "itemid", "orderid", "linkorderid", "pharmacy_id",
    "poe_id", "emar_id", "labevent_id", "specimen_id", "micro_specimen_id", "microevent_id", "caregiver_id",
    "order_provider_id", "provider_id", "test_itemid", "spec_itemid", "org_itemid", "ab_itemid"})
CODE_COLUMNS = frozenset({"icd_code", "icd9_code", "icd10_code", "ndc", "hcpcs_cd", "drg_code", "gsn",
                          "formulary_drug_cd", "code", "cpt_cd"})
_INT_TYPES = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER",
              "UBIGINT", "UHUGEINT", "INT")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_TS = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$")


@dataclass(frozen=True)
class Kind:
    name: str
    decimals: int | None = None  # measurement only: the precision the question asks for
    # read by every rule of every answer: set once here (a property would test the name on each read)
    numeric: bool = field(init=False, compare=False, repr=False)   # identifier, measurement, count
    integral: bool = field(init=False, compare=False, repr=False)  # identifier, count

    def __post_init__(self) -> None:
        object.__setattr__(self, "numeric", self.name in ("identifier", "measurement", "count"))
        object.__setattr__(self, "integral", self.name in ("identifier", "count"))

    def __str__(self) -> str:
        return f"{self.name}:{self.decimals}" if self.decimals is not None else self.name

    @classmethod
    def parse(cls, spec: Any) -> "Kind":
        """``"measurement:2"`` -> Kind("measurement", 2); ValueError naming the valid kinds otherwise."""
        if isinstance(spec, Kind):
            return spec
        if not isinstance(spec, str):
            raise ValueError(f"an answer kind is text such as 'count' or 'measurement:2', not {spec!r}")
        name, _, rest = spec.strip().partition(":")
        if name not in KIND_NAMES:
            raise ValueError(f"unknown answer kind {spec!r}: one of {', '.join(KIND_NAMES)} "
                             "(measurement may carry its decimals, e.g. measurement:2)")
        if not rest:
            return cls(name)
        if name != "measurement" or not rest.isdigit() or int(rest) > 12:
            raise ValueError(f"bad answer kind {spec!r}: only measurement takes decimals, 0-12 (measurement:2)")
        return cls(name, int(rest))


def parse_kinds(specs: Iterable[Any]) -> tuple[Kind, ...]:
    return tuple(Kind.parse(s) for s in specs)


# ---------------------------------------------------------------------------------------------
# What the gold query's output columns are (sqlglot)


@dataclass(frozen=True)
class Output:
    name: str                 # output column name (alias), lower case
    column: str | None        # the source column when the projection is (a wrapper of) one
    decimals: int | None      # n of a round(x, n) around the value
    func: str | None          # top-level aggregate or function: count, sum, avg, ...
    cast: str | None          # target type of a top-level CAST


_WRAPPERS = (exp.Paren, exp.Coalesce, exp.Case, exp.If, exp.Nullif, exp.Alias, exp.Abs)


def _round_decimals(node: exp.Expression) -> int | None:
    """n of the round(x, n) that gives the value its precision: round at the top, or under wrappers."""
    todo = [node]
    while todo:
        n = todo.pop(0)
        if isinstance(n, exp.Round):
            d = n.args.get("decimals")
            if d is None:
                return 0
            if isinstance(d, exp.Literal) and d.is_int:
                return int(d.this)
            return None
        if isinstance(n, exp.Cast) and n.to.is_type(*exp.DataType.REAL_TYPES, exp.DataType.Type.DECIMAL):
            todo.extend(n.iter_expressions())
        elif isinstance(n, _WRAPPERS):
            todo.extend(n.iter_expressions())
    return None


def _outputs_of(tree: exp.Expression) -> list[Output] | None:
    q = tree
    while isinstance(q, (exp.Union, exp.Intersect, exp.Except)):
        q = q.this
    while isinstance(q, exp.Subquery):
        q = q.this
    if not isinstance(q, exp.Select):
        return None
    outs = []
    for e in q.selects:
        if isinstance(e, exp.Star):
            return None
        inner = e.unalias()
        base = inner
        while isinstance(base, (exp.Paren, exp.Cast)):
            base = base.this
        column = base.name.lower() if isinstance(base, exp.Column) and base.name else None
        func = None
        if isinstance(base, exp.AggFunc) or isinstance(base, exp.Func):
            func = (base.sql_name() if not isinstance(base, exp.Anonymous) else base.name).lower()
        cast = None
        if isinstance(inner, exp.Cast):
            cast = inner.to.sql(dialect="duckdb").upper()
        outs.append(Output((e.alias_or_name or "").lower(), column, _round_decimals(inner), func, cast))
    return outs


@functools.lru_cache(maxsize=4096)
def sql_outputs(sql: str) -> tuple[Output, ...] | None:
    """The output columns of a query's outermost SELECT, or None when sqlglot cannot tell."""
    try:
        tree = sqlglot.parse_one(sql, read="duckdb")
    except Exception:  # noqa: BLE001 - any parser failure: infer from types and values instead
        return None
    outs = _outputs_of(tree) if tree is not None else None
    return tuple(outs) if outs is not None else None


@functools.lru_cache(maxsize=4096)
def outer_order_by(sql: str) -> bool | None:
    """Whether the outermost query orders its rows (ORDER BY inside window functions or subqueries does
    not count); None when sqlglot cannot parse it."""
    try:
        tree = sqlglot.parse_one(sql, read="duckdb")
    except Exception:  # noqa: BLE001
        return None
    return tree is not None and tree.args.get("order") is not None


# ---------------------------------------------------------------------------------------------
# Inference


def _by_name(names: Iterable[str | None]) -> str | None:
    for n in names:
        if not n:
            continue
        if n in IDENTIFIER_COLUMNS or (n.endswith("_id") and n not in ("seq_id",)):
            return "identifier"
        if n in CODE_COLUMNS or n.endswith("icd_code") or n.endswith("_cd"):
            return "code"
    return None


def _by_type(duck_type: str | None) -> str | None:
    if not duck_type:
        return None
    t = duck_type.upper()
    if t == "BOOLEAN":
        return "boolean"
    if t == "DATE":
        return "date"
    if t.startswith("TIMESTAMP"):
        return "timestamp"
    if t in _INT_TYPES:
        return "count"
    if t in ("DOUBLE", "FLOAT", "REAL") or t.startswith("DECIMAL") or t == "INTERVAL":
        return "measurement"
    if t in ("VARCHAR", "TEXT", "STRING") or t.startswith("VARCHAR") or t.startswith("ENUM"):
        return "string"
    return None


def _by_values(values: Sequence[Any]) -> str | None:
    vals = [v for v in values if v is not None]
    if not vals:
        return None
    if all(isinstance(v, bool) for v in vals):
        return "boolean"
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        return "count" if all(isinstance(v, int) for v in vals) else "measurement"
    if all(isinstance(v, str) for v in vals):
        if all(_ISO_DATE.match(v) for v in vals):
            return "date"
        if all(_ISO_DATE.match(v) or _ISO_TS.match(v) for v in vals):
            return "timestamp"
        return "string"
    return None


def _fit(kind: str, answer_type: str) -> str:
    """Keep the kind consistent with the answer type the task declares."""
    if answer_type == "boolean":
        return "boolean"
    if answer_type == "date":
        return kind if kind in ("date", "timestamp") else "date"
    if answer_type == "number":
        return kind if kind in ("identifier", "count", "measurement") else "measurement"
    if answer_type == "string":
        return kind if kind in ("code", "string") else "string"
    return kind


def _columns_of(answer_type: str, gold: Any) -> list[list[Any]]:
    """The gold answer's values column by column."""
    if answer_type in SCALAR_ANSWER_TYPES:
        return [[gold]]
    if answer_type in ("list", "set"):
        return [list(gold) if isinstance(gold, list) else [gold]]
    rows = [r if isinstance(r, list) else [r] for r in (gold or [])]
    width = max((len(r) for r in rows), default=1)
    return [[r[i] for r in rows if i < len(r)] for i in range(width)]


def infer_kinds(answer_type: str, gold_sql: str = "", *, gold: Any = None, columns: Sequence[str] | None = None,
                types: Sequence[str] | None = None, outputs: Sequence[Output] | None = None) -> tuple[Kind, ...]:
    """One Kind per answer column, from the column's name (identifiers, codes), the gold SQL (round(x, n),
    count(...), CAST), its DuckDB type when known, else the gold values themselves."""
    values = _columns_of(answer_type, gold)
    if outputs is None:
        outputs = sql_outputs(gold_sql) if gold_sql else None
    outs = list(outputs or ())
    width = len(columns) if columns else max(len(values), len(outs) if answer_type == "table" else 1)
    if answer_type != "table":
        width = 1
    kinds = []
    for i in range(width):
        out = outs[i] if i < len(outs) else None
        name = (columns[i].lower() if columns and i < len(columns) else None)
        names = [name, out.name if out else None, out.column if out else None]
        decimals = out.decimals if out else None
        kind = _by_name(names)
        if kind is None and decimals is not None:
            kind = "measurement"
        if kind is None and out is not None and out.func in ("count", "count_if", "countif"):
            kind = "count"
        if kind is None and out is not None and out.cast:
            kind = _by_type(out.cast)
        if kind is None:
            kind = _by_type(types[i] if types and i < len(types) else None)
        if kind is None:
            kind = _by_values(values[i] if i < len(values) else [])
        kind = _fit(kind or "string", answer_type)
        if kind == "count" and decimals:
            kind = "measurement"
        kinds.append(Kind(kind, decimals if kind == "measurement" else None))
    return tuple(kinds)


def kinds_for_result(answer_type: str, gold_sql: str, columns: Sequence[str], types: Sequence[str], gold: Any,
                     override: Sequence[str] = (), outputs: Sequence[Output] | None = None) -> list[str]:
    """The ``answer_kinds`` a generated task stores: the template's override if it has one, else inferred from
    the executed gold query (its column names and DuckDB types, and the SQL itself; ``outputs``: its
    ``sql_outputs`` when the caller has them)."""
    if override:
        return [str(k) for k in parse_kinds(override)]
    return [str(k) for k in infer_kinds(answer_type, gold_sql, gold=gold, columns=columns, types=types,
                                        outputs=outputs)]


def check_kinds(specs: Any, answer_type: str, gold: Any) -> str | None:
    """Why ``answer_kinds`` does not fit the answer (None when it does)."""
    if not isinstance(specs, list) or not specs:
        return "expected a non-empty list of answer kinds (e.g. [\"count\"] or [\"string\", \"measurement:2\"])"
    try:
        parse_kinds(specs)
    except ValueError as e:
        return str(e)
    if answer_type != "table" and len(specs) != 1:
        return f"a {answer_type} answer has one kind, got {len(specs)}"
    if answer_type == "table" and isinstance(gold, list) and gold and isinstance(gold[0], list) \
            and len(gold[0]) != len(specs):
        return f"the table has {len(gold[0])} columns but {len(specs)} kinds"
    return None
