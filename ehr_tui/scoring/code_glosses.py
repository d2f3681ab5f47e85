"""What an answer may say a code is: "5A1955Z (ventilation, over 96 hours)", "I21.4 - NSTEMI", a JSON long_title.

ICD's siblings differ by just such words and figures (ventilation for less than 24, 24-96 or more than 96 hours;
STEMI or NSTEMI; left or right; initial or subsequent encounter; CKD stage 3 or 4), so a gloss is a claim about
which code it is. Where the official code sets have the code (``code_book``), ``title_problem`` holds the gloss
to its title: every word and figure in it, no negation dropped, not a sibling's whole title. Where they do not
(a DRG, an NDC, a CPT code, a retired ICD code), a gloss of substance cannot be checked and leaves the answer not
correct, and figures alone count only where the code's own characters confirm them (``_confirmed``: the duration
character of ICD-10-PCS 5A codes, ICD-9 96.71 / 96.72, diabetes type, CKD stage). Whatever is not about the code
is set aside first: dates and times, counts of things, seq_num, the ICD version, the code itself, other codes,
and figures the question states. ``code_beside_title`` is the other way round: a title answered with a code
whose title is another.
"""

from __future__ import annotations

import functools
import re

from .numbers import asked_numbers, numbers_in
from .units import SPELLED_RUN, spelled_value

