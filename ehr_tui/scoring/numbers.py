"""Numbers: reading one from free text, and comparing it with a gold number under its kind.

A number is kept as written (``Num``: exact decimal value and the decimals it was given with), so
the comparison can apply the precision rule of its kind (see ``kinds``) without float noise.

Reading ``text`` as one number, a careful grader's way:
- formats: ``1,234.5``, ``1.234,5`` and ``2,26`` (decimal commas), ``−3``, ``3.5e-2``, ``$1,200``,
  ``45 %``; numbers glued to words (SpO2, ICD-10, 10^9/L, #1), ordinals, dates and clock times are
  not candidates;
- a change stated in words carries its sign: "a decrease of 3.5" is -3.5;
- remarks in parentheses (a reference range, the patient id) give way to the text around them;
  numbers the question itself states (the patient id, "within 24 hours") give way to the others;
  ids labelled as such, years and counts of other things ("over 3 admissions") give way too;
- what is left must be one value: two different numbers, a range ("10-12", "between 10 and 12")
  or a bound ("more than 10") is not an answer and reads as unreadable, never as its first number.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from typing import Any

from .families import attributed
from .kinds import Kind
from .text import NO, Folded, blank, end_search, inside, literal, negated_at, safe_lower, split_asides, unwrap_single
from .units import foreign_noun, narrowing, SPELLED_RUN, clause_groups, counted_group, noun_after, quantity_families, question_units, \
    scale_after, spelled_value, unit_after

_BODY = (r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?"   # 1,234,567.89
         r"|\d{1,3}(?:\.\d{3})+,\d+"          # 1.234.567,89
         r"|\d+,\d{1,2}(?![\d,])"             # 2,26 (decimal comma)
         r"|\d+,\d{4,}"                       # 0,2600
         r"|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
         r"|\.\d+)")
_GLUE_BEFORE = r"(?<![\w.^/#])(?<![A-Za-z]-)(?<!\d,)(?<!\d\.)"
# every number starts with a sign, a digit or ".": a zero-width test first lets sre drop the other positions
# before its lookbehinds (spans and groups unchanged)
_STARTS = r"(?=[-+\u2212.\d])"
_NUM = rf"{_STARTS}{_GLUE_BEFORE}(?P<sign>[-+\u2212])?(?P<body>{_BODY})(?![\d^]|(?:st|nd|rd|th)\b|[.,]\d)"
NUM_RE = re.compile(_NUM)
_N = rf"[-+\u2212]?{_BODY}"
_RANGE_RE = re.compile(rf"(?:\bbetween\s+{_N}\s*(?:%|\w+)?\s+and\s+{_N}"
                       rf"|{_STARTS}{_GLUE_BEFORE}{_N}\s*(?:%|[a-zA-Z/]+)?\s*(?:-|\u2013|\u2014|to|or|\u2192|\u27f6|=>)\s*{_N})",
                       re.I)  # "Between 3 and 4" as "between 3 and 4"
_FROM_TO_RE = re.compile(rf"\bfrom\s+{_N}\s*(?:%|[a-zA-Z/]+)?\s+to\s+{_N}", re.I)
_DATE_RE = re.compile(r"\b\d{4}[-/]\d{1,2}[-/]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?"
                      r"|\b\d{1,2}/\d{1,2}/\d{4}\b|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?"
                      r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?"
                      r"\s+\d{4}|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{4}",
                      re.I)
# what every match needs (cheap tests that let most answers skip the long patterns): a date or time has a
# digit beside - / : or four digits in a row; a range has "between" or its dash / "to" / "or"; "from ... to"
# the written-month forms need a month word as well as four digits: ids and years alone (most answers that
# name a patient or an admission) skip _DATE_RE
_DATE_SEP = re.compile(r"\d[-/:]\d")
_FOUR_DIGITS = re.compile(r"\d{4}")
_MONTH_WORD = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.I)


def may_have_date(text: str) -> bool:
    """False only where ``_DATE_RE`` cannot match: each of its forms has a digit beside - / :, or a month
    word and four digits in a row."""
    return _DATE_SEP.search(text) is not None or (
        _FOUR_DIGITS.search(text) is not None and _MONTH_WORD.search(text) is not None)
_RANGE_HINTS = ("-", "to", "or", "\u2013", "\u2014", "between", "\u2192", "\u27f6", "=>")  # one is in every match
_UP = r"(?:increase[sd]?|rise|rose|risen|gain(?:ed)?|went up|higher|grew|up)"
_DOWN = r"(?:decrease[sd]?|drop(?:ped)?|fall|fell|fallen|decline[sd]?|reduction|reduced|lower|loss|lost|went down|" \
        r"down|dip(?:ped)?)"
_UP_VERB = r"(?:increased|rose|risen|grew|gained|went up|climbed)"
_DOWN_VERB = r"(?:decreased|dropped|fell|fallen|declined|reduced|lost|went down|dipped)"
_CHANGE_NOUN = r"(?:increase|rise|gain|decrease|drop|fall|decline|reduction|loss|dip|lower|higher)"
_ABOUT = r"(?:approximately|about|around|roughly|~)?\s*"
_CHANGE_RE = re.compile(
    rf"\b(?P<word>{_UP}|{_DOWN})\s+(?:of|by)\s*{_ABOUT}(?P<num>[-+\u2212]?{_BODY})"
    rf"|\b(?P<verb>{_UP_VERB}|{_DOWN_VERB})\s+{_ABOUT}(?P<num3>[-+\u2212]?{_BODY})"
    rf"|(?P<num2>[-+\u2212]?{_BODY})\s*(?:[a-zA-Z/%]+\s+)?(?P<word2>{_CHANGE_NOUN})\b", re.I)
# a cheap test for the words _CHANGE_RE needs, so most answers skip that long pattern
_CHANGE_HINT = Folded(r"increas|decreas|ris[ei]|rose|gain|grew|drop|fall|fell|declin|reduc|lower|los[st]|went|"
                      r"down|\bup\b|higher|dip|climb",
                      hints=("increas", "decreas", "ris", "rose", "gain", "grew", "drop", "fall", "fell", "declin",
                             "reduc", "lower", "los", "went", "down", "up", "higher", "dip", "climb"))
_NOT_CHANGE = re.compile(r"\b(?:not|no|never|without)\s+(?:a|an|any)?\s*$|n't\s+(?:a|an|any)?\s*$", re.I)
_CHANGE_ASKED = Folded(r"\b(?:chang\w*|differ\w*|delta|increas\w*|decreas\w*|drop\w*|ris[ei]\w*|rose|fell|"
                       r"fall\w*|declin\w*|trend|gain\w*|loss|lost|went (?:up|down)|how much (?:higher|lower))\b")
_DOWN_RE = re.compile(rf"^(?:{_DOWN}|{_DOWN_VERB})$", re.I)
_ID_LABEL = Folded(r"(?:patient|subject|subject_id|hadm_id|hadm|admission|stay|stay_id|icu stay|id|itemid|item|"
                   r"record|mrn|number|no\.?|#)\s*(?:id|#|no\.?|number)?\s*[:=#]?\s*$")
_COUNT_NOUN = re.compile(r"^\s*(?:distinct\s+|different\s+|unique\s+|separate\s+|hospital\s+|icu\s+)?(?:admissions?|"
                         r"patients?|stays?|visits?|results?|measurements?|records?|tests?|events?|prescriptions?|"
                         r"diagnos[ie]s|codes?|drugs?|times?|readings?|values?|rows?|entries|encounters?|orders?|"
                         r"procedures?|specimens?|cultures?|transfers?|doses?|administrations?|people|persons?|"
                         r"subjects?|cases?|deaths?|labs?|items?|medications?|conditions?|chapters?|organisms?|"
                         r"units?|services?|letters?|observations?|samples?)\b", re.I)
_BOUND = Folded(r"(?:more than|less than|fewer than|greater than|at least|at most|no more than|no less than|"
                r"over|under|above|below|up to|exceeding|upwards of|in excess of|north of|almost|nearly|"
                r"at minimum|at maximum|"
                r"a minimum of|a maximum of|just under|just over|close to|short of|>=?|<=?|\u2265|\u2264)\s*$")
# a bound written after its number: "5 or more", "5+", "5.43 at most"
_BOUND_AFTER = re.compile(r"^(?:\s*\+(?![\d\w])|-plus\b|\s*(?:[a-zA-Z/%]+\s+)?(?:or (?:more|less|fewer|greater|higher|lower|"
                          r"above|below|over|under|so)|at (?:the )?(?:most|least|minimum|maximum)|and (?:up|above|over|"
                          r"more|higher|upwards)|plus|minimum|maximum|max|min)\b)", re.I)
_MARKER = Folded(r"(?:(?:answer|result|total|value|count|mean|average|median|sum|number|it)\s*(?:is|was|were|"
                 r"would be|=|:|of)|=|\u2248|:|\bis|\bwas|\bwere|\bare)\s*(?:approximately|about|around|roughly|"
                 r"~|\u2248|\$)?\s*\**\s*$")
_SPREAD = re.compile(r"(?:\u00b1|\+/-|\+-)\s*$")
_PART_OF = Folded(r"\d\s*(?:[a-zA-Z]+\s+){0,2}(?:of|out of)\s+(?:a total of\s+|all\s+)?$")
_YEAR_CTX = Folded(r"(?:\bin|\byear|\bsince|\bduring)\s*$")
# counting words that are not spelled numbers (those are read by units.spelled_value)
_WORDS = {"none": 0, "no": 0, "once": 1, "twice": 2, "thrice": 3, "single": 1, "half a dozen": 6, "a dozen": 12}
_WORD_NUM_RE = re.compile(r"\b(" + "|".join(_WORDS) + r")\b", re.I)
_ALONE = frozenset({"none", "once", "twice", "thrice", "a dozen", "half a dozen"})  # a count without a noun
NOISE_REL = 1e-9  # float noise: far beneath any precision a question asks for


@dataclass(frozen=True)
class Num:
    """A number as written: its exact value and how many decimals it was given with."""

    value: Decimal
    decimals: int

    @property
    def sig(self) -> int:
        digits = self.value.as_tuple().digits
        i = 0
        while i < len(digits) and digits[i] == 0:
            i += 1
        return len(digits) - i

    def json(self) -> int | float:
        if self.value == self.value.to_integral_value() and self.decimals == 0:
            return int(self.value)
        return float(self.value)


@dataclass(frozen=True)
class Unread:
    """Why a text could not be read as a value of its kind."""

    reason: str


def _decimals(d: Decimal) -> int:
    exp_ = d.as_tuple().exponent
    return max(0, -exp_) if isinstance(exp_, int) else 0


_THOUSANDS = re.compile(r"\d{1,3}(,\d{3})+")


def _plain_body(body: str) -> str:
    """The number as Decimal reads it: thousands separators dropped, a decimal comma made a point."""
    if "," in body and "." in body:
        body = body.replace(",", "") if body.rfind(".") > body.rfind(",") else body.replace(".", "").replace(",", ".")
    elif "," in body:
        head, _, tail = body.partition(",")
        body = body.replace(",", "") if _THOUSANDS.fullmatch(body) else f"{head}.{tail}"
    return body


@functools.lru_cache(maxsize=8192)  # the same few tokens ("5", "4.2") recur across answers; a Num is immutable
def parse_token(sign: str | None, body: str) -> Num | None:
    plain = _plain_body(body)
    try:
        d = Decimal(plain)
    except (InvalidOperation, ValueError):
        return None
    if not d.is_finite():
        return None
    if sign in ("-", "\u2212"):
        d = -d
    # without an exponent, the decimals are the digits after the point (Decimal keeps them all)
    if "e" in plain or "E" in plain:
        return Num(d, _decimals(d))
    point = plain.find(".")
    return Num(d, 0 if point < 0 else len(plain) - point - 1)


def num_of(value: Any) -> Num | None:
    """A JSON / DuckDB value as a Num (floats by their shortest repr), or None when it is not a number."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return Num(Decimal(value), 0)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        d = Decimal(repr(value))
        return Num(d, _decimals(d))
    if isinstance(value, Decimal):
        return Num(value, _decimals(value)) if value.is_finite() else None
    if isinstance(value, str):
        m = NUM_RE.fullmatch(value.strip().replace("\u2212", "-")) if value.strip() else None
        if m:
            return parse_token(m.group("sign"), m.group("body"))
    if hasattr(value, "item"):  # numpy scalar
        return num_of(value.item())
    return None


