"""Failure classification: why a trial went wrong, from its trajectory and the gold SQL (sqlglot).

Checked in this order, the first that applies wins:

``endpoint_error``   the model endpoint failed (after retries); not the agent's fault.
``step_limit``       the step limit came before an answer.
``no_answer``        the model stopped without submitting an answer.
``abstained``        the model declined to answer ("cannot determine", "no data"): its own outcome,
                     neither right nor wrong (``ehr_tui.scoring.abstention``).
``execution_error``  the last query or code before the answer failed, or none succeeded at all.
``answer_format``    the submitted text cannot be read as one value of the answer's kind (two
                     numbers, a range, a hedged yes/no), or the last query's result matches the gold
                     answer but what was submitted does not.
``code_lookup``      medical-code lookup failure: the codes / itemids (or concept names) the final
                     query filters on differ from the gold query's on the same column.
``semantic``         semantic misunderstanding: other tables, columns the gold query relies on
                     (the cohort, the measure) missing, or another patient / admission / stay.
``sql_logic``        SQL logic error: the right sources, a wrong result (joins, filters,
                     aggregation, time windows); the detail names the structural differences.

"The final query" is the last successful ``execute_sql`` query, or an SQL string in the last
successful ``execute_python`` code that ran one through ``con``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

import sqlglot
from sqlglot import exp

from ..scoring import AnswerVerdict, score_task
from .tools import EXECUTE_PYTHON, EXECUTE_SQL
from .trajectory import Trajectory

FAILURE_MODES: dict[str, str] = {
    "code_lookup": "medical-code lookup failure",
    "semantic": "semantic misunderstanding",
    "sql_logic": "SQL logic error",
    "execution_error": "execution error unresolved",
    "step_limit": "step limit reached",
    "no_answer": "no answer",
    "abstained": "abstained (declined to answer)",
    "answer_format": "answer format",
    "endpoint_error": "endpoint error",
}

# Columns holding codes, and columns holding concept names that queries filter on to find codes.
CODE_COLUMNS = frozenset({"icd_code", "itemid", "ndc", "hcpcs_cd", "code", "drg_code", "gsn", "formulary_drug_cd",
                          "test_itemid", "spec_itemid", "org_itemid", "ab_itemid", "isolate_num",
                          "ordercategoryname", "curr_service", "careunit", "first_careunit", "last_careunit"})
CONCEPT_COLUMNS = frozenset({"label", "long_title", "drug", "medication", "abbreviation", "test_name", "org_name",
                             "ab_name", "short_description", "long_description", "description", "spec_type_desc",
                             "category", "fluid", "event_txt"})
LOOKUP_COLUMNS = CODE_COLUMNS | CONCEPT_COLUMNS
JOIN_KEYS = frozenset({"subject_id", "hadm_id", "stay_id", "transfer_id", "pharmacy_id", "poe_id", "emar_id",
                       "orderid", "linkorderid", "specimen_id", "micro_specimen_id", "labevent_id"})
_OPS = {"eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "in": "IN", "like": "LIKE",
        "ilike": "ILIKE"}


@dataclass(frozen=True)
class Failure:
    mode: str | None  # None: the trial is correct
    detail: str = ""


@dataclass
class SqlShape:
    """What a query is made of, for comparison."""

    tables: set[str]
    columns: set[str]
    lookups: dict[str, set[str]]  # lookup column -> literal values it is compared with
    filters: dict[str, set[str]]  # other column -> "op value" comparisons with literals
    aggregates: set[str]
    distinct: bool
    group_by: set[str]
    has_limit: bool
    time_functions: set[str]


def _norm_literal(column: str, value: str) -> str:
    """Comparable form of a looked-up value: 50912.0 = 50912 for item ids, 428.0 = 4280 for ICD codes."""
    v = value.strip().strip("%").strip().lower()
    if column.endswith("itemid") and re.fullmatch(r"\d+\.0*", v):
        return v.split(".")[0]
    if column in CODE_COLUMNS:
        return v.replace(".", "").upper()
    return v


def _literals(node: exp.Expression) -> list[str]:
    if isinstance(node, exp.Literal):
        return [node.this]
    if isinstance(node, (exp.Tuple, exp.Array)):
        return [x.this for x in node.expressions if isinstance(x, exp.Literal)]
    return []


def shape(sql: str) -> SqlShape | None:
    """The shape of a query, or None when sqlglot cannot parse it."""
    try:
        tree = sqlglot.parse_one(sql, read="duckdb")
    except Exception:  # noqa: BLE001 - any parser failure just means "cannot compare closely"
        return None
    if tree is None:
        return None
    ctes = {c.alias_or_name.lower() for c in tree.find_all(exp.CTE)}
    tables = {t.name.lower() for t in tree.find_all(exp.Table) if t.name and t.name.lower() not in ctes}
    columns = {c.name.lower() for c in tree.find_all(exp.Column) if c.name}
    lookups: dict[str, set[str]] = {}
    filters: dict[str, set[str]] = {}  # other columns compared with literals: the cohort's bounds
    for node in tree.find_all(exp.EQ, exp.In, exp.Like, exp.ILike, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE):
        col = node.this if isinstance(node.this, exp.Column) else None
        other = node.expression if not isinstance(node, exp.In) else None
        if col is None and isinstance(node.expression, exp.Column) and not isinstance(node, exp.In):
            col, other = node.expression, node.this
        if col is None:
            continue
        name = col.name.lower()
        values = ([v for e in node.expressions for v in _literals(e)] if isinstance(node, exp.In)
                  else _literals(other) if other is not None else [])
        if name in LOOKUP_COLUMNS and isinstance(node, (exp.EQ, exp.In, exp.Like, exp.ILike)):
            for v in values:
                lookups.setdefault(name, set()).add(_norm_literal(name, str(v)))
        else:
            op = _OPS.get(node.key, node.key.upper())
            for v in values:
                filters.setdefault(name, set()).add(f"{op} {str(v).strip().lower()}")
    aggregates = {type(a).__name__.lower() for a in tree.find_all(exp.AggFunc)}
    if any(isinstance(a.this, exp.Distinct) for a in tree.find_all(exp.Count)):
        aggregates.add("count_distinct")
    group_by = {c.name.lower() for g in tree.find_all(exp.Group) for c in g.find_all(exp.Column)}
    time_fns = {type(f).__name__.lower() for f in tree.find_all(
        exp.DateAdd, exp.DateSub, exp.DateDiff, exp.DateTrunc, exp.TimestampTrunc, exp.Extract, exp.Interval,
        exp.TimestampDiff, exp.TimestampAdd, exp.TimestampSub)}
    return SqlShape(tables, columns, lookups, filters, aggregates, bool(tree.find(exp.Distinct)), group_by,
                    tree.find(exp.Limit) is not None, time_fns)


def _sql_in_python(code: str) -> str | None:
    """The last string literal in Python code that looks like a SELECT/WITH query."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    found = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
             and re.match(r"\s*(select|with|from)\b", n.value, re.I)]
    return found[-1] if found else None


