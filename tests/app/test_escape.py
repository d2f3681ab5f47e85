"""Esc leaves any text field on every screen, and the screen's keys work once out (the Fine-tune form
used to trap the keyboard: `m` and `1` typed into the field)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, TextArea

from ehr_tui.app import SCREENS
from ehr_tui.screens.focus import is_text_field

from .conftest import SIZE, settle


@pytest.mark.parametrize("mode", [e.mode for e in SCREENS])
async def test_escape_leaves_every_text_field(make_app, mode):
    app = make_app(initial_mode=mode)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        fields = [w for w in app.screen.query("*") if isinstance(w, (Input, TextArea)) and is_text_field(w)
                  and w.focusable]
        if mode in ("tasks", "sql", "finetune"):
            assert fields, f"{mode} has text fields to test"
        for field in fields:
            field.focus()
            await pilot.pause()
            assert app.screen.focused is field
            await pilot.press("escape")
            await pilot.pause()
            assert not is_text_field(app.screen.focused), f"{mode}: Esc left focus in {field!r}"
        other = "2" if mode == "tasks" else "1"
        await pilot.press(other)
        await settle(pilot)
        assert app.current_mode != mode, f"{mode}: screen keys do not work after Esc"
