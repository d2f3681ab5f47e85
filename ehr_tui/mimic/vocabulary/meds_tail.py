"""The long tail of medications: hundreds of less common drugs, each prescribed rarely (MIMIC-IV orders thousands).

The core drugs with their triggers, eMAR types and MetaVision items are in
meds.py. This catalogue is ehr-tui's own, written from general inpatient
practice: names are spelled as MIMIC-IV's pharmacy system spells them (tall-man
letters, brand names in parentheses, several products of one drug), routes,
doses and frequencies are the usual adult ones. A section carries the ICD-10
chapter letter whose diagnoses make its drugs more likely (antimicrobials with
infections, antineoplastics with neoplasms ...); the empty tag is the general
pool every admission draws from.

A drug given intravenously in an ICU is charted in MetaVision too: the ``icu``
field names its d_items category (a antibiotics, m medications, f fluids, b
blood products and colloids) and the item gets an ehr-tui itemid from
TAIL_ICU_ITEMID_BASE, outside MIMIC-IV's range (220000-230000), so nobody
takes it for a real one; ``--vocab DIR`` maps it to the real item of the same
label and drops it when there is none.

Line format: ``name|route|dose|unit|form|frequency[|icu[|base]]``; ``base`` is a
key of meds.BASES the drug is mixed in (an IV piggyback).
"""

from __future__ import annotations

from .meds import BASES, FREQUENCIES

TAIL_ICU_ITEMID_BASE = 240001
ICU_CATEGORY = {"a": "Antibiotics", "m": "Medications", "f": "Fluids/Intake", "b": "Blood Products/Colloids"}
ICU_UNIT = {"mg": "mg", "g": "grams", "gm": "grams", "mcg": "mcg", "UNIT": "units", "mEq": "mEq", "mmol": "mmol",
            "mL": "mL"}

