"""One trajectory as a document to paste in a paper or an issue: Markdown, or a self-contained HTML page
(inline style, no script, nothing fetched). Used by `ehr-tui show` and the Debugger's export key.

Both carry the same things in the same order: the task (question, intent, gold answer, gold SQL), the run
(model, endpoint, trial, status, tokens), the verdict under the current scoring rules (as `ehr-tui eval`
gives it), then every step: the model's message, each tool call's SQL or Python exactly as sent and the
observation exactly as the model read it. Everything the agent or the data wrote is escaped: an
observation holding HTML or Markdown shows as text, never as markup.
"""

from __future__ import annotations

import html
import json
from typing import Any

from .evaluate import verdict_of
from .tools import EXECUTE_PYTHON, EXECUTE_SQL, call_argument
from .trajectory import Trajectory, trajectory_label

FORMATS = ("md", "html")


def _answer_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _verdict(traj: Trajectory) -> tuple[str, str]:
    """(outcome word, detail) under the current rules."""
    v = verdict_of(traj)
    if v is None:
        return ("no answer", traj.error or f"the trajectory ended with status {traj.status}")
    return (v.outcome, v.detail)


def _facts(traj: Trajectory) -> list[tuple[str, str]]:
    t = traj.task
    facts = [("Task", t.id), ("Intent", f"{t.intent} ({t.level}-level)"), ("Template", t.template_id),
             ("SQL complexity", str(t.complexity)), ("Model", traj.model), ("Endpoint", traj.endpoint),
             ("Trial", str(traj.trial + 1)), ("Status", traj.status), ("Steps", str(len(traj.steps))),
             ("Tokens", f"{traj.usage.get('total_tokens', 0):,}"), ("Duration", f"{traj.duration_s:.1f} s")]
    if traj.failure_mode:
        facts.append(("Failure mode", traj.failure_mode + (f": {traj.failure_detail}" if traj.failure_detail
                                                            else "")))
    if traj.fork is not None:
        f = traj.fork
        facts.append(("Fork of", f"{trajectory_label(f.parent)}, step {f.step + 1} ({f.edit.kind} of {f.edit.tool} edited)"))
    return facts


