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
