"""Population-level lab questions, as a health-services researcher asks them of the whole database."""

from __future__ import annotations

from .._common import argmax, first_icu_cte, maker, sampled_patient, top_k_untied
from ..diagnoses.conditions import DERIVED, coded, condition_params
from ._sql import (DRUG_LABS, FLAGGED_LABS, IN_ADM, LAB_OF, NUMERIC_LABS, RANGED_LABS, TEST, admissions,
                   test_results)

T = maker("labs")
RES = test_results()
RES_ANY = test_results(numeric=False)
ADM_RES = """adm_res AS (
    SELECT adm.hadm_id, adm.admittime, adm.dischtime, adm.hospital_expire_flag, res.*
    FROM adm JOIN res ON res.subject_id = adm.subject_id AND res.charttime BETWEEN adm.admittime AND adm.dischtime
)"""


def _firsts(order: str = "charttime", name: str = "firsts") -> str:
    """Each admission's first (``order``) / last (``order DESC``) result of the test; ties at that time leave the
    admission out (its first value is not defined)."""
    return f"""{name} AS (
    SELECT hadm_id, any_value(hospital_expire_flag) AS died, max(valuenum) AS valuenum, max(flag) AS flag,
           any_value(dischtime) AS dischtime, any_value(subject_id) AS subject_id
    FROM (SELECT adm_res.*, rank() OVER (PARTITION BY hadm_id ORDER BY {order}) AS rk FROM adm_res) x
    WHERE rk = 1
    GROUP BY hadm_id
    HAVING count(*) = 1
)"""


WITH_ADM_RES = "WITH " + admissions() + ",\n" + RES + ",\n" + ADM_RES
WITH_ADM_RES_ANY = "WITH " + admissions() + ",\n" + RES_ANY + ",\n" + ADM_RES

