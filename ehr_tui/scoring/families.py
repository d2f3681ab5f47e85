"""Members of one family of ICU quantities, events and groups that exclude each other: fluid input, output,
urine and balance; the GCS total and its components; pain, sedation and goals; care units; services; the
times of intubation, extubation and re-intubation; ages at death and at admission. A careful grader reads
"The total fluid output was 2450 mL" as no answer to a question about fluid input, "The lowest GCS motor score
was 8" as none about the total, and "Mean LOS for SICU stays was 3.41" as none about MICU: the clause that
holds the value is about another member of the family the question names. And "The ICU stay started at
04:12; intubation came later" puts the asked event elsewhere, after the value."""

from __future__ import annotations

import functools
import re
from typing import Any

from ..mimic.schema import tables
from .subjects import asked_drugs, drugs

# a question's own scope ("during ICU stay 31205490", "of admission 2000"): where it asks, not what
_SCOPE = re.compile(r"\b(?:(?:during|in|for|of|within|throughout)\s+(?:the|their|this|that|his|her)\s+|during\s+)"
                    r"(?:icu\s+stay|hospital\s+stay|stay|admission|hospitali[sz]ation)(?:\s+(?:id\s*)?#?\d{5,})?\b|"
                    r"\b(?:icu\s+stay|hospital\s+stay|stay|admission)\s+(?:id\s*)?#?\d{5,}\b", re.I)
# a remark with figures of its own ("8 (eye 2, verbal 2, motor 4)", "2450 mL (output 1800 mL)"): its words are
# about its figures, not the value's; so is a dash's tail with figures ("8 - eye 2, verbal 2, motor 4")
_FIGURED_REMARK = re.compile(r"[(\[][^()\[\]]*\d[^()\[\]]*[)\]]|\s[-\u2013\u2014]\s[^()\[\]]*\d[^()\[\]]*$")
# an aside about another event before or after the value ("(extubated two days later)", "- the dialysis catheter
# had been placed the day before", "- cross-checked against hcpcsevents"): context, not the value's subject
_ASIDE_WORDS = (r"later|earlier|afterwards?|after|before|prior|followed|then|next|subsequent\w*|previous\w*|"
                r"also|as well|cross-?checked|checked against|confirmed|matches|consistent|same")
_ASIDE = re.compile(rf"[(\[][^()\[\]]*\b(?:{_ASIDE_WORDS})\b[^()\[\]]*[)\]]|"
                    rf"(?:\s[-\u2013\u2014;]\s|,\s+(?:which|that|this|and\s+this)\s)[^()\[\]]*\b(?:{_ASIDE_WORDS})\b"
                    rf"[^()\[\]]*$", re.I)
# the whole a part is taken of, leading the clause ("Of the 98-hour ICU stay, 52.5 hours were ...")
_WHOLE_FIRST = re.compile(r"^\W*(?:of|out of|from|among)\s+(?:the\s+|all\s+)?[^,;]{1,50},", re.I)
_TOTAL_BEFORE = re.compile(r"\b(?:total|in total|overall|altogether|in all|sum|summed)\b\W*(?:[\w-]+\W+){0,2}$", re.I)


