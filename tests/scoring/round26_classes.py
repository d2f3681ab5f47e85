"""The classes the twenty-fifth grader found, tried with answers of my own: a code's gloss whose words are all
in the title but in another meaning (with and without moved, a rank or a count: "secondary" for "primary",
"both" for "right"), a sibling two characters away or named with abbreviations, a gloss before the code or
around it in prose, glosses in a list of codes; item facts without a key (a table, a unit, a category); the
asked item's figure beside a time or as a fraction; reference limits in a bare range; "none" with what the
patient received; GCS components in any order, pulse pressure, an offset in hours, the value's own rate
alone in a bracket; parts as products or in another unit, and a part larger than the whole. Rejects and
accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QDX = 'What was the principal ICD-10 diagnosis code (seq_num 1) of admission 22223333?'
QRF = 'What is the ICD-10-CM code of the respiratory failure diagnosis of admission 22223333?'
QSET = 'Which ICD-10 diagnosis codes were recorded for admission 22223333?'
QITEM = "What is the itemid of 'Respiratory Rate' in d_items?"
QPEEP = "What was the first 'PEEP set' value (cmH2O) charted in ICU stay 30001111?"
QFIO2 = "What was the first 'Inspired O2 Fraction' (FiO2, %) charted in ICU stay 30001111?"
QREF = 'What was the ref_range_lower of the sodium result with charttime 2155-02-01 06:00 (mEq/L)?'
QNONE = 'Which antifungals were given during admission 22223333?'
QGCS = 'What was the lowest total GCS (eye + verbal + motor) charted in ICU stay 30001111?'
QBP = "What blood pressure (omr result_name 'Blood Pressure') was recorded for patient 10088888 on 2155-01-20?"
QDOD = 'What is the date of death (patients.dod) of patient 10088888?'
QOUT = 'What was the total chest tube output (outputevents, mL) on 2155-02-01 for ICU stay 30001111?'
QIN = 'What total amount (mL) of lactated Ringers was given in inputevents during ICU stay 30001111?'

CASES = [
    # the title's words in another meaning
    ('E11.641 (type 2 diabetes with coma, without hypoglycemia)', 'string/code', 'E11641', W, QDX),
    ('E11.641 (type 2 diabetes with hypoglycemia with coma)', 'string/code', 'E11641', C, QDX),
    ('I10 (secondary hypertension)', 'string/code', 'I10', W, QDX),
    ('I10 (essential hypertension)', 'string/code', 'I10', C, QDX),
    ('I10 (primary diagnosis)', 'string/code', 'I10', C, QDX),
    ('I82.401 (DVT of both legs)', 'string/code', 'I82401', W, QDX),
    ('E11.00 (type 2 diabetes with hyperosmolarity with coma)', 'string/code', 'E1100', W, QDX),
    ('E11.00 (type 2 diabetes with hyperosmolarity, without coma)', 'string/code', 'E1100', C, QDX),
    # a sibling two characters away, or in abbreviations
    ('J96.22 (acute respiratory failure with hypercapnia)', 'string/code', 'J9622', W, QDX),
    ('J96.22 (acute and chronic respiratory failure with hypercapnia)', 'string/code', 'J9622', C, QDX),
    ('I50.33 (chronic diastolic HF)', 'string/code', 'I5033', W, QDX),
    # around the code, in prose
    ('STEMI: I21.4', 'string/code', 'I214', W, QDX),
    ('I21.4, the NSTEMI code', 'string/code', 'I214', C, QDX),
    ('The principal diagnosis was I21.4, not I21.3.', 'string/code', 'I214', C, QDX),
    ('NSTEMI (I21.4)', 'string/code', 'I214', C, QDX),
    ('STEMI (I21.4)', 'string/code', 'I214', W, QDX),
    # in a list of codes
    ('I21.4 (NSTEMI), N17.9 (acute kidney failure with tubular necrosis)', 'set/code', ['I214', 'N179'], W, QSET),
    ('I21.4 (NSTEMI), N17.9 (AKI)', 'set/code', ['I214', 'N179'], C, QSET),
    ('I21.4 (NSTEMI), E11.9 (T1DM)', 'set/code', ['I214', 'E119'], W, QSET),
    ('I21.4 (NSTEMI), E11.9 (T2DM)', 'set/code', ['I214', 'E119'], C, QSET),
    # words the question uses count too
    ('Acute hypoxic respiratory failure: J96.21', 'string/code', 'J9621', W, QRF),
    ('Acute and chronic hypoxic respiratory failure: J96.21', 'string/code', 'J9621', C, QRF),
    # item facts without a key
    ('220210 (in outputevents)', 'number/identifier', 220210, W, QITEM),
    ('220210 (RR, bpm, chartevents)', 'number/identifier', 220210, W, QITEM),
    ('220210 (RR, insp/min, chartevents)', 'number/identifier', 220210, C, QITEM),
    ('220210 (units: breaths/min)', 'number/identifier', 220210, C, QITEM),
    # the asked item's figure
    ('6 (first PEEP set at 07:00 was 10)', 'number/measurement', 6, W, QPEEP),
    ('6 (PEEP raised to 10 at 14:00)', 'number/measurement', 6, C, QPEEP),
    ('35% (FiO2 .5)', 'number/measurement', 35, W, QFIO2),
    ('35% (FiO2 35)', 'number/measurement', 35, C, QFIO2),
    # reference limits
    ('136 (136-145)', 'number/measurement', 136, C, QREF),
    ('136 (135-145)', 'number/measurement', 136, W, QREF),
    ('136 (lower 135)', 'number/measurement', 136, W, QREF),
    # "none" with what the patient received
    ('None (the patient received fluconazole)', 'set/string!', [], W, QNONE),
    ('None; the patient did get micafungin', 'set/string!', [], W, QNONE),
    ('None (the patient received fluconazole in a prior admission)', 'set/string!', [], C, QNONE),
    # GCS in any order, pulse pressure, an offset in hours, a rate alone in a bracket
    ('8 (M4 V1 E2)', 'number/count', 8, W, QGCS),
    ('7 (M4 V1 E2)', 'number/count', 7, C, QGCS),
    ('140/90 (pulse pressure 40)', 'string/string', '140/90', W, QBP),
    ('140/90 (pulse pressure 50)', 'string/string', '140/90', C, QBP),
    ('2155-03-04 (48 hours after the 2155-03-01 discharge)', 'date/date', '2155-03-04', W, QDOD),
    ('2155-03-04 (72 hours after the 2155-03-01 discharge)', 'date/date', '2155-03-04', C, QDOD),
    ('720 mL (2 mL/min)', 'number/measurement', 720, W, QOUT),
    ('720 mL (0.5 mL/min)', 'number/measurement', 720, C, QOUT),
    # parts as products, in another unit, and a part larger than the whole
    ('1,800 mL (3 x 500 mL + 200 mL)', 'number/measurement', 1800, W, QIN),
    ('1,800 mL (3 x 500 mL + 300 mL)', 'number/measurement', 1800, C, QIN),
    ('1,800 mL (one 1 L bag and 600 mL)', 'number/measurement', 1800, W, QIN),
    ('1,800 mL (one 1 L bag and 800 mL)', 'number/measurement', 1800, C, QIN),
    ('1,800 mL (of which 2,000 mL as boluses)', 'number/measurement', 1800, W, QIN),
    ('1,800 mL (of which 1,000 mL as boluses)', 'number/measurement', 1800, C, QIN),
]
