"""SQL pieces of the vital-sign templates: bedside vital signs by name, abnormal findings, clinic measurements."""

from __future__ import annotations

from .._common import maker

T = maker("vitals")

# Bedside vital signs: the name a question uses, the ICU item dictionary label, the unit it is charted in
VITAL_SIGNS = (
    ("heart rate", "Heart Rate", "beats per minute"),
    ("respiratory rate", "Respiratory Rate", "breaths per minute"),
    ("SpO2", "O2 saturation pulseoxymetry", "%"),
    ("non-invasive systolic blood pressure", "Non Invasive Blood Pressure systolic", "mmHg"),
    ("non-invasive diastolic blood pressure", "Non Invasive Blood Pressure diastolic", "mmHg"),
    ("non-invasive mean arterial pressure", "Non Invasive Blood Pressure mean", "mmHg"),
    ("arterial-line systolic blood pressure", "Arterial Blood Pressure systolic", "mmHg"),
    ("arterial-line diastolic blood pressure", "Arterial Blood Pressure diastolic", "mmHg"),
    ("arterial-line mean arterial pressure", "Arterial Blood Pressure mean", "mmHg"),
    ("temperature", "Temperature Fahrenheit", "°F"),
)
# Abnormal findings: the words a question uses (threshold included), the vital sign, threshold, direction
FINDINGS = (
    ("tachycardia (heart rate above 100 beats per minute)", "Heart Rate", 100, "above"),
    ("bradycardia (heart rate below 60 beats per minute)", "Heart Rate", 60, "below"),
    ("tachypnoea (respiratory rate above 20 breaths per minute)", "Respiratory Rate", 20, "above"),
    ("hypoxaemia (SpO2 below 90%)", "O2 saturation pulseoxymetry", 90, "below"),
    ("hypotension (non-invasive systolic blood pressure below 90 mmHg)", "Non Invasive Blood Pressure systolic", 90,
     "below"),
    ("a low mean arterial pressure (non-invasive mean below 65 mmHg)", "Non Invasive Blood Pressure mean", 65,
     "below"),
    ("severe hypertension (non-invasive systolic blood pressure above 180 mmHg)",
     "Non Invasive Blood Pressure systolic", 180, "above"),
    ("fever (temperature above 100.4 °F)", "Temperature Fahrenheit", 100.4, "above"),
)


# Plausible ranges (low exclusive, high inclusive): readings outside are charting errors and are ignored (the
# ranges of the MIMIC code repository's vital-sign concept; weights and heights by the same reasoning)
PLAUSIBLE_CHART = (
    ("Heart Rate", 0, 300), ("Respiratory Rate", 0, 70), ("O2 saturation pulseoxymetry", 0, 100),
    ("Non Invasive Blood Pressure systolic", 0, 400), ("Non Invasive Blood Pressure diastolic", 0, 300),
    ("Non Invasive Blood Pressure mean", 0, 300), ("Arterial Blood Pressure systolic", 0, 400),
    ("Arterial Blood Pressure diastolic", 0, 300), ("Arterial Blood Pressure mean", 0, 300),
    ("Temperature Fahrenheit", 70, 120), ("Admission Weight (Kg)", 20, 300),
)
PLAUSIBLE_CLINIC = {"Weight (Lbs)": (50, 700), "Height (Inches)": (36, 96), "BMI (kg/m2)": (10, 100)}
PLAUSIBLE_BP = {"systolic": (50, 300), "diastolic": (20, 200)}


