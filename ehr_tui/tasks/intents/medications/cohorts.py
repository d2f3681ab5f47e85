"""Medications across modules: drugs against lab results, diagnoses, ICU stays, administrations and outcomes,
with time windows relative to clinical events (patient and population level)."""

from __future__ import annotations

from .._common import maker
from .definitions import (
    COMMON_DRUGS, DRUG_LAB_ITEMS, PATIENT_DIAGNOSES, PATIENT_DRUGS, administered, drug, main,
)

T = maker("medications")
P, Q = "patient", "population"

# (patient, drug, lab, fluid, unit) for a drug the patient was prescribed and the test it is watched with
PATIENT_DRUG_LABS = f"""
SELECT DISTINCT pd.subject_id, dl.drug, dl.lab, dl.fluid, dl.unit
FROM ({PATIENT_DRUGS}) pd JOIN ({DRUG_LAB_ITEMS}) dl ON dl.drug = pd.drug
"""
DRUG_LABS = f"SELECT drug, lab, fluid, unit FROM ({DRUG_LAB_ITEMS}) AS dl"
# ... where the patient has at least one abnormal result of that test (so that counts are not mostly zero)
PATIENT_DRUG_ABNORMAL_LABS = f"""
SELECT pdl.* FROM ({PATIENT_DRUG_LABS}) pdl
WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
              WHERE l.subject_id = pdl.subject_id AND d.label = pdl.lab AND d.fluid = pdl.fluid AND l.flag = 'abnormal')
"""


def diagnosis_drug_pairs(orders: str) -> str:
    """(icd_code, icd_version, diagnosis title, drug) prescribed (main drug; ``orders``: a further
    condition on the order ``r``, or "") in at least three admissions coded with the diagnosis. Both
    sides are made distinct per admission before the join, which is then one row per admission, code
    and drug instead of one per diagnosis row times order (the same rows, a fraction of the work)."""
    extra = f" AND {orders}" if orders else ""
    return f"""
WITH dx AS (SELECT DISTINCT hadm_id, icd_code, icd_version FROM mimiciv_hosp.diagnoses_icd),
rx AS (
    SELECT DISTINCT r.hadm_id, {drug()} AS drug FROM mimiciv_hosp.prescriptions r
    WHERE {main()} AND trim(r.drug) <> ''{extra}
)
SELECT dx.icd_code, dx.icd_version, min(dd.long_title) AS diagnosis, rx.drug
FROM dx JOIN rx ON rx.hadm_id = dx.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = dx.icd_code AND dd.icd_version = dx.icd_version
GROUP BY dx.icd_code, dx.icd_version, rx.drug
HAVING count(*) >= 3
"""


# drugs whose orders started within the first 24 hours of at least five ICU stays
EARLY_ICU_DRUGS = f"""
SELECT {drug()} AS drug FROM mimiciv_hosp.prescriptions r
JOIN mimiciv_icu.icustays i ON i.subject_id = r.subject_id
 AND r.starttime >= i.intime AND r.starttime < i.intime + INTERVAL 24 HOUR
WHERE {main()} AND trim(r.drug) <> ''
GROUP BY {drug()} HAVING count(DISTINCT i.stay_id) >= 5
"""
# drugs started in the last 24 hours before at least five live discharges
DISCHARGE_DRUGS = f"""
SELECT {drug()} AS drug FROM mimiciv_hosp.prescriptions r
JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
WHERE {main()} AND trim(r.drug) <> '' AND a.hospital_expire_flag = 0
  AND r.starttime >= a.dischtime - INTERVAL 24 HOUR AND r.starttime <= a.dischtime
GROUP BY {drug()} HAVING count(DISTINCT a.hadm_id) >= 5
"""

# the patient's latest admission in which the drug was prescribed, with that drug's course in it
LATEST_COURSE = f"""course AS (
    SELECT r.hadm_id, min(r.starttime) AS first_start, max(r.stoptime) AS last_stop,
           row_number() OVER (ORDER BY max(a.admittime) DESC, r.hadm_id DESC) AS k
    FROM mimiciv_hosp.prescriptions r
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}} AND r.starttime IS NOT NULL
    GROUP BY r.hadm_id
)"""


