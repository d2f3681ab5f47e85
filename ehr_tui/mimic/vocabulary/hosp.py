"""Built-in vocabulary for the rest of the hosp module: demographics, HCPCS, microbiology, provider orders.

Values are spelled as MIMIC-IV v2.2 spells them (e.g. race 'BLACK/AFRICAN AMERICAN',
insurance 'Medicare', language '?'), so queries written for the real data work here.
"""

from __future__ import annotations

RACES: tuple[tuple[str, float], ...] = (
    ("WHITE", 0.62), ("BLACK/AFRICAN AMERICAN", 0.14), ("UNKNOWN", 0.05), ("HISPANIC/LATINO - PUERTO RICAN", 0.025),
    ("OTHER", 0.025), ("WHITE - OTHER EUROPEAN", 0.02), ("ASIAN", 0.015), ("ASIAN - CHINESE", 0.015),
    ("HISPANIC OR LATINO", 0.012), ("HISPANIC/LATINO - DOMINICAN", 0.012), ("WHITE - RUSSIAN", 0.012),
    ("BLACK/CAPE VERDEAN", 0.01), ("UNABLE TO OBTAIN", 0.01), ("PATIENT DECLINED TO ANSWER", 0.008),
    ("BLACK/CARIBBEAN ISLAND", 0.008), ("PORTUGUESE", 0.006), ("WHITE - BRAZILIAN", 0.006),
    ("HISPANIC/LATINO - SALVADORAN", 0.004), ("HISPANIC/LATINO - CUBAN", 0.003), ("ASIAN - SOUTH EAST ASIAN", 0.003),
    ("AMERICAN INDIAN/ALASKA NATIVE", 0.002),
)
LANGUAGES: tuple[tuple[str, float], ...] = (("ENGLISH", 0.91), ("?", 0.09))
MARITAL: tuple[tuple[str | None, float], ...] = (
    ("MARRIED", 0.42), ("SINGLE", 0.33), ("WIDOWED", 0.12), ("DIVORCED", 0.08), (None, 0.05),
)
# Under 65: mostly private ("Other") or Medicaid; from 65: mostly Medicare.
INSURANCE_YOUNG: tuple[tuple[str, float], ...] = (("Other", 0.68), ("Medicaid", 0.24), ("Medicare", 0.08))
INSURANCE_OLD: tuple[tuple[str, float], ...] = (("Medicare", 0.82), ("Other", 0.14), ("Medicaid", 0.04))

# anchor_year_group (real three-year window) and share of patients; MIMIC-IV v2.2 covers 2008-2019.
ANCHOR_YEAR_GROUPS: tuple[tuple[str, int, float], ...] = (
    ("2008 - 2010", 2008, 0.30), ("2011 - 2013", 2011, 0.27), ("2014 - 2016", 2014, 0.24),
    ("2017 - 2019", 2017, 0.19),
)
ICD10_START = "2015-10-01"   # US switch from ICD-9-CM to ICD-10-CM/PCS
EMAR_START = "2013-01-01"    # the hospital's eMAR went live around here; earlier admissions have no emar rows