def _calls(traj: Trajectory):
    for step in traj.steps:
        yield from step.tool_calls


def final_query(traj: Trajectory) -> tuple[str | None, dict[str, Any] | None]:
    """(SQL of the last successful query, its structured result when it came from execute_sql)."""
    last: tuple[str | None, dict[str, Any] | None] = (None, None)
    for call in _calls(traj):
        if not call.ok or not call.result:
            continue
        if call.name == EXECUTE_SQL:
            last = (call.result.get("sql"), call.result)
        elif call.name == EXECUTE_PYTHON:
            sql = _sql_in_python(call.result.get("code", ""))
            if sql:
                last = (sql, None)
    return last


def result_as_answer(result: dict[str, Any], answer_type: str) -> Any:
    rows = result.get("rows") or []
    if answer_type in ("list", "set") and rows and all(len(r) == 1 for r in rows):
        return [r[0] for r in rows]
    if answer_type not in ("list", "set", "table") and len(rows) == 1 and len(rows[0]) == 1:
        return rows[0][0]
    return rows


def _fmt(values: set[str]) -> str:
    vals = sorted(values)
    return ", ".join(vals[:6]) + (f" (+{len(vals) - 6} more)" if len(vals) > 6 else "")


def compare(pred_sql: str, gold_sql: str) -> Failure:
    """Code lookup / semantic / SQL logic, from the two queries' shapes."""
    pred, gold = shape(pred_sql), shape(gold_sql)
    if pred is None or gold is None:
        which = "the final query" if pred is None else "the gold query"
        return Failure("sql_logic", f"wrong result; {which} could not be parsed for a closer comparison")
    for col, gold_vals in gold.lookups.items():
        if col in pred.lookups and pred.lookups[col] != gold_vals:
            missing, extra = gold_vals - pred.lookups[col], pred.lookups[col] - gold_vals
            parts = []
            if missing:
                parts.append(f"missing {_fmt(missing)}")
            if extra:
                parts.append(f"used {_fmt(extra)} instead" if missing else f"extra {_fmt(extra)}")
            return Failure("code_lookup", f"{col}: " + "; ".join(parts))
    gold_facts = {t for t in gold.tables if not t.startswith("d_")}
    pred_facts = {t for t in pred.tables if not t.startswith("d_")}
    if gold_facts != pred_facts:
        parts = []
        if gold_facts - pred_facts:
            parts.append(f"does not use {', '.join(sorted(gold_facts - pred_facts))}")
        if pred_facts - gold_facts:
            parts.append(f"uses {', '.join(sorted(pred_facts - gold_facts))}, which the gold query does not")
        return Failure("semantic", "tables: the final query " + " and ".join(parts))
    missing_cols = gold.columns - pred.columns - JOIN_KEYS - LOOKUP_COLUMNS
    if missing_cols:
        return Failure("semantic", f"columns: the final query never uses {', '.join(sorted(missing_cols))} "
                                   "(cohort or measure differs)")
    if gold.lookups and not any(c in pred.lookups for c in gold.lookups) and not pred.lookups:
        return Failure("semantic", f"the final query does not filter on {', '.join(sorted(gold.lookups))} at all")
    changed = {c for c in gold.filters if c in pred.filters and pred.filters[c] != gold.filters[c]}
    keys = sorted(changed & JOIN_KEYS)
    if keys:
        col = keys[0]
        return Failure("semantic", f"cohort: the final query selects {col} {_fmt(pred.filters[col])}, the gold "
                                   f"query {col} {_fmt(gold.filters[col])} (another patient or stay)")
    diffs = []
    for col in sorted(changed):
        diffs.append(f"filter on {col}: {_fmt(pred.filters[col])} vs gold {_fmt(gold.filters[col])}")
    if gold.aggregates != pred.aggregates:
        diffs.append(f"aggregation {sorted(pred.aggregates) or 'none'} vs gold {sorted(gold.aggregates) or 'none'}")
    if gold.distinct != pred.distinct:
        diffs.append("DISTINCT " + ("missing" if gold.distinct else "added"))
    if gold.group_by != pred.group_by:
        diffs.append(f"GROUP BY {sorted(pred.group_by) or 'none'} vs gold {sorted(gold.group_by) or 'none'}")
    if gold.time_functions != pred.time_functions:
        diffs.append("time window arithmetic differs")
    if gold.has_limit != pred.has_limit:
        diffs.append("LIMIT " + ("missing" if gold.has_limit else "added"))
    return Failure("sql_logic", "right tables and columns, wrong result"
                   + (": " + "; ".join(diffs) if diffs else " (check joins, filters and time windows)"))


