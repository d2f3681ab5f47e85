"""Where ehr-tui keeps its files.

Everything lives under one home folder: ``--home`` on the command line, else
``$EHR_TUI_HOME``, else ``$XDG_DATA_HOME/ehr-tui`` (``~/.local/share/ehr-tui``).
"""

from __future__ import annotations

import os
from pathlib import Path

_home_override: Path | None = None


def set_home(path: str | os.PathLike | None) -> None:
    global _home_override
    _home_override = Path(path).expanduser().resolve() if path else None


def home() -> Path:
    if _home_override is not None:
        base = _home_override
    elif os.environ.get("EHR_TUI_HOME"):
        base = Path(os.environ["EHR_TUI_HOME"]).expanduser()
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        base = Path(xdg) / "ehr-tui"
    base.mkdir(parents=True, exist_ok=True)
    return base


def default_db() -> Path:
    """The embedded synthetic database, built on first use."""
    return home() / "synthetic.duckdb"


def _subdir(name: str) -> Path:
    p = home() / name
    p.mkdir(parents=True, exist_ok=True)
    return p


def runs_dir() -> Path:
    return _subdir("runs")


def jobs_dir() -> Path:
    return _subdir("jobs")


def tasks_dir() -> Path:
    return _subdir("tasks")


def exports_dir() -> Path:
    """Where the app's exports go by default (query results, trajectories)."""
    return _subdir("exports")


def config_file() -> Path:
    return home() / "config.toml"
