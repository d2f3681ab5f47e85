"""A twentieth corpus (issue 11, round 20): another independent grader wrote 262 answers against the round-19
string rules (a variant of a stored label in two parentheses, in square brackets, after a comma, described in words,
a product form or route beside a drug, a sibling care unit spelled out after an abbreviation; the same in sets,
ordered lists and tables of strings) and on patient-level labs and vitals with timestamps, counts with conditions
(flags, thresholds, distinct itemids against rows, shares), drug and lab-label sets and ranked lists.
(answer, shape, gold, expected, question); expected NC: wrong and abstained both fine. KNOWN_FALSE_POSITIVES lists
the ones still open and CONSERVATIVE the right answers still missed (the test holds both exact)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QRR = "What is the label of itemid 220210 in d_items?"
QBILI = "What is the label of itemid 50885 in d_labitems?"
QK = "What is the label of itemid 50971 in d_labitems?"
QFCU = "What was the first_careunit of ICU stay 36412088?"
QFCU2 = "What was the first_careunit of ICU stay 31112222?"
QFCU3 = "What was the first_careunit of ICU stay 33304419?"
QFCU4 = "What was the first_careunit of ICU stay 35550871?"
QROUTE = "What route was recorded for the first vancomycin prescription of admission 26630056?"
QROUTE_PO = "What route was recorded for the first metoprolol prescription of admission 26630056?"
QMOST = "Which drug was prescribed most often during admission 26630056?"
QMOST2 = "Which drug had the most prescriptions rows during admission 28840017?"
QABX1 = "Which antibiotic was prescribed first during admission 26630056?"
QABX1B = "Which antibiotic was prescribed first during admission 21178830?"
QDLOC = "What was the discharge_location of admission 23817655?"
QDLOC2 = "What was the discharge_location of admission 29104471?"
QVIT = "Which vital-sign items (d_items.label) were charted for ICU stay 36412088 in its first hour?"
QTRL = "List the careunits of admission 23817655 in chronological order (transfers)."
QFIRST3 = "What were the first three drugs prescribed during admission 26630056, in order of starttime?"
QVTAB = "How many chartevents rows did ICU stay 36412088 have for each of Heart Rate, Respiratory Rate and O2 saturation pulseoxymetry?"
QCUTAB = "How many ICU stays did admission 23817655 have in each first_careunit?"
QCREAT = "What was the first serum creatinine (mg/dL) of admission 25510034?"
QLACT = "When was the peak lactate of admission 25510034 drawn (charttime)?"
QKLAST = "When was the last potassium of admission 25510034 drawn (charttime)?"
QHR1 = "When was the first heart rate charted in ICU stay 36412088?"
QKFLAG = "How many potassium results (labevents) of admission 25510034 were flagged abnormal?"
QHR100 = "How many heart-rate readings above 100 bpm were charted during ICU stay 36412088?"
QDIST = "How many distinct lab tests (itemids) were measured during admission 25510034?"
QTMAX = "What was the maximum temperature (°C) charted during ICU stay 36412088?"
QHGB = "What was the last hemoglobin (g/dL) on the first ICU day of stay 36412088?"
QMAP = "What was the lowest non-invasive mean arterial pressure (itemid 220181, mmHg) during ICU stay 36412088?"
QTROP = "What was the peak troponin T (ng/mL) of admission 29104471?"
QGLU = "What was the first glucose (mg/dL) of admission 25510034?"
QLFT = "Which liver-panel tests (d_labitems.label) were measured on the first day of admission 25510034?"
QDC = "Which drugs were prescribed on the day of discharge of admission 27820045?"
QTOP3 = "What were the three most frequently prescribed drugs of admission 26630056, most frequent first?"

CU = "Medical Intensive Care Unit (MICU)"
VIT = ["Heart Rate", "Respiratory Rate", "O2 saturation pulseoxymetry"]
TRL = ["Emergency Department", "Medical Intensive Care Unit (MICU)", "Medicine"]
FIRST3 = ["Heparin", "Vancomycin", "Acetaminophen"]
VTAB = [["Heart Rate", 142], ["Respiratory Rate", 139], ["O2 saturation pulseoxymetry", 137]]
CUTAB = [["Medical Intensive Care Unit (MICU)", 3], ["Cardiac Vascular Intensive Care Unit (CVICU)", 1]]
LFT = ["Alanine Aminotransferase (ALT)", "Asparate Aminotransferase (AST)", "Alkaline Phosphatase", "Bilirubin, Total"]
DC = ["Oxycodone-Acetaminophen (5mg-325mg)", "Docusate Sodium", "Senna"]
TOP3 = ["Insulin", "Heparin", "Potassium Chloride"]

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ================================================================ (1) string + parenthesis: d_items label
add("rr_variant20", "string/string", "Respiratory Rate", QRR,
    ("Respiratory Rate (Total) (insp/min)", W),
    ("Respiratory Rate (Total) (RR)", W),
    ("Respiratory Rate (Total) [itemid 224690]", W),
    ("Respiratory Rate [Total]", W),
    ("Respiratory Rate (Total, spontaneous + mandatory)", W),
    ("Respiratory Rate (set by the ventilator)", W),
    ("respiratory rate (total)", W),
    ("Respiratory Rate, Total", W),
    ("Respiratory Rate (Set)", W),
    ("The label is Respiratory Rate (Total), category Respiratory.", W),
    ("**Respiratory Rate** (Total)", W),
    ("Respiratory Rate (Total); unit insp/min", W),
    ("Respiratory Rate (Total) \u2014 itemid 224690", W),
    ("| itemid | label |\n|---|---|\n| 220210 | Respiratory Rate (Total) |", W),
    ("```\n label\n------------------------\n Respiratory Rate (Total)\n(1 row)\n```", W),
)
add("rr_remark_ok20", "string/string", "Respiratory Rate", QRR,
    ("Respiratory Rate (RR); unit insp/min", C),
    ("Respiratory Rate (RR), insp/min", C),
    ("Respiratory Rate (chartevents)", C),
    ("Respiratory Rate (MetaVision item)", C),
    ("RR (Respiratory Rate)", C),
    ("Respiratory Rate (abbrev. RR)", C),
    ("Respiratory Rate \u2014 not Respiratory Rate (Total)", C),
    ("Respiratory Rate (not the Total or Set items)", C),
    ("| itemid | label |\n|---|---|\n| 220210 | Respiratory Rate |", C),
    ('{"itemid": 220210, "label": "Respiratory Rate"}', C),
    ("```\n label\n------------------------\n Respiratory Rate\n(1 row)\n```", C),
    ("label = Respiratory Rate", C),
)
# ---------------------------------------------------------------- d_labitems labels with a comma qualifier
add("lab_label20", "string/string", "Bilirubin, Total", QBILI,
    ("Bilirubin, Total (Blood, Chemistry)", C),
    ("Bilirubin, Total (Ascites)", W),
    ("Bilirubin, Total, Pleural", W),
    ("Bilirubin", NC),
)
add("lab_label20", "string/string", "Potassium", QK,
    ("Potassium (Blood, Chemistry)", C),
    ("Potassium (whole blood)", W),
    ("Potassium (whole blood, blood gas)", W),
    ("Potassium [Whole Blood]", W),
    ("Potassium, Whole Blood", W),
)
# ---------------------------------------------------------------- careunits: abbreviations and siblings
add("cu_abbrev20", "string/string", CU, QFCU,
    ("Medical Intensive Care Unit (MICU) (later CVICU)", C),
    ("MICU - Medical Intensive Care Unit", C),
    ("Medical ICU", C),
    ("The MICU.", C),
    ("Medical Intensive Care Unit [MICU]", C),
    ("MICU (Medical/Surgical)", NC),
    ("MICU (Medical/Surgical Intensive Care Unit)", NC),
    ("Medical Intensive Care Unit (MICU/SICU)", W),
    ("TSICU", W),
)
add("cu_abbrev20", "string/string", "Medical/Surgical Intensive Care Unit (MICU/SICU)", QFCU2,
    ("MICU/SICU (medical/surgical)", C),
)
add("cu_abbrev20", "string/string", "Neuro Surgical Intensive Care Unit (Neuro SICU)", QFCU3,
    ("Neuro SICU", C),
)
add("cu_abbrev20", "string/string", "Trauma SICU (TSICU)", QFCU4,
    ("Trauma SICU", C),
    ("SICU (Surgical Intensive Care Unit), not trauma", W),
)
# ---------------------------------------------------------------- drugs, routes, discharge locations + parenthesis
add("drug_paren20", "string/string", "IV", QROUTE,
    ("IV (drip)", W),
    ("IV (bolus)", W),
    ("IV (central line)", C),
    ("IV (via PICC)", C),
    ("Intravenous", C),
)
add("drug_paren20", "string/string", "PO", QROUTE_PO,
    ("PO (by mouth)", C),
    ("PO (or NG)", NC),
)
add("drug_paren20", "string/string", "Heparin", QMOST,
    ("Heparin (porcine)", C),
    ("Heparin (flush)", W),
)
add("drug_paren20", "string/string", "Insulin", QMOST2,
    ("Insulin (glargine)", W),
    ("Insulin (lispro)", W),
)
add("drug_paren20", "string/string", "Piperacillin-Tazobactam", QABX1,
    ("Zosyn (piperacillin-tazobactam)", C),
    ("Piperacillin-Tazobactam (extended infusion)", C),
    ("Piperacillin/Tazobactam", C),
)
add("drug_paren20", "string/string", "Vancomycin", QABX1B,
    ("Vancomycin (Vancocin HCl)", C),
    ("Vancomycin (enema)", W),
    ("Vancomycin (oral capsules)", NC),
)
add("drug_paren20", "string/string", "HOME", QDLOC,
    ("HOME (with home health services)", W),
    ("HOME (health care)", W),
    ("HOME (self care)", C),
)
add("drug_paren20", "string/string", "HOME HEALTH CARE", QDLOC2,
    ("HOME HEALTH CARE (VNA)", C),
)
# ================================================================ parenthesis inside sets / lists / tables of strings
add("set_paren20", "set/string", VIT, QVIT,
    ("Heart Rate, Respiratory Rate (Total), O2 saturation pulseoxymetry", W),
    ("- Heart Rate\n- Respiratory Rate (Total)\n- O2 saturation pulseoxymetry", W),
    ("Heart Rate; Respiratory Rate (Set); O2 saturation pulseoxymetry", W),
    ("Heart Rate, Respiratory Rate (spontaneous), O2 saturation pulseoxymetry", W),
    ("| label |\n|---|\n| Heart Rate |\n| Respiratory Rate (Total) |\n| O2 saturation pulseoxymetry |", W),
    ("Heart rate, respiratory rate (total) and O2 saturation pulseoxymetry.", W),
    ("- Heart Rate\n- Respiratory Rate [Total]\n- O2 saturation pulseoxymetry", W),
    ('["Heart Rate", "Respiratory Rate (Total)", "O2 saturation pulseoxymetry"]', W),
    ("Heart Rate, Respiratory Rate, O2 saturation pulseoxymetry", C),
    ("Heart Rate (HR), Respiratory Rate (RR), O2 saturation pulseoxymetry (SpO2)", C),
    ("| itemid | label |\n|---|---|\n| 220045 | Heart Rate |\n| 220210 | Respiratory Rate |\n| 220277 | O2 saturation pulseoxymetry |", C),
    ("```\n label\n-----------------------------\n Heart Rate\n Respiratory Rate\n O2 saturation pulseoxymetry\n(3 rows)\n```", C),
    ("Heart Rate, Respiratory Rate and O2 saturation pulseoxymetry (the SpO2 probe).", C),
)
add("list_paren20", "list/string^", TRL, QTRL,
    ("Emergency Department, MICU (Medical/Surgical), Medicine", NC),
    ("Emergency Department, Medical Intensive Care Unit (MICU), Medicine (Cardiology)", W),
    ("Emergency Department, Medical Intensive Care Unit (MICU), Medicine/Cardiology", W),
    ("Emergency Department Observation, Medical Intensive Care Unit (MICU), Medicine", W),
    ("Emergency Department \u2192 MICU \u2192 Medicine", C),
    ("Emergency Department, Medical Intensive Care Unit (MICU) (2 days), Medicine", C),
    ("Emergency Department, Medical ICU, Medicine", C),
)
add("list_paren20", "list/string^", FIRST3, QFIRST3,
    ("Heparin (flush), Vancomycin, Acetaminophen", W),
    ("Heparin (Flush 10 units/mL), Vancomycin, Acetaminophen", W),
    ("Heparin, Vancomycin, Acetaminophen (w/ codeine)", W),
    ("Heparin, Vancomycin, Acetaminophen-Codeine", W),
    ("1. Heparin (08:00)\n2. Vancomycin (07:40)\n3. Acetaminophen (09:15)", NC),
    ("| drug | starttime |\n|---|---|\n| Vancomycin | 2155-01-03 08:00 |\n| Heparin | 2155-01-03 07:40 |\n| Acetaminophen | 2155-01-03 09:15 |", NC),
    ("1. Heparin (07:40)\n2. Vancomycin (08:00)\n3. Acetaminophen (09:15)", C),
    ("| # | drug | starttime |\n|---|---|---|\n| 1 | Heparin | 2155-01-03 07:40 |\n| 2 | Vancomycin | 2155-01-03 08:00 |\n| 3 | Acetaminophen | 2155-01-03 09:15 |", C),
)
add("table_label20", "table/string,count", VTAB, QVTAB,
    ("| label | n |\n|---|---|\n| Heart Rate | 142 |\n| Respiratory Rate | 139 |\n| O2 saturation pulseoxymetry | 137 |", C),
    ("Heart Rate 142, Respiratory Rate (RR) 139, O2 saturation pulseoxymetry 137", C),
    ("| itemid | label | n |\n|---|---|---|\n| 220045 | Heart Rate | 142 |\n| 220210 | Respiratory Rate | 139 |\n| 220277 | O2 saturation pulseoxymetry | 137 |", C),
    ("| label | n |\n|---|---|\n| Heart Rate | 142 |\n| Respiratory Rate (Total) | 139 |\n| O2 saturation pulseoxymetry | 137 |", W),
    ("Heart Rate: 142\nRespiratory Rate (spontaneous): 139\nO2 saturation pulseoxymetry: 137", W),
    ('{"Heart Rate": 142, "Respiratory Rate (Total)": 139, "O2 saturation pulseoxymetry": 137}', W),
)
add("table_label20", "table/string,count", CUTAB, QCUTAB,
    ("MICU 3, CVICU 1", C),
    ("Medical ICU 3, Cardiac Vascular ICU 1", C),
    ("MICU (Medical/Surgical): 3, CVICU: 1", NC),
    ("MICU/SICU 3, CVICU 1", W),
    ("MICU 1, CVICU 3", W),
)
# ================================================================ (2) patient-level labs and vitals
add("creat_first20", "number/measurement:1", 1.8, QCREAT,
    ("1.8 mg/dL (159 \u00b5mol/L)", C),
    ("1.8 mg/dL; it peaked at 2.6 on hospital day 3.", C),
    ("Creatinine readings: 1.8 (06:10), 2.1 (18:40), 2.6 (day 3). First: 1.8 mg/dL.", C),
    ("```sql\nSELECT valuenum FROM labevents WHERE hadm_id = 25510034 AND itemid = 50912 ORDER BY charttime LIMIT 1;\n```\nResult: 1.8", C),
    ("1.8 mg/dL (168 \u00b5mol/L)", NC),
    ("1.8 mg/dL was the last value; the first was 1.4.", W),
    ("1.8 mg/dL (from admission 23817655; this admission starts at 2.1)", W),
    ("1.8 mg/dL (whole blood creatinine from the blood gas panel)", W),
    ("1.8 mg/dL \u2014 that is the first *urine* creatinine; serum was 1.5.", W),
    ("Creatinine readings: 2.1 (06:10), 1.8 (18:40), 2.6 (day 3). First: 1.8 mg/dL.", NC),
)
add("lab_time20", "date/timestamp", "2150-03-02 14:35", QLACT,
    ("2:35 PM on March 2, 2150", C),
    ("2150-03-02 14:35; the highest lactate of the earlier admission was drawn 2149-11-20 09:00.", C),
    ("14:35 on hospital day 2 (2150-03-02)", C),
    ("| charttime | lactate |\n|---|---|\n| 2150-03-02 14:35 | 4.8 |", C),
    ("2150-03-02 2:35", W),
    ("2150-03-02 14:35 is the storetime; the charttime was 13:50.", W),
    ("2150-03-03 14:35", W),
    ("| charttime | lactate |\n|---|---|\n| 2150-03-02 09:10 | 3.1 |\n| 2150-03-02 14:35 | 4.8 |\n| 2150-03-02 18:00 | 5.2 |", W),
)
add("lab_time20", "date/timestamp", "2150-03-05 05:40", QKLAST,
    ("05:40 on the morning of 2150-03-05", C),
    ("charttime 2150-03-05 05:40, storetime 06:22", C),
    ("2150-03-05 05:40 \u2014 the last one before discharge at 11:00.", C),
    ("2150-03-05 5:40 PM", W),
    ("2150-03-05 06:22 (storetime)", W),
    ("2150-03-05 06:22; the blood was drawn at 05:40.", NC),
)
add("hr_time20", "date/timestamp", "2153-04-12 02:15", QHR1,
    ("02:15 on 2153-04-12", C),
    ("First HR: 112 bpm at 2153-04-12 02:15, about 10 minutes after the 02:05 intime.", C),
    ("```\n      charttime      | valuenum\n---------------------+----------\n 2153-04-12 02:15:00 |      112\n(1 row)\n```", C),
    ("At quarter past two in the morning of 12 April 2153.", C),
    ("2153-04-12 02:15 \u2014 though a heart rate at 01:58 was charted before the ICU intime, in the ED.", C),
    ("2:15 PM on 2153-04-12", W),
    ("2153-04-12 02:15 is the storetime of the first HR; its charttime is 02:00.", W),
    ("2153-04-12 02:05", W),
    ("2153-04-12 02:15 (i.e. 14:15 in 24-hour time)", NC),
)
add("flag_count20", "number/count", 4, QKFLAG,
    ("4 abnormal results (3 high, 1 low)", C),
    ("11 potassium results, of which 4 were flagged abnormal.", C),
    ("| flag | n |\n|---|---|\n| abnormal | 4 |\n| (null) | 7 |", C),
    ("4; counting values above the reference range instead of the flag gives 5.", C),
    ("4 (36.4%)", C),
    ("4 abnormal results (3 high, 2 low)", NC),
    ("4 (40%) of 11 results", NC),
    ("4 distinct charttimes (5 rows, one duplicate result)", NC),
    ("| flag | n |\n|---|---|\n| abnormal | 7 |\n| (null) | 4 |", W),
    ("There were 4 abnormal potassium results, but one of them was from the ED before admission, so 3.", W),
)
add("thresh_count20", "number/count", 23, QHR100,
    ("23 (using \u2265 100 would give 27)", C),
    ("23 of 142 readings (16.2%)", C),
    ("23 readings above 100 bpm, spread over 3 days", C),
    ("23 readings above 100 bpm; 5 were above 120.", C),
    ("5 readings above 120 bpm; 23 above 100.", C),
    ("19 distinct hours had a reading above 100 bpm (23 readings).", C),
    ("SELECT count(*) FROM chartevents WHERE stay_id = 36412088 AND itemid = 220045 AND valuenum > 100;\n count\n-------\n    23", C),
    ("23 readings (HR > 100) \u2014 excluding 2 artifact values of 250, which would make it 25.", NC),
    ("27 (\u2265 100 bpm)", W),
    ("16.2%", W),
    ("23 of 142 readings (18.2%)", NC),
)
add("distinct_count20", "number/count", 38, QDIST,
    ("38 distinct itemids (1,204 labevents rows)", C),
    ("38 tests; 1,204 rows in total", C),
    ("1,204 rows covering 38 distinct tests", C),
    ("1,204", W),
    ("41 itemids (38 distinct labels)", W),
    ("38 distinct labels (41 itemids, since some labels repeat across fluids)", W),
)
add("temp_max20", "number/measurement:1", 38.9, QTMAX,
    ("38.9 \u00b0C, at 2153-04-12 04:00", C),
    ("38.9 \u00b0C at 04:00 on 2153-04-12 (it was 39.1 \u00b0C on the next ICU stay).", C),
    ("38.9 \u00b0C (converted from the 102.0 \u00b0F Fahrenheit reading, itemid 223761)", C),
    ("Temperatures: 37.2, 38.1, 38.9, 38.4 \u00b0C. Max = 38.9 \u00b0C.", C),
    ("38.9 \u00b0C (102.4 \u00b0F)", NC),
    ("39.8 \u00b0C", W),
    ("102.0", W),
    ("about 39 \u00b0C", NC),
    ("Temperatures: 37.2, 38.1, 39.4, 38.4 \u00b0C. Max = 38.9 \u00b0C.", NC),
)
add("hgb_day20", "number/measurement:1", 8.1, QHGB,
    ("8.1 g/dL \u2014 it rose to 9.0 on day 2 after a transfusion.", C),
    ("8.1 g/dL (81 g/L)", C),
    ("The last day-1 hemoglobin was 8.1 g/dL (drawn 2153-04-12 23:10); the first was 9.4.", C),
    ("8.1 (hematocrit 24.3%)", C),
    ("7.6 g/dL (the last of the stay, on day 4)", W),
    ("8.1 g/dL (8.1 g/L)", NC),
    ("9.4 g/dL (first of day 1; the last was 8.1)", W),
)
add("map_low20", "number/measurement", 52, QMAP,
    ("The readings were 65, 58, 52 and 61 mmHg; the lowest was 52.", C),
    ("52 mmHg (cuff; the arterial-line MAP went down to 48)", C),
    ("Readings: 65, 58, 52, 61 mmHg; the lowest was 58.", W),
    ("48 mmHg (arterial line)", W),
    ("52 mmHg, though this looks like an artifact; the lowest plausible value was 58.", NC),
    ("52 mmHg (computed from 80/38)", NC),
)
add("trop_peak20", "number/measurement:2", 0.45, QTROP,
    ("0.45 ng/mL (450 ng/L)", C),
    ("0.45 ng/mL \u2014 the median of the six draws was 0.21.", C),
    ("<0.01 \u2192 0.08 \u2192 0.45 \u2192 0.31 ng/mL; peak 0.45.", C),
    ("0.45 ng/mL. Note: values are reported as '<0.01' below detection and were treated as 0.", C),
    ("0.45 ng/mL; the peak CK-MB was 12.", C),
    ("0.45 ng/mL (45 ng/L)", NC),
    ("0.45 ng/mL (admission 23817655)", W),
    ("0.54 ng/mL", W),
    ("0.45 was the peak on the earlier admission; for 29104471 the peak was 0.12.", W),
    ("Median 0.45 ng/mL", W),
    ("0.45 ng/mL, the second-highest; the top value 0.61 was flagged as a lab error.", NC),
)
add("glu_first20", "number/measurement", 212, QGLU,
    ("212 mg/dL (11.8 mmol/L)", C),
    ("212 mg/dL (fingerstick glucose 198 at the same time)", C),
    ("198 mg/dL (fingerstick)", W),
    ("212 mg/dL \u2014 that's the whole-blood glucose from the ABG; the serum value was 205.", W),
    ("212 mg/dL (12.8 mmol/L)", NC),
)
# ================================================================ (3) sets / lists of lab labels and drug names
add("lft_set20", "set/string", LFT, QLFT,
    ("ALT, AST, Alkaline Phosphatase and Bilirubin, Total", C),
    ("ALT, AST, alkaline phosphatase, total bilirubin", C),
    ("Alanine Aminotransferase (ALT); Aspartate Aminotransferase (AST); Alkaline Phosphatase; Bilirubin, Total", C),
    ("| itemid | label |\n|---|---|\n| 50861 | Alanine Aminotransferase (ALT) |\n| 50878 | Asparate Aminotransferase (AST) |\n| 50863 | Alkaline Phosphatase |\n| 50885 | Bilirubin, Total |", C),
    ("ALT, AST, Alkaline Phosphatase, Bilirubin, Total (ALT and AST drawn twice)", C),
    ("ALT, AST, Alkaline Phosphatase, Bilirubin, Total (Ascites)", W),
    ("ALT, AST, Alkaline Phosphatase and total bilirubin (the pleural-fluid one)", W),
    ("Alanine Aminotransferase (ALT); Asparate Aminotransferase (AST); Alkaline Phosphatase; Bilirubin, Direct", W),
    ("Alanine Aminotransferase (ALT); Asparate Aminotransferase (AST); Alkaline Phosphatase; Bilirubin, Total; Bilirubin, Direct", W),
    ("Alanine Aminotransferase (ALT); Asparate Aminotransferase (AST); Alkaline Phosphatase; Bilirubin (Direct)", W),
    ("ALT, AST, Alkaline Phosphatase, Bilirubin, Total, and 3 others (albumin, INR, GGT)", W),
    ("ALT, AST, Alkaline Phosphatase, Lactate Dehydrogenase (LD)", W),
)
add("dc_set20", "set/string", DC, QDC,
    ("Oxycodone-Acetaminophen (5mg-325mg), Docusate Sodium, Senna", C),
    ("Oxycodone-Acetaminophen, Docusate Sodium and Senna", C),
    ("Oxycodone-Acetaminophen (Percocet), Docusate Sodium (Colace), Senna", C),
    ("Percocet, Colace and senna", C),
    ("| drug | n |\n|---|---|\n| Oxycodone-Acetaminophen (5mg-325mg) | 2 |\n| Docusate Sodium | 1 |\n| Senna | 1 |", C),
    ("```\n drug\n-------------------------------------\n Oxycodone-Acetaminophen (5mg-325mg)\n Docusate Sodium\n Senna\n(3 rows)\n```", C),
    ("Oxycodone-Acetaminophen (5mg-325mg), Docusate Sodium, Senna, Oxycodone-Acetaminophen (5mg-325mg)", C),
    ("Oxycodone-Acetaminophen (5mg-325mg), Docusate Sodium (liquid), Senna", W),
    ("Oxycodone, Docusate Sodium, Senna", W),
    ("Oxycodone-Acetaminophen (5mg-325mg), Docusate Sodium, Senna and 2 others", NC),
    ("Oxycodone-Acetaminophen Elixir, Docusate Sodium, Senna", W),
    ("Oxycodone-Acetaminophen (10mg-325mg), Docusate Sodium, Senna", W),
    ("Oxycodone-Acetaminophen (5mg-325mg), Docusate Sodium, Senna, Bisacodyl", W),
)
add("top3_list20", "list/string^", TOP3, QTOP3,
    ("Insulin (24), Heparin (18), Potassium Chloride (12)", C),
    ("1. Insulin \u2014 24 orders\n2. Heparin \u2014 18\n3. Potassium Chloride \u2014 12", C),
    ("Insulin, Heparin, Potassium Chloride, and 9 others", C),
    ("Insulin, Heparin, Potassium Chloride (then Sodium Chloride 0.9% Flush with 11)", C),
    ("| drug | n |\n|---|---|\n| Insulin | 24 |\n| Heparin | 18 |\n| Potassium Chloride | 12 |", C),
    ("Insulin > Heparin > Potassium Chloride", C),
    ("Insulin leads with 24 orders, Heparin follows with 18 and Potassium Chloride is third with 12.", C),
    ("Insulin (24), Heparin (12), Potassium Chloride (18)", NC),
    ("Insulin leads with 24 orders, Heparin follows with 12 and Potassium Chloride is third with 18.", NC),
    ("| drug | n |\n|---|---|\n| Insulin | 24 |\n| Potassium Chloride | 18 |\n| Heparin | 12 |", W),
    ("Insulin, Heparin (Flush), Potassium Chloride", W),
    ("Insulin, Heparin, Potassium Chloride (ascending)", NC),
    ("Insulin Glargine, Heparin, Potassium Chloride", W),
    ("Heparin, Insulin, Potassium Chloride", W),
    ("Insulin, Heparin, Potassium Chloride \u2014 Heparin and Potassium Chloride tie at 18, so their order is arbitrary.", NC),
)
# ================================================================ hedges, corrections, abstentions
add("hedge20", "string/string", "Respiratory Rate", QRR,
    ("Probably Respiratory Rate, though it may be the Total variant.", NC),
)
add("hedge20", "number/measurement:1", 1.8, QCREAT,
    ("Around 1.8 mg/dL, if the ED draw counts as part of the admission.", NC),
)
add("hedge20", "date/timestamp", "2150-03-02 14:35", QLACT,
    ("Either 2150-03-02 14:35 or 16:10 - both draws read 4.8.", NC),
)
add("hedge20", "set/string", DC, QDC,
    ("I think Oxycodone-Acetaminophen (5mg-325mg), Docusate Sodium and Senna, but I'm not certain the list is complete.", NC),
)
add("hedge20", "number/count", 23, QHR100,
    ("Roughly 23, give or take a few duplicated charttimes.", NC),
)
add("correction20", "string/string", CU, QFCU,
    ("CVICU - no, that was the last_careunit; the first was the Medical Intensive Care Unit (MICU).", C),
    ("Medical Intensive Care Unit (MICU). Correction: the stay actually began in the CCU.", W),
)
add("correction20", "number/measurement:1", 38.9, QTMAX,
    ("39.1 \u00b0C - sorry, that was the next stay; for stay 36412088 the maximum was 38.9 \u00b0C.", C),
    ("38.9 \u00b0C. Update: a 39.4 \u00b0C reading at 2153-04-13 01:00 was missed, so the maximum is 39.4 \u00b0C.", W),
)
add("correction20", "list/string^", TOP3, QTOP3,
    ("Heparin, Insulin, Potassium Chloride - correction after recounting: Insulin, Heparin, Potassium Chloride.", C),
    ("Insulin, Heparin, Potassium Chloride. On recount Potassium Chloride has 19 rows, so: Insulin, Potassium Chloride, Heparin.", W),
)
add("abstain20", "number/measurement:2", 0.45, QTROP,
    ("No troponin T results exist for admission 29104471 in labevents, so I can't give a peak.", A),
)
add("abstain20", "date/timestamp", "2153-04-12 02:15", QHR1,
    ("ICU stay 36412088 has no heart-rate rows in chartevents; I cannot answer.", A),
)
add("abstain20", "set/string", LFT, QLFT,
    ("The labevents query timed out, so I could not determine which liver tests were measured.", A),
)
add("abstain20", "string/string", "Respiratory Rate", QRR,
    ("I could not find itemid 220210 in d_items.", A),
)

CLASS_DESC = {
    "rr_variant20": "d_items label variant ('Respiratory Rate (Total)') hidden by a second parenthesis, square brackets, a comma or function word inside the parenthesis, lowercase, a comma/dash qualifier, emphasis, a table or psql block",
    "rr_remark_ok20": "right d_items label with a harmless remark without function words, an abbreviation first, a denial of the variant, or in a table / JSON / psql block",
    "lab_label20": "d_labitems labels with a comma qualifier ('Bilirubin, Total', 'Potassium, Whole Blood'): right forms and sibling labels in parentheses / brackets / after a comma",
    "cu_abbrev20": "careunit abbreviations and spelled-out forms (dash, brackets, 'Medical ICU', 'Neuro SICU', 'Trauma SICU'), a sibling unit spelled out after the right abbreviation",
    "drug_paren20": "single strings for drugs / routes / discharge locations with a parenthesis: product form or sibling route ('(drip)', '(glargine)', '(enema)', '(with home health services)') vs harmless remarks and brand names",
    "set_paren20": "set of d_items labels with a variant in parentheses / brackets vs harmless remarks, tables with an itemid column, psql blocks",
    "list_paren20": "ordered lists of careunits / drugs with a sibling in parentheses (Medicine (Cardiology), Heparin (flush), Acetaminophen (w/ codeine)), times contradicting the order, tables",
    "table_label20": "tables keyed by labels / careunits: a variant label in a row, a sibling unit spelled out, abbreviations, an itemid column",
    "creat_first20": "first creatinine: SI conversions that hold or not, peak / last / other admission / other specimen, several readings quoted, SQL beside the value",
    "lab_time20": "time of the peak lactate / last potassium: 12/24-hour clock, storetime, another day, tables, prose",
    "hr_time20": "time of the first heart rate: 12/24-hour clock, storetime, ICU intime, ED reading remark, psql block",
    "flag_count20": "count of abnormal-flagged results: n of total, parts, shares that do or do not hold, distinct vs rows, a flag table",
    "thresh_count20": "count above a threshold: other thresholds as remarks, shares, artifacts excluded, distinct hours, SQL output",
    "distinct_count20": "distinct itemids vs rows vs distinct labels",
    "temp_max20": "maximum temperature: Fahrenheit conversions, several readings quoted, another stay, rounding",
    "hgb_day20": "last hemoglobin of the first ICU day: another day, conversions, first vs last",
    "map_low20": "lowest cuff MAP: several readings, arterial line, computed MAP, artifact caveat",
    "trop_peak20": "peak troponin T: ng/L conversions, median, another admission, second-highest, digits",
    "glu_first20": "first glucose: mmol/L conversion, fingerstick, ABG, digits",
    "lft_set20": "set of liver-panel lab labels: abbreviations, spelling, 'Bilirubin, Total' vs Direct / Ascites / Pleural, 'and 3 others', tables",
    "dc_set20": "set of discharge drugs with a combination product: truncated, brand names, another strength / form, 'and 2 others', duplicates, tables",
    "top3_list20": "ranked top-3 drug list: counts agreeing or contradicting the ranks, 'and 9 others', order words, a sibling product in parentheses, ties",
    "hedge20": "hedged answers stating the gold value",
    "correction20": "self-corrections (the final value decides)",
    "abstain20": "plain abstentions",
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
    ('Respiratory Rate (RR); unit insp/min', 'Respiratory Rate'),
    ('Respiratory Rate (RR), insp/min', 'Respiratory Rate'),
    ('Respiratory Rate — not Respiratory Rate (Total)', 'Respiratory Rate'),
    ('Respiratory Rate (not the Total or Set items)', 'Respiratory Rate'),
    ('| itemid | label |\n|---|---|\n| 220210 | Respiratory Rate |', 'Respiratory Rate'),
    ('{"itemid": 220210, "label": "Respiratory Rate"}', 'Respiratory Rate'),
    ('```\n label\n------------------------\n Respiratory Rate\n(1 row)\n```', 'Respiratory Rate'),
    ('Bilirubin, Total (Blood, Chemistry)', 'Bilirubin, Total'),
    ('Potassium (Blood, Chemistry)', 'Potassium'),
    ('Medical Intensive Care Unit (MICU) (later CVICU)', 'Medical Intensive Care Unit (MICU)'),
    ('MICU - Medical Intensive Care Unit', 'Medical Intensive Care Unit (MICU)'),
    ('Medical ICU', 'Medical Intensive Care Unit (MICU)'),
    ('MICU/SICU (medical/surgical)', 'Medical/Surgical Intensive Care Unit (MICU/SICU)'),
    ('Neuro SICU', 'Neuro Surgical Intensive Care Unit (Neuro SICU)'),
    ('Trauma SICU', 'Trauma SICU (TSICU)'),
    ('IV (central line)', 'IV'),
    ('Intravenous', 'IV'),
    ('PO (by mouth)', 'PO'),
    ('Heparin (porcine)', 'Heparin'),
    ('Zosyn (piperacillin-tazobactam)', 'Piperacillin-Tazobactam'),
    ('Piperacillin-Tazobactam (extended infusion)', 'Piperacillin-Tazobactam'),
    ('Vancomycin (Vancocin HCl)', 'Vancomycin'),
    ('HOME (self care)', 'HOME'),
    ('HOME HEALTH CARE (VNA)', 'HOME HEALTH CARE'),
    ('| itemid | label |\n|---|---|\n| 220045 | Heart Rate |\n| 220210 | Respiratory Rate |\n| 220277 | O2 saturation pulseoxymetry |', ('Heart Rate', 'Respiratory Rate', 'O2 saturation pulseoxymetry')),
    ('```\n label\n-----------------------------\n Heart Rate\n Respiratory Rate\n O2 saturation pulseoxymetry\n(3 rows)\n```', ('Heart Rate', 'Respiratory Rate', 'O2 saturation pulseoxymetry')),
    ('Heart Rate, Respiratory Rate and O2 saturation pulseoxymetry (the SpO2 probe).', ('Heart Rate', 'Respiratory Rate', 'O2 saturation pulseoxymetry')),
    ('Emergency Department, Medical ICU, Medicine', ('Emergency Department', 'Medical Intensive Care Unit (MICU)', 'Medicine')),
    ('| # | drug | starttime |\n|---|---|---|\n| 1 | Heparin | 2155-01-03 07:40 |\n| 2 | Vancomycin | 2155-01-03 08:00 |\n| 3 | Acetaminophen | 2155-01-03 09:15 |', ('Heparin', 'Vancomycin', 'Acetaminophen')),
    ('| itemid | label | n |\n|---|---|---|\n| 220045 | Heart Rate | 142 |\n| 220210 | Respiratory Rate | 139 |\n| 220277 | O2 saturation pulseoxymetry | 137 |', (('Heart Rate', 142), ('Respiratory Rate', 139), ('O2 saturation pulseoxymetry', 137))),
    ('Medical ICU 3, Cardiac Vascular ICU 1', (('Medical Intensive Care Unit (MICU)', 3), ('Cardiac Vascular Intensive Care Unit (CVICU)', 1))),
    ('1.8 mg/dL; it peaked at 2.6 on hospital day 3.', 1.8),
    ('```sql\nSELECT valuenum FROM labevents WHERE hadm_id = 25510034 AND itemid = 50912 ORDER BY charttime LIMIT 1;\n```\nResult: 1.8', 1.8),
    ('2150-03-02 14:35; the highest lactate of the earlier admission was drawn 2149-11-20 09:00.', '2150-03-02 14:35'),
    ('14:35 on hospital day 2 (2150-03-02)', '2150-03-02 14:35'),
    ('05:40 on the morning of 2150-03-05', '2150-03-05 05:40'),
    ('2150-03-05 05:40 — the last one before discharge at 11:00.', '2150-03-05 05:40'),
    ('First HR: 112 bpm at 2153-04-12 02:15, about 10 minutes after the 02:05 intime.', '2153-04-12 02:15'),
    ('At quarter past two in the morning of 12 April 2153.', '2153-04-12 02:15'),
    ('2153-04-12 02:15 — though a heart rate at 01:58 was charted before the ICU intime, in the ED.', '2153-04-12 02:15'),
    ('11 potassium results, of which 4 were flagged abnormal.', 4),
    ('| flag | n |\n|---|---|\n| abnormal | 4 |\n| (null) | 7 |', 4),
    ('4; counting values above the reference range instead of the flag gives 5.', 4),
    ('23 readings above 100 bpm, spread over 3 days', 23),
    ('23 readings above 100 bpm; 5 were above 120.', 23),
    ('5 readings above 120 bpm; 23 above 100.', 23),
    ('19 distinct hours had a reading above 100 bpm (23 readings).', 23),
    ('SELECT count(*) FROM chartevents WHERE stay_id = 36412088 AND itemid = 220045 AND valuenum > 100;\n count\n-------\n    23', 23),
    ('38 distinct itemids (1,204 labevents rows)', 38),
    ('38 tests; 1,204 rows in total', 38),
    ('38.9 °C at 04:00 on 2153-04-12 (it was 39.1 °C on the next ICU stay).', 38.9),
    ('38.9 °C (converted from the 102.0 °F Fahrenheit reading, itemid 223761)', 38.9),
    ('Temperatures: 37.2, 38.1, 38.9, 38.4 °C. Max = 38.9 °C.', 38.9),
    ('8.1 g/dL — it rose to 9.0 on day 2 after a transfusion.', 8.1),
    ('The last day-1 hemoglobin was 8.1 g/dL (drawn 2153-04-12 23:10); the first was 9.4.', 8.1),
    ('8.1 (hematocrit 24.3%)', 8.1),
    ('The readings were 65, 58, 52 and 61 mmHg; the lowest was 52.', 52),
    ('0.45 ng/mL — the median of the six draws was 0.21.', 0.45),
    ("0.45 ng/mL. Note: values are reported as '<0.01' below detection and were treated as 0.", 0.45),
    ('0.45 ng/mL; the peak CK-MB was 12.', 0.45),
    ('212 mg/dL (fingerstick glucose 198 at the same time)', 212),
    ('ALT, AST, alkaline phosphatase, total bilirubin', ('Alanine Aminotransferase (ALT)', 'Asparate Aminotransferase (AST)', 'Alkaline Phosphatase', 'Bilirubin, Total')),
    ('Alanine Aminotransferase (ALT); Aspartate Aminotransferase (AST); Alkaline Phosphatase; Bilirubin, Total', ('Alanine Aminotransferase (ALT)', 'Asparate Aminotransferase (AST)', 'Alkaline Phosphatase', 'Bilirubin, Total')),
    ('| itemid | label |\n|---|---|\n| 50861 | Alanine Aminotransferase (ALT) |\n| 50878 | Asparate Aminotransferase (AST) |\n| 50863 | Alkaline Phosphatase |\n| 50885 | Bilirubin, Total |', ('Alanine Aminotransferase (ALT)', 'Asparate Aminotransferase (AST)', 'Alkaline Phosphatase', 'Bilirubin, Total')),
    ('Oxycodone-Acetaminophen, Docusate Sodium and Senna', ('Oxycodone-Acetaminophen (5mg-325mg)', 'Docusate Sodium', 'Senna')),
    ('Oxycodone-Acetaminophen (Percocet), Docusate Sodium (Colace), Senna', ('Oxycodone-Acetaminophen (5mg-325mg)', 'Docusate Sodium', 'Senna')),
    ('Percocet, Colace and senna', ('Oxycodone-Acetaminophen (5mg-325mg)', 'Docusate Sodium', 'Senna')),
    ('| drug | n |\n|---|---|\n| Oxycodone-Acetaminophen (5mg-325mg) | 2 |\n| Docusate Sodium | 1 |\n| Senna | 1 |', ('Oxycodone-Acetaminophen (5mg-325mg)', 'Docusate Sodium', 'Senna')),
    ('```\n drug\n-------------------------------------\n Oxycodone-Acetaminophen (5mg-325mg)\n Docusate Sodium\n Senna\n(3 rows)\n```', ('Oxycodone-Acetaminophen (5mg-325mg)', 'Docusate Sodium', 'Senna')),
    ('Insulin, Heparin, Potassium Chloride, and 9 others', ('Insulin', 'Heparin', 'Potassium Chloride')),
    ('Insulin, Heparin, Potassium Chloride (then Sodium Chloride 0.9% Flush with 11)', ('Insulin', 'Heparin', 'Potassium Chloride')),
    ('| drug | n |\n|---|---|\n| Insulin | 24 |\n| Heparin | 18 |\n| Potassium Chloride | 12 |', ('Insulin', 'Heparin', 'Potassium Chloride')),
    ('Insulin leads with 24 orders, Heparin follows with 18 and Potassium Chloride is third with 12.', ('Insulin', 'Heparin', 'Potassium Chloride')),
    ('CVICU - no, that was the last_careunit; the first was the Medical Intensive Care Unit (MICU).', 'Medical Intensive Care Unit (MICU)'),
    ('39.1 °C - sorry, that was the next stay; for stay 36412088 the maximum was 38.9 °C.', 38.9),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
    ("No troponin T results exist for admission 29104471 in labevents, so I can't give a peak.", 0.45),
})
