"""SFT examples from an agent run, read through the trajectory store (never its JSONL directly)."""

import pytest

from ehr_tui.errors import UserError
from ehr_tui.xtf.data import load_examples
from ehr_tui.xtf.masks import read_token_file
from ehr_tui.xtf.score_job import score_to_file
from ehr_tui.xtf.scoring import ScoringConfig
from ehr_tui.xtf.tokenize import tokenize_example

trajectory = pytest.importorskip("ehr_tui.agent.trajectory")


def make_run(folder, correct=(True, False, True)):
    settings = trajectory.RunSettings(
        name="demo-run", model="tiny", base_url="http://127.0.0.1:1/v1", tasks_file="tasks.jsonl",
        tasks_sha256="0" * 64, db="synthetic.duckdb", db_source="synthetic", db_version="1", trials=2,
        max_steps=4, temperature=0.0, max_tokens=None, tools=["execute_sql", "submit_answer"],
        system_prompt="You answer questions about patients with SQL.", created="2026-01-01T00:00:00",
        ehr_tui_version="0.1.0",
    )
    store, _ = trajectory.RunStore.create_or_resume(folder, settings)
    task = trajectory.TaskSnapshot("t1", "demographics", "population", "count_patients",
                                   "How many patients are there?", "SELECT COUNT(*) FROM patients", 100, "number")
    for i, ok in enumerate(correct):
        steps = [
            trajectory.Step(0, content=None, finish_reason="tool_calls", tool_calls=[
                trajectory.ToolCall("c1", "execute_sql", '{"query": "SELECT COUNT(*) FROM patients"}', "count\n100", True)]),
            trajectory.Step(1, content="Done.", finish_reason="tool_calls", tool_calls=[
                trajectory.ToolCall("c2", "submit_answer", '{"answer": "100"}', "submitted", True)]),
        ]
        store.append(trajectory.Trajectory(
            task_id=f"t{i // 2 + 1}", trial=i % 2, model="tiny", endpoint="http://127.0.0.1:1/v1", task=task,
            prompt="How many patients are there?", steps=steps, status="answered", answer="100", correct=ok))
    return folder


def test_correct_trajectories_become_examples(tmp_path, tokenizer):
    run = make_run(tmp_path / "run")
    exs = load_examples(run)
    assert [e.id for e in exs] == ["demo-run/t1/0", "demo-run/t2/0"]
    e = exs[0]
    assert e.source == "trajectory" and e.domain == "ehr-sql" and e.meta["intent"] == "demographics"
    assert [m["role"] for m in e.prompt] == ["system", "user"]
    assert [m["role"] for m in e.response] == ["assistant", "tool", "assistant", "tool"]
    t = tokenize_example(tokenizer, e)
    written = "".join(tok for tok, r in zip(t.tokens, t.is_response) if r)
    assert '<tool_call>{"name": "execute_sql", "arguments": {"query": "SELECT COUNT(*) FROM patients"}}' in written
    assert "Done." in written and '"submit_answer"' in written
    assert "count\n100" not in written and "You answer questions" not in written  # tool output, system: context
    assert "None" not in "".join(t.tokens)  # a tool-only turn has empty content, not "None"


def test_run_without_correct_trajectories(tmp_path):
    run = make_run(tmp_path / "run", correct=(False,))
    with pytest.raises(UserError, match="no correct trajectories"):
        load_examples(run)
    with pytest.raises(UserError, match="not a run folder"):
        load_examples(tmp_path / "nothing-here", source="trajectory")


def test_templates_that_drop_tool_calls_are_refused(tmp_path, tokenizer):
    saved = tokenizer.chat_template
    tokenizer.chat_template = (
        "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
        "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
    )
    try:
        with pytest.raises(UserError, match="does not write tool calls"):
            tokenize_example(tokenizer, load_examples(make_run(tmp_path / "run"))[0])
    finally:
        tokenizer.chat_template = saved


def test_score_a_run(tmp_path, tiny_model):
    run = make_run(tmp_path / "run")
    out = tmp_path / "run.parquet"
    summary = score_to_file(tiny_model, load_examples(run), out, ScoringConfig(device="cpu"), data_files=[str(run)])
    f = read_token_file(out)
    assert summary["examples"] == 2 and f.settings["domains"] == {"ehr-sql": "ehr-sql"}
    assert all(e.n_response > 0 for e in f.examples)
