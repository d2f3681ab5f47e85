"""Rows of an Arrow table as the Python values DuckDB's own fetch gives, converted when read.

The confined SQL worker sends results as Arrow IPC (data only: nothing in it can run code in
this process). ``ArrowRows`` is a read-only sequence of tuples over such a table: a slice
converts only its rows, so an observation that shows 50 of 1,000 rows converts 50.

Plain column types convert with pyarrow. The few whose pyarrow values differ from DuckDB's
(HUGEINT, INTERVAL, MAP, nanosecond timestamps, BIT, TIME WITH TIME ZONE, ...; the worker
exports them losslessly) convert through an in-memory DuckDB connection, which gives exactly
the values an in-process query would.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import duckdb
import pyarrow as pa

_local = threading.local()


def _converter() -> duckdb.DuckDBPyConnection:
    con = getattr(_local, "con", None)
    if con is None:
        con = _local.con = duckdb.connect(config={"threads": 1, "enable_external_access": False})
    return con


def _plain(t: pa.DataType) -> bool:
    """Whether pyarrow's as_py gives the same value as DuckDB's fetch for this type."""
    if pa.types.is_timestamp(t):
        return t.unit != "ns"
    if isinstance(t, pa.ExtensionType):
        return t.extension_name == "arrow.uuid"
    if pa.types.is_dictionary(t):
        return _plain(t.value_type)
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return _plain(t.value_type)
    if pa.types.is_struct(t):
        return all(_plain(t.field(i).type) for i in range(t.num_fields))
    return (pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_boolean(t)
            or pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_binary(t)
            or pa.types.is_large_binary(t) or pa.types.is_date32(t) or pa.types.is_decimal(t)
            or pa.types.is_null(t) or (pa.types.is_time64(t) and t.unit == "us")
            or getattr(pa.types, "is_string_view", lambda _: False)(t))


def convert(table: pa.Table) -> list[tuple[Any, ...]]:
    """All rows of ``table`` as tuples of DuckDB's Python values."""
    if table.num_rows == 0:
        return []
    if all(_plain(f.type) for f in table.schema):
        columns = [c.to_pylist() for c in table.columns]
        return list(zip(*columns))
    cur = _converter().cursor()
    try:
        return cur.from_arrow(table).fetchall()
    finally:
        cur.close()


class ArrowRows(Sequence):
    """A list-like view of an Arrow table's rows; equal to a list of the same tuples."""

    __slots__ = ("table", "_all")

    def __init__(self, table: pa.Table):
        self.table = table
        self._all: list[tuple[Any, ...]] | None = None

    def __len__(self) -> int:
        return self.table.num_rows

    def _rows(self) -> list[tuple[Any, ...]]:
        if self._all is None:
            self._all = convert(self.table)
        return self._all

    def __getitem__(self, index):
        if self._all is not None:
            return self._all[index]
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return self._rows()[index]
            return convert(self.table.slice(start, max(0, stop - start)))
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError("row index out of range")
        return convert(self.table.slice(i, 1))[0]

    def __iter__(self):
        return iter(self._rows())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (ArrowRows, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"ArrowRows({len(self)} rows)"
