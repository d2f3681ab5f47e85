import json

import pytest

from ehr_tui.xtf.data import write_examples
from ehr_tui.xtf.masks import read_token_file
from xtf_cli.main import main

from .conftest import DATASETS, make_examples, needs_datasets


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_score_mask_inspect(tiny_model, tmp_path, capsys):
    data = write_examples(tmp_path / "sft.jsonl", make_examples())
    scores, masks = tmp_path / "scores.parquet", tmp_path / "masks.parquet"
    rc, out, _ = run(capsys, "score", "--model", tiny_model, "--data", data, "-o", scores, "--device", "cpu",
                     "--kn-threshold", "0.1", "--ri-layers", "last")
    assert rc == 0 and "masked response tokens" in out and "TR band lacking relevance" in out
    f = read_token_file(scores)
    assert f.settings["thresholds"]["kn_min"] == 0.1 and f.settings["layers_used"] == [1]
    assert f.settings["data_files"] == [str(data)]

    rc, out, _ = run(capsys, "mask", scores, "--rule", "ri<p25 | lacks_kn", "-o", masks)
    assert rc == 0 and "ri<p25 | lacks_kn" in out
    m = read_token_file(masks)
    assert m.kind == "masks" and m.settings["rule"] == "ri<p25 | lacks_kn"
    assert m.settings["thresholds"]["kn_min"] == 0.1  # kept from the scores file
    assert 0.25 <= m.summary["masked_fraction"] < 0.6

    rc, out, _ = run(capsys, "inspect", masks, "--example", "ex3", "--attribute", "kn")
    assert rc == 0 and "ex3 (chat)" in out and "SELECT COUNT(*) FROM patients WHERE anchor_age" in out
    assert "KN knowledge novelty" in out and "TR over all response tokens" in out
    rc, out, _ = run(capsys, "inspect", masks, "--list")
    assert rc == 0 and all(f"ex{i}" in out for i in range(6))


@needs_datasets()
def test_score_gsm8k_file(tiny_model, tmp_path, capsys):
    out = tmp_path / "g.parquet"
    rc, text, _ = run(capsys, "score", "--model", tiny_model, "--data", DATASETS / "gsm8k" / "train.jsonl",
                      "--limit", "3", "-o", out, "--device", "cpu")
    assert rc == 0
    f = read_token_file(out)
    assert [e.example_id for e in f.examples] == ["gsm8k/train/0", "gsm8k/train/1", "gsm8k/train/2"]
    assert f.settings["split"] == "train" and f.settings["limit"] == 3
    assert f.settings["domains"] == {"math": "math"}


@pytest.mark.parametrize(
    "argv, message",
    [
        (["inspect", "{tmp}/none.parquet"], "no file at"),
        (["mask", "{tmp}/none.parquet", "--rule", "paper", "-o", "{tmp}/o.parquet"], "no file at"),
        (["mask", "{tmp}/none.parquet", "--rule", "kn<<1", "-o", "{tmp}/o.parquet"], "cannot read rule term"),
        (["score", "--model", "{tmp}", "--data", "{tmp}/d.jsonl", "-o", "{tmp}/o.parquet"], "no model at"),
        (["score", "--model", "{tmp}", "--data", "{data}", "-o", "{tmp}", "--split", "all"], "no model at"),
        (["score", "--model", "{tmp}", "--data", "{data}", "-o", "{tmp}/o.parquet"], "no model at"),
        (["score", "--model", "{tmp}", "--data", "{data}", "-o", "{tmp}/o.parquet", "--tr-classes", "1"],
         "--tr-classes must be at least 2"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(tmp_path, capsys, argv, message):
    data = write_examples(tmp_path / "sft.jsonl", make_examples())
    argv = [a.format(tmp=tmp_path, data=data) for a in argv]
    rc, _, err = run(capsys, *argv)
    assert rc == 2
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert "Traceback" not in err


def test_chat_data_without_domain_needs_domain_flag(tiny_model, tmp_path, capsys):
    data = tmp_path / "chat.jsonl"
    data.write_text(json.dumps({"prompt": "2+2?", "response": "4"}) + "\n")
    rc, _, err = run(capsys, "score", "--model", tiny_model, "--data", data, "-o", tmp_path / "o.parquet", "--device", "cpu")
    assert rc == 2 and "pass --domain" in err
    assert not (tmp_path / "o.parquet.partial").exists() or not list((tmp_path / "o.parquet.partial").glob("part-*"))
    rc, _, _ = run(capsys, "score", "--model", tiny_model, "--data", data, "-o", tmp_path / "o.parquet",
                   "--device", "cpu", "--domain", "math")
    assert rc == 0 and not (tmp_path / "o.parquet.partial").exists()


def test_help_explains_the_method(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = capsys.readouterr().out
    for needle in ("arXiv 2602.14536", "Q1 - k*(Q3 - Q1)", "--kn-threshold", "multi-Otsu", "1 - P(token k"):
        assert needle in out
    with pytest.raises(SystemExit):
        main(["mask", "--help"])
    assert "weighted sum of percentile ranks" in capsys.readouterr().out
    assert main([]) == 2


def test_score_checks_its_arguments_before_reading_data(tmp_path, capsys):
    """A missing model is reported at once, not after the data are read (here the data are even broken)."""
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    rc, out, err = run(capsys, "score", "--model", tmp_path / "no-model", "--data", broken, "-o", tmp_path / "o.parquet")
    assert rc == 2 and "no model at" in err and "xtf demo-model" in err and "scoring" not in out
    rc, _, err = run(capsys, "score", "--model", tmp_path / "no-model", "--data", broken, "--data", tmp_path / "x.jsonl",
                     "-o", tmp_path / "o.parquet", "--max-length", "1")
    assert rc == 2 and "--max-length must be at least 2" in err


def test_score_refuses_test_splits(tiny_model, tmp_path, capsys):
    gsm = tmp_path / "test.jsonl"
    gsm.write_text(json.dumps({"question": "1+1?", "answer": "2\n#### 2"}) + "\n")
    rc, _, err = run(capsys, "score", "--model", tiny_model, "--data", gsm, "-o", tmp_path / "o.parquet")
    assert rc == 2 and "GSM8K's test split" in err and "train.jsonl" in err


def test_score_names_a_missing_data_file_or_a_folder_as_output(tiny_model, tmp_path, capsys):
    data = write_examples(tmp_path / "sft.jsonl", make_examples())
    rc, _, err = run(capsys, "score", "--model", tiny_model, "--data", data, "--data", tmp_path / "gone.jsonl",
                     "-o", tmp_path / "o.parquet")
    assert rc == 2 and "no data file at" in err and "gone.jsonl" in err
    rc, _, err = run(capsys, "score", "--model", tiny_model, "--data", data, "-o", tmp_path)
    assert rc == 2 and "is a folder" in err
