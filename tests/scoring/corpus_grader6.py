"""A sixth graded corpus, written by another independent adversarial grader (issue 11, round 6): the same
mistakes described in other words: another event, source, cohort or time window (ED arrival, order time,
ICU length of stay, deceased patients, discharge prescriptions, a reference limit as the value).
(answer, shape, gold, expected, question); shapes as in corpus.py."""
C, W, A = "correct", "wrong", "abstained"
QA = "How many hospital admissions did patient 10000032 have?"
QF = "Was patient 10000032 given furosemide during admission 20000345?"
QP = "What percentage of patients are female, rounded to 1 decimal?"
QM = "What is the mean length of stay in days of female patients, rounded to 2 decimals?"
QC = "What was the last creatinine value in mg/dL of patient 10001217, rounded to 1 decimal?"
QD = "What was the ICD code of the principal diagnosis of admission 24597018?"
QS = "Which drug was prescribed most often to patient 10001217?"
QT = "When was patient 10000032 first admitted to the hospital?"
QW = "Which of patients 10000032 and 10001217 had more admissions?"
QE = "Was furosemide given to patient 10000032 within 24 hours of admission 20000345?"
CASES = []
CASES += [
    ("4 admissions: 22595853, 22841357, 25742920", "number/count", 4, W, QA),
    ("Patient 10000032 had 4 hospital admissions.\n\n**Final answer:** 3", "number/count", 4, W, QA),
    ("The query returned 4 rows, but after removing duplicates there are 3 admissions.", "number/count", 4, W, QA),
    ("Not 4.", "number/count", 4, W, QA),
    ("4 is incorrect; the answer is 5.", "number/count", 4, W, QA),
    ("The 4th admission", "number/count", 4, W, QA),
    ("4%", "number/count", 4, W, QA),
    ("Yes, furosemide was ordered but never administered.", "boolean/boolean", True, W, QF),
    ("Yes — ordered in prescriptions; no administration recorded in eMAR.", "boolean/boolean", True, W, QF),
    ("Male: 52.3%, female: 47.7%", "number/measurement:1", 52.3, W, QP),
    ("47.7% male, 52.3% female", "number/measurement:1", 52.3, C, QP),
    ("Male patients: 4.11 days; female patients: 3.90 days", "number/measurement:2", 4.11, W, QM),
    ("Female: 3.90 days, male: 4.11 days", "number/measurement:2", 4.11, W, QM),
    ("The upper limit of normal is 1.2 mg/dL; the patient's last value was above it.", "number/measurement:1", 1.2, W, QC),
    ("ref_range_upper: 1.2", "number/measurement:1", 1.2, W, QC),
    ("I50.9 (the ICD-10 equivalent of 428.0)", "string/code", "4280", W, QD),
    ("I50.2", "string/code", "I5023", W, QD),
    ("Heparin Flush", "string/string", "Heparin", W, QS),
    ("Sodium Chloride 0.9% Flush", "string/string", "Sodium Chloride 0.9%", W, QS),
    ("Both 10000032 and 10001217 had 4 admissions (tie).", "number/identifier", 10000032, W, QW),
    ("Yes, furosemide was given, on day 3 of the admission.", "boolean/boolean", True, W, QE),
    ("Yes, but only 40 hours after admission.", "boolean/boolean", True, W, QE),
    ("The week of 2180-05-06", "date/date", "2180-05-06", W, QT),
    ("2180-05-06 or 2180-05-07", "date/date", "2180-05-06", W, QT),
    ("Admitted 2180-05-06, discharged 2180-05-07", "date/date", "2180-05-06", C, QT),
    ("2180-05-06 (ED arrival; hospital admission the next day)", "date/date", "2180-05-06", W, QT),
    ("The patient arrived in the ED on 2180-05-06.", "date/date", "2180-05-06", W, QT),
    ("edregtime: 2180-05-06", "date/date", "2180-05-06", W, QT),
]
QTS = "When was the first potassium measurement of patient 10001217?"
QH = "Was the last heart rate of patient 10002428 above 100?"
QU = "How many ICU stays were there in each first care unit?"
QG = "How many patients are there of each gender?"
QX = "Which antibiotics did patient 10001217 receive during admission 24597018?"
QL = "List the services of admission 24597018 in chronological order."
QPT = "How many patients were given cefepime?"
QI = "Which admission of patient 10000032 had the longest stay?"
QN = "What NDC code was used for the first vancomycin order of patient 10001217?"
U3 = [["MICU", 120], ["SICU", 80], ["CCU", 50]]
CASES += [
    ("Early May 2180", "date/date", "2180-05-06", W, QT),
    ("2180-05", "date/date", "2180-05-06", W, QT),
    ("Around 2180-05-06", "date/date", "2180-05-06", W, QT),
    ("The ICU intime was 2180-05-06.", "date/date", "2180-05-06", W, QT),
    ("The first transfer was on 2180-05-06.", "date/date", "2180-05-06", W, QT),
    ("The first ICU transfer was on 2180-05-06.", "date/date", "2180-05-06", W, QT),
    ("The potassium order was placed at 2157-11-18 17:35.", "date/timestamp", "2157-11-18 17:35:00", W, QTS),
    ("The specimen was collected at 2157-11-18 17:35.", "date/timestamp", "2157-11-18 17:35:00", C, QTS),
    ("2157-11-18 at 5:35", "date/timestamp", "2157-11-18 17:35:00", W, QTS),
    ("2157-11-18 5:35 PM", "date/timestamp", "2157-11-18 17:35:00", C, QTS),
    ("2157-11-18 17:35 (the first potassium during the ICU stay)", "date/timestamp", "2157-11-18 17:35:00", W, QTS),
    ("2157-11-18 17:35 (first potassium of the second admission)", "date/timestamp", "2157-11-18 17:35:00", W, QTS),
    ("No — it was exactly 100 bpm.", "boolean/boolean", False, C, QH),
    ("No, the last heart rate was 112 bpm.", "boolean/boolean", False, W, QH),
    ("Yes, the maximum heart rate was 130.", "boolean/boolean", True, W, QH),
    ("Yes, the first heart rate was above 100 (124 bpm).", "boolean/boolean", True, W, QH),
    ("MICU 48%, SICU 32%, CCU 20%", "table/string,count", U3, W, QU),
    ("MICU: 120, SICU: 80, CCU: 50, Other: 30", "table/string,count", U3, W, QU),
    ("MICU/SICU: 120, CCU: 50", "table/string,count", U3, W, QU),
    ("Medical ICU (MICU): 120; Surgical ICU (SICU): 80; Coronary Care Unit (CCU): 50", "table/string,count", U3, C, QU),
    ("Women 80, men 120", "table/string,count", [["F", 120], ["M", 80]], W, QG),
    ("Female: 120, Male: 80", "table/string,count", [["F", 120], ["M", 80]], C, QG),
    ("F: 120 admissions, M: 80 admissions", "table/string,count", [["F", 120], ["M", 80]], W, QG),
    ("Vancomycin or Cefepime", "set/string", ["Vancomycin", "Cefepime"], W, QX),
    ("Vancomycin (0 doses), Cefepime (3 doses), Metronidazole (2 doses)", "set/string", ["Cefepime", "Metronidazole"], W, QX),
    ("Cefepime and Metronidazole; Vancomycin was given in the ED before admission.", "set/string", ["Cefepime", "Metronidazole"], W, QX),
    ("MED, then SURG, then CMED", "list/string^", ["MED", "SURG", "CMED"], C, QL),
    ("MED → SURG → CMED (as of the discharge summary; the services table says MED → CMED)", "list/string^", ["MED", "SURG", "CMED"], W, QL),
    ("9 patients had a cefepime order; 7 actually received it per eMAR.", "number/count", 9, W, QPT),
    ("9 patients (among those with an ICU stay)", "number/count", 9, W, QPT),
    ("Admission 20000345 (ICU LOS 6.2 days)", "number/identifier", 20000345, W, QI),
    ("20000345 had the longest ICU stay.", "number/identifier", 20000345, W, QI),
    ("00338-0049-02", "string/code", "00338004904", W, QN),
]
QO = "How many patients had more than 3 admissions?"
QDC = "What was the discharge date of admission 20000345?"
QAGE = "What was the age of patient 10000032 at their first admission?"
QDX = "Which diagnosis codes were recorded for admission 20000345?"
QDEAD = "Did patient 10000032 die during admission 20000345?"
QWT = "What was the weight in kg of patient 10000032 at ICU admission, rounded to 1 decimal?"
DX3 = ["4280", "5849", "4019"]
CASES += [
    ("Reasoning: 4 hadm_ids found.\nAnswer: unable to determine", "number/count", 4, A, QA),
    ("The creatinine was 1.2 mg/dL at admission and 1.5 mg/dL at discharge (last).", "number/measurement:1", 1.2, W, QC),
    ("Last creatinine: 1.2 mg/dL (drawn on the prior admission; none on the latest)", "number/measurement:1", 1.2, W, QC),
    ("The last creatinine clearance was 1.2 mL/s.", "number/measurement:1", 1.2, W, QC),
    ("A41.9 - Sepsis, unspecified organism (secondary diagnosis; the principal was I50.23)", "string/code", "A419", W, QD),
    ("A41.9 (from the ED diagnosis table)", "string/code", "A419", W, QD),
    ("ICD-9 code 038.9 (ICD-10: A41.9)", "string/code", "A419", W, QD),
    ("A41.9", "string/code", "A419", C, QD),
    ("Furosemide (tied with Heparin, 12 orders each)", "string/string", "Furosemide", W, QS),
    ("Furosemide, 12 orders (Heparin: 14 orders)", "string/string", "Furosemide", W, QS),
    ("Furosemide was the most frequently administered drug; Heparin was ordered most often.", "string/string", "Furosemide", W, QS),
    ("Yes (furosemide was prescribed on a different admission, 20000346)", "boolean/boolean", True, W, QF),
    ("Yes — though technically it was bumetanide that was given; furosemide was only discussed.", "boolean/boolean", True, W, QF),
    ("Yes. Correction: no, the furosemide order was cancelled.", "boolean/boolean", True, W, QF),
    ("52.3 (female-to-male ratio x100)", "number/measurement:1", 52.3, W, QP),
    ("0.523", "number/measurement:1", 52.3, W, QP),
    ("52.3% of ICU patients are female", "number/measurement:1", 52.3, W, QP),
    ("52.3% of deceased patients are female", "number/measurement:1", 52.3, W, QP),
    ("The mean ICU length of stay for female patients was 4.11 days.", "number/measurement:2", 4.11, W, QM),
    ("4.11 days (female patients who survived to discharge)", "number/measurement:2", 4.11, W, QM),
    ("4.11 days (female patients aged 65+)", "number/measurement:2", 4.11, W, QM),
    ("4.11 days (excluding in-hospital deaths)", "number/measurement:2", 4.11, W, QM),
    ("4.11 hours", "number/measurement:2", 4.11, W, QM),
    ("The mean LOS for women was 4.11 days.", "number/measurement:2", 4.11, C, QM),
    ("57 patients had more than 3 ICU stays.", "number/count", 57, W, QO),
    ("57 patients had more than 3 admissions in a single year.", "number/count", 57, W, QO),
    ("57 patients had more than 3 emergency admissions.", "number/count", 57, W, QO),
    ("57", "number/count", 57, C, QO),
    ("2180-05-07 (the date of transfer out of the ICU)", "date/date", "2180-05-07", W, QDC),
    ("The patient left the ED on 2180-05-07.", "date/date", "2180-05-07", W, QDC),
    ("Discharged on 2180-05-07 at 14:00", "date/date", "2180-05-07", C, QDC),
    ("52 (anchor_age; age at the anchor year, not at admission)", "number/count", 52, W, QAGE),
    ("52 years old at the time of the last admission", "number/count", 52, W, QAGE),
    ("4280 (CHF), 5849 (AKI) and 4019 (hypertension) — the last one is from a different admission", "set/code", DX3, W, QDX),
    ("Yes, the patient died 10 days after discharge.", "boolean/boolean", True, W, QDEAD),
    ("Yes, hospital_expire_flag = 1", "boolean/boolean", True, C, QDEAD),
    ("80.2 kg (admission weight from the hospital admission, not the ICU)", "number/measurement:1", 80.2, W, QWT),
    ("80.2 kg (daily weight on ICU day 3)", "number/measurement:1", 80.2, W, QWT),
    ("80.2 lb", "number/measurement:1", 80.2, W, QWT),
]
QY = "How many admissions were there per admission type?"
QE0 = "Which procedures were recorded for admission 24597018?"
QTOP = "What are the 3 most common diagnoses codes among all admissions?"
QCU = "List the care units of stay 30000001 in chronological order."
QGEN = "What is the gender of patient 10000032?"
QDOD = "On which date did patient 10000032 die?"
TOP3 = ["4280", "4019", "5849"]
CASES += [
    ("MICU: 120 patients, SICU: 80 patients, CCU: 50 patients", "table/string,count", U3, W, QU),
    ("MICU: 120, SICU: 80, CCU: 50 (last care unit)", "table/string,count", U3, W, QU),
    ("MICU 120, SICU 80, CCU 50 (2150-2160 only)", "table/string,count", U3, W, QU),
    ("EW EMER.: 120, URGENT: 80, ELECTIVE: 50", "table/string,count", [["EW EMER.", 120], ["URGENT", 80], ["ELECTIVE", 50]], C, QY),
    ("Cefepime, Metronidazole (prescribed at discharge)", "set/string", ["Cefepime", "Metronidazole"], W, QX),
    ("Cefepime, Metronidazole (discharge prescriptions)", "set/string", ["Cefepime", "Metronidazole"], W, QX),
    ("Cefepime and Metronidazole were prescribed; none were administered.", "set/string", ["Cefepime", "Metronidazole"], W, QX),
    ("None recorded in procedures_icd for 24597018 (but 2 for the previous admission).", "set/code!", [], C, QE0),
    ("None (the query returned an error)", "set/code!", [], A, QE0),
    ("No procedures.", "set/code!", [], C, QE0),
    ("20000345 (by ICU LOS); by hospital LOS it is 20000346", "number/identifier", 20000345, W, QI),
    ("20000345 (shortest stay)", "number/identifier", 20000345, W, QI),
    ("4280, 4019, 5849 (most common among ICU admissions)", "set/code", TOP3, W, QTOP),
    ("4280, 4019, 5849 (as principal diagnosis)", "set/code", TOP3, W, QTOP),
    ("4280, 4019, 5849 (most common among female patients)", "set/code", TOP3, W, QTOP),
    ("4280, 4019, 5849 (most common principal diagnoses)", "set/code", TOP3, W, QTOP),
    ("4280, 4019, 5849", "set/code", TOP3, C, QTOP),
    ("MICU, then SICU", "list/string^", ["MICU", "SICU"], C, QCU),
    ("SICU after MICU", "list/string^", ["MICU", "SICU"], C, QCU),
    ("Heparin? No — Furosemide.", "string/string", "Furosemide", C, QS),
    ("Furosemide in the ICU; overall it was Heparin.", "string/string", "Furosemide", W, QS),
    ("IV (as ordered; it was actually given PO)", "string/string", "IV", W, "What was the route of the first vancomycin administration to patient 10001217?"),
    ("F", "string/string", "F", C, QGEN),
    ("Female", "string/string", "F", C, QGEN),
    ("F (per the ED triage record; patients.gender says M)", "string/string", "F", W, QGEN),
    ("2180-09-09 (date of last discharge; no date of death recorded)", "date/date", "2180-09-09", W, QDOD),
    ("The patient was discharged to hospice on 2180-09-09.", "date/date", "2180-09-09", W, QDOD),
    ("2180-09-09 (out-of-hospital death, per state records)", "date/date", "2180-09-09", C, QDOD),
    # variants of classes found above
    ("The reference range upper limit for creatinine is 1.2 mg/dL.", "number/measurement:1", 1.2, W, QC),
    ("1.2 mg/dL is the upper reference limit; the last value was 1.9 mg/dL, flagged high.", "number/measurement:1", 1.2, W, QC),
    ("Yes, furosemide was started on hospital day 4.", "boolean/boolean", True, W, QE),
    ("Yes, furosemide 40 mg IV was given 2 hours after admission.", "boolean/boolean", True, C, QE),
    ("2180-05-06, the day the patient was registered in the ED (admittime is 2180-05-07)", "date/date", "2180-05-06", W, QT),
    ("The patient was admitted on 2180-05-06.", "date/date", "2180-05-06", C, QT),
    ("The ED discharge date was 2180-05-07.", "date/date", "2180-05-07", W, QDC),
    ("The patient was discharged home on 2180-05-07.", "date/date", "2180-05-07", C, QDC),
    ("52.3% of patients with an ICU stay are female", "number/measurement:1", 52.3, W, QP),
    ("52.3% of patients who died in hospital are female", "number/measurement:1", 52.3, W, QP),
    ("52.3% of patients are female.", "number/measurement:1", 52.3, C, QP),
    ("4.11 days (female patients with a single admission)", "number/measurement:2", 4.11, W, QM),
    ("4.11 days (mean ICU LOS, female)", "number/measurement:2", 4.11, W, QM),
    ("The mean ICU stay of women was 4.11 days.", "number/measurement:2", 4.11, W, QM),
    ("57 patients had more than 3 ED visits.", "number/count", 57, W, QO),
    ("57 patients had more than 3 elective admissions.", "number/count", 57, W, QO),
    ("57 patients had more than 3 admissions.", "number/count", 57, C, QO),
    ("2180-05-07 (ICU outtime)", "date/date", "2180-05-07", W, QDC),
    ("9 patients were prescribed cefepime, of whom 7 had an eMAR administration.", "number/count", 9, W, QPT),
    ("9 patients were given cefepime.", "number/count", 9, C, QPT),
    ("2157-11-18 17:35 (first potassium of the most recent admission)", "date/timestamp", "2157-11-18 17:35:00", W, QTS),
    ("The first potassium was measured at 2157-11-18 17:35.", "date/timestamp", "2157-11-18 17:35:00", C, QTS),
    ("Cefepime, Metronidazole (both started after discharge)", "set/string", ["Cefepime", "Metronidazole"], W, QX),
    ("Cefepime, Metronidazole", "set/string", ["Cefepime", "Metronidazole"], C, QX),
    ("F (self-reported in the ED; the patients table has no gender)", "string/string", "F", W, QGEN),
]
# right answers the readers still do not read (each scored wrong or abstained, never a false positive)
CONSERVATIVE = frozenset({
    ('Medical ICU (MICU): 120; Surgical ICU (SICU): 80; Coronary Care Unit (CCU): 50', (('MICU', 120), ('SICU', 80), ('CCU', 50))),
    ('Female: 120, Male: 80', (('F', 120), ('M', 80))),
    ('MED, then SURG, then CMED', ('MED', 'SURG', 'CMED')),
    ('MICU, then SICU', ('MICU', 'SICU')),
    ('SICU after MICU', ('MICU', 'SICU')),
    ('Heparin? No — Furosemide.', 'Furosemide'),
    ('Female', 'F'),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ: neither is a pass
WRONG_OR_ABSTAINED = frozenset({
})

CLASSES = {
    "ref_range_limit_as_value": ("the number is the reference-range limit (ULN / ref_range_upper), not the patient's value", [
        "The upper limit of normal is 1.2 mg/dL; the patient's last value was above it.", "ref_range_upper: 1.2", "The reference range upper limit for creatinine is 1.2 mg/dL.", "1.2 mg/dL is the upper reference limit; the last value was 1.9 mg/dL, flagged high."]),
    "boolean_timing_condition_contradicted": ("yes to 'within 24 hours' while the answer itself places the event outside the window", [
        "Yes, furosemide was given, on day 3 of the admission.", "Yes, but only 40 hours after admission.", "Yes, furosemide was started on hospital day 4."]),
    "date_week_of": ("'the week of <date>' accepted as the exact date", ["The week of 2180-05-06"]),
    "date_ed_arrival_for_admission": ("ED arrival/registration date given for the hospital admission date", [
        "2180-05-06 (ED arrival; hospital admission the next day)", "The patient arrived in the ED on 2180-05-06.", "edregtime: 2180-05-06", "2180-05-06, the day the patient was registered in the ED (admittime is 2180-05-07)"]),
    "date_first_transfer_for_admission": ("first transfer event given for the hospital admission", ["The first transfer was on 2180-05-06."]),
    "timestamp_order_time_for_measurement": ("the lab order time given for the measurement time", ["The potassium order was placed at 2157-11-18 17:35."]),
    "timestamp_first_of_later_admission": ("the first value of a later (second) admission given for the patient's first", [
        "2157-11-18 17:35 (first potassium of the second admission)", "2157-11-18 17:35 (first potassium of the most recent admission)"]),
    "count_ordered_vs_administered": ("the count of ordered while the answer says fewer actually received it", [
        "9 patients had a cefepime order; 7 actually received it per eMAR.", "9 patients were prescribed cefepime, of whom 7 had an eMAR administration."]),
    "identifier_justified_by_other_metric": ("the chosen admission is justified by ICU LOS for a hospital-stay question", [
        "Admission 20000345 (ICU LOS 6.2 days)"]),
    "code_secondary_with_principal_named": ("the code is called a secondary diagnosis and the remark names another principal", [
        "A41.9 - Sepsis, unspecified organism (secondary diagnosis; the principal was I50.23)"]),
    "code_from_other_table": ("the code is taken from the ED diagnosis table, not the admission's diagnoses_icd", ["A41.9 (from the ED diagnosis table)"]),
    "boolean_yes_then_other_drug_given": ("yes, then says another drug was given and the asked drug only discussed", [
        "Yes — though technically it was bumetanide that was given; furosemide was only discussed."]),
    "percentage_ratio_not_share": ("a female-to-male ratio x100 given for a percentage", ["52.3 (female-to-male ratio x100)"]),
    "population_other_cohort_subgroup": ("the statistic is for a sub-cohort (deceased, survivors, aged 65+) of the asked group", [
        "52.3% of deceased patients are female", "4.11 days (female patients who survived to discharge)", "4.11 days (female patients aged 65+)", "52.3% of patients with an ICU stay are female", "52.3% of patients who died in hospital are female", "4.11 days (female patients with a single admission)"]),
    "los_icu_for_hospital": ("ICU length of stay given for hospital length of stay", ["The mean ICU length of stay for female patients was 4.11 days.", "4.11 days (mean ICU LOS, female)", "The mean ICU stay of women was 4.11 days."]),
    "count_threshold_other_event_or_window": ("threshold restated for other events (ICU stays, emergency admissions) or per year", [
        "57 patients had more than 3 ICU stays.", "57 patients had more than 3 admissions in a single year.", "57 patients had more than 3 emergency admissions.", "57 patients had more than 3 ED visits.", "57 patients had more than 3 elective admissions."]),
    "date_other_departure_for_discharge": ("ICU transfer-out or ED departure date given for the hospital discharge date", [
        "2180-05-07 (the date of transfer out of the ICU)", "The patient left the ED on 2180-05-07.", "The ED discharge date was 2180-05-07.", "2180-05-07 (ICU outtime)"]),
    "set_item_disowned_other_admission": ("a set item is said to come from a different admission", [
        "4280 (CHF), 5849 (AKI) and 4019 (hypertension) — the last one is from a different admission"]),
    "measurement_hospital_weight_for_icu": ("the answer says the weight is from the hospital admission, not the ICU asked for", [
        "80.2 kg (admission weight from the hospital admission, not the ICU)"]),
    "set_discharge_prescriptions_for_received": ("discharge prescriptions / after-discharge starts listed for drugs received during the admission", [
        "Cefepime, Metronidazole (prescribed at discharge)", "Cefepime, Metronidazole (discharge prescriptions)", "Cefepime, Metronidazole (both started after discharge)"]),
    "set_top_codes_other_population_or_rank": ("top codes restricted to ICU admissions / female patients / principal diagnoses", [
        "4280, 4019, 5849 (most common among ICU admissions)", "4280, 4019, 5849 (as principal diagnosis)",
        "4280, 4019, 5849 (most common among female patients)", "4280, 4019, 5849 (most common principal diagnoses)"]),
    "string_value_from_other_source_contradicted": ("the value is taken from another source and the remark says the asked table says otherwise / has none", [
        "F (per the ED triage record; patients.gender says M)", "F (self-reported in the ED; the patients table has no gender)"]),
    "date_discharge_for_death": ("a discharge date (to hospice / last discharge, no death recorded) given for the date of death", [
        "2180-09-09 (date of last discharge; no date of death recorded)", "The patient was discharged to hospice on 2180-09-09."]),
}
