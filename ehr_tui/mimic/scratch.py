"""Private scratch folders of the confined workers, and the removal of those a killed run left behind.

Each worker gets ``<tmp>/ehr-tui-<uid>/<kind>-XXXX/`` (mode 0700) beside a lock file
``<kind>-XXXX.lock`` that its owner holds with ``flock`` for the folder's life. The lock sits
outside the folder, where the worker cannot write, and the kernel releases it when the owner
dies however it dies, so ``sweep`` can tell a folder of a killed run (lock free) from one in
use (lock held) without trusting process ids, which are reused.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
from pathlib import Path

from ..errors import UserError


def base_dir() -> Path:
    base = Path(tempfile.gettempdir()) / f"ehr-tui-{os.getuid()}"
    base.mkdir(mode=0o700, exist_ok=True)
    st = base.lstat()
    if st.st_uid != os.getuid() or st.st_mode & 0o077 or not base.is_dir() or base.is_symlink():
        raise UserError(f"{base} is not a private folder of this user (owner or mode is wrong); remove it "
                        "and try again")
    return base


class ScratchDir:
    """A worker's folder, locked while this object lives; ``remove`` deletes it and frees the lock."""

    def __init__(self, kind: str):
        sweep()
        base = base_dir()
        # The lock is taken under a temporary name and renamed into place, so a sweep never sees a
        # lock file that is not yet held; the folder is made only once its lock is in place.
        while True:
            fd, tmp = tempfile.mkstemp(prefix=f".{kind}-", dir=base)
            fcntl.flock(fd, fcntl.LOCK_EX)
            name = f"{kind}-{os.path.basename(tmp)[len(kind) + 2:]}"
            self._lock_path = base / f"{name}.lock"
            try:
                os.rename(tmp, self._lock_path)
                break
            except FileNotFoundError:  # a sweep took it in the instant before our flock: try again
                os.close(fd)
        self._lock_fd = fd
        self.path = base / name
        self.path.mkdir(mode=0o700)

    def remove(self) -> None:
        if self._lock_fd < 0:
            return
        shutil.rmtree(self.path, ignore_errors=True)
        try:
            self._lock_path.unlink()
        except FileNotFoundError:
            pass
        os.close(self._lock_fd)
        self._lock_fd = -1


_swept = False


def sweep(force: bool = False) -> list[Path]:
    """Remove the folders whose owner is gone (once per process unless ``force``); returns them."""
    global _swept
    if _swept and not force:
        return []
    _swept = True
    removed = []
    base = base_dir()
    for lock in base.glob("*.lock"):
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held: its owner is alive
            os.close(fd)
            continue
        folder = lock.with_suffix("")
        shutil.rmtree(folder, ignore_errors=True)
        try:
            lock.unlink()
        except FileNotFoundError:
            pass
        os.close(fd)
        removed.append(folder)
    for tmp in base.glob(".*-*"):  # a lock file whose owner died before renaming it
        try:
            fd = os.open(tmp, os.O_RDWR | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            tmp.unlink()
        except OSError:
            pass
        os.close(fd)
    return removed
