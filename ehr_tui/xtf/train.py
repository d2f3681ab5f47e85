"""Masked-loss supervised fine-tuning: the XTF model (with a masks file) or plain SFT (without).

A plain torch loop, so labels, metrics and resume are exact:

- Labels come from THE tokenisation (``tokenize.tokenize_example``); with a masks file they are
  ``masks.training_labels`` (the join contract: kept response tokens keep their id, masked and
  prompt tokens get -100), without one every response token is a target. Positions labelled -100
  are never projected onto the vocabulary (``logits_to_keep``), so their gradient is exactly zero.
- The loss of an optimizer step is the summed token cross-entropy over the kept tokens of all
  its micro-batches (gradient accumulation) and all ranks, divided by their number: every kept
  token weighs the same, whatever the batch shapes or the number of GPUs.
- ``OUT/metrics.jsonl`` gets a record every ``log_every`` steps (step, loss, lr, tokens kept /
  response / total, throughput, time left) and start/checkpoint/end events (``FORMAT_VERSION``).
- ``OUT/checkpoint-STEP/`` holds the model in safetensors (``save_pretrained``; a LoRA adapter
  with --lora), the optimizer, scheduler and RNG state and ``trainer_state.json``; a run started
  again with the same settings resumes from the last complete one, continuing the step count and
  the metrics file (records past the checkpoint are dropped, so no step appears twice).
  ``OUT/final/`` is the finished model (LoRA merged), servable as it is (e.g. by vLLM).
- Several processes (``torchrun``; RANK / WORLD_SIZE / LOCAL_RANK in the environment) train with
  DDP, or FSDP (``strategy="fsdp"``); NCCL on GPUs, gloo on CPU. ``launch_command`` builds the
  torchrun command line for one or several nodes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import json
import math
import os
import re
import shlex
import shutil
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..errors import UserError
from ..fileio import atomic_write
from .data import SOURCES, load_examples
from .tokenize import tokenization_settings, tokenize_example

FORMAT_VERSION = 1
METRICS_FILE = "metrics.jsonl"
ARGS_FILE = "train_args.json"
STATE_FILE = "trainer_state.json"
INFO_FILE = "train_info.json"  # in final/: what the model was trained from (ehr-tui run records it)
FINAL_DIR = "final"
SCHEDULERS = ("cosine", "linear", "constant")
STRATEGIES = ("ddp", "fsdp")
DEFAULT_MAX_LEN = 2048
IGNORE = -100


@dataclass
class TrainConfig:
    model: str
    data: list[str]
    output: str
    masks: str | None = None  # None: plain SFT on every response token (the XTF baseline)
    source: str = "auto"
    limit: int | None = None
    epochs: int = 1
    max_steps: int | None = None  # stop after this many optimizer steps (default: the epochs)
    lr: float = 2e-5
    batch_size: int = 4  # examples per micro-batch, per process
    grad_accum: int = 1
    max_len: int | None = None  # default: the masks file's max length, else DEFAULT_MAX_LEN
    warmup_ratio: float = 0.03
    scheduler: str = "cosine"
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0  # 0: no clipping
    bf16: bool = False  # autocast to bfloat16 (weights and optimizer state stay float32)
    gradient_checkpointing: bool = False
    lora: bool = False
    lora_r: int = 16
    lora_alpha: int = 32
    lora_dropout: float = 0.05
    lora_targets: str = "all-linear"
    strategy: str = "ddp"  # with several processes: ddp | fsdp
    seed: int = 0
    log_every: int = 1
    save_every: int = 100  # steps between checkpoints; 0: only the final model
    save_total_limit: int = 2  # checkpoints kept (the newest)
    device: str = "auto"  # auto | cpu | cuda (under torchrun: cuda:LOCAL_RANK)

    # Settings that may change between a run and its resumption: they do not change what is trained.
    OPERATIONAL = ("log_every", "save_every", "save_total_limit", "device", "output")

    def validate(self) -> None:
        for name, value, low in (("--epochs", self.epochs, 1), ("--batch-size", self.batch_size, 1),
                                 ("--grad-accum", self.grad_accum, 1), ("--log-every", self.log_every, 1),
                                 ("--save-every", self.save_every, 0), ("--save-total-limit", self.save_total_limit, 1),
                                 ("--lora-r", self.lora_r, 1)):
            if value < low:
                raise UserError(f"{name} must be at least {low} (got {value})")
        if self.max_steps is not None and self.max_steps < 1:
            raise UserError(f"--max-steps must be at least 1 (got {self.max_steps})")
        if self.max_len is not None and self.max_len < 2:
            raise UserError("--max-len must be at least 2")
        if not self.lr > 0:
            raise UserError(f"--lr must be positive (got {self.lr})")
        if not 0 <= self.warmup_ratio < 1:
            raise UserError("--warmup-ratio must be in [0, 1)")
        if self.scheduler not in SCHEDULERS:
            raise UserError(f"--scheduler must be one of {', '.join(SCHEDULERS)}")
        if self.strategy not in STRATEGIES:
            raise UserError(f"--strategy must be one of {', '.join(STRATEGIES)}")
        if self.source != "auto" and self.source not in SOURCES:
            raise UserError(f"--source must be auto or one of {', '.join(SOURCES)}")
        if not re.fullmatch(r"auto|cpu|cuda(:\d+)?|mps", self.device):
            raise UserError(f"--device must be auto, cpu, cuda or cuda:N (got {self.device!r})")
        if not self.data:
            raise UserError("give the training data with --data FILE")
        # Paths first, so that a job or the app's form fails at once rather than in the background.
        model = Path(self.model).expanduser()
        if not (model / "config.json").is_file():
            raise UserError(f"no model at {model}: give a folder saved with save_pretrained (config.json, "
                            "weights, tokenizer)")
        for f in self.data:
            if not Path(f).expanduser().exists():
                raise UserError(f"no data file at {f}; give the SFT data that was scored (JSONL, JSON or a run folder)")
        if self.masks and not Path(self.masks).expanduser().is_file():
            raise UserError(f"no masks file at {self.masks}; make one with `xtf score` (or train without --masks)")
        if self.lora:
            require_peft()
            if self.strategy == "fsdp":
                raise UserError("--lora trains with --strategy ddp (an adapter is small); drop --strategy fsdp")

    def identity(self) -> dict:
        """What a resumed run must share with the run that wrote the checkpoints."""
        d = {k: v for k, v in asdict(self).items() if k not in self.OPERATIONAL}
        d["model"] = str(Path(self.model).expanduser().resolve())
        d["data"] = [str(Path(p).expanduser().resolve()) for p in self.data]
        d["masks"] = str(Path(self.masks).expanduser().resolve()) if self.masks else None
        return d

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "TrainConfig":
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


# The `xtf train` flag of each TrainConfig field: one table for the parser's names, the command
# preview of the app and the command line a job runs.
FLAGS = {
    "model": "--model", "data": "--data", "output": "--output", "masks": "--masks", "source": "--source",
    "limit": "--limit", "epochs": "--epochs", "max_steps": "--max-steps", "lr": "--lr",
    "batch_size": "--batch-size", "grad_accum": "--grad-accum", "max_len": "--max-len",
    "warmup_ratio": "--warmup-ratio", "scheduler": "--scheduler", "weight_decay": "--weight-decay",
    "max_grad_norm": "--max-grad-norm", "bf16": "--bf16", "gradient_checkpointing": "--gradient-checkpointing",
    "lora": "--lora", "lora_r": "--lora-r", "lora_alpha": "--lora-alpha", "lora_dropout": "--lora-dropout",
    "lora_targets": "--lora-targets", "strategy": "--strategy", "seed": "--seed", "log_every": "--log-every",
    "save_every": "--save-every", "save_total_limit": "--save-total-limit", "device": "--device",
}


def config_to_args(config: TrainConfig) -> list[str]:
    """`xtf train` arguments that reproduce ``config`` (defaults left out)."""
    defaults = {f.name: f.default for f in fields(TrainConfig) if f.default is not dataclasses.MISSING}
    out: list[str] = []
    for f in fields(TrainConfig):
        value, flag = getattr(config, f.name), FLAGS[f.name]
        if f.name == "data":
            for path in value:
                out += [flag, str(path)]
        elif isinstance(value, bool):
            if value:
                out.append(flag)
        elif f.name in defaults and value == defaults[f.name]:
            continue
        elif value is not None:
            out += [flag, str(value)]
    return out


def require_peft():
    try:
        import peft
    except ImportError:
        raise UserError("--lora needs the peft library: pip install peft (or train without --lora)") from None
    return peft


# ---------------------------------------------------------------------------------------------
# Data: tokenised examples with their labels


@dataclass
class TrainItem:
    example_id: str
    input_ids: list[int]
    labels: list[int]
    n_response: int

    @property
    def n_kept(self) -> int:
        return sum(1 for x in self.labels if x != IGNORE)


@dataclass
class DataStats:
    examples: int = 0  # trained on
    tokens: int = 0
    response_tokens: int = 0
    kept_tokens: int = 0
    skipped_no_response: int = 0  # no response token within max_len
    skipped_fully_masked: int = 0  # every response token masked: nothing to learn
    truncated: int = 0

    @property
    def kept_ratio(self) -> float:
        return self.kept_tokens / self.response_tokens if self.response_tokens else 0.0

    def to_dict(self) -> dict:
        return {**asdict(self), "kept_ratio": round(self.kept_ratio, 6)}


def masks_max_length(token_file) -> int | None:
    return (token_file.settings.get("tokenization") or {}).get("max_length")


def check_tokenization(tokenizer, token_file) -> None:
    """The masks must have been made with this tokenizer and chat template, else positions differ."""
    stored = token_file.settings.get("tokenization") or {}
    mine = tokenization_settings(tokenizer, stored.get("max_length"))
    for key, what in (("chat_template_sha256", "chat template"), ("vocab_size", "vocabulary")):
        if key in stored and stored[key] != mine[key]:
            raise UserError(
                f"{token_file.path} was scored with another {what} ({stored[key]} vs this model's {mine[key]}); "
                "score the data again with this model's tokenizer (`xtf score --model ...`)"
            )


def prepare_items(tokenizer, config: TrainConfig) -> tuple[list[TrainItem], DataStats, int]:
    """(items, statistics, max_len) for the data files, labelled by the masks file when given."""
    from .masks import read_token_file, training_labels

    examples = load_examples(config.data, config.source, config.limit)
    token_file, score_len = None, None
    if config.masks:
        token_file = read_token_file(config.masks)
        check_tokenization(tokenizer, token_file)
        score_len = masks_max_length(token_file)
    max_len = config.max_len or score_len or DEFAULT_MAX_LEN
    if score_len is not None and max_len > score_len:
        raise UserError(
            f"--max-len {max_len} exceeds the length the masks were scored at ({score_len}); "
            f"train with --max-len {score_len} or less, or score again with a larger --max-length"
        )
    stats = DataStats()
    items: list[TrainItem] = []
    missing: list[str] = []
    for ex in examples:
        # Tokenise as the scorer did (its max length), then cut to ours: a prefix of the same tokens.
        t = tokenize_example(tokenizer, ex, score_len or max_len)
        if token_file is not None:
            if t.n_response == 0:
                labels = [IGNORE] * len(t.input_ids)
            else:
                try:
                    scored = token_file.example(ex.id)
                except UserError:
                    missing.append(ex.id)
                    continue
                labels = training_labels(t.input_ids, t.is_response, scored)
        else:
            labels = [i if r else IGNORE for i, r in zip(t.input_ids, t.is_response)]
        ids, labels, resp = t.input_ids[:max_len], labels[:max_len], t.is_response[:max_len]
        stats.truncated += len(t.input_ids) > max_len or t.truncated
        item = TrainItem(ex.id, ids, labels, sum(resp))
        if item.n_response == 0:
            stats.skipped_no_response += 1
            continue
        if item.n_kept == 0:
            stats.skipped_fully_masked += 1
            continue
        items.append(item)
        stats.examples += 1
        stats.tokens += len(ids)
        stats.response_tokens += item.n_response
        stats.kept_tokens += item.n_kept
    if missing:
        raise UserError(
            f"{len(missing)} example(s) of the data are not in {config.masks} (e.g. {missing[0]!r}); "
            "score the same data files (`xtf score --data ...`) or train without --masks"
        )
    if not items:
        raise UserError("no example has a token left to train on (all lack a response within --max-len "
                        "or are fully masked); raise --max-len or loosen the mask rule")
    return items, stats, max_len


def epoch_micro_batches(n_items: int, epoch: int, seed: int, batch_size: int,
                        world_size: int = 1, rank: int = 0) -> list[list[int]]:
    """This rank's micro-batches (item indices) of one epoch: a seeded shuffle, split evenly over
    ranks (the shortest shards are topped up from the start, as DistributedSampler does)."""
    import torch

    g = torch.Generator().manual_seed(seed * 1_000_003 + epoch)
    perm = torch.randperm(n_items, generator=g).tolist()
    per_rank = math.ceil(n_items / world_size)
    perm = (perm * math.ceil(per_rank * world_size / n_items))[: per_rank * world_size]
    mine = perm[rank::world_size]
    return [mine[i : i + batch_size] for i in range(0, len(mine), batch_size)]


def steps_per_epoch(n_items: int, config: TrainConfig, world_size: int) -> int:
    micro = math.ceil(math.ceil(n_items / world_size) / config.batch_size)
    return math.ceil(micro / config.grad_accum)


def total_steps(n_items: int, config: TrainConfig, world_size: int) -> int:
    """--max-steps when given (more epochs run as needed), else the steps of --epochs epochs."""
    return config.max_steps or steps_per_epoch(n_items, config, world_size) * config.epochs


@dataclass
class Batch:
    input_ids: object  # LongTensor (B, T), right-padded
    attention_mask: object
    labels: object  # LongTensor (B, T), -100 on prompt, masked and padding positions
    n_tokens: int  # real (non-padding) tokens
    n_kept: int
    n_response: int


def collate(items: list[TrainItem], pad_id: int, device) -> Batch:
    import torch

    T = max(len(it.input_ids) for it in items)
    ids = torch.full((len(items), T), pad_id, dtype=torch.long)
    att = torch.zeros((len(items), T), dtype=torch.long)
    lab = torch.full((len(items), T), IGNORE, dtype=torch.long)
    for b, it in enumerate(items):
        n = len(it.input_ids)
        ids[b, :n] = torch.tensor(it.input_ids)
        att[b, :n] = 1
        lab[b, :n] = torch.tensor(it.labels)
    return Batch(ids.to(device), att.to(device), lab.to(device), sum(len(it.input_ids) for it in items),
                 sum(it.n_kept for it in items), sum(it.n_response for it in items))


# ---------------------------------------------------------------------------------------------
# The loss


def predicting_positions(labels):
    """(B, T) bool: positions whose next token is a target, and those targets in row-major order."""
    import torch

    target = labels[:, 1:] != IGNORE
    predicting = torch.zeros_like(labels, dtype=torch.bool)
    predicting[:, :-1] = target
    return predicting, labels[:, 1:][target]


def loss_sum(model, batch: Batch, select_logits: bool = True):
    """Summed cross-entropy over the batch's target tokens (float32, or float64 for a float64 model).

    With ``select_logits`` only the positions predicting a target are projected onto the
    vocabulary (``logits_to_keep`` with a boolean mask); the others never get logits, so masked
    and prompt tokens add nothing to the loss or its gradient. A model that ignores a boolean
    ``logits_to_keep`` gets full logits, indexed the same way.
    """
    import torch.nn.functional as F

    predicting, targets = predicting_positions(batch.labels)
    kwargs = {"input_ids": batch.input_ids, "attention_mask": batch.attention_mask, "use_cache": False}
    if select_logits:
        kwargs["logits_to_keep"] = predicting
    logits = model(**kwargs).logits
    if logits.dim() == 3:  # full logits: select_logits off, or unsupported by the model
        logits = logits[predicting]
    elif logits.shape[0] != targets.shape[0]:
        raise RuntimeError("the model returned logits for other positions than asked (logits_to_keep)")
    import torch

    # bf16/fp16 logits are upcast for a stable loss; float64 (tests' exact comparisons) stays
    return F.cross_entropy(logits.to(torch.promote_types(logits.dtype, torch.float32)), targets, reduction="sum")


# ---------------------------------------------------------------------------------------------
# Distributed set-up


@dataclass
class Dist:
    world_size: int = 1
    rank: int = 0
    local_rank: int = 0

    @property
    def enabled(self) -> bool:
        return self.world_size > 1

    @property
    def main(self) -> bool:
        return self.rank == 0

    @classmethod
    def from_env(cls) -> "Dist":
        return cls(int(os.environ.get("WORLD_SIZE", "1")), int(os.environ.get("RANK", "0")),
                   int(os.environ.get("LOCAL_RANK", "0")))

    def barrier(self) -> None:
        if self.enabled:
            import torch.distributed as td

            td.barrier()

    def sum(self, values: list[float], device) -> list[float]:
        """Element-wise sum over ranks (float64)."""
        if not self.enabled:
            return list(values)
        import torch
        import torch.distributed as td

        t = torch.tensor(values, dtype=torch.float64, device=device)
        td.all_reduce(t)
        return t.tolist()


def pick_device(name: str, d: Dist):
    import torch

    if name in ("auto", "cuda") and torch.cuda.is_available():
        return torch.device("cuda", d.local_rank % torch.cuda.device_count())
    if name == "cuda" or name.startswith("cuda:"):
        if not torch.cuda.is_available():
            raise UserError(f"--device {name} was asked for but no CUDA GPU is available; use --device cpu")
        return torch.device(name)
    if name == "mps" or (name == "auto" and getattr(torch.backends, "mps", None) and torch.backends.mps.is_available()
                         and not d.enabled):
        return torch.device("mps")
    return torch.device("cpu")


def describe_devices() -> list[str]:
    """The compute devices this machine offers, for the app's form and `xtf train --help`."""
    import torch

    if torch.cuda.is_available():
        out = []
        for i in range(torch.cuda.device_count()):
            p = torch.cuda.get_device_properties(i)
            out.append(f"cuda:{i} {p.name} ({p.total_memory / 2**30:.0f} GiB)")
        return out
    return [f"cpu ({os.cpu_count() or 1} cores; no CUDA GPU)"]


