"""What an answer's own caveats say about its value (issue 11, grading round 8).

An agent often writes the number it read and then, in a remark, why that number is not the answer: it was
computed on a cut or sampled result ("100 (LIMIT 100 applied)", "52.3% of the 100 patients shown"), the
agent is not confident of it ("Confidence: 60%"), the remark puts it in another scope ("Heparin (home
medication)", "Vancomycin, Cefepime (in the ICU)"), it names an id relative to another ("the admission after
20000345"), or it names the other side of a comparison ("X had fewer admissions than Y" for "which had more?").
A careful grader reads the remark; each check here returns why the answer is not the value it states, or None.
Every phrase is skipped where the question uses it too."""

from __future__ import annotations

import functools
import re

from .text import Folded, has_phrase, safe_lower

# a result the agent cut (a LIMIT, a display cap, a page) or sampled: any count or share read from it is not
# the population's; a LIMIT equal to a number the question asks for ("the top 5 ...", "LIMIT 5") is the question's
_CUT = Folded(r"\blimit(?:ed)?\s*(?:to|at|of)?\s*(\d+)\b|\b(?:capped|cut off|truncated) at\b|"
              r"\b(?:display|row|output|result|page)[- ](?:limit|cap|size)\b|\bfirst page\b|"
              r"\b(?:rows?|patients|admissions|results|records|stays) (?:shown|displayed|returned so far)\b|"
              r"\b(?:random |a )?sample (?:of|returned)\b|\bsampled\b|\bin the sample\b|\bpartial (?:result|output)s?\b",
              hints=("limit", "capped", "cut off", "truncated", "display", "row", "output", "result", "page",
                     "shown", "displayed", "returned so far", "sample"))
_CONFIDENCE = re.compile(r"\b(?:confidence|certainty)(?:\s+(?:score|level))?\s*(?:[:=]|is|of)?\s*\**\s*"
                         r"(?:(very low|low|medium|moderate|uncertain|unsure|fair|limited)\b|"
                         r"(\d+(?:\.\d+)?)\s*(%|/\s*10\b|/\s*100\b)?)", re.I)
# a remark (in brackets) that puts the value in another scope than the question's: another source of a drug,
# an order that was not given, another place or admission, another criterion ("by ICU time")
_REMARK = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")
_REMARK_SCOPE = Folded(
    r"\bhome (?:med\w*|medications?|list)\b|\ballerg\w*|\b(?:ordered|prescribed|listed) only\b|"
    r"\bonly (?:ordered|prescribed|listed)\b|\bnot (?:given|administered|checked|verified)\b|\bcancell?ed\b|"
    r"\bdiscontinued\b|\bon hold\b|\b(?:before|prior to) (?:the )?admission\b|\bin the (?:ed|emergency department)\b|"
    r"\b(?:later|earlier|previous|prior|other|another|next|subsequent|different) (?:admission|stay|visit|encounter)s?\b|"
    r"\bas of day\b|\blater days\b|\bsecondary\b|\bprincipal\b|\bseq_?num\b|\bfirst (?:two|three|four|five|\d+)\b|"
    r"\bin the icu\b|\bicu time\b|\bfrom the (?:ed|emergency department|previous|prior|other|home)\b|"
    r"^\s*(?:among|excluding|by)\b",
    hints=("home", "allerg", "only", "not ", "cancel", "discontinued", "on hold", "admission", "in the ",
           "stay", "visit", "encounter", "as of day", "later days", "secondary", "principal", "seq",
           "first ", "icu", "from the", "among", "excluding", "by"))
_EMPHASIS = re.compile(r"\s*by (?:far|a (?:wide|large|long|big|clear|small|narrow) margin)\b", re.I)
# words a "by ..." remark may use and still name the measure a "most / longest" question means
_PLAIN_MEASURE = frozenset("by number of count counts the total orders order prescriptions prescription "
                           "frequency records rows times entries".split())
# an id named relative to another one: "the admission after 20000345", "20000345's successor"
_RELATIVE_BEFORE = re.compile(r"\b(?:after|before|preceding|following|followed|prior to|succeeding|succeeded|"
                              r"preceded|next to|previous to)\s+"
                              r"(?:the\s+)?(?:(?:admission|stay|visit|one|patient|hadm(?:_id)?|stay_id)\s+)?"
                              r"(?:id\s*)?[#:]?\s*$", re.I)
