"""The SQL sandbox: what may run, what is refused, limits, and that the database never changes."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import duckdb
import pytest

from ehr_tui.errors import UserError
from ehr_tui.mimic import metadata, schema
from ehr_tui.mimic.sandbox import SqlSandbox, check_statement


@pytest.fixture(scope="module")
def tiny_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("sb") / "tiny.duckdb"
    con = duckdb.connect(str(db))
    schema.create_schemas(con)
    metadata.set_meta(con, source="synthetic", version=schema.SCHEMA_VERSION, created=metadata.now_iso())
    con.execute("INSERT INTO mimiciv_hosp.patients SELECT range + 10000000, CASE WHEN range % 2 = 0 THEN 'F' "
                "ELSE 'M' END, 20 + range % 70, 2150, '2014 - 2016', NULL FROM range(500)")
    con.execute("INSERT INTO mimiciv_hosp.d_labitems VALUES (50912, 'Creatinine', 'Blood', 'Chemistry')")
    con.close()
    return db


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def sandbox(tiny_db):
    sb = SqlSandbox(tiny_db, timeout_s=120, max_rows=100)  # queries here must finish, even on a loaded machine
    yield sb
    sb.close()


@pytest.mark.parametrize("sql", [
    "SELECT count(*) FROM mimiciv_hosp.patients",
    "WITH f AS (SELECT * FROM mimiciv_hosp.patients WHERE gender = 'F') SELECT count(*) FROM f",
    "DESCRIBE mimiciv_hosp.patients",
    "SHOW ALL TABLES",
    "SUMMARIZE mimiciv_hosp.patients",
    "EXPLAIN SELECT * FROM mimiciv_hosp.patients",
    "FROM mimiciv_hosp.d_labitems",
    "SELECT 1 UNION ALL SELECT 2;",
    "-- leading comment\nSELECT anchor_age FROM mimiciv_hosp.patients ORDER BY 1 LIMIT 3",
])
def test_reading_statements_run(sandbox, sql):
    res = sandbox.execute(sql)
    assert res.ok, res.error
    assert res.columns and res.rows


@pytest.mark.parametrize("sql, needle", [
    ("INSERT INTO mimiciv_hosp.d_labitems VALUES (1, 'x', 'y', 'z')", "INSERT statements are not allowed"),
    ("UPDATE mimiciv_hosp.patients SET anchor_age = 1", "UPDATE statements are not allowed"),
    ("DELETE FROM mimiciv_hosp.patients", "DELETE statements are not allowed"),
    ("DROP TABLE mimiciv_hosp.patients", "DROP statements are not allowed"),
    ("CREATE TABLE t AS SELECT 1", "CREATE statements are not allowed"),
    ("ATTACH '/tmp/other.duckdb' AS o", "ATTACH statements are not allowed"),
    ("COPY mimiciv_hosp.patients TO '/tmp/leak.csv'", "COPY statements are not allowed"),
    ("EXPORT DATABASE '/tmp/leak'", "EXPORT statements are not allowed"),
    ("INSTALL httpfs", "INSTALL statements are not allowed"),
    ("LOAD httpfs", "LOAD statements are not allowed"),
    ("SET threads = 64", "SET statements are not allowed"),
    ("SET enable_external_access = true", "SET statements are not allowed"),
    ("PRAGMA memory_limit = '100GB'", "PRAGMA statements are not allowed"),
    ("CHECKPOINT", "CHECKPOINT statements are not allowed"),
    ("SELECT * FROM read_csv('/etc/passwd')", "read_csv() is not allowed"),
    ("SELECT * FROM read_csv_auto('/etc/passwd')", "read_csv_auto() is not allowed"),
    ("SELECT * FROM read_parquet('x.parquet')", "read_parquet() is not allowed"),
    ("SELECT * FROM glob('/etc/*')", "glob() is not allowed"),
    ("SELECT content FROM read_text('/etc/hostname')", "read_text() is not allowed"),
    ("SELECT * FROM '/etc/passwd'", "reading files"),
    ("SELECT * FROM 'data.csv'", "reading files"),
    ("SELECT 1; DROP TABLE mimiciv_hosp.patients", "one statement at a time"),
    ("", "empty query"),
    ("   ;  ", "empty query"),
])
def test_refused_with_clear_message(sandbox, tiny_db, sql, needle):
    before = _digest(tiny_db)
    res = sandbox.execute(sql)
    assert not res.ok
    assert needle in res.error
    assert _digest(tiny_db) == before


def test_connection_layer_blocks_what_the_check_lets_through(tiny_db):
    """Even a statement that passed the check cannot read files: external access is off."""
    sb = SqlSandbox(tiny_db)
    cur = sb.cursor()
    for sql in ("SELECT * FROM read_csv('/etc/passwd')", "ATTACH '/tmp/x.duckdb'", "SET threads = 8"):
        with pytest.raises(duckdb.Error):
            cur.execute(sql)
    sb.close()


def test_check_statement_returns_text_without_semicolon():
    error, text = check_statement("SELECT 1 ;")
    assert error is None and text == "SELECT 1"


def test_errors_are_text_not_exceptions(sandbox):
    res = sandbox.execute("SELEC 1")
    assert not res.ok and "syntax error" in res.error
    res = sandbox.execute("SELECT nope FROM mimiciv_hosp.patients")
    assert not res.ok and "nope" in res.error
    res = sandbox.execute("SELECT * FROM mimiciv_hosp.no_such_table")
    assert not res.ok and "no_such_table" in res.error


def test_runaway_cross_join_is_interrupted(tiny_db):
    sb = SqlSandbox(tiny_db, timeout_s=1.0)
    res = sb.execute("SELECT count(*) FROM range(1000000000) a, range(1000000000) b WHERE a.range + b.range = -1")
    assert not res.ok and "time limit" in res.error
    # the query could never finish (10^18 rows): it was cut, in far less time than running it
    # (generous bound: under load the interrupt itself can take seconds)
    assert res.elapsed_s < 120
    # the sandbox is usable afterwards
    assert sb.execute("SELECT 42").rows == [(42,)]
    sb.close()


def test_huge_result_is_capped_with_true_count(sandbox):
    res = sandbox.execute("SELECT range AS i FROM range(50000000)")
    assert res.ok and res.truncated
    assert len(res.rows) == 100
    assert res.row_count == 50_000_000
    assert "of 50,000,000 rows" in res.summary()
    small = sandbox.execute("SELECT * FROM mimiciv_hosp.patients LIMIT 7")
    assert not small.truncated and small.row_count == 7 and small.summary() == "7 rows"


def test_describe_result_counted_when_capped(tiny_db):
    sb = SqlSandbox(tiny_db, max_rows=3)
    res = sb.execute("DESCRIBE mimiciv_hosp.patients")
    assert res.truncated and res.row_count == len(schema.table("patients").columns)
    sb.close()


def test_memory_limit_is_enforced(tiny_db):
    # a time limit the query cannot reach, so the memory limit is the one that stops it
    sb = SqlSandbox(tiny_db, memory_limit="64MB", timeout_s=600)
    res = sb.execute("SELECT list(range) FROM range(200000000)")
    assert not res.ok and "memory" in res.error.lower()
    sb.close()


def test_concurrent_queries(sandbox):
    results = []

    def work(i):
        results.append(sandbox.execute(f"SELECT count(*) + {i} FROM mimiciv_hosp.patients").rows[0][0])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [500 + i for i in range(8)]


def test_missing_database_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        SqlSandbox(tmp_path / "nope.duckdb")


def test_markup_in_cells_is_plain_data(sandbox):
    res = sandbox.execute("SELECT '[bold red]x[/]' AS s")
    assert res.rows == [("[bold red]x[/]",)]
