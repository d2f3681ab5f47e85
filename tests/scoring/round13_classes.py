"""The classes the thirteenth grader found on new subjects, tried with answers of my own: another statistic named
for the value ("The median ...", "this is the median, not the mean"), another analyte by its symbol (K+, Na+,
Cl-) or the prothrombin time for the INR, the time of another event (a discharge for a death, leaving the ICU
for going in, a later transfer), a yes about another organism, counts of tests for patients or of everyone
tested for those with a positive result, a cohort by another route or specimen, clock times, conversions and
means of its own against the value, quoted output with another number, another ICU stay, another magnitude of
a cell count. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_HGB = "What was the lowest hemoglobin of patient 10005817 during admission 28661809, rounded to 1 decimal?"
Q_NA = "What was the highest sodium value of patient 10005817, rounded to 1 decimal?"
Q_INR = "What was the last INR of patient 10008287, rounded to 1 decimal?"
Q_MEAN = "What was the mean glucose of patient 10007058 during admission 22954658, rounded to 1 decimal?"
Q_DOD = "On which date did patient 10021312 die?"
Q_TS = "When was patient 10022880 first transferred into an ICU care unit?"
Q_ORG = "Was Escherichia coli isolated from any culture of patient 10026255?"
Q_POS = "How many patients had a positive blood culture?"
Q_ROUTE = "How many patients over 75 were admitted through the emergency room?"
Q_LAG = "How many hours passed between admission and the first glucose measurement of patient 10019003, rounded to 1 decimal?"
Q_WBC = "What was the first white blood cell count of patient 10031757?"
Q_VENT = "Did patient 10024043 receive a blood transfusion during ICU stay 39698942?"

CASES = [
    # another statistic named for the value
    ("The median hemoglobin was 7.9 g/dL.", "number/measurement:1", 7.9, W, Q_HGB),
    ("Mean Hgb 7.9", "number/measurement:1", 7.9, W, Q_HGB),
    ("The lowest hemoglobin was 7.9 g/dL.", "number/measurement:1", 7.9, C, Q_HGB),
    ("Hgb nadir 7.9", "number/measurement:1", 7.9, C, Q_HGB),
    ("Note: this is the median, not the mean.\nAnswer: 142.5", "number/measurement:1", 142.5, W, Q_MEAN),
    # another analyte by its symbol; the prothrombin time for the INR
    ("Highest K+: 146.0", "number/measurement:1", 146.0, W, Q_NA),
    ("Highest Na+: 146.0", "number/measurement:1", 146.0, C, Q_NA),
    ("The last PT was 1.4 seconds.", "number/measurement:1", 1.4, W, Q_INR),
    ("The last INR was 1.4.", "number/measurement:1", 1.4, C, Q_INR),
    # the time of another event
    ("The patient was discharged on 2152-01-20.", "date/date", "2152-01-20", W, Q_DOD),
    ("The patient died on 2152-01-20.", "date/date", "2152-01-20", C, Q_DOD),
    ("Transferred out of the ICU at 2140-06-02 09:10:00.", "date/timestamp", "2140-06-02 09:10:00", W, Q_TS),
    ("The third ICU transfer was at 2140-06-02 09:10:00.", "date/timestamp", "2140-06-02 09:10:00", W, Q_TS),
    ("First ICU transfer: 2140-06-02 09:10:00 (MICU).", "date/timestamp", "2140-06-02 09:10:00", C, Q_TS),
    # a yes about another organism
    ("Yes, Escherichia hermannii was isolated.", "boolean/boolean", True, W, Q_ORG),
    ("Yes, Klebsiella pneumoniae grew.", "boolean/boolean", True, W, Q_ORG),
    ("Yes - E. coli grew in a urine culture.", "boolean/boolean", True, C, Q_ORG),
    ("Yes, Escherichia coli was isolated from blood.", "boolean/boolean", True, C, Q_ORG),
    # counts of tests for patients, of everyone tested, of another specimen or route
    ("2,310 blood cultures were positive.", "number/count", 2310, W, Q_POS),
    ("2,310 patients had a blood culture drawn.", "number/count", 2310, W, Q_POS),
    ("2,310 patients had a negative blood culture.", "number/count", 2310, W, Q_POS),
    ("2,310 patients had a positive urine culture.", "number/count", 2310, W, Q_POS),
    ("2,310 patients had a positive blood culture.", "number/count", 2310, C, Q_POS),
    ("540 patients over 75 were admitted electively.", "number/count", 540, W, Q_ROUTE),
    ("540 patients over 75 were admitted (all routes).", "number/count", 540, W, Q_ROUTE),
    ("540 patients over 75 came in through the emergency room.", "number/count", 540, C, Q_ROUTE),
    # clock times, conversions, means and quoted output of its own against the value
    ("Admitted 07:20, glucose 09:50, so 3.5 hours.", "number/measurement:1", 3.5, W, Q_LAG),
    ("Admitted 07:20, glucose 10:50, so 3.5 hours.", "number/measurement:1", 3.5, C, Q_LAG),
    ("240 minutes, i.e. 3.5 hours.", "number/measurement:1", 3.5, W, Q_LAG),
    ("210 minutes, i.e. 3.5 hours.", "number/measurement:1", 3.5, C, Q_LAG),
    ("Mean of 140, 150 and 160 = 145.0", "number/measurement:1", 145.0, W, Q_MEAN),
    ("145.0 (mean of 140, 145 and 150)", "number/measurement:1", 145.0, C, Q_MEAN),
    ("The mean glucose was 145.0.\n\n```\nmean_glucose\n------------\n152.3\n```", "number/measurement:1", 145.0, W, Q_MEAN),
    ("The mean glucose was 145.0.\n\n```\nmean_glucose\n------------\n145.0\n```", "number/measurement:1", 145.0, C, Q_MEAN),
    # another ICU stay; another magnitude of a cell count
    ("Yes, but in a different ICU stay.", "boolean/boolean", True, W, Q_VENT),
    ("Yes, during ICU stay 39698942.", "boolean/boolean", True, C, Q_VENT),
    ("8.2 x10^6/L", "number/measurement", 8.2, W, Q_WBC),
    ("8.2 x10^9/L", "number/measurement", 8.2, C, Q_WBC),
    ("8.2 K/uL", "number/measurement", 8.2, C, Q_WBC),
]

# two years beside a number of days are no two days (the span check once indexed past them)
CASES += [
    ("9.5 days (2150-2151)", "number/measurement:1", 9.5, C,
     "What was the mean length of stay in days of patient 10000032's admissions, rounded to 1 decimal?"),
]
