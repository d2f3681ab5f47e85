"""Built-in laboratory vocabulary: the most frequent MIMIC-IV lab tests, how they are ordered and distributed.

Item ids, labels, fluids, categories and units are MIMIC-IV's (d_labitems); the
reference ranges are the hospital's usual ones; the value distributions
approximate inpatients (medians and spreads as seen in MIMIC-IV), so a realistic
share of results falls outside the range and gets flag = 'abnormal'.
"""

from __future__ import annotations

# (itemid, label, fluid, category, valueuom, ref_lower, ref_upper, dist, center, spread, decimals, clip_lo,
#  clip_hi, group)
#   dist: "n" normal(center, spread) | "l" lognormal(median=center, log-sd=spread) | "t" text (TEXT_VALUES)
#   group: items of one specimen with the same group share their within-draw noise (Hgb/Hct/RBC move together).
LAB_ITEMS: list[tuple] = [
    # Chemistry: basic metabolic panel
    (50983, "Sodium", "Blood", "Chemistry", "mEq/L", 133, 145, "n", 138, 4.0, 0, 110, 170, 0),
    (50971, "Potassium", "Blood", "Chemistry", "mEq/L", 3.3, 5.1, "n", 4.1, 0.38, 1, 2.0, 8.0, 0),
    (50902, "Chloride", "Blood", "Chemistry", "mEq/L", 96, 108, "n", 102, 5.0, 0, 75, 130, 0),
    (50882, "Bicarbonate", "Blood", "Chemistry", "mEq/L", 22, 32, "n", 25, 3.8, 0, 5, 45, 0),
    (51006, "Urea Nitrogen", "Blood", "Chemistry", "mg/dL", 6, 20, "l", 15, 0.6, 0, 2, 200, 0),
    (50912, "Creatinine", "Blood", "Chemistry", "mg/dL", 0.5, 1.2, "l", 0.95, 0.42, 1, 0.2, 15, 0),
    (50931, "Glucose", "Blood", "Chemistry", "mg/dL", 70, 100, "l", 120, 0.3, 0, 30, 900, 0),
    (50868, "Anion Gap", "Blood", "Chemistry", "mEq/L", 8, 20, "n", 14, 3.0, 0, 3, 45, 0),
    (50960, "Magnesium", "Blood", "Chemistry", "mg/dL", 1.6, 2.6, "n", 2.0, 0.28, 1, 0.6, 5.0, 0),
    (50893, "Calcium, Total", "Blood", "Chemistry", "mg/dL", 8.4, 10.3, "n", 8.6, 0.7, 1, 5.0, 14.0, 0),
    (50970, "Phosphate", "Blood", "Chemistry", "mg/dL", 2.7, 4.5, "l", 3.4, 0.3, 1, 0.5, 15.0, 0),
    # Chemistry: liver panel and others
    (50861, "Alanine Aminotransferase (ALT)", "Blood", "Chemistry", "IU/L", 0, 40, "l", 26, 0.8, 0, 3, 5000, 0),
    (50878, "Asparate Aminotransferase (AST)", "Blood", "Chemistry", "IU/L", 0, 40, "l", 32, 0.8, 0, 5, 8000, 0),
    (50863, "Alkaline Phosphatase", "Blood", "Chemistry", "IU/L", 35, 130, "l", 90, 0.5, 0, 15, 2000, 0),
    (50885, "Bilirubin, Total", "Blood", "Chemistry", "mg/dL", 0, 1.5, "l", 0.6, 0.75, 1, 0.1, 40, 0),
    (50862, "Albumin", "Blood", "Chemistry", "g/dL", 3.5, 5.2, "n", 3.5, 0.6, 1, 1.0, 5.5, 0),
    (50954, "Lactate Dehydrogenase (LD)", "Blood", "Chemistry", "IU/L", 94, 250, "l", 260, 0.5, 0, 80, 5000, 0),
    (50956, "Lipase", "Blood", "Chemistry", "IU/L", 0, 60, "l", 32, 0.8, 0, 3, 5000, 0),
    (51003, "Troponin T", "Blood", "Chemistry", "ng/mL", 0, 0.01, "l", 0.02, 1.2, 2, 0.01, 25, 0),
    (50910, "Creatine Kinase (CK)", "Blood", "Chemistry", "IU/L", 29, 322, "l", 110, 1.0, 0, 10, 50000, 0),
    (50911, "Creatine Kinase, MB Isoenzyme", "Blood", "Chemistry", "ng/mL", 0, 10, "l", 3, 0.9, 0, 1, 500, 0),
    (50963, "NTproBNP", "Blood", "Chemistry", "pg/mL", 0, 353, "l", 900, 1.3, 0, 10, 70000, 0),
    (50993, "Thyroid Stimulating Hormone", "Blood", "Chemistry", "uIU/mL", 0.27, 4.2, "l", 1.9, 0.7, 2, 0.01, 100, 0),
    (50852, "% Hemoglobin A1c", "Blood", "Chemistry", "%", 4.0, 6.0, "l", 5.9, 0.15, 1, 4.0, 16, 0),
    (51009, "Vancomycin", "Blood", "Chemistry", "ug/mL", 10, 20, "n", 16, 6.0, 1, 2, 60, 0),
    (50889, "C-Reactive Protein", "Blood", "Chemistry", "mg/L", 0, 5, "l", 25, 1.3, 1, 0.1, 400, 0),
    (50924, "Ferritin", "Blood", "Chemistry", "ng/mL", 13, 150, "l", 220, 1.0, 0, 5, 20000, 0),
    (51000, "Triglycerides", "Blood", "Chemistry", "mg/dL", 0, 150, "l", 125, 0.5, 0, 20, 3000, 0),
    (50907, "Cholesterol, Total", "Blood", "Chemistry", "mg/dL", 0, 199, "n", 165, 42, 0, 60, 450, 0),
    (51007, "Uric Acid", "Blood", "Chemistry", "mg/dL", 2.4, 7.0, "l", 5.6, 0.35, 1, 1.0, 20, 0),
    (50976, "Protein, Total", "Blood", "Chemistry", "g/dL", 6.4, 8.3, "n", 6.6, 0.8, 1, 3.5, 10, 0),
    (50922, "Ethanol", "Blood", "Chemistry", "mg/dL", 0, 0, "l", 90, 1.0, 0, 10, 600, 0),
    # Hematology: complete blood count
    (51221, "Hematocrit", "Blood", "Hematology", "%", 40, 52, "n", 34, 5.5, 1, 12, 60, 1),
    (51222, "Hemoglobin", "Blood", "Hematology", "g/dL", 13.7, 17.5, "n", 11.2, 1.9, 1, 4, 20, 1),
    (51279, "Red Blood Cells", "Blood", "Hematology", "m/uL", 4.6, 6.1, "n", 3.75, 0.68, 2, 1.2, 7, 1),
    (51265, "Platelet Count", "Blood", "Hematology", "K/uL", 150, 400, "l", 205, 0.5, 0, 5, 1500, 0),
    (51301, "White Blood Cells", "Blood", "Hematology", "K/uL", 4.0, 11.0, "l", 8.5, 0.45, 1, 0.1, 150, 0),
    (51250, "MCV", "Blood", "Hematology", "fL", 82, 98, "n", 91, 6.5, 0, 60, 130, 0),
    (51248, "MCH", "Blood", "Hematology", "pg", 26, 32, "n", 30, 2.4, 1, 18, 42, 0),
    (51249, "MCHC", "Blood", "Hematology", "g/dL", 31, 37, "n", 32.8, 1.5, 1, 26, 38, 0),
    (51277, "RDW", "Blood", "Hematology", "%", 10.5, 15.5, "l", 14.8, 0.13, 1, 11, 30, 0),
    (52172, "RDW-SD", "Blood", "Hematology", "fL", 35.1, 46.3, "l", 48, 0.14, 1, 33, 110, 0),
    # Hematology: differential
    (51256, "Neutrophils", "Blood", "Hematology", "%", 34, 71, "n", 70, 13, 1, 5, 98, 0),
    (51244, "Lymphocytes", "Blood", "Hematology", "%", 18, 53, "l", 17, 0.6, 1, 1, 80, 0),
    (51254, "Monocytes", "Blood", "Hematology", "%", 2, 13, "n", 7, 2.8, 1, 0, 30, 0),
    (51200, "Eosinophils", "Blood", "Hematology", "%", 0, 7, "l", 1.4, 0.8, 1, 0, 25, 0),
    (51146, "Basophils", "Blood", "Hematology", "%", 0, 2, "l", 0.4, 0.6, 1, 0, 5, 0),
    (52075, "Absolute Neutrophil Count", "Blood", "Hematology", "K/uL", 1.6, 6.1, "l", 5.8, 0.55, 2, 0.01, 120, 0),
    (51133, "Absolute Lymphocyte Count", "Blood", "Hematology", "K/uL", 1.2, 3.7, "l", 1.4, 0.6, 2, 0.05, 60, 0),
    (52074, "Absolute Monocyte Count", "Blood", "Hematology", "K/uL", 0.2, 0.8, "l", 0.6, 0.5, 2, 0.01, 10, 0),
    (52073, "Absolute Eosinophil Count", "Blood", "Hematology", "K/uL", 0.04, 0.54, "l", 0.11, 0.9, 2, 0.0, 5, 0),
    (52069, "Absolute Basophil Count", "Blood", "Hematology", "K/uL", 0.01, 0.08, "l", 0.03, 0.7, 2, 0.0, 2, 0),
    (52135, "Immature Granulocytes", "Blood", "Hematology", "%", 0, 0.6, "l", 0.5, 0.6, 1, 0.1, 15, 0),
    # Hematology: coagulation
    (51274, "PT", "Blood", "Hematology", "sec", 9.4, 12.5, "l", 13.5, 0.22, 1, 9, 150, 2),
    (51237, "INR(PT)", "Blood", "Hematology", None, 0.9, 1.1, "l", 1.25, 0.22, 1, 0.8, 15, 2),
    (51275, "PTT", "Blood", "Hematology", "sec", 25, 36.5, "l", 32, 0.3, 1, 18, 150, 0),
    (51214, "Fibrinogen, Functional", "Blood", "Hematology", "mg/dL", 200, 400, "l", 320, 0.4, 0, 40, 1200, 0),
    # Blood gas
    (52033, "Specimen Type", "Blood", "Blood Gas", None, None, None, "t", 0, 0, 0, 0, 0, 0),
    (50820, "pH", "Blood", "Blood Gas", "units", 7.35, 7.45, "n", 7.38, 0.07, 2, 6.8, 7.7, 3),
    (50821, "pO2", "Blood", "Blood Gas", "mm Hg", 85, 105, "l", 100, 0.55, 0, 20, 600, 0),
    (50818, "pCO2", "Blood", "Blood Gas", "mm Hg", 35, 45, "l", 41, 0.18, 0, 15, 130, 3),
    (50802, "Base Excess", "Blood", "Blood Gas", "mEq/L", None, None, "n", -1, 4.5, 0, -30, 20, 3),
    (50804, "Calculated Total CO2", "Blood", "Blood Gas", "mEq/L", 21, 30, "n", 25, 4.2, 0, 5, 50, 3),
    (50813, "Lactate", "Blood", "Blood Gas", "mmol/L", 0.5, 2.0, "l", 1.6, 0.5, 1, 0.3, 25, 0),
    (50822, "Potassium, Whole Blood", "Blood", "Blood Gas", "mEq/L", 3.3, 5.1, "n", 4.2, 0.55, 1, 2.0, 8.0, 0),
    (50809, "Glucose", "Blood", "Blood Gas", "mg/dL", 70, 105, "l", 130, 0.3, 0, 30, 800, 0),
    (50808, "Free Calcium", "Blood", "Blood Gas", "mmol/L", 1.12, 1.32, "n", 1.12, 0.08, 2, 0.6, 1.6, 0),
    # Urinalysis (MIMIC files these under Hematology)
    (51491, "pH", "Urine", "Hematology", "units", 5, 8, "n", 6.0, 0.7, 1, 5, 9, 0),
    (51498, "Specific Gravity", "Urine", "Hematology", None, 1.001, 1.035, "n", 1.016, 0.007, 3, 1.001, 1.05, 0),
    (51486, "Leukocytes", "Urine", "Hematology", None, None, None, "t", 0, 0, 0, 0, 0, 0),
    (51487, "Nitrite", "Urine", "Hematology", None, None, None, "t", 0, 0, 0, 0, 0, 0),
    (51466, "Blood", "Urine", "Hematology", None, None, None, "t", 0, 0, 0, 0, 0, 0),
    (51506, "Urine Appearance", "Urine", "Hematology", None, None, None, "t", 0, 0, 0, 0, 0, 0),
    (51508, "Urine Color", "Urine", "Hematology", None, None, None, "t", 0, 0, 0, 0, 0, 0),
    (51492, "Protein", "Urine", "Hematology", "mg/dL", None, None, "t", 0, 0, 0, 0, 0, 0),
    (51478, "Glucose", "Urine", "Hematology", "mg/dL", None, None, "t", 0, 0, 0, 0, 0, 0),
    (51484, "Ketone", "Urine", "Hematology", "mg/dL", None, None, "t", 0, 0, 0, 0, 0, 0),
    (51516, "WBC", "Urine", "Hematology", "#/hpf", 0, 5, "l", 4, 1.2, 0, 0, 500, 0),
    (51493, "RBC", "Urine", "Hematology", "#/hpf", 0, 2, "l", 2, 1.2, 0, 0, 500, 0),
    (51463, "Bacteria", "Urine", "Hematology", None, None, None, "t", 0, 0, 0, 0, 0, 0),
    (51476, "Epithelial Cells", "Urine", "Hematology", "#/hpf", None, None, "l", 1, 1.0, 0, 0, 50, 0),
    # Urine chemistry
    (51082, "Creatinine, Urine", "Urine", "Chemistry", "mg/dL", None, None, "l", 70, 0.6, 0, 5, 400, 0),
    (51100, "Sodium, Urine", "Urine", "Chemistry", "mEq/L", None, None, "l", 45, 0.7, 0, 5, 250, 0),
]

