"""Vitals, patient level: clinic (outpatient) blood pressure, weight, height and BMI, and the body weight
recorded with ICU infusions. These come from the hospital record and exist in the public demo."""

from __future__ import annotations

from .._common import condition_patients, first_coded_admission
from ._sql import FIRST_ADMIT, LBS_TO_KG, T, clinic, clinic_bp, clinic_patients, stays

COND = ("icd9", "icd10")
FIRST_DATES = ("(SELECT a.subject_id, CAST(min(a.admittime) AS DATE) AS first_date, "
               "CAST(max(a.dischtime) AS DATE) AS last_disch FROM mimiciv_hosp.admissions a GROUP BY a.subject_id) f")


def _before_first(name: str, window: str = "") -> str:
    """Candidates: patients with a numeric clinic measurement on or before their first admission date."""
    return (f"SELECT DISTINCT o.subject_id FROM mimiciv_hosp.omr o JOIN {FIRST_DATES} ON f.subject_id = o.subject_id "
            f"WHERE o.subject_id IN ({clinic_patients(name)}) AND o.result_name = '{name}' "
            f"AND o.chartdate <= f.first_date{window}")


def _with_condition(name: str) -> str:
    return condition_patients(f" JOIN mimiciv_hosp.omr o ON o.subject_id = dx.subject_id AND o.result_name = '{name}'")


ICU_WEIGHT_PATIENTS = ("SELECT DISTINCT ie.subject_id FROM mimiciv_icu.inputevents ie "
                       "WHERE ie.patientweight IS NOT NULL")
# The admission of a condition's first coding, for a patient's clinic measurements around it
CODED = f"""WITH adm AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}}
),
{first_coded_admission()}"""

