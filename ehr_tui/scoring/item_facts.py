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
    for bracket in re.findall(r"[(\[]([^()\[\]]*)[)\]]", text):
        for key, said in _FACT.findall(bracket):
            key = _KEYS.get(key.lower(), key.lower())
            have = facts.get(key)
            if have is not None and said.strip(" '\"`").casefold() != str(have).casefold():
                return f"the item it names has {key} {have!r}, not {said.strip()!r}"
    return None