# HCPCS: CPT codes (category 1, descriptions copyrighted: short_description is the CPT section, as in MIMIC)
# and Level II codes with their CMS descriptions. (code, category, long_description, short_description, tag)
# tag: the case / procedure key that bills it ("obs" for observation stays).
HCPCS: list[tuple] = [
    ("99218", 1, None, "Hospital observation services", "obs"),
    ("99219", 1, None, "Hospital observation services", "obs"),
    ("99220", 1, None, "Hospital observation services", "obs"),
    ("99217", 1, None, "Hospital observation services", "obs"),
    ("G0378", None, "Hospital observation service, per hour", "Hospital observation per hr", "obs"),
    ("93454", 1, None, "Cardiovascular", "left_heart_cath"),
    ("93458", 1, None, "Cardiovascular", "left_heart_cath"),
    ("92928", None, None, "Cardiovascular", "des"),
    ("C9600", None, "Percutaneous transcatheter placement of drug eluting intracoronary stent(s), with coronary "
     "angioplasty when performed; single major coronary artery or branch", "Perc drug-el cor stent sing", "des"),
    ("93306", 1, None, "Cardiovascular", "echo"),
    ("43239", 1, None, "Digestive system", "egd_biopsy"),
    ("43235", 1, None, "Digestive system", "egd"),
    ("45378", 1, None, "Digestive system", "colonoscopy"),
    ("49083", 1, None, "Digestive system", "paracentesis"),
    ("47562", 1, None, "Digestive system", "lap_chole"),
    ("32555", 1, None, "Respiratory system", "thoracentesis"),
    ("31622", 1, None, "Respiratory system", "bronchoscopy"),
    ("36556", 1, None, "Cardiovascular system", "cvc"),
    ("36620", 1, None, "Cardiovascular system", "arterial_line"),
    ("31500", 1, None, "Respiratory system", "intubation"),
    ("62270", 1, None, "Nervous system", "lumbar_puncture"),
    ("27447", 1, None, "Musculoskeletal system", "tkr"),
    ("27245", 1, None, "Musculoskeletal system", "orif_femur"),
    ("44160", 1, None, "Digestive system", "hemicolectomy"),
    ("33533", 1, None, "Cardiovascular system", "cabg"),
    ("33405", 1, None, "Cardiovascular system", "avr"),
    ("96413", 1, None, "Hydration,therapeutic,prophylactic,diagnostic injections and infusions,and "
     "chemotherapy and other highly complex drug or highly complex biologic agent administration", "chemo"),
    ("J1644", None, "Injection, heparin sodium, per 1000 units", "Inj heparin sodium per 1000u", None),
    ("J2250", None, "Injection, midazolam hydrochloride, per 1 mg", "Inj midazolam hydrochloride", None),
    ("J3010", None, "Injection, fentanyl citrate, 0.1 mg", "Fentanyl citrate injection", None),
    ("A0428", None, "Ambulance service, basic life support, non-emergency transport, (bls)", "Bls", None),
    ("G0390", None, "Trauma response team associated with hospital critical care service", "Trauma respons w/hosp criti",
     None),
]

