"""Fork and resume in the Debugger: edit one step (its SQL, Python or observation) and watch the agent
continue, beside the parent trajectory, first divergence highlighted. The work is agent/fork.py's, run
as `ehr-tui fork --events` in a child process (cancellable: it stores the fork only once finished);
its steps are read here line by line in a worker thread."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static, TextArea

from .. import paths
from ..agent.fork import call_text, first_divergence
from ..agent.tools import EXECUTE_PYTHON, EXECUTE_SQL
from ..agent.trajectory import Step, Trajectory, step_from_dict
from .base import Act, WorkbenchModal, bindings
from .footer import WorkbenchFooter

_LANGUAGE = {"sql": "sql", "python": "python", "observation": None}


class ForkEditScreen(WorkbenchModal):
    """Edit the call's SQL or code (or, with ctrl+o, its observation); dismissed with (kind, text) or None."""

    DEFAULT_CSS = """
    ForkEditScreen { align: center middle; }
    ForkEditScreen > Vertical { width: 110; max-width: 98%; height: 26; max-height: 96%; border: thick $primary;
                                background: $surface; }
    ForkEditScreen TextArea { height: 1fr; }
    ForkEditScreen #fork-edit-title { width: 1fr; }  /* wraps inside the dialog at 80 columns */
    """
    ACTIONS = (
        Act("ctrl+r", "fork", "Fork and continue", key_display="^r",
            cli="ehr-tui fork RUN TASK TRIAL --step N --sql SQL", priority=True),
        Act("ctrl+o", "toggle", "Code/observation", key_display="^o", priority=True),
        Act("escape", "cancel", "Cancel"),
    )
    BINDINGS = bindings(ACTIONS)

    def __init__(self, traj: Trajectory, step: int, call: int) -> None:
        super().__init__()
        self.traj, self.step, self.call = traj, step, call
        tc = traj.steps[step].tool_calls[call]
        self.code_kind = "sql" if tc.name == EXECUTE_SQL else "python" if tc.name == EXECUTE_PYTHON else None
        self.kind = self.code_kind or "observation"
        self.texts = {"observation": call_text(tc, "observation")}
        if self.code_kind:
            self.texts[self.code_kind] = call_text(tc, self.code_kind)

    def _title(self) -> Text:
        what = {"sql": "the SQL (re-run in the sandbox)", "python": "the Python (re-run in the sandbox)",
                "observation": "the observation (given to the model as it is)"}[self.kind]
        t = Text(f"Fork {self.traj.task_id} trial {self.traj.trial + 1} at step {self.step + 1}: edit {what}",
                 style="bold")
        t.append("\nctrl+r forks and lets the agent continue"
                 + (" · ctrl+o edits the " + ("observation" if self.kind != "observation" else self.code_kind)
                    + " instead" if self.code_kind else ""), style="dim")
        return t

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title(), id="fork-edit-title")
            yield TextArea(self.texts[self.kind], language=_LANGUAGE[self.kind], theme="monokai", id="fork-edit",
                           show_line_numbers=True, soft_wrap=True)
            yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_toggle(self) -> None:
        if not self.code_kind:
            self.notify("this call ran no SQL or Python: only its observation can be edited", severity="warning")
            return
        area = self.query_one(TextArea)
        self.texts[self.kind] = area.text
        self.kind = "observation" if self.kind != "observation" else self.code_kind
        area.language = _LANGUAGE[self.kind]
        area.load_text(self.texts[self.kind])
        self.query_one("#fork-edit-title", Label).update(self._title())

    def action_fork(self) -> None:
        self.dismiss((self.kind, self.query_one(TextArea).text))

    def action_cancel(self) -> None:
        self.dismiss(None)


def _step_text(step: Step, highlight: bool) -> Text:
    out = Text()
    out.append(f"Step {step.index + 1}", style="bold reverse yellow" if highlight else "bold")
    if highlight:
        out.append("  ◆ first divergence", style="bold yellow")
    out.append("\n")
    if (step.content or "").strip():
        out.append(step.content.strip()[:300] + "\n", style="italic")
    for c in step.tool_calls:
        out.append(f"{c.name} ", style="cyan")
        arg = call_text(c, "sql" if c.name == EXECUTE_SQL else "python") if c.name in (EXECUTE_SQL, EXECUTE_PYTHON) \
            else c.arguments
        out.append(arg.strip()[:400] + "\n")
        lines = c.observation.strip().splitlines()
        for line in lines[:5]:
            out.append(f"  {line[:120]}\n", style="dim" if c.ok else "red")
        if len(lines) > 5:
            out.append(f"  … {len(lines) - 5} more lines\n", style="dim")
    if step.error:
        out.append(step.error + "\n", style="red")
    return out


