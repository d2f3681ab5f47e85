"""Errors a user can cause. The CLI and the app show them as one clear sentence, never a traceback."""

from __future__ import annotations

from typing import Callable


class UserError(Exception):
    """Bad input or a missing prerequisite: the message says what is wrong and what to do."""


def run_command(command: Callable[[], int | None]) -> int:
    """Run a CLI command: a UserError is one line on stderr (exit 2), Ctrl-C a resume hint (exit 130).

    Shared by `ehr-tui` and `xtf`. Messages are printed as plain text (a path or SQL holding
    "[...]" is not rich markup) and unwrapped, so each stays one line a script can grep.
    """
    from rich.console import Console
    from rich.markup import escape

    err = Console(stderr=True)
    try:
        return int(command() or 0)
    except UserError as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        return 2
    except KeyboardInterrupt:
        err.print("[yellow]interrupted[/]: finished work is saved; run the same command again to resume",
                  soft_wrap=True)
        return 130
