"""The classes the twenty-fourth grader found, tried with answers of my own: a code glossed with another code's
title (checked against the official CMS titles: a sibling's words, a dropped "non-", laterality, encounter, a
figure or a stage in words or roman numerals), a gloss after a dash or in a JSON title, a code the code sets do
not hold, a title beside another title's code; days written without a year; per-minute rates, rates "over 24 h"
and rates in words; another unit of pressure; parts joined by "and" or ";"; "(+ X)" in a label; a ranking
against its own figures or words; GCS components and responses; a blood pressure's own parts; an offset from
another date; a bracket naming the asked item with another figure; an FiO2 fraction; a reference range; facts
about an item; "none, but ... received". Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QDX = 'What was the principal ICD-10 diagnosis code (seq_num 1) of admission 21112222?'
QPCS = 'What is the ICD-10-PCS code of the first procedure of admission 21112222?'
QHC = 'Which HCPCS code was recorded in hcpcsevents for admission 21112222?'
QOUT = 'What was the total chest tube output (outputevents, mL) on 2154-08-10 for ICU stay 39990000?'
QIN = 'What total amount (mL) of dextrose 5% was given in inputevents during ICU stay 39990000?'
QN = "How many times was heparin administered (emar event_txt = 'Administered') on 2154-08-10?"
QTOP = 'What were the three most frequent admission_types in 2154, most frequent first?'
TOP = ['EW EMER.', 'URGENT', 'ELECTIVE']
QUN = 'How many admissions were there per admission_type in 2154?'
UN = [['EW EMER.', 512], ['URGENT', 301], ['ELECTIVE', 120]]
QGCS = 'What was the lowest total GCS (eye + verbal + motor) charted in ICU stay 39990000?'
QGCSM = "What was the first 'GCS - Motor Response' value (chartevents.value) charted in ICU stay 39990000?"
QBP = "What blood pressure (omr result_name 'Blood Pressure') was recorded for patient 10099999 on 2154-08-01?"
QDOD = 'What is the date of death (patients.dod) of patient 10099999?'
QRR = "What was the first 'Respiratory Rate (Set)' value (insp/min) charted in ICU stay 39990000?"
QFIO2 = "What was the first 'Inspired O2 Fraction' (FiO2, %) charted in ICU stay 39990000?"
QREF = 'What was the ref_range_lower of the sodium result with charttime 2154-08-10 06:00 (mEq/L)?'
QITEM = "What is the itemid of 'Respiratory Rate' in d_items?"
QPEEP = "What was the first 'PEEP set' value (cmH2O) charted in ICU stay 39990000?"
QNONE = 'Which antivirals were given during admission 21112222?'
QTITLE = 'What is the long_title of the principal diagnosis (seq_num 1) of admission 21112222?'
AKF = 'Acute kidney failure, unspecified'
QCHAP = 'Which ICD-10 chapter does the principal diagnosis of admission 21112222 belong to?'

CASES = [
    # a code glossed with another code's title (official titles)
    ('I50.33 (chronic diastolic heart failure)', 'string/code', 'I5033', W, QDX),
    ('I50.33 (acute on chronic diastolic heart failure)', 'string/code', 'I5033', C, QDX),
    ('I50.33 (acute on chronic systolic heart failure)', 'string/code', 'I5033', W, QDX),
    ('J96.02 (acute respiratory failure with hypoxia)', 'string/code', 'J9602', W, QDX),
    ('J96.02 (acute hypercapnic respiratory failure)', 'string/code', 'J9602', C, QDX),
    ('M17.12 (primary osteoarthritis, right knee)', 'string/code', 'M1712', W, QDX),
    ('M17.12 (unilateral primary osteoarthritis, left knee)', 'string/code', 'M1712', C, QDX),
    ('I21.4 (ST elevation MI)', 'string/code', 'I214', W, QDX),
    ('I21.4 (non-ST elevation MI)', 'string/code', 'I214', C, QDX),
    ('E11.9 (type two diabetes with complications)', 'string/code', 'E119', W, QDX),
    ('E11.9 (T2DM without complications)', 'string/code', 'E119', C, QDX),
    ('N18.5 (CKD stage IV)', 'string/code', 'N185', W, QDX),
    ('N18.5 (CKD stage V)', 'string/code', 'N185', C, QDX),
    ('4280 (CHF, unspecified)', 'string/code', '4280', C, QDX),
    ('5A1945Z (ventilation for more than four days)', 'string/code', '5A1945Z', W, QPCS),
    ('5A1945Z (respiratory ventilation, 24-96 consecutive hours)', 'string/code', '5A1945Z', C, QPCS),
    ('I21.4 - STEMI', 'string/code', 'I214', W, QDX),
    ('I21.4 - NSTEMI', 'string/code', 'I214', C, QDX),
    ('{"icd_code": "I50.33", "long_title": "Chronic diastolic (congestive) heart failure"}', 'string/code', 'I5033', W,
     QDX),
    ('{"icd_code": "I50.33", "long_title": "Acute on chronic diastolic (congestive) heart failure"}', 'string/code',
     'I5033', C, QDX),
    ('99232 (initial hospital care)', 'string/code', '99232', NC, QHC),  # no title the scorer can check it against
    ('99232', 'string/code', '99232', C, QHC),
    # a title beside a code whose official title is another
    (AKF + ' (N17.0)', 'string/string', AKF, W, QTITLE),
    ('N17.0: ' + AKF, 'string/string', AKF, W, QTITLE),
    (AKF + ' (N17.9)', 'string/string', AKF, C, QTITLE),
    (AKF + ' (ICD-9 584.9; not N17.0)', 'string/string', AKF, C, QTITLE),
    ('Diseases of the circulatory system (I50.23 is in it)', 'string/string', 'Diseases of the circulatory system', C,
     QCHAP),
    # days written without a year
    ('640 mL (on the 11th)', 'number/measurement', 640, W, QOUT),
    ('640 mL (on the 10th)', 'number/measurement', 640, C, QOUT),
    ('640 mL (the day after)', 'number/measurement', 640, W, QOUT),
    ('640 mL (on 08/11)', 'number/measurement', 640, W, QOUT),
    ('3 (06:00 on the 10th, 12:00 on the 10th, 06:00 on the 11th)', 'number/count', 3, W, QN),
    ('3 (06:00, 12:00 and 18:00 on the 10th)', 'number/count', 3, C, QN),
    # rates against a day's total
    ('640 mL (0.2 mL/min)', 'number/measurement', 640, W, QOUT),
    ('640 mL (0.45 mL/min)', 'number/measurement', 640, C, QOUT),
    ('640 mL (i.e. 50 mL/h over 24 h)', 'number/measurement', 640, W, QOUT),
    ('640 mL (i.e. about 27 mL/h over 24 h)', 'number/measurement', 640, C, QOUT),
    ('640 mL, roughly ten mL an hour', 'number/measurement', 640, W, QOUT),
    ('640 mL (about 27 mL per hour)', 'number/measurement', 640, C, QOUT),
    # another unit of pressure
    ('6 mmHg', 'number/measurement', 6, W, QPEEP),
    ('6 cmH2O', 'number/measurement', 6, C, QPEEP),
    # parts joined by "and" or ";"
    ('1,250 mL (1,000 mL bolus and 200 mL maintenance)', 'number/measurement', 1250, W, QIN),
    ('1,250 mL (bolus 1,000 mL; maintenance 250 mL)', 'number/measurement', 1250, C, QIN),
    # a label that counts another item with it
    ('EW EMER. 512, URGENT (+ OBSERVATION ADMIT) 301, ELECTIVE 120', 'table/string,count', UN, W, QUN),
    # a ranking against its own figures or words
    ('EW EMER. > URGENT > ELECTIVE (55% / 13% / 32%)', 'list/string^', TOP, W, QTOP),
    ('EW EMER. > URGENT > ELECTIVE (55% / 32% / 13%)', 'list/string^', TOP, C, QTOP),
    ('EW EMER., URGENT, ELECTIVE (ELECTIVE ahead of URGENT)', 'list/string^', TOP, W, QTOP),
    # GCS components and responses
    ('9 (E2 V3 M5)', 'number/count', 9, W, QGCS),
    ('9 (E2 V2 M5)', 'number/count', 9, C, QGCS),
    ('Obeys Commands (5)', 'string/string', 'Obeys Commands', W, QGCSM),
    ('Obeys Commands (6)', 'string/string', 'Obeys Commands', C, QGCSM),
    # a blood pressure's own parts
    ('130/70 (systolic 70)', 'string/string', '130/70', W, QBP),
    ('130/70 (MAP 90)', 'string/string', '130/70', C, QBP),
    ('130/70 (MAP 100)', 'string/string', '130/70', W, QBP),
    # an offset from another date
    ('2154-09-02 (five days after the 2154-08-30 discharge)', 'date/date', '2154-09-02', W, QDOD),
    ('2154-09-02 (three days after the 2154-08-30 discharge)', 'date/date', '2154-09-02', C, QDOD),
    # the asked item with another figure; an FiO2 fraction; a reference range
    ('14 (set rate 16)', 'number/measurement', 14, W, QRR),
    ('14 (set 14)', 'number/measurement', 14, C, QRR),
    ('50% (FiO2 0.4)', 'number/measurement', 50, W, QFIO2),
    ('50% (FiO2 0.5)', 'number/measurement', 50, C, QFIO2),
    ('133 (reference range 135-145)', 'number/measurement', 133, W, QREF),
    ('133 (reference range 133-145)', 'number/measurement', 133, C, QREF),
    # facts about an item
    ('220210 (linksto inputevents)', 'number/identifier', 220210, W, QITEM),
    ('220210 (unitname insp/min, linksto chartevents)', 'number/identifier', 220210, C, QITEM),
    # "none, but ... received"
    ('None, but the patient received acyclovir on day 2', 'set/string!', [], W, QNONE),
    ('None, though acyclovir was considered (never given)', 'set/string!', [], C, QNONE),
]
