"""Token heatmap: one example's tokens in reading order, coloured by an XTF attribute, with a cursor.

The colours, legend and histogram come from ``ehr_tui.xtf.render`` so the terminal inspector
(``xtf inspect``) and the app look the same. Token text is rendered as rich ``Text`` (markup off).
"""

from __future__ import annotations

import numpy as np
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ..xtf.masks import ATTRIBUTES, ScoredExample
from ..xtf.render import histogram, render_tokens, token_display


class TokenHeatmap(Static, can_focus=True):
    """Tokens of one ScoredExample; the cursor walks the response tokens (the scored ones)."""

    DEFAULT_CSS = """
    TokenHeatmap { height: auto; padding: 0 1; }
    TokenHeatmap:focus { background: $surface; }
    """
    BINDINGS = [
        Binding("right,l", "move(1)", "Next token", show=False),
        Binding("left,h", "move(-1)", "Prev token", show=False),
        Binding("ctrl+right,w", "move(10)", "+10 tokens", show=False),
        Binding("ctrl+left,b", "move(-10)", "-10 tokens", show=False),
        Binding("home", "jump(0)", "First token", show=False),
        Binding("end", "jump(-1)", "Last token", show=False),
    ]

    attribute: reactive[str] = reactive("ri")

    class CursorMoved(Message):
        """The cursor is on token ``position`` (an index into the example's tokens), or None."""

        def __init__(self, heatmap: "TokenHeatmap", position: int | None) -> None:
            super().__init__()
            self.heatmap = heatmap
            self.position = position

    def __init__(self, example: ScoredExample | None = None, attribute: str = "ri", **kwargs) -> None:
        super().__init__("", **kwargs)
        self.example: ScoredExample | None = None
        self.masked: np.ndarray | None = None
        self.values: np.ndarray | None = None  # colour values in [0, 1] instead of the attribute's
        self.diff: tuple[np.ndarray, np.ndarray] | None = None  # (masked only here, only in the other)
        self._response: np.ndarray = np.zeros(0, dtype=int)
        self._slot = 0  # index into self._response
        self.set_reactive(TokenHeatmap.attribute, attribute)
        if example is not None:
            self.show(example)

    @property
    def cursor(self) -> int | None:
        """Position of the token under the cursor, or None when the example has no response tokens."""
        return int(self._response[self._slot]) if len(self._response) else None

    def show(self, example: ScoredExample, masked: np.ndarray | None = None, cursor: int | None = None, *,
             values: np.ndarray | None = None, diff: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        """Display ``example`` with ``masked`` (default: the example's own mask), coloured by the
        attribute, by ``values`` (e.g. a per-token loss) or by the ``diff`` of two masks."""
        self.example = example
        self.masked = example.masked if masked is None else masked
        self.values, self.diff = values, diff
        self._response = np.flatnonzero(example.is_response)
        self._slot = 0
        if cursor is not None and len(self._response):
            self._slot = int(np.clip(np.searchsorted(self._response, cursor), 0, len(self._response) - 1))
        self._redraw()
        self.post_message(self.CursorMoved(self, self.cursor))

    def set_masked(self, masked: np.ndarray) -> None:
        self.masked = masked
        self._redraw()

    def watch_attribute(self, old: str, new: str) -> None:
        if new not in ATTRIBUTES:
            raise ValueError(new)
        self._redraw()

    def render_text(self) -> Text:
        if self.example is None:
            return Text("no example", style="italic")
        return render_tokens(self.example, self.attribute, self.masked, self.cursor, values=self.values,
                             diff=self.diff)

    def _redraw(self) -> None:
        self.update(self.render_text())

    def action_move(self, delta: int) -> None:
        if not len(self._response):
            return
        self._slot = int(np.clip(self._slot + delta, 0, len(self._response) - 1))
        self._after_move()

    def action_jump(self, slot: int) -> None:
        if not len(self._response):
            return
        self._slot = slot % len(self._response)
        self._after_move()

    def _after_move(self) -> None:
        self._redraw()
        self._scroll_to_cursor()
        self.post_message(self.CursorMoved(self, self.cursor))

    def _cursor_row(self) -> int:
        """Screen row of the cursor within this widget, from the wrapped text."""
        ex, cur = self.example, self.cursor
        if ex is None or cur is None or not self.is_mounted:
            return 0
        width = max(self.content_region.width, 1)
        before = Text("".join(token_display(t) for t in ex.tokens[:cur]))
        return max(len(before.wrap(self.app.console, width)) - 1, 0)

    def _scroll_to_cursor(self) -> None:
        parent = self.parent
        if parent is None or not hasattr(parent, "scroll_to_region"):
            return
        row = self.virtual_region.y + self._cursor_row()
        parent.scroll_to_region(Region(0, row, 1, 1), animate=False)


class ScoreHistogram(Static):
    """A one-line histogram of an attribute over all response tokens, with threshold markers."""

    DEFAULT_CSS = "ScoreHistogram { height: 4; width: 1fr; padding: 0 1; }"

    _last: tuple | None = None

    def on_resize(self) -> None:
        if self._last is not None:
            self.show(*self._last)  # the bars fill the new width

    def show(self, values: np.ndarray, marks: list[float], label: str, selected: bool = False) -> None:
        self._last = (values, marks, label, selected)
        width = max(self.content_region.width, 16) if self.is_mounted and self.content_region.width else 32
        t = histogram(values, width, marks, label)
        if selected:
            t.stylize("underline", 0, len(label))
        self.update(t)
