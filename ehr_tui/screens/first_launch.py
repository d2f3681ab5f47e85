"""First launch: build the embedded synthetic MIMIC-IV database with a progress bar, then open the app.

The build runs in a child process followed by a thread worker (the screen stays
responsive and q still quits; see default_db_worker.py for why a child); it
reports (step, fraction) from ``ensure_default_db(progress=...)`` and the screen
shows each step as it arrives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.message import Message
from textual.widgets import Header, Label, ProgressBar, Static

from .base import Act, WorkbenchModal, bindings
from .footer import WorkbenchFooter

Builder = Callable[..., Path]


def _default_builder(progress: Callable[[str, float], None]) -> Path:
    from .default_db_worker import build_in_child
    return build_in_child(progress)


class FirstLaunchScreen(WorkbenchModal):
    """Dismissed with the built database's path, or None if building failed."""

    DEFAULT_CSS = """
    FirstLaunchScreen { align: center middle; background: $background; }
    FirstLaunchScreen > Vertical { width: 80; height: auto; border: round $primary; padding: 1 2; }
    FirstLaunchScreen Label { width: 1fr; }
    FirstLaunchScreen #first-step { color: $text-muted; margin-top: 1; }
    FirstLaunchScreen ProgressBar { margin-top: 1; }
    FirstLaunchScreen #first-error { color: $error; margin-top: 1; }
    """
    ACTIONS = (
        Act("enter", "retry", "Retry", show=False),
        Act("q", "app.quit", "Quit"),
    )
    BINDINGS = bindings(ACTIONS)

    class Progress(Message):
        def __init__(self, step: str, fraction: float) -> None:
            super().__init__()
            self.step, self.fraction = step, fraction

    class Done(Message):
        def __init__(self, path: Path) -> None:
            super().__init__()
            self.path = path

    def __init__(self, db_path: Path, build: Builder = _default_builder) -> None:
        super().__init__()
        self.db_path, self.build = db_path, build
        self.failed = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Label(Text("Welcome to ehr-tui", style="bold"))
            yield Label(Text(
                "Building the embedded synthetic MIMIC-IV database (all 31 tables, deterministic, "
                "no real patients) for the first launch. This happens once."))
            yield Label(Text(str(self.db_path), style="dim"))
            with Center():
                yield ProgressBar(total=100, show_eta=False, id="first-progress")
            yield Static(Text("starting…"), id="first-step")
            yield Static(Text(""), id="first-error")
        yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self._build()

    @work(thread=True, exclusive=True, group="first-launch", exit_on_error=False)
    def _build(self) -> None:
        def progress(step: str, fraction: float) -> None:
            self.post_message(self.Progress(step, fraction))

        path = self.build(progress=progress)
        self.post_message(self.Done(Path(path)))

    def on_first_launch_screen_progress(self, message: Progress) -> None:
        self.query_one(ProgressBar).update(progress=max(0.0, min(1.0, message.fraction)) * 100)
        self.query_one("#first-step", Static).update(Text(message.step))

    def on_first_launch_screen_done(self, message: Done) -> None:
        self.query_one(ProgressBar).update(progress=100)
        self.dismiss(message.path)

    def worker_failed(self, worker) -> None:
        self.failed = True
        self.query_one("#first-error", Static).update(Text(
            f"Building failed: {worker.error}. Press Enter to retry or q to quit "
            "(`ehr-tui db synth` builds it from the command line)."))

    def action_retry(self) -> None:
        if self.failed:
            self.failed = False
            self.query_one("#first-error", Static).update(Text(""))
            self._build()
