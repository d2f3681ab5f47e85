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

from .text import Folded, has_phrase, question_words, safe_lower

# a result the agent cut (a LIMIT, a display cap, a page) or sampled: any count or share read from it is not
# the population's; a LIMIT equal to a number the question asks for ("the top 5 ...", "LIMIT 5") is the question's
_CUT = Folded(r"\blimit(?:ed)?\s*(?:to|at|of)?\s*(\d+)\b|\b(?:capped|cut off|truncated) at\b|"
              r"\b(?:display|row|output|result|page)[- ](?:limit|cap|size)\b|\bfirst page\b|"
              r"\b(?:rows?|patients|admissions|results|records|stays) (?:shown|displayed|returned so far)\b|"
              r"\bsample\b|\bsampled\b|\bpartial (?:result|output|count|answer)s?\b|"
              # round 10: a page, a preview, a chunk, the rows looked at
              r"\bpage \d+\b|\bpreview\b|\bhead\(\)|\bchunk\b|\bpartition\b|\bscanned\b|\bscrolled\b|"
              r"\b(?:rows?|records|orders|entries|results) (?:i |we )?(?:displayed|looked at|scanned|reviewed|checked)\b|"
              r"\b(?:first|top) \d+ (?:orders|prescriptions)\b|\bamong the rows\b|\bnot (?:all )?(?:displayed|shown)\b|"
              r"\b(?:first|top) \d+ (?:rows?|records|results|entries|lines)\b|\bsubset\b|"
              # "only one year of data was examined": a part of the data looked at
              r"\bonly\b[^.;\n]{0,40}\b(?:examined|looked at|checked|considered|queried|analy[sz]ed|searched|"
              r"reviewed|read|covered|included)\b",
              hints=("limit", "capped", "cut off", "truncated", "display", "row", "output", "result", "page",
                     "shown", "displayed", "returned so far", "sample", "partial", "preview", "head()", "chunk",
                     "partition", "scanned", "scrolled", "records", "orders", "entries", "first ", "top ", "only",
                     "subset"))
_CONFIDENCE = re.compile(r"\b(?:confidence|certainty)(?:\s+(?:score|level))?\s*(?:[:=]|is|of)?\s*\**\s*"
                         r"(?:(very low|low|medium|moderate|uncertain|unsure|fair|limited)\b|"
                         r"(\d+(?:\.\d+)?)\s*(%|/\s*10\b|/\s*100\b)?)", re.I)
# a remark: the text in brackets after or inside an answer
_REMARK = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")


def remarks(text: str) -> list[tuple[re.Match, str]]:
    """Each remark in brackets, with its body (the text inside the brackets)."""
    return [(r, r.group(1) if r.group(1) is not None else r.group(2)) for r in _REMARK.finditer(text)]


def without_remarks(text: str) -> str:
    return _REMARK.sub(" ", text)


def _at_end(text: str, r: re.Match) -> bool:
    """Whether nothing but punctuation follows the remark (it covers a whole list, not one of its items)."""
    return not text[r.end():].strip(" .;*_`\"'\n")


def last_remark(text: str, *, at_end: bool = False) -> str | None:
    """The answer's last remark, brackets included; ``at_end``: only one at the end of the answer."""
    found = list(_REMARK.finditer(text))[-1:]
    return found[0].group(0) if found and (not at_end or _at_end(text, found[0])) else None


