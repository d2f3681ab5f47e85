"""Medications, patient level: what was actually given to one patient (eMAR on the wards, ICU inputs).

eMAR rows are attributed to an admission by time (charted between admission and discharge), not by
their admission id, which is missing for some administrations.
"""

from __future__ import annotations

from .._common import admissions_cte, balanced, first_icu_cte, maker
from .definitions import (
    ICU_INPUT_ITEMS, PATIENT_DRUGS, PATIENT_EMAR, administered, drug, main, med, not_given, vasopressor,
)

T = maker("medications")
P = "patient"


def _adm() -> str:
    return "WITH " + admissions_cte("a.subject_id = {subject_id}")


# administered doses of the medication, each with the admission it was charted in (by time)
GIVEN_BY_ADMISSION = f""",
given AS (
    SELECT e.emar_id, e.charttime, adm.adm_no, adm.admittime
    FROM mimiciv_hosp.emar e
    JOIN adm ON e.charttime >= adm.admittime AND e.charttime <= adm.dischtime
    WHERE e.subject_id = {{subject_id}} AND {med()} = {{medication}} AND {administered()}
)"""

# (patient, medication) pairs given within 48 hours of the start of the patient's first admission
EMAR_FIRST_48H = f"""
WITH first_adm AS (
    SELECT subject_id, admittime FROM mimiciv_hosp.admissions
    QUALIFY row_number() OVER (PARTITION BY subject_id ORDER BY admittime, hadm_id) = 1
)
SELECT DISTINCT e.subject_id, {med()} AS medication
FROM mimiciv_hosp.emar e JOIN first_adm f ON f.subject_id = e.subject_id
WHERE e.medication IS NOT NULL AND {administered()}
  AND e.charttime >= f.admittime AND e.charttime < f.admittime + INTERVAL 48 HOUR
"""

FIRST_STAY = """first_stay AS (
    SELECT subject_id, stay_id, intime FROM mimiciv_icu.icustays
    QUALIFY row_number() OVER (PARTITION BY subject_id ORDER BY intime, stay_id) = 1
)"""


def first_stay_inputs(hours: int | None = None) -> str:
    """(patient, ICU item, unit) for items given in the patient's first ICU stay (within its first hours)."""
    window = f" AND ie.starttime < f.intime + INTERVAL {hours} HOUR" if hours else ""
    return f"""
WITH {FIRST_STAY}
SELECT DISTINCT ie.subject_id, i.item, i.unit
FROM first_stay f
JOIN (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie ON ie.stay_id = f.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
JOIN ({ICU_INPUT_ITEMS}) i ON i.item = d.label
WHERE ie.starttime >= f.intime{window}
"""


VASOPRESSOR_PATIENTS = ("SELECT DISTINCT ie.subject_id FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie JOIN mimiciv_icu.d_items d "
                        "ON d.itemid = ie.itemid WHERE " + vasopressor())

