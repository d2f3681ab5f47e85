"""Diagnosis questions that define a cohort by its coded condition and follow it through the record: what came
before the first ICU stay, what the readmissions were for, and outcomes compared between groups of a cohort
(ICU or not, early treatment or not, age band, principal or secondary diagnosis)."""

from __future__ import annotations

from .._common import maker
from ._sql import (CONDITION_DRUG_ROWS, PATIENT_CONDITION_STATS, PATIENT_CONDITIONS_2ADM, PATIENTS_DX_2ADM, TITLE_OF,
                   admissions, first_coded)
from .conditions import DERIVED, MATCHES_PARAM as MATCHES, PREFIX_TABLE, coded, condition_params

T = maker("diagnoses")
CONDITIONS = condition_params()
ADM = admissions("a.subject_id = {subject_id}")
# Admissions of the task's condition with the patient's next admission: (hadm_id, next_hadm, readmitted in 30 d)
NEXT_AFTER_CODED = coded() + """,
nxt AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime, a.hospital_expire_flag,
           lead(a.hadm_id) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_hadm,
           lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_admit
    FROM mimiciv_hosp.admissions a
)"""
AGE = "p.anchor_age + (year(nxt.admittime) - p.anchor_year)"
FIRST_DX = first_coded("a.subject_id = {subject_id}")
# Patients with ICU stays, per condition group they are coded with
ICU_PATIENT_CONDITIONS = ("SELECT s.* FROM (" + PATIENT_CONDITION_STATS + ") s WHERE s.subject_id IN "
                          "(SELECT subject_id FROM mimiciv_icu.icustays)")

