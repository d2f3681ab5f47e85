"""A string and the words bracketed after it: a variant of it (another stored value) or a remark about it.

MIMIC stores variants as values of their own: "Respiratory Rate (Total)" is itemid 224690, not 220210's
"Respiratory Rate"; "BLOOD CULTURE ( MYCO/F LYTIC BOTTLE)" is another spec_type_desc; "IV DRIP" another route,
"Insulin Glargine" another drug. So words in brackets after a string are taken as part of it, and the string
matches the gold without them only when every bracket, and every part of one ("(dialysis, peritoneal)" is a gloss
and a variant), reads as a remark: a digit, a column or a table ("(itemid 220210)", "(seq_num 1)", "(chartevents)"),
a word of rank, provenance or time ("(most frequent)", "(as recorded)", "(placed after admission)"), a unit, a count,
the asked field named again, an abbreviation of the string or its expansion ("(RR)", "MICU (Medical Intensive Care
Unit)"), a gloss in its own words or a stored code's synonym ("Hemodialysis (dialysis)", "PO (oral)"), the drug's
class, the same lab or condition, beside a drug its other name or route letters ("furosemide (Lasix)", "Heparin
(SC)"), another item set aside ("(not Insulin)"). A preposition or an article does not make a remark ("(of Chinese
descent)" names ASIAN - CHINESE). A bracket names another value when it gives another strength or stored code
("Dextrose 5% (D10W)", "BID (Q12H)"), says the stored value is another ("(recorded as IVPB)"), names a competitor
(another drug, lab, or MIMIC stored code or item: "(KCl had more orders)", "(after a few hours in the CCU)"),
changes the event ("(was held)") or names the analyte in another specimen ("(urine creatinine)").
"""

from __future__ import annotations

import functools
import re

from .subjects import conditions, drug_class_named, drugs, labs, specimens
from .text import stems
from .units import unit_after

_PLAIN = re.compile(r"[A-Za-z][A-Za-z/&\-]*(?:\s+(?:[A-Za-z][A-Za-z/&\-]*|[-/&]))*")
# words that begin a remark about the value (its rank, its provenance, a negation), never a variant's name; a
# preposition or an article does not: "(of Chinese descent)", "(for hospice care)", "(the paroxysmal kind)" and
# "(from a skilled nursing facility)" each describe another stored value
_LEAD = frozenset("only also again same both all each any every first last latest earliest final initial see note yes "
                  "i we my our".split())
# words that make a remark wherever they stand: verbs, rank, the answer's provenance, the table's other columns, SQL
_REMARK = frozenset(
    "most least frequent frequently common commonest usual typical top overall number frequency "
    "was were is are be been being did does do has had have confirmed verified checked verbatim exact exactly literal "
    "literally recorded listed shown stored written coded entered documented included including excluded excluding "
    "prescribed given ordered sorted administered dispensed spelled spelt sic label labels labelled labeled value "
    "values name names named itemid item items column field row rows table entry code codes unique distinct approx "
    "approximately roughly about case lowercase uppercase abbrev abbreviated abbreviation short shortened full think "
    "believe metavision carevue category unitname fluid linksto route dose doses times orders limit select where "
    "group count placed seen started charted taken drawn noted unchanged consistently across ahead largest "
    "smallest highest lowest until through during after before inserted removed performed".split())
_SOURCES = frozenset("pharmacy emar prescriptions admissions transfers services patients icustays chartevents labevents "
                     "inputevents outputevents procedureevents omr poe hosp icu mimic d_items d_labitems".split())
_COUNT_WORDS = frozenset("one two three four five six seven eight nine ten twelve several many few".split())
_STOP = frozenset("the a an of in on at to for and or by from with".split())
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


