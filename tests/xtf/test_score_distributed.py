"""`xtf score --nproc-per-node 2`: two gloo processes on CPU write the same file as one process."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from ehr_tui.xtf.data import write_examples
from ehr_tui.xtf.masks import ATTRIBUTES, read_token_file
from ehr_tui.xtf.score_job import assign_batches

from .conftest import make_examples


def _score(tiny_model, data, out, *extra):
    env = {**os.environ, "OMP_NUM_THREADS": "1"}  # torchrun gives each worker 1 thread: the same kernels
    cmd = [sys.executable, "-m", "xtf_cli.main", "score", "--model", str(tiny_model), "--data", str(data),
           "-o", str(out), "--device", "cpu", "--batch-tokens", "160", "--split", "all", *extra]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-3000:]
    return p.stdout


@pytest.mark.slow
def test_two_ranks_write_the_file_one_rank_writes(tiny_model, tmp_path):
    data = write_examples(tmp_path / "sft.jsonl", make_examples() * 1)
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    _score(tiny_model, data, one)
    text = _score(tiny_model, data, two, "--nproc-per-node", "2")
    assert "torchrun --nproc-per-node=2 --standalone -m xtf_cli.main score" in text
    a, b = read_token_file(one), read_token_file(two)
    assert [e.example_id for e in a.examples] == [e.example_id for e in b.examples] == [e.id for e in make_examples()]
    for x, y in zip(a.examples, b.examples):
        np.testing.assert_array_equal(x.token_ids, y.token_ids)
        for attr in ATTRIBUTES:
            np.testing.assert_array_equal(x.score(attr), y.score(attr))  # the same batches: the same floats
        for flag in ("lacks_ri", "lacks_kn", "lacks_tr", "masked"):
            np.testing.assert_array_equal(getattr(x, flag), getattr(y, flag))
    drop = {"scoring_seconds", "processes"}
    assert {k: v for k, v in a.summary.items() if k not in drop} == {k: v for k, v in b.summary.items() if k not in drop}
    assert b.summary["processes"] == 2 and a.summary["tr_band"] is not None  # thresholds over the merged file
    assert not (tmp_path / "two.parquet.partial").exists()


def test_batches_are_shared_out_by_padded_tokens():
    batches = [[0, 1], [2], [3, 4, 5], [6]]
    widths = [100, 300, 50, 10]
    owner = assign_batches(batches, widths, 2)
    load = [sum(w * len(b) for b, w, r in zip(batches, widths, owner) if r == rank) for rank in (0, 1)]
    assert sorted(load) == [310, 350] and owner == assign_batches(batches, widths, 2)
    assert assign_batches(batches, widths, 1) == [0, 0, 0, 0]
