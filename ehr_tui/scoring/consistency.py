"""The answer's own evidence against its value. An answer that shows its working can contradict itself: a
breakdown that adds up to another total ("5 admissions (4 emergency, 2 elective)"), a share its own counts do
not give ("52.3% (520 of 1000)"), a stay its own dates make longer, readings whose last (or highest, or
longest) is another one than the answer picks, an order of events that makes the yes a no. A careful grader
does not pass such an answer even where its headline value is the gold one: what it says is not one answer.

Each check reads what the evidence implies and compares that with the gold; each is gated on the shape of its
evidence (several numbers, two dates, pairs of a label and a number), so a plain answer skips them all."""

from __future__ import annotations

import datetime as dt
import functools
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from . import item_facts
from .dates import dates_in
from .text import norm_text, stems
from .units import SPELLED_RUN, spelled_value

_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w])")
_WORD_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}


def _half_step(d: Decimal) -> Decimal:
    """Half a unit of the last digit ``d`` is written with: the rounding it may hide (0.005 for 3.41)."""
    return Decimal(5) / Decimal(10) ** (max(0, -d.as_tuple().exponent) + 1)


def _dec(s: str) -> Decimal | None:
    s = s.strip().lower()
    if s in _WORD_NUMBERS:
        return Decimal(_WORD_NUMBERS[s])
    try:
        return Decimal(s.replace(",", ""))
    except InvalidOperation:
        return None


# --- a breakdown that adds up to another total -------------------------------------------------------------

# the total before a remark ("5 admissions (", "Total: 5. Breakdown:") and the parts in it
_TOTAL_REMARK = re.compile(r"(?<![\w.])(\d[\d,]*)(?![\d.,]\d)\b([^()\[\]\d.;:]{0,40})[(\[]([^()\[\]]*)[)\]]")
_TOTAL_BREAKDOWN = re.compile(r"\btotal\s*[:=]?\s*\**(\d[\d,]*)\**\b[^\n]{0,12}?\bbreakdown\s*[:=]\s*([^\n]*)", re.I)
_PART = re.compile(r"^\s*(?:=\s*)?(?:([a-z][a-z .'/-]*?)\s*[:=]?\s*(\d[\d,]*)|(\d[\d,]*)\s+([a-z][a-z .'/-]*?))\s*\.?\s*$",
                   re.I)
_PART_SPLIT = re.compile(r",(?!\d{3}\b)|;|\+|\band\b|&")  # (not a thousands comma: "1,150 Foley + 300 Void")
# words that make the numbers something else than parts of the total: rows before de-duplication, the doses of
# a drug, a denominator, a rate; a verb makes a sentence about another group ("(MICU had 2,210 and SICU 1,450)")
_NOT_PARTS = frozenset("row rows record records duplicate duplicates removed excluded dropped missing null n total "
                       "sum of out vs versus per day days hour hours percent dose doses prescription prescriptions "
                       "order orders mg ml unit units year years month months week weeks before after than "
                       "more less over under from to had has have was were is are".split())
# nouns that name what is counted, not which part: "4 emergency admissions" is the part "emergency"
_COUNTED = frozenset("admission admissions patient patients stay stays visit visits case cases".split())
_STOP = frozenset("the a an of in on at for with were was is are had".split())


def _parts(body: str) -> list[tuple[str, Decimal]] | None:
    pieces = [p for p in _PART_SPLIT.split(body) if p.strip()]
    if len(pieces) < 2:
        return None
    parts = []
    for p in pieces:
        m = _PART.match(p)
        if not m:
            return None
        label, n = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        words = set(re.findall(r"[a-z]+", label.lower()))
        if not words or words & _NOT_PARTS:
            return None
        parts.append((label, Decimal(n.replace(",", ""))))
    return parts


def _label_words(label: str) -> set[str]:
    return set(re.findall(r"[a-z]+", label.lower())) - _COUNTED - _STOP


def breakdown(text: str, question: str) -> str | None:
    """A count beside parts that add up to another total, or whose part for the asked thing is another number
    ("14 (heparin 9 + insulin 5)" for heparin)."""
    found = [(m.group(1), m.group(3)) for m in _TOTAL_REMARK.finditer(text)]
    found += [(m.group(1), m.group(2)) for m in _TOTAL_BREAKDOWN.finditer(text)]
    qwords = set(re.findall(r"[a-z]+", question.lower())) if found else set()
    for total_s, body in found:
        parts, total = _parts(body), _dec(total_s)
        if not parts or total is None:
            continue
        s = sum(n for _, n in parts)
        if s != total:
            return f"the answer's own breakdown ({body.strip()!r}) adds up to {s}, not {total}"
        for label, n in parts:
            words = _label_words(label)
            if words and words <= qwords and n != total:
                return f"the answer's own figure for {label.strip()!r} is {n}, not {total}"
    return None


_SUM_REMARK = re.compile(r"[(\[]\s*(?:sum|total|in total|altogether)\s*[:=]?\s*(\d[\d,]*)\s*[)\]]", re.I)
_LABELLED_COUNT = re.compile(r"(?<![\w.])[A-Za-z][\w .'/-]{0,30}?\s*[:=]\s*(\d+)(?![\d.])")


def stated_sum(text: str) -> str | None:
    """A table of counts with a stated sum its own cells do not give ("MICU: 12, SICU: 7 (sum 21)")."""
    m = _SUM_REMARK.search(text)
    if not m:
        return None
    rest = text[:m.start()] + text[m.end():]
    cells = [Decimal(x) for x in _LABELLED_COUNT.findall(rest)]
    said = _dec(m.group(1))
    if len(cells) >= 2 and said is not None and sum(cells) != said:
        return f"the answer's stated sum ({m.group(0)!r}) is not its cells' ({sum(cells)})"
    return None


# --- sums the answer works out, GCS components, an age from its own years -------------------------------------

_TERM = r"(?:[a-z]+\s+)?(\d[\d,]*(?:\.\d+)?)(?:\s*[a-z/]+(?:\s+[a-z]+)?)?"  # "2,000 mL bolus"
_ADDITION = re.compile(rf"{_TERM}((?:\s*\+\s*{_TERM})+)\s*=\s*(\d[\d,]*(?:\.\d+)?)", re.I)


def stated_arithmetic(text: str, value: Decimal | None) -> str | None:
    """"1180 mL (foley 900 + void 180 = 1080)": a sum the answer works out that is wrong, or that gives
    another figure than its value."""
    for m in _ADDITION.finditer(text):
        terms = [_dec(m.group(1))] + [_dec(x) for x in re.findall(r"(\d[\d,]*(?:\.\d+)?)", m.group(2))]
        result = _dec(m.group(m.lastindex))
        if result is None or any(t is None for t in terms):
            continue
        if abs(sum(terms) - result) > Decimal("0.05") * max(Decimal(1), abs(result)) / 100:
            return f"the answer's own sum ({m.group(0).strip()!r}) does not add up"
        if value is not None and result != value:
            return f"the answer's own sum gives {result}, not {value}"
    return None


_GCS_LETTERS = re.compile(r"\bE\s*([1-4])\s*[,/ ]?\s*V\s*([1-5]|T)\s*[,/ ]?\s*M\s*([1-6])\b")
_GCS_WORDS = re.compile(r"\beyes?(?:\s+opening)?\s*[:=]?\s*([1-4])\b[^.;\d]{0,6}\bverbal\s*[:=]?\s*([1-5])\b[^.;\d]{0,6}"
                        r"\bmotor\s*[:=]?\s*([1-6])\b", re.I)
_ASKS_GCS_TOTAL = re.compile(r"\bgcs\b|\bglasgow\b", re.I)
_ASKS_GCS_PART = re.compile(r"\b(?:motor|verbal|eye)\b", re.I)


def gcs_parts(text: str, question: str, value: Decimal | None) -> str | None:
    """"The lowest total GCS was 8 (E1 V1 M4)": the components it gives add up to another total (a verbal
    "T", intubated, is charted as 1)."""
    if value is None or not _ASKS_GCS_TOTAL.search(question) or _ASKS_GCS_PART.search(question) and \
            not re.search(r"\btotal\b|\bsum\b|\+", question, re.I):  # "total GCS (eye + verbal + motor)"
        return None
    m = _GCS_LETTERS.search(text) or _GCS_WORDS.search(text)
    if m:
        parts, shown = [1 if g == "T" else int(g) for g in m.groups()], m.group(0)
    else:  # in any order: "(M5 V1 E2)"
        found = {k.upper(): v for k, v in re.findall(r"\b([EVM])\s*([1-6]|T)\b", text)}
        if set(found) != {"E", "V", "M"}:
            return None
        parts, shown = [1 if v == "T" else int(v) for v in found.values()], " ".join(k + v for k, v in found.items())
    if sum(parts) != value:
        return f"the GCS components it gives ({shown!r}) add up to {sum(parts)}, not {value}"
    return None


_BORN = re.compile(r"\b(?:born|birth(?:\s+year)?|yob)\s*(?:in\s*|:\s*)?((?:1[89]|2[0-2])\d\d)\b", re.I)
_DIED = re.compile(r"\b(?:died|death(?:\s+year)?|dod|deceased)\s*(?:in\s*|:\s*)?((?:1[89]|2[0-2])\d\d)\b", re.I)
_ASKS_AGE = re.compile(r"\bhow old\b|\bage\b", re.I)


def age_from_years(text: str, question: str, value: Decimal | None) -> str | None:
    """"79 years old at the time of death (born 2068, died 2150)": the years it gives make another age."""
    b, d = _BORN.search(text), _DIED.search(text)
    if value is None or not (b and d) or not _ASKS_AGE.search(question):
        return None
    span = int(d.group(1)) - int(b.group(1))
    if value not in (span, span - 1):
        return f"the years it gives ({b.group(1)}, {d.group(1)}) make an age of {span - 1}-{span}, not {value}"
    return None


# a sum in a remark beside the value, without its result ("38 units (glargine 20 U + lispro 12 U)")
_BRACKET_SUM = re.compile(rf"^[^()\[\]\d]*?(-?\d[\d,]*(?:\.\d+)?)\s*(?:[a-z]+\s*)?[(\[]\s*{_TERM}((?:\s*\+\s*{_TERM})+)"
                          r"(?:\s+(?:over|across|in|on|from)\b[^()\[\]\d]*)?\s*[)\]]", re.I)


def bracketed_sum(text: str, value: Decimal | None) -> str | None:
    m = _BRACKET_SUM.search(text)
    if not m or value is None:
        return None
    terms = [_dec(m.group(2))] + [_dec(x) for x in re.findall(r"(\d[\d,]*(?:\.\d+)?)", m.group(3))]
    said = _dec(m.group(1))
    if said == value and None not in terms and sum(terms) != value:
        return f"the parts it gives add up to {sum(terms)}, not {value}"
    return None


_LEAD_WITH_UNIT = re.compile(r"^\W*(\d[\d,]*(?:\.\d+)?)\s*(ml|l|mg|mcg|g|units?|meq)\b\.?\s*[(\[]([^()\[\]]*)[)\]]", re.I)
_NOT_A_SPLIT = re.compile(r"\b(?:of which|incl|including|vs|versus|than|each|per|avg|mean|median|max|min|rate|"
                          r"remaining|left|ordered|prescribed|planned|not given|held|input|output|intake|in|out|net|"
                          r"balance|minus|difference|change|from|to)\b|[x\u00d7/=%-]", re.I)


_UNIT_SCALE = {("l", "ml"): Decimal(1000), ("ml", "l"): Decimal("0.001"), ("g", "mg"): Decimal(1000),
               ("mg", "g"): Decimal("0.001"), ("mg", "mcg"): Decimal(1000), ("mcg", "mg"): Decimal("0.001")}
_PART_AMOUNT = re.compile(r"(?:(?<![\w.])(\d+|two|three|four|five|six|seven|eight|nine|ten)\s*(?:x|\u00d7|\*)?\s+"
                          r"(?:(?:bags?|doses?|vials?|boluses|of)\s+)?)?(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*"
                          r"(ml|l|mg|mcg|g|units?|meq)s?\b", re.I)
_OF_WHICH = re.compile(r"\bof which\s+(\d[\d,]*(?:\.\d+)?)\s*(ml|l|mg|mcg|g|units?|meq)\b", re.I)


