"""Evaluation of a run: exact-match accuracy (overall, by intent, level, complexity), pass@k and pass^k
for k = 1..K, failure modes, cost. Correctness comes from ``tasks.answers`` (the one set of rules).

Accuracy is over trajectories (every trial counts); pass@k / pass^k are per task, averaged over the
tasks with at least k finished trials.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable

from rich.console import Console
from rich.table import Table

from ..errors import UserError
from ..tasks.answers import parse_answer, pass_at_k, pass_hat_k, task_match, to_jsonable
from ..tasks.model import read_tasks
from .failures import FAILURE_MODES, classify
from ..fileio import atomic_write
from .trajectory import RunStore, Trajectory, Warn, resolve_run_dir

# Complexity (tasks.complexity total: structural components of the gold SQL) in fixed buckets, so runs
# on different task files stay comparable.
COMPLEXITY_BUCKETS = ((5, "1-5"), (10, "6-10"), (20, "11-20"), (None, "21+"))
EVAL_FILE = "eval.json"


def complexity_bucket(total: int) -> str:
    for upper, name in COMPLEXITY_BUCKETS:
        if upper is None or total <= upper:
            return name
    raise AssertionError("unreachable")


@dataclass
class Group:
    n: int = 0
    correct: int = 0

    @property
    def accuracy(self) -> float:
        return self.correct / self.n if self.n else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "correct": self.correct, "accuracy": round(self.accuracy, 6)}


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
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d = {k: v for k, v in asdict(self).items()
             if k not in ("overall", "by_intent", "by_level", "by_complexity")}
        d["overall"] = self.overall.to_dict()
        for name in ("by_intent", "by_level", "by_complexity"):
            d[name] = {k: g.to_dict() for k, g in getattr(self, name).items()}
        d["pass_at_k"] = {str(k): round(v, 6) for k, v in self.pass_at_k.items()}
        d["pass_hat_k"] = {str(k): round(v, 6) for k, v in self.pass_hat_k.items()}
        d["tasks_per_k"] = {str(k): v for k, v in self.tasks_per_k.items()}
        return d


def rescore(traj: Trajectory, task: Any) -> Trajectory:
    """Correctness and failure mode of ``traj`` recomputed against ``task`` (a Task or TaskSnapshot)."""
    if traj.answer is not None:
        traj.parsed_answer = to_jsonable(parse_answer(traj.answer, task.answer_type))
        traj.correct = bool(task_match(traj.answer, task))
    else:
        traj.parsed_answer, traj.correct = None, False
    failure = classify(traj, task)
    traj.failure_mode, traj.failure_detail = failure.mode, failure.detail
    return traj


def evaluate(trajectories: Iterable[Trajectory], run: dict[str, Any] | None = None) -> Report:
    trajs = list(trajectories)
    overall = Group()
    by: dict[str, dict[str, Group]] = {"intent": defaultdict(Group), "level": defaultdict(Group),
                                       "complexity": defaultdict(Group)}
    per_task: dict[str, list[bool]] = defaultdict(list)
    failures: Counter = Counter()
    status: Counter = Counter()
    for t in trajs:
        for g in (overall, by["intent"][t.task.intent], by["level"][t.task.level],
                  by["complexity"][complexity_bucket(t.task.complexity)]):
            g.n += 1
            g.correct += int(t.correct)
        per_task[t.task_id].append(t.correct)
        status[t.status] += 1
        if not t.correct:
            failures[t.failure_mode or "unclassified"] += 1
    k_max = max((len(v) for v in per_task.values()), default=0)
    at, hat, counts = {}, {}, {}
    for k in range(1, k_max + 1):
        eligible = [(len(v), sum(v)) for v in per_task.values() if len(v) >= k]
        counts[k] = len(eligible)
        at[k] = sum(pass_at_k(n, c, k) for n, c in eligible) / len(eligible)
        hat[k] = sum(pass_hat_k(n, c, k) for n, c in eligible) / len(eligible)
    notes = []
    uneven = sorted({len(v) for v in per_task.values()})
    if len(uneven) > 1:
        notes.append(f"tasks have between {uneven[0]} and {uneven[-1]} trials (an unfinished run?); pass@k for "
                     "large k covers fewer tasks")
    if status["endpoint_error"]:
        notes.append(f"{status['endpoint_error']} trajectories ended on endpoint errors; re-run the same "
                     "`ehr-tui run` command to retry them")
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
        notes=notes)


def evaluate_run(run_dir: str | Path, *, tasks_file: str | Path | None = None, warn: Warn | None = None,
                 save: bool = True) -> Report:
    """Evaluate a run folder; with ``tasks_file``, rescore every trajectory against that file's gold answers
    (the current rules of tasks.answers and failures). Writes eval.json into the folder unless ``save`` is off."""
    store = RunStore.open(resolve_run_dir(run_dir))
    settings = store.settings()
    trajs = list(store.latest(warn).values())
    if tasks_file is not None:
        tf = read_tasks(tasks_file)
        tasks = {t.id: t for t in tf.tasks}
        missing = [t.task_id for t in trajs if t.task_id not in tasks]
        if missing:
            raise UserError(f"{len(missing)} trajectories are for tasks not in {tasks_file} (e.g. {missing[0]!r}): "
                            "rescore with the tasks file the run used")
        trajs = [rescore(t, tasks[t.task_id]) for t in trajs]
    run = {"name": settings.name, "dir": str(store.dir), "model": settings.model, "base_url": settings.base_url,
           "tasks_file": settings.tasks_file, "db": settings.db, "db_source": settings.db_source,
           "trials": settings.trials, "max_steps": settings.max_steps, "temperature": settings.temperature,
           "rescored_with": str(tasks_file) if tasks_file else None}
    report = evaluate(trajs, run)
    if save:
        atomic_write(store.dir / EVAL_FILE, json.dumps(report.to_dict(), indent=2) + "\n")
    return report


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def render(report: Report, console: Console) -> None:
    """The report as rich tables."""
    r = report.run
    title = f"{r.get('name', 'run')}: {r.get('model', '?')} on {report.tasks} tasks × up to {r.get('trials', '?')} trials"
    head = Table(title=title, show_header=True)
    head.add_column("metric")
    head.add_column("value", justify="right")
    head.add_row("trajectories", f"{report.trajectories:,}")
    head.add_row("accuracy (exact match)", f"{_pct(report.overall.accuracy)} ({report.overall.correct}/"
                                           f"{report.overall.n})")
    for k in report.pass_at_k:
        head.add_row(f"pass@{k} / pass^{k}", f"{_pct(report.pass_at_k[k])} / {_pct(report.pass_hat_k[k])}"
                     f"  ({report.tasks_per_k[k]} tasks)")
    head.add_row("mean steps / tokens / seconds",
                 f"{report.mean_steps:.1f} / {report.mean_tokens:,.0f} / {report.mean_duration_s:.1f}")
    console.print(head)
    groups = Table(title="accuracy by group")
    for col in ("group", "value", "n", "correct", "accuracy"):
        groups.add_column(col, justify="right" if col in ("n", "correct", "accuracy") else "left")
    for label, items in (("intent", report.by_intent), ("level", report.by_level),
                         ("complexity", report.by_complexity)):
        for i, (name, g) in enumerate(items.items()):
            groups.add_row(label if i == 0 else "", name, str(g.n), str(g.correct), _pct(g.accuracy))
        groups.add_section()
    console.print(groups)
    if report.failures:
        fails = Table(title="failure modes")
        fails.add_column("mode")
        fails.add_column("meaning")
        fails.add_column("trajectories", justify="right")
        fails.add_column("share of failures", justify="right")
        total = sum(report.failures.values())
        for mode, n in sorted(report.failures.items(), key=lambda kv: -kv[1]):
            fails.add_row(mode, FAILURE_MODES.get(mode, ""), str(n), _pct(n / total))
        console.print(fails)
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}")