def render_steps(steps: list[Step], divergence: int | None) -> Text:
    out = Text()
    for s in steps:
        out.append_text(_step_text(s, s.index == divergence))
        out.append("\n")
    return out or Text("(no steps yet)", style="dim")


def verdict_text(t: Trajectory, label: str) -> Text:
    out = Text(f"{label}: ", style="bold")
    if t.correct:
        out.append("✓ correct", style="bold green")
    else:
        out.append(f"✗ {t.failure_mode or t.status}", style="bold red")
    answer = "—" if t.answer is None else t.answer if len(t.answer) <= 60 else t.answer[:59] + "…"
    out.append(f" · {t.status} · answer {answer}")
    return out


class ForkScreen(WorkbenchModal):
    """Parent and fork side by side. Given an edit it plans and runs the fork live; given a stored
    fork it shows the two. ``c`` cancels a running fork (nothing is stored), Esc closes."""

    DEFAULT_CSS = """
    ForkScreen { align: center middle; }
    ForkScreen > Vertical { width: 100%; height: 100%; background: $surface; }
    ForkScreen #fork-status { padding: 0 1; height: auto; }
    ForkScreen #fork-body { height: 1fr; }
    ForkScreen #fork-body > Vertical { width: 1fr; }
    ForkScreen VerticalScroll { height: 1fr; border: round $primary; }
    ForkScreen .fork-head { padding: 0 1; height: auto; }
    """
    ACTIONS = (
        Act("c", "cancel_fork", "Cancel fork"),
        Act("escape,q", "close", "Close", key_display="esc"),
    )
    BINDINGS = bindings(ACTIONS)

    def __init__(self, run_dir: Path, parent: Trajectory, *, step: int | None = None, call: int | None = None,
                 edit: tuple[str, str] | None = None, child: Trajectory | None = None,
                 allow_weak_python_sandbox: bool = False) -> None:
        super().__init__()
        self.run_dir, self.parent_traj, self.child = run_dir, parent, child
        self.step, self.call, self.edit = step, call, edit
        self.allow_weak = allow_weak_python_sandbox
        self.process: subprocess.Popen | None = None
        self.notes: list[str] = []
        self.live: list[Step] = []  # the fork's steps so far (while running)
        self.state = "stored" if child is not None else "planning"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(""), id="fork-status")
            with Horizontal(id="fork-body"):
                with Vertical():
                    yield Static(verdict_text(self.parent_traj, f"parent {self.parent_traj.id}"), classes="fork-head",
                                 id="fork-parent-head")
                    with VerticalScroll():
                        yield Static(Text(""), id="fork-parent")
                with Vertical():
                    yield Static(Text("fork", style="bold"), classes="fork-head", id="fork-child-head")
                    with VerticalScroll():
                        yield Static(Text(""), id="fork-child")
            yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self._refresh()
        if self.child is None and self.edit is not None:
            self._run()

    @property
    def child_steps(self) -> list[Step]:
        if self.child is not None:
            return self.child.steps
        return list(self.parent_traj.steps[:self.step or 0]) + self.live

    def _refresh(self) -> None:
        steps = self.child_steps
        div = first_divergence(self.parent_traj.steps, steps) if steps else None
        self.query_one("#fork-parent", Static).update(render_steps(self.parent_traj.steps, div))
        self.query_one("#fork-child", Static).update(render_steps(steps, div))
        head = self.query_one("#fork-child-head", Static)
        if self.child is not None:
            head.update(verdict_text(self.child, f"fork {self.child.fork.id}"))
        status = self.query_one("#fork-status", Static)
        if self.state == "stored":
            f = self.child.fork
            text = Text(f"fork of {f.parent} at step {f.step + 1}: {f.edit.kind} of {f.edit.tool} edited; "
                        f"stored in {self.run_dir.name}", style="bold")
            for n in f.notes:
                text.append(f"\n{n}", style="yellow")
            status.update(text)
        elif self.state == "running":
            text = Text(f"the agent is continuing from step {self.step + 1} … {len(self.live)} new step(s) "
                        "(c cancels)", style="bold yellow")
            for n in self.notes:
                text.append(f"\n{n}", style="yellow")
            status.update(text)
        elif self.state == "planning":
            status.update(Text("checking the run, the endpoint and the edit …", style="bold"))

    def arguments(self) -> list[str]:
        """`ehr-tui` arguments of this fork: the app runs it as `ehr-tui fork --events` in its own process
        (the app's DuckDB connection would block an in-process one), as it launches runs."""
        kind, text = self.edit
        p = self.parent_traj
        args = ["--home", str(paths.home()), "fork", str(self.run_dir), p.task_id, str(p.trial + 1),
                "--step", str(self.step + 1), f"--{kind}", text, "--events"]
        if self.call is not None:
            args += ["--call", str(self.call + 1)]
        if p.fork is not None:
            args += ["--fork", p.fork.id]
        if self.allow_weak:
            args.append("--allow-weak-python-sandbox")
        return args

    @work(thread=True, exclusive=True, group="fork-run", exit_on_error=False)
    def _run(self) -> None:
        with tempfile.TemporaryFile("w+", encoding="utf-8") as errors:  # a file: a full stderr pipe cannot block it
            proc = subprocess.Popen([sys.executable, "-m", "ehr_tui.cli", *self.arguments()], stdout=subprocess.PIPE,
                                    stderr=errors, stdin=subprocess.DEVNULL, text=True, encoding="utf-8")
            self.process = proc
            for line in proc.stdout:
                try:
                    event = json.loads(line)
                except json.JSONDecodeError:
                    continue
                self.app.call_from_thread(self._event, event)
            code = proc.wait()
            errors.seek(0)
            err = errors.read().strip()
        if self.is_attached:
            self.app.call_from_thread(self._exited, code, err)

    def _event(self, event: dict) -> None:
        if not self.is_attached:
            return  # closed meanwhile
        kind = event.get("event")
        if kind == "start":
            self.state = "running"
            self.notes = event.get("notes") or []
        elif kind == "step":
            self.live.append(step_from_dict(event["step"]))
        elif kind == "done":
            self.child, self.state = Trajectory.from_dict(event["trajectory"]), "stored"
            self.notify(f"fork {'correct' if self.child.correct else 'wrong'}: stored in {self.run_dir.name}")
        self._refresh()

    def _exited(self, code: int, err: str) -> None:
        if not self.is_attached or self.state == "stored":
            return
        if self.state == "cancelling":
            self.state = "cancelled"
            self.query_one("#fork-status", Static).update(Text("fork cancelled: nothing was stored",
                                                               style="bold yellow"))
            return
        lines = [ln for ln in err.splitlines() if ln.strip()]
        message = lines[-1] if lines else f"the fork process ended with exit status {code}"
        message = message.removeprefix("error: ")
        self._failed(message)

    def _failed(self, message: str) -> None:
        self.state = "failed"
        if "--allow-remote" in message:
            message += " (from a script: ehr-tui fork ... --allow-remote)"
        self.query_one("#fork-status", Static).update(Text(f"fork failed: {message}", style="bold red"))
        self.notify(message, severity="error", markup=False)

    def _stop(self) -> bool:
        if self.state in ("planning", "running") and self.process is not None and self.process.poll() is None:
            self.state = "cancelling"
            self.process.terminate()  # the fork is stored only once it has finished: nothing half-written
            return True
        return False

    def on_unmount(self) -> None:
        self._stop()  # the app is quitting: no fork process outlives it, half done

    def action_cancel_fork(self) -> None:
        if self._stop():
            self.query_one("#fork-status", Static).update(Text("cancelling …", style="bold yellow"))
        else:
            self.notify("no fork is running", severity="information")

    def action_close(self) -> None:
        if self._stop():
            self.notify("fork cancelled: nothing was stored", severity="warning")
        self.dismiss(self.child)
