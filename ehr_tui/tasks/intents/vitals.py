"""Vitals: ICU stays, charted vital signs, outputs (urine), ventilation and outpatient (OMR) measurements.

chartevents carries the bedside vital signs; where it is empty (the public demo ships without
it) its templates find no candidates and are skipped, while the OMR, outputevents,
datetimeevents, procedureevents, inputevents weight and icustays templates still yield tasks.
"""

from __future__ import annotations

from ._common import ICU_ITEMS, ICU_PATIENTS, argmax, first_icu_cte, maker

T = maker("vitals")

# Bedside vital signs charted in chartevents, by d_items label.
VITAL_LABELS = ("'Heart Rate'", "'Respiratory Rate'", "'O2 saturation pulseoxymetry'",
                "'Non Invasive Blood Pressure systolic'", "'Non Invasive Blood Pressure diastolic'",
                "'Non Invasive Blood Pressure mean'", "'Arterial Blood Pressure systolic'",
                "'Temperature Fahrenheit'", "'Temperature Celsius'")
CHART_ITEM_PATIENTS = f"""
SELECT DISTINCT c.subject_id, d.label AS item, d.unitname AS unit
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
WHERE d.label IN ({", ".join(VITAL_LABELS)}) AND c.valuenum IS NOT NULL AND d.unitname IS NOT NULL
"""
CHART_ITEMS = f"""
SELECT DISTINCT d.label AS item, d.unitname AS unit
FROM mimiciv_icu.d_items d
JOIN mimiciv_icu.chartevents c ON c.itemid = d.itemid
WHERE d.label IN ({", ".join(VITAL_LABELS)}) AND d.unitname IS NOT NULL
"""
OUTPUT_ITEM_PATIENTS = """
SELECT DISTINCT o.subject_id, i.item
FROM mimiciv_icu.outputevents o
JOIN (""" + ICU_ITEMS + """) i ON i.itemid = o.itemid
"""
OUTPUT_ITEMS = """
SELECT i.item FROM mimiciv_icu.outputevents o JOIN (""" + ICU_ITEMS + """) i ON i.itemid = o.itemid
GROUP BY i.item HAVING count(DISTINCT o.stay_id) >= 3
"""
OMR_PATIENTS = "SELECT subject_id FROM mimiciv_hosp.omr WHERE result_name = {name} GROUP BY subject_id HAVING count(*) >= {min_n}"

# OMR blood pressure readings split into systolic / diastolic numbers
OMR_BP = """bp AS (
    SELECT o.subject_id, o.chartdate, o.seq_num,
           TRY_CAST(split_part(o.result_value, '/', 1) AS DOUBLE) AS systolic,
           TRY_CAST(split_part(o.result_value, '/', 2) AS DOUBLE) AS diastolic
    FROM mimiciv_hosp.omr o
    WHERE o.result_name = 'Blood Pressure'{where}
)"""


def omr_bp(where: str = "") -> str:
    return OMR_BP.replace("{where}", f" AND {where}" if where else "")