def numbers_in(text: str) -> set[Decimal]:
    """Every number a text states (the question's own numbers)."""
    out = set()
    for m in NUM_RE.finditer(_DATE_RE.sub(" ", text) if may_have_date(text) else text):
        n = parse_token(m.group("sign"), m.group("body"))
        if n is not None:
            out.add(abs(n.value))
    return out


# ---------------------------------------------------------------------------------------------
# Reading


class _Cand:
    """A number of the answer and what the text around it says of it. Each property is read from the text
    the first time a rule asks for it (``_PROPERTIES``, each a ``_Lazy`` attribute of the class): most
    answers are settled by a few of them (one number needs no tie-breaking; an id the question states drops
    out before its units are read)."""

    def __init__(self, num: "Num", start: int, end: int, ctx: "_Context", before: str, bl: str | None,
                 after: str, worded: bool) -> None:
        self.num, self.start, self.end = num, start, end
        self.change = False  # a change stated in words, where the question asks for one (set by read_number)
        self._n, self._ctx, self._before, self._bl, self._after, self._worded = num, ctx, before, bl, after, worded



@dataclass(slots=True)  # not frozen: made once per answer, and a frozen init sets each field the slow way
class _Context:
    """What every candidate of one answer shares: the text, its lowercase, the question's side."""
    s: str
    low: str | None
    aside_spans: list
    qnums: "set[Decimal] | frozenset[Decimal]"
    question: str
    kind: Kind
    q_units: dict
    q_group: str | None
    free_time: bool
    q_families: frozenset
    temperature_asked: bool


