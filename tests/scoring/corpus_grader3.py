"""A third graded corpus, written by another independent adversarial grader (issue 11, round 3): 339 answers aimed
at what the first two corpora missed: yes/no answers that contradict themselves, first-person hedges, units of
another family, first/last and rank words, both extremes named, JSON keys naming another quantity, "none except
X" on empty-answer tasks, partial lists, second values, other entities under unfamiliar labels, relative dates,
guesses after a failure. (answer, shape, gold, expected, question); shapes as in corpus.py."""
C, W, A = "correct", "wrong", "abstained"

Q_ASP = "Was patient 10002428 prescribed aspirin during admission 23473524?"
Q_HR = "Was the last heart rate of patient 10002428 above 100?"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_ICU = "How many ICU stays did patient 10000032 have?"
Q_MEAN = "What is the mean length of stay in days of female patients, rounded to 2 decimals?"
Q_WT = "What was the first recorded weight in kg of patient 10001217, rounded to 1 decimal?"
Q_TEMP = "What was the last temperature in Fahrenheit of patient 10001217, rounded to 1 decimal?"
Q_PCT = "What percentage of patients are female, rounded to 1 decimal?"
Q_LAST_K = "What was the last potassium value of patient 10001217, rounded to 1 decimal?"
Q_MAXHR = "What was the maximum heart rate of patient 10001217 during stay 30000002?"
Q_LONG = "Which admission of patient 10000032 had the longest stay?"
Q_CODE = "What was the ICD code of the principal diagnosis of admission 24597018?"
Q_TITLE = "What was the long title of the principal diagnosis of admission 24597018?"
Q_FIRSTRX = "On which date was aspirin first prescribed to patient 10002428?"
Q_ADMIT = "On which date was patient 10003400 first admitted?"
Q_DISCH = "On which date was patient 10003400 last discharged?"
Q_DRUG = "Which drug was prescribed most often to patient 10001217?"
Q_ABX = "Which antibiotics did patient 10001217 receive during admission 24597018?"

