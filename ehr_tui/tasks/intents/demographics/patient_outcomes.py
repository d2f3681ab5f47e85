"""Demographics, patient level: what followed an admission (readmission, discharge destination, death)."""

from __future__ import annotations

from .._common import PATIENTS, PATIENTS_2PLUS, condition_patients, first_coded_admission, has_condition
from ._sql import READMITTED, T, adm, next_admission

DEAD_WITH_CONDITION = condition_patients(" JOIN mimiciv_hosp.patients p ON p.subject_id = dx.subject_id "
                                         "WHERE p.dod IS NOT NULL")
ICU_PATIENTS_2PLUS = ("SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.admissions a "
                      "ON a.subject_id = i.subject_id AND a.hadm_id <> i.hadm_id")
COND = ("icd9", "icd10")
READMITTED_30 = READMITTED.replace("{days}", "30")

TEMPLATES = [
    T("patient", "days_condition_to_death", [
        "How many days after the start of their first admission with {condition} did patient {subject_id} die?",
        "Patient {subject_id} has died: counting calendar days, how long after the admission date of their first "
        "hospital stay coded with {condition} was their date of death?",
        "How long did patient {subject_id} survive after first being admitted with {condition}, in days from that "
        "admission date to the date of death?",
    ], DEAD_WITH_CONDITION, f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT date_diff('day', CAST(f.admittime AS DATE), p.dod) AS days
FROM first_coded f JOIN mimiciv_hosp.patients p ON p.subject_id = f.subject_id
WHERE p.dod IS NOT NULL
""", "number", derived=COND),

    T("patient", "outcome_after_condition", [
        "What was the outcome of patient {subject_id}'s first admission with {condition}: 'died in hospital', "
        "'readmitted within 30 days' or 'discharged, not readmitted within 30 days'?",
        "After the first hospital stay in which patient {subject_id} was diagnosed with {condition}, did they die in "
        "hospital, get readmitted within 30 days of discharge, or neither? Answer 'died in hospital', 'readmitted "
        "within 30 days' or 'discharged, not readmitted within 30 days'.",
        "Classify patient {subject_id}'s first admission coded with {condition} as 'died in hospital', 'readmitted "
        "within 30 days' or 'discharged, not readmitted within 30 days'.",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()},
{first_coded_admission("seq")}
SELECT CASE WHEN hospital_expire_flag = 1 THEN 'died in hospital'
            WHEN {READMITTED_30} THEN 'readmitted within 30 days'
            ELSE 'discharged, not readmitted within 30 days' END AS outcome
FROM first_coded
""", "string", derived=COND, family="readmitted"),

    T("patient", "days_to_readmission_after_condition", [
        "How many days after discharge from their first admission with {condition} was patient {subject_id} admitted "
        "again, rounded to 1 decimal place?",
        "After the first hospital stay in which {condition} was diagnosed, how long did patient {subject_id} stay out "
        "of hospital before the next admission (days, 1 decimal place)?",
        "Time from discharge of patient {subject_id}'s first admission coded with {condition} to their next hospital "
        "admission, in days to 1 decimal place?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()},
{first_coded_admission("seq")}
SELECT round(date_diff('second', dischtime, next_admit) / 86400.0, 1) AS gap_days
FROM first_coded WHERE next_admit IS NOT NULL
""", "number", derived=COND, family="readmission_gap"),

    T("patient", "days_alive_out_of_hospital", [
        "How many days alive and out of hospital did patient {subject_id} have in the {days} days after discharge from "
        "their first admission with {condition}, rounded to 1 decimal place?",
        "After the first hospital stay in which {condition} was diagnosed, how many of the following {days} days did "
        "patient {subject_id} spend alive and out of hospital (1 decimal place)?",
        "Give patient {subject_id}'s days alive and out of hospital over the {days} days following discharge from "
        "their first admission coded with {condition}, to 1 decimal place.",
    ], condition_patients(" JOIN mimiciv_hosp.admissions a ON a.hadm_id = dx.hadm_id "
                          "WHERE coalesce(a.hospital_expire_flag, 0) = 0"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
win AS (
    SELECT f.hadm_id, f.dischtime AS win_start, f.dischtime + INTERVAL {{days}} DAY AS win_end,
           CAST(p.dod AS TIMESTAMP) AS death_at
    FROM first_coded f JOIN mimiciv_hosp.patients p ON p.subject_id = f.subject_id
    WHERE coalesce(f.hospital_expire_flag, 0) = 0
),
in_hospital AS (
    SELECT sum(greatest(0, date_diff('second', greatest(adm.admittime, w.win_start),
                                     least(adm.dischtime, w.win_end, coalesce(w.death_at, w.win_end))))) AS secs
    FROM adm JOIN win w ON adm.hadm_id <> w.hadm_id AND adm.admittime < w.win_end AND adm.dischtime > w.win_start
)
SELECT round(({{days}} * 86400
              - coalesce(h.secs, 0)
              - CASE WHEN w.death_at < w.win_end
                     THEN date_diff('second', greatest(w.death_at, w.win_start), w.win_end) ELSE 0 END) / 86400.0, 1)
           AS days_alive_out_of_hospital
FROM win w CROSS JOIN in_hospital h
""", "number", grid={"days": (30, 90)}, derived=COND,
      family="days_alive_out_of_hospital"),

    T("patient", "days_alive_out_of_hospital_after_icu", [
        "How many days alive and out of hospital did patient {subject_id} have in the {days} days after discharge from "
        "the hospital admission of their first ICU stay, rounded to 1 decimal place?",
        "After the admission in which patient {subject_id} first needed intensive care, how many of the following "
        "{days} days after its discharge did they spend alive and out of hospital (1 decimal place)?",
        "Give patient {subject_id}'s days alive and out of hospital over the {days} days following discharge from "
        "their first ICU hospitalisation, to 1 decimal place.",
    ], "SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.admissions a "
       "ON a.hadm_id = i.hadm_id WHERE coalesce(a.hospital_expire_flag, 0) = 0", f"""
WITH {adm("a.subject_id = {subject_id}")},
first_icu_adm AS (
    SELECT adm.* FROM adm JOIN mimiciv_icu.icustays i ON i.hadm_id = adm.hadm_id
    ORDER BY i.intime, i.stay_id LIMIT 1
),
win AS (
    SELECT f.hadm_id, f.dischtime AS win_start, f.dischtime + INTERVAL {{days}} DAY AS win_end,
           CAST(p.dod AS TIMESTAMP) AS death_at
    FROM first_icu_adm f JOIN mimiciv_hosp.patients p ON p.subject_id = f.subject_id
    WHERE coalesce(f.hospital_expire_flag, 0) = 0
),
in_hospital AS (
    SELECT sum(greatest(0, date_diff('second', greatest(adm.admittime, w.win_start),
                                     least(adm.dischtime, w.win_end, coalesce(w.death_at, w.win_end))))) AS secs
    FROM adm JOIN win w ON adm.hadm_id <> w.hadm_id AND adm.admittime < w.win_end AND adm.dischtime > w.win_start
)
SELECT round(({{days}} * 86400
              - coalesce(h.secs, 0)
              - CASE WHEN w.death_at < w.win_end
                     THEN date_diff('second', greatest(w.death_at, w.win_start), w.win_end) ELSE 0 END) / 86400.0, 1)
           AS days_alive_out_of_hospital
FROM win w CROSS JOIN in_hospital h
""", "number", grid={"days": (30, 90)}, family="days_alive_out_of_hospital"),

    T("patient", "days_to_readmission", [
        "How many days after their first discharge was patient {subject_id} admitted again, rounded to 1 decimal "
        "place?",
        "What was the gap in days between patient {subject_id}'s first discharge and their next admission (1 "
        "decimal place)?",
        "After their first hospital stay, how long did patient {subject_id} stay out of hospital before the next "
        "admission, in days to 1 decimal place?",
    ], PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()}
SELECT round(date_diff('second', dischtime, next_admit) / 86400.0, 1) AS gap_days
FROM seq WHERE adm_no = 1 AND next_admit IS NOT NULL
""", "number", family="readmission_gap"),

    T("patient", "days_to_readmission_after_icu", [
        "After the hospital admission of patient {subject_id}'s first ICU stay, how many days after discharge were "
        "they admitted again, rounded to 1 decimal place?",
        "Patient {subject_id} was discharged from the admission in which they first needed intensive care: how many "
        "days (1 decimal place) passed before their next hospital admission?",
        "How long after discharge from their first ICU hospitalisation was patient {subject_id} readmitted, in days "
        "to 1 decimal place?",
    ], ICU_PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()},
first_icu AS (
    SELECT i.hadm_id FROM mimiciv_icu.icustays i
    WHERE i.subject_id = {{subject_id}}
    ORDER BY i.intime, i.stay_id LIMIT 1
)
SELECT round(date_diff('second', seq.dischtime, seq.next_admit) / 86400.0, 1) AS gap_days
FROM seq JOIN first_icu ON first_icu.hadm_id = seq.hadm_id
WHERE seq.next_admit IS NOT NULL
""", "number", family="readmission_gap"),

    T("patient", "readmitted_after_icu_admission", [
        "Was patient {subject_id} ever readmitted within 30 days after discharge from an admission in which they "
        "needed intensive care?",
        "After any hospital stay with an ICU stay, did patient {subject_id} come back into hospital within 30 days "
        "of discharge?",
        "Has patient {subject_id} had a 30-day readmission following an admission that included ICU care?",
    ], "SELECT DISTINCT subject_id FROM mimiciv_icu.icustays", f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()}
SELECT coalesce(bool_or({READMITTED_30}), FALSE) AS readmitted
FROM seq
WHERE EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = seq.hadm_id)
""", "boolean", family="readmitted"),

    T("patient", "readmitted_within", [
        "Was patient {subject_id} ever readmitted within {days} days of a hospital discharge?",
        "Did patient {subject_id} have any hospital readmission within {days} days after being discharged?",
        "Has patient {subject_id} ever come back into hospital within {days} days of leaving it?",
    ], PATIENTS, f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()}
SELECT coalesce(bool_or({READMITTED}), FALSE) AS readmitted
FROM seq
""", "boolean", grid={"days": (30, 90)}, family="readmitted"),

    T("patient", "readmitted_after_condition", [
        "Was patient {subject_id} readmitted within 30 days after discharge from their first admission with "
        "{condition}?",
        "After the first hospital stay in which patient {subject_id} was diagnosed with {condition}, did they come "
        "back within 30 days of discharge?",
        "Did patient {subject_id}'s first admission coded with {condition} lead to a 30-day readmission?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()},
{first_coded_admission("seq")}
SELECT coalesce({READMITTED_30}, FALSE) AS readmitted FROM first_coded
""", "boolean", derived=COND, family="readmitted"),

    T("patient", "discharge_location_after_condition", [
        "Where was patient {subject_id} discharged to after their first admission with {condition}?",
        "What was the discharge destination of the first hospital stay in which patient {subject_id} was diagnosed "
        "with {condition}?",
        "When patient {subject_id} left hospital after their first admission coded with {condition}, where did they "
        "go?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT discharge_location FROM first_coded
""", "string", derived=COND, family="discharge_location"),

    T("patient", "died_with_condition", [
        "Did patient {subject_id} die in hospital during an admission in which {condition} was diagnosed?",
        "Was any of patient {subject_id}'s admissions coded with {condition} ended by their death in hospital?",
        "Did patient {subject_id} die during a hospital stay with a diagnosis of {condition}?",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT a.hadm_id, a.hospital_expire_flag
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}}
      AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd dx WHERE dx.hadm_id = a.hadm_id AND {has_condition()})
)
SELECT coalesce(bool_or(hospital_expire_flag = 1), FALSE) AS died FROM coded
""", "boolean", derived=COND, family="died"),

    T("patient", "died_after_discharge", [
        "Did patient {subject_id} die within {days} days after being discharged alive from their most recent "
        "admission?",
        "Was patient {subject_id} dead within {days} days of their last discharge from hospital?",
        "After their latest hospital stay ended with discharge, did patient {subject_id} die in the next {days} days?",
    ], """