def _foreign_unit(c: _Cand) -> str:
    """A unit the question does not ask for ("5 days" for a count of admissions), or ""."""
    ctx, after, worded = c._ctx, c._after, c._worded
    unit = unit_after(after) if worded else None
    if unit is None and ctx.temperature_asked:  # "37.0 C" where a temperature is asked: a bare C or F is its unit
        t = _BARE_DEGREES.match(after)
        unit = ("temperature", t.group(1).lower()) if t else None
    if unit is None and worded and ctx.kind.name in ("count", "identifier"):  # "5 ICU days" counts days
        q = _QUALIFIED_UNIT.match(after)
        unit = unit_after(after[q.end():]) if q else None
    # a unit the question does not name: of a family it names, of another family where it names one
    # ("5.43%" for a stay "in days"), any unit on a count or an id; a time on an age is in years
    q_units, q_families = ctx.q_units, ctx.q_families
    if unit and unit[0] == "time" and unit[1] != "year" and not q_units.get("time") and _asks_age(ctx.question):
        return after.split()[0] if after.split() else unit[1]  # an age is in years, even on a count kind
    if unit and (unit[0] in q_units or q_units or ctx.kind.name in ("count", "identifier")):
        asked = q_units.get(unit[0], set())
        if unit[1] not in asked and not (unit[0] == "time" and ctx.free_time and not asked):
            return after.split()[0] if after.split() else unit[1]
    elif unit and q_families and unit[0] not in q_families:  # "88 mmHg" for an SpO2
        return after.split()[0] if after.split() else unit[1]
    return ""


