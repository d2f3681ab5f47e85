"""The classes the nineteenth grader found on sets, ranked lists and strings, tried with answers of my own: a
string followed by a parenthesis that names a variant of it, which MIMIC stores as another value ("Respiratory Rate
(Total)" is another itemid's label, "BLOOD CULTURE ( MYCO/F LYTIC BOTTLE)" another specimen type), against the
parentheses that only remark on it (an abbreviation, an id, a unit, the asked field named again, a brand beside a
drug); the abbreviation a stored value spells out ("MICU" for "Medical Intensive Care Unit (MICU)"); a set with an
item admitted left out ("plus one more that I did not copy out"); a conclusion that keeps only some of the codes
listed ("so for the admission itself only X and Y"); a ranked list of digits only whose counts rank it otherwise;
a JSON answer whose asked entry stands beside ids or facts about the asked entity, against one where another entry
qualifies it or names a second candidate. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QLAB = 'What is the label of itemid 220045 in d_items?'
QSPEC = 'What was the spec_type_desc of the second microbiology specimen of admission 21122334?'
QUNIT = 'What was the first_careunit of ICU stay 30111222?'
QSVC = 'Which service was admission 21122334 transferred to first?'
QDRUG = 'Which drug was prescribed most often during admission 21122334?'
QSET = 'Which ICD-10 procedure codes were recorded for admission 21122334?'
QNDC = 'Which NDC codes appear in prescriptions for heparin during admission 21122334?'
QTOP = 'What are the 3 most frequent ICD-10 procedure codes in procedures_icd, most frequent first?'
QLOC = 'What was the admission location of admission 21122334?'
TOP = ['02HV33Z', '5A1955Z', '0BH17EZ']
DIG = ['3893', '9604', '9671']
QTOP9 = 'What are the 3 most frequent ICD-9 procedure codes in procedures_icd, most frequent first?'

CASES = [
    # a parenthesis naming a variant: another stored value
    ('Heart Rate (Alarm - High)', 'string/string', 'Heart Rate', W, QLAB),
    ('Heart Rate (Monitor)', 'string/string', 'Heart Rate', W, QLAB),
    ('The label is Heart Rate (Pacer).', 'string/string', 'Heart Rate', W, QLAB),
    ('**Heart Rate** (Set)', 'string/string', 'Heart Rate', W, QLAB),
    ('URINE (Kidney)', 'string/string', 'URINE', W, QSPEC),
    ('SPUTUM (INDUCED)', 'string/string', 'SPUTUM', W, QSPEC),
    ('Glucose (whole blood)', 'string/string', 'Glucose', W, 'What is the label of itemid 50809 in d_labitems?'),
    # ... and the parentheses that only remark on it
    ('Heart Rate (HR)', 'string/string', 'Heart Rate', C, QLAB),
    ('Heart Rate (itemid 220045)', 'string/string', 'Heart Rate', C, QLAB),
    ('Heart Rate (bpm)', 'string/string', 'Heart Rate', C, QLAB),
    ('Heart Rate (as recorded in d_items)', 'string/string', 'Heart Rate', C, QLAB),
    ('The label is Heart Rate (HR).', 'string/string', 'Heart Rate', C, QLAB),
    ('**Heart Rate** (itemid 220045)', 'string/string', 'Heart Rate', C, QLAB),
    ('Arterial Blood Pressure mean (ABPm)', 'string/string', 'Arterial Blood Pressure mean', C,
     'What is the label of itemid 220052 in d_items?'),
    ('SPUTUM (confirmed)', 'string/string', 'SPUTUM', C, QSPEC),
    ('PHYSICIAN REFERRAL (admission location)', 'string/string', 'PHYSICIAN REFERRAL', C, QLOC),
    ('heparin (Hep-Lock)', 'string/string', 'Heparin', NC, QDRUG),  # Hep-Lock: a heparin lock flush, another drug
    ('Heparin (SC)', 'string/string', 'Heparin', C, QDRUG),
    ('F (female)', 'string/string', 'F', C, 'What is the gender of patient 10001234?'),
    ('EW EMER. (emergency ward)', 'string/string', 'EW EMER.', C, 'What was the admission type of admission 21122334?'),
    # the abbreviation a stored value spells out, either way round; another unit's is not it
    ('CVICU', 'string/string', 'Cardiac Vascular Intensive Care Unit (CVICU)', C, QUNIT),
    ('CVICU (Cardiac Vascular Intensive Care Unit)', 'string/string', 'Cardiac Vascular Intensive Care Unit (CVICU)', C,
     QUNIT),
    ('The first careunit was the CVICU.', 'string/string', 'Cardiac Vascular Intensive Care Unit (CVICU)', C, QUNIT),
    ('CCU', 'string/string', 'Cardiac Vascular Intensive Care Unit (CVICU)', W, QUNIT),
    ('MICU/SICU', 'string/string', 'Medical Intensive Care Unit (MICU)', W, QUNIT),
    ('Medical/Surgical Intensive Care Unit (MICU/SICU)', 'string/string', 'Medical Intensive Care Unit (MICU)', W,
     QUNIT),
    ('SICU (Medical Intensive Care Unit)', 'string/string', 'Medical Intensive Care Unit (MICU)', W, QUNIT),
    ('MED', 'string/string', 'MED', C, QSVC),
    # an item admitted left out
    ('02HV33Z and 5A1955Z, plus two more that I did not copy out.', 'set/code', ['02HV33Z', '5A1955Z'], NC, QSET),
    ('02HV33Z, 5A1955Z and one other further down the list.', 'set/code', ['02HV33Z', '5A1955Z'], NC, QSET),
    ('02HV33Z and 5A1955Z (there is a third row I could not copy out).', 'set/code', ['02HV33Z', '5A1955Z'], NC, QSET),
    ('02HV33Z and 5A1955Z.', 'set/code', ['02HV33Z', '5A1955Z'], C, QSET),
    ('02HV33Z and 5A1955Z (both from procedures_icd).', 'set/code', ['02HV33Z', '5A1955Z'], C, QSET),
    # a conclusion that keeps only some of the listed codes
    ('00409490234, 63323026201, 25021040010 - but the last is a flush, so for the heparin orders only 00409490234 and '
     '63323026201.', 'set/code', ['00409490234', '63323026201', '25021040010'], NC, QNDC),
    ('02HV33Z, 5A1955Z, 0BH17EZ; 0BH17EZ was on the ED visit, which leaves only 02HV33Z and 5A1955Z.', 'set/code',
     ['02HV33Z', '5A1955Z', '0BH17EZ'], NC, QSET),
    ('02HV33Z, 5A1955Z, 0BH17EZ - all three on this admission, so no need to keep only 02HV33Z.', 'set/code',
     ['02HV33Z', '5A1955Z', '0BH17EZ'], NC, QSET),
    ('02HV33Z and 5A1955Z, so only 02HV33Z and 5A1955Z for admission 21122334.', 'set/code', ['02HV33Z', '5A1955Z'],
     C, QSET),
    # a ranked list its own counts rank otherwise, in digits only or in words
    ('1. 3893 (4120)\n2. 9604 (3980)\n3. 9671 (4005)', 'list/code^', DIG, NC, QTOP9),
    ('1) 3893 - 4120\n2) 9604 - 4230\n3) 9671 - 3005', 'list/code^', DIG, NC, QTOP9),
    ('1. 3893 (4120)\n2. 9604 (3980)\n3. 9671 (3005)', 'list/code^', DIG, C, QTOP9),
    ('1. 02HV33Z (812)\n2. 5A1955Z (640)\n3. 0BH17EZ (655)', 'list/code^', TOP, NC, QTOP),
    ('1. 02HV33Z (812)\n2. 5A1955Z (640)\n3. 0BH17EZ (601)', 'list/code^', TOP, C, QTOP),
    # a JSON answer: the asked entry beside ids or facts about the asked entity
    ('{"subject_id": 10001234, "first_stay_id": 30111222, "intime": "2150-01-02 03:04"}', 'number/identifier',
     30111222, C, 'What is the stay_id of the first ICU stay of patient 10001234?'),
    ('{"first_stay_id": 30111222, "last_stay_id": 30111299}', 'number/identifier', 30111222, C,
     'What is the stay_id of the first ICU stay of patient 10001234?'),
    ('{"first_stay_id": 30111299, "last_stay_id": 30111222}', 'number/identifier', 30111222, W,
     'What is the stay_id of the first ICU stay of patient 10001234?'),
    ('{"stay_id": 30111222, "other_stay_id": 30111299}', 'number/identifier', 30111222, NC,
     'What is the stay_id of the first ICU stay of patient 10001234?'),
    ('{"itemid": 220045, "label": "Heart Rate", "unitname": "bpm"}', 'number/identifier', 220045, C,
     "What is the itemid of 'Heart Rate' in d_items?"),
    ('{"hadm_id": 21122334, "icd_codes": ["02HV33Z", "5A1955Z"]}', 'set/code', ['02HV33Z', '5A1955Z'], C, QSET),
    ('{"hadm_id": 21122334, "icd_codes": ["02HV33Z"]}', 'set/code', ['02HV33Z', '5A1955Z'], W, QSET),
    ('{"hadm_id": 21122334, "icd_codes": ["02HV33Z", "5A1955Z"], "complete": false}', 'set/code',
     ['02HV33Z', '5A1955Z'], NC, QSET),
    ('{"hadm_id": 21122334, "potassium": 4.1}', 'number/measurement:1', 4.1, C,
     'What was the last potassium of admission 21122334?'),
    ('{"potassium": 4.1, "unit": "mmol/L", "confidence": "low"}', 'number/measurement:1', 4.1, NC,
     'What was the last potassium of admission 21122334?'),
    ('{"drg_type": "HCFA", "drg_severity": 3}', 'number/count', 3, NC,
     'What was the APR-DRG severity (drg_severity) of admission 21122334?'),
]
