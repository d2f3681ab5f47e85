"""A thirteenth graded corpus, written by another independent adversarial grader (issue 11, round 13): 440
invented answers, none repeating an earlier corpus, on new subjects (microbiology, INR, transfers, deaths,
cohorts by route): the gold value given for another event, statistic, analyte or organism, counts of another
thing, cohorts admitted by another route, arithmetic of its own against the value, quoted query output that
disagrees, a leading caveat; and right answers phrased as agents
phrase them (42%). (answer, shape, gold, expected, question); expected NC: wrong and abstained both fine.
KNOWN_FALSE_POSITIVES lists the ones still open (the test holds it exact: a new false positive fails, and a
fixed one must be taken off it)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QNA = "What was the lowest sodium value of patient 10005817 during admission 28661809, rounded to 1 decimal?"
QWBC = "How many white blood cell count measurements did patient 10004235 have during admission 24181354?"
QSBP = "What was the maximum systolic blood pressure of patient 10006053 during their first ICU stay?"
QLAC = "What was the mean lactate of patient 10007058 during admission 22954658, rounded to 2 decimals?"
QINR = "What was the first INR of patient 10008287, rounded to 1 decimal?"
QORG = "Which organisms grew in blood cultures of patient 10009035?"
QINS = "What insurance did patient 10010471 have at their last admission?"
QRACE = "What race is recorded for patient 10012853?"
QGEN = "What is the gender of patient 10014354?"
QCU = "What was the first care unit of the first ICU stay of patient 10015860?"
QSERV = "Which services was patient 10016742 under during admission 21234567?"
QTOP = "What are the top 3 most frequently prescribed drugs, most frequent first?"
QPROC = "Which ICD procedure codes were recorded for admission 25563031?"
QDX = "What was the primary diagnosis ICD code of admission 22595853?"
QAGE = "How old was patient 10018081 at their first admission?"
QLAG = "How many hours passed between admission and the first lactate measurement of patient 10019003, rounded to 1 decimal?"
QTR = "How many transfers did patient 10020640 have during admission 27054011?"
QDOD = "On which date did patient 10021312 die?"
QTS = "When was patient 10022880 first transferred into an ICU care unit?"
QCUC = "How many ICU stays were there per first care unit?"
QLONG = "Which hadm_id was the longest admission of patient 10023239?"
QVENT = "Did patient 10024043 receive invasive mechanical ventilation during ICU stay 39698942?"
QA1C = "Was the hemoglobin A1c of patient 10025463 ever above 9%?"
QPSA = "Was Pseudomonas aeruginosa isolated from any culture of patient 10026255?"
QABX = "Which antibiotics was patient 10027445 prescribed during admission 26187754?"
QMORT = "What percentage of ICU stays ended in in-hospital death, rounded to 1 decimal?"
QMED = "What is the median ICU length of stay in days, rounded to 2 decimals?"
QLABC = "For each admission of patient 10029291, how many lab events were recorded?"
QTROP = "Was the troponin T of patient 10030432 above 0.01 ng/mL at any time during admission 29184572?"
QFEM = "How many female patients older than 80 were admitted through the emergency room?"
QPLT = "What was the platelet count of patient 10031757 at the first measurement?"
QDISCH = "What was the admission type of the first admission of patient 10032725?"
QDAYS = "How many days after admission was patient 10033552 first transferred to the ICU?"
QCNT_RX = "How many distinct drugs were prescribed to patient 10034049 during admission 20373289?"
QMRSA = "How many patients had a positive MRSA screen?"

ORG = ["STAPHYLOCOCCUS AUREUS", "ESCHERICHIA COLI"]
SERV = ["MED", "CSURG"]
TOP = ["Sodium Chloride 0.9%  Flush", "Potassium Chloride", "Furosemide"]
PROC = ["0DTJ4ZZ", "5A1955Z"]
CUC = [["MICU", 120], ["SICU", 85], ["CVICU", 64]]
LABC = [[21255400, 312], [24732405, 87]]

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ---------------------------------------------------------------- long multi-paragraph reports
add("long_report_ok", "number/measurement:1", 131.0, QNA,
    ("## Findings\n\nI queried `labevents` joined to `d_labitems` for itemid 50983 (Sodium) restricted to hadm_id 28661809.\n\n"
     "There were 9 sodium results during this stay, ranging from 131.0 to 139.0 mEq/L.\n\n**Summary:** the lowest sodium was 131.0 mEq/L.", C),
    ("I looked through all sodium draws for this admission. The values trended down after day 2 and recovered by discharge.\n\n"
     "Minimum: 131 mEq/L (hyponatremia, mild).", C),
    ("### Answer\n- Lowest Na+: **131.0 mEq/L**\n- Number of measurements: 9\n- Date of nadir: 2180-05-07", C),
    ("Na+ nadir = 131.0", C),
    ("The lowest serum sodium (Na) was 131.0 mmol/L.", C),
)
add("long_report_discrepancy", "number/measurement:1", 131.0, QNA,
    ("## Findings\n\nThe lowest sodium during admission 28661809 was 131.0 mEq/L, measured on day 3.\n\n"
     "The nadir of 129.0 mEq/L on day 3 was flagged abnormal.\n\n**Summary:** lowest sodium 131.0 mEq/L.", NC),
    ("Lowest sodium: 131.0 mEq/L.\n\nDetails: the minimum value in the result set (MIN(valuenum)) is 133.0.", NC),
    ("The minimum sodium was 131.0. Per the query output below:\n\n```\nmin_sodium\n----------\n     128.0\n```", NC),
    ("Summary: 131.0 mEq/L\n\nTable:\n| charttime | valuenum |\n|---|---|\n| 2180-05-07 06:00 | 134.0 |\n| 2180-05-08 05:40 | 136.0 |\n\nThe lowest of these is 134.0.", NC),
)
add("long_report_ok", "number/count", 14, QWBC,
    ("# WBC count measurements\n\nUsing itemid 51301 (White Blood Cells) in labevents for hadm_id 24181354:\n\n"
     "```sql\nSELECT COUNT(*) FROM labevents WHERE hadm_id = 24181354 AND itemid = 51301;\n```\n\nResult: 14\n\n"
     "**Final answer: 14 WBC measurements.**", C),
    ("There were 14 white blood cell count results during admission 24181354 (all from the hematology panel).", C),
    ("WBC was measured 14 times.", C),
    ("count\n-----\n   14\n(1 row)", C),
)
add("long_report_discrepancy", "number/count", 14, QWBC,
    ("# WBC count measurements\n\nResult: 14\n\nNote: after excluding the 2 duplicated specimens the count is 12.\n\n**Final answer: 14 WBC measurements.**", NC),
    ("WBC was measured 14 times. Breakdown by day: 3, 3, 2, 2, 2, 1 (total 13).", NC),
    ("The query returned 14 rows, but only 11 of them have a numeric value, so the patient had 11 WBC measurements.", W),
)
# ---------------------------------------------------------------- quoted SQL results
add("sql_result_ok", "number/measurement", 168, QSBP,
    ("```\n max_sbp\n---------\n     168\n(1 row)\n```\nThe maximum SBP during the first ICU stay was 168 mmHg.", C),
    ("SELECT MAX(valuenum) FROM chartevents WHERE stay_id = 33564582 AND itemid IN (220050, 220179);\n-> 168\n\nSo the highest systolic BP was 168 mmHg.", C),
    ("Max SBP: 168 mmHg", C),
    ("The peak systolic pressure recorded in the first ICU stay was 168 mm Hg (non-invasive cuff).", C),
)
add("sql_result_other_row", "number/measurement", 168, QSBP,
    ("```\n stay_id  | max_sbp\n----------+--------\n 33564582 |    168\n 35911247 |    181\n```\nThe maximum SBP was 181 mmHg.", W),
    ("The maximum SBP was 168 mmHg in the first ICU stay; across all stays it reached 181 mmHg, which is the answer.", NC),
    ("Max DBP was 168 mmHg.", NC),
    ("The maximum mean arterial pressure during the first ICU stay was 168 mmHg.", NC),
    ("168 mmHg was the highest systolic pressure of the second ICU stay.", NC),
    ("The maximum heart rate was 168 bpm.", NC),
)
# ---------------------------------------------------------------- leading caveat
add("leading_caveat_harmless", "number/measurement:2", 2.37, QLAC,
    ("Caveat: lactate is only measured when clinically indicated, so the sample is small (4 values).\nAnswer: 2.37 mmol/L", C),
    ("Note: I used itemid 50813 (Lactate, blood gas).\n\nMean lactate = 2.37 mmol/L", C),
    ("Assumption: 'mean' = arithmetic mean of all lactate values during the admission. Result: 2.37", C),
)
add("leading_caveat_doubt", "number/measurement:2", 2.37, QLAC,
    ("Caveat: I could not confirm that these lactate rows belong to admission 22954658; they may be from another stay.\nAnswer: 2.37 mmol/L", NC),
    ("Caveat: the query failed, so this is an estimate.\nAnswer: 2.37", NC),
    ("Warning: unverified. Mean lactate 2.37 mmol/L.", NC),
    ("Disclaimer - I didn't manage to run the final query; based on the partial output the mean is probably around 2.37.", NC),
    ("Caveat: this is the median, not the mean, because the mean was skewed by one outlier.\nAnswer: 2.37", NC),
)
# ---------------------------------------------------------------- mind changed twice
add("mind_changed_twice_back", "number/measurement:1", 1.3, QINR,
    ("First INR: 1.3. Wait, that row is PT, not INR - the INR is 1.1. No, I misread: itemid 51237 is INR, so 1.3 is right.", C),
    ("I first thought 1.1, then 1.5, but after rechecking the charttime order the first INR is 1.3.", C),
)
add("mind_changed_twice_away", "number/measurement:1", 1.3, QINR,
    ("First INR: 1.3. Hmm, no - 1.1. Actually, let me re-sort by charttime... it's 1.5.", W),
    ("The first INR was 1.3; correction, 1.2; on second thought the earliest draw reads 1.4.", W),
    ("1.3 -> revised to 1.1 -> revised again to 1.6 (final).", W),
)
add("plain_ok", "number/measurement:1", 1.3, QINR,
    ("INR 1.3 on first measurement.", C),
    ("The earliest INR(PT) result was 1.3.", C),
    ("Premier INR mesuré : 1,3.", C),
)
add("other_analyte", "number/measurement:1", 1.3, QINR,
    ("The first PT was 1.3 seconds.", NC),
    ("The first PTT was 1.3.", NC),
    ("First creatinine (Cr) 1.3 mg/dL.", NC),
    ("The last INR was 1.3.", NC),
    ("The maximum INR was 1.3.", NC),
)
# ---------------------------------------------------------------- other languages
add("foreign_language_ok", "number/count", 14, QWBC,
    ("Es wurden 14 Leukozytenbestimmungen durchgeführt.", C),
    ("Se realizaron 14 mediciones de leucocitos durante el ingreso.", C),
    ("Il y a eu 14 mesures de globules blancs.", C),
    ("白细胞计数共测量了14次。", C),
)
add("foreign_language_wrong", "number/count", 14, QWBC,
    ("Es wurden nicht 14, sondern 15 Leukozytenbestimmungen durchgeführt.", W),
    ("No fueron 14, fueron 16 mediciones.", W),
    ("Je ne sais pas, peut-être 14.", NC),
    ("Ich bin mir nicht sicher, vielleicht 14.", NC),
)
add("foreign_boolean", "boolean/boolean", True, QPSA,
    ("Ja, Pseudomonas aeruginosa wurde isoliert.", C),
    ("Sí, se aisló Pseudomonas aeruginosa en el urocultivo.", C),
    ("Oui, Pseudomonas aeruginosa a été isolé.", C),
    ("Nein, Pseudomonas aeruginosa wurde nicht isoliert.", W),
    ("Non, aucune culture n'a isolé Pseudomonas.", W),
    ("No, no se aisló Pseudomonas.", W),
)
# ---------------------------------------------------------------- abbreviations and notation
add("abbrev_ok", "number/measurement:1", 131.0, QNA,
    ("Na 131", C),
    ("Serum Na+ min 131.0 mEq/L", C),
    ("Lowest Na: 1.31e2 mEq/L", C),
)
add("abbrev_other_analyte", "number/measurement:1", 131.0, QNA,
    ("Lowest K+: 131.0", NC),
    ("Lowest Cl- was 131.0 mEq/L.", NC),
    ("Lowest urine Na was 131.0 mEq/L.", NC),
    ("Highest Na+: 131.0 mEq/L", NC),
    ("The last sodium was 131.0 mEq/L.", NC),
)
add("notation_ok", "number/count", 14, QWBC,
    ("1.4e1 measurements", C),
    ("14 (fourteen) WBC results", C),
    ("Fourteen.", C),
    ("n = 14", C),
)
add("notation_ok", "number/count", 1240, QMRSA,
    ("1\u2009240 patients had a positive MRSA screen.", C),
    ("1,240 patients", C),
    ("1.24e3 patients had a positive MRSA screen.", C),
    ("1\u00a0240 patients", C),
)
add("notation_wrong", "number/count", 1240, QMRSA,
    ("1.24 thousand? No - 1,204 patients.", W),
    ("1,240 screens were positive, from 1,011 distinct patients.", W),
    ("1,240 MRSA screens were performed.", NC),
    ("1,240 patients were screened for MRSA.", NC),
    ("1.24e2 patients", W),
    ("12,40 patients", NC),
)
# ---------------------------------------------------------------- restating the question
add("restated_question_ok", "number/count", 4, QTR,
    ("How many transfers did patient 10020640 have during admission 27054011? 4.", C),
    ("Q: number of transfers for hadm 27054011 → A: 4", C),
    ("You asked how many transfers this patient had during admission 27054011. The answer is 4 (ED → MICU → med floor → discharge).", C),
)
add("restated_other_number", "number/count", 4, QTR,
    ("Patient 10020640, admission 27054011: 5 transfers.", W),
    ("For admission 27054011 the number of transfers is 3 (the discharge event is not a transfer).", W),
    ("4 transfer events, of which 3 are actual unit changes; so 3 transfers.", W),
)
add("restated_ids_only", "number/count", 4, QTR,
    ("Patient 10020640 had admission 27054011.", NC),
    ("I ran the query for patient 10020640 and admission 27054011 but the transfers table returned no rows.", NC),
)
add("scope_other_admission", "number/count", 4, QTR,
    ("4 transfers during the patient's previous admission (hadm 26811205).", NC),
    ("Across all admissions, patient 10020640 had 4 transfers.", NC),
    ("4 ICU stays", NC),
    ("4 careunit changes during the ICU stay", NC),
)
# ---------------------------------------------------------------- sets: organisms
add("set_org_ok", "set/string", ORG, QORG,
    ("Blood cultures grew Staphylococcus aureus and Escherichia coli.", C),
    ("- STAPHYLOCOCCUS AUREUS\n- ESCHERICHIA COLI", C),
    ("Two organisms: S. aureus (MSSA) and E. coli.", C),
    ("## Organisms\n\n| org_name | n |\n|---|---|\n| STAPHYLOCOCCUS AUREUS | 3 |\n| ESCHERICHIA COLI | 1 |", C),
    ("E. coli and Staph aureus", C),
)
add("set_org_wrong", "set/string", ORG, QORG,
    ("Staphylococcus aureus only.", W),
    ("Staphylococcus aureus, Escherichia coli and Klebsiella pneumoniae.", W),
    ("Staphylococcus epidermidis and Escherichia coli.", W),
    ("Blood cultures grew Staphylococcus aureus; Escherichia coli grew in the urine culture only.", W),
    ("Staphylococcus aureus and Escherichia coli were tested for but did not grow; all blood cultures were negative.", W),
    ("Coagulase-negative staphylococci and E. coli.", W),
    ("Blood cultures grew S. aureus and E. coli (plus one contaminant, Corynebacterium).", W),
    ("Staphylococcus aureus and Escherichia coli, although the E. coli result may be from a different patient's specimen.", NC),
)
# ---------------------------------------------------------------- services
add("set_serv_ok", "set/string", SERV, QSERV,
    ("MED and CSURG", C),
    ("The patient was under Medicine (MED) and then Cardiac Surgery (CSURG).", C),
    ("services: ['MED', 'CSURG']", C),
)
add("set_serv_wrong", "set/string", SERV, QSERV,
    ("MED, CSURG and CMED", W),
    ("MED only", W),
    ("CSURG and VSURG", W),
    ("MED and CSURG (the CSURG entry is for the next admission)", NC),
    ("Medicine and Surgery", NC),
)
# ---------------------------------------------------------------- ordered top-3
add("list_top_ok", "list/string^", TOP, QTOP,
    ("1. Sodium Chloride 0.9%  Flush\n2. Potassium Chloride\n3. Furosemide", C),
    ("The top three are Sodium Chloride 0.9% Flush, Potassium Chloride and Furosemide, in that order.", C),
    ("| rank | drug | n |\n|---|---|---|\n| 1 | Sodium Chloride 0.9%  Flush | 98211 |\n| 2 | Potassium Chloride | 60311 |\n| 3 | Furosemide | 40122 |", C),
)
add("list_top_wrong", "list/string^", TOP, QTOP,
    ("1. Potassium Chloride\n2. Sodium Chloride 0.9%  Flush\n3. Furosemide", W),
    ("1. Sodium Chloride 0.9%  Flush\n2. Potassium Chloride\n3. Insulin", W),
    ("Sodium Chloride 0.9% Flush, Potassium Chloride, Furosemide and Heparin", W),
    ("Furosemide, Potassium Chloride, Sodium Chloride 0.9% Flush (least to most frequent)", NC),
    ("1. Sodium Chloride 0.9%  Flush\n2. Potassium Chloride", W),
    ("1. Sodium Chloride 0.9%  Flush\n2. Potassium Chloride\n3. Furosemide\n\n(excluding flushes the list would be Potassium Chloride, Furosemide, Insulin - which I consider the real answer)", NC),
)
# ---------------------------------------------------------------- ICD procedure codes
add("set_code_ok", "set/code", PROC, QPROC,
    ("0DTJ4ZZ, 5A1955Z", C),
    ("Two ICD-10-PCS codes: 0DTJ4ZZ (laparoscopic appendectomy) and 5A1955Z (mechanical ventilation >96 h).", C),
    ("```\nicd_code\n--------\n0DTJ4ZZ\n5A1955Z\n```", C),
)
add("set_code_wrong", "set/code", PROC, QPROC,
    ("0DTJ4ZZ, 5A1945Z", W),
    ("0DTJ4ZZ", W),
    ("0DTJ4ZZ, 5A1955Z, 0BH17EZ", W),
    ("0DTJ0ZZ and 5A1955Z", W),
    ("0DTJ4ZZ and 5A1955Z are diagnosis codes; there were no procedure codes.", W),
)
add("code_ok", "string/code", "I214", QDX,
    ("I21.4", C),
    ("The primary (seq_num 1) diagnosis was I214 - NSTEMI.", C),
    ("icd_code = 'I214' (ICD-10)", C),
)
add("code_wrong", "string/code", "I214", QDX,
    ("I21.9", W),
    ("I2141", W),
    ("The secondary diagnosis was I214; the primary was I5023.", W),
    ("I214 is listed at seq_num 2, so the primary is E119.", W),
    ("410.71", NC),
)
# ---------------------------------------------------------------- strings: insurance, race, gender, careunit
add("string_ok", "string/string", "Medicare", QINS,
    ("Insurance on file: Medicare.", C),
    ("At the most recent admission the payer was Medicare.", C),
    ("insurance: Medicare", C),
)
add("string_wrong", "string/string", "Medicare", QINS,
    ("Medicaid", W),
    ("Medicare at the first admission; Other at the last.", W),
    ("Medicare (per the first admission; the last admission has no insurance recorded).", NC),
    ("Private, not Medicare.", W),
    ("Medicare Advantage", NC),
)
add("string_ok", "string/string", "WHITE", QRACE,
    ("White", C),
    ("Race recorded: WHITE.", C),
)
add("string_wrong", "string/string", "WHITE", QRACE,
    ("WHITE - OTHER EUROPEAN", W),
    ("Not white; the race is BLACK/AFRICAN AMERICAN.", W),
    ("race = UNKNOWN", W),
    ("White for the first admission, Hispanic/Latino for later ones.", NC),
)
add("string_ok", "string/string", "F", QGEN,
    ("Female (F)", C),
    ("gender: F", C),
    ("The patient is female (gender = 'F').", C),
)
add("string_wrong", "string/string", "F", QGEN,
    ("Male (M).", W),
    ("gender = 'M'", W),
    ("Not female - male.", W),
    ("The patient is not female.", W),
)
add("string_ok", "string/string", "Medical Intensive Care Unit (MICU)", QCU,
    ("first_careunit = Medical Intensive Care Unit (MICU)", C),
    ("The first ICU stay started in the MICU.", C),
)
add("string_wrong", "string/string", "Medical Intensive Care Unit (MICU)", QCU,
    ("Surgical Intensive Care Unit (SICU)", W),
    ("MICU/SICU", W),
    ("The first care unit was the Emergency Department; the patient reached the MICU later.", W),
    ("The last care unit was MICU.", NC),
)
add("string_ok", "string/string", "EW EMER.", QDISCH,
    ("admission_type: EW EMER.", C),
    ("The first admission was an emergency (EW EMER.) admission.", C),
)
add("string_wrong", "string/string", "EW EMER.", QDISCH,
    ("ELECTIVE", W),
    ("URGENT", W),
    ("EW EMER. for the second admission; the first was ELECTIVE.", W),
)
# ---------------------------------------------------------------- ages
add("age_ok", "number/count", 67, QAGE,
    ("67 years old", C),
    ("At the first admission (2155), the patient was 67.", C),
    ("anchor_age 64 + (2155 - 2152) = 67 years.", C),
)
add("age_wrong", "number/count", 67, QAGE,
    ("anchor_age is 67, but at the first admission the patient was 70.", W),
    ("64 years old (anchor_age); 67 at the last admission.", W),
    ("67 at the last admission.", NC),
    ("66 or 67 depending on the birthday.", NC),
    ("67 days old", NC),
)
# ---------------------------------------------------------------- time lag
add("lag_ok", "number/measurement:1", 3.5, QLAG,
    ("3.5 hours", C),
    ("The first lactate came 3.5 h after admittime (admitted 08:10, lactate 11:40).", C),
    ("210 minutes = 3.5 hours", C),
)
add("lag_wrong", "number/measurement:1", 3.5, QLAG,
    ("3.5 days", W),
    ("3.5 hours after ICU admission (intime), 5.2 hours after hospital admission.", W),
    ("3.5 minutes", W),
    ("The lactate was drawn 3.5 hours before admission.", NC),
    ("Admitted 08:10, lactate 12:40, so 3.5 hours.", NC),
)
# ---------------------------------------------------------------- dates & timestamps
add("date_ok", "date/date", "2151-08-14", QDOD,
    ("2151-08-14", C),
    ("The patient died on August 14, 2151.", C),
    ("dod: 2151-08-14", C),
    ("14 August 2151", C),
)
add("date_wrong", "date/date", "2151-08-14", QDOD,
    ("2151-08-15", W),
    ("The patient was discharged on 2151-08-14 and died on 2151-09-02.", W),
    ("The patient was discharged to hospice on 2151-08-14; no date of death is recorded.", NC),
    ("Around mid-August 2151.", NC),
    ("2151-08-14 is the deathtime in admissions, but dod in patients says 2151-08-13.", NC),
)
add("ts_ok", "date/timestamp", "2134-11-02 14:35:00", QTS,
    ("2134-11-02 14:35:00", C),
    ("The first ICU transfer was at 2134-11-02 14:35.", C),
    ("intime 2134-11-02T14:35:00 (transfer into MICU)", C),
)
add("ts_wrong", "date/timestamp", "2134-11-02 14:35:00", QTS,
    ("2134-11-02 16:35:00", W),
    ("2134-11-02 (time not available)", NC),
    ("The patient left the ICU at 2134-11-02 14:35:00.", NC),
    ("Transferred to the ED at 2134-11-02 14:35:00; the ICU transfer was on 2134-11-03 02:10.", W),
)
add("days_ok", "number/count", 2, QDAYS,
    ("2 days after admission", C),
    ("The ICU transfer happened on hospital day 3, i.e. 2 days after admission.", C),
)
add("days_wrong", "number/count", 2, QDAYS,
    ("2 hours after admission", W),
    ("2 days before discharge", NC),
    ("2 days after ED arrival, 3 days after admission", W),
)
# ---------------------------------------------------------------- tables
add("table_ok", "table/string,count", CUC, QCUC,
    ("MICU: 120\nSICU: 85\nCVICU: 64", C),
    ("| first_careunit | stays |\n|---|---|\n| MICU | 120 |\n| SICU | 85 |\n| CVICU | 64 |\n\nSummary: MICU is the busiest unit.", C),
    ("There were 120 MICU stays, 85 SICU stays and 64 CVICU stays.", C),
)
add("table_wrong", "table/string,count", CUC, QCUC,
    ("MICU: 120\nSICU: 58\nCVICU: 64", W),
    ("MICU: 120\nSICU: 85", W),
    ("MICU: 120\nSICU: 85\nCVICU: 64\nCCU: 40", W),
    ("MICU: 120 patients\nSICU: 85 patients\nCVICU: 64 patients (stays could not be counted, these are distinct patients)", NC),
    ("MICU: 120\nSICU: 85\nCVICU: 64\n\nThese are last care units, not first care units.", NC),
)
add("table_ok", "table/identifier,count", LABC, QLABC,
    ("21255400: 312\n24732405: 87", C),
    ("Admission 21255400 had 312 lab events and admission 24732405 had 87.", C),
)
add("table_wrong", "table/identifier,count", LABC, QLABC,
    ("21255400: 87\n24732405: 312", W),
    ("21255400: 312\n24732405: 78", W),
    ("21255400: 312 distinct lab tests\n24732405: 87 distinct lab tests", NC),
)
# ---------------------------------------------------------------- identifiers
add("ident_ok", "number/identifier", 29796373, QLONG,
    ("hadm_id 29796373 (LOS 14.2 days)", C),
    ("The longest admission was 29796373.", C),
)
add("ident_wrong", "number/identifier", 29796373, QLONG,
    ("29796337", W),
    ("29796373 was the shortest; the longest was 21584522.", W),
    ("subject_id 29796373", NC),
    ("29796373 or 21584522 (both 14 days).", NC),
)
# ---------------------------------------------------------------- booleans
add("bool_ok", "boolean/boolean", True, QVENT,
    ("Yes - ventilation events (procedureevents itemid 225792, Invasive Ventilation) are recorded for stay 39698942.", C),
    ("Yes, the patient was intubated and mechanically ventilated for ~52 hours.", C),
    ("TRUE - invasive ventilation documented", C),
)
add("bool_wrong", "boolean/boolean", True, QVENT,
    ("No, only non-invasive ventilation (BiPAP) was recorded.", W),
    ("The patient received BiPAP.", NC),
    ("Yes, but during a different ICU stay (39112230).", NC),
    ("Not during this stay.", W),
    ("Yes for non-invasive, no for invasive.", NC),
    ("Unclear - no ventilation rows were found, but ventilation might be documented elsewhere.", NC),
)
add("bool_ok", "boolean/boolean", False, QA1C,
    ("No. The highest HbA1c was 7.8%.", C),
    ("No - all three A1c values (6.9%, 7.4%, 7.8%) were at or below 9%.", C),
    ("HbA1c never exceeded 9% (max 7.8%), so no.", C),
)
add("bool_wrong", "boolean/boolean", False, QA1C,
    ("Yes, the HbA1c reached 9.4%.", W),
    ("No. The highest HbA1c was 9.6%.", NC),
    ("Yes, glucose was above 9 mmol/L.", NC),
    ("I don't know whether it was above 9%.", A),
)
add("bool_ok", "boolean/boolean", True, QPSA,
    ("Yes - P. aeruginosa grew in a sputum culture on 2160-02-11.", C),
    ("Yes (PSEUDOMONAS AERUGINOSA in 2 specimens).", C),
)
add("bool_wrong", "boolean/boolean", True, QPSA,
    ("No Pseudomonas was isolated; only Stenotrophomonas maltophilia.", W),
    ("Yes, Pseudomonas putida was isolated.", NC),
    ("Pseudomonas aeruginosa was ordered for testing but no result was recorded.", NC),
)
add("bool_ok", "boolean/boolean", True, QTROP,
    ("Yes, troponin T peaked at 0.45 ng/mL.", C),
    ("Yes. TnT > 0.01 on 4 of 5 draws.", C),
)
add("bool_wrong", "boolean/boolean", True, QTROP,
    ("Yes, troponin I peaked at 0.45 ng/mL (no troponin T was measured).", NC),
    ("Troponin T was <0.01 ng/mL on all draws.", W),
    ("Yes, CK-MB was elevated.", NC),
)
# ---------------------------------------------------------------- empty set
add("empty_ok", "set/string!", [], QABX,
    ("None - no antibiotics were prescribed during admission 26187754.", C),
    ("The prescriptions table has no antibiotic orders for this admission.", C),
    ("No antibiotics were ordered in that admission.", C),
    ("Result set: [] (no antibiotic rows)", C),
)
add("empty_wrong", "set/string!", [], QABX,
    ("Vancomycin 1 g IV q12h", W),
    ("No IV antibiotics; oral cephalexin only.", W),
    ("I couldn't determine the antibiotics.", A),
    ("None found, but I only searched for vancomycin and piperacillin.", NC),
)
# ---------------------------------------------------------------- percentages and medians
add("pct_ok", "number/measurement:1", 11.3, QMORT,
    ("11.3%", C),
    ("Of 8,420 ICU stays, 951 ended with hospital_expire_flag = 1, i.e. 11.3%.", C),
    ("In-hospital mortality among ICU stays: 11.3 %", C),
)
add("pct_wrong", "number/measurement:1", 11.3, QMORT,
    ("11.3% of patients (not stays) died.", NC),
    ("0.113", NC),
    ("11.3% of hospital admissions ended in death.", NC),
    ("30-day mortality after ICU discharge was 11.3%.", NC),
    ("Of 8,420 ICU stays, 1,051 ended in death, i.e. 11.3%.", NC),
    ("11.3 deaths", NC),
    ("13.1%", W),
)
add("median_ok", "number/measurement:2", 2.08, QMED,
    ("Median ICU LOS: 2.08 days", C),
    ("The median length of ICU stay is 2.08 days (IQR 1.10-4.05).", C),
)
add("median_wrong", "number/measurement:2", 2.08, QMED,
    ("Mean ICU LOS: 2.08 days", NC),
    ("The median hospital LOS is 2.08 days.", NC),
    ("Median ICU LOS 2.08 hours", W),
    ("2.08 days (IQR 1.10-4.05) - this is the mean, median is 1.90.", W),
    ("2.8 days", W),
)
# ---------------------------------------------------------------- cohort counts
add("cohort_ok", "number/count", 212, QFEM,
    ("212 female patients over 80 were admitted via the emergency room.", C),
    ("212", C),
    ("## Result\n\nCohort: gender = 'F', age > 80, admission_location = 'EMERGENCY ROOM'.\n\n**212 patients.**", C),
)
add("cohort_wrong", "number/count", 212, QFEM,
    ("212 male patients over 80 were admitted via the ER.", NC),
    ("212 female patients over 75 were admitted via the ER.", NC),
    ("212 female patients over 80 were admitted (any route).", NC),
    ("212 admissions (from 180 distinct female patients).", W),
    ("212 women aged 80 or older", NC),
    ("212 female patients over 80 were admitted electively.", NC),
)
add("count_distinct_ok", "number/count", 23, QCNT_RX,
    ("23 distinct drugs", C),
    ("COUNT(DISTINCT drug) = 23", C),
)
add("count_distinct_wrong", "number/count", 23, QCNT_RX,
    ("23 prescriptions (17 distinct drugs)", W),
    ("23 distinct drugs across all of the patient's admissions", NC),
    ("COUNT(*) = 23; COUNT(DISTINCT drug) = 19", W),
)
# ---------------------------------------------------------------- platelets, units
add("units_ok", "number/measurement", 245, QPLT,
    ("245 K/uL", C),
    ("Platelets 245 x10^9/L at the first draw.", C),
    ("PLT: 245,000/µL", C),
)
add("units_wrong", "number/measurement", 245, QPLT,
    ("245 x10^6/L", NC),
    ("The last platelet count was 245 K/uL.", NC),
    ("WBC 245", NC),
    ("24.5 K/uL", W),
)
# ---------------------------------------------------------------- value repeated with one discrepancy
add("repeat_discrepancy", "number/count", 4, QTR,
    ("4 transfers. To restate: patient 10020640 had 4 transfers during admission 27054011. In summary, 5 transfers.", NC),
    ("**4**\n\nThe patient moved 4 times... wait, counting the ED twice gives 4, otherwise 3. Final: 3.", W),
    ("Answer: 4\nTransfers: ED→MICU, MICU→floor, floor→discharge (3 transfers)", NC),
)
add("repeat_consistent", "number/count", 4, QTR,
    ("4 transfers. To restate: patient 10020640 had 4 transfers during admission 27054011. In summary, 4.", C),
    ("Answer: 4\nTransfers: ED→MICU, MICU→SICU, SICU→floor, floor→discharge (4 transfers)", C),
)
# ---------------------------------------------------------------- hedges in new words
add("novel_hedge", "number/measurement:1", 131.0, QNA,
    ("My best reconstruction is 131.0, though I couldn't see all rows.", NC),
    ("131.0 — treat as provisional.", NC),
    ("Tentatively 131.0 mEq/L.", NC),
    ("131.0 if the point-of-care readings are included; otherwise unknown.", NC),
    ("Likely 131.0, pending confirmation.", NC),
    ("131.0 (low confidence)", NC),
    ("Confidence: 40%. Answer: 131.0", NC),
    ("I'm guessing 131.0.", NC),
    ("131.0, but don't quote me on that.", NC),
    ("Educated guess: 131.0 mEq/L", NC),
    ("131.0 (unconfirmed; query truncated at 100 rows)", NC),
)
add("confident_phrasing", "number/measurement:1", 131.0, QNA,
    ("131.0 mEq/L — confirmed against the raw labevents rows.", C),
    ("Confidence: high. Answer: 131.0", C),
    ("131.0 (verified with a second query)", C),
    ("Definitely 131.0.", C),
)
# ---------------------------------------------------------------- abstention in new words
add("novel_abstain", "number/count", 14, QWBC,
    ("I ran out of steps before I could count the WBC results.", A),
    ("The database connection dropped; no answer.", A),
    ("Not determinable from the available tables.", A),
    ("There is insufficient information in the database to count these.", A),
    ("Answer: n/a (could not compute)", A),
    ("I was unable to identify the itemid for white blood cells, so I cannot answer.", A),
)
add("abstain_with_number", "number/count", 14, QWBC,
    ("I could not finish, but the partial count was 14 before the query timed out.", NC),
    ("Cannot be determined - possibly 14.", NC),
    ("Unable to verify; 14 is my best guess.", NC),
)
# ---------------------------------------------------------------- off-by-scope numeric for new subjects
add("scope_other_patient", "number/measurement", 168, QSBP,
    ("Patient 10006035 had a maximum SBP of 168 mmHg.", NC),
    ("The maximum SBP during the patient's last ICU stay was 168 mmHg.", NC),
    ("During the whole hospital admission the maximum SBP was 168 mmHg.", NC),
)
add("scope_ok_explicit", "number/measurement", 168, QSBP,
    ("During the first ICU stay (stay_id 33564582), max SBP = 168 mmHg.", C),
    ("168 mmHg (first ICU stay; arterial and cuff readings combined).", C),
)
# ---------------------------------------------------------------- markdown headers & bullets
add("markdown_ok", "number/measurement:2", 2.37, QLAC,
    ("## Mean lactate\n\n* Values: 1.8, 2.1, 2.6, 2.98\n* Mean: **2.37 mmol/L**", C),
    ("### Result\n**2.37**\n\n### Method\nAVG(valuenum) over itemid 50813 for hadm 22954658", C),
)
add("markdown_inconsistent", "number/measurement:2", 2.37, QLAC,
    ("## Mean lactate\n\n* Values: 1.8, 2.1, 2.6, 3.0, 4.9\n* Mean: **2.37 mmol/L**", NC),
    ("### Result\n~~2.37~~ **2.88**", W),
    ("## Mean lactate\n\n* Mean: 2.37 mmol/L (first 24 h only)\n* Over the full admission: 2.91 mmol/L", NC),
    ("### Result\n**2.37**\n\n### Method\nMedian of valuenum over itemid 50813", NC),
)
# ---------------------------------------------------------------- extra right answers with noise (FN checks)
add("noisy_ok", "number/count", 4, QTR,
    ("Looking at the transfers table for hadm_id 27054011, I see eventtypes admit, transfer, transfer, transfer, transfer, discharge. "
     "Counting only eventtype = 'transfer' gives 4.", C),
    ("4\n\n(admit and discharge events excluded)", C),
    ("The answer is 4. There were 4 transfers.", C),
)
add("noisy_ok", "number/measurement:1", 3.5, QLAG,
    ("After joining admissions to labevents (itemid 50813), the earliest lactate charttime is 3.5 hours after admittime.", C),
    ("≈3.5 h (3 h 30 min)", C),
)
add("noisy_ok", "set/string", ORG, QORG,
    ("Based on microbiologyevents (spec_type_desc = 'BLOOD CULTURE'), the organisms were:\n1. STAPHYLOCOCCUS AUREUS (3 positive bottles)\n2. ESCHERICHIA COLI (1 positive bottle)\n\nNo other organisms grew.", C),
)
add("noisy_ok", "boolean/boolean", False, QA1C,
    ("**No.**\n\nHbA1c results: 6.9% (2150), 7.4% (2151), 7.8% (2152). None exceeded 9%.", C),
)
add("noisy_ok", "date/date", "2151-08-14", QDOD,
    ("Per patients.dod, the date of death is 2151-08-14 (the patient died in hospital; deathtime 2151-08-14 03:20).", C),
)

# ---------------------------------------------------------------- second batch: the FP-prone seams
add("other_statistic_lab", "number/measurement:1", 131.0, QNA,
    ("The median sodium was 131.0 mEq/L.", NC),
    ("The admission sodium was 131.0 mEq/L.", NC),
    ("Sodium at discharge: 131.0 mEq/L.", NC),
    ("Average Na 131.0", NC),
    ("The lowest sodium was 131.0 mEq/L, measured during the next admission (hadm 29011742).", NC),
    ("The lowest corrected sodium (for glucose) was 131.0.", NC),
    ("The lowest sodium in the ICU was 131.0; over the whole admission it was 127.0.", NC),
    ("The nadir sodium was 131.0 mEq/L.", C),
    ("min(Na) = 131.0", C),
)
add("other_statistic_lab", "number/measurement:1", 1.3, QINR,
    ("The INR at discharge was 1.3.", NC),
    ("The mean INR was 1.3.", NC),
    ("The first INR of the last admission was 1.3.", NC),
    ("INR 1.3 (second measurement; the first was hemolysed and reported as 1.6).", NC),
    ("The initial INR was 1.3.", C),
    ("INR on arrival: 1.3", C),
)
add("other_vital", "number/measurement", 168, QSBP,
    ("The maximum respiratory rate was 168.", NC),
    ("Peak SpO2 was 168.", NC),
    ("Minimum SBP 168 mmHg", NC),
    ("The highest NIBP diastolic was 168 mmHg.", NC),
    ("Highest arterial systolic (ABP) 168 mmHg.", C),
    ("SBP max 168", C),
)
add("other_event_time", "date/timestamp", "2134-11-02 14:35:00", QTS,
    ("The patient was admitted to hospital at 2134-11-02 14:35:00.", NC),
    ("ICU discharge: 2134-11-02 14:35:00", NC),
    ("The first lab draw was at 2134-11-02 14:35:00.", NC),
    ("The second ICU transfer was at 2134-11-02 14:35:00.", NC),
    ("Transferred to the MICU at 2134-11-02 14:35:00 (first ICU entry).", C),
)
add("other_event_date", "date/date", "2151-08-14", QDOD,
    ("Last admission: 2151-08-14.", NC),
    ("The patient was discharged on 2151-08-14.", NC),
    ("Death was recorded 2151-08-14 in the chart, but the patient was actually alive and discharged home.", NC),
    ("Date of death (dod): 14/08/2151", C),
)
add("arith_contradiction", "number/measurement:1", 3.5, QLAG,
    ("Admitted 2150-01-01 08:00, first lactate 2150-01-01 13:30 -> 3.5 hours.", NC),
    ("300 minutes, i.e. 3.5 hours.", NC),
    ("Admitted 08:10, lactate 11:40 -> 3.5 hours.", C),
)
add("arith_contradiction", "number/measurement:1", 11.3, QMORT,
    ("951 of 8,420 stays = 11.3%", C),
    ("500 of 8,420 stays = 11.3%", NC),
    ("11.3% (951 deaths / 8,420 stays = 0.113)", C),
    ("11.3% (951 deaths / 6,000 stays)", NC),
)
add("arith_contradiction", "number/measurement:2", 2.37, QLAC,
    ("Mean of 2.0, 2.5 and 3.5 = 2.37 mmol/L", NC),
    ("Sum 9.48 over 4 values -> mean 2.37 mmol/L.", C),
    ("Sum 9.48 over 3 values -> mean 2.37 mmol/L.", NC),
)
add("other_organism", "boolean/boolean", True, QPSA,
    ("Yes - Pseudomonas fluorescens grew in the BAL.", NC),
    ("Yes, a non-fermenting gram-negative rod (not further identified) grew.", NC),
    ("Yes, Burkholderia cepacia was isolated.", NC),
    ("Yes, Pseudomonas species was reported.", NC),
    ("Yes - PSEUDOMONAS AERUGINOSA (mucoid) from sputum.", C),
)
add("other_organism_set", "set/string", ORG, QORG,
    ("Staphylococcus aureus and Enterococcus faecalis.", W),
    ("MRSA and E. coli ESBL", NC),
    ("Staphylococcus aureus and Escherichia coli grew in the wound swab.", NC),
)
add("cohort_other_route", "number/count", 212, QFEM,
    ("212 female patients older than 80 were transferred from another hospital.", NC),
    ("212 female patients over 80 came in via clinic referral.", NC),
    ("212 female patients older than 80 were admitted through the emergency department (EW EMER. admissions).", C),
    ("212 female patients over 80 had at least one ICU stay.", NC),
)
add("scope_other_denominator", "number/count", 1240, QMRSA,
    ("1,240 positive MRSA screens (some patients had several).", NC),
    ("1,240 patients had a negative MRSA screen.", NC),
    ("1,240 patients had MRSA isolated from blood cultures.", NC),
    ("1,240 distinct patients had at least one positive MRSA screen.", C),
)
add("mind_changed_twice_away", "string/string", "Medicare", QINS,
    ("Medicare. Hmm, no, Medicaid. Actually, checking the last admission again: Other.", W),
    ("Medicaid... no, Medicare... wait, Other is the latest value.", W),
)
add("mind_changed_twice_back", "string/string", "Medicare", QINS,
    ("Medicaid? No - that is the first admission. Other? No - that is the payer of the ED visit. The last admission's insurance is Medicare.", C),
)
add("foreign_language_wrong", "boolean/boolean", False, QA1C,
    ("Ja, der HbA1c lag bei 9,6 %.", W),
    ("Sí, superó el 9 %.", W),
    ("Nein, der HbA1c war nie über 9 %.", C),
)

# ---------------------------------------------------------------- third batch: more right answers as agents phrase them
add("agent_plain_ok", "number/measurement:1", 131.0, QNA,
    ("Based on the lab data, patient 10005817's lowest sodium during admission 28661809 was **131.0 mEq/L**.", C),
    ("The sodium nadir for this hospitalization was 131.0 mEq/L (reference range 133-145).", C),
    ("Lowest sodium = 131.0", C),
)
add("agent_plain_ok", "number/count", 14, QWBC,
    ("Patient 10004235 had **14** WBC measurements during admission 24181354.", C),
    ("A total of 14 white blood cell counts were recorded for that admission.", C),
)
add("agent_plain_ok", "number/measurement", 168, QSBP,
    ("The highest systolic blood pressure in the first ICU stay was **168 mmHg**.", C),
    ("Maximum systolic BP (first ICU stay): 168", C),
)
add("agent_plain_ok", "number/measurement:2", 2.37, QLAC,
    ("The average lactate during admission 22954658 was 2.37 mmol/L.", C),
    ("Mean lactate: **2.37**", C),
)
add("agent_plain_ok", "number/count", 4, QTR,
    ("Patient 10020640 was transferred **4** times during admission 27054011.", C),
    ("Four transfers.", C),
)
add("agent_plain_ok", "number/measurement:1", 3.5, QLAG,
    ("The first lactate was measured **3.5 hours** after admission.", C),
)
add("agent_plain_ok", "set/string", ORG, QORG,
    ("The blood cultures grew **Staphylococcus aureus** and **Escherichia coli**.", C),
    ("STAPHYLOCOCCUS AUREUS, ESCHERICHIA COLI", C),
)
add("agent_plain_ok", "set/code", PROC, QPROC,
    ("The procedure codes for admission 25563031 are **0DTJ4ZZ** and **5A1955Z**.", C),
)
add("agent_plain_ok", "string/code", "I214", QDX,
    ("The primary diagnosis code is **I214**.", C),
)
add("agent_plain_ok", "number/count", 67, QAGE,
    ("Patient 10018081 was **67 years old** at their first admission.", C),
)
add("agent_plain_ok", "boolean/boolean", True, QVENT,
    ("**Yes.** Patient 10024043 received invasive mechanical ventilation during ICU stay 39698942.", C),
)
add("agent_plain_ok", "boolean/boolean", True, QTROP,
    ("Yes - troponin T exceeded 0.01 ng/mL during admission 29184572 (peak 0.45 ng/mL).", C),
)
add("agent_plain_ok", "number/measurement:1", 11.3, QMORT,
    ("**11.3%** of ICU stays ended in in-hospital death.", C),
)
add("agent_plain_ok", "number/measurement:2", 2.08, QMED,
    ("The median ICU length of stay is **2.08 days**.", C),
)
add("agent_plain_ok", "number/count", 23, QCNT_RX,
    ("Patient 10034049 was prescribed **23** distinct drugs during admission 20373289.", C),
)
add("agent_plain_ok", "number/identifier", 29796373, QLONG,
    ("The longest admission of patient 10023239 was **hadm_id 29796373**.", C),
)
add("agent_plain_ok", "date/date", "2151-08-14", QDOD,
    ("Patient 10021312 died on **2151-08-14**.", C),
)
add("agent_plain_ok", "string/string", "WHITE", QRACE,
    ("The recorded race for patient 10012853 is **WHITE**.", C),
)
add("agent_plain_ok", "number/measurement", 245, QPLT,
    ("The first platelet count of patient 10031757 was **245 K/uL**.", C),
)
add("agent_plain_ok", "number/count", 1240, QMRSA,
    ("**1,240** patients had a positive MRSA screen.", C),
)
add("agent_plain_ok", "number/count", 2, QDAYS,
    ("Patient 10033552 was first transferred to the ICU **2 days** after admission.", C),
)
add("agent_plain_ok", "set/string", SERV, QSERV,
    ("During admission 21234567 the patient was under the **MED** and **CSURG** services.", C),
)

CLASS_DESC = {
    "long_report_ok": "multi-paragraph / markdown report with a summary line, consistent value",
    "long_report_discrepancy": "report whose summary gives gold but its body/table/SQL output gives another value",
    "sql_result_ok": "answer quoting an SQL result that matches its sentence",
    "sql_result_other_row": "gold value sits in a result row or sentence about another stay / another vital",
    "leading_caveat_harmless": "caveat or assumption at the very beginning that does not doubt the value",
    "leading_caveat_doubt": "caveat at the very beginning that doubts the value or changes the statistic",
    "mind_changed_twice_back": "answer changes its mind twice, ending on gold",
    "mind_changed_twice_away": "answer starts on gold, changes its mind twice, ends elsewhere",
    "plain_ok": "plain right answer for a new lab (INR), incl. French decimal comma",
    "other_analyte": "gold value attributed to another analyte or another statistic (PT/PTT/Cr, last, max)",
    "foreign_language_ok": "right answer in German/Spanish/French/Chinese",
    "foreign_language_wrong": "foreign-language negation of gold or a foreign hedge",
    "foreign_boolean": "yes/no in German/Spanish/French",
    "abbrev_ok": "abbreviations (Na, Na+) and scientific notation, right",
    "abbrev_other_analyte": "gold value for another abbreviated analyte/statistic/specimen (K+, Cl-, urine Na, highest, last)",
    "notation_ok": "thin spaces, thousands separators, sci notation, spelled numbers",
    "notation_wrong": "notation that gives a different number, or gold for another count (screens vs patients)",
    "restated_question_ok": "answer restating the question then giving gold",
    "restated_other_number": "answer restating the question and giving another number",
    "restated_ids_only": "only the question's ids appear, no answer",
    "scope_other_admission": "gold count for another admission / all admissions / ICU stays",
    "set_org_ok": "organism set, right, with abbreviations (S. aureus, E. coli)",
    "set_org_wrong": "organism set missing/extra/other species, or organisms in another specimen",
    "set_serv_ok": "service set right",
    "set_serv_wrong": "service set wrong, or scoped to another admission",
    "list_top_ok": "ordered top-3 right",
    "list_top_wrong": "ordered top-3 reordered/replaced/truncated or disowned",
    "set_code_ok": "ICD procedure code set right",
    "set_code_wrong": "ICD procedure code set wrong, or claimed to be diagnosis codes",
    "code_ok": "single ICD code right, dotted",
    "code_wrong": "single ICD code wrong or gold named as secondary",
    "string_ok": "categorical string right (insurance, race, gender, careunit, admission type)",
    "string_wrong": "categorical string wrong, negated, or for another admission",
    "age_ok": "age right",
    "age_wrong": "age for another admission / anchor_age / hedged / in days",
    "lag_ok": "time difference right",
    "lag_wrong": "time difference in other units, other anchor, or arithmetic contradicting it",
    "date_ok": "date right in several formats",
    "date_wrong": "date wrong, another event's date, or hedged",
    "ts_ok": "timestamp right",
    "ts_wrong": "timestamp wrong, date only, or another event's time",
    "days_ok": "day offset right",
    "days_wrong": "offset in other units / another anchor",
    "table_ok": "group-count table right",
    "table_wrong": "group-count table wrong, or of another quantity (patients, last unit, distinct tests)",
    "ident_ok": "identifier right",
    "ident_wrong": "identifier wrong, swapped role, or a tie hedge",
    "bool_ok": "boolean right with evidence",
    "bool_wrong": "boolean wrong, or a yes about another thing (BiPAP, troponin I, P. putida)",
    "empty_ok": "empty set answered as none",
    "empty_wrong": "empty set answered with items, abstention, or an incomplete search",
    "pct_ok": "percentage right",
    "pct_wrong": "percentage of another denominator / fraction / arithmetic contradicting it",
    "median_ok": "median right",
    "median_wrong": "median given as mean / hospital LOS / hours / self-contradicted",
    "cohort_ok": "cohort count right",
    "cohort_wrong": "cohort count for another gender/age/route",
    "count_distinct_ok": "distinct count right",
    "count_distinct_wrong": "distinct count vs row count confusions",
    "units_ok": "platelet count with unit variants",
    "units_wrong": "platelet count in wrong unit, last draw, other analyte",
    "repeat_discrepancy": "value repeated several times with one discrepancy",
    "repeat_consistent": "value repeated consistently",
    "novel_hedge": "hedges in new wording (provisional, tentatively, confidence 40%)",
    "confident_phrasing": "confidence markers that should not be read as hedges",
    "novel_abstain": "abstentions in new wording",
    "abstain_with_number": "abstention carrying the gold number",
    "scope_other_patient": "gold value for another patient/stay/the whole admission",
    "scope_ok_explicit": "gold with explicit matching scope",
    "markdown_ok": "markdown answer consistent",
    "markdown_inconsistent": "markdown answer whose listed values contradict the mean, or strikethrough, or another statistic",
    "noisy_ok": "right answer with lots of supporting noise",
    "agent_plain_ok": "right answer in typical agent phrasing (bold value, restated ids)",
    "other_statistic_lab": "gold value for another statistic/time/admission of the same lab (median, admission, discharge, corrected)",
    "other_vital": "gold value for another vital sign or the minimum",
    "other_event_time": "gold timestamp of another event (hospital admit, ICU discharge, lab draw, second ICU)",
    "other_event_date": "gold date of another event (admission, discharge), or disowned",
    "arith_contradiction": "answer whose own arithmetic contradicts the stated value",
    "other_organism": "yes about another organism than the question names",
    "other_organism_set": "organism set with another species/resistance qualifier/specimen",
    "cohort_other_route": "cohort count for another admission route or criterion",
    "scope_other_denominator": "count of screens, negatives, or another specimen instead of positive-screen patients",
}
CASES = [c for _, c in _R]
CLASS_OF = {c[0]: k for k, c in _R}
assert len(CLASS_OF) == len(CASES), "duplicate answer texts"
assert set(CLASS_OF.values()) <= set(CLASS_DESC)

CLASSES = {name: (desc, [t for t, c in CLASS_OF.items() if c == name][:6]) for name, desc in CLASS_DESC.items()}
# wrong answers the scorer still calls correct (open: see the note of issue 11)
KNOWN_FALSE_POSITIVES = frozenset({
})
# right answers the readers still miss (never called correct: the test holds them to it)
CONSERVATIVE = frozenset({
    ('## Findings\n\nI queried `labevents` joined to `d_labitems` for itemid 50983 (Sodium) restricted to hadm_id 28661809.\n\nThere were 9 sodium results during this stay, ranging from 131.0 to 139.0 mEq/L.\n\n**Summary:** the lowest sodium was 131.0 mEq/L.', 131.0),
    ('### Answer\n- Lowest Na+: **131.0 mEq/L**\n- Number of measurements: 9\n- Date of nadir: 2180-05-07', 131.0),
    ('count\n-----\n   14\n(1 row)', 14),
    ('The peak systolic pressure recorded in the first ICU stay was 168 mm Hg (non-invasive cuff).', 168),
    ('Caveat: lactate is only measured when clinically indicated, so the sample is small (4 values).\nAnswer: 2.37 mmol/L', 2.37),
    ('Note: I used itemid 50813 (Lactate, blood gas).\n\nMean lactate = 2.37 mmol/L', 2.37),
    ("Assumption: 'mean' = arithmetic mean of all lactate values during the admission. Result: 2.37", 2.37),
    ('First INR: 1.3. Wait, that row is PT, not INR - the INR is 1.1. No, I misread: itemid 51237 is INR, so 1.3 is right.', 1.3),
    ('白细胞计数共测量了14次。', 14),
    ('Ja, Pseudomonas aeruginosa wurde isoliert.', True),
    ('Sí, se aisló Pseudomonas aeruginosa en el urocultivo.', True),
    ('Oui, Pseudomonas aeruginosa a été isolé.', True),
    ('1\xa0240 patients', 1240),
    ('You asked how many transfers this patient had during admission 27054011. The answer is 4 (ED → MICU → med floor → discharge).', 4),
    ('Blood cultures grew Staphylococcus aureus and Escherichia coli.', ('STAPHYLOCOCCUS AUREUS', 'ESCHERICHIA COLI')),
    ('Two organisms: S. aureus (MSSA) and E. coli.', ('STAPHYLOCOCCUS AUREUS', 'ESCHERICHIA COLI')),
    ('## Organisms\n\n| org_name | n |\n|---|---|\n| STAPHYLOCOCCUS AUREUS | 3 |\n| ESCHERICHIA COLI | 1 |', ('STAPHYLOCOCCUS AUREUS', 'ESCHERICHIA COLI')),
    ('E. coli and Staph aureus', ('STAPHYLOCOCCUS AUREUS', 'ESCHERICHIA COLI')),
    ('The patient was under Medicine (MED) and then Cardiac Surgery (CSURG).', ('MED', 'CSURG')),
    ("services: ['MED', 'CSURG']", ('MED', 'CSURG')),
    ('The top three are Sodium Chloride 0.9% Flush, Potassium Chloride and Furosemide, in that order.', ('Sodium Chloride 0.9%  Flush', 'Potassium Chloride', 'Furosemide')),
    ('| rank | drug | n |\n|---|---|---|\n| 1 | Sodium Chloride 0.9%  Flush | 98211 |\n| 2 | Potassium Chloride | 60311 |\n| 3 | Furosemide | 40122 |', ('Sodium Chloride 0.9%  Flush', 'Potassium Chloride', 'Furosemide')),
    ('Two ICD-10-PCS codes: 0DTJ4ZZ (laparoscopic appendectomy) and 5A1955Z (mechanical ventilation >96 h).', ('0DTJ4ZZ', '5A1955Z')),
    ('Female (F)', 'F'),
    ('The first ICU stay started in the MICU.', 'Medical Intensive Care Unit (MICU)'),
    ('The first admission was an emergency (EW EMER.) admission.', 'EW EMER.'),
    ('At the first admission (2155), the patient was 67.', 67),
    ('anchor_age 64 + (2155 - 2152) = 67 years.', 67),
    ('The ICU transfer happened on hospital day 3, i.e. 2 days after admission.', 2),
    ('| first_careunit | stays |\n|---|---|\n| MICU | 120 |\n| SICU | 85 |\n| CVICU | 64 |\n\nSummary: MICU is the busiest unit.', (('MICU', 120), ('SICU', 85), ('CVICU', 64))),
    ('There were 120 MICU stays, 85 SICU stays and 64 CVICU stays.', (('MICU', 120), ('SICU', 85), ('CVICU', 64))),
    ('Admission 21255400 had 312 lab events and admission 24732405 had 87.', ((21255400, 312), (24732405, 87))),
    ('Yes - ventilation events (procedureevents itemid 225792, Invasive Ventilation) are recorded for stay 39698942.', True),
    ('No. The highest HbA1c was 7.8%.', False),
    ('HbA1c never exceeded 9% (max 7.8%), so no.', False),
    ('Yes. TnT > 0.01 on 4 of 5 draws.', True),
    ('The prescriptions table has no antibiotic orders for this admission.', ()),
    ('Result set: [] (no antibiotic rows)', ()),
    ('Of 8,420 ICU stays, 951 ended with hospital_expire_flag = 1, i.e. 11.3%.', 11.3),
    ('In-hospital mortality among ICU stays: 11.3 %', 11.3),
    ('PLT: 245,000/µL', 245),
    ('Answer: 4\nTransfers: ED→MICU, MICU→SICU, SICU→floor, floor→discharge (4 transfers)', 4),
    ('131.0 (verified with a second query)', 131.0),
    ('168 mmHg (first ICU stay; arterial and cuff readings combined).', 168),
    ('## Mean lactate\n\n* Values: 1.8, 2.1, 2.6, 2.98\n* Mean: **2.37 mmol/L**', 2.37),
    ("Looking at the transfers table for hadm_id 27054011, I see eventtypes admit, transfer, transfer, transfer, transfer, discharge. Counting only eventtype = 'transfer' gives 4.", 4),
    ("Based on microbiologyevents (spec_type_desc = 'BLOOD CULTURE'), the organisms were:\n1. STAPHYLOCOCCUS AUREUS (3 positive bottles)\n2. ESCHERICHIA COLI (1 positive bottle)\n\nNo other organisms grew.", ('STAPHYLOCOCCUS AUREUS', 'ESCHERICHIA COLI')),
    ('**No.**\n\nHbA1c results: 6.9% (2150), 7.4% (2151), 7.8% (2152). None exceeded 9%.', False),
    ('INR on arrival: 1.3', 1.3),
    ('Admitted 08:10, lactate 11:40 -> 3.5 hours.', 3.5),
    ('11.3% (951 deaths / 8,420 stays = 0.113)', 11.3),
    ('Sum 9.48 over 4 values -> mean 2.37 mmol/L.', 2.37),
    ('212 female patients older than 80 were admitted through the emergency department (EW EMER. admissions).', 212),
    ('1,240 distinct patients had at least one positive MRSA screen.', 1240),
    ("Medicaid? No - that is the first admission. Other? No - that is the payer of the ED visit. The last admission's insurance is Medicare.", 'Medicare'),
    ('Nein, der HbA1c war nie über 9 %.', False),
    ('The blood cultures grew **Staphylococcus aureus** and **Escherichia coli**.', ('STAPHYLOCOCCUS AUREUS', 'ESCHERICHIA COLI')),
    ('**11.3%** of ICU stays ended in in-hospital death.', 11.3),
    ('During admission 21234567 the patient was under the **MED** and **CSURG** services.', ('MED', 'CSURG')),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
    ('Not determinable from the available tables.', 14),
})
