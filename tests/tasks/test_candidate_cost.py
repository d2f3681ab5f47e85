"""Candidate queries that would grow faster than the patients: the same rows computed cheaply, or a
fixed sample of patients where the rows themselves would number millions."""

from __future__ import annotations

import duckdb
import pytest

from ehr_tui.mimic.schema import create_schemas
from ehr_tui.tasks import intents
from ehr_tui.tasks.intents._common import SAMPLE_PATIENTS, sampled_patient
from ehr_tui.tasks.intents.medications.cohorts import diagnosis_drug_pairs


def _patients_db(tmp_path, n: int):
    con = duckdb.connect(str(tmp_path / f"p{n}.duckdb"))
    create_schemas(con)
    con.execute(f"INSERT INTO mimiciv_hosp.patients (subject_id, gender, anchor_age, anchor_year, anchor_year_group) SELECT 10000000 + i, 'F', 50, 2150, '2014 - 2016' FROM range({n}) t(i)")
    return con


@pytest.mark.parametrize("n", [1, SAMPLE_PATIENTS, 2 * SAMPLE_PATIENTS - 1])
def test_a_small_database_keeps_every_patient(tmp_path, n):
    con = _patients_db(tmp_path, n)
    kept = con.execute(f"SELECT count(*) FROM mimiciv_hosp.patients p WHERE {sampled_patient('p.subject_id')}")
    assert kept.fetchone()[0] == n


@pytest.mark.parametrize("want", [SAMPLE_PATIENTS, 2000])
def test_a_large_database_keeps_about_the_sample_size_the_same_patients_every_time(tmp_path, want):
    con = _patients_db(tmp_path, 40_000)
    q = f"SELECT list(subject_id ORDER BY subject_id) FROM mimiciv_hosp.patients p WHERE {sampled_patient('p.subject_id', want)}"
    kept = con.execute(q).fetchone()[0]
    assert 0.8 * want <= len(kept) <= 1.2 * want  # binomial: sd ~ sqrt(want), far inside 20%
    assert con.execute(q).fetchone()[0] == kept
    spread = (max(kept) - min(kept)) / 40_000
    assert spread > 0.95  # taken across the whole id range, not its first ids


def _old_diagnosis_drug_pairs(orders: str) -> str:
    # the definition as first written: one row per diagnosis row times order, counted distinct
    extra = f" AND {orders}" if orders else ""
    return f"""
SELECT dx.icd_code, dx.icd_version, min(dd.long_title) AS diagnosis, lower(trim(r.drug)) AS drug
FROM mimiciv_hosp.diagnoses_icd dx
JOIN mimiciv_hosp.d_icd_diagnoses dd ON dd.icd_code = dx.icd_code AND dd.icd_version = dx.icd_version
JOIN mimiciv_hosp.prescriptions r ON r.hadm_id = dx.hadm_id
WHERE r.drug_type = 'MAIN' AND trim(r.drug) <> ''{extra}
GROUP BY dx.icd_code, dx.icd_version, lower(trim(r.drug))
HAVING count(DISTINCT r.hadm_id) >= 3"""


@pytest.mark.parametrize("orders", ["", "r.stoptime > r.starttime"])
def test_diagnosis_drug_pairs_are_the_rows_of_the_direct_definition(demo_db, orders):
    con = duckdb.connect(str(demo_db), read_only=True)
    new = con.execute(f"SELECT * FROM ({diagnosis_drug_pairs(orders)}) ORDER BY ALL").fetchall()
    old = con.execute(f"SELECT * FROM ({_old_diagnosis_drug_pairs(orders)}) ORDER BY ALL").fetchall()
    assert new == old and len(new) > 1000


def test_ever_diagnosed_asks_each_title_with_both_answers(demo_db):
    """Yes rows are coded titles of the patient; no rows are titles the patient never had, drawn from the
    yes rows' titles (so a title's rarity does not tell the answer), about as many as the yes rows."""
    con = duckdb.connect(str(demo_db), read_only=True)
    t = intents.get("diagnoses.patient.ever_diagnosed")
    con.execute(f"CREATE TEMP TABLE c AS {t.params}")
    coded = """SELECT DISTINCT x.subject_id, dd.long_title AS title, dd.icd_version AS version
               FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.d_icd_diagnoses dd USING (icd_code, icd_version)"""
    yes, no = con.execute(f"""SELECT count(*) FILTER (WHERE k.subject_id IS NOT NULL), count(*) FILTER (WHERE k.subject_id IS NULL)
                              FROM c LEFT JOIN ({coded}) k USING (subject_id, title, version)""").fetchone()
    assert yes > 1000 and 0.8 * yes <= no <= yes
    assert con.execute("SELECT count(*) FROM (SELECT DISTINCT * FROM c)").fetchone()[0] == yes + no
    no_titles = con.execute(f"""SELECT count(*) FROM (SELECT title, version FROM c EXCEPT
                                SELECT title, version FROM c JOIN ({coded}) USING (subject_id, title, version))""")
    assert no_titles.fetchone()[0] == 0  # every title asked with "no" is asked with "yes" too
    no_patients = con.execute(f"""SELECT count(DISTINCT subject_id) FROM c
                                  ANTI JOIN ({coded}) USING (subject_id, title, version)""").fetchone()[0]
    assert no_patients >= 90  # "no" rows spread over the demo's 100 patients