def _other_thing(c: _Cand) -> bool:
    """Labelled as a count of something else than the question counts ("over 3 admissions" for stays)."""
    q_group = c._ctx.q_group
    if not q_group:
        return False
    if c._worded and c._ctx.kind.name == "count" and foreign_noun(c._after, c._ctx.question):
        return True  # "5 notes", "1234 women", "5 admission-days"
    there = noun_after(c._after) if c._worded else None
    if there == "death" and q_group == "patient" and _asks_who_died(c._ctx.question):
        return False  # "7 deaths" for "how many patients died": each patient dies once
    said = clause_groups(c._ctx.s[:c.start]) if there is None else {there}
    if there == q_group and narrowing(c._after, c._ctx.question):
        return True  # "1234 male patients" for all the patients the question counts
    return bool(said and q_group not in said)


@functools.lru_cache(maxsize=4096)
def _asks_who_died(question: str) -> bool:
    return re.search(r"\bpatients?\b[^?]*\b(?:died|die|expired)\b", question or "", re.I) is not None


# "4.2, down from 5.6": the value it changed from, beside the value asked for
_PREVIOUS = re.compile(r"\b(?:down|up|rising|falling|rose|fell|dropped|climbed|increased|decreased) from\s*$", re.I)
_PROPERTIES = {
    "echo": lambda c: abs(c._n.value) in c._ctx.qnums,  # a number the question itself states
    "id_label": lambda c: bool(_ID_LABEL.search(c._before, c._bl)),
    "count_noun": lambda c: c._worded and bool(_COUNT_NOUN.match(c._after)),
    "bound": lambda c: end_search(_BOUND, c._before, 12, c._bl) or ((c._worded or c._after[:2] == "-p") and
                                                                   bool(_BOUND_AFTER.match(c._after))),
    "negated": lambda c: negated_at(c._ctx.s, c.start, c._ctx.low),
    # "5.43 ± 2.1": the spread; "12 of 100": the whole the first number is part of
    "aside": lambda c: inside(c.start, c._ctx.aside_spans) or bool(_SPREAD.search(c._before)) or
    bool(_PART_OF.search(c._before, c._bl)) or ("from" in c._before and bool(_PREVIOUS.search(c._before))),
    "marker": lambda c: bool(_MARKER.search(c._before, c._bl)) or (c._after.startswith("**") and
                                                                   c._before.endswith("**")),
    "year": lambda c: c._n.decimals == 0 and 1900 <= c._n.value <= 2300 and end_search(_YEAR_CTX, c._before, 6, c._bl),
    "foreign_unit": _foreign_unit,
    "other_thing": _other_thing,
    # counted as rows / records / entries: what a table has, not what is counted
    "generic": lambda c: c._worded and bool(_GENERIC_NOUN.match(c._after)),
}


class _Lazy:
    """A property of a candidate, read on first use and kept in the instance (a non-data descriptor: once
    set, the instance's own value is found first; twice as fast as a __getattr__ fallback)."""

    __slots__ = ("name", "rule")

    def __init__(self, name: str, rule) -> None:
        self.name, self.rule = name, rule

    def __get__(self, cand, owner=None):
        if cand is None:
            return self
        value = self.rule(cand)
        cand.__dict__[self.name] = value
        return value


for _name, _rule in _PROPERTIES.items():
    setattr(_Cand, _name, _Lazy(_name, _rule))


# a JSON number without exponent (no leading zero), of the digits NUM_RE reads as one body
_PLAIN_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]{0,29})(?:\.[0-9]{1,30})?")


