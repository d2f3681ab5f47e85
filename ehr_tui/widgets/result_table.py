"""A query result: one summary line ("first 1,000 of 1,234,567 rows", or the error) over a VirtualTable.

`s` sorts the rows by a column (picked from a list, ascending or descending; NULLs last), `Enter` opens the
highlighted row with every cell in full (screens/row_viewer.py). A result cut at its row cap is sorted as
shown, and the summary says so: sorting the rows shown is not sorting the result."""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ..mimic.sandbox import QueryResult
from ..scoring.jsonable import json_sort_key, to_jsonable
from ..screens.base import Act, bindings
from .virtual_table import Column, VirtualTable, fit_widths

_NUMERIC = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER",
            "UBIGINT", "FLOAT", "DOUBLE", "DECIMAL", "REAL")


def result_columns(names: Sequence[str], types: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[Column]:
    widths = fit_widths(names, rows)
    cols = []
    for i, name in enumerate(names):
        typ = types[i] if i < len(types) else ""
        cols.append(Column(name, widths[i], align="right" if typ.upper().startswith(_NUMERIC) else "left"))
    return cols


class ResultTable(Vertical):
    """Shows a QueryResult (or rows given directly); never parses cell values as markup."""

    DEFAULT_CSS = """
    ResultTable { height: 1fr; }
    ResultTable > .result-summary { height: auto; max-height: 8; color: $text-muted; padding: 0 1; }
    ResultTable > .result-summary.-error { color: $error; }
    ResultTable > VirtualTable { height: 1fr; }
    """

    ACTIONS = (
        Act("s", "sort", "Sort rows", cli="ORDER BY column [DESC] NULLS LAST in the query"),
        Act("enter", "view_row", "Full row", cli="ehr-tui sql --json 'SQL'"),
    )
    BINDINGS = bindings(ACTIONS)

    def __init__(self, *, show_timing: bool = True, empty_text: str = "no result yet",
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.show_timing = show_timing
        self.result: QueryResult | None = None
        self._empty_text = empty_text
        self._names: list[str] = []
        self._caption = ""  # the summary line before any sort note
        self._capped = False  # the rows are the first of a longer result

    def compose(self) -> ComposeResult:
        yield Static(Text(self._empty_text), classes="result-summary")
        yield VirtualTable(empty_text="")  # "no rows" only once a query has returned none

    @property
    def table(self) -> VirtualTable:
        return self.query_one(VirtualTable)

    def show(self, result: QueryResult, *, label: str = "") -> None:
        self.result = result
        summary = self.query_one(".result-summary", Static)
        prefix = f"{label}: " if label else ""
        if not result.ok:
            summary.update(Text(prefix + (result.error or "error"), no_wrap=False))
            summary.add_class("-error")
            self.table.empty_text = ""
            self._names = []
            self.table.set_data([], [])
            return
        self.table.empty_text = "no rows"
        summary.remove_class("-error")
        line = prefix + result.summary()
        if self.show_timing:
            line += f" in\u00a0{result.elapsed_s:.3f}\u00a0s"  # a number never wraps away from its unit
        self._set_rows(result.columns, result.types, result.rows, line, capped=result.truncated)

    def show_rows(self, columns: Sequence[str], rows: Sequence[Sequence[Any]], summary: str) -> None:
        """Rows from elsewhere (a recorded observation), with a caption of their own."""
        self.result = None
        self.query_one(".result-summary", Static).remove_class("-error")
        self._set_rows(columns, [], rows, summary, capped=False)

    def show_message(self, message: str, *, error: bool = False) -> None:
        self.result = None
        caption = self.query_one(".result-summary", Static)
        caption.set_class(error, "-error")
        caption.update(Text(message))
        self.table.empty_text = ""
        self._names, self._caption = [], message
        self.table.set_data([], [])

    def _set_rows(self, columns: Sequence[str], types: Sequence[str], rows: Sequence[Sequence[Any]], caption: str,
                  *, capped: bool) -> None:
        self._names, self._caption, self._capped = list(columns), caption, capped
        self.query_one(".result-summary", Static).update(Text(caption))
        self.table.set_data(result_columns(columns, types, rows), rows)

    # --- sort and full row ----------------------------------------------------------------------

    def action_sort(self) -> None:
        if not self._names or not self.table.rows:
            self.app.bell()
            return
        from ..screens.picker import Choice, PickerScreen

        choices = [Choice("original order", "")]
        for i, name in enumerate(self._names):
            choices += [Choice(f"{name} ↑ ascending", f"{i}:asc"), Choice(f"{name} ↓ descending", f"{i}:desc")]
        self.app.push_screen(PickerScreen("Sort the rows by", choices), self._sorted)

    def _sorted(self, value: str | None) -> None:
        if value is None:
            return
        if not value:
            self.sort_by(None)
            return
        col, _, direction = value.partition(":")
        self.sort_by(int(col), descending=direction == "desc")

    def sort_by(self, column: int | None, *, descending: bool = False) -> None:
        """Order the shown rows by ``column`` (None: as the query returned them); NULLs last either way."""
        rows = self.table.rows
        if column is None:
            self.table.set_view(range(len(rows)), keep_data_index=False)
            self.query_one(".result-summary", Static).update(Text(self._caption))
            return
        def cell(i: int) -> Any:
            return rows[i][column] if column < len(rows[i]) else None

        present = [i for i in range(len(rows)) if cell(i) is not None]
        nulls = [i for i in range(len(rows)) if cell(i) is None]
        present.sort(key=lambda i: json_sort_key(to_jsonable(cell(i))), reverse=descending)
        self.table.set_view(present + nulls, keep_data_index=False)  # from the top: the sorted order's start
        note = f"sorted by {self._names[column]} {'↓' if descending else '↑'}"
        if self._capped:
            note += f" (the {len(rows):,} rows shown, not the whole result: ORDER BY in SQL sorts it all)"
        self.query_one(".result-summary", Static).update(Text(f"{self._caption} · {note}"))

    @on(VirtualTable.Selected)
    def _row_selected(self, event: VirtualTable.Selected) -> None:
        event.stop()
        self.action_view_row()

    def action_view_row(self) -> None:
        index = self.table.data_index
        if index is None or not self._names:
            return
        from ..screens.row_viewer import RowViewerScreen

        shown = self.table.cursor_row + 1
        self.app.push_screen(RowViewerScreen(self._names, self.table.rows[index],
                                             f"row {shown:,} of {self.table.row_count:,}"))
