"""The task record: THE one format for benchmark tasks, and its JSONL reader/writer.

One JSON object per line. The reader validates every record and reports the
line and field of each bad one while still loading the good ones, so one
hand-edited typo does not cost a 52K-task file.

Format 2 adds ``answer_kinds`` (how each answer value, or each table column, is compared: see
``ehr_tui.scoring.kinds``) and ``empty_answer`` (the true answer is "none": an empty set or no
value, so "none" can be right). Version-1 files are still read: their kinds are inferred from the
gold SQL and answer, and the reader says so once per file (``TaskFile.notes``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import UserError
from ..fileio import atomic_output
from ..scoring import check_kinds, kinds_of

FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
INTENTS = ("demographics", "vitals", "medications", "cost", "labs", "diagnoses")
LEVELS = ("patient", "population")
SPLITS = ("train", "test")
# number: one numeric value; string; boolean; date (ISO yyyy-mm-dd or timestamp);
# list: ordered values; set: unordered values; table: rows of values (ordered unless the
# question says otherwise, see Task.ordered).
ANSWER_TYPES = ("number", "string", "list", "set", "table", "boolean", "date")


@dataclass
class Task:
    id: str
    intent: str
    level: str
    template_id: str
    split: str
    question: str
    gold_sql: str
    gold_answer: Any  # JSON value, as executed: scalar, list of values, or list of rows
    answer_type: str
    parameters: dict[str, Any] = field(default_factory=dict)
    tables: list[str] = field(default_factory=list)  # qualified names, e.g. mimiciv_hosp.labevents
    complexity: dict[str, Any] = field(default_factory=dict)  # {"total": int, "breakdown": {kind: n}}
    ordered: bool = False  # for table answers: whether row order matters
    db: dict[str, str] = field(default_factory=dict)  # source/version/fingerprint of the gold database
    # one kind per answer value (scalar, list and set: one; table: one per column), e.g. ["measurement:2"]
    answer_kinds: list[str] = field(default_factory=list)
    empty_answer: bool = False  # the true answer is none / empty (gold_answer None or [])
    format_version: int = FORMAT_VERSION

    @property
    def complexity_total(self) -> int:
        return int(self.complexity.get("total", 0))

    def to_json(self) -> str:
        d = asdict(self)
        # a Task built without kinds (by hand, in a test, by an older generator) is written with inferred ones
        if not d["answer_kinds"]:
            d["answer_kinds"] = [str(k) for k in kinds_of(self)]
        d["empty_answer"] = self.empty_answer or self.gold_answer is None or self.gold_answer == []
        d["format_version"] = FORMAT_VERSION
        return json.dumps(d, ensure_ascii=False, sort_keys=False, default=str)


# field -> (python types accepted, required)
_FIELDS: dict[str, tuple[tuple[type, ...], bool]] = {
    "format_version": ((int,), True),
    "id": ((str,), True),
    "intent": ((str,), True),
    "level": ((str,), True),
    "template_id": ((str,), True),
    "split": ((str,), True),
    "question": ((str,), True),
    "gold_sql": ((str,), True),
    "gold_answer": ((object,), True),
    "answer_type": ((str,), True),
    "parameters": ((dict,), False),
    "tables": ((list,), False),
    "complexity": ((dict,), False),
    "ordered": ((bool,), False),
    "db": ((dict,), False),
    "answer_kinds": ((list,), True),
    "empty_answer": ((bool,), False),
}
_NEW_IN_2 = ("answer_kinds", "empty_answer")
_CHOICES = {"intent": INTENTS, "level": LEVELS, "split": SPLITS, "answer_type": ANSWER_TYPES}


@dataclass(frozen=True)
class RecordError:
    line: int
    field: str | None
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", field {self.field!r}" if self.field else "")
        return f"{where}: {self.message}"


def task_from_dict(obj: Any, line: int = 0) -> tuple[Task | None, list[RecordError]]:
    """Validate one decoded record; (task, []) or (None, errors)."""
    if not isinstance(obj, dict):
        return None, [RecordError(line, None, "a task must be a JSON object")]
    errors = []
    version = obj.get("format_version", 1)
    if version not in READABLE_VERSIONS:
        return None, [RecordError(line, "format_version",
                                  f"unsupported task format version {version!r}: this ehr-tui reads versions "
                                  f"{', '.join(map(str, READABLE_VERSIONS))}; regenerate the tasks or upgrade "
                                  "ehr-tui")]
    for name, (types, required) in _FIELDS.items():
        if version == 1 and name in _NEW_IN_2:
            if name in obj:
                errors.append(RecordError(line, name, f"{name} is a format-2 field, but the record says "
                                                      "format_version 1"))
            continue
        if name not in obj:
            if required:
                errors.append(RecordError(line, name, "missing"))
            continue
        value = obj[name]
        if types != (object,) and (not isinstance(value, types) or (int in types and isinstance(value, bool))):
            errors.append(RecordError(line, name, f"expected {types[0].__name__}, got {type(value).__name__}"))
        elif name in _CHOICES and value not in _CHOICES[name]:
            errors.append(RecordError(line, name, f"{value!r} is not one of {', '.join(_CHOICES[name])}"))
        elif name in ("id", "question", "gold_sql") and not value.strip():
            errors.append(RecordError(line, name, "empty"))
    unknown = sorted(set(obj) - set(_FIELDS))
    if unknown:
        errors.append(RecordError(line, unknown[0], f"unknown field(s) {', '.join(unknown)}"))
    if errors:
        return None, errors
    if version == 2:
        problem = check_kinds(obj["answer_kinds"], obj["answer_type"], obj["gold_answer"])
        if problem:
            return None, [RecordError(line, "answer_kinds", problem)]
        empty = obj["gold_answer"] is None or obj["gold_answer"] == []
        if empty != bool(obj.get("empty_answer", False)):
            return None, [RecordError(line, "empty_answer", "the gold answer is empty but empty_answer is not set"
                                      if empty else "empty_answer is set but the gold answer is not empty")]
        return Task(**obj), []
    task = Task(**{**obj, "format_version": FORMAT_VERSION})
    task.answer_kinds = [str(k) for k in kinds_of(task)]  # version 1: inferred (read_tasks says so)
    task.empty_answer = task.gold_answer is None or task.gold_answer == []
    return task, []


@dataclass
class TaskFile:
    path: Path
    tasks: list[Task]
    errors: list[RecordError]  # one per bad field: a line can have several
    notes: list[str] = field(default_factory=list)  # things worth saying once (an older format upgraded)

    @property
    def bad_records(self) -> int:
        """How many lines were skipped (a line with 9 bad fields is one bad record)."""
        return len({e.line for e in self.errors})


def read_tasks(path: str | Path, warn: Callable[[str], None] | None = None) -> TaskFile:
    """Load a tasks JSONL file; bad records are skipped and listed in ``errors``. A file in format 1 is
    upgraded in memory (kinds inferred); ``notes`` (and ``warn``, once) say so."""
    path = Path(path)
    if path.is_dir():
        raise UserError(f"{path} is a folder, not a tasks file: give the JSONL file (e.g. {path}/tasks.jsonl)")
    if not path.is_file():
        raise UserError(f"tasks file {path} does not exist: make one with `ehr-tui tasks generate`")
    tasks, errors, seen, old = [], [], set(), 0
    with path.open(encoding="utf-8") as f:
        for n, raw in enumerate(f, start=1):
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as e:
                errors.append(RecordError(n, None, f"not valid JSON ({e.msg} at column {e.colno})"))
                continue
            task, errs = task_from_dict(obj, n)
            if task is not None and isinstance(obj, dict) and obj.get("format_version", 1) == 1:
                old += 1
            if task is not None and task.id in seen:
                errs = [RecordError(n, "id", f"duplicate id {task.id!r}")]
                task = None
            errors.extend(errs)
            if task is not None:
                seen.add(task.id)
                tasks.append(task)
    notes = []
    if old:
        notes.append(f"{path.name}: {old:,} task(s) in task format 1 were read with answer kinds inferred from "
                     "their gold SQL and answers; regenerate the file (`ehr-tui tasks generate`) to store them")
        if warn is not None:
            warn(notes[0])
    return TaskFile(path, tasks, errors, notes)


def write_tasks(path: str | Path, tasks: Iterable[Task]) -> int:
    """Write tasks atomically (temp file + rename): a crash never leaves a half-written file."""
    n = 0
    with atomic_output(path) as f:
        for t in tasks:
            f.write(t.to_json() + "\n")
            n += 1
    return n
