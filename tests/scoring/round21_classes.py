"""The classes the twenty-first grader found, tried with answers of my own: a sibling value described in a bracket
that opens with a preposition or an article ("(of Chinese descent)", "(for hospice care)", "(the paroxysmal kind)"),
against remarks of rank, provenance, a table or a device; a stay in two time units, or against its own admit and
discharge times, or ended "the same evening"; a count of calendar days against its own dates; a share beside its
part and whole in other word orders; ranked lists with em dashes, "n=" counts and ">" chains; a yes / no on two
groups with "longer" or equal figures; a no whose own gap is inside the asked window; a no that gives an in-hospital
death; an asked column said to be null; a seq_num against "principal"; a yes about a sibling condition. Rejects and
accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QRACE = 'What is the race of patient 10055555 (admissions.race)?'
QDISCH = 'What was the discharge_location of admission 25556666?'
QTITLE = 'What is the long_title of the principal diagnosis of admission 25556666?'
QORG = 'Which organism (org_name) grew in the first positive urine culture of admission 25556666?'
QROUTE = 'What route was recorded for the first vancomycin prescription of admission 25556666?'
QLOS = 'What was the length of stay of admission 25556666 in days (dischtime - admittime), rounded to 2 decimals?'
QCAL = 'How many calendar days (date difference between dischtime and admittime) did admission 25556666 span?'
QCNT = 'How many admissions in the database had a DRG of 470?'
QTOP = 'What are the three most frequent HCFA DRG codes, most frequent first?'
QCMP = 'Was the mean ICU length of stay longer for MICU than for SICU stays?'
QREADM = 'Was patient 10055555 readmitted within 30 days of discharge from admission 25556666?'
QEXP = 'Did the patient die in the hospital during admission 25556666 (hospital_expire_flag)?'
QDOD = 'What is the date of death (dod) of patient 10055555?'
QSEQ = 'At what seq_num was hypertension (4019) coded for admission 25556666?'
QEVER = 'Was patient 10055555 ever diagnosed with hyponatremia?'

CASES = [
    # a sibling value described after a preposition or an article
    ('WHITE (of Russian origin)', 'string/string', 'WHITE', W, QRACE),
    ('WHITE (the Eastern European subgroup)', 'string/string', 'WHITE', W, QRACE),
    ('HOME (with home health services)', 'string/string', 'HOME', W, QDISCH),
    ('HOME (to a rehab facility)', 'string/string', 'HOME', W, QDISCH),
    ('Essential hypertension (of the malignant type)', 'string/string', 'Essential hypertension', W, QTITLE),
    ('ESCHERICHIA COLI (the ESBL-producing strain)', 'string/string', 'ESCHERICHIA COLI', W, QORG),
    # ... and remarks that still are
    ('WHITE (most common race in the cohort)', 'string/string', 'WHITE', C, QRACE),
    ('HOME (as recorded in admissions)', 'string/string', 'HOME', C, QDISCH),
    ('HOME (from admissions.discharge_location)', 'string/string', 'HOME', C, QDISCH),
    ('Essential hypertension (seq_num 1)', 'string/string', 'Essential hypertension', C, QTITLE),
    ('Essential hypertension (from d_icd_diagnoses)', 'string/string', 'Essential hypertension', C, QTITLE),
    ('IV (via PICC)', 'string/string', 'IV', C, QROUTE),
    ('IV (through a CVC)', 'string/string', 'IV', C, QROUTE),
    # a stay against its own units, times or words
    ('6.20 days (148.8 hours)', 'number/measurement:2', 6.2, C, QLOS),
    ('6.20 days (158.8 hours)', 'number/measurement:2', 6.2, NC, QLOS),
    ('6 days and 5 hours (6.20 days)', 'number/measurement:2', 6.2, C, QLOS),
    ('6.20 days (admitted 2150-05-01 08:00, discharged 2150-05-07 12:48)', 'number/measurement:2', 6.2, C, QLOS),
    ('6.20 days (admitted 2150-05-01 08:00, discharged 2150-05-06 12:48)', 'number/measurement:2', 6.2, NC, QLOS),
    ('6.20 days (discharged the same day, 2150-05-01 20:00)', 'number/measurement:2', 6.2, NC, QLOS),
    ('6 (2150-05-01 to 2150-05-07)', 'number/count', 6, C, QCAL),
    ('6 (2150-05-01 to 2150-05-08)', 'number/count', 6, NC, QCAL),
    # a share beside its part and whole
    ('812 (1.6% of 51,000)', 'number/count', 812, C, QCNT),
    ('812 (2.6% of 51,000)', 'number/count', 812, NC, QCNT),
    ('812 admissions of 51,000 (1.6%)', 'number/count', 812, C, QCNT),
    ('812 admissions of 51,000 (6.1%)', 'number/count', 812, NC, QCNT),
    # ranked lists in other forms
    ('1. 470 \u2014 1,020\n2. 871 \u2014 980\n3. 291 \u2014 1,110', 'list/code^', ['470', '871', '291'], NC, QTOP),
    ('1. 470 \u2014 1,120\n2. 871 \u2014 1,020\n3. 291 \u2014 980', 'list/code^', ['470', '871', '291'], C, QTOP),
    ('470 (n=1,120) > 871 (n=1,200) > 291 (n=980)', 'list/code^', ['470', '871', '291'], NC, QTOP),
    ('470 (1,120), 871 (1,020), 291 (1,050)', 'list/code^', ['470', '871', '291'], NC, QTOP),
    ('470 (1,120), 871 (1,020), 291 (980)', 'list/code^', ['470', '871', '291'], C, QTOP),
    # two groups compared
    ('Yes (MICU mean 2.1 days, SICU 3.4 days)', 'boolean/boolean', True, NC, QCMP),
    ('Yes - MICU 3.4 days vs SICU 3.4 days', 'boolean/boolean', True, NC, QCMP),
    ('Yes (MICU mean 3.4 days, SICU 2.1 days)', 'boolean/boolean', True, C, QCMP),
    # a no against its own window, its own death
    ('No, the next admission came 12 days after discharge.', 'boolean/boolean', False, NC, QREADM),
    ('No, the next admission came 45 days after discharge.', 'boolean/boolean', False, C, QREADM),
    ('No (deathtime 2150-05-07 12:48)', 'boolean/boolean', False, NC, QEXP),
    ('No; the patient died in the hospital.', 'boolean/boolean', False, NC, QEXP),
    ('No, the patient did not die in the hospital (deathtime is null).', 'boolean/boolean', False, C, QEXP),
    ('No death during the admission; dod 2151-02-02 is after discharge.', 'boolean/boolean', False, C, QEXP),
    # an asked column said to be null
    ('2150-05-07 is the dischtime; dod is null.', 'date/timestamp', '2150-05-07', NC, QDOD),
    ('2150-05-07 (patients.dod)', 'date/timestamp', '2150-05-07', C, QDOD),
    # a seq_num against its own words
    ('2 (the principal diagnosis)', 'number/count', 2, NC, QSEQ),
    ('1 (a secondary diagnosis)', 'number/count', 1, NC, QSEQ),
    ('1 (the principal diagnosis)', 'number/count', 1, C, QSEQ),
    # a yes about a sibling condition
    ('Yes, hypernatremia (E870) on admission 25556666.', 'boolean/boolean', True, NC, QEVER),
    ('Yes, hyponatremia (E871) on admission 25556666.', 'boolean/boolean', True, C, QEVER),
]
