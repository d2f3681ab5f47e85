"""Diagnoses: diagnoses_icd with d_icd_diagnoses, ICD-9 and ICD-10, code look-up by name.

A diagnosis is named by its exact long title and ICD version (the same condition has different
codes and titles in ICD-9 and ICD-10); only titles that are unique within their version are used.
"""

from __future__ import annotations

from ._common import PATIENTS, PATIENTS_2PLUS, admissions_cte, argmax, maker, top_k

T = maker("diagnoses")

# Diagnoses present in the data, by unique (title, version)
TITLES = """
SELECT dd.long_title AS title, dd.icd_version AS version, count(DISTINCT x.subject_id) AS patients
FROM mimiciv_hosp.d_icd_diagnoses dd
JOIN mimiciv_hosp.diagnoses_icd x ON x.icd_code = dd.icd_code AND x.icd_version = dd.icd_version
WHERE (dd.long_title, dd.icd_version) IN (
    SELECT long_title, icd_version FROM mimiciv_hosp.d_icd_diagnoses GROUP BY long_title, icd_version
    HAVING count(*) = 1)
GROUP BY dd.long_title, dd.icd_version
"""
COMMON_TITLES = "SELECT title, version FROM (" + TITLES + ") t WHERE patients >= 3"
PATIENT_TITLES = """
SELECT DISTINCT x.subject_id, t.title, t.version
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = x.icd_code AND dd.icd_version = x.icd_version
JOIN (""" + TITLES + """) t ON t.title = dd.long_title AND t.version = dd.icd_version
"""
KEYWORDS = ("hypertension", "diabetes", "heart failure", "pneumonia", "sepsis", "kidney", "atrial fibrillation",
            "anemia", "obesity", "hyperlipidemia", "depressive", "cirrhosis", "asthma", "dementia")
KEYWORD_PARAMS = ("SELECT v.word FROM (VALUES " + ", ".join(f"('{w}')" for w in KEYWORDS) + ") AS v(word) "
                  "WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.d_icd_diagnoses dd "
                  "ON dd.icd_code = x.icd_code AND dd.icd_version = x.icd_version "
                  "WHERE dd.long_title ILIKE '%' || v.word || '%')")
TITLE_OF = """JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = x.icd_code AND dd.icd_version = x.icd_version"""
NAMED = "\"{title}\" (ICD-{version})"

# Comorbidity groups by ICD code prefix (ICD-9, ICD-10)
COMORBIDITIES = """comorbid AS (
    SELECT x.subject_id,
           max(CASE WHEN (x.icd_version = 9 AND substr(x.icd_code, 1, 3) BETWEEN '401' AND '405')
                      OR (x.icd_version = 10 AND substr(x.icd_code, 1, 3) BETWEEN 'I10' AND 'I16') THEN 1 ELSE 0 END) AS htn,
           max(CASE WHEN (x.icd_version = 9 AND starts_with(x.icd_code, '250'))
                      OR (x.icd_version = 10 AND substr(x.icd_code, 1, 3) BETWEEN 'E08' AND 'E13') THEN 1 ELSE 0 END) AS dm,
           max(CASE WHEN (x.icd_version = 9 AND starts_with(x.icd_code, '428'))
                      OR (x.icd_version = 10 AND starts_with(x.icd_code, 'I50')) THEN 1 ELSE 0 END) AS chf,
           max(CASE WHEN (x.icd_version = 9 AND starts_with(x.icd_code, '585'))
                      OR (x.icd_version = 10 AND starts_with(x.icd_code, 'N18')) THEN 1 ELSE 0 END) AS ckd,
           max(CASE WHEN (x.icd_version = 9 AND substr(x.icd_code, 1, 3) IN ('491', '492', '496'))
                      OR (x.icd_version = 10 AND substr(x.icd_code, 1, 3) IN ('J43', 'J44')) THEN 1 ELSE 0 END) AS copd
    FROM mimiciv_hosp.diagnoses_icd x
    WHERE {where}
    GROUP BY x.subject_id
)"""
COMORBIDITY_NOTE = ("hypertension (ICD-9 401-405, ICD-10 I10-I16), diabetes (ICD-9 250, ICD-10 E08-E13), heart "
                    "failure (ICD-9 428, ICD-10 I50), chronic kidney disease (ICD-9 585, ICD-10 N18) and COPD (ICD-9 "
                    "491, 492, 496, ICD-10 J43, J44), by code prefix")