def gpu_count() -> int:
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


# ---------------------------------------------------------------------------------------------
# Launch command (torchrun), for this machine, several nodes or a Slurm script


def launch_command(train_args: list[str], nproc_per_node: int = 1, nnodes: int = 1, node_rank: int = 0,
                   master_addr: str = "127.0.0.1", master_port: int = 29500, python: str | None = None) -> list[str]:
    """The argv that runs ``xtf train TRAIN_ARGS`` in ``nproc_per_node`` processes on each of ``nnodes``
    nodes: ``python -m torch.distributed.run ...`` (what `torchrun` runs); a single process needs none."""
    if nproc_per_node < 1 or nnodes < 1:
        raise UserError("--nproc-per-node and --nnodes must be at least 1")
    if not 0 <= node_rank < nnodes:
        raise UserError(f"--node-rank must be between 0 and {nnodes - 1}")
    py = python or sys.executable
    if nproc_per_node == 1 and nnodes == 1:
        return [py, "-m", "xtf_cli.main", "train", *train_args]
    run = [py, "-m", "torch.distributed.run", f"--nproc-per-node={nproc_per_node}"]
    if nnodes == 1:
        run.append("--standalone")
    else:
        run += [f"--nnodes={nnodes}", f"--node-rank={node_rank}", f"--master-addr={master_addr}",
                f"--master-port={master_port}"]
    return [*run, "-m", "xtf_cli.main", "train", *train_args]


