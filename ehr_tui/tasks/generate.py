"""Generate benchmark tasks: sample parameters from the database, compute gold answers set-based, keep the good ones.

The pipeline, per template (each step in its own module):

1. *candidates* (``candidates``): each distinct candidate query runs once into a work table; a
   template draws slices of it in an order fixed by the seed;
2. *gold answers* (``execute`` / ``grouped``): one LATERAL query answers a whole slice, run twice
   (ties broken both ways and rounding midpoints probed, the second run under another thread count
   and row order); a candidate is kept only when both runs agree. The grouped form is checked
   against each task's own gold SQL on a sample; a template where it differs, or fails, runs per
   task instead;
3. *balance* (``balance``): tasks are taken from the answered candidates so that no answer value
   holds more than half of a template's tasks;
4. *interleaving*: templates contribute one task each per round, in template order, until N tasks
   (templates that run out leave the rest to the others).

Every step depends only on the database, the seed and the templates, so the same inputs give the
same file, and the file for N tasks begins with the file for fewer. ``generate_file`` checkpoints
every finished slice in ``<out>.partial``; an interrupted run started again reuses them.
Drop reasons are listed in ``gold.DROP_REASONS``.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import UserError
from ..fileio import atomic_output
from ..mimic.metadata import read_info
from ..scoring import kinds_for_result
from ..scoring.kinds import sql_outputs
from . import complexity, cost, execute, grouped, intents
from .binding import db_identity
from .balance import BalancedStream, answer_key
from .candidates import CandidateError, CandidateStore, Pool, candidate_sql  # noqa: F401 (candidate_sql: API)
from .execute import Outcome
from .gold import DROP_REASONS, SCALAR_TYPES, GoldResult, gold_answer  # noqa: F401 (re-exported)
from .model import FORMAT_VERSION, Task, task_from_dict, write_tasks
from .template import Template, render_question, render_sql, task_id
from .workdb import DEFAULT_MEMORY_LIMIT, DEFAULT_THREADS, QueryFailed, WorkDb

STRATEGIES = ("grouped", "per_task")
MAX_SLICE = 20_000        # candidates per grouped query
VALIDATE_FIRST = 2        # tasks per template re-checked with their own SQL on the first slice
VALIDATE_LATER = 1        # ... and on every later slice
GROUPED_BUDGET = 2.0      # a grouped run may take this many times the per-task estimate of its slice
GROUPED_MIN_S = 2.0       # ... and at least this long, before the template runs per task instead
PROBE_N = 8               # a large slice's first grouped runs: PROBE_N candidates, then 2 * PROBE_N more,
PROBE_MIN_S = 0.02        # ... where one per-task query takes at least this long (a scan of an event table);
PROBE_RATIO = 1.0         # ... per task when a further candidate costs the grouped run this many times its 2 queries
BATCH = 16                # templates per check phase (and per checkpoint)
_STABLE_DROPS = ("empty", "null", "ambiguous", "tie", "too_many_rows")


def candidate_budget(level: int) -> int:
    """Candidates a template may draw while it has fewer than ``level`` tasks: enough for a rare answer
    value to be found, bounded so a template whose answers are all alike does not scan everything."""
    return 32 * level + 64


@dataclass
class GenerationReport:
    tasks: list[Task] = field(default_factory=list)
    accepted: Counter = field(default_factory=Counter)            # template id -> tasks kept
    dropped: dict[str, Counter] = field(default_factory=dict)     # template id -> reason -> n
    skipped: dict[str, str] = field(default_factory=dict)         # template id -> why it made nothing
    errors: dict[str, str] = field(default_factory=dict)          # template id -> first SQL error
    modes: dict[str, str] = field(default_factory=dict)           # template id -> execute.MODES entry
    notes: dict[str, str] = field(default_factory=dict)           # template id -> why it ran per task
    balance_limited: dict[str, int] = field(default_factory=dict)  # template id -> answered but held back
    executed: int = 0            # gold queries run (grouped queries count once)
    validated: int = 0           # tasks re-checked with their own gold SQL
    candidates: int = 0          # candidate rows drawn
    candidate_queries: int = 0   # distinct candidate queries run
    reused: int = 0              # tasks whose answers came from a checkpoint
    elapsed_s: float = 0.0
    seconds: Counter = field(default_factory=Counter)  # wall time by stage (summed over workers)
    template_seconds: Counter = field(default_factory=Counter)  # template id -> its pools, gold queries, checks

    def drop(self, template_id: str, reason: str, n: int = 1) -> None:
        self.dropped.setdefault(template_id, Counter())[reason] += n

    def drops_by_reason(self) -> Counter:
        total: Counter = Counter()
        for c in self.dropped.values():
            total.update(c)
        return total

    def summary(self) -> dict:
        """What ``OUT.report.json`` records (everything but the tasks themselves)."""
        return {"tasks": len(self.tasks), "accepted": dict(self.accepted),
                "dropped": {k: dict(v) for k, v in sorted(self.dropped.items())},
                "drop_reasons": dict(self.drops_by_reason().most_common()), "skipped": dict(sorted(self.skipped.items())),
                "errors": dict(sorted(self.errors.items())), "modes": dict(sorted(self.modes.items())),
                "notes": dict(sorted(self.notes.items())), "balance_limited": dict(sorted(self.balance_limited.items())),
                "executed": self.executed, "validated": self.validated, "candidates": self.candidates,
                "candidate_queries": self.candidate_queries, "reused": self.reused,
                "elapsed_s": round(self.elapsed_s, 3), "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
                # the slowest first: where a large database's generation time goes (candidate queries apart)
                "template_seconds": {k: round(v, 3) for k, v in self.template_seconds.most_common()}}


@dataclass
class _Run:
    """One template's progress."""
    template: Template
    mode: str | None  # None until the template first runs (sqlglot's rewrite check costs ~10 ms a template)
    total: int
    drawn: int = 0
    stream: BalancedStream = field(default_factory=BalancedStream)
    outcomes: list[Outcome] = field(default_factory=list)
    validated: bool = False
    restored: set = field(default_factory=set)  # positions answered in an earlier, interrupted run
    per_task_s: float | None = None  # one per-task gold query's time (median of three), once measured
    probed: bool = False  # whether grouped runs of PROBE_N and 2 * PROBE_N candidates were timed against per task
    # the Task made of each taken outcome, by its index in stream.taken (append-only): the file is assembled
    # again after every round of a large --n, and a task is the same each time
    made: list[Task] = field(default_factory=list)

    @property
    def exhausted(self) -> bool:
        return self.drawn >= min(self.total, execute_max_candidates())

    def wants(self, level: int) -> bool:
        return not self.exhausted and len(self.stream.taken) < level and self.drawn < candidate_budget(level)

    def slice_size(self, level: int) -> int:
        short = level - len(self.stream.taken)
        if not self.drawn:
            size = max(64, 3 * level + 16)
        else:
            rate = max(len(self.stream.taken) / self.drawn, 0.02)
            size = max(2 * self.drawn, math.ceil(short / rate))
        return max(1, min(size, MAX_SLICE, self.total - self.drawn, candidate_budget(level) - self.drawn))


