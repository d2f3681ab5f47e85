"""Demographics, population level: the cohort's ages, admissions, lengths of stay, readmissions and mortality."""

from __future__ import annotations

from .._common import CONDITIONS, argmax, has_condition, top_k
from ._sql import AGE, LOS_DAYS, READMITTED, T, adm, next_admission

ONE = "SELECT 1 AS one"
GENDERS = "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)"
AGE_BAND = ("CASE WHEN age < 45 THEN '18-44' WHEN age < 65 THEN '45-64' WHEN age < 80 THEN '65-79' "
            "ELSE '80+' END")
COND = ("icd9", "icd10")
# Conditions coded in at least a few admissions (a cohort of one is no population question)
COMMON_CONDITIONS = f"""
SELECT cond.condition, cond.icd9, cond.icd10
FROM ({CONDITIONS}) cond
JOIN mimiciv_hosp.diagnoses_icd dx ON {has_condition("dx", "cond.icd9", "cond.icd10")}
GROUP BY cond.condition, cond.icd9, cond.icd10
HAVING count(DISTINCT dx.subject_id) >= 5
"""
# Admissions of patients coded with the condition in that admission
CODED = f"SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx WHERE {has_condition()}"

TEMPLATES = [
    T("population", "count_age_gender", [
        "How many {gender_word} patients were {min_age} or older at their first hospital admission?",
        "Count the {gender_word} patients aged at least {min_age} when first admitted.",
        "How many {gender_word} patients in the database were first admitted at age {min_age} or above?",
    ], GENDERS, f"""
WITH {adm(age=True)}
SELECT count(DISTINCT adm.subject_id) AS n_patients
FROM adm JOIN mimiciv_hosp.patients p ON p.subject_id = adm.subject_id
WHERE adm.adm_no = 1 AND adm.age >= {{min_age}} AND p.gender = {{gender}}
""", "number", grid={"min_age": (40, 50, 65, 75, 85)}, derived=("gender",)),

    T("population", "mean_los_by_type_age", [
        "What is the mean length of stay in days of '{admission_type}' admissions of patients aged {min_age} or "
        "older at admission, rounded to 2 decimal places?",
        "Among patients {min_age} years or older at admission, how many days on average do '{admission_type}' "
        "admissions last (2 decimal places)?",
        "For admissions of type '{admission_type}' in patients aged at least {min_age}, what is the average stay in "
        "days, to 2 decimal places?",
    ], "SELECT DISTINCT admission_type FROM mimiciv_hosp.admissions", f"""
SELECT round(avg({LOS_DAYS}), 2) AS mean_days
FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
WHERE a.admission_type = {{admission_type}} AND a.dischtime IS NOT NULL AND {AGE} >= {{min_age}}
""", "number", grid={"min_age": (18, 65)}),

    T("population", "readmission_rate", [
        "What percentage of admissions ending in a live discharge were followed by a readmission within {days} "
        "days? Round to 2 decimal places.",
        "Among hospital discharges of living patients, what share (%) had the same patient readmitted within {days} "
        "days, to 2 decimal places?",
        "What is the {days}-day readmission rate, as a percentage of live discharges, rounded to 2 decimal places?",
    ], ONE, f"""
WITH {next_admission("mimiciv_hosp.admissions")}
SELECT round(100.0 * count(*) FILTER (WHERE {READMITTED}) / count(*), 2) AS pct
FROM seq
WHERE coalesce(hospital_expire_flag, 0) = 0 AND dischtime IS NOT NULL
""", "number", grid={"days": (7, 30, 90)}, family="readmission_rate"),

    T("population", "readmission_by_insurance", [
        "For each insurance category, what percentage of live discharges were followed by a readmission within 30 "
        "days? Answer as (insurance, percentage) rows, percentages to 2 decimal places.",
        "Break down the 30-day readmission rate (% of live discharges, 2 decimal places) by insurance, as rows of "
        "insurance and rate.",
        "How does the 30-day readmission rate differ by payer? Give each insurance category with its rate in % (2 "
        "decimal places).",
    ], ONE, f"""
WITH {next_admission("mimiciv_hosp.admissions")}
SELECT insurance, round(100.0 * count(*) FILTER (WHERE {READMITTED.replace("{days}", "30")}) / count(*), 2) AS pct
FROM seq
WHERE coalesce(hospital_expire_flag, 0) = 0 AND dischtime IS NOT NULL AND insurance IS NOT NULL
GROUP BY insurance
ORDER BY insurance
""", "table", family="readmission_rate"),

    T("population", "readmission_after_condition", [
        "What percentage of live discharges from admissions with {condition} were followed by a readmission within "
        "30 days? Round to 2 decimal places.",
        "Among patients discharged alive from a hospital stay in which {condition} was diagnosed, what share (%) "
        "were readmitted within 30 days (2 decimal places)?",
        "What is the 30-day readmission rate after admissions coded with {condition}, as a percentage to 2 decimal "
        "places?",
    ], COMMON_CONDITIONS, f"""
WITH {next_admission("mimiciv_hosp.admissions")},
coded AS ({CODED})
SELECT round(100.0 * count(*) FILTER (WHERE {READMITTED.replace("{days}", "30")}) / count(*), 2) AS pct
FROM seq JOIN coded ON coded.hadm_id = seq.hadm_id
WHERE coalesce(seq.hospital_expire_flag, 0) = 0 AND seq.dischtime IS NOT NULL
""", "number", derived=COND, family="readmission_rate"),

    T("population", "mortality_by_insurance", [
        "What is the in-hospital mortality (%) of '{insurance}' admissions that included an ICU stay, in patients "
        "aged {min_age} or older at admission? Round to 2 decimal places.",
        "Among admissions covered by '{insurance}' in which a patient at least {min_age} years old needed intensive "
        "care, what percentage ended in the patient's death in hospital (2 decimal places)?",
        "What share of '{insurance}' admissions with an ICU stay, for patients {min_age}+ at admission, ended with "
        "death before discharge? Give a percentage to 2 decimal places.",
    ], "SELECT DISTINCT a.insurance FROM mimiciv_hosp.admissions a JOIN mimiciv_icu.icustays i "
       "ON i.hadm_id = a.hadm_id WHERE a.insurance IS NOT NULL", f"""
WITH icu_adm AS (
    SELECT a.hadm_id, coalesce(a.hospital_expire_flag, 0) AS died
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    WHERE a.insurance = {{insurance}} AND {AGE} >= {{min_age}}
      AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = a.hadm_id)
)
SELECT round(100.0 * count(*) FILTER (WHERE died = 1) / count(*), 2) AS pct
FROM icu_adm
HAVING count(*) > 0
""", "number", grid={"min_age": (18, 65)}, family="mortality_by_group"),

    T("population", "mortality_by_gender_age", [
        "For each sex and age group at admission (18-44, 45-64, 65-79, 80+), what is the in-hospital mortality of "
        "admissions in %, to 2 decimal places? Answer as (sex, age group, percentage) rows.",
        "Tabulate in-hospital death rates (% of admissions, 2 decimal places) by gender and age band at admission "
        "(18-44, 45-64, 65-79, 80+).",
        "How does in-hospital mortality vary with sex and age? Give rows of sex, age group (18-44, 45-64, 65-79, "
        "80+) and the percentage of admissions ending in death, to 2 decimal places.",
    ], ONE, f"""
WITH aged AS (
    SELECT p.gender, {AGE} AS age, a.hospital_expire_flag
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
),
banded AS (SELECT gender, {AGE_BAND} AS age_group, hospital_expire_flag FROM aged WHERE age >= 18)
SELECT gender, age_group, round(100.0 * count(*) FILTER (WHERE hospital_expire_flag = 1) / count(*), 2) AS pct
FROM banded GROUP BY gender, age_group ORDER BY gender, age_group
""", "table", family="mortality_by_group"),

    T("population", "mortality_condition_difference", [
        "How much higher (in percentage points, 2 decimal places) is in-hospital mortality in admissions with "
        "{condition} than in admissions without it?",
        "What is the difference in in-hospital mortality (%) between admissions coded with {condition} and all "
        "other admissions, with minus without, to 2 decimal places?",
        "Compare in-hospital death rates of admissions with and without a diagnosis of {condition}: the rate with "
        "it minus the rate without, in percentage points rounded to 2 decimal places?",
    ], COMMON_CONDITIONS, f"""
WITH coded AS ({CODED}),
flagged AS (
    SELECT a.hospital_expire_flag, coded.hadm_id IS NOT NULL AS has_condition
    FROM mimiciv_hosp.admissions a LEFT JOIN coded ON coded.hadm_id = a.hadm_id
)
SELECT round(100.0 * count(*) FILTER (WHERE has_condition AND hospital_expire_flag = 1)
             / count(*) FILTER (WHERE has_condition)
           - 100.0 * count(*) FILTER (WHERE NOT has_condition AND hospital_expire_flag = 1)
             / count(*) FILTER (WHERE NOT has_condition), 2) AS pct_points
FROM flagged
""", "number", derived=COND),

    T("population", "top_admission_types", [
        "What are the {k} most common admission types among patients aged {min_age} or older, from most to least "
        "frequent?",
        "List the top {k} kinds of admission by number of admissions of patients at least {min_age} years old, "
        "most frequent first.",
        "For admissions of patients aged {min_age}+, which {k} admission types occur most often (in descending "
        "order)?",
    ], ONE, f"""
WITH counts AS (
    SELECT a.admission_type, count(*) AS n
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    WHERE {AGE} >= {{min_age}}
    GROUP BY a.admission_type
),
{top_k("counts", "admission_type")}
""", "list", grid={"k": (3, 5), "min_age": (18, 65, 80)}, rows="k"),

    T("population", "median_age_by_race", [
        "For admissions of patients whose recorded race is '{race}', what is the median age at admission of those "
        "that came through the emergency department and of those that did not? Answer as (via the ED, admissions, "
        "median age) rows.",
        "Split the admissions of '{race}' patients by whether they arrived through the ED: give each group's number "
        "of admissions and median age at admission, as (through the ED, admissions, median age) rows.",
        "Among admissions of patients recorded as '{race}', how old are patients admitted via the emergency "
        "department compared with those admitted otherwise? Give (ED admission yes/no, admissions, median age at "
        "admission) rows.",
    ], "SELECT race FROM mimiciv_hosp.admissions WHERE race IS NOT NULL GROUP BY race HAVING count(*) >= 3", f"""
WITH aged AS (
    SELECT a.edregtime IS NOT NULL AS via_ed, {AGE} AS age
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    WHERE a.race = {{race}}
)
SELECT via_ed, count(*) AS n_admissions, median(age) AS median_age
FROM aged GROUP BY via_ed ORDER BY via_ed
""", "table", family="age_by_group"),

    T("population", "median_age_by_insurance", [
        "For each insurance category, what is the median age of patients at their first admission? Answer as "
        "(insurance, median age) rows.",
        "Tabulate the median age at first hospital admission by the insurance recorded at that admission.",
        "How old are patients at their first admission, by payer? Give each insurance category with the median age.",
    ], ONE, f"""
WITH {adm(age=True)}
SELECT insurance, median(age) AS median_age
FROM adm WHERE adm_no = 1 AND insurance IS NOT NULL
GROUP BY insurance ORDER BY insurance
""", "table", family="age_by_group"),

    T("population", "admissions_by_age_group", [
        "How many admissions fall in each age group at admission (18-44, 45-64, 65-79, 80+)? Answer as rows of (age "
        "group, number of admissions).",
        "Break down hospital admissions by age band at admission (18-44, 45-64, 65-79, 80+): give each band with its "
        "admission count.",
        "What is the age distribution of admissions: how many admissions were in patients aged 18-44, 45-64, 65-79 "
        "and 80+ at admission?",
    ], ONE, f"""
WITH aged AS (
    SELECT {AGE} AS age
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
),
banded AS (SELECT {AGE_BAND} AS age_group FROM aged WHERE age >= 18)
SELECT age_group, count(*) AS n_admissions FROM banded GROUP BY age_group ORDER BY age_group
""", "table"),

    T("population", "patients_min_admissions", [
        "How many patients had at least {k} hospital admissions within {years} years of their first one?",
        "Count the patients with {k} or more admissions starting within {years} years of their first admission "
        "(the first included).",
        "How many patients were admitted {k} or more times in the {years} years from their first admission "
        "onwards?",
    ], ONE, f"""
WITH {adm()},
per_patient AS (
    SELECT later.subject_id, count(*) AS n
    FROM adm later JOIN adm first_adm ON first_adm.subject_id = later.subject_id AND first_adm.adm_no = 1
    WHERE later.admittime < first_adm.admittime + INTERVAL {{years}} YEAR
    GROUP BY later.subject_id
)
SELECT count(*) AS n_patients FROM per_patient WHERE n >= {{k}}
""", "number", grid={"k": (2, 3, 5), "years": (1, 5)}),

    T("population", "one_year_mortality_after_discharge", [
        "What percentage of patients discharged alive from their last admission died within {days} days of that "
        "discharge? Round to 2 decimal places.",
        "Among patients alive at their final hospital discharge, what share (%) died within {days} days after it, "
        "to 2 decimal places?",
        "What is the {days}-day post-discharge mortality, as a percentage of patients alive at their last discharge "
        "(2 decimal places)?",
    ], ONE, f"""
WITH {adm()},
last_adm AS (SELECT * FROM adm WHERE adm_rev = 1 AND coalesce(hospital_expire_flag, 0) = 0)
SELECT round(100.0 * count(*) FILTER (
           WHERE p.dod IS NOT NULL AND date_diff('day', CAST(l.dischtime AS DATE), p.dod) <= {{days}})
       / count(*), 2) AS pct
FROM last_adm l JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id
""", "number", grid={"days": (30, 90, 365)}, family="post_discharge_mortality"),

    T("population", "post_discharge_mortality_condition", [
        "Among patients with {condition} who were discharged alive from their last admission, what percentage died "
        "within 365 days of that discharge? Round to 2 decimal places.",
        "What is the one-year post-discharge mortality (%) of patients ever diagnosed with {condition} and alive at "
        "their final discharge, to 2 decimal places?",
        "Of the patients with a {condition} diagnosis who left hospital alive the last time, what share (%) died "
        "within a year (365 days), to 2 decimal places?",
    ], COMMON_CONDITIONS, f"""
WITH {adm()},
cohort AS (SELECT DISTINCT dx.subject_id FROM mimiciv_hosp.diagnoses_icd dx WHERE {has_condition()}),
last_adm AS (
    SELECT adm.* FROM adm JOIN cohort ON cohort.subject_id = adm.subject_id
    WHERE adm.adm_rev = 1 AND coalesce(adm.hospital_expire_flag, 0) = 0
)
SELECT round(100.0 * count(*) FILTER (
           WHERE p.dod IS NOT NULL AND date_diff('day', CAST(l.dischtime AS DATE), p.dod) <= 365)
       / count(*), 2) AS pct
FROM last_adm l JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id
""", "number", derived=COND, family="post_discharge_mortality"),

    T("population", "mean_age_died_vs_survived", [
        "How much older on average, in years to 2 decimal places, are patients at admissions that end in hospital "
        "death than at admissions they survive?",
        "What is the mean age at admission of admissions ending in in-hospital death minus that of survived "
        "admissions, to 2 decimal places?",
        "Compare ages: mean age at admission for admissions where the patient died in hospital, minus the mean for "
        "those discharged alive (2 decimal places).",
    ], ONE, f"""
WITH aged AS (
    SELECT {AGE} AS age, a.hospital_expire_flag
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
)
SELECT round(avg(age) FILTER (WHERE hospital_expire_flag = 1)
             - avg(age) FILTER (WHERE coalesce(hospital_expire_flag, 0) = 0), 2) AS years
FROM aged
""", "number"),

    T("population", "discharge_locations_for_type", [
        "What are the {k} most common discharge destinations after '{admission_type}' admissions of patients aged "
        "{min_age} or older, most frequent first (unknown destinations excluded)?",
        "For '{admission_type}' admissions of patients at least {min_age} years old, list the top {k} discharge "
        "locations in order of frequency, ignoring missing ones.",
        "Where do patients aged {min_age}+ most often go after an '{admission_type}' admission? Give the {k} "
        "commonest recorded discharge destinations, most frequent first.",
    ], "SELECT admission_type FROM mimiciv_hosp.admissions GROUP BY admission_type HAVING count(*) >= 10", f"""
WITH counts AS (
    SELECT a.discharge_location, count(*) AS n
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    WHERE a.admission_type = {{admission_type}} AND a.discharge_location IS NOT NULL AND {AGE} >= {{min_age}}
    GROUP BY a.discharge_location
),
{top_k("counts", "discharge_location")}
""", "list", grid={"k": (2, 3), "min_age": (18, 65)}, rows="k"),

    T("population", "mean_age_first_admission_drug", [
        "What was the mean age at first hospital admission of patients who were ever prescribed {drug}, rounded to "
        "1 decimal place?",
        "Among patients with at least one prescription of {drug}, what is the average age at their first admission "
        "(1 decimal place)?",
        "How old, on average, were patients who at some point received a {drug} prescription when they were first "
        "admitted? Give 1 decimal place.",
    ], "SELECT drug FROM mimiciv_hosp.prescriptions WHERE drug IS NOT NULL AND drug <> '' GROUP BY drug "
       "HAVING count(DISTINCT subject_id) >= 10", f"""
WITH {adm(age=True)},
cohort AS (SELECT DISTINCT rx.subject_id FROM mimiciv_hosp.prescriptions rx WHERE rx.drug = {{drug}})
SELECT round(avg(adm.age), 1) AS mean_age
FROM adm JOIN cohort ON cohort.subject_id = adm.subject_id
WHERE adm.adm_no = 1
""", "number"),

    T("population", "weekend_admission_mortality", [
        "What is the in-hospital mortality (%) of '{admission_type}' admissions that began on a weekend compared "
        "with a weekday? Answer as (weekend yes/no, percentage) rows, percentages to 2 decimal places.",
        "For '{admission_type}' admissions, tabulate in-hospital death rates (% to 2 decimal places) for weekend "
        "(Saturday or Sunday) versus weekday admission.",
        "Is there a weekend effect in '{admission_type}' admissions? Give in-hospital mortality in % (2 decimal "
        "places) for admissions starting on Saturday/Sunday and on other days, as (weekend, percentage) rows.",
    ], "SELECT admission_type FROM mimiciv_hosp.admissions GROUP BY admission_type HAVING count(*) >= 20", """
WITH flagged AS (
    SELECT dayofweek(a.admittime) IN (0, 6) AS weekend, a.hospital_expire_flag
    FROM mimiciv_hosp.admissions a
    WHERE a.admission_type = {admission_type}
)
SELECT weekend, round(100.0 * count(*) FILTER (WHERE hospital_expire_flag = 1) / count(*), 2) AS pct
FROM flagged GROUP BY weekend ORDER BY weekend
""", "table"),

    T("population", "admissions_per_patient_by_gender", [
        "On average, how many hospital admissions does a patient have in the {years} years from the start of their "
        "first admission (that one included), by sex? Answer as (sex, mean admissions) rows, means to 2 decimal "
        "places.",
        "Tabulate, for each gender, the mean number of admissions per patient beginning within {years} years of the "
        "patient's first admission (counting the first), to 2 decimal places.",
        "Do men or women come back to hospital more often? Give each sex with its average number of admissions per "
        "patient starting no more than {years} years after the first admission's start, the first included (2 "
        "decimal places).",
    ], ONE, """
WITH firsts AS (
    SELECT a.subject_id, min(a.admittime) AS first_admit FROM mimiciv_hosp.admissions a GROUP BY a.subject_id
),
per_patient AS (
    SELECT f.subject_id, count(*) AS n
    FROM firsts f JOIN mimiciv_hosp.admissions a ON a.subject_id = f.subject_id
    WHERE a.admittime <= f.first_admit + INTERVAL {years} YEAR
    GROUP BY f.subject_id
)
SELECT p.gender, round(avg(pp.n), 2) AS mean_admissions
FROM per_patient pp JOIN mimiciv_hosp.patients p ON p.subject_id = pp.subject_id
GROUP BY p.gender ORDER BY p.gender
""", "table", grid={"years": (1, 5)}),

    T("population", "median_los_icu_vs_not", [
        "What is the median length of stay in days of hospital admissions with an ICU stay and of those without one? "
        "Answer as (had ICU stay, median days) rows, days to 2 decimal places.",
        "Tabulate the median hospital length of stay (days, 2 decimal places) for admissions that included intensive "
        "care and for admissions that did not.",
        "How much longer do admissions with ICU care last? Give the median length of stay in days (2 decimal "
        "places) for admissions with and without an ICU stay, as two rows.",
    ], ONE, f"""
WITH flagged AS (
    SELECT {LOS_DAYS} AS days,
           EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = a.hadm_id) AS had_icu
    FROM mimiciv_hosp.admissions a
    WHERE a.dischtime IS NOT NULL
)
SELECT had_icu, round(median(days), 2) AS median_days FROM flagged GROUP BY had_icu ORDER BY had_icu
""", "table"),

    T("population", "most_common_age_band_condition", [
        "In which age group at admission (18-44, 45-64, 65-79, 80+) are admissions with {condition} most frequent?",
        "Which age band (18-44, 45-64, 65-79 or 80+ at admission) accounts for the most admissions coded with "
        "{condition}?",
        "Among admissions with a diagnosis of {condition}, which age group at admission (18-44, 45-64, 65-79, 80+) "
        "is the largest?",
    ], COMMON_CONDITIONS, f"""
WITH coded AS ({CODED}),
aged AS (
    SELECT {AGE} AS age
    FROM mimiciv_hosp.admissions a
    JOIN coded ON coded.hadm_id = a.hadm_id
    JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
),
banded AS (SELECT {AGE_BAND} AS age_group FROM aged WHERE age >= 18),
counts AS (SELECT age_group, count(*) AS n FROM banded GROUP BY age_group),
{argmax("counts", "age_group")}
""", "string", derived=COND),
]
