"""Schema leaks: table or column names of MIMIC-IV written into a question.

A question that names ``admission_type`` or ``inputevents`` spells out part of its SQL and no
longer tests whether an agent can find its way in the schema. ``schema_leaks`` lists every word
of a phrasing that is a table or column name of ``mimic/schema.py``, after removing the
``{placeholders}`` (their values, not their names, reach the question).

Some column names are ordinary clinical words; they may appear (``ALLOWED``). Everything else a
question needs to be unambiguous belongs in the benchmark's conventions (``intents.conventions``),
given to agents in the system prompt, in clinical words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..mimic import schema

# Column (or table) names that are plain clinical English: a clinician says "gender",
# "insurance", "route" or "the drug" without thinking of a column.
ALLOWED = frozenset({
    "abbreviation", "admissions", "amount", "caregiver", "category", "code", "comments",
    "description", "dispensation", "drug", "duration", "flag", "fluid", "frequency", "gender",
    "insurance", "interpretation", "label", "language", "location", "medication", "ndc",
    "patients", "pharmacy", "prescriptions", "priority", "provider", "quantity", "race", "rate",
    "route", "services", "side", "site", "status", "transfers", "value", "warning",
})

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}")


@lru_cache(maxsize=1)
def schema_names() -> frozenset[str]:
    names = set()
    for t in schema.tables():
        names.add(t.name.lower())
        names.update(c.name.lower() for c in t.columns)
    return frozenset(names)


def schema_leaks(text: str) -> list[str]:
    """The table/column names in ``text`` (placeholders removed, allowed words skipped), in order."""
    names = schema_names()
    out = []
    for word in _WORD.findall(_PLACEHOLDER.sub(" ", text)):
        w = word.lower()
        if w in names and w not in ALLOWED and w not in out:
            out.append(w)
    return out