CASES = [
    # --- booleans: self-contradiction, other admission, other drug ---
    ("No; it was prescribed on day 2 of the admission.", "boolean/boolean", False, W, Q_ASP),
    ("No \u2014 aspirin 81 mg daily was started on hospital day 2.", "boolean/boolean", False, W, Q_ASP),
    ("Yes. Actually, looking again, there are no aspirin orders for that admission.", "boolean/boolean", True, W, Q_ASP),
    ("The patient received aspirin during a different admission (23473525), not 23473524.", "boolean/boolean", True, W, Q_ASP),
    ("Only clopidogrel was prescribed during that admission.", "boolean/boolean", True, W, Q_ASP),
    ("Yes for admission 23473525; no for 23473524.", "boolean/boolean", True, W, Q_ASP),
    ("The answer is no, not yes.", "boolean/boolean", False, C, Q_ASP),
    ("The answer is no, not yes.", "boolean/boolean", True, W, Q_ASP),
    ("Yes (2 orders: aspirin 81 mg PO daily and aspirin 325 mg once).", "boolean/boolean", True, C, Q_ASP),
    ("The last heart rate was 112 bpm, so no.", "boolean/boolean", False, W, Q_HR),
    ("No. The last heart rate was 112 bpm.", "boolean/boolean", False, W, Q_HR),
    ("The last heart rate was 98 bpm, which is above 100.", "boolean/boolean", False, W, Q_HR),
    ("Yes \u2014 the last heart rate was 104 bpm (tachycardic).", "boolean/boolean", True, C, Q_HR),
    # --- counts: wrong entity, approximations, two values ---
    ("5 admissions and 7 ICU stays", "number/count", 7, W, Q_ADM),
    ("5 admissions and 7 ICU stays", "number/count", 5, C, Q_ADM),
    ("There were 7 ICU stays across 5 admissions.", "number/count", 5, W, Q_ICU),
    ("Approximately 1,200 patients", "number/count", 1200, W, "How many patients were admitted in 2150?"),
    ("~1234 patients", "number/count", 1234, W, "How many patients were admitted in 2150?"),
    ("1,234 (12.3% of all patients)", "number/count", 1234, C, "How many patients were admitted in 2150?"),
    ("1234 patients, or 1,233 after excluding duplicates", "number/count", 1234, W, "How many patients were admitted in 2150?"),
    ("3 male and 5 female patients", "number/count", 3, W, "How many female patients were prescribed vancomycin?"),
    ("42 patients were prescribed vancomycin; 17 of them also got piperacillin.", "number/count", 17, W,
     "How many patients were prescribed vancomycin?"),
    # --- measurements: wrong unit, wrong statistic, wrong group ---
    ("176.4 lb", "number/measurement:1", 176.4, W, Q_WT),
    ("80.0 lbs", "number/measurement:1", 80.0, W, Q_WT),
    ("37.0 \u00b0C", "number/measurement:1", 37.0, W, Q_TEMP),
    ("5.43%", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 days (130.3 hours)", "number/measurement:2", 5.43, C, Q_MEAN),
    ("The median length of stay was 5.43 days.", "number/measurement:2", 5.43, W, Q_MEAN),
    ("The mean LOS was 5.43 days for men and 6.12 days for women.", "number/measurement:2", 5.43, W, Q_MEAN),
    ("The mean LOS was 5.43 days for men and 6.12 days for women.", "number/measurement:2", 6.12, C, Q_MEAN),
    ("Of 1,523 female patients, the mean LOS was 5.43 days.", "number/measurement:2", 5.43, C, Q_MEAN),
    ("The minimum was 55 bpm and the maximum 130 bpm.", "number/measurement", 55, W, Q_MAXHR),
    ("The first potassium was 4.2", "number/measurement:1", 4.2, W, Q_LAST_K),
    ("4.2 (first), 3.9 (last)", "number/measurement:1", 4.2, W, Q_LAST_K),
    ("0.523", "number/measurement:1", 52.3, W, Q_PCT),
    ("52.3 percent", "number/measurement:1", 52.3, C, Q_PCT),
    ("+3.5", "number/measurement:1", -3.5, W, "By how much did the creatinine change between the first and last measurement, rounded to 1 decimal?"),
    # --- identifiers ---
    ("The longest stay was admission 20000346 (12 days), versus 20000345 with 8 days.", "number/identifier", 20000345, W, Q_LONG),
    ("Admission 20000345 was shorter than 20000346.", "number/identifier", 20000345, W, Q_LONG),
    ("itemid 220045 (Heart Rate) \u2014 or 211 in the CareVue data", "number/identifier", 220045, W,
     "What is the itemid of heart rate in chartevents?"),
    # --- codes vs titles ---
    ("Congestive heart failure, unspecified", "string/code", "4280", W, Q_CODE),
    ("4280", "string/string", "Congestive heart failure, unspecified", W, Q_TITLE),
    ("I50.9", "string/code", "4280", W, Q_CODE),
    ("428.0 Congestive heart failure, unspecified", "string/code", "4280", C, Q_CODE),
]

CASES += [
    # --- dates: relative, other event, approximate, wrong year ---
    ("Two days after admission", "date/date", "2150-03-06", W, Q_FIRSTRX),
    ("Hospital day 3 (2150-03-06)", "date/date", "2150-03-06", C, Q_FIRSTRX),
    ("2150-03-06, two days after admission on 2150-03-04", "date/date", "2150-03-06", C, Q_FIRSTRX),
    ("2150-03-06, two days after admission on 2150-03-04", "date/date", "2150-03-04", W, Q_FIRSTRX),
    ("Admitted on 2150-03-04 (discharged 2150-03-09)", "date/date", "2150-03-09", W, Q_ADMIT),
    ("The last discharge was on 2150-03-04.", "date/date", "2150-03-04", W,
     "On which date was patient 10003400 last admitted?"),
    ("March 4, 2151", "date/date", "2150-03-04", W, Q_ADMIT),
    ("approximately March 4, 2150", "date/date", "2150-03-04", W, Q_ADMIT),
    ("in early March 2150", "date/date", "2150-03-04", W, Q_ADMIT),
    ("the day before 2150-03-05", "date/date", "2150-03-05", W, Q_ADMIT),
    ("2150-03-04 10:15 PM", "date/timestamp", "2150-03-04 10:15:00", W,
     "When was the first potassium measurement of patient 10001217?"),
    ("2150-03-04 (time not recorded)", "date/timestamp", "2150-03-04 10:15:00", W,
     "When was the first potassium measurement of patient 10001217?"),
    ("The first potassium was drawn on 2150-03-04 at 10:15, and the second at 14:30.", "date/timestamp",
     "2150-03-04 14:30:00", W, "When was the second potassium measurement of patient 10001217?"),
    ("The patient was discharged on 2150-03-09 at 14:00 after admission on 2150-03-04.", "date/date", "2150-03-09", C, Q_DISCH),
    ("Discharged 2150-03-09", "date/date", "2150-03-09", W, Q_ADMIT),
    # --- strings: ties, negation, other rank ---
    ("Heparin and Insulin were tied (42 prescriptions each).", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin was not given; the answer is Enoxaparin.", "string/string", "Heparin", W, Q_DRUG),
    ("Not Insulin \u2014 Heparin.", "string/string", "Heparin", C, Q_DRUG),
    ("The least frequently prescribed drug was Heparin.", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (second most common after Insulin)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin?", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (I think)", "string/string", "Heparin", W, Q_DRUG),
    ("Likely heparin", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin, presumably", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin 5000 units SC q8h", "string/string", "Heparin", W, Q_DRUG),
    # --- sets: superset with a note, JSON list of dicts, empty-but-not ---
    ("Vancomycin, Cefepime \u2014 plus 3 more not shown", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime, and Metronidazole (only once)", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ('[{"drug": "Vancomycin"}, {"drug": "Cefepime"}]', "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    ('[{"drug": "Vancomycin", "n": 4}, {"drug": "Cefepime", "n": 2}]', "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    ('[{"drug": "Vancomycin"}, {"route": "Cefepime"}]', "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("No antibiotics except vancomycin were given.", "set/string!", [], W, Q_ABX),
    ("Nothing other than vancomycin", "set/string!", [], W, Q_ABX),
    ("None besides Vancomycin and Cefepime", "set/string!", [], W, Q_ABX),
    ("Only vancomycin", "set/string", ["Vancomycin"], C, Q_ABX),
    ("Vancomycin only \u2014 no others", "set/string!", ["Vancomycin"], C, Q_ABX),
    ("All of them", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime (top 2 of 5)", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime, Vancomycin Oral Liquid", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Patient 10000032: admissions 20000345 and 20000346", "set/identifier", [20000345, 20000346], C,
     "Which admissions of patient 10000032 included an ICU stay?"),
    ("20000345 and 20000346 (and 20000347, which had no ICU stay)", "set/identifier", [20000345, 20000346], C,
     "Which admissions of patient 10000032 included an ICU stay?"),
    ("20000345, 20000346, 20000347 (the last without an ICU stay)", "set/identifier", [20000345, 20000346], W,
     "Which admissions of patient 10000032 included an ICU stay?"),
]

Q_CREAT = "What was the last creatinine value in mg/dL of patient 10001217, rounded to 1 decimal?"
Q_HEIGHT = "What was the height in cm of patient 10001217?"
Q_MEDIAN = "What is the median length of stay in days of female patients, rounded to 2 decimals?"
Q_MOSTPT = "Which patient had the most hospital admissions?"
Q_MEANHR = "What was the mean heart rate of patient 10001217 during stay 30000002, rounded to 1 decimal?"
Q_PTS = "How many patients were prescribed vancomycin?"
Q_RX = "How many vancomycin prescriptions were there?"

CASES += [
    # --- hedges the hedge list misses: "I think", "I believe" ---
    ("Heparin (I believe)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin, I believe.", "string/string", "Heparin", W, Q_DRUG),
    ("I think it's Heparin.", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (not confirmed)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (unverified)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (rank 2)", "string/string", "Heparin", W, Q_DRUG),
    ("5 (I think)", "number/count", 5, W, Q_ADM),
    ("5, I believe.", "number/count", 5, W, Q_ADM),
    ("I believe the answer is 5.", "number/count", 5, W, Q_ADM),
    ("Yes, I think so.", "boolean/boolean", True, W, Q_ASP),
    ("Yes (I believe so)", "boolean/boolean", True, W, Q_ASP),
    ("I believe yes", "boolean/boolean", True, W, Q_ASP),
    ("4280 (I think)", "string/code", "4280", W, Q_CODE),
    ("4280, I believe", "string/code", "4280", W, Q_CODE),
    # --- booleans that take themselves back later ---
    ("No, but it was given as a one-time dose on day 2.", "boolean/boolean", False, W, Q_ASP),
    ("No. Aspirin 325 mg was prescribed once on 2150-03-05.", "boolean/boolean", False, W, Q_ASP),
    ("No. Let me re-check: yes, 2 aspirin orders exist.", "boolean/boolean", False, W, Q_ASP),
    ("False \u2014 aspirin appears 3 times in prescriptions for that admission.", "boolean/boolean", False, W, Q_ASP),
    ("No, it was exactly 100 bpm.", "boolean/boolean", False, C, Q_HR),
    ("Yes, it was exactly 100 bpm.", "boolean/boolean", True, W, Q_HR),
    ("Yes, on 2150-03-05 and again on 2150-03-06.", "boolean/boolean", True, C, Q_ASP),
    ("Y", "boolean/boolean", True, C, Q_ASP),
    ("N", "boolean/boolean", False, C, Q_ASP),
    # --- counts with an unflagged alternative or another noun ---
    ("5 per the admissions table (6 counting the ED visit)", "number/count", 5, W, Q_ADM),
    ("5 \u2014 although the transfers table suggests 6", "number/count", 5, W, Q_ADM),
    ("12 (true count: 17)", "number/count", 12, W, Q_PTS),
    ("12 distinct patients (15 prescriptions)", "number/count", 12, C, Q_PTS),
    ("12 distinct patients (15 prescriptions)", "number/count", 12, W, Q_RX),
    ("12 prescriptions for 15 patients", "number/count", 12, W, Q_PTS),
    ("5 ICU days", "number/count", 5, W, Q_ICU),
    ("5 times", "number/count", 5, C, Q_ADM),
    ("5 admissions, 4 of which were emergencies and 1 elective", "number/count", 5, C, Q_ADM),
    ("The count dropped from 6 to 5 after deduplication, so 5.", "number/count", 5, C, Q_ADM),
    # --- measurements: units, statistic, first/last ---
    ("1.4 mmol/L", "number/measurement:1", 1.4, W, Q_CREAT),
    ("1.4 mg/dL", "number/measurement:1", 1.4, C, Q_CREAT),
    ("70 inches", "number/measurement", 70, W, Q_HEIGHT),
    ("176.4 pounds", "number/measurement:1", 176.4, W, Q_WT),
    ("80 kg", "number/measurement:1", 80.0, C, Q_WT),
    ("98.6 \u00b0F", "number/measurement:1", 98.6, C, Q_TEMP),
    ("37.0 C", "number/measurement:1", 37.0, W, Q_TEMP),
    ("87.35", "number/measurement:1", 87.4, C, Q_MEANHR),
    ("87.349", "number/measurement:1", 87.4, W, Q_MEANHR),
    ("52.30%", "number/measurement:1", 52.3, C, Q_PCT),
    ("52%", "number/measurement:1", 52.3, W, Q_PCT),
    ("5.43 [IQR 2.10\u20137.90]", "number/measurement:2", 5.43, C, Q_MEAN),
    ("Mean: 5.43; median: 4.00", "number/measurement:2", 5.43, W, Q_MEDIAN),
    ("Mean 4.00, median 5.43", "number/measurement:2", 5.43, W, Q_MEAN),
    ("Max HR 130 bpm (min 55)", "number/measurement", 130, C, Q_MAXHR),
    ("Max HR 130 bpm (min 55)", "number/measurement", 55, W, Q_MAXHR),
    ("The lowest was 55; the highest 130.", "number/measurement", 55, W, Q_MAXHR),
    ("Potassium 4.2 on admission, 3.9 at discharge", "number/measurement:1", 4.2, W, Q_LAST_K),
    ("3.9 (last), 4.2 (first)", "number/measurement:1", 4.2, W, Q_LAST_K),
    ("3.9 mEq/L, down from 4.2", "number/measurement:1", 3.9, C, Q_LAST_K),
    ("3.9 mEq/L, down from 4.2", "number/measurement:1", 4.2, W, Q_LAST_K),
    # --- JSON objects whose key names another quantity ---
    ('{"min_heart_rate": 130}', "number/measurement", 130, W, Q_MAXHR),
    ('{"first_potassium": 4.2}', "number/measurement:1", 4.2, W, Q_LAST_K),
    ('{"last_potassium": 4.2}', "number/measurement:1", 4.2, C, Q_LAST_K),
    ('{"male_mean_los": 5.43}', "number/measurement:2", 5.43, W, Q_MEAN),
    ('{"median_los": 5.43}', "number/measurement:2", 5.43, W, Q_MEAN),
    ('{"icu_stays": 5}', "number/count", 5, W, Q_ADM),
    ('{"answer": "no", "evidence": "aspirin prescribed on 2150-03-05"}', "boolean/boolean", False, W, Q_ASP),
    ('{"shortest_stay_hadm_id": 20000345}', "number/identifier", 20000345, W, Q_LONG),
    ('{"hadm_id": 20000345}', "number/identifier", 20000345, C, Q_LONG),
    # --- identifiers ---
    ("subject_id 10000032, hadm_id 20000345", "number/identifier", 20000345, C, Q_LONG),
    ("Patient 10000033 (5 admissions), ahead of 10000032 (4)", "number/identifier", 10000032, W, Q_MOSTPT),
    ("10000032 and 10000033 tie with 5 admissions each", "number/identifier", 10000032, W, Q_MOSTPT),
    ("20000345 (shortest: 20000346)", "number/identifier", 20000346, W, Q_LONG),
    ("20000345 had the second-longest stay", "number/identifier", 20000345, W, Q_LONG),
    ("Patient 10000032, with 5 admissions", "number/identifier", 10000032, C, Q_MOSTPT),
]

Q_TOP3 = "What are the top 3 most frequent diagnosis codes, in order?"
Q_DX = "Which diagnosis codes were recorded for admission 24597018?"
Q_ICUADM = "Which admissions of patient 10000032 included an ICU stay?"
Q_TBL = "What is the mean length of stay in days by gender, rounded to 2 decimals?"
Q_UNIT = "How many ICU stays were there in each first care unit?"

CASES += [
    # --- codes ---
    ("The code is 4019, not 4280.", "string/code", "4280", W, Q_CODE),
    ("The code is 4019, not 4280.", "string/code", "4019", C, Q_CODE),
    ("4280 (Congestive heart failure) was secondary; the principal was 41401.", "string/code", "4280", W, Q_CODE),
    ("41401 (principal), 4280 (secondary)", "string/code", "4280", W, Q_CODE),
    ("Congestive heart failure, Hypertension", "set/code", ["4280", "4019"], W, Q_DX),
    ("CHF (4280) and HTN (4019)", "set/code", ["4280", "4019"], C, Q_DX),
    ("1. 4019\n2. 4280\n3. 25000", "list/code", ["4019", "4280", "25000"], C, Q_TOP3),
    ("1. 4280\n2. 4019\n3. 25000", "list/code", ["4019", "4280", "25000"], W, Q_TOP3),
    ("4019, 4280, 25000, 2724", "list/code", ["4019", "4280", "25000"], W, Q_TOP3),
    ("NDC 904198861", "string/code", "00904198861", W, "What is the NDC of the first prescription of patient 10001217?"),
    ("E11", "string/code", "E119", W, Q_CODE),
    ("E11.9 (Type 2 diabetes mellitus without complications)", "string/code", "E119", C, Q_CODE),
    ("The principal diagnosis code for admission 24597019 was 4280.", "string/code", "4280", W, Q_CODE),
    ("4280 for the previous admission; 41401 for this one", "string/code", "4280", W, Q_CODE),
    ("4280 (second-listed; seq_num 1 was 41401)", "string/code", "4280", W, Q_CODE),
    # --- dates ---
    ("2150-03-09 is the admission date; the patient was discharged on 2150-03-12.", "date/date", "2150-03-09", W, Q_DISCH),
    ("Day 2 of the admission", "date/date", "2150-03-05", W, Q_FIRSTRX),
    ("The same day as admission", "date/date", "2150-03-04", W, Q_FIRSTRX),
    ("48 hours after admission (2150-03-06)", "date/date", "2150-03-06", C, Q_FIRSTRX),
    ("2150-03-06 (48 hours after admission)", "date/date", "2150-03-06", C, Q_FIRSTRX),
    ("Patient 10003401 was first admitted on 2150-03-04.", "date/date", "2150-03-04", W, Q_ADMIT),
    ("pt 10003401: 2150-03-04", "date/date", "2150-03-04", W, Q_ADMIT),
    ("For subject 10003401 the first admission was 2150-03-04", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 (this is the ED arrival; the inpatient admission was 2150-03-05)", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 \u2014 although the transfers table shows 2150-03-05", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 (I think)", "date/date", "2150-03-04", W, Q_ADMIT),
    ("10:15 AM on March 4th, 2150", "date/timestamp", "2150-03-04 10:15:00", C,
     "When was the first potassium measurement of patient 10001217?"),
    ("The first potassium was drawn 2150-03-04 08:00; it was resulted at 10:15.", "date/timestamp",
     "2150-03-04 10:15:00", W, "When was the first potassium measurement of patient 10001217?"),
    ("2150-03-04 10:15 (storetime 2150-03-04 11:02)", "date/timestamp", "2150-03-04 10:15:00", C,
     "When was the first potassium measurement of patient 10001217?"),
    ("The last measurement was at 2150-03-04 10:15.", "date/timestamp", "2150-03-04 10:15:00", W,
     "When was the first potassium measurement of patient 10001217?"),
    ("The earliest admission was 2150-03-09.", "date/date", "2150-03-09", W, "When was the last admission of patient 10003400?"),
    # --- sets: admitted partial, empty-with-exception ---
    ("Vancomycin, Cefepime (partial list)", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime [output truncated]", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("The first 2 rows: Vancomycin, Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ('["Vancomycin", "Cefepime", "..."]', "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime, ...", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin and Cefepime (I think)", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin and Cefepime, among at least 4 antibiotics", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, vancomycin, Cefepime", "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    ("None, except a single dose of vancomycin.", "set/string!", [], W, Q_ABX),
    ("No \u2014 only vancomycin.", "set/string!", [], W, Q_ABX),
    ("None apart from vancomycin", "set/string!", [], W, Q_ABX),
    ("No antibiotics were given during 24597018 (vancomycin was given in the prior admission).", "set/string!", [], C, Q_ABX),
    ("20000345 (3 ICU stays), 20000346 (1 ICU stay)", "set/identifier", [20000345, 20000346], C, Q_ICUADM),
    ('[{"hadm_id": 20000345}, {"hadm_id": 20000346}]', "set/identifier", [20000345, 20000346], C, Q_ICUADM),
    ('[{"subject_id": 10000032, "hadm_id": 20000345}, {"subject_id": 10000032, "hadm_id": 20000346}]',
     "set/identifier", [20000345, 20000346], C, Q_ICUADM),
    ('[{"hadm_id": 20000345}, {"stay_id": 20000346}]', "set/identifier", [20000345, 20000346], W, Q_ICUADM),
    ("20000345, 20000346 (only those with stays over 24 h)", "set/identifier", [20000345, 20000346], W, Q_ICUADM),
    ("Heparin, Insulin, Potassium Chloride, Docusate", "list/string", ["Heparin", "Insulin", "Potassium Chloride"], W,
     "What were the top 3 drugs prescribed to patient 10001217, in order?"),
    # --- tables ---
    ('[{"gender": "M", "mean": 2.26}, {"gender": "F", "mean": 8.45}]', "table/string,measurement:2",
     [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ('{"F": 2.26, "M": 8.45}', "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], C, Q_TBL),
    ('{"F": 8.45, "M": 2.26}', "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ('{"gender": ["F", "M"], "mean": [2.26, 8.45]}', "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], C, Q_TBL),
    ('{"gender": ["F", "M"], "mean": [8.45, 2.26]}', "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ('{"gender": {"0": "F", "1": "M"}, "mean": {"0": 8.45, "1": 2.26}}', "table/string,measurement:2",
     [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("F 2.26 M 8.45", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], C, Q_TBL),
    ("F: 2.26 (n=500), M: 8.45 (n=480)", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], C, Q_TBL),
    ("F: 2.26, M: 8.45, Unknown: 3.10", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("F: 2.3, M: 8.5", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("F: 2.26, M: 8.45 (median)", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("Median \u2014 F: 2.26, M: 8.45", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("F: 2.26 hours, M: 8.45 hours", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("F: 2.26, M: 8.45 (I think)", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("MICU: 12 stays (63%), SICU: 7 stays (37%)", "table/string,count", [["MICU", 12], ["SICU", 7]], C, Q_UNIT),
    ('[{"unit": "MICU", "stays": 7}, {"unit": "SICU", "stays": 12}]', "table/string,count",
     [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("MICU: 12, SICU: 7 (partial: CCU not shown)", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("MICU: 12 admissions, SICU: 7 admissions", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("[[20000345, 3.9], [20000346, 4.2]]", "table/identifier,measurement:1", [[20000345, 4.2], [20000346, 3.9]], W,
     "What was the last potassium value of each admission of patient 10000032, rounded to 1 decimal?"),
    ("2150-03-04: 3, 2150-03-05: 1", "table/date,count", [["2150-03-04", 3], ["2150-03-05", 1]], C,
     "How many potassium measurements did patient 10001217 have on each day?"),
    ("2150-03-04: 1, 2150-03-05: 3", "table/date,count", [["2150-03-04", 3], ["2150-03-05", 1]], W,
     "How many potassium measurements did patient 10001217 have on each day?"),
    ("2150-03-04: 3, 2150-03-06: 1", "table/date,count", [["2150-03-04", 3], ["2150-03-05", 1]], W,
     "How many potassium measurements did patient 10001217 have on each day?"),
    # --- abstentions: failed tools with a guess, claims of no data ---
    ("The query timed out. Based on my knowledge, the answer is probably 5.", "number/count", 5, A, Q_ADM),
    ("I was unable to access the prescriptions table; assuming no, the answer is No.", "boolean/boolean", False, A, Q_ASP),
    ("Error: table not found. Answer: 0", "number/count", 0, A, Q_ADM),
    ("I could not run the query, but typically such patients have 2-3 admissions.", "number/count", 2, A, Q_ADM),
    ("Without database access, I estimate 5.", "number/count", 5, A, Q_ADM),
    ("Unable to determine; the tool returned an error. My guess: Heparin.", "string/string", "Heparin", A, Q_DRUG),
    ("Insufficient data to compute the mean.", "number/measurement:2", 5.43, A, Q_MEAN),
    ("The tool failed; I'll answer Yes.", "boolean/boolean", True, A, Q_ASP),
    ("Cannot be determined from the available tables.", "string/code", "4280", A, Q_CODE),
    ("I apologize, but I encountered an error executing the SQL. Final answer: 4280", "string/code", "4280", A, Q_CODE),
    ("There are no potassium measurements for this patient.", "number/measurement:1", 4.2, A, Q_LAST_K),
    ("N/A \u2014 patient not found", "date/date", "2150-03-04", A, Q_ADMIT),
    ("The SQL execution failed (Catalog Error). Based on typical data: 2150-03-04", "date/date", "2150-03-04", A, Q_ADMIT),
    ("Sorry, I hit the step limit before finishing. Partial result: Vancomycin, Cefepime", "set/string",
     ["Cefepime", "Vancomycin"], A, Q_ABX),
    ("The database returned an error, so I'm answering from general knowledge: F: 2.26, M: 8.45",
     "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], A, Q_TBL),
]

Q_AGE = "What was the age of patient 10000032 at the first admission?"
Q_HOURS = "How long was ICU stay 30000002 in hours, rounded to 1 decimal?"
Q_VOL = "What was the total input volume in mL for stay 30000002?"
Q_LASTUNIT = "What was the last care unit of stay 30000002?"
Q_ADM2150 = "How many admissions did patient 10000032 have in 2150?"
Q_SPO2 = "What was the last SpO2 of patient 10001217?"

CASES += [
    # --- first / last / earliest / latest: not treated as opposites ---
    ("The latest admission was on 2150-03-04.", "date/date", "2150-03-04", W, Q_ADMIT),
    ("Earliest: 2150-03-04", "date/date", "2150-03-04", C, Q_ADMIT),
    ("The earliest potassium was 4.2", "number/measurement:1", 4.2, W, Q_LAST_K),
    ("The most recent value was 4.2 mEq/L.", "number/measurement:1", 4.2, C, Q_LAST_K),
    ("4.2 (last), 3.9 (first)", "number/measurement:1", 4.2, C, Q_LAST_K),
    ("Potassium: 4.2 \u2192 3.9", "number/measurement:1", 4.2, W, Q_LAST_K),
    ("MICU (then SICU)", "string/string", "MICU", W, Q_LASTUNIT),
    ("The first care unit was MICU.", "string/string", "MICU", W, Q_LASTUNIT),
    ("Admission: 2150-03-04; last discharge: 2150-03-09", "date/date", "2150-03-04", W, Q_DISCH),
    ("The latest discharge was 2150-03-04", "date/date", "2150-03-04", W, Q_ADMIT),
    # --- strings ---
    ("Heparin \u2014 no, Insulin.", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin Flush", "string/string", "Heparin", W, Q_DRUG),
    ("The most common drug was heparin; the least common was insulin.", "string/string", "Heparin", C, Q_DRUG),
    ("Insulin was the least common.", "string/string", "Insulin", W, Q_DRUG),
    ("EW EMER.", "string/string", "EMERGENCY", W, "What was the admission type of admission 24597018?"),
    # --- sets with a negated or excluded item ---
    ("Vancomycin and Cefepime, but not Metronidazole", "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    ("Vancomycin, not Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("4280 and 4019 (not 25000)", "set/code", ["4280", "4019"], C, Q_DX),
    # --- dates ---
    ("The 4th of March, 2150", "date/date", "2150-03-04", C, Q_ADMIT),
    ("2150-03-04 10:15:00.000", "date/timestamp", "2150-03-04 10:15:00", C,
     "When was the first potassium measurement of patient 10001217?"),
    ("10:15 the next day (2150-03-05)", "date/timestamp", "2150-03-04 10:15:00", W,
     "When was the first potassium measurement of patient 10001217?"),
    # --- tables with a header naming another statistic or unit ---
    ("| gender | median |\n|---|---|\n| F | 2.26 |\n| M | 8.45 |", "table/string,measurement:2",
     [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("| gender | mean_los_hours |\n|---|---|\n| F | 2.26 |\n| M | 8.45 |", "table/string,measurement:2",
     [["F", 2.26], ["M", 8.45]], W, Q_TBL),
    ("MICU: 12, SICU: 7 or 8", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("MICU: 12\nSICU: 7\n(approximate)", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("MICU: 12 (ICU stays), SICU: 7 (ICU stays)", "table/string,count", [["MICU", 12], ["SICU", 7]], C, Q_UNIT),
    # --- identifiers ---
    ("hadm 20000345", "number/identifier", 20000345, C, Q_LONG),
    ("The 2nd admission, hadm_id 20000346", "number/identifier", 20000346, C, Q_LONG),
    ("The second admission", "number/identifier", 20000346, W, Q_LONG),
    ("220045 and 220050", "number/identifier", 220045, W, "What is the itemid of heart rate in chartevents?"),
    ("Heart Rate (itemid 220045)", "number/identifier", 220045, C, "What is the itemid of heart rate in chartevents?"),
    ("The runner-up was 20000345", "number/identifier", 20000345, W, Q_LONG),
    # --- counts ---
    ("5 admissions, or 4 unique hospitalizations", "number/count", 5, W, Q_ADM),
    ("Five (5) admissions; the sixth record is a duplicate.", "number/count", 5, C, Q_ADM),
    ("5 admissions over 3 years", "number/count", 5, C, Q_ADM),
    ("5 (all years)", "number/count", 5, W, Q_ADM2150),
    ("5 (2151)", "number/count", 5, W, Q_ADM2150),
    ("5 admissions in 2151", "number/count", 5, W, Q_ADM2150),
    ("5 per year", "number/count", 5, W, Q_ADM),
    ("12%", "number/count", 12, W, Q_PTS),
    ("twelve (12)", "number/count", 12, C, Q_PTS),
    ("12 patients (12 prescriptions)", "number/count", 12, C, Q_PTS),
    # --- boolean by value ---
    ("Above 100: no (98 bpm)", "boolean/boolean", False, C, Q_HR),
    ("HR 98 bpm \u2014 below 100", "boolean/boolean", True, W, Q_HR),
    ("98 bpm", "boolean/boolean", True, W, Q_HR),
    ("Not during that admission, but yes during the next one.", "boolean/boolean", False, C, Q_ASP),
    # --- measurements: units and the quantity ---
    ("52 years", "number/measurement:0", 52, C, Q_AGE),
    ("52 months", "number/measurement:0", 52, W, Q_AGE),
    ("2.19 days (52.5 hours)", "number/measurement:1", 52.5, C, Q_HOURS),
    ("52.5 days", "number/measurement:1", 52.5, W, Q_HOURS),
    ("2.19 days", "number/measurement:1", 52.5, W, Q_HOURS),
    ("1.5 L", "number/measurement", 1500, W, Q_VOL),
    ("1500 mL", "number/measurement", 1500, C, Q_VOL),
    ("1500 units", "number/measurement", 1500, W, Q_VOL),
    ("1500 mL/hr", "number/measurement", 1500, W, Q_VOL),
    ("88% on room air, 95% on 2 L", "number/measurement:0", 88, W, Q_SPO2),
    ("88 mmHg", "number/measurement:0", 88, W, Q_SPO2),
    ("5.43 d", "number/measurement:2", 5.43, C, Q_MEAN),
    ("5.43 weeks", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 days per patient-year", "number/measurement:2", 5.43, W, Q_MEAN),
]

Q_K24 = "What was the last potassium value of patient 10001217 during admission 24597018, rounded to 1 decimal?"
CASES += [
    # --- relative dates anchored on a stated date ---
    ("the day after 2150-03-04", "date/date", "2150-03-04", W, Q_FIRSTRX),
    ("one week after 2150-03-04", "date/date", "2150-03-04", W, Q_FIRSTRX),
    ("2 days before discharge (2150-03-09)", "date/date", "2150-03-09", W, Q_FIRSTRX),
    ("2150-03-04 (first admission); the first ICU stay began 2150-03-05", "date/date", "2150-03-04", C, Q_ADMIT),
    # --- JSON wrappers: keys naming another thing, lists of records ---
    ('[{"drug": "Heparin", "count": 42}]', "string/string", "Heparin", C, Q_DRUG),
    ('[{"drug": "Insulin", "count": 42}, {"drug": "Heparin", "count": 40}]', "string/string", "Heparin", W, Q_DRUG),
    ('{"most_common": "Insulin", "second": "Heparin"}', "string/string", "Heparin", W, Q_DRUG),
    ('{"least_common_drug": "Heparin"}', "string/string", "Heparin", W, Q_DRUG),
    ('{"prescribed": true, "hadm_id": 23473525}', "boolean/boolean", True, W, Q_ASP),
    ("[true, false]", "boolean/boolean", True, W, Q_ASP),
    # --- hedges in other words ---
    ("Yes, it appears so.", "boolean/boolean", True, W, Q_ASP),
    ("Yes, it seems so.", "boolean/boolean", True, W, Q_ASP),
    ("It looks like yes.", "boolean/boolean", True, W, Q_ASP),
    ("Heparin, I'd say.", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin, if I read the output correctly", "string/string", "Heparin", W, Q_DRUG),
    ("5 if I counted correctly", "number/count", 5, W, Q_ADM),
    # --- other entity under a label the entity check does not know ---
    ("ID 10001218: 4.2", "number/measurement:1", 4.2, W, Q_LAST_K),
    ("4.2 (adm. 24597019)", "number/measurement:1", 4.2, W, Q_K24),
    ("4.2 (admission 24597018)", "number/measurement:1", 4.2, C, Q_K24),
    # --- realistic right answers with SQL and revisions ---
    ("```sql\nSELECT COUNT(*) FROM admissions WHERE subject_id = 10000032\n```\nResult: 5", "number/count", 5, C, Q_ADM),
    ("```\nhadm_id\n20000345\n```", "number/identifier", 20000345, C, Q_LONG),
    ("Initially I got 6, but after removing duplicates the final answer is 5.", "number/count", 5, C, Q_ADM),
    ("Initially I got 6, but after removing duplicates the final answer is 5.", "number/count", 6, W, Q_ADM),
    ("The answer is 5. An earlier query suggested 6, which was wrong.", "number/count", 5, C, Q_ADM),
    ("Five admissions and two ICU stays", "number/count", 5, W, Q_ICU),
    ("two ICU stays across five admissions", "number/count", 2, C, Q_ICU),
    # --- codes ---
    ("4280 (CHF) and 4019 (HTN)", "string/code", "4280", W, Q_CODE),
    ("4280 Congestive heart failure; 4019 Hypertension", "set/code", ["4280", "4019"], C, Q_DX),
    # --- ordered tables with a rank ---
    ("1. MICU (12)\n2. SICU (7)", "table/string,count^", [["MICU", 12], ["SICU", 7]], C, Q_UNIT),
    ("1. SICU (7)\n2. MICU (12)", "table/string,count^", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    # --- empty answers that name something ---
    ("None. Vancomycin was given once.", "set/string!", [], W, Q_ABX),
    ("Zero, besides one dose of vancomycin", "set/string!", [], W, Q_ABX),
    ("No antibiotics were given.", "set/string!", ["Vancomycin"], W, Q_ABX),
]

CASES += [
    # --- the date or boolean picked from the wrong clause ---
    ("2150-03-04 (first admission); the first ICU stay began 2150-03-05", "date/date", "2150-03-05", W, Q_ADMIT),
    ("Not during that admission, but yes during the next one.", "boolean/boolean", True, W, Q_ASP),
    ("Yes (pt 10002429)", "boolean/boolean", True, W, Q_ASP),
    ("Yes \u2014 but that order was for patient 10002429.", "boolean/boolean", True, W, Q_ASP),
    ("The first ICU stay began on 2150-03-05; the hospital admission date is not recorded.", "date/date", "2150-03-05",
     W, Q_ADMIT),
    ("Heparin was given most often in the ICU (the most prescribed overall was Insulin).", "string/string", "Heparin",
     W, Q_DRUG),
]

# right answers the readers still do not read (each scored wrong or abstained, never a false positive)
CONSERVATIVE = frozenset({
    ('The answer is no, not yes.', False),
    ('Not Insulin — Heparin.', 'Heparin'),
    ('[{"drug": "Vancomycin", "n": 4}, {"drug": "Cefepime", "n": 2}]', ('Cefepime', 'Vancomycin')),
    ('Only vancomycin', ('Vancomycin',)),
    ('Vancomycin only — no others', ('Vancomycin',)),
    ('Patient 10000032: admissions 20000345 and 20000346', (20000345, 20000346)),
    ('20000345 and 20000346 (and 20000347, which had no ICU stay)', (20000345, 20000346)),
    ('48 hours after admission (2150-03-06)', '2150-03-06'),
    ('20000345 (3 ICU stays), 20000346 (1 ICU stay)', (20000345, 20000346)),
    ('[{"subject_id": 10000032, "hadm_id": 20000345}, {"subject_id": 10000032, "hadm_id": 20000346}]', (20000345, 20000346)),
    ('{"gender": ["F", "M"], "mean": [2.26, 8.45]}', (('F', 2.26), ('M', 8.45))),
    ('F 2.26 M 8.45', (('F', 2.26), ('M', 8.45))),
    ('The most common drug was heparin; the least common was insulin.', 'Heparin'),
    ('Vancomycin and Cefepime, but not Metronidazole', ('Cefepime', 'Vancomycin')),
    ('The 4th of March, 2150', '2150-03-04'),
    ('2.19 days (52.5 hours)', 52.5),
    ('2150-03-04 (first admission); the first ICU stay began 2150-03-05', '2150-03-04'),
    ('[{"drug": "Heparin", "count": 42}]', 'Heparin'),
    ('The answer is 5. An earlier query suggested 6, which was wrong.', 5),
    ('two ICU stays across five admissions', 2),
    ('1. MICU (12)\n2. SICU (7)', (('MICU', 12), ('SICU', 7))),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ: neither is a pass
WRONG_OR_ABSTAINED = frozenset({
    ('There are no potassium measurements for this patient.', 4.2),
    ('The first ICU stay began on 2150-03-05; the hospital admission date is not recorded.', '2150-03-05'),
})

CLASSES = {
    "FP1-bool-contradiction": (
        "a leading yes/no followed by a statement that contradicts it (a later 'yes', a prescription date, a "
        "value on the wrong side of the threshold) is read as the leading word",
        ["No; it was prescribed on day 2 of the admission.", "No \u2014 aspirin 81 mg daily was started on hospital day 2.",
         "The last heart rate was 112 bpm, so no.", "No. The last heart rate was 112 bpm.",
         "No, but it was given as a one-time dose on day 2.", "No. Aspirin 325 mg was prescribed once on 2150-03-05.",
         "No. Let me re-check: yes, 2 aspirin orders exist.",
         "False \u2014 aspirin appears 3 times in prescriptions for that admission.", "Yes, it was exactly 100 bpm.",
         '{"answer": "no", "evidence": "aspirin prescribed on 2150-03-05"}',
         "Not during that admission, but yes during the next one."]),
    "FP2-first-person-hedge": (
        "hedges in the first person or with 'seems/appears so' ('I think', 'I believe', 'I'd say', 'it looks "
        "like', 'if I counted correctly', 'not confirmed', 'unverified') are not in the hedge list",
        ["Heparin (I think)", "Heparin (I believe)", "Heparin (not confirmed)", "Heparin (unverified)", "5 (I think)",
         "5, I believe.", "I believe the answer is 5.", "Yes, I think so.", "Yes (I believe so)", "I believe yes",
         "4280 (I think)", "4280, I believe", "2150-03-04 (I think)", "Vancomycin and Cefepime (I think)",
         "F: 2.26, M: 8.45 (I think)", "Yes, it appears so.", "Yes, it seems so.", "It looks like yes.",
         "5 if I counted correctly"]),
    "FP3-unit-not-checked": (
        "a unit of another family than the one the question names, or one the unit table does not know "
        "(lb vs kg, \u00b0C vs Fahrenheit, mmol/L vs mg/dL, % for days, units / mL/hr for mL, mmHg for SpO2, "
        "months for an age, 'ICU days' for a count of stays, a rate 'per patient-year') is not compared",
        ["176.4 lb", "80.0 lbs", "37.0 \u00b0C", "5.43%", "1.4 mmol/L", "176.4 pounds", "37.0 C", "5 ICU days",
         "52 months", "1500 units", "1500 mL/hr", "88 mmHg", "5.43 days per patient-year",
         "| gender | mean_los_hours |\n|---|---|\n| F | 2.26 |\n| M | 8.45 |"]),
    "FP4-first-last-rank-words": (
        "first/last, earliest/latest, second/runner-up, shorter: the answer names another rank or end than the "
        "question, or names both and the wrong one is read (the first number or first date is taken)",
        ["The first potassium was 4.2", "The earliest potassium was 4.2", "Potassium: 4.2 \u2192 3.9",
         "The latest admission was on 2150-03-04.", "The earliest admission was 2150-03-09.",
         "The last measurement was at 2150-03-04 10:15.", "MICU (then SICU)", "The first care unit was MICU.",
         "The runner-up was 20000345", "20000345 had the second-longest stay",
         "Admission 20000345 was shorter than 20000346.", "Heparin (second most common after Insulin)",
         "Heparin (rank 2)", "4280 (second-listed; seq_num 1 was 41401)"]),
    "FP5-both-named-wrong-one-read": (
        "the answer names both opposites (min and max, men and women) and the scorer takes the first value, "
        "whichever the question asks for",
        ["The minimum was 55 bpm and the maximum 130 bpm.", "The lowest was 55; the highest 130.",
         "The mean LOS was 5.43 days for men and 6.12 days for women.",
         "2150-03-04 (first admission); the first ICU stay began 2150-03-05"]),
    "FP6-json-key-names-other-quantity": (
        "a one-key JSON object (or list of records) whose key names another quantity, stat, entity or field "
        "is unwrapped to its value and the key ignored",
        ['{"min_heart_rate": 130}', '{"first_potassium": 4.2}', '{"icu_stays": 5}',
         '[{"drug": "Vancomycin"}, {"route": "Cefepime"}]', '[{"hadm_id": 20000345}, {"stay_id": 20000346}]',
         '{"prescribed": true, "hadm_id": 23473525}']),
    "FP7-empty-with-exception": (
        "an empty-answer task: 'None/No X except/besides/apart from Y', 'None. Y was given once' says there IS "
        "an item but is read as 'states that there is none'",
        ["No antibiotics except vancomycin were given.", "Nothing other than vancomycin",
         "None besides Vancomycin and Cefepime", "None, except a single dose of vancomycin.",
         "None apart from vancomycin", "None. Vancomycin was given once."]),
    "FP8-partial-list-unflagged": (
        "an admittedly partial list in words the INCOMPLETE pattern misses ('top 2 of 5', 'partial list', "
        "'first 2 rows', 'CCU not shown')",
        ["Vancomycin, Cefepime (top 2 of 5)", "Vancomycin, Cefepime (partial list)",
         "The first 2 rows: Vancomycin, Cefepime", "MICU: 12, SICU: 7 (partial: CCU not shown)"]),
    "FP9-second-value-unflagged": (
        "a second candidate value introduced by 'or N after ...', ', or N unique ...', '\u2014 or N in ...', "
        "'(true count: N)' is not seen as an alternative",
        ["1234 patients, or 1,233 after excluding duplicates", "itemid 220045 (Heart Rate) \u2014 or 211 in the CareVue data",
         "12 (true count: 17)", "5 admissions, or 4 unique hospitalizations"]),
    "FP10-other-entity-or-scope-unlabelled": (
        "another patient/admission/year named under a label the entity check does not know ('pt', 'ID', 'adm.', "
        "a bare year or 'all years' in a remark), or the answer's own remark that the value is another event",
        ["pt 10003401: 2150-03-04", "ID 10001218: 4.2", "4.2 (adm. 24597019)", "5 (2151)", "5 (all years)",
         "2150-03-04 (this is the ED arrival; the inpatient admission was 2150-03-05)", "Yes (pt 10002429)",
         "Yes \u2014 but that order was for patient 10002429.",
         "The first ICU stay began on 2150-03-05; the hospital admission date is not recorded."]),
    "FP11-relative-date-anchor": (
        "a date stated relative to another date ('2 days before discharge (2150-03-09)') is read as the anchor",
        ["2 days before discharge (2150-03-09)", "the day after 2150-03-04", "one week after 2150-03-04",
         "the day before 2150-03-05"]),
    "FP12-guess-after-failure": (
        "a failed tool call / missing access / step limit followed by a guessed or partial value is scored "
        "correct instead of abstained",
        ["Error: table not found. Answer: 0", "Without database access, I estimate 5.",
         "Sorry, I hit the step limit before finishing. Partial result: Vancomycin, Cefepime"]),
}
