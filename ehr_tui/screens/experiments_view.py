"""The Fine-tune screen's Experiments view: `xtf experiment` folders, the grid of one (every step with
its state: done, queued, running with its training step, failed with why) and its results table
with the interval chart, filling as cells finish.

Experiments are read from their folders (HOME/experiments, and any folder a job records), so one
started from the shell shows up here. A worker reads them once a second while the view is shown
(it never touches widgets); the message handler updates the tables. Keys (the Fine-tune screen's
bindings call these): submit what is left (``xtf experiment DIR``), cancel its jobs
(``xtf experiment DIR --cancel``).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ..errors import UserError
from ..widgets.virtual_table import Column, VirtualTable

LIST_COLUMNS = [Column("experiment", None, min_width=12), Column("done", 9, align="right")]
GRID_COLUMNS = [Column("model", 14), Column("dataset", 10), Column("condition", 9), Column("seed", 4, align="right"),
                Column("state", 11), Column("result", 7, align="right"), Column("detail", None, min_width=10)]
STATE_STYLES = {"done": "green", "running": "bold cyan", "queued": "yellow", "failed": "bold red",
                "cancelled": "dim", "not started": "dim"}


class ExperimentsView(Vertical):
    DEFAULT_CSS = """
    ExperimentsView { height: 1fr; }
    ExperimentsView #xp-top { height: 1fr; }
    ExperimentsView #xp-list { width: 30%; min-width: 20; max-width: 34; border: round $secondary; }
    ExperimentsView #xp-grid { width: 1fr; border: round $secondary; }
    ExperimentsView VirtualTable:focus { border: round $accent; }
    ExperimentsView #xp-results { height: 1fr; border: round $secondary; padding: 0 1; }
    ExperimentsView #xp-help { height: auto; max-height: 2; color: $text-muted; padding: 0 1; }
    """

    class Polled(Message):
        def __init__(self, folders: list[Path], done: dict[Path, tuple[int, int]], selected: Path | None,
                     grid: list[tuple], chart: str, error: str | None) -> None:
            super().__init__()
            self.folders, self.done, self.selected = folders, done, selected
            self.grid, self.chart, self.error = grid, chart, error

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.folders: list[Path] = []
        self.selected: Path | None = None
        self._polling = False
        self.polls = 0  # results handled (for tests that wait for a few)

    def compose(self) -> ComposeResult:
        yield Static(Text("ctrl+e back to training · ctrl+s submit what is left · ctrl+x cancel its jobs · "
                          "start one from the shell: xtf experiment CONFIG.toml"), id="xp-help")
        with Horizontal(id="xp-top"):
            yield VirtualTable(LIST_COLUMNS, [], id="xp-list",
                               empty_text="no experiments yet: xtf experiment CONFIG.toml (see xtf experiment --help)")
            yield VirtualTable(GRID_COLUMNS, [], id="xp-grid", empty_text="select an experiment")
        with VerticalScroll(id="xp-results"):
            yield Static(Text("results fill in as runs finish"), id="xp-chart")

    # --- polling ------------------------------------------------------------------------------

    def poll(self) -> None:
        if not self._polling:
            self._polling = True
            self._read(self.selected)

    @work(thread=True, group="xp-poll", exit_on_error=False)
    def _read(self, selected: Path | None) -> None:
        from ..finetune import experiment as ex
        from ..finetune.report import chart, table

        error, grid, text = None, [], ""
        try:
            # a stable order (by name): list_experiments is newest first, which changes as runs write their state
            folders = sorted(ex.list_experiments(), key=lambda p: (p.name, str(p)))
        except (UserError, OSError) as e:
            folders, error = [], str(e)
        done: dict[Path, tuple[int, int]] = {}
        for f in folders:
            try:
                exp = ex.open_experiment(f)
                cells = [s for s in ex.steps(exp) if s.kind == "cell"]
                done[f] = (sum(ex.step_done(exp, s) for s in cells), len(cells))
            except (UserError, OSError, ValueError, KeyError):
                continue
        if selected is None or selected not in done:
            selected = next(iter(done), None)
        if selected is not None:
            try:
                exp = ex.open_experiment(selected)
                grid = [self._grid_row(exp, r) for r in ex.status(exp)]
                rows = table(exp)
                text = chart(rows, width=30) or f"{selected.name}: results fill in as runs finish"
            except (UserError, OSError, ValueError, KeyError) as e:
                error = str(e)
        self.post_message(self.Polled(list(done), done, selected, grid, text, error))

    @staticmethod
    def _grid_row(exp, r: dict) -> tuple:
        import json

        from ..finetune.experiment import cell_dir

        cell = r["cell"]
        state = Text(r["state"], style=STATE_STYLES.get(r["state"], ""))
        if cell is None:  # a scoring step
            return ("(scores)", r["name"].rsplit(" on ", 1)[-1], "score", "", state, "", r["detail"])
        result = ""
        res = cell_dir(exp, cell) / "eval" / "results.json"
        if r["state"] == "done" and res.is_file():
            d = json.loads(res.read_text(encoding="utf-8"))
            result = f"{100 * d['metrics'][d['primary_metric']]:.1f}"
        return (Path(cell.model).name, cell.dataset, cell.condition, cell.seed, state, result, r["detail"])

    @on(Polled)
    def _polled(self, msg: Polled) -> None:
        self._polling = False
        self.polls += 1
        if self.selected is not None and msg.selected != self.selected and self.selected in msg.folders:
            # read before the user moved to another experiment: not theirs; read again for the one they chose
            # (it once took the cursor back every poll, so ctrl+x cancelled another experiment's jobs)
            self.poll()
            return
        self.folders, self.selected = msg.folders, msg.selected
        lst = self.query_one("#xp-list", VirtualTable)
        lst.set_data(LIST_COLUMNS, [(f.name, f"{msg.done[f][0]}/{msg.done[f][1]}") for f in msg.folders])
        if msg.selected in msg.folders:
            lst.move_to_data_index(msg.folders.index(msg.selected))
        grid = self.query_one("#xp-grid", VirtualTable)
        keep = grid.data_index
        grid.set_data(GRID_COLUMNS, msg.grid)
        if keep is not None and keep < len(msg.grid):
            grid.move_to_data_index(keep)
        text = Text(msg.chart or ("no experiment selected" if msg.selected is None else ""))
        if msg.error:
            text.append(f"\n{msg.error}", style="red")
        if msg.selected is not None:
            text.append(f"\n{msg.selected}/results.md · results.svg", style="dim")
        self.query_one("#xp-chart", Static).update(text)

    @on(VirtualTable.CursorMoved, "#xp-list")
    def _moved(self, event: VirtualTable.CursorMoved) -> None:
        if event.data_index != event.table.data_index:
            return  # stale: the cursor has moved since (set_data puts it on row 0 before _polled moves it back)
        i = event.data_index
        if i is not None and i < len(self.folders) and self.folders[i] != self.selected:
            self.selected = self.folders[i]
            self._polling = False
            self.poll()

    def focus_list(self) -> None:
        self.query_one("#xp-list", VirtualTable).focus()
