"""The footer of every screen: ``? Help`` and ``q Quit`` come first.

Textual lists the focused widget's and the screen's keys before the app's, so at 80 columns a screen
with many keys pushed Help and Quit past the right edge: a new user saw neither how to get help nor
how to leave. The screen's own keys follow and may still run off the edge; every one of them is in
``? Help`` and in the command palette (ctrl+p).
"""

from __future__ import annotations

from textual.widgets import Footer

FIRST = ("help", "quit")  # the app's actions, in this order


class WorkbenchFooter(Footer):
    def compose(self):
        keys = list(super().compose())
        if any(getattr(k, "children", None) for k in keys):
            yield from keys  # grouped keys (a KeyGroup holds its children): leave Textual's order
            return
        first = sorted((k for k in keys if getattr(k, "action", None) in FIRST), key=lambda k: FIRST.index(k.action))
        yield from first + [k for k in keys if k not in first]