SECTIONS: list[tuple[str, str]] = [
    ("", """
Acetaminophen IV|IV|1000|mg|BAG|Q6H|m
Acetaminophen (Liquid)|PO/NG|650|mg|UDCUP|Q6H:PRN
Ibuprofen|PO|400|mg|TAB|Q8H:PRN
Ketorolac|IV|15|mg|VIAL|Q6H|m
Tramadol (Ultram)|PO|50|mg|TAB|Q6H:PRN
TraMADol|PO/NG|25|mg|TAB|Q6H:PRN
OxyCODONE SR (OxyconTIN)|PO|10|mg|TAB|Q12H
OxyCODONE Liquid|PO/NG|5|mg|UDCUP|Q4H:PRN
Oxycodone-Acetaminophen (5mg-325mg)|PO|1|TAB|TAB|Q6H:PRN
HYDROcodone-Acetaminophen (5mg-325mg)|PO|1|TAB|TAB|Q6H:PRN
Morphine SR (MS Contin)|PO|15|mg|TAB|Q12H
Morphine Sulfate (Oral Solution) 2 mg/mL|PO|5|mg|UDCUP|Q4H:PRN
HYDROmorphone (Dilaudid) PO|PO|2|mg|TAB|Q4H:PRN
Fentanyl Citrate|IV|25|mcg|AMP|Q3H:PRN|m
Fentanyl Patch|TD|25|mcg/h|PTCH|DAILY
Methadone|PO|10|mg|TAB|DAILY
Lidocaine 5% Patch|TD|1|PTCH|PTCH|DAILY
Lidocaine Jelly 2% (Urojet)|TP|1|Appl|TUBE|ONCE
Lidocaine 1%|ID|2|mL|VIAL|ONCE
Menthol-Cetylpyridinium Cl (Cepacol)|PO|1|LOZ|LOZ|Q4H:PRN
Phenol Throat Spray|PO|1|SPRY|BTL|Q4H:PRN
Camphor-Menthol (Sarna)|TP|1|Appl|BTL|QID
Sarna Lotion|TP|1|Appl|BTL|TID
Artificial Tears|BOTH EYES|1|DROP|DRP|QID
Artificial Tear Ointment|BOTH EYES|1|Appl|TUBE|QHS
Sodium Chloride Nasal|NU|1|SPRY|BTL|QID
Guaifenesin|PO/NG|10|mL|UDCUP|Q6H:PRN
Guaifenesin-Dextromethorphan|PO|10|mL|UDCUP|Q6H:PRN
Benzonatate|PO|100|mg|CAP|TID
Loratadine|PO|10|mg|TAB|DAILY
Cetirizine|PO|10|mg|TAB|DAILY
DiphenhydrAMINE|PO|25|mg|CAP|QHS:PRN
DiphenhydrAMINE IV|IV|25|mg|VIAL|Q6H:PRN|m
HydrOXYzine|PO/NG|25|mg|TAB|Q6H:PRN
Melatonin|PO|3|mg|TAB|QHS
Zolpidem Tartrate|PO|5|mg|TAB|QHS:PRN
Trazodone|PO|50|mg|TAB|QHS:PRN
Prochlorperazine|IV|10|mg|VIAL|Q6H:PRN|m
Prochlorperazine Maleate|PO|10|mg|TAB|Q6H:PRN
Metoclopramide|IV|10|mg|VIAL|Q6H|m
Metoclopramide PO|PO/NG|10|mg|TAB|QID
Ondansetron ODT|PO|4|mg|TAB|Q8H:PRN
Promethazine|IV|12.5|mg|VIAL|Q6H:PRN|m
Scopolamine Patch|TD|1|PTCH|PTCH|ONCE
Simethicone|PO/NG|80|mg|TAB|QID
Calcium Carbonate|PO|500|mg|TAB|QID
Aluminum-Magnesium Hydrox.-Simethicone|PO|15|mL|UDCUP|QID
Maalox/Diphenhydramine/Lidocaine|PO|30|mL|UDCUP|TID
Sodium Chloride 0.9%|IV|1000|mL|BAG|CONTINUOUS|f
Sodium Chloride 0.45%|IV|1000|mL|BAG|CONTINUOUS|f
Dextrose 5%|IV|250|mL|BAG|ONCE|f
D5 1/2NS|IV|1000|mL|BAG|CONTINUOUS|f
D5NS|IV|1000|mL|BAG|CONTINUOUS|f
D5W with 20mEq KCl|IV|1000|mL|BAG|CONTINUOUS|f
NS (Bolus)|IV|500|mL|BAG|ONCE|f
LR (Bolus)|IV|1000|mL|BAG|ONCE|f
Sterile Water|IV|100|mL|BAG|ONCE|f
Heparin Flush (10 units/ml)|IV|2|mL|SYR|DAILY
Heparin Flush (100 units/ml)|IV|5|mL|SYR|DAILY
Sodium Chloride 0.9%  Flush (Syringe)|IV|10|mL|SYR|Q8H
Alteplase (Catheter Clearance)|IV|1|mg|VIAL|ONCE
Potassium Chloride Replacement (Oral and IV)|PO|40|mEq|TAB|ONCE
Potassium Chloride (Powder)|PO|20|mEq|PKT|ONCE
Potassium Chloride Liquid|PO/NG|20|mEq|UDCUP|ONCE
Potassium Phosphate|IV|15|mmol|VIAL|ONCE|m|ns_250
Sodium Phosphate|IV|15|mmol|VIAL|ONCE|m|ns_250
K-Phos Neutral|PO|250|mg|TAB|BID
Magnesium Oxide|PO/NG|400|mg|TAB|BID
Magnesium Sulfate Replacement (Oral and IV)|IV|2|g|BAG|ONCE|m
Calcium Carbonate Suspension|PO|1250|mg|UDCUP|TID
Calcium Gluconate (Sliding Scale)|IV|2|g|BAG|ONCE|m
Sodium Bicarbonate|PO|650|mg|TAB|TID
Sodium Bicarbonate 8.4%|IV|50|mEq|SYR|ONCE|m
Sodium Chloride|PO|1|g|TAB|TID
Multivitamins W/minerals|PO|1|TAB|TAB|DAILY
Cyanocobalamin|PO|1000|mcg|TAB|DAILY
Ascorbic Acid|PO|500|mg|TAB|DAILY
Zinc Sulfate|PO|220|mg|CAP|DAILY
Vitamin E|PO|400|UNIT|CAP|DAILY
Nystatin Oral Suspension|PO|5|mL|UDCUP|QID
Nystatin Cream|TP|1|Appl|TUBE|BID
Miconazole Powder 2%|TP|1|Appl|BTL|BID
Bacitracin Ointment|TP|1|Appl|TUBE|BID
Mupirocin Ointment 2%|NU|1|Appl|TUBE|BID
Chlorhexidine Gluconate 0.12% Oral Rinse|ORAL|15|mL|UDCUP|BID
Biotene Dry Mouth Oral Rinse|ORAL|15|mL|UDCUP|QID
Glycerin Supps|PR|1|SUPP|SUPP|DAILY:PRN
Fleet Enema|PR|1|Enema|BTL|ONCE
Magnesium Citrate|PO|300|mL|BTL|ONCE
Milk of Magnesia|PO/NG|30|mL|UDCUP|DAILY:PRN
Sodium Phosphates Enema|PR|1|Enema|BTL|ONCE
Loperamide|PO|2|mg|CAP|QID
Influenza Vaccine Quadrivalent|IM|0.5|mL|SYR|ONCE
PNEUMOcoccal 23-valent polysaccharide vaccine|IM|0.5|mL|VIAL|ONCE
Pneumococcal Vac Polyvalent|IM|0.5|mL|VIAL|ONCE
Tetanus-Diphtheria Toxoids Td|IM|0.5|mL|SYR|ONCE
Tdap (Adacel)|IM|0.5|mL|SYR|ONCE
Hepatitis B Vaccine|IM|1|mL|SYR|ONCE
Readi-Cat 2 (Barium Sulfate 2% Suspension)|PO/NG|450|mL|BTL|ONCE
Iohexol 300 mgI/mL (Omnipaque)|PO|50|mL|BTL|ONCE
Diatrizoate Meglumine-Sodium (Gastrografin)|PO|30|mL|BTL|ONCE
Neostigmine|IV|2|mg|VIAL|ONCE|m
Glycopyrrolate|IV|0.2|mg|VIAL|ONCE|m
Cisatracurium|IV|10|mg|VIAL|ONCE|m
Rocuronium|IV|50|mg|VIAL|ONCE|m
Succinylcholine|IV|100|mg|SYR|ONCE|m
Etomidate|IV|20|mg|VIAL|ONCE|m
Ketamine|IV|50|mg|VIAL|ONCE|m
Midazolam|IV|2|mg|VIAL|Q4H:PRN|m
Dexmedetomidine|IV DRIP|0.4|mcg|BAG|CONTINUOUS|m|ns_250
Naloxone|IV|0.4|mg|SYR|ONCE|m
Flumazenil|IV|0.2|mg|VIAL|ONCE|m
Ephedrine|IV|10|mg|SYR|ONCE|m
Phenylephrine|IV DRIP|50|mcg|BAG|CONTINUOUS|m|ns_250
Glucagon|IV|1|mg|VIAL|ONCE|m
Glucose Gel|PO|15|g|TUBE|Q6H:PRN
Dextrose 50% (Syringe)|IV|25|g|SYR|ONCE|m
Dextrose 10%|IV|250|mL|BAG|CONTINUOUS|f
Sucralfate|PO|1|g|TAB|QID
Ranitidine|PO/NG|150|mg|UDCUP|BID
Ranitidine (Liquid)|PO|150|mg|UDCUP|BID
Famotidine IV|IV|20|mg|VIAL|Q12H|m|ns_mbp
Lansoprazole Oral Disintegrating Tab|PO/NG|30|mg|TAB|DAILY
Esomeprazole|PO|40|mg|CAP|DAILY
Ferrous Sulfate|PO/NG|325|mg|TAB|DAILY
Ferrous Sulfate (Liquid)|PO|300|mg|UDCUP|DAILY
Ferrous Gluconate|PO|324|mg|TAB|DAILY
Senna-Docusate|PO|2|TAB|TAB|BID
Docusate Sodium (Liquid)|PO/NG|100|mg|UDCUP|BID
Bisacodyl EC|PO|10|mg|TAB|DAILY:PRN
Lactulose Enema|PR|300|mL|BTL|ONCE
Dakins 1/4 Strength|TP|1|Appl|BTL|BID
Silver Sulfadiazine 1% Cream|TP|1|Appl|TUBE|BID
Hydrocortisone Cream 1%|TP|1|Appl|TUBE|BID
Triamcinolone Acetonide 0.1% Cream|TP|1|Appl|TUBE|BID
Clotrimazole Cream|TP|1|Appl|TUBE|BID
Zinc Oxide|TP|1|Appl|TUBE|TID
A+D Ointment|TP|1|Appl|TUBE|TID
Aquaphor Ointment|TP|1|Appl|TUBE|BID
Ammonium Lactate 12% Lotion|TP|1|Appl|BTL|BID
White Petrolatum|TP|1|Appl|TUBE|TID
Lanolin|TP|1|Appl|TUBE|TID
Polyvinyl Alcohol-Povidone 1.4-0.6% Oph Soln|BOTH EYES|1|DROP|DRP|QID
Oxymetazoline|NU|1|SPRY|BTL|BID
Fluticasone Propionate NASAL|NU|1|SPRY|BTL|DAILY
Nicotine Polacrilex|PO|2|mg|GUM|Q4H:PRN
Nicotine Lozenge|PO|2|mg|LOZ|Q4H:PRN
Thiamine IV|IV|100|mg|VIAL|DAILY|m
Folic Acid IV|IV|1|mg|VIAL|DAILY|m
Phytonadione|IV|10|mg|AMP|ONCE|m|ns_mbp
Phytonadione PO|PO|5|mg|TAB|ONCE
Vitamin D 50,000 UNIT|PO|50000|UNIT|CAP|ONCE
Ergocalciferol|PO|50000|UNIT|CAP|ONCE
Cholecalciferol (Vitamin D3)|PO|800|UNIT|TAB|DAILY
Calcium Citrate + D|PO|1|TAB|TAB|BID
Sodium Chloride 3% Inhalation Soln|IH|4|mL|NEB|Q6H
Acetylcysteine 20%|IH|3|mL|VIAL|Q6H:PRN
Sodium Chloride 0.9% Neb|IH|3|mL|NEB|Q6H:PRN
Lorazepam PO|PO|0.5|mg|TAB|Q6H:PRN
Alprazolam|PO|0.25|mg|TAB|TID:PRN
"""),
    ("A", """
Vancomycin Oral Liquid|PO|125|mg|UDCUP|QID
Vancomycin Intrathecal|IT|10|mg|SYR|ONCE
Meropenem|IV|1000|mg|VIAL|Q8H|a|iso_dex
Ertapenem Sodium|IV|1|g|VIAL|Q24H|a|ns_mbp
Imipenem-Cilastatin|IV|500|mg|VIAL|Q6H|a|ns_250
Aztreonam|IV|2|g|VIAL|Q8H|a|iso_dex
Ampicillin Sodium|IV|2|g|VIAL|Q4H|a|ns_mbp
Ampicillin-Sulbactam|IV|3|g|VIAL|Q6H|a|ns_mbp
Nafcillin|IV|2|g|VIAL|Q4H|a|iso_dex
Oxacillin|IV|2|g|VIAL|Q4H|a|iso_dex
Penicillin G Potassium|IV|4000000|UNIT|BAG|Q4H|a
Penicillin V Potassium|PO|500|mg|TAB|QID
Amoxicillin|PO|500|mg|CAP|Q8H
Amoxicillin-Clavulanic Acid|PO|875|mg|TAB|Q12H
Cephalexin|PO|500|mg|CAP|Q6H
Cefuroxime Axetil|PO|500|mg|TAB|Q12H
CefTAZidime|IV|2|g|VIAL|Q8H|a|iso_dex
Ceftazidime-Avibactam (Avycaz)|IV|2.5|g|VIAL|Q8H|a|ns_mbp
CefTRIAXone 2g|IV|2|g|VIAL|Q24H|a|iso_dex
Cefpodoxime Proxetil|PO|200|mg|TAB|Q12H
Cefoxitin|IV|2|g|VIAL|Q6H|a|iso_dex
Ceftaroline|IV|600|mg|VIAL|Q12H|a|ns_mbp
Cefadroxil|PO|500|mg|CAP|Q12H
Levofloxacin|PO/NG|750|mg|TAB|Q24H
Levofloxacin IV|IV|750|mg|BAG|Q24H|a
Ciprofloxacin IV|IV|400|mg|BAG|Q12H|a
Moxifloxacin|PO|400|mg|TAB|Q24H
Gentamicin|IV|320|mg|BAG|Q24H|a
Tobramycin Sulfate|IV|300|mg|BAG|Q24H|a
Amikacin|IV|1000|mg|BAG|Q24H|a
Clindamycin|IV|600|mg|BAG|Q8H|a
Clindamycin HCl|PO|300|mg|CAP|Q6H
Doxycycline Hyclate|PO|100|mg|CAP|Q12H
Doxycycline IV|IV|100|mg|VIAL|Q12H|a|ns_250
Minocycline|PO|100|mg|CAP|Q12H
Sulfamethoxazole-Trimethoprim|PO|1|TAB|TAB|BID
Bactrim DS|PO/NG|1|TAB|TAB|Q12H
Nitrofurantoin Monohyd (MacroBID)|PO|100|mg|CAP|Q12H
Fosfomycin Tromethamine|PO|3|g|PKT|ONCE
Linezolid|IV|600|mg|BAG|Q12H|a
Linezolid PO|PO|600|mg|TAB|Q12H
Daptomycin|IV|500|mg|VIAL|Q24H|a|ns_mbp
Tigecycline|IV|50|mg|VIAL|Q12H|a|ns_mbp
Colistimethate|IV|150|mg|VIAL|Q12H|a|ns_mbp
Rifampin|PO|300|mg|CAP|Q12H
Erythromycin|PO|250|mg|TAB|Q6H
Erythromycin Ointment|BOTH EYES|1|Appl|TUBE|QID
Clarithromycin|PO|500|mg|TAB|Q12H
Metronidazole PO|PO/NG|500|mg|TAB|Q8H
Fidaxomicin|PO|200|mg|TAB|Q12H
Fluconazole|PO/NG|200|mg|TAB|Q24H
Fluconazole IV|IV|400|mg|BAG|Q24H|a
Micafungin|IV|100|mg|VIAL|Q24H|a|ns_mbp
Caspofungin|IV|50|mg|VIAL|Q24H|a|ns_mbp
Voriconazole|PO|200|mg|TAB|Q12H
Posaconazole Delayed Release|PO|300|mg|TAB|Q24H
AmBISome|IV|300|mg|VIAL|Q24H|a|d5w
Acyclovir|IV|700|mg|VIAL|Q8H|a|ns_250
Acyclovir PO|PO|400|mg|TAB|Q8H
ValACYclovir|PO|1000|mg|TAB|Q12H
Valganciclovir|PO|450|mg|TAB|DAILY
Ganciclovir|IV|350|mg|VIAL|Q12H|a|ns_250
Oseltamivir|PO|75|mg|CAP|Q12H
Isoniazid|PO|300|mg|TAB|DAILY
Pyrazinamide|PO|1500|mg|TAB|DAILY
Ethambutol HCl|PO|1200|mg|TAB|DAILY
Pyridoxine|PO|50|mg|TAB|DAILY
Atovaquone Suspension|PO|1500|mg|UDCUP|DAILY
Ivermectin|PO|12|mg|TAB|ONCE
Permethrin 5% Cream|TP|1|Appl|TUBE|ONCE
Emtricitabine-Tenofovir (Truvada)|PO|1|TAB|TAB|DAILY
Bictegravir-Emtricitabine-Tenofovir (Biktarvy)|PO|1|TAB|TAB|DAILY
Dolutegravir|PO|50|mg|TAB|DAILY
Sofosbuvir-Velpatasvir (Epclusa)|PO|1|TAB|TAB|DAILY
Entecavir|PO|0.5|mg|TAB|DAILY
Tenofovir Disoproxil|PO|300|mg|TAB|DAILY
Lamivudine|PO|150|mg|TAB|BID
Ciprofloxacin 0.3% Ophth Soln|BOTH EYES|1|DROP|DRP|QID
Ofloxacin 0.3% Otic|LEFT EAR|5|DROP|DRP|BID
Neomycin-Polymyxin-Bacitracin|TP|1|Appl|TUBE|BID
Silver Nitrate Sticks|TP|1|STICK|STICK|ONCE
Chlorhexidine Gluconate 4% Liquid|TP|1|Appl|BTL|DAILY
"""),
    ("C", """
Dexamethasone|IV|4|mg|VIAL|Q6H|m
Dexamethasone PO|PO|4|mg|TAB|Q12H
Aprepitant|PO|125|mg|CAP|ONCE
Fosaprepitant|IV|150|mg|VIAL|ONCE|m|ns_250
Granisetron|IV|1|mg|VIAL|ONCE|m
Palonosetron|IV|0.25|mg|VIAL|ONCE|m
Olanzapine (Disintegrating Tablet)|PO|5|mg|TAB|QHS
Lorazepam (Antiemetic)|PO|0.5|mg|TAB|Q6H:PRN
Allopurinol 300mg|PO|300|mg|TAB|DAILY
Rasburicase|IV|6|mg|VIAL|ONCE|m|ns_250
Filgrastim|SC|480|mcg|SYR|DAILY
Pegfilgrastim|SC|6|mg|SYR|ONCE
Leucovorin Calcium|IV|50|mg|VIAL|Q6H|m
Mesna|IV|400|mg|VIAL|ONCE|m|ns_250
Cyclophosphamide|IV|1000|mg|VIAL|ONCE|m|ns_250
Doxorubicin|IV|50|mg|VIAL|ONCE|m
Vincristine Sulfate|IV|2|mg|VIAL|ONCE|m|ns_250
Rituximab|IV|375|mg/m2|VIAL|ONCE|m|ns_250
Carboplatin|IV|400|mg|VIAL|ONCE|m|d5w
Cisplatin|IV|75|mg/m2|VIAL|ONCE|m|ns_250
Paclitaxel|IV|175|mg/m2|VIAL|ONCE|m|ns_250
Etoposide|IV|100|mg|VIAL|ONCE|m|ns_250
Fluorouracil|IV|400|mg/m2|VIAL|ONCE|m
Gemcitabine|IV|1000|mg/m2|VIAL|ONCE|m|ns_250
Oxaliplatin|IV|85|mg/m2|VIAL|ONCE|m|d5w
Methotrexate|IV|1000|mg|VIAL|ONCE|m|d5w
Daunorubicin|IV|60|mg/m2|VIAL|ONCE|m|ns_250
Idarubicin|IV|12|mg/m2|VIAL|ONCE|m|ns_250
Azacitidine|SC|75|mg/m2|VIAL|DAILY
Decitabine|IV|20|mg/m2|VIAL|DAILY|m|ns_250
Venetoclax|PO|100|mg|TAB|DAILY
Hydroxyurea|PO|500|mg|CAP|DAILY
Imatinib Mesylate|PO|400|mg|TAB|DAILY
Ibrutinib|PO|420|mg|CAP|DAILY
Lenalidomide|PO|25|mg|CAP|DAILY
Bortezomib|SC|1.3|mg/m2|VIAL|ONCE
Tamoxifen Citrate|PO|20|mg|TAB|DAILY
Anastrozole|PO|1|mg|TAB|DAILY
Letrozole|PO|2.5|mg|TAB|DAILY
Leuprolide Acetate|IM|22.5|mg|SYR|ONCE
Bicalutamide|PO|50|mg|TAB|DAILY
Megestrol Acetate|PO|400|mg|UDCUP|DAILY
Dronabinol|PO|2.5|mg|CAP|BID
Mirtazapine|PO|15|mg|TAB|QHS
Morphine Sulfate (Concentrated Oral Soln) 20 mg/mL|SL|5|mg|UDCUP|Q3H:PRN
Glycopyrrolate PO|PO|1|mg|TAB|TID
Octreotide Acetate|SC|100|mcg|VIAL|Q8H
Zoledronic Acid|IV|4|mg|VIAL|ONCE|m|ns_250
Denosumab (Xgeva)|SC|120|mg|SYR|ONCE
Pamidronate|IV|90|mg|VIAL|ONCE|m|ns_250
Capecitabine|PO|1500|mg|TAB|BID
Temozolomide|PO|150|mg|CAP|DAILY
"""),
    ("D", """
Epoetin Alfa|SC|10000|UNIT|VIAL|ONCE
Darbepoetin Alfa|SC|60|mcg|SYR|ONCE
Iron Sucrose|IV|200|mg|VIAL|ONCE|m|ns_250
Ferric Gluconate|IV|125|mg|VIAL|ONCE|m|ns_250
Cyanocobalamin Injection|IM|1000|mcg|VIAL|ONCE
Folic Acid 5 mg|PO|5|mg|TAB|DAILY
Vitamin K (Phytonadione) SC|SC|10|mg|AMP|ONCE
Protamine Sulfate|IV|50|mg|VIAL|ONCE|m
Tranexamic Acid|IV|1000|mg|VIAL|ONCE|m|ns_mbp
Aminocaproic Acid|IV|5|g|VIAL|ONCE|m|ns_250
Desmopressin Acetate|IV|20|mcg|AMP|ONCE|m|ns_mbp
Prothrombin Complex Concentrate (Kcentra)|IV|2000|UNIT|VIAL|ONCE|b
Fresh Frozen Plasma|IV|250|mL|BAG|ONCE|b
Platelets|IV|300|mL|BAG|ONCE|b
Cryoprecipitate|IV|100|mL|BAG|ONCE|b
Albumin 25% (12.5g / 50mL)|IV|12.5|g|BAG|Q6H|b
Albumin 5% (12.5g / 250mL)|IV|12.5|g|VIAL|ONCE|b
Albumin 5% (25g / 500mL)|IV|25|g|BAG|ONCE|b
Intravenous Immune Globulin (IVIG)|IV|35|g|VIAL|DAILY|b
Argatroban|IV DRIP|2|mcg|BAG|CONTINUOUS|m|ns_250
Bivalirudin|IV DRIP|0.15|mg|BAG|CONTINUOUS|m|ns_250
Fondaparinux Sodium|SC|7.5|mg|SYR|DAILY
Rivaroxaban|PO|20|mg|TAB|DAILY
Dabigatran Etexilate|PO|150|mg|CAP|BID
Enoxaparin (Treatment)|SC|80|mg|SYR|Q12H
Heparin (Hemodialysis)|DWELL|5000|UNIT|VIAL|ONCE
Heparin (CRRT Machine Priming)|IV|5000|UNIT|VIAL|ONCE
Citrate Dextrose 3% (ACD-A) CRRT|IV|1000|mL|BAG|CONTINUOUS|f
Prismasate (B22 K4/0)|IV|5000|mL|BAG|CONTINUOUS|f
Eltrombopag|PO|50|mg|TAB|DAILY
Hydroxocobalamin|IM|1000|mcg|VIAL|ONCE
Deferasirox|PO|1000|mg|TAB|DAILY
Prednisone 60mg|PO|60|mg|TAB|DAILY
Methylprednisolone Sodium Succ|IV|125|mg|VIAL|Q6H|m
"""),
    ("E", """
Insulin Lispro (Humalog)|SC|4|UNIT|VIAL|QACHS
Insulin Aspart (Novolog)|SC|4|UNIT|VIAL|QACHS
Insulin NPH (Humulin N)|SC|10|UNIT|VIAL|BID
Insulin Detemir (Levemir)|SC|10|UNIT|VIAL|QHS
Insulin Degludec|SC|20|UNIT|PEN|DAILY
Humalog 75/25|SC|10|UNIT|VIAL|BID
GlipiZIDE|PO|5|mg|TAB|DAILY
GlyBURIDE|PO|5|mg|TAB|DAILY
Glimepiride|PO|2|mg|TAB|DAILY
Sitagliptin|PO|100|mg|TAB|DAILY
Linagliptin|PO|5|mg|TAB|DAILY
Pioglitazone|PO|30|mg|TAB|DAILY
Empagliflozin|PO|10|mg|TAB|DAILY
Dapagliflozin|PO|10|mg|TAB|DAILY
Liraglutide|SC|1.2|mg|PEN|DAILY
Levothyroxine Sodium IV|IV|50|mcg|VIAL|DAILY|m
Levothyroxine 100mcg|PO|100|mcg|TAB|DAILY
Liothyronine|PO|5|mcg|TAB|DAILY
Methimazole|PO|10|mg|TAB|DAILY
Propylthiouracil|PO|100|mg|TAB|TID
Hydrocortisone Na Succ.|IV|50|mg|VIAL|Q6H|m
Hydrocortisone|PO|10|mg|TAB|BID
Fludrocortisone Acetate|PO|0.1|mg|TAB|DAILY
Prednisone 5mg|PO|5|mg|TAB|DAILY
Calcitriol|PO|0.25|mcg|CAP|DAILY
Cinacalcet|PO|30|mg|TAB|DAILY
Sevelamer CARBONATE|PO|800|mg|TAB|TID
Sevelamer HCl|PO|800|mg|TAB|TID
Calcium Acetate|PO|667|mg|CAP|TID
Lanthanum|PO|500|mg|TAB|TID
Sodium Polystyrene Sulfonate|PO|15|g|UDCUP|ONCE
Patiromer|PO|8.4|g|PKT|DAILY
Tolvaptan|PO|15|mg|TAB|DAILY
Demeclocycline|PO|300|mg|TAB|BID
Desmopressin Acetate Tablet|PO|0.1|mg|TAB|BID
Alendronate Sodium|PO|70|mg|TAB|ONCE
Calcitonin Salmon|SC|4|UNIT|VIAL|Q12H
Vitamin B Complex|PO|1|CAP|CAP|DAILY
Rena-Vite|PO|1|TAB|TAB|DAILY
Nephrocaps|PO|1|CAP|CAP|DAILY
Sodium Chloride 23.4%|IV|30|mEq|VIAL|ONCE|m
Dextrose 70%|IV|250|mL|BAG|ONCE|f
Amino Acids 4.25% W/ Dextrose 5%|IV|1000|mL|BAG|CONTINUOUS|f
Intralipid 20%|IV|250|mL|BAG|ONCE|f
Nutren 2.0 (Full)|NG|50|mL|BTL|CONTINUOUS
Glucerna 1.2 (Full)|NG|50|mL|BTL|CONTINUOUS
Ensure Plus|PO|1|BTL|BTL|TID
Nepro (Full)|PO|1|CAN|CAN|BID
Vital High Protein (Full)|NG|40|mL|BTL|CONTINUOUS
Atorvastatin 80mg|PO/NG|80|mg|TAB|QPM
Rosuvastatin Calcium|PO|20|mg|TAB|QPM
Pravastatin|PO|40|mg|TAB|QPM
Simvastatin|PO/NG|20|mg|TAB|QPM
Ezetimibe|PO|10|mg|TAB|DAILY
Fenofibrate|PO|145|mg|TAB|DAILY
Gemfibrozil|PO|600|mg|TAB|BID
Omega-3 Fatty Acids|PO|1000|mg|CAP|DAILY
Niacin SR|PO|500|mg|TAB|QHS
"""),
    ("F", """
OLANZapine|PO|5|mg|TAB|QHS
OLANZapine (Disintegrating Tablet) 2.5mg|PO/NG|2.5|mg|TAB|Q8H:PRN
Haloperidol|IV|2|mg|VIAL|Q6H:PRN|m
Haloperidol PO|PO|1|mg|TAB|BID
Haloperidol Decanoate|IM|100|mg|VIAL|ONCE
RisperiDONE|PO|1|mg|TAB|BID
RisperiDONE (Disintegrating Tablet)|PO|0.5|mg|TAB|BID
Aripiprazole|PO|10|mg|TAB|DAILY
ZIPRASidone Hydrochloride|PO/NG|20|mg|CAP|BID
ZIPRASidone Mesylate|IM|10|mg|VIAL|ONCE
QUEtiapine Fumarate 100mg|PO/NG|100|mg|TAB|QHS
CloZAPine|PO|100|mg|TAB|BID
Lurasidone|PO|40|mg|TAB|DAILY
Paliperidone ER|PO|6|mg|TAB|DAILY
Lithium Carbonate|PO|300|mg|CAP|BID
Divalproex (DELayed Release)|PO|500|mg|TAB|BID
LamoTRIgine|PO|100|mg|TAB|BID
Escitalopram Oxalate|PO/NG|10|mg|TAB|DAILY
FLUoxetine|PO|20|mg|CAP|DAILY
PARoxetine|PO|20|mg|TAB|DAILY
Venlafaxine XR|PO|75|mg|CAP|DAILY
Duloxetine|PO|60|mg|CAP|DAILY
BuPROPion (Sustained Release)|PO|150|mg|TAB|BID
BuPROPion XL (Once Daily)|PO|300|mg|TAB|DAILY
Mirtazapine 7.5mg|PO|7.5|mg|TAB|QHS
Amitriptyline|PO|25|mg|TAB|QHS
Nortriptyline|PO|25|mg|CAP|QHS
Doxepin HCl|PO|10|mg|CAP|QHS
BusPIRone|PO|10|mg|TAB|BID
ClonazePAM|PO|0.5|mg|TAB|BID
Diazepam|PO|5|mg|TAB|Q6H:PRN
Diazepam IV|IV|5|mg|SYR|Q6H:PRN|m
Chlordiazepoxide HCl|PO|25|mg|CAP|Q6H:PRN
PHENobarbital|IV|130|mg|VIAL|ONCE|m
Phenobarbital PO|PO|32.4|mg|TAB|TID
Naltrexone|PO|50|mg|TAB|DAILY
Buprenorphine-Naloxone (Sublingual 8mg-2mg)|SL|1|TAB|TAB|DAILY
Buprenorphine|SL|2|mg|TAB|Q8H
Methadone 40mg|PO|40|mg|TAB|DAILY
Acamprosate|PO|666|mg|TAB|TID
Disulfiram|PO|250|mg|TAB|DAILY
Nicotine Patch 21 mg/24 hr|TD|21|mg|PTCH|DAILY
Nicotine Patch 7 mg/24 hr|TD|7|mg|PTCH|DAILY
Varenicline|PO|0.5|mg|TAB|BID
Methylphenidate HCl|PO|10|mg|TAB|BID
Atomoxetine|PO|40|mg|CAP|DAILY
Dexmedetomidine (Delirium)|IV DRIP|0.5|mcg|BAG|CONTINUOUS|m|ns_250
Benztropine Mesylate|PO|1|mg|TAB|BID
Prazosin|PO|1|mg|CAP|QHS
Hydroxyzine Pamoate|PO|25|mg|CAP|Q6H:PRN
"""),
    ("G", """
LevETIRAcetam|PO/NG|500|mg|TAB|BID
LevETIRAcetam IV|IV|1000|mg|BAG|Q12H|m
LevETIRAcetam Oral Solution|PO/NG|500|mg|UDCUP|BID
Phenytoin Sodium Extended|PO|100|mg|CAP|TID
Phenytoin (Suspension)|PO/NG|100|mg|UDCUP|TID
Fosphenytoin|IV|1000|mg|VIAL|ONCE|m|ns_mbp
Lacosamide|PO|100|mg|TAB|BID
Lacosamide IV|IV|100|mg|VIAL|Q12H|m|ns_mbp
Valproate Sodium|IV|500|mg|VIAL|Q8H|m|ns_mbp
Carbamazepine|PO|200|mg|TAB|BID
OXcarbazepine|PO|300|mg|TAB|BID
Topiramate (Topamax)|PO|50|mg|TAB|BID
Zonisamide|PO|100|mg|CAP|DAILY
Pregabalin|PO|75|mg|CAP|BID
Gabapentin 100mg|PO|100|mg|CAP|TID
Clobazam|PO|10|mg|TAB|BID
LORazepam (Seizure)|IV|2|mg|VIAL|ONCE|m
Carbidopa-Levodopa (25-100)|PO|1|TAB|TAB|TID
Carbidopa-Levodopa CR (50-200)|PO|1|TAB|TAB|QHS
Pramipexole|PO|0.25|mg|TAB|TID
Ropinirole|PO|0.5|mg|TAB|QHS
Amantadine|PO|100|mg|CAP|BID
Rasagiline|PO|1|mg|TAB|DAILY
Donepezil|PO|10|mg|TAB|QHS
Memantine|PO|10|mg|TAB|BID
Rivastigmine Patch|TD|4.6|mg|PTCH|DAILY
Pyridostigmine Bromide|PO|60|mg|TAB|TID
Riluzole|PO|50|mg|TAB|BID
Baclofen|PO|10|mg|TAB|TID
TiZANidine|PO|2|mg|TAB|TID
Cyclobenzaprine|PO|5|mg|TAB|TID
Dantrolene|IV|1|mg/kg|VIAL|ONCE|m
Sumatriptan Succinate|PO|50|mg|TAB|ONCE
Butalbital-Acetaminophen-Caff|PO|1|TAB|TAB|Q6H:PRN
Nimodipine|PO/NG|60|mg|CAP|Q4H
Mannitol 20%|IV|50|g|BAG|Q6H|m
Sodium Chloride 3% (Hypertonic Saline)|IV|250|mL|BAG|Q6H|f
Nicardipine|IV DRIP|5|mg|BAG|CONTINUOUS|m|ns_250
Clevidipine|IV DRIP|2|mg|BAG|CONTINUOUS|m
Dexamethasone 10mg|IV|10|mg|VIAL|ONCE|m
Interferon Beta-1a|IM|30|mcg|SYR|ONCE
Dimethyl Fumarate|PO|240|mg|CAP|BID
Botulinum Toxin Type A|IM|100|UNIT|VIAL|ONCE
Meclizine|PO|12.5|mg|TAB|Q8H:PRN
Tetrabenazine|PO|12.5|mg|TAB|BID
Modafinil|PO|100|mg|TAB|DAILY
"""),
    ("H", """
Prednisolone Acetate 1%|LEFT EYE|1|DROP|DRP|QID
Prednisolone Acetate 1% Ophth Susp|RIGHT EYE|1|DROP|DRP|QID
Timolol Maleate 0.5%|BOTH EYES|1|DROP|DRP|BID
Latanoprost 0.005% Ophth. Soln.|BOTH EYES|1|DROP|DRP|QHS
Brimonidine Tartrate 0.15% Ophth.|BOTH EYES|1|DROP|DRP|TID
Dorzolamide 2%/Timolol 0.5% Ophth.|BOTH EYES|1|DROP|DRP|BID
Moxifloxacin 0.5% Ophth Soln|LEFT EYE|1|DROP|DRP|QID
Tobramycin-Dexamethasone Ophth Susp|RIGHT EYE|1|DROP|DRP|QID
Ketorolac 0.5% Ophth Soln|LEFT EYE|1|DROP|DRP|QID
Cyclopentolate 1%|RIGHT EYE|1|DROP|DRP|ONCE
Tropicamide 1%|BOTH EYES|1|DROP|DRP|ONCE
Proparacaine 0.5%|BOTH EYES|1|DROP|DRP|ONCE
Bacitracin Ophthalmic Oint|BOTH EYES|1|Appl|TUBE|QID
Olopatadine 0.1% Ophth Soln|BOTH EYES|1|DROP|DRP|BID
Ciprofloxacin-Dexamethasone Otic|RIGHT EAR|4|DROP|DRP|BID
Carbamide Peroxide 6.5%|BOTH EARS|5|DROP|DRP|BID
Acetazolamide|PO|250|mg|TAB|Q12H
Acetazolamide Sodium|IV|500|mg|VIAL|ONCE|m
"""),
    ("I", """
Metoprolol Succinate XL|PO|50|mg|TAB|DAILY
Metoprolol Tartrate 50mg|PO|50|mg|TAB|BID
Carvedilol|PO/NG|6.25|mg|TAB|BID
Atenolol|PO/NG|25|mg|TAB|DAILY
Labetalol|IV|10|mg|VIAL|Q6H:PRN|m
Labetalol PO|PO|200|mg|TAB|BID
Esmolol|IV DRIP|50|mg|BAG|CONTINUOUS|m
Propranolol|PO|10|mg|TAB|TID
Nadolol|PO|20|mg|TAB|DAILY
Bisoprolol Fumarate|PO|5|mg|TAB|DAILY
Diltiazem Extended-Release|PO|120|mg|CAP|DAILY
Diltiazem IV|IV|10|mg|VIAL|ONCE|m
Diltiazem Drip|IV DRIP|10|mg|BAG|CONTINUOUS|m|d5w
Verapamil SR|PO|120|mg|TAB|DAILY
NIFEdipine (Extended Release)|PO|30|mg|TAB|DAILY
Amlodipine 10mg|PO/NG|10|mg|TAB|DAILY
Felodipine|PO|5|mg|TAB|DAILY
Lisinopril 20mg|PO/NG|20|mg|TAB|DAILY
Enalapril Maleate|PO|5|mg|TAB|BID
Captopril|PO|6.25|mg|TAB|TID
Ramipril|PO|5|mg|CAP|DAILY
Losartan Potassium|PO/NG|50|mg|TAB|DAILY
Valsartan|PO|80|mg|TAB|DAILY
Irbesartan|PO|150|mg|TAB|DAILY
Sacubitril-Valsartan|PO|1|TAB|TAB|BID
HydrALAZINE|PO/NG|25|mg|TAB|Q6H
HydrALAZINE IV|IV|10|mg|VIAL|Q6H:PRN|m
Isosorbide Mononitrate (Extended Release)|PO|30|mg|TAB|DAILY
Isosorbide Dinitrate|PO|10|mg|TAB|TID
Nitroglycerin SL|SL|0.4|mg|TAB|Q6H:PRN
Nitroglycerin|IV DRIP|50|mcg|BTL|CONTINUOUS|m
Nitroglycerin Ointment 2%|TP|1|in|TUBE|Q6H
Nitroprusside Sodium|IV DRIP|50|mcg|BAG|CONTINUOUS|m|d5w
CloNIDine|PO|0.1|mg|TAB|BID
Clonidine Patch 0.1 mg/24 hr|TD|1|PTCH|PTCH|ONCE
Doxazosin|PO|2|mg|TAB|QHS
Terazosin|PO|2|mg|CAP|QHS
Minoxidil|PO|5|mg|TAB|DAILY
Spironolactone|PO/NG|25|mg|TAB|DAILY
Eplerenone|PO|25|mg|TAB|DAILY
Torsemide|PO|20|mg|TAB|DAILY
Bumetanide|IV|1|mg|VIAL|BID|m
Bumetanide PO|PO|1|mg|TAB|DAILY
Furosemide Drip|IV DRIP|10|mg|BAG|CONTINUOUS|m
Chlorthalidone|PO|25|mg|TAB|DAILY
Hydrochlorothiazide|PO|25|mg|TAB|DAILY
Metolazone|PO|5|mg|TAB|DAILY
Digoxin|PO/NG|0.125|mg|TAB|DAILY
Digoxin IV|IV|0.25|mg|AMP|ONCE|m
Amiodarone|PO/NG|200|mg|TAB|DAILY
Amiodarone IV|IV DRIP|1|mg|BAG|CONTINUOUS|m|d5w
Amiodarone Bolus|IV|150|mg|BAG|ONCE|m
Dofetilide|PO|500|mcg|CAP|Q12H
Sotalol|PO|80|mg|TAB|BID
Flecainide Acetate|PO|50|mg|TAB|Q12H
Adenosine|IV|6|mg|VIAL|ONCE|m
Atropine Sulfate|IV|0.5|mg|SYR|ONCE|m
Epinephrine|IV DRIP|1|mg|BAG|CONTINUOUS|m|ns_250
EPINEPHrine (Anaphylaxis)|IM|0.3|mg|SYR|ONCE
Vasopressin|IV DRIP|20|UNIT|BAG|CONTINUOUS|m|ns_250
DOPamine|IV DRIP|400|mg|BAG|CONTINUOUS|m
DOBUTamine|IV DRIP|250|mg|BAG|CONTINUOUS|m
Milrinone|IV DRIP|20|mg|BAG|CONTINUOUS|m|d5w
Midodrine|PO|10|mg|TAB|TID
Ticagrelor|PO|90|mg|TAB|BID
Prasugrel|PO|10|mg|TAB|DAILY
Aspirin 325mg|PO|325|mg|TAB|DAILY
Aspirin EC|PO|81|mg|TAB|DAILY
Eptifibatide|IV DRIP|2|mcg|BAG|CONTINUOUS|m
Cangrelor|IV DRIP|4|mcg|BAG|CONTINUOUS|m
Heparin Sodium|IV|5000|UNIT|BAG|ONCE|m
Heparin (Bolus)|IV|4000|UNIT|VIAL|ONCE|m
Warfarin 1mg|PO/NG|1|mg|TAB|DAILY
Warfarin 2.5mg|PO|2.5|mg|TAB|DAILY
Edoxaban|PO|60|mg|TAB|DAILY
Ranolazine|PO|500|mg|TAB|BID
Ivabradine|PO|5|mg|TAB|BID
Pentoxifylline|PO|400|mg|TAB|TID
Cilostazol|PO|100|mg|TAB|BID
Tenecteplase|IV|50|mg|VIAL|ONCE|m
Lidocaine|IV DRIP|1|mg|BAG|CONTINUOUS|m
Potassium Chloride 10 mEq / 100 mL SW|IV|10|mEq|BAG|ONCE|m
Sildenafil|PO|20|mg|TAB|TID
Ambrisentan|PO|5|mg|TAB|DAILY
Bosentan|PO|62.5|mg|TAB|BID
Epoprostenol|IV DRIP|2|mcg|BAG|CONTINUOUS|m
"""),
    ("J", """
Albuterol Inhaler|IH|2|PUFF|INH|Q4H:PRN
Albuterol-Ipratropium|IH|1|NEB|NEB|Q6H
Ipratropium-Albuterol Neb|NEB|1|NEB|NEB|Q6H:PRN
Tiotropium Bromide|IH|1|CAP|CAP|DAILY
Fluticasone Propionate 110mcg|IH|2|PUFF|INH|BID
Fluticasone-Salmeterol Diskus (250/50)|IH|1|INH|INH|BID
Budesonide-Formoterol (160/4.5)|IH|2|PUFF|INH|BID
Mometasone-Formoterol|IH|2|PUFF|INH|BID
Umeclidinium-Vilanterol|IH|1|INH|INH|DAILY
Budesonide Nebs|IH|0.5|mg|NEB|BID
Levalbuterol Neb|IH|0.63|mg|NEB|Q6H:PRN
Montelukast|PO|10|mg|TAB|DAILY
Roflumilast|PO|500|mcg|TAB|DAILY
Theophylline ER|PO|300|mg|TAB|BID
Guaifenesin ER|PO|600|mg|TAB|Q12H
Codeine-Guaifenesin|PO|10|mL|UDCUP|Q6H:PRN
Dextromethorphan-Guaifenesin (Sugar Free)|PO|10|mL|UDCUP|Q6H:PRN
Tessalon Perles|PO|200|mg|CAP|TID
Methylprednisolone Na Succ 40mg|IV|40|mg|VIAL|Q8H|m
PredniSONE 10mg|PO|10|mg|TAB|DAILY
Racepinephrine|IH|0.5|mL|NEB|ONCE
Heliox|IH|1|INH|INH|CONTINUOUS
Dornase Alfa|IH|2.5|mg|NEB|DAILY
Tobramycin Inhalation Soln|IH|300|mg|NEB|Q12H
Pirfenidone|PO|267|mg|CAP|TID
Nintedanib|PO|150|mg|CAP|BID
Oxygen|IH|2|L|INH|CONTINUOUS
Ceftriaxone 1g (Pneumonia)|IV|1|g|VIAL|Q24H|a|iso_dex
Doxycycline (Pneumonia)|PO/NG|100|mg|TAB|Q12H
"""),
    ("K", """
Pantoprazole Drip|IV DRIP|8|mg|BAG|CONTINUOUS|m
Octreotide Drip|IV DRIP|50|mcg|BAG|CONTINUOUS|m
Octreotide Bolus|IV|50|mcg|VIAL|ONCE|m
Ursodiol|PO|300|mg|CAP|BID
Cholestyramine|PO|4|g|PKT|BID
Mesalamine DR|PO|1.2|g|TAB|BID
Budesonide EC|PO|9|mg|CAP|DAILY
InFLIXimab|IV|5|mg/kg|VIAL|ONCE|m|ns_250
Azathioprine|PO|50|mg|TAB|DAILY
Mercaptopurine|PO|50|mg|TAB|DAILY
Pancrelipase 5000|PO|1|CAP|CAP|TID
Creon 12|PO|2|CAP|CAP|TID
Dicyclomine|PO|20|mg|CAP|QID
Hyoscyamine|SL|0.125|mg|TAB|Q6H:PRN
Linaclotide|PO|145|mcg|CAP|DAILY
Lubiprostone|PO|24|mcg|CAP|BID
Methylnaltrexone|SC|12|mg|VIAL|ONCE
Naloxegol|PO|25|mg|TAB|DAILY
Psyllium Wafer|PO|1|WAF|WAF|DAILY
Psyllium Powder|PO|1|PKT|PKT|DAILY
Polyethylene Glycol-Electrolyte Soln (GoLytely)|PO|4000|mL|BTL|ONCE
NuLYTELY|PO|4000|mL|BTL|ONCE
Sodium Picosulfate (Prepopik)|PO|1|PKT|PKT|ONCE
Nadolol 20mg (Varices)|PO|20|mg|TAB|DAILY
Spironolactone 100mg|PO|100|mg|TAB|DAILY
Albumin 25% (Paracentesis)|IV|25|g|BAG|ONCE|b
Vitamin K 10mg PO|PO|10|mg|TAB|DAILY
Zinc Sulfate 220mg (Cirrhosis)|PO|220|mg|CAP|DAILY
Hepatitis A Vaccine|IM|1|mL|SYR|ONCE
Somatostatin|IV DRIP|250|mcg|BAG|CONTINUOUS|m
Glucagon (Esophageal Food Impaction)|IV|1|mg|VIAL|ONCE|m
Sucralfate Suspension|PO/NG|1|g|UDCUP|QID
Misoprostol|PO|200|mcg|TAB|QID
Bismuth Subsalicylate|PO|30|mL|UDCUP|Q6H:PRN
Diphenoxylate-Atropine|PO|1|TAB|TAB|QID
Opium Tincture|PO|0.6|mL|UDCUP|QID
Octreotide LAR|IM|20|mg|VIAL|ONCE
Alvimopan|PO|12|mg|CAP|BID
Neomycin Sulfate|PO|1000|mg|TAB|Q6H
Cefoxitin (Prophylaxis)|IV|2|g|VIAL|ONCE|a|iso_dex
"""),
    ("L", """
Clobetasol Propionate 0.05% Cream|TP|1|Appl|TUBE|BID
Betamethasone Dipropionate 0.05% Cream|TP|1|Appl|TUBE|BID
Desonide 0.05% Cream|TP|1|Appl|TUBE|BID
Ketoconazole 2% Cream|TP|1|Appl|TUBE|BID
Terbinafine 1% Cream|TP|1|Appl|TUBE|BID
Mupirocin Cream 2%|TP|1|Appl|TUBE|TID
Santyl|TP|1|Appl|TUBE|DAILY
Collagenase Ointment|TP|1|Appl|TUBE|DAILY
Calmoseptine|TP|1|Appl|TUBE|TID
Triamcinolone Acetonide 0.025% Ointment|TP|1|Appl|TUBE|BID
Selenium Sulfide Shampoo|TP|1|Appl|BTL|ONCE
Capsaicin 0.025% Cream|TP|1|Appl|TUBE|TID
Diclofenac Sodium 1% Gel|TP|2|g|TUBE|QID
Hydrocortisone (Rectal) 2.5% Cream|PR|1|Appl|TUBE|BID
Tucks Hemorrhoidal Pads|PR|1|PAD|PAD|Q6H:PRN
Methotrexate Sodium (Psoriasis)|PO|15|mg|TAB|ONCE
Doxycycline Hyclate (Skin)|PO|100|mg|TAB|BID
Vancomycin 1.25g|IV|1250|mg|VIAL|Q12H|a|ns_250
"""),
    ("M", """
Naproxen|PO|500|mg|TAB|BID
Meloxicam|PO|7.5|mg|TAB|DAILY
Celecoxib|PO|200|mg|CAP|DAILY
Diclofenac Sodium|PO|75|mg|TAB|BID
Indomethacin|PO|25|mg|CAP|TID
Colchicine|PO|0.6|mg|TAB|DAILY
Febuxostat|PO|40|mg|TAB|DAILY
Probenecid|PO|500|mg|TAB|BID
Methocarbamol|PO|750|mg|TAB|QID
Carisoprodol|PO|350|mg|TAB|TID
Hydroxychloroquine Sulfate|PO|200|mg|TAB|BID
Methotrexate 2.5mg|PO|15|mg|TAB|ONCE
Leflunomide|PO|20|mg|TAB|DAILY
Sulfasalazine|PO|1000|mg|TAB|BID
Prednisone 20mg|PO|20|mg|TAB|DAILY
Methylprednisolone|PO|4|mg|TAB|DAILY
Triamcinolone Acetonide 40 mg/mL Inj|IM|40|mg|VIAL|ONCE
Calcium Carbonate-Vitamin D3|PO|1|TAB|TAB|BID
Raloxifene|PO|60|mg|TAB|DAILY
Teriparatide|SC|20|mcg|PEN|DAILY
Ibandronate|PO|150|mg|TAB|ONCE
Cefazolin 3g|IV|3|g|VIAL|ONCE|a|iso_dex
Vancomycin (Orthopedic Prophylaxis)|IV|1500|mg|VIAL|ONCE|a|ns_250
Enoxaparin 30mg|SC|30|mg|SYR|Q12H
Aspirin 81mg (DVT Prophylaxis)|PO|81|mg|TAB|BID
Tranexamic Acid (Orthopedic)|IV|1000|mg|VIAL|ONCE|m|ns_mbp
Bupivacaine 0.25%|ID|10|mL|VIAL|ONCE
Ropivacaine 0.2% Epidural|EPIDURAL|6|mL|BAG|CONTINUOUS
Fentanyl Citrate-Bupivacaine Epidural|EPIDURAL|8|mL|BAG|CONTINUOUS
HYDROmorphone PCA|IVPCA|0.2|mg|BAG|CONTINUOUS
Morphine PCA|IVPCA|1|mg|BAG|CONTINUOUS
"""),
    ("N", """
Finasteride|PO|5|mg|TAB|DAILY
Oxybutynin|PO|5|mg|TAB|BID
Tolterodine|PO|2|mg|TAB|BID
Mirabegron|PO|25|mg|TAB|DAILY
Phenazopyridine|PO|100|mg|TAB|TID
Bethanechol|PO|25|mg|TAB|TID
Trospium|PO|20|mg|TAB|BID
Nitrofurantoin (Macrodantin)|PO|50|mg|CAP|QID
Belladonna & Opium Suppository|PR|1|SUPP|SUPP|Q6H:PRN
Estradiol|PO|1|mg|TAB|DAILY
Estrogens Conjugated Vaginal Cream|VG|1|g|TUBE|ONCE
Medroxyprogesterone Acetate|PO|10|mg|TAB|DAILY
Norethindrone|PO|0.35|mg|TAB|DAILY
Oxytocin|IV DRIP|30|UNIT|BAG|CONTINUOUS|m
Methylergonovine Maleate|IM|0.2|mg|AMP|ONCE
Terbutaline Sulfate|SC|0.25|mg|AMP|ONCE
Mycophenolate Mofetil|PO|1000|mg|TAB|BID
Mycophenolate Mofetil IV|IV|1000|mg|VIAL|Q12H|m|d5w
Tacrolimus|PO|2|mg|CAP|Q12H
Cyclosporine (Neoral) MODIFIED|PO|100|mg|CAP|Q12H
Sirolimus|PO|2|mg|TAB|DAILY
Belatacept|IV|5|mg/kg|VIAL|ONCE|m|ns_250
Basiliximab|IV|20|mg|VIAL|ONCE|m|ns_mbp
Thymoglobulin|IV|1.5|mg/kg|VIAL|DAILY|m|ns_250
Sulfamethoxazole-Trimethoprim SS (Prophylaxis)|PO|1|TAB|TAB|DAILY
Valganciclovir (Prophylaxis)|PO|900|mg|TAB|DAILY
Sodium Bicarbonate 1300mg|PO|1300|mg|TAB|BID
Calcitriol 0.5mcg|PO|0.5|mcg|CAP|DAILY
Paricalcitol|IV|2|mcg|VIAL|ONCE|m
Doxercalciferol|IV|2|mcg|AMP|ONCE|m
Epoetin Alfa (Dialysis)|IV|4000|UNIT|VIAL|ONCE|m
Heparin Lock Flush (Dialysis Catheter)|DWELL|1000|UNIT|VIAL|ONCE
Sodium Citrate 4% (Catheter Lock)|DWELL|3|mL|SYR|ONCE
Alteplase (Dialysis Catheter)|DWELL|2|mg|VIAL|ONCE
Sodium Chloride 0.9% Irrigation|IRR|1000|mL|BTL|ONCE
Acetic Acid 0.25% Irrigation|IRR|1000|mL|BTL|ONCE
"""),
    ("R", """
Acetaminophen 325mg|PO/NG|325|mg|TAB|Q6H:PRN
Acetaminophen Rectal|PR|650|mg|SUPP|Q6H:PRN
Ondansetron 8mg|IV|8|mg|VIAL|ONCE|m
Morphine Sulfate 4mg|IV|4|mg|SYR|Q4H:PRN|m
HYDROmorphone (Dilaudid) 1mg|IV|1|mg|SYR|Q3H:PRN|m
Ketorolac 30mg|IV|30|mg|VIAL|ONCE|m
Prochlorperazine Edisylate|IM|10|mg|VIAL|ONCE
Lorazepam 1mg PO|PO|1|mg|TAB|ONCE
Meclizine 25mg|PO|25|mg|TAB|Q8H:PRN
Dextrose 5%-Sodium Chloride 0.45%|IV|1000|mL|BAG|CONTINUOUS|f
Lactated Ringers (Maintenance)|IV|1000|mL|BAG|CONTINUOUS|f
Sodium Chloride 0.9% (Bolus 1000mL)|IV|1000|mL|BAG|ONCE|f
Plasma-Lyte A|IV|1000|mL|BAG|ONCE|f
Naloxone 0.04mg|IV|0.04|mg|SYR|ONCE|m
Glucose Tablets|PO|16|g|TAB|ONCE
Haloperidol Lactate|IM|5|mg|VIAL|ONCE
Diphenhydramine 50mg|IV|50|mg|VIAL|ONCE|m
Famotidine 20mg IV|IV|20|mg|VIAL|ONCE|m
Cosyntropin|IV|0.25|mg|VIAL|ONCE|m
Tuberculin Protein|ID|5|UNIT|VIAL|ONCE
Fluorescein|IV|500|mg|VIAL|ONCE
Regadenoson|IV|0.4|mg|SYR|ONCE|m
Technetium Tc99m Sestamibi|IV|30|mCi|VIAL|ONCE
Gadobutrol|IV|7.5|mL|VIAL|ONCE
Iodixanol 320 mgI/mL (Visipaque)|IV|100|mL|BTL|ONCE
Iopamidol 76% (Isovue-370)|IV|100|mL|BTL|ONCE
Perflutren Lipid Microspheres (Definity)|IV|1.3|mL|VIAL|ONCE
Sodium Bicarbonate (Contrast Prophylaxis)|IV|150|mEq|BAG|ONCE|m
Acetylcysteine (Mucomyst) PO|PO|600|mg|UDCUP|BID
Acetylcysteine IV (Acetaminophen Overdose)|IV|150|mg/kg|BAG|ONCE|m
Activated Charcoal|PO|50|g|BTL|ONCE
Physostigmine|IV|1|mg|AMP|ONCE|m
Fomepizole|IV|15|mg/kg|VIAL|ONCE|m|ns_250
Hydroxocobalamin (Cyanokit)|IV|5|g|VIAL|ONCE|m
Calcium Chloride|IV|1|g|SYR|ONCE|m
Dextrose 50% (Hyperkalemia)|IV|25|g|SYR|ONCE|m
Insulin Regular (Hyperkalemia)|IV|10|UNIT|VIAL|ONCE|m
Albuterol 0.5% Neb (Hyperkalemia)|IH|10|mg|NEB|ONCE
"""),
    ("Z", """
Influenza Vaccine High-Dose|IM|0.5|mL|SYR|ONCE
Zoster Vaccine Recombinant (Shingrix)|IM|0.5|mL|VIAL|ONCE
Pneumococcal 13-Valent Conjugate Vaccine|IM|0.5|mL|SYR|ONCE
COVID-19 Vaccine mRNA (Pfizer)|IM|0.3|mL|VIAL|ONCE
Rho(D) Immune Globulin|IM|300|mcg|SYR|ONCE
Hepatitis B Immune Globulin|IM|5|mL|VIAL|ONCE
Rabies Immune Globulin|IM|20|UNIT|VIAL|ONCE
Tetanus Immune Globulin|IM|250|UNIT|SYR|ONCE
Prenatal Vitamins|PO|1|TAB|TAB|DAILY
Levonorgestrel-Ethinyl Estradiol|PO|1|TAB|TAB|DAILY
Emergency Contraceptive (Levonorgestrel)|PO|1.5|mg|TAB|ONCE
Atovaquone-Proguanil|PO|1|TAB|TAB|DAILY
Pre-op Chlorhexidine Cloth|TP|1|Appl|PKG|ONCE
Povidone-Iodine Nasal Swab|NU|1|Appl|PKG|ONCE
Cefazolin 2g (Pre-op)|IV|2|g|VIAL|ONCE|a|iso_dex
Famotidine (Pre-op)|PO|20|mg|TAB|ONCE
Sodium Citrate-Citric Acid|PO|30|mL|UDCUP|ONCE
Gabapentin (Pre-op)|PO|300|mg|CAP|ONCE
Celecoxib (Pre-op)|PO|400|mg|CAP|ONCE
Acetaminophen (Pre-op)|PO|1000|mg|TAB|ONCE
Scopolamine Patch (Pre-op)|TD|1|PTCH|PTCH|ONCE
"""),
]


