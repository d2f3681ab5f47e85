"""The synthetic MIMIC-IV: schema, keys, coherence, date shifting, marginals, determinism, --vocab, CLI, bad input."""

from __future__ import annotations

import os
from pathlib import Path

import duckdb
import pytest

from ehr_tui import paths
from ehr_tui.errors import UserError
from ehr_tui.mimic import metadata, schema, synthetic
from ehr_tui.mimic.synthetic import build_synthetic
from ehr_tui.mimic.vocabulary import hosp, icd, icu, labs

from .conftest import DEMO_DIR, needs_demo

PATIENTS = 80
SEED = 11


@pytest.fixture(scope="session")
def synth_path(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("synth_a") / "synthetic.duckdb"
    build_synthetic(db, patients=PATIENTS, seed=SEED)
    return db


@pytest.fixture(scope="session")
def con(synth_path):
    c = duckdb.connect(str(synth_path), read_only=True)
    yield c
    c.close()


@pytest.fixture(scope="session")
def same_seed_path(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("synth_b") / "again.duckdb"
    build_synthetic(db, patients=PATIENTS, seed=SEED)
    return db


@pytest.fixture(scope="session")
def cli_other_seed_path(tmp_path_factory) -> Path:
    """Built through the CLI, with another seed (the different-seed determinism check uses it)."""
    from ehr_tui.cli import main

    home = tmp_path_factory.mktemp("cli_home")
    try:
        assert main(["--home", str(home), "db", "synth", "--patients", str(PATIENTS), "--seed", str(SEED + 1)]) == 0
    finally:
        paths.set_home(None)
    return home / "synthetic.duckdb"


@pytest.fixture(scope="session")
def vocab_path(tmp_path_factory) -> Path:
    if not (DEMO_DIR / "hosp").is_dir():
        pytest.skip("../shared/mimic-iv-demo-2.2 is not beside the checkout")
    db = tmp_path_factory.mktemp("synth_vocab") / "vocab.duckdb"
    build_synthetic(db, patients=30, seed=SEED, vocab=DEMO_DIR)
    return db


def q(con, sql, params=None):
    return con.execute(sql, params or []).fetchall()


def scalar(con, sql, params=None):
    return q(con, sql, params)[0][0]


# --- schema and keys -------------------------------------------------------------------------------------------

def test_all_tables_populated_with_schema_columns_and_types(con):
    for t in schema.TABLES:
        cols = q(con, "SELECT column_name, data_type FROM information_schema.columns "
                      "WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position", [t.schema, t.name])
        assert cols == [(c.name, c.type) for c in t.columns], t.qualified
        assert scalar(con, f"SELECT count(*) FROM {t.qualified}") > 0, f"{t.qualified} is empty"


def test_not_null_columns_have_no_nulls(con):
    for t in schema.TABLES:
        for c in t.columns:
            if c.not_null:
                assert scalar(con, f"SELECT count(*) FROM {t.qualified} WHERE {c.name} IS NULL") == 0, \
                    f"{t.qualified}.{c.name}"


def test_primary_keys_unique(con):
    for t in schema.TABLES:
        if t.primary_key:
            keys = ", ".join(t.primary_key)
            dupes = scalar(con, f"SELECT count(*) FROM (SELECT {keys} FROM {t.qualified} GROUP BY ALL "
                                "HAVING count(*) > 1)")
            assert dupes == 0, f"{t.qualified} has duplicate ({keys})"


def test_foreign_keys_resolve(con):
    for t in schema.TABLES:
        for fk in t.foreign_keys:
            module, rtable, rcol = fk.references.split(".")
            ref = schema.table(f"{module}.{rtable}")
            orphans = scalar(con, f"SELECT count(*) FROM {t.qualified} WHERE {fk.column} IS NOT NULL AND "
                                  f"{fk.column} NOT IN (SELECT {rcol} FROM {ref.qualified})")
            assert orphans == 0, f"{t.qualified}.{fk.column} -> {fk.references}: {orphans} orphans"


def test_every_hadm_belongs_to_its_subject_and_every_stay_to_its_admission(con):
    for t in schema.TABLES:
        names = t.column_names
        if "hadm_id" in names and t.name != "admissions":
            bad = scalar(con, f"SELECT count(*) FROM {t.qualified} x JOIN mimiciv_hosp.admissions a USING (hadm_id) "
                              "WHERE a.subject_id <> x.subject_id")
            assert bad == 0, t.qualified
        if "stay_id" in names and t.name != "icustays":
            bad = scalar(con, f"SELECT count(*) FROM {t.qualified} x JOIN mimiciv_icu.icustays s USING (stay_id) "
                              "WHERE s.subject_id <> x.subject_id OR s.hadm_id <> x.hadm_id")
            assert bad == 0, t.qualified


def test_dictionary_codes_resolve(con):
    for table, dic in (("diagnoses_icd", "d_icd_diagnoses"), ("procedures_icd", "d_icd_procedures")):
        assert scalar(con, f"SELECT count(*) FROM mimiciv_hosp.{table} x LEFT JOIN mimiciv_hosp.{dic} d "
                           "USING (icd_code, icd_version) WHERE d.icd_code IS NULL") == 0
    for t in ("chartevents", "inputevents", "outputevents", "procedureevents", "datetimeevents", "ingredientevents"):
        linked = q(con, f"SELECT DISTINCT d.linksto FROM mimiciv_icu.{t} x JOIN mimiciv_icu.d_items d USING (itemid)")
        assert linked == [(t,)], f"{t} uses items of {linked}"


# --- coherence of times ----------------------------------------------------------------------------------------

ADMISSION_EVENTS = [
    ("labevents", "charttime"), ("microbiologyevents", "charttime"), ("emar", "charttime"),
    ("emar", "storetime"), ("poe", "ordertime"), ("pharmacy", "starttime"), ("pharmacy", "stoptime"),
    ("prescriptions", "starttime"), ("prescriptions", "stoptime"), ("services", "transfertime"),
    ("transfers", "outtime"),
]
STAY_EVENTS = [
    ("chartevents", "charttime"), ("outputevents", "charttime"), ("datetimeevents", "charttime"),
    ("inputevents", "starttime"), ("inputevents", "endtime"), ("ingredientevents", "starttime"),
    ("procedureevents", "endtime"),
]


@pytest.mark.parametrize("table,col", ADMISSION_EVENTS)
def test_events_inside_their_admission(con, table, col):
    t = schema.table(table)
    bad = scalar(con, f"SELECT count(*) FROM {t.qualified} x JOIN mimiciv_hosp.admissions a USING (hadm_id) "
                      f"WHERE x.{col} < a.admittime OR x.{col} > a.dischtime")
    assert bad == 0


@pytest.mark.parametrize("table,col", STAY_EVENTS)
def test_icu_events_inside_their_stay(con, table, col):
    bad = scalar(con, f"SELECT count(*) FROM mimiciv_icu.{table} x JOIN mimiciv_icu.icustays s USING (stay_id) "
                      f"WHERE x.{col} < s.intime OR x.{col} > s.outtime")
    assert bad == 0


def test_dates_inside_their_admission(con):
    for table in ("procedures_icd", "hcpcsevents"):
        assert scalar(con, f"SELECT count(*) FROM mimiciv_hosp.{table} x JOIN mimiciv_hosp.admissions a "
                           "USING (hadm_id) WHERE x.chartdate < CAST(a.admittime AS DATE) "
                           "OR x.chartdate > CAST(a.dischtime AS DATE)") == 0
    # lines placed before the ICU were placed during the admission
    assert scalar(con, "SELECT count(*) FROM mimiciv_icu.procedureevents x JOIN mimiciv_hosp.admissions a "
                       "USING (hadm_id) WHERE x.starttime < a.admittime") == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_icu.datetimeevents WHERE value > charttime") == 0


def test_stays_within_admissions_and_los(con):
    assert scalar(con, "SELECT count(*) FROM mimiciv_icu.icustays s JOIN mimiciv_hosp.admissions a USING (hadm_id) "
                       "WHERE s.intime < a.admittime OR s.outtime > a.dischtime OR s.outtime <= s.intime") == 0
    assert scalar(con, "SELECT max(abs(los - epoch(outtime - intime) / 86400)) FROM mimiciv_icu.icustays") < 1e-9
    # first/last care units are the transfers' care units at the stay's start and end
    assert scalar(con, """
        SELECT count(*) FROM mimiciv_icu.icustays s
        WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers t WHERE t.hadm_id = s.hadm_id
                          AND t.intime = s.intime AND t.careunit = s.first_careunit)
           OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers t WHERE t.hadm_id = s.hadm_id
                          AND t.outtime = s.outtime AND t.careunit = s.last_careunit)""") == 0


def test_transfers_chain_from_ed_to_discharge(con):
    rows = q(con, """
        SELECT a.hadm_id, a.edregtime, a.admittime, a.dischtime,
               list(t.eventtype ORDER BY t.intime, t.eventtype = 'discharge'),
               list(t.intime ORDER BY t.intime, t.eventtype = 'discharge'),
               list(t.outtime ORDER BY t.intime, t.eventtype = 'discharge')
        FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.transfers t USING (hadm_id) GROUP BY ALL""")
    assert rows
    for hadm, edreg, admit, disch, kinds, ins, outs in rows:
        assert kinds[-1] == "discharge" and ins[-1] == disch and outs[-1] is None, hadm
        assert ins[0] == (edreg if edreg else admit), hadm
        for prev_out, nxt_in in zip(outs[:-1], ins[1:]):
            assert prev_out == nxt_in, hadm  # no gaps, no overlaps


def test_admissions_of_a_patient_do_not_overlap(con):
    assert scalar(con, """
        SELECT count(*) FROM (
            SELECT admittime, lag(dischtime) OVER (PARTITION BY subject_id ORDER BY admittime) AS prev_disch
            FROM mimiciv_hosp.admissions) WHERE admittime <= prev_disch""") == 0


# --- date shifting and outcomes --------------------------------------------------------------------------------

def test_anchor_rules(con):
    groups = {g for g, _, _ in hosp.ANCHOR_YEAR_GROUPS}
    for subject, age, year, group, first_year in q(con, """
            SELECT p.subject_id, p.anchor_age, p.anchor_year, p.anchor_year_group, year(min(a.admittime))
            FROM mimiciv_hosp.patients p JOIN mimiciv_hosp.admissions a USING (subject_id) GROUP BY ALL"""):
        assert group in groups
        assert 2100 <= year <= 2210
        assert 18 <= age <= 89 or age == 91, (subject, age)  # over 89 is reported as 91
        assert first_year == year, subject  # the anchor year is the year of the first admission
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.patients WHERE subject_id NOT IN "
                       "(SELECT subject_id FROM mimiciv_hosp.admissions)") == 0


def test_icd_version_follows_the_real_date(con):
    # the real year lies in [group start, group start + 2] + years since the anchor year
    rows = q(con, """
        SELECT a.hadm_id, any_value(d.icd_version), count(DISTINCT d.icd_version),
               CAST(left(p.anchor_year_group, 4) AS INTEGER) + year(a.admittime) - p.anchor_year AS lo_year
        FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a USING (hadm_id)
        JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id GROUP BY a.hadm_id, p.anchor_year_group,
             a.admittime, p.anchor_year""")
    for hadm, version, n_versions, lo_year in rows:
        assert n_versions == 1, hadm
        if lo_year + 2 < 2015:
            assert version == 9, hadm
        if lo_year >= 2016:
            assert version == 10, hadm
    # procedures use their admission's version; a patient never goes back from ICD-10 to ICD-9
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.procedures_icd p JOIN
                          (SELECT DISTINCT hadm_id, icd_version FROM mimiciv_hosp.diagnoses_icd) d USING (hadm_id)
                          WHERE p.icd_version <> d.icd_version""") == 0
    assert scalar(con, """SELECT count(*) FROM (
        SELECT icd_version, lag(icd_version) OVER (PARTITION BY a.subject_id ORDER BY a.admittime) AS prev
        FROM (SELECT DISTINCT hadm_id, icd_version FROM mimiciv_hosp.diagnoses_icd) d
        JOIN mimiciv_hosp.admissions a USING (hadm_id)) WHERE prev = 10 AND icd_version = 9""") == 0


def test_deaths_are_consistent(con):
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.admissions WHERE
        (deathtime IS NOT NULL) <> (hospital_expire_flag = 1)
        OR (hospital_expire_flag = 1) <> (coalesce(discharge_location, '') = 'DIED')
        OR deathtime < admittime OR deathtime > dischtime""") == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.admissions WHERE hospital_expire_flag = 1") > 0
    # death ends the record: dod is the in-hospital death date, otherwise after the last discharge
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.patients p JOIN
        (SELECT subject_id, max(dischtime) AS last_disch, max(deathtime) AS death, max(hospital_expire_flag) AS died,
                arg_max(hospital_expire_flag, admittime) AS last_died
         FROM mimiciv_hosp.admissions GROUP BY 1) a USING (subject_id)
        WHERE (a.died = 1 AND (p.dod IS DISTINCT FROM CAST(a.death AS DATE) OR a.last_died <> 1))
           OR (a.died = 0 AND p.dod IS NOT NULL AND p.dod <= CAST(a.last_disch AS DATE))""") == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.patients WHERE dod IS NOT NULL") > \
        scalar(con, "SELECT count(*) FROM mimiciv_hosp.admissions WHERE hospital_expire_flag = 1")


def test_lab_flags_follow_reference_ranges(con):
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.labevents WHERE valuenum IS NOT NULL
        AND ref_range_lower IS NOT NULL
        AND (flag = 'abnormal') <> (valuenum < ref_range_lower OR valuenum > ref_range_upper)""") == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.labevents WHERE flag IS NOT NULL AND flag <> 'abnormal'") == 0
    # text results keep their text and have no number
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.labevents WHERE value IS NULL") == 0
    hgb = dict(q(con, """SELECT p.gender, max(l.ref_range_lower) FROM mimiciv_hosp.labevents l
                         JOIN mimiciv_hosp.patients p USING (subject_id) WHERE itemid = 51222 GROUP BY 1"""))
    assert hgb["F"] < hgb["M"]  # sex-specific reference range


