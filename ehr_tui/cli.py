"""`ehr-tui`: with no command it opens the app; subcommands work the same data from scripts.

Each stage registers its own subcommands (``register(subparsers)`` in its
package's ``cli`` module) so this file stays a thin dispatcher.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys

from . import __version__, paths
from .errors import UserError, run_command

# Modules that add subcommands; each has register(subparsers).
COMMAND_MODULES = ["ehr_tui.mimic.cli", "ehr_tui.agent.cli", "ehr_tui.tasks.cli", "ehr_tui.sql_cli",
                   "ehr_tui.agent.compare", "ehr_tui.agent.egress_cli", "ehr_tui.agent.fork_cli"]

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ehr-tui",
        description=(
            "A terminal workbench for building and debugging clinical database agents on MIMIC-IV.\n"
            "Run with no command to open the app on the configured database (the embedded\n"
            "synthetic MIMIC-IV database is built on first launch)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Files live under --home, $EHR_TUI_HOME or ~/.local/share/ehr-tui. "
        "`ehr-tui COMMAND --help` explains each command.",
    )
    parser.add_argument("--version", action="version", version=f"ehr-tui {__version__}")
    parser.add_argument("--home", metavar="DIR", help="folder for databases, tasks, runs and jobs")
    parser.add_argument("--db", metavar="FILE", help="DuckDB database to open (default: the embedded synthetic one)")
    parser.add_argument("--allow-weak-python-sandbox", action="store_true",
                        help="let the Debugger replay Python steps where the kernel lacks a sandbox layer")
    parser.add_argument("--tasks", metavar="FILE",
                        help="tasks file the app opens (default: the one under HOME/tasks generated from the open database, tasks.jsonl first)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def open_app(args: argparse.Namespace) -> int:
    """The Textual app; the default database is built inside it, behind a progress screen."""
    from pathlib import Path

    from .mimic.metadata import read_info

    db = Path(args.db).expanduser() if args.db else None
    if db is not None:
        read_info(db)  # a missing or foreign file is a clear error here, not a blank app
    tasks = Path(args.tasks).expanduser() if args.tasks else None
    if tasks is not None and not tasks.is_file():
        raise UserError(f"tasks file {tasks} does not exist: make one with `ehr-tui tasks generate`")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UserError("the app needs an interactive terminal; in scripts use the subcommands "
                        "(`ehr-tui --help` lists them)")
    from .app import EhrApp

    app = EhrApp(db, tasks=tasks)
    app.allow_weak_python_sandbox = bool(getattr(args, "allow_weak_python_sandbox", False))
    app.run()
    return app.return_code or 0


def main(argv: list[str] | None = None) -> int:
    if os.environ.pop("EHR_TUI_CANCEL_BY_SIGINT", None) == "1":  # launched by the TUI, which cancels by SIGINT
        signal.signal(signal.SIGINT, signal.default_int_handler)
    parser = build_parser()
    args = parser.parse_args(argv)
    paths.set_home(args.home)
    return run_command(lambda: open_app(args) if args.command is None else args.func(args))


if __name__ == "__main__":
    sys.exit(main())
