"""A fifteenth graded corpus, written by another independent adversarial grader (issue 11, round 15): 268
invented answers, none repeating an earlier corpus, on new subjects (susceptibilities, doses and routes, emar,
heights, BMI and weights, ED dispositions and triage, DRG and HCPCS codes, transfers, mortality per group, lab flags,
blood gases, oxygen devices, ratios, counts per year): the gold value attached to another drug, specimen, status or
quantity; arithmetic, conversions and listed items of its own that contradict the value; "not negative" and double
negatives; and right answers phrased as agents phrase them (41%). (answer, shape, gold, expected, question);
expected NC: wrong and abstained both fine. KNOWN_FALSE_POSITIVES lists the ones still open (the test holds it exact: a new false positive fails,
and a fixed one must be taken off it)."""
C, W, A, NC = "correct", "wrong", "abstained", "not-correct"

QSUSC = "What was the ciprofloxacin susceptibility interpretation of the Escherichia coli isolated from the urine culture of patient 10060011 (micro_specimen_id 7781234)?"
QSUSCB = "Was the Escherichia coli isolate of patient 10060011 (micro_specimen_id 7781234) resistant to ciprofloxacin?"
QRES = "To which antibiotics was the Klebsiella pneumoniae from the blood culture of patient 10060122 (micro_specimen_id 7790001) resistant?"
QDOSE = "What was the dose (dose_val_rx, in mg) of the first vancomycin prescription of patient 10060233 during admission 22100456?"
QROUTE = "By which route was pantoprazole administered to patient 10060344 during admission 23200567?"
QEMAR = "How many heparin administrations were documented in emar for patient 10060455 during admission 24300678?"
QHT = "What was the height of patient 10060566 in cm, rounded to 1 decimal?"
QBMI = "What BMI was recorded in omr for patient 10060677 at the 2154-03-02 visit, rounded to 1 decimal?"
QDISP = "What was the disposition of ED stay 30100789 of patient 10060788?"
QACU = "What was the triage acuity (ESI level) of patient 10060899 at ED stay 31200890?"
QDRG = "What was the HCFA DRG code of admission 26600901?"
QHCPCS = "Which HCPCS/CPT codes were recorded in hcpcsevents for admission 27701012?"
QTRL = "List the care units patient 10061010 passed through during admission 28802123, in chronological order."
QTRN = "How many transfers (eventtype 'transfer') did patient 10061010 have during admission 28802123?"
QMORTTAB = "What was the in-hospital mortality rate (%) per admission type, rounded to 1 decimal?"
QMORT80 = "What was the in-hospital mortality rate (%) among admissions of patients aged 80 or older, rounded to 1 decimal?"
QED2ADM = "How many hours passed between ED arrival and hospital admission for ED stay 32300234 of patient 10061121, rounded to 1 decimal?"
QFLAG = "How many lab results of patient 10061232 were flagged abnormal during admission 29904345?"
QPH = "What was the lowest arterial pH of patient 10061343 during admission 21005456, rounded to 2 decimals?"
QPO2 = "What was the first arterial pO2 of patient 10061343 during admission 21005456, in mmHg?"
QO2 = "What oxygen delivery device was first charted for patient 10061454 during ICU stay 35106567?"
QO2SET = "Which oxygen delivery devices were charted for patient 10061454 during ICU stay 35106567?"
QWCHG = "What was the change in weight (kg) of patient 10061565 from ICU admission to ICU discharge of stay 36207678 (discharge minus admission), rounded to 1 decimal?"
QREINT = "How many days after discharge from admission 22006789 was patient 10061676 next admitted?"
QYRTAB = "How many patients are there per anchor_year_group?"
QRATIO = "What is the ratio of male to female patients, rounded to 2 decimals?"
QEMART = "When was ceftriaxone first administered to patient 10062009 (emar charttime)?"
QINSU = "How many units of insulin were administered to patient 10062221 on 2157-01-05 according to emar_detail?"
QBCX = "Was any blood culture of patient 10062443 positive during admission 25208901?"
QCHIEF = "What was the chief complaint at triage for ED stay 33400345 of patient 10062554?"
QROUTES = "How many distinct routes appear in the prescriptions of patient 10062110 during admission 23107890?"
QHELD = "Was any metoprolol dose held for patient 10062665 during admission 24408012 (emar event_txt 'Held')?"
QESISTAY = "Which ED stay (stay_id) of patient 10062776 had the most urgent triage acuity?"
QEDYR = "How many ED stays did patient 10062887 have in 2158?"
QTOPORG = "What are the 3 most frequently isolated organisms in blood cultures, most frequent first?"

RES = ["AMPICILLIN", "CEFAZOLIN", "CIPROFLOXACIN"]
HCPCS = ["99223", "99233"]
TRL = ["Emergency Department", "Medical Intensive Care Unit (MICU)", "Medicine"]
MORT = [["EW EMER.", 6.3], ["URGENT", 4.1], ["ELECTIVE", 0.9]]
O2SET = ["Nasal cannula", "High flow nasal cannula", "Endotracheal tube"]
YRS = [["2008 - 2010", 310], ["2011 - 2013", 295], ["2014 - 2016", 280], ["2017 - 2019", 115]]
ORGS = ["STAPH AUREUS COAG +", "ESCHERICHIA COLI", "STAPHYLOCOCCUS, COAGULASE NEGATIVE"]

_R = []
def add(cls, shape, gold, q, *pairs):
    for text, exp in pairs:
        _R.append((cls, (text, shape, gold, exp, q)))

