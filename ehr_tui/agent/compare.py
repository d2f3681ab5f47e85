"""Two runs side by side (e.g. the base model vs its XTF fine-tune): accuracy and pass^k by intent.

Only the tasks both runs have are compared, and pass^k at the k both reach (the smaller number
of trials), so the two columns measure the same thing. Scores come from ``evaluate.evaluate``,
applied per intent. `ehr-tui compare A B` prints it; the Runs screen shows it (key v).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path

from .evaluate import Report, evaluate
from .trajectory import RunSettings, RunStore, Trajectory, resolve_run_dir

OVERALL = "all intents"


@dataclass
class Side:
    n: int  # trajectories
    correct: int
    accuracy: float
    pass_hat: float | None  # pass^k at the common k

    @classmethod
    def of(cls, report: Report, k: int) -> "Side":
        return cls(report.overall.n, report.overall.correct, report.overall.accuracy, report.pass_hat_k.get(k))


@dataclass
class Row:
    group: str
    a: Side
    b: Side

    @property
    def delta(self) -> float:
        return self.b.accuracy - self.a.accuracy


@dataclass
class Comparison:
    a: RunSettings
    b: RunSettings
    a_dir: Path
    b_dir: Path
    k: int
    tasks: int  # compared (in both runs)
    rows: list[Row]  # the overall row first, then one per intent
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        def side(s: Side) -> dict:
            return {"n": s.n, "correct": s.correct, "accuracy": round(s.accuracy, 6),
                    "pass_hat_k": None if s.pass_hat is None else round(s.pass_hat, 6)}

        return {"a": {"name": self.a.name, "model": self.a.model, "dir": str(self.a_dir),
                      "checkpoint": getattr(self.a, "checkpoint", None)},
                "b": {"name": self.b.name, "model": self.b.model, "dir": str(self.b_dir),
                      "checkpoint": getattr(self.b, "checkpoint", None)},
                "k": self.k, "tasks": self.tasks, "notes": self.notes,
                "rows": [{"group": r.group, "a": side(r.a), "b": side(r.b), "delta_accuracy": round(r.delta, 6)}
                         for r in self.rows]}


def _load(run: str | Path) -> tuple[Path, RunSettings, list[Trajectory]]:
    store = RunStore.open(resolve_run_dir(run))
    return store.dir, store.settings(), [t for t in store.latest(warn=lambda m: None).values() if t.finished]


def compare_runs(run_a: str | Path, run_b: str | Path) -> Comparison:
    """Compare run B against run A (the baseline) on the tasks both have."""
    a_dir, a, ta = _load(run_a)
    b_dir, b, tb = _load(run_b)
    notes = []
    if a.tasks_sha256 != b.tasks_sha256:
        notes.append("the runs used different tasks files; only the tasks both have are compared")
    common = {t.task_id for t in ta} & {t.task_id for t in tb}
    dropped = len({t.task_id for t in ta} | {t.task_id for t in tb}) - len(common)
    if dropped:
        notes.append(f"{dropped} task(s) are in one run only and are left out")
    ta = [t for t in ta if t.task_id in common]
    tb = [t for t in tb if t.task_id in common]
    k = max(1, min(a.trials, b.trials))
    rows = [Row(OVERALL, Side.of(evaluate(ta), k), Side.of(evaluate(tb), k))]
    intents = sorted({t.task.intent for t in ta} | {t.task.intent for t in tb})
    for intent in intents:
        rows.append(Row(intent, Side.of(evaluate([t for t in ta if t.task.intent == intent]), k),
                        Side.of(evaluate([t for t in tb if t.task.intent == intent]), k)))
    if a.trials != b.trials:
        notes.append(f"the runs have {a.trials} and {b.trials} trials per task; pass^k is shown at k={k}")
    return Comparison(a, b, a_dir, b_dir, k, len(common), rows, notes)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def comparison_table(c: Comparison):
    """The comparison as a rich Table (the CLI prints it; the app's widget shows the same)."""
    from rich.table import Table
    from rich.text import Text

    t = Table(title=f"{c.b.name} vs {c.a.name} (baseline) · {c.tasks} tasks · pass^{c.k}", title_justify="left")
    t.add_column("intent")
    for col in ("acc A", "acc B", "Δ acc", f"pass^{c.k} A", f"pass^{c.k} B", "trajs A/B"):
        t.add_column(col, justify="right")
    for i, r in enumerate(c.rows):
        d = r.delta
        delta = Text(f"{100 * d:+.1f}", style="green" if d > 0 else "red" if d < 0 else "")
        t.add_row(Text(r.group, style="bold" if i == 0 else ""), _pct(r.a.accuracy), _pct(r.b.accuracy), delta,
                  _pct(r.a.pass_hat), _pct(r.b.pass_hat), f"{r.a.n}/{r.b.n}", end_section=i == 0)
    return t


def describe(settings: RunSettings) -> str:
    ckpt = getattr(settings, "checkpoint", None) or {}
    where = f" · checkpoint {ckpt.get('path')}" if ckpt.get("path") else ""
    return f"{settings.name}: model {settings.model} at {settings.base_url}{where}"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "compare", help="compare two runs side by side: accuracy and pass^k by intent",
        description="Compare run B against run A (the baseline, e.g. the base model vs its XTF fine-tune) on "
                    "the tasks both have: accuracy and pass^k (k = the smaller trial count) overall and by intent.")
    p.add_argument("run_a", metavar="A", help="baseline run folder, or a run name under HOME/runs")
    p.add_argument("run_b", metavar="B", help="the run compared against it")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.set_defaults(func=cmd_compare)


def cmd_compare(args: argparse.Namespace) -> int:
    from rich.console import Console

    c = compare_runs(args.run_a, args.run_b)
    if args.json:
        print(json.dumps(c.to_dict(), indent=2))
        return 0
    console = Console()
    console.print(f"A  {describe(c.a)}\nB  {describe(c.b)}", highlight=False)
    console.print(comparison_table(c))
    for note in c.notes:
        console.print(f"[yellow]note:[/] {note}", highlight=False)
    return 0
