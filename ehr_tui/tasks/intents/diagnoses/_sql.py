"""SQL pieces shared by the diagnosis templates: how a diagnosis is named, candidate parameter queries.

An exact diagnosis is named by its long title and ICD version (the same condition has different
codes and titles in ICD-9 and ICD-10); only titles that are unique within their version are
parameters. A condition group (``conditions``) is named by its clinical name.
"""

from __future__ import annotations

from ....sqltext import sql_literal
from .._common import balanced_by_flag  # noqa: F401 (re-exported for the diagnosis modules)
from ..labs._sql import NUMERIC_LABS
from .conditions import CODE_GROUPS, CONDITION_ROWS, MATCHES_PARAM, PATIENT_CONDITIONS

NAMED = "\"{title}\" (ICD-{version})"  # how a question names an exact diagnosis
TITLE_OF = "JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = x.icd_code AND dd.icd_version = x.icd_version"
IS_TITLE = "dd.long_title = {title} AND dd.icd_version = {version}"

# Diagnoses present in the data, by unique (title, version), with their number of patients
TITLES = """
SELECT dd.long_title AS title, dd.icd_version AS version, count(DISTINCT x.subject_id) AS patients
FROM mimiciv_hosp.d_icd_diagnoses dd
JOIN mimiciv_hosp.diagnoses_icd x ON x.icd_code = dd.icd_code AND x.icd_version = dd.icd_version
WHERE (dd.long_title, dd.icd_version) IN (
    SELECT long_title, icd_version FROM mimiciv_hosp.d_icd_diagnoses GROUP BY long_title, icd_version
    HAVING count(*) = 1)
GROUP BY dd.long_title, dd.icd_version
"""
COMMON_TITLES = "SELECT title, version FROM (" + TITLES + ") t WHERE patients >= 3"
PATIENT_TITLES = """
SELECT DISTINCT x.subject_id, t.title, t.version
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = x.icd_code AND dd.icd_version = x.icd_version
JOIN (""" + TITLES + """) t ON t.title = dd.long_title AND t.version = dd.icd_version
"""
# (subject_id, title, version) coded in at least two of the patient's admissions
PATIENT_TITLES_2ADM = """
SELECT x.subject_id, t.title, t.version
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = x.icd_code AND dd.icd_version = x.icd_version
JOIN (""" + TITLES + """) t ON t.title = dd.long_title AND t.version = dd.icd_version
GROUP BY x.subject_id, t.title, t.version
HAVING count(DISTINCT x.hadm_id) >= 2
"""
# (subject_id, title, version) for "was the patient ever diagnosed with ...": every coded title of
# a patient (yes), and as many pairs of a patient without it (no). A no row asks a yes row's title of
# another patient picked by hash (up to 4 tries), so titles are asked as often with either answer (a
# rare title does not give away "no") and the cost follows the coded rows, not patients x titles.
EVER_TITLES = """
WITH common AS (""" + COMMON_TITLES + """),
yes AS (
    SELECT DISTINCT x.subject_id, c.title, c.version
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = x.icd_code AND dd.icd_version = x.icd_version
    JOIN common c ON c.title = dd.long_title AND c.version = dd.icd_version
),
pats AS (
    SELECT subject_id, row_number() OVER (ORDER BY subject_id) - 1 AS k, count(*) OVER () AS n
    FROM (SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd) s
),
tries AS (
    SELECT p2.subject_id, y.title, y.version, y.subject_id AS origin, t.j
    FROM yes y JOIN pats p1 ON p1.subject_id = y.subject_id
    CROSS JOIN range(4) AS t(j)
    JOIN pats p2 ON p2.k = (p1.k + 1 + (hash(y.subject_id, y.title, y.version, t.j)
                                        % greatest(p1.n - 1, 1)::UBIGINT)::BIGINT) % p1.n
),
no AS (
    SELECT DISTINCT subject_id, title, version FROM (
        SELECT * FROM tries
        WHERE NOT EXISTS (SELECT 1 FROM yes WHERE yes.subject_id = tries.subject_id AND yes.title = tries.title
                          AND yes.version = tries.version)
        QUALIFY row_number() OVER (PARTITION BY origin, title, version ORDER BY j) = 1) f
)
SELECT * FROM yes
UNION ALL
SELECT * FROM (SELECT * FROM no ORDER BY hash(subject_id, title, version), subject_id, title, version
               LIMIT (SELECT count(*) FROM yes))
"""

