"""Execution accuracy of a run: each trajectory's final SQL and its task's gold SQL run through the sandbox,
compared under every policy (``ehr_tui.scoring.policies``), cached in RUN/execution.jsonl.

The cache holds one line per (task, trial): the verdict per policy and what it was computed from (a
digest of the final query, of the gold query, and of the database file), so a record is reused only
while all three are unchanged. Lines are appended as verdicts are computed: an interrupted scoring
keeps what it finished, and the next `ehr-tui eval` (or the Runs screen) carries on. Gold results are
computed once per task.
"""

from __future__ import annotations

import hashlib
import json
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterable

from ..mimic.confined_sql import ConfinedSqlSandbox
from ..mimic.sandbox import SqlSandbox
from ..scoring import Execution, Outcome, compare_outcomes, run_query, spec_of
from ..scoring.execution import MAX_ROWS
from .failures import final_query
from .trajectory import Trajectory

EXEC_FILE = "execution.jsonl"
EXEC_FORMAT_VERSION = 1


def _digest(text: str | None) -> str:
    return hashlib.sha1((text or "").encode()).hexdigest()[:16]


def db_digest(db: Path) -> str:
    st = db.stat()
    return _digest(f"{db.resolve()}|{st.st_size}|{st.st_mtime_ns}")


def read_cache(run_dir: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """The cached records by (task, trial); bad or foreign lines are skipped (the last record wins)."""
    path = Path(run_dir) / EXEC_FILE
    out: dict[tuple[str, int], dict[str, Any]] = {}
    if not path.is_file():
        return out
    with path.open(encoding="utf-8") as f:
        for line in f:
            try:
                rec = json.loads(line)
                if rec.get("format_version") == EXEC_FORMAT_VERSION:
                    out[(rec["task_id"], int(rec["trial"]))] = rec
            except (ValueError, KeyError, TypeError):
                continue
    return out


def cached_execution(run_dir: Path, trajs: Iterable[Trajectory], db: Path | None = None,
                     tasks: dict[str, Any] | None = None) -> dict[tuple[str, int], Execution]:
    """The cached verdicts still valid for these trajectories (no query runs)."""
    cache = read_cache(run_dir)
    db_key = db_digest(db) if db is not None and db.is_file() else None
    out = {}
    for t in trajs:
        rec = cache.get(t.key)
        task = (tasks or {}).get(t.task_id) or t.task
        if rec and _valid(rec, t, task, db_key):
            out[t.key] = Execution.from_dict(rec["execution"])
    return out


def _valid(rec: dict, traj: Trajectory, task: Any, db_key: str | None) -> bool:
    sql, _ = final_query(traj)
    return (rec.get("sql") == _digest(sql) and rec.get("gold") == _digest(task.gold_sql)
            and (db_key is None or rec.get("db") == db_key) and "execution" in rec)


def execution_scores(run_dir: Path, trajs: list[Trajectory], db: Path, *, tasks: dict[str, Any] | None = None,
                     timeout_s: float = 30.0, sandbox: SqlSandbox | None = None, workers: int = 2,
                     memory_limit: str = "2GB",
                     progress: Callable[[int, int], None] | None = None,
                     cancelled: Callable[[], bool] | None = None) -> dict[tuple[str, int], Execution]:
    """Per-trajectory execution verdicts: cached ones reused, the rest computed (and appended to the cache)."""
    run_dir = Path(run_dir)
    db_key = db_digest(db)
    cache = read_cache(run_dir)
    out: dict[tuple[str, int], Execution] = {}
    todo = []
    for t in trajs:
        task = (tasks or {}).get(t.task_id) or t.task
        rec = cache.get(t.key)
        if rec and _valid(rec, t, task, db_key):
            out[t.key] = Execution.from_dict(rec["execution"])
        else:
            todo.append((t, task))
    total, done = len(trajs), len(out)
    if progress:
        progress(done, total)
    if not todo:
        return out
    own = sandbox is None
    sb = sandbox or SqlSandbox(db, timeout_s=timeout_s, threads=2, max_rows=MAX_ROWS)
    # The agent's final query is model-written (it may even be a string in a Python call that never ran):
    # it runs where the agent's queries ran, in confined processes whose address space is capped, so no
    # query can take the evaluator down. The gold queries are the benchmark's own and run in-process.
    agent_sb = ConfinedSqlSandbox(db, timeout_s=timeout_s, threads=2, max_rows=MAX_ROWS, max_result_mb=256,
                                  processes=max(1, workers), memory_limit=memory_limit)
    gold_runs: dict[str, Outcome] = {}

    def gold_of(task: Any) -> Outcome:
        hit = gold_runs.get(task.gold_sql)
        if hit is None:
            hit = gold_runs[task.gold_sql] = run_query(sb, task.gold_sql, timeout_s=max(timeout_s, 60.0))
        return hit

    def one(item: tuple[Trajectory, Any]) -> tuple[Trajectory, Any, str | None, Execution]:
        t, task = item
        sql, _ = final_query(t)
        gold = gold_of(task)
        pred = run_query(agent_sb, sql, timeout_s=timeout_s) if sql is not None else None
        return t, task, sql, compare_outcomes(pred, gold, spec_of(task), task.gold_sql)

    path = run_dir / EXEC_FILE
    chunk = max(1, workers) * 4  # between chunks a cancel request is honoured
    try:
        with path.open("a", encoding="utf-8") as f, ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            # gold queries first, one per task, so the trials of a task never race to run the same one
            golds = list({task.gold_sql: task for _, task in todo}.values())
            for i in range(0, len(golds), chunk):
                if cancelled and cancelled():
                    return out
                list(pool.map(gold_of, golds[i:i + chunk]))
            for i in range(0, len(todo), chunk):
                if cancelled and cancelled():
                    break
                for t, task, sql, ex in pool.map(one, todo[i:i + chunk]):
                    out[t.key] = ex
                    f.write(json.dumps({"format_version": EXEC_FORMAT_VERSION, "task_id": t.task_id,
                                        "trial": t.trial, "sql": _digest(sql), "gold": _digest(task.gold_sql),
                                        "db": db_key, "execution": ex.to_dict()}) + "\n")
                    done += 1
                    if progress:
                        progress(done, total)
                f.flush()
            os.fsync(f.fileno())
    finally:
        agent_sb.close()
        if own:
            sb.close()
    return out
