"""The Runs screen's egress panel: what a run sent off this machine, from the egress log (no Textual import).

Self-contained so the app's other screens need not know the log: ``load`` reads it once (off the UI
thread), ``panel`` renders one run's part of it, with the run's Python sandbox status from run.json.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from ..agent import egress


def load(path: Path | None = None) -> dict[str, list[egress.Summary]]:
    """Summaries of the egress log by run name (an unreadable or missing log is an empty one)."""
    try:
        entries = egress.read(path)
    except OSError:
        return {}
    out: dict[str, list[egress.Summary]] = {}
    for s in egress.summarize(entries):
        out.setdefault(s.run, []).append(s)
    return out


def panel(run: str, summaries: list[egress.Summary], sandbox: dict | None = None) -> Text:
    text = Text("Egress", style="bold")
    text.append(" (sent off this machine)\n", style="dim")
    if not summaries:
        text.append("  none: every request went to a loopback address\n")
    for s in summaries:
        style = "bold red" if s.db_source == "credentialed" else ""
        text.append(f"  {s.endpoint}\n", style=style)
        text.append(f"    {s.requests:,} requests · {s.bytes_sent:,} bytes · {s.db_source} data · {s.why} · "
                    f"last {s.last[:16].replace('T', ' ')}\n", style="dim")
    if sandbox:
        tool = sandbox.get("python_tool")
        if tool:
            line = f"  Python tool: {tool}"
            if tool != "offered" and sandbox.get("reason") and "not requested" not in tool:
                line += f" ({sandbox['reason']})"
            text.append(line + "\n", style="yellow" if tool in ("weak", "not offered") else "")
    return text
