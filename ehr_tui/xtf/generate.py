"""Batched text generation with a local causal LM (transformers), for evaluation and a local endpoint.

Prompts are chat messages rendered with the model's chat template (``tokenize.chat_template_of``:
the same template training used) and the generation prompt, tokenised without added special
tokens (as training tokenised), left-padded, and generated greedily (temperature 0) or by
sampling (temperature > 0, top-p), ``n`` completions per prompt. Prompts are grouped by length so
that little padding is generated over. Sampling is seeded per prompt (the config's seed and the
prompt's own key, e.g. a hash of its example id), so a completion depends neither on which prompts
shared its batch nor on which were generated before (a resumed evaluation draws the same samples). GPU and bfloat16 when present.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from .models import load_model_and_tokenizer
from .tokenize import chat_template_of


@dataclass
class GenerationConfig:
    max_new_tokens: int = 512
    temperature: float = 0.0  # 0: greedy
    top_p: float = 1.0
    n: int = 1  # completions per prompt
    seed: int = 0
    batch_size: int = 8  # prompts per forward batch (each with its n completions)

    def __post_init__(self) -> None:
        if self.max_new_tokens < 1:
            raise UserError("--max-new-tokens must be at least 1")
        if self.temperature < 0:
            raise UserError("--temperature must be zero (greedy) or positive")
        if not 0 < self.top_p <= 1:
            raise UserError("--top-p must be in (0, 1]")
        if self.n < 1 or self.batch_size < 1:
            raise UserError("--samples and --batch-size must be at least 1")
        if self.n > 1 and self.temperature == 0:
            raise UserError("--samples above 1 needs sampling: give --temperature above 0 (e.g. 0.8)")

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Completion:
    text: str
    tokens: int  # new tokens generated
    finished: bool  # ended with an end-of-sequence token (else it hit max_new_tokens)


class Generator:
    """A loaded model that turns chat prompts into completions; reuse it across calls."""

    def __init__(self, model_path: str | Path, device: str = "auto", dtype: str = "auto",
                 batch_tokens: int | None = None):
        self.model_path = str(model_path)
        self.model, self.tokenizer, self.device = load_model_and_tokenizer(model_path, device, dtype, attn=None)
        # Padded prompt tokens per batch: GPUs batch well; on CPU long prompts go one at a time.
        self.batch_tokens = batch_tokens or (65536 if self.device.type == "cuda" else 4096)
        tok = self.tokenizer
        self.pad_id = tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id
        if self.pad_id is None:
            raise UserError(f"the tokenizer of {model_path} has neither a pad nor an end-of-sequence token")
        eos = {tok.eos_token_id} if tok.eos_token_id is not None else set()
        gen_eos = getattr(self.model.generation_config, "eos_token_id", None)
        eos |= set(gen_eos if isinstance(gen_eos, list) else [gen_eos] if gen_eos is not None else [])
        self.eos_ids = sorted(eos)

    def render(self, messages: list[dict], tools: list[dict] | None = None) -> str:
        messages = [m if m.get("content") is not None else {**m, "content": ""} for m in messages]
        kwargs = {"tools": tools} if tools else {}
        return self.tokenizer.apply_chat_template(messages, chat_template=chat_template_of(self.tokenizer),
                                                  tokenize=False, add_generation_prompt=True, **kwargs)

    def encode(self, messages: list[dict], tools: list[dict] | None = None) -> list[int]:
        return list(self.tokenizer(self.render(messages, tools), add_special_tokens=False)["input_ids"])

    def generate(self, prompts: list[list[dict]], config: GenerationConfig, *, tools: list[dict] | None = None,
                 keys: list[int] | None = None,
                 progress: Callable[[int, int], None] | None = None) -> list[list[Completion]]:
        """``config.n`` completions for each prompt, in prompt order; ``keys`` seed each prompt's samples
        (default: its index)."""
        keys = keys if keys is not None else list(range(len(prompts)))
        encoded = [self.encode(p, tools) for p in prompts]
        limit = getattr(self.model.config, "max_position_embeddings", None)
        out: list[list[Completion] | None] = [None] * len(prompts)
        order = sorted(range(len(prompts)), key=lambda i: -len(encoded[i]))
        done = 0
        for idx in self._groups(order, encoded, config.batch_size):
            if limit is not None and len(encoded[idx[0]]) + config.max_new_tokens > limit:
                raise UserError(f"a prompt of {len(encoded[idx[0]])} tokens plus --max-new-tokens "
                                f"{config.max_new_tokens} exceeds the model's {limit} positions; lower --max-new-tokens")
            results = self._batch([encoded[i] for i in idx], [keys[i] for i in idx], config)
            for i, r in zip(idx, results):
                out[i] = r
            done += len(idx)
            if progress:
                progress(done, len(prompts))
        return [o or [] for o in out]

    def _groups(self, order: list[int], encoded: list[list[int]], batch_size: int) -> list[list[int]]:
        """Prompts (longest first) in batches of at most ``batch_size`` and ``batch_tokens`` padded tokens:
        a padded batch makes attention materialise its mask, which for long prompts costs more than the
        batch saves (on CPU above all)."""
        groups, cur = [], []
        for i in order:
            width = len(encoded[cur[0]]) if cur else len(encoded[i])
            if cur and (len(cur) >= batch_size or width * (len(cur) + 1) > self.batch_tokens):
                groups.append(cur)
                cur = []
            cur.append(i)
        return groups + ([cur] if cur else [])

    def _batch(self, seqs: list[list[int]], keys: list[int], config: GenerationConfig) -> list[list[Completion]]:
        import torch

        width = max(len(s) for s in seqs)
        ids = torch.full((len(seqs), width), self.pad_id, dtype=torch.long)
        att = torch.zeros((len(seqs), width), dtype=torch.long)
        for b, s in enumerate(seqs):
            ids[b, width - len(s):] = torch.tensor(s)
            att[b, width - len(s):] = 1
        ids, att = ids.to(self.device), att.to(self.device)
        kwargs = {"max_new_tokens": config.max_new_tokens, "pad_token_id": self.pad_id,
                  "eos_token_id": self.eos_ids or None, "num_return_sequences": config.n}
        if config.temperature > 0:
            kwargs.update(do_sample=True, temperature=config.temperature, top_p=config.top_p, top_k=0)
        else:
            kwargs.update(do_sample=False, temperature=None, top_p=None, top_k=None)
        rows = []
        with torch.inference_mode():
            if config.temperature > 0:
                # One prompt at a time under its own seed: a sample does not depend on its batch mates.
                for b, key in enumerate(keys):
                    torch.manual_seed((config.seed * 1_000_003 + key) % (1 << 63))
                    n = int(att[b].sum())
                    gen = self.model.generate(input_ids=ids[b : b + 1, width - n:],
                                              attention_mask=att[b : b + 1, width - n:], **kwargs)
                    rows.append([g[n:] for g in gen])
            else:
                gen = self.model.generate(input_ids=ids, attention_mask=att, **kwargs)
                rows = [[gen[b * config.n + j][width:] for j in range(config.n)] for b in range(len(seqs))]
        return [[self._completion(g) for g in row] for row in rows]

    def _completion(self, new_ids) -> Completion:
        ids = new_ids.tolist()
        finished = False
        for k, t in enumerate(ids):
            if t in self.eos_ids:
                ids, finished = ids[:k], True
                break
        ids = [t for t in ids if t != self.pad_id]
        return Completion(self.tokenizer.decode(ids, skip_special_tokens=False), len(ids), finished)
