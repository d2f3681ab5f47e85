"""`xtf eval`: answer extraction, HumanEval in the confined worker, generation on the tiny model, resume,
the leak check, and EHR tasks through the agent runner against the in-process endpoint."""

from __future__ import annotations

import gzip
import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from ehr_tui.errors import UserError
from ehr_tui.finetune import answers, humaneval
from ehr_tui.finetune.evaluate import EvalConfig, evaluate, read_results
from xtf_cli.main import main

GSM = [("Ann has 3 pens and buys 4. How many?", "3 + 4 = 7\n#### 7"),
       ("Bob has 10 cups and breaks 2. How many are left?", "10 - 2 = 8\n#### 8"),
       ("A box holds 1,200 nails. How many in two boxes?", "2 * 1200 = 2400\n#### 2,400")]


@pytest.mark.parametrize("text, number", [
    ("so 3 + 4 = 7.\n#### 7", "7"), ("The answer is $1,234.", "1234"), ("#### -5 apples", "-5"),
    ("12 - 5 = 7 then 7 * 2 = 14", "14"), ("no digits here", None), ("#### 18.0", "18"), ("it is .5", "0.5"),
])
def test_gsm8k_answers(text, number):
    got = answers.gsm8k_answer(text)
    assert (got == Decimal(number)) if number else got is None
    assert answers.gsm8k_gold("work\n#### 2,400") == Decimal(2400) and answers.gsm8k_gold("no marker") is None
    assert answers.gsm8k_correct("#### 18.00", Decimal(18)) and not answers.gsm8k_correct("#### 18.5", Decimal(18))


def test_pubmedqa_answers_and_macro_f1():
    assert answers.pubmedqa_answer("Long text. Answer: Yes") == "yes"
    assert answers.pubmedqa_answer("maybe not sure. The answer is no.") == "no"
    assert answers.pubmedqa_answer("It could be yes or no.") is None
    assert answers.pubmedqa_answer("Maybe.") == "maybe" and answers.pubmedqa_answer("") is None
    gold = ["yes", "yes", "no", "maybe"]
    pred = ["yes", "no", "no", None]
    # yes: tp1 fp0 fn1 -> 2/3; no: tp1 fp1 fn0 -> 2/3; maybe: tp0 fn1 -> 0
    assert answers.macro_f1(gold, pred) == pytest.approx((2 / 3 + 2 / 3 + 0) / 3)


def test_humaneval_programs_run_confined():
    stub = "from typing import List\n\n\ndef add(a: int, b: int) -> int:\n    \"\"\"Add.\"\"\"\n"
    test = "def check(candidate):\n    assert candidate(2, 3) == 5\n"
    body = humaneval.program(stub, "    return a + b\n\ndef helper():\n    pass\n", test, "add")
    assert "def helper" not in body and body.endswith("check(add)\n")
    whole = humaneval.program(stub, "```python\ndef add(a, b):\n    return a + b\n```\nDone.", test, "add")
    assert whole.startswith("from typing import List\ndef add(a, b)") and "Done." not in whole
    bad = humaneval.program(stub, "    return a - b\n", test, "add")
    escape = humaneval.program(stub, "    return open('/etc/passwd').read()\n", test, "add")
    ok, wrong, denied = humaneval.run_programs([body, bad, escape], timeout_s=5)
    assert ok.passed and not wrong.passed and wrong.error == "AssertionError"
    assert not denied.passed


def _gsm_file(folder: Path) -> Path:
    path = folder / "test.jsonl"
    path.write_text("".join(json.dumps({"question": q, "answer": a}) + "\n" for q, a in GSM))
    return path


def test_eval_generates_scores_and_resumes(tiny_model, tmp_path):
    data = _gsm_file(tmp_path)
    out = tmp_path / "ev"
    cfg = EvalConfig(model=str(tiny_model), data=str(data), output=str(out), samples=2, temperature=0.8,
                     max_new_tokens=6, device="cpu", batch_size=2)
    result = evaluate(cfg)
    assert result["dataset"] == "gsm8k" and result["n"] == 3 and result["primary_metric"] == "accuracy"
    m = result["metrics"]
    assert m["completions"] == 6 and 0 <= m["pass@1"] <= m["pass@2"] <= 1 and m["accuracy"] == m["pass@1"]
    preds = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert [p["id"] for p in preds] == ["gsm8k/test/0", "gsm8k/test/1", "gsm8k/test/2"]
    assert preds[2]["gold"] == "2400" and all(len(p["completions"]) == 2 == len(p["correct"]) for p in preds)
    assert read_results(out)["metrics"] == m
    # An interrupted evaluation (the last example not written) resumes with that example only.
    lines = (out / "predictions.jsonl").read_text().splitlines()
    (out / "predictions.jsonl").write_text("\n".join(lines[:2]) + "\n")
    seen = []
    again = evaluate(cfg, progress=lambda d, t: seen.append(d))
    assert seen[0] == 2 and again["metrics"] == m  # seeded per example: the same samples again
    with pytest.raises(UserError, match="other settings"):
        evaluate(EvalConfig(model=str(tiny_model), data=str(data), output=str(out), device="cpu"))
    assert evaluate(EvalConfig(model=str(tiny_model), data=str(data), output=str(out), device="cpu",
                               max_new_tokens=4), restart=True)["metrics"]["completions"] == 3


