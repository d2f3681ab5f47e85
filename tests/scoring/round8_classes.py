"""The classes the eighth grader found, tried with answers of my own: compound durations and mixed numbers,
one component of a blood-pressure pair, results cut by a LIMIT or sampled, sibling analytes sharing the asked
name, a yes/no on "abnormal" that the stated reference range contradicts, other statistics of a series, a stated
low confidence, approximate times, ids named relative to another, admissions counted beside an index one,
remarks that put a drug or code in another scope, the other side of a comparison. Rejects and accepts per class."""

from __future__ import annotations

C, W = "correct", "wrong"
Q_LOS = "What was the length of stay in days of admission 20000345, rounded to 1 decimal?"
Q_ICU_H = "How long in hours was ICU stay 30000001 of patient 10000032, rounded to 1 decimal?"
Q_DIA = "What was the highest diastolic blood pressure of patient 10000032 during stay 30000001?"
Q_SYS = "What was the lowest systolic blood pressure of patient 10000032 during stay 30000001?"
Q_MAP = "What was the lowest mean arterial pressure of patient 10000032 during stay 30000001?"
Q_CNT = "How many patients were given heparin?"
Q_TOP3 = "What are the 3 most frequently prescribed drugs, most frequent first?"
Q_HGB = "What was the first hemoglobin value of patient 10000032?"
Q_TROP = "What was the highest troponin T of patient 10000032?"
Q_K = "What was the last potassium value of patient 10000032, rounded to 1 decimal?"
Q_ABN = "Was the first sodium of patient 10000032 abnormal?"
Q_MAX = "What was the highest respiratory rate of patient 10000032 during stay 30000001?"
Q_MEAN = "What is the mean length of stay in days of male patients, rounded to 2 decimals?"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_TS = "When was the first lactate of patient 10000032 drawn?"
Q_LONG = "Which admission of patient 10000032 had the longest stay?"
Q_DRUGS = "Which drugs were prescribed to patient 10000032 during admission 20000345?"
Q_TOPDRUG = "Which drug was prescribed most often to patient 10000032?"
Q_WHO = "Which of patients 10000032 and 10001217 had the longer total hospital stay?"

