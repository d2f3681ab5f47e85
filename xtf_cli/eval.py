"""`xtf eval`: a base or fine-tuned model on a benchmark's test split, with that benchmark's metric."""

from __future__ import annotations

import argparse

from .common import console

EPILOG = """\
datasets (detected from the file) and their metric:
  GSM8K       test.jsonl; the number after '####' in the completion, else its last number, compared
              exactly with the gold number: accuracy
  PubMedQA-L  ori_pqal.json with test_ground_truth.json beside it (its 500 PMIDs are the test split,
              the other 500 train); yes / no / maybe from the completion: accuracy and macro-F1
  HumanEval   HumanEval.jsonl.gz; each completion runs with the problem's tests in the confined Python
              worker the agent uses (no network, resource limits): pass@1. HumanEval has no training
              split: a model trained on the file is refused
  EHR tasks   an ehr-tui tasks file; the agent runs on the tasks (tools, sandboxes, trajectories in
              OUT/run) against --base-url (an OpenAI-compatible server, e.g. vLLM serving OUT/final),
              or, for a local model folder, against an endpoint this command serves in-process
prompts are the ones training uses (`xtf score`/`xtf train` on the same loaders). --samples K draws
K completions per example (temperature 0.8 unless --temperature): pass@1 and pass@K (unbiased);
one sample is greedy. GPU and bfloat16 when present.

A model trained on the same examples (found in its train_info.json) is refused.

OUT/results.json holds the metrics and settings, OUT/predictions.jsonl every completion with its
extracted answer and verdict; an interrupted evaluation resumes when run again (--restart: anew)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval",
        help="evaluate a model on GSM8K, PubMedQA-L, HumanEval or ehr-tui tasks (test split)",
        description="Evaluate a causal LM (a local folder, e.g. `xtf train`'s OUT/final, or the base model) "
                    "on a benchmark's test split.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--model", required=True, metavar="PATH",
                   help="local model folder (with --base-url: the served model name)")
    p.add_argument("--data", required=True, metavar="FILE", help="benchmark file (see below)")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="folder for results.json and predictions")
    p.add_argument("--split", default="test", choices=["train", "test", "all"], help="default: test")
    p.add_argument("--source", default="auto", choices=["auto", "gsm8k", "pubmedqa", "humaneval", "ehr"],
                   help="dataset (default: detect)")
    p.add_argument("--limit", type=int, metavar="N", help="only the first N examples of the split")
    p.add_argument("--restart", action="store_true", help="discard an unfinished evaluation in OUT")
    g = p.add_argument_group("generation")
    g.add_argument("--samples", type=int, default=1, metavar="K", help="completions per example (default: 1)")
    g.add_argument("--temperature", type=float, metavar="T",
                   help="sampling temperature (default: 0 = greedy for 1 sample, 0.8 for several)")
    g.add_argument("--top-p", type=float, default=0.95, metavar="P", help="nucleus sampling (default: 0.95)")
    g.add_argument("--max-new-tokens", type=int, metavar="N",
                   help="per completion (default: GSM8K 512, PubMedQA 256, HumanEval 512, EHR 1024 a turn)")
    g.add_argument("--batch-size", type=int, default=8, metavar="B",
                   help="prompts per generation batch (EHR: concurrent trajectories; default: 8)")
    g.add_argument("--seed", type=int, default=0, help="sampling seed (default: 0)")
    g.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda", "mps"], help="default: GPU when present")
    g.add_argument("--dtype", default="auto", choices=["auto", "float32", "bfloat16", "float16"],
                   help="default: bfloat16 on GPU, float32 on CPU")
    g.add_argument("--timeout", dest="timeout_s", type=float, default=10.0, metavar="S",
                   help="HumanEval: seconds per program (default: 10)")
    e = p.add_argument_group("EHR tasks")
    e.add_argument("--base-url", metavar="URL", help="OpenAI-compatible endpoint serving --model")
    e.add_argument("--checkpoint", metavar="PATH", help="with --base-url: the local folder it serves (recorded)")
    e.add_argument("--db", metavar="FILE", help="the database of the tasks (default: the default database)")
    e.add_argument("--max-steps", type=int, default=12, metavar="N", help="agent steps per task (default: 12)")
    p.set_defaults(func=run)


def config_from_args(args: argparse.Namespace):
    from ehr_tui.finetune.evaluate import EvalConfig

    return EvalConfig(model=args.model, data=args.data, output=args.output, split=args.split, source=args.source,
                      limit=args.limit, samples=args.samples, temperature=args.temperature, top_p=args.top_p,
                      max_new_tokens=args.max_new_tokens, batch_size=args.batch_size, seed=args.seed,
                      device=args.device, dtype=args.dtype, timeout_s=args.timeout_s, base_url=args.base_url,
                      checkpoint=args.checkpoint, db=args.db, max_steps=args.max_steps)


def run(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ehr_tui.finetune.evaluate import evaluate

    from .score import _quiet_transformers

    cfg = config_from_args(args)
    cfg.validate()
    _quiet_transformers()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console) as bar:
        task = bar.add_task("starting", total=None)
        result = evaluate(cfg, restart=args.restart,
                          progress=lambda d, t: bar.update(task, completed=d, total=t, description="evaluating"),
                          stage=lambda s: bar.update(task, description=s))
    console.print(results_table(result))
    console.print(f"results: {args.output}/results.json", highlight=False)
    return 0


def results_table(result: dict):
    from rich.table import Table

    t = Table(title=f"{result['dataset']} ({result['split']} split, {result['n']:,} examples) · {result['model']}",
              show_header=False, title_justify="left")
    t.add_column(style="bold")
    t.add_column(justify="right")
    primary = result["primary_metric"]
    for k, v in result["metrics"].items():
        value = f"{100 * v:.1f}%" if isinstance(v, float) else f"{v:,}"
        t.add_row(f"{k}{' (primary)' if k == primary else ''}", value)
    return t
