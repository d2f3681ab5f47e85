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
import pyarrow.compute as pc

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


# A value longer than this (characters, bytes, or a BIT's bits) comes back cut, with a note: the result cap
# bounds the Arrow bytes, and one BIT byte is eight characters in Python (a 50 MB result was once 400 MB of str)
CELL_LIMIT = 100_000


# Python values one result may become: its cells and every element inside its lists, structs and maps. The
# result cap bounds bytes, and a list of NULLs or booleans is next to no bytes for many values (80 bytes of
# Arrow once held 2 billion list elements; 20 million booleans became 1.8 GB of Python lists)
MAX_VALUES = 5_000_000


# and the text they may hold in all (a label of an ENUM is stored once and becomes one str per element)
MAX_TEXT = 256 << 20


# and the memory their Python objects may take, estimated from the layout (a cell's object, its tuple slot and
# its row's tuple): 100,000 rows of 50 DECIMAL columns are 76 MB of Arrow and were 0.9 GB as Decimals
MAX_PY_BYTES = 512 << 20
_ROW_BYTES, _SLOT_BYTES, _NESTED_BYTES = 48, 16, 64  # a row's tuple and list slot; a cell's two slots; an element


def _cell_bytes(t: pa.DataType) -> int:
    """What one value of ``t`` takes as a Python object (sys.getsizeof on CPython 3.11, 64-bit), its text
    apart; a container's own size for nested types (their elements are counted one by one)."""
    if isinstance(t, pa.BaseExtensionType):
        return 100 if getattr(t, "extension_name", "") == "arrow.uuid" else 104  # UUID and its int; a Decimal
    if pa.types.is_dictionary(t):
        return _cell_bytes(t.value_type)
    if pa.types.is_null(t) or pa.types.is_boolean(t):
        return 0  # None, True and False are shared
    if pa.types.is_integer(t):
        return 28 if t.bit_width <= 16 else 32 if t.bit_width <= 32 else 36
    if pa.types.is_floating(t):
        return 24
    if pa.types.is_decimal(t):
        return 104
    if pa.types.is_date(t):
        return 32
    if pa.types.is_timestamp(t):
        return 48
    if pa.types.is_temporal(t):  # time, duration, interval
        return 40
    if pa.types.is_binary(t) or pa.types.is_large_binary(t):
        return 33
    if pa.types.is_string(t) or pa.types.is_large_string(t) or getattr(pa.types, "is_string_view", lambda _: False)(t):
        return 49
    return _NESTED_BYTES


def python_bytes(table: pa.Table, text: int, elements: int = 0) -> int:
    """The estimated memory of ``table`` as Python rows, given its text (characters) and the elements inside
    its nested values."""
    rows, cols = table.num_rows, table.num_columns
    cells = sum(_cell_bytes(f.type) for f in table.schema)
    return rows * (_ROW_BYTES + _SLOT_BYTES * cols + cells) + elements * _NESTED_BYTES + text


def _flat(t: pa.DataType) -> bool:
    """A type whose Python values hold no more text than its Arrow buffers: one fixed-width value or one
    contiguous string / binary per cell (no nesting, dictionary, view or extension, which can stand for
    more elements or text than they store)."""
    return not isinstance(t, pa.BaseExtensionType) and (
        pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_boolean(t) or pa.types.is_decimal(t)
        or pa.types.is_temporal(t) or pa.types.is_string(t) or pa.types.is_large_string(t)
        or pa.types.is_binary(t) or pa.types.is_large_binary(t))


def flat_and_small(table: pa.Table) -> bool:
    """Whether ``table`` is within every limit of ``size_problem`` without measuring it: flat columns (each
    cell one value, its text within its bytes), few enough cells and bytes."""
    return table.num_rows * table.num_columns <= MAX_VALUES and table.nbytes <= MAX_TEXT and \
        all(_flat(f.type) for f in table.schema) and python_bytes(table, table.nbytes) <= MAX_PY_BYTES


