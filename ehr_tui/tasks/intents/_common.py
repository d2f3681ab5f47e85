"""Pieces shared by the intent modules: the template maker and MIMIC-IV conventions as SQL.

Conventions (MIMIC-IV semantics, stated in the questions that rely on them):
- age at an admission = anchor_age + (year(admittime) - anchor_year);
- length of stay in days = (dischtime - admittime) in seconds / 86400;
- a patient's first / most recent admission orders by admittime (hadm_id breaks ties);
- a 30-day readmission is an admission starting within 30 days after the discharge of the same
  patient's previous admission;
- lab and ICU items are looked up by name in d_labitems (label + fluid) and d_items (label);
  only names that identify exactly one itemid are used as parameters.
"""

from __future__ import annotations

from ..template import Template


def maker(intent: str):
    def make(level: str, name: str, questions: list[str], params: str, sql: str, answer: str, **kw) -> Template:
        return Template(id=f"{intent}.{level}.{name}", questions=tuple(questions), params=params.strip(),
                        sql=sql.strip(), answer=answer, **kw)
    return make


# Candidate parameter queries reused across intents
PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_hosp.admissions"
PATIENTS_2PLUS = ("SELECT subject_id FROM mimiciv_hosp.admissions GROUP BY subject_id "
                  "HAVING count(DISTINCT hadm_id) >= 2")
SAMPLE_PATIENTS = 500


def sampled_patient(subject: str, patients: int = SAMPLE_PATIENTS) -> str:
    """A condition that keeps a fixed pseudo-random set of about ``patients`` patients (every patient
    of a database smaller than twice that), for candidate queries whose cost grows faster than the
    patients (pairs of a patient's orders, pairs of tests in a specimen): a template draws hundreds of
    candidates, and millions cost seconds to compute and to shuffle at every size beyond the demo's.
    Gold answers are computed over every patient."""
    return (f"hash({subject}) % greatest(1, (SELECT count(*) FROM mimiciv_hosp.patients) // {int(patients)})"
            "::UBIGINT = 0")


ICU_PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_icu.icustays"

# Lab tests identified by (label, fluid) with exactly one itemid, with the unit they are reported in
LAB_ITEMS = """
    SELECT d.label AS lab, d.fluid AS fluid, min(d.itemid) AS itemid
    FROM mimiciv_hosp.d_labitems d
    WHERE d.label IS NOT NULL AND d.fluid IS NOT NULL
    GROUP BY d.label, d.fluid
    HAVING count(DISTINCT d.itemid) = 1
"""
# ICU items identified by their label alone
ICU_ITEMS = """
    SELECT d.label AS item, min(d.itemid) AS itemid, min(d.linksto) AS linksto, min(d.unitname) AS unit
    FROM mimiciv_icu.d_items d
    GROUP BY d.label
    HAVING count(DISTINCT d.itemid) = 1
"""

def argmax(source: str, key: str, score: str = "n") -> str:
    """Tie-aware argmax: the ``key`` of ``source``'s highest ``score``. A tie returns several rows, so the
    generator drops the task as ambiguous instead of picking one arbitrarily."""
    return (f"ranked AS (SELECT {key}, rank() OVER (ORDER BY {score} DESC) AS rk FROM {source})\n"
            f"SELECT {key} FROM ranked WHERE rk = 1")


def top_k(source: str, key: str, score: str = "n") -> str:
    """Tie-aware top-k (k is the task parameter ``{k}``): a tie at the cut returns more than k rows, so
    templates using it set ``rows="k"`` and such tasks are dropped."""
    return (f"ranked AS (SELECT {key}, {score}, rank() OVER (ORDER BY {score} DESC) AS rk FROM {source})\n"
            f"SELECT {key} FROM ranked WHERE rk <= {{k}} ORDER BY {score} DESC, {key}")


# CTE: a patient's admissions numbered in time order, with age and length of stay
def admissions_cte(where: str = "TRUE", name: str = "adm") -> str:
    return f"""{name} AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime, a.admission_type, a.discharge_location,
           a.insurance, a.race, a.hospital_expire_flag,
           p.anchor_age + (year(a.admittime) - p.anchor_year) AS age,
           date_diff('second', a.admittime, a.dischtime) / 86400.0 AS los_days,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime DESC, a.hadm_id DESC) AS adm_rev
    FROM mimiciv_hosp.admissions a
    JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    WHERE {where}
)"""


def first_icu_cte(where: str = "TRUE", name: str = "stay") -> str:
    """A patient's ICU stays numbered in time order."""
    return f"""{name} AS (
    SELECT i.subject_id, i.hadm_id, i.stay_id, i.intime, i.outtime, i.los, i.first_careunit,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime DESC, i.stay_id DESC) AS stay_rev
    FROM mimiciv_icu.icustays i
    WHERE {where}
)"""