def tail_drugs() -> list[tuple]:
    """Every tail drug as a meds.DRUGS-shaped row, with its pool tag, rank and ICU item.

    Returns (key, drug, route, dose_val, dose_unit, prod_strength, form_val_disp, form_unit_disp, frequency,
    proc_type, admin_type, formulary_drug_cd, base, icu_itemid, tag, rank, icu_category, icu_unit).
    rank orders drugs from common to rare for the Zipf weights, interleaving the sections.
    """
    rows, n_icu = [], 0
    for s, (tag, block) in enumerate(SECTIONS):
        for j, line in enumerate(x for x in block.strip().splitlines() if x.strip()):
            name, route, dose, unit, form, freq, *rest = line.split("|")
            icu, base = (rest + ["", ""])[:2]
            if freq not in FREQUENCIES:
                raise ValueError(f"meds_tail: unknown frequency {freq!r} for {name!r}")
            if base and base not in BASES:
                raise ValueError(f"meds_tail: unknown base {base!r} for {name!r}")
            icu_itemid = icu_cat = icu_unit = None
            if icu:
                icu_itemid, n_icu = TAIL_ICU_ITEMID_BASE + n_icu, n_icu + 1
                icu_cat = ICU_CATEGORY[icu]
                icu_unit = "dose" if icu == "a" else ICU_UNIT.get(unit, unit)
            proc = ("IV Large Volume" if freq == "CONTINUOUS" and route.startswith("IV")
                    else "IV Piggyback" if base else "Unit Dose")
            admin = ("IV Infusion" if freq == "CONTINUOUS" else "Transdermal Patch" if route == "TD"
                     else "Standard Maintenance Medication")
            code = "".join(c for c in name.upper() if c.isalpha())[:4] + dose.replace(".", "")[:4] + route[:1]
            rows.append(((j, s), (f"tail:{s}:{j}", name, route, dose, unit, f"{dose} {unit} {form}", "1", form,
                         freq, proc, admin, code, base or None, icu_itemid, tag, icu_cat, icu_unit)))
    order = sorted(range(len(rows)), key=lambda i: rows[i][0])
    rank = {i: r for r, i in enumerate(order)}
    return [(*r[:14], r[14], rank[i], *r[15:]) for i, (_, r) in enumerate(rows)]


def icu_items() -> list[tuple]:
    """d_items rows (itemid, label, abbreviation, linksto, category, unitname, param_type, low, high)."""
    return [(d[13], d[1], d[1], "inputevents", d[16], d[17], "Solution", None, None)
            for d in tail_drugs() if d[13] is not None]
