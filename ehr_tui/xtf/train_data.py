"""Training data: tokenised examples with their labels, the epoch order, batches and the loss.

Labels come from THE tokenisation (``tokenize.tokenize_example``); with a masks file they are
``masks.training_labels`` (the join contract: kept response tokens keep their id, masked and prompt
tokens get -100), without one every response token is a target. Positions labelled -100 are never
projected onto the vocabulary (``logits_to_keep``), so their gradient is exactly zero.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from ..errors import UserError
from .data import load_examples
from .tokenize import tokenization_settings, tokenize_example
from .train_config import DEFAULT_MAX_LEN, TrainConfig

IGNORE = -100


# Data: tokenised examples with their labels


@dataclass
class TrainItem:
    example_id: str
    input_ids: list[int]
    labels: list[int]
    n_response: int

    @property
    def n_kept(self) -> int:
        return sum(1 for x in self.labels if x != IGNORE)


@dataclass
class DataStats:
    examples: int = 0  # trained on
    tokens: int = 0
    response_tokens: int = 0
    kept_tokens: int = 0
    skipped_no_response: int = 0  # no response token within max_len
    skipped_fully_masked: int = 0  # every response token masked: nothing to learn
    truncated: int = 0

    @property
    def kept_ratio(self) -> float:
        return self.kept_tokens / self.response_tokens if self.response_tokens else 0.0

    def to_dict(self) -> dict:
        return {**asdict(self), "kept_ratio": round(self.kept_ratio, 6)}


def masks_max_length(token_file) -> int | None:
    return (token_file.settings.get("tokenization") or {}).get("max_length")


def check_tokenization(tokenizer, token_file) -> None:
    """The masks must have been made with this tokenizer and chat template, else positions differ."""
    stored = token_file.settings.get("tokenization") or {}
    mine = tokenization_settings(tokenizer, stored.get("max_length"))
    for key, what in (("chat_template_sha256", "chat template"), ("vocab_size", "vocabulary")):
        if key in stored and stored[key] != mine[key]:
            raise UserError(
                f"{token_file.path} was scored with another {what} ({stored[key]} vs this model's {mine[key]}); "
                "score the data again with this model's tokenizer (`xtf score --model ...`)"
            )


def prepare_items(tokenizer, config: TrainConfig) -> tuple[list[TrainItem], DataStats, int]:
    """(items, statistics, max_len) for the data files, labelled by the masks file when given."""
    from .masks import read_token_file, training_labels

    examples = load_examples(config.data, config.source, config.limit, config.split)
    token_file, score_len = None, None
    if config.masks:
        token_file = read_token_file(config.masks)
        check_tokenization(tokenizer, token_file)
        score_len = masks_max_length(token_file)
    max_len = config.max_len or score_len or DEFAULT_MAX_LEN
    if score_len is not None and max_len > score_len:
        raise UserError(
            f"--max-len {max_len} exceeds the length the masks were scored at ({score_len}); "
            f"train with --max-len {score_len} or less, or score again with a larger --max-length"
        )
    stats = DataStats()
    items: list[TrainItem] = []
    missing: list[str] = []
    for ex in examples:
        # Tokenise as the scorer did (its max length), then cut to ours: a prefix of the same tokens.
        t = tokenize_example(tokenizer, ex, score_len or max_len)
        if token_file is not None:
            if t.n_response == 0:
                labels = [IGNORE] * len(t.input_ids)
            else:
                try:
                    scored = token_file.example(ex.id)
                except UserError:
                    missing.append(ex.id)
                    continue
                labels = training_labels(t.input_ids, t.is_response, scored)
        else:
            labels = [i if r else IGNORE for i, r in zip(t.input_ids, t.is_response)]
        ids, labels, resp = t.input_ids[:max_len], labels[:max_len], t.is_response[:max_len]
        stats.truncated += len(t.input_ids) > max_len or t.truncated
        item = TrainItem(ex.id, ids, labels, sum(resp))
        if item.n_response == 0:
            stats.skipped_no_response += 1
            continue
        if item.n_kept == 0:
            stats.skipped_fully_masked += 1
            continue
        items.append(item)
        stats.examples += 1
        stats.tokens += len(ids)
        stats.response_tokens += item.n_response
        stats.kept_tokens += item.n_kept
    if missing:
        scored_limit = token_file.settings.get("limit") if token_file is not None else None
        hint = (f"the masks were scored with --limit {scored_limit}: train with --limit {scored_limit}, or "
                if scored_limit and scored_limit != config.limit else "")
        raise UserError(
            f"{len(missing)} example(s) of the data are not in {config.masks} (e.g. {missing[0]!r}); "
            f"{hint}score the same data files (`xtf score --data ...`) or train without --masks"
        )
    if not items:
        raise UserError("no example has a token left to train on (all lack a response within --max-len "
                        "or are fully masked); raise --max-len or loosen the mask rule")
    return items, stats, max_len


def epoch_micro_batches(n_items: int, epoch: int, seed: int, batch_size: int,
                        world_size: int = 1, rank: int = 0) -> list[list[int]]:
    """This rank's micro-batches (item indices) of one epoch: a seeded shuffle, split evenly over
    ranks (the shortest shards are topped up from the start, as DistributedSampler does)."""
    import torch

    g = torch.Generator().manual_seed(seed * 1_000_003 + epoch)
    perm = torch.randperm(n_items, generator=g).tolist()
    per_rank = math.ceil(n_items / world_size)
    perm = (perm * math.ceil(per_rank * world_size / n_items))[: per_rank * world_size]
    mine = perm[rank::world_size]
    return [mine[i : i + batch_size] for i in range(0, len(mine), batch_size)]


def steps_per_epoch(n_items: int, config: TrainConfig, world_size: int) -> int:
    micro = math.ceil(math.ceil(n_items / world_size) / config.batch_size)
    return math.ceil(micro / config.grad_accum)


def total_steps(n_items: int, config: TrainConfig, world_size: int) -> int:
    """--max-steps when given (more epochs run as needed), else the steps of --epochs epochs."""
    return config.max_steps or steps_per_epoch(n_items, config, world_size) * config.epochs


@dataclass
class Batch:
    input_ids: object  # LongTensor (B, T), right-padded
    attention_mask: object
    labels: object  # LongTensor (B, T), -100 on prompt, masked and padding positions
    n_tokens: int  # real (non-padding) tokens
    n_kept: int
    n_response: int


def collate(items: list[TrainItem], pad_id: int, device) -> Batch:
    import torch

    T = max(len(it.input_ids) for it in items)
    ids = torch.full((len(items), T), pad_id, dtype=torch.long)
    att = torch.zeros((len(items), T), dtype=torch.long)
    lab = torch.full((len(items), T), IGNORE, dtype=torch.long)
    for b, it in enumerate(items):
        n = len(it.input_ids)
        ids[b, :n] = torch.tensor(it.input_ids)
        att[b, :n] = 1
        lab[b, :n] = torch.tensor(it.labels)
    return Batch(ids.to(device), att.to(device), lab.to(device), sum(len(it.input_ids) for it in items),
                 sum(it.n_kept for it in items), sum(it.n_response for it in items))


# ---------------------------------------------------------------------------------------------
# The loss


def predicting_positions(labels):
    """(B, T) bool: positions whose next token is a target, and those targets in row-major order."""
    import torch

    target = labels[:, 1:] != IGNORE
    predicting = torch.zeros_like(labels, dtype=torch.bool)
    predicting[:, :-1] = target
    return predicting, labels[:, 1:][target]


def loss_sum(model, batch: Batch, select_logits: bool = True):
    """Summed cross-entropy over the batch's target tokens (float32, or float64 for a float64 model).

    With ``select_logits`` only the positions predicting a target are projected onto the
    vocabulary (``logits_to_keep`` with a boolean mask); the others never get logits, so masked
    and prompt tokens add nothing to the loss or its gradient. A model that ignores a boolean
    ``logits_to_keep`` gets full logits, indexed the same way.
    """
    import torch.nn.functional as F

    predicting, targets = predicting_positions(batch.labels)
    kwargs = {"input_ids": batch.input_ids, "attention_mask": batch.attention_mask, "use_cache": False}
    if select_logits:
        kwargs["logits_to_keep"] = predicting
    logits = model(**kwargs).logits
    if logits.dim() == 3:  # full logits: select_logits off, or unsupported by the model
        logits = logits[predicting]
    elif logits.shape[0] != targets.shape[0]:
        raise RuntimeError("the model returned logits for other positions than asked (logits_to_keep)")
    import torch

    # bf16/fp16 logits are upcast for a stable loss; float64 (tests' exact comparisons) stays
    return F.cross_entropy(logits.to(torch.promote_types(logits.dtype, torch.float32)), targets, reduction="sum")


# ---------------------------------------------------------------------------------------------
