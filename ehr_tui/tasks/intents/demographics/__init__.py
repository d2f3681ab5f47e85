"""Demographics: who the patients are and how they used the hospital (age, admissions, lengths of stay,
readmissions, discharge and death, care units, services, the emergency department, ICU stays).

Questions are written in clinical words; the conventions that make their answers unique (how age is
counted, which admission is first, what a readmission is) are stated once, in ``CONVENTIONS``, and
reach agents through ``intents.conventions()``.
"""

from __future__ import annotations

from .._common import CONDITION_CONVENTION
from . import (patient_icu, patient_outcomes, patient_stays, patient_units, population_cohorts, population_stays,
               population_units)

CONVENTIONS = (
    "A patient's age at an admission is their recorded age in their anchor year plus the number of calendar "
    "years from the anchor year to the year of that admission (MIMIC-IV's shifted dates); age at death likewise "
    "uses the year of the date of death.",
    "A patient's first (earliest) and most recent (latest) admissions are ordered by admission time, ties broken "
    "by the lower admission ID; ICU stays likewise by ICU admission time, then stay ID.",
    "A hospital length of stay is discharge time minus admission time, in days of 24 hours (fractional); an ICU "
    "length of stay is the recorded ICU length of stay in days.",
    "A readmission within N days: the same patient's next admission starts at or after the discharge and no more "
    "than N x 24 hours after it. Readmission rates are per live discharge (admissions not ending in death).",
    "In-hospital death means the admission ended with the patient's death (the hospital's death-at-discharge "
    "flag). Dates of death after discharge come from outside records, available up to one year after the last "
    "discharge; days from discharge to death count calendar days between the discharge date and the date of "
    "death.",
    "Care units are the hospital's ward-level movements (the emergency department included; the discharge event "
    "and movements to a unit recorded as 'Unknown' excluded); time in a unit is from entering to leaving it. An "
    "emergency department visit without an admission has no admission ID. An admission came through the ED when it has an ED registration time; ED "
    "time is registration to ED exit. An emergency department visit is any ED entry in the ward movements, "
    "whether or not it led to an admission; it happens at the time the patient entered the ED.",
    "Days alive and out of hospital in the N days after a discharge: N minus the time spent in hospital in that "
    "window (other admissions overlapping it, clipped to the window and to the date of death) minus the time from "
    "the date of death (taken as its midnight) to the end of the window, in days of 24 hours.",
    "An admission's first service is the clinical service with the earliest service-change time (ties by service "
    "name).",
    "Age groups at admission are 18-44, 45-64, 65-79 and 80+; patients under 18 are left out of age-group "
    "questions.",
    "Percentages are 100 x the share; values are rounded, where a question says so, with the usual round-half-"
    "away-from-zero to the stated number of decimal places.",
    CONDITION_CONVENTION,
)

TEMPLATES = [*patient_stays.TEMPLATES, *patient_outcomes.TEMPLATES, *patient_units.TEMPLATES, *patient_icu.TEMPLATES,
             *population_stays.TEMPLATES, *population_units.TEMPLATES,
             *population_cohorts.TEMPLATES]
