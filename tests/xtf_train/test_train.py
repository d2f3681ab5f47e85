"""Masked-loss training: labels, exact-zero gradients of masked tokens, learning, resume, options."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from ehr_tui.errors import UserError
from ehr_tui.xtf.masks import read_token_file, training_labels
from ehr_tui.xtf.tokenize import tokenize_example
from ehr_tui.xtf.train import (
    IGNORE, collate, loss_sum, predicting_positions, prepare_items, read_metrics, train,
)
from tests.xtf.conftest import make_examples


def _model_and_tokenizer(path):
    from ehr_tui.xtf.scoring import load_model_and_tokenizer

    model, tok, _ = load_model_and_tokenizer(path, device="cpu", dtype="float32", attn=None)
    return model.train(), tok


def _steps(out):
    records, _ = read_metrics(out / "metrics.jsonl")
    return [r for r in records if r["event"] == "step"], records


def test_labels_are_the_mask_files_join_contract(config, tiny_model, masks_file):
    _, tok = _model_and_tokenizer(tiny_model)
    items, stats, max_len = prepare_items(tok, config())
    assert max_len == 256  # the length the masks were scored at
    f = read_token_file(masks_file)
    for ex, item in zip(make_examples(), items):
        t = tokenize_example(tok, ex, 256)
        assert item.labels == training_labels(t.input_ids, t.is_response, f.example(ex.id))
        kept = np.asarray(t.is_response) & ~f.example(ex.id).masked
        assert [x != IGNORE for x in item.labels] == kept.tolist()
    assert stats.kept_tokens == sum(int(x != IGNORE) for it in items for x in it.labels)
    assert 0 < stats.kept_ratio < 1

    # Without masks: plain SFT on every response token, none of the prompt.
    items, stats, _ = prepare_items(tok, config(masks=None))
    for ex, item in zip(make_examples(), items):
        t = tokenize_example(tok, ex, 2048)
        assert item.labels == [i if r else IGNORE for i, r in zip(t.input_ids, t.is_response)]
    assert stats.kept_ratio == 1.0


def test_masked_tokens_contribute_exactly_zero_gradient(config, tiny_model):
    model, tok = _model_and_tokenizer(tiny_model)
    # float64 throughout: the three gradient computations below sum the same terms in different
    # orders (BLAS kernels vary with CPU, threads and load), which in float32 differs by ~1e-7 of
    # the largest gradient; in float64 by ~1e-15, far below the tolerance used. The zero checks
    # on masked positions stay exact: a zero gradient is zero in any precision.
    model = model.double()
    items, _, _ = prepare_items(tok, config())
    batch = collate(items[:4], tok.pad_token_id, torch.device("cpu"))
    predicting, targets = predicting_positions(batch.labels)
    masked_response = (batch.labels == IGNORE) & (batch.attention_mask == 1)
    assert masked_response.sum() > 0 and predicting.sum() == batch.n_kept

    # Full logits: the loss gradient on every position that does not predict a kept token is 0.0 exactly.
    seen = {}

    def keep_grad(module, args, output):
        output.retain_grad()
        seen["logits"] = output

    handle = model.lm_head.register_forward_hook(keep_grad)
    model.zero_grad()
    full = loss_sum(model, batch, select_logits=False)
    full.backward()
    g = seen["logits"].grad  # (B, T, V)
    assert torch.count_nonzero(g[~predicting]) == 0
    assert bool((g[predicting].abs().sum(-1) > 0).all())
    grads_full = {n: p.grad.clone() for n, p in model.named_parameters()}

    # The training path projects only the predicting positions at all...
    model.zero_grad()
    sel = loss_sum(model, batch, select_logits=True)
    assert seen["logits"].shape == (batch.n_kept, model.config.vocab_size)
    sel.backward()
    handle.remove()
    grads_sel = {n: p.grad.clone() for n, p in model.named_parameters()}
    # ...and gives the same loss and gradients as an explicit reference: CE of every position
    # times a 0/1 keep weight, over full logits.
    model.zero_grad()
    logits = model(input_ids=batch.input_ids, attention_mask=batch.attention_mask).logits[:, :-1]
    shifted = batch.labels[:, 1:]
    ce = torch.nn.functional.cross_entropy(logits.transpose(1, 2), shifted.clamp_min(0), reduction="none")
    ref = (ce * (shifted != IGNORE)).sum()
    ref.backward()
    assert sel.dtype == torch.float64
    assert torch.allclose(sel, ref, rtol=1e-10) and torch.allclose(full, ref, rtol=1e-10)
    for n, p in model.named_parameters():
        # scale-aware: relative to the parameter's largest gradient, 1e-9 is ~10^6 float64 epsilons
        # of round-off headroom and still ~10^6 times smaller than any real masking difference
        scale = float(p.grad.abs().max()) or 1.0
        for other in (grads_full, grads_sel):
            assert float((p.grad - other[n]).abs().max()) <= 1e-9 * scale, n
    del targets


def test_a_fully_masked_example_changes_nothing(config, tiny_model):
    """Masking every target of one example removes exactly its loss terms: the other rows' loss stays."""
    model, tok = _model_and_tokenizer(tiny_model)
    items, _, _ = prepare_items(tok, config())
    a, b = items[0], items[1]
    blank = type(b)(b.example_id, b.input_ids, [IGNORE] * len(b.labels), b.n_response)
    both = loss_sum(model, collate([a, blank], tok.pad_token_id, torch.device("cpu")))
    alone = loss_sum(model, collate([a], tok.pad_token_id, torch.device("cpu")))
    assert torch.allclose(both, alone, rtol=1e-6)


