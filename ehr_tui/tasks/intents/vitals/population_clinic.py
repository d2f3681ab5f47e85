"""Vitals, population level: clinic blood pressure, weight, height and BMI across patients, and the body weight
recorded with ICU infusions."""

from __future__ import annotations

from .._common import CONDITIONS, has_condition
from ._sql import LBS_TO_KG, T, clinic, clinic_bp

ONE = "SELECT 1 AS one"
GENDERS = "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)"
COND = ("icd9", "icd10")
AGE_BAND = ("CASE WHEN age < 45 THEN '18-44' WHEN age < 65 THEN '45-64' WHEN age < 80 THEN '65-79' "
            "ELSE '80+' END")
# Conditions coded for enough patients with clinic measurements of the kind named
def _conditions_with(name: str) -> str:
    return f"""
SELECT cond.condition, cond.icd9, cond.icd10
FROM ({CONDITIONS}) cond
JOIN mimiciv_hosp.diagnoses_icd dx ON {has_condition("dx", "cond.icd9", "cond.icd10")}
WHERE dx.subject_id IN (SELECT subject_id FROM mimiciv_hosp.omr WHERE result_name = '{name}')
GROUP BY cond.condition, cond.icd9, cond.icd10
HAVING count(DISTINCT dx.subject_id) >= 5
"""


def _latest(source: str = "m", name: str = "latest") -> str:
    """CTE: each patient's latest measurement of ``source`` (latest date, then highest sequence number)."""
    return f"""{name} AS (
    SELECT * FROM (
        SELECT s.*, row_number() OVER (PARTITION BY s.subject_id ORDER BY s.chartdate DESC, s.seq_num DESC) AS k
        FROM {source} s
    ) WHERE k = 1
)"""


# Each patient's first admission: its date, age and insurance
FIRST_ADMISSION = """first_adm AS (
    SELECT * FROM (
        SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, a.insurance,
               p.anchor_age + (year(a.admittime) - p.anchor_year) AS age,
               row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no
        FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    ) WHERE adm_no = 1
)"""
# Each patient's latest BMI on or before the date of their first admission
BMI_BEFORE_FIRST = f"""{clinic("BMI (kg/m2)")},
{FIRST_ADMISSION},
bmi_before AS (
    SELECT * FROM (
        SELECT m.subject_id, m.value AS bmi, f.age, f.insurance,
               row_number() OVER (PARTITION BY m.subject_id ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
        FROM m JOIN first_adm f ON f.subject_id = m.subject_id AND m.chartdate <= f.admit_date
    ) WHERE k = 1
)"""