TEMPLATES = [
    T("patient", "conditions_before_first_icu", [
        "Which of the standard condition groups had been coded for patient {subject_id} on hospital admissions "
        "that ended before their first ICU stay began?",
        "Before patient {subject_id} first went to intensive care, which standard conditions were already on "
        "record from their earlier (completed) admissions?",
        "List the standard condition groups coded on patient {subject_id}'s admissions discharged before the start "
        "of their first ICU stay.",
    ], "SELECT subject_id FROM (" + PATIENTS_DX_2ADM + ") p WHERE p.subject_id IN "
       "(SELECT subject_id FROM mimiciv_icu.icustays)", """
WITH first_stay AS (
    SELECT min(i.intime) AS intime FROM mimiciv_icu.icustays i WHERE i.subject_id = {subject_id}
),
earlier AS (
    SELECT a.hadm_id FROM mimiciv_hosp.admissions a CROSS JOIN first_stay
    WHERE a.subject_id = {subject_id} AND a.dischtime < first_stay.intime
)
SELECT DISTINCT grp.condition
FROM mimiciv_hosp.diagnoses_icd x
JOIN earlier ON earlier.hadm_id = x.hadm_id
JOIN """ + PREFIX_TABLE + """ ON grp.icd_version = x.icd_version AND starts_with(x.icd_code, grp.prefix)
""", "set"),

    T("patient", "readmission_principals_after_condition", [
        "Patient {subject_id} was readmitted after some of their admissions coded with {condition}: for each such "
        "admission whose next admission began within 30 days of its discharge, what was the principal diagnosis of "
        "that next admission? Give the titles in time order.",
        "List, in chronological order, the principal diagnosis titles of patient {subject_id}'s 30-day "
        "readmissions that followed an admission coded with {condition} (the next admission, when it started "
        "within 30 days after discharge).",
        "What were patient {subject_id}'s readmissions within 30 days of a {condition} admission for? Give the "
        "principal diagnosis title of each such next admission, earliest first.",
    ], PATIENT_CONDITIONS_2ADM, "WITH " + ADM + ",\n" + coded() + """,
nxt AS (
    SELECT hadm_id, dischtime, adm_no,
           lead(hadm_id) OVER (ORDER BY adm_no) AS next_hadm, lead(admittime) OVER (ORDER BY adm_no) AS next_admit
    FROM adm
)
SELECT dd.long_title AS diagnosis
FROM nxt
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = nxt.next_hadm AND x.seq_num = 1
""" + TITLE_OF + """
WHERE nxt.hadm_id IN (SELECT hadm_id FROM coded) AND nxt.next_admit <= nxt.dischtime + INTERVAL 30 DAY
ORDER BY nxt.adm_no
""", "list", max_rows=12, derived=DERIVED, family="after_condition"),

    T("patient", "drugs_in_icu_first_condition", [
        "During patient {subject_id}'s first admission coded with {condition}, how many different drugs were "
        "started while they were in the first ICU stay of that admission (from ICU admission to ICU discharge)?",
        "On the first hospital stay with {condition}, how many distinct drugs did patient {subject_id} have "
        "started during their first time in intensive care on that stay?",
        "Patient {subject_id}'s first {condition} admission included an ICU stay: how many different drugs were "
        "begun between the start and the end of the first ICU stay of that admission?",
    ], ICU_PATIENT_CONDITIONS, "WITH " + FIRST_DX + """,
first_stay AS (
    SELECT i.intime, i.outtime,
           row_number() OVER (ORDER BY i.intime, i.stay_id) AS k
    FROM mimiciv_icu.icustays i JOIN first_dx ON i.hadm_id = first_dx.hadm_id
)
SELECT count(DISTINCT r.drug) AS n_drugs
FROM first_dx CROSS JOIN first_stay
LEFT JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = first_dx.hadm_id
 AND r.starttime BETWEEN first_stay.intime AND first_stay.outtime
WHERE first_stay.k = 1
HAVING count(*) > 0
""", "number", derived=DERIVED, family="condition_drugs"),

    T("patient", "stay_change_first_to_latest_condition", [
        "How much longer, in days, was patient {subject_id}'s most recent admission coded with {condition} than "
        "their first one (latest minus first length of stay, rounded to 1 decimal place)?",
        "Comparing patient {subject_id}'s first and most recent hospital stays with {condition}, what is the "
        "difference in length of stay (most recent minus first, days to 1 decimal)?",
        "Patient {subject_id} has had several {condition} admissions: by how many days did the length of stay of "
        "the latest differ from the first (latest minus first, 1 decimal place)?",
    ], "SELECT s.* FROM (" + PATIENT_CONDITION_STATS + ") s WHERE s.n_adm >= 2", "WITH " + coded() + """,
stays AS (
    SELECT date_diff('second', a.admittime, a.dischtime) / 86400.0 AS los_days,
           row_number() OVER (ORDER BY a.admittime, a.hadm_id) AS first_k,
           row_number() OVER (ORDER BY a.admittime DESC, a.hadm_id DESC) AS last_k
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.hadm_id IN (SELECT hadm_id FROM coded)
)
SELECT round(max(los_days) FILTER (WHERE last_k = 1) - max(los_days) FILTER (WHERE first_k = 1), 1) AS days
FROM stays HAVING count(*) >= 2
""", "number", derived=DERIVED, family="condition_stay"),

    T("patient", "days_to_icu_after_condition", [
        "How many days after the admission date of patient {subject_id}'s first admission coded with {condition} "
        "did their first ICU stay from then on begin (0 if it began on that day)?",
        "From the day patient {subject_id} was first admitted with {condition}, how many days passed until they "
        "were next in intensive care (first ICU stay starting on or after that admission's date)?",
        "Patient {subject_id}'s first {condition} admission date to the start date of their first ICU stay on or "
        "after it: how many days?",
    ], ICU_PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT date_diff('day', CAST(min(first_dx.admittime) AS DATE), min(CAST(i.intime AS DATE))) AS days
FROM first_dx
JOIN mimiciv_icu.icustays i ON i.subject_id = first_dx.subject_id
 AND CAST(i.intime AS DATE) >= CAST(first_dx.admittime AS DATE)
""", "number", derived=DERIVED, family="condition_icu"),

    T("population", "mortality_by_icu_with_condition", [
        "Among hospital admissions coded with {condition}, what is the in-hospital mortality (%) of admissions that "
        "included an ICU stay and of those that did not? One row per group (ICU stay true/false), 1 decimal place.",
        "For {condition} admissions, compare the in-hospital death rate with and without time in intensive care: "
        "percentage per group, rounded to 1 decimal.",
        "How does in-hospital mortality (%, 1 decimal) differ between admissions with {condition} that needed an "
        "ICU stay and those managed without one? A row for each.",
    ], CONDITIONS, "WITH " + coded() + """,
cohort AS (
    SELECT a.hadm_id, coalesce(a.hospital_expire_flag, 0) = 1 AS died,
           EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = a.hadm_id) AS icu_stay
    FROM mimiciv_hosp.admissions a
    WHERE a.hadm_id IN (SELECT hadm_id FROM coded)
)
SELECT icu_stay, round(100.0 * count(*) FILTER (WHERE died) / count(*), 1) AS pct_died
FROM cohort GROUP BY icu_stay ORDER BY icu_stay
""", "table", rows=2, derived=DERIVED, family="condition_outcome_groups"),

    T("population", "mortality_by_early_drug_with_condition", [
        "Among admissions coded with {condition}, compare in-hospital mortality (%) between admissions where {drug} "
        "was started within the first 24 hours after admission and all others: one row per group (early {drug} "
        "true/false), 1 decimal place.",
        "For hospital stays with {condition}, what is the in-hospital death rate (%, 1 decimal) with {drug} begun "
        "in the first 24 hours of the admission versus without? A row for each group.",
        "Does early {drug} (a prescription started within 24 hours after admission) go with different in-hospital "
        "mortality in {condition} admissions? Percent died per group (true/false), to 1 decimal.",
    ], CONDITION_DRUG_ROWS, "WITH " + coded() + """,
cohort AS (
    SELECT a.hadm_id, coalesce(a.hospital_expire_flag, 0) = 1 AS died,
           EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions r
                   WHERE r.hadm_id = a.hadm_id AND r.drug = {drug}
                     AND r.starttime >= a.admittime AND r.starttime < a.admittime + INTERVAL 24 HOUR) AS early_drug
    FROM mimiciv_hosp.admissions a
    WHERE a.hadm_id IN (SELECT hadm_id FROM coded)
)
SELECT early_drug, round(100.0 * count(*) FILTER (WHERE died) / count(*), 1) AS pct_died
FROM cohort GROUP BY early_drug ORDER BY early_drug
""", "table", rows=2, derived=DERIVED, family="condition_outcome_groups"),

    T("population", "readmission_by_age_band_with_condition", [
        "Among admissions coded with {condition} that ended with the patient discharged alive, what percentage "
        "were followed by a readmission within 30 days, for patients under 65 and 65 or older at that admission? "
        "One row per age band ('<65', '65+'), 1 decimal place.",
        "What is the 30-day readmission rate (%) after a {condition} admission with a live discharge, by age at "
        "the admission (<65 vs 65+)? Round to 1 decimal, a row per band.",
        "Compare 30-day readmission (%, 1 decimal) after live discharge from {condition} admissions between "
        "patients younger than 65 and those 65 or older at admission: one row per age band ('<65', '65+').",
    ], CONDITIONS, "WITH " + NEXT_AFTER_CODED + """,
