"""The medication conventions as SQL, and the candidate-parameter queries the templates share.

Each definition here is stated once in words in ``CONVENTIONS`` (``medications/__init__.py``), which
reaches agents through the system prompt; the gold SQL uses exactly these expressions.
"""

from __future__ import annotations

from .._common import LAB_ITEMS


def drug(alias: str = "r") -> str:
    """A prescription's drug name as the benchmark compares it: trimmed, lower case (LORazepam = lorazepam)."""
    return f"lower(trim({alias}.drug))"


def med(alias: str = "e") -> str:
    """An eMAR or pharmacy medication name, normalised like ``drug``."""
    return f"lower(trim({alias}.medication))"


def main(alias: str = "r") -> str:
    """The order's main drug, not the base solution or additive it is mixed with."""
    return f"{alias}.drug_type = 'MAIN'"


# eMAR events that record a dose actually given (a patch applied counts; flushes, holds and checks do not)
ADMINISTERED_EVENTS = ("Administered", "Delayed Administered", "Partial Administered",
                       "Administered Bolus from IV Drip", "Administered in Other Location", "Applied")
NOT_GIVEN_EVENTS = ("Not Given", "Not Given per Sliding Scale", "Hold Dose")


def _in(values: tuple[str, ...]) -> str:
    return "(" + ", ".join(f"'{v}'" for v in values) + ")"


def administered(alias: str = "e") -> str:
    return f"{alias}.event_txt IN {_in(ADMINISTERED_EVENTS)}"


def not_given(alias: str = "e") -> str:
    return f"{alias}.event_txt IN {_in(NOT_GIVEN_EVENTS)}"


IV_ROUTES = ("IV", "IV DRIP", "IV BOLUS")
ORAL_ROUTES = ("PO", "PO/NG", "ORAL", "NG")


def iv_route(alias: str = "r") -> str:
    return f"{alias}.route IN {_in(IV_ROUTES)}"


def oral_route(alias: str = "r") -> str:
    return f"{alias}.route IN {_in(ORAL_ROUTES)}"


VASOPRESSORS = ("Norepinephrine", "Epinephrine", "Phenylephrine", "Vasopressin", "Dopamine")


def vasopressor(alias: str = "d") -> str:
    """ICU item ``alias`` (d_items) is a vasopressor."""
    return f"{alias}.label IN {_in(VASOPRESSORS)}"


def valid_duration(alias: str = "r") -> str:
    """Orders whose duration is defined: a stop time after the start."""
    return f"{alias}.stoptime > {alias}.starttime"


# ---------------------------------------------------------------------------------------------- candidates

# (patient, drug) pairs: the patient was prescribed the drug (main drug of an order)
PATIENT_DRUGS = f"""
SELECT DISTINCT r.subject_id, {drug()} AS drug FROM mimiciv_hosp.prescriptions r
WHERE {main()} AND trim(r.drug) <> ''
"""

# drugs prescribed in at least five admissions (population questions, negative examples)
COMMON_DRUGS = f"""
SELECT {drug()} AS drug FROM mimiciv_hosp.prescriptions r
WHERE {main()} AND trim(r.drug) <> ''
GROUP BY {drug()} HAVING count(DISTINCT r.hadm_id) >= 5
"""

# (patient, medication) pairs with at least one administered eMAR dose
PATIENT_EMAR = f"""
SELECT DISTINCT e.subject_id, {med()} AS medication FROM mimiciv_hosp.emar e
WHERE e.medication IS NOT NULL AND {administered()}
"""

# eMAR medications administered to at least five patients
COMMON_EMAR = f"""
SELECT {med()} AS medication FROM mimiciv_hosp.emar e
WHERE e.medication IS NOT NULL AND {administered()}
GROUP BY {med()} HAVING count(DISTINCT e.subject_id) >= 5
"""

