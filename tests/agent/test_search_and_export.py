"""Search inside a run (agent/search.py, `ehr-tui eval RUN --grep`), one trajectory as Markdown / HTML
(agent/trajectory_export.py, `ehr-tui show`), and the evaluation report as Markdown / JSON / CSV."""

from __future__ import annotations

import csv
import html.parser
import io
import json

import pytest

from ehr_tui.agent.search import compile_pattern, hits, search
from ehr_tui.agent.trajectory import RunStore, Step, TaskSnapshot, ToolCall, Trajectory
from ehr_tui.agent.trajectory_export import to_html, to_markdown
from ehr_tui.cli import main
from ehr_tui.errors import UserError

from .test_trajectory import settings

HOSTILE = "<script>alert(1)</script> **bold** | pipe ``` fence"


def _traj(task_id: str, trial: int, sql: str, obs: str, answer: str, gold=3, question="How many admissions?",
          content="I will count the admissions."):
    task = TaskSnapshot(task_id, "admissions", "patient", "adm-t1", question,
                        "SELECT count(*) FROM mimiciv_hosp.admissions WHERE subject_id = 10000001", gold, "number",
                        complexity=4, answer_kinds=["count"])
    steps = [Step(0, content=content, reasoning="think first",
                  tool_calls=[ToolCall("c1", "execute_sql", json.dumps({"query": sql}), obs, True,
                                       result={"sql": sql, "columns": ["n"], "rows": [[3]], "row_count": 1})]),
             Step(1, tool_calls=[ToolCall("c2", "submit_answer", json.dumps({"answer": answer}), "answer submitted",
                                          True)])]
    return Trajectory(task_id, trial, "m", "http://127.0.0.1:1/v1", task, question, steps, status="answered",
                      answer=answer)


@pytest.fixture
def run_dir(tmp_path):
    store, _ = RunStore.create_or_resume(tmp_path / "run", settings(trials=2))
    store.append_many([
        _traj("adm-1", 0, "SELECT count(*) FROM mimiciv_hosp.admissions", "n\n3\n(1 row)", "3"),
        _traj("adm-1", 1, "SELECT count(*) FROM mimiciv_hosp.ADMISSIONS WHERE x", "n\n2\n(1 row)", "2"),
        _traj("lab-1", 0, "SELECT 1 FROM mimiciv_hosp.labevents", HOSTILE, HOSTILE, question="Creatinine?",
              content="I will look at the labs."),
    ])
    return tmp_path / "run"


def test_search_finds_every_field_case_insensitively(run_dir):
    trajs = list(RunStore.open(run_dir).latest().values())
    found = search(trajs, "admissions")
    assert [(t.task_id, t.trial) for t, _ in found] == [("adm-1", 0), ("adm-1", 1)]
    fields = {h.field for _, hs in found for h in hs}
    assert fields == {"question", "model", "sql"}
    assert any(h.text[h.start:h.end] == "ADMISSIONS" for _, hs in found for h in hs)
    assert search(trajs, "ADMISSIONS", case_sensitive=True)[0][0].trial == 1
    assert [h.field for h in hits(trajs[2], compile_pattern("script"))] == ["observation", "observation", "answer",
                                                                             "answer"]
    # where a hit is, as the Debugger numbers steps (from 1)
    assert found[0][1][1].where == "step 1 model"


def test_search_mistakes_are_user_errors(run_dir):
    with pytest.raises(UserError, match="not a valid regular expression"):
        compile_pattern("count(")
    with pytest.raises(UserError, match="empty"):
        compile_pattern("")
    trajs = list(RunStore.open(run_dir).latest().values())
    assert search(trajs, "x*") == [(trajs[1], hits(trajs[1], compile_pattern("x*")))]  # empty matches skipped
    assert all(h.end > h.start for _, hs in search(trajs, "x*") for h in hs)


def test_markdown_has_every_step_and_escapes_what_the_data_wrote(run_dir):
    traj = RunStore.open(run_dir).latest()[("lab-1", 0)]
    md = to_markdown(traj)
    for part in ("# lab-1, trial 1: wrong", "## Step 1", "## Step 2", "Call 1: `execute_sql`",
                 "SELECT 1 FROM mimiciv_hosp.labevents", "## Gold SQL", "think first", "I will look"):
        assert part in md, part
    # the observation's ``` cannot close its code block early: the fence is longer than any run inside
    block = md.split("Observation:\n\n", 1)[1]
    fence = block.split("\n", 1)[0]
    assert set(fence) == {"`"} and len(fence) >= 4 and block.split("\n")[1] == HOSTILE
    # the question is escaped prose
    assert "> Creatinine?" in md


