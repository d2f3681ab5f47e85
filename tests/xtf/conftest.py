"""Fixtures for the XTF tests: a tiny causal LM built here, a few SFT examples, scored files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ehr_tui.xtf.data import SFTExample
from ehr_tui.xtf.masks import ScoredExample, Thresholds, apply_rule, write_token_file

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DATASETS = SHARED / "datasets"


def needs_datasets():
    return pytest.mark.skipif(not DATASETS.is_dir(), reason="../shared/datasets is absent")


def _corpus() -> list[str]:
    """Deterministic training text for the tokenizer: math, code and clinical sentences."""
    rng = np.random.default_rng(0)
    out = []
    for i in range(120):
        a, b = int(rng.integers(2, 90)), int(rng.integers(2, 90))
        out.append(f"Tom has {a} apples and buys {b} more. He has {a} + {b} = {a + b} apples in total.")
        out.append(f"def add_{i}(x, y):\n    return x + y * {a}\n")
        out.append(f"The patient received {a} mg of the drug; blood pressure fell by {b} percent in the trial.")
        out.append(f"SELECT COUNT(*) FROM patients WHERE anchor_age > {a}; the answer is {b}.")
    return out


def make_examples() -> list[SFTExample]:
    def ex(i, q, a, domain, source="chat"):
        return SFTExample(f"ex{i}", source, [{"role": "user", "content": q}, {"role": "assistant", "content": a}], 1, domain)

    return [
        ex(0, "Tom has 3 apples and buys 4 more. How many?", "He has 3 + 4 = 7 apples.\n#### 7", "math"),
        ex(1, "Write add(x, y).", "def add(x, y):\n    return x + y\n", "code"),
        ex(2, "Does the drug lower blood pressure?", "Yes: in the trial blood pressure fell by 12 percent.", "medicine"),
        ex(3, "How many patients are older than 60?", "SELECT COUNT(*) FROM patients WHERE anchor_age > 60; the answer is 41.", "ehr-sql"),
        ex(4, "Tom has 12 apples and eats 5. How many are left?",
           "Tom has 12 apples. He eats 5, so 12 - 5 = 7 are left. The answer is 7 apples in total.", "math"),
        SFTExample(
            "ex5", "chat",
            [
                {"role": "system", "content": "You answer with SQL."},
                {"role": "user", "content": "Count the patients."},
                {"role": "assistant", "content": "SELECT COUNT(*) FROM patients;"},
                {"role": "tool", "content": "100"},
                {"role": "assistant", "content": "There are 100 patients."},
            ],
            2, "ehr-sql",
        ),
    ]


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> Path:
    from ehr_tui.xtf.tinymodel import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("tiny-lm"), _corpus(), vocab_size=400)


@pytest.fixture(scope="session")
def tokenizer(tiny_model):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(tiny_model)


@pytest.fixture
def examples() -> list[SFTExample]:
    return make_examples()


@pytest.fixture(scope="session")
def scorer(tiny_model):
    from ehr_tui.xtf.scoring import ScoringConfig, TokenScorer

    return TokenScorer(tiny_model, ScoringConfig(device="cpu"))


@pytest.fixture(scope="session")
def scored_file(tiny_model, tmp_path_factory) -> Path:
    from ehr_tui.xtf.score_job import score_to_file
    from ehr_tui.xtf.scoring import ScoringConfig

    out = tmp_path_factory.mktemp("scored") / "scores.parquet"
    score_to_file(tiny_model, make_examples(), out, ScoringConfig(device="cpu", batch_tokens=256))
    return out


def synthetic_examples() -> list[ScoredExample]:
    """Hand-made scores (no model): fixed values, so screen snapshots never depend on float kernels."""
    rng = np.random.default_rng(3)
    texts = [
        ("<|im_start|>user\n", "Tom has 3 apples and buys 4 more.", "<|im_end|>\n<|im_start|>assistant\n",
         "He has 3 + 4 = 7 apples.\n#### 7", "<|im_end|>"),
        ("<|im_start|>user\n", "Count the patients over 60.", "<|im_end|>\n<|im_start|>assistant\n",
         "SELECT COUNT(*) FROM patients WHERE anchor_age > 60;", "<|im_end|>"),
    ]
    out = []
    for i, (h1, prompt, h2, answer, eos) in enumerate(texts):
        words, said = prompt.split(" "), answer.split(" ")
        resp = [said[0], *(" " + w for w in said[1:]), eos]
        tokens = [h1, words[0], *(" " + w for w in words[1:]), h2, *resp]
        n, r = len(tokens), len(resp)
        is_resp = np.array([False] * (n - r) + [True] * r)
        nan = np.full(n, np.nan, np.float32)
        ri, kn, tr = nan.copy(), nan.copy(), nan.copy()
        ri[is_resp] = rng.uniform(0.2, 2.0, r).round(3)
        kn[is_resp] = rng.uniform(0.0, 1.0, r).round(3)
        tr[is_resp] = rng.uniform(0.3, 0.9, r).round(3)
        out.append(ScoredExample(f"syn{i}", "chat", np.arange(n, dtype=np.int32) + 10 * i, tokens, is_resp, ri, kn, tr))
    return out


@pytest.fixture
def synthetic_file(tmp_path) -> Path:
    exs = synthetic_examples()
    th = Thresholds(kn_min=0.2)
    summary = apply_rule(exs, "paper", th)
    path = tmp_path / "syn.parquet"
    write_token_file(path, exs, "scores", {"rule": "paper", "thresholds": th.to_dict(), "model": "synthetic"}, summary)
    return path
