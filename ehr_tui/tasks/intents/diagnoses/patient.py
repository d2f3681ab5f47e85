"""Patient-level diagnosis questions, as a ward physician asks them about their patient's history: what was coded
and when, and the course of a condition across admissions (``patient_care``: with the rest of the record)."""

from __future__ import annotations

from .._common import maker
from ._sql import (EVER_TITLES, IS_TITLE, NAMED, PATIENT_CONDITION_STATS, PATIENT_CONDITIONS, PATIENT_CONDITIONS_2ADM,
                   PATIENT_TITLES, PATIENT_TITLES_2ADM, PATIENTS_DX, PATIENTS_DX_2ADM, TITLE_OF, admissions, balanced_by_flag,
                   first_coded)
from .conditions import DERIVED, MATCHES_PARAM as MATCHES, PREFIX_TABLE

T = maker("diagnoses")
ADM = admissions("a.subject_id = {subject_id}")
FIRST_DX = first_coded("a.subject_id = {subject_id}")
# The standard condition groups the patient is coded with, per admission: (hadm_id, condition)
GROUPS = ("(SELECT DISTINCT x.hadm_id, grp.condition FROM mimiciv_hosp.diagnoses_icd x JOIN " + PREFIX_TABLE
          + " ON grp.icd_version = x.icd_version AND starts_with(x.icd_code, grp.prefix) "
          "WHERE x.subject_id = {subject_id})")

