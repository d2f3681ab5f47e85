"""HumanEval: a completion becomes a program (the problem's stub, the completion, its tests and
``check(entry_point)``), run in the confined Python worker the agent's Python tool uses
(``mimic.pysandbox.PythonSandbox``: its own process, resource limits, no network, no files outside
its working folder where the kernel allows). A problem passes when the program runs to its end
within the time limit. Every program gets a fresh worker, so nothing one program does to the
interpreter reaches the next.

What the model wrote is read the way a reader would: a fenced code block is taken from the fence;
a completion that defines the entry point itself is used whole (after the stub's imports); else it
is the function body, cut at the first line that starts a new top-level statement, as Codex's stop
sequences do.
"""

from __future__ import annotations

import re
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

_FENCE = re.compile(r"```(?:python|py)?[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL)
_STOPS = ("\nclass ", "\ndef ", "\n#", "\nif __name__", "\nprint(", "\nassert ")


@dataclass
class Outcome:
    passed: bool
    error: str | None = None  # the last line of what went wrong, for the predictions file


def _imports(stub: str) -> str:
    return "".join(line + "\n" for line in stub.splitlines() if line.startswith(("import ", "from ")))


def program(stub: str, completion: str, test: str, entry_point: str) -> str:
    """The program that checks ``completion`` against the problem's tests."""
    code = completion
    m = _FENCE.search(code)
    if m:
        code = m.group(1)
    if re.search(rf"^def {re.escape(entry_point)}\s*\(", code, re.MULTILINE):
        body = _imports(stub) + code
    else:
        cut = min((i for i in (code.find(s) for s in _STOPS) if i >= 0), default=len(code))
        body = stub + code[:cut]
    return f"{body}\n\n{test}\n\ncheck({entry_point})\n"


def _empty_db(folder: Path) -> Path:
    """The worker opens a read-only DuckDB file; HumanEval needs none, so an empty one."""
    import duckdb

    db = folder / "empty.duckdb"
    duckdb.connect(str(db)).close()
    return db


def run_programs(programs: list[str], timeout_s: float = 10.0, workers: int | None = None) -> list[Outcome]:
    """Run each program in its own confined worker (several at once); one Outcome per program."""
    import os

    from ..mimic.pysandbox import PythonLimits, PythonSandbox

    limits = PythonLimits(timeout_s=timeout_s, preload=(), memory_mb=1024)
    with tempfile.TemporaryDirectory(prefix="ehr-tui-humaneval-") as tmp:
        db = _empty_db(Path(tmp))

        def one(code: str) -> Outcome:
            with PythonSandbox(db, limits) as box:
                r = box.run(code, timeout_s)
            if r.ok:
                return Outcome(True)
            lines = [ln for ln in (r.error or r.stderr or "failed").strip().splitlines() if ln.strip()]
            return Outcome(False, lines[-1][:300] if lines else "failed")

        with ThreadPoolExecutor(max_workers=workers or max(1, min(8, os.cpu_count() or 1))) as pool:
            return list(pool.map(one, programs))