def test_medication_chain(con):
    # every administration points to its order and dispense; prescriptions to their pharmacy row
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.emar e JOIN mimiciv_hosp.pharmacy p USING (pharmacy_id)
                          WHERE p.poe_id <> e.poe_id OR p.hadm_id <> e.hadm_id""") == 0
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.prescriptions r LEFT JOIN mimiciv_hosp.pharmacy p
                          USING (pharmacy_id) WHERE p.pharmacy_id IS NULL OR p.poe_id <> r.poe_id""") == 0
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.poe p JOIN mimiciv_hosp.poe q
                          ON q.poe_id = p.discontinue_of_poe_id
                          WHERE q.subject_id <> p.subject_id OR q.discontinued_by_poe_id <> p.poe_id""") == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.poe WHERE transaction_type = 'Change'") > 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.emar_detail d JOIN mimiciv_hosp.emar e USING (emar_id) "
                       "WHERE d.subject_id <> e.subject_id OR d.emar_seq <> e.emar_seq") == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.poe WHERE poe_id <> subject_id || '-' || poe_seq") == 0
    # a drug charted in an ICU was ordered for that admission
    assert scalar(con, """
        SELECT count(*) FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.d_items d USING (itemid)
        WHERE d.itemid = 225798 AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p
                                                WHERE p.hadm_id = i.hadm_id AND p.drug = 'Vancomycin')""") == 0


def test_icu_charting_is_consistent(con):
    # the admission weight charted is the weight inputevents are dosed with
    assert scalar(con, """
        SELECT count(*) FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.chartevents c
        ON c.stay_id = i.stay_id AND c.itemid = 226512 WHERE abs(c.valuenum - i.patientweight) > 0.051""") == 0
    vitals = dict(q(con, "SELECT itemid, count(*) FROM mimiciv_icu.chartevents GROUP BY 1"))
    for itemid in (220045, 220210, 220277, 223761, 226512):
        assert vitals.get(itemid, 0) > 0, itemid
    per_stay = scalar(con, "SELECT count(*) / count(DISTINCT stay_id) FROM mimiciv_icu.chartevents")
    assert 200 < per_stay < 5000
    # ventilated stays carry the ICD intubation code
    assert scalar(con, """
        SELECT count(*) FROM mimiciv_icu.procedureevents p WHERE p.itemid = 225792 AND NOT EXISTS (
            SELECT 1 FROM mimiciv_hosp.procedures_icd x WHERE x.hadm_id = p.hadm_id AND x.icd_code IN ('9604', '0BH17EZ'))
    """) == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_icu.outputevents WHERE itemid = 226559") > 0


def test_drgs_and_omr(con):
    assert scalar(con, """SELECT count(*) FROM mimiciv_hosp.drgcodes WHERE drg_type = 'APR' AND
                          (drg_severity NOT BETWEEN 1 AND 4 OR drg_mortality NOT BETWEEN 1 AND 4)""") == 0
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA' AND "
                       "drg_severity IS NOT NULL") == 0
    # BMI = 703 * lbs / inches^2 with the same visit's weight and the patient's height
    rows = q(con, """
        SELECT w.result_value::DOUBLE, b.result_value::DOUBLE, h.height
        FROM mimiciv_hosp.omr w JOIN mimiciv_hosp.omr b USING (subject_id, chartdate)
        JOIN (SELECT subject_id, avg(result_value::DOUBLE) AS height FROM mimiciv_hosp.omr
              WHERE result_name = 'Height (Inches)' GROUP BY 1) h USING (subject_id)
        WHERE w.result_name = 'Weight (Lbs)' AND b.result_name = 'BMI (kg/m2)'""")
    assert rows
    for lbs, bmi, inches in rows:
        assert abs(703.07 * lbs / inches ** 2 - bmi) < 0.2
    assert scalar(con, "SELECT count(*) FROM mimiciv_hosp.omr WHERE result_name = 'Blood Pressure' AND "
                       "NOT regexp_matches(result_value, '^[0-9]+/[0-9]+$')") == 0


def test_metadata(synth_path):
    info = metadata.read_info(synth_path)
    assert info.source == "synthetic" and info.version == schema.SCHEMA_VERSION and info.created
    assert info.extra["patients"] == str(PATIENTS) and info.extra["seed"] == str(SEED)
    assert info.extra["vocab"] == "built-in" and info.extra["generator_version"] == synthetic.GENERATOR_VERSION
    assert not info.restricted
    assert len(info.row_counts) == 31 and info.row_counts["mimiciv_hosp.patients"] == PATIENTS


# --- marginals against the demo --------------------------------------------------------------------------------

MARGINALS = {
    "admissions per patient": "SELECT count(*) / count(DISTINCT subject_id) FROM mimiciv_hosp.admissions",
    "labs per admission": "SELECT count(*) / count(DISTINCT hadm_id) FROM mimiciv_hosp.labevents "
                          "WHERE hadm_id IS NOT NULL",
    "ICD-9 share of admissions": "SELECT avg((icd_version = 9)::INTEGER) FROM "
                                 "(SELECT DISTINCT hadm_id, icd_version FROM mimiciv_hosp.diagnoses_icd)",
    "diagnoses per admission": "SELECT count(*) / count(DISTINCT hadm_id) FROM mimiciv_hosp.diagnoses_icd",
    "median hospital stay (days)": "SELECT median(epoch(dischtime - admittime) / 86400) FROM mimiciv_hosp.admissions",
    "median ICU stay (days)": "SELECT median(los) FROM mimiciv_icu.icustays",
    "in-hospital mortality": "SELECT avg(hospital_expire_flag) FROM mimiciv_hosp.admissions",
    "abnormal lab share": "SELECT avg((flag IS NOT NULL)::INTEGER) FROM mimiciv_hosp.labevents",
    "prescriptions per admission": "SELECT count(*) / count(DISTINCT hadm_id) FROM mimiciv_hosp.prescriptions",
}


@pytest.mark.demo
def test_marginals_close_to_the_demo(con, demo_db):
    demo = duckdb.connect(str(demo_db), read_only=True)
    try:
        for name, sql in MARGINALS.items():
            ours, real = scalar(con, sql), scalar(demo, sql)
            assert real / 2.2 <= ours <= real * 2.2, f"{name}: synthetic {ours:.3g} vs demo {real:.3g}"
    finally:
        demo.close()


def test_marginals_in_plausible_ranges(con):
    """The same marginals without the demo: ranges from MIMIC-IV's documentation and papers."""
    ranges = {"admissions per patient": (1.5, 4.5), "ICD-9 share of admissions": (0.3, 0.8),
              "in-hospital mortality": (0.01, 0.15), "median hospital stay (days)": (2, 8),
              "median ICU stay (days)": (1, 5), "abnormal lab share": (0.2, 0.7)}
    for name, (lo, hi) in ranges.items():
        assert lo <= scalar(con, MARGINALS[name]) <= hi, name


