"""`xtf`: score tokens, derive masks, inspect them.

Each subcommand lives in its own module with ``register(subparsers)``; a later command (``train``)
is added by appending its module to COMMAND_MODULES.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ehr_tui import __version__
from ehr_tui.errors import run_command

COMMAND_MODULES = ["xtf_cli.score", "xtf_cli.mask", "xtf_cli.inspect", "xtf_cli.diff", "xtf_cli.train",
                   "xtf_cli.eval", "xtf_cli.experiment", "xtf_cli.jobs", "xtf_cli.demo"]

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="xtf",
        description=(
            "Explainable token-level noise filtering of fine-tuning data (XTF, arXiv 2602.14536).\n"
            "  1. xtf score   scores every response token (reasoning importance, knowledge novelty,\n"
            "                 task relevance) with a base causal LM and applies the paper's rule\n"
            "  2. xtf mask    re-derives the keep/mask per token with another rule or thresholds\n"
            "  3. xtf inspect shows summary statistics and a token heatmap in the terminal\n"
            "  4. xtf train   fine-tunes with the masks (masked loss) or without (plain SFT), on CPU,\n"
            "                 a GPU, or several through torchrun; xtf jobs follows background runs\n"
            "  5. xtf eval    evaluates a model on GSM8K, PubMedQA-L, HumanEval or ehr-tui tasks\n"
            "  6. xtf experiment  the paper's table: score, mask, train, eval over a grid of conditions\n"
            "  xtf diff compares two mask files; xtf demo-model writes a tiny model to try it all"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="`xtf COMMAND --help` explains each command. The ehr-tui app's Masks screen shows the same files.",
    )
    parser.add_argument("--version", action="version", version=f"xtf (ehr-tui) {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    args.argv = argv  # as given: a command that relaunches itself (torchrun) passes them on
    if args.command is None:
        parser.print_help()
        return 2
    return run_command(lambda: args.func(args))


if __name__ == "__main__":
    sys.exit(main())
