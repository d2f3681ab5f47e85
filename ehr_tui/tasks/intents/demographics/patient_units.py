"""Demographics, patient level: where the patient was cared for (care units, services, the ED, ICU stays)."""

from __future__ import annotations

from .._common import PATIENTS, condition_patients, first_coded_admission, has_condition
from ._sql import WARD, T, adm

COND = ("icd9", "icd10")

ED_PATIENTS = "SELECT DISTINCT subject_id FROM mimiciv_hosp.admissions WHERE edregtime IS NOT NULL"

TEMPLATES = [
    T("patient", "careunit_sequence", [
        "In order, which care units did patient {subject_id} move through during their first admission (a unit "
        "entered twice in a row counted once)?",
        "Give the chronological sequence of units patient {subject_id} stayed in during their first hospital "
        "admission, collapsing consecutive stays in the same unit.",
        "Trace patient {subject_id}'s path through the hospital on their first admission: which units, in order, "
        "with immediate repeats of a unit merged?",
    ], PATIENTS, f"""
WITH {adm("a.subject_id = {subject_id}")},
moves AS (
    SELECT t.careunit, t.intime, t.transfer_id,
           lag(t.careunit) OVER (ORDER BY t.intime, t.transfer_id) AS prev_unit
    FROM mimiciv_hosp.transfers t
    JOIN adm ON adm.hadm_id = t.hadm_id AND adm.adm_no = 1
    WHERE {WARD}
)
SELECT careunit FROM moves
WHERE prev_unit IS NULL OR prev_unit <> careunit
ORDER BY intime, transfer_id
""", "list", family="unit_path"),

    T("patient", "unit_path_condition", [
        "In order, which care units did patient {subject_id} move through during their first admission with "
        "{condition} (a unit entered twice in a row counted once)?",
        "Trace patient {subject_id}'s path through the hospital during the first stay in which {condition} was "
        "diagnosed: which units, in time order, with immediate repeats merged?",
        "Give the chronological sequence of wards and units for patient {subject_id}'s first admission coded with "
        "{condition}, collapsing consecutive stays in the same unit.",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
moves AS (
    SELECT t.careunit, t.intime, t.transfer_id,
           lag(t.careunit) OVER (ORDER BY t.intime, t.transfer_id) AS prev_unit
    FROM mimiciv_hosp.transfers t
    JOIN first_coded f ON f.hadm_id = t.hadm_id
    WHERE {WARD}
)
SELECT careunit FROM moves
WHERE prev_unit IS NULL OR prev_unit <> careunit
ORDER BY intime, transfer_id
""", "list", derived=COND, family="unit_path"),

    T("patient", "ward_moves_condition_admission", [
        "How many times was patient {subject_id} moved between units during their first admission with {condition} "
        "(transfers after the first unit)?",
        "During the first hospital stay in which {condition} was diagnosed, how many inter-unit transfers did patient "
        "{subject_id} have?",
        "On their first admission coded with {condition}, how often was patient {subject_id} transferred from one care "
        "unit to another?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT count(t.transfer_id) AS n_transfers
FROM first_coded f LEFT JOIN mimiciv_hosp.transfers t ON t.hadm_id = f.hadm_id AND t.eventtype = 'transfer'
""", "number", derived=COND, family="unit_path"),

    T("patient", "first_unit_after_ed", [
        "For patient {subject_id}'s first admission through the emergency department, which unit did they go to "
        "when they left the ED?",
        "On the first occasion patient {subject_id} was admitted via the ED, what was the first care unit after the "
        "emergency department?",
        "Where in the hospital was patient {subject_id} sent after the ED on their first emergency-department "
        "admission?",
    ], ED_PATIENTS, f"""
WITH {adm("a.subject_id = {subject_id} AND a.edregtime IS NOT NULL", name="ed_adm")},
moves AS (
    SELECT t.careunit, t.eventtype,
           lag(t.eventtype) OVER (ORDER BY t.intime, t.transfer_id) AS prev_event,
           row_number() OVER (ORDER BY t.intime, t.transfer_id) AS k
    FROM mimiciv_hosp.transfers t
    JOIN ed_adm ON ed_adm.hadm_id = t.hadm_id AND ed_adm.adm_no = 1
    WHERE {WARD}
),
after_ed AS (SELECT careunit, k FROM moves WHERE prev_event = 'ED' AND eventtype <> 'ED')
SELECT careunit FROM after_ed ORDER BY k LIMIT 1
""", "string"),

    T("patient", "services_condition_admission", [
        "Which hospital services was patient {subject_id} under, in time order, during their first admission with "
        "{condition}?",
        "List in order the clinical services responsible for patient {subject_id} during the first hospital stay in "
        "which {condition} was diagnosed.",
        "During patient {subject_id}'s first admission coded with {condition}, which services (for example MED or "
        "SURG) cared for them, in the order they took over?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT s.curr_service
FROM mimiciv_hosp.services s
JOIN first_coded f ON f.hadm_id = s.hadm_id
ORDER BY s.transfertime, s.curr_service
""", "list", derived=COND, family="condition_services"),

    T("patient", "services_across_condition_admissions", [
        "How many different hospital services cared for patient {subject_id} across all their admissions with "
        "{condition}?",
        "Counting every hospital stay in which patient {subject_id} was diagnosed with {condition}, how many distinct "
        "clinical services were they under?",
        "Over patient {subject_id}'s admissions coded with {condition}, how many different services (such as MED, "
        "SURG or CMED) took responsibility for them?",
    ], condition_patients(), f"""
WITH coded AS (
    SELECT DISTINCT dx.hadm_id FROM mimiciv_hosp.diagnoses_icd dx
    WHERE dx.subject_id = {{subject_id}} AND {has_condition()}
)
SELECT count(DISTINCT s.curr_service) AS n_services
FROM mimiciv_hosp.services s JOIN coded ON coded.hadm_id = s.hadm_id
""", "number", derived=COND, family="condition_services"),

    T("patient", "condition_admission_phases", [
        "Break down patient {subject_id}'s first admission with {condition}: hours in the emergency department "
        "beforehand (0 if not admitted via the ED), hours in intensive care (0 if none) and total length of stay in "
        "hours. Give the three numbers to 1 decimal place.",
        "For the first hospital stay in which {condition} was diagnosed, how many hours did patient {subject_id} "
        "spend in the ED (0 without an ED visit), how many in the ICU (0 without ICU care), and how many hours did "
        "the admission last? Each to 1 decimal place.",
        "Patient {subject_id}'s first admission coded with {condition}: ED hours before admission, ICU hours and "
        "hospital hours, each rounded to 1 decimal place (0 for ED or ICU when there was none).",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
icu AS (
    SELECT f.hadm_id, sum(date_diff('second', i.intime, i.outtime)) AS icu_s
    FROM first_coded f LEFT JOIN mimiciv_icu.icustays i ON i.hadm_id = f.hadm_id
    GROUP BY f.hadm_id
)
SELECT round(coalesce(date_diff('second', f.edregtime, f.edouttime), 0) / 3600.0, 1) AS ed_hours,
       round(coalesce(icu.icu_s, 0) / 3600.0, 1) AS icu_hours,
       round(date_diff('second', f.admittime, f.dischtime) / 3600.0, 1) AS hospital_hours
FROM first_coded f JOIN icu ON icu.hadm_id = f.hadm_id
""", "table", derived=COND),

    T("patient", "ed_hours_first_visit", [
        "How many hours did patient {subject_id} spend in the emergency department before their first admission "
        "through the ED, rounded to 1 decimal place?",
        "On patient {subject_id}'s first ED-to-hospital admission, how long were they in the ED, in hours to 1 "
        "decimal place?",
        "What was the ED length of stay, in hours (1 decimal place), at patient {subject_id}'s first admission via "
        "the emergency department?",
    ], ED_PATIENTS, f"""
WITH {adm("a.subject_id = {subject_id} AND a.edregtime IS NOT NULL AND a.edouttime IS NOT NULL", name="ed_adm")}
SELECT round(date_diff('second', edregtime, edouttime) / 3600.0, 1) AS ed_hours FROM ed_adm WHERE adm_no = 1
""", "number", family="ed_time"),

    T("patient", "ed_returns_after_discharge", [
        "How many times did patient {subject_id} come back to the emergency department without being admitted "
        "within {days} days after a hospital discharge?",
        "Count patient {subject_id}'s ED visits that did not lead to admission and happened within {days} days of "
        "leaving hospital.",
        "On how many occasions was patient {subject_id} seen in the ED and not admitted in the {days} days after one "
        "of their hospital discharges?",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.transfers WHERE eventtype = 'ED' AND hadm_id IS NULL", """
WITH discharges AS (
    SELECT a.dischtime FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.dischtime IS NOT NULL
),
ed_only AS (
    SELECT t.transfer_id, t.intime FROM mimiciv_hosp.transfers t
    WHERE t.subject_id = {subject_id} AND t.eventtype = 'ED' AND t.hadm_id IS NULL
)
SELECT count(*) AS n_visits FROM ed_only e
WHERE EXISTS (SELECT 1 FROM discharges d
              WHERE e.intime >= d.dischtime AND e.intime <= d.dischtime + INTERVAL {days} DAY)
""", "number", grid={"days": (30, 365)}),

    T("patient", "careunit_hours", [
        "How many hours in total has patient {subject_id} spent in the '{careunit}' unit, counting every visit, "
        "rounded to 1 decimal place?",
        "Across all their visits, including ones without a hospital admission, how long was patient {subject_id} "
        "in '{careunit}', in hours to 1 decimal place?",
        "Sum up patient {subject_id}'s time in the '{careunit}' unit over all visits: how many hours is it (1 "
        "decimal place)?",
    ], "SELECT DISTINCT t.subject_id, t.careunit FROM mimiciv_hosp.transfers t "
       "WHERE t.careunit IS NOT NULL AND lower(t.careunit) <> 'unknown' AND t.outtime IS NOT NULL", """
SELECT round(sum(date_diff('second', t.intime, t.outtime)) / 3600.0, 1) AS hours
FROM mimiciv_hosp.transfers t
WHERE t.subject_id = {subject_id} AND t.careunit = {careunit} AND t.outtime IS NOT NULL
""", "number"),

    T("patient", "ward_moves_longest_admission", [
        "During patient {subject_id}'s longest hospital admission, how many times were they moved between units "
        "(transfers after the first unit)?",
        "How many inter-unit transfers did patient {subject_id} have during the longest of their hospital stays?",
        "On their longest admission, how often was patient {subject_id} moved from one care unit to another?",
    ], "SELECT subject_id FROM mimiciv_hosp.admissions GROUP BY subject_id HAVING count(*) >= 2", """
WITH los AS (
    SELECT a.hadm_id, rank() OVER (ORDER BY a.dischtime - a.admittime DESC) AS rk
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.dischtime IS NOT NULL
),
longest AS (SELECT hadm_id FROM los WHERE rk = 1),
moves AS (
    SELECT t.hadm_id, count(*) FILTER (WHERE t.eventtype = 'transfer') AS n
    FROM mimiciv_hosp.transfers t
    WHERE t.hadm_id IN (SELECT hadm_id FROM longest)
    GROUP BY t.hadm_id
)
SELECT n AS n_transfers FROM longest JOIN moves ON moves.hadm_id = longest.hadm_id
""", "number", family="longest_admission_units"),

    T("patient", "most_time_unit_longest_admission", [
        "During patient {subject_id}'s longest hospital admission, in which care unit did they spend the most "
        "hours?",
        "On the longest of patient {subject_id}'s hospital stays, which ward or unit accounted for the most time?",
        "Which unit did patient {subject_id} spend the longest total time in during their longest admission?",
    ], "SELECT subject_id FROM mimiciv_hosp.admissions GROUP BY subject_id HAVING count(*) >= 2", f"""
WITH los AS (
    SELECT a.hadm_id, rank() OVER (ORDER BY a.dischtime - a.admittime DESC) AS rk
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.dischtime IS NOT NULL
),
unit_time AS (
    SELECT t.careunit, sum(date_diff('second', t.intime, t.outtime)) AS secs
    FROM mimiciv_hosp.transfers t
    JOIN los ON los.hadm_id = t.hadm_id AND los.rk = 1
    WHERE {WARD} AND t.outtime IS NOT NULL
    GROUP BY t.careunit
),
ranked AS (SELECT careunit, rank() OVER (ORDER BY secs DESC) AS rk FROM unit_time)
SELECT careunit FROM ranked WHERE rk = 1
""", "string", family="longest_admission_units"),

    T("patient", "most_time_unit_condition_admission", [
        "During patient {subject_id}'s first admission with {condition}, in which care unit did they spend the most "
        "hours?",
        "On the first hospital stay in which {condition} was diagnosed, which ward or unit did patient {subject_id} "
        "spend the longest total time in?",
        "Which unit accounted for most of patient {subject_id}'s time during their first admission coded with "
        "{condition}?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
unit_time AS (
    SELECT t.careunit, sum(date_diff('second', t.intime, t.outtime)) AS secs
    FROM mimiciv_hosp.transfers t JOIN first_coded f ON f.hadm_id = t.hadm_id
    WHERE {WARD} AND t.outtime IS NOT NULL
    GROUP BY t.careunit
),
ranked AS (SELECT careunit, rank() OVER (ORDER BY secs DESC) AS rk FROM unit_time)
SELECT careunit FROM ranked WHERE rk = 1
""", "string", derived=COND, family="longest_admission_units"),

    T("patient", "units_count_condition_admission", [
        "How many different care units did patient {subject_id} stay in during their first admission with "
        "{condition}?",
        "During the first hospital stay in which {condition} was diagnosed, through how many distinct wards or units "
        "did patient {subject_id} pass?",
        "Count the distinct units patient {subject_id} was cared for in on their first admission coded with "
        "{condition}.",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT count(DISTINCT t.careunit) AS n_units
FROM mimiciv_hosp.transfers t JOIN first_coded f ON f.hadm_id = t.hadm_id
WHERE {WARD}
""", "number", derived=COND, family="unit_path"),

    T("patient", "ed_hours_condition_admission", [
        "How many hours did patient {subject_id} spend in the emergency department before their first admission "
        "with {condition}, rounded to 1 decimal place?",
        "On the first hospital stay in which {condition} was diagnosed, how long was patient {subject_id} in the ED "
        "beforehand, in hours to 1 decimal place?",
        "For patient {subject_id}'s first admission coded with {condition}, what was the time from ED registration to "
        "leaving the ED, in hours (1 decimal place)?",
    ], condition_patients(" JOIN mimiciv_hosp.admissions a ON a.hadm_id = dx.hadm_id WHERE a.edregtime IS NOT NULL"),
    f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()}
SELECT round(date_diff('second', edregtime, edouttime) / 3600.0, 1) AS ed_hours
FROM first_coded WHERE edregtime IS NOT NULL AND edouttime IS NOT NULL
""", "number", derived=COND, family="ed_time"),

    T("patient", "ed_admissions_table", [
        "For each of patient {subject_id}'s admissions through the emergency department, in time order, give the "
        "admission ID, the hours spent in the ED (1 decimal place), the hours from ED registration to the first ICU "
        "stay (1 decimal place, empty if no ICU stay) and whether they died in hospital.",
        "List patient {subject_id}'s ED admissions oldest first as rows of (admission ID, ED hours to 1 decimal place, "
        "hours from ED arrival to ICU to 1 decimal place or nothing without ICU care, died in hospital yes/no).",
        "Summarise each admission of patient {subject_id} that began in the emergency department: admission ID, ED "
        "length of stay in hours (1 decimal place), time from ED registration to the first ICU admission in hours (1 "
        "decimal place, blank if none) and in-hospital death.",
    ], ED_PATIENTS, """
WITH ed_adm AS (
    SELECT a.hadm_id, a.admittime, a.edregtime, a.edouttime, a.hospital_expire_flag
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {subject_id} AND a.edregtime IS NOT NULL
),
first_icu AS (
    SELECT i.hadm_id, min(i.intime) AS first_in
    FROM mimiciv_icu.icustays i JOIN ed_adm e ON e.hadm_id = i.hadm_id
    GROUP BY i.hadm_id
)
SELECT e.hadm_id, round(date_diff('second', e.edregtime, e.edouttime) / 3600.0, 1) AS ed_hours,
       round(date_diff('second', e.edregtime, f.first_in) / 3600.0, 1) AS hours_to_icu,
       coalesce(e.hospital_expire_flag = 1, FALSE) AS died_in_hospital
FROM ed_adm e LEFT JOIN first_icu f ON f.hadm_id = e.hadm_id
ORDER BY e.admittime, e.hadm_id
""", "table", ordered=True, family="ed_time"),

    T("patient", "discharge_service_condition_admission", [
        "Which hospital service was patient {subject_id} under when they were discharged from their first admission "
        "with {condition} (the last service of that stay)?",
        "At the end of the first hospital stay in which {condition} was diagnosed, which clinical service was "
        "responsible for patient {subject_id}?",
        "What was the last service patient {subject_id} was under during their first admission coded with "
        "{condition}?",
    ], condition_patients(), f"""
WITH {adm("a.subject_id = {subject_id}")},
{first_coded_admission()},
svc AS (
    SELECT s.curr_service, rank() OVER (ORDER BY s.transfertime DESC) AS rk
    FROM mimiciv_hosp.services s JOIN first_coded f ON f.hadm_id = s.hadm_id
    WHERE s.transfertime <= f.dischtime
)
SELECT curr_service FROM svc WHERE rk = 1
""", "string", derived=COND, family="condition_services"),

    T("patient", "unit_of_death", [
        "In which care unit did patient {subject_id} die?",
        "Patient {subject_id} died in hospital: which ward or unit were they in at the time of death?",
        "Where in the hospital (which unit) was patient {subject_id} when they died?",
    ], "SELECT DISTINCT subject_id FROM mimiciv_hosp.admissions WHERE hospital_expire_flag = 1 "
       "AND deathtime IS NOT NULL", f"""
WITH death AS (
    SELECT a.hadm_id, a.deathtime FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = {{subject_id}} AND a.hospital_expire_flag = 1 AND a.deathtime IS NOT NULL
),
last_unit AS (
    SELECT t.careunit, rank() OVER (ORDER BY t.intime DESC) AS rk
    FROM mimiciv_hosp.transfers t JOIN death d ON d.hadm_id = t.hadm_id
    WHERE {WARD} AND t.intime <= d.deathtime
)
SELECT DISTINCT careunit FROM last_unit WHERE rk = 1
""", "string"),

    T("patient", "unit_at_first_prescription", [
        "In which care unit was patient {subject_id} when {drug} was first started for them?",
        "Where in the hospital (which ward or unit) was patient {subject_id} at the time of their first {drug} "
        "prescription's start?",
        "Which unit was patient {subject_id} staying in when their earliest {drug} order began?",
    ], "SELECT DISTINCT rx.subject_id, rx.drug FROM mimiciv_hosp.prescriptions rx "
       "WHERE rx.drug IS NOT NULL AND rx.drug <> '' AND rx.starttime IS NOT NULL", f"""
WITH first_rx AS (
    SELECT rx.hadm_id, min(rx.starttime) AS started
    FROM mimiciv_hosp.prescriptions rx
    WHERE rx.subject_id = {{subject_id}} AND rx.drug = {{drug}} AND rx.starttime IS NOT NULL
    GROUP BY rx.hadm_id
    ORDER BY started LIMIT 1
)
SELECT DISTINCT t.careunit
FROM mimiciv_hosp.transfers t JOIN first_rx f ON f.hadm_id = t.hadm_id
WHERE {WARD} AND t.intime <= f.started AND (t.outtime > f.started OR t.outtime IS NULL)
""", "string"),
]