TEMPLATES = [
    T("patient", "clinic_weight_before_first_admission", [
        "What was patient {subject_id}'s last clinic weight on or before the day of their first hospital admission, in "
        "kilograms rounded to 1 decimal place?",
        "Before (or on the day of) their first admission, what was patient {subject_id}'s most recent outpatient "
        "weight, converted to kg and rounded to 1 decimal place?",
        "Give patient {subject_id}'s latest recorded clinic weight up to the date of their first admission, in kg (1 "
        "decimal place).",
    ], _before_first("Weight (Lbs)"), f"""
WITH {FIRST_ADMIT},
{clinic("Weight (Lbs)", "o.subject_id = {subject_id}")},
ranked AS (
    SELECT m.value, row_number() OVER (ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
    FROM m CROSS JOIN first_adm f WHERE m.chartdate <= f.admit_date
)
SELECT round(value * {LBS_TO_KG}, 1) AS weight_kg FROM ranked WHERE k = 1
""", "number", family="clinic_weight_point"),

    T("patient", "clinic_weight_after_last_discharge", [
        "What was patient {subject_id}'s first clinic weight after their most recent hospital discharge, in "
        "kilograms rounded to 1 decimal place?",
        "After leaving hospital for the last time, what was patient {subject_id}'s first outpatient weight (dated "
        "after the discharge date), in kg to 1 decimal place?",
        "Give the earliest clinic weight recorded for patient {subject_id} after the date of their final discharge, "
        "in kg (1 decimal place).",
    ], "SELECT DISTINCT o.subject_id FROM mimiciv_hosp.omr o JOIN " + FIRST_DATES + " ON f.subject_id = o.subject_id "
       "WHERE o.result_name = 'Weight (Lbs)' AND o.chartdate > f.last_disch", f"""
WITH last_disch AS (
    SELECT CAST(a.dischtime AS DATE) AS disch_date FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}}
    ORDER BY a.admittime DESC, a.hadm_id DESC LIMIT 1
),
{clinic("Weight (Lbs)", "o.subject_id = {subject_id}")},
ranked AS (
    SELECT m.value, row_number() OVER (ORDER BY m.chartdate, m.seq_num) AS k
    FROM m CROSS JOIN last_disch d WHERE m.chartdate > d.disch_date
)
SELECT round(value * {LBS_TO_KG}, 1) AS weight_kg FROM ranked WHERE k = 1
""", "number", family="clinic_weight_point"),

    T("patient", "clinic_weight_change_first_last", [
        "How much did patient {subject_id}'s weight change between their first and their latest clinic weights, in "
        "pounds (latest minus first, 1 decimal place)?",
        "From the earliest to the most recent outpatient weight of patient {subject_id}, what was the change in "
        "pounds (1 decimal place, gain positive)?",
        "By how many pounds (1 decimal place) did patient {subject_id}'s clinic weight change from the first "
        "measurement to the last?",
    ], "SELECT subject_id FROM mimiciv_hosp.omr WHERE result_name = 'Weight (Lbs)' GROUP BY subject_id "
       "HAVING count(DISTINCT chartdate) >= 2", f"""
WITH {clinic("Weight (Lbs)", "o.subject_id = {subject_id}")},
ordered AS (
    SELECT value, row_number() OVER (ORDER BY chartdate, seq_num) AS first_k,
           row_number() OVER (ORDER BY chartdate DESC, seq_num DESC) AS last_k
    FROM m
)
SELECT round(max(value) FILTER (WHERE last_k = 1) - max(value) FILTER (WHERE first_k = 1), 1) AS change_lbs
FROM ordered
""", "number", family="clinic_weight_change"),

    T("patient", "weight_change_around_condition", [
        "How did patient {subject_id}'s weight change across their first admission with {condition}: first clinic "
        "weight after the discharge date minus the last one on or before the admission date, in kg to 1 decimal "
        "place?",
        "Comparing patient {subject_id}'s last outpatient weight up to the day of their first admission coded with "
        "{condition} and their first outpatient weight after its discharge, what is the change in kg (after minus "
        "before, 1 decimal place)?",
        "Around the first hospital stay in which {condition} was diagnosed, how much weight did patient {subject_id} "
        "gain or lose, from the last clinic weight before (or on) admission day to the first after discharge day, in "
        "kg (1 decimal place)?",
    ], _with_condition("Weight (Lbs)"), CODED + f""",
{clinic("Weight (Lbs)", "o.subject_id = {subject_id}")},
before_adm AS (
    SELECT m.value, row_number() OVER (ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
    FROM m JOIN first_coded f ON m.chartdate <= CAST(f.admittime AS DATE)
),
after_disch AS (
    SELECT m.value, row_number() OVER (ORDER BY m.chartdate, m.seq_num) AS k
    FROM m JOIN first_coded f ON m.chartdate > CAST(f.dischtime AS DATE)
)
SELECT round((a.value - b.value) * {LBS_TO_KG}, 1) AS change_kg
FROM before_adm b JOIN after_disch a ON a.k = 1
WHERE b.k = 1
""", "number", derived=COND, family="clinic_weight_change"),

    T("patient", "weight_pct_change_year_after_discharge", [
        "By what percentage did patient {subject_id}'s weight change from their last clinic weight on or before their "
        "first admission date to their latest clinic weight within 365 days after that admission's discharge date? "
        "Round to 1 decimal place.",
        "Taking patient {subject_id}'s last outpatient weight up to their first admission and their most recent one "
        "in the year (365 days) after the first discharge, what is the percentage change (1 decimal place)?",
        "Percentage weight change for patient {subject_id} over their first hospitalisation and the following year: "
        "from the last clinic weight on or before admission day to the latest one no more than 365 days after "
        "discharge day, to 1 decimal place?",
    ], _before_first("Weight (Lbs)"), f"""
WITH first_adm AS (
    SELECT CAST(a.admittime AS DATE) AS admit_date, CAST(a.dischtime AS DATE) AS disch_date
    FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}
    ORDER BY a.admittime, a.hadm_id LIMIT 1
),
{clinic("Weight (Lbs)", "o.subject_id = {subject_id}")},
before_adm AS (
    SELECT m.value, row_number() OVER (ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
    FROM m CROSS JOIN first_adm f WHERE m.chartdate <= f.admit_date
),
year_after AS (
    SELECT m.value, row_number() OVER (ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
    FROM m CROSS JOIN first_adm f
    WHERE m.chartdate > f.disch_date AND m.chartdate <= f.disch_date + INTERVAL 365 DAY
)
SELECT round(100.0 * (y.value - b.value) / b.value, 1) AS pct_change
FROM before_adm b JOIN year_after y ON y.k = 1
WHERE b.k = 1 AND b.value > 0
""", "number", family="clinic_weight_change"),

    T("patient", "hypertensive_readings_after_discharge", [
        "After their first hospital discharge, how many of patient {subject_id}'s clinic blood pressure readings were "
        "hypertensive (systolic at least 140 or diastolic at least 90 mmHg)?",
        "Count patient {subject_id}'s outpatient blood pressure readings dated after their first discharge with "
        "systolic of 140 mmHg or more or diastolic of 90 mmHg or more.",
        "Since their first hospital stay ended, on how many clinic readings did patient {subject_id} have a blood "
        "pressure of 140/90 mmHg or above (either number)?",
    ], clinic_patients("Blood Pressure", 2), f"""
WITH {clinic_bp("o.subject_id = {subject_id}")},
first_disch AS (
    SELECT CAST(a.dischtime AS DATE) AS disch_date FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}}
    ORDER BY a.admittime, a.hadm_id LIMIT 1
)
SELECT count(*) FILTER (WHERE bp.systolic >= 140 OR bp.diastolic >= 90) AS n_readings
FROM bp CROSS JOIN first_disch f
WHERE bp.chartdate > f.disch_date
""", "number"),

    T("patient", "mean_systolic_before_first_admission", [
        "What was patient {subject_id}'s mean clinic systolic blood pressure over the {days} days up to and including "
        "the date of their first hospital admission, in mmHg rounded to 1 decimal place?",
        "Average the systolic values of patient {subject_id}'s outpatient blood pressure readings from the {days} "
        "days before (and on) the day of their first admission, in mmHg to 1 decimal place.",
        "In the {days} days leading up to and including their first admission date, what was patient "
        "{subject_id}'s average clinic systolic pressure (mmHg, 1 decimal place)?",
    ], _before_first("Blood Pressure", " AND o.chartdate >= f.first_date - INTERVAL 730 DAY"), f"""
WITH {clinic_bp("o.subject_id = {subject_id}")},
{FIRST_ADMIT}
SELECT round(avg(bp.systolic), 1) AS mean_systolic
FROM bp CROSS JOIN first_adm f
WHERE bp.chartdate >= f.admit_date - INTERVAL {{days}} DAY AND bp.chartdate <= f.admit_date
""", "number", grid={"days": (365, 730)}, family="clinic_bp_before"),

    T("patient", "max_systolic_year_before_condition", [
        "What was patient {subject_id}'s highest clinic systolic blood pressure in the 365 days up to and including "
        "the date of their first admission with {condition}, in mmHg?",
        "In the year (365 days, admission day included) before the first hospital stay in which {condition} was "
        "diagnosed, what was patient {subject_id}'s peak outpatient systolic pressure (mmHg)?",
        "Looking at patient {subject_id}'s clinic blood pressures from the 365 days before their first admission "
        "coded with {condition} (and that day), what was the maximum systolic value in mmHg?",
    ], _with_condition("Blood Pressure"), CODED + f""",
{clinic_bp("o.subject_id = {subject_id}")}
SELECT max(bp.systolic) AS max_systolic
FROM bp JOIN first_coded f ON bp.chartdate <= CAST(f.admittime AS DATE)
     AND bp.chartdate >= CAST(f.admittime AS DATE) - INTERVAL 365 DAY
""", "number", derived=COND, family="clinic_bp_before"),

    T("patient", "bp_controlled_before_condition", [
        "Was patient {subject_id}'s last clinic blood pressure on or before the day of their first admission with "
        "{condition} below 140/90 mmHg (systolic under 140 and diastolic under 90)?",
        "Before the first hospital stay in which {condition} was diagnosed, was patient {subject_id}'s most recent "
        "outpatient blood pressure controlled, meaning systolic below 140 and diastolic below 90 mmHg?",
        "At the last clinic reading up to the admission date of their first admission coded with {condition}, did "
        "patient {subject_id} have a blood pressure under 140/90 mmHg (both numbers)?",
    ], _with_condition("Blood Pressure"), CODED + f""",
{clinic_bp("o.subject_id = {subject_id}")},
ranked AS (
    SELECT bp.systolic, bp.diastolic, row_number() OVER (ORDER BY bp.chartdate DESC, bp.seq_num DESC) AS k
    FROM bp JOIN first_coded f ON bp.chartdate <= CAST(f.admittime AS DATE)
)
SELECT systolic < 140 AND diastolic < 90 AS controlled FROM ranked WHERE k = 1
""", "boolean", derived=COND),

    T("patient", "last_bp_before_last_admission", [
        "What was patient {subject_id}'s last clinic blood pressure on or before the day of their most recent hospital "
        "admission? Give the systolic and the diastolic value in mmHg.",
        "Before (or on the day of) their latest admission, what were the systolic and diastolic numbers of patient "
        "{subject_id}'s most recent outpatient blood pressure (mmHg)?",
        "Give the systolic and diastolic pressure (mmHg) of the latest clinic reading of patient {subject_id} up to "
        "the date of their last hospital admission.",
    ], clinic_patients("Blood Pressure"), f"""
WITH last_adm AS (
    SELECT CAST(max(a.admittime) AS DATE) AS admit_date FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}}
),
{clinic_bp("o.subject_id = {subject_id}")},
ranked AS (
    SELECT bp.systolic, bp.diastolic, row_number() OVER (ORDER BY bp.chartdate DESC, bp.seq_num DESC) AS k
    FROM bp CROSS JOIN last_adm l WHERE bp.chartdate <= l.admit_date
)
SELECT systolic, diastolic FROM ranked WHERE k = 1
""", "table"),

    T("patient", "max_bmi_date", [
        "On what date did patient {subject_id} have their highest recorded clinic BMI?",
        "When was patient {subject_id}'s peak body mass index measured in clinic?",
        "Give the date of the clinic visit with patient {subject_id}'s highest BMI.",
    ], clinic_patients("BMI (kg/m2)", 2), f"""
WITH {clinic("BMI (kg/m2)", "o.subject_id = {subject_id}")},
ranked AS (SELECT DISTINCT chartdate, rank() OVER (ORDER BY value DESC) AS rk FROM m)
SELECT chartdate FROM ranked WHERE rk = 1
""", "date"),

    T("patient", "bmi_before_first_admission", [
        "What was patient {subject_id}'s most recent clinic BMI (kg/m2) on or before the date of their first hospital "
        "admission?",
        "Give the last body mass index recorded in clinic for patient {subject_id} no later than the day of their "
        "first admission (kg/m2).",
        "Up to the day they were first admitted, what was patient {subject_id}'s latest outpatient BMI in kg/m2?",
    ], _before_first("BMI (kg/m2)"), f"""
WITH {FIRST_ADMIT},
{clinic("BMI (kg/m2)", "o.subject_id = {subject_id}")},
ranked AS (
    SELECT m.value, row_number() OVER (ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
    FROM m CROSS JOIN first_adm f WHERE m.chartdate <= f.admit_date
)
SELECT value AS bmi FROM ranked WHERE k = 1
""", "number", family="clinic_bmi"),

    T("patient", "obese_at_latest_bmi", [
        "Was patient {subject_id} obese (BMI of 30 kg/m2 or more) at their most recent clinic BMI measurement?",
        "Does patient {subject_id}'s latest outpatient BMI reach the obesity threshold of 30 kg/m2?",
        "At the last clinic visit where BMI was recorded, was patient {subject_id}'s BMI at least 30 kg/m2?",
    ], clinic_patients("BMI (kg/m2)"), f"""
WITH {clinic("BMI (kg/m2)", "o.subject_id = {subject_id}")},
ranked AS (SELECT value, row_number() OVER (ORDER BY chartdate DESC, seq_num DESC) AS k FROM m)
SELECT value >= 30 AS obese FROM ranked WHERE k = 1
""", "boolean", family="clinic_bmi"),

    T("patient", "bmi_from_latest_weight_height", [
        "Using patient {subject_id}'s latest clinic weight (pounds) and latest clinic height (inches), what is their "
        "BMI (703 x pounds / inches squared), rounded to 1 decimal place?",
        "Compute patient {subject_id}'s body mass index from their most recent outpatient weight in pounds and most "
        "recent height in inches (BMI = 703 x lb / in^2), to 1 decimal place.",
        "What BMI do patient {subject_id}'s most recent clinic weight and height give (703 times pounds over inches "
        "squared, 1 decimal place)?",
    ], clinic_patients("Height (Inches)", extra="AND o.subject_id IN (SELECT subject_id FROM mimiciv_hosp.omr "
                       "WHERE result_name = 'Weight (Lbs)') "), f"""
WITH {clinic("Weight (Lbs)", "o.subject_id = {subject_id}", cte="w")},
{clinic("Height (Inches)", "o.subject_id = {subject_id}", cte="h")},
last_w AS (SELECT value, row_number() OVER (ORDER BY chartdate DESC, seq_num DESC) AS k FROM w),
last_h AS (SELECT value, row_number() OVER (ORDER BY chartdate DESC, seq_num DESC) AS k FROM h)
SELECT round(703 * last_w.value / (last_h.value * last_h.value), 1) AS bmi
FROM last_w JOIN last_h ON last_h.k = 1
WHERE last_w.k = 1 AND last_h.value > 0
""", "number", family="clinic_bmi"),

    T("patient", "pulse_pressure_year_before_admission", [
        "What was patient {subject_id}'s mean clinic pulse pressure (systolic minus diastolic) over readings in the "
        "365 days up to and including their first admission date, in mmHg rounded to 1 decimal place?",
        "Average the difference between systolic and diastolic pressure across patient {subject_id}'s outpatient "
        "readings from the year before (and the day of) their first admission, in mmHg to 1 decimal place.",
        "In the 365 days up to their first hospital admission, what was patient {subject_id}'s average pulse "
        "pressure at clinic visits (mmHg, 1 decimal place)?",
    ], _before_first("Blood Pressure", " AND o.chartdate >= f.first_date - INTERVAL 365 DAY"), f"""
WITH {clinic_bp("o.subject_id = {subject_id}")},
{FIRST_ADMIT}
SELECT round(avg(bp.systolic - bp.diastolic), 1) AS pulse_pressure
FROM bp CROSS JOIN first_adm f
WHERE bp.chartdate >= f.admit_date - INTERVAL 365 DAY AND bp.chartdate <= f.admit_date
""", "number", family="clinic_bp_before"),

    T("patient", "systolic_by_year", [
        "For each calendar year with clinic blood pressure readings, what was patient {subject_id}'s mean systolic "
        "pressure and how many readings were there? Answer as (year, mean systolic in mmHg to 1 decimal place, "
        "readings) rows.",
        "Tabulate patient {subject_id}'s outpatient systolic blood pressure by year: the mean (mmHg, 1 decimal place) "
        "and the number of readings per year.",
        "Year by year, how many clinic blood pressure readings did patient {subject_id} have and what was the average "
        "systolic value (mmHg, 1 decimal place)?",
    ], clinic_patients("Blood Pressure", 2), f"""
WITH {clinic_bp("o.subject_id = {subject_id}")}
SELECT year(chartdate) AS reading_year, round(avg(systolic), 1) AS mean_systolic, count(*) AS n_readings
FROM bp
GROUP BY year(chartdate) ORDER BY reading_year
""", "table"),

    T("patient", "bp_readings_between_admissions", [
        "How many clinic blood pressure readings did patient {subject_id} have between their first discharge and "
        "their second hospital admission (dated after the discharge date and before the admission date)?",
        "Between leaving hospital the first time and being admitted again, how many outpatient blood pressures were "
        "recorded for patient {subject_id} (strictly between the two dates)?",
        "Count patient {subject_id}'s clinic blood pressure readings dated after their first discharge day and "
        "before their second admission day.",
    ], "SELECT subject_id FROM mimiciv_hosp.admissions GROUP BY subject_id HAVING count(*) >= 2 "
       "INTERSECT SELECT subject_id FROM mimiciv_hosp.omr WHERE result_name = 'Blood Pressure'", f"""
WITH seq AS (
    SELECT a.admittime, a.dischtime, row_number() OVER (ORDER BY a.admittime, a.hadm_id) AS adm_no
    FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}
),
gap AS (
    SELECT CAST(max(dischtime) FILTER (WHERE adm_no = 1) AS DATE) AS from_date,
           CAST(max(admittime) FILTER (WHERE adm_no = 2) AS DATE) AS to_date
    FROM seq
),
{clinic_bp("o.subject_id = {subject_id}")}
SELECT count(bp.chartdate) AS n_readings
FROM gap LEFT JOIN bp ON bp.chartdate > gap.from_date AND bp.chartdate < gap.to_date
WHERE gap.to_date IS NOT NULL
""", "number"),

    T("patient", "icu_admission_weight", [
        "What body weight (kg) was recorded with the first infusion of patient {subject_id}'s first ICU stay, rounded "
        "to 1 decimal place?",
        "On their first ICU stay, what weight in kg was documented for patient {subject_id} on the earliest ICU "
        "infusion or fluid record (1 decimal place)?",
        "Give the patient weight, in kg to 1 decimal place, charted with the first ICU input of patient "
        "{subject_id}'s earliest ICU stay.",
    ], ICU_WEIGHT_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
w AS (
    SELECT ie.patientweight, rank() OVER (ORDER BY ie.starttime) AS rk
    FROM mimiciv_icu.inputevents ie JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
    WHERE ie.patientweight IS NOT NULL
)
SELECT DISTINCT round(patientweight, 1) AS weight_kg FROM w WHERE rk = 1
""", "number", family="icu_weight"),

    T("patient", "icu_weight_change_between_stays", [
        "How much did patient {subject_id}'s ICU weight change from their first to their most recent ICU stay, taking "
        "the weight recorded with each stay's first infusion (latest minus first, kg, 1 decimal place)?",
        "Comparing the body weight documented with the first ICU input of patient {subject_id}'s first and of their "
        "latest ICU stay, what is the change in kg (1 decimal place)?",
        "Between patient {subject_id}'s earliest and latest ICU stays, by how many kg did the weight recorded at the "
        "first infusion change (later minus earlier, 1 decimal place)?",
    ], "SELECT subject_id FROM mimiciv_icu.inputevents WHERE patientweight IS NOT NULL GROUP BY subject_id "
       "HAVING count(DISTINCT stay_id) >= 2", f"""
WITH {stays("i.subject_id = {subject_id}")},
w AS (
    SELECT stay.stay_no, stay.stay_rev, ie.patientweight,
           row_number() OVER (PARTITION BY ie.stay_id ORDER BY ie.starttime, ie.patientweight) AS k
    FROM mimiciv_icu.inputevents ie JOIN stay ON stay.stay_id = ie.stay_id
    WHERE ie.patientweight IS NOT NULL
)
SELECT round(max(patientweight) FILTER (WHERE stay_rev = 1) - max(patientweight) FILTER (WHERE stay_no = 1), 1)
           AS change_kg
FROM w WHERE k = 1
""", "number", family="icu_weight"),

    T("patient", "icu_infusion_weight_vs_clinic", [
        "How much did the weight recorded with the first infusion of patient {subject_id}'s first ICU stay differ from "
        "their last clinic weight on or before the date of that hospital admission (ICU minus clinic, kg, 1 decimal "
        "place)?",
        "Compare patient {subject_id}'s ICU weight (first ICU input of their first ICU stay) with their most recent "
        "outpatient weight up to that admission day: ICU minus clinic, in kg to 1 decimal place?",
        "By how many kilograms (1 decimal place) did the ICU-documented weight at the first infusion of patient "
        "{subject_id}'s first ICU stay exceed their last clinic weight no later than that admission's date?",
    ], ICU_WEIGHT_PATIENTS + " AND ie.subject_id IN (SELECT subject_id FROM mimiciv_hosp.omr "
                             "WHERE result_name = 'Weight (Lbs)')", f"""
WITH {stays("i.subject_id = {subject_id}")},
icu_weight AS (
    SELECT ie.patientweight AS kg, CAST(a.admittime AS DATE) AS admit_date,
           row_number() OVER (ORDER BY ie.starttime, ie.patientweight) AS k
    FROM mimiciv_icu.inputevents ie
    JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
    WHERE ie.patientweight IS NOT NULL
),
{clinic("Weight (Lbs)", "o.subject_id = {subject_id}")},
last_clinic AS (
    SELECT m.value * {LBS_TO_KG} AS kg, row_number() OVER (ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
    FROM m JOIN icu_weight w ON w.k = 1 AND m.chartdate <= w.admit_date
)
SELECT round(w.kg - c.kg, 1) AS diff_kg
FROM icu_weight w JOIN last_clinic c ON c.k = 1
WHERE w.k = 1
""", "number", family="icu_vs_clinic_weight"),
]