def shell_line(argv: list[str]) -> str:
    """The argv as one shell line, `python -m torch.distributed.run` written as `torchrun`."""
    parts = list(argv)
    if len(parts) > 2 and parts[1:3] == ["-m", "torch.distributed.run"]:
        parts = ["torchrun", *parts[3:]]
    elif len(parts) > 2 and parts[1:3] == ["-m", "xtf_cli.main"]:
        parts = ["xtf", *parts[3:]]
    return " ".join(shlex.quote(p) for p in parts)


def slurm_line(train_args: list[str], nproc_per_node: int, nnodes: int, master_port: int = 29500) -> str:
    """One line for an sbatch script: every node runs torchrun with its own node rank from Slurm."""
    cmd = launch_command(train_args, nproc_per_node, nnodes, 0, "MASTER", master_port)
    line = shell_line(cmd)
    line = line.replace("--node-rank=0", "--node-rank=$SLURM_NODEID").replace(
        "--master-addr=MASTER", '--master-addr="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)"')
    return f"srun --nodes={nnodes} --ntasks-per-node=1 {line}" if nnodes > 1 else line


# ---------------------------------------------------------------------------------------------
# Output folder: arguments, checkpoints, metrics


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def checkpoints(out: Path) -> list[tuple[int, Path]]:
    """Complete checkpoints (they have trainer_state.json), oldest first."""
    found = []
    for p in out.glob("checkpoint-*"):
        m = re.fullmatch(r"checkpoint-(\d+)", p.name)
        if m and (p / STATE_FILE).is_file():
            found.append((int(m.group(1)), p))
    return sorted(found)