# ICU input items named by a label that identifies one item, with the single unit their amounts use:
# medications, antibiotics, blood products and the common crystalloids (not flushes, carriers or nutrition),
# and no item counted in "doses" (an amount of 1 dose says nothing about how much was given)
ICU_FLUIDS = ("NaCl 0.9%", "LR", "Dextrose 5%")
ICU_INPUT_ITEMS = f"""
SELECT d.label AS item, min(ie.amountuom) AS unit
FROM (SELECT * FROM mimiciv_icu.inputevents WHERE statusdescription IS DISTINCT FROM 'Rewritten') ie
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.label IN (SELECT label FROM mimiciv_icu.d_items GROUP BY label HAVING count(*) = 1)
  AND (d.category IN ('Medications', 'Antibiotics', 'Blood Products/Colloids') OR d.label IN {_in(ICU_FLUIDS)})
  AND ie.amountuom IS NOT NULL
GROUP BY d.label
HAVING count(DISTINCT ie.amountuom) = 1 AND min(ie.amountuom) <> 'dose'
"""

# Drugs given for (or watched with) a laboratory test: (drug, lab, fluid) for clinically paired questions.
# Only tests that LAB_ITEMS identifies by name and fluid alone are used.
DRUG_LABS = (
    ("potassium chloride", "Potassium", "Blood"), ("magnesium sulfate", "Magnesium", "Blood"),
    ("calcium gluconate", "Calcium, Total", "Blood"), ("insulin", "Glucose", "Blood"),
    ("dextrose 50%", "Glucose", "Blood"), ("furosemide", "Creatinine", "Blood"),
    ("vancomycin", "Creatinine", "Blood"), ("lisinopril", "Potassium", "Blood"),
    ("warfarin", "INR(PT)", "Blood"), ("heparin", "PTT", "Blood"),
    ("enoxaparin sodium", "Platelet Count", "Blood"), ("acetaminophen", "Alanine Aminotransferase (ALT)", "Blood"),
    ("neutra-phos", "Phosphate", "Blood"), ("potassium phosphate", "Phosphate", "Blood"),
    ("sodium bicarbonate", "Bicarbonate", "Blood"), ("metformin (glucophage)", "Glucose", "Blood"),
)
DRUG_LAB_PAIRS = ("SELECT * FROM (VALUES " + ", ".join(f"('{d}', '{lab}', '{fl}')" for d, lab, fl in DRUG_LABS)
                  + ") AS dl(drug, lab, fluid)")

# the same pairs, joined to the tests the database identifies uniquely, with the unit they are reported in
DRUG_LAB_ITEMS = f"""
SELECT dl.drug, dl.lab, dl.fluid, li.itemid, min(l.valueuom) AS unit
FROM ({DRUG_LAB_PAIRS}) dl
JOIN ({LAB_ITEMS}) li ON li.lab = dl.lab AND li.fluid = dl.fluid
JOIN mimiciv_hosp.labevents l ON l.itemid = li.itemid
WHERE l.valuenum IS NOT NULL AND l.valueuom IS NOT NULL
GROUP BY dl.drug, dl.lab, dl.fluid, li.itemid
HAVING count(DISTINCT l.valueuom) = 1
"""


def lab_match(alias: str = "l", lab: str = "{lab}", fluid: str = "{fluid}", dict_alias: str = "dli") -> str:
    """JOIN clause tying labevents ``alias`` to the test named (label, fluid)."""
    return (f"JOIN mimiciv_hosp.d_labitems {dict_alias} ON {dict_alias}.itemid = {alias}.itemid "
            f"AND {dict_alias}.label = {lab} AND {dict_alias}.fluid = {fluid}")


# (patient, ICD diagnosis) pairs with the diagnosis title, for cohort questions about one patient
PATIENT_DIAGNOSES = """
SELECT DISTINCT dx.subject_id, dx.icd_code, dx.icd_version, dd.long_title AS diagnosis
FROM mimiciv_hosp.diagnoses_icd dx
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = dx.icd_code AND dd.icd_version = dx.icd_version
"""

# ICD diagnoses coded in at least {n} admissions, with their title
def common_diagnoses(n: int = 5) -> str:
    return f"""
SELECT dx.icd_code, dx.icd_version, min(dd.long_title) AS diagnosis
FROM mimiciv_hosp.diagnoses_icd dx
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = dx.icd_code AND dd.icd_version = dx.icd_version
GROUP BY dx.icd_code, dx.icd_version HAVING count(DISTINCT dx.hadm_id) >= {n}
"""