# Microbiology. Specimens: (key, spec_itemid, spec_type_desc, test_itemid, test_name, positive_rate, tag, no_growth)
MICRO_SPECIMENS: list[tuple] = [
    ("blood", 70012, "BLOOD CULTURE", 90201, "Blood Culture, Routine", 0.12, "infection", "NO GROWTH."),
    ("urine", 70079, "URINE", 90039, "URINE CULTURE", 0.3, "infection", "NO GROWTH."),
    ("sputum", 70062, "SPUTUM", 90055, "RESPIRATORY CULTURE", 0.35, "pneumonia", "NO GROWTH."),
    ("mrsa", 70091, "MRSA SCREEN", 90189, "MRSA SCREEN", 0.1, "icu", "No MRSA isolated."),
    ("cdiff", 70064, "STOOL", 90221, "C. difficile PCR", 0.12, "diarrhea",
     "Negative for toxigenic C. difficile by the Illumigene DNA amplification assay."),
    ("wound", 70070, "SWAB", 90046, "WOUND CULTURE", 0.5, "cellulitis", "NO GROWTH."),
    ("peritoneal", 70053, "PERITONEAL FLUID", 90268, "FLUID CULTURE", 0.15, "ascites", "NO GROWTH."),
]
# Which organisms grow from which specimen: (specimen key, org_itemid, org_name, weight)
MICRO_ORGANISMS: list[tuple] = [
    ("blood", 80023, "STAPH AUREUS COAG +", 0.3), ("blood", 80002, "ESCHERICHIA COLI", 0.3),
    ("blood", 80155, "STAPHYLOCOCCUS, COAGULASE NEGATIVE", 0.25), ("blood", 80004, "KLEBSIELLA PNEUMONIAE", 0.15),
    ("urine", 80002, "ESCHERICHIA COLI", 0.5), ("urine", 80004, "KLEBSIELLA PNEUMONIAE", 0.15),
    ("urine", 80053, "ENTEROCOCCUS SP.", 0.15), ("urine", 80017, "PROTEUS MIRABILIS", 0.1),
    ("urine", 80026, "PSEUDOMONAS AERUGINOSA", 0.1),
    ("sputum", 80023, "STAPH AUREUS COAG +", 0.35), ("sputum", 80026, "PSEUDOMONAS AERUGINOSA", 0.3),
    ("sputum", 80004, "KLEBSIELLA PNEUMONIAE", 0.2), ("sputum", 80075, "YEAST", 0.15),
    ("mrsa", 80293, "POSITIVE FOR METHICILLIN RESISTANT STAPH AUREUS", 1.0),
    ("cdiff", 80139, "CLOSTRIDIUM DIFFICILE", 1.0),
    ("wound", 80023, "STAPH AUREUS COAG +", 0.6), ("wound", 80235, "STREPTOCOCCUS ANGINOSUS (MILLERI) GROUP", 0.4),
    ("peritoneal", 80002, "ESCHERICHIA COLI", 0.6), ("peritoneal", 80053, "ENTEROCOCCUS SP.", 0.4),
]
# Susceptibility panels: (org_itemid, ab_itemid, ab_name, resistant_rate, mic_sensitive, mic_resistant)
MICRO_SUSCEPTIBILITY: list[tuple] = [
    (80002, 90004, "AMPICILLIN", 0.5, 2, 32), (80002, 90022, "AMPICILLIN/SULBACTAM", 0.35, 2, 32),
    (80002, 90005, "CEFAZOLIN", 0.2, 1, 64), (80002, 90018, "CEFTRIAXONE", 0.12, 1, 64),
    (80002, 90028, "CEFEPIME", 0.08, 1, 64), (80002, 90019, "CIPROFLOXACIN", 0.25, 0.25, 4),
    (80002, 90012, "GENTAMICIN", 0.1, 1, 16), (80002, 90029, "MEROPENEM", 0.01, 0.25, 16),
    (80002, 90026, "PIPERACILLIN/TAZO", 0.06, 4, 128), (80002, 90008, "TRIMETHOPRIM/SULFA", 0.25, 1, 16),
    (80002, 90010, "NITROFURANTOIN", 0.03, 16, 256), (80002, 90013, "TOBRAMYCIN", 0.1, 1, 16),
    (80004, 90022, "AMPICILLIN/SULBACTAM", 0.2, 2, 32), (80004, 90005, "CEFAZOLIN", 0.15, 1, 64),
    (80004, 90018, "CEFTRIAXONE", 0.1, 1, 64), (80004, 90028, "CEFEPIME", 0.08, 1, 64),
    (80004, 90019, "CIPROFLOXACIN", 0.1, 0.25, 4), (80004, 90012, "GENTAMICIN", 0.05, 1, 16),
    (80004, 90029, "MEROPENEM", 0.02, 0.25, 16), (80004, 90026, "PIPERACILLIN/TAZO", 0.1, 4, 128),
    (80004, 90008, "TRIMETHOPRIM/SULFA", 0.15, 1, 16), (80004, 90013, "TOBRAMYCIN", 0.06, 1, 16),
    (80023, 90016, "OXACILLIN", 0.4, 0.5, 4), (80023, 90015, "VANCOMYCIN", 0.0, 1, 32),
    (80023, 90007, "CLINDAMYCIN", 0.25, 0.25, 8), (80023, 90006, "ERYTHROMYCIN", 0.5, 0.25, 8),
    (80023, 90011, "TETRACYCLINE", 0.08, 1, 16), (80023, 90008, "TRIMETHOPRIM/SULFA", 0.05, 0.5, 16),
    (80023, 90012, "GENTAMICIN", 0.03, 0.5, 16), (80023, 90027, "RIFAMPIN", 0.02, 0.5, 4),
    (80023, 90025, "LEVOFLOXACIN", 0.35, 0.25, 8),
    (80026, 90017, "CEFTAZIDIME", 0.15, 2, 32), (80026, 90028, "CEFEPIME", 0.15, 2, 32),
    (80026, 90019, "CIPROFLOXACIN", 0.2, 0.25, 4), (80026, 90012, "GENTAMICIN", 0.12, 1, 16),
    (80026, 90029, "MEROPENEM", 0.12, 0.5, 16), (80026, 90026, "PIPERACILLIN/TAZO", 0.15, 8, 128),
    (80026, 90013, "TOBRAMYCIN", 0.08, 1, 16),
    (80053, 90004, "AMPICILLIN", 0.15, 2, 32), (80053, 90015, "VANCOMYCIN", 0.2, 1, 32),
    (80053, 90010, "NITROFURANTOIN", 0.05, 16, 256), (80053, 90003, "PENICILLIN G", 0.2, 2, 16),
    (80017, 90004, "AMPICILLIN", 0.2, 2, 32), (80017, 90018, "CEFTRIAXONE", 0.05, 1, 64),
    (80017, 90008, "TRIMETHOPRIM/SULFA", 0.2, 1, 16), (80017, 90012, "GENTAMICIN", 0.05, 1, 16),
    (80155, 90016, "OXACILLIN", 0.6, 0.25, 4), (80155, 90015, "VANCOMYCIN", 0.0, 1, 32),
    (80155, 90007, "CLINDAMYCIN", 0.3, 0.25, 8),
]