def execute_max_candidates() -> int:
    return 100_000


def select_templates(template_ids: Iterable[str] | None = None, intents_: Iterable[str] | None = None,
                     split: str | None = None, skip: Iterable[str] | None = None) -> list[Template]:
    chosen = list(intents.all_templates())
    known = {t.id for t in chosen}
    for ids in (template_ids, skip):
        unknown = set(ids or ()) - known
        if unknown:
            raise UserError(f"unknown template id(s): {', '.join(sorted(unknown))}; "
                            "`ehr-tui tasks templates` lists them")
    if template_ids:
        wanted = set(template_ids)
        chosen = [t for t in chosen if t.id in wanted]
    if skip:
        left_out = set(skip)
        chosen = [t for t in chosen if t.id not in left_out]
    if intents_:
        wanted_i = set(intents_)
        chosen = [t for t in chosen if t.intent in wanted_i]
    if split:
        sp = intents.splits()
        chosen = [t for t in chosen if sp[t.id] == split]
    return chosen


class _Engine:
    def __init__(self, work: WorkDb, store: CandidateStore, report: GenerationReport, workers: int,
                 checkpoint: Callable[[dict], None] | None):
        self.work, self.store, self.report, self.workers = work, store, report, workers
        self.checkpoint = checkpoint
        self._lock = threading.Lock()

    def _count(self, r: _Run, executed: int = 0, candidates: int = 0, stage: str = "", since: float = 0.0) -> None:
        with self._lock:
            self.report.executed += executed
            self.report.candidates += candidates
            if stage:
                took = time.perf_counter() - since
                self.report.seconds[stage] += took
                self.report.template_seconds[r.template.id] += took

    # -- one pass over a batch: draw a slice per template, run the checks, judge, validate, take tasks
    def pass_once(self, runs: list[_Run], level: int, pool: ThreadPoolExecutor) -> None:
        jobs = list(pool.map(lambda r: self._first(r, r.slice_size(level)), runs))
        if any(j is not None and j.rerun for j in jobs):
            self.work.set_threads(max(1, self.work.threads // 2) if self.work.threads > 1 else 2)
            try:
                list(pool.map(lambda j: self._rerun(j) if j is not None and j.rerun else None, jobs))
            finally:
                self.work.set_threads(self.work.threads)
        for r, job in zip(runs, jobs):
            if job is None:
                continue
            try:
                self._accept(r, job, level)
            finally:
                self.store.release(job.pool)

    def _first(self, r: _Run, size: int) -> "_Job | None":
        t0 = time.perf_counter()
        try:
            p = self.store.pool(r.template, r.drawn, size)
        except QueryFailed as e:
            self._give_up(r, f"drawing its candidates failed: {e}")
            return None
        self._count(r, candidates=len(p.params), stage="pools", since=t0)
        t0 = time.perf_counter()
        try:
            results = self._grouped_or_per_task(r, p) if r.mode == "grouped" else \
                execute.run(self.work, r.template, p, r.mode)
            outcomes = execute.judge(self.work, r.template, p, r.mode, results)
        except QueryFailed as e:
            self._fallback(r, f"its grouped form failed ({e})")
            self.store.release(p)
            return None
        self._count(r, executed=execute.queries(r.mode, p), stage="gold queries", since=t0)
        job = _Job(r, p, results, outcomes, rerun=execute.needs_rerun(r.template, r.mode))
        if r.mode == "grouped":  # the grouped answers against the tasks' own SQL, on a sample
            t0 = time.perf_counter()
            sample = [o for o in outcomes if o.reason is None][:VALIDATE_LATER if r.validated else VALIDATE_FIRST]
            sample += [o for o in outcomes if o.reason in _STABLE_DROPS][:0 if r.validated else 1]
            for o in sample:
                job.validated += 1
                job.problem = execute.plain_check(self.work, r.template, o)
                if job.problem:
                    break
            self._count(r, executed=job.validated, stage="validation", since=t0)
        return job

    def _grouped_or_per_task(self, r: _Run, p: Pool) -> execute.Results:
        """The grouped run, unless it costs more than running the slice per task. Grouping pays where the
        candidates share work (one scan of an event table for many patients); many population templates
        share none (each candidate joins an event table of its own, and the one join DuckDB decorrelates
        them into grows faster than the candidates and spills), and a few scan the event tables once per
        parameter row or worse. A per-task query of a few candidates gives the per-task cost. Where one
        takes PROBE_MIN_S or more, the template's first large slice runs grouped on PROBE_N candidates,
        then on 2 * PROBE_N more: the difference is what a further candidate costs grouped, without the
        fixed cost of a grouped run; more than PROBE_RATIO times its two per-task queries, the template
        runs per task from then on. A grouped run past GROUPED_BUDGET times its per-task estimate is
        interrupted and the template runs per task (the same checks and answers either way: the
        per-task form is the same rewritten SQL)."""
        known: execute.Results = {}
        if r.per_task_s is None:
            picks = sorted({0, len(p.params) // 2, len(p.params) - 1})
            times = []
            for k in picks:
                t0 = time.perf_counter()
                known[(p.start + k, 0)] = execute.run_one(
                    self.work, r.template, execute.task_sql(r.template, p.params[k], "per_task", 0))
                times.append(time.perf_counter() - t0)
            r.per_task_s = sorted(times)[len(times) // 2]
        probing = not r.probed and r.per_task_s >= PROBE_MIN_S and len(p.params) > 4 * PROBE_N
        a, b = p.start + PROBE_N, p.start + 3 * PROBE_N
        parts = [range(p.start, a), range(a, b), range(b, p.end)] if probing else [range(p.start, p.end)]
        r.probed = r.probed or probing
        results: execute.Results = {}
        took: list[float] = []
        why = ""
        for part in parts:
            estimate = r.per_task_s * len(part) * 2  # copies 0 and 1; copy 2 only where they differ
            limit = min(execute.GROUPED_TIMEOUT_S, max(GROUPED_MIN_S, GROUPED_BUDGET * estimate))
            t0 = time.perf_counter()
            try:
                results.update(execute.run(self.work, r.template, p, "grouped", timeout_s=limit, positions=part))
            except QueryFailed as e:
                if not e.timeout or limit >= execute.GROUPED_TIMEOUT_S:
                    raise
                why = (f"run per task: its grouped form took over {limit:.1f} s, {GROUPED_BUDGET:g}x the "
                       f"per-task estimate for {len(part)} candidates")
                break
            took.append(time.perf_counter() - t0)
            if probing and len(took) == 2:
                further = (took[1] - took[0]) / PROBE_N  # G(2n) - G(n): n more candidates, no fixed cost
                if further > PROBE_RATIO * 2 * r.per_task_s:
                    why = (f"run per task: grouped, a further candidate cost {further:.2f} s ({took[0]:.1f} s "
                           f"for {PROBE_N}, {took[1]:.1f} s for {2 * PROBE_N}), per task {2 * r.per_task_s:.2f} s")
                    break
        else:
            return results
        self._fallback(r, why)  # grouped -> per_task
        return execute.run(self.work, r.template, p, r.mode, known=known)

    def _rerun(self, job: "_Job") -> None:
        t0 = time.perf_counter()
        r = job.run
        try:
            if r.mode == "grouped":
                self.store.reversed_table(job.pool)
            again = execute.run(self.work, r.template, job.pool, r.mode, rerun=True)
        except QueryFailed as e:
            job.problem = f"its grouped form failed on the re-run ({e})"
            return
        job.outcomes = execute.judge(self.work, r.template, job.pool, r.mode, job.results, rerun=again)
        self._count(r, executed=execute.queries(r.mode, job.pool, rerun=True), stage="re-runs", since=t0)

    def _fallback(self, r: _Run, why: str) -> None:
        """Run the template the next safer way (execute.MODES), or give it up after the last."""
        i = execute.MODES.index(r.mode) + 1
        if i >= len(execute.MODES):
            self._give_up(r, why)
            return
        r.mode = execute.MODES[i]
        self.report.modes[r.template.id] = r.mode
        self.report.notes.setdefault(r.template.id, why)

    def _give_up(self, r: _Run, why: str) -> None:
        r.total = r.drawn  # draws nothing more
        self.report.errors.setdefault(r.template.id, why)

    def _accept(self, r: _Run, job: "_Job", level: int) -> None:
        t = r.template
        self.report.validated += job.validated
        if job.problem:
            self._fallback(r, job.problem)
            return
        if r.mode == "per_task":
            # the checks' rewrite breaks SQL that runs as written: check it by re-running instead
            broken = next((o for o in job.outcomes if o.reason == "error"), None)
            if broken is not None and execute.run_one(self.work, t, render_sql(t, broken.params)).error is None:
                self._fallback(r, "the tie and rounding checks' rewrite breaks its SQL "
                                  f"({broken.result.error if broken.result else 'error'})")
                return
        r.validated = True
        _record(self.report, r, job.pool, job.outcomes, level)
        if self.checkpoint:
            self.checkpoint(_slice_record(r, job.pool, job.outcomes))


@dataclass
class _Job:
    run: _Run
    pool: Pool
    results: dict
    outcomes: list[Outcome]
    rerun: bool = False
    validated: int = 0
    problem: str | None = None


def _record(report: GenerationReport, r: _Run, p: Pool, outcomes: list[Outcome], level: int) -> None:
    """Count a judged slice's drops, queue its answered candidates for balance, extend the stream."""
    tid = r.template.id
    for o in outcomes:
        if o.reason is None:
            r.stream.add(answer_key(o.answer), o)
        else:
            report.drop(tid, o.reason)
            if o.reason == "error" and tid not in report.errors:
                report.errors[tid] = (o.result.error if o.result and o.result.error
                                      else "answer has the wrong shape for its type")
        if o.result is not None:
            o.result.rows = []  # the answer is kept; the rows are not needed any more
    r.outcomes.extend(outcomes)
    r.drawn = p.end
    r.stream.take(level)


def _slice_record(r: _Run, p: Pool, outcomes: list[Outcome]) -> dict:
    return {"template": r.template.id, "mode": r.mode, "start": p.start, "end": p.end,
            "outcomes": [[o.pos, o.params, o.answer, o.reason,
                          o.result.error if o.result is not None else None,
                          o.result.columns if o.result is not None else [],
                          o.result.types if o.result is not None else []] for o in outcomes]}


def _restore(r: _Run, rec: dict, report: GenerationReport, level: int) -> None:
    # the columns and types of the gold result are kept so a resumed run infers the same answer kinds
    outcomes = [Outcome(pos, params, answer, reason, GoldResult(list(cols), list(types), error=err))
                for pos, params, answer, reason, err, cols, types in
                (list(x) + [[], []][:max(0, 7 - len(x))] for x in rec["outcomes"])]
    r.mode = rec["mode"]
    r.validated = True
    r.restored.update(o.pos for o in outcomes)
    _record(report, r, Pool("", "", rec["start"], [o.params for o in outcomes]), outcomes, level)
    if r.mode != "grouped":
        report.modes[r.template.id] = r.mode


def _phrasing(template: Template, seed: int, tid: str) -> str:
    return template.questions[random.Random(f"{seed}:{tid}").randrange(len(template.questions))]


def _make_task(t: Template, o: Outcome, seed: int, split: str, db_meta: dict) -> Task:
    """The stored task: the per-task gold SQL (the record), its answer (``gold.gold_answer``), complexity."""
    tid = task_id(t, o.params)
    sql = render_sql(t, o.params)
    c = complexity.count(sql)
    return Task(id=tid, intent=t.intent, level=t.level, template_id=t.id, split=split,
                question=render_question(_phrasing(t, seed, tid), o.params), gold_sql=sql, gold_answer=o.answer,
                answer_type=t.answer, parameters=o.params, tables=list(c.tables), complexity=c.as_dict(),
                ordered=t.ordered, db=db_meta,
                # scoring: how each answer value / column is compared (ehr_tui.scoring.kinds)
                answer_kinds=kinds_for_result(t.answer, sql, o.result.columns if o.result else [],
                                              o.result.types if o.result else [], o.answer, t.kinds,
                                              outputs=_outputs(t, sql)))


_OUTPUTS: dict[tuple[str, str], Any] = {}
_OUTPUTS_LOCK = threading.Lock()


def _outputs(t: Template, sql: str) -> Any:
    """The gold query's output columns (``scoring.kinds.sql_outputs``, a sqlglot parse of ~4 ms), once per
    template and query shape: a template's parameters are literals in its WHERE, never an output's rounding
    or cast (tests/tasks hold every template to that), so its tasks' outputs are the same."""
    key = (t.id, complexity.shape(sql))
    if key in _OUTPUTS:
        return _OUTPUTS[key]  # (None too: a query sqlglot cannot read is not parsed again for each task)
    hit = sql_outputs(sql)
    with _OUTPUTS_LOCK:
        if len(_OUTPUTS) > 8192:
            _OUTPUTS.clear()
        _OUTPUTS[key] = hit
    return hit


def _round_robin(runs: list[_Run], seed: int) -> list[_Run]:
    """Templates ordered so each round visits every (intent, level) category in turn, templates within a
    category in a seeded order: the first N tasks of a file cover every category asked for, whatever the
    number of templates each has. Independent of N, so a larger --n extends the same file."""
    groups: dict[tuple[str, str], list[_Run]] = {}
    for r in runs:
        groups.setdefault((r.template.intent, r.template.level), []).append(r)
    for key, g in groups.items():
        random.Random(f"{seed}:{key[0]}:{key[1]}").shuffle(g)
    out = []
    for i in range(max((len(g) for g in groups.values()), default=0)):
        out += [g[i] for g in groups.values() if i < len(g)]
    return out


def _interleave(runs: list[_Run], n: int, seed: int, db_meta: dict, report: GenerationReport | None) -> list[Task]:
    splits = intents.splits()
    out: list[Task] = []
    seen: set[tuple[str, str]] = set()
    ids: set[str] = set()
    rnd = 0
    while len(out) < n:
        progressed = False
        for r in runs:
            if rnd >= len(r.stream.taken) or len(out) >= n:
                continue
            progressed = True
            o = r.stream.taken[rnd]
            if rnd < len(r.made):
                task = r.made[rnd]
            else:
                task = _make_task(r.template, o, seed, splits[r.template.id], db_meta)
                r.made.append(task)
            key = (task.question, answer_key(task.gold_answer))
            if key in seen or task.id in ids:
                if report is not None:
                    report.drop(r.template.id, "duplicate")
                continue
            seen.add(key)
            ids.add(task.id)
            out.append(task)
            if report is not None:
                report.accepted[r.template.id] += 1
                if o.pos in r.restored:
                    report.reused += 1
        if not progressed:
            break
        rnd += 1
    return out


def generate(db: str | Path, n: int, seed: int = 0, *, templates: list[Template] | None = None,
             workers: int | None = None, threads: int = DEFAULT_THREADS, memory_limit: str = DEFAULT_MEMORY_LIMIT,
             strategy: str = "grouped", progress: Callable[[int, int], None] | None = None,
             checkpoint: Callable[[dict], None] | None = None, resume: list[dict] | None = None) -> GenerationReport:
    """Generate up to ``n`` tasks from ``db``; deterministic for a database, seed and template set.

    ``strategy="per_task"`` runs every gold query task by task (the same checks; for comparison).
    ``checkpoint`` receives each finished slice (a JSON-able dict); ``resume`` replays such slices.
    """
    if n < 1:
        raise UserError(f"--n must be at least 1 (got {n})")
    if strategy not in STRATEGIES:
        raise UserError(f"unknown strategy {strategy!r}: use one of {', '.join(STRATEGIES)}")
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1 (got {workers})")
    start = time.perf_counter()
    templates = list(templates if templates is not None else intents.all_templates())
    workers = workers or min(8, max(2, os.cpu_count() or 2))
    report = GenerationReport()
    with WorkDb(db, memory_limit=memory_limit, threads=threads) as work:
        cur = work.cursor()
        info = read_info(db, con=cur)
        has_schedule = cost.has_cost_schedule(cur)
        db_meta = db_identity(info)
        store = CandidateStore(work, seed)
        eligible = []
        for t in templates:
            if "cost_schedule" in t.needs and not has_schedule:
                report.skipped[t.id] = ("needs the ehr-tui cost schedule (schema ehr_tui_ref), which this database "
                                        "lacks: run `ehr-tui tasks cost-schedule --db FILE`")
            else:
                eligible.append(t)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            t0 = time.perf_counter()
            # one at a time, each on all --threads: the candidate queries are the big scans and joins, and
            # two side by side under one memory limit spill each other out (at 10,000 patients on 2 cores:
            # 145 s and 22 GB of temporary files written, against 70 s and 1 GB one at a time)
            counts = [_count(store, t) for t in eligible]
            report.seconds["candidate queries"] += time.perf_counter() - t0
            runs: list[_Run] = []
            for t, (total, err) in zip(eligible, counts):
                if err:
                    report.skipped[t.id] = f"candidate query failed: {err}"
                    report.errors[t.id] = err
                elif not total:
                    empty = [x for x in complexity.count(t.params).tables if info.row_counts.get(x, 1) == 0]
                    report.skipped[t.id] = "no candidate parameters in this database" + (
                        f" ({', '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty)" if empty else "")
                else:
                    runs.append(_Run(t, None, total))
            # checked, checkpointed and written in the same order, so a resumed run reuses the file's beginning
            runs = _round_robin(runs, seed)
            report.candidate_queries = store.distinct_queries
            level = math.ceil(n / max(1, len(runs)))
            by_id = {r.template.id: r for r in runs}
            for rec in resume or ():
                r = by_id.get(rec.get("template"))
                if r is not None and rec.get("start") == r.drawn:
                    _restore(r, rec, report, level)
            engine = _Engine(work, store, report, workers, checkpoint)
            position = {id(r): i for i, r in enumerate(runs)}
            while True:
                need = [r for r in runs if r.wants(level)]
                if need:
                    enough = False
                    for i in range(0, len(need), BATCH):
                        batch = need[i:i + BATCH]
                        for r in batch:  # only the templates that run pay for the check (a small --n runs few)
                            if r.mode is None:
                                r.mode = _initial_mode(r.template, strategy, report)
                        engine.pass_once(batch, level, pool)
                        if progress:
                            progress(min(n, sum(min(len(r.stream.taken), level) for r in runs)), n)
                        # with one task per template, the file is the first n of the round-robin order: once
                        # the templates checked so far give n, the rest cannot change it (a small --n on a
                        # large template set runs only the templates it needs)
                        if level == 1 and len(_interleave(runs[:position[id(batch[-1])] + 1], n, seed,
                                                          db_meta, None)) >= n:
                            enough = True
                            break
                    if enough:
                        break
                    continue
                have = len(_interleave(runs, n, seed, db_meta, None))
                growable = [r for r in runs if len(r.stream.taken) >= level and not r.exhausted]
                if have >= n or not growable:
                    break
                level += math.ceil((n - have) / len(growable))
                for r in runs:
                    r.stream.take(level)
        t0 = time.perf_counter()
        report.tasks = _interleave(runs, n, seed, db_meta, report)
        report.seconds["task records"] += time.perf_counter() - t0
        if work.by_item_seconds:  # (inside the first population query's time, counted here on its own too)
            report.seconds["by-item copies"] = round(work.by_item_seconds, 3)
        for table, why in work.by_item_skipped.items():
            report.notes[f"by-item copy of {table}"] = f"not made ({why}); population queries read the file's table"
        for r in runs:
            tid = r.template.id
            if r.mode is not None:
                report.modes.setdefault(tid, r.mode)
            if r.stream.waiting and len(r.stream.taken) < level:
                report.balance_limited[tid] = r.stream.waiting
            if not report.accepted[tid] and tid not in report.skipped:
                reasons = report.dropped.get(tid, Counter())
                report.skipped[tid] = ("every candidate was dropped (" + ", ".join(
                    f"{k}: {v}" for k, v in reasons.most_common()) + ")") if reasons else "no task was needed from it"
    if progress:
        progress(len(report.tasks), n)
    report.elapsed_s = time.perf_counter() - start
    return report


def _count(store: CandidateStore, t: Template) -> tuple[int, str | None]:
    try:
        return store.count(t), None
    except CandidateError as e:
        return 0, str(e)


def _initial_mode(t: Template, strategy: str, report: GenerationReport) -> str:
    if strategy == "per_task":
        return "per_task"
    rw = grouped.template_rewrite(t)
    if not rw.rewritten:
        report.notes[t.id] = "sqlglot cannot rewrite it: the tie and rounding checks are reduced to a re-run"
        return "per_task_plain"
    if grouped.ordered(t) and rw.order_keys is None:
        report.notes[t.id] = "its answer's row order cannot be kept in a grouped run"
        return "per_task"
    return "grouped"


# ---------------------------------------------------------------------------------------------
# Files: checkpointed generation


def _run_key(db: Path, n: int, seed: int, templates: list[Template], strategy: str) -> str:
    h = hashlib.sha1()
    st = db.stat()
    h.update(f"{FORMAT_VERSION}|{db.resolve()}|{st.st_size}|{st.st_mtime_ns}|{n}|{seed}|{strategy}".encode())
    for t in templates:
        h.update(f"|{t.id}|{t.sql}|{t.params}|{t.questions}|{t.grid}|{t.answer}|{t.max_rows}|{t.rows}".encode())
    return h.hexdigest()


def _load_partial(path: Path, key: str) -> list[dict]:
    if not path.is_file():
        return []
    out: list[dict] = []
    with path.open(encoding="utf-8") as f:
        try:
            if json.loads(f.readline()).get("run") != key:
                return []
        except (ValueError, AttributeError):
            return []
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                break  # a line cut short by the interruption: everything before it is good
            if isinstance(rec, dict) and "template" in rec and "outcomes" in rec:
                out.append(rec)
    return out


def generate_file(db: str | Path, out: str | Path, n: int, seed: int = 0, *,
                  templates: list[Template] | None = None, workers: int | None = None,
                  threads: int = DEFAULT_THREADS, memory_limit: str = DEFAULT_MEMORY_LIMIT, strategy: str = "grouped",
                  progress: Callable[[int, int], None] | None = None) -> GenerationReport:
    """``generate`` into a JSONL file (atomic), resumable through ``<out>.partial``."""
    db, out = Path(db), Path(out)
    if not db.exists():
        raise UserError(f"database {db} does not exist: build one with `ehr-tui db synth` or `ehr-tui db import`")
    templates = list(templates if templates is not None else intents.all_templates())
    partial = out.with_name(out.name + ".partial")
    key = _run_key(db, n, seed, templates, strategy)
    resume = _load_partial(partial, key)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not resume:
        partial.write_text(json.dumps({"run": key}) + "\n", encoding="utf-8")
    with partial.open("a", encoding="utf-8") as f:
        def checkpoint(rec: dict) -> None:
            f.write(json.dumps(rec, ensure_ascii=False, default=str) + "\n")
            f.flush()

        report = generate(db, n, seed, templates=templates, workers=workers, threads=threads,
                          memory_limit=memory_limit, strategy=strategy, progress=progress,
                          checkpoint=checkpoint, resume=resume)
    write_tasks(out, report.tasks)
    with atomic_output(report_path(out)) as f:
        json.dump({"tasks_sha256": _sha256(out), "db": str(db.resolve()), "n": n, "seed": seed, "strategy": strategy,
                   **report.summary()}, f,
                  indent=1, ensure_ascii=False)
    partial.unlink(missing_ok=True)
    return report


def report_path(tasks_file: str | Path) -> Path:
    """The generation report beside a tasks file (drop reasons, modes, skipped templates)."""
    p = Path(tasks_file)
    return p.with_name(p.name + ".report.json") if not p.name.endswith(".jsonl") else \
        p.with_name(p.name[:-len(".jsonl")] + ".report.json")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read_report(tasks_file: str | Path) -> dict | None:
    """The generation report of a tasks file; None when there is none, it is unreadable, or it belongs to
    another version of the file (edited or regenerated since)."""
    try:
        data = json.loads(report_path(tasks_file).read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("tasks_sha256") != _sha256(Path(tasks_file)):
            return None
    except (OSError, ValueError):
        return None
    return data


__all__ = ["GenerationReport", "generate", "generate_file", "select_templates", "candidate_sql", "gold_answer",
           "SCALAR_TYPES", "DROP_REASONS", "task_from_dict"]
