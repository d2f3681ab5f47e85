"""GPU check of `xtf experiment`: a short real experiment, for a machine with a CUDA device. Prints
one JSON line per step and one with the results table.

The experiment is the paper's comparison in miniature: one model x GSM8K (train: --train-examples
of train.jsonl, test: --test-examples of test.jsonl, from ../shared/datasets or generated word
problems) x conditions (default sft, xtf, random) x seeds, with bf16 training and evaluation. Each
step is timed: scoring (tokens/s over every scored token), each cell (train tokens/s from its
metrics.jsonl, eval seconds, the cell's wall time and its primary metric).

The model: --model PATH (a local `save_pretrained` folder, e.g. Qwen2.5-0.5B), else $XTF_MODEL, else a
random Llama built here, scaled up (hidden 1024, 8 layers, about 0.1 B parameters) so that the GPU,
not Python, sets the pace; --small builds the tests' size instead (a quick try, CPU works too).

    python bench/gpu_check_experiment.py [--model PATH] [--small] [--device cuda] [--steps 20] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT  # noqa: E402

GSM8K = ROOT.parent / "shared" / "datasets" / "gsm8k"


def emit(rec: dict) -> None:
    print(json.dumps(rec), flush=True)


def word_problems(n: int, offset: int) -> list[dict]:
    out = []
    for i in range(offset, offset + n):
        a, b = 3 + i % 17, 5 + i % 11
        out.append({"question": f"Ann has {a} pens and buys {b} boxes of {a} pens each. How many pens does she have?",
                    "answer": f"She buys {b} * {a} = {a * b} pens. So she has {a} + {a * b} = {a + a * b} pens.\n"
                              f"#### {a + a * b}"})
    return out


def write_data(folder: Path, n_train: int, n_test: int) -> tuple[Path, Path, str]:
    """GSM8K-format train.jsonl / test.jsonl (the first N of the published files when present)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, n, offset in (("train", n_train, 0), ("test", n_test, 100_000)):
        src = GSM8K / f"{name}.jsonl"
        if src.is_file():
            with src.open(encoding="utf-8") as f:
                rows = [json.loads(line) for _, line in zip(range(n), f)]
        else:
            rows = word_problems(n, offset)
        path = folder / f"{name}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        out.append(path)
    return out[0], out[1], "GSM8K (../shared)" if GSM8K.is_dir() else "generated word problems"


def build_model(folder: Path, train: Path, small: bool) -> Path:
    from ehr_tui.xtf.tinymodel import build_tiny_model

    texts = [v for line in train.read_text(encoding="utf-8").splitlines() for v in json.loads(line).values()]
    size = dict(hidden_size=256, layers=4, heads=8, kv_heads=4, vocab_size=2000) if small else \
        dict(hidden_size=1024, layers=8, heads=16, kv_heads=8, vocab_size=8000)
    return build_tiny_model(folder, texts, max_positions=2048, **size)


def write_config(folder: Path, model: Path, conditions: list[str], seeds: list[int], args, cuda: bool) -> Path:
    device = '"cuda"' if cuda else '"cpu"'
    lines = ['name = "gpu-check"', 'output = "out"', f"models = [{json.dumps(str(model))}]",
             f"conditions = {json.dumps(conditions)}", f"seeds = {json.dumps(seeds)}",
             "[[datasets]]", 'name = "gsm8k"', 'train = "train.jsonl"', 'test = "test.jsonl"',
             "[score]", f"max_length = {args.max_length}", f"device = {device}",
             "[train]", f"max_steps = {args.steps}", f"batch_size = {args.batch}", "lr = 1e-4", "save_every = 0",
             f"max_len = {args.max_length}", f"bf16 = {'true' if cuda else 'false'}", f"device = {device}",
             "[eval]", f"max_new_tokens = {args.max_new_tokens}", f"batch_size = {args.batch}", f"device = {device}"]
    path = folder / "experiment.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def main() -> int:
    import torch
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()  # one JSON line per check, nothing else on stdout
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default=os.environ.get("XTF_MODEL"), help="local model folder (default: $XTF_MODEL, "
                    "else a random Llama built here)")
    ap.add_argument("--small", action="store_true", help="build the tests' tiny size (a quick try; CPU works too)")
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"], help="default: cuda (cpu to try the script)")
    ap.add_argument("--conditions", default="sft,xtf,random")
    ap.add_argument("--seeds", default="0")
    ap.add_argument("--train-examples", type=int, default=256)
    ap.add_argument("--test-examples", type=int, default=64)
    ap.add_argument("--steps", type=int, default=20, help="training steps per cell (default: 20)")
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--max-length", type=int, default=512)
    ap.add_argument("--max-new-tokens", type=int, default=128)
    ap.add_argument("--out", help="keep everything here (default: a temp folder)")
    args = ap.parse_args()
    cuda = args.device == "cuda"
    if cuda and not torch.cuda.is_available():
        print("no CUDA device: this check needs a GPU (use --device cpu --small to try the script)", file=sys.stderr)
        return 2
    if args.model and not (Path(args.model) / "config.json").is_file():
        print(f"no model at {args.model} (a folder saved with save_pretrained)", file=sys.stderr)
        return 2
    emit({"check": "env", "torch": torch.__version__, "device": torch.cuda.get_device_name(0) if cuda else "cpu",
          "bf16": bool(cuda and torch.cuda.is_bf16_supported())})

    from ehr_tui.finetune import experiment as ex
    from ehr_tui.finetune.report import table
    from ehr_tui.xtf.masks import read_token_file
    from ehr_tui.xtf.metrics import read_metrics

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.out) if args.out else Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        train, test, source = write_data(root, args.train_examples, args.test_examples)
        t0 = time.perf_counter()
        model = Path(args.model) if args.model else build_model(root / "model", train, args.small)
        emit({"check": "model", "path": str(model), "built_s": None if args.model else round(time.perf_counter() - t0, 2),
              "data": source, "train_examples": args.train_examples, "test_examples": args.test_examples})
        conditions = [c.strip() for c in args.conditions.split(",") if c.strip()]
        seeds = [int(s) for s in args.seeds.split(",")]
        exp = ex.open_experiment(write_config(root, model, conditions, seeds, args, cuda), restart=True)
        log = (lambda *a: None)
        for s in ex.steps(exp):
            t0 = time.perf_counter()
            ex.run_step(exp, s.id, log)
            wall = time.perf_counter() - t0
            if s.kind == "score":
                f = read_token_file(s.output)
                tokens = sum(len(e.token_ids) for e in f.examples)
                emit({"check": "score", "step": s.name, "seconds": round(wall, 2), "tokens": tokens,
                      "tokens_per_s": round(tokens / wall), "masked_fraction": f.summary.get("masked_fraction")})
                continue
            records, _ = read_metrics(s.output / "metrics.jsonl")
            steps_ = [r for r in records if r.get("event") == "step"]
            res = json.loads((ex.cell_dir(exp, s.cell) / "eval" / "results.json").read_text(encoding="utf-8"))
            emit({"check": "cell", "condition": s.cell.condition, "seed": s.cell.seed, "wall_s": round(wall, 2),
                  "train_tokens_per_s": round(sum(r["tokens_per_s"] for r in steps_) / len(steps_)) if steps_ else None,
                  "final_loss": steps_[-1]["loss"] if steps_ else None,
                  "eval_s": res.get("elapsed_s"), res["primary_metric"]: res["metrics"][res["primary_metric"]]})
        emit({"check": "results", "rows": table(exp), "results_md": str(exp.output / "results.md")})
    return 0


if __name__ == "__main__":
    sys.exit(main())