# Non-medication provider orders: (order_type, order_subtype, per_admission, per_day, detail field, detail values)
# per_admission orders are placed at admission; per_day ones spread over the stay. Lab orders are added
# separately, one per lab draw; ADT orders come from the transfers.
POE_ORDERS: list[tuple] = [
    ("General Care", "Vitals/Monitoring", 1, 0.5, None, None),
    ("General Care", "Activity", 1, 0.4, None, None),
    ("General Care", "Other", 1, 1.2, None, None),
    ("General Care", "Tubes/Drains", 0, 0.6, "Tubes & Drains type", (("Indwelling urinary catheter (IUC) - Foley", 0.8),
     ("Chest tube", 0.06), ("NGT", 0.06), ("Closed suction drain", 0.05), ("Fecal Management System, Flexiseal", 0.03))),
    ("General Care", "Telemetry", 0.5, 0.3, None, None),
    ("General Care", "Restraints", 0, 0.16, None, None),
    ("General Care", "Therapeutic devices/DVT/Prophylaxis", 0.5, 0.04, None, None),
    ("General Care", "Wound Care", 0, 0.1, None, None),
    ("IV therapy", "IV fluids", 0.5, 0.8, "Indication", (("Hydration", 0.6), ("Antibiotics", 0.4))),
    ("IV therapy", "IV access", 0.8, 0.2, None, None),
    ("Radiology", "General Xray", 0.6, 0.6, None, None),
    ("Radiology", "CT Scan", 0.3, 0.16, None, None),
    ("Nutrition", "Diet Order", 1, 0.6, None, None),
    ("Nutrition", "NPO/Diet for Procedure", 0, 0.14, None, None),
    ("Blood Bank", "Blood tests", 0.4, 0.16, None, None),
    ("Consults", "Physical Therapy", 0, 0.12, "Consult Status", (("Accepted", 1.0),)),
    ("Cardiology", "ECG", 0.5, 0.1, None, None),
]
# Code status orders and their poe_detail values (DNR patients get the second group).
CODE_STATUS_FULL: tuple[tuple[str, float], ...] = (
    ("Resuscitate (Full code)", 0.8), ("Full code  (attempt resuscitation)", 0.2),
)
CODE_STATUS_DNR: tuple[tuple[str, float], ...] = (
    ("Do not resuscitate (DNR/DNI)", 0.65), ("DNAR (DO NOT attempt resuscitation for cardiac arrest)", 0.35),
)

# Outpatient measurements (omr.result_name) recorded at clinic visits.
OMR_RESULTS: tuple[str, ...] = ("Blood Pressure", "Weight (Lbs)", "BMI (kg/m2)", "Height (Inches)")
