"""What the words in brackets after a code may claim: "5A1955Z (ventilation, over 96 hours)".

A gloss that states a figure says which code it is: ICD's siblings differ by just such figures
(ventilation for less than 24, 24-96 or more than 96 hours; diabetes type 1 or 2; chronic kidney disease
stage 3 or 4). The scorer does not hold the code tables, so a figure in a code's gloss counts only where
the code's own characters confirm it (``_confirmed``); any other figure leaves the answer not correct,
as a grader who cannot look the code up would leave it. Figures that are not about the code are set
aside first: dates and times, counts of things, seq_num, the ICD version, the code itself, and figures
the question states.
"""

from __future__ import annotations

import re

from .numbers import asked_numbers, numbers_in

_NOT_ABOUT_THE_CODE = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?|\b\d{1,2}:\d{2}\b|"  # a date, a time
    r"\bicd[- ]?(?:9|10)(?:-?(?:cm|pcs))?\b|\b(?:icd_)?version\s*[=:]?\s*\d+|"  # the code system
    r"\b(?:apr|ms|hcfa)?[- ]?drg\b[^()\d]{0,40}?\b(?:is|was|=|:|of)\s*\d[\w.]*|"  # another system's code
    r"\bseq(?:_num|uence)?(?:\s*(?:number|no\.?))?\s*[=:#]?\s*\d+|#\s*\d+|\bpriority\s*\d+|"
    r"\bn\s*=\s*\d[\d,]*|\b\d[\d,]*\s+(?:of|out of)\s+\d[\d,]*\b|"  # "n=4", "1 of 3"
    r"\b\d[\d,]*\s+(?:times?|admissions?|stays?|patients?|procedures?|diagnos[ie]s|codes?|rows?|records?|"
    r"occurrences?|cases?|visits?|events?|entries|entry)\b", re.I)
_TYPE = re.compile(r"\btype\s*(1|2|i{1,2})\b|\bt([12])dm\b", re.I)
_STAGE = re.compile(r"\bstage\s*([1-5])\s*([ab])?\b", re.I)
_MORE = re.compile(r">|\+|≥|\b(?:more|greater|over|longer|above|at least|or more|exceed)", re.I)
_LESS = re.compile(r"<|≤|\b(?:less|fewer|under|shorter|below|up to)\b", re.I)
# ICD-10-PCS 5A (assistance and performance): the fifth character is the duration
_PCS_DURATION = {"3": ({24}, "less"), "4": ({24, 96}, "range"), "5": ({96}, "more"),  # hours
                 "7": ({6}, "less"), "8": ({6, 18}, "range"), "9": ({18}, "more")}  # hours per day (5A1D)
_ICD9_VENTILATION = {"9671": ({96}, "less"), "9672": ({96}, "more")}


def unconfirmed(code: str, inner: str, question: str, code_token: re.Pattern, norm) -> str | None:
    """The figure of ``inner`` (a bracket after ``code``, normalised) that the code does not confirm, or None.
    ``code_token`` / ``norm``: how the scorer finds and normalises codes (values._CODE_TOKEN, norm_code)."""
    if not any(c.isdigit() for c in inner) and "type" not in inner.lower():
        return None  # nothing a claim needs ("type II" is the one without a digit)
    rest = _NOT_ABOUT_THE_CODE.sub(" ", inner)
    rest = code_token.sub(lambda m: " " if norm(m.group(0)) == code else m.group(0), rest)
    claims = _claims(rest)
    if not claims:
        return None
    asked, asked_claims = asked_numbers(question), _claims(question)
    for what, figures in claims:
        if (what, figures) in asked_claims or what == "figure" and all(f in asked for f in figures):
            continue  # the question's own words: "... of the ventilation over 96 hours?"
        why = _confirmed(code, what, figures, rest)
        if why is not True:
            return why
    return None


def confirms(code: str, inner: str, question: str, code_token: re.Pattern, norm) -> bool:
    """Whether ``inner`` states figures about ``code`` and the code shows every one ("96.72 (96 hours or more)"):
    such a gloss is the code's title, not a scope or an alternative of the answer."""
    rest = code_token.sub(lambda m: " " if norm(m.group(0)) == code else m.group(0), _NOT_ABOUT_THE_CODE.sub(" ", inner))
    return bool(_claims(rest)) and unconfirmed(code, inner, question, code_token, norm) is None


def _claims(rest: str) -> list[tuple[str, set]]:
    """The figures a gloss states, by what they would tell: ("type", {2}), ("stage", {3}), ("figure", {24, 96})."""
    out = []
    for m in _TYPE.finditer(rest):
        v = (m.group(1) or m.group(2)).lower()
        out.append(("type", {{"i": 1, "ii": 2}.get(v) or int(v)}))
    for m in _STAGE.finditer(rest):
        out.append(("stage", {int(m.group(1))}))
    rest = _STAGE.sub(" ", _TYPE.sub(" ", rest))
    figures = {int(n) if n == n.to_integral_value() else n for n in numbers_in(rest)}
    if figures:
        out.append(("figure", figures))
    return out


def _confirmed(code: str, what: str, figures: set, text: str) -> "bool | str":
    """True where the code's characters give ``figures``; otherwise why not, for the verdict's detail."""
    shown = ", ".join(str(f) for f in sorted(figures, key=str))
    if what == "type":
        known = 1 if code.startswith("E10") else 2 if code.startswith("E11") else \
            (1 if code[4:5] in "13" else 2) if code.startswith("250") and len(code) == 5 else None
        if known is not None and figures == {known}:
            return True
        return f"its gloss says type {shown}, which code {code} does not show"
    if what == "stage":
        known = int(code[3]) if code.startswith("N18") and code[3:4] in "12345" else \
            int(code[3]) if code.startswith("585") and code[3:4] in "12345" else None
        if known is not None and figures == {known}:
            return True
        return f"its gloss says stage {shown}, which code {code} does not show"
    span = None
    if code.startswith("5A") and len(code) == 7:
        span = _PCS_DURATION.get(code[4])
    elif code in _ICD9_VENTILATION:
        span = _ICD9_VENTILATION[code]
    if span is not None:
        allowed, way = span
        more, less = bool(_MORE.search(text)), bool(_LESS.search(text))
        if way == "range" and figures == allowed or \
                way == "more" and figures == allowed and more and not less or \
                way == "less" and figures == allowed and less and not more:
            return True
    return f"its gloss states {shown}, which code {code} does not show (a sibling code's title?)"
