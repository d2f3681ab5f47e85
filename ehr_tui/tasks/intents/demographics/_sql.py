"""SQL pieces of the demographics templates: admissions and ICU stays in time order, age at admission."""

from __future__ import annotations

from .._common import maker

T = maker("demographics")

AGE = "p.anchor_age + (year(a.admittime) - p.anchor_year)"
LOS_DAYS = "date_diff('second', a.admittime, a.dischtime) / 86400.0"


def adm(where: str = "TRUE", age: bool = False, name: str = "adm") -> str:
    """CTE: admissions numbered per patient (adm_no 1 = first, adm_rev 1 = most recent), ties by admission id.

    ``age`` joins patients for the age at admission; without it the patients table stays out of the query,
    so a question that needs no age is not charged for one."""
    join = "\n    JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id" if age else ""
    age_col = f",\n           {AGE} AS age" if age else ""
    return f"""{name} AS (
    SELECT a.subject_id, a.hadm_id, a.admittime, a.dischtime, a.deathtime, a.admission_type, a.admission_location,
           a.discharge_location, a.insurance, a.marital_status, a.race, a.edregtime, a.edouttime,
           a.hospital_expire_flag,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime DESC, a.hadm_id DESC) AS adm_rev{age_col}
    FROM mimiciv_hosp.admissions a{join}
    WHERE {where}
)"""


def stays(where: str = "TRUE", name: str = "stay") -> str:
    """CTE: ICU stays numbered per patient (stay_no 1 = first, stay_rev 1 = most recent), ties by stay id."""
    return f"""{name} AS (
    SELECT i.subject_id, i.hadm_id, i.stay_id, i.intime, i.outtime, i.los, i.first_careunit, i.last_careunit,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) AS stay_no,
           row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime DESC, i.stay_id DESC) AS stay_rev
    FROM mimiciv_icu.icustays i
    WHERE {where}
)"""


def next_admission(source: str = "adm", name: str = "seq") -> str:
    """CTE: each admission of ``source`` with the start of the same patient's next admission."""
    return f"""{name} AS (
    SELECT s.*, lead(s.admittime) OVER (PARTITION BY s.subject_id ORDER BY s.admittime, s.hadm_id) AS next_admit
    FROM {source} s
)"""


# A ward stay: a movement that put the patient in a known unit (the discharge event has none; 'Unknown' is a
# placeholder, not a unit)
WARD = "t.careunit IS NOT NULL AND lower(t.careunit) <> 'unknown' AND t.eventtype <> 'discharge'"
# A readmission within {days}: the next admission starts at or after the discharge, at most {days} x 24 h later
READMITTED = "(next_admit >= dischtime AND next_admit <= dischtime + INTERVAL {days} DAY)"