def _lab(alias: str = "l") -> str:
    """Lab results of the named test (label + fluid) in its single unit."""
    return (f"JOIN mimiciv_hosp.d_labitems dli ON dli.itemid = {alias}.itemid AND dli.label = {{lab}} "
            f"AND dli.fluid = {{fluid}}")


TEMPLATES = [
    T(P, "mean_lab_during_course", [
        "While patient {subject_id} was on {drug} in the most recent admission in which it was prescribed (from "
        "its first start to its last stop), what was their mean {lab} ({fluid}) in {unit}? Round to 2 decimal "
        "places.",
        "Average {lab} ({fluid}, {unit}) of patient {subject_id} during their latest course of {drug}, from the "
        "first order's start to the last order's stop in that admission, to 2 decimals?",
        "In the last hospitalisation with {drug} for patient {subject_id}, what was the mean {fluid} {lab} "
        "measured while the drug was prescribed ({unit}, 2 decimal places)?",
    ], PATIENT_DRUG_LABS, "WITH " + LATEST_COURSE + f"""
SELECT round(avg(l.valuenum), 2) AS mean_value
FROM course c
JOIN mimiciv_hosp.labevents l ON l.subject_id = {{subject_id}} AND l.charttime BETWEEN c.first_start AND c.last_stop
{_lab()}
WHERE c.k = 1 AND l.valuenum IS NOT NULL AND l.valueuom = {{unit}}
""", "number", family="lab_during_course"),

    T(P, "abnormal_labs_during_course", [
        "How many {lab} ({fluid}) results of patient {subject_id} were flagged abnormal while they were on {drug} "
        "in the most recent admission in which it was prescribed (first start to last stop)?",
        "Count patient {subject_id}'s abnormal {fluid} {lab} results during their latest {drug} course, from the "
        "first order's start to the last order's stop.",
        "During the last hospitalisation in which patient {subject_id} received {drug}, how many {lab} ({fluid}) "
        "values outside the normal range were charted while it was prescribed?",
    ], PATIENT_DRUG_ABNORMAL_LABS, "WITH " + LATEST_COURSE + f"""
SELECT count(l.labevent_id) AS n_abnormal
FROM course c
LEFT JOIN (mimiciv_hosp.labevents l {_lab()})
  ON l.subject_id = {{subject_id}} AND l.charttime BETWEEN c.first_start AND c.last_stop AND l.flag = 'abnormal'
WHERE c.k = 1
""", "number", family="lab_during_course"),

    T(P, "new_drugs_with_diagnosis", [
        "In the first admission in which patient {subject_id} was diagnosed with {diagnosis} (ICD-{icd_version} "
        "{icd_code}), how many drugs were prescribed that they had never been prescribed in an earlier "
        "admission?",
        "How many new medications (not ordered in any previous admission) did patient {subject_id} get in their "
        "first hospitalisation coded with {diagnosis}, ICD-{icd_version} {icd_code}?",
        "Patient {subject_id} was first coded with {diagnosis} (ICD-{icd_version} {icd_code}) in some admission: "
        "count the distinct drugs started there that they had not received in any earlier admission.",
    ], PATIENT_DIAGNOSES, f"""
WITH dx_adm AS (
    SELECT a.hadm_id, a.admittime
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.hadm_id IN (
        SELECT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
        WHERE dx.icd_code = {{icd_code}} AND dx.icd_version = {{icd_version}})
    ORDER BY a.admittime, a.hadm_id LIMIT 1
),
rx AS (
    SELECT {drug()} AS drug, a.hadm_id, a.admittime
    FROM mimiciv_hosp.prescriptions r JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
    WHERE r.subject_id = {{subject_id}} AND {main()}
)
SELECT count(DISTINCT rx.drug) AS n_new_drugs
FROM dx_adm
LEFT JOIN rx ON rx.hadm_id = dx_adm.hadm_id
 AND NOT EXISTS (SELECT 1 FROM rx prior WHERE prior.drug = rx.drug AND prior.admittime < dx_adm.admittime)
""", "number"),

    T(P, "orders_started_in_icu_latest", [
        "Of patient {subject_id}'s {drug} orders in the most recent admission in which it was prescribed, how many "
        "started while they were in an ICU?",
        "Count the {drug} prescriptions of patient {subject_id}'s latest admission with that drug whose start fell "
        "within one of their ICU stays.",
        "In the last hospitalisation in which patient {subject_id} was prescribed {drug}, how many of those orders "
        "began during intensive care?",
    ], f"""
SELECT DISTINCT pd.subject_id, pd.drug FROM ({PATIENT_DRUGS}) pd
WHERE pd.subject_id IN (SELECT subject_id FROM mimiciv_icu.icustays)
""", f"""
WITH latest AS (
    SELECT r.hadm_id FROM mimiciv_hosp.prescriptions r JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}}
    ORDER BY a.admittime DESC, a.hadm_id DESC LIMIT 1
)
SELECT count(*) FILTER (WHERE EXISTS (
           SELECT 1 FROM mimiciv_icu.icustays i
           WHERE i.subject_id = {{subject_id}} AND r.starttime >= i.intime AND r.starttime < i.outtime)) AS n_orders
FROM mimiciv_hosp.prescriptions r JOIN latest ON latest.hadm_id = r.hadm_id
WHERE {main()} AND {drug()} = {{drug}}
""", "number"),

    T(P, "lab_before_and_after_first_dose", [
        "For patient {subject_id}'s first ever {drug} order, how much did {lab} ({fluid}, {unit}) change from the "
        "last result in the 24 hours before its start to the first result in the 24 hours after? Round to 2 "
        "decimal places (after minus before).",
        "Change in patient {subject_id}'s {fluid} {lab} ({unit}) around their first {drug} prescription: first "
        "value within 24 h after the start minus last value within 24 h before, to 2 decimals?",
        "Around the start of the first {drug} order of patient {subject_id}, what was the difference between the "
        "first {lab} ({fluid}) of the following 24 hours and the last one of the preceding 24 hours, in {unit} "
        "rounded to 2 decimal places?",
    ], PATIENT_DRUG_LABS, f"""
WITH first_order AS (
    SELECT min(r.starttime) AS t0 FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}}
),
vals AS (
    SELECT l.charttime, l.valuenum, f.t0
    FROM first_order f
    JOIN mimiciv_hosp.labevents l ON l.subject_id = {{subject_id}}
     AND l.charttime BETWEEN f.t0 - INTERVAL 24 HOUR AND f.t0 + INTERVAL 24 HOUR
    {_lab()}
    WHERE l.valuenum IS NOT NULL AND l.valueuom = {{unit}}
)
SELECT round(arg_min(valuenum, charttime) FILTER (WHERE charttime > t0)
             - arg_max(valuenum, charttime) FILTER (WHERE charttime < t0), 2) AS change
FROM vals
""", "number"),

    T(Q, "icu_mortality_drug_first_24h", [
        "Among ICU stays in which {drug} was ordered within the first 24 hours after ICU admission, what "
        "percentage ended with the patient dying in hospital? Round to 2 decimal places.",
        "What is the in-hospital mortality (%, 2 decimals) of ICU stays with a prescription for {drug} starting in the "
        "first 24 hours of the stay?",
        "Of intensive-care stays where {drug} was started within a day of ICU admission, what share (%) belonged "
        "to admissions that ended in death, to 2 decimal places?",
    ], EARLY_ICU_DRUGS, f"""
WITH stays AS (
    SELECT DISTINCT i.stay_id, a.hospital_expire_flag
    FROM mimiciv_icu.icustays i
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = i.hadm_id
    JOIN mimiciv_hosp.prescriptions r
      ON r.subject_id = i.subject_id AND r.starttime >= i.intime AND r.starttime < i.intime + INTERVAL 24 HOUR
    WHERE {main()} AND {drug()} = {{drug}}
)
SELECT round(100.0 * count(*) FILTER (WHERE hospital_expire_flag = 1) / count(*), 2) AS pct_died FROM stays
""", "number"),

    T(Q, "readmission_after_discharge_drug", [
        "Among live discharges where {drug} was ordered in the last 24 hours before discharge, what percentage "
        "were followed by a readmission within 30 days? Round to 2 decimal places.",
        "What is the 30-day readmission rate (%, 2 decimals) after admissions ending alive in which an order for {drug} "
        "started within 24 hours of discharge?",
        "Patients who had {drug} started in their final day in hospital and went home alive: what share (%) "
        "came back within 30 days, to 2 decimal places?",
    ], DISCHARGE_DRUGS, f"""
WITH nxt AS (
    SELECT a.subject_id, a.hadm_id, a.dischtime, a.hospital_expire_flag,
           lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_admit
    FROM mimiciv_hosp.admissions a
),
index_adm AS (
    SELECT DISTINCT nxt.hadm_id, nxt.dischtime, nxt.next_admit
    FROM nxt JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = nxt.hadm_id
    WHERE nxt.hospital_expire_flag = 0 AND {main()} AND {drug()} = {{drug}}
      AND r.starttime >= nxt.dischtime - INTERVAL 24 HOUR AND r.starttime <= nxt.dischtime
)
SELECT round(100.0 * count(*) FILTER (WHERE next_admit >= dischtime AND next_admit <= dischtime + INTERVAL 30 DAY) / count(*), 2)
       AS pct_readmitted
FROM index_adm
""", "number"),

    T(Q, "median_lab_before_drug", [
        "Across admissions in which {drug} was prescribed, what is the median of the last {lab} ({fluid}) result "
        "in the 24 hours before the admission's first {drug} order, in {unit}? Round to 2 decimal places.",
        "Median pre-treatment {fluid} {lab} ({unit}, 2 decimals): for each admission's first {drug} order, the "
        "latest result within 24 hours before its start.",
        "What {lab} ({fluid}) level do patients typically have when {drug} is started: the median over admissions "
        "of the last value in the preceding 24 hours, in {unit} to 2 decimal places?",
    ], DRUG_LABS, f"""
WITH starts AS (
    SELECT r.hadm_id, r.subject_id, min(r.starttime) AS t0
    FROM mimiciv_hosp.prescriptions r
    WHERE {main()} AND {drug()} = {{drug}} AND r.starttime IS NOT NULL
    GROUP BY r.hadm_id, r.subject_id
),
pre AS (
    SELECT s.hadm_id, arg_max(l.valuenum, l.charttime) AS last_value
    FROM starts s
    JOIN mimiciv_hosp.labevents l ON l.subject_id = s.subject_id
     AND l.charttime >= s.t0 - INTERVAL 24 HOUR AND l.charttime < s.t0
    {_lab()}
    WHERE l.valuenum IS NOT NULL AND l.valueuom = {{unit}}
    GROUP BY s.hadm_id
)
SELECT round(median(last_value), 2) AS median_value FROM pre
""", "number"),

    T(Q, "pct_orders_administered", [
        "Of hospital admissions with a prescription for {drug}, in what percentage was at least one dose of those "
        "orders charted as given on the medication administration record? Round to 2 decimal places.",
        "What share (%) of admissions with {drug} ordered had an administered dose of that order recorded (2 "
        "decimals)?",
        "For admissions where {drug} was prescribed, how often (%) does the administration record show a dose "
        "of it actually given, to 2 decimal places?",
    ], COMMON_DRUGS, f"""
WITH orders AS (
    SELECT DISTINCT r.hadm_id, r.pharmacy_id FROM mimiciv_hosp.prescriptions r
    WHERE {main()} AND {drug()} = {{drug}}
),
per_adm AS (
    SELECT o.hadm_id, bool_or(EXISTS (
        SELECT 1 FROM mimiciv_hosp.emar e WHERE e.pharmacy_id = o.pharmacy_id AND {administered()})) AS given
    FROM orders o GROUP BY o.hadm_id
)
SELECT round(100.0 * count(*) FILTER (WHERE given) / count(*), 2) AS pct_admissions FROM per_adm
""", "number"),

    T(Q, "icu_los_with_early_drug", [
        "How much longer, in days, is the mean ICU stay when {drug} is ordered in its first 24 hours than when it "
        "is not? Round to 2 decimal places (with minus without).",
        "Mean ICU length of stay (days) of stays with an order for {drug} in the first 24 hours minus that of all other "
        "ICU stays, to 2 decimals?",
        "Comparing ICU stays where {drug} was started within a day of ICU admission with the rest, what is the "
        "difference in mean length of ICU stay in days (2 decimal places)?",
    ], EARLY_ICU_DRUGS, f"""
WITH flagged AS (
    SELECT i.stay_id, i.los, EXISTS (
        SELECT 1 FROM mimiciv_hosp.prescriptions r
        WHERE r.subject_id = i.subject_id AND {main()} AND {drug()} = {{drug}}
          AND r.starttime >= i.intime AND r.starttime < i.intime + INTERVAL 24 HOUR) AS early
    FROM mimiciv_icu.icustays i
    WHERE i.los IS NOT NULL
)
SELECT round(avg(los) FILTER (WHERE early) - avg(los) FILTER (WHERE NOT early), 2) AS difference_days
FROM flagged
""", "number"),
]

