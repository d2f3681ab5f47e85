"""`xtf score`: score every response token of SFT data with a base causal LM."""

from __future__ import annotations

import argparse

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
    p.add_argument("--limit", type=int, metavar="N", help="score only the first N examples of each file")
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


def run(args: argparse.Namespace) -> int:
    from ehr_tui.xtf.data import load_examples
    from ehr_tui.xtf.scoring import ScoringConfig, score_to_file

    _quiet_transformers()
    if args.limit is not None and args.limit < 1:
        from ehr_tui.errors import UserError

        raise UserError("--limit must be at least 1")
    config = ScoringConfig(
        ri_layers=args.ri_layers, ri_head_reduce=args.ri_head_reduce, ri_layer_reduce=args.ri_layer_reduce,
        ri_position_norm=args.ri_position_norm, tr_distance=args.tr_distance, domain=args.domain,
        max_length=args.max_length, batch_tokens=args.batch_tokens, max_batch_size=args.max_batch_size,
        device=args.device, dtype=args.dtype,
    )
    thresholds: Thresholds = thresholds_from_args(args)
    examples = load_examples(args.data, args.source, args.limit)
    console.print(f"{len(examples):,} examples from {', '.join(args.data)}; loading {args.model}")
    with Progress(
        TextColumn("scoring"), BarColumn(), MofNCompleteColumn(), TextColumn("examples"),
        TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=False,
    ) as bar:
        task = bar.add_task("score", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        summary = score_to_file(
            args.model, examples, args.output, config, thresholds,
            data_files=list(args.data), restart=args.restart, progress=progress,
        )
    console.print(summary_table(summary, f"XTF scores -> {args.output}"))
    print_warnings(summary)
    return 0


def _quiet_transformers() -> None:
    """transformers' own progress bars and warnings would interleave with ours."""
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
