"""What a number in an answer counts or measures: its unit, its scale word, the things it counts.

A careful grader reads "5 days" as no answer to "how many admissions", "5 hours" as no answer to a
length of stay "in days", "5 thousand" as 5000 and "the ICU stays were 5" as a count of ICU stays.
These helpers give the number reader (``numbers``) that context; they never convert between units
(an answer in another unit than the one asked for is not the asked value, whatever it converts to).
"""

from __future__ import annotations

import functools
import re

from .text import Folded, end_search, question_words, safe_lower

# unit word -> (family, canonical unit)
_UNITS: dict[str, tuple[str, str]] = {}
for _family, _canon, _forms in (
        ("time", "second", "s sec secs second seconds"),
        ("time", "minute", "min mins minute minutes"),
        ("time", "hour", "h hr hrs hour hours"),
        ("time", "day", "d day days"),
        ("time", "week", "wk wks week weeks"),
        ("time", "month", "mo month months"),
        ("time", "year", "y yr yrs year years"),
        ("mass", "mcg", "mcg ug \u00b5g microgram micrograms"),
        ("mass", "mg", "mg milligram milligrams"),
        ("mass", "g", "g gm gram grams"),
        ("mass", "kg", "kg kilogram kilograms"),
        ("volume", "ml", "ml milliliter milliliters millilitre millilitres cc"),
        ("volume", "l", "l liter liters litre litres"),
        ("volume", "dl", "dl deciliter deciliters"),
        ("length", "cm", "cm centimeter centimeters centimetre centimetres"),
        ("length", "m", "meter meters metre metres"),
        ("length", "inch", "in inch inches"),
        ("length", "ft", "ft foot feet"),
        ("mass", "lb", "lb lbs pound pounds"),  # a mass like kg: "176.4 lb" is no answer "in kg"
        ("temperature", "c", "\u00b0c celsius centigrade"),  # a bare C or F is too often something else
        ("temperature", "f", "\u00b0f fahrenheit"),
        ("amount", "unit", "unit units iu"),
        ("amount", "mmol", "mmol millimole millimoles"),
        ("amount", "meq", "meq"),
        ("pressure", "mmhg", "mmhg"),
        ("rate", "bpm", "bpm"),
        ("energy", "kcal", "kcal kilocalorie kilocalories calorie calories cal"),
        ("percent", "%", "% percent percentage per cent pct")):
    for _f in _forms.split():
        _UNITS[_f] = (_family, _canon)

# a unit over another ("mg/dL", "mmol/L", "mL/hr") is its own unit: a concentration or a rate is not a mass, a
# volume or a time, and one concentration is not another
_UNIT = (r"(%|\u2030|\u2103|\u2109|\u00b5g|\u00b0\s?[cfCF]\b|degrees?\s+(?:celsius|fahrenheit|c|f)\b|"
         r"[\u00b5\u03bc]?[a-z]+(?:\s?/\s?[a-z0-9\u00b2\u00b3]+)?)")
_UNIT_AFTER = re.compile(rf"^\s*{_UNIT}(?![\w/])", re.I)
_UNIT_WORDS = re.compile(r"(?<![\w/])(%|\u2030|\u2103|\u2109|\u00b5g|\u00b0\s?[cf]\b|"
                         r"[\u00b5\u03bc]?[a-z]+\s?/\s?[a-z0-9\u00b2\u00b3]+|[a-z]+)(?![\w/])", re.I)
_PER_AFTER = re.compile(r"^\s*(?:per|an?|each)\s+\w|^\s*/", re.I)  # "5.43 days per patient-year": a rate
_PER_NUMBER = re.compile(r"^\s*per\s+\d", re.I)  # "52.3 per 1,000 patients": a rate, not a percentage


