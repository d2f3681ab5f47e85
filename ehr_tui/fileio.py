"""Crash-safe file writes: a reader sees the old file or the new one, never half of one."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, TextIO

from .errors import UserError


def _umask() -> int:
    try:  # read, not set: os.umask would change it for every thread for a moment
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


@contextmanager
def atomic_output(path: str | Path) -> Iterator[TextIO]:
    """Write to a temp file beside ``path``; on success fsync it and rename it over ``path``. The file gets
    the mode a plain open() would give it (the old file's, else 0666 less the umask), not mkstemp's 0600."""
    path = Path(path)
    if path.is_dir():
        raise UserError(f"{path} is a folder: give the file to write, e.g. {path / path.name}.md")
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            yield f
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write(path: str | Path, text: str) -> None:
    with atomic_output(path) as f:
        f.write(text)
