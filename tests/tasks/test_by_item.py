"""The generator's by-item copies of the large event tables (workdb.BY_ITEM): population queries read them,
patient queries the file's own tables, and the tasks a generation makes do not depend on which one a query
read (the same rows, in another order)."""

from __future__ import annotations

import json

from ehr_tui.tasks import execute, generate, intents, workdb
from ehr_tui.tasks.workdb import WorkDb

# (a float sum depends on the order it adds in: rounded far above its noise)
LAB_ONE_ITEM = ("SELECT count(*), round(sum(valuenum), 6) FROM mimiciv_hosp.labevents l "
                "JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid AND d.label = 'Potassium'")


def test_small_tables_are_not_copied(demo_db):
    with WorkDb(demo_db) as w:
        w.query("SELECT 1", by_item=True)
        assert w.query("SELECT count(*) FROM duckdb_tables() WHERE database_name = 'work' "
                       "AND schema_name <> 'main'").rows == [(0,)]


def test_a_population_query_reads_the_copy_ordered_by_item(demo_db, monkeypatch):
    monkeypatch.setattr(workdb, "BY_ITEM_MIN_ROWS", 0)
    with WorkDb(demo_db) as w:
        plain = w.query(LAB_ONE_ITEM).rows
        assert w.query(LAB_ONE_ITEM, by_item=True).rows == plain
        where = w.query("SELECT database_name, schema_name FROM duckdb_tables() WHERE table_name = 'labevents' "
                        "ORDER BY 1").rows
        assert where == [("mimic", "mimiciv_hosp"), ("work", "mimiciv_hosp")]
        # the copy is in item order; every other table still comes from the file
        items = [r[0] for r in w.query("SELECT itemid FROM work.mimiciv_hosp.labevents").rows]
        assert items == sorted(items)
        assert w.query("SELECT count(*) FROM mimiciv_hosp.admissions", by_item=True).rows == \
            w.query("SELECT count(*) FROM mimic.mimiciv_hosp.admissions").rows
        assert w.by_item_seconds > 0


def test_only_population_templates_read_by_item():
    levels = {t.level: execute.by_item(t) for t in intents.all_templates()}
    assert levels == {"patient": False, "population": True}


def test_the_tasks_do_not_depend_on_the_copies(demo_cost_db, monkeypatch):
    picked = [t for t in intents.all_templates() if t.intent == "labs" and t.level == "population"][:6]
    plain = generate.generate(demo_cost_db, 60, seed=3, templates=picked)
    monkeypatch.setattr(workdb, "BY_ITEM_MIN_ROWS", 0)
    copied = generate.generate(demo_cost_db, 60, seed=3, templates=picked)
    assert [t.to_json() for t in copied.tasks] == [t.to_json() for t in plain.tasks]
    assert "by-item copies" in json.loads(json.dumps(copied.seconds))
    assert plain.tasks, "the demo gives lab population tasks"


def test_a_killed_generators_work_folder_is_swept(demo_db, tmp_path, monkeypatch):
    import subprocess
    import sys
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a process id that no longer runs
    stale = tmp_path / f"{workdb._TMP_PREFIX}{dead.pid}-abc"
    stale.mkdir()
    (stale / "spill.tmp").write_bytes(b"x" * 1000)
    other = tmp_path / f"{workdb._TMP_PREFIX}old"  # a folder without a process id: not ours to judge
    other.mkdir()
    with WorkDb(demo_db) as w:
        assert not stale.exists() and other.exists()
        assert str(w._tmp).startswith(str(tmp_path / f"{workdb._TMP_PREFIX}"))


def test_a_copy_that_fails_leaves_its_table_to_the_file(demo_db, monkeypatch):
    monkeypatch.setattr(workdb, "BY_ITEM_MIN_ROWS", 0)
    monkeypatch.setattr(workdb, "BY_ITEM", (("mimiciv_hosp", "labevents", "no_such_column"),
                                            ("mimiciv_hosp", "prescriptions", "drug, subject_id, starttime")))
    with WorkDb(demo_db) as w:
        assert w.query(LAB_ONE_ITEM, by_item=True).rows == w.query(LAB_ONE_ITEM).rows
        assert "mimiciv_hosp.labevents" in w.by_item_skipped and "no_such_column" in w.by_item_skipped[
            "mimiciv_hosp.labevents"]
        assert w.query("SELECT database_name FROM duckdb_tables() WHERE table_name IN ('labevents', "
                       "'prescriptions') ORDER BY 1").rows == [("mimic",), ("mimic",), ("work",)]