_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_CODE_WORD = re.compile(r"[A-Z][A-Z0-9]*\d[A-Z0-9]*|[A-Z]{2,5}")
# one thing's stored codes and their words (MIMIC's routes, frequencies, sexes): a bracket of the same group
# glosses the value ("PO (oral)", "BID (twice daily)", "F (a woman)"); one of another group's is another value
_SAME = [frozenset(g.split("|")) for g in (
    "po|oral|by mouth|orally|per os", "iv|intravenous|intravenously", "sc|sq|subcut|subcutaneous|subcutaneously",
    "im|intramuscular|intramuscularly", "pr|rectal|rectally|per rectum", "sl|sublingual|sublingually",
    "ng|nasogastric|via ng tube", "ih|inhaled|inhalation|nebulized", "td|transdermal|patch", "top|topical",
    "bid|twice daily|twice a day|two times a day|2 times daily", "tid|three times daily|three times a day",
    "qid|four times daily|four times a day", "daily|once daily|once a day|qd|qday", "qhs|at bedtime|nightly",
    "prn|as needed", "f|female|woman|a woman|women", "m|male|man|a man|men")]


def _same_thing(part: str, before: str) -> bool:
    """Whether the bracket names the value again in other words: a stored code's gloss, the drug's class, the
    same lab test, vital sign or condition ("Furosemide (a loop diuretic)", "Heart Rate (pulse)")."""
    a, b = " ".join(part.lower().split()), " ".join(before.lower().split())
    if any(a in g and b in g for g in _SAME):
        return True
    if drugs(before) and drug_class_named(part) and not drugs(part):
        return True
    if specimens(part) - specimens(before):
        return False  # "Creatinine (urine creatinine)": the same analyte in another specimen is another test
    same_lab, same_condition = labs(part), conditions(part)
    short = len([w for w in a.split() if w not in _STOP]) <= 3  # a name, not a name and a qualifier of it
    return bool(short and (same_lab and same_lab == labs(before) or same_condition and same_condition == conditions(before)))


_STRENGTH = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|mg|mcg|g|ml|meq|units?|hours?|days?)(?![a-z])|"
                       r"(?<![\w.])[A-Za-z]+(\d+(?:\.\d+)?)[A-Za-z]+(?![\w.])", re.I)


def _strengths(inner: str) -> set[str]:
    """The figures of strengths, durations and coded strengths in a bracket ("24 to 96 hours" -> 96, "D10W" -> 10;
    a count "(27 prescriptions)" has none)."""
    out = set()
    for m in _STRENGTH.finditer(inner):
        out.add(m.group(1) or m.group(2))
    for m in re.finditer(r"(?<![\w.])(\d+)\s*(?:-|\u2013|to)\s*(\d+)\s+(?:[a-z]+\s+)?(?:hours?|days?|%)", inner, re.I):
        out |= {m.group(1), m.group(2)}  # "24-96 Consecutive Hours"
    if out and re.search(r"\d+\s*(?:-|\u2013|to)\s*\d+", inner):
        out |= set(_NUMBER.findall(inner))  # a range's first figure shares the unit of its second
    return out


# a bracket that says what the stored value is: "(recorded as IVPB)" names IVPB, a remark only when that is the value
_STATED_AS = re.compile(r"^(?:(?:was|is|were)\s+)?(?:recorded|charted|listed|stored|coded|documented|entered|written|"
                        r"labell?ed|shown|filed)\s+(?:as|under)\s+(.+)$", re.I)
# words that change the event the value names: "Administered (was held)"
_OTHER_EVENT = re.compile(r"\b(?:held|refused|delayed|skipped|stopped|discontinued|cancell?ed|missed|not given|"
                          r"withheld|declined|omitted)\b", re.I)
# another stored value of MIMIC's named in a bracket: a competitor of the value, not a remark on it ("(KCl had more
# orders)", "(after a few hours in the CCU)", "(IV bolus first)", "(TID from day 2)", "(two fewer than Void)")
_STORED_CODES = frozenset(
    # services, care units, routes and frequencies as MIMIC stores them
    "med surg csurg cmed nsurg nmed ortho traum tsurg vsurg gu gyn obs ent eye dent psurg psych omed nb nbb micu sicu "
    # (single words: a bracket is read word by word, so "IV DRIP" and "IV BOLUS" count by their "drip" and "bolus")
    "cvicu ccu tsicu nicu msicu pacu iv po sc sq im pr sl ng og ih td ivpb po/ng drip bolus bid tid qid qd qhs "
    "prn q4h q6h q8h q12h q24h q2h q3h daily".split())
