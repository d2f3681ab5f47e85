"""Writing a reading query's whole result to a file: CSV, Parquet, JSON (an array of row objects) or JSON
lines. Used by `ehr-tui sql -o FILE` and the SQL console's ctrl+e.

The query goes through the read-only sandbox (``SqlSandbox.batches``: the same statement check and time
limit), its rows stream as Arrow record batches, and pyarrow writes CSV and Parquet; JSON is written batch
by batch with the values as the rest of ehr-tui stores them (``to_jsonable``: dates as ISO text, decimals as
numbers). Memory stays at one batch whatever the result's size. The file appears only when complete: rows
go to a temp file beside it, renamed over the target at the end (a failed or interrupted export leaves
nothing behind and no half file).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from ..errors import UserError
from ..scoring.jsonable import to_jsonable

FORMATS = ("csv", "parquet", "json", "jsonl")
_SUFFIXES = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet", ".json": "json", ".jsonl": "jsonl",
             ".ndjson": "jsonl"}


@dataclass
class Exported:
    path: Path
    format: str
    rows: int
    columns: list[str]
    elapsed_s: float = 0.0

    def summary(self) -> str:
        return f"{self.rows:,} row{'s' if self.rows != 1 else ''} written to {self.path} ({self.format})"


def format_for(path: str | Path, fmt: str | None = None) -> str:
    """The export format: ``fmt`` when given, else the file's suffix; a UserError naming both otherwise."""
    if fmt:
        if fmt not in FORMATS:
            raise UserError(f"unknown export format {fmt!r}: use one of {', '.join(FORMATS)}")
        named = _SUFFIXES.get(Path(path).suffix.lower())
        if named is not None and named != fmt and str(path) != "-":
            raise UserError(f"{Path(path).name} says {named} but --format says {fmt}: name the file for its format")
        return fmt
    suffix = Path(path).suffix.lower()
    if suffix in _SUFFIXES:
        return _SUFFIXES[suffix]
    raise UserError(f"cannot tell the format of {Path(path).name!r} from its suffix: name it .csv, .parquet, "
                    f".json or .jsonl, or give the format ({', '.join(FORMATS)})")


def _jsonable(v):
    if isinstance(v, pa.MonthDayNano):  # an INTERVAL: months and days are not a fixed number of seconds
        return {"months": v.months, "days": v.days, "nanoseconds": v.nanoseconds}
    return to_jsonable(v)


class _JsonWriter:
    """JSON array of row objects (``lines=False``) or one object per line, written batch by batch."""

    def __init__(self, f, lines: bool):
        self.f, self.lines, self.first = f, lines, True
        if not lines:
            f.write("[")

    def write_batch(self, batch: pa.RecordBatch) -> None:
        names = batch.schema.names
        for row in zip(*(col.to_pylist() for col in batch.columns)):
            text = json.dumps({n: _jsonable(v) for n, v in zip(names, row)}, ensure_ascii=False)
            if self.lines:
                self.f.write(text + "\n")
            else:
                self.f.write(("\n" if self.first else ",\n") + text)
            self.first = False

    def close(self) -> None:
        if not self.lines:
            self.f.write("\n]\n" if not self.first else "]\n")


def write_batches(reader: pa.RecordBatchReader, path: str | Path, fmt: str,
                  on_rows: Callable[[int], None] | None = None) -> tuple[int, list[str]]:
    """Stream ``reader`` into ``path`` as ``fmt``; (rows written, column names). Atomic: the target appears
    only once every row is written."""
    path = Path(path).expanduser()
    if path.is_dir():
        raise UserError(f"{path} is a folder: give a file name to export to")
    path.parent.mkdir(parents=True, exist_ok=True)  # as every other -o of ehr-tui does
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # a file the user made, not mkstemp's private 0600
    schema = reader.schema
    n = 0
    try:
        if fmt in ("json", "jsonl"):
            with open(tmp, "w", encoding="utf-8") as f:
                w = _JsonWriter(f, lines=fmt == "jsonl")
                for batch in reader:
                    w.write_batch(batch)
                    n += batch.num_rows
                    if on_rows:
                        on_rows(n)
                w.close()
                f.flush()
                os.fsync(f.fileno())
        else:
            try:
                writer = pa_csv.CSVWriter(tmp, schema) if fmt == "csv" else pq.ParquetWriter(tmp, schema)
            except (pa.ArrowNotImplementedError, pa.ArrowInvalid) as e:
                raise UserError(f"cannot write this result as {fmt}: {e}; cast the column in SQL "
                                "(e.g. CAST(x AS VARCHAR)) or export as json") from None
            with writer:
                for batch in reader:
                    try:
                        writer.write_batch(batch)
                    except (pa.ArrowNotImplementedError, pa.ArrowInvalid) as e:
                        raise UserError(f"cannot write this result as {fmt}: {e}; cast the column in SQL "
                                        "(e.g. CAST(x AS VARCHAR)) or export as json") from None
                    n += batch.num_rows
                    if on_rows:
                        on_rows(n)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return n, list(schema.names)
