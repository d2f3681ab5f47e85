"""A string and the words bracketed after it: a variant of it (another stored value) or a remark about it.

MIMIC stores variants as values of their own: "Respiratory Rate (Total)" is itemid 224690, not 220210's
"Respiratory Rate"; "BLOOD CULTURE ( MYCO/F LYTIC BOTTLE)" is another spec_type_desc; "IV DRIP" another route,
"Insulin Glargine" another drug. So plain words in brackets after a string are taken as part of it, and the
string matches the gold only without them when they read as a remark: a digit ("(itemid 220210)"), a word of rank,
provenance or negation ("(most frequent)", "(as recorded)", "(not the Total one)", "(heparin flushes included)"; a
preposition or an article does not make one: "(of Chinese descent)" names ASIAN - CHINESE), a unit
("(insp/min)"), a MIMIC table ("(chartevents)"), the asked field named again ("(discharge location)"), an
abbreviation of the string or its expansion ("(RR)", "MICU (Medical Intensive Care Unit)"), or beside a drug the
same drug's other name or a route's letters ("furosemide (Lasix)", "Heparin (SC)"). Every bracket after the string
counts, not only the last ("Respiratory Rate (Total) (insp/min)"), and only a remark's first part decides
("(Total, spontaneous + mandatory)").
"""

from __future__ import annotations

import functools
import re

from .subjects import drugs
from .text import stems
from .units import unit_after

_PLAIN = re.compile(r"[A-Za-z][A-Za-z/&\-]*(?:\s+(?:[A-Za-z][A-Za-z/&\-]*|[-/&]))*")
_PART_END = re.compile(r"\s*(?:[,;:+=]|\s-\s)")
_DRUG_Q = re.compile(r"\b(?:drugs?|medications?|medicines?|prescri\w*|antibiotics?|dispensed|administered)\b", re.I)
# words that begin a remark about the value (its rank, its provenance, a negation), never a variant's name; a
# preposition or an article does not: "(of Chinese descent)", "(for hospice care)", "(the paroxysmal kind)" and
# "(from a skilled nursing facility)" each describe another stored value
_LEAD = frozenset("only also again same both all each any every first last latest earliest final initial see note not "
                  "no yes i we my our".split())
# words that make a remark wherever they stand: verbs, rank, the answer's provenance, the table's other columns, SQL
_REMARK = frozenset(
    "most least frequent frequently common commonest usual typical top overall number frequency "
    "was were is are be been being did does do has had have confirmed verified checked verbatim exact exactly literal "
    "literally recorded listed shown stored written coded entered documented included including excluded excluding "
    "prescribed given ordered sorted administered dispensed spelled spelt sic label labels labelled labeled value "
    "values name names named itemid item items column field row rows table entry code codes unique distinct approx "
    "approximately roughly about case lowercase uppercase abbrev abbreviated abbreviation short shortened full think "
    "believe metavision carevue category unitname fluid linksto route dose doses times orders limit select where "
    "group count".split())
_PER = frozenset("min hr h day d kg l dl ml m2 s sec breath beat mmhg".split())
# MIMIC's tables by names no description of a value has ("(chartevents)", "(from d_items)"): not "services"
_TABLE = re.compile(r"\w+events|d_\w+|icustays|diagnoses_icd|procedures_icd|drgcodes|poe(?:_detail)?|emar(?:_detail)?|"
                    r"omr", re.I)


def abbreviates(short: str, long: str) -> bool:
    """Whether the capitals ``short`` ("RR", "MICU", "F", "ABPm") abbreviate ``long``: its letters in order, from
    the first."""
    if "/" in long and "/" not in short:
        return False  # "Medical/Surgical ..." spells out MICU/SICU, not MICU
    raw = re.sub(r"[^A-Za-z]", "", short)
    letters, rest = raw.upper(), iter(re.sub(r"[^A-Za-z]", "", long).upper())
    capitals = raw[:-1] if len(raw) > 2 else raw  # a last small letter: "ABPm", "NBPs"
    return 1 <= len(letters) <= 6 and capitals.isupper() and all(c in rest for c in letters) and \
        long.lstrip()[:1].upper() == letters[0] and len(long) > len(short)


