"""The classes the seventeenth grader found on population-level questions, tried with answers of my own: a yes /
no on two groups compared that the answer's own figures or words put the other way round; a difference of two
groups its own counts do not give, or stated backwards; a trend "every year" its own series breaks, or "yes,
except"; a yes / no taken back ("Wait - ... so no"); a rate or an average its own quotient does not give; an
APR-DRG level against its label; a balance against its own input and output; a missing value counted as one of
the distinct; a table keyed by another date column; a unit of energy for a volume; a partial sum admitted; an
answer the agent says cannot be determined. Rejects and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QSEX = 'Were there more female than male patients with a heart failure diagnosis?'
QINS = 'Was the 30-day readmission rate lower among Medicaid admissions than among Medicare admissions?'
QDIFF = 'How many more admissions of female patients than of male patients were there?'
QTREND = 'Did the number of ICU stays increase every year from 2150 to 2153?'
QRATE = 'What was the in-hospital mortality rate (%) of emergency admissions, rounded to 1 decimal?'
QAVG = 'What is the average number of prescriptions per admission, rounded to 2 decimals?'
QSEV = 'What was the APR-DRG severity (drg_severity) of admission 26700103?'
QNET = 'What was the net fluid balance of patient 10040025 during ICU stay 31205490, in mL?'
QNCG = 'How many distinct caregivers (caregiver_id) documented chartevents during ICU stay 31500101?'
QYR = 'How many admissions were there in each year from 2150 to 2152 (by admittime)?'
QVOL = 'How much water (ingredientevents, amount in mL) did patient 10080012 receive during ICU stay 33900105?'
QD = 'What was the APR-DRG risk of mortality (drg_mortality) of admission 26700103?'

CASES = [
    ('Yes: 1,410 women vs 1,388 men.', 'boolean/boolean', True, C, QSEX),
    ('No: 1,388 women vs 1,410 men.', 'boolean/boolean', False, C, QSEX),
    ('Yes, 1,388 female vs 1,410 male.', 'boolean/boolean', True, W, QSEX),
    ('No - more men than women.', 'boolean/boolean', False, C, QSEX),
    ('No - more women than men.', 'boolean/boolean', False, W, QSEX),
    ('Yes (Medicaid 14.2% vs Medicare 17.9%).', 'boolean/boolean', True, C, QINS),
    ('Yes (Medicaid 19.2% vs Medicare 17.9%).', 'boolean/boolean', True, W, QINS),
    ('Yes, Medicare had the higher rate.', 'boolean/boolean', True, C, QINS),
    ('Yes, Medicaid had the higher rate.', 'boolean/boolean', True, W, QINS),
    ('1,204 more (F 11,002 vs M 9,798).', 'number/count', 1204, C, QDIFF),
    ('1,204 (F 11,002 vs M 9,898).', 'number/count', 1204, W, QDIFF),
    ('1,204 more male admissions than female ones.', 'number/count', 1204, W, QDIFF),
    ('1,204 more female admissions than male ones.', 'number/count', 1204, C, QDIFF),
    ('Yes: 2150: 1,802; 2151: 1,866; 2152: 1,900; 2153: 1,950.', 'boolean/boolean', True, C, QTREND),
    ('Yes: 2150: 1,802; 2151: 1,866; 2152: 1,850; 2153: 1,950.', 'boolean/boolean', True, W, QTREND),
    ('No (1,802, 1,866, 1,850, 1,950).', 'boolean/boolean', False, C, QTREND),
    ('Yes, apart from 2152.', 'boolean/boolean', True, W, QTREND),
    ('Yes. Wait - 2152 dipped, so no.', 'boolean/boolean', True, W, QTREND),
    ('6.4% (1,200 deaths / 18,750 emergency admissions)', 'number/measurement:1', 6.4, C, QRATE),
    ('6.4% (1,200 deaths / 16,750 emergency admissions)', 'number/measurement:1', 6.4, W, QRATE),
    ('14.37 (336,258 prescriptions / 23,400 admissions)', 'number/measurement:2', 14.37, C, QAVG),
    ('14.37 (336,258 / 24,400)', 'number/measurement:2', 14.37, W, QAVG),
    ('3 (Major)', 'number/count', 3, C, QSEV),
    ('Major (3).', 'number/count', 3, C, QSEV),
    ('3 - Extreme', 'number/count', 3, W, QSEV),
    ('2 (Minor)', 'number/count', 2, W, QD),
    ('+650 mL (input 2450 mL, output 1800 mL)', 'number/measurement', 650, C, QNET),
    ('+650 mL (in 2450, out 1900)', 'number/measurement', 650, W, QNET),
    ('16 caregivers (NULL caregiver_id not counted).', 'number/count', 16, C, QNCG),
    ('16, including the null caregiver.', 'number/count', 16, W, QNCG),
    ('2150: 812; 2151: 845; 2152: 901', 'table/string,count', [[2150, 812], [2151, 845], [2152, 901]], C, QYR),
    ('By dischtime: 2150: 812; 2151: 845; 2152: 901', 'table/string,count', [[2150, 812], [2151, 845], [2152, 901]], W, QYR),
    ('2,450 mL', 'number/measurement', 2450, C, QVOL),
    ('2,450 calories', 'number/measurement', 2450, W, QVOL),
    ('2,450 mL (1,200 + 950 + 300 over three days).', 'number/measurement', 2450, C, QVOL),
    ("2,450 mL for the first day; I haven't summed the rest.", 'number/measurement', 2450, W, QVOL),
    ('Cannot be determined reliably, but the one row says 2.', 'number/count', 2, NC, QD),
]

# scope words that describe another figure the answer states ("(the highest was 15, at ICU discharge)", "; the
# overall ICU mean is 3.02") are no scope of the value; a remark that qualifies the value itself still is
Q_GCS = "What was the lowest total GCS score of patient 10041127 during ICU stay 38002145?"
Q_LOS = "What was the mean ICU length of stay in days for stays whose first care unit was MICU, rounded to 2 decimals?"
CASES += [
    ("Lowest GCS total = 8 (the highest was 15, at ICU discharge).", "number/count", 8, C, Q_GCS),
    ("3.41 days (overall, all units).", "number/measurement:2", 3.41, W, Q_LOS),
    ("3.41 days; that is the overall ICU mean.", "number/measurement:2", 3.41, W, Q_LOS),
    ("8 at ICU discharge.", "number/count", 8, W, Q_GCS),
]
CASES += [
    # a remark after a semicolon written without a space before it is a remark all the same
    ("3.41 days; this is the mean over all units, not MICU.", "number/measurement:2", 3.41, W, Q_LOS),
]
