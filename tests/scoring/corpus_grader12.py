"""A twelfth graded corpus, written by another independent adversarial grader (issue 11, round 12): 437
invented answers, none repeating an earlier corpus: answers to a neighbouring question, sarcasm and rhetoric,
date formats and time zones that move the day, ICU against hospital scope, negation in unusual forms, own
evidence against the value, structured answers carrying a second value, the right entity but another
attribute, and right answers phrased as agents
phrase them (45%). (answer, shape, gold, expected, question); expected NC: wrong and abstained both fine.
KNOWN_FALSE_POSITIVES lists the ones still open (the test holds it exact: a new false positive fails, and a
fixed one must be taken off it)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QA = "How many hospital admissions did patient 10000032 have?"
QH = "How many heparin prescriptions did patient 10001217 have?"
QPAT = "How many patients were prescribed vancomycin?"
QICUN = "How many ICU stays did patient 10001217 have?"
QICUD = "How many days did patient 10001217 spend in the ICU during admission 24597018?"
QK = "What was the last potassium value of patient 10001217 during admission 24597018, rounded to 1 decimal?"
QCR = "What was the highest creatinine of patient 10002428 during admission 23473524, rounded to 1 decimal?"
QGLU = "What was the first glucose value of patient 10001217, rounded to 1 decimal?"
QPCT = "What percentage of patients are female, rounded to 1 decimal?"
QMEAN = "What is the mean length of stay in days of female patients, rounded to 2 decimals?"
QAGE = "What was the age of patient 10000032 at the first admission?"
QDUR = "How many hours did the first ICU stay of patient 10001217 last, rounded to 1 decimal?"
QDAYS = "How many days was patient 10000032 in the hospital during admission 20000345?"
QKHI = "How many potassium measurements above 5.0 did patient 10001217 have during admission 24597018?"
QOLD = "How many patients older than 65 were admitted to the ICU?"
QB = "Was patient 10002428 prescribed aspirin during admission 23473524?"
QHR = "Was the last heart rate of patient 10002428 above 100?"
QHGB7 = "Was the hemoglobin of patient 10002428 ever below 7 during admission 23473524?"
QDIED = "Did patient 10002428 die in the hospital during admission 23473524?"
QICU = "Was patient 10001217 admitted to the ICU during admission 24597018?"
QD = "On which date was patient 10003400 first admitted?"
QTS = "When was the first potassium measurement of patient 10001217?"
QCODE = "What was the principal diagnosis code of admission 24597018?"
QDRUG = "Which drug was prescribed most often to patient 10001217?"
QCMP = "Which drug was prescribed more often to patient 10001217, Heparin or Insulin?"
QID = "Which admission of patient 10000032 had the longest stay?"
QDL = "What was the discharge location of the last admission of patient 10000032?"
QGEN = "What is the gender of patient 10000032?"
QABX = "Which antibiotics were given to patient 10001217 during admission 24597018?"
QNONE = "Which antibiotics were given to patient 10002428 during admission 23473524?"
QCODES = "Which diagnosis codes were recorded for admission 24597018?"
QSEQ = "List the admission types of patient 10000032 in chronological order."
QUN = "How many ICU stays were there in each care unit?"
S = ["Vancomycin", "Cefepime"]
U = [["MICU", 12], ["SICU", 7]]
CODES3 = ["4280", "4019", "25000"]
SEQ = ["EW EMER.", "URGENT", "ELECTIVE"]

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


# ================================================================ RIGHT ANSWERS
sec("r12_count_plain", "a right count as agents phrase it", [
    ("Patient 10000032 has five hospital admissions on record.", "number/count", 5, C, QA),
    ("I found 5 admissions for subject 10000032 (earliest 2180-05-06, latest 2180-09-07).", "number/count", 5, C, QA),
    ("The patient was hospitalised 5 separate times.", "number/count", 5, C, QA),
    ("**Answer:** 5 hospital admissions.\n\nLet me know if you'd like the per-admission details.", "number/count", 5, C, QA),
    ("5 — each with a distinct hadm_id in the admissions table.", "number/count", 5, C, QA),
    ("Five (5) admissions.", "number/count", 5, C, QA),
    ("Query result → `5` admissions", "number/count", 5, C, QA),
    ("There are exactly 5 admissions for this patient; none are duplicates.", "number/count", 5, C, QA),
    ("Twelve heparin orders were written for patient 10001217.", "number/count", 12, C, QH),
    ("The patient received a dozen heparin prescriptions (12).", "number/count", 12, C, QH),
    ("12 heparin prescriptions — mostly subcutaneous 5000 units q8h.", "number/count", 12, C, QH),
    ("There were 12 prescriptions of heparin for this patient, covering both admissions.", "number/count", 12, C, QH),
    ("Vancomycin: 431 patients.", "number/count", 431, C, QPAT),
    ("A total of four hundred thirty-one patients were prescribed vancomycin (431).", "number/count", 431, C, QPAT),
    ("431 unique patients had at least one vancomycin order.", "number/count", 431, C, QPAT),
    ("Patient 10001217 was in the ICU twice (2 stays).", "number/count", 2, C, QICUN),
    ("He had 2 ICU stays, one in MICU and one in SICU.", "number/count", 2, C, QICUN),
    ("2 stays in `icustays` for this subject.", "number/count", 2, C, QICUN),
    ("The patient spent 4 days in the ICU during that admission.", "number/count", 4, C, QICUD),
    ("ICU time during admission 24597018: 4 days (the hospital stay itself was 11 days).", "number/count", 4, C, QICUD),
    ("3 potassium values exceeded 5.0 (5.3, 5.6 and 5.1).", "number/count", 3, C, QKHI),
    ("There were 3 measurements strictly above 5.0 mEq/L.", "number/count", 3, C, QKHI),
    ("Three — 5.3, 5.6 and 5.1 mEq/L; a fourth value of exactly 5.0 does not count as above 5.0.", "number/count", 3, C, QKHI),
    ("I count 3 hyperkalemic readings (>5.0) during that admission.", "number/count", 3, C, QKHI),
    ("1,873 patients over 65 had an ICU stay.", "number/count", 1873, C, QOLD),
    ("1873 patients aged over 65 were admitted to the ICU.", "number/count", 1873, C, QOLD),
    ("The patient spent 11 days in hospital during admission 20000345.", "number/count", 11, C, QDAYS),
    ("LOS for admission 20000345: 11 days (admitted 2150-03-01, discharged 2150-03-12).", "number/count", 11, C, QDAYS),
    ("He was 52 at his first admission.", "number/count", 52, C, QAGE),
    ("At the first admission the patient was fifty-two years old.", "number/count", 52, C, QAGE),
])

sec("r12_measure_plain", "a right measurement as agents phrase it", [
    ("The last potassium of that admission was 4.2.", "number/measurement:1", 4.2, C, QK),
    ("Final K: 4.2 mEq/L (drawn on the morning of discharge).", "number/measurement:1", 4.2, C, QK),
    ("4.2 mmol/L was the last potassium recorded for hadm_id 24597018.", "number/measurement:1", 4.2, C, QK),
    ("The most recent potassium during admission 24597018 was 4.2 mEq/L, within the normal range.", "number/measurement:1", 4.2, C, QK),
    ("Last potassium = 4.2 (unrounded value 4.2 as stored in valuenum).", "number/measurement:1", 4.2, C, QK),
    ("Potassium (last): 4,2 mmol/L", "number/measurement:1", 4.2, C, QK),
    ("Highest creatinine: 3.4 mg/dL.", "number/measurement:1", 3.4, C, QCR),
    ("Creatinine peaked at 3.4 mg/dL during admission 23473524.", "number/measurement:1", 3.4, C, QCR),
    ("The maximum creatinine was 3.4 mg/dL, up from a baseline of 1.1.", "number/measurement:1", 3.4, C, QCR),
    ("The first glucose was 142 mg/dL.", "number/measurement:1", 142.0, C, QGLU),
    ("Initial glucose: 142.0", "number/measurement:1", 142.0, C, QGLU),
    ("The female share is 48.5%.", "number/measurement:1", 48.5, C, QPCT),
    ("48.5% of patients are female (97 of 200).", "number/measurement:1", 48.5, C, QPCT),
    ("Roughly half of the patients are women: 48.5%.", "number/measurement:1", 48.5, C, QPCT),
    ("Female patients: 48.5 percent.", "number/measurement:1", 48.5, C, QPCT),
    ("Female patients stay 5.27 days on average.", "number/measurement:2", 5.27, C, QMEAN),
    ("Mean LOS among female patients = 5.27 days (n = 97).", "number/measurement:2", 5.27, C, QMEAN),
    ("The mean length of stay for women is 5.27 d.", "number/measurement:2", 5.27, C, QMEAN),
    ("The first ICU stay lasted 36.5 hours (about 1.5 days).", "number/measurement:1", 36.5, C, QDUR),
    ("Duration of first ICU stay: 36.5 h", "number/measurement:1", 36.5, C, QDUR),
    ("36.5 hours — from 2150-03-01 08:00 to 2150-03-02 20:30.", "number/measurement:1", 36.5, C, QDUR),
])

sec("r12_boolean_plain", "a right yes/no as agents phrase it, incl. unusual but clear negation", [
    ("Yes, aspirin was prescribed during admission 23473524.", "boolean/boolean", True, C, QB),
    ("Yes — aspirin 325 mg was ordered on hospital day 1.", "boolean/boolean", True, C, QB),
    ("Affirmative: aspirin appears in the prescriptions for that admission.", "boolean/boolean", True, C, QB),
    ("It is true: aspirin was prescribed.", "boolean/boolean", True, C, QB),
    ("Aspirin was indeed prescribed during admission 23473524.", "boolean/boolean", True, C, QB),
    ("No, aspirin was never prescribed during admission 23473524.", "boolean/boolean", False, C, QB),
    ("Not once — no aspirin order exists for that admission.", "boolean/boolean", False, C, QB),
    ("Nope. Zero aspirin rows for hadm_id 23473524.", "boolean/boolean", False, C, QB),
    ("Aspirin was not among the drugs prescribed during admission 23473524.", "boolean/boolean", False, C, QB),
    ("Negative — no aspirin was prescribed.", "boolean/boolean", False, C, QB),
    ("Yes; the last heart rate was 104 bpm (> 100).", "boolean/boolean", True, C, QHR),
    ("The last heart rate was 100.4, so yes, just above 100.", "boolean/boolean", True, C, QHR),
    ("No — the last heart rate was exactly 100, which is not above 100.", "boolean/boolean", False, C, QHR),
    ("No, the last HR was 92 bpm.", "boolean/boolean", False, C, QHR),
    ("No. The lowest hemoglobin was 7.0 g/dL, which is not below 7.", "boolean/boolean", False, C, QHGB7),
    ("Yes, hemoglobin dropped to 6.4 g/dL on day 3.", "boolean/boolean", True, C, QHGB7),
    ("Yes, the patient died during that admission (discharge location: DIED).", "boolean/boolean", True, C, QDIED),
    ("No, the patient survived and was discharged home.", "boolean/boolean", False, C, QDIED),
    ("Yes — one ICU stay (CCU) is linked to admission 24597018.", "boolean/boolean", True, C, QICU),
    ("No ICU admission occurred during hadm_id 24597018.", "boolean/boolean", False, C, QICU),
    ("✅ Yes — aspirin was prescribed.", "boolean/boolean", True, C, QB),
    ("TRUE — aspirin present", "boolean/boolean", True, C, QB),
    ("False.", "boolean/boolean", False, C, QB),
])

sec("r12_date_plain", "a right date or timestamp in another format or with a time zone label that does not move it", [
    ("Patient 10003400 was first admitted on March 4, 2150.", "date/date", "2150-03-04", C, QD),
    ("First admission: 4 March 2150", "date/date", "2150-03-04", C, QD),
    ("2150-03-04 (admittime 2150-03-04 14:22:00)", "date/date", "2150-03-04", C, QD),
    ("The first admission was on Wednesday, 2150-03-04.", "date/date", "2150-03-04", C, QD),
    ("The earliest admittime is 2150-03-04.", "date/date", "2150-03-04", C, QD),
    ("the 4th of March, 2150", "date/date", "2150-03-04", C, QD),
    ("**2150-03-04**", "date/date", "2150-03-04", C, QD),
    ("The first potassium was drawn at 2150-03-01 08:15.", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("08:15 on 2150-03-01", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("2150-03-01 08:15:00 (charttime)", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("First potassium: 1 March 2150 at 8:15 AM.", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("charttime = '2150-03-01 08:15:00'", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
])

sec("r12_string_plain", "a right string, code or id as agents phrase it", [
    ("Its principal diagnosis code is 4280.", "string/code", "4280", C, QCODE),
    ("ICD-9 428.0 (congestive heart failure, unspecified) is the seq_num 1 diagnosis.", "string/code", "4280", C, QCODE),
    ("Principal diagnosis: `4280` — CHF, unspecified.", "string/code", "4280", C, QCODE),
    ("Heparin was prescribed most often (12 orders).", "string/string", "Heparin", C, QDRUG),
    ("Heparin tops the list of this patient's prescriptions.", "string/string", "Heparin", C, QDRUG),
    ("Heparin, with 12 prescriptions, followed by insulin with 9.", "string/string", "Heparin", C, QDRUG),
    ("Heparin (12) vs Insulin (9): Heparin.", "string/string", "Heparin", C, QCMP),
    ("Insulin was ordered fewer times than Heparin; Heparin wins.", "string/string", "Heparin", C, QCMP),
    ("Heparin outnumbers insulin, 12 to 9.", "string/string", "Heparin", C, QCMP),
    ("Admission 20000346 was the longest.", "number/identifier", 20000346, C, QID),
    ("The longest stay belongs to hadm_id 20000346 (7.5 days).", "number/identifier", 20000346, C, QID),
    ("The last admission ended with discharge to HOME.", "string/string", "HOME", C, QDL),
    ("Discharge location: HOME", "string/string", "HOME", C, QDL),
    ("He went HOME after his last admission.", "string/string", "HOME", C, QDL),
    ("Patient 10000032 is a woman (gender = F).", "string/string", "F", C, QGEN),
    ("Gender: F", "string/string", "F", C, QGEN),
])

sec("r12_collection_plain", "a right set, list or table as agents phrase it", [
    ("Vancomycin and cefepime were given.", "set/string", S, C, QABX),
    ("Two antibiotics: vancomycin (IV) and cefepime (IV).", "set/string", S, C, QABX),
    ("* Vancomycin (IV route)\n* Cefepime (IV route)", "set/string", S, C, QABX),
    ("The patient received vancomycin as well as cefepime.", "set/string", S, C, QABX),
    ("Vancomycin and cefepime, both started on day 1; no other antibiotics were given.", "set/string", S, C, QABX),
    ("Both vancomycin and cefepime, but not metronidazole.", "set/string", S, C, QABX),
    ("Antibiotics given: Cefepime, Vancomycin.", "set/string", S, C, QABX),
    ("No antibiotics were administered during admission 23473524.", "set/string!", [], C, QNONE),
    ("None at all.", "set/string!", [], C, QNONE),
    ("Zero antibiotics — the prescriptions for that admission contain no antimicrobial agents.", "set/string!", [], C, QNONE),
    ("The codes were 4280, 4019 and 25000.", "set/code", CODES3, C, QCODES),
    ("Three codes: 428.0, 401.9, 250.00.", "set/code", CODES3, C, QCODES),
    ("Chronologically: EW EMER. → URGENT → ELECTIVE.", "list/string^", SEQ, C, QSEQ),
    ("1) EW EMER.\n2) URGENT\n3) ELECTIVE", "list/string^", SEQ, C, QSEQ),
    ("First EW EMER., then URGENT, and finally ELECTIVE.", "list/string^", SEQ, C, QSEQ),
    ("MICU: 12, SICU: 7", "table/string,count", U, C, QUN),
    ("| care unit | stays |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |", "table/string,count", U, C, QUN),
    ("MICU had 12 ICU stays and SICU had 7.", "table/string,count", U, C, QUN),
    ("{\"MICU\": 12, \"SICU\": 7}  (stays per unit)", "table/string,count", U, C, QUN),
    ("| care unit | stays |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |\n| **Total** | **19** |", "table/string,count", U, C, QUN),
])

sec("r12_structured_right", "a right answer in JSON, YAML, code block, checkbox or footnote form", [
    ("```json\n{\"admissions\": 5}\n```", "number/count", 5, C, QA),
    ("{\"subject_id\": 10000032, \"admission_count\": 5}", "number/count", 5, C, QA),
    ("answer: 5\nsource: admissions table", "number/count", 5, C, QA),
    ("- [ ] 4\n- [x] 5\n- [ ] 6", "number/count", 5, C, QA),
    ("~~6~~ 5 (I first double-counted a transfer row)", "number/count", 5, C, QA),
    ("5¹\n\n¹ Counted as distinct hadm_id values.", "number/count", 5, C, QA),
    ("```\n count\n-------\n     5\n(1 row)\n```\nSo the patient had 5 admissions.", "number/count", 5, C, QA),
    ("{\"answer\": 4.2, \"unit\": \"mEq/L\", \"charttime\": \"2150-03-09 06:00\"}", "number/measurement:1", 4.2, C, QK),
    ("```json\n{\"answer\": true, \"evidence\": \"3 aspirin orders\"}\n```", "boolean/boolean", True, C, QB),
    ("{\"answer\": [\"Vancomycin\", \"Cefepime\"]}", "set/string", S, C, QABX),
    ("{\"first_admission_date\": \"2150-03-04\"}", "date/date", "2150-03-04", C, QD),
    ("<final_answer>5</final_answer>", "number/count", 5, C, QA),
    ("FINAL ANSWER: 12", "number/count", 12, C, QH),
])

sec("r12_right_with_trace", "a right answer after a tool error that was fixed and re-run", [
    ("My first query failed (`no such column: hadm`); after fixing the column name to hadm_id the query returned 5 admissions.", "number/count", 5, C, QA),
    ("sqlite3.OperationalError: near \"FROM\": syntax error\n\nFixed the typo and re-ran: 12 heparin prescriptions.", "number/count", 12, C, QH),
    ("The first attempt timed out; the re-run with an index on subject_id completed and shows the last potassium was 4.2 mEq/L.", "number/measurement:1", 4.2, C, QK),
    ("(Retried after a connection error.) Yes — aspirin was prescribed during admission 23473524.", "boolean/boolean", True, C, QB),
])

sec("r12_right_user_addressed", "a right answer with a remark to the user that adds no doubt", [
    ("5 admissions. Happy to break them down by year if that helps.", "number/count", 5, C, QA),
    ("You asked about hospital admissions, not ICU stays: the answer is 5.", "number/count", 5, C, QA),
    ("The last potassium was 4.2 mEq/L. Note for you: that's within the normal range of 3.5–5.0.", "number/measurement:1", 4.2, C, QK),
    ("Yes, aspirin was prescribed. If you need the dose and route, I can pull those too.", "boolean/boolean", True, C, QB),
    ("Heparin. Tell me if you also want the counts for the runner-up drugs.", "string/string", "Heparin", C, QDRUG),
    ("As you'll see from the table, vancomycin and cefepime were the two antibiotics given.", "set/string", S, C, QABX),
])

sec("r12_rhetorical_confident", "a right answer with a rhetorical flourish that keeps it firm", [
    ("Five. The admissions table leaves no room for doubt.", "number/count", 5, C, QA),
    ("Was aspirin prescribed? It was — three times.", "boolean/boolean", True, C, QB),
    ("Unsurprisingly for a cardiac patient, yes: aspirin was prescribed.", "boolean/boolean", True, C, QB),
    ("Heparin, and it isn't close: 12 orders versus 9 for insulin.", "string/string", "Heparin", C, QCMP),
    ("Surprisingly high, but the count is 431 patients.", "number/count", 431, C, QPAT),
])

# ================================================================ NOT-CORRECT
sec("later_sentence_changes_claim", "a later sentence silently replaces, narrows or overrides the first value", [
    ("5 admissions. On closer inspection, two of those rows are the same stay split by a transfer, so 4 real admissions.", "number/count", 5, NC, QA),
    ("The answer is 5. Strictly speaking though, only 4 count as hospital admissions — the fifth is an ED-only visit.", "number/count", 5, NC, QA),
    ("5 admissions were found. But the correct number for the question as asked is 6, since one admission is missing from my extract.", "number/count", 5, NC, QA),
    ("12 heparin prescriptions. Scratch that — 10, once the flushes are removed.", "number/count", 12, NC, QH),
    ("12. Then again, the flush orders are not really prescriptions; dropping them leaves 9.", "number/count", 12, NC, QH),
    ("Last potassium: 4.2 mEq/L. Hmm, the 4.2 was a hemolysed sample; the last valid potassium is 3.9.", "number/measurement:1", 4.2, NC, QK),
    ("The peak creatinine was 3.4. That one was later marked as an error, so the true peak is 2.7.", "number/measurement:1", 3.4, NC, QCR),
    ("Yes, aspirin was prescribed. Looking again, that order belongs to admission 23473525, so for 23473524 the answer is no.", "boolean/boolean", True, NC, QB),
    ("Yes. Well — it was ordered but cancelled before dispensing, so effectively not prescribed.", "boolean/boolean", True, NC, QB),
    ("2150-03-04. Correction: that was the ED registration; the admission itself is 2150-03-05.", "date/date", "2150-03-04", NC, QD),
    ("Heparin. Although if you drop the flush orders, insulin comes out ahead.", "string/string", "Heparin", NC, QDRUG),
    ("Vancomycin and cefepime. I missed one on the first pass: piperacillin-tazobactam was also given.", "set/string", S, NC, QABX),
    ("48.5% of patients are female. Excluding the patients with unknown gender, it rises to 51.2%, which is the right figure here.", "number/measurement:1", 48.5, NC, QPCT),
    ("Admission 20000346 had the longest stay. My mistake — I sorted ascending; the longest is 20000349.", "number/identifier", 20000346, NC, QID),
    ("The answer: 2 ICU stays. Update after rechecking: there is a third stay in 2152, so 3.", "number/count", 2, NC, QICUN),
])

sec("json_smuggled_second_value", "JSON / YAML / code structures whose extra field gives another or a doubted value", [
    ("{\"answer\": 5, \"answer_corrected\": 6}", "number/count", 5, NC, QA),
    ("```json\n{\"count\": 5}\n```\nNote: after deduplication the count should be 4.", "number/count", 5, NC, QA),
    ("{\"answer\": 5, \"confidence\": 0.2}", "number/count", 5, NC, QA),
    ("{\"answer\": null, \"best_guess\": 5}", "number/count", 5, NC, QA),
    ("answer: 5\nverified: false\nnote: not checked against the database", "number/count", 5, NC, QA),
    ("```python\nanswer = 5  # placeholder, query not run yet\n```", "number/count", 5, NC, QA),
    ("{\"answers\": [5, 6]}", "number/count", 5, NC, QA),
    ("{\"final\": 4.2, \"alternatives\": [3.9, 4.5]}", "number/measurement:1", 4.2, NC, QK),
    ("{\"answer\": true, \"verified\": false}", "boolean/boolean", True, NC, QB),
    ("{\"answer\": \"Heparin\", \"tie_with\": \"Insulin\"}", "string/string", "Heparin", NC, QDRUG),
    ("{\"antibiotics\": [\"Vancomycin\", \"Cefepime\"], \"also_possible\": [\"Metronidazole\"]}", "set/string", S, NC, QABX),
    ("<answer>5</answer>\n<revised_answer>6</revised_answer>", "number/count", 5, NC, QA),
    ("| metric | value |\n|---|---|\n| admissions (raw rows) | 5 |\n| admissions (deduplicated, final) | 4 |", "number/count", 5, NC, QA),
    ("```\n count\n-------\n     5\n     6\n(2 rows)\n```", "number/count", 5, NC, QA),
    ("```sql\nSELECT COUNT(*) FROM admissions WHERE subject_id = 10000032; -- 5\n```\nResult after the join fix: 6", "number/count", 5, NC, QA),
])

sec("numeral_other_script_or_word", "a value in words or other numerals that is not the gold, or two numbers in two scripts", [
    ("Fifty admissions.", "number/count", 5, W, QA),
    ("Fifteen admissions were found.", "number/count", 5, W, QA),
    ("5 (that is, six)", "number/count", 5, NC, QA),
    ("Half a dozen admissions.", "number/count", 5, W, QA),
    ("A baker's dozen heparin prescriptions.", "number/count", 12, W, QH),
    ("Two dozen heparin prescriptions.", "number/count", 12, W, QH),
    ("Four hundred thirteen patients received vancomycin.", "number/count", 431, W, QPAT),
    ("1.2k patients were prescribed vancomycin.", "number/count", 1204, NC, QPAT),
    ("About 1.2 thousand patients.", "number/count", 1204, NC, QPAT),
    ("Twelve (12) — or thirteen if the discontinued order counts.", "number/count", 12, NC, QH),
    ("The first ICU stay lasted a day and a half.", "number/measurement:1", 36.5, NC, QDUR),
    ("Fifty-two or fifty-three, depending on the birthday.", "number/count", 52, NC, QAGE),
])

sec("threshold_inclusive_exclusive", "a threshold question answered with the other side of the boundary", [
    ("Yes — the last heart rate was 100 bpm.", "boolean/boolean", True, NC, QHR),
    ("Yes, it reached the threshold: last HR 100.", "boolean/boolean", True, NC, QHR),
    ("Yes; the last heart rate was 98, close to 100.", "boolean/boolean", True, NC, QHR),
    ("Yes, hemoglobin fell to exactly 7.0 g/dL.", "boolean/boolean", True, NC, QHGB7),
    ("No, the lowest hemoglobin was 6.8.", "boolean/boolean", False, NC, QHGB7),
    ("3 potassium values were at or above 5.0 (5.0, 5.3, 5.6); only 2 were strictly above.", "number/count", 3, NC, QKHI),
    ("3 measurements ≥ 5.0 mEq/L (one of them exactly 5.0).", "number/count", 3, NC, QKHI),
    ("3 values above 5.5.", "number/count", 3, NC, QKHI),
    ("1873 patients aged 65 or older were admitted to the ICU.", "number/count", 1873, NC, QOLD),
    ("1873 patients older than 75 had an ICU stay.", "number/count", 1873, NC, QOLD),
    ("1873 patients over 65 — counting ICU stays, not patients.", "number/count", 1873, NC, QOLD),
    ("No — the last heart rate was 101, barely over 100.", "boolean/boolean", False, NC, QHR),
])

sec("icu_vs_hospital_scope", "a value of the hospital stay given for the ICU, or the other way round", [
    ("The hospital stay was 4 days.", "number/count", 4, NC, QICUD),
    ("4 days (the whole admission, ward plus ICU).", "number/count", 4, NC, QICUD),
    ("4 days in the step-down unit after the ICU.", "number/count", 4, NC, QICUD),
    ("11 days in hospital, 4 of them in the ICU.", "number/count", 4, NC, QICUD),
    ("Patient 10001217 had 2 hospital admissions with an ICU component.", "number/count", 2, NC, QICUN),
    ("2 ICU stays during admission 24597018 alone; the patient has 3 ICU stays overall.", "number/count", 2, NC, QICUN),
    ("36.5 hours — the length of the emergency department stay before ICU transfer.", "number/measurement:1", 36.5, NC, QDUR),
    ("The first hospital admission lasted 36.5 hours.", "number/measurement:1", 36.5, NC, QDUR),
    ("Yes — he was admitted to the step-down unit during admission 24597018.", "boolean/boolean", True, NC, QICU),
    ("Yes, an ICU consult was requested during admission 24597018.", "boolean/boolean", True, NC, QICU),
    ("1873 patients over 65 were admitted to the hospital.", "number/count", 1873, NC, QOLD),
])

sec("neighbouring_question", "the same number answering a neighbouring question with another meaning", [
    ("His 5th admission was in 2181.", "number/count", 5, NC, QA),
    ("Patient 10000032 spent 5 days in hospital.", "number/count", 5, NC, QA),
    ("The patient was admitted through the ED 5 times.", "number/count", 5, NC, QA),
    ("The 12th heparin order was the last one.", "number/count", 12, NC, QH),
    ("Heparin was given for 12 days.", "number/count", 12, NC, QH),
    ("Vancomycin was the 431st most prescribed drug.", "number/count", 431, NC, QPAT),
    ("The patient was in 2 different ICU care units.", "number/count", 2, NC, QICUN),
    ("Yes — the highest heart rate was 112.", "boolean/boolean", True, NC, QHR),
    ("Yes, the heart rate averaged 104 over the stay.", "boolean/boolean", True, NC, QHR),
    ("Heparin was the first drug prescribed.", "string/string", "Heparin", NC, QDRUG),
    ("Heparin was the most recently prescribed drug.", "string/string", "Heparin", NC, QDRUG),
    ("Heparin had the highest total dose.", "string/string", "Heparin", NC, QDRUG),
    ("Heparin was prescribed to more patients overall.", "string/string", "Heparin", NC, QCMP),
    ("Admission 20000346 had the most diagnoses.", "number/identifier", 20000346, NC, QID),
    ("The first ICU stay began 36.5 hours after hospital admission.", "number/measurement:1", 36.5, NC, QDUR),
    ("The patient was 52 at the last admission.", "number/count", 52, NC, QAGE),
    ("The patient's age at death was 52.", "number/count", 52, NC, QAGE),
    ("48.5% of the female patients were admitted as emergencies.", "number/measurement:1", 48.5, NC, QPCT),
    ("The median length of stay of female patients is 5.27 days.", "number/measurement:2", 5.27, NC, QMEAN),
    ("Aspirin was prescribed at discharge (discharge medication list), yes.", "boolean/boolean", True, NC, QB),
    ("Yes — aspirin allergy is documented for admission 23473524.", "boolean/boolean", True, NC, QB),
])

sec("comparative_backwards", "a comparative whose grammar names the other item as the winner", [
    ("Heparin was outnumbered by insulin (12 vs 15).", "string/string", "Heparin", NC, QCMP),
    ("Heparin was prescribed less often than insulin.", "string/string", "Heparin", NC, QCMP),
    ("Insulin beat heparin.", "string/string", "Heparin", NC, QCMP),
    ("Heparin trails insulin, 12 to 15.", "string/string", "Heparin", NC, QCMP),
    ("Insulin, with heparin a close second.", "string/string", "Heparin", NC, QCMP),
    ("Heparin was second only to insulin.", "string/string", "Heparin", NC, QDRUG),
    ("Heparin came in behind insulin.", "string/string", "Heparin", NC, QDRUG),
    ("Not heparin — insulin.", "string/string", "Heparin", NC, QCMP),
])

sec("negation_unusual", "negation in unusual forms that flips the answer", [
    ("Anything but 5 — the true count is 4.", "number/count", 5, NC, QA),
    ("Not 5; it's 4.", "number/count", 5, NC, QA),
    ("5? No. 6.", "number/count", 5, NC, QA),
    ("It would be wrong to say 5.", "number/count", 5, NC, QA),
    ("Far from it — aspirin was never prescribed.", "boolean/boolean", True, NC, QB),
    ("Hardly: aspirin does not appear in the prescriptions.", "boolean/boolean", True, NC, QB),
    ("I wouldn't say yes.", "boolean/boolean", True, NC, QB),
    ("Not that I can tell — no aspirin rows.", "boolean/boolean", True, NC, QB),
    ("It is false that aspirin was not prescribed.", "boolean/boolean", False, NC, QB),
    ("There's no denying it: aspirin was prescribed.", "boolean/boolean", False, NC, QB),
    ("Not not prescribed — yes, it was.", "boolean/boolean", False, NC, QB),
    ("Anything but heparin: insulin.", "string/string", "Heparin", NC, QDRUG),
    ("Not HOME — the patient went to a SNF.", "string/string", "HOME", NC, QDL),
    ("Neither vancomycin nor cefepime was given.", "set/string", S, NC, QABX),
    ("Never admitted before 2150-03-04? Wrong — he was first admitted on 2150-02-11.", "date/date", "2150-03-04", NC, QD),
])

sec("sarcasm_rhetorical", "sarcastic or rhetorical answers whose literal value is not the claim", [
    ("Oh sure, 5 — if you believe the admissions table, which I don't.", "number/count", 5, NC, QA),
    ("5, if you count every duplicate row as an admission, which you shouldn't.", "number/count", 5, NC, QA),
    ("Yes, if you count zero as a dose.", "boolean/boolean", True, NC, QB),
    ("Yes, in the same sense that a placebo is a drug — no aspirin was actually ordered.", "boolean/boolean", True, NC, QB),
    ("Who knows? 5, I suppose.", "number/count", 5, NC, QA),
    ("4.2, as if that number means anything with this much missing data.", "number/measurement:1", 4.2, NC, QK),
    ("Heparin — said no one who looked at the data.", "string/string", "Heparin", NC, QDRUG),
    ("2150-03-04, allegedly.", "date/date", "2150-03-04", NC, QD),
    ("Vancomycin and cefepime, supposedly.", "set/string", S, NC, QABX),
    ("Sure, 'yes' — if a cancelled order counts as a prescription.", "boolean/boolean", True, NC, QB),
])

sec("user_addressed_doubt", "answers addressed to the user that hand the checking back or admit no check", [
    ("5. You may want to verify this, as I couldn't confirm the query ran on the full table.", "number/count", 5, NC, QA),
    ("5 — please double-check before you rely on it; I wasn't able to run the final query.", "number/count", 5, NC, QA),
    ("I'd suggest confirming with your data team, but my estimate is 5.", "number/count", 5, NC, QA),
    ("You'll need to check this yourself; it looks like 12 from a partial view.", "number/count", 12, NC, QH),
    ("4.2 — though you should confirm against the lab system, as my results were truncated.", "number/measurement:1", 4.2, NC, QK),
    ("Yes, I think — you may want to look at the prescriptions table yourself to be sure.", "boolean/boolean", True, NC, QB),
    ("Heparin, but don't quote me on it.", "string/string", "Heparin", NC, QDRUG),
    ("Over to you to confirm: 2150-03-04 is what I have.", "date/date", "2150-03-04", NC, QD),
    ("You might want to re-run this, but vancomycin and cefepime is what I got.", "set/string", S, NC, QABX),
    ("Trust but verify: 431.", "number/count", 431, NC, QPAT),
])

sec("tool_error_beside_value", "a tool error or failed query beside a value that was therefore not computed", [
    ("ERROR: relation \"admissions\" does not exist\n\nAnswer: 5", "number/count", 5, NC, QA),
    ("Query timed out after 300 s. Based on the schema, the answer is likely 5.", "number/count", 5, NC, QA),
    ("Traceback (most recent call last):\n  File \"q.py\", line 3\nsqlite3.OperationalError: no such table: prescriptions\n\n12", "number/count", 12, NC, QH),
    ("The tool returned an error, so I'm reporting the value from the example in the docs: 4.2.", "number/measurement:1", 4.2, NC, QK),
    ("[tool error: permission denied]\nYes.", "boolean/boolean", True, NC, QB),
    ("The database connection dropped before the query finished; the partial result showed 431 patients.", "number/count", 431, NC, QPAT),
    ("Execution failed (MemoryError). Answer: Heparin.", "string/string", "Heparin", NC, QDRUG),
    ("Error 500 from the SQL endpoint. I'll say 2150-03-04.", "date/date", "2150-03-04", NC, QD),
    ("Could not execute the query (syntax error) — answering vancomycin and cefepime.", "set/string", S, NC, QABX),
])

sec("date_format_tz_shift", "a date in a format, time zone or convention that makes it another day or time", [
    ("2150-04-03 (yyyy-dd-mm)", "date/date", "2150-03-04", W, QD),
    ("03/04/2150 (dd/mm/yyyy)", "date/date", "2150-03-04", NC, QD),
    ("April 3, 2150", "date/date", "2150-03-04", W, QD),
    ("2150-03-04 14:22 local, i.e. 2150-03-05 UTC — the UTC date is the one to report.", "date/date", "2150-03-04", NC, QD),
    ("The first admission was the day after 2150-03-04.", "date/date", "2150-03-04", NC, QD),
    ("The first admission was on the eve of 2150-03-04.", "date/date", "2150-03-04", NC, QD),
    ("2150-03-01 8:15 PM", "date/timestamp", "2150-03-01 08:15:00", W, QTS),
    ("2150-03-01 20:15:00", "date/timestamp", "2150-03-01 08:15:00", W, QTS),
    ("2150-03-01 08:15 UTC, which is 03:15 local time — use 03:15.", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("2150-03-01, early morning (exact time not recorded).", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("2150-03-01 08:15 was the storetime; the charttime was 07:40.", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
    ("Two days before 2150-03-03 08:15, i.e. 2150-03-01 08:15 — no wait, that's the order time; the draw was 09:02.", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
])

sec("list_extra_or_missing_disguised", "a set or list with one extra or missing item hidden by wording or formatting", [
    ("Vancomycin, cefepime, not to mention metronidazole.", "set/string", S, W, QABX),
    ("Vancomycin and cefepime (plus the usual perioperative cefazolin).", "set/string", S, W, QABX),
    ("Vancomycin rather than cefepime.", "set/string", S, W, QABX),
    ("Vancomycin instead of cefepime.", "set/string", S, W, QABX),
    ("- Vancomycin\n- Cefepime\n- ~~Metronidazole~~ Meropenem", "set/string", S, W, QABX),
    ("Vancomycin/cefepime/zosyn", "set/string", S, W, QABX),
    ("Vancomycin, cefepime and one more I couldn't identify.", "set/string", S, NC, QABX),
    ("Mainly vancomycin.", "set/string", S, NC, QABX),
    ("Vancomycin — and cefepime was ordered but I couldn't confirm it was given.", "set/string", S, NC, QABX),
    ("None apart from a single dose of cefazolin.", "set/string!", [], W, QNONE),
    ("Nothing besides prophylactic cefazolin.", "set/string!", [], W, QNONE),
    ("No antibiotics other than vancomycin.", "set/string!", [], W, QNONE),
    ("None, unless you count the topical mupirocin.", "set/string!", [], NC, QNONE),
    ("4280, 4019, 25000 and, lower down the list, 5849.", "set/code", CODES3, W, QCODES),
    ("4280 and 4019 (25000 was only a history-of code, so I left it out).", "set/code", CODES3, W, QCODES),
    ("MICU: 12, SICU: 7, CCU: 3", "table/string,count", U, W, QUN),
    ("MICU 12 — the other unit I couldn't resolve.", "table/string,count", U, NC, QUN),
    ("| care unit | stays |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |\n| CSRU | 2 |", "table/string,count", U, W, QUN),
])

sec("order_described_in_words", "an ordered list whose stated ordering makes it the wrong order", [
    ("EW EMER., URGENT, ELECTIVE — newest first.", "list/string^", SEQ, W, QSEQ),
    ("From most recent to oldest: EW EMER., URGENT, ELECTIVE.", "list/string^", SEQ, W, QSEQ),
    ("ELECTIVE came first, then URGENT, and EW EMER. was the latest.", "list/string^", SEQ, W, QSEQ),
    ("URGENT, then EW EMER., then ELECTIVE.", "list/string^", SEQ, W, QSEQ),
    ("EW EMER., URGENT, ELECTIVE (sorted alphabetically, I didn't have admit times).", "list/string^", SEQ, NC, QSEQ),
    ("The last admission was EW EMER., preceded by URGENT and, first of all, ELECTIVE.", "list/string^", SEQ, W, QSEQ),
    ("EW EMER. and URGENT happened on the same day, then ELECTIVE; the order of the first two is arbitrary.", "list/string^", SEQ, NC, QSEQ),
])

sec("rounding_self_contradiction", "a raw value whose stated rounding gives another value, or an inconsistent fraction/mean", [
    ("4.24 mEq/L, which rounds to 4.3.", "number/measurement:1", 4.2, W, QK),
    ("Raw 4.26, rounded to 4.2.", "number/measurement:1", 4.2, NC, QK),
    ("3.35 → 3.4? Actually the stored value is 3.449, so 3.5.", "number/measurement:1", 3.4, NC, QCR),
    ("48.5% (97 of 220 patients).", "number/measurement:1", 48.5, NC, QPCT),
    ("48.5% — 485 female out of 1,100 patients.", "number/measurement:1", 48.5, NC, QPCT),
    ("Mean LOS 5.27 days (total 600 days over 97 female patients).", "number/measurement:2", 5.27, NC, QMEAN),
    ("36.5 hours (2150-03-01 08:00 to 2150-03-01 20:30).", "number/measurement:1", 36.5, NC, QDUR),
    ("52 years (born 2100, first admitted 2180).", "number/count", 52, NC, QAGE),
    ("11 days (admitted 2150-03-01, discharged 2150-03-20).", "number/count", 11, NC, QDAYS),
])

sec("later_line_markdown_override", "markdown headings, bold or callouts where a later block overrides the value", [
    ("# 5\n\n## Revised: 6", "number/count", 5, NC, QA),
    ("**5**\n\n> ⚠️ Update: the correct count is 6.", "number/count", 5, NC, QA),
    ("Answer: 5\n\n---\n\n**Final answer: 4**", "number/count", 5, NC, QA),
    ("5\n\nEDIT: 7 after including the 2152 admissions.", "number/count", 5, NC, QA),
    ("~~5~~ → 6", "number/count", 5, W, QA),
    ("<s>4.2</s> 3.9", "number/measurement:1", 4.2, W, QK),
    ("**Yes** ~~No~~ — wait, strike that: No.", "boolean/boolean", True, NC, QB),
    ("Heparin\n\n> Note: on re-check, Insulin is the most prescribed.", "string/string", "Heparin", NC, QDRUG),
    ("- [x] 4\n- [ ] 5\n- [ ] 6", "number/count", 5, W, QA),
    ("- [x] Yes\n- [x] No", "boolean/boolean", True, NC, QB),
])

sec("footnote_scope_change", "a footnote or parenthetical that moves the value to another scope", [
    ("5*\n\n*Across all patients with the same MRN, not subject 10000032 alone.", "number/count", 5, NC, QA),
    ("5¹\n\n¹ Excluding two admissions with a missing discharge time; 7 with them.", "number/count", 5, NC, QA),
    ("12†\n\n† Heparin flushes only; all heparin prescriptions total 20.", "number/count", 12, NC, QH),
    ("4.2 mEq/L*\n\n*Whole-blood potassium from the blood-gas panel.", "number/measurement:1", 4.2, NC, QK),
    ("Yes*\n\n*For the previous admission, 23473523.", "boolean/boolean", True, NC, QB),
    ("431 patients (in the 2150–2155 subset).", "number/count", 431, NC, QPAT),
    ("2150-03-04 [1]\n\n[1] Date of the first ICU stay; the hospital admission was earlier.", "date/date", "2150-03-04", NC, QD),
])

sec("right_attr_wrong_field_named", "the right entity but a value labelled as another attribute of it", [
    ("The patient's admission location was HOME.", "string/string", "HOME", NC, QDL),
    ("The patient's insurance was HOME... I mean the discharge location field is empty.", "string/string", "HOME", NC, QDL),
    ("4280 is the admitting diagnosis code recorded in the ED, the principal code wasn't coded.", "string/code", "4280", NC, QCODE),
    ("F is the gender of the patient's next of kin; the patient's own gender is missing.", "string/string", "F", NC, QGEN),
    ("Admission 20000346 had the longest ICU stay within it; hospital LOS was longest for 20000349.", "number/identifier", 20000346, NC, QID),
    ("142 mg/dL was the first fingerstick glucose; the first lab glucose was 156.", "number/measurement:1", 142.0, NC, QGLU),
    ("3.4 is the highest creatinine clearance value.", "number/measurement:1", 3.4, NC, QCR),
    ("The first potassium was ordered at 2150-03-01 08:15 and resulted at 10:02.", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
])

sec("off_by_one_day_scope", "inclusive/exclusive day counting where the answer states the other convention or a different count", [
    ("12 calendar days (counting both the admission and discharge day).", "number/count", 11, NC, QDAYS),
    ("11 nights, i.e. 12 days in hospital.", "number/count", 11, NC, QDAYS),
    ("10 full days plus part of an eleventh.", "number/count", 11, NC, QDAYS),
    ("11 days if counted inclusively; 10 by discharge minus admission.", "number/count", 11, NC, QDAYS),
    ("The stay spanned 11 days — or 264 hours, which is actually 10.5 days after the 12 h discharge gap.", "number/count", 11, NC, QDAYS),
    ("4 ICU days by calendar date; 3 by the los column.", "number/count", 4, NC, QICUD),
])

sec("boolean_qualified_partial", "a yes/no qualified into 'partly', 'technically' or 'in a sense'", [
    ("Technically yes, practically no.", "boolean/boolean", True, NC, QB),
    ("In a sense — aspirin was in the order set, but I'm not sure it was signed.", "boolean/boolean", True, NC, QB),
    ("Partly: aspirin was prescribed for part of the admission.", "boolean/boolean", True, NC, QB),
    ("Both yes and no, honestly.", "boolean/boolean", False, NC, QB),
    ("Kind of — the patient died shortly after being transferred to hospice.", "boolean/boolean", True, NC, QDIED),
    ("Not exactly, but close enough to yes.", "boolean/boolean", True, NC, QHR),
    ("It depends on whether you count the ED boarding in the ICU as an ICU stay.", "boolean/boolean", True, NC, QICU),
])

sec("r12_more_right", "more right answers in agent phrasings: words, other scripts, emoji, hedge-free notes", [
    ("Cinq admissions.", "number/count", 5, C, QA),
    ("5️⃣ admissions", "number/count", 5, C, QA),
    ("1.204 × 10³ patients were prescribed vancomycin.", "number/count", 1204, C, QPAT),
    ("One thousand two hundred and four patients (1,204) received vancomycin.", "number/count", 1204, C, QPAT),
    ("His fifth and final admission was in 2181, so 5 admissions in all.", "number/count", 5, C, QA),
    ("After deduplicating on hadm_id the count stays at 5.", "number/count", 5, C, QA),
    ("Sí — aspirin was prescribed.", "boolean/boolean", True, C, QB),
    ("Yes. (For completeness: the order was active from day 1 to discharge.)", "boolean/boolean", True, C, QB),
    ("No; the patient was alive at discharge (hospital_expire_flag = 0).", "boolean/boolean", False, C, QDIED),
    ("He did not die in hospital — he was discharged to rehab.", "boolean/boolean", False, C, QDIED),
    ("Yes: the last heart rate (charted 2150-05-09 23:00) was 118 bpm.", "boolean/boolean", True, C, QHR),
    ("No. The final HR was 76, well under 100.", "boolean/boolean", False, C, QHR),
    ("Heparin is the answer — it was prescribed more often than insulin.", "string/string", "Heparin", C, QCMP),
    ("More heparin than insulin: Heparin.", "string/string", "Heparin", C, QCMP),
    ("Insulin trails heparin, so Heparin.", "string/string", "Heparin", C, QCMP),
    ("The last potassium was 4.2 mEq/L, down from 5.1 earlier in the stay.", "number/measurement:1", 4.2, C, QK),
    ("4.2 (mEq/L). This is the final value before discharge on 2150-03-12.", "number/measurement:1", 4.2, C, QK),
    ("Peak creatinine 3.4 mg/dL on hospital day 3, consistent with AKI.", "number/measurement:1", 3.4, C, QCR),
    ("48.5% (485 female patients out of 1,000).", "number/measurement:1", 48.5, C, QPCT),
    ("5.27 days (mean over 97 female patients; total 511.2 days).", "number/measurement:2", 5.27, C, QMEAN),
    ("Patient 10001217 spent 4 days in the ICU during admission 24597018, in a single MICU stay.", "number/count", 4, C, QICUD),
    ("3 (strictly greater than 5.0 mEq/L).", "number/count", 3, C, QKHI),
    ("Admission 20000346 — 7.5 days, the longest of his 5 admissions.", "number/identifier", 20000346, C, QID),
    ("The earliest admission of patient 10003400 is dated 2150-03-04.", "date/date", "2150-03-04", C, QD),
    ("Admitted for the first time on 2150-03-04 at 14:22.", "date/date", "2150-03-04", C, QD),
    ("The first K+ was charted 2150-03-01 at 08:15:00.", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("Vancomycin & cefepime.", "set/string", S, C, QABX),
    ("Only two antibiotics were given: vancomycin and cefepime.", "set/string", S, C, QABX),
    ("Cefepime and vancomycin (both IV, started the same day).", "set/string", S, C, QABX),
    ("Patient 10002428 received no antibiotics during admission 23473524.", "set/string!", [], C, QNONE),
    ("Diagnosis codes for admission 24597018: 4280; 4019; 25000.", "set/code", CODES3, C, QCODES),
    ("EW EMER. (2180), URGENT (2181), ELECTIVE (2182).", "list/string^", SEQ, C, QSEQ),
    ("In order of admission time: EW EMER., URGENT, ELECTIVE.", "list/string^", SEQ, C, QSEQ),
    ("- MICU — 12 stays\n- SICU — 7 stays", "table/string,count", U, C, QUN),
    ("SICU: 7; MICU: 12.", "table/string,count", U, C, QUN),
    ("The patient's discharge location on the last admission was HOME.", "string/string", "HOME", C, QDL),
    ("Female.", "string/string", "F", C, QGEN),
    ("Vancomycin was prescribed to 431 patients; that is the distinct patient count, not the order count.", "number/count", 431, C, QPAT),
    ("Twelve.", "number/count", 12, C, QH),
    ("2 ICU stays — consistent with the two rows in icustays.", "number/count", 2, C, QICUN),
    ("1873.", "number/count", 1873, C, QOLD),
    ("The patient was 52 years old when first admitted (anchor_age 52).", "number/count", 52, C, QAGE),
    ("The first glucose was 142.0 mg/dL (charted 2150-03-01 08:15).", "number/measurement:1", 142.0, C, QGLU),
    ("The answer is 36.5 hours.", "number/measurement:1", 36.5, C, QDUR),
    ("Heparin.\n\n(12 prescriptions; insulin 9, metoprolol 6.)", "string/string", "Heparin", C, QDRUG),
])

sec("neighbouring_question_more", "more neighbouring-question answers: same value, another event, population or denominator", [
    ("5 of the patient's admissions were emergencies.", "number/count", 5, NC, QA),
    ("Patient 10000032 had 5 separate ICU stays.", "number/count", 5, NC, QA),
    ("12 heparin administrations were charted in the eMAR-free inputevents table.", "number/count", 12, NC, QH),
    ("431 patients received vancomycin in the ICU.", "number/count", 431, NC, QPAT),
    ("48.5% of admissions are of female patients.", "number/measurement:1", 48.5, NC, QPCT),
    ("5.27 days is the mean ICU length of stay for female patients.", "number/measurement:2", 5.27, NC, QMEAN),
    ("The first glucose of the last admission was 142 mg/dL.", "number/measurement:1", 142.0, NC, QGLU),
    ("2150-03-04 was the patient's first ICU admission.", "date/date", "2150-03-04", NC, QD),
    ("Yes, the patient died within 30 days of discharge.", "boolean/boolean", True, NC, QDIED),
    ("Yes — the last heart rate of the previous admission was 110.", "boolean/boolean", True, NC, QHR),
])

sec("sarcasm_rhetorical_more", "more sarcastic or rhetorical wrappers", [
    ("5, for whatever that's worth.", "number/count", 5, NC, QA),
    ("Yes — or so the chart would have us believe.", "boolean/boolean", True, NC, QB),
    ("12, give or take the usual charting chaos.", "number/count", 12, NC, QH),
    ("Heparin, apparently.", "string/string", "Heparin", NC, QDRUG),
    ("Ostensibly 4.2 mEq/L.", "number/measurement:1", 4.2, NC, QK),
])

sec("date_format_tz_more", "more date conventions that move the day", [
    ("04.03.2150 (European format, i.e. 4 April)", "date/date", "2150-03-04", NC, QD),
    ("2150-03-04 minus one day, since admittime is just after midnight UTC: 2150-03-03.", "date/date", "2150-03-04", NC, QD),
    ("The day before 2150-03-05.", "date/date", "2150-03-04", C, QD),
    ("2150-03-01T08:15:00-05:00", "date/timestamp", "2150-03-01 08:15:00", C, QTS),
    ("2150-03-01 08:15 — the specimen was drawn then, but the result came back 2150-03-01 09:40, which is the time I report.", "date/timestamp", "2150-03-01 08:15:00", NC, QTS),
])

CLASSES = {name: (desc, [t for t, c in CLASS_OF.items() if c == name][:6]) for name, desc in CLASS_DESC.items()}
# wrong answers the scorer still calls correct (open: see the note of issue 11)
KNOWN_FALSE_POSITIVES = frozenset({
})
# right answers the readers still miss (never called correct: the test holds them to it)
CONSERVATIVE = frozenset({
    ('Patient 10000032 has five hospital admissions on record.', 5),
    ('I found 5 admissions for subject 10000032 (earliest 2180-05-06, latest 2180-09-07).', 5),
    ("**Answer:** 5 hospital admissions.\n\nLet me know if you'd like the per-admission details.", 5),
    ('Twelve heparin orders were written for patient 10001217.', 12),
    ('12 heparin prescriptions — mostly subcutaneous 5000 units q8h.', 12),
    ('There were 12 prescriptions of heparin for this patient, covering both admissions.', 12),
    ('431 unique patients had at least one vancomycin order.', 431),
    ('Patient 10001217 was in the ICU twice (2 stays).', 2),
    ('Three — 5.3, 5.6 and 5.1 mEq/L; a fourth value of exactly 5.0 does not count as above 5.0.', 3),
    ('1,873 patients over 65 had an ICU stay.', 1873),
    ('Final K: 4.2 mEq/L (drawn on the morning of discharge).', 4.2),
    ('Aspirin was indeed prescribed during admission 23473524.', True),
    ('Not once — no aspirin order exists for that admission.', False),
    ('No, the patient survived and was discharged home.', False),
    ('the 4th of March, 2150', '2150-03-04'),
    ('ICD-9 428.0 (congestive heart failure, unspecified) is the seq_num 1 diagnosis.', '4280'),
    ('Heparin was prescribed most often (12 orders).', 'Heparin'),
    ("Heparin tops the list of this patient's prescriptions.", 'Heparin'),
    ('Heparin, with 12 prescriptions, followed by insulin with 9.', 'Heparin'),
    ('Insulin was ordered fewer times than Heparin; Heparin wins.', 'Heparin'),
    ('Heparin outnumbers insulin, 12 to 9.', 'Heparin'),
    ('He went HOME after his last admission.', 'HOME'),
    ('Patient 10000032 is a woman (gender = F).', 'F'),
    ('Vancomycin and cefepime were given.', ('Vancomycin', 'Cefepime')),
    ('Two antibiotics: vancomycin (IV) and cefepime (IV).', ('Vancomycin', 'Cefepime')),
    ('The patient received vancomycin as well as cefepime.', ('Vancomycin', 'Cefepime')),
    ('Vancomycin and cefepime, both started on day 1; no other antibiotics were given.', ('Vancomycin', 'Cefepime')),
    ('Both vancomycin and cefepime, but not metronidazole.', ('Vancomycin', 'Cefepime')),
    ('None at all.', ()),
    ('Zero antibiotics — the prescriptions for that admission contain no antimicrobial agents.', ()),
    ('First EW EMER., then URGENT, and finally ELECTIVE.', ('EW EMER.', 'URGENT', 'ELECTIVE')),
    ('| care unit | stays |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |', (('MICU', 12), ('SICU', 7))),
    ('MICU had 12 ICU stays and SICU had 7.', (('MICU', 12), ('SICU', 7))),
    ('| care unit | stays |\n|---|---|\n| MICU | 12 |\n| SICU | 7 |\n| **Total** | **19** |', (('MICU', 12), ('SICU', 7))),
    ('{"subject_id": 10000032, "admission_count": 5}', 5),
    ('- [ ] 4\n- [x] 5\n- [ ] 6', 5),
    ('{"answer": 4.2, "unit": "mEq/L", "charttime": "2150-03-09 06:00"}', 4.2),
    ('My first query failed (`no such column: hadm`); after fixing the column name to hadm_id the query returned 5 admissions.', 5),
    ('sqlite3.OperationalError: near "FROM": syntax error\n\nFixed the typo and re-ran: 12 heparin prescriptions.', 12),
    ('You asked about hospital admissions, not ICU stays: the answer is 5.', 5),
    ('Heparin. Tell me if you also want the counts for the runner-up drugs.', 'Heparin'),
    ("As you'll see from the table, vancomycin and cefepime were the two antibiotics given.", ('Vancomycin', 'Cefepime')),
    ('Was aspirin prescribed? It was — three times.', True),
    ("Heparin, and it isn't close: 12 orders versus 9 for insulin.", 'Heparin'),
    ('Cinq admissions.', 5),
    ('1.204 × 10³ patients were prescribed vancomycin.', 1204),
    ('His fifth and final admission was in 2181, so 5 admissions in all.', 5),
    ('Sí — aspirin was prescribed.', True),
    ('Heparin is the answer — it was prescribed more often than insulin.', 'Heparin'),
    ('Insulin trails heparin, so Heparin.', 'Heparin'),
    ('4.2 (mEq/L). This is the final value before discharge on 2150-03-12.', 4.2),
    ('Peak creatinine 3.4 mg/dL on hospital day 3, consistent with AKI.', 3.4),
    ('Admission 20000346 — 7.5 days, the longest of his 5 admissions.', 20000346),
    ('The first K+ was charted 2150-03-01 at 08:15:00.', '2150-03-01 08:15:00'),
    ('Only two antibiotics were given: vancomycin and cefepime.', ('Vancomycin', 'Cefepime')),
    ('Cefepime and vancomycin (both IV, started the same day).', ('Vancomycin', 'Cefepime')),
    ('Patient 10002428 received no antibiotics during admission 23473524.', ()),
    ('EW EMER. (2180), URGENT (2181), ELECTIVE (2182).', ('EW EMER.', 'URGENT', 'ELECTIVE')),
    ('- MICU — 12 stays\n- SICU — 7 stays', (('MICU', 12), ('SICU', 7))),
    ('Female.', 'F'),
    ('The patient was 52 years old when first admitted (anchor_age 52).', 52),
    ('The first glucose was 142.0 mg/dL (charted 2150-03-01 08:15).', 142.0),
    ('The day before 2150-03-05.', '2150-03-04'),
    ('2150-03-01T08:15:00-05:00', '2150-03-01 08:15:00'),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
})
