"""A fourth graded corpus, written by another independent adversarial grader (issue 11, round 4): answers that
ramble, restate, hedge, give candidates, answer a slightly different question (another scope, window,
statistic, unit or rounding), format as markdown/JSON/tables, or state the answer and then undermine it.
(answer, shape, gold, expected, question); shapes as in corpus.py."""
C, W, A = "correct", "wrong", "abstained"
Q_ASP = "Was patient 10002428 prescribed aspirin during admission 23473524?"
Q_HR = "Was the last heart rate of patient 10002428 above 100?"
Q_ABN = "Was the last creatinine of patient 10002428 abnormal?"
Q_ADM = "How many hospital admissions did patient 10000032 have?"
Q_ICU = "How many ICU stays did patient 10000032 have?"
Q_ICUA = "How many ICU stays did patient 10000032 have during admission 20000345?"
Q_PTS = "How many patients were prescribed vancomycin?"
Q_RX = "How many vancomycin prescriptions were there?"
Q_MEAN = "What is the mean length of stay in days of female patients, rounded to 2 decimals?"
Q_WT = "What was the first recorded weight in kg of patient 10001217, rounded to 1 decimal?"
Q_TEMPF = "What was the last temperature in Fahrenheit of patient 10001217, rounded to 1 decimal?"
Q_K = "What was the last potassium value of patient 10001217 during admission 24597018, rounded to 1 decimal?"
Q_MAXHR = "What was the maximum heart rate of patient 10001217 during stay 30000002?"
Q_MAXHR24 = "What was the maximum heart rate of patient 10001217 in the first 24 hours of stay 30000002?"
Q_SBP = "What was the minimum systolic blood pressure of patient 10001217 during stay 30000002?"
Q_DRUG = "Which drug was prescribed most often to patient 10001217?"
Q_ABX = "Which antibiotics did patient 10001217 receive during admission 24597018?"
Q_LONG = "Which admission of patient 10000032 had the longest stay?"
Q_CODE = "What was the ICD code of the principal diagnosis of admission 24597018?"
Q_DX = "Which diagnosis codes were recorded for admission 24597018?"
Q_ADMIT = "On which date was patient 10003400 first admitted?"
Q_TS = "When was the first potassium measurement of patient 10001217?"
Q_UNIT = "How many ICU stays were there in each first care unit?"
Q_SVC = "List the services of admission 24597018 in chronological order."
Q_PCT = "What percentage of patients are female, rounded to 1 decimal?"
Q_CR = "What was the last creatinine value in mg/dL of patient 10001217, rounded to 1 decimal?"

