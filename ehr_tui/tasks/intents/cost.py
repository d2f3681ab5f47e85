"""Cost: billing (DRG codes with APR severity / mortality, HCPCS events, ICD procedures).

Every monetary figure comes from the ehr-tui cost schedule (``ehr_tui.tasks.cost``, schema
``ehr_tui_ref`` in the database); questions that use it say so and need it installed.
"""

from __future__ import annotations

from ._common import admissions_cte, argmax, maker, top_k

T = maker("cost")
SCHEDULE = "according to the ehr-tui cost schedule (ehr_tui_ref)"
NEEDS = ("cost_schedule",)

# Per-admission cost under the schedule: HCFA DRG price + ICD procedure fees + HCPCS fees.
ADMISSION_COST = """drg_cost AS (
    SELECT d.hadm_id, sum(p.price_usd) AS drg_usd
    FROM mimiciv_hosp.drgcodes d
    JOIN ehr_tui_ref.drg_price p
      ON p.drg_type = d.drg_type AND p.drg_code = d.drg_code AND p.drg_severity IS NOT DISTINCT FROM d.drg_severity
    WHERE d.drg_type = 'HCFA'
    GROUP BY d.hadm_id
),
proc_cost AS (
    SELECT pr.hadm_id, sum(f.fee_usd) AS proc_usd
    FROM mimiciv_hosp.procedures_icd pr
    JOIN ehr_tui_ref.icd_procedure_fee f
      ON f.icd_version = pr.icd_version AND starts_with(pr.icd_code, f.code_prefix)
    GROUP BY pr.hadm_id
),
hcpcs_cost AS (
    SELECT h.hadm_id, sum(f.fee_usd) AS hcpcs_usd
    FROM mimiciv_hosp.hcpcsevents h
    JOIN ehr_tui_ref.hcpcs_fee f ON f.code = h.hcpcs_cd
    GROUP BY h.hadm_id
),
adm_cost AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.admission_type, a.insurance,
           coalesce(dc.drg_usd, 0) + coalesce(pc.proc_usd, 0) + coalesce(hc.hcpcs_usd, 0) AS total_usd
    FROM mimiciv_hosp.admissions a
    LEFT JOIN drg_cost dc ON dc.hadm_id = a.hadm_id
    LEFT JOIN proc_cost pc ON pc.hadm_id = a.hadm_id
    LEFT JOIN hcpcs_cost hc ON hc.hadm_id = a.hadm_id
    WHERE {where}
)"""


def admission_cost(where: str = "TRUE") -> str:
    return ADMISSION_COST.replace("{where}", where)


BILLED_PATIENTS = """
SELECT DISTINCT d.subject_id FROM mimiciv_hosp.drgcodes d WHERE d.drg_type = 'HCFA'
"""
APR_PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'APR'"
COST_NOTE = ("(cost = HCFA DRG price + ICD procedure fees + HCPCS fees " + SCHEDULE + ")")

