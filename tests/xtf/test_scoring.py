import numpy as np
import pytest
import torch

from ehr_tui.errors import UserError
from ehr_tui.xtf.masks import read_token_file
from ehr_tui.xtf.score_job import score_to_file
from ehr_tui.xtf.scoring import ScoringConfig, TokenScorer, make_batches, select_layers
from ehr_tui.xtf.tokenize import tokenize_example

from .conftest import make_examples


def score_all(scorer, examples, batch=None):
    toks = [tokenize_example(scorer.tokenizer, e, scorer.config.max_length) for e in examples]
    groups = [list(range(len(toks)))] if batch is None else [list(range(i, min(i + batch, len(toks)))) for i in range(0, len(toks), batch)]
    out = []
    for g in groups:
        out += scorer.score_batch([toks[i] for i in g], [examples[i].source for i in g],
                                  [scorer.domain_for(examples[i]) for i in g])
    return toks, out


def reference_scores(scorer, tok):
    """RI and KN straight from the definitions, from full attentions and logits of one unpadded sequence."""
    ids = torch.tensor([tok.input_ids])
    with torch.inference_mode():
        out = scorer.model(input_ids=ids, output_attentions=True, use_cache=False)
    resp = np.array(tok.is_response)
    n = len(resp)
    ri = np.full(n, np.nan)
    layers = [out.attentions[i][0].float().numpy() for i in scorer.layers]  # (H, T, T) each
    for k in np.flatnonzero(resp):
        qs = [q for q in range(k, n) if resp[q]]
        per_layer = [np.mean([[a[h, q, k] * (q + 1) for q in qs] for h in range(a.shape[0])], axis=1).mean() for a in layers]
        ri[k] = np.mean(per_layer)
    probs = torch.softmax(out.logits[0].float(), -1).numpy()
    kn = np.full(n, np.nan)
    for k in np.flatnonzero(resp):
        kn[k] = 1 - probs[k - 1, tok.input_ids[k]]
    return ri, kn


def test_scores_align_with_tokens(scorer, examples):
    toks, scored = score_all(scorer, examples)
    for t, s in zip(toks, scored):
        assert s.example_id == t.example_id
        assert len(s) == len(t.input_ids) == len(s.tokens)
        assert s.token_ids.tolist() == t.input_ids
        resp = np.array(t.is_response)
        for a in ("ri", "kn", "tr"):
            v = s.score(a)
            assert v.dtype == np.float32 and v.shape == (len(t.input_ids),)
            assert np.isnan(v[~resp]).all() and np.isfinite(v[resp]).all()
        assert ((s.kn[resp] >= 0) & (s.kn[resp] <= 1)).all()
        assert ((s.tr[resp] >= 0) & (s.tr[resp] <= 1)).all()


