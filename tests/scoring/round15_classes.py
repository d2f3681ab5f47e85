"""The classes the fifteenth grader found on new subjects, tried with answers of my own: conversions of its own
that do not hold (cm and in, kg and lb), a BMI its own weight and height do not give, a change its own two ends
do not give, parts in a remark that add up to another total, a dose per kg or a ratio of counts that gives
another figure, a count of listed items that differs, a figure the answer settles on instead ("which I take as the
answer"); another specimen or blood-gas test (venous, capillary, urine) for an arterial one; the asked thing said
to be absent beside a substitute ("no arterial pO2 was drawn", "the BMI itself was not recorded"); a dose only
scheduled, ordered or held for one given; a part not counted; a yes about another antibiotic; "not negative",
"none ... without growth"; "X only; Y elsewhere"; a table cell with another count in its remark. Rejects and
accepts per class (the accepts: conversions that hold, an ABG named for the arterial test, "no other arterial
samples", duplicates not counted, lists as long as their count)."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QH = 'What was the height of patient 10060566 in cm, rounded to 1 decimal?'
QW = 'What was the admission weight of patient 10060566 in kg, rounded to 1 decimal?'
QBMI = 'What BMI was recorded in omr for patient 10060677 at the 2154-03-02 visit, rounded to 1 decimal?'
QPH = 'What was the lowest arterial pH of patient 10061343 during admission 21005456, rounded to 2 decimals?'
QPO2 = 'What was the first arterial pO2 of patient 10061343 during admission 21005456, in mmHg?'
QWC = 'What was the change in weight (kg) of patient 10061565 from ICU admission to ICU discharge of stay 36207678 (discharge minus admission), rounded to 1 decimal?'
QEMT = 'When was ceftriaxone first administered to patient 10062009 (emar charttime)?'
QINS = 'How many units of insulin were administered to patient 10062221 on 2157-01-05 according to emar_detail?'
QBCX = 'Was any blood culture of patient 10062443 positive during admission 25208901?'
QRT = 'How many distinct routes appear in the prescriptions of patient 10062110 during admission 23107890?'
QED = 'How many ED stays did patient 10062887 have in 2158?'
QRES = 'Was the Escherichia coli isolate of patient 10060011 (micro_specimen_id 7781234) resistant to ciprofloxacin?'
QDOSE = 'What was the dose (dose_val_rx, in mg) of the first vancomycin prescription of patient 10060233 during admission 22100456?'
QEMC = 'How many heparin administrations were documented in emar for patient 10060455 during admission 24300678?'
QHC = 'Which HCPCS/CPT codes were recorded in hcpcsevents for admission 27701012?'
QTR = "How many transfers (eventtype 'transfer') did patient 10061010 have during admission 28802123?"
QRAT = 'What is the ratio of male to female patients, rounded to 2 decimals?'
QYR = 'How many patients are there per anchor_year_group?'

CASES = [
    ('172.7 cm, i.e. 70 in', 'number/measurement:1', 172.7, W, QH),
    ('172.7 cm (68 in)', 'number/measurement:1', 172.7, C, QH),
    ('172.7 cm (1.727 m)', 'number/measurement:1', 172.7, C, QH),
    ('80.0 kg (190 lb)', 'number/measurement:1', 80.0, W, QW),
    ('80.0 kg (176.4 lb)', 'number/measurement:1', 80.0, C, QW),
    ('BMI 27.4 (weight 90 kg, height 181 cm)', 'number/measurement:1', 27.4, C, QBMI),
    ('BMI 27.4 (weight 90 kg, height 170 cm)', 'number/measurement:1', 27.4, W, QBMI),
    ('27.4; the BMI itself was not recorded, I derived it.', 'number/measurement:1', 27.4, NC, QBMI),
    ('Lowest arterial pH 7.21 (ABG).', 'number/measurement:2', 7.21, C, QPH),
    ('7.21 (arterial blood gas, 2150-01-02 03:00)', 'number/measurement:2', 7.21, C, QPH),
    ('The capillary pH nadir was 7.21.', 'number/measurement:2', 7.21, W, QPH),
    ('pH 7.21 on the VBG', 'number/measurement:2', 7.21, W, QPH),
    ('Lowest arterial pH 7.21; no other arterial samples that day.', 'number/measurement:2', 7.21, C, QPH),
    ('First arterial pO2 68 mmHg.', 'number/measurement', 68, C, QPO2),
    ('The first pCO2 was 68 mmHg.', 'number/measurement', 68, W, QPO2),
    ('68 mmHg; there was no arterial line, so this was a venous sample.', 'number/measurement', 68, W, QPO2),
    ('From 82.1 kg to 78.7 kg: -3.4 kg.', 'number/measurement:1', -3.4, C, QWC),
    ('-3.4 kg (82.1 -> 78.7)', 'number/measurement:1', -3.4, C, QWC),
    ('Weight went from 82.1 to 79.9 kg: -3.4 kg.', 'number/measurement:1', -3.4, W, QWC),
    ("2156-07-21 22:15:00 (event_txt 'Administered')", 'date/timestamp', '2156-07-21 22:15:00', C, QEMT),
    ('2156-07-21 22:15:00, but that dose was held; the first given was at 23:40.', 'date/timestamp', '2156-07-21 22:15:00', W, QEMT),
    ('Ceftriaxone 2156-07-21 22:15:00.', 'date/timestamp', '2156-07-21 22:15:00', C, QEMT),
    ('The first vancomycin dose was at 2156-07-21 22:15:00.', 'date/timestamp', '2156-07-21 22:15:00', W, QEMT),
    ('38 units (glargine 20 U + lispro 18 U).', 'number/measurement', 38, C, QINS),
    ('38 units (20 + 10).', 'number/measurement', 38, W, QINS),
    ('38 units; correction-scale doses were not counted.', 'number/measurement', 38, W, QINS),
    ('38 units (duplicates not counted).', 'number/measurement', 38, C, QINS),
    ('No, all blood cultures were negative.', 'boolean/boolean', False, C, QBCX),
    ('No positive blood cultures.', 'boolean/boolean', False, C, QBCX),
    ('Not one culture was negative.', 'boolean/boolean', False, NC, QBCX),
    ('No growth in any blood culture, apart from a contaminant coagulase-negative staph in one bottle.', 'boolean/boolean', False, NC, QBCX),
    ('4 routes: IV, PO, SC, NG.', 'number/count', 4, C, QRT),
    ('4 routes: IV, PO and SC.', 'number/count', 4, W, QRT),
    ('4 (IV, PO, SC, TP)', 'number/count', 4, C, QRT),
    ('4 distinct routes.', 'number/count', 4, C, QRT),
    ('3 ED stays in 2158.', 'number/count', 3, C, QED),
    ('3 ED visits in 2158: 2158-02-03, 2158-06-12 and 2158-11-30.', 'number/count', 3, C, QED),
    ('3 ED visits (the admissions that followed are not counted).', 'number/count', 3, NC, QED),
    ('Yes; the isolate was R to ciprofloxacin.', 'boolean/boolean', True, C, QRES),
    ('Yes, resistant to ampicillin; ciprofloxacin was intermediate.', 'boolean/boolean', True, W, QRES),
    ('1250 mg (about 18 mg/kg for a 70 kg patient)', 'number/measurement', 1250, C, QDOSE),
    ('1250 mg (15 mg/kg for 70 kg)', 'number/measurement', 1250, W, QDOSE),
    ('1250 mg - that was the cefepime order; vancomycin came after.', 'number/measurement', 1250, W, QDOSE),
    ('14 heparin doses were given (emar).', 'number/count', 14, C, QEMC),
    ('14 heparin administrations documented.', 'number/count', 14, C, QEMC),
    ('14 heparin doses were ordered.', 'number/count', 14, W, QEMC),
    ("14 rows, of which 3 were 'Not Given'.", 'number/count', 14, NC, QEMC),
    ('99223, 99233', 'set/code', ['99223', '99233'], C, QHC),
    ('99223 only; 99233 was not billed.', 'set/code', ['99223', '99233'], W, QHC),
    ('99223 and 99233 only.', 'set/code', ['99223', '99233'], C, QHC),
    ('3 transfers: ED to MICU, MICU to SICU, SICU to Medicine.', 'number/count', 3, C, QTR),
    ('3 transfers: 2150-01-01 and 2150-01-03.', 'number/count', 3, W, QTR),
    ('1.12 (560 male / 500 female)', 'number/measurement:2', 1.12, C, QRAT),
    ('1.12 (500 male / 560 female)', 'number/measurement:2', 1.12, W, QRAT),
    ('2008 - 2010: 310; 2011 - 2013: 295; 2014 - 2016: 280; 2017 - 2019: 115', 'table/string,count', [['2008 - 2010', 310], ['2011 - 2013', 295], ['2014 - 2016', 280], ['2017 - 2019', 115]], C, QYR),
    ('2008 - 2010: 310; 2011 - 2013: 295 (301 with duplicates); 2014 - 2016: 280; 2017 - 2019: 115', 'table/string,count', [['2008 - 2010', 310], ['2011 - 2013', 295], ['2014 - 2016', 280], ['2017 - 2019', 115]], NC, QYR),
    ('172.7 cm, which I take as the answer.', 'number/measurement:1', 172.7, C, QH),
    ('172.7 cm by conversion, but the chart records 170.0 cm, which I take as the answer.', 'number/measurement:1', 172.7, W, QH),
]

# a susceptibility interpretation (microbiologyevents.interpretation) in words or as its letter, the clauses
# about another antibiotic set apart; and a value after "=", "->" or a remark's colon, in single quotes
Q_INTERP = "What was the ciprofloxacin susceptibility interpretation of the Escherichia coli isolated from the urine culture of patient 10060011 (micro_specimen_id 7781234)?"
Q_LANG = "What language is recorded for patient 10049005?"
CASES += [
    ('R', 'string/string', 'R', C, Q_INTERP),
    ('Resistant.', 'string/string', 'R', C, Q_INTERP),
    ("interpretation = 'R'", 'string/string', 'R', C, Q_INTERP),
    ('R - resistant to ciprofloxacin (MIC >=4).', 'string/string', 'R', C, Q_INTERP),
    ('Ciprofloxacin: R (resistant). The same isolate was S to nitrofurantoin.', 'string/string', 'R', C, Q_INTERP),
    ('| antibiotic | interpretation |\n|---|---|\n| CIPROFLOXACIN | R |', 'string/string', 'R', C, Q_INTERP),
    ('S', 'string/string', 'R', W, Q_INTERP),
    ('Susceptible.', 'string/string', 'R', W, Q_INTERP),
    ('Not resistant.', 'string/string', 'R', W, Q_INTERP),
    ('Resistant to levofloxacin; ciprofloxacin S.', 'string/string', 'R', W, Q_INTERP),
    ('R or I', 'string/string', 'R', W, Q_INTERP),
    ('Intermediate (I).', 'string/string', 'R', W, Q_INTERP),
    ('It was resistant, I think.', 'string/string', 'R', W, Q_INTERP),
    ('Sensitive to ciprofloxacin.', 'string/string', 'R', W, Q_INTERP),
    ('Resistant to nitrofurantoin.', 'string/string', 'R', W, Q_INTERP),
    ("Resistant? The column is blank; we inferred it from the MIC.", "string/string", "R", W, Q_INTERP),
    ("language = 'ENGLISH'", "string/string", "ENGLISH", C, Q_LANG),
    ("Language (admissions table): English", "string/string", "ENGLISH", C, Q_LANG),
    ("language -> 'SPANISH'", "string/string", "ENGLISH", W, Q_LANG),
    ("language = 'ENGLISH' for an earlier patient; this one has 'SPANISH'", "string/string", "ENGLISH", W, Q_LANG),
]

# classes of my own beside the grader's: a quantile or a spread for the median, the stop or order time of a
# course for its start, a temperature's own Celsius / Fahrenheit conversion
Q_MEDIAN = "What was the median length of stay in days of ICU stays, rounded to 1 decimal?"
Q_START = "When was vancomycin started for patient 10001217 during admission 24597018?"
Q_TEMP = "What was the highest temperature of patient 10001217 in Celsius, rounded to 1 decimal?"
CASES += [
    ("Q3: 3.4 days", "number/measurement:1", 3.4, W, Q_MEDIAN),
    ("SD 3.4 days", "number/measurement:1", 3.4, W, Q_MEDIAN),
    ("The mode was 3.4 days.", "number/measurement:1", 3.4, W, Q_MEDIAN),
    ("3.4 days (IQR 1.9-5.6)", "number/measurement:1", 3.4, C, Q_MEDIAN),
    ("Median 3.4 days (IQR 1.9-5.6)", "number/measurement:1", 3.4, C, Q_MEDIAN),
    ("Median LOS 3.4 d, mean 4.1 d", "number/measurement:1", 3.4, C, Q_MEDIAN),
    ("Vancomycin was stopped at 2150-01-02 08:00:00.", "date/timestamp", "2150-01-02 08:00:00", W, Q_START),
    ("Discontinued 2150-01-02 08:00:00", "date/timestamp", "2150-01-02 08:00:00", W, Q_START),
    ("The order was verified at 2150-01-02 08:00:00; it started later.", "date/timestamp", "2150-01-02 08:00:00", W,
     Q_START),
    ("Started 2150-01-02 08:00:00 (stopped 2150-01-05).", "date/timestamp", "2150-01-02 08:00:00", C, Q_START),
    ("Vancomycin starttime: 2150-01-02 08:00:00", "date/timestamp", "2150-01-02 08:00:00", C, Q_START),
    ("38.9 \u00b0C (101.2 \u00b0F)", "number/measurement:1", 38.9, W, Q_TEMP),
    ("38.9 C / 100.0 F", "number/measurement:1", 38.9, W, Q_TEMP),
    ("38.9 \u00b0C", "number/measurement:1", 38.9, C, Q_TEMP),
]
