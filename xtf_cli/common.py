"""Options and output shared by the xtf subcommands."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from ehr_tui.errors import UserError
from ehr_tui.xtf.masks import ATTRIBUTE_NAMES, ATTRIBUTES, Thresholds

console = Console()

THRESHOLD_HELP = """\
noise flags (the paper's rule; a token is noise if it lacks any one attribute):
  lacks RI   RI < Q1 - k*(Q3 - Q1) over that example's response tokens (IQR rule, k = --ri-iqr-k)
  lacks KN   KN < --kn-threshold (the model already predicts the token with p > 1 - threshold)
  lacks TR   TR falls in class --tr-noise-class (0 = lowest) of a --tr-classes-class multi-Otsu
             split of TR over all response tokens; the lowest class is mostly whitespace and
             format tokens, so the default flags the second lowest"""


def add_threshold_args(p: argparse.ArgumentParser, defaults: bool = True) -> None:
    """Threshold flags; with defaults=False they default to None (= keep the file's settings)."""
    d = Thresholds()
    g = p.add_argument_group("noise flags")
    g.add_argument("--ri-iqr-k", type=float, default=d.ri_iqr_k if defaults else None, metavar="K",
                   help=f"IQR multiplier of the RI fence (paper: {d.ri_iqr_k})")
    g.add_argument("--kn-threshold", type=float, default=d.kn_min if defaults else None, metavar="X",
                   help=f"KN below this lacks novelty (paper: {d.kn_min})")
    g.add_argument("--tr-classes", type=int, default=d.tr_classes if defaults else None, metavar="N",
                   help=f"number of multi-Otsu classes of TR (default: {d.tr_classes})")
    g.add_argument("--tr-noise-class", type=int, default=d.tr_noise_class if defaults else None, metavar="C",
                   help=f"the TR class that lacks relevance, 0 = lowest (paper: {d.tr_noise_class})")


def thresholds_from_args(args: argparse.Namespace, base: dict | None = None) -> Thresholds:
    """Thresholds from the flags, falling back to ``base`` (a file's stored thresholds) for unset ones."""
    merged = dict(base or {})
    merged.pop("tr_band", None)
    for flag, key in (("ri_iqr_k", "ri_iqr_k"), ("kn_threshold", "kn_min"), ("tr_classes", "tr_classes"),
                      ("tr_noise_class", "tr_noise_class")):
        value = getattr(args, flag, None)
        if value is not None:
            merged[key] = value
    band = getattr(args, "tr_band", None)
    if band:
        try:
            lo, hi = (float(x) for x in band.split(","))
        except ValueError:
            raise UserError(f"--tr-band {band!r}: give two numbers LO,HI, e.g. 0.45,0.55") from None
        if lo > hi:
            raise UserError("--tr-band: LO must not exceed HI")
        merged["tr_band"] = (lo, hi)
    known = set(Thresholds.__dataclass_fields__)
    return Thresholds(**{k: v for k, v in merged.items() if k in known})


def summary_table(summary: dict, title: str = "XTF summary") -> Table:
    t = Table(title=title, show_header=False, title_justify="left")
    t.add_column(style="bold")
    t.add_column(justify="right")
    n = summary.get("response_tokens", 0)
    t.add_row("examples", f"{summary.get('examples', 0):,}")
    t.add_row("tokens (all / response)", f"{summary.get('tokens', 0):,} / {n:,}")
    t.add_row("masked response tokens", f"{summary.get('masked_tokens', 0):,} ({summary.get('masked_fraction', 0):.1%})")
    for a in ATTRIBUTES:
        frac = summary.get("lacks_fraction", {}).get(a, 0.0)
        t.add_row(f"lacking {a.upper()} ({ATTRIBUTE_NAMES[a]})", f"{frac:.1%}")
    band = summary.get("tr_band")
    t.add_row("TR band lacking relevance", f"[{band[0]:.3f}, {band[1]:.3f})" if band else "none (no multi-Otsu split)")
    skipped = summary.get("skipped") or {}
    if skipped.get("no_response_after_truncation"):
        t.add_row("skipped (no response within --max-length)", str(skipped["no_response_after_truncation"]))
    if skipped.get("truncated"):
        t.add_row("truncated at --max-length", str(skipped["truncated"]))
    return t


def print_warnings(summary: dict) -> None:
    """The two masking bugs users hit most, said plainly."""
    if summary.get("examples_fully_masked"):
        console.print(
            f"[yellow]warning:[/] {summary['examples_fully_masked']} example(s) have every response token masked "
            "and would train on nothing; loosen the rule"
        )
    if summary.get("examples_first_response_token_masked"):
        console.print(
            f"[dim]note: {summary['examples_first_response_token_masked']} example(s) have their first response "
            "token masked[/]"
        )