SELECT a.subject_id FROM mimiciv_hosp.admissions a
QUALIFY row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime DESC, a.hadm_id DESC) = 1
    AND coalesce(a.hospital_expire_flag, 0) = 0
""", f"""
WITH {adm("a.subject_id = {subject_id}")}
SELECT coalesce(date_diff('day', CAST(adm.dischtime AS DATE), p.dod) <= {{days}}, FALSE) AS died
FROM adm JOIN mimiciv_hosp.patients p ON p.subject_id = adm.subject_id
WHERE adm.adm_rev = 1 AND coalesce(adm.hospital_expire_flag, 0) = 0
""", "boolean", grid={"days": (30, 365)}, family="died"),

    T("patient", "readmitted_home_discharges", [
        "How many of patient {subject_id}'s discharges home (with or without home health care) were followed by a "
        "readmission within 30 days?",
        "Of the times patient {subject_id} was sent home from hospital (home or home with home health care), how "
        "many ended in readmission within 30 days?",
        "Count patient {subject_id}'s admissions that ended with discharge home, including home health care, and "
        "were followed by another admission within 30 days.",
    ], PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()}
SELECT count(*) FILTER (WHERE discharge_location IN ('HOME', 'HOME HEALTH CARE') AND {READMITTED_30}) AS n_discharges
FROM seq
""", "number", family="readmitted"),

    T("patient", "condition_admissions_outcomes_table", [
        "For each of patient {subject_id}'s admissions with {condition}, give the admission ID, the length of stay in "
        "days (1 decimal place), the hours spent in intensive care (1 decimal place, 0 if none) and whether the "
        "patient was readmitted within 30 days of discharge, in order of admission.",
        "List patient {subject_id}'s hospital stays coded with {condition} in time order: admission ID, length of "
        "stay in days to 1 decimal place, ICU hours to 1 decimal place (0 without an ICU stay) and readmission "
        "within 30 days (true/false).",
        "Tabulate, admission by admission, patient {subject_id}'s stays in which {condition} was diagnosed: (admission "
        "ID, days in hospital to 1 decimal place, ICU hours to 1 decimal place or 0, readmitted within 30 days), "
        "earliest first.",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()},
icu_hours AS (
    SELECT i.hadm_id, sum(date_diff('second', i.intime, i.outtime)) / 3600.0 AS hours
    FROM mimiciv_icu.icustays i WHERE i.subject_id = {{subject_id}}
    GROUP BY i.hadm_id
)
SELECT seq.hadm_id, round(date_diff('second', seq.admittime, seq.dischtime) / 86400.0, 1) AS los_days,
       round(coalesce(icu_hours.hours, 0), 1) AS icu_hours, coalesce({READMITTED_30}, FALSE) AS readmitted
FROM seq LEFT JOIN icu_hours ON icu_hours.hadm_id = seq.hadm_id
WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd dx WHERE dx.hadm_id = seq.hadm_id AND {has_condition()})
ORDER BY seq.admittime, seq.hadm_id
""", "table", ordered=True, derived=COND),

    T("patient", "ed_visits_after_condition_table", [
        "List patient {subject_id}'s emergency department visits in the year (365 days) after discharge from their "
        "first admission with {condition}, admitted or not: arrival date, hours in the ED (1 decimal place) and "
        "whether the visit led to a hospital admission, in time order.",
        "After leaving their first hospital stay coded with {condition}, when did patient {subject_id} come to the "
        "ED within 365 days? Give each visit's date, ED hours to 1 decimal place and whether they were admitted, "
        "earliest first, counting visits without admission.",
        "Tabulate every ED visit patient {subject_id} made within 365 days of discharge from the first admission "
        "in which {condition} was diagnosed: (date of arrival, hours in the ED to 1 decimal place, admitted "
        "true/false), in order.",
    ], condition_patients(" JOIN mimiciv_hosp.transfers t ON t.subject_id = dx.subject_id AND t.eventtype = 'ED' "
                          "AND t.hadm_id IS DISTINCT FROM dx.hadm_id"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT CAST(t.intime AS DATE) AS visit_date, round(date_diff('second', t.intime, t.outtime) / 3600.0, 1) AS ed_hours,
       t.hadm_id IS NOT NULL AS admitted
FROM mimiciv_hosp.transfers t JOIN first_coded f ON f.subject_id = t.subject_id
WHERE t.eventtype = 'ED' AND t.intime > f.dischtime AND t.intime <= f.dischtime + INTERVAL 365 DAY
ORDER BY t.intime, t.transfer_id
""", "table", ordered=True, derived=COND),
]
