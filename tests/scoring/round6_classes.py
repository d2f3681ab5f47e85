"""The classes the sixth grader found, tried with answers of my own: a reference limit given as the value,
a yes whose time is outside the question's window, the ED or a transfer for the admission, the order time for
the measurement, ICU length of stay for the hospital's, another cohort, a threshold counting another thing,
the death date given as a discharge, items from discharge prescriptions. Rejects and accepts per class."""

from __future__ import annotations

C, W = "correct", "wrong"
Q_NA = "What was the last sodium value of patient 10000032?"
Q_WIN = "Was heparin given to patient 10000032 within 48 hours of admission?"
Q_ADM = "When was patient 10000032 first admitted to the hospital?"
Q_LOS = "What is the mean length of stay in days of male patients, rounded to 2 decimals?"
Q_THR = "How many patients had more than 2 admissions?"
Q_DOD = "On which date did patient 10000032 die?"
Q_ABX = "Which antibiotics did patient 10000032 receive during admission 20000345?"
Q_GIVEN = "How many patients were given vancomycin?"

CASES = [
    ("The lower limit of normal is 135; the last value was below it.", "number/measurement", 135, W, Q_NA),
    ("The last sodium was 135.", "number/measurement", 135, C, Q_NA),
    ("Yes, on hospital day 4.", "boolean/boolean", True, W, Q_WIN),
    ("Yes, 60 hours after admission.", "boolean/boolean", True, W, Q_WIN),
    ("Yes, 10 hours after admission.", "boolean/boolean", True, C, Q_WIN),
    ("Yes, on day 1.", "boolean/boolean", True, C, Q_WIN),
    ("He arrived in the ED on 2150-01-02.", "date/date", "2150-01-02", W, Q_ADM),
    ("He was admitted on 2150-01-02.", "date/date", "2150-01-02", C, Q_ADM),
    ("3.98 days (mean ICU length of stay)", "number/measurement:2", 3.98, W, Q_LOS),
    ("3.98 days (male patients who survived)", "number/measurement:2", 3.98, W, Q_LOS),
    ("3.98 days for male patients", "number/measurement:2", 3.98, C, Q_LOS),
    ("40 patients had more than 2 ICU stays.", "number/count", 40, W, Q_THR),
    ("40 patients had more than 2 admissions.", "number/count", 40, C, Q_THR),
    ("2150-06-01 (discharged to hospice)", "date/date", "2150-06-01", W, Q_DOD),
    ("The patient died on 2150-06-01.", "date/date", "2150-06-01", C, Q_DOD),
    ("Vancomycin, Cefepime (discharge prescriptions)", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("12 patients had a vancomycin order; 10 received it.", "number/count", 12, W, Q_GIVEN),
    ("12 patients had a vancomycin order; 10 received it.", "number/count", 10, C, Q_GIVEN),
]
