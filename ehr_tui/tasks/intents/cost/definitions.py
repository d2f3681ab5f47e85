"""The cost conventions as SQL: how the ehr-tui cost schedule prices a billed item and an admission.

Each rule is stated once in words in ``CONVENTIONS`` (``cost/__init__.py``), which reaches agents through
the system prompt; the gold SQL uses exactly these expressions.
"""

from __future__ import annotations


def drg_price_join(d: str = "d", p: str = "p") -> str:
    """Price a DRG row ``d`` (HCFA rows have no severity, APR rows are priced at their severity)."""
    return (f"JOIN ehr_tui_ref.drg_price {p} ON {p}.drg_type = {d}.drg_type AND {p}.drg_code = {d}.drg_code "
            f"AND {p}.drg_severity IS NOT DISTINCT FROM {d}.drg_severity")


def procedure_fee_join(pr: str = "pr", f: str = "f") -> str:
    """Fee of a billed ICD procedure ``pr``: the schedule row of its version whose prefix starts its code."""
    return (f"JOIN ehr_tui_ref.icd_procedure_fee {f} ON {f}.icd_version = {pr}.icd_version "
            f"AND starts_with({pr}.icd_code, {f}.code_prefix)")


def hcpcs_fee_join(h: str = "h", f: str = "hf") -> str:
    return f"JOIN ehr_tui_ref.hcpcs_fee {f} ON {f}.code = {h}.hcpcs_cd"


def admission_cost(where: str = "TRUE", name: str = "adm_cost") -> str:
    """CTEs ending in ``name``: one row per *priced* admission (one with an MS-DRG, i.e. HCFA, code) with its
    DRG price, procedure fees, HCPCS fees, total, length of stay and its number among all of the patient's
    admissions (adm_no from the first, adm_rev from the most recent). ``where`` filters admissions (alias a)
    before numbering, so keep it to patient / admission attributes."""
    return f"""drg_usd AS (
    SELECT d.hadm_id, sum(p.price_usd) AS usd
    FROM mimiciv_hosp.drgcodes d
    {drg_price_join()}
    WHERE d.drg_type = 'HCFA'
    GROUP BY d.hadm_id
),
proc_usd AS (
    SELECT pr.hadm_id, sum(f.fee_usd) AS usd, count(*) AS n_procedures
    FROM mimiciv_hosp.procedures_icd pr
    {procedure_fee_join()}
    GROUP BY pr.hadm_id
),
hcpcs_usd AS (
    SELECT h.hadm_id, sum(hf.fee_usd) AS usd
    FROM mimiciv_hosp.hcpcsevents h
    {hcpcs_fee_join()}
    GROUP BY h.hadm_id
),
numbered AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime, a.admission_type, a.insurance,
           a.hospital_expire_flag, a.discharge_location,
           date_diff('second', a.admittime, a.dischtime) / 86400.0 AS los_days,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime DESC, a.hadm_id DESC) AS adm_rev
    FROM mimiciv_hosp.admissions a
    WHERE {where}
),
{name} AS (
    SELECT n.*, du.usd AS drg_usd, coalesce(pu.usd, 0) AS proc_usd, coalesce(hu.usd, 0) AS hcpcs_usd,
           coalesce(pu.n_procedures, 0) AS n_procedures,
           du.usd + coalesce(pu.usd, 0) + coalesce(hu.usd, 0) AS total_usd
    FROM numbered n
    JOIN drg_usd du ON du.hadm_id = n.hadm_id
    LEFT JOIN proc_usd pu ON pu.hadm_id = n.hadm_id
    LEFT JOIN hcpcs_usd hu ON hu.hadm_id = n.hadm_id
)"""


def with_cost(where: str = "TRUE", extra: str = "") -> str:
    """``WITH`` + the admission cost CTEs (+ further CTEs in ``extra``, starting with a comma)."""
    return "WITH " + admission_cost(where) + extra


# ---------------------------------------------------------------------------------------------- candidates

