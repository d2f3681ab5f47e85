"""`xtf experiment`: score -> mask -> train -> eval for every model x dataset x condition x seed."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import console

EXAMPLE = '''\
The experiment file (TOML; relative paths from its folder):

  name = "gsm8k-paper"
  models = ["/models/Qwen2.5-1.5B"]
  conditions = ["sft", "xtf", "ri", "kn", "tr", "random"]   # the default
  seeds = [0, 1, 2]
  [[datasets]]
  name = "gsm8k"
  train = "../shared/datasets/gsm8k/train.jsonl"
  test = "../shared/datasets/gsm8k/test.jsonl"
  train_limit = 2000
  [score]                        # xtf score settings: max_length = 1024, kn_min = 0.05, ...
  [train]                        # xtf train settings: epochs = 2, lr = 2e-5, bf16 = true, nproc_per_node = 4
  [eval]                         # xtf eval settings: max_new_tokens = 256, samples = 1, ...

conditions: sft (plain SFT, every response token), xtf (the paper's rule: lacking any attribute),
ri / kn / tr (one attribute's flag alone), random (as many tokens as xtf masks, chosen at random:
the control), base (the untrained model, evaluated only).

Each model x dataset is scored once; each cell (model x dataset x condition x seed) masks, trains
and evaluates on the test split. The steps are background jobs (`xtf jobs`; the app's Fine-tune
screen, ctrl+e, shows the grid and the table as it fills); running the command again submits only
what is neither done nor under way, and interrupted steps resume. OUT (default HOME/experiments/
NAME) holds experiment.json, scores/, cells/ and results.md / results.json / results.txt /
results.svg: the primary metric per condition (mean and 95% t interval over seeds), the paired
difference to plain SFT, the masked fraction.'''


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "experiment",
        help="the XTF paper's table: score, mask, train and evaluate a grid as background jobs",
        description="Run an XTF experiment: plain SFT vs XTF masking (all attributes, each alone, random at "
                    "the same fraction) over models, datasets and seeds, and write the results table.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("config", metavar="CONFIG", help="experiment file (.toml), or an experiment folder")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--foreground", action="store_true", help="run the steps here, in order (no jobs)")
    what.add_argument("--status", action="store_true", help="show the grid: each step's state")
    what.add_argument("--report", action="store_true", help="write and show the results table now")
    what.add_argument("--cancel", action="store_true", help="cancel the experiment's queued and running jobs")
    what.add_argument("--step", metavar="ID", help=argparse.SUPPRESS)  # what a job runs
    p.add_argument("--restart", action="store_true", help="discard the folder's results and start over")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ehr_tui.errors import UserError
    from ehr_tui.finetune import experiment as ex
    from ehr_tui.finetune.report import markdown, write_report

    from .score import _quiet_transformers

    if args.restart and (args.step or args.status or args.report or args.cancel):
        raise UserError("--restart starts the experiment over: use it alone (or with --foreground)")
    if args.restart:
        try:
            ex.cancel(ex.open_experiment(args.config))
        except UserError:
            pass  # no folder yet, or one with other settings: open_experiment below discards it
    if args.status and not Path(args.config).expanduser().is_dir():
        from ehr_tui.finetune.experiment_config import load_experiment

        print_status(load_experiment(args.config))  # a question: checks the file, creates no folder
        return 0
    exp = ex.open_experiment(args.config, restart=args.restart)
    if args.step:
        _quiet_transformers()
        ex.run_step(exp, args.step, log=lambda m: console.print(m, highlight=False, soft_wrap=True))
        return 0
    if args.cancel:
        console.print(f"{ex.cancel(exp)} job(s) cancelled; run the command again to resume", highlight=False)
        return 0
    if args.report:
        console.print(markdown(exp, write_report(exp)), highlight=False, markup=False, soft_wrap=True)
        console.print(f"written: {exp.output}/results.md, results.json, results.txt, results.svg", highlight=False)
        return 0
    if args.foreground:
        _quiet_transformers()
        ex.run_foreground(exp, log=lambda m: console.print(m, highlight=False, soft_wrap=True))
        console.print(markdown(exp, write_report(exp)), highlight=False, markup=False, soft_wrap=True)
        return 0
    if not args.status:
        new = ex.submit(exp)
        console.print(f"{len(new)} job(s) submitted for {exp.name} ({exp.output})", highlight=False)
    print_status(exp)
    if not args.status:
        console.print(f"follow: xtf experiment {exp.output} --status · xtf jobs · the app's Fine-tune screen "
                      "(ctrl+e)", highlight=False)
    return 0


def print_status(exp) -> None:
    from rich.table import Table
    from rich.text import Text

    from ehr_tui.finetune.experiment import status

    styles = {"done": "green", "running": "bold cyan", "queued": "yellow", "failed": "bold red", "cancelled": "dim"}
    t = Table("step", "state", "detail", "job", title=f"{exp.name}: {len(exp.cells())} runs")
    for r in status(exp):
        t.add_row(Text(r["name"].split(": ", 1)[-1]), Text(r["state"], style=styles.get(r["state"], "")),
                  Text(r["detail"]), r["job"] or "–")
    console.print(t)