_STORED_NAMES = re.compile(r"\b(?:foley|void|straight cath|chest tube|stool|emesis|ostomy|medicine/cardiology|medicine|"
                           r"neurology|cardiology|surgery|trauma|ed|emergency department)\b", re.I)
_NAME = re.compile(r"(?<![\w/-])[A-Za-z][A-Za-z0-9]*(?:[/-][A-Za-z0-9]+)*(?![\w])")


def _other_name(inner: str, before: str, question: str, context: str = "") -> str | None:
    """A competitor of the value named in the bracket: another drug beside a drug, another lab beside a lab, another
    stored code or item beside any other value; what the value, the question or the rest of the answer names is
    not one."""
    have, asked = f"{before}\n{context}".lower(), question.lower()
    drug, lab = drugs(before), labs(before)
    for m in _NAME.finditer(inner):
        tok = m.group(0)
        low = tok.lower()
        if low in have or re.search(rf"(?<![\w]){re.escape(low)}(?![\w])", asked):
            continue
        if abbreviates(tok, before) or abbreviates(before, tok):
            continue
        if drug:
            other = drugs(tok) and not drugs(tok) & drug
        elif lab:
            other = labs(tok) and not labs(tok) & lab
        else:
            other = low in _STORED_CODES or _STORED_NAMES.fullmatch(low) or bool(drugs(tok)) or bool(labs(tok))
        if other:
            return tok
    return None


_PARTS = re.compile(r"\s*(?:,(?!\d{3})|;)\s*")
_SCALE = re.compile(r"\b(celsius|fahrenheit)\b", re.I)
_KEYS = frozenset("category unitname unit fluid label itemid linksto param_type abbreviation loinc".split())
_PER_PHRASE = re.compile(r"\bper (?:minute|min|hour|hr|day|kg)\b|\bbreaths\b|\bbeats\b", re.I)
_LABELLED_COUNT = re.compile(r"^[A-Za-z][A-Za-z .'/-]*[A-Za-z]\s*[:=]?\s+\d[\d,]*\.?$")  # "insulin 9", "metoprolol: 6"
_NEGATED_NAME = re.compile(r"^(?:not|rather than|instead of|unlike)\s+(?:the\s+)?[A-Z]", re.I)


def _is_remark(inner: str, before: str, question: str, context: str = "") -> bool:
    """Every part of a bracket must be a remark: "(dialysis, peritoneal)" glosses the value and names a variant.
    ``context``: the rest of the answer (an item of a list: the names its other items give are no strangers)."""
    parts = [p for p in _PARTS.split(inner) if p]
    return all(_one_remark(p, before, question, context) for p in parts) if parts else True


_INCLUDES = re.compile(r"^(?:incl\.?|including|includes|inclusive of|plus|together with|combined with|\+|&)\s*(\S.*)", re.I)


_BP = re.compile(r"(\d{2,3})\s*/\s*(\d{2,3})(?:\s*mm\s*hg)?", re.I)
_BP_PART = re.compile(r"\b(systolic|diastolic|sbp|dbp|map|pulse pressure|pp|mean arterial(?: pressure)?)\s*(?:of|=|:|is)?\s*"
                      r"(\d{2,3}(?:\.\d+)?)", re.I)
# the Glasgow Coma Scale responses as MIMIC charts them, and the score each stands for
_GCS_SCORES = {"oriented": 5, "confused": 4, "inappropriate words": 3, "incomprehensible sounds": 2, "no response": 1,
               "no response-ett": 1, "spontaneously": 4, "to speech": 3, "to voice": 3, "to pain": 2, "none": 1,
               "obeys commands": 6, "localizes pain": 5, "flex-withdraws": 4, "abnormal flexion": 3,
               "abnormal extension": 2}


