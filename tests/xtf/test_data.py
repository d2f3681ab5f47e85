import gzip
import json
import re

import pytest

from ehr_tui.errors import UserError
from ehr_tui.xtf.data import FORMAT_VERSION, SFTExample, detect_source, load_examples, write_examples

from .conftest import DATASETS, needs_datasets


@needs_datasets()
def test_gsm8k_file_as_published():
    exs = load_examples(DATASETS / "gsm8k" / "test.jsonl", limit=3)
    assert [e.id for e in exs] == ["gsm8k/test/0", "gsm8k/test/1", "gsm8k/test/2"]
    e = exs[0]
    assert e.source == "gsm8k" and e.domain == "math"
    assert e.prompt[0]["content"].startswith("Janet")
    assert e.response[0]["role"] == "assistant" and e.response[0]["content"].endswith("#### 18")


@needs_datasets()
def test_humaneval_file_as_published():
    exs = load_examples(DATASETS / "humaneval" / "HumanEval.jsonl.gz")
    assert len(exs) == 164
    assert exs[0].id == "HumanEval/0" and exs[0].domain == "code"
    assert "def has_close_elements" in exs[0].prompt[0]["content"]
    assert exs[0].response[0]["content"].startswith("    for idx, elem in enumerate(numbers):")


@needs_datasets()
def test_pubmedqa_file_as_published():
    exs = load_examples(DATASETS / "pubmedqa" / "ori_pqal.json", limit=5)
    assert len(exs) == 5 and exs[0].id == "pubmedqa/21645374"
    assert "Question: Do mitochondria" in exs[0].prompt[0]["content"]
    assert exs[0].response[0]["content"].endswith("Answer: yes")
    assert exs[0].domain == "medicine"


@needs_datasets()
def test_detect_source_from_content():
    assert detect_source(DATASETS / "gsm8k" / "test.jsonl") == "gsm8k"
    assert detect_source(DATASETS / "humaneval" / "HumanEval.jsonl.gz") == "humaneval"
    assert detect_source(DATASETS / "pubmedqa" / "ori_pqal.json") == "pubmedqa"


def test_chat_jsonl_shapes(tmp_path):
    p = tmp_path / "chat.jsonl"
    rows = [
        {"id": "a", "domain": "math", "messages": [
            {"role": "system", "content": "s"}, {"role": "user", "content": "q1"},
            {"role": "assistant", "content": "a1"}, {"role": "user", "content": "q2"},
            {"role": "assistant", "content": "a2"}]},
        {"prompt": "question", "completion": "answer"},
        SFTExample("c", "gsm8k", [{"role": "user", "content": "q"}, {"role": "assistant", "content": "r"}], 1, "math").to_dict(),
    ]
    p.write_text("\n".join(json.dumps(r) for r in rows) + "\n\n")
    a, b, c = load_examples(p)
    assert a.id == "a" and a.response_start == 4 and a.response == [{"role": "assistant", "content": "a2"}]
    assert a.domain == "math"
    assert b.id == "chat/1" and b.prompt == [{"role": "user", "content": "question"}]
    assert b.response == [{"role": "assistant", "content": "answer"}] and b.domain is None
    assert c.id == "c" and c.source == "gsm8k"


def test_examples_round_trip(tmp_path, examples):
    p = write_examples(tmp_path / "sft.jsonl", examples)
    back = load_examples(p, source="chat")
    assert [e.to_dict() for e in back] == [e.to_dict() for e in examples]
    assert json.loads(p.read_text().splitlines()[0])["format_version"] == FORMAT_VERSION


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]}\n{oops\n',
         "line 2 is not valid JSON"),
        ('{"text": "hello"}\n', "neither 'messages' nor 'prompt' + 'response'"),
        ('{"messages": [{"role": "assistant", "content": "a"}]}\n', "no user message"),
        ('{"messages": [{"role": "user", "content": "q"}]}\n', "ends with the user's turn"),
        ('{"format_version": 99, "id": "x"}\n', "format version 99"),
        ('{"id": "d", "prompt": "q", "response": "a"}\n{"id": "d", "prompt": "q", "response": "a"}\n',
         "occurs more than once"),
        ('{"messages": [{"role": "user", "content": "q"}, {"role": "robot", "content": "a"}]}\n',
         "line 1: example bad/0: every message needs a role"),
    ],
)
def test_chat_jsonl_bad_input(tmp_path, content, message):
    p = tmp_path / "bad.jsonl"
    p.write_text(content)
    with pytest.raises(UserError, match=re.escape(message)):
        load_examples(p, source="chat")