def _fake_finetune(tiny_model, folder: Path, data_file: Path, split: str) -> Path:
    folder.mkdir()
    shutil.copy(tiny_model / "config.json", folder / "config.json")
    (folder / "train_info.json").write_text(json.dumps({"base_model": str(tiny_model), "data_files": [str(data_file)],
                                                        "config": {"split": split}}))
    return folder


def test_a_model_is_not_evaluated_on_what_it_was_trained_on(tiny_model, tmp_path):
    he = tmp_path / "HumanEval.jsonl.gz"
    with gzip.open(he, "wt") as f:
        f.write(json.dumps({"task_id": "T/0", "prompt": "def f():\n", "canonical_solution": "    return 1\n",
                            "test": "def check(c):\n    assert c() == 1\n", "entry_point": "f"}) + "\n")
    model = _fake_finetune(tiny_model, tmp_path / "ft-he", he, "all")
    with pytest.raises(UserError, match="trained on .*HumanEval.*no training split"):
        evaluate(EvalConfig(model=str(model), data=str(he), output=str(tmp_path / "o1"), device="cpu"))
    # Trained on PubMedQA-L's train split: its test split of the same file is held out.
    rec = {"QUESTION": "Q?", "CONTEXTS": ["c"], "LONG_ANSWER": "l", "final_decision": "yes"}
    pq = tmp_path / "pq" / "ori_pqal.json"
    pq.parent.mkdir()
    pq.write_text(json.dumps({"1": rec, "2": rec}))
    (pq.parent / "test_ground_truth.json").write_text(json.dumps({"2": "yes"}))
    ok = _fake_finetune(tiny_model, tmp_path / "ft-pq", pq, "train")
    from ehr_tui.finetune.evaluate import check_no_overlap

    check_no_overlap(ok, pq, "test")
    with pytest.raises(UserError, match="memorisation"):
        check_no_overlap(ok, pq, "train")
    # ...and the check follows the models it was fine-tuned from.
    chained = tmp_path / "ft-chained"
    chained.mkdir()
    shutil.copy(tiny_model / "config.json", chained / "config.json")
    (chained / "train_info.json").write_text(json.dumps({"base_model": str(model), "data_files": [],
                                                         "config": {"split": "train"}}))
    with pytest.raises(UserError, match="memorisation"):
        check_no_overlap(chained, he, "test")


def test_ehr_tasks_through_the_agent_runner_and_the_local_endpoint(tiny_model, tmp_path):
    from tests.agent.conftest import build_tiny_db, make_tasks

    db = build_tiny_db(tmp_path / "tiny.duckdb")
    tasks = tmp_path / "tasks.jsonl"
    make_tasks(db, tasks)
    out = tmp_path / "ev"
    cfg = EvalConfig(model=str(tiny_model), data=str(tasks), output=str(out), db=str(db), limit=1, max_steps=2,
                     max_new_tokens=4, device="cpu")
    result = evaluate(cfg)
    assert result["dataset"] == "ehr" and result["n"] == 1 and result["metrics"]["trajectories"] == 1
    assert result["metrics"]["accuracy"] == 0.0 and result["complete"]  # random weights answer nothing
    run = json.loads((out / "run" / "run.json").read_text())
    assert run["checkpoint"]["path"] == str(tiny_model.resolve()) and run["base_url"].startswith("http://127.0.0.1:")
    assert evaluate(cfg)["metrics"] == result["metrics"]  # resumed: the same port, nothing left to run


class ScriptedGenerator:
    """Stands in for the model: submits the gold answer the way the Hermes template writes tool calls."""

    def __init__(self, answer: str):
        self.answer = answer

    def encode(self, messages, tools=None):
        return [0] * 10

    def generate(self, prompts, config, tools=None):
        from ehr_tui.xtf.generate import Completion

        call = json.dumps({"name": "submit_answer", "arguments": {"answer": self.answer}})
        return [[Completion(f"Done.<tool_call>{call}</tool_call>", 7, True)] for _ in prompts]


def test_the_local_endpoint_turns_generated_tool_calls_into_agent_steps(tmp_path):
    from ehr_tui.agent.runner import RunConfig, run
    from ehr_tui.xtf.serve import LocalChatServer, parse_tool_calls
    from tests.agent.conftest import build_tiny_db, make_tasks

    assert parse_tool_calls('x <tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call> y')[0] == "x  y"
    assert parse_tool_calls("<tool_call>{broken</tool_call>") == ("<tool_call>{broken</tool_call>", [])
    db = build_tiny_db(tmp_path / "tiny.duckdb")
    tasks = tmp_path / "tasks.jsonl"
    make_tasks(db, tasks)
    with LocalChatServer(tmp_path, name="scripted", generator=ScriptedGenerator("3")) as server:
        summary = run(RunConfig(tasks=tasks, db=db, model="scripted", base_url=server.url, run_dir=tmp_path / "run",
                                task_ids=["labs-1"], max_steps=2))
    assert summary.done == 1 and summary.correct == 1


def test_eval_mistakes_are_one_sentence(tiny_model, tmp_path, capsys):
    data = _gsm_file(tmp_path)
    for argv, message in (
        (["--model", str(tmp_path / "none"), "--data", str(data)], "no model at"),
        (["--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--data", str(data)], "--base-url evaluates"),
        (["--model", str(tiny_model), "--data", str(data), "--samples", "3", "--temperature", "0"],
         "--samples above 1 needs sampling"),
        (["--model", str(tiny_model), "--data", str(tmp_path / "nope.jsonl")], "no data at"),
    ):
        assert main(["eval", *argv, "-o", str(tmp_path / "o")]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