# --- determinism -----------------------------------------------------------------------------------------------

def checksums(path: Path) -> dict[str, tuple]:
    """Per table: row count and a hash of every row in stored order (content and order both count)."""
    c = duckdb.connect(str(path), read_only=True)
    try:
        return {t.qualified: tuple(c.execute(
            f"SELECT count(*), md5(string_agg(hash(x)::VARCHAR, ',' ORDER BY x_rowid)) "
            f"FROM (SELECT t AS x, rowid AS x_rowid FROM {t.qualified} t)").fetchall()[0]) for t in schema.TABLES}
    finally:
        c.close()


def test_same_seed_gives_the_same_data(synth_path, same_seed_path):
    assert checksums(synth_path) == checksums(same_seed_path)
    a = duckdb.connect(str(synth_path), read_only=True)
    b = duckdb.connect(str(same_seed_path), read_only=True)
    try:
        sql = ("SELECT subject_id, itemid, charttime, value, valuenum, flag FROM mimiciv_hosp.labevents "
               "ORDER BY labevent_id LIMIT 5000")
        assert a.execute(sql).fetchall() == b.execute(sql).fetchall()
    finally:
        a.close()
        b.close()


def test_same_data_with_one_thread(synth_path, tmp_path):
    """Row order and values do not depend on DuckDB's thread count."""
    db = tmp_path / "one_thread.duckdb"
    c = duckdb.connect(str(db))
    try:
        c.execute("SET threads = 1")
        synthetic._generate(c, tmp_path, PATIENTS, SEED, None, lambda step, frac: None)
        c.execute("CHECKPOINT")
    finally:
        c.close()
    assert checksums(db) == checksums(synth_path)


