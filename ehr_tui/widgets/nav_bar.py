"""The top line of every workbench screen: the screens with their keys (clickable), and the open database."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static


class NavBar(Static):
    DEFAULT_CSS = """
    NavBar { height: 1; background: $panel; color: $text; }
    """

    def __init__(self, current: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.current = current

    def on_mount(self) -> None:
        self.refresh_bar()
        self.watch(self.app, "sub_title", lambda _: self.refresh_bar(), init=False)

    def refresh_bar(self) -> None:
        from ..app import SCREENS

        text = Text(" ehr-tui ", style="bold")
        for entry in SCREENS:
            active = entry.mode == self.current
            style = Style(bold=True, reverse=True) if active else Style()
            text.append(" ")
            text.append(f" {entry.key} {entry.title} ",
                        style=style + Style(meta={"@click": f"app.switch_mode('{entry.mode}')"}))
        text.append("   ")
        text.append(self.app.sub_title, style="dim")
        self.update(text)
