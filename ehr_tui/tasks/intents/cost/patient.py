"""Cost, patient level: what one patient's hospital care cost under the ehr-tui cost schedule."""

from __future__ import annotations

from .._common import argmax, maker
from .definitions import (
    APR_PATIENTS, HCPCS_PATIENTS, ICU_PRICED_PATIENTS, PATIENT_PRICED_DIAGNOSES, PRICED_PATIENTS,
    PRICED_PATIENTS_2PLUS, PROCEDURE_PATIENTS, drg_price_join, hcpcs_fee_join, priced_admission_patients,
    procedure_fee_join, says_schedule, with_cost,
)

T = maker("cost")
P = "patient"
NEEDS = ("cost_schedule",)
ME = "a.subject_id = {subject_id}"


def C(name, questions, params, sql, answer="number", **kw):
    """A cost template; each phrasing names the cost schedule (``says_schedule``) so money is never ambiguous."""
    return T(P, name, [says_schedule(q) for q in questions], params, sql, answer, needs=NEEDS, **kw)


TEMPLATES = [
    C("total_cost_all_admissions", [
        "What has patient {subject_id}'s hospital care cost in total, over all of their priced admissions, under "
        "the ehr-tui cost schedule? Give USD rounded to 2 decimal places.",
        "Adding up every priced admission of patient {subject_id}, what is the total cost in USD (2 decimal places)?",
        "Total bill for patient {subject_id} across all hospitalisations, priced with the cost schedule, in USD to "
        "2 decimal places?",
    ], PRICED_PATIENTS, with_cost(ME) + """
SELECT round(sum(total_usd), 2) AS total_usd FROM adm_cost
"""),

    C("cost_first_admission", [
        "What did patient {subject_id}'s first hospital admission cost under the ehr-tui cost schedule, in USD "
        "rounded to 2 decimal places?",
        "Total cost of patient {subject_id}'s earliest admission (USD, 2 decimal places)?",
        "How much was patient {subject_id}'s index hospitalisation, their first one, priced at? USD to 2 decimals.",
    ], priced_admission_patients("first"), with_cost(ME) + """
SELECT round(total_usd, 2) AS total_usd FROM adm_cost WHERE adm_no = 1
""", family="cost_of_one_admission"),

    C("cost_latest_admission", [
        "What did patient {subject_id}'s most recent hospital admission cost under the ehr-tui cost schedule, in "
        "USD rounded to 2 decimal places?",
        "Total cost of patient {subject_id}'s latest admission (USD, 2 decimal places)?",
        "How much was patient {subject_id}'s last hospitalisation priced at? USD to 2 decimals.",
    ], priced_admission_patients("latest"), with_cost(ME) + """
SELECT round(total_usd, 2) AS total_usd FROM adm_cost WHERE adm_rev = 1
""", family="cost_of_one_admission"),

    C("costliest_admission", [
        "Which of patient {subject_id}'s hospital admissions was the most expensive under the ehr-tui cost "
        "schedule? Give its admission id.",
        "Give the admission id of patient {subject_id}'s costliest hospitalisation.",
        "Of all of patient {subject_id}'s priced admissions, which one (admission id) cost the most?",
    ], PRICED_PATIENTS_2PLUS, with_cost(ME, ",\n" + argmax("adm_cost", "hadm_id", "total_usd")) + "\n",
      family="costliest_admission"),

    C("cheapest_admission", [
        "Which of patient {subject_id}'s priced hospital admissions was the least expensive under the ehr-tui cost "
        "schedule? Give its admission id.",
        "Give the admission id of patient {subject_id}'s cheapest priced hospitalisation.",
        "Of all of patient {subject_id}'s priced admissions, which one (admission id) cost the least?",
    ], PRICED_PATIENTS_2PLUS, with_cost(ME, ",\n" + argmax("adm_cost", "hadm_id", "-total_usd")) + "\n",
      family="costliest_admission"),

    C("mean_cost_per_admission", [
        "On average, what did one of patient {subject_id}'s priced hospital admissions cost? USD rounded to 2 "
        "decimal places.",
        "Mean cost per priced admission for patient {subject_id}, in USD to 2 decimal places?",
        "Averaged over their priced hospitalisations, how much did each admission of patient {subject_id} cost "
        "(USD, 2 decimal places)?",
    ], PRICED_PATIENTS_2PLUS, with_cost(ME) + """
SELECT round(avg(total_usd), 2) AS mean_usd FROM adm_cost
"""),

    C("cost_change_first_to_latest", [
        "How much more (or less, as a negative number) did patient {subject_id}'s most recent admission cost than "
        "their first one? USD rounded to 2 decimal places.",
        "Cost of patient {subject_id}'s latest admission minus the cost of their first admission, in USD to 2 "
        "decimals?",
        "By how many USD did the cost of patient {subject_id}'s hospitalisations change from the first to the most "
        "recent one (latest minus first, 2 decimal places)?",
    ], PRICED_PATIENTS_2PLUS, with_cost(ME) + """
SELECT round(max(total_usd) FILTER (WHERE adm_rev = 1) - max(total_usd) FILTER (WHERE adm_no = 1), 2)
       AS change_usd
FROM adm_cost
"""),

    C("cost_per_day_latest", [
        "What did patient {subject_id}'s most recent admission cost per day in hospital? USD per day rounded to 2 "
        "decimal places.",
        "Cost per hospital day of patient {subject_id}'s latest admission (USD/day, 2 decimal places)?",
        "Divide the cost of patient {subject_id}'s last hospitalisation by its length of stay: how many USD per "
        "day is that, to 2 decimals?",
    ], priced_admission_patients("latest"), with_cost(ME) + """
SELECT round(total_usd / los_days, 2) AS usd_per_day FROM adm_cost WHERE adm_rev = 1 AND los_days > 0
""", family="cost_per_day"),

    C("cost_per_day_first", [
        "What did patient {subject_id}'s first admission cost per day in hospital? USD per day rounded to 2 "
        "decimal places.",
        "Cost per hospital day of patient {subject_id}'s earliest admission (USD/day, 2 decimal places)?",
        "Divide the cost of patient {subject_id}'s first hospitalisation by its length of stay: how many USD per "
        "day, to 2 decimals?",
    ], priced_admission_patients("first"), with_cost(ME) + """
SELECT round(total_usd / los_days, 2) AS usd_per_day FROM adm_cost WHERE adm_no = 1 AND los_days > 0
""", family="cost_per_day"),

    C("procedure_share_costliest", [
        "In patient {subject_id}'s most expensive admission, what percentage of the cost came from procedure fees? "
        "Round to 1 decimal place.",
        "What share (%) of the cost of patient {subject_id}'s costliest hospitalisation was for procedures, to 1 "
        "decimal place?",
        "Of the total for patient {subject_id}'s highest-cost admission, what percent were procedure fees (1 "
        "decimal place)?",
    ], PRICED_PATIENTS, with_cost(ME, """,
ranked AS (SELECT proc_usd, total_usd, rank() OVER (ORDER BY total_usd DESC) AS rk FROM adm_cost)""") + """
SELECT round(100.0 * proc_usd / total_usd, 1) AS pct_procedures FROM ranked WHERE rk = 1
"""),

    C("drg_price_latest", [
        "What was the MS-DRG price of patient {subject_id}'s most recent admission under the ehr-tui cost schedule "
        "(USD, 2 decimal places)?",
        "Under the cost schedule, how much is the HCFA DRG of patient {subject_id}'s latest hospitalisation worth, "
        "in USD to 2 decimals?",
        "Price, in USD to 2 decimal places, of the MS-DRG billed for patient {subject_id}'s last admission?",
    ], priced_admission_patients("latest"), with_cost(ME) + """
SELECT round(drg_usd, 2) AS drg_usd FROM adm_cost WHERE adm_rev = 1
"""),

    C("apr_price_latest", [
        "At its APR severity of illness, what is the APR-DRG of patient {subject_id}'s most recent APR-coded "
        "admission priced at under the ehr-tui cost schedule? USD, 2 decimal places.",
        "Price in USD (2 decimal places) of the APR-DRG, at its coded severity, for the latest of patient "
        "{subject_id}'s admissions that has an APR-DRG.",
        "Under the cost schedule, what is the APR-DRG price of patient {subject_id}'s last APR-coded "
        "hospitalisation (USD to 2 decimals)?",
    ], APR_PATIENTS, f"""
WITH apr AS (
    SELECT a.hadm_id, sum(p.price_usd) AS apr_usd,
           dense_rank() OVER (ORDER BY a.admittime DESC, a.hadm_id DESC) AS k
    FROM mimiciv_hosp.drgcodes d
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
    {drg_price_join()}
    WHERE a.subject_id = {{subject_id}} AND d.drg_type = 'APR'
    GROUP BY a.hadm_id, a.admittime
)
SELECT round(apr_usd, 2) AS apr_usd FROM apr WHERE k = 1
"""),

    C("apr_minus_drg_latest", [
        "For patient {subject_id}'s most recent admission that has both an MS-DRG and an APR-DRG, how much higher "
        "is the APR-DRG price (at its severity) than the MS-DRG price? USD, 2 decimal places, negative if lower.",
        "APR-DRG price minus MS-DRG price of the latest of patient {subject_id}'s admissions coded with both, in "
        "USD to 2 decimals?",
        "How do the two DRG prices of patient {subject_id}'s last doubly coded admission compare: APR minus HCFA, "
        "in USD to 2 decimal places?",
    ], APR_PATIENTS, with_cost(ME, f""",
apr AS (
    SELECT d.hadm_id, sum(p.price_usd) AS apr_usd
    FROM mimiciv_hosp.drgcodes d
    {drg_price_join()}
    WHERE d.drg_type = 'APR' AND d.subject_id = {{subject_id}}
    GROUP BY d.hadm_id
),
both_codes AS (
    SELECT c.drg_usd, apr.apr_usd, row_number() OVER (ORDER BY c.admittime DESC, c.hadm_id DESC) AS k
    FROM adm_cost c JOIN apr ON apr.hadm_id = c.hadm_id
)""") + """
SELECT round(apr_usd - drg_usd, 2) AS difference_usd FROM both_codes WHERE k = 1
"""),

    C("procedure_fees_first_procedural_admission", [
        "What were the procedure fees of patient {subject_id}'s first admission in which any procedure was "
        "billed, under the ehr-tui cost schedule? USD.",
        "In the earliest of patient {subject_id}'s hospitalisations with billed procedures, how much did the "
        "procedures cost in total (USD)?",
        "Sum of the procedure fees, in USD, for the first admission of patient {subject_id} that had procedures "
        "coded.",
    ], PROCEDURE_PATIENTS, f"""
WITH proc_adm AS (
    SELECT a.hadm_id, dense_rank() OVER (ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}}
      AND EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd x WHERE x.hadm_id = a.hadm_id)
)
SELECT sum(f.fee_usd) AS procedure_usd
FROM proc_adm
JOIN mimiciv_hosp.procedures_icd pr ON pr.hadm_id = proc_adm.hadm_id
{procedure_fee_join()}
WHERE proc_adm.k = 1
"""),

    C("costliest_procedure", [
        "Which of patient {subject_id}'s billed procedures carried the highest fee under the ehr-tui cost "
        "schedule? Give its full title.",
        "What is the full title of the most expensive procedure ever billed for patient {subject_id}?",
        "Name (full title) the single procedure of patient {subject_id} with the largest fee.",
    ], PROCEDURE_PATIENTS, f"""
WITH fees AS (
    SELECT DISTINCT dp.long_title, f.fee_usd
    FROM mimiciv_hosp.procedures_icd pr
    JOIN mimiciv_hosp.d_icd_procedures dp ON dp.icd_code = pr.icd_code AND dp.icd_version = pr.icd_version
    {procedure_fee_join()}
    WHERE pr.subject_id = {{subject_id}}
),
""" + argmax("fees", "long_title", "fee_usd") + "\n", "string"),

    C("top_fee_chapter", [
        "Which procedure chapter of the ehr-tui cost schedule accounts for the largest share of patient "
        "{subject_id}'s procedure fees over all admissions?",
        "For patient {subject_id}, in which chapter of procedures was the most money spent under the cost "
        "schedule?",
        "Summing patient {subject_id}'s procedure fees by schedule chapter, which chapter comes out highest?",
    ], PROCEDURE_PATIENTS, f"""
WITH chapters AS (
    SELECT f.chapter, sum(f.fee_usd) AS usd
    FROM mimiciv_hosp.procedures_icd pr
    {procedure_fee_join()}
    WHERE pr.subject_id = {{subject_id}}
    GROUP BY f.chapter
),
""" + argmax("chapters", "chapter", "usd") + "\n", "string"),

    C("hcpcs_fees_total", [
        "How much did patient {subject_id}'s billed HCPCS/CPT services cost in total under the ehr-tui cost "
        "schedule (USD)?",
        "Total of patient {subject_id}'s HCPCS/CPT service fees over all admissions, in USD?",
        "Under the cost schedule, what do all the CPT/HCPCS-billed services of patient {subject_id} add up to "
        "(USD)?",
    ], HCPCS_PATIENTS, f"""
SELECT sum(hf.fee_usd) AS hcpcs_usd
FROM mimiciv_hosp.hcpcsevents h
{hcpcs_fee_join()}
WHERE h.subject_id = {{subject_id}}
"""),

    C("hcpcs_top_section", [
        "In which section of the HCPCS/CPT fee schedule did patient {subject_id} incur the highest total service "
        "fees?",
        "Grouping patient {subject_id}'s billed CPT/HCPCS services by fee-schedule section, which section cost the "
        "most?",
        "Which fee-schedule section accounts for most of patient {subject_id}'s HCPCS/CPT charges?",
    ], HCPCS_PATIENTS, f"""
WITH sections AS (
    SELECT hf.section, sum(hf.fee_usd) AS usd
    FROM mimiciv_hosp.hcpcsevents h
    {hcpcs_fee_join()}
    WHERE h.subject_id = {{subject_id}}
    GROUP BY hf.section
),
""" + argmax("sections", "section", "usd") + "\n", "string"),

    C("cost_icu_admissions", [
        "What did the hospital admissions in which patient {subject_id} spent time in an ICU cost altogether? USD "
        "rounded to 2 decimal places.",
        "Total cost (USD, 2 decimal places) of patient {subject_id}'s priced admissions that included an ICU stay?",
        "Summed over the hospitalisations with intensive care, how much did patient {subject_id}'s care cost (USD "
        "to 2 decimals)?",
    ], ICU_PRICED_PATIENTS, with_cost(ME) + """
SELECT round(sum(c.total_usd), 2) AS total_usd
FROM adm_cost c
WHERE c.hadm_id IN (SELECT i.hadm_id FROM mimiciv_icu.icustays i)
"""),

    C("cost_first_icu_admission", [
        "What did the hospital admission of patient {subject_id}'s first ICU stay cost? USD rounded to 2 decimal "
        "places.",
        "Cost in USD (2 decimals) of the admission during which patient {subject_id} was first admitted to "
        "intensive care?",
        "Patient {subject_id}'s first ICU stay: what was the total cost of the hospitalisation it belonged to (USD, "
        "2 decimal places)?",
    ], ICU_PRICED_PATIENTS, with_cost(ME, """,
first_stay AS (
    SELECT i.hadm_id FROM mimiciv_icu.icustays i WHERE i.subject_id = {subject_id}
    ORDER BY i.intime, i.stay_id LIMIT 1
)""") + """
SELECT round(c.total_usd, 2) AS total_usd FROM adm_cost c JOIN first_stay s ON s.hadm_id = c.hadm_id
"""),

    C("procedure_fees_during_first_icu_stay", [
        "What were the fees of the procedures performed on patient {subject_id} on the days of their first ICU "
        "stay (from the day of ICU admission to the day of ICU discharge)? USD.",
        "Under the cost schedule, how much did the procedures dated within patient {subject_id}'s first ICU stay "
        "(ICU admission day through ICU discharge day) cost, in USD?",
        "Sum the fees (USD) of patient {subject_id}'s procedures done between the calendar day they first entered "
        "the ICU and the day they left it.",
    ], """
SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i
JOIN mimiciv_hosp.procedures_icd pr ON pr.subject_id = i.subject_id
""", f"""
WITH first_stay AS (
    SELECT i.intime, i.outtime FROM mimiciv_icu.icustays i WHERE i.subject_id = {{subject_id}}
    ORDER BY i.intime, i.stay_id LIMIT 1
)
SELECT coalesce(sum(f.fee_usd), 0) AS procedure_usd
FROM first_stay s
LEFT JOIN mimiciv_hosp.procedures_icd pr
  ON pr.subject_id = {{subject_id}} AND pr.chartdate BETWEEN CAST(s.intime AS DATE) AND CAST(s.outtime AS DATE)
LEFT {procedure_fee_join()}
"""),

    C("cost_readmissions", [
        "What did patient {subject_id}'s 30-day readmissions cost in total? USD rounded to 2 decimal places.",
        "Total cost (USD, 2 decimals) of the priced admissions of patient {subject_id} that began within 30 days "
        "of a previous discharge?",
        "How much did patient {subject_id}'s early readmissions (within 30 days of the prior discharge) cost "
        "altogether, in USD to 2 decimal places?",
    ], """
SELECT DISTINCT subject_id FROM (
    SELECT a.subject_id, a.hadm_id, a.admittime,
           lag(a.dischtime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS prev_disch
    FROM mimiciv_hosp.admissions a
) x WHERE admittime >= prev_disch AND admittime <= prev_disch + INTERVAL 30 DAY
  AND hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
""", with_cost(ME, """,
readmit AS (
    SELECT a.hadm_id, a.admittime,
           lag(a.dischtime) OVER (ORDER BY a.admittime, a.hadm_id) AS prev_disch
    FROM mimiciv_hosp.admissions a WHERE a.subject_id = {subject_id}
)""") + """
SELECT round(sum(c.total_usd), 2) AS total_usd
FROM adm_cost c JOIN readmit r ON r.hadm_id = c.hadm_id
WHERE r.admittime >= r.prev_disch AND r.admittime <= r.prev_disch + INTERVAL 30 DAY
"""),

    C("cost_with_diagnosis", [
        "What did patient {subject_id}'s hospital admissions coded with {diagnosis} (ICD-{icd_version} "
        "{icd_code}) cost in total? USD rounded to 2 decimal places.",
        "Total cost (USD, 2 decimals) of the priced admissions in which patient {subject_id} had the diagnosis "
        "{diagnosis} (ICD-{icd_version} code {icd_code})?",
        "Summing the admissions where {diagnosis} (ICD-{icd_version} {icd_code}) was recorded for patient "
        "{subject_id}, what was the cost in USD to 2 decimal places?",
    ], PATIENT_PRICED_DIAGNOSES, with_cost(ME) + """
SELECT round(sum(c.total_usd), 2) AS total_usd
FROM adm_cost c
WHERE c.hadm_id IN (SELECT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
                    WHERE dx.icd_code = {icd_code} AND dx.icd_version = {icd_version})
"""),

    C("cost_first_drug_admission", [
        "What did the first hospital admission in which patient {subject_id} was prescribed {drug} cost? USD "
        "rounded to 2 decimal places.",
        "Cost (USD, 2 decimals) of patient {subject_id}'s earliest admission with a prescription for {drug}?",
        "Patient {subject_id} was first put on {drug} in some hospitalisation: what did that admission cost, in "
        "USD to 2 decimal places?",
    ], """
SELECT DISTINCT r.subject_id, lower(trim(r.drug)) AS drug FROM mimiciv_hosp.prescriptions r
WHERE r.drug_type = 'MAIN' AND trim(r.drug) <> ''
  AND r.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
""", with_cost(ME, """,
drug_adm AS (
    SELECT c.total_usd, c.hadm_id, rank() OVER (ORDER BY c.admittime, c.hadm_id) AS k
    FROM adm_cost c
    WHERE c.hadm_id IN (SELECT r.hadm_id FROM mimiciv_hosp.prescriptions r
                        WHERE r.drug_type = 'MAIN' AND lower(trim(r.drug)) = {drug})
)""") + """
SELECT round(total_usd, 2) AS total_usd FROM drug_adm WHERE k = 1
"""),

    C("cost_longest_admission", [
        "What did patient {subject_id}'s longest priced hospital admission cost? USD rounded to 2 decimal places.",
        "Cost in USD (2 decimals) of the priced admission in which patient {subject_id} stayed longest?",
        "Of patient {subject_id}'s priced hospitalisations, take the one with the longest length of stay: what did "
        "it cost (USD, 2 decimal places)?",
    ], PRICED_PATIENTS_2PLUS, with_cost(ME, """,
ranked AS (SELECT total_usd, rank() OVER (ORDER BY los_days DESC) AS rk FROM adm_cost)""") + """
SELECT round(total_usd, 2) AS total_usd FROM ranked WHERE rk = 1
"""),

    C("procedure_fees_early_first_admission", [
        "In patient {subject_id}'s first hospital admission, what did the procedures performed within {days} "
        "day(s) after the day of admission cost? USD.",
        "Fees (USD) of the procedures dated from the admission day up to {days} day(s) later, in patient "
        "{subject_id}'s earliest admission?",
        "How much, in USD, did patient {subject_id}'s procedures in the first {days} day(s) after the admission "
        "day of their first hospitalisation cost (admission day included)?",
    ], PROCEDURE_PATIENTS, f"""
WITH first_adm AS (
    SELECT a.hadm_id, a.admittime FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}
    ORDER BY a.admittime, a.hadm_id LIMIT 1
)
SELECT coalesce(sum(f.fee_usd), 0) AS procedure_usd
FROM first_adm fa
LEFT JOIN mimiciv_hosp.procedures_icd pr
  ON pr.hadm_id = fa.hadm_id AND pr.chartdate <= CAST(fa.admittime AS DATE) + {{days}}
LEFT {procedure_fee_join()}
""", grid={"days": (1, 3)}),

    C("drg_share_of_total", [
        "What percentage of patient {subject_id}'s total hospital cost, over all priced admissions, is made up by "
        "DRG prices? Round to 1 decimal place.",
        "Across all priced admissions of patient {subject_id}, what share (%) of the cost is the MS-DRG part, to 1 "
        "decimal place?",
        "Of everything patient {subject_id}'s admissions cost under the cost schedule, what percent came from the DRG "
        "prices (1 decimal place)?",
    ], PRICED_PATIENTS, with_cost(ME) + """
SELECT round(100.0 * sum(drg_usd) / sum(total_usd), 1) AS pct_drg FROM adm_cost
"""),

    C("admissions_over_cost", [
        "How many of patient {subject_id}'s hospital admissions cost more than {usd} USD under the ehr-tui cost "
        "schedule?",
        "Count patient {subject_id}'s priced admissions whose total cost exceeded {usd} USD.",
        "In how many hospitalisations did patient {subject_id}'s costs go above {usd} USD?",
    ], PRICED_PATIENTS_2PLUS, with_cost(ME) + """
SELECT count(*) AS n_admissions FROM adm_cost WHERE total_usd > {usd}
""", grid={"usd": (15000, 25000, 40000)}),
]
