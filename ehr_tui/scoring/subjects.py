"""What a question or an answer is about: the lab analytes, the drugs (and drug classes) and the specimens it
names. A careful grader reads "The last BUN was 1.2" as no answer to a question about creatinine, "Yes,
torsemide was prescribed" as no answer about furosemide, and "urine creatinine" as another test than the
(blood) creatinine asked for. Synonyms of one analyte or drug count as one ("BUN" = "urea nitrogen",
"Lasix" = "furosemide")."""

from __future__ import annotations

import functools
import re

from .text import Folded, fold_safe

# each entry: one analyte (or drug), with the names it goes by
_LABS = [
    "creatinine", "potassium|k(?=\\+)", "sodium|na(?=\\+)|na(?=\\s*[:=]?\\s*\\d)", "chloride|cl(?=-)", "bicarbonate|hco3|total co2", "bun|urea nitrogen|urea",
    "glucose", "hemoglobin|hgb", "hematocrit|hct", "platelets?|platelet count|plt", "wbc|white blood cells?|white cell count",
    "lactate", "magnesium|mg(?=\\s*[:=]?\\s*\\d)", "phosphate|phosphorus", "calcium", "albumin", "bilirubin", "alt|alanine aminotransferase",
    "ast|aspartate aminotransferase", "alkaline phosphatase|alk phos", "inr", "ptt", "troponin(?: [ti])?",
    "bnp|nt-?probnp", "egfr|gfr", "anion gap", "ferritin", "crp|c-reactive protein", "lipase", "amylase", "ammonia",
    "tsh", "hba1c|a1c", "cholesterol", "prothrombin time|pt(?=\\s*[:=]?\\s*\\d)|pt(?=\\s+(?:was)\\s+\\d)", "triglycerides?", "ldl", "hdl", "ldh|lactate dehydrogenase",
    "ck|creatine kinase|cpk", "uric acid", "osmolality",
    # a blood gas's own analytes
    "ph", "po2|pao2|partial pressure of oxygen", "pco2|paco2|partial pressure of carbon dioxide",
    # the vital signs, by name and by the abbreviation written before a value ("HR 112", "RR 22"); each entry
    # is a flat alternation (entries are split at "|")
    "heart rate|pulse rate|pulse|hr(?=\\s*[:=]?\\s*\\d)", "respiratory rate|resp rate|rr(?=\\s*[:=]?\\s*\\d)",
    "systolic blood pressure|systolic bp|systolic|sbp", "diastolic blood pressure|diastolic bp|diastolic|dbp",
    "mean arterial pressure|map(?=\\s*[:=]?\\s*\\d)|map(?=\\s*\\))", "spo2|sao2|o2 saturation|o2 sat|oxygen saturation",
    "temperature|temp(?=\\s*[:=]?\\s*\\d)",
    # body measures: a BMI is no weight ("BMI 82.5" for the admission weight)
    "weight|body weight|wt(?=\\s*[:=]?\\s*\\d)", "height|ht(?=\\s*[:=]?\\s*\\d)",
]
_FIRST_VITAL = next(i for i, e in enumerate(_LABS) if e.startswith("heart rate"))
_DRUGS = [
    "furosemide|lasix|frusemide", "torsemide", "bumetanide", "spironolactone", "hydrochlorothiazide|hctz",
    "metoprolol", "carvedilol", "lisinopril", "amlodipine", "atorvastatin", "simvastatin", "aspirin",
    "clopidogrel", "heparin", "enoxaparin", "warfarin", "apixaban", "insulin", "metformin", "vancomycin",
    "cefepime", "ceftriaxone", "piperacillin(?:[- /]tazobactam)?|zosyn", "meropenem", "metronidazole",
    "levofloxacin", "ciprofloxacin", "azithromycin", "acetaminophen|paracetamol|tylenol", "morphine",
    "hydromorphone", "fentanyl", "oxycodone", "ondansetron", "pantoprazole", "omeprazole", "famotidine",
    "docusate", "senna", "potassium chloride|kcl", "magnesium sulfate", "dexamethasone", "prednisone",
    "propofol", "midazolam", "lorazepam", "haloperidol", "quetiapine", "levothyroxine", "albuterol",
    "norepinephrine", "vasopressin", "phenylephrine", "gabapentin", "tamsulosin", "thiamine",
    "ibuprofen|advil|motrin", "naproxen", "ketorolac|toradol", "celecoxib", "tramadol", "cefazolin|ancef",
    "ampicillin", "amoxicillin", "clindamycin", "linezolid", "daptomycin", "gentamicin", "doxycycline",
    "sulfamethoxazole|trimethoprim|bactrim", "nitrofurantoin", "fluconazole", "acyclovir", "diltiazem",
    "amiodarone", "digoxin", "hydralazine", "labetalol", "losartan", "nitroglycerin", "rivaroxaban", "dabigatran",
    "methylprednisolone", "hydrocortisone", "lactulose", "polyethylene glycol|miralax", "bisacodyl", "sertraline",
    "trazodone", "zolpidem", "olanzapine", "rosuvastatin", "pravastatin", "glipizide", "allopurinol",
]
# conditions with a sibling a careless answer gives instead ("Yes, atrial flutter (42732)" for atrial fibrillation):
# each entry one condition, its siblings other entries
_CONDITIONS = [
    "atrial fibrillation|afib|a-fib", "atrial flutter|a-flutter", "type 1 diabetes|type i diabetes|t1dm",
    "type 2 diabetes|type ii diabetes|t2dm", "systolic heart failure|hfref", "diastolic heart failure|hfpef",
    "acute kidney (?:injury|failure)|aki|acute renal failure", "chronic kidney disease|ckd|chronic renal (?:failure|"
    "insufficiency)", "hypertension|htn", "hypotension", "hyperkalemia", "hypokalemia", "hypernatremia",
    "hyponatremia", "hyperglycemia", "hypoglycemia", "hypercalcemia", "hypocalcemia", "hyperthyroidism",
    "hypothyroidism", "deep vein thrombosis|dvt", "pulmonary embolism", "nstemi|non-st[- ]elevation myocardial "
    "infarction", "(?<!n)stemi|(?<!non-)(?<!non )st[- ]elevation myocardial infarction", "ischemic stroke",
    "hemorrhagic stroke", "copd|chronic obstructive pulmonary disease", "asthma",
]
# a class of drugs named instead of the drug ("a loop diuretic was prescribed")
_CLASSES = ("loop diuretic|diuretic|antibiotic|anticoagulant|statin|beta[- ]blocker|opioid|steroid|antiplatelet|"
            "proton pump inhibitor|ppi|ace inhibitor|vasopressor|sedative|antiemetic|analgesic")
