"""Medications, population level: prescribing patterns, cohorts, outcomes and lab responses across patients."""

from __future__ import annotations

from .._common import LAB_ITEMS, admissions_cte, argmax, maker, top_k
from .definitions import (
    COMMON_DRUGS, DRUG_LAB_ITEMS, common_diagnoses, drug, lab_match, main, valid_duration,
)

T = maker("medications")
Q = "population"

# admissions in which the drug was prescribed (main drug of an order)
DRUG_ADMISSIONS = f"""drug_adm AS (
    SELECT DISTINCT r.hadm_id FROM mimiciv_hosp.prescriptions r
    WHERE {main()} AND {drug()} = {{drug}}
)"""

# (diagnosis, drug) pairs: a diagnosis coded in at least 5 admissions and a drug prescribed in some of them
DIAGNOSIS_DRUGS = f"""
WITH dxs AS ({common_diagnoses(5)})
SELECT dxs.icd_code, dxs.icd_version, dxs.diagnosis, {drug()} AS drug
FROM dxs
JOIN mimiciv_hosp.diagnoses_icd dx ON dx.icd_code = dxs.icd_code AND dx.icd_version = dxs.icd_version
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = dx.hadm_id
WHERE {main()}
GROUP BY dxs.icd_code, dxs.icd_version, dxs.diagnosis, {drug()}
HAVING count(DISTINCT r.hadm_id) >= 2
"""

# Replacement drugs started for a low (or high) result: (drug, lab, fluid, direction, threshold, unit)
ABNORMAL_TRIGGERS = (
    ("magnesium sulfate", "Magnesium", "Blood", "below", 1.6), ("potassium chloride", "Potassium", "Blood", "below", 3.5),
    ("calcium gluconate", "Calcium, Total", "Blood", "below", 8.0), ("insulin", "Glucose", "Blood", "above", 200),
    ("neutra-phos", "Phosphate", "Blood", "below", 2.5), ("potassium phosphate", "Phosphate", "Blood", "below", 2.5),
    ("sodium bicarbonate", "Bicarbonate", "Blood", "below", 18),
)
TRIGGER_CANDIDATES = f"""
SELECT t.drug, t.lab, t.fluid, t.direction, t.threshold, min(l.valueuom) AS unit
FROM (VALUES {", ".join(f"('{d}', '{lab}', '{fl}', '{dr}', {th})" for d, lab, fl, dr, th in ABNORMAL_TRIGGERS)})
     AS t(drug, lab, fluid, direction, threshold)
JOIN ({LAB_ITEMS}) li ON li.lab = t.lab AND li.fluid = t.fluid
JOIN mimiciv_hosp.labevents l ON l.itemid = li.itemid
WHERE l.valuenum IS NOT NULL AND l.valueuom IS NOT NULL
GROUP BY t.drug, t.lab, t.fluid, t.direction, t.threshold
HAVING count(DISTINCT l.valueuom) = 1
   AND count(*) FILTER (WHERE CASE WHEN t.direction = 'below' THEN l.valuenum < t.threshold
                                   ELSE l.valuenum > t.threshold END) >= 5
"""

# ordered pairs of common drugs: mostly pairs given together in some admission, a few never combined
DRUG_PAIRS = f"""
WITH common AS ({COMMON_DRUGS}),
rx AS (SELECT DISTINCT r.hadm_id, {drug()} AS drug FROM mimiciv_hosp.prescriptions r WHERE {main()}),
together AS (
    SELECT a.drug, b.drug AS drug2, count(*) AS n
    FROM rx a JOIN rx b ON b.hadm_id = a.hadm_id AND a.drug <> b.drug
    GROUP BY a.drug, b.drug
)
SELECT a.drug, b.drug AS drug2
FROM common a JOIN common b ON a.drug <> b.drug
LEFT JOIN together t ON t.drug = a.drug AND t.drug2 = b.drug
WHERE t.n >= 2 OR hash(a.drug, b.drug) % 40 = 0
"""

