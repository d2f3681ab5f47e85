"""Demographics, patient level: ICU stays (how often, how long, when, in which unit, what followed)."""

from __future__ import annotations

from .._common import ICU_PATIENTS, condition_patients, first_coded_admission, has_condition
from ._sql import T, adm, stays

COND = ("icd9", "icd10")

TEMPLATES = [
    T("patient", "service_at_first_icu", [
        "Which hospital service was patient {subject_id} under when they were first admitted to the ICU?",
        "At the time of patient {subject_id}'s first ICU admission, which clinical service was responsible for them?",
        "What service had patient {subject_id} been under most recently when their first ICU stay began?",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
svc AS (
    SELECT s.curr_service, s.transfertime,
           rank() OVER (ORDER BY s.transfertime DESC) AS rk
    FROM mimiciv_hosp.services s
    JOIN stay ON stay.hadm_id = s.hadm_id AND stay.stay_no = 1
    WHERE s.transfertime <= stay.intime
)
SELECT curr_service FROM svc WHERE rk = 1
""", "string"),

    T("patient", "icu_stays_services", [
        "For each of patient {subject_id}'s ICU stays, in time order, which hospital service were they under when the "
        "stay began? Answer as (stay ID, service) rows.",
        "List patient {subject_id}'s ICU stays oldest first with the clinical service responsible for them at ICU "
        "admission (the latest service change at or before it).",
        "Give, for every ICU stay of patient {subject_id} in chronological order, the stay ID and the service the "
        "patient had been under most recently when it started.",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
svc AS (
    SELECT stay.stay_id, stay.intime, s.curr_service,
           rank() OVER (PARTITION BY stay.stay_id ORDER BY s.transfertime DESC) AS rk
    FROM stay JOIN mimiciv_hosp.services s ON s.hadm_id = stay.hadm_id AND s.transfertime <= stay.intime
)
SELECT stay_id, curr_service FROM svc WHERE rk = 1 ORDER BY intime, stay_id
""", "table", ordered=True),

    T("patient", "ed_admissions_to_icu", [
        "How many of patient {subject_id}'s admissions through the emergency department reached the ICU within "
        "{hours} hours of ED registration?",
        "Count the ED admissions of patient {subject_id} in which an ICU stay began no more than {hours} hours after "
        "they registered in the emergency department.",
        "On how many occasions did patient {subject_id} go from ED arrival to intensive care within {hours} hours?",
    ], "SELECT DISTINCT a.subject_id FROM mimiciv_hosp.admissions a WHERE a.edregtime IS NOT NULL", """
WITH ed_adm AS (
    SELECT a.hadm_id, a.edregtime FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.edregtime IS NOT NULL
)
SELECT count(*) AS n_admissions FROM ed_adm e
WHERE EXISTS (SELECT 1 FROM mimiciv_icu.icustays i
              WHERE i.hadm_id = e.hadm_id AND i.intime <= e.edregtime + INTERVAL {hours} HOUR)
""", "number", grid={"hours": (12, 24)}),

    T("patient", "icu_first_los", [
        "How long was patient {subject_id}'s first ICU stay, in days rounded to 2 decimal places?",
        "What was the length of patient {subject_id}'s earliest ICU stay in days (2 decimal places)?",
        "How many days did patient {subject_id} spend in intensive care on their first ICU admission (2 decimal "
        "places)?",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")}
SELECT round(los, 2) AS los_days FROM stay WHERE stay_no = 1
""", "number", family="icu_stay_length"),

    T("patient", "icu_hours_condition_admission", [
        "How many hours did patient {subject_id} spend in intensive care during their first admission with "
        "{condition} (0 if none), rounded to 1 decimal place?",
        "During the first hospital stay in which patient {subject_id} was diagnosed with {condition}, how long were "
        "they in the ICU in total, in hours to 1 decimal place (0 if they never went)?",
        "Patient {subject_id}'s first admission coded with {condition}: total ICU time in hours, 1 decimal place, "
        "counting 0 when there was no ICU stay?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
icu AS (
    SELECT f.hadm_id, sum(date_diff('second', i.intime, i.outtime)) AS secs
    FROM first_coded f LEFT JOIN mimiciv_icu.icustays i ON i.hadm_id = f.hadm_id
    GROUP BY f.hadm_id
)
SELECT round(coalesce(secs, 0) / 3600.0, 1) AS icu_hours FROM icu
""", "number", derived=COND, family="condition_icu"),

    T("patient", "icu_stays_condition_admissions", [
        "How many ICU stays did patient {subject_id} have during admissions in which {condition} was coded?",
        "Across all of patient {subject_id}'s hospital stays with a diagnosis of {condition}, how many separate ICU "
        "stays were there?",
        "Count the ICU stays that belong to admissions of patient {subject_id} coded with {condition}.",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.subject_id = {{subject_id}} AND {has_condition()}
)
SELECT count(i.stay_id) AS n_stays
FROM coded LEFT JOIN mimiciv_icu.icustays i ON i.hadm_id = coded.hadm_id
""", "number", derived=COND, family="condition_icu"),

    T("patient", "icu_in_condition_admission", [
        "Did patient {subject_id} need intensive care during their first admission with {condition}?",
        "Was there an ICU stay in the first hospital admission in which patient {subject_id} was diagnosed with "
        "{condition}?",
        "During patient {subject_id}'s first admission coded with {condition}, were they admitted to the ICU?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = f.hadm_id) AS had_icu
FROM first_coded f
""", "boolean", derived=COND, family="condition_icu"),

    T("patient", "first_icu_unit_condition_admission", [
        "In which ICU did patient {subject_id}'s first ICU stay during an admission with {condition} begin?",
        "Which intensive care unit first received patient {subject_id} during a hospital stay coded with "
        "{condition}?",
        "Give the unit where the earliest ICU stay of patient {subject_id} within an admission diagnosed with "
        "{condition} started.",
    ], condition_patients(" JOIN mimiciv_icu.icustays i ON i.hadm_id = dx.hadm_id"), f"""
WITH {stays("i.subject_id = {subject_id}")},
coded AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.subject_id = {{subject_id}} AND {has_condition()}
)
SELECT stay.first_careunit
FROM stay JOIN coded ON coded.hadm_id = stay.hadm_id
ORDER BY stay.intime, stay.stay_id LIMIT 1
""", "string", derived=COND),

    T("patient", "age_first_icu_condition", [
        "How old was patient {subject_id} at the admission of their first ICU stay in a hospital stay with "
        "{condition}?",
        "At what age did patient {subject_id} first need intensive care during an admission coded with {condition} "
        "(age at that admission)?",
        "What was patient {subject_id}'s age at the hospital admission in which they first had an ICU stay while "
        "diagnosed with {condition}?",
    ], condition_patients(" JOIN mimiciv_icu.icustays i ON i.hadm_id = dx.hadm_id"), f"""
WITH {stays("i.subject_id = {subject_id}")},
coded AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.subject_id = {{subject_id}} AND {has_condition()}
),
first_stay AS (
    SELECT stay.hadm_id FROM stay JOIN coded ON coded.hadm_id = stay.hadm_id
    ORDER BY stay.intime, stay.stay_id LIMIT 1
)
SELECT p.anchor_age + (year(a.admittime) - p.anchor_year) AS age
FROM first_stay f
JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
""", "number", derived=COND, family="age_at_admission"),

    T("patient", "longest_icu_stay_condition", [
        "Which was patient {subject_id}'s longest ICU stay during an admission with {condition}? Give the ICU stay ID.",
        "Among the ICU stays belonging to patient {subject_id}'s hospital admissions coded with {condition}, which one "
        "(stay ID) lasted longest?",
        "Give the stay ID of the longest intensive care stay patient {subject_id} had in a hospital stay diagnosed "
        "with {condition}.",
    ], condition_patients(" JOIN mimiciv_icu.icustays i ON i.hadm_id = dx.hadm_id"), f"""
WITH {stays("i.subject_id = {subject_id}")},
coded AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.subject_id = {{subject_id}} AND {has_condition()}
),
ranked AS (
    SELECT stay.stay_id, rank() OVER (ORDER BY stay.los DESC) AS rk
    FROM stay JOIN coded ON coded.hadm_id = stay.hadm_id
)
SELECT stay_id FROM ranked WHERE rk = 1
""", "number", derived=COND, family="condition_icu"),

    T("patient", "icu_share_of_admission", [
        "What percentage of patient {subject_id}'s first hospital admission with ICU care was spent in the ICU, "
        "rounded to 1 decimal place?",
        "Of the time patient {subject_id} was in hospital during their first admission with an ICU stay, what share "
        "(%) was in intensive care (1 decimal place)?",
        "For patient {subject_id}'s first ICU hospitalisation, ICU days as a percentage of the whole hospital stay, "
        "to 1 decimal place?",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
first_adm AS (SELECT hadm_id FROM stay WHERE stay_no = 1),
icu AS (
    SELECT stay.hadm_id, sum(date_diff('second', stay.intime, stay.outtime)) AS icu_s
    FROM stay JOIN first_adm ON first_adm.hadm_id = stay.hadm_id
    GROUP BY stay.hadm_id
)
SELECT round(100.0 * icu.icu_s / date_diff('second', a.admittime, a.dischtime), 1) AS pct
FROM icu JOIN mimiciv_hosp.admissions a ON a.hadm_id = icu.hadm_id
""", "number", family="icu_share"),

    T("patient", "icu_share_longest_admission", [
        "During patient {subject_id}'s longest hospital admission, what percentage of the time was spent in the ICU "
        "(0 if none), rounded to 1 decimal place?",
        "Of patient {subject_id}'s longest hospital stay, what share (%) was intensive care time, to 1 decimal place "
        "(0 when there was no ICU stay)?",
        "How much of their longest admission did patient {subject_id} spend in the ICU, as a percentage of that "
        "admission's length (1 decimal place, 0 if never in the ICU)?",
    ], "SELECT subject_id FROM mimiciv_hosp.admissions GROUP BY subject_id HAVING count(*) >= 2", """
WITH los AS (
    SELECT a.hadm_id, a.admittime, a.dischtime, rank() OVER (ORDER BY a.dischtime - a.admittime DESC) AS rk
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.dischtime IS NOT NULL
),
icu AS (
    SELECT los.hadm_id, los.admittime, los.dischtime, sum(date_diff('second', i.intime, i.outtime)) AS icu_s
    FROM los LEFT JOIN mimiciv_icu.icustays i ON i.hadm_id = los.hadm_id
    WHERE los.rk = 1
    GROUP BY los.hadm_id, los.admittime, los.dischtime
)
SELECT round(100.0 * coalesce(icu_s, 0) / date_diff('second', admittime, dischtime), 1) AS pct
FROM icu WHERE dischtime > admittime
""", "number", family="icu_share"),

    T("patient", "days_to_icu_readmission", [
        "After patient {subject_id}'s first ICU stay ended, how many days passed before their next ICU stay began "
        "(in the same or a later hospital admission), rounded to 1 decimal place?",
        "How long after leaving intensive care the first time was patient {subject_id} back in an ICU, in days to 1 "
        "decimal place?",
        "From the end of patient {subject_id}'s first ICU stay to the start of their second, how many days (1 decimal "
        "place)?",
    ], "SELECT subject_id FROM mimiciv_icu.icustays GROUP BY subject_id HAVING count(*) >= 2", f"""
WITH {stays("i.subject_id = {subject_id}")}
SELECT round(date_diff('second', s1.outtime, s2.intime) / 86400.0, 1) AS days
FROM stay s1 JOIN stay s2 ON s2.stay_no = 2
WHERE s1.stay_no = 1
""", "number"),

    T("patient", "hours_to_icu", [
        "How many hours after hospital admission did patient {subject_id}'s first ICU stay begin, rounded to 1 "
        "decimal place?",
        "For patient {subject_id}'s earliest ICU stay, how long was it from arrival in hospital to ICU admission, in "
        "hours to 1 decimal place?",
        "How quickly, in hours (1 decimal place), did patient {subject_id} reach the ICU after being admitted, on "
        "their first ICU stay?",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")}
SELECT round(date_diff('second', a.admittime, stay.intime) / 3600.0, 1) AS hours
FROM stay JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
WHERE stay.stay_no = 1
""", "number", family="time_to_icu"),

    T("patient", "hours_ed_to_icu", [
        "On patient {subject_id}'s first ICU stay that followed an emergency department visit, how many hours passed "
        "from ED registration to ICU admission, rounded to 1 decimal place?",
        "From arriving in the ED to reaching the ICU, how long did it take for patient {subject_id}, on their first "
        "ICU stay reached via the ED (hours, 1 decimal place)?",
        "How many hours (1 decimal place) separated ED registration and ICU admission for the first ICU stay of "
        "patient {subject_id} whose admission came through the ED?",
    ], "SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.admissions a "
       "ON a.hadm_id = i.hadm_id WHERE a.edregtime IS NOT NULL", f"""
WITH {stays("i.subject_id = {subject_id}")},
via_ed AS (
    SELECT stay.intime, a.edregtime, row_number() OVER (ORDER BY stay.intime, stay.stay_id) AS k
    FROM stay JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
    WHERE a.edregtime IS NOT NULL
)
SELECT round(date_diff('second', edregtime, intime) / 3600.0, 1) AS hours FROM via_ed WHERE k = 1
""", "number", family="time_to_icu"),

    T("patient", "icu_most_time_unit", [
        "In which ICU has patient {subject_id} spent the most time, adding up all their ICU stays by the unit where "
        "each began?",
        "Summing ICU length of stay by the unit each stay started in, which ICU accounts for most of patient "
        "{subject_id}'s intensive care days?",
        "Which intensive care unit did patient {subject_id} spend the largest total number of ICU days in (stays "
        "attributed to their first unit)?",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
per_unit AS (
    SELECT first_careunit, sum(los) AS days FROM stay WHERE first_careunit IS NOT NULL GROUP BY first_careunit
),
ranked AS (SELECT first_careunit, rank() OVER (ORDER BY days DESC) AS rk FROM per_unit)
SELECT first_careunit FROM ranked WHERE rk = 1
""", "string"),

    T("patient", "icu_return_within", [
        "Did patient {subject_id} ever return to the ICU within {hours} hours of an ICU discharge during the same "
        "hospital admission?",
        "Was patient {subject_id} ever readmitted to intensive care within {hours} hours of leaving it, within one "
        "hospital stay?",
        "Has patient {subject_id} had an ICU stay followed, in the same admission, by another one starting within "
        "{hours} hours?",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
seq AS (
    SELECT hadm_id, outtime, lead(intime) OVER (PARTITION BY hadm_id ORDER BY intime, stay_id) AS next_in
    FROM stay
)
SELECT coalesce(bool_or(next_in >= outtime AND next_in <= outtime + INTERVAL {{hours}} HOUR), FALSE) AS returned
FROM seq
""", "boolean", grid={"hours": (48, 168)}),

    T("patient", "first_icu_outcome", [
        "How did patient {subject_id}'s first ICU stay end: 'died in the ICU', 'died in hospital after the ICU' or "
        "'discharged alive'?",
        "What was the outcome of patient {subject_id}'s first intensive care stay? Answer 'died in the ICU', 'died "
        "in hospital after the ICU' or 'discharged alive' (from that hospital admission).",
        "Classify the outcome of patient {subject_id}'s first ICU stay as 'died in the ICU', 'died in hospital after "
        "the ICU' or 'discharged alive'.",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")}
SELECT CASE WHEN a.hospital_expire_flag = 1 AND a.deathtime <= stay.outtime THEN 'died in the ICU'
            WHEN a.hospital_expire_flag = 1 THEN 'died in hospital after the ICU'
            ELSE 'discharged alive' END AS outcome
FROM stay JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
WHERE stay.stay_no = 1
""", "string", family="first_icu_outcome"),

    T("patient", "icu_admissions_table", [
        "For each of patient {subject_id}'s hospital admissions with ICU care, in time order, give the admission ID, "
        "the number of ICU stays, the total ICU days (2 decimal places) and the hospital length of stay in days (1 "
        "decimal place).",
        "List patient {subject_id}'s admissions that included intensive care, oldest first, as rows of (admission ID, "
        "ICU stays, ICU days to 2 decimal places, hospital days to 1 decimal place).",
        "Summarise each ICU hospitalisation of patient {subject_id} chronologically: admission ID, how many ICU "
        "stays, ICU days in total (2 decimal places) and length of the hospital stay in days (1 decimal place).",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
per_adm AS (SELECT hadm_id, count(*) AS n_stays, sum(los) AS icu_days FROM stay GROUP BY hadm_id)
SELECT a.hadm_id, p.n_stays, round(p.icu_days, 2) AS icu_days,
       round(date_diff('second', a.admittime, a.dischtime) / 86400.0, 1) AS hospital_days
FROM per_adm p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
ORDER BY a.admittime, a.hadm_id
""", "table", ordered=True, family="icu_stay_length"),

    T("patient", "after_first_icu_outcome", [
        "What happened to patient {subject_id} after the hospital admission of their first ICU stay: 'died in "
        "hospital', 'died within 30 days of discharge', 'readmitted within 30 days' or 'alive and not readmitted "
        "within 30 days'?",
        "Classify the outcome of patient {subject_id}'s first ICU hospitalisation as 'died in hospital', 'died within "
        "30 days of discharge', 'readmitted within 30 days' or 'alive and not readmitted within 30 days' (death "
        "takes precedence over readmission).",
        "Following the admission in which patient {subject_id} first needed intensive care, did they die in hospital, "
        "die within 30 days of discharge, get readmitted within 30 days, or none of these? Answer 'died in hospital', "
        "'died within 30 days of discharge', 'readmitted within 30 days' or 'alive and not readmitted within 30 days'.",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
seq AS (
    SELECT a.hadm_id, a.dischtime, a.hospital_expire_flag,
           lead(a.admittime) OVER (ORDER BY a.admittime, a.hadm_id) AS next_admit
    FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}
)
SELECT CASE WHEN seq.hospital_expire_flag = 1 THEN 'died in hospital'
            WHEN date_diff('day', CAST(seq.dischtime AS DATE), p.dod) <= 30 THEN 'died within 30 days of discharge'
            WHEN seq.next_admit >= seq.dischtime AND seq.next_admit <= seq.dischtime + INTERVAL 30 DAY
                THEN 'readmitted within 30 days'
            ELSE 'alive and not readmitted within 30 days' END AS outcome
FROM stay
JOIN seq ON seq.hadm_id = stay.hadm_id
JOIN mimiciv_hosp.patients p ON p.subject_id = stay.subject_id
WHERE stay.stay_no = 1
""", "string", family="first_icu_outcome"),

    T("patient", "condition_admissions_icu_table", [
        "For each of patient {subject_id}'s admissions with {condition}, in time order, give the admission ID, the "
        "hours spent in intensive care (0 if none, 1 decimal place) and whether the patient died in hospital.",
        "List patient {subject_id}'s hospital stays coded with {condition} oldest first, as rows of (admission ID, ICU "
        "hours to 1 decimal place with 0 for no ICU stay, died in hospital yes/no).",
        "Summarise the intensive care use of patient {subject_id} on every admission diagnosed with {condition}: "
        "admission ID, ICU hours (1 decimal place, 0 if none) and in-hospital death, chronologically.",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT DISTINCT a.hadm_id, a.admittime, a.hospital_expire_flag
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE a.subject_id = {{subject_id}} AND {has_condition()}
),
icu AS (
    SELECT c.hadm_id, sum(date_diff('second', i.intime, i.outtime)) AS secs
    FROM coded c LEFT JOIN mimiciv_icu.icustays i ON i.hadm_id = c.hadm_id
    GROUP BY c.hadm_id
)
SELECT c.hadm_id, round(coalesce(icu.secs, 0) / 3600.0, 1) AS icu_hours,
       coalesce(c.hospital_expire_flag = 1, FALSE) AS died_in_hospital
FROM coded c JOIN icu ON icu.hadm_id = c.hadm_id
ORDER BY c.admittime, c.hadm_id
""", "table", ordered=True, derived=COND, family="condition_icu"),

    T("patient", "icu_stays_timeline", [
        "List patient {subject_id}'s ICU stays in time order with, for each, the stay ID, the ICU where it began, its "
        "length in days (2 decimal places), the hours from hospital admission to ICU admission (1 decimal place) and "
        "whether that hospital admission ended in death.",
        "For each of patient {subject_id}'s ICU stays, oldest first: stay ID, first ICU, ICU length of stay in days "
        "to 2 decimal places, hours after hospital admission that it began (1 decimal place), and whether they died "
        "in that hospital admission.",
        "Summarise patient {subject_id}'s intensive care history as rows of (stay ID, starting ICU, days in ICU to 2 "
        "decimal places, hours from hospital admission to ICU to 1 decimal place, died in hospital yes/no), in "
        "chronological order.",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")}
SELECT stay.stay_id, stay.first_careunit, round(stay.los, 2) AS los_days,
       round(date_diff('second', a.admittime, stay.intime) / 3600.0, 1) AS hours_after_admission,
       coalesce(a.hospital_expire_flag = 1, FALSE) AS died_in_hospital
FROM stay JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
ORDER BY stay.intime, stay.stay_id
""", "table", ordered=True),

    T("patient", "hours_to_icu_condition_admission", [
        "During patient {subject_id}'s first admission with {condition}, how many hours after hospital admission did "
        "they first reach the ICU, rounded to 1 decimal place?",
        "On the first hospital stay in which {condition} was diagnosed, how long after arrival was patient "
        "{subject_id} admitted to intensive care, in hours to 1 decimal place?",
        "Hours (1 decimal place) from hospital admission to the first ICU stay, for patient {subject_id}'s first "
        "admission coded with {condition}?",
    ], condition_patients(" JOIN mimiciv_icu.icustays i ON i.hadm_id = dx.hadm_id"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
icu AS (
    SELECT i.intime, row_number() OVER (ORDER BY i.intime, i.stay_id) AS k
    FROM mimiciv_icu.icustays i JOIN first_coded f ON f.hadm_id = i.hadm_id
)
SELECT round(date_diff('second', f.admittime, icu.intime) / 3600.0, 1) AS hours
FROM first_coded f JOIN icu ON icu.k = 1
""", "number", derived=COND, family="time_to_icu"),

    T("patient", "first_icu_admission_phases", [
        "For the hospital admission of patient {subject_id}'s first ICU stay, how many hours passed before ICU "
        "admission, how many hours were spent in that ICU stay, and how many hours from ICU discharge to hospital "
        "discharge? Give the three numbers to 1 decimal place.",
        "Break patient {subject_id}'s first ICU hospitalisation into phases: hours from hospital admission to ICU, "
        "hours in the ICU on that first stay, hours from leaving the ICU to hospital discharge (each 1 decimal "
        "place).",
        "Patient {subject_id}'s first ICU stay: give the hours before it within the admission, its own duration in "
        "hours, and the hours after it until discharge, all rounded to 1 decimal place.",
    ], ICU_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")}
SELECT round(date_diff('second', a.admittime, stay.intime) / 3600.0, 1) AS hours_before_icu,
       round(date_diff('second', stay.intime, stay.outtime) / 3600.0, 1) AS hours_in_icu,
       round(date_diff('second', stay.outtime, a.dischtime) / 3600.0, 1) AS hours_after_icu
FROM stay JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
WHERE stay.stay_no = 1 AND a.dischtime IS NOT NULL
""", "table"),

    T("patient", "days_icu_discharge_to_death", [
        "How many days after leaving the ICU for the last time did patient {subject_id} die, by calendar date?",
        "Patient {subject_id} has died: counting calendar days, how long after the end of their most recent ICU stay "
        "was their date of death?",
        "From their final ICU discharge to death, how many calendar days passed for patient {subject_id}?",
    ], "SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.patients p "
       "ON p.subject_id = i.subject_id WHERE p.dod IS NOT NULL", f"""
WITH {stays("i.subject_id = {subject_id}")}
SELECT date_diff('day', CAST(stay.outtime AS DATE), p.dod) AS days
FROM stay JOIN mimiciv_hosp.patients p ON p.subject_id = stay.subject_id
WHERE stay.stay_rev = 1 AND p.dod IS NOT NULL
""", "number"),

    T("patient", "icu_before_condition", [
        "Had patient {subject_id} already been in intensive care before their first admission with {condition}?",
        "Before the first hospital stay in which {condition} was diagnosed, had patient {subject_id} had any ICU "
        "stay?",
        "Was there an ICU stay in patient {subject_id}'s history earlier than their first admission coded with "
        "{condition}?",
    ], condition_patients(" JOIN mimiciv_icu.icustays i ON i.subject_id = dx.subject_id"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT EXISTS (
    SELECT 1 FROM mimiciv_icu.icustays i
    WHERE i.subject_id = f.subject_id AND i.intime < f.admittime
) AS had_icu
FROM first_coded f
""", "boolean", derived=COND),

    T("patient", "days_condition_to_first_icu", [
        "How many days after the start of their first admission with {condition} did patient {subject_id} first "
        "enter an ICU, rounded to 1 decimal place?",
        "From the admission time of the first hospital stay coded with {condition}, how long did it take until "
        "patient {subject_id}'s next ICU admission (that day or later), in days to 1 decimal place?",
        "Counting from their first admission with {condition}, after how many days (1 decimal place) did patient "
        "{subject_id} begin an ICU stay for the first time from then on?",
    ], condition_patients(" JOIN mimiciv_icu.icustays i ON i.subject_id = dx.subject_id"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
later_icu AS (
    SELECT min(i.intime) AS first_in
    FROM mimiciv_icu.icustays i JOIN first_coded f ON f.subject_id = i.subject_id
    WHERE i.intime >= f.admittime
)
SELECT round(date_diff('second', f.admittime, l.first_in) / 86400.0, 1) AS days
FROM first_coded f CROSS JOIN later_icu l
WHERE l.first_in IS NOT NULL
""", "number", derived=COND),
]
