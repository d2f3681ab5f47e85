"""`xtf experiment`: the tiny-model grid end to end (foreground and as background jobs), the table, the
statistics, and the mistakes an experiment file can hold."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from ehr_tui.errors import UserError
from ehr_tui.finetune import experiment as ex
from ehr_tui.finetune.experiment_config import load_experiment
from ehr_tui.finetune.report import interval, t95
from ehr_tui.xtf import jobs
from ehr_tui.xtf.masks import read_token_file
from xtf_cli.main import main

PAIRS = [(3, 4), (5, 6), (7, 1), (2, 9), (8, 8), (4, 3)]


def _write(folder: Path, model: Path, conditions: list[str], seeds: list[int], **extra) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rows = [{"question": f"Ann has {a} pens and buys {b}. How many?", "answer": f"{a} + {b} = {a + b}\n#### {a + b}"}
            for a, b in PAIRS]
    (folder / "train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (folder / "test.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows[:2]))
    lines = [f'name = "tiny"', 'output = "out"', f'models = ["{model}"]', f"conditions = {json.dumps(conditions)}",
             f"seeds = {seeds}", "[[datasets]]", 'name = "gsm"', 'train = "train.jsonl"',
             "[score]", "max_length = 96", "batch_tokens = 1024",
             "[train]", "max_steps = 2", "batch_size = 3", "lr = 0.003", "save_every = 0", 'device = "cpu"',
             "warmup_ratio = 0.0", "[eval]", "max_new_tokens = 3", 'device = "cpu"', *extra.get("lines", [])]
    path = folder / "exp.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_grid_runs_end_to_end_and_fills_the_table(tiny_model, tmp_path):
    conditions = ["sft", "xtf", "ri", "kn", "tr", "random"]
    config = _write(tmp_path, tiny_model, conditions, [0, 1])
    assert main(["experiment", str(config), "--foreground"]) == 0
    out = tmp_path / "out"
    rows = json.loads((out / "results.json").read_text())["rows"]
    assert [r["condition"] for r in rows] == conditions
    assert all(r["n"] == 2 and r["metric"] == "accuracy" and 0 <= r["mean"] <= 1 for r in rows)
    by = {r["condition"]: r for r in rows}
    assert by["sft"]["masked_fraction"] == 0 and "delta_vs_sft" not in by["sft"]
    assert all("delta_vs_sft" in by[c] for c in conditions[1:])
    assert 0 < by["xtf"]["masked_fraction"] < 1
    # The control masks as many tokens as XTF's rule, chosen at random, differently per seed.
    scores = read_token_file(out / "scores" / f"{tiny_model.name}__gsm.parquet")
    n_resp, n_xtf = scores.summary["response_tokens"], scores.summary["masked_tokens"]
    rand = [read_token_file(out / "cells" / f"{tiny_model.name}__gsm__random__s{s}" / "masks.parquet") for s in (0, 1)]
    assert [r.summary["masked_tokens"] for r in rand] == [n_xtf, n_xtf] and n_resp > n_xtf
    assert any((a.masked != b.masked).any() for a, b in zip(rand[0].examples, rand[1].examples))
    xtf_masks = read_token_file(out / "cells" / f"{tiny_model.name}__gsm__xtf__s0" / "masks.parquet")
    assert [e.masked.tolist() for e in xtf_masks.examples] == [e.masked.tolist() for e in scores.examples]
    md = (out / "results.md").read_text()
    assert "| tiny" not in md and "XTF (RI+KN+TR)" in md and "Δ vs SFT" in md
    assert "plain SFT" in (out / "results.txt").read_text() and (out / "results.svg").read_text().startswith("<svg")
    # Done steps are not run again.
    stamp = (out / "cells" / f"{tiny_model.name}__gsm__sft__s0" / "eval" / "results.json").stat().st_mtime_ns
    assert main(["experiment", str(config), "--foreground"]) == 0
    assert (out / "cells" / f"{tiny_model.name}__gsm__sft__s0" / "eval" / "results.json").stat().st_mtime_ns == stamp
    assert all(r["state"] == "done" for r in ex.status(ex.open_experiment(out)))


def _wait_jobs(ids, timeout=600.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        js = [jobs.load_job(i) for i in ids]
        if not any(j.active for j in js):
            return js
        time.sleep(0.3)
    raise AssertionError("experiment jobs did not end")


@pytest.mark.slow
def test_the_grid_runs_as_background_jobs(tiny_model, tmp_path, capsys):
    config = _write(tmp_path, tiny_model, ["sft", "xtf"], [0])
    assert main(["experiment", str(config)]) == 0
    assert "3 job(s) submitted" in capsys.readouterr().out
    exp = ex.open_experiment(config)
    state = ex.read_state(exp.output)
    ids = list(state["jobs"].values())
    listed = {j.id: j for j in jobs.list_jobs()}
    score_job = listed[state["jobs"][f"score:{tiny_model.name}__gsm"]]
    xtf_job = listed[state["jobs"][f"cell:{tiny_model.name}__gsm__xtf__s0"]]
    assert xtf_job.after == [score_job.id] and xtf_job.kind == "experiment"
    assert xtf_job.output == exp.output / "cells" / f"{tiny_model.name}__gsm__xtf__s0" / "train"
    assert main(["experiment", str(config)]) == 0  # nothing new while they are queued or running
    assert "0 job(s) submitted" in capsys.readouterr().out
    ended = _wait_jobs(ids)
    assert [j.state for j in ended] == ["finished"] * 3, [j.error for j in ended]
    rows = json.loads((exp.output / "results.json").read_text())["rows"]
    assert [(r["condition"], r["n"]) for r in rows] == [("sft", 1), ("xtf", 1)]
    assert main(["experiment", str(exp.output), "--status"]) == 0
    assert capsys.readouterr().out.count("done") == 3


def test_a_step_waits_for_its_dependency_and_fails_when_it_fails(tmp_path):
    import sys

    bad = jobs.submit_command([sys.executable, "-c", "import sys; sys.exit(3)"], name="failing", kind="score",
                              output=tmp_path / "a")
    after = jobs.submit_command([sys.executable, "-c", "open('ran', 'w')"], name="dependent", kind="experiment",
                                output=tmp_path / "b", after=[bad.id], queue=False)
    bad_end, dep_end = _wait_jobs([bad.id, after.id])
    assert bad_end.state == "failed" and dep_end.state == "failed"
    assert "not run: job" in dep_end.error and "failed" in dep_end.error
    assert not (dep_end.dir / "ran").exists()


def test_statistics():
    assert t95(2) == pytest.approx(4.303) and t95(100) == 1.96
    mean, half = interval([0.4, 0.5, 0.6])
    assert mean == pytest.approx(0.5) and half == pytest.approx(4.303 * 0.1 / 3 ** 0.5)
    assert interval([0.3]) == (0.3, None)


@pytest.mark.parametrize("edit, message", [
    (("conditions = [", 'conditions = ["magic", '), "conditions must be distinct names"),
    (("[train]", "[train]\nmodel = 'x'"), r"\[train\] model is set by the experiment"),
    (("[train]", "[train]\nlearning_rate = 1"), r"\[train\] has no setting 'learning_rate'"),
    (("[eval]", "[eval]\nsamples = 2\ntemperature = 0.0"), "--samples above 1 needs sampling"),
    (('train = "train.jsonl"', 'train = "train.jsonl"\ntest = "train.jsonl"'), "trains and tests on the same file"),
    (('train = "train.jsonl"', 'train = "missing.jsonl"'), "no data at"),
    (("seeds = [0]", "seeds = [0, 0]"), "seeds must be a list of distinct"),
    (('name = "tiny"', 'name = "tiny"\nmodel = "x"'), "unknown key"),
    (("lr = 0.003", 'lr = "fast"'), r"\[train\] lr must be a number \(got 'fast'\)"),
    (("max_steps = 2", "max_steps = 2.5"), r"\[train\] max_steps must be a whole number"),
    (('train = "train.jsonl"', 'train = "train.jsonl"\ntrain_limit = -5'), "train_limit must be a whole number of at least 1"),
])
def test_experiment_file_mistakes(tiny_model, tmp_path, edit, message):
    config = _write(tmp_path, tiny_model, ["sft"], [0])
    text = config.read_text()
    assert edit[0] in text
    config.write_text(text.replace(edit[0], edit[1], 1))
    with pytest.raises(UserError, match=message):
        load_experiment(config)


def test_humaneval_is_not_training_data_and_a_changed_file_needs_restart(tiny_model, tmp_path):
    import gzip

    config = _write(tmp_path, tiny_model, ["sft"], [0])
    he = tmp_path / "HumanEval.jsonl.gz"
    with gzip.open(he, "wt") as f:
        f.write(json.dumps({"task_id": "T/0", "prompt": "def f():\n", "canonical_solution": "    return 1\n",
                            "test": "def check(c):\n    assert c() == 1\n", "entry_point": "f"}) + "\n")
    bad = tmp_path / "he.toml"
    bad.write_text(config.read_text().replace('train = "train.jsonl"', f'train = "{he}"'))
    with pytest.raises(UserError, match="no training split"):
        load_experiment(bad)
    ex.open_experiment(config)
    config.write_text(config.read_text().replace("seeds = [0]", "seeds = [1]"))
    with pytest.raises(UserError, match="other settings.*--restart"):
        ex.open_experiment(config)
    assert ex.open_experiment(config, restart=True).seeds == [1]


def test_a_copied_experiment_folder_is_that_folder(tiny_model, tmp_path):
    """`xtf experiment FOLDER --report` on a copy once read and overwrote the original folder (experiment.json
    holds the absolute path it was made at)."""
    import shutil

    config = _write(tmp_path / "a", tiny_model, ["sft"], [0])
    exp = ex.open_experiment(config)
    copy = tmp_path / "copied"
    shutil.copytree(exp.output, copy)
    assert ex.open_experiment(copy).output == copy.resolve()


def test_status_of_an_experiment_file_creates_nothing(tiny_model, tmp_path, capsys):
    config = _write(tmp_path, tiny_model, ["sft"], [0])
    assert main(["experiment", str(config), "--status"]) == 0
    assert not (tmp_path / "out").exists()
