"""Background jobs: launch `xtf train` (or another xtf command, e.g. a step of `xtf experiment`) in the
background, follow it, cancel it; no Textual import.

A job is a folder under ``paths.jobs_dir()``:

  job.json     the job (format_version, id, name, kind, training config (or the step's output), exact
               command, processes, the jobs it waits for, state, wrapper pid/pgid, created/started/ended,
               return code, error excerpt)
  train.log    everything the training prints
  cancel       present once a cancel was asked for
  out/         the training's output folder by default (metrics.jsonl, checkpoints, final/)

``submit`` starts a small wrapper (``python -m ehr_tui.xtf.job_runner JOB``) in its own session, so
the job survives the app or terminal that started it. The wrapper waits its turn behind earlier
jobs and behind the jobs named in ``after`` (state ``queued``; if one of those does not finish, this
job fails without running), runs the command (state ``running``) and records how it ended
(``finished`` / ``failed`` / ``cancelled``). Readers re-derive the state: a job still marked
queued/running whose wrapper is gone (killed, machine restarted) is failed, or cancelled when a
cancel was asked for. ``cancel`` sends SIGTERM to the whole process tree (wrapper, torchrun and
its workers, which sit in sessions of their own), then SIGKILL to what is left after a grace period.
job.json is only changed under an flock, by the wrapper while it lives and by readers after.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .. import paths
from ..errors import UserError
from .launch import launch_command
from .metrics import METRICS_FILE, read_metrics
from .train_config import TrainConfig, config_to_args

FORMAT_VERSION = 1
STATES = ("queued", "running", "finished", "failed", "cancelled")
ACTIVE = ("queued", "running")
JOB_FILE = "job.json"
LOG_FILE = "train.log"
CANCEL_FILE = "cancel"
LOCK_FILE = ".lock"
START_GRACE_S = 30.0  # a job without a wrapper pid this long after creation never started (the submitter
# died between writing job.json and starting the wrapper)
_children: dict[int, subprocess.Popen] = {}  # wrappers this process started: reaped when polled


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


@dataclass
class Job:
    id: str
    dir: Path
    name: str
    config: dict
    command: list[str]
    nproc_per_node: int = 1
    nnodes: int = 1
    queue: bool = True
    created: str = ""
    state: str = "queued"
    pid: int | None = None  # the wrapper; its process group is pgid
    pgid: int | None = None
    pid_created: float | None = None  # the wrapper's start time, so a recycled pid is not taken for it
    # the same in clock ticks since boot (Linux): a wall-clock step (NTP, a VM restored) moves create_time,
    # which would make a running job look dead and leave it running unstopped; the ticks do not move
    pid_start_ticks: int | None = None
    child_pid: int | None = None
    started: str | None = None
    ended: str | None = None
    returncode: int | None = None
    error: str | None = None
    kind: str = "train"  # train | score | experiment (a step of `xtf experiment`)
    after: list[str] = field(default_factory=list)  # job ids that must finish first
    format_version: int = FORMAT_VERSION

    @property
    def output(self) -> Path:
        return Path(self.config["output"])

    @property
    def metrics_path(self) -> Path:
        return self.output / METRICS_FILE

    @property
    def log_path(self) -> Path:
        return self.dir / LOG_FILE

    @property
    def active(self) -> bool:
        return self.state in ACTIVE

    @property
    def gpus(self) -> int:
        return self.nproc_per_node * self.nnodes

    def train_config(self) -> TrainConfig:
        return TrainConfig.from_dict(self.config)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["dir"] = str(self.dir)
        return d

    @classmethod
    def from_dict(cls, d: dict, where: Path) -> "Job":
        if d.get("format_version") != FORMAT_VERSION:
            raise UserError(f"{where} is a job of format version {d.get('format_version')!r}; this ehr-tui reads "
                            f"version {FORMAT_VERSION} only")
        names = {f.name for f in fields(cls)}
        d = {k: v for k, v in d.items() if k in names}
        d["dir"] = where.parent
        return cls(**d)

    # -- following --------------------------------------------------------------------------

    def metrics(self, offset: int = 0) -> tuple[list[dict], int]:
        """Metrics records written since byte ``offset`` of metrics.jsonl, and the new offset."""
        return read_metrics(self.metrics_path, offset)

    def log_tail(self, lines: int = 40, max_bytes: int = 65536) -> list[str]:
        try:
            with self.log_path.open("rb") as f:
                f.seek(0, os.SEEK_END)
                size = f.tell()
                f.seek(max(0, size - max_bytes))
                data = f.read()
        except OSError:
            return []
        text = data.decode("utf-8", errors="replace").replace("\r", "\n")
        return [ln for ln in text.splitlines() if ln.strip()][-lines:]

    def error_excerpt(self, lines: int = 8) -> str:
        """Why a job failed, from its log: the CLI's error sentence, else the end of a traceback."""
        tail = self.log_tail(200)
        starts = [i for i, ln in enumerate(tail) if ln.lower().startswith("error:")]
        if starts:
            return " ".join(ln.strip() for ln in tail[starts[-1]:starts[-1] + 4])
        tb = [i for i, ln in enumerate(tail) if ln.startswith("Traceback")]
        if tb:
            block = tail[tb[-1]:]
            return "\n".join(block[:2] + ["…"] + block[-(lines - 2):]) if len(block) > lines else "\n".join(block)
        return "\n".join(tail[-lines:]) or f"exit status {self.returncode} (log {self.log_path})"


