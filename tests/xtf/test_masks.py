import duckdb
import numpy as np
import pytest

from ehr_tui.errors import UserError
from ehr_tui.xtf.masks import (
    ScoreSet,
    Thresholds,
    apply_rule,
    parse_rule,
    read_metadata,
    read_token_file,
    training_labels,
    write_token_file,
)
from ehr_tui.xtf.thresholds import multi_otsu

from .conftest import synthetic_examples


def test_multi_otsu_matches_scikit_image():
    # Reference thresholds from skimage.filters.threshold_multiotsu(x, k, nbins=256), which gives the
    # centre of the last bin below each cut; ours is that bin's upper edge, half a bin higher.
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.normal(0.2, 0.04, 400), rng.normal(0.5, 0.05, 500), rng.normal(0.85, 0.03, 100)])
    half = (x.max() - x.min()) / 256 / 2
    assert multi_otsu(x, 2) == pytest.approx(np.array([0.37355167937223827]) + half)
    assert multi_otsu(x, 3) == pytest.approx(np.array([0.2905983416694788, 0.6290479594967375]) + half)
    assert multi_otsu(x, 4) == pytest.approx(
        np.array([0.2905983416694788, 0.49964075268043273, 0.6290479594967375]) + half
    )
    y = np.round(rng.uniform(0, 1, 50), 1)
    assert multi_otsu(y, 3) == pytest.approx(np.array([0.298828125, 0.599609375]) + (y.max() - y.min()) / 512)


def test_multi_otsu_without_a_split():
    assert multi_otsu(np.array([0.5, 0.5, 0.7]), 3) == []
    assert multi_otsu(np.array([np.nan, 0.1, 0.2, 0.9]), 3) != []


def one(ri, kn, tr, prompt=2):
    from ehr_tui.xtf.masks import ScoredExample

    n = prompt + len(ri)
    resp = np.array([False] * prompt + [True] * len(ri))
    pad = [np.nan] * prompt
    arr = lambda v: np.array(pad + list(v), dtype=np.float32)  # noqa: E731
    return ScoredExample("e", "chat", np.arange(n, dtype=np.int32), [f"t{i}" for i in range(n)], resp,
                         arr(ri), arr(kn), arr(tr))


def test_paper_flags():
    # RI: Q1 = 1, Q3 = 1, so the fence is 1 - k*0; only 0.1 is below. KN below 0.05 lacks novelty.
    ex = one(ri=[1, 1, 1, 1, 1, 0.1], kn=[0.5, 0.01, 0.5, 0.5, 0.5, 0.5], tr=[0.1, 0.1, 0.5, 0.5, 0.9, 0.9])
    s = apply_rule([ex], "paper", Thresholds(tr_band=(0.4, 0.6)))
    r = ex.is_response
    assert ex.lacks_ri[r].tolist() == [False] * 5 + [True]
    assert ex.lacks_kn[r].tolist() == [False, True, False, False, False, False]
    assert ex.lacks_tr[r].tolist() == [False, False, True, True, False, False]
    assert ex.masked[r].tolist() == [False, True, True, True, False, True]
    assert not ex.masked[~r].any() and not ex.lacks_tr[~r].any()  # prompt tokens are never masked
    assert s["masked_tokens"] == 4 and s["masked_fraction"] == pytest.approx(4 / 6)
    assert s["lacks_fraction"] == pytest.approx({"ri": 1 / 6, "kn": 1 / 6, "tr": 2 / 6})


def test_ri_fence_is_per_example():
    a = one(ri=[10, 10, 10, 1], kn=[1] * 4, tr=[1] * 4)
    b = one(ri=[1, 1, 1, 1], kn=[1] * 4, tr=[1] * 4)
    apply_rule([a, b], "lacks_ri")
    assert a.masked[a.is_response].tolist() == [False, False, False, True]
    assert not b.masked.any()


def test_tr_noise_class_is_second_lowest_of_multi_otsu():
    rng = np.random.default_rng(1)
    tr = np.concatenate([rng.normal(0.1, 0.01, 30), rng.normal(0.5, 0.01, 30), rng.normal(0.9, 0.01, 30)])
    ex = one(ri=np.ones(90), kn=np.ones(90), tr=tr)
    s = apply_rule([ex], "lacks_tr")
    r = ex.is_response
    assert ex.masked[r].tolist() == [False] * 30 + [True] * 30 + [False] * 30
    lo, hi = s["tr_band"]
    assert 0.1 < lo < 0.5 < hi < 0.9


def test_rules_percentiles_weighted_and_intersection():
    ex = one(ri=np.arange(10), kn=np.arange(10)[::-1] / 10, tr=np.full(10, 0.5))
    r = ex.is_response
    apply_rule([ex], "ri<p20")
    assert ex.masked[r].tolist() == [True, True] + [False] * 8
    apply_rule([ex], "kn > 0.65")
    assert ex.masked[r].tolist() == [True, True, True] + [False] * 7
    apply_rule([ex], "ri<3 & kn>0.75")
    assert ex.masked[r].tolist() == [True, True] + [False] * 8
    # ri ranks rise, kn ranks fall: equal weights tie everything at 0.5 but ri-heavy favours low ri.
    apply_rule([ex], "0.9*ri + 0.1*kn < 0.3")
    assert ex.masked[r].tolist() == [True, True, True] + [False] * 7