def read_metrics(path: Path, offset: int = 0) -> tuple[list[dict], int]:
    """Records of a metrics JSONL from byte ``offset``: whole lines only (a line being written waits)."""
    if not path.is_file():
        return [], offset
    with path.open("rb") as f:
        f.seek(offset)
        data = f.read()
    end = data.rfind(b"\n") + 1
    out = []
    for line in data[:end].splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(rec, dict) and rec.get("format_version") == FORMAT_VERSION:
            out.append(rec)
    return out, offset + end


def _truncate_metrics(path: Path, step: int) -> None:
    """Keep the records up to ``step`` (resuming from that checkpoint re-does the later steps)."""
    if not path.is_file():
        return
    keep = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut by a crash
        if rec.get("step", 0) <= step and rec.get("event") != "end":
            keep.append(line)
    atomic_write(path, "".join(k + "\n" for k in keep))


class MetricsWriter:
    def __init__(self, path: Path, enabled: bool):
        self.path = path
        self.enabled = enabled

    def write(self, rec: dict) -> None:
        if not self.enabled:
            return
        rec = {"format_version": FORMAT_VERSION, "time": _now(), **rec}
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
            f.flush()


def prepare_output(config: TrainConfig, restart: bool, main: bool) -> tuple[Path, tuple[int, Path] | None]:
    """Create OUT (or check it holds this very training); return it and the checkpoint to resume from."""
    out = Path(config.output).expanduser()
    args_file = out / ARGS_FILE
    if restart and main and out.exists():
        for p in [*out.glob("checkpoint-*"), *out.glob(".checkpoint-*"), out / FINAL_DIR]:
            shutil.rmtree(p, ignore_errors=True)
        for p in (out / METRICS_FILE, args_file):
            p.unlink(missing_ok=True)
    if args_file.is_file():
        saved = json.loads(args_file.read_text(encoding="utf-8"))
        mine = config.identity()
        diff = [k for k in sorted(set(saved) | set(mine)) if saved.get(k) != mine.get(k)]
        if diff and (checkpoints(out) or (out / FINAL_DIR).exists()):
            raise UserError(
                f"{out} holds a training with other settings ({', '.join(diff)} differ); pass --restart to "
                "discard it, use another -o folder, or repeat the original command to resume it"
            )
    elif main and out.is_dir() and any(out.glob("checkpoint-*")):
        raise UserError(f"{out} holds checkpoints of an unknown training; pass --restart or use another -o folder")
    if main:
        out.mkdir(parents=True, exist_ok=True)
        atomic_write(args_file, json.dumps(config.identity(), indent=2) + "\n")
    found = checkpoints(out) if out.is_dir() else []
    return out, (found[-1] if found else None)