def test_other_seed_gives_other_data_through_the_cli(synth_path, cli_other_seed_path):
    info = metadata.read_info(cli_other_seed_path)
    assert info.source == "synthetic" and info.extra["seed"] == str(SEED + 1)
    ours, theirs = checksums(synth_path), checksums(cli_other_seed_path)
    differing = [t for t in ours if ours[t] != theirs[t] and not schema.table(t).is_dictionary]
    assert len(differing) == len([t for t in schema.TABLES if not t.is_dictionary])
    assert ours["mimiciv_hosp.d_labitems"] == theirs["mimiciv_hosp.d_labitems"]  # same vocabulary


def test_cli_info_and_help(cli_other_seed_path, capsys):
    from ehr_tui.cli import main

    assert main(["--home", str(cli_other_seed_path.parent), "db", "info"]) == 0
    assert "synthetic MIMIC-IV" in capsys.readouterr().out
    paths.set_home(None)
    with pytest.raises(SystemExit):
        main(["db", "synth", "--help"])
    assert "--patients" in capsys.readouterr().out


# --- the real dictionaries with --vocab ------------------------------------------------------------------------

@needs_demo
def test_vocab_from_the_demo(vocab_path, demo_db):
    c = duckdb.connect(str(vocab_path), read_only=True)
    d = duckdb.connect(str(demo_db), read_only=True)
    try:
        for name in ("d_icd_diagnoses", "d_icd_procedures", "d_labitems", "d_items", "d_hcpcs"):
            t = schema.table(name)
            sql = f"SELECT count(*), sum(hash(x)) FROM (SELECT t AS x FROM {t.qualified} t)"
            assert c.execute(sql).fetchall() == d.execute(sql).fetchall(), name
        info = metadata.read_info(vocab_path)
        assert info.source == "synthetic" and Path(info.extra["vocab"]) == DEMO_DIR.resolve()
        assert info.extra["vocab_kind"] == "demo"
        for table, dic in (("diagnoses_icd", "d_icd_diagnoses"), ("procedures_icd", "d_icd_procedures")):
            assert scalar(c, f"SELECT count(*) FROM mimiciv_hosp.{table} x LEFT JOIN mimiciv_hosp.{dic} d "
                             "USING (icd_code, icd_version) WHERE d.icd_code IS NULL") == 0
        assert scalar(c, "SELECT count(*) FROM mimiciv_hosp.labevents WHERE itemid NOT IN "
                         "(SELECT itemid FROM mimiciv_hosp.d_labitems)") == 0
        assert scalar(c, "SELECT count(*) FROM mimiciv_icu.chartevents") > 0
        # ehr-tui's own ICU items (tail drugs) are mapped to real items by label or left out, never kept
        for table in ("inputevents", "ingredientevents", "procedureevents", "chartevents", "outputevents"):
            assert scalar(c, f"SELECT count(*) FROM mimiciv_icu.{table} WHERE itemid NOT IN "
                             "(SELECT itemid FROM mimiciv_icu.d_items)") == 0, table
        assert scalar(c, "SELECT count(DISTINCT itemid) FROM mimiciv_icu.inputevents") >= 20
    finally:
        c.close()
        d.close()


