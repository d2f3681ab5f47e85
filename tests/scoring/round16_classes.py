"""The classes the sixteenth grader found, tried with answers of my own: a value from another MIMIC-IV table than
the one the question names, or the asked table said to have no rows; a lab value's own SI conversion
(creatinine, glucose); a change its own arrow of two values does not give; a no that says "it was higher", a yes
that says "lower", a negated comparative ("Not lower"); a MAP computed from a cuff pressure; a temperature in
Fahrenheit against a limit in Celsius; readings set aside for an extreme; two clock times on one day against the
hours; quartiles against the IQR; anchor_age arithmetic against the age; the question's own admission given
another figure than the value's clause. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QPD = 'On which date was the first ICD procedure of admission 23620002 performed (procedures_icd chartdate)?'
QCR = 'What was the first serum creatinine of patient 10070011 during admission 24730003, in mg/dL, rounded to 1 decimal?'
QGLU = 'What was the first glucose of patient 10070011 during admission 24730003, in mg/dL?'
QCD = 'What was the change in serum creatinine (last minus first, mg/dL) of patient 10070011 during admission 24730003, rounded to 1 decimal?'
QUP = 'Was the last serum creatinine of patient 10070011 during admission 24730003 higher than the first?'
QMAP = 'What was the lowest mean arterial pressure (invasive, itemid 220052) of patient 10071122 during ICU stay 37840004, in mmHg?'
QFEV = 'Did patient 10072233 have any temperature of 38.0 °C or higher during ICU stay 38950005?'
QSPO = 'What was the lowest SpO2 of patient 10073344 during ICU stay 39060006, in %?'
QHRS = 'How many hours passed between admittime and the ICU intime of stay 30450008 for admission 26280008, rounded to 1 decimal?'
QIQR = 'What was the interquartile range (Q3 minus Q1) of hospital length of stay in days across all admissions, rounded to 2 decimals?'
QAGE = 'How old was patient 10075566 at admission 28400010 (anchor_age plus years since anchor_year)?'
QND = 'How many distinct drugs were prescribed to patient 10076677 during admission 29510011?'
QLAB = 'How many lab tests were recorded in labevents for admission 29510011?'

CASES = [
    ('2153-04-11 (from hcpcsevents)', 'date/date', '2153-04-11', W, QPD),
    ('2153-04-11, the chartdate of the first procedures_icd row (seq_num 1).', 'date/date', '2153-04-11', C, QPD),
    ('2153-04-11; hcpcsevents has a CPT event two days later.', 'date/date', '2153-04-11', C, QPD),
    ('2153-04-11 - but procedures_icd has no rows for this admission, so this is from another table.', 'date/date', '2153-04-11', W, QPD),
    ('First creatinine 2.4 mg/dL (212 umol/L).', 'number/measurement:1', 2.4, C, QCR),
    ('2.4 mg/dL (about 300 µmol/L)', 'number/measurement:1', 2.4, W, QCR),
    ('First glucose 180 mg/dL (10.0 mmol/L)', 'number/measurement', 180, C, QGLU),
    ('First glucose 180 mg/dL (8.0 mmol/L)', 'number/measurement', 180, W, QGLU),
    ('-0.9 mg/dL (2.4 -> 1.5)', 'number/measurement:1', -0.9, C, QCD),
    ('-0.9 (2.4 → 1.4)', 'number/measurement:1', -0.9, W, QCD),
    ('-0.9 mg/dL: from 2.4 to 1.5', 'number/measurement:1', -0.9, C, QCD),
    ('No, it was lower: 2.4 first, 1.9 last.', 'boolean/boolean', False, C, QUP),
    ('No - the last value was lower.', 'boolean/boolean', False, C, QUP),
    ('Yes, it was lower.', 'boolean/boolean', True, W, QUP),
    ('No; it increased from 2.4 to 2.9.', 'boolean/boolean', False, NC, QUP),
    ('Not higher - it fell to 1.9.', 'boolean/boolean', False, C, QUP),
    ('Not lower.', 'boolean/boolean', False, NC, QUP),
    ('Yes, higher (2.4 -> 2.9).', 'boolean/boolean', True, C, QUP),
    ('58 mmHg (invasive arterial line, itemid 220052)', 'number/measurement', 58, C, QMAP),
    ('58 mmHg, calculated from the 90/42 cuff pressure.', 'number/measurement', 58, NC, QMAP),
    ('MAP 58 mmHg (computed from BP 100/40)', 'number/measurement', 58, W, QMAP),
    ('Yes, 101.3 °F (38.5 °C) on day 2.', 'boolean/boolean', True, C, QFEV),
    ('Yes, a maximum of 100.0 °F.', 'boolean/boolean', True, W, QFEV),
    ('No, the maximum was 99.1 °F.', 'boolean/boolean', False, C, QFEV),
    ('No, the highest was 101.0 F.', 'boolean/boolean', False, W, QFEV),
    ('86% (excluding duplicates)', 'number/measurement', 86, C, QSPO),
    ('86% after dropping the artifact readings below 70%.', 'number/measurement', 86, W, QSPO),
    ('86%, ignoring two spurious values', 'number/measurement', 86, W, QSPO),
    ('86%', 'number/measurement', 86, C, QSPO),
    ('15.3 hours (admitted 2150-05-04 08:12, ICU intime 23:30).', 'number/measurement:1', 15.3, C, QHRS),
    ('15.3 hours (admitted 2150-05-04 08:12, ICU intime 22:30).', 'number/measurement:1', 15.3, W, QHRS),
    ('4.12 days (Q1 1.90, Q3 6.02)', 'number/measurement:2', 4.12, C, QIQR),
    ('IQR 4.12 days (IQR 1.90-6.02)', 'number/measurement:2', 4.12, C, QIQR),
    ('4.12 (Q1 2.00, Q3 6.02)', 'number/measurement:2', 4.12, W, QIQR),
    ('63 years (anchor_age 60, anchor_year 2150, admitted 2153)', 'number/measurement', 63, C, QAGE),
    ('64 (anchor_age 60, anchor_year 2150, admission year 2153)', 'number/measurement', 64, W, QAGE),
    ('12 distinct drugs; admission 29510011 had 12 as well.', 'number/count', 12, C, QND),
    ('12 distinct drugs in total; admission 29510011 alone had 9.', 'number/count', 12, W, QND),
    ('540 lab tests (labevents rows for hadm_id 29510011).', 'number/count', 540, C, QLAB),
    ('540 chartevents rows for the admission.', 'number/count', 540, W, QLAB),
]
