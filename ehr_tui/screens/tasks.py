"""Tasks: every task of a tasks file in one virtual table, filters, and the selected task in detail.

Loading and gold-SQL runs happen in thread workers; filtering runs on the UI
thread because it is a single pass over pre-lowered text (milliseconds at 52K
tasks, see bench/bench_app.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Label, Select, Static

from .. import paths
from ..errors import UserError
from ..mimic.sandbox import QueryResult
from ..tasks.answers import task_match, to_jsonable
from ..tasks.binding import choose_tasks_file, mismatch
from ..tasks.model import INTENTS, LEVELS, Task, TaskFile, read_tasks
from ..widgets.nav_bar import NavBar
from ..widgets.result_table import ResultTable
from ..widgets.sql_view import SqlView
from ..widgets.virtual_table import Column, VirtualTable
from .base import Act, WorkbenchScreen, bindings
from .footer import WorkbenchFooter
from .run_watch import WATCH_EVERY_S, RunsWatch
from .picker import Choice, PickerScreen
from .task_index import (FAIL, PARTIAL, PASS, RESULT_FILTERS, TaskFilter, TaskIndex, latest_results,
                         parse_complexity_range)

_RESULT_STYLES = {PASS: Style(color="green", bold=True), FAIL: Style(color="red", bold=True),
                  PARTIAL: Style(color="yellow", bold=True)}
MAX_ANSWER_CHARS = 2_000
GENERATING = "generating the first benchmark …"


def task_columns(id_width: int, narrow: bool = False) -> list[Column]:
    """The task table's columns; ``narrow`` (under 100 terminal columns): the id takes the room left over."""
    return [
        Column("id", None, min_width=min(id_width, 20)) if narrow else Column("id", id_width),
        Column("intent", 12),
        Column("level", 10, drop=2),  # a narrow terminal keeps id, intent, result and the question
        Column("cx", 3, align="right", drop=3),
        Column("last", 4, style=_RESULT_STYLES.get),
        Column("question", None, min_width=12, drop=1),
    ]


def task_row(task: Task, result: str) -> tuple:
    return (task.id, task.intent, task.level, task.complexity_total, result, task.question)


def default_tasks_file(info=None) -> Path | None:
    """The tasks file under HOME/tasks made from the open database (see tasks/binding.py)."""
    return choose_tasks_file(paths.tasks_dir(), info)