class _Family:
    """A family: the words a question must name for it to apply (``gate``), and its members in the order their
    patterns are tried at one place (the more specific first: "urine output" before "output")."""

    def __init__(self, name: str, gate: str, members: tuple[tuple[str, str], ...], *, scoped: bool = True,
                 flags: int = re.I, kinds: tuple[str, ...] = ("count", "measurement", "date", "timestamp"),
                 needs: str = ""):
        self.name = name
        self.gate = re.compile(gate, flags)
        self.needs = re.compile(needs, re.I) if needs else None  # and the question must say this too
        self.names = [m for m, _ in members]
        self.any = re.compile("|".join(f"(?P<m{i}>{p})" for i, (_, p) in enumerate(members)), flags)
        self.scoped = scoped  # read after the question's scope phrase is taken out
        self.kinds = kinds

    def said(self, text: str) -> frozenset[str]:
        return frozenset(self.canon(self.names[int(m.lastgroup[1:])]) for m in self.any.finditer(text))

    def canon(self, member: str) -> str:
        return _SOURCES.get(member, member) if self.name == "table" else member

    def subject(self, text: str, start: int, end: int) -> str | None:
        """The member the value at text[start:end] is given for: the one named nearest to it, before it
        ("Total output (urine + drains) was 1180") or after it ("2450 mL of fluid input", "79 at death" beside
        "78 when admitted and"); on a tie the one before."""
        best, gap = None, None
        for m in self.any.finditer(text):
            d = start - m.end() if m.end() <= start else m.start() - end if m.start() >= end else None
            if d is not None and m.start() >= end and re.match(r"[\s:=\"']{0,4}\d|[\w ]{0,12}[\"']\s*:", text[m.end():]):
                continue  # "2155-02-10 14:00, ended 2155-02-16", '..., "fluid_input_ml": 2900': the next figure's label
            if d is not None and (gap is None or d < gap or d == gap and m.end() <= start):
                best, gap = m, d
        return self.canon(self.names[int(best.lastgroup[1:])]) if best else None


