"""The classes the third grader found, each tried with answers of my own (not the grader's): a hedge in the first
person, a yes/no its own words contradict, a unit of another family or an unknown concentration, the other end of
a sequence or another rank, both extremes named, a JSON key naming another quantity, "none except X", a list cut
short in words, a second value, another entity under a short label, another year in a remark, a date relative to
another, a guess after a failure. Each expected verdict is a careful grader's; the fixes are by class, so each
class has answers it must reject and answers it must still accept."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
Q_VANC = "Was patient 10000032 given vancomycin during admission 20000345?"
Q_HR = "Was the maximum heart rate of patient 10000032 above 120?"
Q_CR = "What was the last creatinine of patient 10000032 in mmol/L, rounded to 1 decimal?"
Q_TEMP = "What was the highest temperature in Celsius of patient 10000032, rounded to 1 decimal?"
Q_LOS = "What is the mean length of stay in days of male patients, rounded to 2 decimals?"
Q_MIN = "What was the minimum systolic blood pressure of patient 10000032?"
Q_ABX = "Which antibiotics did patient 10000032 receive during admission 20000345?"
Q_N = "How many ICU stays did patient 10000032 have?"
Q_N2150 = "How many admissions were there in 2151?"
Q_DRUG = "Which drug was prescribed most often to patient 10000032?"
Q_FIRST = "On which date was vancomycin first given to patient 10000032?"
Q_SPO2 = "What was the lowest SpO2 of patient 10000032?"

CASES = [
    # first-person hedges and unconfirmed values
    ("We believe it is 7.", "number/count", 7, W, Q_N),
    ("Seems like 7", "number/count", 7, W, Q_N),
    ("7, if I'm not mistaken", "number/count", 7, W, Q_N),
    ("Vancomycin (tentatively)", "string/string", "Vancomycin", W, Q_DRUG),
    ("7 (unconfirmed)", "number/count", 7, W, Q_N),
    ("The patient had 7 ICU stays.", "number/count", 7, C, Q_N),
    # yes/no that its own words contradict
    ("No. Vancomycin was administered on 2150-01-02.", "boolean/boolean", False, W, Q_VANC),
    ("No; 2 vancomycin orders were found.", "boolean/boolean", False, W, Q_VANC),
    ("No, vancomycin was not given during that admission.", "boolean/boolean", False, C, Q_VANC),
    ("No, it was given during another admission.", "boolean/boolean", False, C, Q_VANC),
    ("The maximum was 118 bpm, so yes.", "boolean/boolean", True, W, Q_HR),
    ("Yes, the maximum was 134 bpm.", "boolean/boolean", True, C, Q_HR),
    ("No: the maximum heart rate was 131.", "boolean/boolean", False, W, Q_HR),
    ("Yes. Actually no.", "boolean/boolean", False, W, Q_VANC),
    # units: another family, another concentration, a rate, a named quantity's own family
    ("1.1 mg/dL", "number/measurement:1", 1.1, W, Q_CR),
    ("1.1 mmol/L", "number/measurement:1", 1.1, C, Q_CR),
    ("98.6 \u00b0F", "number/measurement:1", 98.6, W, Q_TEMP),
    ("37.2 \u00b0C", "number/measurement:1", 37.2, C, Q_TEMP),
    ("37.2 F", "number/measurement:1", 37.2, W, Q_TEMP),
    ("5.12 hours", "number/measurement:2", 5.12, W, Q_LOS),
    ("5.12 days per admission", "number/measurement:2", 5.12, W, Q_LOS),
    ("5.12%", "number/measurement:2", 5.12, W, Q_LOS),
    ("5.12 days", "number/measurement:2", 5.12, C, Q_LOS),
    ("91 mmHg", "number/measurement", 91, W, Q_SPO2),
    ("91%", "number/measurement", 91, C, Q_SPO2),
    ("7 hospital days", "number/count", 7, W, Q_N),
    # the other end of a sequence, another rank
    ("The initial creatinine was 1.1", "number/measurement:1", 1.1, W, Q_CR),
    ("The most recent creatinine was 1.1 mmol/L", "number/measurement:1", 1.1, C, Q_CR),
    ("The latest vancomycin dose was on 2150-01-09.", "date/date", "2150-01-09", W, Q_FIRST),
    ("Insulin was the third most common; Heparin the most common.", "string/string", "Insulin", W, Q_DRUG),
    ("Heparin (ranked #2)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (prescribed 12 times)", "string/string", "Heparin", C, Q_DRUG),
    ("The most common drug was Heparin.", "string/string", "Heparin", C, Q_DRUG),
    # both extremes named: the asked one's number is read
    ("max 140, min 88", "number/measurement", 88, C, Q_MIN),
    ("max 140, min 88", "number/measurement", 140, W, Q_MIN),
    ("The highest was 140 mmHg while the lowest was 88 mmHg.", "number/measurement", 88, C, Q_MIN),
    ("Men: 5.12 days; women: 6.40 days", "number/measurement:2", 5.12, C, Q_LOS),
    ("Men: 5.12 days; women: 6.40 days", "number/measurement:2", 6.40, W, Q_LOS),
    # a JSON key names what the number is
    ('{"female_mean_los": 6.40}', "number/measurement:2", 6.40, W, Q_LOS),
    ('{"male_mean_los": 5.12}', "number/measurement:2", 5.12, C, Q_LOS),
    ('{"hospital_admissions": 7}', "number/count", 7, W, Q_N),
    ('{"answer": 7}', "number/count", 7, C, Q_N),
    ('[{"antibiotic": "Vancomycin"}, {"dose": "Cefepime"}]', "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ('[{"antibiotic": "Vancomycin"}, {"antibiotic": "Cefepime"}]', "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    # "none except X" where the true answer may be empty
    ("None other than cefazolin.", "set/string!", [], W, Q_ABX),
    ("None, but cefazolin was given once.", "set/string!", [], W, Q_ABX),
    ("None were given.", "set/string!", [], C, Q_ABX),
    ("No antibiotics were given during that admission.", "set/string!", [], C, Q_ABX),
    # a list cut short in words
    ("Top 3 of 7: Vancomycin, Cefepime, Metronidazole", "set/string", ["Cefepime", "Metronidazole", "Vancomycin"], W,
     Q_ABX),
    ("Vancomycin, Cefepime (list truncated)", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime, and 3 more", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin and Cefepime", "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    # a second value
    ("7, or 6 without the readmission", "number/count", 7, W, Q_N),
    ("7 (real count: 9)", "number/count", 7, W, Q_N),
    # another entity under a short label, another year in a remark
    ("pt. 10000033: 7", "number/count", 7, W, Q_N),
    ("Patient 10000032: 7", "number/count", 7, C, Q_N),
    ("ID 10000099 had 7", "number/count", 7, W, Q_N),
    ("412 (2150)", "number/count", 412, W, Q_N2150),
    ("412 (across all years)", "number/count", 412, W, Q_N2150),
    ("412 admissions in 2151", "number/count", 412, C, Q_N2150),
    # a date relative to another
    ("3 days after admission (2150-01-04)", "date/date", "2150-01-04", W, Q_FIRST),
    ("2150-01-07, 3 days after admission on 2150-01-04", "date/date", "2150-01-07", C, Q_FIRST),
    ("2150-01-07 (the order was written 2150-01-06; vancomycin was first given the next day)", "date/date",
     "2150-01-07", W, Q_FIRST),
    # a guess after a failure
    ("Error: division by zero. 7", "number/count", 7, A, Q_N),
    ("No tool access; 7", "number/count", 7, A, Q_N),
    ("I ran out of steps; my best answer is 7", "number/count", 7, A, Q_N),
]