_NOT_ABOUT_THE_CODE = re.compile(
    r"^\s*(?:n\s*=\s*)?\d[\d,]*(?:\.\d+)?\s*%?\s*$|"  # a bracket that is only a count or a share: "(1,402)"
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
    """Why ``inner`` (a bracket after ``code``, normalised) is not what the code is, or None: against the code's
    official title where the code sets have it (``title_problem``), else by the figures its characters show.
    ``code_token`` / ``norm``: how the scorer finds and normalises codes (values._CODE_TOKEN, norm_code)."""
    rest = _about_the_code(code, inner, code_token, norm)
    if not rest.strip(" ,;:()[]-"):
        return None
    from . import code_book
    if code_book.titles(code, question):
        return title_problem(code, rest, question)
    worded = title_problem(code, rest, question)
    if worded:
        return worded
    claims = _claims(rest)
    asked, asked_claims = asked_numbers(question), _claims(question)
    for what, figures in claims:
        if (what, figures) in asked_claims or what == "figure" and all(f in asked for f in figures):
            continue  # the question's own words: "... of the ventilation over 96 hours?"
        why = _confirmed(code, what, figures, rest)
        if why is not True:
            return why
    return None


_UNIT_AFTER = re.compile(r"\s*(?:consecutive\s+)?(?:%|h\b|hrs?\b|hours?|days?|weeks?|months?|years?)", re.I)


def _about_the_code(code: str, inner: str, code_token: re.Pattern, norm) -> str:
    """``inner`` without what is not about the code: dates, counts, seq_num, the version, the code itself and
    other codes (an equivalent, a neighbour: the other-code checks read those; a range "24-96" or a figure
    before a unit is no code)."""
    rest = _FRAMING.sub(" ", _NOT_ABOUT_THE_CODE.sub(" ", inner))
    return _other_codes(code_token).sub(
        lambda m: " " if norm(m.group("code")) == code or m.group("code").lower() not in _ABBREVIATIONS and
        len(m.group("code").replace(".", "")) >= 3 and
        not re.fullmatch(r"[\d.]+-[\d.]+", m.group("code")) and not _UNIT_AFTER.match(rest, m.end())
        else m.group(0), rest)


@functools.lru_cache(maxsize=4)
def _other_codes(code_token: re.Pattern) -> re.Pattern:
    """A code with the words that set it aside before it: "not 25000", "rather than 4280", "vs 5849"."""
    return re.compile(r"(?:\b(?:not|except|other than|rather than|instead of|vs\.?|versus)\s+)?(?P<code>" +
                      code_token.pattern + ")", code_token.flags)


def confirms(code: str, inner: str, question: str, code_token: re.Pattern, norm) -> bool:
    """Whether ``inner`` says what ``code`` is (figures, or words of substance) and is right about it ("96.72 (96
    hours or more)"): such a gloss is the code's title, not a scope or an alternative of the answer."""
    said = _tokens(_about_the_code(code, inner, code_token, norm))
    return any(w not in _NEUTRAL or w.isdigit() for w in said) and \
        unconfirmed(code, inner, question, code_token, norm) is None


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


# --- a gloss against the code's official title (code_book) -----------------------------------------------

_TOKEN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?|[<>≥≤+]")
_ROMAN = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5"}
# a number in words before a unit ("ninety-six hours"), or after "type" / "stage" ("type two")
_SPELLED = re.compile(r"(?<=\btype\s)(\w+)|(?<=\bstage\s)(\w+)|(" + SPELLED_RUN.pattern +
                      r")(?=(?:\s+\S+){0,3}?\s+(?:consecutive\s+)?(?:hours?|hrs?|days?|weeks?|months?|years?|minutes?|"
                      r"percent|%))", re.I)
def _spelled(run: str) -> "int | str":
    """What a number in words is worth; other words (a "type" or "stage" that is no number) as they are."""
    value = spelled_value(run)
    return run if value is None else value


_SAME = {"more": "gt", "greater": "gt", "over": "gt", "above": "gt", "longer": "gt", "exceeding": "gt", ">": "gt",
         "≥": "gt", "+": "gt", "less": "lt", "fewer": "lt", "under": "lt", "below": "lt", "shorter": "lt", "<": "lt",
         "≤": "lt", "h": "hours", "hr": "hours", "hrs": "hours", "hour": "hours", "d": "days", "day": "days",
         "w/o": "without", "wo": "without", "nos": "unspecified", "unsp": "unspecified", "unspec": "unspecified",
         "w": "with", "no": "without"}
# short forms a clinician writes for title words (each expansion's words must all be in the title)
_ABBREVIATIONS = {"htn": "hypertension", "hf": "heart failure", "chf": "congestive heart failure",
                  "dm": "diabetes mellitus", "dm2": "diabetes type 2", "t2dm": "diabetes type 2",
                  "dm1": "diabetes type 1", "t1dm": "diabetes type 1", "aki": "acute kidney", "ckd": "chronic kidney",
                  "esrd": "end stage renal", "copd": "chronic obstructive pulmonary", "mi": "myocardial infarction",
                  "afib": "atrial fibrillation", "af": "atrial fibrillation", "cad": "coronary atherosclerosis",
                  "uti": "urinary tract infection", "gerd": "esophageal reflux", "hld": "hyperlipidemia",
                  "pna": "pneumonia", "pe": "pulmonary embolism", "dvt": "venous thrombosis", "osa": "sleep apnea",
                  "gi": "gastrointestinal", "cabg": "coronary bypass", "ards": "respiratory distress",
                  "ventilator": "ventilation", "vent": "ventilation", "dialysis": "hemodialysis"}
# words that say nothing about which code it is: what the answer did with it, where it came from
_NEUTRAL = frozenset(
    "the a an of in on at for to by as is are was were be it its this that these those and or from per "
    "code codes coded diagnosis diagnoses dx procedure procedures principal "
    "last latest only most common frequent count total listed recorded charted documented billed equivalent "
    "equivalents cm pcs version admission admissions patient seq num position order rank top overall also "
    "all row rows appears appear twice once times time distinct set raw mechanical condition disease disorder "
    "two three four five six seven eight nine ten several many".split())
# where an answer says which diagnosis or procedure of the admission it is, not which code: "(primary diagnosis)"
_FRAMING = re.compile(r"\b(?:primary|principal|secondary|first|second|third|last|latest|only|main)[- ]+"
                      r"(?:diagnos[ie]s|dx|procedures?|codes?|listed|coded|one|position)\b|"
                      r"^\s*(?:primary|principal|secondary|first|second|third|last|latest|only|main)\s*$|"
                      r"\bboth\s+(?:from|in|are|were|codes?|of them|listed|coded)\b|"
                      r"\b[a-z]+_[a-z_]+\b", re.I)  # a table or a column: "procedures_icd", "seq_num"
_NEGATORS = frozenset({"non", "without", "not", "no"})


def _tokens(text: str) -> list[str]:
    low = _SPELLED.sub(lambda m: str(_spelled(m.group(0))), text.lower())
    low = re.sub(r"(?<=\d)\s*(?:-|\u2013|to)\s*(?=\d)", " ", low)  # "24-96" as two figures
    low = re.sub(r"\b(type|stage|grade|class)\s+(iv|v|i{1,3})\b", lambda m: f"{m.group(1)} {_ROMAN[m.group(2)]}", low)
    low = re.sub(r"\b(stage\s+\d)\s+([ab])\b", r"\1\2", low)  # "stage 3 b" as "stage 3b"
    out = []
    for t in _TOKEN.findall(low.replace("w/o", " without ").replace(">=", "≥").replace("<=", "≤")):
        out.append(_SAME.get(t, t))
    return out


_ABBREVIATION_TOKENS = {k: _tokens(v) for k, v in _ABBREVIATIONS.items()}


def _initialisms(words: list[str]) -> set[str]:
    letters = [w for w in words if w.isalpha()]
    return {"".join(w[0] for w in letters[i:j]) for i in range(len(letters))
            for j in range(i + 2, min(len(letters), i + 5) + 1)}


@functools.lru_cache(maxsize=4096)
def _title_words(title: str) -> tuple[list[str], frozenset, frozenset, frozenset]:
    """A title's tokens, their set, its words of letters and its initialisms (per title, not per answer: the code
    book's)."""
    words = _tokens(title)
    return words, frozenset(words), frozenset(w for w in words if w.isalpha()), frozenset(_initialisms(words))


def _same_word(w: str, title_words: frozenset) -> bool:
    """Whether ``w`` is a title word in another ending: "hypoxic" / "hypoxia", "diabetic" / "diabetes"; not
    "tracheostomy" / "trachea" (a long ending is another word)."""
    if len(w) < 5 or not w.isalpha():
        return False
    for t in title_words:
        n = 0
        for a, b in zip(w, t):
            if a != b:
                break
            n += 1
        if n >= 5 and len(w) - n <= 3 and len(t) - n <= 4:
            return True
    return False


def _attached(words: list[str]) -> dict[tuple[str, str], None]:
    """(with|without, a word of substance after it) pairs, up to the next "with" / "without": what each attaches
    to ("without nonketotic hyperglycemic-hyperosmolar coma"). In the text's order (a dict, not a set: the
    verdict's detail names the first that disagrees, the same in every process)."""
    out: dict[tuple[str, str], None] = {}
    for i, w in enumerate(words):
        if w in ("with", "without"):
            n = 0
            for x in words[i + 1:]:
                if x in ("with", "without") or n == 4:
                    break
                if x not in _NEUTRAL and x not in ("mention", "stated"):
                    out[(w, x)] = None
                    n += 1
    return out


def _compatible(gloss: list[str], title: str) -> str | None:
    """None when every word and figure of the gloss is in the title, "with" and "without" attach to the same words
    there, and none drops the title's negation."""
    words, have, alpha, initials = _title_words(title)
    for w in gloss:
        if w in _NEUTRAL and not w.isdigit() or w in have or w in initials or _same_word(w, alpha):
            continue
        expansion = _ABBREVIATION_TOKENS.get(w)
        if expansion and all(x in have or _same_word(x, alpha) for x in expansion):
            continue
        return w
    ours = _attached(words)
    for prep, x in _attached(gloss):
        other = "without" if prep == "with" else "with"
        if (other, x) in ours and (prep, x) not in ours:
            return f"{prep} {x} (the title has {other} {x})"
    for i, w in enumerate(words[:-1]):
        if w not in _NEGATORS or w == "non" and "without" in gloss:
            continue
        # what the negation covers: "not stated as uncontrolled", "without mention of complication"
        covered = [x for x in words[i + 1:i + 5] if x not in _NEUTRAL and x not in ("stated", "mention",
                                                                                     "specified")][:1]
        if not covered or covered[0] not in gloss or words.count(covered[0]) != 1:
            continue
        at = gloss.index(covered[0])
        if not any(x in _NEGATORS for x in gloss[max(0, at - 4):at]):  # the gloss says it without the negation
            return f"{covered[0]} (the title has {w} ... {covered[0]})"
    return None


def title_problem(code: str, gloss: str, question: str) -> str | None:
    """Why ``gloss`` (what an answer says the gold ``code`` is) is not the code's official title, or None.
    Without a title in the code sets, a gloss with any word of substance cannot be checked: not correct."""
    from . import code_book
    said = [w for w in _tokens(gloss)]
    substance = [w for w in said if w not in _NEUTRAL and not w.isdigit() and w not in ("gt", "lt", "hours", "days")]
    if not substance and not any(w.isdigit() or w in ("gt", "lt") for w in said):
        return None
    known = code_book.titles(code, question)
    if not known:
        if not substance:
            return None  # figures only: the code's own characters judge them (``unconfirmed``)
        return f"its gloss ({gloss}) cannot be checked: code {code} is in none of the code sets the scorer holds"
    problems = [_compatible(said, t) for t in known]
    if all(problems):
        return f"its gloss ({gloss}) is not the title of {code} ({known[0]!r}): {problems[0]!r}"
    # every word in the title, yet the whole title of a sibling code, and not of this one: "I50.23 (chronic
    # systolic heart failure)" is I50.22's title; I50.23 is "acute on chronic ..."
    given = {w for w in said if w not in _NEUTRAL and w != "with"}
    for w in list(given):
        given.update(_ABBREVIATION_TOKENS.get(w, ()))  # "chronic systolic HF" says "heart failure"
    given_alpha = frozenset(w for w in given if w.isalpha())

    def covers(title: str) -> bool:  # every essential word of the title, in its own or another ending
        return all(e in given or _same_word(e, given_alpha) for e in _essential(title))

    ours = [t for t, p in zip(known, problems) if p is None]
    if any(covers(t) for t in ours):
        return None
    for other, title in code_book.siblings(code):
        if _compatible(said, title) is None and covers(title):
            return f"its gloss ({gloss}) is the title of {other} ({title!r}), not of {code} ({ours[0]!r})"
    return None


@functools.lru_cache(maxsize=4096)
def _essential(title: str) -> frozenset[str]:
    """A title's words without its non-essential modifiers (ICD puts those in brackets: "(congestive)")."""
    return frozenset(w for w in _tokens(re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", title))
                     if w not in _NEUTRAL and w != "with")


# --- a title answer beside a code ("Acute kidney failure, unspecified (N17.0)") --------------------------------

_CODE_CUE = re.compile(r"\b(?:icd[- ]?(?:9|10)(?:-?(?:cm|pcs))?|code|dx|px)\s*[:#=]?\s*$", re.I)


def code_beside_title(text: str, title: str, question: str, code_token: re.Pattern, norm, negated) -> str | None:
    """A code the answer gives beside the asked title (or instead of saying it) whose official title is another:
    "Acute kidney failure, unspecified (N17.0)" (N17.0 is "... with tubular necrosis"). A code is a token with a
    letter or a dot (N17.0, 428.0) or one a code word leads ("code 5845"); codes the code sets lack are not judged.
    ``negated(text, start)``: whether the words before a token negate it ("not N17.0")."""
    from . import code_book
    want = _plain_title(title)
    for m in code_token.finditer(text):
        tok = m.group(0)
        if not (re.search(r"[A-Za-z]", tok) and re.search(r"\d", tok) or "." in tok or
                _CODE_CUE.search(text, 0, m.start())):
            continue
        if negated(text, m.start()):
            continue
        titles = code_book.titles(norm(tok), question)
        if titles and want not in {_plain_title(t) for t in titles}:
            return f"the code it gives ({tok}) is {titles[0]!r}, not the asked title"
    return None


def _plain_title(t: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", t.lower()))


def words_around(code: str, outside: str, question: str) -> str | None:
    """Why the words an answer puts around a code outside brackets ("STEMI - I21.4", "I21.4; this is the code for
    STEMI") are not what the code is, or None. Only words that some official title has count (the rest is the
    answer's prose)."""
    from . import code_book
    vocab = code_book.vocabulary()
    said = [w for w in _tokens(_FRAMING.sub(" ", _NOT_ABOUT_THE_CODE.sub(" ", outside)))
            if w not in _NEUTRAL and not w.isdigit() and
            (len(w) >= 4 and w in vocab or w in _ABBREVIATION_TOKENS or w in _NEGATORS)]
    if not any(w not in _NEGATORS for w in said):
        return None
    return title_problem(code, " ".join(said), question) if said else None


def without_codes(text: str, code_token: re.Pattern) -> str:
    """``text`` with every code, and the words that set one aside ("not 4280"), blanked."""
    return _other_codes(code_token).sub(" ", text)
