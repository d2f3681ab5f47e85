"""The classes the tenth grader found, tried with answers of my own: hedges and values not read from the data in
more words, cut results in other words (and a "no" from one), a remark on one number that puts it in another
window, reading, statistic or cohort, remarks that say what a count counts, dates with a remark naming another
event, yes / no against its own stated count, flag or level, an id labelled as another kind of id, a table's
remark that filters it. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_PAT = "How many patients were given heparin?"
Q_NA = "What was the last sodium value of patient 10001217, rounded to 1 decimal?"
Q_MAX = "What was the highest lactate of patient 10002428, rounded to 1 decimal?"
Q_RX = "Was patient 10002428 prescribed heparin during admission 23473524?"
Q_ICU = "Was patient 10002428 admitted to the ICU during admission 23473524?"
Q_DIED = "Did patient 10002428 die in the hospital during admission 23473524?"
Q_ABN = "Was the first glucose of patient 10002428 abnormal?"
Q_DATE = "On which date was patient 10001217 first admitted?"
Q_WHICH = "Which admission of patient 10000032 had the most diagnoses?"
Q_UNITS = "How many ICU stays were there in each care unit?"

CASES = [
    # hedges and values not read from the data
    ("7 (ballpark figure)", "number/count", 7, W, Q_ADM),
    ("7, but do double-check", "number/count", 7, W, Q_ADM),
    ("141.3 (subject to revision)", "number/measurement:1", 141.3, W, Q_NA),
    ("141.3 (from prior knowledge)", "number/measurement:1", 141.3, W, Q_NA),
    ("141.3 (projected)", "number/measurement:1", 141.3, W, Q_NA),
    ("Yes (recalled, not queried)", "boolean/boolean", True, W, Q_RX),
    ("141.3 (from labevents)", "number/measurement:1", 141.3, C, Q_NA),
    # cut results in other words; a "no" from a cut result, a "yes" from one is still a finding
    ("812 (page 1 of 4)", "number/count", 812, W, Q_PAT),
    ("812 patients in the preview", "number/count", 812, W, Q_PAT),
    ("No, not among the first 50 rows", "boolean/boolean", False, W, Q_RX),
    ("Yes, in the first 50 rows", "boolean/boolean", True, C, Q_RX),
    # a remark on one number that puts it in another window, reading, statistic or cohort
    ("141.3 (mean of three draws)", "number/measurement:1", 141.3, W, Q_NA),
    ("141.3 (change since admission)", "number/measurement:1", 141.3, W, Q_NA),
    ("141.3 (at the referring hospital)", "number/measurement:1", 141.3, W, Q_NA),
    ("3.1 (peak)", "number/measurement:1", 3.1, C, Q_MAX),
    ("141.3 (last draw, on 2150-03-09)", "number/measurement:1", 141.3, C, Q_NA),
    ("7 (overall)", "number/count", 7, W, Q_ADM),
    ("812 (overall)", "number/count", 812, C, Q_PAT),
    # what a count counts, said in a remark
    ("812 (number of orders)", "number/count", 812, W, Q_PAT),
    ("812 (distinct hadm_id)", "number/count", 812, W, Q_PAT),
    ("812 (COUNT(DISTINCT subject_id))", "number/count", 812, C, Q_PAT),
    # a date with a remark naming another event
    ("2150-03-04 (date of birth)", "date/date", "2150-03-04", W, Q_DATE),
    ("2150-03-04 (triage)", "date/date", "2150-03-04", W, Q_DATE),
    ("2150-03-04 (admittime)", "date/date", "2150-03-04", C, Q_DATE),
    ("2150-03-04 (discharged 2150-03-09)", "date/date", "2150-03-04", C, Q_DATE),
    # yes / no against its own stated count, flag or level
    ("Yes (0 ICU stays)", "boolean/boolean", True, W, Q_ICU),
    ("No (2 ICU stays)", "boolean/boolean", False, W, Q_ICU),
    ("Yes (1 ICU stay, stay_id 30000001)", "boolean/boolean", True, C, Q_ICU),
    ("Yes; hospital_expire_flag = 1", "boolean/boolean", True, C, Q_DIED),
    ("No; hospital_expire_flag=1", "boolean/boolean", False, W, Q_DIED),
    ("No, mildly raised", "boolean/boolean", False, W, Q_ABN),
    ("Yes, within the normal range", "boolean/boolean", True, W, Q_ABN),
    ("No, it was not elevated", "boolean/boolean", False, C, Q_ABN),
    # an id labelled as another kind of id
    ("subject_id 10000032", "number/identifier", 10000032, W, Q_WHICH),
    ("hadm_id 20000345", "number/identifier", 20000345, C, Q_WHICH),
    # a table's remark that filters or narrows it, a count column with an error bar
    ("MICU: 12, SICU: 7 (stays > 48 h)", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNITS),
    ("MICU: 12, SICU: 7 (adults only)", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNITS),
    ("MICU: 12 +/- 1, SICU: 7", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNITS),
    ("MICU: 12, SICU: 7 (from icustays)", "table/string,count", [["MICU", 12], ["SICU", 7]], C, Q_UNITS),
]
