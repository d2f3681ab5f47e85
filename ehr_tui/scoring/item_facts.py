"""What an answer says about a MIMIC item beside it: "220045 (linksto outputevents)", "Blood (category Hematology)".

The facts come from the built-in vocabulary's dictionaries (``mimic.vocabulary``: d_items and d_labitems rows with
MIMIC-IV's ids, labels, categories, units and, for ICU items, the table each links to). A fact the answer states
that the item does not have is a claim about another item; an item the vocabulary lacks is not checked.
"""

from __future__ import annotations

import functools
import re
from typing import Any

_FACT = re.compile(r"\b(linksto|links to|unitname|units|unit|category|fluid|label|abbreviation)\b\s*(?::|=|is)?\s*"
                   r"([^\s,;()\[\]][^,;()\[\]]*?)\s*(?=[,;)\]]|$)", re.I)
_KEYS = {"links to": "linksto", "unit": "unitname", "units": "unitname"}
_ITEMID = re.compile(r"\bitem(?:id)?\s*(?:=|:)?\s*(\d{5,6})\b", re.I)


@functools.lru_cache(maxsize=1)
def _items() -> dict[int, dict[str, str]]:
    from ..mimic.vocabulary import icu, labs
    out: dict[int, dict[str, str]] = {}
    for itemid, label, abbr, linksto, category, unit, *_ in icu.D_ITEMS:
        out[itemid] = {"label": label, "abbreviation": abbr, "linksto": linksto, "category": category,
                       "unitname": unit}
    for itemid, label, fluid, category, unit, *_ in labs.LAB_ITEMS:
        out[itemid] = {"label": label, "fluid": fluid, "category": category, "unitname": unit}
    return out


_TABLES = ("chartevents", "inputevents", "outputevents", "procedureevents", "datetimeevents", "ingredientevents",
           "labevents", "microbiologyevents")
_SET_ASIDE = re.compile(r"\b(?:not|never|rather than|instead of|unlike|vs\.?|versus)\s+(?:in\s+|from\s+)?$", re.I)


@functools.lru_cache(maxsize=1)
def _known() -> tuple[frozenset, frozenset, frozenset]:
    """Every unit, category and fluid the dictionaries have (as they are written, case folded)."""
    items = _items().values()
    return (frozenset(str(f["unitname"]).casefold() for f in items if f.get("unitname")),
            frozenset(str(f["category"]).casefold() for f in items if f.get("category")),
            frozenset(str(f["fluid"]).casefold() for f in items if f.get("fluid")))


def _unlabelled(text: str, facts: dict[str, str]) -> str | None:
    """A table, a unit, a category or a fluid the answer names without a key ("220045 (HR, mmHg, chartevents)",
    "220045 (stored in outputevents)") that is not the item's."""
    linksto = facts.get("linksto") or ("labevents" if "fluid" in facts else None)
    low = text.casefold()
    for t in _TABLES:
        for m in re.finditer(rf"\b{t}\b", low):
            if linksto and t != linksto and not _SET_ASIDE.search(low, 0, m.start()):
                return f"the item it names is in {linksto}, not {t}"
    units, categories, fluids = _known()
    for part in re.split(r"[,;()\[\]]|\bmeasured in\b|\bin\b", low):
        part = part.strip(" .'\"")
        for key, known in (("unitname", units), ("category", categories), ("fluid", fluids)):
            have = facts.get(key)
            if have and part in known and not _agrees(part, str(have).casefold()) and \
                    not (key == "category" and part == str(facts.get("fluid", "")).casefold()) and \
                    not (key == "fluid" and part == str(facts.get("category", "")).casefold()):
                return f"the item it names has {key} {have!r}, not {part!r}"
    return None


_SAME_UNITS = [frozenset(g.split("|")) for g in ("bpm|beats/min|beats per minute|/min", "meq/l|mmol/l",
                                                  "insp/min|breaths/min|breaths per minute|/min", "%|percent",
                                                  "mmhg|mm hg", "°c|c|celsius", "°f|f|fahrenheit")]


def _agrees(said: str, have: str) -> bool:
    """A stated fact that says the item's own in other words: "Vital Signs" for "Routine Vital Signs", "beats/min"
    for "bpm", "mmol/L" for "mEq/L"."""
    return said == have or (len(said) >= 4 and said in have) or (len(have) >= 4 and have in said) or \
        any(said in g and have in g for g in _SAME_UNITS)


def contradiction(text: str, question: str, gold: Any, kind: str) -> str | None:
    """The fact a bracket of ``text`` states that the asked item does not have, or None."""
    if kind == "identifier":
        try:
            itemid = int(gold)
        except (TypeError, ValueError):
            return None
    else:
        m = _ITEMID.search(question)
        if not m:
            return None
        itemid = int(m.group(1))
    facts = _items().get(itemid)
    if facts is None:
        return None
    why = _unlabelled(text, facts)
    if why:
        return why
    for bracket in re.findall(r"[(\[]([^()\[\]]*)[)\]]", text):
        for key, said in _FACT.findall(bracket):
            key = _KEYS.get(key.lower(), key.lower())
            have = facts.get(key)
            if have is not None and not _agrees(said.strip(" '\"`").casefold(), str(have).casefold()):
                return f"the item it names has {key} {have!r}, not {said.strip()!r}"
    return None