def _unit_of(word: str) -> tuple[str, str] | None:
    w = "".join(word.lower().split()).replace("\u03bc", "\u00b5")
    if w in ("\u2103", "degreescelsius", "degreecelsius", "degreesc", "degreec"):
        return ("temperature", "c")
    if w in ("\u2109", "degreesfahrenheit", "degreefahrenheit", "degreesf", "degreef"):
        return ("temperature", "f")
    if w == "\u2030":
        return ("permille", "\u2030")
    if "/" in w:
        return ("ratio", w)  # any compound: its own family-and-unit, equal only to itself
    if w.startswith("\u00b0"):
        return _UNITS.get("\u00b0" + w[-1])
    return _UNITS.get(w)
# short unit forms that are ordinary words or letters too ("in", "s", "d", "m"): a unit after a number only
_AMBIGUOUS = frozenset({"in", "s", "d", "h", "y", "g", "l", "mo", "m"})

SCALE = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12, "dozen": 12}
SCALE_AFTER = re.compile(r"^\s*(hundred|thousand|million|billion|trillion|dozen)\b", re.I)


def unit_after(after: str) -> tuple[str, str] | None:
    """(family, unit) of the unit written right after a number ("5 days", "4.2 mg/dL" -> mass mg), or None."""
    if _PER_NUMBER.match(after):
        return ("ratio", "per-n")
    m = _UNIT_AFTER.match(after)
    if not m or m.group(1).lower() == "in":  # "5 in 2150"
        return None
    unit = _unit_of(m.group(1))
    if unit is not None and unit[0] != "ratio" and _PER_AFTER.match(after[m.end():]):
        return ("ratio", f"{unit[1]}/per")  # a time per something is a rate, not the time asked for
    return unit


@functools.lru_cache(maxsize=4096)
def question_units(question: str) -> dict[str, set[str]]:
    """The units a question names, by family ("length of stay in days" -> {"time": {"day"}}); cached per
    question: read it, never change it."""
    out: dict[str, set[str]] = {}
    for m in _UNIT_WORDS.finditer(question or ""):
        w = m.group(1).lower()
        unit = None if w in _AMBIGUOUS else _unit_of(w)
        if unit is None:
            continue
        family, canon = unit
        out.setdefault(family, set()).add(canon)
    return out


# what a quantity the question names is measured in, where it names no unit ("What was the last SpO2?" is a
# percentage: "88 mmHg" is some other measurement)
_QUANTITY_FAMILIES = [
    (re.compile(r"\b(?:spo2|sp02|o2 sat\w*|oxygen saturation|saturation|percentage|percent|proportion)\b", re.I),
     {"percent"}),
    (re.compile(r"\b(?:heart rate|pulse|respiratory rate|resp(?:iratory)? rate|breathing rate)\b", re.I),
     {"rate", "ratio"}),
    (re.compile(r"\b(?:blood pressure|systolic|diastolic|mean arterial pressure|arterial pressure)\b", re.I),
     {"pressure"}),
    (re.compile(r"\btemperature\b", re.I), {"temperature"}),
    (re.compile(r"\b(?:weight|weigh)\b", re.I), {"mass"}),
    (re.compile(r"\bheight\b", re.I), {"length"}),
]


@functools.lru_cache(maxsize=4096)
def quantity_families(question: str) -> frozenset[str]:
    """The unit families the quantity a question asks about is measured in (empty: no such quantity, or
    several): read where the question names no unit."""
    found = [fams for rx, fams in _QUANTITY_FAMILIES if rx.search(question or "")]
    return frozenset(found[0]) if len(found) == 1 else frozenset()


def other_unit_named(text: str, question: str) -> tuple[str, str] | None:
    """(unit, asked unit) where the answer names units of a family the question asks in, but never the
    asked one ("| mean_los_hours |" for a stay "in days"); None otherwise. Words joined by _ count apart."""
    asked = question_units(question)
    if not asked:
        return None
    named: dict[str, set[str]] = {}
    for m in _UNIT_WORDS.finditer(text.replace("_", " ")):
        w = m.group(1).lower()
        unit = None if w in _AMBIGUOUS else _unit_of(w)
        if unit is not None:
            named.setdefault(unit[0], set()).add(unit[1])
    for family, units in named.items():
        if family in asked and not units & asked[family]:
            return min(units), min(asked[family])
    return None


