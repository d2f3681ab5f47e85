"""What `tasks stats` and `tasks card` compute from a task file: balance, the split's leak check, complexity."""

from __future__ import annotations

from ehr_tui.tasks import stats
from ehr_tui.tasks.card import datasheet
from ehr_tui.tasks.model import Task, write_tasks


def _task(tid: str, answer, split="train", sql="SELECT 1", atype="number", total=20, written=30, k=0) -> Task:
    intent, level, _ = tid.split(".")
    return Task(id=f"{tid}:{k}", intent=intent, level=level, template_id=tid, split=split, question="q?",
                gold_sql=sql, gold_answer=answer, answer_type=atype,
                complexity={"total": total, "breakdown": {}, "as_written": written})


def test_balance_flags_a_template_over_sixty_percent():
    tasks = [_task("labs.patient.a", 0, k=i) for i in range(7)] + [_task("labs.patient.a", 1, k=9)]
    tasks += [_task("labs.patient.b", v, k=i) for i, v in enumerate([True, False, True, False, False], 10)]
    tasks += [_task("labs.patient.c", 5, k=20), _task("labs.patient.c", 5, k=21)]  # too few tasks to judge
    for t in tasks:
        if t.template_id == "labs.patient.b":
            t.answer_type = "boolean"
    by = {b.template_id: b for b in stats.balance(tasks)}
    assert by["labs.patient.a"].over and abs(by["labs.patient.a"].top_share - 7 / 8) < 1e-12
    assert by["labs.patient.a"].top_value == "0"
    b = by["labs.patient.b"]
    assert not b.over and b.top_value == "false" and abs(b.boolean_true - 2 / 5) < 1e-12
    assert not by["labs.patient.c"].over  # 2 of 2, but below BALANCE_MIN_TASKS


def test_split_leak_check_finds_twins_across_splits():
    first = "SELECT min(valuenum) FROM mimiciv_hosp.labevents WHERE subject_id = 1 ORDER BY charttime ASC LIMIT 1"
    last = "SELECT max(valuenum) FROM mimiciv_hosp.labevents WHERE subject_id = 2 ORDER BY charttime DESC LIMIT 1"
    other = "SELECT count(*) FROM mimiciv_hosp.admissions WHERE subject_id = 3"
    tasks = [_task("labs.patient.first", 1, "train", first), _task("labs.patient.last", 2, "test", last),
             _task("demographics.patient.n", 3, "test", other)]
    rep = stats.split_report(tasks)
    assert [(a, b) for _, a, b in rep.shared_shapes] == [("labs.patient.first", "labs.patient.last")]
    assert rep.templates["test"] == {"labs.patient.last", "demographics.patient.n"}
    clean = stats.split_report([tasks[0], tasks[2]])
    assert clean.shared_shapes == [] and clean.both_sides == []
    assert stats.split_report(tasks + [_task("labs.patient.first", 1, "test", first, k=5)]).both_sides == \
        ["labs.patient.first"]


def test_complexity_groups_report_pruned_and_written_means():
    tasks = [_task("labs.patient.a", 0, total=10, written=40, k=1), _task("cost.population.b", 0, total=30,
                                                                         written=30, k=2)]
    groups = dict(stats.complexity_groups(tasks))
    assert groups["all"].mean == 20 and groups["all"].written_mean == 35
    assert groups["labs"].mean == 10 and groups["cost/population"].mean == 30 and groups["vitals"] is None
    old = _task("labs.patient.a", 0, k=3)
    del old.complexity["as_written"]
    assert stats.dist([old]).written_mean is None  # a file from before the as-written figure
    assert stats.histogram(tasks, width=10) == [("10-19", 1), ("20-29", 0), ("30-39", 1)]


def test_datasheet_states_its_limitations(tmp_path):
    tasks = [_task("labs.patient.a", 0, k=i) for i in range(6)]
    tasks[0].db = {"source": "synthetic", "version": "1"}
    path = tmp_path / "t.jsonl"
    write_tasks(path, tasks)
    text = datasheet(tasks, path, None)
    for heading in ("## Intents", "## Conventions", "## Split", "## Complexity", "## Answer balance",
                    "## Gold answers", "## Known limitations"):
        assert heading in text
    assert "below the goal of 30" in text and "labs.patient.a (100% 0)" in text
    assert "synthetic database" in text and "drop counts unknown" in text
