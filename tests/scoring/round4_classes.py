"""The classes the fourth grader found, each tried with answers of my own: values not yet settled, a yes led
into a non-answer or contradicted by a zero count, statistics and ends of a series the question does not ask
for, another scope or window, count nouns of other things, units the tables did not know, remarks adding an
item or another candidate, order stated against the written order, a query instead of its result. Each class
has answers it must reject and answers it must still accept."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_VANC = "Was patient 10000032 given vancomycin during admission 20000345?"
Q_N = "How many hospital admissions did patient 10000032 have?"
Q_NICU = "How many ICU stays did patient 10000032 have during admission 20000345?"
Q_PTS = "How many patients were given cefepime?"
Q_MEAN = "What is the mean length of stay in days of male patients, rounded to 2 decimals?"
Q_LAST = "What was the last sodium value of patient 10000032 during admission 20000345?"
Q_W = "What was the last weight in kg of patient 10000032, rounded to 1 decimal?"
Q_PCT = "What percentage of admissions were urgent, rounded to 1 decimal?"
Q_CODES = "Which diagnosis codes were recorded for admission 20000345?"
Q_SEQ = "List the care units of stay 30000001 in chronological order."
Q_ID = "Which admission of patient 10000032 had the most lab tests?"

CASES = [
    ("7 (provisional)", "number/count", 7, W, Q_N),
    ("7 [to be checked]", "number/count", 7, W, Q_N),
    ("Count: 7\nConfidence: medium", "number/count", 7, W, Q_N),
    ("7 \u00b1 2", "number/count", 7, W, Q_N),
    ("7 admissions", "number/count", 7, C, Q_N),
    ("No clue, sorry.", "boolean/boolean", False, A, Q_VANC),
    ("Yes, let me check the prescriptions table first.", "boolean/boolean", True, A, Q_VANC),
    ("Yes, but 0 orders were recorded.", "boolean/boolean", True, W, Q_VANC),
    ("Yes, during the next admission.", "boolean/boolean", True, W, Q_VANC),
    ("Yes, vancomycin was given during that admission.", "boolean/boolean", True, C, Q_VANC),
    ("The weighted mean LOS was 4.11 days.", "number/measurement:2", 4.11, W, Q_MEAN),
    ("The median LOS was 4.11 days.", "number/measurement:2", 4.11, W, Q_MEAN),
    ("The mean LOS of male patients was 4.11 days.", "number/measurement:2", 4.11, C, Q_MEAN),
    ("The peak sodium was 141.", "number/measurement", 141, W, Q_LAST),
    ("The average sodium was 141.", "number/measurement", 141, W, Q_LAST),
    ("The last sodium was 141.", "number/measurement", 141, C, Q_LAST),
    ("141 (from an earlier admission)", "number/measurement", 141, W, Q_LAST),
    ("3 ICU stays across all admissions", "number/count", 3, W, Q_NICU),
    ("3 ICU stays in total", "number/count", 3, W, Q_NICU),
    ("3 admissions in total", "number/count", 3, C, Q_N),
    ("7 ER visits", "number/count", 7, W, Q_N),
    ("7 readmissions", "number/count", 7, W, Q_N),
    ("9 orders", "number/count", 9, W, Q_PTS),
    ("9 patients", "number/count", 9, C, Q_PTS),
    ("9 patients since 2150", "number/count", 9, W, Q_PTS),
    ("24.1 kg/m\u00b2", "number/measurement:1", 24.1, W, Q_W),
    ("80.2 kg", "number/measurement:1", 80.2, C, Q_W),
    ("12.5 per 100 admissions", "number/measurement:1", 12.5, W, Q_PCT),
    ("12.5%", "number/measurement:1", 12.5, C, Q_PCT),
    ("4280, 5849 (also 4019)", "set/code", ["4280", "5849"], W, Q_CODES),
    ("4280, 5849", "set/code", ["4280", "5849"], C, Q_CODES),
    ("Newest first: SICU, MICU", "list/string", ["SICU", "MICU"], W, Q_SEQ),
    ("MICU, SICU", "list/string", ["MICU", "SICU"], C, Q_SEQ),
    ("20000345 (or 20000346 if repeats count)", "number/identifier", 20000345, W, Q_ID),
    ("Neither stands out: both had 40 tests.", "number/identifier", 20000345, W, Q_ID),
    ("SELECT hadm_id FROM labevents GROUP BY hadm_id ORDER BY count(*) DESC LIMIT 1", "number/identifier",
     1, W, Q_ID),
    ("20000345 (40 lab tests)", "number/identifier", 20000345, C, Q_ID),
]
