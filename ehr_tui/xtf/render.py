"""Rich renderings of scored tokens: the heatmap, its legend and score histograms.

Shared by ``xtf inspect`` (printed to the terminal) and the Masks screen's widgets, so both show
the same colours. Token text is rendered as ``Text`` with markup off: a token like ``[bold]`` in the
data is shown literally, never interpreted.
"""

from __future__ import annotations

import numpy as np
from rich.text import Text

from .masks import ATTRIBUTE_NAMES, ScoredExample

# A viridis-like ramp: perceptually ordered, readable for common colour-vision deficiencies.
_STOPS = np.array([(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)], dtype=float)
_BLOCKS = " ▁▂▃▄▅▆▇█"
MASKED_STYLE = "strike dim"
PROMPT_STYLE = "grey50"
CURSOR_STYLE = "bold reverse underline"


def ramp(value: float) -> tuple[int, int, int]:
    """The colour of a value in [0, 1]."""
    x = min(max(float(value), 0.0), 1.0) * (len(_STOPS) - 1)
    i = min(int(x), len(_STOPS) - 2)
    c = _STOPS[i] + (x - i) * (_STOPS[i + 1] - _STOPS[i])
    return int(c[0]), int(c[1]), int(c[2])


def _style(value: float) -> str:
    r, g, b = ramp(value)
    fg = "black" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "white"
    return f"{fg} on rgb({r},{g},{b})"


def display_values(ex: ScoredExample, attr: str) -> np.ndarray:
    """Scores mapped to [0, 1] for colouring: KN and TR as they are, RI relative to the example's max."""
    v = ex.score(attr).astype(np.float64)
    if attr == "ri":
        top = np.nanmax(v) if np.any(~np.isnan(v)) else 1.0
        v = v / top if top > 0 else v
    return v


def token_display(tok: str) -> str:
    """Token text as shown: a newline keeps its line break after a visible ↵, a tab becomes →."""
    return tok.replace("\t", "→   ").replace("\r", "").replace("\n", "↵\n")


ONLY_A_STYLE = "bold white on rgb(180,40,40)"
ONLY_B_STYLE = "bold white on rgb(40,80,190)"
BOTH_STYLE = "strike grey62"


def render_tokens(
    ex: ScoredExample,
    attr: str,
    masked: np.ndarray | None = None,
    cursor: int | None = None,
    prompt: bool = True,
    values: np.ndarray | None = None,
    diff: tuple[np.ndarray, np.ndarray] | None = None,
) -> Text:
    """The tokens of ``ex`` in reading order, response tokens coloured by ``attr`` (or by ``values`` in
    [0, 1], e.g. a per-token loss); with ``diff`` = (only A masks, only B masks) coloured by which of
    two masks masks them instead."""
    masked = ex.masked if masked is None else masked
    values = display_values(ex, attr) if values is None else values
    out = Text(no_wrap=False)
    for i, tok in enumerate(ex.tokens):
        # A token holding part of a multi-byte character covers no text of its own.
        shown = token_display(tok) or ("▯" if i == cursor else "")
        if not shown:  # (zero-length pieces also upset Textual's span conversion)
            continue
        if not ex.is_response[i]:
            if prompt:
                out.append(shown, CURSOR_STYLE if i == cursor else PROMPT_STYLE)
            continue
        if diff is not None:
            style = ONLY_A_STYLE if diff[0][i] else ONLY_B_STYLE if diff[1][i] else \
                BOTH_STYLE if masked is not None and masked[i] else ""
        else:
            style = _style(values[i] if not np.isnan(values[i]) else 0.0)
            if masked is not None and masked[i]:
                style = f"{style} {MASKED_STYLE}"
        if i == cursor:
            style = f"{style} {CURSOR_STYLE}"
        out.append(shown, style)
    return out


def legend(attr: str, width: int = 20) -> Text:
    """Colour scale of ``attr`` plus the keys for masked and prompt tokens."""
    t = Text()
    t.append(f"{attr.upper()} {ATTRIBUTE_NAMES[attr]}", "bold")
    t.append("  low ")
    for i in range(width):
        t.append(" ", _style(i / (width - 1)))
    t.append(" high")
    if attr == "ri":
        t.append(" (of the example's max)", "italic")
    t.append("   ")
    t.append("masked", f"{_style(0.6)} {MASKED_STYLE}")
    t.append("  ")
    t.append("prompt (not trained)", PROMPT_STYLE)
    return t


def diff_legend(name_a: str, name_b: str) -> Text:
    t = Text()
    t.append("masks compared: ", "bold")
    t.append(f"masked only by {name_a}", ONLY_A_STYLE)
    t.append("  ")
    t.append(f"masked only by {name_b}", ONLY_B_STYLE)
    t.append("  ")
    t.append("masked by both", BOTH_STYLE)
    t.append("  kept by both  ")
    t.append("prompt", PROMPT_STYLE)
    return t


def scale_legend(title: str, low: str = "low", high: str = "high", width: int = 20) -> Text:
    """A colour scale with a free title (e.g. a per-token loss)."""
    t = Text()
    t.append(title, "bold")
    t.append(f"  {low} ")
    for i in range(width):
        t.append(" ", _style(i / (width - 1)))
    t.append(f" {high}   ")
    t.append("masked", f"{_style(0.6)} {MASKED_STYLE}")
    t.append("  ")
    t.append("prompt (not trained)", PROMPT_STYLE)
    return t


def histogram(
    values: np.ndarray,
    width: int = 40,
    marks: list[float] | None = None,
    label: str = "",
    lo: float | None = None,
    hi: float | None = None,
) -> Text:
    """A one-line bar histogram of ``values`` with ▲ under threshold ``marks`` and the range below."""
    v = values[np.isfinite(values)]
    t = Text()
    if label:
        t.append(label + "\n", "bold")
    if v.size == 0:
        t.append("(no scores)", "italic")
        return t
    lo = float(v.min()) if lo is None else lo
    hi = float(v.max()) if hi is None else hi
    if hi <= lo:
        hi = lo + 1e-9
    counts, _ = np.histogram(v, bins=width, range=(lo, hi))
    top = counts.max() or 1
    for c in counts:
        level = int(np.ceil(c / top * (len(_BLOCKS) - 1))) if c else 0
        t.append(_BLOCKS[level], "cyan")
    t.append("\n")
    marker = [" "] * width
    for m in marks or []:
        if np.isfinite(m) and lo <= m <= hi:
            marker[min(int((m - lo) / (hi - lo) * width), width - 1)] = "▲"
    t.append("".join(marker), "bold yellow")
    t.append("\n")
    left, right = f"{lo:.3g}", f"{hi:.3g}"
    t.append(left + " " * max(width - len(left) - len(right), 1) + right, "dim")
    return t
