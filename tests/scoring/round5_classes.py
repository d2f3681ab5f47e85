"""The classes the fifth grader found, tried with answers of my own: another lab, specimen or drug (and a drug
class) than the question names, a rate or one year for a count, a threshold restated otherwise, a share of
another base, a column counting something else, an error bar on a single value, an admitted tie, a list cut
to its top N, another field in a JSON key, the cell of another column. Rejects and accepts per class."""

from __future__ import annotations

C, W = "correct", "wrong"
Q_GLU = "What was the last glucose value of patient 10000032 during admission 20000345?"
Q_HEP = "Was patient 10000032 given heparin during admission 20000345?"
Q_N = "How many hospital admissions did patient 10000032 have?"
Q_THR = "How many patients had at least 2 ICU stays?"
Q_PCT = "What percentage of admissions were emergencies, rounded to 1 decimal?"
Q_UNITS = "How many ICU stays were there in each first care unit?"
Q_ID = "Which ICU stay of patient 10000032 was the longest?"
Q_ABX = "Which antibiotics did patient 10000032 receive during admission 20000345?"
Q_DRUG = "Which drug was prescribed most often to patient 10000032?"
Q_ADM = "On which date was patient 10000032 first admitted?"

CASES = [
    ("The last sodium was 138.", "number/measurement", 138, W, Q_GLU),
    ("The last urine glucose was 138 mg/dL.", "number/measurement", 138, W, Q_GLU),
    ("Insulin 138 units", "number/measurement", 138, W, Q_GLU),
    ("The last glucose was 138 mg/dL.", "number/measurement", 138, C, Q_GLU),
    ("The last glucose was 138 \u00b1 5 mg/dL.", "number/measurement", 138, W, Q_GLU),
    ("Yes, enoxaparin was given.", "boolean/boolean", True, W, Q_HEP),
    ("Yes, an anticoagulant was given.", "boolean/boolean", True, W, Q_HEP),
    ("Yes, heparin was given.", "boolean/boolean", True, C, Q_HEP),
    ("Heparin was given, not warfarin.", "boolean/boolean", True, C, Q_HEP),
    ("No, only enoxaparin was given.", "boolean/boolean", False, C, Q_HEP),
    ("3 admissions per year", "number/count", 3, W, Q_N),
    ("3 admissions in 2151", "number/count", 3, W, Q_N),
    ("3 admissions", "number/count", 3, C, Q_N),
    ("Between 2 and 3", "number/count", 3, W, Q_N),
    ("12 patients had more than 2 ICU stays.", "number/count", 12, W, Q_THR),
    ("12 patients had 2 or more ICU stays.", "number/count", 12, C, Q_THR),
    ("41.2% of patients", "number/measurement:1", 41.2, W, Q_PCT),
    ("41.2% of admissions", "number/measurement:1", 41.2, C, Q_PCT),
    ("| first_careunit | n_admissions |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |", "table/string,count",
     [["MICU", 12], ["SICU", 7]], W, Q_UNITS),
    ("| first_careunit | share |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |", "table/string,count",
     [["MICU", 12], ["SICU", 7]], W, Q_UNITS),
    ("| first_careunit | icu_stays |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |", "table/string,count",
     [["MICU", 12], ["SICU", 7]], C, Q_UNITS),
    ("30000001 (tied with 30000002)", "number/identifier", 30000001, W, Q_ID),
    ("30000001 (12.5 days)", "number/identifier", 30000001, C, Q_ID),
    ("The top 2: Vancomycin, Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ('{"most_common_dose": "Heparin"}', "string/string", "Heparin", W, Q_DRUG),
    ('{"drug": "Heparin"}', "string/string", "Heparin", C, Q_DRUG),
    ("| admittime | dischtime |\n|---|---|\n| 2150-01-02 | 2150-01-09 |", "date/date", "2150-01-02", C, Q_ADM),
    ("| dischtime | admittime |\n|---|---|\n| 2150-01-09 | 2150-01-02 |", "date/date", "2150-01-09", W, Q_ADM),
]