# Text results: itemid -> ((value, weight, abnormal), ...), ordered from normal to abnormal so that a
# sicker patient (positive shift in LAB_EFFECTS) draws later options more often.
TEXT_VALUES: dict[int, tuple[tuple[str, float, bool], ...]] = {
    52033: (("ART.", 0.7, False), ("VEN.", 0.2, False), ("MIX.", 0.1, False)),
    51486: (("NEG", 0.62, False), ("TR", 0.1, True), ("SM", 0.1, True), ("MOD", 0.1, True), ("LG", 0.08, True)),
    51487: (("NEG", 0.86, False), ("POS", 0.14, True)),
    51466: (("NEG", 0.55, False), ("TR", 0.15, True), ("SM", 0.12, True), ("MOD", 0.1, True), ("LG", 0.08, True)),
    51506: (("Clear", 0.6, False), ("Hazy", 0.25, False), ("Cloudy", 0.15, False)),
    51508: (("Yellow", 0.62, False), ("Straw", 0.22, False), ("Amber", 0.1, False), ("Red", 0.06, False)),
    51492: (("NEG", 0.55, False), ("TR", 0.2, True), ("30", 0.15, True), ("100", 0.07, True), ("300", 0.03, True)),
    51478: (("NEG", 0.85, False), ("100", 0.06, True), ("300", 0.05, True), ("1000", 0.04, True)),
    51484: (("NEG", 0.85, False), ("TR", 0.07, True), ("15", 0.05, True), ("40", 0.03, True)),
    51463: (("NONE", 0.55, False), ("FEW", 0.25, False), ("MOD", 0.12, True), ("MANY", 0.08, True)),
}

