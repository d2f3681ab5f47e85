"""The egress log: every request a run sent to a non-loopback endpoint, in HOME/egress.jsonl.

One JSON object a line: ``time`` (UTC ISO), ``endpoint`` (scheme://host:port/path), ``address``
(the IP actually connected), ``run``, ``bytes_sent`` (request line, headers and body),
``status`` (HTTP status, or the error), ``db``, ``db_source`` (credentialed / demo / synthetic)
and ``why`` (the privacy guard's reason: open data, approved in the config file, --allow-remote).
``request`` ties the lines of one request: a ``sending`` line is written when the connection
to a non-loopback address is made (or reused), before the body leaves, and a second line with the
status when it completes; ``read`` keeps the last line of each request, so a run killed mid-request
still shows what left ("sending"). Appended with one ``write`` per line so concurrent runs never
interleave. Shown by ``ehr-tui egress`` and on the
Runs screen. A credentialed database appears here only with an approval as its ``why``.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass
from pathlib import Path

from .. import paths

FIELDS = ("time", "endpoint", "address", "run", "bytes_sent", "status", "db", "db_source", "why", "request")


def log_file() -> Path:
    return paths.home() / "egress.jsonl"


@dataclass(frozen=True)
class Egress:
    time: str
    endpoint: str
    address: str
    run: str
    bytes_sent: int
    status: str
    db: str
    db_source: str
    why: str
    request: str = ""

    @classmethod
    def from_dict(cls, d: dict) -> "Egress":
        return cls(**{k: (int(d.get(k) or 0) if k == "bytes_sent" else str(d.get(k, ""))) for k in FIELDS})


def record(entry: dict, path: Path | None = None) -> None:
    entry = {"time": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), **entry}
    line = (json.dumps({k: entry.get(k) for k in FIELDS}, ensure_ascii=False) + "\n").encode()
    path = path or log_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line)  # one write of an O_APPEND file: lines of concurrent writers never mix
    finally:
        os.close(fd)


def read(path: Path | None = None, run: str | None = None) -> list[Egress]:
    """The recorded requests, oldest first (unreadable lines are skipped), optionally of one run."""
    path = path or log_file()
    if not path.is_file():
        return []
    out: list[Egress] = []
    at: dict[str, int] = {}  # request id -> its place in out: a later line of a request replaces the earlier
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                e = Egress.from_dict(json.loads(line))
            except (ValueError, TypeError):
                continue
            if run is not None and e.run != run:
                continue
            if e.request and e.request in at:
                out[at[e.request]] = e
                continue
            if e.request:
                at[e.request] = len(out)
            out.append(e)
    return out


@dataclass(frozen=True)
class Summary:
    run: str
    endpoint: str
    db_source: str
    why: str
    requests: int
    bytes_sent: int
    first: str
    last: str


def summarize(entries: list[Egress]) -> list[Summary]:
    """One line per (run, endpoint, data source, reason), newest activity first."""
    groups: dict[tuple[str, str, str, str], list[Egress]] = {}
    for e in entries:
        groups.setdefault((e.run, e.endpoint, e.db_source, e.why), []).append(e)
    rows = [Summary(*key, len(es), sum(e.bytes_sent for e in es), es[0].time, es[-1].time)
            for key, es in groups.items()]
    return sorted(rows, key=lambda s: s.last, reverse=True)
