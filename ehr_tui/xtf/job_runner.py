"""The wrapper process of a fine-tune job: `python -m ehr_tui.xtf.job_runner JOB_DIR` (see jobs.py).

It runs in a session of its own (it outlives the app that started it), waits for the jobs
submitted before it, runs the job's command with output to the job's log, and records how the
job ended in job.json. SIGTERM/SIGINT while queued: the job is cancelled at once; while running:
passed on to the command (cancel() signals the whole tree anyway) and waited for.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .jobs import CANCEL_FILE, _now, list_jobs, start_ticks, update

POLL_S = 0.5


def _turn_has_come(job, queue: bool) -> tuple[bool, str | None]:
    """(may it run now, why it never will): no earlier job still queued or running (with ``queue``),
    and every job it waits for finished; one of those that failed or was cancelled stops it."""
    others = {o.id: o for o in list_jobs(job.dir.parent) if o.id != job.id}
    for dep in job.after:
        o = others.get(dep)
        if o is None:
            continue  # removed by the user: nothing to wait for
        if o.active:
            return False, None
        if o.state != "finished":
            return False, f"job {o.id} ({o.name}), which this one needs, {o.state}"
    if queue and any(o.active and (o.created, o.id) < (job.created, job.id) for o in others.values()):
        return False, None
    return True, None


def main(job_dir: Path) -> int:
    import psutil

    stop = {"signal": None}
    child: dict[str, subprocess.Popen | None] = {"p": None}

    def on_signal(signum, frame):
        stop["signal"] = signum
        if child["p"] is not None and child["p"].poll() is None:
            child["p"].send_signal(signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    me = psutil.Process(os.getpid())
    job = update(job_dir, pid=os.getpid(), pgid=os.getpgid(0), pid_created=me.create_time(),
                 pid_start_ticks=start_ticks(os.getpid()))
    while True:
        ready, never = _turn_has_come(job, job.queue)
        if ready:
            break
        if never:
            update(job_dir, state="failed", ended=_now(), error=f"not run: {never}")
            print(f"[job {job.id}] not run: {never}", flush=True)
            return 0
        if stop["signal"] is not None or (job_dir / CANCEL_FILE).exists():
            update(job_dir, state="cancelled", ended=_now())
            return 0
        time.sleep(POLL_S)
    if stop["signal"] is not None or (job_dir / CANCEL_FILE).exists():
        update(job_dir, state="cancelled", ended=_now())
        return 0
    update(job_dir, state="running", started=_now())
    print(f"[job {job.id}] {' '.join(job.command)}", flush=True)
    try:
        p = subprocess.Popen(job.command, stdin=subprocess.DEVNULL, cwd=job_dir)
    except OSError as e:
        update(job_dir, state="failed", ended=_now(), error=f"could not start {job.command[0]}: {e}")
        return 1
    child["p"] = p
    update(job_dir, child_pid=p.pid)
    if stop["signal"] is not None:  # a signal between the start and recording the child
        p.send_signal(stop["signal"])
    rc = p.wait()
    fresh = update(job_dir, returncode=rc, ended=_now())
    if (job_dir / CANCEL_FILE).exists() or stop["signal"] is not None:
        state, error = "cancelled", None
    elif rc == 0:
        state, error = "finished", None
    else:
        state, error = "failed", fresh.error_excerpt()
    update(job_dir, state=state, error=error)
    print(f"[job {job.id}] {state} (exit status {rc})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
