"""SQL pieces shared by the lab templates: how a test is named, candidate parameter queries, time windows.

A test is a (label, fluid) pair of the lab dictionary with every item id that carries it (blood
glucose is reported by the chemistry and the blood-gas analysers under two ids); numeric
questions only use tests whose numeric results are all reported in one unit, so an aggregate
never mixes units. A result belongs to an admission when it was drawn between the admission and
discharge times (not by the admission id it is filed under: emergency-department draws before
the admission are filed under it, and some draws during a stay are filed under none).
"""

from __future__ import annotations

from ....sqltext import sql_literal

TEST = "{fluid} {lab}"  # how a question names a test: "Blood Potassium", "Urine Creatinine"
LAB_OF = "JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid}"
IN_ADM = "l.subject_id = adm.subject_id AND l.charttime BETWEEN adm.admittime AND adm.dischtime"


def numeric_labs(min_results: int) -> str:
    """Numeric tests reported in a single unit with at least ``min_results`` results: (lab, fluid, unit)."""
    return f"""
SELECT d.label AS lab, d.fluid AS fluid, min(l.valueuom) AS unit
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
WHERE l.valuenum IS NOT NULL AND d.label IS NOT NULL AND d.fluid IS NOT NULL AND length(d.label) > 1
GROUP BY d.label, d.fluid
HAVING count(DISTINCT l.valueuom) = 1 AND count(l.valueuom) = count(*) AND count(*) >= {int(min_results)}
"""


def flagged_labs(numeric: str) -> str:
    """Of ``numeric``, the tests the laboratory flags (abnormal flag present on some results)."""
    return """
SELECT n.lab, n.fluid, n.unit FROM (""" + numeric + """) n
WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
              WHERE d.label = n.lab AND d.fluid = n.fluid AND l.flag = 'abnormal')
"""


def ranged_labs(numeric: str) -> str:
    """Of ``numeric``, the tests with reference ranges on their results."""
    return """
SELECT n.lab, n.fluid, n.unit FROM (""" + numeric + """) n
WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
              WHERE d.label = n.lab AND d.fluid = n.fluid AND l.ref_range_upper IS NOT NULL)
"""


# A population question aggregates over patients: its test needs enough results to say something.
NUMERIC_LABS = numeric_labs(20)
FLAGGED_LABS = flagged_labs(NUMERIC_LABS)
RANGED_LABS = ranged_labs(NUMERIC_LABS)
# A patient question needs only that patient's results: rare tests (the long tail real data is full of)
# are asked about too; three results DB-wide are enough to know the test's one unit.
PATIENT_NUMERIC_LABS = numeric_labs(3)


def patient_labs(source: str = PATIENT_NUMERIC_LABS, min_results: int = 1, inpatient: bool = True) -> str:
    """(subject_id, lab, fluid, unit): patients with numeric results of a test (filed under an admission when
    ``inpatient``; the gold SQL decides by time, this only narrows the candidates)."""
    return f"""
SELECT l.subject_id, n.lab, n.fluid, n.unit
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
JOIN ({source}) n ON n.lab = d.label AND n.fluid = d.fluid
WHERE l.valuenum IS NOT NULL{' AND l.hadm_id IS NOT NULL' if inpatient else ''}
GROUP BY l.subject_id, n.lab, n.fluid, n.unit
HAVING count(*) >= {int(min_results)}
"""


