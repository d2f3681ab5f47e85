"""The open demo is identified positively (published checksums, its 100 subjects); every other download is
credentialed unless the user says otherwise (issue 13, item 10)."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import duckdb
import pytest

from ehr_tui.errors import UserError
from ehr_tui.mimic import metadata, schema
from ehr_tui.mimic.demo_fingerprint import DEMO_SUBJECTS_SHA256, folder_is_demo, subjects_digest
from ehr_tui.mimic.importer import detect_source

from .conftest import DEMO_DIR

needs_demo = pytest.mark.skipif(not (DEMO_DIR / "hosp").is_dir(), reason="../shared demo is absent")


def _gz(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt") as f:
        f.write(text)


def test_a_readme_that_says_demo_is_not_enough(tmp_path):
    (tmp_path / "README.txt").write_text("MIMIC-IV Clinical Database Demo\nThis is a demo. Version: 2.2\n")
    (tmp_path / "demo_subject_id.csv").write_text("subject_id\n10000032\n")
    _gz(tmp_path / "hosp" / "patients.csv.gz", "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod\n"
        "10000032,F,52,2180,2014 - 2016,\n")
    assert not folder_is_demo(tmp_path)
    assert detect_source(tmp_path)[0] == "credentialed"


@needs_demo
def test_the_published_demo_is_recognised():
    assert folder_is_demo(DEMO_DIR)
    assert detect_source(DEMO_DIR) == ("demo", "2.2")


@needs_demo
def test_the_demo_with_one_file_changed_is_credentialed(tmp_path):
    for module in ("hosp", "icu"):
        (tmp_path / module).mkdir()
        for f in (DEMO_DIR / module).iterdir():
            os.symlink(f, tmp_path / module / f.name)
    (tmp_path / "hosp" / "admissions.csv.gz").unlink()
    _gz(tmp_path / "hosp" / "admissions.csv.gz", "subject_id,hadm_id\n1,2\n")  # e.g. a credentialed file
    assert not folder_is_demo(tmp_path)
    assert detect_source(tmp_path)[0] == "credentialed"


@needs_demo
def test_an_imported_demo_is_open_data(demo_db):
    info = metadata.read_info(demo_db)
    assert info.source == "demo" and info.extra["subjects_sha256"] == DEMO_SUBJECTS_SHA256 and info.open_data


def _labelled(path: Path, **meta) -> Path:
    con = duckdb.connect(str(path))
    schema.create_schemas(con)
    metadata.set_meta(con, version="2.2", created=metadata.now_iso(), **meta)
    con.execute("INSERT INTO mimiciv_hosp.patients (subject_id, gender, anchor_age, anchor_year, "
                "anchor_year_group) SELECT 19000000 + range, 'F', 50, 2150, '2014 - 2016' FROM range(100)")
    con.close()
    return path


def test_a_database_labelled_demo_with_other_patients_is_not_open(tmp_path):
    info = metadata.read_info(_labelled(tmp_path / "fake.duckdb", source="demo"))
    assert info.source == "demo" and not info.open_data and not info.restricted


def test_the_user_may_declare_a_folder_the_demo(tmp_path):
    info = metadata.read_info(_labelled(tmp_path / "mine.duckdb", source="demo", source_basis="given by the user"))
    assert info.open_data


def test_the_subject_digest_is_order_free():
    assert subjects_digest([3, 1, 2]) == subjects_digest([1, 2, 3]) != subjects_digest([1, 2])


@needs_demo
def test_removing_the_changed_file_does_not_make_its_rows_open(tmp_path):
    """First import: one table is not the demo's, so the database is credentialed. That file is then removed
    and the folder imported again: every file left is the demo's, but the table loaded from the removed file
    still holds its rows, so the database must stay credentialed. Replacing the file with the published one
    instead reloads every table from verified files, and then it is the demo."""
    from ehr_tui.agent import privacy
    from ehr_tui.mimic.importer import import_mimic

    src = tmp_path / "download"
    (src / "hosp").mkdir(parents=True)
    (src / "icu").mkdir()
    os.symlink(DEMO_DIR / "hosp" / "patients.csv.gz", src / "hosp" / "patients.csv.gz")
    demo_admissions = gzip.open(DEMO_DIR / "hosp" / "admissions.csv.gz", "rt").read()
    extra = "19999999,29999999,2180-01-01 00:00:00,2180-01-05 00:00:00,,URGENT,P0,EMERGENCY ROOM,HOME,Medicare," \
            "English,SINGLE,WHITE,,,0\n"
    _gz(src / "hosp" / "admissions.csv.gz", demo_admissions + extra)
    db = tmp_path / "x.duckdb"
    tables = ["patients", "admissions"]
    assert import_mimic(src, db, tables=tables).source == "credentialed"
    (src / "hosp" / "admissions.csv.gz").unlink()
    report = import_mimic(src, db, tables=tables)
    info = metadata.read_info(db)
    assert report.source == info.source == "credentialed" and not info.open_data
    assert "no longer in the download" in info.extra["source_basis"]
    with pytest.raises(UserError, match="holds credentialed MIMIC-IV data"):
        privacy.check_endpoint(info, "https://api.openai.com/v1")
    # the published file back in place: reloaded from it, the extra row is gone and the database is the demo
    os.symlink(DEMO_DIR / "hosp" / "admissions.csv.gz", src / "hosp" / "admissions.csv.gz")
    import_mimic(src, db, tables=["patients"])  # even when only another table is asked for
    info = metadata.read_info(db)
    assert info.source == "demo" and info.open_data
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM mimiciv_hosp.admissions WHERE hadm_id = 29999999").fetchone() == (0,)
    con.close()
