"""The classes the fourteenth grader found on ICU subjects, tried with answers of my own: the value given for
another member of the family the question names (fluid output, urine or balance for input; a GCS component for
the total; a sedation score or a pain goal for the pain score; another care unit, service or mode of ventilation;
extubation or re-intubation for intubation; a catheter or a consult for the first dialysis; an age at admission
for the age at death; the first ICU day for the whole stay), the asked event put after the value ("dialysed three
days later"), a value outside the stay, a total with a part left out, a reading in a narrower window, "ever on" for
"while under", a no with an exception that is a yes, a double negative, a yes for something only considered, sums,
GCS components, years and n/total of its own against the value, ranks against counts, "but only X appears", a
none taken back, a figure the answer itself disowns. Rejects and accepts per class (the accepts include answers
that name a second member beside the value, in a remark with its own figures, or after it)."""

from __future__ import annotations

C, W, A = "correct", "wrong", "abstained"
QFIN = 'What was the total fluid input of patient 10040025 during ICU stay 31205490, in mL?'
QUO = 'What was the total urine output of patient 10056745 on the first ICU day, in mL?'
QGCS = 'What was the lowest total GCS score of patient 10041127 during ICU stay 38002145?'
QPAIN = 'What was the highest pain score recorded for patient 10042211 during admission 27711002?'
QVASO = 'Did patient 10043391 receive any vasopressor during ICU stay 36650012?'
QDIAL = 'Did patient 10044102 receive dialysis during admission 21900456?'
QDD = 'On which date did patient 10054519 first receive dialysis?'
QINT = 'When was patient 10055632 first intubated during ICU stay 39911234?'
QVH = 'How many hours of invasive mechanical ventilation did patient 10045560 have during ICU stay 34410987, rounded to 1 decimal?'
QLOS = 'What was the mean ICU length of stay in days for stays whose first care unit was MICU, rounded to 2 decimals?'
QAGE = 'How old was patient 10046771 when they died?'
QSVC = 'How many patients died while under the CSURG service?'
QHADM = 'Which hadm_id of patient 10057858 had the longest ICU stay?'
QTOP = 'What are the 3 most common first care units of ICU stays, most frequent first?'
QPROC = 'Which ICD procedure codes were recorded for admission 23345001?'
QSEP = 'Which ICD diagnosis codes for sepsis were recorded for admission 28880001?'
QHR = 'What was the highest heart rate of patient 10000032 during admission 22595853?'
QCNT = 'How many lab tests were drawn for patient 10000032 during admission 22595853?'