PATIENT_LABS = patient_labs()
PATIENT_LABS_2 = patient_labs(min_results=2)
PATIENT_FLAGGED = patient_labs(flagged_labs(PATIENT_NUMERIC_LABS))
PATIENT_RANGED = patient_labs(ranged_labs(PATIENT_NUMERIC_LABS))
PATIENT_LABS_ANY = patient_labs(inpatient=False)
# ... with the number of the patient's admissions (by draw time) in which the test was flagged abnormal, so count
# questions can be offered patients with several such admissions as often as those with one
PATIENT_FLAGGED_ADMISSIONS = """
SELECT p.subject_id, p.lab, p.fluid, p.unit, count(DISTINCT a.hadm_id) AS n_abnormal_adm
FROM (""" + PATIENT_FLAGGED + """) p
LEFT JOIN (mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid)
  ON l.subject_id = p.subject_id AND d.label = p.lab AND d.fluid = p.fluid AND l.flag = 'abnormal'
LEFT JOIN mimiciv_hosp.admissions a ON a.subject_id = l.subject_id AND l.charttime BETWEEN a.admittime AND a.dischtime
GROUP BY p.subject_id, p.lab, p.fluid, p.unit
"""
ICU_PATIENT_LABS = """
SELECT p.* FROM (""" + PATIENT_LABS + """) p
WHERE p.subject_id IN (SELECT subject_id FROM mimiciv_icu.icustays)
"""

# Drugs and the test a clinician follows on them: (drug as prescribed, lab, fluid)
DRUG_LAB_PAIRS = (
    ("Furosemide", "Potassium"), ("Furosemide", "Creatinine"), ("Potassium Chloride", "Potassium"),
    ("Insulin", "Glucose"), ("Heparin", "Platelet Count"), ("Enoxaparin Sodium", "Platelet Count"),
    ("Vancomycin", "Creatinine"), ("Warfarin", "INR(PT)"), ("Magnesium Sulfate", "Magnesium"),
    ("Calcium Gluconate", "Calcium, Total"), ("Lisinopril", "Potassium"), ("Spironolactone", "Potassium"),
    ("Sodium Bicarbonate", "Bicarbonate"), ("Levothyroxine Sodium", "Thyroid Stimulating Hormone"),
    ("Allopurinol", "Uric Acid"), ("Atorvastatin", "Alanine Aminotransferase (ALT)"),
    ("Piperacillin-Tazobactam", "White Blood Cells"),
)
_PAIRS = ", ".join(f"({sql_literal(d)}, {sql_literal(lab)}, 'Blood')" for d, lab in DRUG_LAB_PAIRS)
DRUG_LABS = f"""
SELECT v.drug, n.lab, n.fluid, n.unit
FROM (VALUES {_PAIRS}) AS v(drug, lab, fluid)
JOIN ({NUMERIC_LABS}) n ON n.lab = v.lab AND n.fluid = v.fluid
WHERE v.drug IN (SELECT drug FROM mimiciv_hosp.prescriptions WHERE starttime IS NOT NULL)
"""
# Patients who received the drug and had the test: (subject_id, drug, lab, fluid, unit)
PATIENT_DRUG_LABS = f"""
SELECT DISTINCT p.subject_id, dl.drug, dl.lab, dl.fluid, dl.unit
FROM mimiciv_hosp.prescriptions p
JOIN ({DRUG_LABS}) dl ON dl.drug = p.drug
WHERE p.starttime IS NOT NULL AND EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    WHERE l.subject_id = p.subject_id AND d.label = dl.lab AND d.fluid = dl.fluid AND l.valuenum IS NOT NULL)
"""


def admissions(where: str = "TRUE", name: str = "adm") -> str:
    """Admissions numbered in time order per patient: adm_no 1 is the first, adm_rev 1 the most recent."""
    return f"""{name} AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime, a.hospital_expire_flag,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime DESC, a.hadm_id DESC) AS adm_rev
    FROM mimiciv_hosp.admissions a
    WHERE {where}
)"""


def test_results(where: str = "TRUE", name: str = "res", numeric: bool = True) -> str:
    """The named test's results ({lab}, {fluid}) as a CTE: subject, time, value, flag, reference range."""
    num = " AND l.valuenum IS NOT NULL" if numeric else ""
    return f"""{name} AS (
    SELECT l.labevent_id, l.subject_id, l.specimen_id, l.charttime, l.valuenum, l.flag, l.ref_range_lower,
           l.ref_range_upper, l.priority
    FROM mimiciv_hosp.labevents l
    {LAB_OF}
    WHERE {where}{num}
)"""
