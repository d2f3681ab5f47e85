"""A seventeenth graded corpus, written by another independent adversarial grader (issue 11, round 17): 262
invented answers, none repeating an earlier corpus, on population-level subjects (rates and counts per sex, payer,
year and admission type, comparisons between two groups, trends over years, averages per admission, reference
tables, caregivers, DRG severities, ingredient and output events): comparisons and trends the answer's own
figures contradict, shares and quotients of its own against the value, differences stated backwards, another
date column, NULL counted as a member, a severity label against its number, a partial sum admitted; and right
answers phrased as agents phrase them (40%). (answer, shape, gold, expected, question); expected NC: wrong and
abstained both fine. KNOWN_FALSE_POSITIVES lists the ones still open (the test holds it exact: a new false positive fails,
and a fixed one must be taken off it)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QNMALE = "How many male patients with anchor_age between 18 and 29 are there?"
QMCD = "How many admissions had Medicaid as insurance?"
QMORTF = "What was the in-hospital mortality rate (%) of admissions of female patients, rounded to 1 decimal?"
QSEPSEX = "Were there more female than male patients with a sepsis diagnosis (ICD-10 A41.x)?"
QMORTINS = "Was the in-hospital mortality rate higher among Medicare admissions than among Private admissions?"
QAVGDX = "What is the average number of ICD diagnoses per admission, rounded to 2 decimals?"
QPROCPCT = "What percentage of admissions had at least one ICD procedure recorded, rounded to 1 decimal?"
QTREND = "Did the number of admissions (by admittime year) increase every year from 2150 to 2154?"
QYEARTAB = "How many admissions were there in each year from 2150 to 2154 (by admittime)?"
QPEAKYR = "In which year (by admittime) between 2150 and 2154 were there the most admissions?"
QALOCU = "What was the most common admission location of URGENT admissions?"
QLANG = "What are the 3 most common languages of admissions other than English, most frequent first?"
QWID = "What percentage of admissions of patients aged 65 or older had marital_status WIDOWED, rounded to 1 decimal?"
QNCG = "How many distinct caregivers (caregiver_id) documented chartevents during ICU stay 31500101?"
QCGTOP = "Which caregiver_id documented the most chartevents rows during ICU stay 31500101?"
QPROV = "Which order_provider_id placed the most prescriptions for admission 22600102?"
QPOE = "How many POE orders with order_type 'Medications' were placed during admission 22600102?"
QPOE1 = "What was the order_type of the first POE order (lowest poe_seq) of admission 22600102?"
QPHF = "What frequency was recorded in the pharmacy table for the first metoprolol tartrate entry of admission 22600102?"
QSEV = "What was the APR-DRG severity (drg_severity) of admission 26700103?"
QDMORT = "What was the APR-DRG risk of mortality (drg_mortality) of admission 26700103?"
QDRGD = "What is the description of the APR DRG of admission 26700103?"
QALINE = "When was the arterial line inserted during ICU stay 32800104 (datetimeevents value of 'Arterial Line Insertion Date')?"
QWATER = "How much water (ingredientevents, amount in mL) did patient 10080012 receive during ICU stay 33900105?"
QCT = "What was the total chest tube output (outputevents) of ICU stay 34000106, in mL?"
QHRID = "What is the itemid of 'Heart Rate' in d_items?"
QLABEL = "What is the label of itemid 220277 in d_items?"
QFLUID = "What fluid does d_labitems list for itemid 50912?"
QCAT = "What category does d_labitems assign to itemid 51222?"
QNITEM = "How many distinct itemids were charted in chartevents for ICU stay 35100107?"
QINSSET = "Which insurance types did patient 10081123 have across their admissions?"
QREADM = "Which insurance group had the higher 30-day readmission rate, Medicare or Private?"
QBAND = "How many patients are there in each anchor_age band (18-39, 40-64, 65+)?"
QUNK = "What percentage of admissions had race recorded as UNKNOWN, rounded to 1 decimal?"
QTOPMCD = "What are the 3 most common ICD-10 diagnosis codes among Medicaid admissions, most frequent first?"
QSEV4 = "Which admissions (hadm_id) of patient 10082234 had an APR-DRG severity of 4?"
QMTREND = "Did the in-hospital mortality rate fall every year from 2150 to 2153?"
QFEWER = "Were there fewer ELECTIVE admissions than URGENT admissions?"
QGAP = "How many more ICU stays of male patients than of female patients were there?"
QICUPP = "What was the average number of ICU stays per patient among patients with at least one ICU stay, rounded to 2 decimals?"

YEARTAB = [[2150, 812], [2151, 845], [2152, 901], [2153, 877], [2154, 930]]
LANG = ["Spanish", "Chinese", "Russian"]
INSSET = ["Medicaid", "Medicare"]
BAND = [["18-39", 1204], ["40-64", 1987], ["65+", 1809]]
TOPMCD = ["F17210", "I10", "E785"]

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ---------------------------------------------------------------- male patients 18-29
add("nmale_ok", "number/count", 412, QNMALE,
    ("412 male patients aged 18-29.", C),
    ("```sql\nSELECT count(*) FROM patients WHERE gender = 'M' AND anchor_age BETWEEN 18 AND 29;\n```\nResult: **412**", C),
    ('{"gender": "M", "age_band": "18-29", "n_patients": 412}', C),
)
add("nmale_other", "number/count", 412, QNMALE,
    ("412 female patients are aged 18-29; the male count is 389.", W),
    ("412 male patients aged 18-39 (the 18-29 band alone has 233).", W),
    ("412 admissions of male patients aged 18-29, from 301 distinct patients.", W),
    ("412 = 233 (aged 18-24) + 169 (aged 25-29)", NC),
)
# ---------------------------------------------------------------- Medicaid admissions
add("mcd_ok", "number/count", 3418, QMCD,
    ("3,418 admissions (insurance = 'Medicaid').", C),
    ("Medicaid: 3418 of 21,560 admissions (15.9%).", C),
)
add("mcd_other", "number/count", 3418, QMCD,
    ("3,418 patients were on Medicaid at some admission; the admission count is 4,960.", W),
    ("| insurance | n_admissions |\n|---|---|\n| Medicare | 3418 |\n| Medicaid | 2790 |", W),
    ("3,418 admissions, i.e. 21.9% of the 21,560 admissions.", NC),
    ("3,418 if Medicaid and Medicaid managed care are combined; plain Medicaid alone is 3,102.", NC),
)
# ---------------------------------------------------------------- female mortality rate
add("mortf_ok", "number/measurement:1", 2.3, QMORTF,
    ("2.3% (241 deaths / 10,480 female admissions).", C),
    ("Female in-hospital mortality: 2.3 %; male: 2.8 %.", C),
)
add("mortf_other", "number/measurement:1", 2.3, QMORTF,
    ("2.3% is the male rate; women died in 1.9% of their admissions.", W),
    ("2.3% (241 deaths / 8,400 female admissions)", NC),
    ("2.3% of female patients died in hospital (per patient, not per admission).", NC),
    ("2.3 deaths per 1,000 female admissions.", W),
)
# ---------------------------------------------------------------- sepsis by sex (boolean, gold False)
add("sepsex_ok", "boolean/boolean", False, QSEPSEX,
    ("No - 1,102 male vs 968 female patients.", C),
    ("No. Men outnumber women (1,102 to 968).", C),
)
add("sepsex_other", "boolean/boolean", False, QSEPSEX,
    ("Yes, 1,102 women vs 968 men.", W),
    ("No, 1,102 female vs 968 male patients.", NC),
    ("No - fewer men than women had a sepsis code.", NC),
    ("Not fewer: 1,102 women against 968 men.", W),
)
# ---------------------------------------------------------------- mortality Medicare vs Private (boolean, gold True)
add("mortins_ok", "boolean/boolean", True, QMORTINS,
    ("Yes: Medicare 3.9% vs Private 1.6%.", C),
    ("| insurance | mortality_pct |\n|---|---|\n| Medicare | 3.9 |\n| Private | 1.6 |\n\nSo yes, higher among Medicare admissions.", C),
)
add("mortins_other", "boolean/boolean", True, QMORTINS,
    ("No; Private 3.9% vs Medicare 1.6%.", W),
    ("Yes, Private admissions had the higher rate (3.9% vs 1.6%).", NC),
    ("Yes, Medicare 1.6% vs Private 3.9%.", NC),
    ("The rate was higher among Private admissions.", W),
)
# ---------------------------------------------------------------- diagnoses per admission
add("avgdx_ok", "number/measurement:2", 12.47, QAVGDX,
    ("12.47 diagnoses per admission (268,853 diagnoses_icd rows / 21,560 admissions).", C),
    ("On average each admission carries 12.47 ICD diagnosis codes.", C),
)
add("avgdx_other", "number/measurement:2", 12.47, QAVGDX,
    ("12.47 distinct diagnoses per patient; per admission the mean is 9.81.", W),
    ("12.47 (268,853 rows / 23,400 admissions)", NC),
    ("The median is 12.47; the mean is 13.02.", W),
)
# ---------------------------------------------------------------- share of admissions with a procedure
add("procpct_ok", "number/measurement:1", 41.6, QPROCPCT,
    ("41.6% (8,969 of 21,560 admissions have at least one procedures_icd row).", C),
    ("41.6%; the remaining 58.4% had none.", C),
)
add("procpct_other", "number/measurement:1", 41.6, QPROCPCT,
    ("58.4% had at least one procedure.", W),
    ("41.6% (8,969 of 19,000 admissions)", NC),
    ("41.6% of patients (not admissions) had a procedure.", NC),
    ("41.6% of admissions had at least one hcpcsevents row; procedures_icd covers 35.2%.", W),
)
# ---------------------------------------------------------------- year trend (boolean, gold False)
add("trend_ok", "boolean/boolean", False, QTREND,
    ("No. 2150: 812, 2151: 845, 2152: 901, 2153: 877, 2154: 930 - 2153 broke the trend.", C),
    ("Not every year: admissions fell once, from 2152 to 2153.", C),
)
add("trend_other", "boolean/boolean", False, QTREND,
    ("Yes: 812, 845, 901, 877, 930.", NC),
    ("No, it fell in 2153 - actually, rechecking, 2153 had 907, so it rose every year.", W),
    ("Yes, apart from 2153.", NC),
)
# ---------------------------------------------------------------- admissions per year (table)
add("yeartab_ok", "table/count,count", YEARTAB, QYEARTAB,
    ("| year | admissions |\n|---|---|\n| 2150 | 812 |\n| 2151 | 845 |\n| 2152 | 901 |\n| 2153 | 877 |\n| 2154 | 930 |", C),
    ('{"2150": 812, "2151": 845, "2152": 901, "2153": 877, "2154": 930}', C),
    ("```\nyear | n\n2150 | 812\n2151 | 845\n2152 | 901\n2153 | 877\n2154 | 930\n(5 rows)\n```", C),
)
add("yeartab_other", "table/count,count", YEARTAB, QYEARTAB,
    ("| year | admissions |\n|---|---|\n| 2150 | 812 |\n| 2151 | 845 |\n| 2152 | 877 |\n| 2153 | 901 |\n| 2154 | 930 |", W),
    ("2150: 812; 2151: 845; 2152: 901; 2153: 877", W),
    ("2151: 812; 2152: 845; 2153: 901; 2154: 877; 2155: 930", W),
    ("By dischtime year: 2150: 812; 2151: 845; 2152: 901; 2153: 877; 2154: 930 (admittime years differ slightly).", NC),
)
# ---------------------------------------------------------------- peak year
add("peakyr_ok", "number/count", 2154, QPEAKYR,
    ("The busiest year was 2154.", C),
    ("2154 - ahead of 2152 (901).", C),
)
add("peakyr_other", "number/count", 2154, QPEAKYR,
    ("2152 (930 admissions); 2154 had 901.", W),
    ("2154 by dischtime; by admittime the peak is 2152.", W),
    ("2154 with 877 admissions, behind only 2152 (901).", NC),
)
# ---------------------------------------------------------------- admission location of URGENT admissions
add("alocu_ok", "string/string", "TRANSFER FROM HOSPITAL", QALOCU,
    ("TRANSFER FROM HOSPITAL (1,204 of 2,310 URGENT admissions).", C),
    ("Most URGENT admissions came via TRANSFER FROM HOSPITAL.", C),
)
add("alocu_other", "string/string", "TRANSFER FROM HOSPITAL", QALOCU,
    ("TRANSFER FROM HOSPITAL is the top location for EW EMER. admissions; for URGENT it is PHYSICIAN REFERRAL.", W),
    ("EMERGENCY ROOM, followed by TRANSFER FROM HOSPITAL.", W),
    ("TRANSFER FROM HOSPITAL (612), narrowly ahead of PHYSICIAN REFERRAL (655).", NC),
)
# ---------------------------------------------------------------- top non-English languages
add("lang_ok", "list/string^", LANG, QLANG,
    ("1. Spanish (712)\n2. Chinese (298)\n3. Russian (251)", C),
    ("Spanish > Chinese > Russian (English excluded).", C),
)
add("lang_other", "list/string^", LANG, QLANG,
    ("Spanish, Russian, Chinese", W),
    ("1. Spanish (712)\n2. Chinese (251)\n3. Russian (298)", NC),
    ("Spanish, Chinese, Russian, Portuguese", W),
    ("Spanish, Chinese and Russian, counted by patients rather than admissions.", NC),
)
# ---------------------------------------------------------------- widowed share in 65+
add("wid_ok", "number/measurement:1", 21.7, QWID,
    ("21.7% (2,044 of 9,420 admissions of patients aged 65+).", C),
    ("marital_status = 'WIDOWED': 21.7%", C),
)
add("wid_other", "number/measurement:1", 21.7, QWID,
    ("21.7% of admissions of patients under 65.", W),
    ("21.7% (2,044 of 8,100)", NC),
    ("21.7% of admissions aged 65+ are MARRIED; 18.4% are WIDOWED.", W),
)
# ---------------------------------------------------------------- distinct caregivers
add("ncg_ok", "number/count", 17, QNCG,
    ("17 distinct caregiver_ids.", C),
    ("Seventeen caregivers charted during the stay.", C),
)
add("ncg_other", "number/count", 17, QNCG,
    ("17 caregivers across all ICU stays of the patient; in stay 31500101 it was 11.", W),
    ("17, counting the NULL caregiver_id as one caregiver.", NC),
    ("17 caregivers: 40012, 40013, 40977, 41220, 41502, 42001, 42310, 43005, 43377, 44120, 44981, 45510, 45821, 46002, 46790.", NC),
)
# ---------------------------------------------------------------- busiest caregiver
add("cgtop_ok", "number/identifier", 45821, QCGTOP,
    ("caregiver_id 45821 (1,312 rows).", C),
    ("| caregiver_id | n_rows |\n|---|---|\n| 45821 | 1312 |\n| 40977 | 988 |", C),
)
add("cgtop_other", "number/identifier", 45821, QCGTOP,
    ("45821 is second (988 rows); 40977 charted the most (1,312).", W),
    ("| caregiver_id | n_rows |\n|---|---|\n| 40977 | 1312 |\n| 45821 | 988 |", W),
    ("45821 (988 rows), just ahead of 40977 (1,312 rows).", NC),
    ("45821 by distinct itemids; by row count it is 40977.", W),
)
# ---------------------------------------------------------------- order provider
add("prov_ok", "string/string", "P69QKX", QPROV,
    ("P69QKX (27 prescriptions).", C),
    ("`order_provider_id` = **P69QKX**", C),
)
add("prov_other", "string/string", "P69QKX", QPROV,
    ("P69QKX placed the most POE orders; in prescriptions it is P31BDM.", W),
    ("P69QKX or P31BDM - they are tied at 27 prescriptions each.", NC),
)
# ---------------------------------------------------------------- POE medication orders
add("poe_ok", "number/count", 64, QPOE,
    ("order_type = 'Medications': 64 (of 151 POE orders for the admission).", C),
    ('{"order_type": "Medications", "count": 64}', C),
)
add("poe_other", "number/count", 64, QPOE,
    ("64 POE orders in total; 38 of them were Medications.", W),
    ("64 Lab orders; Medications: 41.", W),
    ("64 = 40 Medications + 26 IV therapy orders.", NC),
    ("64 rows in the pharmacy table for the admission.", NC),
)
# ---------------------------------------------------------------- first POE order type
add("poe1_ok", "string/string", "ADT orders", QPOE1,
    ("ADT orders (poe_seq 1, 2155-03-01 14:02).", C),
    ("The first order was an ADT orders entry (admit to inpatient).", C),
)
add("poe1_other", "string/string", "ADT orders", QPOE1,
    ("Lab; the ADT orders entry came second.", W),
    ("ADT orders was the first order of the previous admission; this admission began with Medications.", W),
    ("Medications (poe_seq 1), right after an ADT orders entry that has no poe_seq.", W),
)
# ---------------------------------------------------------------- pharmacy frequency
add("phf_ok", "string/string", "Q6H", QPHF,
    ("Q6H (every 6 hours).", C),
    ("frequency: Q6H, route PO/NG", C),
)
add("phf_other", "string/string", "Q6H", QPHF,
    ("Q6H was the frequency of the second entry; the first was BID.", W),
    ("Q6H in prescriptions; the pharmacy table says BID.", W),
    ("Q6H or BID - two entries share the same starttime.", NC),
)
# ---------------------------------------------------------------- APR-DRG severity / mortality / description
add("sev_ok", "number/count", 3, QSEV,
    ("Severity 3; risk of mortality 2.", C),
    ('{"drg_type": "APR", "drg_severity": 3, "drg_mortality": 2}', C),
)
add("sev_other", "number/count", 3, QSEV,
    ("3 is the drg_mortality; drg_severity is 2.", W),
    ("Severity 2, mortality 3.", W),
    ("Moderate (3).", NC),
    ('{"drg_type": "APR", "drg_severity": 2, "drg_mortality": 3}', W),
)
add("dmort_ok", "number/count", 2, QDMORT,
    ("drg_mortality 2 (moderate).", C),
    ("Risk of mortality 2, severity of illness 3.", C),
)
add("dmort_other", "number/count", 2, QDMORT,
    ("2 - wait, that is the severity; the risk of mortality is 3.", W),
    ("Risk of mortality 3, severity of illness 2.", W),
)
add("drgd_ok", "string/string", "HEART FAILURE", QDRGD,
    ("HEART FAILURE (APR-DRG 194).", C),
)
add("drgd_other", "string/string", "HEART FAILURE", QDRGD,
    ("HEART FAILURE is the HCFA description; the APR DRG is 'CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS'.", W),
    ("HEART FAILURE & SHOCK WITH MCC", W),
)
# ---------------------------------------------------------------- datetimeevents arterial line
add("aline_ok", "date/timestamp", "2151-08-14 09:30", QALINE,
    ("The insertion date charted was 14 Aug 2151, 09:30.", C),
    ("value = 2151-08-14 09:30:00 (charttime 2151-08-14 11:05).", C),
)
add("aline_other", "date/timestamp", "2151-08-14 09:30", QALINE,
    ("2151-08-14 11:05 (the charttime of the entry; its value field says 09:30).", W),
    ("2151-08-14 09:30 is the PICC line insertion; the arterial line went in on 2151-08-13 22:15.", W),
    ("On 2151-08-14.", NC),
)
# ---------------------------------------------------------------- ingredientevents water
add("water_ok", "number/measurement", 2450, QWATER,
    ("2,450 mL of free water.", C),
    ("2450 mL (1,200 + 1,050 + 200 over three days).", C),
)
add("water_other", "number/measurement", 2450, QWATER,
    ("2,450 mL total in inputevents; ingredientevents water is 1,980 mL.", W),
    ("2,450 kcal", W),
    ("2,450 mL (1,200 + 950 + 200 over three days).", NC),
    ("2450 mL over the whole admission; the ICU stay alone had 1,730 mL.", W),
)
# ---------------------------------------------------------------- chest tube output
add("ct_ok", "number/measurement", 1320, QCT,
    ("1,320 mL", C),
    ("Chest tube output summed to 1320 mL (left 780 + right 540).", C),
)
add("ct_other", "number/measurement", 1320, QCT,
    ("1,320 mL of urine; the chest tube total was 410 mL.", W),
    ("1320 mL (left 780 + right 450)", NC),
    ("1,320 mL on the first ICU day; I did not sum the later days.", NC),
)
# ---------------------------------------------------------------- d_items itemid / label
add("hrid_ok", "number/identifier", 220045, QHRID,
    ("itemid 220045 (label 'Heart Rate', unitname bpm, linksto chartevents).", C),
    ("Heart Rate \u2192 **220045**", C),
)
add("hrid_other", "number/identifier", 220045, QHRID,
    ("220045 is 'Heart rate Alarm - High'; 'Heart Rate' itself is 220046.", W),
    ("211 (the CareVue itemid).", W),
    ("220045 or 211, depending on the charting system.", NC),
)
add("label_ok", "string/string", "O2 saturation pulseoximetry", QLABEL,
    ("O2 saturation pulseoximetry", C),
    ("label = 'O2 saturation pulseoximetry' (category Respiratory, unitname %).", C),
)
add("label_other", "string/string", "O2 saturation pulseoximetry", QLABEL,
    ("SpO2", NC),
    ("O2 saturation pulseoxymetry Alarm - Low", W),
)
# ---------------------------------------------------------------- d_labitems fluid / category
add("fluid_ok", "string/string", "Blood", QFLUID,
    ("Blood (itemid 50912 is Creatinine, category Chemistry).", C),
)
add("fluid_other", "string/string", "Blood", QFLUID,
    ("Chemistry", W),
    ("Blood - no, 50912 is listed under Urine.", W),
)
add("cat_ok", "string/string", "Hematology", QCAT,
    ("category: Hematology (fluid Blood, label Hemoglobin).", C),
)
add("cat_other", "string/string", "Hematology", QCAT,
    ("Blood Gas - 51222 is the blood-gas hemoglobin.", W),
    ("Hematology is the category of 50811; 51222 is listed under Chemistry.", W),
)
# ---------------------------------------------------------------- distinct chartevents itemids
add("nitem_ok", "number/count", 146, QNITEM,
    ("146 distinct itemids.", C),
    ("SELECT COUNT(DISTINCT itemid) FROM chartevents WHERE stay_id = 35100107; -> 146", C),
)
add("nitem_other", "number/count", 146, QNITEM,
    ("146 distinct labels; by itemid it is 151.", W),
    ("146 across chartevents and datetimeevents together; chartevents alone has 131.", W),
)
# ---------------------------------------------------------------- insurance set of one patient
add("insset_ok", "set/string", INSSET, QINSSET,
    ("Medicaid and Medicare.", C),
    ("- Medicare (3 admissions)\n- Medicaid (1 admission)", C),
)
add("insset_other", "set/string", INSSET, QINSSET,
    ("Medicare only.", W),
    ("Medicaid, Medicare and Other (Other appears on an ED-only visit that never became an admission).", NC),
    ("Medicaid and Medicare for patient 10081124; patient 10081123 had Private only.", W),
)
# ---------------------------------------------------------------- readmission Medicare vs Private
add("readm_ok", "string/string", "Medicare", QREADM,
    ("Medicare (19.8% vs 11.2%).", C),
    ("Medicare admissions were readmitted more often: 19.8% against 11.2% for Private.", C),
)
add("readm_other", "string/string", "Medicare", QREADM,
    ("Private (19.8% vs Medicare 11.2%).", W),
    ("Medicare: 11.2% vs Private 19.8%.", NC),
    ("Medicare, if readmissions are counted within 90 days; at 30 days Private is higher.", W),
)
# ---------------------------------------------------------------- patients per age band (table)
add("band_ok", "table/string,count", BAND, QBAND,
    ("| age_band | n_patients |\n|---|---|\n| 18-39 | 1204 |\n| 40-64 | 1987 |\n| 65+ | 1809 |", C),
    ("18-39: 1,204 \u00b7 40-64: 1,987 \u00b7 65+: 1,809 (total 5,000)", C),
    ('[{"band": "18-39", "n": 1204}, {"band": "40-64", "n": 1987}, {"band": "65+", "n": 1809}]', C),
    ("18-39: 1,204 (24.1%), 40-64: 1,987 (39.7%), 65+: 1,809 (36.2%) of 5,000 patients", C),
)
add("band_other", "table/string,count", BAND, QBAND,
    ("18-39: 1,204; 40-64: 1,809; 65+: 1,987", W),
    ("18-39: 1,204; 40-64: 1,987", W),
    ("18-39: 1,204; 40-64: 1,987; 65+: 1,809 - admissions per band, not patients.", NC),
    ("| age_band | n_patients |\n|---|---|\n| 18-39 | 1204 |\n| 40-64 | 1987 |\n| 65+ | 1890 |", W),
)
# ---------------------------------------------------------------- UNKNOWN race share
add("unk_ok", "number/measurement:1", 4.3, QUNK,
    ("4.3% (927 / 21,560 admissions).", C),
    ("UNKNOWN race: 4.3 % of admissions", C),
)
add("unk_other", "number/measurement:1", 4.3, QUNK,
    ("4.3% of patients (admission-level share not computed).", NC),
    ("4.3% UNABLE TO OBTAIN; UNKNOWN is 2.9%.", W),
    ("4.3% including UNABLE TO OBTAIN and PATIENT DECLINED TO ANSWER; UNKNOWN alone is 3.1%.", W),
)
# ---------------------------------------------------------------- top-3 ICD-10 in Medicaid
add("topmcd_ok", "list/code^", TOPMCD, QTOPMCD,
    ("1. F17.210 (1,402)\n2. I10 (1,288)\n3. E78.5 (990)", C),
    ("| rank | icd_code | n |\n|---|---|---|\n| 1 | F17210 | 1402 |\n| 2 | I10 | 1288 |\n| 3 | E785 | 990 |", C),
)
add("topmcd_other", "list/code^", TOPMCD, QTOPMCD,
    ("I10, F17210, E785", W),
    ("F17210, I10, E785 among Medicare admissions; for Medicaid it is F17210, F1120, I10.", W),
    ("1. F17.210 (1,288)\n2. I10 (1,402)\n3. E78.5 (990)", NC),
    ("F17210, I10, E785, Z87891", W),
)
# ---------------------------------------------------------------- empty set: severity-4 admissions
add("sev4_ok", "set/identifier!", [], QSEV4,
    ("None - the highest APR severity across the patient's admissions was 3.", C),
    ("Empty result: no hadm_id qualifies.", C),
)
add("sev4_other", "set/identifier!", [], QSEV4,
    ("None, except 27800111 (severity 4).", NC),
    ("27800111", W),
    ("Not none: 27800111 had severity 4.", W),
)
# ---------------------------------------------------------------- mortality trend (boolean, gold True)
add("mtrend_ok", "boolean/boolean", True, QMTREND,
    ("Yes: 3.1% -> 2.8% -> 2.6% -> 2.2%.", C),
)
add("mtrend_other", "boolean/boolean", True, QMTREND,
    ("Yes: 3.1%, 2.8%, 2.9%, 2.2%.", NC),
    ("Yes, except in 2152, when it rose slightly.", NC),
)
# ---------------------------------------------------------------- fewer ELECTIVE than URGENT (boolean, gold True)
add("fewer_ok", "boolean/boolean", True, QFEWER,
    ("Yes - ELECTIVE 1,902 vs URGENT 2,310.", C),
    ("Yes; URGENT outnumbered ELECTIVE by 408.", C),
)
add("fewer_other", "boolean/boolean", True, QFEWER,
    ("No - ELECTIVE 2,310 vs URGENT 1,902.", W),
    ("Yes, ELECTIVE 2,310 vs URGENT 1,902.", NC),
    ("Yes, ELECTIVE admissions outnumbered URGENT ones.", NC),
)
# ---------------------------------------------------------------- male-minus-female ICU stays
add("gap_ok", "number/count", 312, QGAP,
    ("312 more (M 4,120 vs F 3,808).", C),
    ("Male stays exceed female stays by 312.", C),
)
add("gap_other", "number/count", 312, QGAP,
    ("312 more female stays than male stays.", W),
    ("312 (M 4,120 vs F 3,818)", NC),
    ("312 more male patients (distinct subject_id) than female; by stays the gap is 450.", W),
)
# ---------------------------------------------------------------- ICU stays per patient
add("icupp_ok", "number/measurement:2", 1.27, QICUPP,
    ("1.27 ICU stays per patient (7,928 stays / 6,243 patients).", C),
)
add("icupp_other", "number/measurement:2", 1.27, QICUPP,
    ("1.27 per admission; per patient it is 1.41.", W),
    ("1.27 (7,928 / 5,900)", NC),
    ("1.27 across all patients, including those with no ICU stay.", NC),
)
# ---------------------------------------------------------------- hedges
add("hedge_new17", "number/count", 412, QNMALE,
    ("Probably around 412, but I am not sure the age filter was applied to anchor_age.", NC),
)
add("hedge_new17", "number/measurement:1", 2.3, QMORTF,
    ("I think it's 2.3%, though deaths after discharge may have leaked in.", NC),
)
add("hedge_new17", "boolean/boolean", False, QSEPSEX,
    ("Possibly no - the counts are close and I may have missed the A41.9 rows.", NC),
)
add("hedge_new17", "string/string", "TRANSFER FROM HOSPITAL", QALOCU,
    ("Maybe TRANSFER FROM HOSPITAL?", NC),
)
add("hedge_new17", "number/identifier", 220045, QHRID,
    ("220045, if I remember the MetaVision numbering correctly.", NC),
)
add("hedge_new17", "number/count", 3, QSEV,
    ("Likely 3, but the drgcodes table may hold two APR rows for this admission.", NC),
)
add("hedge_new17", "list/string^", LANG, QLANG,
    ("Probably Spanish, Chinese, Russian - though Chinese and Russian are within a few admissions of each other and I may have them swapped.", NC),
)
# ---------------------------------------------------------------- corrections
add("correction_new17", "number/count", 3418, QMCD,
    ("3,102 - correction: I had filtered out the managed-care rows; with them the Medicaid count is 3,418.", NC),
    ("3,418. Update: that query counted ED visits too; the Medicaid admission count is 3,290.", W),
    ("First pass gave 3,290, but after removing a duplicate join the count of Medicaid admissions is 3,418.", C),
)
add("correction_new17", "boolean/boolean", True, QMORTINS,
    ("No. Wait - I had the columns swapped: Medicare 3.9% vs Private 1.6%, so yes.", C),
    ("Yes. On rechecking the hospital_expire_flag filter, no - Private 2.7% vs Medicare 2.4%.", W),
)
add("correction_new17", "number/identifier", 45821, QCGTOP,
    ("40977 - no, 40977 is second; caregiver 45821 charted the most rows.", C),
    ("45821; correction, after excluding the error rows (warning = 1) it is 40977.", W),
)
add("correction_new17", "string/string", "Hematology", QCAT,
    ("Chemistry? Rechecking d_labitems, 51222's category is Hematology.", C),
)
add("correction_new17", "number/measurement:1", 41.6, QPROCPCT,
    ("41.6%. Correction: the denominator should be all admissions, not admissions with a diagnosis - the share is 39.8%.", W),
)
add("correction_new17", "table/count,count", YEARTAB, QYEARTAB,
    ("2150: 812; 2151: 845; 2152: 901; 2153: 877; 2154: 930. Correction: 2153 should read 887.", W),
)
# ---------------------------------------------------------------- plain abstentions
add("abstain_new17", "number/count", 17, QNCG,
    ("The caregiver table is not loaded in this environment, so I cannot count caregivers.", A),
)
add("abstain_new17", "date/timestamp", "2151-08-14 09:30", QALINE,
    ("There is no 'Arterial Line Insertion Date' entry in datetimeevents for stay 32800104.", A),
)
add("abstain_new17", "number/measurement", 2450, QWATER,
    ("ingredientevents is not available in my copy of MIMIC-IV, so I can't answer.", A),
)
add("abstain_new17", "string/string", "P69QKX", QPROV,
    ("order_provider_id is NULL for every prescription of admission 22600102; no provider can be named.", A),
)
add("abstain_new17", "table/string,count", BAND, QBAND,
    ("I was unable to run the grouping query (permission denied on patients).", A),
)
add("abstain_new17", "boolean/boolean", True, QFEWER,
    ("I cannot determine this from the data available to me.", A),
)
# ---------------------------------------------------------------- abstentions still stating the value
add("abstain_value_new17", "number/count", 64, QPOE,
    ("I can't be certain, but the poe query returned 64 medication orders.", NC),
)
add("abstain_value_new17", "string/string", "Q6H", QPHF,
    ("Unable to verify - the pharmacy row might say Q6H.", NC),
)
add("abstain_value_new17", "number/measurement:1", 21.7, QWID,
    ("I couldn't complete the analysis; an interim result was 21.7%.", NC),
)
add("abstain_value_new17", "boolean/boolean", False, QTREND,
    ("Cannot say definitively; the yearly counts I got (812, 845, 901, 877, 930) suggest no.", NC),
)
add("abstain_value_new17", "number/count", 2, QDMORT,
    ("Not determinable with confidence; the single APR row shows 2.", NC),
)
add("abstain_value_new17", "set/string", INSSET, QINSSET,
    ("I don't know for sure; if pressed, Medicaid and Medicare.", NC),
)
# ---------------------------------------------------------------- structured answers smuggling a qualifier
add("structured_new17", "number/measurement:1", 2.3, QMORTF,
    ('{"answer": 2.3, "unit": "%", "group": "M"}', NC),
    ('{"answer": 2.3, "unit": "%", "group": "F", "deaths": 241, "admissions": 10480}', C),
)
add("structured_new17", "number/count", 412, QNMALE,
    ('{"n": 412, "gender": "F", "age_min": 18, "age_max": 29}', NC),
    ("gender: M\nanchor_age: 18-29\ncount: 412", C),
)
add("structured_new17", "number/measurement:2", 12.47, QAVGDX,
    ('{"value": 12.47, "per": "patient"}', NC),
)
add("structured_new17", "number/count", 3, QSEV,
    ('{"drg_type": "HCFA", "drg_severity": 3}', NC),
)
add("structured_new17", "string/string", "Medicare", QREADM,
    ('{"higher": "Medicare", "window_days": 90}', NC),
    ('{"higher": "Medicare", "medicare_pct": 19.8, "private_pct": 11.2, "window_days": 30}', C),
)
add("structured_new17", "number/identifier", 220045, QHRID,
    ('{"itemid": 220045, "label": "Heart Rate", "linksto": "chartevents"}', C),
)
add("structured_new17", "number/measurement", 1320, QCT,
    ("value: 1320\nunit: mL\nitem: Foley", NC),
)
# ---------------------------------------------------------------- more natural right answers
add("natural_ok17", "number/count", 412, QNMALE,
    ("Among male patients, 412 have an anchor_age from 18 through 29.", C),
)
add("natural_ok17", "number/count", 3418, QMCD,
    ("Medicaid was the payer for 3,418 hospital admissions.", C),
)
add("natural_ok17", "boolean/boolean", False, QSEPSEX,
    ("Men had more sepsis diagnoses than women (1,102 vs 968 patients), so the answer is no.", C),
)
add("natural_ok17", "number/measurement:1", 41.6, QPROCPCT,
    ("Just under half of admissions - 41.6% - had at least one ICD procedure coded.", C),
)
add("natural_ok17", "string/string", "TRANSFER FROM HOSPITAL", QALOCU,
    ("For URGENT admissions the usual route in was a transfer from another hospital (TRANSFER FROM HOSPITAL).", C),
)
add("natural_ok17", "number/count", 17, QNCG,
    ("Seventeen different caregiver_ids appear in chartevents for stay 31500101.", C),
)
add("natural_ok17", "string/string", "ADT orders", QPOE1,
    ("Admission 22600102 opened with an ADT orders entry in POE.", C),
)
add("natural_ok17", "number/measurement", 2450, QWATER,
    ("Over ICU stay 33900105 patient 10080012 received 2.45 L of water according to ingredientevents.", C),
)
add("natural_ok17", "string/string", "O2 saturation pulseoximetry", QLABEL,
    ("In d_items, itemid 220277 is labelled 'O2 saturation pulseoximetry'.", C),
)
add("natural_ok17", "number/count", 146, QNITEM,
    ("ICU stay 35100107 has chartevents rows for 146 different itemids.", C),
)
add("natural_ok17", "set/string", INSSET, QINSSET,
    ("Over their admissions patient 10081123 was covered by Medicare and, once, by Medicaid.", C),
)
add("natural_ok17", "number/count", 2154, QPEAKYR,
)
add("natural_ok17", "boolean/boolean", True, QMTREND,
    ("The mortality rate went down year on year from 2150 through 2153 - so yes.", C),
)
add("natural_ok17", "number/count", 312, QGAP,
    ("There were 312 more ICU stays among men than among women.", C),
)
add("natural_ok17", "number/measurement:1", 4.3, QUNK,
    ("Race was UNKNOWN for 4.3 percent of admissions.", C),
)
add("natural_ok17", "string/string", "Blood", QFLUID,
    ("d_labitems lists itemid 50912 (Creatinine) with fluid Blood.", C),
)
add("natural_ok17", "number/measurement:2", 1.27, QICUPP,
    ("Patients who reached the ICU had 1.27 ICU stays each on average.", C),
)
add("natural_ok17", "string/string", "Q6H", QPHF,
    ("The first metoprolol tartrate pharmacy entry was dosed every 6 hours - frequency Q6H.", C),
)
add("natural_ok17", "number/count", 3, QSEV,
    ("Admission 26700103 was coded APR-DRG 194 with severity of illness 3 (major).", C),
)

CLASS_DESC = {
    "nmale_ok": "male patients aged 18-29 count right (SQL block, JSON)",
    "nmale_other": "other sex, other age band, admissions vs patients, sub-band sum contradicting",
    "mcd_ok": "Medicaid admission count right (with a share that holds)",
    "mcd_other": "patients vs admissions, table row of another payer, share contradicting, combined payer",
    "mortf_ok": "female in-hospital mortality rate right (n/N that holds, male rate alongside)",
    "mortf_other": "male rate, n/N contradicting, per patient, per 1,000",
    "sepsex_ok": "'more women than men with sepsis' no, right",
    "sepsex_other": "yes, 'no' with counts saying yes, 'no - fewer men', 'not fewer'",
    "mortins_ok": "'Medicare mortality higher than Private' yes, right (table + yes)",
    "mortins_other": "no, yes with groups swapped, yes with numbers saying lower, statement backwards",
    "avgdx_ok": "diagnoses per admission right (rows/admissions that hold)",
    "avgdx_other": "per patient, rows/admissions contradicting, median vs mean",
    "procpct_ok": "share of admissions with a procedure right (incl. complement)",
    "procpct_other": "complement, n/N contradicting, per patient, hcpcsevents",
    "trend_ok": "'increase every year' no, right",
    "trend_other": "yes contradicted by own yearly counts, correction to yes, 'yes apart from'",
    "yeartab_ok": "admissions per year table right (markdown, JSON, psql block)",
    "yeartab_other": "two years swapped, year missing, years shifted, by dischtime",
    "peakyr_ok": "peak year right",
    "peakyr_other": "other year, other time anchor, counts saying another year is higher",
    "alocu_ok": "commonest admission location of URGENT admissions right",
    "alocu_other": "other admission type, other location first, counts contradicting",
    "lang_ok": "top-3 non-English languages right",
    "lang_other": "swapped, counts contradicting ranks, a fourth language, by patients",
    "wid_ok": "widowed share in 65+ right",
    "wid_other": "other age band, n/N contradicting, other marital status",
    "ncg_ok": "distinct caregivers right",
    "ncg_other": "other ICU stays, NULL counted, listed ids contradicting (15 listed)",
    "cgtop_ok": "busiest caregiver_id right (with ranked table)",
    "cgtop_other": "second caregiver, table ranked the other way, counts contradicting, other metric",
    "prov_ok": "order_provider_id right",
    "prov_other": "POE instead of prescriptions, tie",
    "poe_ok": "POE medication order count right",
    "poe_other": "all order types, other order type, sum contradicting and mixing types, pharmacy rows",
    "poe1_ok": "first POE order_type right",
    "poe1_other": "second order, previous admission, order without poe_seq",
    "phf_ok": "pharmacy frequency right",
    "phf_other": "second entry, prescriptions vs pharmacy, two entries",
    "sev_ok": "APR-DRG severity right (JSON with mortality)",
    "sev_other": "mortality/severity swapped, label contradicting the number",
    "dmort_ok": "APR-DRG risk of mortality right",
    "dmort_other": "retracted to 3, swapped",
    "drgd_ok": "APR-DRG description right",
    "drgd_other": "HCFA description, HCFA title",
    "aline_ok": "datetimeevents value timestamp right (charttime noted)",
    "aline_other": "charttime instead of value, other line, date only",
    "water_ok": "ingredientevents water right (parts that sum)",
    "water_other": "inputevents, kcal, parts not summing, whole admission",
    "ct_ok": "chest tube output right (left + right that sum)",
    "ct_other": "urine output, parts not summing, first day only",
    "hrid_ok": "Heart Rate itemid right",
    "hrid_other": "alarm item, CareVue itemid, either/or",
    "label_ok": "d_items label right",
    "label_other": "abbreviation, alarm label",
    "fluid_ok": "d_labitems fluid right",
    "fluid_other": "category instead of fluid, retraction to Urine",
    "cat_ok": "d_labitems category right",
    "cat_other": "Blood Gas, category of another itemid",
    "nitem_ok": "distinct chartevents itemids right",
    "nitem_other": "labels vs itemids, two tables together",
    "insset_ok": "insurance set of one patient right",
    "insset_other": "subset, superset with caveat, other patient",
    "readm_ok": "payer with higher readmission rate right",
    "readm_other": "other payer, rates contradicting, 90-day window",
    "band_ok": "patients per age band table right (with shares that hold)",
    "band_other": "two bands swapped, band missing, admissions, one cell changed",
    "unk_ok": "UNKNOWN race share right",
    "unk_other": "per patient, other race category, merged categories",
    "topmcd_ok": "top-3 ICD-10 among Medicaid right (dotted codes, ranked table)",
    "topmcd_other": "swapped, other payer, counts contradicting ranks, four codes",
    "sev4_ok": "empty set of severity-4 admissions right",
    "sev4_other": "'none except', one id, 'not none'",
    "mtrend_ok": "'mortality fell every year' yes, right",
    "mtrend_other": "yes with a non-monotone series, 'yes except'",
    "fewer_ok": "'fewer ELECTIVE than URGENT' yes, right",
    "fewer_other": "no, yes with counts saying more, yes with statement backwards",
    "gap_ok": "male-minus-female ICU stay gap right",
    "gap_other": "direction backwards, counts contradicting, patients vs stays",
    "icupp_ok": "ICU stays per patient right",
    "icupp_other": "per admission, n/N contradicting, all patients as denominator",
    "hedge_new17": "hedges on new subjects",
    "correction_new17": "corrections on new subjects (final value decides)",
    "abstain_new17": "plain abstentions on new subjects",
    "abstain_value_new17": "abstentions still stating the gold value",
    "structured_new17": "JSON/key-value carrying a second value or qualifier",
    "natural_ok17": "additional right answers in natural prose",
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
    ('412 male patients aged 18-29.', 412),
    ('{"gender": "M", "age_band": "18-29", "n_patients": 412}', 412),
    ('12.47 diagnoses per admission (268,853 diagnoses_icd rows / 21,560 admissions).', 12.47),
    ('41.6%; the remaining 58.4% had none.', 41.6),
    ('```\nyear | n\n2150 | 812\n2151 | 845\n2152 | 901\n2153 | 877\n2154 | 930\n(5 rows)\n```', ((2150, 812), (2151, 845), (2152, 901), (2153, 877), (2154, 930))),
    ('2154 - ahead of 2152 (901).', 2154),
    ('Most URGENT admissions came via TRANSFER FROM HOSPITAL.', 'TRANSFER FROM HOSPITAL'),
    ('Spanish > Chinese > Russian (English excluded).', ('Spanish', 'Chinese', 'Russian')),
    ('21.7% (2,044 of 9,420 admissions of patients aged 65+).', 21.7),
    ('| caregiver_id | n_rows |\n|---|---|\n| 45821 | 1312 |\n| 40977 | 988 |', 45821),
    ('{"order_type": "Medications", "count": 64}', 64),
    ('The first order was an ADT orders entry (admit to inpatient).', 'ADT orders'),
    ('frequency: Q6H, route PO/NG', 'Q6H'),
    ('Severity 3; risk of mortality 2.', 3),
    ('{"drg_type": "APR", "drg_severity": 3, "drg_mortality": 2}', 3),
    ('Risk of mortality 2, severity of illness 3.', 2),
    ('SELECT COUNT(DISTINCT itemid) FROM chartevents WHERE stay_id = 35100107; -> 146', 146),
    ('Medicare admissions were readmitted more often: 19.8% against 11.2% for Private.', 'Medicare'),
    ('18-39: 1,204 · 40-64: 1,987 · 65+: 1,809 (total 5,000)', (('18-39', 1204), ('40-64', 1987), ('65+', 1809))),
    ('18-39: 1,204 (24.1%), 40-64: 1,987 (39.7%), 65+: 1,809 (36.2%) of 5,000 patients', (('18-39', 1204), ('40-64', 1987), ('65+', 1809))),
    ('UNKNOWN race: 4.3 % of admissions', 4.3),
    ('| rank | icd_code | n |\n|---|---|---|\n| 1 | F17210 | 1402 |\n| 2 | I10 | 1288 |\n| 3 | E785 | 990 |', ('F17210', 'I10', 'E785')),
    ('No. Wait - I had the columns swapped: Medicare 3.9% vs Private 1.6%, so yes.', True),
    ('40977 - no, 40977 is second; caregiver 45821 charted the most rows.', 45821),
    ("Chemistry? Rechecking d_labitems, 51222's category is Hematology.", 'Hematology'),
    ('{"answer": 2.3, "unit": "%", "group": "F", "deaths": 241, "admissions": 10480}', 2.3),
    ('{"higher": "Medicare", "medicare_pct": 19.8, "private_pct": 11.2, "window_days": 30}', 'Medicare'),
    ('Men had more sepsis diagnoses than women (1,102 vs 968 patients), so the answer is no.', False),
    ('For URGENT admissions the usual route in was a transfer from another hospital (TRANSFER FROM HOSPITAL).', 'TRANSFER FROM HOSPITAL'),
    ('Seventeen different caregiver_ids appear in chartevents for stay 31500101.', 17),
    ('Admission 22600102 opened with an ADT orders entry in POE.', 'ADT orders'),
    ('Over ICU stay 33900105 patient 10080012 received 2.45 L of water according to ingredientevents.', 2450),
    ('Over their admissions patient 10081123 was covered by Medicare and, once, by Medicaid.', ('Medicaid', 'Medicare')),
    ('d_labitems lists itemid 50912 (Creatinine) with fluid Blood.', 'Blood'),
    ('The first metoprolol tartrate pharmacy entry was dosed every 6 hours - frequency Q6H.', 'Q6H'),
    ('Admission 26700103 was coded APR-DRG 194 with severity of illness 3 (major).', 3),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
    ('4.3% UNABLE TO OBTAIN; UNKNOWN is 2.9%.', 4.3),
    ('4.3% including UNABLE TO OBTAIN and PATIENT DECLINED TO ANSWER; UNKNOWN alone is 3.1%.', 4.3),
    ('The caregiver table is not loaded in this environment, so I cannot count caregivers.', 17),
    ("There is no 'Arterial Line Insertion Date' entry in datetimeevents for stay 32800104.", '2151-08-14 09:30'),
    ('order_provider_id is NULL for every prescription of admission 22600102; no provider can be named.', 'P69QKX'),
})
