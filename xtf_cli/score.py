"""`xtf score`: score every response token of SFT data with a base causal LM."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ehr_tui.xtf.data import SOURCES
from ehr_tui.xtf.masks import Thresholds

from .common import THRESHOLD_HELP, add_threshold_args, console, print_warnings, summary_table, thresholds_from_args

METHOD_HELP = """\
method (XTF, arXiv 2602.14536; no reference model is trained). Prompt and response are fed
together, teacher-forced, through the model with eager attention; per response token k:
  RI  reasoning importance: attention the response pays to token k. Per layer and head, the mean
      over response query positions q >= k of A[q,k] * (q+1) (the factor makes a uniform attention
      row score 1; --no-ri-position-norm drops it); heads reduced by --ri-head-reduce, the layers
      chosen by --ri-layers reduced by --ri-layer-reduce
  KN  knowledge novelty: 1 - P(token k | prompt, previous response tokens)
  TR  task relevance: 1 - normalised distance (--tr-distance) between the token's input embedding
      and the domain vector (mean input embedding of the --domain word list)
Only tokens the model writes in the response's assistant turns are scored or masked; prompt,
role headers and tool output never are.

""" + THRESHOLD_HELP + """

The output Parquet file (one row per example: token ids, token texts, scores, flags, mask) records
these settings in its metadata; `xtf mask` re-derives masks, `xtf inspect` shows them. An
interrupted run keeps finished examples in OUT.partial/ and resumes when run again.

data: GSM8K (*.jsonl with question/answer), HumanEval (*.jsonl.gz), PubMedQA-L (ori_pqal.json),
or chat JSONL ({"messages": [...]}, {"prompt", "response"}, or SFT example records)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "score",
        help="score response tokens (RI, KN, TR) and apply the paper's noise rule",
        description="Score every response token of SFT data with a base causal LM (loaded with from_pretrained).",
        epilog=METHOD_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--model", required=True, metavar="PATH", help="folder of a causal LM saved with save_pretrained")
    p.add_argument("--data", required=True, action="append", metavar="FILE", help="data file (repeat for several)")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="scores file to write (.parquet)")
    p.add_argument("--source", default="auto", choices=["auto", *SOURCES], help="data format (default: detect)")
    p.add_argument("--split", default="train", choices=["train", "test", "all"],
                   help="published split to score (default: train, what training uses; GSM8K: train.jsonl; "
                        "PubMedQA-L: all but the 500 PMIDs of test_ground_truth.json beside it; HumanEval has "
                        "no training split: --split all)")
    p.add_argument("--limit", type=int, metavar="N", help="score only the first N examples (of the split) of each file")
    p.add_argument("--nproc-per-node", type=int, default=1, metavar="N",
                   help="shard the examples over N processes (GPUs) with torchrun; the merged file equals a "
                        "single-process run (default: 1)")
    p.add_argument("--restart", action="store_true", help="discard an unfinished run of OUT instead of resuming it")
    g = p.add_argument_group("scoring")
    g.add_argument("--ri-layers", default="all", metavar="SPEC", help="layers for RI: all, last, last:N or i,j,.. (default: all)")
    g.add_argument("--ri-head-reduce", default="mean", choices=["mean", "max"], help="reduce heads by (default: mean)")
    g.add_argument("--ri-layer-reduce", default="mean", choices=["mean", "max"], help="reduce layers by (default: mean)")
    g.add_argument("--no-ri-position-norm", dest="ri_position_norm", action="store_false",
                   help="do not scale attention by the number of keys a query sees")
    g.add_argument("--domain", default="auto", metavar="D",
                   help="TR domain: math, code, medicine, ehr-sql, @FILE (a word a line) or w1,w2,..; "
                        "auto (default) = each example's source domain")
    g.add_argument("--tr-distance", default="cosine", choices=["cosine", "euclidean"], help="embedding distance (default: cosine)")
    g.add_argument("--max-length", type=int, default=2048, metavar="N", help="truncate sequences to N tokens (default: 2048)")
    g.add_argument("--batch-tokens", type=int, default=8192, metavar="N",
                   help="padded tokens per batch (default: 8192); lower it if memory runs out")
    g.add_argument("--max-batch-size", type=int, default=32, metavar="N", help="examples per batch at most (default: 32)")
    g.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda", "mps"], help="default: GPU when present")
    g.add_argument("--dtype", default="auto", choices=["auto", "float32", "bfloat16", "float16"],
                   help="default: bfloat16 on GPU, float32 on CPU")
    add_threshold_args(p)
    p.set_defaults(func=run)