def size_problem(table: pa.Table) -> str | None:
    """Why ``table`` is too big to convert to Python values, or None (read from the Arrow layout alone:
    element counts, text lengths, dictionary indices; nothing is converted)."""
    # most results are flat and small: the per-column length kernels below cost a tenth of a millisecond
    # after a long query (caches cold), 1-2% of a 10 ms query's round trip
    return None if flat_and_small(table) else measured_problem(table)


def measured_problem(table: pa.Table) -> str | None:
    """``size_problem`` measured column by column, for any table."""
    values, longest, text = table.num_rows * table.num_columns, 0, 0
    for col in table.columns:
        for chunk in col.chunks:
            n, m, t = _inside(chunk)
            values, longest, text = values + n, max(longest, m), text + t
            if values > MAX_VALUES:
                return (f"the result holds more than {MAX_VALUES:,} values (counting the elements of its lists, "
                        "structs, maps and unions): aggregate, unnest and filter, or LIMIT the lists (list_slice)")
            if text > MAX_TEXT:
                return (f"the result holds more than {MAX_TEXT >> 20:,} MB of text once read (an ENUM label or a "
                        "BIT counts each time it appears): select fewer or shorter values")
    if longest > CELL_LIMIT:
        return (f"a value inside a list, struct, map or union is longer than {CELL_LIMIT:,} characters: select it "
                "on its own (unnest) to see its start, or cut it in SQL (left, list_slice)")
    need = python_bytes(table, text, values - table.num_rows * table.num_columns)
    if need > MAX_PY_BYTES:
        return (f"the result would take about {need >> 20:,} MB as Python values (more than {MAX_PY_BYTES >> 20:,} "
                "MB): select fewer rows or columns, or aggregate")
    return None


def _text_lengths(arr: pa.Array) -> pa.Array | None:
    """Per-element text length (characters a Python value would hold) of a string, binary, BIT or dictionary
    array, with the factor already applied; None for other types."""
    t = arr.type
    if isinstance(t, pa.BaseExtensionType):
        lengths = _text_lengths(arr.storage)
        if lengths is not None and getattr(t, "type_name", "") == "bit":
            lengths = pc.multiply(lengths, 8)
        return lengths
    if pa.types.is_dictionary(t):
        labels = _text_lengths(arr.dictionary)
        return pc.take(labels, arr.indices) if labels is not None else None
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_binary(t) or pa.types.is_large_binary(t):
        return pc.binary_length(arr)
    return None


def _inside(arr: pa.Array, nested: bool = False) -> tuple[int, int, int]:
    """(elements below this array's own values, longest nested text, all text) of one array."""
    t = arr.type
    lengths = _text_lengths(arr)
    if lengths is not None:
        if not len(arr):
            return 0, 0, 0
        total = pc.sum(lengths).as_py() or 0
        return 0, (pc.max(lengths).as_py() or 0) if nested else 0, total
    if isinstance(t, pa.BaseExtensionType):
        return _inside(arr.storage, nested)
    children: list[pa.Array] = []
    if pa.types.is_struct(t) or pa.types.is_union(t):
        children = [arr.field(i) for i in range(t.num_fields)]
    elif pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t) or pa.types.is_map(t) \
            or getattr(pa.types, "is_list_view", lambda _: False)(t):
        children = [arr.values]
    elements, longest, text = 0, 0, 0
    for child in children:
        n, m, x = _inside(child, True)
        elements, longest, text = elements + len(child) + n, max(longest, m), text + x
    return elements, longest, text


def convert(table: pa.Table) -> list[tuple[Any, ...]]:
    """All rows of ``table`` as tuples of DuckDB's Python values; a value longer than CELL_LIMIT cut (text)
    or described (other types); a value Python cannot hold ('infinity'::DATE, a year past 9999, INTERVAL
    100000000 YEAR) as DuckDB's text for it. Never raises for what a query returned."""
    if table.num_rows == 0:
        return []
    table, cut = _bounded(table)
    try:
        rows = _convert(table)
    except (OverflowError, ValueError, pa.ArrowException, duckdb.Error):
        rows = list(zip(*(_column(table, i) for i in range(table.num_columns))))
    if cut:
        rows = [tuple(cut[(r, c)] if (r, c) in cut else v for c, v in enumerate(row)) for r, row in enumerate(rows)]
    return rows


