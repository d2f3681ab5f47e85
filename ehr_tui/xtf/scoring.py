"""The three XTF token attributes (arXiv 2602.14536), from one forward pass of the base causal LM.

No reference model is trained. Prompt and response are fed together, teacher-forced, with eager
attention so the attention weights exist; per response token k (position k of the sequence):

RI, reasoning importance: how much the response attends to token k. Per layer l and head h,
    RI[l,h,k] = mean over response query positions q >= k of  A[l,h,q,k] * n(q)
  where n(q) = q + 1 is the number of keys query q sees, so a uniform attention row scores 1
  (without it late tokens win only because their rows spread over fewer keys; switch with
  ``ri_position_norm``). Heads are reduced (``ri_head_reduce``: mean | max), then the selected
  layers (``ri_layers``: all | last | last:N | i,j,..; ``ri_layer_reduce``: mean | max).
KN, knowledge novelty: 1 - P(token k | prompt, response tokens before k).
TR, task relevance: 1 - normalised distance between the token's input embedding and the domain
  vector, the mean input embedding of a domain word list (``domains.py``); ``tr_distance``:
  cosine (distance (1 - cos)/2) or euclidean (distance / the largest distance over the vocabulary).

The per-layer attention is reduced inside a forward hook on each attention module, to a (batch,
keys) vector, so the full attention tensors of all layers are never kept at once; logits are
computed only at the positions that predict response tokens. Scoring thus costs about one eager
forward pass per token. GPU and bfloat16 are used when present; everything runs on CPU.
"""

from __future__ import annotations

import inspect
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..errors import UserError
from .data import SFTExample
from .domains import domain_words
from .masks import ScoredExample
from .models import load_model_and_tokenizer
from .tokenize import TokenizedExample, tokenization_settings

METHOD = "XTF (arXiv 2602.14536): RI attention, KN teacher-forced 1-p, TR embedding distance to a domain vector"


@dataclass
class ScoringConfig:
    ri_layers: str = "all"
    ri_head_reduce: str = "mean"
    ri_layer_reduce: str = "mean"
    ri_position_norm: bool = True
    tr_distance: str = "cosine"
    domain: str = "auto"  # auto: each example's own domain (from its source); or a domains.domain_words spec
    max_length: int = 2048
    batch_tokens: int = 8192  # padded tokens per batch; eager attention holds batch * heads * T^2 per layer
    max_batch_size: int = 32
    device: str = "auto"
    dtype: str = "auto"

    def __post_init__(self) -> None:
        for name, value, allowed in (
            ("--ri-head-reduce", self.ri_head_reduce, ("mean", "max")),
            ("--ri-layer-reduce", self.ri_layer_reduce, ("mean", "max")),
            ("--tr-distance", self.tr_distance, ("cosine", "euclidean")),
            ("--device", self.device, ("auto", "cpu", "cuda", "mps")),
            ("--dtype", self.dtype, ("auto", "float32", "bfloat16", "float16")),
        ):
            if value not in allowed:
                raise UserError(f"{name} must be one of {', '.join(allowed)} (got {value!r})")
        if self.max_length < 2:
            raise UserError("--max-length must be at least 2")
        if self.batch_tokens < 1 or self.max_batch_size < 1:
            raise UserError("--batch-tokens and --max-batch-size must be positive")

    def to_dict(self) -> dict:
        return asdict(self)


def select_layers(spec: str, n_layers: int) -> list[int]:
    """Layer indices for ``all``, ``last``, ``last:N`` or a comma list (negative counts from the end)."""
    s = spec.strip()
    if s == "all":
        return list(range(n_layers))
    if s == "last":
        return [n_layers - 1]
    bad = UserError(
        f"--ri-layers {spec!r}: use all, last, last:N or layer indices like 0,3,-1 (the model has {n_layers} layers)"
    )
    try:
        if s.startswith("last:"):
            k = int(s[5:])
            if not 0 < k <= n_layers:
                raise bad
            return list(range(n_layers - k, n_layers))
        picked = [int(x) for x in s.split(",")]
    except ValueError:
        raise bad from None
    if any(not -n_layers <= i < n_layers for i in picked):
        raise bad
    return sorted({i % n_layers for i in picked})


@dataclass
class Batch:
    examples: list[TokenizedExample]
    input_ids: object  # torch.LongTensor (B, T), right-padded
    attention_mask: object  # (B, T), 1 on real tokens
    is_response: object  # bool (B, T)


def collate(items: list[TokenizedExample], pad_id: int, device) -> Batch:
    import torch

    T = max(len(t.input_ids) for t in items)
    ids = torch.full((len(items), T), pad_id, dtype=torch.long)
    att = torch.zeros((len(items), T), dtype=torch.long)
    resp = torch.zeros((len(items), T), dtype=torch.bool)
    for b, t in enumerate(items):
        n = len(t.input_ids)
        ids[b, :n] = torch.tensor(t.input_ids)
        att[b, :n] = 1
        resp[b, :n] = torch.tensor(t.is_response)
    return Batch(items, ids.to(device), att.to(device), resp.to(device))


