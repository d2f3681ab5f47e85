"""One value of a kind: read from an answer (or a cell), made from a stored or DuckDB value, compared.

Booleans are read from a leading yes/no/true/false, a JSON literal, or a whole sentence: a negated
one ("the patient was not prescribed it") is False; an affirmative one is True only when it
restates the question (most of its content words), so "the latest result was normal" is not read
as "yes, abnormal". Hedged ("maybe", "probably") or contradictory answers are unreadable.

Codes are compared upper-cased without dots, spaces and hyphens; a sentence may carry the code
("the principal diagnosis was 41401").

Strings are compared case-folded with spacing, quotes, emphasis and a trailing full stop removed; a
sentence may state the value after its verb ("The most common route was PO/NG") or in emphasis.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .dates import When, read_when, when_of, whens_match
from .kinds import Kind
from .subjects import another_subject, asked_drugs, mentions_asked_drug, other_condition, other_drug_named
from .qualifiers import other_code
from . import code_glosses, variants
from .consistency import SI_FACTORS
from .numbers import Num, Unread, asked_numbers, num_of, numbers_in, numbers_match, read_number, round_half_up
from .text import NO, Folded, literal, negated_at, norm_text, split_asides, stems, strip_quotes, unwrap_single

_YES = frozenset({"yes", "y", "yeah", "yep", "true", "t", "correct", "affirmative", "indeed"})
_NO = frozenset({"no", "n", "nope", "false", "f", "incorrect", "negative"})
_HEDGE = Folded(r"\b(?:maybe|possibly|probably|perhaps|might|may have|likely|unlikely|unclear|uncertain|"
                r"appears? to|seems? to|could be|not clear|either)\b")
_NEG = Folded(r"\b(?:not|never|no|none|neither|nor|without|nothing)\b|n't\b",
              hints=("no", "never", "neither", "without", "n't"))
_WORDS = re.compile(r"[a-z0-9']+")
# a code token; digit groups joined by hyphens (NDC 00904-1988-61) are one code
_CODE_TOKEN = re.compile(r"(?=[A-Za-z\d])(?<![\w.\-/])[A-Za-z]{0,2}\d[\dA-Za-z]*(?:\.[\dA-Za-z]+|-\d+)*(?![\w\-/])")
_CODE_SHAPE = re.compile(r"^[A-Za-z]{0,3}[\d][\dA-Za-z.\-]*$|^[A-Za-z]{1,3}\d*$")
_CODE_STRIP = re.compile(r"[.\s\-]")
_COPULA = Folded(r"(?:\b(?:is|was|were|are|be|being|been|to|as)|:|(?<=\s)(?:=|->|\u2192))\s+")
_CLAUSES = Folded(r";|[.!?]\s+\S|\b(?:but|however|although|though|whereas|while|whether|except|followed by|"
                  r"then|second|runner-up|next|overall|instead|rather)\b")
_NOT_YES = Folded(r"\b(?:not|n't)\s+(?:a\s+)?(?:yes|no)\b|^\W*not\s+(?:true|false)\b", hints=("not", "n't"))
_IDIOM = Folded(r"\bno\s+(?:doubt|question|wonder|way|problem|kidding)\b|\bnot\s+(?:un|in|im|non-?)\w+|"
                r"\b(?:not|never|n't)\b[^.;!?]*\b(?:not|never|n't|no)\b", hints=("no", "n't", "never"))
_EMPH = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`|\"([^\"]+)\"|\u201c([^\u201d]+)\u201d|(?<![\w'])'([^'\n]+)'(?![\w'])")


@dataclass(frozen=True)
class Text:
    """A string answer: the normalised forms it may be read as (the whole, the value after its verb, ...),
    and each form as written (for showing)."""

    forms: tuple[str, ...]
    shown: tuple[str, ...] = ()

    @classmethod
    def of(cls, raws: list[str]) -> "Text":
        seen: dict[str, str] = {}
        for r in raws:
            n = norm_text(r)
            if n and n not in seen:
                seen[n] = strip_quotes(" ".join(r.split()))
        return cls(tuple(seen), tuple(seen.values()))

    def json(self, gold: str | None = None) -> str:
        i = self.forms.index(gold) if gold is not None and gold in self.forms else 0
        if not self.forms:
            return ""  # an empty cell ("|" read as a table row)
        return self.shown[i] if i < len(self.shown) else self.forms[i]


def norm_code(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return _CODE_STRIP.sub("", strip_quotes(str(value))).upper()


# ---------------------------------------------------------------------------------------------
# Reading one value of a kind from an answer


def read_value(text: Any, kind: Kind, question: str = "", qnums: set[Decimal] | None = None) -> Any:
    """Num, When, bool, str (a code) or Text, or Unread(why)."""
    if kind.numeric:
        return read_number(text, kind, question, qnums)
    if kind.name in ("date", "timestamp"):
        return read_when(text, kind, question)
    if kind.name == "boolean":
        return read_bool(text, question)
    if kind.name == "code":
        return read_code(text, question)
    if question and isinstance(text, str) and _asks_interpretation(question):
        letter = read_interpretation(text, question)
        if letter is not None:
            return letter
    return read_text(text, question)


# microbiologyevents.interpretation: one letter per antibiotic tested, said in words as often as not
_INTERPRETATION_Q = re.compile(r"\binterpretation\b|\bsusceptib\w*|\bsensitiv\w*|\bresistan\w*", re.I)
_INTERPRETATION = re.compile(r"(?<![\w'-])(?:(R|S|I|P)|(resistant|resistance|susceptible|sensitive|intermediate|"
                             r"pending))(?![\w'-])", re.I)
_LETTER_OF = {"resistant": "R", "resistance": "R", "susceptible": "S", "sensitive": "S", "intermediate": "I",
              "pending": "P"}
_CLAUSE_SPLIT = re.compile(r";|\.\s+|\n|\s+but\s+")


@functools.lru_cache(maxsize=4096)
def _asks_interpretation(question: str) -> bool:
    return _INTERPRETATION_Q.search(question) is not None and bool(asked_drugs(question))


def read_interpretation(text: str, question: str) -> Text | Unread | None:
    """"Resistant.", "R - resistant to ciprofloxacin", "interpretation = 'R'": the one interpretation the
    answer gives the asked antibiotic (clauses about another antibiotic set apart); None where it names none."""
    said: set[str] = set()
    for clause in _CLAUSE_SPLIT.split(text):
        if other_drug_named(clause, question) and not mentions_asked_drug(clause, question):
            continue  # "The same isolate was S to nitrofurantoin"
        for m in _INTERPRETATION.finditer(clause):
            if m.group(1) and not (m.group(1).isupper() or len(clause.strip(" .|*`'\"")) == 1):
                continue  # a lowercase "i" or "s" is a word, not a letter
            if m.group(1) == "I" and re.match(r"\s+[a-z]", clause[m.end():]):
                continue  # "as I found": the pronoun
            said.add(m.group(1).upper() if m.group(1) else _LETTER_OF[m.group(2).lower()])
    if not said:
        return None
    if len(said) > 1:
        return Unread(f"several interpretations ({', '.join(sorted(said))}) where one is asked for")
    if re.search(r"\bnot\b|n't\b|\bnever\b", text, re.I):
        return Unread("a negated interpretation is not one")
    return Text.of([said.pop()])


def read_bool(text: Any, question: str = "") -> bool | Unread:
    value = _read_bool(text, question)
    if isinstance(value, bool) and isinstance(text, str):
        why = _contradicts(text, value, question)
        if why:
            return Unread(why)
    return value


# "above 100", "more than 2", "at least 5": a question whose yes/no a stated value decides
_THRESHOLD = re.compile(r"\b(above|over|greater than|more than|higher than|exceed(?:ed|s|ing)?|at least|older than|"
                        r"longer than|below|under|less than|lower than|fewer than|at most|younger than|shorter than)\s+"
                        r"(-?\d+(?:\.\d+)?)\b", re.I)
# "yes" / "no" standing as an answer of its own later in the text ("No. Let me re-check: yes, ...")
_LATER_ANSWER = re.compile(r"(?:\bbut\s+|[:;.!,\u2014-]\s*)(yes|no|true|false)\b(?=\s*(?:[,.;:!\u2014-]|$|during|for|in|on))",
                           re.I)
# what the question asks about, stated as having happened, after a "no" ("No; it was prescribed on day 2")
_HAPPENED = re.compile(r"\b(?:was|were|is|are|has been|had been|have been|got)\s+(?:\w+\s+){0,2}?(?:prescribed|given|"
                       r"administered|started|received|ordered|dispensed|diagnosed|performed|documented|recorded|listed|coded|billed|"
                       r"found|done|taken|present|positive|abnormal|elevated|high|low)\b|"
                       r"\b(?:appears?|appeared|exists?|existed|occurs?|occurred)\s+(?:\w+\s+){0,3}?(?:\d+|once|twice)"
                       r"\s+times?\b|\b(?:\d+|one|two|three|several|multiple)\s+(?:\w+\s+)?(?:orders?|prescriptions?|"
                       r"doses?|administrations?|records?|entries)\s+(?:exist|existed|were|are|found)\b|"
                       r"\b(?:was|were)\s+(?:\w+\s+){0,3}?(?:started|begun|prescribed|given)\b|"
                       r"\b(?:prescribed|given|administered|started|ordered|dispensed)\s+(?:on|at)\s+\d", re.I)
# a word of every _HAPPENED match: most "no" answers skip that long pattern
_HAPPENED_HINT = re.compile(r"prescrib|given|administ|start|receiv|order|dispens|diagnos|perform|document|record|found|listed|coded|billed|"
                            r"done|taken|present|positive|abnormal|elevat|high|low|appear|exist|occur|begun|got|"
                            r"\d|once|twice|one|two|three|several|multiple", re.I)
_ELSEWHERE = re.compile(r"\b(?:another|other|different|previous|prior|earlier|later|next|subsequent|outpatient|"
                        r"before|after)\b|\b\d{7,}\b", re.I)
_ZERO_FOUND = re.compile(r"\bn\s*=\s*0\b|\b(?:0|zero|no)\s+(?:\w+\s+){0,2}?(?:found|recorded|matched|returned|rows?|results?|"
                         r"records?|orders?|prescriptions?)\b|\bcount\s*[:=]\s*0\b|\b(?:none|nothing) (?:found|recorded)\b",
                         re.I)
_ELSEWHERE_EVENT = re.compile(r"\b(?:previous|prior|earlier|subsequent|next|later|another|other|different|following)"
                              r" (?:admission|stay|visit|encounter|hospitali[sz]ation)\b|"
                              r"\b(?:during|in) (?:a |an |the )?(?:different|other|another|previous|prior|later) icu stay\b|\b(?:before|after) (?:that|this|the)"
                              r" admission\b|\boutpatient\b|\bafter (?:the )?discharge\b|\bpost-discharge\b|"
                              r"\bbefore (?:the )?admission\b|\bpre-admission\b", re.I)
_ELSEWHERE_HINTS = ("previous", "prior", "earlier", "subsequent", "next", "later", "other", "different", "following",
                    "before", "after", "outpatient", "discharge", "admission")
# "No pressors other than a low-dose norepinephrine drip", "None, except vasopressin": the exception is a yes
_NO_EXCEPT = re.compile(r"\W*(?:no|none|nothing)\b[^.;:]{0,60}?\b(?:other than|apart from|aside from|except(?: for)?|"
                        r"excepting|besides|save for|beyond|bar)\b", re.I)
# "There's no record that vasopressors weren't given": a denial of a denial
_DOUBLE_NEGATIVE = re.compile(r"\bno (?:record|evidence|indication|documentation|sign|note|mention)s? (?:that|of)\b"
                              r"[^.;]*?(?:\bnot\b|n't\b|\bnever\b|\bwithout\b)|"
                              # "None of the blood cultures came back without growth", "Not negative - one grew"
                              r"^\W*(?:none|not one|no one|neither)\b[^.;]*\bwithout\b|"
                              r"^\W*not\s+(?:negative|normal|absent|clear|unremarkable)\b|"
                              r"^\W*(?:not one|none|no)\b(?:\s+[\w-]+){0,4}?\s+(?:was|were|is|are|came back)\s+negative\b",
                              re.I)
# "considered but deferred", "recommended but declined", "planned and then cancelled": never carried out
_NOT_CARRIED_OUT = re.compile(r"\b(?:considered|discussed|planned|proposed|recommended|suggested|offered|ordered|"
                              r"scheduled)\b[^.;]{0,30}?\b(?:but|and(?: then)?)\s+(?:was\s+|were\s+|then\s+)?"
                              r"(?:deferred|declined|refused|postponed|held|cancell?ed|withdrawn|abandoned|"
                              r"not (?:started|done|given|performed|initiated|carried out)|never (?:started|done|given|"
                              r"performed|initiated))\b", re.I)
_NEGATION = re.compile(r"\b(?:not|never|no|none|neither|nor|without)\b|n't\b", re.I)


_TAKEN_BACK = re.compile(r"\b(?:actually|on second thought|correction|wait|rechecking|re-checking|on (?:a )?closer look)\b",
                         re.I)
_EVERY_Q = re.compile(r"\b(?:every|each|always|all)\b", re.I)
_YES_EXCEPT = re.compile(r"\W*(?:yes|true)\b[^.;]{0,20}?\b(?:except|apart from|but not|other than|save for)\b", re.I)
# "Was the last creatinine higher than the first?": a no that says "it was higher", a yes that says "lower",
# "Not lower" (the same as higher, or equal)
_COMPARATIVE_SIDE = {"higher": "up", "greater": "up", "more": "up", "larger": "up", "longer": "up", "later": "up",
                     "above": "up", "increased": "up", "rose": "up", "up": "up",
                     "lower": "down", "less": "down", "smaller": "down", "shorter": "down", "earlier": "down",
                     "below": "down", "decreased": "down", "fell": "down", "down": "down", "fewer": "down"}
_Q_COMPARATIVE = re.compile(r"\b(higher|greater|more|larger|longer|later|lower|less|smaller|shorter|earlier|fewer)\s+than\b",
                            re.I)
_STATED_COMPARATIVE = re.compile(r"(?:^\W*(?:no|yes)\W+|^\W*)(?:(?:it|that|this|the\s+\w+(?:\s+\w+)?)\s+)?"
                                 r"(?:(?:was|is|went|came\s+out)\s+)?(not\s+)?(higher|greater|larger|longer|later|lower|smaller|shorter|earlier|"
                                 r"increased|decreased|rose|fell|up|down)\b", re.I)


@functools.lru_cache(maxsize=4096)
def _asked_comparative(question: str) -> str | None:
    m = _Q_COMPARATIVE.search(question)
    return m.group(1).lower() if m else None


_FAHRENHEIT = re.compile(r"(?<![\w.])(\d{2,3}(?:\.\d+)?)\s*(?:\u00b0\s*F|degrees?\s+f(?:ahrenheit)?\b|F\b|fahrenheit\b)")
_CELSIUS_Q = re.compile(r"\u00b0\s*C\b|\bcelsius\b|\bdegrees? c\b", re.I)


_SAID_SIDE = r"(above|over|exceed\w*|greater than|more than|higher than|below|under|less than|lower than)\s+(?:the\s+)?"


def _stated_comparison(text: str, limit: Decimal) -> bool | None:
    """Whether the answer's own words put the value above (True) or below (False) the question's limit ("27.4,
    i.e. above 30"); None when they do not say, or negate it ("not above 30")."""
    m = re.search(_SAID_SIDE + r"(-?\d+(?:\.\d+)?)\b", text, re.I)
    verdict = re.search(r"\b(?:yes|no|true|false)\b", text, re.I)
    if not m or Decimal(m.group(2)) != limit or re.search(r"\b(?:not|never|n't)\s+$", text[max(0, m.start() - 8):m.start()]) \
            or verdict is None or m.start() < verdict.start():
        return None  # (before the yes or no it restates the question: "Above 100: no (98 bpm)")
    return not m.group(1).lower().startswith(("below", "under", "less", "lower"))


_HOURS_TEXT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b", re.I)
_DAYS_HOURS = re.compile(r"(?<![\w.])(\d+)\s*days?\s*(?:and\s+)?(\d+)\s*(?:h|hrs?|hours?)\b", re.I)
_SI_TEXT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:\u00b5|\u03bc|u)mol\s*/\s*l\b", re.I)


