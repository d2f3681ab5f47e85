"""The classes the twenty-third grader found, tried with answers of my own: a bracket that says the stored value is
another ("recorded as"), names a competitor of the value (another drug, lab, stored code or item, beside a
comparison or a time), changes the event ("was held"), mixes a gloss with a variant, names the analyte in another
specimen, or holds another time than the question's; conversions, shares, BMIs, spreads, products and rates per kg
in the forms the checks missed; another day leading the value; items counted together; ranked shares; yes / no
answers whose own words or figures (in other units) say the other. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QROUTE = 'By what route was metoprolol prescribed during admission 28889999?'
QDRUG = 'Which drug was prescribed most often during admission 28889999?'
QUNIT = 'What was the first careunit of admission 28889999 (transfers)?'
QSVC = 'Which service was admission 28889999 under at 2152-06-02 12:00?'
QEMAR = 'What was the event_txt of the emar record for the 2152-06-02 08:00 heparin dose?'
QLAB = 'What is the label of lab itemid 50912 in d_labitems?'
QWT = 'What weight (lbs) was recorded in omr for patient 10077777 on 2152-06-01 (1 decimal)?'
QBMI = 'What was the latest BMI (kg/m2) recorded in omr for patient 10077777 (1 decimal)?'
QPCT = 'What percentage of ICU stays received propofol, rounded to 1 decimal?'
QMED = 'What is the median ICU length of stay (days, 1 decimal) of stays that received propofol?'
QIN = 'What total amount (mL) of Dextrose 5% was given in inputevents during ICU stay 37778888 (1 decimal)?'
QDOSE = 'What total dose (mg) of cefazolin was given during admission 28889999?'
QRATE = 'What was the rate of the first phenylephrine infusion of ICU stay 37778888 (mcg/kg/min, 2 decimals)?'
QOUT = 'What was the total Foley urine output (outputevents, mL) on 2152-06-02 for ICU stay 37778888?'
QTOP = 'Which three careunits had the most ICU stays, most first?'
QYOLD = 'Was patient 10077777 older than 70 at admission 28889999?'
QYLOS = 'Was ICU stay 37778888 longer than 2 days?'
QYBMI = 'Was the latest omr BMI of patient 10077777 above 25?'

CASES = [
    # a bracket that says the stored value is another, or names a competitor
    ('PO (recorded as PO/NG)', 'string/string', 'PO', W, QROUTE),
    ('PO (recorded as PO)', 'string/string', 'PO', C, QROUTE),
    ('PO (charted as oral)', 'string/string', 'PO', C, QROUTE),
    ('Metoprolol (Lisinopril had more orders)', 'string/string', 'Metoprolol', W, QDRUG),
    ('Metoprolol (most orders, 14)', 'string/string', 'Metoprolol', C, QDRUG),
    ('CVICU (after a night in the SICU)', 'string/string', 'CVICU', W, QUNIT),
    ('CVICU (after the ED)', 'string/string', 'CVICU', NC, QUNIT),  # in transfers the ED is a care unit too
    ('Administered (was held)', 'string/string', 'Administered', W, QEMAR),
    ('Administered (as charted)', 'string/string', 'Administered', C, QEMAR),
    ('PO (oral, NG later)', 'string/string', 'PO', W, QROUTE),
    ('Creatinine (urine creatinine)', 'string/string', 'Creatinine', W, QLAB),
    ('Creatinine (serum creatinine)', 'string/string', 'Creatinine', C, QLAB),
    ('CMED (until 2152-06-02 09:00)', 'string/string', 'CMED', NC, QSVC),
    ('CMED (started 2152-06-02 15:00)', 'string/string', 'CMED', NC, QSVC),
    ('CMED (from 2152-06-01 18:00)', 'string/string', 'CMED', C, QSVC),
    # conversions, shares, BMIs, spreads, products, rates per kg
    ('154.3 lb \u2248 80.0 kg', 'number/measurement:1', 154.3, NC, QWT),
    ('154.3 lb \u2248 70.0 kg', 'number/measurement:1', 154.3, C, QWT),
    ('154.3 pounds (80.0 kilograms)', 'number/measurement:1', 154.3, NC, QWT),
    ('31.2% (n = 4,100; N = 15,000)', 'number/measurement:1', 31.2, NC, QPCT),
    ('27.3% (n = 4,100; N = 15,000)', 'number/measurement:1', 27.3, C, QPCT),
    ('27.3% (4,100 of 15,000 = 29.3%)', 'number/measurement:1', 27.3, NC, QPCT),
    ('27.4 (1.75 m, 70 kg)', 'number/measurement:1', 27.4, NC, QBMI),
    ('22.9 (1.75 m, 70 kg)', 'number/measurement:1', 22.9, C, QBMI),
    ('2.5 days (Q1 = 2.8, Q3 = 6.0)', 'number/measurement:1', 2.5, NC, QMED),
    ('2.5 days (Q1 = 1.4, Q3 = 6.0)', 'number/measurement:1', 2.5, C, QMED),
    ('1,000.0 mL (three 250-mL bags)', 'number/measurement:1', 1000.0, NC, QIN),
    ('1,000.0 mL (four 250-mL bags)', 'number/measurement:1', 1000.0, C, QIN),
    ('3,000 mg (two 1 g doses)', 'number/count', 3000, NC, QDOSE),
    ('3,000 mg (three 1 g doses)', 'number/count', 3000, C, QDOSE),
    ('0.50 mcg/kg/hr', 'number/measurement:2', 0.5, NC, QRATE),
    ('0.50 mcg/kg/min (40 mcg/min at 70 kg)', 'number/measurement:2', 0.5, NC, QRATE),
    ('0.50 mcg/kg/min (35 mcg/min at 70 kg)', 'number/measurement:2', 0.5, C, QRATE),
    # another day leading the value; items counted together
    ('On 2152-06-03: 950 mL', 'number/count', 950, NC, QOUT),
    ('On 2152-06-02: 950 mL', 'number/count', 950, C, QOUT),
    ('950 mL (Foley + Void)', 'number/count', 950, NC, QOUT),
    ('950 mL (incl. 200 mL Void)', 'number/count', 950, NC, QOUT),
    # ranked shares
    ('CVICU (35%), MICU (28%), SICU (31%)', 'list/string^', ['CVICU', 'MICU', 'SICU'], NC, QTOP),
    ('CVICU (35%), MICU (31%), SICU (28%)', 'list/string^', ['CVICU', 'MICU', 'SICU'], C, QTOP),
    # yes / no against its own words or figures
    ('No, aged 74', 'boolean/boolean', False, NC, QYOLD),
    ('No, aged 68', 'boolean/boolean', False, C, QYOLD),
    ('No, 60 hours', 'boolean/boolean', False, NC, QYLOS),
    ('No, 40 hours', 'boolean/boolean', False, C, QYLOS),
    ('No \u2014 24.1, which exceeds 25', 'boolean/boolean', False, NC, QYBMI),
    ('No \u2014 24.1, below 25', 'boolean/boolean', False, C, QYBMI),
]
