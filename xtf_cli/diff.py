"""`xtf diff`: which tokens two mask files (or two rules over one scores file) disagree on."""

from __future__ import annotations

import argparse

from .common import console


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "diff",
        help="show which tokens two mask files or two rules disagree on, by attribute",
        description="Compare two masks token by token: two files from `xtf score` / `xtf mask` (same data and "
                    "tokenizer), or two rules over one scores file (--rule twice). Prints the tokens masked by "
                    "both or by one only, how many of those lack each attribute (by each file's own flags), "
                    "the examples that differ most, and one example's tokens coloured by the disagreement.",
    )
    p.add_argument("a", metavar="A", help="masks/scores file")
    p.add_argument("b", metavar="B", nargs="?", help="second masks/scores file (or give --rule twice)")
    p.add_argument("--rule", action="append", default=[], metavar="RULE",
                   help="with one file: two rules to compare over it (see `xtf mask --help`)")
    p.add_argument("--example", metavar="ID", help="example to show (default: the one that differs most)")
    p.add_argument("--top", type=int, default=10, metavar="N", help="examples listed (default: 10)")
    p.add_argument("--no-prompt", dest="prompt", action="store_false", help="show response tokens only")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.table import Table
    from rich.text import Text

    from ehr_tui.errors import UserError
    from ehr_tui.xtf.mask_diff import diff_files, diff_rules
    from ehr_tui.xtf.masks import ATTRIBUTE_NAMES, ATTRIBUTES, read_token_file
    from ehr_tui.xtf.render import diff_legend, render_tokens

    if args.b and args.rule:
        raise UserError("give two files, or one file and --rule twice, not both")
    if args.b:
        d = diff_files(args.a, args.b)
        examples = {e.example_id: e for e in read_token_file(args.a).examples}
    elif len(args.rule) == 2:
        d = diff_rules(args.a, *args.rule)
        examples = {e.example_id: e for e in read_token_file(args.a).examples}
    else:
        raise UserError("give a second file B, or two rules: xtf diff SCORES --rule paper --rule 'lacks_kn'")
    s = d.summary
    n = s["response_tokens"]
    t = Table(title=f"A = {d.name_a}\nB = {d.name_b}", show_header=False, title_justify="left")
    t.add_column(style="bold")
    t.add_column(justify="right")
    pct = (lambda x: f"{x:,} ({x / n:.1%})") if n else (lambda x: f"{x:,}")
    t.add_row("examples compared", f"{s['examples_compared']:,}")
    t.add_row("response tokens", f"{n:,}")
    t.add_row("masked by A / by B", f"{pct(s['masked_a'])} / {pct(s['masked_b'])}")
    t.add_row("masked by both", pct(s["masked_both"]))
    t.add_row("masked only by A", pct(s["only_a"]))
    t.add_row("masked only by B", pct(s["only_b"]))
    t.add_row("agreement", f"{s['agree_fraction']:.1%}")
    for side, key in (("A", "examples_only_in_a"), ("B", "examples_only_in_b")):
        if s[key]:
            t.add_row(f"examples only in {side}", f"{len(s[key])} (e.g. {s[key][0]})")
    console.print(t)
    by = Table("attribute", "only-A tokens lacking it (A's flags)", "only-B tokens lacking it (B's flags)",
               title="where the disagreement comes from", title_justify="left")
    for a in ATTRIBUTES:
        by.add_row(f"{a.upper()} {ATTRIBUTE_NAMES[a]}", f"{s['lacking']['only_a'][a]:,}", f"{s['lacking']['only_b'][a]:,}")
    console.print(by)
    worst = sorted(d.examples, key=lambda e: -e.disagree)[: args.top]
    if worst and worst[0].disagree:
        ex_t = Table("example", "response tokens", "only A", "only B", title="examples that differ most",
                     title_justify="left")
        for e in worst:
            if e.disagree:
                ex_t.add_row(Text(e.example_id), str(e.n_response), str(int(e.only_a.sum())), str(int(e.only_b.sum())))
        console.print(ex_t)
    show = d.example(args.example) if args.example else (worst[0] if worst else None)
    if show is not None:
        ex = examples[show.example_id]
        console.rule(f"{show.example_id}: {int(show.only_a.sum())} only A, {int(show.only_b.sum())} only B")
        console.print(diff_legend("A", "B"))
        console.print(render_tokens(ex, "ri", show.only_a | show.only_b | show.both, prompt=args.prompt,
                                    diff=(show.only_a, show.only_b)))
    return 0