def test_missing_file_and_wrong_source(tmp_path):
    with pytest.raises(UserError, match="no data file"):
        load_examples(tmp_path / "nope.jsonl")
    p = tmp_path / "g.jsonl.gz"
    with gzip.open(p, "wt") as f:
        f.write(json.dumps({"task_id": "T/0", "prompt": "def f():\n"}) + "\n")
    with pytest.raises(UserError, match="no 'canonical_solution' field"):
        load_examples(p, source="humaneval")
    with pytest.raises(UserError, match="unknown data source"):
        load_examples(p, source="squad")


@needs_datasets()
def test_pubmedqa_uses_the_published_test_split():
    path = DATASETS / "pubmedqa" / "ori_pqal.json"
    test_pmids = set(json.loads((DATASETS / "pubmedqa" / "test_ground_truth.json").read_text()))
    train = load_examples(path, split="train")
    test = load_examples(path, split="test")
    assert len(test) == len(test_pmids) == 500 and len(train) == 500
    assert {e.id.split("/")[1] for e in test} == test_pmids
    assert not {e.id for e in train} & {e.id for e in test}
    assert len(load_examples(path)) == 1000 and test[0].meta["answer"] in ("yes", "no", "maybe")


def test_pubmedqa_without_its_test_list_is_refused_for_training(tmp_path):
    rec = {"QUESTION": "Q?", "CONTEXTS": ["c"], "LONG_ANSWER": "l", "final_decision": "yes"}
    p = tmp_path / "ori_pqal.json"
    p.write_text(json.dumps({"1": rec, "2": rec, "3": rec}))
    with pytest.raises(UserError, match="test_ground_truth.json.*is not beside"):
        load_examples(p, split="train")
    assert len(load_examples(p, split="all")) == 3
    (tmp_path / "test_ground_truth.json").write_text(json.dumps({"2": "yes"}))
    assert [e.id for e in load_examples(p, split="train")] == ["pubmedqa/1", "pubmedqa/3"]
    assert [e.id for e in load_examples(p, split="test")] == ["pubmedqa/2"]


def test_gsm8k_and_humaneval_splits(tmp_path):
    for name in ("train", "test"):
        (tmp_path / f"{name}.jsonl").write_text(json.dumps({"question": f"{name}?", "answer": "#### 1"}) + "\n")
    assert [e.id for e in load_examples(tmp_path / "train.jsonl", split="train")] == ["gsm8k/train/0"]
    with pytest.raises(UserError, match="GSM8K's test split; use train.jsonl"):
        load_examples(tmp_path / "test.jsonl", split="train")
    with pytest.raises(UserError, match="GSM8K's train split; use test.jsonl"):
        load_examples(tmp_path / "train.jsonl", split="test")
    he = tmp_path / "HumanEval.jsonl"
    he.write_text(json.dumps({"task_id": "T/0", "prompt": "def f():\n", "canonical_solution": "    return 1\n",
                              "test": "def check(c):\n    assert c() == 1\n", "entry_point": "f"}) + "\n")
    with pytest.raises(UserError, match="HumanEval, which has no training split"):
        load_examples(he, split="train")
    assert len(load_examples(he, split="test")) == 1 and len(load_examples(he, split="all")) == 1
    chat = tmp_path / "chat.jsonl"
    chat.write_text(json.dumps({"prompt": "q", "response": "a"}) + "\n"
                    + json.dumps({"prompt": "q", "response": "a", "split": "test", "id": "t"}) + "\n")
    assert [e.id for e in load_examples(chat, split="train")] == ["chat/0"]  # unknown split counts as any
    assert [e.id for e in load_examples(chat, split="test")] == ["chat/0", "t"]
