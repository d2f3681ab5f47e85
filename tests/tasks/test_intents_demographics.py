"""Demographics gold SQL on a hand-built database whose answers are worked out by hand: ED visits without an
admission are matched by time (never dropped by an admission-ID join), readmission windows are inclusive,
in-hospital deaths leave the live-discharge denominators; and the intent's templates on the real demo."""

from __future__ import annotations

import duckdb
import pytest

from ehr_tui.mimic.schema import create_schemas
from ehr_tui.tasks import intents
from ehr_tui.tasks.intents._common import CONDITION_PREFIXES
from ehr_tui.tasks.template import render_sql

HF = dict(zip(("condition", "icd9", "icd10"), next(c for c in CONDITION_PREFIXES if c[0] == "heart failure")))

PATIENTS = [(1, "F", 60, 2150, "2017 - 2019", None), (2, "M", 70, 2150, "2017 - 2019", None),
            (3, "F", 50, 2150, "2017 - 2019", "2150-01-12")]
# subject, hadm, admit, discharge, death, ED registration, expire flag
ADMISSIONS = [
    (1, 101, "2150-01-01 08:00", "2150-01-05 08:00", None, None, 0),
    (1, 102, "2150-03-01 08:00", "2150-03-03 08:00", None, None, 0),
    (2, 201, "2150-02-01 08:00", "2150-02-10 08:00", None, None, 0),
    (2, 202, "2150-04-01 10:00", "2150-04-05 12:00", None, "2150-04-01 06:00", 0),
    (2, 203, "2150-05-05 12:00", "2150-05-08 12:00", None, None, 0),  # exactly 30 x 24 h after 202's discharge
    (3, 301, "2150-01-10 02:00", "2150-01-12 00:00", "2150-01-12 00:00", "2150-01-10 00:00", 1),
]
# heart failure coded in 101, 102, 201 (ICD-10 I50.x) and in 301 (ICD-9 428.x), not in 202 / 203
DIAGNOSES = [(1, 101, 1, "I5022", 10), (1, 102, 1, "I509", 10), (2, 201, 2, "I5023", 10), (2, 202, 1, "J189", 10),
             (3, 301, 1, "4280", 9)]
# ED entries: patient 1 came back on 2150-01-20 and went home (no admission ID); patient 2's ED visit on
# 2150-04-01 led to admission 202; patient 3 came in through the ED
TRANSFERS = [
    (1, None, 1, "ED", "Emergency Department", "2150-01-20 08:00", "2150-01-20 12:00"),
    (2, 202, 2, "ED", "Emergency Department", "2150-04-01 06:00", "2150-04-01 12:00"),
    (3, 301, 3, "ED", "Emergency Department", "2150-01-10 00:00", "2150-01-10 02:00"),
    (3, 301, 4, "admit", "Medicine", "2150-01-10 02:00", "2150-01-12 00:00"),
]


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    db = tmp_path_factory.mktemp("demographics") / "handmade.duckdb"
    c = duckdb.connect(str(db))
    create_schemas(c)
    c.executemany("INSERT INTO mimiciv_hosp.patients VALUES (?, ?, ?, ?, ?, ?)", PATIENTS)
    c.executemany("INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime, deathtime, "
                  "edregtime, hospital_expire_flag, admission_type) VALUES (?, ?, ?, ?, ?, ?, ?, 'EW EMER.')",
                  ADMISSIONS)
    c.execute("UPDATE mimiciv_hosp.admissions SET edouttime = edregtime + INTERVAL 4 HOUR WHERE edregtime IS NOT NULL")
    c.executemany("INSERT INTO mimiciv_hosp.diagnoses_icd VALUES (?, ?, ?, ?, ?)", DIAGNOSES)
    c.executemany("INSERT INTO mimiciv_hosp.transfers VALUES (?, ?, ?, ?, ?, ?, ?)", TRANSFERS)
    yield c
    c.close()


def answer(con, template_id: str, **params):
    return [list(r) for r in con.execute(render_sql(intents.get(template_id), params)).fetchall()]


def test_ed_returns_count_visits_without_an_admission_matched_by_time(con):
    tid = "demographics.population.ed_return_after_condition_discharge"
    # live heart-failure discharges 101, 102, 201; within 30 days only 101 (the unadmitted ED visit on 01-20)
    assert answer(con, tid, days=30, **HF) == [[33.33]]
    # within 90 days 201 too (ED visit leading to admission 202, 50 days after discharge)
    assert answer(con, tid, days=90, **HF) == [[66.67]]


def test_ed_visits_after_the_first_coded_admission_include_those_never_admitted(con):
    tid = "demographics.population.ed_visits_not_admitted_after_condition"
    # later ED visits: patient 1 on 01-20 (sent home), patient 2 on 04-01 (admitted); patient 3 died
    assert answer(con, tid, **HF) == [[50.0]]


def test_ed_visits_by_age_at_the_visit_count_unadmitted_visits(con):
    rows = answer(con, "demographics.population.ed_visits_not_admitted_pct")
    assert rows == [["45-64", 2, 50.0], ["65-79", 1, 0.0]]


def test_unit_stays_outside_an_admission_are_kept(con):
    rows = answer(con, "demographics.population.careunit_mean_hours", careunit="Emergency Department")
    assert rows == [[False, 1, 4.0], [True, 2, 4.0]]


def test_readmission_window_is_inclusive_and_deaths_leave_the_denominator(con):
    # live discharges 101, 102, 201, 202, 203 (301 died); 203 starts exactly 30 x 24 h after 202's discharge
    assert answer(con, "demographics.population.readmission_rate", days=30) == [[20.0]]
    assert answer(con, "demographics.population.readmission_rate", days=7) == [[0.0]]


def test_every_demographics_template_yields_tasks_on_the_demo_without_errors(demo_report):
    mine = [t.id for t in intents.all_templates() if t.intent == "demographics"]
    assert not {tid: e for tid, e in demo_report.errors.items() if tid in mine}
    # a template skipped on the demo has no excuse: the demo has every table demographics uses
    # (a template the file's size did not reach is not skipped for a fault: "no task was needed from it")
    assert not {tid: r for tid, r in demo_report.skipped.items()
                if tid in mine and "every candidate" not in r and "no task was needed" not in r}