_SPECIMENS = ("urine|urinary|whole[- ]blood|csf|cerebrospinal|pleural|ascit(?:es|ic)|peritoneal|stool|joint fluid|"
              "synovial|bronchoalveolar|bal")


def _stem(name: str) -> str:
    """The longest literal run of one name, which every match of it contains ("platelet" of "platelets?",
    "probnp" of "nt-?probnp"): an optional part splits the name, it is never joined across."""
    parts = re.split(r"[\\()\[\]|*+.?\0]", re.sub(r"\([^()]*\)\?|.\?", "\0", name))
    return max(parts, key=len).lower()


def _alternation(entries: list[str]) -> tuple[Folded, list[re.Pattern], tuple[tuple[str, int], ...]]:
    """One pattern for any of the names; one per entry; each name's stem with its entry (see ``_which``)."""
    each = [re.compile(rf"\b(?:{e})\b", re.I) for e in entries]
    stems = tuple((_stem(n), i) for i, e in enumerate(entries) for n in e.split("|"))
    names = sorted((n for e in entries for n in e.split("|")), key=len, reverse=True)
    return Folded(r"\b(?:" + "|".join(names) + r")\b"), each, stems


_LAB_ANY, _LAB_EACH, _LAB_STEMS = _alternation(_LABS)
_DRUG_ANY, _DRUG_EACH, _DRUG_STEMS = _alternation(_DRUGS)
_CONDITION_EACH = [re.compile(rf"\b(?:{e})\b", re.I) for e in _CONDITIONS]
_CLASS_RE = Folded(rf"\b(?:{_CLASSES})s?\b")
_SPECIMEN_RE = Folded(rf"\b(?:{_SPECIMENS})\b")


def _which(text: str, anyre: Folded, each: list[re.Pattern], stems: tuple[tuple[str, int], ...]
           ) -> frozenset[int]:
    # An entry's pattern is searched only where the lowercase text holds one of its stems (every match holds
    # one); on text with İ ı ſ K, which re.I folds to ASCII but lower() does not, every pattern is searched.
    low = text.lower() if fold_safe(text) else None
    if not anyre.search(text, low):
        return frozenset()
    maybe = range(len(each)) if low is None else {i for stem, i in stems if stem in low}
    return frozenset(i for i in maybe if each[i].search(text))


@functools.lru_cache(maxsize=16)  # the same text is asked again by several checks of one answer (no more)
def labs(text: str) -> frozenset[int]:
    return _which(_DRUG_ANY.re.sub(" ", text) if "chloride" in text.lower() else text, _LAB_ANY, _LAB_EACH,
                  _LAB_STEMS)


