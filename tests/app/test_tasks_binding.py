"""Tasks files are bound to the database they were generated from: the app opens the open database's own
file (tasks.jsonl first, not merely the newest), and a mismatched pair warns before anything runs."""

from __future__ import annotations

import dataclasses
import os

from ehr_tui import paths
from ehr_tui.mimic.metadata import read_info
from ehr_tui.tasks.binding import choose_tasks_file, db_identity
from ehr_tui.tasks.model import read_tasks, write_tasks

from .conftest import SIZE, notices, settle

OTHER = {"source": "synthetic", "version": "2.2", "created": "2099-01-01T00:00:00+00:00"}


def _write(path, tasks, db, age=0):
    write_tasks(path, [dataclasses.replace(t, db=db) for t in tasks])
    t = path.stat().st_mtime - age
    os.utime(path, (t, t))
    return path


def _count(app):
    return str(app.screen.query_one("#task-count").render())


async def test_opens_the_file_made_from_the_open_database(make_app, tiny_db, tasks_file):
    tasks = read_tasks(tasks_file).tasks
    folder = paths.tasks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    _write(folder / "tasks.jsonl", tasks[:3], OTHER, age=100)
    _write(folder / "mine.jsonl", tasks[:5], db_identity(read_info(tiny_db)), age=50)
    _write(folder / "newest.jsonl", tasks[:7], OTHER)
    app = make_app(tasks=None)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert "mine.jsonl" in _count(app) and "5 tasks" in _count(app)
        assert not notices(app, "warning")


async def test_a_mismatched_pair_warns_and_explains_a_differing_gold_answer(make_app, tasks_file):
    tasks = read_tasks(tasks_file).tasks
    folder = paths.tasks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    _write(folder / "tasks.jsonl", tasks[:3], OTHER, age=100)
    changed = [dataclasses.replace(tasks[3], gold_answer=-1)]
    _write(folder / "newest.jsonl", changed, OTHER)
    app = make_app(tasks=None)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert "tasks.jsonl" in _count(app) and "FOR ANOTHER DATABASE" in _count(app)  # not the newest
        warning = " ".join(notices(app, "warning"))
        assert "generated from another database" in warning and "2099-01-01" in warning
    app = make_app(tasks=folder / "newest.jsonl")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        summary = str(app.screen.query_one("#task-live .result-summary").render())
        assert "DIFFERS" in summary and "generated from another database" in summary


def test_choice_without_a_bound_file_prefers_tasks_jsonl(tmp_path, tasks_file, tiny_db):
    tasks = read_tasks(tasks_file).tasks[:1]
    assert choose_tasks_file(tmp_path, None) is None
    _write(tmp_path / "tasks.jsonl", tasks, {}, age=100)
    _write(tmp_path / "later.jsonl", tasks, OTHER)
    assert choose_tasks_file(tmp_path, read_info(tiny_db)).name == "tasks.jsonl"
    assert choose_tasks_file(tmp_path, None).name == "tasks.jsonl"
