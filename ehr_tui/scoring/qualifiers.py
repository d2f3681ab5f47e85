"""Words beside the value that make it the answer to another question: a yes about another code, a count of a
narrower window or a wider group of drugs, a remark that denies one of the question's own terms ("most often
administered, not prescribed"), a value picked by another criterion ("(the most frequent code)" for the
principal one), a field label of another event ("(admission location)" for the discharge location), a set
the answer says changed ("later narrowed to cefazolin"), a list sorted by another key.

Each check compares what the answer names with what the question names, never with a list of wrong answers:
a word the question itself uses is never held against the answer."""

from __future__ import annotations

import datetime as dt
import functools
import re

from . import caveats
from .dates import dates_in
from .subjects import asked_drugs, drugs
from .text import question_words

# --- a yes about another code than the question's ----------------------------------------------------------

_CODE = re.compile(r"(?<![\w.-])(?:[A-TV-Z]\d{2}(?:\.?[0-9A-Z]{1,4})?|V\d{2}(?:\.?\d{1,2})?|E\d{3}(?:\.?\d)?|"
                   r"\d{3}(?:\.\d{1,2})?|\d{4,5})(?![\w-]|\.\d)")
_NOT_CODES = re.compile(r"\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?|\d{1,2}:\d\d|\d+(?:\.\d+)?\s*(?:mg|g|ml|mcg|"
                        r"units?|%|mmhg|bpm|kg|days?|hours?|h)\b", re.I)
_ASKS_CODE = re.compile(r"\b(?:icd|code|hcpcs|ndc|cpt|drg)\b", re.I)


def _codes(text: str) -> set[str]:
    return {c.replace(".", "").upper() for c in _CODE.findall(_NOT_CODES.sub(" ", text))}


@functools.lru_cache(maxsize=4096)
def _asked_codes(question: str) -> frozenset[str]:
    return frozenset(_codes(question)) if _ASKS_CODE.search(question) else frozenset()


def other_code(text: str, question: str) -> str | None:
    """"Yes, 40190 (hypertensive CKD)", "Yes - I10 was coded" for "diagnosed with ... (ICD-9 4019)?"."""
    asked = _asked_codes(question)
    if not asked:
        return None
    other = _codes(text) - asked
    return f"the answer names another code ({min(other)}) than the question's" if other else None


# --- a statistic of a population where the question asks about one patient ----------------------------------

_POPULATION_STAT = re.compile(r"\b(?:the\s+)?(?:median|average|mean|typical)\s+(?:patient|admission|stay|subject)\b|"
                              # many where the question names one: all patients, the cohort, a total over stays
                              r"\b(?:across|among|for|in|over) (?:all|the (?:whole|entire)) (?:patients|cohort|population)\b|"
                              r"\bin the cohort\b|\bcohort-wide\b|\b(?:total|sum) of (?:all|both|every)\b|"
                              r"\ball (?:icu |hospital |his |her |their )?(?:stays|admissions)\b", re.I)
_ONE_ENTITY = re.compile(r"\b(?:patient|subject|admission|stay)\s+(?:id\s*)?\d{5,}", re.I)


def population_statistic(text: str, question: str) -> str | None:
    m = _POPULATION_STAT.search(text)
    if m and _ONE_ENTITY.search(question) and m.group(0).lower() not in question.lower():
        return f"the answer is about a statistic of many ({m.group(0)!r}), the question about one"
    return None


# --- a count in a narrower window, of more drugs, or over a threshold the question does not set -------------

# (a span "between 2150 and 2155" or "from ... to ..." describes the patient's admissions, it cuts none)
_WINDOW = re.compile(r"\b(?:after|before|since|until|till|prior to|as of)\s+(?:the\s+)?"
                     r"(?:\d{4}-\d\d-\d\d|(?:19|2[0-2])\d\d\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
                     r"\.?\s+\d)", re.I)
_Q_WINDOW = re.compile(r"\d{4}-\d\d-\d\d|\b(?:19|2[0-2])\d\d\b|\b(?:after|before|since|until|between|within|during "
                       r"the (?:first|last))\b", re.I)
_SOME_TIMES = re.compile(r"\b(?:more than|over|at least)\s+(?:once|twice|one time|\d+ times?)\b|"
                         r"\b(?:twice|two times|\d+ times|\d+\+ times)\s+or\s+more\b|\brepeatedly\b|\bmultiple times\b",
                         re.I)
_Q_THRESHOLD = re.compile(r"\b(?:more than|over|at least|fewer than|less than|under|exactly|or more|times|once|"
                          r"twice|repeatedly|multiple)\b", re.I)


_VIA_ED = re.compile(r"\b(?:through|via|from) the (?:ed|er|emergency department|emergency room)\b", re.I)


def narrower_count(text: str, question: str) -> str | None:
    """"5 admissions after 2150-01-01", "1234 patients were prescribed vancomycin or cefepime", "... more than
    once": the count of another group than the question's."""
    m = _WINDOW.search(text)
    if m and not _Q_WINDOW.search(question):
        return f"the answer counts a narrower window ({m.group(0)!r}) than the question"
    asked = asked_drugs(question)
    if asked:  # (a remark may name another drug as an aside: "(enoxaparin 4 not counted)")
        more = drugs(caveats.without_remarks(text)) - asked
        if more:
            return "the answer counts patients of other drugs besides the question's"
    m = _VIA_ED.search(text)
    if m and not re.search(r"\b(?:ed|er|emergency)\b", question, re.I):
        return f"the answer counts a narrower group ({m.group(0)!r}) than the question"
    m = _SOME_TIMES.search(text)
    if m and not _Q_THRESHOLD.search(question):
        return f"the answer counts by a threshold ({m.group(0)!r}) the question does not set"
    return None


# a total with a part left out ("Total crystalloid input was 2450 mL (colloids and blood products excluded)");
# leaving out duplicates or empty rows leaves nothing of the total out
_LEFT_OUT = re.compile(r"\b(?:exclud(?:ed|es|ing)|not\s+(?:counted|included|counting|including)|except(?:ing)?|"
                       r"leaving\s+out|left\s+out|omitt(?:ed|ing)|without)\b(?!\s+(?:the\s+)?(?:duplicates?|nulls?|"
                       r"missing|blanks?|empty|null\s+values|zero(?:es|s)?|repeats?)\b)", re.I)
_ASKS_TOTAL = re.compile(r"\btotal\b|\bsum\b|\bcumulative\b|\bhow much\b", re.I)


# said of what is counted, a part is left out whatever the question: "(ED stays not counted)", "the
# sliding-scale lispro doses are not included"
_NOT_INCLUDED = re.compile(r"\b(?:not|never)\s+(?:been\s+)?(?:included|counted|added|summed)\b|"
                           r"\b(?:is|are|was|were)\s+(?:left\s+out|excluded|omitted)\b|"
                           r"\b(?:did|do|does|have|has)\s*(?:not|n't)\s+(?:yet\s+)?(?:sum|count|include|add|total)\b|"
                           r"\b(?:didn't|haven't|hasn't)\s+(?:yet\s+)?(?:sum|count|include|add|total)\b", re.I)


