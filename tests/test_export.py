"""Exporting query results (mimic/export.py, `ehr-tui sql -o FILE`): every format reads back as the rows the
query gave, big results stream, and a failed export leaves no file (and an older file at the target intact)."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from ehr_tui.cli import main
from ehr_tui.errors import UserError
from ehr_tui.mimic import metadata, schema
from ehr_tui.mimic.export import format_for
from ehr_tui.mimic.sandbox import SqlSandbox

QUERY = "SELECT subject_id, gender, anchor_age, dod FROM mimiciv_hosp.patients ORDER BY subject_id"


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("export") / "tiny.duckdb"
    con = duckdb.connect(str(path))
    schema.create_schemas(con)
    metadata.set_meta(con, source="synthetic", version=schema.SCHEMA_VERSION, created=metadata.now_iso())
    con.execute("INSERT INTO mimiciv_hosp.patients SELECT range + 10000000, CASE WHEN range % 2 = 0 THEN 'F' "
                "ELSE 'M' END, 20 + range % 70, 2150, '2014 - 2016', CASE WHEN range % 7 = 0 THEN "
                "DATE '2150-01-01' + range::INT END FROM range(1200)")
    con.close()
    return path


@pytest.fixture
def sandbox(db):
    with SqlSandbox(db, timeout_s=120) as sb:
        yield sb


def _expected(sandbox: SqlSandbox) -> list[tuple]:
    return sandbox.cursor().execute(QUERY).fetchall()  # DuckDB allows one configuration per file at a time


def _plain(v):
    return None if v is None else str(v)


@pytest.mark.parametrize("fmt", ["csv", "parquet", "json", "jsonl"])
def test_each_format_reads_back_as_the_query_result(sandbox, db, tmp_path, fmt):
    out = tmp_path / f"patients.{fmt}"
    done = sandbox.export(QUERY, out, fmt, batch_rows=100)  # 12 batches: the writer is fed in pieces
    expected = _expected(sandbox)
    assert done.rows == len(expected) == 1200 and done.columns == ["subject_id", "gender", "anchor_age", "dod"]
    if fmt == "csv":
        with open(out, newline="") as f:
            got = list(csv.reader(f))
        assert got[0] == done.columns
        assert [tuple(r) for r in got[1:]] == [tuple("" if v is None else str(v) for v in r) for r in expected]
    elif fmt == "parquet":
        got = pq.read_table(out).to_pylist()
        assert [tuple(r.values()) for r in got] == expected
    else:
        text = out.read_text()
        records = json.loads(text) if fmt == "json" else [json.loads(line) for line in text.splitlines()]
        assert [tuple(_plain(v) for v in r.values()) for r in records] == \
            [tuple(_plain(v) for v in r) for r in expected]
        assert records[0]["subject_id"] == 10000000 and records[0]["dod"] == "2150-01-01"  # typed, dates as ISO


def test_empty_result_is_a_valid_file(sandbox, tmp_path):
    for fmt in ("json", "jsonl", "csv", "parquet"):
        out = tmp_path / f"none.{fmt}"
        assert sandbox.export(QUERY.replace("ORDER BY", "WHERE false ORDER BY"), out, fmt).rows == 0
        if fmt == "json":
            assert json.loads(out.read_text()) == []
        if fmt == "parquet":
            assert pq.read_table(out).num_rows == 0


def test_max_rows_cuts_the_export(sandbox, tmp_path):
    out = tmp_path / "first.jsonl"
    assert sandbox.export(QUERY, out, "jsonl", max_rows=250, batch_rows=100).rows == 250
    assert len(out.read_text().splitlines()) == 250


def test_failure_mid_stream_leaves_no_file_and_keeps_the_old_one(sandbox, tmp_path):
    out = tmp_path / "x.csv"
    out.write_text("old contents\n")
    # the error is raised by a row deep in the result, after the first batches were written
    bad = "SELECT CASE WHEN range > 150000 THEN error('boom') ELSE range END AS r FROM range(200000)"
    with pytest.raises(UserError, match="boom") as e:
        sandbox.export(bad, out, "csv", batch_rows=1000)
    assert "cannot write" not in str(e.value)  # DuckDB's error, not taken for a failed write
    assert out.read_text() == "old contents\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.csv"]  # no .partial left behind


@pytest.mark.parametrize("sql,message", [
    ("COPY (SELECT 1) TO 'a.csv'", "not allowed"),
    ("SELECT * FROM read_csv('/etc/passwd')", "read_csv"),
    ("DROP TABLE mimiciv_hosp.patients", "not allowed"),
    ("SELECT * FROM nowhere", "nowhere"),
])
def test_the_sandbox_rules_hold_for_exports(sandbox, tmp_path, sql, message):
    with pytest.raises(UserError, match=message):
        sandbox.export(sql, tmp_path / "x.csv", "csv")
    assert list(tmp_path.iterdir()) == []


def test_a_type_parquet_cannot_hold_is_a_clear_error(sandbox, tmp_path):
    with pytest.raises(UserError, match="cannot write this result as parquet.*CAST"):
        sandbox.export("SELECT INTERVAL 3 DAY AS i", tmp_path / "i.parquet", "parquet")
    sandbox.export("SELECT INTERVAL 3 DAY AS i", tmp_path / "i.json", "json")
    assert json.loads((tmp_path / "i.json").read_text()) == [{"i": {"months": 0, "days": 3, "nanoseconds": 0}}]


def test_the_time_limit_stops_an_export(db, tmp_path):
    with SqlSandbox(db, timeout_s=0.2) as sb, pytest.raises(UserError, match="time limit"):
        sb.export("SELECT a.range * b.range AS x FROM range(100000) a, range(100000) b ORDER BY x DESC",
                  tmp_path / "big.csv", "csv")
    assert list(tmp_path.iterdir()) == []


def test_the_time_limit_stops_an_export_while_it_streams(db, tmp_path):
    """Rows already written when the limit passes: the interrupt arrives through pyarrow as an OSError, once
    reported as "cannot write big.csv: INTERRUPT Error"."""
    with SqlSandbox(db, timeout_s=0.5) as sb, pytest.raises(UserError, match="time limit"):
        sb.export("SELECT a.range * b.range AS x FROM range(100000) a, range(100000) b", tmp_path / "big.csv", "csv",
                  batch_rows=1000)
    assert list(tmp_path.iterdir()) == []


def test_an_interrupt_lost_between_two_statements_is_sent_again():
    import threading

    from ehr_tui.mimic.sandbox import _Watchdog

    calls, second = [], threading.Event()

    def interrupt():  # the first one lands between two statements, where DuckDB clears it
        calls.append(1)
        if len(calls) >= 2:
            second.set()

    dog = _Watchdog()
    alarm = dog.arm(0.05, interrupt)
    assert second.wait(30), "a lost interrupt was never sent again"
    assert alarm.fired
    alarm.disarm()
    after = len(calls)
    time.sleep(0.3)
    assert len(calls) <= after + 1  # at most the one already on its way when disarmed


def test_format_from_suffix():
    assert format_for("a.CSV") == "csv" and format_for("a.pq") == "parquet" and format_for("a.ndjson") == "jsonl"
    assert format_for("a.txt", "json") == "json"
    with pytest.raises(UserError, match="suffix"):
        format_for("a.txt")
    with pytest.raises(UserError, match="unknown export format"):
        format_for("a.csv", "xlsx")


def test_cli_exports_to_a_file_and_to_stdout(db, tmp_path, capsys):
    out = tmp_path / "p.parquet"
    assert main(["sql", "--db", str(db), QUERY, "-o", str(out)]) == 0
    assert pq.read_table(out).num_rows == 1200  # all rows: the display cap does not apply to exports
    assert "1,200 rows written" in capsys.readouterr().err
    assert main(["sql", "--db", str(db), QUERY, "--max-rows", "3", "--format", "jsonl", "-o", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(x)["subject_id"] for x in lines] == [10000000, 10000001, 10000002]


@pytest.mark.parametrize("argv,message", [
    (["-o", "-"], "needs --format"),
    (["-o", "-", "--format", "parquet"], "binary"),
    (["--format", "csv"], "goes with -o"),
    (["-o", "x.txt"], "suffix"),
    (["-o", "x.csv", "--json"], "one of them"),
    (["-o", "x.csv", "--format", "json"], "says csv but --format says json"),
    (["--max-rows", "0"], "at least 1"),
])
def test_cli_mistakes_are_errors_not_tracebacks(db, tmp_path, capsys, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    assert main(["sql", "--db", str(db), QUERY, *argv]) != 0
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x.txt").exists() and not (tmp_path / "x.csv").exists()
