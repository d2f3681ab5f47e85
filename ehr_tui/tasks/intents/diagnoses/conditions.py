"""Condition groups by ICD code prefix, for questions that name a condition rather than one exact code.

"Heart failure" is dozens of ICD-9 and ICD-10 codes; the benchmark fixes each group's prefixes once
(``CONDITIONS``) and states them to agents in the conventions, so a question can say "patients with heart
failure" and still have one answer. A template that takes the condition as a parameter gets its two
prefix patterns as derived parameters (``pattern9``, ``pattern10``: stated through ``{condition}``).
"""

from __future__ import annotations

from ....sqltext import sql_literal


def _span(first: str, last: str) -> list[str]:
    """'401'..'405' -> the prefixes in between (same letter, same width)."""
    head, a, b = first.rstrip("0123456789"), first.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), \
        last.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return [f"{head}{n:0{len(a)}d}" for n in range(int(a), int(b) + 1)]


# name -> (ICD-9 prefixes, ICD-10 prefixes, how the convention writes them)
CONDITIONS: dict[str, tuple[list[str], list[str], str]] = {
    "hypertension": (_span("401", "405"), _span("I10", "I16"), "ICD-9 401-405, ICD-10 I10-I16"),
    "diabetes": (["250"], _span("E08", "E13"), "ICD-9 250, ICD-10 E08-E13"),
    "heart failure": (["428"], ["I50"], "ICD-9 428, ICD-10 I50"),
    "chronic kidney disease": (["585"], ["N18"], "ICD-9 585, ICD-10 N18"),
    "acute kidney injury": (["584"], ["N17"], "ICD-9 584, ICD-10 N17"),
    "COPD": (["491", "492", "496"], ["J43", "J44"], "ICD-9 491, 492, 496, ICD-10 J43, J44"),
    "atrial fibrillation": (["42731"], ["I48"], "ICD-9 427.31, ICD-10 I48"),
    "coronary artery disease": (_span("410", "414"), _span("I20", "I25"), "ICD-9 410-414, ICD-10 I20-I25"),
    "pneumonia": (_span("480", "486"), _span("J12", "J18"), "ICD-9 480-486, ICD-10 J12-J18"),
    "sepsis": (["038", "99591", "99592", "78552"], ["A40", "A41", "R652"],
               "ICD-9 038, 995.91, 995.92, 785.52, ICD-10 A40, A41, R65.2"),
    "anemia": (_span("280", "285"), _span("D50", "D64"), "ICD-9 280-285, ICD-10 D50-D64"),
    "hyperlipidemia": (["272"], ["E78"], "ICD-9 272, ICD-10 E78"),
    "obesity": (["2780"], ["E66"], "ICD-9 278.0, ICD-10 E66"),
    "depression": (["2962", "2963", "311"], ["F32", "F33"], "ICD-9 296.2, 296.3, 311, ICD-10 F32, F33"),
    "alcohol use disorder": (["303", "3050"], ["F10"], "ICD-9 303, 305.0, ICD-10 F10"),
    "chronic liver disease": (["571"], ["K70", "K74"], "ICD-9 571, ICD-10 K70, K74"),
    "urinary tract infection": (["5990"], ["N390"], "ICD-9 599.0, ICD-10 N39.0"),
    "stroke": (_span("430", "434") + ["436"], _span("I60", "I64"), "ICD-9 430-434, 436, ICD-10 I60-I64"),
}



def pattern(prefixes: list[str]) -> str:
    """A regular expression matching codes that start with any of ``prefixes``."""
    return "^(" + "|".join(prefixes) + ")"


def matches(condition: str, alias: str = "x") -> str:
    """SQL condition: diagnosis row ``alias`` is in the named group (prefixes written in, no parameters)."""
    p9, p10, _ = CONDITIONS[condition]
    return (f"(({alias}.icd_version = 9 AND regexp_matches({alias}.icd_code, {sql_literal(pattern(p9))})) OR "
            f"({alias}.icd_version = 10 AND regexp_matches({alias}.icd_code, {sql_literal(pattern(p10))})))")


# SQL condition on a diagnosis row for the task's condition: its patterns are (derived) task parameters
MATCHES_PARAM = ("((x.icd_version = 9 AND regexp_matches(x.icd_code, {pattern9})) OR "
                 "(x.icd_version = 10 AND regexp_matches(x.icd_code, {pattern10})))")
DERIVED = ("pattern9", "pattern10")  # stated in the question through {condition}

# Every group as candidate rows: condition, pattern9, pattern10
CONDITION_ROWS = "(VALUES " + ", ".join(
    f"({sql_literal(name)}, {sql_literal(pattern(p9))}, {sql_literal(pattern(p10))})"
    for name, (p9, p10, _) in CONDITIONS.items()) + ") AS cond(condition, pattern9, pattern10)"

# Every group's prefixes as an inline table: condition, icd_version, prefix
PREFIX_TABLE = "(VALUES " + ", ".join(
    f"({sql_literal(name)}, {version}, {sql_literal(p)})"
    for name, (p9, p10, _) in CONDITIONS.items()
    for version, prefixes in ((9, p9), (10, p10)) for p in prefixes) + ") AS grp(condition, icd_version, prefix)"

CONVENTION = ("A named condition (rather than an exact diagnosis title) means any diagnosis code starting with the "
              "condition's ICD prefixes, in either ICD version. The standard condition groups are: " + "; ".join(
                  f"{name}: {note}" for name, (_, _, note) in CONDITIONS.items())
              + " (codes are written without the dot).")


def coded(name: str = "coded") -> str:
    """CTE ``name``: the (subject_id, hadm_id) of admissions with a diagnosis in the task's condition group."""
    return f"""{name} AS (
    SELECT DISTINCT x.subject_id, x.hadm_id FROM mimiciv_hosp.diagnoses_icd x
    WHERE {MATCHES_PARAM}
)"""


# Candidate queries match each distinct code once, then join back to the diagnoses by code: a regular
# expression per diagnosis row and condition would make them slow on a full database.
CODE_GROUPS = f"""code_group AS (
    SELECT c.icd_code, c.icd_version, cond.condition, cond.pattern9, cond.pattern10
    FROM (SELECT DISTINCT icd_code, icd_version FROM mimiciv_hosp.diagnoses_icd) c
    JOIN {CONDITION_ROWS} ON (c.icd_version = 9 AND regexp_matches(c.icd_code, cond.pattern9))
                          OR (c.icd_version = 10 AND regexp_matches(c.icd_code, cond.pattern10))
)"""
PATIENT_CONDITIONS = f"""
WITH {CODE_GROUPS}
SELECT DISTINCT x.subject_id, g.condition, g.pattern9, g.pattern10
FROM mimiciv_hosp.diagnoses_icd x JOIN code_group g ON g.icd_code = x.icd_code AND g.icd_version = x.icd_version
"""


def condition_params(min_patients: int = 3, only: tuple[str, ...] = ()) -> str:
    """Candidate rows (condition, pattern9, pattern10) for groups coded in at least ``min_patients`` patients."""
    keep = f"WHERE g.condition IN ({', '.join(sql_literal(c) for c in only)})" if only else ""
    return f"""
WITH {CODE_GROUPS}
SELECT g.condition, any_value(g.pattern9) AS pattern9, any_value(g.pattern10) AS pattern10
FROM mimiciv_hosp.diagnoses_icd x JOIN code_group g ON g.icd_code = x.icd_code AND g.icd_version = x.icd_version
{keep}
GROUP BY g.condition
HAVING count(DISTINCT x.subject_id) >= {int(min_patients)}
"""