TEMPLATES = [
    T("population", "obesity_rate_by_age", [
        "Among patients aged {min_age} or older at their first admission who have a clinic BMI, what percentage have "
        "a latest BMI of {bmi} kg/m2 or more? Round to 2 decimal places.",
        "Using each patient's most recent outpatient BMI, what share (%) of patients at least {min_age} years old at "
        "first admission are at or above BMI {bmi}, to 2 decimal places?",
        "What is the prevalence (%) of a latest clinic BMI of {bmi} kg/m2 or higher among patients first admitted at "
        "age {min_age} or above, to 2 decimal places?",
    ], ONE, f"""
WITH {clinic("BMI (kg/m2)")},
{_latest()},
{FIRST_ADMISSION}
SELECT round(100.0 * count(*) FILTER (WHERE l.value >= {{bmi}}) / count(*), 2) AS pct
FROM latest l JOIN first_adm f ON f.subject_id = l.subject_id
WHERE f.age >= {{min_age}}
""", "number", grid={"bmi": (25, 30, 35), "min_age": (18, 65)}),

    T("population", "mean_latest_weight_by_gender", [
        "What is the average most recent clinic weight of {gender_word} patients, in kilograms rounded to 1 decimal "
        "place?",
        "Taking each {gender_word} patient's latest outpatient weight, what is the mean in kg (1 decimal place)?",
        "On their most recent clinic weighing, how heavy are {gender_word} patients on average, in kg to 1 decimal "
        "place?",
    ], GENDERS, f"""
WITH {clinic("Weight (Lbs)")},
{_latest()}
SELECT round(avg(l.value * {LBS_TO_KG}), 1) AS mean_kg
FROM latest l JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id
WHERE p.gender = {{gender}}
""", "number", derived=("gender",)),

    T("population", "hypertensive_readings_pct", [
        "What percentage of all clinic blood pressure readings are at or above {sys}/{dia} mmHg (systolic at least "
        "{sys} or diastolic at least {dia})? Round to 2 decimal places.",
        "Across every outpatient blood pressure reading, what share (%) has systolic of {sys} mmHg or more or "
        "diastolic of {dia} mmHg or more, to 2 decimal places?",
        "How often is a clinic blood pressure {sys}/{dia} mmHg or higher (either number)? Give the percentage of "
        "readings to 2 decimal places.",
    ], "SELECT * FROM (VALUES (130, 80), (140, 90), (160, 100)) AS t(sys, dia)", f"""
WITH {clinic_bp()}
SELECT round(100.0 * count(*) FILTER (WHERE systolic >= {{sys}} OR diastolic >= {{dia}}) / count(*), 2) AS pct
FROM bp
""", "number"),

    T("population", "bmi_by_age_band", [
        "By age group at first admission (18-44, 45-64, 65-79, 80+), what is the mean of patients' last clinic BMI on "
        "or before their first admission date? Answer as (age group, mean BMI to 1 decimal place, patients) rows.",
        "Tabulate, for each age band at first admission (18-44, 45-64, 65-79, 80+), the average pre-admission BMI "
        "(each patient's latest clinic BMI up to that admission day, 1 decimal place) and the number of patients.",
        "How does body mass index before the first hospital admission vary with age? Give age group (18-44, 45-64, "
        "65-79, 80+), mean of the latest clinic BMI up to the first admission date (1 decimal place), and patient "
        "count.",
    ], ONE, f"""
WITH {BMI_BEFORE_FIRST}
SELECT {AGE_BAND} AS age_group, round(avg(bmi), 1) AS mean_bmi, count(*) AS n_patients
FROM bmi_before WHERE age >= 18
GROUP BY age_group ORDER BY age_group
""", "table", family="bmi_by_group"),

    T("population", "bmi_by_insurance", [
        "For each insurance category at first admission, what is the mean of patients' last clinic BMI on or before "
        "that admission date? Answer as (insurance, mean BMI to 1 decimal place) rows.",
        "Tabulate the average pre-admission BMI (latest clinic BMI up to the first admission day, 1 decimal place) by "
        "the insurance recorded at the first admission.",
        "Does body mass index before the first admission differ by payer? Give each insurance category with the mean "
        "of patients' latest clinic BMI up to their first admission date (1 decimal place).",
    ], ONE, f"""
WITH {BMI_BEFORE_FIRST}
SELECT insurance, round(avg(bmi), 1) AS mean_bmi
FROM bmi_before WHERE insurance IS NOT NULL
GROUP BY insurance ORDER BY insurance
""", "table", family="bmi_by_group"),

    T("population", "bmi_died_vs_survived", [
        "How much higher, on average, is the pre-admission BMI (latest clinic BMI on or before the first admission "
        "date) of patients who ever died in hospital than of those who never did? Give the difference in kg/m2 to 2 "
        "decimal places.",
        "Compare the mean latest clinic BMI up to the first admission day between patients who died during an "
        "admission and patients who did not: died minus survived, to 2 decimal places.",
        "What is the difference in average pre-admission BMI (last clinic value no later than first admission) "
        "between patients with an in-hospital death and the rest (died minus others, 2 decimal places)?",
    ], ONE, f"""
WITH {BMI_BEFORE_FIRST},
died AS (
    SELECT a.subject_id, bool_or(a.hospital_expire_flag = 1) AS died
    FROM mimiciv_hosp.admissions a GROUP BY a.subject_id
)
SELECT round(avg(b.bmi) FILTER (WHERE d.died) - avg(b.bmi) FILTER (WHERE NOT d.died), 2) AS diff_bmi
FROM bmi_before b JOIN died d ON d.subject_id = b.subject_id
""", "number", family="bmi_by_group"),

    T("population", "bmi_difference_condition", [
        "How much higher is the mean latest clinic BMI of patients diagnosed with {condition} than that of patients "
        "never diagnosed with it (with minus without, kg/m2, 2 decimal places)?",
        "Compare patients with and without a {condition} diagnosis: difference in the average of their most recent "
        "outpatient BMI, with minus without, to 2 decimal places.",
        "What is the gap in mean latest clinic body mass index between patients ever coded with {condition} and all "
        "other patients with a BMI, to 2 decimal places (with minus without)?",
    ], _conditions_with("BMI (kg/m2)"), f"""
WITH {clinic("BMI (kg/m2)")},
{_latest()},
cohort AS (SELECT DISTINCT dx.subject_id FROM mimiciv_hosp.diagnoses_icd dx WHERE {has_condition()}),
flagged AS (
    SELECT l.value, c.subject_id IS NOT NULL AS has_condition
    FROM latest l LEFT JOIN cohort c ON c.subject_id = l.subject_id
)
SELECT round(avg(value) FILTER (WHERE has_condition) - avg(value) FILTER (WHERE NOT has_condition), 2) AS diff_bmi
FROM flagged
""", "number", derived=COND, family="bmi_by_group"),

    T("population", "controlled_bp_pct_condition", [
        "Among patients diagnosed with {condition} who have clinic blood pressure readings, what percentage had their "
        "latest reading below 140/90 mmHg (systolic under 140 and diastolic under 90)? Round to 2 decimal places.",
        "What share (%) of patients with {condition} had a controlled most recent outpatient blood pressure, meaning "
        "systolic below 140 and diastolic below 90 mmHg, to 2 decimal places?",
        "Blood pressure control in {condition}: the percentage of such patients whose latest clinic reading was "
        "under 140/90 mmHg (both numbers), rounded to 2 decimal places?",
    ], _conditions_with("Blood Pressure"), f"""
WITH {clinic_bp()},
{_latest("bp")},
cohort AS (SELECT DISTINCT dx.subject_id FROM mimiciv_hosp.diagnoses_icd dx WHERE {has_condition()})
SELECT round(100.0 * count(*) FILTER (WHERE l.systolic < 140 AND l.diastolic < 90) / count(*), 2) AS pct
FROM latest l JOIN cohort c ON c.subject_id = l.subject_id
""", "number", derived=COND),

    T("population", "systolic_year_before_by_gender", [
        "For each sex, what is the mean clinic systolic blood pressure over readings taken in the 365 days up to and "
        "including each patient's first admission date? Answer as (sex, mean systolic in mmHg to 1 decimal place, "
        "readings) rows.",
        "Tabulate by gender the average outpatient systolic pressure (mmHg, 1 decimal place) and the number of "
        "readings, using readings from the year before (and the day of) each patient's first hospital admission.",
        "In the year leading up to their first admission (admission day included), how high was clinic systolic "
        "blood pressure on average for women and for men? Give sex, mean (1 decimal place) and reading count.",
    ], ONE, f"""
WITH {clinic_bp()},
{FIRST_ADMISSION}
SELECT p.gender, round(avg(bp.systolic), 1) AS mean_systolic, count(*) AS n_readings
FROM bp
JOIN first_adm f ON f.subject_id = bp.subject_id
JOIN mimiciv_hosp.patients p ON p.subject_id = bp.subject_id
WHERE bp.chartdate <= f.admit_date AND bp.chartdate >= f.admit_date - INTERVAL 365 DAY
GROUP BY p.gender ORDER BY p.gender
""", "table"),

    T("population", "weight_fell_pct", [
        "Among patients with clinic weights on at least two dates, what percentage weighed less at their latest "
        "weighing than at their first? Round to 2 decimal places.",
        "What share (%) of patients weighed in clinic on two or more dates lost weight between the first and the most "
        "recent measurement, to 2 decimal places?",
        "How many patients, as a percentage of those with outpatient weights on at least two different dates, had a "
        "latest weight below their first weight (2 decimal places)?",
    ], ONE, f"""
WITH {clinic("Weight (Lbs)")},
ordered AS (
    SELECT subject_id, value, chartdate,
           row_number() OVER (PARTITION BY subject_id ORDER BY chartdate, seq_num) AS first_k,
           row_number() OVER (PARTITION BY subject_id ORDER BY chartdate DESC, seq_num DESC) AS last_k
    FROM m
),
per_patient AS (
    SELECT subject_id, max(value) FILTER (WHERE first_k = 1) AS first_w, max(value) FILTER (WHERE last_k = 1) AS last_w
    FROM ordered GROUP BY subject_id HAVING count(DISTINCT chartdate) >= 2
)
SELECT round(100.0 * count(*) FILTER (WHERE last_w < first_w) / count(*), 2) AS pct FROM per_patient
""", "number", family="weight_change"),

    T("population", "top_weight_loss_patients", [
        "Which {k} patients lost the most weight between their first and their latest clinic weighing (in pounds)? "
        "List their patient IDs, largest loss first.",
        "Give the patient IDs of the {k} patients with the biggest drop from first to most recent outpatient weight, "
        "in order of the loss.",
        "Rank patients by clinic weight loss (first weight minus latest weight, pounds): which {k} lost the most, "
        "largest first?",
    ], ONE, f"""
WITH {clinic("Weight (Lbs)")},
ordered AS (
    SELECT subject_id, value,
           row_number() OVER (PARTITION BY subject_id ORDER BY chartdate, seq_num) AS first_k,
           row_number() OVER (PARTITION BY subject_id ORDER BY chartdate DESC, seq_num DESC) AS last_k
    FROM m
),
loss AS (
    SELECT subject_id, max(value) FILTER (WHERE first_k = 1) - max(value) FILTER (WHERE last_k = 1) AS lost
    FROM ordered GROUP BY subject_id
),
ranked AS (SELECT subject_id, lost, rank() OVER (ORDER BY lost DESC) AS rk FROM loss WHERE lost > 0)
SELECT subject_id FROM ranked WHERE rk <= {{k}} ORDER BY lost DESC, subject_id
""", "list", grid={"k": (3, 5)}, rows="k", family="weight_change"),

    T("population", "weight_systolic_correlation", [
        "Across clinic visits where both weight and blood pressure were recorded on the same date, what is the "
        "correlation between weight and systolic pressure (using the first entry of each on that date)? Round to 3 "
        "decimal places.",
        "Pairing each patient's clinic weight and systolic blood pressure measured on the same day (first entry of "
        "each that day), what is the Pearson correlation, to 3 decimal places?",
        "How strongly do same-day outpatient weight and systolic blood pressure correlate (Pearson r over patient-days "
        "with both, first entry of each, 3 decimal places)?",
    ], ONE, f"""
WITH {clinic("Weight (Lbs)", cte="w")},
{clinic_bp()},
first_w AS (SELECT * FROM w QUALIFY row_number() OVER (PARTITION BY subject_id, chartdate ORDER BY seq_num) = 1),
first_bp AS (
    SELECT * FROM bp
    QUALIFY row_number() OVER (PARTITION BY subject_id, chartdate ORDER BY seq_num) = 1
)
SELECT round(corr(first_w.value, first_bp.systolic), 3) AS r
FROM first_w JOIN first_bp ON first_bp.subject_id = first_w.subject_id AND first_bp.chartdate = first_w.chartdate
""", "number"),

    T("population", "pulse_pressure_by_age_band", [
        "By age at the time of the reading (18-44, 45-64, 65-79, 80+), what is the median clinic pulse pressure "
        "(systolic minus diastolic)? Answer as (age group, median mmHg) rows.",
        "Tabulate the median outpatient pulse pressure in mmHg for each age band at the reading date (18-44, 45-64, "
        "65-79, 80+).",
        "How does pulse pressure at clinic visits change with age? Give age group at the reading (18-44, 45-64, "
        "65-79, 80+) and the median of systolic minus diastolic.",
    ], ONE, f"""
WITH {clinic_bp()},
aged AS (
    SELECT bp.systolic - bp.diastolic AS pulse_pressure,
           p.anchor_age + (year(bp.chartdate) - p.anchor_year) AS age
    FROM bp JOIN mimiciv_hosp.patients p ON p.subject_id = bp.subject_id
),
banded AS (SELECT {AGE_BAND} AS age_group, pulse_pressure FROM aged WHERE age >= 18)
SELECT age_group, median(pulse_pressure) AS median_pulse_pressure
FROM banded GROUP BY age_group ORDER BY age_group
""", "table"),

    T("population", "readmission_by_obesity", [
        "What is the 30-day readmission rate (% of live discharges) of patients whose latest clinic BMI is 30 kg/m2 "
        "or more, compared with patients whose latest BMI is below 30? Answer as (obese, percentage) rows, "
        "percentages to 2 decimal places.",
        "Tabulate 30-day readmission, as a percentage of live discharges to 2 decimal places, for obese (latest "
        "clinic BMI at least 30) and non-obese patients.",
        "Are obese patients readmitted more? Give the percentage of live discharges followed by a readmission within "
        "30 days, to 2 decimal places, for patients with latest BMI >= 30 and for those below 30.",
    ], ONE, f"""
WITH {clinic("BMI (kg/m2)")},
{_latest()},
seq AS (
    SELECT a.subject_id, a.dischtime, a.hospital_expire_flag,
           lead(a.admittime) OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS next_admit
    FROM mimiciv_hosp.admissions a
),
flagged AS (
    SELECT l.value >= 30 AS obese, s.next_admit >= s.dischtime AND s.next_admit <= s.dischtime + INTERVAL 30 DAY
               AS readmitted
    FROM seq s JOIN latest l ON l.subject_id = s.subject_id
    WHERE coalesce(s.hospital_expire_flag, 0) = 0 AND s.dischtime IS NOT NULL
)
SELECT obese, round(100.0 * count(*) FILTER (WHERE readmitted) / count(*), 2) AS pct
FROM flagged GROUP BY obese ORDER BY obese
""", "table"),

    T("population", "median_height_by_gender", [
        "What is the median latest clinic height of women and of men, in centimetres rounded to 1 decimal place? "
        "Answer as (sex, median cm) rows.",
        "Tabulate, by sex, the median of each patient's most recent outpatient height, converted to cm (1 decimal "
        "place).",
        "How tall are patients by gender? Give the median of their latest clinic height in centimetres, to 1 decimal "
        "place.",
    ], ONE, f"""
WITH {clinic("Height (Inches)")},
{_latest()}
SELECT p.gender, round(median(l.value * 2.54), 1) AS median_cm
FROM latest l JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id
GROUP BY p.gender ORDER BY p.gender
""", "table"),

    T("population", "icu_weight_by_unit", [
        "What is the mean weight (kg) of patients at the start of ICU stays that began in the '{careunit}', taking the "
        "weight recorded with each stay's first infusion? Round to 1 decimal place.",
        "For ICU stays starting in '{careunit}', average the body weight documented with the first ICU input of each "
        "stay, in kg to 1 decimal place.",
        "How heavy are patients admitted to the '{careunit}' on average, by the weight charted at each stay's first "
        "infusion (kg, 1 decimal place)?",
    ], "SELECT DISTINCT s.first_careunit AS careunit FROM mimiciv_icu.icustays s JOIN mimiciv_icu.inputevents i "
       "ON i.stay_id = s.stay_id WHERE s.first_careunit IS NOT NULL AND i.patientweight IS NOT NULL", """
WITH w AS (
    SELECT ie.stay_id, ie.patientweight,
           row_number() OVER (PARTITION BY ie.stay_id ORDER BY ie.starttime, ie.patientweight) AS k
    FROM mimiciv_icu.inputevents ie
    WHERE ie.patientweight IS NOT NULL
)
SELECT round(avg(w.patientweight), 1) AS mean_kg
FROM w JOIN mimiciv_icu.icustays s ON s.stay_id = w.stay_id
WHERE w.k = 1 AND s.first_careunit = {careunit}
""", "number", family="icu_weight"),

    T("population", "icu_minus_clinic_weight", [
        "On average, how much heavier are patients at their first ICU stay (weight recorded with its first infusion) "
        "than at their last clinic weighing on or before that hospital admission's date? Give the mean difference in "
        "kg to 2 decimal places.",
        "Across patients with both, what is the mean of ICU weight (first ICU input of the first ICU stay) minus the "
        "latest clinic weight up to that admission day, in kg to 2 decimal places?",
        "How does the weight documented in the ICU compare with the clinic? Mean difference, ICU (first infusion of "
        "the first ICU stay) minus last outpatient weight no later than the admission date, kg, 2 decimal places.",
    ], ONE, f"""
WITH first_stay AS (
    SELECT i.subject_id, i.stay_id, i.hadm_id,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no
    FROM mimiciv_icu.icustays i
),
icu_weight AS (
    SELECT * FROM (
        SELECT s.subject_id, ie.patientweight AS kg, CAST(a.admittime AS DATE) AS admit_date,
               row_number() OVER (PARTITION BY s.subject_id ORDER BY ie.starttime, ie.patientweight) AS k
        FROM first_stay s
        JOIN mimiciv_icu.inputevents ie ON ie.stay_id = s.stay_id
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        WHERE s.stay_no = 1 AND ie.patientweight IS NOT NULL
    ) WHERE k = 1
),
{clinic("Weight (Lbs)")},
last_clinic AS (
    SELECT * FROM (
        SELECT m.subject_id, m.value * {LBS_TO_KG} AS kg,
               row_number() OVER (PARTITION BY m.subject_id ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
        FROM m JOIN icu_weight w ON w.subject_id = m.subject_id AND m.chartdate <= w.admit_date
    ) WHERE k = 1
)
SELECT round(avg(w.kg - c.kg), 2) AS mean_diff_kg
FROM icu_weight w JOIN last_clinic c ON c.subject_id = w.subject_id
""", "number"),
]