def read_number(text: Any, kind: Kind, question: str = "", question_numbers: set[Decimal] | None = None
                ) -> Num | Unread:
    """``text`` (an answer, or a table cell) as one number of ``kind``; Unread(why) when it is not one."""
    if isinstance(text, str):
        s = text.strip()
        if _PLAIN_JSON_NUMBER.fullmatch(s):
            # "4.2", "-3": a JSON number, which the full reading reads with parse_token on the whole text
            # (tests/scoring/test_properties.py holds the two to the same result)
            neg = s[0] == "-"
            n = parse_token("-" if neg else None, s[1:] if neg else s)
            if n is not None:
                return n
    return _read_number(text, kind, question, question_numbers)


def _read_number(text: Any, kind: Kind, question: str = "", question_numbers: set[Decimal] | None = None
                 ) -> Num | Unread:
    if not isinstance(text, str):
        n = num_of(unwrap_single(text))
        return n if n is not None else Unread(f"{text!r} is not a number")
    s = text.strip()
    lit = literal(s)
    if isinstance(lit, dict) and len(lit) == 1:
        key, value = next(iter(lit.items()))
        if isinstance(value, (int, float)) and not isinstance(value, bool) and \
                str(key).strip().lower() not in _NEUTRAL_KEYS:
            # {"icu_stays": 5}: the key says what the number is, as a label in a sentence would
            return read_number(f"{str(key).replace('_', ' ')}: {value}", kind, question, question_numbers)
    if lit is not NO:
        single = unwrap_single(lit)
        if isinstance(single, (int, float)) and not isinstance(single, bool):
            m = NUM_RE.fullmatch(s)  # a plain number keeps the decimals it was written with ("2.30")
            return (parse_token(m.group("sign"), m.group("body")) if m else None) or num_of(single) or \
                Unread("not a finite number")
        if isinstance(single, (list, tuple, dict)):
            return Unread("several values where one number is asked for")
        if isinstance(single, str) and single != s:
            return read_number(single, kind, question, question_numbers)
    s = s.replace("\u2212", "-").replace("\u2009", "").replace("\u202f", "")
    s, _ = blank(s, _DATE_RE) if may_have_date(s) else (s, [])
    if _FRACTION_HINT.search(s):  # "2\u00bd days", "2 1/2 days": 2.5, not 2
        s = _fractions(s)
    pairs: list[str] = []
    if "/" in s and question and _BP_Q.search(question):  # "95/55" where a pressure is asked: one of the two
        s, pairs = _pressure_pair(s, question)
    compound: list[tuple[int, int]] = []
    s_orig = s
    if _COMPOUND_HINT.search(s):  # "3 days and 4 hours": no one number in the asked unit (and no conversion)
        s, compound = blank(s, _COMPOUND_RE)
    # a change stated in words carries its sign ("a decrease of 3.5" is -3.5), keyed by where its number ends;
    # it goes through every check below like any number ("a decrease of 3.5 or 4" is a range)
    changes: dict[int, tuple[Num, bool]] = {}
    for m in (_CHANGE_RE.finditer(s) if _CHANGE_HINT.search(s) else ()):
        word = m.group("word") or m.group("verb") or m.group("word2")
        group = "num" if m.group("num") else "num3" if m.group("num3") else "num2"
        body = m.group(group)
        sign = body[0] if body[0] in "+-" else None
        n = parse_token(sign, body.lstrip("+-"))
        if n is None:
            continue
        if _DOWN_RE.match(word.lower()) and n.value > 0:
            n = Num(-n.value, n.decimals)
        at = min(m.start(group), m.start("word") if m.group("word") else m.start("verb") if m.group("verb")
                 else m.start(group))
        changes[m.end(group)] = (n, bool(_NOT_CHANGE.search(s[max(0, at - 16):at])))
    main, aside_spans = split_asides(s)
    main_low = main.lower()
    main, gone = blank(main, _RANGE_RE) if any(h in main_low for h in _RANGE_HINTS) else (main, [])
    gone += compound
    ranges = [s[a:b] for a, b in gone]
    main, moved = blank(main, _FROM_TO_RE) if "from" in main_low else (main, [])
    gone += moved
    cands = _candidates(s, aside_spans, gone, question, question_numbers, kind)
    if changes:
        asked = not question or bool(_CHANGE_ASKED.search(question))
        for c in cands:
            if c.end in changes:
                c.num, negated = changes[c.end]
                c.negated = c.negated or negated
                c.change = asked
                # a change where the question asks for a value is another quantity ("7, an increase of 2")
                c.other_thing = c.other_thing or not asked
    if not cands:
        if compound:
            return Unread(f"{s_orig[compound[0][0]:compound[0][1]].strip()!r} is a compound duration, not one number "
                          "in the unit asked")
        if pairs:
            return Unread(f"a blood pressure pair ({pairs[0]}) is not the pressure asked for")
        if ranges:
            return Unread(f"a range ({ranges[0].strip()}) is not one value")
        if moved:
            return Unread(f"{s[moved[0][0]:moved[0][1]].strip()!r} states two values")
        if kind.integral:
            words = set()
            for m in _WORD_NUM_RE.finditer(s):
                w, at = m.group(1).lower(), m.end()
                if _COUNT_NOUN.match(s[at:]) or s.strip().lower() in _ALONE or w in ("once", "twice", "thrice"):
                    if _counts_else(s[at:], question):  # "No ICU stays" for a count of admissions
                        return Unread(f"{s[m.start():at + 16].strip()!r} counts something else than the question")
                    words.add(_WORDS[w])
            for m in SPELLED_RUN.finditer(s):
                v = spelled_value(m.group(0))
                if v is None:
                    return Unread(f"{m.group(0)!r} is not one number")
                if scale_after(s[m.end():]):
                    return Unread(f"{s[m.start():m.end() + 12].strip()!r} is not one number")
                if _counts_else(s[m.end():], question):  # "Zero ICU stays"
                    return Unread(f"{s[m.start():m.end() + 16].strip()!r} counts something else than the question")
                words.add(v)
            if len(words) == 1:
                return Num(Decimal(words.pop()), 0)
            if len(words) > 1:
                return Unread("several numbers spelled out where one is asked for")
        return Unread("no number in the answer")
    chosen = _choose(cands, kind)
    if len(chosen) == 1:  # most answers: one candidate left, read without a generator per rule
        best = chosen[0]
        every = functools.partial(getattr, best)  # getattr: a property not read yet comes from its _Lazy
    else:
        values = {c.num.value for c in chosen}
        picked = attributed(s, question, [(c.start, c.end) for c in chosen]) if len(values) > 1 and question else None
        if picked is not None:  # "Input 2450 mL vs output 1800 mL": each figure labelled, one with the asked
            chosen = [chosen[picked]]
            values = {chosen[0].num.value}
        if len(values) > 1:
            shown = ", ".join(_show(c.num) for c in chosen[:4])
            return Unread(f"several numbers ({shown}) where one is asked for")
        best = max(chosen, key=lambda c: c.num.decimals)
        every = lambda name: all(getattr(c, name) for c in chosen)  # noqa: E731
    if every("foreign_unit"):
        return Unread(f"{_show(best.num)} {best.foreign_unit} is not the quantity asked for")
    if every("generic") and counted_group(question):  # "412 rows matched" for distinct patients
        return Unread(f"the number ({_show(best.num)}) counts rows, not what the question counts")
    if every("other_thing"):
        return Unread(f"the number ({_show(best.num)}) counts something else than the question asks about")
    if every("negated"):
        return Unread(f"a negated value ({s[max(0, best.start - 12):best.end].strip()}) is not an answer")
    if every("bound"):
        return Unread(f"a bound ({s[max(0, best.start - 12):best.end].strip()}) is not a value")
    return best.num


