"""A modal over the Runs screen: run B against baseline run A, side by side (`ehr-tui compare A B`)."""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from ..agent.compare import Comparison, compare_runs
from ..errors import UserError
from ..widgets.run_compare import RunCompare
from .base import Act, WorkbenchModal, bindings
from .footer import WorkbenchFooter


class RunCompareScreen(WorkbenchModal):
    DEFAULT_CSS = """
    RunCompareScreen { align: center middle; }
    RunCompareScreen > VerticalScroll { width: 110; max-width: 96%; height: auto; max-height: 90%;
                                        border: thick $primary; background: $surface; padding: 0 1; }
    """
    ACTIONS = (Act("escape", "close", "Close", cli="ehr-tui compare A B"),
               Act("s", "swap", "Swap A/B", cli="ehr-tui compare B A"))
    BINDINGS = bindings(ACTIONS)

    def __init__(self, baseline: Path, other: Path) -> None:
        super().__init__()
        self.baseline, self.other = baseline, other

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield RunCompare(id="run-compare")
            yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one(RunCompare).show(None, "comparing…")
        self._compare(self.baseline, self.other)

    @work(thread=True, exclusive=True, group="run-compare", exit_on_error=False)
    def _compare(self, a: Path, b: Path) -> None:
        try:
            c = compare_runs(a, b)
        except UserError as e:
            self.app.call_from_thread(self.query_one(RunCompare).show, None, str(e))
            return
        self.app.call_from_thread(self._show, c)

    def _show(self, c: Comparison) -> None:
        self.query_one(RunCompare).show(c)

    def action_swap(self) -> None:
        self.baseline, self.other = self.other, self.baseline
        self._compare(self.baseline, self.other)

    def action_close(self) -> None:
        self.dismiss(None)