def partial_total(text: str, question: str) -> str | None:
    m = _LEFT_OUT.search(text) if _ASKS_TOTAL.search(question) else None
    if not m:
        m = _NOT_INCLUDED.search(text)
        before = text[max(0, m.start() - 40):m.start()] if m else ""
        if m and (re.search(r"\b(?:duplicates?|nulls?|missing|blank|empty|zero|repeat\w*)\b", before, re.I) or
                  re.search(r"\b(?:no|none of the|nothing)\s+(?:[\w-]+\s+){0,2}$", before, re.I) or
                  drugs(before) - asked_drugs(question)):
            m = None  # "(duplicates not counted)", "(enoxaparin 4 not counted)": nothing of the asked left out
    if m and not _LEFT_OUT.search(question):
        return f"the answer's total leaves a part out ({m.group(0)!r}) that the question's includes"
    return None


# an extreme or a statistic of the readings with some of them set aside ("86%, excluding values under 80 as
# probe artifacts"): of fewer readings than the question's
_SET_ASIDE = re.compile(r"\b(?:exclud(?:ing|ed)|ignor(?:ing|ed)|discard(?:ing|ed)|dropp(?:ing|ed)|remov(?:ing|ed)|"
                        r"filter(?:ing|ed)\s+out|leaving\s+out|left\s+out|not\s+counting|set(?:ting)?\s+aside)\s+"
                        r"(?:the\s+|one\s+|two\s+|\d+\s+|all\s+|any\s+)?(?:[\w-]+\s+){0,2}?(?:values?|readings?|artifacts?|"
                        r"artefacts?|outliers?|measurements?|results?|samples?|errors?|spurious|erroneous|implausible)\b|"
                        r"\b(?:values?|readings?|measurements?|results?)\s+(?:under|below|over|above)\s+\d+(?:\.\d+)?\s+"
                        r"(?:were|was)\s+(?:excluded|ignored|discarded|dropped|removed|left out)\b", re.I)
_READING_STAT_Q = re.compile(r"\b(?:lowest|highest|minimum|maximum|min|max|peak|nadir|first|last|mean|average|median|"
                             r"worst|best)\b", re.I)


# a count of readings is of all of them too ("23 readings, excluding 2 artifact values")
_READING_COUNT_Q = re.compile(r"\bhow many\b[^?]*?\b(?:readings?|results?|values?|measurements?|samples?)\b", re.I)


def readings_set_aside(text: str, question: str) -> str | None:
    m = _SET_ASIDE.search(text)
    if m and (re.search(r"\b(?:not|without|no|never)\s+$", text[max(0, m.start() - 12):m.start()], re.I) or
              re.search(r"\b(?:any|no)\b", m.group(0), re.I)):
        m = None  # "86%, not excluding any readings", "without removing any"
    if m and (_READING_STAT_Q.search(question) or _READING_COUNT_Q.search(question)) and \
            not re.search(r"\bexclud|\bartifact|\boutlier", question, re.I):
        return f"the answer sets readings aside ({m.group(0)!r}) that the question counts"
    return None


# the answer says what the question asks about is not there, and gives something else: "The lowest venous pH
# was 7.21; there were no arterial samples", "omr has no BMI on 2154-03-02", "no ICU weights were charted"
_ABSENT = re.compile(r"\b(?:there\s+(?:was|were|is|are)\s+no|(?:has|had|have|shows?|showed|contains?|gives?)\s+no|"
                     r"no)\s+((?:[\w-]+\s+){0,3}?[\w-]+)(?:\s+(?:was|were|is|are|has been|have been)\s+(?:ever\s+)?"
                     r"(?:recorded|charted|drawn|documented|available|found|measured|taken|obtained|done|sent|"
                     r"collected|entered|on file))?(?=\s*(?:[.;,)]|$|\s+(?:on|in|for|during|at|that|was|were|"
                     r"recorded|charted|drawn)\b))", re.I)
_ABSENT_OTHER = re.compile(r"\b(?:other|others|further|additional|more|later|earlier|repeat|second|previous|prior|"
                           r"next|subsequent|new|missing|null|duplicate|duplicates|doubt|issue|issues|problem)\b", re.I)
_ABSENT_PLAIN = frozenset("the a an of in on at for with was were is are sample samples value values reading readings "
                          "result results record records row rows data entry entries measurement measurements any "
                          "such that this patient patients".split())


# "the BMI itself was not recorded", "arterial pO2 was not drawn"
_NOT_RECORDED = re.compile(r"((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:itself\s+)?(?:was|were|is|are|has been|have been)\s+"
                           r"(?:never|not)\s+(?:recorded|charted|drawn|documented|measured|taken|obtained|sent|entered)\b",
                           re.I)


# "procedures_icd has no rows for this admission", "... so this is from another table"
_NO_ROWS = re.compile(r"\b([\w.]+)\s+(?:has|had|have|shows?|showed|contains?|returns?|returned|gives?|gave)\s+no\s+"
                      r"(?:rows|records|entries|data|results|matches|values)\b", re.I)
_OTHER_SOURCE = re.compile(r"\bfrom\s+(?:another|a\s+different|an?\s+other|some\s+other)\s+(?:table|source|dataset)\b", re.I)


# "2150-04-02 is the dischtime; dod is null": the asked column has no value, whatever the answer gives beside it
_IS_NULL = re.compile(r"\b([a-z][a-z_]*)\s+(?:(?:is|was|are|were)\s+|=\s*)(null|none|nan|empty|blank|missing|absent|"
                      r"not (?:recorded|set|filled|populated|available))\b", re.I)


def asked_absent(text: str, question: str) -> str | None:
    if not re.search(r"[1-9]", text):
        return None  # "No admissions": the answer's own zero, not a substitute
    q = question_words(question)
    m = _IS_NULL.search(text)
    if m and m.group(1).lower() in q and not re.search(r"\b(?:not|never|isn't|wasn't)\s+$", text[:m.start(2)], re.I):
        return f"the answer says the question's {m.group(1)!r} has no value ({m.group(0)!r})"
    m = _NO_ROWS.search(text)
    if m and m.group(1).lower().split(".")[-1] in q:
        return f"the answer says the question's {m.group(1)!r} has nothing ({m.group(0)!r})"
    m = _OTHER_SOURCE.search(text)
    if m:
        return f"the answer's value comes {m.group(0)!r}"
    for clause in re.split(r";|\.\s+|\s+-\s+|\s+but\s+", text):
        low = clause.lower()
        if "no" not in low and "never" not in low:
            continue
        for m in list(_ABSENT.finditer(clause)) + (list(_NOT_RECORDED.finditer(clause)) if "not " in low or "never " in low
                                                   else []):
            phrase = m.group(1).lower()
            if _ABSENT_OTHER.search(phrase):
                continue  # "no other arterial samples": the value's own sample was there
            words = set(re.findall(r"[a-z0-9]+", phrase)) - _ABSENT_PLAIN
            if words and words & q:
                return f"the answer says the question's {phrase!r} is not there ({m.group(0).strip()!r})"
    return None