def unit_parts(text: str, value: Decimal | None) -> str | None:
    """"2,350 mL (2,000 mL bolus and 250 mL maintenance)", "(4 x 500 mL + 450 mL)", "(two 1 L bags and 250 mL)":
    amounts in the value's unit (or one that converts), in a bracket right after it, that do not add up to it;
    "(of which 2,500 mL bolus)": a part larger than the whole."""
    m = _LEAD_WITH_UNIT.match(text) if value is not None else None
    inner = re.sub(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2})?", " ", m.group(3)) if m else ""  # the parts' days
    if not m or _dec(m.group(1)) != value:
        return None
    unit = m.group(2).lower().rstrip("s")
    of = _OF_WHICH.search(inner)
    if of:
        part = _dec(of.group(1))
        scale = Decimal(1) if of.group(2).lower().rstrip("s") == unit else _UNIT_SCALE.get((of.group(2).lower(), unit))
        if part is not None and scale is not None and part * scale > value + _half_step(value):
            return f"a part it gives ({of.group(0)!r}) is more than the whole ({value})"
        return None
    if _NOT_A_SPLIT.search(re.sub(r"(?<=\d)\s*[x\u00d7*]\s*(?=\d)", " ", inner)):
        return None
    parts, spans = [], []
    for p in _PART_AMOUNT.finditer(inner):
        u = p.group(3).lower().rstrip("s")
        scale = Decimal(1) if u == unit else _UNIT_SCALE.get((u, unit))
        amount = _dec(p.group(2))
        times = p.group(1)
        n = Decimal(_WORD_NUMBERS[times.lower()]) if times and times.lower() in _WORD_NUMBERS else \
            (_dec(times) if times else Decimal(1))
        if scale is None or amount is None or n is None:
            return None
        parts.append(n * amount * scale)
        spans.append(p.span())
    figures = len(re.findall(r"\d[\d,]*(?:\.\d+)?", inner))
    used = sum(1 + bool(p.group(1) and p.group(1)[0].isdigit()) for p in _PART_AMOUNT.finditer(inner))
    if len(parts) < 2 and not (parts and used == 2) or figures != used:
        return None
    total = sum(parts)
    if abs(total - value) > _half_step(value):
        return f"the parts it gives ({m.group(3).strip()!r}) add up to {total:g}, not {value}"
    return None


# the same quantity in two units, side by side ("172.7 cm (67 in)", "68 in = 172.7 cm", "80 kg (176 lb)")
_FACTORS = {("in", "cm"): Decimal("2.54"), ("cm", "in"): 1 / Decimal("2.54"), ("m", "cm"): Decimal(100),
            ("cm", "m"): Decimal("0.01"), ("lb", "kg"): Decimal("0.45359237"), ("kg", "lb"): 1 / Decimal("0.45359237"),
            ("g", "mg"): Decimal(1000), ("mg", "g"): Decimal("0.001"), ("l", "ml"): Decimal(1000),
            ("ml", "l"): Decimal("0.001"), ("kpa", "mmhg"): Decimal("7.50062"), ("mmhg", "kpa"): 1 / Decimal("7.50062"),
            # a stay in two units: "104.4 hours (4.35 days)", "2.74 days (65.8 h)"
            ("h", "day"): 1 / Decimal(24), ("day", "h"): Decimal(24), ("min", "h"): 1 / Decimal(60),
            ("h", "min"): Decimal(60), ("day", "min"): Decimal(1440), ("min", "day"): 1 / Decimal(1440)}
_UNIT = r"((?:pg|ng|ug|\u00b5g|mcg|mg|g|mmol|umol|\u00b5mol|mol|meq)/(?:ml|dl|l)|minutes?|mins?|hours?|hrs?|h|days?|d|cm|in|inches|m|kilograms?|kgs?|kg|lbs?|pounds|g|mg|l|ml|kpa|mmhg)"
# a concentration's amount and volume, each against a base: "0.45 ng/mL (450 ng/L)", "1.2 mg/dL (12 mg/L)"
_AMOUNT = {"pg": ("mass", Decimal("1e-12")), "ng": ("mass", Decimal("1e-9")), "ug": ("mass", Decimal("1e-6")),
           "\u00b5g": ("mass", Decimal("1e-6")), "mcg": ("mass", Decimal("1e-6")), "mg": ("mass", Decimal("1e-3")),
           "g": ("mass", Decimal(1)), "umol": ("mol", Decimal("1e-6")), "\u00b5mol": ("mol", Decimal("1e-6")),
           "mmol": ("mol", Decimal("1e-3")), "mol": ("mol", Decimal(1)), "meq": ("meq", Decimal(1))}
_VOLUME = {"ml": Decimal("1e-3"), "dl": Decimal("0.1"), "l": Decimal(1)}


def _factor(ua: str, ub: str) -> Decimal | None:
    """How many ``ub`` one ``ua`` is, for the pairs that convert without knowing the substance."""
    if "/" not in ua or "/" not in ub:
        return _FACTORS.get((ua, ub))
    (na, va), (nb, vb) = ua.split("/"), ub.split("/")
    if _AMOUNT[na][0] != _AMOUNT[nb][0]:
        return None  # mg/dL against mmol/L: the analyte decides (``lab_conversion``)
    return _AMOUNT[na][1] / _AMOUNT[nb][1] * _VOLUME[vb] / _VOLUME[va]
_TWO_UNITS = re.compile(rf"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*{_UNIT}\b\s*(?:[(\[]|=|\bi\.e\.,?|\bor\b|/|\u2248|~|,\s*(?:i\.e\.,?|"
                        rf"roughly|about|approximately|approx\.?|that is|or))\s*(?:about\s+|approx\.?\s+|roughly\s+|~\s*|\u2248\s*)?"
                        rf"(\d[\d,]*(?:\.\d+)?)\s*{_UNIT}\b(?!\s+(?:more|less|fewer|higher|lower|greater|over|under|"
                        rf"above|below|than|apart|difference))", re.I)
_COMPOUND_BEFORE = re.compile(r"\d\s*(?:days?|d|hours?|hrs?|h|minutes?|mins?)\s*(?:and|,)?\s*$", re.I)
_UNIT_NAMES = {"inches": "in", "lbs": "lb", "pounds": "lb", "kilograms": "kg", "kilogram": "kg", "kgs": "kg", "hours": "h", "hour": "h", "hrs": "h", "hr": "h",
               "days": "day", "d": "day", "minutes": "min", "minute": "min", "mins": "min"}


def _unit(u: str) -> str:
    u = u.lower()
    return _UNIT_NAMES.get(u, u)


_TEMPERATURES = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:\u00b0\s*|degrees?\s+)?([CF])\b\s*(?:[(\[]|=|\bi\.e\.|/|,|\u2248|~)\s*"
                          r"(?:\u2248\s*|~\s*|about\s+|i\.e\.,?\s*)?"
                          r"(\d+(?:\.\d+)?)\s*(?:\u00b0\s*|degrees?\s+)?([CF])\b")


_DAYS_AS_PARTS = re.compile(r"^\W*(\d+(?:\.\d+)?)\s*days?\s*[(\[]\s*(\d+)\s*days?\s*(?:and\s+)?(\d+)\s*(?:h|hrs?|hours?)\b", re.I)


def converted_units(text: str) -> str | None:
    """Two figures of one quantity in two units that do not convert into each other (within the rounding of
    the coarser one); temperatures in Celsius and Fahrenheit too."""
    d = _DAYS_AS_PARTS.match(text) if "day" in text.lower() else None
    if d:  # "2.74 days (2 days 6 hours)": 2 days 18 hours
        days, whole, hours = Decimal(d.group(1)), int(d.group(2)), int(d.group(3))
        if abs(days - (whole + Decimal(hours) / 24)) > _half_step(days) + Decimal(1) / 48:
            return f"its own conversion ({d.group(0).strip()!r}) does not hold"
    t = _TEMPERATURES.search(text) if "C" in text and "F" in text else None
    if t and t.group(2) != t.group(4):
        a, b = Decimal(t.group(1)), Decimal(t.group(3))
        c, f = (a, b) if t.group(2) == "C" else (b, a)
        if abs(c * 9 / 5 + 32 - f) > Decimal("0.25"):
            return f"its own conversion ({t.group(0).strip()!r}) does not hold"
    for m in _TWO_UNITS.finditer(text):
        a, ua, b, ub = _dec(m.group(1)), _unit(m.group(2)), _dec(m.group(3)), _unit(m.group(4))
        f = _factor(ua, ub)
        if a is None or b is None or f is None or not a:
            continue
        if ua in ("h", "day", "min") and _COMPOUND_BEFORE.search(text, 0, m.start()):
            continue  # "2 days and 12 hours (2.50 days)": the figure is the last part of a compound duration
        # the figure written with fewer decimals sets the tolerance: half its last digit, plus 0.5%
        half_a, half_b = _half_step(a) * f, _half_step(b)
        if abs(a * f - b) > half_a + half_b + abs(b) * Decimal("0.005"):
            return f"its own conversion ({m.group(0).strip()!r}) does not hold"
    return None


_BMI = re.compile(r"\bbmi\b[^\d]{0,12}(\d+(?:\.\d+)?)[^;\n]{0,40}?\bweight\s*[:=]?\s*(\d+(?:\.\d+)?)\s*kg\b[^;\n]{0,20}?"
                  r"\bheight\s*[:=]?\s*(\d+(?:\.\d+)?)\s*(m|cm)\b", re.I)


# "27.4 (82 kg, 183 cm)" where the question asks a BMI: the weight and height beside it, unlabelled
_BMI_PARTS = re.compile(r"^\W*(?:bmi\W*)?(\d+(?:\.\d+)?)\s*(?:kg/m2|kg/m\u00b2)?\s*[(\[]\s*(\d+(?:\.\d+)?)\s*kg\s*[,;/]\s*"
                        r"(\d+(?:\.\d+)?)\s*(m|cm)\s*[)\]]", re.I)


_WEIGHT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(kg|kilograms?|lbs?|pounds)\b", re.I)
_HEIGHT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:\u00b2\s*)?(m|cm|in|inches)\b(?!\s*/)", re.I)


def _bmi_anywhere(text: str, question: str) -> str | None:
    """For a BMI asked: the one weight and one height the answer gives, in any order and unit ("27.4 (1.83 m, 82
    kg)", "(180.4 lb, 72 in)"), against the value it leads with."""
    if not re.search(r"\bbmi\b|body mass", question, re.I):
        return None
    lead, ws, hs = _NUMBER.search(text), _WEIGHT.findall(text), _HEIGHT.findall(text)
    if not lead or len(ws) != 1 or len(hs) != 1:
        return None
    bmi, w, h = _dec(lead.group(0)), _dec(ws[0][0]), _dec(hs[0][0])
    if None in (bmi, w, h) or not h:
        return None
    if ws[0][1].lower().startswith(("lb", "pound")):
        w = w * Decimal("0.45359237")
    h = {"cm": h / 100, "in": h * Decimal("0.0254"), "inches": h * Decimal("0.0254")}.get(hs[0][1].lower(), h)
    made = w / (h * h)
    if abs(made - bmi) > Decimal("0.15") + _half_step(bmi):
        return f"the weight and height it gives make a BMI of {made:.1f}, not {bmi}"
    return None


def bmi_from_parts(text: str, question: str = "") -> str | None:
    """"BMI 27.4 (weight 80.0 kg, height 1.80 m)": the weight and height it gives make another BMI."""
    m = _BMI.search(text) or (_BMI_PARTS.search(text) if re.search(r"\bbmi\b|body mass", question, re.I) else None)
    if not m:
        return _bmi_anywhere(text, question)
    bmi, w, h = (_dec(m.group(i)) for i in (1, 2, 3))
    if m.group(4).lower() == "cm":
        h = h / 100
    if not h:
        return None
    if abs(w / (h * h) - bmi) > Decimal("0.15"):
        return f"the weight and height it gives make a BMI of {w / (h * h):.1f}, not {bmi}"
    return None


# "median 3.9 (IQR 4.1-7.4)": a median outside its own quartiles, a mean or median outside its own range
_CENTRE = re.compile(r"\b(median|mean|average)\b\D{0,12}?(-?\d+(?:\.\d+)?)[^()\[\];\n]{0,20}[(\[,;]\s*(?:iqr|interquartile "
                     r"range|range|q1\s*[-\u2013]\s*q3)\s*[:=]?\s*(-?\d+(?:\.\d+)?)\s*(?:-|\u2013|\u2014|to)\s*(-?\d+(?:\.\d+)?)",
                     re.I)


_SPREAD = re.compile(r"\b(?:iqr|interquartile range|range|95\s*%\s*ci|ci|confidence interval)\s*[:=]?\s*(-?\d+(?:\.\d+)?)\s*"
                     r"(?:-|\u2013|\u2014|to|,)\s*(-?\d+(?:\.\d+)?)|\bq1\s*[:=]?\s*(-?\d+(?:\.\d+)?)[^;\n]{0,20}?\bq3\s*[:=]?\s*"
                     r"(-?\d+(?:\.\d+)?)|\bmin(?:imum)?\s*[:=]?\s*(-?\d+(?:\.\d+)?)[^;\n]{0,20}?\bmax(?:imum)?\s*[:=]?\s*"
                     r"(-?\d+(?:\.\d+)?)", re.I)


