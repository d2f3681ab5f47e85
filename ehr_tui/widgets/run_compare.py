"""Two runs side by side (baseline A vs B): accuracy and pass^k by intent, from ``agent.compare``."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from ..agent.compare import Comparison, comparison_table, describe


def render_comparison(c: Comparison) -> Group:
    head = Text()
    head.append("A ", style="bold")
    head.append(describe(c.a) + "\n")
    head.append("B ", style="bold")
    head.append(describe(c.b))
    parts = [head, comparison_table(c)]
    for note in c.notes:
        parts.append(Text(f"note: {note}", style="yellow"))
    return Group(*parts)


class RunCompare(Static):
    DEFAULT_CSS = """
    RunCompare { height: auto; }
    """

    def show(self, comparison: Comparison | None, message: str = "") -> None:
        self.comparison = comparison
        self.update(render_comparison(comparison) if comparison is not None else Text(message, style="dim"))
