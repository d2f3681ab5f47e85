"""SQL building blocks of the synthetic generator: a seeded hash PRNG, small lookup tables, schema-driven inserts.

Randomness is a pure function of (seed, key, salt) through DuckDB's 64-bit ``hash``,
never ``random()``: results do not depend on thread scheduling, and every row
can be regenerated from its key alone. Salts are derived from names, so adding
a new random draw does not shift the others.
"""

from __future__ import annotations

import zlib
from typing import Iterable, Sequence

import duckdb

from .. import schema
from ...sqltext import sql_literal

# 2**-53: maps the top 53 bits of a 64-bit hash onto [0, 1).
_INV53 = "1.1102230246251565e-16"


def salt(name: str) -> int:
    """A stable integer salt for one named random draw."""
    return zlib.crc32(name.encode()) & 0x3FFFFFFF


def _seed_mix(seed: int) -> int:
    """splitmix64 of the seed: a 64-bit constant the per-row hashes are keyed with."""
    x = (seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def define_macros(con: duckdb.DuckDBPyConnection, seed: int) -> None:
    """u(a, s), u2(a, b, s): uniform [0, 1); z(a, s), z2(a, b, s): standard normal (Box-Muller); ts(seconds).

    Keys are mixed by chaining DuckDB's 64-bit hash with xor: hash(x, y) with several
    arguments is not used because its outputs for different salts are correlated.
    """
    k = _seed_mix(int(seed))
    con.execute(f"""
        CREATE OR REPLACE TEMP MACRO _h(a, s) AS hash(xor(hash(xor(hash((a)::BIGINT), {k}::UBIGINT)), (s)::UBIGINT));
        CREATE OR REPLACE TEMP MACRO u(a, s) AS (_h(a, s) >> 11)::DOUBLE * {_INV53};
        CREATE OR REPLACE TEMP MACRO u2(a, b, s) AS
            (hash(xor(_h(a, s), hash((b)::BIGINT))) >> 11)::DOUBLE * {_INV53};
        CREATE OR REPLACE TEMP MACRO z(a, s) AS
            sqrt(-2.0 * ln(1.0 - u(a, s))) * cos(6.283185307179586 * u(a, (s) + 1));
        CREATE OR REPLACE TEMP MACRO z2(a, b, s) AS
            sqrt(-2.0 * ln(1.0 - u2(a, b, s))) * cos(6.283185307179586 * u2(a, b, (s) + 1));
        CREATE OR REPLACE TEMP MACRO ts(sec) AS make_timestamp((sec)::BIGINT * 1000000);
        CREATE OR REPLACE TEMP MACRO epoch_s(t) AS (epoch_us(t) // 1000000);
        CREATE OR REPLACE TEMP MACRO clamp(x, lo, hi) AS greatest(lo, least(hi, x));
        CREATE OR REPLACE TEMP MACRO numtxt(x, d) AS
            CASE WHEN d = 0 THEN CAST(round(x)::BIGINT AS VARCHAR) ELSE CAST(round(x, d) AS VARCHAR) END;
    """)


lit = sql_literal  # a Python value as a SQL literal


def values_table(con: duckdb.DuckDBPyConnection, name: str, columns: Sequence[tuple[str, str]],
                 rows: Iterable[Sequence]) -> None:
    """CREATE TEMP TABLE name(columns) holding rows (a small lookup table)."""
    cols = ", ".join(f"{c} {t}" for c, t in columns)
    con.execute(f"CREATE OR REPLACE TEMP TABLE {name} ({cols})")
    rows = list(rows)
    for start in range(0, len(rows), 500):
        chunk = rows[start:start + 500]
        values = ", ".join("(" + ", ".join(lit(v) for v in r) + ")" for r in chunk)
        con.execute(f"INSERT INTO {name} VALUES {values}")


def weighted_rows(group, options: Iterable[tuple]) -> list[tuple]:
    """(group, value..., lo, hi) rows: options' weights turned into cumulative [lo, hi) ranges of [0, 1)."""
    options = list(options)
    total = sum(o[-1] for o in options)
    out, acc = [], 0.0
    for i, o in enumerate(options):
        lo = acc / total
        acc += o[-1]
        hi = 1.0 if i == len(options) - 1 else acc / total
        out.append((group, *o[:-1], lo, hi))
    return out


def pick(u_sql: str, options: Sequence[tuple], resolution: int = 1000) -> str:
    """SQL choosing one of options [(value, weight)] by the uniform u_sql (a constant-list lookup, no join)."""
    total = sum(w for _, w in options)
    slots: list = []
    acc = 0.0
    for value, w in options:
        acc += w
        slots.extend([value] * (round(acc / total * resolution) - len(slots)))
    slots.extend([options[-1][0]] * (resolution - len(slots)))
    lst = "[" + ", ".join(lit(v) for v in slots) + "]"
    return f"({lst})[1 + least({resolution - 1}, floor(({u_sql}) * {resolution})::INTEGER)]"


def perm_id(index_sql: str, base: int, modulus: int, mult: int = 2654435761, offset: int = 0) -> str:
    """An id that looks random but is unique: base + (index * mult + offset) mod modulus (gcd(mult, modulus) = 1)."""
    return f"({base} + ((({index_sql})::HUGEINT * {mult} + {offset}) % {modulus}))::BIGINT"


# Tables whose primary key starts with text: stored in an integer order that is as total (sorting text is slow).
STORAGE_ORDER: dict[str, tuple[str, ...]] = {
    "emar": ("subject_id", "emar_seq"),
    "emar_detail": ("subject_id", "emar_seq", "parent_field_ordinal"),
    "poe": ("subject_id", "poe_seq"),
    "poe_detail": ("subject_id", "poe_seq", "field_name"),
}


def insert_table(con: duckdb.DuckDBPyConnection, table_name: str, select_sql: str) -> int:
    """Fill one MIMIC-IV table from a SELECT, in primary-key order; returns the row count.

    Column names, order and types come from the schema: the SELECT's columns are
    matched by name (a name the schema lacks is an error, a column the SELECT
    leaves out is NULL) and cast to the schema type. Rows are written in
    primary-key order (STORAGE_ORDER for text keys) so that the file, and any
    query over it, is the same whatever the thread count.
    """
    table = schema.table(table_name)
    con.execute(f"CREATE OR REPLACE TEMP VIEW _stage AS {select_sql}")
    produced = [r[0] for r in con.execute("SELECT column_name FROM (DESCRIBE _stage)").fetchall()]
    unknown = sorted(set(produced) - set(table.column_names))
    if unknown:
        raise ValueError(f"{table.qualified} has no column(s) {', '.join(unknown)}")
    select = ", ".join(
        f"CAST({c.name} AS {c.type}) AS {c.name}" if c.name in produced else f"CAST(NULL AS {c.type}) AS {c.name}"
        for c in table.columns
    )
    keys = STORAGE_ORDER.get(table.name) or table.primary_key or tuple(table.column_names[:1])
    order = ", ".join(f"{k} NULLS FIRST" for k in keys)
    con.execute(f"INSERT INTO {table.qualified} SELECT {select} FROM _stage ORDER BY {order}")
    con.execute("DROP VIEW _stage")
    return con.execute(f"SELECT count(*) FROM {table.qualified}").fetchall()[0][0]


class _Salts:
    """``S.name`` is salt("name"): keeps the SQL templates short."""

    def __getattr__(self, name: str) -> int:
        return salt(name)


S = _Salts()


# Running id sequences across patient chunks: name -> SQL counting this chunk's rows (see Ctx.end_chunk).
SEQUENCES: dict[str, str] = {
    "hadm": "SELECT count(*) FROM adm",
    "stay": "SELECT count(*) FROM stay",
    "draw": "SELECT count(*) FROM draw",
    "specimen": "SELECT count(*) FROM specimen",
    "pharmacy": "SELECT count(*) FROM med_order",
    "inp": "SELECT count(*) FROM inp WHERE component = 'Main order parameter'",
}


class Ctx:
    """What every generation step needs: the connection, the build's sizes and the current patient chunk.

    Patients are generated in chunks [lo, hi) of patient indexes. Every random draw is
    keyed by global indexes, and ids numbered by row_number() continue from the
    previous chunks (seq, rows_before), so a chunk's rows do not depend on how the
    cohort was cut.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection, *, seed: int, patients: int):
        self.con = con
        self.seed = seed
        self.patients = patients
        self.lo, self.hi = 0, patients
        self.offsets: dict[str, int] = {name: 0 for name in SEQUENCES}
        self.offsets["micro_specimen"] = 0
        # The provider and caregiver lists scale with the cohort (the real ones list ~40k and ~15k ids).
        self.providers = min(40000, 100 + 12 * patients)
        self.caregivers = min(15000, 60 + 6 * patients)
        self.counts: dict[str, int] = {}

    def sql(self, text: str) -> None:
        self.con.execute(text)

    def seq(self, name: str) -> int:
        """How many ids of sequence ``name`` the previous chunks used."""
        return self.offsets[name]

    def rows_before(self, table_name: str) -> int:
        """Rows the previous chunks wrote to a MIMIC-IV table (its ids continue from there)."""
        return self.counts.get(schema.table(table_name).qualified, 0)

    def end_chunk(self) -> None:
        for name, count_sql in SEQUENCES.items():
            self.offsets[name] += self.con.execute(count_sql).fetchone()[0]
        self.offsets["micro_specimen"] = self.con.execute(
            "SELECT count(DISTINCT micro_specimen_id) FROM mimiciv_hosp.microbiologyevents").fetchone()[0]

    def insert(self, table_name: str, select_sql: str) -> None:
        self.counts[schema.table(table_name).qualified] = insert_table(self.con, table_name, select_sql)

    def define_id_macros(self) -> None:
        self.sql(f"""
            CREATE OR REPLACE TEMP MACRO b36(x) AS substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', ((x) % 36)::INTEGER + 1, 1);
            CREATE OR REPLACE TEMP MACRO prov_code(v) AS
                'P' || b36((v) // 1679616) || b36((v) // 46656) || b36((v) // 1296) || b36((v) // 36) || b36(v);
            CREATE OR REPLACE TEMP MACRO prov_id(j) AS prov_code(((j)::BIGINT * 7919 + 104729) % 60466176);
            CREATE OR REPLACE TEMP MACRO care_id(j) AS (1 + ((j)::BIGINT * 7919 + 17) % 99999)::INTEGER;
            CREATE OR REPLACE TEMP MACRO any_prov(a, b, s) AS prov_id(floor(u2(a, b, s) * {self.providers}));
            CREATE OR REPLACE TEMP MACRO any_care(a, b, s) AS care_id(floor(u2(a, b, s) * {self.caregivers}));
        """)
