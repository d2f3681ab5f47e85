"""Demographics, population level: condition cohorts followed across modules (ED returns after discharge, ICU
use and outcomes, readmission and mortality by group), written as a health-services researcher asks them."""

from __future__ import annotations

from .._common import CONDITIONS, has_condition
from ._sql import AGE, READMITTED, T, next_admission

ONE = "SELECT 1 AS one"
COND = ("icd9", "icd10")
AGE_BAND = ("CASE WHEN age < 45 THEN '18-44' WHEN age < 65 THEN '45-64' WHEN age < 80 THEN '65-79' "
            "ELSE '80+' END")
# Conditions coded in the admissions of at least a few patients (a cohort of one is no population question)
COHORT_CONDITIONS = f"""
SELECT cond.condition, cond.icd9, cond.icd10
FROM ({CONDITIONS}) cond
JOIN mimiciv_hosp.diagnoses_icd dx ON {has_condition("dx", "cond.icd9", "cond.icd10")}
GROUP BY cond.condition, cond.icd9, cond.icd10
HAVING count(DISTINCT dx.subject_id) >= 5
"""
# Conditions coded in admissions with an ICU stay of at least a few patients
ICU_CONDITIONS = f"""
SELECT cond.condition, cond.icd9, cond.icd10
FROM ({CONDITIONS}) cond
JOIN mimiciv_hosp.diagnoses_icd dx ON {has_condition("dx", "cond.icd9", "cond.icd10")}
JOIN mimiciv_icu.icustays i ON i.hadm_id = dx.hadm_id
GROUP BY cond.condition, cond.icd9, cond.icd10
HAVING count(DISTINCT dx.subject_id) >= 5
"""
# CTE: the admissions coding the task's condition {icd9} / {icd10}, once each
CODED = f"""coded AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx WHERE {has_condition()}
)"""
# ED visits are the ED entries of the ward movements, admitted or not (a visit without admission has no admission ID,
# so they are matched to a discharge by patient and time, never by admission)
ED_VISITS = """ed AS (
    SELECT t.subject_id, t.intime FROM mimiciv_hosp.transfers t WHERE t.eventtype = 'ED' AND t.intime IS NOT NULL
)"""