# patients with at least one priced admission / two priced admissions
PRICED_PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA'"
PRICED_PATIENTS_2PLUS = ("SELECT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA' GROUP BY subject_id "
                         "HAVING count(DISTINCT hadm_id) >= 2")
# patients whose first / most recent admission is priced
def priced_admission_patients(which: str) -> str:
    order = "a.admittime, a.hadm_id" if which == "first" else "a.admittime DESC, a.hadm_id DESC"
    return f"""
SELECT subject_id FROM (
    SELECT a.subject_id, a.hadm_id, row_number() OVER (PARTITION BY a.subject_id ORDER BY {order}) AS k
    FROM mimiciv_hosp.admissions a
) x WHERE k = 1 AND hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
"""


PROCEDURE_PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_hosp.procedures_icd"
HCPCS_PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_hosp.hcpcsevents"
APR_PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'APR'"
ICU_PRICED_PATIENTS = f"""
SELECT DISTINCT i.subject_id FROM mimiciv_icu.icustays i
WHERE i.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
"""

# (patient, diagnosis) pairs coded in a priced admission, with the diagnosis title
PATIENT_PRICED_DIAGNOSES = """
SELECT DISTINCT dx.subject_id, dx.icd_code, dx.icd_version, dd.long_title AS diagnosis
FROM mimiciv_hosp.diagnoses_icd dx
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = dx.icd_code AND dd.icd_version = dx.icd_version
WHERE dx.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
"""


def common_priced_diagnoses(n: int = 5) -> str:
    """Diagnoses coded in at least ``n`` priced admissions (and absent from at least one), with their title."""
    return f"""
SELECT dx.icd_code, dx.icd_version, min(dd.long_title) AS diagnosis
FROM mimiciv_hosp.diagnoses_icd dx
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = dx.icd_code AND dd.icd_version = dx.icd_version
WHERE dx.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
GROUP BY dx.icd_code, dx.icd_version HAVING count(DISTINCT dx.hadm_id) >= {n}
"""


# drugs (main drug of an order, trimmed and lower case as the medications intent compares them)
def common_priced_drugs(n: int = 5) -> str:
    return f"""
SELECT lower(trim(r.drug)) AS drug FROM mimiciv_hosp.prescriptions r
WHERE r.drug_type = 'MAIN' AND trim(r.drug) <> ''
  AND r.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
GROUP BY lower(trim(r.drug)) HAVING count(DISTINCT r.hadm_id) >= {n}
"""


PRICED_ADMISSION_TYPES = """
SELECT a.admission_type FROM mimiciv_hosp.admissions a
WHERE a.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
GROUP BY a.admission_type HAVING count(*) >= 3
"""
PRICED_INSURANCE = """
SELECT a.insurance FROM mimiciv_hosp.admissions a
WHERE a.insurance IS NOT NULL AND a.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
GROUP BY a.insurance HAVING count(*) >= 3
"""
PRICED_CAREUNITS = """
SELECT i.first_careunit AS careunit FROM mimiciv_icu.icustays i
WHERE i.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
GROUP BY i.first_careunit HAVING count(DISTINCT i.hadm_id) >= 3
"""
GENDERS = "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)"


# where " under the cost schedule" reads best: before the units / rounding clause, else before the "?"
_SCHEDULE_BEFORE = (" (USD", ", to ", " to 1 decimal", " to 2 decimal", " to 3 decimal", ", in USD", " in USD", "?")


def says_schedule(question: str) -> str:
    """The phrasing, saying where its money comes from: " under the cost schedule" goes before the units or
    rounding clause (or the question mark, or the final full stop) of a phrasing that does not name it."""
    if "cost schedule" in question:
        return question
    cuts = [question.find(m) for m in _SCHEDULE_BEFORE if m in question]
    cut = min(cuts) if cuts else (len(question) - 1 if question.endswith(".") else len(question))
    return question[:cut] + " under the cost schedule" + question[cut:]
