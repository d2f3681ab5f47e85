"""Demographics, patient level: age, admissions, lengths of stay, readmissions, discharge and death."""

from __future__ import annotations

from .._common import PATIENTS, PATIENTS_2PLUS, condition_patients, first_coded_admission, has_condition
from ._sql import LOS_DAYS, READMITTED, T, adm, next_admission

ICU_PATIENTS_2PLUS = ("SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.admissions a "
                      "ON a.subject_id = i.subject_id AND a.hadm_id <> i.hadm_id")
MIXED_ICU = ("SELECT a.subject_id FROM mimiciv_hosp.admissions a GROUP BY a.subject_id "
             "HAVING count(*) FILTER (WHERE a.hadm_id IN (SELECT hadm_id FROM mimiciv_icu.icustays)) > 0 "
             "AND count(*) FILTER (WHERE a.hadm_id NOT IN (SELECT hadm_id FROM mimiciv_icu.icustays)) > 0")
COND = ("icd9", "icd10")
READMITTED_30 = READMITTED.replace("{days}", "30")

TEMPLATES = [
    T("patient", "age_first_admission", [
        "How old was patient {subject_id} at their first hospital admission?",
        "What was patient {subject_id}'s age when they were first admitted to hospital?",
        "At what age was patient {subject_id} first admitted?",
    ], PATIENTS, f"""
WITH {adm("a.subject_id = {subject_id}", age=True)}
SELECT age FROM adm WHERE adm_no = 1
""", "number", family="age_at_admission"),

    T("patient", "age_first_condition", [
        "How old was patient {subject_id} at the first admission in which {condition} was diagnosed?",
        "At what age was patient {subject_id} first coded with {condition} during a hospital stay?",
        "What was patient {subject_id}'s age at their earliest admission with a diagnosis of {condition}?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}", age=True)},
{first_coded_admission()}
SELECT age FROM first_coded
""", "number", derived=COND, family="age_at_admission"),

    T("patient", "age_change_first_last", [
        "How many years older was patient {subject_id} at their most recent admission than at their first?",
        "By how many years did patient {subject_id}'s age differ between their first and their latest hospital "
        "admission?",
        "How much older, in years of age, was patient {subject_id} when last admitted than when first admitted?",
    ], PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id}", age=True)}
SELECT max(age) FILTER (WHERE adm_rev = 1) - max(age) FILTER (WHERE adm_no = 1) AS years
FROM adm
""", "number"),

    T("patient", "hospital_days_after_condition", [
        "In the {days} days after discharge from their first admission with {condition}, how many days did patient "
        "{subject_id} spend in hospital on later admissions starting in that window, rounded to 1 decimal place?",
        "After the first hospital stay in which {condition} was diagnosed, add up the lengths of patient "
        "{subject_id}'s admissions that began within {days} days of its discharge: how many days (1 decimal place)?",
        "How many inpatient days (1 decimal place) did patient {subject_id} accumulate on admissions starting within "
        "{days} days after leaving their first admission coded with {condition} (0 if none)?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
later AS (
    SELECT date_diff('second', adm.admittime, adm.dischtime) / 86400.0 AS days
    FROM adm JOIN first_coded f ON adm.admittime >= f.dischtime
        AND adm.admittime <= f.dischtime + INTERVAL {{days}} DAY AND adm.hadm_id <> f.hadm_id
    WHERE adm.dischtime IS NOT NULL
)
SELECT round(coalesce(sum(days), 0), 1) AS hospital_days FROM later
""", "number", grid={"days": (90, 365)}, derived=COND, family="admissions_after"),

    T("patient", "los_with_vs_without_condition", [
        "How many days longer, on average, were patient {subject_id}'s admissions in which {condition} was coded than "
        "their other admissions (mean with minus mean without, 1 decimal place)?",
        "Compare patient {subject_id}'s hospital stays with and without a diagnosis of {condition}: mean length of "
        "stay with it minus mean without it, in days to 1 decimal place?",
        "For patient {subject_id}, what is the difference in mean length of stay, in days (1 decimal place), between "
        "admissions coded with {condition} and admissions not coded with it?",
    ], condition_patients(" JOIN mimiciv_hosp.admissions a ON a.subject_id = dx.subject_id "
                          "WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d2 WHERE d2.hadm_id = a.hadm_id "
                          "AND ((d2.icd_version = 9 AND d2.icd_code LIKE cond.icd9 || '%') OR "
                          "(d2.icd_version = 10 AND d2.icd_code LIKE cond.icd10 || '%')))"), f"""
WITH flagged AS (
    SELECT date_diff('second', a.admittime, a.dischtime) / 86400.0 AS days,
           EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd dx WHERE dx.hadm_id = a.hadm_id AND {has_condition()})
               AS coded
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.dischtime IS NOT NULL
)
SELECT round(avg(days) FILTER (WHERE coded) - avg(days) FILTER (WHERE NOT coded), 1) AS diff_days
FROM flagged
""", "number", derived=COND, family="los_summary"),

    T("patient", "admissions_by_year", [
        "For each calendar year in which patient {subject_id} was admitted, how many admissions began that year and "
        "how many days were they in hospital on them? Answer as (year, admissions, days to 1 decimal place) rows.",
        "Tabulate patient {subject_id}'s hospital use by year of admission: number of admissions and total length "
        "of stay in days (1 decimal place) per year.",
        "Year by year (by admission date), how many admissions did patient {subject_id} have and how many inpatient "
        "days did they add up to, to 1 decimal place?",
    ], PATIENTS_2PLUS, """
WITH stays_by_year AS (
    SELECT year(a.admittime) AS yr, date_diff('second', a.admittime, a.dischtime) / 86400.0 AS days
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.dischtime IS NOT NULL
)
SELECT yr AS admission_year, count(*) AS n_admissions, round(sum(days), 1) AS hospital_days
FROM stays_by_year GROUP BY yr ORDER BY yr
""", "table"),

    T("patient", "admissions_after_condition", [
        "How many further admissions did patient {subject_id} have in the {days} days after discharge from their "
        "first admission with {condition}?",
        "After the first hospital stay in which {condition} was diagnosed, how many times was patient {subject_id} "
        "admitted again within {days} days of that discharge?",
        "Count patient {subject_id}'s admissions starting within {days} days after they were discharged from their "
        "first admission coded with {condition}.",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT count(later.hadm_id) AS n_admissions
FROM first_coded f LEFT JOIN adm later
  ON later.admittime >= f.dischtime AND later.admittime <= f.dischtime + INTERVAL {{days}} DAY
     AND later.hadm_id <> f.hadm_id
""", "number", grid={"days": (90, 365)}, derived=COND, family="admissions_after"),

    T("patient", "total_los_window", [
        "How many days in total did patient {subject_id} spend in hospital over the admissions that began within "
        "{years} years of their first admission (the first included), rounded to 1 decimal place?",
        "Adding up every admission starting in the {years} years from patient {subject_id}'s first admission, how "
        "many inpatient days is that (1 decimal place)?",
        "What was patient {subject_id}'s cumulative length of stay, in days to 1 decimal place, across admissions "
        "that started no more than {years} years after their first admission?",
    ], PATIENTS, f"""
WITH {adm("a.subject_id = {subject_id}")},
first_adm AS (SELECT admittime FROM adm WHERE adm_no = 1)
SELECT round(sum(date_diff('second', adm.admittime, adm.dischtime) / 86400.0), 1) AS total_days
FROM adm CROSS JOIN first_adm f
WHERE adm.admittime < f.admittime + INTERVAL {{years}} YEAR AND adm.dischtime IS NOT NULL
""", "number", grid={"years": (1, 2, 5)}, family="los_summary"),

    T("patient", "mean_los_icu_vs_not", [
        "How many days longer, on average, were patient {subject_id}'s admissions that included an ICU stay than "
        "those without one (mean with minus mean without, 1 decimal place)?",
        "Compare patient {subject_id}'s hospital stays with and without intensive care: the mean length of stay "
        "with ICU minus the mean without, in days to 1 decimal place?",
        "For patient {subject_id}, what is the difference in mean length of stay (days, 1 decimal place) between "
        "admissions with an ICU stay and admissions without?",
    ], MIXED_ICU, f"""
WITH flagged AS (
    SELECT {LOS_DAYS} AS days,
           EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = a.hadm_id) AS had_icu
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.dischtime IS NOT NULL
)
SELECT round(avg(days) FILTER (WHERE had_icu) - avg(days) FILTER (WHERE NOT had_icu), 1) AS diff_days
FROM flagged
""", "number", family="los_summary"),

    T("patient", "longest_admission", [
        "Which of patient {subject_id}'s hospital admissions was the longest? Give its admission ID.",
        "Give the admission ID of patient {subject_id}'s longest hospital stay.",
        "Patient {subject_id} has been admitted several times: which admission (ID) lasted longest?",
    ], PATIENTS_2PLUS, f"""
WITH los AS (
    SELECT a.hadm_id, {LOS_DAYS} AS days
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.dischtime IS NOT NULL
),
ranked AS (SELECT hadm_id, rank() OVER (ORDER BY days DESC) AS rk FROM los)
SELECT hadm_id FROM ranked WHERE rk = 1
""", "number"),

    T("patient", "condition_admission_los", [
        "How many days did patient {subject_id}'s first admission with {condition} last, rounded to 1 decimal place?",
        "What was the length of stay, in days to 1 decimal place, of the first hospital admission in which patient "
        "{subject_id} was diagnosed with {condition}?",
        "Patient {subject_id} was first coded with {condition} during an admission: how long was that stay in days "
        "(1 decimal place)?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT round(date_diff('second', admittime, dischtime) / 86400.0, 1) AS los_days FROM first_coded
""", "number", derived=COND, family="condition_los"),

    T("patient", "mean_los_condition_admissions", [
        "What was the mean length of stay, in days to 1 decimal place, of patient {subject_id}'s admissions in which "
        "{condition} was coded?",
        "On average, how long did patient {subject_id}'s hospital stays with a diagnosis of {condition} last (days, 1 "
        "decimal place)?",
        "Across every admission of patient {subject_id} coded with {condition}, what is the average number of days in "
        "hospital, to 1 decimal place?",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT DISTINCT a.hadm_id, date_diff('second', a.admittime, a.dischtime) / 86400.0 AS days
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE a.subject_id = {{subject_id}} AND a.dischtime IS NOT NULL AND {has_condition()}
)
SELECT round(avg(days), 1) AS mean_days FROM coded
""", "number", derived=COND, family="condition_los"),

    T("patient", "longest_condition_admission", [
        "Which of patient {subject_id}'s admissions with {condition} was the longest? Give its admission ID.",
        "Give the admission ID of the longest hospital stay of patient {subject_id} in which {condition} was "
        "diagnosed.",
        "Among patient {subject_id}'s admissions coded with {condition}, which one (admission ID) lasted longest?",
    ], condition_patients(" GROUP BY dx.subject_id, cond.condition, cond.icd9, cond.icd10 "
                          "HAVING count(DISTINCT dx.hadm_id) >= 2"), f"""
WITH coded AS (
    SELECT DISTINCT a.hadm_id, a.dischtime - a.admittime AS stay_length
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE a.subject_id = {{subject_id}} AND a.dischtime IS NOT NULL AND {has_condition()}
),
ranked AS (SELECT hadm_id, rank() OVER (ORDER BY stay_length DESC) AS rk FROM coded)
SELECT hadm_id FROM ranked WHERE rk = 1
""", "number", derived=COND, family="condition_los"),

    T("patient", "home_discharges_condition", [
        "How many of patient {subject_id}'s admissions with {condition} ended with discharge home (with or without "
        "home health care)?",
        "Of the hospital stays in which patient {subject_id} was diagnosed with {condition}, how many ended with the "
        "patient going home, including home with home health care?",
        "Count patient {subject_id}'s admissions coded with {condition} after which they were discharged home or home "
        "with home health care.",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT DISTINCT a.hadm_id, a.discharge_location
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE a.subject_id = {{subject_id}} AND {has_condition()}
)
SELECT count(*) FILTER (WHERE discharge_location IN ('HOME', 'HOME HEALTH CARE')) AS n_admissions FROM coded
""", "number", derived=COND, family="discharge_location"),

    T("patient", "condition_admission_via_ed", [
        "Did patient {subject_id}'s first admission with {condition} come through the emergency department?",
        "Was the first hospital stay in which patient {subject_id} was diagnosed with {condition} an admission via "
        "the ED?",
        "Did patient {subject_id} arrive through the emergency department for their first admission coded with "
        "{condition}?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT edregtime IS NOT NULL AS via_ed FROM first_coded
""", "boolean", derived=COND),

    T("patient", "prior_admissions_year_before_condition", [
        "In the 365 days before their first admission with {condition}, how many times was patient {subject_id} "
        "admitted to hospital, and how many days did they spend in hospital on those admissions? Answer with the two "
        "numbers (days to 1 decimal place).",
        "Before the first hospital stay in which {condition} was diagnosed, what was patient {subject_id}'s hospital "
        "use over the preceding 365 days: number of admissions starting in that year and their total length of stay "
        "in days (1 decimal place)?",
        "Count patient {subject_id}'s admissions that began in the year (365 days) before their first admission coded "
        "with {condition}, and give the days they spent in hospital on them, to 1 decimal place.",
    ], condition_patients(" JOIN mimiciv_hosp.admissions a ON a.hadm_id = dx.hadm_id WHERE EXISTS ("
                          "SELECT 1 FROM mimiciv_hosp.admissions b WHERE b.subject_id = a.subject_id "
                          "AND b.admittime < a.admittime AND b.admittime >= a.admittime - INTERVAL 365 DAY)"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
prior AS (
    SELECT date_diff('second', adm.admittime, adm.dischtime) / 86400.0 AS days
    FROM adm JOIN first_coded f ON adm.admittime < f.admittime
        AND adm.admittime >= f.admittime - INTERVAL 365 DAY
)
SELECT count(*) AS n_admissions, round(coalesce(sum(days), 0), 1) AS hospital_days FROM prior
""", "table", derived=COND),

    T("patient", "days_first_admission_to_condition", [
        "How many days after the start of their first hospital admission was patient {subject_id} first admitted with "
        "{condition} (0 if it was coded at the first admission)?",
        "Counting calendar days from their first ever admission date, when was patient {subject_id}'s first admission "
        "in which {condition} was diagnosed?",
        "How long after first being admitted to hospital was {condition} first coded for patient {subject_id}, in days "
        "between the two admission dates?",
    ], condition_patients(" WHERE dx.subject_id IN (" + PATIENTS_2PLUS + ")"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT date_diff('day', CAST(first_adm.admittime AS DATE), CAST(f.admittime AS DATE)) AS days
FROM first_coded f JOIN adm first_adm ON first_adm.adm_no = 1
""", "number", derived=COND),

    T("patient", "condition_share_of_hospital_days", [
        "What percentage of all the days patient {subject_id} spent in hospital were during admissions with "
        "{condition}? Round to 1 decimal place.",
        "Of patient {subject_id}'s total inpatient time across every admission, what share (%) came from hospital "
        "stays in which {condition} was coded (1 decimal place)?",
        "How much of patient {subject_id}'s hospital time, as a percentage to 1 decimal place, was spent in admissions "
        "diagnosed with {condition}?",
    ], condition_patients(), f"""
WITH flagged AS (
    SELECT date_diff('second', a.admittime, a.dischtime) AS secs,
           EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd dx WHERE dx.hadm_id = a.hadm_id AND {has_condition()})
               AS coded
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.dischtime IS NOT NULL
)
SELECT round(100.0 * sum(secs) FILTER (WHERE coded) / sum(secs), 1) AS pct FROM flagged HAVING sum(secs) > 0
""", "number", derived=COND, family="condition_los"),

    T("patient", "ed_admissions_year_after_condition", [
        "In the 365 days after discharge from their first admission with {condition}, how many times was patient "
        "{subject_id} admitted again through the emergency department?",
        "After the first hospital stay in which {condition} was diagnosed, how many emergency-department admissions "
        "did patient {subject_id} have within 365 days of its discharge?",
        "Count patient {subject_id}'s admissions via the ED that started within a year (365 days) after they left "
        "their first admission coded with {condition}.",
    ], condition_patients(" WHERE dx.subject_id IN (" + PATIENTS_2PLUS + ")"), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT count(*) FILTER (WHERE later.edregtime IS NOT NULL) AS n_admissions
FROM first_coded f JOIN adm later
  ON later.admittime >= f.dischtime AND later.admittime <= f.dischtime + INTERVAL 365 DAY
     AND later.hadm_id <> f.hadm_id
""", "number", derived=COND, family="admissions_after"),

    T("patient", "hospital_days_year_after_icu", [
        "In the 365 days after discharge from the hospital admission of their first ICU stay, how many days did "
        "patient {subject_id} spend in hospital on admissions starting in that window (0 if none), rounded to 1 "
        "decimal place?",
        "After the admission in which patient {subject_id} first needed intensive care, add up the lengths of their "
        "admissions beginning within 365 days of its discharge: how many days (1 decimal place)?",
        "How many inpatient days (1 decimal place) did patient {subject_id} accumulate on admissions starting in the "
        "year after discharge from their first ICU hospitalisation?",
    ], ICU_PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id}")},
first_icu_adm AS (
    SELECT adm.hadm_id, adm.dischtime
    FROM adm JOIN mimiciv_icu.icustays i ON i.hadm_id = adm.hadm_id
    ORDER BY i.intime, i.stay_id LIMIT 1
)
SELECT round(coalesce(sum(date_diff('second', later.admittime, later.dischtime)), 0) / 86400.0, 1) AS hospital_days
FROM first_icu_adm f LEFT JOIN adm later
  ON later.admittime >= f.dischtime AND later.admittime <= f.dischtime + INTERVAL 365 DAY
     AND later.hadm_id <> f.hadm_id
""", "number", family="admissions_after"),

    T("patient", "latest_condition_admission_summary", [
        "For patient {subject_id}'s most recent admission with {condition}, how many days did it last (1 decimal "
        "place) and where were they discharged to?",
        "Give the length of stay in days (1 decimal place) and the discharge destination of the latest hospital stay "
        "in which patient {subject_id} was diagnosed with {condition}.",
        "Patient {subject_id}'s last admission coded with {condition}: its length in days to 1 decimal place and the "
        "place they went on discharge?",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT DISTINCT a.hadm_id, a.admittime, a.dischtime, a.discharge_location
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE a.subject_id = {{subject_id}} AND {has_condition()}
),
latest AS (SELECT * FROM coded ORDER BY admittime DESC, hadm_id DESC LIMIT 1)
SELECT round(date_diff('second', admittime, dischtime) / 86400.0, 1) AS los_days, discharge_location FROM latest
""", "table", derived=COND),

    T("patient", "admissions_timeline", [
        "List patient {subject_id}'s hospital admissions in time order, giving for each the admission ID, the length "
        "of stay in days (1 decimal place) and whether a readmission within 30 days followed.",
        "For each of patient {subject_id}'s admissions, oldest first: admission ID, days in hospital to 1 decimal "
        "place, and whether they were readmitted within 30 days of discharge.",
        "Summarise patient {subject_id}'s admissions chronologically as rows of (admission ID, length of stay in days "
        "to 1 decimal place, readmitted within 30 days yes/no).",
    ], PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()}
SELECT hadm_id, round(date_diff('second', admittime, dischtime) / 86400.0, 1) AS los_days,
       coalesce({READMITTED_30}, FALSE) AS readmitted_30d
FROM seq
ORDER BY admittime, hadm_id
""", "table", ordered=True),

    T("patient", "days_out_of_hospital", [
        "Between their first admission and their last discharge, how many days was patient {subject_id} out of "
        "hospital, rounded to 1 decimal place?",
        "From the start of patient {subject_id}'s first admission to the end of their most recent one, how much of "
        "the time, in days to 1 decimal place, did they spend outside hospital?",
        "How many days (1 decimal place) did patient {subject_id} spend at home or elsewhere between their first "
        "hospital admission and their final discharge?",
    ], PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id} AND a.dischtime IS NOT NULL")},
span AS (
    SELECT date_diff('second', min(admittime), max(dischtime)) / 86400.0 AS span_days,
           sum(date_diff('second', admittime, dischtime)) / 86400.0 AS inpatient_days
    FROM adm
)
SELECT round(span_days - inpatient_days, 1) AS days_out FROM span
""", "number"),

    T("patient", "longest_gap_between_admissions", [
        "What was the longest interval between a discharge of patient {subject_id} and their next admission, in days "
        "rounded to 1 decimal place?",
        "Between consecutive hospital admissions, what is the longest time patient {subject_id} stayed out of "
        "hospital (discharge to next admission, days, 1 decimal place)?",
        "Looking at each discharge of patient {subject_id} and the admission that followed it, what was the longest "
        "gap in days (1 decimal place)?",
    ], PATIENTS_2PLUS, f"""
WITH {adm("a.subject_id = {subject_id}")},
{next_admission()}
SELECT round(max(date_diff('second', dischtime, next_admit)) / 86400.0, 1) AS gap_days
FROM seq WHERE next_admit IS NOT NULL
""", "number", family="readmission_gap"),

    T("patient", "days_between_condition_admissions", [
        "How many days passed between patient {subject_id}'s first and most recent admissions with {condition} "
        "(admission date to admission date)?",
        "Counting calendar days, how far apart are the first and the latest hospital stays in which patient "
        "{subject_id} was diagnosed with {condition}?",
        "Over how many days, from the first admission date to the last, do patient {subject_id}'s admissions coded "
        "with {condition} extend?",
    ], condition_patients(" GROUP BY dx.subject_id, cond.condition, cond.icd9, cond.icd10 "
                          "HAVING count(DISTINCT dx.hadm_id) >= 2"), f"""
WITH coded AS (
    SELECT DISTINCT a.hadm_id, a.admittime
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE a.subject_id = {{subject_id}} AND {has_condition()}
)
SELECT date_diff('day', CAST(min(admittime) AS DATE), CAST(max(admittime) AS DATE)) AS days
FROM coded HAVING count(*) >= 2
""", "number", derived=COND),

    T("patient", "ed_admissions_with_condition", [
        "How many of patient {subject_id}'s admissions with {condition} came through the emergency department?",
        "Of the hospital stays in which patient {subject_id} was coded with {condition}, how many began with an ED "
        "visit?",
        "Count patient {subject_id}'s admissions via the emergency department that carried a diagnosis of "
        "{condition}.",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT DISTINCT a.hadm_id, a.edregtime
    FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE a.subject_id = {{subject_id}} AND {has_condition()}
)
SELECT count(*) FILTER (WHERE edregtime IS NOT NULL) AS n_admissions FROM coded
""", "number", derived=COND),

    T("patient", "insurance_condition_admission", [
        "What insurance did patient {subject_id} have at their first admission with {condition}?",
        "Under which insurance category was patient {subject_id} admitted the first time {condition} was diagnosed?",
        "Who was the payer (insurance type) for the first hospital stay in which patient {subject_id} was coded with "
        "{condition}?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT insurance FROM first_coded
""", "string", derived=COND),

    T("patient", "admissions_before_condition", [
        "How many times had patient {subject_id} been admitted to hospital before their first admission with "
        "{condition}?",
        "Before the first hospital stay in which {condition} was diagnosed, how many earlier admissions did patient "
        "{subject_id} have?",
        "Count patient {subject_id}'s admissions that started before their first admission coded with {condition}.",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT count(earlier.hadm_id) AS n_admissions
FROM first_coded f LEFT JOIN adm earlier ON earlier.adm_no < f.adm_no
""", "number", derived=COND),

    T("patient", "condition_admissions_table", [
        "List every admission of patient {subject_id} in which {condition} was coded, in time order, with the "
        "admission ID, their age at admission, the length of stay in days (1 decimal place) and the discharge "
        "destination.",
        "For each hospital stay of patient {subject_id} with a diagnosis of {condition}, oldest first, give admission "
        "ID, age at admission, days in hospital to 1 decimal place and where they were discharged to.",
        "Summarise patient {subject_id}'s admissions coded with {condition} chronologically as rows of (admission "
        "ID, age, length of stay in days to 1 decimal place, discharge destination).",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}", age=True)},
coded AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.subject_id = {{subject_id}} AND {has_condition()}
)
SELECT adm.hadm_id, adm.age, round(date_diff('second', adm.admittime, adm.dischtime) / 86400.0, 1) AS los_days,
       adm.discharge_location
FROM adm JOIN coded ON coded.hadm_id = adm.hadm_id
ORDER BY adm.admittime, adm.hadm_id
""", "table", ordered=True, derived=COND),
]