# a reading in a window the question does not set, named before the value ("The highest pain score after the
# analgesic dose was 8"); after the value it only says when the reading fell ("8, two hours after the dose")
_EVENT_WINDOW = re.compile(r"\b(?:after|following|before|prior\s+to|since|until|post)[- ]\s*(?:the\s+|his\s+|her\s+|their\s+|"
                           r"an?\s+)?(?:[\w-]+\s+){0,2}?(?:dose|bolus|administration|analgesi[ac]\w*|medication|"
                           r"surgery|procedure|operation|extubation|intubation|transfer|transfusion|dialysis|"
                           r"infusion|sedation|treatment|intervention|first\s+day|day\s+\d)\b", re.I)
_Q_ANY_WINDOW = re.compile(r"\b(?:after|following|before|prior to|since|until|post)\b", re.I)


def reading_window(text: str, question: str) -> str | None:
    first_digit = re.search(r"\d", text)
    head = text[:first_digit.start()] if first_digit else text
    m = _EVENT_WINDOW.search(head)
    if m and not _Q_ANY_WINDOW.search(question):
        return f"the answer's value is of a narrower window ({m.group(0)!r}) than the question's"
    return None


# "17, counting the NULL caregiver_id as one": a missing value counted as one of the distinct things
_NULL_COUNTED = re.compile(r"\b(?:count(?:ing|ed|s)?|includ(?:ing|ed|es)|treat(?:ing|ed))\s+(?:the\s+|a\s+)?(?:null|missing|"
                           r"empty|blank|none)\b|\b(?:null|missing|empty|blank)\s+(?:[\w_]+\s+)?(?:counted|included)\b", re.I)


def null_counted(text: str, question: str) -> str | None:
    m = _NULL_COUNTED.search(text)
    if m and re.search(r"\bdistinct\b|\bhow many\b|\bnumber of\b", question, re.I) and \
            not re.search(r"\bnull|\bmissing", question, re.I) and not re.search(r"\bnot\s+$", text[:m.start()]):
        return f"the answer counts a missing value as one of them ({m.group(0)!r})"
    return None


# a table or list keyed by another date column than the question's ("By dischtime year" for "by admittime")
_TIME_COLUMNS = ("admittime", "dischtime", "deathtime", "edregtime", "edouttime", "intime", "outtime", "charttime",
                 "storetime", "starttime", "stoptime", "chartdate", "dod", "transfertime", "ordertime")
_TIME_COLUMN = re.compile(r"\b(" + "|".join(_TIME_COLUMNS) + r")\b", re.I)


def other_time_column(text: str, question: str) -> str | None:
    asked = {c.lower() for c in _TIME_COLUMN.findall(question)}
    if not asked:
        return None
    said = {c.lower() for c in _TIME_COLUMN.findall(caveats.without_remarks(text))}
    if said and not said & asked:
        return f"the answer is keyed by another column ({', '.join(sorted(said))}) than the question's"
    return None


# "7 patients were ever on CSURG and later died" for those who died while under it
_EVER_ON = re.compile(r"\bever\s+(?:been\s+)?(?:on|under|in|had|admitted)\b|\bat\s+(?:any|some)\s+(?:point|time)\b", re.I)
_WHILE_ON = re.compile(r"\bwhile\s+(?:under|on|in|being)\b|\bat\s+the\s+time\s+of\b", re.I)


# "7 deaths ... within 30 days of discharge (not in hospital)" for deaths while under a service
_OUT_OF_STAY = re.compile(r"\b(?:after|following|within\s+\d+\s+days?\s+(?:of|after)|post-?)\s*(?:the\s+)?discharge\b|"
                          r"\bnot\s+in(?:-|\s+(?:the\s+)?)hospital\b|\bout(?:side)?\s+(?:of\s+)?(?:the\s+)?hospital\b|"
                          r"\bafter\s+(?:they|he|she)\s+(?:left|were\s+discharged|was\s+discharged)\b", re.I)
_IN_STAY_Q = re.compile(r"\bwhile\s+(?:under|on|in|being)\b|\bin[- ]hospital\b|\bduring\s+(?:the\s+|their\s+)?"
                        r"(?:admission|stay|hospitali[sz]ation)\b", re.I)


def ever_for_while(text: str, question: str) -> str | None:
    m = _EVER_ON.search(text)
    if m and _WHILE_ON.search(question) and not _EVER_ON.search(question):
        return f"the answer counts anyone {m.group(0)!r} it, the question those while on it"
    m = _OUT_OF_STAY.search(text)
    if m and _IN_STAY_Q.search(question) and not _OUT_OF_STAY.search(question):
        return f"the answer counts after the stay ({m.group(0)!r}), the question during it"
    return None


# --- a remark that denies one of the question's own terms ----------------------------------------------------

_NOT_WORD = re.compile(r"\bnot\s+(?:the\s+|a\s+|an\s+)?([a-z][a-z-]+)", re.I)
_TRAILING = re.compile(r"(?:\s(?:\u2014|\u2013|--)|;)\s*([^\u2014\u2013;]+)$")
_NOT_DENIAL = frozenset("only just all a the one any sure certain clear available included counted rounded".split())


def _remark_bodies(text: str) -> list[str]:
    bodies = [body for _, body in caveats.remarks(text)]
    t = _TRAILING.search(text)
    return bodies + [t.group(1)] if t else bodies


def denies_question(text: str, question: str) -> str | None:
    """A remark "not <a word of the question>" ("(most often administered, not prescribed)", "- counts are
    admissions, not stays"): the value answers something else than the question's terms."""
    if "not" not in text.lower():
        return None
    for body in _remark_bodies(text):
        for m in _NOT_WORD.finditer(body):
            w = m.group(1).lower()
            if w not in _NOT_DENIAL and not caveats.foreign_words([w], question):
                return f"a remark denies the question's own term ({m.group(0)!r})"
    return None


# --- a value picked by another criterion, a field of another event, a set that changed ----------------------

_CRITERIA = (frozenset({"most frequent", "most common", "most often", "most frequently", "commonest"}),
             frozenset({"longest", "most days"}), frozenset({"shortest"}), frozenset({"highest", "maximum", "peak"}),
             frozenset({"lowest", "minimum", "nadir"}), frozenset({"first", "earliest", "initial"}),
             frozenset({"last", "latest", "most recent", "final"}), frozenset({"principal", "primary"}))
_CRITERION = re.compile(r"\b(?:most (?:frequent(?:ly)?|common|often|recent|days)|commonest|longest|shortest|highest|"
                        r"maximum|peak|lowest|minimum|nadir|first|earliest|initial|last|latest|final|principal|"
                        r"primary)\b", re.I)
_BY_CRITERION = re.compile(r"\bby\s+(?:the\s+)?(?:number|count|total|amount|sum|length|duration)\s+of\s+([a-z][\w-]*)", re.I)


def _family(phrase: str) -> frozenset[str] | None:
    p = phrase.lower()
    return next((f for f in _CRITERIA if p in f), None)


