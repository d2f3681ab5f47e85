"""Checks every template intent shares (used by tests/tasks/test_intents_<intent>.py): shape, a clean
generation, and whether yes/no questions can be balanced."""

from __future__ import annotations

import duckdb

from ehr_tui.tasks import intents
from ehr_tui.tasks.answers import to_jsonable
from ehr_tui.tasks.generate import candidate_sql, generate
from ehr_tui.tasks.template import render_sql, used_parameters


def check_depth_and_shape(intent: str, db) -> list:
    """>= 25 templates per level with >= 3 distinct phrasings; one round of generation on ``db`` (about one task
    per template) has no errors and yields from most templates. Returns the tasks. (The depth goal is checked on
    every template in test_depth.py.)"""
    mine = [t for t in intents.all_templates() if t.intent == intent]
    for level in ("patient", "population"):
        assert sum(t.level == level for t in mine) >= 25, level
    thin = [t.id for t in mine if len(set(t.questions)) < 3]
    assert not thin, thin
    report = generate(db, len(mine), seed=0, templates=mine)
    assert not report.errors, report.errors
    assert len(report.tasks) >= 0.6 * len(mine), f"only {len(report.tasks)} tasks from {len(mine)} templates"
    return report.tasks


def check_balance(db, template_id: str, candidates: int = 60) -> None:
    """A yes/no template's candidates offer both answers, so the engine can sample near 50/50."""
    t = intents.get(template_id)
    con = duckdb.connect(str(db), read_only=True)
    seen: set[bool] = set()
    try:
        cur = con.execute(candidate_sql(t, 0, candidates))
        cols = [d[0] for d in cur.description]
        for row in cur.fetchall():
            params = to_jsonable({k: v for k, v in zip(cols, row) if k in used_parameters(t)})
            res = con.execute(render_sql(t, params)).fetchall()
            if len(res) == 1 and isinstance(res[0][0], bool):
                seen.add(res[0][0])
            if seen == {True, False}:
                break
    finally:
        con.close()
    assert seen == {True, False}, f"{template_id}: only {seen} among {candidates} candidates"