def check_arguments(args: argparse.Namespace):
    """Everything a user can get wrong, checked before any data is read or model loaded."""
    from ehr_tui.errors import UserError
    from ehr_tui.xtf.models import check_model_dir
    from ehr_tui.xtf.scoring import ScoringConfig

    if args.limit is not None and args.limit < 1:
        raise UserError("--limit must be at least 1")
    if args.nproc_per_node < 1:
        raise UserError("--nproc-per-node must be at least 1")
    config = ScoringConfig(
        ri_layers=args.ri_layers, ri_head_reduce=args.ri_head_reduce, ri_layer_reduce=args.ri_layer_reduce,
        ri_position_norm=args.ri_position_norm, tr_distance=args.tr_distance, domain=args.domain,
        max_length=args.max_length, batch_tokens=args.batch_tokens, max_batch_size=args.max_batch_size,
        device=args.device, dtype=args.dtype,
    )
    thresholds: Thresholds = thresholds_from_args(args)
    check_model_dir(args.model)
    for f in args.data:
        p = Path(f).expanduser()
        if not (p.is_file() or p.is_dir()):
            raise UserError(f"no data file at {p}; pass a GSM8K/HumanEval/chat JSONL or PubMedQA JSON file, "
                            "or an agent run folder")
    out = Path(args.output).expanduser()
    if out.is_dir():
        raise UserError(f"-o {out} is a folder; give the scores file to write, e.g. {out / 'scores.parquet'}")
    return config, thresholds


def run(args: argparse.Namespace) -> int:
    from ehr_tui.xtf.data import load_examples
    from ehr_tui.xtf.launch import Dist, launch_command, shell_line
    from ehr_tui.xtf.score_job import score_to_file

    config, thresholds = check_arguments(args)
    if args.nproc_per_node > 1 and not Dist.from_env().enabled:
        # The same arguments in every rank; under torchrun (Dist enabled) they score instead of launching.
        argv = launch_command(args.argv[1:], args.nproc_per_node, command="score")
        console.print(f"launch: {shell_line(argv)}", highlight=False, soft_wrap=True)
        sys.stdout.flush()
        os.execv(argv[0], argv)  # torchrun takes this process's place: signals reach it directly
    _quiet_transformers()
    main = Dist.from_env().main
    examples = load_examples(args.data, args.source, args.limit, args.split)
    if main:
        console.print(f"{len(examples):,} {args.split if args.split != 'all' else ''} examples from "
                      f"{', '.join(args.data)}".replace("  ", " "), highlight=False)
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("examples"),
        TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=False, disable=not main,
    ) as bar:
        task = bar.add_task("starting", total=None)
        label = "scoring" if not Dist.from_env().enabled else "scoring (rank 0's share)"

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description=label)

        summary = score_to_file(
            args.model, examples, args.output, config, thresholds,
            data_files=list(args.data), selection={"split": args.split, "limit": args.limit},
            restart=args.restart, progress=progress, stage=lambda s: bar.update(task, description=s),
        )
    if summary is None:  # another rank of a sharded job: rank 0 reports
        return 0
    console.print(summary_table(summary, f"XTF scores -> {args.output}"))
    print_warnings(summary)
    return 0


def _quiet_transformers() -> None:
    """transformers' own progress bars and warnings would interleave with ours."""
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
