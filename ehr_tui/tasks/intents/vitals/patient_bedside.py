"""Vitals, patient level: bedside vital signs charted in the ICU (heart rate, blood pressure, respiratory rate,
SpO2, temperature). Where chartevents is empty (the public demo) these templates have no candidates."""

from __future__ import annotations

from ._sql import (FINDING, FINDING_ROWS, LBS_TO_KG, PLAUSIBLE_JOIN, VITAL, T, chart_candidates, clinic, meets,
                   readings, stays)

PATIENT_VITALS = chart_candidates()
PATIENT_FINDINGS = chart_candidates(FINDING_ROWS)
# patients who showed the finding at some reading (a count question about the rest is nearly always 0)
FINDING_PATIENTS = chart_candidates(FINDING_ROWS, where=meets("c.valuenum", "f.threshold", "f.direction"))
FIRST_STAY = "JOIN stay ON stay.stay_id = c.stay_id AND stay.stay_no = 1"
LAST_STAY = "JOIN stay ON stay.stay_id = c.stay_id AND stay.stay_rev = 1"
OWN = "c.subject_id = {subject_id}"


def _within(hours: str, start: str = "stay.intime") -> str:
    return f"c.charttime >= {start} AND c.charttime < {start} + INTERVAL {hours} HOUR"


def _charted(label: str, extra: str = "") -> str:
    """Candidates: patients with numeric charting of one item (by label)."""
    return ("SELECT DISTINCT c.subject_id FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d "
            f"ON d.itemid = c.itemid {PLAUSIBLE_JOIN}{extra} WHERE d.label = '{label}'")


TEMPLATES = [
    T("patient", "vital_max_window", [
        "What was patient {subject_id}'s highest {vital} ({unit}) in the first {hours} hours of their first ICU stay?",
        "During the first {hours} hours after patient {subject_id} was first admitted to the ICU, what was the peak "
        "{vital} charted, in {unit}?",
        "Give the maximum {vital} ({unit}) recorded for patient {subject_id} within {hours} hours of the start of "
        "their first ICU stay.",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN + " AND " + _within("{hours}"))}
SELECT max(valuenum) AS max_value FROM vals
""", "number", grid={"hours": (6, 24, 48)}, derived=VITAL, family="vital_window_stat"),

    T("patient", "vital_min_window", [
        "What was patient {subject_id}'s lowest {vital} ({unit}) in the first {hours} hours of their first ICU stay?",
        "During the first {hours} hours of patient {subject_id}'s first ICU stay, what was the lowest {vital} "
        "charted, in {unit}?",
        "Give the minimum {vital} ({unit}) recorded for patient {subject_id} within {hours} hours of their first ICU "
        "admission.",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN + " AND " + _within("{hours}"))}
SELECT min(valuenum) AS min_value FROM vals
""", "number", grid={"hours": (6, 24, 48)}, derived=VITAL, family="vital_window_stat"),

    T("patient", "vital_mean_window", [
        "What was patient {subject_id}'s mean {vital} ({unit}) over the first {hours} hours of their most recent ICU "
        "stay, rounded to 1 decimal place?",
        "Averaging every {vital} reading of the first {hours} hours of patient {subject_id}'s latest ICU stay, what "
        "do you get, in {unit} to 1 decimal place?",
        "In the first {hours} hours of patient {subject_id}'s last ICU admission, what was the average {vital} "
        "({unit}, 1 decimal place)?",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(LAST_STAY, OWN + " AND " + _within("{hours}"))}
SELECT round(avg(valuenum), 1) AS mean_value FROM vals
""", "number", grid={"hours": (12, 24)}, derived=VITAL, family="vital_window_stat"),

    T("patient", "finding_count_first_day", [
        "How many readings showing {finding} were charted in the first 24 hours of patient {subject_id}'s most recent "
        "ICU stay?",
        "In the first day (24 hours) of patient {subject_id}'s latest ICU stay, how many charted values met "
        "{finding}?",
        "Count the readings with {finding} during the first 24 hours of patient {subject_id}'s last ICU admission.",
    ], FINDING_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(LAST_STAY, OWN + " AND " + _within("24"))}
SELECT count(*) FILTER (WHERE {meets()}) AS n_readings FROM vals
""", "number", derived=FINDING, family="vital_finding"),

    T("patient", "finding_first_day", [
        "Did patient {subject_id} have {finding} at any reading in the first 24 hours of their first ICU stay?",
        "Within 24 hours of their first ICU admission, was {finding} ever charted for patient {subject_id}?",
        "During the first day of patient {subject_id}'s first ICU stay, did any reading show {finding}?",
    ], PATIENT_FINDINGS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN + " AND " + _within("24"))}
