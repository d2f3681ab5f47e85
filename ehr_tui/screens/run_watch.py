"""Noticing runs written by another process (`ehr-tui run` in another terminal, a cluster job writing to
a shared filesystem): the screens poll a cheap signature of the runs folder, only stat calls, and
rescan when it changes. Polling rather than inotify, because inotify sees nothing on NFS/Lustre."""

from __future__ import annotations

import os
from pathlib import Path

from .. import paths
from ..agent.trajectory import RUN_FILE, TRAJECTORIES_FILE

WATCH_EVERY_S = 2.0  # modest: a stat per run folder each time, and a rescan only on change


def runs_signature(root: Path | None = None) -> tuple:
    """(folder, run.json mtime, trajectories size and mtime) per run: changes when a run appears,
    is removed, or a trajectory is appended."""
    base = root or paths.runs_dir()
    out = []
    try:
        entries = sorted(os.scandir(base), key=lambda e: e.name)
    except OSError:
        return ()
    for entry in entries:
        if not entry.is_dir():
            continue
        marks = [entry.name]
        for name in (RUN_FILE, TRAJECTORIES_FILE):
            try:
                st = os.stat(os.path.join(entry.path, name))
                marks += [st.st_size, st.st_mtime_ns]
            except OSError:
                marks += [None, None]
        if marks[1] is not None:  # a folder without run.json is not a run (yet)
            out.append(tuple(marks))
    return tuple(out)


class RunsWatch:
    """Remembers the last signature, taken first when made (before the screen loads, so nothing written
    in between is missed); ``changed()`` is True once per change."""

    def __init__(self) -> None:
        self._last = runs_signature()

    def changed(self) -> bool:
        sig = runs_signature()
        before, self._last = self._last, sig
        return sig != before