def centre_outside(text: str, question: str = "") -> str | None:
    m = _CENTRE.search(text)
    if not m:
        lead, sp = re.match(r"^\W*(?:median|mean|average)?\W*(-?\d+(?:\.\d+)?)", text, re.I), _SPREAD.search(text)
        if not lead or not sp or sp.start() < lead.end() or \
                re.search(r"\b(?:ref(?:erence)?|normal|nl)\s*$", text[max(0, sp.start() - 12):sp.start()], re.I):
            return None  # (a reference range is no spread of the readings)
        if re.match(r"range|min", sp.group(0), re.I) and not re.search(r"\b(?:mean|median|average)\b", question, re.I):
            return None  # a plain range beside one reading is read as its reference range (answer._REFERENCE_REMARK)
        lo, hi = [x for x in sp.groups() if x is not None][:2]
        c, lo, hi = _dec(lead.group(1)), _dec(lo), _dec(hi)
        if None in (c, lo, hi) or lo > hi or lo <= c <= hi:
            return None
        return f"the answer's value ({lead.group(1)}) lies outside its own {sp.group(0).strip()!r}"
    c, lo, hi = _dec(m.group(2)), _dec(m.group(3)), _dec(m.group(4))
    if None in (c, lo, hi) or lo > hi:
        return None
    if not lo <= c <= hi:
        return f"the answer's {m.group(1)} ({m.group(2)}) lies outside its own {m.group(0)[m.end(2) - m.start():].strip(' (,;')!r}"
    return None


_N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_AMOUNT_U = r"(\d[\d,]*(?:\.\d+)?)\s*-?\s*(ml|mg|mcg|g|units?|l)\b"
_PRODUCTS = (re.compile(rf"[(\[]\s*{_N}\s+{_AMOUNT_U}\s*(?:bags?|vials?|doses?|syringes?|tablets?|boluses?|"
                        rf"administrations?|infusions?)\b[^()\[\]]*[)\]]", re.I),
             re.compile(rf"[(\[]\s*{_AMOUNT_U}\s*(?:x|\u00d7)\s*{_N}\s*[)\]]", re.I),
             re.compile(rf"[(\[]\s*{_N}\s*(?:x|\u00d7|(?:bags?|vials?|doses?|syringes?|units?|tablets?|boluses?|"
                        rf"administrations?|infusions?)\s+of)\s*{_AMOUNT_U}[^()\[\]]*[)\]]", re.I))
_TO_BASE = {"mcg": Decimal("0.001"), "mg": Decimal(1), "g": Decimal(1000), "ml": Decimal(1), "l": Decimal(1000)}


def product_remark(text: str, value: Decimal | None) -> str | None:
    """"2,350.0 mL (seven 250-mL bags)", "(500 mL x 4)", "4,000 mg (three 1 g doses)": parts that multiply to
    another total (in the value's own unit where it gives one)."""
    if value is None:
        return None
    own = re.match(r"^\W*-?\d[\d,]*(?:\.\d+)?\s*(ml|mg|mcg|g|units?|l)\b", text, re.I)
    for i, pattern in enumerate(_PRODUCTS):
        m = pattern.search(text)
        if not m or re.search(r"\+|\band\b", m.group(0)):
            continue
        n_s, amount_s, unit = (m.group(3), m.group(1), m.group(2)) if i == 1 else (m.group(1), m.group(2), m.group(3))
        n = _dec(n_s)  # (a figure or a number word)
        each = _dec(amount_s)
        if n is None or each is None:
            continue
        total = n * each
        if own and unit.lower() in _TO_BASE and own.group(1).lower() in _TO_BASE:
            total = total * _TO_BASE[unit.lower()] / _TO_BASE[own.group(1).lower()]
        if total != value:
            return f"the parts it gives ({m.group(0).strip('()[]')!r}) make {total.normalize():f}, not {value}"
    return None


# "fell from 82.1 to 78.9 kg, a change of -3.4 kg": the two ends it gives make another change
_FROM_TO = re.compile(r"\bfrom\s+(-?\d[\d,]*(?:\.\d+)?)\s*(?:[a-z/%]+\s*)?to\s+(-?\d[\d,]*(?:\.\d+)?)\b|"
                      r"(?<![\w.])(-?\d[\d,]*(?:\.\d+)?)\s*(?:[a-z/%]+\s*)?(?:->|\u2192|=>)\s*(-?\d[\d,]*(?:\.\d+)?)(?![\d.])", re.I)
_ASKS_CHANGE = re.compile(r"\b(?:change|difference|delta|increase|decrease|gain|loss|rise|drop|fall)\b", re.I)


def change_from_ends(text: str, question: str, value: Decimal | None) -> str | None:
    m = _FROM_TO.search(text)
    if not m or value is None or not _ASKS_CHANGE.search(question):
        return None
    a, b = (_dec(m.group(1)), _dec(m.group(2))) if m.group(1) else (_dec(m.group(3)), _dec(m.group(4)))
    if a is None or b is None:
        return None
    diff = b - a
    tol = _half_step(value) + Decimal("1e-9")
    if abs(abs(diff) - abs(value)) > tol:
        return f"the two values it gives ({a} to {b}) differ by {diff}, not {value}"
    return None


# "1250 mg (20 mg/kg for a 70 kg patient)", "1.12 (540 male / 500 female)"
_PER_KG = re.compile(r"(\d+(?:\.\d+)?)\s*(mg|mcg|g|units?|ml)\s*/\s*kg\b[^;\n\d]{0,25}?(\d+(?:\.\d+)?)\s*kg\b", re.I)
_RATIO_PARTS = re.compile(r"[(\[]\s*(\d[\d,]*)\s*[a-z]*\s*(?:/|:|to|vs\.?)\s*(\d[\d,]*)\s*[a-z]*\s*[)\]]", re.I)


# "0.08 mcg/kg/min (6.6 mcg/min at 92 kg)": the absolute rate beside a rate per kg, at a weight
_PER_KG_ABS = re.compile(r"(\d+(?:\.\d+)?)\s*(mg|mcg|units?|ml)\s*/\s*kg\b(?:\s*/\s*[a-z]+)?[^;\n\d]{0,10}?[(\[]\s*"
                         r"(\d+(?:\.\d+)?)\s*(mg|mcg|units?|ml)\b(?:\s*/\s*[a-z]+)?\s+(?:at|for|with|x|\u00d7)\s+"
                         r"(\d+(?:\.\d+)?)\s*kg\b", re.I)
# a rate per kg asked, the answer's unit without the kg ("0.08 mcg/min" for mcg/kg/min)
_PER_KG_Q = re.compile(r"\b(mg|mcg|units?|ml)\s*/\s*kg\b", re.I)
_LEAD_RATE = re.compile(r"^\W*-?\d[\d,]*(?:\.\d+)?\s*(mg|mcg|units?|ml)\s*/\s*(?!kg\b)[a-z]+\b", re.I)


_RATE_UNIT = r"(mg|mcg|units?|ml)\s*(/\s*kg)?\s*/\s*(min|minute|hr|hour|h)\b"
_ASKED_RATE = re.compile(_RATE_UNIT, re.I)
_LEAD_UNIT = re.compile(r"^\W*-?\d[\d,]*(?:\.\d+)?\s*" + _RATE_UNIT, re.I)
_RATE_IN = re.compile(r"\bin\s+" + _RATE_UNIT, re.I)
_ABS_RATE = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*(mg|mcg|units?|ml)\s*/\s*(?:min|minute|hr|hour|h)\b", re.I)
_WEIGHT_KG = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*kg\b(?!\s*/)", re.I)


def _unit_key(m: re.Match) -> tuple[str, bool, str]:
    mass, kg, per = m.group(1).lower().rstrip("s"), bool(m.group(2)), m.group(3).lower()
    return mass, kg, {"minute": "min", "hour": "hr", "h": "hr"}.get(per, per)


def _rate_against(text: str, question: str, value: Decimal) -> str | None:
    """A rate asked in one unit ("mcg/kg/min") given in another ("0.08 mcg/kg/hr", "0.08 mg/kg/min", "(rate in
    mcg/min)"), or beside an absolute rate its own weight does not give ("(9.6 mcg/min for an 82 kg patient)")."""
    q = _ASKED_RATE.search(question)
    if not q:
        return None
    asked = _unit_key(q)
    lead = _LEAD_UNIT.match(text) or _RATE_IN.search(text)
    if lead and _unit_key(lead) != asked:
        return f"the answer's unit ({lead.group(0).strip()!r}) is not the question's {q.group(0)!r}"
    absolute, weight = _ABS_RATE.search(text), _WEIGHT_KG.findall(text)
    if asked[1] and absolute and len(weight) == 1 and absolute.group(2).lower().rstrip("s") == asked[0]:
        total, kg = _dec(absolute.group(1)), _dec(weight[0])
        if total is not None and kg and abs(value * kg - total) > _half_step(total) + abs(total) * Decimal("0.02"):
            return f"its own weight ({weight[0]} kg) makes {value * kg:.2f} of the rate, not {absolute.group(1)}"
    return None


def per_kg_or_ratio(text: str, question: str, value: Decimal | None) -> str | None:
    if value is None:
        return None
    m = _rate_against(text, question, value) if "/" in question else None
    if m:
        return m
    q = _PER_KG_Q.search(question)
    lead = _LEAD_RATE.match(text) if q else None
    if lead and lead.group(1).lower() == q.group(1).lower():
        return f"the answer gives {lead.group(0).strip()!r}, not a rate per kg as the question asks"
    m = _PER_KG_ABS.search(text)
    if m and m.group(2).lower() == m.group(4).lower():
        per, total, kg = _dec(m.group(1)), _dec(m.group(3)), _dec(m.group(5))
        if abs(per * kg - total) > _half_step(total) + abs(total) * Decimal("0.02"):
            return f"its own rate per kg ({m.group(0)!r}) makes {per * kg:.2f}, not {total}"
    m = _PER_KG.search(text)
    if m:
        dose = _dec(m.group(1)) * _dec(m.group(3))
        if abs(dose - value) > abs(value) * Decimal("0.02"):
            return f"its own dose per kg ({m.group(0)!r}) makes {dose}, not {value}"
    m = _RATIO_PARTS.search(text) if re.search(r"\bratio\b", question, re.I) else None
    if m and _dec(m.group(2)):
        r = _dec(m.group(1)) / _dec(m.group(2))
        tol = _half_step(value) + Decimal("1e-9")
        if abs(r - value) > tol:
            return f"the counts it gives ({m.group(0)!r}) make a ratio of {r:.3f}, not {value}"
    return None


_PER_HOUR = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?|" + SPELLED_RUN.pattern + r")\s*(ml|l|mg|mcg|g|units?)\s*"
                       r"(?:/\s*|\s+per\s+|\s+an?\s+|\s+each\s+)(h|hr|hour|min|minute)\b(?!\s*/)", re.I)
_ONE_DAY = re.compile(r"\bon\s+\d{4}-\d{2}-\d{2}\b(?!\s*(?:at\s+)?\d{1,2}:)|\b(?:first|in|within|over|per)\s+"
                      r"(?:(?:the\s+)?24\s*h(?:ours?|rs?)?|(?:a|one|the\s+first)?\s*day)\b|\bdaily\b", re.I)


def pressure_unit(text: str, question: str) -> str | None:
    """"5 mmHg" for a PEEP asked in cmH2O (or the other way round): another unit of pressure, 1.36 times apart."""
    q, a = re.sub(r"\s+", "", question.lower()), re.sub(r"\s+", "", text.lower())
    for asked, other in (("cmh2o", "mmhg"), ("mmhg", "cmh2o")):
        if asked in q and other not in q and other in a and asked not in a:
            return f"the answer's unit ({other}) is not the question's ({asked})"
    return None


def daily_rate(text: str, question: str, value: Decimal | None) -> str | None:
    """A day's total beside an hourly rate that cannot give it: "1,450 mL (~6 mL/h)" (6 mL/h makes at most 144 mL
    in a day). A higher rate is left alone (the output may have run for part of the day only) unless the answer
    gives it as the day's own rate: alone in the value's bracket, or "over 24 h", "i.e.", an average."""
    m = _PER_HOUR.search(text) if value is not None and value > 0 else None
    if not m or not _ONE_DAY.search(question):
        return None
    unit = m.group(2).lower().rstrip("s")
    if not re.search(r"\d\s*" + re.escape(unit) + r"s?\b(?!\s*/)", text, re.I):
        return None  # not the rate of the value's own unit
    word = spelled_value(m.group(1)) if m.group(1)[0].isalpha() else None  # "twenty mL an hour"
    rate, per = Decimal(word) if word is not None else _dec(m.group(1)), 1440 if m.group(3).lower().startswith("m") else 24
    if rate is None:
        return None
    most = (rate + _half_step(rate)) * per
    if most < value * Decimal("0.98"):
        return f"its own rate ({m.group(0)!r}) makes at most {most:g} in a day, not {value}"
    alone = re.search(r"[(\[]\s*(?:[~≈]|about|approx\.?|approximately|roughly|averag\w*|mean|avg)?\s*" +
                      re.escape(m.group(0)) + r"\s*[)\]]", text, re.I)  # "(3 mL/min)": the value's own rate
    if (_OVER_THE_DAY.search(text) or alone) and (rate - _half_step(rate)) * per > value * Decimal("1.1"):
        return f"its own rate over the day ({m.group(0)!r}) makes at least {(rate - _half_step(rate)) * per:g}, " \
               f"not {value}"
    return None


