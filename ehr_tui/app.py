"""The ehr-tui workbench: one Textual app, one mode per screen, one read-only sandbox shared by all.

Screens are registered in one place (``SCREENS`` below); each becomes an app mode
with a number key, a command palette entry and a section on the help screen.
"""

from __future__ import annotations

import threading

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable, ClassVar, Iterable, TypeVar

from textual import work
from textual.app import App
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from . import paths
from .errors import UserError
from .mimic.metadata import DbInfo, read_info
from .mimic.sandbox import SqlSandbox
from .screens.base import Act, ErrorsAsNotifications, bindings


S = TypeVar("S", bound=Screen)


def _tasks() -> type[Screen]:
    from .screens.tasks import TasksScreen
    return TasksScreen


def _trajectory() -> type[Screen]:
    from .screens.trajectory import TrajectoryScreen
    return TrajectoryScreen


def _runs() -> type[Screen]:
    from .screens.runs import RunsScreen
    return RunsScreen


def _sql() -> type[Screen]:
    from .screens.sql_console import SqlConsoleScreen
    return SqlConsoleScreen


def _finetune() -> type[Screen]:
    from .screens.finetune import FinetuneScreen
    return FinetuneScreen


def _masks() -> type[Screen]:
    from .screens.masks import MasksScreen
    return MasksScreen


@dataclass(frozen=True)
class ScreenEntry:
    mode: str
    key: str
    title: str
    load: Callable[[], type[Screen]]  # imported on first use: start-up stays fast
    cli: str = ""  # the command line doing the same work, for the help screen


@dataclass(frozen=True)
class OpenerEntry:
    """A screen opened on one file (pushed over the current screen; Esc goes back)."""

    title: str
    load: Callable[[], type[Screen]]
    pattern: str  # files offered by the picker, under HOME
    cli: str = ""


# THE registry of screens. A new top-level screen (e.g. the fine-tune screen) is one entry in
# SCREENS: it gets a mode, a number key, a palette entry and a help section from here.
SCREENS: tuple[ScreenEntry, ...] = (
    ScreenEntry("tasks", "1", "Tasks", _tasks, "ehr-tui tasks stats FILE"),
    ScreenEntry("trajectory", "2", "Debugger", _trajectory, "ehr-tui eval RUN"),
    ScreenEntry("runs", "3", "Runs", _runs, "ehr-tui run --tasks FILE --model M --base-url URL ; ehr-tui eval RUN"),
    ScreenEntry("sql", "4", "SQL", _sql, "ehr-tui db info --db FILE"),
    ScreenEntry("finetune", "5", "Fine-tune", _finetune, "xtf train --model M --data D --masks F -o OUT --background ; xtf jobs"),
)
OPENERS: dict[str, OpenerEntry] = {
    "masks": OpenerEntry("Masks", _masks, "**/*.parquet", "xtf inspect FILE"),
}


def screen_actions(cls: type) -> tuple[Act, ...]:
    """A screen's actions; screens not built on WorkbenchScreen offer their shown bindings."""
    acts = getattr(cls, "ACTIONS", None)
    if acts is not None:
        return tuple(acts)
    out = []
    for b in getattr(cls, "BINDINGS", []):
        if hasattr(b, "key") and getattr(b, "show", True):
            out.append(Act(b.key, b.action, b.description or b.action, key_display=b.key_display))
    return tuple(out)


class WorkbenchCommands(Provider):
    """Command palette entries: every action of the current screen and of the app, and every screen."""

    def _entries(self) -> Iterable[tuple[str, str, Callable[[], object]]]:
        app = self.app
        screen = self.screen
        for act in screen_actions(type(screen)):
            yield (act.description, f"{act.keys_text}  {act.cli}".strip(), partial(screen.run_action, act.action))
        for act in app.ACTIONS:  # type: ignore[attr-defined]
            if act.action.startswith("switch_mode"):
                continue
            yield (act.description, f"{act.keys_text}  {act.cli}".strip(), partial(app.run_action, act.action))
        for entry in SCREENS:
            yield (f"Open the {entry.title} screen", f"key {entry.key}",
                   partial(app.switch_mode, entry.mode))

    async def discover(self) -> Hits:
        for text, help_text, command in self._entries():
            yield DiscoveryHit(text, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, help_text, command in self._entries():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), command, text=text, help=help_text)