def other_criterion(text: str, question: str) -> str | None:
    """"4280 (the most frequent code for this patient)" for the principal code; "20000345 (longest by number
    of diagnoses)" for the longest stay: the value picked by another criterion than the question's."""
    ql = question.lower()
    for _, body in caveats.remarks(text):
        m = _BY_CRITERION.search(body)
        if m and caveats.foreign_words([m.group(1).lower()], question):
            return f"a remark picks the value by another criterion ({m.group(0)!r}) than the question"
        for c in _CRITERION.finditer(body):
            fam = _family(c.group(0))
            if fam and not any(re.search(rf"\b{p}\b", ql) for p in fam):
                asked = [f for f in _CRITERIA if any(re.search(rf"\b{p}\b", ql) for p in f)]
                if asked:  # the question picks by a criterion of its own, and it is another one
                    return f"a remark picks the value by another criterion ({c.group(0)!r}) than the question"
    return None


_FIELD_LABEL = re.compile(r"^\s*(?:the\s+)?(admission|admit|discharge|death|birth|transfer|triage|ed|icu)\s+"
                          r"(date|time|day|location|type|source|place|status)\s*$", re.I)
_EVENT = {"admission": "admit", "admit": "admit", "admitted": "admit", "admittime": "admit", "discharge": "discharge",
          "discharged": "discharge", "dischtime": "discharge", "death": "death", "died": "death", "birth": "birth",
          "born": "birth", "transfer": "transfer", "transferred": "transfer", "triage": "ed", "ed": "ed", "icu": "icu"}
_SCOPE_NOUN = re.compile(r"\b(?:last|first|latest|this|that|each|every|same|their|his|her|the)\s+(admission|stay)\b"
                         r"(?!\s+(?:date|time|day|location|type|source))|\b(admission|stay)\s+(?:id\s*)?\d", re.I)


@functools.lru_cache(maxsize=4096)
def _asked_events(question: str) -> frozenset[str]:
    """The events a question asks a field of; "admission 20000345" and "the last admission" are its scope."""
    q = _SCOPE_NOUN.sub(" ", question.lower())
    return frozenset(_EVENT[w] for w in re.findall(r"[a-z]+", q) if w in _EVENT)


def field_label(text: str, question: str) -> str | None:
    """"HOME HEALTH CARE (admission location)" for the discharge location, "2150-03-04 (admission date)" for
    the discharge day."""
    asked = None
    for r, body in caveats.remarks(text):
        m = _FIELD_LABEL.match(body)
        if not m:
            continue
        asked = _asked_events(question) if asked is None else asked
        if asked and _EVENT[m.group(1).lower()] not in asked:
            return f"the answer labels its value as another field ({r.group(0)!r}) than the question's"
    return None


_CHANGED_TO = re.compile(r"\b(?:narrowed|switched|changed|de-?escalated|escalated|converted|transitioned|broadened|"
                         r"stepped down)\s+(?:over\s+)?to\s+([\w-]+)", re.I)
_SORTED_BY = re.compile(r"\b(?:sorted|ordered|arranged|grouped)\s+by\s+(?:the\s+)?([a-z][\w-]*)(?:\s+([a-z][\w-]*))?",
                        re.I)
_TIME_KEYS = frozenset("date time admittime charttime starttime intime chronology chronological dates times when "
                       "day days".split())
_TIME_ORDER_Q = re.compile(r"\bchronolog|\bby (?:date|time)\b|\bin (?:the )?order (?:of|they)\b|\bearliest to\b|"
                           r"\bfirst to last\b", re.I)


# "02HV33Z and 5A1221Z were ordered, but only 02HV33Z appears in procedures_icd": a part of the list is the answer
_BUT_ONLY = re.compile(r"\bbut\s+only\s+(?:[\w.-]+(?:,?\s+(?:and\s+)?)?){1,4}?(?:appears?|was|were|is|are|shows?|"
                       r"recorded|coded|listed|remains?|exists?|billed|documented)\b", re.I)


# "99223 only; 99233 was billed on the following admission"
_FIRST_ONLY = re.compile(r"^\W*([\w.-]+(?:\s*(?:,|and|&)\s*[\w.-]+)*)\s+only\s*(?:;|\.\s|,\s|\s+-\s)", re.I)


# "99291, 36556, 31500 - but 31500 is the ED's, so for the admission itself only 99291 and 36556": a conclusion that
# keeps only some of the codes listed before it
_SO_ONLY = re.compile(r"\b(?:so|thus|therefore|hence|leaving|leaves|which means|meaning)\b[^.;:]{0,60}?\bonly\s+"
                      r"((?:[\w.-]*\d[\w.-]*)(?:\s*(?:,|and|&)\s*[\w.-]*\d[\w.-]*)*)", re.I)
_DIGIT_TOKEN = re.compile(r"(?<![\w.-])[A-Za-z]{0,3}\d[\w.]*(?![\w-])")


def changed_set(text: str, question: str) -> str | None:
    """"Vancomycin, Cefepime (empiric, later narrowed to cefazolin)": the answer says others followed; "A and B
    were ordered, but only A appears": only a part of it is the answer."""
    m = _BUT_ONLY.search(text) if "only" in text.lower() else None
    if m:
        return f"the answer says only a part of its list is the answer ({m.group(0)!r})"
    m = _SO_ONLY.search(text) if "only" in text.lower() else None
    if m:
        kept = {t.rstrip(".").upper() for t in _DIGIT_TOKEN.findall(m.group(1))}
        listed = {t.rstrip(".").upper() for t in _DIGIT_TOKEN.findall(text[:m.start()])} - _question_tokens(question)
        if kept and listed - kept:
            return f"the answer concludes that only a part of its list is the answer ({m.group(0)!r})"
    m = _FIRST_ONLY.match(text) if "only" in text.lower() else None
    if m and re.search(r"\w", text[m.end():]):
        return f"the answer says its list is only {m.group(1).strip()!r}; what it names after is not part of it"
    for body in _remark_bodies(text):
        m = _CHANGED_TO.search(body)
        if m and m.group(1).lower() not in question_words(question):
            return f"the answer says the set changed ({m.group(0)!r}): it is not all of it"
    return None


def _question_tokens(question: str) -> set[str]:
    return {t.rstrip(".").upper() for t in _DIGIT_TOKEN.findall(question)}


def sorted_by_else(text: str, question: str) -> str | None:
    """"EW EMER., EW EMER., URGENT (sorted by type)" for a chronological list."""
    m = _SORTED_BY.search(text)
    if not m:
        return None
    key = [w.lower() for w in m.groups() if w]
    by_time = bool(set(key) & _TIME_KEYS) or key in (["admission"], ["admissions"])
    if _TIME_ORDER_Q.search(question):  # a chronological list sorted by anything but time
        other = not by_time
    else:
        other = not by_time and bool(caveats.foreign_words(key, question))
    return f"the answer is sorted by another key ({m.group(0)!r}) than the question's order" if other else None


_DISTINCT_OTHER = re.compile(r"\b\d+\s+(?:distinct|unique|different|separate)\s+([a-z][\w-]*)(?:\s+([a-z][\w-]*))?",
                             re.I)