def _column(table: pa.Table, i: int) -> list[Any]:
    """One column's values; where Python cannot hold them, DuckDB's text of each."""
    one = table.select([i]).rename_columns(["c"])
    try:
        return [r[0] for r in _convert(one)]
    except (OverflowError, ValueError, pa.ArrowException, duckdb.Error):
        pass
    cur = _converter().cursor()
    try:
        return [r[0] for r in cur.from_arrow(one).project('CAST("c" AS VARCHAR)').fetchall()]
    except duckdb.Error:
        return [f"<a {one.schema.field(0).type} value Python cannot hold>"] * one.num_rows
    finally:
        cur.close()


def _bounded(table: pa.Table) -> tuple[pa.Table, dict[tuple[int, int], Any]]:
    """``table`` with every value over CELL_LIMIT blanked (a null in its place), and what to show for each
    such (row, column): the first CELL_LIMIT characters of a text with a note, or a description."""
    cut: dict[tuple[int, int], Any] = {}
    for c, field in enumerate(table.schema):
        t = field.type
        if pa.types.is_dictionary(t):  # an ENUM: long labels as text, read through the dictionary
            col = table.column(c).combine_chunks()
            labels = col.dictionary
            lengths = _text_lengths(col) if len(labels) else None
            if lengths is None or (pc.max(lengths).as_py() or 0) <= CELL_LIMIT:
                continue
            big = pc.fill_null(pc.greater(lengths, CELL_LIMIT), False)
            for r in pc.indices_nonzero(big).to_pylist():
                label = labels[col.indices[r].as_py()].as_py()
                cut[(r, c)] = f"{label[:CELL_LIMIT]}... [{len(label) - CELL_LIMIT:,} more characters not returned]"
            table = table.set_column(c, pa.field(field.name, labels.type), pc.if_else(
                big, pa.nulls(len(col), labels.type), pc.take(pc.if_else(
                    pc.greater(pc.binary_length(labels), CELL_LIMIT), pa.nulls(len(labels), labels.type), labels),
                    col.indices)))
            continue
        storage = t.storage_type if isinstance(t, pa.BaseExtensionType) else t
        if not (pa.types.is_string(storage) or pa.types.is_large_string(storage) or pa.types.is_binary(storage)
                or pa.types.is_large_binary(storage)):
            continue
        col = table.column(c).combine_chunks()
        values = col.storage if isinstance(col, pa.ExtensionArray) else col
        bits = isinstance(t, pa.BaseExtensionType) and getattr(t, "type_name", "") == "bit"
        lengths = _text_lengths(col)
        if (pc.max(lengths).as_py() or 0) <= CELL_LIMIT:
            continue
        big = pc.greater(lengths, CELL_LIMIT)
        for r in pc.indices_nonzero(pc.fill_null(big, False)).to_pylist():
            n = lengths[r].as_py()
            if pa.types.is_string(storage) or pa.types.is_large_string(storage):
                head = pc.utf8_slice_codeunits(values.slice(r, 1), 0, CELL_LIMIT)[0].as_py()
                cut[(r, c)] = f"{head}... [{n - CELL_LIMIT:,} more characters not returned]"
            else:
                what = f"about {n:,} bits" if bits else f"{n:,} bytes"
                cut[(r, c)] = f"<a {getattr(t, 'type_name', None) or t} value of {what}, too long to return>"
        table = table.set_column(c, field, pc.if_else(big, pa.nulls(len(col), col.type), col)
                                 if not isinstance(t, pa.BaseExtensionType) else
                                 pa.ExtensionArray.from_storage(t, pc.if_else(big, pa.nulls(len(values), storage),
                                                                              values)))
    return table, cut


def _convert(table: pa.Table) -> list[tuple[Any, ...]]:
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