SELECT bool_or({meets()}) AS had_finding FROM vals HAVING count(*) > 0
""", "boolean", derived=FINDING, family="vital_finding"),

    T("patient", "hours_to_first_finding", [
        "How many hours after the start of patient {subject_id}'s first ICU stay was {finding} first charted, rounded "
        "to 1 decimal place?",
        "During patient {subject_id}'s first ICU stay, how long after ICU admission did the first reading with "
        "{finding} come, in hours to 1 decimal place?",
        "Time from first ICU admission to the first recorded {finding} for patient {subject_id}, in hours (1 decimal "
        "place)?",
    ], FINDING_PATIENTS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN)}
SELECT round(date_diff('second', min(stay.intime), min(vals.charttime)) / 3600.0, 1) AS hours
FROM vals JOIN stay ON stay.stay_id = vals.stay_id
WHERE {meets("vals.valuenum")}
HAVING count(*) > 0
""", "number", derived=FINDING),

    T("patient", "vital_rose_over_stay", [
        "Was patient {subject_id}'s last {vital} of their first ICU stay higher than the first one?",
        "During patient {subject_id}'s first ICU stay, did {vital} end higher than it started (last charted reading "
        "against the first)?",
        "Comparing the first and the last {vital} readings of patient {subject_id}'s first ICU stay, was the last "
        "one higher?",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN)},
