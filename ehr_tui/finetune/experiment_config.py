"""The experiment file (TOML) of `xtf experiment`: read, checked, paths resolved, one cell per run.

    name = "gsm8k-paper"                      # default: the file's name
    output = "runs/gsm8k-paper"               # default: HOME/experiments/NAME
    models = ["/models/Qwen2.5-1.5B"]
    conditions = ["sft", "xtf", "ri", "kn", "tr", "random"]   # the default: all six
    seeds = [0, 1, 2]

    [[datasets]]
    name = "gsm8k"
    train = "../shared/datasets/gsm8k/train.jsonl"   # SFT data (its train split is used)
    test = "../shared/datasets/gsm8k/test.jsonl"     # the benchmark (its test split; default: train's file
    train_limit = 2000                               #   for PubMedQA-L, sibling test.jsonl for GSM8K)
    test_limit = 500
    # db = "mimic.duckdb"                            # EHR tasks as the test: the tasks' database

    [score]   # xtf score settings (max_length, batch_tokens, ri_layers, domain, kn_min, ri_iqr_k, ...)
    [train]   # xtf train settings (epochs, max_steps, lr, batch_size, grad_accum, bf16, lora, ...)
    [eval]    # xtf eval settings (samples, temperature, max_new_tokens, batch_size, max_steps, ...)

Relative paths are taken from the experiment file's folder. Conditions: ``sft`` plain SFT (every
response token), ``xtf`` the paper's rule (a token lacking any attribute is masked), ``ri`` /
``kn`` / ``tr`` one attribute's flag alone, ``random`` as many tokens as ``xtf`` masks, chosen at
random (seeded), the control; ``base`` the untrained model (evaluation only).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .. import paths
from ..errors import UserError

CONDITIONS = ("sft", "xtf", "ri", "kn", "tr", "random", "base")
DEFAULT_CONDITIONS = ("sft", "xtf", "ri", "kn", "tr", "random")
RULES = {"xtf": "paper", "ri": "lacks_ri", "kn": "lacks_kn", "tr": "lacks_tr"}  # the mask rule of a condition
LABELS = {"sft": "plain SFT", "xtf": "XTF (RI+KN+TR)", "ri": "RI only", "kn": "KN only", "tr": "TR only",
          "random": "random (XTF's fraction)", "base": "base model"}
THRESHOLD_KEYS = ("ri_iqr_k", "kn_min", "tr_classes", "tr_noise_class")
# Settings an experiment decides itself for every cell.
_TRAIN_FIXED = {"model", "data", "output", "masks", "seed", "split", "limit"}
_EVAL_FIXED = {"model", "data", "output", "split", "limit", "seed", "db"}


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.") or "x"


@dataclass
class Dataset:
    name: str
    train: str
    test: str
    train_limit: int | None = None
    test_limit: int | None = None
    db: str | None = None
    source: str = "auto"


@dataclass
class Cell:
    """One run of the grid: a model fine-tuned on a dataset under a condition with a seed, then evaluated."""

    model: str
    dataset: str
    condition: str
    seed: int

    @property
    def id(self) -> str:
        return f"{slug(Path(self.model).name)}__{slug(self.dataset)}__{self.condition}__s{self.seed}"

    @property
    def group(self) -> tuple[str, str]:
        return self.model, self.dataset


@dataclass
class Experiment:
    name: str
    output: Path
    models: list[str]
    datasets: list[Dataset]
    conditions: list[str]
    seeds: list[int]
    score: dict = field(default_factory=dict)
    train: dict = field(default_factory=dict)
    eval: dict = field(default_factory=dict)

    def cells(self) -> list[Cell]:
        return [Cell(m, d.name, c, s) for m in self.models for d in self.datasets for c in self.conditions
                for s in self.seeds]

    def dataset(self, name: str) -> Dataset:
        return next(d for d in self.datasets if d.name == name)

    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["output"] = str(self.output)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Experiment":
        d = dict(d)
        d["output"] = Path(d["output"])
        d["datasets"] = [Dataset(**x) for x in d["datasets"]]
        return cls(**d)

    @property
    def fingerprint(self) -> str:
        """What decides the results (not the output folder): a folder holds one experiment only."""
        d = self.to_dict()
        d.pop("output")
        return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]


def _path(base: Path, value, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise UserError(f"{what} must be a path (a string)")
    p = Path(value).expanduser()
    return str((p if p.is_absolute() else base / p).resolve())


def _known(section: dict, cls, fixed: set[str], where: str) -> dict:
    names = {f.name for f in dataclasses.fields(cls)}
    for k in section:
        if k in fixed:
            raise UserError(f"[{where}] {k} is set by the experiment for every run; remove it")
        if k not in names:
            raise UserError(f"[{where}] has no setting {k!r}; known: {', '.join(sorted(names - fixed))}")
    # a value of the setting's type ("lr = 'fast'" once met a raw comparison error): the default's type, or
    # the annotation's where the default is None ("max_steps: int | None = None")
    kinds = {"int": 0, "float": 0.0, "bool": False, "str": ""}
    defaults = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING and f.default is not None:
            defaults[f.name] = f.default
        else:
            named = [t.strip() for t in str(f.type).split("|") if t.strip() != "None"]
            if len(named) == 1 and named[0] in kinds:
                defaults[f.name] = kinds[named[0]]
    for k, v in section.items():
        want = defaults.get(k)
        if isinstance(want, bool):
            ok, kind = isinstance(v, bool), "true or false"
        elif isinstance(want, (int, float)):
            ok = isinstance(v, (int, float)) and not isinstance(v, bool) and (isinstance(v, int) or
                                                                            isinstance(want, float))
            kind = "a whole number" if isinstance(want, int) else "a number"
        elif isinstance(want, str):
            ok, kind = isinstance(v, str), "a string"
        else:
            continue
        if not ok:
            raise UserError(f"[{where}] {k} must be {kind} (got {v!r})")
    return dict(section)


def _default_test(train: str) -> str | None:
    p = Path(train)
    if p.name == "ori_pqal.json":
        return train  # PubMedQA-L: the same file, its published test split
    if p.name.split(".")[0] == "train" and (p.parent / "test.jsonl").is_file():
        return str(p.parent / "test.jsonl")
    return None


def _no_humaneval(p: Path, i: int, train: str, source: str) -> None:
    from ..xtf.data import detect_source

    if (detect_source(Path(train)) if source == "auto" else source) == "humaneval":
        raise UserError(f"{p}: datasets[{i}] trains on HumanEval, which has no training split; train on other "
                        "data and give HumanEval as test")


def _check_split(p: Path, i: int, ds: Dataset) -> None:
    """Training must not see the test examples: a file holding one split is not both train and test."""
    from ..xtf.data import detect_source

    kind = detect_source(Path(ds.train)) if ds.source == "auto" else ds.source
    if Path(ds.train).resolve() == Path(ds.test).resolve() and kind not in ("pubmedqa", "trajectory"):
        raise UserError(f"{p}: datasets[{i}] ({ds.name}) trains and tests on the same file {ds.train}; give the "
                        "benchmark's test file as test")


def load_experiment(path: str | Path) -> Experiment:
    """Read and check an experiment file; every mistake is one UserError naming the key."""
    from ..xtf.masks import Thresholds
    from ..xtf.models import check_model_dir
    from ..xtf.scoring import ScoringConfig
    from ..xtf.train_config import TrainConfig
    from .evaluate import EvalConfig

    p = Path(path).expanduser()
    if not p.is_file():
        raise UserError(f"no experiment file at {p}; write one (see `xtf experiment --help`)")
    try:
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"{p} is not valid TOML ({e})") from None
    base = p.parent.resolve()
    allowed = {"name", "output", "models", "datasets", "conditions", "seeds", "score", "train", "eval"}
    unknown = set(raw) - allowed
    if unknown:
        raise UserError(f"{p}: unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(allowed))}")
    name = str(raw.get("name") or p.stem)
    output = Path(_path(base, raw["output"], "output")) if "output" in raw else paths.home() / "experiments" / slug(name)
    models = raw.get("models")
    if not isinstance(models, list) or not models:
        raise UserError(f"{p}: give models = [\"/path/to/model\", ...] (folders saved with save_pretrained)")
    models = [_path(base, m, "each of models") for m in models]
    for m in models:
        check_model_dir(m, "models")
    if len({Path(m).name for m in models}) != len(models):
        raise UserError(f"{p}: two models share a folder name; the runs are named after it")
    conditions = raw.get("conditions", list(DEFAULT_CONDITIONS))
    bad = [c for c in conditions if c not in CONDITIONS]
    if bad or not conditions or len(set(conditions)) != len(conditions):
        raise UserError(f"{p}: conditions must be distinct names from {', '.join(CONDITIONS)} (got {conditions})")
    seeds = raw.get("seeds", [0])
    if not isinstance(seeds, list) or not seeds or not all(isinstance(s, int) for s in seeds) \
            or len(set(seeds)) != len(seeds):
        raise UserError(f"{p}: seeds must be a list of distinct whole numbers, e.g. seeds = [0, 1, 2]")
    datasets = []
    for i, d in enumerate(raw.get("datasets") or []):
        if not isinstance(d, dict) or "train" not in d:
            raise UserError(f"{p}: datasets[{i}] needs train = FILE (and usually test = FILE)")
        extra = set(d) - {f.name for f in dataclasses.fields(Dataset)}
        if extra:
            raise UserError(f"{p}: datasets[{i}] has unknown key(s) {', '.join(sorted(extra))}")
        train = _path(base, d["train"], f"datasets[{i}].train")
        if not Path(train).exists():
            raise UserError(f"{p}: datasets[{i}]: no data at {train}")
        _no_humaneval(p, i, train, str(d.get("source", "auto")))
        test = _path(base, d["test"], f"datasets[{i}].test") if "test" in d else _default_test(train)
        if test is None:
            raise UserError(f"{p}: datasets[{i}] needs test = FILE (the benchmark the fine-tunes are evaluated on)")
        for key in ("train_limit", "test_limit"):
            v = d.get(key)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 1):
                raise UserError(f"{p}: datasets[{i}].{key} must be a whole number of at least 1 (got {v!r})")
        ds = Dataset(str(d.get("name") or Path(train).parent.name), train, test, d.get("train_limit"),
                     d.get("test_limit"), _path(base, d["db"], f"datasets[{i}].db") if d.get("db") else None,
                     str(d.get("source", "auto")))
        for f in (ds.train, ds.test):
            if not Path(f).exists():
                raise UserError(f"{p}: datasets[{i}] ({ds.name}): no data at {f}")
        _check_split(p, i, ds)
        datasets.append(ds)
    if not datasets:
        raise UserError(f"{p}: give at least one [[datasets]] table with train = FILE and test = FILE")
    if len({d.name for d in datasets}) != len(datasets):
        raise UserError(f"{p}: two datasets share the name {datasets[0].name!r}; give each a name = ...")
    score = dict(raw.get("score") or {})
    thresholds = {k: score[k] for k in THRESHOLD_KEYS if k in score}
    scoring = {k: v for k, v in score.items() if k not in THRESHOLD_KEYS and k != "nproc_per_node"}
    try:
        ScoringConfig(**_known(scoring, ScoringConfig, set(), "score"))
        Thresholds(**thresholds)
        TrainConfig(model=models[0], data=[datasets[0].train], output="x",
                    **_known({k: v for k, v in (raw.get("train") or {}).items() if k != "nproc_per_node"},
                             TrainConfig, _TRAIN_FIXED, "train")).validate()
        EvalConfig(model=models[0], data=datasets[0].test, output=str(output),
                   **_known(raw.get("eval") or {}, EvalConfig, _EVAL_FIXED, "eval")).generation()
    except TypeError as e:
        raise UserError(f"{p}: {e}") from None
    return Experiment(name, output, models, datasets, list(conditions), seeds, score,
                      dict(raw.get("train") or {}), dict(raw.get("eval") or {}))