# (patient, diagnosis, drug): the drug was prescribed in an admission of the patient coded with the diagnosis
PATIENT_DIAGNOSIS_DRUGS = f"""
SELECT DISTINCT dx.subject_id, dx.icd_code, dx.icd_version, dd.long_title AS diagnosis, {drug()} AS drug
FROM mimiciv_hosp.diagnoses_icd dx
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = dx.icd_code AND dd.icd_version = dx.icd_version
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = dx.hadm_id
WHERE {main()} AND trim(r.drug) <> '' AND hash(dx.subject_id, dx.icd_code, r.drug) % 7 = 0
"""

TEMPLATES += [
    T(P, "hours_to_drug_in_diagnosis_admission", [
        "In the first admission in which patient {subject_id} was diagnosed with {diagnosis} (ICD-{icd_version} "
        "{icd_code}), how many hours after admission did the first {drug} order start? Round to 1 decimal place.",
        "Patient {subject_id}'s first hospitalisation coded with {diagnosis} (ICD-{icd_version} {icd_code}): time "
        "from admission to the start of the first {drug} prescription, in hours to 1 decimal place?",
        "How long after being admitted, in hours (1 decimal place), was {drug} first ordered for patient "
        "{subject_id} in their earliest admission with the diagnosis {diagnosis}, ICD-{icd_version} {icd_code}?",
    ], PATIENT_DIAGNOSIS_DRUGS, f"""
WITH dx_adm AS (
    SELECT a.hadm_id, a.admittime
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.hadm_id IN (
        SELECT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
        WHERE dx.icd_code = {{icd_code}} AND dx.icd_version = {{icd_version}})
    ORDER BY a.admittime, a.hadm_id LIMIT 1
)
SELECT round(date_diff('second', min(dx_adm.admittime), min(r.starttime)) / 3600.0, 1) AS hours
FROM dx_adm
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = dx_adm.hadm_id
WHERE {main()} AND {drug()} = {{drug}}
""", "number"),

    T(P, "drugs_started_in_longest_icu_stay", [
        "How many different drugs were started for patient {subject_id} during their longest ICU stay (orders "
        "whose start fell between ICU admission and ICU discharge)?",
        "Count the distinct medications whose prescriptions began while patient {subject_id} was in their longest "
        "stay in intensive care.",
        "During the longest of patient {subject_id}'s ICU stays, how many distinct drugs had an order started?",
    ], "SELECT DISTINCT subject_id FROM mimiciv_icu.icustays WHERE los IS NOT NULL", f"""
WITH longest AS (
    SELECT i.intime, i.outtime, rank() OVER (ORDER BY i.los DESC) AS rk
    FROM mimiciv_icu.icustays i WHERE i.subject_id = {{subject_id}} AND i.los IS NOT NULL
)
SELECT count(DISTINCT {drug()}) AS n_drugs
FROM longest s
LEFT JOIN mimiciv_hosp.prescriptions r
  ON r.subject_id = {{subject_id}} AND {main()} AND r.starttime >= s.intime AND r.starttime < s.outtime
WHERE s.rk = 1
GROUP BY s.intime
""", "number"),

    T(Q, "pct_diagnosis_admissions_drug_48h", [
        "Of hospital admissions coded with {diagnosis} (ICD-{icd_version} {icd_code}), in what percentage was "
        "{drug} started within 48 hours of admission? Round to 2 decimal places.",
        "What share (%, 2 decimals) of admissions with the diagnosis {diagnosis} (ICD-{icd_version} {icd_code}) "
        "had an order for {drug} starting in the first 48 hours?",
        "Among patients admitted with a recorded {diagnosis} (ICD-{icd_version} {icd_code}), how often (%) was "
        "{drug} begun within two days of admission, to 2 decimal places?",
    ], diagnosis_drug_pairs(""), f"""
WITH cohort AS (
    SELECT DISTINCT a.hadm_id, a.admittime
    FROM mimiciv_hosp.admissions a
    JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = a.hadm_id
    WHERE dx.icd_code = {{icd_code}} AND dx.icd_version = {{icd_version}}
),
flagged AS (
    SELECT c.hadm_id, EXISTS (
        SELECT 1 FROM mimiciv_hosp.prescriptions r
        WHERE r.hadm_id = c.hadm_id AND {main()} AND {drug()} = {{drug}}
          AND r.starttime >= c.admittime AND r.starttime < c.admittime + INTERVAL 48 HOUR) AS early
    FROM cohort c
)
SELECT round(100.0 * count(*) FILTER (WHERE early) / count(*), 2) AS pct_admissions FROM flagged
""", "number"),

    T(Q, "pct_icu_orders_after_abnormal_lab", [
        "Of ICU stays in which {drug} was ordered, in what percentage did the patient have an abnormal {lab} "
        "({fluid}) result in the 24 hours before the stay's first {drug} order? Round to 2 decimal places.",
        "Among intensive-care stays with a prescription for {drug} started during the stay, what share (%) had an "
        "abnormal {fluid} {lab} in the preceding 24 hours (before the first such order), to 2 decimals?",
        "How often (%) is {drug} in the ICU preceded by an abnormal {lab} ({fluid}): stays with an abnormal result "
        "within 24 hours before their first {drug} order, over all stays with such an order, to 2 decimal places?",
    ], DRUG_LABS, f"""
WITH stay_start AS (
    SELECT i.stay_id, i.subject_id, min(r.starttime) AS t0
    FROM mimiciv_icu.icustays i
    JOIN mimiciv_hosp.prescriptions r
      ON r.subject_id = i.subject_id AND r.starttime >= i.intime AND r.starttime < i.outtime
    WHERE {main()} AND {drug()} = {{drug}}
    GROUP BY i.stay_id, i.subject_id
),
flagged AS (
    SELECT s.stay_id, EXISTS (
        SELECT 1 FROM mimiciv_hosp.labevents l {_lab()}
        WHERE l.subject_id = s.subject_id AND l.flag = 'abnormal'
          AND l.charttime >= s.t0 - INTERVAL 24 HOUR AND l.charttime < s.t0) AS abnormal_before
    FROM stay_start s
)
SELECT round(100.0 * count(*) FILTER (WHERE abnormal_before) / count(*), 2) AS pct_stays FROM flagged
""", "number"),
]

