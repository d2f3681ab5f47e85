"""The classes the twentieth grader found, tried with answers of my own: a variant of a stored string written past the
round-19 rule (two brackets, square brackets, a comma or figures inside, a variant in words, a product form or a
route beside a drug, a sibling care unit spelled out after an abbreviation) and the same in sets, lists and tables of
strings; a ranked list whose inline counts, or a list in time order whose own times, order it otherwise; a share its
own counts do not give ("4 (40%) of 11"); a concentration converted by the wrong factor; a count of readings with
some set aside; a count of another thing beside the asked thing's other count; a value held on what counts. Rejects
and accepts per class."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
NC = "not-correct"  # wrong and abstained both fine
QLAB = 'What is the label of itemid 220050 in d_items?'
QUNIT = 'What was the first_careunit of ICU stay 30111222?'
QROUTE = 'What route was recorded for the first heparin prescription of admission 21122334?'
QDRUG = 'Which drug was prescribed most often during admission 21122334?'
QSET = 'Which vital-sign items (d_items labels) were charted in the first hour of ICU stay 30111222?'
VIT = ['Heart Rate', 'Arterial Blood Pressure systolic', 'Temperature Fahrenheit']
QORD = 'What were the first three drugs prescribed during admission 21122334, in order of starttime?'
ORD = ['Aspirin', 'Metoprolol', 'Atorvastatin']
QTRF = 'In chronological order, which careunits did admission 21122334 pass through?'
TRF = ['Emergency Department', 'Coronary Care Unit (CCU)', 'Medicine']
QTOP = 'What were the three most frequently prescribed drugs of admission 21122334, most frequent first?'
QFLAG = 'How many sodium results of admission 21122334 were flagged abnormal?'
QHR = 'How many heart-rate readings below 50 bpm were charted during ICU stay 30111222?'
QTESTS = 'How many distinct lab tests (itemids) were measured during admission 21122334?'
QTROP = 'What was the peak troponin T of admission 21122334, in ng/mL?'
QCR = 'What was the first creatinine of admission 21122334, in mg/dL?'

CASES = [
    # a variant past the round-19 rule
    ('Arterial Blood Pressure systolic (Alarm) (mmHg)', 'string/string', 'Arterial Blood Pressure systolic', W, QLAB),
    ('Arterial Blood Pressure systolic [Alarm]', 'string/string', 'Arterial Blood Pressure systolic', W, QLAB),
    ('Arterial Blood Pressure systolic (Alarm, high)', 'string/string', 'Arterial Blood Pressure systolic', W, QLAB),
    ('Arterial Blood Pressure systolic (Alarm 180 mmHg)', 'string/string', 'Arterial Blood Pressure systolic', W, QLAB),
    ('SC (infusion)', 'string/string', 'SC', W, QROUTE),
    ('Heparin (flush)', 'string/string', 'Heparin', W, QDRUG),
    ('Heparin (Flush 10 units/mL)', 'string/string', 'Heparin', W, QDRUG),
    ('CCU (Cardiac/Vascular)', 'string/string', 'Coronary Care Unit (CCU)', W, QUNIT),
    ('MICU (Medical/Surgical Intensive Care Unit)', 'string/string', 'Medical Intensive Care Unit (MICU)', W, QUNIT),
    # ... and its remarks
    ('Arterial Blood Pressure systolic (ABPs) (mmHg)', 'string/string', 'Arterial Blood Pressure systolic', C, QLAB),
    ('Arterial Blood Pressure systolic [itemid 220050]', 'string/string', 'Arterial Blood Pressure systolic', C, QLAB),
    ('Arterial Blood Pressure systolic (chartevents)', 'string/string', 'Arterial Blood Pressure systolic', C, QLAB),
    ('ABPs (Arterial Blood Pressure systolic)', 'string/string', 'Arterial Blood Pressure systolic', C, QLAB),
    ('SC (subcutaneous)', 'string/string', 'SC', C, QROUTE),
    ('Heparin (SC 5000 units)', 'string/string', 'Heparin', C, QDRUG),
    ('Heparin (prescribed 9 times)', 'string/string', 'Heparin', C, QDRUG),
    ('The CCU.', 'string/string', 'Coronary Care Unit (CCU)', C, QUNIT),
    ('Coronary Care Unit [CCU]', 'string/string', 'Coronary Care Unit (CCU)', C, QUNIT),
    ('Piperacillin/Tazobactam', 'string/string', 'Piperacillin-Tazobactam', C, QDRUG),
    ('Piperacillin', 'string/string', 'Piperacillin-Tazobactam', W, QDRUG),
    # in sets, lists and tables of strings
    ('Heart Rate, Arterial Blood Pressure systolic (Alarm), Temperature Fahrenheit', 'set/string', VIT, W, QSET),
    ('- Heart Rate\n- Arterial Blood Pressure systolic [Alarm]\n- Temperature Fahrenheit', 'set/string', VIT, W, QSET),
    ('Heart Rate; Arterial Blood Pressure systolic (ABPs); Temperature Fahrenheit', 'set/string', VIT, C, QSET),
    ('Heart Rate, Arterial Blood Pressure systolic (chartevents), Temperature Fahrenheit', 'set/string', VIT, C, QSET),
    ('Aspirin (chewable), Metoprolol, Atorvastatin', 'list/string^', ORD, W, QORD),
    ('Aspirin -> Metoprolol -> Atorvastatin', 'list/string^', ORD, C, QORD),
    ('Aspirin > Metoprolol > Atorvastatin', 'list/string^', ORD, C, QORD),
    # a list its own times or counts order otherwise
    ('1. Aspirin (09:10)\n2. Metoprolol (08:45)\n3. Atorvastatin (10:00)', 'list/string^', ORD, NC, QORD),
    ('1. Aspirin (08:10)\n2. Metoprolol (08:45)\n3. Atorvastatin (10:00)', 'list/string^', ORD, C, QORD),
    ('Emergency Department (2150-01-02 10:00) -> Coronary Care Unit (CCU) (2150-01-03 09:00) -> Medicine '
     '(2150-01-02 20:00)', 'list/string^', TRF, NC, QTRF),
    ('Emergency Department (2150-01-02 10:00) -> Coronary Care Unit (CCU) (2150-01-02 14:00) -> Medicine '
     '(2150-01-04 09:00)', 'list/string^', TRF, C, QTRF),
    ('Aspirin (14), Metoprolol (9), Atorvastatin (11)', 'list/string^', ORD, NC, QTOP),
    ('Aspirin (14), Metoprolol (11), Atorvastatin (9)', 'list/string^', ORD, C, QTOP),
    # a share its own counts do not give
    ('6 (50%) of 14 results', 'number/count', 6, NC, QFLAG),
    ('6 (42.9%) of 14 results', 'number/count', 6, C, QFLAG),
    # a concentration converted by the wrong factor
    ('0.12 ng/mL (12 ng/L)', 'number/measurement:2', 0.12, NC, QTROP),
    ('0.12 ng/mL (120 ng/L)', 'number/measurement:2', 0.12, C, QTROP),
    ('1.4 mg/dL (1.4 mg/L)', 'number/measurement:1', 1.4, NC, QCR),
    ('1.4 mg/dL (14 mg/L)', 'number/measurement:1', 1.4, C, QCR),
    # a count of readings with some set aside; a count of another thing beside the asked one's
    ('7 readings, excluding 3 artifact values from a loose lead.', 'number/count', 7, NC, QHR),
    ('7 readings (none excluded).', 'number/count', 7, C, QHR),
    ('6 distinct charttimes (8 results, two repeated).', 'number/count', 6, NC, QFLAG),
    ('31 distinct labels (33 itemids).', 'number/count', 31, NC, QTESTS),
    ('33 distinct itemids.', 'number/count', 33, C, QTESTS),
    # a value held on what counts
    ('Around 1.4 mg/dL, if the pre-admission ED draw counts.', 'number/measurement:1', 1.4, NC, QCR),
    ('1.4 mg/dL (the ED draw before admission was 1.6).', 'number/measurement:1', 1.4, NC, QCR),
]
