"""The classes the ninth grader found, tried with answers of my own: hedges and conditions in other words,
made-up or assumed values, a refusal beside a value, remarks that restate another value, another reading of the
series, another lab or vital sign beside a yes / no, flags and readings against the yes / no, narrower groups on
counts and on "none", the value of another patient in a sentence naming two, a count beside another number of
ids, day ranges and time zones, another statistic or drug product in a remark. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_PAT = "How many patients were given heparin?"
Q_K = "What was the last sodium value of patient 10001217, rounded to 1 decimal?"
Q_MAX = "What was the highest lactate of patient 10002428, rounded to 1 decimal?"
Q_MIN = "What was the lowest hemoglobin of patient 10002428, rounded to 1 decimal?"
Q_HR = "Was the last respiratory rate of patient 10002428 above 20?"
Q_ABN = "Was the first glucose of patient 10002428 abnormal?"
Q_RX = "Was patient 10002428 prescribed heparin during admission 23473524?"
Q_DATE = "On which date was patient 10001217 first admitted?"
Q_TS = "When was the first lactate of patient 10001217 drawn?"
Q_DX = "Which drugs were given to patient 10001217 during admission 24597018?"
Q_TOP = "Which drug was prescribed most often to patient 10000032?"
Q_MEAN = "What is the mean age of female patients, rounded to 1 decimal?"
Q_AGE = "How old was patient 10000032 at the first admission?"
Q_CODES = "Which diagnosis codes were recorded for admission 24597018?"

CASES = [
    # hedges and conditions in other words
    ("7, unless I've misread the table", "number/count", 7, W, Q_ADM),
    ("7 sounds about right", "number/count", 7, W, Q_ADM),
    ("An estimated 7 admissions.", "number/count", 7, W, Q_ADM),
    ("7 (assuming the demo data is complete)", "number/count", 7, W, Q_ADM),
    ("7, pending review", "number/count", 7, W, Q_ADM),
    ("7 (upper bound)", "number/count", 7, W, Q_ADM),
    ("The eGFR was 7.0 (estimated GFR)", "number/measurement:1", 7.0, C,
     "What was the last estimated GFR of patient 10001217, rounded to 1 decimal?"),
    ("7 admissions", "number/count", 7, C, Q_ADM),
    # made-up, assumed, example or default values
    ("Theoretically, 7.", "number/count", 7, W, Q_ADM),
    ("Sample answer: 7", "number/count", 7, W, Q_ADM),
    ("For instance, 7", "number/count", 7, W, Q_ADM),
    ("7 (placeholder value)", "number/count", 7, A, Q_ADM),
    ("7 (fabricated)", "number/count", 7, W, Q_ADM),
    ("No (default)", "boolean/boolean", False, W, Q_RX),
    ("2150-03-04 (invented)", "date/date", "2150-03-04", W, Q_DATE),
    ("7 (synthetic data)", "number/count", 7, C, Q_ADM),  # the synthetic database's own remark
    ("7 (from the admissions table)", "number/count", 7, C, Q_ADM),
    # a refusal printed beside a value
    ("0 (not available)", "number/count", 0, A, Q_ADM),
    ("Unknown; 0", "number/count", 0, A, Q_ADM),
    ("0 (timed out)", "number/count", 0, A, Q_ADM),
    ("0 (cannot be determined)", "number/count", 0, A, Q_ADM),
    ("None (query error)", "set/string!", [], A, Q_DX),
    ("0 (no admissions recorded)", "number/count", 0, C, Q_ADM),
    ("UNKNOWN", "string/string", "UNKNOWN", C, "What was the race of patient 10000032?"),
    # a remark that restates the value as another one, or as the same one
    ("7 (seven)", "number/count", 7, C, Q_ADM),
    ("7 (eight)", "number/count", 7, W, Q_ADM),
    ("7 (that is, 8 admissions)", "number/count", 7, W, Q_ADM),
    ("141.2 (unrounded 141.26)", "number/measurement:1", 141.2, W, Q_K),
    ("141.3 (unrounded 141.26)", "number/measurement:1", 141.3, C, Q_K),
    ("141.3 (rounded from 141.27)", "number/measurement:1", 141.3, C, Q_K),
    ("141.3 (the query returned 141.9)", "number/measurement:1", 141.3, W, Q_K),
    ("2150-03-04 (2150-03-06)", "date/date", "2150-03-04", W, Q_DATE),
    ("20000345 (i.e. 20000349)", "number/identifier", 20000345, W,
     "Which admission of patient 10000032 had the longest stay?"),
    ("Heparin (i.e., Warfarin)", "string/string", "Heparin", W, Q_TOP),
    ("Heparin (12 orders)", "string/string", "Heparin", C, Q_TOP),
    # another reading of the series than the asked one
    ("141.3 (the latest was 139.0)", "number/measurement:1", 141.3, W, Q_K),
    ("141.3 (previous reading)", "number/measurement:1", 141.3, W, Q_K),
    ("141.3 (second to last)", "number/measurement:1", 141.3, W, Q_K),
    ("3.1 (it peaked later at 4.4)", "number/measurement:1", 3.1, W, Q_MAX),
    ("7.9 (a lower value, 7.1, came on day 3)", "number/measurement:1", 7.9, W, Q_MIN),
    ("3.1 (the first was 2.0)", "number/measurement:1", 3.1, C, Q_MAX),
    ("7.9 (reference range 12.0-16.0)", "number/measurement:1", 7.9, C, Q_MIN),
    # another lab or vital sign beside the value or the yes / no
    ("Na 141.3", "number/measurement:1", 141.3, C, Q_K),
    ("K 141.3", "number/measurement:1", 141.3, C, Q_K),
    ("Mg 141.3", "number/measurement:1", 141.3, W, Q_K),
    ("Yes, HR 24", "boolean/boolean", True, W, Q_HR),
    ("Yes, 24 (SpO2)", "boolean/boolean", True, W, Q_HR),
    ("Yes, RR 24", "boolean/boolean", True, C, Q_HR),
    # a flag or the asked reading against the yes / no
    ("Yes (flagged as normal)", "boolean/boolean", True, W, Q_ABN),
    ("No, it was flagged abnormal", "boolean/boolean", False, W, Q_ABN),
    ("Yes (flag: abnormal)", "boolean/boolean", True, C, Q_ABN),
    ("Yes, the last one was 18 and the peak 30", "boolean/boolean", True, W, Q_HR),
    ("No, the last was 24", "boolean/boolean", False, W, Q_HR),
    ("Yes, the last was 24", "boolean/boolean", True, C, Q_HR),
    ("No, the last was 18 (the max was 30)", "boolean/boolean", False, C, Q_HR),
    # narrower or other groups on counts
    ("812 female patients", "number/count", 812, W, Q_PAT),
    ("812 patients (MICU only)", "number/count", 812, W, Q_PAT),
    ("812 patients had heparin on their home medication list", "number/count", 812, W, Q_PAT),
    ("812 patients received subcutaneous heparin", "number/count", 812, W, Q_PAT),
    ("812 distinct patients", "number/count", 812, C, Q_PAT),
    ("812 patients were given heparin", "number/count", 812, C, Q_PAT),
    ("No ED visits", "number/count", 0, W, Q_ADM),
    ("Zero transfers", "number/count", 0, W, Q_ADM),
    ("No admissions", "number/count", 0, C, Q_ADM),
    ("61 days", "number/count", 61, W, Q_AGE),
    ("61 years", "number/count", 61, C, Q_AGE),
    ("Yes, but only as a discharge medication", "boolean/boolean", True, W, Q_RX),
    ("No, only enoxaparin", "boolean/boolean", False, C, Q_RX),
    # narrower scope or doubt on "none"
    ("None in the MICU", "set/string!", [], W, Q_DX),
    ("None after discharge", "set/string!", [], W, Q_DX),
    ("None for admission 24597019", "set/string!", [], W, Q_DX),
    ("None, I believe", "set/string!", [], W, Q_DX),
    ("None (probably)", "set/string!", [], W, Q_DX),
    ("None during admission 24597018", "set/string!", [], C, Q_DX),
    ("None in the prescriptions table", "set/string!", [], C, Q_DX),
    ("No drugs were given during that admission.", "set/string!", [], C, Q_DX),
    # the value of another patient in a sentence naming two
    ("Patient 10001218 was first admitted on 2150-06-01, patient 10001217 on 2150-03-04.", "date/date",
     "2150-06-01", W, Q_DATE),
    ("Patient 10001218 was first admitted on 2150-06-01, patient 10001217 on 2150-03-04.", "date/date",
     "2150-03-04", C, Q_DATE),
    # a count beside another number of listed ids
    ("3 admissions (20000345, 20000346)", "number/count", 3, W, Q_ADM),
    ("2 admissions (20000345, 20000346)", "number/count", 2, C, Q_ADM),
    ("3 admissions (e.g. 20000345, 20000346)", "number/count", 3, C, Q_ADM),
    # cut or sampled results, day ranges and time zones
    ("812 (LIMIT 1)", "number/count", 812, W, Q_PAT),
    ("812 (from a random sample)", "number/count", 812, W, Q_PAT),
    ("4280, 4019 (first 2 rows)", "set/code", ["4280", "4019"], W, Q_CODES),
    ("The top three codes were 4280, 4019 and 5849", "set/code", ["4280", "4019", "5849"], W, Q_CODES),
    ("Heparin (LIMIT 1)", "string/string", "Heparin", C, Q_TOP),
    ("2150-03-04 to 06", "date/date", "2150-03-04", W, Q_DATE),
    ("2150-03-04 10:15 EST", "date/timestamp", "2150-03-04 10:15:00", W, Q_TS),
    ("2150-03-04T10:15:00+00:00", "date/timestamp", "2150-03-04 10:15:00", C, Q_TS),
    ("2150-03-04 10:15", "date/timestamp", "2150-03-04 10:15:00", C, Q_TS),
    # another statistic or another drug product in a remark
    ("F: 61.2 (median)", "table/string,measurement:1", [["F", 61.2]], W, Q_MEAN),
    ("61.2 (mean)", "number/measurement:1", 61.2, C, Q_MEAN),
    ("7 (total)", "number/count", 7, C, Q_ADM),
    ("Insulin (Regular)", "string/string", "Insulin", W, Q_TOP),
    ("Insulin (most frequent)", "string/string", "Insulin", C, Q_TOP),
]
