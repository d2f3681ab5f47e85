"""Labs: labevents with d_labitems (values, units, abnormal flags, reference ranges, trends) and
microbiologyevents (specimens, organisms, susceptibilities).

A lab test is named by its d_labitems label and fluid; only (label, fluid) pairs with one itemid
and one reporting unit are used, so the name identifies the test and the unit is unambiguous.
"""

from __future__ import annotations

from ._common import LAB_ITEMS, PATIENTS, admissions_cte, argmax, maker

T = maker("labs")

# Numeric tests reported in a single unit: (lab, fluid, unit)
NUMERIC_LABS = """
SELECT li.lab, li.fluid, min(l.valueuom) AS unit
FROM mimiciv_hosp.labevents l
JOIN (""" + LAB_ITEMS + """) li ON li.itemid = l.itemid
WHERE l.valuenum IS NOT NULL AND l.valueuom IS NOT NULL
GROUP BY li.lab, li.fluid
HAVING count(DISTINCT l.valueuom) = 1 AND count(*) >= 20
"""
PATIENT_LABS = """
SELECT DISTINCT l.subject_id, n.lab, n.fluid, n.unit
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
JOIN (""" + NUMERIC_LABS + """) n ON n.lab = d.label AND n.fluid = d.fluid
WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
"""
FLAGGED_LABS = """
SELECT li.lab, li.fluid FROM mimiciv_hosp.labevents l JOIN (""" + LAB_ITEMS + """) li ON li.itemid = l.itemid
GROUP BY li.lab, li.fluid HAVING count(*) >= 20 AND count(l.flag) > 0
"""
LAB_OF = "JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = {lab} AND d.fluid = {fluid}"
TEST = "{fluid} {lab}"  # how a question names a test, e.g. "Blood Creatinine"