# ---------------------------------------------------------------- susceptibility interpretation
add("susc_ok", "string/string", "R", QSUSC,
    ("R - the E. coli isolate was resistant to ciprofloxacin (MIC >=4).", C),
    ("interpretation = 'R'", C),
    ("Resistant.", C),
    ("Ciprofloxacin: R (resistant). The same isolate was S to nitrofurantoin.", C),
    ("| antibiotic | interpretation |\n|---|---|\n| CIPROFLOXACIN | R |", C),
)
add("susc_other_drug", "string/string", "R", QSUSC,
    ("R to levofloxacin; ciprofloxacin was not on the panel.", NC),
    ("Ciprofloxacin was S; it was the ampicillin result that was R.", W),
    ("R for the Proteus mirabilis grown from the same specimen; the E. coli was S to ciprofloxacin.", W),
    ("Resistant in the preliminary report, but the final report changed ciprofloxacin to S.", W),
    ("Resistant? The interpretation column is blank; I inferred R from the MIC.", NC),
    ("R (resistant) to ampicillin, S to ciprofloxacin, R to trimethoprim/sulfa.", W),
)
add("suscb_ok", "boolean/boolean", True, QSUSCB,
    ("Yes - ciprofloxacin interpretation R.", C),
    ("The isolate tested resistant to ciprofloxacin, so yes.", C),
)
add("suscb_other", "boolean/boolean", True, QSUSCB,
    ("Yes, resistant to levofloxacin; to ciprofloxacin it was susceptible.", W),
    ("No, it was intermediate.", W),
    ("Yes, I assume - the ciprofloxacin row is missing, so I went by the levofloxacin result.", NC),
)
# ---------------------------------------------------------------- resistant set
add("resset_ok", "set/string", RES, QRES,
    ("Resistant to ampicillin, cefazolin and ciprofloxacin.", C),
    ("AMPICILLIN (R), CEFAZOLIN (R), CIPROFLOXACIN (R); all other agents tested S.", C),
    ("- Ampicillin\n- Cefazolin\n- Ciprofloxacin", C),
    ('{"resistant": ["AMPICILLIN", "CEFAZOLIN", "CIPROFLOXACIN"]}', C),
)
add("resset_other", "set/string", RES, QRES,
    ("Ampicillin, cefazolin, ciprofloxacin and gentamicin (gentamicin was intermediate).", NC),
    ("Resistant: ampicillin, cefazolin. Susceptible: ciprofloxacin, meropenem.", W),
    ("Ampicillin, cefazolin, ciprofloxacin - these are the agents tested; no interpretations were reported.", NC),
    ("AMPICILLIN | R\nCEFAZOLIN | R\nCIPROFLOXACIN | S\nMEROPENEM | S", W),
    ("Ampicillin, cefazolin and ciprofloxacin - from the urine isolate; the blood isolate was pan-sensitive.", W),
)
# ---------------------------------------------------------------- vancomycin dose
add("dose_ok", "number/measurement", 1250, QDOSE,
    ("The first vancomycin order was 1250 mg IV q12h (starttime 2152-05-03 18:00).", C),
    ("dose_val_rx = 1250 (dose_unit_rx mg)", C),
    ("1.25 g", C),
    ("First vancomycin prescription: 1250 mg; later orders were 1000 mg.", C),
    ("First vancomycin dose was 1250 mg (83 kg x 15 mg/kg = 1245, rounded to 1250).", C),
)
add("dose_other", "number/measurement", 1250, QDOSE,
    ("1250 mg was the second vancomycin order; the first was a 1000 mg loading dose.", W),
    ("The first vancomycin prescription totalled 1250 mg per day (625 mg q12h).", NC),
    ("1250 mg of cefepime was prescribed first; the first vancomycin order was 1000 mg.", W),
    ("1250 mg according to the pharmacy verification; the prescriptions row itself says 1500.", NC),
    ("First vancomycin dose 1250 mg (20 mg/kg for a 70 kg patient).", NC),
)
# ---------------------------------------------------------------- route
add("route_ok", "string/string", "IV", QROUTE,
    ("IV (intravenous).", C),
    ("route: IV", C),
    ("Pantoprazole 40 mg IV daily.", C),
)
add("route_other", "string/string", "IV", QROUTE,
    ("PO; the IV route was used for the famotidine.", W),
    ("IV was the route of the home pantoprazole before admission; during admission 23200567 it was PO.", W),
    ("IV or PO - both routes appear in the order set.", NC),
    ("IV push was ordered, but every emar administration was charted PO.", NC),
)
# ---------------------------------------------------------------- emar count
add("emar_ok", "number/count", 14, QEMAR,
    ("14 heparin administrations (event_txt 'Administered').", C),
    ("emar shows heparin given 14 times during admission 24300678.", C),
    ("```\ncount\n-----\n   14\n```", C),
)
add("emar_other", "number/count", 14, QEMAR,
    ("14 heparin emar rows, of which 2 were 'Not Given', so 12 administrations.", W),
    ("14 heparin orders in prescriptions; I did not check emar.", NC),
    ("14 enoxaparin administrations; heparin none.", W),
    ("Heparin was administered 14 times: 9 subcutaneous doses and 4 IV flushes.", NC),
    ("14 heparin administrations were scheduled.", NC),
)
# ---------------------------------------------------------------- height
add("height_ok", "number/measurement:1", 172.7, QHT,
    ("172.7 cm", C),
    ("68 inches, i.e. 172.7 cm.", C),
    ("Height: 1.727 m", C),
    ("5 ft 8 in (172.7 cm)", C),
)
add("height_other", "number/measurement:1", 172.7, QHT,
    ("172.7 cm (67 in)", NC),
    ("Height 68 in = 172.7 cm by conversion, but itemid 226730 itself records 170.0 cm, which I take as the answer.", W),
    ("Weight 172.7 lb; no height recorded.", NC),
    ("172.7 cm is the height of patient 10060567; patient 10060566 has no height recorded.", NC),
)
# ---------------------------------------------------------------- BMI
add("bmi_ok", "number/measurement:1", 27.4, QBMI,
    ("BMI (kg/m2): 27.4 on 2154-03-02.", C),
    ("omr result_value for 'BMI (kg/m2)' on chartdate 2154-03-02 = 27.4 (weight 88.8 kg, height 1.80 m).", C),
)
add("bmi_other", "number/measurement:1", 27.4, QBMI,
    ("BMI 27.4 (weight 80.0 kg, height 1.80 m).", NC),
    ("BMI 27.4 at the 2153-09-14 visit; on 2154-03-02 it was 28.1.", W),
    ("Overweight (BMI over 25).", NC),
    ("27.4 is the BMI I computed from the inpatient height and weight; omr has no BMI on 2154-03-02.", NC),
)
# ---------------------------------------------------------------- ED disposition
add("disp_ok", "string/string", "ADMITTED", QDISP,
    ("ADMITTED", C),
    ("The patient was admitted to the hospital from the ED (disposition = ADMITTED, hadm_id 25500111).", C),
    ("edstays.disposition -> 'ADMITTED'", C),
)
add("disp_other", "string/string", "ADMITTED", QDISP,
    ("ADMITTED was the disposition of the previous ED stay 30100788; this one ended HOME.", W),
    ("TRANSFER to another facility; the admission request was withdrawn.", W),
    ("Admitted? The disposition field is NULL, but an hadm_id is linked.", NC),
    ("LEFT WITHOUT BEING SEEN after the admission decision.", W),
    ("Not admitted - the patient was discharged from the ED observation unit.", W),
)
# ---------------------------------------------------------------- triage acuity
add("acuity_ok", "number/count", 2, QACU,
    ("ESI level 2 (emergent).", C),
    ("Triage acuity: 2", C),
    ("The triage nurse assigned acuity 2 on the 1-5 scale (1 = most urgent).", C),
)
add("acuity_other", "number/count", 2, QACU,
    ("Acuity 2 at ED stay 31200777; at 31200890 it was 3.", W),
    ("Acuity 2 would fit the chief complaint, but the recorded ESI is 3.", W),
    ("Acuity 2 or 3 - two triage rows disagree.", NC),
    ("ESI 2 was assigned by the physician at reassessment; the triage acuity was 3.", W),
)
# ---------------------------------------------------------------- DRG
add("drg_ok", "string/code", "871", QDRG,
    ("DRG 871 (SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC).", C),
    ("871", C),
    ("HCFA DRG: 871. (The APR-DRG for the same admission is 720.)", C),
)
add("drg_other", "string/code", "871", QDRG,
    ("APR DRG 871; the HCFA row has 872.", W),
    ("871 - for admission 26600902. Admission 26600901 has no DRG rows.", NC),
    ("871 or 872 - the drgcodes table has both for this admission.", NC),
    ("871 would be expected from the diagnoses, but the recorded HCFA DRG is 853.", W),
)
# ---------------------------------------------------------------- HCPCS set
add("hcpcs_ok", "set/code", HCPCS, QHCPCS,
    ("99223 (initial hospital care) and 99233 (subsequent hospital care).", C),
    ("hcpcs_cd: 99223, 99233", C),
    ("Two distinct codes - 99223 and 99233 (99233 appears on 4 rows).", C),
)
add("hcpcs_other", "set/code", HCPCS, QHCPCS,
    ("99223, 99233 and 99291 (critical care, first hour).", W),
    ("99223 only; 99233 was billed on the following admission.", W),
    ("99223 and 99233 for admission 27701013; none for 27701012.", NC),
    ("99223 and 99233, plus 36556 from the procedure note.", NC),
)
# ---------------------------------------------------------------- transfers list
add("trlist_ok", "list/string^", TRL, QTRL,
    ("Emergency Department -> Medical Intensive Care Unit (MICU) -> Medicine", C),
    ("1. Emergency Department\n2. Medical Intensive Care Unit (MICU)\n3. Medicine", C),
    ("The patient went from the Emergency Department to the Medical Intensive Care Unit (MICU), and then to Medicine.", C),
)
add("trlist_other", "list/string^", TRL, QTRL,
    ("Medicine -> Medical Intensive Care Unit (MICU) -> Emergency Department", W),
    ("Emergency Department -> Medical Intensive Care Unit (MICU) -> Medicine -> Medical Intensive Care Unit (MICU)", W),
    ("Emergency Department, Medical Intensive Care Unit (MICU), Medicine (sorted by transfer_id, not intime, so the order may not be chronological)", NC),
    ("Medical Intensive Care Unit (MICU) -> Medicine (the ED stay belongs to a separate ED visit)", W),
    ("Emergency Department (2155-02-01 10:00) -> Medical Intensive Care Unit (MICU) (2155-02-03 09:00) -> Medicine (2155-02-02 08:00)", NC),
)
# ---------------------------------------------------------------- transfer count
add("trcount_ok", "number/count", 3, QTRN,
    ("3 transfers.", C),
    ("There were three 'transfer' events (plus one 'admit' and one 'discharge' row).", C),
)
add("trcount_other", "number/count", 3, QTRN,
    ("3 distinct care units; 4 transfer events.", W),
    ("3 transfers: ED to MICU and MICU to Medicine.", NC),
    ("There were 3 transfer events during the prior admission 28802000; admission 28802123 had 1.", W),
    ("3 transfers, counting the ED admit row and the discharge row; the 'transfer' rows alone are 1.", W),
)
# ---------------------------------------------------------------- mortality per admission type table
add("morttab_ok", "table/string,measurement:1", MORT, QMORTTAB,
    ("| admission_type | mortality_pct |\n|---|---|\n| EW EMER. | 6.3 |\n| URGENT | 4.1 |\n| ELECTIVE | 0.9 |", C),
    ("EW EMER.: 6.3%, URGENT: 4.1%, ELECTIVE: 0.9%", C),
    ('[{"admission_type": "EW EMER.", "mortality_pct": 6.3}, {"admission_type": "URGENT", "mortality_pct": 4.1}, {"admission_type": "ELECTIVE", "mortality_pct": 0.9}]', C),
)
add("morttab_other", "table/string,measurement:1", MORT, QMORTTAB,
    ("EW EMER. 6.3%, URGENT 4.1%, ELECTIVE 0.9% (30-day mortality, including deaths after discharge)", NC),
    ("EW EMER. 4.1%, URGENT 6.3%, ELECTIVE 0.9%", W),
    ("| admission_type | deaths | admissions | pct |\n|---|---|---|---|\n| EW EMER. | 120 | 1800 | 6.3 |\n| URGENT | 41 | 1000 | 4.1 |\n| ELECTIVE | 9 | 1000 | 0.9 |", NC),
    ("Deaths per 100 patients (not admissions): EW EMER. 6.3, URGENT 4.1, ELECTIVE 0.9", NC),
    ("EW EMER. 6.3%, URGENT 4.1%, ELECTIVE 0.9%, OBSERVATION ADMIT 2.2%", W),
)
# ---------------------------------------------------------------- mortality 80+
add("mort80_ok", "number/measurement:1", 11.8, QMORT80,
    ("11.8% (59 of 500 admissions).", C),
    ("Admissions of patients aged >= 80 ended in death in 11.8% of cases.", C),
)
add("mort80_other", "number/measurement:1", 11.8, QMORT80,
    ("11.8% among patients aged 65-79.", W),
    ("11.8% (59 of 520 admissions)", NC),
    ("11.8% of patients aged 80+ died, counting deaths within a year of discharge.", NC),
    ("11.8% of patients aged 80+ (distinct patients, not admissions) died in hospital.", NC),
)
# ---------------------------------------------------------------- ED arrival to admission
add("ed2adm_ok", "number/measurement:1", 5.5, QED2ADM,
    ("5.5 hours (ED intime 2156-01-10 08:40, admittime 14:10).", C),
    ("330 minutes = 5.5 h", C),
    ("330 minutes", C),
)
add("ed2adm_other", "number/measurement:1", 5.5, QED2ADM,
    ("5.5 hours from ED arrival to ED departure (outtime); the admission time is earlier, at 12:00.", W),
    ("ED arrival 08:40, admitted 14:40 - 5.5 hours.", NC),
    ("5.5 hours from triage to the admission order; arrival was 40 minutes before triage.", NC),
    ("5.5 hours for the other ED stay 32300111; for 32300234 it was 3.2 hours.", W),
)
# ---------------------------------------------------------------- lab flags
add("flag_ok", "number/count", 37, QFLAG,
    ("37 abnormal lab results (flag = 'abnormal').", C),
    ("37 of 212 lab results were flagged abnormal.", C),
)
add("flag_other", "number/count", 37, QFLAG,
    ("37 distinct lab tests had at least one abnormal flag (61 flagged results in total).", W),
    ("37 abnormal results: 20 chemistry, 12 hematology, 3 blood gas.", NC),
    ("37 were flagged abnormal, but 9 of those are delta flags, so 28 truly abnormal.", W),
)
# ---------------------------------------------------------------- blood gas pH
add("ph_ok", "number/measurement:2", 7.21, QPH,
    ("7.21 (arterial blood gas, 2157-03-04 02:15).", C),
    ("pH nadir = 7.21 (specimen type ART.)", C),
    ("min(valuenum) for itemid 50820 (pH, Blood Gas) restricted to ART specimens: 7.21", C),
)
add("ph_other", "number/measurement:2", 7.21, QPH,
    ("The lowest venous pH was 7.21; there were no arterial samples.", NC),
    ("7.21, but that sample was a mislabelled venous draw; the lowest true arterial pH is 7.29.", W),
    ("Lowest pH 7.21 - that is the urine pH, itemid 51491.", NC),
    ("The lowest arterial pH was 7.21 during admission 21005000; in 21005456 it was 7.30.", W),
)
# ---------------------------------------------------------------- pO2
add("po2_ok", "number/measurement", 68, QPO2,
    ("68 mmHg", C),
    ("First PaO2: 68 mm Hg (2157-03-04 02:15).", C),
    ("pO2 = 9.07 kPa (68 mmHg)", C),
)
add("po2_other", "number/measurement", 68, QPO2,
    ("The first pCO2 was 68 mmHg; the pO2 was 54.", W),
    ("SpO2 68%", NC),
    ("68 mmHg - this is the first venous pO2; no arterial pO2 was drawn.", NC),
    ("68 mmHg is the last arterial pO2; the first was 112.", W),
)
# ---------------------------------------------------------------- oxygen device
add("o2_ok", "string/string", "Nasal cannula", QO2,
    ("Nasal cannula", C),
    ("O2 Delivery Device(s): Nasal cannula (first charted 2158-06-01 07:00).", C),
)
add("o2_other", "string/string", "Nasal cannula", QO2,
    ("Non-rebreather first; nasal cannula later that day.", W),
    ("Nasal cannula was the last device charted; the first was an endotracheal tube.", W),
    ("Nasal cannula was ordered, but the first charted device is 'None'.", NC),
)
add("o2set_ok", "set/string", O2SET, QO2SET,
    ("Nasal cannula, high flow nasal cannula and endotracheal tube.", C),
    ("- Endotracheal tube\n- High flow nasal cannula\n- Nasal cannula", C),
    ("Three devices: Nasal cannula, then High flow nasal cannula, then Endotracheal tube (intubated on day 3).", C),
)
add("o2set_other", "set/string", O2SET, QO2SET,
    ("Nasal cannula, high flow nasal cannula, endotracheal tube and tracheostomy tube (the tracheostomy was planned, not placed).", NC),
    ("Nasal cannula, high flow nasal cannula, non-rebreather, endotracheal tube", W),
    ("Nasal cannula, high flow nasal cannula and endotracheal tube - though the HFNC rows may be mis-charted 'High flow neb'.", NC),
)
# ---------------------------------------------------------------- weight change (negative gold)
add("wchg_ok", "number/measurement:1", -3.4, QWCHG,
    ("-3.4 kg", C),
    ("The patient lost 3.4 kg (82.1 kg -> 78.7 kg).", C),
    ("\u22123.4 kg", C),
)
add("wchg_other", "number/measurement:1", -3.4, QWCHG,
    ("+3.4 kg", W),
    ("The patient gained 3.4 kg.", W),
    ("Weight fell from 82.1 to 78.9 kg, a change of -3.4 kg.", NC),
    ("-3.4 kg between hospital admission and hospital discharge; no ICU weights were charted.", NC),
)
# ---------------------------------------------------------------- readmission interval
add("reint_ok", "number/count", 12, QREINT,
    ("12 days (discharged 2155-04-02, readmitted 2155-04-14).", C),
    ("date_diff('day', dischtime, next_admittime) = 12", C),
)
add("reint_other", "number/count", 12, QREINT,
    ("Discharged 2155-04-02, readmitted 2155-04-16: 12 days.", NC),
    ("12 days after the admission date (admitted 2155-03-20, readmitted 2155-04-01).", W),
    ("12 days later the patient came back to the ED but was sent home; the next admission was 40 days later.", W),
)
# ---------------------------------------------------------------- patients per anchor_year_group
add("yrtab_ok", "table/string,count", YRS, QYRTAB,
    ("| anchor_year_group | patients |\n|---|---|\n| 2008 - 2010 | 310 |\n| 2011 - 2013 | 295 |\n| 2014 - 2016 | 280 |\n| 2017 - 2019 | 115 |", C),
    ("2008 - 2010: 310; 2011 - 2013: 295; 2014 - 2016: 280; 2017 - 2019: 115", C),
    ("```\nanchor_year_group | n\n------------------+----\n2008 - 2010       | 310\n2011 - 2013       | 295\n2014 - 2016       | 280\n2017 - 2019       | 115\n```", C),
)
add("yrtab_other", "table/string,count", YRS, QYRTAB,
    ("2008 - 2010: 310 admissions; 2011 - 2013: 295 admissions; 2014 - 2016: 280 admissions; 2017 - 2019: 115 admissions", NC),
    ("2008 - 2010: 295; 2011 - 2013: 310; 2014 - 2016: 280; 2017 - 2019: 115", W),
    ("| anchor_year_group | patients |\n|---|---|\n| 2008 - 2010 | 310 |\n| 2011 - 2013 | 295 |\n| 2014 - 2016 | 280 |\n| 2017 - 2019 | 115 |\n| Total | 1000 |", NC),
    ("2008 - 2010: 310 (298 once duplicates are removed); 2011 - 2013: 295; 2014 - 2016: 280; 2017 - 2019: 115", NC),
)
# ---------------------------------------------------------------- male:female ratio
add("ratio_ok", "number/measurement:2", 1.12, QRATIO,
    ("1.12 (528 male / 471 female).", C),
    ("There are 1.12 male patients for every female patient.", C),
)
add("ratio_other", "number/measurement:2", 1.12, QRATIO,
    ("Female-to-male ratio: 1.12.", W),
    ("1.12 (540 male / 500 female)", NC),
    ("Male admissions outnumber female admissions 1.12 to 1 (distinct patients not computed).", NC),
    ("52.8% of patients are male.", NC),
)
# ---------------------------------------------------------------- emar first administration timestamp
add("emart_ok", "date/timestamp", "2156-07-21 22:15:00", QEMART,
    ("2156-07-21 22:15:00", C),
    ("First ceftriaxone administration: 21 July 2156 at 22:15.", C),
    ("Ceftriaxone 1 g IV was first given at 2156-07-21 22:15 (event_txt 'Administered').", C),
)
add("emart_other", "date/timestamp", "2156-07-21 22:15:00", QEMART,
    ("Ceftriaxone was ordered at 2156-07-21 22:15:00 and first given at 23:40.", W),
    ("The first ceftriaxone emar entry is 2156-07-21 22:15:00 with event_txt 'Not Given'; the first actual administration was 2156-07-22 08:00.", W),
    ("Scheduled for 2156-07-21 22:15:00 (scheduletime); charted as given at 2156-07-21 22:48:00.", W),
    ("2156-07-21 22:15 - that was the azithromycin; ceftriaxone followed at 23:05.", W),
)
# ---------------------------------------------------------------- insulin units
add("insu_ok", "number/measurement", 38, QINSU,
    ("38 units", C),
    ("38 U in total (glargine 20 U + lispro 18 U).", C),
)
add("insu_other", "number/measurement", 38, QINSU,
    ("38 units ordered (dose_due); 30 units given.", W),
    ("38 units (glargine 20 U + lispro 12 U).", NC),
    ("38 units on 2157-01-04; on 2157-01-05 it was 26.", W),
    ("38 units of glargine; the sliding-scale lispro doses are not included.", NC),
)
# ---------------------------------------------------------------- blood culture negative
add("bcx_ok", "boolean/boolean", False, QBCX,
    ("No - all four blood cultures showed no growth.", C),
    ("None were positive (org_name is NULL for every BLOOD CULTURE row).", C),
    ("No blood culture was positive during 25208901; the one positive culture was on the previous admission.", C),
)
add("bcx_other", "boolean/boolean", False, QBCX,
    ("No, except one bottle growing coagulase-negative staphylococcus, likely a contaminant.", NC),
    ("No growth at 48 hours; the final reports are still pending.", NC),
    ("Not negative - one set grew E. coli.", W),
    ("None of the blood cultures came back without growth.", NC),
    ("Nothing grew apart from Klebsiella in the second set.", NC),
)
# ---------------------------------------------------------------- chief complaint
add("chief_ok", "string/string", "Chest pain", QCHIEF,
    ("Chest pain", C),
    ("chiefcomplaint: CHEST PAIN", C),
    ("The patient presented with chest pain.", C),
)
add("chief_other", "string/string", "Chest pain", QCHIEF,
    ("Dyspnea; chest pain was the complaint at the next ED visit.", W),
    ("Chest pain, Dyspnea", NC),
    ("Chest pain was the ED discharge diagnosis; the chief complaint was 'Abd pain'.", W),
)
# ---------------------------------------------------------------- distinct routes
add("routes_ok", "number/count", 4, QROUTES,
    ("4 distinct routes: IV, PO, SC, NEB.", C),
    ("Four (IV, PO/NG, SC, IH).", C),
)
add("routes_other", "number/count", 4, QROUTES,
    ("4 routes: IV, PO, SC.", NC),
    ("4 distinct drugs were given IV.", W),
    ("4 routes if PO and PO/NG are merged; otherwise 5.", NC),
)
# ---------------------------------------------------------------- held dose
add("held_ok", "boolean/boolean", True, QHELD,
    ("Yes, 2 metoprolol doses were held (SBP < 100).", C),
    ("Yes.", C),
)
add("held_other", "boolean/boolean", True, QHELD,
    ("Yes, but those were lisinopril doses; metoprolol was never held.", W),
    ("No metoprolol doses were held; 2 were 'Not Given' because the patient was off the unit.", W),
    ("Possibly - one entry reads 'Held' but it may be a duplicate of a later 'Administered'.", NC),
)
# ---------------------------------------------------------------- ED stay with most urgent acuity
add("esistay_ok", "number/identifier", 38877001, QESISTAY,
    ("stay_id 38877001 (ESI 1).", C),
    ("ED stay 38877001 had the most urgent triage (acuity 1).", C),
)
add("esistay_other", "number/identifier", 38877001, QESISTAY,
    ("38877001 had the highest ESI number (5), i.e. the least urgent; the most urgent was 38877002.", W),
    ("38877001 or 38877003 - both are ESI 1.", NC),
    ("hadm_id 38877001 followed the most urgent ED stay 38877004.", W),
)
# ---------------------------------------------------------------- ED visits per year
add("edyr_ok", "number/count", 3, QEDYR,
    ("3 ED visits in 2158 (February, June and November).", C),
)
add("edyr_other", "number/count", 3, QEDYR,
    ("3 hospital admissions in 2158 (ED stays not counted).", NC),
    ("3 ED visits in 2158: 2158-02-03 and 2158-06-12.", NC),
)
# ---------------------------------------------------------------- top-3 organisms
add("toporg_ok", "list/string^", ORGS, QTOPORG,
    ("1. STAPH AUREUS COAG + (412)\n2. ESCHERICHIA COLI (390)\n3. STAPHYLOCOCCUS, COAGULASE NEGATIVE (301)", C),
    ("STAPH AUREUS COAG +, then ESCHERICHIA COLI, then STAPHYLOCOCCUS, COAGULASE NEGATIVE.", C),
)
add("toporg_other", "list/string^", ORGS, QTOPORG,
    ("1. STAPH AUREUS COAG + (390)\n2. ESCHERICHIA COLI (412)\n3. STAPHYLOCOCCUS, COAGULASE NEGATIVE (301)", NC),
    ('["ESCHERICHIA COLI", "STAPH AUREUS COAG +", "STAPHYLOCOCCUS, COAGULASE NEGATIVE"]', W),
    ("1. STAPH AUREUS COAG +\n2. ESCHERICHIA COLI\n3. STAPHYLOCOCCUS, COAGULASE NEGATIVE\n(counted over all specimen types, not only blood cultures)", NC),
)
# ---------------------------------------------------------------- hedges
add("hedge_new15", "number/measurement", 1250, QDOSE,
    ("Probably 1250 mg, if the earliest starttime really is the first prescription.", NC),
)
add("hedge_new15", "number/measurement:2", 7.21, QPH,
    ("7.21, though I am not sure the specimen was arterial.", NC),
)
add("hedge_new15", "string/string", "ADMITTED", QDISP,
    ("Most likely ADMITTED.", NC),
)
add("hedge_new15", "number/measurement:2", 1.12, QRATIO,
    ("Somewhere between 1.1 and 1.2; my best guess is 1.12.", NC),
)
add("hedge_new15", "string/code", "871", QDRG,
    ("871, I think - the drgcodes join may have picked the wrong row.", NC),
)
# ---------------------------------------------------------------- corrections
add("correction_new15", "number/measurement", 1250, QDOSE,
    ("1250 mg. Correction: that was the ED loading dose; the first inpatient prescription is 1000 mg.", W),
    ("1000 mg at first glance; re-sorting by starttime the first vancomycin prescription is 1250 mg.", C),
)
add("correction_new15", "number/count", 2, QACU,
    ("Acuity 3 - no, rechecking the triage row, it was 2.", C),
    ("Acuity 2. Update: the triage row I used belongs to stay 31200891; for 31200890 acuity was 4.", W),
)
add("correction_new15", "string/string", "ADMITTED", QDISP,
    ("ADMITTED; on reflection HOME, since the linked hadm_id starts the following day from a clinic referral.", W),
)
add("correction_new15", "number/measurement", 68, QPO2,
    ("First arterial pO2 was 68 mmHg; scratch that, 68 was the pCO2 - the pO2 was 91.", W),
)
# ---------------------------------------------------------------- structured smuggle
add("structured_new15", "number/measurement", 1250, QDOSE,
    ('{"dose_mg": 1250, "dose_mg_first_inpatient": 1000}', NC),
    ('{"answer": 1250, "unit": "mg", "drug": "vancomycin"}', C),
)
add("structured_new15", "string/string", "R", QSUSC,
    ('{"answer": "R", "antibiotic": "LEVOFLOXACIN"}', NC),
    ('{"antibiotic": "CIPROFLOXACIN", "interpretation": "R"}', C),
)
add("structured_new15", "number/measurement:2", 7.21, QPH,
    ('{"answer": 7.21, "specimen": "VEN"}', NC),
)
add("structured_new15", "number/count", 12, QREINT,
    ('{"answer": 12, "unit": "days", "measured_from": "admittime"}', NC),
)
add("structured_new15", "string/string", "ADMITTED", QDISP,
    ("disposition: ADMITTED\nstay_id: 30100790", NC),
)
# ---------------------------------------------------------------- abstentions
add("abstain_new15", "string/string", "R", QSUSC,
    ("The microbiologyevents table has no susceptibility rows for this specimen, so I cannot answer.", A),
)
add("abstain_new15", "string/string", "ADMITTED", QDISP,
    ("I could not find ED stay 30100789 in edstays.", A),
)
add("abstain_new15", "number/measurement", 38, QINSU,
    ("Unable to determine: emar_detail has no dose_given values for insulin on that date.", A),
)
add("abstain_new15", "number/count", 2, QACU,
    ("I don't have access to the ED module, so the triage acuity is unavailable.", A),
)
add("abstain_value_new15", "number/measurement:2", 7.21, QPH,
    ("I can't confirm an answer, but the only pH value I found was 7.21.", NC),
)
add("abstain_value_new15", "string/code", "871", QDRG,
    ("No definitive answer; the best candidate is DRG 871.", NC),
)
add("abstain_value_new15", "number/measurement:1", 5.5, QED2ADM,
    ("Cannot be determined reliably: the ED intime looks shifted; naively it is 5.5 hours.", NC),
)
# ---------------------------------------------------------------- more natural right answers
add("natural_ok15", "number/measurement:1", 172.7, QHT,
    ("Patient 10060566 is 172.7 cm tall (single height measurement, 2152-08-09).", C),
)
add("natural_ok15", "number/count", 14, QEMAR,
    ("According to emar there were 14 heparin administrations in hadm 24300678.", C),
)
add("natural_ok15", "number/measurement:1", 11.8, QMORT80,
    ("Among admissions of octogenarians and older (age >= 80), in-hospital mortality was 11.8%.", C),
)
add("natural_ok15", "number/measurement:2", 7.21, QPH,
    ("The most acidotic arterial sample in admission 21005456 had a pH of 7.21.", C),
)
add("natural_ok15", "set/string", RES, QRES,
    ("The K. pneumoniae blood isolate was R to ampicillin, cefazolin and ciprofloxacin, and S to everything else on the panel.", C),
)
add("natural_ok15", "string/code", "871", QDRG,
    ("Admission 26600901 was grouped to HCFA DRG 871.", C),
)
add("natural_ok15", "date/timestamp", "2156-07-21 22:15:00", QEMART,
    ("The earliest emar charttime for ceftriaxone with status Administered is 2156-07-21 22:15:00.", C),
)
add("natural_ok15", "number/count", 12, QREINT,
    ("The next admission came 12 days after the 2155-04-02 discharge.", C),
)
add("natural_ok15", "boolean/boolean", True, QSUSCB,
    ("Yes. The ciprofloxacin row for micro_specimen_id 7781234 reads interpretation 'R'.", C),
)
add("natural_ok15", "number/measurement", 68, QPO2,
    ("The first arterial blood gas (2157-03-04 02:15) showed a pO2 of 68 mmHg.", C),
)

