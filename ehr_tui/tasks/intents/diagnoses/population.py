"""Population-level diagnosis questions, as a health-services researcher asks them of the whole database:
prevalence, coding intensity, outcomes (``population_care``: care and course of patients with a condition)."""

from __future__ import annotations

from .._common import argmax, maker, top_k_untied
from ._sql import COMMON_TITLES, IS_TITLE, NAMED, TITLE_OF, TITLES, admissions, first_coded
from .conditions import DERIVED, MATCHES_PARAM as MATCHES, coded, condition_params, matches

T = maker("diagnoses")
CONDITIONS = condition_params()
CHRONIC = ("hypertension", "diabetes", "heart failure", "chronic kidney disease", "COPD")
CHRONIC_NOTE = "hypertension, diabetes, heart failure, chronic kidney disease and COPD"
# Per patient: which of the five chronic conditions they have ever been coded with (0/1 each)
CHRONIC_CTE = "chronic AS (\n    SELECT x.subject_id,\n" + ",\n".join(
    f"           max(CASE WHEN {matches(c)} THEN 1 ELSE 0 END) AS c{i}" for i, c in enumerate(CHRONIC)) + """
    FROM mimiciv_hosp.diagnoses_icd x
    GROUP BY x.subject_id
)"""
N_CHRONIC = " + ".join(f"c{i}" for i in range(len(CHRONIC)))
# The second condition of a pair: its own placeholders
SECOND = (MATCHES.replace("{pattern9}", "{pattern9_b}").replace("{pattern10}", "{pattern10_b}"))
CONDITION_PAIRS = f"""
WITH c AS ({CONDITIONS})
SELECT a.condition, a.pattern9, a.pattern10, b.condition AS condition_b, b.pattern9 AS pattern9_b,
       b.pattern10 AS pattern10_b
FROM c a JOIN c b ON a.condition < b.condition
"""
# Admission outcomes by condition: each admission, whether it carries the condition, died, length of stay
BY_CONDITION = "WITH " + coded() + """,
outcome AS (
    SELECT a.hadm_id, a.hospital_expire_flag, date_diff('second', a.admittime, a.dischtime) / 86400.0 AS los_days,
           a.hadm_id IN (SELECT hadm_id FROM coded) AS with_condition
    FROM mimiciv_hosp.admissions a
)"""

