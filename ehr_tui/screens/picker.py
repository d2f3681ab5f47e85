"""A modal picker with type-ahead: choose one of a list (files, runs, tasks) or type a path.

Typing filters the list; Enter takes the highlighted entry, or the typed text when
nothing matches (``allow_free_text``); Escape cancels (the callback gets None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from .base import Act, WorkbenchModal, bindings


@dataclass(frozen=True)
class Choice:
    label: str  # what the list shows (plain text, never markup)
    value: str
    search: str = ""  # extra text the type-ahead matches besides the label


class PickerScreen(WorkbenchModal):
    DEFAULT_CSS = """
    PickerScreen { align: center middle; }
    PickerScreen > Vertical {
        width: 90; max-width: 95%; height: auto; max-height: 80%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    PickerScreen Label { width: 1fr; text-style: bold; margin-bottom: 1; }
    PickerScreen OptionList { height: auto; max-height: 20; }
    PickerScreen .picker-hint { color: $text-muted; }
    """
    ACTIONS = (
        Act("escape", "cancel", "Cancel"),
        Act("down", "move(1)", "Next", show=False),
        Act("up", "move(-1)", "Previous", show=False),
    )
    BINDINGS = bindings(ACTIONS)

    def __init__(self, title: str, choices: Sequence[Choice], *, placeholder: str = "type to filter",
                 allow_free_text: bool = False, hint: str = "") -> None:
        super().__init__()
        self.title_text, self.choices = title, list(choices)
        self.placeholder, self.allow_free_text, self.hint = placeholder, allow_free_text, hint
        self._shown: list[Choice] = list(self.choices)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text))
            yield Input(placeholder=self.placeholder, id="picker-input")
            yield OptionList(*self._options(self.choices), id="picker-list", markup=False)
            if self.hint:
                yield Label(Text(self.hint), classes="picker-hint")

    def on_mount(self) -> None:
        self._highlight_first()
        self.query_one(Input).focus()

    @staticmethod
    def _options(choices: Sequence[Choice]) -> list[Option]:
        return [Option(Text(c.label), id=str(i)) for i, c in enumerate(choices)]

    def _highlight_first(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0 if self._shown else None

    @on(Input.Changed, "#picker-input")
    def _filter(self, event: Input.Changed) -> None:
        words = event.value.lower().split()
        self._shown = [c for c in self.choices
                       if all(w in f"{c.label} {c.search}".lower() for w in words)]
        ol = self.query_one(OptionList)
        ol.clear_options()
        ol.add_options(self._options(self._shown))
        self._highlight_first()

    @on(Input.Submitted, "#picker-input")
    def _submit(self, event: Input.Submitted) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is not None and self._shown:
            self.dismiss(self._shown[ol.highlighted].value)
        elif self.allow_free_text and event.value.strip():
            self.dismiss(event.value.strip())
        else:
            self.app.bell()

    @on(OptionList.OptionSelected, "#picker-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self._shown[event.option_index].value)

    def action_move(self, delta: int) -> None:
        ol = self.query_one(OptionList)
        if not self._shown:
            return
        current = ol.highlighted if ol.highlighted is not None else -1
        ol.highlighted = max(0, min(len(self._shown) - 1, current + delta))

    def action_cancel(self) -> None:
        self.dismiss(None)


def run_search_picker(run_name: str, recent: list[str], hint: str = "") -> PickerScreen:
    """The `/` dialog of the Debugger and the Runs screen: a pattern to search a run with, or a recent one
    (newest first)."""
    return PickerScreen(f"Search {run_name}: questions, messages, SQL, Python, observations, answers",
                        [Choice(p, p) for p in dict.fromkeys(reversed(recent))],
                        placeholder="a regular expression (case-insensitive); or pick a recent one",
                        allow_free_text=True, hint=hint)