def _in_question_units(text: str, question: str) -> str:
    """The answer's figures in the question's unit where it names one: hours as days ("80 hours", "3 days 6 hours"
    for "longer than 3 days"), creatinine in µmol/L as mg/dL."""
    ql = question.lower()
    if re.search(r"\d\s*days?\b", ql):
        text = _DAYS_HOURS.sub(lambda m: f"{int(m.group(1)) + Decimal(m.group(2)) / 24:.2f} days", text)
        text = _HOURS_TEXT.sub(lambda m: f"{Decimal(m.group(1)) / 24:.2f} days", text)
    if "mg/dl" in ql and "creatinine" in ql:
        factor = SI_FACTORS["creatinine"][2]
        text = _SI_TEXT.sub(lambda m: f"{Decimal(m.group(1)) / factor:.2f} mg/dL", text)
    return text


def _to_question_degrees(text: str, question: str) -> str:
    """A temperature in Fahrenheit, as Celsius where the question's limit is in Celsius ("100.2 F" for ">= 38.0 C")."""
    if "F" not in text and "f" not in text or not _CELSIUS_Q.search(question):
        return text
    return _FAHRENHEIT.sub(lambda m: f"{(Decimal(m.group(1)) - 32) * 5 / 9:.2f} C", text)


# "38.0 \u00b0C or higher", "5 or more": the limit with its side after it
_OR_SIDE = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s*(?:\u00b0\s*[CF]|[a-z/%]+)?\s+or\s+(higher|more|above|greater|over|"
                      r"lower|less|below|fewer|under)\b", re.I)


