"""A result row in full: every cell of the highlighted row, each value whole and wrapped (a table cell cuts
long text at its column's width). Opened by Enter on a result table; Esc closes it."""

from __future__ import annotations

import json
from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from ..widgets.virtual_table import NULL_TEXT
from .base import Act, WorkbenchModal, bindings


def full_text(value: Any) -> str:
    """A value as the viewer shows it: text as is (newlines kept), lists and structs as JSON, NULL named."""
    if value is None:
        return NULL_TEXT
    if isinstance(value, (list, dict, tuple)):
        return json.dumps(value, ensure_ascii=False, default=str, indent=1)
    return str(value)


class RowViewerScreen(WorkbenchModal):
    DEFAULT_CSS = """
    RowViewerScreen { align: center middle; }
    RowViewerScreen > VerticalScroll {
        width: 100; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    RowViewerScreen .row-title { text-style: bold; margin-bottom: 1; }
    RowViewerScreen .cell-name { color: $text-muted; text-style: bold; }
    RowViewerScreen .cell-value { margin-bottom: 1; }
    """
    ACTIONS = (Act("escape,q,enter", "close", "Close", key_display="esc"),)
    BINDINGS = bindings(ACTIONS)

    def __init__(self, columns: Sequence[str], row: Sequence[Any], title: str = "") -> None:
        super().__init__()
        self.columns, self.row, self.title_text = list(columns), list(row), title

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="row-cells"):
            yield Label(Text(self.title_text or "row"), classes="row-title")
            for i, name in enumerate(self.columns):
                value = self.row[i] if i < len(self.row) else None
                yield Static(Text(name), classes="cell-name")
                yield Static(Text(full_text(value)), classes="cell-value")  # never markup

    def on_mount(self) -> None:
        self.query_one("#row-cells").focus()

    def action_close(self) -> None:
        self.dismiss(None)
