"""Microbiology questions (both levels): cultures, organisms grown and susceptibilities.

A culture is one specimen; it is positive when an organism grew (a cancelled test is no organism).
Cultures are placed in time by their collection date, the one time every culture has; a culture
belongs to an admission when it was collected on a day from the admission date to the discharge
date, whatever admission (if any) it is filed under: many are filed under none.
"""

from __future__ import annotations

from .._common import argmax, first_icu_cte, maker, top_k_untied
from ._sql import admissions

T = maker("labs")

GREW = "m.org_name IS NOT NULL AND m.org_name <> 'CANCELLED'"
ON_ADM_DAYS = ("CAST(m.chartdate AS DATE) BETWEEN CAST(adm.admittime AS DATE) AND CAST(adm.dischtime AS DATE) "
               "AND m.subject_id = adm.subject_id")
SPECIMEN = "NULLIF(m.spec_type_desc, '') IS NOT NULL"

# (subject_id, specimen) with growth in that kind of specimen
PATIENT_SPECIMENS = f"""
SELECT DISTINCT m.subject_id, m.spec_type_desc AS specimen FROM mimiciv_hosp.microbiologyevents m
WHERE {GREW} AND {SPECIMEN}
"""
PATIENTS_CULTURED = "SELECT DISTINCT subject_id FROM mimiciv_hosp.microbiologyevents"
# (subject_id, organism, antibiotic) with a reported susceptibility: resistant and not
PATIENT_SUSCEPTIBILITY = f"""
SELECT DISTINCT m.subject_id, m.org_name AS organism, m.ab_name AS antibiotic FROM mimiciv_hosp.microbiologyevents m
WHERE {GREW} AND m.ab_name IS NOT NULL AND m.interpretation IS NOT NULL
"""
PATIENT_ORGANISMS_TESTED = f"""
SELECT DISTINCT m.subject_id, m.org_name AS organism FROM mimiciv_hosp.microbiologyevents m
WHERE {GREW} AND m.interpretation IS NOT NULL
"""
COMMON_SPECIMENS = f"""
SELECT m.spec_type_desc AS specimen FROM mimiciv_hosp.microbiologyevents m
WHERE {SPECIMEN} AND m.org_name IS DISTINCT FROM 'CANCELLED'
GROUP BY m.spec_type_desc HAVING count(DISTINCT m.micro_specimen_id) >= 10
   AND count(DISTINCT m.micro_specimen_id) FILTER (WHERE {GREW}) >= 3
"""
ORGANISM_ANTIBIOTICS = f"""
SELECT m.org_name AS organism, m.ab_name AS antibiotic FROM mimiciv_hosp.microbiologyevents m
WHERE {GREW} AND m.ab_name IS NOT NULL AND m.interpretation IS NOT NULL
GROUP BY m.org_name, m.ab_name HAVING count(DISTINCT m.micro_specimen_id) >= 5
"""
ANTIBIOTICS = f"""
SELECT m.ab_name AS antibiotic FROM mimiciv_hosp.microbiologyevents m
WHERE {GREW} AND m.ab_name IS NOT NULL AND m.interpretation = 'R'
GROUP BY m.ab_name HAVING count(DISTINCT m.org_name) >= 2
"""


def _cultures(where: str = "TRUE") -> str:
    """Specimens with their collection date and whether they grew anything (cancelled-only specimens left out)."""
    return f"""cultures AS (
    SELECT m.subject_id, m.micro_specimen_id, min(CAST(m.chartdate AS DATE)) AS collected,
           min(m.spec_type_desc) AS specimen, bool_or({GREW}) AS positive
    FROM mimiciv_hosp.microbiologyevents m
    WHERE {where}
    GROUP BY m.subject_id, m.micro_specimen_id
    HAVING bool_or(m.org_name IS DISTINCT FROM 'CANCELLED')
)"""


