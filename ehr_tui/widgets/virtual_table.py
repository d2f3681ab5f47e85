"""A table that paints only the rows on screen (Textual's Line API), for tens of thousands of rows.

Textual's DataTable builds and measures every row before the first paint, which
takes seconds at 50K rows; this widget keeps the data where it is (any sequence
of row sequences) plus a *view*, the list of row indices currently shown, so a
filter is one list assignment and a repaint of the visible lines.

Cells are drawn as plain segments, never parsed as markup: a value such as
"[red]" appears as typed instead of styling or crashing the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

# Control characters would move the terminal cursor; newlines and tabs would break the row.
_CONTROL = {i: " " for i in range(32)} | {0x7F: " ", 0x0A: "⏎", 0x09: " "}
NULL_TEXT = "NULL"
GAP = 1  # space between columns


def cell_text(value: Any) -> str:
    """How a value reads in one table cell: one line, no control characters."""
    if value is None:
        return NULL_TEXT
    if isinstance(value, float):
        return f"{value:.6g}" if abs(value) < 1e15 else f"{value:.6e}"
    return str(value).translate(_CONTROL)


@dataclass
class Column:
    label: str
    width: int | None = None  # None: share the width left over by the fixed columns
    align: str = "left"  # "left" | "right"
    min_width: int = 8
    # Optional style per cell value (e.g. green for a pass mark); None keeps the row's style.
    style: Callable[[Any], Style | None] | None = None
    # When the columns do not fit the width, those with the highest ``drop`` are hidden first (0: never),
    # so a narrow terminal shows the columns that matter instead of scrolling them out of sight.
    drop: int = 0


def fit_widths(columns: Sequence[str], rows: Sequence[Sequence[Any]], *, sample: int = 200,
               max_width: int = 40) -> list[int]:
    """Column widths from the header and the first ``sample`` rows, each capped at ``max_width``."""
    widths = [max(3, cell_len(c)) for c in columns]
    for row in rows[:sample]:
        for i, v in enumerate(row):
            if i < len(widths):
                widths[i] = max(widths[i], min(max_width, cell_len(cell_text(v))))
    return [min(w, max_width) for w in widths]


class VirtualTable(ScrollView, can_focus=True):
    """Rows of data with a fixed header and a row cursor; only visible lines are rendered."""

    DEFAULT_CSS = """
    VirtualTable { height: 1fr; }
    VirtualTable > .virtual-table--header { text-style: bold; background: $panel; color: $text; }
    VirtualTable > .virtual-table--cursor { background: $block-cursor-blurred-background; }
    VirtualTable:focus > .virtual-table--cursor {
        background: $block-cursor-background; color: $block-cursor-foreground; text-style: bold;
    }
    VirtualTable > .virtual-table--empty { color: $text-muted; text-style: italic; }
    VirtualTable > .virtual-table--null { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"virtual-table--header", "virtual-table--cursor", "virtual-table--empty",
                         "virtual-table--null"}
    BINDINGS = [
        Binding("up,k", "cursor(-1)", "Up", show=False),
        Binding("down,j", "cursor(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "jump(0)", "First row", show=False),
        Binding("end", "jump(-1)", "Last row", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    cursor_row: reactive[int] = reactive(0, always_update=False, repaint=False)

    class CursorMoved(Message):
        """The cursor is on another row (``data_index`` None when the view is empty)."""

        def __init__(self, table: "VirtualTable", view_index: int, data_index: int | None) -> None:
            super().__init__()
            self.table, self.view_index, self.data_index = table, view_index, data_index

        @property
        def control(self) -> "VirtualTable":
            return self.table

    class Selected(CursorMoved):
        """Enter (or a second click) on a row."""

    def __init__(self, columns: Sequence[Column] = (), rows: Sequence[Sequence[Any]] = (), *,
                 empty_text: str = "no rows", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.columns: list[Column] = list(columns)
        self.rows: Sequence[Sequence[Any]] = rows
        self.view: Sequence[int] = range(len(rows))
        self.empty_text = empty_text
        self._widths: list[int] = []  # of the shown columns
        self._shown: list[int] = []  # indices of the columns shown (see Column.drop)
        self._generation = 0  # bumps on any data change; part of the line cache key
        self._line_cache: dict[tuple, Strip] = {}

    # --- data -------------------------------------------------------------------------------

    def set_data(self, columns: Sequence[Column], rows: Sequence[Sequence[Any]],
                 view: Sequence[int] | None = None) -> None:
        self.columns, self.rows = list(columns), rows
        self._set_view(range(len(rows)) if view is None else view, keep=None)

    def set_view(self, view: Sequence[int], *, keep_data_index: bool = True) -> None:
        """Show only these row indices (in this order); the cursor stays on its row if still shown."""
        keep = self.data_index if keep_data_index else None
        self._set_view(view, keep=keep)

    def _set_view(self, view: Sequence[int], keep: int | None) -> None:
        self.view = view
        self._generation += 1
        self._line_cache.clear()
        self._layout_columns()
        target = 0
        if keep is not None and len(view):
            try:
                target = view.index(keep)  # type: ignore[union-attr]
            except ValueError:
                target = 0
        self.set_reactive(VirtualTable.cursor_row, min(target, max(0, len(view) - 1)))
        self._scroll_cursor_into_view()
        self.refresh()
        self._post_cursor()

    @property
    def row_count(self) -> int:
        return len(self.view)

    @property
    def data_index(self) -> int | None:
        """Index into ``rows`` of the row under the cursor."""
        if not self.view:
            return None
        return self.view[min(self.cursor_row, len(self.view) - 1)]

    def move_to_data_index(self, index: int) -> bool:
        try:
            self.cursor_row = self.view.index(index)  # type: ignore[union-attr]
        except ValueError:
            return False
        return True

    # --- layout -------------------------------------------------------------------------------

    def _layout_columns(self) -> None:
        # the vertical scrollbar's room is taken off whenever the rows will need one: the layout runs before
        # the scrollbar appears, and no resize follows when it does
        bar = self.styles.scrollbar_size_vertical if len(self.view) + 1 > self.size.height else 0
        available = max(0, self.size.width - bar)
        shown = list(range(len(self.columns)))

        def need(idx: list[int]) -> int:
            cols = [self.columns[i] for i in idx]
            return sum(c.width if c.width is not None else c.min_width for c in cols) + GAP * max(0, len(cols) - 1)

        droppable = sorted((i for i, c in enumerate(self.columns) if c.drop), key=lambda i: -self.columns[i].drop)
        while available and need(shown) > available and droppable:
            shown.remove(droppable.pop(0))
        self._shown = shown
        cols = [self.columns[i] for i in shown]
        fixed = sum(c.width or 0 for c in cols) + GAP * max(0, len(cols) - 1)
        flex = [c for c in cols if c.width is None]
        share = max(0, available - fixed) // len(flex) if flex else 0
        self._widths = [c.width if c.width is not None else max(c.min_width, share) for c in cols]
        total = sum(self._widths) + GAP * max(0, len(self._widths) - 1)
        self.virtual_size = Size(total, len(self.view) + 1)

    def on_resize(self, event: events.Resize) -> None:
        self._line_cache.clear()
        self._layout_columns()
        self._scroll_cursor_into_view()

    # --- rendering ----------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        # Resolving CSS into rich styles costs more than drawing a row: do it once per paint.
        base = self.rich_style
        self._styles = {"base": base, **{name: self.get_component_rich_style(f"virtual-table--{name}")
                                         for name in ("header", "cursor", "empty", "null")}}
        return super().render_lines(crop)

    def _style(self, name: str) -> Style:
        styles = getattr(self, "_styles", None)
        if styles is None:
            return self.rich_style if name == "base" else self.get_component_rich_style(f"virtual-table--{name}")
        return styles[name]

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        base = self._style("base")
        if y == 0:
            key: tuple = ("header", scroll_x, width, self._generation)
            make = self._header_strip
        else:
            pos = scroll_y + y - 1
            if not self.view:
                if y == 1:
                    style = self._style("empty")
                    return Strip([Segment(set_cell_size(" " + self.empty_text, width), base + style)])
                return Strip.blank(width, base)
            if pos >= len(self.view):
                return Strip.blank(width, base)
            cursor = pos == self.cursor_row
            key = (pos, cursor, self.has_focus, scroll_x, width, self._generation)
            make = lambda: self._row_strip(pos, cursor)  # noqa: E731
        strip = self._line_cache.get(key)
        if strip is None:
            strip = make().crop_extend(scroll_x, scroll_x + width, base)
            if len(self._line_cache) > 2000:
                self._line_cache.clear()
            self._line_cache[key] = strip
        return strip

    def _cells(self, values: Sequence[Any], style: Style, header: bool = False) -> list[Segment]:
        segments: list[Segment] = []
        null_style = style + self._style("null")
        for i, (c, width) in enumerate(zip(self._shown, self._widths)):
            col = self.columns[c]
            value = values[c] if c < len(values) else None
            text = col.label if header else cell_text(value)
            if cell_len(text) > width:
                text = set_cell_size(text, max(0, width - 1)) + "…" if width else ""
            pad = width - cell_len(text)
            text = " " * pad + text if (col.align == "right" and pad > 0) else text + " " * pad
            cell_style = style
            if not header:
                if value is None:
                    cell_style = null_style
                elif col.style is not None and (extra := col.style(value)) is not None:
                    cell_style = style + extra
            if i:
                segments.append(Segment(" " * GAP, style))
            segments.append(Segment(text, cell_style))
        return segments

    def _header_strip(self) -> Strip:
        style = self._style("base") + self._style("header")
        segments = self._cells([], style, header=True)
        return Strip(segments).extend_cell_length(self.virtual_size.width, style)

    def _row_strip(self, pos: int, cursor: bool) -> Strip:
        style = self._style("base")
        if cursor:
            style = style + self._style("cursor")
        row = self.rows[self.view[pos]]
        return Strip(self._cells(row, style)).extend_cell_length(self.virtual_size.width, style)

    # --- cursor ---------------------------------------------------------------------------------

    def watch_cursor_row(self, old: int, new: int) -> None:
        self._refresh_row(old)
        self._refresh_row(new)
        self._scroll_cursor_into_view()
        self._post_cursor()

    def validate_cursor_row(self, value: int) -> int:
        return max(0, min(value, len(self.view) - 1)) if self.view else 0

    def _refresh_row(self, pos: int) -> None:
        y = pos - int(self.scroll_y) + 1
        if 1 <= y < self.size.height:
            self.refresh(Region(0, y, self.size.width, 1))

    def _scroll_cursor_into_view(self) -> None:
        visible = max(1, self.scrollable_content_region.height - 1)
        top = int(self.scroll_y)
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False, immediate=True)
        elif self.cursor_row >= top + visible:
            self.scroll_to(y=self.cursor_row - visible + 1, animate=False, immediate=True)

    def _post_cursor(self, selected: bool = False) -> None:
        cls = VirtualTable.Selected if selected else VirtualTable.CursorMoved
        self.post_message(cls(self, self.cursor_row, self.data_index))

    def on_focus(self) -> None:
        self._refresh_row(self.cursor_row)

    def on_blur(self) -> None:
        self._refresh_row(self.cursor_row)

    def action_cursor(self, delta: int) -> None:
        self.cursor_row += delta

    def action_page(self, direction: int) -> None:
        self.cursor_row += direction * max(1, self.scrollable_content_region.height - 2)

    def action_jump(self, where: int) -> None:
        self.cursor_row = 0 if where == 0 else len(self.view) - 1

    def action_select(self) -> None:
        if self.view:
            self._post_cursor(selected=True)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < 1:
            return
        pos = int(self.scroll_y) + offset.y - 1
        if pos >= len(self.view):
            return
        if pos == self.cursor_row:
            self._post_cursor(selected=True)
        else:
            self.cursor_row = pos