def checkpoint_metadata(path: str | Path) -> dict:
    """What a run records of the fine-tuned model it evaluates: the folder, and, when `xtf train`
    wrote it, the base model, masks, steps and the job it came from."""
    from .. import paths

    p = Path(path).expanduser().resolve()
    if not (p / "config.json").is_file():
        raise UserError(f"--checkpoint {p} is not a model folder (no config.json); give the folder the server "
                        "serves, e.g. xtf train's OUT/final")
    meta: dict = {"path": str(p)}
    info, state = p / INFO_FILE, p / STATE_FILE
    if info.is_file():
        d = json.loads(info.read_text(encoding="utf-8"))
        meta.update(base_model=d.get("base_model"), masks=d.get("masks"), steps=d.get("steps"), lora=d.get("lora"),
                    kept_ratio=(d.get("data") or {}).get("kept_ratio"), trained=d.get("trained"))
    elif state.is_file():
        meta["steps"] = json.loads(state.read_text(encoding="utf-8")).get("step")
    try:
        meta["job"] = p.relative_to(paths.jobs_dir().resolve()).parts[0]
    except ValueError:
        pass
    return meta


# ---------------------------------------------------------------------------------------------
# The trainer


class Cancelled(Exception):
    """SIGTERM arrived: stop at the next step boundary (checkpoints on disk stay valid)."""


@dataclass
class TrainResult:
    output: Path
    final: Path | None
    steps: int
    total_steps: int
    status: str  # finished | cancelled | already-finished
    stats: DataStats
    last_loss: float | None = None
    losses: list[float] = field(default_factory=list)