_RELATIVE_AFTER = re.compile(r"^'s\s+(?:successor|predecessor|next|previous|following|preceding)\b", re.I)
_ID = re.compile(r"(?<![\d.])\d{5,}(?!\d|\.\d)")
# "which of A and B had more ...": the answer's comparative of the other sense names the other one
_COMPARATIVES = {"more": ("fewer", "less"), "fewer": ("more",), "less": ("more",), "higher": ("lower",),
                 "lower": ("higher",), "longer": ("shorter",), "shorter": ("longer",), "older": ("younger",),
                 "younger": ("older",), "larger": ("smaller",), "smaller": ("larger",), "greater": ("less", "smaller"),
                 "earlier": ("later",), "later": ("earlier",)}
_COMPARISON_Q = re.compile(rf"\b(?:which|who)\b[^?]*?\b({'|'.join(_COMPARATIVES)})\b", re.I)


def _in_question(phrase: str, question: str) -> bool:
    return has_phrase(question.lower(), phrase.lower())


@functools.lru_cache(maxsize=4096)
def _question_numbers(question: str) -> frozenset[str]:
    return frozenset(re.findall(r"\d+", question))


def cut_result(text: str, question: str) -> str | None:
    """The answer says its value comes from a cut or sampled result."""
    low = safe_lower(text)
    for a, b in _CUT.spans(text, low):
        m = _CUT.re.match(text, a)
        said = text[a:b].strip()
        if m and m.group(1) and (m.group(1) == "1" or m.group(1) in _question_numbers(question)):
            continue  # "LIMIT 5" for "the 5 most common ...": the question's own cut; LIMIT 1 for a top one
        if _in_question(said, question):
            continue
        return f"the answer comes from a cut or sampled result ({said!r}), not the whole data"
    return None


def low_confidence(text: str) -> str | None:
    """A stated confidence below 80% (or low / medium): the agent does not commit to its value."""
    for m in _CONFIDENCE.finditer(text):
        if m.group(1):
            return f"a stated low confidence ({m.group(0).strip()!r}) is not a committed answer"
        value, scale = float(m.group(2)), (m.group(3) or "").replace(" ", "")
        share = value / 100 if scale in ("%", "/100") else value / 10 if scale == "/10" else \
            value if value <= 1 else value / 100
        if share < 0.8:
            return f"a stated low confidence ({m.group(0).strip()!r}) is not a committed answer"
    return None


def remark_scope(text: str, question: str, *, last_only: bool) -> str | None:
    """A remark in brackets that puts the value in another scope. ``last_only``: for lists and sets only a
    remark at the end of the answer (it covers the whole list; a remark beside one item names that item)."""
    remarks = list(_REMARK.finditer(text))
    if last_only:
        remarks = [r for r in remarks[-1:] if not text[r.end():].strip(" .;*_`\"'\n")]
    for r in remarks:
        body = r.group(1) if r.group(1) is not None else r.group(2)
        low = safe_lower(body)
        for a, b in _REMARK_SCOPE.spans(body, low):
            said = body[a:b].strip()
            if said.lower() == "by":
                words = set(re.findall(r"[a-z_]+", body.lower()))
                if words <= _PLAIN_MEASURE | set(re.findall(r"[a-z_]+", question.lower())) or \
                        _EMPHASIS.match(body):
                    continue  # "(by number of prescriptions)": the question's own measure; "(by far)"
            elif _in_question(said, question) or said.lower() in ("among", "excluding") \
                    and all(w in question.lower() for w in re.findall(r"[a-z]{4,}", body.lower())):
                continue
            return f"a remark puts the answer in another scope ({r.group(0).strip()!r})"
    return None


def relative_id(text: str) -> str | None:
    """Every id the answer names is named relative to another ("the admission after 20000345")."""
    ids = list(_ID.finditer(text))
    if not ids:
        return None
    relative = [m for m in ids if _RELATIVE_BEFORE.search(text[max(0, m.start() - 40):m.start()]) or
                _RELATIVE_AFTER.match(text[m.end():])]
    if len(relative) == len(ids):
        return f"the answer names an id relative to another ({text[max(0, ids[0].start() - 20):ids[0].end()].strip()!r})"
    return None


def other_comparative(text: str, question: str) -> str | None:
    """"X had fewer admissions than Y" for "which of X and Y had more": the answer names the other one."""
    q = _COMPARISON_Q.search(question)
    if not q:
        return None
    asked = q.group(1).lower()
    words = set(re.findall(r"[a-z]+", text.lower()))
    other = [w for w in _COMPARATIVES[asked] if w in words]
    if other and asked not in words:
        return f"the answer says {other[0]!r}, the question asks which had {asked}"
    return None