TEMPLATES = [
    # ------------------------------------------------------------------ distributions
    T("population", "mean_first_24h", [
        "What is the mean " + TEST + " ({unit}) of results drawn in the first 24 hours of a hospital admission, "
        "rounded to 2 decimal places?",
        "Pooling every " + TEST + " taken within 24 hours of admission across all admissions, what is the average "
        "in {unit} (2 decimals)?",
        "Average " + TEST + " ({unit}) in the first day (24 hours) after admission, over all admissions, to 2 "
        "decimal places?",
    ], NUMERIC_LABS, WITH_ADM_RES + """
SELECT round(avg(valuenum), 2) AS mean_value FROM adm_res
WHERE charttime < admittime + INTERVAL 24 HOUR
""", "number"),

    T("population", "median_by_gender", [
        "What is the median " + TEST + " ({unit}) across all results from {gender_word} patients?",
        "Among {gender_word} patients, what is the median of every " + TEST + " result on record, in {unit}?",
        "Give the median " + TEST + " ({unit}) over all results of {gender_word} patients.",
    ], "SELECT n.*, g.* FROM (" + NUMERIC_LABS + ") n CROSS JOIN (VALUES ('F', 'female'), ('M', 'male')) "
       "AS g(gender, gender_word)", "WITH " + RES + """
SELECT median(res.valuenum) AS median_value
FROM res JOIN mimiciv_hosp.patients p ON p.subject_id = res.subject_id
WHERE p.gender = {gender}
""", "number", derived=("gender",)),

    T("population", "mean_peak_per_admission", [
        "Taking each admission's highest " + TEST + ", what is the average of those peaks in {unit}? Round to 2 "
        "decimal places.",
        "What is the mean per-admission maximum " + TEST + " ({unit}, 2 decimals), over admissions in which it "
        "was measured?",
        "Across admissions with a " + TEST + ", average the peak value of each admission ({unit}, to 2 decimal "
        "places).",
    ], NUMERIC_LABS, WITH_ADM_RES + """,
peaks AS (SELECT hadm_id, max(valuenum) AS peak FROM adm_res GROUP BY hadm_id)
SELECT round(avg(peak), 2) AS mean_peak FROM peaks
""", "number"),

    T("population", "mean_change_per_admission", [
        "Across admissions with at least two " + TEST + " results, what is the mean change from the first to the "
        "last result (last minus first, {unit})? Round to 2 decimal places.",
        "On average, how much does " + TEST + " move between the first and last draw of an admission (last minus "
        "first, {unit}, 2 decimals), among admissions with two or more results?",
        "What is the average within-admission change in " + TEST + " ({unit}; final result minus first result; "
        "2 decimals) over admissions measuring it at least twice?",
    ], NUMERIC_LABS, WITH_ADM_RES + ",\n" + _firsts() + ",\n" + _firsts("charttime DESC", "lasts") + """
SELECT round(avg(lasts.valuenum - firsts.valuenum), 2) AS mean_change
FROM firsts JOIN lasts ON lasts.hadm_id = firsts.hadm_id
WHERE firsts.hadm_id IN (SELECT hadm_id FROM adm_res GROUP BY hadm_id HAVING count(*) >= 2)
""", "number"),

    T("population", "mean_by_age_band", [
        "What is the mean " + TEST + " ({unit}) of results from patients under 65 versus 65 or older at the time "
        "of the admission? One row per age band ('<65', '65+') with the mean rounded to 2 decimal places.",
        "Split all inpatient " + TEST + " results ({unit}) by the patient's age at that admission (<65 and 65+) "
        "and give each band's mean to 2 decimals.",
        "Compare average " + TEST + " ({unit}) between admissions of patients younger than 65 and those 65 or "
        "older: a row per band ('<65', '65+'), mean to 2 decimal places.",
    ], NUMERIC_LABS, WITH_ADM_RES + """
SELECT CASE WHEN p.anchor_age + (year(adm_res.admittime) - p.anchor_year) < 65 THEN '<65' ELSE '65+' END AS age_band,
       round(avg(adm_res.valuenum), 2) AS mean_value
FROM adm_res JOIN mimiciv_hosp.patients p ON p.subject_id = adm_res.subject_id
GROUP BY age_band
ORDER BY age_band
""", "table"),

    T("population", "median_results_per_admission", [
        "Among admissions in which " + TEST + " was measured, what is the median number of " + TEST + " results "
        "per admission?",
        "How many " + TEST + " results does a typical admission have (median over admissions with at least one)?",
        "What is the median count of " + TEST + " draws per hospital admission, counting only admissions that had "
        "one?",
    ], NUMERIC_LABS, WITH_ADM_RES_ANY + """,
per_adm AS (SELECT hadm_id, count(*) AS n FROM adm_res GROUP BY hadm_id)
SELECT median(n) AS median_results FROM per_adm
""", "number"),

    T("population", "median_repeat_interval", [
        "When " + TEST + " is repeated during an admission, what is the median time between consecutive results, "
        "in hours rounded to 1 decimal place?",
        "What is the median gap (hours, 1 decimal) between one " + TEST + " and the next within the same "
        "admission?",
        "How often is " + TEST + " rechecked in hospital: median hours between successive results of the same "
        "admission, to 1 decimal?",
    ], NUMERIC_LABS, WITH_ADM_RES_ANY + """,
gaps AS (
    SELECT date_diff('second', lag(charttime) OVER (PARTITION BY hadm_id ORDER BY charttime), charttime) AS gap_s
    FROM adm_res
)
SELECT round(median(gap_s) / 3600.0, 1) AS median_hours FROM gaps WHERE gap_s IS NOT NULL
""", "number"),

    T("population", "median_hours_to_first_result", [
        "How long after admission is the first " + TEST + " drawn, typically? Give the median over admissions with "
        "one, in hours rounded to 1 decimal place.",
        "What is the median time from admission to the first " + TEST + " of the admission (hours, 1 decimal)?",
        "Across admissions with a " + TEST + ", what is the median delay between admission and the first result, "
        "in hours to 1 decimal?",
    ], NUMERIC_LABS, WITH_ADM_RES_ANY + """,
firsts AS (SELECT hadm_id, min(admittime) AS admittime, min(charttime) AS first_t FROM adm_res GROUP BY hadm_id)
SELECT round(median(date_diff('second', admittime, first_t)) / 3600.0, 1) AS median_hours FROM firsts
""", "number"),

    T("population", "correlation_same_specimen", [
        "Across specimens in which both " + TEST + " and {fluid2} {lab2} were measured, what is the Pearson "
        "correlation between the two results? Round to 2 decimal places.",
        "How strongly do " + TEST + " and {fluid2} {lab2} move together? Give the Pearson correlation of paired "
        "results from the same specimen, to 2 decimals.",
        "Pairing " + TEST + " with {fluid2} {lab2} drawn in the same specimen, what is their correlation "
        "coefficient (Pearson, 2 decimal places)?",
    ], """
WITH n AS (""" + NUMERIC_LABS + """),
spec AS (
    SELECT DISTINCT l.specimen_id, d.label, d.fluid FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    WHERE l.valuenum IS NOT NULL AND (d.label, d.fluid) IN (SELECT (lab, fluid) FROM n)
      AND """ + sampled_patient("l.subject_id", 2000) + """
)
SELECT a.label AS lab, a.fluid, b.label AS lab2, b.fluid AS fluid2
FROM spec a JOIN spec b ON b.specimen_id = a.specimen_id AND (a.label, a.fluid) < (b.label, b.fluid)
GROUP BY a.label, a.fluid, b.label, b.fluid
HAVING count(*) >= 30
""", "WITH " + RES + """,
second AS (
    SELECT l.specimen_id, l.valuenum FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab2} AND d.fluid = {fluid2}
    WHERE l.valuenum IS NOT NULL
),
pairs AS (  -- specimens with one value of each test (min = max: cheaper than count(DISTINCT), grouped or not)
    SELECT res.specimen_id, min(res.valuenum) AS x, min(second.valuenum) AS y
    FROM res JOIN second ON second.specimen_id = res.specimen_id
    GROUP BY res.specimen_id
    HAVING min(res.valuenum) = max(res.valuenum) AND min(second.valuenum) = max(second.valuenum)
)
SELECT round(corr(x, y), 2) AS correlation FROM pairs
""", "number"),

    # ------------------------------------------------------------------ abnormal results and reference ranges
    T("population", "pct_first_abnormal", [
        "In what percentage of hospital admissions with a " + TEST + " was the first " + TEST + " of the admission "
        "flagged abnormal? Round to 1 decimal place.",
        "Looking at the first " + TEST + " of each admission, what share (%) came back abnormal (1 decimal)?",
        "How often is the admission's initial " + TEST + " abnormal, as a percentage of admissions that measured "
        "it, to 1 decimal place?",
    ], FLAGGED_LABS, WITH_ADM_RES_ANY + ",\n" + _firsts() + """
SELECT round(100.0 * count(*) FILTER (WHERE flag = 'abnormal') / count(*), 1) AS pct_abnormal FROM firsts
""", "number"),

    T("population", "pct_normalised_by_discharge", [
        "Among admissions whose first " + TEST + " was flagged abnormal, in what percentage was the last " + TEST
        + " of the admission normal? Round to 1 decimal place.",
        "Of admissions starting with an abnormal " + TEST + ", what share (%) ended with a normal last result (1 "
        "decimal)?",
        "When an admission's first " + TEST + " is abnormal, how often has it normalised by the last draw of the "
        "admission? Percentage with 1 decimal.",
    ], FLAGGED_LABS, WITH_ADM_RES_ANY + ",\n" + _firsts() + ",\n" + _firsts("charttime DESC", "lasts") + """
SELECT round(100.0 * count(*) FILTER (WHERE lasts.flag IS DISTINCT FROM 'abnormal') / count(*), 1) AS pct_normalised
FROM firsts JOIN lasts ON lasts.hadm_id = firsts.hadm_id
WHERE firsts.flag = 'abnormal'
  AND firsts.hadm_id IN (SELECT hadm_id FROM adm_res GROUP BY hadm_id HAVING count(*) >= 2)
""", "number"),

    T("population", "admissions_above_reference", [
        "How many hospital admissions had a " + TEST + " above the upper limit of its reference range within the "
        "first {hours} hours?",
        "Count the admissions with at least one " + TEST + " over the upper reference limit in the first {hours} "
        "hours after admission.",
        "In how many admissions did " + TEST + " exceed the top of the reference range during the first {hours} "
        "hours?",
    ], RANGED_LABS, WITH_ADM_RES + """
SELECT count(DISTINCT hadm_id) AS n_admissions FROM adm_res
WHERE valuenum > ref_range_upper AND charttime < admittime + INTERVAL {hours} HOUR
""", "number", grid={"hours": (24, 72)}),

    T("population", "pct_patients_above_reference_by_gender", [
        "What percentage of female and of male patients with a " + TEST + " ever had one above the upper reference "
        "limit? One row per gender ('F', 'M') with the percentage rounded to 1 decimal place.",
        "By gender, what share (%) of patients tested for " + TEST + " had at least one result over the upper limit "
        "of the reference range? Give a row for F and one for M, 1 decimal.",
        "Compare women and men ('F'/'M') tested for " + TEST + ": the percentage with any result above the upper "
        "reference limit, to 1 decimal place.",
    ], RANGED_LABS, "WITH " + RES + """,
per_patient AS (
    SELECT res.subject_id, bool_or(res.valuenum > res.ref_range_upper) AS ever_high
    FROM res WHERE res.ref_range_upper IS NOT NULL GROUP BY res.subject_id
)
SELECT p.gender, round(100.0 * count(*) FILTER (WHERE per_patient.ever_high) / count(*), 1) AS pct_patients
FROM per_patient JOIN mimiciv_hosp.patients p ON p.subject_id = per_patient.subject_id
GROUP BY p.gender
ORDER BY p.gender
""", "table", rows=2),

    T("population", "highest_abnormal_rate", [
        "Among lab tests with at least {min_n} results, which has the highest percentage of results flagged "
        "abnormal?",
        "Which lab test with {min_n} or more results is most often abnormal, in relative terms?",
        "Considering tests resulted at least {min_n} times, which one has the largest share of abnormal results?",
    ], "SELECT 1 AS one", """
WITH rates AS (
    SELECT d.fluid || ' ' || d.label AS test, avg(CASE WHEN l.flag = 'abnormal' THEN 1.0 ELSE 0.0 END) AS rate
    FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    GROUP BY d.fluid, d.label
    HAVING count(*) >= {min_n}
),
""" + argmax("rates", "test", "rate") + "\n", "string", grid={"min_n": (100, 500, 1000)}),

    T("population", "top_tests", [
        "What are the {k} most frequently resulted lab tests, most frequent first?",
        "List the {k} lab tests with the largest number of results, in descending order.",
        "Which {k} laboratory tests are performed most often (by number of results)? Most common first.",
    ], "SELECT 1 AS one", """
WITH counts AS (
    SELECT d.fluid || ' ' || d.label AS test, count(*) AS n
    FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    GROUP BY d.fluid, d.label
),
""" + top_k_untied("counts", "test") + "\n", "list", grid={"k": (3, 5, 10)}, rows="k"),

    T("population", "top_abnormal_tests_first_24h_icu", [
        "In the first 24 hours of ICU stays, which {k} lab tests are flagged abnormal in the most stays? Most "
        "common first.",
        "List the {k} tests most often abnormal during the first day (24 hours) of an ICU stay, ranked by number "
        "of stays, descending.",
        "Which {k} laboratory tests have an abnormal result in the largest number of ICU stays within 24 hours of "
        "ICU admission? Most frequent first.",
    ], "SELECT 1 AS one FROM mimiciv_icu.icustays LIMIT 1", "WITH " + first_icu_cte() + """,
counts AS (
    SELECT d.fluid || ' ' || d.label AS test, count(DISTINCT stay.stay_id) AS n
    FROM mimiciv_hosp.labevents l
    JOIN stay ON stay.subject_id = l.subject_id
     AND l.charttime >= stay.intime AND l.charttime < stay.intime + INTERVAL 24 HOUR
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    WHERE l.flag = 'abnormal'
    GROUP BY d.fluid, d.label
),
""" + top_k_untied("counts", "test") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    # ------------------------------------------------------------------ outcomes
    T("population", "first_value_by_outcome", [
        "What is the mean first " + TEST + " ({unit}) of admissions that ended in death in hospital versus those "
        "that did not? One row per outcome (died true/false), mean rounded to 2 decimal places.",
        "Compare the admission's first " + TEST + " ({unit}) between patients who died in hospital and survivors: "
        "the mean for each group, to 2 decimals.",
        "Tabulate in-hospital death (true/false) against the average first " + TEST + " of the admission in "
        "{unit}, rounded to 2 decimal places.",
    ], NUMERIC_LABS, WITH_ADM_RES + ",\n" + _firsts() + """
SELECT died = 1 AS died, round(avg(valuenum), 2) AS mean_first_value
FROM firsts
WHERE died IS NOT NULL
GROUP BY died = 1
ORDER BY died
""", "table", rows=2),

    T("population", "mortality_by_first_abnormal", [
        "What is the in-hospital mortality (%) of admissions whose first " + TEST + " was abnormal compared with "
        "those whose first " + TEST + " was normal? One row per group (abnormal true/false), rounded to 1 decimal "
        "place.",
        "Does an abnormal first " + TEST + " predict death in hospital? Give the percentage of admissions that "
        "died for abnormal and for normal first results (1 decimal), a row each.",
        "Tabulate whether the admission's first " + TEST + " was abnormal (true/false) against the in-hospital "
        "mortality in percent, to 1 decimal.",
    ], FLAGGED_LABS, WITH_ADM_RES_ANY + ",\n" + _firsts() + """
SELECT coalesce(flag = 'abnormal', FALSE) AS abnormal,
       round(100.0 * count(*) FILTER (WHERE died = 1) / count(*), 1) AS pct_died
FROM firsts
GROUP BY coalesce(flag = 'abnormal', FALSE)
ORDER BY abnormal
""", "table", rows=2),

    T("population", "length_of_stay_by_first_abnormal", [
        "What is the mean length of stay in days of admissions whose first " + TEST + " was abnormal versus normal? "
        "One row per group (abnormal true/false), rounded to 2 decimal places.",
        "Compare how long patients stay in hospital (days, 2 decimals) when the admission's first " + TEST + " is "
        "abnormal and when it is normal.",
        "Tabulate abnormal first " + TEST + " (true/false) against mean hospital length of stay in days, to 2 "
        "decimal places.",
    ], FLAGGED_LABS, WITH_ADM_RES_ANY + ",\n" + _firsts() + """
SELECT coalesce(f.flag = 'abnormal', FALSE) AS abnormal,
       round(avg(date_diff('second', a.admittime, a.dischtime) / 86400.0), 2) AS mean_days
FROM firsts f JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
GROUP BY coalesce(f.flag = 'abnormal', FALSE)
ORDER BY abnormal
""", "table", rows=2),

    T("population", "readmission_by_discharge_abnormal", [
        "Among admissions ending alive whose last " + TEST + " was flagged abnormal, what percentage were followed "
        "by a readmission within 30 days of discharge? Round to 1 decimal place.",
        "When patients leave hospital alive with an abnormal final " + TEST + ", how often (%) are they readmitted "
        "within 30 days? Give 1 decimal.",
        "What is the 30-day readmission rate (%, 1 decimal) after discharges alive in which the admission's last "
        + TEST + " was abnormal?",
    ], FLAGGED_LABS, WITH_ADM_RES_ANY + ",\n" + _firsts("charttime DESC", "lasts") + """,
next_adm AS (
    SELECT hadm_id, lead(admittime) OVER (PARTITION BY subject_id ORDER BY admittime, hadm_id) AS next_admit
    FROM adm
)
SELECT round(100.0 * count(*) FILTER (WHERE n.next_admit <= lasts.dischtime + INTERVAL 30 DAY) / count(*), 1)
       AS pct_readmitted
FROM lasts JOIN next_adm n ON n.hadm_id = lasts.hadm_id
WHERE lasts.flag = 'abnormal' AND lasts.died = 0
""", "number"),

    T("population", "aki_admissions", [
        "In how many hospital admissions did Blood Creatinine rise by at least {delta} mg/dL within 48 hours (a "
        "later result minus an earlier one at most 48 hours apart)?",
        "Count the admissions with a Blood Creatinine increase of {delta} mg/dL or more between two results no more "
        "than 48 hours apart.",
        "How many admissions meet a creatinine-rise criterion of {delta} mg/dL within 48 hours (Blood Creatinine, a "
        "later result minus an earlier one of the same admission)?",
    ], "SELECT 1 AS one FROM mimiciv_hosp.d_labitems WHERE label = 'Creatinine' AND fluid = 'Blood' LIMIT 1",
       "WITH " + admissions() + ",\n" + test_results().replace("{lab}", "'Creatinine'").replace("{fluid}", "'Blood'")
       + ",\n" + ADM_RES + """
SELECT count(DISTINCT a.hadm_id) AS n_admissions
FROM adm_res a
JOIN adm_res b ON b.hadm_id = a.hadm_id AND b.charttime > a.charttime AND b.charttime <= a.charttime + INTERVAL 48 HOUR
WHERE b.valuenum - a.valuenum >= {delta}
""", "number", grid={"delta": (0.3, 0.5, 1.0)}),

    # ------------------------------------------------------------------ settings: ICU, ward, outpatient
    T("population", "icu_vs_ward_mean", [
        "What is the mean inpatient " + TEST + " ({unit}) of results drawn in an ICU compared with results drawn "
        "outside the ICU during a hospital admission? One row per setting (in ICU true/false), 2 decimal places.",
        "Compare average " + TEST + " ({unit}) between draws taken during ICU stays and other draws taken in "
        "hospital, to 2 decimals, one row each.",
        "Tabulate in-ICU (true/false) against the mean " + TEST + " in {unit} over inpatient results, rounded to 2 "
        "decimal places.",
    ], NUMERIC_LABS, WITH_ADM_RES + """,
placed AS (
    SELECT adm_res.valuenum, EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays i
        WHERE i.subject_id = adm_res.subject_id AND adm_res.charttime BETWEEN i.intime AND i.outtime
    ) AS in_icu
    FROM adm_res
)
SELECT in_icu, round(avg(valuenum), 2) AS mean_value FROM placed GROUP BY in_icu ORDER BY in_icu
""", "table", rows=2),

    T("population", "pct_icu_stays_measured_24h", [
        "In what percentage of ICU stays was " + TEST + " measured within the first 24 hours? Round to 1 decimal "
        "place.",
        "What share (%) of ICU stays had a " + TEST + " drawn in the first 24 hours after ICU admission (1 "
        "decimal)?",
        "How often is " + TEST + " checked in the first day (24 hours) of an ICU stay? Percentage of stays, 1 "
        "decimal place.",
    ], NUMERIC_LABS, "WITH " + first_icu_cte() + ",\n" + RES_ANY + """,
measured AS (
    SELECT stay.stay_id, count(res.labevent_id) AS n
    FROM stay LEFT JOIN res ON res.subject_id = stay.subject_id
     AND res.charttime >= stay.intime AND res.charttime < stay.intime + INTERVAL 24 HOUR
    GROUP BY stay.stay_id
)
SELECT round(100.0 * count(*) FILTER (WHERE n > 0) / count(*), 1) AS pct_stays FROM measured
""", "number"),

    T("population", "outpatient_share", [
        "What percentage of all " + TEST + " results were drawn outside any hospital admission? Round to 1 "
        "decimal place.",
        "Of every " + TEST + " on record, what share (%) comes from patients who were not admitted at the time (1 "
        "decimal)?",
        "How much " + TEST + " testing is outpatient, as a percentage of all its results, to 1 decimal?",
    ], NUMERIC_LABS, "WITH " + RES_ANY + """,
placed AS (
    SELECT res.labevent_id, EXISTS (
        SELECT 1 FROM mimiciv_hosp.admissions a
        WHERE a.subject_id = res.subject_id AND res.charttime BETWEEN a.admittime AND a.dischtime
    ) AS inpatient
    FROM res
)
SELECT round(100.0 * count(*) FILTER (WHERE NOT inpatient) / count(*), 1) AS pct_outpatient FROM placed
""", "number"),

    T("population", "mean_results_per_admission_type", [
        "On average, how many lab results are recorded per '{admission_type}' admission, counting admissions "
        "without labs as zero? Round to 1 decimal place.",
        "What is the mean number of lab results per admission of type '{admission_type}' (admissions with none "
        "count as 0), to 1 decimal?",
        "For '{admission_type}' admissions, how many lab results does an admission have on average, including "
        "those with no labs? 1 decimal place.",
    ], "SELECT DISTINCT admission_type FROM mimiciv_hosp.admissions", "WITH " + admissions(
        "a.admission_type = {admission_type}") + """,
per_adm AS (
    SELECT adm.hadm_id, count(l.labevent_id) AS n
    FROM adm LEFT JOIN mimiciv_hosp.labevents l ON """ + IN_ADM + """
    GROUP BY adm.hadm_id
)
SELECT round(avg(n), 1) AS mean_results FROM per_adm
""", "number"),

    T("population", "mean_tests_first_24h_by_type", [
        "How many different lab tests does an admission get in its first 24 hours, on average, by admission type? "
        "One row per admission type with the mean rounded to 1 decimal place (admissions without labs count as "
        "0).",
        "For each admission type, what is the mean number of distinct tests drawn within 24 hours of admission, to "
        "1 decimal, counting admissions with none as zero?",
        "Tabulate admission type against the average count of distinct lab tests in the first day (24 hours) of "
        "the admission, 1 decimal place.",
    ], "SELECT 1 AS one", "WITH " + admissions() + """,
per_adm AS (
    SELECT adm.hadm_id, count(DISTINCT (d.label, d.fluid)) FILTER (WHERE d.itemid IS NOT NULL) AS n
    FROM adm
    LEFT JOIN mimiciv_hosp.labevents l ON l.subject_id = adm.subject_id
     AND l.charttime >= adm.admittime AND l.charttime < adm.admittime + INTERVAL 24 HOUR
    LEFT JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    GROUP BY adm.hadm_id
)
SELECT a.admission_type, round(avg(per_adm.n), 1) AS mean_tests
FROM per_adm JOIN mimiciv_hosp.admissions a ON a.hadm_id = per_adm.hadm_id
GROUP BY a.admission_type
ORDER BY a.admission_type
""", "table"),

    # ------------------------------------------------------------------ with prescriptions and diagnoses
    T("population", "mean_before_first_drug", [
        "Across admissions in which {drug} was prescribed, what was the mean of the last " + TEST + " ({unit}) "
        "drawn in the admission before the first {drug} prescription started? Round to 2 decimal places.",
        "Before {drug} is started in hospital, what is the average most recent " + TEST + " ({unit}, 2 decimals), "
        "taking each admission's last result between admission and the first {drug} start?",
        "What " + TEST + " ({unit}) do patients have just before their first {drug} prescription of an admission, "
        "on average over admissions (2 decimal places)?",
    ], DRUG_LABS, WITH_ADM_RES + """,
first_rx AS (
    SELECT adm.hadm_id, min(r.starttime) AS started
    FROM mimiciv_hosp.prescriptions r
    JOIN adm ON r.subject_id = adm.subject_id AND r.starttime BETWEEN adm.admittime AND adm.dischtime
    WHERE r.drug = {drug}
    GROUP BY adm.hadm_id
),
before AS (
    SELECT adm_res.hadm_id, adm_res.valuenum,
           rank() OVER (PARTITION BY adm_res.hadm_id ORDER BY adm_res.charttime DESC) AS rk
    FROM adm_res JOIN first_rx ON first_rx.hadm_id = adm_res.hadm_id
    WHERE adm_res.charttime < first_rx.started
),
last_before AS (SELECT hadm_id, max(valuenum) AS valuenum FROM before WHERE rk = 1 GROUP BY hadm_id
                HAVING count(DISTINCT valuenum) = 1)
SELECT round(avg(valuenum), 2) AS mean_value FROM last_before
""", "number", family="around_drug"),

    T("population", "mean_on_vs_off_drug", [
        "During admissions in which {drug} was prescribed, what is the mean " + TEST + " ({unit}) of results drawn "
        "while a {drug} prescription was active (start to stop) compared with the rest of those admissions? One "
        "row per group (on drug true/false), 2 decimal places.",
        "Within admissions that used {drug}, compare the average " + TEST + " ({unit}) on {drug} (between a "
        "prescription's start and stop) and off it, to 2 decimals.",
        "Tabulate on-{drug} (true/false) against the mean inpatient " + TEST + " in {unit} for admissions where "
        "{drug} was prescribed, rounded to 2 decimal places.",
    ], DRUG_LABS, WITH_ADM_RES + """,
rx AS (
    SELECT adm.hadm_id, r.starttime, r.stoptime
    FROM mimiciv_hosp.prescriptions r
    JOIN adm ON r.subject_id = adm.subject_id AND r.starttime BETWEEN adm.admittime AND adm.dischtime
    WHERE r.drug = {drug} AND r.stoptime > r.starttime
),
placed AS (
    SELECT adm_res.valuenum, EXISTS (
        SELECT 1 FROM rx WHERE rx.hadm_id = adm_res.hadm_id AND adm_res.charttime BETWEEN rx.starttime AND rx.stoptime
    ) AS on_drug
    FROM adm_res WHERE adm_res.hadm_id IN (SELECT hadm_id FROM rx)
)
SELECT on_drug, round(avg(valuenum), 2) AS mean_value FROM placed GROUP BY on_drug ORDER BY on_drug
""", "table", rows=2, family="around_drug"),

    T("population", "first_value_by_condition", [
        "Is the admission's first " + TEST + " ({unit}) different in admissions coded with {condition}? Give the "
        "mean first result for admissions with and without a {condition} diagnosis, one row per group (with "
        "condition true/false), 2 decimal places.",
        "Compare the mean first " + TEST + " of the admission ({unit}, 2 decimals) between admissions diagnosed "
        "with {condition} and all other admissions with that test.",
        "Tabulate whether the admission carries a {condition} diagnosis (true/false) against the mean first " + TEST
        + " in {unit}, rounded to 2 decimal places.",
    ], "SELECT n.*, c.* FROM (" + NUMERIC_LABS + ") n CROSS JOIN (" + condition_params(
        only=("chronic kidney disease", "acute kidney injury", "heart failure", "diabetes", "sepsis",
              "chronic liver disease", "anemia")) + ") c", WITH_ADM_RES + ",\n" + _firsts() + ",\n" + coded() + """
SELECT firsts.hadm_id IN (SELECT hadm_id FROM coded) AS with_condition, round(avg(valuenum), 2) AS mean_first_value
FROM firsts
GROUP BY with_condition
ORDER BY with_condition
""", "table", rows=2, derived=DERIVED),
]