_GLYPHS = {"\u00bd": "1/2", "\u00bc": "1/4", "\u00be": "3/4", "\u2153": "1/3", "\u2154": "2/3", "\u215b": "1/8",
           "\u215c": "3/8", "\u215d": "5/8", "\u215e": "7/8", "\u2155": "1/5", "\u2156": "2/5", "\u2157": "3/5",
           "\u2158": "4/5"}
_FRACTION_HINT = re.compile(rf"[{''.join(_GLYPHS)}]|\d\s+\d/\d")
_MIXED = re.compile(rf"(?<![\d.,/])(\d+)?\s*([{''.join(_GLYPHS)}])|(?<![\d.,/])(\d+)\s+([1-9])/([2-9]|1[0-6])(?![\d/])")


def _fractions(s: str) -> str:
    """Mixed numbers as decimals: "2\u00bd" and "2 1/2" -> "2.5", "\u2153" -> "0.333333" (a proper fraction only)."""
    def sub(m: re.Match) -> str:
        if m.group(2):
            whole, (num, den) = int(m.group(1) or 0), map(int, _GLYPHS[m.group(2)].split("/"))
        else:
            whole, num, den = int(m.group(3)), int(m.group(4)), int(m.group(5))
            if num >= den:
                return m.group(0)
        value = (Decimal(whole * den + num) / Decimal(den)).quantize(Decimal("0.000001")).normalize()
        return (" " if m.group(0)[:1].isspace() else "") + format(value, "f")
    return _MIXED.sub(sub, s)


_BP_Q = re.compile(r"\b(?:systolic|diastolic|mean arterial|map|blood pressure|bp|arterial pressure)\b", re.I)
_BP_PAIR = re.compile(r"(?<![\d./])(\d{2,3})\s*/\s*(\d{2,3})(?![\d./])")