class EhrApp(ErrorsAsNotifications, App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "ehr-tui"
    # a screen narrower than 100 columns gets the class -narrow (app.tcss gives the tables more room)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide"), (160, "-xwide")]
    COMMANDS = App.COMMANDS | {WorkbenchCommands}
    MODES: ClassVar[dict] = {e.mode: (lambda e=e: e.load()()) for e in SCREENS}

    ACTIONS: ClassVar[tuple[Act, ...]] = (
        # Shown in the NavBar at the top rather than the footer, which they would overflow.
        *(Act(e.key, f"switch_mode('{e.mode}')", e.title, cli=e.cli, show=False) for e in SCREENS),
        Act("m", "open_file('masks')", "Masks", cli="xtf inspect FILE"),
        Act("question_mark", "help", "Help", key_display="?", cli="ehr-tui --help"),
        Act("f1", "help", "Help (also while typing)", show=False, priority=True),
        Act("ctrl+p", "command_palette", "Commands", show=False),
        # Reached only when the screen has no Esc of its own: a text field never traps the keyboard.
        Act("escape", "leave_field", "Leave a text field (then screen keys work)", key_display="esc", show=False),
        Act("q", "quit", "Quit"),
    )
    BINDINGS = bindings(ACTIONS)

    def __init__(self, db: str | Path | None = None, *, tasks: str | Path | None = None,
                 run: str | Path | None = None,
                 show_timings: bool = True, initial_mode: str = "tasks",
                 build_default: Callable[..., Path] | None = None, first_tasks: int | None = None) -> None:
        super().__init__()
        self.build_default = build_default  # None: ensure_default_db (the embedded synthetic database)
        # Tasks of the first benchmark, generated in the background on the default database when HOME/tasks
        # has none; a test that builds its own default database says how many it wants (none otherwise).
        if first_tasks is None:
            from .screens.default_db_worker import FIRST_LAUNCH_TASKS
            first_tasks = FIRST_LAUNCH_TASKS if build_default is None else 0
        self.first_tasks = first_tasks
        self.benchmark_status: str | None = None  # while the first benchmark is being generated: its progress
        self._benchmark_proc = None
        self.db_path = Path(db) if db else paths.default_db()
        self.is_default_db = db is None
        self.tasks_path = Path(tasks) if tasks else None
        self.run_path = Path(run) if run else None  # the run the debugger opens first (default: newest)
        self.run_select: tuple[str, int] | None = None  # and the (task, trial) it shows first
        self.run_search: str | None = None  # and a search it goes on with (started on the Runs screen)
        self.searches: list[str] = []  # the session's searches (/), newest last
        self.active_runs: dict[Path, object] = {}  # run folder -> launched run still writing to it
        self.show_timings = show_timings  # tests turn elapsed times off so snapshots are stable
        self.initial_mode = initial_mode
        self.sandbox: SqlSandbox | None = None  # trusted SQL: the console, gold queries, catalog
        self._agent_sql = None  # model-written SQL the Debugger re-runs: a confined query process
        self._agent_sql_lock = threading.Lock()
        self.allow_weak_python_sandbox = False  # `ehr-tui --allow-weak-python-sandbox`: Python replay where weak
        self.db_info: DbInfo | None = None
        self.sub_title = self.db_path.name

    # --- start-up -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.db_path.exists():
            self.open_database(self.db_path)
        elif self.is_default_db:
            from .screens.first_launch import FirstLaunchScreen
            screen = FirstLaunchScreen(self.db_path, **({"build": self.build_default} if self.build_default else {}))
            self.push_screen(screen, self._built)
        else:
            self.exit(return_code=2, message=f"database {self.db_path} does not exist: build one with "
                                 "`ehr-tui db synth` or `ehr-tui db import`")

    def _built(self, path: Path | None) -> None:
        if path is None:
            self.exit(return_code=2, message="the default database was not built; run `ehr-tui` again to retry")
            return
        self.open_database(path)

    def open_database(self, path: Path) -> None:
        try:
            self.sandbox = SqlSandbox(path)
        except UserError as e:
            self.exit(return_code=2, message=str(e))
            return
        self.db_path = path
        self._load_info()
        self._start_first_benchmark()
        self.switch_mode(self.initial_mode)

    # --- the first benchmark, generated while the app is already open ---------------------------

    def _start_first_benchmark(self) -> None:
        if not (self.is_default_db and self.tasks_path is None and self.first_tasks > 0):
            return
        folder = paths.tasks_dir()
        if folder.is_dir() and any(folder.glob("*.jsonl")):
            return
        self.benchmark_status = f"first benchmark of {self.first_tasks:,} tasks: preparing …"
        self._first_benchmark(self.db_path, self.first_tasks)

    @work(thread=True, exclusive=True, group="first-benchmark", exit_on_error=False)
    def _first_benchmark(self, db: Path, n: int) -> None:
        from .screens.default_db_worker import generate_in_child

        def started(proc) -> None:
            self._benchmark_proc = proc

        try:
            path = generate_in_child(lambda step, _f: self.call_from_thread(self._benchmark_progress, step),
                                     db, n, on_start=started)
        except Exception as e:  # noqa: BLE001 (a background convenience: any failure is reported, never raised)
            if self.is_running:
                self.call_from_thread(self._benchmark_finished, None, str(e))
            return
        if self.is_running:
            self.call_from_thread(self._benchmark_finished, path, None)

    def _benchmark_progress(self, step: str) -> None:
        self.benchmark_status = step
        self._tell_screens("on_benchmark_status", step)

    def _benchmark_finished(self, path: Path | None, error: str | None) -> None:
        self.benchmark_status = None
        self._benchmark_proc = None
        if error:
            self.notify(error, title="first benchmark", severity="error", timeout=20, markup=False)
        else:
            self.notify(f"{path} is ready", title="first benchmark", timeout=8, markup=False)
        self._tell_screens("on_benchmark_done", path)

    @work(thread=True, exclusive=True, group="db-info", exit_on_error=False)
    def _load_info(self) -> None:
        assert self.sandbox is not None
        cur = self.sandbox.cursor()
        try:
            info = read_info(self.db_path, con=cur)
        finally:
            cur.close()
        self.call_from_thread(self._set_info, info)

    def _set_info(self, info: DbInfo) -> None:
        self.db_info = info
        self.sub_title = f"{self.db_path.name} · {info.source} MIMIC-IV {info.version}"
        self._tell_screens("on_db_info", info)

    def _tell_screens(self, handler: str, *args) -> None:
        """Call ``handler`` on every open screen (in every mode) that has it: app-wide news (db info, the
        first benchmark) reaches screens that are not on top too."""
        for screen in self._all_screens():
            method = getattr(screen, handler, None)
            if method:
                method(*args)

    def _all_screens(self) -> list[Screen]:
        return [s for stack in self._screen_stacks.values() for s in stack]

    def screens_of(self, cls: type[S]) -> list[S]:
        """The open screens of one kind, in every mode."""
        return [s for s in self._all_screens() if isinstance(s, cls)]

    def on_unmount(self) -> None:
        proc = self._benchmark_proc
        if proc is not None and proc.poll() is None:
            proc.kill()  # its finished work is in tasks.jsonl.partial: the next launch goes on from there
        if self.sandbox is not None:
            self.sandbox.close()
        if self._agent_sql is not None:
            self._agent_sql.close()

    # --- actions --------------------------------------------------------------------------------

    def action_leave_field(self) -> None:
        from .screens.focus import leave_text_field
        leave_text_field(self.screen)

    def action_help(self) -> None:
        from .screens.help import HelpScreen
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    async def action_switch_mode(self, mode: str) -> None:
        if self.sandbox is None:
            self.notify("the database is still being prepared", severity="warning")
            return
        await self.switch_mode(mode)

    def action_open_file(self, kind: str) -> None:
        """Pick a file for a file screen (e.g. a token mask file) and open that screen on it."""
        from .screens.picker import Choice, PickerScreen
        opener = OPENERS[kind]
        home = paths.home()
        files = sorted(home.glob(opener.pattern), key=lambda p: p.stat().st_mtime, reverse=True)[:500]
        choices = [Choice(str(p.relative_to(home)), str(p)) for p in files]
        self.push_screen(PickerScreen(f"Open a {opener.title.lower()} file", choices, allow_free_text=True,
                                      placeholder="type to filter, or a path",
                                      hint=f"files under {home}; or type any path"),
                         partial(self.open_file, kind))

    def open_file(self, kind: str, value: str | None) -> None:
        if not value:
            return
        path = Path(value).expanduser()
        if not path.is_file():
            self.notify(f"{path} does not exist", severity="error", markup=False)
            return
        try:
            self.push_screen(OPENERS[kind].load()(path))
        except UserError as e:
            self.notify(str(e), severity="error", markup=False)

    def open_task_trajectories(self, task_id: str) -> None:
        """The debugger on the newest run that has this task."""
        self._find_task_run(task_id)

    @work(thread=True, exclusive=True, group="find-run", exit_on_error=False)
    def _find_task_run(self, task_id: str) -> None:
        from .agent.trajectory import RunStore, list_runs

        for info in list_runs():
            trajs = RunStore(info.path).latest(warn=lambda m: None)
            trials = sorted(trial for (tid, trial) in trajs if tid == task_id)
            if trials:
                self.call_from_thread(self.show_in_debugger, info.path, (task_id, trials[0]))
                return
        self.call_from_thread(self.notify, f"no run has a trajectory for {task_id} yet: launch one on the "
                              "Runs screen (3) or with `ehr-tui run`", severity="warning")

    async def show_in_debugger(self, run_dir: Path, key: tuple[str, int] | None = None) -> None:
        """Switch to the debugger on this run (and this (task, trial), else the run's first)."""
        fresh = "trajectory" not in self._screen_stacks  # a new debugger opens run_path itself
        self.run_path, self.run_select = run_dir, key
        await self.switch_mode("trajectory")
        if not fresh:
            self.screen.open_run(run_dir, select=key)

    def require_sandbox(self) -> SqlSandbox:
        if self.sandbox is None:
            raise UserError("no database is open yet: wait for it to finish building")
        return self.sandbox

    def require_agent_sql(self):
        """The confined sandbox for SQL a model wrote (started on first use; called from worker threads)."""
        from .mimic.confined_sql import ConfinedSqlSandbox

        self.require_sandbox()
        with self._agent_sql_lock:
            if self._agent_sql is None:
                self._agent_sql = ConfinedSqlSandbox(self.db_path, processes=1)
            return self._agent_sql
