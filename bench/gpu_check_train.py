"""GPU check of XTF fine-tuning, for a machine with a CUDA device. Prints one JSON line per check.

1. step: masked vs unmasked optimizer step on the same batch, bf16 autocast (the CPU benchmark's
   measurement, bench_train_step.measure, on the GPU): ms per step, tokens/s, peak memory, and the
   same step the common way (model(labels=...), logits at every position). Goal: masked ≤ 1.05×.
2. train: `ehr_tui.xtf.train.train` end to end on the GPU with --bf16 for a few steps: device,
   checkpoint + resume (the step count continues), final model loadable, tokens/s from metrics.jsonl.

The model is a random Llama built here (no hub): by default hidden 1024, 8 layers, vocab 8000
(about 0.1 B parameters) so that the GPU, not Python, sets the pace; --small for a quick try.

    python bench/gpu_check_train.py [--small] [--batch 16] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_train_step import measure  # noqa: E402
from bench_xtf_scoring import bench_examples  # noqa: E402

from ehr_tui.xtf.data import write_examples  # noqa: E402
from ehr_tui.xtf.tinymodel import build_tiny_model  # noqa: E402


def emit(rec: dict) -> None:
    print(json.dumps(rec), flush=True)


def main() -> int:
    import torch

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--small", action="store_true", help="hidden 256, 4 layers (a quick try; CPU works too)")
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--device", default="cuda", help="default: cuda (cpu to try the script here)")
    ap.add_argument("--out", help="keep the model and training output here (default: a temp folder)")
    args = ap.parse_args()
    if args.device == "cuda" and not torch.cuda.is_available():
        print("no CUDA device: this check needs a GPU (use --device cpu --small to try the script)", file=sys.stderr)
        return 2
    emit({"check": "env", "torch": torch.__version__, "devices": [torch.cuda.get_device_name(i) for i in
          range(torch.cuda.device_count())] if torch.cuda.is_available() else ["cpu"],
          "bf16": bool(torch.cuda.is_available() and torch.cuda.is_bf16_supported())})
    examples = bench_examples(max(64, args.batch))
    size = dict(hidden_size=256, layers=4, heads=8, kv_heads=4, vocab_size=2000) if args.small else \
        dict(hidden_size=1024, layers=8, heads=16, kv_heads=8, vocab_size=8000)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.out) if args.out else Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        t0 = time.perf_counter()
        texts = [m["content"] for e in examples for m in e.messages]
        model = build_tiny_model(root / "model", texts, max_positions=2048, **size)
        n_params = sum(p.numel() for p in __import__("transformers").AutoModelForCausalLM.from_pretrained(model)
                       .parameters())
        emit({"check": "model", "parameters": n_params, **size, "build_s": round(time.perf_counter() - t0, 1)})

        # 1. masked vs unmasked step, bf16
        r = measure(model, examples, args.batch, 0.3, args.repeat, device=args.device, bf16=True)
        emit({"check": "step", "bf16": True, **{k: (round(v, 5) if isinstance(v, float) else v) for k, v in r.items()},
              "tokens_per_s_unmasked": round(r["tokens"] / r["unmasked"]),
              "tokens_per_s_masked": round(r["tokens"] / r["masked"]),
              "masked_vs_unmasked": round(r["ratio"], 3), "hf_vs_unmasked": round(r["hf_unmasked"] / r["unmasked"], 3),
              "goal_met": r["ratio"] <= 1.05})

        # 2. the trainer end to end: bf16 on the GPU, a checkpoint, an interruption, resume, final
        from ehr_tui.xtf.metrics import read_metrics
        from ehr_tui.xtf.train import train
        from ehr_tui.xtf.train_config import TrainConfig

        data = write_examples(root / "data.jsonl", examples)
        cfg = dict(model=str(model), data=[str(data)], output=str(root / "out"), max_steps=8, batch_size=8,
                   lr=1e-4, bf16=True, save_every=4, device=args.device)

        def stop_at_6(rec):
            if rec["step"] == 6:
                raise KeyboardInterrupt

        t0 = time.perf_counter()
        try:
            train(TrainConfig(**cfg), restart=True, progress=stop_at_6)
        except KeyboardInterrupt:
            pass
        result = train(TrainConfig(**cfg))
        records, _ = read_metrics(root / "out" / "metrics.jsonl")
        steps = [x for x in records if x["event"] == "step"]
        starts = [x for x in records if x["event"] == "start"]
        from transformers import AutoModelForCausalLM

        AutoModelForCausalLM.from_pretrained(result.final)
        emit({"check": "train", "status": result.status, "steps": [x["step"] for x in steps],
              "device": starts[-1]["device"], "resumed": [x["resumed"] for x in starts],
              "loss_first_last": [round(steps[0]["loss"], 4), round(steps[-1]["loss"], 4)],
              "tokens_per_s_last": round(steps[-1]["tokens_per_s"]), "seconds": round(time.perf_counter() - t0, 1),
              "ok": result.status == "finished" and [x["step"] for x in steps] == list(range(1, 9))})
    return 0


if __name__ == "__main__":
    sys.exit(main())