# Panels drawn together on one specimen (one specimen_id, one charttime).
# (key, probability per ward draw, probability per ICU draw, only_icu, (itemids...))
PANELS: list[tuple] = [
    ("bmp", 0.92, 0.97, False, (50983, 50971, 50902, 50882, 51006, 50912, 50931, 50868)),
    ("lytes", 0.75, 0.9, False, (50960, 50893, 50970)),
    ("cbc", 0.88, 0.95, False, (51221, 51222, 51279, 51265, 51301, 51250, 51248, 51249, 51277, 52172)),
    ("diff", 0.3, 0.35, False, (51256, 51244, 51254, 51200, 51146, 52075, 51133, 52074, 52073, 52069, 52135)),
    ("coags", 0.45, 0.7, False, (51274, 51237, 51275)),
    ("lft", 0.3, 0.45, False, (50861, 50878, 50863, 50885, 50862)),
    ("bloodgas", 0.0, 0.45, True, (52033, 50820, 50821, 50818, 50802, 50804, 50813)),
    ("gaslytes", 0.0, 0.2, True, (50822, 50809, 50808)),
    ("lactate", 0.06, 0.1, False, (50813,)),
    ("ld", 0.05, 0.1, False, (50954,)),
    ("fibrinogen", 0.03, 0.1, False, (51214,)),
    ("vanco", 0.0, 0.0, False, (51009,)),
]