def _q(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


VITALS = ("SELECT * FROM (VALUES " + ", ".join(f"({_q(v)}, {_q(i)}, {_q(u)})" for v, i, u in VITAL_SIGNS)
          + ") AS v(vital, item, unit)")
FINDING_ROWS = ("SELECT * FROM (VALUES " + ", ".join(f"({_q(f)}, {_q(i)}, {t}, {_q(d)})" for f, i, t, d in FINDINGS)
                + ") AS f(finding, item, threshold, direction)")
PLAUSIBLE = ("SELECT * FROM (VALUES " + ", ".join(f"({_q(i)}, {lo}, {hi})" for i, lo, hi in PLAUSIBLE_CHART)
             + ") AS ok(label, low, high)")
# Joins a chartevents row ``c`` (with its d_items row ``d``) to its plausible range; implausible readings drop out
PLAUSIBLE_JOIN = f"JOIN ({PLAUSIBLE}) ok ON ok.label = d.label AND c.valuenum > ok.low AND c.valuenum <= ok.high"
VITAL = ("item",)                                   # a question names {vital}; the SQL uses its label
FINDING = ("item", "threshold", "direction")        # a question names {finding}; the SQL its parts


def meets(value: str = "valuenum", threshold: str = "{threshold}", direction: str = "{direction}") -> str:
    """SQL: the reading ``value`` shows the finding (above or below its threshold)."""
    return f"CASE WHEN {direction} = 'above' THEN {value} > {threshold} ELSE {value} < {threshold} END"


def chart_candidates(rows: str = VITALS, per: str = "c.subject_id", where: str = "TRUE") -> str:
    """Candidates: (per..., the vital-sign or finding columns) wherever that vital sign has numeric charting."""
    cols = "v.*" if rows is VITALS else "f.*"
    alias = "v" if rows is VITALS else "f"
    return f"""
SELECT DISTINCT {per}, {cols}
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
{PLAUSIBLE_JOIN}
JOIN ({rows}) {alias} ON {alias}.item = d.label
WHERE {where}
"""


def stays(where: str = "TRUE", name: str = "stay") -> str:
    """CTE: ICU stays numbered per patient (stay_no 1 = first, stay_rev 1 = most recent), ties by stay id."""
    return f"""{name} AS (
    SELECT i.subject_id, i.hadm_id, i.stay_id, i.intime, i.outtime, i.los, i.first_careunit,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime DESC, i.stay_id DESC) AS stay_rev
    FROM mimiciv_icu.icustays i
    WHERE {where}
)"""


def readings(join: str, where: str = "TRUE", item: str = "{item}", name: str = "vals") -> str:
    """CTE: numeric charted readings of one vital sign (by label), restricted by ``join`` (e.g. to a stay)."""
    return f"""{name} AS (
    SELECT c.stay_id, c.charttime, c.valuenum
    FROM mimiciv_icu.chartevents c
    JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
    {PLAUSIBLE_JOIN}
    {join}
    WHERE d.label = {item} AND {where}
)"""


# ---------------------------------------------------------------------------------------------- clinic (OMR)
def clinic(name: str, where: str = "TRUE", cte: str = "m") -> str:
    """CTE: one kind of clinic measurement (OMR result name) as numbers in their plausible range, dated, with
    their entry sequence."""
    low, high = PLAUSIBLE_CLINIC[name]
    return f"""{cte} AS (
    SELECT o.subject_id, o.chartdate, o.seq_num, TRY_CAST(o.result_value AS DOUBLE) AS value
    FROM mimiciv_hosp.omr o
    WHERE o.result_name = '{name}' AND TRY_CAST(o.result_value AS DOUBLE) > {low}
      AND TRY_CAST(o.result_value AS DOUBLE) <= {high} AND {where}
)"""


def clinic_bp(where: str = "TRUE", cte: str = "bp") -> str:
    """CTE: clinic blood pressure readings ('S/D' text) split into systolic and diastolic numbers; readings
    whose numbers are missing or implausible are left out."""
    (s_lo, s_hi), (d_lo, d_hi) = PLAUSIBLE_BP["systolic"], PLAUSIBLE_BP["diastolic"]
    return f"""{cte} AS (
    SELECT * FROM (
        SELECT o.subject_id, o.chartdate, o.seq_num,
               TRY_CAST(split_part(o.result_value, '/', 1) AS DOUBLE) AS systolic,
               TRY_CAST(split_part(o.result_value, '/', 2) AS DOUBLE) AS diastolic
        FROM mimiciv_hosp.omr o
        WHERE o.result_name = 'Blood Pressure' AND {where}
    ) WHERE systolic > {s_lo} AND systolic <= {s_hi} AND diastolic > {d_lo} AND diastolic <= {d_hi}
)"""


def clinic_patients(name: str, min_n: int = 1, extra: str = "") -> str:
    """Candidates: patients with at least ``min_n`` numeric clinic measurements of one kind."""
    value = ("split_part(o.result_value, '/', 1)" if name == "Blood Pressure" else "o.result_value")
    low, high = PLAUSIBLE_BP["systolic"] if name == "Blood Pressure" else PLAUSIBLE_CLINIC[name]
    return (f"SELECT o.subject_id FROM mimiciv_hosp.omr o WHERE o.result_name = '{name}' "
            f"AND TRY_CAST({value} AS DOUBLE) > {low} AND TRY_CAST({value} AS DOUBLE) <= {high} "
            f"{extra}GROUP BY o.subject_id HAVING count(*) >= {min_n}")


FIRST_ADMIT = ("first_adm AS (SELECT CAST(min(a.admittime) AS DATE) AS admit_date FROM mimiciv_hosp.admissions a "
               "WHERE a.subject_id = {subject_id})")
LBS_TO_KG = 0.453592
