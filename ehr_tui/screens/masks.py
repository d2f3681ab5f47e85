"""Masks screen: the XTF heatmap inspector for one scores/masks file.

Tokens of one example in reading order coloured by the selected attribute, masked tokens struck
through, a legend, the token under the cursor with its scores, navigation between examples, a
live threshold control that re-derives the mask over the whole file and shows the masked
fraction, and a histogram of each attribute. Reading the file runs in a worker thread; the
screen only changes widgets in its message handlers. Self-contained: ``MasksScreen(path)``.

CLI equivalents: ``xtf inspect FILE``; saving (ctrl+s) is ``xtf mask FILE --rule R --ri-iqr-k K
--kn-threshold X --tr-band LO,HI -o OUT`` (the command is shown when it saves).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..errors import UserError
from ..widgets.token_heatmap import ScoreHistogram, TokenHeatmap
from ..xtf.masks import ATTRIBUTES, ScoreSet, Thresholds, TokenFile, parse_rule, read_token_file
from ..xtf.render import legend

# How far one key press moves the selected attribute's threshold.
STEPS = {"ri": 0.25, "kn": 0.01, "tr": 0.01}


def masks_output_path(path: Path) -> Path:
    """Where the screen saves re-derived masks: FILE's stem + .masks.parquet, beside it."""
    stem = path.name.split(".")[0]
    return path.with_name(f"{stem}.masks.parquet")


