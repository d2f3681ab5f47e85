"""Diagnoses: billed ICD-9 / ICD-10 diagnoses per admission (diagnoses_icd with d_icd_diagnoses), by exact
title or by condition group, alone and with admissions, ICU stays, prescriptions and procedures.

Patient-level questions are in ``patient``, population-level ones in ``population``; ``_sql`` holds
what they share, ``conditions`` the condition groups (ICD prefixes), ``cohorts`` questions that follow a
condition's cohort through the record at both levels.
"""

from __future__ import annotations

from . import cohorts, conditions, patient, patient_care, population, population_care

CONVENTIONS = (
    "An exact diagnosis is named by its full ICD title and ICD version, e.g. \"Acute kidney failure, unspecified\" "
    "(ICD-10); 'diagnosed with' it means that code was coded on at least one hospital admission. Diagnoses are "
    "recorded per admission, not by date: an admission's diagnoses are those coded for it.",
    "The principal diagnosis of an admission is the first-listed one (position 1 of its coded diagnoses); a "
    "diagnosis's position is its place in that list.",
    conditions.CONVENTION,
    "A patient's first / most recent admission is the one with the earliest / latest admission time; 'the first "
    "admission coded with X' is the earliest admission on which X was coded.",
    "A patient's age at an admission is the age recorded for them in their reference (anchor) year plus the number "
    "of calendar years from that year to the year of the admission.",
    "Length of stay is the time from admission to discharge (ICU: from ICU admission to ICU discharge), in days "
    "including the fraction of a day.",
    "A 30-day readmission is another admission of the same patient starting within 30 days after a discharge.",
    "The drugs an admission received are every prescription ordered for it, emergency-department orders placed "
    "before the admission time included; the time from admission to a drug's first start counts only "
    "prescriptions started between the admission time and discharge.",
)

TEMPLATES = (patient.TEMPLATES + patient_care.TEMPLATES + population.TEMPLATES + population_care.TEMPLATES
             + cohorts.TEMPLATES)