_FAMILIES = (
    _Family("fluid", r"\b(?:fluids?|input|intake|output|urine|balance)\b", (
        ("urine", r"\burine(?:\s+output)?\b|\burinary(?:\s+output)?\b|\buop\b|\bfoley\b|\bvoid(?:ed|s)?\b"),
        ("balance", r"\b(?:net\s+)?(?:fluid\s+)?balance\b|\bnet\b"),
        ("output", r"\b(?:fluid\s+)?outputs?\b|\bdrains?\b|\bdrainage\b"),
        ("input", r"\b(?:fluid\s+)?inputs?\b|\bintake\b|\binfused\b"))),
    _Family("gcs", r"\bgcs\b|\bglasgow\b", (
        ("motor", r"\b(?:gcs\s+)?motor\b"), ("verbal", r"\b(?:gcs\s+)?verbal\b"),
        ("eye", r"\b(?:gcs\s+)?eyes?(?:\s+opening)?\b"),
        ("total", r"\btotal\b|\bgcs\b|\bglasgow coma (?:scale|score)\b|\bglasgow\b"))),
    _Family("scale", r"\bpain\b|\brass\b|\bsedation\b|\bcpot\b|\bagitation\b", (
        ("goal", r"\b(?:pain\s+)?(?:goal|target)\b|\bacceptable\s+(?:pain\s+)?level\b"),
        ("pain", r"\bpain\b"), ("rass", r"\brass\b|\brichmond\b|\bsedation\b|\bagitation\b"),
        ("cpot", r"\bcpot\b"))),
    # MIMIC-IV's care units (icustays.first_careunit): "Medical/Surgical Intensive Care Unit (MICU/SICU)" is a
    # unit of its own, and "Neuro SICU" another than SICU
    _Family("careunit", r"\b(?:micu|sicu|cvicu|ccu|tsicu|nsicu|csru|pacu)\b|\bintensive care unit\b|"
                        r"\bcoronary care\b", (
        ("micu/sicu", r"\bmicu\s*/\s*sicu\b|\bmedical\s*/\s*surgical\b"),
        ("neuro sicu", r"\bneuro[- ]?sicu\b|\bnsicu\b|\bneuro surgical intensive care\b"),
        ("tsicu", r"\btsicu\b|\btrauma sicu\b|\btrauma surgical\b"),
        ("cvicu", r"\bcvicu\b|\bcardiac vascular intensive care\b|\bcardiovascular icu\b"),
        ("ccu", r"\bccu\b|\bcoronary care unit\b"), ("csru", r"\bcsru\b"), ("pacu", r"\bpacu\b"),
        ("micu", r"\bmicu\b|\bmedical intensive care\b|\bmedical icu\b"),
        ("sicu", r"\bsicu\b|\bsurgical intensive care\b|\bsurgical icu\b"))),
    # services (services.curr_service): upper-case codes, read as written ("MED" is no word "med")
    _Family("service", r"\b(?:MED|CMED|NMED|OMED|SURG|CSURG|NSURG|TSURG|VSURG|PSURG|ORTHO|TRAUM|GU|GYN|OBS|ENT|"
                       r"DENT|PSYCH|NB|NBB)\b", tuple((c, rf"\b{c}\b") for c in (
                           "CMED NMED OMED CSURG NSURG TSURG VSURG PSURG SURG MED ORTHO TRAUM GU GYN OBS ENT DENT "
                           "PSYCH NBB NB").split()), flags=0, kinds=("count", "measurement", "string")),
    # the window a total or a count is taken over: the stay the question scopes it to is all of it ("during ICU
    # stay 31205490"), the first day is not; a reading's window only says when it fell ("highest on day 2")
    _Family("window", r"\bduring\s+(?:the\s+|their\s+|this\s+)?(?:icu\s+stay|stay|admission|hospital\s+stay)\b|"
                      r"\bfirst(?:[- ]icu)?[- ]day\b|\bday\s+(?:1|2|3|one|two|three)\b|\bfirst\s+24\b|"
                      r"\b(?:second|third|last)\s+(?:icu\s+)?day\b", (
        ("first day", r"\bfirst(?:[- ]icu)?[- ]day\b|\b(?:icu\s+)?day\s+(?:1|one)\b|\bfirst\s+24\s*(?:h\b|hrs?\b|hours?\b)|"
                      r"\bwithin\s+24\s+hours\b"),
        ("second day", r"\b(?:second|2nd)(?:[- ]icu)?[- ]day\b|\b(?:icu\s+)?day\s+(?:2|two)\b"),
        ("third day", r"\b(?:third|3rd)(?:[- ]icu)?[- ]day\b|\b(?:icu\s+)?day\s+(?:3|three)\b"),
        ("last day", r"\blast(?:[- ]icu)?[- ]day\b|\bfinal day\b"),
        ("whole stay", r"\b(?:whole|entire|full|complete)\s+(?:icu\s+|hospital\s+)?(?:stay|admission)\b|"
                       r"\bduring\s+(?:the\s+|their\s+|this\s+)?(?:icu\s+stay|stay|admission|hospital\s+stay)\b|"
                       r"\b(?:for|over|across)\s+the\s+(?:icu\s+)?stay\b")),
        scoped=False, needs=r"\btotal\b(?!\s+(?:gcs|glasgow))|\bsum\b|\bhow much\b|\bhow many\b|\bamount\b|\bnet\b|\bbalance\b|"
                            r"\bcumulative\b", kinds=("count", "measurement")),
    # what a duration is of, and which stay is the longest
    _Family("duration", r"\bventilat\w*|\bintubat\w*|\blength of stay\b|\blos\b|\blongest\b|\bshortest\b", (
        ("niv", r"\bnon-?invasive\b|\bniv\b|\bbipap\b|\bcpap\b|\bnippv\b"),
        ("high-flow", r"\bhigh[- ]flow\b|\bhfnc\b"),
        ("ventilation", r"\b(?:invasive\s+)?(?:mechanical(?:ly)?\s+)?ventilat\w*|\bintubat\w*|\bvent\b"),
        ("icu stay", r"\bicu\s+(?:stays?|los|length of stay)\b|\blength of (?:the )?icu stays?\b|\bin the icu\b"),
        ("hospital stay", r"\bhospital\s+(?:stays?|los|length of stay|admissions?)\b|\bhospitali[sz]ations?\b")),
        kinds=("measurement", "identifier")),
    # the events of an airway
    _Family("airway", r"\bintubat\w*|\bextubat\w*", (
        ("re-intubation", r"\bre-?intubat\w*"), ("extubation", r"\bextubat\w*"),
        ("ventilator", r"\bventilator\s+(?:setting|start|mode)\w*|\bvent(?:ilator)?\s+settings?\b"),
        ("icu start", r"\bicu\s+(?:stay\s+)?(?:started|began|start|admission)\b|\bintime\b"),
        ("intubation", r"\bintubat\w*")), kinds=("date", "timestamp")),
    _Family("dialysis", r"\bdialy\w*|\bhemodialy\w*|\bcrrt\b", (
        ("catheter", r"\b(?:dialysis\s+|hd\s+|quinton\s+)?catheter\b|\bquinton\b"),
        ("consult", r"\b(?:nephrology|renal)\s+consult\w*|\bconsult\w*"),
        ("dialysis", r"\bdialy[sz]\w*|\bhemodialy\w*|\bcrrt\b|\bcvvhd?f?\b|\bsessions?\b")),
        kinds=("date", "timestamp")),
    # what became of a dose (emar's event_txt): given, not given, only scheduled or ordered
    _Family("status", r"\badministered\b|\badministrations?\b|\bdocumented\b|\bemar\b", (
        ("not given", r"\bnot\s+(?:given|administered|documented)\b|\bheld\b|\brefused\b|\bmissed\b|\bskipped\b|"
                      r"\bdeclined\b|\bcancell?ed\b"),
        ("scheduled", r"\bscheduled\b|\bdue\b|\bplanned\b|\bordered\b|\bprescribed\b|\bprescriptions?\b"),
        ("given", r"\badministered\b|\bgiven\b|\bdocumented\b|\bcharted\b|\binfused\b|"
                  r"\bapplied\b"))),
    # the ends of a course of a drug or a device (prescriptions starttime / stoptime)
    _Family("course", r"\bstart\w*|\bstopp?\w*|\bbegan\b|\bbegin\w*|\bended\b|\bdiscontinu\w*|\binitiat\w*", (
        ("stop", r"\bstopp?(?:ed|s|time|ping)?\b|\bended\b|\bdiscontinu\w*|\bfinished\b|\bceased\b|\bremoved\b"),
        ("order", r"\bordered\b|\border(?:ing)?\s+time\b|\bverified\b"),
        ("start", r"\bstart(?:ed|s|time|ing)?\b|\bbegan\b|\bbegin\w*|\binitiat\w*|\bcommenced\b")),
        kinds=("date", "timestamp")),
    # the moment an age is taken at
    _Family("age at", r"\bhow old\b|\bage at\b|\baged?\b", (
        ("death", r"\bdied\b|\bdeath\b|\bdod\b|\bdeceased\b|\bexpired\b"),
        ("admission", r"\badmi(?:tted|ssions?|t)\b")), scoped=False, kinds=("measurement", "count")),
)


