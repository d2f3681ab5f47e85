"""Patient-level lab questions, as a ward physician asks them about the patient in front of them."""

from __future__ import annotations

from .._common import PATIENTS, argmax, balanced_by_flag, first_icu_cte, maker
from ._sql import (ICU_PATIENT_LABS, IN_ADM, LAB_OF, PATIENT_DRUG_LABS, PATIENT_FLAGGED, PATIENT_FLAGGED_ADMISSIONS,
                   PATIENT_LABS, PATIENT_LABS_2, PATIENT_LABS_ANY, PATIENT_RANGED, TEST, admissions, test_results)

T = maker("labs")
ADM = admissions("a.subject_id = {subject_id}")
RES = test_results("l.subject_id = {subject_id}")
RES_ANY = test_results("l.subject_id = {subject_id}", numeric=False)


def _in(adm_filter: str) -> str:
    """The test's results drawn during the admission selected by ``adm_filter`` (adm_no = 1 / adm_rev = 1)."""
    return f"""adm_res AS (
    SELECT res.*, adm.admittime, adm.dischtime
    FROM res JOIN adm ON res.subject_id = adm.subject_id AND res.charttime BETWEEN adm.admittime AND adm.dischtime
    WHERE adm.{adm_filter}
)"""


FIRST_ADM, LAST_ADM = _in("adm_no = 1"), _in("adm_rev = 1")

