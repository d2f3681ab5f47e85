"""What a database file is: its source (credentialed / demo / synthetic), version and import log.

Stored inside the DuckDB file itself (schema ``ehr_tui``) so the file carries its
own provenance wherever it is copied. The privacy guard reads ``source`` to
decide whether rows may be sent to a remote model endpoint.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import duckdb

from ..errors import UserError
from .demo_fingerprint import DEMO_SUBJECTS_SHA256, subjects_digest

SOURCES = ("credentialed", "demo", "synthetic")
META_SCHEMA = "ehr_tui"


@dataclass(frozen=True)
class DbInfo:
    path: Path
    source: str
    version: str
    created: str
    extra: dict[str, str]
    row_counts: dict[str, int]

    @property
    def restricted(self) -> bool:
        """Credentialed MIMIC-IV falls under the PhysioNet data use agreement."""
        return self.source == "credentialed"

    @property
    def open_data(self) -> bool:
        """Whether rows may go anywhere: synthetic data, or the open demo identified positively (its patients
        are exactly the demo's 100 subjects) or declared by the user at import (--source demo). A database
        labelled demo by an older heuristic whose patients are not the demo's is not open."""
        if self.source == "synthetic":
            return True
        if self.source != "demo":
            return False
        return (self.extra.get("source_basis") == "given by the user"
                or self.extra.get("subjects_sha256") == DEMO_SUBJECTS_SHA256)


def ensure_meta(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(f"CREATE SCHEMA IF NOT EXISTS {META_SCHEMA}")
    con.execute(f"CREATE TABLE IF NOT EXISTS {META_SCHEMA}.meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    con.execute(
        f"""CREATE TABLE IF NOT EXISTS {META_SCHEMA}.imports (
            table_name VARCHAR PRIMARY KEY, rows BIGINT, source_file VARCHAR,
            source_size BIGINT, source_mtime DOUBLE, imported_at TIMESTAMP)"""
    )


def set_meta(con: duckdb.DuckDBPyConnection, **values: str) -> None:
    ensure_meta(con)
    for k, v in values.items():
        con.execute(f"INSERT OR REPLACE INTO {META_SCHEMA}.meta VALUES (?, ?)", [k, str(v)])


def now_iso() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()


def read_info(path: str | Path, con: duckdb.DuckDBPyConnection | None = None) -> DbInfo:
    """Provenance and row counts of a database file; a clear UserError if it is not one of ours."""
    path = Path(path)
    own = con is None
    if own:
        if not path.exists():
            raise UserError(f"database {path} does not exist: build one with `ehr-tui db synth` or `ehr-tui db import`")
        try:
            con = duckdb.connect(str(path), read_only=True)
        except duckdb.Error as e:
            raise UserError(f"cannot open {path} as a DuckDB database: {e}") from None
    try:
        try:
            meta = dict(con.execute(f"SELECT key, value FROM {META_SCHEMA}.meta").fetchall())
        except duckdb.CatalogException:
            raise UserError(
                f"{path} is a DuckDB file but not an ehr-tui MIMIC-IV database "
                "(no ehr_tui.meta table): build one with `ehr-tui db synth` or `ehr-tui db import`"
            ) from None
        if meta.get("source") == "demo":  # checked on every read: the label alone does not open the data
            try:
                ids = [r[0] for r in con.execute("SELECT subject_id FROM mimiciv_hosp.patients").fetchall()]
                meta["subjects_sha256"] = subjects_digest(ids)
            except duckdb.Error:
                meta["subjects_sha256"] = ""
        counts = {}
        for schema, name in con.execute(
            "SELECT schema_name, table_name FROM duckdb_tables() "
            "WHERE schema_name IN ('mimiciv_hosp', 'mimiciv_icu') ORDER BY schema_name, table_name"
        ).fetchall():
            counts[f"{schema}.{name}"] = con.execute(f"SELECT count(*) FROM {schema}.{name}").fetchone()[0]
    finally:
        if own:
            con.close()
    extra = {k: v for k, v in meta.items() if k not in ("source", "version", "created")}
    return DbInfo(path, meta.get("source", "unknown"), meta.get("version", "unknown"),
                  meta.get("created", ""), extra, counts)
