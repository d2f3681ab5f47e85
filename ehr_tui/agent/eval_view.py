"""`ehr-tui eval` as rich tables: answer accuracy with its interval and abstentions, the reliability score,
execution accuracy under every policy, pass@k / pass^k, groups, failure modes. The same tables as
Markdown (``markdown``: a heading per table, GitHub tables) and the per-trajectory verdicts as CSV
(``verdicts_csv``), for a paper or a spreadsheet."""

from __future__ import annotations

import csv
import io
import json

from rich import box
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


def _show(console: Console, table: Table, md: bool) -> None:
    if not md:
        console.print(table)
        return
    title, caption = table.title, table.caption
    table.title = table.caption = None
    table.box = box.MARKDOWN
    if title:
        console.print(f"## {title}\n")
    console.print(table)
    console.print(f"\n{caption}\n" if caption else "")


def markdown(report: Report) -> str:
    buf = io.StringIO()
    r = report.run
    console = Console(file=buf, width=10_000, color_system=None, force_terminal=False, highlight=False)
    console.print(f"# Evaluation of {r.get('name', 'run')}\n")
    render(report, console, md=True)
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines()) + "\n"


CSV_COLUMNS = ("task_id", "trial", "intent", "level", "complexity", "status", "outcome", "failure_mode", "parsed",
               "detail") + tuple(f"execution_{p}" for p in POLICIES)


def verdicts_csv(report: Report) -> str:
    """One row per trajectory (trials counted from 1, as the app shows them)."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(CSV_COLUMNS)
    for v in report.verdicts:
        ex = v.get("execution") or {}
        parsed = v.get("parsed")
        w.writerow([v["task_id"], v["trial"] + 1, v.get("intent", ""), v.get("level", ""), v.get("complexity", ""),
                    v.get("status", ""), v["outcome"], v.get("failure_mode") or "",
                    "" if parsed is None else json.dumps(parsed, ensure_ascii=False, default=str),
                    v.get("detail", "")] + [ex.get(p, "") if isinstance(ex, dict) else "" for p in POLICIES])
    return buf.getvalue()


def render(report: Report, console: Console, md: bool = False) -> None:
    r = report.run
    o = report.overall
    title = f"{r.get('name', 'run')}: {r.get('model', '?')} on {report.tasks} tasks × up to {r.get('trials', '?')} trials"
    head = Table(title=title, caption="95% CI: bootstrap interval, resampling tasks", caption_justify="left")
    head.add_column("metric")
    head.add_column("value", justify="right")
    head.add_column("95% CI", justify="right")
    head.add_row("trajectories", f"{report.trajectories:,}", "")
    head.add_row("answer accuracy", f"{pct(o.accuracy)} ({o.correct}/{o.n})" if o.n else "— (no trajectories)",
                 ci(o.interval))
    head.add_row("  wrong/abstained/no answer", f"{o.wrong} / {o.abstained} / {o.no_answer}", "")
    head.add_row("reliability RS(" + "/".join(str(c) for c in PENALTIES) + ")",
                 " / ".join(f"{100 * report.reliability[str(c)]:.1f}" for c in PENALTIES), "")
    for k in report.pass_at_k:
        head.add_row(f"pass@{k} ({report.tasks_per_k[k]} tasks)", pct(report.pass_at_k[k]),
                     ci(report.pass_at_k_interval.get(k)))
        head.add_row(f"pass^{k}", pct(report.pass_hat_k[k]), ci(report.pass_hat_k_interval.get(k)))
    head.add_row("mean steps / tokens / seconds",
                 f"{report.mean_steps:.1f} / {report.mean_tokens:,.0f} / {report.mean_duration_s:.1f}", "")
    _show(console, head, md)
    console.print("  RS(c), EHRSQL 2024's reliability score: +1 per correct answer, 0 per abstention or no "
                  "answer, -c per wrong one, averaged", highlight=False)
    if report.execution:
        ex = Table(title="execution accuracy of the final SQL")
        for col in ("policy", "match", "accuracy", "95% CI"):
            ex.add_column(col, justify="left" if col == "policy" else "right")
        for policy in POLICIES:
            s = report.execution[policy]
            ex.add_row(POLICY_NAMES[policy], f"{s.match}/{s.n}", pct(s.accuracy), ci(s.interval))
        _show(console, ex, md)
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
        if not md:  # a section rule is no Markdown table row
            groups.add_section()
    _show(console, groups, md)
    if report.execution_by_intent:
        by = Table(title="execution accuracy by intent")
        by.add_column("intent")
        for policy in POLICIES:
            by.add_column(SHORT[policy], justify="right")
        for intent, scores in report.execution_by_intent.items():
            by.add_row(intent, *(pct(scores[p].accuracy) if p in scores else "" for p in POLICIES))
        _show(console, by, md)
    if report.failures:
        fails = Table(title="failure modes")
        fails.add_column("mode")
        fails.add_column("meaning")
        fails.add_column("trajectories", justify="right")
        fails.add_column("share of failures", justify="right")
        total = sum(report.failures.values())
        for mode, n in sorted(report.failures.items(), key=lambda kv: -kv[1]):
            fails.add_row(mode, FAILURE_MODES.get(mode, ""), str(n), pct(n / total))
        _show(console, fails, md)
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}", highlight=False)
