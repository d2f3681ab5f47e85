"""The schema module against the official column list (../shared/reference) and its own invariants."""

from __future__ import annotations

import csv

import duckdb
import pytest

from ehr_tui.mimic import schema

from .conftest import SHARED

REFERENCE = SHARED / "reference" / "mimiciv_columns.tsv"
# Nullable in DuckDB although NOT NULL in the PostgreSQL build: the published CSVs hold empty values there.
RELAXED = {("microbiologyevents", "spec_type_desc"), ("prescriptions", "drug")}


def test_thirty_one_tables():
    assert len(schema.TABLES) == 31
    assert len(schema.tables("hosp")) == 22 and len(schema.tables("icu")) == 9
    assert len({t.qualified for t in schema.TABLES}) == 31


def test_keys_name_real_columns():
    for t in schema.TABLES:
        assert t.description
        for c in t.primary_key:
            t.column(c)
        for fk in t.foreign_keys:
            t.column(fk.column)
            module, table, column = fk.references.split(".")
            schema.table(f"{module}.{table}").column(column)


def test_lookup_by_any_name():
    assert schema.table("labevents") is schema.table("hosp.labevents") is schema.table("mimiciv_hosp.labevents")
    with pytest.raises(KeyError, match="unknown MIMIC-IV table"):
        schema.table("labevent")


@pytest.mark.skipif(not REFERENCE.is_file(), reason="../shared/reference is not beside the checkout")
def test_matches_official_column_list():
    ref: dict[tuple[str, str], list[tuple[str, bool]]] = {}
    with REFERENCE.open() as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["module"] in ("hosp", "icu"):
                ref.setdefault((row["module"], row["table"]), []).append((row["column"], row["not_null"] == "YES"))
    assert {(t.module, t.name) for t in schema.TABLES} == set(ref)
    for t in schema.TABLES:
        expected = ref[(t.module, t.name)]
        assert t.column_names == [c for c, _ in expected], t.name
        for col, (name, not_null) in zip(t.columns, expected):
            assert col.not_null == (not_null and (t.name, name) not in RELAXED), (t.name, name)


def test_ddl_creates_every_table():
    con = duckdb.connect()
    schema.create_schemas(con)
    n = con.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name LIKE 'mimiciv_%'").fetchone()[0]
    assert n == 31
    assert con.execute("SELECT data_type FROM duckdb_columns() WHERE table_name = 'diagnoses_icd' "
                       "AND column_name = 'icd_code'").fetchone()[0] == "VARCHAR"


def test_description_for_prompts_mentions_every_table():
    text = schema.describe()
    for t in schema.TABLES:
        assert t.qualified + "(" in text