CASES = [
    ('Fluid output for the stay totalled 2,450 mL.', 'number/measurement', 2450, W, QFIN),
    ('Drain output was 2450 mL.', 'number/measurement', 2450, W, QFIN),
    ("The patient's net balance was 2450 mL positive.", 'number/measurement', 2450, W, QFIN),
    ('Input over the first 24 hours: 2450 mL.', 'number/measurement', 2450, W, QFIN),
    ('Total input 2450 mL, excluding blood products.', 'number/measurement', 2450, W, QFIN),
    ('UOP on day 2 was 1180 mL.', 'number/measurement', 1180, W, QUO),
    ('Urine output on the second ICU day was 1180 mL.', 'number/measurement', 1180, W, QUO),
    ('1180 mL of urine over the entire stay.', 'number/measurement', 1180, W, QUO),
    ('Day-1 urine: 1180 mL (800 + 300 = 1100).', 'number/measurement', 1180, W, QUO),
    ('The minimum verbal score was 8.', 'number/count', 8, W, QGCS),
    ('Lowest GCS 8 (E2 V2 M5).', 'number/count', 8, W, QGCS),
    ('Lowest GCS 8 (eye 2, verbal 1, motor 4).', 'number/count', 8, W, QGCS),
    ('Max RASS was 8.', 'number/measurement', 8, W, QPAIN),
    ('The pain target was 8.', 'number/measurement', 8, W, QPAIN),
    ('The highest pain score before surgery was 8.', 'number/measurement', 8, W, QPAIN),
    ('No vasopressors, except a brief dopamine infusion.', 'boolean/boolean', False, W, QVASO),
    ('Nothing besides phenylephrine.', 'boolean/boolean', False, W, QVASO),
    ('Dialysis was recommended but declined by the family.', 'boolean/boolean', True, W, QDIAL),
    ('The temporary dialysis catheter went in on 2151-06-14.', 'date/date', '2151-06-14', W, QDD),
    ('Nephrology consult on 2151-06-14; dialysis two days later.', 'date/date', '2151-06-14', W, QDD),
    ('Extubated 2152-09-03 04:12:00.', 'date/timestamp', '2152-09-03 04:12:00', W, QINT),
    ('Reintubated at 2152-09-03 04:12:00.', 'date/timestamp', '2152-09-03 04:12:00', W, QINT),
    ('Intubated 2152-09-03 04:12:00 at the outside hospital.', 'date/timestamp', '2152-09-03 04:12:00', W, QINT),
    ('52.5 hours of BiPAP.', 'number/measurement:1', 52.5, W, QVH),
    ('The patient was on high-flow for 52.5 hours.', 'number/measurement:1', 52.5, W, QVH),
    ('ICU length of stay: 52.5 hours.', 'number/measurement:1', 52.5, W, QVH),
    ('CVICU mean LOS: 3.41 days.', 'number/measurement:2', 3.41, W, QLOS),
    ('3.41 days for Neuro SICU stays.', 'number/measurement:2', 3.41, W, QLOS),
    ('3.41 days (total 400 days, n = 120)', 'number/measurement:2', 3.41, W, QLOS),
    ('Age at admission: 79.', 'number/measurement', 79, W, QAGE),
    ('79 (born 2060, died 2150)', 'number/measurement', 79, W, QAGE),
    ('7 died on the SURG service.', 'number/count', 7, W, QSVC),
    ('7 patients had been on CSURG at any point before dying.', 'number/count', 7, W, QSVC),
    ('24455667 had the longest hospital stay.', 'number/identifier', 24455667, W, QHADM),
    ('1. MICU - 120\n2. CVICU - 85\n3. SICU - 95', 'list/string^', ['MICU', 'CVICU', 'SICU'], W, QTOP),
    ('02HV33Z and 5A1221Z, but only 02HV33Z was coded.', 'set/code', ['02HV33Z', '5A1221Z'], W, QPROC),
    ('None. Wait, A419 is there.', 'set/string!', [], W, QSEP),
    ('I cannot provide a definitive answer; a rough sum gives 52.5 hours.', 'number/measurement:1', 52.5, A, QVH),
    ('Total fluid input: 2450 mL.', 'number/measurement', 2450, C, QFIN),
    ('2450 mL of fluid input (output 1800 mL, net +650 mL).', 'number/measurement', 2450, C, QFIN),
    ('Intake during ICU stay 31205490 was 2,450 mL.', 'number/measurement', 2450, C, QFIN),
    ('2450 mL', 'number/measurement', 2450, C, QFIN),
    ('First ICU day urine output: 1180 mL (foley 900 + void 280 = 1180).', 'number/measurement', 1180, C, QUO),
    ('Lowest total GCS: 8 (E2 V2 M4).', 'number/count', 8, C, QGCS),
    ('The lowest GCS was 8, on day 2.', 'number/count', 8, C, QGCS),
    ('8 (eye 2, verbal 2, motor 4)', 'number/count', 8, C, QGCS),
    ('The highest pain score was 8, two hours after the analgesic dose.', 'number/measurement', 8, C, QPAIN),
    ('Highest pain score: 8/10.', 'number/measurement', 8, C, QPAIN),
    ('No vasopressors were given.', 'boolean/boolean', False, C, QVASO),
    ('No, none.', 'boolean/boolean', False, C, QVASO),
    ('Yes, dialysis was started on day 2.', 'boolean/boolean', True, C, QDIAL),
    ('First dialysis on 2151-06-14.', 'date/date', '2151-06-14', C, QDD),
    ('2151-06-14 (first CRRT session).', 'date/date', '2151-06-14', C, QDD),
    ('First intubated at 2152-09-03 04:12:00; extubated two days later.', 'date/timestamp', '2152-09-03 04:12:00', C, QINT),
    ('Intubation: 2152-09-03 04:12:00.', 'date/timestamp', '2152-09-03 04:12:00', C, QINT),
    ('52.5 hours of invasive ventilation.', 'number/measurement:1', 52.5, C, QVH),
    ('Ventilated for 52.5 hours during ICU stay 34410987.', 'number/measurement:1', 52.5, C, QVH),
    ('3.41 days (MICU stays).', 'number/measurement:2', 3.41, C, QLOS),
    ('Mean MICU ICU LOS = 3.41 days (n = 120, total 409.2 days).', 'number/measurement:2', 3.41, C, QLOS),
    ('The patient died at 79 (born 2071, died 2150).', 'number/measurement', 79, C, QAGE),
    ('79 years old at death.', 'number/measurement', 79, C, QAGE),
    ('7 patients died while under CSURG.', 'number/count', 7, C, QSVC),
    ('Admission 24455667 (ICU stay of 12.1 days).', 'number/identifier', 24455667, C, QHADM),
    ('1. MICU (120)\n2. CVICU (95)\n3. SICU (85)', 'list/string^', ['MICU', 'CVICU', 'SICU'], C, QTOP),
    ('02HV33Z, 5A1221Z', 'set/code', ['02HV33Z', '5A1221Z'], C, QPROC),
    ('None recorded.', 'set/string!', [], C, QSEP),
    ('The highest heart rate after admission was 131.', 'number/measurement', 131, C, QHR),
    ('42 lab tests during the admission.', 'number/count', 42, C, QCNT),
]