def test_loss_decreases(config):
    result = train(config(max_steps=15))
    assert result.status == "finished" and result.steps == 15
    assert np.mean(result.losses[-3:]) < 0.8 * np.mean(result.losses[:3])
    steps, records = _steps(result.output)
    assert [r["step"] for r in steps] == list(range(1, 16))
    r = steps[0]
    assert r["tokens_kept"] <= r["tokens_response"] <= r["tokens_total"] and r["tokens_per_s"] > 0
    assert records[0]["event"] == "start" and records[-1] == {**records[-1], "event": "end", "status": "finished"}
    final = result.final
    assert (final / "model.safetensors").is_file() and (final / "tokenizer.json").is_file()
    info = json.loads((final / "train_info.json").read_text())
    assert info["steps"] == 15 and info["masks"]
    # The trained model loads with the ordinary loading code.
    from transformers import AutoModelForCausalLM

    AutoModelForCausalLM.from_pretrained(final)
    # Repeating the command does nothing more.
    again = train(config(max_steps=15))
    assert again.status == "already-finished" and again.steps == 15


def test_resume_continues_the_step_count_exactly(config, tmp_path):
    straight = train(config(max_steps=7, output=str(tmp_path / "straight")))

    def crash_after_5(rec):
        if rec["step"] == 5:
            raise KeyboardInterrupt

    out = tmp_path / "resumed"
    with pytest.raises(KeyboardInterrupt):
        train(config(max_steps=7, output=str(out), save_every=3), progress=crash_after_5)
    assert sorted(p.name for p in out.glob("checkpoint-*")) == ["checkpoint-3"]
    ckpt = out / "checkpoint-3"
    assert {"model.safetensors", "optimizer.pt", "scheduler.pt", "rng_state_0.pt", "trainer_state.json"} <= \
        {p.name for p in ckpt.iterdir()}
    resumed = train(config(max_steps=7, output=str(out), save_every=3))
    assert resumed.status == "finished" and resumed.steps == 7
    steps, records = _steps(out)
    assert [r["step"] for r in steps] == [1, 2, 3, 4, 5, 6, 7]  # steps 4-5 of the crashed run dropped
    assert [r["resumed"] for r in records if r["event"] == "start"] == [False, True]
    # Same data order, weights, optimizer and schedule: the same losses as without the crash.
    np.testing.assert_allclose([r["loss"] for r in steps], straight.losses, rtol=1e-5)


def test_grad_accum_weighs_every_kept_token_the_same(config, tmp_path):
    one = train(config(max_steps=1, batch_size=4, output=str(tmp_path / "a")))
    two = train(config(max_steps=1, batch_size=2, grad_accum=2, output=str(tmp_path / "b")))
    np.testing.assert_allclose(one.losses, two.losses, rtol=1e-5)
    # The gradient norm (before clipping) of the step: the same gradient, however it was accumulated.
    norms = [_steps(r.output)[0][0]["grad_norm"] for r in (one, two)]
    np.testing.assert_allclose(norms[0], norms[1], rtol=1e-5)


def test_lora_trains_an_adapter_and_merges_it(config):
    result = train(config(lora=True, lora_r=4, max_steps=3, lr=1e-2))
    assert result.status == "finished"
    assert (result.final / "adapter" / "adapter_model.safetensors").is_file()
    assert (result.final / "model.safetensors").is_file()  # merged: servable without peft


def test_settings_are_checked_before_resuming(config):
    train(config(max_steps=2, save_every=1))
    with pytest.raises(UserError, match="other settings .*lr"):
        train(config(max_steps=2, save_every=1, lr=1e-4))
    assert train(config(max_steps=2, save_every=1, lr=1e-4), restart=True).status == "finished"


@pytest.mark.parametrize("kw, message", [
    ({"batch_size": 0}, "--batch-size must be at least 1"),
    ({"lr": 0.0}, "--lr must be positive"),
    ({"scheduler": "step"}, "--scheduler must be one of"),
    ({"device": "tpu"}, "--device must be"),
    ({"lora": True, "strategy": "fsdp"}, "--lora trains with --strategy ddp"),
])
def test_bad_settings(config, kw, message):
    with pytest.raises(UserError, match=message):
        config(**kw).validate()


def test_masks_that_do_not_fit_the_data(config, tiny_model, tmp_path):
    _, tok = _model_and_tokenizer(tiny_model)
    with pytest.raises(UserError, match="exceeds the length the masks were scored at"):
        prepare_items(tok, config(max_len=512))
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "zz", "prompt": "Count the patients.", "response": "There are 3."}) + "\n")
    with pytest.raises(UserError, match="not in .*score the same data"):
        prepare_items(tok, config(data=[str(other)]))
    with pytest.raises(UserError, match="no model at"):
        train(config(model=str(tmp_path)))
    with pytest.raises(UserError, match="no masks file at"):
        train(config(masks=str(tmp_path / "none.parquet")))


def test_a_shorter_max_len_cuts_the_scored_tokens(config, tiny_model):
    _, tok = _model_and_tokenizer(tiny_model)
    items, stats, max_len = prepare_items(tok, config(max_len=56))
    assert max_len == 56 and items and all(len(it.input_ids) <= 56 for it in items)
    assert stats.truncated > 0
