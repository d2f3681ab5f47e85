"""Re-running what a trajectory did, live, and comparing it with what was recorded (no Textual import).

SQL the agent (or the user, editing it) wrote runs in the app's confined query process
(``ConfinedSqlSandbox``), as it did in the run; only the gold SQL uses the in-process sandbox.
Python code is replayed in a fresh confined worker (the agent's own PythonSandbox), with every
earlier Python call of the trajectory first, because the agent's worker kept its variables
between calls. It follows the run's rule: where the kernel cannot confine Python the replay is
refused, unless the app was started with --allow-weak-python-sandbox.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agent.evaluate import verdict_of
from ..agent.failures import final_query
from ..agent.tools import EXECUTE_PYTHON, EXECUTE_SQL, call_argument  # noqa: F401 (the screens import it here)
from ..agent.trajectory import ToolCall, Trajectory
from ..agent.tools import SqlRunner
from ..mimic.sandbox import QueryResult
from ..scoring import (MAX_ROWS, AnswerVerdict, Execution, ResultDiff, compare_outcomes, diff_all, outcome_of,
                       spec_of, to_jsonable)


def recorded_rows(call: ToolCall) -> tuple[list[str], list[list[Any]]] | None:
    """Columns and rows an execute_sql call saw, as stored in the trajectory (None if it has none)."""
    res = call.result or {}
    if call.name != EXECUTE_SQL or "columns" not in res:
        return None
    return list(res.get("columns") or []), list(res.get("rows") or [])


def same_rows(live: QueryResult, recorded: list[list[Any]]) -> bool:
    """Whether a live result has the rows that were recorded (as far as the record kept them)."""
    rows = [to_jsonable(list(r)) for r in live.rows[:len(recorded)]]
    return live.ok and rows == recorded and (len(live.rows) >= len(recorded))


@dataclass
class Replay:
    """The outcome of re-running one call."""

    kind: str  # "sql" | "python"
    sql: QueryResult | None = None
    text: str = ""  # python output (or why nothing ran)
    ok: bool = True
    verdict: str = ""  # how it compares with the record


def replay_sql(sandbox: SqlRunner, sql: str, recorded: list[list[Any]] | None = None) -> Replay:
    res = sandbox.execute(sql)
    if recorded is None:
        verdict = ""
    elif not res.ok:
        verdict = "fails now"
    else:
        verdict = "same rows as recorded" if same_rows(res, recorded) else "rows DIFFER from the recording"
    return Replay("sql", sql=res, ok=res.ok, verdict=verdict)


def python_calls_until(traj: Trajectory, target: ToolCall) -> list[str]:
    """The code of every execute_python call up to and including ``target``, in order."""
    codes = []
    for step in traj.steps:
        for call in step.tool_calls:
            if call.name == EXECUTE_PYTHON and call.error != "skipped":
                code = call_argument(call)
                if code is not None:
                    codes.append(code)
            if call is target:
                return codes
    return codes


def replay_python(db: Path, codes: list[str], allow_weak: bool = False) -> Replay:
    from ..mimic.pysandbox import PythonLimits, PythonSandbox, python_tool_status

    if not codes:
        return Replay("python", text="no Python code to run", ok=False)
    status = python_tool_status(allow_weak)
    if not status.offered:
        return Replay("python", text=f"not replayed: {status.reason}", ok=False)
    with PythonSandbox(db, PythonLimits(allow_weak=allow_weak)) as py:
        for code in codes[:-1]:
            py.run(code)
        res = py.run(codes[-1])
    note = f"(replayed {len(codes)} Python calls in a fresh worker)\n" if len(codes) > 1 else ""
    return Replay("python", text=note + res.text(), ok=res.ok)


@dataclass
class Comparison:
    agent_sql: str | None
    agent: QueryResult | None
    gold: QueryResult
    answer: AnswerVerdict | None          # the submitted answer's verdict (the header's)
    execution: Execution                  # the final query's verdict per policy, or the state that prevented it
    diffs: dict[str, ResultDiff]          # per policy, when both queries ran

    @property
    def agent_matches_gold(self) -> bool | None:
        """Typed execution match (None: nothing to compare)."""
        if self.execution.state != "ran":
            return None
        return self.execution.matches.get("typed", False)


def _whole(runner: SqlRunner, sql: str) -> QueryResult:
    """The whole result where the runner takes a row cap (so sorting happens before any truncation); a runner
    with its own cap reports truncation, which compares as "too large", never as wrong."""
    try:
        return runner.execute(sql, max_rows=MAX_ROWS)  # type: ignore[call-arg]
    except TypeError:
        return runner.execute(sql)


def compare_with_gold(gold_sandbox: SqlRunner, agent_sandbox: SqlRunner, traj: Trajectory) -> Comparison:
    """Run the agent's final query (confined: the model wrote it) and the gold query (trusted, in-process);
    compare the results under every policy, cell by cell."""
    sql, _ = final_query(traj)
    spec = spec_of(traj.task)
    gold = _whole(gold_sandbox, traj.task.gold_sql)
    agent = _whole(agent_sandbox, sql) if sql is not None else None
    g, a = outcome_of(gold), (outcome_of(agent) if agent is not None else None)
    execution = compare_outcomes(a, g, spec, traj.task.gold_sql)
    diffs = {}
    if execution.state == "ran":
        diffs = diff_all(a.rows, g.rows, gold_sql=traj.task.gold_sql, kinds=spec.kinds,
                         answer_type=spec.answer_type, ordered=spec.ordered)
    return Comparison(sql, agent, gold, verdict_of(traj), execution, diffs)
