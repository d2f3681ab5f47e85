"""Cost, population level: what care costs across patients and groups under the ehr-tui cost schedule."""

from __future__ import annotations

from .._common import argmax, maker, top_k
from .definitions import (
    GENDERS, PRICED_ADMISSION_TYPES, PRICED_CAREUNITS, PRICED_INSURANCE, common_priced_diagnoses,
    common_priced_drugs, drg_price_join, hcpcs_fee_join, procedure_fee_join, says_schedule, with_cost,
)

T = maker("cost")
Q = "population"
NEEDS = ("cost_schedule",)
ONE = "SELECT 1 AS one"
# age at admission bands (years, inclusive)
AGE_BANDS = "SELECT * FROM (VALUES (18, 44), (45, 64), (65, 79), (80, 120)) AS b(age_from, age_to)"
APR_SEVERITIES = ("SELECT DISTINCT drg_severity AS severity FROM mimiciv_hosp.drgcodes "
                  "WHERE drg_type = 'APR' AND drg_severity IS NOT NULL")
# 30-day readmission flag per admission: it began within 30 days after the patient's previous discharge
READMIT = """,
readmit AS (
    SELECT hadm_id, coalesce(admittime >= prev_disch AND admittime <= prev_disch + INTERVAL 30 DAY, FALSE)
           AS is_readmission
    FROM (SELECT a.hadm_id, a.admittime,
                 lag(a.dischtime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS prev_disch
          FROM mimiciv_hosp.admissions a) x
)"""


def C(name, questions, params, sql, answer="number", **kw):
    """A cost template; each phrasing names the cost schedule (``says_schedule``) so money is never ambiguous."""
    return T(Q, name, [says_schedule(q) for q in questions], params, sql, answer, needs=NEEDS, **kw)


