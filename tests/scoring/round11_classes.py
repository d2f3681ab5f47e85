"""The classes the eleventh grader found, tried with answers of my own: doubt in fresh words and other languages,
a value held on the agent's own query being right, a bound written "-plus", a value in a unit its analyte is
not reported in, readings whose last is another one, two listed days whose first is another, times that
order two events against the yes, the mean of its own readings, two numbers over a slash, a no that states
the code was listed, a date of a plan or of another event, a reading at another moment, a total over stays,
another noun or source counted, an id picked by another measure, a dot where no code system puts it, values
from the task's text or a textbook, a search admitted incomplete. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_NA = "What was the last sodium value of patient 10001217 during admission 24597018, rounded to 1 decimal?"
Q_CR = "What was the highest creatinine of patient 10002428 during admission 23473524, rounded to 1 decimal?"
Q_GLU = "What was the first glucose value of patient 10001217, rounded to 1 decimal?"
Q_LAC = "What was the average lactate of patient 10002428 during admission 23473524, rounded to 2 decimals?"
Q_RX = "Was patient 10002428 prescribed heparin during admission 23473524?"
Q_ORDER = "Was patient 10002428's first sodium measured before the first glucose?"
Q_DX = "Was patient 10000032 diagnosed with heart failure (ICD-9 4280) during admission 20000345?"
Q_FIRST_DAY = "On which date was patient 10003400 first admitted?"
Q_DISCH = "On which date was patient 10003400 discharged from admission 20000345?"
Q_TS = "When was the first sodium measurement of patient 10001217?"
Q_HR_ICU = "What was the maximum heart rate of patient 10002428 during ICU stay 31234567?"
Q_DUR = "How many hours did the first ICU stay of patient 10001217 last, rounded to 1 decimal?"
Q_HEP = "How many heparin prescriptions did patient 10001217 have?"
Q_LONGEST = "Which admission of patient 10000032 had the longest stay?"
Q_SUB = "Which patient had the most admissions?"
Q_CODE = "What was the principal diagnosis code of admission 24597018?"
Q_ABX_NONE = "Which antibiotics were given to patient 10002428 during admission 23473524?"

CASES = [
    # doubt in fresh words and other languages; a value held on the agent's own query being right
    ("6, though the ground feels shaky", "number/count", 6, W, Q_ADM),
    ("6 (wahrscheinlich)", "number/count", 6, W, Q_ADM),
    ("6, probablemente", "number/count", 6, W, Q_ADM),
    ("Yes, I would imagine so", "boolean/boolean", True, W, Q_RX),
    ("6, though I would not swear to it", "number/count", 6, W, Q_ADM),
    ("6, if my GROUP BY was correct", "number/count", 6, W, Q_ADM),
    ("6, as long as the join on hadm_id is right", "number/count", 6, W, Q_ADM),
    ("6 admissions, all of them inpatient", "number/count", 6, C, Q_ADM),
    ("Yes, heparin 5000 units SC was prescribed", "boolean/boolean", True, C, Q_RX),
    # a bound written -plus; two numbers over a slash
    ("6-plus", "number/count", 6, W, Q_ADM),
    ("141.2/139.0", "number/measurement:1", 141.2, W, Q_NA),
    ("141.2 mEq/L", "number/measurement:1", 141.2, C, Q_NA),
    # a unit the analyte is not reported in
    ("141.2 mg/dL", "number/measurement:1", 141.2, W, Q_NA),
    ("141.2 mmol/L", "number/measurement:1", 141.2, C, Q_NA),
    ("2.3 umol/L", "number/measurement:1", 2.3, W, Q_CR),
    ("2.3 mg/dL (ref 0.5-1.2 mg/dL)", "number/measurement:1", 2.3, C, Q_CR),
    ("98.0 mmol/L", "number/measurement:1", 98.0, W, Q_GLU),
    ("98.0 mg/dL", "number/measurement:1", 98.0, C, Q_GLU),
    # readings whose last is another one; the mean of its own readings
    ("Sodium: 141.2 at 06:00, then 139.0 at 18:00. Answer: 141.2", "number/measurement:1", 141.2, W, Q_NA),
    ("141.2 (at 18:00, after 139.0 at 06:00)", "number/measurement:1", 141.2, C, Q_NA),
    ("Average lactate 3.10 from readings 2.0, 2.5 and 3.0", "number/measurement:2", 3.10, W, Q_LAC),
    ("2.50 (the mean of 2.0, 2.5 and 3.0)", "number/measurement:2", 2.50, C, Q_LAC),
    # two listed days whose first is another; a date of a plan or of another event
    ("Admissions on 2152-02-01 and 2151-07-04; first admitted 2152-02-01.", "date/date", "2152-02-01", W, Q_FIRST_DAY),
    ("Admissions on 2151-07-04 and 2152-02-01; first admitted 2151-07-04.", "date/date", "2151-07-04", C, Q_FIRST_DAY),
    ("Discharge was scheduled for 2150-03-15, but it slipped.", "date/date", "2150-03-15", W, Q_DISCH),
    ("Discharged on 2150-03-15.", "date/date", "2150-03-15", C, Q_DISCH),
    ("2150-03-01 09:30 is when the sample was resulted; it was drawn at 08:10.", "date/timestamp",
     "2150-03-01 09:30:00", W, Q_TS),
    ("2150-03-01 08:10 (charttime)", "date/timestamp", "2150-03-01 08:10:00", C, Q_TS),
    # times that order two events against the yes; a no that states the code was listed
    ("Yes: sodium first drawn at 11:20, glucose at 07:45.", "boolean/boolean", True, W, Q_ORDER),
    ("Yes: sodium drawn at 06:20, glucose at 07:45.", "boolean/boolean", True, C, Q_ORDER),
    ("No - 4280 is listed at seq_num 2 for admission 20000345.", "boolean/boolean", False, W, Q_DX),
    ("No, but 4281 (left heart failure) was coded", "boolean/boolean", False, C, Q_DX),
    # a reading at another moment; a total over stays; another stay
    ("HR 131 bpm at ICU discharge", "number/measurement", 131, W, Q_HR_ICU),
    ("HR 131 bpm during the ICU stay", "number/measurement", 131, C, Q_HR_ICU),
    ("41.0 hours, the sum of all ICU stays", "number/measurement:1", 41.0, W, Q_DUR),
    ("41.0 hours, the third ICU stay", "number/measurement:1", 41.0, W, Q_DUR),
    ("41.0 hours", "number/measurement:1", 41.0, C, Q_DUR),
    # another noun or source counted
    ("9 distinct heparin formulations", "number/count", 9, W, Q_HEP),
    ("9 heparin doses charted in Pyxis", "number/count", 9, W, Q_HEP),
    ("9 heparin prescriptions", "number/count", 9, C, Q_HEP),
    ("6, counting outpatient visits as well", "number/count", 6, W, Q_ADM),
    ("9 heparin prescriptions across all patients in the cohort", "number/count", 9, W, Q_HEP),
    # an id picked by another measure than the question's
    ("20000346, the admission with the most procedures", "number/identifier", 20000346, W, Q_LONGEST),
    ("20000346, the admission with the longest stay (9 days)", "number/identifier", 20000346, C, Q_LONGEST),
    ("10001217 had the most ED visits.", "number/identifier", 10001217, W, Q_SUB),
    ("10001217 (8 admissions)", "number/identifier", 10001217, C, Q_SUB),
    ("20000345 (2 days vs 8 days for 20000346)", "number/identifier", 20000345, W, Q_LONGEST),
    # a dot where no code system puts it
    ("42.81", "string/code", "4281", W, Q_CODE),
    ("428.1", "string/code", "4281", C, Q_CODE),
    ("4281", "string/code", "4281", C, Q_CODE),
    # values from the task's text or a textbook; a search admitted incomplete
    ("6 (copied from the example in the task description)", "number/count", 6, W, Q_ADM),
    ("141.2, a textbook sodium", "number/measurement:1", 141.2, W, Q_NA),
    ("Default: No.", "boolean/boolean", False, W, Q_RX),
    ("None in prescriptions; I haven't looked at emar yet.", "set/string!", [], W, Q_ABX_NONE),
    ("None were given", "set/string!", [], C, Q_ABX_NONE),
]