Progress = Callable[[dict], None]  # called on the main rank with each step record


def _load(config: TrainConfig, device, checkpoint: Path | None):
    """Model (float32 weights, train mode) and tokenizer; a LoRA adapter wrapped on when asked."""
    from .scoring import load_model_and_tokenizer

    source = config.model if (checkpoint is None or config.lora) else checkpoint
    model, tokenizer, _ = load_model_and_tokenizer(source, device="cpu", dtype="float32", attn=None)
    if checkpoint is not None:
        from transformers import AutoTokenizer

        tokenizer = AutoTokenizer.from_pretrained(checkpoint)
    if config.gradient_checkpointing:
        model.gradient_checkpointing_enable()
        model.config.use_cache = False
    if config.lora:
        peft = require_peft()
        if checkpoint is not None:
            model = peft.PeftModel.from_pretrained(model, checkpoint, is_trainable=True)
        else:
            targets = config.lora_targets if config.lora_targets == "all-linear" else \
                [t.strip() for t in config.lora_targets.split(",") if t.strip()]
            model = peft.get_peft_model(model, peft.LoraConfig(
                r=config.lora_r, lora_alpha=config.lora_alpha, lora_dropout=config.lora_dropout,
                target_modules=targets, task_type="CAUSAL_LM"))
    model.to(device).train()
    return model, tokenizer