def balanced(query: str, label: str) -> str:
    """Candidates with as many rows of each ``label`` value as the rarest value has (a boolean template's
    candidates computed with their answer as ``label``), so sampling can reach a near 50/50 split on any
    database. The label column is dropped from the result (left in, the generator's hash order would
    correlate with it); rows are kept by an md5 order unrelated to that hash."""
    return f"""
WITH labelled AS ({query}),
numbered AS (
    SELECT labelled.*,
           row_number() OVER (PARTITION BY labelled.{label} ORDER BY md5(CAST(labelled AS VARCHAR))) AS label_rank
    FROM labelled
)
SELECT * EXCLUDE (label_rank, {label}) FROM numbered
WHERE label_rank <= (SELECT min(n) FROM (SELECT count(*) AS n FROM labelled GROUP BY {label}) AS per_label)
"""


# Conditions that cohort questions name in clinical words, identified by one ICD-9 and one ICD-10
# code prefix (any diagnosis position of an admission). ``CONDITIONS`` is a candidate query whose
# rows give the question's {condition} and the SQL's {icd9} / {icd10}; ``has_condition`` matches a
# diagnoses row against them. Templates using it list ("icd9", "icd10") in ``derived``.
CONDITION_PREFIXES = (
    ("essential hypertension", "401", "I10"),
    ("atrial fibrillation or flutter", "4273", "I48"),
    ("heart failure", "428", "I50"),
    ("acute kidney failure", "584", "N17"),
    ("chronic kidney disease", "585", "N18"),
    ("coronary atherosclerosis", "4140", "I251"),
    ("acute respiratory failure", "51881", "J960"),
    ("a disorder of lipid metabolism", "272", "E78"),
    ("obesity", "2780", "E66"),
)
CONDITIONS = ("SELECT * FROM (VALUES " + ", ".join(f"('{c}', '{i9}', '{i10}')" for c, i9, i10 in CONDITION_PREFIXES)
              + ") AS cond(condition, icd9, icd10)")
CONDITION_CONVENTION = (
    "A patient has a named condition when any diagnosis of an admission carries one of its ICD codes: "
    + "; ".join(f"{c}: ICD-9 codes starting {i9}, ICD-10 codes starting {i10}" for c, i9, i10 in CONDITION_PREFIXES)
    + ". The admission 'with' a condition is one coding it; 'first diagnosed' means the earliest such admission.")


def has_condition(alias: str = "dx", icd9: str = "{icd9}", icd10: str = "{icd10}") -> str:
    """SQL predicate: diagnoses row ``alias`` codes the condition whose prefixes are ``icd9`` / ``icd10`` (by
    default the task parameters; a candidate query passes the columns of ``CONDITIONS``)."""
    return (f"(({alias}.icd_version = 9 AND {alias}.icd_code LIKE {icd9} || '%') OR "
            f"({alias}.icd_version = 10 AND {alias}.icd_code LIKE {icd10} || '%'))")


def condition_patients(extra: str = "") -> str:
    """Candidates: (subject_id, condition, icd9, icd10) for every patient coded with a condition."""
    return ("SELECT DISTINCT dx.subject_id, cond.condition, cond.icd9, cond.icd10\n"
            f"FROM mimiciv_hosp.diagnoses_icd dx JOIN ({CONDITIONS}) cond ON "
            + has_condition("dx", "cond.icd9", "cond.icd10") + extra)


def first_coded_admission(source: str = "adm", name: str = "first_coded") -> str:
    """CTE: the earliest admission of ``source`` coding the condition {icd9} / {icd10} (one row at most)."""
    return f"""{name} AS (
    SELECT s.* FROM {source} s
    WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd dx WHERE dx.hadm_id = s.hadm_id AND {has_condition()})
    ORDER BY s.admittime, s.hadm_id
    LIMIT 1
)"""


def top_k_untied(source: str, key: str, score: str = "n") -> str:
    """Top-k for ordered answers ("most common first"): like ``top_k``, but when any two of the top k (or the
    k-th and the next) share a score, their order or membership is arbitrary, so the query returns no rows and
    the generator drops the task as empty instead of grading one arbitrary order."""
    return (f"ranked AS (SELECT {key}, {score}, rank() OVER (ORDER BY {score} DESC) AS rk FROM {source})\n"
            f"SELECT {key} FROM ranked WHERE rk <= {{k}}\n"
            f"  AND (SELECT count(DISTINCT {score}) = count(*) FROM ranked WHERE rk <= {{k}})\n"
            f"ORDER BY {score} DESC, {key}")


def balanced_by_flag(candidates: str, flag: str) -> str:
    """``candidates`` cut to as many rows with ``flag`` true as false (``flag``: SQL over the row ``cand``), so a
    yes/no question can be asked with both answers equally often; all rows when one side is empty."""
    return f"""
WITH c AS (SELECT cand.*, coalesce(({flag}), FALSE) AS balance_flag, hash(cand) AS balance_h
           FROM ({candidates}) cand),
r AS (SELECT c.*, row_number() OVER (PARTITION BY balance_flag ORDER BY balance_h) AS balance_i FROM c),
n AS (SELECT least(count(*) FILTER (WHERE balance_flag), count(*) FILTER (WHERE NOT balance_flag)) AS k FROM c)
SELECT r.* EXCLUDE (balance_flag, balance_h, balance_i) FROM r, n WHERE n.k = 0 OR r.balance_i <= n.k
"""
