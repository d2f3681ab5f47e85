"""Case types: the reason for one hospital admission, and everything that follows from it.

A case type fixes the principal diagnosis (seq_num 1), the likely secondary
problems and procedures, the hospital service and care units, how often the
patient goes to an ICU or dies, the DRGs billed and a few physiological
offsets used for vital signs and labs. Weights approximate the mix of a
tertiary-care hospital like the Beth Israel Deaconess Medical Center.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    key: str
    weight: float
    principal: str                        # key in icd.PRINCIPAL (or an ACUTE/CHRONIC key)
    profile: str                          # emergency | elective | observation | transfer
    service: str                          # services.curr_service
    ward: str                             # transfers.careunit of the ward part
    icu: tuple[tuple[str, float], ...]    # ICU care units and their weights
    icu_p: float                          # probability of an ICU stay
    death_p: float                        # in-hospital mortality at average severity and age
    ward_days: float                      # median ward length of stay (days)
    drg_ms: tuple[tuple[str, str], ...]   # MS-DRG (code, description): with MCC, with CC, without
    drg_apr: tuple[str, str]              # APR-DRG (code, description)
    secondary: dict[str, float] = field(default_factory=dict)   # diagnosis key -> probability
    procedures: dict[str, float] = field(default_factory=dict)  # procedure key -> probability
    surgery: bool = False                 # goes through the OR and PACU
    infection: bool = False               # cultures drawn, antibiotics, fever
    hr: float = 0.0                       # shifts of the ICU vital signs (bpm, mmHg, degF, %, /min)
    map: float = 0.0
    temp: float = 0.0
    spo2: float = 0.0
    rr: float = 0.0


_MICU = (("Medical Intensive Care Unit (MICU)", 0.65), ("Medical/Surgical Intensive Care Unit (MICU/SICU)", 0.35))
_CCU = (("Coronary Care Unit (CCU)", 0.8), ("Cardiac Vascular Intensive Care Unit (CVICU)", 0.2))
_CVICU = (("Cardiac Vascular Intensive Care Unit (CVICU)", 1.0),)
_SICU = (("Surgical Intensive Care Unit (SICU)", 0.7), ("Medical/Surgical Intensive Care Unit (MICU/SICU)", 0.3))
_NEURO = (("Neuro Surgical Intensive Care Unit (Neuro SICU)", 0.6), ("Neuro Intermediate", 0.2),
          ("Neuro Stepdown", 0.2))
_TSICU = (("Trauma SICU (TSICU)", 1.0),)

CASES: tuple[Case, ...] = (
    Case("sepsis", 7, "sepsis", "emergency", "MED", "Medicine", _MICU, 0.62, 0.15, 4.5,
         (("871", "SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC"),
          ("872", "SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W/O MCC")),
         ("720", "SEPTICEMIA & DISSEMINATED INFECTIONS"),
         {"severe_sepsis": 0.5, "septic_shock": 0.3, "aki": 0.45, "uti": 0.35, "hypotension": 0.3, "acidosis": 0.3,
          "thrombocytopenia": 0.2, "resp_failure": 0.15, "fever": 0.2, "leukocytosis": 0.1, "hypokalemia": 0.15},
         {"cvc": 0.45, "arterial_line": 0.3, "intubation": 0.15, "vent_short": 0.12, "vent_long": 0.06, "prbc": 0.1},
         infection=True, hr=22, map=-14, temp=1.6, spo2=-1.5, rr=5),
    Case("ecoli_sepsis", 2, "ecoli_sepsis", "emergency", "MED", "Medicine", _MICU, 0.55, 0.10, 4.5,
         (("871", "SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC"),
          ("872", "SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W/O MCC")),
         ("720", "SEPTICEMIA & DISSEMINATED INFECTIONS"),
         {"severe_sepsis": 0.5, "septic_shock": 0.2, "aki": 0.4, "uti": 0.6, "hypotension": 0.25, "acidosis": 0.2},
         {"cvc": 0.35, "arterial_line": 0.2},
         infection=True, hr=20, map=-12, temp=1.8, spo2=-1, rr=4),
    Case("pneumonia", 7, "pneumonia", "emergency", "MED", "Medicine", _MICU, 0.30, 0.06, 4.0,
         (("193", "SIMPLE PNEUMONIA & PLEURISY W MCC"), ("194", "SIMPLE PNEUMONIA & PLEURISY W CC"),
          ("195", "SIMPLE PNEUMONIA & PLEURISY W/O CC/MCC")),
         ("139", "OTHER PNEUMONIA"),
         {"resp_failure": 0.25, "hypoxemia": 0.3, "pleural_effusion": 0.15, "hyponatremia": 0.15, "aki": 0.15,
          "fever": 0.2},
         {"intubation": 0.1, "vent_short": 0.08, "bronchoscopy": 0.05, "thoracentesis": 0.05},
         infection=True, hr=14, map=-4, temp=1.2, spo2=-4, rr=6),
    Case("acute_chf", 7, "acute_chf", "emergency", "CMED", "Medicine/Cardiology", _CCU, 0.25, 0.05, 4.5,
         (("291", "HEART FAILURE & SHOCK W MCC"), ("292", "HEART FAILURE & SHOCK W CC"),
          ("293", "HEART FAILURE & SHOCK W/O CC/MCC")),
         ("194", "HEART FAILURE"),
         {"chf": 1.0, "aki": 0.35, "hyponatremia": 0.2, "pleural_effusion": 0.25, "hypoxemia": 0.2,
          "cardiogenic_shock": 0.05, "hyperkalemia": 0.08},
         {"left_heart_cath": 0.1, "echo": 0.3, "cvc": 0.1},
         hr=8, map=-2, spo2=-3, rr=4),
    Case("nstemi", 5, "nstemi", "emergency", "CMED", "Medicine/Cardiology", _CCU, 0.35, 0.04, 3.0,
         (("280", "ACUTE MYOCARDIAL INFARCTION, DISCHARGED ALIVE W MCC"),
          ("281", "ACUTE MYOCARDIAL INFARCTION, DISCHARGED ALIVE W CC"),
          ("282", "ACUTE MYOCARDIAL INFARCTION, DISCHARGED ALIVE W/O CC/MCC")),
         ("190", "ACUTE MYOCARDIAL INFARCTION"),
         {"cad": 1.0, "chf": 0.25, "aki": 0.15, "cardiogenic_shock": 0.04},
         {"left_heart_cath": 0.75, "coronary_angio": 0.7, "des": 0.5, "echo": 0.4},
         hr=6, map=2),
    Case("cabg", 4, "cad", "elective", "CSURG", "Cardiac Surgery", _CVICU, 0.97, 0.02, 4.0,
         (("235", "CORONARY BYPASS W/O CARDIAC CATH W MCC"), ("236", "CORONARY BYPASS W/O CARDIAC CATH W/O MCC")),
         ("166", "CORONARY BYPASS W/O AMI OR COMPLEX PDX"),
         {"old_mi": 0.3, "blood_loss_anemia": 0.4, "afib": 0.25, "pleural_effusion": 0.15, "hypotension": 0.2},
         {"cabg": 0.85, "lima": 0.9, "cpb": 0.95, "intubation": 0.2, "vent_short": 0.3, "prbc": 0.35,
          "cvc": 0.5, "arterial_line": 0.4, "echo": 0.5},
         surgery=True, hr=6, map=-6, temp=-0.6),
    Case("avr", 1.5, "aortic_stenosis", "elective", "CSURG", "Cardiac Surgery", _CVICU, 0.95, 0.03, 4.5,
         (("219", "CARDIAC VALVE & OTH MAJ CARDIOTHORACIC PROC W/O CARD CATH W MCC"),
          ("220", "CARDIAC VALVE & OTH MAJ CARDIOTHORACIC PROC W/O CARD CATH W CC"),
          ("221", "CARDIAC VALVE & OTH MAJ CARDIOTHORACIC PROC W/O CARD CATH W/O CC/MCC")),
         ("163", "CARDIAC VALVE PROCEDURES W/O AMI OR COMPLEX PDX"),
         {"blood_loss_anemia": 0.35, "afib": 0.3, "chf": 0.2},
         {"avr": 1.0, "cpb": 0.95, "vent_short": 0.3, "prbc": 0.3, "cvc": 0.5, "echo": 0.7},
         surgery=True, hr=4, map=-5, temp=-0.6),
    Case("gi_bleed", 5, "gi_bleed", "emergency", "MED", "Medicine", _MICU, 0.30, 0.04, 3.5,
         (("377", "G.I. HEMORRHAGE W MCC"), ("378", "G.I. HEMORRHAGE W CC"), ("379", "G.I. HEMORRHAGE W/O CC/MCC")),
         ("253", "OTHER & UNSPECIFIED GASTROINTESTINAL HEMORRHAGE"),
         {"blood_loss_anemia": 0.8, "coagulopathy": 0.1, "aki": 0.15, "hypotension": 0.15},
         {"egd": 0.6, "egd_biopsy": 0.25, "colonoscopy": 0.3, "prbc": 0.6, "platelets": 0.05},
         hr=14, map=-8),
    Case("copd_exac", 3, "copd_exac", "emergency", "MED", "Medicine", _MICU, 0.18, 0.03, 3.5,
         (("190", "CHRONIC OBSTRUCTIVE PULMONARY DISEASE W MCC"), ("191", "CHRONIC OBSTRUCTIVE PULMONARY DISEASE W CC"),
          ("192", "CHRONIC OBSTRUCTIVE PULMONARY DISEASE W/O CC/MCC")),
         ("140", "CHRONIC OBSTRUCTIVE PULMONARY DISEASE"),
         {"tobacco_hx": 0.8, "resp_failure": 0.2, "hypoxemia": 0.35},
         {"intubation": 0.05, "vent_short": 0.05},
         hr=10, spo2=-4, rr=6),
    Case("stroke", 4, "stroke", "emergency", "NMED", "Neurology", _NEURO, 0.35, 0.08, 4.0,
         (("064", "INTRACRANIAL HEMORRHAGE OR CEREBRAL INFARCTION W MCC"),
          ("065", "INTRACRANIAL HEMORRHAGE OR CEREBRAL INFARCTION W CC OR TPA IN 24 HRS"),
          ("066", "INTRACRANIAL HEMORRHAGE OR CEREBRAL INFARCTION W/O CC/MCC")),
         ("045", "CVA & PRECEREBRAL OCCLUSION W INFARCT"),
         {"htn": 0.7, "afib": 0.3, "altered_mental": 0.2},
         {"tpa": 0.1, "echo": 0.5, "peg": 0.05},
         map=12),
    Case("ich", 1.5, "ich", "emergency", "NSURG", "Neurology", _NEURO, 0.85, 0.22, 5.0,
         (("064", "INTRACRANIAL HEMORRHAGE OR CEREBRAL INFARCTION W MCC"),
          ("065", "INTRACRANIAL HEMORRHAGE OR CEREBRAL INFARCTION W CC OR TPA IN 24 HRS")),
         ("044", "INTRACRANIAL HEMORRHAGE"),
         {"htn": 0.8, "altered_mental": 0.3, "resp_failure": 0.15},
         {"intubation": 0.3, "vent_short": 0.25, "craniotomy": 0.15, "arterial_line": 0.4},
         map=18, hr=-4),
    Case("aki", 3, "aki", "emergency", "MED", "Medicine", _MICU, 0.15, 0.04, 4.0,
         (("682", "RENAL FAILURE W MCC"), ("683", "RENAL FAILURE W CC"), ("684", "RENAL FAILURE W/O CC/MCC")),
         ("460", "RENAL FAILURE"),
         {"hyperkalemia": 0.3, "acidosis": 0.3, "dehydration": 0.3, "ckd": 0.4},
         {"hemodialysis": 0.12, "cvc": 0.1}),
    Case("pyelo", 3, "pyelo", "emergency", "MED", "Medicine", _MICU, 0.08, 0.01, 3.0,
         (("689", "KIDNEY & URINARY TRACT INFECTIONS W MCC"), ("690", "KIDNEY & URINARY TRACT INFECTIONS W/O MCC")),
         ("463", "KIDNEY & URINARY TRACT INFECTIONS"),
         {"uti": 0.3, "aki": 0.2, "dehydration": 0.2, "fever": 0.3},
         {},
         infection=True, hr=10, temp=1.4),
    Case("cellulitis", 2.5, "cellulitis", "emergency", "MED", "Medicine", _MICU, 0.05, 0.005, 3.5,
         (("602", "CELLULITIS W MCC"), ("603", "CELLULITIS W/O MCC")),
         ("383", "CELLULITIS & OTHER SKIN INFECTIONS"),
         {"dm2": 0.3, "obesity": 0.3, "pvd": 0.1},
         {},
         infection=True, temp=0.8, hr=6),
    Case("hip_fracture", 2, "hip_fracture", "emergency", "ORTHO", "Med/Surg/Trauma", _SICU, 0.10, 0.03, 4.5,
         (("480", "HIP & FEMUR PROCEDURES EXCEPT MAJOR JOINT W MCC"),
          ("481", "HIP & FEMUR PROCEDURES EXCEPT MAJOR JOINT W CC"),
          ("482", "HIP & FEMUR PROCEDURES EXCEPT MAJOR JOINT W/O CC/MCC")),
         ("308", "HIP & FEMUR PROCEDURES FOR TRAUMA EXCEPT JOINT REPLACEMENT"),
         {"osteoporosis": 0.4, "blood_loss_anemia": 0.35, "delirium": 0.15},
         {"orif_femur": 0.9, "prbc": 0.25},
         surgery=True),
    Case("tkr", 2, "knee_oa", "elective", "ORTHO", "Med/Surg", _SICU, 0.02, 0.001, 2.0,
         (("469", "MAJOR JOINT REPLACEMENT OR REATTACHMENT OF LOWER EXTREMITY W MCC"),
          ("470", "MAJOR JOINT REPLACEMENT OR REATTACHMENT OF LOWER EXTREMITY W/O MCC")),
         ("302", "KNEE JOINT REPLACEMENT"),
         {"obesity": 0.35, "osa": 0.15},
         {"tkr": 1.0},
         surgery=True),
    Case("cholecystitis", 2, "cholecystitis", "emergency", "SURG", "Med/Surg", _SICU, 0.07, 0.01, 2.5,
         (("417", "LAPAROSCOPIC CHOLECYSTECTOMY W/O C.D.E. W MCC"), ("418", "LAPAROSCOPIC CHOLECYSTECTOMY W/O C.D.E. W CC"),
          ("419", "LAPAROSCOPIC CHOLECYSTECTOMY W/O C.D.E. W/O CC/MCC")),
         ("263", "LAPAROSCOPIC CHOLECYSTECTOMY"),
         {"nausea_vomiting": 0.3},
         {"lap_chole": 0.9},
         surgery=True, infection=True, temp=0.6),
    Case("bowel_obstruction", 2, "bowel_obstruction", "emergency", "SURG", "Med/Surg", _SICU, 0.10, 0.02, 4.0,
         (("388", "G.I. OBSTRUCTION W MCC"), ("389", "G.I. OBSTRUCTION W CC"), ("390", "G.I. OBSTRUCTION W/O CC/MCC")),
         ("247", "INTESTINAL OBSTRUCTION"),
         {"nausea_vomiting": 0.5, "hypokalemia": 0.3, "dehydration": 0.3},
         {"tpn": 0.1}),
    Case("colectomy", 1.5, "cecum_cancer", "elective", "SURG", "Med/Surg", _SICU, 0.20, 0.02, 5.0,
         (("329", "MAJOR SMALL & LARGE BOWEL PROCEDURES W MCC"), ("330", "MAJOR SMALL & LARGE BOWEL PROCEDURES W CC"),
          ("331", "MAJOR SMALL & LARGE BOWEL PROCEDURES W/O CC/MCC")),
         ("221", "MAJOR SMALL & LARGE BOWEL PROCEDURES"),
         {"blood_loss_anemia": 0.3, "malnutrition": 0.15},
         {"hemicolectomy": 1.0, "prbc": 0.15, "tpn": 0.1},
         surgery=True),
    Case("pancreatitis", 2, "pancreatitis", "emergency", "MED", "Medicine", _MICU, 0.15, 0.03, 4.0,
         (("438", "DISORDERS OF PANCREAS EXCEPT MALIGNANCY W MCC"), ("439", "DISORDERS OF PANCREAS EXCEPT MALIGNANCY W CC"),
          ("440", "DISORDERS OF PANCREAS EXCEPT MALIGNANCY W/O CC/MCC")),
         ("282", "DISORDERS OF PANCREAS EXCEPT MALIGNANCY"),
         {"alcohol_abuse": 0.4, "nausea_vomiting": 0.4, "hypokalemia": 0.2, "aki": 0.1},
         {},
         hr=10, temp=0.5),
    Case("etoh_withdrawal", 2, "etoh_withdrawal", "emergency", "MED", "Medicine", _MICU, 0.25, 0.01, 3.0,
         (("896", "ALCOHOL/DRUG ABUSE OR DEPENDENCE W/O REHABILITATION THERAPY W MCC"),
          ("897", "ALCOHOL/DRUG ABUSE OR DEPENDENCE W/O REHABILITATION THERAPY W/O MCC")),
         ("775", "ALCOHOL ABUSE & DEPENDENCE"),
         {"tobacco_hx": 0.5, "hypokalemia": 0.2, "thrombocytopenia": 0.2, "delirium": 0.15},
         {},
         hr=18, map=8, temp=0.4),
    Case("dka", 1.5, "dka", "emergency", "MED", "Medicine", _MICU, 0.60, 0.01, 2.5,
         (("637", "DIABETES W MCC"), ("638", "DIABETES W CC"), ("639", "DIABETES W/O CC/MCC")),
         ("420", "DIABETES"),
         {"acidosis": 0.7, "dehydration": 0.5, "hyperkalemia": 0.25, "aki": 0.3},
         {},
         hr=16, rr=8),
    Case("chest_pain", 5, "chest_pain", "observation", "CMED", "Medicine/Cardiology", _CCU, 0.01, 0.0005, 1.0,
         (("313", "CHEST PAIN"),),
         ("203", "CHEST PAIN"),
         {"htn": 0.5, "hld": 0.4},
         {}),
    Case("syncope", 2.5, "syncope", "observation", "MED", "Medicine", _MICU, 0.03, 0.002, 1.5,
         (("312", "SYNCOPE & COLLAPSE"),),
         ("204", "SYNCOPE & COLLAPSE"),
         {"dehydration": 0.2},
         {"echo": 0.3}),
    Case("afib_rvr", 2.5, "afib", "emergency", "CMED", "Medicine/Cardiology", _CCU, 0.10, 0.01, 2.5,
         (("308", "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS W MCC"),
          ("309", "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS W CC"),
          ("310", "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS W/O CC/MCC")),
         ("201", "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS"),
         {"anticoag_use": 0.5, "chf": 0.25},
         {"echo": 0.4},
         hr=30),
    Case("aml", 1.5, "aml", "transfer", "OMED", "Hematology/Oncology", _MICU, 0.20, 0.10, 8.0,
         (("834", "ACUTE LEUKEMIA W/O MAJOR O.R. PROCEDURE W MCC"), ("835", "ACUTE LEUKEMIA W/O MAJOR O.R. PROCEDURE W CC"),
          ("836", "ACUTE LEUKEMIA W/O MAJOR O.R. PROCEDURE W/O CC/MCC")),
         ("690", "ACUTE LEUKEMIA"),
         {"thrombocytopenia": 0.8, "anemia": 0.6, "fever": 0.4, "malnutrition": 0.2},
         {"chemo": 0.8, "prbc": 0.6, "platelets": 0.6, "cvc": 0.6},
         infection=True, temp=0.8, hr=8),
    Case("lung_cancer", 1.5, "lung_cancer", "emergency", "OMED", "Hematology/Oncology", _MICU, 0.15, 0.12, 5.0,
         (("180", "RESPIRATORY NEOPLASMS W MCC"), ("181", "RESPIRATORY NEOPLASMS W CC"),
          ("182", "RESPIRATORY NEOPLASMS W/O CC/MCC")),
         ("136", "RESPIRATORY MALIGNANCY"),
         {"pleural_effusion": 0.4, "tobacco_hx": 0.8, "hypoxemia": 0.3, "palliative": 0.2, "malnutrition": 0.2},
         {"thoracentesis": 0.3, "bronchoscopy": 0.2, "chemo": 0.2},
         spo2=-3, rr=3),
    Case("subdural", 1.5, "subdural", "emergency", "TRAUM", "Med/Surg/Trauma", _TSICU, 0.70, 0.10, 4.0,
         (("082", "INTRACRANIAL INJURY W LOSS OF CONSCIOUSNESS >1 HR W MCC"),
          ("085", "INTRACRANIAL INJURY W LOSS OF CONSCIOUSNESS <1 HR W MCC"),
          ("086", "INTRACRANIAL INJURY W LOSS OF CONSCIOUSNESS <1 HR W CC")),
         ("055", "HEAD TRAUMA W COMA >1 HR OR HEMORRHAGE"),
         {"altered_mental": 0.3, "anticoag_use": 0.2},
         {"craniotomy": 0.3, "intubation": 0.2, "vent_short": 0.15, "arterial_line": 0.4},
         map=10),
    Case("etoh_cirrhosis", 1.5, "etoh_cirrhosis", "emergency", "MED", "Medicine", _MICU, 0.25, 0.10, 5.0,
         (("432", "CIRRHOSIS & ALCOHOLIC HEPATITIS W MCC"), ("433", "CIRRHOSIS & ALCOHOLIC HEPATITIS W CC"),
          ("434", "CIRRHOSIS & ALCOHOLIC HEPATITIS W/O CC/MCC")),
         ("280", "ALCOHOLIC LIVER DISEASE"),
         {"ascites": 0.6, "alcohol_abuse": 0.7, "thrombocytopenia": 0.5, "coagulopathy": 0.4, "hyponatremia": 0.4,
          "aki": 0.3},
         {"paracentesis": 0.6, "egd": 0.2},
         map=-8),
    Case("pe", 1.5, "pe", "emergency", "MED", "Medicine", _MICU, 0.20, 0.04, 3.5,
         (("175", "PULMONARY EMBOLISM W MCC"), ("176", "PULMONARY EMBOLISM W/O MCC")),
         ("134", "PULMONARY EMBOLISM"),
         {"hypoxemia": 0.4, "dvt_hx": 0.3},
         {"echo": 0.4},
         hr=18, spo2=-4, rr=6),
    Case("overdose", 1, "overdose", "emergency", "MED", "Medicine", _MICU, 0.50, 0.02, 2.0,
         (("917", "POISONING & TOXIC EFFECTS OF DRUGS W MCC"), ("918", "POISONING & TOXIC EFFECTS OF DRUGS W/O MCC")),
         ("812", "POISONING OF MEDICINAL AGENTS"),
         {"depression": 0.5, "altered_mental": 0.4, "resp_failure": 0.2},
         {"intubation": 0.2, "vent_short": 0.18},
         rr=-4, spo2=-2),
    Case("resp_failure", 2, "resp_failure", "emergency", "MED", "Medicine", _MICU, 0.92, 0.20, 4.0,
         (("207", "RESPIRATORY SYSTEM DIAGNOSIS W VENTILATOR SUPPORT >96 HOURS"),
          ("208", "RESPIRATORY SYSTEM DIAGNOSIS W VENTILATOR SUPPORT <=96 HOURS"),
          ("189", "PULMONARY EDEMA & RESPIRATORY FAILURE")),
         ("133", "RESPIRATORY FAILURE"),
         {"hypoxemia": 0.5, "pneumonia": 0.3, "acidosis": 0.3, "copd": 0.3},
         {"intubation": 0.8, "vent_short": 0.5, "vent_long": 0.35, "cvc": 0.5, "arterial_line": 0.5,
          "bronchoscopy": 0.1, "enteral_nutrition": 0.3},
         hr=14, map=-6, spo2=-5, rr=8),
    Case("depression", 1, "major_depression", "emergency", "PSYCH", "Psychiatry", _MICU, 0.0, 0.0, 6.0,
         (("885", "PSYCHOSES"),),
         ("751", "MAJOR DEPRESSIVE DISORDERS & OTHER/UNSPECIFIED PSYCHOSES"),
         {"anxiety": 0.5, "tobacco_hx": 0.4},
         {}),
)

# Admission types (MIMIC-IV v2.2 values) per case profile, with the share arriving through the ED,
# a length-of-stay factor and where the patient comes from.
ADMISSION_TYPES: dict[str, tuple[tuple[str, float], ...]] = {
    "emergency": (("EW EMER.", 0.58), ("URGENT", 0.12), ("OBSERVATION ADMIT", 0.17), ("DIRECT EMER.", 0.08),
                  ("EU OBSERVATION", 0.05)),
    "elective": (("SURGICAL SAME DAY ADMISSION", 0.6), ("ELECTIVE", 0.4)),
    "observation": (("EU OBSERVATION", 0.45), ("OBSERVATION ADMIT", 0.3), ("DIRECT OBSERVATION", 0.12),
                    ("AMBULATORY OBSERVATION", 0.08), ("EW EMER.", 0.05)),
    "transfer": (("URGENT", 0.6), ("EW EMER.", 0.25), ("ELECTIVE", 0.15)),
}

# admission_type -> (probability of an ED visit first, [(admission_location, weight)])
ADMISSION_LOCATIONS: dict[str, tuple[float, tuple[tuple[str, float], ...]]] = {
    "EW EMER.": (0.95, (("EMERGENCY ROOM", 0.88), ("WALK-IN/SELF REFERRAL", 0.05), ("TRANSFER FROM HOSPITAL", 0.04),
                        ("TRANSFER FROM SKILLED NURSING FACILITY", 0.03))),
    "URGENT": (0.2, (("TRANSFER FROM HOSPITAL", 0.65), ("PHYSICIAN REFERRAL", 0.25), ("CLINIC REFERRAL", 0.1))),
    "OBSERVATION ADMIT": (0.9, (("EMERGENCY ROOM", 0.8), ("PHYSICIAN REFERRAL", 0.12), ("WALK-IN/SELF REFERRAL", 0.08))),
    "DIRECT EMER.": (0.25, (("PHYSICIAN REFERRAL", 0.6), ("CLINIC REFERRAL", 0.3), ("TRANSFER FROM HOSPITAL", 0.1))),
    "EU OBSERVATION": (1.0, (("EMERGENCY ROOM", 1.0),)),
    "SURGICAL SAME DAY ADMISSION": (0.0, (("PHYSICIAN REFERRAL", 1.0),)),
    "ELECTIVE": (0.0, (("PHYSICIAN REFERRAL", 0.85), ("CLINIC REFERRAL", 0.1), ("INFORMATION NOT AVAILABLE", 0.05))),
    "DIRECT OBSERVATION": (0.05, (("PHYSICIAN REFERRAL", 0.7), ("CLINIC REFERRAL", 0.3))),
    "AMBULATORY OBSERVATION": (0.0, (("PROCEDURE SITE", 0.6), ("PACU", 0.4))),
}

# Where patients go when they leave alive (MIMIC-IV values); NULL is common in the real data.
DISCHARGE_LOCATIONS: tuple[tuple[str | None, float], ...] = (
    ("HOME", 0.30), ("HOME HEALTH CARE", 0.27), (None, 0.14), ("SKILLED NURSING FACILITY", 0.14), ("REHAB", 0.05),
    ("CHRONIC/LONG TERM ACUTE CARE", 0.03), ("HOSPICE", 0.02), ("AGAINST ADVICE", 0.015), ("PSYCH FACILITY", 0.01),
    ("ACUTE HOSPITAL", 0.01), ("ASSISTED LIVING", 0.015),
)

# A second hospital service some patients move to part-way (services.prev_service -> curr_service).
SECOND_SERVICE: dict[str, str] = {
    "MED": "CMED", "CMED": "MED", "CSURG": "CMED", "SURG": "MED", "NMED": "MED", "NSURG": "NMED", "ORTHO": "MED",
    "TRAUM": "SURG", "OMED": "MED", "PSYCH": "MED",
}
# Ward care unit of a service (for the ward after a service change).
SERVICE_WARD: dict[str, str] = {
    "MED": "Medicine", "CMED": "Medicine/Cardiology", "CSURG": "Cardiac Surgery", "SURG": "Med/Surg",
    "NMED": "Neurology", "NSURG": "Neurology", "ORTHO": "Med/Surg", "TRAUM": "Med/Surg/Trauma",
    "OMED": "Hematology/Oncology", "PSYCH": "Psychiatry",
}