_OVER_THE_DAY = re.compile(r"\bover\s+(?:the\s+)?(?:24\s*h(?:ours?|rs?)?|(?:whole\s+|full\s+)?day)\b|\bi\.\s?e\.|"
                           r"\b(?:average|mean|on average|avg)\b", re.I)


# "3 transfers: ED to MICU and MICU to Medicine", "4 routes: IV, PO, SC": fewer or more items than the count
_COUNT_LIST = re.compile(r"^\W*(\d+)\s+(?:[a-z]+\s+){0,2}?[a-z]+s\b[^:;.\n]{0,25}?:\s*([^;\n()]+?)\s*\.?\s*$", re.I)


def listed_count(text: str, value: Decimal | None) -> str | None:
    m = _COUNT_LIST.match(text)
    if not m or value is None:
        return None
    body = m.group(2)
    dates = re.findall(r"\d{4}-\d\d-\d\d", body)
    items = dates or [x for x in re.split(r",|;|\band\b|&", body) if x.strip()]
    if any(len(x.split()) > 5 for x in items) or re.search(r"\b(?:etc|among others|including|e\.g|such as)\b", body, re.I):
        return None  # sentences or examples, not a list of the counted
    if len(items) != value and int(m.group(1)) == value:
        return f"the answer counts {value} but lists {len(items)}"
    return None


# "... 170.0 cm, which I take as the answer": the answer it settles on is another number
_TAKEN = re.compile(r"(-?\d[\d,]*(?:\.\d+)?)\s*(?:[a-z/%]+\s*)?,?\s*(?:which|that)\s+(?:i|we)(?:'ll| will)?\s+(?:take|give|report|use|keep|"
                    r"count|go with)\s+as\s+(?:the|my|our)\s+(?:final\s+)?answer", re.I)


def answer_taken(text: str, value: Decimal | None) -> str | None:
    m = _TAKEN.search(text)
    if m and value is not None and _dec(m.group(1)) != value:
        return f"the answer it settles on is {m.group(1)}"
    return None


# a lab value in both MIMIC's unit and SI ("2.4 mg/dL (150 umol/L)"): the factor is the analyte's
SI_FACTORS = {"creatinine": ("mg/dl", "umol/l", Decimal("88.42")), "glucose": ("mg/dl", "mmol/l", Decimal("0.05551")),
               "bilirubin": ("mg/dl", "umol/l", Decimal("17.104")), "bun": ("mg/dl", "mmol/l", Decimal("0.357")),
               "calcium": ("mg/dl", "mmol/l", Decimal("0.2495")), "hemoglobin": ("g/dl", "g/l", Decimal(10)),
               "lactate": ("mmol/l", "mg/dl", Decimal("9.008")), "albumin": ("g/dl", "g/l", Decimal(10)),
               "magnesium": ("mg/dl", "mmol/l", Decimal("0.4114")), "phosphate": ("mg/dl", "mmol/l", Decimal("0.3229"))}
_TWO_CONCENTRATIONS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*((?:mg|g|mmol|umol|\u00b5mol|\u03bcmol)\s*/\s*d?l)\b\s*"
                                 r"(?:[(\[]|=|/|,|\bor\b|\u2248|~)\s*(?:about\s+|~\s*|\u2248\s*)?(\d+(?:\.\d+)?)\s*"
                                 r"((?:mg|g|mmol|umol|\u00b5mol|\u03bcmol)\s*/\s*d?l)\b", re.I)


def _conc(unit: str) -> str:
    return re.sub(r"\s+", "", unit.lower()).replace("\u00b5", "u").replace("\u03bc", "u")


def lab_conversion(text: str, question: str) -> str | None:
    m = _TWO_CONCENTRATIONS.search(text)
    if not m:
        return None
    q = question.lower()
    for analyte, (base, si, factor) in SI_FACTORS.items():
        if analyte == "bun" and not re.search(r"\bbun\b|urea", q) or analyte != "bun" and analyte not in q:
            continue
        a, ua, b, ub = Decimal(m.group(1)), _conc(m.group(2)), Decimal(m.group(3)), _conc(m.group(4))
        if (ua, ub) == (base, si):
            expect, got = a * factor, b
        elif (ua, ub) == (si, base):
            expect, got = b * factor, a
        else:
            return None
        if abs(expect - got) > abs(expect) * Decimal("0.03") + Decimal("0.05"):
            return f"its own conversion ({m.group(0).strip()!r}) does not hold for {analyte}"
        return None
    return None


_QUARTILES = re.compile(r"\bq1\s*[:=]?\s*(\d+(?:\.\d+)?)\b[^;\n]{0,20}?\bq3\s*[:=]?\s*(\d+(?:\.\d+)?)\b|"
                        r"\biqr\s*[:=]?\s*(?:of\s+)?(\d+(?:\.\d+)?)\s*(?:-|\u2013|to)\s*(\d+(?:\.\d+)?)\b", re.I)
_ASKS_IQR = re.compile(r"\binterquartile range\b|\biqr\b|\bq3\s*(?:minus|-)\s*q1\b", re.I)


def iqr_from_quartiles(text: str, question: str, value: Decimal | None) -> str | None:
    """"4.30 days (Q1 1.90, Q3 6.02)" for the IQR: its own quartiles make another range."""
    m = _QUARTILES.search(text) if value is not None and _ASKS_IQR.search(question) else None
    if not m:
        return None
    lo, hi = (Decimal(m.group(1)), Decimal(m.group(2))) if m.group(1) else (Decimal(m.group(3)), Decimal(m.group(4)))
    tol = _half_step(value) * 2 + Decimal("1e-9")
    if abs((hi - lo) - value) > tol:
        return f"its own quartiles ({lo}, {hi}) make an IQR of {hi - lo}, not {value}"
    return None


_ANCHOR = re.compile(r"\banchor_age\s*[:=]?\s*(\d+)\b[^;\n]{0,25}?\banchor_year\s*[:=]?\s*(\d{4})\b[^;\n]{0,25}?"
                     r"\b(?:admitted|admission|admit\w*|year)\s*(?:in\s*|year\s*)?[:=]?\s*(\d{4})\b", re.I)


def age_from_anchor(text: str, value: Decimal | None) -> str | None:
    """"67 years (anchor_age 60, anchor_year 2150, admitted 2153)": MIMIC's own age arithmetic gives another."""
    m = _ANCHOR.search(text) if value is not None else None
    if not m:
        return None
    age = int(m.group(1)) + int(m.group(3)) - int(m.group(2))
    if age != value:
        return f"its anchor_age and years make an age of {age}, not {value}"
    return None


_MAP_FROM = re.compile(r"\b(?:computed|calculated|derived|estimated|worked out)\b[^;\n]{0,60}?(?<![\d.])(\d{2,3})\s*/\s*(\d{2,3})(?![\d.])",
                       re.I)


def map_formula(text: str, question: str, value: Decimal | None) -> str | None:
    """"MAP 58 mmHg, computed as (SBP + 2 x DBP)/3 from the 100/50 reading": the formula gives another MAP; and a
    MAP computed from a cuff reading is no invasive MAP the question asks about."""
    if value is None or not re.search(r"\bmean arterial\b|\bmap\b", question, re.I):
        return None
    m = _MAP_FROM.search(text)
    if not m:
        return None
    mean = (Decimal(m.group(1)) + 2 * Decimal(m.group(2))) / 3
    if abs(mean - value) > 1:
        return f"its own blood pressure ({m.group(1)}/{m.group(2)}) makes a MAP of {mean:.0f}, not {value}"
    if re.search(r"\binvasive\b|\barterial line\b|\bitemid\b", question, re.I):
        return "a MAP computed from a blood pressure is not the measured one the question asks about"
    return None


# --- two groups compared, a series over years, a quotient beside the value ---------------------------------------

_COMPARE_Q = re.compile(r"\b(more|fewer|higher|lower|greater|less|larger|smaller|longer|shorter|older|younger)\b\s+"
                        r"(.{1,60}?)\s+than\s+(?:among\s+|in\s+|for\s+|"
                        r"of\s+|with\s+)?(?:the\s+)?([\w-]+)", re.I)
_GENERIC = frozenset("the a an among of in for with admissions admission patients patient stays stay icu rate rates "
                     "mortality in-hospital hospital number count share percentage proportion were was had have there "
                     "people subjects cases".split())
_SEXES = {"female": ("female", "females", "women", "woman", "f"), "male": ("male", "males", "men", "man", "m")}
_UP_WORDS = ("more", "higher", "greater", "larger", "longer", "older")


@functools.lru_cache(maxsize=4096)
def _compared(question: str) -> tuple[bool, tuple[str, ...], tuple[str, ...]] | None:
    """(A above B asked, A's names, B's names) for "more female than male ...", "higher among Medicare admissions
    than among Private admissions", "fewer ELECTIVE admissions than URGENT admissions"."""
    m = _COMPARE_Q.search(question)
    if not m:
        return None
    a = [w for w in re.findall(r"[\w-]+", m.group(2)) if w.lower() not in _GENERIC]
    b = m.group(3)
    if not a or b.lower() in _GENERIC:
        return None
    names = lambda w: _SEXES.get(w.lower(), (w.lower(),))
    return m.group(1).lower() in _UP_WORDS, names(a[-1]), names(b)


def _group_number(text: str, names: tuple[str, ...]) -> Decimal | None:
    alt = "|".join(re.escape(n) for n in names)
    m = re.search(rf"\b(?:{alt})\b\.?\s*(?:(?:median|mean|average|rate|los|was|is|of)\s+){{0,2}}[:=(]?\s*"
                  rf"(\d[\d,]*(?:\.\d+)?)", text, re.I) or \
        re.search(rf"(\d[\d,]*(?:\.\d+)?)\s*%?\s+(?:(?!vs\b|and\b|or\b|than\b|versus\b)[a-z]+\s+)?(?:{alt})\b", text, re.I)
    return _dec(m.group(1)) if m else None


_SAID_ORDER = re.compile(r"\b(more|fewer|higher|lower|greater|less)\s+([\w-]+)(?:\s+[\w-]+)?\s+than\s+([\w-]+)|"
                         r"\b([\w-]+)(?:\s+[\w-]+)?\s+(outnumbered|exceeded|surpassed|trailed)\s+(?:the\s+)?([\w-]+)|"
                         r"\b([\w-]+)(?:\s+[\w-]+)?\s+(?:had|has|showed|shows|was|were)\s+(?:the\s+)?(higher|lower|greater|"
                         r"larger|smaller|more|fewer)\b", re.I)


def _said_above(text: str, a: tuple[str, ...], b: tuple[str, ...]) -> bool | None:
    """Whether the answer's own words put A above B ("fewer men than women", "ELECTIVE outnumbered URGENT",
    "Private admissions had the higher rate"), or None."""
    m = _SAID_ORDER.search(text)
    if not m:
        return None
    is_a = lambda w: w.lower() in a
    is_b = lambda w: w.lower() in b
    if m.group(1):
        up = m.group(1).lower() in _UP_WORDS
        x, y = m.group(2), m.group(3)
    elif m.group(5):
        up = m.group(5).lower() != "trailed"
        x, y = m.group(4), m.group(6)
    else:
        up, x, y = m.group(8).lower() in _UP_WORDS, m.group(7), None
        if is_a(x):
            return up
        return (not up) if is_b(x) else None
    if is_a(x) and (y is None or is_b(y)):
        return up
    if is_b(x) and (y is None or is_a(y)):
        return not up
    return None


def compared_groups(text: str, question: str, said: Any) -> str | None:
    """"No, 1,102 female vs 968 male patients" for "more female than male?"; "Yes, ELECTIVE admissions
    outnumbered URGENT ones" for "fewer ELECTIVE than URGENT?": the answer's own figures or words say the other."""
    c = _compared(question)
    if not c:
        return None
    up, a, b = c
    x, y = _group_number(text, a), _group_number(text, b)
    if x is not None and x == y:  # "6.1 days vs 6.1 days": neither is above the other
        truth = False
    else:
        above = (x > y) if x is not None and y is not None else _said_above(text, a, b)
        if above is None:
            return None
        truth = above if up else not above
    if isinstance(said, bool) and truth != said:
        return f"its own figures or words put the groups the other way round (the answer is {'yes' if truth else 'no'})"
    return None


_MORE_Q = re.compile(r"\bhow many more\b", re.I)


def group_difference(text: str, question: str, value: Decimal | None) -> str | None:
    """"312 (M 4,120 vs F 3,818)" for how many more male than female: its own counts give another difference;
    "312 more female stays than male stays": the other way round."""
    c = _compared(question) if value is not None and _MORE_Q.search(question) else None
    if not c:
        return None
    _, a, b = c
    x, y = _group_number(text, a), _group_number(text, b)
    if x is not None and y is not None and x - y != value and x != value and y != value:
        return f"its own counts differ by {x - y}, not {value}"
    if _said_above(text, a, b) is False:
        return "the answer puts the two groups the other way round"
    return None


