"""DuckDB resource bounds shared by the commands that do heavy work (import, synth, generate).

DuckDB's own default memory limit is 80% of RAM, which on a laptop running a full MIMIC-IV
import or build starves everything else; we bound it and let DuckDB spill to disk instead.
"""

from __future__ import annotations

import os
import re

from ..errors import UserError

# DuckDB keeps its buffer pool filled up to the limit, and the process needs ~170 MB beside it: 1.5GB keeps a
# build or import of any size under 2 GB of RSS (1.67 GB at 10,000 patients, 6% slower than with 2GB).
DEFAULT_MEMORY_LIMIT = "1.5GB"
DEFAULT_THREADS = min(4, os.cpu_count() or 1)
MIN_MEMORY = 256e6

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB|KIB|MIB|GIB|TIB)\s*$", re.IGNORECASE)
_UNIT = {"B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12, "KIB": 2 ** 10, "MIB": 2 ** 20, "GIB": 2 ** 30,
         "TIB": 2 ** 40}


def memory_bytes(limit: str) -> float:
    """Bytes of a size like '2GB' or '512MiB' (UserError for anything else)."""
    m = _SIZE.match(str(limit))
    if not m:
        raise UserError(f"--memory-limit {limit!r} is not a size: write it like 2GB, 1.5GB or 512MB")
    n = float(m.group(1)) * _UNIT[m.group(2).upper()]
    if n < MIN_MEMORY:
        raise UserError(f"--memory-limit {limit} is too small: at least 256MB is needed")
    return n


def check_threads(threads: int) -> None:
    if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 256:
        raise UserError(f"--threads must be a whole number from 1 to 256 (got {threads!r})")


def check(memory_limit: str, threads: int) -> None:
    memory_bytes(memory_limit)
    check_threads(threads)


def duckdb_config(memory_limit: str, threads: int, spill_dir: str | os.PathLike | None = None) -> dict:
    """The connection config for these bounds (checked first); spill_dir is where DuckDB spills."""
    check(memory_limit, threads)
    cfg = {"memory_limit": memory_limit, "threads": threads}
    if spill_dir is not None:
        cfg["temp_directory"] = str(spill_dir)
    return cfg
