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
from .errors import UserError
from .mimic.export import FORMATS, format_for
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
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=("examples:\n"
                "  ehr-tui sql \"SELECT gender, count(*) FROM mimiciv_hosp.patients GROUP BY 1\"\n"
                "  ehr-tui sql \"SELECT * FROM mimiciv_hosp.labevents WHERE itemid = 50912\" -o creatinine.parquet\n"
                "  ehr-tui sql --format csv -o - \"SELECT * FROM mimiciv_hosp.d_labitems\" > labitems.csv"))
    p.add_argument("query", help="the SQL statement, or - to read it from standard input")
    p.add_argument("--db", type=Path, default=argparse.SUPPRESS,
                   help="DuckDB file (default: the embedded synthetic one)")
    p.add_argument("--max-rows", type=int, default=None, metavar="N",
                   help="rows to show (default: 1000), or to export with -o (default: all of them)")
    p.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS", help="time limit (default: 30)")
    p.add_argument("--json", action="store_true", help="print columns, rows and counts as JSON")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the whole result to FILE instead of showing it (streamed, so any size; the file "
                        "appears only when complete); - writes to standard output")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="export format (default: from FILE's suffix: .csv, .parquet, .json = an array of row "
                        "objects, .jsonl = one object per line)")
    p.set_defaults(func=cmd_sql)


def cmd_sql(args: argparse.Namespace) -> int:
    sql = sys.stdin.read() if args.query == "-" else args.query
    db = getattr(args, "db", None) or paths.default_db()
    if args.max_rows is not None and args.max_rows < 1:
        raise UserError(f"--max-rows must be at least 1 (got {args.max_rows})")
    if args.format and not args.output:
        raise UserError("--format goes with -o FILE (the file to export to)")
    if args.output:
        return _export(args, sql, db)
    with SqlSandbox(db, timeout_s=args.timeout, max_rows=args.max_rows or 1000) as sb:
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


def _export(args: argparse.Namespace, sql: str, db) -> int:
    if args.json:
        raise UserError("--json prints the result; -o FILE exports it: give one of them")
    to_stdout = args.output == "-"
    if to_stdout and args.format is None:
        raise UserError("-o - (standard output) needs --format")
    if to_stdout and args.format == "parquet":
        raise UserError("parquet is binary: write it to a file (-o FILE.parquet), not to standard output")
    fmt = format_for(args.output, args.format)
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with SqlSandbox(db, timeout_s=args.timeout) as sb:
        if to_stdout:
            import tempfile

            with tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / f"result.{fmt}"
                sb.export(sql, out, fmt, max_rows=args.max_rows)
                with open(out, encoding="utf-8") as f:
                    while chunk := f.read(1 << 20):
                        sys.stdout.write(chunk)
            return 0
        with Progress(SpinnerColumn(), TextColumn("exporting {task.fields[rows]} rows"), TimeElapsedColumn(),
                      console=err_console, transient=True, disable=not err_console.is_terminal) as progress:
            bar = progress.add_task("export", total=None, rows="0")
            done = sb.export(sql, args.output, fmt, max_rows=args.max_rows,
                             on_rows=lambda n: progress.update(bar, rows=f"{n:,}"))
    err_console.print(Text(done.summary() + f" in {done.elapsed_s:.1f} s", style="dim"))
    return 0