_EVERY_YEAR = re.compile(r"\b(ris\w*|rose|increas\w*|grow\w*|grew|fall\w*|fell|decreas\w*|declin\w*|dropp?\w*)\b[^?]*"
                         r"\b(?:every|each)\s+year\b", re.I)


def series_every_year(text: str, question: str, said: Any) -> str | None:
    """"Yes: 3.1%, 2.8%, 2.9%, 2.2%" for "did it fall every year?": its own series does not."""
    m = _EVERY_YEAR.search(question)
    if not m or not isinstance(said, bool):
        return None
    up = m.group(1).lower().startswith(("ris", "rose", "increas", "grow", "grew"))
    nums = [Decimal(x.replace(",", "")) for x in re.findall(r"(?<![\w.-])\d[\d,]*(?:\.\d+)?(?![\w-])", text)]
    nums = [n for n in nums if not (n == n.to_integral_value() and 1900 <= n <= 2300)]
    if len(nums) < 3:
        return None
    truth = all(b > a for a, b in zip(nums, nums[1:])) if up else all(b < a for a, b in zip(nums, nums[1:]))
    if truth != said:
        return f"its own series ({', '.join(map(str, nums))}) says the other"
    return None


# "2.3% (241 deaths / 8,400 female admissions)", "1.27 (7,928 / 5,900)": the quotient it shows is another figure
_QUOTIENT = re.compile(r"^\W*(-?\d[\d,]*(?:\.\d+)?)\s*(%?)[^()\[\]\d]{0,25}[(\[]\s*(\d[\d,]*(?:\.\d+)?)\s*(?:[a-z_-]+\s+){0,3}"
                       r"(?:/|\u00f7|divided by|over)\s*(\d[\d,]*(?:\.\d+)?)\b", re.I)


def quotient_remark(text: str, question: str, value: Decimal | None) -> str | None:
    m = _QUOTIENT.search(text) if value is not None else None
    if not m or _BLOOD_PRESSURE.search(question):
        return None
    said, a, b = _dec(m.group(1)), _dec(m.group(3)), _dec(m.group(4))
    if said != value or not b:
        return None
    q = a / b * (100 if m.group(2) or re.search(r"%|\bpercent|\brate\b", question, re.I) and a < b else 1)
    tol = _half_step(value) + Decimal("1e-9")
    if abs(q - value) > tol:
        return f"the quotient it shows ({m.group(3)} / {m.group(4)}) is {q:.3f}, not {value}"
    return None


# an APR-DRG severity or risk of mortality named by its label beside another number ("Moderate (3)")
_SEVERITY = {"minor": 1, "moderate": 2, "major": 3, "extreme": 4}
_SEVERITY_SAID = re.compile(r"\b(minor|moderate|major|extreme)\b\W{0,3}(?:\(\s*)?([1-4])\b|\b([1-4])\s*(?:\(|-|\u2013|:|=)\s*"
                            r"(minor|moderate|major|extreme)\b", re.I)


def severity_label(text: str, question: str) -> str | None:
    if not re.search(r"\bseverity\b|\bdrg_(?:severity|mortality)\b|\brisk of mortality\b", question, re.I):
        return None
    m = _SEVERITY_SAID.search(text)
    if not m:
        return None
    label, n = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    if _SEVERITY[label.lower()] != int(n):
        return f"the label it gives ({label}) is level {_SEVERITY[label.lower()]}, not {n}"
    return None


# input and output against the balance ("+650 mL (input 2450 mL, output 1700 mL)")
_IN_OUT = re.compile(r"\b(?:input|intake|in)\s*[:=]?\s*(\d[\d,]*(?:\.\d+)?)\s*(ml|l|cc)?\b[^;\n]{0,25}?\b(?:output|out)\s*"
                     r"[:=]?\s*(\d[\d,]*(?:\.\d+)?)\s*(ml|l|cc)?\b", re.I)


def balance_from_parts(text: str, question: str, value: Decimal | None) -> str | None:
    m = _IN_OUT.search(text) if value is not None and re.search(r"\bbalance\b|\bnet\b", question, re.I) else None
    if not m:
        return None
    to_ml = re.search(r"\bml\b", question, re.I) is not None
    a, b = (_dec(m.group(i)) * (1000 if to_ml and (m.group(i + 1) or "").lower() == "l" else 1) for i in (1, 3))
    if a - b != value:
        return f"its own input and output make a balance of {a - b}, not {value}"
    return None


# --- rows before and after de-duplication --------------------------------------------------------------------

_NUM_WORD = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_ROWS = re.compile(rf"\b{_NUM_WORD}\s+(?:raw\s+)?(?:rows|records|entries)\b", re.I)
_DUPS = re.compile(rf"\b(?:removing|dropping|minus|excluding|less)\s+{_NUM_WORD}\s+duplicates?\b|"
                   rf"\b{_NUM_WORD}\s+duplicates?\b", re.I)


def deduplicated(text: str, total: Decimal | None) -> str | None:
    """"5 (after removing 2 duplicates from 5 rows)": rows less duplicates is another count."""
    r, d = _ROWS.search(text), _DUPS.search(text)
    if not (r and d and total is not None):
        return None
    rows, dups = _dec(r.group(1)), _dec(d.group(1) or d.group(2))
    if rows is not None and dups is not None and rows - dups != total:
        return f"the answer's own rows less duplicates ({rows} - {dups}) are not {total}"
    return None


# --- a share its own counts do not give ----------------------------------------------------------------------

_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*%")
_OF = re.compile(r"(?<![\w.:/-])(\d[\d,]*)\s*(?:[(\[]\s*\d+(?:\.\d+)?\s*%\s*[)\]]\s*)?(?:of|/|out of)\s*(\d[\d,]*)"
                 r"(?![\w.:/-])")  # "520 of 1000", "4 (40%) of 11"


# a percentage written right beside its part and whole: "1,342 (2.3% of 102,000)", "120 deaths of 3,077 (4.9%)"
_SHARES = (re.compile(r"(?<![\w.])(?P<a>\d[\d,]*)\s*[(\[]\s*(?P<p>\d+(?:\.\d+)?)\s*%\s*(?:of|out of)\s+(?:the\s+|all\s+)?"
                      r"(?P<b>\d[\d,]*)(?![\w.])", re.I),
           re.compile(r"(?<![\w.])(?P<a>\d[\d,]*)\s+(?:[a-z-]+\s+){0,2}?(?:of|out of)\s+(?:the\s+|all\s+)?(?P<b>\d[\d,]*)"
                      r"(?:\s+[a-z-]+){0,2}?\s*[(\[,]\s*(?P<p>\d+(?:\.\d+)?)\s*%", re.I))


def _share_off(pct: Decimal | None, a: Decimal | None, b: Decimal | None, said: str) -> Decimal | None:
    """The share a of b makes, when ``pct`` (written as ``said``) is not it within its rounding."""
    if pct is None or a is None or not b:
        return None
    decimals = len(said.partition(".")[2])
    share_ = a * 100 / b
    return share_ if abs(share_ - pct) > Decimal(5) / Decimal(10) ** (decimals + 1) + Decimal("1e-9") else None


_LEAD_PCT = re.compile(r"^\W*(\d+(?:\.\d+)?)\s*%\s*[(\[]([^()\[\]]*)[)\]]")
_LEAD_COUNT_PCT = re.compile(r"^\W*(\d[\d,]*)\s*[(\[]\s*(\d+(?:\.\d+)?)\s*%\s*,\s*n\s*=\s*(\d[\d,]*)\s*[)\]]", re.I)
_COUNT_K = re.compile(r"(?<![\w.%])(\d[\d,]*(?:\.\d+)?)(k)?(?![\w.%])(?!\s*%)", re.I)


def _bracket_share(text: str) -> str | None:
    """"23.5% (n = 17,920; N = 86,250)", "23.5% (76,250 stays, 19,920 with norepinephrine)", "17,920 (21.5%, N =
    76,250)": a share beside exactly the two counts it is made of, in any words."""
    m = _LEAD_COUNT_PCT.match(text)
    if m:
        a, pct, b = _dec(m.group(1)), _dec(m.group(2)), _dec(m.group(3))
        off = _share_off(pct, a, b, m.group(2))
        return None if off is None else f"its own counts give {off:.1f}%, not {m.group(2)}%"
    m = _LEAD_PCT.match(text)
    if not m or re.search(r"\bci\b|confidence", m.group(2), re.I):
        return None
    body = re.sub(r"(?:[<>\u2264\u2265]=?|\b(?:aged?|over|under|above|below|at least|at most))\s*\d[\d,.]*", " ", m.group(2),
                  flags=re.I)  # (a cohort's threshold is no count: "aged >= 65")
    counts = [(_dec(x) or Decimal(0)) * (1000 if k else 1) for x, k in _COUNT_K.findall(body)]
    counts = [c for c in counts if c >= 1]
    if len(counts) != 2:
        return None
    a, b = sorted(counts)
    pct = _dec(m.group(1))
    other = [x for x in re.findall(r"(\d+(?:\.\d+)?)\s*%", m.group(2)) if _dec(x) != pct]
    if other:
        return f"the answer's bracket gives another share ({other[0]}%) than its {m.group(1)}%"
    k = any(x for _, x in _COUNT_K.findall(m.group(2)))
    said = m.group(1) if not k else "0"  # (figures in thousands: to the nearest whole percent)
    off = _share_off(pct, a, b, said)
    return None if off is None else f"its own counts ({m.group(2).strip()!r}) give {off:.1f}%, not {m.group(1)}%"


def share(text: str) -> str | None:
    """A percentage beside the counts it is made of, which give another one ("52.3% (520 of 1000)")."""
    m = _bracket_share(text)
    if m:
        return m
    for pattern in _SHARES:
        for m in pattern.finditer(text):
            off = _share_off(_dec(m.group("p")), _dec(m.group("a")), _dec(m.group("b")), m.group("p"))
            if off is not None:
                decimals = len(m.group("p").partition(".")[2])
                return f"the answer's own counts ({m.group(0)!r}) give {off:.{decimals}f}%, not {m.group('p')}%"
    p, f = _PERCENT.search(text), _OF.search(text)
    if not (p and f):
        return None
    pct = _dec(p.group(1))
    off = _share_off(pct, _dec(f.group(1)), _dec(f.group(2)), p.group(1))
    if off is not None:
        decimals = len(p.group(1).partition(".")[2])
        return f"the answer's own counts ({f.group(0)!r}) give {off:.{decimals}f}%, not {pct}%"
    return None


_FRACTION_ANSWER = re.compile(r"^\W*(\d[\d,]*)\s*(/|\bout of\b|\bof\b)\s*(\d[\d,]*)\b(.*)$", re.I | re.S)
# "How many hospital admissions did patient 10000032 have?": a count of all the patient's ones, no condition
_UNCONDITIONED = re.compile(r"^\s*how many\s+(?:[\w-]+\s+){0,3}?\w+\s+(?:did|does|has|had)\s+(?:the\s+)?"
                            r"(?:patient|subject)\s+\d+\s+(?:have|had)\b[^,]*\??\s*$", re.I)


# "4 distinct charttimes (5 rows, ...)" for results, "38 distinct labels (41 itemids)" for itemids: the value counts
# another thing than the question, and the answer's own remark gives another number of the question's thing
_LEAD_COUNT = re.compile(r"^\W*(\d[\d,]*)\s+(?:distinct\s+|unique\s+|different\s+)?([a-z_]+s)\b", re.I)
_REMARK_COUNT = re.compile(r"[(\[]\s*(\d[\d,]*)\s+(?:distinct\s+|unique\s+|different\s+|raw\s+|\w+events\s+)?"
                           r"([a-z_]+s)\b", re.I)
_ROW_NOUNS = frozenset({"rows", "records", "entries"})
_ROW_Q = re.compile(r"\b(?:results?|readings?|values?|measurements?|rows?|records?|entries|events?)\b", re.I)


_SEQ_Q = re.compile(r"\bseq_?num\b|\bsequence number\b|\bposition\b[^?]{0,40}\bcoded\b", re.I)
_PRINCIPAL = re.compile(r"\b(?:the\s+)?(principal|primary|first-listed|main)\s+(?:diagnosis|procedure|code)\b|"
                        r"\b(secondary|additional)\s+(?:diagnosis|procedure|code)\b", re.I)


def seq_against(text: str, question: str, value: Decimal | None) -> str | None:
    """"3 (the principal diagnosis)" for a seq_num: the principal diagnosis is seq_num 1, a secondary one is not."""
    if value is None or not _SEQ_Q.search(question):
        return None
    m = _PRINCIPAL.search(text)
    if m and (value != 1 if m.group(1) else value == 1):
        return f"the answer calls the code {m.group(0)!r}, which is not seq_num {value}"
    return None


