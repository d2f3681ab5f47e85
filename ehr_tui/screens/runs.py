"""Runs: every run folder with model, date, accuracy and pass^k; one run broken down by intent, level,
complexity and failure mode; a form that launches a new run and trajectories arriving live.

Scores come from ``agent.evaluate`` (the same report as `ehr-tui eval`). A launched run is the
`ehr-tui run` command itself in a child process (see run_launch.py); the screen follows its
trajectories file once a second from a worker and re-scores the run as trajectories arrive.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Label, ProgressBar, Static

from .. import paths
from ..agent.eval_view import STATE_WORDS
from ..agent.evaluate import Report, evaluate
from ..agent.execution import cached_execution
from ..scoring import PENALTIES, POLICIES, POLICY_NAMES
from ..agent.failures import FAILURE_MODES
from ..agent.trajectory import RunInfo, RunSettings, RunStore, Trajectory, list_runs
from ..errors import UserError
from ..tasks.model import read_tasks
from ..widgets.bar_chart import Bar, BarChart
from ..widgets.nav_bar import NavBar
from ..widgets.virtual_table import Column, VirtualTable
from . import egress_view
from .base import Act, WorkbenchModal, WorkbenchScreen, bindings
from .footer import WorkbenchFooter
from .run_launch import LaunchedRun, LaunchSpec, launch
from .run_watch import WATCH_EVERY_S, RunsWatch

FOLLOW_EVERY_S = 1.0
LIVE_LINES = 8


@dataclass
class RunRow:
    path: Path
    settings: RunSettings
    report: Report
    mtime: float


def score_run(path: Path) -> RunRow:
    store = RunStore.open(path)
    settings = store.settings()
    trajs = store.latest(warn=lambda m: None).values()
    mtime = max((p.stat().st_mtime for p in (store.run_file, store.path) if p.exists()), default=0.0)
    return RunRow(path, settings, _evaluate(path, settings, list(trajs)), mtime)


def _evaluate(path: Path, settings, trajs: list) -> Report:
    """The run's report, with execution accuracy where `ehr-tui eval` has computed it (RUN/execution.jsonl);
    queries are never run here."""
    db = Path(settings.db) if settings.db else None
    execution = cached_execution(path, trajs, db if db is not None and db.is_file() else None)
    complete = bool(trajs) and all(t.key in execution for t in trajs)
    return evaluate(trajs, {"name": settings.name}, execution=execution if complete else None)


def score_listed(info: RunInfo) -> RunRow:
    """A run from list_runs, scored from the trajectories list_runs already read."""
    return RunRow(info.path, info.settings, _evaluate(info.path, info.settings, list(info.latest.values())),
                  info.modified)


def pass_hat(report: Report, k: int) -> float | None:
    if not report.pass_hat_k:
        return None
    return report.pass_hat_k.get(k, report.pass_hat_k[max(report.pass_hat_k)])


def run_cells(row: RunRow) -> tuple:
    r, s = row.report, row.settings
    hat = pass_hat(r, s.trials)
    return (s.name, s.model, s.created[:10], r.trajectories,
            f"{100 * r.overall.accuracy:.1f}%" if r.trajectories else "—",
            f"{100 * hat:.1f}%" if hat is not None else "—", s.trials)


# at 80 columns the scores stay in sight: the date, k, the count and the model give way first
RUN_COLUMNS = [Column("run", None, min_width=14), Column("model", 14, drop=1), Column("created", 10, drop=4),
               Column("trajs", 5, align="right", drop=2), Column("acc", 6, align="right"),
               Column("pass^k", 6, align="right"), Column("k", 2, align="right", drop=3)]


def interval_text(i) -> str:
    return "" if i is None else f" [{100 * i.low:.0f}–{100 * i.high:.0f}]"


def group_bars(groups: dict) -> list[Bar]:
    return [Bar(name, g.accuracy, f"{100 * g.accuracy:3.0f}% ({g.correct}/{g.n}){interval_text(g.interval)}")
            for name, g in groups.items()]


def failure_bars(report: Report) -> list[Bar]:
    total = max(report.failures.values(), default=0) or 1
    return [Bar(FAILURE_MODES.get(mode, mode), n / total, str(n), style="red")
            for mode, n in sorted(report.failures.items(), key=lambda kv: -kv[1])]


def arrival_line(traj: Trajectory) -> Text:
    line = Text()
    line.append("✓ " if traj.correct else "✗ ", style="bold green" if traj.correct else "bold red")
    line.append(f"{traj.task_id} trial {traj.trial + 1}")
    if not traj.correct:
        line.append(f"  {traj.failure_mode or traj.status}", style="red")
    return line


class RunFormScreen(WorkbenchModal):
    """The launch form; dismissed with a validated LaunchSpec, or None."""

    DEFAULT_CSS = """
    RunFormScreen { align: center middle; }
    RunFormScreen > Vertical { width: 100; max-width: 96%; height: auto; border: thick $primary;
                               background: $surface; padding: 0 1; }
    RunFormScreen Horizontal { height: auto; }
    RunFormScreen Horizontal { margin-bottom: 0; }  /* compact rows: the form fits 80x24 */
    RunFormScreen Label.field { width: 16; }
    RunFormScreen Label.pick { width: auto; padding: 0 1 0 0; }
    RunFormScreen Horizontal.picks Input { width: 1fr; margin-right: 1; }
    RunFormScreen Input { width: 1fr; }
    RunFormScreen #form-command { color: $success; margin: 1 0; }
    """
    ACTIONS = (
        Act("ctrl+s", "launch", "Launch", key_display="^s", priority=True,
            cli="ehr-tui run --tasks FILE --model M --base-url URL --trials K --concurrency C"),
        Act("escape", "cancel", "Cancel"),
    )
    BINDINGS = bindings(ACTIONS)
    FIELDS = (("tasks", "tasks file"), ("model", "model"), ("base_url", "base URL"), ("trials", "trials"),
              ("concurrency", "concurrency"), ("max_steps", "max steps"), ("name", "run name"),
              ("api_key_env", "API key env"))
    PICKS = (("sample", "sample"), ("stratify", "stratify"), ("split", "split"), ("seed", "seed"),
             ("limit", "limit"))
    PICK_ROWS = (("sample", "stratify", "split"), ("seed", "limit"))  # two rows: readable at 80 columns

    def __init__(self, spec: LaunchSpec) -> None:
        super().__init__()
        self.spec = spec

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text("Launch a run (Enter or ctrl+s starts it; it keeps going if the app quits)",
                             style="bold"))
            for name, label in self.FIELDS:
                with Horizontal():
                    yield Label(label, classes="field")
                    value = getattr(self.spec, name)
                    yield Input(str(value) if value is not None else "", id=f"form-{name.replace('_', '-')}",
                                placeholder="default: TASKS-STEM__MODEL" if name == "name" else "", compact=True)
            labels = dict(self.PICKS)
            for i, row in enumerate(self.PICK_ROWS):
                with Horizontal(classes="picks"):
                    yield Label("tasks" if i == 0 else "", classes="field")
                    for name in row:
                        yield Label(labels[name], classes="pick")
                        value = getattr(self.spec, name)
                        yield Input(str(value) if value is not None else "", id=f"form-{name}", compact=True,
                                    placeholder={"sample": "all", "stratify": "intent,level", "split": "both",
                                                 "limit": "all"}.get(name, ""))
            yield Static(Text(""), id="form-command")
            yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self._preview()
        self.query_one("#form-model", Input).focus()

    def _spec(self) -> LaunchSpec:
        values = {name: self.query_one(f"#form-{name.replace('_', '-')}", Input).value.strip()
                  for name, _ in self.FIELDS}
        ints = {}
        for name in ("trials", "concurrency", "max_steps"):
            try:
                ints[name] = int(values[name])
            except ValueError:
                raise UserError(f"{name.replace('_', ' ')} must be a whole number (got {values[name]!r})") from None
        picks = {name: self.query_one(f"#form-{name}", Input).value.strip() for name, _ in self.PICKS}
        numbers: dict[str, int | None] = {}
        for name in ("sample", "seed", "limit"):
            try:
                numbers[name] = int(picks[name]) if picks[name] else None
            except ValueError:
                raise UserError(f"{name} must be a whole number (got {picks[name]!r})") from None
        sample, seed, limit = numbers["sample"], numbers["seed"] or 0, numbers["limit"]
        return LaunchSpec(tasks=Path(values["tasks"]).expanduser(), db=self.spec.db, model=values["model"],
                          base_url=values["base_url"], name=values["name"],
                          api_key_env=values["api_key_env"] or "OPENAI_API_KEY", sample=sample,
                          stratify=picks["stratify"], split=picks["split"], seed=seed, limit=limit, **ints)

    @on(Input.Changed)
    def _preview(self) -> None:
        out = self.query_one("#form-command", Static)
        try:
            out.update(Text(self._spec().command_line()))
        except UserError as e:
            out.update(Text(str(e), style="red"))

    @on(Input.Submitted)
    def action_launch(self) -> None:
        try:
            spec = self._spec()
            spec.validate()
        except UserError as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.dismiss(spec)

    def action_cancel(self) -> None:
        self.dismiss(None)


class RunsScreen(WorkbenchScreen):
    MODE = "runs"
    ACTIONS = (
        Act("n", "new_run", "New run", cli="ehr-tui run --tasks FILE --model M --base-url URL"),
        Act("d", "debug", "Debug", cli="ehr-tui eval RUN", key_display="d/enter"),
        Act("c", "cancel_run", "Cancel run", cli="Ctrl+C in the terminal running `ehr-tui run`"),
        Act("u", "resume", "Resume", cli="ehr-tui run --tasks FILE --model M --base-url URL --name RUN"),
        Act("R", "refresh", "Refresh", cli="ehr-tui eval RUN"),
        Act("v", "compare", "Compare", cli="ehr-tui compare A B"),
        Act("slash", "search", "Search", key_display="/", cli="ehr-tui eval RUN --grep PATTERN"),
    )
    BINDINGS = bindings(ACTIONS)

    class Scanned(Message):
        def __init__(self, rows: list[RunRow], egress: dict | None = None) -> None:
            super().__init__()
            self.rows, self.egress = rows, egress or {}

    class Followed(Message):
        def __init__(self, run_dir: Path, arrived: list[Trajectory], row: RunRow | None,
                     returncode: int | None, launched: LaunchedRun | None) -> None:
            super().__init__()
            self.run_dir, self.arrived, self.row = run_dir, arrived, row
            self.returncode, self.launched = returncode, launched

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[RunRow] = []
        self.totals: dict[Path, int] = {}  # launched run -> trials it will have
        self.live: list[Text] = []
        self.egress: dict = {}  # run name -> summaries of the egress log

    def compose(self) -> ComposeResult:
        yield NavBar(self.MODE)
        with Horizontal(id="runs-body"):
            with Vertical(id="runs-left"):
                yield VirtualTable(RUN_COLUMNS, [], id="runs-table",
                                   empty_text="no runs yet: press n to launch one")
                yield Label("Live", classes="section", id="runs-live-label")
                yield ProgressBar(total=1, show_eta=False, id="runs-progress")
                yield Static(Text("no run launched from here yet (n)"), id="runs-live")
            with VerticalScroll(id="run-detail"):
                yield Static(Text(""), id="run-settings")
                yield BarChart(id="run-by-intent")
                yield BarChart(id="run-by-level")
                yield BarChart(id="run-by-complexity")
                yield BarChart(id="run-failures")
                yield Static(Text(""), id="run-passk")
                yield Static(Text(""), id="run-egress")
        yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#runs-progress").display = False
        self.query_one("#runs-table").focus()
        self._watch = RunsWatch()  # before the first scan: a run written meanwhile is seen as a change
        self.refresh_runs()
        self.set_interval(FOLLOW_EVERY_S, self._follow_all)
        self.set_interval(WATCH_EVERY_S, self._watch_runs)

    @work(thread=True, exclusive=True, group="runs-watch", exit_on_error=False)
    def _watch_runs(self) -> None:
        """Runs another process writes appear and update without R (see run_watch)."""
        if self._watch.changed():
            self.app.call_from_thread(self.refresh_runs)

    # --- the list of runs -------------------------------------------------------------------

    def refresh_runs(self) -> None:
        self._scan()

    @work(thread=True, exclusive=True, group="runs-scan", exit_on_error=False)
    def _scan(self) -> None:
        rows = [score_listed(info) for info in list_runs()]  # list_runs skips unreadable runs
        self.post_message(self.Scanned(rows, egress_view.load()))

    def on_runs_screen_scanned(self, message: Scanned) -> None:
        table = self.query_one("#runs-table", VirtualTable)
        keep = self.current.path if self.current else None
        self.rows, self.egress = message.rows, message.egress
        table.set_data(RUN_COLUMNS, [run_cells(r) for r in self.rows])
        if keep is not None:
            for i, r in enumerate(self.rows):
                if r.path == keep:
                    table.move_to_data_index(i)
        self.show_run(self.current)

    @property
    def current(self) -> RunRow | None:
        i = self.query_one("#runs-table", VirtualTable).data_index
        return self.rows[i] if i is not None and i < len(self.rows) else None

    @on(VirtualTable.CursorMoved, "#runs-table")
    def _moved(self, event: VirtualTable.CursorMoved) -> None:
        self.show_run(self.current)

    @on(VirtualTable.Selected, "#runs-table")
    def _selected(self, event: VirtualTable.Selected) -> None:
        self.action_debug()

    def show_run(self, row: RunRow | None) -> None:
        settings = self.query_one("#run-settings", Static)
        charts = [self.query_one(f"#run-{n}", BarChart) for n in ("by-intent", "by-level", "by-complexity",
                                                                  "failures")]
        if row is None:
            settings.update(Text("no run selected"))
            for c in charts:
                c.update("")
            self.query_one("#run-passk", Static).update("")
            self.query_one("#run-egress", Static).update("")
            return
        s, r = row.settings, row.report
        head = Text()
        head.append(s.name, style="bold")
        head.append(f"\nmodel {s.model} at {s.base_url}\ntasks {Path(s.tasks_file).name} · db {Path(s.db).name} "
                    f"({s.db_source}) · {s.trials} trial(s) · max {s.max_steps} steps\n")
        o = r.overall
        acc = f"{100 * o.accuracy:.1f}% ({o.correct}/{o.n}){interval_text(o.interval)}" if o.n else "— (none yet)"
        head.append(f"{r.trajectories} trajectories of {r.tasks} tasks · answer accuracy {acc}")
        head.append(f"\nwrong {o.wrong} · abstained {o.abstained} · no answer {o.no_answer}")
        head.append("\nreliability " + "/".join(f"{100 * r.reliability[str(c)]:.0f}" for c in PENALTIES
                                                if str(c) in r.reliability)
                    + " (c=" + "/".join(str(c) for c in PENALTIES) + ")")
        if r.execution:
            head.append("\nexecution accuracy of the final SQL:")
            for p in POLICIES:
                e = r.execution[p]
                head.append(f"\n  {POLICY_NAMES[p]:<18} {100 * e.accuracy:5.1f}% ({e.match}/{e.n})"
                            f"{interval_text(e.interval)}")
            others = {k: v for k, v in r.execution_states.items() if k != "ran"}
            if others:
                head.append("\n  not compared: " + ", ".join(f"{STATE_WORDS.get(k, k)} {v}"
                                                          for k, v in sorted(others.items())))
        elif r.trajectories:
            head.append(f"\nexecution accuracy: run `ehr-tui eval {s.name}`", style="dim")
        head.append(f"\nmean {r.mean_steps:.1f} steps, {r.mean_tokens:,.0f} tokens per trajectory")
        for note in r.notes:
            head.append(f"\n{note}", style="yellow")
        settings.update(head)
        charts[0].show("Answer accuracy by intent [95% CI]", group_bars(r.by_intent), width=8)
        charts[1].show("Answer accuracy by level [95% CI]", group_bars(r.by_level), width=8)
        charts[2].show("Answer accuracy by complexity [95% CI]", group_bars(r.by_complexity), width=8)
        charts[3].show("Failure modes", failure_bars(r), empty="no failures")
        passk = Text("pass@k / pass^k\n", style="bold")
        for k in sorted(r.pass_at_k):
            passk.append(f"  k={k}: pass@k {100 * r.pass_at_k[k]:.1f}%{interval_text(r.pass_at_k_interval.get(k))}"
                         f"  pass^k {100 * r.pass_hat_k[k]:.1f}%{interval_text(r.pass_hat_k_interval.get(k))}  "
                         f"({r.tasks_per_k[k]} tasks)\n")
        self.query_one("#run-passk", Static).update(passk)
        self.query_one("#run-egress", Static).update(
            egress_view.panel(s.name, self.egress.get(s.name, []), getattr(s, "sandbox", None)))

    def action_refresh(self) -> None:
        self.refresh_runs()

    def action_compare(self) -> None:
        """The selected run (A, the baseline) against another one picked from the list, side by side."""
        from .picker import Choice, PickerScreen
        from .run_compare import RunCompareScreen

        row = self.current
        others = [r for r in self.rows if row is not None and r.path != row.path]
        if not others:
            self.notify("comparing needs two runs: select the baseline, then press v", severity="warning")
            return
        choices = [Choice(f"{r.settings.name} · {r.settings.model}", str(r.path)) for r in others]
        self.app.push_screen(PickerScreen(f"Compare {row.settings.name} (A, baseline) with run B", choices),
                             lambda b: b and self.app.push_screen(RunCompareScreen(row.path, Path(b))))

    def action_search(self) -> None:
        row = self.current
        if row is None:
            self.notify("no run selected", severity="warning")
            return
        from .picker import run_search_picker

        self.app.push_screen(run_search_picker(row.settings.name, self.ehr.searches),
                             lambda pattern: pattern and self._search(row.path, pattern))

    @work(thread=True, exclusive=True, group="runs-search", exit_on_error=False, name="search")
    def _search(self, run_dir: Path, pattern: str) -> None:
        from ..agent.search import compile_pattern, search

        compile_pattern(pattern)  # a bad pattern is a notification before the run is read
        store = RunStore.open(run_dir)
        trajs = sorted(store.latest().values(), key=lambda t: (t.task_id, t.trial))
        found = search(trajs, pattern)
        self.app.call_from_thread(self._found, run_dir, pattern, found, len(trajs))

    def _found(self, run_dir: Path, pattern: str, found, total: int) -> None:
        from .picker import Choice, PickerScreen

        self.ehr.searches.append(pattern)
        if not found:
            self.notify(f"no match for {pattern!r} in {total:,} trajectories of {run_dir.name}", severity="warning",
                        markup=False)
            return
        choices = [Choice(f"{'✅' if t.correct else '❌'} {t.task_id}  trial {t.trial + 1}  ·  {len(hs)} hit"
                          f"{'s' if len(hs) != 1 else ''}  ·  {hs[0].where}: {hs[0].snippet(50)}",
                          f"{t.task_id}\t{t.trial}", t.task.question) for t, hs in found]

        def picked(value: str | None) -> None:
            if value:
                task_id, trial = value.split("\t")
                self.ehr.run_search = pattern  # the debugger goes on with the search: . and , jump
                self.app.call_later(self.ehr.show_in_debugger, run_dir, (task_id, int(trial)))

        self.app.push_screen(PickerScreen(f"{len(found):,} of {total:,} trajectories match {pattern!r}", choices),
                             picked)

    def action_debug(self) -> None:
        row = self.current
        if row is None:
            self.notify("no run selected", severity="warning")
            return
        self.app.call_later(self.ehr.show_in_debugger, row.path)

    # --- launching and following ----------------------------------------------------------

    def action_new_run(self) -> None:
        tasks = self.ehr.tasks_path or _current_tasks_file(self)
        last = next(iter(self.ehr.active_runs.values()), None)
        spec = LaunchSpec(tasks=tasks or Path(""), db=self.ehr.db_path,
                          model=last.spec.model if last else "", base_url=last.spec.base_url if last
                          else "http://127.0.0.1:8000/v1")
        self.app.push_screen(RunFormScreen(spec), self._launch)

    def action_resume(self) -> None:
        """Launch the selected run again as it was launched (run.json): its unfinished trials run, and
        those that ended on endpoint errors are retried; finished ones are kept."""
        row = self.current
        if row is None:
            self.notify("no run selected", severity="warning")
            return
        if row.path in self.ehr.active_runs:
            self.notify(f"{row.path.name} is running: nothing to resume", severity="warning")
            return
        if row.path.parent.resolve() != paths.runs_dir().resolve():
            self.notify(f"{row.path} is outside {paths.runs_dir()}: resume it with `ehr-tui run ... --run-dir "
                        f"{row.path}`", severity="warning", markup=False)
            return
        spec = LaunchSpec.from_settings(row.settings, row.path)
        try:
            spec.validate()
        except UserError as e:
            self.notify(f"cannot resume {row.path.name}: {e}", severity="error", markup=False)
            return
        self._launch(spec)

    def _launch(self, spec: LaunchSpec | None) -> None:
        if spec is None:
            return
        if spec.run_dir in self.ehr.active_runs:
            self.notify(f"{spec.run_name} is already running", severity="warning")
            return
        try:
            launched = launch(spec)
        except (UserError, OSError) as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.ehr.active_runs[spec.run_dir] = launched
        self.live = [Text(f"launched {spec.run_name}: {spec.command_line()}", style="dim")]
        self._show_live()
        self._count_total(launched)

    @work(thread=True, exclusive=False, group="runs-total", exit_on_error=False)
    def _count_total(self, launched: LaunchedRun) -> None:
        from ..agent.runner import select_tasks
        from ..tasks.sampling import parse_strata

        spec = launched.spec
        tasks = select_tasks(read_tasks(spec.tasks).tasks, spec.tasks, split=spec.split or None,
                             task_ids=list(spec.task_ids), sample=spec.sample,
                             stratify=parse_strata(spec.stratify) if spec.stratify else (),
                             seed=spec.seed, limit=spec.limit)
        n = len(tasks) * spec.trials  # what the run will do, as the runner selects it
        self.app.call_from_thread(self._set_total, launched.run_dir, n)

    def _set_total(self, run_dir: Path, total: int) -> None:
        self.totals[run_dir] = total
        bar = self.query_one("#runs-progress", ProgressBar)
        bar.display = True
        bar.update(total=max(1, total), progress=0)  # not the previous run's value

    def _follow_all(self) -> None:
        if self.ehr.active_runs:
            self._follow(list(self.ehr.active_runs.values()))

    @work(thread=True, exclusive=True, group="runs-follow", exit_on_error=False)
    def _follow(self, launched: list[LaunchedRun]) -> None:
        for lr in launched:
            rc = lr.poll()  # before reading, so nothing written before the exit is missed
            arrived = lr.new_trajectories()
            row = score_run(lr.run_dir) if (arrived or rc is not None) and lr.run_dir.is_dir() \
                and (lr.run_dir / "run.json").exists() else None
            if arrived or rc is not None:
                self.post_message(self.Followed(lr.run_dir, arrived, row, rc, lr))

    def on_runs_screen_followed(self, message: Followed) -> None:
        for traj in message.arrived:
            self.live.append(arrival_line(traj))
        if message.row is not None:
            self._update_row(message.row)
            done = message.row.report.trajectories
            total = self.totals.get(message.run_dir)
            bar = self.query_one("#runs-progress", ProgressBar)
            if total:
                bar.update(total=total, progress=done)
            self.live[0] = Text(f"{message.run_dir.name}: {done}/{total or '?'} trajectories, "
                                f"{100 * message.row.report.overall.accuracy:.1f}% correct", style="bold")
        if message.returncode is not None and message.run_dir in self.ehr.active_runs:
            del self.ehr.active_runs[message.run_dir]
            self._finished(message.launched, message.returncode)
            self._refresh_task_marks()
        self._show_live()

    def _update_row(self, row: RunRow) -> None:
        table = self.query_one("#runs-table", VirtualTable)
        for i, r in enumerate(self.rows):
            if r.path == row.path:
                self.rows[i] = row
                break
        else:
            self.rows.insert(0, row)
        selected = self.current.path if self.current else row.path
        table.set_data(RUN_COLUMNS, [run_cells(r) for r in self.rows])
        table.move_to_data_index(next(i for i, r in enumerate(self.rows) if r.path == selected))
        self.show_run(self.current)

    def _finished(self, launched: LaunchedRun, rc: int) -> None:
        name = launched.spec.run_name
        if rc == 0:
            self.notify(f"run {name} finished", severity="information")
            self.live.append(Text(f"finished ({name})", style="bold green"))
        elif rc == 130 or rc < 0:
            self.notify(f"run {name} stopped: finished trajectories are kept; u resumes it", severity="warning")
            self.live.append(Text("stopped; u resumes it (finished trajectories are kept)", style="yellow"))
        elif rc == 1:
            self.notify(f"run {name} ended with endpoint errors: u retries them", severity="warning")
            self.live.append(Text("ended with endpoint errors", style="yellow"))
        else:
            why = launched.failure()
            self.notify(f"run {name} failed: {why}", severity="error", markup=False, timeout=12)
            self.live.append(Text(f"failed: {why}", style="bold red"))
            if not launched.run_dir.exists():  # refused before it made its folder: nothing to keep a log for
                launched.log_path.unlink(missing_ok=True)

    def _refresh_task_marks(self) -> None:
        from .tasks import TasksScreen

        for s in self.ehr.screens_of(TasksScreen):
            s.refresh_results()

    def _show_live(self) -> None:
        lines = self.live[:1] + self.live[1:][-LIVE_LINES:]
        self.query_one("#runs-live", Static).update(Text("\n").join(lines))

    def action_cancel_run(self) -> None:
        row = self.current
        active = self.ehr.active_runs
        target = active.get(row.path) if row is not None else None
        if target is None and len(active) == 1:
            target = next(iter(active.values()))
        if target is None:
            self.notify("no run launched from this app is running", severity="warning")
            return
        target.cancel()
        self.notify(f"stopping {target.spec.run_name}…")


def _current_tasks_file(screen: WorkbenchScreen) -> Path | None:
    """The tasks file the Tasks screen has open, else the newest one."""
    from .tasks import TasksScreen, default_tasks_file

    open_files = [s.path for s in screen.ehr.screens_of(TasksScreen) if s.path is not None]
    return open_files[0] if open_files else default_tasks_file()
