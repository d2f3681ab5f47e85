"""An eighth graded corpus, written by another independent adversarial grader (issue 11, round 8): what agents
write after running SQL that the earlier seven corpora did not try: compound durations ("3 days and 4 hours")
and fraction glyphs ("2\u00bd days"), blood-pressure pairs ("95/55") for one component, counts and sets capped by a
LIMIT or a display limit, shares computed on a sample, sibling or derived analytes sharing the asked name
(hemoglobin A1c, corrected / ionized calcium, troponin I for T, BUN/creatinine ratio, blood-gas potassium),
yes/no on "abnormal" contradicted by the stated reference range, a percentile / average of maxima / smoothed
maximum for the maximum, a mean of per-patient means, a mode, a middling stated confidence, approximate
timestamps, an identifier given relative to another, "additional" / "return" admissions, a comparison that
names the lesser, and parenthetical remarks on a set's last item or on a single answer that change what it is
(home medication, ordered in the ED, in the ICU, secondary diagnoses). About 45% are right answers phrased
naturally (markdown, pandas prints, ReAct "Final Answer:", recovered tool errors, non-English) so that false
negatives show too. (answer, shape, gold, expected, question); shapes as in corpus.py."""
C, W, A = "correct", "wrong", "abstained"

QA = "How many hospital admissions did patient 10000032 have?"
QL = "What is the length of stay in days of admission 20000345, rounded to 2 decimals?"
QH = "How many hours did patient 10000032 spend in the ICU during stay 30000001, rounded to 1 decimal?"
QTTA = "How many minutes after admission was the first lactate of admission 20000345 drawn?"
QD = "What was the minimum diastolic blood pressure of patient 10001217 during stay 30000002?"
QS = "What was the minimum systolic blood pressure of patient 10001217 during stay 30000002?"
QM = "What was the minimum mean arterial pressure of patient 10001217 during stay 30000002?"
QV = "How many patients were prescribed vancomycin?"
QK = "What was the last potassium value of patient 10001217 during admission 24597018, rounded to 1 decimal?"
QHB = "What was the last hemoglobin value of patient 10001217?"
QCA = "What was the last calcium value of patient 10001217?"
QTR = "What was the maximum troponin T of patient 10001217?"
QBUN = "What was the last BUN of patient 10001217?"
QABN = "Was the last creatinine of patient 10002428 abnormal?"
QHR = "Was the last heart rate of patient 10002428 above 100?"
QABX = "Which antibiotics did patient 10001217 receive during admission 24597018?"
QLONG = "Which admission of patient 10000032 had the longest stay?"
ABX = ["Vancomycin", "Cefepime"]
QMAX = "What was the maximum heart rate of patient 10001217 during stay 30000002?"
QMEAN = "What is the mean length of stay in days of female patients, rounded to 2 decimals?"
QPCT = "What percentage of patients are female, rounded to 1 decimal?"
QT = "When was the first potassium measurement of patient 10001217?"
QADMIT = "On which date was patient 10003400 first admitted?"
QASP = "Was patient 10002428 prescribed aspirin during admission 23473524?"
QUNIT = "How many ICU stays were there in each first care unit?"
QUNIT1 = "Which first care unit had the most ICU stays?"
QDRUG = "Which drug was prescribed most often to patient 10001217?"
QCODE = "What was the ICD code of the principal diagnosis of admission 24597018?"
QDX = "Which diagnosis codes were recorded for admission 24597018?"
QI = "How many ICU stays did patient 10000032 have?"
QW = "Which of patients 10000032 and 10001217 had more admissions?"
QANY = "Did patient 10000032 have any ICU stay?"
QSVC = "List the services of admission 24597018 in chronological order."
QFIRSTRX = "On which date was aspirin first prescribed to patient 10002428?"
UNITS = [["CCU", 120], ["MICU", 300], ["SICU", 80]]