_SAME_DAY = re.compile(r"\b(?:discharged|left|went home|died|transferred out)\s+(?:on\s+)?the same (?:day|date|evening|"
                       r"night|morning|afternoon)\b", re.I)


def same_day_stay(text: str, question: str, value: Decimal | None) -> str | None:
    """"4.35 days (discharged the same evening)": a stay that ended the day it began is under a day."""
    if value is not None and value >= 1 and _asks_days(question) and _SAME_DAY.search(text):
        return f"the answer's own words end the stay the day it began, not {value} days later"
    return None


def labelled_else(text: str, question: str, value: Decimal | None) -> str | None:
    lead = _LEAD_COUNT.match(text)
    if lead is None or value is None or _dec(lead.group(1)) != value:
        return None
    q = stems(question.replace("_", " "))
    if stems(lead.group(2)) <= q:
        return None  # the question's own thing
    for m in _REMARK_COUNT.finditer(text, lead.end()):
        noun = m.group(2).lower()
        asked = stems(noun) <= q or noun in _ROW_NOUNS and _ROW_Q.search(question)
        if asked and _dec(m.group(1)) != value:
            return (f"the answer counts {lead.group(2)!r}; by its own remark ({m.group(0).strip('([ ')!r}) the "
                    f"question's count is another")
    return None


def part_of_whole(text: str, question: str) -> str | None:
    """A count given as a part of a whole ("5/7"; "5 of 7 admissions" where the question counts all of them)."""
    m = _FRACTION_ANSWER.match(text)
    if not m or m.group(1) == m.group(3):
        return None
    if m.group(2) == "/" or _UNCONDITIONED.match(question):
        return f"a part of a whole ({m.group(0).strip()!r}) is not the count asked for"
    return None


# --- a stay its own dates make longer or shorter -----------------------------------------------------------

_ASKS_DAYS = re.compile(r"\bdays?\b|\blength of stay\b|\blos\b", re.I)


@functools.lru_cache(maxsize=4096)
def _asks_hours(question: str) -> bool:
    return re.search(r"\bhours?\b", question, re.I) is not None


@functools.lru_cache(maxsize=4096)
def _asks_days(question: str) -> bool:
    return _ASKS_DAYS.search(question) is not None


def day_span(text: str, question: str, value: Decimal | None) -> str | None:
    """A number of days beside two days that are another number of days apart ("9 days (admitted 2150-03-04,
    discharged 2150-03-15)"), or of hours beside two times ("36.5 hours (08:00 to 20:30 the same day)")."""
    if value is None:
        return None
    days = [w for w, _, _ in dates_in(text) if w.day is not None]
    if len(days) != 2:  # (two years are no two days: "9.5 days (2150-2151)")
        return None
    if _asks_hours(question) and days[0].time is not None and days[1].time is not None:
        apart = abs((dt.datetime.combine(days[1].day, days[1].time) - dt.datetime.combine(days[0].day, days[0].time))
                    .total_seconds()) / 3600
        if abs(Decimal(str(round(apart, 4))) - value) > Decimal("0.1"):
            return f"the answer's own times are {apart:.1f} hours apart, not {value}"
        return None
    if not _asks_days(question):
        return None
    if days[0].time is not None and days[1].time is not None:  # "4.35 days (admitted ... 22:10, discharged ... 06:34)"
        span = abs((dt.datetime.combine(days[1].day, days[1].time) - dt.datetime.combine(days[0].day, days[0].time))
                   .total_seconds()) / 86400
        if abs(Decimal(str(round(span, 4))) - value) > _half_step(value) + Decimal("0.01"):
            return f"the answer's own times are {span:.2f} days apart, not {value}"
        return None
    apart = abs((days[1].day - days[0].day).days)
    # dates alone: a stay of times unsaid is within a day of their difference, a count of calendar days is it
    exact = _CALENDAR_DAYS.search(question) is not None
    if abs(Decimal(apart) - value) > (0 if exact else 1):
        return f"the answer's own dates are {apart} days apart, not {value}"
    return None


_CALENDAR_DAYS = re.compile(r"\bcalendar days?\b|\bdate difference\b|\bdifference (?:in|of|between) (?:the )?dates\b|"
                            r"\bdate_?diff\b", re.I)


# --- readings whose extreme is another one than the answer picks -------------------------------------------

_ASKS = (("last", re.compile(r"\b(?:last|latest|most recent|final)\b", re.I)),
         ("first", re.compile(r"\b(?:first|earliest|initial)\b", re.I)),
         ("max", re.compile(r"\b(?:highest|maximum|max|peak|largest|greatest|longest|most|more (?:often|frequently)|"
                            r"longer|higher)\b", re.I)),
         ("min", re.compile(r"\b(?:lowest|minimum|min|nadir|smallest|shortest|least|fewest|less (?:often|frequently)|"
                            r"shorter|lower)\b", re.I)))
# the words that label the answer itself, not one of its candidates ("Longest: 20000345")
_ANSWER_LABELS = frozenset("answer result final total value longest shortest most least highest lowest first last "
                           "max min maximum minimum winner pick choice".split())


@functools.lru_cache(maxsize=4096)
def _asked_extremes(question: str) -> frozenset[str]:
    return frozenset(name for name, p in _ASKS if p.search(question))


# "4.2 at 06:00, then 3.8 at 18:00": a value, then when
_VALUE_AT = re.compile(r"(?<![\d.:-])(-?\d+(?:\.\d+)?)\s*(?:[a-z/%\u00b5]+\s*)?(?:at|@|on)\s+"
                       r"(\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?|\d{1,2}:\d\d)(?![\d:])", re.I)
_TIMED = re.compile(r"(\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?)\s*(?:\|\s*|→|->|:|=|-\s|\u2013\s?)\s*"
                    r"(-?\d+(?:\.\d+)?)(?![\d-])")
_RANGED = re.compile(r"\b(?:values?|readings?|results?|measurements?|levels?)\s+(?:ranged|ranging|varied|went)\s+"
                     r"(?:from\s+)?(-?\d+(?:\.\d+)?)\s*(?:\u2013|-|to)\s*(-?\d+(?:\.\d+)?)", re.I)
# "20000345 (3.1 days)", "| 20000345 | 3.1 |", "Insulin: 14", "14 for Insulin"
_LABEL_NUMBER = re.compile(r"(?<![\w.])(\d{5,}|[A-Z][A-Za-z-]+)\s*(?:\(\s*|\|\s*|:\s*)(-?\d+(?:\.\d+)?)(?![\d.:-])")
_NUMBER_FOR = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s+(?:[a-z]+\s+)?(?:for|in|of)\s+([A-Z][A-Za-z-]+|\d{5,})")


def _num_equal(a: Decimal, gold: Any) -> bool:
    try:
        g = Decimal(str(gold))
    except (InvalidOperation, ValueError):
        return False
    return abs(a - g) <= Decimal("1e-9") * max(1, abs(g))


def readings_pick(text: str, question: str, gold: Any, kind: str) -> str | None:
    """The answer's own readings give another last / first / highest / lowest than the gold: "Readings:
    2150-03-08 -> 4.2, 2150-03-09 -> 3.9. Answer: 4.2" for the last, "values ranged 0.9-3.1" for a highest of
    2.4, "20000345 (3.1 days) vs 20000346 (9.2 days) -> 20000345" for the longest."""
    asked = _asked_extremes(question)
    if not asked or len(asked) > 1:
        return None
    (how,) = asked
    if kind == "measurement" and how in ("last", "first"):
        pairs = [(t, Decimal(v)) for t, v in _TIMED.findall(text)] or \
            [(t.zfill(5) if len(t) <= 5 else t, Decimal(v)) for v, t in _VALUE_AT.findall(text)]
        if len(pairs) >= 2 and len({t for t, _ in pairs}) == len(pairs) and len({len(t) for t, _ in pairs}) == 1:
            t, v = (max if how == "last" else min)(pairs)
            if not _num_equal(v, gold):
                return f"the answer's own readings make {v} (at {t}) the {how} one"
    if kind == "measurement" and how in ("max", "min"):
        m = _RANGED.search(text)
        if m:
            v = Decimal(m.group(2) if how == "max" else m.group(1))
            if not _num_equal(v, gold):
                return f"the answer's own range ({m.group(0)!r}) makes {v} the {'highest' if how == 'max' else 'lowest'}"
    if kind in ("identifier", "string") and how in ("max", "min"):
        pairs = {}
        for label, n in _LABEL_NUMBER.findall(text):
            pairs.setdefault(label, Decimal(n))
        for n, label in _NUMBER_FOR.findall(text):
            pairs.setdefault(label, Decimal(n))
        if len(pairs) == 1 and isinstance(gold, (str, int)) and not isinstance(gold, bool):
            # "Heparin (9 vs 14 for Insulin)", "20000345 had the longest stay (3 days vs 9 days for 20000346)"
            m = re.search(rf"\b{re.escape(str(gold))}\b[^()\[\]\d]{{0,40}}[(\[]\s*(\d+(?:\.\d+)?)\s*(?:[a-z]+\s*)?"
                          r"(?:vs\.?|versus|against|compared (?:with|to))\s", text, re.I)
            if m:
                pairs.setdefault(str(gold), Decimal(m.group(1)))
        pairs = {k: v for k, v in pairs.items() if k.lower() not in _ANSWER_LABELS}
        if len(pairs) >= 2:
            best = (max if how == "max" else min)(pairs.values())
            top = [k for k, v in pairs.items() if v == best]
            g = norm_text(str(gold))
            if len(top) == 1 and norm_text(top[0]) != g and any(norm_text(k) == g for k in pairs):
                return f"the answer's own figures make {top[0]} the one, not {gold}"
    return None


# two days listed as the days of the asked kind of event ("Admissions on 2151-06-01 and 2150-01-15")
_EVENT_DAYS = re.compile(r"\b(?:admissions?|admitted|visits?|stays?|discharges?|discharged)\b\s*(?:on|:|were|was|dated)?\s*"
                         r"\d{4}-\d\d-\d\d\s*(?:,|and|&)\s*\d{4}-\d\d-\d\d", re.I)


def dates_pick(text: str, question: str, gold: Any) -> str | None:
    """A date answer beside a list of days whose first (or last) is another one ("Admissions: 2150-05-01,
    2150-03-04, 2151-01-10. First: 2150-05-01")."""
    asked = _asked_extremes(question) & {"first", "last"}
    if len(asked) != 1:
        return None
    days = sorted({w.day for w, _, _ in dates_in(text)})
    if len(days) < 3 and not (len(days) == 2 and _EVENT_DAYS.search(text)):
        return None
    pick = days[-1] if "last" in asked else days[0]
    g = str(gold)[:10]
    if pick.isoformat() != g and g in {d.isoformat() for d in days}:
        return f"the answer's own days make {pick.isoformat()} the {next(iter(asked))} one"
    return None


_STAT_REMARK = re.compile(r"[(\[]\s*(?:the\s+)?(mean|average|median|max(?:imum)?|min(?:imum)?)\s*[:=]?\s*"
                          r"(-?\d+(?:\.\d+)?)", re.I)
_SAME_STAT = {"average": "mean", "maximum": "max", "minimum": "min"}


@functools.lru_cache(maxsize=4096)
def _asked_stats(question: str) -> frozenset[str]:
    return frozenset(_SAME_STAT.get(w.lower(), w.lower()) for w in
                     re.findall(r"\b(mean|average|median|max(?:imum)?|min(?:imum)?)\b", question, re.I))


def stated_statistic(text: str, question: str, gold: Any) -> str | None:
    """"Median 5.43 d (mean 6.10 d)" for a mean of 5.43: the answer's own figure for the asked statistic is
    another number."""
    asked = None
    for m in _STAT_REMARK.finditer(text):
        asked = _asked_stats(question) if asked is None else asked
        if _SAME_STAT.get(m.group(1).lower(), m.group(1).lower()) not in asked:
            continue
        said, g = _dec(m.group(2)), _dec(str(gold))
        if said is None or g is None:
            continue
        decimals = len(m.group(2).partition(".")[2])
        if abs(said - g) > Decimal(5) / Decimal(10) ** (decimals + 1) + Decimal("1e-9"):
            return f"the answer's own {m.group(1)} ({m.group(2)}) is not its value"
    return None


_MEAN_OF = re.compile(r"\b(?:mean|average)\b(?:[^;\n]{0,40}?\bfrom\s+(?:the\s+)?(?:\d+\s+)?(?:readings|values|measurements|"
                      r"results)\s*:?|\s+of)\s*(-?\d+(?:\.\d+)?(?:\s*(?:,|and|&|,\s*and)\s*-?\d+(?:\.\d+)?)+)", re.I)


_TOTAL_OVER = re.compile(r"\btotal\s+(?:of\s+)?(\d[\d,]*(?:\.\d+)?)\s*(?:[a-z]+\s+)?(?:over|across|for|/|divided by|"
                         r"among)\s+(\d[\d,]*)\b", re.I)


