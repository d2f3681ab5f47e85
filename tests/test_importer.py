"""Importer tests on the real MIMIC-IV demo (skipped when ../shared is absent) and on small copies of it."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import duckdb
import pytest

from ehr_tui import cli
from ehr_tui.errors import UserError
from ehr_tui.mimic import metadata, schema
from ehr_tui.mimic.importer import import_mimic

from .conftest import DEMO_DIR, needs_demo


def _copy_tables(dst: Path, names: list[str]) -> Path:
    """A PhysioNet-layout folder holding only some demo tables (plus the demo marker file)."""
    for name in names:
        t = schema.table(name)
        (dst / t.module).mkdir(parents=True, exist_ok=True)
        shutil.copy(DEMO_DIR / t.module / f"{t.name}.csv.gz", dst / t.module / f"{t.name}.csv.gz")
    shutil.copy(DEMO_DIR / "demo_subject_id.csv", dst / "demo_subject_id.csv")
    return dst


@needs_demo
def test_demo_counts_and_metadata(demo_db):
    con = duckdb.connect(str(demo_db), read_only=True)
    count = lambda t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: E731
    assert count("mimiciv_hosp.patients") == 100
    assert count("mimiciv_hosp.admissions") == 275
    assert count("mimiciv_icu.icustays") == 140
    assert count("mimiciv_hosp.labevents") == 107_727
    assert count("mimiciv_icu.chartevents") == 0  # absent from ../shared: created empty
    info = metadata.read_info(demo_db)
    assert (info.source, info.version) == ("demo", "2.2")
    assert not info.restricted
    assert len(info.row_counts) == 31


@needs_demo
def test_demo_types_follow_schema(demo_db):
    con = duckdb.connect(str(demo_db), read_only=True)
    actual = {
        (s, t, c): (ty, nullable)
        for s, t, c, ty, nullable in con.execute(
            "SELECT schema_name, table_name, column_name, data_type, is_nullable FROM duckdb_columns() "
            "WHERE schema_name LIKE 'mimiciv_%'").fetchall()
    }
    for t in schema.TABLES:
        for c in t.columns:
            ty, nullable = actual[(t.schema, t.name, c.name)]
            assert ty == c.type, (t.qualified, c.name, ty)
            assert nullable == c.nullable, (t.qualified, c.name)
    # ICD-9 codes keep their leading zeros; times are real timestamps
    codes = [r[0] for r in con.execute(
        "SELECT icd_code FROM mimiciv_hosp.diagnoses_icd WHERE icd_version = 9 AND icd_code LIKE '0%'").fetchall()]
    assert codes and all(c.startswith("0") for c in codes)
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.d_icd_diagnoses WHERE icd_code = '0389'").fetchone()[0] == 1
    lo, hi = con.execute("SELECT min(admittime), max(dischtime) FROM mimiciv_hosp.admissions").fetchone()
    assert lo.year > 2100 and hi > lo
    # the capitalised ORIGINALAMOUNT header of procedureevents is matched
    assert con.execute("SELECT count(originalamount) FROM mimiciv_icu.procedureevents").fetchone()[0] > 0


@needs_demo
def test_demo_primary_keys_unique(demo_db):
    con = duckdb.connect(str(demo_db), read_only=True)
    for t in schema.TABLES:
        if not t.primary_key:
            continue
        key = ", ".join(t.primary_key)
        n, distinct = con.execute(f"SELECT count(*), count(DISTINCT ({key})) FROM {t.qualified}").fetchone()
        assert n == distinct, t.qualified


@needs_demo
def test_rerun_skips_unchanged_and_never_duplicates(tmp_path):
    src = _copy_tables(tmp_path / "src", ["patients", "admissions"])
    db = tmp_path / "x.duckdb"
    first = import_mimic(src, db)
    assert {r.table: r.status for r in first.results}["mimiciv_hosp.patients"] == "loaded"
    second = import_mimic(src, db)
    assert {r.table: r.status for r in second.results}["mimiciv_hosp.patients"] == "skipped"
    forced = import_mimic(src, db, force=True)
    assert {r.table: r.status for r in forced.results}["mimiciv_hosp.patients"] == "loaded"
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.patients").fetchone()[0] == 100
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.admissions").fetchone()[0] == 275


@needs_demo
def test_corrupt_table_fails_alone_and_resumes_after_fix(tmp_path):
    src = _copy_tables(tmp_path / "src", ["patients", "admissions", "transfers"])
    good = (src / "hosp" / "admissions.csv.gz").read_bytes()
    (src / "hosp" / "admissions.csv.gz").write_bytes(good[: len(good) // 2])  # truncated download
    db = tmp_path / "x.duckdb"
    report = import_mimic(src, db)
    status = {r.table: r for r in report.results}
    assert status["mimiciv_hosp.admissions"].status == "failed"
    assert "admissions.csv.gz" in status["mimiciv_hosp.admissions"].message
    assert status["mimiciv_hosp.patients"].status == "loaded"
    assert status["mimiciv_hosp.transfers"].status == "loaded"
    assert status["mimiciv_icu.icustays"].status == "missing"
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.admissions").fetchone()[0] == 0  # rolled back
    con.close()
    (src / "hosp" / "admissions.csv.gz").write_bytes(good)
    again = {r.table: r.status for r in import_mimic(src, db).results}
    assert again["mimiciv_hosp.admissions"] == "loaded"
    assert again["mimiciv_hosp.patients"] == "skipped"


@needs_demo
def test_plain_csv_and_bad_rows(tmp_path):
    src = tmp_path / "src" / "hosp"
    src.mkdir(parents=True)
    with gzip.open(DEMO_DIR / "hosp" / "patients.csv.gz", "rt") as f:
        text = f.read()
    (src / "patients.csv").write_text(text)
    report = import_mimic(tmp_path / "src", tmp_path / "a.duckdb", tables=["patients"], source="demo")
    assert report.results[0].status == "loaded" and report.results[0].rows == 100
    # a value that does not fit its column type fails the table with the file named
    (src / "patients.csv").write_text(text.replace(",F,21,", ",F,twenty-one,", 1))
    report = import_mimic(tmp_path / "src", tmp_path / "b.duckdb", tables=["patients"], source="demo")
    assert report.results[0].status == "failed" and "patients.csv" in report.results[0].message


def test_not_a_download_folder(tmp_path):
    with pytest.raises(UserError, match="does not look like a MIMIC-IV download"):
        import_mimic(tmp_path, tmp_path / "x.duckdb")
    with pytest.raises(UserError, match="is not a folder"):
        import_mimic(tmp_path / "nope", tmp_path / "x.duckdb")


def test_cli_reports_user_errors_in_one_line(tmp_path, capsys):
    rc = cli.main(["db", "import", str(tmp_path / "nope"), "--db", str(tmp_path / "x.duckdb")])
    err = capsys.readouterr().err
    assert rc == 2
    assert "error:" in err and "Traceback" not in err


@needs_demo
def test_cli_import_prints_counts(tmp_path, capsys):
    src = _copy_tables(tmp_path / "src", ["patients"])
    rc = cli.main(["db", "import", str(src), "--db", str(tmp_path / "x.duckdb")])
    out = capsys.readouterr().out
    assert rc == 0
    assert "mimiciv_hosp.patients" in out and "100" in out
    assert "missing" in out  # the other 30 tables


@needs_demo
def test_source_mismatch_refused(tmp_path):
    src = _copy_tables(tmp_path / "src", ["patients"])
    db = tmp_path / "x.duckdb"
    import_mimic(src, db)
    with pytest.raises(UserError, match="already holds demo data"):
        import_mimic(src, db, source="credentialed")


@needs_demo
def test_import_installs_the_cost_schedule(demo_db):
    from ehr_tui.tasks.cost import has_cost_schedule

    con = duckdb.connect(str(demo_db), read_only=True)
    assert has_cost_schedule(con)
    # every billed HCPCS event of the demo has a fee
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.hcpcsevents h LEFT JOIN ehr_tui_ref.hcpcs_fee f "
                       "ON f.code = h.hcpcs_cd WHERE f.code IS NULL").fetchone()[0] == 0


def _stored_in_key_order(con, table: schema.Table) -> bool:
    """Whether the rows, read in storage order (rowid), are sorted by the table's cluster key."""
    key = ", ".join(table.cluster_key)
    return con.execute(
        f"SELECT count(*) = 0 FROM (SELECT rowid AS r, row_number() OVER (ORDER BY {key}, rowid) AS k "
        f"FROM {table.qualified}) WHERE r + 1 <> k"
    ).fetchone()[0]


