"""Finding text inside a run's trajectories: the questions, the model's messages, the SQL and Python it
sent, the observations it read and the answers it gave. One regular expression, case-insensitive unless
asked otherwise. Used by `ehr-tui eval RUN --grep` and by `/` in the Debugger and the Runs screen, so the
three find the same hits."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from ..errors import UserError
from .tools import EXECUTE_PYTHON, EXECUTE_SQL, SUBMIT_ANSWER, call_argument
from .trajectory import Trajectory

FIELDS = ("question", "model", "sql", "python", "call", "observation", "answer")


@dataclass(frozen=True)
class Hit:
    traj: Trajectory
    field: str  # one of FIELDS
    step: int | None  # Step.index (0-based); None for the question and the answer
    call: int | None  # index of the tool call within the step
    start: int  # the match within the field's text
    end: int
    text: str  # the field's whole text

    def snippet(self, width: int = 80) -> str:
        """The match with some context, on one line."""
        half = max(10, (width - (self.end - self.start)) // 2)
        a, b = max(0, self.start - half), min(len(self.text), self.end + half)
        s = " ".join(self.text[a:b].split())
        return ("…" if a else "") + s + ("…" if b < len(self.text) else "")

    @property
    def where(self) -> str:
        if self.step is None:
            return self.field
        return f"step {self.step + 1} {self.field}"


def compile_pattern(pattern: str, case_sensitive: bool = False) -> re.Pattern:
    if not pattern:
        raise UserError("the search pattern is empty")
    try:
        return re.compile(pattern, 0 if case_sensitive else re.IGNORECASE)
    except re.error as e:
        raise UserError(f"not a valid regular expression: {pattern!r} ({e})") from None


def fields(traj: Trajectory) -> Iterator[tuple[str, int | None, int | None, str]]:
    """(field, step, call, text) of everything searchable in ``traj``, in reading order."""
    yield "question", None, None, traj.task.question
    for step in traj.steps:
        if step.content:
            yield "model", step.index, None, step.content
        for i, call in enumerate(step.tool_calls):
            if call.name == SUBMIT_ANSWER and traj.answer is not None:
                continue  # its argument is the answer, searched once below
            arg = call_argument(call) if call.name in (EXECUTE_SQL, EXECUTE_PYTHON) else None
            name = "sql" if call.name == EXECUTE_SQL else "python" if call.name == EXECUTE_PYTHON else "call"
            yield name, step.index, i, arg if arg is not None else call.arguments
            yield "observation", step.index, i, call.observation
    if traj.answer is not None:
        yield "answer", None, None, traj.answer


def hits(traj: Trajectory, rx: re.Pattern) -> list[Hit]:
    out = []
    for field, step, call, text in fields(traj):
        for m in rx.finditer(text or ""):
            if m.end() == m.start():  # an empty match (``a*``) finds nothing worth jumping to
                continue
            out.append(Hit(traj, field, step, call, m.start(), m.end(), text))
    return out


def search(trajs: Iterable[Trajectory], pattern: str, case_sensitive: bool = False) -> list[tuple[Trajectory,
                                                                                                  list[Hit]]]:
    """The trajectories with at least one hit, in the order given, each with its hits."""
    rx = compile_pattern(pattern, case_sensitive)
    out = []
    for t in trajs:
        found = hits(t, rx)
        if found:
            out.append((t, found))
    return out