CASES = [
    # --- compound durations: the first component is not the value -------------------------------------
    ("3 days and 4 hours", "number/measurement:2", 3.0, W, QL),
    ("3 days 4 hours", "number/measurement:2", 3.0, W, QL),
    ("The length of stay was 3 days and 4 hours.", "number/measurement:2", 3.0, W, QL),
    ("3d 4h", "number/measurement:2", 3.0, W, QL),
    ("3 days, 4 hours and 10 minutes", "number/measurement:2", 3.0, W, QL),
    ("52 hours 30 minutes", "number/measurement:1", 52.0, W, QH),
    ("3.17 days (3 days and 4 hours)", "number/measurement:2", 3.17, C, QL),
    ("The stay lasted 2 days and 12 hours (2.50 days).", "number/measurement:2", 2.5, C, QL),
    ("52 hours and 30 minutes (52.5 hours)", "number/measurement:1", 52.5, C, QH),
    ("3.00 days", "number/measurement:2", 3.0, C, QL),
    # --- blood-pressure pairs: systolic/diastolic --------------------------------------------------------
    ("BP 95/55", "number/measurement", 95, W, QD),
    ("Min BP: 95/55 mmHg", "number/measurement", 95, W, QD),
    ("The lowest BP was 95/55 mmHg", "number/measurement", 95, W, QD),
    ("The minimum blood pressure recorded was 95/55 mmHg (MAP 68).", "number/measurement", 95, W, QD),
    ("The lowest reading was 95/55 (MAP 68).", "number/measurement", 95, W, QM),
    ("The lowest BP was 95/55 mmHg.", "number/measurement", 95, C, QS),
    ("The minimum diastolic was 55 mmHg (BP 95/55).", "number/measurement", 55, C, QD),
    ("95/55 mmHg", "number/measurement", 55, C, QD),
    ("Systolic 95 mmHg, diastolic 55 mmHg", "number/measurement", 55, C, QD),
    ("The lowest reading was 95/55 (MAP 68).", "number/measurement", 68, C, QM),
    # --- a count that is only the LIMIT / display cap ----------------------------------------------------
    ("100 (the output was capped at 100 rows)", "number/count", 100, W, QV),
    ("The query returned 100 rows (LIMIT 100), so 100 patients.", "number/count", 100, W, QV),
    ("100 (LIMIT 100 applied)", "number/count", 100, W, QV),
    ("10 patients (query used LIMIT 10)", "number/count", 10, W, QV),
    ("The result set hit the 500-row display limit: 500 patients.", "number/count", 500, W, QV),
    ("100 patients in the first page of results.", "number/count", 100, W, QV),
    ("100 patients in the sample returned.", "number/count", 100, W, QV),
    ("100 patients (output truncated)", "number/count", 100, W, QV),
    ("100 distinct patients were prescribed vancomycin.", "number/count", 100, C, QV),
    # --- a set cut by a LIMIT ---------------------------------------------------------------------------
    ("Vancomycin, Cefepime (query limited to 2 rows)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (LIMIT 2)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (showing first 2 of 5)", "set/string", ABX, W, QABX),
    ("Vancomycin (3 doses), Cefepime (2 doses)", "set/string", ABX, C, QABX),
    # --- sibling / derived analytes sharing the asked name ------------------------------------------------
    ("The hemoglobin A1c was 7.2%.", "number/measurement", 7.2, W, QHB),
    ("HbA1c 7.2", "number/measurement", 7.2, W, QHB),
    ("Corrected calcium: 9.2 mg/dL", "number/measurement", 9.2, W, QCA),
    ("Ionized calcium 1.12 mmol/L", "number/measurement", 1.12, W, QCA),
    ("The maximum troponin I was 0.45 ng/mL.", "number/measurement", 0.45, W, QTR),
    ("The BUN/creatinine ratio was 20.", "number/measurement", 20, W, QBUN),
    ("The last hemoglobin was 9.8 g/dL.", "number/measurement", 9.8, C, QHB),
    ("The last BUN was 20 mg/dL.", "number/measurement", 20, C, QBUN),
    # --- "abnormal?" answered against the stated reference range ----------------------------------------
    ("Yes, 1.1 mg/dL (reference 0.5-1.2)", "boolean/boolean", True, W, QABN),
    ("Yes \u2014 1.1 mg/dL, within the reference range of 0.5-1.2.", "boolean/boolean", True, W, QABN),
    ("No, 1.5 mg/dL (ref 0.5-1.2 mg/dL)", "boolean/boolean", False, W, QABN),
    ("Yes, 1.5 mg/dL (reference 0.5-1.2), flagged abnormal.", "boolean/boolean", True, C, QABN),
    # --- another statistic in a remark ------------------------------------------------------------------
    ("4.2 (the most frequent value)", "number/measurement:1", 4.2, W, QK),
    ("4.2 (modal value)", "number/measurement:1", 4.2, W, QK),
    # --- right answers phrased naturally ------------------------------------------------------------------
    ("Query error: column hadm not found. After fixing the column name, the query returned 5 admissions.", "number/count", 5, C, QA),
    ("The first query failed (Binder Error), but the corrected query shows 5 admissions.", "number/count", 5, C, QA),
    ("   count\n0      5", "number/count", 5, C, QA),
    ("Thought: I now know the final answer\nFinal Answer: 5", "number/count", 5, C, QA),
    ("| subject_id | admissions |\n|---|---|\n| 10000032 | 5 |", "number/count", 5, C, QA),
    ("The last potassium was 4.2 mEq/L, measured 3 days before discharge.", "number/measurement:1", 4.2, C, QK),
    ("\u60a3\u8005\u5171\u67095\u6b21\u4f4f\u9662\u3002", "number/count", 5, C, QA),
    ("\u662f\u7684", "boolean/boolean", True, C, QHR),
    # --- several candidate rows, none chosen -------------------------------------------------------------
    ("| hadm_id | valuenum | charttime |\n|---|---|---|\n| 24597018 | 4.2 | 2150-01-02 08:00 |\n| 24597018 | 4.5 | 2150-01-01 06:00 |", "number/measurement:1", 4.2, W, QK),
    # --- batch 2: fractions of a day as glyphs ----------------------------------------------------------
    ("2\u00bd days", "number/measurement:2", 2.0, W, QL),
    ("2\u00bc days", "number/measurement:2", 2.0, W, QL),
    ("2 1/2 days", "number/measurement:2", 2.5, C, QL),
    ("2.5 days", "number/measurement:2", 2.5, C, QL),
    # --- another statistic of the extreme: percentile, smoothed / aggregated then maxed ----------------
    ("130 bpm (the 95th percentile of the stay's readings)", "number/measurement", 130, W, QMAX),
    ("130 bpm (99th percentile, to exclude artifacts)", "number/measurement", 130, W, QMAX),
    ("The average maximum heart rate was 130 bpm.", "number/measurement", 130, W, QMAX),
    ("The mean peak heart rate was 130 bpm.", "number/measurement", 130, W, QMAX),
    ("The typical maximum heart rate was 130.", "number/measurement", 130, W, QMAX),
    ("130 bpm (maximum of the hourly averages)", "number/measurement", 130, W, QMAX),
    ("130 bpm (maximum of the 5-minute rolling mean)", "number/measurement", 130, W, QMAX),
    ("130 bpm (highest hourly median)", "number/measurement", 130, W, QMAX),
    ("130 bpm (peak of the smoothed signal)", "number/measurement", 130, W, QMAX),
    ("130 bpm (sustained for > 5 minutes)", "number/measurement", 130, W, QMAX),
    ("130-ish", "number/measurement", 130, W, QMAX),
    ("The peak heart rate was 130 bpm.", "number/measurement", 130, C, QMAX),
    ("The highest heart rate charted during stay 30000002 was 130 bpm.", "number/measurement", 130, C, QMAX),
    # --- another aggregation of a mean --------------------------------------------------------------------
    ("4.11 days (mean of per-patient averages)", "number/measurement:2", 4.11, W, QMEAN),
    ("4.11 days (patient-level mean)", "number/measurement:2", 4.11, W, QMEAN),
    ("The weighted average length of stay was 4.11 days.", "number/measurement:2", 4.11, W, QMEAN),
    ("Mean LOS for female patients: **4.11 days** (n = 1,204 admissions).", "number/measurement:2", 4.11, C, QMEAN),
    # --- a stated confidence that is not high -------------------------------------------------------------
    ("Answer: 5\nConfidence: 60%", "number/count", 5, W, QA),
    ("5\n\nConfidence score: 0.6", "number/count", 5, W, QA),
    ("5 admissions. Certainty: medium.", "number/count", 5, W, QA),
    ("5 admissions. Confidence: moderate.", "number/count", 5, W, QA),
    # --- a share computed on a sample / the rows shown ---------------------------------------------------
    ("52.3% (based on the 100 patients shown)", "number/measurement:1", 52.3, W, QPCT),
    ("52.3% (computed on the query's first page of results)", "number/measurement:1", 52.3, W, QPCT),
    ("Based on a random sample of 1000 admissions, 45 patients.", "number/count", 45, W, QV),
    ("52.3% (1,204 of 2,302 patients) are female.", "number/measurement:1", 52.3, C, QPCT),
    ("Female patients make up 52.3% of the cohort.", "number/measurement:1", 52.3, C, QPCT),
    # --- approximate timestamps ------------------------------------------------------------------------
    ("2150-03-04 10:15 (\u00b1 30 min)", "date/timestamp", "2150-03-04 10:15:00", W, QT),
    ("Around 10:15 on 2150-03-04", "date/timestamp", "2150-03-04 10:15:00", W, QT),
    ("Approximately 2150-03-04 10:15", "date/timestamp", "2150-03-04 10:15:00", W, QT),
    ("First potassium: 2150-03-04 10:15:00", "date/timestamp", "2150-03-04 10:15:00", C, QT),
    ("The first potassium was drawn on 2150-03-04 at 10:15.", "date/timestamp", "2150-03-04 10:15:00", C, QT),
    # --- an identifier given relative to another ---------------------------------------------------------
    ("The admission after 20000345", "number/identifier", 20000345, W, QLONG),
    ("The one preceding 20000346", "number/identifier", 20000346, W, QLONG),
    ("The admission immediately before 20000346", "number/identifier", 20000346, W, QLONG),
    ("20000345's successor", "number/identifier", 20000345, W, QLONG),
    ("The longest stay was admission 20000345 (12.4 days); the shortest was 20000346 (1.2 days).", "number/identifier", 20000345, C, QLONG),
    ("20000345 \u2014 12.4 days, the longest of the patient's 5 admissions.", "number/identifier", 20000345, C, QLONG),
    ("```\nhadm_id\n20000345\n```", "number/identifier", 20000345, C, QLONG),
    # --- a count of admissions that leaves one out or counts visits -------------------------------------
    ("5 additional admissions", "number/count", 5, W, QA),
    ("5 admissions, excluding the current one", "number/count", 5, W, QA),
    ("5 admissions after the first", "number/count", 5, W, QA),
    ("5 emergency-department visits", "number/count", 5, W, QA),
    ("5 return visits", "number/count", 5, W, QA),
    ("5 hospitalizations", "number/count", 5, C, QA),
    ("5 inpatient stays", "number/count", 5, C, QA),
    ("Patient 10000032 was hospitalized five times.", "number/count", 5, C, QA),
    ("Based on the `admissions` table, patient 10000032 has **5** hospital admissions.", "number/count", 5, C, QA),
    ("5 admissions, 2 of which were emergency admissions.", "number/count", 5, C, QA),
    # --- a count of patients in another unit --------------------------------------------------------------
    ("45 person-years", "number/count", 45, W, QV),
    ("45 prescribers", "number/count", 45, W, QV),
    ("45 subjects", "number/count", 45, C, QV),
    ("After joining `prescriptions` with `admissions`, I found that vancomycin was prescribed to **45** unique patients.", "number/count", 45, C, QV),
    # --- natural right answers of other shapes -----------------------------------------------------------
    ("Yes \u2014 aspirin 81 mg PO daily was ordered on 2150-03-05 during admission 23473524.", "boolean/boolean", True, C, QASP),
    ("No. There are no aspirin entries in `prescriptions` for hadm_id 23473524.", "boolean/boolean", False, C, QASP),
    ("The last potassium (charttime 2150-01-03 06:00) was **4.2 mEq/L**.", "number/measurement:1", 4.2, C, QK),
    ("4.2 mmol/L", "number/measurement:1", 4.2, C, QK),
    ("| first_careunit | n_stays |\n|---|---|\n| CCU | 120 |\n| MICU | 300 |\n| SICU | 80 |", "table/string,count", UNITS, C, QUNIT),
    ("CCU: 120\nMICU: 300\nSICU: 80", "table/string,count", UNITS, C, QUNIT),
    ("MICU had the most (300), followed by CCU (120) and SICU (80).", "table/string,count", UNITS, C, QUNIT),
    ("MICU", "string/string", "Medical Intensive Care Unit (MICU)", C, QUNIT1),
    ("Medical Intensive Care Unit", "string/string", "Medical Intensive Care Unit (MICU)", C, QUNIT1),
    ("1. Heparin (45)\n2. Insulin (30)", "string/string", "Heparin", C, QDRUG),
    ("I50.9 (Heart failure, unspecified)", "string/code", "I509", C, QCODE),
    ("The diagnoses were:\n- 4280 (CHF)\n- 4019 (Hypertension)\n- 25000 (Diabetes)", "set/code", ["4280", "4019", "25000"], C, QDX),
    ("2150-03-04 08:15:00 (admittime)", "date/date", "2150-03-04", C, QADMIT),
    ("- Vancomycin\n- Cefepime", "set/string", ABX, C, QABX),
    ("Antibiotics received:\n1. Vancomycin\n2. Cefepime\n\nTotal: 2", "set/string", ABX, C, QABX),
    ('{"admissions": 5, "icu_stays": 3}', "number/count", 3, C, QI),
    ("2.19 days (52.5 hours)", "number/measurement:1", 52.5, C, QH),
    ("0    20000345", "number/identifier", 20000345, C, QLONG),
    # --- batch 3: a remark on the last item of a set that changes what the set is -----------------------
    ("Vancomycin, Cefepime (ordered in the ED before admission)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (ordered only)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (listed as an allergy)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (home medication)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (prescribed on a later admission)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (as of day 2; later days not checked)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (among IV antibiotics)", "set/string", ABX, W, QABX),
    ("Vancomycin, Cefepime (in the ICU)", "set/string", ABX, W, QABX),
    ("4280, 4019 (secondary diagnoses)", "set/code", ["4280", "4019"], W, QDX),
    ("4280, 4019 (principal and first secondary)", "set/code", ["4280", "4019"], W, QDX),
    ("4280, 4019 (first two seq_num)", "set/code", ["4280", "4019"], W, QDX),
    ("Vancomycin, Cefepime; Metronidazole was ordered but cancelled", "set/string", ABX, C, QABX),
    ("Vancomycin and Cefepime were both given IV during admission 24597018.", "set/string", ABX, C, QABX),
    ("4280, 4019", "set/code", ["4280", "4019"], C, QDX),
    # --- last value qualified by an event ----------------------------------------------------------------
    ("The last potassium was 4.2, from the blood gas panel.", "number/measurement:1", 4.2, W, QK),
    ("4.2, the last value before potassium repletion", "number/measurement:1", 4.2, W, QK),
    ("4.2 (last pre-dialysis value)", "number/measurement:1", 4.2, W, QK),
    ("4.2 (whole blood)", "number/measurement:1", 4.2, W, QK),
    ("4.2 mEq/L (serum), the final value of admission 24597018", "number/measurement:1", 4.2, C, QK),
    # --- filters and definitions in a remark -------------------------------------------------------------
    ("5 admissions longer than 24 hours", "number/count", 5, W, QA),
    ("5 admissions, all of which were urgent", "number/count", 5, C, QA),
    ("52.3% female (anchor year group 2017-2019)", "number/measurement:1", 52.3, W, QPCT),
    ("4.11 days (calendar days, counting the admission and discharge days)", "number/measurement:2", 4.11, W, QMEAN),
    ("4.11 days, counting each midnight as a day", "number/measurement:2", 4.11, W, QMEAN),
    ("4.11 days (median 3.20)", "number/measurement:2", 4.11, C, QMEAN),
    # --- comparisons: the id written is the one with fewer --------------------------------------------
    ("Patient 10000032 had fewer admissions than 10001217.", "number/identifier", 10000032, W, QW),
    ("10000032 (5 vs 3)", "number/identifier", 10000032, C, QW),
    ("10001217 had fewer admissions.", "number/identifier", 10000032, C, QW),
    ("Patient 10000032, with 5 admissions (patient 10001217 had 3).", "number/identifier", 10000032, C, QW),
    # --- yes/no given as a finding without the word yes ---------------------------------------------------
    ("2 ICU stays", "boolean/boolean", True, C, QANY),
    ("2 ICU stays were found (30000001, 30000002)", "boolean/boolean", True, C, QANY),
    ("Aspirin: prescribed", "boolean/boolean", True, C, QASP),
    ("Aspirin: 0 orders", "boolean/boolean", False, C, QASP),
    ("None found", "boolean/boolean", False, C, QASP),
    ("Yes, 2 ICU stays", "boolean/boolean", True, C, QANY),
    # --- ordered lists in words -------------------------------------------------------------------------
    ("MED then SURG", "list/string^", ["MED", "SURG"], C, QSVC),
    ("First SURG, then MED", "list/string^", ["MED", "SURG"], W, QSVC),
    # --- abstentions an agent writes ----------------------------------------------------------------------
    ("I was unable to complete the query within the step limit.", "number/count", 5, A, QA),
    ("The patient had {count} admissions.", "number/count", 5, A, QA),
    ('{"name": "execute_sql", "arguments": {"query": "SELECT COUNT(*) FROM admissions WHERE subject_id = 10000032 LIMIT 5"}}', "number/count", 5, A, QA),
    # --- batch 4: a remark on a single string / id / date answer that changes what it is --------------------
    ("Heparin (home medication)", "string/string", "Heparin", W, QDRUG),
    ("Heparin (among IV drugs)", "string/string", "Heparin", W, QDRUG),
    ("Heparin (by number of distinct days)", "string/string", "Heparin", W, QDRUG),
    ("20000345 (by ICU time)", "number/identifier", 20000345, W, QLONG),
    ("2150-03-04 (home medication start)", "date/date", "2150-03-04", W, QFIRSTRX),
    ("Heparin (45 prescriptions)", "string/string", "Heparin", C, QDRUG),
    ("The most frequently prescribed drug was Heparin, with 45 orders.", "string/string", "Heparin", C, QDRUG),
    ("Aspirin was first prescribed on 2150-03-04.", "date/date", "2150-03-04", C, QFIRSTRX),
    ("20000345 (12.4 days from admittime to dischtime)", "number/identifier", 20000345, C, QLONG),
]