def _one_remark(inner: str, before: str, question: str, context: str = "") -> bool:
    score = _GCS_SCORES.get(before.lower().strip(" .")) if "gcs" in question.lower() or "glasgow" in question.lower() \
        else None
    if score is not None:  # "Oriented (4)": Oriented is verbal 5; the bracket's score is another response's
        figures = _NUMBER.findall(re.sub(r"\d{4}-\d\d-\d\d|\d{1,2}:\d\d", " ", inner))
        if any(float(f) != score for f in figures):
            return False
    bp = _BP.fullmatch(before.strip()) if "/" in before else None
    if bp and _BP_PART.search(inner):  # "120/80 (diastolic 120)", "120/80 (MAP 110)": not this reading's parts
        sys_, dia = float(bp.group(1)), float(bp.group(2))
        for name, n in _BP_PART.findall(inner):
            low = name.lower()
            want = sys_ if low in ("systolic", "sbp") else dia if low in ("diastolic", "dbp") else \
                sys_ - dia if low in ("pulse pressure", "pp") else (sys_ + 2 * dia) / 3
            if abs(float(n) - want) > (1.5 if want != int(want) or low.startswith(("map", "mean")) else 0):
                return False
    included = _INCLUDES.match(inner)
    if included:  # "SICU (incl. Trauma SICU)": counted together with another item
        low = before.lower()
        return all(w in low for w in re.findall(r"[a-z0-9]+", included.group(1).lower()) if w not in _STOP)
    if inner.split()[0].lower() in _KEYS or _PER_PHRASE.search(inner):
        return True  # another column's value, a unit: "(category Respiratory)", "(breaths per minute)"
    if _NEGATED_NAME.match(inner) and re.search(r"[A-Z]", inner.split(None, 1)[-1][:1] or ""):
        return True  # another item set aside: "(not Insulin)", "(not Straight Cath)"
    stated = _STATED_AS.match(inner)
    if stated:  # "(recorded as IVPB)": the stored value it names is the value, or its gloss, or not
        said = stated.group(1).strip()
        if len(said.split()) < len(before.split()) and before.lower().startswith(said.lower() + " "):
            return False  # "Home health care (recorded as HOME)": the shorter stored value is another one
        return said.lower() == before.lower() or abbreviates(said, before) or \
            (abbreviates(before, said) and not said.isupper()) or _same_thing(said, before)
    if _OTHER_EVENT.search(inner) and not _OTHER_EVENT.search(before):
        return False
    ours = set(_NUMBER.findall(before))
    if ours and _strengths(inner) and _strengths(inner) != ours:
        return False  # another strength or range: "Dextrose 5% (D10W)", "Greater than 96 ... Hours (24 to 96 hours)"
    first = inner.split()[0]
    if _CODE_WORD.fullmatch(before) and _CODE_WORD.fullmatch(first) and first.lower() != before.lower() and \
            (first.isupper() or not abbreviates(before, inner)):
        return False  # a stored code beside another: "BID (Q12H)", "IV (IVPB)", "(IVPB in prescriptions)"
    theirs, ours_scale = _SCALE.search(inner), _SCALE.search(before)
    if theirs and ours_scale and theirs.group(1).lower() != ours_scale.group(1).lower():
        return False  # "Temperature Celsius (in Fahrenheit)": the other item
    if _LABELLED_COUNT.match(inner):
        return True  # the count of another item, as evidence: "(12 prescriptions; insulin 9, metoprolol 6)"
    m = _PLAIN.match(inner)
    if m is None:
        return True  # a code, an id or a figure first: "(E11.9)", "(2155-01-03)", "(12 times)"
    if "_" in inner or "." in first:
        return True  # a column or a table: "(seq_num 1)", "(from d_icd_diagnoses)", "(admissions.race)"
    if any(c.isdigit() for c in first) or len(m.group(0)) <= 2 and inner[m.end():].lstrip()[:1] in ("=", ":"):
        return True  # a code or a count: "(E11.9)", "(n=14)", "(n = 14)"
    part = inner[:m.end()]  # the words before any figure or separator: "(Flush 10 units/mL)"
    words = part.split()
    low = [w.lower().strip("/-&") for w in words]
    initials = "".join(w[0] for w in words).upper()
    if len(words) == 1 and unit_after(part) and ("/" not in part or part.split("/")[-1].lower() in _PER):
        return True  # "(insp/min)", "(mg/dL)"; not "(Medical/Surgical)"
    if re.match(r"(?:at|on|from|since)\s+\d", inner):
        return True  # when it was: "(at 2150-03-01 23:50)" (a time against the question's: qualifiers.outside_asked_moment)
    if "/" in part and "/" not in before:
        return False  # "MICU (Medical/Surgical ...)": the expansion of MICU/SICU
    # an abbreviation of the string or the string's expansion: "(RR)", "(ABPm)", "MICU (Medical Intensive Care
    # Unit)", "F (female)", "EW EMER. (emergency ward)"
    if abbreviates(part, before) or (abbreviates(before, part) and not part.isupper()) or \
            initials in re.findall(r"\b[A-Z]+\b", before):
        return True
    if drugs(before):
        same = drugs(part)
        if len(words) == 1 and same and same == drugs(before):
            return True  # the same drug's other name: "furosemide (Lasix)"
        if words[0].isupper() and 2 <= len(words[0]) <= 3 and \
                sum(t.lower() in _STORED_CODES for t in _NAME.findall(inner)) <= 1:
            return True  # a route's letters: "Heparin (SC)", "Heparin (SC 5000 units)"
    if low[0] in ("via", "through") and len(words) <= 3 and words[-1].isupper() and words[-1].lower() not in _STORED_CODES:
        return True  # the line or device it went by: "IV (via PICC)", "IV (through a CVC)"
    if _other_name(inner, before, question, context):
        return False
    if low[0] in _LEAD or any(w in _REMARK or _TABLE.fullmatch(w) for w in low):
        return True
    if low[0] in ("per", "in", "from") and len(low) == 2 and (low[1] in _SOURCES or unit_after(words[1])):
        return True  # its source or unit: "(per pharmacy)", "(per emar)", "(in bpm)"
    if low[0] in _COUNT_WORDS and len(low) <= 2:
        return True  # a count: "(three sessions)"
    content = [w for w in low if w not in _STOP]
    if content and all(w in before.lower() for w in content):
        return True  # nothing the value does not say already: "Hemodialysis (dialysis)", "... (MICU) (medical ICU)"
    said = stems(part)
    if said and said <= stems(question):
        return True  # the asked field named again: "SKILLED NURSING FACILITY (discharge location)"
    return _same_thing(inner, before)


