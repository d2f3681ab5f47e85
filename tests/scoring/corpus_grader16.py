"""A sixteenth graded corpus, written by another independent adversarial grader (issue 11, round 16): 260
invented answers, none repeating an earlier corpus, on new subjects (ICD titles and chapters, procedure dates,
lab trends and their deltas, vital signs, IQRs and medians, drug courses, times between events, ages at admission,
admission and discharge locations): the answer's own conversions, ends, formulae, quartiles and clock times
against its value; a value from another table; a double negative that is a yes; readings left out; and right
answers phrased as agents phrase them (43%). (answer, shape, gold, expected, question); expected NC: wrong and
abstained both fine. KNOWN_FALSE_POSITIVES lists the ones still open (the test holds it exact: a new false positive fails,
and a fixed one must be taken off it)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QTITLE = "What is the long title of the principal diagnosis (seq_num 1) of admission 21300101?"
QCHAP = "Which ICD-10 chapter does the principal diagnosis of admission 21300101 belong to?"
QICD9 = "Which ICD code was recorded for atrial fibrillation at admission 20450777 (an ICD-9 era admission)?"
QCOMOR = "Which of these comorbidities - CHF, COPD, diabetes, hypertension, CKD - were coded for admission 22510001?"
QPROCD = "On which date was the first ICD procedure of admission 23620002 performed (procedures_icd chartdate)?"
QCR1 = "What was the first serum creatinine of patient 10070011 during admission 24730003, in mg/dL, rounded to 1 decimal?"
QCRD = "What was the change in serum creatinine (last minus first, mg/dL) of patient 10070011 during admission 24730003, rounded to 1 decimal?"
QCRUP = "Was the last serum creatinine of patient 10070011 during admission 24730003 higher than the first?"
QMAP = "What was the lowest mean arterial pressure (invasive, itemid 220052) of patient 10071122 during ICU stay 37840004, in mmHg?"
QTEMP = "What was the highest body temperature of patient 10072233 during ICU stay 38950005, in \u00b0C, rounded to 1 decimal?"
QFEVER = "Did patient 10072233 have any temperature of 38.0 \u00b0C or higher during ICU stay 38950005?"
QSPO2 = "What was the lowest SpO2 of patient 10073344 during ICU stay 39060006, in %?"
QRR = "What was the highest respiratory rate of patient 10073344 during ICU stay 39060006, in breaths/min?"
QCOURSE = "For how many days did patient 10074455 receive piperacillin-tazobactam during admission 25170007 (stoptime minus starttime of the prescription), rounded to 1 decimal?"
QHRS = "How many hours passed between admittime and the ICU intime of stay 30450008 for admission 26280008, rounded to 1 decimal?"
QMED = "What was the median hospital length of stay in days across all admissions, rounded to 2 decimals?"
QIQR = "What was the interquartile range (Q3 minus Q1) of hospital length of stay in days across all admissions, rounded to 2 decimals?"
QPCTSEX = "What percentage of female and of male patients have a diabetes diagnosis, rounded to 1 decimal?"
QPCTAGE = "What percentage of patients aged 65 or older have a hypertension diagnosis, rounded to 1 decimal?"
QTOPDL = "What are the 3 most common discharge locations of admissions, most frequent first?"
QATYPE = "What was the admission type of admission 27390009?"
QALOC = "What was the admission location of admission 27390009?"
QDLOC = "What was the discharge location of admission 27390009?"
QAGEADM = "How old was patient 10075566 at admission 28400010 (anchor_age plus years since anchor_year)?"
QELECT = "Was patient 10075566 ever admitted with admission type ELECTIVE?"
QLOSTAB = "What was the mean hospital length of stay in days per admission type, rounded to 2 decimals?"
QNDRUG = "How many distinct drugs were prescribed to patient 10076677 during admission 29510011?"
QA1C = "On which date was the last hemoglobin A1c of patient 10077788 measured?"
QANCH = "What is the anchor_year of patient 10078899?"

TITLE = "Acute on chronic systolic (congestive) heart failure"
CHAP = "Diseases of the circulatory system"
COMOR = ["diabetes", "hypertension", "CKD"]
PCTSEX = [["F", 18.2], ["M", 22.7]]
TOPDL = ["HOME", "HOME HEALTH CARE", "SKILLED NURSING FACILITY"]
LOSTAB = [["ELECTIVE", 3.12], ["EW EMER.", 5.46], ["URGENT", 6.01]]

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ---------------------------------------------------------------- ICD long title
add("title_ok", "string/string", TITLE, QTITLE,
    ("**I5023** \u2014 Acute on chronic systolic (congestive) heart failure", C),
    ("The principal diagnosis (seq_num 1) is ICD-10 I50.23, long_title 'Acute on chronic systolic (congestive) heart failure'.", C),
    ("long_title: Acute on chronic systolic (congestive) heart failure", C),
    ('{"icd_code": "I5023", "long_title": "Acute on chronic systolic (congestive) heart failure"}', C),
)
add("title_other", "string/string", TITLE, QTITLE,
    ("Acute systolic (congestive) heart failure", W),
    ("Chronic systolic (congestive) heart failure (I50.22).", W),
    ("Acute on chronic systolic (congestive) heart failure is seq_num 2; the principal diagnosis is Acute kidney failure, unspecified.", W),
    ("Acute on chronic diastolic (congestive) heart failure", W),
    ("Acute on chronic systolic (congestive) heart failure - that is the title of I50.23, but the seq_num 1 row carries I50.33.", W),
    ("Heart failure.", W),
    ("Either acute on chronic systolic (congestive) heart failure or hypertensive heart and chronic kidney disease with heart failure; two rows have seq_num 1.", NC),
)
# ---------------------------------------------------------------- ICD chapter
add("chap_ok", "string/string", CHAP, QCHAP,
    ("Chapter IX - Diseases of the circulatory system (I00-I99).", C),
    ("Diseases of the circulatory system: I50.23 falls in block I30-I52 (other forms of heart disease).", C),
)
add("chap_other", "string/string", CHAP, QCHAP,
    ("Diseases of the respiratory system (J00-J99).", W),
    ("Diseases of the circulatory system would be the chapter for an I-code, but the principal diagnosis is N17.9, in the genitourinary chapter.", W),
    ("Chapter IX (Diseases of the circulatory system) holds the secondary diagnosis; the principal one is in Chapter XIV.", W),
)
# ---------------------------------------------------------------- ICD-9 vs ICD-10 of one condition
add("icd9_ok", "string/code", "42731", QICD9,
    ("427.31 (Atrial fibrillation), icd_version 9.", C),
    ("ICD-9-CM 42731", C),
    ("42731 - its ICD-10-CM equivalent would be I48.91, but this admission is coded in ICD-9.", C),
)
add("icd9_other", "string/code", "42731", QICD9,
    ("I48.91 (Unspecified atrial fibrillation, ICD-10).", W),
    ("427.32 (atrial flutter).", W),
    ("42731 is the GEM back-mapping; admission 20450777 itself is coded I4891.", W),
    ("427.3", W),
)
# ---------------------------------------------------------------- comorbidity set
add("comor_ok", "set/string", COMOR, QCOMOR,
    ("Diabetes, hypertension and CKD.", C),
    ("- diabetes (E11.9)\n- hypertension (I12.9)\n- CKD (N18.3)", C),
    ("Diabetes, hypertension, CKD; CHF and COPD were not coded.", C),
    ("All of them except CHF and COPD.", C),
    ("None of them except diabetes, hypertension and CKD.", C),
)
add("comor_other", "set/string", COMOR, QCOMOR,
    ("Diabetes, hypertension, CKD and CHF (CHF appears only as a history-of code).", W),
    ("Diabetes and hypertension; CKD was only mentioned in the discharge note.", W),
    ("Hypertension, CKD and COPD.", W),
    ("Diabetes, hypertension, CKD - for the previous admission 22510000; admission 22510001 had only hypertension coded.", W),
    ("Diabetes, hypertension, CKD, and maybe COPD (J44.9 appears with seq_num 14; I am unsure it counts).", NC),
)
# ---------------------------------------------------------------- procedure date
add("procd_ok", "date/date", "2153-04-11", QPROCD,
    ("2153-04-11 (0BH17EZ, insertion of endotracheal airway).", C),
    ("chartdate = 2153-04-11", C),
    ("The earliest procedures_icd chartdate for hadm 23620002 is April 11, 2153.", C),
    ("11 April 2153", C),
)
add("procd_other", "date/date", "2153-04-11", QPROCD,
    ("2153-04-11 is the admission date; the first procedure was on 2153-04-12.", W),
    ("The first procedure was on 2153-04-10, the day before the second one (2153-04-11).", W),
    ("2153-04-11 (seq_num 1) - although by chartdate the earliest procedure is 2153-04-09.", W),
    ("2153-04-11, the date of the first CPT event in hcpcsevents; procedures_icd has no rows for this admission.", NC),
)
# ---------------------------------------------------------------- first creatinine
add("cr1_ok", "number/measurement:1", 2.4, QCR1,
    ("2.4 mg/dL (2154-07-02 06:10)", C),
    ("First creatinine: 2.4 mg/dL; it fell to 1.3 by discharge.", C),
    ("212 \u00b5mol/L (2.4 mg/dL)", C),
)
add("cr1_other", "number/measurement:1", 2.4, QCR1,
    ("2.4 mg/dL was the peak; the first value was 1.9.", W),
    ("The last creatinine was 2.4 mg/dL; the first was 3.1.", W),
    ("First creatinine 2.4 mg/dL (150 \u00b5mol/L).", NC),
    ("2.4 mg/dL in the ED sample before the admission; the first inpatient value was 2.1.", W),
    ("2.4 was the first urine creatinine; no serum creatinine was drawn.", NC),
    ("2.4 mg/dL is patient 10070012's first creatinine; 10070011 has no creatinine results in that admission.", NC),
)
# ---------------------------------------------------------------- creatinine delta
add("crd_ok", "number/measurement:1", -1.1, QCRD,
    ("-1.1 mg/dL (2.4 -> 1.3)", C),
    ("Creatinine fell by 1.1 mg/dL, from 2.4 to 1.3.", C),
    ("\u0394 = 1.3 \u2212 2.4 = \u22121.1 mg/dL", C),
)
add("crd_other", "number/measurement:1", -1.1, QCRD,
    ("+1.1 mg/dL", W),
    ("It rose by 1.1 mg/dL (1.3 -> 2.4).", W),
    ("-1.1 mg/dL (2.4 -> 1.5)", NC),
    ("-1.1 mg/dL from the peak (2.4) to the last value (1.3); from the first value (1.8) it is -0.5.", W),
)
# ---------------------------------------------------------------- creatinine rise boolean
add("crup_ok", "boolean/boolean", False, QCRUP,
    ("No - it fell from 2.4 to 1.3 mg/dL.", C),
    ("No, the last value (1.3) was lower than the first (2.4).", C),
)
add("crup_other", "boolean/boolean", False, QCRUP,
    ("Yes, from 1.3 to 2.4.", W),
    ("Not lower - the last was 2.6 against a first of 2.4.", W),
    ("No, it was higher: 2.4 first, 2.9 last.", NC),
)
# ---------------------------------------------------------------- invasive MAP
add("map_ok", "number/measurement", 58, QMAP,
    ("58 mmHg (arterial line, 2155-03-08 04:00).", C),
    ("min(valuenum) for itemid 220052 = 58", C),
    ("Lowest invasive MAP: 58 mmHg; the lowest NIBP mean was 61.", C),
)
add("map_other", "number/measurement", 58, QMAP,
    ("58 mmHg by cuff (itemid 220181); the arterial-line minimum was 63.", W),
    ("Lowest systolic pressure 58 mmHg.", W),
    ("MAP 58 mmHg, computed as (SBP + 2 x DBP)/3 from the 100/50 reading.", NC),
    ("58 mmHg during the previous ICU stay 37840003; in 37840004 the lowest was 64.", W),
    ("58 mmHg, but that was an artifact (line flush); the lowest plausible MAP was 65.", W),
)
# ---------------------------------------------------------------- temperature F / C
add("temp_ok", "number/measurement:1", 38.9, QTEMP,
    ("38.9 \u00b0C", C),
    ("102.0 \u00b0F, i.e. 38.9 \u00b0C.", C),
    ("Tmax 38.9\u00b0C (charted as 102 F, itemid 223761).", C),
    ("Highest temperature: 38.9 degrees Celsius.", C),
)
add("temp_other", "number/measurement:1", 38.9, QTEMP,
    ("38.9 \u00b0C (101.2 \u00b0F)", NC),
    ("38.9 \u00b0C was the temperature on ED arrival, before the ICU stay; in the ICU the maximum was 38.1.", W),
    ("39.8 \u00b0C (103.6 \u00b0F)", W),
    ("38.9 is the highest Celsius entry; the Fahrenheit entries peak at 103.1 \u00b0F (39.5 \u00b0C), which is higher.", W),
    ("38.9 \u00b0C in the ICU stay of patient 10072234; patient 10072233 has no temperature charted.", NC),
)
# ---------------------------------------------------------------- fever boolean
add("fever_ok", "boolean/boolean", True, QFEVER,
    ("Yes - Tmax 38.9 \u00b0C.", C),
    ("Yes, febrile on ICU day 2 (38.9 \u00b0C, 102.0 \u00b0F).", C),
)
add("fever_other", "boolean/boolean", True, QFEVER,
    ("No, the maximum was 37.8 \u00b0C.", W),
    ("Yes, 100.2 \u00b0F was the maximum.", NC),
    ("Not afebrile? No - never above 37.9 \u00b0C.", NC),
    ("No fever, except a single 38.9 \u00b0C reading.", NC),
)
# ---------------------------------------------------------------- SpO2 / RR
add("spo2_ok", "number/measurement", 86, QSPO2,
    ("86% (SpO2 nadir)", C),
    ("SpO2 nadir 86% (2156-11-02 03:00, on nasal cannula 4 L).", C),
)
add("spo2_other", "number/measurement", 86, QSPO2,
    ("86% was the FiO2 at that time; the lowest SpO2 was 90%.", W),
    ("Lowest SaO2 (arterial) 86%; the SpO2 minimum was 88%.", W),
    ("86%, excluding values under 80 as probe artifacts (there was one reading of 72%).", NC),
)
add("rr_ok", "number/measurement", 32, QRR,
    ("32 breaths/min", C),
    ("Max RR (itemid 220210) = 32 insp/min.", C),
)
add("rr_other", "number/measurement", 32, QRR,
    ("32 was the set ventilator rate; the highest total respiratory rate was 36.", W),
    ("The highest respiratory rate in the ICU stay was 28; 32 is the highest over the whole admission.", W),
    ("32 breaths/min? Some rows are RR (total) and some RR (spontaneous); I am unsure which to use.", NC),
)
# ---------------------------------------------------------------- drug course duration
add("course_ok", "number/measurement:1", 6.5, QCOURSE,
    ("6.5 days (2154-02-01 10:00 to 2154-02-07 22:00).", C),
    ("156 hours = 6.5 days", C),
    ("The pip-tazo order ran 6.5 days.", C),
    ("| drug | starttime | stoptime | days |\n|---|---|---|---|\n| Piperacillin-Tazobactam | 2154-02-01 10:00 | 2154-02-07 22:00 | 6.5 |", C),
)
add("course_other", "number/measurement:1", 6.5, QCOURSE,
    ("6.5 days (2154-02-01 10:00 to 2154-02-06 22:00).", NC),
    ("6.5 days of vancomycin; pip-tazo ran 4.0 days.", W),
    ("6.5 days from the first to the last emar administration; the prescription itself spans 7.0 days.", W),
    ("6.5 days if the two consecutive orders are merged; the first order alone lasted 3.0 days.", NC),
)
# ---------------------------------------------------------------- hours admission -> ICU
add("hrs_ok", "number/measurement:1", 14.3, QHRS,
    ("14.3 hours (admitted 2150-05-04 08:12, ICU intime 22:30).", C),
    ("858 minutes (14.3 h).", C),
)
add("hrs_other", "number/measurement:1", 14.3, QHRS,
    ("14.3 hours (admitted 2150-05-04 08:12, ICU intime 23:30).", NC),
    ("14.3 hours from ED arrival to ICU intime; admittime was 3 hours after ED arrival.", W),
    ("14.3 hours from ICU intime to ICU outtime.", W),
    ("14.3 days", W),
    ("0.6 days", NC),
)
# ---------------------------------------------------------------- median LOS
add("med_ok", "number/measurement:2", 3.87, QMED,
    ("Median LOS 3.87 days (IQR 1.90-6.20).", C),
    ("3.87 days (n = 5,000 admissions; mean 5.42).", C),
    ("```\nmedian_los\n----------\n3.87\n```", C),
    ("median(dischtime - admittime) = 3.87 days", C),
)
add("med_other", "number/measurement:2", 3.87, QMED,
    ("Mean LOS 3.87 days; the median is 2.95.", W),
    ("3.87 days is the median ICU length of stay; the hospital LOS median is 5.10.", W),
    ("Median 3.87 days per patient (each patient's first admission only).", NC),
    ("3.87 hours", W),
)
# ---------------------------------------------------------------- IQR LOS
add("iqr_ok", "number/measurement:2", 4.30, QIQR,
    ("IQR = 6.20 - 1.90 = 4.30 days.", C),
    ("4.30 days (Q1 1.90, Q3 6.20)", C),
    ("The interquartile range is 4.3 days.", C),
)
add("iqr_other", "number/measurement:2", 4.30, QIQR,
    ("4.30 days (Q1 1.90, Q3 6.02)", NC),
    ("4.30 is the standard deviation; the IQR is 3.95.", W),
    ("4.30 days - the IQR of ICU stays, not hospital stays.", W),
)
# ---------------------------------------------------------------- % diabetes per sex (table)
add("pctsex_ok", "table/string,measurement:1", PCTSEX, QPCTSEX,
    ("| gender | pct_diabetes |\n|---|---|\n| F | 18.2 |\n| M | 22.7 |", C),
    ("Female: 18.2%, male: 22.7%.", C),
    ("F 18.2% (910/5000); M 22.7% (1135/5000)", C),
    ("F 18.2%, M 22.7%, overall 20.4%", C),
)
add("pctsex_other", "table/string,measurement:1", PCTSEX, QPCTSEX,
    ("F 22.7%, M 18.2%", W),
    ("F 18.2% (910/4000); M 22.7% (1135/5000)", NC),
    ("F 18.2%, M 22.7% - percentages of admissions with a diabetes code, not of patients.", NC),
    ("F 18.2%, M 22.7% (type 1 diabetes only)", NC),
    ("| gender | pct |\n|---|---|\n| F | 18.2 |\n| M | 27.2 |", W),
)
# ---------------------------------------------------------------- % hypertension in 65+
add("pctage_ok", "number/measurement:1", 61.4, QPCTAGE,
    ("61.4% (1,228 of 2,000 patients aged >= 65).", C),
    ("61.4 percent", C),
    ("38.6% do not; 61.4% do.", C),
)
add("pctage_other", "number/measurement:1", 61.4, QPCTAGE,
    ("61.4% of patients aged 18-64.", W),
    ("61.4% (1,228 of 2,100)", NC),
    ("38.6%", W),
    ("61.4% of patients aged 65+ do NOT have hypertension.", W),
    ("61.4% of admissions (not patients) aged 65+.", NC),
)
# ---------------------------------------------------------------- top-3 discharge locations
add("topdl_ok", "list/string^", TOPDL, QTOPDL,
    ("1. HOME (9,012)\n2. HOME HEALTH CARE (5,230)\n3. SKILLED NURSING FACILITY (3,118)", C),
    ("HOME > HOME HEALTH CARE > SKILLED NURSING FACILITY", C),
    ("HOME, HOME HEALTH CARE and SKILLED NURSING FACILITY (NULL discharge_location excluded).", C),
)
add("topdl_other", "list/string^", TOPDL, QTOPDL,
    ("1. HOME (9,012)\n2. SKILLED NURSING FACILITY (5,230)\n3. HOME HEALTH CARE (3,118)", W),
    ("1. HOME (9,012)\n2. HOME HEALTH CARE (3,118)\n3. SKILLED NURSING FACILITY (5,230)", NC),
    ("HOME, HOME HEALTH CARE, SKILLED NURSING FACILITY, REHAB (REHAB and SNF tie for third at 3,118, so both are listed).", NC),
    ("1. NULL (9,500)\n2. HOME\n3. HOME HEALTH CARE", W),
    ("HOME, HOME HEALTH CARE, SKILLED NURSING FACILITY (counting patients, not admissions)", NC),
)
# ---------------------------------------------------------------- admission type / location / discharge location
add("atype_ok", "string/string", "EW EMER.", QATYPE,
    ("EW EMER. (emergency ward)", C),
    ("admission_type = 'EW EMER.'", C),
    ("It was an EW EMER. admission, arriving through the emergency room.", C),
)
add("atype_other", "string/string", "EW EMER.", QATYPE,
    ("URGENT (not EW EMER.)", W),
    ("EW EMER. was the type of the previous admission 27390008; this one was ELECTIVE.", W),
    ("EU OBSERVATION, converted to an inpatient stay the next day.", W),
    ("DIRECT EMER. - the patient bypassed the ED.", W),
)
add("aloc_ok", "string/string", "EMERGENCY ROOM", QALOC,
    ("admission_location: EMERGENCY ROOM", C),
    ("The patient was admitted from the EMERGENCY ROOM.", C),
)
add("aloc_other", "string/string", "EMERGENCY ROOM", QALOC,
    ("PHYSICIAN REFERRAL (the patient was seen in the emergency room only after admission).", W),
    ("EMERGENCY ROOM was the admission location of the first admission; admission 27390009 came from TRANSFER FROM HOSPITAL.", W),
    ("WALK-IN/SELF REFERRAL rather than the emergency room.", W),
)
add("dloc_ok", "string/string", "SKILLED NURSING FACILITY", QDLOC,
    ("discharge_location = SKILLED NURSING FACILITY", C),
    ("Discharged to a skilled nursing facility (discharge_location 'SKILLED NURSING FACILITY').", C),
    ("SNF (SKILLED NURSING FACILITY)", C),
    ("Not home - a skilled nursing facility.", C),
)
add("dloc_other", "string/string", "SKILLED NURSING FACILITY", QDLOC,
    ("REHAB; the skilled nursing facility placement fell through.", W),
    ("HOME HEALTH CARE (after a planned SNF stay was declined)", W),
    ("SKILLED NURSING FACILITY was planned, but the patient died before discharge (DIED).", W),
    ("SKILLED NURSING FACILITY or REHAB - the case-management note is ambiguous.", NC),
)
# ---------------------------------------------------------------- age at admission
add("ageadm_ok", "number/count", 67, QAGEADM,
    ("67 years (anchor_age 64, anchor_year 2150, admitted 2153).", C),
    ("Age at admission 28400010: 67.", C),
    ("The patient was a 67 y/o at that admission.", C),
)
add("ageadm_other", "number/count", 67, QAGEADM,
    ("67 is the anchor_age; at admission 28400010 the patient was 70.", W),
    ("67 years (anchor_age 60, anchor_year 2150, admitted 2153).", NC),
    ("67 at the first admission; at admission 28400010 they were 69.", W),
    ("66 or 67, depending on whether the birthday had passed.", NC),
)
# ---------------------------------------------------------------- ever elective
add("elect_ok", "boolean/boolean", False, QELECT,
    ("No - all four admissions were EW EMER. or URGENT.", C),
    ("Never; no admission of 10075566 has admission_type ELECTIVE.", C),
    ("No ELECTIVE admissions, though one was a SURGICAL SAME DAY ADMISSION.", C),
)
add("elect_other", "boolean/boolean", False, QELECT,
    ("No, except the 2152 knee-replacement admission, which was ELECTIVE.", NC),
    ("Not never: admission 28400009 was ELECTIVE.", W),
)
# ---------------------------------------------------------------- mean LOS per admission type (table)
add("lostab_ok", "table/string,measurement:2", LOSTAB, QLOSTAB,
    ("| admission_type | mean_los_days |\n|---|---|\n| ELECTIVE | 3.12 |\n| EW EMER. | 5.46 |\n| URGENT | 6.01 |", C),
    ("ELECTIVE 3.12 d; EW EMER. 5.46 d; URGENT 6.01 d", C),
    ('{"ELECTIVE": 3.12, "EW EMER.": 5.46, "URGENT": 6.01}', C),
    ("URGENT 6.01, EW EMER. 5.46, ELECTIVE 3.12 (sorted by LOS)", C),
)
add("lostab_other", "table/string,measurement:2", LOSTAB, QLOSTAB,
    ("ELECTIVE 3.12; EW EMER. 6.01; URGENT 5.46", W),
    ("ELECTIVE 3.12; EW EMER. 5.46; URGENT 6.01 (medians, not means)", NC),
    ("ELECTIVE 3.12; EW EMER. 5.46 (27,300 days over 5,200 admissions); URGENT 6.01", NC),
    ("ELECTIVE 3.12; EW EMER. 5.46", W),
    ("ELECTIVE 3.12; EW EMER. 5.46; URGENT 6.01 - ICU length of stay per admission type", W),
)
# ---------------------------------------------------------------- distinct drugs
add("ndrug_ok", "number/count", 23, QNDRUG,
    ("23 distinct drugs (count(distinct drug) from prescriptions).", C),
    ("23 different medications across 41 prescription rows.", C),
    ("Twenty-three distinct drugs.", C),
)
add("ndrug_other", "number/count", 23, QNDRUG,
    ("23 prescription rows, covering 17 distinct drugs.", W),
    ("23 distinct drugs over the patient's three admissions; 12 in admission 29510011.", W),
    ("23 distinct drugs, or 19 if brand and generic names are merged.", NC),
    ("23 distinct GSN codes; by drug name there are 26.", W),
)
# ---------------------------------------------------------------- last HbA1c date
add("a1c_ok", "date/date", "2155-09-30", QA1C,
    ("2155-09-30 (HbA1c 7.8%).", C),
    ("The most recent HbA1c was drawn on 2155-09-30 at 07:45.", C),
    ("Sep 30, 2155", C),
)
add("a1c_other", "date/date", "2155-09-30", QA1C,
    ("2155-09-30 was the first HbA1c; the last was 2157-01-12.", W),
    ("The last glucose was on 2155-09-30; HbA1c was last measured on 2155-06-02.", W),
    ("2155-09-30 is the storetime; the charttime is 2155-09-29.", W),
    ("Around late September 2155.", NC),
)
# ---------------------------------------------------------------- anchor year
add("anch_ok", "number/count", 2153, QANCH,
    ("anchor_year = 2153 (anchor_year_group 2011 - 2013).", C),
    ("2153 (anchor_age 58, so born around 2095).", C),
    ("Patient 10078899's anchor_year is 2153.", C),
)
add("anch_other", "number/count", 2153, QANCH,
    ("2153 is the year of the first admission; the anchor_year is 2150.", W),
    ("2011 - 2013 (anchor_year_group); the shifted anchor_year itself I could not read.", NC),
)
# ---------------------------------------------------------------- hedges
add("hedge_new16", "number/measurement:1", 38.9, QTEMP,
    ("Probably 38.9 \u00b0C, assuming the Fahrenheit rows were converted correctly.", NC),
)
add("hedge_new16", "number/measurement:2", 3.87, QMED,
    ("My best estimate is 3.87 days, but the LOS calculation may include negative durations.", NC),
)
add("hedge_new16", "string/string", "SKILLED NURSING FACILITY", QDLOC,
    ("Likely SKILLED NURSING FACILITY, although the field may have been updated after discharge.", NC),
)
add("hedge_new16", "number/count", 67, QAGEADM,
    ("Perhaps 67.", NC),
)
add("hedge_new16", "string/code", "42731", QICD9,
    ("427.31 seems plausible, though I couldn't confirm the icd_version for this admission.", NC),
)
add("hedge_new16", "number/measurement:1", 14.3, QHRS,
    ("Roughly 14 hours (14.3?).", NC),
)
add("hedge_new16", "date/date", "2153-04-11", QPROCD,
    ("It might be 2153-04-11.", NC),
)
add("hedge_new16", "number/count", 23, QNDRUG,
    ("23, give or take - the drug names are messy.", NC),
)
# ---------------------------------------------------------------- corrections
add("correction_new16", "number/measurement", 58, QMAP,
    ("58 mmHg. Correction: that reading was from the cuff; the lowest arterial-line MAP was 62.", W),
    ("Initially I got 62 mmHg, but after restricting to itemid 220052 the lowest MAP is 58 mmHg.", C),
)
add("correction_new16", "number/measurement:1", 2.4, QCR1,
    ("2.1 mg/dL - no wait, that was the second draw; the first creatinine was 2.4 mg/dL.", C),
)
add("correction_new16", "string/string", "EW EMER.", QATYPE,
    ("ELECTIVE. Actually, rechecking admissions, admission 27390009 is EW EMER.", C),
    ("EW EMER.; on second look that row belongs to 27390010 - admission 27390009 was URGENT.", W),
)
add("correction_new16", "number/count", 67, QAGEADM,
    ("67 years. Update: I used the wrong anchor_year; the correct age is 65.", W),
)
add("correction_new16", "number/measurement:1", 6.5, QCOURSE,
    ("6.5 days; after fixing the stoptime join it is actually 5.0 days.", W),
)
add("correction_new16", "string/string", "SKILLED NURSING FACILITY", QDLOC,
    ("HOME? No - admission 27390009's discharge_location is SKILLED NURSING FACILITY.", C),
)
# ---------------------------------------------------------------- abstentions
add("abstain_new16", "number/measurement", 58, QMAP,
    ("The chartevents table is not available in my environment, so I cannot report the MAP.", A),
)
add("abstain_new16", "date/date", "2155-09-30", QA1C,
    ("There are no hemoglobin A1c results for this patient in labevents, so the date cannot be given.", A),
)
add("abstain_new16", "number/measurement:2", 3.87, QMED,
    ("I was unable to compute the median: the query timed out.", A),
)
add("abstain_new16", "string/string", "SKILLED NURSING FACILITY", QDLOC,
    ("Admission 27390009 does not exist in the admissions table.", A),
)
add("abstain_new16", "number/measurement:1", 6.5, QCOURSE,
    ("I can't answer this: the piperacillin-tazobactam prescriptions for admission 25170007 have no stoptime.", A),
)
add("abstain_value_new16", "number/measurement:1", 38.9, QTEMP,
    ("I cannot determine this reliably, though the highest value I saw was 38.9 \u00b0C.", NC),
)
add("abstain_value_new16", "number/count", 23, QNDRUG,
    ("Not answerable with certainty; a tentative figure is 23 distinct drugs.", NC),
)
add("abstain_value_new16", "string/string", TITLE, QTITLE,
    ("Unable to confirm; the diagnoses_icd row suggests I50.23 (Acute on chronic systolic (congestive) heart failure).", NC),
)
add("abstain_value_new16", "date/date", "2155-09-30", QA1C,
    ("I don't know - if forced, 2155-09-30.", NC),
)
add("abstain_value_new16", "number/measurement:1", 61.4, QPCTAGE,
    ("No definitive answer, but 61.4% is what the cohort query returned.", NC),
)
add("abstain_value_new16", "number/count", 2153, QANCH,
    ("I cannot verify the anchor_year; patients shows 2153 but it may be a placeholder.", NC),
)
# ---------------------------------------------------------------- structured smuggle
add("structured_new16", "number/measurement", 58, QMAP,
    ('{"answer": 58, "unit": "mmHg", "itemid": 220181}', NC),
    ('{"answer": 58, "unit": "mmHg", "itemid": 220052}', C),
)
add("structured_new16", "number/measurement:1", -1.1, QCRD,
    ('{"first_creatinine": 2.4, "last_creatinine": 1.3, "delta": 1.1}', NC),
    ('{"delta_mg_dl": -1.1, "first": 2.4, "last": 1.3}', C),
)
add("structured_new16", "string/string", "EW EMER.", QATYPE,
    ('{"answer": "EW EMER.", "hadm_id": 27390008}', NC),
)
add("structured_new16", "number/measurement:2", 3.87, QMED,
    ('{"median_los_days": 3.87, "statistic": "mean"}', NC),
    ("median: 3.87\nq1: 1.90\nq3: 6.20", C),
)
add("structured_new16", "number/count", 67, QAGEADM,
    ('{"answer": 67, "basis": "anchor_age", "years_since_anchor": 3}', NC),
)
add("structured_new16", "number/measurement:1", 14.3, QHRS,
    ("value: 14.3\nunit: hours\nfrom: ed_intime", NC),
)
# ---------------------------------------------------------------- more natural right answers
add("natural_ok16", "number/measurement", 58, QMAP,
    ("Patient 10071122's lowest invasive MAP in ICU stay 37840004 was 58 mmHg, reached early on the second ICU day.", C),
)
add("natural_ok16", "number/measurement:1", 6.5, QCOURSE,
    ("The piperacillin-tazobactam prescription in hadm 25170007 lasted six and a half days.", C),
)
add("natural_ok16", "number/measurement:2", 3.87, QMED,
    ("Across all admissions, half of the hospital stays were shorter than 3.87 days.", C),
)
add("natural_ok16", "table/string,measurement:1", PCTSEX, QPCTSEX,
    ("Female patients: 18.2% have diabetes; male patients: 22.7%.", C),
)
add("natural_ok16", "number/count", 67, QAGEADM,
    ("The patient was 67 when admitted under hadm_id 28400010.", C),
)
add("natural_ok16", "string/string", "SKILLED NURSING FACILITY", QDLOC,
    ("Admission 27390009 ended with discharge to a skilled nursing facility.", C),
)
add("natural_ok16", "date/date", "2155-09-30", QA1C,
    ("The last HbA1c on record for 10077788 is from 2155-09-30.", C),
)
add("natural_ok16", "string/code", "42731", QICD9,
    ("Admission 20450777 carries ICD-9 code 42731 for atrial fibrillation.", C),
)
add("natural_ok16", "number/count", 23, QNDRUG,
    ("During hadm 29510011 the patient was prescribed 23 distinct drugs.", C),
)
add("natural_ok16", "number/measurement", 86, QSPO2,
    ("The lowest SpO2 during the ICU stay was 86 percent.", C),
)
add("natural_ok16", "number/measurement:1", 14.3, QHRS,
    ("It took 14.3 hours from admittime until the patient reached the ICU.", C),
)
add("natural_ok16", "number/measurement:1", -1.1, QCRD,
    ("Creatinine improved over the admission: first 2.4, last 1.3 mg/dL, a change of -1.1.", C),
)
add("natural_ok16", "set/string", COMOR, QCOMOR,
    ("Hypertension, diabetes and chronic kidney disease (CKD) were coded; neither CHF nor COPD was.", C),
)
add("natural_ok16", "number/measurement:1", 61.4, QPCTAGE,
    ("Among patients 65 and older, 61.4% carry a hypertension code.", C),
)
add("natural_ok16", "string/string", CHAP, QCHAP,
    ("The principal diagnosis, I50.23, sits in the ICD-10 chapter 'Diseases of the circulatory system'.", C),
)

CLASS_DESC = {
    "title_ok": "ICD long title of the principal diagnosis right (markdown, JSON, prose)",
    "title_other": "near-miss titles (acute / chronic / diastolic), seq_num 2, title of another code, vague, two rows",
    "chap_ok": "ICD-10 chapter right",
    "chap_other": "other chapter, chapter of another code, chapter of the secondary diagnosis",
    "icd9_ok": "ICD-9 code of atrial fibrillation right (dotted, with ICD-10 equivalent as remark)",
    "icd9_other": "ICD-10 code, flutter code, back-mapping, truncated code",
    "comor_ok": "comorbidity set right (incl. 'all except', 'none except')",
    "comor_other": "superset with caveat, subset, swapped member, other admission, hedged extra",
    "procd_ok": "first procedure chartdate right (ISO, prose, day-month-year)",
    "procd_other": "admission date, second procedure, seq_num vs chartdate, hcpcsevents",
    "cr1_ok": "first creatinine right (with umol/L conversion)",
    "cr1_other": "peak, last, bad conversion, ED sample, urine creatinine, other patient",
    "crd_ok": "creatinine delta right (sign, 'fell by', unicode minus)",
    "crd_other": "positive sign, rose, own ends contradicting, delta from peak",
    "crup_ok": "creatinine not higher, right",
    "crup_other": "yes, 'not lower' double negative, 'no' with rising values",
    "map_ok": "lowest invasive MAP right",
    "map_other": "cuff MAP, systolic, computed formula contradicting, other ICU stay, artifact",
    "temp_ok": "Tmax in C right, with F conversions that hold",
    "temp_other": "conversion that does not hold, ED pre-ICU, wrong value, higher F entry, other patient",
    "fever_ok": "fever yes right",
    "fever_other": "no, F value below threshold, double negative, 'no fever except'",
    "spo2_ok": "lowest SpO2 right",
    "spo2_other": "FiO2, SaO2, excluded lower reading",
    "rr_ok": "highest RR right",
    "rr_other": "set vent rate, other window, hedge on item",
    "course_ok": "drug course duration right (timestamps, hours, table)",
    "course_other": "timestamps contradicting, other drug, emar span, merged orders",
    "hrs_ok": "hours admittime to ICU intime right (minutes)",
    "hrs_other": "timestamps contradicting, from ED arrival, ICU LOS, days, imprecise days",
    "med_ok": "median LOS right",
    "med_other": "mean, ICU LOS, per patient, hours",
    "iqr_ok": "IQR right",
    "iqr_other": "Q1/Q3 contradicting, SD, ICU stays",
    "pctsex_ok": "diabetes % per sex table right",
    "pctsex_other": "swapped, n/total contradicting, per admission, type 1 only, one cell wrong",
    "pctage_ok": "hypertension % in 65+ right (incl. complement stated)",
    "pctage_other": "other age band, n/total contradicting, complement, negated, admissions",
    "topdl_ok": "top-3 discharge locations right",
    "topdl_other": "swapped, counts contradicting ranks, tie making four, NULL counted, patients",
    "atype_ok": "admission type right",
    "atype_other": "other type, other admission, observation, direct emer",
    "aloc_ok": "admission location right",
    "aloc_other": "other location, other admission",
    "dloc_ok": "discharge location right",
    "dloc_other": "other location, planned-not-realised, died, either/or",
    "ageadm_ok": "age at admission right (anchor arithmetic holds)",
    "ageadm_other": "anchor_age, arithmetic contradicting, other admission, hedge",
    "elect_ok": "never elective right (incl. surgical same day noted)",
    "elect_other": "'no except' elective, 'not never'",
    "lostab_ok": "mean LOS per admission type table right",
    "lostab_other": "swapped, medians, n/total contradicting, missing row, ICU LOS",
    "ndrug_ok": "distinct drug count right",
    "ndrug_other": "rows vs distinct, other admissions, merge caveat, GSN codes",
    "a1c_ok": "last HbA1c date right",
    "a1c_other": "first HbA1c, other lab, storetime, vague",
    "anch_ok": "anchor_year right",
    "anch_other": "first admission year, group only",
    "hedge_new16": "hedges on new subjects",
    "correction_new16": "corrections on new subjects (final value decides)",
    "abstain_new16": "plain abstentions on new subjects",
    "abstain_value_new16": "abstentions still stating the gold value",
    "structured_new16": "JSON/key-value carrying a second value or qualifier",
    "natural_ok16": "additional right answers in natural prose",
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
    ('**I5023** — Acute on chronic systolic (congestive) heart failure', 'Acute on chronic systolic (congestive) heart failure'),
    ('Chapter IX - Diseases of the circulatory system (I00-I99).', 'Diseases of the circulatory system'),
    ('Diseases of the circulatory system: I50.23 falls in block I30-I52 (other forms of heart disease).', 'Diseases of the circulatory system'),
    ('427.31 (Atrial fibrillation), icd_version 9.', '42731'),
    ('ICD-9-CM 42731', '42731'),
    ('42731 - its ICD-10-CM equivalent would be I48.91, but this admission is coded in ICD-9.', '42731'),
    ('Diabetes, hypertension, CKD; CHF and COPD were not coded.', ('diabetes', 'hypertension', 'CKD')),
    ('All of them except CHF and COPD.', ('diabetes', 'hypertension', 'CKD')),
    ('None of them except diabetes, hypertension and CKD.', ('diabetes', 'hypertension', 'CKD')),
    ('First creatinine: 2.4 mg/dL; it fell to 1.3 by discharge.', 2.4),
    ('212 µmol/L (2.4 mg/dL)', 2.4),
    ('Lowest invasive MAP: 58 mmHg; the lowest NIBP mean was 61.', 58),
    ('102.0 °F, i.e. 38.9 °C.', 38.9),
    ('SpO2 nadir 86% (2156-11-02 03:00, on nasal cannula 4 L).', 86),
    ('Max RR (itemid 220210) = 32 insp/min.', 32),
    ('858 minutes (14.3 h).', 14.3),
    ('3.87 days (n = 5,000 admissions; mean 5.42).', 3.87),
    ('IQR = 6.20 - 1.90 = 4.30 days.', 4.3),
    ('Female: 18.2%, male: 22.7%.', (('F', 18.2), ('M', 22.7))),
    ('F 18.2% (910/5000); M 22.7% (1135/5000)', (('F', 18.2), ('M', 22.7))),
    ('F 18.2%, M 22.7%, overall 20.4%', (('F', 18.2), ('M', 22.7))),
    ('38.6% do not; 61.4% do.', 61.4),
    ('HOME, HOME HEALTH CARE and SKILLED NURSING FACILITY (NULL discharge_location excluded).', ('HOME', 'HOME HEALTH CARE', 'SKILLED NURSING FACILITY')),
    ('It was an EW EMER. admission, arriving through the emergency room.', 'EW EMER.'),
    ('The patient was admitted from the EMERGENCY ROOM.', 'EMERGENCY ROOM'),
    ('Not home - a skilled nursing facility.', 'SKILLED NURSING FACILITY'),
    ('The patient was a 67 y/o at that admission.', 67),
    ('No - all four admissions were EW EMER. or URGENT.', False),
    ('URGENT 6.01, EW EMER. 5.46, ELECTIVE 3.12 (sorted by LOS)', (('ELECTIVE', 3.12), ('EW EMER.', 5.46), ('URGENT', 6.01))),
    ('23 different medications across 41 prescription rows.', 23),
    ('2155-09-30 (HbA1c 7.8%).', '2155-09-30'),
    ('The most recent HbA1c was drawn on 2155-09-30 at 07:45.', '2155-09-30'),
    ('anchor_year = 2153 (anchor_year_group 2011 - 2013).', 2153),
    ('2153 (anchor_age 58, so born around 2095).', 2153),
    ('2.1 mg/dL - no wait, that was the second draw; the first creatinine was 2.4 mg/dL.', 2.4),
    ('ELECTIVE. Actually, rechecking admissions, admission 27390009 is EW EMER.', 'EW EMER.'),
    ("HOME? No - admission 27390009's discharge_location is SKILLED NURSING FACILITY.", 'SKILLED NURSING FACILITY'),
    ('{"answer": 58, "unit": "mmHg", "itemid": 220052}', 58),
    ('{"delta_mg_dl": -1.1, "first": 2.4, "last": 1.3}', -1.1),
    ('median: 3.87\nq1: 1.90\nq3: 6.20', 3.87),
    ('The piperacillin-tazobactam prescription in hadm 25170007 lasted six and a half days.', 6.5),
    ('Female patients: 18.2% have diabetes; male patients: 22.7%.', (('F', 18.2), ('M', 22.7))),
    ('Admission 27390009 ended with discharge to a skilled nursing facility.', 'SKILLED NURSING FACILITY'),
    ('The last HbA1c on record for 10077788 is from 2155-09-30.', '2155-09-30'),
    ('Creatinine improved over the admission: first 2.4, last 1.3 mg/dL, a change of -1.1.', -1.1),
    ('Hypertension, diabetes and chronic kidney disease (CKD) were coded; neither CHF nor COPD was.', ('diabetes', 'hypertension', 'CKD')),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
    ('The chartevents table is not available in my environment, so I cannot report the MAP.', 58),
    ('There are no hemoglobin A1c results for this patient in labevents, so the date cannot be given.', '2155-09-30'),
    ('Admission 27390009 does not exist in the admissions table.', 'SKILLED NURSING FACILITY'),
})