CLASSES = {
    "compound_duration_first_part": ("a duration written as days+hours or hours+minutes read as its first component", [
        "3 days and 4 hours", "3 days 4 hours", "The length of stay was 3 days and 4 hours.", "3d 4h",
        "3 days, 4 hours and 10 minutes", "52 hours 30 minutes"]),
    "bp_pair_other_component": ("a systolic/diastolic pair read as systolic for a diastolic or MAP question", [
        "BP 95/55", "Min BP: 95/55 mmHg", "The lowest BP was 95/55 mmHg",
        "The minimum blood pressure recorded was 95/55 mmHg (MAP 68).", "The lowest reading was 95/55 (MAP 68)."]),
    "count_is_limit_or_display_cap": ("the count is the LIMIT / row cap / first page of the query output, not the population", [
        "100 (the output was capped at 100 rows)", "The query returned 100 rows (LIMIT 100), so 100 patients.",
        "100 (LIMIT 100 applied)", "10 patients (query used LIMIT 10)",
        "The result set hit the 500-row display limit: 500 patients.", "100 patients in the first page of results.",
        "100 patients in the sample returned."]),
    "set_cut_by_limit": ("a set whose remark says the query was limited to that many rows", [
        "Vancomycin, Cefepime (query limited to 2 rows)", "Vancomycin, Cefepime (LIMIT 2)"]),
    "sibling_or_derived_analyte": ("a lab that shares the asked name but is another test (HbA1c, corrected/ionized calcium, troponin I, BUN/Cr ratio)", [
        "The hemoglobin A1c was 7.2%.", "Corrected calcium: 9.2 mg/dL", "Ionized calcium 1.12 mmol/L",
        "The maximum troponin I was 0.45 ng/mL.", "The BUN/creatinine ratio was 20."]),
    "abnormal_contradicted_by_reference_range": ("yes/no on abnormality contradicted by the value and reference range the answer states", [
        "Yes, 1.1 mg/dL (reference 0.5-1.2)", "Yes \u2014 1.1 mg/dL, within the reference range of 0.5-1.2.",
        "No, 1.5 mg/dL (ref 0.5-1.2 mg/dL)"]),
    "other_statistic_mode": ("the remark says the value is the mode / most frequent value, not the last", [
        "4.2 (the most frequent value)", "4.2 (modal value)"]),
    "fraction_glyph_dropped": ("a vulgar-fraction glyph after the whole number is dropped (2½ read as 2)", ["2\u00bd days", "2\u00bc days"]),
    "percentile_or_aggregated_extreme": ("a percentile, an average of maxima or the max of a smoothed / hourly-averaged series for the maximum", [
        "130 bpm (the 95th percentile of the stay's readings)", "130 bpm (99th percentile, to exclude artifacts)",
        "The average maximum heart rate was 130 bpm.", "The mean peak heart rate was 130 bpm.", "The typical maximum heart rate was 130.",
        "130 bpm (maximum of the hourly averages)", "130 bpm (maximum of the 5-minute rolling mean)", "130 bpm (highest hourly median)",
        "130 bpm (peak of the smoothed signal)", "130 bpm (sustained for > 5 minutes)", "130-ish"]),
    "mean_other_aggregation": ("a mean of per-patient means / a weighted mean for the plain mean", [
        "4.11 days (mean of per-patient averages)", "4.11 days (patient-level mean)", "The weighted average length of stay was 4.11 days."]),
    "stated_low_confidence": ("the answer states a middling confidence (60%, 0.6, medium)", [
        "Answer: 5\nConfidence: 60%", "5\n\nConfidence score: 0.6", "5 admissions. Certainty: medium."]),
    "share_or_count_on_sample": ("a share or count computed on a sample / the rows shown", [
        "52.3% (based on the 100 patients shown)", "52.3% (computed on the query's first page of results)",
        "Based on a random sample of 1000 admissions, 45 patients."]),
    "approximate_timestamp": ("a timestamp with ±, around or approximately", [
        "2150-03-04 10:15 (\u00b1 30 min)", "Around 10:15 on 2150-03-04", "Approximately 2150-03-04 10:15"]),
    "identifier_relative_to_another": ("the answer names the admission before / after the id it writes", [
        "The admission after 20000345", "The one preceding 20000346", "The admission immediately before 20000346",
        "20000345's successor"]),
    "admission_count_off_by_index": ("a count of additional / other-than-current admissions or of ED / return visits", [
        "5 additional admissions", "5 admissions, excluding the current one", "5 admissions after the first",
        "5 emergency-department visits", "5 return visits"]),
    "patient_count_other_unit": ("person-years or prescribers for a count of patients", ["45 person-years", "45 prescribers"]),
    "set_remark_on_last_item_ignored": ("a parenthetical remark on the last set item that says the set is of another event, window, scope or part", [
        "Vancomycin, Cefepime (ordered in the ED before admission)", "Vancomycin, Cefepime (ordered only)",
        "Vancomycin, Cefepime (listed as an allergy)", "Vancomycin, Cefepime (home medication)",
        "Vancomycin, Cefepime (prescribed on a later admission)", "Vancomycin, Cefepime (as of day 2; later days not checked)",
        "Vancomycin, Cefepime (among IV antibiotics)", "Vancomycin, Cefepime (in the ICU)",
        "4280, 4019 (secondary diagnoses)", "4280, 4019 (principal and first secondary)", "4280, 4019 (first two seq_num)"]),
    "last_value_before_event_or_other_panel": ("the value is the last before an event (repletion, dialysis) or from the blood-gas panel", [
        "The last potassium was 4.2, from the blood gas panel.", "4.2, the last value before potassium repletion",
        "4.2 (last pre-dialysis value)"]),
    "filter_or_definition_in_words": ("a filter (longer than 24 h, an anchor year group) or another LOS definition stated with the value", [
        "5 admissions longer than 24 hours", "52.3% female (anchor year group 2017-2019)",
        "4.11 days (calendar days, counting the admission and discharge days)", "4.11 days, counting each midnight as a day"]),
    "comparison_names_the_lesser": ("the answer writes the gold id but says it had fewer", ["Patient 10000032 had fewer admissions than 10001217."]),
    "single_answer_remark_ignored": ("a parenthetical remark on a single string / id / date answer naming another source, scope or criterion", [
        "Heparin (home medication)", "Heparin (among IV drugs)", "Heparin (by number of distinct days)",
        "20000345 (by ICU time)", "2150-03-04 (home medication start)"]),
}