CASES = [
    # compound durations and mixed numbers: no one number in the asked unit, and no conversion
    ("4 days and 6 hours", "number/measurement:1", 4.0, W, Q_LOS),
    ("It lasted 4 days, 6 hours.", "number/measurement:1", 4.0, W, Q_LOS),
    ("30 h 15 min", "number/measurement:1", 30.0, W, Q_ICU_H),
    ("4 days and 6 hours (4.3 days)", "number/measurement:1", 4.3, C, Q_LOS),
    ("4.3 days", "number/measurement:1", 4.3, C, Q_LOS),
    ("4\u00be days", "number/measurement:1", 4.0, W, Q_LOS),
    ("4\u00bd days", "number/measurement:1", 4.5, C, Q_LOS),
    ("4 1/2 days", "number/measurement:1", 4.5, C, Q_LOS),
    # blood-pressure pairs: the component the question asks for
    ("Highest BP 142/88 mmHg", "number/measurement", 142, W, Q_DIA),
    ("Highest BP 142/88 mmHg", "number/measurement", 88, C, Q_DIA),
    ("The lowest reading was 86/40.", "number/measurement", 86, C, Q_SYS),
    ("The lowest reading was 86/40.", "number/measurement", 40, W, Q_SYS),
    ("Lowest BP 86/40", "number/measurement", 86, W, Q_MAP),
    ("Lowest MAP 55 mmHg", "number/measurement", 55, C, Q_MAP),
    # a cut or sampled result
    ("50 patients (the query had LIMIT 50)", "number/count", 50, W, Q_CNT),
    ("50 patients, but the output was truncated at 50 rows.", "number/count", 50, W, Q_CNT),
    ("Among the rows displayed, 50 patients.", "number/count", 50, W, Q_CNT),
    ("In a sample of 500 admissions, 50 patients got heparin.", "number/count", 50, W, Q_CNT),
    ("50 patients were given heparin.", "number/count", 50, C, Q_CNT),
    ("Heparin, Insulin, Furosemide (LIMIT 3)", "list/string^", ["Heparin", "Insulin", "Furosemide"], C, Q_TOP3),
    ("Heparin, Insulin (LIMIT 2)", "list/string^", ["Heparin", "Insulin"], W, Q_TOP3),
    # sibling analytes
    ("HbA1c 6.1%", "number/measurement", 6.1, W, Q_HGB),
    ("The first hemoglobin was 13.1 g/dL.", "number/measurement", 13.1, C, Q_HGB),
    ("hs-TnI 0.04 ng/mL", "number/measurement", 0.04, W, Q_TROP),
    ("Troponin T peaked at 0.04 ng/mL.", "number/measurement", 0.04, C, Q_TROP),
    ("4.1 (venous blood gas)", "number/measurement:1", 4.1, W, Q_K),
    ("The last potassium was 4.1 mEq/L.", "number/measurement:1", 4.1, C, Q_K),
    # abnormal vs the stated reference range
    ("Yes: 139 mEq/L (normal range 135-145)", "boolean/boolean", True, W, Q_ABN),
    ("No: 139 mEq/L (normal range 135-145)", "boolean/boolean", False, C, Q_ABN),
    ("Yes, 129 mEq/L, below the reference range (135-145).", "boolean/boolean", True, C, Q_ABN),
    ("No, it was 129 (ref 135-145).", "boolean/boolean", False, W, Q_ABN),
    # other statistics of the series
    ("32 breaths/min (90th percentile)", "number/measurement", 32, W, Q_MAX),
    ("The average daily maximum was 32.", "number/measurement", 32, W, Q_MAX),
    ("32 (maximum of the hourly means)", "number/measurement", 32, W, Q_MAX),
    ("The highest respiratory rate was 32 breaths/min.", "number/measurement", 32, C, Q_MAX),
    ("32ish", "number/measurement", 32, W, Q_MAX),
    ("5.20 days (weighted mean)", "number/measurement:2", 5.20, W, Q_MEAN),
    ("5.20 days (per-patient average)", "number/measurement:2", 5.20, W, Q_MEAN),
    ("The mean length of stay of male patients was 5.20 days.", "number/measurement:2", 5.20, C, Q_MEAN),
    # a stated confidence
    ("4 admissions (confidence: low)", "number/count", 4, W, Q_ADM),
    ("4\nConfidence: 55%", "number/count", 4, W, Q_ADM),
    ("4\nConfidence: 95%", "number/count", 4, C, Q_ADM),
    ("4 admissions. Confidence: high.", "number/count", 4, C, Q_ADM),
    # approximate times
    ("Roughly 2150-03-04 08:30", "date/timestamp", "2150-03-04 08:30:00", W, Q_TS),
    ("2150-03-04 08:30 \u00b1 15 min", "date/timestamp", "2150-03-04 08:30:00", W, Q_TS),
    ("2150-03-04 08:30", "date/timestamp", "2150-03-04 08:30:00", C, Q_TS),
    # ids relative to another
    ("The admission that followed 20000345", "number/identifier", 20000345, W, Q_LONG),
    ("The stay right before 20000346.", "number/identifier", 20000346, W, Q_LONG),
    ("Admission 20000345 (the stay before the transfer)", "number/identifier", 20000345, C, Q_LONG),
    # admissions counted beside an index one
    ("4 further admissions", "number/count", 4, W, Q_ADM),
    ("4 admissions besides the index one", "number/count", 4, W, Q_ADM),
    ("4 emergency department visits", "number/count", 4, W, Q_ADM),
    ("4 hospital admissions", "number/count", 4, C, Q_ADM),
    # remarks in another scope
    ("Heparin, Insulin (discontinued)", "set/string", ["Heparin", "Insulin"], W, Q_DRUGS),
    ("Heparin, Insulin (from the previous admission)", "set/string", ["Heparin", "Insulin"], W, Q_DRUGS),
    ("Heparin (IV), Insulin (SC)", "set/string", ["Heparin", "Insulin"], C, Q_DRUGS),
    ("Heparin, Insulin", "set/string", ["Heparin", "Insulin"], C, Q_DRUGS),
    ("Heparin (only ordered, never given)", "string/string", "Heparin", W, Q_TOPDRUG),
    ("Heparin (by number of prescriptions)", "string/string", "Heparin", C, Q_TOPDRUG),
    ("Heparin (by days on therapy)", "string/string", "Heparin", W, Q_TOPDRUG),
    # remarks a careful grader lets stand (no other scope in them)
    ("Heparin, Insulin (from the prescriptions table)", "set/string", ["Heparin", "Insulin"], C, Q_DRUGS),
    ("Heparin, Insulin (only these two)", "set/string", ["Heparin", "Insulin"], C, Q_DRUGS),
    ("Heparin (by far the most frequent)", "string/string", "Heparin", C, Q_TOPDRUG),
    ("Admission 20000345 (12.4 days, 9 days longer than the next)", "number/identifier", 20000345, C, Q_LONG),
    ("The highest respiratory rate was 32, charted after the first day.", "number/measurement", 32, C, Q_MAX),
    ("4 admissions after the first one.", "number/count", 4, W, Q_ADM),
    # the other side of a comparison
    ("Patient 10000032 had the shorter total stay.", "number/identifier", 10000032, W, Q_WHO),
    ("Patient 10000032 had the longer total stay.", "number/identifier", 10000032, C, Q_WHO),
]
