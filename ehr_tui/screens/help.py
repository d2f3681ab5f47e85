"""`?`: every key of every screen, what it does, and the command line that does the same from a script."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from .base import Act, WorkbenchModal, bindings


def actions_table(title: str, acts: tuple[Act, ...]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", expand=True, show_edge=False,
                  pad_edge=False)
    table.add_column("key", style="bold cyan", no_wrap=True, width=14)
    table.add_column("action", ratio=1)
    table.add_column("command line", style="green", ratio=2)
    for act in acts:
        table.add_row(Text(act.keys_text), Text(act.description), Text(act.cli or "—"))
    return table


class HelpScreen(WorkbenchModal):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 110; max-width: 98%; height: 90%; border: thick $primary;
                            background: $surface; padding: 0 1; }
    HelpScreen VerticalScroll { height: 1fr; }
    HelpScreen .help-hint { color: $text-muted; }
    """
    ACTIONS = (
        Act("escape,question_mark,q", "close", "Close help", key_display="esc / ?"),
    )
    BINDINGS = bindings(ACTIONS)

    def compose(self) -> ComposeResult:
        from ..app import SCREENS, OPENERS, screen_actions

        below = self.app.screen_stack[-1] if self.app.screen_stack else None
        current = type(below) if below is not None else None
        sections: list[tuple[str, tuple[Act, ...]]] = []
        entries = []
        for e in [*SCREENS, *OPENERS.values()]:
            try:
                entries.append((e.title, e.load()))
            except ImportError as err:  # a screen whose optional parts are missing: say so, show the rest
                sections.append((f"{e.title} screen (not available: {err})", ()))
        entries.sort(key=lambda e: e[1] is not current)  # the screen you came from first
        for title, cls in entries:
            sections.append((f"{title} screen", screen_actions(cls)))
        from ..widgets.result_table import ResultTable

        sections.append(("Result tables (SQL console, Debugger, Tasks)", ResultTable.ACTIONS))
        sections.append(("Everywhere", self.app.ACTIONS))  # type: ignore[attr-defined]
        with Vertical():
            yield Label(Text("Keys  (ctrl+p opens the command palette: every action below, by name)",
                             style="bold"))
            with VerticalScroll():
                for title, acts in sections:
                    yield Static(actions_table(title, acts))
            yield Label(Text("Esc or ? closes this help."), classes="help-hint")

    def action_close(self) -> None:
        self.dismiss(None)
