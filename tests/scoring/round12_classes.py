"""The classes the twelfth grader found, tried with answers of my own: rhetoric, sarcasm and the check handed to
the reader; a guess said as one; a value taken back without brackets ("5? No. 6.", "on closer inspection",
"it would be wrong to say"); a structured answer carrying its own doubt; a spelled second value; another
threshold or cohort; a hospital admission for an ICU stay; a yes about another statistic; an offset given as
a duration; a share of another thing; a field of another event named in the sentence; a day moved by its own
words (day-first, "the eve of", another clock, another time field); a mean or a span its own figures do not
give; an allergy or a consult for the order or the stay; a subset. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_K = "What was the last potassium value of patient 10001217 during admission 24597018, rounded to 1 decimal?"
Q_RX = "Was patient 10002428 prescribed warfarin during admission 23473524?"
Q_ICU = "Was patient 10001217 admitted to the ICU during admission 24597018?"
Q_HR = "Was the last heart rate of patient 10002428 above 100?"
Q_DUR = "How many hours did the first ICU stay of patient 10001217 last, rounded to 1 decimal?"
Q_PCT = "What percentage of patients are male, rounded to 1 decimal?"
Q_MEAN = "What is the mean length of stay in days of male patients, rounded to 2 decimals?"
Q_DL = "What was the discharge location of the last admission of patient 10000032?"
Q_DAY = "On which date was patient 10003400 first admitted?"
Q_TS = "When was the first potassium measurement of patient 10001217?"
Q_OLD = "How many patients older than 70 were admitted to the ICU?"
Q_THR = "How many potassium values of patient 10001217 were above 5.0?"
Q_PAT = "How many patients were prescribed warfarin?"
Q_ICUN = "How many ICU stays did patient 10001217 have?"

CASES = [
    # rhetoric, sarcasm, the check handed to the reader, a guess said as one
    ("Reportedly 7.", "number/count", 7, W, Q_ADM),
    ("7, for what it's worth.", "number/count", 7, W, Q_ADM),
    ("Yes, or so the notes would have us believe.", "boolean/boolean", True, W, Q_RX),
    ("7 - you may want to verify this against the admissions table.", "number/count", 7, W, Q_ADM),
    ("The query timed out, so I'll go with 7.", "number/count", 7, A, Q_ADM),
    ("I'll go with 7.", "number/count", 7, W, Q_ADM),
    ("I wouldn't say no.", "boolean/boolean", False, W, Q_RX),
    ("7 admissions, all inpatient.", "number/count", 7, C, Q_ADM),
    # a value taken back without brackets; a structured answer carrying its own doubt; a spelled second value
    ("7? No, 8.", "number/count", 7, W, Q_ADM),
    ("It is incorrect to say 7.", "number/count", 7, W, Q_ADM),
    ("7 admissions. Looking again, one row is a duplicate, so 6.", "number/count", 7, W, Q_ADM),
    ("4.4. Actually the latest draw reads 4.6.", "number/measurement:1", 4.4, W, Q_K),
    ('{"admissions": 7}\nThe count should be 6 after removing the duplicate.', "number/count", 7, W, Q_ADM),
    ("answer: 7\nverified: no", "number/count", 7, W, Q_ADM),
    ("Seven, or eight if the transfer counts.", "number/count", 7, W, Q_ADM),
    ('{"admissions": 7}', "number/count", 7, C, Q_ADM),
    # another threshold or cohort; a hospital admission for an ICU stay
    ("2 values above 5.5", "number/count", 2, W, Q_THR),
    ("2 values above 5.0", "number/count", 2, C, Q_THR),
    ("640 patients over 80 were admitted to the ICU.", "number/count", 640, W, Q_OLD),
    ("640 patients older than 70 were admitted to the ICU.", "number/count", 640, C, Q_OLD),
    ("980 patients over 65 were prescribed warfarin.", "number/count", 980, W, Q_PAT),
    ("7 admissions via the emergency department", "number/count", 7, W, Q_ADM),
    ("The first hospitalization lasted 41.0 hours.", "number/measurement:1", 41.0, W, Q_DUR),
    ("The first ICU stay lasted 41.0 hours.", "number/measurement:1", 41.0, C, Q_DUR),
    ("3 different ICU care units", "number/count", 3, W, Q_ICUN),
    ("3 ICU stays", "number/count", 3, C, Q_ICUN),
    # a yes about another statistic; an offset given as a duration; a share of another thing
    ("Yes, the heart rate averaged 108 over the stay.", "boolean/boolean", True, W, Q_HR),
    ("Yes, the last heart rate was 108.", "boolean/boolean", True, C, Q_HR),
    ("The first ICU stay started 41.0 hours after admission.", "number/measurement:1", 41.0, W, Q_DUR),
    ("48.5% of the male patients were readmitted.", "number/measurement:1", 48.5, W, Q_PCT),
    ("48.5% of the patients in the database were male.", "number/measurement:1", 48.5, C, Q_PCT),
    # a field of another event named in the sentence; a day moved by its own words
    ("The admission location was SKILLED NURSING FACILITY.", "string/string", "SKILLED NURSING FACILITY", W, Q_DL),
    ("The discharge location was SKILLED NURSING FACILITY.", "string/string", "SKILLED NURSING FACILITY", C, Q_DL),
    ("05/06/2150 (dd/mm/yyyy)", "date/date", "2150-05-06", W, Q_DAY),
    ("05/06/2150 (mm/dd/yyyy)", "date/date", "2150-05-06", C, Q_DAY),
    ("The day before 2150-05-06.", "date/date", "2150-05-06", W, Q_DAY),
    ("2150-03-01 09:20 UTC, i.e. 04:20 local time.", "date/timestamp", "2150-03-01 09:20:00", W, Q_TS),
    ("2150-03-01 09:20 was the order time; the draw was at 08:55.", "date/timestamp", "2150-03-01 09:20:00", W, Q_TS),
    ("2150-03-01 09:20 (charttime)", "date/timestamp", "2150-03-01 09:20:00", C, Q_TS),
    # a mean or a span its own figures do not give
    ("Mean LOS 4.11 days (total 500 days over 100 male patients).", "number/measurement:2", 4.11, W, Q_MEAN),
    ("Mean LOS 5.00 days (total 500 days over 100 male patients).", "number/measurement:2", 5.00, C, Q_MEAN),
    ("41.0 hours (2150-03-01 06:00 to 2150-03-01 18:30)", "number/measurement:1", 41.0, W, Q_DUR),
    ("41.0 hours (2150-03-01 06:00 to 2150-03-02 23:00)", "number/measurement:1", 41.0, C, Q_DUR),
    # an allergy or a consult for the order or the stay; a subset
    ("Yes - a warfarin allergy is on file for admission 23473524.", "boolean/boolean", True, W, Q_RX),
    ("Yes, the ICU was consulted during admission 24597018.", "boolean/boolean", True, W, Q_ICU),
    ("Yes, admitted to the MICU during admission 24597018.", "boolean/boolean", True, C, Q_ICU),
    ("980 patients (in a random subset of admissions)", "number/count", 980, W, Q_PAT),
]
