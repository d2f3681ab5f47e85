"""Trajectories: THE one record of an agent trial, and the run folder that stores them.

A run folder holds

- ``run.json``: the run's settings (``RunSettings``), written atomically;
- ``trajectories.jsonl``: one ``Trajectory`` per line, appended as each trial
  finishes, flushed and fsynced, so killing the process loses nothing finished.

Every record carries ``format_version``; readers refuse versions they do not
know. A last line without its newline (the process died while writing it) is
ignored with a warning, and cut off (kept aside in ``trajectories.torn``)
before anything new is appended. A (task, trial) pair may appear more than once
(a trial that ended on an endpoint error is retried on resume); the last record
wins, see ``latest``. A fork (a child trajectory the user made by editing one step of another and
letting the agent continue, agent/fork.py) carries ``fork`` and is kept apart from the trials.

The messages a trajectory exchanged with the model are rebuilt exactly by
``Trajectory.messages(system_prompt)``; the runner builds its conversation with
the same functions, so what is stored is what was sent.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import threading
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from .. import paths
from ..errors import UserError
from ..fileio import atomic_write
from ..scoring import kinds_of

_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_text(obj: Any, depth: int = 0) -> Any:
    """``obj`` with every lone surrogate in its strings replaced by U+FFFD: what a model or model code sends
    may hold one, and it cannot be encoded to send on or to write (UTF-8). Past 100 levels of nesting the
    rest is replaced by a note (no recursion to exhaust)."""
    if isinstance(obj, str):
        return _SURROGATE.sub("\ufffd", obj) if _SURROGATE.search(obj) else obj
    if depth > 100 and isinstance(obj, (dict, list, tuple)):
        return "[nested more than 100 levels: not kept]"
    if isinstance(obj, dict):
        return {valid_text(k, depth + 1): valid_text(v, depth + 1) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(valid_text(v, depth + 1) for v in obj)
    return obj

FORMAT_VERSION = 1
RUN_FORMAT_VERSION = 1
RUN_FILE = "run.json"
TRAJECTORIES_FILE = "trajectories.jsonl"
TORN_FILE = "trajectories.torn"
WRITER_LOCK = ".writer.lock"  # held by the one `ehr-tui run` writing the folder (RunStore.lock_writer)

# How a trajectory ended.
STATUSES = ("answered", "step_limit", "no_answer", "endpoint_error")


class TornLineWarning(UserWarning):
    """A trajectories file ends in a partly written line (the writer was killed mid-write)."""


Warn = Callable[[str], None]


def _default_warn(message: str) -> None:
    warnings.warn(message, TornLineWarning, stacklevel=3)


@dataclass
class ToolCall:
    """One tool call of the model and what it got back."""

    id: str
    name: str
    arguments: str  # raw, exactly as the model sent it (it may not be valid JSON)
    observation: str  # exactly what the model saw
    ok: bool
    error: str | None = None  # kind of problem: bad_arguments, unknown_tool, sql_error, python_error, skipped
    latency_s: float = 0.0
    result: dict[str, Any] | None = None  # structured result (sql: columns/rows/row_count; python: stdout/...)

    def message(self) -> dict[str, Any]:
        return {"role": "tool", "tool_call_id": self.id, "content": self.observation}


@dataclass
class Step:
    """One model turn: the assistant message, its tool calls with their observations."""

    index: int
    content: str | None = None
    reasoning: str | None = None  # reasoning text some servers return beside the content (not sent back)
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str | None = None
    latency_s: float = 0.0  # the model call, retries included
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    retries: int = 0
    error: str | None = None  # what went wrong in this turn (no tool call, endpoint failure)
    notice: str | None = None  # a user message the harness added after this turn (e.g. "call a tool")
    started_at: float = 0.0  # unix time

    def messages(self) -> list[dict[str, Any]]:
        """The messages this turn adds to the conversation."""
        if self.finish_reason is None and not self.tool_calls and self.content is None:
            return []  # the model never answered (endpoint error)
        out: list[dict[str, Any]] = []
        msg: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.tool_calls:
            msg["tool_calls"] = [{"id": c.id, "type": "function",
                                  "function": {"name": c.name, "arguments": c.arguments}}
                                 for c in self.tool_calls]
        out.append(msg)
        out.extend(c.message() for c in self.tool_calls)
        if self.notice:
            out.append({"role": "user", "content": self.notice})
        return out


@dataclass
class TaskSnapshot:
    """What a viewer or the evaluator needs from the task, copied so a run stands on its own."""

    id: str
    intent: str
    level: str
    template_id: str
    question: str
    gold_sql: str
    gold_answer: Any
    answer_type: str
    ordered: bool = False
    complexity: int = 0
    answer_kinds: list[str] = field(default_factory=list)  # scoring.kinds; empty in older runs: inferred
    empty_answer: bool = False

    @classmethod
    def of(cls, task) -> "TaskSnapshot":
        return cls(task.id, task.intent, task.level, task.template_id, task.question, task.gold_sql,
                   task.gold_answer, task.answer_type, bool(task.ordered), task.complexity_total,
                   [str(k) for k in kinds_of(task)],
                   bool(getattr(task, "empty_answer", False)) or task.gold_answer is None or task.gold_answer == [])


@dataclass
class ForkEdit:
    """What the user changed in the forked step (agent/fork.py)."""

    kind: str  # "sql" | "python" (the call's argument, re-executed) | "observation" (what the model is told)
    call: int  # index of the edited tool call within the step
    tool: str  # that call's tool name
    before: str  # the SQL, code or observation as the parent recorded it
    after: str  # as edited


@dataclass
class ForkOrigin:
    """Where a fork comes from. A trajectory with one is a child of ``parent`` in the same run: it is
    not one of the run's trials (``latest`` leaves it out of scoring the run; ``forks`` reads them)."""

    id: str  # unique in the run
    parent: str  # the parent's ``Trajectory.id``: "TASK#TRIAL" (trial 0-based) or another fork's id
    step: int  # index of the edited step (``Step.index``, 0-based); steps before it are the parent's
    edit: ForkEdit
    created: str = ""
    notes: list[str] = field(default_factory=list)  # e.g. replayed Python state that printed differently


