"""What every workbench screen shares: its actions (one list feeds the footer, the `?` help screen and
the command palette), and errors from workers shown as notifications instead of tracebacks."""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Iterable

from textual.binding import Binding
from textual.keys import format_key
from textual.screen import ModalScreen, Screen
from textual.worker import Worker, WorkerState

from .. import paths
from ..errors import UserError

if TYPE_CHECKING:
    from ..app import EhrApp

log = logging.getLogger("ehr_tui.app")


@dataclass(frozen=True)
class Act:
    """One user action: its key, what it does, and the CLI command that does the same from a script."""

    key: str
    action: str
    description: str
    cli: str = ""
    show: bool = True
    key_display: str | None = None
    priority: bool = False

    def binding(self) -> Binding:
        return Binding(self.key, self.action, self.description, show=self.show,
                       key_display=self.key_display, priority=self.priority)

    @property
    def keys_text(self) -> str:
        if self.key_display:
            return self.key_display
        return " / ".join(readable_key(k) for k in self.key.split(","))


def readable_key(key: str) -> str:
    """`right_square_bracket` -> `]`, `ctrl+question_mark` -> `ctrl+?`: what the user presses, not Textual's name."""
    *mods, name = key.strip().split("+")
    name = name if name == "enter" else format_key(name)
    return "+".join([*mods, name])


def bindings(acts: Iterable[Act]) -> list[Binding]:
    return [a.binding() for a in acts]


def error_text(error: BaseException) -> str:
    """One sentence for the user; unexpected errors also go, with their traceback, to the app log."""
    if isinstance(error, UserError):
        return str(error)
    try:
        with (paths.home() / "app.log").open("a", encoding="utf-8") as f:
            f.write("".join(traceback.format_exception(error)) + "\n")
        where = f" (details in {paths.home() / 'app.log'})"
    except OSError:
        where = ""
    return f"{type(error).__name__}: {error}{where}"


class ErrorsAsNotifications:
    """Mixin for screens: a failed worker becomes an error notification, never a crash."""

    @property
    def ehr(self) -> "EhrApp":
        return self.app  # type: ignore[attr-defined, return-value]

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.error is not None:
            self.app.notify(error_text(event.worker.error), title=event.worker.name or "error",
                            severity="error", timeout=8, markup=False)
            self.worker_failed(event.worker)

    def worker_failed(self, worker: Worker) -> None:
        """Hook: undo a 'running…' state when a worker fails."""


class WorkbenchScreen(ErrorsAsNotifications, Screen):
    """A top-level screen of the workbench (one per app mode)."""

    MODE: ClassVar[str] = ""  # its app mode (see ehr_tui.app.SCREENS)
    ACTIONS: ClassVar[tuple[Act, ...]] = ()


class WorkbenchModal(ErrorsAsNotifications, ModalScreen):
    ACTIONS: ClassVar[tuple[Act, ...]] = ()