# ---------------------------------------------------------------------------------------------
# job.json under a lock


@contextlib.contextmanager
def _locked(job_dir: Path):
    with (job_dir / LOCK_FILE).open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _read(job_dir: Path) -> Job:
    path = job_dir / JOB_FILE
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise UserError(f"cannot read job {job_dir.name} ({path}: {e})") from None
    return Job.from_dict(d, path)


def _write(job: Job) -> None:
    path = job.dir / JOB_FILE
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(job.to_dict(), indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def update(job_dir: Path, **changes) -> Job:
    """Change fields of job.json atomically (read-modify-write under the job's lock)."""
    with _locked(job_dir):
        job = _read(job_dir)
        for k, v in changes.items():
            setattr(job, k, v)
        _write(job)
        return job


# ---------------------------------------------------------------------------------------------
# Processes


def start_ticks(pid: int) -> int | None:
    """When ``pid`` started, in clock ticks since boot (Linux /proc; None elsewhere or when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return None
    fields_ = stat[stat.rfind(b")") + 2:].split()  # the command name (field 2) may hold spaces and ")"
    try:
        return int(fields_[19])  # field 22: starttime
    except (IndexError, ValueError):
        return None


def process_alive(pid: int | None, created: float | None = None, ticks: int | None = None) -> bool:
    """Is ``pid`` running (not a zombie), and the same process that started at ``ticks`` (clock ticks since
    boot, where recorded and readable) or else at ``created`` (wall time, within a second)?"""
    import psutil

    if not pid:
        return False
    child = _children.get(pid)
    if child is not None and child.poll() is not None:
        _children.pop(pid, None)
        return False
    try:
        p = psutil.Process(pid)
        if p.status() == psutil.STATUS_ZOMBIE:
            return False
        now_ticks = start_ticks(pid) if ticks is not None else None
        if now_ticks is not None:
            return now_ticks == ticks
        return created is None or abs(p.create_time() - created) < 1.0
    except psutil.Error:
        return False


def process_tree(pid: int | None, created: float | None = None, ticks: int | None = None) -> list:
    """The process and all its descendants (psutil.Process objects), those still there."""
    import psutil

    if not process_alive(pid, created, ticks):
        return []
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


# ---------------------------------------------------------------------------------------------
# Jobs


def _new_id() -> str:
    return dt.datetime.now().strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def _refresh(job: Job) -> Job:
    """Re-derive the state of a job marked queued/running from its wrapper process."""
    if not job.active:
        return job
    if process_alive(job.pid, job.pid_created, job.pid_start_ticks):
        return job
    if job.pid is None:
        try:
            age = time.time() - dt.datetime.fromisoformat(job.created).timestamp()
        except ValueError:
            age = START_GRACE_S + 1
        if age < START_GRACE_S:
            return job  # the wrapper is starting
    with _locked(job.dir):
        job = _read(job.dir)
        if job.active and not process_alive(job.pid, job.pid_created, job.pid_start_ticks):
            cancelled = (job.dir / CANCEL_FILE).exists()
            job.state = "cancelled" if cancelled else "failed"
            job.ended = job.ended or _now()
            if not cancelled:
                job.error = job.error or ("the job's process ended without recording how (killed, or the machine "
                                          "restarted); " + job.error_excerpt(4))
            _write(job)
    return job


def load_job(job: str | Path) -> Job:
    """A job by id (under the jobs folder) or folder, with its state re-derived."""
    p = Path(job).expanduser()
    if not (p / JOB_FILE).is_file():
        p = paths.jobs_dir() / str(job)
    if not (p / JOB_FILE).is_file():
        known = [j.id for j in list_jobs()[:5]]
        raise UserError(f"no job {job!r}" + (f"; recent jobs: {', '.join(known)}" if known else
                                            "; start one with `xtf train ... --background`"))
    return _refresh(_read(p))


def list_jobs(root: Path | None = None) -> list[Job]:
    """Every readable job under the jobs folder, newest first (states re-derived)."""
    root = root or paths.jobs_dir()
    out = []
    for p in root.iterdir() if root.is_dir() else []:
        if (p / JOB_FILE).is_file():
            try:
                out.append(_refresh(_read(p)))
            except UserError:
                continue  # another version's job, or a half-written folder
    return sorted(out, key=lambda j: (j.created, j.id), reverse=True)


def _absolute(config: TrainConfig, job_dir: Path) -> TrainConfig:
    """Paths made absolute: the job runs in its own folder, from wherever it was submitted."""
    def ab(p: str) -> str:
        return str(Path(p).expanduser().resolve())

    return TrainConfig.from_dict({**config.to_dict(), "model": ab(config.model), "data": [ab(p) for p in config.data],
                                  "masks": ab(config.masks) if config.masks else None,
                                  "output": ab(config.output) if config.output else str(job_dir / "out")})


def submit(config: TrainConfig, *, nproc_per_node: int = 1, nnodes: int = 1, name: str | None = None,
           restart: bool = False, queue: bool = True, python: str | None = None) -> Job:
    """Create a job for ``config`` and start it in the background; returns it (queued or running).

    An empty ``config.output`` trains into the job's own ``out/`` folder. With ``queue`` the job
    waits until the jobs submitted before it have ended.
    """
    if nnodes != 1:
        raise UserError("a job runs on this machine only; for several nodes use the command "
                        "`xtf train --nnodes N --print-command` prints (e.g. under Slurm)")
    job_id = _new_id()
    job_dir = paths.jobs_dir() / job_id
    config = _absolute(config, job_dir)
    config.validate()
    command = launch_command(config_to_args(config) + (["--restart"] if restart else []), nproc_per_node,
                             nnodes, python=python)
    own_output = Path(config.output).parent == job_dir
    return _start(Job(job_id, job_dir, name or (job_id if own_output else Path(config.output).name),
                      config.to_dict(), command, nproc_per_node, nnodes, queue, _now()), python)


def submit_command(command: list[str], *, name: str, output: str | Path, kind: str, after: list[str] | None = None,
                   queue: bool = True, extra: dict | None = None, nproc_per_node: int = 1,
                   python: str | None = None) -> Job:
    """A job running any command (a list, no shell): e.g. a step of `xtf experiment`. ``output`` is
    where it writes (its metrics.jsonl, if it trains, is followed there); ``after``: jobs to wait for."""
    job_id = _new_id()
    config = {"output": str(Path(output).expanduser().resolve()), **(extra or {})}
    return _start(Job(job_id, paths.jobs_dir() / job_id, name, config, list(command), nproc_per_node, 1, queue,
                      _now(), kind=kind, after=list(after or [])), python)


def _start(job: Job, python: str | None) -> Job:
    for other in list_jobs():
        if other.active and Path(other.config.get("output", "")) == Path(job.config["output"]):
            raise UserError(f"job {other.id} is already writing to {job.config['output']}; cancel it or choose "
                            "another output")
    job_dir = job.dir
    job_dir.mkdir(parents=True)
    with _locked(job_dir):
        _write(job)
    log = job.log_path.open("ab")
    try:
        # COLUMNS: rich would wrap the log at 80 columns; PYTHONUNBUFFERED: the log is followed live
        env = {**os.environ, "COLUMNS": "200", "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen([python or sys.executable, "-m", "ehr_tui.xtf.job_runner", str(job_dir)],
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, cwd=job_dir, env=env)
    except OSError as e:
        update(job_dir, state="failed", error=f"could not start: {e}", ended=_now())
        raise UserError(f"could not start the job: {e}") from None
    finally:
        log.close()
    _children[proc.pid] = proc
    # Recorded here, not only by the wrapper once its Python has started: on a loaded machine that can
    # take longer than START_GRACE_S, and a reader (another job's wrapper waiting its turn, the app)
    # would take a job without a pid for one that never started. The wrapper writes the same values.
    import psutil

    try:
        created = psutil.Process(proc.pid).create_time()
    except psutil.Error:
        created = None  # already ended: its own record (or the reader's) says how
    return update(job_dir, pid=proc.pid, pgid=proc.pid, pid_created=created, pid_start_ticks=start_ticks(proc.pid))


def cancel(job: Job | str, grace_s: float = 10.0) -> Job:
    """Stop a job: SIGTERM to its whole process tree (the trainer stops at the next step), SIGKILL
    to whatever is left after ``grace_s``; a queued job just leaves the queue. Returns it, ended."""
    import psutil

    job = load_job(job) if isinstance(job, str) else _refresh(job)
    if not job.active:
        return job
    (job.dir / CANCEL_FILE).touch()
    procs = process_tree(job.pid, job.pid_created, job.pid_start_ticks)
    for p in procs:
        with contextlib.suppress(psutil.Error):
            p.send_signal(signal.SIGTERM)
    _gone, alive = psutil.wait_procs(procs, timeout=grace_s)
    for p in alive:
        with contextlib.suppress(psutil.Error):
            p.kill()
    psutil.wait_procs(alive, timeout=5)
    child = _children.pop(job.pid or -1, None)
    if child is not None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(timeout=5)
    return _refresh(_read(job.dir))


def wait(job: Job | str, timeout_s: float | None = None, poll_s: float = 0.2) -> Job:
    """Block until the job has ended (or the timeout passes); returns its latest state."""
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    while True:
        j = load_job(job.dir if isinstance(job, Job) else job)
        if not j.active or (deadline is not None and time.monotonic() > deadline):
            return j
        time.sleep(poll_s)


@dataclass
class Follower:
    """Incremental view of one job for a UI: new metrics records since the last poll."""

    job: Job
    offset: int = 0
    records: list[dict] = field(default_factory=list)

    def poll(self) -> tuple[Job, list[dict]]:
        self.job = load_job(self.job.dir)
        new, self.offset = self.job.metrics(self.offset)
        self.records.extend(new)
        return self.job, new