# Panels a condition or case adds on top (tag, panel key or itemid, probability per draw).
EXTRA_PANELS: list[tuple] = [
    ("nstemi", "cardiac", 0.8), ("chest_pain", "cardiac", 0.9), ("acute_chf", "cardiac", 0.3),
    ("acute_chf", "bnp", 0.4), ("pancreatitis", "lipase", 0.6), ("sepsis", "lactate", 0.5),
    ("ecoli_sepsis", "lactate", 0.4), ("sepsis", "crp", 0.2), ("vancomycin", "vanco", 0.25),
    ("etoh_withdrawal", "ethanol", 0.2), ("etoh_cirrhosis", "lft", 0.8), ("dm2", "a1c", 0.05),
    ("hypothyroid", "tsh", 0.1), ("anemia", "iron", 0.1), ("hld", "lipids", 0.05), ("gout", "uric", 0.1),
]
EXTRA_PANEL_ITEMS: dict[str, tuple[int, ...]] = {
    "cardiac": (51003, 50910, 50911), "bnp": (50963,), "lipase": (50956,), "lactate": (50813,),
    "crp": (50889,), "vanco": (51009,), "ethanol": (50922,), "lft": (50861, 50878, 50863, 50885, 50862),
    "a1c": (50852,), "tsh": (50993,), "iron": (50924,), "lipids": (51000, 50907), "uric": (51007,),
}

