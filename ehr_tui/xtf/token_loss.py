"""Per-token training loss of a fine-tune, before and after: what masking changed token by token.

For a fine-tuned model (``xtf train``'s OUT/final, whose train_info.json names its base model) and
the examples of a scores/masks file, the loss of each response token is its teacher-forced
cross-entropy, -log p(token | the tokens before it), under the base model ("before") and under the
fine-tune ("after"), computed on exactly the token ids of the file (no re-tokenisation). Masked
tokens were never trained on: their "after" loss shows what the fine-tune does with tokens it was
told to ignore. Models are loaded once and the losses cached per example.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import UserError
from .masks import ScoredExample
from .models import check_model_dir

MODES = ("after", "before", "change")


@dataclass
class ExampleLoss:
    before: np.ndarray  # float32 per position, NaN outside the response
    after: np.ndarray

    def values(self, mode: str) -> np.ndarray:
        """What the heatmap colours, in [0, 1]: a loss on a shared scale (so before and after compare),
        or the change, 0.5 = unchanged, above = the fine-tune predicts the token better."""
        top = float(np.nanmax(np.concatenate([self.before, self.after]))) if np.any(np.isfinite(self.before)) else 1.0
        top = top if top > 0 else 1.0
        if mode == "before":
            return self.before / top
        if mode == "after":
            return self.after / top
        change = self.before - self.after
        span = float(np.nanmax(np.abs(change))) if np.any(np.isfinite(change)) else 1.0
        return 0.5 + change / (2 * (span if span > 0 else 1.0))


def base_model_of(finetune: str | Path) -> Path:
    """The model a fine-tune started from (its train_info.json; a checkpoint's train_args.json)."""
    p = check_model_dir(finetune, "the fine-tune")
    for f, key in ((p / "train_info.json", "base_model"), (p.parent / "train_args.json", "model")):
        if f.is_file():
            base = json.loads(f.read_text(encoding="utf-8")).get(key)
            if base:
                return check_model_dir(base, "the fine-tune's base model")
    raise UserError(f"{p} does not say which model it was trained from (no train_info.json): give a folder "
                    "written by `xtf train` (OUT/final or OUT/checkpoint-STEP)")


def teacher_forced_loss(model, token_ids: np.ndarray, is_response: np.ndarray, device) -> np.ndarray:
    import torch

    ids = torch.as_tensor(np.asarray(token_ids, dtype=np.int64), device=device)[None, :]
    with torch.inference_mode():
        logits = model(input_ids=ids, use_cache=False).logits[0, :-1].float()
    nll = torch.nn.functional.cross_entropy(logits, ids[0, 1:], reduction="none").cpu().numpy()
    out = np.full(len(token_ids), np.nan, dtype=np.float32)
    resp = np.asarray(is_response, dtype=bool)
    resp_next = resp[1:]
    out[1:][resp_next] = nll[resp_next]
    return out


class LossOverlay:
    """Loads the fine-tune and its base model once; ``loss(example)`` is cached per example."""

    def __init__(self, finetune: str | Path, device: str = "auto", vocab_size: int | None = None):
        from .models import load_model_and_tokenizer

        self.finetune = check_model_dir(finetune, "the fine-tune")
        self.base = base_model_of(self.finetune)
        self.after, tok, self.device = load_model_and_tokenizer(self.finetune, device, "auto", attn=None)
        self.before, _, _ = load_model_and_tokenizer(self.base, device, "auto", attn=None)
        if vocab_size is not None and len(tok) != vocab_size:
            raise UserError(f"{self.finetune} has a vocabulary of {len(tok)} tokens, the file was scored with "
                            f"{vocab_size}: give a fine-tune of the model that scored it")
        self._cache: dict[str, ExampleLoss] = {}

    def loss(self, ex: ScoredExample) -> ExampleLoss:
        if ex.example_id not in self._cache:
            self._cache[ex.example_id] = ExampleLoss(
                teacher_forced_loss(self.before, ex.token_ids, ex.is_response, self.device),
                teacher_forced_loss(self.after, ex.token_ids, ex.is_response, self.device))
        return self._cache[ex.example_id]
