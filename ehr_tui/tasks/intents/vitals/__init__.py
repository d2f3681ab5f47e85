"""Vitals: vital signs and body measurements. Bedside vital signs charted in the ICU (heart rate, blood
pressure, respiratory rate, SpO2, temperature, admission weight) where chartevents exists; clinic blood
pressure, weight, height and BMI from the outpatient record, and the body weight documented with ICU
infusions, everywhere (the public demo ships without chartevents, so there only these yield tasks).

ICU stays, outputs, devices and procedures are not vital signs: ICU stays are demographics questions.
"""

from __future__ import annotations

from . import patient_bedside, patient_clinic, population_bedside, population_clinic
from ._sql import FINDINGS, PLAUSIBLE_BP, PLAUSIBLE_CHART, PLAUSIBLE_CLINIC, VITAL_SIGNS
from .._common import CONDITION_CONVENTION

CONVENTIONS = (
    "Bedside vital signs are the ICU's charted observations, named in questions as: "
    + "; ".join(f"{v} = the ICU item labelled '{i}' ({u})" for v, i, u in VITAL_SIGNS)
    + ". Temperature means the Fahrenheit item only (Celsius entries are neither converted nor included); an ICU "
    "admission weight is the item 'Admission Weight (Kg)'.",
    "Only numeric readings in a plausible range are used (anything else is a charting error and is ignored); a "
    "reading counts when it is above the low and at most the high limit: "
    + "; ".join(f"'{i}' {lo} to {hi}" for i, lo, hi in PLAUSIBLE_CHART)
    + ". Readings 'charted at the same time' share the exact chart time.",
    "'The first N hours of an ICU stay' runs from ICU admission (included) to N hours later (excluded); 'the last "
    "N hours' ends at ICU discharge. ICU day 1 is the first 24 hours, day 2 the next 24, and so on.",
    "Abnormal findings are single readings beyond the threshold the question states: "
    + "; ".join(f for f, _, _, _ in FINDINGS) + ". 'Above' and 'below' are strict.",
    "The shock index is heart rate divided by the non-invasive systolic blood pressure charted at the same time; "
    "pulse pressure is systolic minus diastolic.",
    "Clinic (outpatient) measurements are the hospital's outpatient record entries 'Blood Pressure' (systolic/"
    "diastolic; postural sitting, standing and lying readings are not included), 'Weight (Lbs)', 'Height (Inches)' "
    "and 'BMI (kg/m2)'; entries that are not numbers or lie outside a plausible range are ignored (above the low, at "
    "most the high limit: "
    + "; ".join(f"{n} {lo} to {hi}" for n, (lo, hi) in PLAUSIBLE_CLINIC.items())
    + "; blood pressure counts only when systolic is " + "{} to {} and diastolic {} to {} mmHg".format(
        *PLAUSIBLE_BP["systolic"], *PLAUSIBLE_BP["diastolic"])
    + "). Weight in kg = pounds x 0.453592; height in cm = inches x 2.54.",
    "Clinic measurements are dated, not timed: the latest one is on the latest date and, within that date, has the "
    "highest entry sequence number (the earliest: earliest date, lowest sequence number). 'On or before an "
    "admission' compares with the calendar date of admission; 'after a discharge' means a later date than the "
    "discharge date.",
    "The body weight 'recorded with an ICU infusion' is the patient weight documented on ICU fluid and drug input "
    "records; a stay's first infusion is its earliest-starting input (lowest weight on a tie).",
    "A patient's first and most recent ICU stays are ordered by ICU admission time, ties by stay ID; first "
    "admissions by admission time, ties by admission ID.",
    CONDITION_CONVENTION,
)

TEMPLATES = [*patient_bedside.TEMPLATES, *patient_clinic.TEMPLATES, *population_bedside.TEMPLATES,
             *population_clinic.TEMPLATES]
