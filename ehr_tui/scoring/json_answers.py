"""A JSON object given as the answer: the entry the question asks for, where the others only stand beside it.

Agents often answer with an object ({"subject_id": 10039708, "n_icustays": 9}); the asked value is the entry whose
key's words the question uses, read as if it had been given alone, so long as every other entry is an id (or, for an
asked id, a fact about its entity: a label, a unit name, a time; for an asked string, code or time, any other column
of the row) and none qualifies the answer (a confidence, a unit, a type, a window, a note) or names a second
candidate of the same thing. Anything else is left to the
readers, which take several values where one is asked for as no answer.
"""

from __future__ import annotations

import json
import re
from typing import Any

# keys that qualify a JSON answer rather than give a value beside it: never dropped
_META_KEYS = re.compile(r"confiden|note|comment|caveat|warning|uncertain|alternativ|status|error|assum|reason|doubt|"
                        r"approx|estimat|guess|flag|explanation|remark|detail|message|source|query|sql|complete|"
                        r"partial|truncat|missing|exclud|includ|window|type|version|method|definition|"
                        r"(?:^|_)units?(?:$|_)", re.I)
_KEY_WORD = re.compile(r"[a-z]+|\d+")


_ENTITY_FACT = re.compile(r"(?:\w+_)?(?:label|name|unitname|linksto|category|description|long_title|title|"
                          r"intime|outtime|admittime|dischtime|charttime|gender|anchor_age)", re.I)


def _id_entry(key: Any, value: Any) -> bool:
    return str(key).lower().endswith("id") and isinstance(value, int) and not isinstance(value, bool)


def _key_stems(key: str) -> set[str]:
    return {w[:5] for w in _KEY_WORD.findall(str(key).lower().replace("itemid", "item id")) if w not in ("n", "of")}


def asked_entry(obj: dict, answer_type: str, kind: str, question: str) -> str | None:
    """The one entry of a JSON answer that the question asks for, as JSON, beside plain facts about it:
    {"subject_id": 10039708, "n_icustays": 9} for "Which subject_id had the most ICU stays?" is 10039708;
    {"hadm_id": 24410023, "icd_codes": [...]} for a set is the list. None when no entry, or more than one,
    is the asked one, or when another entry qualifies the answer ({"confidence": "low"})."""
    if any(_META_KEYS.search(str(k)) for k in obj):
        return None
    if answer_type in ("list", "set"):
        lists = [k for k, v in obj.items() if isinstance(v, list)]
        if len(lists) == 1 and all(not isinstance(v, (list, dict)) for k, v in obj.items() if k != lists[0]):
            return json.dumps(obj[lists[0]])
        return None
    q = {w[:5] for w in _KEY_WORD.findall(question.lower().replace("itemid", "item id"))}
    asked = [k for k, v in obj.items() if not isinstance(v, (list, dict)) and _key_stems(k) and _key_stems(k) <= q]
    if len(asked) != 1:
        return None
    # beside an asked id, ids and facts about its entity ({"itemid": ..., "label": ..., "unitname": ...}); beside any
    # other value only ids, which cannot qualify it as a unit, a type or a window would ({"drg_type": "HCFA", ...})
    # beside a string, a code or a time, the row's other columns ({"drug": "Vancomycin", "route": "IV"}): none of
    # them answers for the asked column, and the keys that qualify an answer are turned away above
    ident, textual = kind == "identifier", kind in ("string", "code", "date", "timestamp")
    if not textual and not all(k == asked[0] or _id_entry(k, v) or ident and _ENTITY_FACT.fullmatch(str(k))
                               for k, v in obj.items()):
        return None
    # another entry of the same thing ({"stay_id": 1, "other_stay_id": 2}): two candidates, not one
    if any(k != asked[0] and _key_stems(k) >= _key_stems(asked[0]) for k in obj):
        return None
    return json.dumps({asked[0]: obj[asked[0]]})