# the MIMIC-IV table a value comes from (the schema's own names): a date from hcpcsevents is none from
# procedures_icd. A table and its detail table are one source; the dictionaries, patients and admissions are
# joined to every other table, so they name no source of their own.
_JOINED = frozenset("patients admissions provider caregiver".split())
_SOURCES: dict[str, str] = {}
for _t in tables():
    if not _t.name.startswith("d_") and _t.name not in _JOINED:
        _SOURCES[_t.name] = _t.name.removesuffix("_detail")
_FAMILIES = _FAMILIES + (
    _Family("table", r"\b(?:" + "|".join(sorted(_SOURCES, key=len, reverse=True)) + r")\b",
            tuple((name, rf"\b(?:mimiciv[_ ]\w+\.)?{name.replace('_', '[_ ]')}\b")
                  for name in sorted(_SOURCES, key=len, reverse=True)),
            scoped=False, kinds=("count", "measurement", "date", "timestamp", "string", "identifier")),)


@functools.lru_cache(maxsize=4096)
def _asked(question: str) -> tuple[tuple[_Family, frozenset[str]], ...]:
    """The families the question names, each with the members it names; cached per question."""
    out = []
    unscoped = _SCOPE.sub(" ", question)
    for fam in _FAMILIES:
        q = unscoped if fam.scoped else question
        if fam.gate.search(q) and (fam.needs is None or fam.needs.search(q)):
            members = fam.said(q)
            if members:
                out.append((fam, members))
    return tuple(out)