@needs_demo
def test_builtin_vocabulary_matches_the_official_dictionaries(demo_db):
    d = duckdb.connect(str(demo_db), read_only=True)
    try:
        for rows, table in ((icd.CHRONIC + icd.ACUTE + icd.PRINCIPAL, "d_icd_diagnoses"),
                            (icd.PROCEDURES, "d_icd_procedures")):
            for key, c9, t9, c10, t10, *_ in rows:
                for code, version, title in ((c9, 9, t9), (c10, 10, t10)):
                    got = q(d, f"SELECT long_title FROM mimiciv_hosp.{table} WHERE icd_code = ? AND icd_version = ?",
                            [code, version])
                    assert got == [(title,)], (key, code, version)
        for itemid, label, fluid, category, *_ in labs.LAB_ITEMS:
            assert q(d, "SELECT label, fluid, category FROM mimiciv_hosp.d_labitems WHERE itemid = ?", [itemid]) == \
                [(label, fluid, category)], itemid
        for row in icu.D_ITEMS:
            assert q(d, "SELECT * FROM mimiciv_icu.d_items WHERE itemid = ?", [row[0]]) == [tuple(row)], row[0]
        for code, category, long_d, short_d, _ in hosp.HCPCS:
            assert q(d, "SELECT category, long_description, short_description FROM mimiciv_hosp.d_hcpcs "
                        "WHERE code = ?", [code]) == [(category, long_d, short_d)], code
    finally:
        d.close()


