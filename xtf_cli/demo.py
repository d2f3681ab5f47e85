"""`xtf demo-model`: a tiny random model and tokenizer to try every command without a model hub."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import console


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "demo-model",
        help="write a tiny random model to try the commands (useless for accuracy)",
        description="Write a tiny Llama-style causal LM with random weights and a byte-level BPE tokenizer "
                    "(ChatML template, Hermes tool calls) to DIR, the model the tests use. It is useless for "
                    "accuracy: its scores, masks, trainings and evaluations are noise. It is useful for trying "
                    "every command (score, mask, inspect, train, eval, experiment) on a CPU in seconds.",
    )
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="folder to write (must be empty or new)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ehr_tui.errors import UserError
    from ehr_tui.xtf.tinymodel import build_demo_model

    out = Path(args.output).expanduser()
    if out.is_file() or (out.is_dir() and any(out.iterdir())):
        raise UserError(f"{out} is not empty; give a new or empty folder")
    from .score import _quiet_transformers

    _quiet_transformers()
    build_demo_model(out)
    console.print(f"tiny random model in {out} (random weights: useless for accuracy, fine for trying commands)\n"
                  f"try: xtf score --model {out} --data ../shared/datasets/gsm8k/train.jsonl --limit 20 "
                  f"-o scores.parquet", highlight=False, soft_wrap=True)
    return 0