cohort AS (
    SELECT CASE WHEN """ + AGE + """ < 65 THEN '<65' ELSE '65+' END AS age_band,
           coalesce(nxt.next_admit <= nxt.dischtime + INTERVAL 30 DAY, FALSE) AS readmitted
    FROM nxt JOIN mimiciv_hosp.patients p ON p.subject_id = nxt.subject_id
    WHERE nxt.hadm_id IN (SELECT hadm_id FROM coded) AND coalesce(nxt.hospital_expire_flag, 0) = 0
)
SELECT age_band, round(100.0 * count(*) FILTER (WHERE readmitted) / count(*), 1) AS pct_readmitted
FROM cohort GROUP BY age_band ORDER BY age_band
""", "table", rows=2, derived=DERIVED, family="condition_outcome_groups"),

    T("population", "length_of_stay_principal_vs_secondary", [
        "What is the median length of stay (days, 2 decimal places) of admissions where {condition} was the "
        "principal diagnosis, and of admissions where it was coded only as a secondary diagnosis? One row per "
        "group (principal true/false).",
        "Compare the median hospital length of stay between admissions for {condition} (principal diagnosis) and "
        "admissions with {condition} only among the secondary diagnoses: days to 2 decimals, a row for each.",
        "How long do patients stay when {condition} is the reason for admission (first-listed diagnosis) versus "
        "when it is a secondary diagnosis? Median days per group, rounded to 2 decimals.",
    ], CONDITIONS, """
WITH coded AS (
    SELECT x.hadm_id, bool_or(x.seq_num = 1) AS principal
    FROM mimiciv_hosp.diagnoses_icd x
    WHERE """ + MATCHES + """
    GROUP BY x.hadm_id
)
SELECT coded.principal,
       round(median(date_diff('second', a.admittime, a.dischtime) / 86400.0), 2) AS median_los_days
FROM coded JOIN mimiciv_hosp.admissions a ON a.hadm_id = coded.hadm_id
WHERE a.dischtime IS NOT NULL
GROUP BY coded.principal ORDER BY coded.principal
""", "table", rows=2, derived=DERIVED),
]