def test_ri_and_kn_follow_their_definitions(scorer, examples):
    toks, scored = score_all(scorer, examples)  # one padded batch: padding must not leak in
    for t, s in zip(toks, scored):
        ri, kn = reference_scores(scorer, t)
        resp = np.array(t.is_response)
        np.testing.assert_allclose(s.ri[resp], ri[resp], rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(s.kn[resp], kn[resp], rtol=1e-4, atol=1e-5)


def test_attention_from_hooks_equals_output_attentions(tiny_model, scorer, examples):
    other = TokenScorer(tiny_model, ScoringConfig(device="cpu"), capture="outputs")
    assert scorer.capture == "hooks" and other.capture == "outputs"
    _, a = score_all(scorer, examples)
    _, b = score_all(other, examples)
    for x, y in zip(a, b):
        np.testing.assert_allclose(x.ri, y.ri, rtol=1e-5, equal_nan=True)


def test_deterministic_and_batch_invariant(scorer, examples):
    _, one = score_all(scorer, examples)
    _, again = score_all(scorer, examples)
    _, singles = score_all(scorer, examples, batch=1)
    for x, y, z in zip(one, again, singles):
        for a in ("ri", "kn", "tr"):
            np.testing.assert_array_equal(x.score(a), y.score(a))
            np.testing.assert_allclose(x.score(a), z.score(a), rtol=1e-4, atol=1e-6, equal_nan=True)


def test_task_relevance_points_at_the_domain(scorer):
    table = scorer.tr_table("apples,total,more")
    assert table.shape == (len(scorer.tokenizer),) and ((table >= 0) & (table <= 1)).all()
    # With random embeddings, the domain vector is the mean of these words' token embeddings: their
    # own tokens lie closest to it.
    word_ids = sorted({i for w in ("apples", "total", "more") for i in scorer.tokenizer(" " + w, add_special_tokens=False)["input_ids"]})
    others = np.setdiff1d(np.arange(len(table)), word_ids)
    assert table[word_ids].mean() > table[others].mean() + 0.05
    math = scorer.tr_table("math")
    assert math.shape == table.shape and not np.allclose(math, table)
    with pytest.raises(UserError, match="unknown domain"):
        scorer.tr_table("astrology")


def test_aggregation_settings_change_ri(tiny_model, examples):
    base = TokenScorer(tiny_model, ScoringConfig(device="cpu"))
    variants = [
        ScoringConfig(device="cpu", ri_head_reduce="max"),
        ScoringConfig(device="cpu", ri_layer_reduce="max"),
        ScoringConfig(device="cpu", ri_layers="last"),
        ScoringConfig(device="cpu", ri_position_norm=False),
    ]
    _, ref = score_all(base, examples[:2])
    for cfg in variants:
        _, got = score_all(TokenScorer(tiny_model, cfg), examples[:2])
        r = ref[0].is_response
        assert not np.allclose(got[0].ri[r], ref[0].ri[r]), cfg
        np.testing.assert_array_equal(got[0].kn, ref[0].kn)  # only RI depends on these settings


def test_layer_selection():
    assert select_layers("all", 4) == [0, 1, 2, 3]
    assert select_layers("last", 4) == [3]
    assert select_layers("last:2", 4) == [2, 3]
    assert select_layers("0,-1", 4) == [0, 3]
    for bad in ("last:0", "last:9", "7", "a,b", "first"):
        with pytest.raises(UserError, match="--ri-layers"):
            select_layers(bad, 4)


def test_batches_respect_token_budget(scorer, examples):
    toks = [tokenize_example(scorer.tokenizer, e) for e in examples]
    batches = make_batches(toks, batch_tokens=120, max_batch_size=4)
    assert sorted(i for b in batches for i in b) == list(range(len(toks)))
    for b in batches:
        assert len(b) <= 4
        assert len(b) == 1 or max(len(toks[i].input_ids) for i in b) * len(b) <= 120


def test_chat_examples_need_a_domain(scorer, examples):
    examples[0].domain = None
    with pytest.raises(UserError, match="names no domain"):
        scorer.domain_for(examples[0])


def test_bad_settings_and_model_path(tmp_path):
    with pytest.raises(UserError, match="--ri-head-reduce"):
        ScoringConfig(ri_head_reduce="median")
    with pytest.raises(UserError, match="no model at"):
        TokenScorer(tmp_path)


def test_scores_file_and_resume(tiny_model, tmp_path, scored_file):
    examples = make_examples()
    cfg = ScoringConfig(device="cpu", batch_tokens=64)  # one example a batch: several flushes
    out = tmp_path / "s.parquet"
    calls = []

    def interrupt(done, total):
        calls.append(done)
        if done >= 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        score_to_file(tiny_model, examples, out, cfg, flush_every=1, progress=interrupt)
    assert not out.exists() and (tmp_path / "s.parquet.partial").is_dir()
    with pytest.raises(UserError, match="unfinished job with other settings"):
        score_to_file(tiny_model, examples, out, ScoringConfig(device="cpu", ri_layers="last"))
    resumed = []
    summary = score_to_file(tiny_model, examples, out, cfg, flush_every=1, progress=lambda d, t: resumed.append(d))
    assert resumed[0] >= 2  # finished examples were not scored again
    assert out.exists() and not (tmp_path / "s.parquet.partial").exists()
    f, ref = read_token_file(out), read_token_file(scored_file)
    assert [e.example_id for e in f.examples] == [e.id for e in examples]
    assert summary["examples"] == len(examples) and f.summary["masked_tokens"] == summary["masked_tokens"]
    for a, b in zip(f.examples, ref.examples):
        np.testing.assert_allclose(a.kn, b.kn, rtol=1e-4, equal_nan=True)
        np.testing.assert_array_equal(a.masked, b.masked)
    s = f.settings
    assert s["method"].startswith("XTF") and s["rule"] == "paper" and s["thresholds"]["kn_min"] == 0.05
    assert s["scoring"]["ri_layers"] == "all" and s["tokenization"]["max_length"] == 2048
    # A restart discards the unfinished job.
    with pytest.raises(KeyboardInterrupt):
        score_to_file(tiny_model, examples, out, cfg, flush_every=1, progress=interrupt)
    score_to_file(tiny_model, examples, out, ScoringConfig(device="cpu", ri_layers="last"), restart=True)
    assert read_token_file(out).settings["layers_used"] == [1]


def test_out_of_memory_is_a_clear_error_and_keeps_finished_work(tiny_model, tmp_path, monkeypatch):
    examples = make_examples()
    calls = {"n": 0}
    real = TokenScorer.score_batch

    def failing(self, items, sources, domains):
        calls["n"] += 1
        if calls["n"] > 2:
            raise torch.OutOfMemoryError("CUDA out of memory")
        return real(self, items, sources, domains)

    monkeypatch.setattr(TokenScorer, "score_batch", failing)
    out = tmp_path / "s.parquet"
    cfg = ScoringConfig(device="cpu", batch_tokens=64)
    with pytest.raises(UserError, match="out of memory scoring 1 examples .* lower --batch-tokens"):
        score_to_file(tiny_model, examples, out, cfg, flush_every=100)
    monkeypatch.setattr(TokenScorer, "score_batch", real)
    resumed = []
    score_to_file(tiny_model, examples, out, cfg, progress=lambda d, t: resumed.append(d))
    assert resumed[0] == 2 and len(read_token_file(out).examples) == len(examples)
