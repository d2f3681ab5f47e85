"""The training's output folder: its arguments, checkpoints (save and restore), the final model, and
what a run records of a fine-tuned model it evaluates.

``OUT/train_args.json`` holds the identity of the training (the settings that change what is
trained); a run started again with the same settings resumes from the last complete
``OUT/checkpoint-STEP/`` (model in safetensors, or a LoRA adapter; optimizer, scheduler and RNG
state; ``trainer_state.json``). ``OUT/final/`` is the finished model (LoRA merged) with
``train_info.json``. Checkpoints are written to a temporary folder and renamed, so a crash never
leaves a half checkpoint that looks complete.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import MISSING, fields
from pathlib import Path

from ..errors import UserError
from ..fileio import atomic_write
from .launch import Dist
from .metrics import METRICS_FILE, now
from .train_config import TrainConfig

STATE_FORMAT_VERSION = 1
ARGS_FILE = "train_args.json"
STATE_FILE = "trainer_state.json"
INFO_FILE = "train_info.json"  # in final/: what the model was trained from (ehr-tui run records it)
FINAL_DIR = "final"


def checkpoints(out: Path) -> list[tuple[int, Path]]:
    """Complete checkpoints (they have trainer_state.json), oldest first."""
    found = []
    for p in out.glob("checkpoint-*"):
        m = re.fullmatch(r"checkpoint-(\d+)", p.name)
        if m and (p / STATE_FILE).is_file():
            found.append((int(m.group(1)), p))
    return sorted(found)


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
        # A setting added after the training was written counts as its default there.
        defaults = {f.name: f.default for f in fields(TrainConfig) if f.default is not MISSING}
        diff = [k for k in sorted(set(saved) | set(mine)) if saved.get(k, defaults.get(k)) != mine.get(k)]
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


def unwrap(model):
    return getattr(model, "module", model)


def save_model(model, tokenizer, path: Path, config: TrainConfig, d: Dist, optimizer=None) -> dict | None:
    """Write the model (safetensors) and tokenizer into ``path`` on the main rank; return the full
    optimizer state dict (main rank) when ``optimizer`` is given. Collective under FSDP."""
    inner = unwrap(model)
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


def save_checkpoint(out: Path, step: int, model, tokenizer, optimizer, scheduler, config: TrainConfig,
                    d: Dist, state: dict, keep: int) -> Path:
    import torch

    final = out / f"checkpoint-{step}"
    tmp = out / f".checkpoint-{step}.tmp"
    if d.main:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
    d.barrier()
    optim_sd = save_model(model, tokenizer, tmp, config, d, optimizer)
    rng = {"torch": torch.get_rng_state()}
    if torch.cuda.is_available():
        rng["cuda"] = torch.cuda.get_rng_state()
    torch.save(rng, tmp / f"rng_state_{d.rank}.pt")
    if d.main:
        torch.save(optim_sd, tmp / "optimizer.pt")
        torch.save(scheduler.state_dict(), tmp / "scheduler.pt")
        atomic_write(tmp / STATE_FILE, json.dumps({**state, "format_version": STATE_FORMAT_VERSION,
                                                    "saved": now()}, indent=2) + "\n")
    d.barrier()
    if d.main:
        shutil.rmtree(final, ignore_errors=True)
        tmp.replace(final)
        for _, old in checkpoints(out)[:-keep]:
            shutil.rmtree(old, ignore_errors=True)
    d.barrier()
    return final


def restore(checkpoint: Path, model, optimizer, scheduler, config: TrainConfig, d: Dist) -> dict:
    import torch

    state = json.loads((checkpoint / STATE_FILE).read_text(encoding="utf-8"))
    if state.get("format_version") != STATE_FORMAT_VERSION:
        raise UserError(f"{checkpoint} was written by another version of the trainer; pass --restart")
    optim_sd = torch.load(checkpoint / "optimizer.pt", map_location="cpu", weights_only=True)
    if d.enabled and config.strategy == "fsdp":
        from torch.distributed.checkpoint.state_dict import StateDictOptions, set_optimizer_state_dict

        set_optimizer_state_dict(unwrap(model), optimizer, optim_sd,
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


def save_final(out: Path, model, tokenizer, config: TrainConfig, d: Dist, info: dict) -> Path:
    """OUT/final: the trained model as a plain from_pretrained folder (LoRA merged; adapter in final/adapter)."""
    final = out / FINAL_DIR
    tmp = out / f".{FINAL_DIR}.tmp"
    if d.main:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
    d.barrier()
    inner = unwrap(model)
    if config.lora:
        if d.main:
            inner.save_pretrained(tmp / "adapter")
            merged = inner.merge_and_unload()
            merged.save_pretrained(tmp)
            tokenizer.save_pretrained(tmp)
    else:
        save_model(model, tokenizer, tmp, config, d)
    if d.main:
        atomic_write(tmp / INFO_FILE, json.dumps(info, indent=2) + "\n")
        shutil.rmtree(final, ignore_errors=True)
        tmp.replace(final)
    d.barrier()
    return final
