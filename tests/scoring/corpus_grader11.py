"""An eleventh graded corpus, written by another independent adversarial grader (issue 11, round 11): 485
invented answers, none repeating an earlier corpus: hedges in fresh words and foreign languages, values made
conditional on the agent's own query, units of another quantity, evidence whose order or sum points elsewhere,
yes / no against its own evidence, dates of another event, measurements of another window, counts of another
unit or cohort, ids labelled by another role, values from elsewhere; and right answers phrased as agents
phrase them (45%). (answer, shape, gold, expected, question); expected NC: wrong and abstained both fine.
KNOWN_FALSE_POSITIVES lists the ones still open (the test holds it exact: a new false positive fails, and a
fixed one must be taken off it)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QA = "How many hospital admissions did patient 10000032 have?"
QH = "How many heparin prescriptions did patient 10001217 have?"
QPAT = "How many patients were prescribed vancomycin?"
QICUN = "How many ICU stays did patient 10001217 have?"
QK = "What was the last potassium value of patient 10001217 during admission 24597018, rounded to 1 decimal?"
QCR = "What was the highest creatinine of patient 10002428 during admission 23473524, rounded to 1 decimal?"
QHB = "What was the lowest hemoglobin of patient 10002428 during admission 23473524, rounded to 1 decimal?"
QT = "What was the maximum temperature in Celsius of patient 10002428 during ICU stay 31234567, rounded to 1 decimal?"
QWT = "What was the admission weight in kg of patient 10002428, rounded to 1 decimal?"
QGLU = "What was the first glucose value of patient 10001217, rounded to 1 decimal?"
QPCT = "What percentage of patients are female, rounded to 1 decimal?"
QMEAN = "What is the mean length of stay in days of female patients, rounded to 2 decimals?"
QLAC = "What was the average lactate of patient 10002428 during admission 23473524, rounded to 2 decimals?"
QAGE = "What was the age of patient 10000032 at the first admission?"
QDUR = "How many hours did the first ICU stay of patient 10001217 last, rounded to 1 decimal?"
QDAYS = "How many days was patient 10000032 in the hospital during admission 20000345?"
QB = "Was patient 10002428 prescribed aspirin during admission 23473524?"
QHR = "Was the last heart rate of patient 10002428 above 100?"
QDIED = "Did patient 10002428 die in the hospital during admission 23473524?"
QICU = "Was patient 10001217 admitted to the ICU during admission 24597018?"
QDXB = "Was patient 10000032 diagnosed with hypertension (ICD-9 4019) during admission 20000345?"
QBEF = "Was patient 10002428's first creatinine measured before the first potassium?"
QD = "On which date was patient 10003400 first admitted?"
QDD = "On which date was patient 10003400 discharged from admission 20000345?"
QTS = "When was the first potassium measurement of patient 10001217?"
QCODE = "What was the principal diagnosis code of admission 24597018?"
QPROC = "What was the first procedure code (ICD-9) of admission 24597018?"
QDRUG = "Which drug was prescribed most often to patient 10001217?"
QCMP = "Which drug was prescribed more often to patient 10001217, Heparin or Insulin?"
QID = "Which admission of patient 10000032 had the longest stay?"
QSUB = "Which patient had the most admissions?"
QDL = "What was the discharge location of the last admission of patient 10000032?"
QINS = "What insurance did patient 10000032 have at the last admission?"
QGEN = "What is the gender of patient 10000032?"
QABX = "Which antibiotics were given to patient 10001217 during admission 24597018?"
QNONE = "Which antibiotics were given to patient 10002428 during admission 23473524?"
QCODES = "Which diagnosis codes were recorded for admission 24597018?"
QSEQ = "List the admission types of patient 10000032 in chronological order."
QUN = "How many ICU stays were there in each care unit?"
QDX = "How many diagnoses did each admission of patient 10000032 have?"
S = ["Vancomycin", "Cefepime"]
U = [["MICU", 12], ["SICU", 7]]
CODES3 = ["4280", "4019", "25000"]
SEQ = ["EW EMER.", "URGENT", "ELECTIVE"]
DX = [[20000345, 3], [20000346, 1]]

CASES: list[tuple] = []
CLASS_OF: dict[str, str] = {}
CLASS_DESC: dict[str, str] = {}


def sec(name, desc, items):
    CLASS_DESC[name] = desc
    for it in items:
        t = it[0]
        assert t not in CLASS_OF, ("duplicate text", t)
        CLASS_OF[t] = name
        CASES.append(tuple(it))


# ---------------------------------------------------------------- RIGHT ANSWERS
sec("right_count_prose", "a right count in prose, markdown, with the SQL or a consistent breakdown", [
    ("Patient 10000032 was admitted to the hospital **5** times.", "number/count", 5, C, QA),
    ("## Result\n\nThe `admissions` table holds 5 rows for subject_id 10000032, i.e. 5 hospital admissions.", "number/count", 5, C, QA),
    ("I queried `SELECT COUNT(*) FROM admissions WHERE subject_id = 10000032;` which returned 5.", "number/count", 5, C, QA),
    ("Answer: 5 admissions (hadm_ids 20000345, 20000346, 20000347, 20000348, 20000349).", "number/count", 5, C, QA),
    ("Five admissions in total — two in 2180 and three in 2181.", "number/count", 5, C, QA),
    ("There were 5 distinct hadm_id values for this patient.", "number/count", 5, C, QA),
    ("**Total admissions:** 5", "number/count", 5, C, QA),
    ("A total of 12 heparin prescriptions were found for patient 10001217.", "number/count", 12, C, QH),
    ("12 rows in `prescriptions` match drug ILIKE '%heparin%' for subject 10001217, so 12 heparin prescriptions.", "number/count", 12, C, QH),
    ("Heparin was prescribed 12 times to this patient.", "number/count", 12, C, QH),
    ("Count = 12", "number/count", 12, C, QH),
    ("431 distinct patients received vancomycin.", "number/count", 431, C, QPAT),
    ("The number of unique subject_ids with a vancomycin prescription is 431.", "number/count", 431, C, QPAT),
    ("431 patients (counted with COUNT(DISTINCT subject_id)).", "number/count", 431, C, QPAT),
    ("Vancomycin was prescribed to 431 patients.", "number/count", 431, C, QPAT),
    ("1,204 patients were prescribed vancomycin.", "number/count", 1204, C, QPAT),
    ("Patient 10001217 had 2 ICU stays (stay_ids 30000001 and 30000002).", "number/count", 2, C, QICUN),
    ("Two ICU stays.", "number/count", 2, C, QICUN),
    ("| subject_id | icu_stays |\n|---|---|\n| 10001217 | 2 |", "number/count", 2, C, QICUN),
    ("After checking icustays: 2.", "number/count", 2, C, QICUN),
])

sec("right_measurement_prose", "a right measurement with units, prose, the raw value or a consistent series", [
    ("The last potassium during admission 24597018 was **4.2 mEq/L**.", "number/measurement:1", 4.2, C, QK),
    ("Potassium (last, 2150-03-09 06:00): 4.2 mmol/L", "number/measurement:1", 4.2, C, QK),
    ("Readings: 3.6, 3.9, 4.2 (chronological). The last one is 4.2.", "number/measurement:1", 4.2, C, QK),
    ("K+ = 4.2", "number/measurement:1", 4.2, C, QK),
    ("The final potassium value recorded was 4.20, which rounds to 4.2.", "number/measurement:1", 4.2, C, QK),
    ("The peak creatinine was 3.4 mg/dL.", "number/measurement:1", 3.4, C, QCR),
    ("Max creatinine during admission 23473524: 3.4 mg/dL (on 2150-05-02).", "number/measurement:1", 3.4, C, QCR),
    ("Creatinine values were 1.1, 2.0, 3.4 and 2.7; the highest was 3.4.", "number/measurement:1", 3.4, C, QCR),
    ("3.38 mg/dL → 3.4", "number/measurement:1", 3.4, C, QCR),
    ("The nadir hemoglobin was 7.1 g/dL.", "number/measurement:1", 7.1, C, QHB),
    ("Lowest Hgb: 7.1 g/dL", "number/measurement:1", 7.1, C, QHB),
    ("The highest temperature recorded in that ICU stay was 38.9 °C.", "number/measurement:1", 38.9, C, QT),
    ("Tmax 38.9°C (102.0°F)", "number/measurement:1", 38.9, C, QT),
    ("Admission weight: 81.6 kg", "number/measurement:1", 81.6, C, QWT),
    ("81.6 kg (about 180 lb)", "number/measurement:1", 81.6, C, QWT),
    ("The first glucose was 142.0 mg/dL.", "number/measurement:1", 142.0, C, QGLU),
    ("First glucose: 142 mg/dL", "number/measurement:1", 142.0, C, QGLU),
    ("The average lactate was 2.35 mmol/L across 4 measurements.", "number/measurement:2", 2.35, C, QLAC),
    ("Mean lactate ≈ 2.346 mmol/L, i.e. 2.35 when rounded to 2 decimals.", "number/measurement:2", 2.35, C, QLAC),
    ("The first ICU stay lasted 36.5 hours.", "number/measurement:1", 36.5, C, QDUR),
    ("36.5 h (intime 2150-03-01 08:00, outtime 2150-03-02 20:30)", "number/measurement:1", 36.5, C, QDUR),
])

sec("right_stat_prose", "a right percentage, mean, age or day count phrased in prose", [
    ("48.5% of patients are female.", "number/measurement:1", 48.5, C, QPCT),
    ("Female share: 48.5 % (485 of 1,000 patients).", "number/measurement:1", 48.5, C, QPCT),
    ("About half — precisely 48.5% — of the patients are female.", "number/measurement:1", 48.5, C, QPCT),
    ("The mean LOS for female patients is 5.27 days.", "number/measurement:2", 5.27, C, QMEAN),
    ("Average length of stay (female): 5.27 days", "number/measurement:2", 5.27, C, QMEAN),
    ("Patient 10000032 was 52 years old at the first admission.", "number/count", 52, C, QAGE),
    ("Age at first admission: 52", "number/count", 52, C, QAGE),
    ("52 years of age", "number/count", 52, C, QAGE),
    ("The stay lasted 11 days (2150-03-01 to 2150-03-12).", "number/count", 11, C, QDAYS),
    ("11 days", "number/count", 11, C, QDAYS),
])

sec("right_boolean_prose", "a right yes/no with a consistent reason", [
    ("Yes — aspirin 81 mg PO daily was prescribed during admission 23473524.", "boolean/boolean", True, C, QB),
    ("Yes. There are 3 aspirin orders in `prescriptions` for that hadm_id.", "boolean/boolean", True, C, QB),
    ("**Yes.**", "boolean/boolean", True, C, QB),
    ("No. No aspirin appears in the prescriptions for admission 23473524.", "boolean/boolean", False, C, QB),
    ("Yes, the last heart rate was 112 bpm, which is above 100.", "boolean/boolean", True, C, QHR),
    ("No — the last recorded heart rate was 88 bpm.", "boolean/boolean", False, C, QHR),
    ("Yes, the patient died in hospital (hospital_expire_flag = 1).", "boolean/boolean", True, C, QDIED),
    ("No; hospital_expire_flag is 0 and the discharge location is HOME.", "boolean/boolean", False, C, QDIED),
    ("Yes — there is an ICU stay (MICU) linked to admission 24597018.", "boolean/boolean", True, C, QICU),
    ("No, no icustays row links to hadm_id 24597018.", "boolean/boolean", False, C, QICU),
    ("Yes, ICD-9 code 4019 is among the diagnoses of admission 20000345.", "boolean/boolean", True, C, QDXB),
    ("No. Code 4019 is not listed for admission 20000345.", "boolean/boolean", False, C, QDXB),
    ("Yes: first creatinine at 2150-05-01 07:10, first potassium at 2150-05-01 09:30.", "boolean/boolean", True, C, QBEF),
    ("No — potassium was first drawn at 06:00, creatinine only at 08:15 the same day.", "boolean/boolean", False, C, QBEF),
    ("True", "boolean/boolean", True, C, QDIED),
    ("Correct, he did.", "boolean/boolean", True, C, QDIED),
])

sec("right_date_prose", "a right date or timestamp in another format or in prose", [
    ("Patient 10003400 was first admitted on 2150-03-04.", "date/date", "2150-03-04", C, QD),
    ("First admission: March 4, 2150 (admittime 2150-03-04 14:22:00).", "date/date", "2150-03-04", C, QD),
    ("Wednesday, 4 March 2150", "date/date", "2150-03-04", C, QD),
    ("The earliest admittime is 2150-03-04 14:22.", "date/date", "2150-03-04", C, QD),
    ("Discharged on 2150-03-12.", "date/date", "2150-03-12", C, QDD),
    ("dischtime: 2150-03-12 11:05:00 → 2150-03-12", "date/date", "2150-03-12", C, QDD),
    ("The first potassium was charted at 2150-03-01 08:15:00.", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("2150-03-01 08:15", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("First K+ measurement: 2150-03-01T08:15:00", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
])

sec("right_string_code_prose", "a right string, code or id in prose or with a harmless remark", [
    ("Heparin was the most frequently prescribed drug (12 orders).", "string/string", "Heparin", C, QDRUG),
    ("Most often prescribed: **Heparin**", "string/string", "Heparin", C, QDRUG),
    ("Heparin — 12 prescriptions, followed by Insulin with 9.", "string/string", "Heparin", C, QDRUG),
    ("Heparin (12) was prescribed more often than Insulin (9).", "string/string", "Heparin", C, QCMP),
    ("Heparin.", "string/string", "Heparin", C, QCMP),
    ("The discharge location of the last admission was HOME HEALTH CARE.", "string/string", "HOME HEALTH CARE", C, QDL),
    ("Home Health Care.", "string/string", "HOME HEALTH CARE", C, QDL),
    ("Medicare (as listed in admissions.insurance).", "string/string", "Medicare", C, QINS),
    ("The patient's insurance at the last admission was Medicare.", "string/string", "Medicare", C, QINS),
    ("Female (gender = 'F').", "string/string", "F", C, QGEN),
    ("The principal diagnosis (seq_num 1) is ICD-9 4280.", "string/code", "4280", C, QCODE),
    ("Principal dx: 428.0 (congestive heart failure, unspecified)", "string/code", "4280", C, QCODE),
    ("`4280`", "string/code", "4280", C, QCODE),
    ("The first procedure (seq_num = 1) was 3893.", "string/code", "3893", C, QPROC),
    ("38.93 — venous catheterization, not elsewhere classified", "string/code", "3893", C, QPROC),
    ("Admission 20000346 had the longest stay (7.5 days).", "number/identifier", 20000346, C, QID),
    ("hadm_id 20000346", "number/identifier", 20000346, C, QID),
    ("The longest stay was hadm_id 20000346 at 7.5 days, versus 2.0 days for 20000345.", "number/identifier", 20000346, C, QID),
    ("Patient 10001217 had the most admissions (8).", "number/identifier", 10001217, C, QSUB),
    ("subject_id 10001217 — 8 admissions", "number/identifier", 10001217, C, QSUB),
])

sec("right_collection_prose", "a right set, list or table in prose, bullets or markdown", [
    ("Two antibiotics were given: vancomycin and cefepime.", "set/string", S, C, QABX),
    ("* vancomycin\n* cefepime", "set/string", S, C, QABX),
    ("Cefepime and Vancomycin (order does not matter).", "set/string", S, C, QABX),
    ("The antibiotics were Vancomycin (IV) and Cefepime (IV).", "set/string", S, C, QABX),
    ("No antibiotics were given to patient 10002428 during admission 23473524.", "set/string!", [], C, QNONE),
    ("None — no antibiotic rows in prescriptions for that admission.", "set/string!", [], C, QNONE),
    ("The query returned zero antibiotic prescriptions for hadm_id 23473524, so none were given.", "set/string!", [], C, QNONE),
    ("The diagnosis codes are 4280, 4019 and 25000.", "set/code", CODES3, C, QCODES),
    ("4280 (CHF), 4019 (HTN), 25000 (DM2)", "set/code", CODES3, C, QCODES),
    ("`428.0`, `401.9`, `250.00`", "set/code", CODES3, C, QCODES),
    ("In chronological order: EW EMER., URGENT, ELECTIVE.", "list/string^", SEQ, C, QSEQ),
    ("1. EW EMER.\n2. URGENT\n3. ELECTIVE", "list/string^", SEQ, C, QSEQ),
    ("EW EMER. → URGENT → ELECTIVE", "list/string^", SEQ, C, QSEQ),
    ("| care unit | ICU stays |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |", "table/string,count", U, C, QUN),
    ("MICU: 12 stays; SICU: 7 stays.", "table/string,count", U, C, QUN),
    ("There were 12 stays in the MICU and 7 in the SICU.", "table/string,count", U, C, QUN),
    ("Admission 20000345 had 3 diagnoses and admission 20000346 had 1.", "table/identifier,count", DX, C, QDX),
    ("| hadm_id | n_dx |\n|---|---|\n| 20000345 | 3 |\n| 20000346 | 1 |", "table/identifier,count", DX, C, QDX),
    ("20000345 → 3, 20000346 → 1", "table/identifier,count", DX, C, QDX),
])

sec("right_with_harmless_remark", "a right value with a note that does not change it (method, data source, context)", [
    ("5. (I counted rows in the admissions table; no duplicates were present.)", "number/count", 5, C, QA),
    ("5 admissions. Note: all of them are in the hosp module.", "number/count", 5, C, QA),
    ("4.2 — the value was flagged as normal.", "number/measurement:1", 4.2, C, QK),
    ("4.2 mEq/L, within the reference range of 3.5-5.1.", "number/measurement:1", 4.2, C, QK),
    ("3.4 mg/dL (reference range 0.5-1.2, so markedly elevated).", "number/measurement:1", 3.4, C, QCR),
    ("Yes. For context, aspirin was started on hospital day 2.", "boolean/boolean", True, C, QB),
    ("2150-03-04 (this was an emergency admission).", "date/date", "2150-03-04", C, QD),
    ("Heparin — mostly as subcutaneous prophylaxis.", "string/string", "Heparin", C, QDRUG),
    ("431. I used COUNT(DISTINCT subject_id), so repeat prescriptions are not double-counted.", "number/count", 431, C, QPAT),
    ("Vancomycin and cefepime, both started on the day of admission.", "set/string", S, C, QABX),
    ("7.1 g/dL, measured on the third hospital day.", "number/measurement:1", 7.1, C, QHB),
    ("20000346, an elective admission.", "number/identifier", 20000346, C, QID),
])

# ---------------------------------------------------------------- NOT-CORRECT
sec("hedge_process_conditional", "the value made conditional on the agent's own query, join or filter being right", [
    ("5, if my join was right", "number/count", 5, NC, QA),
    ("5 — provided my WHERE clause captured everything", "number/count", 5, NC, QA),
    ("5, unless I mis-joined the tables", "number/count", 5, NC, QA),
    ("12, contingent on the drug-name filter being complete", "number/count", 12, NC, QH),
    ("12 (the LIKE pattern may have missed some spellings)", "number/count", 12, NC, QH),
    ("431, if the DISTINCT did what I intended", "number/count", 431, NC, QPAT),
    ("4.2, should my ordering by charttime be correct", "number/measurement:1", 4.2, NC, QK),
    ("Yes, if I matched the right hadm_id", "boolean/boolean", True, NC, QB),
    ("2150-03-04, given that my sort order was right", "date/date", "2150-03-04", NC, QD),
    ("Heparin, if the counts I grouped are trustworthy", "string/string", "Heparin", NC, QDRUG),
    ("Vancomycin, Cefepime — if my antibiotic keyword list is exhaustive", "set/string", S, NC, QABX),
    ("4280 — as long as seq_num 1 really means principal here", "string/code", "4280", NC, QCODE),
])

sec("hedge_fresh_words", "doubt in words not used before: reckon, hunch, educated guess, shaky, iffy, foreign-language hedges", [
    ("I reckon 5.", "number/count", 5, NC, QA),
    ("5 — that's my hunch", "number/count", 5, NC, QA),
    ("My educated guess: 5", "number/count", 5, NC, QA),
    ("5 (confidence: low)", "number/count", 5, NC, QA),
    ("5, though I'm on shaky ground here", "number/count", 5, NC, QA),
    ("5 — a bit iffy", "number/count", 5, NC, QA),
    ("5 (vermutlich)", "number/count", 5, NC, QA),
    ("5, je crois", "number/count", 5, NC, QA),
    ("5 (take with a grain of salt)", "number/count", 5, NC, QA),
    ("5, I could be off", "number/count", 5, NC, QA),
    ("4.2 — can't vouch for it", "number/measurement:1", 4.2, NC, QK),
    ("4.2 (low certainty)", "number/measurement:1", 4.2, NC, QK),
    ("4.2, to the best of my recollection", "number/measurement:1", 4.2, NC, QK),
    ("Yes, I'd wager", "boolean/boolean", True, NC, QB),
    ("Yes (50/50 on this one)", "boolean/boolean", True, NC, QB),
    ("No — though I wouldn't bet on it", "boolean/boolean", False, NC, QDIED),
    ("2150-03-04, unless I've slipped up somewhere", "date/date", "2150-03-04", NC, QD),
    ("2150-03-04 (not fully certain)", "date/date", "2150-03-04", NC, QD),
    ("Heparin, I'd guess", "string/string", "Heparin", NC, QDRUG),
    ("Heparin (I'm fairly but not completely sure)", "string/string", "Heparin", NC, QDRUG),
    ("4280, I suspect", "string/code", "4280", NC, QCODE),
    ("20000346, seemingly", "number/identifier", 20000346, NC, QID),
    ("Vancomycin and cefepime, as far as I can make out", "set/string", S, NC, QABX),
    ("None, I'd imagine", "set/string!", [], NC, QNONE),
    ("48.5%, give or take", "number/measurement:1", 48.5, NC, QPCT),
])

sec("bound_not_value", "a bound or open-ended value instead of the value: at least, no fewer than, 5+, >=, up to", [
    ("At least 5 admissions.", "number/count", 5, NC, QA),
    ("No fewer than 5", "number/count", 5, NC, QA),
    ("5-plus", "number/count", 5, NC, QA),
    ("≥ 5", "number/count", 5, NC, QA),
    ("Up to 12 heparin prescriptions", "number/count", 12, NC, QH),
    ("12 or more", "number/count", 12, NC, QH),
    ("Not more than 431 patients", "number/count", 431, NC, QPAT),
    ("> 431", "number/count", 431, NC, QPAT),
    ("The peak creatinine was at least 3.4.", "number/measurement:1", 3.4, NC, QCR),
    ("Under 7.1 g/dL at its lowest", "number/measurement:1", 7.1, NC, QHB),
    ("Somewhere between 4.1 and 4.3, most likely 4.2", "number/measurement:1", 4.2, NC, QK),
    ("4.2 ± 0.2 mEq/L", "number/measurement:1", 4.2, NC, QK),
])

sec("wrong_unit_for_quantity", "the right number in a unit that makes it another quantity", [
    ("4.2 mg/dL", "number/measurement:1", 4.2, NC, QK),
    ("3.4 µmol/L", "number/measurement:1", 3.4, NC, QCR),
    ("38.9 °F", "number/measurement:1", 38.9, NC, QT),
    ("81.6 lb", "number/measurement:1", 81.6, NC, QWT),
    ("36.5 minutes", "number/measurement:1", 36.5, NC, QDUR),
    ("36.5 days", "number/measurement:1", 36.5, NC, QDUR),
    ("5.27 hours", "number/measurement:2", 5.27, NC, QMEAN),
    ("52 months old", "number/count", 52, NC, QAGE),
    ("11 hours", "number/count", 11, NC, QDAYS),
    ("7.1 mmol/L", "number/measurement:1", 7.1, NC, QHB),
    ("142.0 mmol/L", "number/measurement:1", 142.0, NC, QGLU),
    ("11 weeks", "number/count", 11, NC, QDAYS),
])

sec("self_correction_to_other", "the answer corrects itself, retracts, or says the value is wrong", [
    ("5. Correction: on re-checking, it's 6.", "number/count", 5, NC, QA),
    ("5 — scratch that, 4 (one row was a duplicate).", "number/count", 5, NC, QA),
    ("I first got 5, but the corrected query gives 7.", "number/count", 5, NC, QA),
    ("12, erm, actually 13 after including the heparin flush orders.", "number/count", 12, NC, QH),
    ("4.2 was the first value; revised answer: the last was 3.9.", "number/measurement:1", 4.2, NC, QK),
    ("Yes. Wait — that order was for another admission. So no.", "boolean/boolean", True, NC, QB),
    ("2150-03-04. Update: the earliest row is actually 2149-11-20.", "date/date", "2150-03-04", NC, QD),
    ("Heparin — no, on second look Insulin leads.", "string/string", "Heparin", NC, QDRUG),
    ("The answer is not 5.", "number/count", 5, NC, QA),
    ("It would be wrong to say 5; the data show 6.", "number/count", 5, NC, QA),
    ("6. Correction: on re-checking, it's 5.", "number/count", 5, C, QA),
    ("Insulin — no, on second look Heparin leads.", "string/string", "Heparin", C, QDRUG),
])

sec("evidence_sum_or_list_mismatch", "the stated parts, ids or list length give another number than the value", [
    ("5 admissions: one in 2180, two in 2181 and one in 2182.", "number/count", 5, NC, QA),
    ("5 admissions (hadm_ids 20000345, 20000346, 20000347, 20000348).", "number/count", 5, NC, QA),
    ("12 heparin orders: 5 IV, 4 SC and 2 flushes.", "number/count", 12, NC, QH),
    ("Two ICU stays: 30000001, 30000002 and 30000003.", "number/count", 2, NC, QICUN),
    ("431 patients (212 male + 209 female)", "number/count", 431, NC, QPAT),
    ("Two antibiotics: vancomycin.", "set/string", S, NC, QABX),
    ("11 days (admitted 2150-03-01, discharged 2150-03-09).", "number/count", 11, NC, QDAYS),
    ("36.5 hours (intime 08:00 on 2150-03-01, outtime 08:00 on 2150-03-02)", "number/measurement:1", 36.5, NC, QDUR),
    ("52 years old (born 2128, first admitted 2150)", "number/count", 52, NC, QAGE),
    ("48.5% female (500 of 1,000 patients)", "number/measurement:1", 48.5, NC, QPCT),
    ("Mean lactate 2.35 from readings 2.0, 2.0 and 2.0", "number/measurement:2", 2.35, NC, QLAC),
    ("There were 12 stays in the MICU and 7 in the SICU, 25 in total.", "table/string,count", U, NC, QUN),
])

sec("evidence_order_mismatch", "the answer's own series or timestamps pick another first/last/max/min than stated", [
    ("Potassium: 4.2 at 06:00, then 3.8 at 18:00 (last). Answer: 4.2", "number/measurement:1", 4.2, NC, QK),
    ("Creatinine readings 3.4, 4.1, 2.2; peak 3.4.", "number/measurement:1", 3.4, NC, QCR),
    ("Hemoglobin nadir 7.1 (values: 8.0, 6.8, 7.1, 7.5)", "number/measurement:1", 7.1, NC, QHB),
    ("First glucose 142.0 — the series was 118.0 at 07:00 and 142.0 at 12:00.", "number/measurement:1", 142.0, NC, QGLU),
    ("Admissions on 2151-06-01 and 2150-01-15; first admitted 2151-06-01.", "date/date", "2151-06-01", NC, QD),
    ("Yes: creatinine first drawn at 10:40, potassium at 09:05 the same morning.", "boolean/boolean", True, NC, QBEF),
    ("20000345 had the longest stay (3 days vs 9 days for 20000346).", "number/identifier", 20000345, NC, QID),
    ("Heparin (9 orders) vs Insulin (14 orders): Heparin was prescribed more often.", "string/string", "Heparin", NC, QCMP),
    ("Tmax 38.9 °C; later readings reached 39.4 °C.", "number/measurement:1", 38.9, NC, QT),
    ("Patient 10001217 had the most admissions: 8, versus 11 for patient 10004000.", "number/identifier", 10001217, NC, QSUB),
])

sec("boolean_evidence_contradicts", "a yes/no whose own figure or flag says the opposite", [
    ("Yes — the last heart rate was 96 bpm.", "boolean/boolean", True, NC, QHR),
    ("No, the final HR reading was 118.", "boolean/boolean", False, NC, QHR),
    ("Yes; hospital_expire_flag = 0.", "boolean/boolean", True, NC, QDIED),
    ("No. Discharge location: DIED.", "boolean/boolean", False, NC, QDIED),
    ("Yes — 0 aspirin rows were found for that admission.", "boolean/boolean", True, NC, QB),
    ("No, although 2 aspirin orders exist for hadm_id 23473524.", "boolean/boolean", False, NC, QB),
    ("Yes, though no icustays row matches hadm_id 24597018.", "boolean/boolean", True, NC, QICU),
    ("No — code 4019 is listed at seq_num 3 for admission 20000345.", "boolean/boolean", False, NC, QDXB),
    ("Yes, the last heart rate (exactly 100 bpm) exceeded the threshold.", "boolean/boolean", True, NC, QHR),
])

sec("boolean_other_target", "a yes/no about another drug, admission, code, unit or person", [
    ("Yes — clopidogrel was prescribed during admission 23473524.", "boolean/boolean", True, NC, QB),
    ("Yes, aspirin was given during his earlier admission 21111111.", "boolean/boolean", True, NC, QB),
    ("Yes, patient 10002429 was prescribed aspirin.", "boolean/boolean", True, NC, QB),
    ("Yes — ICD-10 I10 was coded.", "boolean/boolean", True, NC, QDXB),
    ("Yes, code 4011 (benign hypertension) is recorded.", "boolean/boolean", True, NC, QDXB),
    ("Yes, he died — 40 days after discharge, per the dod field.", "boolean/boolean", True, NC, QDIED),
    ("Yes, he went to the ICU on his next admission.", "boolean/boolean", True, NC, QICU),
    ("Yes, the last respiratory rate was above 100... sorry, 24 breaths/min.", "boolean/boolean", True, NC, QHR),
])

sec("boolean_mixed_or_vague", "yes and no at once, a non-answer, or a yes/no word that does not answer", [
    ("Yes and no.", "boolean/boolean", True, NC, QB),
    ("Partly — aspirin was ordered but then cancelled.", "boolean/boolean", True, NC, QB),
    ("Possibly yes.", "boolean/boolean", True, NC, QB),
    ("Yes on the order sheet, no on the administration record.", "boolean/boolean", True, NC, QB),
    ("It depends on whether you count the ED stay.", "boolean/boolean", True, NC, QICU),
    ("Not that I can rule out.", "boolean/boolean", False, NC, QDIED),
    ("Not no.", "boolean/boolean", True, NC, QB),
    ("Affirmative — it was.", "boolean/boolean", True, C, QB),
    ("Negative — no aspirin orders.", "boolean/boolean", False, C, QB),
])

sec("date_other_event_or_shift", "a date of another event, another admission, or a shifted/ambiguous date", [
    ("2150-03-04 is the discharge date; the admission date is 2150-02-27.", "date/date", "2150-03-04", NC, QD),
    ("First admitted 2150-03-04 — that is the ED registration date; admittime is the next day.", "date/date", "2150-03-04", NC, QD),
    ("2150-03-04 (date of the first ICU transfer)", "date/date", "2150-03-04", NC, QD),
    ("2150-03-04 or 2150-03-05, depending on the time zone", "date/date", "2150-03-04", NC, QD),
    ("2150-03-04, the date of the second admission", "date/date", "2150-03-04", NC, QD),
    ("2150-03-12 (the date the discharge summary was signed)", "date/date", "2150-03-12", NC, QDD),
    ("Discharge was planned for 2150-03-12 but happened later.", "date/date", "2150-03-12", NC, QDD),
    ("2150-03-01 08:15:00 (first sodium, in the same panel)", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("2150-03-01 08:15 is when the specimen was stored; charttime is 07:50.", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("2150-03-01 20:15", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("2150-03-01, 8:15 PM", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("The first admission was about a week before 2150-03-11.", "date/date", "2150-03-04", NC, QD),
])

sec("measurement_other_statistic_window", "a measurement stated as another statistic, window, specimen or derived value", [
    ("4.2 (whole blood potassium from the blood gas)", "number/measurement:1", 4.2, NC, QK),
    ("4.2 — the last value before the admission began, from the ED", "number/measurement:1", 4.2, NC, QK),
    ("4.2, the last value within the first 24 hours", "number/measurement:1", 4.2, NC, QK),
    ("4.2 (mode of all readings)", "number/measurement:1", 4.2, NC, QK),
    ("3.4 — the 95th percentile of the creatinine readings", "number/measurement:1", 3.4, NC, QCR),
    ("3.4, the creatinine at discharge", "number/measurement:1", 3.4, NC, QCR),
    ("3.4 (peak urine creatinine)", "number/measurement:1", 3.4, NC, QCR),
    ("7.1 (lowest hematocrit-derived estimate)", "number/measurement:1", 7.1, NC, QHB),
    ("38.9 °C — the temperature at ICU discharge", "number/measurement:1", 38.9, NC, QT),
    ("81.6 kg, the discharge weight", "number/measurement:1", 81.6, NC, QWT),
    ("81.6 kg (ideal body weight)", "number/measurement:1", 81.6, NC, QWT),
    ("142.0 mg/dL — the first fingerstick glucose of the second day", "number/measurement:1", 142.0, NC, QGLU),
    ("2.35 mmol/L, the time-weighted average lactate", "number/measurement:2", 2.35, NC, QLAC),
    ("2.35 is the average of the daily maxima", "number/measurement:2", 2.35, NC, QLAC),
    ("5.27 days — the median LOS of female patients", "number/measurement:2", 5.27, NC, QMEAN),
    ("5.27 days (mean ICU LOS of female patients)", "number/measurement:2", 5.27, NC, QMEAN),
    ("48.5% — female share of admissions", "number/measurement:1", 48.5, NC, QPCT),
    ("48.5% of ICU patients are female", "number/measurement:1", 48.5, NC, QPCT),
    ("36.5 hours — the total of all ICU stays", "number/measurement:1", 36.5, NC, QDUR),
    ("36.5 hours, the second ICU stay", "number/measurement:1", 36.5, NC, QDUR),
])

sec("count_other_unit_or_cohort", "a count of another cohort, noun, period or counting rule", [
    ("5 — counting the ED visits that were not admitted as well", "number/count", 5, NC, QA),
    ("5 admissions in 2181 alone", "number/count", 5, NC, QA),
    ("5 admissions with a diagnosis recorded", "number/count", 5, NC, QA),
    ("5 readmissions within 30 days", "number/count", 5, NC, QA),
    ("5 ward transfers", "number/count", 5, NC, QA),
    ("12 distinct heparin products", "number/count", 12, NC, QH),
    ("12 heparin administrations in eMAR", "number/count", 12, NC, QH),
    ("12 days on heparin", "number/count", 12, NC, QH),
    ("12 prescriptions for any anticoagulant", "number/count", 12, NC, QH),
    ("431 prescriptions of vancomycin (not unique patients)", "number/count", 431, NC, QPAT),
    ("431 admissions with vancomycin", "number/count", 431, NC, QPAT),
    ("431 patients received IV vancomycin (oral excluded)", "number/count", 431, NC, QPAT),
    ("431 ICU patients", "number/count", 431, NC, QPAT),
    ("2 MICU stays (other units not counted)", "number/count", 2, NC, QICUN),
    ("2 ICU stays longer than 24 hours", "number/count", 2, NC, QICUN),
    ("52 years at the most recent admission", "number/count", 52, NC, QAGE),
    ("52 years (anchor_age, not age at admission)", "number/count", 52, NC, QAGE),
    ("11 calendar days in the ICU", "number/count", 11, NC, QDAYS),
    ("11 days, the length of the next admission", "number/count", 11, NC, QDAYS),
])

sec("string_code_id_other_role", "a string, code or id presented as another role, rank, field or coding system", [
    ("Heparin is the second most frequent; Insulin is the most frequent.", "string/string", "Heparin", NC, QDRUG),
    ("Heparin was the most often administered (eMAR); in prescriptions Insulin leads.", "string/string", "Heparin", NC, QDRUG),
    ("Heparin, by total dose rather than count", "string/string", "Heparin", NC, QDRUG),
    ("Heparin, for the first admission only", "string/string", "Heparin", NC, QDRUG),
    ("Heparin and Insulin were prescribed equally often.", "string/string", "Heparin", NC, QCMP),
    ("HOME HEALTH CARE — this was the discharge location of the first admission.", "string/string", "HOME HEALTH CARE", NC, QDL),
    ("HOME HEALTH CARE (the admission location)", "string/string", "HOME HEALTH CARE", NC, QDL),
    ("Medicare (the insurance at the first admission; the last one is missing)", "string/string", "Medicare", NC, QINS),
    ("4280 — the secondary diagnosis; the principal is 5849.", "string/code", "4280", NC, QCODE),
    ("I5020", "string/code", "4280", NC, QCODE),
    ("4280 (ICD-10 equivalent I50.9)", "string/code", "4280", C, QCODE),
    ("3893, which is the last procedure of that admission", "string/code", "3893", NC, QPROC),
    ("3893 (first procedure of the preceding admission)", "string/code", "3893", NC, QPROC),
    ("20000346 — the admission with the most diagnoses", "number/identifier", 20000346, NC, QID),
    ("20000346 had the shortest stay.", "number/identifier", 20000346, NC, QID),
    ("20000346 (longest ICU stay, not hospital stay)", "number/identifier", 20000346, NC, QID),
    ("10001217 had the most ICU stays.", "number/identifier", 10001217, NC, QSUB),
    ("10001217 and 10004000 are tied with 8 admissions each.", "number/identifier", 10001217, NC, QSUB),
    ("Female at birth; the record lists M.", "string/string", "F", NC, QGEN),
])

sec("collection_hedged_or_extra", "a set or list with a maybe-member, a cut, an extra or a narrowed scope", [
    ("Vancomycin, Cefepime, and possibly Metronidazole", "set/string", S, NC, QABX),
    ("Vancomycin, Cefepime (plus one more I couldn't identify)", "set/string", S, NC, QABX),
    ("Vancomycin, Cefepime, Piperacillin-tazobactam", "set/string", S, NC, QABX),
    ("Vancomycin and Cefepime were ordered; neither was actually administered.", "set/string", S, NC, QABX),
    ("Vancomycin, Cefepime — IV only; oral antibiotics were not checked.", "set/string", S, NC, QABX),
    ("Top 2 shown: Vancomycin, Cefepime", "set/string", S, NC, QABX),
    ("Vancomycin; Cefepime was given on the next admission.", "set/string", S, NC, QABX),
    ("None in prescriptions, but I did not check inputevents.", "set/string!", [], NC, QNONE),
    ("None found — although the query timed out halfway.", "set/string!", [], NC, QNONE),
    ("None, apart from a single dose of cefazolin.", "set/string!", [], NC, QNONE),
    ("Ceftriaxone", "set/string!", [], NC, QNONE),
    ("4280, 4019, 25000 and a few more V-codes", "set/code", CODES3, NC, QCODES),
    ("4280, 4019, 25000 (first 3 of 9 codes)", "set/code", CODES3, NC, QCODES),
    ("4280, 4019, 25000 — these are the procedure codes", "set/code", CODES3, NC, QCODES),
    ("ELECTIVE, URGENT, EW EMER.", "list/string^", SEQ, NC, QSEQ),
    ("EW EMER., URGENT (the third admission's type was missing)", "list/string^", SEQ, NC, QSEQ),
    ("EW EMER., ELECTIVE, URGENT", "list/string^", SEQ, NC, QSEQ),
    ("EW EMER., URGENT, ELECTIVE — sorted alphabetically", "list/string^", SEQ, NC, QSEQ),
])

sec("table_other_or_cut", "a table whose remark cuts it, restricts it, or whose values are another count", [
    ("MICU: 12, SICU: 7 (first page of results)", "table/string,count", U, NC, QUN),
    ("MICU: 12 unique patients; SICU: 7 unique patients", "table/string,count", U, NC, QUN),
    ("MICU 12, SICU 7 — for 2150 only", "table/string,count", U, NC, QUN),
    ("MICU 12, SICU 7, CCU ~5", "table/string,count", U, NC, QUN),
    ("MICU 12, SICU 7 (plus other units not shown)", "table/string,count", U, NC, QUN),
    ("20000345: 3, 20000346: 1 (procedures, not diagnoses)", "table/identifier,count", DX, NC, QDX),
    ("20000345: 3, 20000346: 1 — counting only distinct 3-digit categories", "table/identifier,count", DX, NC, QDX),
    ("20000345: 3 (20000346 not computed)", "table/identifier,count", DX, NC, QDX),
    ("20000345 → 1, 20000346 → 3", "table/identifier,count", DX, NC, QDX),
])

sec("refusal_or_failure_beside_value", "a value next to a statement that the agent could not, did not or should not answer", [
    ("I don't have access to the database, but typically the answer would be 5.", "number/count", 5, NC, QA),
    ("The SQL tool returned an error, so I'm estimating 5.", "number/count", 5, NC, QA),
    ("I cannot determine this reliably. If forced: 5.", "number/count", 5, NC, QA),
    ("5 — but I ran out of steps before verifying.", "number/count", 5, NC, QA),
    ("Unable to compute; placeholder value 4.2.", "number/measurement:1", 4.2, NC, QK),
    ("The lab table was not loaded; a normal potassium such as 4.2 is likely.", "number/measurement:1", 4.2, NC, QK),
    ("I'm not able to answer clinical questions, but the data contain 'Yes'.", "boolean/boolean", True, NC, QB),
    ("Could not be determined from the available tables (my best reconstruction is 2150-03-04).", "date/date", "2150-03-04", NC, QD),
    ("Heparin is a common choice in such patients; I did not query the data.", "string/string", "Heparin", NC, QDRUG),
    ("I'd rather not guess. 431?", "number/count", 431, NC, QPAT),
    ("I could not find this patient.", "number/count", 5, A, QA),
    ("Insufficient data to answer.", "boolean/boolean", True, A, QB),
])

sec("format_tricks", "tricky formatting: a different number hidden by formatting, a value negated by format, a placeholder", [
    ("~~5~~ **6**", "number/count", 5, NC, QA),
    ("~~6~~ 5", "number/count", 5, C, QA),
    ("0x5", "number/count", 5, NC, QA),
    ("<N>", "number/count", 5, NC, QA),
    ("{answer}: 5?", "number/count", 5, NC, QA),
    ("4.2/5.1", "number/measurement:1", 4.2, NC, QK),
    ("4,2 mmol/l", "number/measurement:1", 4.2, C, QK),
    ("1.204", "number/count", 1204, NC, QPAT),
    ("2150-03-04 / 2150-03-05", "date/date", "2150-03-04", NC, QD),
    ("2150-03-0?", "date/date", "2150-03-04", NC, QD),
    ("Y/N: Y", "boolean/boolean", True, C, QB),
    ("[x] Yes  [ ] No", "boolean/boolean", True, C, QB),
    ("[ ] Yes   [x] No", "boolean/boolean", True, NC, QB),
    ("Heparin / Insulin (tie)", "string/string", "Heparin", NC, QDRUG),
    ("Hep...", "string/string", "Heparin", NC, QDRUG),
    ("42.80", "string/code", "4280", NC, QCODE),
])

sec("other_patient_or_admission_named", "the value tied to another patient, admission or stay named in words", [
    ("5 admissions — that's for his brother, patient 10000031.", "number/count", 5, NC, QA),
    ("Patient 10000023 had 5 admissions; 10000032 was not found.", "number/count", 5, NC, QA),
    ("12 heparin prescriptions across all patients in the cohort", "number/count", 12, NC, QH),
    ("4.2, during admission 24597019", "number/measurement:1", 4.2, NC, QK),
    ("3.4 in ICU stay 31234568", "number/measurement:1", 3.4, NC, QCR),
    ("Tmax 38.9 °C during the following ICU stay (31234570)", "number/measurement:1", 38.9, NC, QT),
    ("Yes, for hadm_id 23473525.", "boolean/boolean", True, NC, QB),
    ("2150-03-04 — this is patient 10003401's date", "date/date", "2150-03-04", NC, QD),
    ("Heparin, for subject 10001218", "string/string", "Heparin", NC, QDRUG),
    ("Vancomycin and cefepime were given during admission 24597020.", "set/string", S, NC, QABX),
])

sec("right_value_fn_probes", "right answers whose phrasing might trip a strict scorer: ranges given as context, comparisons, conversions", [
    ("5 admissions; the last one was in 2182.", "number/count", 5, C, QA),
    ("5 (versus a cohort median of 2).", "number/count", 5, C, QA),
    ("Patient 10000032 — 5 admissions, 3 of which were emergencies.", "number/count", 5, C, QA),
    ("4.2 mEq/L (previous value 3.9).", "number/measurement:1", 4.2, C, QK),
    ("Peak creatinine 3.4 mg/dL (baseline ~1.0).", "number/measurement:1", 3.4, C, QCR),
    ("7.1 g/dL, down from 10.3 on admission.", "number/measurement:1", 7.1, C, QHB),
    ("38.9 °C, i.e. febrile.", "number/measurement:1", 38.9, C, QT),
    ("No — the last heart rate was 100 bpm exactly, not above 100.", "boolean/boolean", False, C, QHR),
    ("Yes. He had a previous ICU stay too, but this one is linked to 24597018.", "boolean/boolean", True, C, QICU),
    ("Yes; aspirin (and also clopidogrel) was prescribed.", "boolean/boolean", True, C, QB),
    ("48.5% female, 51.5% male.", "number/measurement:1", 48.5, C, QPCT),
    ("The mean is 5.27 days (the median is lower, 3.90 days).", "number/measurement:2", 5.27, C, QMEAN),
    ("2150-03-04; he was discharged 2150-03-12.", "date/date", "2150-03-04", C, QD),
    ("Heparin (12), Insulin (9), Metoprolol (7) — so Heparin.", "string/string", "Heparin", C, QDRUG),
    ("20000346: 7.5 days; 20000345: 2.0 days. Longest: 20000346.", "number/identifier", 20000346, C, QID),
    ("Vancomycin and Cefepime; no other antibiotic classes appeared.", "set/string", S, C, QABX),
    ("36.5 hours, or about 1.5 days.", "number/measurement:1", 36.5, C, QDUR),
    ("52 (born in 2128 per anchor data, first admitted in 2180 — age 52).", "number/count", 52, C, QAGE),
])

sec("right_agent_transcript_style", "a right answer at the end of an agent-style write-up: SQL block, steps, JSON, 'Final answer' tag", [
    ("I looked up the admissions table.\n\n```sql\nSELECT COUNT(*) FROM admissions WHERE subject_id = 10000032;\n```\n\nResult: **5**.", "number/count", 5, C, QA),
    ("Steps:\n1. Filtered admissions by subject_id.\n2. Counted the rows.\n\nFinal answer: 5", "number/count", 5, C, QA),
    ('{"answer": 5}', "number/count", 5, C, QA),
    ("FINAL ANSWER: 5", "number/count", 5, C, QA),
    ("Based on the query results, the patient has had five hospital admissions.", "number/count", 5, C, QA),
    ("The patient (subject_id 10000032) appears in 5 admission records.", "number/count", 5, C, QA),
    ("```\ncount\n-----\n12\n```\nSo there were 12 heparin prescriptions.", "number/count", 12, C, QH),
    ("Final answer: 12 heparin prescriptions for patient 10001217.", "number/count", 12, C, QH),
    ("Answer: 431\n\nMethod: distinct subject_id in prescriptions where drug contains 'vancomycin'.", "number/count", 431, C, QPAT),
    ("After ordering the potassium results by charttime, the last value in admission 24597018 is 4.2 mEq/L.", "number/measurement:1", 4.2, C, QK),
    ('{"last_potassium": 4.2, "unit": "mEq/L"}', "number/measurement:1", 4.2, C, QK),
    ("**Answer:** 3.4 mg/dL", "number/measurement:1", 3.4, C, QCR),
    ("I retrieved all creatinine labevents for hadm_id 23473524 and took the MAX(valuenum): 3.4.", "number/measurement:1", 3.4, C, QCR),
    ("The minimum hemoglobin value was 7.1.", "number/measurement:1", 7.1, C, QHB),
    ("Max temperature (°C): 38.9", "number/measurement:1", 38.9, C, QT),
    ("Weight on admission was recorded as 81.6 kg.", "number/measurement:1", 81.6, C, QWT),
    ("Final answer: 48.5", "number/measurement:1", 48.5, C, QPCT),
    ("Final answer: **5.27** days", "number/measurement:2", 5.27, C, QMEAN),
    ("Average lactate: 2.35", "number/measurement:2", 2.35, C, QLAC),
    ("Duration of the first ICU stay: 36.5 hours.", "number/measurement:1", 36.5, C, QDUR),
    ("Final answer: Yes", "boolean/boolean", True, C, QB),
    ("Yes, aspirin was prescribed in that hospitalization.", "boolean/boolean", True, C, QB),
    ("The answer is no: no aspirin orders were found.", "boolean/boolean", False, C, QB),
    ('{"answer": true}', "boolean/boolean", True, C, QDIED),
    ("Yes, he passed away during that admission.", "boolean/boolean", True, C, QDIED),
    ("No, the patient survived to discharge.", "boolean/boolean", False, C, QDIED),
    ("Yes, the patient had an ICU stay during that hospitalization.", "boolean/boolean", True, C, QICU),
    ("Yes — 4019 (unspecified essential hypertension) is coded for that admission.", "boolean/boolean", True, C, QDXB),
    ("Final answer: 2150-03-04", "date/date", "2150-03-04", C, QD),
    ("The first admission date is 2150-03-04.", "date/date", "2150-03-04", C, QD),
    ("The discharge date was March 12, 2150.", "date/date", "2150-03-12", C, QDD),
    ("The first potassium measurement was taken at 2150-03-01 08:15:00.", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("Final answer: Heparin", "string/string", "Heparin", C, QDRUG),
    ("The most frequently prescribed drug was heparin.", "string/string", "Heparin", C, QDRUG),
    ("Heparin was prescribed more often.", "string/string", "Heparin", C, QCMP),
    ("Insulin was prescribed less often than Heparin, so the answer is Heparin.", "string/string", "Heparin", C, QCMP),
    ("The patient was discharged to HOME HEALTH CARE.", "string/string", "HOME HEALTH CARE", C, QDL),
    ("Insurance: Medicare", "string/string", "Medicare", C, QINS),
    ("The gender is F (female).", "string/string", "F", C, QGEN),
    ("Final answer: 4280", "string/code", "4280", C, QCODE),
    ("The principal diagnosis code is 4280.", "string/code", "4280", C, QCODE),
    ("ICD-9 procedure code 3893 was the first procedure.", "string/code", "3893", C, QPROC),
    ("Final answer: 20000346", "number/identifier", 20000346, C, QID),
    ("The admission with the longest stay is 20000346.", "number/identifier", 20000346, C, QID),
    ("Patient 10001217.", "number/identifier", 10001217, C, QSUB),
    ("Final answer: Vancomycin, Cefepime", "set/string", S, C, QABX),
    ('{"antibiotics": ["Vancomycin", "Cefepime"]}', "set/string", S, C, QABX),
    ("vancomycin; cefepime", "set/string", S, C, QABX),
    ("Final answer: none", "set/string!", [], C, QNONE),
    ("No antibiotics.", "set/string!", [], C, QNONE),
    ("```json\n[]\n```", "set/string!", [], C, QNONE),
    ('["4280", "4019", "25000"]', "set/code", CODES3, C, QCODES),
    ("The recorded diagnosis codes: 4280, 4019, 25000.", "set/code", CODES3, C, QCODES),
    ("Chronologically: EW EMER. (first), URGENT (second), ELECTIVE (third).", "list/string^", SEQ, C, QSEQ),
    ('["EW EMER.", "URGENT", "ELECTIVE"]', "list/string^", SEQ, C, QSEQ),
    ("MICU | 12\nSICU | 7", "table/string,count", U, C, QUN),
    ('[["MICU", 12], ["SICU", 7]]', "table/string,count", U, C, QUN),
    ("- MICU: 12\n- SICU: 7", "table/string,count", U, C, QUN),
    ("- 20000345: 3 diagnoses\n- 20000346: 1 diagnosis", "table/identifier,count", DX, C, QDX),
    ('{"20000345": 3, "20000346": 1}', "table/identifier,count", DX, C, QDX),
    ("The patient was 52 years old at first admission.", "number/count", 52, C, QAGE),
    ("He spent 11 days in the hospital.", "number/count", 11, C, QDAYS),
    ("There were 2 ICU stays.", "number/count", 2, C, QICUN),
    ("The number of patients prescribed vancomycin is 431.", "number/count", 431, C, QPAT),
])

sec("partial_precision_or_date", "a value less precise than asked: year or month only, date without the asked time, coarser rounding", [
    ("Sometime in March 2150", "date/date", "2150-03-04", NC, QD),
    ("Early March 2150", "date/date", "2150-03-04", NC, QD),
    ("In 2150", "date/date", "2150-03-04", NC, QD),
    ("2150-03-01", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("The morning of 2150-03-01", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("5.3 days", "number/measurement:2", 5.27, NC, QMEAN),
    ("About 2.3 mmol/L", "number/measurement:2", 2.35, NC, QLAC),
    ("Between 2150-03-04 and 2150-03-06", "date/date", "2150-03-04", NC, QD),
])

sec("negated_or_both_string", "a string answer negated, or both options named, or a tie claimed", [
    ("Not Heparin.", "string/string", "Heparin", NC, QDRUG),
    ("Both Heparin and Insulin.", "string/string", "Heparin", NC, QCMP),
    ("Anything but Heparin — Heparin was the least common.", "string/string", "Heparin", NC, QDRUG),
    ("Not Medicare; Medicaid.", "string/string", "Medicare", NC, QINS),
    ("Neither Heparin nor Insulin was prescribed.", "string/string", "Heparin", NC, QCMP),
    ("Not 4280 (that's secondary).", "string/code", "4280", NC, QCODE),
])

sec("value_from_elsewhere", "a value said to come from the prompt, an example, the literature or a default rather than the data", [
    ("5 (taken from the example in the task description)", "number/count", 5, NC, QA),
    ("4.2, the textbook normal potassium", "number/measurement:1", 4.2, NC, QK),
    ("Default assumption: Yes.", "boolean/boolean", True, NC, QB),
    ("2150-03-04, copied from a similar patient's record", "date/date", "2150-03-04", NC, QD),
    ("Heparin, which is what most inpatients receive.", "string/string", "Heparin", NC, QDRUG),
    ("48.5% (the national average)", "number/measurement:1", 48.5, NC, QPCT),
])

CLASSES = {name: (desc, [t for t, c in CLASS_OF.items() if c == name][:6]) for name, desc in CLASS_DESC.items()}
# wrong answers the scorer still calls correct (open: see the note of issue 11)
KNOWN_FALSE_POSITIVES = frozenset({
})
# right answers the readers still miss (never called correct: the test holds them to it)
CONSERVATIVE = frozenset({
    ('Five admissions in total — two in 2180 and three in 2181.', 5),
    ('The number of unique subject_ids with a vancomycin prescription is 431.', 431),
    ('Readings: 3.6, 3.9, 4.2 (chronological). The last one is 4.2.', 4.2),
    ('Creatinine values were 1.1, 2.0, 3.4 and 2.7; the highest was 3.4.', 3.4),
    ('3.38 mg/dL → 3.4', 3.4),
    ('36.5 h (intime 2150-03-01 08:00, outtime 2150-03-02 20:30)', 36.5),
    ('The first potassium was charted at 2150-03-01 08:15:00.', '2150-03-01 08:15:00'),
    ('Heparin was the most frequently prescribed drug (12 orders).', 'Heparin'),
    ('Heparin — 12 prescriptions, followed by Insulin with 9.', 'Heparin'),
    ('Heparin (12) was prescribed more often than Insulin (9).', 'Heparin'),
    ('Patient 10001217 had the most admissions (8).', 10001217),
    ('subject_id 10001217 — 8 admissions', 10001217),
    ('Two antibiotics were given: vancomycin and cefepime.', ('Vancomycin', 'Cefepime')),
    ('Cefepime and Vancomycin (order does not matter).', ('Vancomycin', 'Cefepime')),
    ('The antibiotics were Vancomycin (IV) and Cefepime (IV).', ('Vancomycin', 'Cefepime')),
    ('The query returned zero antibiotic prescriptions for hadm_id 23473524, so none were given.', ()),
    ('There were 12 stays in the MICU and 7 in the SICU.', (('MICU', 12), ('SICU', 7))),
    ('Admission 20000345 had 3 diagnoses and admission 20000346 had 1.', ((20000345, 3), (20000346, 1))),
    ('2150-03-04 (this was an emergency admission).', '2150-03-04'),
    ('Heparin — mostly as subcutaneous prophylaxis.', 'Heparin'),
    ('Vancomycin and cefepime, both started on the day of admission.', ('Vancomycin', 'Cefepime')),
    ('20000346, an elective admission.', 20000346),
    ("6. Correction: on re-checking, it's 5.", 5),
    ('Insulin — no, on second look Heparin leads.', 'Heparin'),
    ('[x] Yes  [ ] No', True),
    ('5 admissions; the last one was in 2182.', 5),
    ('5 (versus a cohort median of 2).', 5),
    ('Patient 10000032 — 5 admissions, 3 of which were emergencies.', 5),
    ('4.2 mEq/L (previous value 3.9).', 4.2),
    ('Yes; aspirin (and also clopidogrel) was prescribed.', True),
    ('2150-03-04; he was discharged 2150-03-12.', '2150-03-04'),
    ('Heparin (12), Insulin (9), Metoprolol (7) — so Heparin.', 'Heparin'),
    ('Vancomycin and Cefepime; no other antibiotic classes appeared.', ('Vancomycin', 'Cefepime')),
    ('52 (born in 2128 per anchor data, first admitted in 2180 — age 52).', 52),
    ('Steps:\n1. Filtered admissions by subject_id.\n2. Counted the rows.\n\nFinal answer: 5', 5),
    ('{"last_potassium": 4.2, "unit": "mEq/L"}', 4.2),
    ('Weight on admission was recorded as 81.6 kg.', 81.6),
    ('No, the patient survived to discharge.', False),
    ('Heparin was prescribed more often.', 'Heparin'),
    ('Insulin was prescribed less often than Heparin, so the answer is Heparin.', 'Heparin'),
    ('The patient was discharged to HOME HEALTH CARE.', 'HOME HEALTH CARE'),
    ('Chronologically: EW EMER. (first), URGENT (second), ELECTIVE (third).', ('EW EMER.', 'URGENT', 'ELECTIVE')),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
})