TEMPLATES = [
    # ------------------------------------------------------------------ patient level
    T("patient", "organisms_during_admissions", [
        "Which organisms grew in patient {subject_id}'s {specimen} cultures collected while they were in hospital? "
        "List each organism once.",
        "List every organism isolated from {specimen} specimens that patient {subject_id} had taken during their "
        "hospital admissions.",
        "What did patient {subject_id}'s inpatient {specimen} cultures grow? Give each organism once.",
    ], PATIENT_SPECIMENS, "WITH " + admissions("a.subject_id = {subject_id}") + """
SELECT DISTINCT m.org_name AS organism
FROM mimiciv_hosp.microbiologyevents m
JOIN adm ON """ + ON_ADM_DAYS + """
WHERE m.spec_type_desc = {specimen} AND """ + GREW + "\n", "set"),

    T("patient", "resistant_antibiotics", [
        "To which antibiotics was the {organism} isolated from patient {subject_id} resistant? List each antibiotic "
        "once.",
        "Which antibiotics did patient {subject_id}'s {organism} test resistant to, on any of their cultures?",
        "List the antibiotics with a resistant result against the {organism} grown from patient {subject_id}.",
    ], PATIENT_ORGANISMS_TESTED, """
SELECT DISTINCT m.ab_name AS antibiotic
FROM mimiciv_hosp.microbiologyevents m
WHERE m.subject_id = {subject_id} AND m.org_name = {organism} AND m.interpretation = 'R' AND m.ab_name IS NOT NULL
""", "set", family="susceptibility_list"),

    T("patient", "susceptible_antibiotics", [
        "To which antibiotics was the {organism} isolated from patient {subject_id} always susceptible (never "
        "resistant or intermediate on any isolate)? List each antibiotic once.",
        "Which antibiotics tested susceptible on every {organism} isolate from patient {subject_id}?",
        "List the antibiotics that patient {subject_id}'s {organism} was susceptible to on all tested isolates.",
    ], PATIENT_ORGANISMS_TESTED, """
SELECT m.ab_name AS antibiotic
FROM mimiciv_hosp.microbiologyevents m
WHERE m.subject_id = {subject_id} AND m.org_name = {organism} AND m.ab_name IS NOT NULL
  AND m.interpretation IS NOT NULL
GROUP BY m.ab_name
HAVING bool_and(m.interpretation = 'S')
""", "set", family="susceptibility_list"),

    T("patient", "ever_resistant", [
        "Has patient {subject_id} ever had a {organism} isolate resistant to {antibiotic}?",
        "Was any {organism} grown from patient {subject_id} reported resistant to {antibiotic}?",
        "Patient {subject_id}: did their {organism} ever test resistant to {antibiotic}?",
    ], PATIENT_SUSCEPTIBILITY, """
SELECT bool_or(m.interpretation = 'R') AS resistant
FROM mimiciv_hosp.microbiologyevents m
WHERE m.subject_id = {subject_id} AND m.org_name = {organism} AND m.ab_name = {antibiotic}
  AND m.interpretation IS NOT NULL
""", "boolean"),

    T("patient", "days_to_first_positive", [
        "How many days after the admission date of patient {subject_id}'s first hospital admission was their first "
        "positive culture of that admission collected?",
        "On patient {subject_id}'s earliest admission, how many calendar days from admission until the first culture "
        "that grew an organism?",
        "Counting from the day patient {subject_id} was first admitted, on which day (0 = the admission day) of that "
        "admission was a culture first positive?",
    ], f"SELECT DISTINCT subject_id FROM mimiciv_hosp.microbiologyevents m WHERE {GREW}",
       "WITH " + admissions("a.subject_id = {subject_id}") + """
SELECT date_diff('day', CAST(min(adm.admittime) AS DATE), min(CAST(m.chartdate AS DATE))) AS days
FROM mimiciv_hosp.microbiologyevents m
JOIN adm ON """ + ON_ADM_DAYS + """
WHERE adm.adm_no = 1 AND """ + GREW + "\n", "number"),

    T("patient", "positive_specimens_latest_admission", [
        "How many positive {specimen} cultures did patient {subject_id} have during their most recent hospital "
        "admission?",
        "During patient {subject_id}'s latest admission, how many {specimen} specimens grew an organism?",
        "Count the {specimen} cultures that came back positive on patient {subject_id}'s most recent hospital "
        "stay.",
    ], PATIENT_SPECIMENS, "WITH " + admissions("a.subject_id = {subject_id}") + ",\n"
       + _cultures("m.subject_id = {subject_id} AND m.spec_type_desc = {specimen}") + """
SELECT count(*) FILTER (WHERE c.positive) AS n_positive
FROM cultures c JOIN adm ON c.subject_id = adm.subject_id
 AND c.collected BETWEEN CAST(adm.admittime AS DATE) AND CAST(adm.dischtime AS DATE)
WHERE adm.adm_rev = 1
""", "number", family="specimens_latest"),

    T("patient", "first_organism", [
        "What organism grew in patient {subject_id}'s first positive {specimen} culture?",
        "Which organism was isolated from the earliest {specimen} specimen of patient {subject_id} that grew "
        "anything?",
        "Patient {subject_id}'s first {specimen} culture with growth: what organism was it?",
    ], PATIENT_SPECIMENS, """
WITH grown AS (
    SELECT m.org_name, dense_rank() OVER (ORDER BY CAST(m.chartdate AS DATE)) AS rk
    FROM mimiciv_hosp.microbiologyevents m
    WHERE m.subject_id = {subject_id} AND m.spec_type_desc = {specimen} AND """ + GREW + """
)
SELECT DISTINCT org_name AS organism FROM grown WHERE rk = 1
""", "string"),

    T("patient", "specimens_sent_latest_admission", [
        "How many microbiology specimens were sent for patient {subject_id} during their most recent admission?",
        "During patient {subject_id}'s latest hospital stay, how many culture specimens were collected (not "
        "counting cancelled ones)?",
        "Count the microbiology samples taken from patient {subject_id} in their most recent admission, excluding "
        "cancelled tests.",
    ], PATIENTS_CULTURED, "WITH " + admissions("a.subject_id = {subject_id}") + ",\n"
       + _cultures("m.subject_id = {subject_id}") + """
SELECT count(*) AS n_specimens
FROM cultures c JOIN adm ON c.subject_id = adm.subject_id
 AND c.collected BETWEEN CAST(adm.admittime AS DATE) AND CAST(adm.dischtime AS DATE)
WHERE adm.adm_rev = 1
""", "number", family="specimens_latest"),

    T("patient", "positive_during_first_icu", [
        "Did patient {subject_id} have a positive culture collected during their first ICU stay (from the day of "
        "ICU admission to the day of ICU discharge)?",
        "Was any culture taken on the days of patient {subject_id}'s first ICU stay positive?",
        "Patient {subject_id}: between the day they first entered the ICU and the day they left it, did any "
        "culture grow an organism?",
    ], "SELECT DISTINCT m.subject_id FROM mimiciv_hosp.microbiologyevents m "
       "JOIN mimiciv_icu.icustays i ON i.subject_id = m.subject_id",
       "WITH " + first_icu_cte("i.subject_id = {subject_id}") + ",\n" + _cultures("m.subject_id = {subject_id}") + """
SELECT coalesce(bool_or(c.positive), FALSE) AS positive
FROM stay LEFT JOIN cultures c
  ON c.collected BETWEEN CAST(stay.intime AS DATE) AND CAST(stay.outtime AS DATE)
WHERE stay.stay_no = 1
""", "boolean"),

    # ------------------------------------------------------------------ population level
    T("population", "top_organism_specimen", [
        "What is the most common organism grown in {specimen} cultures, counted by number of specimens?",
        "Which organism is isolated from the largest number of {specimen} specimens?",
        "Across all {specimen} cultures, which organism grows most often (one count per specimen)?",
    ], COMMON_SPECIMENS, """
WITH orgs AS (
    SELECT m.org_name, count(DISTINCT m.micro_specimen_id) AS n
    FROM mimiciv_hosp.microbiologyevents m
    WHERE m.spec_type_desc = {specimen} AND """ + GREW + """
    GROUP BY m.org_name
),
""" + argmax("orgs", "org_name") + "\n", "string"),

    T("population", "resistance_pct", [
        "What percentage of {organism} isolates tested against {antibiotic} were resistant? Round to 1 decimal "
        "place.",
        "Of the {organism} isolates with a {antibiotic} susceptibility result, what share (%) was resistant, to 1 "
        "decimal?",
        "How often is {organism} resistant to {antibiotic} here: percent of tested isolates, 1 decimal place?",
    ], ORGANISM_ANTIBIOTICS, """
WITH isolates AS (
    SELECT m.micro_specimen_id, m.isolate_num, bool_or(m.interpretation = 'R') AS resistant
    FROM mimiciv_hosp.microbiologyevents m
    WHERE m.org_name = {organism} AND m.ab_name = {antibiotic} AND m.interpretation IS NOT NULL
    GROUP BY m.micro_specimen_id, m.isolate_num
)
SELECT round(100.0 * count(*) FILTER (WHERE resistant) / count(*), 1) AS pct_resistant FROM isolates
""", "number"),

    T("population", "pct_positive_specimen", [
        "What percentage of {specimen} cultures grew an organism (cancelled tests excluded)? Round to 1 decimal "
        "place.",
        "Of all {specimen} specimens sent (not counting cancelled ones), what share (%) was positive, to 1 "
        "decimal?",
        "What is the positivity rate of {specimen} cultures, in percent with 1 decimal, excluding cancelled tests?",
    ], COMMON_SPECIMENS, "WITH " + _cultures("m.spec_type_desc = {specimen}") + """
SELECT round(100.0 * count(*) FILTER (WHERE positive) / count(*), 1) AS pct_positive FROM cultures
""", "number"),

    T("population", "top_organisms_icu", [
        "What are the {k} organisms grown from the most patients in cultures collected during ICU stays (from the "
        "day of ICU admission to the day of ICU discharge), most common first?",
        "List the top {k} organisms isolated in ICU cultures, ranked by number of distinct patients, in descending "
        "order.",
        "Among cultures taken while patients were in the ICU, which {k} organisms affected the most patients? Most "
        "frequent first.",
    ], "SELECT 1 AS one FROM mimiciv_icu.icustays LIMIT 1", "WITH " + first_icu_cte() + """,
orgs AS (
    SELECT m.org_name, count(DISTINCT m.subject_id) AS n
    FROM mimiciv_hosp.microbiologyevents m
    JOIN stay ON stay.subject_id = m.subject_id
     AND CAST(m.chartdate AS DATE) BETWEEN CAST(stay.intime AS DATE) AND CAST(stay.outtime AS DATE)
    WHERE """ + GREW + """
    GROUP BY m.org_name
),
""" + top_k_untied("orgs", "org_name") + "\n", "list", grid={"k": (3, 5)}, rows="k"),

    T("population", "mean_days_to_first_positive", [
        "Across admissions with a positive culture, how many days after the admission date was the first positive "
        "culture collected, on average? Round to 2 decimal places.",
        "On average, on which day of the admission (0 = admission day) is the first positive culture collected, "
        "among admissions that had one? Give 2 decimals.",
        "What is the mean number of days from admission to the first culture that grew an organism, over admissions "
        "with any positive culture (2 decimal places)?",
    ], "SELECT 1 AS one", "WITH " + admissions() + """,
firsts AS (
    SELECT adm.hadm_id, date_diff('day', CAST(min(adm.admittime) AS DATE), min(CAST(m.chartdate AS DATE))) AS days
    FROM mimiciv_hosp.microbiologyevents m
    JOIN adm ON """ + ON_ADM_DAYS + """
    WHERE """ + GREW + """
    GROUP BY adm.hadm_id
)
SELECT round(avg(days), 2) AS mean_days FROM firsts
""", "number"),

    T("population", "mortality_by_culture_result", [
        "Among admissions in which a {specimen} culture was collected, what was the in-hospital mortality (%) of "
        "those with a positive {specimen} culture versus those with only negative ones? Answer one row per group "
        "(positive true/false) with the percentage rounded to 1 decimal place.",
        "Compare in-hospital death rates (%, 1 decimal) between admissions whose {specimen} cultures grew an "
        "organism and admissions whose {specimen} cultures were all negative: one row for each group.",
        "For admissions with at least one {specimen} culture, tabulate whether any grew an organism (true/false) "
        "against the percentage who died in hospital, rounded to 1 decimal.",
    ], COMMON_SPECIMENS, "WITH " + admissions() + ",\n" + _cultures("m.spec_type_desc = {specimen}") + """,
per_adm AS (
    SELECT adm.hadm_id, adm.hospital_expire_flag, bool_or(c.positive) AS positive
    FROM adm JOIN cultures c ON c.subject_id = adm.subject_id
     AND c.collected BETWEEN CAST(adm.admittime AS DATE) AND CAST(adm.dischtime AS DATE)
    GROUP BY adm.hadm_id, adm.hospital_expire_flag
)
SELECT positive, round(100.0 * count(*) FILTER (WHERE hospital_expire_flag = 1) / count(*), 1) AS pct_died
FROM per_adm
GROUP BY positive
ORDER BY positive
""", "table", rows=2),

    T("population", "most_resistant_organism", [
        "Among organisms with at least {min_n} isolates tested against {antibiotic}, which has the highest "
        "percentage of resistant isolates?",
        "Which organism is most often resistant to {antibiotic}, in relative terms, considering only organisms "
        "tested against it at least {min_n} times?",
        "For {antibiotic}, which organism (with {min_n} or more tested isolates) shows the highest resistance "
        "rate?",
    ], ANTIBIOTICS, """
WITH isolates AS (
    SELECT m.org_name, m.micro_specimen_id, m.isolate_num, bool_or(m.interpretation = 'R') AS resistant
    FROM mimiciv_hosp.microbiologyevents m
    WHERE m.ab_name = {antibiotic} AND m.interpretation IS NOT NULL AND """ + GREW + """
    GROUP BY m.org_name, m.micro_specimen_id, m.isolate_num
),
rates AS (
    SELECT org_name, avg(CASE WHEN resistant THEN 1.0 ELSE 0.0 END) AS rate
    FROM isolates GROUP BY org_name HAVING count(*) >= {min_n}
),
""" + argmax("rates", "org_name", "rate") + "\n", "string", grid={"min_n": (3, 5)}),

    T("population", "patients_with_resistant", [
        "How many patients have had a {organism} isolate resistant to {antibiotic}?",
        "Count the patients from whom a {antibiotic}-resistant {organism} was grown.",
        "In how many distinct patients was {organism} reported resistant to {antibiotic}?",
    ], ORGANISM_ANTIBIOTICS, """
SELECT count(DISTINCT m.subject_id) AS n_patients
FROM mimiciv_hosp.microbiologyevents m
WHERE m.org_name = {organism} AND m.ab_name = {antibiotic} AND m.interpretation = 'R'
""", "number"),

    T("population", "pct_admissions_cultured_early", [
        "In what percentage of hospital admissions was a {specimen} culture collected on the day of admission or "
        "the next day? Round to 1 decimal place.",
        "What share (%) of admissions had a {specimen} specimen sent within the first two calendar days (admission "
        "day or the day after), to 1 decimal?",
        "How often is a {specimen} culture taken early in an admission (on the admission day or the following "
        "day)? Give the percentage of all admissions, 1 decimal place.",
    ], COMMON_SPECIMENS, "WITH " + admissions() + ",\n" + _cultures("m.spec_type_desc = {specimen}") + """,
early AS (
    SELECT adm.hadm_id, count(c.micro_specimen_id) AS n
    FROM adm LEFT JOIN cultures c ON c.subject_id = adm.subject_id
     AND c.collected BETWEEN CAST(adm.admittime AS DATE) AND CAST(adm.admittime AS DATE) + 1
     AND c.collected <= CAST(adm.dischtime AS DATE)
    GROUP BY adm.hadm_id
)
SELECT round(100.0 * count(*) FILTER (WHERE n > 0) / count(*), 1) AS pct_admissions FROM early
""", "number"),
]