# ---------------------------------------------------------------------------------------------
# what a count counts: noun -> group; nouns of one group are the same thing counted ("visits" for
# "admissions"), generic nouns ("times", "records", "results") go with any group

_GROUPS = {
    "admission": "admission admissions hospitalization hospitalizations hospitalisation hospitalisations visit "
                 "visits encounter encounters hadm_id hadm_ids",
    "readmission": "readmission readmissions",  # a readmission is some of the admissions, not all of them
    # person-time and the staff are counted in other units than the patients they concern
    "person-time": "person-years patient-years person-days patient-days person-months patient-months",
    "clinician": "prescriber prescribers provider providers physician physicians doctor doctors clinician "
                 "clinicians nurse nurses caregiver caregivers",
    "stay": "stay stays",  # an ICU stay or a hospital stay: decided by the word before it
    "icu": "stay_id stay_ids icustay icustays",
    "patient": "patient patients subject subjects people person persons individual individuals",
    "drug": "prescription prescriptions medication medications drug drugs dose doses administration "
            "administrations order orders",
    "diagnosis": "diagnosis diagnoses condition conditions",
    "procedure": "procedure procedures surgery surgeries operation operations",
    "organism": "organism organisms",
    "culture": "culture cultures specimen specimens",
    "transfer": "transfer transfers",
    "death": "death deaths",
    "service": "service services",
    "unit": "unit units careunit careunits",
    "route": "route routes",
}
NOUN_GROUPS = {w: g for g, words in _GROUPS.items() for w in words.split()}  # "visits" -> "admission"
_NOUNS = "|".join(sorted(NOUN_GROUPS, key=len, reverse=True))
_NOUN = re.compile(rf"\b({_NOUNS})\b", re.I)
_HOW_MANY = re.compile(rf"\b(?:how many|number of|count of|total of)\s+((?:[\w-]+\s+){{0,4}}?)({_NOUNS})\b", re.I)
_CLAUSE_END = Folded(r"[;.\n!?]|,\s+(?:and|but|while|whereas)\b|\bbut\b|\bwhereas\b|\bwhile\b")
_WORD_RUN = re.compile(r"\w+")
_COPULA_END = Folded(r"(?:\bwere|\bwas|\bis|\bare|\btotall?ed|\bnumbered|\bcame to|:|=)\s*\**\s*$")
# what the text before a _COPULA_END match ends with, once its trailing spaces and stars are gone
_COPULA_ENDS = ("were", "was", "is", "are", "taled", "talled", "numbered", "came to", ":", "=")
_NOUN_AFTER = re.compile(r"^\s*((?:(?:distinct|different|unique|separate|hospital|total|inpatient|icu|ed|er|"
                         r"emergency(?: department)?|outpatient|[a-z][a-z-]+)\s+){0,2})"
                         rf"({_NOUNS})\b", re.I)
_ICU_END = Folded(r"\bicu\s*$")
_HOSPITAL_END = Folded(r"\bhospital\s*$")
_ID_AFTER = re.compile(r"\s*(?:id\s*)?[:#]?\s*\d")


def _group(words_before: str, noun: str, low: str | None = None) -> str | None:
    """The group of ``noun`` given the words before it; None for a bare "stay" (ICU or hospital?). ``low``:
    safe_lower(words_before), when the caller has it."""
    g = NOUN_GROUPS[noun.lower()]
    if g not in ("admission", "stay"):
        return g
    if re.search(r"\b(?:ed|er|emergency(?: department)?|outpatient)\s*$", words_before, re.I):
        return "ed"  # "5 ED visits", "ED stays" are not hospital admissions
    if end_search(_ICU_END, words_before, 3, low):  # "ICU admissions", "ICU stays"
        return "icu"
    if g == "stay":
        return "admission" if end_search(_HOSPITAL_END, words_before, 8, low) else None
    return g


@functools.lru_cache(maxsize=4096)
def counted_group(question: str) -> str | None:
    """What a "how many ..." question counts, as a noun group ("How many ICU stays ..." -> "icu")."""
    m = _HOW_MANY.search(question or "")
    return _group(m.group(1), m.group(2)) if m else None


