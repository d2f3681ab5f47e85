"""Evaluation of a run: answer accuracy with abstentions and the reliability score, execution accuracy of
the final SQL under four policies, pass@k and pass^k, each with a 95% bootstrap interval over tasks,
broken down by intent, level and complexity; failure modes and cost.

Every answer is scored afresh with the current rules (``ehr_tui.scoring``) from the task snapshot the
trajectory carries (or a tasks file, with ``--rescore``), so a run recorded under older rules is not
reported with them. Accuracy is over trajectories (every trial counts); pass@k / pass^k are per task,
averaged over the tasks with at least k finished trials. Outcomes: ``correct``, ``wrong``,
``abstained`` (the model declined) and ``no_answer`` (it never submitted: step limit, endpoint
error); the reliability score counts both of the last two as 0.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import UserError
from ..fileio import atomic_write
from ..scoring import (PENALTIES, POLICIES, AnswerVerdict, Execution, Interval, bootstrap_ratio, pass_at_k,
                       pass_hat_k, reliability, score_answer, spec_of)
from ..tasks.model import read_tasks
from .failures import FAILURE_MODES, classify
from .trajectory import RunStore, Trajectory, Warn, resolve_run_dir

# Complexity (tasks.complexity total: structural components of the gold SQL) in fixed buckets, so runs
# on different task files stay comparable.
COMPLEXITY_BUCKETS = ((5, "1-5"), (10, "6-10"), (20, "11-20"), (None, "21+"))
EVAL_FILE = "eval.json"
EVAL_FORMAT_VERSION = 2
OUTCOMES = ("correct", "wrong", "abstained", "no_answer")


def complexity_bucket(total: int) -> str:
    for upper, name in COMPLEXITY_BUCKETS:
        if upper is None or total <= upper:
            return name
    raise AssertionError("unreachable")


_VERDICTS: dict[tuple, AnswerVerdict] = {}


def verdict_of(traj: Trajectory, task: Any | None = None) -> AnswerVerdict | None:
    """The fresh verdict on a trajectory's answer (None when it submitted none). Cached by answer and task
    content: the Runs screen re-scores whole runs as trajectories arrive."""
    if traj.status != "answered" or traj.answer is None:
        return None
    spec = spec_of(task or traj.task)
    key = (traj.answer, spec.answer_type, spec.kinds, json.dumps(spec.gold, sort_keys=True, default=str),
           spec.ordered, spec.empty_answer, spec.question)
    hit = _VERDICTS.get(key)
    if hit is None:
        if len(_VERDICTS) > 200_000:
            _VERDICTS.clear()
        hit = _VERDICTS[key] = score_answer(traj.answer, spec)
    return hit


def outcome_of(traj: Trajectory, verdict: AnswerVerdict | None) -> str:
    return "no_answer" if verdict is None else verdict.outcome


def rescore(traj: Trajectory, task: Any, *, classify_failure: bool = True) -> Trajectory:
    """Correctness, parsed answer and failure mode of ``traj`` recomputed against ``task`` (a Task or
    TaskSnapshot) with the current rules."""
    verdict = verdict_of(traj, task)
    traj.parsed_answer = verdict.parsed if verdict else None
    traj.correct = bool(verdict and verdict.correct)
    if classify_failure:
        failure = classify(traj, task, verdict)
        traj.failure_mode, traj.failure_detail = failure.mode, failure.detail
    return traj


def refresh(traj: Trajectory) -> bool:
    """Bring a recorded trajectory's correctness and failure mode up to the current rules when they differ
    (a run recorded under older rules); True when something changed. Cheap when nothing did."""
    v = verdict_of(traj)
    if v is None:
        return False
    if v.correct != bool(traj.correct) or (v.abstained and traj.failure_mode != "abstained") or \
            (not v.abstained and traj.failure_mode == "abstained"):
        rescore(traj, traj.task)
        return True
    return False


@dataclass
class Group:
    n: int = 0
    correct: int = 0
    abstained: int = 0
    no_answer: int = 0
    interval: Interval | None = None

    @property
    def wrong(self) -> int:
        return self.n - self.correct - self.abstained - self.no_answer

    @property
    def accuracy(self) -> float:
        return self.correct / self.n if self.n else 0.0

    def add(self, outcome: str) -> None:
        self.n += 1
        self.correct += outcome == "correct"
        self.abstained += outcome == "abstained"
        self.no_answer += outcome == "no_answer"

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "correct": self.correct, "wrong": self.wrong, "abstained": self.abstained,
                "no_answer": self.no_answer, "accuracy": round(self.accuracy, 6),
                "interval": self.interval.to_list() if self.interval else None}


@dataclass
class PolicyScore:
    n: int = 0
    match: int = 0
    interval: Interval | None = None

    @property
    def accuracy(self) -> float:
        return self.match / self.n if self.n else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "match": self.match, "accuracy": round(self.accuracy, 6),
                "interval": self.interval.to_list() if self.interval else None}


@dataclass
class Report:
    run: dict[str, Any]
    tasks: int
    trajectories: int
    overall: Group
    by_intent: dict[str, Group]
    by_level: dict[str, Group]
    by_complexity: dict[str, Group]
    pass_at_k: dict[int, float]
    pass_hat_k: dict[int, float]
    tasks_per_k: dict[int, int]
    failures: dict[str, int]
    status: dict[str, int]
    mean_steps: float
    mean_tokens: float
    mean_duration_s: float
    endpoint_errors: int
    reliability: dict[str, float] = field(default_factory=dict)      # penalty ("0", "5", "10", "N") -> score
    pass_at_k_interval: dict[int, Interval | None] = field(default_factory=dict)
    pass_hat_k_interval: dict[int, Interval | None] = field(default_factory=dict)
    execution: dict[str, PolicyScore] = field(default_factory=dict)   # policy -> score ({} when not run)
    execution_states: dict[str, int] = field(default_factory=dict)   # ran / error / timeout / ... -> count
    execution_by_intent: dict[str, dict[str, PolicyScore]] = field(default_factory=dict)
    verdicts: list[dict[str, Any]] = field(default_factory=list)     # per trajectory (eval.json only)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        def ivl(d: dict) -> dict:
            return {str(k): (v.to_list() if v else None) for k, v in d.items()}

        return {
            "format_version": EVAL_FORMAT_VERSION, "run": self.run, "tasks": self.tasks,
            "trajectories": self.trajectories, "overall": self.overall.to_dict(),
            "by_intent": {k: g.to_dict() for k, g in self.by_intent.items()},
            "by_level": {k: g.to_dict() for k, g in self.by_level.items()},
            "by_complexity": {k: g.to_dict() for k, g in self.by_complexity.items()},
            "reliability": {k: round(v, 6) for k, v in self.reliability.items()},
            "pass_at_k": {str(k): round(v, 6) for k, v in self.pass_at_k.items()},
            "pass_at_k_interval": ivl(self.pass_at_k_interval),
            "pass_hat_k": {str(k): round(v, 6) for k, v in self.pass_hat_k.items()},
            "pass_hat_k_interval": ivl(self.pass_hat_k_interval),
            "tasks_per_k": {str(k): v for k, v in self.tasks_per_k.items()},
            "execution": {p: s.to_dict() for p, s in self.execution.items()},
            "execution_states": self.execution_states,
            "execution_by_intent": {i: {p: s.to_dict() for p, s in d.items()}
                                    for i, d in self.execution_by_intent.items()},
            "failures": self.failures, "status": self.status, "mean_steps": self.mean_steps,
            "mean_tokens": self.mean_tokens, "mean_duration_s": self.mean_duration_s,
            "endpoint_errors": self.endpoint_errors, "notes": self.notes, "verdicts": self.verdicts,
        }


def _task_interval(per_task: dict[str, list[float]], tasks: Iterable[str], intervals: bool) -> Interval | None:
    if not intervals:
        return None
    ids = [t for t in tasks if per_task.get(t)]
    return bootstrap_ratio([sum(per_task[t]) for t in ids], [len(per_task[t]) for t in ids])


def evaluate(trajectories: Iterable[Trajectory], run: dict[str, Any] | None = None, *,
             execution: dict[tuple[str, int], Execution] | None = None, intervals: bool = True,
             tasks: dict[str, Any] | None = None, keep_verdicts: bool = False) -> Report:
    """Score trajectories (answers afresh; ``execution``: per-trajectory execution verdicts, when computed;
    ``tasks``: task records to score against instead of the trajectories' snapshots)."""
    trajs = list(trajectories)
    overall = Group()
    by: dict[str, dict[str, Group]] = {"intent": defaultdict(Group), "level": defaultdict(Group),
                                       "complexity": defaultdict(Group)}
    members: dict[str, dict[str, set[str]]] = {"intent": defaultdict(set), "level": defaultdict(set),
                                               "complexity": defaultdict(set)}
    per_task: dict[str, list[float]] = defaultdict(list)
    failures: Counter = Counter()
    status: Counter = Counter()
    verdicts = []
    for t in trajs:
        task = tasks.get(t.task_id) if tasks else None
        verdict = verdict_of(t, task)
        outcome = outcome_of(t, verdict)
        labels = {"intent": t.task.intent, "level": t.task.level, "complexity": complexity_bucket(t.task.complexity)}
        overall.add(outcome)
        for dim, label in labels.items():
            by[dim][label].add(outcome)
            members[dim][label].add(t.task_id)
        per_task[t.task_id].append(float(outcome == "correct"))
        status[t.status] += 1
        mode = None
        if outcome != "correct":
            mode = "abstained" if outcome == "abstained" else (t.failure_mode or "unclassified")
            failures[mode] += 1
        if keep_verdicts:
            ex = execution.get(t.key) if execution else None
            verdicts.append({"task_id": t.task_id, "trial": t.trial, "intent": t.task.intent, "level": t.task.level,
                             "complexity": t.task.complexity, "status": t.status, "outcome": outcome,
                             "failure_mode": mode,
                             "parsed": verdict.parsed if verdict else None, "detail": verdict.detail if verdict else "",
                             "execution": ex.to_dict()["verdicts"] if ex else None})
    overall.interval = _task_interval(per_task, per_task, intervals)
    for dim in by:
        for label, g in by[dim].items():
            g.interval = _task_interval(per_task, members[dim][label], intervals)
    k_max = max((len(v) for v in per_task.values()), default=0)
    at, hat, counts, at_i, hat_i = {}, {}, {}, {}, {}
    for k in range(1, k_max + 1):
        eligible = [(len(v), int(sum(v))) for v in per_task.values() if len(v) >= k]
        counts[k] = len(eligible)
        at_vals = [pass_at_k(n, c, k) for n, c in eligible]
        hat_vals = [pass_hat_k(n, c, k) for n, c in eligible]
        at[k] = sum(at_vals) / len(eligible)
        hat[k] = sum(hat_vals) / len(eligible)
        at_i[k] = bootstrap_ratio(at_vals, [1.0] * len(at_vals)) if intervals else None
        hat_i[k] = bootstrap_ratio(hat_vals, [1.0] * len(hat_vals)) if intervals else None
    wrong = overall.wrong
    rel = {str(c): reliability(overall.correct, overall.abstained + overall.no_answer, wrong, c) for c in PENALTIES}
    notes = []
    uneven = sorted({len(v) for v in per_task.values()})
    if len(uneven) > 1:
        notes.append(f"tasks have between {uneven[0]} and {uneven[-1]} trials (an unfinished run?); pass@k for "
                     "large k covers fewer tasks")
    if status["endpoint_error"]:
        notes.append(f"{status['endpoint_error']} trajectories ended on endpoint errors; re-run the same "
                     "`ehr-tui run` command to retry them")
    stale = sum(1 for t in trajs if t.status == "answered" and bool(t.correct) != (verdict_of(
        t, tasks.get(t.task_id) if tasks else None) or AnswerVerdict("wrong")).correct)
    if stale:
        notes.append(f"{stale} trajectories were recorded under older scoring rules and score differently now "
                     "(the figures here use the current rules)")
    exec_scores, exec_states, exec_by_intent = _execution(trajs, execution, intervals)
    order = {b: i for i, (_, b) in enumerate(COMPLEXITY_BUCKETS)}
    n = len(trajs) or 1
    return Report(
        run=run or {}, tasks=len(per_task), trajectories=len(trajs), overall=overall,
        by_intent=dict(sorted(by["intent"].items())), by_level=dict(sorted(by["level"].items())),
        by_complexity=dict(sorted(by["complexity"].items(), key=lambda kv: order.get(kv[0], 99))),
        pass_at_k=at, pass_hat_k=hat, tasks_per_k=counts,
        failures={m: failures[m] for m in list(FAILURE_MODES) + ["unclassified"] if failures[m]},
        status=dict(status), mean_steps=sum(len(t.steps) for t in trajs) / n,
        mean_tokens=sum(t.usage.get("total_tokens", 0) for t in trajs) / n,
        mean_duration_s=sum(t.duration_s for t in trajs) / n, endpoint_errors=status["endpoint_error"],
        reliability=rel, pass_at_k_interval=at_i, pass_hat_k_interval=hat_i, execution=exec_scores,
        execution_states=exec_states, execution_by_intent=exec_by_intent, verdicts=verdicts, notes=notes)


def _execution(trajs: list[Trajectory], execution: dict | None, intervals: bool):
    if not execution:
        return {}, {}, {}
    covered = [t for t in trajs if t.key in execution]
    states = Counter(execution[t.key].state for t in covered)
    scores: dict[str, PolicyScore] = {}
    by_intent: dict[str, dict[str, PolicyScore]] = defaultdict(dict)
    for policy in POLICIES:
        per_task: dict[str, list[float]] = defaultdict(list)
        s = PolicyScore()
        intents: dict[str, PolicyScore] = defaultdict(PolicyScore)
        for t in covered:
            hit = execution[t.key].verdict(policy) == "match"
            s.n += 1
            s.match += hit
            intents[t.task.intent].n += 1
            intents[t.task.intent].match += hit
            per_task[t.task_id].append(float(hit))
        s.interval = _task_interval(per_task, per_task, intervals)
        scores[policy] = s
        for intent, ps in sorted(intents.items()):
            by_intent[intent][policy] = ps
    return scores, dict(states), dict(by_intent)


def evaluate_run(run_dir: str | Path, *, tasks_file: str | Path | None = None, warn: Warn | None = None,
                 save: bool = True, execution: bool = True, db: str | Path | None = None,
                 sql_timeout_s: float | None = None, progress: Callable[[int, int], None] | None = None) -> Report:
    """Evaluate a run folder: every answer scored afresh; with ``tasks_file``, against that file's gold answers
    (failure modes reclassified too). ``execution`` runs each final query and gold query through the sandbox
    on ``db`` (default: the run's database), reusing RUN/execution.jsonl. Writes RUN/eval.json unless ``save``
    is off."""
    from .execution import execution_scores

    store = RunStore.open(resolve_run_dir(run_dir))
    settings = store.settings()
    trajs = list(store.latest(warn).values())
    tasks = None
    if tasks_file is not None:
        tf = read_tasks(tasks_file, warn=warn)
        tasks = {t.id: t for t in tf.tasks}
        missing = [t.task_id for t in trajs if t.task_id not in tasks]
        if missing:
            raise UserError(f"{len(missing)} trajectories are for tasks not in {tasks_file} (e.g. {missing[0]!r}): "
                            "rescore with the tasks file the run used")
        trajs = [rescore(t, tasks[t.task_id]) for t in trajs]
    else:
        for t in trajs:
            refresh(t)
    run = {"name": settings.name, "dir": str(store.dir), "model": settings.model, "base_url": settings.base_url,
           "tasks_file": settings.tasks_file, "db": settings.db, "db_source": settings.db_source,
           "trials": settings.trials, "max_steps": settings.max_steps, "temperature": settings.temperature,
           "rescored_with": str(tasks_file) if tasks_file else None}
    exec_map, exec_note = None, None
    if execution:
        target = Path(db).expanduser() if db else Path(settings.db)
        if not target.is_file():
            exec_note = (f"execution accuracy not computed: the run's database {target} is not here "
                         "(point at it with --db FILE)")
        else:
            timeout = sql_timeout_s or float((settings.limits or {}).get("sql_timeout_s") or 30.0)
            exec_map = execution_scores(store.dir, trajs, target, tasks=tasks, timeout_s=timeout, progress=progress)
            run["execution_db"] = str(target)
    report = evaluate(trajs, run, execution=exec_map, tasks=tasks, keep_verdicts=True)
    if exec_note:
        report.notes.append(exec_note)
    if save:
        atomic_write(store.dir / EVAL_FILE, json.dumps(report.to_dict(), indent=2) + "\n")
    return report
