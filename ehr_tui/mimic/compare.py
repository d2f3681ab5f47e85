"""Marginals of two MIMIC-IV databases side by side: `ehr-tui db compare A.duckdb B.duckdb`.

A marginal is one number computed the same way on both databases: rows per
patient / admission / ICU stay for every event table, code diversity and
concentration, value distributions of common labs, length of stay, mortality
and demographic shares. The ratio B / A says how far B is from A.

Diversity depends on sample size (1,000 admissions use more distinct codes than
100), so diversity and concentration are measured on the same number of
admissions on both sides: the K admissions of each database that come first by
hash(hadm_id), K being the smaller admission count (capped at SAMPLE_CAP).
Event-table marginals skip a table that is empty in either database (the
open demo has no chartevents) and say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import duckdb

from ..errors import UserError
from . import schema

SAMPLE_CAP = 2000          # admissions in the diversity sample at most
WITHIN = 0.20              # the tolerance `--check` and the test against the demo use

# Common labs whose value distributions are compared: (label, fluid).
COMMON_LABS = (("Creatinine", "Blood"), ("Hemoglobin", "Blood"), ("Sodium", "Blood"), ("Potassium", "Blood"),
               ("Glucose", "Blood"), ("White Blood Cells", "Blood"), ("Platelet Count", "Blood"))

# Event tables measured per admission (hadm_id) or per ICU stay (stay_id); the rest per patient.
_PER_STAY = {t.name for t in schema.TABLES if "stay_id" in t.column_names and t.name != "icustays"}
_PER_PATIENT = {"omr"}
_SKIP = {"patients", "admissions", "provider", "caregiver"}


@dataclass
class Marginal:
    group: str
    name: str
    a: float | None
    b: float | None
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if self.a is None or self.b is None:
            return None
        if self.a == 0:
            return 1.0 if self.b == 0 else None
        return self.b / self.a

    def within(self, tolerance: float = WITHIN) -> bool | None:
        r = self.ratio
        return None if r is None else abs(r - 1.0) <= tolerance + 1e-12


def _open(path: Path) -> duckdb.DuckDBPyConnection:
    path = Path(path).expanduser()
    if path.is_dir():
        raise UserError(f"{path} is a folder, not a DuckDB file: give the file (e.g. HOME/synthetic.duckdb)")
    if not path.is_file():
        raise UserError(f"{path} does not exist: give the path of a DuckDB file (e.g. HOME/synthetic.duckdb)")
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error as e:
        first = str(e).splitlines()[0]
        raise UserError(f"cannot open {path} as a DuckDB database: {first}") from None
    missing = [t.qualified for t in schema.TABLES if t.name in ("patients", "admissions")
               and not con.execute("SELECT count(*) FROM information_schema.tables WHERE table_schema = ? "
                                   "AND table_name = ?", [t.schema, t.name]).fetchone()[0]]
    if missing:
        con.close()
        raise UserError(f"{path} is not a MIMIC-IV database: it lacks {', '.join(missing)}")
    return con


def _scalar(con: duckdb.DuckDBPyConnection, sql: str) -> float | None:
    v = con.execute(sql).fetchone()[0]
    return None if v is None else float(v)


def _count(con, table: str) -> int:
    return int(con.execute(f"SELECT count(*) FROM {schema.table(table).qualified}").fetchone()[0])


def _definitions(k: int) -> list[tuple[str, str, str]]:
    """(group, name, SQL) of every marginal that does not depend on which tables are empty."""
    h, icu = "mimiciv_hosp", "mimiciv_icu"
    sample = f"(SELECT hadm_id FROM {h}.admissions ORDER BY hash(hadm_id), hadm_id LIMIT {k})"
    los = "epoch(dischtime - admittime) / 86400.0"
    defs = [
        ("size", "admissions per patient", f"SELECT count(*) / count(DISTINCT subject_id) FROM {h}.admissions"),
        ("size", "ICU stays per admission", f"SELECT (SELECT count(*) FROM {icu}.icustays) / count(*) "
                                            f"FROM {h}.admissions"),
        ("size", "share of admissions with an ICU stay",
         f"SELECT avg((hadm_id IN (SELECT hadm_id FROM {icu}.icustays))::INTEGER) FROM {h}.admissions"),
        ("stay", "mean hospital stay (days)", f"SELECT avg({los}) FROM {h}.admissions"),
        ("stay", "median hospital stay (days)", f"SELECT median({los}) FROM {h}.admissions"),
        ("stay", "90th percentile hospital stay (days)", f"SELECT quantile_cont({los}, 0.9) FROM {h}.admissions"),
        ("stay", "mean ICU stay (days)", f"SELECT avg(los) FROM {icu}.icustays"),
        ("stay", "median ICU stay (days)", f"SELECT median(los) FROM {icu}.icustays"),
        ("outcome", "in-hospital mortality", f"SELECT avg(hospital_expire_flag) FROM {h}.admissions"),
        ("outcome", "patients with a date of death", f"SELECT avg((dod IS NOT NULL)::INTEGER) FROM {h}.patients"),
        ("demographics", "female share", f"SELECT avg((gender = 'F')::INTEGER) FROM {h}.patients"),
        ("demographics", "median anchor age", f"SELECT median(anchor_age) FROM {h}.patients"),
        ("demographics", "emergency admissions share",
         f"SELECT avg((admission_type IN ('EW EMER.', 'DIRECT EMER.', 'URGENT'))::INTEGER) FROM {h}.admissions"),
        ("demographics", "Medicare share of admissions",
         f"SELECT avg((insurance = 'Medicare')::INTEGER) FROM {h}.admissions"),
        ("demographics", "White race share of admissions",
         f"SELECT avg((race LIKE 'WHITE%')::INTEGER) FROM {h}.admissions"),
        ("demographics", "ICD-9 share of coded admissions",
         f"SELECT avg((icd_version = 9)::INTEGER) FROM (SELECT hadm_id, max(icd_version) AS icd_version "
         f"FROM {h}.diagnoses_icd GROUP BY hadm_id)"),
    ]
    # Diversity and concentration on the same number of admissions on both sides.
    coded = [("diagnosis codes", f"{h}.diagnoses_icd", "icd_version::VARCHAR || icd_code"),
             ("procedure codes", f"{h}.procedures_icd", "icd_version::VARCHAR || icd_code"),
             ("lab items", f"{h}.labevents", "itemid::VARCHAR"),
             ("prescribed drugs", f"{h}.prescriptions", "drug"),
             ("ICU input items", f"{icu}.inputevents", "itemid::VARCHAR")]
    for label, table, key in coded:
        rows = f"(SELECT {key} AS code FROM {table} WHERE hadm_id IN {sample})"
        defs.append(("diversity", f"distinct {label} per 100 admissions",
                     f"SELECT count(DISTINCT code) * 100.0 / {k} FROM {rows}"))
        defs.append(("diversity", f"share of the 10 most common {label}",
                     f"SELECT sum(n) / (SELECT count(*) FROM {rows}) FROM (SELECT code, count(*) AS n FROM {rows} "
                     "GROUP BY code ORDER BY n DESC, code LIMIT 10)"))
    labs = f"{h}.labevents l JOIN {h}.d_labitems d ON d.itemid = l.itemid"
    defs.append(("labs", "abnormal share of lab results", f"SELECT avg((flag IS NOT NULL)::INTEGER) FROM {h}.labevents"))
    for label, fluid in COMMON_LABS:
        where = f"d.label = '{label}' AND d.fluid = '{fluid}' AND l.valuenum IS NOT NULL"
        defs.append(("labs", f"{label} ({fluid}): median", f"SELECT median(l.valuenum) FROM {labs} WHERE {where}"))
        defs.append(("labs", f"{label} ({fluid}): interquartile range",
                     f"SELECT quantile_cont(l.valuenum, 0.75) - quantile_cont(l.valuenum, 0.25) FROM {labs} "
                     f"WHERE {where}"))
        defs.append(("labs", f"{label} ({fluid}): abnormal share",
                     f"SELECT avg((l.flag IS NOT NULL)::INTEGER) FROM {labs} WHERE {where}"))
    return defs


def _event_definitions() -> list[tuple[str, str, str, str]]:
    """(table, group, name, SQL) for rows per admission / ICU stay / patient of every event table."""
    out = []
    for t in schema.TABLES:
        if t.is_dictionary or t.name in _SKIP:
            continue
        if t.name in _PER_STAY:
            unit, sql = "ICU stay", f"SELECT count(*) / (SELECT count(*) FROM mimiciv_icu.icustays) FROM {t.qualified}"
        elif t.name in _PER_PATIENT or "hadm_id" not in t.column_names:
            unit, sql = "patient", f"SELECT count(*) / (SELECT count(*) FROM mimiciv_hosp.patients) FROM {t.qualified}"
        else:
            unit, sql = "admission", (f"SELECT count(*) / (SELECT count(*) FROM mimiciv_hosp.admissions) "
                                      f"FROM {t.qualified} WHERE hadm_id IS NOT NULL")
        out.append((t.name, "events", f"{t.name} rows per {unit}", sql))
    return out


def compare(a: str | Path, b: str | Path) -> list[Marginal]:
    """Every marginal of database a and database b."""
    ca, cb = _open(Path(a)), _open(Path(b))
    try:
        na, nb = _count(ca, "admissions"), _count(cb, "admissions")
        if not na or not nb:
            empty = a if not na else b
            raise UserError(f"{empty} has no admissions: there is nothing to compare")
        k = min(na, nb, SAMPLE_CAP)
        out = []
        for table, group, name, sql in _event_definitions():
            ea, eb = _count(ca, table), _count(cb, table)
            if not ea or not eb:
                which = " and ".join(n for n, e in (("A", ea), ("B", eb)) if not e)
                out.append(Marginal(group, name, None, None, f"table empty in {which}"))
                continue
            out.append(Marginal(group, name, _scalar(ca, sql), _scalar(cb, sql)))
        for group, name, sql in _definitions(k):
            out.append(Marginal(group, name, _scalar(ca, sql), _scalar(cb, sql),
                                f"on {k:,} admissions" if group == "diversity" else ""))
        return out
    finally:
        ca.close()
        cb.close()
