"""`xtf eval`: a model (base or fine-tuned) on a benchmark's test split, with its own metric.

GSM8K and PubMedQA-L: batched generation (greedy, or ``samples`` sampled completions for pass@k)
from the same prompts training used, scored by ``answers``. HumanEval: the completions run in the
confined Python worker (``humaneval``). An ehr-tui tasks file: the agent runner (``ehr_tasks``).

OUT holds ``results.json`` (``EVAL_FORMAT_VERSION``: dataset, model and what it was trained from,
data, split, generation settings, metrics, the primary metric) and ``predictions.jsonl`` (per
example: the completions, the extracted answers, the gold answer, correct or not; for EHR tasks
the run folder OUT/run holds the trajectories). Predictions are appended batch by batch, so an
interrupted evaluation resumes where it stopped when run again with the same settings.

An evaluation refuses a model trained on the very examples it would be tested on: the same file
with no split between them (HumanEval, chat data, or --split all), found through the model's
train_info.json (and those of the models it was fine-tuned from).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from ..errors import UserError
from ..fileio import atomic_write
from ..tasks.answers import pass_at_k

EVAL_FORMAT_VERSION = 1
RESULTS_FILE = "results.json"
PREDICTIONS_FILE = "predictions.jsonl"
KEY_FILE = ".eval_key.json"
DATASETS = ("gsm8k", "pubmedqa", "humaneval", "ehr")
PRIMARY = {"gsm8k": "accuracy", "pubmedqa": "accuracy", "humaneval": "pass@1", "ehr": "accuracy"}
# New tokens per completion by default: room for a worked answer, a short rationale, a function.
MAX_NEW_TOKENS = {"gsm8k": 512, "pubmedqa": 256, "humaneval": 512, "ehr": 1024}

Progress = Callable[[int, int], None]


@dataclass
class EvalConfig:
    model: str  # a local model folder; with base_url, the served model name
    data: str
    output: str
    split: str = "test"
    source: str = "auto"
    limit: int | None = None
    samples: int = 1
    temperature: float | None = None  # default: 0 (greedy) for one sample, 0.8 for several
    top_p: float = 0.95
    max_new_tokens: int | None = None  # default: per dataset (MAX_NEW_TOKENS)
    batch_size: int = 8
    seed: int = 0
    device: str = "auto"
    dtype: str = "auto"
    timeout_s: float = 10.0  # HumanEval: per program
    base_url: str | None = None  # EHR tasks: an OpenAI-compatible endpoint serving ``model``
    checkpoint: str | None = None  # EHR tasks with base_url: the local folder the endpoint serves
    db: str | None = None  # EHR tasks: the database (default: the default database)
    max_steps: int = 12  # EHR tasks: agent steps per trajectory

    def generation(self):
        from ..xtf.generate import GenerationConfig

        temperature = self.temperature if self.temperature is not None else (0.0 if self.samples == 1 else 0.8)
        return GenerationConfig(max_new_tokens=self.max_new_tokens or 512, temperature=temperature,
                                top_p=self.top_p if temperature > 0 else 1.0, n=self.samples, seed=self.seed,
                                batch_size=self.batch_size)

    def max_new_tokens_for(self, dataset: str) -> int:
        return self.max_new_tokens or MAX_NEW_TOKENS[dataset]

    def validate(self) -> None:
        from ..xtf.data import SPLITS
        from ..xtf.models import check_model_dir

        if self.split not in SPLITS:
            raise UserError(f"--split must be one of {', '.join(SPLITS)}")
        if self.limit is not None and self.limit < 1:
            raise UserError("--limit must be at least 1")
        if self.samples < 1 or self.batch_size < 1:
            raise UserError("--samples and --batch-size must be at least 1")
        if self.timeout_s <= 0:
            raise UserError("--timeout must be positive")
        self.generation()  # checks temperature, top-p, new tokens
        p = Path(self.data).expanduser()
        if not p.exists():
            raise UserError(f"no data at {p}; give a GSM8K or HumanEval JSONL, PubMedQA-L ori_pqal.json, or an "
                            "ehr-tui tasks file")
        if self.base_url is None:
            check_model_dir(self.model)
        elif self.checkpoint:
            check_model_dir(self.checkpoint, "--checkpoint")
        out = Path(self.output).expanduser()
        if out.is_file():
            raise UserError(f"-o {out} is a file; give a folder for results.json and predictions.jsonl")

    def key(self) -> dict:
        """What must match for an unfinished evaluation to be resumed."""
        d = asdict(self)
        d.pop("output")
        d["model"] = str(Path(self.model).expanduser().resolve()) if self.base_url is None else self.model
        d["data"] = str(Path(self.data).expanduser().resolve())
        return d


def detect_dataset(path: Path, source: str = "auto") -> str:
    from ..xtf.data import detect_source
    from .ehr_tasks import is_tasks_file

    if source == "ehr" or (source == "auto" and is_tasks_file(path)):
        return "ehr"
    kind = source if source != "auto" else detect_source(path)
    if kind not in DATASETS:
        raise UserError(f"{path} is {kind} data, which has no gold answers to score; `xtf eval` reads GSM8K, "
                        "PubMedQA-L, HumanEval or an ehr-tui tasks file")
    return kind


# ---------------------------------------------------------------------------------------------
# Training data of a model: the leak check


def training_sources(model: str | Path, depth: int = 8) -> list[tuple[str, str]]:
    """(data file, split) of every training in the model's history (its own, then its base models')."""
    out: list[tuple[str, str]] = []
    p = Path(model).expanduser()
    for _ in range(depth):
        info = p / "train_info.json"
        args = p.parent / "train_args.json"  # a checkpoint-STEP folder
        if info.is_file():
            d = json.loads(info.read_text(encoding="utf-8"))
            split = (d.get("config") or {}).get("split", "all")
            out += [(f, split) for f in d.get("data_files") or []]
            base = d.get("base_model")
        elif args.is_file():
            d = json.loads(args.read_text(encoding="utf-8"))
            out += [(f, d.get("split", "all")) for f in d.get("data") or []]
            base = d.get("model")
        else:
            break
        if not base or Path(base).resolve() == p.resolve():
            break
        p = Path(base)
    return out


def _data_files(file: str) -> list[str]:
    """A training data file, and for an agent run folder also the tasks file its trajectories answer."""
    from ..agent.trajectory import RUN_FILE

    run = Path(file) / RUN_FILE
    if run.is_file():
        try:
            return [file, json.loads(run.read_text(encoding="utf-8"))["tasks_file"]]
        except (json.JSONDecodeError, KeyError, OSError):
            pass
    return [file]


def check_no_overlap(model: str | Path, data: Path, split: str) -> None:
    """Refuse to evaluate a model on examples it was trained on."""
    from ..xtf.data import detect_source

    target = data.expanduser().resolve()
    for file, trained_split in training_sources(model):
        if target not in {Path(f).resolve() for f in _data_files(file)}:
            continue
        kind = "ehr" if detect_dataset(target) == "ehr" else detect_source(target)
        # Only PubMedQA-L and tasks files hold both splits in one file; any other file is one split.
        if kind in ("pubmedqa", "ehr") and "all" not in (trained_split, split) and trained_split != split:
            continue  # trained on the train split, tested on the test split of the same file
        extra = " (HumanEval has no training split)" if kind == "humaneval" else ""
        raise UserError(f"{model} was trained on {target} (split {trained_split}){extra}; evaluating it on the "
                        f"same examples would measure memorisation: evaluate on held-out data")


# ---------------------------------------------------------------------------------------------
# Generation benchmarks


def _resume(out: Path, key: dict, restart: bool) -> dict[str, dict]:
    """Predictions of an unfinished run of this evaluation (by example id)."""
    pred, key_file = out / PREDICTIONS_FILE, out / KEY_FILE
    if restart:
        pred.unlink(missing_ok=True)
        (out / RESULTS_FILE).unlink(missing_ok=True)
    done: dict[str, dict] = {}
    if pred.is_file() and pred.stat().st_size:
        saved = json.loads(key_file.read_text()) if key_file.is_file() else None
        if saved != key:
            raise UserError(f"{out} holds an evaluation with other settings; pass --restart to discard it, "
                            "or use another -o folder")
        for line in pred.read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut by a crash: that example is done again
            done[rec["id"]] = rec
    atomic_write(key_file, json.dumps(key))
    return done


def _score(dataset: str, examples, completions: list[list[str]], timeout_s: float) -> list[dict]:
    """Per-example records: extracted answers and correctness of each completion."""
    from . import answers, humaneval

    recs = []
    if dataset == "humaneval":
        progs = [humaneval.program(ex.meta["stub"], c, ex.meta["test"], ex.meta["entry_point"])
                 for ex, cs in zip(examples, completions) for c in cs]
        outcomes = iter(humaneval.run_programs(progs, timeout_s))
        for ex, cs in zip(examples, completions):
            res = [next(outcomes) for _ in cs]
            recs.append({"id": ex.id, "gold": ex.meta["entry_point"], "completions": cs,
                         "correct": [r.passed for r in res], "errors": [r.error for r in res]})
        return recs
    for ex, cs in zip(examples, completions):
        if dataset == "gsm8k":
            gold = answers.gsm8k_gold(ex.meta.get("answer") or ex.response[-1]["content"])
            got = [answers.gsm8k_answer(c) for c in cs]
            recs.append({"id": ex.id, "gold": str(gold) if gold is not None else None, "completions": cs,
                         "extracted": [str(g) if g is not None else None for g in got],
                         "correct": [g is not None and gold is not None and g == gold for g in got]})
        else:
            gold = ex.meta["answer"]
            got = [answers.pubmedqa_answer(c) for c in cs]
            recs.append({"id": ex.id, "gold": gold, "completions": cs, "extracted": got,
                         "correct": [g == gold for g in got]})
    return recs


def metrics_of(dataset: str, recs: list[dict], samples: int) -> dict:
    from .answers import macro_f1

    n_correct = [sum(r["correct"]) for r in recs]
    n = [len(r["correct"]) for r in recs]
    m: dict = {"examples": len(recs), "completions": sum(n)}
    m["accuracy"] = sum(n_correct) / sum(n) if sum(n) else 0.0
    for k in sorted({1, samples}):
        ok = [pass_at_k(a, c, k) for a, c in zip(n, n_correct) if a >= k]
        m[f"pass@{k}"] = sum(ok) / len(ok) if ok else 0.0
    if dataset == "pubmedqa":
        gold = [r["gold"] for r in recs for _ in r["extracted"]]
        pred = [p for r in recs for p in r["extracted"]]
        m["macro_f1"] = macro_f1(gold, pred)
        m["unanswered"] = sum(p is None for p in pred)
    if dataset == "gsm8k":
        m["unanswered"] = sum(p is None for r in recs for p in r["extracted"])
    return m


def evaluate(cfg: EvalConfig, *, restart: bool = False, progress: Progress | None = None,
             stage: Callable[[str], None] | None = None) -> dict:
    """Evaluate as configured; write OUT/results.json (and predictions); return the results."""
    from ..xtf.data import load_examples

    cfg.validate()
    stage = stage or (lambda s: None)
    data = Path(cfg.data).expanduser()
    dataset = detect_dataset(data, cfg.source)
    if cfg.base_url is not None and dataset != "ehr":
        raise UserError(f"--base-url evaluates ehr-tui tasks through the agent; {dataset} needs a local "
                        "model folder as --model")
    if cfg.base_url is None or cfg.checkpoint:
        check_no_overlap(cfg.checkpoint or cfg.model, data, cfg.split)
    out = Path(cfg.output).expanduser()
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    result: dict = {"format_version": EVAL_FORMAT_VERSION, "dataset": dataset, "model": cfg.key()["model"],
                    "trained_from": training_sources(cfg.checkpoint or cfg.model) if not cfg.base_url or
                    cfg.checkpoint else [], "data": str(data.resolve()), "split": cfg.split, "limit": cfg.limit,
                    "samples": cfg.samples, "primary_metric": PRIMARY[dataset]}
    if dataset == "ehr":
        stage("running the agent")
        from .ehr_tasks import evaluate_tasks

        ehr = evaluate_tasks(cfg, out, progress)
        result.update(metrics=ehr["metrics"], n=ehr["n"], run=ehr["run"], by_intent=ehr["by_intent"],
                      complete=ehr["complete"], generation={"temperature": cfg.generation().temperature,
                                                             "max_new_tokens": cfg.max_new_tokens_for("ehr")})
    else:
        examples = load_examples(data, cfg.source, cfg.limit, cfg.split)
        key = cfg.key()
        done = _resume(out, key, restart)
        todo = [ex for ex in examples if ex.id not in done]
        gen = cfg.generation()
        gen.max_new_tokens = cfg.max_new_tokens_for(dataset)
        if progress:
            progress(len(examples) - len(todo), len(examples))
        if todo:
            from ..xtf.generate import Generator

            stage(f"loading {cfg.model}")
            generator = Generator(cfg.model, cfg.device, cfg.dtype)
            stage("generating")
            step = max(cfg.batch_size * 4, 1)  # a flush of predictions every few batches
            for s in range(0, len(todo), step):
                chunk = todo[s : s + step]
                outs = generator.generate([ex.prompt for ex in chunk], gen, keys=[_seed_key(ex.id) for ex in chunk])
                recs = _score(dataset, chunk, [[c.text for c in o] for o in outs], cfg.timeout_s)
                with (out / PREDICTIONS_FILE).open("a", encoding="utf-8") as f:
                    for r, o in zip(recs, outs):
                        r["finished"] = [c.finished for c in o]
                        f.write(json.dumps(r, ensure_ascii=False) + "\n")
                        done[r["id"]] = r
                if progress:
                    progress(len(examples) - len(todo) + s + len(chunk), len(examples))
        recs = [done[ex.id] for ex in examples]
        result.update(metrics=metrics_of(dataset, recs, cfg.samples), n=len(recs), complete=True,
                      generation=gen.to_dict())
    result["elapsed_s"] = round(time.perf_counter() - started, 3)
    result["created"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    atomic_write(out / RESULTS_FILE, json.dumps(result, indent=2) + "\n")
    return result


def _seed_key(example_id: str) -> int:
    """A stable number per example (Python's hash() changes between processes)."""
    import hashlib

    return int.from_bytes(hashlib.sha256(example_id.encode()).digest()[:7], "big")


def read_results(path: str | Path) -> dict:
    """results.json of an evaluation (a folder or the file), checking its format version."""
    p = Path(path).expanduser()
    if p.is_dir():
        p = p / RESULTS_FILE
    if not p.is_file():
        raise UserError(f"no evaluation results at {p}; run `xtf eval` first")
    d = json.loads(p.read_text(encoding="utf-8"))
    if d.get("format_version") != EVAL_FORMAT_VERSION:
        raise UserError(f"{p} is an evaluation of format version {d.get('format_version')!r}; this ehr-tui "
                        f"reads version {EVAL_FORMAT_VERSION} only")
    return d