@pytest.mark.parametrize(
    "rule, message",
    [("", "empty"), ("ri<p10 | kn<0.1 & tr<0.2", "mixes | and &"), ("xx<0.1", "unknown score 'xx'"), ("ri=0.1", "cannot read rule term"),
     ("0.5*ri + zz < 0.2", "weighted sum"), ("ri<p120", "between p0 and p100"), ("paper |", "cannot read")],
)
def test_bad_rules(rule, message):
    with pytest.raises(UserError, match=message):
        parse_rule(rule)


def test_summary_flags_masking_bugs():
    ex = one(ri=[1, 1], kn=[0.0, 0.0], tr=[0.5, 0.5])
    s = apply_rule([ex], "paper")
    assert s["examples_fully_masked"] == 1 and s["examples_first_response_token_masked"] == 1


def test_file_round_trip(tmp_path):
    exs = synthetic_examples()
    summary = apply_rule(exs, "ri<p30 | lacks_kn", Thresholds(kn_min=0.3))
    path = write_token_file(tmp_path / "m.parquet", exs, "masks", {"rule": "x", "thresholds": {"kn_min": 0.3}}, summary)
    f = read_token_file(path)
    assert f.kind == "masks" and f.settings["rule"] == "x" and f.summary == summary
    for a, b in zip(exs, f.examples):
        assert a.example_id == b.example_id and a.tokens == b.tokens
        np.testing.assert_array_equal(a.token_ids, b.token_ids)
        for col in ("is_response", "lacks_ri", "lacks_kn", "lacks_tr", "masked"):
            np.testing.assert_array_equal(getattr(a, col), getattr(b, col))
        for col in ("ri", "kn", "tr"):
            np.testing.assert_array_equal(getattr(a, col), getattr(b, col))  # NaN outside the response
    # Prompt scores are stored as NULL; the table is queryable with plain SQL.
    nulls = duckdb.sql(f"SELECT count(*) FROM (SELECT unnest(ri) AS v FROM '{path}') WHERE v IS NULL").fetchall()[0][0]
    assert nulls == sum(int((~e.is_response).sum()) for e in exs)
    only = read_token_file(path, example_ids=["syn1"])
    assert [e.example_id for e in only.examples] == ["syn1"]
    assert not list(tmp_path.glob(".*tmp"))


def test_reader_rejects_other_versions_and_other_files(tmp_path):
    v2 = tmp_path / "v2.parquet"
    duckdb.sql(f"COPY (SELECT 1 AS x) TO '{v2}' (FORMAT parquet, KV_METADATA {{xtf_format_version: '2'}})")
    with pytest.raises(UserError, match="format version 2; this ehr-tui reads version 1 only"):
        read_token_file(v2)
    plain = tmp_path / "plain.parquet"
    duckdb.sql(f"COPY (SELECT 1 AS x) TO '{plain}' (FORMAT parquet)")
    with pytest.raises(UserError, match="not an XTF token file"):
        read_metadata(plain)
    text = tmp_path / "x.parquet"
    text.write_text("hello")
    with pytest.raises(UserError, match="not a Parquet file"):
        read_token_file(text)
    with pytest.raises(UserError, match="no file at"):
        read_token_file(tmp_path / "missing.parquet")
    f = tmp_path / "m.parquet"
    exs = synthetic_examples()
    write_token_file(f, exs, "scores", {}, apply_rule(exs, "paper"))
    with pytest.raises(UserError, match="no example 'syn9'"):
        read_token_file(f).example("syn9")


def test_training_labels_join(tmp_path):
    ex = synthetic_examples()[0]
    apply_rule([ex], "kn<0.5")
    labels = training_labels(ex.token_ids.tolist(), ex.is_response.tolist(), ex)
    for i, lab in enumerate(labels):
        kept = ex.is_response[i] and not ex.masked[i]
        assert lab == (int(ex.token_ids[i]) if kept else -100)
    with pytest.raises(UserError, match="tokens differ"):
        training_labels(ex.token_ids.tolist()[:-1], ex.is_response.tolist()[:-1], ex)


def test_score_set_live_thresholds_are_consistent_with_apply_rule():
    exs = synthetic_examples()
    ss = ScoreSet(exs)
    th = Thresholds(ri_iqr_k=0.5, kn_min=0.3, tr_band=(0.4, 0.6))
    masked, _ = ss.evaluate(parse_rule("paper"), th)
    apply_rule(exs, "paper", th)
    for i, e in enumerate(exs):
        np.testing.assert_array_equal(ss.scatter(masked, i), e.masked)
    assert ss.ri_fence(0, th) < np.nanmax(exs[0].ri)