def trajectory_id(task_id: str, trial: int) -> str:
    return f"{task_id}#{trial}"


def trajectory_label(traj_id: str) -> str:
    """A trajectory id as the app and the messages name it, trials from 1 ("labs-1#0" -> "labs-1 trial 1");
    any other id is a fork's ("fork ID")."""
    task, sep, trial = traj_id.rpartition("#")
    return f"{task} trial {int(trial) + 1}" if sep and trial.isdigit() else f"fork {traj_id}"


@dataclass
class Trajectory:
    task_id: str
    trial: int
    model: str
    endpoint: str
    task: TaskSnapshot
    prompt: str  # the user message
    steps: list[Step] = field(default_factory=list)
    status: str = "no_answer"
    answer: str | None = None  # as submitted
    parsed_answer: Any = None  # as read for scoring (JSON value)
    correct: bool = False
    failure_mode: str | None = None
    failure_detail: str = ""
    error: str | None = None  # endpoint error that ended the trial
    usage: dict[str, int] = field(default_factory=lambda: {"prompt_tokens": 0, "completion_tokens": 0,
                                                           "total_tokens": 0})
    started_at: str = ""
    finished_at: str = ""
    duration_s: float = 0.0
    sandbox: dict[str, Any] = field(default_factory=dict)  # protections active in the Python worker
    fork: ForkOrigin | None = None  # set on a fork (a child trajectory), None on a trial of the run
    format_version: int = FORMAT_VERSION

    @property
    def id(self) -> str:
        return self.fork.id if self.fork is not None else trajectory_id(self.task_id, self.trial)

    @property
    def key(self) -> tuple[str, int]:
        return (self.task_id, self.trial)

    @property
    def finished(self) -> bool:
        """Done for good: resumption skips it. Endpoint failures are retried."""
        return self.status != "endpoint_error"

    def messages(self, system_prompt: str) -> list[dict[str, Any]]:
        """The conversation as sent to the model (OpenAI chat format), e.g. for SFT data."""
        out = [{"role": "system", "content": system_prompt}, {"role": "user", "content": self.prompt}]
        for s in self.steps:
            out.extend(s.messages())
        return out

    def add_usage(self, step: Step) -> None:
        p, c = step.prompt_tokens or 0, step.completion_tokens or 0
        self.usage["prompt_tokens"] += p
        self.usage["completion_tokens"] += c
        self.usage["total_tokens"] += p + c

    def to_json(self) -> str:
        # a lone surrogate (model code's print('\ud800'), a model's "\ud800" escape) is no UTF-8: replaced, the
        # line can always be written (it once aborted a whole run); JSON's own syntax holds no surrogate
        return _SURROGATE.sub("\ufffd", json.dumps(asdict(self), ensure_ascii=False, default=str))

    @classmethod
    def from_dict(cls, obj: dict[str, Any]) -> "Trajectory":
        version = obj.get("format_version")
        if version != FORMAT_VERSION:
            raise UnknownVersion(version)
        obj = dict(obj)
        obj["task"] = TaskSnapshot(**obj["task"])
        obj["steps"] = [step_from_dict(s) for s in obj.get("steps", [])]
        if obj.get("fork") is not None:
            fork = dict(obj["fork"])
            fork["edit"] = ForkEdit(**fork["edit"])
            obj["fork"] = ForkOrigin(**fork)
        return cls(**obj)


