"""Demographics: patients, admissions, transfers and services (ages, stays, readmissions, mortality)."""

from __future__ import annotations

from ._common import PATIENTS, PATIENTS_2PLUS, admissions_cte, argmax, maker, top_k

T = maker("demographics")
AGE_NOTE = "(age in years = anchor_age + admission year - anchor_year)"

TEMPLATES = [
    # ------------------------------------------------------------------ patient level
    T("patient", "age_first_admission", [
        "How old was patient {subject_id} at their first hospital admission " + AGE_NOTE + "?",
        "What was the age of patient {subject_id} when first admitted to the hospital " + AGE_NOTE + "?",
        "Give patient {subject_id}'s age at their earliest admission " + AGE_NOTE + ".",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT age FROM adm WHERE adm_no = 1
""", "number"),

    T("patient", "age_change_first_last", [
        "How many years older was patient {subject_id} at their most recent admission than at their first "
        "one " + AGE_NOTE + "?",
        "By how many years did patient {subject_id}'s age differ between their first and their latest hospital "
        "admission " + AGE_NOTE + "?",
    ], PATIENTS_2PLUS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT max(CASE WHEN adm_rev = 1 THEN age END) - max(CASE WHEN adm_no = 1 THEN age END) AS years
FROM adm
""", "number"),

    T("patient", "admission_count", [
        "How many hospital admissions does patient {subject_id} have?",
        "Count the distinct hospital admissions of patient {subject_id}.",
        "How many times was patient {subject_id} admitted to the hospital?",
    ], PATIENTS, """
SELECT count(DISTINCT a.hadm_id) AS n
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {subject_id}
""", "number"),

    T("patient", "total_los", [
        "How many days in total did patient {subject_id} spend in hospital over all admissions (discharge time "
        "minus admission time), rounded to 1 decimal place?",
        "What is patient {subject_id}'s cumulative hospital length of stay in days across every admission, "
        "rounded to 1 decimal?",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT round(sum(los_days), 1) AS total_days FROM adm WHERE los_days IS NOT NULL
""", "number"),

    T("patient", "longest_admission", [
        "Which hospital admission (hadm_id) of patient {subject_id} was the longest (discharge time minus "
        "admission time)?",
        "Give the hadm_id of patient {subject_id}'s longest hospital stay.",
    ], PATIENTS_2PLUS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")},
ranked AS (
    SELECT hadm_id, rank() OVER (ORDER BY los_days DESC) AS rk FROM adm WHERE los_days IS NOT NULL
)
SELECT hadm_id FROM ranked WHERE rk = 1
""", "number"),

    T("patient", "readmitted_30d", [
        "Was patient {subject_id} ever readmitted to the hospital within 30 days after a discharge?",
        "Did patient {subject_id} have any hospital readmission starting within 30 days of a previous "
        "discharge?",
        "Has patient {subject_id} ever had a 30-day readmission (a new admission within 30 days after a "
        "discharge)?",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")},
gaps AS (
    SELECT hadm_id, dischtime,
           lead(admittime) OVER (ORDER BY admittime, hadm_id) AS next_admit
    FROM adm
)
SELECT coalesce(bool_or(next_admit <= dischtime + INTERVAL 30 DAY AND next_admit >= dischtime), FALSE) AS readmitted
FROM gaps
""", "boolean"),

    T("patient", "days_to_readmission", [
        "How many days after their first discharge was patient {subject_id} admitted again (admission time minus "
        "discharge time), rounded to 1 decimal place?",
        "What was the gap in days between patient {subject_id}'s first discharge and their next hospital "
        "admission, rounded to 1 decimal?",
    ], PATIENTS_2PLUS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")},
nxt AS (
    SELECT adm_no, dischtime, lead(admittime) OVER (ORDER BY adm_no) AS next_admit FROM adm
)
SELECT round(date_diff('second', dischtime, next_admit) / 86400.0, 1) AS gap_days
FROM nxt WHERE adm_no = 1 AND next_admit IS NOT NULL
""", "number"),

    T("patient", "last_discharge_location", [
        "Where was patient {subject_id} discharged to after their most recent hospital admission?",
        "What was the discharge location of patient {subject_id}'s latest admission?",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT discharge_location FROM adm WHERE adm_rev = 1
""", "string"),

    T("patient", "died_in_hospital", [
        "Did patient {subject_id} die during a hospital admission?",
        "Was patient {subject_id}'s death recorded in hospital (in-hospital mortality on any admission)?",
    ], PATIENTS, """
SELECT coalesce(bool_or(a.hospital_expire_flag = 1 OR a.deathtime IS NOT NULL), FALSE) AS died
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {subject_id}
""", "boolean"),

    T("patient", "careunits_first_admission", [
        "Which care units did patient {subject_id} stay in during their first hospital admission? List each "
        "unit once (transfers table, excluding the discharge event).",
        "List the distinct care units patient {subject_id} passed through during their earliest admission "
        "(ward transfers, discharge event excluded).",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT DISTINCT t.careunit
FROM mimiciv_hosp.transfers t
JOIN adm ON adm.hadm_id = t.hadm_id AND adm.adm_no = 1
WHERE t.careunit IS NOT NULL AND t.eventtype <> 'discharge'
""", "set"),

    T("patient", "first_careunit_sequence", [
        "In chronological order, which care units did patient {subject_id} move through during their first "
        "admission (transfers by in-time, discharge event excluded, consecutive stays in the same unit counted "
        "once)?",
        "Give the ordered sequence of care units for patient {subject_id}'s first hospital admission (transfers "
        "by in-time, without the discharge event; collapse consecutive repeats of a unit).",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")},
moves AS (
    SELECT t.careunit, t.intime, t.transfer_id,
           lag(t.careunit) OVER (ORDER BY t.intime, t.transfer_id) AS prev_unit
    FROM mimiciv_hosp.transfers t
    JOIN adm ON adm.hadm_id = t.hadm_id AND adm.adm_no = 1
    WHERE t.careunit IS NOT NULL AND t.eventtype <> 'discharge'
)
SELECT careunit FROM moves
WHERE prev_unit IS NULL OR prev_unit <> careunit
ORDER BY intime, transfer_id
""", "list"),

    T("patient", "services_first_admission", [
        "List, in time order, the hospital services (curr_service) patient {subject_id} was under during their "
        "first admission.",
        "What sequence of services (curr_service, by transfer time) did patient {subject_id} have in their "
        "earliest hospital admission?",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT s.curr_service
FROM mimiciv_hosp.services s
JOIN adm ON adm.hadm_id = s.hadm_id
WHERE adm.adm_no = 1
ORDER BY s.transfertime, s.curr_service
""", "list"),

    T("patient", "ed_hours_first_admission", [
        "For patient {subject_id}'s first admission that came through the emergency department, how many hours "
        "passed between ED registration and ED exit? Round to 1 decimal place.",
        "How long (hours, 1 decimal) did patient {subject_id} spend in the ED (edregtime to edouttime) before "
        "their first admission with an ED visit?",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.admissions WHERE edregtime IS NOT NULL", """
WITH ed AS (
    SELECT a.hadm_id, a.edregtime, a.edouttime,
           row_number() OVER (ORDER BY a.admittime, a.hadm_id) AS k
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.edregtime IS NOT NULL AND a.edouttime IS NOT NULL
)
SELECT round(date_diff('second', edregtime, edouttime) / 3600.0, 1) AS ed_hours FROM ed WHERE k = 1
""", "number"),

    T("patient", "days_discharge_to_death", [
        "How many days passed between patient {subject_id}'s last hospital discharge and their date of death "
        "(dod minus the discharge date)?",
        "Patient {subject_id} has a recorded date of death: how many days after their final discharge (by "
        "calendar date) did it occur?",
    ], "SELECT DISTINCT p.subject_id FROM mimiciv_hosp.patients p JOIN mimiciv_hosp.admissions a "
       "ON a.subject_id = p.subject_id WHERE p.dod IS NOT NULL", f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT date_diff('day', CAST(adm.dischtime AS DATE), p.dod) AS days
FROM adm JOIN mimiciv_hosp.patients p ON p.subject_id = adm.subject_id
WHERE adm.adm_rev = 1
""", "number"),

    T("patient", "insurance_first_admission", [
        "What insurance did patient {subject_id} have at their first hospital admission?",
        "Under which insurance category was patient {subject_id} first admitted?",
    ], PATIENTS, f"""
WITH {admissions_cte("a.subject_id = {subject_id}")}
SELECT insurance FROM adm WHERE adm_no = 1
""", "string"),

    T("patient", "emergency_admissions", [
        "How many of patient {subject_id}'s admissions were emergency admissions (admission_type containing "
        "'EMER')?",
        "Count patient {subject_id}'s hospital admissions whose admission type is an emergency type (contains "
        "'EMER').",
    ], PATIENTS, """
SELECT count(*) FILTER (WHERE a.admission_type LIKE '%EMER%') AS n
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {subject_id}
""", "number"),

    # ------------------------------------------------------------------ population level
    T("population", "count_age_gender", [
        "How many {gender_word} patients were {min_age} years or older at their first hospital admission "
        + AGE_NOTE + "?",
        "Count {gender_word} patients aged at least {min_age} at their first admission " + AGE_NOTE + ".",
    ], "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)", f"""
WITH {admissions_cte()}
SELECT count(DISTINCT adm.subject_id) AS n
FROM adm
JOIN mimiciv_hosp.patients p ON p.subject_id = adm.subject_id
WHERE adm.adm_no = 1 AND adm.age >= {{min_age}} AND p.gender = {{gender}}
""", "number", grid={"min_age": (40, 50, 65, 75, 85)}, derived=("gender",)),

    T("population", "mean_los_by_type", [
        "What is the average length of stay in days (discharge minus admission time) of '{admission_type}' "
        "admissions, rounded to 2 decimal places?",
        "On average, how many days do admissions of type '{admission_type}' last? Round to 2 decimals.",
    ], "SELECT DISTINCT admission_type FROM mimiciv_hosp.admissions", f"""
WITH {admissions_cte()}
SELECT round(avg(los_days), 2) AS mean_days
FROM adm
WHERE admission_type = {{admission_type}} AND los_days IS NOT NULL
""", "number"),

    T("population", "readmission_rate", [
        "What percentage of hospital discharges of living patients were followed by a readmission of the same "
        "patient within {days} days? Round to 2 decimal places.",
        "Among admissions where the patient was discharged alive, what share (%) had a next admission starting "
        "within {days} days after discharge? Round to 2 decimals.",
    ], "SELECT 1 AS one", f"""
WITH {admissions_cte()},
seq AS (
    SELECT subject_id, hadm_id, dischtime, hospital_expire_flag,
           lead(admittime) OVER (PARTITION BY subject_id ORDER BY admittime, hadm_id) AS next_admit
    FROM adm
)
SELECT round(100.0 * count(*) FILTER (WHERE next_admit <= dischtime + INTERVAL {{days}} DAY) / count(*), 2) AS pct
FROM seq
WHERE coalesce(hospital_expire_flag, 0) = 0 AND dischtime IS NOT NULL
""", "number", grid={"days": (7, 30, 90)}),

    T("population", "mortality_by_insurance", [
        "What is the in-hospital mortality (%) of admissions with '{insurance}' insurance, rounded to 2 decimal "
        "places?",
        "Among admissions insured by '{insurance}', what percentage ended in death in hospital "
        "(hospital_expire_flag)? Round to 2 decimals.",
    ], "SELECT DISTINCT insurance FROM mimiciv_hosp.admissions WHERE insurance IS NOT NULL", """
SELECT round(100.0 * sum(CASE WHEN a.hospital_expire_flag = 1 THEN 1 ELSE 0 END) / count(*), 2) AS pct
FROM mimiciv_hosp.admissions a
WHERE a.insurance = {insurance}
""", "number"),

    T("population", "top_admission_types", [
        "What are the {k} most common admission types, from most to least frequent?",
        "List the top {k} admission types by number of admissions, most frequent first.",
    ], "SELECT 1 AS one", """
WITH counts AS (
    SELECT a.admission_type, count(*) AS n FROM mimiciv_hosp.admissions a GROUP BY a.admission_type
),
ranked AS (
    SELECT admission_type, n, rank() OVER (ORDER BY n DESC) AS rk FROM counts
)
SELECT admission_type FROM ranked WHERE rk <= {k} ORDER BY n DESC, admission_type
""", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "median_age_by_race", [
        "What is the median age at admission of admissions whose recorded race is '{race}' " + AGE_NOTE + "?",
        "Give the median admission age for '{race}' admissions " + AGE_NOTE + ".",
    ], "SELECT race FROM mimiciv_hosp.admissions WHERE race IS NOT NULL GROUP BY race HAVING count(*) >= 3", f"""
WITH {admissions_cte()}
SELECT median(age) AS median_age FROM adm WHERE race = {{race}}
""", "number"),

    T("population", "admissions_by_age_group", [
        "How many admissions fall in each age group at admission (18-44, 45-64, 65-79, 80+) " + AGE_NOTE
        + "? Answer as rows of (age group, number of admissions).",
        "Break down hospital admissions by age band at admission (18-44, 45-64, 65-79, 80+) " + AGE_NOTE
        + ": give each band with its admission count.",
    ], "SELECT 1 AS one", f"""
WITH {admissions_cte()},
banded AS (
    SELECT CASE WHEN age < 45 THEN '18-44' WHEN age < 65 THEN '45-64' WHEN age < 80 THEN '65-79' ELSE '80+' END AS band
    FROM adm WHERE age >= 18
)
SELECT band, count(*) AS n FROM banded GROUP BY band ORDER BY band
""", "table"),

    T("population", "patients_min_admissions", [
        "How many patients had at least {k} hospital admissions?",
        "Count the patients with {k} or more admissions.",
    ], "SELECT 1 AS one", """
WITH per_patient AS (
    SELECT a.subject_id, count(DISTINCT a.hadm_id) AS n
    FROM mimiciv_hosp.admissions a
    JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
    GROUP BY a.subject_id
)
SELECT count(*) AS patients FROM per_patient WHERE n >= {k}
""", "number", grid={"k": (2, 3, 5)}),

    T("population", "one_year_mortality_after_discharge", [
        "What percentage of patients discharged alive from their last admission died within 365 days of that "
        "discharge (date of death minus discharge date)? Round to 2 decimal places.",
        "Among patients alive at their final discharge, what share (%) have a date of death within one year "
        "(365 days) after it? Round to 2 decimals.",
    ], "SELECT 1 AS one", f"""
WITH {admissions_cte()},
last_adm AS (SELECT * FROM adm WHERE adm_rev = 1 AND coalesce(hospital_expire_flag, 0) = 0)
SELECT round(100.0 * count(*) FILTER (
           WHERE p.dod IS NOT NULL AND date_diff('day', CAST(l.dischtime AS DATE), p.dod) BETWEEN 0 AND 365)
       / count(*), 2) AS pct
FROM last_adm l JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id
""", "number"),

    T("population", "most_common_first_service", [
        "Which hospital service is most often the first service (earliest curr_service) of an admission?",
        "What service do admissions most frequently start under (first services entry by transfer time)?",
    ], "SELECT 1 AS one", """
WITH firsts AS (
    SELECT s.hadm_id, s.curr_service,
           row_number() OVER (PARTITION BY s.hadm_id ORDER BY s.transfertime, s.curr_service) AS k
    FROM mimiciv_hosp.services s
),
counts AS (SELECT curr_service, count(*) AS n FROM firsts WHERE k = 1 GROUP BY curr_service),
""" + argmax("counts", "curr_service") + "\n", "string"),

    T("population", "careunit_mean_hours", [
        "What is the mean time in hours patients spend per stay in the '{careunit}' care unit (transfer in-time "
        "to out-time), rounded to 1 decimal place?",
        "On average how many hours does one stay in care unit '{careunit}' last (transfers intime to outtime)? "
        "Round to 1 decimal.",
    ], "SELECT careunit FROM mimiciv_hosp.transfers WHERE careunit IS NOT NULL AND outtime IS NOT NULL "
       "GROUP BY careunit HAVING count(*) >= 5", """
SELECT round(avg(date_diff('second', t.intime, t.outtime) / 3600.0), 1) AS mean_hours
FROM mimiciv_hosp.transfers t
JOIN mimiciv_hosp.admissions a ON a.hadm_id = t.hadm_id
WHERE t.careunit = {careunit} AND t.outtime IS NOT NULL AND t.intime IS NOT NULL
""", "number"),

    T("population", "gender_mortality_table", [
        "For each gender, what is the in-hospital mortality (%) of admissions, rounded to 2 decimals? Answer as "
        "rows of (gender, percentage).",
        "Give the percentage of admissions ending in in-hospital death for each gender (2 decimals), as "
        "(gender, percentage) rows.",
    ], "SELECT 1 AS one", """
SELECT p.gender,
       round(100.0 * count(*) FILTER (WHERE a.hospital_expire_flag = 1) / count(*), 2) AS pct
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
GROUP BY p.gender
ORDER BY p.gender
""", "table"),

    T("population", "mean_age_died_vs_survived", [
        "What is the mean age at admission " + AGE_NOTE + " of admissions that ended in in-hospital death, minus "
        "that of admissions that did not, rounded to 2 decimal places?",
        "How much older (years, 2 decimals) on average are admissions ending in in-hospital death than "
        "survived admissions " + AGE_NOTE + "?",
    ], "SELECT 1 AS one", f"""
WITH {admissions_cte()}
SELECT round(avg(age) FILTER (WHERE hospital_expire_flag = 1) - avg(age) FILTER (WHERE coalesce(hospital_expire_flag, 0) = 0), 2) AS diff
FROM adm
""", "number"),

    T("population", "discharge_locations_for_type", [
        "What are the {k} most common discharge locations of '{admission_type}' admissions, most frequent first "
        "(ignoring missing locations)?",
        "List the top {k} discharge destinations after '{admission_type}' admissions in order of frequency "
        "(missing ones excluded).",
    ], "SELECT admission_type FROM mimiciv_hosp.admissions GROUP BY admission_type HAVING count(*) >= 10", """
WITH counts AS (
    SELECT a.discharge_location, count(*) AS n
    FROM mimiciv_hosp.admissions a
    WHERE a.admission_type = {admission_type} AND a.discharge_location IS NOT NULL
    GROUP BY a.discharge_location
),
""" + top_k("counts", "discharge_location") + "\n", "list", grid={"k": (2, 3)}, rows="k"),
]