TEMPLATES += [
    T(P, "hours_from_abnormal_lab_to_drug", [
        "In the most recent admission in which patient {subject_id} was prescribed {drug}, how many hours passed "
        "from their first abnormal {lab} ({fluid}) result of that admission to the first {drug} order started "
        "after it? Round to 1 decimal place.",
        "Latest admission with {drug} for patient {subject_id}: time in hours (1 decimal place) from the first "
        "abnormal {fluid} {lab} during the stay to the next start of an order for {drug}.",
        "How long after patient {subject_id}'s first abnormal {lab} ({fluid}) in their last hospitalisation with "
        "{drug} was the drug next started, in hours to 1 decimal place?",
    ], PATIENT_DRUG_ABNORMAL_LABS, f"""
WITH adm AS (
    SELECT a.hadm_id, a.admittime, a.dischtime
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.hadm_id IN (
        SELECT r.hadm_id FROM mimiciv_hosp.prescriptions r WHERE {main()} AND {drug()} = {{drug}})
    ORDER BY a.admittime DESC, a.hadm_id DESC LIMIT 1
),
first_abnormal AS (
    SELECT min(l.charttime) AS t_lab
    FROM adm JOIN mimiciv_hosp.labevents l
      ON l.subject_id = {{subject_id}} AND l.charttime BETWEEN adm.admittime AND adm.dischtime
    {_lab()}
    WHERE l.flag = 'abnormal'
)
SELECT round(date_diff('second', f.t_lab, min(r.starttime)) / 3600.0, 1) AS hours
FROM adm CROSS JOIN first_abnormal f
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = adm.hadm_id AND r.starttime >= f.t_lab
WHERE {main()} AND {drug()} = {{drug}}
GROUP BY f.t_lab
""", "number"),

    T(Q, "icu_mortality_gap_with_drug", [
        "Among hospital admissions that included an ICU stay, how much higher is in-hospital mortality when "
        "{drug} was prescribed than when it was not? Percentage points, rounded to 2 decimal places (with minus "
        "without).",
        "For admissions with intensive care, in-hospital death rate (%) of those with an order for {drug} minus that of "
        "those without, to 2 decimals?",
        "Comparing ICU admissions with and without {drug} prescribed, what is the difference in the percentage "
        "who died in hospital (with minus without, 2 decimal places)?",
    ], EARLY_ICU_DRUGS, f"""
WITH icu_adm AS (
    SELECT a.hadm_id, a.hospital_expire_flag, a.hadm_id IN (
        SELECT r.hadm_id FROM mimiciv_hosp.prescriptions r WHERE {main()} AND {drug()} = {{drug}}) AS on_drug
    FROM mimiciv_hosp.admissions a
    WHERE a.hadm_id IN (SELECT i.hadm_id FROM mimiciv_icu.icustays i)
)
SELECT round(100.0 * avg(hospital_expire_flag) FILTER (WHERE on_drug)
             - 100.0 * avg(hospital_expire_flag) FILTER (WHERE NOT on_drug), 2) AS difference_pct_points
FROM icu_adm
""", "number"),

    T(Q, "median_course_days_in_diagnosis", [
        "For admissions coded with {diagnosis} (ICD-{icd_version} {icd_code}) in which {drug} was prescribed, what "
        "is the median length of the {drug} course in days, from its first start to its last stop in the "
        "admission? Round to 2 decimal places.",
        "Median {drug} course (days, 2 decimals; first order start to last order stop per admission) among "
        "admissions with the diagnosis {diagnosis}, ICD-{icd_version} {icd_code}?",
        "In patients admitted with {diagnosis} (ICD-{icd_version} {icd_code}) and treated with {drug}, how many "
        "days does the course typically last within the admission (median, first start to last stop, 2 decimal "
        "places)?",
    ], diagnosis_drug_pairs("r.stoptime > r.starttime"), f"""
WITH cohort AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.icd_code = {{icd_code}} AND dx.icd_version = {{icd_version}}
),
course AS (
    SELECT r.hadm_id, date_diff('second', min(r.starttime), max(r.stoptime)) / 86400.0 AS days
    FROM mimiciv_hosp.prescriptions r JOIN cohort c ON c.hadm_id = r.hadm_id
    WHERE {main()} AND {drug()} = {{drug}} AND r.stoptime > r.starttime
    GROUP BY r.hadm_id
)
SELECT round(median(days), 2) AS median_days FROM course
""", "number"),
]