# a remark (in brackets) that puts the value in another scope than the question's: another source of a drug,
# an order that was not given, another place or admission, another criterion ("by ICU time")
_REMARK_SCOPE = Folded(
    r"\bhome (?:med\w*|medications?|list)\b|\ballerg\w*|\b(?:ordered|prescribed|listed) only\b|"
    r"\bonly (?:ordered|prescribed|listed)\b|\bnot (?:given|administered|checked|verified)\b|\bcancell?ed\b|"
    r"\bdiscontinued\b|\bon hold\b|\b(?:before|prior to) (?:the )?admission\b|\bin the (?:ed|emergency department)\b|"
    r"\b(?:later|earlier|previous|prior|other|another|next|subsequent|different|preceding|following) "
    r"(?:admission|stay|visit|encounter)s?\b|"
    r"\bas of day\b|\blater days\b|\bsecondary\b|\brecommended\b|\bsuggested\b|\bprincipal\b|\bseq_?num\b(?!\s*[:=]?\s*1\b)|\bbilling order [2-9]\b|"
    r"\b(?:the )?whole hospital\b|\boverall\b|\bin general\b|\ball patients\b|\bfirst (?:two|three|four|five|\d+)\b|"
    r"\bin the icu\b|\bicu time\b|\bfrom the (?:ed|emergency department|previous|prior|other|home)\b|"
    r"^\s*(?:among|excluding|by)\b",
    hints=("recommended", "suggested", "billing", "whole hospital", "overall", "in general", "all patients", "home", "allerg", "only", "not ", "cancel", "discontinued", "on hold", "admission", "in the ", "preceding", "following",
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
ID = re.compile(r"(?<![\d.])\d{5,}(?!\d|\.\d)")  # an id: five digits or more, not part of a decimal
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


def cut_result(text: str, question: str, *, one_row: bool = True) -> str | None:
    """The answer says its value comes from a cut or sampled result. ``one_row``: the question asks for one
    row (a top one, an extreme), so a LIMIT 1 is its own cut; a count or a table cut to one row is not."""
    low = safe_lower(text)
    for a, b in _CUT.spans(text, low):
        m = _CUT.re.match(text, a)
        said = text[a:b].strip()
        if m and m.group(1) and (m.group(1) == "1" and one_row or m.group(1) in _question_numbers(question)):
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
    found = remarks(text)
    if last_only:
        found = [(r, body) for r, body in found[-1:] if _at_end(text, r)]
    for r, body in found:
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
    ids = list(ID.finditer(text))
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


# A value the agent did not read from the data: made up, assumed, an example or a default ("Example answer: 5",
# "5 (simulated result)", "Yes (assumed)", "True (default)"); "Hypothetically, 5." is a hedge (text.HEDGE)
_MADE_UP_WORDS = frozenset("simulated mock made-up assumed assumption default fabricated invented fictional "
                           "fictitious hypothetical placeholder dummy fake illustrative illustration example sample "
                           "guessed imputed synthetic".split()) | {"made up", "by default", "for example"}
# a remark that says where the value came from, if not from the data ("(extrapolated)", "(from memory)",
# "(not queried)", "(typical for this population)", "(target level)", "(reference range midpoint)")
# the same said anywhere in the answer, not only in a remark ("4.2, the textbook normal potassium")
_NOT_FROM_DATA_ANYWHERE = re.compile(r"\b(?:task description|(?:in|from) the (?:prompt|instructions)|textbook|"
                                     r"from the example|(?:my|the) training data|from memory)\b", re.I)
_NOT_FROM_DATA = re.compile(r"\b(?:task description|the prompt|the instructions|textbook|from the example|"
                            r"extrapolat\w*|projected|projection|predicted|prediction|interpolat\w*|hallucinat\w*|"
                            r"arbitrar\w*|random (?:pick|choice|guess)|randomly chosen|stand-in|from memory|recalled|"
                            r"not (?:actually )?queried|without (?:a |running )?(?:query|querying)|training data|typical|"
                            r"target (?:level|value|range)|midpoint|expected value|(?:upper|lower) limit|"
                            r"normal (?:upper|lower) limit|prior knowledge|general knowledge|literature)\b")
_MADE_UP_NOUNS = frozenset("result value data output answer number figure estimate".split())
_MADE_UP_LEAD = re.compile(r"(?:an?\s+)?(?:example|sample|illustrative|mock|dummy|fake|expected|made[- ]up|default|"
                           r"assumed|assumption)(?:\s+(?:assumption|answer|value|guess))?"
                           r"(?:\s+(?:answer|output|result|value|response))?\s*[:=]|(?:for example|for instance|say)\b|"
                           r"e\.g\.")


def made_up(text: str, question: str) -> str | None:
    """The answer says its value is made up, assumed, an example or a default: in a remark that says only
    that ("(simulated result)"), or as the label it starts with ("Example answer: 5", "e.g. 5")."""
    tl = text.lower()
    head = tl.lstrip(" *_`\"'\n\t-#>")
    if head[:1] in "aefsimd" and _MADE_UP_LEAD.match(head) and not _in_question(head.split()[0], question):
        return f"a made-up or example value ({text.strip()[:30]!r}) is not read from the data"
    m = _NOT_FROM_DATA_ANYWHERE.search(text)
    if m and not _in_question(m.group(0), question):
        return f"a value not read from the data ({m.group(0)!r})"
    if "(" not in text and "[" not in text:
        return None
    for r, body in remarks(tl):
        words = body.split()
        if words[:1] in (["a"], ["an"]):
            words = words[1:]
        if len(words) > 1 and words[-1] in _MADE_UP_NOUNS and (words[0] != "synthetic" or words[-1] != "data"):
            words = words[:-1]  # "(simulated result)"; "(synthetic data)" is the synthetic database's remark
        said = " ".join(words)
        body = " ".join(body.split())
        if said in _MADE_UP_WORDS and not _in_question(said, question) or \
                _NOT_FROM_DATA.search(body) and not _in_question(_NOT_FROM_DATA.search(body).group(0), question):
            return f"a made-up, assumed or example value ({r.group(0)!r}) is not read from the data"
    return None


# a product's form named in a remark, as MIMIC's drug strings name another entry ("Heparin (Preservative Free)",
# "Insulin (Regular)", "Heparin (Porcine)"): another drug string than the gold's
_FORMULATION = frozenset("preservative free pf porcine bovine human regular crushed liquid powder solution suspension "
                         "concentrate premix premixed bulk flush lock syringe vial tablet tablets capsule capsules cream "
                         "ointment patch drops elixir syrup chewable extended release er xr sr dr ir odt hcl sodium "
                         "potassium sulfate in dextrose ns d5w nf sliding scale".split())


DRUG_QUESTION = re.compile(r"\b(?:drugs?|medications?|medicines?|prescriptions?|prescribed)\b", re.I)


def formulation(text: str) -> str | None:
    """A remark that names the product's form, making the answer another drug string."""
    for r, body in remarks(text):
        words = re.findall(r"[a-z0-9]+", body.lower())
        if words and all(w in _FORMULATION for w in words):
            return f"a remark ({r.group(0)!r}) names another product's form than the gold's drug"
    return None


# another place or source than the question's, named anywhere in the answer ("Yes, but only as a home
# medication", "1234 patients were prescribed vancomycin at discharge", "Heparin (at discharge)")
_ELSEWHERE = Folded(r"\bhome (?:med\w*|list|drugs?|prescriptions?)\b|\bas (?:a )?home med|\b(?:at|on|upon) discharge\b|"
                    r"\bdischarge (?:med\w*|prescriptions?|list|drugs?)\b|\bbefore (?:the )?admission\b|"
                    r"\bprior to (?:the )?admission\b|\boutpatient\b|\bpre-?admission\b|"
                    r"\b(?:outside|referring|another|other|external) (?:hospital|facility|institution)\b|\bosh\b|"
                    # the emergency department before the admission, a free-text note instead of the orders,
                    # another person than the patient
                    r"\b(?:as an?|in the|from the|at the|an?) (?:ed|er|emergency department|emergency room)\b|"
                    r"\bmedication reconciliation\b|\bmed rec\b|\bmentioned in\b|"
                    r"\b(?:in|from|per) (?:the|a|her|his|their) (?:[\w-]+ ){0,3}notes?\b|"
                    r"\b(?:her|his|their|the patient's) (?:husband|wife|spouse|partner|mother|father|son|daughter|"
                    r"brother|sister|sibling|child|children|family|relative|roommate)\b|"
                    # another table than the orders: the administration record, a cabinet, the infusions
                    r"\b(?:in|from|per|via) (?:the )?(?:emar|pyxis|inputevents|ingredientevents|bcma)\b|"
                    # an allergy, a consult, a request: not the order or the stay itself
                    r"\ballerg(?:y|ies|ic)\b|\bconsult(?:ed|s)?\b|\b(?:was |were )?requested\b|"
                    r"\b(?:was |were )?(?:considered|evaluated|discussed) for\b",
                    hints=("home", "discharge", "before", "prior to", "preadmission", "pre-admission", "outpatient",
                           "hospital", "facility", "institution", "osh", "ed", "er", "emergency", "reconciliation",
                           "med rec", "mentioned", "note", "her ", "his ", "their ", "the patient's", "emar", "pyxis",
                           "inputevents", "ingredientevents", "bcma", "allerg", "consult", "requested", "considered",
                           "evaluated", "discussed"))
# another place than the ICU, where the question asks about the ICU ("Yes, transferred to the step-down unit")
_NOT_ICU = Folded(r"\bstep-?down\b|\bintermediate care\b|\btelemetry\b|\b(?:on|to|from) the (?:ward|floor)\b|"
                  r"\bgeneral (?:ward|floor)\b|\bpacu\b|\bmed(?:ical)?[- /]surg(?:ical)? (?:floor|unit)\b",
                  hints=("step", "intermediate", "telemetry", "ward", "floor", "pacu", "surg"))
# a route named where the question names none: a count of "IV vancomycin" patients is of some of them
_ROUTE = Folded(r"\b(?:iv|intravenous(?:ly)?|oral(?:ly)?|po|by mouth|topical(?:ly)?|inhaled|nebuli[sz]ed|"
                r"subcutaneous(?:ly)?|subq|sc|im|intramuscular(?:ly)?|ophthalmic|transdermal|rectal(?:ly)?|pr)\b")
# "X only" / "only X": a restriction; its words must be the question's ("5 (hospital admissions only)")
_ONLY = re.compile(r"((?:[\w/-]+[ \t]+){1,3})only\b|\bonly[ \t]+(?:(?:as|in|at|for|during|on|from|via|by|the|an?)"
                   r"[ \t]+)*((?:[\w/-]+[ \t]*){1,3})", re.I)
_ONLY_SKIP = frozenset("the not and if one once twice two three four five a an of is was were be been that this "
                       "these those which who had has have it its they them their there".split())
_PLAIN_WORDS = frozenset("data database db records record recorded table tables result results output query "
                         "dataset value values count counted counting time times listed found shown available "
                         "answer number total distinct unique patient patients".split())


@functools.lru_cache(maxsize=4096)
def _question_words(question: str) -> frozenset[str]:
    """The question's words and the first five letters of its longer ones (a crude stem: "admissions")."""
    words = question_words(question)
    return words | frozenset(w[:5] for w in words if len(w) > 5)


def foreign_words(words: list[str], question: str) -> list[str]:
    """The words (of a restriction or a scope) that are neither the question's, nor its stems, nor plain."""
    q = _question_words(question)
    return [w for w in words if w not in q and w[:5] not in q and w not in _PLAIN_WORDS and w not in _ONLY_SKIP]


def elsewhere(text: str, question: str, *, route: bool = False) -> str | None:
    """Another place or source than the question's ("at discharge", "home medication"), or a restriction the
    question does not make ("(ICU only)", "only as a home med"); ``route``: also a route the question does
    not name ("IV vancomycin", which narrows a count)."""
    low = safe_lower(text)
    for pattern in (_ELSEWHERE, _ROUTE) if route else (_ELSEWHERE,):
        if pattern.search(text, low) is None:
            continue
        for a, b in pattern.spans(text, low):
            said = text[a:b].strip()
            if not _in_question(said, question):
                return f"the answer is about another scope ({said!r}) than the question asks for"
    m = _NOT_ICU.search(text, low) if "icu" in _question_words(question) else None
    if m:
        return f"the answer is about another place ({m.group(0).strip()!r}) than the ICU"
    if "only" not in (low if low is not None else text.lower()):
        return None
    for m in _ONLY.finditer(text):
        if m.group(1) is not None:
            words = m.group(1).lower().split()
            if words[-1] in _ONLY_SKIP:
                continue  # "the only drug", "not only"
        else:
            words = m.group(2).lower().split()
            if not words or words[0][:1].isdigit() or words[0] in _ONLY_SKIP:
                continue  # "only 5 admissions", "only once"
        if foreign_words([w.strip("/-") for w in words if w.strip("/-")], question):
            return f"the answer restricts its value ({m.group(0).strip()!r}) beyond the question"
    return None


# a "none" said of another place, time or entity than the question's ("None in the ICU", "None at discharge",
# "None for patient 10001218", "None during admission 24597019")
_EMPTY_SCOPE = re.compile(r"\b(?:in|at|for|during|from|on|among|within|after|before|since|upon)\s+"
                          r"(?:(?:the|this|that|a|an|any|his|her|their)\s+)?([\w-]+)", re.I)
_EMPTY_PLAIN = frozenset("period window stay hospitalization hospitalisation visit encounter admission course "
                         "chart list mimic mimic-iv system that this it them".split())


@functools.lru_cache(maxsize=1)
def _table_words() -> frozenset[str]:
    from ..mimic.schema import TABLES  # noqa: PLC0415 - a table is where "none" was looked for, not a scope

    return frozenset(t.name for t in TABLES)


# "None were continued", "None new": a "none" of some of what the question asks about
_NONE_QUALIFIED = re.compile(r"^\W*none\s+(?:(?:were|was|is|are|has been|have been|got|are being)\s+)?([a-z][a-z-]+)",
                             re.I)
_NONE_PLAIN = frozenset("given found recorded prescribed administered documented identified listed returned noted "
                        "seen received detected charted coded performed reported available present exist exists "
                        "existed match matched matching qualify qualified qualifying apply applies on at in for "
                        "during of to from the that this with by ordered made done taken whatsoever".split())


def empty_scope(text: str, question: str) -> str | None:
    """A "none" said of another scope than the question's: a place, a time or an id the question lacks, or
    words that narrow it ("None were continued")."""
    m = _NONE_QUALIFIED.match(text)
    if m and m.group(1).lower() not in _NONE_PLAIN and foreign_words([m.group(1).lower()], question):
        return f"the answer's 'none' is of some of what the question asks about ({m.group(0).strip()!r})"
    qnums = _question_numbers(question)
    for m in ID.finditer(text):
        if m.group(0) not in qnums:
            return f"the answer's 'none' is about another patient or admission ({m.group(0)}) than the question's"
    for m in _EMPTY_SCOPE.finditer(text):
        word = m.group(1).lower()
        if word not in _EMPTY_PLAIN and word not in _table_words() and foreign_words([word], question):
            return f"the answer's 'none' is about another scope ({m.group(0).strip()!r}) than the question's"
    return None
