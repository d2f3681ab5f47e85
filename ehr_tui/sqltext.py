"""Python values as DuckDB SQL literals, for SQL the project writes itself (gold SQL, generator steps)."""

from __future__ import annotations

from typing import Any

from sqlglot import exp


def sql_literal(value: Any) -> str:
    """NULL, TRUE/FALSE, numbers and quoted strings by sqlglot; any other value (a date, a
    Decimal) as the quoted string of its str(), which DuckDB casts where it is compared."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return exp.convert(value).sql(dialect="duckdb")
    return exp.convert(str(value)).sql(dialect="duckdb")