@functools.lru_cache(maxsize=16)  # as labs
def drugs(text: str) -> frozenset[int]:
    return _which(text, _DRUG_ANY, _DRUG_EACH, _DRUG_STEMS)


def specimens(text: str) -> frozenset[str]:
    return frozenset(text[a:b].lower().replace("-", " ") for a, b in _SPECIMEN_RE.spans(text))


@functools.lru_cache(maxsize=4096)
def asks_lab_test(question: str) -> bool:
    """Whether the question names a lab test (not only a vital sign)."""
    return any(i < _FIRST_VITAL for i in asked(question)[0])


def asked_drugs(question: str) -> frozenset[int]:
    return asked(question)[1]


@functools.lru_cache(maxsize=4096)
def conditions(text: str) -> frozenset[int]:
    """The conditions of ``_CONDITIONS`` the text names (searched only where a diagnosis word may be)."""
    return frozenset(i for i, p in enumerate(_CONDITION_EACH) if p.search(text))


def drug_class_named(text: str) -> bool:
    """Whether the text names a class of drugs ("a loop diuretic", "an antibiotic")."""
    return bool(_CLASS_RE.search(text))


def other_condition(text: str, question: str) -> bool:
    """Whether the answer names a condition of ``_CONDITIONS``, none of them the question's own."""
    q = conditions(question)
    if not q:
        return False
    a = conditions(text)
    return bool(a) and not a & q


@functools.lru_cache(maxsize=4096)
def asked(question: str) -> tuple[frozenset[int], frozenset[int], frozenset[str]]:
    """(labs, drugs, specimens) the question names; cached per question."""
    return labs(question), drugs(question), specimens(question)


# another test that shares an analyte's name ("hemoglobin A1c" is no hemoglobin, "ionized calcium" no total
# calcium, troponin I no troponin T, a BUN/creatinine ratio no BUN): another test unless the question names it
_VARIANT = Folded(r"\b(?:hemoglobin a1c|hgb a1c|hba1c|a1c|glycated hemoglobin|glycosylated hemoglobin|"
                      r"ioni[sz]ed calcium|ioni[sz]ed ca|corrected calcium|corrected ca|free calcium|corrected sodium|"
                      r"troponin[- ]?[it]|tn[it]|hs-?tn[it]|high[- ]sensitivity troponin|"
                      r"[a-z]+\s*/\s*[a-z]+ ratio|[a-z]+[- ]to[- ][a-z]+ ratio|(?<!normalized )(?<!normalised )ratio|"
                      r"blood gas|abg|vbg|venous|capillary|arterial blood|free t4|free thyroxine|"
                      # another measure of the same unit ("(dry weight)" for the admission weight, BMI, FiO2)
                      r"(?:ideal|dry|discharge|daily|predicted|lean|birth) (?:body )?weight|bmi|body mass index|fio2|"
                      r"creatinine clearance|crcl|clearance)\b")


def _variant(text: str, question: str) -> str | None:
    q = question.lower().replace("-", " ")
    for a, b in _VARIANT.spans(text):
        said = text[a:b].lower()
        if said in _ARTERIAL_GAS and asks_arterial_gas(question):
            continue  # "(ABG)", "blood gas" for the arterial pH: the very test asked about
        if said.replace("-", " ") not in q:
            return said
    return None


_ARTERIAL_GAS = frozenset(("blood gas", "abg", "arterial blood"))
_GAS_ANALYTES = frozenset(i for i, e in enumerate(_LABS) if e.split("|")[0] in ("ph", "po2", "pco2"))


@functools.lru_cache(maxsize=4096)
def asks_arterial_gas(question: str) -> bool:
    return bool(asked(question)[0] & _GAS_ANALYTES) and not re.search(r"\bvenous\b|\bvbg\b", question, re.I)


# the units MIMIC-IV reports each of these analytes in (labevents.valueuom); mmol/L and mEq/L are one for the
# monovalent ions. A value given in another concentration unit is another quantity ("4.2 mg/dL" for potassium,
# "142 mmol/L" for glucose): never converted, so never the asked value
_LAB_UNITS = {"potassium": "meq/l mmol/l", "sodium": "meq/l mmol/l", "chloride": "meq/l mmol/l",
              "bicarbonate": "meq/l mmol/l", "creatinine": "mg/dl", "bun": "mg/dl", "glucose": "mg/dl",
              "calcium": "mg/dl", "magnesium": "mg/dl", "phosphate": "mg/dl", "bilirubin": "mg/dl",
              "uric acid": "mg/dl", "hemoglobin": "g/dl", "albumin": "g/dl", "lactate": "mmol/l"}