@functools.lru_cache(maxsize=4096)
def _threshold(question: str) -> tuple[str, Decimal] | None:
    m = _THRESHOLD.search(question)
    if m:
        return m.group(1).lower(), Decimal(m.group(2))
    m = _OR_SIDE.search(question)
    if m:
        up = m.group(2).lower() in ("higher", "more", "above", "greater", "over")
        return ("at least" if up else "at most"), Decimal(m.group(1))
    return None


_WINDOW_Q = re.compile(r"\bwithin (?:the first )?(\d+|one|two|three) (hours?|days?)\b", re.I)
_STATED_TIME = re.compile(r"\b(\d+(?:\.\d+)?) (hours?|days?) after\b|\b(?:on |hospital )?day (\d+)\b", re.I)
_SMALL = {"one": 1, "two": 2, "three": 3}


def _window(question: str) -> tuple[int, str, int] | None:
    """The question's window: (its number, its unit as written, its length in hours) for "within 30 days"."""
    q = _WINDOW_Q.search(question)
    if not q:
        return None
    n = int(_SMALL.get(q.group(1).lower(), q.group(1)))
    return n, q.group(2), n * (24 if q.group(2).lower().startswith("day") else 1)


def _later_than_window(text: str, question: str) -> str | None:
    """A yes whose own words put the event outside the question's window ("Yes, but only 40 hours after
    admission", "on day 3" for "within 24 hours")."""
    w = _window(question)
    if not w:
        return None
    n, unit, window_h = w
    for m in _STATED_TIME.finditer(text):
        if m.group(3):  # day N of the admission: day 1 is the first 24 hours
            hours_min = (int(m.group(3)) - 1) * 24
        else:
            hours_min = float(m.group(1)) * (24 if m.group(2).lower().startswith("day") else 1)
        if hours_min >= window_h and not (m.group(3) and int(m.group(3)) == 1):
            return f"says yes, but {m.group(0)!r} is outside the question's {n} {unit}"
    return None


