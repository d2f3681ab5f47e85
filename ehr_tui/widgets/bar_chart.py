"""Horizontal bar charts in text: accuracy per group, counts per failure mode."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.text import Text
from textual.widgets import Static

_EIGHTHS = " ▏▎▍▌▋▊▉"


@dataclass(frozen=True)
class Bar:
    label: str
    fraction: float  # 0..1 of the full bar width
    caption: str  # printed after the bar, e.g. "45.0% (9/20)"
    style: str = "green"


def bar_text(fraction: float, width: int) -> str:
    """A bar ``fraction`` of ``width`` cells long, in eighths of a cell, padded to ``width``."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    bar = "█" * full + (_EIGHTHS[part] if part else "")
    return bar + " " * (width - len(bar))


def render_bars(title: str, bars: Sequence[Bar], width: int = 16, empty: str = "nothing yet") -> Text:
    out = Text()
    out.append(title + "\n", style="bold")
    if not bars:
        out.append(f"  {empty}\n", style="dim")
        return out
    label_w = max(len(b.label) for b in bars)
    for b in bars:
        out.append(f"  {b.label:<{label_w}} ")
        out.append(bar_text(b.fraction, width), style=b.style)
        out.append(f" {b.caption}\n")
    return out


class BarChart(Static):
    DEFAULT_CSS = """
    BarChart { height: auto; margin-bottom: 1; }
    """

    def show(self, title: str, bars: Sequence[Bar], width: int = 16, empty: str = "nothing yet") -> None:
        self.update(render_bars(title, bars, width, empty))
