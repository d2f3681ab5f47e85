"""Medications: prescriptions, pharmacy, eMAR administrations (emar / emar_detail) and ICU inputs."""

from __future__ import annotations

from ._common import ICU_ITEMS, PATIENTS, PATIENTS_2PLUS, admissions_cte, argmax, first_icu_cte, maker, top_k

T = maker("medications")

# (patient, drug) pairs where the patient was prescribed the drug
PATIENT_DRUGS = """
SELECT DISTINCT r.subject_id, r.drug FROM mimiciv_hosp.prescriptions r
WHERE r.drug IS NOT NULL AND r.drug <> '' AND r.drug_type = 'MAIN'
"""
# frequently prescribed drugs (for population questions and negative examples)
COMMON_DRUGS = """
SELECT r.drug FROM mimiciv_hosp.prescriptions r
WHERE r.drug IS NOT NULL AND r.drug <> '' AND r.drug_type = 'MAIN'
GROUP BY r.drug HAVING count(DISTINCT r.hadm_id) >= 5
"""
# (patient, medication) pairs with eMAR administrations
PATIENT_EMAR = """
SELECT DISTINCT e.subject_id, e.medication FROM mimiciv_hosp.emar e
WHERE e.medication IS NOT NULL AND e.event_txt = 'Administered' AND e.hadm_id IS NOT NULL
"""
ICU_INPUT_PATIENTS = """
SELECT ie.subject_id, i.item, min(ie.amountuom) AS unit FROM mimiciv_icu.inputevents ie
JOIN (""" + ICU_ITEMS + """) i ON i.itemid = ie.itemid
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.category IN ('Medications', 'Antibiotics', 'Blood Products/Colloids') AND ie.amountuom IS NOT NULL
GROUP BY ie.subject_id, i.item
HAVING count(DISTINCT ie.amountuom) = 1
"""
VASOPRESSORS = "('Norepinephrine', 'Epinephrine', 'Phenylephrine', 'Vasopressin', 'Dopamine')"

