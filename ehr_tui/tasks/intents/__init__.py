"""The six clinical intents, one module each; every module exposes ``TEMPLATES``.

The train/test split is by template, so test templates are unseen in training. The assignment
is fixed by the template ids alone: within each intent x level category the templates are
ranked by the SHA-1 of their id, and the first ones
are test templates. Adding a template to a category can move at most that category's assignment.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from functools import lru_cache

from ..model import INTENTS, LEVELS
from ..template import Template
from . import cost, demographics, diagnoses, labs, medications, vitals

TEST_FRACTION = 0.1
_MODULES = {"demographics": demographics, "vitals": vitals, "medications": medications, "cost": cost,
            "labs": labs, "diagnoses": diagnoses}
assert tuple(_MODULES) == INTENTS


@lru_cache(maxsize=1)
def all_templates() -> tuple[Template, ...]:
    """Every template, by intent then id; raises if two share an id or one is malformed."""
    out, seen = [], set()
    for intent, module in _MODULES.items():
        for t in sorted(module.TEMPLATES, key=lambda t: t.id):
            problems = t.problems()
            if t.intent != intent:
                problems.append(f"listed in intents/{intent}.py but its id says {t.intent}")
            if t.id in seen:
                problems.append("duplicate id")
            if problems:
                raise ValueError(f"template {t.id}: {'; '.join(problems)}")
            seen.add(t.id)
            out.append(t)
    return tuple(out)


@lru_cache(maxsize=1)
def splits() -> dict[str, str]:
    """template id -> "train" | "test"."""
    by_cat: dict[str, list[str]] = defaultdict(list)
    for t in all_templates():
        by_cat[t.category].append(t.id)
    out = {}
    for ids in by_cat.values():
        ranked = sorted(ids, key=lambda i: hashlib.sha1(i.encode()).hexdigest())
        n_test = max(1, round(TEST_FRACTION * len(ranked)))
        for rank, tid in enumerate(ranked):
            out[tid] = "test" if rank < n_test else "train"
    return out


def by_category() -> dict[tuple[str, str], list[Template]]:
    out: dict[tuple[str, str], list[Template]] = {(i, lv): [] for i in INTENTS for lv in LEVELS}
    for t in all_templates():
        out[(t.intent, t.level)].append(t)
    return out


def conventions() -> list[str]:
    """The benchmark's documented conventions, in clinical words, for agents' system prompts.

    Where a question's answer is only unique under a convention (how age is counted, which
    admission is "first"), the convention is stated once here rather than inside every question.
    Each intent module may define ``CONVENTIONS``; duplicates are listed once, in module order.
    """
    out: list[str] = []
    for module in _MODULES.values():
        for c in getattr(module, "CONVENTIONS", ()):
            if c not in out:
                out.append(c)
    return out


def get(template_id: str) -> Template:
    for t in all_templates():
        if t.id == template_id:
            return t
    raise KeyError(f"no template {template_id!r}")
