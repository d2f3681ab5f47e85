"""Every command line the help screen and the palette show must parse with the real argparse parsers
(a shown command that fails with `unrecognized arguments` teaches the user something false)."""

from __future__ import annotations

import argparse
import contextlib
import io
import shlex

import pytest

from ehr_tui import cli as ehr_cli
from ehr_tui.app import OPENERS, SCREENS, EhrApp, screen_actions
from xtf_cli import main as xtf_main

# What the placeholders in the help text stand for (any value of the right shape parses).
PLACEHOLDERS = {"FILE": "x.jsonl", "RUN": "run1", "RUN_DIR": "runs/run1", "M": "m", "URL": "http://h/v1",
                "K": "2", "C": "4", "ID": "job1", "D": "d.jsonl", "F": "m.parquet", "OUT": "out", "A": "a",
                "B": "b", "SQL": "SELECT 1", "GOLD SQL": "SELECT 1", "N": "3", "PATTERN": "x",
                "TASK": "labs.patient.x:0a", "TRIAL": "0",
                "X": "0.05", "R": "paper", "DIR": "ft"}


def shown_commands() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for entry in [*SCREENS, *OPENERS.values()]:
        out.append((entry.title, entry.cli))
        for act in screen_actions(entry.load()):
            out.append((f"{entry.title}: {act.description}", act.cli))
    for act in EhrApp.ACTIONS:
        out.append((f"app: {act.description}", act.cli))
    from ehr_tui.widgets.result_table import ResultTable
    for act in ResultTable.ACTIONS:
        out.append((f"result tables: {act.description}", act.cli))
    from ehr_tui.screens import sql_modals
    for name in dir(sql_modals):
        for act in getattr(getattr(sql_modals, name), "ACTIONS", ()) or ():
            if hasattr(act, "cli"):
                out.append((f"{name}: {act.description}", act.cli))
    commands = []
    for where, text in out:
        for part in text.split(";"):
            part = part.strip()
            if part.startswith(("ehr-tui", "xtf ")):
                commands.append((where, part))
    return commands


def argv_of(command: str) -> list[str]:
    words = shlex.split(command)
    return [PLACEHOLDERS.get(w, w) for w in words[1:]], words[0]


def test_the_help_shows_commands_at_all():
    assert len(shown_commands()) >= 15


@pytest.mark.parametrize("where,command", shown_commands())
def test_every_shown_command_parses(where, command):
    argv, prog = argv_of(command)
    assert "..." not in argv, f"{where}: `{command}` elides arguments; show a command that runs"
    parser = ehr_cli.build_parser() if prog == "ehr-tui" else xtf_main.build_parser()
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            parser.parse_args(argv)
        except SystemExit as e:
            assert e.code == 0, f"{where}: `{command}` does not parse: {err.getvalue().strip()}"