def make_batches(items: list[TokenizedExample], batch_tokens: int, max_batch_size: int) -> list[list[int]]:
    """Indices of ``items`` grouped longest-first so that padded size stays under ``batch_tokens``."""
    order = sorted(range(len(items)), key=lambda i: -len(items[i].input_ids))
    batches, cur, cur_len = [], [], 0
    for i in order:
        n = len(items[i].input_ids)
        width = max(cur_len, n)
        if cur and (width * (len(cur) + 1) > batch_tokens or len(cur) >= max_batch_size):
            batches.append(cur)
            cur, width = [], n
        cur.append(i)
        cur_len = width
    if cur:
        batches.append(cur)
    return batches


def _attention_module_class(model):
    """The attention module class and output index transformers records attentions from, if declared."""
    spec = getattr(model, "_can_record_outputs", None) or {}
    target = spec.get("attentions")
    for s in target if isinstance(target, list) else [target]:
        if isinstance(s, type):
            return s, 1
        if s is not None and getattr(s, "target_class", None) is not None:
            return s.target_class, s.index
    return None, None


class TokenScorer:
    """Scores tokenised SFT examples with one model; reuse it across batches."""

    def __init__(self, model_path: str | Path, config: ScoringConfig | None = None, *, capture: str = "hooks"):
        self.config = config or ScoringConfig()
        self.model_path = str(model_path)
        self.model, self.tokenizer, self.device = load_model_and_tokenizer(
            model_path, self.config.device, self.config.dtype, attn="eager"
        )
        n_layers = self.model.config.num_hidden_layers
        self.layers = select_layers(self.config.ri_layers, n_layers)
        self.pad_id = self.tokenizer.pad_token_id
        if self.pad_id is None:
            self.pad_id = self.tokenizer.eos_token_id if self.tokenizer.eos_token_id is not None else 0
        self._tr_tables: dict[str, np.ndarray] = {}
        self._domain_names: dict[str, str] = {}
        # Capture attention with hooks on the attention modules (memory: one layer at a time), or,
        # for architectures that declare no attention module, from output_attentions.
        cls, self._attn_index = _attention_module_class(self.model)
        self._attn_modules = [m for m in self.model.modules() if cls is not None and isinstance(m, cls)]
        self.capture = capture if self._attn_modules and len(self._attn_modules) == n_layers else "outputs"
        self._state: dict | None = None
        if self.capture == "hooks":
            for li, m in enumerate(self._attn_modules):
                m.register_forward_hook(self._make_hook(li))
        self._logits_mask_ok = "logits_to_keep" in inspect.signature(self.model.forward).parameters and \
            self._probe_logits_to_keep()

    # -- task relevance ------------------------------------------------------------------------

    def tr_table(self, spec: str) -> np.ndarray:
        """TR of every vocabulary entry against the domain ``spec`` (cached)."""
        if spec not in self._tr_tables:
            import torch

            name, words = domain_words(spec)
            E = self.model.get_input_embeddings().weight.detach().float().cpu()
            special = set(self.tokenizer.all_special_ids)
            vecs = []
            for w in words:
                ids = [i for i in self.tokenizer(" " + w, add_special_tokens=False)["input_ids"] if i not in special]
                if ids:
                    vecs.append(E[ids].mean(0))
            if not vecs:
                raise UserError(f"no word of the domain list {spec!r} maps to tokens of this tokenizer")
            d = torch.stack(vecs).mean(0)
            if self.config.tr_distance == "cosine":
                cos = torch.nn.functional.cosine_similarity(E, d[None, :], dim=1)
                dist = (1 - cos) / 2
            else:
                dist = torch.linalg.vector_norm(E - d[None, :], dim=1)
                dist = dist / dist.max().clamp_min(1e-12)
            self._tr_tables[spec] = (1 - dist).numpy().astype(np.float32)
            self._domain_names[spec] = name
        return self._tr_tables[spec]

    def domain_for(self, ex: SFTExample) -> str:
        if self.config.domain != "auto":
            return self.config.domain
        if not ex.domain:
            raise UserError(
                f"example {ex.id} (source {ex.source}) names no domain for task relevance; pass --domain "
                "math|code|medicine|ehr-sql, @FILE or w1,w2,..."
            )
        return ex.domain

    # -- reasoning importance -------------------------------------------------------------------

    def _make_hook(self, layer_index: int):
        def hook(module, args, output):
            if self._state is None or layer_index not in self._state["layers"]:
                return
            w = output[self._attn_index] if isinstance(output, tuple) else None
            if w is None:
                raise UserError("this model's attention returned no weights; XTF needs attn_implementation='eager'")
            self._reduce_layer(w)

        return hook

    def _reduce_layer(self, w) -> None:
        """Fold one layer's attention (B, H, Tq, Tk) into the running RI of the batch."""
        import torch

        st = self._state
        qw = st["query_weight"].to(w.dtype)  # (B, T): response queries, times n(q) if position-normalised
        # Column sums over the weighted queries, per head: (B, H, 1, Tq) @ (B, H, Tq, Tk).
        col = (qw[:, None, None, :] @ w).squeeze(2).float() / st["query_count"][:, None, :]
        per_layer = col.mean(1) if self.config.ri_head_reduce == "mean" else col.amax(1)
        if st["ri"] is None:
            st["ri"] = per_layer
        elif self.config.ri_layer_reduce == "mean":
            st["ri"] = st["ri"] + per_layer
        else:
            st["ri"] = torch.maximum(st["ri"], per_layer)

    def _probe_logits_to_keep(self) -> bool:
        """Does this model keep exactly the positions of a boolean (B, T) logits_to_keep mask?"""
        import torch

        ids = torch.arange(4, device=self.device)[None, :] % self.model.config.vocab_size
        keep = torch.tensor([[False, True, False, True]], device=self.device)
        try:
            with torch.inference_mode():
                full = self.model(input_ids=ids, use_cache=False).logits
                part = self.model(input_ids=ids, use_cache=False, logits_to_keep=keep).logits
        except Exception:  # an architecture without mask support: compute all logits instead
            return False
        # Loose tolerance: in bf16 the two matmul shapes round differently; wrong positions differ by O(1).
        return part.dim() == 2 and part.shape[0] == 2 and torch.allclose(
            part.float(), full[keep].float(), atol=2e-2, rtol=2e-2
        )

    # -- one batch ------------------------------------------------------------------------------

    def forward_batch(self, batch: Batch):
        """(RI (B, T) float32, logits at predicting positions (N, V), their targets (N,)) for a batch."""
        import torch

        resp = batch.is_response
        B, T = resp.shape
        pos = torch.arange(T, device=resp.device, dtype=torch.float32)
        qw = resp.float() * ((pos + 1)[None, :] if self.config.ri_position_norm else 1.0)
        # Response queries at or after each key: reverse cumulative count (>= 1 for response keys).
        count = torch.flip(torch.cumsum(torch.flip(resp.float(), [1]), 1), [1]).clamp_min(1.0)
        self._state = {"layers": set(self.layers), "query_weight": qw, "query_count": count, "ri": None}
        predicting = torch.zeros_like(resp)
        predicting[:, :-1] = resp[:, 1:]
        targets = batch.input_ids[:, 1:][resp[:, 1:]]
        kwargs = {"input_ids": batch.input_ids, "attention_mask": batch.attention_mask, "use_cache": False}
        if self._logits_mask_ok:
            kwargs["logits_to_keep"] = predicting
        if self.capture == "outputs":
            kwargs["output_attentions"] = True
        try:
            with torch.inference_mode():
                out = self.model(**kwargs)
                if self.capture == "outputs":
                    if not out.attentions or out.attentions[0] is None:
                        raise UserError("this model returns no attention weights, which reasoning importance needs")
                    for li in self.layers:
                        self._reduce_layer(out.attentions[li])
            ri = self._state["ri"]
        finally:
            self._state = None
        if self.config.ri_layer_reduce == "mean":
            ri = ri / len(self.layers)
        logits = out.logits if self._logits_mask_ok else out.logits[predicting]
        return ri, logits, targets

    def score_batch(self, items: list[TokenizedExample], sources: list[str], domains: list[str]) -> list[ScoredExample]:
        import torch

        batch = collate(items, self.pad_id, self.device)
        ri, logits, targets = self.forward_batch(batch)
        # p(target) in float32, a chunk of rows at a time so (rows, vocab) stays small.
        probs = []
        for s in range(0, logits.shape[0], 1024):
            lg = logits[s : s + 1024].float()
            probs.append(torch.exp(lg.gather(1, targets[s : s + 1024, None]).squeeze(1) - torch.logsumexp(lg, 1)))
        p = torch.cat(probs).cpu().numpy() if probs else np.zeros(0, np.float32)
        ri = ri.cpu().numpy()
        out, used = [], 0
        for b, (t, src, dom) in enumerate(zip(items, sources, domains)):
            n = len(t.input_ids)
            resp = np.asarray(t.is_response, dtype=bool)
            ids = np.asarray(t.input_ids, dtype=np.int32)
            nan = np.full(n, np.nan, dtype=np.float32)
            r, k, tr = nan.copy(), nan.copy(), nan.copy()
            r[resp] = ri[b, :n][resp]
            # Targets were taken row-major over positions 1..T-1; position 0 is never a response token.
            m = int(resp[1:].sum())
            k[1:][resp[1:]] = 1.0 - p[used : used + m]
            used += m
            tr[resp] = self.tr_table(dom)[ids[resp]]
            out.append(ScoredExample(t.example_id, src, ids, t.tokens, resp, r, k, tr))
        return out

    def settings(self) -> dict:
        return {
            "method": METHOD,
            "model": self.model_path,
            "model_type": getattr(self.model.config, "model_type", None),
            "layers_used": self.layers,
            "attention_capture": self.capture,
            "device": str(self.device),
            "dtype": str(self.model.dtype).replace("torch.", ""),
            "scoring": self.config.to_dict(),
            "domains": dict(self._domain_names),
            "tokenization": tokenization_settings(self.tokenizer, self.config.max_length),
        }
