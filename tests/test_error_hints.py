"""Query errors keep DuckDB's useful hints (a real table, a function) and drop the ones pointing into
DuckDB's own catalog (`Did you mean "pg_enum"?`)."""

from __future__ import annotations

import duckdb
import pytest

from ehr_tui.mimic.sandbox import _clean_error


def _error(sql: str) -> str:
    con = duckdb.connect()
    con.execute("CREATE SCHEMA mimiciv_hosp; CREATE TABLE mimiciv_hosp.patients (subject_id INT)")
    with pytest.raises(duckdb.Error) as info:
        con.execute(sql)
    return _clean_error(info.value)


@pytest.mark.parametrize("sql", ["SELECT * FROM penum", "SELECT * FROM pg_enu", "SELECT * FROM duckdb_tabl"])
def test_system_catalog_hints_are_dropped(sql):
    text = _error(sql)
    assert "does not exist" in text and "Did you mean" not in text


@pytest.mark.parametrize("sql,hint", [("SELECT * FROM patients", "mimiciv_hosp.patients"),
                                      ("SELECT lenght('a')", '"length"')])
def test_useful_hints_stay(sql, hint):
    assert hint in _error(sql)