_N_AND_TOTAL = re.compile(r"\bn\s*=\s*(\d[\d,]*)\b[^;\n()]{0,30}?\btotal\s*(?:of\s*)?[:=]?\s*(\d[\d,]*(?:\.\d+)?)|"
                          r"\btotal\s*(?:of\s*)?[:=]?\s*(\d[\d,]*(?:\.\d+)?)\b[^;\n()]{0,30}?\bn\s*=\s*(\d[\d,]*)\b", re.I)
_ASKS_MEAN = re.compile(r"\b(?:mean|average|avg)\b", re.I)


def mean_of_listed(text: str, gold: Any, question: str = "") -> str | None:
    """"Mean lactate 2.35 from readings 2.0, 2.0 and 2.0", "5.27 days (total 600 days over 97 patients)",
    "3.41 days (n=120 stays, total 369.6 days)" for a mean: the mean its own figures give is another number."""
    m = _MEAN_OF.search(text)
    t = _TOTAL_OVER.search(text) if not m else None
    if not m and not t and "n" in text.lower() and _ASKS_MEAN.search(question):
        t = _N_AND_TOTAL.search(text)
    g = _dec(str(gold)) if m or t else None
    if g is None:
        return None
    if m:
        values = [Decimal(x) for x in re.findall(r"-?\d+(?:\.\d+)?", m.group(1))]
        mean = sum(values) / len(values)
    else:
        if t.re is _N_AND_TOTAL:
            total, n = (_dec(t.group(2)), _dec(t.group(1))) if t.group(1) else (_dec(t.group(3)), _dec(t.group(4)))
        else:
            total, n = _dec(t.group(1)), _dec(t.group(2))
        if total is None or not n:
            return None
        mean = total / n
    decimals = max(0, -g.as_tuple().exponent) if isinstance(g.as_tuple().exponent, int) else 2
    if abs(mean - g) > Decimal(5) / Decimal(10) ** (decimals + 1) + Decimal("1e-9"):
        return f"the mean of the answer's own readings is {mean:.{decimals}f}, not {g}"
    return None


_CLOCKS = re.compile(r"(?<![\d:-])(\d{1,2}):(\d\d)(?![\d:])")
_CONVERTED = re.compile(r"(\d+(?:\.\d+)?)\s*(minutes?|mins?|hours?|hrs?|days?)\b[^.;\d]{0,12}?(?:i\.e\.|that is|=|which is|or)\s*"
                        r"(\d+(?:\.\d+)?)\s*(minutes?|mins?|hours?|hrs?|days?)\b", re.I)
_MINUTES = {"m": 1, "h": 60, "d": 1440}
_SQL_WORDS = re.compile(r"\b(?:select|from|where|join|group by)\b", re.I)
_FENCED = re.compile(r"```[^\n]*\n(.*?)```", re.S)


def clock_span(text: str, question: str, value: Decimal | None) -> str | None:
    """"Admitted 08:10, lactate 12:40, so 3.5 hours" (same day), "300 minutes, i.e. 3.5 hours": a number of
    hours its own clock times or its own conversion do not give."""
    if value is None:
        return None
    m = _CONVERTED.search(text)
    if m:
        a = Decimal(m.group(1)) * _MINUTES[m.group(2)[0].lower()]
        b = Decimal(m.group(3)) * _MINUTES[m.group(4)[0].lower()]
        if abs(a - b) > max(a, b) * Decimal("0.02"):
            return f"the answer's own conversion ({m.group(0)!r}) does not hold"
    clocks = _CLOCKS.findall(text)
    days = set(re.findall(r"\d{4}-\d\d-\d\d", text))
    if len(clocks) == 2 and _asks_hours(question) and (not _YEAR.search(text) or len(days) == 1 and
                                                       len(_YEAR.findall(text)) == 1):
        (h1, m1), (h2, m2) = clocks
        later = (int(h2) * 60 + int(m2)) - (int(h1) * 60 + int(m1))
        if later < 0 and re.search(r"\b(?:next|following) (?:day|morning)\b|\bthe day after\b", text, re.I):
            later += 24 * 60  # "admitted at 21:40, transferred at 12:00 the next day"
        if days and later < 0:
            return None  # "admitted 2150-05-04 22:00, ICU 03:10": the next day, or another; not read
        apart = Decimal(abs(later)) / 60
        if abs(apart - value) > Decimal("0.1"):
            return f"the answer's own times are {apart:.1f} hours apart, not {value}"
    return None


