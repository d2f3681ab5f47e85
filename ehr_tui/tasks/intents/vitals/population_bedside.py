"""Vitals, population level: bedside vital signs across ICU stays (first-day summaries, abnormal findings,
comparisons between units, sexes, age groups and outcomes). Where chartevents is empty they have no candidates."""

from __future__ import annotations

from .._common import CONDITIONS, has_condition
from ._sql import FINDING, FINDING_ROWS, PLAUSIBLE_JOIN, VITAL, T, chart_candidates, meets

VITAL_ROWS = chart_candidates(per="1 AS one")
FINDING_ROWS_CHARTED = chart_candidates(FINDING_ROWS, per="1 AS one")
UNIT_VITALS = chart_candidates(per="s.first_careunit AS careunit").replace(
    "JOIN mimiciv_icu.d_items d", "JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id\nJOIN mimiciv_icu.d_items d")


def _charted(label: str) -> str:
    """A one-row candidate query: the item is charted with numbers somewhere (else the template is skipped)."""
    return ("SELECT 1 AS one FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid "
            f"{PLAUSIBLE_JOIN} WHERE d.label = '{label}' LIMIT 1")


AGE_BAND = ("CASE WHEN age < 45 THEN '18-44' WHEN age < 65 THEN '45-64' WHEN age < 80 THEN '65-79' "
            "ELSE '80+' END")


def first_day(item: str = "{item}", hours: str = "24", name: str = "day1", value: str = "c.valuenum") -> str:
    """CTE: every ICU stay's readings of one vital sign (by label) in its first ``hours`` hours."""
    return f"""{name} AS (
    SELECT s.stay_id, s.subject_id, s.hadm_id, s.first_careunit, c.charttime, {value} AS valuenum
    FROM mimiciv_icu.icustays s
    JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    {PLAUSIBLE_JOIN}
    WHERE d.label = {item} AND c.charttime >= s.intime AND c.charttime < s.intime + INTERVAL {hours} HOUR
)"""