def test_builtin_vocabulary_is_self_consistent():
    from ehr_tui.mimic.vocabulary import cases, meds

    dx_keys = [r[0] for r in icd.CHRONIC + icd.ACUTE + icd.PRINCIPAL]
    assert len(dx_keys) == len(set(dx_keys))
    for version in (1, 3):  # ICD-9 and ICD-10 code columns
        codes = [r[version] for r in icd.CHRONIC + icd.ACUTE + icd.PRINCIPAL]
        assert len(codes) == len(set(codes)), "two concepts share a code"
    proc_keys = {r[0] for r in icd.PROCEDURES}
    for c in cases.CASES:
        assert c.principal in dx_keys, c.key
        assert set(c.secondary) <= set(dx_keys), c.key
        assert set(c.procedures) <= proc_keys, c.key
        assert c.service in cases.SERVICE_WARD and c.profile in cases.ADMISSION_TYPES
    drug_keys = {d[0] for d in meds.DRUGS}
    tags = set(dx_keys) | {c.key for c in cases.CASES} | {"all", "icu", "vent", "shock"}
    for tag, drug, p in meds.TRIGGERS:
        assert drug in drug_keys and tag in tags and 0 < p <= 1, (tag, drug)
    item_ids = {r[0] for r in icu.D_ITEMS}
    assert {d[13] for d in meds.DRUGS if d[13]} <= item_ids


