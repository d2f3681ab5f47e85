"""The generator's choice between the grouped run and per-task runs: a grouped run past its budget is
interrupted and the template runs per task, with the same tasks (the per-task form is the same
rewritten SQL with the same checks), and the report says so."""

from __future__ import annotations

import pytest

from ehr_tui.tasks import execute, generate as gen, intents
from ehr_tui.tasks.generate import generate
from ehr_tui.tasks.workdb import QueryFailed, WorkDb

# one of every 24 templates: every intent and level, a few seconds on the demo
TEMPLATES = list(intents.all_templates())[::24]


@pytest.fixture(scope="module")
def normal(demo_cost_db):
    return generate(demo_cost_db, 30, seed=3, templates=TEMPLATES)


def test_a_grouped_run_past_its_budget_runs_per_task_with_the_same_tasks(demo_cost_db, normal, monkeypatch):
    assert "grouped" in normal.modes.values()
    monkeypatch.setattr(gen, "GROUPED_BUDGET", 0.0)
    monkeypatch.setattr(gen, "GROUPED_MIN_S", 0.0)  # a limit of 0 s: every grouped run is cut off at once
    switched = generate(demo_cost_db, 30, seed=3, templates=TEMPLATES)
    assert [t.to_json() for t in switched.tasks] == [t.to_json() for t in normal.tasks]
    moved = [tid for tid, mode in switched.modes.items() if mode == "per_task" and normal.modes[tid] == "grouped"]
    assert moved, "no template was moved to per-task runs"
    for tid in moved:
        assert "grouped form took over" in switched.notes[tid]
    assert switched.errors == normal.errors


def test_the_grouped_limit_covers_all_parts_of_a_pattern_template(demo_cost_db):
    """Templates with regular-expression parameters run one grouped query per pattern: the limit is
    for all of them together, so a run of many patterns cannot take many times its budget."""
    from ehr_tui.tasks import grouped
    from ehr_tui.tasks.candidates import CandidateStore

    t = next(t for t in intents.all_templates() if grouped.pattern_parameters(t))
    with WorkDb(demo_cost_db) as work:
        store = CandidateStore(work, 0)
        p = store.pool(t, 0, 8)
        assert execute.run(work, t, p, "grouped")  # within the default limit it runs
        with pytest.raises(QueryFailed) as e:
            execute.run(work, t, p, "grouped", timeout_s=0.0)
        assert e.value.timeout


def test_a_probe_that_keeps_the_grouped_run_puts_its_parts_together_with_the_same_tasks(demo_cost_db, normal,
                                                                                       monkeypatch):
    """A template whose per-task query is slow runs grouped on PROBE_N candidates, then 2 * PROBE_N more,
    then the rest: the three parts' answers put together give the tasks of the plain run."""
    monkeypatch.setattr(gen, "PROBE_MIN_S", 0.0)
    monkeypatch.setattr(gen, "PROBE_N", 2)
    monkeypatch.setattr(gen, "PROBE_RATIO", float("inf"))  # the grouped run never loses
    monkeypatch.setattr(gen, "GROUPED_MIN_S", 600.0)  # no grouped run cut off: only the probe decides, under load too
    probed = generate(demo_cost_db, 30, seed=3, templates=TEMPLATES)
    assert [t.to_json() for t in probed.tasks] == [t.to_json() for t in normal.tasks]
    was_grouped = [tid for tid, m in normal.modes.items() if m == "grouped"]
    assert was_grouped and all(probed.modes[tid] == "grouped" for tid in was_grouped)
    assert probed.errors == normal.errors


def test_a_probe_that_finds_per_task_cheaper_moves_the_template_with_the_same_answers(demo_cost_db, monkeypatch):
    """Where a further candidate costs the grouped run more than per task (ratio -inf: always), the slice
    runs per task, reusing the estimate's queries: the answers are the per-task run's, and the report
    says why with the figures."""
    from ehr_tui.tasks.candidates import CandidateStore

    monkeypatch.setattr(gen, "PROBE_MIN_S", 0.0)
    monkeypatch.setattr(gen, "PROBE_N", 2)
    monkeypatch.setattr(gen, "PROBE_RATIO", -float("inf"))
    monkeypatch.setattr(gen, "GROUPED_MIN_S", 600.0)
    with WorkDb(demo_cost_db) as work:
        store = CandidateStore(work, 0)
        t = next(t for t in TEMPLATES if store.count(t) > 4 * gen.PROBE_N and gen._initial_mode(
            t, "grouped", gen.GenerationReport()) == "grouped")
        report = gen.GenerationReport()
        engine = gen._Engine(work, store, report, 1, None)
        run = gen._Run(t, "grouped", store.count(t))
        p = store.pool(t, 0, 4 * gen.PROBE_N + 4)
        got = engine._grouped_or_per_task(run, p)
        assert run.mode == "per_task" and run.probed
        assert "a further candidate cost" in report.notes[t.id]
        want = execute.run(work, t, p, "per_task")
        assert set(got) == set(want)
        for key in want:
            # as a set of rows: an unordered answer's rows come in any order (NaN compared by its repr)
            assert sorted(map(repr, got[key].rows)) == sorted(map(repr, want[key].rows)), key
            assert got[key].row_count == want[key].row_count, key
        again = gen._Run(t, "grouped", store.count(t), per_task_s=1.0, probed=True)  # probed once: never again
        engine._grouped_or_per_task(again, p)
        assert again.mode == "grouped"


def test_a_grouped_run_of_part_of_a_pool_gives_those_candidates_answers(demo_cost_db):
    from ehr_tui.tasks.candidates import CandidateStore

    with WorkDb(demo_cost_db) as work:
        store = CandidateStore(work, 0)
        for t in TEMPLATES:
            p = store.pool(t, 0, 6)
            if len(p.params) < 3:
                continue
            whole = execute.run(work, t, p, "grouped")
            part = range(p.start + 1, p.start + 3)
            some = execute.run(work, t, p, "grouped", positions=part)
            assert set(some) == {(i, c) for i in part for c in range(3)}
            for key, res in some.items():
                assert sorted(map(repr, res.rows)) == sorted(map(repr, whole[key].rows)), (t.id, key)
                assert res.row_count == whole[key].row_count