_GAP = re.compile(r"\b(\d+(?:\.\d+)?) (hours?|days?) (?:after|later|following|from|since)\b|"
                  r"\b(?:after|within|only) (\d+(?:\.\d+)?) (hours?|days?)\b", re.I)


_IN_HOSPITAL_DEATH_Q = re.compile(r"\bdie[sd]?\b[^?]{0,30}\b(?:in|during)\b[^?]{0,20}\b(?:hospital|admission|stay)\b|"
                                  r"hospital_expire_flag|\bin-?hospital (?:death|mortality)\b", re.I)
# MIMIC sets admissions.deathtime only for a death in the hospital: a deathtime stated is a yes, a null one a no
_DEATHTIME_SET = re.compile(r"\bdeathtime\b\s*(?:is|was|=|:)?\s*\d{4}-\d\d-\d\d|\bdied\s+(?:during|in)\s+(?:the|this)\s+"
                            r"(?:admission|hospital|stay)\b", re.I)
_DEATHTIME_NULL = re.compile(r"\bdeathtime\b\s*(?:is|was|=|:)?\s*(?:null|none|empty|missing|blank)\b", re.I)


def _death_against(text: str, question: str, value: bool) -> str | None:
    """"No (deathtime 2150-04-02 23:50, during the admission)" for "did the patient die in the hospital?"."""
    if not _IN_HOSPITAL_DEATH_Q.search(question):
        return None
    m = _DEATHTIME_SET.search(text) if not value else None
    before = re.sub(r"^\W*(?:no|false)\b", "", text[:m.start()], flags=re.I)[-25:] if m else ""
    if m and not _NEGATION.search(before):  # (the answer's own "No" is not a negation of the death it gives)
        return "says no, but gives a death in the hospital (a deathtime, or died during the admission)"
    if value and _DEATHTIME_NULL.search(text):
        return "says yes, but the admission's deathtime is empty"
    return None


def _inside_window(text: str, question: str) -> str | None:
    """A no whose own words put the event inside the question's window ("No, the next admission was 24 days after
    discharge" for "readmitted within 30 days?")."""
    w = _window(question)
    if not w:
        return None
    n, unit, window_h = w
    for m in _GAP.finditer(text):
        num, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        hours = float(num) * (24 if unit.lower().startswith("day") else 1)
        if hours < window_h and not _NEGATION.search(text[max(0, m.start() - 25):m.start()]):
            return f"says no, but {m.group(0)!r} is inside the question's {n} {unit}"
    return None


_ABNORMAL_Q = re.compile(r"\babnormal\b|\bout(?:side)?(?: of)? (?:the )?(?:reference|normal) range\b|"
                         r"\b(?:flagged|flag(?:ged)? as) abnormal\b", re.I)
_NORMAL_Q = re.compile(r"\b(?:normal|within (?:the )?(?:reference|normal) range|in range)\b", re.I)
_REF_RANGE = re.compile(r"\b(?:ref(?:erence)?|normal)(?:\s+(?:range|interval|limits?))?(?:\s+(?:of|is|was))?\s*[:=]?\s*"
                        r"(-?\d+(?:\.\d+)?)\s*(?:-|\u2013|to)\s*(-?\d+(?:\.\d+)?)", re.I)
_IN_RANGE = re.compile(r"\b(?:within|inside|in) (?:the )?(?:reference|normal) (?:range|limits)\b", re.I)
_OUT_RANGE = re.compile(r"\b(?:outside|out of|above|below|exceed(?:s|ed|ing)?) (?:the )?(?:reference|normal|upper|lower) "
                        r"(?:range|limits?)\b", re.I)


