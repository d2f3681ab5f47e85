"""Masks screen: the XTF heatmap inspector for one scores/masks file.

Tokens of one example in reading order coloured by the selected attribute, masked tokens struck
through, a legend, the token under the cursor with its scores, navigation between examples, a
live threshold control that re-derives the mask over the whole file and shows the masked
fraction, and a histogram of each attribute. ``d`` compares the mask with another file's (tokens
masked only here / only there, highlighted); ``f`` picks a fine-tune of the scoring model and ``4``
colours tokens by their training loss after it, before it (the base model) or the change. Reading
files and computing losses run in worker threads; the screen only changes widgets in its message
handlers. Self-contained: ``MasksScreen(path)``.

CLI equivalents: ``xtf inspect FILE``; saving (ctrl+s) is ``xtf mask FILE --rule R --ri-iqr-k K
--kn-threshold X --tr-band LO,HI -o OUT`` (the command is shown when it saves); comparing is
``xtf diff FILE OTHER``; the loss overlay ``xtf inspect FILE --finetune DIR --loss after|before|change``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ..errors import UserError
from ..widgets.token_heatmap import ScoreHistogram, TokenHeatmap
from ..xtf.masks import ATTRIBUTES, ScoreSet, Thresholds, TokenFile, parse_rule, read_token_file
from ..xtf.render import diff_legend, legend, scale_legend
from ..xtf.token_loss import MODES as LOSS_MODES
from .base import Act, bindings
from .footer import WorkbenchFooter

# How far one key press moves the selected attribute's threshold.
STEPS = {"ri": 0.25, "kn": 0.01, "tr": 0.01}


def masks_output_path(path: Path) -> Path:
    """Where the screen saves re-derived masks: FILE's stem + .masks.parquet, beside it."""
    stem = path.name.split(".")[0]
    return path.with_name(f"{stem}.masks.parquet")


# The footer shows short labels (it must fit 80 columns); help and the palette show the full text.
FOOTER_LABELS = {"example(1)": "Next", "example(-1)": "Prev", "attribute('ri')": "RI", "attribute('kn')": "KN",
                 "attribute('tr')": "TR", "threshold(1)": "More", "threshold(-1)": "Less", "compare": "Compare",
                 "loss_view": "Loss", "save": "Save"}


