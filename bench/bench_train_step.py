"""Masked vs unmasked training step on the same batch. Goal: masked ≤ 1.05× unmasked.

One optimizer step (forward, loss, backward, AdamW update) of ``ehr_tui.xtf.train.loss_sum`` on
the same padded batch, twice: with every response token a target (plain SFT, the baseline) and
with a share of them masked (label -100, as an XTF masks file gives). Also shown: the same
unmasked step the common way (``model(labels=...)``: logits for every position, the model's own
loss), to show what projecting only the target positions saves.

Without --model a small random Llama (4 layers, hidden 256, vocab 2000) with a tokenizer trained
on the data is built in a temp folder; the data are GSM8K test examples (../shared/datasets) or,
if absent, generated word problems.

    .venv/bin/python bench/bench_train_step.py [--batch 8] [--masked 0.3] [--repeat 7]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import console, report  # noqa: E402
from bench_xtf_scoring import bench_examples, build_model  # noqa: E402

from ehr_tui.xtf.tokenize import tokenize_example  # noqa: E402
from ehr_tui.xtf.train_data import IGNORE, TrainItem, collate, loss_sum  # noqa: E402


def make_items(tokenizer, examples, masked_share: float, seed: int = 0) -> tuple[list[TrainItem], list[TrainItem]]:
    """(unmasked, masked) items of the same tokens: masked drops ``masked_share`` of the targets at random."""
    rng = random.Random(seed)
    plain, masked = [], []
    for ex in examples:
        t = tokenize_example(tokenizer, ex, 1024)
        labels = [i if r else IGNORE for i, r in zip(t.input_ids, t.is_response)]
        plain.append(TrainItem(ex.id, t.input_ids, labels, t.n_response))
        cut = [x if x == IGNORE or rng.random() >= masked_share else IGNORE for x in labels]
        masked.append(TrainItem(ex.id, t.input_ids, cut, t.n_response))
    return plain, masked


def make_step(model, optimizer, batch, mode: str, autocast=None):
    """One optimizer step; mode: select (train.loss_sum) or hf (model(labels=...), all logits)."""
    ctx = autocast or contextlib.nullcontext

    def step():
        with ctx():
            if mode == "select":
                loss = loss_sum(model, batch) / max(batch.n_kept, 1)
            else:
                loss = model(input_ids=batch.input_ids, attention_mask=batch.attention_mask,
                             labels=batch.labels, use_cache=False).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss

    return step


def measure(model_path: Path, examples, batch_size: int, masked_share: float, repeat: int, device: str = "cpu",
            bf16: bool = False) -> dict:
    import torch

    from ehr_tui.xtf.models import load_model_and_tokenizer

    model, tok, dev = load_model_and_tokenizer(model_path, device=device, dtype="float32", attn=None)
    model.train()
    plain, masked = make_items(tok, examples[:batch_size], masked_share)
    pad = tok.pad_token_id
    b_plain, b_masked = collate(plain, pad, dev), collate(masked, pad, dev)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=dev.type == "cuda")
    autocast = (lambda: torch.autocast(device_type=dev.type, dtype=torch.bfloat16)) if bf16 else None
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)

    steps = {"unmasked": make_step(model, optimizer, b_plain, "select", autocast),
             "masked": make_step(model, optimizer, b_masked, "select", autocast),
             "hf_unmasked": make_step(model, optimizer, b_plain, "hf", autocast)}
    times: dict[str, list[float]] = {k: [] for k in steps}
    for i in range(repeat + 2):  # rounds of one step each, interleaved: drift of a shared machine hits all alike
        for name, step in steps.items():
            t0 = time.perf_counter()
            step()
            sync()
            if i >= 2:  # the first rounds warm up the allocator, kernels and optimizer state
                times[name].append(time.perf_counter() - t0)
    out = {"tokens": b_plain.n_tokens, "padded": int(b_plain.input_ids.numel()), "targets": b_plain.n_kept,
           "targets_masked": b_masked.n_kept, "device": str(dev), "rounds": repeat,
           **{k: statistics.median(v) for k, v in times.items()},
           # the ratio of each round, then their median: robust to a slow round
           "ratio": statistics.median(m / u for m, u in zip(times["masked"], times["unmasked"]))}
    if dev.type == "cuda":
        torch.cuda.reset_peak_memory_stats()
        make_step(model, optimizer, b_masked, "select", autocast)()
        out["peak_gib_masked"] = torch.cuda.max_memory_allocated() / 2**30
        torch.cuda.reset_peak_memory_stats()
        make_step(model, optimizer, b_plain, "hf", autocast)()
        out["peak_gib_hf"] = torch.cuda.max_memory_allocated() / 2**30
    return out


def print_result(r: dict, title: str) -> float:
    base = r["unmasked"]
    rows = [
        ("unmasked step (baseline: every response token a target)", f"{1000 * base:.1f}",
         f"{r['tokens'] / base:,.0f}", "1.00×"),
        (f"masked step ({r['targets_masked']} of {r['targets']} targets kept)", f"{1000 * r['masked']:.1f}",
         f"{r['tokens'] / r['masked']:,.0f}", f"{r['masked'] / base:.2f}×"),
        ("unmasked, model(labels=...): logits at every position", f"{1000 * r['hf_unmasked']:.1f}",
         f"{r['tokens'] / r['hf_unmasked']:,.0f}", f"{r['hf_unmasked'] / base:.2f}×"),
    ]
    report(title, rows, ("step", "ms", "tokens/s", "vs baseline"))
    ratio = r["ratio"]
    console.print(f"masked / unmasked = {ratio:.3f}× (median of {r['rounds']} paired rounds; goal ≤ 1.05×) on "
                  f"{r['device']}; batch of {r['tokens']:,} tokens ({r['padded']:,} padded)")
    return ratio


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", help="a causal LM folder (default: build a small random one)")
    ap.add_argument("--batch", type=int, default=8, help="examples in the batch (default: 8)")
    ap.add_argument("--masked", type=float, default=0.3, help="share of targets masked (default: 0.3)")
    ap.add_argument("--repeat", type=int, default=15, help="timed rounds (default: 15)")
    ap.add_argument("--threads", type=int, default=1,
                    help="CPU threads (default: 1: steadier timings on a shared machine)")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    examples = bench_examples(max(args.batch, 16))
    with tempfile.TemporaryDirectory() as tmp:
        model = Path(args.model) if args.model else build_model(Path(tmp) / "model", examples)
        r = measure(model, examples, args.batch, args.masked, args.repeat)
    ratio = print_result(r, "XTF training step, CPU float32")
    return 0 if ratio <= 1.05 else 1


if __name__ == "__main__":
    sys.exit(main())