_CLAUSE = re.compile(r";|\.\s+(?=[A-Z])|\s+but\s+|,\s+(?:though|although|whereas|while)\s+|\n")


def _clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE.split(text) if c.strip()]


def _gold_forms(gold: Any) -> list[str]:
    """How the gold value is written in an answer: a number with and without its thousands commas (or its
    decimals), a time as date and clock together, then its clock (a date may be the day of several events),
    then its date; nothing for other values."""
    if isinstance(gold, str):
        m = re.match(r"(\d{4}-\d\d-\d\d)(?:[ T](\d\d:\d\d))?", gold)
        forms = [f for f in (m.groups() if m else ()) if f]
        return ([f"{forms[0]} {forms[1]}", f"{forms[0]}T{forms[1]}"] if len(forms) == 2 else []) + forms[::-1]
    if isinstance(gold, (int, float)) and not isinstance(gold, bool):
        g = float(gold)
        return [f"{g:,.0f}", f"{g:.0f}"] if g == int(g) else [repr(g)]
    return []


def _value_clause(clauses: list[str], gold: Any) -> tuple[int, int, int] | None:
    """The clause that holds the gold value as written, else the first that holds a digit, with where the value
    starts and ends in it."""
    for form in _gold_forms(gold):
        pat = re.compile(rf"(?<![\d.]){re.escape(form)}(?![\d])")
        for i, c in enumerate(clauses):
            m = pat.search(c)
            if m:
                return i, m.start(), m.end()
    for i, c in enumerate(clauses):
        m = re.search(r"\d[\d,.:-]*", c)
        if m:
            return i, m.start(), m.end()
    return None


# the asked member said to come after, or to differ from, the value ("intubation came later", "dialysed three
# days later", "the first session was the next day", "ventilation was shorter", "the intubation itself was at")
_ELSEWHERE = re.compile(r"\bfollowed\s+(?:at|on)\s+\d|"
                        r"\b(?:came|comes|was|were|happened|occurred|began|started|followed)\s+(?:only\s+)?"
                        r"(?:later|earlier|afterwards|after(?:\s+that)?|before(?:\s+that)?|shorter|longer|lower|higher|"
                        r"less|more|smaller|larger|different)\b|\b(?:the\s+)?(?:next|following|previous)\s+day\b|"
                        r"\b(?:\d+|one|two|three|four|five|six|seven|a few|several)\s+(?:days?|hours?|weeks?)\s+"
                        r"(?:later|earlier|afterwards)\b|\bitself\s+(?:was|is)\b", re.I)


def other_member(text: str, question: str, gold: Any, kind: str) -> str | None:
    """The clause holding the value names another member of a family the question names, and not the asked
    one; or a clause without the value says the asked member came after it, or was another amount."""
    asked = _asked(question)
    if not asked and not asked_drugs(question) and not (kind in ("count", "measurement") and _ids(question)):
        return None
    clauses = _clauses(text)
    found = _value_clause(clauses, gold)
    if found is None:
        return None
    at, start, end = found
    if kind in ("count", "measurement"):
        m = _entity_elsewhere(clauses, at, question, gold)
        if m:
            return m
    if kind in ("date", "timestamp", "count", "measurement") and _DURING.search(question):
        m = _OUTSIDE.search(clauses[at])
        if m:
            return f"the answer puts its value outside the stay the question asks about ({m.group(0)!r})"
    q_drugs = asked_drugs(question)
    if q_drugs and kind in ("count", "measurement", "date", "timestamp"):
        own = drugs(_blank(_FIGURED_REMARK, clauses[at], start, end))
        if own and not own & q_drugs:  # "2156-07-21 22:15 - that was the azithromycin"
            return "the value is given for another drug than the question's"
    own = _blank(_WHOLE_FIRST, _blank(_ASIDE, _blank(_FIGURED_REMARK, clauses[at], start, end), start, end), start, end)
    own = own.replace("_", " ")  # {"first_intubation": ...}: a key's words are words
    for fam, members in asked:
        if kind not in fam.kinds:
            continue
        if fam.name == "window" and _TOTAL_BEFORE.search(clauses[at], 0, start):
            continue  # "Day 1: 1300 mL, day 2: 850 mL - total 2450 mL": the whole, its days beside it
        subject = fam.subject(_blank(_SCOPE, own, start, end) if fam.scoped else own, start, end)
        if subject and subject not in members:
            return f"the value is given for another {fam.name} ({subject}) than the question's " \
                   f"({', '.join(sorted(members))})"
        if fam.said(clauses[at][:start]) & members:
            continue  # "Dialysis first on 2151-06-14; hemodialysis followed on ...": the asked one is the value's
        for i, c in enumerate(clauses):
            if i == at:  # the same clause, after the value: "admitted on 2151-06-14 and dialysed three days later"
                c = c[end:]
            if _LATER_ONE.search(c) and re.search(r"\b(?:second|third|another|next|repeat\w*|again)\b", c, re.I):
                continue  # "A second intubation followed on ...": a later one, not the asked first
            if fam.said(c) & members and _ELSEWHERE.search(c):
                return f"the answer puts the asked {fam.name} ({', '.join(sorted(members))}) elsewhere than its " \
                       f"value ({c.strip()!r})"
            # "22:15:00, but that dose was held; the first given was at 23:40": the asked one at another time
            if i != at and kind in ("date", "timestamp") and subject is None and fam.said(c) & members and \
                    _A_TIME.search(c) and not _LATER_ONE.search(c) and not _holds_gold(c, gold):
                return f"the answer gives the asked {fam.name} ({', '.join(sorted(members))}) another time " \
                       f"({c.strip()!r})"
    return None