def step_from_dict(obj: dict[str, Any]) -> Step:
    obj = dict(obj)
    obj["tool_calls"] = [ToolCall(**c) for c in obj.get("tool_calls", [])]
    return Step(**obj)


class UnknownVersion(ValueError):
    def __init__(self, version: Any):
        super().__init__(version)
        self.version = version


# ---------------------------------------------------------------------------------------------
# run.json


@dataclass
class RunSettings:
    name: str
    model: str
    base_url: str
    tasks_file: str
    tasks_sha256: str
    db: str
    db_source: str
    db_version: str
    trials: int
    max_steps: int
    temperature: float | None
    max_tokens: int | None
    tools: list[str]
    system_prompt: str
    created: str
    ehr_tui_version: str
    limits: dict[str, Any] = field(default_factory=dict)  # operational limits, informative only
    checkpoint: dict[str, Any] | None = None  # the local fine-tuned model the endpoint serves (xtf train)
    sandbox: dict[str, Any] = field(default_factory=dict)  # whether execute_python was offered, and why not
    # which tasks of the file the run takes (split, task ids, limit, sample, strata, seed), so it can be
    # resumed as launched (the Runs screen's u); informative, not part of the identity
    selection: dict[str, Any] = field(default_factory=dict)
    format_version: int = RUN_FORMAT_VERSION

    # Settings that change what a trial means: a run folder refuses to mix them.
    IDENTITY = ("model", "base_url", "tasks_sha256", "db", "max_steps", "temperature", "max_tokens", "tools",
                "system_prompt_sha256", "checkpoint")

    @property
    def system_prompt_sha256(self) -> str:
        return hashlib.sha256(self.system_prompt.encode()).hexdigest()

    def identity(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.IDENTITY}

    def differences(self, other: "RunSettings") -> list[str]:
        mine, theirs = self.identity(), other.identity()
        out = []
        for k in self.IDENTITY:
            if mine[k] != theirs[k]:
                if k == "system_prompt_sha256":
                    out.append("the system prompt differs (another ehr-tui version or tool set)")
                elif k == "tasks_sha256":
                    out.append(f"the tasks file content differs ({other.tasks_file} vs {self.tasks_file})")
                else:
                    out.append(f"{k} {theirs[k]!r} (this folder has {mine[k]!r})")
        return out

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["system_prompt_sha256"] = self.system_prompt_sha256
        return d

    @classmethod
    def from_dict(cls, obj: dict[str, Any]) -> "RunSettings":
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in obj.items() if k in names})


