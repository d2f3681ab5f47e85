"""The classes the seventh grader found, tried with answers of my own: another unit of analysis for a count,
another table or a note for a lab value, truncated rounding, a final answer or arithmetic the answer's own
body contradicts, an exact count for a threshold, other interventions. Rejects and accepts per class."""

from __future__ import annotations

C, W = "correct", "wrong"
Q_PTS = "How many distinct patients had a diagnosis of pneumonia?"
Q_LAB = "What was the last hemoglobin lab value of patient 10000032?"
Q_HR = "What was the mean heart rate of patient 10000032 during stay 30000001, rounded to 1 decimal?"
Q_MORE = "How many patients were admitted more than twice?"
Q_AVG = "What is the average number of ICU stays per patient, rounded to 2 decimals?"
Q_VENT = "How many hours was patient 10000032 mechanically ventilated during stay 30000001?"

CASES = [
    ("230 pneumonia admissions", "number/count", 230, W, Q_PTS),
    ("230 rows matched the pneumonia codes.", "number/count", 230, W, Q_PTS),
    ("230 patients", "number/count", 230, C, Q_PTS),
    ("9.8 g/dL (from chartevents)", "number/measurement", 9.8, W, Q_LAB),
    ("9.8 g/dL, per the nursing note.", "number/measurement", 9.8, W, Q_LAB),
    ("The last hemoglobin was 9.8 g/dL.", "number/measurement", 9.8, C, Q_LAB),
    ("91.2 (truncated)", "number/measurement:1", 91.2, W, Q_HR),
    ("91.2", "number/measurement:1", 91.2, C, Q_HR),
    ("I found 40 such patients. Final answer: 38.", "number/count", 38, W, Q_MORE),
    ("Final answer: 38", "number/count", 38, C, Q_MORE),
    ("38 patients were admitted exactly three times.", "number/count", 38, W, Q_MORE),
    ("38 patients were admitted more than twice.", "number/count", 38, C, Q_MORE),
    ("600 stays / 400 patients = 1.75", "number/measurement:2", 1.75, W, Q_AVG),
    ("1.50 ICU stays per patient", "number/measurement:2", 1.50, C, Q_AVG),
    ("20 hours on CPAP", "number/measurement", 20, W, Q_VENT),
    ("20 hours", "number/measurement", 20, C, Q_VENT),
]
