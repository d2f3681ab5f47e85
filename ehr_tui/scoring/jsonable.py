"""DuckDB / numpy result values as JSON values: the form gold answers and recorded rows are stored in."""

from __future__ import annotations

import datetime as dt
import decimal
import math
import uuid
from typing import Any


def to_jsonable(value: Any) -> Any:
    """Decimal -> int when integral, else float; datetime -> "YYYY-MM-DD HH:MM:SS"; date ->
    "YYYY-MM-DD"; time -> "HH:MM:SS"; timedelta -> seconds (float); NaN/inf -> None; numpy
    scalars/arrays -> Python values/lists; tuples and sets -> lists (sets sorted); UUID/bytes -> str.
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            return None
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None).isoformat(sep=" ", timespec="seconds")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dt.time):
        return value.isoformat(timespec="seconds")
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_jsonable(v) for v in value), key=json_sort_key)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, uuid.UUID):
        return str(value)
    if hasattr(value, "tolist"):  # numpy scalar or array (numpy is not imported here)
        return to_jsonable(value.tolist())
    return str(value)


_RANK = {type(None): 0, bool: 1, int: 2, float: 2, str: 3, list: 4, tuple: 4}


def json_sort_key(v: Any) -> tuple:
    """A total order over JSON values of mixed types (None < bool < number < text < list)."""
    rank = _RANK.get(type(v), 5)
    if rank == 4:
        return (rank, tuple(json_sort_key(x) for x in v))
    if rank == 0:
        return (0, 0)
    if rank == 5:
        return (5, repr(v))
    return (rank, v)
