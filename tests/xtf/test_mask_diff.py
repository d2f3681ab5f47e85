"""`xtf diff`: tokens two masks disagree on, counted by attribute; one example shown by disagreement."""

from __future__ import annotations

import copy

import pytest

from ehr_tui.errors import UserError
from ehr_tui.xtf.mask_diff import diff_examples, diff_rules
from ehr_tui.xtf.masks import apply_rule, read_token_file, write_token_file
from xtf_cli.main import main

from .conftest import synthetic_examples


def test_a_rule_against_itself_and_against_a_sub_rule(synthetic_file):
    same = diff_rules(synthetic_file, "paper", "paper")
    assert same.summary["only_a"] == same.summary["only_b"] == 0 and same.summary["agree_fraction"] == 1.0
    d = diff_rules(synthetic_file, "paper", "lacks_kn")
    s = d.summary
    assert s["only_b"] == 0 and s["only_a"] > 0  # lacks_kn masks a subset of what the paper's rule masks
    assert s["lacking"]["only_a"]["kn"] == 0  # none of the extra tokens lacks KN: they come from RI or TR
    assert s["lacking"]["only_a"]["ri"] + s["lacking"]["only_a"]["tr"] >= s["only_a"]
    assert s["masked_a"] == s["masked_both"] + s["only_a"]
    assert s["agree_fraction"] == pytest.approx(1 - s["only_a"] / s["response_tokens"])
    f = read_token_file(synthetic_file)
    for e, x in zip(f.examples, d.examples):
        assert not (x.only_a & ~e.is_response).any()  # prompt tokens are never part of a diff


def test_other_tokens_cannot_be_compared_and_missing_examples_are_listed():
    a = synthetic_examples()
    for e in a:
        apply_rule([e], "paper")
    b = copy.deepcopy(a)
    b[0].token_ids = b[0].token_ids + 1
    with pytest.raises(UserError, match="other tokens"):
        diff_examples(a, b)
    d = diff_examples(a, a[1:])
    assert d.summary["examples_only_in_a"] == ["syn0"] and d.summary["examples_compared"] == 1


def test_diff_command(synthetic_file, tmp_path, capsys):
    f = read_token_file(synthetic_file)
    apply_rule(f.examples, "ri<p50")
    other = write_token_file(tmp_path / "other.parquet", f.examples, "masks", f.settings, {})
    assert main(["diff", str(synthetic_file), str(other)]) == 0
    out = capsys.readouterr().out
    assert "masked only by A" in out and "where the disagreement comes from" in out and "agreement" in out
    assert main(["diff", str(synthetic_file), "--rule", "paper", "--rule", "kn<0.5", "--example", "syn1"]) == 0
    assert "syn1:" in capsys.readouterr().out
    assert main(["diff", str(synthetic_file)]) == 2
    assert "two rules" in capsys.readouterr().err


def test_files_with_no_example_in_common_are_an_error_not_full_agreement(synthetic_file, tmp_path, capsys):
    import dataclasses

    f = read_token_file(synthetic_file)
    renamed = [dataclasses.replace(e, example_id=e.example_id + "-other") for e in f.examples]
    other = write_token_file(tmp_path / "other.parquet", renamed, "masks", f.settings, {})
    assert main(["diff", str(synthetic_file), str(other)]) == 2
    assert "no example in common" in capsys.readouterr().err
