"""The classes the twenty-second grader found, tried with answers of my own: a list in "time order" whose own
times order it otherwise; a conversion written with "≈"; a BMI beside the weight and height that make another; a
median outside its own IQR; a total beside parts that multiply to another; a bracket with another strength or
another stored code ("Dextrose 5% (D10W)", "BID (Q12H)"); glosses of the value by its own words, a source, a unit,
a count or a synonym of a stored code (all remarks); a rate per kg asked and given without the kg, or beside an
absolute rate its weight does not give; the value of another day than the question's; a solution of another
strength; a breakdown whose asked part is another figure; another item counted with the asked one; a first item
its own words put after another. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QSVC = 'List the services of admission 27778888 in time order.'
SVC = ['MED', 'CSURG', 'CMED']
QWT = 'What weight (lbs) was recorded in omr for patient 10066666 on 2151-04-10 (1 decimal)?'
QBMI = 'What was the latest BMI (kg/m2) recorded in omr for patient 10066666 (1 decimal)?'
QLOS = 'What was the median ICU length of stay (days) of MICU stays, rounded to 1 decimal?'
QIN = 'What total amount (mL) of NaCl 0.9% was given in inputevents during ICU stay 36667777 (1 decimal)?'
QITEM = 'Which inputevents item had the largest total amount (mL) in ICU stay 36667777?'
QFREQ = 'What was the frequency of the metoprolol order in pharmacy for admission 27778888?'
QROUTE = 'By what route was metoprolol prescribed during admission 27778888?'
QRATE = 'What was the rate of the first vasopressin infusion of ICU stay 36667777 (units/kg/hour, 3 decimals)?'
QOUT = 'What was the total Foley urine output (outputevents, mL) on 2151-04-11 for ICU stay 36667777?'
QOUTN = 'How many Foley outputevents rows were recorded in ICU stay 36667777?'
QFIRST = 'Which procedureevents item (d_items.label) was recorded first in ICU stay 36667777?'
QPROC = 'What is the long_title of ICD-9 procedure code 3995?'

CASES = [
    # a list in time order against its own times
    ('1. MED (2151-04-09 08:00)\n2. CSURG (2151-04-12 10:00)\n3. CMED (2151-04-11 09:00)', 'list/string^', SVC, NC, QSVC),
    ('1. MED (2151-04-09 08:00)\n2. CSURG (2151-04-10 10:00)\n3. CMED (2151-04-11 09:00)', 'list/string^', SVC, C, QSVC),
    # a conversion with "≈", a BMI beside its parts, a median outside its IQR, a product
    ('176.4 lbs (\u2248 86.0 kg)', 'number/measurement:1', 176.4, NC, QWT),
    ('176.4 lbs (\u2248 80.0 kg)', 'number/measurement:1', 176.4, C, QWT),
    ('29.1 (80 kg, 175 cm)', 'number/measurement:1', 29.1, NC, QBMI),
    ('26.1 (80 kg, 175 cm)', 'number/measurement:1', 26.1, C, QBMI),
    ('median 2.8 (IQR 3.0-5.5)', 'number/measurement:1', 2.8, NC, QLOS),
    ('median 2.8 (IQR 1.6-5.5)', 'number/measurement:1', 2.8, C, QLOS),
    ('1,500.0 mL (4 bags of 250 mL)', 'number/measurement:1', 1500.0, NC, QIN),
    ('1,500.0 mL (6 bags of 250 mL)', 'number/measurement:1', 1500.0, C, QIN),
    # another strength or stored code in the bracket, against glosses of the value
    ('Dextrose 5% (D50W)', 'string/string', 'Dextrose 5%', W, QITEM),
    ('Dextrose 5% (D5W)', 'string/string', 'Dextrose 5%', C, QITEM),
    ('D5W (Dextrose 5%)', 'string/string', 'Dextrose 5%', C, QITEM),
    ('BID (Q8H)', 'string/string', 'BID', W, QFREQ),
    ('PO (PR)', 'string/string', 'PO', W, QROUTE),
    ('PO (oral)', 'string/string', 'PO', C, QROUTE),
    ('PO (per pharmacy)', 'string/string', 'PO', C, QROUTE),
    ('PO (two orders)', 'string/string', 'PO', C, QROUTE),
    ('Hemodialysis (dialysis)', 'string/string', 'Hemodialysis', C, QPROC),
    ('Hemodialysis (peritoneal)', 'string/string', 'Hemodialysis', W, QPROC),
    # a rate per kg
    ('0.030 units/hour', 'number/measurement:3', 0.03, NC, QRATE),
    ('0.030 units/kg/hour (2.4 units/hour at 80 kg)', 'number/measurement:3', 0.03, C, QRATE),
    ('0.030 units/kg/hour (3.6 units/hour at 80 kg)', 'number/measurement:3', 0.03, NC, QRATE),
    # another day, another strength, a breakdown, another item counted too
    ('1,200 mL on 2151-04-12', 'number/count', 1200, NC, QOUT),
    ('1,200 mL on 2151-04-11', 'number/count', 1200, C, QOUT),
    ('1,500.0 mL of NaCl 0.45%', 'number/measurement:1', 1500.0, NC, QIN),
    ('1,500.0 mL of NaCl 0.9%', 'number/measurement:1', 1500.0, C, QIN),
    ('1,200 mL (900 Foley + 300 Void)', 'number/count', 1200, NC, QOUT),
    ('1,200 mL (1,200 Foley; no Void)', 'number/count', 1200, C, QOUT),
    ('41 rows (Foley and Void combined)', 'number/count', 41, NC, QOUTN),
    ('41 rows of Foley output', 'number/count', 41, C, QOUTN),
    # a first item its own words put after another
    ('Arterial Line (inserted after the Chest X-Ray)', 'string/string', 'Arterial Line', NC, QFIRST),
    ('Arterial Line (inserted after ICU admission)', 'string/string', 'Arterial Line', C, QFIRST),
]
