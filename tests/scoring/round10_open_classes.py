"""The classes of the tenth grader's false positives that were still open after the first round of fixes, tried
with answers of my own: an answer whose own evidence gives another answer (a breakdown, a share, two days, a
series whose last or highest is another value, an order of events), counts of another group in plain words,
a yes about another code, drug, person or place, a field label of another event, a value picked by another
criterion, a remark that denies the question's own term, a "none" of some of it. Rejects and accepts per
class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_PAT = "How many patients were prescribed heparin?"
Q_HEP = "How many heparin prescriptions did patient 10001217 have?"
Q_PCT = "What percentage of patients are male, rounded to 1 decimal?"
Q_DAYS = "How many days was patient 10000032 in the hospital during admission 20000345?"
Q_LAST_NA = "What was the last sodium value of patient 10001217, rounded to 1 decimal?"
Q_MAX_LAC = "What was the highest lactate of patient 10002428, rounded to 1 decimal?"
Q_LONGEST = "Which admission of patient 10000032 had the longest stay?"
Q_MORE = "Which drug was prescribed more often to patient 10001217, Heparin or Insulin?"
Q_FIRST_DAY = "On which date was patient 10003400 first admitted?"
Q_ORDER = "Was patient 10002428's first sodium measured before the first glucose?"
Q_AFTER = "Was patient 10002428's first lactate measured after the first creatinine?"
Q_CODE = "Was patient 10000032 diagnosed with diabetes (ICD-9 25000) during admission 20000345?"
Q_RX = "Was patient 10002428 prescribed heparin during admission 23473524?"
Q_ICU = "Was patient 10001217 admitted to the ICU during admission 24597018?"
Q_ICU_HR = "What was the maximum heart rate of patient 10002428 during ICU stay 31234567?"
Q_DISCH = "On which date was patient 10003400 discharged from admission 20000345?"
Q_DLOC = "What was the discharge location of the last admission of patient 10000032?"
Q_PRINC = "What was the principal diagnosis code of admission 24597018?"
Q_DRUG = "Which drug was prescribed most often to patient 10001217?"
Q_ABX = "Which antibiotics were given to patient 10001217 during admission 24597018?"
Q_ABX_NONE = "Which antibiotics were given to patient 10002428 during admission 23473524?"
Q_TYPES = "List the admission types of patient 10000032 in chronological order."
Q_UNITS = "How many ICU stays were there in each care unit?"
Q_DX = "How many diagnoses did each admission of patient 10000032 have?"
Q_MEAN = "What is the mean length of stay in days of female patients, rounded to 2 decimals?"
Q_WT = "What was the admission weight in kg of patient 10002428, rounded to 1 decimal?"
Q_CODES = "Which diagnosis codes were recorded for admission 24597018?"

CASES = [
    # a breakdown that adds up to another total, or whose asked part is another number
    ("6 admissions (3 emergency, 2 elective)", "number/count", 6, W, Q_ADM),
    ("6 admissions (3 emergency, 3 elective)", "number/count", 6, C, Q_ADM),
    ("Total: 6. Breakdown: URGENT 2, EW EMER. 2, ELECTIVE 1.", "number/count", 6, W, Q_ADM),
    ("Total: 6. Breakdown: URGENT 2, EW EMER. 3, ELECTIVE 1.", "number/count", 6, C, Q_ADM),
    ("11 (heparin 7 + enoxaparin 4)", "number/count", 11, W, Q_HEP),
    ("7 (heparin 7; enoxaparin 4 not counted)", "number/count", 7, C, Q_HEP),
    ("MICU: 10, CCU: 4 (sum 15)", "table/string,count", [["MICU", 10], ["CCU", 4]], W, Q_UNITS),
    ("MICU: 10, CCU: 4 (sum 14)", "table/string,count", [["MICU", 10], ["CCU", 4]], C, Q_UNITS),
    ("3 (after removing 1 duplicate from 5 rows)", "number/count", 3, W, Q_ADM),
    ("4 (after removing 1 duplicate from 5 rows)", "number/count", 4, C, Q_ADM),
    # a share its own counts do not give; a count as a part of a whole
    ("48.5% (480 of 1000)", "number/measurement:1", 48.5, W, Q_PCT),
    ("48.5% (485 of 1000)", "number/measurement:1", 48.5, C, Q_PCT),
    ("48.5% (485/1000 patients)", "number/measurement:1", 48.5, C, Q_PCT),
    ("4/6", "number/count", 4, W, Q_ADM),
    ("4 of 6 admissions", "number/count", 4, W, Q_ADM),
    ("4 admissions", "number/count", 4, C, Q_ADM),
    # two days another number of days apart
    ("7 days (admitted 2150-03-01, discharged 2150-03-12)", "number/count", 7, W, Q_DAYS),
    ("11 days (admitted 2150-03-01, discharged 2150-03-12)", "number/count", 11, C, Q_DAYS),
    # a series whose last / highest / longest is another one
    ("2150-03-08 -> 139.0, 2150-03-09 -> 141.2. Answer: 139.0", "number/measurement:1", 139.0, W, Q_LAST_NA),
    ("2150-03-08 -> 139.0, 2150-03-09 -> 141.2. Answer: 141.2", "number/measurement:1", 141.2, C, Q_LAST_NA),
    ("| charttime | sodium |\n|---|---|\n| 2150-03-08 08:00 | 141.2 |\n| 2150-03-09 06:00 | 139.0 |\n\nLast: 141.2",
     "number/measurement:1", 141.2, W, Q_LAST_NA),
    ("2.1 mmol/L; values ranged 1.0-4.4", "number/measurement:1", 2.1, W, Q_MAX_LAC),
    ("4.4 mmol/L; values ranged 1.0-4.4", "number/measurement:1", 4.4, C, Q_MAX_LAC),
    ("20000345 (2.0 days) vs 20000346 (7.5 days) -> 20000345", "number/identifier", 20000345, W, Q_LONGEST),
    ("20000346 (7.5 days; 20000345: 2.0 days)", "number/identifier", 20000346, C, Q_LONGEST),
    ("20000345 (2.0 days; 20000346: 7.5 days)", "number/identifier", 20000345, W, Q_LONGEST),
    ("Heparin (6 vs 11 for Insulin)", "string/string", "Heparin", W, Q_MORE),
    ("Heparin (11 vs 6 for Insulin)", "string/string", "Heparin", C, Q_MORE),
    ("Admissions: 2151-02-01, 2150-07-04, 2152-01-10. First: 2151-02-01", "date/date", "2151-02-01", W, Q_FIRST_DAY),
    ("Admissions: 2151-02-01, 2150-07-04, 2152-01-10. First: 2150-07-04", "date/date", "2150-07-04", C, Q_FIRST_DAY),
    ("Two antibiotics: vancomycin, cefepime and ceftriaxone.", "set/string", ["Vancomycin", "Cefepime", "Ceftriaxone"],
     W, Q_ABX),
    ("Three antibiotics: vancomycin, cefepime and ceftriaxone.", "set/string",
     ["Vancomycin", "Cefepime", "Ceftriaxone"], C, Q_ABX),
    # the order of two events against the yes / no
    ("No - sodium came first", "boolean/boolean", False, W, Q_ORDER),
    ("Yes - sodium came first", "boolean/boolean", True, C, Q_ORDER),
    ("Yes (sodium 10:40, glucose 07:15)", "boolean/boolean", True, W, Q_ORDER),
    ("Yes (sodium 06:40, glucose 07:15)", "boolean/boolean", True, C, Q_ORDER),
    ("Yes, both were drawn at the same time", "boolean/boolean", True, W, Q_ORDER),
    ("Yes, lactate was drawn before creatinine", "boolean/boolean", True, W, Q_AFTER),
    ("Yes, lactate was drawn after creatinine", "boolean/boolean", True, C, Q_AFTER),
    # a yes about another code, drug, person, place or source
    ("Yes, 25002 (type II, uncontrolled)", "boolean/boolean", True, W, Q_CODE),
    ("Yes - E11.9 was coded", "boolean/boolean", True, W, Q_CODE),
    ("Yes, 250.00 was coded (seq_num 3)", "boolean/boolean", True, C, Q_CODE),
    ("Yes (naproxen)", "boolean/boolean", True, W, Q_RX),
    ("Yes (heparin 5000 units SC)", "boolean/boolean", True, C, Q_RX),
    ("Yes, his wife was", "boolean/boolean", True, W, Q_RX),
    ("Yes - listed in the discharge summary notes", "boolean/boolean", True, W, Q_RX),
    ("Yes, given as an ER bolus", "boolean/boolean", True, W, Q_RX),
    ("Yes, moved to the intermediate care unit", "boolean/boolean", True, W, Q_ICU),
    ("Yes, admitted to the MICU on 2150-03-05", "boolean/boolean", True, C, Q_ICU),
    ("HR max 121 bpm on the floor", "number/measurement", 121, W, Q_ICU_HR),
    # a date or a string labelled as another event's field; a date at an offset from the asked event
    ("2150-03-09 (admission date)", "date/date", "2150-03-09", W, Q_DISCH),
    ("2150-03-09 (discharge date)", "date/date", "2150-03-09", C, Q_DISCH),
    ("SKILLED NURSING FACILITY (admission location)", "string/string", "SKILLED NURSING FACILITY", W, Q_DLOC),
    ("SKILLED NURSING FACILITY (discharge location)", "string/string", "SKILLED NURSING FACILITY", C, Q_DLOC),
    ("2150-03-04 (1 day after the recorded admittime)", "date/date", "2150-03-04", W, Q_FIRST_DAY),
    # a value picked by another criterion; a remark that denies the question's own term
    ("5849 (the most common code of this admission)", "string/code", "5849", W, Q_PRINC),
    ("5849 (seq_num 1)", "string/code", "5849", C, Q_PRINC),
    ("20000345 (longest by number of procedures)", "number/identifier", 20000345, W, Q_LONGEST),
    ("Insulin (most often given, not prescribed)", "string/string", "Insulin", W, Q_DRUG),
    ("Insulin (45 prescriptions)", "string/string", "Insulin", C, Q_DRUG),
    ("MICU: 12, SICU: 7 - these count patients, not stays", "table/string,count", [["MICU", 12], ["SICU", 7]], C,
     Q_UNITS),
    ("MICU: 12, SICU: 7 \u2014 these count patients, not stays", "table/string,count", [["MICU", 12], ["SICU", 7]],
     W, Q_UNITS),
    ("Vancomycin, Cefepime (switched to meropenem on day 3)", "set/string", ["Vancomycin", "Cefepime"], W, Q_ABX),
    ("URGENT, EW EMER. (ordered by admission type)", "list/string^", ["URGENT", "EW EMER."], W, Q_TYPES),
    ("URGENT, EW EMER. (ordered by admittime)", "list/string^", ["URGENT", "EW EMER."], C, Q_TYPES),
    ("20000345: 4 distinct ICD blocks, 20000346: 2", "table/identifier,count", [[20000345, 4], [20000346, 2]], W, Q_DX),
    ("20000345: 4 distinct diagnoses, 20000346: 2", "table/identifier,count", [[20000345, 4], [20000346, 2]], C, Q_DX),
    # counts of another group in plain words; a statistic of many for one patient
    ("4 consults", "number/count", 4, W, Q_ADM),
    ("4 admits", "number/count", 4, C, Q_ADM),
    ("980 men", "number/count", 980, W, Q_PAT),
    ("980 patients", "number/count", 980, C, Q_PAT),
    ("4 patient-days", "number/count", 4, W, Q_ADM),
    ("980 patients were prescribed heparin and warfarin", "number/count", 980, W, Q_PAT),
    ("980 patients were prescribed heparin at least twice", "number/count", 980, W, Q_PAT),
    ("980 patients were prescribed heparin", "number/count", 980, C, Q_PAT),
    ("The average patient had 4 admissions", "number/count", 4, W, Q_ADM),
    ("4 admissions since 2151-06-01", "number/count", 4, W, Q_ADM),
    ("4 admissions between 2150 and 2153", "number/count", 4, C, Q_ADM),
    ("980 (count(*) over prescriptions)", "number/count", 980, W, Q_PAT),
    ("4 (counting every ED visit as an admission)", "number/count", 4, W, Q_ADM),
    # another statistic as the label, or the asked one's own figure elsewhere
    ("Median 4.11 days", "number/measurement:2", 4.11, W, Q_MEAN),
    ("4.11 days (mean 4.90)", "number/measurement:2", 4.11, W, Q_MEAN),
    ("Mean 4.11 days (median 3.90)", "number/measurement:2", 4.11, C, Q_MEAN),
    ("48.5% of admissions were male", "number/measurement:1", 48.5, W, Q_PCT),
    ("48.5% of patients were male", "number/measurement:1", 48.5, C, Q_PCT),
    ("BMI 27.1", "number/measurement:1", 27.1, W, Q_WT),
    ("Weight 27.1 kg", "number/measurement:1", 27.1, C, Q_WT),
    # a "none" of some of it; a trailing scope; a part of the data looked at
    ("None were discontinued", "set/string!", [], W, Q_ABX_NONE),
    ("None were given", "set/string!", [], C, Q_ABX_NONE),
    ("4280, 5849 \u2014 secondary only", "set/code", ["4280", "5849"], W, Q_CODES),
    ("Answer: 4. Note: only the first 2 years of data were checked.", "number/count", 4, W, Q_ADM),
]
