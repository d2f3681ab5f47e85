"""Which tasks a run takes: `--sample N --stratify ... --seed S` against `--limit` (file order)."""

from __future__ import annotations

from collections import Counter

import pytest

from ehr_tui.agent.runner import RunConfig, prepare_run
from ehr_tui.cli import main
from ehr_tui.errors import UserError
from ehr_tui.tasks.model import read_tasks


def _config(tasks_file, db, tmp_path, **kw) -> RunConfig:
    # selection only: no endpoint is reached (the probe is off; a loopback URL nobody serves is enough)
    return RunConfig(tasks=tasks_file, db=db, model="m", base_url="http://127.0.0.1:9/v1", probe_endpoint=False,
                     run_dir=tmp_path / "run", **kw)


def test_sample_is_stratified_and_seeded(tasks_file, tiny_db, tmp_path):
    all_tasks = read_tasks(tasks_file).tasks
    cats = {(t.intent, t.level) for t in all_tasks}
    p = prepare_run(_config(tasks_file, tiny_db, tmp_path, sample=len(cats), stratify=("intent", "level")))
    assert Counter((t.intent, t.level) for t in p.tasks) == Counter({c: 1 for c in cats})
    again = prepare_run(_config(tasks_file, tiny_db, tmp_path / "b", sample=len(cats), stratify=("intent", "level")))
    assert [t.id for t in again.tasks] == [t.id for t in p.tasks]
    assert len(prepare_run(_config(tasks_file, tiny_db, tmp_path / "c", sample=2, sample_seed=5)).tasks) == 2


def test_sample_and_limit_conflict_and_stratify_needs_sample(tasks_file, tiny_db, tmp_path):
    with pytest.raises(UserError, match="use one of them"):
        prepare_run(_config(tasks_file, tiny_db, tmp_path, sample=2, limit=2))
    with pytest.raises(UserError, match="needs --sample"):
        prepare_run(_config(tasks_file, tiny_db, tmp_path, stratify=("intent",)))


def test_cli_rejects_a_bad_stratum_in_one_line(tasks_file, tiny_db, capsys):
    assert main(["run", "--tasks", str(tasks_file), "--db", str(tiny_db), "--model", "m", "--sample", "3",
                 "--stratify", "intent,ward"]) == 2
    err = capsys.readouterr().err
    assert "--stratify" in err and "answer_type" in err and "Traceback" not in err
