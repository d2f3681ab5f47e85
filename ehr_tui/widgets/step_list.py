"""The steps of one trajectory as a list: one entry per tool call (or per turn without one), with a status icon."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..agent.trajectory import Step, ToolCall, Trajectory

OK, FAILED, ANSWER_RIGHT, ANSWER_WRONG, NOTE, TASK = "✓", "✗", "★", "☆", "!", "?"
ICON_STYLES = {OK: "green", FAILED: "bold red", ANSWER_RIGHT: "bold green", ANSWER_WRONG: "bold red",
               NOTE: "yellow", TASK: "cyan"}


@dataclass(frozen=True)
class Entry:
    """What one line of the list stands for: the task itself (step None), or a step and one of its calls."""

    step: Step | None
    call: ToolCall | None

    @property
    def index(self) -> int:
        return -1 if self.step is None else self.step.index


def entries_of(traj: Trajectory) -> list[Entry]:
    out = [Entry(None, None)]
    for step in traj.steps:
        if step.tool_calls:
            out.extend(Entry(step, c) for c in step.tool_calls)
        else:
            out.append(Entry(step, None))
    return out


def entry_icon(entry: Entry, traj: Trajectory) -> str:
    if entry.step is None:
        return TASK
    call = entry.call
    if call is None:
        return NOTE  # a turn without a tool call (or an endpoint failure)
    if call.name == "submit_answer" and call.ok:
        return ANSWER_RIGHT if traj.correct else ANSWER_WRONG
    return OK if call.ok else FAILED


def is_failing(entry: Entry) -> bool:
    """A step that went wrong: a failed tool call, or a turn that produced no tool call."""
    if entry.step is None:
        return False
    if entry.call is None:
        return True
    return not entry.call.ok and entry.call.error != "skipped"


def entry_label(entry: Entry, traj: Trajectory) -> Text:
    icon = entry_icon(entry, traj)
    text = Text()
    text.append(f"{icon} ", style=ICON_STYLES[icon])
    if entry.step is None:
        text.append("task")
        return text
    text.append(f"{entry.step.index + 1:>2} ")
    if entry.call is None:
        text.append(entry.step.error or "message", style="italic")
    else:
        text.append(entry.call.name)
        if entry.call.error:
            text.append(f" {entry.call.error}", style="dim")
    return text


class StepList(OptionList):
    """OptionList of a trajectory's entries; highlight moves are reported by OptionList.OptionHighlighted."""

    DEFAULT_CSS = """
    StepList { width: 30; height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.entries: list[Entry] = []

    def set_trajectory(self, traj: Trajectory | None, keep: int = 0) -> None:
        self.entries = entries_of(traj) if traj is not None else []
        self.clear_options()
        if traj is not None:
            self.add_options([Option(entry_label(e, traj)) for e in self.entries])
            self.highlighted = max(0, min(keep, len(self.entries) - 1))

    @property
    def current(self) -> Entry | None:
        if self.highlighted is None or not self.entries:
            return None
        return self.entries[self.highlighted]

    def move(self, delta: int) -> None:
        if self.entries:
            now = self.highlighted if self.highlighted is not None else 0
            self.highlighted = max(0, min(len(self.entries) - 1, now + delta))

    def jump(self, index: int) -> None:
        if self.entries:
            self.highlighted = index % len(self.entries)
