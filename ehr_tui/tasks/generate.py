"""Generate benchmark tasks: sample parameters from the database, run each gold SQL, keep the good ones.

For every template one query fetches its candidate parameter rows, in an order fixed by the
seed (DuckDB's ``hash`` of the row and the seed, ties broken by the row itself). Candidates are
then taken round-robin over the templates, so every template contributes equally until it runs
out, and each candidate's gold SQL runs through the read-only sandbox (a pool of threads; results
are consumed in submission order, so the output depends only on the database and the seed).

A task is dropped, and counted under its reason, when its answer is
``empty`` (no row), ``null`` (only NULLs), ``ambiguous`` (a scalar question returning several
rows), ``tie`` (a top-k returning other than k rows: the gold SQL ranks with RANK(), so a tie at
the cut shows up as extra rows), ``too_many_rows`` (over the template's ``max_rows``),
``duplicate`` (same question and answer as an earlier task) or ``error`` (the gold SQL failed:
a template bug, reported). Templates whose candidate query finds nothing (say, chartevents is
empty) or that need the cost schedule where it is not installed are skipped, with the reason.

``generate_file`` writes accepted tasks to ``<out>.partial`` as it goes; an interrupted run
started again with the same database, seed and N reuses them instead of re-running their SQL.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import UserError
from ..mimic.metadata import read_info
from ..mimic.sandbox import QueryResult, SqlSandbox
from . import complexity, cost, intents
from .answers import to_jsonable
from .binding import db_identity
from .model import FORMAT_VERSION, Task, task_from_dict, write_tasks
from .template import Template, render_question, render_sql, sql_literal, task_id, used_parameters

SCALAR_TYPES = ("number", "string", "boolean", "date")
DROP_REASONS = ("empty", "null", "ambiguous", "tie", "too_many_rows", "duplicate", "error")
MAX_CANDIDATES = 100_000  # per template and fetch


@dataclass
class GenerationReport:
    tasks: list[Task] = field(default_factory=list)
    accepted: Counter = field(default_factory=Counter)            # template id -> tasks kept
    dropped: dict[str, Counter] = field(default_factory=dict)     # template id -> reason -> n
    skipped: dict[str, str] = field(default_factory=dict)         # template id -> why it made nothing
    errors: dict[str, str] = field(default_factory=dict)          # template id -> first SQL error
    executed: int = 0                                             # gold queries run (not from the checkpoint)
    reused: int = 0                                               # tasks taken from a checkpoint
    elapsed_s: float = 0.0

    def drop(self, template_id: str, reason: str) -> None:
        self.dropped.setdefault(template_id, Counter())[reason] += 1

    def drops_by_reason(self) -> Counter:
        total: Counter = Counter()
        for c in self.dropped.values():
            total.update(c)
        return total


@dataclass
class _Source:
    """One template's candidate stream."""
    template: Template
    candidates: list[dict[str, Any]]
    columns: list[str]
    pos: int = 0
    offset: int = 0
    exhausted: bool = False


def candidate_sql(template: Template, seed: int, limit: int, offset: int = 0) -> str:
    """The template's candidate query, grid crossed in, in the seed's order."""
    base = f"SELECT * FROM (\n{template.params.strip()}\n) AS p"
    for i, (name, choices) in enumerate(template.grid.items()):
        values = ", ".join(f"({sql_literal(v)})" for v in choices)
        base += f"\nCROSS JOIN (VALUES {values}) AS g{i}({name})"
    # the template id in the hash: templates sharing a candidate query still sample differently
    return (f"SELECT * FROM (\n{base}\n) AS cand\nORDER BY hash(cand, {int(seed)}, {sql_literal(template.id)}), cand\n"
            f"LIMIT {int(limit)} OFFSET {int(offset)}")


def _answer(template: Template, res: QueryResult, params: dict[str, Any]) -> tuple[Any, str | None]:
    """(gold answer, None) or (None, drop reason) for one executed gold query."""
    if not res.ok:
        return None, "error"
    n = res.row_count if res.row_count is not None else len(res.rows)
    if n == 0:
        return None, "empty"
    if res.truncated or n > template.max_rows:
        return None, "too_many_rows"
    values = [[_stable(to_jsonable(v)) for v in row] for row in res.rows]
    if all(v is None for row in values for v in row):
        return None, "null"
    kind = template.answer
    if kind in SCALAR_TYPES:
        if len(res.columns) != 1:
            return None, "error"
        if n > 1:
            return None, "ambiguous"
        value = values[0][0]
        if kind == "number" and (isinstance(value, bool) or not isinstance(value, (int, float))):
            return None, "error"
        if kind == "boolean" and not isinstance(value, bool):
            return None, "error"
        return value, None
    expected = params.get(template.rows) if isinstance(template.rows, str) else template.rows
    if expected is not None and n != expected:
        return None, "tie"
    if kind in ("list", "set"):
        if len(res.columns) != 1:
            return None, "error"
        items = [row[0] for row in values]
        return (items if kind == "list" else sorted(items, key=_order_key)), None
    return (values if template.ordered else sorted(values, key=lambda r: tuple(_order_key(v) for v in r))), None


