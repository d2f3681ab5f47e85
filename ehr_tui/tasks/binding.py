"""Which database a tasks file belongs to. Every task carries the identity of the database its gold
answers came from (``Task.db``: source, version, created); a file run against another database gets
"wrong" gold answers, so the app picks the file made from the open database and warns on a mismatch."""

from __future__ import annotations

import json
from pathlib import Path

from ..mimic.metadata import DbInfo

DEFAULT_NAME = "tasks.jsonl"  # what `ehr-tui tasks generate` writes by default
IDENTITY_KEYS = ("source", "version", "created")


def db_identity(info: DbInfo) -> dict[str, str]:
    """What a task records about its gold database."""
    return {"source": info.source, "version": info.version, "created": info.created}


def file_db(path: Path) -> dict[str, str] | None:
    """The database identity in a tasks file's first record (None: unreadable or not recorded)."""
    try:
        with path.open(encoding="utf-8") as f:
            for raw in f:
                if raw.strip():
                    db = json.loads(raw).get("db")
                    return db if isinstance(db, dict) and db else None
    except (OSError, ValueError, AttributeError):
        return None
    return None


def _describe(db: dict[str, str]) -> str:
    return f"{db.get('source', '?')} MIMIC-IV {db.get('version', '?')} built {db.get('created', '?')}"


def mismatch(task_db: dict[str, str] | None, info: DbInfo) -> str | None:
    """One sentence when tasks were generated from another database than ``info``; None when they match
    (or the file predates the binding and records nothing)."""
    if not task_db:
        return None
    own = db_identity(info)
    if all(task_db.get(k) == own[k] for k in IDENTITY_KEYS):
        return None
    return (f"these tasks were generated from another database ({_describe(task_db)}), not the open one "
            f"({_describe(own)}): their gold answers will not match it. Generate tasks for it with "
            f"`ehr-tui tasks generate --db {info.path}`")


def choose_tasks_file(folder: Path, info: DbInfo | None) -> Path | None:
    """The tasks file to open: one made from the open database (tasks.jsonl first, then the newest);
    with none, tasks.jsonl, else the newest file (the screen then warns about the mismatch)."""
    files = sorted(folder.glob("*.jsonl"), key=lambda p: (p.name != DEFAULT_NAME, -p.stat().st_mtime))
    if info is not None:
        for path in files:
            db = file_db(path)
            if db is not None and mismatch(db, info) is None:
                return path
    return files[0] if files else None