TEMPLATES = [
    # ------------------------------------------------------------------ patient level
    T("patient", "first_admission_drg_price", [
        "What is the HCFA DRG price (USD) of patient {subject_id}'s first hospital admission " + SCHEDULE + "?",
        "Price the HCFA DRG of patient {subject_id}'s earliest admission in USD " + SCHEDULE + ".",
    ], BILLED_PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT sum(p.price_usd) AS usd
FROM adm
JOIN mimiciv_hosp.drgcodes d ON d.hadm_id = adm.hadm_id AND d.drg_type = 'HCFA'
JOIN ehr_tui_ref.drg_price p
  ON p.drg_type = d.drg_type AND p.drg_code = d.drg_code AND p.drg_severity IS NOT DISTINCT FROM d.drg_severity
WHERE adm.adm_no = 1
""", "number", needs=NEEDS),

    T("patient", "total_cost", [
        "What is the total cost in USD of all of patient {subject_id}'s hospital admissions " + COST_NOTE
        + "? Round to 2 decimal places.",
        "Add up the cost of every admission of patient {subject_id} " + COST_NOTE + ", in USD to 2 decimals.",
    ], BILLED_PATIENTS, "WITH " + admission_cost("a.subject_id = {subject_id}") + """
SELECT round(sum(total_usd), 2) AS usd FROM adm_cost
""", "number", needs=NEEDS),

    T("patient", "most_expensive_admission", [
        "Which of patient {subject_id}'s admissions (hadm_id) was the most expensive " + COST_NOTE + "?",
        "Give the hadm_id of patient {subject_id}'s costliest hospital admission " + COST_NOTE + ".",
    ], "SELECT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA' GROUP BY subject_id "
       "HAVING count(DISTINCT hadm_id) >= 2", "WITH " + admission_cost("a.subject_id = {subject_id}") + """,
""" + argmax("adm_cost", "hadm_id", "total_usd") + "\n", "number", needs=NEEDS),

    T("patient", "procedure_fees_first_admission", [
        "What were the total ICD procedure fees (USD) of patient {subject_id}'s first admission with billed "
        "procedures " + SCHEDULE + "?",
        "Sum the procedure fees in USD of the earliest of patient {subject_id}'s admissions that has ICD "
        "procedures " + SCHEDULE + ".",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.procedures_icd", """
WITH proc_adm AS (
    SELECT a.hadm_id, dense_rank() OVER (ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p WHERE p.hadm_id = a.hadm_id)
)
SELECT sum(f.fee_usd) AS usd
FROM proc_adm
JOIN mimiciv_hosp.procedures_icd pr ON pr.hadm_id = proc_adm.hadm_id
JOIN ehr_tui_ref.icd_procedure_fee f ON f.icd_version = pr.icd_version AND starts_with(pr.icd_code, f.code_prefix)
WHERE proc_adm.k = 1
""", "number", needs=NEEDS),

    T("patient", "procedure_chapters", [
        "Which procedure chapters " + SCHEDULE + " do patient {subject_id}'s billed ICD procedures fall in? List "
        "each chapter once.",
        "List the distinct cost-schedule chapters (ehr_tui_ref.icd_procedure_fee) of all ICD procedures billed for "
        "patient {subject_id}.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.procedures_icd", """
SELECT DISTINCT f.chapter
FROM mimiciv_hosp.procedures_icd pr
JOIN ehr_tui_ref.icd_procedure_fee f ON f.icd_version = pr.icd_version AND starts_with(pr.icd_code, f.code_prefix)
WHERE pr.subject_id = {subject_id}
""", "set", needs=NEEDS),

    T("patient", "cost_per_day_last_admission", [
        "What was the cost per hospital day (USD per day of stay, discharge minus admission time in days) of "
        "patient {subject_id}'s most recent admission " + COST_NOTE + "? Round to 2 decimals.",
        "Divide the cost of patient {subject_id}'s latest admission " + COST_NOTE + " by its length of stay in "
        "days (discharge minus admission time): USD per day, 2 decimals.",
    ], BILLED_PATIENTS, "WITH " + admission_cost("a.subject_id = {subject_id}") + """,
latest AS (
    SELECT c.total_usd, date_diff('second', a.admittime, a.dischtime) / 86400.0 AS los_days,
           row_number() OVER (ORDER BY a.admittime DESC, a.hadm_id DESC) AS k
    FROM adm_cost c JOIN mimiciv_hosp.admissions a ON a.hadm_id = c.hadm_id
)
SELECT round(total_usd / los_days, 2) AS usd_per_day FROM latest WHERE k = 1 AND los_days > 0
""", "number", needs=NEEDS),

    T("patient", "hcpcs_fees", [
        "What is the total HCPCS fee (USD) billed for patient {subject_id} over all admissions " + SCHEDULE + "?",
        "Sum patient {subject_id}'s HCPCS event fees in USD " + SCHEDULE + ".",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.hcpcsevents", """
SELECT sum(f.fee_usd) AS usd
FROM mimiciv_hosp.hcpcsevents h
JOIN ehr_tui_ref.hcpcs_fee f ON f.code = h.hcpcs_cd
WHERE h.subject_id = {subject_id}
""", "number", needs=NEEDS),

    T("patient", "apr_severity_latest", [
        "What APR-DRG severity of illness (1-4) was coded for patient {subject_id}'s most recent admission with an "
        "APR DRG?",
        "Give the APR DRG severity (drg_severity) of the latest of patient {subject_id}'s admissions that has an "
        "APR code.",
    ], APR_PATIENTS, """
WITH apr AS (
    SELECT d.drg_severity, dense_rank() OVER (ORDER BY a.admittime DESC, a.hadm_id DESC) AS k
    FROM mimiciv_hosp.drgcodes d
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
    WHERE d.subject_id = {subject_id} AND d.drg_type = 'APR'
)
SELECT DISTINCT drg_severity FROM apr WHERE k = 1
""", "number"),

    T("patient", "apr_max_mortality", [
        "What is the highest APR-DRG risk of mortality (drg_mortality, 1-4) coded across patient {subject_id}'s "
        "admissions?",
        "Across all of patient {subject_id}'s APR DRG codes, what is the maximum risk-of-mortality score?",
    ], APR_PATIENTS, """
SELECT max(d.drg_mortality) AS max_mortality
FROM mimiciv_hosp.drgcodes d
WHERE d.subject_id = {subject_id} AND d.drg_type = 'APR'
""", "number"),

    T("patient", "apr_severity_change", [
        "How did the APR-DRG severity of illness change between patient {subject_id}'s first and last admissions "
        "with an APR DRG (last minus first)?",
        "Patient {subject_id}: APR severity of the latest APR-coded admission minus that of the earliest one?",
    ], "SELECT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'APR' GROUP BY subject_id "
       "HAVING count(DISTINCT hadm_id) >= 2", """
WITH apr AS (
    SELECT d.hadm_id, max(d.drg_severity) AS severity, min(a.admittime) AS admittime
    FROM mimiciv_hosp.drgcodes d
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
    WHERE d.subject_id = {subject_id} AND d.drg_type = 'APR'
    GROUP BY d.hadm_id
),
ordered AS (
    SELECT severity,
           row_number() OVER (ORDER BY admittime, hadm_id) AS first_k,
           row_number() OVER (ORDER BY admittime DESC, hadm_id DESC) AS last_k
    FROM apr
)
SELECT max(CASE WHEN last_k = 1 THEN severity END) - max(CASE WHEN first_k = 1 THEN severity END) AS change
FROM ordered
""", "number"),

    T("patient", "drg_description_first", [
        "What was the HCFA DRG description of patient {subject_id}'s first admission with a HCFA DRG?",
        "Give the description of the HCFA DRG billed for the earliest of patient {subject_id}'s HCFA-coded "
        "admissions.",
    ], BILLED_PATIENTS, """
WITH hcfa AS (
    SELECT d.description, dense_rank() OVER (ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.drgcodes d
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
    WHERE d.subject_id = {subject_id} AND d.drg_type = 'HCFA'
)
SELECT DISTINCT description FROM hcfa WHERE k = 1
""", "string"),

    T("patient", "procedure_count", [
        "How many ICD procedures were billed for patient {subject_id} across all admissions?",
        "Count the billed ICD procedure codes (procedures_icd rows) of patient {subject_id}.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.admissions", """
SELECT count(pr.icd_code) AS n
FROM mimiciv_hosp.admissions a
LEFT JOIN mimiciv_hosp.procedures_icd pr ON pr.hadm_id = a.hadm_id
WHERE a.subject_id = {subject_id}
""", "number"),

    T("patient", "costliest_procedure", [
        "Which billed ICD procedure of patient {subject_id} carried the highest fee " + SCHEDULE + "? Give its long "
        "title.",
        "What is the long title of patient {subject_id}'s most expensive billed ICD procedure " + SCHEDULE + "?",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.procedures_icd", """
WITH fees AS (
    SELECT DISTINCT dp.long_title, f.fee_usd
    FROM mimiciv_hosp.procedures_icd pr
    JOIN mimiciv_hosp.d_icd_procedures dp ON dp.icd_code = pr.icd_code AND dp.icd_version = pr.icd_version
    JOIN ehr_tui_ref.icd_procedure_fee f ON f.icd_version = pr.icd_version AND starts_with(pr.icd_code, f.code_prefix)
    WHERE pr.subject_id = {subject_id}
),
""" + argmax("fees", "long_title", "fee_usd") + "\n", "string", needs=NEEDS),

    # ------------------------------------------------------------------ population level
    T("population", "mean_drg_price_by_type", [
        "What is the average HCFA DRG price (USD) of '{admission_type}' admissions " + SCHEDULE + ", rounded to 2 "
        "decimal places?",
        "Average the HCFA DRG prices of admissions of type '{admission_type}' (USD, 2 decimals) " + SCHEDULE + ".",
    ], "SELECT DISTINCT a.admission_type FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.drgcodes d "
       "ON d.hadm_id = a.hadm_id WHERE d.drg_type = 'HCFA'", """
SELECT round(avg(p.price_usd), 2) AS mean_usd
FROM mimiciv_hosp.drgcodes d
JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
JOIN ehr_tui_ref.drg_price p
  ON p.drg_type = d.drg_type AND p.drg_code = d.drg_code AND p.drg_severity IS NOT DISTINCT FROM d.drg_severity
WHERE d.drg_type = 'HCFA' AND a.admission_type = {admission_type}
""", "number", needs=NEEDS),

    T("population", "top_drgs_by_revenue", [
        "Which {k} HCFA DRG descriptions bring in the most total revenue " + SCHEDULE + " (sum of DRG prices), "
        "highest first?",
        "List the top {k} HCFA DRGs (by description) ranked by total DRG price summed over admissions, " + SCHEDULE
        + ", in descending order.",
    ], "SELECT 1 AS one", """
WITH revenue AS (
    SELECT d.description, sum(p.price_usd) AS usd
    FROM mimiciv_hosp.drgcodes d
    JOIN ehr_tui_ref.drg_price p
      ON p.drg_type = d.drg_type AND p.drg_code = d.drg_code AND p.drg_severity IS NOT DISTINCT FROM d.drg_severity
    WHERE d.drg_type = 'HCFA'
    GROUP BY d.description
),
""" + top_k("revenue", "description", "usd") + "\n", "list", grid={"k": (3, 5)}, rows="k", needs=NEEDS),

    T("population", "admissions_by_apr_severity", [
        "How many hospital admissions were coded with APR-DRG severity of illness {severity}?",
        "Count admissions whose APR DRG has severity {severity}.",
    ], "SELECT DISTINCT drg_severity AS severity FROM mimiciv_hosp.drgcodes WHERE drg_type = 'APR' "
       "AND drg_severity IS NOT NULL", """
SELECT count(DISTINCT d.hadm_id) AS admissions
FROM mimiciv_hosp.drgcodes d
WHERE d.drg_type = 'APR' AND d.drg_severity = {severity}
""", "number"),

    T("population", "apr_mortality_died", [
        "What is the mean APR-DRG risk of mortality (1-4) of admissions that ended in in-hospital death, rounded to "
        "2 decimal places?",
        "Average drg_mortality over APR-coded admissions with hospital_expire_flag = 1 (2 decimals).",
    ], "SELECT 1 AS one", """
SELECT round(avg(d.drg_mortality), 2) AS mean_mortality
FROM mimiciv_hosp.drgcodes d
JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
WHERE d.drg_type = 'APR' AND a.hospital_expire_flag = 1
""", "number"),

    T("population", "hcpcs_fees_by_section", [
        "What is the total HCPCS fee (USD) billed for the '{section}' section " + SCHEDULE + "?",
        "Sum the fees of all billed HCPCS events whose schedule section is '{section}' (USD) " + SCHEDULE + ".",
    ], "SELECT DISTINCT f.section FROM mimiciv_hosp.hcpcsevents h JOIN ehr_tui_ref.hcpcs_fee f "
       "ON f.code = h.hcpcs_cd", """
SELECT sum(f.fee_usd) AS usd
FROM mimiciv_hosp.hcpcsevents h
JOIN ehr_tui_ref.hcpcs_fee f ON f.code = h.hcpcs_cd
WHERE f.section = {section}
""", "number", needs=NEEDS),

    T("population", "top_procedure_chapter", [
        "Which procedure chapter " + SCHEDULE + " accounts for the most billed ICD procedures?",
        "Which ehr_tui_ref.icd_procedure_fee chapter has the largest number of billed ICD procedures?",
    ], "SELECT 1 AS one", """
WITH chapters AS (
    SELECT f.chapter, count(*) AS n
    FROM mimiciv_hosp.procedures_icd pr
    JOIN ehr_tui_ref.icd_procedure_fee f ON f.icd_version = pr.icd_version AND starts_with(pr.icd_code, f.code_prefix)
    GROUP BY f.chapter
),
""" + argmax("chapters", "chapter") + "\n", "string", needs=NEEDS),

    T("population", "mean_cost_by_insurance", [
        "What is the mean admission cost (USD) for patients with '{insurance}' insurance " + COST_NOTE + ", rounded "
        "to 2 decimal places?",
        "Average the per-admission cost of '{insurance}'-insured admissions " + COST_NOTE + " (USD, 2 decimals).",
    ], "SELECT DISTINCT insurance FROM mimiciv_hosp.admissions WHERE insurance IS NOT NULL",
       "WITH " + admission_cost("a.insurance = {insurance}") + """
SELECT round(avg(total_usd), 2) AS mean_usd FROM adm_cost
""", "number", needs=NEEDS),

    T("population", "pct_high_severity_by_type", [
        "What percentage of APR-coded '{admission_type}' admissions had major or extreme severity of illness (APR "
        "drg_severity 3 or 4)? Round to 2 decimal places.",
        "Among '{admission_type}' admissions with an APR DRG, what share (%) has severity 3 or 4 (2 decimals)?",
    ], "SELECT DISTINCT a.admission_type FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.drgcodes d "
       "ON d.hadm_id = a.hadm_id WHERE d.drg_type = 'APR'", """
WITH apr AS (
    SELECT d.hadm_id, max(d.drg_severity) AS severity
    FROM mimiciv_hosp.drgcodes d
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
    WHERE d.drg_type = 'APR' AND a.admission_type = {admission_type}
    GROUP BY d.hadm_id
)
SELECT round(100.0 * count(*) FILTER (WHERE severity >= 3) / count(*), 2) AS pct FROM apr
""", "number"),

    T("population", "los_by_apr_severity", [
        "What is the mean hospital length of stay in days (discharge minus admission time) of admissions with "
        "APR-DRG severity {severity}, rounded to 2 decimal places?",
        "For admissions coded APR severity {severity}, average the length of stay in days (2 decimals).",
    ], "SELECT DISTINCT drg_severity AS severity FROM mimiciv_hosp.drgcodes WHERE drg_type = 'APR' "
       "AND drg_severity IS NOT NULL", "WITH " + admissions_cte() + """,
apr AS (SELECT DISTINCT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'APR' AND drg_severity = {severity})
SELECT round(avg(adm.los_days), 2) AS mean_days
FROM adm JOIN apr ON apr.hadm_id = adm.hadm_id
""", "number"),

    T("population", "top_hcpcs_codes", [
        "What are the {k} most frequently billed HCPCS codes, most frequent first?",
        "List the top {k} HCPCS/CPT codes by number of billed events, in descending order.",
    ], "SELECT 1 AS one", """
WITH counts AS (
    SELECT h.hcpcs_cd, count(*) AS n FROM mimiciv_hosp.hcpcsevents h GROUP BY h.hcpcs_cd
),
""" + top_k("counts", "hcpcs_cd") + "\n", "list", grid={"k": (2, 3, 5)}, rows="k"),

    T("population", "admissions_over_cost", [
        "How many hospital admissions cost more than {usd} USD " + COST_NOTE + "?",
        "Count admissions whose cost " + COST_NOTE + " exceeds {usd} USD.",
    ], "SELECT 1 AS one", "WITH " + admission_cost() + """
SELECT count(*) AS admissions FROM adm_cost WHERE total_usd > {usd}
""", "number", grid={"usd": (10000, 20000, 30000, 50000)}, needs=NEEDS),

    T("population", "median_cost_by_gender", [
        "What is the median admission cost (USD) of {gender_word} patients' admissions " + COST_NOTE + "?",
        "Give the median per-admission cost " + COST_NOTE + " over admissions of {gender_word} patients.",
    ], "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)", "WITH " + admission_cost() + """
SELECT median(c.total_usd) AS median_usd
FROM adm_cost c JOIN mimiciv_hosp.patients p ON p.subject_id = c.subject_id
WHERE p.gender = {gender}
""", "number", derived=("gender",), needs=NEEDS),

    T("population", "cost_vs_los_top_type", [
        "Which admission type has the highest mean cost per hospital day " + COST_NOTE + ", counting only "
        "admissions with a positive length of stay?",
        "By mean USD per day of stay (cost " + COST_NOTE + " divided by length of stay in days), which admission "
        "type is the most expensive?",
    ], "SELECT 1 AS one", "WITH " + admission_cost() + """,
per_day AS (
    SELECT c.admission_type, c.total_usd / (date_diff('second', a.admittime, a.dischtime) / 86400.0) AS usd_per_day
    FROM adm_cost c JOIN mimiciv_hosp.admissions a ON a.hadm_id = c.hadm_id
    WHERE a.dischtime > a.admittime
),
ranked AS (
    SELECT admission_type, rank() OVER (ORDER BY avg(usd_per_day) DESC) AS rk FROM per_day GROUP BY admission_type
)
SELECT admission_type FROM ranked WHERE rk = 1
""", "string", needs=NEEDS),
]