PATIENTS_DX = "SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd"
PATIENTS_DX_2ADM = ("SELECT subject_id FROM mimiciv_hosp.diagnoses_icd GROUP BY subject_id "
                    "HAVING count(DISTINCT hadm_id) >= 2")

# ... with at least two admissions
PATIENT_CONDITIONS_2ADM = ("SELECT pc.* FROM (" + PATIENT_CONDITIONS + ") pc WHERE pc.subject_id IN ("
                           + PATIENTS_DX_2ADM + ")")

# Conditions and a drug used to treat them: (condition, drug as prescribed)
CONDITION_DRUGS = (
    ("heart failure", "Furosemide"), ("heart failure", "Metoprolol Succinate XL"), ("diabetes", "Insulin"),
    ("atrial fibrillation", "Warfarin"), ("atrial fibrillation", "Metoprolol Tartrate"),
    ("hypertension", "Lisinopril"), ("hypertension", "Amlodipine"), ("hyperlipidemia", "Atorvastatin"),
    ("coronary artery disease", "Aspirin"), ("coronary artery disease", "Clopidogrel"),
    ("pneumonia", "Vancomycin"), ("pneumonia", "Piperacillin-Tazobactam"), ("sepsis", "Vancomycin"),
    ("COPD", "Albuterol 0.083% Neb Soln"), ("COPD", "Ipratropium Bromide Neb"), ("depression", "Sertraline"),
    ("urinary tract infection", "Ciprofloxacin HCl"), ("alcohol use disorder", "Thiamine"),
    ("chronic liver disease", "Lactulose"), ("anemia", "Ferrous Sulfate"),
)
_PAIRS = ", ".join(f"({sql_literal(c)}, {sql_literal(d)})" for c, d in CONDITION_DRUGS)
CONDITION_DRUG_ROWS = f"""
SELECT cond.*, v.drug
FROM {CONDITION_ROWS}
JOIN (VALUES {_PAIRS}) AS v(condition, drug) ON v.condition = cond.condition
WHERE v.drug IN (SELECT drug FROM mimiciv_hosp.prescriptions)
"""
PATIENT_CONDITION_DRUGS = ("SELECT pc.*, cd.drug FROM (" + PATIENT_CONDITIONS + ") pc JOIN (" + CONDITION_DRUG_ROWS
                           + ") cd ON cd.condition = pc.condition")


def admissions(where: str = "TRUE", name: str = "adm") -> str:
    """Admissions numbered in time order per patient: adm_no 1 is the first, adm_rev 1 the most recent."""
    return f"""{name} AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime, a.hospital_expire_flag,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime DESC, a.hadm_id DESC) AS adm_rev
    FROM mimiciv_hosp.admissions a
    WHERE {where}
)"""


def first_coded(where: str = "TRUE", name: str = "first_dx") -> str:
    """CTE: each patient's first admission (by admission time) coded with the task's condition group."""
    return f"""{name} AS (
    SELECT subject_id, hadm_id, admittime, dischtime, hospital_expire_flag FROM (
        SELECT a.*, row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS k
        FROM mimiciv_hosp.admissions a
        WHERE {where} AND a.hadm_id IN (SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x WHERE {MATCHES_PARAM})
    ) WHERE k = 1
)"""