class MasksScreen(Screen):
    DEFAULT_CSS = """
    MasksScreen { layout: vertical; }
    #masks-title { height: 1; padding: 0 1; background: $primary; color: $text; text-style: bold; }
    #masks-controls { height: 2; padding: 0 1; }
    #masks-scroll { height: 1fr; border: round $secondary; }
    #masks-token { height: 1; padding: 0 1; }
    #masks-legend { height: 1; padding: 0 1; }
    #masks-hists { height: 4; }
    """
    BINDINGS = [
        Binding("n,L", "example(1)", "Next example"),
        Binding("p,H", "example(-1)", "Prev example"),
        Binding("1", "attribute('ri')", "RI"),
        Binding("2", "attribute('kn')", "KN"),
        Binding("3", "attribute('tr')", "TR"),
        Binding("a", "cycle_attribute", "Next attribute", show=False),
        Binding("right_square_bracket", "threshold(1)", "Mask more"),
        Binding("left_square_bracket", "threshold(-1)", "Mask less"),
        Binding("0", "reset_thresholds", "Reset"),
        Binding("ctrl+s", "save", "Save masks"),
        Binding("escape", "back", "Back", show=False),
    ]

    class Loaded(Message):
        def __init__(self, file: TokenFile, scores: ScoreSet) -> None:
            super().__init__()
            self.file = file
            self.scores = scores

    class Failed(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Notice(Message):
        def __init__(self, text: str, title: str, severity: str = "information") -> None:
            super().__init__()
            self.text = text
            self.title = title
            self.severity = severity

    def __init__(self, path: str | Path, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.path = Path(path).expanduser()
        self.file: TokenFile | None = None
        self.scores: ScoreSet | None = None
        self.index = 0
        self.attribute = "ri"
        self.rule = parse_rule("paper")
        self.initial = Thresholds()
        self.thresholds = Thresholds()
        self.masked_flat = np.zeros(0, dtype=bool)
        self.lacks_flat: dict[str, np.ndarray] = {}

    def compose(self) -> ComposeResult:
        yield Static(Text(f"XTF masks · {self.path.name} · loading…"), id="masks-title")
        yield Static("", id="masks-controls")
        with VerticalScroll(id="masks-scroll"):
            yield TokenHeatmap(id="masks-heatmap")
        yield Static("", id="masks-token")
        yield Static("", id="masks-legend")
        with Horizontal(id="masks-hists"):
            for a in ATTRIBUTES:
                yield ScoreHistogram(id=f"masks-hist-{a}")
        yield Footer()

    def on_mount(self) -> None:
        self.load()

    @work(thread=True, exclusive=True, group="masks-load", exit_on_error=False)
    def load(self) -> None:
        try:
            f = read_token_file(self.path)
            self.post_message(self.Loaded(f, ScoreSet(f.examples)))
        except UserError as e:
            self.post_message(self.Failed(str(e)))

    @on(Loaded)
    def _loaded(self, msg: Loaded) -> None:
        self.file, self.scores = msg.file, msg.scores
        try:
            self.rule = parse_rule(self.file.settings.get("rule") or "paper")
            stored = dict(self.file.settings.get("thresholds") or {})
            stored = {k: v for k, v in stored.items() if k in Thresholds.__dataclass_fields__}
            if stored.get("tr_band"):
                stored["tr_band"] = tuple(stored["tr_band"])
            base = Thresholds(**stored)
        except (UserError, TypeError):
            self.notify("the file's rule or thresholds are unreadable; using the paper's rule", severity="warning")
            self.rule, base = parse_rule("paper"), Thresholds()
        # Fix the TR band explicitly so that the live control can move it.
        band = self.scores.tr_band(base)
        if band is None:
            lo = float(np.min(self.scores.values["tr"])) if self.scores.n else 0.0
            band = (lo, lo)
        self.initial = dataclasses.replace(base, tr_band=band)
        self.thresholds = self.initial
        self._rederive()
        self.query_one(TokenHeatmap).focus()

    @on(Failed)
    def _failed(self, msg: Failed) -> None:
        self.query_one("#masks-title", Static).update(Text(f"XTF masks · {self.path.name}"))
        self.query_one("#masks-controls", Static).update(Text(msg.text, style="bold red"))

    # -- derived state --------------------------------------------------------------------------

    def _rederive(self) -> None:
        self.masked_flat, self.lacks_flat = self.scores.evaluate(self.rule, self.thresholds)
        self._show_example(keep_cursor=True)
        self._update_controls()
        self._update_histograms()

    def _example_masked(self) -> np.ndarray:
        return self.scores.scatter(self.masked_flat, self.index)

    def _show_example(self, keep_cursor: bool = False) -> None:
        if not self.file or not self.file.examples:
            return
        ex = self.file.examples[self.index]
        heatmap = self.query_one(TokenHeatmap)
        cursor = heatmap.cursor if keep_cursor and heatmap.example is ex else None
        heatmap.show(ex, self._example_masked(), cursor)
        n = ex.n_response
        masked = self._example_masked()
        title = Text(
            f"XTF masks · {self.path.name} · example {self.index + 1}/{len(self.file.examples)} · "
            f"{ex.example_id} ({ex.source}) · {int(masked.sum())}/{n} response tokens masked"
        )
        # The two classic masking bugs, made obvious.
        if n and masked.sum() == n:
            title.append(" · NOTHING LEFT TO TRAIN", "bold white on red")
        elif n and masked[np.flatnonzero(ex.is_response)[0]]:
            title.append(" · first response token masked", "bold yellow")
        self.query_one("#masks-title", Static).update(title)
        self.query_one("#masks-legend", Static).update(legend(self.attribute))

    def _update_controls(self) -> None:
        th, ss = self.thresholds, self.scores
        total = ss.n
        masked = int(self.masked_flat.sum())
        lo, hi = th.tr_band
        parts = {
            "ri": f"RI < Q1 − {th.ri_iqr_k:.2f}·IQR",
            "kn": f"KN < {th.kn_min:.2f}",
            "tr": f"TR in [{lo:.3f}, {hi:.3f})",
        }
        t = Text()
        t.append(f"rule {self.rule.text}  ", "bold")
        for a in ATTRIBUTES:
            t.append(parts[a], "reverse bold" if a == self.attribute else "")
            t.append("  ")
        t.append("\n")
        t.append(f"masked {masked / total:.1%}" if total else "masked –", "bold yellow")
        t.append(f" ({masked:,} of {total:,} response tokens) · lacking ")
        t.append(" ".join(f"{a.upper()} {self.lacks_flat[a].mean():.1%}" if total else f"{a.upper()} –" for a in ATTRIBUTES))
        if not any(term.kind in ("paper", "lacks") for term in self.rule.terms):
            t.append(" · this rule uses no noise flags: [ ] move the flags only", "dim")
        self.query_one("#masks-controls", Static).update(t)

    def _update_histograms(self) -> None:
        th = self.thresholds
        marks = {"ri": [self.scores.ri_fence(self.index, th)], "kn": [th.kn_min], "tr": list(th.tr_band)}
        for a in ATTRIBUTES:
            self.query_one(f"#masks-hist-{a}", ScoreHistogram).show(
                self.scores.values[a], marks[a], f"{a.upper()}" + (" (▲ this example's fence)" if a == "ri" else ""),
                selected=a == self.attribute,
            )

    @on(TokenHeatmap.CursorMoved)
    def _cursor_moved(self, msg: TokenHeatmap.CursorMoved) -> None:
        ex, i = msg.heatmap.example, msg.position
        t = Text()
        if ex is None or i is None:
            t.append("no response tokens in this example", "italic")
        else:
            t.append(f"token {i} ")
            t.append(repr(ex.tokens[i]), "bold")
            t.append(f" id {int(ex.token_ids[i])} · RI {ex.ri[i]:.4g} · KN {ex.kn[i]:.4g} · TR {ex.tr[i]:.4g}")
            lacking = [a.upper() for a in ATTRIBUTES if self._lacks_at(a, i)]
            if lacking:
                t.append(" · lacks " + ", ".join(lacking))
            masked = msg.heatmap.masked is not None and msg.heatmap.masked[i]
            t.append(" · MASKED" if masked else " · kept", "bold red" if masked else "green")
        self.query_one("#masks-token", Static).update(t)

    def _lacks_at(self, attr: str, position: int) -> bool:
        if not self.lacks_flat:
            return False
        return bool(self.scores.scatter(self.lacks_flat[attr], self.index)[position])

    # -- actions --------------------------------------------------------------------------------

    def action_example(self, delta: int) -> None:
        if not self.file or not self.file.examples:
            return
        self.index = (self.index + delta) % len(self.file.examples)
        self._show_example()
        self._update_histograms()

    def action_attribute(self, attr: str) -> None:
        self.attribute = attr
        self.query_one(TokenHeatmap).attribute = attr
        if self.file:
            self.query_one("#masks-legend", Static).update(legend(attr))
            self._update_controls()
            self._update_histograms()

    def action_cycle_attribute(self) -> None:
        self.action_attribute(ATTRIBUTES[(ATTRIBUTES.index(self.attribute) + 1) % len(ATTRIBUTES)])

    def action_threshold(self, direction: int) -> None:
        """direction +1 masks more tokens of the selected attribute, -1 fewer."""
        if not self.scores:
            return
        th, step = self.thresholds, STEPS[self.attribute]
        if self.attribute == "ri":
            th = dataclasses.replace(th, ri_iqr_k=max(0.0, round(th.ri_iqr_k - direction * step, 4)))
        elif self.attribute == "kn":
            th = dataclasses.replace(th, kn_min=min(1.0, max(0.0, round(th.kn_min + direction * step, 4))))
        else:
            lo, hi = th.tr_band
            th = dataclasses.replace(th, tr_band=(lo, max(lo, round(hi + direction * step, 4))))
        self.thresholds = th
        self._rederive()

    def action_reset_thresholds(self) -> None:
        if self.scores:
            self.thresholds = self.initial
            self._rederive()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def action_save(self) -> None:
        if self.file:
            self.save(masks_output_path(self.path), self.thresholds)

    @work(thread=True, exclusive=True, group="masks-save", exit_on_error=False)
    def save(self, out: Path, th: Thresholds) -> None:
        from ..xtf.masks import apply_rule, write_token_file

        try:
            f = read_token_file(self.path)  # a fresh copy: the worker never touches the screen's state
            summary = apply_rule(f.examples, self.rule, th)
            settings = dict(f.settings, rule=self.rule.text, thresholds=th.to_dict(), derived_from=str(self.path))
            write_token_file(out, f.examples, "masks", settings, summary)
        except (UserError, OSError) as e:
            self.post_message(self.Notice(str(e), "Masks not saved", "error"))
            return
        lo, hi = th.tr_band
        cmd = (
            f"xtf mask {self.path} --rule '{self.rule.text}' --ri-iqr-k {th.ri_iqr_k!r} "
            f"--kn-threshold {th.kn_min!r} --tr-band {lo!r},{hi!r} -o {out}"
        )
        self.post_message(self.Notice(f"saved {out}\nsame from the shell: {cmd}", "Masks saved"))

    @on(Notice)
    def _notice(self, msg: Notice) -> None:
        self.notify(msg.text, title=msg.title, severity=msg.severity, timeout=8)
