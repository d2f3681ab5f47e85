"""A capped result is fetched as ``SELECT * FROM (q) LIMIT cap + 1`` plus a pruned ``count(*)`` when it
is larger (issue 16, item 4). Both sandboxes must show exactly the rows, columns, types, count and
errors of the statement as written; the statements where the rewrite is unsafe must keep streaming."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from ehr_tui.mimic import metadata, schema
from ehr_tui.mimic.confined_sql import ConfinedSqlSandbox
from ehr_tui.mimic.sandbox import SqlSandbox, capped_head_sql

CAP = 25


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("capped") / "capped.duckdb"
    con = duckdb.connect(str(path))
    schema.create_schemas(con)
    metadata.set_meta(con, source="synthetic", version=schema.SCHEMA_VERSION, created=metadata.now_iso())
    con.execute("INSERT INTO mimiciv_hosp.patients SELECT range + 10000000, CASE WHEN range % 3 = 0 THEN 'F' "
                "ELSE 'M' END, 20 + range % 70, 2150, '2014 - 2016', NULL FROM range(300)")
    con.execute("INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime, admission_type) "
                "SELECT 10000000 + range % 300, 20000000 + range, TIMESTAMP '2150-01-01' + INTERVAL (range) HOUR, "
                "TIMESTAMP '2150-01-03' + INTERVAL (range) HOUR, CASE WHEN range % 4 = 0 THEN 'URGENT' "
                "ELSE 'EW EMER.' END FROM range(900)")
    con.close()
    return path


# Statements an agent writes, larger and smaller than the cap, ordered and not, joined, with LIMIT/OFFSET.
QUERIES = [
    "SELECT * FROM mimiciv_hosp.admissions ORDER BY hadm_id",
    "FROM mimiciv_hosp.admissions WHERE admission_type = 'URGENT' ORDER BY admittime DESC",
    "SELECT subject_id, hadm_id, admittime FROM mimiciv_hosp.admissions ORDER BY subject_id, hadm_id "
    "LIMIT 40 OFFSET 3",
    "SELECT p.subject_id, p.gender, a.hadm_id FROM mimiciv_hosp.patients p JOIN mimiciv_hosp.admissions a "
    "ON a.subject_id = p.subject_id WHERE p.gender = 'F' ORDER BY a.hadm_id",
    "SELECT * FROM mimiciv_hosp.patients p JOIN mimiciv_hosp.admissions a ON a.subject_id = p.subject_id "
    "ORDER BY a.hadm_id",  # two subject_id columns: the wrapper would rename one
    "SELECT subject_id, subject_id FROM mimiciv_hosp.patients ORDER BY 1",
    "SELECT subject_id AS x, anchor_age AS X FROM mimiciv_hosp.patients ORDER BY 1",
    "SELECT hadm_id, dischtime - admittime AS stay, hadm_id + 1 FROM mimiciv_hosp.admissions ORDER BY hadm_id",
    "SELECT * FROM mimiciv_hosp.patients WHERE anchor_age > 85 ORDER BY subject_id",  # fewer than the cap
    "SELECT * FROM mimiciv_hosp.patients WHERE anchor_age > 200",  # no rows
    "SELECT subject_id FROM mimiciv_hosp.patients WHERE subject_id IN "
    "(SELECT subject_id FROM mimiciv_hosp.admissions WHERE admission_type = 'URGENT') ORDER BY 1",
    "WITH u AS (SELECT * FROM mimiciv_hosp.admissions WHERE hadm_id % 5 = 0) SELECT hadm_id FROM u ORDER BY 1",
    "SELECT subject_id, count(*) AS n FROM mimiciv_hosp.admissions GROUP BY subject_id ORDER BY subject_id",
    "SELECT DISTINCT admission_type FROM mimiciv_hosp.admissions ORDER BY 1",
    "SELECT hadm_id, row_number() OVER (PARTITION BY subject_id ORDER BY admittime) AS k "
    "FROM mimiciv_hosp.admissions ORDER BY hadm_id",
    "SELECT 1 AS a UNION ALL SELECT 2 ORDER BY a",
    "DESCRIBE mimiciv_hosp.admissions",
    "SELECT * -- trailing comment\nFROM mimiciv_hosp.admissions ORDER BY hadm_id -- and another",
]


def _raw(db: Path, sql: str):
    # A byte copy: DuckDB refuses a second connection with other settings to the sandbox's file.
    copy = db.with_name("raw-copy.duckdb")
    if not copy.exists():
        shutil.copy(db, copy)
    con = duckdb.connect(str(copy), read_only=True)
    try:
        res = con.execute(sql)
        cols = [d[0] for d in res.description]
        types = [str(d[1]) for d in res.description]
        rows = res.fetchall()
    finally:
        con.close()
    return cols, types, rows


@pytest.fixture(scope="module")
def sandboxes(db):
    trusted = SqlSandbox(db, max_rows=CAP)
    confined = ConfinedSqlSandbox(db, processes=1, max_rows=CAP, timeout_s=30)
    confined.start()
    yield {"in-process": trusted, "confined": confined}
    trusted.close()
    confined.close()


@pytest.mark.parametrize("which", ["in-process", "confined"])
@pytest.mark.parametrize("sql", QUERIES)
def test_capped_result_is_the_statement_as_written(sandboxes, db, which, sql):
    cols, types, rows = _raw(db, sql)
    res = sandboxes[which].execute(sql)
    assert res.ok, res.error
    assert res.columns == cols and res.types == types
    assert [tuple(r) for r in res.rows] == rows[:CAP]
    assert res.row_count == len(rows) and res.truncated == (len(rows) > CAP)


@pytest.mark.parametrize("which", ["in-process", "confined"])
def test_errors_name_the_users_text_not_the_wrapper(sandboxes, which):
    res = sandboxes[which].execute("SELECT hadm_idd FROM mimiciv_hosp.admissions")
    assert not res.ok and "hadm_idd" in res.error and f"LIMIT {CAP + 1}" not in res.error
    res = sandboxes[which].execute("SELECT CAST(admission_type AS INTEGER) FROM mimiciv_hosp.admissions")
    assert not res.ok and ("URGENT" in res.error or "EW EMER." in res.error)
    assert f"LIMIT {CAP + 1}" not in res.error


@pytest.mark.parametrize("which", ["in-process", "confined"])
def test_a_count_that_runs_out_of_time_keeps_the_preview(sandboxes, which):
    # The capped form stops after CAP + 1 rows at once; counting 10^11 rows takes minutes, so it is the
    # count (never the preview) that the time limit stops, however loaded the machine.
    res = sandboxes[which].execute("SELECT range AS x FROM range(100000000000) WHERE range % 7 = 0",
                                   timeout_s=3)
    assert res.ok, res.error
    assert len(res.rows) == CAP and res.truncated and res.row_count is None
    assert [r[0] for r in res.rows] == [7 * i for i in range(CAP)]


@pytest.mark.parametrize("sql", [
    "SELECT count(*) FROM t", "SELECT x, count(*) FROM t GROUP BY x", "SELECT DISTINCT x FROM t",
    "SELECT x FROM t QUALIFY row_number() OVER () = 1", "SELECT sum(x) OVER () FROM t",
    "WITH a AS (SELECT x, max(y) AS m FROM t GROUP BY x) SELECT * FROM a",
    "SELECT x FROM t WHERE y > (SELECT avg(y) FROM t)", "SELECT x FROM t ORDER BY random()",
    "SELECT x, uuid() FROM t", "SELECT * FROM t USING SAMPLE 10", "SELECT * FROM t TABLESAMPLE 5%",
    "SELECT * FROM t JOIN u USING (x)", "SELECT t.*, u.y FROM t JOIN u USING (x)", "SELECT *, x FROM t",
    "SELECT a.x, b.x FROM t a JOIN t b USING (y)", "SELECT 1 UNION SELECT 2", "DESCRIBE t", "SHOW TABLES",
    "SELECT x FROM t; SELECT 2",
])
def test_statements_that_must_stream(sql):
    assert capped_head_sql(sql, CAP) is None


@pytest.mark.parametrize("sql", [
    "SELECT * FROM t", "FROM t WHERE x > 1", "SELECT x, y FROM t ORDER BY y DESC LIMIT 5",
    "SELECT t.x, u.y FROM t JOIN u USING (x) WHERE u.y = 'a'", "SELECT x FROM t WHERE x IN (SELECT x FROM u)",
])
def test_statements_cut_inside_duckdb(sql):
    assert capped_head_sql(sql, CAP) == f"SELECT * FROM (\n{sql}\n) LIMIT {CAP + 1}"