def counts_other_noun(text: str, question: str) -> str | None:
    """"20000345: 3 distinct ICD chapters" for a count of diagnoses: the cells count something else."""
    for m in _DISTINCT_OTHER.finditer(text):
        words = [w.lower() for w in m.groups() if w]
        if caveats.foreign_words(words[-1:], question):  # the counted noun: "312 distinct lab tests" for events
            return f"the answer counts another thing ({m.group(0)!r}) than the question"
    return None


# --- a date of a plan or of another event, in the answer's own words ------------------------------------

_PLANNED = re.compile(r"\b(?:planned|scheduled|expected|anticipated|projected|intended|due)\s+(?:for|on|to be|to)\b", re.I)
_IS_WHEN = re.compile(r"\bis when\b[^.;]{0,40}?\b(stored|resulted|released|reported|verified|ordered|collected|received|"
                      r"entered|signed|scheduled|requested)\b", re.I)


def date_of_else(text: str, question: str) -> str | None:
    """"Discharge was planned for 2150-03-12 but happened later"; "2150-03-01 08:15 is when the specimen was
    stored": the date of a plan or of another event than the question's."""
    low = text.lower()
    m = _PLANNED.search(text) if any(map(low.__contains__, _PLANNED_HINTS)) else None
    if m and caveats.foreign_words([m.group(0).split()[0].lower()], question):
        return f"the answer's date is of a plan ({m.group(0)!r}), not of the event asked about"
    m = _IS_WHEN.search(text) if "is when" in low else None
    if m and caveats.foreign_words([m.group(1).lower()], question):
        return f"the answer's time is of another event ({m.group(0)!r}) than the question's"
    return None


_PLANNED_HINTS = ("planned", "scheduled", "expected", "anticipated", "projected", "intended", "due")


# --- an id or a name picked by another measure than the question's ---------------------------------------

_PICKED_BY = re.compile(r"\b(?:with|had|has|having|by)\s+the\s+(?:most|fewest|least|highest number of|largest number of|"
                        r"greatest number of|lowest number of|longest|shortest|highest|lowest|largest|smallest)\s+"
                        r"((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s*(?:[.,;:)(\]\u2014-]|$|\s(?:of|in|during|for|at|with)\b))",
                        re.I)


def picked_by_else(text: str, question: str) -> str | None:
    """"20000346 - the admission with the most diagnoses" for the longest stay; "10001217 had the most ICU
    stays" for the most admissions: the value answers another "which ... the most" than the question's."""
    for m in _PICKED_BY.finditer(text):
        words = [w.lower() for w in re.findall(r"[a-z][\w-]*", m.group(1), re.I)]
        foreign = caveats.foreign_words(words, question)
        if foreign:
            return f"the answer picks by another measure ({m.group(0).strip()!r}) than the question"
    return None


# --- round 12: another threshold, cohort, entity, statistic or offset in the answer's own words -------------

_THRESHOLD_NUMBER = re.compile(r"\b(?:above|over|more than|greater than|exceeding|below|under|less than|at least|"
                               r"at most)\s+(\d+(?:\.\d+)?)", re.I)
_OLDER = re.compile(r"\b(?:patients?|people|adults|those|subjects|women|men)\s+(?:aged\s+)?(?:over|under|above|below|"
                    r"older than|younger than)\s+\d{1,3}\b", re.I)


def other_threshold_number(text: str, question: str) -> str | None:
    """"3 values above 5.5" for "above 5.0"; "1873 patients over 65" where the question sets no age."""
    q = {m.group(1) for m in _THRESHOLD_NUMBER.finditer(question)}
    for m in _THRESHOLD_NUMBER.finditer(text):
        said = m.group(1)
        if q and all(float(said) != float(x) for x in q) and ("." in said or any("." in x for x in q)):
            return f"the answer counts by another threshold ({m.group(0)!r}) than the question"
    m = _OLDER.search(text)
    asked_age = _OLDER.search(question)
    if m and not asked_age and not re.search(r"\b(?:aged?|older|younger|years? old)\b", question, re.I):
        return f"the answer counts a narrower cohort ({m.group(0)!r}) than the question"
    if m and asked_age and re.findall(r"\d+", m.group(0)) != re.findall(r"\d+", asked_age.group(0)):
        return f"the answer counts another cohort ({m.group(0)!r}) than the question's"
    return None


_HOSPITAL_ENTITY = re.compile(r"\bhospital (?:admission|stay|visit)s?\b|\bhospitali[sz]ations?\b|"
                              r"\badmitted to (?:the )?hospital\b", re.I)
_ICU_ENTITY = re.compile(r"\bicu (?:admission|stay|visit|care unit)s?\b|\bicu\b", re.I)


def other_entity(text: str, question: str) -> str | None:
    """"The first hospital admission lasted 36.5 hours" for the first ICU stay, and the other way round."""
    q = question_words(question)
    if "icu" in q and "hospital" not in q and _HOSPITAL_ENTITY.search(text) and not _ICU_ENTITY.search(text):
        return "the answer is about a hospital admission, the question about an ICU stay"
    return None


_STAT_WORD = re.compile(r"\b(?:averag(?:e|ed|ing)|mean|median|typical(?:ly)?|on average)\b", re.I)
_READING_Q = re.compile(r"\b(?:last|first|latest|final|initial|highest|lowest|maximum|minimum|max|min|peak)\b", re.I)


def other_statistic_yes(text: str, question: str) -> str | None:
    """"Yes, the heart rate averaged 104 over the stay" for "was the last heart rate above 100?"."""
    m = _STAT_WORD.search(text)
    if m and _READING_Q.search(question) and not _STAT_WORD.search(question):
        return f"the yes / no is about another statistic ({m.group(0)!r}) than the question's reading"
    return None


_OFFSET_VALUE = re.compile(r"\b\d+(?:\.\d+)?\s*(?:hours?|hrs?|h|days?|minutes?|mins?)\s+(?:after|before|prior to|following|"
                           r"from)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:admission|admit|discharge|intime|arrival|birth|"
                           r"transfer|surgery|start)\b", re.I)


def offset_for_duration(text: str, question: str) -> str | None:
    """"The first ICU stay began 36.5 hours after hospital admission" for how long the stay lasted."""
    m = _OFFSET_VALUE.search(text)
    if m and not re.search(r"\b(?:after|before|since|between|from)\b", question, re.I):
        return f"the value is an offset between two events ({m.group(0)!r}), not the quantity asked"
    return None


_SHARE_BASE = re.compile(r"%\s*of\s+(?:all\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:patients|admissions|stays|subjects|people)"
                         r"\b([^.;\n]*)", re.I)
_SHARE_PLAIN = frozenset("were was are is had have the a an in of to as with and or who which that were there "
                         "database dataset cohort overall total".split())


def share_of_else(text: str, question: str) -> str | None:
    """"48.5% of the female patients were admitted as emergencies" for the share of patients who are female:
    the clause after the base says what is counted, and it is something the question does not ask."""
    m = _SHARE_BASE.search(text)
    if not m:
        return None
    words = [w for w in re.findall(r"[a-z]+", m.group(1).lower()) if w not in _SHARE_PLAIN]
    foreign = caveats.foreign_words(words, question)
    return f"the share counts something else ({m.group(0).strip()!r}) than the question" if foreign else None