TEMPLATES = [
    T("population", "vital_first_day_mean_by_unit", [
        "Across ICU stays that began in the '{careunit}', what is the average of each stay's mean {vital} ({unit}) "
        "over its first 24 hours, rounded to 1 decimal place?",
        "For stays starting in '{careunit}', take the mean first-day (first 24 hours) {vital} of each stay: what is "
        "the average of those means, in {unit} to 1 decimal place?",
        "What is the typical first-24-hour {vital} in the '{careunit}': the mean over stays of each stay's average "
        "({unit}, 1 decimal place)?",
    ], UNIT_VITALS, f"""
WITH {first_day()},
per_stay AS (SELECT stay_id, avg(valuenum) AS mean_value FROM day1 WHERE first_careunit = {{careunit}} GROUP BY stay_id)
SELECT round(avg(mean_value), 1) AS mean_value FROM per_stay
""", "number", derived=VITAL, family="vital_by_unit"),

    T("population", "top_units_by_vital", [
        "Which {k} first ICU care units have the highest average first-day {vital} (mean over stays of each stay's "
        "first-24-hour mean), highest first?",
        "Rank the ICUs where stays begin by the mean of each stay's average {vital} over its first 24 hours: which "
        "{k} come top, in descending order?",
        "List the top {k} starting ICUs by typical first-day {vital} (average of per-stay first-24-hour means), "
        "highest first.",
    ], VITAL_ROWS, f"""
WITH {first_day()},
per_stay AS (SELECT stay_id, first_careunit, avg(valuenum) AS mean_value FROM day1 GROUP BY stay_id, first_careunit),
by_unit AS (SELECT first_careunit, avg(mean_value) AS unit_mean FROM per_stay GROUP BY first_careunit),
ranked AS (SELECT first_careunit, unit_mean, rank() OVER (ORDER BY unit_mean DESC) AS rk FROM by_unit)
SELECT first_careunit FROM ranked WHERE rk <= {{k}} ORDER BY unit_mean DESC, first_careunit
""", "list", grid={"k": (2, 3)}, rows="k", derived=VITAL, family="vital_by_unit"),

    T("population", "fever_pct_first_48h", [
        "What percentage of ICU stays with temperature charted in their first 48 hours had a reading above {temp} "
        "°F in that time? Round to 2 decimal places.",
        "Among ICU stays whose temperature was recorded during the first 48 hours, what share (%) exceeded {temp} °F "
        "at least once in that window, to 2 decimal places?",
        "How common is a temperature over {temp} °F in the first two days of an ICU stay? Give the percentage of "
        "stays with temperature readings in that window, to 2 decimal places.",
    ], _charted("Temperature Fahrenheit"), f"""
WITH {first_day("'Temperature Fahrenheit'", hours="48")},
per_stay AS (SELECT stay_id, max(valuenum) AS tmax FROM day1 GROUP BY stay_id)
SELECT round(100.0 * count(*) FILTER (WHERE tmax > {{temp}}) / count(*), 2) AS pct FROM per_stay
""", "number", grid={"temp": (100.4, 101.0, 102.2)}),

    T("population", "median_first_vital", [
        "What is the median first {vital} ({unit}) of ICU stays, taking the earliest reading of each stay?",
        "Take each ICU stay's first charted {vital} ({unit}, earliest time, lowest value on a tie): what is the "
        "median across stays?",
        "On arrival in the ICU, what is the median initial {vital} in {unit} (each stay's first reading)?",
    ], VITAL_ROWS, """
WITH firsts AS (
    SELECT c.stay_id, c.valuenum,
           row_number() OVER (PARTITION BY c.stay_id ORDER BY c.charttime, c.valuenum) AS k
    FROM mimiciv_icu.chartevents c
    JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    """ + PLAUSIBLE_JOIN + """
    WHERE d.label = {item} AND c.charttime >= s.intime
)
SELECT median(valuenum) AS median_value FROM firsts WHERE k = 1
""", "number", derived=VITAL),

    T("population", "max_vital_died_vs_survived", [
        "How much higher is the mean of each ICU stay's highest first-day {vital} in stays whose hospital admission "
        "ended in death than in the others (died minus survived, {unit}, 1 decimal place)?",
        "Comparing ICU stays by hospital outcome, what is the difference in the average first-24-hour maximum "
        "{vital}, in-hospital deaths minus survivors, in {unit} to 1 decimal place?",
        "Is the peak {vital} in the first ICU day higher in patients who go on to die in hospital? Give the mean "
        "per-stay first-24-hour maximum for deaths minus that for survivors ({unit}, 1 decimal place).",
    ], VITAL_ROWS, f"""
WITH {first_day()},
per_stay AS (SELECT stay_id, hadm_id, max(valuenum) AS max_value FROM day1 GROUP BY stay_id, hadm_id)
SELECT round(avg(p.max_value) FILTER (WHERE a.hospital_expire_flag = 1)
             - avg(p.max_value) FILTER (WHERE coalesce(a.hospital_expire_flag, 0) = 0), 1) AS diff
FROM per_stay p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
""", "number", derived=VITAL, family="vital_outcome"),

    T("population", "finding_pct_by_unit", [
        "For each first ICU care unit, what percentage of stays with the vital sign charted in the first 24 hours had "
        "{finding} in that time? Answer as (unit, percentage to 2 decimal places) rows.",
        "Tabulate by starting ICU the share (%) of stays showing {finding} at least once in their first 24 hours, "
        "among stays with that vital sign charted then (2 decimal places).",
        "How often does {finding} occur on the first ICU day in each unit? Give each first care unit with the "
        "percentage of its stays (with readings in the first 24 hours) affected, to 2 decimal places.",
    ], FINDING_ROWS_CHARTED, f"""
WITH {first_day()},
per_stay AS (
    SELECT stay_id, first_careunit, bool_or({meets()}) AS had_finding FROM day1 GROUP BY stay_id, first_careunit
)
SELECT first_careunit, round(100.0 * count(*) FILTER (WHERE had_finding) / count(*), 2) AS pct
FROM per_stay GROUP BY first_careunit ORDER BY first_careunit
""", "table", derived=FINDING, family="finding_prevalence"),

    T("population", "mortality_with_finding", [
        "What is the in-hospital mortality (%) of ICU stays with {finding} in their first 24 hours, and of stays "
        "without it (among stays with that vital sign charted then)? Answer as (finding present, percentage to 2 "
        "decimal places) rows.",
        "Tabulate hospital death rates (% to 2 decimal places) for ICU stays that did and did not show {finding} "
        "during the first 24 hours, counting only stays with that vital sign recorded in the window.",
        "Does {finding} on the first ICU day predict death in hospital? Give the in-hospital mortality (%) of stays "
        "with and without it, among stays with readings in the first 24 hours, to 2 decimal places.",
    ], FINDING_ROWS_CHARTED, f"""
WITH {first_day()},
per_stay AS (SELECT stay_id, hadm_id, bool_or({meets()}) AS had_finding FROM day1 GROUP BY stay_id, hadm_id)
SELECT p.had_finding,
       round(100.0 * count(*) FILTER (WHERE a.hospital_expire_flag = 1) / count(*), 2) AS pct
FROM per_stay p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
GROUP BY p.had_finding ORDER BY p.had_finding
""", "table", derived=FINDING, family="vital_outcome"),

    T("population", "finding_pct_condition", [
        "Among ICU stays in hospital admissions coded with {condition}, what percentage had {finding} in their first "
        "24 hours (of stays with that vital sign charted then)? Round to 2 decimal places.",
        "For patients whose admission carries a diagnosis of {condition}, how often (% of their ICU stays with "
        "first-day readings) was {finding} recorded in the first 24 hours of the ICU stay, to 2 decimal places?",
        "What share (%) of ICU stays belonging to admissions with {condition} showed {finding} during the first 24 "
        "hours, among stays with readings of that vital sign in the window (2 decimal places)?",
    ], f"""
SELECT f.*, cond.* FROM ({FINDING_ROWS}) f CROSS JOIN ({CONDITIONS}) cond
WHERE EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
              WHERE d.label = f.item)
""", f"""
WITH {first_day()},
coded AS (SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx WHERE {has_condition()}),
per_stay AS (
    SELECT day1.stay_id, bool_or({meets("day1.valuenum")}) AS had_finding
    FROM day1 JOIN coded ON coded.hadm_id = day1.hadm_id
    GROUP BY day1.stay_id
)
SELECT round(100.0 * count(*) FILTER (WHERE had_finding) / count(*), 2) AS pct FROM per_stay
""", "number", derived=FINDING + ("icd9", "icd10"), family="finding_prevalence"),

    T("population", "vital_by_gender", [
        "For each sex, what is the median over ICU stays of the mean {vital} ({unit}) in the stay's first 24 hours? "
        "Answer as (sex, median to 1 decimal place) rows.",
        "Tabulate by gender the median of per-stay first-24-hour average {vital}, in {unit} to 1 decimal place.",
        "Do women and men differ in first-day ICU {vital}? Give each sex with the median of each stay's average over "
        "the first 24 hours ({unit}, 1 decimal place).",
    ], VITAL_ROWS, f"""
WITH {first_day()},
per_stay AS (SELECT stay_id, subject_id, avg(valuenum) AS mean_value FROM day1 GROUP BY stay_id, subject_id)
SELECT pt.gender, round(median(s.mean_value), 1) AS median_value
FROM per_stay s JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
GROUP BY pt.gender ORDER BY pt.gender
""", "table", derived=VITAL, family="vital_by_group"),

    T("population", "max_temperature_by_age_band", [
        "By age group at the hospital admission (18-44, 45-64, 65-79, 80+), what is the median of each ICU stay's "
        "highest temperature (°F) in its first 48 hours? Answer as (age group, median °F, stays) rows.",
        "Tabulate, per age band at admission (18-44, 45-64, 65-79, 80+), the number of ICU stays with temperature "
        "charted in the first 48 hours and the median of their maximum temperature in that window (°F).",
        "How does the first-48-hour peak temperature in the ICU vary with age? Give age group (18-44, 45-64, 65-79, "
        "80+ at admission), median per-stay maximum in °F, and the number of stays.",
    ], _charted("Temperature Fahrenheit"), f"""
WITH {first_day("'Temperature Fahrenheit'", hours="48")},
per_stay AS (SELECT stay_id, hadm_id, max(valuenum) AS tmax FROM day1 GROUP BY stay_id, hadm_id),
aged AS (
    SELECT s.tmax, pt.anchor_age + (year(a.admittime) - pt.anchor_year) AS age
    FROM per_stay s
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
    JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
)
SELECT {AGE_BAND} AS age_group, median(tmax) AS median_tmax, count(*) AS n_stays
FROM aged WHERE age >= 18
GROUP BY age_group ORDER BY age_group
""", "table", family="vital_by_group"),

    T("population", "shock_index_stays", [
        "How many ICU stays had a shock index above {si} (heart rate divided by non-invasive systolic blood pressure "
        "charted at the same time) at any point in their first 24 hours?",
        "Count the ICU stays in which, during the first 24 hours, heart rate over simultaneous non-invasive systolic "
        "pressure exceeded {si} at least once.",
        "In how many ICU stays did the shock index (heart rate / non-invasive systolic blood pressure at the same "
        "moment) rise above {si} within 24 hours of ICU admission?",
    ], _charted("Non Invasive Blood Pressure systolic"), f"""
WITH {first_day("'Heart Rate'", name="hr")},
{first_day("'Non Invasive Blood Pressure systolic'", name="sbp")}
SELECT count(DISTINCT hr.stay_id) AS n_stays
FROM hr JOIN sbp ON sbp.stay_id = hr.stay_id AND sbp.charttime = hr.charttime
WHERE sbp.valuenum > 0 AND hr.valuenum / sbp.valuenum > {{si}}
""", "number", grid={"si": (0.7, 0.9, 1.0)}),

    T("population", "last_reading_finding_pct", [
        "What percentage of ICU stays had {finding} on the last reading of that vital sign before ICU discharge? "
        "Round to 2 decimal places.",
        "At the final charted value before leaving the ICU, what share (%) of stays still showed {finding}, to 2 "
        "decimal places?",
        "How often do patients leave the ICU with {finding} on their last reading of that vital sign? Give the "
        "percentage of stays, to 2 decimal places.",
    ], FINDING_ROWS_CHARTED, f"""
WITH last_reading AS (
    SELECT c.stay_id, c.valuenum,
           row_number() OVER (PARTITION BY c.stay_id ORDER BY c.charttime DESC, c.valuenum DESC) AS k
    FROM mimiciv_icu.chartevents c
    JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    {PLAUSIBLE_JOIN}
    WHERE d.label = {{item}} AND c.charttime <= s.outtime
)
SELECT round(100.0 * count(*) FILTER (WHERE {meets()}) / count(*), 2) AS pct
FROM last_reading WHERE k = 1
""", "number", derived=FINDING, family="finding_prevalence"),

    T("population", "readings_per_icu_day", [
        "On average, how many {vital} readings are charted per ICU day (readings in the stay divided by its length "
        "of stay in days, averaged over stays with any reading)? Round to 1 decimal place.",
        "How densely is {vital} charted in the ICU? Give the mean over stays of readings per day of stay, to 1 "
        "decimal place.",
        "Across ICU stays with at least one {vital} reading, what is the mean number of readings per ICU day (count "
        "divided by the stay's length in days), to 1 decimal place?",
    ], VITAL_ROWS, """
WITH per_stay AS (
    SELECT s.stay_id, count(*) AS n, max(s.los) AS los
    FROM mimiciv_icu.chartevents c
    JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    """ + PLAUSIBLE_JOIN + """
    WHERE d.label = {item}
    GROUP BY s.stay_id
)
SELECT round(avg(n / los), 1) AS readings_per_day FROM per_stay WHERE los > 0
""", "number", derived=VITAL),

    T("population", "median_hours_to_first_vital", [
        "What is the median time, in hours rounded to 2 decimal places, from ICU admission to the first charted "
        "{vital} of the stay?",
        "How long after arriving in the ICU is {vital} first recorded? Give the median over stays in hours to 2 "
        "decimal places.",
        "Across ICU stays with {vital} charted after admission, what is the median delay from ICU admission to the "
        "first reading (hours, 2 decimal places)?",
    ], VITAL_ROWS, """
WITH firsts AS (
    SELECT s.stay_id, min(c.charttime) AS first_at, min(s.intime) AS intime
    FROM mimiciv_icu.chartevents c
    JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    """ + PLAUSIBLE_JOIN + """
    WHERE d.label = {item} AND c.charttime >= s.intime
    GROUP BY s.stay_id
)
SELECT round(median(date_diff('second', intime, first_at) / 3600.0), 2) AS median_hours FROM firsts
""", "number", derived=VITAL),

    T("population", "admission_weight_by_gender", [
        "What is the mean admission weight charted at the start of ICU stays, by sex, in kg to 1 decimal place? "
        "Answer as (sex, mean kg, stays) rows.",
        "Tabulate by gender the average ICU admission weight (kg, 1 decimal place) and the number of ICU stays with "
        "one charted.",
        "How heavy are women and men when admitted to the ICU? Give each sex with the mean charted admission weight "
        "(kg, 1 decimal place) and the number of stays.",
    ], _charted("Admission Weight (Kg)"), """
WITH weights AS (
    SELECT c.stay_id, c.subject_id, c.valuenum,
           row_number() OVER (PARTITION BY c.stay_id ORDER BY c.charttime, c.valuenum) AS k
    FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    """ + PLAUSIBLE_JOIN + """
    WHERE d.label = 'Admission Weight (Kg)'
)
SELECT pt.gender, round(avg(w.valuenum), 1) AS mean_kg, count(*) AS n_stays
FROM weights w JOIN mimiciv_hosp.patients pt ON pt.subject_id = w.subject_id
WHERE w.k = 1
GROUP BY pt.gender ORDER BY pt.gender
""", "table"),
]
