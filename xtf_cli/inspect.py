"""`xtf inspect`: summary statistics and a token heatmap of a scores or masks file, in the terminal."""

from __future__ import annotations

import argparse

from .common import console, print_warnings, summary_table


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "inspect",
        help="show summary statistics and a token heatmap",
        description=(
            "Show a scores/masks file: its settings, the fractions masked overall and per attribute, "
            "histograms of the scores, and one example's tokens in reading order coloured by an "
            "attribute (masked tokens struck through, prompt tokens grey)."
        ),
    )
    p.add_argument("file", metavar="FILE", help="file written by `xtf score` or `xtf mask`")
    p.add_argument("--example", metavar="ID", help="example to show (default: the first)")
    p.add_argument("--attribute", default="ri", choices=["ri", "kn", "tr"], help="colour tokens by (default: ri)")
    p.add_argument("--list", action="store_true", help="list the examples with their masked fractions instead")
    p.add_argument("--no-prompt", dest="prompt", action="store_false", help="show response tokens only")
    p.add_argument("--finetune", metavar="DIR",
                   help="a fine-tune of the scoring model (xtf train's OUT/final): colour the example by its "
                        "per-token training loss instead, before (base model) or after (the fine-tune)")
    p.add_argument("--loss", default="after", choices=["after", "before", "change"],
                   help="with --finetune: which loss (change: before - after; default: after)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import numpy as np
    from rich.table import Table

    from ehr_tui.xtf.masks import ATTRIBUTES, ScoreSet, read_token_file
    from ehr_tui.xtf.render import histogram, legend, render_tokens

    f = read_token_file(args.file)
    s = f.settings
    console.print(
        f"[bold]{f.path}[/] ({f.kind}): model {s.get('model', '?')}, rule {s.get('rule', '?')}",
        highlight=False,
    )
    console.print(summary_table(f.summary))
    print_warnings(f.summary)
    if args.list:
        t = Table("example", "source", "response tokens", "masked", title="examples")
        for e in f.examples:
            n = e.n_response
            t.add_row(e.example_id, e.source, str(n), f"{int(e.masked.sum())} ({e.masked.sum() / max(n, 1):.0%})")
        console.print(t)
        return 0
    ss = ScoreSet(f.examples)
    band = f.summary.get("tr_band") or []
    kn_min = (s.get("thresholds") or {}).get("kn_min")
    marks = {"ri": [], "kn": [kn_min] if kn_min is not None else [], "tr": list(band)}
    for a in ATTRIBUTES:
        console.print(histogram(ss.values[a], 48, marks[a], f"{a.upper()} over all response tokens"))
    ex = f.example(args.example) if args.example else f.examples[0]
    n = ex.n_response
    console.rule(f"{ex.example_id} ({ex.source}): {int(ex.masked.sum())} of {n} response tokens masked")
    if args.finetune:
        from ehr_tui.xtf.render import scale_legend
        from ehr_tui.xtf.token_loss import LossOverlay

        overlay = LossOverlay(args.finetune, vocab_size=(s.get("tokenization") or {}).get("vocab_size"))
        loss = overlay.loss(ex)
        for name, sel in (("kept", ex.is_response & ~ex.masked), ("masked", ex.is_response & ex.masked)):
            if sel.any():
                console.print(f"loss on {name} tokens: {np.nanmean(loss.before[sel]):.3f} before -> "
                              f"{np.nanmean(loss.after[sel]):.3f} after", highlight=False)
        title = {"after": f"loss after ({overlay.finetune.name})", "before": f"loss before ({overlay.base.name})",
                 "change": "loss change (before - after)"}[args.loss]
        console.print(scale_legend(title, *(("worse", "better") if args.loss == "change" else ("low", "high"))))
        console.print(render_tokens(ex, args.attribute, prompt=args.prompt, values=loss.values(args.loss)))
    else:
        console.print(legend(args.attribute))
        console.print(render_tokens(ex, args.attribute, prompt=args.prompt))
    if not np.any(ex.is_response):
        console.print("[yellow]this example has no response tokens[/]")
    return 0
