"""A twenty-first corpus (issue 11, round 21): another independent grader wrote 273 answers on demographics and
admissions (race, insurance, admission and discharge locations, lengths of stay in days and hours, deaths,
readmissions), DRG codes and levels, diagnosis and procedure titles, microbiology organisms and susceptibilities and
population shares and rankings, and against the round-20 bracket rules (a sibling value described in words that
open with "of", "the", "from", "via", "for"). (answer, shape, gold, expected, question); expected NC: wrong and
abstained both fine. KNOWN_FALSE_POSITIVES lists the ones still open and CONSERVATIVE the right answers still
missed (the test holds both exact)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

# ---------------------------------------------------------------- demographics / admissions
QG = "What is the gender of patient 10012345?"
QAGE = "What is the anchor_age of patient 10012345?"
QAGEADM = "How old was patient 10012345 at admission 24455667 (years, from anchor_age and anchor_year)?"
QRACE = "What race was recorded for admission 24455667?"
QRACE2 = "What race was recorded for admission 26667788?"
QINS = "What was the insurance of admission 24455667?"
QINS2 = "What was the insurance of admission 26667788?"
QLANG = "What language was recorded for admission 24455667?"
QLANG2 = "What language was recorded for admission 26667788?"
QMAR = "What was the marital_status at admission 24455667?"
QATYPE = "What was the admission_type of admission 24455667?"
QATYPE2 = "What was the admission_type of admission 26667788?"
QATYPE3 = "What was the admission_type of admission 28889900?"
QALOC = "What was the admission_location of admission 24455667?"
QALOC2 = "What was the admission_location of admission 26667788?"
QDLOC = "What was the discharge_location of admission 24455667?"
QDLOC2 = "What was the discharge_location of admission 26667788?"
QDLOC3 = "What was the discharge_location of admission 28889900?"
QDLOC4 = "What was the discharge_location of admission 27781234?"
QEXP = "Did the patient die in the hospital during admission 24455667 (hospital_expire_flag)?"
QEXP2 = "Did the patient die in the hospital during admission 27781234 (hospital_expire_flag)?"
QDEATH = "What was the deathtime of admission 27781234?"
QDOD = "What is the date of death (dod) of patient 10012345?"
QNADM = "How many hospital admissions does patient 10012345 have?"
QGAP = "How many days passed between the discharge of admission 24455667 and the patient's next admission?"
QREADM = "Was patient 10012345 readmitted within 30 days of discharge from admission 24455667?"
QREADM2 = "Was patient 10012345 readmitted within 30 days of discharge from admission 21334455?"
QLOS = "What was the length of stay of admission 24455667 in days (dischtime - admittime), rounded to 2 decimals?"
QLOSH = "What was the length of stay of admission 24455667 in hours, rounded to 1 decimal?"
QLOSD = "How many calendar days (date difference between dischtime and admittime) did admission 24455667 span?"
QICULOS = "What was the los of ICU stay 33557799 (icustays.los, days, 2 decimals)?"
QADMLIST = "List the admission_type of each admission of patient 10099887 in chronological order."
# ---------------------------------------------------------------- DRG
QDRG = "What was the HCFA drg_code of admission 24455667?"
QDRGTYPE = "Which drg_type is the drgcodes row with drg_code 720 of admission 24455667?"
QDRGDESC = "What is the description of the HCFA DRG of admission 24455667?"
QAPRDESC = "What is the description of the APR DRG of admission 24455667?"
QSEV = "What was the drg_severity of the APR DRG of admission 24455667?"
QMORT = "What was the drg_mortality of the APR DRG of admission 24455667?"
QDRGN = "How many admissions have HCFA drg_code 871?"
QDRGTOP = "What was the most common HCFA DRG description among admissions of patients aged 80 or older?"
QDRGTOP3 = "What are the three most common HCFA drg_codes, most frequent first?"
QDRGTAB = "How many APR DRG rows are there at each drg_severity (1-4)?"
# ---------------------------------------------------------------- diagnoses / procedures
QPDX = "What is the long_title of the principal diagnosis (seq_num = 1) of admission 24455667?"
QAKI = "What is the long_title of ICD-9 diagnosis code 5849?"
QARF = "What is the long_title of ICD-9 diagnosis code 51881?"
QHTN = "What is the long_title of ICD-10 diagnosis code I10?"
QOSA = "What is the long_title of ICD-10 diagnosis code G4733?"
QCHF = "What is the long_title of ICD-9 diagnosis code 4280?"
QECOLI = "What is the long_title of ICD-10 diagnosis code A4151?"
QSEQ = "At what seq_num was acute kidney failure (5849) coded for admission 24455667?"
QNDX = "How many distinct ICD codes were recorded in diagnoses_icd for admission 24455667?"
QEVER = "Was patient 10012345 ever diagnosed with atrial fibrillation (any admission)?"
QEVERN = "Has patient 10012345 ever been diagnosed with chronic kidney disease?"
QFIRSTADM = "In which admission (hadm_id) was patient 10012345 first diagnosed with heart failure?"
QDXSET = "Which diagnoses (long_title) of admission 24455667 are sepsis-related?"
QPROC = "What is the long_title of the first procedure (seq_num 1) of admission 24455667?"
# ---------------------------------------------------------------- microbiology
QORG = "Which organism grew in the first positive blood culture of admission 24455667?"
QORG2 = "Which organism was isolated from the urine culture of admission 24455667?"
QORG3 = "Which organism grew in the blood culture of admission 26667788?"
QSUS = "What was the interpretation of ciprofloxacin susceptibility for the E. coli isolate of admission 24455667?"
QSUS2 = "What was the interpretation of gentamicin susceptibility for the E. coli isolate of admission 24455667?"
QSPEC = "How many blood culture specimens (distinct micro_specimen_id) were collected during admission 24455667?"
QPOS = "How many blood culture specimens of admission 24455667 were positive (org_name not null)?"
QPOSTIME = "When was the first positive blood culture of admission 24455667 collected (charttime)?"
QORGSET = "Which organisms grew in any culture of admission 24455667?"
QSUSTAB = ("What were the susceptibility interpretations of the E. coli isolate of admission 24455667 for "
           "ceftriaxone, ciprofloxacin and gentamicin?")
QSPECT = "What was the spec_type_desc of the first culture of admission 24455667?"
QSPECT2 = "What was the spec_type_desc of the first culture of admission 26667788?"
# ---------------------------------------------------------------- population
QPCT = "What percentage of ICU admissions ended in in-hospital death (hospital_expire_flag = 1)?"
QRATE = "What is the 30-day readmission rate per 1,000 discharges among heart-failure admissions?"
QMED = "What is the median anchor_age of patients with a sepsis diagnosis?"
QMEDLOS = "What is the median hospital length of stay (days) of sepsis admissions, rounded to 1 decimal?"
QGTAB = "How many patients of each gender are in the sepsis cohort?"
QINSTAB = "How many sepsis admissions had each insurance type?"
QCMP = "Was in-hospital mortality higher for Medicaid than for Medicare admissions?"
QCMP2 = "Is the median length of stay longer for EW EMER. than for ELECTIVE admissions?"
QTOPRACE = "What are the three most common races among admissions, most frequent first?"
QTOPDX = "What are the three most frequent principal diagnoses (long_title) among ICU admissions, most frequent first?"
QTOPORG = "What are the three most frequently isolated organisms in blood cultures, most frequent first?"
QCNTPOP = "How many patients aged 80 or older (anchor_age) had a sepsis admission?"
QDISCTAB = "How many sepsis admissions ended in each of the three most common discharge_locations?"

QRACE3 = "What race was recorded for admission 22223333?"
QRACE4 = "What race was recorded for admission 22223334?"
QDLOC5 = "What was the discharge_location of admission 22223335?"
QDLOC6 = "What was the discharge_location of admission 22223336?"
QORG4 = "Which organism grew in the blood culture of admission 22223338?"
QAF = "What is the long_title of ICD-9 diagnosis code 42731?"
QHLD = "What is the long_title of ICD-10 diagnosis code E785?"
QCOPD = "What is the long_title of ICD-10 diagnosis code J449?"
QUTI = "What is the long_title of ICD-9 diagnosis code 5990?"

SEPTIC = "SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC"
APR = "SEPTICEMIA & DISSEMINATED INFECTIONS"
DXSET = ["Unspecified septicemia", "Severe sepsis", "Septic shock"]
ORGSET = ["ESCHERICHIA COLI", "ENTEROCOCCUS SP."]
SUSTAB = [["CEFTRIAXONE", "S"], ["CIPROFLOXACIN", "R"], ["GENTAMICIN", "S"]]
GTAB = [["F", 5123], ["M", 6010]]
INSTAB = [["Medicaid", 1650], ["Medicare", 4210], ["Other", 5273]]
DRGTAB = [[1, 2104], [2, 3350], [3, 2876], [4, 1020]]
TOPRACE = ["WHITE", "BLACK/AFRICAN AMERICAN", "OTHER"]
TOPDX = ["Unspecified septicemia", "Subendocardial infarction, initial episode of care", "Acute respiratory failure"]
TOPORG = ["STAPHYLOCOCCUS, COAGULASE NEGATIVE", "ESCHERICHIA COLI", "STAPH AUREUS COAG +"]
ADMLIST = ["ELECTIVE", "EW EMER.", "URGENT"]
DISCTAB = [["HOME", 812], ["SKILLED NURSING FACILITY", 655], ["DIED", 430]]

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ================================================================ (1) demographics
add("gender21", "string/string", "F", QG,
    ("female (F)", C),
    ('{"gender": "F", "anchor_age": 62}', C),
    ("The patient is a 62-year-old woman.", C),
    ('{"subject_id": 10012345, "gender": "M"}', W),
    ("M (male)", W),
)
add("age21", "number/count", 62, QAGE,
    ("62 (anchor_year 2148)", C),
    ('{"age_at_admission": 64, "anchor_age": 62}', C),
    ('{"anchor_year": 2148, "anchor_age": 64}', W),
    ("62 (anchor_age of patient 10099887)", W),
)
add("age21", "number/count", 64, QAGEADM,
    ("64 (anchor_age 62 + 2150 \u2212 2148)", C),
    ("62 (anchor_age); at admission 64", C),
)
add("race21", "string/string", "WHITE", QRACE,
    ("WHITE (OTHER EUROPEAN)", W),
    ("White (Caucasian)", C),
)
add("race21", "string/string", "BLACK/AFRICAN AMERICAN", QRACE2,
    ("BLACK/AFRICAN", W),
    ("Black or African American", C),
    ("BLACK/AFRICAN AMERICAN (of Cape Verdean origin)", NC),
)
add("race21", "string/string", "ASIAN", QRACE3,
    ("ASIAN (of Chinese descent)", NC),
    ("ASIAN (the Chinese subgroup)", W),
)
add("race21", "string/string", "HISPANIC OR LATINO", QRACE4,
    ("HISPANIC OR LATINO (from Puerto Rico)", NC),
)
add("insurance21", "string/string", "Medicare", QINS,
    ("Medicare (Part A)", C),
    ("Either Medicare or Medicaid \u2014 the two rows disagree.", NC),
    ('{"subject_id": 10012345, "hadm_id": 24455667, "insurance": "Medicaid"}', W),
    ("I couldn't find admission 24455667 in the admissions table.", A),
)
add("language21", "string/string", "ENGLISH", QLANG,
    ("ENGLISH (interpreter not needed)", C),
    ("SPANISH", W),
)
add("language21", "string/string", "?", QLANG2,
    ("Unknown \u2014 the language field is '?'", C),
    ("ENGLISH (the field itself is '?')", W),
)
add("marital21", "string/string", "WIDOWED", QMAR,
    ("WIDOWED (previously MARRIED)", C),
    ("WIDOWED (DIVORCED)", W),
    ("WIDOWED / DIVORCED", NC),
)
add("admtype21", "string/string", "EW EMER.", QATYPE,
    ("EW EMER. (direct emergency)", W),
    ("EMERGENCY", NC),
    ("Emergency (EW EMER.)", C),
    ("EW EMER. (via a direct emergency referral)", W),
)
add("admtype21", "string/string", "OBSERVATION ADMIT", QATYPE2,
    ("OBSERVATION ADMIT (EU)", W),
    ("OBSERVATION ADMIT (observation status)", C),
    ("OBSERVATION ADMIT (from the EU observation unit)", W),
)
add("admtype21", "string/string", "SURGICAL SAME DAY ADMISSION", QATYPE3,
)
add("admloc21", "string/string", "TRANSFER FROM HOSPITAL", QALOC,
    ("TRANSFER FROM HOSPITAL (skilled nursing facility)", W),
    ("Transfer from another hospital", C),
    ("TRANSFER FROM HOSPITAL (from a skilled nursing facility)", W),
)
add("admloc21", "string/string", "EMERGENCY ROOM", QALOC2,
    ("EMERGENCY ROOM (walk-in)", W),
    ("EMERGENCY ROOM (ED)", C),
    ("EMERGENCY ROOM (via a walk-in self referral)", W),
)
add("dischloc21", "string/string", "SKILLED NURSING FACILITY", QDLOC,
    ("SNF", C),
    ("SKILLED NURSING FACILITY (rehab)", W),
    ("REHAB \u2014 no, checking again: SKILLED NURSING FACILITY.", C),
)
add("dischloc21", "string/string", "CHRONIC/LONG TERM ACUTE CARE", QDLOC2,
    ("LTACH", C),
    ("CHRONIC/LONG TERM ACUTE CARE (acute hospital)", W),
)
add("dischloc21", "string/string", "HOME HEALTH CARE", QDLOC3,
)
add("dischloc21", "string/string", "DIED", QDLOC4,
    ("HOSPICE", W),
    ("Expired", C),
)
add("dischloc21", "string/string", "HOME", QDLOC5,
    ("HOME (a home health care discharge)", W),
    ("HOME (to an assisted living facility)", W),
    ("HOME (for hospice care)", NC),
)
add("dischloc21", "string/string", "ACUTE HOSPITAL", QDLOC6,
    ("ACUTE HOSPITAL (for chronic/long term acute care)", W),
)
add("expire21", "boolean/boolean", False, QEXP,
    ("Yes (the patient died on 2150-04-02, after discharge)", W),
    ("No \u2014 discharged alive to a SNF; died 27 days after discharge", C),
    ("No (deathtime 2150-04-02 23:50, during the admission)", NC),
)
add("expire21", "boolean/boolean", True, QEXP2,
    ("The patient died (dod 2151-07-20), 11 days after discharge.", W),
    ("hospital_expire_flag is 1", C),
)
add("death21", "date/timestamp", "2151-07-09 06:45", QDEATH,
    ("2151-07-09", NC),
    ("2151-07-09 06:45 (same as dischtime)", C),
    ("deathtime 2151-07-09 07:10; dischtime 2151-07-09 06:45", W),
    ("2151-07-09 06:45 is the dischtime; deathtime is null", NC),
)
add("dod21", "date/date", "2150-04-02", QDOD,
    ("dod: 2150-04-02 (deathtime 2150-04-02 23:50)", C),
    ("2150-04-01", W),
    ("2150-04-02 is the dischtime of the last admission; dod is null", NC),
)
add("nadm21", "number/count", 5, QNADM,
    ("5 admissions, 3 with an ICU stay", C),
    ("4 (plus one ED visit without admission)", W),
    ('{"subject_id": 10012345, "n_admissions": 4, "n_icu_stays": 5}', W),
)
add("gap21", "number/count", 17, QGAP,
    ("17 days (discharged 2150-03-06, readmitted 2150-03-23)", C),
    ("16 days", W),
    ("17 days (discharged 2150-03-06, readmitted 2150-03-24)", NC),
)
add("readm21", "boolean/boolean", True, QREADM,
    ("Yes \u2014 readmitted after 17 days", C),
    ("No, the next admission came 17 days later", W),
    ("Yes \u2014 the next admission was 34 days after discharge", NC),
)
add("readm21", "boolean/boolean", False, QREADM2,
    ("No, the next admission was 24 days after discharge", NC),
)
add("los21", "number/measurement:2", 4.35, QLOS,
    ("4.35 hours", W),
    ("4.35 days (104.4 hours)", C),
    ("104.4 hours (4.35 days)", C),
    ('{"hadm_id": 24455667, "los_days": 4.35}', C),
    ("4 days 8 hours 24 minutes", C),
    ("4.35 days; the ICU portion was 2.74 days", C),
    ("4.35 days (admitted 2150-03-01 22:10, discharged 2150-03-05 06:34)", NC),
    ("4.35 days (discharged the same evening, 2150-03-01 23:59)", NC),
)
add("los21", "number/measurement:1", 104.4, QLOSH,
    ("104.4 hours (4.5 days)", NC),
)
add("los21", "number/count", 5, QLOSD,
    ("5 days (2150-03-01 to 2150-03-06)", C),
    ("5 (admitted just before midnight on 2150-03-01)", C),
    ("5 days (2150-03-01 to 2150-03-05)", NC),
)
add("los21", "number/measurement:2", 2.74, QICULOS,
    ("2.74 days (75.8 h)", NC),
)
add("admlist21", "list/string^", ADMLIST, QADMLIST,
    ("ELECTIVE (2149-06-01), EW EMER. (2150-01-15), URGENT (2150-08-30)", C),
    ("| admittime | admission_type |\n|---|---|\n| 2149-06-01 | ELECTIVE |\n| 2150-01-15 | EW EMER. |\n| 2150-08-30 | URGENT |", C),
    ("ELECTIVE (2150-08-30), EW EMER. (2150-01-15), URGENT (2149-06-01)", NC),
    ("ELECTIVE, EW EMER. (direct emergency), URGENT", W),
    ("1. ELECTIVE \u2014 2149-06-01\n2. EW EMER. \u2014 2150-09-15\n3. URGENT \u2014 2150-08-30", NC),
)
# ================================================================ (2) DRG
add("drgcode21", "string/code", "871", QDRG,
    ("720 (APR)", W),
    ("HCFA 871; APR 720", C),
    ('{"hadm_id": 24455667, "drg_type": "HCFA", "drg_code": "871"}', C),
    ('{"HCFA": "871", "APR": "720"}', C),
    ("| drg_type | drg_code |\n|---|---|\n| HCFA | 871 |\n| APR | 720 |", C),
    ('{"hadm_id": 24455667, "drg_type": "APR", "drg_code": "720"}', W),
    ("871. Correction: that's the APR row; the HCFA code is 720.", W),
)
add("drgtype21", "string/string", "APR", QDRGTYPE,
    ("APR-DRG", C),
    ("HCFA (MS-DRG); the APR row has code 720", W),
)
add("drgdesc21", "string/string", SEPTIC, QDRGDESC,
    ("SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS", W),
    ("Septicemia or severe sepsis without MV >96 hours with MCC", C),
    ("SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W/O MCC", W),
    ("SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC (or W/O MCC)", NC),
)
add("drgdesc21", "string/string", APR, QAPRDESC,
    ("SEPTICEMIA AND DISSEMINATED INFECTIONS", C),
    ("SEPTICEMIA & DISSEMINATED INFECTIONS (severity 3, mortality 2)", C),
    ("SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC (APR)", W),
)
add("drgsev21", "number/count", 3, QSEV,
    ("Mortality 3, severity 2", W),
    ("3 (major)", C),
    ("Severity 3, mortality 2", C),
    ('{"drg_severity": 3, "drg_mortality": 2}', C),
    ('{"drg_severity": 2, "drg_mortality": 3}', W),
    ("The drgcodes table has no APR row for this admission, so there is no severity.", A),
)
add("drgsev21", "number/count", 2, QMORT,
    ('{"hadm_id": 24455667, "drg_severity": 2, "drg_mortality": 3}', W),
)
add("drgcount21", "number/count", 1342, QDRGN,
    ("1,342 admissions (1.3% of 102,000)", C),
    ("1,342 (2.3% of 102,000)", NC),
    ("1,298 distinct admissions (1,342 rows)", W),
)
add("drgtop21", "string/string", SEPTIC, QDRGTOP,
    ("SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC (412 admissions)", C),
    ("| description | n |\n|---|---|\n| SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC | 412 |\n| HEART FAILURE & SHOCK W MCC | 398 |", C),
    ("HEART FAILURE & SHOCK W MCC (412), ahead of SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC (398)", W),
)
add("drgtop321", "list/code^", ["871", "291", "392"], QDRGTOP3,
    ("871, 392, 291", W),
    ("1. 871 (1,342)\n2. 291 (1,120)\n3. 392 (980)", C),
    ("1. 871 (1,342)\n2. 291 (980)\n3. 392 (1,120)", NC),
    ("1. 871 \u2014 980\n2. 291 \u2014 1,120\n3. 392 \u2014 1,342", NC),
    ("871 (n=1,342) > 291 (n=1,400) > 392 (n=980)", NC),
    ("871 (1,342), 291 (1,500), 392 (980)", NC),
)
add("drgtab21", "table/count,count", DRGTAB, QDRGTAB,
    ("| drg_severity | n |\n|---|---|\n| 1 | 2104 |\n| 2 | 3350 |\n| 3 | 2876 |\n| 4 | 1020 |", C),
    ("Severity 1: 2,104; 2: 3,350; 3: 2,876; 4: 1,020", C),
    ("| drg_severity | n |\n|---|---|\n| 1 | 2104 |\n| 2 | 2876 |\n| 3 | 3350 |\n| 4 | 1020 |", W),
    ("Severity 1: 2,104; 2: 3,350; 3: 2,876", W),
)
# ================================================================ (3) diagnoses / procedures
add("pdx21", "string/string", "Unspecified septicemia", QPDX,
    ("Severe sepsis", W),
    ("Unspecified septicemia (ICD-9 038.9)", C),
    ("| seq_num | icd_code | long_title |\n|---|---|---|\n| 1 | 0389 | Unspecified septicemia |", C),
    ("Sepsis, unspecified organism", W),
    ("Unspecified septicemia (gram negative)", W),
    ("Unspecified septicemia (of gram-negative origin)", W),
)
add("dxtitle21", "string/string", "Acute kidney failure, unspecified", QAKI,
    ("Acute kidney failure, unspecified (ICD-9 584.9)", C),
    ("Acute kidney failure, unspecified (with tubular necrosis)", W),
    ("Acute kidney failure, unspecified (the tubular necrosis type)", W),
)
add("dxtitle21", "string/string", "Acute respiratory failure", QARF,
    ("Acute respiratory failure (ICD-9 51881)", C),
    ("Acute respiratory failure (of the hypoxic type)", NC),
)
add("dxtitle21", "string/string", "Essential (primary) hypertension", QHTN,
    ("Essential (primary) hypertension (I10)", C),
)
add("dxtitle21", "string/string", "Obstructive sleep apnea (adult) (pediatric)", QOSA,
    ("Obstructive sleep apnea", C),
)
add("dxtitle21", "string/string", "Sepsis due to Escherichia coli [E. coli]", QECOLI,
    ("Sepsis due to Escherichia coli", C),
    ("Septicemia due to Escherichia coli [E. coli]", W),
)
add("dxtitle21", "string/string", "Atrial fibrillation", QAF,
    ("Atrial fibrillation (the paroxysmal kind)", W),
    ("Atrial fibrillation (of the persistent type)", W),
)
add("dxtitle21", "string/string", "Hyperlipidemia, unspecified", QHLD,
    ("Hyperlipidemia, unspecified (the mixed kind)", W),
)
add("dxtitle21", "string/string", "Chronic obstructive pulmonary disease, unspecified", QCOPD,
    ("Chronic obstructive pulmonary disease, unspecified (in acute exacerbation)", W),
    ("Chronic obstructive pulmonary disease, unspecified (COPD)", C),
)
add("dxtitle21", "string/string", "Urinary tract infection, site not specified", QUTI,
    ("Urinary tract infection, site not specified (from an indwelling catheter)", NC),
)
add("seqnum21", "number/count", 3, QSEQ,
    ("seq_num 3", C),
    ("3 (the principal diagnosis)", NC),
)
add("ndx21", "number/count", 14, QNDX,
    ("14 distinct long_titles (16 codes)", W),
    ("16", W),
)
add("everdx21", "boolean/boolean", True, QEVER,
    ("Yes \u2014 Atrial fibrillation (42731) on 3 of 5 admissions", C),
    ("Atrial fibrillation (42731) appears on admission 21334455.", C),
    ("Yes, atrial flutter (42732)", NC),
)
add("everdx21", "boolean/boolean", False, QEVERN,
    ("No (only acute kidney failure, 5849)", C),
    ("There is no record of chronic kidney disease for this patient.", C),
)
add("firstadm21", "number/identifier", 21334455, QFIRSTADM,
    ("21334455, then again in 24455667", C),
    ('{"hadm_id": 21334455, "admittime": "2149-11-02 08:00"}', C),
    ("24455667 (heart failure was also coded later, on 21334455)", W),
    ('{"subject_id": 10012345, "first_hadm_id": 24455667, "previous_hadm_id": 21334455}', W),
)
add("dxset21", "set/string", DXSET, QDXSET,
    ("Unspecified septicemia, Severe sepsis, Septic shock (in seq_num order)", C),
    ("- Unspecified septicemia (0389)\n- Severe sepsis (99592)\n- Septic shock (78552)", C),
    ("Unspecified septicemia, Severe sepsis", W),
    ("Unspecified septicemia, Severe sepsis (with septic shock)", W),
    ("Unspecified septicemia, Severe sepsis, Septic shock (and SIRS, 99591)", W),
)
add("proc21", "string/string", "Insertion of endotracheal tube", QPROC,
    ("Insertion of endotracheal tube (96.04)", C),
    ("Insertion of endotracheal tube (followed by mechanical ventilation <96 h)", C),
    ("Continuous invasive mechanical ventilation for less than 96 consecutive hours", W),
)
# ================================================================ (4) microbiology
add("org21", "string/string", "ESCHERICHIA COLI", QORG,
    ("ESCHERICHIA COLI (2 of 4 bottles)", C),
    ("ESCHERICHIA COLI (and ENTEROCOCCUS SP. in the urine)", C),
    ("ESCHERICHIA COLI (gram-negative rods on the Gram stain)", C),
    ("KLEBSIELLA PNEUMONIAE", W),
    ("ESCHERICHIA COLI (KLEBSIELLA PNEUMONIAE)", W),
)
add("org21", "string/string", "ENTEROCOCCUS SP.", QORG2,
    ("Enterococcus species", C),
    ("ENTEROCOCCUS SP. (of the faecium species)", W),
)
add("org21", "string/string", "STAPHYLOCOCCUS, COAGULASE NEGATIVE", QORG3,
    ("Coagulase-negative Staphylococcus (CoNS)", C),
)
add("org21", "string/string", "STAPH AUREUS COAG +", QORG4,
    ("STAPH AUREUS COAG + (the coagulase-negative kind)", W),
)
add("sus21", "string/string", "R", QSUS,
    ("R \u2014 resistant to ciprofloxacin, sensitive to ceftriaxone", C),
    ("Resistant to ceftriaxone but sensitive to ciprofloxacin", W),
)
add("sus21", "string/string", "S", QSUS2,
    ("S (MIC <=1)", C),
    ("R for ciprofloxacin; gentamicin not tested", NC),
)
add("spec21", "number/count", 6, QSPEC,
    ("6 specimens (14 rows in microbiologyevents)", C),
    ("2 positive out of 6 specimens", C),
    ("14 rows", W),
    ('{"hadm_id": 24455667, "specimens": 14, "positive": 6}', W),
)
add("pos21", "number/count", 2, QPOS,
    ("2 of 6 specimens (33.3%)", C),
    ("2 (33.3%) of 6", C),
    ("2 of 6 (40%)", NC),
    ("3 positive specimens", W),
    ("2 (33.3%) of 5 specimens", NC),
)
add("postime21", "date/timestamp", "2150-03-02 10:15", QPOSTIME,
    ("2150-03-02 10:15 PM", W),
    ('{"micro_specimen_id": 8812345, "charttime": "2150-03-02 10:15"}', C),
    ("2150-03-02 10:15 (chartdate 2150-03-02)", C),
    ("2150-03-02", NC),
    ("2150-03-04 12:00 (when the positive result was stored)", W),
)
add("orgset21", "set/string", ORGSET, QORGSET,
    ("E. coli and Enterococcus sp.", C),
    ("| org_name | n |\n|---|---|\n| ESCHERICHIA COLI | 3 |\n| ENTEROCOCCUS SP. | 1 |", C),
    ("ESCHERICHIA COLI, ENTEROCOCCUS FAECIUM", W),
    ("ESCHERICHIA COLI, ENTEROCOCCUS SP. (faecium)", W),
    ("microbiologyevents has no rows for this admission; no organisms can be listed.", A),
)
add("sustab21", "table/string,string", SUSTAB, QSUSTAB,
    ("| antibiotic | interpretation |\n|---|---|\n| CEFTRIAXONE | S |\n| CIPROFLOXACIN | R |\n| GENTAMICIN | S |", C),
    ("Ceftriaxone S, ciprofloxacin R, gentamicin S", C),
    ('{"CEFTRIAXONE": "S", "CIPROFLOXACIN": "R", "GENTAMICIN": "S"}', C),
    ("Ceftriaxone R, ciprofloxacin S, gentamicin S", W),
    ('{"CEFTRIAXONE": "S", "CIPROFLOXACIN": "S", "GENTAMICIN": "S"}', W),
)
add("spectype21", "string/string", "BLOOD CULTURE", QSPECT,
    ("Blood culture (routine)", C),
    ("BLOOD CULTURE (in a MYCO/F lytic bottle)", W),
    ("BLOOD CULTURE (for mycobacteria and fungi)", NC),
)
add("spectype21", "string/string", "URINE", QSPECT2,
    ("URINE (clean catch)", C),
    ("URINE (kidney)", W),
)
# ================================================================ (5) population
add("pct21", "number/measurement:1", 11.2, QPCT,
    ("11.2% (8,540 of 76,250)", C),
    ("8,540 of 76,250 admissions (11.2%)", C),
    ("8,540 (11.2%) of 76,250", C),
    ('{"deaths": 8540, "admissions": 76250, "pct": 11.2}', C),
    ("8,540 (12.2%) of 76,250", NC),
    ("11.2% (8,540 of 70,250)", NC),
    ('{"deaths": 8540, "admissions": 76250, "pct": 12.2}', W),
    ("The query over admissions timed out, so I cannot report the percentage.", A),
)
add("rate21", "number/measurement:1", 187.5, QRATE,
    ("187.5 per 1,000 discharges (3,000 of 16,000)", C),
    ("187.5 (3,000 readmissions / 16,000 discharges \u00d7 1,000)", C),
    ("187.5 per 1,000 (3,000 of 18,000)", NC),
    ("166.7 per 1,000", W),
)
add("median21", "number/measurement:1", 67.0, QMED,
    ("median 67 (IQR 56\u201378)", C),
    ("65.3 (mean); the median is 67", C),
    ("median 65.3, mean 67", W),
    ("Average 67 years", W),
)
add("median21", "number/measurement:1", 7.8, QMEDLOS,
    ("7.8 days (187.2 hours)", C),
    ("7.8 days (178.2 hours)", NC),
)
add("gtab21", "table/string,count", GTAB, QGTAB,
    ("F 5,123; M 6,010", C),
    ("| gender | n |\n|---|---|\n| F | 5123 |\n| M | 6010 |", C),
    ("5,123 women and 6,010 men (11,133 patients)", C),
    ("F 6,010; M 5,123", W),
    ("F 5,123 (54.0%), M 6,010 (46.0%)", NC),
)
add("instab21", "table/string,count", INSTAB, QINSTAB,
    ("Medicare 4,210; Medicaid 1,650; Other 5,273", C),
    ("| insurance | n |\n|---|---|\n| Other | 5273 |\n| Medicare | 4210 |\n| Medicaid | 1650 |", C),
    ("Medicare 1,650; Medicaid 4,210; Other 5,273", W),
    ("Medicare 4,210 (37.8%), Medicaid 1,650 (14.8%), Other 5,273 (44.4%)", NC),
)
add("cmp21", "boolean/boolean", False, QCMP,
    ("No \u2014 Medicaid 3.9% vs Medicare 6.4%", C),
    ("Medicare mortality (6.4%) was higher than Medicaid (3.9%).", C),
    ("No, the rates were equal (6.4% vs 6.4%)", C),
    ("Yes \u2014 Medicaid 3.9% vs Medicare 6.4%", W),
    ("No. Medicaid: 120 deaths of 3,077 (4.9%); Medicare: 640 of 10,000 (6.4%).", NC),
)
add("cmp21", "boolean/boolean", True, QCMP2,
    ("ELECTIVE admissions stay longer (6.1 vs 3.2 days).", W),
    ("Yes: 6.1 vs 3.2 days", C),
    ("Yes (EW EMER. median 3.2 days, ELECTIVE 6.1 days)", NC),
    ("Yes \u2014 EW EMER. 6.1 days vs ELECTIVE 6.1 days", NC),
)
add("toprace21", "list/string^", TOPRACE, QTOPRACE,
    ("1. WHITE (6,010)\n2. BLACK/AFRICAN AMERICAN (1,460)\n3. OTHER (1,102)", C),
    ("| race | n |\n|---|---|\n| WHITE | 6010 |\n| BLACK/AFRICAN AMERICAN | 1460 |\n| OTHER | 1102 |", C),
    ("1. WHITE (6,010)\n2. BLACK/AFRICAN AMERICAN (1,102)\n3. OTHER (1,460)", NC),
    ("WHITE, BLACK/AFRICAN AMERICAN (BLACK/CAPE VERDEAN), OTHER", W),
)
add("topdx21", "list/string^", TOPDX, QTOPDX,
    ("1. Unspecified septicemia (2,410)\n2. Subendocardial infarction, initial episode of care (1,980)\n3. Acute respiratory failure (1,650)", C),
    ("Unspecified septicemia, Subendocardial infarction, initial episode of care, Acute respiratory failure", C),
    ("Unspecified septicemia, Subendocardial infarction, Acute respiratory failure", NC),
    ("1. Unspecified septicemia (2,410)\n2. Subendocardial infarction, initial episode of care (1,650)\n3. Acute respiratory failure (1,980)", NC),
)
add("toporg21", "list/string^", TOPORG, QTOPORG,
    ("1. STAPHYLOCOCCUS, COAGULASE NEGATIVE (3,120)\n2. ESCHERICHIA COLI (1,840)\n3. STAPH AUREUS COAG + (1,505)", C),
    ("Coagulase-negative staph, E. coli, S. aureus", C),
    ("E. coli, coagulase-negative staph, S. aureus", W),
    ("CoNS (3,120), E. coli (1,505), S. aureus (1,840)", NC),
)
add("popcount21", "number/count", 2317, QCNTPOP,
    ("2,890 admissions from 2,317 patients", C),
    ("2,317 (21.0% of 11,033 septic patients)", C),
    ("2,317 admissions (1,980 patients)", W),
    ("2,317 (25.0% of 11,033)", NC),
)
add("disctab21", "table/string,count", DISCTAB, QDISCTAB,
    ("HOME 812, SNF 655, DIED 430", C),
    ("| discharge_location | n |\n|---|---|\n| HOME | 812 |\n| SKILLED NURSING FACILITY | 655 |\n| DIED | 430 |", C),
    ("HOME 812, HOME HEALTH CARE 655, DIED 430", W),
    ("HOME 812, SKILLED NURSING FACILITY (rehab) 655, DIED 430", W),
)

CLASS_DESC = {
    "gender21": "gender: F/female forms, JSON with an id key or a non-id key, prose",
    "age21": "anchor_age vs age at admission: both in one answer, JSON with both keys, the other number named",
    "race21": "race strings: sibling stored values ('WHITE - OTHER EUROPEAN', 'BLACK/CAPE VERDEAN') in brackets or with a function word, remarks without function words",
    "insurance21": "insurance: remarks in brackets, two values, hedges",
    "language21": "language incl. the '?' value",
    "marital21": "marital_status with bracketed remarks ('previously MARRIED') vs a sibling value in brackets",
    "admtype21": "admission_type: EW EMER. / DIRECT EMER. / EU OBSERVATION / OBSERVATION ADMIT / SURGICAL SAME DAY ADMISSION, bracketed expansions vs siblings",
    "admloc21": "admission_location: sibling locations bracketed bare or after a lead function word, harmless remarks",
    "dischloc21": "discharge_location: abbreviations (SNF, LTACH), siblings in brackets, hedges, corrections",
    "expire21": "hospital_expire_flag yes/no vs death after discharge, implicit answers",
    "death21": "deathtime vs dischtime vs dod, date only, tables",
    "dod21": "date of death: formats, deathtime beside, ambiguous day/month, null",
    "nadm21": "number of admissions: ids listed (consistent or not), ICU stays beside, a narrower count",
    "gap21": "days between discharge and next admission: dates that do or do not support the count",
    "readm21": "30-day readmission yes/no with a day count that does or does not agree",
    "los21": "length of stay in days / hours / calendar days / ICU los: conversions that hold or not, dates that do or do not support it, JSON",
    "admlist21": "time-ordered list of admission types: dates that agree or contradict the order, tables, sibling type",
    "drgcode21": "HCFA vs APR drg_code: both named, JSON keyed by type or with ids, tables, corrections",
    "drgtype21": "drg_type APR vs HCFA",
    "drgdesc21": "DRG descriptions: W MCC vs W/O MCC, truncation, HCFA vs APR, bracketed remarks without function words",
    "drgsev21": "drg_severity vs drg_mortality: both named, JSON with both keys, swapped",
    "drgcount21": "count of admissions with a DRG: rows vs distinct, shares",
    "drgtop21": "most common DRG with counts (agreeing or not), tables",
    "drgtop321": "ranked DRG codes with counts agreeing / contradicting, ties, extra items",
    "drgtab21": "count table keyed by drg_severity",
    "pdx21": "principal diagnosis long_title: ICD-9 vs ICD-10 title, sibling in brackets (bare / with a function word), seq_num",
    "dxtitle21": "ICD long_titles: siblings, titles with brackets ((primary), (adult) (pediatric), [E. coli]), remarks like '(ICD-9 51881)'",
    "seqnum21": "seq_num of a diagnosis",
    "ndx21": "distinct diagnosis codes vs rows vs titles",
    "everdx21": "ever diagnosed yes/no: implicit answers, another code",
    "firstadm21": "first admission with a condition (hadm_id), JSON with ids",
    "dxset21": "set of sepsis diagnosis titles: missing, extra, sibling title, a title with a comma",
    "proc21": "procedure long_title vs sibling procedure",
    "org21": "org_name: abbreviations, counts, siblings in brackets, Gram stain",
    "sus21": "susceptibility interpretation S/R/I, two antibiotics, JSON",
    "spec21": "specimen count vs rows vs positive",
    "pos21": "positive specimen count, shares that hold or not",
    "postime21": "first positive culture charttime vs storetime, date only, JSON",
    "orgset21": "set of organisms: sibling species, extra, bracketed remarks",
    "sustab21": "susceptibility table antibiotic -> S/R",
    "spectype21": "spec_type_desc with bracketed variants vs remarks",
    "pct21": "percentage with N (P%) of M holding or not, JSON, per-patient vs per-admission",
    "rate21": "rate per 1,000 with its fraction",
    "median21": "median vs mean labels, IQR, conversions",
    "gtab21": "count table by gender: shares holding or not, totals, JSON",
    "instab21": "count table by insurance",
    "cmp21": "yes/no group comparisons whose own figures agree or contradict",
    "toprace21": "top-3 races with counts agreeing / contradicting the order, a fourth tie",
    "topdx21": "top-3 diagnosis titles containing commas; counts contradicting the order",
    "toporg21": "top-3 organisms (a title with a comma); counts contradicting order",
    "popcount21": "population count: patients vs admissions, shares",
    "disctab21": "count table by discharge_location: SNF abbreviation, sibling location",
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
    ('female (F)', 'F'),
    ('{"gender": "F", "anchor_age": 62}', 'F'),
    ('The patient is a 62-year-old woman.', 'F'),
    ('62 (anchor_year 2148)', 62),
    ('{"age_at_admission": 64, "anchor_age": 62}', 62),
    ('62 (anchor_age); at admission 64', 64),
    ('White (Caucasian)', 'WHITE'),
    ('Black or African American', 'BLACK/AFRICAN AMERICAN'),
    ('Medicare (Part A)', 'Medicare'),
    ('ENGLISH (interpreter not needed)', 'ENGLISH'),
    ("Unknown — the language field is '?'", '?'),
    ('WIDOWED (previously MARRIED)', 'WIDOWED'),
    ('Emergency (EW EMER.)', 'EW EMER.'),
    ('OBSERVATION ADMIT (observation status)', 'OBSERVATION ADMIT'),
    ('Transfer from another hospital', 'TRANSFER FROM HOSPITAL'),
    ('EMERGENCY ROOM (ED)', 'EMERGENCY ROOM'),
    ('SNF', 'SKILLED NURSING FACILITY'),
    ('REHAB — no, checking again: SKILLED NURSING FACILITY.', 'SKILLED NURSING FACILITY'),
    ('LTACH', 'CHRONIC/LONG TERM ACUTE CARE'),
    ('Expired', 'DIED'),
    ('No — discharged alive to a SNF; died 27 days after discharge', False),
    ('hospital_expire_flag is 1', True),
    ('2151-07-09 06:45 (same as dischtime)', '2151-07-09 06:45'),
    ('5 admissions, 3 with an ICU stay', 5),
    ('17 days (discharged 2150-03-06, readmitted 2150-03-23)', 17),
    ('104.4 hours (4.35 days)', 4.35),
    ('{"hadm_id": 24455667, "los_days": 4.35}', 4.35),
    ('4 days 8 hours 24 minutes', 4.35),
    ('4.35 days; the ICU portion was 2.74 days', 4.35),
    ('5 (admitted just before midnight on 2150-03-01)', 5),
    ('| admittime | admission_type |\n|---|---|\n| 2149-06-01 | ELECTIVE |\n| 2150-01-15 | EW EMER. |\n| 2150-08-30 | URGENT |', ('ELECTIVE', 'EW EMER.', 'URGENT')),
    ('HCFA 871; APR 720', '871'),
    ('{"hadm_id": 24455667, "drg_type": "HCFA", "drg_code": "871"}', '871'),
    ('| drg_type | drg_code |\n|---|---|\n| HCFA | 871 |\n| APR | 720 |', '871'),
    ('APR-DRG', 'APR'),
    ('Septicemia or severe sepsis without MV >96 hours with MCC', 'SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC'),
    ('SEPTICEMIA AND DISSEMINATED INFECTIONS', 'SEPTICEMIA & DISSEMINATED INFECTIONS'),
    ('Severity 3, mortality 2', 3),
    ('{"drg_severity": 3, "drg_mortality": 2}', 3),
    ('| description | n |\n|---|---|\n| SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC | 412 |\n| HEART FAILURE & SHOCK W MCC | 398 |', 'SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC'),
    ('Severity 1: 2,104; 2: 3,350; 3: 2,876; 4: 1,020', ((1, 2104), (2, 3350), (3, 2876), (4, 1020))),
    ('| seq_num | icd_code | long_title |\n|---|---|---|\n| 1 | 0389 | Unspecified septicemia |', 'Unspecified septicemia'),
    ('Essential (primary) hypertension (I10)', 'Essential (primary) hypertension'),
    ('Obstructive sleep apnea', 'Obstructive sleep apnea (adult) (pediatric)'),
    ('Sepsis due to Escherichia coli', 'Sepsis due to Escherichia coli [E. coli]'),
    ('seq_num 3', 3),
    ('Atrial fibrillation (42731) appears on admission 21334455.', True),
    ('No (only acute kidney failure, 5849)', False),
    ('21334455, then again in 24455667', 21334455),
    ('Unspecified septicemia, Severe sepsis, Septic shock (in seq_num order)', ('Unspecified septicemia', 'Severe sepsis', 'Septic shock')),
    ('Insertion of endotracheal tube (followed by mechanical ventilation <96 h)', 'Insertion of endotracheal tube'),
    ('ESCHERICHIA COLI (and ENTEROCOCCUS SP. in the urine)', 'ESCHERICHIA COLI'),
    ('ESCHERICHIA COLI (gram-negative rods on the Gram stain)', 'ESCHERICHIA COLI'),
    ('Enterococcus species', 'ENTEROCOCCUS SP.'),
    ('Coagulase-negative Staphylococcus (CoNS)', 'STAPHYLOCOCCUS, COAGULASE NEGATIVE'),
    ('R — resistant to ciprofloxacin, sensitive to ceftriaxone', 'R'),
    ('2 positive out of 6 specimens', 6),
    ('2 (33.3%) of 6', 2),
    ('2150-03-02 10:15 (chartdate 2150-03-02)', '2150-03-02 10:15'),
    ('E. coli and Enterococcus sp.', ('ESCHERICHIA COLI', 'ENTEROCOCCUS SP.')),
    ('| org_name | n |\n|---|---|\n| ESCHERICHIA COLI | 3 |\n| ENTEROCOCCUS SP. | 1 |', ('ESCHERICHIA COLI', 'ENTEROCOCCUS SP.')),
    ('Ceftriaxone S, ciprofloxacin R, gentamicin S', (('CEFTRIAXONE', 'S'), ('CIPROFLOXACIN', 'R'), ('GENTAMICIN', 'S'))),
    ('Blood culture (routine)', 'BLOOD CULTURE'),
    ('URINE (clean catch)', 'URINE'),
    ('8,540 of 76,250 admissions (11.2%)', 11.2),
    ('8,540 (11.2%) of 76,250', 11.2),
    ('{"deaths": 8540, "admissions": 76250, "pct": 11.2}', 11.2),
    ('187.5 per 1,000 discharges (3,000 of 16,000)', 187.5),
    ('187.5 (3,000 readmissions / 16,000 discharges × 1,000)', 187.5),
    ('65.3 (mean); the median is 67', 67.0),
    ('F 5,123; M 6,010', (('F', 5123), ('M', 6010))),
    ('5,123 women and 6,010 men (11,133 patients)', (('F', 5123), ('M', 6010))),
    ('Medicare 4,210; Medicaid 1,650; Other 5,273', (('Medicaid', 1650), ('Medicare', 4210), ('Other', 5273))),
    ('Medicare mortality (6.4%) was higher than Medicaid (3.9%).', False),
    ('| race | n |\n|---|---|\n| WHITE | 6010 |\n| BLACK/AFRICAN AMERICAN | 1460 |\n| OTHER | 1102 |', ('WHITE', 'BLACK/AFRICAN AMERICAN', 'OTHER')),
    ('Coagulase-negative staph, E. coli, S. aureus', ('STAPHYLOCOCCUS, COAGULASE NEGATIVE', 'ESCHERICHIA COLI', 'STAPH AUREUS COAG +')),
    ('HOME 812, SNF 655, DIED 430', (('HOME', 812), ('SKILLED NURSING FACILITY', 655), ('DIED', 430))),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
    ('The drgcodes table has no APR row for this admission, so there is no severity.', 3),
    ('microbiologyevents has no rows for this admission; no organisms can be listed.', ('ESCHERICHIA COLI', 'ENTEROCOCCUS SP.')),
})