def classify(traj: Trajectory, task: Any | None = None, verdict: AnswerVerdict | None = None) -> Failure:
    """Why ``traj`` failed (``Failure(None)`` when it is correct). ``task`` defaults to its snapshot;
    ``verdict`` (the answer's score) is computed when not given."""
    task = task or traj.task
    if traj.correct:
        return Failure(None)
    if traj.status == "endpoint_error":
        return Failure("endpoint_error", traj.error or "the endpoint failed")
    if traj.status == "step_limit":
        return Failure("step_limit", f"no answer after {len(traj.steps)} steps")
    if traj.status != "answered" or traj.answer is None:
        return Failure("no_answer", "the model stopped without calling submit_answer")
    verdict = verdict or score_task(traj.answer, task)
    if verdict.abstained:
        return Failure("abstained", verdict.detail)
    tools = [c for c in _calls(traj) if c.name in (EXECUTE_SQL, EXECUTE_PYTHON)]
    if tools and not tools[-1].ok:
        first = (tools[-1].observation.splitlines() or [""])[0]
        return Failure("execution_error", f"the last {tools[-1].name} call failed and the model answered anyway: "
                                          f"{first[:160]}")
    if not verdict.readable:
        return Failure("answer_format", f"{traj.answer[:80]!r}: {verdict.detail}")
    sql, result = final_query(traj)
    if result is not None and not result.get("truncated") and score_task(
            result_as_answer(result, task.answer_type), task).correct:
        return Failure("answer_format", "the last query's result matches the gold answer but the submitted "
                                        "answer does not")
    if sql is None:
        if tools:
            return Failure("execution_error", f"none of {len(tools)} queries/code runs succeeded")
        return Failure("semantic", "answered without querying the database")
    return compare(sql, task.gold_sql)
