"""Vitals gold SQL on a hand-built database whose answers are worked out by hand: implausible and non-numeric
readings are ignored, windows are half-open at the stated hour, only the named item counts (no Celsius in a
Fahrenheit question), clinic blood pressure text is parsed; and the intent's templates on the real demo."""

from __future__ import annotations

import duckdb
import pytest

from ehr_tui.mimic.schema import create_schemas
from ehr_tui.tasks import intents
from ehr_tui.tasks.template import render_sql

HR = {"vital": "heart rate", "item": "Heart Rate", "unit": "beats per minute"}
TEMP = {"vital": "temperature", "item": "Temperature Fahrenheit", "unit": "°F"}
ITEMS = [(220045, "Heart Rate", "HR", "chartevents", "Routine Vital Signs", "bpm", "Numeric"),
         (223761, "Temperature Fahrenheit", "Temp F", "chartevents", "Routine Vital Signs", "°F", "Numeric"),
         (223762, "Temperature Celsius", "Temp C", "chartevents", "Routine Vital Signs", "°C", "Numeric")]
# patient 1: first ICU stay 10 from 2150-01-01 00:00, second stay 11 a month later
STAYS = [(1, 100, 10, "MICU", "MICU", "2150-01-01 00:00", "2150-01-04 00:00", 3.0),
         (1, 100, 11, "MICU", "MICU", "2150-02-01 00:00", "2150-02-02 00:00", 1.0)]
CHART = [  # stay, time, item, valuenum
    (10, "2150-01-01 01:00", 220045, 95.0),
    (10, "2150-01-01 03:00", 220045, 400.0),   # implausible (over 300): a charting error
    (10, "2150-01-01 05:59", 220045, 120.0),   # inside the first 6 hours
    (10, "2150-01-01 06:00", 220045, 130.0),   # at 6 h: outside a 6-hour window, inside a 24-hour one
    (10, "2150-01-01 07:00", 220045, None),    # not a number
    (11, "2150-02-01 01:00", 220045, 150.0),   # second stay
    (10, "2150-01-01 02:00", 223761, 101.2),
    (10, "2150-01-01 02:30", 223762, 39.5),    # Celsius: not the Fahrenheit item
    (10, "2150-01-01 04:00", 223761, 37.0),    # implausible for Fahrenheit (70 to 120)
]
OMR = [  # date, seq, name, value; first admission on 2150-06-01
    ("2149-09-01", 1, "Blood Pressure", "120/80"),
    ("2149-10-01", 1, "Blood Pressure", "Refused"),
    ("2149-11-01", 1, "Blood Pressure", "0/0"),
    ("2150-06-01", 1, "Blood Pressure", "140/90"),
    ("2150-06-02", 1, "Blood Pressure", "190/100"),          # after the admission date
    ("2149-01-01", 1, "Blood Pressure", "160/100"),          # more than 365 days before
    ("2150-05-01", 1, "Blood Pressure Sitting", "200/120"),  # postural reading: not 'Blood Pressure'
]


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    db = tmp_path_factory.mktemp("vitals") / "handmade.duckdb"
    c = duckdb.connect(str(db))
    create_schemas(c)
    c.execute("INSERT INTO mimiciv_hosp.patients VALUES (1, 'F', 60, 2150, '2017 - 2019', NULL)")
    c.execute("INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime, admission_type) "
              "VALUES (1, 100, '2150-06-01 10:00', '2150-06-05 10:00', 'EW EMER.')")
    c.executemany("INSERT INTO mimiciv_icu.d_items (itemid, label, abbreviation, linksto, category, unitname, "
                  "param_type) VALUES (?, ?, ?, ?, ?, ?, ?)", ITEMS)
    c.executemany("INSERT INTO mimiciv_icu.icustays VALUES (?, ?, ?, ?, ?, ?, ?, ?)", STAYS)
    c.executemany("INSERT INTO mimiciv_icu.chartevents (subject_id, hadm_id, stay_id, charttime, itemid, valuenum) "
                  "VALUES (1, 100, ?, ?, ?, ?)", CHART)
    c.executemany("INSERT INTO mimiciv_hosp.omr VALUES (1, ?, ?, ?, ?)", OMR)
    yield c
    c.close()


def answer(con, template_id: str, **params):
    return [list(r) for r in con.execute(render_sql(intents.get(template_id), params)).fetchall()]


def test_window_maximum_ignores_implausible_readings_and_is_half_open(con):
    tid = "vitals.patient.vital_max_window"
    assert answer(con, tid, subject_id=1, hours=6, **HR) == [[120.0]]
    assert answer(con, tid, subject_id=1, hours=24, **HR) == [[130.0]]  # never the second stay's 150


def test_temperature_uses_the_fahrenheit_item_only(con):
    assert answer(con, "vitals.patient.vital_max_window", subject_id=1, hours=24, **TEMP) == [[101.2]]
    assert answer(con, "vitals.patient.vital_min_window", subject_id=1, hours=24, **TEMP) == [[101.2]]


def test_clinic_blood_pressure_text_is_parsed_and_bounded_by_the_admission_date(con):
    # 120/80 (274 days before) and 140/90 (on the admission date); 'Refused', 0/0, later, older and
    # postural readings are out
    assert answer(con, "vitals.patient.mean_systolic_before_first_admission", subject_id=1, days=365) == [[130.0]]


def test_every_clinic_vitals_template_yields_candidates_on_the_demo(demo_report):
    mine = [t for t in intents.all_templates() if t.intent == "vitals"]
    assert not {tid: e for tid, e in demo_report.errors.items() if tid.startswith("vitals.")}
    for t in mine:
        reason = demo_report.skipped.get(t.id, "")
        if "chartevents" in t.params:
            assert "chartevents is empty" in reason, t.id
        else:
            assert "no candidate" not in reason and "failed" not in reason, (t.id, reason)
