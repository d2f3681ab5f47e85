"""`ehr-tui sql QUERY`: one read-only query through the sandbox, as the app's SQL console runs it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import paths
from .mimic.sandbox import SqlSandbox
from .tasks.answers import to_jsonable

console = Console()
err_console = Console(stderr=True)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sql", help="run one read-only SQL query on a MIMIC-IV database (the app's SQL console)",
        description=("Run one reading statement (SELECT, WITH, DESCRIBE, SHOW, SUMMARIZE, EXPLAIN) through the "
                     "same read-only sandbox the agents and the app use: no writes, no file or network access, "
                     "a time limit, and a row cap that still reports the true row count."),
        epilog="example: ehr-tui sql \"SELECT gender, count(*) FROM mimiciv_hosp.patients GROUP BY 1\"")
    p.add_argument("query", help="the SQL statement, or - to read it from standard input")
    p.add_argument("--db", type=Path, default=argparse.SUPPRESS,
                   help="DuckDB file (default: the embedded synthetic one)")
    p.add_argument("--max-rows", type=int, default=1000, metavar="N", help="rows to show (default: 1000)")
    p.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS", help="time limit (default: 30)")
    p.add_argument("--json", action="store_true", help="print columns, rows and counts as JSON")
    p.set_defaults(func=cmd_sql)


def cmd_sql(args: argparse.Namespace) -> int:
    sql = sys.stdin.read() if args.query == "-" else args.query
    db = getattr(args, "db", None) or paths.default_db()
    with SqlSandbox(db, timeout_s=args.timeout, max_rows=max(1, args.max_rows)) as sb:
        res = sb.execute(sql)
    if not res.ok:
        err_console.print(Text("error: ", style="bold red") + Text(res.error or "query failed"))
        return 1
    if args.json:
        print(json.dumps({"columns": res.columns, "types": res.types,
                          "rows": [to_jsonable(list(r)) for r in res.rows], "row_count": res.row_count,
                          "truncated": res.truncated}, ensure_ascii=False))
        return 0
    table = Table(show_edge=False)
    for c in res.columns:
        table.add_column(Text(c))
    for row in res.rows:  # values as text, never markup
        table.add_row(*(Text("NULL" if v is None else str(v)) for v in row))
    console.print(table)
    console.print(Text(res.summary(), style="dim"))
    return 0