TEMPLATES = [
    # ------------------------------------------------------------------ prevalence and look-ups
    T("population", "patients_with_diagnosis", [
        "How many patients have been diagnosed with " + NAMED + "?",
        "Count the distinct patients with a diagnosis of " + NAMED + " on any admission.",
        "In how many patients was " + NAMED + " coded?",
    ], COMMON_TITLES, """
SELECT count(DISTINCT x.subject_id) AS n_patients
FROM mimiciv_hosp.diagnoses_icd x
""" + TITLE_OF + """
WHERE """ + IS_TITLE + "\n", "number"),

    T("population", "code_lookup", [
        "What is the ICD-{version} code of the diagnosis titled \"{title}\"?",
        "Look up the ICD-{version} diagnosis code for \"{title}\".",
        "Which ICD-{version} code stands for \"{title}\"?",
    ], "SELECT title, version FROM (" + TITLES + ") t", """
SELECT dd.icd_code
FROM mimiciv_hosp.d_icd_diagnoses dd
WHERE dd.long_title = {title} AND dd.icd_version = {version}
""", "string"),

    T("population", "top_diagnoses", [
        "What are the {k} most common ICD-{version} diagnoses by number of patients? Give their titles, most common "
        "first.",
        "List the top {k} ICD-{version} diagnosis titles ranked by how many patients carry them, in descending "
        "order.",
        "Which {k} ICD-{version} diagnoses affect the most patients? Titles, most frequent first.",
    ], "SELECT DISTINCT icd_version AS version FROM mimiciv_hosp.diagnoses_icd", """
WITH counts AS (
    SELECT dd.long_title, count(DISTINCT x.subject_id) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE x.icd_version = {version}
    GROUP BY dd.long_title
),
""" + top_k_untied("counts", "long_title") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "top_icd10_letters", [
        "Which {k} ICD-10 code letters (first character of the code) have the most coded diagnoses, most first?",
        "List the top {k} first letters of ICD-10 diagnosis codes by number of coded diagnoses, descending.",
        "By number of coded ICD-10 diagnoses, which {k} code letters are most common? Most frequent first.",
    ], "SELECT 1 AS one FROM mimiciv_hosp.diagnoses_icd WHERE icd_version = 10 LIMIT 1", """
WITH letters AS (
    SELECT left(x.icd_code, 1) AS letter, count(*) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    WHERE x.icd_version = 10
    GROUP BY left(x.icd_code, 1)
),
""" + top_k_untied("letters", "letter") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "condition_prevalence_by_age_band", [
        "What percentage of patients under 65 and of patients 65 or older at their first admission have ever been "
        "coded with {condition}? One row per age band ('<65', '65+'), rounded to 1 decimal place.",
        "By age at first admission (<65, 65+), what share (%) of patients carries a {condition} diagnosis on any "
        "admission? Give 1 decimal, a row per band.",
        "Compare the lifetime prevalence of {condition} coding between patients younger than 65 and 65 or older at "
        "their first admission: percentage per band ('<65', '65+'), 1 decimal.",
    ], CONDITIONS, "WITH " + admissions() + ",\n" + coded() + """,
firsts AS (
    SELECT adm.subject_id, p.anchor_age + (year(adm.admittime) - p.anchor_year) AS age
    FROM adm JOIN mimiciv_hosp.patients p ON p.subject_id = adm.subject_id
    WHERE adm.adm_no = 1
)
SELECT CASE WHEN age < 65 THEN '<65' ELSE '65+' END AS age_band,
       round(100.0 * count(*) FILTER (WHERE subject_id IN (SELECT subject_id FROM coded)) / count(*), 1)
           AS pct_patients
FROM firsts
GROUP BY age_band
ORDER BY age_band
""", "table", rows=2, derived=DERIVED),

    T("population", "female_pct_with_condition", [
        "What percentage of patients coded with {condition} are female? Round to 1 decimal place.",
        "Among patients with a {condition} diagnosis, what share (%) is female, to 1 decimal?",
        "What is the proportion of women among patients diagnosed with {condition}, in percent with 1 decimal?",
    ], CONDITIONS, "WITH " + coded() + """,
pts AS (SELECT DISTINCT subject_id FROM coded)
SELECT round(100.0 * count(*) FILTER (WHERE p.gender = 'F') / count(*), 1) AS pct_female
FROM pts JOIN mimiciv_hosp.patients p ON p.subject_id = pts.subject_id
""", "number", derived=DERIVED),

    T("population", "mean_age_with_condition", [
        "What is the mean age at admission of admissions coded with {condition}? Round to 1 decimal place.",
        "Averaged over admissions with a {condition} diagnosis, how old were the patients at admission (1 "
        "decimal)?",
        "What is the average patient age at the time of admissions carrying {condition}, to 1 decimal place?",
    ], CONDITIONS, "WITH " + coded() + """
SELECT round(avg(p.anchor_age + (year(a.admittime) - p.anchor_year)), 1) AS mean_age
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
WHERE a.hadm_id IN (SELECT hadm_id FROM coded)
""", "number", derived=DERIVED),

    T("population", "median_age_first_condition_by_gender", [
        "What is the median age at the first admission coded with {condition}, for female and for male patients? "
        "One row per gender ('F', 'M').",
        "By gender, at what age is {condition} first coded in hospital? Give the median age at the first such "
        "admission for F and for M.",
        "Tabulate gender ('F'/'M') against the median age of patients at their first admission with a {condition} "
        "diagnosis.",
    ], CONDITIONS, "WITH " + first_coded() + """
SELECT p.gender, median(p.anchor_age + (year(first_dx.admittime) - p.anchor_year)) AS median_age
FROM first_dx JOIN mimiciv_hosp.patients p ON p.subject_id = first_dx.subject_id
GROUP BY p.gender
ORDER BY p.gender
""", "table", rows=2, derived=DERIVED),

    T("population", "patients_with_condition_pair", [
        "How many patients have been coded with both {condition} and {condition_b}?",
        "Count the patients who carry a {condition} diagnosis and also a {condition_b} diagnosis (on any "
        "admissions).",
        "In how many patients do {condition} and {condition_b} co-occur on their record?",
    ], CONDITION_PAIRS, """
WITH first_group AS (SELECT DISTINCT x.subject_id FROM mimiciv_hosp.diagnoses_icd x WHERE """ + MATCHES + """),
second_group AS (SELECT DISTINCT x.subject_id FROM mimiciv_hosp.diagnoses_icd x WHERE """ + SECOND + """)
SELECT count(*) AS n_patients FROM first_group JOIN second_group ON second_group.subject_id = first_group.subject_id
""", "number", derived=DERIVED + ("pattern9_b", "pattern10_b")),

    T("population", "multimorbidity_prevalence", [
        "What percentage of patients with any coded diagnosis have at least {m} of these five chronic conditions: "
        + CHRONIC_NOTE + "? Round to 1 decimal place.",
        "Among patients with diagnoses on record, what share (%) has {m} or more of " + CHRONIC_NOTE + " (1 "
        "decimal)?",
        "How common is multimorbidity here: the percentage of patients coded with at least {m} of " + CHRONIC_NOTE
        + ", to 1 decimal place?",
    ], "SELECT 1 AS one", "WITH " + CHRONIC_CTE + """
SELECT round(100.0 * count(*) FILTER (WHERE """ + N_CHRONIC + """ >= {m}) / count(*), 1) AS pct_patients FROM chronic
""", "number", grid={"m": (1, 2, 3)}, family="multimorbidity"),

    T("population", "multimorbidity_distribution", [
        "How many patients have 0, 1, 2, ... of the five chronic conditions " + CHRONIC_NOTE + "? One row per "
        "number of conditions with the patient count, in increasing order of conditions.",
        "Tabulate the number of chronic conditions among " + CHRONIC_NOTE + " (0 to 5) against how many patients "
        "have exactly that many, ordered by the number of conditions.",
        "Give the distribution of patients with coded diagnoses by how many of " + CHRONIC_NOTE + " they carry: "
        "number of conditions and number of patients, ascending.",
    ], "SELECT 1 AS one", "WITH " + CHRONIC_CTE + """
SELECT n_conditions, count(*) AS n_patients
FROM (SELECT """ + N_CHRONIC + """ AS n_conditions FROM chronic) per_patient
GROUP BY n_conditions
ORDER BY n_conditions
""", "table", ordered=True, family="multimorbidity"),

    # ------------------------------------------------------------------ coding intensity
    T("population", "mean_diagnoses_per_admission", [
        "On average, how many diagnoses are coded per admission among admissions coded in ICD-{version}? Round to "
        "2 decimal places.",
        "For admissions whose diagnoses are in ICD-{version}, what is the mean number of diagnosis codes per "
        "admission (2 decimals)?",
        "What is the average diagnosis count of an ICD-{version}-coded admission, to 2 decimal places?",
    ], "SELECT DISTINCT icd_version AS version FROM mimiciv_hosp.diagnoses_icd", """
WITH per_adm AS (
    SELECT x.hadm_id, count(*) AS n FROM mimiciv_hosp.diagnoses_icd x WHERE x.icd_version = {version}
    GROUP BY x.hadm_id
)
SELECT round(avg(n), 2) AS mean_diagnoses FROM per_adm
""", "number"),

    T("population", "admissions_many_diagnoses", [
        "How many admissions have more than {k} diagnoses coded?",
        "Count the hospital admissions coded with over {k} diagnoses.",
        "In how many admissions does the diagnosis list exceed {k} codes?",
    ], "SELECT 1 AS one", """
WITH per_adm AS (
    SELECT a.hadm_id, count(x.icd_code) AS n
    FROM mimiciv_hosp.admissions a
    LEFT JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = a.hadm_id
    GROUP BY a.hadm_id
)
SELECT count(*) FILTER (WHERE n > {k}) AS n_admissions FROM per_adm
""", "number", grid={"k": (5, 10, 20, 30)}),

    T("population", "mean_diagnoses_by_outcome", [
        "What is the mean number of coded diagnoses per admission for admissions ending in death in hospital "
        "versus survivors? One row per outcome (died true/false), rounded to 2 decimal places.",
        "Compare how many diagnoses are coded, on average, on fatal and on non-fatal admissions (2 decimals, a row "
        "each).",
        "Tabulate in-hospital death (true/false) against the average diagnosis count per admission, to 2 decimal "
        "places.",
    ], "SELECT 1 AS one", """
WITH per_adm AS (
    SELECT a.hadm_id, a.hospital_expire_flag = 1 AS died, count(x.icd_code) AS n
    FROM mimiciv_hosp.admissions a
    LEFT JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = a.hadm_id
    WHERE a.hospital_expire_flag IS NOT NULL
    GROUP BY a.hadm_id, a.hospital_expire_flag
)
SELECT died, round(avg(n), 2) AS mean_diagnoses FROM per_adm GROUP BY died ORDER BY died
""", "table", rows=2),

    T("population", "pct_principal_condition", [
        "Among admissions coded with {condition}, in what percentage was a {condition} code the principal "
        "diagnosis? Round to 1 decimal place.",
        "When {condition} is coded on an admission, how often (%) is it the principal diagnosis, to 1 decimal?",
        "What share of admissions carrying {condition} list it first, as the principal diagnosis (percent, 1 "
        "decimal)?",
    ], CONDITIONS, """
WITH hits AS (
    SELECT x.hadm_id, bool_or(x.seq_num = 1) AS principal
    FROM mimiciv_hosp.diagnoses_icd x
    WHERE """ + MATCHES + """
    GROUP BY x.hadm_id
)
SELECT round(100.0 * count(*) FILTER (WHERE principal) / count(*), 1) AS pct_principal FROM hits
""", "number", derived=DERIVED),

    T("population", "top_codiagnoses", [
        "Which {k} diagnoses (titles) are most often coded on the same admission as {condition}, outside the "
        "{condition} group itself? Count admissions, most frequent first.",
        "On admissions coded with {condition}, what are the {k} most common other diagnoses (titles, not in the "
        "{condition} group), by number of admissions, descending?",
        "List the top {k} companion diagnoses of {condition}: titles coded on the most {condition} admissions, "
        "excluding {condition} codes, most common first.",
    ], CONDITIONS, "WITH " + coded() + """,
counts AS (
    SELECT dd.long_title, count(DISTINCT x.hadm_id) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE x.hadm_id IN (SELECT hadm_id FROM coded) AND NOT """ + MATCHES + """
    GROUP BY dd.long_title
),
""" + top_k_untied("counts", "long_title") + "\n", "list", grid={"k": (3, 5)}, rows="k", derived=DERIVED),

    # ------------------------------------------------------------------ outcomes
    T("population", "condition_mortality", [
        "What is the in-hospital mortality (%) of admissions coded with {condition}? Round to 1 decimal place.",
        "Among admissions with a {condition} diagnosis, what percentage ended in death in hospital (1 decimal)?",
        "How many admissions carrying {condition} end with the patient dying in hospital, as a percentage to 1 "
        "decimal?",
    ], CONDITIONS, BY_CONDITION + """
SELECT round(100.0 * count(*) FILTER (WHERE hospital_expire_flag = 1) / count(*), 1) AS pct_died
FROM outcome WHERE with_condition
""", "number", derived=DERIVED, family="condition_outcome"),

    T("population", "mortality_with_vs_without", [
        "Compare in-hospital mortality (%) between admissions coded with {condition} and all other admissions: one "
        "row per group (with condition true/false), rounded to 1 decimal place.",
        "How much higher is the in-hospital death rate with a {condition} diagnosis? Give the percentage that died "
        "for admissions with and without {condition} (1 decimal), a row each.",
        "Tabulate whether an admission carries {condition} (true/false) against its in-hospital mortality in "
        "percent, to 1 decimal.",
    ], CONDITIONS, BY_CONDITION + """
SELECT with_condition, round(100.0 * count(*) FILTER (WHERE hospital_expire_flag = 1) / count(*), 1) AS pct_died
FROM outcome GROUP BY with_condition ORDER BY with_condition
""", "table", rows=2, derived=DERIVED, family="condition_outcome"),

    T("population", "length_of_stay_with_vs_without", [
        "What is the mean length of stay in days of admissions coded with {condition} compared with other "
        "admissions? One row per group (with condition true/false), rounded to 2 decimal places.",
        "Compare how long admissions last (days, 2 decimals) with and without a {condition} diagnosis.",
        "Tabulate {condition} on the admission (true/false) against the mean hospital length of stay in days, to "
        "2 decimal places.",
    ], CONDITIONS, BY_CONDITION + """
SELECT with_condition, round(avg(los_days), 2) AS mean_days FROM outcome GROUP BY with_condition
ORDER BY with_condition
""", "table", rows=2, derived=DERIVED),

    T("population", "condition_readmission", [
        "Among discharges alive from admissions coded with {condition}, what percentage were followed by a "
        "readmission within 30 days? Round to 1 decimal place.",
        "After a hospital stay with a {condition} diagnosis ending alive, how often (%) is the patient readmitted "
        "within 30 days of discharge (1 decimal)?",
        "What is the 30-day readmission rate (%, 1 decimal) of admissions carrying {condition} that ended with "
        "the patient discharged alive?",
    ], CONDITIONS, "WITH " + coded() + """,
seq AS (
    SELECT a.hadm_id, a.dischtime, a.hospital_expire_flag,
           lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_admit
    FROM mimiciv_hosp.admissions a
)
SELECT round(100.0 * count(*) FILTER (WHERE seq.next_admit <= seq.dischtime + INTERVAL 30 DAY) / count(*), 1)
       AS pct_readmitted
FROM seq
WHERE seq.hadm_id IN (SELECT hadm_id FROM coded) AND coalesce(seq.hospital_expire_flag, 0) = 0
""", "number", derived=DERIVED),

    T("population", "principal_length_of_stay", [
        "What is the mean length of stay in days of admissions whose principal diagnosis is " + NAMED + "? Round "
        "to 2 decimal places.",
        "For admissions with " + NAMED + " as the principal diagnosis, what is the average length of stay in days "
        "(2 decimals)?",
        "How long do patients admitted primarily for " + NAMED + " stay, on average, in days to 2 decimal places?",
    ], """
SELECT dd.long_title AS title, dd.icd_version AS version
FROM mimiciv_hosp.diagnoses_icd x
""" + TITLE_OF + """
JOIN (""" + TITLES + """) t ON t.title = dd.long_title AND t.version = dd.icd_version
WHERE x.seq_num = 1
GROUP BY dd.long_title, dd.icd_version HAVING count(*) >= 2
""", """
SELECT round(avg(date_diff('second', a.admittime, a.dischtime) / 86400.0), 2) AS mean_days
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = a.hadm_id AND x.seq_num = 1
""" + TITLE_OF + """
WHERE """ + IS_TITLE + "\n", "number"),

    T("population", "top_principal_for_type", [
        "What is the most common principal diagnosis (title) of '{admission_type}' admissions?",
        "Which diagnosis title is most often the principal diagnosis of admissions of type '{admission_type}'?",
        "Among '{admission_type}' admissions, which principal diagnosis occurs most often? Give the title.",
    ], "SELECT admission_type FROM mimiciv_hosp.admissions GROUP BY admission_type HAVING count(*) >= 5", """
WITH principal AS (
    SELECT dd.long_title, count(*) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
    """ + TITLE_OF + """
    WHERE x.seq_num = 1 AND a.admission_type = {admission_type}
    GROUP BY dd.long_title
),
""" + argmax("principal", "long_title") + "\n", "string"),

    T("population", "top_principal_deaths", [
        "What are the {k} most common principal diagnoses (titles) of admissions that ended in death in hospital, "
        "most common first?",
        "List the top {k} principal diagnosis titles among in-hospital deaths, by number of admissions, "
        "descending.",
        "Which {k} principal diagnoses account for the most in-hospital deaths? Titles, most frequent first.",
    ], "SELECT 1 AS one FROM mimiciv_hosp.admissions WHERE hospital_expire_flag = 1 LIMIT 1", """
WITH principal AS (
    SELECT dd.long_title, count(*) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id AND a.hospital_expire_flag = 1
    """ + TITLE_OF + """
    WHERE x.seq_num = 1
    GROUP BY dd.long_title
),
""" + top_k_untied("principal", "long_title") + "\n", "list", grid={"k": (2, 3)}, rows="k"),

    T("population", "top_principal_readmissions", [
        "What are the {k} most common principal diagnoses (titles) of 30-day readmissions (admissions starting "
        "within 30 days of the same patient's previous discharge), most common first?",
        "Among admissions that are 30-day readmissions, which {k} principal diagnosis titles occur most often? "
        "Descending.",
        "List the top {k} principal diagnoses of patients readmitted within 30 days of a discharge, by number of "
        "readmissions, most frequent first.",
    ], "SELECT 1 AS one", """
WITH seq AS (
    SELECT a.hadm_id, a.admittime,
           lag(a.dischtime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS prev_disch
    FROM mimiciv_hosp.admissions a
),
principal AS (
    SELECT dd.long_title, count(*) AS n
    FROM seq
    JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = seq.hadm_id AND x.seq_num = 1
    """ + TITLE_OF + """
    WHERE seq.admittime <= seq.prev_disch + INTERVAL 30 DAY
    GROUP BY dd.long_title
),
""" + top_k_untied("principal", "long_title") + "\n", "list", grid={"k": (2, 3)}, rows="k"),

    T("population", "deadliest_principal", [
        "Among principal diagnoses with at least {min_n} admissions, which has the highest in-hospital mortality? "
        "Give the title.",
        "Which principal diagnosis (title), seen on {min_n} or more admissions, has the largest share of "
        "admissions ending in death in hospital?",
        "Considering principal diagnoses of at least {min_n} admissions, which one is the deadliest in hospital "
        "(highest percentage died)?",
    ], "SELECT 1 AS one", """
WITH rates AS (
    SELECT dd.long_title, avg(CASE WHEN a.hospital_expire_flag = 1 THEN 1.0 ELSE 0.0 END) AS rate
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
    """ + TITLE_OF + """
    WHERE x.seq_num = 1
    GROUP BY dd.long_title
    HAVING count(*) >= {min_n}
),
""" + argmax("rates", "long_title", "rate") + "\n", "string", grid={"min_n": (3, 5, 10)}),

]
