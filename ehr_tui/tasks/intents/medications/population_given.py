"""Medications, population level: administration on the wards (eMAR) and drugs given in the ICU."""

from __future__ import annotations

from .._common import argmax, maker, top_k
from .definitions import (
    COMMON_EMAR, ICU_INPUT_ITEMS, administered, med, not_given, vasopressor,
)

T = maker("medications")
Q = "population"

GENDERS = "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)"
SEDATIVES = ("Propofol", "Midazolam (Versed)", "Dexmedetomidine (Precedex)", "Fentanyl", "Fentanyl (Concentrate)",
             "Lorazepam (Ativan)", "Ketamine")
SEDATIVE_ITEMS = ("SELECT DISTINCT d.label AS item FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie JOIN mimiciv_icu.d_items d "
                  "ON d.itemid = ie.itemid WHERE d.label IN (" + ", ".join(f"'{x}'" for x in SEDATIVES) + ")")

# ICU stays with their vasopressor status and hospital outcome
STAY_PRESSOR = f"""stay_pressor AS (
    SELECT i.stay_id, i.first_careunit, a.hospital_expire_flag,
           EXISTS (SELECT 1 FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
                   WHERE ie.stay_id = i.stay_id AND {vasopressor()}) AS pressor
    FROM mimiciv_icu.icustays i
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = i.hadm_id
)"""

# ICU items given in at least three stays of a care unit, with the unit
UNIT_ITEMS = f"""
SELECT i.first_careunit AS careunit, it.item
FROM mimiciv_icu.icustays i
JOIN (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie ON ie.stay_id = i.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
JOIN ({ICU_INPUT_ITEMS}) it ON it.item = d.label
WHERE i.first_careunit IS NOT NULL
GROUP BY i.first_careunit, it.item
HAVING count(DISTINCT i.stay_id) >= 3
"""

