"""Population-level diagnosis questions about the care and course of patients with a condition: ICU, drugs,
recurrence, readmission, death, labs."""

from __future__ import annotations

from .._common import first_icu_cte, top_k_untied
from ._sql import CONDITION_DRUG_ROWS, CONDITION_LABS, PROGRESSION_ROWS, admissions, first_coded
from .conditions import DERIVED, PREFIX_TABLE, coded
from .population import CONDITIONS, SECOND, T

TEMPLATES = [
    # ------------------------------------------------------------------ care: ICU, drugs, follow-up
    T("population", "icu_rate_with_condition", [
        "In what percentage of admissions coded with {condition} did the patient have an ICU stay? Round to 1 "
        "decimal place.",
        "How often (%) does an admission with a {condition} diagnosis include intensive care, to 1 decimal?",
        "What share of admissions carrying {condition} had at least one ICU stay (percent, 1 decimal)?",
    ], CONDITIONS, "WITH " + coded() + """
SELECT round(100.0 * count(*) FILTER (WHERE EXISTS (
           SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = coded.hadm_id)) / count(*), 1) AS pct_icu
FROM (SELECT DISTINCT hadm_id FROM coded) coded
""", "number", derived=DERIVED),

    T("population", "drug_rate_with_condition", [
        "In what percentage of admissions coded with {condition} was {drug} prescribed? Round to 1 decimal place.",
        "How often is {drug} prescribed on admissions carrying a {condition} diagnosis (percent of those "
        "admissions, 1 decimal)?",
        "Among admissions with {condition}, what share (%) received a {drug} prescription, to 1 decimal?",
    ], CONDITION_DRUG_ROWS, "WITH " + coded() + """,
treated AS (
    SELECT DISTINCT r.hadm_id FROM mimiciv_hosp.prescriptions r WHERE r.drug = {drug}
)
SELECT round(100.0 * count(*) FILTER (WHERE hadm_id IN (SELECT hadm_id FROM treated)) / count(*), 1) AS pct_admissions
FROM (SELECT DISTINCT hadm_id FROM coded) c
""", "number", derived=DERIVED, family="condition_drug"),

    T("population", "drug_later_admission", [
        "Of the patients with a later admission after their first admission coded with {condition}, how many were "
        "prescribed {drug} on a later admission?",
        "Among patients readmitted after the first hospital stay with {condition}, count those who received {drug} "
        "during a subsequent admission.",
        "How many patients, after their first {condition} admission, went on to be prescribed {drug} in a later "
        "admission?",
    ], CONDITION_DRUG_ROWS, "WITH " + first_coded() + """
SELECT count(DISTINCT first_dx.subject_id) AS n_patients
FROM first_dx
JOIN mimiciv_hosp.admissions a ON a.subject_id = first_dx.subject_id AND a.admittime > first_dx.admittime
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = a.hadm_id AND r.drug = {drug}
""", "number", derived=DERIVED, family="condition_drug"),

    T("population", "recurrence_pct", [
        "Among patients with an admission after their first admission coded with {condition}, in what percentage "
        "was {condition} coded again on a later admission? Round to 1 decimal place.",
        "Of patients who came back to hospital after their first {condition} admission, what share (%) had "
        "{condition} coded again later (1 decimal)?",
        "How often is {condition} coded again on later admissions, as a percentage of patients readmitted after "
        "their first {condition} admission, to 1 decimal?",
    ], CONDITIONS, "WITH " + first_coded() + ",\n" + coded() + """,
later AS (
    SELECT first_dx.subject_id, bool_or(a.hadm_id IN (SELECT hadm_id FROM coded)) AS again
    FROM first_dx JOIN mimiciv_hosp.admissions a ON a.subject_id = first_dx.subject_id
     AND (a.admittime, a.hadm_id) > (first_dx.admittime, first_dx.hadm_id)
    GROUP BY first_dx.subject_id
)
SELECT round(100.0 * count(*) FILTER (WHERE again) / count(*), 1) AS pct_patients FROM later
""", "number", derived=DERIVED),

    T("population", "mean_admissions_with_condition", [
        "On average, how many hospital admissions do patients coded with {condition} have in total? Round to 2 "
        "decimal places.",
        "Patients with a {condition} diagnosis have how many admissions each, on average (all admissions, 2 "
        "decimals)?",
        "What is the mean number of admissions per patient among patients ever coded with {condition}, to 2 "
        "decimal places?",
    ], CONDITIONS, "WITH " + coded() + """,
per_patient AS (
    SELECT a.subject_id, count(*) AS n FROM mimiciv_hosp.admissions a
    WHERE a.subject_id IN (SELECT subject_id FROM coded) GROUP BY a.subject_id
)
SELECT round(avg(n), 2) AS mean_admissions FROM per_patient
""", "number", derived=DERIVED),

    T("population", "mean_days_to_readmission_with_condition", [
        "For patients coded with {condition}, what is the mean number of days between a discharge and the next "
        "admission, over all their consecutive admission pairs? Round to 1 decimal place.",
        "Among patients with {condition} on record, how many days on average lie between leaving hospital and the "
        "next admission (consecutive pairs, 1 decimal)?",
        "What is the average gap in days from one discharge to the next admission of patients ever diagnosed with "
        "{condition}, to 1 decimal place?",
    ], CONDITIONS, "WITH " + coded() + """,
gaps AS (
    SELECT date_diff('second', a.dischtime,
                     lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id)) AS gap_s
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id IN (SELECT subject_id FROM coded)
)
SELECT round(avg(gap_s) / 86400.0, 1) AS mean_days FROM gaps WHERE gap_s IS NOT NULL
""", "number", derived=DERIVED),

    T("population", "icu_length_of_stay_with_condition", [
        "Among ICU stays during admissions coded with {condition}, what is the mean ICU length of stay in days? "
        "Round to 2 decimal places.",
        "How long do ICU stays last, on average, when the hospital admission carries {condition} (days, 2 "
        "decimals)?",
        "What is the average length (days, 2 decimal places) of ICU stays within admissions diagnosed with "
        "{condition}?",
    ], CONDITIONS, "WITH " + coded() + ",\n" + first_icu_cte() + """
SELECT round(avg(date_diff('second', stay.intime, stay.outtime) / 86400.0), 2) AS mean_icu_days
FROM stay
WHERE stay.hadm_id IN (SELECT hadm_id FROM coded)
""", "number", derived=DERIVED),

    T("population", "one_year_mortality_condition", [
        "What percentage of patients coded with {condition} died within one year of the admission date of their "
        "first admission carrying it (in hospital or after discharge, by the date of death on record)? Round to 1 "
        "decimal place.",
        "Among patients with a {condition} diagnosis, what share (%) has a recorded death within 365 days after "
        "the start of their first {condition} admission, to 1 decimal?",
        "What is the one-year mortality (%) after a first hospital admission with {condition}, counting deaths by "
        "the date of death on record, 1 decimal place?",
    ], CONDITIONS, "WITH " + first_coded() + """
SELECT round(100.0 * count(*) FILTER (WHERE p.dod <= CAST(first_dx.admittime AS DATE) + INTERVAL 365 DAY)
             / count(*), 1) AS pct_died
FROM first_dx JOIN mimiciv_hosp.patients p ON p.subject_id = first_dx.subject_id
""", "number", derived=DERIVED, family="condition_outcome"),

    T("population", "median_hours_to_drug_condition", [
        "On admissions coded with {condition} in which {drug} was prescribed, what is the median time from "
        "admission to the start of the first {drug} prescription, in hours rounded to 1 decimal place?",
        "How quickly is {drug} started in hospital stays with a {condition} diagnosis? Give the median hours from "
        "admission to the first {drug} start (1 decimal), over admissions that received it.",
        "Median delay (hours, 1 decimal) between admission and the first {drug} prescription, among {condition} "
        "admissions where {drug} was given?",
    ], CONDITION_DRUG_ROWS, "WITH " + coded() + """,
starts AS (
    SELECT a.hadm_id, date_diff('second', min(a.admittime), min(r.starttime)) AS delay_s
    FROM mimiciv_hosp.admissions a
    JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = a.hadm_id AND r.drug = {drug}
     AND r.starttime BETWEEN a.admittime AND a.dischtime
    WHERE a.hadm_id IN (SELECT hadm_id FROM coded)
    GROUP BY a.hadm_id
)
SELECT round(median(delay_s) / 3600.0, 1) AS median_hours FROM starts
""", "number", derived=DERIVED),

    T("population", "top_mortality_conditions", [
        "Which {k} of the standard condition groups have the highest in-hospital mortality among the admissions "
        "coded with them (groups with at least {min_n} admissions)? Most deadly first.",
        "Rank the standard condition groups coded on {min_n} or more admissions by the percentage of those "
        "admissions ending in death in hospital: which {k} come first?",
        "List the {k} standard conditions with the highest in-hospital death rate per coded admission, considering "
        "groups with at least {min_n} admissions, highest first.",
    ], "SELECT 1 AS one", """
WITH grouped AS (
    SELECT DISTINCT x.hadm_id, grp.condition
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN """ + PREFIX_TABLE + """ ON grp.icd_version = x.icd_version AND starts_with(x.icd_code, grp.prefix)
),
rates AS (
    SELECT g.condition, avg(CASE WHEN a.hospital_expire_flag = 1 THEN 1.0 ELSE 0.0 END) AS rate
    FROM grouped g JOIN mimiciv_hosp.admissions a ON a.hadm_id = g.hadm_id
    GROUP BY g.condition
    HAVING count(*) >= {min_n}
),
""" + top_k_untied("rates", "condition", "rate") + "\n", "list", grid={"k": (3, 5), "min_n": (10, 20)}, rows="k"),

    T("population", "mean_conditions_by_gender", [
        "On average, how many of the standard condition groups are coded per patient, for female and for male "
        "patients with any coded diagnosis? One row per gender ('F', 'M'), rounded to 2 decimal places.",
        "By gender, what is the mean number of standard conditions a patient has ever been coded with (2 "
        "decimals), among patients with diagnoses?",
        "Tabulate gender ('F'/'M') against the average count of standard condition groups per patient, to 2 "
        "decimal places, over patients with coded diagnoses.",
    ], "SELECT 1 AS one", """
WITH per_patient AS (
    SELECT x.subject_id, count(DISTINCT grp.condition) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    LEFT JOIN """ + PREFIX_TABLE + """ ON grp.icd_version = x.icd_version AND starts_with(x.icd_code, grp.prefix)
    GROUP BY x.subject_id
)
SELECT p.gender, round(avg(per_patient.n), 2) AS mean_conditions
FROM per_patient JOIN mimiciv_hosp.patients p ON p.subject_id = per_patient.subject_id
GROUP BY p.gender
ORDER BY p.gender
""", "table", rows=2),

    T("population", "progression_pct", [
        "Among patients first coded with {condition} without {condition_b}, who had at least one later admission, "
        "what percentage were coded with {condition_b} on a later admission? Round to 1 decimal place.",
        "Of patients whose first {condition} admission carried no {condition_b} diagnosis (and nothing earlier "
        "did) and who were admitted again, what share (%) later developed coded {condition_b}, to 1 decimal?",
        "How often does {condition} progress to {condition_b} in the coding: percentage of patients without "
        "{condition_b} up to their first {condition} admission who have it coded on a later admission (patients "
        "with a later admission only), 1 decimal?",
    ], PROGRESSION_ROWS, "WITH " + first_coded() + ",\n" + coded() + """,
second AS (
    SELECT DISTINCT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x WHERE """ + SECOND + """
),
history AS (
    SELECT first_dx.subject_id,
           bool_or(a.hadm_id IN (SELECT hadm_id FROM second)
                   AND (a.admittime, a.hadm_id) <= (first_dx.admittime, first_dx.hadm_id)) AS before,
           bool_or(a.hadm_id IN (SELECT hadm_id FROM second)
                   AND (a.admittime, a.hadm_id) > (first_dx.admittime, first_dx.hadm_id)) AS after,
           bool_or((a.admittime, a.hadm_id) > (first_dx.admittime, first_dx.hadm_id)) AS readmitted
    FROM first_dx JOIN mimiciv_hosp.admissions a ON a.subject_id = first_dx.subject_id
    GROUP BY first_dx.subject_id
)
SELECT round(100.0 * count(*) FILTER (WHERE after) / count(*), 1) AS pct_patients
FROM history WHERE readmitted AND NOT before
""", "number", derived=DERIVED + ("pattern9_b", "pattern10_b")),

    T("population", "mean_peak_lab_first_condition", [
        "Among patients coded with {condition}, what is the mean of the highest {fluid} {lab} ({unit}) drawn during "
        "their first admission carrying {condition}? Round to 2 decimal places.",
        "Take each patient's first hospital stay with {condition} and its peak {fluid} {lab} ({unit}): what is the "
        "average of those peaks, to 2 decimals?",
        "What peak {fluid} {lab} ({unit}) do patients reach, on average, during their first {condition} admission "
        "(mean over patients with a result, 2 decimal places)?",
    ], CONDITION_LABS, "WITH " + first_coded() + """,
peaks AS (
    SELECT first_dx.subject_id, max(l.valuenum) AS peak
    FROM first_dx
    JOIN mimiciv_hosp.labevents l ON l.subject_id = first_dx.subject_id
     AND l.charttime BETWEEN first_dx.admittime AND first_dx.dischtime
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid}
    WHERE l.valuenum IS NOT NULL
    GROUP BY first_dx.subject_id
)
SELECT round(avg(peak), 2) AS mean_peak FROM peaks
""", "number", derived=DERIVED, family="condition_lab"),

    T("population", "pct_abnormal_lab_24h_condition", [
        "In what percentage of admissions coded with {condition} was a {fluid} {lab} flagged abnormal within the "
        "first 24 hours of admission? Round to 1 decimal place.",
        "How often (% of {condition} admissions, 1 decimal) is there an abnormal {fluid} {lab} in the first 24 "
        "hours after admission?",
        "What share of hospital stays with a {condition} diagnosis had an abnormal {fluid} {lab} during their first "
        "day (24 hours from admission)? Percent, 1 decimal.",
    ], CONDITION_LABS, "WITH " + coded() + """,
cond_adm AS (
    SELECT a.hadm_id, a.subject_id, a.admittime FROM mimiciv_hosp.admissions a
    WHERE a.hadm_id IN (SELECT hadm_id FROM coded)
),
early AS (
    SELECT cond_adm.hadm_id, bool_or(l.flag = 'abnormal') AS abnormal
    FROM cond_adm
    LEFT JOIN (mimiciv_hosp.labevents l
               JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid})
      ON l.subject_id = cond_adm.subject_id
     AND l.charttime >= cond_adm.admittime AND l.charttime < cond_adm.admittime + INTERVAL 24 HOUR
    GROUP BY cond_adm.hadm_id
)
SELECT round(100.0 * count(*) FILTER (WHERE abnormal) / count(*), 1) AS pct_admissions FROM early
""", "number", derived=DERIVED, family="condition_lab"),

    T("population", "icu_mortality_with_vs_without", [
        "Among ICU stays, compare in-hospital mortality (%) between stays whose hospital admission was coded with "
        "{condition} and all other ICU stays: one row per group (with condition true/false), 1 decimal place.",
        "For patients in intensive care, how does the in-hospital death rate differ with and without a {condition} "
        "diagnosis on the admission? Percentage per group, 1 decimal, a row each.",
        "Tabulate, over ICU stays, whether the admission carries {condition} (true/false) against the percentage "
        "of stays whose hospital admission ended in death, to 1 decimal.",
    ], CONDITIONS, "WITH " + coded() + ",\n" + first_icu_cte() + """
SELECT stay.hadm_id IN (SELECT hadm_id FROM coded) AS with_condition,
       round(100.0 * count(*) FILTER (WHERE a.hospital_expire_flag = 1) / count(*), 1) AS pct_died
FROM stay JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
GROUP BY with_condition
ORDER BY with_condition
""", "table", rows=2, derived=DERIVED),

    T("population", "admissions_year_after_condition", [
        "In the 365 days after discharge from their first admission coded with {condition}, how many hospital "
        "admissions did patients have on average (patients discharged alive, counting those with none as zero)? "
        "Round to 2 decimal places.",
        "After a first {condition} admission ending alive, what is the mean number of admissions in the following "
        "year (365 days from discharge), including patients with no further admission? 2 decimals.",
        "How many times are patients readmitted, on average, within a year of discharge from their first hospital "
        "stay with {condition} (alive discharges; zero counts), to 2 decimal places?",
    ], CONDITIONS, "WITH " + first_coded() + """,
counts AS (
    SELECT first_dx.subject_id, count(a.hadm_id) AS n
    FROM first_dx
    LEFT JOIN mimiciv_hosp.admissions a ON a.subject_id = first_dx.subject_id AND a.hadm_id <> first_dx.hadm_id
     AND a.admittime >= first_dx.dischtime AND a.admittime <= first_dx.dischtime + INTERVAL 365 DAY
    WHERE coalesce(first_dx.hospital_expire_flag, 0) = 0
    GROUP BY first_dx.subject_id
)
SELECT round(avg(n), 2) AS mean_admissions FROM counts
""", "number", derived=DERIVED),

    T("population", "top_cooccurring_conditions", [
        "Which {k} other standard condition groups are most common among patients coded with {condition}, by "
        "number of patients? Most common first.",
        "Among patients with a {condition} diagnosis, which {k} other standard conditions do the most of them also "
        "carry? Descending.",
        "List the top {k} standard condition groups co-occurring with {condition} in the same patients (any "
        "admissions), ranked by patients, most frequent first.",
    ], CONDITIONS, "WITH " + coded() + """,
grouped AS (
    SELECT DISTINCT x.subject_id, grp.condition
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN """ + PREFIX_TABLE + """ ON grp.icd_version = x.icd_version AND starts_with(x.icd_code, grp.prefix)
    WHERE x.subject_id IN (SELECT subject_id FROM coded)
),
counts AS (SELECT condition, count(*) AS n FROM grouped WHERE condition <> {condition} GROUP BY condition),
""" + top_k_untied("counts", "condition") + "\n", "list", grid={"k": (3, 5)}, rows="k", derived=DERIVED),

    T("population", "same_condition_readmission_pct", [
        "Among 30-day readmissions following admissions coded with {condition}, in what percentage was {condition} "
        "coded again on the readmission? Round to 1 decimal place.",
        "When a patient is readmitted within 30 days after a {condition} admission, how often (%) does the "
        "readmission also carry {condition}, to 1 decimal?",
        "What share of readmissions within 30 days of discharge from a {condition} admission are themselves coded "
        "with {condition}? Percent, 1 decimal.",
    ], CONDITIONS, "WITH " + coded() + """,
seq AS (
    SELECT a.hadm_id, a.dischtime,
           lead(a.hadm_id) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_hadm,
           lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_admit
    FROM mimiciv_hosp.admissions a
)
SELECT round(100.0 * count(*) FILTER (WHERE seq.next_hadm IN (SELECT hadm_id FROM coded)) / count(*), 1)
       AS pct_readmissions
FROM seq
WHERE seq.hadm_id IN (SELECT hadm_id FROM coded) AND seq.next_admit <= seq.dischtime + INTERVAL 30 DAY
""", "number", derived=DERIVED),

    T("population", "drugs_by_icu_with_condition", [
        "For admissions coded with {condition}, what is the mean number of distinct drugs prescribed per admission, "
        "for admissions with and without an ICU stay? One row per group (ICU stay true/false), 1 decimal place, "
        "admissions without prescriptions counting as zero.",
        "Among hospital stays carrying {condition}, compare the average count of different drugs prescribed when "
        "the patient went to intensive care and when not (1 decimal, a row each).",
        "Tabulate ICU stay during the admission (true/false) against the mean number of distinct drugs per "
        "{condition} admission, to 1 decimal (zero when nothing was prescribed).",
    ], CONDITIONS, "WITH " + coded() + """,
per_adm AS (
    SELECT c.hadm_id, count(DISTINCT r.drug) AS n,
           EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = c.hadm_id) AS icu
    FROM (SELECT DISTINCT hadm_id FROM coded) c
    LEFT JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = c.hadm_id
    GROUP BY c.hadm_id
)
SELECT icu AS icu_stay, round(avg(n), 1) AS mean_drugs FROM per_adm GROUP BY icu ORDER BY icu
""", "table", rows=2, derived=DERIVED),
]
