"""`xtf experiment`: the XTF paper's table as one command.

For each model x dataset the training data are scored once (``xtf score``: the scores serve every
condition and seed); then each cell (model x dataset x condition x seed) derives its masks from
the scores (none for plain SFT; a random draw at XTF's masked fraction for the control), trains
(``xtf.train``) and evaluates the result on the benchmark's test split (``finetune.evaluate``).

Steps run as background jobs of the existing queue (``xtf.jobs``): the scoring jobs first, every
cell after its scores, one job at a time on the machine; ``foreground`` runs the same steps here
(for a batch script or a test). Everything resumes: a finished step is skipped (its output is on
disk), a cell interrupted mid-training continues from its last checkpoint, an evaluation from its
last saved predictions; running the command again submits only what is neither done nor under way.

The folder (OUT) holds ``experiment.json`` (format version, the checked configuration, the job of
each step), ``scores/MODEL__DATASET.parquet``, ``cells/CELL/{masks.parquet, train/, eval/}`` and
the results (``report.py``): results.md / results.json / results.txt (the plot the app shows) /
results.svg.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from ..fileio import atomic_write
from .experiment_config import RULES, THRESHOLD_KEYS, Cell, Experiment, load_experiment, slug

FORMAT_VERSION = 1
STATE_FILE = "experiment.json"


@dataclass
class Step:
    id: str  # "score:MODEL__DATASET" or "cell:CELL_ID"
    kind: str  # score | cell
    name: str
    output: Path  # what the step writes; a cell's train folder (its metrics are followed there)
    after: list[str]  # step ids
    cell: Cell | None = None


def scores_path(exp: Experiment, model: str, dataset: str) -> Path:
    return exp.output / "scores" / f"{slug(Path(model).name)}__{slug(dataset)}.parquet"


def cell_dir(exp: Experiment, cell: Cell) -> Path:
    return exp.output / "cells" / cell.id


def steps(exp: Experiment) -> list[Step]:
    out = []
    needs_scores = any(c not in ("sft", "base") for c in exp.conditions)
    for m in exp.models:
        for d in exp.datasets:
            if needs_scores:
                out.append(Step(f"score:{slug(Path(m).name)}__{slug(d.name)}", "score",
                                f"{exp.name}: score {Path(m).name} on {d.name}", scores_path(exp, m, d.name), []))
    score_of = {(s.output): s.id for s in out}
    for c in exp.cells():
        dep = score_of.get(scores_path(exp, c.model, c.dataset)) if c.condition not in ("sft", "base") else None
        out.append(Step(f"cell:{c.id}", "cell", f"{exp.name}: {c.condition} seed {c.seed} ({Path(c.model).name}, "
                        f"{c.dataset})", cell_dir(exp, c) / "train", [dep] if dep else [], c))
    return out


# ---------------------------------------------------------------------------------------------
# The folder


def open_experiment(source: str | Path, restart: bool = False) -> Experiment:
    """An experiment from its TOML file (the folder is created or checked) or from its folder."""
    p = Path(source).expanduser()
    if p.is_dir():
        state = read_state(p)
        # the folder given is the experiment, wherever it was made (a copy off a cluster, a renamed folder)
        return dataclasses.replace(Experiment.from_dict(state["experiment"]), output=p.resolve())
    exp = load_experiment(p)
    state_file = exp.output / STATE_FILE
    if state_file.is_file():
        state = read_state(exp.output)
        if state["fingerprint"] != exp.fingerprint and not restart:
            raise UserError(f"{exp.output} holds an experiment with other settings; give it another output, "
                            "or pass --restart to discard its results")
        if state["fingerprint"] != exp.fingerprint or restart:
            _discard(exp.output)
    exp.output.mkdir(parents=True, exist_ok=True)
    if not state_file.is_file():
        write_state(exp, {})
    (exp.output / "experiment.toml").write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    return exp


def _discard(folder: Path) -> None:
    import shutil

    for name in ("scores", "cells"):
        shutil.rmtree(folder / name, ignore_errors=True)
    for f in folder.glob("results.*"):
        f.unlink()
    (folder / STATE_FILE).unlink(missing_ok=True)


def read_state(folder: Path) -> dict:
    f = Path(folder) / STATE_FILE
    if not f.is_file():
        raise UserError(f"{folder} is not an experiment folder (no {STATE_FILE}); run `xtf experiment CONFIG.toml`")
    d = json.loads(f.read_text(encoding="utf-8"))
    if d.get("format_version") != FORMAT_VERSION:
        raise UserError(f"{f} is of format version {d.get('format_version')!r}; this ehr-tui reads "
                        f"version {FORMAT_VERSION} only")
    return d


def write_state(exp: Experiment, jobs: dict[str, str]) -> None:
    atomic_write(exp.output / STATE_FILE, json.dumps({"format_version": FORMAT_VERSION, "name": exp.name,
                                                      "fingerprint": exp.fingerprint, "experiment": exp.to_dict(),
                                                      "jobs": jobs}, indent=2) + "\n")


def list_experiments(root: Path | None = None) -> list[Path]:
    """Experiment folders under HOME/experiments and those recorded by jobs, newest first."""
    from .. import paths
    from ..xtf.jobs import list_jobs

    found = set()
    base = root or paths.home() / "experiments"
    if base.is_dir():
        found |= {p for p in base.iterdir() if (p / STATE_FILE).is_file()}
    for j in list_jobs():
        exp = j.config.get("experiment")
        if j.kind == "experiment" and exp and (Path(exp) / STATE_FILE).is_file():
            found.add(Path(exp))
    return sorted(found, key=lambda p: (p / STATE_FILE).stat().st_mtime, reverse=True)


# ---------------------------------------------------------------------------------------------
# Status


def step_done(exp: Experiment, step: Step) -> bool:
    if step.kind == "score":
        return step.output.is_file()
    from .evaluate import RESULTS_FILE

    res = cell_dir(exp, step.cell) / "eval" / RESULTS_FILE
    return res.is_file() and json.loads(res.read_text(encoding="utf-8")).get("complete", False)


def status(exp: Experiment) -> list[dict]:
    """One row per step: its state (done, or its job's state, or 'not started') and progress text."""
    from ..xtf.jobs import load_job
    from ..xtf.metrics import read_metrics

    jobs = read_state(exp.output).get("jobs", {}) if (exp.output / STATE_FILE).is_file() else {}  # not started yet
    rows = []
    for s in steps(exp):
        job = None
        if s.id in jobs:
            try:
                job = load_job(jobs[s.id])
            except UserError:
                job = None
        done = step_done(exp, s)
        state = "done" if done else (job.state if job else "not started")
        detail = ""
        if s.kind == "cell" and not done:
            records, _ = read_metrics(s.output / "metrics.jsonl")
            last = next((r for r in reversed(records) if r.get("event") == "step"), None)
            if (cell_dir(exp, s.cell) / "eval" / "predictions.jsonl").is_file() or (s.output / "final").is_dir():
                detail = "evaluating"
            elif last:
                detail = f"training {last['step']}/{last['total_steps']}"
        if job is not None and job.state == "failed" and not done:
            detail = job.error or "failed"
        rows.append({"step": s.id, "kind": s.kind, "name": s.name, "state": state, "detail": detail,
                     "job": job.id if job else None, "cell": s.cell})
    return rows


# ---------------------------------------------------------------------------------------------
# Running


def submit(exp: Experiment, python: str | None = None) -> list[str]:
    """Submit a background job for every step neither done nor under way; returns the new job ids."""
    from ..xtf.jobs import load_job, submit_command

    state = read_state(exp.output)
    jobs: dict[str, str] = dict(state.get("jobs", {}))
    new = []
    for s in steps(exp):
        if step_done(exp, s):
            continue
        current = None
        if s.id in jobs:
            try:
                current = load_job(jobs[s.id])
            except UserError:
                current = None
        if current is not None and current.active:
            continue
        after = [jobs[a] for a in s.after if a in jobs]
        command = [python or sys.executable, "-m", "xtf_cli.main", "experiment", str(exp.output), "--step", s.id]
        job = submit_command(command, name=s.name, output=s.output, kind="experiment", after=after,
                             extra={"experiment": str(exp.output), "step": s.id}, python=python)
        jobs[s.id] = job.id
        new.append(job.id)
        write_state(exp, jobs)  # at once: a crash between two submissions loses no job id
    return new


def cancel(exp: Experiment) -> int:
    """Cancel the experiment's queued and running jobs; returns how many."""
    from ..xtf import jobs as jobs_mod

    active = []
    for job_id in read_state(exp.output).get("jobs", {}).values():
        try:
            job = jobs_mod.load_job(job_id)
        except UserError:
            continue
        if job.active:
            active.append(job)
    # every job is marked first: a queued step whose turn comes while a running one is being stopped must
    # not start (it once trained 5 steps after the cancel)
    for job in active:
        (job.dir / jobs_mod.CANCEL_FILE).touch()
    for job in active:
        jobs_mod.cancel(job)
    return len(active)


def run_foreground(exp: Experiment, log=print) -> None:
    """Every step not done yet, here and in order (scores first)."""
    for s in steps(exp):
        if not step_done(exp, s):
            log(f"{s.name} ...")
            run_step(exp, s.id, log)


def run_step(exp: Experiment, step_id: str, log=print) -> None:
    s = next((x for x in steps(exp) if x.id == step_id), None)
    if s is None:
        raise UserError(f"the experiment in {exp.output} has no step {step_id!r}")
    if s.kind == "score":
        _score(exp, s)
    else:
        _cell(exp, s.cell, log)
    from .report import write_report

    write_report(exp)  # the table fills as cells finish


def _score(exp: Experiment, s: Step) -> None:
    from ..xtf.data import load_examples
    from ..xtf.masks import Thresholds
    from ..xtf.score_job import score_to_file
    from ..xtf.scoring import ScoringConfig

    model, dataset = next((m, d) for m in exp.models for d in exp.datasets
                          if scores_path(exp, m, d.name) == s.output)
    settings = {k: v for k, v in exp.score.items() if k not in THRESHOLD_KEYS and k != "nproc_per_node"}
    thresholds = Thresholds(**{k: exp.score[k] for k in THRESHOLD_KEYS if k in exp.score})
    examples = load_examples(dataset.train, dataset.source, dataset.train_limit, "train")
    s.output.parent.mkdir(parents=True, exist_ok=True)
    score_to_file(model, examples, s.output, ScoringConfig(**settings), thresholds, data_files=[dataset.train],
                  selection={"split": "train", "limit": dataset.train_limit})


def _masks(exp: Experiment, cell: Cell) -> Path | None:
    """The cell's masks file (derived from the scores), or None for plain SFT."""
    from ..xtf.masks import Thresholds, apply_random, apply_rule, read_token_file, write_token_file

    if cell.condition in ("sft", "base"):
        return None
    out = cell_dir(exp, cell) / "masks.parquet"
    if out.is_file():
        return out
    f = read_token_file(scores_path(exp, cell.model, cell.dataset))
    stored = {k: v for k, v in (f.settings.get("thresholds") or {}).items() if k in Thresholds.__dataclass_fields__}
    th = Thresholds(**{**stored, "tr_band": tuple(stored["tr_band"]) if stored.get("tr_band") else None})
    if cell.condition == "random":
        fraction = float(f.summary["masked_fraction"])  # what the paper's rule masks in these scores
        summary = apply_random(f.examples, fraction, cell.seed, th)
        rule = f"random:{fraction:.6f}:seed{cell.seed}"
    else:
        rule = RULES[cell.condition]
        summary = apply_rule(f.examples, rule, th)
    write_token_file(out, f.examples, "masks", {**f.settings, "rule": rule, "derived_from": str(f.path)}, summary)
    return out


def _cell(exp: Experiment, cell: Cell, log) -> None:
    from ..xtf.train import train
    from ..xtf.train_config import TrainConfig
    from .evaluate import EvalConfig, evaluate

    dataset = exp.dataset(cell.dataset)
    folder = cell_dir(exp, cell)
    folder.mkdir(parents=True, exist_ok=True)
    model = cell.model
    if cell.condition != "base":
        masks = _masks(exp, cell)
        settings = {k: v for k, v in exp.train.items() if k != "nproc_per_node"}
        config = TrainConfig(model=cell.model, data=[dataset.train], output=str(folder / "train"),
                             masks=str(masks) if masks else None, seed=cell.seed, split="train",
                             limit=dataset.train_limit, source=dataset.source, **settings)
        nproc = int(exp.train.get("nproc_per_node", 1))
        if nproc > 1:
            _train_distributed(config, nproc)
        else:
            result = train(config, log=log)
            if result.status == "cancelled":
                raise UserError("training was cancelled; run the experiment again to resume it")
        model = str(folder / "train" / "final")
    evaluate(EvalConfig(model=model, data=dataset.test, output=str(folder / "eval"), split="test",
                        limit=dataset.test_limit, seed=cell.seed, db=dataset.db, **exp.eval))


def _train_distributed(config, nproc: int) -> None:
    import subprocess

    from ..xtf.launch import launch_command
    from ..xtf.train_config import config_to_args

    p = subprocess.run(launch_command(config_to_args(config), nproc), stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise UserError(f"training with {nproc} processes failed (exit status {p.returncode}); see the job's log")