TEMPLATES = [
    # ------------------------------------------------------------------ patient level
    T("patient", "distinct_drugs_first_admission", [
        "How many different drugs (distinct prescriptions.drug names, main drugs only) were prescribed to patient "
        "{subject_id} during their first hospital admission?",
        "Count the distinct main-type drugs prescribed for patient {subject_id} in their earliest admission.",
    ], PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT count(DISTINCT r.drug) AS n
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id
WHERE adm.adm_no = 1 AND r.drug_type = 'MAIN'
""", "number"),

    T("patient", "first_drug", [
        "Which drug was prescribed to patient {subject_id} first (earliest prescription start time, main drugs "
        "only)?",
        "What was the first main-type drug patient {subject_id} was ever prescribed (by starttime)?",
    ], PATIENTS, """
WITH rx AS (
    SELECT r.drug, rank() OVER (ORDER BY r.starttime) AS rk
    FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {subject_id} AND r.drug_type = 'MAIN' AND r.starttime IS NOT NULL
)
SELECT DISTINCT drug FROM rx WHERE rk = 1
""", "string"),

    T("patient", "ever_prescribed", [
        "Was patient {subject_id} prescribed {drug} during their most recent hospital admission?",
        "Did patient {subject_id} receive a prescription of {drug} in their latest admission?",
        "In patient {subject_id}'s most recent hospitalisation, was {drug} prescribed?",
    ], """
SELECT p.subject_id, d.drug FROM (SELECT DISTINCT subject_id FROM mimiciv_hosp.prescriptions) p
CROSS JOIN (""" + COMMON_DRUGS + """) d
""", "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.prescriptions r
    JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev = 1 AND r.drug = {drug}
) AS prescribed
""", "boolean"),

    T("patient", "emar_administrations", [
        "How many times was {medication} administered to patient {subject_id} during the first 48 hours of "
        "their first hospital admission, according to the eMAR (event 'Administered')?",
        "Count the eMAR administrations (event_txt 'Administered') of {medication} for patient {subject_id} "
        "charted within 48 hours of the admission time of their earliest admission.",
    ], PATIENT_EMAR, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT count(*) AS n
FROM mimiciv_hosp.emar e
JOIN adm ON adm.hadm_id = e.hadm_id AND adm.adm_no = 1
WHERE e.medication = {medication} AND e.event_txt = 'Administered'
  AND e.charttime >= adm.admittime AND e.charttime < adm.admittime + INTERVAL 48 HOUR
""", "number"),

    T("patient", "emar_last_administration", [
        "When was {medication} last administered to patient {subject_id} during the most recent admission in "
        "which they received it (eMAR charttime of the latest 'Administered' event)?",
        "Give the date and time of patient {subject_id}'s last eMAR administration of {medication}, within the "
        "latest admission that had one.",
    ], PATIENT_EMAR, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
given AS (
    SELECT e.charttime, adm.adm_no
    FROM mimiciv_hosp.emar e
    JOIN adm ON adm.hadm_id = e.hadm_id
    WHERE e.medication = {medication} AND e.event_txt = 'Administered'
)
SELECT max(charttime) AS last_given FROM given WHERE adm_no = (SELECT max(adm_no) FROM given)
""", "date"),

    T("patient", "emar_total_dose", [
        "What total dose of {medication} ({unit}) was given to patient {subject_id}, summing eMAR detail "
        "dose_given over administered events?",
        "Sum the dose_given ({unit}) of all administered eMAR doses of {medication} for patient {subject_id}.",
    ], """
SELECT e.subject_id, e.medication, min(d.dose_given_unit) AS unit
FROM mimiciv_hosp.emar e
JOIN mimiciv_hosp.emar_detail d ON d.emar_id = e.emar_id
WHERE e.event_txt = 'Administered' AND e.medication IS NOT NULL AND TRY_CAST(d.dose_given AS DOUBLE) IS NOT NULL
GROUP BY e.subject_id, e.medication
HAVING count(DISTINCT d.dose_given_unit) = 1
""", """
WITH given AS (
    SELECT e.emar_id, TRY_CAST(d.dose_given AS DOUBLE) AS dose
    FROM mimiciv_hosp.emar e
    JOIN mimiciv_hosp.emar_detail d ON d.emar_id = e.emar_id
    WHERE e.subject_id = {subject_id} AND e.medication = {medication} AND e.event_txt = 'Administered'
      AND d.dose_given_unit = {unit}
)
SELECT round(sum(dose), 2) AS total_dose FROM given WHERE dose IS NOT NULL
""", "number"),

    T("patient", "routes_of_drug", [
        "By which routes was {drug} prescribed to patient {subject_id}? List each route once.",
        "List the distinct routes of administration of patient {subject_id}'s {drug} prescriptions.",
    ], PATIENT_DRUGS, """
SELECT DISTINCT r.route
FROM mimiciv_hosp.prescriptions r
WHERE r.subject_id = {subject_id} AND r.drug = {drug} AND r.route IS NOT NULL
""", "set"),

    T("patient", "drug_span_days", [
        "Over how many days was patient {subject_id} on {drug}, from the first prescription start to the last "
        "prescription stop (in days, rounded to 1 decimal place)?",
        "How long (days, 1 decimal) from the earliest start to the latest stop time of patient {subject_id}'s "
        "{drug} prescriptions?",
    ], PATIENT_DRUGS, """
WITH rx AS (
    SELECT min(r.starttime) AS first_start, max(r.stoptime) AS last_stop
    FROM mimiciv_hosp.prescriptions r
    WHERE r.subject_id = {subject_id} AND r.drug = {drug}
)
SELECT round(date_diff('second', first_start, last_stop) / 86400.0, 1) AS days FROM rx WHERE last_stop >= first_start
""", "number"),

    T("patient", "icu_input_total", [
        "What total amount of {item} ({unit}) did patient {subject_id} receive during their first ICU stay "
        "(inputevents)?",
        "Sum the inputevents amounts ({unit}) of {item} given to patient {subject_id} in their earliest ICU stay, "
        "rounded to 2 decimals.",
    ], ICU_INPUT_PATIENTS, "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT round(sum(ie.amount), 2) AS total
FROM mimiciv_icu.inputevents ie
JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.label = {item} AND ie.amountuom = {unit}
""", "number"),

    T("patient", "icu_antibiotics", [
        "Which antibiotics (d_items category 'Antibiotics') did patient {subject_id} receive during their first "
        "ICU stay? List each once.",
        "List the distinct antibiotic inputs (inputevents items of category 'Antibiotics') given to patient "
        "{subject_id} in their earliest ICU stay.",
    ], """
SELECT DISTINCT ie.subject_id FROM mimiciv_icu.inputevents ie JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.category = 'Antibiotics'
""", "WITH " + first_icu_cte("i.subject_id = {subject_id}") + """
SELECT DISTINCT d.label
FROM mimiciv_icu.inputevents ie
JOIN stay ON stay.stay_id = ie.stay_id AND stay.stay_no = 1
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.category = 'Antibiotics'
""", "set"),

    T("patient", "drugs_first_24h", [
        "How many distinct drugs were started for patient {subject_id} within the first 24 hours of their first "
        "hospital admission (prescription start time, main drugs only)?",
        "Count main-type drugs whose prescription started in the first 24 hours of patient {subject_id}'s "
        "earliest admission (distinct drug names).",
    ], PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT count(DISTINCT r.drug) AS n
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id AND adm.adm_no = 1
WHERE r.drug_type = 'MAIN' AND r.starttime >= adm.admittime AND r.starttime < adm.admittime + INTERVAL 24 HOUR
""", "number"),

    T("patient", "pharmacy_latest_frequency", [
        "What dosing frequency was on patient {subject_id}'s most recent pharmacy order for {medication} (latest "
        "start time)?",
        "Give the frequency of the latest pharmacy entry of {medication} for patient {subject_id} (by "
        "starttime).",
    ], """
SELECT DISTINCT p.subject_id, p.medication FROM mimiciv_hosp.pharmacy p
WHERE p.medication IS NOT NULL AND p.frequency IS NOT NULL AND p.starttime IS NOT NULL
""", """
WITH ph AS (
    SELECT p.frequency, rank() OVER (ORDER BY p.starttime DESC) AS rk
    FROM mimiciv_hosp.pharmacy p
    WHERE p.subject_id = {subject_id} AND p.medication = {medication} AND p.starttime IS NOT NULL
)
SELECT DISTINCT frequency FROM ph WHERE rk = 1
""", "string"),

    T("patient", "new_drugs_last_admission", [
        "Which drugs were prescribed to patient {subject_id} in their most recent admission but never in any "
        "earlier admission (main drugs, distinct names)?",
        "List main-type drugs that are new in patient {subject_id}'s latest admission, i.e. not prescribed in any "
        "of their previous admissions.",
    ], PATIENTS_2PLUS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
last_rx AS (
    SELECT DISTINCT r.drug FROM mimiciv_hosp.prescriptions r JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev = 1 AND r.drug_type = 'MAIN'
),
earlier_rx AS (
    SELECT DISTINCT r.drug FROM mimiciv_hosp.prescriptions r JOIN adm ON adm.hadm_id = r.hadm_id
    WHERE adm.adm_rev > 1 AND r.drug_type = 'MAIN'
)
SELECT drug FROM last_rx
EXCEPT
SELECT drug FROM earlier_rx
""", "set"),

    T("patient", "vasopressor_hours", [
        "For how many hours in total did patient {subject_id} receive vasopressors in the ICU (inputevents of "
        "Norepinephrine, Epinephrine, Phenylephrine, Vasopressin or Dopamine; union of infusion intervals), rounded "
        "to 1 decimal place?",
        "Total ICU vasopressor time of patient {subject_id} in hours (Norepinephrine, Epinephrine, Phenylephrine, "
        "Vasopressin, Dopamine inputevents; overlapping infusions merged; 1 decimal).",
    ], "SELECT DISTINCT ie.subject_id FROM mimiciv_icu.inputevents ie JOIN mimiciv_icu.d_items d "
       "ON d.itemid = ie.itemid WHERE d.label IN " + VASOPRESSORS, """
WITH iv AS (
    SELECT ie.starttime, ie.endtime
    FROM mimiciv_icu.inputevents ie
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE ie.subject_id = {subject_id} AND d.label IN """ + VASOPRESSORS + """ AND ie.endtime > ie.starttime
),
marked AS (
    SELECT starttime, endtime,
           CASE WHEN starttime <= max(endtime) OVER (ORDER BY starttime, endtime
                                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) THEN 0 ELSE 1 END AS new_block
    FROM iv
),
blocks AS (
    SELECT starttime, endtime, sum(new_block) OVER (ORDER BY starttime, endtime) AS block FROM marked
)
SELECT round(sum(date_diff('second', block_start, block_end)) / 3600.0, 1) AS hours
FROM (SELECT block, min(starttime) AS block_start, max(endtime) AS block_end FROM blocks GROUP BY block)
""", "number"),

    # ------------------------------------------------------------------ population level
    T("population", "top_drugs", [
        "What are the {k} most frequently prescribed drugs (number of main-type prescriptions), most frequent first?",
        "List the top {k} drugs by count of main prescriptions, in descending order of frequency.",
    ], "SELECT 1 AS one", """
WITH counts AS (
    SELECT r.drug, count(*) AS n FROM mimiciv_hosp.prescriptions r
    WHERE r.drug_type = 'MAIN' AND r.drug IS NOT NULL
    GROUP BY r.drug
),
""" + top_k("counts", "drug") + "\n", "list", grid={"k": (3, 5, 10)}, rows="k"),

    T("population", "patients_on_drug", [
        "How many patients aged {min_age} or older at the admission were prescribed {drug} during that "
        "admission (age = anchor_age + admission year - anchor_year)?",
        "Count distinct patients with a {drug} prescription in an admission at which they were at least {min_age} "
        "years old (anchor_age + admission year - anchor_year).",
    ], COMMON_DRUGS, "WITH " + admissions_cte() + """
SELECT count(DISTINCT adm.subject_id) AS patients
FROM mimiciv_hosp.prescriptions r
JOIN adm ON adm.hadm_id = r.hadm_id
WHERE r.drug = {drug} AND adm.age >= {min_age}
""", "number", grid={"min_age": (18, 65, 80)}),

    T("population", "mean_drugs_per_admission", [
        "On average, how many distinct drugs are prescribed per '{admission_type}' admission (main drugs; "
        "admissions without prescriptions count as 0)? Round to 2 decimal places.",
        "What is the mean number of distinct main-type drugs per admission of type '{admission_type}', counting "
        "admissions with no prescriptions as zero (2 decimals)?",
    ], "SELECT DISTINCT admission_type FROM mimiciv_hosp.admissions", """
WITH per_adm AS (
    SELECT a.hadm_id, count(DISTINCT r.drug) AS n
    FROM mimiciv_hosp.admissions a
    LEFT JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = a.hadm_id AND r.drug_type = 'MAIN'
    WHERE a.admission_type = {admission_type}
    GROUP BY a.hadm_id
)
SELECT round(avg(n), 2) AS mean_drugs FROM per_adm
""", "number"),

    T("population", "pct_admissions_drug_24h", [
        "In what percentage of hospital admissions was {drug} started within the first {hours} hours? Round to 2 "
        "decimal places.",
        "What share (%) of all admissions had a {drug} prescription starting within {hours} hours of admission "
        "time (2 decimals)?",
    ], COMMON_DRUGS, """
WITH early AS (
    SELECT DISTINCT r.hadm_id
    FROM mimiciv_hosp.prescriptions r
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = r.hadm_id
    WHERE r.drug = {drug} AND r.starttime >= a.admittime AND r.starttime < a.admittime + INTERVAL {hours} HOUR
)
SELECT round(100.0 * (SELECT count(*) FROM early) / count(*), 2) AS pct FROM mimiciv_hosp.admissions
""", "number", grid={"hours": (24, 48)}),

    T("population", "most_common_route", [
        "What is the most common route of administration for {drug} prescriptions?",
        "Which route is used most often when {drug} is prescribed?",
    ], COMMON_DRUGS, """
WITH routes AS (
    SELECT r.route, count(*) AS n FROM mimiciv_hosp.prescriptions r
    WHERE r.drug = {drug} AND r.route IS NOT NULL
    GROUP BY r.route
),
""" + argmax("routes", "route") + "\n", "string"),

    T("population", "emar_not_given_pct", [
        "What percentage of eMAR events for {medication} were recorded as not given (event text starting with "
        "'Not Given')? Round to 2 decimal places.",
        "Among all eMAR records of {medication}, what share (%) has an event_txt beginning with 'Not Given' (2 "
        "decimals)?",
    ], """
SELECT e.medication FROM mimiciv_hosp.emar e WHERE e.medication IS NOT NULL
GROUP BY e.medication HAVING count(*) >= 20 AND count(*) FILTER (WHERE e.event_txt LIKE 'Not Given%') > 0
""", """
SELECT round(100.0 * count(*) FILTER (WHERE e.event_txt LIKE 'Not Given%') / count(*), 2) AS pct
FROM mimiciv_hosp.emar e
WHERE e.medication = {medication}
""", "number"),

    T("population", "icu_mean_amount_per_stay", [
        "Among ICU stays that received {item}, what is the mean total amount per stay in {unit}? Round to 2 decimal "
        "places.",
        "For ICU stays with any {item} input, average the per-stay total amount ({unit}, 2 decimals).",
    ], """
SELECT i.item, min(ie.amountuom) AS unit FROM mimiciv_icu.inputevents ie
JOIN (""" + ICU_ITEMS + """) i ON i.itemid = ie.itemid
WHERE ie.amountuom IS NOT NULL
GROUP BY i.item HAVING count(DISTINCT ie.amountuom) = 1 AND count(DISTINCT ie.stay_id) >= 3
""", """
WITH per_stay AS (
    SELECT ie.stay_id, sum(ie.amount) AS total
    FROM mimiciv_icu.inputevents ie
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.label = {item} AND ie.amountuom = {unit}
    GROUP BY ie.stay_id
)
SELECT round(avg(total), 2) AS mean_total FROM per_stay
""", "number"),

    T("population", "top_icu_medications", [
        "Which {k} ICU medications (inputevents items of d_items category 'Medications') were given in the most ICU "
        "stays? Most stays first.",
        "List the top {k} 'Medications'-category ICU inputs by number of ICU stays receiving them, in descending "
        "order.",
    ], "SELECT 1 AS one", """
WITH counts AS (
    SELECT d.label, count(DISTINCT ie.stay_id) AS stays
    FROM mimiciv_icu.inputevents ie
    JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE d.category = 'Medications'
    GROUP BY d.label
),
""" + top_k("counts", "label", "stays") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "vasopressor_patients", [
        "How many {gender_word} patients received a vasopressor in the ICU (inputevents of Norepinephrine, "
        "Epinephrine, Phenylephrine, Vasopressin or Dopamine)?",
        "Count {gender_word} patients with any ICU vasopressor input (Norepinephrine, Epinephrine, Phenylephrine, "
        "Vasopressin, Dopamine).",
    ], "SELECT * FROM (VALUES ('F', 'female'), ('M', 'male')) AS g(gender, gender_word)", """
SELECT count(DISTINCT ie.subject_id) AS patients
FROM mimiciv_icu.inputevents ie
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
JOIN mimiciv_hosp.patients p ON p.subject_id = ie.subject_id
WHERE d.label IN """ + VASOPRESSORS + """ AND p.gender = {gender}
""", "number", derived=("gender",)),

    T("population", "mean_prescription_hours", [
        "What is the mean duration in hours of {drug} prescriptions (stop minus start time, where both are "
        "recorded and stop is after start)? Round to 1 decimal place.",
        "On average how many hours does a {drug} prescription run (starttime to stoptime, valid pairs only, 1 "
        "decimal)?",
    ], COMMON_DRUGS, """
SELECT round(avg(date_diff('second', r.starttime, r.stoptime) / 3600.0), 1) AS mean_hours
FROM mimiciv_hosp.prescriptions r
WHERE r.drug = {drug} AND r.starttime IS NOT NULL AND r.stoptime > r.starttime
""", "number"),

    T("population", "co_prescription", [
        "In how many hospital admissions were both {drug} and {drug2} prescribed?",
        "Count admissions with prescriptions of both {drug} and {drug2}.",
    ], """
WITH common AS (""" + COMMON_DRUGS + """)
SELECT a.drug, b.drug AS drug2 FROM common a JOIN common b ON a.drug < b.drug
""", """
WITH d1 AS (SELECT DISTINCT hadm_id FROM mimiciv_hosp.prescriptions WHERE drug = {drug}),
     d2 AS (SELECT DISTINCT hadm_id FROM mimiciv_hosp.prescriptions WHERE drug = {drug2})
SELECT count(*) AS admissions FROM (SELECT hadm_id FROM d1 INTERSECT SELECT hadm_id FROM d2)
""", "number"),

    T("population", "pharmacy_top_frequency", [
        "What is the most common dosing frequency on pharmacy orders of {medication}?",
        "Which frequency appears most often in pharmacy entries for {medication}?",
    ], """
SELECT p.medication FROM mimiciv_hosp.pharmacy p WHERE p.medication IS NOT NULL AND p.frequency IS NOT NULL
GROUP BY p.medication HAVING count(*) >= 5
""", """
WITH freq AS (
    SELECT p.frequency, count(*) AS n FROM mimiciv_hosp.pharmacy p
    WHERE p.medication = {medication} AND p.frequency IS NOT NULL
    GROUP BY p.frequency
),
""" + argmax("freq", "frequency") + "\n", "string"),

    T("population", "drug_mortality", [
        "What was the in-hospital mortality (%) of admissions in which {drug} was prescribed? Round to 2 decimal "
        "places.",
        "Among admissions with a {drug} prescription, what percentage ended in in-hospital death (2 decimals)?",
    ], COMMON_DRUGS, """
WITH adm_drug AS (
    SELECT DISTINCT a.hadm_id, a.hospital_expire_flag
    FROM mimiciv_hosp.admissions a
    JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = a.hadm_id
    WHERE r.drug = {drug}
)
SELECT round(100.0 * sum(CASE WHEN hospital_expire_flag = 1 THEN 1 ELSE 0 END) / count(*), 2) AS pct FROM adm_drug
""", "number"),
]
