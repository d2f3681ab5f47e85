"""Diagnosis templates: gold SQL against planted faults, and their shape, depth and balance on the demo.

The planted database holds codes that look alike and are not the same: one title in both ICD versions,
atrial flutter beside atrial fibrillation (427.32 vs 427.31), heart failure coded in ICD-9 on one admission
and in ICD-10 on the next, and a readmission 15 days after a discharge.
"""

from __future__ import annotations

import duckdb
import pytest

from ehr_tui.mimic.schema import create_schemas
from ehr_tui.tasks import intents
from ehr_tui.tasks.intents.diagnoses.conditions import CONDITIONS, pattern
from ehr_tui.tasks.template import render_sql

from .intent_checks import check_balance, check_depth_and_shape

INTENT = "diagnoses"


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    db = tmp_path_factory.mktemp("dx_planted") / "planted.duckdb"
    con = duckdb.connect(str(db))
    create_schemas(con)
    con.execute("INSERT INTO mimiciv_hosp.patients VALUES (1, 'F', 60, 2150, '2014 - 2016', NULL), "
                "(2, 'M', 70, 2150, '2014 - 2016', '2150-05-10')")
    con.execute("""INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime, admission_type,
                   hospital_expire_flag) VALUES
        (1, 10, '2150-01-01 10:00', '2150-01-05 10:00', 'URGENT', 0),
        (1, 11, '2150-01-20 08:00', '2150-01-25 08:00', 'EW EMER.', 0),
        (2, 20, '2150-05-01 08:00', '2150-05-10 08:00', 'EW EMER.', 1)""")
    con.execute("""INSERT INTO mimiciv_hosp.d_icd_diagnoses VALUES
        ('42732', 9, 'Atrial flutter'), ('4289', 9, 'Heart failure, unspecified'),
        ('I509', 10, 'Heart failure, unspecified'), ('I480', 10, 'Paroxysmal atrial fibrillation'),
        ('I5022', 10, 'Chronic systolic (congestive) heart failure'),
        ('4019', 9, 'Unspecified essential hypertension')""")
    con.execute("""INSERT INTO mimiciv_hosp.diagnoses_icd VALUES
        (1, 10, 1, '42732', 9), (1, 10, 2, '4289', 9),
        (1, 11, 1, 'I480', 10), (1, 11, 2, 'I5022', 10),
        (2, 20, 1, '4019', 9), (2, 20, 2, 'I509', 10)""")
    # Furosemide: an emergency-department order before admission 10, early on 11 and on 20
    con.execute("""INSERT INTO mimiciv_hosp.prescriptions (subject_id, hadm_id, pharmacy_id, drug_type, drug,
                   starttime, stoptime) VALUES
        (1, 10, 1, 'MAIN', 'Furosemide', '2150-01-01 06:00', '2150-01-02 06:00'),
        (1, 11, 2, 'MAIN', 'Furosemide', '2150-01-20 20:00', '2150-01-21 20:00'),
        (2, 20, 3, 'MAIN', 'Furosemide', '2150-05-01 09:00', '2150-05-02 09:00')""")
    con.close()
    con = duckdb.connect(str(db), read_only=True)
    yield con
    con.close()


def rows(con, template_id: str, **params) -> list[tuple]:
    t = intents.get(template_id)
    if "condition" in params:
        p9, p10, _ = CONDITIONS[params["condition"]]
        params.update(pattern9=pattern(p9), pattern10=pattern(p10))
    return con.execute(render_sql(t, params)).fetchall()


def gold(con, template_id: str, **params):
    out = rows(con, template_id, **params)
    return [r[0] for r in out] if len(out) != 1 else out[0][0]


def test_an_exact_diagnosis_is_its_title_in_its_icd_version(planted):
    hf = {"subject_id": 1, "title": "Heart failure, unspecified"}
    assert gold(planted, "diagnoses.patient.ever_diagnosed", version=9, **hf) is True
    assert gold(planted, "diagnoses.patient.ever_diagnosed", version=10, **hf) is False


def test_a_condition_group_takes_its_prefixes_in_both_versions_and_nothing_near_them(planted):
    # flutter (427.32) is not fibrillation (427.31); heart failure counts in ICD-9 and in ICD-10
    assert gold(planted, "diagnoses.patient.condition_admissions", subject_id=1, condition="atrial fibrillation") == 1
    assert gold(planted, "diagnoses.patient.condition_admissions", subject_id=1, condition="heart failure") == 2
    assert gold(planted, "diagnoses.patient.condition_admissions", subject_id=2, condition="atrial fibrillation") == 0


def test_the_first_readmission_is_the_admission_within_30_days_of_a_discharge(planted):
    assert gold(planted, "diagnoses.patient.principal_first_readmission",
                subject_id=1) == "Paroxysmal atrial fibrillation"


def test_drug_timing_counts_only_prescriptions_started_within_the_admission(planted):
    hf = {"condition": "heart failure", "drug": "Furosemide"}
    # the first heart-failure admission's only Furosemide was ordered in the ED, before the admission time
    assert gold(planted, "diagnoses.patient.hours_to_drug_first_condition", subject_id=1, **hf) is None
    assert rows(planted, "diagnoses.population.mortality_by_early_drug_with_condition", **hf) == [
        (False, 0.0), (True, 50.0)]


def test_readmission_by_age_band_counts_live_discharges_with_age_at_that_admission(planted):
    # patient 1 (60): admission 10 readmitted after 15 days, 11 not; patient 2 (70) died, so is not at risk
    assert rows(planted, "diagnoses.population.readmission_by_age_band_with_condition",
                condition="heart failure") == [("<65", 50.0)]


def test_shape_and_pruned_depth(demo_cost_db):
    check_depth_and_shape(INTENT, demo_cost_db)
    assert intents.diagnoses.CONVENTIONS and all(c in intents.conventions() for c in intents.diagnoses.CONVENTIONS)


@pytest.mark.parametrize("db", ["demo_cost_db", "synthetic_db"])
@pytest.mark.parametrize("template_id", [t.id for t in intents.all_templates()
                                         if t.intent == INTENT and t.answer == "boolean"])
def test_yes_no_questions_can_be_balanced(request, db, template_id):
    check_balance(request.getfixturevalue(db), template_id)