# Urinalysis: drawn once early in an admission with this probability (more with UTI / sepsis).
URINALYSIS_ITEMS: tuple[int, ...] = (51491, 51498, 51486, 51487, 51466, 51506, 51508, 51492, 51478, 51484, 51516,
                                     51493, 51463, 51476)
URINE_CHEM_ITEMS: tuple[int, ...] = (51082, 51100)

# How a problem moves a test, in standard deviations of the item's (log-)distribution.
# (tag, itemid, shift). Tags are diagnosis keys, case keys, "female" and "icu".
LAB_EFFECTS: list[tuple] = [
    ("female", 51222, -0.5), ("female", 51221, -0.5), ("female", 51279, -0.4), ("female", 50912, -0.5),
    ("ckd", 50912, 1.5), ("ckd", 51006, 1.4), ("ckd", 51222, -0.6), ("ckd", 51221, -0.6), ("ckd", 50970, 1.0),
    ("ckd", 50971, 0.4), ("esrd", 50912, 3.5), ("esrd", 51006, 2.0), ("esrd", 50970, 2.0), ("esrd", 50971, 0.8),
    ("aki", 50912, 1.8), ("aki", 51006, 1.4), ("aki", 50971, 0.6), ("aki", 50882, -0.7), ("aki", 50868, 0.7),
    ("dm2", 50931, 1.2), ("dm2", 50852, 2.5), ("dka", 50931, 3.5), ("dka", 50882, -3.0), ("dka", 50868, 3.0),
    ("dka", 50971, 1.0), ("dka", 50820, -2.5), ("hyperglycemia", 50931, 1.5),
    ("anemia", 51222, -1.2), ("anemia", 51221, -1.2), ("anemia", 51279, -1.0),
    ("blood_loss_anemia", 51222, -1.6), ("blood_loss_anemia", 51221, -1.6), ("blood_loss_anemia", 51279, -1.4),
    ("gi_bleed", 51006, 1.2), ("gi_bleed", 51222, -0.8), ("gi_bleed", 51221, -0.8),
    ("sepsis", 51301, 1.6), ("sepsis", 50813, 1.8), ("sepsis", 51265, -0.6), ("sepsis", 50882, -0.8),
    ("sepsis", 52075, 1.6), ("sepsis", 51256, 1.0), ("sepsis", 50889, 1.5),
    ("ecoli_sepsis", 51301, 1.4), ("ecoli_sepsis", 50813, 1.4), ("ecoli_sepsis", 52075, 1.4),
    ("septic_shock", 50813, 1.5), ("septic_shock", 50820, -1.0),
    ("pneumonia", 51301, 1.0), ("pneumonia", 52075, 1.0), ("pneumonia", 50821, -0.8), ("pyelo", 51301, 0.9),
    ("cellulitis", 51301, 0.6), ("leukocytosis", 51301, 1.5), ("cholecystitis", 51301, 0.8),
    ("cholecystitis", 50885, 1.0), ("cholecystitis", 50863, 0.8),
    ("uti", 51516, 2.0), ("uti", 51486, 2.0), ("uti", 51487, 1.8), ("uti", 51463, 1.8),
    ("pyelo", 51516, 2.0), ("pyelo", 51486, 2.0), ("pyelo", 51487, 1.5),
    ("etoh_cirrhosis", 50885, 2.2), ("etoh_cirrhosis", 51237, 1.8), ("etoh_cirrhosis", 51274, 1.8),
    ("etoh_cirrhosis", 50862, -1.6), ("etoh_cirrhosis", 51265, -1.5), ("etoh_cirrhosis", 50878, 1.2),
    ("etoh_cirrhosis", 50861, 0.6), ("etoh_cirrhosis", 50983, -0.8),
    ("cirrhosis", 50885, 1.5), ("cirrhosis", 51237, 1.2), ("cirrhosis", 51265, -1.0), ("cirrhosis", 50862, -1.0),
    ("nstemi", 51003, 3.0), ("nstemi", 50910, 1.2), ("nstemi", 50911, 2.0), ("chest_pain", 51003, -0.8),
    ("acute_chf", 50963, 1.8), ("chf", 50963, 1.0), ("acute_chf", 50983, -0.4),
    ("pancreatitis", 50956, 3.0), ("pancreatitis", 51301, 0.8),
    ("hyponatremia", 50983, -2.2), ("hyperkalemia", 50971, 2.2), ("hypokalemia", 50971, -2.2),
    ("acidosis", 50882, -1.6), ("acidosis", 50820, -1.2), ("acidosis", 50802, -1.5), ("acidosis", 50868, 1.0),
    ("thrombocytopenia", 51265, -2.0), ("coagulopathy", 51237, 1.5), ("coagulopathy", 51274, 1.5),
    ("anticoag_use", 51237, 1.5), ("anticoag_use", 51274, 1.5),
    ("aml", 51301, 1.0), ("aml", 51265, -2.2), ("aml", 51222, -1.5), ("aml", 51221, -1.5), ("aml", 52075, -2.5),
    ("aml", 50954, 1.5), ("resp_failure", 50818, 1.4), ("resp_failure", 50821, -1.0), ("resp_failure", 50820, -0.8),
    ("copd_exac", 50818, 1.0), ("copd", 50882, 0.6), ("hypoxemia", 50821, -1.0),
    ("malnutrition", 50862, -1.2), ("dehydration", 51006, 0.8), ("dehydration", 50983, 0.5),
    ("hypothyroid", 50993, 1.5), ("rhabdo", 50910, 3.0), ("etoh_withdrawal", 50922, 1.0),
    ("etoh_withdrawal", 50878, 0.8), ("etoh_withdrawal", 51265, -0.6), ("alcohol_abuse", 50878, 0.6),
    ("hld", 51000, 0.8), ("hld", 50907, 0.8), ("gout", 51007, 1.5), ("icu", 50931, 0.3), ("icu", 50813, 0.4),
]

# Reference ranges that differ for women: itemid -> (lower, upper).
FEMALE_REF: dict[int, tuple[float, float]] = {
    51222: (11.2, 15.7), 51221: (34, 45), 51279: (3.9, 5.2), 50912: (0.4, 1.1),
}