def _fence(text: str, lang: str = "") -> str:
    """A Markdown code block that no backtick run inside ``text`` can close early."""
    longest = max((len(run) for run in text.split("\n") for run in _backtick_runs(run)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{lang}\n{text}\n{ticks}"


def _backtick_runs(line: str) -> list[str]:
    runs, cur = [], ""
    for ch in line:
        if ch == "`":
            cur += ch
        elif cur:
            runs.append(cur)
            cur = ""
    return runs + ([cur] if cur else [])


def _md_inline(text: str) -> str:
    """One line of data inside Markdown prose: markup characters escaped."""
    s = " ".join(str(text).split())
    out = []
    for i, ch in enumerate(s):
        inside_word = ch == "_" and 0 < i < len(s) - 1 and s[i - 1].isalnum() and s[i + 1].isalnum()
        # what makes markup mid-line; the rest reads as is (an underscore inside a word, as in an id, is text)
        out.append("\\" + ch if ch in "\\`*_[]<>|~" and not inside_word else ch)
    return "".join(out)


def to_markdown(traj: Trajectory) -> str:
    t = traj.task
    outcome, detail = _verdict(traj)
    lines = [f"# {_md_inline(t.id)}, trial {traj.trial + 1}: {outcome}", "", f"> {_md_inline(t.question)}", "",
             "| | |", "|---|---|"]
    lines += [f"| {k} | {_md_inline(v)} |" for k, v in _facts(traj)]
    lines += ["", "## Answer", "", "Submitted:", "", _fence(_answer_text(traj.answer) if traj.answer is not None
                                                          else "(none)"),
              "", "Gold:", "", _fence(_answer_text(t.gold_answer)), "",
              f"Verdict: **{outcome}**" + (f": {_md_inline(detail)}" if detail else ""), ""]
    for step in traj.steps:
        lines += [f"## Step {step.index + 1}", ""]
        if step.reasoning and step.reasoning.strip():
            lines += ["Reasoning:", "", _fence(step.reasoning.strip()), ""]
        if step.content and step.content.strip():
            lines += ["Model:", "", _fence(step.content.strip()), ""]
        for i, call in enumerate(step.tool_calls):
            lang = "sql" if call.name == EXECUTE_SQL else "python" if call.name == EXECUTE_PYTHON else ""
            arg = call_argument(call) if call.name in (EXECUTE_SQL, EXECUTE_PYTHON) else None
            title = f"Call {i + 1}: `{call.name}`" + ("" if call.ok else f" (failed: {call.error or 'error'})")
            lines += [title, "", _fence(arg if arg is not None else call.arguments, lang), "", "Observation:", "",
                      _fence(call.observation), ""]
        if step.error:
            lines += [f"Problem: {_md_inline(step.error)}", ""]
        if step.notice:
            lines += ["Harness:", "", _fence(step.notice), ""]
    lines += ["## Gold SQL", "", _fence(t.gold_sql, "sql"), ""]
    return "\n".join(lines)


_STYLE = """
body{font:15px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;
color:#1b1f24;background:#fff}
h1{font-size:1.35rem}h2{font-size:1.1rem;margin-top:1.8rem;border-bottom:1px solid #d0d7de}
blockquote{margin:0;padding:.4rem .9rem;border-left:4px solid #8c959f;background:#f6f8fa}
table{border-collapse:collapse}td{padding:.15rem .8rem .15rem 0;vertical-align:top}td:first-child{color:#57606a}
pre{background:#f6f8fa;padding:.6rem .8rem;overflow-x:auto;white-space:pre-wrap;word-break:break-word;
border-radius:4px;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
.correct{color:#1a7f37}.wrong,.no{color:#cf222e}.abstained{color:#9a6700}.label{color:#57606a;margin:.5rem 0 .2rem}
"""


def _pre(text: str, cls: str = "") -> str:
    return f"<pre{f' class={cls!r}' if cls else ''}>{html.escape(text)}</pre>"


def to_html(traj: Trajectory) -> str:
    t = traj.task
    outcome, detail = _verdict(traj)
    word = outcome.split()[0]
    e = html.escape
    parts = ["<!DOCTYPE html>", "<html lang='en'><head><meta charset='utf-8'>",
             "<meta name='viewport' content='width=device-width, initial-scale=1'>",
             f"<title>{e(t.id)} trial {traj.trial + 1}: {e(outcome)}</title>", f"<style>{_STYLE}</style>",
             "</head><body>",
             f"<h1>{e(t.id)}, trial {traj.trial + 1}: <span class='{word}'>{e(outcome)}</span></h1>",
             f"<blockquote>{e(t.question)}</blockquote>", "<table>"]
    parts += [f"<tr><td>{e(k)}</td><td>{e(v)}</td></tr>" for k, v in _facts(traj)]
    parts += ["</table>", "<h2>Answer</h2>", "<div class='label'>Submitted</div>",
              _pre(_answer_text(traj.answer) if traj.answer is not None else "(none)"),
              "<div class='label'>Gold</div>", _pre(_answer_text(t.gold_answer)),
              f"<p>Verdict: <b class='{word}'>{e(outcome)}</b>{': ' + e(detail) if detail else ''}</p>"]
    for step in traj.steps:
        parts.append(f"<h2>Step {step.index + 1}</h2>")
        if step.reasoning and step.reasoning.strip():
            parts += ["<details><summary>Reasoning</summary>", _pre(step.reasoning.strip()), "</details>"]
        if step.content and step.content.strip():
            parts += ["<div class='label'>Model</div>", _pre(step.content.strip())]
        for i, call in enumerate(step.tool_calls):
            arg = call_argument(call) if call.name in (EXECUTE_SQL, EXECUTE_PYTHON) else None
            failed = "" if call.ok else f" <span class='wrong'>(failed: {e(call.error or 'error')})</span>"
            parts += [f"<div class='label'>Call {i + 1}: <code>{e(call.name)}</code>{failed}</div>",
                      _pre(arg if arg is not None else call.arguments),
                      "<div class='label'>Observation</div>", _pre(call.observation)]
        if step.error:
            parts.append(f"<p class='wrong'>Problem: {e(step.error)}</p>")
        if step.notice:
            parts += ["<div class='label'>Harness</div>", _pre(step.notice)]
    parts += ["<h2>Gold SQL</h2>", _pre(t.gold_sql), "</body></html>", ""]
    return "\n".join(parts)


def render(traj: Trajectory, fmt: str) -> str:
    if fmt == "md":
        return to_markdown(traj)
    if fmt == "html":
        return to_html(traj)
    raise ValueError(f"unknown trajectory format {fmt!r}")