ordered AS (
    SELECT valuenum,
           row_number() OVER (ORDER BY charttime, valuenum) AS first_k,
           row_number() OVER (ORDER BY charttime DESC, valuenum DESC) AS last_k
    FROM vals
)
SELECT max(valuenum) FILTER (WHERE last_k = 1) > max(valuenum) FILTER (WHERE first_k = 1) AS rose
FROM ordered
HAVING count(*) >= 2
""", "boolean", derived=VITAL, family="vital_trend"),

    T("patient", "vital_change_first_last_day", [
        "By how much did patient {subject_id}'s mean {vital} over the last 24 hours of their first ICU stay differ "
        "from the mean over its first 24 hours (last minus first, {unit}, 1 decimal place)?",
        "Comparing the first and the final 24 hours of patient {subject_id}'s first ICU stay, what is the change in "
        "average {vital} (final-day mean minus first-day mean, {unit}, 1 decimal place)?",
        "How much did patient {subject_id}'s average {vital} change between the first 24 hours and the last 24 "
        "hours before leaving their first ICU stay, in {unit} to 1 decimal place (last minus first)?",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN)},
windows AS (
    SELECT avg(vals.valuenum) FILTER (WHERE vals.charttime < stay.intime + INTERVAL 24 HOUR) AS first_day,
           avg(vals.valuenum) FILTER (WHERE vals.charttime >= stay.outtime - INTERVAL 24 HOUR) AS last_day
    FROM vals JOIN stay ON stay.stay_id = vals.stay_id
)
SELECT round(last_day - first_day, 1) AS change FROM windows
""", "number", derived=VITAL, family="vital_trend"),

    T("patient", "shock_index_max_first_day", [
        "What was patient {subject_id}'s highest shock index (heart rate divided by non-invasive systolic blood "
        "pressure charted at the same time) in the first 24 hours of their first ICU stay, rounded to 2 decimal "
        "places?",
        "Pairing heart rate with the non-invasive systolic pressure charted at the same moment, what was the maximum "
        "shock index for patient {subject_id} during the first 24 hours of their first ICU stay (2 decimal places)?",
        "In the first day of patient {subject_id}'s first ICU stay, what was the peak ratio of heart rate to "
        "simultaneous non-invasive systolic blood pressure, to 2 decimal places?",
    ], _charted("Non Invasive Blood Pressure systolic"), f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN + " AND " + _within("24"), item="'Heart Rate'", name="hr")},
{readings(FIRST_STAY, OWN + " AND " + _within("24"), item="'Non Invasive Blood Pressure systolic'", name="sbp")}
SELECT round(max(hr.valuenum / sbp.valuenum), 2) AS shock_index
FROM hr JOIN sbp ON sbp.stay_id = hr.stay_id AND sbp.charttime = hr.charttime
WHERE sbp.valuenum > 0
""", "number"),

    T("patient", "pulse_pressure_mean", [
        "What was patient {subject_id}'s mean pulse pressure (non-invasive systolic minus diastolic, charted at the "
        "same time) during their most recent ICU stay, in mmHg rounded to 1 decimal place?",
        "Over patient {subject_id}'s latest ICU stay, average the difference between simultaneous non-invasive "
        "systolic and diastolic pressures: what is it in mmHg (1 decimal place)?",
        "During patient {subject_id}'s last ICU admission, what was the average non-invasive pulse pressure in mmHg, "
        "pairing systolic and diastolic readings taken at the same time (1 decimal place)?",
    ], _charted("Non Invasive Blood Pressure diastolic"), f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(LAST_STAY, OWN, item="'Non Invasive Blood Pressure systolic'", name="sbp")},
{readings(LAST_STAY, OWN, item="'Non Invasive Blood Pressure diastolic'", name="dbp")}
SELECT round(avg(sbp.valuenum - dbp.valuenum), 1) AS pulse_pressure
FROM sbp JOIN dbp ON dbp.stay_id = sbp.stay_id AND dbp.charttime = sbp.charttime
""", "number"),

    T("patient", "stay_highest_mean_vital", [
        "Which of patient {subject_id}'s ICU stays had the highest mean {vital}? Give the ICU stay ID.",
        "Across patient {subject_id}'s ICU stays, in which one (stay ID) was the average {vital} highest?",
        "Give the stay ID of the ICU stay in which patient {subject_id}'s {vital} averaged highest.",
    ], chart_candidates(where="c.subject_id IN (SELECT subject_id FROM mimiciv_icu.icustays GROUP BY subject_id "
                              "HAVING count(*) >= 2)"), f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings("JOIN stay ON stay.stay_id = c.stay_id", OWN)},
