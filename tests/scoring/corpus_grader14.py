"""A fourteenth graded corpus, written by another independent adversarial grader (issue 11, round 14): 259
invented answers, none repeating an earlier corpus, on ICU subjects (fluid input and output, GCS components, pain
scores, vasopressors, dialysis, ventilation hours, ICU LOS per unit, ages at death, readmissions, demographics,
services, procedures, top-3 lists): the gold value attached to another statistic, component, event, unit, cohort,
time window or entity; evidence of its own that contradicts the value; hedges; corrections; and right answers
phrased as agents phrase them (41%). (answer, shape, gold, expected, question); expected NC: wrong and abstained
both fine. KNOWN_FALSE_POSITIVES lists the ones still open (the test holds it exact: a new false positive fails,
and a fixed one must be taken off it)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QFIN = "What was the total fluid input of patient 10040025 during ICU stay 31205490, in mL?"
QGCS = "What was the lowest total GCS score of patient 10041127 during ICU stay 38002145?"
QPAIN = "What was the highest pain score recorded for patient 10042211 during admission 27711002?"
QVASO = "Did patient 10043390 receive any vasopressor during ICU stay 36650011?"
QDIAL = "Did patient 10044102 receive dialysis during admission 21900456?"
QVENTH = "How many hours of invasive mechanical ventilation did patient 10045560 have during ICU stay 34410987, rounded to 1 decimal?"
QLOSU = "What was the mean ICU length of stay in days for stays whose first care unit was MICU, rounded to 2 decimals?"
QAGED = "How old was patient 10046771 when they died?"
QREADM = "How many admissions of patient 10047333 were followed by a readmission within 30 days?"
QINS = "What insurance did patient 10048890 have at their first admission?"
QLANG = "What language is recorded for patient 10049005?"
QMAR = "What was the marital status of patient 10050214 at their last admission?"
QRACE = "What race is recorded for patient 10051987 at admission 25566120?"
QSERV = "What was the first service of patient 10052230 during admission 20044781?"
QPROC = "Which ICD procedure codes were recorded for admission 23345001?"
QTOP3 = "What are the 3 most common first care units of ICU stays, most frequent first?"
QLOSTAB = "How many ICU stays were there per insurance type?"
QVASOSET = "Which vasopressors were given to patient 10053406 during ICU stay 30098765?"
QDIALDATE = "On which date did patient 10054519 first receive dialysis?"
QVENTTS = "When was patient 10055632 first intubated during ICU stay 39911234?"
QNODX = "Which ICD diagnosis codes for sepsis were recorded for admission 28880001?"
QAGEM = "What was the median age at death of patients who died in hospital, rounded to 1 decimal?"
QUO = "What was the total urine output of patient 10056745 on the first ICU day, in mL?"
QREPCT = "What percentage of admissions were followed by a readmission within 30 days, rounded to 1 decimal?"
QHADM = "Which hadm_id of patient 10057858 had the longest ICU stay?"
QDEATHSVC = "How many patients died while under the CSURG service?"

PROC = ["02HV33Z", "5A1221Z"]
TOP3 = ["MICU", "CVICU", "SICU"]
INS = [["Medicare", 412], ["Private", 260], ["Medicaid", 98]]
VASO = ["Norepinephrine", "Vasopressin"]

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ---------------------------------------------------------------- fluid input
add("fluid_ok", "number/measurement", 2450, QFIN,
    ("Total fluid intake during ICU stay 31205490 was 2450 mL (inputevents, summed amount).", C),
    ("Sum of inputevents.amount for stay 31205490: 2,450 mL", C),
    ("The patient received 2450 mL of fluids in total during that ICU stay.", C),
    ("**2450 mL** total input", C),
    ("Intake total = 2.45 L", C),
)
add("fluid_other_direction", "number/measurement", 2450, QFIN,
    ("The total fluid output during the ICU stay was 2450 mL.", NC),
    ("Net fluid balance for the stay: +2450 mL.", NC),
    ("Urine output totalled 2450 mL during ICU stay 31205490.", NC),
    ("Total crystalloid input was 2450 mL (colloids and blood products excluded).", NC),
    ("The total input on the first ICU day was 2450 mL.", NC),
    ("Total fluid input: 2450 mL, of which 2450 mL was already administered before ICU admission in the ED.", NC),
)
add("fluid_evidence_contradicts", "number/measurement", 2450, QFIN,
    ("Total input 2450 mL. Breakdown: NaCl 0.9% 1000 mL + LR 1000 mL + D5W 250 mL = 2250 mL.", NC),
    ("Total fluid input was 2450 mL.\n\n| item | amount |\n|---|---|\n| NaCl 0.9% | 1500 |\n| Propofol | 150 |\n| **Total** | **1650** |", NC),
    ("The sum came to 2450 mL - wait, I double-counted the 800 mL bolus; the real total is 1650 mL.", W),
)
# ---------------------------------------------------------------- GCS
add("gcs_ok", "number/count", 8, QGCS,
    ("The lowest total GCS during ICU stay 38002145 was 8 (E2 V2 M4).", C),
    ("Minimum GCS total: 8", C),
    ("GCS nadir = 8/15", C),
    ("Summing eye, verbal and motor at each charttime, the lowest total Glasgow Coma Scale was 8.", C),
)
add("gcs_component", "number/count", 8, QGCS,
    ("The lowest GCS motor score was 8.", NC),
    ("GCS eye opening component minimum: 8", NC),
    ("The lowest total GCS was 8 (E1 V1 M4).", NC),
    ("GCS total minimum was 8 (E2 + V2 + M4 = 8)... sorry, the actual minimum row is E1 V1 M3 = 5.", W),
    ("The highest total GCS was 8.", NC),
    ("The lowest GCS on admission to the ICU was 8.", NC),
    ("The lowest total GCS was 8 during the second ICU stay 39177002.", NC),
)
# ---------------------------------------------------------------- pain
add("pain_ok", "number/measurement", 8, QPAIN,
    ("The highest recorded pain score was 8 out of 10.", C),
    ("Max pain level: 8/10 (numeric rating scale).", C),
    ("Peak pain score during admission 27711002 = 8", C),
)
add("pain_other", "number/measurement", 8, QPAIN,
    ("The lowest pain score was 8.", NC),
    ("The highest pain score after the analgesic dose was 8.", NC),
    ("Pain goal (acceptable level) was recorded as 8.", NC),
    ("The highest sedation (RASS) score was 8.", NC),
    ("The highest pain score was 8 on a 0-10 scale, then corrected to 9 in a later note entry, which is the value that stands.", NC),
    ("Highest pain score was probably 8, but the pain documentation is sparse.", NC),
)
# ---------------------------------------------------------------- vasopressor boolean
add("vaso_ok", "boolean/boolean", True, QVASO,
    ("Yes. Norepinephrine was infused from 2150-03-01 08:00 to 2150-03-02 14:00 during ICU stay 36650011.", C),
    ("Yes - the patient was on vasopressin and norepinephrine.", C),
    ("Vasopressor use: yes (norepinephrine).", C),
    ("The patient did receive a vasopressor (phenylephrine) during that ICU stay.", C),
)
add("vaso_wrong", "boolean/boolean", True, QVASO,
    ("No vasopressors other than norepinephrine were given.", NC),
    ("No. Only dobutamine (an inotrope) was given.", W),
    ("Yes, but only during the previous ICU stay 33012877; none during 36650011.", NC),
    ("Yes? The inputevents rows for norepinephrine are there but their amounts are all zero, so maybe not.", NC),
    ("Not clear - the norepinephrine order exists in prescriptions but I cannot see any administration.", NC),
)
add("vaso_false_ok", "boolean/boolean", False, "Did patient 10043391 receive any vasopressor during ICU stay 36650012?",
    ("No, no vasopressor was administered during ICU stay 36650012.", C),
    ("No vasopressor infusions were found in inputevents for that stay.", C),
    ("No - none during ICU stay 36650012.", C),
)
add("vaso_false_wrong", "boolean/boolean", False, "Did patient 10043391 receive any vasopressor during ICU stay 36650012?",
    ("No pressors other than a low-dose norepinephrine drip.", NC),
    ("No vasopressors apart from a short phenylephrine push.", NC),
    ("None, except vasopressin for 2 hours on day 1.", NC),
    ("There's no record that vasopressors weren't given.", NC),
)
# ---------------------------------------------------------------- dialysis
add("dialysis_ok", "boolean/boolean", True, QDIAL,
    ("Yes - CRRT (CVVHDF) was started on day 2 of admission 21900456.", C),
    ("Yes, the patient received hemodialysis during this admission (ICD-10-PCS 5A1D70Z).", C),
    ("Dialysis: yes", C),
)
add("dialysis_wrong", "boolean/boolean", True, QDIAL,
    ("Yes, a dialysis catheter was placed, but no dialysis session was ever run.", NC),
    ("Yes during the 2148 admission; not during admission 21900456.", NC),
    ("Dialysis was considered but deferred; nephrology said yes to starting if K rose.", NC),
    ("The patient has ESRD and is on dialysis at home; whether they were dialysed in hospital I could not determine.", NC),
)
# ---------------------------------------------------------------- ventilation hours
add("venthours_ok", "number/measurement:1", 52.5, QVENTH,
    ("Invasive ventilation lasted 52.5 hours during ICU stay 34410987.", C),
    ("Total invasive mechanical ventilation: 52.5 h", C),
    ("The patient was on the ventilator (invasive) for 52.5 hours (~2.2 days).", C),
    ("Duration = 52.5 hours", C),
)
add("venthours_other", "number/measurement:1", 52.5, QVENTH,
    ("Non-invasive ventilation (BiPAP) lasted 52.5 hours.", NC),
    ("The ICU stay itself lasted 52.5 hours; ventilation was shorter.", NC),
    ("Invasive ventilation lasted 52.5 minutes.", NC),
    ("The patient was ventilated for 52.5 hours in total, counting 6 hours of high-flow nasal cannula.", NC),
    ("Invasive ventilation: 52.5 hours for the first episode; including the re-intubation the total is 71.0 hours.", NC),
    ("Ventilation lasted from 2150-01-01 08:00 to 2150-01-03 06:30, i.e. 52.5 hours.", NC),
)
# ---------------------------------------------------------------- LOS per unit
add("losunit_ok", "number/measurement:2", 3.41, QLOSU,
    ("Mean ICU LOS for stays starting in the MICU: 3.41 days.", C),
    ("For first_careunit = 'Medical Intensive Care Unit (MICU)', AVG(los) = 3.41 days.", C),
    ("3.41 days on average", C),
)
add("losunit_other", "number/measurement:2", 3.41, QLOSU,
    ("The median ICU LOS for MICU stays was 3.41 days.", NC),
    ("Mean ICU LOS for SICU stays was 3.41 days.", NC),
    ("The mean LOS across all ICU stays was 3.41 days.", NC),
    ("Mean MICU LOS: 3.41 hours.", NC),
    ("The mean hospital length of stay for MICU patients was 3.41 days.", NC),
    ("Mean ICU LOS for MICU stays: 3.41 days (this is for stays whose last care unit was MICU).", NC),
    ("Mean MICU LOS was 3.41 days (n=120 stays, total 369.6 days).", NC),
)
# ---------------------------------------------------------------- age at death
add("agedeath_ok", "number/measurement", 79, QAGED,
    ("The patient was 79 years old at the time of death.", C),
    ("Age at death: 79", C),
    ("Born (anchor-derived) 2071, died 2150, so the patient died aged 79.", C),
    ("They died at 79.", C),
)
add("agedeath_other", "number/measurement", 79, QAGED,
    ("The patient was 79 at their first admission.", NC),
    ("anchor_age is 79.", NC),
    ("The patient's age at their last admission was 79; the date of death is not recorded.", NC),
    ("Age at death: 79 months.", NC),
    ("The patient died 79 days after discharge.", NC),
    ("The patient was 79 years old at the time of death (born 2068, died 2150).", NC),
    ("The patient's spouse died at 79; the patient is alive.", NC),
)
add("agemed_ok", "number/measurement:1", 76.5, QAGEM,
    ("Median age at in-hospital death: 76.5 years.", C),
    ("The median age of patients who died in hospital was 76.5.", C),
)
add("agemed_other", "number/measurement:1", 76.5, QAGEM,
    ("The mean age at in-hospital death was 76.5 years.", NC),
    ("Median age at death, including deaths after discharge, was 76.5 years.", NC),
    ("The median age of patients who survived to discharge was 76.5.", NC),
    ("Median age at death: 76.5 (women only).", NC),
)
# ---------------------------------------------------------------- readmission
add("readm_ok", "number/count", 2, QREADM,
    ("Two of the patient's admissions were followed by a readmission within 30 days.", C),
    ("2 admissions had a subsequent admission within 30 days of discharge.", C),
    ("Count of admissions with 30-day readmission: 2", C),
    ("2 (hadm 21000111 -> readmitted after 12 days; hadm 21000333 -> readmitted after 25 days)", C),
)
add("readm_other", "number/count", 2, QREADM,
    ("The patient was readmitted within 90 days 2 times.", NC),
    ("Two admissions were followed by a readmission within 7 days.", NC),
    ("The patient had 2 admissions in total.", NC),
    ("2 admissions were followed by a readmission within 30 days (hadm 21000111 after 12 days, hadm 21000222 after 41 days, hadm 21000333 after 25 days).", C),
    ("2 admissions were followed by a 30-day readmission: hadm 21000111 (12 days), hadm 21000333 (45 days).", NC),
    ("The patient had 2 ED visits within 30 days of discharge.", NC),
)
add("readpct_ok", "number/measurement:1", 18.4, QREPCT,
    ("18.4% of admissions were followed by a readmission within 30 days.", C),
    ("30-day readmission rate: 18.4 %", C),
)
add("readpct_other", "number/measurement:1", 18.4, QREPCT,
    ("18.4% of patients had a readmission within 30 days.", NC),
    ("The 30-day readmission rate was 18.4 per 1000 admissions.", NC),
    ("18.4% of admissions were followed by readmission within 30 days (92 of 1000 admissions).", NC),
    ("30-day mortality after discharge was 18.4%.", NC),
)
# ---------------------------------------------------------------- insurance, language, marital, race
add("demog_ok", "string/string", "Medicare", QINS,
    ("At the first admission the insurance was Medicare.", C),
    ("Insurance (first admission): Medicare", C),
    ("Medicare (first admission, hadm_id 20011001).", C),
)
add("demog_other", "string/string", "Medicare", QINS,
    ("The insurance at the last admission was Medicare; at the first it was Private.", NC),
    ("Medicare was the insurance at the patient's second admission.", NC),
    ("Medicare, later switched to Medicaid during the first admission, so Medicaid.", NC),
    ("Medicare or Medicaid - the record shows 'Other'.", NC),
    ("The insurance field is 'Other'; Medicare is likely.", NC),
)
add("lang_ok", "string/string", "ENGLISH", QLANG,
    ("The recorded language is ENGLISH.", C),
    ("language = 'ENGLISH'", C),
    ("Patient 10049005 speaks English per the admissions table.", C),
)
add("lang_other", "string/string", "ENGLISH", QLANG,
    ("The language is '?' (unknown); the notes are in English.", NC),
    ("ENGLISH at the first admission but SPANISH at every later admission, so SPANISH.", NC),
    ("The interpreter language requested was English; the recorded language is Russian.", NC),
)
add("marital_ok", "string/string", "WIDOWED", QMAR,
    ("At the last admission the marital status was WIDOWED.", C),
    ("marital_status: WIDOWED", C),
    ("Widowed.", C),
)
add("marital_other", "string/string", "WIDOWED", QMAR,
    ("At the first admission the marital status was WIDOWED; at the last it was MARRIED.", NC),
    ("The patient's mother is widowed; the patient is single.", NC),
    ("WIDOWED? The last admission has a NULL marital status, so it was taken from an earlier admission.", NC),
    ("Marital status was MARRIED (spouse died during the stay, after which it would be WIDOWED).", NC),
)
add("race_ok", "string/string", "BLACK/AFRICAN AMERICAN", QRACE,
    ("The race recorded at admission 25566120 is BLACK/AFRICAN AMERICAN.", C),
    ("Race: Black/African American", C),
)
add("race_other", "string/string", "BLACK/AFRICAN AMERICAN", QRACE,
    ("BLACK/AFRICAN AMERICAN at the other admissions; at 25566120 it is UNKNOWN.", NC),
    ("Race: BLACK/CAPE VERDEAN", NC),
    ("Race: WHITE (although BLACK/AFRICAN AMERICAN appears on a later admission).", NC),
)
# ---------------------------------------------------------------- service
add("service_ok", "string/code", "MED", QSERV,
    ("The first service during admission 20044781 was MED (general medicine).", C),
    ("curr_service of the earliest services row: MED", C),
    ("Service on arrival: MED", C),
)
add("service_other", "string/code", "MED", QSERV,
    ("The last service during admission 20044781 was MED.", NC),
    ("The first service was CMED; the patient was transferred to MED later.", NC),
    ("prev_service was MED; curr_service was SURG.", NC),
    ("First service: MED for the earlier admission 20011002; for 20044781 it was CSURG.", NC),
)
# ---------------------------------------------------------------- procedure set
add("proc_ok", "set/code", PROC, QPROC,
    ("The procedures recorded for admission 23345001 were 02HV33Z and 5A1221Z.", C),
    ("ICD-10-PCS: 02HV33Z (insertion of infusion device into superior vena cava), 5A1221Z (cardiac output assistance, continuous)", C),
    ("- 02HV33Z\n- 5A1221Z", C),
    ("Two procedure codes: 5A1221Z, 02HV33Z.", C),
)
add("proc_other", "set/code", PROC, QPROC,
    ("02HV33Z and 5A1221Z, plus 0BH17EZ (endotracheal tube) which was documented in the notes only.", NC),
    ("Procedure codes: 02HV33Z, 5A1221Z. (Diagnosis codes: I214, N179.)", C),
    ("02HV33Z, 5A1221Z - these are from admission 23345002; admission 23345001 had no procedures.", NC),
    ("02HV33Z and 5A1221Z were ordered, but only 02HV33Z appears in procedures_icd.", NC),
    ("02HV33Z, 5A1221Z, 5A1955Z", W),
    ("The procedures were 02HV33Z and 5A1221Z. I also found 3E033VJ later in the listing, making three codes.", NC),
)
add("proc_empty_ok", "set/string!", [], QNODX,
    ("No sepsis diagnosis codes were recorded for admission 28880001.", C),
    ("None - there are no A40/A41/R65.2 codes on this admission.", C),
    ("The admission has no sepsis-related ICD codes.", C),
)
add("proc_empty_wrong", "set/string!", [], QNODX,
    ("No sepsis codes except R6520 (severe sepsis without shock).", NC),
    ("None found for A41.9; R65.21 is present.", NC),
    ("No sepsis codes in ICD-10; the ICD-9 code 99591 is present.", NC),
    ("There are no sepsis codes... Actually A419 appears as the 7th diagnosis.", NC),
)
# ---------------------------------------------------------------- top-3 ordered list
add("top3_ok", "list/string^", TOP3, QTOP3,
    ("1. MICU\n2. CVICU\n3. SICU", C),
    ("Most common first care units: MICU, then CVICU, then SICU.", C),
    ("| rank | first_careunit | n |\n|---|---|---|\n| 1 | MICU | 120 |\n| 2 | CVICU | 95 |\n| 3 | SICU | 85 |", C),
)
add("top3_wrong", "list/string^", TOP3, QTOP3,
    ("1. MICU (120)\n2. CVICU (85)\n3. SICU (95)", NC),
    ("MICU, CVICU, SICU - these are the three most common last care units.", NC),
    ("1. MICU\n2. CVICU\n3. SICU\n4. TSICU", NC),
    ("MICU, SICU, CVICU", W),
    ("Most frequent first: MICU, CVICU, SICU. (CVICU and SICU are tied at 85 each, so the order of 2 and 3 is arbitrary.)", NC),
    ("Least frequent first: MICU, CVICU, SICU.", NC),
)
# ---------------------------------------------------------------- table insurance,count
add("tab_ok", "table/string,count", INS, QLOSTAB,
    ("| insurance | stays |\n|---|---|\n| Medicare | 412 |\n| Private | 260 |\n| Medicaid | 98 |", C),
    ("Medicare: 412 ICU stays; Private: 260; Medicaid: 98.", C),
    ("Medicare 412, Private 260, Medicaid 98", C),
)
add("tab_wrong", "table/string,count", INS, QLOSTAB,
    ("Medicare: 412 patients; Private: 260 patients; Medicaid: 98 patients.", NC),
    ("Medicare 412, Private 260, Medicaid 98, Other 55", NC),
    ("| insurance | stays |\n|---|---|\n| Medicare | 412 |\n| Private | 260 |\n| Medicaid | 98 |\n| **Total** | **800** |", NC),
    ("Medicare 412 (398 after dedup), Private 260, Medicaid 98", NC),
    ("Medicare 412, Private 260, Medicaid 98 - these are hospital admissions, not ICU stays.", NC),
    ("Medicare 412, Private 260, Medicaid 89", W),
)
# ---------------------------------------------------------------- vasopressor set
add("vasoset_ok", "set/string", VASO, QVASOSET,
    ("Norepinephrine and vasopressin were given during ICU stay 30098765.", C),
    ("Vasopressors: norepinephrine, vasopressin", C),
    ("- Vasopressin\n- Norepinephrine", C),
)
add("vasoset_wrong", "set/string", VASO, QVASOSET,
    ("Norepinephrine and vasopressin (phenylephrine was also given, as a bolus).", NC),
    ("Norepinephrine and vasopressin were ordered, but vasopressin was never hung.", NC),
    ("Norepinephrine, vasopressin - during the earlier ICU stay 30011111.", NC),
    ("Norepinephrine and epinephrine.", W),
    ("Norepinephrine and vasopressin, and possibly dopamine (unclear itemid).", NC),
)
# ---------------------------------------------------------------- dialysis date / intubation timestamp
add("dialdate_ok", "date/date", "2151-06-14", QDIALDATE,
    ("The first dialysis session was on 2151-06-14.", C),
    ("First dialysis: June 14, 2151", C),
    ("2151-06-14 (CRRT start)", C),
)
add("dialdate_other", "date/date", "2151-06-14", QDIALDATE,
    ("The dialysis catheter was placed on 2151-06-14; the first session was the next day.", NC),
    ("The last dialysis session was on 2151-06-14.", NC),
    ("Nephrology was consulted on 2151-06-14.", NC),
    ("First dialysis was on 2151-06-14 at the outside hospital, before transfer; first dialysis here was 2151-06-16.", NC),
    ("The patient was admitted on 2151-06-14 and dialysed three days later.", NC),
)
add("intub_ok", "date/timestamp", "2152-09-03 04:12:00", QVENTTS,
    ("The patient was first intubated at 2152-09-03 04:12 during ICU stay 39911234.", C),
    ("Invasive ventilation start: 2152-09-03 04:12:00", C),
    ("First intubation: 3 Sep 2152, 04:12", C),
)
add("intub_other", "date/timestamp", "2152-09-03 04:12:00", QVENTTS,
    ("The patient was extubated at 2152-09-03 04:12:00.", NC),
    ("The ICU stay started at 2152-09-03 04:12:00; intubation came later.", NC),
    ("The patient was re-intubated at 2152-09-03 04:12:00.", NC),
    ("Intubated at 2152-09-03 04:12:00 in the operating room before the ICU stay began.", NC),
    ("The first ventilator setting was charted at 2152-09-03 04:12:00, but the intubation itself was at 01:40.", NC),
)
# ---------------------------------------------------------------- urine output
add("uo_ok", "number/measurement", 1180, QUO,
    ("Urine output on the first ICU day totalled 1180 mL.", C),
    ("Day-1 UO: 1,180 mL", C),
    ("1180 mL of urine in the first 24 h of the ICU stay.", C),
)
add("uo_other", "number/measurement", 1180, QUO,
    ("Total urine output over the whole ICU stay was 1180 mL.", NC),
    ("Total output (urine + drains + NG) on day 1 was 1180 mL.", NC),
    ("Urine output on day 2 was 1180 mL.", NC),
    ("First-day urine output was 1180 mL (foley 900 + void 180 = 1080).", NC),
    ("Fluid input on the first ICU day was 1180 mL.", NC),
)
# ---------------------------------------------------------------- longest ICU stay hadm_id
add("hadm_ok", "number/identifier", 24455667, QHADM,
    ("The longest ICU stay was in admission 24455667 (LOS 9.4 days).", C),
    ("hadm_id 24455667", C),
    ("24455667", C),
)
add("hadm_other", "number/identifier", 24455667, QHADM,
    ("Admission 24455667 was the longest hospital admission; the longest ICU stay was in 24455001.", NC),
    ("The longest ICU stay has stay_id 24455667.", NC),
    ("The shortest ICU stay was in admission 24455667.", NC),
    ("24455667 or 24455001 - both have LOS 9.4 days.", NC),
)
# ---------------------------------------------------------------- deaths under service (cohort)
add("svc_ok", "number/count", 7, QDEATHSVC,
    ("7 patients died while under the CSURG service.", C),
    ("Deaths under cardiac surgery (CSURG): 7 patients", C),
    ("Seven patients.", C),
)
add("svc_other", "number/count", 7, QDEATHSVC,
    ("7 patients died while under the MED service.", NC),
    ("7 deaths under CSURG occurred within 30 days of discharge (not in hospital).", NC),
    ("7 admissions under CSURG ended in death (from 6 distinct patients).", NC),
    ("7 patients were ever on CSURG and later died, though most had moved to another service by then.", NC),
    ("7 patients died under CSURG; I am not confident about this.", NC),
)
# ---------------------------------------------------------------- hedges and corrections in new wording
add("hedge_new", "number/measurement:1", 52.5, QVENTH,
    ("My best reading of the procedureevents is 52.5 hours, though I would not bet on it.", NC),
    ("It looks like 52.5 hours, if I am reading the endtime column correctly.", NC),
    ("Roughly 52.5 h; could be off by a few hours depending on how the gaps are merged.", NC),
    ("52.5 hours (low confidence).", NC),
    ("I'd guess 52.5 hours.", NC),
)
add("correction_new", "number/count", 8, QGCS,
    ("Lowest total GCS: 8. Erratum - the 8 was a motor-only row; the lowest total is 6.", W),
    ("8 -> revised to 7 after including the sedated assessments.", W),
    ("Initially 7; on re-running with the correct itemids (220739, 223900, 223901) it is 8.", C),
    ("Not 8 but 6.", W),
)
add("structured_smuggle", "number/measurement", 2450, QFIN,
    ('{"total_input_ml": 2450, "total_input_ml_corrected": 2600}', NC),
    ('{"answer": 2450, "note": "input excluding blood products; including them it is 2890"}', NC),
    ("answer: 2450\nalt_answer: 2890", NC),
    ('{"answer": 2450, "unit": "mL"}', C),
    ("total_input | total_output\n------------+-------------\n       1800 |        2450", NC),
)
# ---------------------------------------------------------------- abstentions
add("abstain_new", "number/measurement:1", 52.5, QVENTH,
    ("I was unable to determine the ventilation duration: the procedureevents table is empty for this stay.", A),
    ("Cannot be computed from the available data.", A),
    ("The database has no ventilation records for ICU stay 34410987, so I cannot answer.", A),
)
add("abstain_with_value", "number/measurement:1", 52.5, QVENTH,
    ("I can't give a reliable answer; 52.5 hours is what a naive sum of rows gives, but the rows overlap.", NC),
    ("Unable to determine precisely - somewhere near 52.5 hours.", NC),
)
add("natural_ok_extra", "number/measurement", 2450, QFIN,
    ("Across all inputevents rows for stay 31205490 the summed volume is 2450 mL, which is the total fluid input.", C),
    ("The patient took in 2450 mL of IV and enteral fluid over the ICU stay.", C),
)
add("natural_ok_extra", "number/count", 8, QGCS,
    ("Worst GCS during the stay: 8 (eye 2, verbal 1T... counted as 2, motor 4).", C),
    ("Lowest Glasgow Coma Scale total in stay 38002145 - 8.", C),
)
add("natural_ok_extra", "boolean/boolean", True, QDIAL,
    ("Yes, intermittent hemodialysis was performed three times during admission 21900456.", C),
    ("Yes: procedures_icd lists 5A1D70Z (hemodialysis) for admission 21900456.", C),
)
add("natural_ok_extra", "number/measurement:2", 3.41, QLOSU,
    ("Stays that began in the MICU lasted 3.41 days on average.", C),
    ("avg_los_days (MICU) = 3.41", C),
)
add("natural_ok_extra", "string/string", "WIDOWED", QMAR,
    ("Patient 10050214 was widowed at the time of the last admission.", C),
)
add("natural_ok_extra", "set/code", PROC, QPROC,
    ("procedures_icd for hadm_id 23345001 returns two rows: seq 1 = 02HV33Z, seq 2 = 5A1221Z.", C),
)
add("natural_ok_extra", "date/date", "2151-06-14", QDIALDATE,
    ("Dialysis first took place on 14 June 2151.", C),
)
add("natural_ok_extra", "number/count", 7, QDEATHSVC,
    ("Under CSURG, 7 patients died in hospital.", C),
)
add("natural_ok_extra", "number/measurement", 1180, QUO,
    ("First ICU day urine output: 1180 mL (sum of foley and void rows).", C),
)
add("natural_ok_extra", "number/measurement:1", 18.4, QREPCT,
    ("Of all admissions, 18.4% had another admission within 30 days of discharge.", C),
)
add("natural_ok_extra", "number/identifier", 24455667, QHADM,
    ("Patient 10057858's longest ICU stay belongs to admission 24455667.", C),
)
CLASS_DESC = {
    "natural_ok_extra": "additional right answers in natural phrasing",
    "fluid_ok": "total fluid input right, natural phrasing and unit conversion",
    "fluid_other_direction": "gold value for output, net balance, urine, crystalloid only, first day, pre-ICU",
    "fluid_evidence_contradicts": "fluid total whose own breakdown/table/correction contradicts it",
    "gcs_ok": "lowest total GCS right",
    "gcs_component": "gold value for a GCS component, other statistic/time/stay, inconsistent components",
    "pain_ok": "highest pain score right",
    "pain_other": "gold for lowest, post-analgesia, pain goal, RASS, superseded, hedged",
    "vaso_ok": "vasopressor yes, right",
    "vaso_wrong": "vasopressor answers that are really no/unclear/another stay",
    "vaso_false_ok": "no vasopressor, right",
    "vaso_false_wrong": "'no ... other than/except X' that is really a yes, double negatives",
    "dialysis_ok": "dialysis yes right",
    "dialysis_wrong": "yes about catheter, another admission, deferral, home dialysis",
    "venthours_ok": "invasive ventilation hours right",
    "venthours_other": "gold hours for NIV, ICU LOS, minutes, incl. HFNC, first episode only, arithmetic mismatch",
    "losunit_ok": "mean MICU LOS right",
    "losunit_other": "gold for median, SICU, all units, hours, hospital LOS, last care unit, inconsistent n/total",
    "agedeath_ok": "age at death right",
    "agedeath_other": "gold for age at first admission, anchor_age, months, days, inconsistent birth year, spouse",
    "agemed_ok": "median age at in-hospital death right",
    "agemed_other": "gold for mean, incl. post-discharge deaths, survivors, women only",
    "readm_ok": "30-day readmission count right",
    "readm_other": "gold count for 90/7-day window, total admissions, evidence listing a >30-day gap, ED visits",
    "readpct_ok": "30-day readmission rate right",
    "readpct_other": "rate per patient, per 1000, inconsistent fraction, mortality",
    "demog_ok": "insurance right",
    "demog_other": "insurance for other admission, changed, hedged",
    "lang_ok": "language right",
    "lang_other": "language unknown, changed, interpreter",
    "marital_ok": "marital status right",
    "marital_other": "marital status of other admission/person, inferred, hypothetical",
    "race_ok": "race right",
    "race_other": "race of other admissions, near-miss category, other admission",
    "service_ok": "first service right",
    "service_other": "last service, later service, prev_service, other admission",
    "proc_ok": "procedure code set right",
    "proc_other": "procedure set plus note-only code, other admission, ordered-not-done, extra code",
    "proc_empty_ok": "empty sepsis code set right",
    "proc_empty_wrong": "'none except X', ICD-9 present, late-found code",
    "top3_ok": "top-3 ordered list right",
    "top3_wrong": "top-3 with counts contradicting order, other column, extra item, tie caveat, reversed order",
    "tab_ok": "insurance,count table right",
    "tab_wrong": "table counting patients/admissions, extra row, total row, dedup alt, wrong count",
    "vasoset_ok": "vasopressor set right",
    "vasoset_wrong": "vasopressor set with extra/not-given/other-stay/hedged/wrong member",
    "dialdate_ok": "first dialysis date right",
    "dialdate_other": "gold date of catheter, last session, consult, outside hospital, admission",
    "intub_ok": "intubation timestamp right",
    "intub_other": "gold timestamp of extubation, ICU start, re-intubation, OR, charting",
    "uo_ok": "day-1 urine output right",
    "uo_other": "gold for whole stay, total output, day 2, inconsistent sum, input",
    "hadm_ok": "hadm_id of longest ICU stay right",
    "hadm_other": "id for longest hospital stay, stay_id, shortest, tie hedge",
    "svc_ok": "deaths under CSURG right",
    "svc_other": "other service, post-discharge deaths, admissions vs patients, ever-on-service, hedged",
    "hedge_new": "hedges in new wording",
    "correction_new": "corrections (erratum, arrow, re-run, 'not X but Y')",
    "structured_smuggle": "JSON/key-value answers carrying a second value or another column",
    "abstain_new": "abstentions in new wording",
    "abstain_with_value": "abstention carrying the gold value",
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
    ('Intake total = 2.45 L', 2450),
    ('The patient did receive a vasopressor (phenylephrine) during that ICU stay.', True),
    ('Age at death: 79', 79),
    ('Born (anchor-derived) 2071, died 2150, so the patient died aged 79.', 79),
    ('Median age at in-hospital death: 76.5 years.', 76.5),
    ("Two of the patient's admissions were followed by a readmission within 30 days.", 2),
    ('2 admissions had a subsequent admission within 30 days of discharge.', 2),
    ('2 (hadm 21000111 -> readmitted after 12 days; hadm 21000333 -> readmitted after 25 days)', 2),
    ('30-day readmission rate: 18.4 %', 18.4),
    ('Patient 10049005 speaks English per the admissions table.', 'ENGLISH'),
    ('The first service during admission 20044781 was MED (general medicine).', 'MED'),
    ('curr_service of the earliest services row: MED', 'MED'),
    ('Service on arrival: MED', 'MED'),
    ('ICD-10-PCS: 02HV33Z (insertion of infusion device into superior vena cava), 5A1221Z (cardiac output assistance, continuous)', ('02HV33Z', '5A1221Z')),
    ('The admission has no sepsis-related ICD codes.', ()),
    ('Most common first care units: MICU, then CVICU, then SICU.', ('MICU', 'CVICU', 'SICU')),
    ('| rank | first_careunit | n |\n|---|---|---|\n| 1 | MICU | 120 |\n| 2 | CVICU | 95 |\n| 3 | SICU | 85 |', ('MICU', 'CVICU', 'SICU')),
    ('| insurance | stays |\n|---|---|\n| Medicare | 412 |\n| Private | 260 |\n| Medicaid | 98 |', (('Medicare', 412), ('Private', 260), ('Medicaid', 98))),
    ('Norepinephrine and vasopressin were given during ICU stay 30098765.', ('Norepinephrine', 'Vasopressin')),
    ('Initially 7; on re-running with the correct itemids (220739, 223900, 223901) it is 8.', 8),
    ('{"answer": 2450, "unit": "mL"}', 2450),
    ('Across all inputevents rows for stay 31205490 the summed volume is 2450 mL, which is the total fluid input.', 2450),
    ('Worst GCS during the stay: 8 (eye 2, verbal 1T... counted as 2, motor 4).', 8),
    ('Lowest Glasgow Coma Scale total in stay 38002145 - 8.', 8),
    ('Patient 10050214 was widowed at the time of the last admission.', 'WIDOWED'),
    ('procedures_icd for hadm_id 23345001 returns two rows: seq 1 = 02HV33Z, seq 2 = 5A1221Z.', ('02HV33Z', '5A1221Z')),
    ('Of all admissions, 18.4% had another admission within 30 days of discharge.', 18.4),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
})
