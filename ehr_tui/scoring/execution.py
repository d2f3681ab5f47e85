"""Running the agent's final SQL and the gold SQL through the sandbox, and comparing the results under
every policy (``policies``).

Outcomes of the agent's query, each its own state and never folded into "wrong":

``ran``         both queries ran; each policy then says ``match`` or ``mismatch``
``error``       the agent's final query fails now (a syntax or binder error, a forbidden statement)
``timeout``     it ran past the time limit
``too_large``   its result has more rows than can be held and compared (``MAX_ROWS``), or more bytes or values than
                can be carried back and converted
``no_query``    the trajectory has no successful final query to run
``gold_error``  the gold query itself fails here (another database?): nothing to compare with
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .policies import POLICIES, Rows, compare_results

MAX_ROWS = 100_000
STATES = ("ran", "error", "timeout", "too_large", "no_query", "gold_error")
VERDICTS = ("match", "mismatch", "error", "timeout", "too_large", "no_query", "gold_error")


@dataclass
class Outcome:
    """One query's run: its rows, or the state it ended in."""

    state: str                 # ran | error | timeout | too_large
    rows: Rows | None = None
    error: str = ""
    elapsed_s: float = 0.0


@dataclass
class Execution:
    state: str                                         # one of STATES
    matches: dict[str, bool] = field(default_factory=dict)  # policy -> match (only when state is "ran")
    detail: str = ""

    def verdict(self, policy: str) -> str:
        """match / mismatch under ``policy``, or the state that prevented a comparison."""
        if self.state != "ran":
            return self.state
        return "match" if self.matches.get(policy) else "mismatch"

    def to_dict(self) -> dict[str, Any]:
        return {"state": self.state, "verdicts": {p: self.verdict(p) for p in POLICIES}, "detail": self.detail}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Execution":
        verdicts = d.get("verdicts") or {}
        return cls(d["state"], {p: v == "match" for p, v in verdicts.items()} if d["state"] == "ran" else {},
                   d.get("detail", ""))


def is_timeout(res: Any) -> bool:
    flag = getattr(res, "timed_out", None)
    if flag is not None:
        return bool(flag)
    return bool(res.error) and res.error.startswith("query interrupted")


def run_query(sandbox: Any, sql: str, timeout_s: float | None = None, max_rows: int = MAX_ROWS) -> Outcome:
    """``sql`` through the sandbox (``SqlSandbox.execute``) with a row cap far above any answer's size."""
    return outcome_of(sandbox.execute(sql, max_rows=max_rows, timeout_s=timeout_s), max_rows)


def outcome_of(res: Any, max_rows: int = MAX_ROWS) -> Outcome:
    """A sandbox QueryResult (run with ``max_rows``) as an Outcome."""
    if not res.ok:
        state = "timeout" if is_timeout(res) else "too_large" if getattr(res, "too_large", False) else "error"
        return Outcome(state, error=res.error or "", elapsed_s=res.elapsed_s)
    if res.truncated:
        return Outcome("too_large", error=f"over {max_rows:,} rows", elapsed_s=res.elapsed_s)
    return Outcome("ran", Rows.of(res.columns, res.rows), elapsed_s=res.elapsed_s)


def compare_outcomes(pred: Outcome | None, gold: Outcome, spec: Any, gold_sql: str) -> Execution:
    """The per-policy verdicts for an agent query's outcome against the gold query's (``spec``: AnswerSpec)."""
    if gold.state != "ran":
        return Execution("gold_error", detail=f"the gold query fails here: {gold.error.splitlines()[0] if gold.error else gold.state}")
    if pred is None:
        return Execution("no_query", detail="no successful final query")
    if pred.state != "ran":
        first = pred.error.splitlines()[0] if pred.error else pred.state
        return Execution(pred.state, detail=first[:200])
    matches = compare_results(pred.rows, gold.rows, gold_sql=gold_sql, kinds=spec.kinds,
                              answer_type=spec.answer_type, ordered=spec.ordered)
    failed = [p for p in POLICIES if not matches[p]]
    return Execution("ran", matches, "" if not failed else "differs under " + ", ".join(failed))
