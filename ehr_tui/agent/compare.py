"""Two runs side by side (e.g. the base model vs its XTF fine-tune): accuracy and pass^k by intent, each with
its 95% interval, and the paired difference B - A with its interval and a significance test.

Only the tasks both runs have are compared, and pass^k at the k both reach (the smaller number of
trials), so the two columns measure the same thing. Scores come from ``evaluate.evaluate``, per intent.
The paired test is on tasks (``ehr_tui.scoring.stats``): McNemar's exact test when every task has one
trial in each run, else a sign-flip permutation test on per-task accuracies; per-intent p-values are
Holm-adjusted for the number of intents. A difference with p >= 0.05 is reported as within noise.
Execution accuracy (typed policy) is shown when both runs have it cached (`ehr-tui eval`).
`ehr-tui compare A B` prints it; the Runs screen shows it (key v).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..scoring import Interval, Paired, paired_difference
from ..scoring.stats import holm
from .evaluate import Report, evaluate, outcome_of, verdict_of
from .execution import cached_execution
from .trajectory import RunSettings, RunStore, Trajectory, resolve_run_dir

OVERALL = "all intents"


@dataclass
class Side:
    n: int  # trajectories
    correct: int
    accuracy: float
    pass_hat: float | None  # pass^k at the common k
    interval: Interval | None = None
    pass_hat_interval: Interval | None = None
    abstained: int = 0
    execution: float | None = None  # typed execution accuracy, when cached

    @classmethod
    def of(cls, report: Report, k: int) -> "Side":
        ex = report.execution.get("typed")
        return cls(report.overall.n, report.overall.correct, report.overall.accuracy, report.pass_hat_k.get(k),
                   report.overall.interval, report.pass_hat_k_interval.get(k), report.overall.abstained,
                   ex.accuracy if ex and ex.n else None)

    def to_dict(self) -> dict:
        return {"n": self.n, "correct": self.correct, "abstained": self.abstained,
                "accuracy": round(self.accuracy, 6), "interval": self.interval.to_list() if self.interval else None,
                "pass_hat_k": None if self.pass_hat is None else round(self.pass_hat, 6),
                "pass_hat_k_interval": self.pass_hat_interval.to_list() if self.pass_hat_interval else None,
                "execution_typed": None if self.execution is None else round(self.execution, 6)}


@dataclass
class Row:
    group: str
    a: Side
    b: Side
    paired: Paired | None = None  # B - A on per-task accuracy

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
        return {"a": {"name": self.a.name, "model": self.a.model, "dir": str(self.a_dir),
                      "checkpoint": getattr(self.a, "checkpoint", None)},
                "b": {"name": self.b.name, "model": self.b.model, "dir": str(self.b_dir),
                      "checkpoint": getattr(self.b, "checkpoint", None)},
                "k": self.k, "tasks": self.tasks, "notes": self.notes,
                "rows": [{"group": r.group, "a": r.a.to_dict(), "b": r.b.to_dict(),
                          "delta_accuracy": round(r.delta, 6), "paired": r.paired.to_dict() if r.paired else None}
                         for r in self.rows]}


def _load(run: str | Path) -> tuple[Path, RunSettings, list[Trajectory]]:
    store = RunStore.open(resolve_run_dir(run))
    return store.dir, store.settings(), [t for t in store.latest(warn=lambda m: None).values() if t.finished]


def _per_task(trajs: list[Trajectory]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = defaultdict(list)
    for t in trajs:
        out[t.task_id].append(float(outcome_of(t, verdict_of(t)) == "correct"))
    return out


def _paired(ta: list[Trajectory], tb: list[Trajectory]) -> Paired:
    pa, pb = _per_task(ta), _per_task(tb)
    ids = sorted(set(pa) & set(pb))
    binary = all(len(pa[i]) == 1 and len(pb[i]) == 1 for i in ids)
    return paired_difference([sum(pa[i]) / len(pa[i]) for i in ids], [sum(pb[i]) / len(pb[i]) for i in ids], binary)


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
    ea, eb = cached_execution(a_dir, ta), cached_execution(b_dir, tb)
    k = max(1, min(a.trials, b.trials))

    def side(trajs: list[Trajectory], ex: dict) -> Side:
        keys = {t.key for t in trajs}
        return Side.of(evaluate(trajs, execution={x: e for x, e in ex.items() if x in keys} if ex and
                                all(t.key in ex for t in trajs) else None), k)

    rows = [Row(OVERALL, side(ta, ea), side(tb, eb), _paired(ta, tb))]
    intents = sorted({t.task.intent for t in ta} | {t.task.intent for t in tb})
    for intent in intents:
        sa = [t for t in ta if t.task.intent == intent]
        sb = [t for t in tb if t.task.intent == intent]
        rows.append(Row(intent, side(sa, ea), side(sb, eb), _paired(sa, sb)))
    adjusted = holm([r.paired.p_value if r.paired else None for r in rows[1:]])
    for r, p in zip(rows[1:], adjusted):
        if r.paired is not None:
            r.paired = Paired(r.paired.n, r.paired.difference, r.paired.interval, p,
                              r.paired.test + (", Holm-adjusted" if p is not None else ""))
    if a.trials != b.trials:
        notes.append(f"the runs have {a.trials} and {b.trials} trials per task; pass^k is shown at k={k}")
    verdict = rows[0].paired
    if verdict is not None and verdict.n:
        notes.append(f"overall difference {100 * verdict.difference:+.1f} points: {verdict.words()}")
    return Comparison(a, b, a_dir, b_dir, k, len(common), rows, notes)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _ci(i: Interval | None) -> str:
    return "" if i is None else f" [{100 * i.low:.0f}–{100 * i.high:.0f}]"


def comparison_table(c: Comparison):
    """The comparison as a rich Table (the CLI prints it; the app's widget shows the same). Fits 80 columns:
    per intent, both accuracies, the paired difference B - A with its 95% interval and the paired test."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    t = Table(title=f"{c.b.name} vs {c.a.name} (baseline) · {c.tasks} tasks · Δ = B - A, paired, 95% interval",
              title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    t.add_column("intent", no_wrap=True, min_width=8, max_width=14, overflow="ellipsis")
    show_exec = any(r.a.execution is not None and r.b.execution is not None for r in c.rows)
    cols = ["acc A", "acc B", "Δ [95%]", "test", f"pass^{c.k}"]
    if show_exec:
        cols += ["exec"]
    for col in cols + ["n A/B"]:
        t.add_column(col, justify="left" if col == "test" else "right", no_wrap=True)
    for i, r in enumerate(c.rows):
        d = r.delta
        p = r.paired
        noise = p is None or p.within_noise
        delta = Text(f"{100 * d:+.1f}" + (_ci(p.interval) if p else ""),
                     style="" if noise else ("green" if d > 0 else "red"))
        if p is None or p.p_value is None:
            test = Text("—", style="dim")
        else:
            shown = f"p={p.p_value:.2f}" if p.p_value >= 0.01 else "p<0.01"
            test = Text(("noise " if noise else "signif. ") + shown, style="dim" if noise else "bold")
        cells = [Text(r.group, style="bold" if i == 0 else ""), _num1(r.a.accuracy), _num1(r.b.accuracy), delta, test,
                 f"{_num(r.a.pass_hat)}→{_num(r.b.pass_hat)}"]
        if show_exec:
            cells.append(f"{_num(r.a.execution)}→{_num(r.b.execution)}")
        t.add_row(*cells, f"{r.a.n}/{r.b.n}", end_section=i == 0)
    t.caption = ("accuracy in %; pass^k and exec as A→B; n: trajectories; test: paired; noise: p ≥ 0.05 (McNemar exact with one trial per task, else a sign-flip permutation test; "
                 "per-intent p-values Holm-adjusted)" + ("; exec: typed execution accuracy" if show_exec else ""))
    t.caption_justify = "left"
    return t


def _num1(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}"


def _num(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f}"


def describe(settings: RunSettings) -> str:
    ckpt = getattr(settings, "checkpoint", None) or {}
    where = f" · checkpoint {ckpt.get('path')}" if ckpt.get("path") else ""
    return f"{settings.name}: model {settings.model} at {settings.base_url}{where}"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "compare", help="compare two runs side by side: accuracy and pass^k by intent, paired tests",
        description="Compare run B against run A (the baseline, e.g. the base model vs its XTF fine-tune) on "
                    "the tasks both have: accuracy and pass^k (k = the smaller trial count) overall and by intent, "
                    "each with a 95% bootstrap interval over tasks; the paired difference B - A with its interval "
                    "and a test on tasks (McNemar exact with one trial per task, else a sign-flip permutation "
                    "test; per-intent p-values Holm-adjusted). A difference with p >= 0.05 is called within "
                    "noise. Execution accuracy shows when `ehr-tui eval` has scored both runs.")
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