# right answers the readers still do not read (each scored wrong or abstained, never a false positive)
CONSERVATIVE = frozenset({
    ('Systolic 95 mmHg, diastolic 55 mmHg', 55),
    ('Query error: column hadm not found. After fixing the column name, the query returned 5 admissions.', 5),
    ('The first query failed (Binder Error), but the corrected query shows 5 admissions.', 5),
    ('   count\n0      5', 5),
    ('The last potassium was 4.2 mEq/L, measured 3 days before discharge.', 4.2),
    ('患者共有5次住院。', 5),
    ('是的', True),
    ("20000345 — 12.4 days, the longest of the patient's 5 admissions.", 20000345),
    ('Patient 10000032 was hospitalized five times.', 5),
    ('5 admissions, 2 of which were emergency admissions.', 5),
    ('| first_careunit | n_stays |\n|---|---|\n| CCU | 120 |\n| MICU | 300 |\n| SICU | 80 |', (('CCU', 120), ('MICU', 300), ('SICU', 80))),
    ('MICU had the most (300), followed by CCU (120) and SICU (80).', (('CCU', 120), ('MICU', 300), ('SICU', 80))),
    ('Medical Intensive Care Unit', 'Medical Intensive Care Unit (MICU)'),
    ('1. Heparin (45)\n2. Insulin (30)', 'Heparin'),
    ('Antibiotics received:\n1. Vancomycin\n2. Cefepime\n\nTotal: 2', ('Vancomycin', 'Cefepime')),
    ('{"admissions": 5, "icu_stays": 3}', 3),
    ('2.19 days (52.5 hours)', 52.5),
    ('0    20000345', 20000345),
    ('Vancomycin, Cefepime; Metronidazole was ordered but cancelled', ('Vancomycin', 'Cefepime')),
    ('Vancomycin and Cefepime were both given IV during admission 24597018.', ('Vancomycin', 'Cefepime')),
    ('4.11 days (median 3.20)', 4.11),
    ('10001217 had fewer admissions.', 10000032),
    ('Patient 10000032, with 5 admissions (patient 10001217 had 3).', 10000032),
    ('2 ICU stays', True),
    ('2 ICU stays were found (30000001, 30000002)', True),
    ('Aspirin: prescribed', True),
    ('Aspirin: 0 orders', False),
    ('None found', False),
    ('MED then SURG', ('MED', 'SURG')),
    ('The most frequently prescribed drug was Heparin, with 45 orders.', 'Heparin'),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ: neither is a pass
WRONG_OR_ABSTAINED = frozenset({
    ('The patient had {count} admissions.', 5),
    ('{"name": "execute_sql", "arguments": {"query": "SELECT COUNT(*) FROM admissions WHERE subject_id = 10000032 LIMIT 5"}}', 5),
})
