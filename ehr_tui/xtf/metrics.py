"""A training's metrics file (OUT/metrics.jsonl): one JSON record per line, appended as training goes.

Records carry ``format_version`` and an ``event``: ``start`` (settings, data statistics), ``step``
(every --log-every steps: loss, lr, tokens kept / response / total, throughput, time left),
``checkpoint`` and ``end``. Readers take whole lines only, so a line being written is never half
read. When a training (re)starts, the file is cut back to the step it starts from: from step 0 it
is emptied (a run killed before its first checkpoint, or cancelled with --save-every 0, leaves
records no later run continues), from a checkpoint the records past it are dropped.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from ..fileio import atomic_write

FORMAT_VERSION = 1
METRICS_FILE = "metrics.jsonl"


def now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def read_metrics(path: Path, offset: int = 0) -> tuple[list[dict], int]:
    """Records of a metrics JSONL from byte ``offset``: whole lines only (a line being written waits)."""
    if not path.is_file():
        return [], offset
    with path.open("rb") as f:
        f.seek(offset)
        data = f.read()
    end = data.rfind(b"\n") + 1
    out = []
    for line in data[:end].splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(rec, dict) and rec.get("format_version") == FORMAT_VERSION:
            out.append(rec)
    return out, offset + end


def cut_metrics(path: Path, step: int) -> None:
    """Make the file hold what a training starting at ``step`` continues: nothing when it starts
    from scratch (step 0), else the records up to that checkpoint's step (later steps are re-done)."""
    if not path.is_file():
        return
    if step <= 0:
        atomic_write(path, "")
        return
    keep = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut by a crash
        if isinstance(rec, dict) and rec.get("step", 0) <= step and rec.get("event") != "end":
            keep.append(line)
    atomic_write(path, "".join(k + "\n" for k in keep))


class MetricsWriter:
    def __init__(self, path: Path, enabled: bool):
        self.path = path
        self.enabled = enabled

    def write(self, rec: dict) -> None:
        if not self.enabled:
            return
        rec = {"format_version": FORMAT_VERSION, "time": now(), **rec}
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
            f.flush()
