"""Question templates: paraphrased questions + gold SQL with parameters sampled from the database.

A template's ``params`` query returns one row per candidate parameter set (its column names are
the placeholders); ``grid`` adds parameters that do not come from the data (a top-k's k, a time
window). ``{name}`` in the SQL becomes a SQL literal ('text' quoted, NULL, numbers as written),
in a question the plain value. Values are first made JSON-safe (dates as ISO text), so a task
can be re-rendered from its stored parameters alone; SQL that needs a timestamp writes
``TIMESTAMP {t}``.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..scoring.kinds import parse_kinds
from ..sqltext import sql_literal
from .model import ANSWER_TYPES, INTENTS, LEVELS

_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")


@dataclass(frozen=True)
class Template:
    id: str                       # "<intent>.<level>.<name>"
    questions: tuple[str, ...]    # paraphrases, each stating everything the answer depends on
    params: str                   # SELECT of candidate parameter rows (column name = placeholder)
    sql: str                      # gold SQL (DuckDB), placeholders rendered as SQL literals
    answer: str                   # answer type, one of model.ANSWER_TYPES
    ordered: bool = False         # table answers: whether row order matters
    rows: int | str | None = None  # exact row count of a valid answer, or the parameter holding it (top-k: "k")
    grid: dict[str, tuple] = field(default_factory=dict)  # extra parameters: name -> choices
    needs: tuple[str, ...] = ()   # "cost_schedule": needs schema ehr_tui_ref
    max_rows: int = 30            # longer answers are not sensible tasks: dropped
    derived: tuple[str, ...] = ()  # SQL parameters the question states through another (gender 'F' as "female")
    family: str = ""              # near-twins (first/last/max of one value) share a family: split together
    kinds: tuple[str, ...] = ()   # answer kinds (scoring.kinds), one per answer column; () = inferred from the SQL

    @property
    def intent(self) -> str:
        return self.id.split(".")[0]

    @property
    def level(self) -> str:
        return self.id.split(".")[1]

    @property
    def category(self) -> str:
        return f"{self.intent}/{self.level}"

    @property
    def family_id(self) -> str:
        """The train/test split unit: templates of one family are never on both sides."""
        return f"{self.intent}.{self.family}" if self.family else self.id

    def problems(self) -> list[str]:
        """What is wrong with the template's definition (empty when it is well-formed)."""
        out = []
        parts = self.id.split(".")
        if len(parts) != 3 or parts[0] not in INTENTS or parts[1] not in LEVELS:
            out.append(f"id {self.id!r} is not <intent>.<level>.<name>")
        if self.answer not in ANSWER_TYPES:
            out.append(f"answer type {self.answer!r} is not one of {', '.join(ANSWER_TYPES)}")
        if not self.questions:
            out.append("no question phrasing")
        used = placeholders(self.sql) - set(self.derived)
        for q in self.questions:
            if not used <= placeholders(q):  # a question may show more (a label), never less
                out.append(f"question {q[:40]!r}... does not state parameter(s) "
                           f"{', '.join(sorted(used - placeholders(q)))} that the SQL uses")
        if isinstance(self.rows, str) and self.rows not in placeholders(self.sql):
            out.append(f"rows refers to {self.rows!r}, which the SQL does not use")
        if self.kinds:
            try:
                parse_kinds(self.kinds)
            except ValueError as e:
                out.append(f"kinds: {e}")
            if self.answer != "table" and len(self.kinds) != 1:
                out.append(f"kinds: a {self.answer} answer has one kind, got {len(self.kinds)}")
        return out


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def display(value: Any) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, float):
        return f"{value:g}" if abs(value) < 1e15 else repr(value)
    return str(value)


def _render(text: str, params: dict[str, Any], fmt) -> str:
    def sub(m: re.Match) -> str:
        name = m.group(1)
        if name not in params:
            raise KeyError(f"parameter {name!r} is not supplied")
        return fmt(params[name])
    return _PLACEHOLDER.sub(sub, text)


def used_parameters(template: Template) -> set[str]:
    """Parameters a task stores: those its SQL or any of its phrasings use."""
    out = placeholders(template.sql)
    for q in template.questions:
        out |= placeholders(q)
    return out


def render_sql(template: Template, params: dict[str, Any]) -> str:
    return _render(template.sql, params, sql_literal).strip()


def render_question(phrasing: str, params: dict[str, Any]) -> str:
    return _render(phrasing, params, display)


def task_id(template: Template, params: dict[str, Any]) -> str:
    """Stable id: the template and a digest of the parameters (not of the phrasing)."""
    digest = hashlib.sha1(json.dumps(params, sort_keys=True, default=str).encode()).hexdigest()[:10]
    return f"{template.id}:{digest}"
