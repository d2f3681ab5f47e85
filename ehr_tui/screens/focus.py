"""Leaving a text field: focus moves to the first widget of the screen that does not take typing, so the
screen's single-letter keys work again (a field that keeps focus on Esc traps the keyboard)."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Input, TextArea


def is_text_field(widget: object) -> bool:
    return isinstance(widget, Input) or (isinstance(widget, TextArea) and not widget.read_only)


def leave_text_field(screen: Screen) -> bool:
    """Move focus off a focused text field; False when none was focused."""
    if not is_text_field(screen.focused):
        return False
    target = next((w for w in screen.focus_chain if not is_text_field(w)), None)
    screen.set_focus(target)
    return True