TEMPLATES = [
    # ------------------------------------------------------------------ patient level
    T("patient", "last_value", [
        "What was patient {subject_id}'s most recent " + TEST + " result in {unit} (latest charttime)?",
        "Give the latest " + TEST + " value ({unit}) measured for patient {subject_id}.",
        "What is the last recorded " + TEST + " ({unit}) of patient {subject_id}?",
    ], PATIENT_LABS, """
WITH vals AS (
    SELECT l.valuenum, rank() OVER (ORDER BY l.charttime DESC) AS rk
    FROM mimiciv_hosp.labevents l
    """ + LAB_OF + """
    WHERE l.subject_id = {subject_id} AND l.valuenum IS NOT NULL
)
SELECT DISTINCT valuenum FROM vals WHERE rk = 1
""", "number"),

    T("patient", "first_value_first_admission", [
        "What was the first " + TEST + " ({unit}) measured during patient {subject_id}'s first hospital admission?",
        "During patient {subject_id}'s earliest admission, what was the initial " + TEST + " value in {unit}?",
    ], PATIENT_LABS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
vals AS (
    SELECT l.valuenum, rank() OVER (ORDER BY l.charttime) AS rk
    FROM mimiciv_hosp.labevents l
    JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_no = 1
    """ + LAB_OF + """
    WHERE l.valuenum IS NOT NULL
)
SELECT DISTINCT valuenum FROM vals WHERE rk = 1
""", "number"),

    T("patient", "max_value", [
        "What was the highest " + TEST + " ({unit}) recorded during patient {subject_id}'s most recent hospital "
        "admission?",
        "Give patient {subject_id}'s peak " + TEST + " value in {unit} within their latest admission.",
    ], PATIENT_LABS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT max(l.valuenum) AS peak
FROM mimiciv_hosp.labevents l
JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_rev = 1
""" + LAB_OF, "number"),

    T("patient", "abnormal_count", [
        "How many of patient {subject_id}'s " + TEST + " results during their most recent hospital admission were "
        "flagged abnormal?",
        "Count the " + TEST + " lab results with flag 'abnormal' in patient {subject_id}'s latest admission.",
    ], PATIENT_LABS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT count(*) FILTER (WHERE l.flag = 'abnormal') AS n
FROM mimiciv_hosp.labevents l
JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_rev = 1
""" + LAB_OF, "number"),

    T("patient", "change_first_admission", [
        "By how much did patient {subject_id}'s " + TEST + " change from the first to the last measurement of their "
        "first hospital admission (last minus first, {unit}, rounded to 2 decimals)?",
        "During patient {subject_id}'s earliest admission, what was the change in " + TEST + " ({unit}) between the "
        "first and the last result (last minus first, 2 decimals)?",
    ], PATIENT_LABS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
vals AS (
    SELECT l.valuenum,
           row_number() OVER (ORDER BY l.charttime, l.labevent_id) AS first_k,
           row_number() OVER (ORDER BY l.charttime DESC, l.labevent_id DESC) AS last_k
    FROM mimiciv_hosp.labevents l
    JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_no = 1
    """ + LAB_OF + """
    WHERE l.valuenum IS NOT NULL
)
SELECT round(max(CASE WHEN last_k = 1 THEN valuenum END) - max(CASE WHEN first_k = 1 THEN valuenum END), 2) AS change
FROM vals
HAVING count(*) >= 2
""", "number"),

    T("patient", "latest_abnormal", [
        "Was patient {subject_id}'s most recent " + TEST + " result flagged abnormal?",
        "Is the latest " + TEST + " of patient {subject_id} marked abnormal (labevents.flag)?",
    ], PATIENT_LABS, """
WITH vals AS (
    SELECT l.flag, rank() OVER (ORDER BY l.charttime DESC) AS rk
    FROM mimiciv_hosp.labevents l
    """ + LAB_OF + """
    WHERE l.subject_id = {subject_id}
)
SELECT DISTINCT coalesce(flag = 'abnormal', FALSE) AS abnormal FROM vals WHERE rk = 1
""", "boolean"),

    T("patient", "date_of_peak", [
        "On which date did patient {subject_id} have their highest " + TEST + " ({unit})?",
        "When (date) was patient {subject_id}'s maximum " + TEST + " measured?",
    ], PATIENT_LABS, """
WITH vals AS (
    SELECT CAST(l.charttime AS DATE) AS day, rank() OVER (ORDER BY l.valuenum DESC) AS rk
    FROM mimiciv_hosp.labevents l
    """ + LAB_OF + """
    WHERE l.subject_id = {subject_id} AND l.valuenum IS NOT NULL
)
SELECT DISTINCT day FROM vals WHERE rk = 1
""", "date"),

    T("patient", "tests_first_24h", [
        "How many different lab tests (distinct itemids) were performed on patient {subject_id} in the first 24 "
        "hours of their first hospital admission?",
        "Count the distinct laboratory tests charted for patient {subject_id} within 24 hours of admission time of "
        "their earliest admission.",
    ], PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT count(DISTINCT l.itemid) AS tests
FROM mimiciv_hosp.labevents l
JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_no = 1
WHERE l.charttime >= adm.admittime AND l.charttime < adm.admittime + INTERVAL 24 HOUR
""", "number"),

    T("patient", "above_reference_count", [
        "During patient {subject_id}'s first hospital admission, how many " + TEST + " results were above the "
        "upper limit of their reference range (valuenum > ref_range_upper)?",
        "Count " + TEST + " results of patient {subject_id} exceeding ref_range_upper in their earliest admission.",
    ], PATIENT_LABS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT count(*) FILTER (WHERE l.valuenum > l.ref_range_upper) AS n
FROM mimiciv_hosp.labevents l
JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_no = 1
""" + LAB_OF + """
WHERE l.ref_range_upper IS NOT NULL
""", "number"),

    T("patient", "mean_first_48h", [
        "What was patient {subject_id}'s mean " + TEST + " ({unit}) during the first 48 hours of their first "
        "admission, rounded to 2 decimal places?",
        "Average the " + TEST + " results ({unit}) of patient {subject_id} charted within 48 hours of their first "
        "admission time (2 decimals).",
    ], PATIENT_LABS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT round(avg(l.valuenum), 2) AS mean_value
FROM mimiciv_hosp.labevents l
JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_no = 1
""" + LAB_OF + """
WHERE l.charttime >= adm.admittime AND l.charttime < adm.admittime + INTERVAL 48 HOUR
""", "number"),

    T("patient", "abnormal_tests_last_day", [
        "Which lab tests (d_labitems labels) were flagged abnormal for patient {subject_id} on the last calendar day "
        "with lab results of their most recent admission? List each label once.",
        "List the distinct labels of abnormal-flagged lab results of patient {subject_id} on the final day of "
        "labs in their latest admission.",
    ], PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
labs AS (
    SELECT l.itemid, l.flag, CAST(l.charttime AS DATE) AS day
    FROM mimiciv_hosp.labevents l
    JOIN adm ON adm.hadm_id = l.hadm_id AND adm.adm_rev = 1
)
SELECT DISTINCT d.label
FROM labs JOIN mimiciv_hosp.d_labitems d ON d.itemid = labs.itemid
WHERE labs.flag = 'abnormal' AND labs.day = (SELECT max(day) FROM labs)
""", "set"),

    T("patient", "micro_organisms", [
        "Which organisms grew in patient {subject_id}'s {specimen} cultures collected during their hospital "
        "admissions (within admission and discharge time)? List each organism once.",
        "List the distinct organisms isolated from patient {subject_id}'s {specimen} specimens taken while they "
        "were in hospital (chart date between admission and discharge).",
    ], """
SELECT DISTINCT m.subject_id, m.spec_type_desc AS specimen FROM mimiciv_hosp.microbiologyevents m
WHERE m.org_name IS NOT NULL AND m.spec_type_desc IS NOT NULL AND m.spec_type_desc <> '' AND m.hadm_id IS NOT NULL
""", """
SELECT DISTINCT m.org_name
FROM mimiciv_hosp.microbiologyevents m
JOIN mimiciv_hosp.admissions a ON a.hadm_id = m.hadm_id
WHERE m.subject_id = {subject_id} AND m.spec_type_desc = {specimen} AND m.org_name IS NOT NULL
  AND m.chartdate BETWEEN CAST(a.admittime AS DATE) AND a.dischtime
""", "set"),

    T("patient", "micro_resistant", [
        "To which antibiotics was the {organism} isolated from patient {subject_id} resistant (interpretation 'R')? "
        "List each antibiotic once.",
        "List the antibiotics with a resistant ('R') susceptibility result for patient {subject_id}'s {organism} "
        "isolates.",
    ], """
SELECT DISTINCT m.subject_id, m.org_name AS organism FROM mimiciv_hosp.microbiologyevents m
WHERE m.interpretation = 'R' AND m.org_name IS NOT NULL
""", """
SELECT DISTINCT m.ab_name
FROM mimiciv_hosp.microbiologyevents m
WHERE m.subject_id = {subject_id} AND m.org_name = {organism} AND m.interpretation = 'R' AND m.ab_name IS NOT NULL
""", "set"),

    T("patient", "days_to_first_positive_culture", [
        "How many days after the start of their first admission was patient {subject_id}'s first positive culture "
        "(organism grown) collected? Use calendar dates (chartdate minus admission date).",
        "For patient {subject_id}'s earliest admission, on which day number after admission (chartdate minus the "
        "admission date, in days) was the first culture with an organism taken?",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.microbiologyevents WHERE org_name IS NOT NULL "
       "AND hadm_id IS NOT NULL", "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT date_diff('day', CAST(adm.admittime AS DATE), CAST(min(m.chartdate) AS DATE)) AS days
FROM mimiciv_hosp.microbiologyevents m
JOIN adm ON adm.hadm_id = m.hadm_id AND adm.adm_no = 1
WHERE m.org_name IS NOT NULL
GROUP BY adm.admittime
""", "number"),

    # ------------------------------------------------------------------ population level
    T("population", "mean_value", [
        "What is the mean " + TEST + " ({unit}) of results taken in the first 24 hours of a hospital admission, "
        "rounded to 2 decimal places?",
        "Average the " + TEST + " results ({unit}) charted within 24 hours of admission time, over all admissions "
        "(2 decimals).",
    ], NUMERIC_LABS, """
SELECT round(avg(l.valuenum), 2) AS mean_value
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
""" + LAB_OF + """
WHERE l.valuenum IS NOT NULL AND l.charttime >= a.admittime AND l.charttime < a.admittime + INTERVAL 24 HOUR
""", "number"),

    T("population", "pct_abnormal", [
        "In what percentage of hospital admissions with a " + TEST + " was the first " + TEST + " result of the "
        "admission flagged abnormal? Round to 2 decimal places.",
        "Take the earliest " + TEST + " of each admission (by charttime, then labevent_id): what share (%) of them "
        "is flagged abnormal (2 decimals)?",
    ], FLAGGED_LABS, """
WITH firsts AS (
    SELECT l.hadm_id, l.flag,
           row_number() OVER (PARTITION BY l.hadm_id ORDER BY l.charttime, l.labevent_id) AS k
    FROM mimiciv_hosp.labevents l
    """ + LAB_OF + """
    WHERE l.hadm_id IS NOT NULL
)
SELECT round(100.0 * count(*) FILTER (WHERE flag = 'abnormal') / count(*), 2) AS pct FROM firsts WHERE k = 1
""", "number"),

    T("population", "patients_above_reference", [
        "How many hospital admissions had a " + TEST + " above the upper reference limit (valuenum > "
        "ref_range_upper) within the first {hours} hours?",
        "Count admissions with any " + TEST + " result exceeding its ref_range_upper in the first {hours} hours "
        "after admission time.",
    ], NUMERIC_LABS, """
SELECT count(DISTINCT a.hadm_id) AS admissions
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
""" + LAB_OF + """
WHERE l.valuenum > l.ref_range_upper
  AND l.charttime >= a.admittime AND l.charttime < a.admittime + INTERVAL {hours} HOUR
""", "number", grid={"hours": (24, 72)}),

    T("population", "top_tests", [
        "What are the {k} most frequently performed lab tests (d_labitems label and fluid, by number of results), "
        "most frequent first? Answer with the labels.",
        "List the labels of the top {k} lab tests (itemids) by result count, in descending order.",
    ], "SELECT 1 AS one", """
WITH counts AS (
    SELECT l.itemid, count(*) AS n FROM mimiciv_hosp.labevents l GROUP BY l.itemid
),
ranked AS (SELECT itemid, n, rank() OVER (ORDER BY n DESC) AS rk FROM counts)
SELECT d.label FROM ranked JOIN mimiciv_hosp.d_labitems d ON d.itemid = ranked.itemid
WHERE ranked.rk <= {k}
ORDER BY ranked.n DESC, d.label
""", "list", grid={"k": (3, 5, 10)}, rows="k"),

    T("population", "highest_abnormal_rate", [
        "Among lab tests with at least {min_n} results, which test (d_labitems label) has the highest percentage of "
        "abnormal-flagged results?",
        "Which lab test label with {min_n} or more results is most often flagged abnormal, in relative terms?",
    ], "SELECT 1 AS one", """
WITH rates AS (
    SELECT l.itemid, avg(CASE WHEN l.flag = 'abnormal' THEN 1.0 ELSE 0.0 END) AS rate
    FROM mimiciv_hosp.labevents l
    GROUP BY l.itemid
    HAVING count(*) >= {min_n}
),
ranked AS (SELECT itemid, rank() OVER (ORDER BY rate DESC) AS rk FROM rates)
SELECT d.label FROM ranked JOIN mimiciv_hosp.d_labitems d ON d.itemid = ranked.itemid WHERE ranked.rk = 1
""", "string", grid={"min_n": (100, 500, 1000)}),

    T("population", "median_by_gender", [
        "What is the median " + TEST + " ({unit}) among {gender_word} patients' results?",
        "Give the median of all " + TEST + " values in {unit} for {gender_word} patients.",
    ], "SELECT n.*, g.* FROM (" + NUMERIC_LABS + ") n CROSS JOIN (VALUES ('F', 'female'), ('M', 'male')) "
       "AS g(gender, gender_word)", """
SELECT median(l.valuenum) AS median_value
FROM mimiciv_hosp.labevents l
""" + LAB_OF + """
JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id
WHERE p.gender = {gender} AND l.valuenum IS NOT NULL
""", "number", derived=("gender",)),

    T("population", "micro_top_organism", [
        "What is the most common organism grown in {specimen} cultures (by number of distinct specimens)?",
        "Which organism is isolated from the most {specimen} specimens (distinct micro_specimen_id)?",
    ], """
SELECT m.spec_type_desc AS specimen FROM mimiciv_hosp.microbiologyevents m
WHERE m.org_name IS NOT NULL AND m.spec_type_desc IS NOT NULL AND m.spec_type_desc <> ''
GROUP BY m.spec_type_desc HAVING count(DISTINCT m.micro_specimen_id) >= 3
""", """
WITH orgs AS (
    SELECT m.org_name, count(DISTINCT m.micro_specimen_id) AS n
    FROM mimiciv_hosp.microbiologyevents m
    WHERE m.spec_type_desc = {specimen} AND m.org_name IS NOT NULL
    GROUP BY m.org_name
),
""" + argmax("orgs", "org_name") + "\n", "string"),

    T("population", "micro_resistance_pct", [
        "What percentage of {organism} susceptibility tests against {antibiotic} were resistant (interpretation "
        "'R')? Round to 2 decimal places.",
        "Of all {antibiotic} susceptibility results for {organism}, what share (%) is 'R' (2 decimals)?",
    ], """
SELECT m.org_name AS organism, m.ab_name AS antibiotic FROM mimiciv_hosp.microbiologyevents m
WHERE m.org_name IS NOT NULL AND m.ab_name IS NOT NULL AND m.interpretation IS NOT NULL
GROUP BY m.org_name, m.ab_name HAVING count(*) >= 5
""", """
SELECT round(100.0 * count(*) FILTER (WHERE m.interpretation = 'R') / count(*), 2) AS pct
FROM mimiciv_hosp.microbiologyevents m
WHERE m.org_name = {organism} AND m.ab_name = {antibiotic} AND m.interpretation IS NOT NULL
""", "number"),

    T("population", "mean_tests_per_admission", [
        "On average, how many lab results are recorded per '{admission_type}' admission (admissions without labs "
        "count as 0)? Round to 1 decimal place.",
        "What is the mean number of labevents rows per admission of type '{admission_type}', counting admissions "
        "with no labs as zero (1 decimal)?",
    ], "SELECT DISTINCT admission_type FROM mimiciv_hosp.admissions", """
WITH per_adm AS (
    SELECT a.hadm_id, count(l.labevent_id) AS n
    FROM mimiciv_hosp.admissions a
    LEFT JOIN mimiciv_hosp.labevents l ON l.hadm_id = a.hadm_id
    WHERE a.admission_type = {admission_type}
    GROUP BY a.hadm_id
)
SELECT round(avg(n), 1) AS mean_results FROM per_adm
""", "number"),

    T("population", "first_value_died", [
        "Among admissions ending in in-hospital death, what is the mean of the first " + TEST + " ({unit}) of each "
        "admission, rounded to 2 decimal places?",
        "Take the first " + TEST + " result ({unit}) of every admission with hospital_expire_flag = 1: what is their "
        "mean (2 decimals)?",
    ], NUMERIC_LABS, """
WITH firsts AS (
    SELECT l.hadm_id, l.valuenum,
           row_number() OVER (PARTITION BY l.hadm_id ORDER BY l.charttime, l.labevent_id) AS k
    FROM mimiciv_hosp.labevents l
    """ + LAB_OF + """
    WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
)
SELECT round(avg(f.valuenum), 2) AS mean_first
FROM firsts f JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
WHERE f.k = 1 AND a.hospital_expire_flag = 1
""", "number"),

    T("population", "aki_admissions", [
        "In how many hospital admissions did Blood Creatinine rise by at least {delta} mg/dL within 48 hours "
        "(a later result minus an earlier one, at most 48 hours apart)?",
        "Count admissions with a Blood Creatinine increase of {delta} mg/dL or more between two results no more "
        "than 48 hours apart (later minus earlier).",
    ], "SELECT 1 AS one FROM mimiciv_hosp.d_labitems WHERE label = 'Creatinine' AND fluid = 'Blood' LIMIT 1", """
WITH cr AS (
    SELECT l.hadm_id, l.charttime, l.valuenum
    FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = 'Creatinine' AND d.fluid = 'Blood'
    WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
)
SELECT count(DISTINCT a.hadm_id) AS admissions
FROM cr a
JOIN cr b ON b.hadm_id = a.hadm_id AND b.charttime > a.charttime AND b.charttime <= a.charttime + INTERVAL 48 HOUR
WHERE b.valuenum - a.valuenum >= {delta}
""", "number", grid={"delta": (0.3, 0.5, 1.0)}),

    T("population", "mean_by_age_band", [
        "What is the mean " + TEST + " ({unit}) of results from patients under 65 versus 65 or older at the "
        "admission (age = anchor_age + admission year - anchor_year)? Answer as rows (age band '<65' or '65+', mean "
        "rounded to 2 decimals).",
        "Split " + TEST + " results ({unit}) by the patient's age at that admission (<65, 65+; age = anchor_age + "
        "admission year - anchor_year) and give each band's mean to 2 decimals.",
    ], NUMERIC_LABS, "WITH " + admissions_cte() + """
SELECT CASE WHEN adm.age < 65 THEN '<65' ELSE '65+' END AS band, round(avg(l.valuenum), 2) AS mean_value
FROM mimiciv_hosp.labevents l
JOIN adm ON adm.hadm_id = l.hadm_id
""" + LAB_OF + """
WHERE l.valuenum IS NOT NULL
GROUP BY band
ORDER BY band
""", "table"),

    T("patient", "mean_change_across_admissions", [
        "How did patient {subject_id}'s mean " + TEST + " ({unit}) change from their first to their most recent "
        "admission with that test (mean of the latest minus mean of the earliest, 2 decimals)?",
        "Compare the average " + TEST + " ({unit}) of patient {subject_id}'s earliest and latest admissions that "
        "measured it: latest mean minus earliest mean, rounded to 2 decimals.",
    ], PATIENT_LABS, """
WITH per_adm AS (
    SELECT l.hadm_id, min(a.admittime) AS admittime, avg(l.valuenum) AS mean_value
    FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
    """ + LAB_OF + """
    WHERE l.subject_id = {subject_id} AND l.valuenum IS NOT NULL
    GROUP BY l.hadm_id
),
ordered AS (
    SELECT mean_value,
           row_number() OVER (ORDER BY admittime, hadm_id) AS first_k,
           row_number() OVER (ORDER BY admittime DESC, hadm_id DESC) AS last_k
    FROM per_adm
)
SELECT round(max(CASE WHEN last_k = 1 THEN mean_value END) - max(CASE WHEN first_k = 1 THEN mean_value END), 2) AS change
FROM ordered
HAVING count(*) >= 2
""", "number"),
]