TEMPLATES = [
    T(P, "emar_doses_first_48h", [
        "How many doses of {medication} were administered to patient {subject_id} in the first 48 hours of their "
        "first hospital admission?",
        "In the first two days (48 hours) after patient {subject_id} was first admitted, how many times was "
        "{medication} given according to the medication administration record?",
        "Count the administered {medication} doses charted for patient {subject_id} within 48 hours of the start "
        "of their earliest admission.",
    ], EMAR_FIRST_48H, _adm() + f"""
SELECT count(*) AS n_doses
FROM mimiciv_hosp.emar e
JOIN adm ON adm.adm_no = 1
WHERE e.subject_id = {{subject_id}} AND {med()} = {{medication}} AND {administered()}
  AND e.charttime >= adm.admittime AND e.charttime < adm.admittime + INTERVAL 48 HOUR
""", "number"),

    T(P, "emar_last_dose", [
        "When was {medication} last administered to patient {subject_id}?",
        "Give the date and time of the most recent administered dose of {medication} for patient {subject_id}.",
        "At what time was patient {subject_id} last given {medication}, according to the medication "
        "administration record?",
    ], PATIENT_EMAR, f"""
SELECT max(e.charttime) AS last_given
FROM mimiciv_hosp.emar e
WHERE e.subject_id = {{subject_id}} AND {med()} = {{medication}} AND {administered()}
""", "date"),

    T(P, "emar_total_dose_latest", [
        "What total dose of {medication}, in {unit}, was administered to patient {subject_id} during the most "
        "recent admission in which they received it? Round to 2 decimal places.",
        "In the latest hospitalisation in which patient {subject_id} was given {medication}, how much was given in "
        "total ({unit}, 2 decimal places)?",
        "Sum the administered doses of {medication} in {unit} for patient {subject_id} over the last admission in "
        "which it was given, rounded to 2 decimals.",
    ], f"""
SELECT e.subject_id, {med()} AS medication, min(d.dose_given_unit) AS unit
FROM mimiciv_hosp.emar e
JOIN mimiciv_hosp.emar_detail d ON d.emar_id = e.emar_id
WHERE e.medication IS NOT NULL AND {administered()} AND TRY_CAST(d.dose_given AS DOUBLE) IS NOT NULL
GROUP BY e.subject_id, {med()}
HAVING count(DISTINCT d.dose_given_unit) = 1
""", _adm() + GIVEN_BY_ADMISSION + f""",
latest AS (SELECT * FROM given WHERE adm_no = (SELECT max(adm_no) FROM given))
SELECT round(sum(TRY_CAST(d.dose_given AS DOUBLE)), 2) AS total_dose
FROM latest
JOIN mimiciv_hosp.emar_detail d ON d.emar_id = latest.emar_id
WHERE d.dose_given_unit = {{unit}}
""", "number"),

    T(P, "emar_days_given_latest", [
        "On how many different calendar days was {medication} administered to patient {subject_id} during the "
        "most recent admission in which they received it?",
        "In the latest hospitalisation in which patient {subject_id} was given {medication}, on how many distinct "
        "days was at least one dose given?",
        "Count the calendar days with an administered {medication} dose for patient {subject_id}, within the last "
        "admission in which it was given.",
    ], PATIENT_EMAR, _adm() + GIVEN_BY_ADMISSION + """
SELECT count(DISTINCT CAST(charttime AS DATE)) AS n_days
FROM given WHERE adm_no = (SELECT max(adm_no) FROM given)
""", "number"),

    T(P, "emar_not_given_pct", [
        "What percentage of patient {subject_id}'s charted {medication} doses were not given or held? Round to 1 "
        "decimal place.",
        "Of all {medication} doses on patient {subject_id}'s medication administration record that were either "
        "given or not given, what share (%) was not given or held (1 decimal place)?",
        "For patient {subject_id}, what percent of {medication} doses were missed (not given or held) rather than "
        "administered? Give it to 1 decimal place.",
    ], f"""
SELECT DISTINCT e.subject_id, {med()} AS medication FROM mimiciv_hosp.emar e
WHERE e.medication IS NOT NULL AND {not_given()}
""", f"""
WITH charted AS (
    SELECT {not_given()} AS missed
    FROM mimiciv_hosp.emar e
    WHERE e.subject_id = {{subject_id}} AND {med()} = {{medication}} AND ({administered()} OR {not_given()})
)
SELECT round(100.0 * count(*) FILTER (WHERE missed) / count(*), 1) AS pct_not_given FROM charted
""", "number"),

    T(P, "emar_hours_to_first_dose", [
        "How many hours after the start of the first admission in which patient {subject_id} received "
        "{medication} was the first dose given? Round to 1 decimal place.",
        "In the earliest hospitalisation during which patient {subject_id} was given {medication}, how long "
        "(hours, 1 decimal place) from admission to the first administered dose?",
        "Time from admission to first administered {medication} dose for patient {subject_id}, in the first "
        "admission in which it was given, in hours to 1 decimal place?",
    ], PATIENT_EMAR, _adm() + GIVEN_BY_ADMISSION + """
SELECT round(date_diff('second', min(admittime), min(charttime)) / 3600.0, 1) AS hours
FROM given WHERE adm_no = (SELECT min(adm_no) FROM given)
""", "number"),

    T(P, "orders_with_given_dose", [
        "Of patient {subject_id}'s {drug} prescriptions, how many had at least one dose administered according to "
        "the medication administration record?",
        "How many of the {drug} orders written for patient {subject_id} led to at least one administered dose?",
        "Count patient {subject_id}'s {drug} prescription orders with one or more administered doses charted "
        "against them.",
    ], f"""
SELECT DISTINCT p.subject_id, p.drug FROM ({PATIENT_DRUGS}) p
JOIN mimiciv_hosp.prescriptions r ON r.subject_id = p.subject_id AND {drug()} = p.drug
JOIN mimiciv_hosp.emar e ON e.pharmacy_id = r.pharmacy_id
WHERE {main()}
""", f"""
WITH orders AS (
    SELECT DISTINCT r.pharmacy_id FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {{subject_id}} AND {main()} AND {drug()} = {{drug}}
)
SELECT count(*) AS n_orders
FROM orders o
WHERE EXISTS (
    SELECT 1 FROM mimiciv_hosp.emar e
    WHERE e.pharmacy_id = o.pharmacy_id AND e.subject_id = {{subject_id}} AND {administered()}
)
""", "number"),

    # ------------------------------------------------------------------ ICU inputs
    T(P, "icu_total_first_stay", [
        "What total amount of {item}, in {unit}, did patient {subject_id} receive during their first ICU stay? "
        "Round to 2 decimal places.",
        "During patient {subject_id}'s first stay in intensive care, how much {item} was given in total ({unit}, 2 "
        "decimal places)?",
        "Sum the {item} given to patient {subject_id} in their earliest ICU stay, in {unit}, rounded to 2 decimals.",
    ], first_stay_inputs(), "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT round(sum(ie.amount), 2) AS total_amount
FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.label = {item} AND ie.amountuom = {unit}
""", "number", family="icu_amount_first_stay"),

    T(P, "icu_total_first_24h", [
        "How much {item}, in {unit}, did patient {subject_id} receive in the first 24 hours of their first ICU "
        "stay? Round to 2 decimal places.",
        "In the first day (24 hours) after patient {subject_id}'s first ICU admission, what total amount of {item} "
        "was started ({unit}, 2 decimal places)?",
        "Total {item} ({unit}) given to patient {subject_id} in inputs starting within 24 hours of the start of "
        "their earliest ICU stay, to 2 decimals?",
    ], first_stay_inputs(24), "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT round(sum(ie.amount), 2) AS total_amount
FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.label = {item} AND ie.amountuom = {unit}
  AND ie.starttime >= stay.intime AND ie.starttime < stay.intime + INTERVAL 24 HOUR
""", "number", family="icu_amount_first_stay"),

    T(P, "icu_antibiotics_first_stay", [
        "Which antibiotics did patient {subject_id} receive during their first ICU stay? List each once.",
        "List the different antibiotics given to patient {subject_id} in their earliest stay in intensive care.",
        "What antibiotics were administered to patient {subject_id} in the ICU during their first ICU stay?",
    ], "WITH " + FIRST_STAY + """
SELECT DISTINCT f.subject_id FROM first_stay f
JOIN (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie ON ie.stay_id = f.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.category = 'Antibiotics'
""", "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT DISTINCT d.label AS antibiotic
FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.category = 'Antibiotics'
""", "set"),

    T(P, "antibiotic_first_24h_icu", [
        "Did patient {subject_id} receive an antibiotic within the first 24 hours of their first ICU stay?",
        "Was any antibiotic given to patient {subject_id} in the first day (24 hours) of their first stay in "
        "intensive care?",
        "Within 24 hours of patient {subject_id}'s first ICU admission, was an antibiotic started?",
    ], balanced("WITH " + FIRST_STAY + """
SELECT f.subject_id, EXISTS (
    SELECT 1 FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE ie.stay_id = f.stay_id AND d.category = 'Antibiotics'
      AND ie.starttime >= f.intime AND ie.starttime < f.intime + INTERVAL 24 HOUR
) AS early
FROM first_stay f
""", "early"), "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT EXISTS (
    SELECT 1 FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.category = 'Antibiotics' AND ie.starttime >= stay.intime AND ie.starttime < stay.intime + INTERVAL 24 HOUR
) AS antibiotic_given
""", "boolean"),

    T(P, "vasopressor_hours", [
        "For how many hours in total did patient {subject_id} receive vasopressors in the ICU, counting "
        "overlapping infusions once? Round to 1 decimal place.",
        "What was patient {subject_id}'s total time on vasopressor support across all ICU stays, in hours (1 "
        "decimal place), with simultaneous infusions merged?",
        "Total vasopressor hours for patient {subject_id} over all their ICU stays, merging overlapping "
        "infusions, to 1 decimal place?",
    ], VASOPRESSOR_PATIENTS, f"""
WITH iv AS (
    SELECT ie.starttime, ie.endtime
    FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE ie.subject_id = {{subject_id}} AND {vasopressor()} AND ie.endtime > ie.starttime
),
marked AS (
    SELECT starttime, endtime,
           CASE WHEN starttime <= max(endtime) OVER (ORDER BY starttime, endtime
                                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) THEN 0 ELSE 1 END AS new_block
    FROM iv
),
blocks AS (
    SELECT starttime, endtime, sum(new_block) OVER (ORDER BY starttime, endtime) AS block FROM marked
),
merged AS (SELECT block, min(starttime) AS block_start, max(endtime) AS block_end FROM blocks GROUP BY block)
SELECT round(sum(date_diff('second', block_start, block_end)) / 3600.0, 1) AS hours FROM merged
""", "number"),

    T(P, "hours_to_first_vasopressor", [
        "In the first ICU stay in which patient {subject_id} needed a vasopressor, how many hours after ICU "
        "admission was the first one started? Round to 1 decimal place.",
        "How long after arriving in intensive care did patient {subject_id}'s first vasopressor start, in the "
        "earliest ICU stay with vasopressor support (hours, 1 decimal place)?",
        "Hours from ICU admission to the first vasopressor infusion for patient {subject_id}, in their first ICU "
        "stay that had one, to 1 decimal place?",
    ], VASOPRESSOR_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + f""",
pressor AS (
    SELECT stay.stay_no, stay.intime, ie.starttime
    FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN stay ON stay.stay_id = ie.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE {vasopressor()}
)
SELECT round(date_diff('second', min(intime), min(starttime)) / 3600.0, 1) AS hours
FROM pressor WHERE stay_no = (SELECT min(stay_no) FROM pressor)
""", "number"),

    T(P, "max_infusion_rate_first_stay", [
        "What was the highest infusion rate of {item} for patient {subject_id}, in {rate_unit}, during the first "
        "ICU stay in which it was infused? Round to 3 decimal places.",
        "In the earliest ICU stay in which patient {subject_id} had an infusion of {item}, what was its maximum rate "
        "({rate_unit})? Round to 3 decimal places.",
        "Peak {item} infusion rate in {rate_unit} for patient {subject_id}, within their first ICU stay with that "
        "infusion, to 3 decimal places?",
    ], """
SELECT ie.subject_id, d.label AS item, min(ie.rateuom) AS rate_unit
FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE ie.rate IS NOT NULL AND ie.rateuom IS NOT NULL
  AND d.label IN (SELECT label FROM mimiciv_icu.d_items GROUP BY label HAVING count(*) = 1)
GROUP BY ie.subject_id, d.label
HAVING count(DISTINCT ie.rateuom) = 1
""", "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """,
infused AS (
    SELECT stay.stay_no, ie.rate
    FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN stay ON stay.stay_id = ie.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.label = {item} AND ie.rateuom = {rate_unit} AND ie.rate IS NOT NULL
)
SELECT round(max(rate), 3) AS max_rate FROM infused WHERE stay_no = (SELECT min(stay_no) FROM infused)
""", "number"),

    T(P, "icu_medications_longest_stay", [
        "How many different medications (drugs and antibiotics, not fluids or nutrition) did patient {subject_id} "
        "receive during their longest ICU stay?",
        "In patient {subject_id}'s longest stay in intensive care, how many distinct ICU drugs, antibiotics "
        "included, were given?",
        "Count the distinct medication and antibiotic inputs patient {subject_id} received in the ICU stay with "
        "the longest length of stay.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_icu.icustays", """
WITH longest AS (
    SELECT i.stay_id, rank() OVER (ORDER BY i.los DESC) AS rk
    FROM mimiciv_icu.icustays i WHERE i.subject_id = {subject_id} AND i.los IS NOT NULL
)
SELECT count(DISTINCT ie.itemid) AS n_medications
FROM longest
LEFT JOIN (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie ON ie.stay_id = longest.stay_id
  AND ie.itemid IN (SELECT itemid FROM mimiciv_icu.d_items WHERE category IN ('Medications', 'Antibiotics'))
WHERE longest.rk = 1
HAVING count(DISTINCT longest.stay_id) = 1
""", "number"),
]
