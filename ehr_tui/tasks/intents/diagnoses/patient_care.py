"""Patient-level diagnosis questions that join the coded diagnoses with the rest of the record: prescriptions,
ICU stays, procedures, labs and death."""

from __future__ import annotations

from .._common import first_icu_cte
from ._sql import (IS_TITLE, NAMED, PATIENT_CONDITION_DRUGS, PATIENT_CONDITION_LABS, PATIENT_CONDITION_STATS,
                   PATIENT_CONDITIONS, PATIENT_CONDITIONS_2ADM, PATIENT_PROGRESSIONS, PATIENT_TITLES, PATIENTS_DX_2ADM,
                   TITLE_OF, admissions, balanced_by_flag)
from .conditions import DERIVED, MATCHES_PARAM as MATCHES, coded
from .patient import ADM, FIRST_DX, GROUPS, T

TEMPLATES = [
    # ------------------------------------------------------------------ with other modules
    T("patient", "drug_during_first_condition", [
        "Was patient {subject_id} prescribed {drug} during their first admission coded with {condition}?",
        "On the first hospital stay where {condition} was diagnosed, did patient {subject_id} receive a "
        "prescription of {drug}?",
        "Patient {subject_id}'s first {condition} admission: was {drug} prescribed at any point?",
    ], PATIENT_CONDITION_DRUGS, "WITH " + FIRST_DX + """
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.prescriptions r WHERE r.hadm_id = first_dx.hadm_id AND r.drug = {drug}
) AS prescribed
FROM first_dx
""", "boolean", derived=DERIVED, family="condition_drug_patient"),

    T("patient", "icu_during_first_condition", [
        "Did patient {subject_id} spend time in an ICU during their first admission coded with {condition}?",
        "Was there an ICU stay in patient {subject_id}'s first hospital admission with a {condition} diagnosis?",
        "On the first admission carrying {condition}, was patient {subject_id} admitted to intensive care?",
    ], PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = first_dx.hadm_id) AS had_icu_stay
FROM first_dx
""", "boolean", derived=DERIVED, family="condition_icu"),

    T("patient", "drugs_first_condition_admission", [
        "How many different drugs were prescribed to patient {subject_id} during their first admission coded with "
        "{condition}?",
        "On patient {subject_id}'s first hospital stay with a {condition} diagnosis, how many distinct drugs were "
        "prescribed?",
        "Count the distinct drugs ordered for patient {subject_id} in the first admission where {condition} was "
        "coded.",
    ], PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT count(DISTINCT r.drug) AS n_drugs
FROM first_dx LEFT JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = first_dx.hadm_id
""", "number", derived=DERIVED, family="condition_drugs"),

    T("patient", "procedures_first_condition_admission", [
        "How many procedures were coded during patient {subject_id}'s first admission on which {condition} was "
        "diagnosed?",
        "On the first hospital stay of patient {subject_id} with {condition}, how many ICD procedures were "
        "recorded?",
        "Count the coded procedures of patient {subject_id}'s first {condition} admission.",
    ], PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT count(pr.icd_code) AS n_procedures
FROM first_dx LEFT JOIN mimiciv_hosp.procedures_icd pr ON pr.hadm_id = first_dx.hadm_id
""", "number", derived=DERIVED),

    T("patient", "principal_first_icu_admission", [
        "What was the principal diagnosis of the hospital admission during which patient {subject_id} had their "
        "first ICU stay? Give its title.",
        "Patient {subject_id} first went to the ICU during which diagnosis? Give the principal diagnosis title of "
        "that admission.",
        "Which primary diagnosis (title) was coded for the admission containing patient {subject_id}'s first ICU "
        "stay?",
    ], "SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.diagnoses_icd x "
       "ON x.hadm_id = i.hadm_id", "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT dd.long_title AS diagnosis
FROM stay
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = stay.hadm_id AND x.seq_num = 1
""" + TITLE_OF + """
WHERE stay.stay_no = 1
""", "string"),

    T("patient", "new_diagnoses_at_death", [
        "How many of the diagnoses coded on the admission in which patient {subject_id} died had never been coded on "
        "any of their earlier admissions?",
        "Patient {subject_id} died in hospital: how many diagnoses on that final admission were new, never coded "
        "before?",
        "On patient {subject_id}'s fatal admission, count the diagnosis codes that appear there for the first time "
        "in their record.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.admissions WHERE hospital_expire_flag = 1", "WITH " + ADM + """,
coded AS (
    SELECT x.icd_code, x.icd_version, adm.admittime, adm.hadm_id, adm.hospital_expire_flag
    FROM mimiciv_hosp.diagnoses_icd x JOIN adm ON adm.hadm_id = x.hadm_id
),
fatal AS (SELECT * FROM adm WHERE hospital_expire_flag = 1)
SELECT count(*) AS n_new
FROM coded c JOIN fatal f ON f.hadm_id = c.hadm_id
WHERE NOT EXISTS (
    SELECT 1 FROM coded e WHERE e.icd_code = c.icd_code AND e.icd_version = c.icd_version AND e.admittime < f.admittime
)
""", "number"),

    T("patient", "diagnoses_on_every_admission", [
        "Which diagnoses (titles) were coded on every one of patient {subject_id}'s hospital admissions?",
        "List the diagnosis titles that appear on all of patient {subject_id}'s admissions, without exception.",
        "What has been coded at each and every admission of patient {subject_id}? Give the diagnosis titles.",
    ], PATIENTS_DX_2ADM, "WITH " + ADM + """,
titled AS (
    SELECT dd.long_title, count(DISTINCT adm.hadm_id) AS n_adm
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN adm ON adm.hadm_id = x.hadm_id
    """ + TITLE_OF + """
    GROUP BY dd.long_title
)
SELECT long_title FROM titled WHERE n_adm = (SELECT count(*) FROM adm)
""", "set", family="across_admissions"),

    T("patient", "conditions_carried_to_latest", [
        "Of the standard condition groups coded on patient {subject_id}'s most recent admission, how many had "
        "already been coded on an earlier admission?",
        "How many of the standard conditions on patient {subject_id}'s latest admission were known from a "
        "previous admission?",
        "Patient {subject_id}'s most recent stay: how many of its standard condition groups had been coded "
        "before, on any earlier admission?",
    ], PATIENTS_DX_2ADM, "WITH " + ADM + """,
grouped AS (SELECT g.condition, adm.adm_rev FROM """ + GROUPS + """ g JOIN adm ON adm.hadm_id = g.hadm_id),
latest AS (SELECT DISTINCT condition FROM grouped WHERE adm_rev = 1),
earlier AS (SELECT DISTINCT condition FROM grouped WHERE adm_rev > 1)
SELECT count(*) FILTER (WHERE latest.condition IN (SELECT condition FROM earlier)) AS n_conditions
FROM latest
""", "number", family="condition_groups"),

    T("patient", "principal_after_first_condition", [
        "What was the principal diagnosis (title) of the admission that followed patient {subject_id}'s first "
        "admission coded with {condition}?",
        "After their first hospital stay with {condition}, what was patient {subject_id} next admitted for? Give "
        "the principal diagnosis title.",
        "Patient {subject_id}'s next admission after the first one carrying {condition}: what was its primary "
        "diagnosis title?",
    ], PATIENT_CONDITIONS_2ADM, "WITH " + FIRST_DX + """,
next_adm AS (
    SELECT a.hadm_id, row_number() OVER (ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.admissions a JOIN first_dx ON a.subject_id = first_dx.subject_id
     AND (a.admittime, a.hadm_id) > (first_dx.admittime, first_dx.hadm_id)
)
SELECT dd.long_title AS diagnosis
FROM next_adm
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = next_adm.hadm_id AND x.seq_num = 1
""" + TITLE_OF + """
WHERE next_adm.k = 1
""", "string", derived=DERIVED, family="after_condition"),

    T("patient", "lab_peak_first_condition_admission", [
        "During patient {subject_id}'s first admission coded with {condition}, what was their highest {fluid} "
        "{lab} ({unit})?",
        "On the first hospital stay where patient {subject_id} was diagnosed with {condition}, what was the peak "
        "{fluid} {lab} in {unit}?",
        "Patient {subject_id}'s first {condition} admission: maximum {fluid} {lab} ({unit}) drawn during that "
        "stay?",
    ], PATIENT_CONDITION_LABS, "WITH " + FIRST_DX + """
SELECT max(l.valuenum) AS peak_value
FROM first_dx
JOIN mimiciv_hosp.labevents l ON l.subject_id = first_dx.subject_id
 AND l.charttime BETWEEN first_dx.admittime AND first_dx.dischtime
JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid}
""", "number", derived=DERIVED, family="condition_lab_patient"),

    T("patient", "hours_to_drug_first_condition", [
        "How many hours after admission was {drug} first started during patient {subject_id}'s first admission "
        "coded with {condition}? Round to 1 decimal place.",
        "On the first hospital stay with {condition}, how long after admission (hours, 1 decimal) did patient "
        "{subject_id}'s first {drug} prescription start?",
        "Patient {subject_id}'s first {condition} admission: time from admission to the start of the first {drug} "
        "prescription, in hours to 1 decimal?",
    ], PATIENT_CONDITION_DRUGS, "WITH " + FIRST_DX + """
SELECT round(date_diff('second', min(first_dx.admittime), min(r.starttime)) / 3600.0, 1) AS hours
FROM first_dx
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = first_dx.hadm_id AND r.drug = {drug}
 AND r.starttime BETWEEN first_dx.admittime AND first_dx.dischtime
""", "number", derived=DERIVED, family="condition_drug_patient"),

    T("patient", "icu_admissions_with_condition", [
        "In how many of patient {subject_id}'s admissions that included an ICU stay was {condition} coded?",
        "Counting only patient {subject_id}'s hospital stays with time in intensive care, how many carry a "
        "{condition} diagnosis?",
        "How many ICU-involving admissions of patient {subject_id} were coded with {condition}?",
    ], balanced_by_flag("SELECT * FROM (" + PATIENT_CONDITION_STATS + ") s WHERE s.subject_id IN (SELECT subject_id FROM "
                "mimiciv_icu.icustays)", "cand.n_icu_adm >= 2"), """
WITH icu_adm AS (
    SELECT DISTINCT i.hadm_id FROM mimiciv_icu.icustays i WHERE i.subject_id = {subject_id}
)
SELECT count(DISTINCT icu_adm.hadm_id) FILTER (WHERE x.hadm_id IS NOT NULL) AS n_admissions
FROM icu_adm
LEFT JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = icu_adm.hadm_id AND """ + MATCHES + """
HAVING count(*) > 0
""", "number", derived=DERIVED, family="condition_admission_count"),

    T("patient", "died_within_year_of_condition", [
        "Did patient {subject_id} die within one year of the admission date of their first admission coded with "
        "{condition} (in hospital or after discharge, by the date of death on record)?",
        "Is there a recorded death for patient {subject_id} within 365 days after the start of their first "
        "{condition} admission?",
        "Patient {subject_id}: did they die within a year of first being admitted with {condition}, according to "
        "their date of death?",
    ], balanced_by_flag(PATIENT_CONDITIONS, "SELECT p.dod IS NOT NULL FROM mimiciv_hosp.patients p "
                "WHERE p.subject_id = cand.subject_id"), "WITH " + FIRST_DX + """
SELECT coalesce(p.dod <= CAST(first_dx.admittime AS DATE) + INTERVAL 365 DAY, FALSE) AS died_within_year
FROM first_dx JOIN mimiciv_hosp.patients p ON p.subject_id = first_dx.subject_id
""", "boolean", derived=DERIVED, family="condition_death"),

    T("patient", "days_to_death_after_condition", [
        "How many days after discharge from their first admission coded with {condition} did patient {subject_id} "
        "die, by the date of death on record (0 if they died in that admission)?",
        "Patient {subject_id} has a recorded death: how many days passed between leaving hospital after their first "
        "{condition} admission and the date of death (0 if they died during it)?",
        "From the discharge date of patient {subject_id}'s first hospital stay with {condition} to their date of "
        "death, how many days (0 when they died in that stay)?",
    ], "SELECT pc.* FROM (" + PATIENT_CONDITIONS + ") pc JOIN mimiciv_hosp.patients p ON p.subject_id = pc.subject_id "
       "WHERE p.dod IS NOT NULL", "WITH " + FIRST_DX + """
SELECT CASE WHEN first_dx.hospital_expire_flag = 1 THEN 0
            ELSE greatest(date_diff('day', CAST(first_dx.dischtime AS DATE), p.dod), 0) END AS days
FROM first_dx JOIN mimiciv_hosp.patients p ON p.subject_id = first_dx.subject_id
WHERE p.dod IS NOT NULL
""", "number", derived=DERIVED, family="condition_death"),

    T("patient", "icu_hours_first_condition", [
        "How many hours did patient {subject_id} spend in an ICU during their first admission coded with "
        "{condition}? Round to 1 decimal place.",
        "On the first hospital stay with a {condition} diagnosis, how long was patient {subject_id} in intensive "
        "care in total (hours, 1 decimal)?",
        "Total ICU time, in hours to 1 decimal, of patient {subject_id} during their first {condition} admission?",
    ], "SELECT pc.* FROM (" + PATIENT_CONDITIONS + ") pc WHERE pc.subject_id IN (SELECT subject_id FROM "
       "mimiciv_icu.icustays)", "WITH " + FIRST_DX + """
SELECT round(sum(date_diff('second', i.intime, i.outtime)) / 3600.0, 1) AS icu_hours
FROM first_dx JOIN mimiciv_icu.icustays i ON i.hadm_id = first_dx.hadm_id
""", "number", derived=DERIVED, family="condition_icu"),

    T("patient", "drugs_first_and_latest_condition", [
        "Which drugs were prescribed on both the first and the most recent of patient {subject_id}'s admissions "
        "coded with {condition}? List each drug once.",
        "Comparing patient {subject_id}'s first and latest hospital stays with {condition}, which drugs were "
        "prescribed on both?",
        "List the drugs patient {subject_id} received on their first {condition} admission and again on their most "
        "recent {condition} admission.",
    ], "SELECT pc.* FROM (" + PATIENT_CONDITIONS + ") pc WHERE (SELECT count(DISTINCT x.hadm_id) FROM "
       "mimiciv_hosp.diagnoses_icd x WHERE x.subject_id = pc.subject_id AND ((x.icd_version = 9 AND "
       "regexp_matches(x.icd_code, pc.pattern9)) OR (x.icd_version = 10 AND regexp_matches(x.icd_code, "
       "pc.pattern10)))) >= 2", """
WITH cond_adm AS (
    SELECT a.hadm_id, row_number() OVER (ORDER BY a.admittime, a.hadm_id) AS first_k,
           row_number() OVER (ORDER BY a.admittime DESC, a.hadm_id DESC) AS last_k
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id}
      AND a.hadm_id IN (SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x WHERE """ + MATCHES + """)
)
SELECT r.drug FROM mimiciv_hosp.prescriptions r JOIN cond_adm c ON c.hadm_id = r.hadm_id WHERE c.first_k = 1
INTERSECT
SELECT r.drug FROM mimiciv_hosp.prescriptions r JOIN cond_adm c ON c.hadm_id = r.hadm_id
WHERE c.last_k = 1 AND c.first_k > 1
""", "set", derived=DERIVED, family="condition_drugs"),

    T("patient", "codiagnoses_first_exact", [
        "On the first admission of patient {subject_id} coded with " + NAMED + ", which other diagnoses (titles) "
        "were coded alongside it?",
        "List the other diagnosis titles of patient {subject_id}'s earliest admission carrying " + NAMED + ".",
        "What else was diagnosed (titles) on the first hospital stay where patient {subject_id} was coded with "
        + NAMED + "?",
    ], PATIENT_TITLES, """
WITH hits AS (
    SELECT a.hadm_id, row_number() OVER (ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.hadm_id IN (
        SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x """ + TITLE_OF + """ WHERE """ + IS_TITLE + """)
)
SELECT DISTINCT dd.long_title AS diagnosis
FROM hits
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = hits.hadm_id
""" + TITLE_OF + """
WHERE hits.k = 1 AND NOT (""" + IS_TITLE + """)
""", "set", max_rows=40),

    T("patient", "principal_longest_admission", [
        "What was the principal diagnosis (title) of patient {subject_id}'s longest hospital admission?",
        "Patient {subject_id}'s longest stay in hospital was for what? Give the principal diagnosis title of that "
        "admission.",
        "Of all patient {subject_id}'s admissions, take the one with the longest length of stay: what is its "
        "primary diagnosis title?",
    ], PATIENTS_DX_2ADM, """
WITH stays AS (
    SELECT a.hadm_id, rank() OVER (ORDER BY a.dischtime - a.admittime DESC) AS rk
    FROM mimiciv_hosp.admissions a WHERE a.subject_id = {subject_id}
)
SELECT dd.long_title AS diagnosis
FROM stays
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = stays.hadm_id AND x.seq_num = 1
""" + TITLE_OF + """
WHERE stays.rk = 1
""", "string", family="principal"),

    T("patient", "mean_stay_with_condition", [
        "What was the mean length of stay in days of patient {subject_id}'s admissions coded with {condition}? "
        "Round to 1 decimal place.",
        "On average, how many days did patient {subject_id}'s hospital stays with a {condition} diagnosis last (1 "
        "decimal)?",
        "Averaging over patient {subject_id}'s admissions carrying {condition}, what was the length of stay in "
        "days, to 1 decimal?",
    ], PATIENT_CONDITIONS, """
SELECT round(avg(date_diff('second', a.admittime, a.dischtime) / 86400.0), 1) AS mean_days
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {subject_id}
  AND a.hadm_id IN (SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x WHERE """ + MATCHES + """)
""", "number", derived=DERIVED, family="condition_stay"),

    T("patient", "lab_first_latest_condition_admission", [
        "What was patient {subject_id}'s first {fluid} {lab} ({unit}) of their most recent admission coded with "
        "{condition}?",
        "On the latest hospital stay where patient {subject_id} was diagnosed with {condition}, what was the "
        "initial {fluid} {lab} in {unit}?",
        "Patient {subject_id}'s most recent {condition} admission: first {fluid} {lab} result of that stay, in "
        "{unit}?",
    ], PATIENT_CONDITION_LABS, """
WITH cond_adm AS (
    SELECT a.subject_id, a.admittime, a.dischtime, row_number() OVER (ORDER BY a.admittime DESC, a.hadm_id DESC) AS k
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id}
      AND a.hadm_id IN (SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x WHERE """ + MATCHES + """)
),
vals AS (
    SELECT l.valuenum, rank() OVER (ORDER BY l.charttime) AS rk
    FROM cond_adm
    JOIN mimiciv_hosp.labevents l ON l.subject_id = cond_adm.subject_id
     AND l.charttime BETWEEN cond_adm.admittime AND cond_adm.dischtime
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid}
    WHERE cond_adm.k = 1 AND l.valuenum IS NOT NULL
)
SELECT DISTINCT valuenum AS value FROM vals WHERE rk = 1
""", "number", derived=DERIVED, family="condition_lab_patient"),

    T("patient", "days_between_conditions", [
        "How many days after the admission date of patient {subject_id}'s first admission coded with {condition} "
        "were they first admitted with {condition_b} (admission date to admission date)?",
        "Patient {subject_id} developed {condition_b} after {condition}: how many days lie between the admission "
        "dates of their first {condition} admission and their first {condition_b} admission?",
        "From patient {subject_id}'s first hospital admission with {condition} to their first with {condition_b}, "
        "how many days apart were the two admission dates?",
    ], PATIENT_PROGRESSIONS, """
WITH firsts AS (
    SELECT min(a.admittime) FILTER (WHERE x.hadm_id IN (
               SELECT y.hadm_id FROM mimiciv_hosp.diagnoses_icd y
               WHERE (y.icd_version = 9 AND regexp_matches(y.icd_code, {pattern9}))
                  OR (y.icd_version = 10 AND regexp_matches(y.icd_code, {pattern10})))) AS first_a,
           min(a.admittime) FILTER (WHERE """ + MATCHES.replace("{pattern9}", "{pattern9_b}").replace(
               "{pattern10}", "{pattern10_b}") + """) AS first_b
    FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
    WHERE x.subject_id = {subject_id}
)
SELECT date_diff('day', CAST(first_a AS DATE), CAST(first_b AS DATE)) AS days FROM firsts
""", "number", derived=DERIVED + ("pattern9_b", "pattern10_b")),

    T("patient", "conditions_on_icu_admissions", [
        "Which standard condition groups were coded on patient {subject_id}'s admissions that included an ICU "
        "stay? List each condition once.",
        "Across the hospital stays in which patient {subject_id} went to intensive care, which standard conditions "
        "were diagnosed?",
        "List the standard condition groups present on any of patient {subject_id}'s ICU-involving admissions.",
    ], "SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.diagnoses_icd x "
       "ON x.hadm_id = i.hadm_id", """
SELECT DISTINCT g.condition FROM """ + GROUPS + """ g
WHERE g.hadm_id IN (SELECT i.hadm_id FROM mimiciv_icu.icustays i WHERE i.subject_id = {subject_id})
""", "set", family="condition_groups"),

    T("patient", "other_conditions_first_condition_admission", [
        "How many other standard condition groups were coded on patient {subject_id}'s first admission coded with "
        "{condition}?",
        "On the first hospital stay where {condition} was diagnosed, how many further standard conditions did "
        "patient {subject_id} carry?",
        "Besides {condition}, how many standard condition groups appear on patient {subject_id}'s first {condition} "
        "admission?",
    ], PATIENT_CONDITIONS, "WITH " + FIRST_DX + """
SELECT count(DISTINCT g.condition) FILTER (WHERE g.condition <> {condition}) AS n_conditions
FROM first_dx JOIN """ + GROUPS + """ g ON g.hadm_id = first_dx.hadm_id
""", "number", derived=DERIVED, family="condition_groups"),

    T("patient", "hours_to_icu_first_condition", [
        "During patient {subject_id}'s first admission coded with {condition}, how many hours after admission did "
        "their first ICU stay begin? Round to 1 decimal place.",
        "On the first hospital stay with {condition}, how long after admission (hours, 1 decimal) was patient "
        "{subject_id} first moved to intensive care?",
        "Patient {subject_id}'s first {condition} admission: time from hospital admission to the start of the first "
        "ICU stay of that admission, in hours to 1 decimal?",
    ], "SELECT pc.* FROM (" + PATIENT_CONDITIONS + ") pc WHERE pc.subject_id IN (SELECT subject_id FROM "
       "mimiciv_icu.icustays)", "WITH " + FIRST_DX + """
SELECT round(date_diff('second', min(first_dx.admittime), min(i.intime)) / 3600.0, 1) AS hours
FROM first_dx JOIN mimiciv_icu.icustays i ON i.hadm_id = first_dx.hadm_id
""", "number", derived=DERIVED, family="condition_icu"),

    T("patient", "readmissions_after_condition_admissions", [
        "How many of patient {subject_id}'s admissions coded with {condition} were followed by a readmission within "
        "30 days of discharge?",
        "Counting patient {subject_id}'s hospital stays with a {condition} diagnosis, how many led to another "
        "admission within 30 days after discharge?",
        "Of patient {subject_id}'s {condition} admissions, how many ended with a 30-day readmission?",
    ], balanced_by_flag(PATIENT_CONDITION_STATS, "cand.readmitted"), "WITH " + ADM + """,
seq AS (
    SELECT hadm_id, dischtime, lead(admittime) OVER (ORDER BY adm_no) AS next_admit FROM adm
)
SELECT count(*) FILTER (WHERE seq.next_admit <= seq.dischtime + INTERVAL 30 DAY) AS n_admissions
FROM seq
WHERE seq.hadm_id IN (SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x WHERE """ + MATCHES + """)
""", "number", derived=DERIVED, family="after_condition"),

    T("patient", "mean_drugs_condition_admissions", [
        "Across patient {subject_id}'s admissions coded with {condition}, how many different drugs were prescribed "
        "per admission on average? Round to 1 decimal place.",
        "On average, how many distinct drugs did patient {subject_id} receive on each hospital stay carrying "
        "{condition} (1 decimal)?",
        "Mean number of distinct drugs prescribed per {condition} admission of patient {subject_id}, counting "
        "admissions without prescriptions as zero, to 1 decimal?",
    ], PATIENT_CONDITIONS, """
WITH cond_adm AS (
    SELECT DISTINCT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x
    WHERE x.subject_id = {subject_id} AND """ + MATCHES + """
),
per_adm AS (
    SELECT cond_adm.hadm_id, count(DISTINCT r.drug) AS n
    FROM cond_adm LEFT JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = cond_adm.hadm_id
    GROUP BY cond_adm.hadm_id
)
SELECT round(avg(n), 1) AS mean_drugs FROM per_adm
""", "number", derived=DERIVED, family="condition_drugs"),

    T("patient", "lab_change_first_condition_admission", [
        "During patient {subject_id}'s first admission coded with {condition}, how much did their {fluid} {lab} "
        "change from the first to the last result of the stay (last minus first, {unit}, rounded to 2 decimal "
        "places)?",
        "On the first hospital stay with {condition}, what was the net change in patient {subject_id}'s {fluid} "
        "{lab} ({unit}), final result minus first, to 2 decimals?",
        "Patient {subject_id}'s first {condition} admission: last {fluid} {lab} minus first {fluid} {lab} of that "
        "stay, in {unit} with 2 decimal places?",
    ], PATIENT_CONDITION_LABS, "WITH " + FIRST_DX + """,
vals AS (
    SELECT l.valuenum, rank() OVER (ORDER BY l.charttime) AS first_k, rank() OVER (ORDER BY l.charttime DESC) AS last_k
    FROM first_dx
    JOIN mimiciv_hosp.labevents l ON l.subject_id = first_dx.subject_id
     AND l.charttime BETWEEN first_dx.admittime AND first_dx.dischtime
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid}
    WHERE l.valuenum IS NOT NULL
)
SELECT round(max(valuenum) FILTER (WHERE last_k = 1) - max(valuenum) FILTER (WHERE first_k = 1), 2) AS change
FROM vals
HAVING count(*) >= 2 AND count(DISTINCT valuenum) FILTER (WHERE first_k = 1) = 1
   AND count(DISTINCT valuenum) FILTER (WHERE last_k = 1) = 1
""", "number", derived=DERIVED, family="condition_lab_patient"),

    T("patient", "new_drugs_first_condition_admission", [
        "Which drugs were prescribed to patient {subject_id} during their first admission coded with {condition} "
        "that had never been prescribed to them on an earlier admission? List each drug once.",
        "On the first hospital stay with {condition}, which drugs did patient {subject_id} receive for the first "
        "time (never prescribed on a previous admission)?",
        "List the drugs new to patient {subject_id} at their first {condition} admission, i.e. not prescribed on "
        "any earlier admission.",
    ], PATIENT_CONDITIONS_2ADM, "WITH " + FIRST_DX + """,
earlier AS (
    SELECT DISTINCT r.drug
    FROM mimiciv_hosp.prescriptions r
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
    JOIN first_dx ON a.subject_id = first_dx.subject_id AND a.admittime < first_dx.admittime
)
SELECT DISTINCT r.drug
FROM first_dx JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = first_dx.hadm_id
WHERE r.drug IS NOT NULL AND NOT EXISTS (SELECT 1 FROM earlier WHERE earlier.drug = r.drug)
""", "set", derived=DERIVED, family="condition_drugs"),

    T("patient", "first_lab_abnormal_first_condition", [
        "Was patient {subject_id}'s first {fluid} {lab} of their first admission coded with {condition} flagged "
        "abnormal?",
        "On the first hospital stay where patient {subject_id} was diagnosed with {condition}, did the initial "
        "{fluid} {lab} come back abnormal?",
        "Patient {subject_id}'s first {condition} admission: was the first {fluid} {lab} of that stay abnormal?",
    ], PATIENT_CONDITION_LABS, "WITH " + FIRST_DX + """,
vals AS (
    SELECT l.flag, l.valuenum, rank() OVER (ORDER BY l.charttime) AS rk
    FROM first_dx
    JOIN mimiciv_hosp.labevents l ON l.subject_id = first_dx.subject_id
     AND l.charttime BETWEEN first_dx.admittime AND first_dx.dischtime
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid}
    WHERE l.valuenum IS NOT NULL
)
SELECT DISTINCT coalesce(flag = 'abnormal', FALSE) AS abnormal FROM vals WHERE rk = 1
""", "boolean", derived=DERIVED, family="condition_lab_patient"),
]