TEMPLATES = [
    # ------------------------------------------------------------------ what is coded
    T("patient", "distinct_diagnoses", [
        "How many different diagnoses have been coded for patient {subject_id} across all their admissions?",
        "Across every hospital admission of patient {subject_id}, how many distinct ICD diagnosis codes appear?",
        "Count the distinct diagnoses (ICD code and version) ever recorded for patient {subject_id}.",
    ], PATIENTS_DX, """
SELECT count(DISTINCT (x.icd_code, x.icd_version)) AS n_diagnoses
FROM mimiciv_hosp.diagnoses_icd x
WHERE x.subject_id = {subject_id}
""", "number"),

    T("patient", "ever_diagnosed", [
        "Has patient {subject_id} ever been diagnosed with " + NAMED + "?",
        "Does patient {subject_id} carry a diagnosis of " + NAMED + " on any admission?",
        "Was " + NAMED + " coded for patient {subject_id} at any hospital admission?",
    ], EVER_TITLES, """
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE x.subject_id = {subject_id} AND """ + IS_TITLE + """
) AS diagnosed
""", "boolean"),

    T("patient", "principal_first_admission", [
        "What was the principal diagnosis of patient {subject_id}'s first hospital admission? Give its full title.",
        "Patient {subject_id}'s earliest admission: what was the primary diagnosis (title)?",
        "What was patient {subject_id} first admitted for, according to the principal diagnosis title of their "
        "first admission?",
    ], PATIENTS_DX, "WITH " + ADM + """
SELECT dd.long_title AS diagnosis
FROM mimiciv_hosp.diagnoses_icd x
JOIN adm ON adm.hadm_id = x.hadm_id AND adm.adm_no = 1
""" + TITLE_OF + """
WHERE x.seq_num = 1
""", "string", family="principal"),

    T("patient", "principal_code_latest_admission", [
        "What ICD code was the principal diagnosis of patient {subject_id}'s most recent admission?",
        "Give the ICD code of the primary diagnosis on patient {subject_id}'s latest hospital admission.",
        "Which diagnosis code was listed first for patient {subject_id}'s most recent stay?",
    ], PATIENTS_DX, "WITH " + ADM + """
SELECT x.icd_code
FROM mimiciv_hosp.diagnoses_icd x
JOIN adm ON adm.hadm_id = x.hadm_id AND adm.adm_rev = 1
WHERE x.seq_num = 1
""", "string", family="principal"),

    T("patient", "principal_timeline", [
        "List the principal diagnosis titles of patient {subject_id}'s admissions in order, from the first admission "
        "to the most recent.",
        "What was patient {subject_id} admitted for each time? Give each admission's principal diagnosis title, "
        "earliest admission first.",
        "In chronological order of admission, what were the primary diagnoses (titles) of patient {subject_id}'s "
        "hospital stays?",
    ], PATIENTS_DX_2ADM, "WITH " + ADM + """
SELECT dd.long_title AS diagnosis
FROM adm
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = adm.hadm_id AND x.seq_num = 1
""" + TITLE_OF + """
ORDER BY adm.adm_no
""", "list", max_rows=12),

    T("patient", "codes_latest_admission", [
        "Which ICD diagnosis codes were recorded on patient {subject_id}'s most recent admission?",
        "List the diagnosis codes of patient {subject_id}'s latest hospital stay.",
        "What diagnosis codes were billed for patient {subject_id}'s most recent admission?",
    ], PATIENTS_DX, "WITH " + ADM + """
SELECT DISTINCT x.icd_code
FROM mimiciv_hosp.diagnoses_icd x
JOIN adm ON adm.hadm_id = x.hadm_id AND adm.adm_rev = 1
""", "set"),

    T("patient", "diagnosis_position", [
        "In the first of patient {subject_id}'s admissions coded with " + NAMED + ", at which position in the "
        "diagnosis list was it coded (1 = principal)?",
        "When " + NAMED + " was first coded for patient {subject_id}, what was its rank among that admission's "
        "diagnoses (1 = principal)?",
        "On patient {subject_id}'s earliest admission carrying " + NAMED + ", which position did that diagnosis "
        "hold in the coded list?",
    ], PATIENT_TITLES, "WITH " + ADM + """,
coded AS (
    SELECT x.seq_num, rank() OVER (ORDER BY adm.adm_no) AS rk
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN adm ON adm.hadm_id = x.hadm_id
    """ + TITLE_OF + """
    WHERE """ + IS_TITLE + """
)
SELECT min(seq_num) AS position FROM coded WHERE rk = 1
""", "number"),

    T("patient", "principal_first_readmission", [
        "What was the principal diagnosis (title) of patient {subject_id}'s first readmission within 30 days of a "
        "discharge?",
        "The first time patient {subject_id} came back to hospital within 30 days of being discharged, what was the "
        "principal diagnosis? Give the title.",
        "Patient {subject_id}'s earliest 30-day readmission: what primary diagnosis (title) was it coded with?",
    ], """
SELECT DISTINCT subject_id FROM (
    SELECT a.subject_id, a.admittime,
           lag(a.dischtime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS prev_disch
    FROM mimiciv_hosp.admissions a
) WHERE admittime <= prev_disch + INTERVAL 30 DAY
""", "WITH " + ADM + """,
seq AS (SELECT hadm_id, adm_no, admittime, lag(dischtime) OVER (ORDER BY adm_no) AS prev_disch FROM adm),
readmissions AS (
    SELECT hadm_id, row_number() OVER (ORDER BY adm_no) AS k FROM seq
    WHERE admittime <= prev_disch + INTERVAL 30 DAY
)
SELECT dd.long_title AS diagnosis
FROM readmissions
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = readmissions.hadm_id AND x.seq_num = 1
""" + TITLE_OF + """
WHERE readmissions.k = 1
""", "string", family="principal"),

    T("patient", "persistent_diagnoses", [
        "Which diagnoses (titles) were coded on both patient {subject_id}'s first and most recent admissions?",
        "List the diagnosis titles shared by patient {subject_id}'s earliest and latest hospital admissions.",
        "What diagnoses carried over from patient {subject_id}'s first admission to their most recent one? Give "
        "the titles.",
    ], PATIENTS_DX_2ADM, "WITH " + ADM + """,
titled AS (
    SELECT adm.adm_no, adm.adm_rev, dd.long_title
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN adm ON adm.hadm_id = x.hadm_id
    """ + TITLE_OF + """
)
SELECT long_title FROM titled WHERE adm_no = 1
INTERSECT
SELECT long_title FROM titled WHERE adm_rev = 1
""", "set", family="across_admissions"),

    T("patient", "new_diagnoses_latest", [
        "Which diagnoses (titles) appear on patient {subject_id}'s most recent admission but on none of their "
        "earlier admissions?",
        "List the diagnosis titles that are new at patient {subject_id}'s latest admission, never coded before.",
        "What was diagnosed for the first time at patient {subject_id}'s most recent hospital stay? Give the titles.",
    ], PATIENTS_DX_2ADM, "WITH " + ADM + """,
titled AS (
    SELECT adm.adm_rev, dd.long_title
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN adm ON adm.hadm_id = x.hadm_id
    """ + TITLE_OF + """
)
SELECT long_title FROM titled WHERE adm_rev = 1
EXCEPT
SELECT long_title FROM titled WHERE adm_rev > 1
""", "set", family="across_admissions"),

    T("patient", "first_diagnosed_date", [
        "On what date was patient {subject_id} first admitted with " + NAMED + " coded (the admission date of the "
        "earliest admission carrying it)?",
        "When was " + NAMED + " first coded for patient {subject_id}? Give the admission date of that first "
        "admission.",
        "What is the admission date of patient {subject_id}'s first hospital stay with a diagnosis of " + NAMED
        + "?",
    ], PATIENT_TITLES, """
SELECT CAST(min(a.admittime) AS DATE) AS first_date
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
""" + TITLE_OF + """
WHERE x.subject_id = {subject_id} AND """ + IS_TITLE + "\n", "date", family="exact_dates"),

    T("patient", "days_first_to_last_coded", [
        "How many days passed between the admission dates of the first and the last of patient {subject_id}'s "
        "admissions coded with " + NAMED + "?",
        "From the first to the most recent admission of patient {subject_id} carrying " + NAMED + ", how many days "
        "lie between the two admission dates?",
        "Patient {subject_id} has " + NAMED + " coded on several admissions: how many days from the first such "
        "admission date to the last?",
    ], PATIENT_TITLES_2ADM, """
WITH coded AS (
    SELECT DISTINCT a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
    """ + TITLE_OF + """
    WHERE x.subject_id = {subject_id} AND """ + IS_TITLE + """
)
SELECT date_diff('day', min(admit_date), max(admit_date)) AS days FROM coded HAVING count(*) >= 2
""", "number", family="exact_dates"),

    # ------------------------------------------------------------------ condition groups
    T("patient", "condition_admissions", [
        "In how many of patient {subject_id}'s admissions was {condition} coded?",
        "How many of patient {subject_id}'s hospital stays carry a {condition} diagnosis?",
        "Count patient {subject_id}'s admissions with a diagnosis of {condition}.",
    ], balanced_by_flag(PATIENT_CONDITION_STATS, "cand.n_adm >= 2"), """
SELECT count(DISTINCT x.hadm_id) AS n_admissions
FROM mimiciv_hosp.diagnoses_icd x
WHERE x.subject_id = {subject_id} AND """ + MATCHES + "\n", "number", derived=DERIVED,
       family="condition_admission_count"),

    T("patient", "condition_count", [
        "How many of the standard condition groups has patient {subject_id} been coded with on any admission?",
        "Counting the standard condition groups, how many appear anywhere in patient {subject_id}'s diagnoses?",
        "Of the standard condition groups, how many has patient {subject_id} ever had coded?",
    ], PATIENTS_DX, "SELECT count(DISTINCT condition) AS n_conditions FROM " + GROUPS + " g\n", "number",
       family="condition_groups"),

    T("patient", "conditions_first_admission", [
        "Which of the standard condition groups were coded on patient {subject_id}'s first admission? List the "
        "condition names.",
        "On patient {subject_id}'s earliest hospital admission, which standard conditions were diagnosed?",
        "List the standard condition groups present in the diagnoses of patient {subject_id}'s first admission.",
    ], PATIENTS_DX, "WITH " + ADM + """
SELECT DISTINCT g.condition FROM """ + GROUPS + """ g
JOIN adm ON adm.hadm_id = g.hadm_id AND adm.adm_no = 1
""", "set", family="condition_groups"),

    T("patient", "conditions_new_latest", [
        "Which standard condition groups are coded on patient {subject_id}'s most recent admission but on none of "
        "their earlier admissions?",
        "Among the standard conditions, which appeared for the first time at patient {subject_id}'s latest "
        "admission?",
        "List the standard condition groups that are new at patient {subject_id}'s most recent hospital stay.",
    ], PATIENTS_DX_2ADM, "WITH " + ADM + """,
grouped AS (SELECT g.condition, adm.adm_rev FROM """ + GROUPS + """ g JOIN adm ON adm.hadm_id = g.hadm_id)
SELECT condition FROM grouped WHERE adm_rev = 1
EXCEPT
SELECT condition FROM grouped WHERE adm_rev > 1
""", "set", family="condition_groups"),

    T("patient", "condition_at_first_admission", [
        "Was {condition} already coded on patient {subject_id}'s first hospital admission?",
        "Patient {subject_id} has a {condition} diagnosis on record: was it present from their very first "
        "admission?",
        "Did patient {subject_id}'s earliest admission carry a diagnosis of {condition}?",
    ], PATIENT_CONDITIONS_2ADM, "WITH " + ADM + """
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN adm ON adm.hadm_id = x.hadm_id AND adm.adm_no = 1
    WHERE """ + MATCHES + """
) AS at_first_admission
""", "boolean", derived=DERIVED),

    T("patient", "admissions_after_first_condition", [
        "How many hospital admissions has patient {subject_id} had after the first admission on which {condition} "
        "was coded?",
        "Since {condition} was first diagnosed in hospital, how many more admissions has patient {subject_id} "
        "had?",
        "Counting only admissions that started after patient {subject_id}'s first admission coded with "
        "{condition}, how many are there?",
    ], balanced_by_flag(PATIENT_CONDITION_STATS, "cand.later_adm"), "WITH " + FIRST_DX + """
SELECT count(a.hadm_id) AS n_admissions
FROM first_dx LEFT JOIN mimiciv_hosp.admissions a
  ON a.subject_id = first_dx.subject_id AND (a.admittime, a.hadm_id) > (first_dx.admittime, first_dx.hadm_id)
""", "number", derived=DERIVED),

    T("patient", "age_at_first_condition", [
        "How old was patient {subject_id} at their first admission on which {condition} was coded?",
        "What was patient {subject_id}'s age at the first hospital admission carrying a {condition} diagnosis?",
        "At what age was {condition} first coded for patient {subject_id} in hospital?",
    ], PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT p.anchor_age + (year(first_dx.admittime) - p.anchor_year) AS age
FROM first_dx JOIN mimiciv_hosp.patients p ON p.subject_id = first_dx.subject_id
""", "number", derived=DERIVED),

    T("patient", "length_of_stay_first_condition", [
        "How long, in days, was patient {subject_id}'s first admission on which {condition} was coded? Round to 1 "
        "decimal place.",
        "What was the length of stay (days, 1 decimal) of the first hospital admission of patient {subject_id} "
        "with a {condition} diagnosis?",
        "Patient {subject_id}'s first {condition} admission lasted how many days (1 decimal)?",
    ], PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT round(date_diff('second', admittime, dischtime) / 86400.0, 1) AS days FROM first_dx
""", "number", derived=DERIVED, family="condition_stay"),

    T("patient", "readmitted_after_first_condition", [
        "Was patient {subject_id} readmitted within 30 days of discharge from their first admission coded with "
        "{condition}?",
        "After the first hospital stay with a {condition} diagnosis, did patient {subject_id} come back within 30 "
        "days of discharge?",
        "Did patient {subject_id} have a 30-day readmission after their first {condition} admission?",
    ], PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = first_dx.subject_id AND a.hadm_id <> first_dx.hadm_id
      AND a.admittime >= first_dx.dischtime AND a.admittime <= first_dx.dischtime + INTERVAL 30 DAY
) AS readmitted
FROM first_dx
WHERE coalesce(first_dx.hospital_expire_flag, 0) = 0
""", "boolean", derived=DERIVED, family="after_condition"),

    T("patient", "days_to_next_admission_after_condition", [
        "How many days after discharge from their first admission coded with {condition} was patient {subject_id} "
        "next admitted? Round to 1 decimal place.",
        "From the end of patient {subject_id}'s first {condition} admission to the start of their next admission, "
        "how many days passed (1 decimal)?",
        "Patient {subject_id}: time from discharge after the first hospital stay with {condition} to the following "
        "admission, in days to 1 decimal?",
    ], PATIENT_CONDITIONS_2ADM, "WITH " + FIRST_DX + """,
next_adm AS (
    SELECT min(a.admittime) AS next_admit FROM mimiciv_hosp.admissions a JOIN first_dx
      ON a.subject_id = first_dx.subject_id AND a.admittime >= first_dx.dischtime AND a.hadm_id <> first_dx.hadm_id
)
SELECT round(date_diff('second', first_dx.dischtime, next_adm.next_admit) / 86400.0, 1) AS days
FROM first_dx CROSS JOIN next_adm
""", "number", derived=DERIVED, family="after_condition"),

]