class MasksScreen(Screen):
    DEFAULT_CSS = """
    MasksScreen { layout: vertical; }
    #masks-title { height: auto; max-height: 2; padding: 0 1; background: $primary; color: $text;
                   text-style: bold; }
    #masks-controls { height: 2; padding: 0 1; }
    #masks-scroll { height: 1fr; border: round $secondary; }
    #masks-token { height: auto; max-height: 2; padding: 0 1; }
    #masks-legend { height: auto; max-height: 2; padding: 0 1; }
    #masks-hists { height: 4; }
    """
    ACTIONS = (
        Act("n,L", "example(1)", "Next example", cli="xtf inspect FILE --example ID"),
        Act("p,H", "example(-1)", "Previous example", cli="xtf inspect FILE --list"),
        Act("1", "attribute('ri')", "Colour by RI (reasoning importance)", cli="xtf inspect FILE --attribute ri"),
        Act("2", "attribute('kn')", "Colour by KN (knowledge novelty)", cli="xtf inspect FILE --attribute kn"),
        Act("3", "attribute('tr')", "Colour by TR (task relevance)", cli="xtf inspect FILE --attribute tr"),
        Act("a", "cycle_attribute", "Next attribute", show=False),
        Act("right_square_bracket", "threshold(1)", "Mask more (the selected attribute's threshold)",
            key_display="]", cli="xtf mask FILE --kn-threshold X -o OUT"),
        Act("left_square_bracket", "threshold(-1)", "Mask less (the selected attribute's threshold)",
            key_display="[", cli="xtf mask FILE --ri-iqr-k K -o OUT"),
        Act("0", "reset_thresholds", "Reset the thresholds to the file's", show=False),
        Act("d", "compare", "Compare with another masks file (again: stop)", cli="xtf diff FILE OTHER"),
        Act("f", "pick_finetune", "Pick a fine-tune for the loss overlay", show=False,
            cli="xtf inspect FILE --finetune DIR"),
        Act("4", "loss_view", "Colour by training loss: after / before / change / off",
            cli="xtf inspect FILE --finetune DIR --loss change"),
        Act("ctrl+s", "save", "Save the masks with these thresholds", key_display="^s",
            cli="xtf mask FILE --rule R -o OUT"),
        Act("escape", "back", "Back", show=False),
    )
    BINDINGS = [dataclasses.replace(b, description=FOOTER_LABELS.get(b.action, b.description))
                for b in bindings(ACTIONS)]

    class Loaded(Message):
        def __init__(self, file: TokenFile, scores: ScoreSet) -> None:
            super().__init__()
            self.file = file
            self.scores = scores

    class Failed(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Compared(Message):
        def __init__(self, file: TokenFile | None, error: str | None = None) -> None:
            super().__init__()
            self.file, self.error = file, error

    class OverlayReady(Message):
        def __init__(self, overlay, error: str | None = None) -> None:
            super().__init__()
            self.overlay, self.error = overlay, error

    class LossReady(Message):
        def __init__(self, example_id: str, loss) -> None:
            super().__init__()
            self.example_id, self.loss = example_id, loss

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
        self.fixed_mask = False  # a random-control file: its mask is no rule's, shown as stored
        self.compare: TokenFile | None = None
        self.overlay = None  # xtf.token_loss.LossOverlay, once a fine-tune is picked
        self.loss_mode: str | None = None  # after | before | change, while colouring by loss
        self.losses: dict[str, object] = {}
        self._loss_pending: set[str] = set()

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
        yield WorkbenchFooter(compact=True)

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
        rule_text = str(self.file.settings.get("rule") or "paper")
        self.fixed_mask = rule_text.startswith("random:")
        try:
            self.rule = parse_rule("paper" if self.fixed_mask else rule_text)
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
        if self.fixed_mask:  # the stored random draw; flags stay live for the token line
            self.masked_flat = np.concatenate([e.masked[p] for e, p in zip(self.file.examples, self.scores.positions)]) \
                if self.file.examples else np.zeros(0, dtype=bool)
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
        masked = self._example_masked()
        diff, values, legend_text = None, None, legend(self.attribute)
        other = self._other(ex.example_id)
        if other is not None:
            resp = ex.is_response
            diff = (masked & ~other.masked & resp, other.masked & ~masked & resp)
            legend_text = diff_legend("this file", self.compare.path.name)
        elif self.loss_mode is not None:
            loss = self.losses.get(ex.example_id)
            if loss is None:
                self._request_loss(ex)
                legend_text = Text(f"computing the training loss of {ex.example_id}…", style="italic")
            else:
                values = loss.values(self.loss_mode)
                legend_text = scale_legend(*self._loss_legend())
        heatmap.show(ex, masked, cursor, values=values, diff=diff)
        n = ex.n_response
        title = Text(
            f"XTF masks · {self.path.name} · example {self.index + 1}/{len(self.file.examples)} · "
            f"{ex.example_id} ({ex.source}) · {int(masked.sum())}/{n} response tokens masked"
        )
        if diff is not None:
            title.append(f" · vs {self.compare.path.name}: {int(diff[0].sum())} only here, "
                         f"{int(diff[1].sum())} only there", "bold")
        # The two classic masking bugs, made obvious.
        if n and masked.sum() == n:
            title.append(" · NOTHING LEFT TO TRAIN", "bold white on red")
        elif n and masked[np.flatnonzero(ex.is_response)[0]]:
            title.append(" · first response token masked", "bold yellow")
        self.query_one("#masks-title", Static).update(title)
        self.query_one("#masks-legend", Static).update(legend_text)

    def _other(self, example_id: str):
        if self.compare is None:
            return None
        try:
            other = self.compare.example(example_id)
        except UserError:
            return None
        mine = self.file.examples[self.index] if self.file else None
        if mine is not None and mine.example_id == example_id and not np.array_equal(mine.token_ids, other.token_ids):
            return None  # other tokens: nothing to compare position by position
        return other

    def _loss_legend(self) -> tuple[str, str, str]:
        ov = self.overlay
        if self.loss_mode == "change":
            return "training loss change (before − after)", "worse", "better"
        folder = ov.finetune if self.loss_mode == "after" else ov.base
        which = f"{folder.parent.name}/{folder.name}" if folder.name == "final" else folder.name
        return f"training loss {self.loss_mode} ({which}, same scale)", "low", "high"

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
        if self.fixed_mask:
            t.append(" · a random control: its mask is shown as stored ([ ] move the flags only)", "dim")
        elif not any(term.kind in ("paper", "lacks") for term in self.rule.terms):
            t.append(" · this rule uses no noise flags: [ ] move the flags only", "dim")
        self.query_one("#masks-controls", Static).update(t)

    def _update_histograms(self) -> None:
        th = self.thresholds
        marks = {"ri": [self.scores.ri_fence(self.index, th)], "kn": [th.kn_min], "tr": list(th.tr_band)}
        for a in ATTRIBUTES:
            self.query_one(f"#masks-hist-{a}", ScoreHistogram).show(
                self.scores.values[a], marks[a], f"{a.upper()}" + (" (▲ fence)" if a == "ri" else ""),
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
            loss = self.losses.get(ex.example_id)
            if loss is not None and np.isfinite(loss.before[i]):
                t.append(f" · loss {loss.before[i]:.3g} → {loss.after[i]:.3g}")
            other = self._other(ex.example_id)
            if other is not None and other.masked[i] != masked:
                t.append(f" · {'kept' if masked else 'masked'} in {self.compare.path.name}", "bold")
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
        if self.loss_mode is not None:
            self.loss_mode = None
            self._show_example(keep_cursor=True)
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

    # -- comparing and the loss overlay ---------------------------------------------------------

    def action_compare(self) -> None:
        if self.compare is not None:
            self.compare = None
            self._show_example(keep_cursor=True)
            return
        if not self.file:
            return
        from .. import paths
        from .picker import Choice, PickerScreen

        home = paths.home()
        files = [p for p in sorted(home.glob("**/*.parquet"), key=lambda p: p.stat().st_mtime, reverse=True)[:300]
                 if p.resolve() != self.path.resolve()]
        here = [p for p in self.path.parent.glob("*.parquet") if p.resolve() != self.path.resolve()]
        choices = [Choice(str(p), str(p)) for p in dict.fromkeys([*here, *files])]
        self.app.push_screen(PickerScreen("Compare with another masks file", choices, allow_free_text=True,
                                          placeholder="type to filter, or a path", hint="d again: stop comparing"),
                             self._load_compare)

    def _load_compare(self, value: str | None) -> None:
        if value:
            self._read_compare(Path(value).expanduser())

    @work(thread=True, exclusive=True, group="masks-compare", exit_on_error=False)
    def _read_compare(self, path: Path) -> None:
        try:
            f = read_token_file(path)
            mine = self.file.examples[0]
            other = f.example(mine.example_id) if any(e.example_id == mine.example_id for e in f.examples) else None
            if other is not None and not np.array_equal(other.token_ids, mine.token_ids):
                raise UserError(f"{path.name} holds other tokens for {mine.example_id} (another tokenizer or "
                                "--max-length): its masks cannot be compared")
            if not {e.example_id for e in f.examples} & {e.example_id for e in self.file.examples}:
                raise UserError(f"{path.name} has no example in common with {self.path.name}, so no token can be "
                                "compared: pick a file scored from the same data")
            self.post_message(self.Compared(f))
        except UserError as e:
            self.post_message(self.Compared(None, str(e)))

    @on(Compared)
    def _compared(self, msg: Compared) -> None:
        if msg.file is None:
            self.notify(msg.error or "not compared", title="Not compared", severity="error", markup=False)
            return
        self.compare = msg.file
        shared = sum(1 for e in self.file.examples if self._other(e.example_id) is not None)
        self.notify(f"{shared} of {len(self.file.examples)} examples are in {msg.file.path.name}; same from the "
                    f"shell: xtf diff {self.path} {msg.file.path}", title="Comparing", markup=False)
        self._show_example(keep_cursor=True)

    def action_pick_finetune(self) -> None:
        from .. import paths
        from .picker import Choice, PickerScreen

        home = paths.home()
        found = sorted(home.glob("**/final/train_info.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:200]
        self.app.push_screen(PickerScreen("Fine-tune whose training loss to show (xtf train's OUT/final)",
                                          [Choice(str(p.parent), str(p.parent)) for p in found],
                                          allow_free_text=True, placeholder="type to filter, or a path",
                                          hint="4 then cycles: loss after, before, change"),
                             self._load_overlay)

    def _load_overlay(self, value: str | None) -> None:
        if value:
            self.notify("loading the fine-tune and its base model…")
            self._open_overlay(Path(value).expanduser())

    @work(thread=True, exclusive=True, group="masks-overlay", exit_on_error=False)
    def _open_overlay(self, folder: Path) -> None:
        from ..xtf.token_loss import LossOverlay

        try:
            vocab = (self.file.settings.get("tokenization") or {}).get("vocab_size") if self.file else None
            self.post_message(self.OverlayReady(LossOverlay(folder, vocab_size=vocab)))
        except UserError as e:
            self.post_message(self.OverlayReady(None, str(e)))

    @on(OverlayReady)
    def _overlay_ready(self, msg: OverlayReady) -> None:
        if msg.overlay is None:
            self.notify(msg.error or "not loaded", title="No loss overlay", severity="error", markup=False)
            return
        self.overlay, self.losses = msg.overlay, {}
        self.loss_mode = "after"
        self.compare = None
        self._show_example(keep_cursor=True)

    def action_loss_view(self) -> None:
        if self.overlay is None:
            self.action_pick_finetune()
            return
        modes = [*LOSS_MODES, None]
        self.loss_mode = modes[(modes.index(self.loss_mode) + 1) % len(modes)]
        self._show_example(keep_cursor=True)

    def _request_loss(self, ex) -> None:
        if ex.example_id not in self._loss_pending:
            self._loss_pending.add(ex.example_id)
            self._compute_loss(ex)

    @work(thread=True, group="masks-loss", exit_on_error=False)
    def _compute_loss(self, ex) -> None:
        self.post_message(self.LossReady(ex.example_id, self.overlay.loss(ex)))

    @on(LossReady)
    def _loss_ready(self, msg: LossReady) -> None:
        self._loss_pending.discard(msg.example_id)
        self.losses[msg.example_id] = msg.loss
        if self.file and self.file.examples[self.index].example_id == msg.example_id:
            self._show_example(keep_cursor=True)

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