# right answers that name a second member of the family beside the value, in a remark with its own figures,
# or after it; 'deaths' for patients who died, 'first 24 h' for the first ICU day; and a death after discharge
QEMC = 'How many heparin administrations were documented in emar for patient 10060455 during admission 24300678?'
QEMT = 'When was ceftriaxone first administered to patient 10062009 (emar charttime)?'
QMICU = 'How many ICU stays had MICU as their first care unit?'
QICULOS = 'What was the ICU length of stay in days of stay 30000001, rounded to 2 decimals?'
QNET = 'What was the net fluid balance of patient 10040025 during ICU stay 31205490, in mL?'
CASES += [
    ('Total fluid input for ICU stay 31205490: 2450 mL (crystalloids 2000 mL + blood 450 mL).', 'number/measurement', 2450, C, QFIN),
    ('2450 mL were infused during the stay.', 'number/measurement', 2450, C, QFIN),
    ('Sum of inputevents amounts = 2450 mL', 'number/measurement', 2450, C, QFIN),
    ('Net balance +650 mL (in 2450, out 1800).', 'number/measurement', 650, C, QNET),
    ('On the first ICU day the patient made 1180 mL of urine.', 'number/measurement', 1180, C, QUO),
    ('Day 1 UOP: 1180 mL', 'number/measurement', 1180, C, QUO),
    ('1180 mL (first 24 h of the ICU stay)', 'number/measurement', 1180, C, QUO),
    ('The lowest GCS total was 8 (motor 4).', 'number/count', 8, C, QGCS),
    ('Minimum GCS: 8', 'number/count', 8, C, QGCS),
    ('Peak pain score 8/10, after which morphine was given.', 'number/measurement', 8, C, QPAIN),
    ('The highest pain score was 8 (RASS at the time was 0).', 'number/measurement', 8, C, QPAIN),
    ('Highest recorded pain: 8', 'number/measurement', 8, C, QPAIN),
    ('First dialysis: 2151-06-14, two days after the catheter was placed.', 'date/date', '2151-06-14', C, QDD),
    ('Intubated 2152-09-03 04:12:00 (extubated 2152-09-05).', 'date/timestamp', '2152-09-03 04:12:00', C, QINT),
    ('First intubation at 2152-09-03 04:12:00, shortly after ICU admission.', 'date/timestamp', '2152-09-03 04:12:00', C, QINT),
    ('2152-09-03 04:12:00 — the first invasive ventilation event of the stay.', 'date/timestamp', '2152-09-03 04:12:00', C, QINT),
    ('52.5 hours on the ventilator (the ICU stay lasted 96 hours).', 'number/measurement:1', 52.5, C, QVH),
    ('Mechanically ventilated for 52.5 hours.', 'number/measurement:1', 52.5, C, QVH),
    ('MICU stays averaged 3.41 days (SICU: 2.90).', 'number/measurement:2', 3.41, C, QLOS),
    ('The mean length of stay for MICU-first stays is 3.41 days.', 'number/measurement:2', 3.41, C, QLOS),
    ('79 years old when they died (admitted at 78).', 'number/measurement', 79, C, QAGE),
    ('7 deaths occurred while on the CSURG service.', 'number/count', 7, C, QSVC),
    ('14 administrations documented as given in emar.', 'number/count', 14, C, QEMC),
    ('Heparin was administered 14 times (ordered q8h).', 'number/count', 14, C, QEMC),
    ('First ceftriaxone administration: 2156-07-21 22:15:00.', 'date/timestamp', '2156-07-21 22:15:00', C, QEMT),
    ('1,200 ICU stays started in the MICU.', 'number/count', 1200, C, QMICU),
    ('ICU LOS 3.25 days (78 hours).', 'number/measurement:2', 3.25, C, QICULOS),
    ('No vasopressor was given during the stay.', 'boolean/boolean', False, C, QVASO),
    ('No - there were no vasopressor infusions.', 'boolean/boolean', False, C, QVASO),
    ('None were given.', 'boolean/boolean', False, C, QVASO),
    ('Yes (hemodialysis, 3 sessions).', 'boolean/boolean', True, C, QDIAL),
    ('7 CSURG patients died within 30 days after discharge.', 'number/count', 7, W, QSVC),
    ('7 died out of hospital after leaving CSURG.', 'number/count', 7, W, QSVC),
]