def _range_contradiction(text: str, value: bool, question: str) -> str | None:
    """A yes/no on whether a result was abnormal that the stated value and reference range contradict ("Yes,
    1.1 mg/dL (reference 0.5-1.2)"), or that says in words it was within (outside) the range."""
    abnormal = bool(_ABNORMAL_Q.search(question))
    if not abnormal and not _NORMAL_Q.search(question):
        return None
    r = _REF_RANGE.search(text)
    out = None
    if r:
        lo, hi = sorted((float(r.group(1)), float(r.group(2))))
        rest = text[:r.start()] + " " * (r.end() - r.start()) + text[r.end():]
        stated = {float(n) for n in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\d.])", rest)} - \
            {float(n) for n in re.findall(r"\d+(?:\.\d+)?", question)}
        if len(stated) == 1:
            v = stated.pop()
            out = not lo <= v <= hi
    if out is None:
        out = True if _OUT_RANGE.search(text) else False if _IN_RANGE.search(text) else None
    if out is None:
        return None
    holds = out if abnormal else not out
    if holds != value:
        return (f"says {'yes' if value else 'no'}, but the value it states is "
                f"{'outside' if out else 'within'} its reference range")
    return None


def _other_place(clause: str, question: str) -> bool:
    """Whether a clause names another admission, time or id than the question's (its own ids are not)."""
    return any(not m.group(0).isdigit() or m.group(0) not in question for m in _ELSEWHERE.finditer(clause))


def _contradicts(text: str, value: bool, question: str) -> str | None:
    """Why a yes/no answer contradicts itself, or None: a stated value on the other side of the question's
    threshold ("Yes, it was exactly 100 bpm" for "above 100?"), a later yes or no of the other sense ("No.
    Let me re-check: yes, ..."), or a "no" followed by the asked event stated as having happened ("No;
    aspirin was prescribed on day 2")."""
    tl = text.lower()
    rng = _range_contradiction(text, value, question) if any(w in tl for w in ("ref", "normal", "range")) \
        else None
    if rng:
        return rng
    m = _TAKEN_BACK.search(text, 3) if any(w in tl for w in ("actually", "recheck", "second thought", "correction",
                                                                 "wait", "closer look")) else None
    if m:  # "No, it fell in 2153 - actually, rechecking, ... so it rose every year"
        return f"takes its {'yes' if value else 'no'} back ({m.group(0)!r})"
    if value and _EVERY_Q.search(question):
        m = _YES_EXCEPT.match(text)
        if m:  # "Yes, except in 2152" for "every year?"
            return f"says yes, with an exception ({m.group(0)!r}) to what the question asks of every one"
    comp = _asked_comparative(question)
    if comp:
        m = _STATED_COMPARATIVE.search(text)
        if m:
            said = m.group(2).lower()
            negated = bool(m.group(1))
            same = _COMPARATIVE_SIDE.get(said) == _COMPARATIVE_SIDE.get(comp)
            if _COMPARATIVE_SIDE.get(said) and (same != negated) != value:
                return f"says {'yes' if value else 'no'}, then that it was {'not ' if negated else ''}{said}"
    m = _threshold(question)
    if m:
        word, limit = m
        own = asked_numbers(question) - {abs(limit)}  # (read once per question)
        said = _stated_comparison(text, limit)
        up_q = not word.startswith(("below", "under", "less", "lower", "fewer", "at most", "younger", "shorter"))
        if said is not None and said == up_q and not value and word not in ("at least", "at most"):
            return f"says no, but its own words put the value {'above' if up_q else 'below'} {limit}"
        stated = {n for n in numbers_in(_in_question_units(_to_question_degrees(text, question), question))
                  if n not in own}
        if len(stated) == 1:
            n = stated.pop()
            up = up_q
            inclusive = word in ("at least", "at most")
            holds = (n > limit or (inclusive and n == limit)) if up else (n < limit or (inclusive and n == limit))
            if holds != value:
                return (f"says {'yes' if value else 'no'}, but the value it states ({n}) is "
                        f"{'' if holds else 'not '}{word} {limit}")
    for later in (_LATER_ANSWER.finditer(text) if any(w in tl[1:] for w in ("yes", "no", "true", "false")) else ()):
        tail = re.split(r"[;.!?]", text[later.end():], maxsplit=1)[0]
        if _ELSEWHERE.search(tail):
            continue  # "..., but yes during the next one": about another admission or time
        if later.start() > 0 and (later.group(1).lower() in ("yes", "true")) != value:
            return "says both yes and no"
    if value:
        m = _NOT_CARRIED_OUT.search(text) if "but" in tl or "and" in tl else None
        if m:  # "Dialysis was considered but deferred; nephrology said yes to starting if ..."
            return f"says yes, but the event was not carried out ({m.group(0)!r})"
        late = _later_than_window(text, question)
        if late:
            return late
        if other_condition(text, question):  # "Yes, atrial flutter (42732)" for atrial fibrillation
            return "says yes, but about another condition than the question's"
        other = another_subject(text, question)  # "Yes, torsemide was prescribed" for furosemide
        if not other and (";" in text or ". " in text or " but " in text):
            # "Yes, resistant to levofloxacin; to ciprofloxacin it was susceptible": the yes is about another
            other = another_subject(re.split(r";|\.\s|\bbut\b", text, maxsplit=1)[0], question)
        if other:
            return f"says yes, but {other[4:]}"
        if any(w in tl for w in ("0", "zero", "no ", "none", "nothing")) and _ZERO_FOUND.search(text):
            return "says yes, then counts none"  # "Yes (0 prescriptions found)", "True - count = 0"
        m = _ELSEWHERE_EVENT.search(text) if any(w in tl for w in _ELSEWHERE_HINTS) else None
        if m and not _ELSEWHERE_EVENT.search(question):  # "Yes, during the prior admission"
            return f"says yes about another admission or time ({m.group(0)!r})"
    death = _death_against(text, question, value) if "death" in tl or "died" in tl else None
    if death:
        return death
    if not value:
        inside = _inside_window(text, question)
        if inside:
            return inside
        m = _NO_EXCEPT.match(text)
        if m and not _ELSEWHERE_EVENT.search(text, m.end()) and not _NEGATION.search(text, m.end()):
            # (a negation after the exception sets it apart: "... except a urine culture (not a blood culture)")
            return f"says no, with an exception that is a yes ({m.group(0)!r})"  # "No pressors other than ..."
        m = _DOUBLE_NEGATIVE.search(text) if "no" in tl else None
        if m:
            return f"a double negative ({m.group(0)!r}) is not a no"
        first_no = re.search(r"\b(?:no|false|not|never)\b|n't\b", text, re.I)
        rest = text[first_no.end():] if first_no else ""
        clauses = re.split(r"[;.!?]|\bbut\b|\u2014|--", rest) if _HAPPENED_HINT.search(rest) else []
        if first_no and first_no.group(0).lower() == "no" and re.match(r" +(?!denying|doubt|question|mistake|way\b)"
                                                                        r"[a-z]+[^:]*$", rest, re.I):
            clauses = clauses[1:]  # "No vasopressors were given": the no is the clause's own determiner
        for clause in clauses:
            h = _HAPPENED.search(clause)
            if h and other_drug_named(clause, question) and not mentions_asked_drug(clause, question):
                continue  # "No, only enoxaparin was given": another drug happened, not the asked one
            if h and other_code(clause, question):
                continue  # "No, but 4011 (benign hypertension) was coded": another code
            if h and not _NEGATION.search(clause[:h.end()]) and not _other_place(clause, question):
                return f"says no, then states that it happened ({h.group(0).strip()!r})"
    return None


