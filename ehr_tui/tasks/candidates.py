"""Candidate parameters: each distinct candidate query computed once, and each template's seeded draw from it.

Many templates share a candidate query (every patient, every lab test with one itemid): it runs
once per generation into a work table. A template draws its parameter rows from that table crossed
with its ``grid``, in an order fixed by the seed and the template id (DuckDB's ``hash`` of the row,
ties broken by the row itself), one slice at a time: slice ``[offset, offset + size)`` of that
order is always the same rows, so drawing more never changes what was drawn before.

A template whose parameters name a vocabulary entry (a lab test, a drug, a diagnosis title ...)
draws them spread over that vocabulary: the order takes one candidate of every distinct entry
(in a seeded order of entries) before a second one of any. A plain shuffle of (patient, test)
pairs follows the test's frequency, so two dozen questions of a template asked about the same
twenty common tests while the database holds hundreds; spread, they reach the long tail the way
a real benchmark's questions do.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..sqltext import sql_literal
from .answers import to_jsonable
from .grouped import COPIES, DIR, PROBE
from .template import Template, used_parameters
from .workdb import QueryFailed, WorkDb


class CandidateError(Exception):
    """The template's candidate query failed (its message is DuckDB's)."""


@dataclass
class Pool:
    """One slice of a template's candidate order as a work table of *asks*: every candidate row
    (``__i`` = its position in the order) three times, with the check columns of ``grouped.COPIES``
    (``__copy`` 0, 1, 2; copies 1 and 2 in reverse order); ``reversed_table``: the same rows in
    reverse insertion order (for a re-run, made on demand)."""
    table: str
    reversed_table: str
    start: int
    params: list[dict[str, Any]]  # per candidate: the template's used parameters, JSON values

    @property
    def end(self) -> int:
        return self.start + len(self.params)


# Parameters that name an entry of a vocabulary; a template using any of them draws spread over them.
SPREAD_COLUMNS = frozenset({
    "lab", "fluid", "lab2", "fluid2", "drug", "drug2", "medication", "item", "vital", "finding", "title",
    "icd_code", "diagnosis", "condition", "condition_b", "organism", "antibiotic", "specimen", "careunit",
})


def spread_columns(template: Template) -> list[str]:
    """The vocabulary columns the template's draw is spread over (none: a plain seeded shuffle)."""
    return sorted(used_parameters(template) & SPREAD_COLUMNS)


def _with_grid(template: Template, base: str) -> str:
    """``base`` (the candidate rows) crossed with the template's grid of fixed choices."""
    for i, (col, choices) in enumerate(template.grid.items()):
        values = ", ".join(f"({sql_literal(v)})" for v in choices)
        base += f"\nCROSS JOIN (VALUES {values}) AS g{i}({col})"
    return base


def _ordered(template: Template, source: str, seed: int) -> tuple[str, str]:
    """(query of the source's rows with order columns __h and __c, and __r and __s where spread;
    the ORDER BY that puts them in the template's seeded order)."""
    key = f"hash(cand, {int(seed)}, {sql_literal(template.id)})"
    spread = spread_columns(template)
    if not spread:
        return (f"SELECT cand.*, {key} AS __h, cand AS __c FROM ({source}) AS cand", "__h, __c")
    cols = ", ".join(f"cand.{c}" for c in spread)
    return (f"SELECT cand.*, {key} AS __h, cand AS __c,\n"
            f"       row_number() OVER (PARTITION BY {cols} ORDER BY {key}, cand) AS __r,\n"
            f"       hash({cols}, {int(seed)}, {sql_literal(template.id)}) AS __s\n"
            f"FROM ({source}) AS cand", "__r, __s, __h, __c")


def _normal(sql: str) -> str:
    return " ".join(sql.split())


class CandidateStore:
    """Work tables of the distinct candidate queries, built on first use (thread-safe)."""

    def __init__(self, work: WorkDb, seed: int):
        self.work, self.seed = work, int(seed)
        self._tables: dict[str, tuple[str, int] | CandidateError] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self.distinct_queries = 0

    def _table(self, template: Template) -> tuple[str, int]:
        key = _normal(template.params)
        with self._lock:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            hit = self._tables.get(key)
            if hit is None:
                name = self.work.name("cand")
                try:
                    self.work.query(f"CREATE TABLE {name} AS\n{template.params}")
                    n = self.work.query(f"SELECT count(*) FROM {name}").rows[0][0]
                    hit = (name, int(n))
                except QueryFailed as e:
                    hit = CandidateError(str(e))
                self._tables[key] = hit
                self.distinct_queries += 1
        if isinstance(hit, CandidateError):
            raise hit
        return hit

    def count(self, template: Template) -> int:
        """How many candidate rows the template has (its candidate query's rows times its grid)."""
        _, n = self._table(template)
        for choices in template.grid.values():
            n *= len(choices)
        return n

    def _source(self, template: Template) -> str:
        name, _ = self._table(template)
        return _with_grid(template, f"SELECT * FROM {name}")

    def pool(self, template: Template, start: int, size: int) -> Pool:
        """Rows ``start .. start + size`` of the template's seeded order, as a work table of asks."""
        table = self.work.name("asks")
        rows, order = _ordered(template, self._source(template), self.seed)
        copies = ", ".join(f"({i}, {d}, {p})" for i, (d, p) in enumerate(COPIES))
        self.work.query(
            f"CREATE TABLE {table} AS\n"
            f"WITH b AS (\n"
            f"  SELECT ({int(start)} + row_number() OVER (ORDER BY {order}) - 1)::BIGINT AS __i, * EXCLUDE ({order})\n"
            f"  FROM ({rows}\n"
            f"        ORDER BY {order} LIMIT {int(size)} OFFSET {int(start)}))\n"
            f"SELECT b.*, c.__copy, c.{DIR}, c.{PROBE}\n"
            f"FROM b CROSS JOIN (VALUES {copies}) AS c(__copy, {DIR}, {PROBE})\n"
            f"ORDER BY c.__copy, CASE WHEN c.__copy = 0 THEN b.__i ELSE -b.__i END")
        res = self.work.query(f"SELECT * EXCLUDE (__copy, {DIR}, {PROBE}) FROM {table} WHERE __copy = 0 ORDER BY __i")
        used = used_parameters(template)
        cols = res.columns[1:]
        params = [{c: to_jsonable(v) for c, v in zip(cols, row[1:]) if c in used} for row in res.rows]
        return Pool(table, "", start, params)

    def reversed_table(self, pool: Pool) -> str:
        """The pool's asks in reverse insertion order (for a re-run), made on first use."""
        if not pool.reversed_table:
            pool.reversed_table = self.work.name("asks_rev")
            self.work.query(f"CREATE TABLE {pool.reversed_table} AS SELECT * FROM {pool.table} "
                            f"ORDER BY __copy DESC, CASE WHEN __copy = 0 THEN -__i ELSE __i END")
        return pool.reversed_table

    def release(self, pool: Pool) -> None:
        self.work.drop(*(t for t in (pool.table, pool.reversed_table) if t))


def candidate_sql(template: Template, seed: int, limit: int, offset: int = 0) -> str:
    """The template's candidate query with its grid crossed in, in the seed's order (a standalone
    query, for inspecting a template; generation draws the same order from the shared work tables)."""
    base = _with_grid(template, f"SELECT * FROM (\n{template.params.strip()}\n) AS p")
    rows, order = _ordered(template, base, seed)
    return (f"SELECT * EXCLUDE ({order}) FROM (\n{rows}\n)\nORDER BY {order}\n"
            f"LIMIT {int(limit)} OFFSET {int(offset)}")