TEMPLATES = [
    T("population", "ed_return_after_condition_discharge", [
        "Of live discharges from admissions with {condition}, what percentage were followed by an emergency "
        "department visit (whether or not it led to admission) within {days} days? Round to 2 decimal places.",
        "After a hospital stay coded with {condition} that ended alive, how often did the patient come back to the "
        "ED within {days} days of discharge, admitted or not? Give the percentage of such discharges, to 2 decimal "
        "places.",
        "What share (%) of patients discharged alive from an admission in which {condition} was diagnosed returned "
        "to the emergency department within {days} days, counting ED visits without admission too (per discharge, "
        "2 decimal places)?",
    ], COHORT_CONDITIONS, f"""
WITH {CODED},
{ED_VISITS},
discharges AS (
    SELECT a.hadm_id, a.subject_id, a.dischtime
    FROM mimiciv_hosp.admissions a JOIN coded c ON c.hadm_id = a.hadm_id
    WHERE coalesce(a.hospital_expire_flag, 0) = 0 AND a.dischtime IS NOT NULL
),
returned AS (
    SELECT DISTINCT d.hadm_id
    FROM discharges d JOIN ed ON ed.subject_id = d.subject_id
        AND ed.intime > d.dischtime AND ed.intime <= d.dischtime + INTERVAL {{days}} DAY
)
SELECT round(100.0 * count(r.hadm_id) / count(*), 2) AS pct
FROM discharges d LEFT JOIN returned r ON r.hadm_id = d.hadm_id
""", "number", grid={"days": (30, 90)}, derived=COND, family="ed_return"),

    T("population", "ed_visits_not_admitted_after_condition", [
        "Among patients once admitted with {condition}, what percentage of their emergency department visits after "
        "the discharge of that first admission did not lead to a hospital admission? Round to 2 decimal places.",
        "For the cohort of patients with a hospital stay coded with {condition}, what share (%) of the ED visits "
        "they made after leaving their first such stay ended without admission (2 decimal places)?",
        "Patients first admitted with {condition}: of their later ED visits (after that admission's discharge), "
        "how many in 100 were sent home rather than admitted, to 2 decimal places?",
    ], COHORT_CONDITIONS, f"""
WITH {CODED},
first_coded AS (
    SELECT a.subject_id, a.dischtime,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.admissions a JOIN coded c ON c.hadm_id = a.hadm_id
),
later_ed AS (
    SELECT t.hadm_id
    FROM mimiciv_hosp.transfers t JOIN first_coded f ON f.subject_id = t.subject_id AND f.k = 1
    WHERE t.eventtype = 'ED' AND t.intime > f.dischtime
)
SELECT round(100.0 * count(*) FILTER (WHERE hadm_id IS NULL) / count(*), 2) AS pct
FROM later_ed
HAVING count(*) > 0
""", "number", derived=COND, family="ed_return"),

    T("population", "median_los_condition_icu_vs_not", [
        "Among admissions with {condition}, what is the median hospital length of stay in days of those with and "
        "of those without an ICU stay? Answer as (had ICU stay, median days) rows, days to 1 decimal place.",
        "Split the hospital stays coded with {condition} by whether the patient went to intensive care: give the "
        "median length of stay in days (1 decimal place) for each group, as (ICU, median days) rows.",
        "How much longer do {condition} admissions last when they include an ICU stay? Give (ICU stay yes/no, "
        "median length of stay in days to 1 decimal place) rows.",
    ], ICU_CONDITIONS, f"""
WITH {CODED},
flagged AS (
    SELECT date_diff('second', a.admittime, a.dischtime) / 86400.0 AS days,
           EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = a.hadm_id) AS had_icu
    FROM mimiciv_hosp.admissions a JOIN coded c ON c.hadm_id = a.hadm_id
    WHERE a.dischtime IS NOT NULL
)
SELECT had_icu, round(median(days), 1) AS median_days
FROM flagged GROUP BY had_icu ORDER BY had_icu
""", "table", derived=COND),

    T("population", "icu_mortality_condition_by_age_band", [
        "For ICU patients with {condition} coded in the admission of their first ICU stay, what is the in-hospital "
        "mortality of that admission by age group (18-44, 45-64, 65-79, 80+)? Answer as (age group, patients, "
        "percentage) rows, percentages to 1 decimal place.",
        "Tabulate, by age band at admission (18-44, 45-64, 65-79, 80+), how many patients had {condition} diagnosed "
        "in the hospital stay of their first ICU admission and what share (%, 1 decimal place) of them died in that "
        "hospital stay.",
        "Among patients whose first ICU stay fell in an admission coded with {condition}: per age group (18-44, "
        "45-64, 65-79, 80+), the number of patients and the in-hospital death rate in % to 1 decimal place?",
    ], ICU_CONDITIONS, f"""
WITH {CODED},
first_stay AS (
    SELECT i.subject_id, i.hadm_id,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no
    FROM mimiciv_icu.icustays i
),
aged AS (
    SELECT f.subject_id, {AGE} AS age, coalesce(a.hospital_expire_flag, 0) AS died
    FROM first_stay f
    JOIN coded c ON c.hadm_id = f.hadm_id
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
    JOIN mimiciv_hosp.patients p ON p.subject_id = f.subject_id
    WHERE f.stay_no = 1
),
banded AS (SELECT {AGE_BAND} AS age_group, died FROM aged WHERE age >= 18)
SELECT age_group, count(*) AS n_patients, round(100.0 * avg(died), 1) AS pct
FROM banded GROUP BY age_group ORDER BY age_group
""", "table", derived=COND),

    T("population", "readmission_by_discharge_location", [
        "For patients aged {min_age} or older at admission, what is the 30-day readmission rate by discharge "
        "destination? Give "
        "(discharge location, live discharges, percentage readmitted) rows for destinations with at least 5 live "
        "discharges, percentages to 1 decimal place.",
        "Break down 30-day readmissions of patients {min_age}+ at admission by where they were discharged to: "
        "number of live discharges and % readmitted within 30 days (1 decimal place), for destinations with 5 or "
        "more discharges.",
        "Does the discharge destination predict readmission in patients at least {min_age} years old? Tabulate each "
        "destination with at least 5 live discharges, its discharges and its 30-day readmission rate in % (1 "
        "decimal place).",
    ], ONE, f"""
WITH aged AS (
    SELECT a.*, {AGE} AS age
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
),
{next_admission("aged")}
SELECT discharge_location, count(*) AS n_discharges,
       round(100.0 * count(*) FILTER (WHERE {READMITTED.replace("{days}", "30")}) / count(*), 1) AS pct
FROM seq
WHERE coalesce(hospital_expire_flag, 0) = 0 AND dischtime IS NOT NULL AND discharge_location IS NOT NULL
  AND age >= {{min_age}}
GROUP BY discharge_location HAVING count(*) >= 5
ORDER BY discharge_location
""", "table", grid={"min_age": (18, 65)}, family="readmission_rate"),

    T("population", "median_ed_to_icu_hours_condition", [
        "For admissions with {condition} that came through the emergency department and reached the ICU, what is "
        "the median time from ED registration to the first ICU admission, in hours to 1 decimal place?",
        "How long does it take patients admitted via the ED with {condition} to reach intensive care? Give the "
        "median hours from ED arrival to the first ICU stay of the admission (1 decimal place), over admissions "
        "with an ICU stay.",
        "Median hours (1 decimal place) from emergency department registration to first ICU admission, among ED "
        "admissions coded with {condition} that had an ICU stay?",
    ], ICU_CONDITIONS, f"""
WITH {CODED},
first_icu AS (
    SELECT i.hadm_id, min(i.intime) AS first_in FROM mimiciv_icu.icustays i GROUP BY i.hadm_id
)
SELECT round(median(date_diff('second', a.edregtime, f.first_in) / 3600.0), 1) AS median_hours
FROM mimiciv_hosp.admissions a
JOIN coded c ON c.hadm_id = a.hadm_id
JOIN first_icu f ON f.hadm_id = a.hadm_id
WHERE a.edregtime IS NOT NULL
HAVING count(*) > 0
""", "number", derived=COND, family="time_to_icu"),

    T("population", "post_icu_mortality_by_age_band", [
        "Of patients discharged alive from the hospital admission of their first ICU stay, what percentage died "
        "within {days} days of that discharge, by age group at admission (18-44, 45-64, 65-79, 80+)? Answer as (age "
        "group, patients, percentage) rows, percentages to 1 decimal place.",
        "Tabulate post-discharge mortality after a first ICU admission: per age band (18-44, 45-64, 65-79, 80+), "
        "the number of survivors to hospital discharge and the share (%, 1 decimal place) dead within {days} days.",
        "How many patients who left hospital alive after their first ICU stay died within {days} days of discharge? "
        "Give, per age group (18-44, 45-64, 65-79, 80+), the survivors and the percentage who died, to 1 decimal "
        "place.",
    ], ONE, f"""
WITH first_stay AS (
    SELECT i.subject_id, i.hadm_id,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no
    FROM mimiciv_icu.icustays i
),
survivors AS (
    SELECT f.subject_id, {AGE} AS age,
           p.dod IS NOT NULL AND date_diff('day', CAST(a.dischtime AS DATE), p.dod) <= {{days}} AS died
    FROM first_stay f
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
    JOIN mimiciv_hosp.patients p ON p.subject_id = f.subject_id
    WHERE f.stay_no = 1 AND coalesce(a.hospital_expire_flag, 0) = 0 AND a.dischtime IS NOT NULL
),
banded AS (SELECT {AGE_BAND} AS age_group, died FROM survivors WHERE age >= 18)
SELECT age_group, count(*) AS n_patients, round(100.0 * count(*) FILTER (WHERE died) / count(*), 1) AS pct
FROM banded GROUP BY age_group ORDER BY age_group
""", "table", grid={"days": (90, 365)}, family="post_discharge_mortality"),

    T("population", "icu_return_rate_condition", [
        "Among ICU stays in admissions with {condition} from which the patient left the ICU alive, what percentage "
        "were followed by another ICU stay in the same admission? Round to 2 decimal places.",
        "How often do patients with {condition} bounce back to intensive care? Give the share (%) of their ICU "
        "stays, in admissions coded with it, followed by a further ICU stay in the same hospitalisation, excluding "
        "stays during which the patient died (2 decimal places).",
        "What percentage of ICU discharges of patients admitted with {condition} (the patient alive at ICU "
        "discharge) led to an ICU readmission within the same hospital stay, to 2 decimal places?",
    ], ICU_CONDITIONS, f"""
WITH {CODED},
seq AS (
    SELECT i.stay_id, i.hadm_id, i.outtime,
           lead(i.intime) OVER (PARTITION BY i.hadm_id ORDER BY i.intime, i.stay_id) AS next_in
    FROM mimiciv_icu.icustays i
),
alive AS (
    SELECT s.stay_id, s.next_in
    FROM seq s
    JOIN coded c ON c.hadm_id = s.hadm_id
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
    WHERE s.outtime IS NOT NULL AND (a.deathtime IS NULL OR a.deathtime > s.outtime)
)
SELECT round(100.0 * count(*) FILTER (WHERE next_in IS NOT NULL) / count(*), 2) AS pct
FROM alive
HAVING count(*) > 0
""", "number", derived=COND),
]