TEMPLATES = [
    # ------------------------------------------------------------------ single values
    T("patient", "latest_value", [
        "What is patient {subject_id}'s most recent " + TEST + " result, in {unit}?",
        "Patient {subject_id}: what was their last " + TEST + " ({unit})?",
        "Give me the latest " + TEST + " value on record for patient {subject_id}, in {unit}.",
    ], PATIENT_LABS_ANY, "WITH " + RES + """,
ranked AS (SELECT valuenum, rank() OVER (ORDER BY charttime DESC) AS rk FROM res)
SELECT DISTINCT valuenum AS value FROM ranked WHERE rk = 1
""", "number", family="point_value"),

    T("patient", "admission_value_first_admission", [
        "What was the first " + TEST + " ({unit}) drawn during patient {subject_id}'s first hospital admission?",
        "On patient {subject_id}'s earliest admission, what was the initial " + TEST + " in {unit}?",
        "What " + TEST + " ({unit}) did patient {subject_id} have on their first draw of their first admission?",
    ], PATIENT_LABS, "WITH " + ADM + ",\n" + RES + ",\n" + FIRST_ADM + """,
ranked AS (SELECT valuenum, rank() OVER (ORDER BY charttime) AS rk FROM adm_res)
SELECT DISTINCT valuenum AS value FROM ranked WHERE rk = 1
""", "number", family="point_value"),

    T("patient", "discharge_value_latest_admission", [
        "What was patient {subject_id}'s last " + TEST + " ({unit}) before discharge from their most recent hospital "
        "admission?",
        "Before patient {subject_id} left hospital the last time, what was their final " + TEST + " in {unit}?",
        "What " + TEST + " ({unit}) was patient {subject_id} discharged on at the end of their latest admission "
        "(the last result of that stay)?",
    ], PATIENT_LABS, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """,
ranked AS (SELECT valuenum, rank() OVER (ORDER BY charttime DESC) AS rk FROM adm_res)
SELECT DISTINCT valuenum AS value FROM ranked WHERE rk = 1
""", "number", family="point_value"),

    T("patient", "peak_latest_admission", [
        "What was the highest " + TEST + " ({unit}) patient {subject_id} had during their most recent hospital "
        "admission?",
        "During patient {subject_id}'s latest admission, what was their peak " + TEST + " in {unit}?",
        "What was the maximum " + TEST + " ({unit}) recorded on patient {subject_id}'s most recent stay in "
        "hospital?",
    ], PATIENT_LABS, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """
SELECT max(valuenum) AS peak_value FROM adm_res
""", "number", family="extreme_latest"),

    T("patient", "nadir_latest_admission", [
        "What was the lowest " + TEST + " ({unit}) patient {subject_id} had during their most recent hospital "
        "admission?",
        "During patient {subject_id}'s latest admission, what was the nadir of their " + TEST + " in {unit}?",
        "What was the minimum " + TEST + " ({unit}) recorded on patient {subject_id}'s most recent stay in "
        "hospital?",
    ], PATIENT_LABS, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """
SELECT min(valuenum) AS lowest_value FROM adm_res
""", "number", family="extreme_latest"),

    T("patient", "range_latest_admission", [
        "How wide was the swing in patient {subject_id}'s " + TEST + " during their most recent admission (highest "
        "minus lowest result, {unit}, rounded to 2 decimal places)?",
        "On patient {subject_id}'s latest hospital stay, what was the difference between their highest and lowest "
        + TEST + " in {unit} (2 decimal places)?",
        "By how much did patient {subject_id}'s " + TEST + " vary over their most recent admission, maximum minus "
        "minimum in {unit}, to 2 decimals?",
    ], PATIENT_LABS_2, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """
SELECT round(max(valuenum) - min(valuenum), 2) AS value_range FROM adm_res HAVING count(*) >= 2
""", "number", family="extreme_latest"),

    T("patient", "date_of_peak", [
        "On what date did patient {subject_id} have their highest " + TEST + " ever recorded?",
        "When was patient {subject_id}'s " + TEST + " at its maximum? Give the date.",
        "What was the date of patient {subject_id}'s peak " + TEST + " result across all their records?",
    ], PATIENT_LABS_ANY, "WITH " + RES + """,
ranked AS (SELECT CAST(charttime AS DATE) AS day, rank() OVER (ORDER BY valuenum DESC) AS rk FROM res)
SELECT DISTINCT day AS peak_date FROM ranked WHERE rk = 1
""", "date"),

    T("patient", "first_abnormal_date", [
        "On what date was patient {subject_id}'s " + TEST + " first flagged abnormal?",
        "When did patient {subject_id} first have an abnormal " + TEST + "? Give the date.",
        "What is the date of the earliest abnormal " + TEST + " result for patient {subject_id}?",
    ], PATIENT_FLAGGED, "WITH " + RES_ANY + """
SELECT CAST(min(charttime) AS DATE) AS first_abnormal_date FROM res WHERE flag = 'abnormal'
""", "date"),

    # ------------------------------------------------------------------ flags and reference ranges
    T("patient", "latest_abnormal", [
        "Was patient {subject_id}'s most recent " + TEST + " flagged abnormal?",
        "Is the latest " + TEST + " on record for patient {subject_id} abnormal?",
        "Patient {subject_id}: was their last " + TEST + " result outside normal limits according to the lab "
        "flag?",
    ], PATIENT_FLAGGED, "WITH " + RES_ANY + """,
ranked AS (SELECT flag, rank() OVER (ORDER BY charttime DESC) AS rk FROM res)
SELECT DISTINCT coalesce(flag = 'abnormal', FALSE) AS abnormal FROM ranked WHERE rk = 1
""", "boolean"),

    T("patient", "abnormal_count_latest_admission", [
        "How many of patient {subject_id}'s " + TEST + " results during their most recent hospital admission were "
        "flagged abnormal?",
        "During patient {subject_id}'s latest admission, how many abnormal " + TEST + " results did they have?",
        "Count the abnormal " + TEST + " results of patient {subject_id}'s most recent hospital stay.",
    ], PATIENT_FLAGGED, "WITH " + ADM + ",\n" + RES_ANY + ",\n" + LAST_ADM + """
SELECT count(*) FILTER (WHERE flag = 'abnormal') AS n_abnormal FROM adm_res HAVING count(*) > 0
""", "number", family="abnormal_latest"),

    T("patient", "above_reference_first_admission", [
        "During patient {subject_id}'s first hospital admission, how many " + TEST + " results were above the upper "
        "limit of the reference range reported with them?",
        "On patient {subject_id}'s earliest admission, how many times was their " + TEST + " above the normal "
        "range?",
        "How many " + TEST + " results exceeded the upper reference limit during patient {subject_id}'s first "
        "admission?",
    ], PATIENT_RANGED, "WITH " + ADM + ",\n" + RES + ",\n" + FIRST_ADM + """
SELECT count(*) FILTER (WHERE valuenum > ref_range_upper) AS n_above FROM adm_res
WHERE ref_range_upper IS NOT NULL
HAVING count(*) > 0
""", "number"),

    T("patient", "abnormal_days_latest_admission", [
        "On how many different days of patient {subject_id}'s most recent admission was at least one " + TEST
        + " flagged abnormal?",
        "During patient {subject_id}'s latest hospital stay, on how many calendar days did they have an abnormal "
        + TEST + "?",
        "Count the days in patient {subject_id}'s most recent admission with one or more abnormal " + TEST
        + " results.",
    ], PATIENT_FLAGGED, "WITH " + ADM + ",\n" + RES_ANY + ",\n" + LAST_ADM + """
SELECT count(DISTINCT CAST(charttime AS DATE)) FILTER (WHERE flag = 'abnormal') AS n_days FROM adm_res
HAVING count(*) > 0
""", "number", family="abnormal_latest"),

    T("patient", "admissions_with_abnormal", [
        "In how many of patient {subject_id}'s hospital admissions was their " + TEST + " flagged abnormal at least "
        "once?",
        "Across all of patient {subject_id}'s admissions, how many had one or more abnormal " + TEST + " results?",
        "How many of patient {subject_id}'s hospital stays included an abnormal " + TEST + "?",
    ], balanced_by_flag(PATIENT_FLAGGED_ADMISSIONS, "cand.n_abnormal_adm >= 2"),
       "WITH " + admissions("a.subject_id = {subject_id}") + ",\n" + RES_ANY + """
SELECT count(DISTINCT adm.hadm_id) AS n_admissions
FROM adm JOIN res ON res.subject_id = adm.subject_id AND res.charttime BETWEEN adm.admittime AND adm.dischtime
WHERE res.flag = 'abnormal'
""", "number"),

    T("patient", "pct_abnormal_latest_admission", [
        "What percentage of all lab results drawn during patient {subject_id}'s most recent admission were flagged "
        "abnormal? Round to 1 decimal place.",
        "Of every lab result on patient {subject_id}'s latest hospital stay, what share (%) was abnormal, to 1 "
        "decimal place?",
        "During patient {subject_id}'s most recent admission, what percent of their lab results were abnormal "
        "(rounded to 1 decimal)?",
    ], PATIENTS, "WITH " + ADM + """
SELECT round(100.0 * count(*) FILTER (WHERE l.flag = 'abnormal') / count(*), 1) AS pct_abnormal
FROM mimiciv_hosp.labevents l
JOIN adm ON """ + IN_ADM + """
WHERE adm.adm_rev = 1
""", "number"),

    T("patient", "most_abnormal_test_latest_admission", [
        "Which lab test had the most abnormal results during patient {subject_id}'s most recent admission? Give "
        "the test's name.",
        "On patient {subject_id}'s latest hospital stay, which test was flagged abnormal most often?",
        "What test name accounts for the largest number of abnormal results in patient {subject_id}'s most recent "
        "admission?",
    ], PATIENTS, "WITH " + ADM + """,
counts AS (
    SELECT d.fluid || ' ' || d.label AS test, count(*) AS n
    FROM mimiciv_hosp.labevents l
    JOIN adm ON """ + IN_ADM + """
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    WHERE adm.adm_rev = 1 AND l.flag = 'abnormal'
    GROUP BY d.fluid, d.label
),
""" + argmax("counts", "test") + "\n", "string"),

    T("patient", "abnormal_tests_last_day", [
        "Which lab tests were flagged abnormal for patient {subject_id} on the last day with lab results of their "
        "most recent admission? List each test name once.",
        "On the final day of labs of patient {subject_id}'s latest hospital stay, which tests came back abnormal? "
        "Give the test names.",
        "List the names of the tests that were abnormal for patient {subject_id} on the last lab day of their most "
        "recent admission.",
    ], PATIENTS, "WITH " + ADM + """,
labs AS (
    SELECT d.fluid || ' ' || d.label AS test, l.flag, CAST(l.charttime AS DATE) AS day
    FROM mimiciv_hosp.labevents l
    JOIN adm ON """ + IN_ADM + """
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
    WHERE adm.adm_rev = 1
)
SELECT DISTINCT test FROM labs WHERE flag = 'abnormal' AND day = (SELECT max(day) FROM labs)
""", "set"),

    # ------------------------------------------------------------------ trends within and across admissions
    T("patient", "change_first_admission", [
        "By how much did patient {subject_id}'s " + TEST + " change from the first to the last result of their "
        "first hospital admission (last minus first, in {unit}, rounded to 2 decimal places)?",
        "Over patient {subject_id}'s earliest admission, what was the net change in " + TEST + " ({unit}), last "
        "result minus first, to 2 decimals?",
        "How much did " + TEST + " move between the first and the final draw of patient {subject_id}'s first "
        "admission (final minus first, {unit}, 2 decimal places)?",
    ], PATIENT_LABS_2, "WITH " + ADM + ",\n" + RES + ",\n" + FIRST_ADM + """,
ordered AS (
    SELECT valuenum, rank() OVER (ORDER BY charttime) AS first_k, rank() OVER (ORDER BY charttime DESC) AS last_k
    FROM adm_res
)
SELECT round(max(valuenum) FILTER (WHERE last_k = 1) - max(valuenum) FILTER (WHERE first_k = 1), 2) AS change
FROM ordered
HAVING count(*) >= 2 AND count(DISTINCT valuenum) FILTER (WHERE first_k = 1) = 1
   AND count(DISTINCT valuenum) FILTER (WHERE last_k = 1) = 1
""", "number", family="within_admission_change"),

    T("patient", "improved_latest_admission", [
        "Was patient {subject_id}'s last " + TEST + " of their most recent admission lower than the first one of "
        "that admission?",
        "Did patient {subject_id}'s " + TEST + " fall between the first and the last draw of their latest hospital "
        "stay?",
        "Patient {subject_id}, most recent admission: was the final " + TEST + " below the admission's first "
        "result?",
    ], PATIENT_LABS_2, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """,
ordered AS (
    SELECT valuenum, rank() OVER (ORDER BY charttime) AS first_k, rank() OVER (ORDER BY charttime DESC) AS last_k
    FROM adm_res
)
SELECT max(valuenum) FILTER (WHERE last_k = 1) < max(valuenum) FILTER (WHERE first_k = 1) AS fell
FROM ordered
HAVING count(*) >= 2 AND count(DISTINCT valuenum) FILTER (WHERE first_k = 1) = 1
   AND count(DISTINCT valuenum) FILTER (WHERE last_k = 1) = 1
""", "boolean", family="within_admission_change"),

    T("patient", "rise_half_from_admission_value", [
        "During patient {subject_id}'s most recent admission, did their " + TEST + " ever reach at least one and a "
        "half times the first " + TEST + " of that admission?",
        "On patient {subject_id}'s latest hospital stay, did " + TEST + " rise to 1.5 times its first value of the "
        "stay or more at any later draw?",
        "Patient {subject_id}: in their most recent admission, was any later " + TEST + " at least 50% above the "
        "admission's first result?",
    ], PATIENT_LABS_2, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """,
ordered AS (SELECT valuenum, charttime, rank() OVER (ORDER BY charttime) AS first_k FROM adm_res),
baseline AS (SELECT max(valuenum) AS v, max(charttime) AS t FROM ordered WHERE first_k = 1
             HAVING count(DISTINCT valuenum) = 1)
SELECT coalesce(max(o.valuenum) >= 1.5 * b.v, FALSE) AS rose
FROM baseline b LEFT JOIN ordered o ON o.charttime > b.t
WHERE b.v > 0 AND (SELECT count(*) FROM ordered) >= 2
GROUP BY b.v
""", "boolean"),

    T("patient", "rises_latest_admission", [
        "During patient {subject_id}'s most recent admission, how many times was a " + TEST + " higher than the "
        "result just before it?",
        "Counting consecutive " + TEST + " draws on patient {subject_id}'s latest hospital stay, how many were a "
        "rise over the previous one?",
        "How many increases from one " + TEST + " result to the next did patient {subject_id} have in their most "
        "recent admission?",
    ], PATIENT_LABS_2, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """,
steps AS (SELECT valuenum, lag(valuenum) OVER (ORDER BY charttime, labevent_id) AS prev FROM adm_res),
times AS (SELECT count(*) AS n, count(DISTINCT charttime) AS distinct_t FROM adm_res)
SELECT count(*) FILTER (WHERE valuenum > prev) AS n_rises
FROM steps, times
WHERE times.n = times.distinct_t
GROUP BY times.n
HAVING times.n >= 2
""", "number"),

    T("patient", "mean_change_across_admissions", [
        "How did patient {subject_id}'s average " + TEST + " ({unit}) change from the first to the most recent of "
        "their admissions in which it was measured (latest admission's mean minus earliest's, 2 decimal places)?",
        "Comparing patient {subject_id}'s earliest and latest admissions that had a " + TEST + ", what is the "
        "difference in the admission mean ({unit}, latest minus earliest, to 2 decimals)?",
        "Patient {subject_id}: the mean " + TEST + " of their most recent admission with that test minus the mean "
        "of their first such admission, in {unit}, rounded to 2 decimals?",
    ], PATIENT_LABS, "WITH " + admissions("a.subject_id = {subject_id}") + ",\n" + RES + """,
per_adm AS (
    SELECT adm.hadm_id, adm.admittime, avg(res.valuenum) AS mean_value
    FROM adm JOIN res ON res.subject_id = adm.subject_id AND res.charttime BETWEEN adm.admittime AND adm.dischtime
    GROUP BY adm.hadm_id, adm.admittime
),
ordered AS (
    SELECT mean_value, row_number() OVER (ORDER BY admittime, hadm_id) AS first_k,
           row_number() OVER (ORDER BY admittime DESC, hadm_id DESC) AS last_k
    FROM per_adm
)
SELECT round(max(mean_value) FILTER (WHERE last_k = 1) - max(mean_value) FILTER (WHERE first_k = 1), 2) AS change
FROM ordered
HAVING count(*) >= 2
""", "number"),

    T("patient", "daily_mean_latest_admission", [
        "Day by day, what was patient {subject_id}'s mean " + TEST + " ({unit}) during their most recent admission? "
        "Give each calendar day with a result and its mean rounded to 2 decimal places, in date order.",
        "For each day of patient {subject_id}'s latest hospital stay that had a " + TEST + ", list the date and the "
        "average value in {unit} (2 decimals), earliest day first.",
        "Tabulate patient {subject_id}'s daily average " + TEST + " ({unit}, to 2 decimals) over their most recent "
        "admission, one row per date in chronological order.",
    ], PATIENT_LABS_2, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """
SELECT CAST(charttime AS DATE) AS day, round(avg(valuenum), 2) AS mean_value
FROM adm_res
GROUP BY CAST(charttime AS DATE)
ORDER BY day
""", "table", ordered=True, max_rows=21),

    # ------------------------------------------------------------------ timing
    T("patient", "hours_to_first_result", [
        "How many hours after admission was patient {subject_id}'s first " + TEST + " drawn in their most recent "
        "admission? Round to 1 decimal place.",
        "On patient {subject_id}'s latest hospital stay, how long after the admission time (in hours, 1 decimal) "
        "did the first " + TEST + " come?",
        "Time from admission to the first " + TEST + " on patient {subject_id}'s most recent admission, in hours "
        "rounded to 1 decimal?",
    ], PATIENT_LABS, "WITH " + ADM + ",\n" + RES + ",\n" + LAST_ADM + """
SELECT round(date_diff('second', min(admittime), min(charttime)) / 3600.0, 1) AS hours FROM adm_res
""", "number"),

    T("patient", "tests_first_24h", [
        "How many different lab tests were done on patient {subject_id} in the first 24 hours of their first "
        "hospital admission?",
        "In the first day (24 hours from admission) of patient {subject_id}'s earliest admission, how many distinct "
        "tests were drawn?",
        "Count the different laboratory tests patient {subject_id} had within 24 hours of the start of their first "
        "admission.",
    ], PATIENTS, "WITH " + ADM + """
SELECT count(DISTINCT (d.label, d.fluid)) AS n_tests
FROM mimiciv_hosp.labevents l
JOIN adm ON l.subject_id = adm.subject_id
JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
WHERE adm.adm_no = 1 AND l.charttime >= adm.admittime AND l.charttime < adm.admittime + INTERVAL 24 HOUR
""", "number"),

    T("patient", "mean_first_48h", [
        "What was patient {subject_id}'s mean " + TEST + " ({unit}) over the first 48 hours of their first "
        "admission, rounded to 2 decimal places?",
        "Averaging every " + TEST + " in the first 48 hours of patient {subject_id}'s earliest admission, what do "
        "you get in {unit} (2 decimals)?",
        "Patient {subject_id}'s average " + TEST + " ({unit}) during the first two days (48 hours) after their first "
        "admission, to 2 decimals?",
    ], PATIENT_LABS, "WITH " + ADM + ",\n" + RES + """
SELECT round(avg(res.valuenum), 2) AS mean_value
FROM res JOIN adm ON res.subject_id = adm.subject_id
WHERE adm.adm_no = 1 AND res.charttime >= adm.admittime AND res.charttime < adm.admittime + INTERVAL 48 HOUR
""", "number"),

    T("patient", "pct_days_measured_latest_admission", [
        "On what percentage of the calendar days of patient {subject_id}'s most recent admission, from the admission "
        "day to the discharge day, was " + TEST + " measured? Round to 1 decimal place.",
        "During patient {subject_id}'s latest hospital stay, on what share (%) of the days (admission day through "
        "discharge day) did they have a " + TEST + " drawn, to 1 decimal?",
        "How consistently was " + TEST + " checked on patient {subject_id}'s most recent admission: the percentage "
        "of calendar days of the stay (admission day to discharge day inclusive) with a result, 1 decimal place?",
    ], PATIENT_LABS, "WITH " + ADM + ",\n" + RES_ANY + """,
stay AS (
    SELECT subject_id, admittime, dischtime,
           date_diff('day', CAST(admittime AS DATE), CAST(dischtime AS DATE)) + 1 AS n_days
    FROM adm WHERE adm_rev = 1
),
measured AS (
    SELECT count(DISTINCT CAST(res.charttime AS DATE)) AS days_measured
    FROM res JOIN stay ON res.subject_id = stay.subject_id AND res.charttime BETWEEN stay.admittime AND stay.dischtime
)
SELECT round(100.0 * measured.days_measured / stay.n_days, 1) AS pct_days FROM measured CROSS JOIN stay
""", "number"),

    T("patient", "stat_specimens_latest_admission", [
        "How many lab specimens were sent STAT for patient {subject_id} during their most recent admission?",
        "During patient {subject_id}'s latest hospital stay, how many lab draws were ordered as STAT?",
        "Count the STAT-priority lab specimens of patient {subject_id}'s most recent admission.",
    ], PATIENTS, "WITH " + ADM + """
SELECT count(DISTINCT l.specimen_id) FILTER (WHERE l.priority = 'STAT') AS n_specimens
FROM mimiciv_hosp.labevents l
JOIN adm ON """ + IN_ADM + """
WHERE adm.adm_rev = 1
""", "number"),

    T("patient", "outpatient_results", [
        "How many " + TEST + " results does patient {subject_id} have from outside their hospital admissions "
        "(drawn when they were not an inpatient)?",
        "Not counting anything drawn while they were admitted, how many " + TEST + " results are on file for "
        "patient {subject_id}?",
        "How many times was patient {subject_id}'s " + TEST + " checked outside of a hospital stay?",
    ], PATIENT_LABS_ANY, "WITH " + RES_ANY + """
SELECT count(*) AS n_results
FROM res
WHERE NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = res.subject_id AND res.charttime BETWEEN a.admittime AND a.dischtime
)
""", "number"),

    # ------------------------------------------------------------------ with ICU stays
    T("patient", "last_before_first_icu", [
        "What was patient {subject_id}'s last " + TEST + " ({unit}) before they were first admitted to an ICU?",
        "Just before patient {subject_id}'s first ICU admission, what was their most recent " + TEST + " in {unit}?",
        "What " + TEST + " ({unit}) did patient {subject_id} have on the last draw before their first ICU stay "
        "began?",
    ], ICU_PATIENT_LABS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + ",\n" + RES + """,
ranked AS (
    SELECT res.valuenum, rank() OVER (ORDER BY res.charttime DESC) AS rk
    FROM res JOIN stay ON stay.subject_id = res.subject_id AND stay.stay_no = 1
    WHERE res.charttime < stay.intime
)
SELECT DISTINCT valuenum AS value FROM ranked WHERE rk = 1
""", "number"),

    T("patient", "peak_first_24h_icu", [
        "What was patient {subject_id}'s highest " + TEST + " ({unit}) in the first 24 hours of their first ICU "
        "stay?",
        "In the first day (24 hours) after patient {subject_id} arrived in the ICU for the first time, what was "
        "their peak " + TEST + " in {unit}?",
        "Patient {subject_id}'s maximum " + TEST + " ({unit}) within 24 hours of their first ICU admission?",
    ], ICU_PATIENT_LABS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + ",\n" + RES + """
SELECT max(res.valuenum) AS peak_value
FROM res JOIN stay ON stay.subject_id = res.subject_id AND stay.stay_no = 1
WHERE res.charttime >= stay.intime AND res.charttime < stay.intime + INTERVAL 24 HOUR
""", "number"),

    T("patient", "icu_share_of_results", [
        "What percentage of patient {subject_id}'s " + TEST + " results were drawn while they were in an ICU? "
        "Round to 1 decimal place.",
        "Of all " + TEST + " results on file for patient {subject_id}, what share (%) was taken during an ICU stay "
        "(1 decimal)?",
        "How much of patient {subject_id}'s " + TEST + " testing happened in the ICU, as a percentage of all their "
        "results of that test, to 1 decimal?",
    ], ICU_PATIENT_LABS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + ",\n" + RES_ANY + """,
flagged AS (
    SELECT res.labevent_id, EXISTS (
        SELECT 1 FROM stay WHERE stay.subject_id = res.subject_id AND res.charttime BETWEEN stay.intime AND stay.outtime
    ) AS in_icu
    FROM res
)
SELECT round(100.0 * count(*) FILTER (WHERE in_icu) / count(*), 1) AS pct_in_icu FROM flagged
""", "number"),

    # ------------------------------------------------------------------ with prescriptions
    T("patient", "last_before_first_drug", [
        "What was patient {subject_id}'s last " + TEST + " ({unit}) before {drug} was first prescribed to them?",
        "Before patient {subject_id}'s first prescription of {drug} started, what was their most recent " + TEST
        + " in {unit}?",
        "What " + TEST + " ({unit}) did patient {subject_id} have just before they were first started on {drug}?",
    ], PATIENT_DRUG_LABS, "WITH " + RES + """,
first_rx AS (
    SELECT min(r.starttime) AS started FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {subject_id} AND r.drug = {drug}
),
ranked AS (
    SELECT res.valuenum, rank() OVER (ORDER BY res.charttime DESC) AS rk
    FROM res CROSS JOIN first_rx WHERE res.charttime < first_rx.started
)
SELECT DISTINCT valuenum AS value FROM ranked WHERE rk = 1
""", "number", family="around_drug"),

    T("patient", "mean_while_on_drug", [
        "What was patient {subject_id}'s mean " + TEST + " ({unit}) while they had an active prescription of "
        "{drug} (from a prescription's start to its stop)? Round to 2 decimal places.",
        "Averaging the " + TEST + " results drawn during patient {subject_id}'s {drug} prescriptions (start to stop "
        "time), what is the mean in {unit}, to 2 decimals?",
        "While patient {subject_id} was on {drug}, what was their average " + TEST + " in {unit} (2 decimal "
        "places)?",
    ], PATIENT_DRUG_LABS, "WITH " + RES + """,
rx AS (
    SELECT r.starttime, r.stoptime FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {subject_id} AND r.drug = {drug} AND r.stoptime > r.starttime
)
SELECT round(avg(res.valuenum), 2) AS mean_value
FROM res
WHERE EXISTS (SELECT 1 FROM rx WHERE res.charttime BETWEEN rx.starttime AND rx.stoptime)
""", "number", family="around_drug"),
]
