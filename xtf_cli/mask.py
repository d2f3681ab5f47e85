"""`xtf mask`: derive the keep/mask per token from a scores file with a rule."""

from __future__ import annotations

import argparse

from .common import THRESHOLD_HELP, add_threshold_args, console, print_warnings, summary_table, thresholds_from_args
from ehr_tui.xtf.masks import RULE_HELP


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "mask",
        help="derive token masks from scores with a rule",
        description="Derive the keep/mask per response token from an XTF scores (or masks) file.",
        epilog=RULE_HELP + "\n\n" + THRESHOLD_HELP + "\n\nUnset noise-flag options keep the values stored in the input file.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scores", metavar="FILE", help="file written by `xtf score` (or `xtf mask`)")
    p.add_argument("--rule", default="paper", help="which tokens to mask (default: paper); see below")
    p.add_argument("--random", type=float, metavar="FRACTION",
                   help="instead of a rule: mask this fraction of the response tokens at random (the control "
                        "of the paper's ablation; e.g. the masked fraction `xtf inspect` shows for the paper rule)")
    p.add_argument("--seed", type=int, default=0, help="with --random: which tokens (default: 0)")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="masks file to write (.parquet)")
    add_threshold_args(p, defaults=False)
    p.add_argument("--tr-band", metavar="LO,HI", help="fixed TR band that lacks relevance, instead of multi-Otsu")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ehr_tui.xtf.masks import apply_rule, parse_rule, read_token_file, write_token_file

    from ehr_tui.xtf.masks import apply_random

    rule = parse_rule(args.rule)  # a bad rule fails before the file is read
    if args.random is not None and not 0 <= args.random <= 1:
        from ehr_tui.errors import UserError

        raise UserError(f"--random must be a fraction between 0 and 1 (got {args.random})")
    f = read_token_file(args.scores)
    thresholds = thresholds_from_args(args, f.settings.get("thresholds"))
    if args.random is not None:
        summary = apply_random(f.examples, args.random, args.seed, thresholds)
        rule_text = f"random:{args.random}:seed{args.seed}"
    else:
        summary = apply_rule(f.examples, rule, thresholds)
        rule_text = rule.text
    settings = dict(f.settings)
    settings.update(rule=rule_text, thresholds=thresholds.to_dict(), derived_from=str(f.path))
    write_token_file(args.output, f.examples, "masks", settings, summary)
    console.print(summary_table(summary, f"XTF masks ({rule_text}) -> {args.output}"))
    print_warnings(summary)
    return 0
