"""Read-only, syntax-highlighted SQL or Python (pygments through rich), and a SQL pretty-printer."""

from __future__ import annotations

import difflib

import sqlglot
from rich.syntax import Syntax
from rich.text import Text
from textual.widgets import Static

THEME = "monokai"


def pretty_sql(sql: str) -> str:
    """SQL laid out one clause per line (sqlglot, DuckDB dialect); the text as given if it does not parse.

    Only for display and diffs: what runs is always the original text.
    """
    try:
        return ";\n".join(sqlglot.transpile(sql, read="duckdb", write="duckdb", pretty=True))
    except sqlglot.errors.SqlglotError:
        return sql.strip()


def display_sql(sql: str) -> str:
    """SQL as written when it has its own layout; pretty-printed when it is one long line."""
    return sql if "\n" in sql.strip() else pretty_sql(sql)


def sql_diff(left: str, right: str, left_name: str = "agent", right_name: str = "gold") -> str:
    """A unified diff of two queries after pretty-printing both, so layout differences vanish."""
    a, b = pretty_sql(left).splitlines(), pretty_sql(right).splitlines()
    lines = list(difflib.unified_diff(a, b, left_name, right_name, lineterm="", n=3))
    return "\n".join(lines) if lines else "(the two queries are the same after formatting)"


class CodeView(Static):
    """Code with highlighting; ``language`` is a pygments lexer name ("sql", "python", "diff")."""

    DEFAULT_CSS = """
    CodeView { height: auto; padding: 0 1; background: $boost; }
    """

    def __init__(self, code: str = "", language: str = "sql", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.language = language
        self.set_code(code, language)

    def set_code(self, code: str, language: str | None = None) -> None:
        self.language = language or self.language
        self.code = code
        if not code:
            self.update(Text("—", style="dim"))
            return
        self.update(Syntax(code, self.language, theme=THEME, word_wrap=True, background_color="default"))


class SqlView(CodeView):
    """SQL as an analyst would lay it out (pretty-printed when it is one long line)."""

    def __init__(self, sql: str = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", "sql", id=id, classes=classes)
        self.set_sql(sql)

    def set_sql(self, sql: str) -> None:
        self.set_code(display_sql(sql), "sql")