def comorbidities(where: str = "TRUE") -> str:
    return COMORBIDITIES.replace("{where}", where)


TEMPLATES = [
    # ------------------------------------------------------------------ patient level
    T("patient", "distinct_diagnoses", [
        "How many distinct diagnosis codes (ICD code and version) were recorded for patient {subject_id} across all "
        "admissions?",
        "Count the different ICD diagnoses (code + version) ever billed for patient {subject_id}.",
    ], PATIENTS, """
SELECT count(DISTINCT (x.icd_code, x.icd_version)) AS n
FROM mimiciv_hosp.diagnoses_icd x
WHERE x.subject_id = {subject_id}
""", "number"),

    T("patient", "principal_first_admission", [
        "What was the principal diagnosis (seq_num 1, long title) of patient {subject_id}'s first hospital "
        "admission?",
        "Give the long title of the primary diagnosis coded for patient {subject_id}'s earliest admission.",
    ], PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT dd.long_title
FROM mimiciv_hosp.diagnoses_icd x
JOIN adm ON adm.hadm_id = x.hadm_id AND adm.adm_no = 1
""" + TITLE_OF + """
WHERE x.seq_num = 1
""", "string"),

    T("patient", "ever_diagnosed", [
        "Was patient {subject_id} ever diagnosed with " + NAMED + "?",
        "Does patient {subject_id} have a diagnosis of " + NAMED + " on any admission?",
        "Has " + NAMED + " been coded for patient {subject_id}?",
    ], """
SELECT p.subject_id, t.title, t.version FROM (SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd) p
CROSS JOIN (""" + COMMON_TITLES + """) t
""", """
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE x.subject_id = {subject_id} AND dd.long_title = {title} AND dd.icd_version = {version}
) AS diagnosed
""", "boolean"),

    T("patient", "codes_last_admission", [
        "Which ICD diagnosis codes were recorded for patient {subject_id}'s most recent admission?",
        "List the diagnosis codes (icd_code) billed for patient {subject_id}'s latest hospital admission.",
    ], PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT DISTINCT x.icd_code
FROM mimiciv_hosp.diagnoses_icd x
JOIN adm ON adm.hadm_id = x.hadm_id AND adm.adm_rev = 1
""", "set"),

    T("patient", "first_diagnosed_date", [
        "On what date was patient {subject_id} first admitted with a diagnosis of " + NAMED + " (admission date of "
        "the earliest admission carrying it)?",
        "Give the admission date of the first of patient {subject_id}'s admissions coded with " + NAMED + ".",
    ], PATIENT_TITLES, """
SELECT CAST(min(a.admittime) AS DATE) AS first_date
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
""" + TITLE_OF + """
WHERE x.subject_id = {subject_id} AND dd.long_title = {title} AND dd.icd_version = {version}
""", "date"),

    T("patient", "persistent_diagnoses", [
        "Which diagnoses (long titles) were coded in both patient {subject_id}'s first and most recent admissions?",
        "List the diagnosis titles shared by patient {subject_id}'s earliest and latest hospital admissions.",
    ], PATIENTS_2PLUS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
titled AS (
    SELECT adm.adm_no, adm.adm_rev, dd.long_title
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN adm ON adm.hadm_id = x.hadm_id
    """ + TITLE_OF + """
)
SELECT long_title FROM titled WHERE adm_no = 1
INTERSECT
SELECT long_title FROM titled WHERE adm_rev = 1
""", "set"),

    T("patient", "new_diagnoses_last", [
        "Which diagnoses (long titles) appear in patient {subject_id}'s most recent admission but in none of their "
        "earlier admissions?",
        "List diagnosis titles new at patient {subject_id}'s latest admission (never coded before).",
    ], PATIENTS_2PLUS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
titled AS (
    SELECT adm.adm_rev, dd.long_title
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN adm ON adm.hadm_id = x.hadm_id
    """ + TITLE_OF + """
)
SELECT long_title FROM titled WHERE adm_rev = 1
EXCEPT
SELECT long_title FROM titled WHERE adm_rev > 1
""", "set"),

    T("patient", "keyword_admissions", [
        "In how many of patient {subject_id}'s admissions was a diagnosis whose title contains '{word}' "
        "(case-insensitive) coded?",
        "Count patient {subject_id}'s admissions with at least one diagnosis title mentioning '{word}' (any case).",
    ], "SELECT DISTINCT x.subject_id, v.word FROM mimiciv_hosp.diagnoses_icd x CROSS JOIN (" + KEYWORD_PARAMS + ") v", """
SELECT count(DISTINCT x.hadm_id) AS admissions
FROM mimiciv_hosp.diagnoses_icd x
""" + TITLE_OF + """
WHERE x.subject_id = {subject_id} AND dd.long_title ILIKE '%' || {word} || '%'
""", "number"),

    T("patient", "principal_code_latest", [
        "What ICD code was the principal diagnosis (seq_num 1) of patient {subject_id}'s most recent admission?",
        "Give the icd_code of the primary diagnosis of patient {subject_id}'s latest hospital admission.",
    ], PATIENTS, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """
SELECT x.icd_code
FROM mimiciv_hosp.diagnoses_icd x
JOIN adm ON adm.hadm_id = x.hadm_id AND adm.adm_rev = 1
WHERE x.seq_num = 1
""", "string"),

    T("patient", "max_diagnoses_one_admission", [
        "What is the largest number of diagnoses coded in a single admission of patient {subject_id}?",
        "Across patient {subject_id}'s admissions, how many diagnoses does the admission with the most diagnoses "
        "have?",
    ], PATIENTS, """
WITH per_adm AS (
    SELECT x.hadm_id, count(*) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    WHERE x.subject_id = {subject_id}
    GROUP BY x.hadm_id
)
SELECT max(n) AS most FROM per_adm
""", "number"),

    T("patient", "icd10_chapters", [
        "How many different ICD-10 chapters (first letter of the code) do patient {subject_id}'s ICD-10 diagnoses "
        "span?",
        "Count the distinct first letters of patient {subject_id}'s ICD-10 diagnosis codes.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_version = 10", """
SELECT count(DISTINCT left(x.icd_code, 1)) AS chapters
FROM mimiciv_hosp.diagnoses_icd x
WHERE x.subject_id = {subject_id} AND x.icd_version = 10
""", "number"),

    T("patient", "diagnosis_position", [
        "At which position (seq_num) was " + NAMED + " coded in the first of patient {subject_id}'s admissions that "
        "carries it?",
        "In patient {subject_id}'s earliest admission with " + NAMED + ", what sequence number did that diagnosis "
        "have?",
    ], PATIENT_TITLES, "WITH " + admissions_cte("a.subject_id = {subject_id}") + """,
coded AS (
    SELECT x.seq_num, rank() OVER (ORDER BY adm.admittime, adm.hadm_id) AS rk
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN adm ON adm.hadm_id = x.hadm_id
    """ + TITLE_OF + """
    WHERE dd.long_title = {title} AND dd.icd_version = {version}
)
SELECT min(seq_num) AS position FROM coded WHERE rk = 1
""", "number"),

    T("patient", "comorbidity_count", [
        "How many of these five conditions has patient {subject_id} been diagnosed with: " + COMORBIDITY_NOTE + "?",
        "Count the chronic conditions among " + COMORBIDITY_NOTE + " that appear in patient {subject_id}'s "
        "diagnoses.",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd",
       "WITH " + comorbidities("x.subject_id = {subject_id}") + """
SELECT htn + dm + chf + ckd + copd AS conditions FROM comorbid
""", "number"),

    # ------------------------------------------------------------------ population level
    T("population", "patients_with_diagnosis", [
        "How many patients were diagnosed with " + NAMED + "?",
        "Count the distinct patients with a diagnosis of " + NAMED + ".",
    ], COMMON_TITLES, """
SELECT count(DISTINCT x.subject_id) AS patients
FROM mimiciv_hosp.diagnoses_icd x
""" + TITLE_OF + """
WHERE dd.long_title = {title} AND dd.icd_version = {version}
""", "number"),

    T("population", "top_diagnoses", [
        "What are the {k} most common ICD-{version} diagnoses by number of patients? Give their long titles, most "
        "common first.",
        "List the top {k} ICD-{version} diagnosis titles ranked by distinct patients, in descending order.",
    ], "SELECT DISTINCT icd_version AS version FROM mimiciv_hosp.diagnoses_icd", """
WITH counts AS (
    SELECT dd.long_title, count(DISTINCT x.subject_id) AS patients
    FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE x.icd_version = {version}
    GROUP BY dd.long_title
),
""" + top_k("counts", "long_title", "patients") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "keyword_mortality", [
        "What is the in-hospital mortality (%) of admissions with any diagnosis whose title contains '{word}' "
        "(case-insensitive)? Round to 2 decimal places.",
        "Among admissions coded with a diagnosis mentioning '{word}' (any case), what percentage ended in death in "
        "hospital (2 decimals)?",
    ], KEYWORD_PARAMS, """
WITH hit AS (
    SELECT DISTINCT x.hadm_id
    FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE dd.long_title ILIKE '%' || {word} || '%'
)
SELECT round(100.0 * count(*) FILTER (WHERE a.hospital_expire_flag = 1) / count(*), 2) AS pct
FROM hit JOIN mimiciv_hosp.admissions a ON a.hadm_id = hit.hadm_id
""", "number"),

    T("population", "top_principal_for_type", [
        "What is the most common principal diagnosis (seq_num 1, long title) of '{admission_type}' admissions?",
        "Which diagnosis title is most often primary (seq_num 1) in admissions of type '{admission_type}'?",
    ], "SELECT admission_type FROM mimiciv_hosp.admissions GROUP BY admission_type HAVING count(*) >= 5", """
WITH principal AS (
    SELECT dd.long_title, count(*) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
    """ + TITLE_OF + """
    WHERE x.seq_num = 1 AND a.admission_type = {admission_type}
    GROUP BY dd.long_title
),
""" + argmax("principal", "long_title") + "\n", "string"),

    T("population", "code_lookup", [
        "What is the ICD-{version} code of the diagnosis titled \"{title}\"?",
        "Look up the ICD-{version} diagnosis code whose long title is \"{title}\".",
    ], "SELECT title, version FROM (" + TITLES + ") t", """
SELECT dd.icd_code
FROM mimiciv_hosp.d_icd_diagnoses dd
WHERE dd.long_title = {title} AND dd.icd_version = {version}
""", "string"),

    T("population", "mean_age_with_diagnosis", [
        "What is the mean age at admission of admissions coded with " + NAMED + " (age = anchor_age + admission "
        "year - anchor_year)? Round to 2 decimal places.",
        "Average the admission age (anchor_age + admission year - anchor_year) over admissions with a diagnosis of "
        + NAMED + " (2 decimals).",
    ], COMMON_TITLES, "WITH " + admissions_cte() + """
SELECT round(avg(adm.age), 2) AS mean_age
FROM adm
WHERE adm.hadm_id IN (
    SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE dd.long_title = {title} AND dd.icd_version = {version}
)
""", "number"),

    T("population", "mean_diagnoses_per_admission", [
        "On average, how many diagnoses are coded per admission among admissions coded in ICD-{version}? Round to 2 "
        "decimal places.",
        "For admissions whose diagnoses use ICD-{version}, what is the mean number of diagnosis codes per "
        "admission (2 decimals)?",
    ], "SELECT DISTINCT icd_version AS version FROM mimiciv_hosp.diagnoses_icd", """
WITH per_adm AS (
    SELECT x.hadm_id, count(*) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    WHERE x.icd_version = {version}
    GROUP BY x.hadm_id
)
SELECT round(avg(n), 2) AS mean_diagnoses FROM per_adm
""", "number"),

    T("population", "comorbid_pair", [
        "How many patients have both diagnoses " + NAMED + " and \"{title2}\" (ICD-{version2})?",
        "Count patients diagnosed with " + NAMED + " as well as \"{title2}\" (ICD-{version2}).",
    ], """
WITH c AS (""" + COMMON_TITLES + """)
SELECT a.title, a.version, b.title AS title2, b.version AS version2
FROM c a JOIN c b ON (a.title, a.version) < (b.title, b.version)
""", """
WITH first_dx AS (
    SELECT DISTINCT x.subject_id FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE dd.long_title = {title} AND dd.icd_version = {version}
),
second_dx AS (
    SELECT DISTINCT x.subject_id FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE dd.long_title = {title2} AND dd.icd_version = {version2}
)
SELECT count(*) AS patients FROM first_dx JOIN second_dx ON second_dx.subject_id = first_dx.subject_id
""", "number"),

    T("population", "keyword_readmission", [
        "Among discharges alive from admissions with a diagnosis whose title contains '{word}' (case-insensitive), "
        "what percentage were followed by a readmission within 30 days? Round to 2 decimal places.",
        "For patients discharged alive after an admission coded with a '{word}' diagnosis (any case), what share (%) "
        "was readmitted within 30 days of discharge (2 decimals)?",
    ], KEYWORD_PARAMS, "WITH " + admissions_cte() + """,
seq AS (
    SELECT hadm_id, dischtime, hospital_expire_flag,
           lead(admittime) OVER (PARTITION BY subject_id ORDER BY admittime, hadm_id) AS next_admit
    FROM adm
),
hit AS (
    SELECT DISTINCT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE dd.long_title ILIKE '%' || {word} || '%'
)
SELECT round(100.0 * count(*) FILTER (WHERE seq.next_admit <= seq.dischtime + INTERVAL 30 DAY) / count(*), 2) AS pct
FROM seq JOIN hit ON hit.hadm_id = seq.hadm_id
WHERE coalesce(seq.hospital_expire_flag, 0) = 0
""", "number"),

    T("population", "female_pct_with_diagnosis", [
        "What percentage of patients diagnosed with " + NAMED + " are female? Round to 2 decimal places.",
        "Among patients with a diagnosis of " + NAMED + ", what share (%) has gender 'F' (2 decimals)?",
    ], COMMON_TITLES, """
WITH pts AS (
    SELECT DISTINCT x.subject_id FROM mimiciv_hosp.diagnoses_icd x
    """ + TITLE_OF + """
    WHERE dd.long_title = {title} AND dd.icd_version = {version}
)
SELECT round(100.0 * count(*) FILTER (WHERE p.gender = 'F') / count(*), 2) AS pct
FROM pts JOIN mimiciv_hosp.patients p ON p.subject_id = pts.subject_id
""", "number"),

    T("population", "top_icd10_chapters", [
        "Which {k} ICD-10 chapters (first letter of the code) have the most diagnosis records, most first?",
        "List the top {k} first letters of ICD-10 diagnosis codes by number of diagnoses_icd rows, descending.",
    ], "SELECT 1 AS one FROM mimiciv_hosp.diagnoses_icd WHERE icd_version = 10 LIMIT 1", """
WITH chapters AS (
    SELECT left(x.icd_code, 1) AS chapter, count(*) AS n
    FROM mimiciv_hosp.diagnoses_icd x
    WHERE x.icd_version = 10
    GROUP BY left(x.icd_code, 1)
),
""" + top_k("chapters", "chapter") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "admissions_many_diagnoses", [
        "How many admissions have more than {k} diagnoses coded?",
        "Count the admissions with over {k} diagnosis codes.",
    ], "SELECT 1 AS one", """
WITH per_adm AS (
    SELECT a.hadm_id, count(x.icd_code) AS n
    FROM mimiciv_hosp.admissions a
    LEFT JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = a.hadm_id
    GROUP BY a.hadm_id
)
SELECT count(*) FILTER (WHERE n > {k}) AS admissions FROM per_adm
""", "number", grid={"k": (5, 10, 20, 30)}),

    T("population", "comorbidity_prevalence", [
        "What percentage of patients with any diagnosis have at least {m} of these conditions: " + COMORBIDITY_NOTE
        + "? Round to 2 decimal places.",
        "Among patients with coded diagnoses, what share (%) has {m} or more of " + COMORBIDITY_NOTE + " (2 "
        "decimals)?",
    ], "SELECT 1 AS one", "WITH " + comorbidities() + """
SELECT round(100.0 * count(*) FILTER (WHERE htn + dm + chf + ckd + copd >= {m}) / count(*), 2) AS pct FROM comorbid
""", "number", grid={"m": (1, 2, 3)}),

    T("population", "principal_los", [
        "What is the mean length of stay in days (discharge minus admission time) of admissions whose principal "
        "diagnosis (seq_num 1) is " + NAMED + "? Round to 2 decimal places.",
        "For admissions with " + NAMED + " as primary diagnosis, what is the average length of stay in days (2 "
        "decimals)?",
    ], """
SELECT dd.long_title AS title, dd.icd_version AS version
FROM mimiciv_hosp.diagnoses_icd x
""" + TITLE_OF + """
JOIN (""" + TITLES + """) t ON t.title = dd.long_title AND t.version = dd.icd_version
WHERE x.seq_num = 1
GROUP BY dd.long_title, dd.icd_version HAVING count(*) >= 2
""", "WITH " + admissions_cte() + """
SELECT round(avg(adm.los_days), 2) AS mean_days
FROM adm
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = adm.hadm_id AND x.seq_num = 1
""" + TITLE_OF + """
WHERE dd.long_title = {title} AND dd.icd_version = {version}
""", "number"),
]
