"""`ehr-tui egress`: what runs sent to non-loopback endpoints (the egress log, egress.py)."""

from __future__ import annotations

import argparse
import dataclasses
import json

from rich.console import Console
from rich.table import Table

from . import egress


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "egress", help="list the requests runs sent to non-loopback endpoints (HOME/egress.jsonl)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Every request a run sends to an endpoint that is not on this machine (not a loopback address)\n"
            "is recorded as it completes: time, endpoint, the address actually connected to, run, bytes sent,\n"
            "HTTP status, database and its source, and why the privacy guard let it through. Credentialed\n"
            "MIMIC-IV appears only when the endpoint was approved in the config file or --allow-remote was\n"
            "given. Requests to local servers (127.0.0.1, ::1) are not recorded: nothing left the machine."),
        epilog="example: ehr-tui egress --run my-run --requests")
    p.add_argument("--run", metavar="NAME", help="only this run (its folder name)")
    p.add_argument("--requests", action="store_true", help="one line per request instead of one per run and endpoint")
    p.add_argument("--json", action="store_true", help="print the matching log lines as JSON, one per line")
    p.set_defaults(func=cmd_egress)


def cmd_egress(args: argparse.Namespace) -> int:
    path = egress.log_file()
    entries = egress.read(path, run=args.run)
    console = Console()
    if args.json:
        for e in entries:
            print(json.dumps(dataclasses.asdict(e), ensure_ascii=False))
        return 0
    if not entries:
        which = f" for run {args.run!r}" if args.run else ""
        console.print(f"no requests to non-loopback endpoints recorded{which} in {path}", highlight=False)
        return 0
    if not console.is_terminal:  # scripts and pipes: whole values, tab-separated, one line each
        fields = egress.FIELDS
        print("\t".join(fields))
        for e in entries:
            print("\t".join(str(getattr(e, f)) for f in fields))
        return 0
    if args.requests:
        table = Table("time", "run", "endpoint", "address", "bytes sent", "status", "data", "why")
        for e in entries:
            table.add_row(e.time, e.run, e.endpoint, e.address, f"{e.bytes_sent:,}", e.status, e.db_source, e.why)
    else:
        table = Table("last", "run", "endpoint", "requests", "bytes sent", "data", "why")
        for s in egress.summarize(entries):
            table.add_row(s.last, s.run, s.endpoint, f"{s.requests:,}", f"{s.bytes_sent:,}", s.db_source, s.why)
    console.print(table)
    console.print(f"{len(entries):,} request(s) in {path}", highlight=False)
    return 0
