"""Filtering a task list fast enough to run on every keystroke at 52K tasks (no Textual import).

The searchable text of each task is lower-cased once; a filter is then one pass
of cheap comparisons that yields the indices of the tasks that pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..agent.trajectory import RunStore, Trajectory, list_runs, sha256_file
from ..errors import UserError
from ..tasks.model import Task

# Marks for a task's latest result in a run: all trials right, some, none, or never run.
PASS, PARTIAL, FAIL, UNRUN = "✓", "◐", "✗", "·"
RESULT_FILTERS = ("failed", "passed", "unrun")


@dataclass(frozen=True)
class TaskFilter:
    text: str = ""
    intent: str | None = None
    level: str | None = None
    complexity: tuple[int | None, int | None] = (None, None)  # inclusive bounds
    result: str | None = None  # one of RESULT_FILTERS

    @property
    def active(self) -> bool:
        return bool(self.text.strip() or self.intent or self.level or self.result
                    or self.complexity != (None, None))


_RANGE = re.compile(r"^\s*(?:(\d+)\s*(?:-|–|\.\.)\s*(\d*)|-\s*(\d+)|(>=|>|<=|<|≥|≤)\s*(\d+)|(\d+))\s*$")


def parse_complexity_range(text: str) -> tuple[int | None, int | None]:
    """'20-40', '20-', '-40', '>=20', '<30', '25' -> inclusive (low, high); '' -> no bound."""
    if not text.strip():
        return None, None
    m = _RANGE.match(text)
    if not m:
        raise UserError(f"complexity range {text!r} is not understood: write e.g. 20-40, 20-, -40, >=20 or 25")
    lo, hi, only_hi, op, op_n, exact = m.groups()
    if exact:
        return int(exact), int(exact)
    if only_hi:
        return None, int(only_hi)
    if op:
        n = int(op_n)
        return {">=": (n, None), "≥": (n, None), ">": (n + 1, None),
                "<=": (None, n), "≤": (None, n), "<": (None, n - 1)}[op]
    low, high = int(lo), (int(hi) if hi else None)
    if high is not None and high < low:
        raise UserError(f"complexity range {text!r} is empty: the lower bound must not exceed the upper")
    return low, high


def result_marks(trajectories: Iterable[Trajectory]) -> dict[str, str]:
    """Per task: PASS if every trial was correct, FAIL if none was, PARTIAL otherwise."""
    by_task: dict[str, list[bool]] = {}
    for t in trajectories:
        if t.finished:
            by_task.setdefault(t.task_id, []).append(t.correct)
    return {tid: PASS if all(v) else FAIL if not any(v) else PARTIAL for tid, v in by_task.items()}


def latest_results(tasks_file: Path) -> dict[str, str]:
    """Each task's mark in the newest run made on this very tasks file (same content), if any."""
    sha = sha256_file(tasks_file)
    marks: dict[str, str] = {}
    for info in list_runs():  # newest first
        if info.settings.tasks_sha256 != sha:
            continue
        for tid, mark in result_marks(RunStore(info.path).latest(warn=lambda m: None).values()).items():
            marks.setdefault(tid, mark)
    return marks


class TaskIndex:
    """The tasks and what the filters look at, kept in parallel lists."""

    def __init__(self, tasks: Sequence[Task], results: Mapping[str, str] | None = None) -> None:
        self.tasks = list(tasks)
        self._hay = [f"{t.id}\n{t.question}\n{t.template_id}".lower() for t in self.tasks]
        self._intent = [t.intent for t in self.tasks]
        self._level = [t.level for t in self.tasks]
        self._cx = [t.complexity_total for t in self.tasks]
        self.by_id = {t.id: i for i, t in enumerate(self.tasks)}
        self.set_results(results or {})

    def set_results(self, results: Mapping[str, str]) -> None:
        self.results = [results.get(t.id, UNRUN) for t in self.tasks]

    def __len__(self) -> int:
        return len(self.tasks)

    def filter(self, f: TaskFilter) -> list[int] | range:
        if not f.active:
            return range(len(self.tasks))
        idx: Sequence[int] = range(len(self.tasks))
        if f.intent:
            idx = [i for i in idx if self._intent[i] == f.intent]
        if f.level:
            idx = [i for i in idx if self._level[i] == f.level]
        lo, hi = f.complexity
        if lo is not None:
            idx = [i for i in idx if self._cx[i] >= lo]
        if hi is not None:
            idx = [i for i in idx if self._cx[i] <= hi]
        if f.result:
            wanted = {"failed": (FAIL, PARTIAL), "passed": (PASS,), "unrun": (UNRUN,)}[f.result]
            idx = [i for i in idx if self.results[i] in wanted]
        words = f.text.lower().split()
        for w in words:
            hay = self._hay
            idx = [i for i in idx if w in hay[i]]
        return idx if isinstance(idx, list) else list(idx)