# Conditions and the blood test a clinician follows in them: (condition, lab)
CONDITION_LAB_PAIRS = (
    ("chronic kidney disease", "Creatinine"), ("acute kidney injury", "Creatinine"), ("heart failure", "NTproBNP"),
    ("diabetes", "% Hemoglobin A1c"), ("diabetes", "Glucose"), ("sepsis", "Lactate"),
    ("sepsis", "White Blood Cells"), ("pneumonia", "White Blood Cells"), ("anemia", "Hemoglobin"),
    ("chronic liver disease", "Bilirubin, Total"), ("atrial fibrillation", "INR(PT)"), ("COPD", "pCO2"),
    ("alcohol use disorder", "Asparate Aminotransferase (AST)"), ("hyperlipidemia", "Cholesterol, LDL, Calculated"),
)
_LAB_PAIRS = ", ".join(f"({sql_literal(c)}, {sql_literal(lab)}, 'Blood')" for c, lab in CONDITION_LAB_PAIRS)
PATIENT_CONDITION_LABS = f"""
SELECT pc.*, n.lab, n.fluid, n.unit
FROM ({PATIENT_CONDITIONS}) pc
JOIN (VALUES {_LAB_PAIRS}) AS v(condition, lab, fluid) ON v.condition = pc.condition
JOIN ({NUMERIC_LABS}) n ON n.lab = v.lab AND n.fluid = v.fluid
"""
# Condition pairs where the second often follows the first: (condition, condition_b and its patterns)
PROGRESSIONS = (("diabetes", "chronic kidney disease"), ("hypertension", "heart failure"),
                ("atrial fibrillation", "stroke"), ("coronary artery disease", "heart failure"),
                ("acute kidney injury", "chronic kidney disease"), ("COPD", "pneumonia"),
                ("alcohol use disorder", "chronic liver disease"), ("diabetes", "coronary artery disease"))
_PROG = ", ".join(f"({sql_literal(a)}, {sql_literal(b)})" for a, b in PROGRESSIONS)
PROGRESSION_ROWS = f"""
SELECT a.*, b.condition AS condition_b, b.pattern9 AS pattern9_b, b.pattern10 AS pattern10_b
FROM (VALUES {_PROG}) AS v(first_condition, second_condition)
JOIN {CONDITION_ROWS.replace(" AS cond(", " AS a(")} ON a.condition = v.first_condition
JOIN {CONDITION_ROWS.replace(" AS cond(", " AS b(")} ON b.condition = v.second_condition
"""


# Patients coded with both conditions of a progression pair, the second first coded on a later admission
PATIENT_PROGRESSIONS = f"""
WITH {CODE_GROUPS}, firsts AS (
    SELECT x.subject_id, g.condition, min(a.admittime) AS first_t
    FROM mimiciv_hosp.diagnoses_icd x JOIN code_group g ON g.icd_code = x.icd_code AND g.icd_version = x.icd_version
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
    GROUP BY x.subject_id, g.condition
)
SELECT a.subject_id, r.*
FROM firsts a JOIN firsts b ON b.subject_id = a.subject_id AND b.first_t > a.first_t
JOIN ({PROGRESSION_ROWS}) r ON r.condition = a.condition AND r.condition_b = b.condition
"""
# Condition groups with a followed lab: (condition, pattern9, pattern10, lab, fluid, unit)
CONDITION_LABS = f"""
SELECT cond.*, n.lab, n.fluid, n.unit
FROM {CONDITION_ROWS}
JOIN (VALUES {_LAB_PAIRS}) AS v(condition, lab, fluid) ON v.condition = cond.condition
JOIN ({NUMERIC_LABS}) n ON n.lab = v.lab AND n.fluid = v.fluid
"""

# Per (patient, condition group): how many admissions carry it, how many of them had an ICU stay, whether the patient
# was admitted after the first of them, whether one was followed by a 30-day readmission. Candidates for count
# questions, so ``balanced_by_flag`` can offer the rarer answers as often as the common ones.
PATIENT_CONDITION_STATS = f"""
WITH {CODE_GROUPS},
adm AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime,
           lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_admit,
           max(a.admittime) OVER (PARTITION BY a.subject_id) AS last_admit,
           a.hadm_id IN (SELECT hadm_id FROM mimiciv_icu.icustays) AS icu
    FROM mimiciv_hosp.admissions a
)
SELECT x.subject_id, g.condition, g.pattern9, g.pattern10,
       count(DISTINCT x.hadm_id) AS n_adm,
       count(DISTINCT x.hadm_id) FILTER (WHERE adm.icu) AS n_icu_adm,
       min(adm.admittime) < max(adm.last_admit) AS later_adm,
       coalesce(bool_or(adm.next_admit <= adm.dischtime + INTERVAL 30 DAY), FALSE) AS readmitted
FROM mimiciv_hosp.diagnoses_icd x
JOIN code_group g ON g.icd_code = x.icd_code AND g.icd_version = x.icd_version
JOIN adm ON adm.hadm_id = x.hadm_id
GROUP BY x.subject_id, g.condition, g.pattern9, g.pattern10
"""