def _optimizer(model, config: TrainConfig, device):
    import torch

    decay, no_decay = [], []
    for p in model.parameters():
        if p.requires_grad:
            (decay if p.dim() >= 2 else no_decay).append(p)
    groups = [{"params": decay, "weight_decay": config.weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=config.lr, fused=device.type == "cuda")


def _wrap(model, config: TrainConfig, d: Dist, device):
    if not d.enabled:
        return model
    if config.strategy == "fsdp":
        from torch.distributed.fsdp import fully_shard

        layers = getattr(getattr(model, "model", None), "layers", None) or []
        for layer in layers:
            fully_shard(layer)
        fully_shard(model)
        return model
    from torch.nn.parallel import DistributedDataParallel as DDP

    return DDP(model, device_ids=[device.index] if device.type == "cuda" else None)


def _unwrap(model):
    return getattr(model, "module", model)


def _save_model(model, tokenizer, path: Path, config: TrainConfig, d: Dist, optimizer=None) -> dict | None:
    """Write the model (safetensors) and tokenizer into ``path`` on the main rank; return the full
    optimizer state dict (main rank) when ``optimizer`` is given. Collective under FSDP."""
    inner = _unwrap(model)
    optim_sd = None
    if d.enabled and config.strategy == "fsdp":
        from torch.distributed.checkpoint.state_dict import StateDictOptions, get_state_dict

        opts = StateDictOptions(full_state_dict=True, cpu_offload=True)
        if optimizer is not None:
            model_sd, optim_sd = get_state_dict(inner, optimizer, options=opts)
        else:
            from torch.distributed.checkpoint.state_dict import get_model_state_dict

            model_sd = get_model_state_dict(inner, options=opts)
        if d.main:
            inner.save_pretrained(path, state_dict=model_sd)
    else:
        if d.main:
            inner.save_pretrained(path)
        if optimizer is not None:
            optim_sd = optimizer.state_dict()
    if d.main:
        tokenizer.save_pretrained(path)
    return optim_sd if d.main else None


def _save_checkpoint(out: Path, step: int, model, tokenizer, optimizer, scheduler, config: TrainConfig,
                     d: Dist, state: dict, keep: int) -> Path:
    import torch

    final = out / f"checkpoint-{step}"
    tmp = out / f".checkpoint-{step}.tmp"
    if d.main:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
    d.barrier()
    optim_sd = _save_model(model, tokenizer, tmp, config, d, optimizer)
    rng = {"torch": torch.get_rng_state()}
    if torch.cuda.is_available():
        rng["cuda"] = torch.cuda.get_rng_state()
    torch.save(rng, tmp / f"rng_state_{d.rank}.pt")
    if d.main:
        torch.save(optim_sd, tmp / "optimizer.pt")
        torch.save(scheduler.state_dict(), tmp / "scheduler.pt")
        atomic_write(tmp / STATE_FILE, json.dumps({**state, "format_version": FORMAT_VERSION,
                                                    "saved": _now()}, indent=2) + "\n")
    d.barrier()
    if d.main:
        shutil.rmtree(final, ignore_errors=True)
        tmp.replace(final)
        for _, old in checkpoints(out)[:-keep]:
            shutil.rmtree(old, ignore_errors=True)
    d.barrier()
    return final


def _restore(checkpoint: Path, model, optimizer, scheduler, config: TrainConfig, d: Dist) -> dict:
    import torch

    state = json.loads((checkpoint / STATE_FILE).read_text(encoding="utf-8"))
    if state.get("format_version") != FORMAT_VERSION:
        raise UserError(f"{checkpoint} was written by another version of the trainer; pass --restart")
    optim_sd = torch.load(checkpoint / "optimizer.pt", map_location="cpu", weights_only=True)
    if d.enabled and config.strategy == "fsdp":
        from torch.distributed.checkpoint.state_dict import StateDictOptions, set_optimizer_state_dict

        set_optimizer_state_dict(_unwrap(model), optimizer, optim_sd,
                                 options=StateDictOptions(full_state_dict=True))
    else:
        optimizer.load_state_dict(optim_sd)
    scheduler.load_state_dict(torch.load(checkpoint / "scheduler.pt", weights_only=True))
    rng_file = checkpoint / f"rng_state_{d.rank}.pt"
    if rng_file.is_file():
        rng = torch.load(rng_file, weights_only=True)
        torch.set_rng_state(rng["torch"])
        if "cuda" in rng and torch.cuda.is_available():
            torch.cuda.set_rng_state(rng["cuda"])
    return state


def _save_final(out: Path, model, tokenizer, config: TrainConfig, d: Dist, info: dict) -> Path:
    """OUT/final: the trained model as a plain from_pretrained folder (LoRA merged; adapter in final/adapter)."""
    final = out / FINAL_DIR
    tmp = out / f".{FINAL_DIR}.tmp"
    if d.main:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
    d.barrier()
    inner = _unwrap(model)
    if config.lora:
        if d.main:
            inner.save_pretrained(tmp / "adapter")
            merged = inner.merge_and_unload()
            merged.save_pretrained(tmp)
            tokenizer.save_pretrained(tmp)
    else:
        _save_model(model, tokenizer, tmp, config, d)
    if d.main:
        atomic_write(tmp / INFO_FILE, json.dumps(info, indent=2) + "\n")
        shutil.rmtree(final, ignore_errors=True)
        tmp.replace(final)
    d.barrier()
    return final


def train(config: TrainConfig, *, restart: bool = False, progress: Progress | None = None,
          log: Callable[[str], None] | None = None, command: str | None = None) -> TrainResult:
    """Fine-tune as configured; resumes from OUT's last checkpoint. Runs in every torchrun process."""
    import torch

    config.validate()
    log = log or (lambda m: None)
    d = Dist.from_env()
    if d.enabled:
        import torch.distributed as td

        if not td.is_initialized():
            td.init_process_group("nccl" if torch.cuda.is_available() and config.device != "cpu" else "gloo")
    device = pick_device(config.device, d)
    if device.type == "cuda":
        torch.cuda.set_device(device)
    if config.bf16 and device.type == "cuda" and not torch.cuda.is_bf16_supported():
        raise UserError("--bf16 needs a GPU with bfloat16 support (Ampere or newer); train without --bf16")
    try:
        return _train(config, d, device, restart, progress, log, command)
    finally:
        if d.enabled:
            import torch.distributed as td

            if td.is_initialized():
                td.destroy_process_group()


def _train(config, d: Dist, device, restart, progress, log, command) -> TrainResult:
    import torch
    from transformers import get_scheduler

    out, resume = prepare_output(config, restart, d.main)
    d.barrier()
    metrics = MetricsWriter(out / METRICS_FILE, d.main)
    info_file = out / FINAL_DIR / INFO_FILE
    if info_file.is_file():  # same settings (prepare_output checked): nothing left to do
        info = json.loads(info_file.read_text(encoding="utf-8"))
        log(f"{out / FINAL_DIR} is already trained ({info['steps']} steps); pass --restart to train again")
        return TrainResult(out, out / FINAL_DIR, info["steps"], info["steps"], "already-finished",
                           DataStats(**{k: v for k, v in info.get("data", {}).items() if k != "kept_ratio"}))

    torch.manual_seed(config.seed)
    model, tokenizer = _load(config, device, resume[1] if resume else None)
    items, stats, max_len = prepare_items(tokenizer, config)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else (tokenizer.eos_token_id or 0)
    n_steps = total_steps(len(items), config, d.world_size)
    per_epoch = steps_per_epoch(len(items), config, d.world_size)
    model = _wrap(model, config, d, device)
    optimizer = _optimizer(model, config, device)
    scheduler = get_scheduler(config.scheduler if config.scheduler != "constant" else "constant_with_warmup",
                              optimizer, num_warmup_steps=int(config.warmup_ratio * n_steps),
                              num_training_steps=n_steps)
    step = 0
    if resume is not None:
        state = _restore(resume[1], model, optimizer, scheduler, config, d)
        step = int(state["step"])
        if d.main:
            _truncate_metrics(out / METRICS_FILE, step)
        log(f"resuming from {resume[1]} (step {step} of {n_steps})")
    d.barrier()
    select = "logits_to_keep" in _forward_params(_unwrap(model))
    metrics.write({"event": "start", "step": step, "total_steps": n_steps, "examples": stats.examples,
                   "world_size": d.world_size, "device": str(device), "strategy": config.strategy if d.enabled
                   else "single", "max_len": max_len, "data": stats.to_dict(), "resumed": resume is not None,
                   "masks": config.masks, "command": command})
    log(f"{stats.examples} examples, {stats.kept_tokens:,} of {stats.response_tokens:,} response tokens trained "
        f"on ({stats.kept_ratio:.1%}); {n_steps} steps on {d.world_size} process(es), {device}")

    cancelled = {"flag": False}

    def on_term(signum, frame):
        cancelled["flag"] = True

    previous = signal.signal(signal.SIGTERM, on_term) if _main_thread() else None
    autocast = torch.autocast(device_type=device.type, dtype=torch.bfloat16) if config.bf16 else \
        contextlib.nullcontext()
    window: dict = {"loss": 0.0, "kept": 0, "response": 0, "tokens": 0, "n": 0, "t0": time.perf_counter()}
    started, step0 = time.perf_counter(), step
    losses: list[float] = []
    status = "finished"
    n_epochs = math.ceil(n_steps / per_epoch)
    try:
        for epoch in range(step // per_epoch, n_epochs):
            micro = epoch_micro_batches(len(items), epoch, config.seed, config.batch_size, d.world_size, d.rank)
            groups = [micro[i : i + config.grad_accum] for i in range(0, len(micro), config.grad_accum)]
            for s in range(step - epoch * per_epoch, len(groups)):
                if step >= n_steps:
                    break
                group = groups[s]
                batches = [collate([items[i] for i in mb], pad_id, device) for mb in group]
                local = [sum(b.n_kept for b in batches), sum(b.n_response for b in batches),
                         sum(b.n_tokens for b in batches), float(cancelled["flag"])]
                # The stop flag travels with the counts, so that every rank stops at the same step.
                kept_all, resp_all, tok_all, stop = d.sum(local, device)
                if stop:
                    raise Cancelled
                scale = d.world_size / max(kept_all, 1.0)  # DDP/FSDP average gradients over ranks
                step_loss = 0.0
                for i, b in enumerate(batches):
                    sync = i == len(batches) - 1 or not d.enabled or config.strategy == "fsdp"
                    ctx = contextlib.nullcontext() if sync else model.no_sync()
                    with ctx:
                        with autocast:
                            try:
                                total = loss_sum(model, b, select)
                            except (TypeError, RuntimeError) as e:
                                if not select or "out of memory" in str(e).lower():
                                    raise
                                select = False  # this model does not take a boolean logits_to_keep
                                total = loss_sum(model, b, select)
                        (total * scale).backward()
                    step_loss += float(total.detach())
                if config.max_grad_norm > 0:
                    grad_norm = float(torch.nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm))
                else:
                    grad_norm = float("nan")
                lr = scheduler.get_last_lr()[0]
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad(set_to_none=True)
                step += 1
                loss_value = d.sum([step_loss], device)[0] / max(kept_all, 1.0)
                losses.append(loss_value)
                window["loss"] += loss_value
                window["kept"] += int(kept_all)
                window["response"] += int(resp_all)
                window["tokens"] += int(tok_all)
                window["n"] += 1
                if step % config.log_every == 0 or step == n_steps:
                    now = time.perf_counter()
                    rate = (step - step0) / max(now - started, 1e-9)
                    rec = {"event": "step", "step": step, "total_steps": n_steps,
                           "epoch": round(epoch + (s + 1) / len(groups), 4), "loss": window["loss"] / window["n"],
                           "lr": lr, "grad_norm": grad_norm, "tokens_kept": window["kept"],
                           "tokens_response": window["response"], "tokens_total": window["tokens"],
                           "kept_ratio": window["kept"] / max(window["response"], 1),
                           "tokens_per_s": window["tokens"] / max(now - window["t0"], 1e-9),
                           "elapsed_s": round(now - started, 3),
                           "remaining_s": round((n_steps - step) / rate, 1) if rate > 0 else None}
                    metrics.write(rec)
                    if d.main and progress:
                        progress(rec)
                    window.update(loss=0.0, kept=0, response=0, tokens=0, n=0, t0=now)
                if config.save_every and step % config.save_every == 0 and step < n_steps:
                    ckpt = _save_checkpoint(out, step, model, tokenizer, optimizer, scheduler, config, d,
                                            {"step": step, "total_steps": n_steps, "epoch": epoch},
                                            config.save_total_limit)
                    metrics.write({"event": "checkpoint", "step": step, "path": str(ckpt)})
            if step >= n_steps:
                break
    except Cancelled:
        status = "cancelled"
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    final = None
    if status == "finished":
        info = {"format_version": FORMAT_VERSION, "base_model": str(Path(config.model).expanduser().resolve()),
                "masks": str(Path(config.masks).expanduser().resolve()) if config.masks else None,
                "data": stats.to_dict(), "data_files": [str(Path(p).expanduser().resolve()) for p in config.data],
                "steps": step, "lora": config.lora, "final_loss": losses[-1] if losses else None,
                "config": config.to_dict(), "trained": _now()}
        final = _save_final(out, model, tokenizer, config, d, info)
        # The final model supersedes the checkpoints of a finished run only in what it holds:
        # keep them, so that --max-steps can later be raised and the run resumed.
    metrics.write({"event": "end", "step": step, "status": status, "final": str(final) if final else None})
    log(f"{status} at step {step} of {n_steps}" + (f"; model in {final}" if final else
                                                     "; run the same command again to resume"))
    return TrainResult(out, final, step, n_steps, status, stats, losses[-1] if losses else None, losses)


def _forward_params(model) -> set[str]:
    import inspect

    try:
        return set(inspect.signature(model.forward).parameters)
    except (TypeError, ValueError):
        return set()


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()