class _Collect(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def test_html_is_self_contained_and_escaped(run_dir):
    traj = RunStore.open(run_dir).latest()[("lab-1", 0)]
    page = to_html(traj)
    p = _Collect()
    p.feed(page)
    tags = {t for t, _ in p.tags}
    assert "script" not in tags and "link" not in tags and "img" not in tags  # nothing runs, nothing is fetched
    assert not any("src" in a or "href" in a for _, a in p.tags)
    assert HOSTILE in "".join(p.text)  # shown as text
    assert page.startswith("<!DOCTYPE html>") and "trial 1: <span class='wrong'>wrong</span>" in page


def test_show_command_writes_md_and_html(run_dir, tmp_path, capsys):
    assert main(["show", str(run_dir), "adm-1", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# adm-1, trial 2: wrong") and "WHERE x" in out
    page = tmp_path / "t.html"
    assert main(["show", str(run_dir), "adm-1", "-o", str(page)]) == 0
    assert "trial 1: <span class='correct'>correct</span>" in page.read_text()
    assert "written to" in capsys.readouterr().err


@pytest.mark.parametrize("argv,message", [
    (["adm-1", "3"], "has trial(s) 1, 2"),
    (["nope"], "no trajectory of task 'nope'"),
    (["adm-1", "0"], "counts from 1"),
    (["adm-1", "-o", "x.pdf"], "cannot tell the format"),
    (["adm-1", "--fork", "f9"], "no fork"),
])
def test_show_mistakes(run_dir, capsys, argv, message):
    assert main(["show", str(run_dir), *argv]) != 0
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_eval_grep_lists_matches_and_exits_like_grep(run_dir, capsys):
    assert main(["eval", str(run_dir), "--grep", "admissions"]) == 0
    out = capsys.readouterr().out
    assert "2 of 3 trajectories match" in out and "adm-1" in out and "lab-1" not in out
    assert main(["eval", str(run_dir), "--grep", "admissions", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(x["task_id"], x["trial"]) for x in listed] == [("adm-1", 1), ("adm-1", 2)]
    assert listed[1]["hits"][-1] == {"where": "step 1 sql", "field": "sql", "step": 1, "text": "ADMISSIONS",
                                     "context": listed[1]["hits"][-1]["context"]}
    assert main(["eval", str(run_dir), "--grep", "no such text"]) == 1
    assert "no trajectory of 3 matches" in capsys.readouterr().err
    assert main(["eval", str(run_dir), "--grep", "("]) == 2
    assert "not a valid regular expression" in capsys.readouterr().err


def test_eval_report_formats(run_dir, tmp_path, capsys):
    md = tmp_path / "report.md"
    assert main(["eval", str(run_dir), "--no-exec", "-o", str(md)]) == 0
    text = md.read_text()
    assert text.startswith("# Evaluation of r") and "| answer accuracy " in text
    assert "|---" in text and "━" not in text and "┃" not in text  # GitHub tables, no box drawing
    # every table row has the same number of cells as its header (no section rules inside a table)
    for block in text.split("\n\n"):
        rows = [line for line in block.splitlines() if line.startswith("|")]
        assert len({r.count("|") for r in rows}) <= 1, block
    assert main(["eval", str(run_dir), "--no-exec", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["task_id"], r["trial"], r["outcome"]) for r in rows] == [("adm-1", "1", "correct"),
                                                                       ("adm-1", "2", "wrong"),
                                                                       ("lab-1", "1", "wrong")]
    assert rows[0]["intent"] == "admissions" and rows[1]["parsed"] == "2" and rows[0]["failure_mode"] == ""
    js = tmp_path / "r.json"
    assert main(["eval", str(run_dir), "--no-exec", "-o", str(js)]) == 0
    assert json.loads(js.read_text())["trajectories"] == 3
    assert main(["eval", str(run_dir), "--no-exec", "--json", "--format", "md"]) != 0
    assert "two formats" in capsys.readouterr().err
    assert main(["eval", str(run_dir), "--no-exec", "-o", str(tmp_path / "r.pdf")]) != 0
    assert "cannot tell the report format" in capsys.readouterr().err
