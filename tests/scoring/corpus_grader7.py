"""A seventh graded corpus, written by another independent adversarial grader (issue 11, round 7): population
answers with another unit of analysis, filter or measure, labs from another table or a note, ICD versions,
truncated rounding, final answers that contradict the reasoning, other query scopes, other interventions.
(answer, shape, gold, expected, question); shapes as in corpus.py."""
C, W, A = "correct", "wrong", "abstained"
Q_DP = "How many distinct patients were admitted with a diagnosis of sepsis?"
Q_PCT = "What percentage of patients admitted to the ICU died in hospital, rounded to 1 decimal?"
Q_AGE = "What is the mean age at admission of patients with heart failure, rounded to 1 decimal?"
Q_LOSH = "How many hours did patient 10000032 spend in the ICU during stay 30000001, rounded to 1 decimal?"
Q_TTA = "How many minutes after admission was the first lactate of admission 20000345 drawn?"
Q_CR = "What was the last creatinine lab value of patient 10000032?"
Q_ICD = "What is the ICD-10 code of the principal diagnosis of admission 20000345?"
Q_CNT = "How many admissions did patient 10000032 have?"
Q_GRP = "How many ICU stays were there in each first care unit?"
Q_RATE = "What is the in-hospital mortality rate (%) among admissions with sepsis, rounded to 1 decimal?"
Q_MEAN_HR = "What was the mean heart rate of patient 10000032 during stay 30000001, rounded to 1 decimal?"
Q_NF = "How many female patients are there?"
CASES = [
    # distinct vs total
    ("There were 412 sepsis admissions.", "number/count", 412, W, Q_DP),
    ("412 admissions (from 350 distinct patients) had a sepsis diagnosis.", "number/count", 412, W, Q_DP),
    ("412 admissions had sepsis, belonging to 350 distinct patients.", "number/count", 350, C, Q_DP),
    ("350 distinct patients.", "number/count", 350, C, Q_DP),
    ("Counting every diagnosis row, 412; the number of distinct patients is lower.", "number/count", 412, W, Q_DP),
    ("412 rows matched the sepsis codes.", "number/count", 412, W, Q_DP),
    # wrong denominator / numerator for percentages
    ("12.4% of all hospital admissions ended in death.", "number/measurement:1", 12.4, W, Q_PCT),
    ("12.4% (deaths among all patients, not just ICU patients)", "number/measurement:1", 12.4, W, Q_PCT),
    ("Of ICU patients, 12.4% died in hospital.", "number/measurement:1", 12.4, C, Q_PCT),
    ("12.4% died within 30 days of ICU admission.", "number/measurement:1", 12.4, W, Q_PCT),
    ("12.4% died in the ICU itself.", "number/measurement:1", 12.4, W, Q_PCT),
    ("The survival rate was 12.4%.", "number/measurement:1", 12.4, W, Q_PCT),
    # wrong filter
    ("The mean age of patients with heart failure as a secondary diagnosis was 71.3.", "number/measurement:1", 71.3, W, Q_AGE),
    ("Mean age 71.3 years, computed on patients with a principal diagnosis of heart failure only.", "number/measurement:1", 71.3, W, Q_AGE),
    ("The mean age at admission was 71.3 years.", "number/measurement:1", 71.3, C, Q_AGE),
    ("71.3 is the median age; the mean is 69.8.", "number/measurement:1", 71.3, W, Q_AGE),
    ("The mean age at death was 71.3.", "number/measurement:1", 71.3, W, Q_AGE),
    # time units in words
    ("The patient spent 52.4 minutes in the ICU.", "number/measurement:1", 52.4, W, Q_LOSH),
    ("52.4 days", "number/measurement:1", 52.4, W, Q_LOSH),
    ("About fifty-two and a half hours, i.e. 52.4 hours.", "number/measurement:1", 52.4, C, Q_LOSH),
    ("The ICU stay lasted 52.4 hours.", "number/measurement:1", 52.4, C, Q_LOSH),
    ("2.2 days (52.4 hours)", "number/measurement:1", 52.4, C, Q_LOSH),
    ("The first lactate was drawn 95 hours after admission.", "number/measurement", 95, W, Q_TTA),
    ("95 seconds after admission.", "number/measurement", 95, W, Q_TTA),
    ("The first lactate was drawn 95 minutes after admission.", "number/measurement", 95, C, Q_TTA),
    ("1 hour and 35 minutes after admission (95 minutes).", "number/measurement", 95, C, Q_TTA),
    ("It was drawn 95 minutes before admission, in the ED.", "number/measurement", 95, W, Q_TTA),
    # wrong table
    ("The last creatinine charted in chartevents was 1.4 mg/dL.", "number/measurement", 1.4, W, Q_CR),
    ("1.4 mg/dL (from chartevents; labevents has 1.6)", "number/measurement", 1.4, W, Q_CR),
    ("The last creatinine in labevents was 1.4 mg/dL.", "number/measurement", 1.4, C, Q_CR),
    ("The last creatinine was 1.4 mg/dL, taken from the ICU flowsheet (chartevents) as labevents had none.", "number/measurement", 1.4, W, Q_CR),
    ("I50.9", "string/code", "I509", C, Q_ICD),
    ("The principal diagnosis is I50.9 (ICD-10; the ICD-9 equivalent would be 428.0).", "string/code", "I509", C, Q_ICD),
    # rounding wrong / truncated
    ("The mean heart rate was 87.35, i.e. 87.3 rounded.", "number/measurement:1", 87.3, W, Q_MEAN_HR),
    ("87.3 (truncated from 87.38)", "number/measurement:1", 87.3, W, Q_MEAN_HR),
    ("87.38 truncated to 87.3", "number/measurement:1", 87.3, W, Q_MEAN_HR),
    ("The mean heart rate was 87.4 bpm.", "number/measurement:1", 87.4, C, Q_MEAN_HR),
    ("87.4 (87.36 before rounding)", "number/measurement:1", 87.4, C, Q_MEAN_HR),
]
Q_HF10 = "How many patients have an ICD-10 diagnosis of heart failure (codes starting with I50)?"
Q_ICD9 = "What is the ICD-9 code of the principal diagnosis of admission 20000345?"
Q_ADMTYPE = "How many admissions were there of each admission type?"
Q_ML = "What was the maximum lactate value of patient 10000032 during admission 20000345?"
Q_DRUG = "Which drug was prescribed most often across all admissions?"
Q_NPAT = "How many patients were admitted more than once?"
Q_AVGADM = "What is the average number of admissions per patient, rounded to 2 decimals?"
Q_CU = "Which first care unit had the most ICU stays?"
CASES += [
    ("120 patients have an ICD-9 heart failure code (428.x).", "number/count", 120, W, Q_HF10),
    ("120 patients, counting both ICD-9 428.x and ICD-10 I50.x codes.", "number/count", 120, W, Q_HF10),
    ("120 patients have an I50 diagnosis.", "number/count", 120, C, Q_HF10),
    ("120 admissions had an I50 code.", "number/count", 120, W, Q_HF10),
    ("I50.9 is the ICD-10 equivalent of ICD-9 428.0.", "string/code", "4280", W, Q_ICD9),
    ("The principal diagnosis is 428.0 (congestive heart failure, unspecified).", "string/code", "4280", C, Q_ICD9),
    ("I50.9 (the admission is coded in ICD-10; it maps to 428.0 in ICD-9)", "string/code", "4280", W, Q_ICD9),
    # breakdown that does not sum
    ("There were 500 admissions in total: 300 emergency, 150 elective, 100 urgent.", "number/count", 500, W, "How many admissions were there in total?"),
    ("500 admissions (300 emergency + 200 elective).", "number/count", 500, C, "How many admissions were there in total?"),
    ("In total 350 distinct patients: 200 male and 160 female.", "number/count", 350, W, Q_DP),
    ("350 distinct patients (190 male, 160 female).", "number/count", 350, C, Q_DP),
    ("| admission_type | n |\n|---|---|\n| EMERGENCY | 300 |\n| ELECTIVE | 150 |\n| total | 500 |", "table/string,count", [["EMERGENCY", 300], ["ELECTIVE", 150]], W, Q_ADMTYPE),
    ("EMERGENCY: 300, ELECTIVE: 150", "table/string,count", [["EMERGENCY", 300], ["ELECTIVE", 150]], C, Q_ADMTYPE),
    # final sentence contradicts an earlier stated number
    ("Step 1: the lactate values were 2.1, 4.8 and 3.3 mmol/L. Step 2: the maximum is 4.8. So the answer is 3.3 mmol/L.", "number/measurement", 4.8, W, Q_ML),
    ("Step 1: the lactate values were 2.1, 4.8 and 3.3 mmol/L. Step 2: the maximum is 3.3. So the answer is 4.8 mmol/L.", "number/measurement", 4.8, W, Q_ML),
    ("The values were 2.1, 4.8 and 3.3; the maximum is 4.8 mmol/L.", "number/measurement", 4.8, C, Q_ML),
    ("The query returned 57 patients with more than one admission. Final answer: 75.", "number/count", 57, W, Q_NPAT),
    ("The query returned 75 patients with more than one admission. Final answer: 57.", "number/count", 57, W, Q_NPAT),
    ("After removing duplicates, 57 patients were admitted more than once. Final answer: 57", "number/count", 57, C, Q_NPAT),
    ("Total admissions 900 over 400 patients gives 2.25 admissions per patient. Answer: 2.52", "number/measurement:2", 2.25, W, Q_AVGADM),
    ("Total admissions 900 over 400 patients gives 2.52 admissions per patient. Answer: 2.25", "number/measurement:2", 2.25, W, Q_AVGADM),
    ("900 admissions / 400 patients = 2.25", "number/measurement:2", 2.25, C, Q_AVGADM),
    ("900 admissions / 450 patients = 2.25", "number/measurement:2", 2.25, W, Q_AVGADM),
    ("MICU had 1200 stays and SICU had 1500, so MICU had the most.", "string/string", "MICU", W, Q_CU),
    ("MICU, with 1500 stays versus 1200 in SICU.", "string/string", "MICU", C, Q_CU),
    # gold SQL result of a different query
    ("Furosemide (most prescribed drug during ICU stays)", "string/string", "Furosemide", W, Q_DRUG),
    ("Furosemide was the most common drug among patients with heart failure.", "string/string", "Furosemide", W, Q_DRUG),
    ("Furosemide was the most frequently prescribed drug.", "string/string", "Furosemide", C, Q_DRUG),
    ("Furosemide is the second most prescribed drug; the first is Heparin.", "string/string", "Furosemide", W, Q_DRUG),
    ("Furosemide was prescribed to the most distinct patients.", "string/string", "Furosemide", W, Q_DRUG),
    ("57 (patients with more than one ICU stay)", "number/count", 57, W, Q_NPAT),
    ("57 patients had at least two admissions.", "number/count", 57, C, Q_NPAT),
    ("57 patients were readmitted within 30 days.", "number/count", 57, W, Q_NPAT),
    ("57 patients were admitted exactly twice.", "number/count", 57, W, Q_NPAT),
    ("2.25 (average ICU stays per admission)", "number/measurement:2", 2.25, W, Q_AVGADM),
    ("The average number of diagnoses per patient is 2.25.", "number/measurement:2", 2.25, W, Q_AVGADM),
    ("On average each patient was admitted 2.25 times.", "number/measurement:2", 2.25, C, Q_AVGADM),
    ("Patients had 2.25 admissions each on average.", "number/measurement:2", 2.25, C, Q_AVGADM),
    ("There are 1,204 female patients.", "number/count", 1204, C, Q_NF),
    ("1204 female admissions", "number/count", 1204, W, Q_NF),
    ("1204 (female patients who died)", "number/count", 1204, W, Q_NF),
    ("Women: 1204; men: 1350.", "number/count", 1204, C, Q_NF),
    ("Men: 1204; women: 1350.", "number/count", 1204, W, Q_NF),
]
Q_LOS = "What is the mean hospital length of stay in days across all admissions, rounded to 1 decimal?"
Q_GLU = "What was the last glucose lab value of patient 10000032?"
Q_MORT = "What percentage of sepsis admissions ended in in-hospital death, rounded to 1 decimal?"
Q_VENT = "How many hours was patient 10000032 mechanically ventilated during stay 30000001?"
Q_ICD9N = "How many admissions have an ICD-9 diagnosis code of 4280?"
Q_N3 = "How many ICU stays did patient 10000032 have?"
Q_HR = "How many hours after hospital admission did patient 10000032 enter the ICU, rounded to 1 decimal?"
CASES += [
    ("412 sepsis diagnoses were recorded.", "number/count", 412, W, Q_DP),
    ("412 hospital encounters had a sepsis code.", "number/count", 412, W, Q_DP),
    ("412 patients (counting each admission separately)", "number/count", 412, W, Q_DP),
    ("A total of 412 unique patients.", "number/count", 412, C, Q_DP),
    ("Averaging each patient's stays first, the mean per patient is 5.2 days.", "number/measurement:1", 5.2, W, Q_LOS),
    ("The mean length of stay was 5.2 days.", "number/measurement:1", 5.2, C, Q_LOS),
    ("5.2 days (mean ICU length of stay)", "number/measurement:1", 5.2, W, Q_LOS),
    ("5.2 weeks", "number/measurement:1", 5.2, W, Q_LOS),
    ("The mean length of stay was 5.2 hours.", "number/measurement:1", 5.2, W, Q_LOS),
    ("5.2 days, excluding patients who died in hospital.", "number/measurement:1", 5.2, W, Q_LOS),
    ("5.2 days for emergency admissions.", "number/measurement:1", 5.2, W, Q_LOS),
    ("The last fingerstick glucose in chartevents was 140 mg/dL.", "number/measurement", 140, W, Q_GLU),
    ("Glucose 140 mg/dL (point-of-care meter reading charted by nursing, not a lab result).", "number/measurement", 140, W, Q_GLU),
    ("The last glucose was 140 mg/dL.", "number/measurement", 140, C, Q_GLU),
    ("140 mg/dL, per the discharge summary note.", "number/measurement", 140, W, Q_GLU),
    ("It was 140 mg/dL.", "number/measurement", 140, C, Q_GLU),
    ("12.4% of in-hospital deaths were sepsis admissions.", "number/measurement:1", 12.4, W, Q_MORT),
    ("12.4 per 1000 sepsis admissions died.", "number/measurement:1", 12.4, W, Q_MORT),
    ("12.4% of sepsis patients died (per patient, not per admission).", "number/measurement:1", 12.4, W, Q_MORT),
    ("12.4% of sepsis admissions ended in death.", "number/measurement:1", 12.4, C, Q_MORT),
    ("In-hospital mortality for sepsis admissions: 12.4%.", "number/measurement:1", 12.4, C, Q_MORT),
    ("12.4% died within one year of discharge.", "number/measurement:1", 12.4, W, Q_MORT),
    ("The mean heart rate was 87.38, rounded down to 87.3.", "number/measurement:1", 87.3, W, Q_MEAN_HR),
    ("87.3 (87.38 floored)", "number/measurement:1", 87.3, W, Q_MEAN_HR),
    ("87.3 (rounded to one decimal from 87.25)", "number/measurement:1", 87.3, C, Q_MEAN_HR),
    ("Ventilated for 36 minutes.", "number/measurement", 36, W, Q_VENT),
    ("36 hours of mechanical ventilation.", "number/measurement", 36, C, Q_VENT),
    ("36 hours on supplemental oxygen via nasal cannula.", "number/measurement", 36, W, Q_VENT),
    ("He was intubated for a day and a half (36 hours).", "number/measurement", 36, C, Q_VENT),
    ("36 hours of non-invasive ventilation (BiPAP).", "number/measurement", 36, W, Q_VENT),
    ("88 admissions have an ICD-10 I50.9 code.", "number/count", 88, W, Q_ICD9N),
    ("88 admissions (4280 in ICD-9 plus I509 in ICD-10).", "number/count", 88, W, Q_ICD9N),
    ("88 admissions carry ICD-9 code 4280.", "number/count", 88, C, Q_ICD9N),
    ("88 patients have ICD-9 code 4280.", "number/count", 88, W, Q_ICD9N),
    ("Three.", "number/count", 3, C, Q_N3),
    ("He had three ICU stays.", "number/count", 3, C, Q_N3),
    ("3 ICU stays, then a fourth in a later admission.", "number/count", 3, W, Q_N3),
    ("3 hospital admissions.", "number/count", 3, W, Q_N3),
    ("3 care-unit transfers", "number/count", 3, W, Q_N3),
    ("He entered the ICU 6.5 minutes after admission.", "number/measurement:1", 6.5, W, Q_HR),
    ("6.5 hours after ED arrival.", "number/measurement:1", 6.5, W, Q_HR),
    ("6.5 hours after admission.", "number/measurement:1", 6.5, C, Q_HR),
    ("6.5 hours after discharge.", "number/measurement:1", 6.5, W, Q_HR),
    ("About six and a half hours later: 6.5.", "number/measurement:1", 6.5, C, Q_HR),
]
Q_TOPDX = "What are the 3 most common ICD-10 diagnosis codes among all admissions?"
Q_UNIT = "How many ICU stays were there in each first care unit?"
Q_BOOL = "Did patient 10000032 have a potassium lab value above 5.5 during admission 20000345?"
Q_DATE = "On what date was the first creatinine lab measured for patient 10000032?"
Q_SETP = "Which patients (subject_id) were admitted more than 3 times?"
Q_MEDLOS = "What is the median ICU length of stay in hours, rounded to 1 decimal?"
CASES += [
    ("I10, E785, I4891", "set/code", ["I10", "E785", "I4891"], C, Q_TOPDX),
    ("I10, E785 and I4891 — counted by distinct patients rather than admissions", "set/code", ["I10", "E785", "I4891"], W, Q_TOPDX),
    ("I10, E785, I4891 (top 3 among principal diagnoses only)", "set/code", ["I10", "E785", "I4891"], W, Q_TOPDX),
    ("The most common are I10 (hypertension), E78.5 (hyperlipidemia) and I48.91 (atrial fibrillation).", "set/code", ["I10", "E785", "I4891"], C, Q_TOPDX),
    ("MICU 1200, SICU 800, CCU 500 (distinct patients per unit)", "table/string,count", [["MICU", 1200], ["SICU", 800], ["CCU", 500]], W, Q_UNIT),
    ("MICU 1200, SICU 800, CCU 500 (grouped by last care unit)", "table/string,count", [["MICU", 1200], ["SICU", 800], ["CCU", 500]], W, Q_UNIT),
    ("MICU: 1200 stays; SICU: 800; CCU: 500.", "table/string,count", [["MICU", 1200], ["SICU", 800], ["CCU", 500]], C, Q_UNIT),
    ("MICU 1200, SICU 800, CCU 500 (2,600 stays in total)", "table/string,count", [["MICU", 1200], ["SICU", 800], ["CCU", 500]], W, Q_UNIT),
    ("Yes, 5.8 mEq/L in chartevents (no lab value above 5.5).", "boolean/boolean", True, W, Q_BOOL),
    ("Yes — the highest lab potassium was 5.2 mEq/L.", "boolean/boolean", True, W, Q_BOOL),
    ("Yes, a potassium of 5.8 mEq/L was measured.", "boolean/boolean", True, C, Q_BOOL),
    ("Yes, 5.8 mEq/L on a later admission.", "boolean/boolean", True, W, Q_BOOL),
    ("No — the peak was exactly 5.5, which is not above 5.5.", "boolean/boolean", False, C, Q_BOOL),
    ("2150-01-03 (first creatinine charted in chartevents)", "date/date", "2150-01-03", W, Q_DATE),
    ("The first creatinine was measured on 2150-01-03.", "date/date", "2150-01-03", C, Q_DATE),
    ("2150-01-03 is when the first creatinine was ordered; it was measured the next day.", "date/date", "2150-01-03", W, Q_DATE),
    ("10000032, 10000084, 10000117 (each with more than 3 ICU stays)", "set/identifier", [10000032, 10000084, 10000117], W, Q_SETP),
    ("10000032, 10000084 and 10000117", "set/identifier", [10000032, 10000084, 10000117], C, Q_SETP),
    ("10000032, 10000084, 10000117 (3 or more admissions)", "set/identifier", [10000032, 10000084, 10000117], W, Q_SETP),
    ("Patients 10000032, 10000084, 10000117 — 4 patients in total.", "set/identifier", [10000032, 10000084, 10000117], W, Q_SETP),
    ("The median ICU stay was 45.2 minutes.", "number/measurement:1", 45.2, W, Q_MEDLOS),
    ("45.2 hours", "number/measurement:1", 45.2, C, Q_MEDLOS),
    ("The mean ICU stay was 45.2 hours.", "number/measurement:1", 45.2, W, Q_MEDLOS),
    ("45.2 hours (median hospital length of stay)", "number/measurement:1", 45.2, W, Q_MEDLOS),
    ("Median ICU LOS: 45.2 h", "number/measurement:1", 45.2, C, Q_MEDLOS),
    ("The median hospital stay was 45.2 hours.", "number/measurement:1", 45.2, W, Q_MEDLOS),
    ("The median ICU stay, 1.9 days, is 45.2 hours.", "number/measurement:1", 45.2, C, Q_MEDLOS),
    ("I counted 57 patients, although my earlier count gave 61; the answer is 61.", "number/count", 57, W, Q_NPAT),
    ("The answer is 57 (the query returned 61 rows, one per patient).", "number/count", 57, W, Q_NPAT),
    ("Fifty-seven patients were admitted more than once.", "number/count", 57, C, Q_NPAT),
    ("57 patients had 2+ admissions.", "number/count", 57, C, Q_NPAT),
    ("350 distinct patients had sepsis listed on any admission.", "number/count", 350, C, Q_DP),
    ("350 patients had sepsis as the principal diagnosis.", "number/count", 350, W, Q_DP),
    ("350 patients had septic shock (R65.21).", "number/count", 350, W, Q_DP),
    ("350 distinct patients received antibiotics for sepsis.", "number/count", 350, W, Q_DP),
    ("350 distinct ICU patients had sepsis.", "number/count", 350, W, Q_DP),
    ("The mean age was 71.3 months.", "number/measurement:1", 71.3, W, Q_AGE),
    ("71.3 years at the first admission only.", "number/measurement:1", 71.3, W, Q_AGE),
    ("71.3 years (anchor_age, not age at admission)", "number/measurement:1", 71.3, W, Q_AGE),
]
# right answers the readers still do not read (each scored wrong or abstained, never a false positive)
CONSERVATIVE = frozenset({
    ('2.2 days (52.4 hours)', 52.4),
    ('The principal diagnosis is I50.9 (ICD-10; the ICD-9 equivalent would be 428.0).', 'I509'),
    ('The values were 2.1, 4.8 and 3.3; the maximum is 4.8 mmol/L.', 4.8),
    ('MICU, with 1500 stays versus 1200 in SICU.', 'MICU'),
    ('Furosemide was the most frequently prescribed drug.', 'Furosemide'),
    ('57 patients had at least two admissions.', 57),
    ('Fifty-seven patients were admitted more than once.', 57),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ: neither is a pass
WRONG_OR_ABSTAINED = frozenset({
})

CLASSES = {
    "count_other_unit_of_analysis": ("a count of admissions / diagnosis rows / encounters / transfers given for distinct patients or ICU stays", [
        "There were 412 sepsis admissions.", "412 rows matched the sepsis codes.", "412 sepsis diagnoses were recorded.",
        "412 patients (counting each admission separately)", "Counting every diagnosis row, 412; the number of distinct patients is lower.",
        "1204 female admissions", "3 care-unit transfers"]),
    "population_other_filter_in_words": ("the statistic is computed on a narrower/different cohort or condition (secondary/principal dx only, septic shock, antibiotics, exactly twice, first admission)", [
        "The mean age of patients with heart failure as a secondary diagnosis was 71.3.",
        "Mean age 71.3 years, computed on patients with a principal diagnosis of heart failure only.",
        "350 patients had sepsis as the principal diagnosis.", "350 patients had septic shock (R65.21).",
        "350 distinct patients received antibiotics for sepsis.", "57 patients were admitted exactly twice.",
        "71.3 years at the first admission only."]),
    "population_other_quantity": ("the number is another quantity: age at death / anchor_age, survival for mortality, ICU death for in-hospital death", [
        "The mean age at death was 71.3.", "71.3 years (anchor_age, not age at admission)",
        "The survival rate was 12.4%.", "12.4% died in the ICU itself."]),
    "lab_from_other_table": ("a lab value taken from chartevents / point-of-care / a note instead of labevents", [
        "The last creatinine charted in chartevents was 1.4 mg/dL.", "1.4 mg/dL (from chartevents; labevents has 1.6)",
        "The last creatinine was 1.4 mg/dL, taken from the ICU flowsheet (chartevents) as labevents had none.",
        "The last fingerstick glucose in chartevents was 140 mg/dL.",
        "Glucose 140 mg/dL (point-of-care meter reading charted by nursing, not a lab result).",
        "140 mg/dL, per the discharge summary note.", "2150-01-03 (first creatinine charted in chartevents)"]),
    "icd_version_mismatch_count": ("a count said to be of ICD-10 codes for an ICD-9 question", ["88 admissions have an ICD-10 I50.9 code."]),
    "rounding_truncated_or_floored": ("the answer says it truncated/floored rather than rounded", ["87.3 (truncated from 87.38)", "87.3 (87.38 floored)"]),
    "final_answer_contradicts_reasoning": ("the final answer differs from the number the reasoning stated / the arithmetic shown is false", [
        "The query returned 75 patients with more than one admission. Final answer: 57.", "900 admissions / 450 patients = 2.25"]),
    "other_query_scope_remark": ("the remark says the result is of another query (ICU stays, distinct patients, principal dx only, hospital LOS)", [
        "Furosemide (most prescribed drug during ICU stays)",
        "I10, E785 and I4891 — counted by distinct patients rather than admissions",
        "I10, E785, I4891 (top 3 among principal diagnoses only)",
        "45.2 hours (median hospital length of stay)", "The median hospital stay was 45.2 hours."]),
    "other_intervention": ("the duration is of another intervention (oxygen, BiPAP) than mechanical ventilation", [
        "36 hours on supplemental oxygen via nasal cannula.", "36 hours of non-invasive ventilation (BiPAP)."]),
    "date_order_not_measurement": ("the date is the order date; the answer says measurement was the next day", [
        "2150-01-03 is when the first creatinine was ordered; it was measured the next day."]),
}
