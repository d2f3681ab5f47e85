"""A twenty-fifth corpus (issue 11, round 25): another independent grader wrote 280 answers against the round-25
rules: codes glossed with another code's title in words the title has (with and without moved, ranks and counts,
a sibling two characters away, abbreviations), glosses before the code, in lists and in JSON, lay terms, and the
newest numeric and dictionary checks (rates, parts, rankings, GCS, blood pressure, offsets, the asked item's
figure, FiO2, reference ranges, item facts, "none, but"). (answer, shape, gold, expected, question); expected NC:
wrong and abstained both fine. KNOWN_FALSE_POSITIVES lists the ones still open and CONSERVATIVE the right answers
still missed (the test holds both exact)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

# ---------------------------------------------------------------- code questions
QHYPO = "What is the ICD-10-CM code of the diabetic hypoglycemia diagnosis of admission 27778801?"
QDKA = "What is the ICD-10-CM code of the diabetic ketoacidosis diagnosis of admission 27778802?"
QHHS = "What is the ICD-10-CM code of the diabetic hyperosmolarity diagnosis of admission 27778803?"
QDIV = "What is the ICD-10-CM code of the diverticulosis diagnosis of admission 27778804?"
QGB = "What is the ICD-10-CM code of the gallstone diagnosis of admission 27778805?"
QHER = "What is the ICD-10-CM code of the inguinal hernia diagnosis of admission 27778806?"
QHTN = "What is the ICD-10-CM code of the hypertension diagnosis of admission 27778807?"
QMET = "What is the ICD-10-CM code of the bone neoplasm diagnosis of admission 27778808?"
QLUNG = "What is the ICD-10-CM code of the lung neoplasm diagnosis of admission 27778809?"
QOA = "What is the ICD-10-CM code of the knee osteoarthritis diagnosis of admission 27778810?"
QOA2 = "What is the ICD-10-CM code of the knee osteoarthritis diagnosis of admission 27778811?"
QPREG = "What is the ICD-10-CM code of the pregnancy supervision diagnosis of admission 27778812?"
QBURN = "What is the ICD-10-CM code of the hand burn diagnosis of admission 27778813?"
QDVT = "What is the ICD-10-CM code of the deep vein thrombosis diagnosis of admission 27778814?"
QCOPD = "What is the ICD-10-CM code of the COPD diagnosis of admission 27778815?"
QRF = "What is the ICD-10-CM code of the respiratory failure diagnosis of admission 27778818?"
QHF = "What is the ICD-10-CM code of the heart failure diagnosis of admission 27778819?"
QHF2 = "What is the ICD-10-CM code of the heart failure diagnosis of admission 27778820?"
QMI = "What is the ICD-10-CM code of the myocardial infarction diagnosis of admission 27778821?"
QAKI = "What is the ICD-10-CM code of the acute kidney failure diagnosis of admission 27778822?"
QAKI0 = "What is the ICD-10-CM code of the acute kidney failure diagnosis of admission 27778823?"
QDM = "What is the ICD-10-CM code of the diabetes diagnosis of admission 27778824?"
QSTROKE = "What is the ICD-10-CM code of the cerebral infarction diagnosis of admission 27778825?"
QGIB = "What is the ICD-10-CM code of the gastrointestinal hemorrhage diagnosis of admission 27778826?"
QFX = "What is the ICD-10-CM code of the hip fracture diagnosis of admission 27778829?"
QFXD = "What is the ICD-10-CM code of the hip fracture diagnosis of admission 27778830?"
QETT = "What is the ICD-10-PCS code of the intubation procedure of admission 26667701?"
QAPP = "What is the ICD-10-PCS code of the appendix procedure of admission 26667703?"
QTKA = "What is the ICD-10-PCS code of the knee replacement procedure of admission 26667704?"
QVENT = "What is the ICD-10-PCS code of the ventilation procedure of admission 26667705?"
QDM9 = "What is the ICD-9 diagnosis code of the diabetes diagnosis of admission 25566701?"
QHCKD9 = "What is the ICD-9 diagnosis code of the hypertensive kidney disease diagnosis of admission 25566702?"
QHF9 = "What is the ICD-9 diagnosis code of the heart failure diagnosis of admission 25566703?"
QMI9 = "What is the ICD-9 diagnosis code of the myocardial infarction diagnosis of admission 25566704?"
QARF9 = "What is the ICD-9 diagnosis code of the acute kidney failure diagnosis of admission 25566705?"
QCABG9 = "What is the ICD-9 diagnosis code (a V code) of the bypass status diagnosis of admission 25566706?"
QANTI9 = "What is the ICD-9 diagnosis code (a V code) of the long-term medication diagnosis of admission 25566707?"
QPLACE9 = "What is the ICD-9 diagnosis code (an E code) of the place of occurrence of admission 25566708?"
QADV9 = "What is the ICD-9 diagnosis code (an E code) of the adverse drug effect of admission 25566709?"
QPM9 = "What is the ICD-9 diagnosis code (a V code) of the cardiac device status diagnosis of admission 25566711?"
QSMOKE9 = "What is the ICD-9 diagnosis code (a V code) of the tobacco history diagnosis of admission 25566712?"
QVENT9 = "What is the ICD-9 procedure code of the ventilation procedure of admission 25566716?"
QSET = "Which ICD-10-CM diagnosis codes were recorded for admission 27778831?"
QLIST = "What were the ICD-10-CM diagnosis codes of admission 27778832, in seq_num order?"
QCTAB = "How many admissions in 2150 had each of the ICD-10-CM diagnosis codes I21.4 and E11.9?"
QDRG = "What is the HCFA DRG code (drgcodes.drg_code with drg_type HCFA) of admission 25566717?"
QCC1 = "Which critical care CPT code was billed in hcpcsevents for admission 25566719 (the first-hour code)?"
QCC2 = "Which critical care CPT code was billed in hcpcsevents for admission 25566720 (the add-on code)?"
QNDC = "What was the ndc of the sodium chloride 0.9% 1000 mL bag prescription of admission 25566721?"
# ---------------------------------------------------------------- numbers and checks
QOUT = "What was the total Foley urine output (outputevents, mL) on 2151-05-02 for ICU stay 34668800?"
QEMARN = "How many times was furosemide administered (emar event_txt = 'Administered') on 2151-05-03?"
QIN = "What total amount (mL) of NaCl 0.9% was given in inputevents during ICU stay 34668800 (1 decimal)?"
MICU = "Medical Intensive Care Unit (MICU)"
QUN = "How many ICU stays were there per first_careunit in 2150?"
UN = [[MICU, 1241], ["Surgical Intensive Care Unit (SICU)", 987], ["Cardiac Vascular Intensive Care Unit (CVICU)", 821]]
QTOP = "What were the three most frequent first_careunits in 2150 (by number of stays), most frequent first?"
TOP = [MICU, "Surgical Intensive Care Unit (SICU)", "Cardiac Vascular Intensive Care Unit (CVICU)"]
QGCS = "What was the lowest total GCS (eye + verbal + motor) charted in ICU stay 34668800 on 2151-05-02?"
QGCSV = "What was the first 'GCS - Verbal Response' value (chartevents.value) charted in ICU stay 34668800?"
QBP = "What blood pressure (omr result_name 'Blood Pressure') was recorded for patient 10023456 on 2151-02-10?"
QDOD = "What is the date of death (patients.dod) of patient 10023456?"
QPEEP = "What was the first 'PEEP set' value (cmH2O) charted in ICU stay 34668800?"
QFIO2 = "What was the first 'Inspired O2 Fraction' (FiO2, %) charted in ICU stay 34668800?"
QREF = "What was the ref_range_upper of the potassium result with charttime 2151-05-02 06:00 of admission 25566778 (mEq/L, 1 decimal)?"
QLOW = "What was the ref_range_lower of the potassium result with charttime 2151-05-02 06:00 of admission 25566778 (mEq/L, 1 decimal)?"
QDITEM = "What is the itemid of 'Heart Rate' in d_items?"
QLABID = "What is the itemid of 'Potassium' (fluid Blood, category Chemistry) in d_labitems?"
QFLUID = "What is the fluid of d_labitems itemid 50912?"
QNONE = "Which antibiotics were given during admission 25566778?"
QPRES = "How many distinct drugs were prescribed (prescriptions) for admission 25566778?"
QORG = "Which organism (microbiologyevents.org_name) grew in the first positive blood culture of admission 25566778?"
QSPEC = "What was the spec_type_desc of the first microbiology specimen of admission 25566778?"
QINT = "What was the interpretation of the ciprofloxacin susceptibility test of the E. coli isolate of admission 25566778?"
QXEV = "What was the eventtype of the first transfers row (by intime) of admission 25566778?"
QALOC = "What was the admission_location of admission 25566778?"
QDLOC = "What was the discharge_location of admission 25566778?"
QRACE = "What was the race recorded for admission 25566778?"
QAGE = "What is the anchor_age of patient 10023456 (anchor_year 2151)?"

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ================================================================ (1) the title's own words in another meaning
add("glossword25", "string/code", "E11649", QHYPO,
    ("E11.649 (type 2 diabetes with coma, without hypoglycemia)", NC),
)
add("glossword25", "string/code", "E1010", QDKA,
    ("E10.10 (T1DM with coma, without ketoacidosis)", NC),
    ("E10.10 (type 1 diabetic ketoacidosis without coma)", C),
)
add("glossword25", "string/code", "E1100", QHHS,
    ("E11.00 (T2DM with hyperosmolarity with coma)", NC),
)
add("glossword25", "string/code", "K5731", QDIV,
    ("K57.31 (diverticulosis of large intestine without bleeding, with perforation or abscess)", NC),
    ("K57.31 (bleeding diverticulosis of the large intestine, no perforation or abscess)", C),
)
add("glossword25", "string/code", "K8000", QGB,
    ("K80.00 (calculus of gallbladder with obstruction, without acute cholecystitis)", NC),
    ("K80.00 (gallstones with acute cholecystitis, no obstruction)", C),
)
add("glossword25", "string/code", "K4090", QHER,
    ("K40.90 (recurrent unilateral inguinal hernia, without obstruction)", NC),
)
add("glossword25", "string/code", "I10", QHTN,
    ("I10 \u2014 secondary hypertension", NC),
    ("I10 (secondary HTN)", NC),
    ("I10, i.e. secondary hypertension", NC),
    ("I10 (essential HTN)", C),
)
add("glossword25", "string/code", "C7951", QMET,
    ("C79.51 (primary malignant neoplasm of bone)", NC),
    ("C79.51 - primary bone malignancy", NC),
    ("C79.51 (bone metastases)", C),
)
add("glossword25", "string/code", "C3490", QLUNG,
    ("C34.90 - secondary malignant neoplasm of lung", NC),
    ("C34.90 (lung cancer, unspecified side)", C),
)
add("glossword25", "string/code", "M1711", QOA,
    ("M17.11 (unilateral secondary osteoarthritis, right knee)", NC),
    ("M17.11 (primary OA of the right knee)", C),
)
add("glossword25", "string/code", "O09523", QPREG,
    ("O09.523 (elderly multigravida, second trimester)", NC),
    ("O09.523 (supervision of elderly multigravida in the first trimester)", NC),
    ("O09.523 (AMA multigravida, 3rd trimester)", C),
)
add("glossword25", "string/code", "T23201A", QBURN,
    ("T23.201A (third-degree burn, right hand, initial encounter)", NC),
    ("T23.201A (burn of first degree of right hand, initial encounter)", NC),
    ("T23.201A (2nd degree burn of R hand, initial encounter)", C),
    ("T23.201A (partial-thickness burn of right hand, initial encounter)", C),
)
add("glossword25", "string/code", "I82401", QDVT,
    ("I82.401 (acute embolism and thrombosis of deep veins of both lower extremities)", NC),
    ("I82.401 (acute right lower extremity DVT)", C),
)
add("glossword25", "string/code", "J441", QCOPD,
    ("J44.1 (COPD exacerbation)", C),
)
add("glossword25", "string/code", "25000", QDM9,
    ("250.00 (type II DM, uncontrolled; complications not stated)", NC),
    ("250.00 (DM type II, not stated as uncontrolled, no complication)", C),
)
add("glossword25", "string/code", "40391", QHCKD9,
    ("403.91 (hypertensive CKD, stage unspecified)", NC),
    ("40391 (hypertensive CKD stage V)", C),
)
# ================================================================ (1) codes two characters away; sibling titles behind HF/CHF
add("glossnear25", "string/code", "J9621", QRF,
    ("J96.21 (acute respiratory failure with hypoxia)", NC),
    ("J96.21 (chronic respiratory failure with hypoxia)", NC),
    ("J96.21 (hypoxic respiratory failure, chronic)", NC),
    ("J96.21 (acute on chronic hypoxic respiratory failure)", C),
)
add("glossnear25", "string/code", "I5023", QHF,
    ("I50.23 (chronic systolic HF)", NC),
    ("I50.23 (acute systolic CHF)", NC),
    ("I50.23 (acute on chronic HFrEF)", C),
    ("I50.23 (acute on chronic systolic CHF)", C),
)
add("glossnear25", "string/code", "I5043", QHF2,
    ("I50.43 (acute on chronic systolic heart failure)", NC),
    ("I50.43 (chronic combined systolic and diastolic HF)", NC),
    ("I50.43 (acute on chronic combined systolic and diastolic HF)", C),
)
add("glossnear25", "string/code", "42833", QHF9,
    ("42833 (chronic diastolic HF)", NC),
    ("428.33 (acute diastolic HF)", NC),
    ("428.33 (acute on chronic diastolic CHF)", C),
)
add("glossnear25", "string/code", "41071", QMI9,
    ("410.71 (subendocardial MI, subsequent episode)", NC),
    ("410.71 (NSTEMI, initial episode of care)", C),
)
# ================================================================ (1) parent-category glosses
add("glossparent25", "string/code", "I5023", QHF,
    ("I50.23 (systolic heart failure)", C),
    ("I50.23 (heart failure, unspecified)", NC),
)
add("glossparent25", "string/code", "N170", QAKI0,
    ("N17.0 (acute kidney failure)", C),
    ("N17.0 (AKI due to ATN)", C),
)
add("glossparent25", "string/code", "I214", QMI,
    ("I21.4 (acute myocardial infarction)", C),
)
add("glossparent25", "string/code", "E11649", QHYPO,
    ("E11.649 (type 2 diabetes mellitus)", C),
)
add("glossparent25", "string/code", "S72001A", QFX,
    ("S72.001A (fracture of right femoral neck)", C),
)
# ================================================================ (1) lay and clinical synonyms
add("glosslay25", "string/code", "I214", QMI,
    ("I21.4 (non-ST-elevation heart attack)", C),
)
add("glosslay25", "string/code", "I10", QHTN,
    ("I10 (high blood pressure)", C),
    ("I10 (low blood pressure)", NC),
)
add("glosslay25", "string/code", "N179", QAKI,
    ("N17.9 (acute renal failure)", C),
    ("N17.9 (kidney failure, acute)", C),
)
add("glosslay25", "string/code", "E119", QDM,
    ("E11.9 (sugar diabetes, type 2, no complications)", C),
    ("E11.9 (insulin-dependent diabetes, uncomplicated)", NC),
)
add("glosslay25", "string/code", "I639", QSTROKE,
    ("I63.9 (ischemic stroke)", C),
    ("I63.9 (hemorrhagic stroke)", NC),
)
add("glosslay25", "string/code", "K922", QGIB,
    ("K92.2 (GI bleed)", C),
)
add("glosslay25", "string/code", "0BH17EZ", QETT,
    ("0BH17EZ (endotracheal intubation)", C),
    ("0BH17EZ (tracheostomy)", NC),
)
add("glosslay25", "string/code", "0DTJ4ZZ", QAPP,
    ("0DTJ4ZZ (laparoscopic appendectomy)", C),
    ("0DTJ4ZZ (open appendectomy)", NC),
)
add("glosslay25", "string/code", "5849", QARF9,
    ("584.9 (acute renal failure)", C),
)
# ================================================================ (1) laterality, unilateral/bilateral, encounter abbreviations
add("glosslr25", "string/code", "M1711", QOA,
    ("M17.11 (primary OA, L knee)", NC),
    ("M17.11 (unilateral primary OA, R knee)", C),
)
add("glosslr25", "string/code", "M170", QOA2,
    ("M17.0 (primary osteoarthritis of one knee)", NC),
    ("M17.0 (primary OA of both knees)", C),
)
add("glosslr25", "string/code", "S72001A", QFX,
    ("S72.001A (closed fx of R femoral neck, init. encounter)", C),
    ("S72.001A (closed fracture of neck of right femur, initial encounter)", C),
    ("S72.001A (R femoral neck fx, subs. encounter)", NC),
    ("S72.001A (L femoral neck fx, initial encounter)", NC),
    ("S72.001A (fracture of neck of right femur, sequela)", NC),
)
add("glosslr25", "string/code", "S72001D", QFXD,
    ("S72.001D (right femoral neck fracture, subsequent encounter, routine healing)", C),
    ("S72.001D (R femoral neck fx, init. encounter)", NC),
)
add("glosslr25", "string/code", "0SRC0J9", QTKA,
    ("0SRC0J9 (right TKA, cemented)", C),
    ("0SRC0J9 (right knee replacement, uncemented)", NC),
)
add("glosslr25", "string/code", "I82401", QDVT,
    ("I82.401 (acute DVT, bilateral legs)", NC),
)
# ================================================================ (1) glosses before the code and in other positions
add("glosspos25", "string/code", "I214", QMI,
    ("STEMI \u2014 I21.4", NC),
    ("STEMI = I21.4", NC),
    ("Dx: STEMI, I21.4", NC),
    ("I21.4 STEMI", NC),
    ("the STEMI code I21.4", NC),
    ("ICD-10 I21.4 for a STEMI", NC),
    ("I21.4; this is the code for STEMI", NC),
    ("I21.4 (NSTEMI, type 2 MI)", NC),
    ("NSTEMI \u2014 I21.4", C),
    ("Non-ST elevation MI (I21.4)", C),
    ("I21.4, i.e. a non-ST-elevation MI", C),
    ("I21.4 (not STEMI)", C),
    ("I21.4 (type 1 NSTEMI)", C),
)
add("glosspos25", "string/code", "I5023", QHF,
    ("Chronic systolic CHF: I50.23", NC),
    ("Acute on chronic systolic CHF: I50.23", C),
)
add("glosspos25", "string/code", "J9621", QRF,
    ("Acute hypoxic respiratory failure \u2014 J96.21", NC),
)
add("glosspos25", "string/code", "5A1955Z", QVENT,
    ("Ventilation 24-96 hours: 5A1955Z", NC),
    ("Prolonged ventilation (>96 h): 5A1955Z", C),
)
# ================================================================ (1) glosses in sets, lists, tables, JSON lists
SETG = ["I214", "E119", "N179"]
add("glosscoll25", "set/code", SETG, QSET,
    ("I21.4 (STEMI), E11.9 (T2DM without complications), N17.9 (AKI)", NC),
    ("I21.4 (NSTEMI), E11.9 (T1DM), N17.9 (AKI)", NC),
    ("I21.4 (NSTEMI), E11.9 (T2DM), N17.9 (acute kidney failure with tubular necrosis)", NC),
    ("I21.4 (NSTEMI), E11.9 (T2DM without complications), N17.9 (AKI)", C),
    ("- I21.4: NSTEMI\n- E11.9: type 2 diabetes without complications\n- N17.9: AKI", C),
    ("- I21.4: NSTEMI\n- E11.9: type 2 diabetes with complications\n- N17.9: AKI", NC),
    ('[{"icd_code":"I214","long_title":"ST elevation (STEMI) myocardial infarction"},{"icd_code":"E119","long_title":"Type 2 diabetes mellitus without complications"},{"icd_code":"N179","long_title":"Acute kidney failure, unspecified"}]', NC),
    ('[{"icd_code":"I214","long_title":"Non-ST elevation (NSTEMI) myocardial infarction"},{"icd_code":"E119","long_title":"Type 2 diabetes mellitus without complications"},{"icd_code":"N179","long_title":"Acute kidney failure, unspecified"}]', C),
    ("| icd_code | long_title |\n|---|---|\n| I21.4 | STEMI |\n| E11.9 | Type 2 diabetes mellitus without complications |\n| N17.9 | Acute kidney failure, unspecified |", NC),
    ("| icd_code | long_title |\n|---|---|\n| I21.4 | NSTEMI |\n| E11.9 | Type 2 diabetes mellitus without complications |\n| N17.9 | Acute kidney failure, unspecified |", C),
    ("STEMI (I21.4), T2DM (E11.9), AKI (N17.9)", NC),
    ("NSTEMI (I21.4), T2DM (E11.9), AKI (N17.9)", C),
)
add("glosscoll25", "list/code^", SETG, QLIST,
    ("1. I21.4 (STEMI) 2. E11.9 (T2DM) 3. N17.9 (AKI)", NC),
    ("1. I21.4 (NSTEMI) 2. E11.9 (T2DM) 3. N17.9 (AKI)", C),
    ("I21.4 (NSTEMI), E11.9 (type 1 DM), N17.9 (AKI)", NC),
)
add("glosscoll25", "table/code,count", [["I214", 12], ["E119", 30]], QCTAB,
    ("I21.4 (STEMI): 12; E11.9: 30", NC),
    ("I21.4 (NSTEMI): 12; E11.9 (T2DM): 30", C),
)
# ================================================================ (1) ICD-9 V and E codes
add("gloss9ve25", "string/code", "V4581", QCABG9,
    ("V45.81 (CABG status)", C),
    ("V45.81 (PTCA status)", NC),
)
add("gloss9ve25", "string/code", "V5861", QANTI9,
    ("V58.61 (long-term warfarin use)", C),
    ("V58.61 (long-term aspirin use)", NC),
)
add("gloss9ve25", "string/code", "E8497", QPLACE9,
    ("E8497 (accident in nursing home)", C),
    ("E849.7 (home accident)", NC),
)
add("gloss9ve25", "string/code", "E9342", QADV9,
    ("E9342 (anticoagulant poisoning)", NC),
)
add("gloss9ve25", "string/code", "V4501", QPM9,
    ("V45.01 (ICD in situ)", NC),
)
add("gloss9ve25", "string/code", "V1582", QSMOKE9,
    ("V15.82 (former smoker)", C),
)
add("gloss9ve25", "string/code", "9672", QVENT9,
    ("9672 (prolonged ventilation, 4+ days)", C),
)
# ================================================================ (1) DRG, CPT and NDC codes with glosses
add("glossunk25", "string/code", "291", QDRG,
    ("291 (heart failure and shock with MCC)", C),
    ("291 (heart failure and shock without CC/MCC)", NC),
)
add("glossunk25", "string/code", "99291", QCC1,
    ("99291 (critical care, first hour)", C),
)
add("glossunk25", "string/code", "99292", QCC2,
    ("99292 (critical care, first 30-74 minutes)", NC),
)
add("glossunk25", "string/code", "00338004904", QNDC,
    ("00338004904 (NaCl 0.9%, 1000 mL)", C),
    ("00338004904 (dextrose 5%, 1000 mL)", NC),
)
# ================================================================ (2) days without a year
add("dayword25", "number/measurement", 1450, QOUT,
    ("1,450 mL (1,200 mL the day before)", C),
    ("1,450 mL (on 2151-05-03: 1,200 mL)", C),
    ("1,450 mL (previous day)", NC),
    ("1,450 mL (on Tuesday the 3rd)", NC),
    ("1,450 mL (5/3)", NC),
)
add("dayword25", "number/count", 2, QEMARN,
    ("2 (on the 3rd)", C),
    ("2 (both on the 3rd; a third dose on the 4th)", C),
    ("2 (the day before: 3)", C),
    ("2 (both doses the next day)", NC),
)
# ================================================================ (2) per-minute rates, rates over 24 h
add("rate25", "number/measurement", 1450, QOUT,
    ("1,450 mL (1.0 mL/min)", C),
    ("1,450 mL (1,450 mL over 24 h)", C),
    ("1,450 mL (~60 mL/h over 24 hours)", C),
    ("1,450 mL (about 725 mL per 12-hour shift)", C),
    ("1,450 mL (3 mL/min)", NC),
    ("1,450 mL (averaging 6 mL per minute)", NC),
    ("1,450 mL (0.25 mL/min)", NC),
    ("1,450 mL (about 2.5 L over 24 h)", NC),
    ("1,450 mL (100 mL/h over 24 h)", NC),
    ("1,450 mL (about 300 mL per 12-hour shift)", NC),
)
# ================================================================ (2) parts of a total
add("parts25", "number/measurement:1", 2350.0, QIN,
    ("2,350.0 mL (two 1 L bags and 350 mL)", C),
    ("2,350.0 mL (two 1 L bags and 250 mL)", NC),
    ("2,350.0 mL (2,000 mL in boluses, the rest, 450 mL, as maintenance)", NC),
    ("2,350.0 mL (of which 2,500 mL bolus)", NC),
    ("2,350.0 mL (4 x 500 mL + 450 mL)", NC),
    ("2,350.0 mL (1 L, 1 L and 0.35 L)", C),
    ("2,350.0 mL (1 L, 1 L and 0.25 L)", NC),
    ("2,350.0 mL: 2,000 mL of boluses, 350 mL carrier", C),
    ("2,350.0 mL (2,000 mL and 3 x 150 mL flushes)", NC),
    ("2,350.0 mL (2,000 mL and 7 x 50 mL flushes)", C),
)
# ================================================================ (2) labels that fold in or set aside another unit
add("label25", "table/string,count", UN, QUN,
    ("MICU: 1241; SICU (TSICU counted separately): 987; CVICU: 821", C),
    ("MICU: 1241; SICU excl. TSICU: 987; CVICU: 821", C),
    ("MICU: 1241; SICU (merged with TSICU): 987; CVICU: 821", NC),
    ("MICU (+ CCU): 1241; SICU: 987; CVICU: 821", NC),
    ("MICU: 1241; SICU: 987; CVICU (with CCU): 821", NC),
)
add("label25", "list/string^", TOP, QTOP,
    ("MICU (incl. MICU/SICU), SICU, CVICU", NC),
    ("MICU, SICU (alone, without TSICU), CVICU", C),
)
# ================================================================ (2) rankings against their own figures
add("rank25", "list/string^", TOP, QTOP,
    ("1. MICU (1,241) 2. SICU (821) 3. CVICU (987)", NC),
    ("MICU > SICU > CVICU (shares 0.41, 0.32, 0.27)", C),
    ("MICU > SICU > CVICU (shares 0.41, 0.27, 0.32)", NC),
    ("MICU > SICU > CVICU (MICU about 50% more than CVICU)", C),
    ("MICU, then SICU, then CVICU (SICU had 166 more stays than CVICU)", C),
    ("MICU, then SICU, then CVICU (CVICU had 166 more stays than SICU)", NC),
    ("MICU > SICU > CVICU (SICU narrowly behind CVICU)", NC),
    ("MICU > SICU > CVICU (CVICU trails SICU)", C),
    ("MICU, SICU, CVICU: 1,241 / 987 / 821 stays", C),
    ("MICU, SICU, CVICU: 1,241 / 821 / 987 stays", NC),
)
# ================================================================ (2) GCS totals and responses
add("gcs25", "number/count", 7, QGCS,
    ("7 (M5 V1 E2)", NC),
    ("7 (E2, V1, M5)", NC),
    ("7 = 3 + 1 + 4", NC),
    ("7 (M4 V1 E2)", C),
    ("7 (eyes 2 + verbal 1 + motor 4)", C),
    ("7 = 2 + 1 + 4", C),
)
add("gcs25", "string/string", "Oriented", QGCSV,
    ("Oriented (score 5 of 5)", C),
    ("Oriented (GCS 15)", C),
    ("Oriented (score 4 of 5)", NC),
)
# ================================================================ (2) blood pressure with MAP and pulse pressure
add("bp25", "string/string", "120/80", QBP,
    ("120/80 (pulse pressure 40)", C),
    ("120/80 mmHg (MAP ~93, PP 40)", C),
    ("120/80 (MAP = (120 + 2x80)/3 = 93)", C),
    ("120/80 (pulse pressure 60)", NC),
    ("120/80 (diastolic 70)", NC),
    ("120/80 mmHg (MAP ~93, PP 30)", NC),
    ("120/80 (MAP = (120 + 2x80)/3 = 97)", NC),
)
# ================================================================ (2) offsets beside a date
add("offset25", "date/date", "2152-01-15", QDOD,
    ("2152-01-15 (a month after the 2151-12-15 discharge)", C),
    ("2152-01-15 (10 days after discharge on 2152-01-05)", C),
    ("2152-01-15, 14 days after the 2152-01-01 admission", C),
    ("2152-01-15 (six weeks after the 2151-12-04 discharge)", C),
    ("2152-01-15 (a month after the 2151-11-15 discharge)", NC),
    ("2152-01-15 (10 days after discharge on 2152-01-15)", NC),
    ("2152-01-15, two weeks after the 2152-01-02 admission", NC),
    ("2152-01-15 (six weeks after the 2151-12-10 discharge)", NC),
    ("2152-01-15 (72 hours after the 2152-01-13 discharge)", NC),
)
# ================================================================ (2) the asked item with another figure; FiO2 as a fraction
add("askedfig25", "number/measurement", 5, QPEEP,
    ("5 (first PEEP set at 08:00 was 8)", NC),
    ("5 (initial set PEEP: 8 cmH2O)", NC),
    ("5 (the first PEEP set reading, 8 cmH2O)", NC),
    ("5 (PEEP of 10 at 12:00)", C),
    ("5 cmH2O (then raised to 8)", C),
    ("5 (PEEP set at 5, later 10)", C),
)
add("askedfig25", "number/measurement", 40, QFIO2,
    ("40 (FiO2 0.45)", NC),
    ("40% (FiO2 of .5)", NC),
    ("40% (FiO2 60)", NC),
    ("40% (first FiO2 charted: 50%)", NC),
    ("40% (fraction 0.04)", NC),
    ("40% (0.4)", C),
    ("0.40 (40%)", C),
)
# ================================================================ (2) reference ranges
add("refrange25", "number/measurement:1", 5.1, QREF,
    ("5.1 (normal 3.5 to 5.0)", NC),
    ("5.1 (upper 5.3)", NC),
    ("5.1 (3.5-5.3)", NC),
    ("5.1 (limits 3.5 / 5.2)", NC),
    ("5.1 (normal range 3.5\u20135.1 mEq/L)", C),
    ("5.1 (limits 3.5 / 5.1)", C),
)
add("refrange25", "number/measurement:1", 3.5, QLOW,
    ("3.5 (lower limit of 3.5-5.1)", C),
    ("3.5 (range 3.3-5.1)", NC),
)
# ================================================================ (2) itemid facts
add("itemfact25", "number/identifier", 220045, QDITEM,
    ("220045 (stored in outputevents)", NC),
    ("220045 (in outputevents)", NC),
    ("220045, a chartevents item measured in mmHg", NC),
    ("220045 (Heart Rate; outputevents)", NC),
    ("220045 \u2014 linksto: inputevents", NC),
    ("220045 (HR, mmHg, chartevents)", NC),
    ("220045 [linksto outputevents]", NC),
    ("220045 (Heart Rate, Respiratory, bpm)", NC),
    ('{"itemid": 220045, "linksto": "outputevents"}', NC),
    ("220045 (units: beats/min)", C),
    ("220045 (category Vital Signs)", C),
    ('{"itemid": 220045, "linksto": "chartevents", "unitname": "bpm"}', C),
)
add("itemfact25", "number/identifier", 50971, QLABID,
    ("50971 (Potassium, Blood, Hematology)", NC),
    ("50971 (Potassium; units mg/dL)", NC),
    ("50971 (K+, serum, mmol/L)", C),
)
add("itemfact25", "string/string", "Blood", QFLUID,
    ("Blood (Creatinine, mg/dL)", C),
    ("Blood (Urea Nitrogen)", NC),
    ("Blood; this is serum potassium", NC),
)
# ================================================================ (2) 'none' with a remark
add("none25", "set/string!", [], QNONE,
    ("None were given (the patient received metronidazole 500 mg IV)", NC),
    ("None, apart from one dose of cefepime", NC),
    ("None except perioperative cefazolin", NC),
    ("None (the patient got IV levofloxacin on day 3)", NC),
    ("None given; the patient did get daptomycin", NC),
    ("None (acyclovir, an antiviral, was given)", C),
    ("None (a cefazolin order was discontinued unadministered)", C),
    ("None; the patient received heparin and insulin", C),
    ("None (nystatin swish, an antifungal, only)", C),
)
# ================================================================ (3) emar and prescriptions
add("emar25", "number/count", 2, QEMARN,
    ("2 (40 mg total, 10 mg each)", NC),
    ("2 (3 doses scheduled, 2 held)", NC),
    ("2 (3 doses scheduled, 1 held)", C),
    ("2 times (20 mg IV each)", C),
    ("2 (20 mg + 40 mg = 60 mg)", C),
    ("2 (20 mg + 40 mg = 50 mg)", NC),
    ("2 (4 scheduled, 1 held)", NC),
)
add("emar25", "number/count", 14, QPRES,
    ("14 (12 plus 2 PRN)", C),
    ("14 (12 plus 3 PRN)", NC),
    ("14 distinct (16 orders counting duplicates)", C),
)
# ================================================================ (3) microbiology
add("micro25", "string/string", "ESCHERICHIA COLI", QORG,
    ("E. coli (ESBL-producing)", C),
    ("E. coli, lactose-fermenting gram-negative rod", C),
    ("E coli", C),
    ("E. coli (Klebsiella in the urine)", C),
    ("E. coli (gram-positive cocci in clusters)", NC),
)
add("micro25", "string/string", "BLOOD CULTURE", QSPEC,
    ("Blood culture (aerobic bottle)", C),
)
add("micro25", "string/string", "R", QINT,
    ("R (MIC <=0.25)", NC),
)
# ================================================================ (3) transfers, admissions, patients
add("adm25", "string/string", "ED", QXEV,
    ("ED (then transferred to MICU)", C),
    ("ED (eventtype admit)", NC),
)
add("adm25", "string/string", "EMERGENCY ROOM", QALOC,
    ("EMERGENCY ROOM (walk-in/self referral)", NC),
    ("EMERGENCY ROOM (arrived by ambulance)", C),
)
add("adm25", "string/string", "HOME HEALTH CARE", QDLOC,
    ("HOME HEALTH CARE (recorded as SKILLED NURSING FACILITY)", NC),
)
add("adm25", "string/string", "WHITE", QRACE,
    ("White (WHITE - OTHER EUROPEAN)", NC),
)
add("adm25", "number/count", 67, QAGE,
    ("67 (anchor_year 2151, so born around 2084)", C),
)

CLASS_DESC = {
    "glossword25": "a code's gloss built only of its title's own words in another meaning (with/without moved, 'recurrent', 'uncontrolled', 'stage unspecified') or with words the rule treats as neutral ('secondary', 'primary', 'second trimester', 'third degree', 'both'); and right glosses of the same codes",
    "glossnear25": "glosses that are the titles of codes two characters away (J96.21 as J96.01/J96.11, I50.43 as I50.23) or a sibling's title behind HF/CHF; right ones with HFrEF/HFpEF/CHF",
    "glossparent25": "glosses of the parent category (true but less specific) and of another category",
    "glosslay25": "lay and clinical synonyms a clinician accepts (heart attack, high blood pressure, acute renal failure, ARF, GI bleed, laparoscopic appendectomy, intubation) and wrong lay glosses",
    "glosslr25": "laterality and encounter hidden in abbreviations (R/L, rt/lt, init./subs., sequela, one knee, both knees, TKA, uncemented)",
    "glosspos25": "glosses placed before the code ('STEMI: I21.4', 'STEMI \u2014 I21.4', 'I21.4 STEMI', 'for a STEMI') or after 'i.e.'/'; this is'; negated sibling names",
    "glosscoll25": "glosses in sets, ranked lists, bulleted lists, markdown tables, JSON lists of objects and tables of codes with counts",
    "gloss9ve25": "ICD-9 V and E codes (and a 9672 gloss) with clinical glosses, right and wrong",
    "glossunk25": "codes the ICD sets do not hold (HCFA DRG, CPT, NDC) with right and wrong glosses",
    "dayword25": "days without a year beside a day's total or a count: other days' figures as context, another day, slash dates, shift windows",
    "rate25": "per-minute rates, rates over 24 h, per-day and per-shift figures beside a day's total, that do or do not fit",
    "parts25": "parts of a total with 'and', ';', 'x', 'of which', 'the rest', 'minus', litres, that do or do not add up",
    "label25": "table and list labels that fold in ('+ CCU', 'with CCU', 'merged', 'combined', 'incl.') or set aside ('excl.', 'counted separately', 'alone') another unit",
    "rank25": "rankings beside shares, differences, ratios and counts that agree or disagree with the order",
    "gcs25": "GCS totals with components in other orders and notations, and GCS verbal responses with a score",
    "bp25": "blood pressure with MAP, pulse pressure, systolic/diastolic parts and a MAP formula",
    "offset25": "a date beside '(N days/weeks/hours/a month after <date>)' that does or does not lead to it",
    "askedfig25": "a bracket naming the asked item with another figure (PEEP) and FiO2 as a fraction or another percentage",
    "refrange25": "reference ranges beside an asked upper or lower limit",
    "itemfact25": "facts about an itemid or lab item without a 'linksto'/'unit' key (in outputevents, mmHg, Hematology), and right facts in other words",
    "none25": "'none' answers with a remark that an antibiotic was (or was not) given, or that another class of drug was",
    "emar25": "emar counts beside doses, totals, holds and schedules; prescription counts beside their breakdowns",
    "micro25": "microbiology organisms, specimens and interpretations with descriptions, other specimens and MICs",
    "adm25": "transfers eventtype, admission/discharge locations with another stored value, race, anchor age with birth year",
}
CASES = [c for _, c in _R]
CLASS_OF = {c[0]: k for k, c in _R}
assert len(CLASS_OF) == len(CASES), "duplicate answer texts"
assert set(CLASS_OF.values()) <= set(CLASS_DESC)

CLASSES = {name: (desc, [t for t, c in CLASS_OF.items() if c == name][:6]) for name, desc in CLASS_DESC.items()}
# wrong answers the scorer still calls correct (open: see the note of issue 11)
KNOWN_FALSE_POSITIVES = frozenset({
    ('403.91 (hypertensive CKD, stage unspecified)', '40391'),
    ('1,450 mL (about 2.5 L over 24 h)', 1450),
    ('1,450 mL (about 300 mL per 12-hour shift)', 1450),
    ('2,350.0 mL (2,000 mL in boluses, the rest, 450 mL, as maintenance)', 2350.0),
    ('2152-01-15 (a month after the 2151-11-15 discharge)', '2152-01-15'),
    ('2 (40 mg total, 10 mg each)', 2),
    ('2 (3 doses scheduled, 2 held)', 2),
    ('R (MIC <=0.25)', 'R'),
    ('ED (eventtype admit)', 'ED'),
})
# right answers the readers still miss (never called correct: the test holds them to it)
CONSERVATIVE = frozenset({
    ('K80.00 (gallstones with acute cholecystitis, no obstruction)', 'K8000'),
    ('C79.51 (bone metastases)', 'C7951'),
    ('C34.90 (lung cancer, unspecified side)', 'C3490'),
    ('M17.11 (primary OA of the right knee)', 'M1711'),
    ('O09.523 (AMA multigravida, 3rd trimester)', 'O09523'),
    ('T23.201A (2nd degree burn of R hand, initial encounter)', 'T23201A'),
    ('T23.201A (partial-thickness burn of right hand, initial encounter)', 'T23201A'),
    ('I82.401 (acute right lower extremity DVT)', 'I82401'),
    ('I50.23 (acute on chronic HFrEF)', 'I5023'),
    ('428.33 (acute on chronic diastolic CHF)', '42833'),
    ('410.71 (NSTEMI, initial episode of care)', '41071'),
    ('N17.0 (AKI due to ATN)', 'N170'),
    ('I21.4 (acute myocardial infarction)', 'I214'),
    ('S72.001A (fracture of right femoral neck)', 'S72001A'),
    ('I21.4 (non-ST-elevation heart attack)', 'I214'),
    ('I10 (high blood pressure)', 'I10'),
    ('N17.9 (acute renal failure)', 'N179'),
    ('E11.9 (sugar diabetes, type 2, no complications)', 'E119'),
    ('I63.9 (ischemic stroke)', 'I639'),
    ('K92.2 (GI bleed)', 'K922'),
    ('0BH17EZ (endotracheal intubation)', '0BH17EZ'),
    ('0DTJ4ZZ (laparoscopic appendectomy)', '0DTJ4ZZ'),
    ('584.9 (acute renal failure)', '5849'),
    ('M17.11 (unilateral primary OA, R knee)', 'M1711'),
    ('M17.0 (primary OA of both knees)', 'M170'),
    ('S72.001A (closed fx of R femoral neck, init. encounter)', 'S72001A'),
    ('S72.001D (right femoral neck fracture, subsequent encounter, routine healing)', 'S72001D'),
    ('0SRC0J9 (right TKA, cemented)', '0SRC0J9'),
    ('I21.4 (not STEMI)', 'I214'),
    ('I21.4 (type 1 NSTEMI)', 'I214'),
    ('Prolonged ventilation (>96 h): 5A1955Z', '5A1955Z'),
    ('- I21.4: NSTEMI\n- E11.9: type 2 diabetes without complications\n- N17.9: AKI', ('I214', 'E119', 'N179')),
    ('[{"icd_code":"I214","long_title":"Non-ST elevation (NSTEMI) myocardial infarction"},{"icd_code":"E119","long_title":"Type 2 diabetes mellitus without complications"},{"icd_code":"N179","long_title":"Acute kidney failure, unspecified"}]', ('I214', 'E119', 'N179')),
    ('| icd_code | long_title |\n|---|---|\n| I21.4 | NSTEMI |\n| E11.9 | Type 2 diabetes mellitus without complications |\n| N17.9 | Acute kidney failure, unspecified |', ('I214', 'E119', 'N179')),
    ('NSTEMI (I21.4), T2DM (E11.9), AKI (N17.9)', ('I214', 'E119', 'N179')),
    ('V45.81 (CABG status)', 'V4581'),
    ('V58.61 (long-term warfarin use)', 'V5861'),
    ('E8497 (accident in nursing home)', 'E8497'),
    ('V15.82 (former smoker)', 'V1582'),
    ('9672 (prolonged ventilation, 4+ days)', '9672'),
    ('291 (heart failure and shock with MCC)', '291'),
    ('99291 (critical care, first hour)', '99291'),
    ('00338004904 (NaCl 0.9%, 1000 mL)', '00338004904'),
    ('1,450 mL (1,200 mL the day before)', 1450),
    ('1,450 mL (on 2151-05-03: 1,200 mL)', 1450),
    ('2 (both on the 3rd; a third dose on the 4th)', 2),
    ('2 (the day before: 3)', 2),
    ('1,450 mL (1,450 mL over 24 h)', 1450),
    ('2,350.0 mL (1 L, 1 L and 0.35 L)', 2350.0),
    ('2,350.0 mL: 2,000 mL of boluses, 350 mL carrier', 2350.0),
    ('MICU: 1241; SICU (TSICU counted separately): 987; CVICU: 821', (('Medical Intensive Care Unit (MICU)', 1241), ('Surgical Intensive Care Unit (SICU)', 987), ('Cardiac Vascular Intensive Care Unit (CVICU)', 821))),
    ('MICU: 1241; SICU excl. TSICU: 987; CVICU: 821', (('Medical Intensive Care Unit (MICU)', 1241), ('Surgical Intensive Care Unit (SICU)', 987), ('Cardiac Vascular Intensive Care Unit (CVICU)', 821))),
    ('MICU, SICU (alone, without TSICU), CVICU', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('MICU > SICU > CVICU (shares 0.41, 0.32, 0.27)', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('MICU > SICU > CVICU (MICU about 50% more than CVICU)', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('MICU, then SICU, then CVICU (SICU had 166 more stays than CVICU)', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('MICU, SICU, CVICU: 1,241 / 987 / 821 stays', ('Medical Intensive Care Unit (MICU)', 'Surgical Intensive Care Unit (SICU)', 'Cardiac Vascular Intensive Care Unit (CVICU)')),
    ('7 (eyes 2 + verbal 1 + motor 4)', 7),
    ('7 = 2 + 1 + 4', 7),
    ('Oriented (score 5 of 5)', 'Oriented'),
    ('Oriented (GCS 15)', 'Oriented'),
    ('120/80 mmHg (MAP ~93, PP 40)', '120/80'),
    ('120/80 (MAP = (120 + 2x80)/3 = 93)', '120/80'),
    ('2152-01-15 (10 days after discharge on 2152-01-05)', '2152-01-15'),
    ('2152-01-15, 14 days after the 2152-01-01 admission', '2152-01-15'),
    ('5 cmH2O (then raised to 8)', 5),
    ('5 (PEEP set at 5, later 10)', 5),
    ('40% (0.4)', 40),
    ('0.40 (40%)', 40),
    ('5.1 (limits 3.5 / 5.1)', 5.1),
    ('3.5 (lower limit of 3.5-5.1)', 3.5),
    ('Blood (Creatinine, mg/dL)', 'Blood'),
    ('None (acyclovir, an antiviral, was given)', ()),
    ('None (a cefazolin order was discontinued unadministered)', ()),
    ('None; the patient received heparin and insulin', ()),
    ('2 times (20 mg IV each)', 2),
    ('2 (20 mg + 40 mg = 60 mg)', 2),
    ('14 (12 plus 2 PRN)', 14),
    ('E. coli (ESBL-producing)', 'ESCHERICHIA COLI'),
    ('E. coli, lactose-fermenting gram-negative rod', 'ESCHERICHIA COLI'),
    ('E coli', 'ESCHERICHIA COLI'),
    ('E. coli (Klebsiella in the urine)', 'ESCHERICHIA COLI'),
    ('Blood culture (aerobic bottle)', 'BLOOD CULTURE'),
    ('ED (then transferred to MICU)', 'ED'),
    ('EMERGENCY ROOM (arrived by ambulance)', 'EMERGENCY ROOM'),
    ('67 (anchor_year 2151, so born around 2084)', 67),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
})