per_stay AS (SELECT stay_id, avg(valuenum) AS mean_value FROM vals GROUP BY stay_id),
ranked AS (SELECT stay_id, rank() OVER (ORDER BY mean_value DESC) AS rk FROM per_stay)
SELECT stay_id FROM ranked WHERE rk = 1
""", "number", derived=VITAL),

    T("patient", "daily_max_table", [
        "For each of the first 3 days of patient {subject_id}'s first ICU stay (day 1 = the first 24 hours), what was "
        "the highest {vital} ({unit})? Answer as (ICU day, maximum) rows.",
        "Tabulate patient {subject_id}'s peak {vital} ({unit}) per ICU day for days 1 to 3 of their first ICU stay, "
        "counting days in 24-hour blocks from ICU admission.",
        "Day by day over the first 72 hours of patient {subject_id}'s first ICU stay (24-hour blocks from admission), "
        "give the maximum {vital} in {unit}.",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN + " AND " + _within("72"))},
by_day AS (
    SELECT 1 + CAST(floor(date_diff('second', stay.intime, vals.charttime) / 86400.0) AS INTEGER) AS icu_day,
           vals.valuenum
    FROM vals JOIN stay ON stay.stay_id = vals.stay_id
)
SELECT icu_day, max(valuenum) AS max_value FROM by_day GROUP BY icu_day ORDER BY icu_day
""", "table", derived=VITAL),

    T("patient", "last_vital_before_icu_discharge", [
        "What was the last {vital} ({unit}) charted for patient {subject_id} before they left their most recent ICU "
        "stay?",
        "Give the final {vital} reading, in {unit}, of patient {subject_id}'s latest ICU stay.",
        "Just before discharge from their last ICU stay, what was patient {subject_id}'s most recent {vital} "
        "({unit})?",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(LAST_STAY, OWN)},
ranked AS (SELECT valuenum, rank() OVER (ORDER BY charttime DESC) AS rk FROM vals)
SELECT DISTINCT valuenum FROM ranked WHERE rk = 1
""", "number", derived=VITAL, family="vital_point"),

    T("patient", "first_vital_of_icu_stay", [
        "What was the first {vital} ({unit}) charted after patient {subject_id} arrived for their first ICU stay?",
        "Give the earliest {vital} reading, in {unit}, of patient {subject_id}'s first ICU stay.",
        "On admission to their first ICU stay, what was patient {subject_id}'s initial charted {vital} ({unit})?",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN)},
ranked AS (SELECT valuenum, rank() OVER (ORDER BY charttime) AS rk FROM vals)
SELECT DISTINCT valuenum FROM ranked WHERE rk = 1
""", "number", derived=VITAL, family="vital_point"),

    T("patient", "sirs_vital_times", [
        "In the first 24 hours of patient {subject_id}'s first ICU stay, at how many charting times were both the "
        "heart rate above 90 beats per minute and the respiratory rate above 20 breaths per minute?",
        "Count the moments in the first day of patient {subject_id}'s first ICU stay when heart rate (> 90 beats per "
        "minute) and respiratory rate (> 20 breaths per minute) charted together were both raised.",
        "How many simultaneous heart-rate and respiratory-rate readings in the first 24 hours of patient "
        "{subject_id}'s first ICU stay had heart rate over 90 beats per minute and respiratory rate over 20 breaths "
        "per minute?",
    ], _charted("Respiratory Rate"), f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN + " AND " + _within("24"), item="'Heart Rate'", name="hr")},
{readings(FIRST_STAY, OWN + " AND " + _within("24"), item="'Respiratory Rate'", name="rr")}
SELECT count(DISTINCT hr.charttime) AS n_times
FROM hr JOIN rr ON rr.stay_id = hr.stay_id AND rr.charttime = hr.charttime
WHERE hr.valuenum > 90 AND rr.valuenum > 20
""", "number"),

    T("patient", "vital_mean_before_icu_discharge", [
        "What was patient {subject_id}'s mean {vital} ({unit}) in the last {hours} hours before leaving their most "
        "recent ICU stay, rounded to 1 decimal place?",
        "Over the final {hours} hours of patient {subject_id}'s latest ICU stay, what was the average {vital}, in "
        "{unit} to 1 decimal place?",
        "Before discharge from their last ICU stay, how high was patient {subject_id}'s {vital} on average over the "
        "last {hours} hours ({unit}, 1 decimal place)?",
    ], PATIENT_VITALS, f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(LAST_STAY, OWN + " AND c.charttime >= stay.outtime - INTERVAL {hours} HOUR AND c.charttime <= stay.outtime")}
SELECT round(avg(valuenum), 1) AS mean_value FROM vals
""", "number", grid={"hours": (6, 12)}, derived=VITAL),

    T("patient", "map_before_norepinephrine", [
        "What was patient {subject_id}'s lowest non-invasive mean arterial pressure in the {hours} hours before their "
        "first norepinephrine infusion was started, in mmHg?",
        "In the {hours} hours leading up to the start of patient {subject_id}'s first norepinephrine infusion in the "
        "ICU, what was the minimum non-invasive mean arterial pressure (mmHg)?",
        "Before norepinephrine was first started for patient {subject_id}, how low did their non-invasive mean "
        "arterial pressure go in the preceding {hours} hours (mmHg)?",
    ], """
SELECT DISTINCT ie.subject_id FROM mimiciv_icu.inputevents ie
JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
WHERE d.label = 'Norepinephrine' AND EXISTS (
    SELECT 1 FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d2 ON d2.itemid = c.itemid
    WHERE c.stay_id = ie.stay_id AND d2.label = 'Non Invasive Blood Pressure mean')
""", f"""
WITH first_norepi AS (
    SELECT min(ie.starttime) AS started
    FROM mimiciv_icu.inputevents ie JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
    WHERE ie.subject_id = {{subject_id}} AND d.label = 'Norepinephrine'
),
{readings("CROSS JOIN first_norepi n", OWN + " AND c.charttime >= n.started - INTERVAL {hours} HOUR "
          "AND c.charttime < n.started", item="'Non Invasive Blood Pressure mean'")}
SELECT min(valuenum) AS min_map FROM vals
""", "number", grid={"hours": (6, 12)}),

    T("patient", "blood_culture_after_fever", [
        "Was a blood culture (not cancelled) taken from patient {subject_id} within 24 hours after their first fever "
        "(temperature above 100.4 °F) in the ICU?",
        "After the first ICU temperature reading above 100.4 °F for patient {subject_id}, was a blood culture drawn "
        "within the next 24 hours (cancelled cultures not counted)?",
        "Did patient {subject_id} have a blood culture sent, and not cancelled, in the 24 hours following their first "
        "charted ICU temperature over 100.4 °F?",
    ], _charted("Temperature Fahrenheit", extra="") + " AND c.valuenum > 100.4", f"""
WITH {readings("", OWN, item="'Temperature Fahrenheit'")},
first_fever AS (SELECT min(charttime) AS fever_at FROM vals WHERE valuenum > 100.4)
SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.microbiologyevents m
    WHERE m.subject_id = {{subject_id}} AND m.spec_type_desc = 'BLOOD CULTURE'
      AND coalesce(m.org_name, '') <> 'CANCELLED'
      AND m.charttime >= f.fever_at AND m.charttime <= f.fever_at + INTERVAL 24 HOUR
) AS culture_taken
FROM first_fever f WHERE f.fever_at IS NOT NULL
""", "boolean"),

    T("patient", "icu_weight_vs_clinic_weight", [
        "How much did patient {subject_id}'s admission weight charted at their first ICU stay differ from their last "
        "clinic weight on or before the date of that hospital admission (ICU minus clinic, kg, 1 decimal place)?",
        "Compare patient {subject_id}'s ICU admission weight on their first ICU stay with the most recent clinic "
        "weight up to the day of that hospital admission: ICU weight minus clinic weight, in kg to 1 decimal place?",
        "By how many kilograms (1 decimal place) did the admission weight charted in patient {subject_id}'s first "
        "ICU stay exceed their last outpatient weight recorded no later than that admission's date?",
    ], _charted("Admission Weight (Kg)", " JOIN mimiciv_hosp.omr o ON o.subject_id = c.subject_id "
                "AND o.result_name = 'Weight (Lbs)'"), f"""
WITH {stays("i.subject_id = {subject_id}")},
{readings(FIRST_STAY, OWN, item="'Admission Weight (Kg)'")},
icu_weight AS (
    SELECT vals.valuenum AS kg, CAST(a.admittime AS DATE) AS admit_date,
           row_number() OVER (ORDER BY vals.charttime, vals.valuenum) AS k
    FROM vals JOIN stay ON stay.stay_id = vals.stay_id
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = stay.hadm_id
),
{clinic("Weight (Lbs)", "o.subject_id = {subject_id}")},
last_clinic AS (
    SELECT m.value * {LBS_TO_KG} AS kg,
           row_number() OVER (ORDER BY m.chartdate DESC, m.seq_num DESC) AS k
    FROM m JOIN icu_weight w ON w.k = 1 AND m.chartdate <= w.admit_date
)
SELECT round(w.kg - c.kg, 1) AS diff_kg
FROM icu_weight w JOIN last_clinic c ON c.k = 1
WHERE w.k = 1
""", "number", family="icu_vs_clinic_weight"),
]
