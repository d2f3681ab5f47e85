"""Build the default database, or its first benchmark, in a child process that reports progress as JSON lines.

No Textual import. First launch is two children: the database (the app waits for it, about ten
seconds), then a first benchmark of FIRST_LAUNCH_TASKS tasks into HOME/tasks/tasks.jsonl, which
the app runs in the background while it is already open (the gold SQL of a thousand tasks takes
a minute or more on two cores; nobody should stare at a progress bar for it). A benchmark cut
short (the app quit) keeps its finished work in tasks.jsonl.partial and the next launch goes on
from there. `ehr-tui tasks generate` makes larger sets.

Why a child process: DuckDB draws its own progress bar straight onto the process's
standard output during long statements, which would scribble over the app's screen.
The child points its file descriptor 1 at /dev/null and writes its progress to a copy
of the original stdout instead, so the parent reads clean lines:
``{"step": ..., "fraction": ...}``, then ``{"done": PATH}`` or ``{"error": MESSAGE}``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

from ..errors import UserError

FIRST_LAUNCH_TASKS = 1000

Progress = Callable[[str, float], None]


def _run_child(args: list[str], progress: Progress, what: str,
               on_start: Callable[[subprocess.Popen], None] | None = None) -> Path:
    proc = subprocess.Popen([sys.executable, "-m", "ehr_tui.screens.default_db_worker", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    if on_start is not None:
        on_start(proc)
    result: Path | None = None
    error: str | None = None
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            try:
                msg = json.loads(line)
            except json.JSONDecodeError:
                continue
            if "step" in msg:
                progress(str(msg["step"]), float(msg["fraction"]))
            elif "done" in msg:
                result = Path(msg["done"])
            elif "error" in msg:
                error = str(msg["error"])
        proc.wait()
    finally:
        if proc.poll() is None:  # the app is closing mid-build: the child's temporary file is discarded
            proc.kill()
            proc.wait()
    if error:
        raise UserError(error)
    if result is None or proc.returncode != 0:
        detail = (proc.stderr.read() if proc.stderr else "").strip().splitlines()
        if proc.returncode is not None and proc.returncode < 0:
            detail = [f"stopped by signal {-proc.returncode}"]
        raise UserError(f"{what} failed" + (f": {detail[-1]}" if detail else f" (exit status {proc.returncode})"))
    return result


def build_in_child(progress: Progress, patients: int | None = None) -> Path:
    """Run ``ensure_default_db`` in a child process; progress is called as lines arrive.

    ``patients`` builds a smaller database of the same kind at the default path instead (tests).
    """
    from .. import paths

    try:
        return _run_child(["db", str(paths.home()), str(patients or 0)], progress, "building the default database")
    except UserError as e:
        raise UserError(f"{e}; `ehr-tui db synth` builds it from the command line") from None


def generate_in_child(progress: Progress, db: Path, n: int = FIRST_LAUNCH_TASKS,
                      on_start: Callable[[subprocess.Popen], None] | None = None) -> Path:
    """Generate the first benchmark (``n`` tasks on ``db``) into HOME/tasks/tasks.jsonl in a child process.

    ``on_start`` receives the child, so the app can stop it when it quits (finished work stays in
    the .partial file and a later call goes on from it).
    """
    from .. import paths

    try:
        return _run_child(["tasks", str(paths.home()), str(db), str(int(n))], progress,
                          "generating the first benchmark", on_start)
    except UserError as e:
        raise UserError(f"{e}; `ehr-tui tasks generate` makes a tasks file from the command line") from None


def main(argv: list[str]) -> int:
    from .. import paths
    from ..mimic.synthetic import build_synthetic, ensure_default_db

    mode, rest = (argv[0], argv[1:]) if argv else ("db", [])
    paths.set_home(rest[0] if rest else None)
    out = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # DuckDB's own progress bar goes nowhere

    def say(obj: dict) -> None:
        out.write(json.dumps(obj) + "\n")

    try:
        if mode == "tasks":
            from ..tasks.generate import generate_file

            db, n = Path(rest[1]), int(rest[2])

            def tasks_progress(done: int, total: int) -> None:
                say({"step": f"first benchmark: {done:,} of {total:,} tasks",
                     "fraction": done / max(1, total)})

            path = paths.tasks_dir() / "tasks.jsonl"
            generate_file(db, path, n, seed=0, progress=tasks_progress)
        else:
            patients = int(rest[1]) if len(rest) > 1 else 0
            report = lambda step, fraction: say({"step": step, "fraction": fraction})  # noqa: E731
            if patients:
                path = paths.default_db()
                build_synthetic(path, patients=patients, progress=report)
            else:
                path = ensure_default_db(progress=report)
    except UserError as e:
        say({"error": str(e)})
        return 2
    say({"done": str(path)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