def format_answer(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > MAX_ANSWER_CHARS:
        text = text[:MAX_ANSWER_CHARS] + f"… ({len(text):,} characters)"
    return text


def complexity_text(task: Task) -> Text:
    breakdown = task.complexity.get("breakdown") or {}
    out = Text()
    out.append(f"complexity {task.complexity_total}", style="bold")
    if breakdown:
        parts = [f"{k} {v}" for k, v in sorted(breakdown.items(), key=lambda kv: (-kv[1], kv[0])) if v]
        out.append(": " + " · ".join(parts))
    return out


class TasksScreen(WorkbenchScreen):
    MODE = "tasks"
    ACTIONS = (
        Act("slash", "focus_search", "Search", key_display="/",
            cli="jq 'select(.question|test(\"WORD\";\"i\"))' FILE"),
        Act("i", "cycle('intent')", "Intent", cli="ehr-tui tasks stats FILE"),
        Act("l", "cycle('level')", "Level", cli="ehr-tui tasks stats FILE"),
        Act("c", "focus_complexity", "Complexity"),
        Act("f", "cycle('result')", "Failures", cli="ehr-tui eval RUN_DIR"),
        Act("escape", "clear_filters", "Clear filters", show=False),
        Act("r", "run_gold", "Run gold", cli="ehr-tui sql --db FILE 'GOLD SQL'"),
        Act("t", "open_trajectory", "Debug", cli="ehr-tui eval RUN_DIR --json"),
        Act("z", "zoom", "Zoom", show=False),
        Act("o", "open_file", "Open", cli="ehr-tui tasks generate --db FILE -o tasks.jsonl"),
    )
    BINDINGS = bindings(ACTIONS)

    class Loaded(Message):
        def __init__(self, taskfile: TaskFile, results: dict[str, str]) -> None:
            super().__init__()
            self.taskfile, self.results = taskfile, results

    class GoldRun(Message):
        def __init__(self, task: Task, result: QueryResult) -> None:
            super().__init__()
            self.task, self.result = task, result

    def __init__(self) -> None:
        super().__init__()
        self.index = TaskIndex([])
        self.path: Path | None = None
        self.filter = TaskFilter()
        self.rows: list[tuple] = []
        self._shown: Task | None = None  # the task the detail pane shows
        self.mismatch: str | None = None  # why the open tasks do not belong to the open database
        self._warned_for: Path | None = None
        self._await_info = False
        self._id_width = 26
        self._narrow = False  # under 100 columns: see task_columns

    def on_resize(self, event) -> None:
        narrow = event.size.width < 100
        if narrow != self._narrow:
            self._narrow = narrow
            table = self.query_one("#task-table", VirtualTable)
            table.set_data(task_columns(self._id_width, narrow), table.rows, table.view)

    def compose(self) -> ComposeResult:
        yield NavBar(self.MODE)
        with Horizontal(id="task-filters"):
            yield Input(placeholder="search id, question, template   (/)", id="task-search")
            yield Select([(i, i) for i in INTENTS], prompt="intent", id="task-intent")
            yield Select([(lv, lv) for lv in LEVELS], prompt="level", id="task-level")
            yield Select([(r, r) for r in RESULT_FILTERS], prompt="result", id="task-result")
            yield Input(placeholder="complexity 20-40", id="task-complexity")
        yield Static(Text("no tasks loaded"), id="task-count")
        with Horizontal(id="task-body"):
            yield VirtualTable(task_columns(12), [], id="task-table",
                               empty_text="no tasks: press o to open a tasks file")
            with VerticalScroll(id="task-detail"):
                yield Static(Text(""), id="task-title")
                yield Static(Text("Select a task to see it here."), id="task-question")
                yield Label("Gold SQL", classes="section")
                yield SqlView("", id="task-sql")
                yield Static(Text(""), id="task-complexity-text")
                yield Label("Gold answer", classes="section", id="task-answer-label")
                yield Static(Text(""), id="task-answer")
                yield Label("Live result (r runs the gold SQL)", classes="section")
                yield ResultTable(show_timing=self.ehr.show_timings, empty_text="not run yet", id="task-live")
        yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self._watch = RunsWatch()  # before loading: a run written meanwhile is seen as a change
        if self.ehr.tasks_path is None and self.ehr.db_info is None:
            self._await_info = True  # pick the file once we know which database is open (on_db_info)
            self.query_one("#task-count", Static).update(Text("reading the database …"))
        else:
            self._open_default()
        self.query_one("#task-table", VirtualTable).focus()
        self.set_interval(WATCH_EVERY_S, self._watch_runs)

    @work(thread=True, exclusive=True, group="tasks-watch", exit_on_error=False)
    def _watch_runs(self) -> None:
        """A run written by another process updates the 'last' column without a reload."""
        if self._watch.changed() and self.path is not None:
            self.app.call_from_thread(self.refresh_results)

    def on_db_info(self, info) -> None:
        if self._await_info:
            self._await_info = False
            self._open_default()
        else:
            self._check_binding()

    def _open_default(self) -> None:
        path = self.ehr.tasks_path or default_tasks_file(self.ehr.db_info)
        if path is None and self.ehr.benchmark_status:
            self.on_benchmark_status(self.ehr.benchmark_status)
        elif path is None:
            self.query_one("#task-count", Static).update(Text(
                f"no tasks file in {paths.tasks_dir()}: press o to open one, or make one with "
                "`ehr-tui tasks generate --db FILE -o tasks.jsonl`"))
        else:
            self.load(path)

    def on_benchmark_status(self, step: str) -> None:
        """The first benchmark is being generated (app.py): say how far, until a tasks file is open."""
        if self.path is None and not self._await_info:
            self.query_one("#task-count", Static).update(Text(f"{step} · the table fills when done"), layout=False)
            table = self.query_one("#task-table", VirtualTable)
            if table.empty_text != GENERATING and not self.filter.active:
                table.empty_text = GENERATING
                table.refresh()

    def on_benchmark_done(self, path: Path | None) -> None:
        if self.path is None and not self._await_info:
            if path is not None:
                self.load(path)
            else:
                self._open_default()

    def _check_binding(self) -> None:
        """Warn once per file when it was generated from another database than the open one."""
        info = self.ehr.db_info
        if info is None or self.path is None or not self.index.tasks:
            self.mismatch = None
            return
        self.mismatch = mismatch(self.index.tasks[0].db, info)
        if self.mismatch and self._warned_for != self.path:
            self._warned_for = self.path
            self.notify(f"{self.path.name}: {self.mismatch}", title="tasks for another database",
                        severity="warning", timeout=15, markup=False)
        self._update_count()

    # --- loading ------------------------------------------------------------------------------

    def load(self, path: Path) -> None:
        self.query_one("#task-count", Static).update(Text(f"loading {path} …"))
        self._load_worker(path)

    @work(thread=True, exclusive=True, group="tasks-load", exit_on_error=False)
    def _load_worker(self, path: Path) -> None:
        taskfile = read_tasks(path)
        self.post_message(self.Loaded(taskfile, latest_results(path)))

    def refresh_results(self) -> None:
        """Re-read the runs for the 'last' column (after a run has finished)."""
        if self.path is not None:
            self._results_worker(self.path)

    @work(thread=True, exclusive=True, group="tasks-results", exit_on_error=False)
    def _results_worker(self, path: Path) -> None:
        results = latest_results(path)
        self.app.call_from_thread(self.set_results, results)

    def on_tasks_screen_loaded(self, message: Loaded) -> None:
        tf = message.taskfile
        self.path = tf.path
        self.index = TaskIndex(tf.tasks, message.results)
        self.rows = [task_row(t, r) for t, r in zip(self.index.tasks, self.index.results)]
        id_width = min(26, max([2] + [len(t.id) for t in tf.tasks[:5000]]))
        table = self.query_one("#task-table", VirtualTable)
        self._id_width = id_width
        table.set_data(task_columns(id_width, self._narrow), self.rows, self.index.filter(self.filter))
        if tf.errors:
            first = tf.errors[0]
            self.notify(f"{tf.bad_records:,} bad record(s) in {tf.path.name} were skipped; first: {first}",
                        severity="warning", timeout=10, markup=False)
        self._check_binding()
        self._update_count()

    def set_results(self, results: dict[str, str]) -> None:
        """New per-task result marks (after a run): redraw the 'last' column, keep filters."""
        self.index.set_results(results)
        self.rows[:] = [task_row(t, r) for t, r in zip(self.index.tasks, self.index.results)]
        self.apply_filter()

    # --- filtering ----------------------------------------------------------------------------

    def apply_filter(self) -> None:
        table = self.query_one("#task-table", VirtualTable)
        table.empty_text = ("no task matches the filters (Esc clears them)" if self.filter.active
                            else GENERATING if self.path is None and self.ehr.benchmark_status
                            else "no tasks: press o to open a tasks file")
        table.set_view(self.index.filter(self.filter))
        self._update_count()

    def _update_count(self) -> None:
        shown = self.query_one("#task-table", VirtualTable).row_count
        total = len(self.index)
        name = self.path.name if self.path else ""
        text = f"{shown:,} of {total:,} tasks" if self.filter.active else f"{total:,} tasks"
        if self.mismatch:
            name += " · FOR ANOTHER DATABASE"
        # one fixed-height line: no relayout of the screen on every keystroke
        self.query_one("#task-count", Static).update(Text(f"{text} · {name}"), layout=False)

    def _set_filter(self, **changes: Any) -> None:
        self.filter = TaskFilter(**{**self.filter.__dict__, **changes})
        self.apply_filter()

    @on(Input.Changed, "#task-search")
    def _search_changed(self, event: Input.Changed) -> None:
        self._set_filter(text=event.value)

    @on(Input.Changed, "#task-complexity")
    def _complexity_changed(self, event: Input.Changed) -> None:
        try:
            bounds = parse_complexity_range(event.value)
        except UserError:
            event.input.add_class("-invalid")
            return
        event.input.remove_class("-invalid")
        self._set_filter(complexity=bounds)

    @on(Input.Submitted, "#task-complexity")
    def _complexity_submitted(self, event: Input.Submitted) -> None:
        try:
            parse_complexity_range(event.value)
        except UserError as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.query_one("#task-table").focus()

    @on(Input.Submitted, "#task-search")
    def _search_submitted(self) -> None:
        self.query_one("#task-table").focus()

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        field = {"task-intent": "intent", "task-level": "level", "task-result": "result"}.get(event.select.id or "")
        if field:
            self._set_filter(**{field: None if event.select.is_blank() else event.value})

    def action_focus_search(self) -> None:
        self.query_one("#task-search", Input).focus()

    def action_focus_complexity(self) -> None:
        self.query_one("#task-complexity", Input).focus()

    def action_cycle(self, field: str) -> None:
        """Step a choice filter to its next value (after the last: no filter)."""
        choices = {"intent": INTENTS, "level": LEVELS, "result": RESULT_FILTERS}[field]
        select = self.query_one(f"#task-{field}", Select)
        current = None if select.is_blank() else select.value
        order = [None, *choices]
        nxt = order[(order.index(current) + 1) % len(order)]
        if nxt is None:
            select.clear()
        else:
            select.value = nxt

    def action_clear_filters(self) -> None:
        for sel in self.query(Select):
            sel.clear()
        self.query_one("#task-search", Input).value = ""
        self.query_one("#task-complexity", Input).value = ""
        self.filter = TaskFilter()
        self.apply_filter()
        self.query_one("#task-table").focus()

    # --- detail -------------------------------------------------------------------------------

    @property
    def current(self) -> Task | None:
        i = self.query_one("#task-table", VirtualTable).data_index
        return None if i is None else self.index.tasks[i]

    @on(VirtualTable.CursorMoved, "#task-table")
    def _cursor_moved(self, event: VirtualTable.CursorMoved) -> None:
        if self.current is not self._shown:  # a filter that keeps the cursor's task changes nothing here
            self.show_task(self.current)

    def show_task(self, task: Task | None) -> None:
        self._shown = task
        title = self.query_one("#task-title", Static)
        if task is None:
            title.update(Text(""))
            self.query_one("#task-question", Static).update(Text("Select a task to see it here."))
            self.query_one("#task-sql", SqlView).set_sql("")
            self.query_one("#task-answer", Static).update(Text(""))
            self.query_one("#task-complexity-text", Static).update(Text(""))
            return
        meta = Text()
        meta.append(task.id, style="bold")
        meta.append(f"\n{task.intent} · {task.level} · template {task.template_id} · {task.split}")
        if task.tables:
            meta.append("\n" + ", ".join(task.tables), style="dim")
        title.update(meta)
        self.query_one("#task-question", Static).update(Text(task.question))
        self.query_one("#task-sql", SqlView).set_sql(task.gold_sql)
        self.query_one("#task-complexity-text", Static).update(complexity_text(task))
        ordered = " (ordered)" if task.ordered else ""
        self.query_one("#task-answer-label", Label).update(f"Gold answer: {task.answer_type}{ordered}")
        self.query_one("#task-answer", Static).update(Text(format_answer(task.gold_answer)))
        live = self.query_one("#task-live", ResultTable)
        if live.result is not None or live.table.row_count:
            live.show_message("not run yet")

    # --- running ------------------------------------------------------------------------------

    def action_run_gold(self) -> None:
        task = self.current
        if task is None:
            self.notify("no task selected", severity="warning")
            return
        self.query_one("#task-live", ResultTable).show_message("running…")
        self._run_gold(task)

    @work(thread=True, exclusive=True, group="tasks-gold", exit_on_error=False)
    def _run_gold(self, task: Task) -> None:
        result = self.ehr.require_sandbox().execute(task.gold_sql)
        self.post_message(self.GoldRun(task, result))

    def on_tasks_screen_gold_run(self, message: GoldRun) -> None:
        if message.task is not self.current:
            return  # the user moved on; the result is for another task
        res = message.result
        label = ""
        if res.ok and not res.truncated:
            same = task_match(to_jsonable([list(r) for r in res.rows]), message.task)
            label = "matches the gold answer" if same else "DIFFERS from the stored gold answer"
            if not same and self.mismatch:
                label += " (expected: these tasks were generated from another database)"
        self.query_one("#task-live", ResultTable).show(res, label=label)

    def worker_failed(self, worker) -> None:
        if worker.group == "tasks-gold":
            self.query_one("#task-live", ResultTable).show_message("run failed", error=True)

    def action_zoom(self) -> None:
        """Hide or show the detail pane, giving the table the whole width (long ids and questions)."""
        detail = self.query_one("#task-detail")
        detail.display = not detail.display

    # --- other files and screens --------------------------------------------------------------

    def action_open_file(self) -> None:
        files = sorted(paths.tasks_dir().glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
        choices = [Choice(p.name, str(p), str(p)) for p in files]
        self.app.push_screen(
            PickerScreen("Open a tasks file", choices, placeholder="type to filter, or a path to a .jsonl file",
                         allow_free_text=True, hint=f"files in {paths.tasks_dir()}"),
            self._file_picked)

    def _file_picked(self, value: str | None) -> None:
        if not value:
            return
        path = Path(value).expanduser()
        if not path.is_file():
            self.notify(f"tasks file {path} does not exist: make one with `ehr-tui tasks generate`",
                        severity="error", markup=False)
            return
        self.load(path)

    def action_open_trajectory(self) -> None:
        task = self.current
        if task is None:
            self.notify("no task selected", severity="warning")
            return
        opener = getattr(self.ehr, "open_task_trajectories", None)
        if opener is None:
            self.notify("the trajectory debugger is not available in this build", severity="error")
            return
        opener(task.id)