TEMPLATES = [
    T(Q, "emar_not_given_pct", [
        "Across all patients, what percentage of charted {medication} doses were not given or held rather than "
        "administered? Round to 2 decimal places.",
        "Of {medication} doses recorded on the medication administration record as given or not given, what share "
        "(%) was not given or held (2 decimals)?",
        "What is the missed-dose rate for {medication}: doses not given or held as a percentage of doses either "
        "given or not given, to 2 decimal places?",
    ], f"""
SELECT {med()} AS medication FROM mimiciv_hosp.emar e WHERE e.medication IS NOT NULL
GROUP BY {med()} HAVING count(*) >= 20 AND count(*) FILTER (WHERE {not_given()}) > 0
""", f"""
WITH charted AS (
    SELECT {not_given()} AS missed FROM mimiciv_hosp.emar e
    WHERE {med()} = {{medication}} AND ({administered()} OR {not_given()})
)
SELECT round(100.0 * count(*) FILTER (WHERE missed) / count(*), 2) AS pct_not_given FROM charted
""", "number"),

    T(Q, "emar_mean_doses_per_admission", [
        "In admissions in which {medication} was administered, what is the mean number of administered doses per "
        "admission? Round to 2 decimal places.",
        "How many doses of {medication} does an admission receive on average, over admissions in which any was "
        "given (2 decimal places)?",
        "Average the count of administered {medication} doses per hospital admission, among admissions with at "
        "least one, to 2 decimals.",
    ], COMMON_EMAR, f"""
WITH per_adm AS (
    SELECT a.hadm_id, count(*) AS n_doses
    FROM mimiciv_hosp.emar e
    JOIN mimiciv_hosp.admissions a
      ON a.subject_id = e.subject_id AND e.charttime >= a.admittime AND e.charttime <= a.dischtime
    WHERE {med()} = {{medication}} AND {administered()}
    GROUP BY a.hadm_id
)
SELECT round(avg(n_doses), 2) AS mean_doses FROM per_adm
""", "number"),

    T(Q, "emar_delayed_pct", [
        "What percentage of administered {medication} doses were charted as delayed? Round to 2 decimal places.",
        "Of all administered doses of {medication}, what share (%) was recorded as a delayed administration (2 "
        "decimals)?",
        "How often (%) was an administered {medication} dose given late, i.e. charted as delayed, to 2 decimal "
        "places?",
    ], f"""
SELECT {med()} AS medication FROM mimiciv_hosp.emar e
WHERE e.medication IS NOT NULL AND {administered()}
GROUP BY {med()} HAVING count(*) FILTER (WHERE e.event_txt = 'Delayed Administered') > 0 AND count(*) >= 20
""", f"""
SELECT round(100.0 * count(*) FILTER (WHERE e.event_txt = 'Delayed Administered') / count(*), 2) AS pct_delayed
FROM mimiciv_hosp.emar e
WHERE {med()} = {{medication}} AND {administered()}
""", "number"),

    T(Q, "emar_median_minutes_late", [
        "For administered doses of {medication} with a scheduled time, what is the median delay in minutes from the "
        "scheduled time to the charted administration? Round to 1 decimal place.",
        "How many minutes after its scheduled time is a dose of {medication} typically given: the median over "
        "administered, scheduled doses, to 1 decimal place?",
        "Median minutes between scheduled and actual administration of {medication} (administered doses with a "
        "schedule; negative means early), rounded to 1 decimal place?",
    ], f"""
SELECT {med()} AS medication FROM mimiciv_hosp.emar e
WHERE e.medication IS NOT NULL AND {administered()} AND e.scheduletime IS NOT NULL
GROUP BY {med()} HAVING count(*) >= 20
""", f"""
SELECT round(median(date_diff('second', e.scheduletime, e.charttime) / 60.0), 1) AS median_minutes
FROM mimiciv_hosp.emar e
WHERE {med()} = {{medication}} AND {administered()} AND e.scheduletime IS NOT NULL
""", "number"),

    T(Q, "icu_mean_amount_per_stay", [
        "Among ICU stays that received {item}, what is the mean total amount per stay in {unit}? Round to 2 "
        "decimal places.",
        "For ICU stays with any {item}, what is the average amount given over the whole stay ({unit}, 2 decimal "
        "places)?",
        "Average, over the ICU stays in which {item} was given, the total {item} per stay in {unit}, to 2 "
        "decimals.",
    ], ICU_INPUT_ITEMS, """
WITH per_stay AS (
    SELECT ie.stay_id, sum(ie.amount) AS total
    FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.label = {item} AND ie.amountuom = {unit}
    GROUP BY ie.stay_id
)
SELECT round(avg(total), 2) AS mean_amount FROM per_stay
""", "number"),

    T(Q, "top_icu_medications", [
        "Which {k} ICU medications (excluding fluids and nutrition) were given in the most ICU stays? Most stays "
        "first.",
        "List the {k} drugs given in the largest number of ICU stays, antibiotics included, in descending order of "
        "stays.",
        "What are the top {k} medications by number of ICU stays receiving them (drugs and antibiotics, not fluids), "
        "most frequent first?",
    ], "SELECT 1 AS one", """
WITH counts AS (
    SELECT d.label AS item, count(DISTINCT ie.stay_id) AS n_stays
    FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.category IN ('Medications', 'Antibiotics')
    GROUP BY d.label
),
""" + top_k("counts", "item", "n_stays") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T(Q, "vasopressor_patients_by_gender", [
        "How many {gender_word} patients received a vasopressor in the ICU?",
        "Count the {gender_word} patients who needed vasopressor support during any ICU stay.",
        "How many {gender_word} patients had at least one vasopressor infusion in intensive care?",
    ], GENDERS, f"""
SELECT count(DISTINCT ie.subject_id) AS n_patients
FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
JOIN mimiciv_hosp.patients p ON p.subject_id = ie.subject_id
WHERE {vasopressor()} AND p.gender = {{gender}}
""", "number", derived=("gender",)),

    T(Q, "vasopressor_mortality_gap", [
        "By how many percentage points does the in-hospital mortality of ICU stays with vasopressor support exceed "
        "that of ICU stays without it? Round to 2 decimal places.",
        "What is the difference in hospital mortality (%, 2 decimals) between ICU stays that received a vasopressor "
        "and those that did not (with minus without)?",
        "Mortality in hospital of ICU stays given vasopressors minus that of stays without vasopressors, in "
        "percentage points to 2 decimal places?",
    ], "SELECT 1 AS one", "WITH " + STAY_PRESSOR + """
SELECT round(100.0 * avg(CASE WHEN hospital_expire_flag = 1 THEN 1.0 ELSE 0.0 END) FILTER (WHERE pressor)
             - 100.0 * avg(CASE WHEN hospital_expire_flag = 1 THEN 1.0 ELSE 0.0 END) FILTER (WHERE NOT pressor), 2)
       AS mortality_gap
FROM stay_pressor
""", "number"),

    T(Q, "vasopressor_share_by_unit", [
        "Which first ICU care unit has the highest percentage of stays with vasopressor support?",
        "In which ICU (by the care unit the stay started in) did the largest share of stays receive a vasopressor?",
        "By first care unit, which ICU most often needed vasopressors, as a proportion of its stays?",
    ], "SELECT 1 AS one", "WITH " + STAY_PRESSOR + """,
shares AS (
    SELECT first_careunit, avg(CASE WHEN pressor THEN 1.0 ELSE 0.0 END) AS share
    FROM stay_pressor WHERE first_careunit IS NOT NULL
    GROUP BY first_careunit
),
""" + argmax("shares", "first_careunit", "share") + "\n", "string"),

    T(Q, "sedation_during_ventilation", [
        "Among ICU stays with invasive ventilation, in what percentage was {item} started during a ventilation "
        "period? Round to 2 decimal places.",
        "Of the ICU stays in which the patient was invasively ventilated, what share (%) had {item} begun while "
        "ventilated (2 decimals)?",
        "What percent of invasively ventilated ICU stays received {item} starting during ventilation, to 2 "
        "decimal places?",
    ], SEDATIVE_ITEMS, """
WITH vent AS (
    SELECT p.stay_id, p.starttime, p.endtime
    FROM mimiciv_icu.procedureevents p
    JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
    WHERE d.label = 'Invasive Ventilation' AND p.statusdescription IS DISTINCT FROM 'Rewritten'
),
sedated AS (
    SELECT DISTINCT v.stay_id
    FROM vent v
    JOIN (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie ON ie.stay_id = v.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.label = {item} AND ie.starttime >= v.starttime AND ie.starttime < v.endtime
)
SELECT round(100.0 * (SELECT count(*) FROM sedated) / count(DISTINCT stay_id), 2) AS pct_stays FROM vent
""", "number"),

    T(Q, "median_hours_to_antibiotic", [
        "Among ICU stays in which an antibiotic was given, what is the median time in hours from ICU admission to "
        "the first antibiotic? Round to 1 decimal place.",
        "How soon after ICU admission is the first antibiotic typically given: the median over stays that received "
        "one, in hours to 1 decimal place?",
        "Median hours from arrival in the ICU to the first antibiotic of the stay, over stays with any antibiotic "
        "(1 decimal place)?",
    ], "SELECT 1 AS one", """
WITH first_abx AS (
    SELECT i.stay_id, date_diff('second', i.intime, min(ie.starttime)) / 3600.0 AS hours
    FROM mimiciv_icu.icustays i
    JOIN (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie ON ie.stay_id = i.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.category = 'Antibiotics'
    GROUP BY i.stay_id, i.intime
)
SELECT round(median(hours), 1) AS median_hours FROM first_abx
""", "number"),

    T(Q, "pct_unit_stays_with_item", [
        "In what percentage of ICU stays that began in the {careunit} was {item} given? Round to 2 decimal places.",
        "Of the stays whose first care unit was the {careunit}, what share (%) received {item} (2 decimals)?",
        "For ICU stays starting in the {careunit}, how many percent had any {item} input, to 2 decimal places?",
    ], UNIT_ITEMS, """
WITH unit_stays AS (SELECT i.stay_id FROM mimiciv_icu.icustays i WHERE i.first_careunit = {careunit}),
given AS (
    SELECT DISTINCT ie.stay_id
    FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN unit_stays u ON u.stay_id = ie.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.label = {item}
)
SELECT round(100.0 * (SELECT count(*) FROM given) / count(*), 2) AS pct_stays FROM unit_stays
""", "number"),

    T(Q, "mean_icu_medications_by_unit", [
        "On average, how many different ICU medications (drugs and antibiotics, not fluids) does a stay in the "
        "{careunit} receive, counting stays with none as zero? Round to 2 decimal places.",
        "What is the mean number of distinct drugs and antibiotics given per ICU stay that began in the {careunit} "
        "(stays with none count as 0), to 2 decimals?",
        "Average the count of different medications (drugs and antibiotics) per ICU stay whose first care unit was "
        "the {careunit}, including stays without any, to 2 decimal places.",
    ], "SELECT DISTINCT first_careunit AS careunit FROM mimiciv_icu.icustays WHERE first_careunit IS NOT NULL", """
WITH per_stay AS (
    SELECT i.stay_id, count(DISTINCT d.itemid) AS n_meds
    FROM mimiciv_icu.icustays i
    LEFT JOIN (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie ON ie.stay_id = i.stay_id
    LEFT JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid AND d.category IN ('Medications', 'Antibiotics')
    WHERE i.first_careunit = {careunit}
    GROUP BY i.stay_id
)
SELECT round(avg(n_meds), 2) AS mean_medications FROM per_stay
""", "number"),

    T(Q, "mean_vasopressor_hours_per_stay", [
        "Among ICU stays with vasopressor support, what is the mean time on vasopressors per stay in hours, with "
        "overlapping infusions counted once? Round to 1 decimal place.",
        "How many hours of vasopressor support does an ICU stay that needs it receive on average (simultaneous "
        "infusions merged, 1 decimal place)?",
        "Average vasopressor duration per ICU stay in hours, over stays with any vasopressor, merging overlapping "
        "infusions, to 1 decimal place?",
    ], "SELECT 1 AS one", f"""
WITH iv AS (
    SELECT ie.stay_id, ie.starttime, ie.endtime
    FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE {vasopressor()} AND ie.endtime > ie.starttime
),
marked AS (
    SELECT stay_id, starttime, endtime,
           CASE WHEN starttime <= max(endtime) OVER (PARTITION BY stay_id ORDER BY starttime, endtime
                                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) THEN 0 ELSE 1 END AS new_block
    FROM iv
),
blocks AS (
    SELECT stay_id, starttime, endtime,
           sum(new_block) OVER (PARTITION BY stay_id ORDER BY starttime, endtime) AS block
    FROM marked
),
merged AS (
    SELECT stay_id, block, date_diff('second', min(starttime), max(endtime)) AS seconds
    FROM blocks GROUP BY stay_id, block
),
per_stay AS (SELECT stay_id, sum(seconds) / 3600.0 AS hours FROM merged GROUP BY stay_id)
SELECT round(avg(hours), 1) AS mean_hours FROM per_stay
""", "number"),
]