def attributed(text: str, question: str, spans: list[tuple[int, int]]) -> int | None:
    """Which of several figures the answer gives for the question's member of a family, where each figure is
    labelled by a member and exactly one by the asked one ("Input 2450 mL vs output 1800 mL" for the input;
    "2450 mL in, output 1800, net +650"); None when that is not so plain."""
    plain = _FIGURED_REMARK.sub(lambda m: " " * len(m.group(0)), text).replace("_", " ") if "(" in text else \
        text.replace("_", " ")
    for fam, members in _asked(question):
        if "measurement" not in fam.kinds and "count" not in fam.kinds:
            continue
        subjects = [fam.subject(plain, a, b) for a, b in spans]
        asked = [i for i, sub in enumerate(subjects) if sub in members]
        if len(asked) == 1 and all(sub is not None for sub in subjects):
            return asked[0]
    return None


_SEGMENT = re.compile(r"[^;()\[\]\n]+?(?=;|\.\s|\s[-\u2013\u2014]\s|[()\[\]]|\n|$)")
# a statement of another figure ("the highest was 15", "the overall mean is 3.02", "she also had 6.0 h")
_STATES_FIGURE = re.compile(r"\b(?:was|were|is|are|had|has|have|showed|shows|lasted|totall?ed|came to)\s+(?:about\s+|~\s*|only\s+)?"
                            r"-?\d", re.I)


def describes_other_figure(text: str, pos: int, gold: Any) -> bool:
    """Whether the words at ``pos`` sit in a clause, a remark or a dash's tail that states a figure of its own
    and not the gold value ("Lowest GCS total = 8 (the highest was 15, at ICU discharge)", "3.41 days; the overall
    mean is 3.02"): they describe that figure, not the value."""
    for m in _SEGMENT.finditer(text):
        if m.start() <= pos < m.end():
            seg = m.group(0)
            return bool(_STATES_FIGURE.search(seg)) and not _holds_value(seg, gold)
    return False


