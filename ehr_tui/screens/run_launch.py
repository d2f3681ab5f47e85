"""Launching `ehr-tui run` from the app as a child process, and following it (no Textual import).

A run started from the app is the very command the form shows, run without a
shell, its output going to a log file beside the run folder. Running it as its
own process keeps the agent's work off the UI thread, lets the run outlive the
app (it resumes like any interrupted `ehr-tui run`), and keeps its DuckDB
connections out of the app process, whose shared read-only sandbox would
otherwise clash with the runner's differently configured ones.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .. import paths
from ..agent.runner import default_run_name
from ..agent.trajectory import RunStore, Trajectory
from ..errors import UserError
from ..tasks.sampling import parse_strata


@dataclass
class LaunchSpec:
    tasks: Path
    db: Path
    model: str
    base_url: str
    trials: int = 1
    concurrency: int = 4
    max_steps: int = 12
    name: str = ""
    api_key_env: str = "OPENAI_API_KEY"
    sample: int | None = None  # a seeded sample of N tasks (ehr-tui run --sample)
    stratify: str = ""         # its strata, e.g. "intent,level"
    split: str = ""            # "", "train" or "test"
    seed: int = 0
    limit: int | None = None   # the first N tasks in file order (ehr-tui run --limit)
    task_ids: tuple[str, ...] = ()
    # the rest of a run's identity, so a resumed run (from_settings) is the same run
    temperature: float | None = None  # None: the runner's default
    max_tokens: int | None = None
    no_python: bool = False
    checkpoint: str = ""

    @classmethod
    def from_settings(cls, settings, run_dir: Path) -> "LaunchSpec":
        """The launch that resumes a stored run as it was launched (its run.json: model, endpoint, tasks,
        trials, steps, sampling...). A run without a recorded selection resumes over the whole file."""
        sel = settings.selection or {}
        no_python = "execute_python" not in settings.tools and \
            str(settings.sandbox.get("python_tool", "")).startswith("not requested")
        return cls(tasks=Path(settings.tasks_file), db=Path(settings.db), model=settings.model,
                   base_url=settings.base_url, trials=settings.trials, max_steps=settings.max_steps,
                   name=run_dir.name, sample=sel.get("sample"), stratify=",".join(sel.get("stratify", [])),
                   split=sel.get("split", ""), seed=int(sel.get("seed", 0)), limit=sel.get("limit"),
                   task_ids=tuple(sel.get("task_ids", [])), temperature=settings.temperature,
                   max_tokens=settings.max_tokens, no_python=no_python,
                   checkpoint=str((settings.checkpoint or {}).get("path", "")))

    def validate(self) -> None:
        """The mistakes the form can catch before starting anything; the runner checks the rest."""
        if not self.tasks.is_file():
            raise UserError(f"tasks file {self.tasks} does not exist: make one with `ehr-tui tasks generate`")
        if not self.model.strip():
            raise UserError("the model is empty: give the model name the endpoint serves")
        if not self.base_url.strip().startswith(("http://", "https://")):
            raise UserError(f"base URL {self.base_url!r} is not an http(s) URL (e.g. http://127.0.0.1:8000/v1)")
        for label, value in (("trials", self.trials), ("concurrency", self.concurrency),
                             ("max steps", self.max_steps)):
            if value < 1:
                raise UserError(f"{label} must be at least 1 (got {value})")
        if self.sample is not None and self.sample < 1:
            raise UserError(f"sample must be at least 1 (got {self.sample})")
        if self.limit is not None and self.limit < 1:
            raise UserError(f"limit must be at least 1 (got {self.limit})")
        if self.limit is not None and self.sample is not None:
            raise UserError("sample and limit both choose the tasks: give one of them")
        if self.split not in ("", "train", "test"):
            raise UserError(f"split must be train, test or empty for both (got {self.split!r})")
        if self.stratify:
            if self.sample is None:
                raise UserError("stratify needs a sample size (how many tasks to draw)")
            parse_strata(self.stratify)

    @property
    def run_name(self) -> str:
        return self.name.strip() or default_run_name(self.tasks, self.model)

    @property
    def run_dir(self) -> Path:
        return paths.runs_dir() / self.run_name

    def arguments(self) -> list[str]:
        """`ehr-tui` arguments: the same run from a shell."""
        return ["--home", str(paths.home()), "run", "--tasks", str(self.tasks), "--db", str(self.db),
                "--model", self.model, "--base-url", self.base_url, "--trials", str(self.trials),
                "--concurrency", str(self.concurrency), "--max-steps", str(self.max_steps),
                "--name", self.run_name, "--api-key-env", self.api_key_env,
                *(["--split", self.split] if self.split else []),
                *(["--sample", str(self.sample), "--seed", str(self.seed)] if self.sample is not None else []),
                *(["--stratify", self.stratify] if self.stratify else []),
                *(["--limit", str(self.limit)] if self.limit is not None else []),
                *[a for t in self.task_ids for a in ("--task", t)],
                *(["--temperature", repr(self.temperature)] if self.temperature is not None else []),
                *(["--max-tokens", str(self.max_tokens)] if self.max_tokens is not None else []),
                *(["--no-python"] if self.no_python else []),
                *(["--checkpoint", self.checkpoint] if self.checkpoint else [])]

    def command_line(self) -> str:
        return "ehr-tui " + " ".join(shlex.quote(a) for a in self.arguments())


@dataclass
class LaunchedRun:
    spec: LaunchSpec
    process: subprocess.Popen
    log_path: Path
    offset: int = 0  # bytes of trajectories.jsonl already read
    arrived: list[Trajectory] = field(default_factory=list)

    @property
    def run_dir(self) -> Path:
        return self.spec.run_dir

    def poll(self) -> int | None:
        return self.process.poll()

    def new_trajectories(self) -> list[Trajectory]:
        """Trajectories finished since the last call (whole lines only; a line being written waits)."""
        store = RunStore(self.run_dir)
        found, self.offset = store.tail(self.offset)
        self.arrived.extend(found)
        return found

    def cancel(self) -> None:
        """Stop like Ctrl+C in a terminal: finished trajectories stay, the rest run again on resume."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)

    def failure(self) -> str:
        """Why the process stopped, from its log: its error line, or the last lines."""
        try:
            lines = [ln.strip() for ln in self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
                     if ln.strip()]
        except OSError:
            lines = []
        starts = [i for i, ln in enumerate(lines) if ln.lower().startswith("error:")]
        if starts:  # the CLI prints one error, last; rich may have wrapped it over several lines
            return " ".join(lines[starts[-1]:])[len("error:"):].strip()
        tail = " / ".join(lines[-3:])
        return tail or f"exit status {self.process.returncode} (log {self.log_path})"


# Cancel sends SIGINT; a TUI started with SIGINT ignored (`nohup ehr-tui &`, a script's background job) would
# pass that on to the child, and Cancel would do nothing. The child restores the handler when this is set.
CANCEL_BY_SIGINT = "EHR_TUI_CANCEL_BY_SIGINT"


def launch(spec: LaunchSpec) -> LaunchedRun:
    """Start the run process; its output goes to RUNS/NAME.log."""
    spec.validate()
    log_path = paths.runs_dir() / f"{spec.run_name}.log"
    offset = RunStore(spec.run_dir).path.stat().st_size if RunStore(spec.run_dir).path.exists() else 0
    log = log_path.open("ab")
    try:
        # COLUMNS: rich would wrap the log at 80 columns, splitting the error line we read back
        env = {**os.environ, "COLUMNS": "400", CANCEL_BY_SIGINT: "1"}
        proc = subprocess.Popen([sys.executable, "-m", "ehr_tui.cli", *spec.arguments()], stdout=log,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                                env=env)
    finally:
        log.close()
    return LaunchedRun(spec, proc, log_path, offset=offset)
