"""`xtf train`: masked-loss fine-tuning (XTF) or plain SFT, on CPU, one GPU, or several through torchrun."""

from __future__ import annotations

import argparse
import os
import sys

from ehr_tui.xtf.data import SOURCES, SPLITS
from ehr_tui.xtf.train_config import FLAGS, SCHEDULERS, STRATEGIES, TrainConfig

from .common import console

EPILOG = """\
labels: a token is a training target when it is a response token the model writes (assistant
turns of the response) and, with --masks, the masks file keeps it; prompt, role headers, tool
output and masked tokens get label -100 and no logits at all, so their gradient is exactly zero.
Without --masks this is regular SFT, the baseline XTF is compared against. The masks file must
come from `xtf score` / `xtf mask` on the same data with this model's tokenizer.

output folder OUT:
  metrics.jsonl       one record every --log-every steps: step, loss, lr, tokens kept/response/
                      total, tokens/s, time left; plus start/checkpoint/end events
  checkpoint-STEP/    model (safetensors), optimizer, scheduler and RNG state, trainer_state.json
  final/              the trained model (LoRA merged; the adapter in final/adapter), servable as is:
                        vllm serve OUT/final --served-model-name xtf --enable-auto-tool-choice \\
                          --tool-call-parser hermes
                        ehr-tui run --tasks T --model xtf --base-url http://127.0.0.1:8000/v1 \\
                          --checkpoint OUT/final
Running the same command again resumes from the last checkpoint (same step count, no step
logged twice); --restart starts over.

several GPUs / nodes: --nproc-per-node N runs N processes on this machine through torchrun
(DDP; --strategy fsdp shards the model); with --nnodes M each node runs the printed command
with its own --node-rank (under Slurm: the printed srun line). --print-command prints the
command and exits. --background runs the training as a job that survives this terminal
(`xtf jobs` lists, follows and cancels jobs; the app's Fine-tune screen shows them)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "train",
        help="fine-tune a causal LM on SFT data, with XTF token masks (masked loss) or without",
        description="Supervised fine-tuning (a plain torch loop over transformers) with masked-loss labels.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    d = TrainConfig(model="", data=[], output="")
    p.add_argument(FLAGS["model"], required=True, metavar="PATH", help="folder of a causal LM saved with save_pretrained")
    p.add_argument(FLAGS["data"], required=True, action="append", metavar="FILE",
                   help="SFT data file or agent run folder (repeat for several); the data that was scored")
    p.add_argument("-o", FLAGS["output"], required=True, metavar="OUT", help="output folder (see below)")
    p.add_argument(FLAGS["masks"], metavar="FILE", help="XTF masks/scores file (.parquet); without it: plain SFT")
    p.add_argument(FLAGS["source"], default="auto", choices=["auto", *SOURCES], help="data format (default: detect)")
    p.add_argument(FLAGS["split"], default=d.split, choices=SPLITS,
                   help="published split to train on (default: train; GSM8K train.jsonl, PubMedQA-L without the "
                        "500 test PMIDs; HumanEval has none: --split all)")
    p.add_argument(FLAGS["limit"], type=int, metavar="N",
                   help="only the first N examples of each data file (as `xtf score --limit N` made the masks)")
    p.add_argument("--restart", action="store_true", help="discard OUT's checkpoints and metrics and start over")
    h = p.add_argument_group("hyper-parameters")
    h.add_argument(FLAGS["epochs"], type=int, default=d.epochs, metavar="N", help=f"default: {d.epochs}")
    h.add_argument(FLAGS["max_steps"], type=int, metavar="N", help="optimizer steps (overrides --epochs)")
    h.add_argument(FLAGS["lr"], type=float, default=d.lr, help=f"peak learning rate (default: {d.lr})")
    h.add_argument(FLAGS["batch_size"], type=int, default=d.batch_size, metavar="B",
                   help=f"examples per micro-batch per process (default: {d.batch_size})")
    h.add_argument(FLAGS["grad_accum"], type=int, default=d.grad_accum, metavar="K",
                   help="micro-batches per optimizer step (default: 1); global batch = B x K x processes")
    h.add_argument(FLAGS["max_len"], type=int, metavar="N",
                   help=f"truncate examples to N tokens (default: the masks file's length, else {2048})")
    h.add_argument(FLAGS["warmup_ratio"], type=float, default=d.warmup_ratio, metavar="R",
                   help=f"fraction of steps warming up (default: {d.warmup_ratio})")
    h.add_argument(FLAGS["scheduler"], default=d.scheduler, choices=SCHEDULERS, help=f"default: {d.scheduler}")
    h.add_argument(FLAGS["weight_decay"], type=float, default=d.weight_decay, metavar="W", help="default: 0")
    h.add_argument(FLAGS["max_grad_norm"], type=float, default=d.max_grad_norm, metavar="X",
                   help=f"gradient clipping (default: {d.max_grad_norm}; 0: none)")
    h.add_argument(FLAGS["bf16"], action="store_true", help="bfloat16 autocast (weights and optimizer stay float32)")
    h.add_argument(FLAGS["gradient_checkpointing"], action="store_true", help="recompute activations: less memory")
    h.add_argument(FLAGS["seed"], type=int, default=d.seed, help="data order and initialisation (default: 0)")
    lo = p.add_argument_group("LoRA (peft)")
    lo.add_argument(FLAGS["lora"], action="store_true", help="train a LoRA adapter instead of all weights")
    lo.add_argument(FLAGS["lora_r"], type=int, default=d.lora_r, metavar="R", help=f"rank (default: {d.lora_r})")
    lo.add_argument(FLAGS["lora_alpha"], type=int, default=d.lora_alpha, metavar="A", help=f"default: {d.lora_alpha}")
    lo.add_argument(FLAGS["lora_dropout"], type=float, default=d.lora_dropout, metavar="P", help=f"default: {d.lora_dropout}")
    lo.add_argument(FLAGS["lora_targets"], default=d.lora_targets, metavar="NAMES",
                    help="modules to adapt: all-linear (default) or names like q_proj,v_proj")
    o = p.add_argument_group("output")
    o.add_argument(FLAGS["log_every"], type=int, default=d.log_every, metavar="N", help="metrics record every N steps")
    o.add_argument(FLAGS["save_every"], type=int, default=d.save_every, metavar="N",
                   help=f"checkpoint every N steps (default: {d.save_every}; 0: final model only)")
    o.add_argument(FLAGS["save_total_limit"], type=int, default=d.save_total_limit, metavar="N",
                   help=f"checkpoints kept (default: {d.save_total_limit})")
    r = p.add_argument_group("devices and launch")
    r.add_argument(FLAGS["device"], default="auto", help="auto (GPU when present), cpu, cuda or cuda:N")
    r.add_argument(FLAGS["strategy"], default=d.strategy, choices=STRATEGIES,
                   help="with several processes: ddp (replicas) or fsdp (sharded)")
    r.add_argument("--nproc-per-node", type=int, default=1, metavar="N", help="processes (GPUs) on this machine")
    r.add_argument("--nnodes", type=int, default=1, metavar="M", help="machines (default: 1)")
    r.add_argument("--node-rank", type=int, default=0, metavar="R", help="this machine's rank, 0..M-1")
    r.add_argument("--master-addr", default="127.0.0.1", metavar="HOST", help="rank-0 machine (default: 127.0.0.1)")
    r.add_argument("--master-port", type=int, default=29500, metavar="PORT", help="default: 29500")
    r.add_argument("--print-command", action="store_true", help="print the launch command and exit")
    r.add_argument("--background", action="store_true", help="run as a job that survives this terminal")
    r.add_argument("--name", help="job name with --background (default: from the output folder)")
    p.set_defaults(func=run)


def config_from_args(args: argparse.Namespace) -> TrainConfig:
    return TrainConfig(**{name: getattr(args, name) for name in FLAGS})


def _under_torchrun() -> bool:
    return "TORCHELASTIC_RUN_ID" in os.environ or "LOCAL_RANK" in os.environ


def run(args: argparse.Namespace) -> int:
    from ehr_tui.xtf.launch import launch_command, shell_line, slurm_line
    from ehr_tui.xtf.train_config import config_to_args

    config = config_from_args(args)
    config.validate()
    train_args = config_to_args(config)
    distributed = args.nproc_per_node > 1 or args.nnodes > 1
    if args.background:
        from ehr_tui.xtf.jobs import submit

        job = submit(config, nproc_per_node=args.nproc_per_node, nnodes=args.nnodes, name=args.name,
                     restart=args.restart)
        console.print(f"job [bold]{job.id}[/] {job.state}: {shell_line(job.command)}", highlight=False)
        console.print(f"follow it: xtf jobs show {job.id}    cancel it: xtf jobs cancel {job.id}", highlight=False)
        return 0
    if distributed and not _under_torchrun():
        argv = launch_command(train_args + (["--restart"] if args.restart else []), args.nproc_per_node,
                              args.nnodes, args.node_rank, args.master_addr, args.master_port)
        console.print(f"launch: {shell_line(argv)}", highlight=False, soft_wrap=True)
        if args.nnodes > 1:
            console.print("on every node (Slurm, one task per node):\n  "
                          + slurm_line(train_args, args.nproc_per_node, args.nnodes, args.master_port),
                          highlight=False, soft_wrap=True)
        if args.print_command:
            return 0
        sys.stdout.flush()
        os.execv(argv[0], argv)  # torchrun takes this process's place: signals reach it directly
    if args.print_command:
        console.print(shell_line(launch_command(train_args)), highlight=False, soft_wrap=True)
        return 0
    return _train_here(config, args.restart)


def _train_here(config: TrainConfig, restart: bool) -> int:
    from ehr_tui.xtf.launch import Dist, shell_line
    from ehr_tui.xtf.train import train

    from .score import _quiet_transformers

    _quiet_transformers()
    main = Dist.from_env().main
    command = shell_line([sys.executable, "-m", "xtf_cli.main", *sys.argv[1:]]) if sys.argv[1:] else None
    log = (lambda m: console.print(m, highlight=False, soft_wrap=True)) if main else None
    if main and console.is_terminal:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
            TimeRemainingColumn

        with Progress(TextColumn("training"), BarColumn(), MofNCompleteColumn(), TextColumn("steps"),
                      TextColumn("loss {task.fields[loss]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=console) as bar:
            task = bar.add_task("train", total=None, loss="–")
            result = train(config, restart=restart, log=log, command=command,
                           progress=lambda r: bar.update(task, completed=r["step"], total=r["total_steps"],
                                                         loss=f"{r['loss']:.4f}"))
    else:
        result = train(config, restart=restart, log=log, command=command,
                       progress=(lambda r: console.print(step_line(r), highlight=False)) if main else None)
    if result.status == "cancelled":
        return 143
    return 0


def step_line(r: dict) -> str:
    """One log line per metrics record (what a job's log shows)."""
    eta = r.get("remaining_s")
    return (f"step {r['step']}/{r['total_steps']} loss {r['loss']:.4f} lr {r['lr']:.2e} "
            f"kept {100 * r['kept_ratio']:.1f}% {r['tokens_per_s']:,.0f} tok/s"
            + (f" eta {eta:.0f}s" if eta is not None else ""))

