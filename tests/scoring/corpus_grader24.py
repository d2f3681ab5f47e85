"""A twenty-fourth corpus (issue 11, round 24): another independent grader wrote 272 answers against the round-24
rules: codes glossed with a sibling code's title (with figures, in words, in roman numerals, without figures: STEMI
for NSTEMI, left for right, subsequent for initial), days given without a year, rates, parts and labels in forms the
checks missed, rankings against their own figures, "none" answers that go on to name a given item, chartevents,
labevents, dictionaries, patients, omr and JSON answers. (answer, shape, gold, expected, question); expected NC:
wrong and abstained both fine. KNOWN_FALSE_POSITIVES lists the ones still open and CONSERVATIVE the right answers
still missed (the test holds both exact)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

# ---------------------------------------------------------------- codes
QPCODE = "What is the ICD-10-PCS code of the first procedure (seq_num 1) of admission 27778899?"
QPCODE2 = "What is the ICD-10-PCS code of the ventilation procedure of admission 26667788?"
QPCODE3 = "What is the ICD-10-PCS code of the ventilation procedure of admission 26667799?"
QRRT = "What is the ICD-10-PCS code of the renal replacement procedure of admission 26667788?"
QRRT2 = "What is the ICD-10-PCS code of the renal replacement procedure of admission 26667799?"
QRRT3 = "What is the ICD-10-PCS code of the renal replacement procedure of admission 26667700?"
QP9 = "What is the ICD-9 procedure code of the ventilation procedure of admission 25566778?"
QP9B = "What is the ICD-9 procedure code of the ventilation procedure of admission 25566700?"
QDM10 = "What is the ICD-10-CM code of the diabetes diagnosis of admission 27778899?"
QDM10B = "What is the ICD-10-CM code of the diabetes diagnosis of admission 27778800?"
QDM10C = "What is the ICD-10-CM code of the diabetes diagnosis of admission 27778811?"
QDM9 = "What is the ICD-9 diagnosis code of the diabetes diagnosis of admission 25566778?"
QDM9B = "What is the ICD-9 diagnosis code of the diabetes diagnosis of admission 25566700?"
QCKD10 = "What is the ICD-10-CM code of the chronic kidney disease diagnosis of admission 27778899?"
QCKD10B = "What is the ICD-10-CM code of the chronic kidney disease diagnosis of admission 27778800?"
QCKD9 = "What is the ICD-9 diagnosis code of the chronic kidney disease diagnosis of admission 25566778?"
QDX1 = "What is the ICD-10-CM code of the principal diagnosis (seq_num 1) of admission 27778899?"
QRF = "What is the ICD-10-CM code of the respiratory failure diagnosis of admission 27778899?"
QOA = "What is the ICD-10-CM code of the osteoarthritis diagnosis of admission 27778899?"
QFX = "What is the ICD-10-CM code of the hip fracture diagnosis of admission 27778899?"
QHF = "What is the ICD-10-CM code of the heart failure diagnosis of admission 27778899?"
QSEP = "What is the ICD-10-CM code of the sepsis diagnosis of admission 27778899?"
QAKI10 = "What is the ICD-10-CM code of the acute kidney failure diagnosis of admission 27778899?"
QAF = "What is the ICD-10-CM code of the atrial fibrillation diagnosis of admission 27778899?"
QMI9 = "What is the ICD-9 diagnosis code of the myocardial infarction diagnosis of admission 25566778?"
QBMIC = "What is the ICD-10-CM code of the body mass index diagnosis of admission 27778899?"
QGCSC = "What is the ICD-10-CM code of the coma scale diagnosis of admission 27778899?"
QPREG = "What is the ICD-10-CM code of the pregnancy supervision diagnosis of admission 27778899?"
QBURN = "What is the ICD-10-CM code of the burn extent diagnosis of admission 27778899?"
QPRET = "What is the ICD-10-CM code of the prematurity diagnosis of admission 27778899?"
QBMI9 = "What is the ICD-9 diagnosis code of the body mass index diagnosis of admission 25566778?"
QPRET9 = "What is the ICD-9 diagnosis code of the prematurity diagnosis of admission 25566778?"
QDRG = "What is the HCFA DRG code (drgcodes.drg_code with drg_type HCFA) of admission 25566778?"
QDRG2 = "What is the HCFA DRG code (drgcodes.drg_code with drg_type HCFA) of admission 26667788?"
QSEV = "What was the drg_severity of the APR DRG row (drg_type APR) of admission 25566778?"
QHCPCS = "Which hcpcs_cd had seq_num 1 in hcpcsevents for admission 25566778?"
QCC1 = "Which critical care CPT code was billed in hcpcsevents for admission 26667788?"
QCC2 = "Which critical care CPT code was billed in hcpcsevents for admission 26667799?"
# ---------------------------------------------------------------- numbers by day
QOUT = "What was the total Foley urine output (outputevents, mL) on 2151-05-02 for ICU stay 34668800?"
QEMARN = "How many times was furosemide administered (emar event_txt = 'Administered') on 2151-05-03?"
QIN = "What total amount (mL) of NaCl 0.9% was given in inputevents during ICU stay 34668800 (1 decimal)?"
# ---------------------------------------------------------------- collections
MICU = "Medical Intensive Care Unit (MICU)"
QUN = "How many ICU stays were there per first_careunit in 2150?"
UN = [[MICU, 1241], ["Surgical Intensive Care Unit (SICU)", 987], ["Cardiac Vascular Intensive Care Unit (CVICU)", 821]]
QTOP = "What were the three most frequent first_careunits in 2150 (by number of stays), most frequent first?"
TOP = [MICU, "Surgical Intensive Care Unit (SICU)", "Cardiac Vascular Intensive Care Unit (CVICU)"]
QRTAB = "How many prescriptions of admission 25566778 were there per route?"
RTAB = [["IV", 1210], ["PO", 985], ["SC", 412]]
QNONE = "Which antibiotics were given during admission 25566778?"
# ---------------------------------------------------------------- other tables
QORG = "Which organism (microbiologyevents.org_name) grew in the first positive blood culture of admission 25566778?"
QAB = "To which antibiotic (microbiologyevents.ab_name) was the E. coli isolate of admission 25566778 resistant? (one antibiotic)"
QINT = "What was the interpretation of the ciprofloxacin susceptibility test of the E. coli isolate of admission 25566778?"
QSPEC = "What was the spec_type_desc of the first microbiology specimen of admission 25566778?"
QGCSV = "What was the first 'GCS - Verbal Response' value (chartevents.value) charted in ICU stay 34668800?"
QGCS = "What was the lowest total GCS (eye + verbal + motor) charted in ICU stay 34668800 on 2151-05-02?"
QPEEP = "What was the first 'PEEP set' value (cmH2O) charted in ICU stay 34668800?"
QVT = "What was the first 'Tidal Volume (set)' value (mL) charted in ICU stay 34668800?"
QFIO2 = "What was the first 'Inspired O2 Fraction' (FiO2, %) charted in ICU stay 34668800?"
QFLAG = "What was the flag of the potassium result with charttime 2151-05-02 06:00 of admission 25566778 (labevents.flag)?"
QREF = "What was the ref_range_upper of the potassium result with charttime 2151-05-02 06:00 of admission 25566778 (mEq/L, 1 decimal)?"
QLABID = "What is the itemid of 'Potassium' (fluid Blood, category Chemistry) in d_labitems?"
QFLUID = "What is the fluid of d_labitems itemid 50912?"
QDITEM = "What is the itemid of 'Heart Rate' in d_items?"
QALOC = "What was the admission_location of admission 25566778?"
QDLOC = "What was the discharge_location of admission 25566778?"
QRACE = "What was the race recorded for admission 25566778?"
QMAR = "What was the marital_status recorded for admission 25566778?"
QXEV = "What was the eventtype of the first transfers row (by intime) of admission 25566778?"
QSVCL = "What was the curr_service of the last services row (by transfertime) of admission 25566778?"
QAGE = "What is the anchor_age of patient 10023456?"
QDOD = "What is the date of death (patients.dod) of patient 10023456?"
QBP = "What blood pressure (omr result_name 'Blood Pressure') was recorded for patient 10023456 on 2151-02-10?"
QBMI = "What was the latest BMI (kg/m2) recorded in omr for patient 10023456 (1 decimal)?"

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ================================================================ (1) figures in a code's gloss
add("codefig24", "string/code", "5A1955Z", QPCODE,
    ("5A1955Z (ventilation, one to four days)", NC),
    ("5A1955Z (ventilation for more than 4 days; extubated on day 6)", C),
    ("5A1955Z (ventilation, more than ninety-six hours)", C),
    ("5A1955Z (ventilation, twenty-four to ninety-six hours)", NC),
    ("5A1955Z (ventilation for under four days)", NC),
    ("5A1955Z (ventilation for fewer than ninety-six consecutive hours)", NC),
    ("5A1955Z (ventilation > 4 days)", C),
    ("5A1955Z (ventilation >96 h; 5 days in all)", C),
    ("5A1955Z (ventilation <96 h)", NC),
    ("5A1955Z (ventilation less than a day)", NC),
)
add("codefig24", "string/code", "5A1945Z", QPCODE2,
    ("5A1945Z (ventilation between one and four days)", C),
    ("5A1945Z (ventilation > four days)", NC),
    ("5A1945Z (ventilation, fewer than twenty-four hours)", NC),
    ("5A1945Z (1-4 days of ventilation)", C),
)
add("codefig24", "string/code", "5A1935Z", QPCODE3,
    ("5A1935Z (ventilation longer than a day)", NC),
    ("5A1935Z (ventilated for 12 hours)", C),
)
add("codefig24", "string/code", "5A1D90Z", QRRT,
    ("5A1D90Z (CRRT, more than 18 hours per day)", C),
    ("5A1D90Z (CRRT running 24 hours per day)", C),
    ("5A1D90Z (under six hours per day)", NC),
)
add("codefig24", "string/code", "5A1D70Z", QRRT2,
    ("5A1D70Z (a 4-hour session)", C),
)
add("codefig24", "string/code", "5A1D80Z", QRRT3,
    ("5A1D80Z (prolonged intermittent RRT, 6 to 18 hours per day)", C),
)
add("codefig24", "string/code", "9672", QP9,
    ("96.72 (ventilation for ninety-six consecutive hours or more)", C),
    ("96.72 (less than four days of ventilation)", NC),
    ("96.72 (less than ninety-six hours)", NC),
    ("96.72 (mechanical ventilation >= 96 h)", C),
)
add("codefig24", "string/code", "9671", QP9B,
    ("96.71 (ventilation of four days or more)", NC),
    ("96.71 (more than four days)", NC),
    ("96.71 (ventilated for 2 days)", C),
)
add("codefig24", "string/code", "E109", QDM10,
    ("E10.9 (type two diabetes)", NC),
    ("E10.9 (type one diabetes without complications)", C),
    ("E10.9 (NIDDM)", NC),
)
add("codefig24", "string/code", "E119", QDM10B,
    ("E11.9 (insulin-dependent diabetes mellitus)", NC),
    ("E11.9 (type 2 diabetes with complications)", NC),
    ("E11.9 (juvenile diabetes)", NC),
)
add("codefig24", "string/code", "25002", QDM9,
    ("250.02 (type II diabetes, not stated as uncontrolled)", NC),
)
add("codefig24", "string/code", "25001", QDM9B,
    ("250.01 (type I, not stated as uncontrolled)", C),
    ("250.01 (type I diabetes, uncontrolled)", NC),
)
add("codefig24", "string/code", "N184", QCKD10,
    ("N18.4 (stage IIIb CKD)", NC),
    ("N18.4 (CKD stage IV)", C),
    ("N18.4 (CKD stage five)", NC),
    ("N18.4 (CKD stage III)", NC),
    ("N18.4 (end-stage renal disease)", NC),
    ("N18.4 (CKD, moderate)", NC),
)
add("codefig24", "string/code", "N1832", QCKD10B,
    ("N18.32 (CKD stage 3a)", NC),
)
add("codefig24", "string/code", "5853", QCKD9,
    ("585.3 (CKD stage III, moderate)", C),
    ("585.3 (chronic kidney disease stage 3, severe)", NC),
    ("585.3 (CKD stage four)", NC),
)
# ================================================================ (1) sibling titles without figures
add("sibling24", "string/code", "I214", QDX1,
    ("I21.4 (STEMI)", NC),
    ("I21.4 (ST elevation myocardial infarction)", NC),
    ("I21.4 (NSTEMI)", C),
)
add("sibling24", "string/code", "J9601", QRF,
    ("J96.01 (acute and chronic respiratory failure with hypoxia)", NC),
    ("J96.01 (acute respiratory failure with hypercapnia)", NC),
    ("J96.01 (acute respiratory failure with hypoxia)", C),
    ("J96.01 (chronic respiratory failure with hypoxia)", NC),
)
add("sibling24", "string/code", "M1711", QOA,
    ("M17.11 (primary osteoarthritis, left knee)", NC),
    ("M17.11 (bilateral primary osteoarthritis of the knee)", NC),
)
add("sibling24", "string/code", "S72001A", QFX,
    ("S72.001A (right femoral neck fracture, initial encounter)", C),
    ("S72.001A (left femoral neck fracture, initial encounter)", NC),
    ("S72.001A (sequela of right femoral neck fracture)", NC),
)
add("sibling24", "string/code", "E1165", QDM10C,
    ("E11.65 (type 2 diabetes with hypoglycemia)", NC),
)
add("sibling24", "string/code", "I5023", QHF,
    ("I50.23 (acute on chronic diastolic heart failure)", NC),
    ("I50.23 (chronic systolic heart failure)", NC),
)
add("sibling24", "string/code", "A419", QSEP,
    ("A41.9 (sepsis due to E. coli)", NC),
)
add("sibling24", "string/code", "N170", QAKI10,
    ("N17.0 (acute kidney failure, unspecified)", NC),
)
add("sibling24", "string/code", "I480", QAF,
    ("I48.0 (persistent atrial fibrillation)", NC),
    ("I48.0 (atrial flutter)", NC),
)
add("sibling24", "string/code", "41071", QMI9,
    ("410.71 (subendocardial infarction, initial episode of care)", C),
    ("410.71 (subendocardial infarction, subsequent episode of care)", NC),
    ("410.71 (acute MI of anterior wall, initial episode)", NC),
)
add("sibling24", "string/code", "5A1D90Z", QRRT,
    ("5A1D90Z (intermittent hemodialysis)", NC),
    ("5A1D90Z (continuous renal replacement therapy)", C),
)
add("sibling24", "string/code", "5A1D70Z", QRRT2,
    ("5A1D70Z (continuous renal replacement therapy)", NC),
)
# ================================================================ (1) right titles that carry figures
add("figright24", "string/code", "Z6841", QBMIC,
    ("Z68.41 (BMI 40.0-44.9, adult)", C),
    ("Z68.41 (body mass index 40.0\u201344.9, adult)", C),
    ("Z68.41 (BMI 35.0-39.9, adult)", NC),
)
add("figright24", "string/code", "R402431", QGCSC,
    ("R40.2431 (Glasgow coma scale score 3-8, in the field)", C),
)
add("figright24", "string/code", "O09523", QPREG,
    ("O09.523 (supervision of elderly multigravida, 3rd trimester)", C),
    ("O09.523 (elderly multigravida, third trimester)", C),
)
add("figright24", "string/code", "T3121", QBURN,
    ("T31.21 (burns of 20-29% of body surface, 10-19% third degree)", C),
)
add("figright24", "string/code", "P0735", QPRET,
    ("P07.35 (preterm newborn, gestational age 32 completed weeks)", C),
    ("P07.35 (preterm newborn, 34 completed weeks)", NC),
)
add("figright24", "string/code", "V8541", QBMI9,
    ("V85.41 (BMI 40.0-44.9, adult)", C),
)
add("figright24", "string/code", "76525", QPRET9,
    ("765.25 (27-28 completed weeks of gestation)", C),
)
# ================================================================ (1) DRG and HCPCS glosses
add("drghcpcs24", "string/code", "871", QDRG,
    ("871 (septicemia or severe sepsis without MV >96 hours with MCC)", C),
    ("871 (sepsis w/o MV >96 hrs w MCC)", C),
    ("871 (APR-DRG)", NC),
    ("871 (septicemia or severe sepsis without mechanical ventilation over four days, with MCC)", C),
)
add("drghcpcs24", "string/code", "207", QDRG2,
    ("207 (respiratory system diagnosis with ventilator support >96 hours)", C),
)
add("drghcpcs24", "number/count", 3, QSEV,
    ("3 (minor)", NC),
    ("3; mortality risk 2", C),
    ("Major", C),
)
add("drghcpcs24", "string/code", "99223", QHCPCS,
    ("99223 (initial hospital care, level 3)", C),
    ("99223 (subsequent hospital care)", NC),
    ("99223 (initial hospital care, per day)", C),
    ("99223 (initial hospital care, level 1)", NC),
    ("CPT 99223", C),
)
add("drghcpcs24", "string/code", "99291", QCC1,
    ("99291 (critical care, first 30-74 minutes)", C),
    ("99291 (critical care, each additional 30 minutes)", NC),
)
add("drghcpcs24", "string/code", "99292", QCC2,
    ("99292 (critical care, each additional 30 min)", C),
)
# ================================================================ (1) dates, counts and durations beside a code; glosses out of brackets
add("codemeta24", "string/code", "5A1955Z", QPCODE,
    ("5A1955Z (seq_num 1; chartdate 2151-05-02)", C),
    ("5A1955Z (on 5/2)", C),
    ("5A1955Z (performed 2151-05-02; 6 days of ventilation)", C),
    ("5A1955Z (3 days of ventilation)", NC),
    ("5A1955Z: ventilation 24 to 96 hours", NC),
    ("5A1955Z: ventilation > 96 consecutive hours", C),
    ("5A1955Z \u2013 Respiratory Ventilation, Greater than 96 Consecutive Hours", C),
    ("5A1955Z, which is ventilation for twenty-four to ninety-six hours", NC),
)
# ================================================================ (1) a day's total beside a rate
add("dayrate24", "number/measurement", 1450, QOUT,
    ("1,450 mL (\u2248 60 mL/h)", C),
    ("1,450 mL (0.06 L/h)", C),
    ("1,450 mL (\u2248 0.74 mL/kg/h at 82 kg)", C),
    ("1,450 mL (\u2248 20 mL/h)", NC),
    ("1,450 mL (0.5 mL/min)", NC),
    ("1,450 mL (i.e. 120 mL/h over 24 h)", NC),
    ("1,450 mL, about twenty mL an hour", NC),
    ("60 mL/h", W),
    ("1,450 mL/h", NC),
)
# ================================================================ (1) the day as month and day
add("monthday24", "number/measurement", 1450, QOUT,
    ("1,450 mL (on the 1st)", NC),
    ("1,450 mL (May 2)", C),
    ("1,450 mL (05/02)", C),
    ("1,450 mL (calendar day May 2, midnight to midnight)", C),
    ("1,450 mL (on the 3rd)", NC),
    ("1,450 mL (05/03)", NC),
    ("1,450 mL (the next day)", NC),
    ("1,450 mL on May 3rd", NC),
)
# ================================================================ (1) a count whose own times fall on another day
add("countday24", "number/count", 2, QEMARN,
    ("2 (08:00 on the 2nd and 20:00 on the 3rd)", NC),
    ("2 (08:00 and 20:00)", C),
    ("2 (2151-05-03 08:00 and 2151-05-04 00:00)", NC),
    ("2 (08:00 on 05/03 and 08:00 on 05/04)", NC),
    ("2 (08:00 on the 3rd, 08:00 on the 4th)", NC),
    ("2 (20:00 on May 3; 00:00 on May 4)", NC),
)
# ================================================================ (1) sums of parts
add("parts24", "number/measurement:1", 2350.0, QIN,
    ("2,350.0 mL (2,000 mL bolus + 350 mL maintenance)", C),
    ("2,350.0 mL (2,000 mL bolus and 250 mL maintenance)", NC),
    ("2,350.0 mL (1,000 mL on 2151-05-01, 1,000 mL on 2151-05-02 and 250 mL on 2151-05-03)", NC),
    ("2,350.0 mL (boluses 2,000 mL; maintenance 450 mL)", NC),
    ("2,350.0 mL (2 L bolus + 350 mL drip)", C),
    ("2,350.0 mL (2 L bolus + 0.25 L drip)", NC),
    ("2,350.0 mL: 1,500 mL in the OR plus 850 mL in the ICU", C),
    ("2,350.0 mL: 1,500 mL in the OR plus 950 mL in the ICU", NC),
)
# ================================================================ (1) table and list labels that fold in another value
add("label24", "table/string,count", UN, QUN,
    ("MICU (incl. MICU/SICU): 1241\nSICU: 987\nCVICU: 821", NC),
    ("MICU: 1241\nSICU including Trauma SICU: 987\nCVICU: 821", NC),
    ("MICU 1241, SICU (+ TSICU) 987, CVICU 821", NC),
    ("MICU (Medical ICU): 1241; SICU (Surgical ICU): 987; CVICU (Cardiac Vascular ICU): 821", C),
    ("MICU 1241, SICU (excluding Trauma SICU) 987, CVICU 821", C),
    ("MICU 1241, SICU 987, CVICU 821 (TSICU not included)", NC),
)
add("label24", "list/string^", TOP, QTOP,
    ("MICU, SICU plus TSICU, CVICU", NC),
    ("MICU, SICU (+ TSICU), CVICU", NC),
    ("MICU, SICU (not counting TSICU), CVICU", C),
)
add("label24", "table/string,count", RTAB, QRTAB,
    ("IV (including IVPB): 1,210; PO: 985; SC: 412", NC),
    ("IV (intravenous) 1,210; PO (oral) 985; SC (subcutaneous) 412", C),
)
# ================================================================ (1) rankings with counts or shares in remarks
add("rank24", "list/string^", TOP, QTOP,
    ("MICU > SICU > CVICU (987 > 821)", C),
    ("MICU > SICU > CVICU (821 > 987)", NC),
    ("MICU > SICU > CVICU (1,241 / 987 / 821)", C),
    ("MICU > SICU > CVICU (1,241 vs 821 vs 987)", NC),
    ("MICU > SICU > CVICU (41% / 32% / 27%)", C),
    ("MICU > SICU > CVICU (41% / 27% / 32%)", NC),
    ("MICU > SICU > CVICU (SICU 987 vs CVICU 821)", C),
    ("MICU, SICU, CVICU \u2014 SICU ahead of CVICU by 166 stays", C),
    ("MICU, SICU, CVICU (CVICU ahead of SICU by 166)", NC),
    ("MICU > CVICU > SICU", W),
)
# ================================================================ (1) 'none' answers with a remark about an item given or not
add("none24", "set/string!", [], QNONE,
    ("None; cefazolin 2 g was given at induction", NC),
    ("None, but the patient received one dose of vancomycin", NC),
    ("None (vancomycin was administered once on 2151-05-02)", NC),
    ("None, although one dose of cefazolin was received pre-operatively", NC),
    ("No antibiotics; the patient did receive ceftriaxone 1 g on day 2", NC),
    ("None (vancomycin was given during the previous admission 24455667)", C),
    ("None; the vancomycin order was cancelled before any dose", C),
    ("None (fluconazole, an antifungal, was given)", C),
    ("None (acetaminophen and heparin were given; neither is an antibiotic)", C),
    ("None \u2014 cefazolin was given only in a later admission", C),
    ("None (micafungin, an echinocandin antifungal, was received)", C),
)
# ================================================================ (2) microbiology
add("micro24", "string/string", "ESCHERICHIA COLI", QORG,
    ("Escherichia coli (gram-negative rod)", C),
    ("E. coli, a gram-negative bacillus", C),
    ("Klebsiella pneumoniae", W),
    ("E. coli (recorded as Klebsiella pneumoniae)", NC),
)
add("micro24", "string/string", "AMPICILLIN", QAB,
    ("Ampicillin (R, MIC >= 32)", C),
    ("Ampicillin (interpretation S)", NC),
    ("AMPICILLIN \u2014 resistant", C),
)
add("micro24", "string/string", "R", QINT,
    ("R (susceptible)", NC),
    ("R \u2014 MIC >= 4", C),
)
add("micro24", "string/string", "BLOOD CULTURE", QSPEC,
    ("BLOOD CULTURE (routine)", C),
    ("Blood culture, followed by a urine specimen", C),
)
# ================================================================ (2) chartevents
add("chart24", "string/string", "Oriented", QGCSV,
    ("Oriented (GCS verbal 3)", NC),
    ("5 \u2014 Oriented", C),
    ("Confused (4)", W),
    ("Oriented (4)", NC),
    ("Oriented (score 1)", NC),
)
add("chart24", "number/count", 7, QGCS,
    ("7 (E3V2M3)", NC),
    ("7 (E1V1M5)", C),
    ("7 (E2 V1 M4)", C),
    ("7 (E2 V2 M4)", NC),
    ("7 (eye 1, verbal 1, motor 5)", C),
    ("7 (E1V1M4)", NC),
)
add("chart24", "number/measurement", 5, QPEEP,
    ("PEEP 5 cm H2O, FiO2 0.4", C),
    ("5 (PEEP set 8)", NC),
    ("5 mmHg", NC),
)
add("chart24", "number/measurement", 450, QVT,
    ("450 mL (6 mL/kg for a PBW of 75 kg)", C),
    ("450 mL (8 mL/kg, PBW 75 kg)", NC),
    ("0.45 L", C),
    ("450 mL (set 500 mL)", NC),
)
add("chart24", "number/measurement", 40, QFIO2,
    ("40% (FiO2 0.4)", C),
    ("40% (FiO2 0.6)", NC),
)
# ================================================================ (2) labevents and dictionaries
add("lab24", "string/string", "abnormal", QFLAG,
    ("abnormal (K 5.9 mEq/L, ref 3.5-5.1)", C),
    ("abnormal (K 4.2, reference range 3.5-5.1)", NC),
    ("abnormal (high)", C),
    ("abnormal (within reference range)", NC),
)
add("lab24", "number/measurement:1", 5.1, QREF,
    ("5.1 (range 3.5\u20135.1)", C),
    ("5.1 (range 3.5\u20135.3)", NC),
)
add("lab24", "number/identifier", 50971, QLABID,
    ("50971 (Potassium, Blood, Chemistry)", C),
    ("50971 (whole blood potassium is 50822)", C),
    ("50971 (fluid: Urine)", NC),
)
add("lab24", "string/string", "Blood", QFLUID,
    ("Blood (Chemistry)", C),
    ("Blood (category Hematology)", NC),
    ("Blood; label Creatinine", C),
)
add("lab24", "number/identifier", 220045, QDITEM,
    ("220045 (linksto outputevents)", NC),
    ("220045 (linksto inputevents)", NC),
    ("220046 (Heart rate Alarm - High)", W),
    ("220045 (220046 is the high-alarm item)", C),
    ("220045 (unit: mmHg)", NC),
)
# ================================================================ (2) admissions, transfers, services
add("adm24", "string/string", "EMERGENCY ROOM", QALOC,
    ("Physician referral", W),
    ("Emergency room (transfer from hospital)", NC),
)
add("adm24", "string/string", "HOME HEALTH CARE", QDLOC,
    ("Home Health Care (HHC)", C),
    ("Home (no services)", W),
    ("Home with home health services", C),
    ("Home health care (recorded as HOME)", NC),
)
add("adm24", "string/string", "WHITE", QRACE,
    ("WHITE (Caucasian race)", C),
)
add("adm24", "string/string", "MARRIED", QMAR,
    ("Married (recorded as DIVORCED)", NC),
    ("Married (status at admission 25566778)", C),
)
add("adm24", "string/string", "ED", QXEV,
    ("ED (emergency department)", C),
    ("ED, then admit", C),
)
add("adm24", "string/string", "CSURG", QSVCL,
    ("CSURG (cardiac surgery service)", C),
    ("CSURG (after MED)", C),
    ("CSURG (cardiac medicine)", NC),
)
# ================================================================ (2) patients and omr
add("pat24", "number/count", 67, QAGE,
    ("67 years", C),
    ("67 (anchor_year 2151)", C),
    ("67 (born 2084; anchor_year 2151)", C),
    ("67 (born 2090; anchor year 2151)", NC),
    ("67 (anchor_year_group 2014 - 2016)", C),
)
add("pat24", "date/date", "2152-01-15", QDOD,
    ("2152-01-15 (died in hospital; hospital_expire_flag = 1)", C),
    ("2152-01-15 (three days after the 2152-01-18 discharge)", NC),
    ("alive (dod null)", W),
)
add("omr24", "string/string", "120/80", QBP,
    ("120/80 (diastolic 120)", NC),
    ("120/80 mmHg", C),
    ("80/120", W),
    ("120/80 (systolic 80)", NC),
    ("120 over 80", C),
    ("120/80 (MAP \u2248 93)", C),
    ("120/80 (MAP 110)", NC),
)
add("omr24", "number/measurement:1", 27.4, QBMI,
    ("27.4 kg/m2 (82 kg, 173 cm)", C),
    ("27.4 (82 kg, 163 cm)", NC),
)
# ================================================================ (3) JSON answers and tables
add("json24", "number/measurement", 1450, QOUT,
    ('{"answer": 1450, "unit": "mL"}', C),
    ('{"answer": 1450, "unit": "mL", "date": "2151-05-03"}', NC),
    ('{"answer": "1,450 mL", "stay_id": 34668800}', C),
    ('{"total_foley_ml": 1450, "date": "2151-05-02"}', C),
)
add("json24", "set/string!", [], QNONE,
    ('{"answer": [], "note": "vancomycin was administered on 2151-05-02"}', NC),
    ('{"answer": [], "note": "no antibiotic orders"}', C),
    ('{"antibiotics": [], "hadm_id": 25566778}', C),
)
add("json24", "table/string,count", RTAB, QRTAB,
    ('[{"route": "IV", "n": 1210}, {"route": "PO", "n": 985}, {"route": "SC", "n": 412}]', C),
    ('[{"route": "IV", "n": 1210}, {"route": "PO", "n": 958}, {"route": "SC", "n": 412}]', W),
    ('{"answer": [["IV", 1210], ["PO", 985], ["SC", 412]], "total": 2607}', C),
    ('{"answer": [["IV", 1210], ["PO", 985], ["SC", 412]], "total": 2707}', NC),
    ('[{"route": "IV", "n": 1210, "pct": 46.4}, {"route": "PO", "n": 985, "pct": 37.8}, {"route": "SC", "n": 412, "pct": 25.8}]', NC),
)
add("json24", "list/string^", TOP, QTOP,
    ('{"answer": ["MICU", "SICU", "CVICU"], "counts": [1241, 987, 821]}', C),
    ('[{"unit": "MICU", "stays": 1241}, {"unit": "SICU", "stays": 987}, {"unit": "CVICU", "stays": 821}]', C),
)
add("json24", "string/code", "5A1955Z", QPCODE,
    ('{"answer": "5A1955Z", "long_title": "Respiratory Ventilation, Greater than 96 Consecutive Hours"}', C),
    ('{"answer": "5A1955Z", "long_title": "Respiratory Ventilation, 24-96 Consecutive Hours"}', NC),
)
add("json24", "string/code", "I214", QDX1,
    ('{"icd_code": "I21.4", "long_title": "Subsequent non-ST elevation (NSTEMI) myocardial infarction"}', NC),
    ('{"icd_code": "I21.4", "long_title": "ST elevation (STEMI) myocardial infarction"}', NC),
    ('{"icd_code": "I21.4", "long_title": "Non-ST elevation (NSTEMI) myocardial infarction"}', C),
)
add("json24", "table/string,count", UN, QUN,
    ("| careunit | stays |\n|---|---|\n| MICU | 1,241 |\n| SICU | 987 |\n| CVICU | 821 |\n| **Total** | **3,049** |", C),
    ("| careunit | stays |\n|---|---|\n| MICU | 1,241 |\n| SICU | 987 |\n| CVICU | 821 |\n| **Total** | **3,094** |", NC),
    ("| careunit | stays | % |\n|---|---|---|\n| MICU | 1,241 | 40.7 |\n| SICU | 987 | 32.4 |\n| CVICU | 821 | 26.9 |\n| Total | 3,049 | 100 |", C),
    ("| careunit | stays | % |\n|---|---|---|\n| MICU | 1,241 | 40.7 |\n| SICU | 987 | 26.9 |\n| CVICU | 821 | 32.4 |\n| Total | 3,049 | 100 |", NC),
)

CLASS_DESC = {
    "codefig24": "figures in a code's gloss: 5A duration characters, 96.71/96.72, diabetes type, CKD stage, written as digits, words ('ninety-six', 'four days', 'type two'), roman numerals, sub-stages, 'controlled'; right ones and wrong ones",
    "sibling24": "a code with a sibling code's title that has no figure (STEMI for I21.4, hypercapnia for J96.01, left for right, subsequent for initial, with for without, intermittent for continuous); and the right titles",
    "figright24": "right titles that carry figures (BMI ranges, GCS 3-8, trimester, burn percentages, gestational weeks) and the same titles with a sibling's figures",
    "drghcpcs24": "DRG (HCFA titles with >96 hours, APR severity words) and CPT/HCPCS glosses (level, minutes, initial vs subsequent)",
    "codemeta24": "dates, counts, seq_num and durations in a code's bracket; glosses after a colon, dash or 'i.e.'",
    "dayrate24": "a day's total beside an hourly, per-minute, L/h or per-kg rate that fits or cannot fit in one day; rates given as the answer",
    "monthday24": "the day of a day's total written as month and day ('May 3', '05/03', 'the 3rd', 'the next day', a shift day)",
    "countday24": "a count on a date whose own listed times fall on another day, at midnight, or in a range across days",
    "parts24": "a total beside its parts with words after the units, 'and', 'plus', three parts, litres, '; ' separated labels",
    "label24": "table and list labels that fold another stored value in ('incl.', 'including', 'plus', 'with', 'together with', '(+ X)'); right exclusions and glosses",
    "rank24": "rankings beside counts, shares or comparisons in remarks that order the items the same way or otherwise",
    "none24": "'none' answers with a remark that an item was given (wrong) or was not given, was given elsewhere, or is outside the asked class (right)",
    "micro24": "microbiology: org_name, ab_name, interpretation S/I/R, spec_type_desc with glosses, contradicting remarks and extra items",
    "chart24": "chartevents: GCS verbal value with its score, GCS totals against components, PEEP and tidal volume with FiO2, PBW and units",
    "lab24": "labevents flags against the value and range, ref ranges, d_labitems and d_items lookups with facts about the item",
    "adm24": "admissions (admission and discharge location, race, marital status), transfers eventtype, services",
    "pat24": "patients: anchor_age with anchor year and birth year, units; dod against discharge",
    "omr24": "omr blood pressure with systolic/diastolic and MAP remarks; BMI against weight and height",
    "json24": "JSON answers with extra keys, lists of objects, dicts of counts and markdown tables with totals and shares",
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
    ('5A1955Z (ventilation for more than 4 days; extubated on day 6)', '5A1955Z'),
    ('5A1955Z (ventilation > 4 days)', '5A1955Z'),
    ('5A1955Z (ventilation >96 h; 5 days in all)', '5A1955Z'),
    ('5A1945Z (ventilation between one and four days)', '5A1945Z'),
    ('5A1945Z (1-4 days of ventilation)', '5A1945Z'),
    ('5A1935Z (ventilated for 12 hours)', '5A1935Z'),
    ('5A1D90Z (CRRT, more than 18 hours per day)', '5A1D90Z'),
    ('5A1D90Z (CRRT running 24 hours per day)', '5A1D90Z'),
    ('5A1D70Z (a 4-hour session)', '5A1D70Z'),
    ('5A1D80Z (prolonged intermittent RRT, 6 to 18 hours per day)', '5A1D80Z'),
    ('96.71 (ventilated for 2 days)', '9671'),
    ('S72.001A (right femoral neck fracture, initial encounter)', 'S72001A'),
    ('5A1D90Z (continuous renal replacement therapy)', '5A1D90Z'),
    ('765.25 (27-28 completed weeks of gestation)', '76525'),
    ('871 (septicemia or severe sepsis without MV >96 hours with MCC)', '871'),
    ('871 (sepsis w/o MV >96 hrs w MCC)', '871'),
    ('871 (septicemia or severe sepsis without mechanical ventilation over four days, with MCC)', '871'),
    ('207 (respiratory system diagnosis with ventilator support >96 hours)', '207'),
    ('3; mortality risk 2', 3),
    ('Major', 3),
    ('99223 (initial hospital care, level 3)', '99223'),
    ('99223 (initial hospital care, per day)', '99223'),
    ('99291 (critical care, first 30-74 minutes)', '99291'),
    ('99292 (critical care, each additional 30 min)', '99292'),
    ('5A1955Z (seq_num 1; chartdate 2151-05-02)', '5A1955Z'),
    ('5A1955Z (on 5/2)', '5A1955Z'),
    ('5A1955Z (performed 2151-05-02; 6 days of ventilation)', '5A1955Z'),
    ('5A1955Z: ventilation > 96 consecutive hours', '5A1955Z'),
    ('5A1955Z – Respiratory Ventilation, Greater than 96 Consecutive Hours', '5A1955Z'),
    ('1,450 mL (0.06 L/h)', 1450),
    ('1,450 mL (≈ 0.74 mL/kg/h at 82 kg)', 1450),
    ('1,450 mL (05/02)', 1450),
    ('1,450 mL (calendar day May 2, midnight to midnight)', 1450),
    ('2,350.0 mL (2 L bolus + 350 mL drip)', 2350.0),
    ('2,350.0 mL: 1,500 mL in the OR plus 850 mL in the ICU', 2350.0),
    ('MICU 1241, SICU (excluding Trauma SICU) 987, CVICU 821', (('Medical Intensive Care Unit (MICU)', 1241), ('Surgical Intensive Care Unit (SICU)', 987), ('Cardiac Vascular Intensive Care Unit (CVICU)', 821))),
    ('MICU, SICU (not counting TSICU), CVICU', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('IV (intravenous) 1,210; PO (oral) 985; SC (subcutaneous) 412', (('IV', 1210), ('PO', 985), ('SC', 412))),
    ('MICU > SICU > CVICU (987 > 821)', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('MICU > SICU > CVICU (1,241 / 987 / 821)', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('MICU > SICU > CVICU (SICU 987 vs CVICU 821)', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('MICU, SICU, CVICU — SICU ahead of CVICU by 166 stays', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('None; the vancomycin order was cancelled before any dose', ()),
    ('None (fluconazole, an antifungal, was given)', ()),
    ('None (acetaminophen and heparin were given; neither is an antibiotic)', ()),
    ('None — cefazolin was given only in a later admission', ()),
    ('None (micafungin, an echinocandin antifungal, was received)', ()),
    ('Escherichia coli (gram-negative rod)', 'ESCHERICHIA COLI'),
    ('E. coli, a gram-negative bacillus', 'ESCHERICHIA COLI'),
    ('Ampicillin (R, MIC >= 32)', 'AMPICILLIN'),
    ('AMPICILLIN — resistant', 'AMPICILLIN'),
    ('BLOOD CULTURE (routine)', 'BLOOD CULTURE'),
    ('Blood culture, followed by a urine specimen', 'BLOOD CULTURE'),
    ('5 — Oriented', 'Oriented'),
    ('7 (eye 1, verbal 1, motor 5)', 7),
    ('PEEP 5 cm H2O, FiO2 0.4', 5),
    ('0.45 L', 450),
    ('abnormal (K 5.9 mEq/L, ref 3.5-5.1)', 'abnormal'),
    ('abnormal (high)', 'abnormal'),
    ('50971 (whole blood potassium is 50822)', 50971),
    ('Blood (Chemistry)', 'Blood'),
    ('Blood; label Creatinine', 'Blood'),
    ('Home with home health services', 'HOME HEALTH CARE'),
    ('WHITE (Caucasian race)', 'WHITE'),
    ('Married (status at admission 25566778)', 'MARRIED'),
    ('ED (emergency department)', 'ED'),
    ('ED, then admit', 'ED'),
    ('CSURG (after MED)', 'CSURG'),
    ('67 years', 67),
    ('67 (anchor_year 2151)', 67),
    ('67 (born 2084; anchor_year 2151)', 67),
    ('67 (anchor_year_group 2014 - 2016)', 67),
    ('120/80 mmHg', '120/80'),
    ('120 over 80', '120/80'),
    ('120/80 (MAP ≈ 93)', '120/80'),
    ('{"answer": 1450, "unit": "mL"}', 1450),
    ('{"answer": "1,450 mL", "stay_id": 34668800}', 1450),
    ('{"total_foley_ml": 1450, "date": "2151-05-02"}', 1450),
    ('{"answer": [], "note": "no antibiotic orders"}', ()),
    ('{"answer": [["IV", 1210], ["PO", 985], ["SC", 412]], "total": 2607}', (('IV', 1210), ('PO', 985), ('SC', 412))),
    ('{"answer": ["MICU", "SICU", "CVICU"], "counts": [1241, 987, 821]}', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('[{"unit": "MICU", "stays": 1241}, {"unit": "SICU", "stays": 987}, {"unit": "CVICU", "stays": 821}]', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('{"answer": "5A1955Z", "long_title": "Respiratory Ventilation, Greater than 96 Consecutive Hours"}', '5A1955Z'),
    ('| careunit | stays |\n|---|---|\n| MICU | 1,241 |\n| SICU | 987 |\n| CVICU | 821 |\n| **Total** | **3,049** |', (('Medical Intensive Care Unit (MICU)', 1241), ('Surgical Intensive Care Unit (SICU)', 987), ('Cardiac Vascular Intensive Care Unit (CVICU)', 821))),
    ('| careunit | stays | % |\n|---|---|---|\n| MICU | 1,241 | 40.7 |\n| SICU | 987 | 32.4 |\n| CVICU | 821 | 26.9 |\n| Total | 3,049 | 100 |', (('Medical Intensive Care Unit (MICU)', 1241), ('Surgical Intensive Care Unit (SICU)', 987), ('Cardiac Vascular Intensive Care Unit (CVICU)', 821))),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
})
