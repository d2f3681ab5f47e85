"""A query result: one summary line ("first 1,000 of 1,234,567 rows", or the error) over a VirtualTable."""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ..mimic.sandbox import QueryResult
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

    def __init__(self, *, show_timing: bool = True, empty_text: str = "no result yet",
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.show_timing = show_timing
        self.result: QueryResult | None = None
        self._empty_text = empty_text

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
            self.table.set_data([], [])
            return
        self.table.empty_text = "no rows"
        summary.remove_class("-error")
        line = prefix + result.summary()
        if self.show_timing:
            line += f" in\u00a0{result.elapsed_s:.3f}\u00a0s"  # a number never wraps away from its unit
        summary.update(Text(line))
        self.table.set_data(result_columns(result.columns, result.types, result.rows), result.rows)

    def show_rows(self, columns: Sequence[str], rows: Sequence[Sequence[Any]], summary: str) -> None:
        """Rows from elsewhere (a recorded observation), with a caption of their own."""
        self.result = None
        caption = self.query_one(".result-summary", Static)
        caption.remove_class("-error")
        caption.update(Text(summary))
        self.table.set_data(result_columns(columns, [], rows), rows)

    def show_message(self, message: str, *, error: bool = False) -> None:
        self.result = None
        caption = self.query_one(".result-summary", Static)
        caption.set_class(error, "-error")
        caption.update(Text(message))
        self.table.empty_text = ""
        self.table.set_data([], [])
