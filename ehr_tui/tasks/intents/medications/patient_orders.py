"""Medications, patient level: what was prescribed to one patient, when, how, and against which results."""

from __future__ import annotations

from .._common import PATIENTS, PATIENTS_2PLUS, admissions_cte, balanced, first_icu_cte, maker, sampled_patient
from .definitions import (
    COMMON_DRUGS, DRUG_LAB_ITEMS, PATIENT_DIAGNOSES, PATIENT_DRUGS, drug, iv_route, lab_match, main, oral_route,
    valid_duration,
)

T = maker("medications")
P = "patient"


def _adm(where: str = "a.subject_id = {subject_id}") -> str:
    return "WITH " + admissions_cte(where)


TEMPLATES = [
    T(P, "distinct_drugs_first_admission", [
        "How many different drugs was patient {subject_id} prescribed during their first hospital admission?",
        "During patient {subject_id}'s first admission, how many distinct medications were prescribed?",
        "Count the different drugs ordered for patient {subject_id} over their earliest hospitalisation.",
    ], PATIENTS, _adm() + f"""
SELECT count(DISTINCT {drug()}) AS n_drugs
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id
WHERE adm.adm_no = 1 AND {main()}
""", "number"),

    T(P, "first_drugs_latest_admission", [
        "Which drugs were started first for patient {subject_id} during their most recent hospital admission (all "
        "drugs whose orders began at the earliest start time)?",
        "In patient {subject_id}'s latest admission, which medications had the earliest order start? List every "
        "drug started at that first time.",
        "What were the first drugs patient {subject_id} was prescribed in their most recent stay, i.e. all those "
        "whose orders started at the first order time?",
    ], PATIENTS, _adm() + f""",
rx AS (
    SELECT {drug()} AS drug, rank() OVER (ORDER BY r.starttime) AS rk
    FROM mimiciv_hosp.prescriptions r
    JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev = 1 AND {main()} AND r.starttime IS NOT NULL
)
SELECT DISTINCT drug FROM rx WHERE rk = 1
""", "set", family="first_last_drugs_latest_admission"),

    T(P, "last_drugs_latest_admission", [
        "Which drugs were the last to be started for patient {subject_id} during their most recent hospital "
        "admission (all drugs whose orders began at the latest start time)?",
        "In patient {subject_id}'s latest admission, which medications had the latest order start? List every drug "
        "started at that last time.",
        "What were the most recently started drugs of patient {subject_id}'s latest hospitalisation, i.e. all those "
        "whose orders started at the last order time?",
    ], PATIENTS, _adm() + f""",
rx AS (
    SELECT {drug()} AS drug, rank() OVER (ORDER BY r.starttime DESC) AS rk
    FROM mimiciv_hosp.prescriptions r
    JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev = 1 AND {main()} AND r.starttime IS NOT NULL
)
SELECT DISTINCT drug FROM rx WHERE rk = 1
""", "set", family="first_last_drugs_latest_admission"),

    T(P, "prescribed_latest_admission", [
        "Was patient {subject_id} prescribed {drug} during their most recent hospital admission?",
        "Did patient {subject_id} receive a prescription for {drug} in their latest admission?",
        "In patient {subject_id}'s most recent hospitalisation, was {drug} ordered?",
    ], balanced(f"""
SELECT a.subject_id, c.drug, bool_or(a.adm_rev = 1) AS in_latest
FROM (SELECT subject_id, hadm_id, row_number() OVER (PARTITION BY subject_id ORDER BY admittime DESC, hadm_id DESC)
             AS adm_rev FROM mimiciv_hosp.admissions) a
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = a.hadm_id
JOIN ({COMMON_DRUGS}) c ON c.drug = {drug()}
WHERE {main()}
GROUP BY a.subject_id, c.drug
UNION ALL
SELECT DISTINCT a.subject_id, c.drug, FALSE AS in_latest
FROM mimiciv_hosp.admissions a CROSS JOIN ({COMMON_DRUGS}) c
WHERE hash(a.subject_id, c.drug) % 50 = 0 AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.prescriptions x WHERE x.subject_id = a.subject_id AND {drug("x")} = c.drug)
""", "in_latest"), _adm() + f"""
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.prescriptions r
    JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev = 1 AND {main()} AND {drug()} = {{drug}}
) AS prescribed
""", "boolean"),

    T(P, "routes_latest_course", [
        "By which routes was {drug} given to patient {subject_id} during the most recent admission in which it was "
        "prescribed? List each route once.",
        "List the distinct routes of patient {subject_id}'s {drug} orders in the latest admission that had any.",
        "In the last hospitalisation in which patient {subject_id} was on {drug}, which routes of administration "
        "were ordered?",
    ], PATIENT_DRUGS, _adm() + f""",
rx AS (
    SELECT r.route, adm.adm_no
    FROM mimiciv_hosp.prescriptions r
    JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE {main()} AND {drug()} = {{drug}}
)
SELECT DISTINCT route FROM rx WHERE route IS NOT NULL AND adm_no = (SELECT max(adm_no) FROM rx)
""", "set"),

    T(P, "course_days_latest", [
        "In the most recent admission in which patient {subject_id} was prescribed {drug}, how many days passed "
        "from the first start to the last stop of {drug}, rounded to 1 decimal place?",
        "How long, in days (1 decimal place), did patient {subject_id}'s {drug} course last in the latest "
        "admission in which it was ordered, from its first start to its last stop?",
        "For the last hospitalisation in which patient {subject_id} was on {drug}, give the span in days from the "
        "earliest start to the latest stop of those orders, to 1 decimal place.",
    ], PATIENT_DRUGS, _adm() + f""",
rx AS (
    SELECT adm.adm_no, r.starttime, r.stoptime
    FROM mimiciv_hosp.prescriptions r
    JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE {main()} AND {drug()} = {{drug}} AND {valid_duration()}
),
latest AS (
    SELECT min(starttime) AS first_start, max(stoptime) AS last_stop
    FROM rx WHERE adm_no = (SELECT max(adm_no) FROM rx)
)
SELECT round(date_diff('second', first_start, last_stop) / 86400.0, 1) AS course_days FROM latest
""", "number"),

    T(P, "drugs_started_first_24h", [
        "How many different drugs were started for patient {subject_id} within the first 24 hours of their first "
        "hospital admission?",
        "In the first 24 hours after patient {subject_id} was first admitted, how many distinct medications were "
        "started?",
        "Count the different drugs whose orders began within a day of the start of patient {subject_id}'s "
        "earliest admission.",
    ], PATIENTS, _adm() + f"""
SELECT count(DISTINCT {drug()}) AS n_drugs
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id AND adm.adm_no = 1
WHERE {main()} AND r.starttime >= adm.admittime AND r.starttime < adm.admittime + INTERVAL 24 HOUR
""", "number"),

    T(P, "new_drugs_latest_admission", [
        "Which drugs were prescribed to patient {subject_id} in their most recent admission but never in an earlier "
        "admission?",
        "List the medications that were new in patient {subject_id}'s latest admission, i.e. not prescribed in any "
        "of their previous admissions.",
        "What did patient {subject_id} start in their most recent hospitalisation that they had never been "
        "prescribed before? List each drug once.",
    ], PATIENTS_2PLUS, _adm() + f""",
latest_rx AS (
    SELECT DISTINCT {drug()} AS drug FROM mimiciv_hosp.prescriptions r JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev = 1 AND {main()}
),
earlier_rx AS (
    SELECT DISTINCT {drug()} AS drug FROM mimiciv_hosp.prescriptions r JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev > 1 AND {main()}
)
SELECT drug FROM latest_rx
EXCEPT
SELECT drug FROM earlier_rx
""", "set"),

    T(P, "drugs_in_final_24h", [
        "How many different drugs had orders running during the final 24 hours before patient {subject_id} was "
        "discharged from their most recent admission?",
        "In the last 24 hours of patient {subject_id}'s latest hospitalisation, how many distinct medications were "
        "actively ordered (an order running at some point in that window)?",
        "Count the drugs patient {subject_id} was on in the 24 hours before discharge from their most recent "
        "admission (orders overlapping that window).",
    ], PATIENTS, _adm() + f"""
SELECT count(DISTINCT {drug()}) AS n_drugs
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id AND adm.adm_rev = 1
WHERE {main()} AND r.starttime < adm.dischtime AND r.stoptime > adm.dischtime - INTERVAL 24 HOUR
""", "number"),

    T(P, "max_daily_dose", [
        "What was the highest daily dose of {drug} ever prescribed to patient {subject_id}, in {unit} (single dose "
        "times doses per 24 hours, orders with one numeric dose), rounded to 2 decimal places?",
        "Patient {subject_id}: the largest prescribed 24-hour dose of {drug} in {unit}, taking each order's dose "
        "times its doses per day (numeric single doses only), to 2 decimal places?",
        "Across patient {subject_id}'s {drug} orders dosed in {unit}, what is the maximum of dose x doses per 24 "
        "hours, rounded to 2 decimals (ignore orders whose dose is a range or text)?",
    ], f"""
SELECT r.subject_id, {drug()} AS drug, min(r.dose_unit_rx) AS unit
FROM mimiciv_hosp.prescriptions r
WHERE {main()} AND TRY_CAST(r.dose_val_rx AS DOUBLE) > 0 AND r.doses_per_24_hrs > 0 AND r.dose_unit_rx IS NOT NULL
GROUP BY r.subject_id, {drug()}
HAVING count(DISTINCT r.dose_unit_rx) = 1
""", f"""
WITH doses AS (
    SELECT TRY_CAST(r.dose_val_rx AS DOUBLE) * r.doses_per_24_hrs AS daily_dose
    FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}} AND r.dose_unit_rx = {{unit}}
)
SELECT round(max(daily_dose), 2) AS max_daily_dose FROM doses
""", "number"),

    T(P, "lab_before_first_drug", [
        "What was patient {subject_id}'s last {lab} ({fluid}) result, in {unit}, before {drug} was first started "
        "for them?",
        "Just before patient {subject_id}'s first ever {drug} order started, what was their most recent {lab} "
        "({fluid}) value in {unit}?",
        "Give the latest {lab} ({fluid}, {unit}) measured for patient {subject_id} before the start of their first "
        "{drug} prescription.",
    ], f"""
SELECT DISTINCT p.subject_id, dl.drug, dl.lab, dl.fluid, dl.unit
FROM ({DRUG_LAB_ITEMS}) dl
JOIN ({PATIENT_DRUGS}) p ON p.drug = dl.drug
JOIN mimiciv_hosp.labevents l ON l.subject_id = p.subject_id AND l.itemid = dl.itemid AND l.valuenum IS NOT NULL
""", f"""
WITH first_rx AS (
    SELECT min(r.starttime) AS t0 FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}}
),
before AS (
    SELECT l.valuenum, rank() OVER (ORDER BY l.charttime DESC) AS rk
    FROM mimiciv_hosp.labevents l
    {lab_match()}
    JOIN first_rx ON l.charttime < first_rx.t0
    WHERE l.subject_id = {{subject_id}} AND l.valuenum IS NOT NULL AND l.valueuom = {{unit}}
)
SELECT DISTINCT valuenum AS lab_value FROM before WHERE rk = 1
""", "number", family="lab_around_first_drug"),

    T(P, "lab_after_first_drug", [
        "What was patient {subject_id}'s first {lab} ({fluid}) result, in {unit}, after {drug} was first started "
        "for them?",
        "After patient {subject_id}'s first ever {drug} order started, what was the next {lab} ({fluid}) value "
        "measured, in {unit}?",
        "Give the earliest {lab} ({fluid}, {unit}) measured for patient {subject_id} after the start of their first "
        "{drug} prescription.",
    ], f"""
SELECT DISTINCT p.subject_id, dl.drug, dl.lab, dl.fluid, dl.unit
FROM ({DRUG_LAB_ITEMS}) dl
JOIN ({PATIENT_DRUGS}) p ON p.drug = dl.drug
JOIN mimiciv_hosp.labevents l ON l.subject_id = p.subject_id AND l.itemid = dl.itemid AND l.valuenum IS NOT NULL
""", f"""
WITH first_rx AS (
    SELECT min(r.starttime) AS t0 FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}}
),
after AS (
    SELECT l.valuenum, rank() OVER (ORDER BY l.charttime) AS rk
    FROM mimiciv_hosp.labevents l
    {lab_match()}
    JOIN first_rx ON l.charttime > first_rx.t0
    WHERE l.subject_id = {{subject_id}} AND l.valuenum IS NOT NULL AND l.valueuom = {{unit}}
)
SELECT DISTINCT valuenum AS lab_value FROM after WHERE rk = 1
""", "number", family="lab_around_first_drug"),

    T(P, "drugs_started_first_icu_stay", [
        "How many different drugs were started while patient {subject_id} was in their first ICU stay?",
        "During patient {subject_id}'s first stay in intensive care, how many distinct medications had orders "
        "starting between ICU admission and ICU discharge?",
        "Count the distinct drugs newly ordered for patient {subject_id} during their earliest ICU stay (order "
        "start within the stay).",
    ], "SELECT DISTINCT subject_id FROM mimiciv_icu.icustays", "WITH " + first_icu_cte("i.subject_id = {subject_id}")
       + f"""
SELECT count(DISTINCT {drug()}) AS n_drugs
FROM mimiciv_hosp.prescriptions r
JOIN stay ON stay.subject_id = r.subject_id AND stay.stay_no = 1
WHERE {main()} AND r.starttime >= stay.intime AND r.starttime < stay.outtime
""", "number"),

    T(P, "drugs_after_icu_discharge", [
        "How many different drugs were started for patient {subject_id} within {hours} hours after they left their "
        "first ICU stay?",
        "In the {hours} hours after patient {subject_id}'s discharge from their first ICU stay, how many distinct "
        "medications were newly ordered?",
        "Count the distinct drugs with an order starting in the first {hours} hours after patient {subject_id} "
        "left intensive care for the first time.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_icu.icustays", "WITH " + first_icu_cte("i.subject_id = {subject_id}")
       + f"""
SELECT count(DISTINCT {drug()}) AS n_drugs
FROM mimiciv_hosp.prescriptions r
JOIN stay ON stay.subject_id = r.subject_id AND stay.stay_no = 1
WHERE {main()} AND r.starttime >= stay.outtime AND r.starttime < stay.outtime + INTERVAL ({{hours}}) HOUR
""", "number", grid={"hours": (24, 48)}),

    T(P, "drugs_first_admission_with_diagnosis", [
        "During the first admission in which patient {subject_id} was diagnosed with {diagnosis} (ICD-{icd_version} "
        "{icd_code}), how many different drugs were prescribed?",
        "Patient {subject_id} was first coded with {diagnosis} (ICD-{icd_version} {icd_code}) in one admission: how "
        "many distinct medications were ordered during it?",
        "Count the distinct drugs prescribed in the earliest of patient {subject_id}'s admissions carrying the "
        "diagnosis {diagnosis} (ICD-{icd_version} {icd_code}).",
    ], PATIENT_DIAGNOSES, _adm() + f""",
dx_adm AS (
    SELECT min(adm.adm_no) AS adm_no
    FROM adm JOIN mimiciv_hosp.diagnoses_icd dx ON dx.hadm_id = adm.hadm_id
    WHERE dx.icd_code = {{icd_code}} AND dx.icd_version = {{icd_version}}
)
SELECT count(DISTINCT {drug()}) AS n_drugs
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id
JOIN dx_adm ON dx_adm.adm_no = adm.adm_no
WHERE {main()}
""", "number"),

    T(P, "iv_to_oral_hours", [
        "How many hours after patient {subject_id}'s first intravenous {drug} order started did their first oral "
        "{drug} order start, rounded to 1 decimal place?",
        "Patient {subject_id} was switched from intravenous to oral {drug}: how many hours (1 decimal place) from "
        "the start of the first IV order to the first oral order that followed it?",
        "Time from patient {subject_id}'s first intravenous {drug} to the first subsequent oral {drug} order, in "
        "hours rounded to 1 decimal place?",
    ], f"""
SELECT r.subject_id, {drug()} AS drug FROM mimiciv_hosp.prescriptions r
WHERE {main()}
GROUP BY r.subject_id, {drug()}
HAVING min(r.starttime) FILTER (WHERE {iv_route()}) < max(r.starttime) FILTER (WHERE {oral_route()})
""", f"""
WITH rx AS (
    SELECT r.starttime, r.route FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}}
),
first_iv AS (SELECT min(starttime) AS t_iv FROM rx r WHERE {iv_route()}),
first_oral AS (
    SELECT min(r.starttime) AS t_oral FROM rx r JOIN first_iv ON r.starttime > first_iv.t_iv WHERE {oral_route()}
)
SELECT round(date_diff('second', first_iv.t_iv, first_oral.t_oral) / 3600.0, 1) AS hours
FROM first_iv CROSS JOIN first_oral
""", "number"),

    T(P, "drugs_overlapped", [
        "Were patient {subject_id}'s {drug} and {drug2} orders ever active at the same time?",
        "Did patient {subject_id} at any point have a running {drug} order and a running {drug2} order "
        "simultaneously?",
        "Was patient {subject_id} ever on {drug} and {drug2} concurrently (an order of one starting before an order "
        "of the other stopped, and vice versa)?",
    ], balanced(f"""
WITH o AS (
    SELECT r.subject_id, {drug()} AS drug, r.starttime, r.stoptime
    FROM mimiciv_hosp.prescriptions r JOIN ({COMMON_DRUGS}) c ON c.drug = {drug()}
    WHERE {main()} AND {valid_duration()} AND {sampled_patient('r.subject_id')}
)
SELECT a.subject_id, a.drug, b.drug AS drug2, bool_or(a.starttime < b.stoptime AND b.starttime < a.stoptime) AS overlap
FROM o a JOIN o b ON b.subject_id = a.subject_id AND a.drug < b.drug
GROUP BY a.subject_id, a.drug, b.drug
""", "overlap"), f"""
WITH r1 AS (
    SELECT r.starttime, r.stoptime FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}} AND {valid_duration()}
),
r2 AS (
    SELECT r.starttime, r.stoptime FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug2}} AND {valid_duration()}
)
SELECT EXISTS (
    SELECT 1 FROM r1 JOIN r2 ON r1.starttime < r2.stoptime AND r2.starttime < r1.stoptime
) AS overlapped
""", "boolean"),

    T(P, "hours_to_first_drug_latest_admission", [
        "How many hours after the start of patient {subject_id}'s most recent admission was {drug} first started, "
        "rounded to 1 decimal place?",
        "In patient {subject_id}'s latest hospitalisation, how long (hours, 1 decimal place) after admission did "
        "the first {drug} order begin?",
        "Time from admission to the first {drug} order in patient {subject_id}'s most recent stay, in hours to 1 "
        "decimal place?",
    ], f"""
WITH latest AS (
    SELECT hadm_id, subject_id FROM mimiciv_hosp.admissions
    QUALIFY row_number() OVER (PARTITION BY subject_id ORDER BY admittime DESC, hadm_id DESC) = 1
)
SELECT DISTINCT latest.subject_id, {drug()} AS drug
FROM latest JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = latest.hadm_id
WHERE {main()}
""", _adm() + f"""
SELECT round(date_diff('second', min(adm.admittime), min(r.starttime)) / 3600.0, 1) AS hours
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id AND adm.adm_rev = 1
WHERE {main()} AND {drug()} = {{drug}}
""", "number"),

    T(P, "pharmacy_latest_frequency", [
        "What dosing frequency was on patient {subject_id}'s most recent pharmacy order for {medication}?",
        "How often was {medication} to be given according to the latest pharmacy order for patient {subject_id}?",
        "Give the frequency of patient {subject_id}'s last-started pharmacy order of {medication}.",
    ], """
SELECT DISTINCT p.subject_id, lower(trim(p.medication)) AS medication FROM mimiciv_hosp.pharmacy p
WHERE p.medication IS NOT NULL AND p.frequency IS NOT NULL AND p.starttime IS NOT NULL
""", """
WITH ph AS (
    SELECT p.frequency, rank() OVER (ORDER BY p.starttime DESC) AS rk
    FROM mimiciv_hosp.pharmacy p
    WHERE p.subject_id = {subject_id} AND lower(trim(p.medication)) = {medication} AND p.starttime IS NOT NULL
)
SELECT DISTINCT frequency FROM ph WHERE rk = 1
""", "string"),

    T(P, "orders_per_drug_latest_admission", [
        "Which drug had the most separate orders for patient {subject_id} during their most recent admission?",
        "In patient {subject_id}'s latest hospitalisation, which medication was ordered the largest number of "
        "times?",
        "What drug was re-ordered most often for patient {subject_id} in their most recent stay (number of "
        "prescription orders)?",
    ], PATIENTS, _adm() + f""",
counts AS (
    SELECT {drug()} AS drug, count(*) AS n
    FROM mimiciv_hosp.prescriptions r
    JOIN adm ON adm.hadm_id = r.hadm_id AND adm.adm_rev = 1
    WHERE {main()}
    GROUP BY {drug()}
),
ranked AS (SELECT drug, rank() OVER (ORDER BY n DESC) AS rk FROM counts)
SELECT drug FROM ranked WHERE rk = 1
""", "string"),
]