def test_tail_medications_are_a_coherent_catalogue():
    from ehr_tui.mimic.vocabulary import icu as icu_vocab, meds, meds_tail

    tail = meds_tail.tail_drugs()
    assert len(tail) >= 500, "the tail is what makes hundreds of distinct drugs per 100 admissions"
    keys = [d[0] for d in tail] + [d[0] for d in meds.DRUGS]
    assert len(keys) == len(set(keys))
    # one drug is one product: the same name and route twice would be two drugs the agent cannot tell apart
    core = {(d[1], d[2]) for d in meds.DRUGS}
    named = [(d[1], d[2]) for d in tail]
    assert len(named) == len(set(named)) and not set(named) & core
    assert sorted(d[15] for d in tail) == list(range(len(tail))), "ranks are a permutation (Zipf weights)"
    chapters = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert {d[14] for d in tail} - {""} <= chapters
    assert all(d[8] in meds.FREQUENCIES and (d[12] is None or d[12] in meds.BASES) for d in tail)
    items = meds_tail.icu_items()
    ids = [r[0] for r in items]
    assert len(ids) == len(set(ids)) and min(ids) >= meds_tail.TAIL_ICU_ITEMID_BASE
    assert not set(ids) & {r[0] for r in icu_vocab.D_ITEMS}, "ehr-tui's own items must not reuse a real itemid"
    assert {r[4] for r in items} <= set(meds_tail.ICU_CATEGORY.values())
    labels = [r[1].lower() for r in items]
    assert len(labels) == len(set(labels)), "--vocab maps an item by its label: labels must be unique"


def test_tail_catalogue_rejects_a_bad_line(monkeypatch):
    from ehr_tui.mimic.vocabulary import meds_tail

    monkeypatch.setattr(meds_tail, "SECTIONS", [("", "Made-up Drug|PO|1|mg|TAB|EVERY FULL MOON")])
    with pytest.raises(ValueError, match="unknown frequency 'EVERY FULL MOON'"):
        meds_tail.tail_drugs()
    monkeypatch.setattr(meds_tail, "SECTIONS", [("", "Made-up Drug|IV|1|mg|BAG|Q8H|a|no such base")])
    with pytest.raises(ValueError, match="unknown base"):
        meds_tail.tail_drugs()
    assert {it[0] for it in labs.LAB_ITEMS} >= set(labs.TEXT_VALUES)