GENDERS = "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)"

TEMPLATES = [
    T(Q, "top_drugs_by_admissions", [
        "Which {k} drugs were prescribed in the most hospital admissions? List them from most to least frequent.",
        "Name the {k} medications ordered in the largest number of admissions, most common first.",
        "What are the top {k} drugs by number of admissions in which they were prescribed, in descending order?",
    ], "SELECT 1 AS one", f"""
WITH counts AS (
    SELECT {drug()} AS drug, count(DISTINCT r.hadm_id) AS n_admissions
    FROM mimiciv_hosp.prescriptions r
    WHERE {main()}
    GROUP BY {drug()}
),
""" + top_k("counts", "drug", "n_admissions") + "\n", "list", grid={"k": (3, 5, 10)}, rows="k"),

    T(Q, "patients_on_drug_by_age", [
        "How many patients were prescribed {drug} during an admission at which they were aged {min_age} or older?",
        "Count the distinct patients who received a prescription for {drug} in a hospital admission when they were at "
        "least {min_age} years old.",
        "Among patients aged {min_age} and over at admission, how many were prescribed {drug} during that "
        "admission?",
    ], COMMON_DRUGS, "WITH " + admissions_cte() + f"""
SELECT count(DISTINCT adm.subject_id) AS n_patients
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id
WHERE {main()} AND {drug()} = {{drug}} AND adm.age >= {{min_age}}
""", "number", grid={"min_age": (18, 65, 80)}),

    T(Q, "mean_drugs_per_admission_by_type", [
        "On average, how many different drugs are prescribed per '{admission_type}' admission, counting admissions "
        "without prescriptions as zero? Round to 2 decimal places.",
        "What is the mean number of distinct medications per admission of type '{admission_type}' (admissions with "
        "none count as 0), to 2 decimal places?",
        "Across all '{admission_type}' admissions, what is the average count of different drugs prescribed, "
        "including admissions with no prescriptions? Give 2 decimals.",
    ], "SELECT DISTINCT admission_type FROM mimiciv_hosp.admissions", f"""
WITH per_adm AS (
    SELECT a.hadm_id, count(DISTINCT {drug()}) AS n_drugs
    FROM mimiciv_hosp.admissions a
    LEFT JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = a.hadm_id AND {main()}
    WHERE a.admission_type = {{admission_type}}
    GROUP BY a.hadm_id
)
SELECT round(avg(n_drugs), 2) AS mean_drugs FROM per_adm
""", "number"),

    T(Q, "pct_admissions_drug_early", [
        "In what percentage of hospital admissions was {drug} started within the first {hours} hours? Round to 2 "
        "decimal places.",
        "What share (%) of all admissions had an order for {drug} starting within {hours} hours of admission, to 2 "
        "decimal places?",
        "Of every hospital admission, what percent saw {drug} begun in the first {hours} hours (2 decimals)?",
    ], COMMON_DRUGS, f"""
WITH early AS (
    SELECT DISTINCT r.hadm_id
    FROM mimiciv_hosp.prescriptions r
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
    WHERE {main()} AND {drug()} = {{drug}}
      AND r.starttime >= a.admittime AND r.starttime < a.admittime + INTERVAL ({{hours}}) HOUR
)
SELECT round(100.0 * (SELECT count(*) FROM early) / count(*), 2) AS pct_admissions FROM mimiciv_hosp.admissions
""", "number", grid={"hours": (24, 48)}),

    T(Q, "most_common_route", [
        "What is the most common route of administration for {drug} orders?",
        "By which route is {drug} most often prescribed?",
        "Which route accounts for the largest number of {drug} prescriptions?",
    ], COMMON_DRUGS, f"""
WITH routes AS (
    SELECT r.route, count(*) AS n FROM mimiciv_hosp.prescriptions r
    WHERE {main()} AND {drug()} = {{drug}} AND r.route IS NOT NULL
    GROUP BY r.route
),
""" + argmax("routes", "route") + "\n", "string"),

    T(Q, "mean_order_hours", [
        "What is the mean duration in hours of {drug} orders? Round to 1 decimal place.",
        "On average, how many hours does a prescription for {drug} run from start to stop (1 decimal place)?",
        "Give the average length of an order for {drug} in hours, to 1 decimal place.",
    ], COMMON_DRUGS, f"""
SELECT round(avg(date_diff('second', r.starttime, r.stoptime) / 3600.0), 1) AS mean_hours
FROM mimiciv_hosp.prescriptions r
WHERE {main()} AND {drug()} = {{drug}} AND {valid_duration()}
""", "number"),

    T(Q, "co_prescribed_admissions", [
        "In how many hospital admissions were both {drug} and {drug2} prescribed?",
        "Count the admissions in which patients received prescriptions of both {drug} and {drug2}.",
        "How many admissions had orders for {drug} as well as {drug2}?",
    ], "SELECT drug, drug2 FROM (" + DRUG_PAIRS + ") AS p WHERE drug < drug2", f"""
WITH d1 AS (SELECT DISTINCT r.hadm_id FROM mimiciv_hosp.prescriptions r WHERE {main()} AND {drug()} = {{drug}}),
     d2 AS (SELECT DISTINCT r.hadm_id FROM mimiciv_hosp.prescriptions r WHERE {main()} AND {drug()} = {{drug2}})
SELECT count(*) AS n_admissions FROM (SELECT hadm_id FROM d1 INTERSECT SELECT hadm_id FROM d2) AS both_drugs
""", "number", family="co_prescription"),

    T(Q, "pharmacy_top_frequency", [
        "What is the most common dosing frequency on pharmacy orders of {medication}?",
        "How often is {medication} most commonly scheduled on pharmacy orders?",
        "Which frequency appears on the largest number of pharmacy orders for {medication}?",
    ], """
SELECT lower(trim(p.medication)) AS medication FROM mimiciv_hosp.pharmacy p
WHERE p.medication IS NOT NULL AND p.frequency IS NOT NULL
GROUP BY lower(trim(p.medication)) HAVING count(*) >= 5
""", """
WITH freq AS (
    SELECT p.frequency, count(*) AS n FROM mimiciv_hosp.pharmacy p
    WHERE lower(trim(p.medication)) = {medication} AND p.frequency IS NOT NULL
    GROUP BY p.frequency
),
""" + argmax("freq", "frequency") + "\n", "string"),

    T(Q, "drug_mortality", [
        "What was the in-hospital mortality (%) of admissions in which {drug} was prescribed? Round to 2 decimal "
        "places.",
        "Among admissions with a prescription for {drug}, what percentage ended in death in hospital (2 decimals)?",
        "What share of admissions during which {drug} was ordered ended with the patient dying in hospital, as a "
        "percentage to 2 decimal places?",
    ], COMMON_DRUGS, "WITH " + DRUG_ADMISSIONS + """
SELECT round(100.0 * count(*) FILTER (WHERE a.hospital_expire_flag = 1) / count(*), 2) AS pct_died
FROM drug_adm JOIN mimiciv_hosp.admissions a ON a.hadm_id = drug_adm.hadm_id
""", "number"),

    T(Q, "drug_in_diagnosis_cohort", [
        "Among admissions with a diagnosis of {diagnosis} (ICD-{icd_version} {icd_code}), in what percentage was "
        "{drug} prescribed? Round to 2 decimal places.",
        "What share (%) of admissions coded with {diagnosis} (ICD-{icd_version} {icd_code}) included an order "
        "for {drug}, to 2 decimals?",
        "Of the hospital admissions carrying the diagnosis {diagnosis} (ICD-{icd_version} {icd_code}), what "
        "percent had {drug} prescribed during the admission (2 decimal places)?",
    ], DIAGNOSIS_DRUGS, f"""
WITH cohort AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.icd_code = {{icd_code}} AND dx.icd_version = {{icd_version}}
),
treated AS (
    SELECT DISTINCT c.hadm_id FROM cohort c
    JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = c.hadm_id
    WHERE {main()} AND {drug()} = {{drug}}
)
SELECT round(100.0 * (SELECT count(*) FROM treated) / count(*), 2) AS pct_admissions FROM cohort
""", "number"),

    T(Q, "drug_most_enriched_in_cohort", [
        "Which drug is prescribed in a larger share of admissions with a diagnosis of {diagnosis} (ICD-{icd_version} "
        "{icd_code}) than of all admissions, by the widest margin (share in the cohort minus share overall)?",
        "Compared with all admissions, which medication is most over-represented in admissions coded with "
        "{diagnosis} (ICD-{icd_version} {icd_code}), measured as the difference between the two proportions of "
        "admissions prescribed it?",
        "For admissions carrying {diagnosis} (ICD-{icd_version} {icd_code}), which drug's prescribing rate exceeds "
        "its rate across every admission by the most (difference of proportions)?",
    ], f"SELECT icd_code, icd_version, diagnosis FROM ({common_diagnoses(5)}) AS d", f"""
WITH cohort AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.icd_code = {{icd_code}} AND dx.icd_version = {{icd_version}}
),
rx AS (SELECT DISTINCT r.hadm_id, {drug()} AS drug FROM mimiciv_hosp.prescriptions r WHERE {main()}),
shares AS (
    SELECT rx.drug,
           count(*) FILTER (WHERE rx.hadm_id IN (SELECT hadm_id FROM cohort)) / (SELECT count(*) FROM cohort)
           - count(*) / (SELECT count(*) FROM mimiciv_hosp.admissions) AS margin
    FROM rx
    GROUP BY rx.drug
),
""" + argmax("shares", "drug", "margin") + "\n", "string"),

    T(Q, "los_difference_with_drug", [
        "How much longer, in days, is the mean length of stay of admissions in which {drug} was prescribed than "
        "that of admissions without it? Round to 2 decimal places (negative if shorter).",
        "What is the difference in mean hospital length of stay (days, 2 decimals) between admissions with a "
        "{drug} order and admissions without one (with minus without)?",
        "Mean length of stay of admissions where {drug} was prescribed minus that of all other admissions, in "
        "days to 2 decimal places?",
    ], COMMON_DRUGS, "WITH " + DRUG_ADMISSIONS + """,
los AS (
    SELECT date_diff('second', a.admittime, a.dischtime) / 86400.0 AS los_days,
           a.hadm_id IN (SELECT hadm_id FROM drug_adm) AS with_drug
    FROM mimiciv_hosp.admissions a
    WHERE a.dischtime IS NOT NULL
)
SELECT round(avg(los_days) FILTER (WHERE with_drug) - avg(los_days) FILTER (WHERE NOT with_drug), 2) AS diff_days
FROM los
""", "number"),

    T(Q, "readmission_after_drug", [
        "Of live discharges from admissions in which {drug} was prescribed, what percentage were followed by a "
        "readmission within 30 days? Round to 2 decimal places.",
        "What is the 30-day readmission rate (%, 2 decimals) after admissions with a prescription for {drug} that did "
        "not end in death?",
        "Among patients discharged alive from an admission during which {drug} was ordered, what share (%) was "
        "readmitted within 30 days (2 decimal places)?",
    ], COMMON_DRUGS, "WITH " + DRUG_ADMISSIONS + """,
nxt AS (
    SELECT a.hadm_id, a.dischtime, a.hospital_expire_flag,
           lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_admit
    FROM mimiciv_hosp.admissions a
),
index_adm AS (
    SELECT nxt.* FROM nxt JOIN drug_adm ON drug_adm.hadm_id = nxt.hadm_id
    WHERE coalesce(nxt.hospital_expire_flag, 0) = 0 AND nxt.dischtime IS NOT NULL
)
SELECT round(100.0 * count(*) FILTER (WHERE next_admit >= dischtime AND next_admit <= dischtime + INTERVAL 30 DAY)
             / count(*), 2) AS pct_readmitted
FROM index_adm
""", "number"),

    T(Q, "polypharmacy_share", [
        "What percentage of admissions of patients aged {min_age} or older involved {n} or more different drugs? "
        "Round to 2 decimal places.",
        "Among hospital admissions at which the patient was at least {min_age} years old, what share (%) had at "
        "least {n} distinct medications prescribed (2 decimals)?",
        "For patients {min_age} and over, in what percent of their admissions were {n} or more different drugs "
        "ordered? Give 2 decimal places.",
    ], "SELECT 1 AS one", "WITH " + admissions_cte("TRUE") + f""",
per_adm AS (
    SELECT adm.hadm_id, count(DISTINCT {drug()}) AS n_drugs
    FROM adm LEFT JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = adm.hadm_id AND {main()}
    WHERE adm.age >= {{min_age}}
    GROUP BY adm.hadm_id
)
SELECT round(100.0 * count(*) FILTER (WHERE n_drugs >= {{n}}) / count(*), 2) AS pct_admissions FROM per_adm
""", "number", grid={"min_age": (65, 80), "n": (10, 20)}),

    T(Q, "lab_change_after_drug", [
        "Across admissions in which {drug} was started, what is the mean change in {lab} ({fluid}, {unit}) from the "
        "last result in the 24 hours before the first {drug} order of the admission to the first result in the 24 "
        "hours after it? Round to 2 decimal places.",
        "How much does {lab} ({fluid}) change on average, in {unit}, after {drug} is first started in an "
        "admission: first value within 24 hours after minus last value within 24 hours before (admissions with both, "
        "2 decimals)?",
        "Mean {lab} ({fluid}, {unit}) response to a first {drug} order of an admission: the first result in the "
        "next 24 hours minus the last result in the previous 24 hours, averaged over admissions with both, to 2 "
        "decimal places?",
    ], "SELECT drug, lab, fluid, unit FROM (" + DRUG_LAB_ITEMS + ") AS dl", f"""
WITH first_rx AS (
    SELECT r.subject_id, r.hadm_id, min(r.starttime) AS t0
    FROM mimiciv_hosp.prescriptions r
    WHERE {main()} AND {drug()} = {{drug}}
    GROUP BY r.subject_id, r.hadm_id
),
labs AS (
    SELECT l.subject_id, l.charttime, l.valuenum
    FROM mimiciv_hosp.labevents l
    {lab_match()}
    WHERE l.valuenum IS NOT NULL AND l.valueuom = {{unit}}
),
before AS (
    SELECT f.hadm_id, x.valuenum, rank() OVER (PARTITION BY f.hadm_id ORDER BY x.charttime DESC) AS rk
    FROM first_rx f JOIN labs x ON x.subject_id = f.subject_id
    WHERE x.charttime >= f.t0 - INTERVAL 24 HOUR AND x.charttime < f.t0
),
after AS (
    SELECT f.hadm_id, x.valuenum, rank() OVER (PARTITION BY f.hadm_id ORDER BY x.charttime) AS rk
    FROM first_rx f JOIN labs x ON x.subject_id = f.subject_id
    WHERE x.charttime > f.t0 AND x.charttime <= f.t0 + INTERVAL 24 HOUR
),
pairs AS (
    SELECT b.hadm_id, avg(a.valuenum) - avg(b.valuenum) AS change
    FROM (SELECT hadm_id, avg(valuenum) AS valuenum FROM before WHERE rk = 1 GROUP BY hadm_id) b
    JOIN (SELECT hadm_id, avg(valuenum) AS valuenum FROM after WHERE rk = 1 GROUP BY hadm_id) a
      ON a.hadm_id = b.hadm_id
    GROUP BY b.hadm_id
)
SELECT round(avg(change), 2) AS mean_change FROM pairs
""", "number"),

    T(Q, "drug_after_abnormal_lab", [
        "Among admissions with a result of {lab} ({fluid}) {direction} {threshold} {unit}, in what percentage was "
        "{drug} started within 24 hours after the first such result? Round to 2 decimal places.",
        "When an admission's {lab} ({fluid}) first came back {direction} {threshold} {unit}, how often (%) was "
        "{drug} ordered in the following 24 hours? Give 2 decimal places.",
        "Of admissions with at least one {lab} ({fluid}) value {direction} {threshold} {unit}, what share (%) had "
        "an order for {drug} starting in the 24 hours after the first such value (2 decimals)?",
    ], TRIGGER_CANDIDATES, f"""
WITH abnormal AS (
    SELECT a.hadm_id, min(l.charttime) AS t_first
    FROM mimiciv_hosp.labevents l
    {lab_match()}
    -- a result belongs to the admission during which it was drawn, whether or not it is filed under it
    JOIN mimiciv_hosp.admissions a ON a.subject_id = l.subject_id AND l.charttime BETWEEN a.admittime AND a.dischtime
    WHERE l.valueuom = {{unit}}
      AND CASE WHEN {{direction}} = 'below' THEN l.valuenum < {{threshold}} ELSE l.valuenum > {{threshold}} END
    GROUP BY a.hadm_id
),
treated AS (
    SELECT DISTINCT ab.hadm_id FROM abnormal ab
    JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = ab.hadm_id
    WHERE {main()} AND {drug()} = {{drug}}
      AND r.starttime >= ab.t_first AND r.starttime < ab.t_first + INTERVAL 24 HOUR
)
SELECT round(100.0 * (SELECT count(*) FROM treated) / count(*), 2) AS pct_admissions FROM abnormal
""", "number"),

    T(Q, "insurance_with_most_drug_use", [
        "Which insurance group had the highest percentage of admissions in which {drug} was prescribed?",
        "By insurance, which payer group's admissions most often included an order for {drug} (as a share of that "
        "group's admissions)?",
        "In which insurance category was {drug} prescribed in the largest proportion of admissions?",
    ], COMMON_DRUGS, "WITH " + DRUG_ADMISSIONS + """,
shares AS (
    SELECT a.insurance, avg(CASE WHEN a.hadm_id IN (SELECT hadm_id FROM drug_adm) THEN 1.0 ELSE 0.0 END) AS share
    FROM mimiciv_hosp.admissions a
    WHERE a.insurance IS NOT NULL
    GROUP BY a.insurance
),
""" + argmax("shares", "insurance", "share") + "\n", "string"),

    T(Q, "orders_started_in_icu_pct", [
        "What percentage of {drug} orders started while the patient was in an ICU? Round to 2 decimal places.",
        "Of all {drug} prescriptions, what share (%) began during an ICU stay (2 decimals)?",
        "How many percent of {drug} orders had their start time inside one of the patient's ICU stays, to 2 decimal "
        "places?",
    ], COMMON_DRUGS, f"""
WITH rx AS (
    SELECT r.pharmacy_id, r.subject_id, r.starttime FROM mimiciv_hosp.prescriptions r
    WHERE {main()} AND {drug()} = {{drug}} AND r.starttime IS NOT NULL
)
SELECT round(100.0 * count(*) FILTER (WHERE EXISTS (
           SELECT 1 FROM mimiciv_icu.icustays i
           WHERE i.subject_id = rx.subject_id AND rx.starttime >= i.intime AND rx.starttime < i.outtime))
       / count(*), 2) AS pct_orders
FROM rx
""", "number"),

    T(Q, "pct_with_drug2_given_drug", [
        "Among admissions in which {drug} was prescribed, in what percentage was {drug2} also prescribed? Round to "
        "2 decimal places.",
        "When {drug} is ordered during an admission, how often (%) is {drug2} ordered in the same admission (2 "
        "decimals)?",
        "Of the admissions with an order for {drug}, what share (%) also had {drug2} prescribed, to 2 decimal "
        "places?",
    ], DRUG_PAIRS, "WITH " + DRUG_ADMISSIONS + f""",
with_both AS (
    SELECT DISTINCT r.hadm_id FROM mimiciv_hosp.prescriptions r JOIN drug_adm ON drug_adm.hadm_id = r.hadm_id
    WHERE {main()} AND {drug()} = {{drug2}}
)
SELECT round(100.0 * (SELECT count(*) FROM with_both) / count(*), 2) AS pct_admissions FROM drug_adm
""", "number", family="co_prescription"),

    T(Q, "pct_patients_on_drug_by_gender", [
        "What percentage of {gender_word} patients were ever prescribed {drug}? Round to 2 decimal places.",
        "Among all {gender_word} patients, what share (%) had at least one {drug} order (2 decimals)?",
        "Of the {gender_word} patients in the database, how many percent ever received a prescription for {drug}, "
        "to 2 decimal places?",
    ], "SELECT g.*, c.drug FROM (" + GENDERS + ") AS g CROSS JOIN (" + COMMON_DRUGS + ") AS c", f"""
WITH treated AS (
    SELECT DISTINCT r.subject_id FROM mimiciv_hosp.prescriptions r WHERE {main()} AND {drug()} = {{drug}}
)
SELECT round(100.0 * count(*) FILTER (WHERE p.subject_id IN (SELECT subject_id FROM treated)) / count(*), 2)
       AS pct_patients
FROM mimiciv_hosp.patients p
WHERE p.gender = {{gender}}
""", "number", derived=("gender",)),

    T(Q, "median_hours_to_drug", [
        "In admissions in which {drug} was prescribed, what is the median time in hours from admission to the first "
        "{drug} order? Round to 1 decimal place.",
        "How long after admission is {drug} typically first started: the median over admissions with it, in hours "
        "to 1 decimal place?",
        "Give the median number of hours between hospital admission and the first {drug} order, over admissions "
        "that had one (1 decimal place).",
    ], COMMON_DRUGS, f"""
WITH first_rx AS (
    SELECT a.hadm_id, date_diff('second', a.admittime, min(r.starttime)) / 3600.0 AS hours
    FROM mimiciv_hosp.prescriptions r
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
    WHERE {main()} AND {drug()} = {{drug}} AND r.starttime IS NOT NULL
    GROUP BY a.hadm_id, a.admittime
)
SELECT round(median(hours), 1) AS median_hours FROM first_rx
""", "number"),

    T(Q, "mean_age_on_drug", [
        "What is the mean age at admission over admissions in which {drug} was prescribed? Round to 1 decimal "
        "place.",
        "How old, on average, were patients at the admissions during which they received {drug} (1 decimal place)?",
        "Average the patients' age at admission across all admissions with an order for {drug}, to 1 decimal place.",
    ], COMMON_DRUGS, "WITH " + DRUG_ADMISSIONS + ", " + admissions_cte() + """
SELECT round(avg(adm.age), 1) AS mean_age
FROM adm JOIN drug_adm ON drug_adm.hadm_id = adm.hadm_id
""", "number"),

    T(Q, "pct_stays_drug_early_icu", [
        "In what percentage of ICU stays was {drug} started within the first {hours} hours of ICU admission? Round "
        "to 2 decimal places.",
        "What share (%) of ICU stays had an order for {drug} starting in the first {hours} hours after arrival in the "
        "unit (2 decimals)?",
        "Of all ICU stays, how many percent saw {drug} ordered within {hours} hours of the ICU admission time, to 2 "
        "decimal places?",
    ], COMMON_DRUGS, f"""
WITH early AS (
    SELECT DISTINCT i.stay_id
    FROM mimiciv_icu.icustays i
    JOIN mimiciv_hosp.prescriptions r ON r.subject_id = i.subject_id
    WHERE {main()} AND {drug()} = {{drug}}
      AND r.starttime >= i.intime AND r.starttime < i.intime + INTERVAL ({{hours}}) HOUR
)
SELECT round(100.0 * (SELECT count(*) FROM early) / count(*), 2) AS pct_stays FROM mimiciv_icu.icustays
""", "number", grid={"hours": (6, 24)}),
]