def sha256_file(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ---------------------------------------------------------------------------------------------
# The run folder


def resolve_run_dir(name_or_path: str | Path) -> Path:
    """A run folder given as a path, or as a name under the runs folder."""
    p = Path(name_or_path).expanduser()
    if (p / RUN_FILE).is_file():
        return p
    q = paths.runs_dir() / str(name_or_path)
    if (q / RUN_FILE).is_file():
        return q
    raise UserError(f"{name_or_path} is not a run folder (no {RUN_FILE} there or under {paths.runs_dir()}): "
                    "start one with `ehr-tui run`")


class RunStore:
    """One run folder: settings, the append-only trajectories file, readers for viewers."""

    def __init__(self, run_dir: str | Path):
        self.dir = Path(run_dir)
        self.run_file = self.dir / RUN_FILE
        self.path = self.dir / TRAJECTORIES_FILE
        self._lock = threading.Lock()
        self._repaired = False

    # -- settings -------------------------------------------------------------------------------

    @classmethod
    def open(cls, run_dir: str | Path) -> "RunStore":
        store = cls(run_dir)
        if not store.run_file.is_file():
            raise UserError(f"{run_dir} is not a run folder (no {RUN_FILE}): start one with `ehr-tui run`")
        return store

    @classmethod
    def create_or_resume(cls, run_dir: str | Path, settings: RunSettings) -> tuple["RunStore", bool]:
        """(store, resumed). Refuses a folder whose run was made with other settings."""
        store = cls(run_dir)
        if store.run_file.is_file():
            old = store.check_resumable(settings)
            if settings.trials > old.trials:  # more trials extend the run
                old.trials = settings.trials
                atomic_write(store.run_file, json.dumps(old.to_dict(), indent=2) + "\n")
            return store, True
        if store.dir.exists() and any(store.dir.iterdir()):
            raise UserError(f"{store.dir} exists and is not a run folder: choose another --run-dir or --name")
        store.dir.mkdir(parents=True, exist_ok=True)
        atomic_write(store.run_file, json.dumps(settings.to_dict(), indent=2) + "\n")
        return store, False

    def lock_writer(self) -> None:
        """Take the run folder for this process's ``ehr-tui run``: a second run on the same folder (another
        terminal, the app's resume) would run every unfinished trial again beside this one. An advisory lock
        the kernel drops when the process ends, however it ends."""
        import fcntl

        lock_path = self.dir / WRITER_LOCK
        f = lock_path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.seek(0)
            holder = f.read().strip() or "another process"
            f.close()
            raise UserError(f"run folder {self.dir} is being written by another `ehr-tui run` ({holder}): let it "
                            "finish, or stop it (Ctrl+C there, c on the Runs screen), then resume") from None
        f.seek(0)
        f.truncate()
        f.write(f"pid {os.getpid()}\n")
        f.flush()
        self._writer_lock = f

    def release_writer(self) -> None:
        f = getattr(self, "_writer_lock", None)
        if f is not None:
            f.close()  # closing drops the flock
            self._writer_lock = None

    def check_resumable(self, settings: RunSettings) -> RunSettings:
        """The folder's own settings, when a run with ``settings`` may resume it; a UserError naming what
        differs otherwise."""
        old = self.settings()
        diffs = old.differences(settings)
        if diffs:
            raise UserError(f"run folder {self.dir} was made with other settings: this command has "
                            + "; ".join(diffs) + ". Use --name (or --run-dir) to start a separate run, "
                            "or repeat the original settings to resume it")
        return old

    def settings(self) -> RunSettings:
        try:
            obj = json.loads(self.run_file.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise UserError(f"cannot read {self.run_file}: {e}") from None
        version = obj.get("format_version")
        if version != RUN_FORMAT_VERSION:
            raise UserError(f"{self.run_file} has run format version {version!r}; this ehr-tui reads version "
                            f"{RUN_FORMAT_VERSION}: upgrade ehr-tui to read this run")
        try:
            return RunSettings.from_dict(obj)
        except TypeError as e:
            raise UserError(f"{self.run_file} is not a valid run file ({e})") from None

    # -- reading --------------------------------------------------------------------------------

    def __iter__(self) -> Iterator[Trajectory]:
        return self.iter_trajectories()

    def iter_trajectories(self, warn: Warn | None = None) -> Iterator[Trajectory]:
        """Every stored record in file order (see ``latest`` for one per (task, trial))."""
        warn = warn or _default_warn
        if not self.path.exists():
            return
        with self.path.open("rb") as f:
            data = f.read()
        yield from self._decode(data, 0, warn, final=True)

    def _decode(self, data: bytes, base_line: int, warn: Warn, final: bool) -> Iterator[Trajectory]:
        lines = data.split(b"\n")
        tail = lines.pop()  # b"" when the data ends with a newline
        for n, raw in enumerate(lines, start=base_line + 1):
            if not raw.strip():
                continue
            traj = self._parse_line(raw, n, warn)
            if traj is not None:
                yield traj
        if tail.strip() and final:
            warn(f"{self.path}: the last line ({len(tail):,} bytes) is incomplete, most likely because the "
                 "process was stopped while writing it; ignoring it (that trial will run again on resume)")

    def _parse_line(self, raw: bytes, n: int, warn: Warn) -> Trajectory | None:
        try:
            obj = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            warn(f"{self.path}, line {n}: not valid JSON; skipping it")
            return None
        try:
            return Trajectory.from_dict(obj)
        except UnknownVersion as e:
            raise UserError(f"{self.path}, line {n}: trajectory format version {e.version!r} is not known to this "
                            f"ehr-tui (it reads version {FORMAT_VERSION}): upgrade ehr-tui to read this run") from None
        except (TypeError, KeyError, AttributeError) as e:
            warn(f"{self.path}, line {n}: not a valid trajectory ({e}); skipping it")
            return None

    def latest(self, warn: Warn | None = None) -> dict[tuple[str, int], Trajectory]:
        """The last record of each (task, trial); forks are not trials and are left out (see ``forks``)."""
        out: dict[tuple[str, int], Trajectory] = {}
        for t in self.iter_trajectories(warn):
            if t.fork is None:
                out[t.key] = t
        return out

    def forks(self, warn: Warn | None = None) -> list[Trajectory]:
        """The run's forks (child trajectories) in the order they were made; the last record of each id wins."""
        out: dict[str, Trajectory] = {}
        for t in self.iter_trajectories(warn):
            if t.fork is not None:
                out[t.fork.id] = t
        return list(out.values())

    def finished_pairs(self, warn: Warn | None = None) -> set[tuple[str, int]]:
        return {k for k, t in self.latest(warn).items() if t.finished}

    def tail(self, offset: int = 0) -> tuple[list[Trajectory], int]:
        """Trials (not forks) completed after byte ``offset`` and the offset to ask from next time.

        For live viewers of a run another process is writing: a line still being
        written is left for the next call, without a warning.
        """
        if not self.path.exists():
            return [], offset
        with self.path.open("rb") as f:
            f.seek(offset)
            data = f.read()
        end = data.rfind(b"\n") + 1
        if end == 0:
            return [], offset
        found = [t for t in self._decode(data[:end], 0, _default_warn, final=False) if t.fork is None]
        return found, offset + end

    # -- writing --------------------------------------------------------------------------------

    def repair(self, warn: Warn | None = None) -> int:
        """Cut a torn last line off (saving it to trajectories.torn); returns the bytes removed."""
        warn = warn or _default_warn
        self._repaired = True
        if not self.path.exists():
            return 0
        size = self.path.stat().st_size
        if size == 0:
            return 0
        with self.path.open("rb+") as f:
            back = min(size, 1 << 20)
            while True:
                f.seek(size - back)
                chunk = f.read(back)
                cut = chunk.rfind(b"\n")
                if cut >= 0 or back == size:
                    break
                back = min(size, back * 2)
            keep = size - back + cut + 1 if cut >= 0 else 0
            if keep == size:
                return 0
            torn = chunk[cut + 1:] if cut >= 0 else chunk
            with (self.dir / TORN_FILE).open("ab") as t:
                t.write(torn + b"\n")
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())
        warn(f"{self.path}: removed an incomplete last line ({size - keep:,} bytes, kept in {TORN_FILE}); "
             "that trial runs again")
        return size - keep

    def append(self, traj: Trajectory) -> None:
        """Append one finished trajectory durably (flush + fsync) before returning; thread-safe."""
        self.append_line(traj.to_json().encode("utf-8"))

    def append_line(self, body: bytes) -> None:
        """Append one already-serialised trajectory (JSON without the newline) durably."""
        if b"\n" in body:
            raise ValueError("a trajectory line must not contain a newline")
        line = body + b"\n"
        with self._lock:
            if not self._repaired:
                self.repair()
            with self.path.open("ab") as f:
                f.write(line)
                f.flush()
                os.fsync(f.fileno())

    def append_many(self, trajs: Iterable[Trajectory]) -> None:
        for t in trajs:
            self.append(t)


def iter_trajectories(run_dir: str | Path, warn: Warn | None = None) -> Iterator[Trajectory]:
    """Every trajectory of a run (one per (task, trial): the last record of each)."""
    store = RunStore.open(resolve_run_dir(run_dir))
    yield from store.latest(warn).values()


@dataclass
class RunInfo:
    path: Path
    settings: RunSettings
    latest: dict[tuple[str, int], Trajectory]  # as read, so a caller scoring the run reads it once
    modified: float

    @property
    def trajectories(self) -> int:
        return len(self.latest)

    @property
    def correct(self) -> int:
        return sum(t.correct for t in self.latest.values())


def list_runs(root: str | Path | None = None) -> list[RunInfo]:
    """Run folders under ``root`` (default: the runs folder), newest first; unreadable ones are skipped."""
    base = Path(root) if root else paths.runs_dir()
    out = []
    for d in sorted(base.iterdir()) if base.is_dir() else []:
        if not (d / RUN_FILE).is_file():
            continue
        store = RunStore(d)
        try:
            settings = store.settings()
            latest = store.latest(warn=lambda m: None)
        except UserError:
            continue
        mtime = max((p.stat().st_mtime for p in (store.run_file, store.path) if p.exists()), default=0.0)
        out.append(RunInfo(d, settings, latest, mtime))
    return sorted(out, key=lambda r: r.modified, reverse=True)