def quoted_output(text: str, gold: Any) -> str | None:
    """"The minimum sodium was 131.0. Per the query output below: ```min_sodium 128.0```": the output it quotes
    holds one number, another than the value."""
    g = _dec(str(gold))
    for block in _FENCED.findall(text):
        if _SQL_WORDS.search(block):
            continue  # the query itself, not its output
        nums = {Decimal(x) for x in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", block)}
        if g is not None and len(nums) == 1 and abs(nums.pop() - g) > Decimal("1e-9") * max(1, abs(g)):
            return "the query output the answer quotes gives another value"
    return None


_SLASHED = re.compile(r"(?<![\d/.-])\d+\.\d+\s*/\s*\d+(?:\.\d+)?(?![\d/])|(?<![\d/.-])\d+\s*/\s*\d+\.\d+(?![\d/])")


# --- a stated number of items against the items listed --------------------------------------------------------

_N_ITEMS = re.compile(r"^\W*(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+[a-z][\w-]*"
                      r"(?:\s+[a-z][\w-]*)?\s*:", re.I)


def items_counted(text: str, n_items: int) -> str | None:
    """"Three antibiotics: vancomycin and cefepime": the stated number of items is not the number listed."""
    m = _N_ITEMS.match(text)
    said = _dec(m.group(1)) if m else None
    if said is not None and said != n_items:
        return f"the answer says {m.group(1)} items but lists {n_items}"
    return None


# --- a ranking against the counts it gives ------------------------------------------------------------------

_RANK_LINE = re.compile(r"^\s*(?:\d+[.)]|[-*\u2022])\s*[^\n(]*?(?:\(|:|\s\u2013|\s\u2014|\s-)\s*(?:n\s*=\s*)?(\d[\d,]*(?:\.\d+)?)\s*"
                        r"%?\s*(?:[a-z]+\s*)?\)?\s*$",
                        re.I | re.M)
_MOST_FIRST = re.compile(r"\b(?:most|top|highest|largest|commonest|greatest)\b", re.I)
_LEAST_FIRST = re.compile(r"\b(?:least|fewest|lowest|smallest|rarest)\b", re.I)


def ranked_counts(text: str, question: str) -> str | None:
    """"1. MICU (120)\n2. CVICU (85)\n3. SICU (95)" for the most common first: the counts it gives rank the
    items in another order than the list."""
    most, least = _MOST_FIRST.search(question), _LEAST_FIRST.search(question)
    if bool(most) == bool(least):
        return None
    counts = [_dec(m.group(1)) for m in _RANK_LINE.finditer(text)]
    if len(counts) < 2 and "\n" not in text.strip():  # one line: "Insulin (24), Heparin (12), KCl (18)"
        counts = [_dec(m.group(1)) for m in _RANK_INLINE.finditer(text)]
    if len(counts) < 2 or None in counts:
        return None
    pairs = list(zip(counts, counts[1:]))
    if any(b > a for a, b in pairs) if most else any(b < a for a, b in pairs):
        return "the counts the answer gives rank its items in another order than its list"
    return None


_VERSUS = re.compile(r"[(\[]\s*(\d[\d,]*(?:\.\d+)?)\s*%?\s*(?:vs\.?|versus|v\.?)\s*(\d[\d,]*(?:\.\d+)?)\s*%?\s*[)\]]", re.I)


_SLASHED_SHARES = re.compile(r"[(\[]\s*(\d+(?:\.\d+)?\s*%?(?:\s*/\s*\d+(?:\.\d+)?\s*%?)+)\s*[)\]]")
_AHEAD = re.compile(r"\b([A-Z][\w/-]*)\s+(?:ahead of|above|more (?:frequent|common) than|outranks|beats|before)\s+"
                    r"([A-Z][\w/-]*)\b")


def shares_against_chain(text: str, question: str) -> str | None:
    """"MICU > SICU > CVICU (41% / 27% / 32%)": figures for each item in the chain's order that do not fall
    with it; "MICU, SICU, CVICU (CVICU ahead of SICU)": an item said ahead of one the list puts first."""
    most = bool(_MOST_FIRST.search(question)) or ">" in text
    m = _SLASHED_SHARES.search(text) if most else None
    if m:
        figures = [_dec(x) for x in re.findall(r"\d+(?:\.\d+)?", m.group(1))]
        if None not in figures and any(b > a for a, b in zip(figures, figures[1:])):
            return f"its own figures ({m.group(1)}) do not fall in the order of its ranking"
    a = _AHEAD.search(text) if most else None
    if a:
        first, second = text.find(a.group(1)), text.find(a.group(2))
        if 0 <= second < first < a.start():
            return f"it puts {a.group(2)} before {a.group(1)} but says {a.group(0)!r}"
    return None


def versus_against_chain(text: str, question: str) -> str | None:
    """"A > B > C (821 vs 987)": the two counts of a remark, in the order of the chain's items, rise where the
    chain falls (or fall where an ascending chain rises)."""
    m = _VERSUS.search(text)
    chain = text[:m.start()] if m else ""
    if not m or chain.count(">") + chain.count("<") + chain.count("\u2192") < 1:
        return None
    a, b = _dec(m.group(1)), _dec(m.group(2))
    falling = ">" in chain or "\u2192" in chain and bool(_MOST_FIRST.search(question))
    if a is not None and b is not None and (a < b if falling else a > b):
        return f"its own counts ({m.group(0).strip('()[] ')}) run against the order its ranking gives"
    return None


_RANK_INLINE = re.compile(r"(?:^|[,;>\u2192]\s*|\band\s+|\s\d{1,2}[.)]\s+)\w[^,;()\n>\u2192]*?\s*\((?:n\s*=\s*)?(\d[\d,]*(?:\.\d+)?)\s*%?(?:\s*[a-z]+)?\)",
                          re.I)
_IN_TIME_ORDER_Q = re.compile(r"\bin (?:the )?order of (?:\w+ ?)?(?:time|start|chart|admit|intime)|\bchronolog|"
                              r"\bin time order\b|\btime[- ]ordered\b|\bin (?:the )?order (?:they|it) (?:happened|occurred)\b|"
                              r"\b(?:order|sorted) by (?:\w+)?time\b|\bearliest (?:first|to latest)\b", re.I)
_ITEM_TIME = re.compile(r"\((\d{4}-\d\d-\d\d)?[ T]?(?:(\d{1,2}):(\d\d))?\)")


def timed_order(text: str, question: str) -> str | None:
    """"1. Heparin (08:00)\n2. Vancomycin (07:40)", "ED (2155-02-01 10:00) -> MICU (2155-02-03 09:00) -> Medicine
    (2155-02-02 08:00)" for a list in order of time: its own times order it otherwise. Clock times alone are taken
    as one day's; a list that dates some items and not others is left alone."""
    if not _IN_TIME_ORDER_Q.search(question):
        return None
    stamps = [(d, int(h) * 60 + int(m) if h else 0) for d, h, m in _ITEM_TIME.findall(text) if d or h]
    if len(stamps) < 2 or len({bool(d) for d, _ in stamps}) > 1:
        return None
    if not stamps[0][0] and _YEAR.search(text):
        return None  # clock times beside dates elsewhere: of which day is not said
    if any(b < a for a, b in zip(stamps, stamps[1:])):
        return "the times the answer gives order its items otherwise than its list"
    return None


# --- the order of two events against a yes / no ----------------------------------------------------------------

_ORDER_Q = re.compile(r"\b(before|after|earlier than|later than|prior to|preceded?|followed)\b", re.I)
_SKIP = frozenset("was were is did does the a an patient patient's s first last measured drawn recorded given "
                  "taken charted started done performed obtained checked during admission icu stay of his her "
                  "their its".split())
_TIME = re.compile(r"\b(\d{1,2}):(\d\d)\b")


@functools.lru_cache(maxsize=4096)
def _ordered_pair(question: str) -> tuple[str, str, bool] | None:
    """The two things whose order a question asks, and whether it asks the first one is earlier."""
    m = _ORDER_Q.search(question)
    if not m:
        return None
    before = [w for w in re.findall(r"[a-z][a-z0-9-]*", question[:m.start()].lower()) if w not in _SKIP]
    after = [w for w in re.findall(r"[a-z][a-z0-9-]*", question[m.end():].lower()) if w not in _SKIP]
    if not before or not after:
        return None
    earlier = m.group(1).lower() in ("before", "earlier than", "prior to", "preceded", "precede")
    return before[-1], after[0], earlier


def _stated_order(text: str, a: str, b: str) -> str | None:
    """'a' (a came first), 'b', 'same', or None: what the answer says of the two events' order."""
    low = text.lower()
    ta = re.search(rf"\b{a}\w*\b\D{{0,25}}?{_TIME.pattern}", low)
    tb = re.search(rf"\b{b}\w*\b\D{{0,25}}?{_TIME.pattern}", low)
    if ta and tb:  # the times it states decide ("creatinine first drawn at 10:40, potassium at 09:05")
        ha, hb = (int(ta.group(1)), int(ta.group(2))), (int(tb.group(1)), int(tb.group(2)))
        return "same" if ha == hb else ("a" if ha < hb else "b")
    if re.search(r"\bboth\b|\bsame (?:time|panel|draw|minute)\b|\bsimultaneous(?:ly)?\b|\bat the same\b", low):
        return "same"
    for x, y in ((a, b), (b, a)):
        if re.search(rf"\b{x}\w*\b[^.;]{{0,25}}\b(?:came|was|were|went|drawn|measured)?\s*(?:first|earlier)\b", low) or \
                re.search(rf"\b{x}\w*\b[^.;]{{0,40}}\b(?:before|preceded|prior to|earlier than)\b[^.;]{{0,20}}\b{y}", low) or \
                re.search(rf"\b{y}\w*\b[^.;]{{0,40}}\b(?:after|later than|followed)\b[^.;]{{0,20}}\b{x}", low):
            return "a" if x == a else "b"
    return None


def order_against(text: str, question: str, gold: Any) -> str | None:
    """A yes / no on the order of two events whose own account of the order gives the other answer ("No -
    creatinine came first" for "creatinine before potassium?", "Yes (creatinine 09:15, potassium 08:00)")."""
    pair = _ordered_pair(question)
    if not pair or not isinstance(gold, bool):
        return None
    a, b, earlier = pair
    said = _stated_order(text, a, b)
    if said is None:
        return None
    truth = (said == "a") if earlier else (said == "b")
    if truth != gold:
        return f"the answer's own order of the events ({said if said == 'same' else (a if said == 'a' else b) + ' first'}) gives the other answer"
    return None




_DIGITS = re.compile(r"\d+")
_BLOOD_PRESSURE = re.compile(r"\bblood pressure\b|\bbp\b|\bsystolic\b|\bdiastolic\b|\bratio\b", re.I)
_YEAR = re.compile(r"(?<!\d)(?:1[89]|2[0-2])\d\d(?!\d)")  # each day the readers read has one


def _yes_no(text: str) -> bool | None:
    m = re.match(r"\W*(yes|no|true|false)\b", text, re.I)
    return m.group(1).lower() in ("yes", "true") if m else None


def against_itself(text: str, answer_type: str, kind: str, question: str, gold: Any) -> str | None:
    """Why the answer's own evidence gives another answer than the gold (see the module's doc), or None.
    ``gold``: the task's gold as stored (a scalar, or a list of items or rows)."""
    numbers = len(_DIGITS.findall(text))
    scalar = answer_type not in ("list", "set", "table")
    if not question:
        return None
    ql = question.lower()
    if scalar and ("item" in ql or "d_labitems" in ql) and re.search(r"[(\[,:;{]|\bin\b", text):
        m = item_facts.contradiction(text, question, gold, kind)
        if m:
            return m
    if scalar and numbers and ("severity" in ql or "mortality" in ql and "drg" in ql):
        m = severity_label(text, question)
        if m:
            return m
    if scalar and kind == "boolean":
        return (order_against(text, question, gold) if _ordered_pair(question) else None) or \
            (share(text) if "%" in text else None) or \
            (compared_groups(text, question, _yes_no(text)) if " than " in question else None) or \
            (series_every_year(text, question, _yes_no(text)) if "year" in question else None)
    if answer_type in ("list", "set") and isinstance(gold, list):
        return items_counted(text, len(gold)) or \
            (ranked_counts(text, question) if answer_type == "list" and numbers >= 2 else None) or \
            (versus_against_chain(text, question) if answer_type == "list" and "v" in text else None) or \
            (shares_against_chain(text, question) if answer_type == "list" and "(" in text else None) or \
            (timed_order(text, question) if answer_type == "list" and "(" in text else None)
    if numbers == 1 and scalar and kind == "measurement" and _PER_HOUR.search(text):  # "640 mL, ten mL an hour"
        return daily_rate(text, question, _dec(str(gold)) if not isinstance(gold, (list, bool)) else None)
    if numbers < 2:
        if not (scalar and kind == "count" and numbers):
            return None
        value = _dec(str(gold)) if not isinstance(gold, (list, bool)) else None
        return part_of_whole(text, question) or \
            (listed_count(text, value) if ":" in text else None) or \
            (group_difference(text, question, value) if " than " in question else None) or \
            (seq_against(text, question, value) if "seq" in question.lower() or "position" in question.lower() else None)
    if answer_type == "table":
        return stated_sum(text)
    value = _dec(str(gold)) if kind in ("count", "measurement") and not isinstance(gold, (list, bool)) else None
    bracket = "(" in text or "[" in text
    low = text.lower()
    if kind == "count":  # (each gated on a character or word every match of its evidence has)
        m = (breakdown(text, question) if bracket or ":" in text else None) or \
            (deduplicated(text, value) if "duplicate" in low else None) or \
            (part_of_whole(text, question) if "/" in text or " of " in low else None) or \
            (labelled_else(text, question, value) if bracket else None) or \
            (seq_against(text, question, value) if "seq" in question.lower() or "position" in question.lower() else None)
        if m:
            return m
    if kind in ("count", "measurement"):
        m = (quoted_output(text, gold) if "```" in text else None) or \
            (clock_span(text, question, value) if ":" in text or "i.e" in text or "=" in text else None) or \
            (share(text) if "%" in text else None) or \
            (day_span(text, question, value) if numbers >= 4 and len(_YEAR.findall(text)) >= 2 else None) or \
            (same_day_stay(text, question, value) if "same" in low else None) or \
            (stated_arithmetic(text, value) if "+" in text and "=" in text else None) or \
            (gcs_parts(text, question, value) if numbers >= 4 else None) or \
            (age_from_years(text, question, value) if len(_YEAR.findall(text)) >= 2 else None) or \
            (bracketed_sum(text, value) if "+" in text and bracket else None) or \
            (unit_parts(text, value) if bracket else None) or \
            (converted_units(text)) or \
            (bmi_from_parts(text, question) if "bmi" in low or "kg" in low or "lb" in low or " in" in low else None) or \
            (centre_outside(text, question) if any(w in low for w in ("iqr", "range", "quartile", "q1", "ci", "min"))
             else None) or \
            (breakdown(text, question) if kind == "measurement" and bracket and ("+" in text or not _YEAR.search(text))
             else None) or \
            (product_remark(text, value) if bracket else None) or \
            (change_from_ends(text, question, value) if "from" in low or ">" in text or "\u2192" in text else None) or \
            (per_kg_or_ratio(text, question, value) if "/" in text or ":" in text else None) or \
            (daily_rate(text, question, value) if "/" in text or " per " in low or " an hour" in low or " a min" in low
             else None) or \
            (asked_item_figure(text, question, value) if bracket and ("'" in question or "ref_range" in question)
             else None) or \
            (listed_count(text, value) if kind == "count" and ":" in text else None) or \
            (answer_taken(text, value) if "answer" in low else None) or \
            (lab_conversion(text, question) if "/" in text else None) or \
            (iqr_from_quartiles(text, question, value) if "q" in low else None) or \
            (age_from_anchor(text, value) if "anchor" in low else None) or \
            (map_formula(text, question, value) if "/" in text else None) or \
            (group_difference(text, question, value) if " than " in question else None) or \
            (quotient_remark(text, question, value) if "/" in text or "divided" in low or " over " in low else None) or \
            (balance_from_parts(text, question, value) if "out" in low else None)
        if m:
            return m
    if kind == "measurement":
        m = (stated_statistic(text, question, gold) if bracket else None) or \
            (mean_of_listed(text, gold, question) if numbers >= 3 else None)
        if m:
            return m
        s = _SLASHED.search(text) if "/" in text else None
        if s and not _BLOOD_PRESSURE.search(question):
            return f"two numbers over a slash ({s.group(0)!r}) are not one measurement"
    if kind in ("measurement", "identifier", "string") and (numbers >= 3 or kind != "measurement"):
        m = readings_pick(text, question, gold, kind)
        if m:
            return m
    if kind in ("date", "timestamp") and numbers >= 6 and len(_YEAR.findall(text)) >= 2:  # two days or more
        return (date_offset(text, gold) if "day" in low or "week" in low or "hour" in low else None) or \
            dates_pick(text, question, gold)
    return None


_QUOTED_ITEM = re.compile(r"'([^']{2,40})'")
_LEAD_BRACKET = re.compile(r"^\W*-?\d[\d,]*(?:\.\d+)?\s*%?\s*(?:[a-zA-Z/]+\s*)?[(\[]([^()\[\]]*)[)\]]")


def asked_item_figure(text: str, question: str, value: Decimal | None) -> str | None:
    """"5 (PEEP set 8)" for the 'PEEP set' value: a bracket that names the asked item with another figure;
    "40% (FiO2 0.6)": the same fraction as a decimal; "5.1 (range 3.5-5.3)" for a ref_range_upper."""
    m = _LEAD_BRACKET.match(text) if value is not None else None
    if not m:
        return None
    inner = re.sub(r"\b\d{4}-\d\d-\d\d\b|\b\d{1,2}:\d\d\b", " ", m.group(1))  # the reading's day and time
    timed = inner != m.group(1) and not re.search(r"\b(?:first|initial)\b", inner, re.I)  # another reading's time
    figures = [_dec(x) for x in re.findall(r"(?<![\w.])(?:\d[\d,]*(?:\.\d+)?|\.\d+)", inner)]
    ql = question.lower()
    if "ref_range_upper" in ql or "ref_range_lower" in ql or "upper limit" in ql or "lower limit" in ql:
        upper = "upper" in ql
        r = re.search(r"(\d+(?:\.\d+)?)\s*(?:-|\u2013|to)\s*(\d+(?:\.\d+)?)", inner)
        one = re.search(r"\b(upper|lower|uln|lln|max|min)\w*\s*(?:limit\s*)?[:=]?\s*(\d+(?:\.\d+)?)", inner, re.I)
        end = _dec(r.group(2) if upper else r.group(1)) if r else \
            _dec(one.group(2)) if one and one.group(1).lower().startswith(("u", "max")) == upper else None
        if end is not None and abs(end - value) > _half_step(value):
            return f"its own range ({inner.strip()!r}) puts the asked limit at {end}, not {value}"
    if len(figures) != 1 or figures[0] is None:
        return None
    said = figures[0]
    words = set(re.findall(r"[a-z][a-z0-9]*", inner.lower())) - _FRAME_WORDS
    percent = "%" in text[:m.start(1)] or "%" in question or "percent" in ql
    if "fio2" in words and percent:
        as_pct = said * 100 if said < 1 else said
        if abs(as_pct - value) > _half_step(value) + 1:
            return f"its own FiO2 ({said}) is {as_pct:g}%, not {value}%"
        return None
    item = next((set(re.findall(r"[a-z][a-z0-9]*", q.lower())) for q in _QUOTED_ITEM.findall(question)), None)
    if item and words and words <= item and not timed and abs(said - value) > _half_step(value):
        return f"its own figure for {inner.strip()!r} is not {value}"
    return None


# the words around a reading's figure that do not say which item it is: "(first PEEP set at 08:00 was 8)"
_FRAME_WORDS = frozenset("ml l mg cm h2o cmh2o mmhg kg mcg units bpm of was is the a at first initial reading value "
                         "charted recorded reading readings".split())


_DAY_OFFSET = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?|hours?|h)\s+(after|before|"
                         r"later than|earlier than|past|prior to)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}?(\d{4}-\d\d-\d\d)", re.I)


def date_offset(text: str, gold: Any) -> str | None:
    """"2152-01-15 (three days after the 2152-01-18 discharge)": the offset a remark states from another date does
    not lead to the answer's date."""
    m = _DAY_OFFSET.search(text)
    if not m or not isinstance(gold, str):
        return None
    try:
        value, other = dt.date.fromisoformat(gold[:10]), dt.date.fromisoformat(m.group(4))
    except ValueError:
        return None
    n = int(m.group(1)) if m.group(1).isdigit() else _WORD_NUMBERS.get(m.group(1).lower())
    if n is None:
        return None
    unit = m.group(2).lower()
    if unit.startswith("h"):
        if n % 24:
            return None  # hours that are no whole days: the times are not given
        days = n // 24
    else:
        days = n * (7 if unit.startswith("week") else 1)
    later = m.group(3).lower() in ("after", "later than", "past")
    if (value - other).days != (days if later else -days):
        return f"its own offset ({m.group(0)!r}) does not lead to {value.isoformat()}"
    return None