def noun_groups_in(text: str) -> set[str]:
    """The groups of every counted noun in ``text``, each read with the words before it ("52% of ICU stays"
    -> {"icu"}); a bare "stay" names no group."""
    said = set()
    for x in _NOUN.finditer(text):
        g = _group(text[:x.start()], x.group(1))
        if g:
            said.add(g)
    return said


def noun_after(after: str) -> str | None:
    """The noun group of the noun right after a number ("3 admissions", "5 ICU stays"), or None."""
    if "care unit" in after.lower():  # "2 different ICU care units": one noun, MIMIC's careunit
        after = re.sub(r"(?i)\bcare unit", "careunit", after)
    m = _NOUN_AFTER.match(after)
    return _group(m.group(1), m.group(2)) if m else None


# words before a counted noun that do not narrow it ("5 distinct admissions", "5 hospital admissions")
_PLAIN_MODIFIERS = frozenset("distinct different unique separate total individual hospital inpatient recorded "
                             "documented such more in all of the these those them".split())


def narrowing(after: str, question: str) -> bool:
    """Whether the words between a count and its noun narrow what the question counts ("1234 male patients",
    "5 emergency admissions" where the question names neither)."""
    m = _NOUN_AFTER.match(after)
    if not m or not m.group(1).strip():
        return False
    q = question_words(question)
    return any(w not in q and w not in _PLAIN_MODIFIERS and not w.isdigit()
               for w in re.findall(r"[a-z0-9]+", m.group(1).lower()))



# words after a count that say nothing of what it counts ("5 times", "5 readings" of a lab, "5 cases")
_PLAIN_AFTER = frozenset("times total overall rows records results entries lines items values cases instances "
                         "occurrences events readings measurements tests draws labs counts nights were was are is in of "
                         "and or for with so far altogether combined recorded documented found listed".split())
# people counted by sex or age: some of the patients ("1234 women" for the patients)
_PEOPLE = {"women": "female", "woman": "female", "females": "female", "girls": "female", "men": "male",
           "man": "male", "males": "male", "boys": "male", "children": "child", "adults": "adult",
           "elderly": "elderly", "infants": "child", "newborns": "child"}
_SEX_Q = {"female": ("female", "females", "women", "woman"), "male": ("male", "males", "men", "man"),
          "child": ("child", "children", "pediatric", "paediatric", "infants"), "adult": ("adult", "adults"),
          "elderly": ("elderly", "older")}
_FIRST_WORD = re.compile(r"\s*([a-z]+(?:-[a-z]+)*)", re.I)


def foreign_noun(after: str, question: str) -> str | None:
    """The noun right after a count when it is none the question counts by: a compound ("5 admission-days"),
    people of one sex or age ("1234 women"), or a plural the question never uses ("5 notes"); None when the
    word is the question's own, a counted noun of NOUN_GROUPS (read by ``noun_after``), a unit or plain."""
    q = question_words(question)
    m = _FIRST_WORD.match(after)
    # past the words that only say which of the asked things ("12 distinct heparin products": the noun is
    # "products"), to the first other word
    for _ in range(2):
        if not m:
            return None
        w = m.group(1).lower()
        if w in _PLAIN_MODIFIERS or w in q and w not in NOUN_GROUPS and w not in _PLAIN_AFTER:
            m = _FIRST_WORD.match(after, m.end())
            continue
        break
    if not m:
        return None
    w = m.group(1).lower()
    if w in q or w in _PLAIN_AFTER:
        return None
    if w in _PEOPLE:
        return None if any(x in q for x in _SEX_Q[_PEOPLE[w]]) else w
    if "-" in w:
        head, _, tail = w.partition("-")
        return w if (head in NOUN_GROUPS or tail in NOUN_GROUPS or tail.rstrip("s") in ("day", "hour", "year")) \
            else None
    if w in NOUN_GROUPS or len(w) < 4 or not w.endswith("s") or unit_after(after) is not None:
        return None
    noun = counted_noun(question)
    if noun and not w.startswith(noun[:4]) and NOUN_GROUPS.get(noun) == "patient":
        return w  # "1,240 MRSA screens" where the question counts patients (who had one)
    return None if any(x.startswith(w[:4]) for x in q if len(x) >= 4) else w  # "admits" for admissions


