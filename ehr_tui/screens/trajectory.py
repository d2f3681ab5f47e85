"""Trajectory debugger: one run's trajectories, step by step, re-executed live against DuckDB.

Left: the entries of one trajectory (the task, then each tool call) with a status
icon. Right: the entry in full (the model's message, its SQL or Python
highlighted, the observation as a table) and a live area for re-runs and edits.
Run folders are read with ``agent.trajectory.RunStore``; a failure label edited
here is saved by appending the relabelled trajectory to the run (the store's
rule: the last record of a (task, trial) wins).
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Label, OptionList, Static

from .. import paths
from ..agent.evaluate import refresh, verdict_of
from ..agent.failures import FAILURE_MODES
from ..agent.search import Hit, search
from ..agent.tools import EXECUTE_PYTHON, EXECUTE_SQL, SUBMIT_ANSWER
from ..agent.trajectory import RUN_FILE, TRAJECTORIES_FILE, RunSettings, RunStore, Trajectory, list_runs, resolve_run_dir, \
    trajectory_label
from ..agent.trajectory_export import render as render_trajectory
from ..errors import UserError
from ..fileio import atomic_write
from ..scoring import spec_of
from ..widgets.nav_bar import NavBar
from ..widgets.result_table import ResultTable
from ..widgets.sql_view import CodeView, display_sql
from ..widgets.step_list import Entry, StepList, entries_of, is_failing
from .base import Act, WorkbenchScreen, bindings
from .footer import WorkbenchFooter
from .picker import Choice, PickerScreen, run_search_picker
from .replay import Replay, call_argument, python_calls_until, recorded_rows, replay_python, replay_sql
from .run_watch import WATCH_EVERY_S
from .sql_modals import EditSqlScreen, SqlDiffScreen
from .tasks import format_answer

# A trajectories file written this recently may belong to a run still going in another process:
# appending a relabelled record then could interleave with the runner's own writes.
ACTIVE_WRITE_S = 30.0
HAND_LABEL = "labelled by hand in ehr-tui"


def _safe_name(text: str) -> str:
    """A trajectory id as a file name ("labs-1#0" -> "labs-1-trial1")."""
    task, _, trial = text.partition("#")
    name = f"{task}-trial{int(trial) + 1}" if trial.isdigit() else text
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


def run_choices() -> list[Choice]:
    return [Choice(f"{r.path.name}  ·  {r.settings.model}  ·  {r.trajectories} trajectories, {r.correct} correct",
                   str(r.path), r.settings.model) for r in list_runs()]


def trajectory_choice(t: Trajectory) -> Choice:
    mark = "✅" if t.correct else "❌"
    return Choice(f"{mark} {t.task_id}  trial {t.trial + 1}  {t.failure_mode or ''}  {t.task.question[:70]}",
                  f"{t.task_id}\t{t.trial}", f"{t.task.intent} {t.task.level}")


class TrajectoryScreen(WorkbenchScreen):
    MODE = "trajectory"
    ACTIONS = (
        Act("j", "step(1)", "Next step", key_display="j/↓"),
        Act("k", "step(-1)", "Prev step", key_display="k/↑"),
        Act("g,home", "jump(0)", "First", show=False),
        Act("G,end", "jump(-1)", "Last", show=False),
        Act("n,L", "trajectory(1)", "Next traj", key_display="n"),
        Act("p,H", "trajectory(-1)", "Prev traj", key_display="p", show=False),
        Act("t", "pick_trajectory", "Pick", cli="ehr-tui eval RUN --json"),
        Act("r", "rerun", "Re-run", cli="ehr-tui sql --db FILE 'SQL'"),
        Act("e", "edit", "Edit SQL"),
        Act("d", "diff", "Diff gold"),
        Act("F", "fork", "Fork", cli="ehr-tui fork RUN TASK TRIAL --step N --sql SQL"),
        Act("V", "forks", "Forks", show=False, cli="jq 'select(.fork)' RUN/trajectories.jsonl"),
        Act("f", "first_failure", "1st failure"),
        Act("x", "toggle_failures", "Failures only", show=False),
        Act("b", "label", "Label", cli="ehr-tui eval RUN"),
        Act("o", "open_run", "Open run", cli="ehr-tui eval RUN"),
        Act("R", "reload", "Reload", show=False),
        Act("slash", "search", "Search", key_display="/", cli="ehr-tui eval RUN --grep PATTERN"),
        Act("full_stop", "hit(1)", "Next hit", key_display=".", show=False),
        Act("comma", "hit(-1)", "Previous hit", key_display=",", show=False),
        Act("ctrl+e", "export", "Export", key_display="^e", cli="ehr-tui show RUN TASK TRIAL -o trajectory.html"),
    )
    BINDINGS = bindings(ACTIONS)

    class Loaded(Message):
        def __init__(self, run_dir: Path, settings: RunSettings, trajs: list[Trajectory],
                     warnings: list[str], select: tuple[str, int] | None, offset: int = 0) -> None:
            super().__init__()
            self.run_dir, self.settings, self.trajs = run_dir, settings, trajs
            self.warnings, self.select, self.offset = warnings, select, offset

    class Tailed(Message):
        """Trajectories another process appended to the open run since ``offset``."""

        def __init__(self, run_dir: Path, trajs: list[Trajectory], offset: int) -> None:
            super().__init__()
            self.run_dir, self.trajs, self.offset = run_dir, trajs, offset

    class Replayed(Message):
        def __init__(self, key: tuple[str, int, int], replay: Replay, label: str) -> None:
            super().__init__()
            self.key, self.replay, self.label = key, replay, label

    def __init__(self) -> None:
        super().__init__()
        self.run_dir: Path | None = None
        self.settings: RunSettings | None = None
        self.trajs: list[Trajectory] = []
        self.pos = 0
        self.only_failures = False
        self.edits: dict[tuple[str, int, int], str] = {}  # (task, trial, entry) -> last edited SQL
        self._offset = 0  # bytes of the open run's trajectories file read so far (the live tail goes on there)
        self._tailing = False
        self.pattern: str | None = None  # the last search (/) and its hits across the open run
        self.hits: list[Hit] = []
        self.hit_pos = -1
        self._hit_note = ""

    def compose(self) -> ComposeResult:
        yield NavBar(self.MODE)
        yield Static(Text("no run open: press o to open one"), id="traj-header")
        with Horizontal(id="traj-body"):
            yield StepList(id="traj-steps")
            with VerticalScroll(id="traj-detail"):
                yield Static(Text(""), id="step-title")
                yield Label("Model", classes="section", id="step-message-label")
                yield Static(Text(""), id="step-message")
                yield Label("Call", classes="section", id="step-code-label")
                yield CodeView("", "sql", id="step-code")
                yield Label("Observation", classes="section", id="step-obs-label")
                yield Static(Text(""), id="step-obs-text")
                yield ResultTable(show_timing=False, empty_text="", id="step-obs")
                yield Label("Live (r re-runs, e edits)", classes="section")
                yield Static(Text(""), id="step-live-text")
                yield ResultTable(show_timing=self.ehr.show_timings, empty_text="", id="step-live")
        yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self.set_interval(WATCH_EVERY_S, self._tail_tick)  # a run another process is writing grows here
        self.query_one(StepList).focus()
        self.query_one("#traj-detail").display = False  # until a trajectory is shown (show_entry)
        target = getattr(self.ehr, "run_path", None)
        if target is not None:
            self.open_run(Path(target), select=getattr(self.ehr, "run_select", None))
        else:
            self._open_newest()

    # --- loading ------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="traj-load", exit_on_error=False)
    def _open_newest(self) -> None:
        runs = list_runs()
        if runs:
            self._load(runs[0].path, None)
            return
        # list_runs skips folders it cannot read; open the newest anyway so the reason is shown
        folders = sorted((d for d in paths.runs_dir().iterdir() if (d / RUN_FILE).is_file()),
                         key=lambda d: d.stat().st_mtime, reverse=True)
        if folders:
            self._load(folders[0], None)

    def open_run(self, run_dir: Path, select: tuple[str, int] | None = None) -> None:
        self.query_one("#traj-header", Static).update(Text(f"loading {run_dir} …"))
        self._load_worker(run_dir, select)

    @work(thread=True, exclusive=True, group="traj-load", exit_on_error=False)
    def _load_worker(self, run_dir: Path, select: tuple[str, int] | None) -> None:
        self._load(run_dir, select)

    def _load(self, run_dir: Path, select: tuple[str, int] | None) -> None:
        store = RunStore.open(resolve_run_dir(run_dir))
        warnings: list[str] = []
        settings = store.settings()
        # the size first: what is appended while the file is read comes again from the tail (last one wins)
        offset = store.path.stat().st_size if store.path.exists() else 0
        trajs = sorted(store.latest(warn=warnings.append).values(), key=lambda t: (t.task_id, t.trial))
        changed = sum(refresh(t) for t in trajs)  # the verdicts of the current rules, as `ehr-tui eval` gives them
        if changed:
            warnings.append(f"{changed} trajectories were recorded under older scoring rules; shown as scored now")
        self.post_message(self.Loaded(store.dir, settings, trajs, warnings, select, offset))

    def on_trajectory_screen_loaded(self, message: Loaded) -> None:
        keep = self.current.key if self.current is not None and message.run_dir == self.run_dir else None
        self.run_dir, self.settings, self.trajs = message.run_dir, message.settings, message.trajs
        self._offset = message.offset
        for w in message.warnings[:3]:
            self.notify(w, severity="warning", markup=False)
        wanted = message.select or keep
        self.pos = next((i for i, t in enumerate(self.trajs) if t.key == wanted), 0)
        if message.select and self.trajs and self.trajs[self.pos].key != message.select:
            self.notify(f"{message.select[0]} has no trajectory in {message.run_dir.name}", severity="warning")
        entry = self.query_one(StepList).highlighted if keep else 0
        self.show_trajectory(entry or 0)
        pending = getattr(self.ehr, "run_search", None)
        if pending:  # a search started on the Runs screen continues here
            self.ehr.run_search = None
            self._search(pending, from_current=True)
        elif self.pattern and message.run_dir == getattr(self, "_searched_dir", None):
            self._search(self.pattern, quiet=True)  # a reload keeps the search, with the new hits
        else:
            self.pattern, self.hits, self.hit_pos, self._hit_note = None, [], -1, ""  # another run: a new search

    # --- live tail ----------------------------------------------------------------------------

    def _tail_tick(self) -> None:
        if self.run_dir is None or self._tailing:
            return
        try:
            size = (self.run_dir / TRAJECTORIES_FILE).stat().st_size
        except OSError:
            return
        if size > self._offset:
            self._tailing = True
            self._tail(self.run_dir, self._offset)

    @work(thread=True, exclusive=True, group="traj-tail", exit_on_error=False)
    def _tail(self, run_dir: Path, offset: int) -> None:
        try:
            trajs, new_offset = RunStore(run_dir).tail(offset)
            for t in trajs:
                refresh(t)
        finally:
            self._tailing = False
        self.post_message(self.Tailed(run_dir, trajs, new_offset))

    def on_trajectory_screen_tailed(self, message: Tailed) -> None:
        if message.run_dir != self.run_dir:
            return  # another run was opened meanwhile
        self._offset = message.offset
        if not message.trajs:
            return
        current = self.current.key if self.current is not None else None
        entry = self.query_one(StepList).highlighted or 0
        by_key = {t.key: t for t in self.trajs}
        replaced = False
        for t in message.trajs:  # the last record of a (task, trial) wins, as in RunStore.latest
            replaced |= t.key == current
            by_key[t.key] = t
        self.trajs = sorted(by_key.values(), key=lambda t: (t.task_id, t.trial))
        self.pos = next((i for i, t in enumerate(self.trajs) if t.key == current), 0)
        if current is None or replaced:
            self.show_trajectory(entry if replaced else 0)
        else:  # the trajectory shown stays as it is; the header counts the new ones
            self.query_one("#traj-header", Static).update(self._header(self.current))
        if self.pattern:
            self._search(self.pattern, quiet=True)

    def select_task(self, task_id: str) -> bool:
        """Show the first trial of a task in the open run; False if the run has none."""
        for i, t in enumerate(self.trajs):
            if t.task_id == task_id:
                self.pos = i
                self.show_trajectory()
                return True
        return False

    # --- showing ------------------------------------------------------------------------------

    @property
    def current(self) -> Trajectory | None:
        return self.trajs[self.pos] if self.trajs and 0 <= self.pos < len(self.trajs) else None

    def show_trajectory(self, entry: int = 0) -> None:
        traj = self.current
        self.query_one("#traj-header", Static).update(self._header(traj))
        self.query_one(StepList).set_trajectory(traj, keep=entry)
        self._clear_live()
        self.show_entry(self.query_one(StepList).current)

    def _header(self, traj: Trajectory | None) -> Text:
        if traj is None:
            if self.run_dir is None:
                return Text("no run open: press o to open one, or launch one on the Runs screen (3)")
            return Text(f"{self.run_dir.name}: no trajectories yet")
        s = self.settings
        out = Text()
        out.append(f"{self.run_dir.name}", style="bold")
        out.append(f" · {s.model if s else traj.model} · ")
        out.append(f"{traj.task_id}", style="bold")
        out.append(f" ({self.pos + 1}/{len(self.trajs)}) trial {traj.trial + 1}")
        if s:
            out.append(f"/{s.trials}")
        out.append("   ")
        if traj.correct:
            out.append("✓ correct", style="bold green")
        elif traj.failure_mode == "abstained":
            out.append("– abstained", style="bold yellow")
        else:
            out.append("✗ " + (traj.failure_mode or traj.status), style="bold red")
            mode_name = FAILURE_MODES.get(traj.failure_mode or "", "")
            if mode_name and traj.failure_mode != "abstained":
                out.append(f" ({mode_name})", style="red")
        u = traj.usage
        out.append(f"\n{len(traj.steps)} steps · {u.get('total_tokens', 0):,} tokens "
                   f"({u.get('prompt_tokens', 0):,} prompt + {u.get('completion_tokens', 0):,} completion)")
        if self.ehr.show_timings:
            model_s = sum(st.latency_s for st in traj.steps)
            tool_s = sum(c.latency_s for st in traj.steps for c in st.tool_calls)
            out.append(f" · {traj.duration_s:.1f} s total, model {model_s:.1f} s, tools {tool_s:.1f} s")
        out.append(f" · answer: {traj.answer if traj.answer is not None else '—'}")
        if traj.failure_detail:
            out.append(f"\n{traj.failure_detail}", style="dim")
        if self.only_failures and not traj.correct:
            out.append("   [failures only]", style="yellow")
        if self._hit_note and self.hits and traj.key == self.hits[self.hit_pos].traj.key:
            out.append(f"\n/{self.pattern}/ {self._hit_note}", style="bold cyan")
        return out

    @on(OptionList.OptionHighlighted, "#traj-steps")
    def _entry_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._clear_live()
        self.show_entry(self.query_one(StepList).current)

    def _set_section(self, label_id: str, widget_id: str, visible: bool) -> None:
        self.query_one(label_id).display = visible
        self.query_one(widget_id).display = visible

    def show_entry(self, entry: Entry | None) -> None:
        traj = self.current
        title = self.query_one("#step-title", Static)
        message = self.query_one("#step-message", Static)
        code = self.query_one("#step-code", CodeView)
        obs_text = self.query_one("#step-obs-text", Static)
        obs_table = self.query_one("#step-obs", ResultTable)
        obs_table.display = False
        obs_text.display = True
        self.query_one("#traj-detail").display = traj is not None  # no run: the header says what to do
        if traj is None or entry is None:
            title.update(Text(""))
            for label, widget in (("#step-message-label", "#step-message"), ("#step-code-label", "#step-code"),
                                  ("#step-obs-label", "#step-obs-text")):
                self._set_section(label, widget, False)
            return
        for label, widget in (("#step-message-label", "#step-message"), ("#step-code-label", "#step-code"),
                              ("#step-obs-label", "#step-obs-text")):
            self._set_section(label, widget, True)
        if entry.step is None:  # the task itself
            title.update(Text(f"Task {traj.task_id}: {traj.task.intent} · {traj.task.level} · "
                              f"complexity {traj.task.complexity}", style="bold"))
            self.query_one("#step-message-label", Label).update("Question")
            message.update(Text(traj.task.question))
            self.query_one("#step-code-label", Label).update("Gold SQL")
            code.set_code(display_sql(traj.task.gold_sql), "sql")
            self.query_one("#step-obs-label", Label).update(f"Gold answer ({traj.task.answer_type})")
            obs_text.update(Text(format_answer(traj.task.gold_answer)))
            return
        step, call = entry.step, entry.call
        head = Text(f"Step {step.index + 1} of {len(traj.steps)}", style="bold")
        if call is not None:
            head.append(f" · {call.name}")
            head.append(" ✓" if call.ok else f" ✗ {call.error or 'failed'}", style="green" if call.ok else "red")
        tokens = (step.prompt_tokens or 0) + (step.completion_tokens or 0)
        head.append(f" · {tokens:,} tokens")
        if self.ehr.show_timings:
            head.append(f" · model {step.latency_s:.2f} s")
            if call is not None:
                head.append(f" · tool {call.latency_s:.2f} s")
        if step.retries:
            head.append(f" · {step.retries} retries", style="yellow")
        title.update(head)
        self.query_one("#step-message-label", Label).update("Model")
        msg = Text()
        if step.reasoning:
            msg.append(step.reasoning.strip() + "\n", style="dim italic")
        msg.append((step.content or "").strip() or "(no text)")
        if step.error:
            msg.append(f"\n{step.error}", style="bold red")
        if step.notice:
            msg.append(f"\nharness: {step.notice}", style="yellow")
        message.update(msg)
        if call is None:
            self._set_section("#step-code-label", "#step-code", False)
            self._set_section("#step-obs-label", "#step-obs-text", False)
            return
        self.query_one("#step-code-label", Label).update(call.name)
        arg = call_argument(call)
        if call.name == EXECUTE_SQL and arg is not None:
            code.set_code(display_sql(arg), "sql")
        elif call.name == EXECUTE_PYTHON and arg is not None:
            code.set_code(arg, "python")
        else:
            code.set_code(call.arguments, "json")
        self.query_one("#step-obs-label", Label).update("Observation")
        if call.name == SUBMIT_ANSWER and call.ok:
            v = verdict_of(traj)
            kinds = ", ".join(map(str, spec_of(traj.task).kinds))
            verdict = Text()
            verdict.append(f"submitted: {traj.answer}\nread as: "
                           f"{format_answer(v.parsed) if v and v.parsed is not None else '—'}\n"
                           f"gold ({traj.task.answer_type}; {kinds}): {format_answer(traj.task.gold_answer)}\n")
            if v is None or not v.correct:
                style, word = ("bold yellow", "– abstained") if v and v.abstained else ("bold red", "✗ wrong")
            else:
                style, word = "bold green", "✓ correct"
            verdict.append(word, style=style)
            if v is not None and v.detail:
                verdict.append(f"  {v.detail}", style="dim")
            obs_text.update(verdict)
            return
        recorded = recorded_rows(call)
        if recorded is not None:
            columns, rows = recorded
            res = call.result or {}
            total = res.get("row_count")
            kept = f"{len(rows):,} row{'s' if len(rows) != 1 else ''} recorded"
            if res.get("truncated") and total is not None:
                kept = f"first {len(rows):,} of {total:,} rows recorded"
            obs_text.display = False
            obs_table.display = True
            obs_table.show_rows(columns, [tuple(r) for r in rows], kept)
        else:
            obs_text.update(Text(call.observation))

    def _clear_live(self) -> None:
        self.query_one("#step-live-text", Static).update(Text(""))
        live = self.query_one("#step-live", ResultTable)
        if live.result is not None or live.table.row_count:
            live.show_message("")

    # --- navigation ---------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.query_one(StepList).move(delta)

    def action_jump(self, where: int) -> None:
        self.query_one(StepList).jump(where)

    def _nav(self) -> list[int]:
        return [i for i, t in enumerate(self.trajs) if not (self.only_failures and t.correct)]

    def action_trajectory(self, delta: int) -> None:
        nav = self._nav()
        if not nav:
            self.notify("no trajectories" + (" that failed" if self.only_failures else ""), severity="warning")
            return
        later = [i for i in nav if (i - self.pos) * delta > 0]
        if not later:
            self.app.bell()
            return
        self.pos = later[0] if delta > 0 else later[-1]
        self.show_trajectory()

    def action_toggle_failures(self) -> None:
        if not self.only_failures and self.trajs and all(t.correct for t in self.trajs):
            self.notify("every trajectory of this run is correct: no failures to show", severity="information")
            return
        self.only_failures = not self.only_failures
        current = self.current
        if self.only_failures and current is not None and current.correct:
            nav = self._nav()
            if nav:
                self.pos = nav[0]
        self.show_trajectory()

    def action_first_failure(self) -> None:
        steps = self.query_one(StepList)
        for i, e in enumerate(steps.entries):
            if is_failing(e):
                steps.highlighted = i
                return
        self.notify("no failing step in this trajectory", severity="information")

    def action_pick_trajectory(self) -> None:
        if not self.trajs:
            self.notify("no trajectories to pick from: open a run with o", severity="warning")
            return
        self.app.push_screen(PickerScreen(f"Trajectories of {self.run_dir.name}",
                                          [trajectory_choice(t) for t in self.trajs]), self._picked)

    def _picked(self, value: str | None) -> None:
        if value is None:
            return
        task_id, trial = value.split("\t")
        key = (task_id, int(trial))
        self.pos = next(i for i, t in enumerate(self.trajs) if t.key == key)
        self.show_trajectory()

    def action_open_run(self) -> None:
        choices = run_choices()
        self.app.push_screen(PickerScreen("Open a run", choices, allow_free_text=True,
                                          placeholder="type to filter, or a run folder path",
                                          hint=f"runs in {paths.runs_dir()}"), self._run_picked)

    def _run_picked(self, value: str | None) -> None:
        if value:
            self.open_run(Path(value).expanduser())

    def action_reload(self) -> None:
        if self.run_dir is not None:
            self.open_run(self.run_dir)

    # --- live re-runs ---------------------------------------------------------------------------

    def _live_key(self) -> tuple[str, int, int] | None:
        traj, steps = self.current, self.query_one(StepList)
        if traj is None or steps.highlighted is None:
            return None
        return (traj.task_id, traj.trial, steps.highlighted)

    def action_rerun(self) -> None:
        traj, entry, key = self.current, self.query_one(StepList).current, self._live_key()
        if traj is None:
            return self._say_no_run()
        if traj is None or entry is None or key is None:
            return
        if entry.step is None:
            self._start_replay(key, "sql", traj.task.gold_sql, None, "gold SQL, live")
            return
        call = entry.call
        if call is None or call.name not in (EXECUTE_SQL, EXECUTE_PYTHON):
            self.notify("this step ran no SQL or Python; pick an execute_sql or execute_python step",
                        severity="warning")
            return
        arg = call_argument(call)
        if arg is None:
            self.notify("the model's arguments for this call are not valid JSON: nothing to re-run "
                        "(e edits it into a query you can run)", severity="warning")
            return
        if call.name == EXECUTE_SQL:
            rec = recorded_rows(call)
            self._start_replay(key, "sql", arg, rec[1] if rec else None, "re-run live")
        else:
            self._start_replay(key, "python", python_calls_until(traj, call), None, "re-run live")

    def action_edit(self) -> None:
        traj, entry, key = self.current, self.query_one(StepList).current, self._live_key()
        if traj is None:
            return self._say_no_run()
        if traj is None or entry is None or key is None:
            return
        if entry.step is None:
            sql = traj.task.gold_sql
        elif entry.call is not None and entry.call.name == EXECUTE_SQL:
            sql = call_argument(entry.call) or ""
        else:
            self.notify("only SQL steps (and the task's gold SQL) can be edited here", severity="warning")
            return
        self.app.push_screen(EditSqlScreen(self.edits.get(key, sql)), lambda s: self._edited(key, s))

    def _edited(self, key: tuple[str, int, int], sql: str | None) -> None:
        if sql is None:
            return
        self.edits[key] = sql
        self._start_replay(key, "sql", sql, None, "your edit, live")

    def _start_replay(self, key, kind: str, what: Any, recorded, label: str) -> None:
        self.query_one("#step-live-text", Static).update(Text("running…"))
        self._replay(key, kind, what, recorded, label)

    @work(thread=True, exclusive=True, group="traj-replay", exit_on_error=False)
    def _replay(self, key, kind: str, what: Any, recorded, label: str) -> None:
        if kind == "sql":
            replay = replay_sql(self.ehr.require_agent_sql(), what, recorded)
        else:
            replay = replay_python(self.ehr.db_path, what, getattr(self.ehr, "allow_weak_python_sandbox", False))
        self.post_message(self.Replayed(key, replay, label))

    def on_trajectory_screen_replayed(self, message: Replayed) -> None:
        if message.key != self._live_key():
            return  # the user moved on
        r = message.replay
        note = self.query_one("#step-live-text", Static)
        live = self.query_one("#step-live", ResultTable)
        if r.kind == "sql":
            verdict = f"{message.label}" + (f": {r.verdict}" if r.verdict else "")
            note.update(Text(verdict, style="bold" if r.ok else "bold red"))
            live.show(r.sql)
        else:
            note.update(Text(f"{message.label}\n{r.text}", style="" if r.ok else "red"))
            live.show_message("")

    def worker_failed(self, worker) -> None:
        if worker.group == "traj-replay":
            self.query_one("#step-live-text", Static).update(Text("re-run failed", style="bold red"))

    # --- fork and resume (screens/fork.py) -----------------------------------------------------

    def action_fork(self) -> None:
        from .fork import ForkEditScreen, ForkScreen

        traj, entry = self.current, self.query_one(StepList).current
        if traj is None or self.run_dir is None:
            self.notify("no trajectory to fork: open a run with o", severity="warning")
            return
        if entry is None or entry.step is None or entry.call is None:
            self.notify("pick a step that called a tool (j/k), then F forks the trajectory there",
                        severity="warning")
            return
        if entry.call.name == SUBMIT_ANSWER or entry.call.error == "skipped":
            self.notify("this call submitted the answer (or was skipped): fork at a SQL or Python step",
                        severity="warning")
            return
        step, call = entry.step.index, entry.step.tool_calls.index(entry.call)
        run_dir, weak = self.run_dir, getattr(self.ehr, "allow_weak_python_sandbox", False)

        def edited(result: tuple[str, str] | None) -> None:
            if result is not None:
                self.app.push_screen(ForkScreen(run_dir, traj, step=step, call=call, edit=result,
                                                allow_weak_python_sandbox=weak))

        self.app.push_screen(ForkEditScreen(traj, step, call), edited)

    def action_forks(self) -> None:
        traj = self.current
        if traj is None or self.run_dir is None:
            self.notify("no trajectory open: open a run with o", severity="warning")
            return
        self._load_forks(self.run_dir, traj)

    @work(thread=True, exclusive=True, group="traj-forks", exit_on_error=False)
    def _load_forks(self, run_dir: Path, traj: Trajectory) -> None:
        forks = [f for f in RunStore.open(run_dir).forks(warn=lambda m: None) if f.key == traj.key]
        self.app.call_from_thread(self._show_forks, run_dir, traj, forks)

    def _show_forks(self, run_dir: Path, traj: Trajectory, forks: list[Trajectory]) -> None:
        from .fork import ForkScreen

        if not forks:
            self.notify(f"{traj.task_id} trial {traj.trial + 1} has no forks yet: F forks it at a step")
            return
        by_id = {f.fork.id: f for f in forks}
        choices = [Choice(f"{'✅' if f.correct else '❌'} step {f.fork.step + 1} · {f.fork.edit.kind} edited · "
                          f"{f.fork.id}", f.fork.id, f.fork.created) for f in reversed(forks)]

        def picked(fork_id: str | None) -> None:
            if fork_id:
                child = by_id[fork_id]
                parent = by_id.get(child.fork.parent, traj)
                self.app.push_screen(ForkScreen(run_dir, parent, child=child))

        self.app.push_screen(PickerScreen(f"Forks of {traj.task_id} trial {traj.trial + 1}", choices), picked)

    # --- diff and labels ------------------------------------------------------------------------

    # --- search and export -----------------------------------------------------------------

    def action_search(self) -> None:
        if not self.trajs:
            self._say_no_run()
            return
        self.app.push_screen(run_search_picker(self.run_dir.name, self.ehr.searches,
                                               hint=". and , jump to the next and previous hit"),
                             lambda p: p and self._search(p, from_current=True))

    def _search(self, pattern: str, *, from_current: bool = False, quiet: bool = False) -> None:
        try:
            found = search(self.trajs, pattern)
        except UserError as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.ehr.searches.append(pattern)
        self.pattern = pattern
        self._searched_dir = self.run_dir
        # one stop per line of the step list: two hits in one call (its SQL and its error) are one place
        seen: set = set()
        self.hits = []
        self._matches = sum(len(hs) for _, hs in found)  # as `eval --grep` and the Runs search count them
        for _, hs in found:
            for h in hs:
                place = (h.traj.key, self._entry_of(h))
                if place not in seen:
                    seen.add(place)
                    self.hits.append(h)
        self.hit_pos = -1
        if not self.hits:
            self.notify(f"no match for {pattern!r} in {len(self.trajs):,} trajectories", severity="warning",
                        markup=False)
            return
        if quiet:
            return
        here = self.current
        if from_current and here is not None:
            # the first hit in the trajectory shown (or after it), so a search starts where the user is
            order = {t.key: i for i, t in enumerate(self.trajs)}
            after = [i for i, h in enumerate(self.hits) if order[h.traj.key] >= self.pos]
            self.hit_pos = (after[0] if after else 0) - 1
        self.action_hit(1)

    def action_hit(self, delta: int) -> None:
        if not self.hits:
            self.notify("no search yet: / searches this run" if self.pattern is None else
                        f"no match for {self.pattern!r}", severity="information", markup=False)
            return
        self.hit_pos = (self.hit_pos + delta) % len(self.hits)
        hit = self.hits[self.hit_pos]
        pos = next((i for i, t in enumerate(self.trajs) if t.key == hit.traj.key), None)
        if pos is None:
            return
        if self.only_failures and hit.traj.correct:
            self.only_failures = False  # a hit in a correct trajectory must show
        self.pos = pos
        self.show_trajectory(self._entry_of(hit))
        # in the header, not a notification: jumping from hit to hit would pile notices over the step shown
        self._hit_note = (f"hit {self.hit_pos + 1} of {len(self.hits)} places ({self._matches:,} matches) · "
                          f"{hit.where}: {hit.snippet(50)}")
        self.query_one("#traj-header", Static).update(self._header(self.current))

    def _entry_of(self, hit: Hit) -> int:
        """The StepList line that shows the hit: the task line for the question, the submit call for the
        answer, else the hit's step (and call)."""
        entries = entries_of(hit.traj)
        if hit.step is None:
            if hit.field == "answer":
                return next((i for i, e in reversed(list(enumerate(entries)))
                             if e.call is not None and e.call.name == SUBMIT_ANSWER), 0)
            return 0
        for i, e in enumerate(entries):
            if e.step is not None and e.step.index == hit.step and (
                    hit.call is None or (e.call is not None and e.step.tool_calls.index(e.call) == hit.call)):
                return i
        return 0

    def action_export(self, typed: str = "") -> None:
        traj = self.current
        if traj is None:
            self._say_no_run()
            return
        base = paths.exports_dir() / f"{_safe_name(traj.id)}"
        choices = [Choice(str(base) + s, str(base) + s) for s in (".md", ".html")]
        if typed:  # a path typed before that needs another suffix: offered again to edit
            choices.insert(0, Choice(typed, typed))
        self.app.push_screen(PickerScreen(f"Export {traj.task_id} trial {traj.trial + 1} to", choices,
                                          placeholder="or type a path ending in .md or .html", allow_free_text=True,
                                          hint="Markdown, or a self-contained HTML page: task, verdict, every step"),
                             lambda path: path and self._export(traj, path))

    def _export(self, traj: Trajectory, path: str) -> None:
        target = Path(path).expanduser()
        fmt = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html"}.get(target.suffix.lower())
        if fmt is None:
            self.notify(f"{target.name}: name the file .md or .html", severity="error", markup=False)
            self.action_export(typed=path)
            return
        try:
            atomic_write(target, render_trajectory(traj, fmt))
        except OSError as e:
            self.notify(f"cannot write {target}: {e.strerror or e}", severity="error", markup=False)
            return
        self.notify(f"{trajectory_label(traj.id)} written to {target}", title="exported", timeout=8, markup=False)

    def _say_no_run(self) -> None:
        """A key that needs a trajectory, pressed with none open: say why nothing happens."""
        self.notify("no trajectory open: press o to open a run (runs are made in the Runs screen, 3)",
                    severity="warning")

    def action_diff(self) -> None:
        if self.current is None:
            self._say_no_run()
            return
        self.app.push_screen(SqlDiffScreen(self.current))

    def action_label(self) -> None:
        traj = self.current
        if traj is None:
            return self._say_no_run()
        if traj.correct:
            self.notify("this trajectory is correct: only failed trajectories carry a failure mode",
                        severity="warning")
            return
        choices = [Choice(f"{mode}  —  {name}", mode, name) for mode, name in FAILURE_MODES.items()]
        self.app.push_screen(PickerScreen(f"Failure mode of {traj.task_id} trial {traj.trial + 1} "
                                          f"(now: {traj.failure_mode})", choices), self._labelled)

    def _labelled(self, mode: str | None) -> None:
        traj = self.current
        if mode is None or traj is None or self.run_dir is None:
            return
        try:
            self._check_writable(self.run_dir)
        except UserError as e:
            self.notify(str(e), severity="error", markup=False)
            return
        was = traj.failure_mode
        detail = f"{HAND_LABEL} (automatic: {was}; {traj.failure_detail})" if not traj.failure_detail.startswith(
            HAND_LABEL) else traj.failure_detail
        relabelled = dataclasses.replace(traj, failure_mode=mode, failure_detail=detail)
        self._save_label(self.run_dir, relabelled)

    def _check_writable(self, run_dir: Path) -> None:
        active = getattr(self.ehr, "active_runs", {})
        if any(Path(d) == run_dir for d in active):
            raise UserError(f"a run is still writing to {run_dir.name}: label it when the run has finished")
        traj_file = run_dir / TRAJECTORIES_FILE
        if traj_file.exists() and time.time() - traj_file.stat().st_mtime < ACTIVE_WRITE_S:
            raise UserError(f"{run_dir.name} was written less than {ACTIVE_WRITE_S:.0f} s ago and may still be "
                            "running: label it when the run has finished")

    @work(thread=True, exclusive=False, group="traj-label", exit_on_error=False)
    def _save_label(self, run_dir: Path, traj: Trajectory) -> None:
        RunStore.open(run_dir).append(traj)
        self.app.call_from_thread(self._label_saved, traj)

    def _label_saved(self, traj: Trajectory) -> None:
        for i, t in enumerate(self.trajs):
            if t.key == traj.key:
                self.trajs[i] = traj
        entry = self.query_one(StepList).highlighted or 0
        self.show_trajectory(entry)
        self.notify(f"{traj.task_id} trial {traj.trial + 1} labelled {traj.failure_mode}; saved to the run")