def bracket_inner(s: str, span: tuple[int, int]) -> str:
    """What the bracket at ``span`` of ``s`` (a ``split_asides`` span) holds, brackets and spacing taken off."""
    return s[span[0]:span[1]].strip()[1:-1].strip()


def names_variant(s: str, spans: list[tuple[int, int]], question: str, context: str = "") -> bool:
    """Whether any of the bracketed spans of ``s`` (``split_asides``) names a variant of the string before it."""
    for a, b in spans:
        inner = bracket_inner(s, (a, b))
        if inner and not _is_remark(inner, s[:a].strip(), question, context):
            return True
    return False


def variant_after(s: str, end: int, question: str) -> bool:
    """Whether a bracket right after ``end`` (an emphasised string's end) names a variant of it."""
    m = re.match(r"\s*[(\[]([^()\[\]]*)[)\]]", s[end:])
    return m is not None and names_variant(s[:end + m.end()], [(end, end + m.end())], question)


def expansion(s: str, span: tuple[int, int]) -> str | None:
    """"B (A)" for an answer "A (B)" whose A abbreviates B ("MICU (Medical Intensive Care Unit)")."""
    inner = bracket_inner(s, span)
    before = s[:span[0]].strip()
    return f"{inner} ({before})" if " " not in before and abbreviates(before, inner) else None


def spelled_out(s: str, span: tuple[int, int]) -> bool:
    """Whether an answer "A (B)" gives a code A and B spelled out with A's figures: "D5W (Dextrose 5%)"."""
    inner = bracket_inner(s, span)
    before = s[:span[0]].strip()
    figures = set(_NUMBER.findall(before))
    return bool(figures) and _CODE_WORD.fullmatch(before) is not None and " " in inner and \
        set(_NUMBER.findall(inner)) == figures


@functools.lru_cache(maxsize=1024)
def short_form(gold: str) -> str | None:
    """The abbreviation a gold string ends on in parentheses, when it abbreviates the rest: "micu" for "medical
    intensive care unit (micu)" (MIMIC's careunits and services); an answer may give either."""
    m = re.fullmatch(r"(.+?)\s*\(([^()\s]+)\)", gold)
    return m.group(2) if m and abbreviates(m.group(2).upper(), m.group(1)) else None
