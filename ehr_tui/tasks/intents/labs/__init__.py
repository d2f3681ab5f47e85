"""Labs: laboratory results (labevents with the lab dictionary) and microbiology (cultures, organisms,
susceptibilities), alone and with admissions, ICU stays, prescriptions and diagnoses.

Patient-level questions are in ``patient``, population-level ones in ``population``, cultures at
both levels in ``micro``; ``_sql`` holds what they share (how a test is named, time windows).
"""

from __future__ import annotations

from . import micro, patient, population

CONVENTIONS = (
    "A lab test is named by its specimen fluid and its name in the laboratory dictionary, e.g. 'Blood Potassium' "
    "or 'Urine Creatinine'; where the dictionary lists the same name and fluid under several test codes (blood "
    "glucose from the chemistry and the blood-gas analysers), all of them are that test. Answers that name a test "
    "use the same form (fluid, then name).",
    "Numeric lab questions use results that have a numeric value, in the single unit the test is reported in "
    "(the question states it); text-only results count only where the question counts results or flags.",
    "A result belongs to a hospital admission when it was drawn between the admission time and the discharge time "
    "(emergency-department draws before the admission time are not part of it, outpatient draws are not either); "
    "'within N hours of admission' runs from the admission time to N hours later, and 'within N hours of ICU "
    "admission' from the time the ICU stay began.",
    "A patient's first / most recent admission is the one with the earliest / latest admission time; 'first' and "
    "'last' results are by the time the sample was drawn. An admission whose first or last result of a test is "
    "not unique (two different results at the same time) is left out of questions about first or last values.",
    "An abnormal result is one the laboratory flagged abnormal; above or below the reference range compares the "
    "numeric value with the range reported on that result.",
    "A culture is one microbiology specimen, placed in time by its collection date; it belongs to an admission "
    "when it was collected from the admission date to the discharge date, and to an ICU stay from the day the stay "
    "began to the day it ended. It is positive when an organism grew; a cancelled test is not an organism, and a "
    "specimen whose only result is cancelled does not count as a culture sent.",
    "Susceptibility: an isolate is resistant to an antibiotic when it was reported resistant (R); resistance "
    "percentages count each tested isolate once.",
    "A drug is named as prescribed; a patient is on it from a prescription's start to its stop time.",
    "A 30-day readmission is another admission of the same patient starting within 30 days after a discharge.",
)

TEMPLATES = patient.TEMPLATES + population.TEMPLATES + micro.TEMPLATES