CASES = [
    # --- abstentions that start with "No" / "Yes" (boolean) ---
    ("No answer.", "boolean/boolean", False, A, Q_ASP),
    ("No clue.", "boolean/boolean", False, A, Q_ASP),
    ("No way to tell from the available tables.", "boolean/boolean", False, A, Q_ASP),
    ("No definitive answer can be given.", "boolean/boolean", False, A, Q_ASP),
    ("No access to the prescriptions table.", "boolean/boolean", False, A, Q_ASP),
    ("No conclusive evidence either way.", "boolean/boolean", False, A, Q_ASP),
    ("Yes, I can help with that. Let me query the prescriptions table.", "boolean/boolean", True, A, Q_ASP),
    ("Yes, I ran the query, but it returned an error.", "boolean/boolean", True, A, Q_ASP),
    ("Sure! Here is the SQL: SELECT * FROM prescriptions WHERE hadm_id = 23473524 AND drug ILIKE '%aspirin%'",
     "boolean/boolean", True, A, Q_ASP),
    # --- restatements that do not answer ---
    ("Whether the patient was prescribed aspirin during admission 23473524 can be checked in the prescriptions table.",
     "boolean/boolean", True, A, Q_ASP),
    ("If aspirin was prescribed during admission 23473524, it would appear in the prescriptions table.",
     "boolean/boolean", True, A, Q_ASP),
    ("To determine whether aspirin was prescribed, query the prescriptions table for hadm_id 23473524.",
     "boolean/boolean", True, A, Q_ASP),
    ("An aspirin allergy was documented during admission 23473524.", "boolean/boolean", True, W, Q_ASP),
    ("Aspirin was held during admission 23473524.", "boolean/boolean", True, W, Q_ASP),
    ("Aspirin was contraindicated during admission 23473524.", "boolean/boolean", True, W, Q_ASP),
    ("The patient should have been prescribed aspirin during admission 23473524.", "boolean/boolean", True, W, Q_ASP),
    ("The last heart rate was recorded at 2150-03-04 10:15.", "boolean/boolean", True, W, Q_HR),
    ("The heart rate exceeded 100 at several points during the admission.", "boolean/boolean", True, W, Q_HR),
    # --- checkboxes / emoji ---
    ("[ ] Yes  [x] No", "boolean/boolean", True, W, Q_ASP),
    ("[ ] Yes  [x] No", "boolean/boolean", False, C, Q_ASP),
    ("\u2705 Yes", "boolean/boolean", True, C, Q_ASP),
    ("\u274c No", "boolean/boolean", False, C, Q_ASP),
    ("Yes: \u2610  No: \u2611", "boolean/boolean", True, W, Q_ASP),
    # --- boolean with a count ---
    ("Yes (0 prescriptions found).", "boolean/boolean", True, W, Q_ASP),
    ("True \u2014 count = 0", "boolean/boolean", True, W, Q_ASP),
    ("Zero aspirin orders.", "boolean/boolean", False, C, Q_ASP),
    ("Count of aspirin prescriptions: 0", "boolean/boolean", True, W, Q_ASP),
    # --- JSON booleans with a confidence flag ---
    ('{"answer": true, "certain": false}', "boolean/boolean", True, W, Q_ASP),
    ('{"answer": "yes", "confidence": "low"}', "boolean/boolean", True, W, Q_ASP),
    ('{"answer": null}', "boolean/boolean", False, A, Q_ASP),
    # --- boolean with an unrelated "not" ---
    ("Yes, although the dose was not recorded.", "boolean/boolean", True, C, Q_ASP),
    ("Yes; it was not discontinued during the stay.", "boolean/boolean", True, C, Q_ASP),
    ("It was not normal.", "boolean/boolean", True, C, Q_ABN),
    ("Not abnormal.", "boolean/boolean", False, C, Q_ABN),
    ("Not abnormal.", "boolean/boolean", True, W, Q_ABN),
    # --- meta numbers after a failure ---
    ("I ran 5 queries but none returned results.", "number/count", 5, A, Q_ADM),
    ("Unable to complete: 3 queries failed.", "number/count", 3, A, Q_ADM),
    ("Couldn't finish after 2 attempts; the database timed out.", "number/count", 2, A, Q_ADM),
    ("Step 4 of my plan failed, so I have no answer.", "number/count", 4, A, Q_ADM),
    # --- SQL only ---
    ("```sql\nSELECT COUNT(*) FROM admissions WHERE subject_id = 10000032 LIMIT 5\n```", "number/count", 5, W, Q_ADM),
    ("SELECT hadm_id FROM admissions WHERE subject_id = 10000032 ORDER BY dischtime - admittime DESC LIMIT 1",
     "number/count", 1, W, Q_ADM),
    # --- DataFrame / DuckDB printouts ---
    ("   count_star()\n0             5", "number/count", 0, W, Q_ADM),
    ("   count_star()\n0             5", "number/count", 5, C, Q_ADM),
    ("\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n\u2502 count_star() \u2502\n\u2502    int64     \u2502\n\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524\n\u2502            5 \u2502\n\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518",
     "number/count", 5, C, Q_ADM),
    ("\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n\u2502 count_star() \u2502\n\u2502    int64     \u2502\n\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524\n\u2502            5 \u2502\n\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518",
     "number/count", 64, W, Q_ADM),
    ("   hadm_id\n0  20000345", "number/identifier", 20000345, C, Q_LONG),
    ("| hadm_id | icu_stays |\n|---|---|\n| 20000345 | 2 |\n| 20000346 | 3 |", "number/count", 2, W, Q_ICU),
    # --- admission counts under another noun ---
    ("5 ED visits", "number/count", 5, W, Q_ADM),
    ("5 ICU admissions", "number/count", 5, W, Q_ADM),
    ("5 readmissions", "number/count", 5, W, Q_ADM),
    ("5 hospitalizations", "number/count", 5, C, Q_ADM),
    ("12 hadm_ids", "number/count", 12, W, Q_PTS),
    ("12 admissions", "number/count", 12, W, Q_PTS),
    ("12 unique subject_ids", "number/count", 12, C, Q_PTS),
    ("12 individuals", "number/count", 12, C, Q_PTS),
    ("12 patients", "number/count", 12, W, Q_RX),
    ("12 (row count, not deduplicated by patient)", "number/count", 12, W, Q_PTS),
    ("5 hospital admissions", "number/count", 5, W, Q_ICU),
    ("5 ICU admissions", "number/count", 5, C, Q_ICU),
    # --- per-admission vs cumulative ---
    ("The patient had 5 ICU stays in total (2 during admission 20000345).", "number/count", 5, W, Q_ICUA),
    ("The patient had 5 ICU stays in total (2 during admission 20000345).", "number/count", 2, C, Q_ICUA),
    ("5 ICU stays across all admissions", "number/count", 5, W, Q_ICUA),

    # --- other statistic / peak-nadir words ---
    ("Nadir 55 bpm", "number/measurement", 55, W, Q_MAXHR),
    ("Peak 130 bpm", "number/measurement", 130, C, Q_MAXHR),
    ("Average HR 87 bpm, peak 130 bpm", "number/measurement", 87, W, Q_MAXHR),
    ("Average HR 87 bpm, peak 130 bpm", "number/measurement", 130, C, Q_MAXHR),
    ("Tmax 101.3 \u00b0F", "number/measurement:1", 101.3, W, Q_TEMPF),
    ("The geometric mean LOS was 5.43 days.", "number/measurement:2", 5.43, W, Q_MEAN),
    ("The modal LOS was 5.43 days.", "number/measurement:2", 5.43, W, Q_MEAN),
    ("SD 5.43 days", "number/measurement:2", 5.43, W, Q_MEAN),
    ("The total LOS was 5.43 days.", "number/measurement:2", 5.43, W, Q_MEAN),
    ("The trimmed mean (10%) was 5.43 days.", "number/measurement:2", 5.43, W, Q_MEAN),
    ("The average length of stay was 5.43 days.", "number/measurement:2", 5.43, C, Q_MEAN),
    # --- another group / scope ---
    ("The mean LOS for all patients was 5.43 days.", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 days (both sexes combined)", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 days for female ICU patients", "number/measurement:2", 5.43, W, Q_MEAN),
    ("Overall mean LOS: 5.43 days", "number/measurement:2", 5.43, W, Q_MEAN),
    ("12 patients received vancomycin in the ICU.", "number/count", 12, W, Q_PTS),
    ("5 admissions since 2150", "number/count", 5, W, Q_ADM),
    ("5 admissions in the last year", "number/count", 5, W, Q_ADM),
    # --- time windows ---
    ("130 bpm over the whole stay", "number/measurement", 130, W, Q_MAXHR24),
    ("130 bpm (entire ICU stay; first-24h value not computed)", "number/measurement", 130, W, Q_MAXHR24),
    ("130 bpm in the first 24 hours", "number/measurement", 130, C, Q_MAXHR24),
    ("The maximum on day 2 was 130 bpm.", "number/measurement", 130, W, Q_MAXHR24),
    # --- older / previous value ---
    ("The penultimate potassium was 4.2.", "number/measurement:1", 4.2, W, Q_K),
    ("The second-to-last potassium was 4.2.", "number/measurement:1", 4.2, W, Q_K),
    ("4.2 (from the previous admission)", "number/measurement:1", 4.2, W, Q_K),
    ("4.2 (baseline)", "number/measurement:1", 4.2, W, Q_K),
    ("Peak creatinine 1.4 mg/dL", "number/measurement:1", 1.4, W, Q_CR),
    ("4.2 mmol/L", "number/measurement:1", 4.2, C, Q_K),
    ("The most recent potassium during that admission was 4.2 mEq/L.", "number/measurement:1", 4.2, C, Q_K),
    # --- units ---
    ("80.0 kg/m\u00b2", "number/measurement:1", 80.0, W, Q_WT),
    ("80 kilograms", "number/measurement:1", 80.0, C, Q_WT),
    ("37.0\u2103", "number/measurement:1", 37.0, W, Q_TEMPF),
    ("98.6\u2109", "number/measurement:1", 98.6, C, Q_TEMPF),
    ("98.6 degrees Celsius", "number/measurement:1", 98.6, W, Q_TEMPF),
    ("5.43 hrs", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 h", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 min", "number/measurement:2", 5.43, W, Q_MEAN),
    ("52.3 per 1,000 patients", "number/measurement:1", 52.3, W, Q_PCT),
    ("52.3\u2030", "number/measurement:1", 52.3, W, Q_PCT),
    ("130 breaths/min", "number/measurement", 130, W, Q_MAXHR),
    ("130 mmHg", "number/measurement", 130, W, Q_MAXHR),
    ("130 beats/min", "number/measurement", 130, C, Q_MAXHR),
    ("130/min", "number/measurement", 130, C, Q_MAXHR),
    ("88/52 mmHg", "number/measurement", 88, C, Q_SBP),
    ("88/52 mmHg", "number/measurement", 52, W, Q_SBP),
    ("88 bpm", "number/measurement", 88, W, Q_SBP),
    ("1.4 umol/L", "number/measurement:1", 1.4, W, Q_CR),
    ("1.4 \u00b5mol/L", "number/measurement:1", 1.4, W, Q_CR),
    ("1.4 mg/L", "number/measurement:1", 1.4, W, Q_CR),
    ("1.4 g/dL", "number/measurement:1", 1.4, W, Q_CR),

    # --- sets: partial markers, negated items, extra item in a preamble ---
    ("Antibiotics given included Vancomycin and Cefepime (list not exhaustive).", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime, ...", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin and Cefepime, among others", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("e.g. Vancomycin, Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Mainly Vancomycin and Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Antibiotics such as Vancomycin and Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin and/or Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Either Vancomycin or Cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin was NOT given; Cefepime was.", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Not Vancomycin, just Cefepime", "set/string", ["Cefepime"], C, Q_ABX),
    ("Besides cefazolin prophylaxis, the patient received Vancomycin and Cefepime.", "set/string",
     ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin, Cefepime, Metronidazole?", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin (4 doses), Cefepime (2 doses)", "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    ("Both Vancomycin and Cefepime", "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    ("Vancomycin 1 g IV q12h, Cefepime 2 g IV q8h", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("Vancomycin | Cefepime", "set/string", ["Cefepime", "Vancomycin"], C, Q_ABX),
    ("4280, 4019 (also 25000 as a secondary diagnosis)", "set/code", ["4280", "4019"], W, Q_DX),
    ("4280 and 4019 (plus a few V-codes)", "set/code", ["4280", "4019"], W, Q_DX),
    # --- empty-answer tasks with hedges ---
    ("Probably none.", "set/string!", [], W, Q_ABX),
    ("None, I think.", "set/string!", [], W, Q_ABX),
    ("Likely none", "set/string!", [], W, Q_ABX),
    ("The result set is empty.", "set/string!", [], C, Q_ABX),
    ("0 rows returned.", "set/string!", [], C, Q_ABX),
    # --- lists: order words ---
    ("From last to first: SURG, MED", "list/string", ["SURG", "MED"], W, Q_SVC),
    ("From last to first: SURG, MED", "list/string", ["MED", "SURG"], C, Q_SVC),
    ("MED (second), SURG (first)", "list/string", ["MED", "SURG"], W, Q_SVC),
    ("Most recent first: SURG, MED", "list/string", ["SURG", "MED"], W, Q_SVC),
    ("SURG, MED (reverse chronological)", "list/string", ["SURG", "MED"], W, Q_SVC),
    # --- strings: ranking symbols, order ---
    ("Insulin > Heparin", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin > Insulin > Vancomycin", "string/string", "Heparin", C, Q_DRUG),
    ("Insulin, then Heparin", "string/string", "Heparin", W, Q_DRUG),
    ("#1 Insulin, #2 Heparin", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (#2), Insulin (#1)", "string/string", "Heparin", W, Q_DRUG),
    ("Answer: Insulin\n\n(Heparin was the most frequent.)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin Flush", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin, closely followed by Insulin", "string/string", "Heparin", C, Q_DRUG),
    ("Heparin \u2014 scratch that, Insulin.", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin. Correction: Insulin.", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin. On second thought, Insulin.", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (to be confirmed)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin (low confidence)", "string/string", "Heparin", W, Q_DRUG),
    ("Heparin [needs verification]", "string/string", "Heparin", W, Q_DRUG),
    ("```\nHeparin\n```", "string/string", "Heparin", C, Q_DRUG),
    # --- revisions across kinds ---
    ("5. Update: after re-running the query, 6.", "number/count", 5, W, Q_ADM),
    ("5 (Edit: 6)", "number/count", 5, W, Q_ADM),
    ("5. Oops, I mean 6.", "number/count", 5, W, Q_ADM),
    ("5. Hmm, on second thought it is 6.", "number/count", 5, W, Q_ADM),
    ("4280. Correction: 41401.", "string/code", "4280", W, Q_CODE),
    ("2150-03-04. Update: the first admission was actually 2150-03-02.", "date/date", "2150-03-04", W, Q_ADMIT),
    ("Yes. Correction: no.", "boolean/boolean", True, W, Q_ASP),

    # --- dates ---
    ("March 4th", "date/date", "2150-03-04", W, Q_ADMIT),
    ("The 4th", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 (estimated)", "date/date", "2150-03-04", W, Q_ADMIT),
    ("circa 2150-03-04", "date/date", "2150-03-04", W, Q_ADMIT),
    ("no later than 2150-03-04", "date/date", "2150-03-04", W, Q_ADMIT),
    ("by 2150-03-04 at the latest", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 or thereabouts", "date/date", "2150-03-04", W, Q_ADMIT),
    ("Tuesday, March 4, 2150", "date/date", "2150-03-04", C, Q_ADMIT),
    ("2150-3-4", "date/date", "2150-03-04", C, Q_ADMIT),
    ("2150.03.04", "date/date", "2150-03-04", C, Q_ADMIT),
    ("datetime.date(2150, 3, 4)", "date/date", "2150-03-04", C, Q_ADMIT),
    ("Timestamp('2150-03-04 10:15:00')", "date/timestamp", "2150-03-04 10:15:00", C, Q_TS),
    ("2150-03-04 at noon", "date/timestamp", "2150-03-04 12:00:00", C, Q_TS),
    ("2150-03-04 10:15:00.000", "date/timestamp", "2150-03-04 10:15:00", C, Q_TS),
    ("2150-03-04 10:15 (approximately)", "date/timestamp", "2150-03-04 10:15:00", W, Q_TS),
    ("2150-03-04, sometime in the morning", "date/timestamp", "2150-03-04 10:15:00", W, Q_TS),
    ("The most recent admission was 2150-03-04.", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 (readmission)", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 (the second admission)", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 (probably)", "date/date", "2150-03-04", W, Q_ADMIT),
    ("2150-03-04 [unverified]", "date/date", "2150-03-04", W, Q_ADMIT),
    # --- identifiers ---
    ("20000345 (12 days), followed by 20000346 (8 days)", "number/identifier", 20000346, W, Q_LONG),
    ("20000345 (12 days), followed by 20000346 (8 days)", "number/identifier", 20000345, C, Q_LONG),
    ("Neither: 20000345 and 20000346 both lasted 12 days.", "number/identifier", 20000345, W, Q_LONG),
    ("20000345 (by ICU LOS; by hospital LOS it is 20000346)", "number/identifier", 20000345, W, Q_LONG),
    ("The shortest was 20000346; the longest 20000345.", "number/identifier", 20000345, C, Q_LONG),
    ("20000345 (to be verified)", "number/identifier", 20000345, W, Q_LONG),
    # --- codes ---
    ("4280 (verify)", "string/code", "4280", W, Q_CODE),
    ("4280 (needs confirmation)", "string/code", "4280", W, Q_CODE),
    ("The principal diagnosis was 4280 in the first admission; this one was not coded.", "string/code", "4280", W, Q_CODE),
    ("seq_num 1: 4280", "string/code", "4280", C, Q_CODE),
    ("4280 (secondary)", "string/code", "4280", W, Q_CODE),
    ("4280 (admitting diagnosis)", "string/code", "4280", W, Q_CODE),
    # --- counts: bounds and approximations in other words ---
    ("no more than 5", "number/count", 5, W, Q_ADM),
    ("up to 5", "number/count", 5, W, Q_ADM),
    ("fewer than 6", "number/count", 5, W, Q_ADM),
    ("just under 1,000 patients", "number/count", 1000, W, Q_PTS),
    ("upwards of 1,000 patients", "number/count", 1000, W, Q_PTS),
    ("in excess of 1,000 patients", "number/count", 1000, W, Q_PTS),
    ("5 or so", "number/count", 5, W, Q_ADM),
    ("5-ish", "number/count", 5, W, Q_ADM),
    ("roughly 5", "number/count", 5, W, Q_ADM),
    ("5 give or take", "number/count", 5, W, Q_ADM),
    ("5 \u00b1 1", "number/count", 5, W, Q_ADM),
    ("5 (approx.)", "number/count", 5, W, Q_ADM),
    ("5 (est.)", "number/count", 5, W, Q_ADM),
    ("5 (preliminary)", "number/count", 5, W, Q_ADM),
    ("Answer: 5\nConfidence: low", "number/count", 5, W, Q_ADM),
    ("5*\n\n*may include duplicate admissions", "number/count", 5, W, Q_ADM),
    ("once", "number/count", 1, C, Q_ADM),
    ("twice", "number/count", 2, C, Q_ADM),
    ("a single admission", "number/count", 1, C, Q_ADM),
    ("5 (= 3 emergency + 2 elective)", "number/count", 5, C, Q_ADM),
    ("> The patient had 5 admissions.", "number/count", 5, C, Q_ADM),
    ("Answer: 5\nAnswer: 6", "number/count", 5, W, Q_ADM),
    ("Final answer: 5\n\nFinal answer (revised): 6", "number/count", 5, W, Q_ADM),
    ("5 admissions (if ICU admissions are meant instead, 3).", "number/count", 5, W, Q_ADM),
    ("5 (the expected answer is probably 6)", "number/count", 5, W, Q_ADM),

    # --- tables ---
    ("| gender | median_los |\n|---|---|\n| F | 2.26 |\n| M | 8.45 |", "table/string,measurement:2",
     [["F", 2.26], ["M", 8.45]], W, "What is the mean length of stay in days by gender, rounded to 2 decimals?"),
    ("F: 2.26 days, M: 8.45 hours", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W,
     "What is the mean length of stay in days by gender, rounded to 2 decimals?"),
    ("F: 2.26, M: 8.45 (M value uncertain)", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], W,
     "What is the mean length of stay in days by gender, rounded to 2 decimals?"),
    ("F: 2.26 (n=100), M: 8.45 (n=90)", "table/string,measurement:2", [["F", 2.26], ["M", 8.45]], C,
     "What is the mean length of stay in days by gender, rounded to 2 decimals?"),
    ("MICU 12, SICU 7, Other 3", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("MICU: 12, SICU: 7 (SICU may be 8)", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("MICU: 12, SICU: 7 (2151 only)", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ("MICU: 12 patients, SICU: 7 patients", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    ('{"MICU": 12, "SICU": 7}', "table/string,count", [["MICU", 12], ["SICU", 7]], C, Q_UNIT),
    ("MICU: twelve, SICU: seven", "table/string,count", [["MICU", 12], ["SICU", 7]], C, Q_UNIT),
    ("MICU: 12 (approx.), SICU: 7", "table/string,count", [["MICU", 12], ["SICU", 7]], W, Q_UNIT),
    # --- JSON with extra keys ---
    ('{"answer": 5, "alternatives": [6]}', "number/count", 5, W, Q_ADM),
    ('{"answer": 5, "note": "could be 6"}', "number/count", 5, W, Q_ADM),
    ('{"count": 5, "distinct_patients": 3}', "number/count", 5, W, Q_PTS),
    ('{"rows": 12, "distinct_patients": 9}', "number/count", 12, W, Q_PTS),
    ('{"answer": 5, "confidence": 0.3}', "number/count", 5, W, Q_ADM),
    ('{"answer": "Heparin", "verified": false}', "string/string", "Heparin", W, Q_DRUG),
    ('{"value": 4.2, "hadm_id": 24597019}', "number/measurement:1", 4.2, W, Q_K),
    ('{"value": 4.2, "hadm_id": 24597018}', "number/measurement:1", 4.2, C, Q_K),
    ('{"value": 4.2, "unit": "mg/dL"}', "number/measurement:1", 4.2, W, "What was the last potassium value in mmol/L of patient 10001217, rounded to 1 decimal?"),
    # --- rounding / formats (right answers) ---
    ("80", "number/measurement:1", 80.0, C, Q_WT),
    ("79.95", "number/measurement:1", 80.0, C, Q_WT),
    ("0.15", "number/measurement:1", 0.2, C, "What fraction of admissions were elective, rounded to 1 decimal?"),
    ("2.675", "number/measurement:2", 2.68, C, "What was the mean magnesium, rounded to 2 decimals?"),
    ("12 345,67", "number/measurement:2", 12345.67, C, "What was the total charge, rounded to 2 decimals?"),
    ("Decimal('5.43')", "number/measurement:2", 5.43, C, Q_MEAN),
    ("np.float64(5.43)", "number/measurement:2", 5.43, C, Q_MEAN),
    ("1.23e3", "number/measurement", 1234.5678, W, "What was the total urine output in mL of patient 10001217?"),
    ("1.2e-3", "number/measurement", 0.0012345, W, "What was the mean ratio?"),
    # --- the question's own number ---
    ("All 5 of them.", "number/count", 5, C, "How many of patient 10000032's 5 admissions included an ICU stay?"),
    ("Of the 5 admissions, I could not determine how many had an ICU stay.", "number/count", 5, A,
     "How many of patient 10000032's 5 admissions included an ICU stay?"),
    ("Patients with more than 2 admissions: I could not compute this.", "number/count", 2, A,
     "How many patients had more than 2 admissions?"),
    # --- change, volume, cumulative ---
    ("1500 mL per day (4500 mL total)", "number/measurement", 1500, W,
     "What was the total urine output in mL of patient 10001217 during stay 30000002?"),
    ("1500 mL per day (4500 mL total)", "number/measurement", 4500, C,
     "What was the total urine output in mL of patient 10001217 during stay 30000002?"),
    ("1500 mL on the last day", "number/measurement", 1500, W,
     "What was the total urine output in mL of patient 10001217 during stay 30000002?"),
    ("Gained 3.5 kg", "number/measurement:1", -3.5, W,
     "By how much did the weight in kg of patient 10001217 change between the first and last measurement, rounded to 1 decimal?"),
    ("Lost 3.5 kg", "number/measurement:1", -3.5, C,
     "By how much did the weight in kg of patient 10001217 change between the first and last measurement, rounded to 1 decimal?"),
    ("A reduction of 3.5 kg", "number/measurement:1", -3.5, C,
     "By how much did the weight in kg of patient 10001217 change between the first and last measurement, rounded to 1 decimal?"),
    ("3.5 kg lower at the end", "number/measurement:1", 3.5, W,
     "By how much did the weight in kg of patient 10001217 change between the first and last measurement, rounded to 1 decimal?"),
    # --- abbreviations and non-answers ---
    ("TBD", "number/count", 5, A, Q_ADM),
    ("See above.", "number/count", 5, A, Q_ADM),
    ("The patient had {count} admissions.", "number/count", 5, A, Q_ADM),
    ("Max steps reached.", "number/count", 5, A, Q_ADM),
    ("Traceback (most recent call last):\n  File \"q.py\", line 5\nKeyError: 'hadm_id'", "number/count", 5, A, Q_ADM),
    ("Catalog Error: Table with name prescriptions does not exist! Did you mean \"prescription\"? LINE 1", "number/count", 1, A, Q_RX),
    ("N.A.", "number/count", 5, A, Q_ADM),
    ("?", "boolean/boolean", True, A, Q_ASP),
    ("...", "number/count", 5, A, Q_ADM),

    # --- other patient / admission in words ---
    ("4.2 (this was the patient's sibling record)", "number/measurement:1", 4.2, W, Q_K),
    ("4.2 \u2014 value from a different patient with the same name", "number/measurement:1", 4.2, W, Q_K),
    ("4.2 (outpatient lab, before admission)", "number/measurement:1", 4.2, W, Q_K),
    ("4.2 (drawn after discharge)", "number/measurement:1", 4.2, W, Q_K),
    ("Yes, during the prior admission.", "boolean/boolean", True, W, Q_ASP),
    ("Yes \u2014 on the subsequent admission.", "boolean/boolean", True, W, Q_ASP),
    ("5 (for the mother's record; the newborn had 1)", "number/count", 5, W, Q_ADM),
    # --- other statistic for booleans by value ---
    ("The mean heart rate was 104 bpm, so yes.", "boolean/boolean", True, W, Q_HR),
    ("The maximum heart rate was 112, so yes.", "boolean/boolean", True, W, Q_HR),
    ("Yes, the last heart rate was 104 bpm.", "boolean/boolean", True, C, Q_HR),
    # --- count of rows vs distinct ---
    ("12 prescription rows", "number/count", 12, W, Q_PTS),
    ("12 orders", "number/count", 12, W, Q_PTS),
    ("12 orders", "number/count", 12, C, Q_RX),
    ("12 distinct patients", "number/count", 12, C, Q_PTS),
    ("12 unique patients", "number/count", 12, W, Q_RX),
    # --- measurements hedged in other words ---
    ("5.43 (needs double-checking)", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 (rough estimate)", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 days, give or take", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 days \u2014 low confidence", "number/measurement:2", 5.43, W, Q_MEAN),
    ("5.43 (sample too small to be reliable; could differ)", "number/measurement:2", 5.43, W, Q_MEAN),
    # --- realistic right answers ---
    ("Female patients stayed 5.43 days on average.", "number/measurement:2", 5.43, C, Q_MEAN),
    ("**Mean LOS (F): 5.43 days**", "number/measurement:2", 5.43, C, Q_MEAN),
    ("The first weight on record was 80.0 kg.", "number/measurement:1", 80.0, C, Q_WT),
    ("K+ 4.2 (last value, 2150-03-08 06:00)", "number/measurement:1", 4.2, C, Q_K),
    ("Pt had 5 admits.", "number/count", 5, C, Q_ADM),
    ("52.3% female", "number/measurement:1", 52.3, C, Q_PCT),
    ("Cr 1.4 mg/dL (most recent)", "number/measurement:1", 1.4, C, Q_CR),
    ("SBP nadir 88 mmHg", "number/measurement", 88, C, Q_SBP),
    ("Max HR: 130", "number/measurement", 130, C, Q_MAXHR),
    ("Vanc and cefepime", "set/string", ["Cefepime", "Vancomycin"], W, Q_ABX),
    ("hadm 20000345 (LOS 12.3 d)", "number/identifier", 20000345, C, Q_LONG),
]

# right answers the readers still do not read (each scored wrong or abstained, never a false positive)
CONSERVATIVE = frozenset({
    ('[ ] Yes  [x] No', False),
    ('Zero aspirin orders.', False),
    ('Yes, although the dose was not recorded.', True),
    ('Yes; it was not discontinued during the stay.', True),
    ('It was not normal.', True),
    ('   count_star()\n0             5', 5),
    ('   hadm_id\n0  20000345', 20000345),
    ('The patient had 5 ICU stays in total (2 during admission 20000345).', 2),
    ('Average HR 87 bpm, peak 130 bpm', 130),
    ('130 bpm in the first 24 hours', 130),
    ('130 beats/min', 130),
    ('130/min', 130),
    ('Not Vancomycin, just Cefepime', ('Cefepime',)),
    ('Both Vancomycin and Cefepime', ('Cefepime', 'Vancomycin')),
    ('Vancomycin | Cefepime', ('Cefepime', 'Vancomycin')),
    ('From last to first: SURG, MED', ('MED', 'SURG')),
    ('Heparin > Insulin > Vancomycin', 'Heparin'),
    ('Heparin, closely followed by Insulin', 'Heparin'),
    ('2150.03.04', '2150-03-04'),
    ('datetime.date(2150, 3, 4)', '2150-03-04'),
    ('2150-03-04 at noon', '2150-03-04 12:00:00'),
    ('20000345 (12 days), followed by 20000346 (8 days)', 20000345),
    ('seq_num 1: 4280', '4280'),
    ('12 345,67', 12345.67),
    ('1500 mL per day (4500 mL total)', 4500),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ: neither is a pass
WRONG_OR_ABSTAINED = frozenset({
    ("Sure! Here is the SQL: SELECT * FROM prescriptions WHERE hadm_id = 23473524 AND drug ILIKE '%aspirin%'", True),
    ('Whether the patient was prescribed aspirin during admission 23473524 can be checked in the prescriptions table.', True),
    ('If aspirin was prescribed during admission 23473524, it would appear in the prescriptions table.', True),
    ('To determine whether aspirin was prescribed, query the prescriptions table for hadm_id 23473524.', True),
    ('See above.', 5),
    ('The patient had {count} admissions.', 5),
    ('Max steps reached.', 5),
    ('N.A.', 5),
})

CLASSES = {
    "G4-FP1-abstention-led-by-yes-no": (
        "a non-answer that begins with No/Yes/True ('No clue', 'No conclusive evidence either way', 'Yes, I can help "
        "with that. Let me query ...') is read as the boolean",
        ["No clue.", "No conclusive evidence either way.",
         "Yes, I can help with that. Let me query the prescriptions table."]),
    "G4-FP2-bool-contradicted-by-zero-count": (
        "a yes/true followed by a count of zero matching rows ('Yes (0 prescriptions found)', 'True - count = 0')",
        ["Yes (0 prescriptions found).", "True \u2014 count = 0"]),
    "G4-FP3-hedge-words-missed": (
        "hedges/uncertainty markers not in the hedge list: 'to be confirmed', 'needs verification', 'verify', "
        "'needs confirmation', 'to be verified', 'est.', 'preliminary', 'needs double-checking', 'give or take' "
        "after the number, 'or thereabouts', '\u00b1 1' on a count, a 'Confidence: low' line, a JSON confidence "
        "key, an asterisk footnote, 'sample too small ... could differ'",
        ['{"answer": "yes", "confidence": "low"}', "Heparin (to be confirmed)", "Heparin [needs verification]",
         "20000345 (to be verified)", "4280 (verify)", "4280 (needs confirmation)", "5 \u00b1 1", "5 (est.)",
         "5 (preliminary)", "Answer: 5\nConfidence: low", "5*\n\n*may include duplicate admissions",
         "2150-03-04 or thereabouts", "5.43 (needs double-checking)", "5.43 days, give or take",
         "5.43 (sample too small to be reliable; could differ)", "None, I think."]),
    "G4-FP4-number-from-meta-or-sql": (
        "the only number is about the agent's process (queries run, LIMIT in the SQL it shows) yet is read as "
        "the answer",
        ["I ran 5 queries but none returned results.",
         "```sql\nSELECT COUNT(*) FROM admissions WHERE subject_id = 10000032 LIMIT 5\n```",
         "SELECT hadm_id FROM admissions WHERE subject_id = 10000032 ORDER BY dischtime - admittime DESC LIMIT 1"]),
    "G4-FP5-count-noun-another-entity": (
        "a count labelled with a noun that is not the question's entity but is not in the 'other count' list: "
        "ED visits / readmissions / emergency admissions for hospital admissions, hadm_ids / orders / row counts "
        "for patients",
        ["5 ED visits", "5 readmissions", "12 hadm_ids",
         "12 (row count, not deduplicated by patient)", "12 orders"]),
    "G4-FP6-scope-or-window-mismatch": (
        "the answer says its figure is for another scope than the question: cumulative over all admissions for a "
        "per-admission question, another group (all patients, both sexes, ICU patients, IV only, in the ICU), "
        "another window ('since 2150', 'in the last year', '2151 only', 'on the last day', 'by ICU LOS')",
        ["The patient had 5 ICU stays in total (2 during admission 20000345).", "5 ICU stays across all admissions",
         "The mean LOS for all patients was 5.43 days.", "5.43 days (both sexes combined)",
         "5.43 days for female ICU patients", "Overall mean LOS: 5.43 days", "12 patients received vancomycin in the ICU.",
         "5 admissions since 2150", "5 admissions in the last year",
         "MICU: 12, SICU: 7 (2151 only)", "1500 mL on the last day",
         "20000345 (by ICU LOS; by hospital LOS it is 20000346)"]),
    "G4-FP7-other-statistic-words": (
        "statistic words the 'another statistic' check does not know: geometric/trimmed mean, modal, SD, total "
        "for a mean; Tmax/peak for a last value; penultimate / second-to-last / baseline / previous admission "
        "for the last value",
        ["Tmax 101.3 \u00b0F", "The geometric mean LOS was 5.43 days.", "The modal LOS was 5.43 days.",
         "SD 5.43 days", "The total LOS was 5.43 days.", "The trimmed mean (10%) was 5.43 days.",
         "The penultimate potassium was 4.2.", "The second-to-last potassium was 4.2.",
         "4.2 (from the previous admission)", "4.2 (baseline)", "Peak creatinine 1.4 mg/dL",
         "The mean heart rate was 104 bpm, so yes.", "The maximum heart rate was 112, so yes."]),
    "G4-FP8-unit-not-recognised": (
        "units the unit table misses or mis-reads: kg/m\u00b2 (BMI) for kg, the single-character \u2103 sign, "
        "'degrees Celsius' spelled out, 'per 1,000' and \u2030 for a percentage, \u00b5mol/L (micro sign) for mg/dL",
        ["80.0 kg/m\u00b2", "37.0\u2103", "98.6 degrees Celsius", "52.3 per 1,000 patients", "52.3\u2030",
         "1.4 \u00b5mol/L"]),
    "G4-FP9-extra-item-in-remark": (
        "a set answer whose remark adds another member of the set ('also 25000 as a secondary diagnosis')",
        ["4280, 4019 (also 25000 as a secondary diagnosis)"]),
    "G4-FP10-order-words-ignored": (
        "a list whose words say it is given in the reverse order ('from last to first', 'most recent first', "
        "'reverse chronological', '(second) ... (first)') is compared in the order written",
        ["From last to first: SURG, MED", "MED (second), SURG (first)", "Most recent first: SURG, MED",
         "SURG, MED (reverse chronological)"]),
    "G4-FP11-other-event-or-rank-in-remark": (
        "a remark that says the value is another event or rank than asked: '(readmission)', '(the second "
        "admission)' for the first admission date; '(secondary)', '(admitting diagnosis)', 'in the first "
        "admission; this one was not coded' for the principal code; 'Neither: ... both' for a single id",
        ["2150-03-04 (readmission)", "2150-03-04 (the second admission)", "4280 (secondary)",
         "4280 (admitting diagnosis)", "The principal diagnosis was 4280 in the first admission; this one was not coded.",
         "Neither: 20000345 and 20000346 both lasted 12 days."]),
    "G4-FP12-bound-word-missed": (
        "'in excess of N' is not read as a bound",
        ["in excess of 1,000 patients"]),
    "G4-FP13-direction-word-after-number": (
        "a change whose direction is stated after the number ('3.5 kg lower at the end') is read as +3.5",
        ["3.5 kg lower at the end"]),
    "G4-FP14-other-entity-or-time-in-words": (
        "another patient, admission or time stated in words rather than by id: 'sibling record', 'a different "
        "patient', 'outpatient lab, before admission', 'drawn after discharge', 'during the prior/subsequent "
        "admission', 'the mother's record'",
        ["4.2 (this was the patient's sibling record)", "4.2 \u2014 value from a different patient with the same name",
         "4.2 (outpatient lab, before admission)", "4.2 (drawn after discharge)", "Yes, during the prior admission.",
         "Yes \u2014 on the subsequent admission.", "5 (for the mother's record; the newborn had 1)"]),
}

FN_NOTES = [
    "'beats/min' and '/min' are read as 'the minimum' (130 beats/min for a maximum heart rate is rejected)",
    "'130 bpm in the first 24 hours' for a first-24-hours question: '24 hours' is taken as the quantity",
    "pandas printouts ('   count_star()\\n0   5', '   hadm_id\\n0  20000345'): the row index 0 is read as a value",
    "a total/subtotal pair: the asked-for subtotal in a remark is not read ('5 in total (2 during admission X)' for the admission)",
    "booleans: checkbox '[ ] Yes [x] No'; 'Zero aspirin orders'; 'Yes, although the dose was not recorded' (an unrelated 'not' voids the yes); 'It was not normal' read as no",
    "sets/strings: 'Both X and Y', 'X | Y', 'Not X, just Y', 'Heparin > Insulin > ...', 'Heparin, closely followed by Insulin'",
    "dates: '2150.03.04', 'datetime.date(2150, 3, 4)', 'at noon'; numbers: '12 345,67'; a JSON record with the asked hadm_id as a second key",
    "ranking: '20000345 (12 days), followed by 20000346 (8 days)'; 'seq_num 1: 4280'",
]