CLASS_DESC = {
    "susc_ok": "ciprofloxacin interpretation R right (letter, word, table)",
    "susc_other_drug": "R attached to another antibiotic/organism/report, I, hedged inference",
    "suscb_ok": "resistant yes, right",
    "suscb_other": "yes for another antibiotic, intermediate, assumed, SDD",
    "resset_ok": "resistant antibiotic set right",
    "resset_other": "set incl. intermediate, with S members, tested-not-resistant, other specimen, extra",
    "dose_ok": "first vancomycin dose right, g conversion, consistent mg/kg arithmetic",
    "dose_other": "gold dose for second order, daily total, other drug, mL, other source, mg/kg mismatch, other admission",
    "route_ok": "pantoprazole route IV right",
    "route_other": "IV for another drug / home med, NG, both, ordered-not-given",
    "emar_ok": "heparin emar administration count right",
    "emar_other": "count of rows incl. Not Given, prescriptions, enoxaparin, components mismatch, other admission, scheduled",
    "height_ok": "height right, inches/m conversions",
    "height_other": "height with wrong inch conversion, superseded, weight, mm, other patient",
    "bmi_ok": "omr BMI right",
    "bmi_other": "BMI with inconsistent weight/height, other visit, category only, computed not recorded",
    "disp_ok": "ED disposition ADMITTED right",
    "disp_other": "other disposition, other ED stay, null, LWBS, observation",
    "acuity_ok": "triage acuity right",
    "acuity_other": "acuity for other stay, pain score, expected not recorded, two rows, physician reassessment",
    "drg_ok": "HCFA DRG right",
    "drg_other": "APR DRG, other admission, wrong DRG, both, expected not recorded",
    "hcpcs_ok": "HCPCS code set right",
    "hcpcs_other": "extra code, subset, other admission, note-only code, wrong code",
    "trlist_ok": "care-unit sequence right",
    "trlist_other": "reversed, swapped, extra bounce, order caveat, missing ED, timestamps contradicting order",
    "trcount_ok": "transfer count right",
    "trcount_other": "care units vs events, listing two, prior admission, counting admit/discharge rows",
    "morttab_ok": "mortality per admission type table right",
    "morttab_other": "30-day mortality, swapped, n/total contradicting, per patient, missing row, extra row",
    "mort80_ok": "80+ mortality right",
    "mort80_other": "other age group, inconsistent n/total, post-discharge deaths, per 1000, per patient",
    "ed2adm_ok": "ED arrival to admission hours right, minutes conversion",
    "ed2adm_other": "ED departure, timestamp arithmetic mismatch, minutes, from triage, other ED stay",
    "flag_ok": "abnormal flag count right",
    "flag_other": "distinct tests, normal results, components mismatch, corrected down, other admission",
    "ph_ok": "lowest arterial pH right",
    "ph_other": "venous, highest, invalid sample, urine pH, other admission",
    "po2_ok": "first arterial pO2 right, kPa alongside",
    "po2_other": "pCO2, SpO2, venous, last, P/F ratio",
    "o2_ok": "first O2 device right",
    "o2_other": "near-miss device, later device, last device, ordered, ED visit",
    "o2set_ok": "O2 device set right",
    "o2set_other": "subset, planned extra, extra device, hedged member",
    "wchg_ok": "negative weight change right (sign, lost, arithmetic, unicode minus)",
    "wchg_other": "positive sign, gained, inconsistent arithmetic, lb, hospital weights",
    "reint_ok": "readmission interval right",
    "reint_other": "date arithmetic contradicting, from admission, hours, ED-only return, previous admission",
    "yrtab_ok": "patients per anchor_year_group right",
    "yrtab_other": "admissions, swapped, total row, missing row, dedup alternative",
    "ratio_ok": "male:female ratio right",
    "ratio_other": "inverse ratio, n contradicting, 0.89, admissions, percentage",
    "emart_ok": "first ceftriaxone administration timestamp right",
    "emart_other": "order time, Not Given entry, scheduletime, last dose, other drug",
    "insu_ok": "insulin units right",
    "insu_other": "dose_due vs given, components mismatch, other day, mL, glargine only",
    "bcx_ok": "no positive blood culture, right",
    "bcx_other": "'no except', pending, 'not negative', double negative, 'nothing apart from'",
    "chief_ok": "chief complaint right",
    "chief_other": "complaint at next visit, extra complaint, discharge diagnosis",
    "routes_ok": "distinct route count right",
    "routes_other": "listing three, drugs, merge caveat",
    "held_ok": "held dose yes right",
    "held_other": "held for another drug, Not Given vs Held, possible duplicate",
    "esistay_ok": "most urgent ED stay id right",
    "esistay_other": "least urgent, tie hedge, hadm_id after another stay",
    "edyr_ok": "ED visits in 2158 right",
    "edyr_other": "other year, admissions, listing two",
    "toporg_ok": "top-3 blood organisms right (names with commas)",
    "toporg_other": "counts contradicting ranks, swapped, all specimens, wrong third",
    "hedge_new15": "hedges on new subjects",
    "correction_new15": "corrections on new subjects (final value decides)",
    "structured_new15": "JSON/key-value carrying a second value or qualifier",
    "abstain_new15": "plain abstentions on new subjects",
    "abstain_value_new15": "abstentions still stating the gold value",
    "natural_ok15": "additional right answers in natural prose",
}
CASES = [c for _, c in _R]
CLASS_OF = {c[0]: k for k, c in _R}
assert len(CLASS_OF) == len(CASES), "duplicate answer texts"
assert set(CLASS_OF.values()) <= set(CLASS_DESC)

