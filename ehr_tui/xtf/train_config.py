"""The training configuration: TrainConfig, its checks, and the `xtf train` flag of every field.

One table (``FLAGS``) gives the parser's names, the app's command preview and the command line a
job runs, so the three never disagree.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ..errors import UserError
from .data import SOURCES, SPLITS

SCHEDULERS = ("cosine", "linear", "constant")
STRATEGIES = ("ddp", "fsdp")
DEFAULT_MAX_LEN = 2048


@dataclass
class TrainConfig:
    model: str
    data: list[str]
    output: str
    masks: str | None = None  # None: plain SFT on every response token (the XTF baseline)
    source: str = "auto"
    split: str = "train"  # the published split trained on (data.SPLITS; "all" for data without one)
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
        if self.split not in SPLITS:
            raise UserError(f"--split must be one of {', '.join(SPLITS)}")
        if self.limit is not None and self.limit < 1:
            raise UserError(f"--limit must be at least 1 (got {self.limit})")
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
    "split": "--split", "limit": "--limit", "epochs": "--epochs", "max_steps": "--max-steps", "lr": "--lr",
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
        elif value is not None and value != "":  # an empty output: the job's own folder
            out += [flag, str(value)]
    return out


def require_peft():
    try:
        import peft
    except ImportError:
        raise UserError("--lora needs the peft library: pip install peft (or train without --lora)") from None
    return peft


# ---------------------------------------------------------------------------------------------