def _stable(value: Any) -> Any:
    """Floats to 12 significant digits: parallel aggregation must not change the last bits of an answer."""
    return float(f"{value:.12g}") if isinstance(value, float) else value


def _order_key(value: Any) -> tuple:
    """Canonical order of unordered answers (SELECT DISTINCT has none), so a seed gives identical files."""
    return (value is None, str(type(value)), value if value is not None else 0)


def _fetch(sandbox: SqlSandbox, src: _Source, seed: int, chunk: int) -> None:
    res = sandbox.execute(candidate_sql(src.template, seed, chunk, src.offset), max_rows=chunk, timeout_s=120)
    if not res.ok:
        raise RuntimeError(res.error)
    src.columns = res.columns
    src.candidates.extend({c: to_jsonable(v) for c, v in zip(res.columns, row)} for row in res.rows)
    src.offset += len(res.rows)
    src.exhausted = len(res.rows) < chunk


def _used_params(template: Template, row: dict[str, Any]) -> dict[str, Any]:
    used = used_parameters(template)
    return {k: v for k, v in row.items() if k in used}


def select_templates(template_ids: Iterable[str] | None = None, intents_: Iterable[str] | None = None,
                     split: str | None = None) -> list[Template]:
    chosen = list(intents.all_templates())
    if template_ids:
        wanted = set(template_ids)
        unknown = wanted - {t.id for t in chosen}
        if unknown:
            raise UserError(f"unknown template id(s): {', '.join(sorted(unknown))}; "
                            "`ehr-tui tasks templates` lists them")
        chosen = [t for t in chosen if t.id in wanted]
    if intents_:
        wanted_i = set(intents_)
        chosen = [t for t in chosen if t.intent in wanted_i]
    if split:
        sp = intents.splits()
        chosen = [t for t in chosen if sp[t.id] == split]
    return chosen


