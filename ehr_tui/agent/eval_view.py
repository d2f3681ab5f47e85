"""`ehr-tui eval` as rich tables: answer accuracy with its interval and abstentions, the reliability score,
execution accuracy under every policy, pass@k / pass^k, groups, failure modes."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ..scoring import PENALTIES, POLICIES, POLICY_NAMES, Interval
from .evaluate import Report
from .failures import FAILURE_MODES

STATE_WORDS = {"error": "query error", "timeout": "timed out", "too_large": "result too large", "no_query":
               "no final query", "gold_error": "gold query failed"}


SHORT = {"typed": "typed", "bird": "BIRD", "spider": "Spider", "ehrsql": "EHRSQL"}


def pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def ci(i: Interval | None) -> str:
    return "" if i is None else f"{100 * i.low:.1f}–{100 * i.high:.1f}"


def render(report: Report, console: Console) -> None:
    r = report.run
    o = report.overall
    title = f"{r.get('name', 'run')}: {r.get('model', '?')} on {report.tasks} tasks × up to {r.get('trials', '?')} trials"
    head = Table(title=title, caption="95% CI: bootstrap interval, resampling tasks", caption_justify="left")
    head.add_column("metric")
    head.add_column("value", justify="right")
    head.add_column("95% CI", justify="right")
    head.add_row("trajectories", f"{report.trajectories:,}", "")
    head.add_row("answer accuracy", f"{pct(o.accuracy)} ({o.correct}/{o.n})", ci(o.interval))
    head.add_row("  wrong/abstained/no answer", f"{o.wrong} / {o.abstained} / {o.no_answer}", "")
    head.add_row("reliability RS(" + "/".join(str(c) for c in PENALTIES) + ")",
                 " / ".join(f"{100 * report.reliability[str(c)]:.1f}" for c in PENALTIES), "")
    for k in report.pass_at_k:
        head.add_row(f"pass@{k} ({report.tasks_per_k[k]} tasks)", pct(report.pass_at_k[k]),
                     ci(report.pass_at_k_interval.get(k)))
        head.add_row(f"pass^{k}", pct(report.pass_hat_k[k]), ci(report.pass_hat_k_interval.get(k)))
    head.add_row("mean steps / tokens / seconds",
                 f"{report.mean_steps:.1f} / {report.mean_tokens:,.0f} / {report.mean_duration_s:.1f}", "")
    console.print(head)
    console.print("  RS(c), EHRSQL 2024's reliability score: +1 per correct answer, 0 per abstention or no "
                  "answer, -c per wrong one, averaged", highlight=False)
    if report.execution:
        ex = Table(title="execution accuracy of the final SQL")
        for col in ("policy", "match", "accuracy", "95% CI"):
            ex.add_column(col, justify="left" if col == "policy" else "right")
        for policy in POLICIES:
            s = report.execution[policy]
            ex.add_row(POLICY_NAMES[policy], f"{s.match}/{s.n}", pct(s.accuracy), ci(s.interval))
        console.print(ex)
        states = report.execution_states
        others = [f"{STATE_WORDS[k]} {states[k]}" for k in STATE_WORDS if states.get(k)]
        console.print("  not compared (never counted as a match): " + (", ".join(others) or "none"),
                      highlight=False)
    groups = Table(title="answer accuracy by group")
    for col in ("group", "value", "n", "correct", "abstained", "accuracy", "95% CI"):
        groups.add_column(col, justify="left" if col in ("group", "value") else "right")
    for label, items in (("intent", report.by_intent), ("level", report.by_level),
                         ("complexity", report.by_complexity)):
        for i, (name, g) in enumerate(items.items()):
            groups.add_row(label if i == 0 else "", name, str(g.n), str(g.correct), str(g.abstained),
                           pct(g.accuracy), ci(g.interval))
        groups.add_section()
    console.print(groups)
    if report.execution_by_intent:
        by = Table(title="execution accuracy by intent")
        by.add_column("intent")
        for policy in POLICIES:
            by.add_column(SHORT[policy], justify="right")
        for intent, scores in report.execution_by_intent.items():
            by.add_row(intent, *(pct(scores[p].accuracy) if p in scores else "" for p in POLICIES))
        console.print(by)
    if report.failures:
        fails = Table(title="failure modes")
        fails.add_column("mode")
        fails.add_column("meaning")
        fails.add_column("trajectories", justify="right")
        fails.add_column("share of failures", justify="right")
        total = sum(report.failures.values())
        for mode, n in sorted(report.failures.items(), key=lambda kv: -kv[1]):
            fails.add_row(mode, FAILURE_MODES.get(mode, ""), str(n), pct(n / total))
        console.print(fails)
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}", highlight=False)