TEMPLATES = [
    # ------------------------------------------------------------------ patient level: OMR
    T("patient", "omr_last_weight", [
        "What was patient {subject_id}'s most recent outpatient weight in kilograms (OMR 'Weight (Lbs)', latest "
        "chart date then highest sequence number, 1 lb = 0.453592 kg), rounded to 1 decimal place?",
        "Convert patient {subject_id}'s latest OMR weight (latest chartdate, last seq_num) from pounds to kg "
        "(x 0.453592) and round to 1 decimal.",
    ], OMR_PATIENTS.format(name="'Weight (Lbs)'", min_n=1), """
WITH w AS (
    SELECT TRY_CAST(o.result_value AS DOUBLE) AS lbs,
           row_number() OVER (ORDER BY o.chartdate DESC, o.seq_num DESC) AS k
    FROM mimiciv_hosp.omr o
    WHERE o.subject_id = {subject_id} AND o.result_name = 'Weight (Lbs)'
)
SELECT round(lbs * 0.453592, 1) AS kg FROM w WHERE k = 1
""", "number"),

    T("patient", "omr_weight_change", [
        "How much did patient {subject_id}'s weight change between their first and last OMR 'Weight (Lbs)' "
        "records (last minus first, pounds, 1 decimal place)?",
        "By how many pounds did patient {subject_id}'s outpatient weight change from the earliest to the latest "
        "OMR measurement (last minus first, 1 decimal)?",
    ], "SELECT subject_id FROM mimiciv_hosp.omr WHERE result_name = 'Weight (Lbs)' GROUP BY subject_id "
       "HAVING count(DISTINCT chartdate) >= 2", """
WITH w AS (
    SELECT TRY_CAST(o.result_value AS DOUBLE) AS lbs,
           row_number() OVER (ORDER BY o.chartdate, o.seq_num) AS first_k,
           row_number() OVER (ORDER BY o.chartdate DESC, o.seq_num DESC) AS last_k
    FROM mimiciv_hosp.omr o
    WHERE o.subject_id = {subject_id} AND o.result_name = 'Weight (Lbs)'
)
SELECT round(max(CASE WHEN last_k = 1 THEN lbs END) - max(CASE WHEN first_k = 1 THEN lbs END), 1) AS change
FROM w
""", "number"),

    T("patient", "omr_hypertensive_readings", [
        "After their first hospital discharge, how many of patient {subject_id}'s OMR blood pressure readings were "
        "hypertensive (systolic >= 140 or diastolic >= 90 mmHg; readings dated after the discharge date)?",
        "Count the outpatient ('Blood Pressure') readings of patient {subject_id} dated after their first discharge "
        "with systolic at least 140 or diastolic at least 90 mmHg.",
    ], OMR_PATIENTS.format(name="'Blood Pressure'", min_n=2), "WITH " + omr_bp("o.subject_id = {subject_id}") + """,
first_disch AS (
    SELECT CAST(a.dischtime AS DATE) AS disch_date,
           row_number() OVER (ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.admissions a WHERE a.subject_id = {subject_id}
)
SELECT count(*) FILTER (WHERE bp.systolic >= 140 OR bp.diastolic >= 90) AS n
FROM bp JOIN first_disch f ON f.k = 1
WHERE bp.chartdate > f.disch_date
""", "number"),

    T("patient", "omr_mean_systolic", [
        "What was patient {subject_id}'s mean systolic blood pressure over the OMR 'Blood Pressure' readings "
        "dated within {days} days before their first hospital admission, in mmHg rounded to 1 decimal place?",
        "Average the systolic values of patient {subject_id}'s outpatient blood pressure records from the {days} "
        "days before (and including) the date of their first admission (mmHg, 1 decimal).",
    ], """
SELECT DISTINCT o.subject_id FROM mimiciv_hosp.omr o
JOIN (SELECT subject_id, CAST(min(admittime) AS DATE) AS admit_date FROM mimiciv_hosp.admissions GROUP BY subject_id) f
  ON f.subject_id = o.subject_id
WHERE o.result_name = 'Blood Pressure' AND o.chartdate BETWEEN f.admit_date - INTERVAL 365 DAY AND f.admit_date
""", "WITH " + omr_bp("o.subject_id = {subject_id}") + """,
first_adm AS (
    SELECT CAST(min(a.admittime) AS DATE) AS admit_date FROM mimiciv_hosp.admissions a WHERE a.subject_id = {subject_id}
)
SELECT round(avg(bp.systolic), 1) AS mean_systolic
FROM bp CROSS JOIN first_adm f
WHERE bp.chartdate BETWEEN f.admit_date - INTERVAL {days} DAY AND f.admit_date
""", "number", grid={"days": (365, 730)}),

    T("patient", "omr_max_bmi_date", [
        "On what date did patient {subject_id} have their highest recorded BMI (OMR 'BMI (kg/m2)')?",
        "When (chart date) was patient {subject_id}'s peak OMR BMI measured?",
    ], OMR_PATIENTS.format(name="'BMI (kg/m2)'", min_n=2), """
WITH b AS (
    SELECT o.chartdate, TRY_CAST(o.result_value AS DOUBLE) AS bmi
    FROM mimiciv_hosp.omr o
    WHERE o.subject_id = {subject_id} AND o.result_name = 'BMI (kg/m2)'
),
ranked AS (SELECT DISTINCT chartdate, rank() OVER (ORDER BY bmi DESC) AS rk FROM b WHERE bmi IS NOT NULL)
SELECT chartdate FROM ranked WHERE rk = 1
""", "date"),

    T("patient", "omr_bp_on_latest_date", [
        "What was patient {subject_id}'s systolic blood pressure (mmHg) at their most recent OMR blood pressure "
        "reading (latest chart date, then highest sequence number)?",
        "Give the systolic value of the latest outpatient 'Blood Pressure' record of patient {subject_id} "
        "(latest chartdate, last seq_num).",
    ], OMR_PATIENTS.format(name="'Blood Pressure'", min_n=1), "WITH " + omr_bp("o.subject_id = {subject_id}") + """,
ranked AS (SELECT systolic, row_number() OVER (ORDER BY chartdate DESC, seq_num DESC) AS k FROM bp)
SELECT systolic FROM ranked WHERE k = 1
""", "number"),

    # ------------------------------------------------------------------ patient level: ICU
    T("patient", "icu_first_los", [
        "How long was patient {subject_id}'s first ICU stay, in days (icustays.los) rounded to 2 decimal places?",
        "What was the length of stay in days of patient {subject_id}'s earliest ICU stay (los, 2 decimals)?",
    ], ICU_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT round(los, 2) AS los_days FROM stay WHERE stay_no = 1
""", "number"),

    T("patient", "icu_admission_weight", [
        "What weight (kg) was recorded for patient {subject_id} with the earliest ICU input (inputevents "
        "patientweight) of their first ICU stay? Round to 1 decimal place.",
        "Patient {subject_id}'s first ICU stay: what was the patient weight in kg on the first inputevents record "
        "(by start time)? 1 decimal.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_icu.inputevents WHERE patientweight IS NOT NULL",
       "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """,
w AS (
    SELECT ie.patientweight, rank() OVER (ORDER BY ie.starttime) AS rk
    FROM mimiciv_icu.inputevents ie
    JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
    WHERE ie.patientweight IS NOT NULL
)
SELECT DISTINCT round(patientweight, 1) AS kg FROM w WHERE rk = 1
""", "number"),

    T("patient", "output_first24h", [
        "How much '{item}' output (mL) was recorded for patient {subject_id} in the first 24 hours of their first "
        "ICU stay (outputevents)?",
        "Total the '{item}' outputevents volume (mL) of patient {subject_id} during the first 24 hours after the "
        "start of their earliest ICU stay.",
    ], OUTPUT_ITEM_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT sum(o.value) AS ml
FROM mimiciv_icu.outputevents o
JOIN stay ON stay.stay_id = o.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = o.itemid
WHERE d.label = {item} AND o.charttime >= stay.intime AND o.charttime < stay.intime + INTERVAL 24 HOUR
""", "number"),

    T("patient", "output_daily_max", [
        "During patient {subject_id}'s most recent ICU stay, what was the largest total '{item}' output (mL) on a "
        "single calendar day (by chart date)?",
        "For patient {subject_id}'s latest ICU stay, sum '{item}' outputevents volume per calendar day: what is "
        "the highest daily total in mL?",
    ], OUTPUT_ITEM_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """,
daily AS (
    SELECT CAST(o.charttime AS DATE) AS day, sum(o.value) AS ml
    FROM mimiciv_icu.outputevents o
    JOIN stay ON stay.stay_id = o.stay_id AND stay.stay_rev = 1
    JOIN mimiciv_icu.d_items d ON d.itemid = o.itemid
    WHERE d.label = {item}
    GROUP BY CAST(o.charttime AS DATE)
)
SELECT max(ml) AS max_daily_ml FROM daily
""", "number"),

    T("patient", "datetime_first_value", [
        "What date was charted as '{item}' the first time it was recorded (earliest charttime) for patient "
        "{subject_id}?",
        "For patient {subject_id}, give the date value of the earliest '{item}' entry in datetimeevents (by "
        "charttime).",
    ], """
SELECT DISTINCT e.subject_id, i.item FROM mimiciv_icu.datetimeevents e
JOIN (""" + ICU_ITEMS + """) i ON i.itemid = e.itemid
""", """
WITH ev AS (
    SELECT CAST(e.value AS DATE) AS value_date, rank() OVER (ORDER BY e.charttime) AS rk
    FROM mimiciv_icu.datetimeevents e
    JOIN mimiciv_icu.d_items d ON d.itemid = e.itemid
    WHERE e.subject_id = {subject_id} AND d.label = {item}
)
SELECT DISTINCT value_date FROM ev WHERE rk = 1
""", "date"),

    T("patient", "procedure_hours", [
        "How many hours of '{item}' did patient {subject_id} receive during their first ICU stay "
        "(procedureevents end minus start time, summed), rounded to 1 decimal place?",
        "Sum the durations of patient {subject_id}'s '{item}' procedure events in their earliest ICU stay, in "
        "hours (1 decimal).",
    ], """
SELECT DISTINCT p.subject_id, i.item FROM mimiciv_icu.procedureevents p
JOIN (""" + ICU_ITEMS + """) i ON i.itemid = p.itemid
WHERE i.item IN ('Invasive Ventilation', 'Non-invasive Ventilation', 'Arterial Line', 'Multi Lumen', 'PICC Line',
                 'Dialysis - CRRT', 'Foley Catheter', '20 Gauge', '18 Gauge')
""", "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT round(sum(date_diff('second', p.starttime, p.endtime)) / 3600.0, 1) AS hours
FROM mimiciv_icu.procedureevents p
JOIN stay ON stay.stay_id = p.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE d.label = {item}
""", "number"),

    T("patient", "icu_careunits", [
        "In which ICU care units did patient {subject_id} start their ICU stays? List each first care unit once.",
        "List the distinct first care units of all of patient {subject_id}'s ICU stays.",
    ], ICU_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT DISTINCT first_careunit FROM stay WHERE first_careunit IS NOT NULL
""", "set"),

    # ------------------------------------------------------------------ patient level: chartevents
    T("patient", "chart_max_first_stay", [
        "What was the highest '{item}' ({unit}) charted for patient {subject_id} during their first ICU stay?",
        "Give the maximum '{item}' value in {unit} recorded in chartevents during patient {subject_id}'s earliest "
        "ICU stay.",
    ], CHART_ITEM_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT max(c.valuenum) AS max_value
FROM mimiciv_icu.chartevents c
JOIN stay ON stay.stay_id = c.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
WHERE d.label = {item} AND c.valuenum IS NOT NULL
""", "number"),

    T("patient", "chart_mean_first24h", [
        "What was patient {subject_id}'s mean '{item}' ({unit}) over the first 24 hours of their first ICU stay, "
        "rounded to 1 decimal place?",
        "Average the '{item}' readings ({unit}) of patient {subject_id} charted within 24 hours of the start of "
        "their first ICU stay (1 decimal).",
    ], CHART_ITEM_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT round(avg(c.valuenum), 1) AS mean_value
FROM mimiciv_icu.chartevents c
JOIN stay ON stay.stay_id = c.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
WHERE d.label = {item} AND c.valuenum IS NOT NULL
  AND c.charttime >= stay.intime AND c.charttime < stay.intime + INTERVAL 24 HOUR
""", "number"),

    T("patient", "chart_tachycardia_count", [
        "How many heart rate readings above 100 bpm were charted during patient {subject_id}'s most recent ICU "
        "stay (d_items 'Heart Rate')?",
        "Count tachycardic 'Heart Rate' values (> 100 bpm) in chartevents for patient {subject_id}'s latest ICU "
        "stay.",
    ], "SELECT DISTINCT c.subject_id FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d "
       "ON d.itemid = c.itemid WHERE d.label = 'Heart Rate'", "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT count(*) FILTER (WHERE c.valuenum > 100) AS n
FROM mimiciv_icu.chartevents c
JOIN stay ON stay.stay_id = c.stay_id AND stay.stay_rev = 1
JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
WHERE d.label = 'Heart Rate'
""", "number"),

    T("patient", "chart_rose", [
        "Was patient {subject_id}'s last '{item}' ({unit}) of their first ICU stay higher than the first one?",
        "During patient {subject_id}'s first ICU stay, did '{item}' end higher than it started (last charted "
        "value vs first, {unit})?",
    ], CHART_ITEM_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """,
vals AS (
    SELECT c.valuenum,
           row_number() OVER (ORDER BY c.charttime, c.valuenum) AS first_k,
           row_number() OVER (ORDER BY c.charttime DESC, c.valuenum DESC) AS last_k
    FROM mimiciv_icu.chartevents c
    JOIN stay ON stay.stay_id = c.stay_id AND stay.stay_no = 1
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    WHERE d.label = {item} AND c.valuenum IS NOT NULL
)
SELECT max(CASE WHEN last_k = 1 THEN valuenum END) > max(CASE WHEN first_k = 1 THEN valuenum END) AS rose
FROM vals
HAVING count(*) >= 2
""", "boolean"),

    # ------------------------------------------------------------------ population level
    T("population", "icu_mean_los_by_unit", [
        "Among patients who survived their hospital admission, what is the mean ICU length of stay (icustays.los, "
        "days) of stays that began in the '{careunit}', rounded to 2 decimal places?",
        "For ICU stays with first care unit '{careunit}' whose hospital admission did not end in death, what is the "
        "average los in days (2 decimals)?",
    ], "SELECT DISTINCT first_careunit AS careunit FROM mimiciv_icu.icustays WHERE first_careunit IS NOT NULL", """
SELECT round(avg(s.los), 2) AS mean_los
FROM mimiciv_icu.icustays s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE s.first_careunit = {careunit} AND s.los IS NOT NULL AND coalesce(a.hospital_expire_flag, 0) = 0
""", "number"),

    T("population", "icu_long_stays", [
        "What percentage of ICU stays longer than {days} days (icustays.los) were in hospital admissions that ended "
        "in death? Round to 2 decimal places.",
        "Among ICU stays with a length of stay above {days} days, what share (%) belong to admissions with "
        "in-hospital death (hospital_expire_flag), 2 decimals?",
    ], "SELECT 1 AS one", """
SELECT round(100.0 * count(*) FILTER (WHERE a.hospital_expire_flag = 1) / count(*), 2) AS pct
FROM mimiciv_icu.icustays s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE s.los > {days}
""", "number", grid={"days": (2, 3, 5, 7, 14)}),

    T("population", "icu_readmissions_48h", [
        "How many ICU stays were followed by another ICU stay in the same hospital admission starting within {hours} "
        "hours of ICU discharge?",
        "Count ICU stays after which the patient returned to the ICU during the same hospitalisation within {hours} "
        "hours of leaving it.",
    ], "SELECT 1 AS one", """
WITH seq AS (
    SELECT s.stay_id, s.hadm_id, s.outtime,
           lead(s.intime) OVER (PARTITION BY s.hadm_id ORDER BY s.intime, s.stay_id) AS next_in
    FROM mimiciv_icu.icustays s
)
SELECT count(*) AS n FROM seq
WHERE next_in IS NOT NULL AND next_in <= outtime + INTERVAL {hours} HOUR
""", "number", grid={"hours": (48, 72, 168)}),

    T("population", "omr_obesity_rate", [
        "What percentage of patients with an OMR BMI have a latest BMI (latest chart date, highest sequence "
        "number) of {bmi} kg/m2 or more? Round to 2 decimal places.",
        "Using each patient's most recent OMR 'BMI (kg/m2)' value, what share (%) of patients are at or above "
        "BMI {bmi}? 2 decimals.",
    ], "SELECT 1 AS one", """
WITH latest AS (
    SELECT o.subject_id, TRY_CAST(o.result_value AS DOUBLE) AS bmi,
           row_number() OVER (PARTITION BY o.subject_id ORDER BY o.chartdate DESC, o.seq_num DESC) AS k
    FROM mimiciv_hosp.omr o
    WHERE o.result_name = 'BMI (kg/m2)'
)
SELECT round(100.0 * count(*) FILTER (WHERE bmi >= {bmi}) / count(*), 2) AS pct
FROM latest WHERE k = 1 AND bmi IS NOT NULL
""", "number", grid={"bmi": (25, 30, 35, 40)}),

    T("population", "omr_mean_latest_weight_gender", [
        "What is the average most recent OMR weight (lbs) of {gender_word} patients (latest chart date, highest "
        "sequence number per patient), rounded to 1 decimal place?",
        "Take each {gender_word} patient's latest 'Weight (Lbs)' OMR record: what is their mean weight in pounds "
        "(1 decimal)?",
    ], "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)", """
WITH latest AS (
    SELECT o.subject_id, TRY_CAST(o.result_value AS DOUBLE) AS lbs,
           row_number() OVER (PARTITION BY o.subject_id ORDER BY o.chartdate DESC, o.seq_num DESC) AS k
    FROM mimiciv_hosp.omr o
    WHERE o.result_name = 'Weight (Lbs)'
)
SELECT round(avg(l.lbs), 1) AS mean_lbs
FROM latest l JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id
WHERE l.k = 1 AND p.gender = {gender}
""", "number", derived=("gender",)),

    T("population", "omr_hypertensive_pct", [
        "What percentage of all OMR blood pressure readings are hypertensive (systolic >= {sys} or diastolic >= "
        "{dia} mmHg)? Round to 2 decimal places.",
        "Across every outpatient 'Blood Pressure' record, what share (%) has systolic at least {sys} or diastolic "
        "at least {dia} mmHg? 2 decimals.",
    ], "SELECT * FROM (VALUES (130, 80), (140, 90), (160, 100)) AS t(sys, dia)", "WITH " + omr_bp() + """
SELECT round(100.0 * count(*) FILTER (WHERE systolic >= {sys} OR diastolic >= {dia}) / count(*), 2) AS pct
FROM bp WHERE systolic IS NOT NULL
""", "number"),

    T("population", "icu_mean_weight_by_unit", [
        "What is the mean admission weight (kg) of ICU stays that began in the '{careunit}', taking each stay's "
        "earliest inputevents patientweight? Round to 1 decimal place.",
        "For ICU stays with first care unit '{careunit}', average the patient weight of each stay's first input "
        "event (by start time, then lowest weight) in kg, 1 decimal.",
    ], "SELECT DISTINCT s.first_careunit AS careunit FROM mimiciv_icu.icustays s JOIN mimiciv_icu.inputevents i "
       "ON i.stay_id = s.stay_id WHERE s.first_careunit IS NOT NULL", """
WITH w AS (
    SELECT ie.stay_id, ie.patientweight,
           row_number() OVER (PARTITION BY ie.stay_id ORDER BY ie.starttime, ie.patientweight) AS k
    FROM mimiciv_icu.inputevents ie
    WHERE ie.patientweight IS NOT NULL
)
SELECT round(avg(w.patientweight), 1) AS mean_kg
FROM w JOIN mimiciv_icu.icustays s ON s.stay_id = w.stay_id
WHERE w.k = 1 AND s.first_careunit = {careunit}
""", "number"),

    T("population", "output_top_unit", [
        "Which first ICU care unit has the highest average total '{item}' output (mL) per ICU stay, among stays "
        "with any '{item}' output?",
        "Among ICU stays that recorded '{item}' output, which first care unit has the largest mean per-stay total "
        "volume?",
    ], OUTPUT_ITEMS, """
WITH per_stay AS (
    SELECT o.stay_id, sum(o.value) AS ml
    FROM mimiciv_icu.outputevents o
    JOIN mimiciv_icu.d_items d ON d.itemid = o.itemid
    WHERE d.label = {item}
    GROUP BY o.stay_id
),
by_unit AS (
    SELECT s.first_careunit, avg(p.ml) AS mean_ml
    FROM per_stay p JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
    GROUP BY s.first_careunit
),
""" + argmax("by_unit", "first_careunit", "mean_ml") + "\n", "string"),

    T("population", "output_mean_first24h", [
        "Across ICU stays, what is the mean total '{item}' output (mL) in the first 24 hours after ICU admission, "
        "counting only stays with some '{item}' output in that window? Round to 1 decimal place.",
        "Average, over ICU stays with any '{item}' recorded in their first 24 hours, the total volume (mL) in "
        "those 24 hours (1 decimal).",
    ], OUTPUT_ITEMS, """
WITH first_day AS (
    SELECT o.stay_id, sum(o.value) AS ml
    FROM mimiciv_icu.outputevents o
    JOIN mimiciv_icu.icustays s ON s.stay_id = o.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = o.itemid
    WHERE d.label = {item} AND o.charttime >= s.intime AND o.charttime < s.intime + INTERVAL 24 HOUR
    GROUP BY o.stay_id
)
SELECT round(avg(ml), 1) AS mean_ml FROM first_day
""", "number"),

    T("population", "datetime_item_stays", [
        "In how many ICU stays was '{item}' charted (datetimeevents) within the first {hours} hours of the stay?",
        "Count the ICU stays with at least one '{item}' entry in datetimeevents charted in the first {hours} hours "
        "after ICU admission.",
    ], """
SELECT i.item FROM mimiciv_icu.datetimeevents e JOIN (""" + ICU_ITEMS + """) i ON i.itemid = e.itemid
GROUP BY i.item HAVING count(DISTINCT e.stay_id) >= 2
""", """
SELECT count(DISTINCT e.stay_id) AS stays
FROM mimiciv_icu.datetimeevents e
JOIN mimiciv_icu.d_items d ON d.itemid = e.itemid
JOIN mimiciv_icu.icustays s ON s.stay_id = e.stay_id
WHERE d.label = {item} AND e.charttime >= s.intime AND e.charttime < s.intime + INTERVAL {hours} HOUR
""", "number", grid={"hours": (24, 48)}),

    T("population", "procedure_mean_hours", [
        "Among ICU stays with any '{item}' procedure event, what is the mean total '{item}' time per stay in hours "
        "(procedureevents end minus start, summed per stay), rounded to 1 decimal place?",
        "Sum each ICU stay's '{item}' procedureevents durations: what is the average per-stay total in hours, over "
        "stays that had it (1 decimal)?",
    ], """
SELECT i.item FROM mimiciv_icu.procedureevents p JOIN (""" + ICU_ITEMS + """) i ON i.itemid = p.itemid
WHERE i.item IN ('Invasive Ventilation', 'Non-invasive Ventilation', 'Arterial Line', 'Multi Lumen', 'PICC Line',
                 'Dialysis - CRRT', 'Foley Catheter', '20 Gauge', '18 Gauge')
GROUP BY i.item
""", """
WITH per_stay AS (
    SELECT p.stay_id, sum(date_diff('second', p.starttime, p.endtime)) / 3600.0 AS hours
    FROM mimiciv_icu.procedureevents p
    JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
    WHERE d.label = {item}
    GROUP BY p.stay_id
)
SELECT round(avg(hours), 1) AS mean_hours FROM per_stay
""", "number"),

    T("population", "chart_mean_by_unit", [
        "What is the mean '{item}' ({unit}) over all readings charted in ICU stays that began in the '{careunit}', "
        "rounded to 1 decimal place?",
        "Average every '{item}' chartevents value ({unit}) from ICU stays with first care unit '{careunit}' (1 "
        "decimal).",
    ], """
SELECT DISTINCT s.first_careunit AS careunit, d.label AS item, d.unitname AS unit
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
WHERE d.label IN (""" + ", ".join(VITAL_LABELS) + """) AND s.first_careunit IS NOT NULL AND d.unitname IS NOT NULL
""", """
SELECT round(avg(c.valuenum), 1) AS mean_value
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
WHERE d.label = {item} AND s.first_careunit = {careunit} AND c.valuenum IS NOT NULL
""", "number"),

    T("population", "chart_fever_pct", [
        "What percentage of ICU stays with a charted 'Temperature Fahrenheit' had any reading above {temp} °F? "
        "Round to 2 decimal places.",
        "Among ICU stays where 'Temperature Fahrenheit' was charted, what share (%) ever exceeded {temp} °F (2 "
        "decimals)?",
    ], "SELECT 1 AS one FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid "
       "WHERE d.label = 'Temperature Fahrenheit' LIMIT 1", """
WITH per_stay AS (
    SELECT c.stay_id, max(c.valuenum) AS tmax
    FROM mimiciv_icu.chartevents c
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    WHERE d.label = 'Temperature Fahrenheit' AND c.valuenum IS NOT NULL
    GROUP BY c.stay_id
)
SELECT round(100.0 * count(*) FILTER (WHERE tmax > {temp}) / count(*), 2) AS pct FROM per_stay
""", "number", grid={"temp": (100.4, 101.0, 102.2)}),

    T("population", "chart_median_first_value", [
        "What is the median first '{item}' ({unit}) of ICU stays, taking the earliest charted reading of each stay?",
        "Take each ICU stay's first charted '{item}' value ({unit}, earliest charttime, lowest value on ties): what "
        "is the median across stays?",
    ], CHART_ITEMS, """
WITH firsts AS (
    SELECT c.stay_id, c.valuenum,
           row_number() OVER (PARTITION BY c.stay_id ORDER BY c.charttime, c.valuenum) AS k
    FROM mimiciv_icu.chartevents c
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    WHERE d.label = {item} AND c.valuenum IS NOT NULL
)
SELECT median(valuenum) AS median_value FROM firsts WHERE k = 1
""", "number"),

    T("patient", "hours_to_icu", [
        "How many hours after hospital admission did patient {subject_id}'s first ICU stay begin (ICU intime minus "
        "the admission time of that hospital admission), rounded to 1 decimal place?",
        "For patient {subject_id}'s earliest ICU stay, how long in hours from hospital admission to ICU admission "
        "(1 decimal)?",
    ], ICU_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT round(date_diff('second', a.admittime, stay.intime) / 3600.0, 1) AS hours
FROM stay JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
WHERE stay.stay_no = 1
""", "number"),

    T("patient", "bmi_before_admission", [
        "What was patient {subject_id}'s most recent OMR BMI (kg/m2) on or before the date of their first hospital "
        "admission (latest chart date, then highest sequence number)?",
        "Give the last outpatient 'BMI (kg/m2)' recorded for patient {subject_id} no later than the day of their "
        "first admission.",
    ], OMR_PATIENTS.format(name="'BMI (kg/m2)'", min_n=1), """
WITH first_adm AS (
    SELECT CAST(min(a.admittime) AS DATE) AS admit_date FROM mimiciv_hosp.admissions a WHERE a.subject_id = {subject_id}
),
bmi AS (
    SELECT TRY_CAST(o.result_value AS DOUBLE) AS value,
           row_number() OVER (ORDER BY o.chartdate DESC, o.seq_num DESC) AS k
    FROM mimiciv_hosp.omr o CROSS JOIN first_adm f
    WHERE o.subject_id = {subject_id} AND o.result_name = 'BMI (kg/m2)' AND o.chartdate <= f.admit_date
)
SELECT value FROM bmi WHERE k = 1
""", "number"),

    T("population", "hours_to_icu_by_type", [
        "For '{admission_type}' hospital admissions with an ICU stay, what is the median number of hours from "
        "hospital admission to the first ICU admission, rounded to 1 decimal place?",
        "Median hours (1 decimal) between admission time and the first ICU intime, over '{admission_type}' "
        "admissions that reached the ICU?",
    ], "SELECT DISTINCT a.admission_type FROM mimiciv_hosp.admissions a JOIN mimiciv_icu.icustays s "
       "ON s.hadm_id = a.hadm_id", """
WITH first_icu AS (
    SELECT s.hadm_id, min(s.intime) AS first_in FROM mimiciv_icu.icustays s GROUP BY s.hadm_id
)
SELECT round(median(date_diff('second', a.admittime, f.first_in) / 3600.0), 1) AS median_hours
FROM first_icu f JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
WHERE a.admission_type = {admission_type}
""", "number"),
]
