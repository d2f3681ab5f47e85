"""Demographics, population level: care units, services, the emergency department and ICU stays."""

from __future__ import annotations

from .._common import has_condition, top_k
from .population_stays import COMMON_CONDITIONS
from ._sql import AGE, WARD, T

ONE = "SELECT 1 AS one"
ICU_UNITS = "SELECT DISTINCT first_careunit AS careunit FROM mimiciv_icu.icustays WHERE first_careunit IS NOT NULL"

TEMPLATES = [
    T("population", "most_common_first_service", [
        "Which {k} hospital services do admissions with {condition} of patients aged {min_age} or older most often "
        "start under, most frequent first?",
        "For admissions coded with {condition} in patients at least {min_age} years old at admission, what are the "
        "{k} most frequent first services, in descending order of admissions?",
        "Among admissions of patients aged {min_age}+ in which {condition} was diagnosed, which {k} clinical services "
        "are most often the first one responsible for the patient (most common first)?",
    ], COMMON_CONDITIONS, f"""
WITH firsts AS (
    SELECT s.hadm_id, s.curr_service,
           row_number() OVER (PARTITION BY s.hadm_id ORDER BY s.transfertime, s.curr_service) AS k
    FROM mimiciv_hosp.services s
),
cohort AS (
    SELECT a.hadm_id FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    WHERE {AGE} >= {{min_age}}
      AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd dx WHERE dx.hadm_id = a.hadm_id AND {has_condition()})
),
counts AS (
    SELECT firsts.curr_service, count(*) AS n
    FROM firsts JOIN cohort ON cohort.hadm_id = firsts.hadm_id
    WHERE firsts.k = 1
    GROUP BY firsts.curr_service
),
{top_k("counts", "curr_service")}
""", "list", grid={"min_age": (18, 65), "k": (2, 3)}, rows="k", derived=("icd9", "icd10")),

    T("population", "mean_los_by_first_service", [
        "Which {k} first services of an admission have the longest mean hospital length of stay, longest first?",
        "Rank admissions by the service they started under: which {k} services have the highest average length of "
        "stay (in descending order)?",
        "List the top {k} starting services by mean length of hospital stay, from longest to shortest.",
    ], ONE, """
WITH firsts AS (
    SELECT s.hadm_id, s.curr_service,
           row_number() OVER (PARTITION BY s.hadm_id ORDER BY s.transfertime, s.curr_service) AS k
    FROM mimiciv_hosp.services s
),
by_service AS (
    SELECT f.curr_service, avg(date_diff('second', a.admittime, a.dischtime) / 86400.0) AS mean_days
    FROM firsts f JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
    WHERE f.k = 1 AND a.dischtime IS NOT NULL
    GROUP BY f.curr_service
),
""" + top_k("by_service", "curr_service", "mean_days") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "careunit_mean_hours", [
        "What is the mean length of one stay in the '{careunit}' unit, in hours rounded to 1 decimal place, "
        "separately for stays that were part of a hospital admission and stays that were not? Answer as (part of an "
        "admission, stays, mean hours) rows.",
        "On average, how many hours does a patient stay in '{careunit}' per visit? Split the visits by whether they "
        "belonged to a hospital admission, and give (admitted, visits, mean hours to 1 decimal place) rows.",
        "How long is a typical stay in the '{careunit}' unit for admitted patients and for patients never admitted "
        "on that visit? Give (within an admission, stays, mean hours per stay to 1 decimal place) rows.",
    ], "SELECT careunit FROM mimiciv_hosp.transfers WHERE careunit IS NOT NULL AND lower(careunit) <> 'unknown' "
       "AND outtime IS NOT NULL "
       "GROUP BY careunit HAVING count(*) >= 5", """
WITH unit_stays AS (
    SELECT t.hadm_id IS NOT NULL AS admitted, date_diff('second', t.intime, t.outtime) / 3600.0 AS hours
    FROM mimiciv_hosp.transfers t
    WHERE t.careunit = {careunit} AND t.outtime IS NOT NULL AND t.intime IS NOT NULL
)
SELECT admitted, count(*) AS n_stays, round(avg(hours), 1) AS mean_hours
FROM unit_stays GROUP BY admitted ORDER BY admitted
""", "table"),

    T("population", "ed_visits_not_admitted_pct", [
        "By the patient's age group at the time of the visit (18-44, 45-64, 65-79, 80+), what percentage of "
        "emergency department visits did not lead to a hospital admission? Answer as (age group, visits, "
        "percentage) rows, percentages to 1 decimal place.",
        "Tabulate ED visits by age band of the patient in the year of the visit (18-44, 45-64, 65-79, 80+): the "
        "number of visits and the share (%, 1 decimal place) that ended without the patient being admitted.",
        "How often are patients seen in the emergency department sent home rather than admitted, by age group at "
        "the visit (18-44, 45-64, 65-79, 80+)? Give (age group, visits, % not admitted to 1 decimal place) rows.",
    ], "SELECT 1 AS one FROM mimiciv_hosp.transfers WHERE eventtype = 'ED' LIMIT 1", """
WITH visits AS (
    SELECT t.hadm_id, p.anchor_age + (year(t.intime) - p.anchor_year) AS age
    FROM mimiciv_hosp.transfers t JOIN mimiciv_hosp.patients p ON p.subject_id = t.subject_id
    WHERE t.eventtype = 'ED' AND t.intime IS NOT NULL
),
banded AS (
    SELECT CASE WHEN age < 45 THEN '18-44' WHEN age < 65 THEN '45-64' WHEN age < 80 THEN '65-79' ELSE '80+' END
               AS age_group, hadm_id
    FROM visits WHERE age >= 18
)
SELECT age_group, count(*) AS n_visits, round(100.0 * count(*) FILTER (WHERE hadm_id IS NULL) / count(*), 1) AS pct
FROM banded GROUP BY age_group ORDER BY age_group
""", "table", family="ed_return"),

    T("population", "median_ed_hours_by_type", [
        "For admissions that came through the emergency department, what is the median time spent in the ED in "
        "hours, by admission type and by whether the admission went on to an ICU stay? Answer as (admission type, "
        "ICU stay, admissions, median hours) rows for groups of at least 3 admissions, hours to 1 decimal place.",
        "Tabulate the median ED length of stay (hours, 1 decimal place) of admissions that started in the emergency "
        "department, by admission type and ICU stay during the admission (yes/no), with the number of admissions, "
        "for groups with 3 or more admissions.",
        "Do patients who later need intensive care leave the ED faster? By type of admission and by whether the "
        "admission included an ICU stay, give the number of ED admissions and the median ED hours (1 decimal "
        "place), for groups of at least 3.",
    ], ONE, """
WITH ed_adm AS (
    SELECT a.admission_type, date_diff('second', a.edregtime, a.edouttime) / 3600.0 AS hours,
           EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = a.hadm_id) AS had_icu
    FROM mimiciv_hosp.admissions a
    WHERE a.edregtime IS NOT NULL AND a.edouttime IS NOT NULL
)
SELECT admission_type, had_icu, count(*) AS n_admissions, round(median(hours), 1) AS median_hours
FROM ed_adm
GROUP BY admission_type, had_icu HAVING count(*) >= 3
ORDER BY admission_type, had_icu
""", "table"),

    T("population", "patients_many_units", [
        "How many admissions took the patient through at least {k} different care units?",
        "Count the hospital admissions during which the patient stayed in {k} or more distinct units.",
        "In how many admissions was a patient looked after in {k} or more different wards or units?",
    ], ONE, f"""
WITH per_adm AS (
    SELECT t.hadm_id, count(DISTINCT t.careunit) AS n_units
    FROM mimiciv_hosp.transfers t
    WHERE t.hadm_id IS NOT NULL AND {WARD}
    GROUP BY t.hadm_id
)
SELECT count(*) AS n_admissions FROM per_adm WHERE n_units >= {{k}}
""", "number", grid={"k": (3, 4, 5)}),

    T("population", "top_units_for_type", [
        "Which {k} care units are most often used during '{admission_type}' admissions (counting each admission "
        "once per unit), most frequent first?",
        "For '{admission_type}' admissions, list the {k} units that the most admissions passed through, in "
        "descending order.",
        "During '{admission_type}' admissions, which {k} wards or units do patients most often stay in (number of "
        "admissions using the unit, most first)?",
    ], "SELECT admission_type FROM mimiciv_hosp.admissions GROUP BY admission_type HAVING count(*) >= 10", f"""
WITH used AS (
    SELECT DISTINCT t.hadm_id, t.careunit
    FROM mimiciv_hosp.transfers t JOIN mimiciv_hosp.admissions a ON a.hadm_id = t.hadm_id
    WHERE a.admission_type = {{admission_type}} AND {WARD}
),
counts AS (SELECT careunit, count(*) AS n FROM used GROUP BY careunit),
{top_k("counts", "careunit")}
""", "list", grid={"k": (2, 3)}, rows="k"),

    T("population", "icu_mean_los_by_unit", [
        "Among patients aged {min_age} or older who survived their hospital admission, what is the mean length in "
        "days of their first ICU stay, over first stays that began in the '{careunit}'? Round to 2 decimal places.",
        "For patients' first ICU stays starting in '{careunit}', in admissions that ended alive and patients at "
        "least {min_age} years old at admission, what is the average ICU stay in days (2 decimal places)?",
        "How long do survivors aged {min_age}+ stay in the '{careunit}' on their first ICU admission? Give the mean "
        "ICU length of stay in days over first stays that began there, in admissions not ending in death (2 "
        "decimal places).",
    ], ICU_UNITS, f"""
WITH first_stay AS (
    SELECT i.subject_id, i.hadm_id, i.los, i.first_careunit,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no
    FROM mimiciv_icu.icustays i
)
SELECT round(avg(s.los), 2) AS mean_los
FROM first_stay s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
JOIN mimiciv_hosp.patients p ON p.subject_id = s.subject_id
WHERE s.stay_no = 1 AND s.first_careunit = {{careunit}} AND s.los IS NOT NULL
  AND coalesce(a.hospital_expire_flag, 0) = 0 AND {AGE} >= {{min_age}}
HAVING count(*) > 0
""", "number", grid={"min_age": (18, 65)}, family="icu_los_by_unit"),

    T("population", "icu_to_discharge_by_unit", [
        "For each first ICU care unit, what is the median time from ICU discharge to hospital discharge in days for "
        "patients leaving hospital alive? Answer as (unit, median days) rows, days to 1 decimal place.",
        "Tabulate, by the ICU where the stay began, the median days (1 decimal place) patients discharged alive "
        "spent in hospital after leaving the ICU.",
        "How long do survivors remain on the wards after intensive care? Give each starting ICU with the median "
        "days from ICU discharge to hospital discharge (1 decimal place).",
    ], ONE, """
SELECT s.first_careunit, round(median(date_diff('second', s.outtime, a.dischtime) / 86400.0), 1) AS median_days
FROM mimiciv_icu.icustays s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE coalesce(a.hospital_expire_flag, 0) = 0 AND s.outtime IS NOT NULL AND a.dischtime IS NOT NULL
GROUP BY s.first_careunit ORDER BY s.first_careunit
""", "table", family="icu_los_by_unit"),

    T("population", "icu_long_stays_mortality", [
        "For ICU stays longer than {days} days, by the care unit where the stay began: how many such stays were "
        "there and what percentage were in hospital admissions that ended in death? Answer as (unit, stays, "
        "percentage) rows, percentages to 1 decimal place.",
        "Tabulate, per first ICU care unit, the number of ICU stays lasting more than {days} days and the share "
        "(%, 1 decimal place) of them belonging to admissions ending with the patient's death in hospital.",
        "What is the in-hospital mortality of patients whose ICU stay exceeded {days} days, by the unit the stay "
        "started in? Give (unit, long stays, % ending in hospital death to 1 decimal place) rows, counted per ICU "
        "stay.",
    ], ONE, """
WITH long_stays AS (
    SELECT s.first_careunit, coalesce(a.hospital_expire_flag, 0) AS died
    FROM mimiciv_icu.icustays s
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
    WHERE s.los > {days}
)
SELECT first_careunit, count(*) AS n_stays, round(100.0 * count(*) FILTER (WHERE died = 1) / count(*), 1) AS pct
FROM long_stays
GROUP BY first_careunit ORDER BY first_careunit
""", "table", grid={"days": (2, 3, 7)}),

    T("population", "icu_deaths_pct_by_unit", [
        "What percentage of ICU stays that began in the '{careunit}' ended with the patient dying in the ICU (death "
        "between ICU admission and ICU discharge)? Round to 2 decimal places.",
        "For stays starting in '{careunit}', what share (%) ended in death during the ICU stay itself, to 2 decimal "
        "places?",
        "ICU mortality of the '{careunit}': the percentage of its stays with the patient's death recorded during the "
        "stay, rounded to 2 decimal places?",
    ], ICU_UNITS, """
SELECT round(100.0 * count(*) FILTER (
           WHERE a.deathtime IS NOT NULL AND a.deathtime >= s.intime AND a.deathtime <= s.outtime) / count(*), 2) AS pct
FROM mimiciv_icu.icustays s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE s.first_careunit = {careunit}
""", "number"),

    T("population", "icu_readmissions_within_hours", [
        "How many ICU stays were followed by another ICU stay in the same hospital admission within {hours} hours of "
        "ICU discharge?",
        "Count the ICU stays after which the patient returned to intensive care during the same hospitalisation "
        "within {hours} hours of leaving.",
        "How many ICU discharges were followed by an ICU readmission within {hours} hours in the same hospital "
        "stay?",
    ], ONE, """
WITH seq AS (
    SELECT s.stay_id, s.hadm_id, s.outtime,
           lead(s.intime) OVER (PARTITION BY s.hadm_id ORDER BY s.intime, s.stay_id) AS next_in
    FROM mimiciv_icu.icustays s
)
SELECT count(*) AS n_stays FROM seq
WHERE next_in IS NOT NULL AND next_in >= outtime AND next_in <= outtime + INTERVAL {hours} HOUR
""", "number", grid={"hours": (48, 72, 168)}),

    T("population", "hours_to_icu_by_type", [
        "For '{admission_type}' hospital admissions with an ICU stay, what is the median number of hours from "
        "hospital admission to the first ICU admission, rounded to 1 decimal place?",
        "How long after arrival do '{admission_type}' admissions that need intensive care reach the ICU? Give the "
        "median hours to the first ICU stay, to 1 decimal place.",
        "Median hours (1 decimal place) between hospital admission and the first ICU admission, over "
        "'{admission_type}' admissions that reached the ICU?",
    ], "SELECT DISTINCT a.admission_type FROM mimiciv_hosp.admissions a JOIN mimiciv_icu.icustays s "
       "ON s.hadm_id = a.hadm_id", """
WITH first_icu AS (
    SELECT s.hadm_id, min(s.intime) AS first_in FROM mimiciv_icu.icustays s GROUP BY s.hadm_id
)
SELECT round(median(date_diff('second', a.admittime, f.first_in) / 3600.0), 1) AS median_hours
FROM first_icu f JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
WHERE a.admission_type = {admission_type}
""", "number", family="time_to_icu"),

    T("population", "ed_admissions_icu_within", [
        "What percentage of admissions that came through the emergency department reached the ICU within {hours} "
        "hours of ED registration? Round to 2 decimal places.",
        "Among ED admissions, what share (%) had an ICU stay starting within {hours} hours after arrival in the ED "
        "(2 decimal places)?",
        "How often does an admission via the emergency department reach intensive care within {hours} hours of ED "
        "registration? Give a percentage to 2 decimal places.",
    ], ONE, """
WITH ed_adm AS (
    SELECT a.hadm_id, a.edregtime FROM mimiciv_hosp.admissions a WHERE a.edregtime IS NOT NULL
),
early_icu AS (
    SELECT DISTINCT e.hadm_id
    FROM ed_adm e JOIN mimiciv_icu.icustays s ON s.hadm_id = e.hadm_id
    WHERE s.intime <= e.edregtime + INTERVAL {hours} HOUR
)
SELECT round(100.0 * count(early_icu.hadm_id) / count(*), 2) AS pct
FROM ed_adm LEFT JOIN early_icu ON early_icu.hadm_id = ed_adm.hadm_id
""", "number", grid={"hours": (6, 12, 24)}, family="time_to_icu"),

    T("population", "icu_patients_by_age_group", [
        "For each age group at admission (18-44, 45-64, 65-79, 80+), how many patients had an ICU stay, and what is "
        "their median ICU length of stay on their first ICU stay? Answer as (age group, patients, median days) "
        "rows, days to 2 decimal places.",
        "Tabulate ICU patients by age band at the admission of their first ICU stay (18-44, 45-64, 65-79, 80+): "
        "number of patients and median length of that first stay in days (2 decimal places).",
        "By age group (18-44, 45-64, 65-79, 80+ at the admission of the first ICU stay), give the count of ICU "
        "patients and the median first-ICU-stay length in days to 2 decimal places.",
    ], ONE, f"""
WITH first_stay AS (
    SELECT i.subject_id, i.hadm_id, i.los,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no
    FROM mimiciv_icu.icustays i
),
aged AS (
    SELECT f.subject_id, f.los, {AGE} AS age
    FROM first_stay f
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
    JOIN mimiciv_hosp.patients p ON p.subject_id = f.subject_id
    WHERE f.stay_no = 1
),
banded AS (
    SELECT CASE WHEN age < 45 THEN '18-44' WHEN age < 65 THEN '45-64' WHEN age < 80 THEN '65-79' ELSE '80+' END
               AS age_group, subject_id, los
    FROM aged WHERE age >= 18
)
SELECT age_group, count(DISTINCT subject_id) AS n_patients, round(median(los), 2) AS median_days
FROM banded GROUP BY age_group ORDER BY age_group
""", "table"),
]