# --- bad input, atomic writes, the default database --------------------------------------------------------------

@pytest.mark.parametrize("kwargs,message", [
    (dict(patients=0), "--patients must be a whole number of at least 1"),
    (dict(patients=-5), "--patients must be"),
    (dict(patients=10 ** 7), "more than the full MIMIC-IV"),
    (dict(seed=-1), "--seed must be"),
])
def test_bad_arguments(tmp_path, kwargs, message):
    args = dict(patients=10, seed=0) | kwargs
    with pytest.raises(UserError, match=message):
        build_synthetic(tmp_path / "x.duckdb", **args)
    assert not list(tmp_path.iterdir())


def test_bad_vocab_folders(tmp_path):
    with pytest.raises(UserError, match="is not a folder"):
        build_synthetic(tmp_path / "x.duckdb", patients=5, vocab=tmp_path / "missing")
    (tmp_path / "empty" / "hosp").mkdir(parents=True)
    with pytest.raises(UserError, match="lacks the dictionaries hosp/d_icd_diagnoses.csv.gz"):
        build_synthetic(tmp_path / "x.duckdb", patients=5, vocab=tmp_path / "empty")
    with pytest.raises(UserError, match="is a folder"):
        build_synthetic(tmp_path, patients=5)


def test_cli_reports_bad_input(tmp_path, capsys):
    from ehr_tui.cli import main

    assert main(["--home", str(tmp_path), "db", "synth", "--patients", "0"]) == 2
    paths.set_home(None)
    err = capsys.readouterr().err
    assert "--patients must be a whole number" in err and "Traceback" not in err


def test_failed_build_leaves_the_old_file_and_no_temp_files(tmp_path, monkeypatch):
    db = tmp_path / "synthetic.duckdb"
    db.write_bytes(b"old contents")

    def boom(ctx):
        raise RuntimeError("simulated crash")

    monkeypatch.setattr(synthetic, "STEPS", synthetic.STEPS[:3] + [("crash", 1, boom)])
    with pytest.raises(RuntimeError, match="simulated crash"):
        build_synthetic(db, patients=5, seed=0)
    assert db.read_bytes() == b"old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["synthetic.duckdb"]


def test_ensure_default_db(tmp_path, monkeypatch):
    monkeypatch.setattr(synthetic, "DEFAULT_PATIENTS", 8)
    paths.set_home(tmp_path)
    try:
        db = synthetic.ensure_default_db()
        assert db == tmp_path / "synthetic.duckdb" and metadata.read_info(db).source == "synthetic"
        stamp = os.stat(db).st_mtime_ns
        assert synthetic.ensure_default_db() == db and os.stat(db).st_mtime_ns == stamp  # complete: kept
        db.write_bytes(b"not a database")
        synthetic.ensure_default_db()
        assert metadata.read_info(db).extra["patients"] == "8"  # broken: rebuilt
    finally:
        paths.set_home(None)


def test_ensure_default_db_keeps_an_imported_database(tmp_path):
    paths.set_home(tmp_path)
    try:
        db = paths.default_db()
        con = duckdb.connect(str(db))
        metadata.set_meta(con, source="demo", version="2.2", created=metadata.now_iso())
        con.close()
        assert synthetic.ensure_default_db() == db
        assert metadata.read_info(db).source == "demo"
    finally:
        paths.set_home(None)


def test_cost_schedule_is_installed(con):
    from ehr_tui.tasks.cost import has_cost_schedule

    assert has_cost_schedule(con)
    # every billed HCPCS event and DRG of the synthetic data has a price
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.hcpcsevents h LEFT JOIN ehr_tui_ref.hcpcs_fee f "
                       "ON f.code = h.hcpcs_cd WHERE f.code IS NULL").fetchone()[0] == 0
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.drgcodes d LEFT JOIN ehr_tui_ref.drg_price p "
                       "ON p.drg_type = d.drg_type AND p.drg_code = d.drg_code "
                       "AND p.drg_severity IS NOT DISTINCT FROM d.drg_severity "
                       "WHERE p.drg_code IS NULL").fetchone()[0] == 0