def _read_bool(text: Any, question: str = "") -> bool | Unread:
    if isinstance(text, bool):
        return text
    if isinstance(text, (int, float)) and text in (0, 1):
        return bool(text)
    if not isinstance(text, str):
        single = unwrap_single(text)
        return _read_bool(single, question) if single is not text else Unread(f"{text!r} is not yes or no")
    s = text.strip()
    lit = literal(s)
    if lit is not NO:
        single = unwrap_single(lit)
        if isinstance(single, bool):
            return single
        if isinstance(single, int) and single in (0, 1) and s.strip("[] ") in ("0", "1"):
            return bool(single)
        if isinstance(single, str) and single != s:
            return _read_bool(single, question)
    words = _WORDS.findall(s.lower())
    if not words:
        return Unread("no yes or no in the answer")
    if _NOT_YES.search(s):
        return Unread("a negated yes/no (\"not yes\") is not yes or no")
    if _IDIOM.search(s):
        return Unread("an idiom or a double negation (\"no doubt\", \"not untrue\") is not a plain yes or no")
    first = words[0]
    yes_words = [w for w in words if w in ("yes", "true")]
    no_words = [w for w in words if w in ("no", "false")]
    if first in _YES or first in _NO:
        rest = words[1:]
        if (first in _YES and any(w in ("no", "false") for w in rest[:3])) or \
                (first in _NO and any(w in ("yes", "true") for w in rest[:3])):
            return Unread("says both yes and no")
        if first in _YES and _NEG.search(" ".join(rest)) and not _NEG.search(question):
            return Unread("says yes, then negates it (\"yes, it was not ...\")")
        return first in _YES
    if _HEDGE.search(s):
        return Unread("a hedged answer is not yes or no")
    if first in ("not", "never") and yes_words:
        head = re.split(r"\b(but)\b|;|\u2014", s, maxsplit=1)[0]
        later = s[len(head):]
        if _ELSEWHERE.search(later) and not _ELSEWHERE.search(head):
            return False  # the asked one is negated; the yes is about another admission or time
    if yes_words and no_words:
        return Unread("says both yes and no")
    if not yes_words and not no_words and question and _NEG.search(s):
        parts = re.split(r"[,;]|\bbut\b|\u2014", s)
        asked_parts = [c for c in parts if mentions_asked_drug(c, question)]
        negated = [c for c in parts if _NEG.search(c)]
        if len(asked_parts) == 1 and not _NEG.search(asked_parts[0]) and negated and \
                all(other_drug_named(c, question) for c in negated):
            return True  # "Furosemide was prescribed, not spironolactone": the negation is another drug's
    if no_words or (_NEG.search(s) and not yes_words):
        return False
    if yes_words:
        return True
    if _antonym_of_question(s, question):
        return False  # "Was it abnormal?" - "it was normal"
    q = _question_stems(question)
    a = stems(s)
    # an affirmative restatement of the question: most of its content words and nothing of its own (a value,
    # another drug: "The last heart rate was 88 bpm" does not say "above 100")
    if q and len(a & q) >= max(2, (2 * len(q) + 2) // 3) and not (a - q) and \
            numbers_in(s) <= asked_numbers(question):
        return True
    return Unread("no yes or no in the answer")


_PREFIXED = re.compile(r"^(?:ab|un|non-?|in)(?P<base>[a-z]{4,})$")


def _antonym_of_question(answer: str, question: str) -> bool:
    """Whether the answer states the prefix-antonym of a word the question asks about (abnormal / normal,
    unstable / stable) and never the word itself."""
    a, q = set(_WORDS.findall(answer.lower())), _question_words(question)
    bases_of_a = {_prefix_base(x) for x in a - q}
    return any(w in bases_of_a or _prefix_base(w) in a for w in q - a)


def _prefix_base(w: str) -> str | None:
    m = _PREFIXED.match(w)
    return m.group("base") if m else None


@functools.lru_cache(maxsize=4096)
def _question_words(question: str) -> frozenset[str]:
    return frozenset(_WORDS.findall(question.lower()))


@functools.lru_cache(maxsize=4096)
def _question_stems(question: str) -> frozenset[str]:
    return frozenset(stems(question))


def _dot_placed(code: str, question: str) -> bool:
    """Whether a dotted code has its dot where ICD puts it: after three characters (ICD-9 and ICD-10
    diagnoses), four for ICD-9 E codes, two for ICD-9 procedures."""
    at = code.find(".")
    ok = {3}
    if code[:1] in "Ee":
        ok.add(4)
    if re.search(r"\bprocedure", question, re.I) and code[:at].isdigit():
        ok.add(2)
    return at in ok


def read_code(text: Any, question: str = "") -> str | Unread:
    if not isinstance(text, str):
        v = unwrap_single(text)
        if isinstance(v, (list, dict)):
            return Unread("several values where one code is asked for")
        return norm_code(v) if v is not None else Unread("no code in the answer")
    lit = literal(text)
    if lit is not NO and not isinstance(lit, (int, float)):
        single = unwrap_single(lit)
        if isinstance(single, (list, dict)):
            return Unread("several values where one code is asked for")
        if single is not None and str(single) != text:
            return read_code(str(single), question)
    bare = strip_quotes(text)
    if _CODE_SHAPE.match(bare) and len(bare) <= 16:
        if "." in bare and not _dot_placed(bare, question):
            return Unread(f"{bare!r} has its dot where no code system puts it: another code")
        return norm_code(bare)
    main, spans = split_asides(text)
    tokens = list(_CODE_TOKEN.finditer(main))
    if not tokens and spans:  # "NSTEMI (I21.4)": the code in the bracket, what it is outside
        inside = [m for a, b in spans for m in _CODE_TOKEN.finditer(text, a, b)]
        codes = {norm_code(m.group(0)) for m in inside if not negated_at(text, m.start())}
        if len(codes) == 1 and all(any(c.isdigit() for c in m.group(0)) for m in inside):
            code = codes.pop()
            why = code_glosses.words_around(code, main, question)
            return Unread(why) if why else code
    if tokens and all(negated_at(main, m.start()) for m in tokens):
        return Unread("a negated code (\"not ...\") is not an answer")
    found = [m.group(0) for m in tokens if not negated_at(main, m.start())]
    asked = _asked_codes(question)
    found = [f for f in found if norm_code(f) not in asked] or found
    codes = {norm_code(f) for f in found}
    if len(codes) == 1:
        code = codes.pop()
        glosses = [variants.bracket_inner(text, span) for span in spans]
        at = max(m.end() for m in tokens if norm_code(m.group(0)) == code)
        tail = _GLOSS_AFTER.match(main, at)
        outside = main
        if tail:  # "5A1955Z - ventilation for 24 to 96 hours", "I21.4, which is STEMI"
            glosses.append(re.split(r"[.;\n]\s", main[tail.end():])[0])
            outside = main[:tail.end()] + " " * (len(main) - tail.end())
        for gloss in glosses:  # "5A1955Z (ventilation, 24-96 hours)": a sibling code's title
            why = code_glosses.unconfirmed(code, gloss, question, _CODE_TOKEN, norm_code)
            if why:
                return Unread(why)
        outside = code_glosses.without_codes(outside, _CODE_TOKEN)
        why = code_glosses.words_around(code, outside, question) if re.search(r"[A-Za-z]{3}", outside) else None
        return Unread(why) if why else code  # "STEMI - I21.4", "the STEMI code I21.4"
    if not codes:
        return Unread("no code in the answer")
    return Unread(f"several codes ({', '.join(sorted(codes)[:4])}) where one is asked for")


_GLOSS_AFTER = re.compile(r"\s*(?::|=|\u2013|\u2014|-\s|,?\s*(?:which is|i\.\s?e\.,?|that is|meaning)\s)\s*", re.I)


def gloss_problem(code: Any, gloss: str, question: str) -> str | None:
    """Why ``gloss`` is not what the gold ``code`` is (code_glosses.unconfirmed), or None."""
    return code_glosses.unconfirmed(norm_code(code), gloss, question, _CODE_TOKEN, norm_code)


def code_beside_title(text: str, title: str, question: str) -> str | None:
    """Why a code the answer gives beside a title is another title's code (code_glosses.code_beside_title)."""
    return code_glosses.code_beside_title(text, title, question, _CODE_TOKEN, norm_code, negated_at)


def gloss_of_code(code: Any, inner: str, question: str) -> bool:
    """Whether a bracket's ``inner`` is the title of the gold ``code`` with the figures the code shows
    (code_glosses.confirms)."""
    return code_glosses.confirms(norm_code(code), inner, question, _CODE_TOKEN, norm_code)


@functools.lru_cache(maxsize=4096)
def _asked_codes(question: str) -> frozenset[str]:
    """The codes the question itself names (once per question)."""
    return frozenset(norm_code(m.group(0)) for m in _CODE_TOKEN.finditer(question))


_ONE_WORD = re.compile(r"[A-Za-z0-9_/-]+")


def read_text(text: Any, question: str = "") -> Text | Unread:
    if isinstance(text, str) and _ONE_WORD.fullmatch(text.strip()):
        # "Heparin", "PO/NG", "MICU": no literal, remark, statement or emphasis for the reading below to find
        # (tests/scoring/test_properties.py holds the two to the same result)
        return Text.of([text.strip()])
    return _read_text(text, question)


def _read_text(text: Any, question: str = "") -> Text | Unread:
    if not isinstance(text, str):
        v = unwrap_single(text)
        if isinstance(v, (list, dict)):
            return Unread("several values where one is asked for")
        if v is None:
            return Unread("no value")
        return Text.of([_plain(v)])
    s = text.strip()
    lit = literal(s)
    if lit is not NO:
        single = unwrap_single(lit)
        if isinstance(single, str) and single != s:
            return read_text(single, question)
        if isinstance(single, (list, dict)) and len(single) > 1:
            return Unread("several values where one is asked for")
    forms = [s]
    main, spans = split_asides(s)
    if spans and spans[-1][1] >= len(s.rstrip(". ")):
        if not variants.names_variant(s, spans, question):
            forms.append(main)  # a trailing remark: "HOME (most frequent)", not "Respiratory Rate (Total)"
        expanded = variants.expansion(s, spans[-1])
        if expanded:
            # "MICU (Medical Intensive Care Unit)": the form MIMIC stores; "RR (Respiratory Rate)": the label
            forms += [expanded, variants.bracket_inner(s, spans[-1])]
        elif variants.spelled_out(s, spans[-1]):
            forms.append(variants.bracket_inner(s, spans[-1]))  # "D5W (Dextrose 5%)": the stored form
    if "[" in s and spans:
        forms.append(re.sub(r"\[([^\[\]]*)\]", r"(\1)", s))  # "Medical Intensive Care Unit [MICU]"
    if s[:4].lower() == "the ":
        forms.append(s[4:].rstrip("."))  # "The MICU."
    cops = _COPULA.spans(main)
    if len(cops) > 1 or _CLAUSES.search(main):
        # several statements ("Insulin was second; the most common was Heparin", "X overall, but in the ICU
        # it was Y"): which one answers is a judgement, not a reading; only the whole text can match
        return Text.of(forms)
    emph = [m for m in _EMPH.finditer(s)]
    if len(emph) == 1 and not variants.variant_after(s, emph[0].end(), question):
        forms.append(next(g for g in emph[0].groups() if g))
    cops = cops if main is s else _COPULA.spans(s)  # split_asides gives s itself when it blanks nothing
    if cops and not _NEG.search(s[:cops[-1][0]]):
        tail = s[cops[-1][1]:]
        forms.append(tail)
        if tail[:4].lower() == "the ":
            forms.append(tail[4:])  # "The first careunit was the CVICU"
        tail_main, tail_spans = split_asides(tail)
        if tail_spans and not variants.names_variant(tail, tail_spans, question):
            forms.append(tail_main)
    return Text.of(forms)


def _plain(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


# ---------------------------------------------------------------------------------------------
# Gold values and comparison


def gold_value(raw: Any, kind: Kind) -> Any:
    """A stored (or DuckDB) value as the representation ``read_value`` gives; None for NULL."""
    if raw is None:
        return None
    if kind.numeric:
        n = num_of(raw)
        return n if n is not None else ("raw", str(raw))
    if kind.name in ("date", "timestamp"):
        w = when_of(raw)
        return w if w is not None else ("raw", str(raw))
    if kind.name == "boolean":
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, (int, float)) and raw in (0, 1):
            return bool(raw)
        return ("raw", str(raw))
    if kind.name == "code":
        return norm_code(raw)
    return norm_text(_plain(raw))


def values_match(pred: Any, gold: Any, kind: Kind) -> bool:
    """A read value against a gold value (both as ``read_value`` / ``gold_value`` give them)."""
    if isinstance(pred, Unread) or gold is None or pred is None:
        return False
    if isinstance(pred, Num):
        return isinstance(gold, Num) and numbers_match(pred, gold, kind)
    if isinstance(pred, When):
        return isinstance(gold, When) and whens_match(pred, gold, kind)
    if isinstance(pred, Text):
        return isinstance(gold, str) and (gold in pred.forms or variants.short_form(gold) in pred.forms or
                                          ("/" in gold or any("/" in f for f in pred.forms)) and
                                          _slashed(gold) in map(_slashed, pred.forms))
    if isinstance(pred, bool):
        return isinstance(gold, bool) and pred == gold
    return type(pred) is type(gold) and pred == gold


def _slashed(s: str) -> str:
    """"piperacillin/tazobactam" and "piperacillin-tazobactam" alike: MIMIC spells combinations both ways."""
    return re.sub(r"(?<=[a-z])\s*[/-]\s*(?=[a-z])", "-", s)


def value_json(v: Any, gold: Any = None) -> Any:
    """A read value as JSON (what a trajectory records as its parsed answer); a string as the form that
    matched ``gold`` when one did."""
    if isinstance(v, Num):
        return v.json()
    if isinstance(v, When):
        return v.iso()
    if isinstance(v, Text):
        return v.json(gold if isinstance(gold, str) else None)
    if isinstance(v, Unread):
        return None
    if isinstance(v, tuple) and v and v[0] == "raw":
        return v[1]
    return v


# ---------------------------------------------------------------------------------------------
# Canonical cells, for comparing result sets under the typed policy


class NotCanonical(Exception):
    """The kind compares by a rule that is not an equality of forms (an unrounded measurement)."""


def canon(raw: Any, kind: Kind) -> Any:
    """A hashable form of a DuckDB / JSON cell such that equal forms are equal values of ``kind``."""
    if raw is None:
        return None
    t = type(raw)
    # fast paths for the common DuckDB cells (same results as the general rules below)
    if t is int and kind.integral:
        return raw
    if t is str and raw.isalnum() and kind.name in ("code", "string"):
        return raw.upper() if kind.name == "code" else raw.casefold()
    if t is float and kind.decimals is not None and kind.name == "measurement" and math.isfinite(raw):
        return round_half_up(Decimal(repr(raw)), kind.decimals)
    if kind.numeric:
        n = num_of(raw)
        if n is None:
            return ("raw", str(raw))
        if kind.integral:
            v = n.value
            return int(v) if v == v.to_integral_value() else ("frac", v)
        if kind.decimals is None:
            raise NotCanonical
        return round_half_up(n.value, kind.decimals)
    if kind.name in ("date", "timestamp"):
        w = when_of(raw)
        if w is None:
            return ("raw", str(raw))
        return w.day if kind.name == "date" else (w.day, w.time or dt.time(0))
    return gold_value(raw, kind)


def cells_match(pred: Any, gold: Any, kind: Kind) -> bool:
    """Two DuckDB / JSON cells under ``kind`` (pairwise: works for every kind)."""
    if pred is None or gold is None:
        return pred is None and gold is None
    if kind.numeric:
        p, g = num_of(pred), num_of(gold)
        if p is None or g is None:
            return p is None and g is None and str(pred) == str(gold)
        return numbers_match(p, g, kind)
    try:
        return canon(pred, kind) == canon(gold, kind)
    except NotCanonical:  # pragma: no cover - only numeric kinds raise it, handled above
        return False