def generate(db: str | Path, n: int, seed: int = 0, *, templates: list[Template] | None = None,
             workers: int | None = None, progress: Callable[[int, int], None] | None = None,
             checkpoint: Callable[[list[Task]], None] | None = None,
             reuse: dict[str, Task] | None = None, sandbox: SqlSandbox | None = None) -> GenerationReport:
    """Generate up to ``n`` tasks from ``db``; deterministic for a database and seed."""
    if n < 1:
        raise UserError(f"--n must be at least 1 (got {n})")
    start = time.perf_counter()
    templates = list(templates if templates is not None else intents.all_templates())
    cpus = os.cpu_count() or 2
    workers = workers or min(8, cpus)
    own = sandbox is None
    # many small queries at once: spread the cores over queries rather than within one
    sb = sandbox or SqlSandbox(db, timeout_s=60, threads=max(1, cpus // workers), max_rows=1000)
    report = GenerationReport()
    reuse = reuse or {}
    try:
        cur = sb.cursor()
        info = read_info(db, con=cur)
        has_schedule = cost.has_cost_schedule(cur)
        cur.close()
        db_meta = db_identity(info)
        splits = intents.splits()
        chunk = min(MAX_CANDIDATES, max(50, math.ceil(n / max(1, len(templates))) * 3 + 20))

        sources: list[_Source] = []
        eligible = []
        for t in templates:
            if "cost_schedule" in t.needs and not has_schedule:
                report.skipped[t.id] = ("needs the ehr-tui cost schedule (schema ehr_tui_ref), which this database "
                                        "lacks: run `ehr-tui tasks cost-schedule --db FILE`")
                continue
            eligible.append(_Source(t, [], []))
        with ThreadPoolExecutor(max_workers=workers) as pool:
            fetched = list(pool.map(lambda s: _try_fetch(sb, s, seed, chunk), eligible))
            for src, err in zip(eligible, fetched):
                if err:
                    report.skipped[src.template.id] = f"candidate query failed: {err}"
                    report.errors[src.template.id] = err
                elif not src.candidates:
                    empty = [t for t in complexity.count(src.template.params).tables
                             if info.row_counts.get(t, 1) == 0]
                    report.skipped[src.template.id] = "no candidate parameters in this database" + (
                        f" ({', '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty)" if empty else "")
                else:
                    sources.append(src)

            rngs = {s.template.id: random.Random(f"{seed}:{s.template.id}") for s in sources}
            seen: set[tuple[str, str]] = set()
            ids: set[str] = set()
            active = list(sources)
            while active and len(report.tasks) < n:
                batch = []  # (source, task-to-be, future or cached task)
                for src in active:
                    if src.pos >= len(src.candidates) and not src.exhausted:
                        _fetch(sb, src, seed, chunk)
                    if src.pos >= len(src.candidates):
                        continue
                    row = src.candidates[src.pos]
                    src.pos += 1
                    t = src.template
                    params = _used_params(t, row)
                    phrasing = t.questions[rngs[t.id].randrange(len(t.questions))]
                    tid = task_id(t, params)
                    cached = reuse.get(tid)
                    if cached is not None:
                        batch.append((src, cached, None))
                        continue
                    sql = render_sql(t, params)
                    question = render_question(phrasing, params)
                    fut = pool.submit(sb.execute, sql, max_rows=t.max_rows, timeout_s=30)
                    batch.append((src, (tid, question, sql, params), fut))
                active = [s for s in active if s.pos < len(s.candidates) or not s.exhausted]
                accepted_now = []
                for src, item, fut in batch:
                    t = src.template
                    if fut is None:
                        task = item
                        report.reused += 1
                    else:
                        tid, question, sql, params = item
                        res = fut.result()
                        report.executed += 1
                        answer, reason = _answer(t, res, params)
                        if reason:
                            report.drop(t.id, reason)
                            if reason == "error" and t.id not in report.errors:
                                report.errors[t.id] = res.error or "answer has the wrong shape for its type"
                            continue
                        c = complexity.count(sql)
                        task = Task(id=tid, intent=t.intent, level=t.level, template_id=t.id, split=splits[t.id],
                                    question=question, gold_sql=sql, gold_answer=answer, answer_type=t.answer,
                                    parameters=params, tables=list(c.tables), complexity=c.as_dict(),
                                    ordered=t.ordered, db=db_meta)
                    key = (task.question, json.dumps(task.gold_answer, sort_keys=True))
                    if key in seen or task.id in ids or len(report.tasks) >= n:
                        if len(report.tasks) < n:
                            report.drop(t.id, "duplicate")
                        continue
                    seen.add(key)
                    ids.add(task.id)
                    report.tasks.append(task)
                    report.accepted[t.id] += 1
                    accepted_now.append(task)
                if checkpoint and accepted_now:
                    checkpoint(accepted_now)
                if progress:
                    progress(len(report.tasks), n)
        for src in sources:
            if not report.accepted[src.template.id] and src.template.id not in report.skipped:
                reasons = report.dropped.get(src.template.id, Counter())
                report.skipped[src.template.id] = "every candidate was dropped (" + ", ".join(
                    f"{r}: {k}" for r, k in reasons.most_common()) + ")"
    finally:
        if own:
            sb.close()
    report.elapsed_s = time.perf_counter() - start
    return report


def _try_fetch(sb: SqlSandbox, src: _Source, seed: int, chunk: int) -> str | None:
    try:
        _fetch(sb, src, seed, chunk)
    except RuntimeError as e:
        return str(e).splitlines()[0]
    return None


# ---------------------------------------------------------------------------------------------
# Files: checkpointed generation


def _run_key(db: Path, n: int, seed: int, templates: list[Template]) -> str:
    h = hashlib.sha1()
    st = db.stat()
    h.update(f"{FORMAT_VERSION}|{db.resolve()}|{st.st_size}|{st.st_mtime_ns}|{n}|{seed}".encode())
    for t in templates:
        h.update(f"|{t.id}|{t.sql}|{t.params}|{t.questions}|{t.grid}".encode())
    return h.hexdigest()


def _load_partial(path: Path, key: str) -> dict[str, Task]:
    if not path.is_file():
        return {}
    out: dict[str, Task] = {}
    with path.open(encoding="utf-8") as f:
        header = f.readline()
        try:
            if json.loads(header).get("run") != key:
                return {}
        except (ValueError, AttributeError):
            return {}
        for line in f:
            try:
                task, errs = task_from_dict(json.loads(line))
            except ValueError:
                break  # a line cut short by the interruption: everything before it is good
            if task is not None:
                out[task.id] = task
    return out


def generate_file(db: str | Path, out: str | Path, n: int, seed: int = 0, *,
                  templates: list[Template] | None = None, workers: int | None = None,
                  progress: Callable[[int, int], None] | None = None) -> GenerationReport:
    """``generate`` into a JSONL file (atomic), resumable through ``<out>.partial``."""
    db, out = Path(db), Path(out)
    if not db.exists():
        raise UserError(f"database {db} does not exist: build one with `ehr-tui db synth` or `ehr-tui db import`")
    templates = list(templates if templates is not None else intents.all_templates())
    partial = out.with_name(out.name + ".partial")
    key = _run_key(db, n, seed, templates)
    reuse = _load_partial(partial, key)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not reuse:
        partial.write_text(json.dumps({"run": key}) + "\n", encoding="utf-8")
    with partial.open("a", encoding="utf-8") as f:
        def checkpoint(tasks: list[Task]) -> None:
            for t in tasks:
                if t.id not in reuse:
                    f.write(t.to_json() + "\n")
            f.flush()

        report = generate(db, n, seed, templates=templates, workers=workers, progress=progress,
                          checkpoint=checkpoint, reuse=reuse)
    write_tasks(out, report.tasks)
    partial.unlink(missing_ok=True)
    return report