def _pressure_pair(s: str, question: str) -> tuple[str, list[str]]:
    """"95/55" is systolic/diastolic: the diastolic where the question asks for it, the systolic for the
    systolic, neither for a mean arterial or unnamed pressure (positions kept). Returns the pairs seen."""
    q = question.lower()
    which = 2 if "diastolic" in q else 1 if "systolic" in q else 0
    pairs: list[str] = []

    def sub(m: re.Match) -> str:
        pairs.append(m.group(0))
        a, b = m.group(1), m.group(0)[len(m.group(1)):]
        if which == 1:
            return a + " " * len(b)
        if which == 2:
            return " " * (len(m.group(0)) - len(m.group(2))) + m.group(2)
        return " " * len(m.group(0))
    return _BP_PAIR.sub(sub, s), pairs


_TIME_UNIT = r"(?:weeks?|wks?|days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)"
# where _COMPOUND_RE matches, this does: the first number's last digit, its unit, the joint, the second
# number's sign and first digit (or point) - at a tenth of the cost, and not on "24597018 was 4.2"
_COMPOUND_HINT = re.compile(rf"\d\s*{_TIME_UNIT}\b\s*(?:,\s*(?:and\s+)?|and\s+)?[-+\u2212]?\.?\d", re.I)
_COMPOUND_RE = re.compile(rf"{_N}\s*{_TIME_UNIT}\b(?:\s*(?:,\s*(?:and\s+)?|and\s+)?{_N}\s*{_TIME_UNIT}\b)+", re.I)


def _show(n: Num) -> str:
    return format(n.value, "f")


def _candidates(s: str, aside_spans, gone, question: str, qnums: set[Decimal] | None, kind: Kind
                ) -> list[_Cand]:
    if qnums is None:
        qnums = asked_numbers(question) if question else set()
    q_units = question_units(question)
    q_families = quantity_families(question) if question and not q_units else frozenset()
    low = safe_lower(s)  # the windows' lowercase, for the Folded patterns
    ctx = _Context(s, low, aside_spans, qnums, question, kind, q_units, counted_group(question), _free_time(question),
                   q_families, "temperature" in q_units or "temperature" in q_families)
    out = []
    for m in NUM_RE.finditer(s):
        n = parse_token(m.group("sign"), m.group("body"))
        start, end = m.span()
        if n is None or inside(start, gone):
            continue
        at = max(0, start - 40)
        after = s[end:end + 40]
        scale = scale_after(after) if _worded(after) else None
        if scale:  # "5 thousand" is 5000, "1.25 thousand" 1250 (the decimals move with the factor)
            factor, taken = scale
            n = Num(n.value * factor, max(0, n.decimals - len(str(factor)) + 1))
            after = after[taken:]
        # _worded: else no unit, noun, scale word or bound comes after the number
        out.append(_Cand(n, start, end, ctx, s[at:start], None if low is None else low[at:start], after,
                         _worded(after)))
    return out


def _worded(after: str) -> bool:
    """Whether the text after a number goes on (past spaces) with a letter, "%", "+" or "/": what each of
    SCALE_AFTER, _UNIT_AFTER, _NOUN_AFTER, _COUNT_NOUN and _BOUND_AFTER needs first (re.I's other letters are
    letters too)."""
    head = after.lstrip()[:1]
    return head != "" and (head.isalpha() or head in "%+/\u00b0\u2103\u2109\u2030")  # and the degree signs, per mille


@functools.lru_cache(maxsize=4096)
def asked_numbers(question: str) -> frozenset[Decimal]:
    return frozenset(numbers_in(question))


_GENERIC_NOUN = re.compile(r"^\s*(?:distinct\s+|unique\s+)?(?:rows?|records?|entries|lines|results?)\b", re.I)
_BARE_DEGREES = re.compile(r"^\s*\u00b0?\s*([CFcf])\b")
_NEUTRAL_KEYS = frozenset({"answer", "value", "result", "count", "n", "total", "number", "final_answer", "final answer",
                           "mean", "average", "output", "response"})
_FREE_TIME = re.compile(r"\b(?:how old|age|aged|how long|duration|long)\b", re.I)
_AGE = re.compile(r"\b(?:how old|age|aged)\b", re.I)
_QUALIFIED_UNIT = re.compile(r"^\s*(?:icu|hospital|inpatient|in-hospital|bed|patient|total|ward)[\s-]+", re.I)


def _counts_else(after: str, question: str) -> bool:
    """Whether the noun after a spelled count ("no", "zero") names another thing than the question counts, or
    a narrower group of it ("no male patients")."""
    asked = counted_group(question)
    there = noun_after(after) if asked else None
    return there is not None and (there != asked or narrowing(after, question))


@functools.lru_cache(maxsize=4096)
def _asks_age(question: str) -> bool:
    """An age is given in years ("52 months" is no age at a first admission)."""
    return bool(_AGE.search(question)) and not re.search(r"\b(?:months?|weeks?|days?)\b", question, re.I)


