"""Masked-loss supervised fine-tuning: the XTF model (with a masks file) or plain SFT (without).

A plain torch loop, so labels, metrics and resume are exact. The parts live beside it:
``train_config`` (settings and flags), ``train_data`` (labels, batches, the loss), ``launch``
(processes, devices, torchrun/Slurm lines), ``metrics`` (metrics.jsonl), ``checkpoints`` (output
folder, checkpoints, resume, final model).

- The loss of an optimizer step is the summed token cross-entropy over the kept tokens of all
  its micro-batches (gradient accumulation) and all ranks, divided by their number: every kept
  token weighs the same, whatever the batch shapes or the number of GPUs.
- A run started again with the same settings resumes from the last complete checkpoint,
  continuing the step count and the metrics file (records past the checkpoint are dropped, and a
  run that starts from step 0 starts a fresh metrics file, so no step appears twice).
- Several processes (``torchrun``; RANK / WORLD_SIZE / LOCAL_RANK in the environment) train with
  DDP, or FSDP (``strategy="fsdp"``); NCCL on GPUs, gloo on CPU.
"""

from __future__ import annotations

import contextlib
import json
import math
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UserError
from .checkpoints import (
    FINAL_DIR, INFO_FILE, STATE_FORMAT_VERSION, prepare_output, restore, save_checkpoint, save_final, unwrap,
)
from .launch import Dist, pick_device
from .metrics import METRICS_FILE, MetricsWriter, cut_metrics
from .metrics import now as timestamp
from .train_config import TrainConfig, require_peft
from .train_data import DataStats, collate, epoch_micro_batches, loss_sum, prepare_items, steps_per_epoch, total_steps


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
    from .models import load_model_and_tokenizer

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
        state = restore(resume[1], model, optimizer, scheduler, config, d)
        step = int(state["step"])
        log(f"resuming from {resume[1]} (step {step} of {n_steps})")
    if d.main:
        cut_metrics(out / METRICS_FILE, step)  # from step 0: a fresh file (an earlier attempt's records go)
    d.barrier()
    select = "logits_to_keep" in _forward_params(unwrap(model))
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
                    ckpt = save_checkpoint(out, step, model, tokenizer, optimizer, scheduler, config, d,
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
        info = {"format_version": STATE_FORMAT_VERSION, "base_model": str(Path(config.model).expanduser().resolve()),
                "masks": str(Path(config.masks).expanduser().resolve()) if config.masks else None,
                "data": stats.to_dict(), "data_files": [str(Path(p).expanduser().resolve()) for p in config.data],
                "steps": step, "lora": config.lora, "final_loss": losses[-1] if losses else None,
                "config": config.to_dict(), "trained": timestamp()}
        final = save_final(out, model, tokenizer, config, d, info)
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