@needs_demo
def test_event_tables_are_stored_in_patient_order(demo_db):
    # The demo's files are not sorted by patient (labevents has thousands of runs per subject);
    # stored by (subject_id, hadm_id, [stay_id,] time), zone maps can prune patient queries.
    con = duckdb.connect(str(demo_db), read_only=True)
    try:
        keyed = [t for t in schema.TABLES if t.cluster_key]
        assert {"labevents", "chartevents", "emar", "prescriptions", "admissions"} <= {t.name for t in keyed}
        for t in keyed:
            assert _stored_in_key_order(con, t), t.qualified
        runs = con.execute("SELECT count(*) FROM (SELECT subject_id, lag(subject_id) OVER (ORDER BY rowid) p "
                           "FROM mimiciv_hosp.labevents) WHERE p IS DISTINCT FROM subject_id").fetchone()[0]
        assert runs == con.execute("SELECT count(DISTINCT subject_id) FROM mimiciv_hosp.labevents").fetchone()[0]
    finally:
        con.close()


@needs_demo
def test_limits_are_checked_first_and_spill_is_cleaned(tmp_path):
    src = _copy_tables(tmp_path / "src", ["patients", "admissions"])
    db = tmp_path / "x.duckdb"
    for kw, msg in (({"memory_limit": "lots"}, "not a size"), ({"memory_limit": "10MB"}, "too small"),
                    ({"threads": 0}, "--threads")):
        with pytest.raises(UserError, match=msg):
            import_mimic(src, db, **kw)
        assert not db.exists()
    report = import_mimic(src, db, memory_limit="512MB", threads=1)
    assert [r.status for r in report.results if r.table.endswith(("patients", "admissions"))] == ["loaded"] * 2
    assert not (tmp_path / "x.duckdb.spill").exists()
    rc = cli.main(["db", "import", str(src), "--db", str(tmp_path / "y.duckdb"), "--memory-limit", "1"])
    assert rc == 2 and not (tmp_path / "y.duckdb").exists()