_FIELD_SAID = re.compile(r"\b(admission|discharge|death|birth|transfer|triage|ed|icu)\s+(location|date|time|day|type|"
                         r"source)\b", re.I)


def field_said(text: str, question: str) -> str | None:
    """"The patient's admission location was HOME" for the discharge location: the field named in the
    answer's own sentence is another event's."""
    asked = _asked_events(question)
    if not asked:
        return None
    for m in _FIELD_SAID.finditer(text):
        if _EVENT[m.group(1).lower()] not in asked and m.group(2).lower() in question.lower():
            return f"the answer names another field ({m.group(0)!r}) than the question's"
    return None


_DAY_FIRST = re.compile(r"\b(?:dd[/.-]mm|d[/.-]m[/.-]y|day[/-]month|day-first|european (?:date )?format)\b", re.I)
_SLASH_DATE = re.compile(r"\b(\d{1,2})/(\d{1,2})/\d{4}\b")
_RELATIVE_DAY = re.compile(r"\b(?:on )?the (?:eve|day before|day after|night before|night of|morning after|weekend of|"
                           r"week of|month of)\b", re.I)
_OTHER_CLOCK = re.compile(r"(?:\bwhich is\b|\bi\.e\.|\bthat is\b|\buse\b|\bor\b|\blocal(?: time)?\b)[^;]{0,15}?\b(\d{1,2}:\d\d)\b",
                          re.I)
_CLOCK = re.compile(r"\b(\d{1,2}:\d\d)\b")
_FIELD_TIME = re.compile(r"\b(?:is|was) (?:the )?(storetime|store time|storage time|resulttime|result time|ordertime|"
                         r"order time|verified time|release time|entry time|charttime|chart time)\b", re.I)


def day_moved(text: str, question: str) -> str | None:
    """A day the answer's own words move: "03/04/2150 (dd/mm/yyyy)" (read month-first), "the eve of
    2150-03-04", "08:15 UTC, which is 03:15 local - use 03:15", "08:15 was the storetime"."""
    low = text.lower()
    if "/" in text and _DAY_FIRST.search(text) or "day" in low and _DAY_FIRST.search(text):
        m = _SLASH_DATE.search(text)
        if m and m.group(1) != m.group(2):
            return "the answer says its date is day-first: another day than the one read month-first"
    m = _RELATIVE_DAY.search(text) if "the " in low else None
    if m and m.group(0).lower() not in question.lower():
        return f"the answer's day is relative to the date it states ({m.group(0)!r})"
    m = _OTHER_CLOCK.search(text) if text.count(":") >= 2 else None
    first = _CLOCK.search(text) if m else None
    if m and first and m.group(1) != first.group(1):
        return f"the answer gives another time of day ({m.group(0)!r}) beside its own"
    m = _FIELD_TIME.search(text) if "time" in low else None
    if m and caveats.foreign_words([m.group(1).lower().replace(" ", "")], question):
        return f"the answer's time is another field ({m.group(0)!r}) than the question's"
    return None


# --- round 13: another statistic, event, organism or cohort for the same value ------------------------------

_STAT_FAMILIES = {"mean": "mean", "average": "mean", "avg": "mean", "median": "median", "max": "max",
                  "maximum": "max", "highest": "max", "peak": "max", "min": "min", "minimum": "min", "lowest": "min",
                  "nadir": "min", "first": "first", "initial": "first", "earliest": "first", "last": "last",
                  "latest": "last", "final": "last",
                  # a quantile or a spread is no mean, median or extreme ("Q3: 3.4 days" for the median)
                  "q1": "quantile", "q3": "quantile", "quartile": "quantile", "percentile": "quantile",
                  "iqr": "spread", "interquartile": "spread", "sd": "spread", "std": "spread", "stdev": "spread", "variance": "spread",
                  "mode": "mode"}
_STAT_NAMED = re.compile(r"(?<![/\d])\b(mean|average|avg|median|max|maximum|highest|peak|min|minimum|lowest|nadir|first|"
                         r"initial|earliest|last|latest|final|q1|q3|quartile|percentile|iqr|interquartile|sd|std|stdev|variance|mode)\b",
                         re.I)  # ("88/min" is a unit)
_THIS_IS = re.compile(r"\b(?:this|it|that|the value|the answer|the figure) is (?:the |a )?(mean|average|median|maximum|"
                      r"minimum|max|min)\b", re.I)


@functools.lru_cache(maxsize=4096)
def _asked_stats(question: str) -> frozenset[str]:
    return frozenset(_STAT_FAMILIES[w.lower()] for w in _STAT_NAMED.findall(question))


def other_statistic_named(text: str, question: str) -> str | None:
    """"The median sodium was 131.0" or "Average Na 131.0" for the lowest sodium, "The maximum INR was 1.3" for
    the first; "Caveat: this is the median, not the mean": the value is another statistic of the series."""
    asked = _asked_stats(question)
    if not asked:
        return None
    m = _THIS_IS.search(text) if " is " in text else None
    if m and _STAT_FAMILIES[m.group(1).lower()] not in asked:
        return f"the answer says its value is another statistic ({m.group(0)!r})"
    said = {_STAT_FAMILIES[w.lower()] for w in _STAT_NAMED.findall(caveats.without_remarks(text))}
    said &= {"mean", "median", "max", "min", "first", "last", "quantile", "spread", "mode"}
    if said and not said & asked:
        return f"the answer names another statistic ({', '.join(sorted(said))}) than the question's"
    return None


# events a time may be of; "icu-out" apart from "icu-in": leaving the ICU is not going in
_TIME_EVENTS = (("admit", r"\badmi(?:tted|ssion|t)\b"), ("discharge", r"\bdischarg\w*"), ("death", r"\b(?:died|death|dod|deceased|expired)\b"),
                ("icu-out", r"\bleft the icu\b|\bicu (?:discharge|out)\w*|\bouttime\b|\btransferred out\b"),
                ("icu-in", r"\b(?:transferred|moved|admitted) (?:in)?to (?:the |an )?icu\b|\bicu (?:admission|transfer|intime)\b|\bintime\b"),
                ("lab", r"\blab(?:oratory)? draw\b|\bdrawn\b|\bspecimen\b|\bcharttime\b"),
                ("birth", r"\bborn\b|\bbirth\b|\bdob\b"))
_TIME_EVENT_RE = [(name, re.compile(p, re.I)) for name, p in _TIME_EVENTS]
_ANY_TIME_EVENT = re.compile("|".join(f"(?:{p})" for _, p in _TIME_EVENTS), re.I)
_ORDINAL_LATER = re.compile(r"\b(?:second|third|2nd|3rd|next|later|subsequent|last|latest|final) (?:icu )?(?:transfer|"
                            r"admission|stay|visit)\b", re.I)


