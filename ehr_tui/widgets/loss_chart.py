"""A line chart of training loss in braille dots (2×4 per cell), with its y range and step range.

``render_chart`` is plain Rich (usable from the CLI too); ``LossChart`` redraws it at the widget's
size. Many more steps than pixel columns are drawn as the min..max span of each column, so a loss
spike never disappears between two columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:
    import numpy as np

# Braille dot bits by (column 0/1, row 0..3 from the top).
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
AXIS_W = 9  # "12.345 ┤" labels


def _fmt(v: float) -> str:
    return f"{v:.4g}"


def column_spans(xs: np.ndarray, ys: np.ndarray, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) of the line over each of ``columns`` pixel columns spanning xs[0]..xs[-1]."""
    import numpy as np  # here, not at import: the Fine-tune screen opens before any curve exists
    x0, x1 = float(xs[0]), float(xs[-1])
    if x1 == x0:
        return np.full(columns, ys.min()), np.full(columns, ys.max())
    edges = np.linspace(x0, x1, columns + 1)
    centre = (edges[:-1] + edges[1:]) / 2
    lo, hi = np.interp(centre, xs, ys), np.interp(centre, xs, ys)
    col = np.minimum(((xs - x0) / (x1 - x0) * columns).astype(int), columns - 1)
    np.minimum.at(lo, col, ys)
    np.maximum.at(hi, col, ys)
    # Join neighbouring columns so that the line has no vertical gaps.
    joined_lo, joined_hi = lo.copy(), hi.copy()
    joined_lo[1:] = np.minimum(lo[1:], hi[:-1])
    joined_hi[1:] = np.maximum(hi[1:], lo[:-1])
    return joined_lo, joined_hi


def render_chart(xs: Sequence[float], ys: Sequence[float], width: int, height: int, title: str = "",
                 style: str = "cyan", empty: str = "no steps yet") -> Text:
    """The chart in ``width`` × ``height`` cells (title and the step axis included)."""
    out = Text()
    if title:
        out.append(title + "\n", style="bold")
        height -= 1
    import numpy as np  # lazily, as above

    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    ok = np.isfinite(x) & np.isfinite(y)
    x, y = x[ok], y[ok]
    plot_w, plot_h = max(width - AXIS_W, 4), max(height - 1, 2)
    if len(x) == 0:
        out.append(empty, style="dim")
        return out
    order = np.argsort(x, kind="stable")
    x, y = x[order], y[order]
    y_lo, y_hi = float(y.min()), float(y.max())
    if y_hi - y_lo < 1e-12:
        y_lo, y_hi = y_lo - 0.5, y_hi + 0.5
    lo, hi = column_spans(x, y, plot_w * 2)
    rows = plot_h * 4

    def pix(v):  # value -> pixel row, 0 at the top
        return np.clip(np.round((y_hi - v) / (y_hi - y_lo) * (rows - 1)).astype(int), 0, rows - 1)

    top, bottom = pix(hi), pix(lo)
    cells = np.zeros((plot_h, plot_w), dtype=np.int32)
    for c in range(plot_w * 2):
        for r in range(top[c], bottom[c] + 1):
            cells[r // 4, c // 2] |= _DOTS[c % 2][r % 4]
    for row in range(plot_h):
        label = _fmt(y_hi) if row == 0 else _fmt(y_lo) if row == plot_h - 1 else ""
        out.append(f"{label:>{AXIS_W - 2}} ", style="dim")
        out.append("┤" if label else "│", style="dim")
        out.append("".join(chr(0x2800 + v) if v else " " for v in cells[row]), style=style)
        out.append("\n")
    first, last = f"step {int(x[0])}", f"{int(x[-1])}"
    out.append(" " * AXIS_W + first + " " * max(1, plot_w - len(first) - len(last)) + last, style="dim")
    return out


class LossChart(Static):
    """Loss over steps; ``show`` replaces the series, the chart fits the widget's size."""

    DEFAULT_CSS = """
    LossChart { height: 12; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._xs: list[float] = []
        self._ys: list[float] = []
        self._title = ""
        self._empty = "no steps yet"

    def show(self, xs: Sequence[float], ys: Sequence[float], title: str = "", empty: str = "no steps yet") -> None:
        self._xs, self._ys, self._title, self._empty = list(xs), list(ys), title, empty
        self.refresh()

    @property
    def points(self) -> int:
        return len(self._xs)

    def render(self) -> Text:
        w, h = self.content_size.width or 60, self.content_size.height or 10
        return render_chart(self._xs, self._ys, w, h, self._title, empty=self._empty)