_LAB_UNIT_OF = {i: frozenset(_LAB_UNITS[e.split("|")[0]].split()) for i, e in enumerate(_LABS)
                if e.split("|")[0] in _LAB_UNITS}
_VALUE_UNIT = re.compile(r"(?<![\w.])-?\d+(?:[.,]\d+)?\s*((?:[a-z\u00b5]+)/(?:[a-z]+))\b", re.I)


def unit_of_another_quantity(text: str, question: str) -> str | None:
    """A value in another concentration unit than the one the asked analyte is reported in, where the
    question names no unit."""
    q_labs = asked(question)[0]
    if q_labs & _CELL_COUNTS:
        m = _POWER_UNIT.search(text)
        if m and (m.group(1), m.group(2).lower().replace("\u00b5", "u")) not in (("9", "l"), ("3", "ul"), ("3", "mm3")):
            return f"the count is in {m.group(0).strip()}, another magnitude than MIMIC-IV's K/uL (10^9/L)"
    allowed = [_LAB_UNIT_OF[i] for i in q_labs if i in _LAB_UNIT_OF]
    if len(allowed) != 1 or "/" in question:
        return None
    for m in _VALUE_UNIT.finditer(text):
        if _REFERENCE_BEFORE.search(text, max(0, m.start() - 30), m.start()):
            continue  # a reference range's unit ("(ref 0.5-1.2 mg/dL)"), not the value's
        unit = m.group(1).lower().replace("\u00b5", "u")
        if unit not in allowed[0] and unit in _CONCENTRATIONS:
            return f"the value is in {m.group(1)}, a unit the asked test is not reported in: another quantity"
    return None


# blood cell counts are reported in K/uL (10^9/L); "245 x10^6/L" is a thousand times less
_CELL_COUNTS = frozenset(i for i, e in enumerate(_LABS) if e.split("|")[0] in ("platelets?", "wbc"))
_POWER_UNIT = re.compile(r"(?:x|\u00d7|\*)?\s*10\s*(?:\^|\*\*|e)?\s*(\d+)\s*/\s*(l|ul|\u00b5l|mm3)\b", re.I)
_REFERENCE_BEFORE = re.compile(r"(?:ref\w*|normal|range|nl|limits?|uln|lln)\b[^)\]]*$|\d\s*(?:-|\u2013|to)\s*$", re.I)
_CONCENTRATIONS = frozenset("mg/dl g/dl g/l mg/l ug/dl ug/l ng/ml pg/ml mmol/l umol/l nmol/l pmol/l meq/l mol/l "
                            "iu/l u/l mu/l".split())


def another_subject(text: str, question: str, *, drug_answer: bool = False, lab_only: bool = False) -> str | None:
    """Why the answer is about another lab, drug or specimen than the question, or None. ``drug_answer``: the
    value asked for is itself a drug (or names one), so drugs in the answer are the answer, not its subject.
    ``lab_only``: only another lab test or vital sign counts (a yes / no may name a drug given instead)."""
    q_labs, q_drugs, q_specimens = asked(question)
    if lab_only:
        q_drugs = frozenset()
    if not (q_labs or q_drugs):
        return None
    text = text.replace("_", " ")  # {"torsemide_prescribed": true}: the key's words count
    a_labs = labs(text) if q_labs else frozenset()
    if q_labs and a_labs and not a_labs & q_labs:
        return "the answer is about another lab test than the question"
    if q_labs:
        variant = _variant(text, question)
        if variant:
            return f"the answer is about another lab test ({variant}) than the question"
        other = specimens(text) - q_specimens
        if other:
            return f"the answer is about another specimen ({min(other)}) than the question"
        if not a_labs and not lab_only and drugs(text):
            return "the answer names a drug, the question a lab test"
    if q_drugs and not drug_answer:
        a_drugs = drugs(text)
        if a_drugs and not a_drugs & q_drugs:
            return "the answer is about another drug than the question"
        if not a_drugs and _CLASS_RE.search(text) and not _CLASS_RE.search(question):
            return "the answer names a class of drugs, not the drug the question asks about"
    return None


def mentions_asked_drug(clause: str, question: str) -> bool:
    _, q_drugs, _ = asked(question)
    return bool(q_drugs and drugs(clause) & q_drugs)


def other_drug_named(clause: str, question: str) -> bool:
    """Whether the clause names a drug the question does not ask about."""
    _, q_drugs, _ = asked(question)
    return bool(drugs(clause) - q_drugs)