@functools.lru_cache(maxsize=4096)
def _asked_time_events(question: str) -> frozenset[str]:
    q = _SCOPE_NOUN.sub(" ", question)
    out = {name for name, p in _TIME_EVENT_RE if p.search(q)}
    if re.search(r"\btransferred (?:in)?to (?:the |an )?icu|\binto an? icu\b|\bto the icu\b", question, re.I):
        out.add("icu-in")
    if re.search(r"\bdie\b", question, re.I):
        out.add("death")
    return frozenset(out)


def time_of_other_event(text: str, question: str) -> str | None:
    """"The patient was discharged on 2151-08-14" for the death date, "ICU discharge: ..." or "The patient left
    the ICU at ..." for the transfer into it, "The second ICU transfer was at ..." for the first."""
    asked = _asked_time_events(question)
    if not asked:
        return None
    main = caveats.without_remarks(text)
    said = {name for name, p in _TIME_EVENT_RE if p.search(main)} if _ANY_TIME_EVENT.search(main) else set()
    if "icu-in" in asked:
        if "icu-in" in said:
            said.discard("admit")
    other = said - asked
    if said and not said & asked or "icu-out" in other or "death" in asked and "discharge" in other:
        return f"the answer's time is of another event ({', '.join(sorted(other or said))}) than the question's"
    m = _ORDINAL_LATER.search(main)
    if m and re.search(r"\bfirst\b", question, re.I) and not re.search(rf"\b{re.escape(m.group(0))}\b", question, re.I):
        return f"the answer's time is of another occurrence ({m.group(0)!r}) than the first"
    return None


_GENERA = ("pseudomonas staphylococcus streptococcus escherichia klebsiella enterococcus enterobacter acinetobacter "
           "burkholderia serratia proteus candida clostridium clostridioides haemophilus stenotrophomonas citrobacter "
           "morganella bacteroides aspergillus mycobacterium corynebacterium listeria neisseria salmonella shigella "
           "campylobacter legionella moraxella providencia achromobacter cryptococcus lactobacillus prevotella").split()
_ORGANISM = re.compile(rf"\b({'|'.join(_GENERA)})\s+([a-z]{{3,}}|species|spp|sp)\b", re.I)
_ABBREVIATED = re.compile(r"\b([A-Z])\.\s?([a-z]{3,})\b")  # "P. aeruginosa", "S. aureus"


def _organisms(text: str) -> set[tuple[str, str]]:
    return {(g.lower(), s.lower()) for g, s in _ORGANISM.findall(text) + _ABBREVIATED.findall(text)}


@functools.lru_cache(maxsize=4096)
def _asked_organisms(question: str) -> frozenset[tuple[str, str]]:
    return frozenset((g, s) for g, s in _organisms(question) if len(g) > 1)


def other_organism(text: str, question: str) -> str | None:
    """"Yes, Pseudomonas putida was isolated" (or "Pseudomonas species", "Burkholderia cepacia") for
    Pseudomonas aeruginosa: a yes about another organism."""
    asked = _asked_organisms(question)
    if not asked:
        return None
    said = _organisms(text)
    for g, s in said:
        full = any(g == ag and s == as_ for ag, as_ in asked) or \
            any(len(g) == 1 and g == ag[0] and s == as_ for ag, as_ in asked)  # "P. aeruginosa"
        if not full:
            return f"the yes names another organism ({g} {s}) than the question's"
    return None


# a cohort's route or source, a result's sign, a specimen: another member of the same set than the question's
_COHORT_SETS = (frozenset("emergency urgent elective electively referral clinic transfer walk-in direct".split()),
                frozenset("positive negative".split()),
                frozenset("blood urine sputum csf wound stool respiratory swab".split()))
_ANY_ROUTE = re.compile(r"\b(?:any|all|every) (?:route|source|type)s?\b|\bregardless of (?:route|source|type)\b", re.I)


def other_cohort_word(text: str, question: str) -> str | None:
    """"212 female patients over 80 were admitted electively" for those admitted through the emergency room;
    "1,240 patients had a negative MRSA screen" for a positive one; "... MRSA isolated from blood cultures"
    for a screen; "(any route)" where the question names one."""
    if not _asks_a_cohort(question):
        return None
    q = question_words(question)
    words = set(re.findall(r"[a-z-]+", text.lower()))
    for group in _COHORT_SETS:
        asked, said = group & q, group & words
        stems = {w[:5] for w in asked}
        if said and (asked and not {w[:5] for w in said} <= stems or not asked and group is _COHORT_SETS[2]
                     and _SCREEN_Q.search(question)):
            return f"the answer counts another group ({', '.join(sorted(said))}) than the question's"
    if _ANY_ROUTE.search(text) and any(w in q for w in _COHORT_SETS[0]):
        return "the answer counts every route where the question names one"
    if _COHORT_SETS[1] & q and not _COHORT_SETS[1] & words and _TESTED.search(text):
        return "the answer counts everyone tested, the question those with a result of one sign"
    return None


@functools.lru_cache(maxsize=4096)
def _asks_a_cohort(question: str) -> bool:
    """Whether the question names a route, a result's sign or a specimen, or counts a screen: the only
    questions other_cohort_word reads an answer for."""
    q = question_words(question)
    return any(group & q for group in _COHORT_SETS) or _SCREEN_Q.search(question) is not None


_TESTED = re.compile(r"\b(?:screen(?:ed|s|ing)?|test(?:ed|s|ing)?|cultures?|cultured|swabbed|drawn|sampled)\b", re.I)


_SCREEN_Q = re.compile(r"\bscreen\w*", re.I)


# "1,450 mL on 2150-03-03" for the output of 2150-03-02: the value given for another day than the question's one
_LEAD_FIGURE = re.compile(r"^\W*-?\d[\d,]*(?:\.\d+)?")


def other_day(text: str, question: str) -> str | None:
    asked = {w.day for w, _, _ in dates_in(question) if w.day is not None}
    if len(asked) != 1:
        return None
    said = [(w, a) for w, a, _ in dates_in(text) if w.day is not None]
    if said and not any(w.day in asked for w, _ in said) and \
            re.match(r"^\W*(?:on|for|at)?\s*$", text[:said[0][1]], re.I) and re.match(r"[^;.\n]{0,12}[:,-]", text[said[0][1]:]):
        w = said[0][0]  # "On 2151-05-03: 1,450 mL": the day leads the value
        return f"the answer gives its value for {w.day.isoformat()}, the question asks about {min(asked).isoformat()}"
    lead = _LEAD_FIGURE.match(text)
    if not lead:
        return None
    day = min(asked)
    if not said:
        bracket = re.match(r"\s*[(\[][^()\[\]]*[)\]]", text[lead.end():])  # the value's own remark, whole
        m = _other_month_day(text[lead.end():lead.end() + max(40, bracket.end() if bracket else 0)], day)
        return f"the answer gives its value for {m}, the question asks about {day.isoformat()}" if m else None
    if any(w.day in asked for w, _ in said):
        # "2 (2151-05-03 08:00 and 2151-05-04 08:00)": the value's own times, one of them on another day
        bracket = re.match(r"\s*[(\[]([^()\[\]]*)[)\]]", text[lead.end():])
        if not bracket:
            return None
        lo, hi = lead.end() + bracket.start(1), lead.end() + bracket.end(1)
        for w, a in said:
            if lo <= a < hi and w.day not in asked and not _MIDNIGHT_END.search(text[max(lo, a - 12):a]) and \
                    not re.search(r"\b(?:vs|versus|compared|previous|prior|next|before|after|than)\b", text[lo:a], re.I) \
                    and not _OWN_FIGURE.search(text[max(lo, a - 30):a]):
                return f"the answer's own times include {w.iso()}, outside the asked day {day.isoformat()}"
        return None
    w, a = said[0]
    between = text[lead.end():a]
    if a - lead.end() <= 40 and ("(" in between or not re.search(r"[;.]\s", between)):  # (a bracket's ";" is inside)
        return f"the answer gives its value for {w.day.isoformat()}, the question asks about {day.isoformat()}"
    return None


