"""Build the default database (and a first tasks file) in a child process, reporting progress as JSON lines.

No Textual import. After the database, a first benchmark of FIRST_LAUNCH_TASKS tasks is
generated into HOME/tasks/tasks.jsonl unless a tasks file is already there, so the app
opens with something to browse and run (`ehr-tui tasks generate` makes larger sets).

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
DB_SHARE = 0.7  # of the progress bar: building the database, then generating tasks


def build_in_child(progress: Callable[[str, float], None], patients: int | None = None,
                   tasks: int = FIRST_LAUNCH_TASKS) -> Path:
    """Run ``ensure_default_db`` and the first task generation in a child process; progress is
    called as lines arrive.

    ``patients`` builds a smaller database of the same kind at the default path instead, and
    ``tasks`` asks for fewer tasks (tests).
    """
    from .. import paths

    args = [str(paths.home()), str(patients or 0), str(tasks)]
    proc = subprocess.Popen([sys.executable, "-m", "ehr_tui.screens.default_db_worker", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
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
        raise UserError("building the default database failed"
                        + (f": {detail[-1]}" if detail else f" (exit status {proc.returncode})")
                        + "; `ehr-tui db synth` builds it from the command line")
    return result


def main(argv: list[str]) -> int:
    from .. import paths
    from ..mimic.synthetic import build_synthetic, ensure_default_db

    paths.set_home(argv[0] if argv else None)
    patients = int(argv[1]) if len(argv) > 1 else 0
    n_tasks = int(argv[2]) if len(argv) > 2 else FIRST_LAUNCH_TASKS
    out = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # DuckDB's own progress bar goes nowhere

    def say(obj: dict) -> None:
        out.write(json.dumps(obj) + "\n")

    report = lambda step, fraction: say({"step": step, "fraction": DB_SHARE * fraction})  # noqa: E731
    try:
        if patients:
            path = paths.default_db()
            build_synthetic(path, patients=patients, progress=report)
        else:
            path = ensure_default_db(progress=report)
        if n_tasks and not any(paths.tasks_dir().glob("*.jsonl")):
            from ..tasks.generate import generate_file

            def tasks_progress(done: int, total: int) -> None:
                say({"step": f"benchmark tasks: {done:,} of {total:,} (gold SQL run on the new database)",
                     "fraction": DB_SHARE + (1 - DB_SHARE) * done / max(1, total)})

            generate_file(path, paths.tasks_dir() / "tasks.jsonl", n_tasks, seed=0, progress=tasks_progress)
    except UserError as e:
        say({"error": str(e)})
        return 2
    say({"done": str(path)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