def _holds_value(seg: str, gold: Any) -> bool:
    if isinstance(gold, str):  # its date or clock, or the string itself
        return any(f.lower() in seg.lower() for f in _gold_forms(gold) or [gold])
    if isinstance(gold, (int, float)) and not isinstance(gold, bool):
        return any(re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", seg) for f in _gold_forms(gold))
    return True  # a value not written as a figure: no telling, so the words may be about it


@functools.lru_cache(maxsize=4096)
def _ids(question: str) -> frozenset[str]:
    return frozenset(re.findall(r"(?<![\d.])\d{6,}(?![\d.])", question))


_OTHER_FIGURE = re.compile(r"(?<![\w.:/-])\d+(?:[.,]\d+)?(?![\w.:/-]|\.\d)")


def _entity_elsewhere(clauses: list[str], at: int, question: str, gold: Any) -> str | None:
    """"23 distinct drugs over the patient's three admissions; 12 in admission 29510011": the clause that names the
    question's own admission (or stay, or patient) gives it another figure than the value's clause."""
    ids = _ids(question)
    if not ids or any(i in clauses[at] for i in ids):
        return None
    for j, c in enumerate(clauses):
        if j == at or not any(i in c for i in ids):
            continue
        rest = re.sub(r"\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?|\d{1,2}:\d\d|\d{5,}", " ", c)
        try:
            g = float(gold)
        except (TypeError, ValueError):
            return None
        unit = _word_after(clauses[at], str(gold))
        for f in _OTHER_FIGURE.finditer(rest):
            after = _word_after(rest[f.end():], "")
            if float(f.group(0).replace(",", "")) != g and (after in _BARE or after == unit):
                return f"the answer gives the question's own {'/'.join(sorted(ids))} another figure ({c.strip()!r})"
    return None


_BARE = frozenset(("", "in", "for", "during", "at", "on", "within", "of", "across", "over"))


def _word_after(text: str, value: str) -> str:
    """The word right after the value (its unit or noun, singular), or after the start when no value is given."""
    at = 0
    if value:
        g = value[:-2] if value.endswith(".0") else value
        m = re.search(rf"(?<![\d.]){re.escape(g)}(?![\d])|(?<![\d.]){re.escape(f'{float(value):,.0f}' if g.isdigit() else g)}",
                      text) if g else None
        if not m:
            return "?"
        at = m.end()
    w = re.match(r"\s*([a-z%]+)", text[at:], re.I)
    return w.group(1).lower().rstrip("s") if w else ""


_A_TIME = re.compile(r"\b\d{1,2}:\d\d\b|\b\d{4}-\d\d-\d\d\b")
_LATER_ONE = re.compile(r"\b(?:next|second|third|then|subsequent(?:ly)?|later|again|repeat(?:ed)?|last|final|another|"
                        r"also|each|every|daily|until)\b", re.I)


def _holds_gold(clause: str, gold: Any) -> bool:
    """Whether the clause states the gold time itself ("... was started at 2155-02-10 14:00:00"): its clock, or
    its day where it has no clock."""
    return isinstance(gold, str) and any(f in clause for f in re.findall(r"\d{4}-\d\d-\d\d|\d\d:\d\d", gold)[-1:])


def _blank(pattern: re.Pattern, text: str, start: int, end: int) -> str:
    """The text with the pattern's matches blanked out (positions kept), but for one that holds the value."""
    return pattern.sub(lambda m: m.group(0) if m.start() <= start and end <= m.end() else " " * len(m.group(0)), text)


# "Intubated at ... in the operating room before the ICU stay began" for a question scoped to the ICU stay
_DURING = re.compile(r"\bduring\s+(?:the\s+|their\s+|this\s+|that\s+)?(?:icu\s+stay|stay|admission|hospital\s+stay|"
                     r"hospitali[sz]ation)\b", re.I)
_OUTSIDE = re.compile(r"\b(?:before|prior\s+to|ahead\s+of|after)\s+(?:the\s+)?(?:icu\s+stay|icu\s+admission|stay|"
                      r"admission|hospitali[sz]ation|icu)\s+(?:began|started|begun|ended|was\s+over)\b|"
                      r"\b(?:before|prior\s+to)\s+(?:the\s+)?icu\s+(?:stay|admission)\b|"
                      r"\b(?:at|in|from)\s+(?:an(?:other)?\s+|the\s+)?(?:outside|other|referring|previous)\s+"
                      r"(?:hospital|facility|institution)\b|\bpre-?(?:icu|admission|hospital)\b", re.I)