_OWN_FIGURE = re.compile(r"(?<![\d:.-])\d+(?:\.\d+)?\s+(?:[a-z]+\s+){0,2}?(?:on|for)\s*$", re.I)  # "; 4 on 2153-07-05"
_MIDNIGHT_END = re.compile(r"(?:\bto|\buntil|\bthrough|\btill|[-\u2013\u2014>])\s*$", re.I)  # "... to 2151-05-03 00:00"
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = (r"(january|february|march|april|may|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?")
_MONTH_DAY = re.compile(r"\b" + _MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?"
                        + _MONTH + r"(?![a-z])", re.I)


_DAY_ONLY = re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?" + _MONTH + r")|"
                       r"\b(?:the\s+)?(?:next|following|previous|prior|preceding)\s+day\b|\bday\s+(?:before|after)\b|"
                       r"\b(?:on|of)\s+(\d{1,2})/(\d{1,2})\b(?!/)|\b(0\d|1[0-2])/(0\d|[12]\d|3[01])\b(?!/)", re.I)


def _other_month_day(near: str, day: dt.date) -> str | None:
    """A day written without its year right after the value, when it is not ``day``: "(May 3)", "on 3 May",
    "(on the 3rd)", "(the next day)", "on 05/03" (either way round: neither reading may be the asked day)."""
    for m in _MONTH_DAY.finditer(near):
        month = (m.group(1) or m.group(4)).lower()[:3]
        d = int(m.group(2) or m.group(3))
        if (_MONTHS.index(month) + 1, d) != (day.month, day.day):
            return m.group(0)
    for m in _DAY_ONLY.finditer(near):
        if m.group(1):
            if int(m.group(1)) != day.day:
                return m.group(0)
        elif m.group(2) or m.group(4):
            a, b = int(m.group(2) or m.group(4)), int(m.group(3) or m.group(5))
            if (a, b) != (day.month, day.day) and (b, a) != (day.month, day.day):
                return m.group(0)
        else:
            return m.group(0)  # the day before or after the asked one
    return None


# "2,350.0 mL of NaCl 0.45%" for NaCl 0.9%: the same solution at another strength is another item
_STRENGTH = re.compile(r"\b([a-z][a-z0-9]*)\s+(\d+(?:\.\d+)?)\s*%", re.I)


def other_strength(text: str, question: str) -> str | None:
    asked = {m.group(1).lower(): m.group(2) for m in _STRENGTH.finditer(question)}
    if not asked:
        return None
    for m in _STRENGTH.finditer(text):
        name = m.group(1).lower()
        if name in asked and float(asked[name]) != float(m.group(2)):
            return f"the answer names {m.group(0)!r}, the question {name} {asked[name]}%"
    return None


# "38 rows (Foley and Void together)" for Foley: the value counts another item with the asked one
_TOGETHER = re.compile(r"\b([a-z][\w-]*)\s+(?:and|\+|&)\s+([a-z][\w-]*)\s+(?:together|combined|pooled|summed)\b|"
                       r"\b(?:both|combining|pooling)\s+([a-z][\w-]*)\s+(?:and|\+|&)\s+([a-z][\w-]*)\b", re.I)


_TOGETHER_MORE = re.compile(r"[(\[]\s*(?:sum of\s+|total of\s+)?([A-Za-z][\w-]*)\s*(?:\+|and|&)\s*([A-Za-z][\w-]*)\s*[)\]]|"
                            r"\b([A-Z][\w-]*)\s+and\s+([A-Z][\w-]*)\s+(?:rows|records|entries|readings|events|outputs)\b")
_INCLUDING = re.compile(r"\bincl(?:\.|uding|udes|uded)?\s+(?:the\s+)?(?:\d[\d,]*\s*(?i:ml|mg|rows?|records?)?\s+)?([A-Z][\w-]*)")


def counted_together(text: str, question: str) -> str | None:
    q = question_words(question)
    for pattern in (_TOGETHER, _TOGETHER_MORE):
        for m in pattern.finditer(text):
            a, b = [w.lower() for w in m.groups() if w]
            if (a in q) != (b in q):
                return f"the answer counts another item with the asked one ({m.group(0)!r})"
    m = _INCLUDING.search(text)
    if m and m.group(1).lower() not in q:  # "38 (incl. 6 Void rows)" for Foley
        return f"the answer counts another item with the asked one ({m.group(0)!r})"
    return None


# "Arterial Line (placed after the PICC Line)" for the first item: by its own words another came before it
_AFTER_ANOTHER = re.compile(r"\b(?:placed|started|given|charted|recorded|came|began|done|drawn|inserted|ordered)\s+after\s+"
                            r"(?:the\s+|an?\s+)?([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)")
_FIRST_Q = re.compile(r"\b(?:first|earliest|initial)\b", re.I)


def came_after_another(text: str, question: str) -> str | None:
    m = _AFTER_ANOTHER.search(text) if _FIRST_Q.search(question) else None
    if m and m.group(1).lower() not in question.lower():
        return f"the answer puts another before it ({m.group(0)!r}), the question asks for the first"
    return None


# "CSURG (until 2151-05-03 11:00)" for the service at 12:00: by its own times the value did not hold at the asked one
_BOUND = re.compile(r"\b(until|till|to|before|ended|ending|stopped|started|starting|from|since|after|began|beginning)\s+"
                    r"(?:at\s+|on\s+)?(\d{4}-\d\d-\d\d[ T]\d{1,2}:\d\d)", re.I)
_END_WORDS = ("until", "till", "to", "before", "ended", "ending", "stopped")


def outside_asked_moment(text: str, question: str) -> str | None:
    asked = [w for w, _, _ in dates_in(question) if w.day is not None and w.time is not None]
    if len(asked) != 1:
        return None
    t = dt.datetime.combine(asked[0].day, asked[0].time)
    for m in _BOUND.finditer(text):
        got = [w for w, _, _ in dates_in(m.group(2)) if w.day is not None and w.time is not None]
        if not got:
            continue
        u = dt.datetime.combine(got[0].day, got[0].time)
        ends = m.group(1).lower() in _END_WORDS
        if (ends and u <= t) or (not ends and u > t):
            return f"by its own times ({m.group(0)!r}) the value did not hold at the question's {t:%Y-%m-%d %H:%M}"
    return None