CLASSES = {name: (desc, [t for t, c in CLASS_OF.items() if c == name][:6]) for name, desc in CLASS_DESC.items()}
# wrong answers the scorer still calls correct (open: see the note of issue 11)
KNOWN_FALSE_POSITIVES = frozenset({
})
# right answers the readers still miss (never called correct: the test holds them to it)
CONSERVATIVE = frozenset({
    ('Resistant to ampicillin, cefazolin and ciprofloxacin.', ('AMPICILLIN', 'CEFAZOLIN', 'CIPROFLOXACIN')),
    ('AMPICILLIN (R), CEFAZOLIN (R), CIPROFLOXACIN (R); all other agents tested S.', ('AMPICILLIN', 'CEFAZOLIN', 'CIPROFLOXACIN')),
    ('1.25 g', 1250),
    ('First vancomycin prescription: 1250 mg; later orders were 1000 mg.', 1250),
    ('Pantoprazole 40 mg IV daily.', 'IV'),
    ('emar shows heparin given 14 times during admission 24300678.', 14),
    ('Height: 1.727 m', 172.7),
    ('5 ft 8 in (172.7 cm)', 172.7),
    ("omr result_value for 'BMI (kg/m2)' on chartdate 2154-03-02 = 27.4 (weight 88.8 kg, height 1.80 m).", 27.4),
    ('The patient was admitted to the hospital from the ED (disposition = ADMITTED, hadm_id 25500111).', 'ADMITTED'),
    ('DRG 871 (SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC).', '871'),
    ('99223 (initial hospital care) and 99233 (subsequent hospital care).', ('99223', '99233')),
    ('The patient went from the Emergency Department to the Medical Intensive Care Unit (MICU), and then to Medicine.', ('Emergency Department', 'Medical Intensive Care Unit (MICU)', 'Medicine')),
    ("There were three 'transfer' events (plus one 'admit' and one 'discharge' row).", 3),
    ('Admissions of patients aged >= 80 ended in death in 11.8% of cases.', 11.8),
    ('330 minutes', 5.5),
    ('pO2 = 9.07 kPa (68 mmHg)', 68),
    ('O2 Delivery Device(s): Nasal cannula (first charted 2158-06-01 07:00).', 'Nasal cannula'),
    ('Three devices: Nasal cannula, then High flow nasal cannula, then Endotracheal tube (intubated on day 3).', ('Nasal cannula', 'High flow nasal cannula', 'Endotracheal tube')),
    ('12 days (discharged 2155-04-02, readmitted 2155-04-14).', 12),
    ('```\nanchor_year_group | n\n------------------+----\n2008 - 2010       | 310\n2011 - 2013       | 295\n2014 - 2016       | 280\n2017 - 2019       | 115\n```', (('2008 - 2010', 310), ('2011 - 2013', 295), ('2014 - 2016', 280), ('2017 - 2019', 115))),
    ('The patient presented with chest pain.', 'Chest pain'),
    ('STAPH AUREUS COAG +, then ESCHERICHIA COLI, then STAPHYLOCOCCUS, COAGULASE NEGATIVE.', ('STAPH AUREUS COAG +', 'ESCHERICHIA COLI', 'STAPHYLOCOCCUS, COAGULASE NEGATIVE')),
    ('{"answer": 1250, "unit": "mg", "drug": "vancomycin"}', 1250),
    ('The most acidotic arterial sample in admission 21005456 had a pH of 7.21.', 7.21),
    ('The K. pneumoniae blood isolate was R to ampicillin, cefazolin and ciprofloxacin, and S to everything else on the panel.', ('AMPICILLIN', 'CEFAZOLIN', 'CIPROFLOXACIN')),
    ('The next admission came 12 days after the 2155-04-02 discharge.', 12),
})
# where the grader's 'wrong' and the scorer's 'abstained' (or the other way) differ
WRONG_OR_ABSTAINED = frozenset({
})