@functools.lru_cache(maxsize=4096)
def _free_time(question: str) -> bool:
    """Ages and durations may carry their unit even where the question names none ("65 years", "3 days")."""
    return bool(_FREE_TIME.search(question))


def _prefer(cands: list[_Cand], keep) -> list[_Cand]:
    kept = [c for c in cands if keep(c)]
    return kept if kept else cands


_FIRST_STEPS = (lambda c: not c.negated, lambda c: c.change, lambda c: not c.aside, lambda c: not c.echo,
                lambda c: not c.year, lambda c: not c.foreign_unit, lambda c: not c.other_thing,
                lambda c: not c.generic)
_LAST_STEPS = (lambda c: not c.bound, lambda c: c.marker)
_STEPS = {
    "identifier": _FIRST_STEPS + (lambda c: c.num.value == c.num.value.to_integral_value(), lambda c: not c.count_noun,
                                  lambda c: c.id_label or c.marker) + _LAST_STEPS,
    "count": _FIRST_STEPS + (lambda c: not c.id_label, lambda c: c.num.value == c.num.value.to_integral_value(),
                             lambda c: c.count_noun or c.marker) + _LAST_STEPS,
}
_OTHER_STEPS = _FIRST_STEPS + (lambda c: not c.id_label, lambda c: not c.count_noun) + _LAST_STEPS


def _choose(cands: list[_Cand], kind: Kind) -> list[_Cand]:
    """Narrow the candidates step by step while they disagree; each step only if something is left."""
    for keep in _STEPS.get(kind.name, _OTHER_STEPS):
        if len({c.num.value for c in cands}) <= 1:
            break
        cands = _prefer(cands, keep)
    return cands


# ---------------------------------------------------------------------------------------------
# Comparing


@functools.lru_cache(maxsize=64)
def _unit(exponent: int) -> Decimal:
    return Decimal(1).scaleb(exponent)


def round_half_up(d: Decimal, decimals: int) -> Decimal:
    if not d.is_finite():
        return d
    # the default context's 28 digits cannot hold 1E100 to 2 decimals (InvalidOperation): give it room
    prec = max(28, d.adjusted() + decimals + 2)
    if prec > 10_000:  # no rounding changes a number of ten thousand digits
        return d
    # the quantum and the context made once per precision (the context's flags are only ever written)
    quantum = _QUANTA.get(decimals)
    if quantum is None:
        quantum = _QUANTA[decimals] = Decimal(1).scaleb(-decimals)
    context = _CONTEXTS.get(prec)
    if context is None:
        context = _CONTEXTS[prec] = Context(prec=prec)
    return d.quantize(quantum, rounding=ROUND_HALF_UP, context=context)


@functools.lru_cache(maxsize=4096)
def _gold_rounded(g: Decimal, decimals: int) -> Decimal:
    """The gold at the asked precision, rounded once per task (the same gold is compared with every answer)."""
    return round_half_up(g, decimals)


_QUANTA: dict[int, Decimal] = {}
_CONTEXTS: dict[int, Context] = {}


def _normal_decimals(d: Decimal) -> int:
    """Decimals of a value with trailing zeros dropped (95.0 -> 0, 101.80 -> 1)."""
    if d == d.to_integral_value():
        return 0
    t = d.normalize().as_tuple().exponent
    return max(0, -t) if isinstance(t, int) else 0


_NOISE_REL = Decimal(NOISE_REL)  # the float's exact value, as Decimal(NOISE_REL) gives it each time
_NOISE_ABS = Decimal("1e-12")


def noise_equal(a: Decimal, b: Decimal) -> bool:
    d = abs(a - b)
    return d <= _NOISE_REL * max(abs(a), abs(b)) or d <= _NOISE_ABS


def numbers_match(pred: Num, gold: Num, kind: Kind) -> bool:
    """``pred`` gives ``gold`` under ``kind``'s rule (see kinds)."""
    p, g = pred.value, gold.value
    if kind.integral:
        return p == p.to_integral_value() and g == g.to_integral_value() and p == g
    if kind.decimals is not None:
        # float noise only beneath the asked precision (1e-9 relative is 0.001 on a million)
        return round_half_up(p, kind.decimals) == _gold_rounded(g, kind.decimals) or \
            (noise_equal(p, g) and abs(p - g) < _unit(-kind.decimals - 2))
    if noise_equal(p, g):
        return True
    d_g = _normal_decimals(g)
    d_p = pred.decimals
    if d_p >= d_g:
        return False  # as precise as the gold or more: only float noise may differ
    if d_p < min(d_g, 2) or pred.sig < min(3, max(1, gold.sig)):
        return False  # coarser than a grader accepts without being asked to round
    return round_half_up(g, d_p) == p
