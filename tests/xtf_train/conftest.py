"""Fixtures for the fine-tuning tests: a tiny causal LM built here, SFT data on disk, a masks file."""

from __future__ import annotations

from pathlib import Path

import pytest

from ehr_tui.xtf.data import write_examples
from tests.xtf.conftest import _corpus, make_examples


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> Path:
    from ehr_tui.xtf.tinymodel import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("train-lm"), _corpus(), vocab_size=400)


@pytest.fixture(scope="session")
def data_file(tmp_path_factory) -> Path:
    return write_examples(tmp_path_factory.mktemp("train-data") / "sft.jsonl", make_examples())


@pytest.fixture(scope="session")
def masks_file(tiny_model, tmp_path_factory) -> Path:
    """Scores of the data with the paper's rule applied (the masks a training joins to)."""
    from ehr_tui.xtf.score_job import score_to_file
    from ehr_tui.xtf.scoring import ScoringConfig

    out = tmp_path_factory.mktemp("train-masks") / "masks.parquet"
    score_to_file(tiny_model, make_examples(), out, ScoringConfig(device="cpu", batch_tokens=512, max_length=256))
    return out


@pytest.fixture
def config(tiny_model, data_file, masks_file, tmp_path):
    """A small masked training: 6 examples, batches of 3, a few steps."""
    from ehr_tui.xtf.train_config import TrainConfig

    def make(**kw):
        base = dict(model=str(tiny_model), data=[str(data_file)], output=str(tmp_path / "out"),
                    masks=str(masks_file), batch_size=3, lr=3e-3, max_steps=6, warmup_ratio=0.0,
                    scheduler="constant", save_every=0, device="cpu")
        base.update(kw)
        return TrainConfig(**base)

    return make


@pytest.fixture(scope="session")
def finetuned(tiny_model, data_file, masks_file, tmp_path_factory) -> Path:
    """A few masked training steps on the data: OUT/final with its train_info.json."""
    from ehr_tui.xtf.train import train
    from ehr_tui.xtf.train_config import TrainConfig

    out = tmp_path_factory.mktemp("finetuned") / "out"
    result = train(TrainConfig(model=str(tiny_model), data=[str(data_file)], output=str(out), masks=str(masks_file),
                               batch_size=3, lr=3e-3, max_steps=6, warmup_ratio=0.0, scheduler="constant",
                               save_every=0, device="cpu", split="all"))
    return result.final