TEMPLATES = [
    C("mean_cost_by_admission_type", [
        "What is the mean cost of a '{admission_type}' hospital admission under the ehr-tui cost schedule? USD "
        "rounded to 2 decimal places.",
        "Across all priced admissions of type '{admission_type}', what is the average cost per admission (USD, 2 "
        "decimal places)?",
        "On average, what does one '{admission_type}' hospitalisation cost, in USD to 2 decimals?",
    ], PRICED_ADMISSION_TYPES, with_cost("a.admission_type = {admission_type}") + """
SELECT round(avg(total_usd), 2) AS mean_usd FROM adm_cost
""", family="cost_by_admission_type"),

    C("median_cost_by_admission_type", [
        "What is the median cost of a '{admission_type}' hospital admission under the ehr-tui cost schedule? USD "
        "rounded to 2 decimal places.",
        "Across priced admissions of type '{admission_type}', what is the median cost per admission (USD, 2 "
        "decimals)?",
        "Give the median price of one '{admission_type}' hospitalisation, in USD to 2 decimal places.",
    ], PRICED_ADMISSION_TYPES, with_cost("a.admission_type = {admission_type}") + """
SELECT round(median(total_usd), 2) AS median_usd FROM adm_cost
""", family="cost_by_admission_type"),

    C("mean_cost_by_insurance", [
        "What is the mean cost of a hospital admission for patients whose insurance is {insurance}? USD rounded to 2 "
        "decimal places.",
        "Average cost per priced admission among {insurance}-insured admissions, in USD to 2 decimals?",
        "For admissions with {insurance} insurance, what does a hospitalisation cost on average under the ehr-tui cost "
        "schedule (USD, 2 decimal places)?",
    ], PRICED_INSURANCE, with_cost("a.insurance = {insurance}") + """
SELECT round(avg(total_usd), 2) AS mean_usd FROM adm_cost
""", family="cost_by_insurance"),

    C("cost_per_day_by_insurance", [
        "For {insurance}-insured admissions, what is the mean cost per hospital day (each admission's cost "
        "divided by its length of stay, averaged)? USD per day, 2 decimal places; admissions with no length of "
        "stay are left out.",
        "Average USD-per-day of priced {insurance} admissions with a positive length of stay, to 2 decimals?",
        "Among {insurance} patients' hospitalisations lasting longer than zero time, what do they cost per day on "
        "average (USD/day, 2 decimal places)?",
    ], PRICED_INSURANCE, with_cost("a.insurance = {insurance}") + """
SELECT round(avg(total_usd / los_days), 2) AS mean_usd_per_day FROM adm_cost WHERE los_days > 0
""", family="cost_by_insurance"),

    C("median_cost_by_gender", [
        "What is the median cost of a hospital admission of a {gender_word} patient under the ehr-tui cost "
        "schedule? USD, 2 decimal places.",
        "Median cost per priced admission among {gender_word} patients, in USD to 2 decimals?",
        "For {gender_word} patients, give the median price of one hospitalisation (USD, 2 decimal places).",
    ], GENDERS, with_cost() + """
SELECT round(median(c.total_usd), 2) AS median_usd
FROM adm_cost c JOIN mimiciv_hosp.patients p ON p.subject_id = c.subject_id
WHERE p.gender = {gender}
""", derived=("gender",)),

    C("top_drgs_by_revenue", [
        "Which {k} MS-DRGs bring in the most money under the ehr-tui cost schedule (their price summed over all "
        "admissions)? Give their descriptions, highest first.",
        "List the {k} HCFA DRG descriptions with the largest total DRG revenue, in descending order.",
        "Ranked by total MS-DRG price across admissions, what are the top {k} DRGs (descriptions), most revenue "
        "first?",
    ], ONE, f"""
WITH revenue AS (
    SELECT d.description, sum(p.price_usd) AS usd
    FROM mimiciv_hosp.drgcodes d
    {drg_price_join()}
    WHERE d.drg_type = 'HCFA'
    GROUP BY d.description
),
""" + top_k("revenue", "description", "usd") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    C("admissions_over_cost", [
        "How many hospital admissions cost more than {usd} USD under the ehr-tui cost schedule?",
        "Count the priced admissions whose total cost exceeds {usd} USD.",
        "In how many hospitalisations did the cost go above {usd} USD?",
    ], ONE, with_cost() + """
SELECT count(*) AS n_admissions FROM adm_cost WHERE total_usd > {usd}
""", grid={"usd": (10000, 20000, 30000, 50000)}),

    C("patients_cumulative_over", [
        "How many patients' hospital care, summed over all their priced admissions, cost more than {usd} USD?",
        "Count the patients whose total cost across all admissions exceeds {usd} USD under the cost schedule.",
        "For how many patients did cumulative hospital costs go above {usd} USD?",
    ], ONE, with_cost() + """,
per_patient AS (SELECT subject_id, sum(total_usd) AS usd FROM adm_cost GROUP BY subject_id)
SELECT count(*) AS n_patients FROM per_patient WHERE usd > {usd}
""", grid={"usd": (20000, 40000, 80000)}),

    C("top_admission_type_cost_per_day", [
        "Which admission type has the highest mean cost per hospital day, counting only admissions with a "
        "positive length of stay?",
        "By average USD per day in hospital (each admission's cost over its length of stay), which type of "
        "admission is the most expensive?",
        "Comparing admission types on mean daily cost of the stay, which comes out on top?",
    ], ONE, with_cost() + """,
per_type AS (
    SELECT admission_type, avg(total_usd / los_days) AS usd_per_day FROM adm_cost
    WHERE los_days > 0 GROUP BY admission_type
),
""" + argmax("per_type", "admission_type", "usd_per_day") + "\n", "string"),

    C("top_admission_types_by_total_cost", [
        "Which {k} admission types account for the most total hospital cost under the ehr-tui cost schedule? "
        "Highest first.",
        "List the {k} admission types with the largest summed admission cost, in descending order.",
        "Ranked by total spending across their admissions, what are the top {k} admission types?",
    ], ONE, with_cost() + """,
per_type AS (SELECT admission_type, sum(total_usd) AS usd FROM adm_cost GROUP BY admission_type),
""" + top_k("per_type", "admission_type", "usd") + "\n", "list", grid={"k": (2, 3)}, rows="k"),

    C("hcpcs_fees_by_section", [
        "How much was billed in total, under the ehr-tui cost schedule, for HCPCS/CPT services of the section "
        "'{section}'? USD.",
        "Total fees (USD) of all billed CPT/HCPCS services falling in the fee-schedule section '{section}'?",
        "Summed across patients, what did the '{section}' services cost (USD)?",
    ], f"SELECT DISTINCT hf.section FROM mimiciv_hosp.hcpcsevents h {hcpcs_fee_join()}", f"""
SELECT sum(hf.fee_usd) AS hcpcs_usd
FROM mimiciv_hosp.hcpcsevents h
{hcpcs_fee_join()}
WHERE hf.section = {{section}}
"""),

    C("top_procedure_chapter_by_fees", [
        "Which procedure chapter of the ehr-tui cost schedule accounts for the most procedure fees across all "
        "patients?",
        "Summing procedure fees by schedule chapter over every admission, which chapter is the largest?",
        "On which chapter of procedures is the most money spent, across the whole population?",
    ], ONE, f"""
WITH chapters AS (
    SELECT f.chapter, sum(f.fee_usd) AS usd
    FROM mimiciv_hosp.procedures_icd pr
    {procedure_fee_join()}
    GROUP BY f.chapter
),
""" + argmax("chapters", "chapter", "usd") + "\n", "string"),

    C("icu_cost_difference", [
        "How much more does a hospital admission that includes an ICU stay cost on average than one without? "
        "USD, 2 decimal places (mean with ICU minus mean without).",
        "Difference in mean cost per priced admission between admissions with and without intensive care (with "
        "minus without), in USD to 2 decimals?",
        "By how many USD does the average cost of a hospitalisation with an ICU stay exceed that of one without "
        "(2 decimal places)?",
    ], ONE, with_cost() + """,
flagged AS (
    SELECT c.total_usd, c.hadm_id IN (SELECT i.hadm_id FROM mimiciv_icu.icustays i) AS had_icu FROM adm_cost c
)
SELECT round(avg(total_usd) FILTER (WHERE had_icu) - avg(total_usd) FILTER (WHERE NOT had_icu), 2) AS difference_usd
FROM flagged
"""),

    C("mean_cost_by_first_careunit", [
        "What is the mean cost of a hospital admission whose first ICU stay began in the {careunit}? USD rounded to "
        "2 decimal places.",
        "Average cost (USD, 2 decimals) of priced admissions in which the patient's first ICU unit was the "
        "{careunit}?",
        "For hospitalisations whose first intensive-care stay started in the {careunit}, what is the mean cost, in "
        "USD to 2 decimal places?",
    ], PRICED_CAREUNITS, with_cost("TRUE", """,
first_unit AS (
    SELECT hadm_id, first_careunit FROM (
        SELECT i.hadm_id, i.first_careunit, row_number() OVER (PARTITION BY i.hadm_id ORDER BY i.intime, i.stay_id) AS k
        FROM mimiciv_icu.icustays i
    ) s WHERE k = 1
)""") + """
SELECT round(avg(c.total_usd), 2) AS mean_usd
FROM adm_cost c JOIN first_unit u ON u.hadm_id = c.hadm_id
WHERE u.first_careunit = {careunit}
""", family="icu_unit_cost"),

    C("cost_per_icu_day_by_careunit", [
        "For admissions whose first ICU stay began in the {careunit}, what is the mean cost per ICU day (the "
        "admission's cost divided by the total days it spent in intensive care)? USD per day, 2 decimal places.",
        "Average USD per ICU day of priced admissions first admitted to the {careunit} (cost over all ICU days of "
        "that admission), to 2 decimals?",
        "Among hospitalisations whose first intensive-care unit was the {careunit}, what does the admission cost "
        "per day spent in the ICU, on average (USD/day, 2 decimal places)?",
    ], PRICED_CAREUNITS, with_cost("TRUE", """,
icu AS (
    SELECT i.hadm_id, sum(i.los) AS icu_days, arg_min(i.first_careunit, i.intime) AS first_careunit
    FROM mimiciv_icu.icustays i GROUP BY i.hadm_id
)""") + """
SELECT round(avg(c.total_usd / icu.icu_days), 2) AS mean_usd_per_icu_day
FROM adm_cost c JOIN icu ON icu.hadm_id = c.hadm_id
WHERE icu.first_careunit = {careunit} AND icu.icu_days > 0
""", family="icu_unit_cost"),

    C("readmission_cost_difference", [
        "How much more, on average, does a 30-day readmission cost than any other hospital admission? USD, 2 "
        "decimal places (mean of readmissions minus mean of the others).",
        "Mean cost of admissions that began within 30 days of the patient's previous discharge, minus the mean "
        "cost of all other priced admissions, in USD to 2 decimals?",
        "Comparing early readmissions (within 30 days of a prior discharge) with other admissions, what is the "
        "difference in mean cost (readmissions minus others, USD, 2 decimal places)?",
    ], ONE, with_cost("TRUE", READMIT) + """
SELECT round(avg(c.total_usd) FILTER (WHERE r.is_readmission) - avg(c.total_usd) FILTER (WHERE NOT r.is_readmission), 2)
       AS difference_usd
FROM adm_cost c JOIN readmit r ON r.hadm_id = c.hadm_id
"""),

    C("readmission_share_of_cost", [
        "What share of all hospital spending under the ehr-tui cost schedule goes to 30-day readmissions? Percent "
        "rounded to 1 decimal place.",
        "Of the total cost of all priced admissions, what percentage is for admissions that began within 30 days "
        "of the patient's previous discharge (1 decimal place)?",
        "How many percent of total admission costs are due to early readmissions (within 30 days), to 1 decimal?",
    ], ONE, with_cost("TRUE", READMIT) + """
SELECT round(100.0 * sum(c.total_usd) FILTER (WHERE r.is_readmission) / sum(c.total_usd), 1) AS pct_readmissions
FROM adm_cost c JOIN readmit r ON r.hadm_id = c.hadm_id
"""),

    C("mean_cost_with_diagnosis", [
        "What is the mean cost of a hospital admission in which {diagnosis} (ICD-{icd_version} {icd_code}) was "
        "coded? USD rounded to 2 decimal places.",
        "Average cost (USD, 2 decimals) of priced admissions carrying the diagnosis {diagnosis}, ICD-{icd_version} "
        "code {icd_code}?",
        "For hospitalisations with a recorded diagnosis of {diagnosis} (ICD-{icd_version} {icd_code}), what is the "
        "mean cost in USD to 2 decimal places?",
    ], common_priced_diagnoses(5), with_cost() + """
SELECT round(avg(c.total_usd), 2) AS mean_usd
FROM adm_cost c
WHERE c.hadm_id IN (SELECT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
                    WHERE dx.icd_code = {icd_code} AND dx.icd_version = {icd_version})
""", family="cost_with_diagnosis"),

    C("cost_excess_with_diagnosis", [
        "How much more does an admission coded with {diagnosis} (ICD-{icd_version} {icd_code}) cost on average "
        "than one without it? USD, 2 decimal places (with minus without).",
        "Mean cost of priced admissions with the diagnosis {diagnosis} (ICD-{icd_version} {icd_code}) minus the "
        "mean cost of those without it, in USD to 2 decimals?",
        "What is the cost premium of a recorded {diagnosis} (ICD-{icd_version} {icd_code}): mean admission cost "
        "with the diagnosis minus without (USD, 2 decimal places)?",
    ], common_priced_diagnoses(5), with_cost() + """,
flagged AS (
    SELECT c.total_usd,
           c.hadm_id IN (SELECT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
                         WHERE dx.icd_code = {icd_code} AND dx.icd_version = {icd_version}) AS has_dx
    FROM adm_cost c
)
SELECT round(avg(total_usd) FILTER (WHERE has_dx) - avg(total_usd) FILTER (WHERE NOT has_dx), 2) AS difference_usd
FROM flagged
""", family="cost_with_diagnosis"),

    C("mean_cost_with_drug", [
        "What is the mean cost of a hospital admission in which {drug} was prescribed? USD rounded to 2 decimal "
        "places.",
        "Average cost (USD, 2 decimals) of priced admissions with at least one prescription for {drug}?",
        "For hospitalisations where patients were put on {drug}, what is the mean admission cost, in USD to 2 "
        "decimal places?",
    ], common_priced_drugs(5), with_cost() + """
SELECT round(avg(c.total_usd), 2) AS mean_usd
FROM adm_cost c
WHERE c.hadm_id IN (SELECT r.hadm_id FROM mimiciv_hosp.prescriptions r
                    WHERE r.drug_type = 'MAIN' AND lower(trim(r.drug)) = {drug})
"""),

    C("mean_cost_by_age_band", [
        "What is the mean cost of a hospital admission of a patient aged {age_from} to {age_to} at admission? USD "
        "rounded to 2 decimal places.",
        "Average cost (USD, 2 decimals) of priced admissions of patients between {age_from} and {age_to} years "
        "old (inclusive) when admitted?",
        "For patients aged {age_from}-{age_to} at the time of admission, what does a hospitalisation cost on "
        "average, in USD to 2 decimal places?",
    ], AGE_BANDS, with_cost() + """
SELECT round(avg(c.total_usd), 2) AS mean_usd
FROM adm_cost c JOIN mimiciv_hosp.patients p ON p.subject_id = c.subject_id
WHERE p.anchor_age + (year(c.admittime) - p.anchor_year) BETWEEN {age_from} AND {age_to}
"""),

    C("death_cost_difference", [
        "How much more does a hospital admission that ends in the patient's death cost on average than one the "
        "patient survives? USD, 2 decimal places (died minus survived).",
        "Mean cost of priced admissions with in-hospital death minus that of admissions ending in discharge "
        "alive, in USD to 2 decimals?",
        "Comparing hospitalisations in which the patient died with those they survived, what is the difference "
        "in mean cost (died minus survived, USD, 2 decimal places)?",
    ], ONE, with_cost() + """
SELECT round(avg(total_usd) FILTER (WHERE hospital_expire_flag = 1)
             - avg(total_usd) FILTER (WHERE hospital_expire_flag = 0), 2) AS difference_usd
FROM adm_cost
"""),

    C("procedure_share_by_admission_type", [
        "For '{admission_type}' admissions, what percentage of the total cost under the ehr-tui cost schedule is "
        "procedure fees? Round to 1 decimal place.",
        "Of all the money spent on priced '{admission_type}' admissions, what share (%) went to procedures, to 1 "
        "decimal place?",
        "Among '{admission_type}' hospitalisations, how many percent of the summed costs are for procedures (1 "
        "decimal)?",
    ], PRICED_ADMISSION_TYPES, with_cost("a.admission_type = {admission_type}") + """
SELECT round(100.0 * sum(proc_usd) / sum(total_usd), 1) AS pct_procedures FROM adm_cost
"""),

    C("mean_apr_price_by_severity", [
        "What is the mean APR-DRG price, at the coded severity, of admissions with APR severity of illness "
        "{severity}? USD, 2 decimal places.",
        "Average APR-DRG price (USD, 2 decimals) under the ehr-tui cost schedule for admissions coded with "
        "severity of illness {severity}?",
        "For APR-coded hospitalisations of severity {severity}, what does the APR-DRG cost on average (USD to 2 "
        "decimal places)?",
    ], APR_SEVERITIES, f"""
SELECT round(avg(p.price_usd), 2) AS mean_usd
FROM mimiciv_hosp.drgcodes d
{drg_price_join()}
WHERE d.drg_type = 'APR' AND d.drg_severity = {{severity}}
"""),

    C("first_vs_later_admission_cost", [
        "Is a patient's first hospital admission cheaper or dearer than their later ones? Give the mean cost of "
        "later priced admissions minus the mean cost of first admissions, USD, 2 decimal places.",
        "Mean cost of repeat admissions (second or later) minus the mean cost of first admissions, in USD to 2 "
        "decimals?",
        "By how many USD does the average cost of a patient's later hospitalisations differ from that of their "
        "first one (later minus first, 2 decimal places)?",
    ], ONE, with_cost() + """
SELECT round(avg(total_usd) FILTER (WHERE adm_no > 1) - avg(total_usd) FILTER (WHERE adm_no = 1), 2)
       AS difference_usd
FROM adm_cost
"""),

    C("cost_los_correlation", [
        "How strongly does an admission's cost track its length of stay? Give the Pearson correlation between the "
        "two over all priced admissions, rounded to 3 decimal places.",
        "Pearson correlation coefficient between length of stay and total cost across priced admissions, to 3 "
        "decimals?",
        "Across the hospitalisations, what is the correlation (Pearson, 3 decimal places) of cost with length of "
        "stay?",
    ], ONE, with_cost() + """
SELECT round(corr(los_days, total_usd), 3) AS correlation FROM adm_cost
"""),

    C("top_discharge_location_cost", [
        "Patients discharged to which destination had the most expensive admissions on average? Consider "
        "destinations with at least 3 priced admissions.",
        "Which discharge destination has the highest mean admission cost (only destinations with 3 or more "
        "priced admissions)?",
        "Grouping priced admissions by where the patient went at discharge (3 or more admissions each), which "
        "destination has the highest average cost?",
    ], ONE, with_cost() + """,
per_location AS (
    SELECT discharge_location, avg(total_usd) AS usd FROM adm_cost
    WHERE discharge_location IS NOT NULL GROUP BY discharge_location HAVING count(*) >= 3
),
""" + argmax("per_location", "discharge_location", "usd") + "\n", "string"),

    C("costliest_patients", [
        "Which {k} patients had the highest total hospital cost over all their priced admissions? Give their "
        "patient ids, highest first.",
        "List the {k} patients (ids) with the largest cumulative admission costs under the ehr-tui cost schedule, "
        "in descending order.",
        "Ranked by the sum of their admission costs, who are the top {k} patients (subject ids)?",
    ], ONE, with_cost() + """,
per_patient AS (SELECT subject_id, sum(total_usd) AS usd FROM adm_cost GROUP BY subject_id),
""" + top_k("per_patient", "subject_id", "usd") + "\n", "list", grid={"k": (3, 5)}, rows="k"),
]