def _is_remark(inner: str, before: str, question: str) -> bool:
    m = _PLAIN.match(inner)
    if m is None:
        return True  # a code, an id or a figure first: "(E11.9)", "(2155-01-03)", "(12 times)"
    if "_" in inner or "." in inner.split()[0]:
        return True  # a column or a table: "(seq_num 1)", "(from d_icd_diagnoses)", "(admissions.race)"
    first = inner.split()[0]
    if any(c.isdigit() for c in first) or len(m.group(0)) <= 2 and inner[m.end():].lstrip()[:1] in ("=", ":"):
        return True  # a code or a count: "(E11.9)", "(n=14)", "(n = 14)"
    part = inner[:m.end()]  # the words before any figure or separator: "(Total, ...)", "(Flush 10 units/mL)"
    words = part.split()
    low = [w.lower().strip("/-&") for w in words]
    if low[0] in _LEAD or any(w in _REMARK or _TABLE.fullmatch(w) for w in low):
        return True
    if low[0] in ("via", "through") and len(words) == 2 and words[1].isupper():
        return True  # the line or device it went by: "IV (via PICC)"
    if len(words) == 1 and unit_after(part) and ("/" not in part or part.split("/")[-1].lower() in _PER):
        return True  # "(insp/min)", "(mg/dL)"; not "(Medical/Surgical)"
    said = stems(part)
    if said and said <= stems(question):
        return True  # the asked field named again: "SKILLED NURSING FACILITY (discharge location)"
    if _DRUG_Q.search(question) or drugs(before):
        same = drugs(part)
        if len(words) == 1 and same and same == drugs(before):
            return True  # the same drug's other name: "furosemide (Lasix)"
        if words[0].isupper() and 2 <= len(words[0]) <= 3:
            return True  # a route's letters: "Heparin (SC)", "Heparin (SC 5000 units)"
    # an abbreviation of the string or the string's expansion: "(RR)", "(ABPm)", "MICU (Medical Intensive Care
    # Unit)", "F (female)", "EW EMER. (emergency ward)"
    if "/" in part and "/" not in before:
        return False  # "MICU (Medical/Surgical ...)": the expansion of MICU/SICU
    initials = "".join(w[0] for w in words).upper()
    return abbreviates(part, before) or abbreviates(before, part) or initials in re.findall(r"\b[A-Z]+\b", before)


def names_variant(s: str, spans: list[tuple[int, int]], question: str) -> bool:
    """Whether any of the bracketed spans of ``s`` (``split_asides``) names a variant of the string before it."""
    for a, b in spans:
        inner = s[a:b].strip()[1:-1].strip()
        if inner and not _is_remark(inner, s[:a].strip(), question):
            return True
    return False


def variant_after(s: str, end: int, question: str) -> bool:
    """Whether a bracket right after ``end`` (an emphasised string's end) names a variant of it."""
    m = re.match(r"\s*[(\[]([^()\[\]]*)[)\]]", s[end:])
    return m is not None and names_variant(s[:end + m.end()], [(end, end + m.end())], question)


def expansion(s: str, span: tuple[int, int]) -> str | None:
    """"B (A)" for an answer "A (B)" whose A abbreviates B ("MICU (Medical Intensive Care Unit)")."""
    inner = s[span[0]:span[1]].strip()[1:-1].strip()
    before = s[:span[0]].strip()
    return f"{inner} ({before})" if " " not in before and abbreviates(before, inner) else None


@functools.lru_cache(maxsize=1024)
def short_form(gold: str) -> str | None:
    """The abbreviation a gold string ends on in parentheses, when it abbreviates the rest: "micu" for "medical
    intensive care unit (micu)" (MIMIC's careunits and services); an answer may give either."""
    m = re.fullmatch(r"(.+?)\s*\(([^()\s]+)\)", gold)
    return m.group(2) if m and abbreviates(m.group(2).upper(), m.group(1)) else None