@functools.lru_cache(maxsize=4096)
def counted_noun(question: str) -> str | None:
    """The noun a "how many ..." question counts ("patients"), lowercase."""
    m = _HOW_MANY.search(question or "")
    return m.group(2).lower() if m else None


def clause_groups(before: str) -> set[str]:
    """The noun groups named in the clause that states a number as its value ("the ICU stays were 5" ->
    {"icu"}); empty when the clause does not end in "were / is / :" before the number. Nouns that label an
    id ("patient 10000032") do not count."""
    # the clause is a tail of ``before``: without one of _COPULA_ENDS at the end of ``before`` (spaces and stars
    # stripped as _COPULA_END allows), no clause ends in a copula (exact where lowercasing is, see text.Folded)
    low = safe_lower(before)
    if low is not None and not low.rstrip().rstrip("*").rstrip().endswith(_COPULA_ENDS):
        return set()
    ends = _CLAUSE_END.spans(before, low)
    at = ends[-1][1] if ends else 0
    clause = before[at:]
    cl = None if low is None else low[at:]
    if not end_search(_COPULA_END, clause, 8, cl, strip="*"):
        return set()
    # _NOUN's matches are the words that are nouns (each noun is letters, between \b and \b)
    nouns = [(m.start(), m.end(), m.group()) for m in _WORD_RUN.finditer(cl) if m.group() in NOUN_GROUPS] \
        if cl is not None else [(m.start(), m.end(), m.group(1)) for m in _NOUN.finditer(clause)]
    out = set()
    for start, end, noun in nouns:
        if _ID_AFTER.match(clause, end):
            continue
        g = _group(clause[:start], noun, None if cl is None else cl[:start])
        if g:
            out.add(g)
    return out


# ---------------------------------------------------------------------------------------------
# spelled-out numbers ("twenty-one", "five hundred", "one thousand two hundred and five")

_SMALL = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
          "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_BIG = {"thousand": 1000, "million": 10**6, "billion": 10**9}
_NUMBER_WORD = "|".join(list(_SMALL) + list(_TENS) + ["hundred"] + list(_BIG))
SPELLED_RUN = re.compile(rf"\b(?:{_NUMBER_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_NUMBER_WORD}))*\b", re.I)


def spelled_value(run: str) -> int | None:
    """The whole number a run of number words spells, or None when it is not one well-formed number
    ("five hundred" -> 500, "twenty-one" -> 21, "five six" -> None)."""
    words = [w for w in re.split(r"[\s-]+", run.lower()) if w and w != "and"]
    total, current, last = 0, 0, None  # last: the class of the previous word, to refuse "five six"
    for w in words:
        if w in _SMALL:
            if last in ("small", "teen") or (last == "tens" and _SMALL[w] >= 10) or (last == "tens" and w == "zero"):
                return None
            current += _SMALL[w]
            last = "teen" if _SMALL[w] >= 10 else "small"
        elif w in _TENS:
            if last in ("small", "teen", "tens"):
                return None
            current += _TENS[w]
            last = "tens"
        elif w == "hundred":
            if last not in ("small", "teen") or current % 100 == 0 and current == 0:
                return None
            current *= 100
            last = "hundred"
        elif w in _BIG:
            if last is None or last == "big" or current == 0:
                return None
            total += current * _BIG[w]
            current = 0
            last = "big"
        else:
            return None
    return total + current


def scale_after(after: str) -> tuple[int, int] | None:
    """(factor, characters the word takes) of a scale word right after a number ("5 thousand"), or None."""
    m = SCALE_AFTER.match(after)
    return (SCALE[m.group(1).lower()], m.end()) if m else None
