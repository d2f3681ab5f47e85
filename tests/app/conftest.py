"""App test fixtures: a tiny DuckDB and a fixed tasks file built here, a fixed terminal size,
no cursor blink (stable snapshots), and a helper that waits for the app's workers."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest
from textual.widgets import Input, TextArea

from ehr_tui.mimic import metadata, schema
from ehr_tui.tasks.answers import to_jsonable
from ehr_tui.tasks.model import Task, write_tasks

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch):
    """A blinking cursor makes two screenshots of the same state differ."""
    for cls in (Input, TextArea):
        original = cls.__init__

        def init(self, *args, _original=original, **kwargs):
            _original(self, *args, **kwargs)
            self.cursor_blink = False

        monkeypatch.setattr(cls, "__init__", init)


async def until(pilot, condition, timeout: float = 180.0, what: str = "condition") -> None:
    """Wait for a state the app reaches by itself (a worker's message, a search's results), however
    loaded the machine is: poll instead of sleeping a fixed time."""
    import asyncio
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)
        await pilot.pause()


async def settle(pilot) -> None:
    """Wait until every worker has finished and the messages they posted are handled."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def build_tiny_db(path: Path) -> Path:
    """40 patients, 2 admissions each, a few labs; one lab comment holds markup-like text."""
    con = duckdb.connect(str(path))
    schema.create_schemas(con)
    metadata.set_meta(con, source="synthetic", version=schema.SCHEMA_VERSION, created="2150-01-01T00:00:00+00:00")
    con.execute("""INSERT INTO mimiciv_hosp.patients
        SELECT 10000000 + i, CASE WHEN i % 2 = 0 THEN 'F' ELSE 'M' END, 20 + (i * 7) % 70, 2150,
               '2014 - 2016', NULL FROM range(40) t(i)""")
    con.execute("""INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime,
               admission_type, admission_location, discharge_location, insurance, language,
               marital_status, race, hospital_expire_flag)
        SELECT 10000000 + i // 2, 20000000 + i, TIMESTAMP '2150-01-01' + INTERVAL (i * 3) DAY,
               TIMESTAMP '2150-01-04' + INTERVAL (i * 3) DAY, CASE WHEN i % 3 = 0 THEN 'URGENT' ELSE
               'ELECTIVE' END, 'EMERGENCY ROOM', 'HOME', 'Medicare', 'ENGLISH', 'SINGLE', 'WHITE',
               (i % 10 = 0)::INTEGER FROM range(80) t(i)""")
    con.execute("INSERT INTO mimiciv_hosp.d_labitems VALUES (50912, 'Creatinine', 'Blood', 'Chemistry'), "
                "(50931, 'Glucose', 'Blood', 'Chemistry')")
    con.execute("""INSERT INTO mimiciv_hosp.labevents (labevent_id, subject_id, hadm_id, specimen_id, itemid,
               charttime, value, valuenum, valueuom, flag, priority, comments)
        SELECT i, 10000000 + (i % 40), 20000000 + (i % 80), i, CASE WHEN i % 2 = 0 THEN 50912 ELSE 50931 END,
               TIMESTAMP '2150-01-02' + INTERVAL (i) HOUR, (0.5 + (i % 13) / 10.0)::VARCHAR,
               0.5 + (i % 13) / 10.0, 'mg/dL', CASE WHEN i % 13 > 9 THEN 'abnormal' END, 'ROUTINE',
               CASE WHEN i = 3 THEN '[red]not markup[/red] [bold' END
        FROM range(400) t(i)""")
    con.close()
    return path


_TEMPLATES = [
    # (intent, level, template, question, gold sql, answer type, breakdown)
    ("demographics", "population", "demo_count_gender", "How many {g} patients are there?",
     "SELECT count(*) FROM mimiciv_hosp.patients WHERE gender = '{g}'", "number",
     {"tables": 1, "predicates": 1, "aggregates": 1}),
    ("demographics", "patient", "demo_age", "How old was patient {s} at their anchor year?",
     "SELECT anchor_age FROM mimiciv_hosp.patients WHERE subject_id = {s}", "number",
     {"tables": 1, "predicates": 1}),
    ("labs", "patient", "lab_max_creat", "What was the highest creatinine of patient {s}?",
     "SELECT max(l.valuenum) FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d "
     "ON l.itemid = d.itemid WHERE d.label = 'Creatinine' AND l.subject_id = {s}", "number",
     {"tables": 2, "joins": 1, "predicates": 3, "aggregates": 1}),
    ("labs", "population", "lab_abnormal_by_item", "How many abnormal results per lab item for {g} patients?",
     "SELECT d.label, count(*) AS n FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d "
     "ON l.itemid = d.itemid JOIN mimiciv_hosp.patients p ON p.subject_id = l.subject_id "
     "WHERE l.flag = 'abnormal' AND p.gender = '{g}' GROUP BY d.label ORDER BY d.label", "table",
     {"tables": 3, "joins": 2, "predicates": 4, "aggregates": 1, "group_by": 1, "order_by": 1}),
    ("cost", "population", "cost_urgent", "How many urgent admissions did {g} patients have?",
     "SELECT count(*) FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p USING (subject_id) "
     "WHERE a.admission_type = 'URGENT' AND p.gender = '{g}'", "number",
     {"tables": 2, "joins": 1, "predicates": 2, "aggregates": 1}),
    ("diagnoses", "patient", "dx_admissions", "List the admission ids of patient {s} in order.",
     "SELECT hadm_id FROM mimiciv_hosp.admissions WHERE subject_id = {s} ORDER BY admittime", "list",
     {"tables": 1, "predicates": 1, "order_by": 1}),
]


def build_tasks(db: Path, n_per_template: int = 4) -> list[Task]:
    con = duckdb.connect(str(db), read_only=True)
    tasks = []
    try:
        for t_i, (intent, level, template, question, sql, atype, breakdown) in enumerate(_TEMPLATES):
            for k in range(n_per_template):
                params = {"g": "FM"[k % 2], "s": 10000000 + k * 3 + t_i}
                gold_sql = sql.format(**params)
                rows = con.execute(gold_sql).fetchall()
                if atype == "number":
                    answer = to_jsonable(rows[0][0])
                elif atype == "list":
                    answer = to_jsonable([r[0] for r in rows])
                else:
                    answer = to_jsonable([list(r) for r in rows])
                tasks.append(Task(
                    id=f"{template}-{k:02d}", intent=intent, level=level, template_id=template,
                    split="test" if t_i % 3 == 2 else "train", question=question.format(**params),
                    gold_sql=gold_sql, gold_answer=answer, answer_type=atype,
                    parameters=params, tables=[], ordered=atype == "list",
                    complexity={"total": sum(breakdown.values()) + k, "breakdown": breakdown}))
    finally:
        con.close()
    return tasks


@pytest.fixture(scope="session")
def tiny_db(tmp_path_factory) -> Path:
    return build_tiny_db(tmp_path_factory.mktemp("appdb") / "tiny.duckdb")


@pytest.fixture(scope="session")
def tasks_file(tiny_db, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("apptasks") / "tasks.jsonl"
    write_tasks(path, build_tasks(tiny_db))
    return path


@pytest.fixture
def make_app(tiny_db, tasks_file):
    """An EhrApp on the tiny database and tasks file, with timings hidden (stable snapshots)."""
    from ehr_tui.app import EhrApp

    def make(**kwargs) -> EhrApp:
        kwargs.setdefault("tasks", tasks_file)
        kwargs.setdefault("show_timings", False)
        return EhrApp(tiny_db, **kwargs)

    return make


def notices(app, severity: str | None = None) -> list[str]:
    """Messages of the notifications currently shown (optionally of one severity)."""
    return [n.message for n in app._notifications if severity is None or n.severity == severity]


def screen_text(app) -> str:
    """What the terminal shows now, as plain text lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


# --- a run folder made by the real runner against the loopback OpenAI server ----------------------

RUN_TASKS = ["demo_count_gender-00", "lab_max_creat-00", "cost_urgent-00", "demo_age-00", "dx_admissions-00"]
FIXED_TIME = "2150-01-01T00:00:00+00:00"


def _policy(req):
    """A scripted agent: right, right after an SQL error, wrong (ignores the cohort), right via Python,
    and one that never calls a tool."""
    from ..agent.fake_openai import first_value, python, sql, submit, text_reply

    q, turn = req.question, req.turn
    if "How many F patients" in q:
        return [sql("SELECT count(*) FROM mimiciv_hosp.patients WHERE gender = 'F'"),
                submit(first_value(req.last_tool_result))][min(turn, 1)]
    if "highest creatinine" in q:
        if turn == 0:
            return sql("SELECT max(valuenum) FROM mimiciv_hosp.labevent")  # no such table
        if turn == 1:
            sid = re.search(r"patient (\d+)", q).group(1)
            return sql("SELECT max(l.valuenum) FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d "
                       f"ON l.itemid = d.itemid WHERE d.label = 'Creatinine' AND l.subject_id = {sid}")
        return submit(first_value(req.last_tool_result))
    if "urgent admissions" in q:
        if turn == 0:
            return sql("SELECT count(*) FROM mimiciv_hosp.admissions WHERE admission_type = 'URGENT'")
        return submit(first_value(req.last_tool_result))
    if "How old was patient" in q:
        sid = re.search(r"patient (\d+)", q).group(1)
        if turn == 0:
            return python(f"age = con.execute('SELECT anchor_age FROM mimiciv_hosp.patients "
                          f"WHERE subject_id = {sid}').fetchone()[0]\nprint(age)")
        return submit(req.last_tool_result.strip().splitlines()[0])
    return text_reply("I am not sure how to answer this.")


def build_run(tasks_file: Path, db: Path, out: Path) -> Path:
    """Run the scripted agent for real, then pin every clock field so screenshots are stable."""
    import json

    from ehr_tui.agent.runner import RunConfig, run
    from ehr_tui.agent.trajectory import RUN_FILE, RunStore

    from ..agent.fake_openai import FakeOpenAI

    raw = out.parent / (out.name + "-raw")
    with FakeOpenAI(_policy) as server:
        summary = run(RunConfig(tasks=tasks_file, db=db, model="fake-model", base_url=server.url, trials=2,
                                concurrency=2, max_steps=4, task_ids=RUN_TASKS, run_dir=raw))
    assert summary.complete, summary
    settings = json.loads((raw / RUN_FILE).read_text())
    settings["created"] = FIXED_TIME
    settings["name"] = out.name
    settings["base_url"] = "http://127.0.0.1:8000/v1"
    out.mkdir(parents=True)
    (out / RUN_FILE).write_text(json.dumps(settings, indent=2) + "\n")
    store = RunStore(out)
    for traj in sorted(RunStore(raw).latest().values(), key=lambda t: t.key):
        traj.started_at = traj.finished_at = FIXED_TIME
        traj.endpoint = settings["base_url"]
        traj.duration_s = 1.0
        for step in traj.steps:
            step.latency_s, step.started_at = 0.25, 0.0
            for call in step.tool_calls:
                call.latency_s = 0.01
                if call.result and "elapsed_s" in call.result:
                    call.result["elapsed_s"] = 0.0
        store.append(traj)
    return out


@pytest.fixture(scope="session")
def fixture_run(tasks_file, tiny_db, tmp_path_factory) -> Path:
    return build_run(tasks_file, tiny_db, tmp_path_factory.mktemp("runs") / "tiny__fake-model")


@pytest.fixture
def run_dir(fixture_run) -> Path:
    """A private copy of the fixture run in this test's home, looking finished (not written lately)."""
    import os
    import shutil

    from ehr_tui import paths

    dest = paths.runs_dir() / fixture_run.name
    shutil.copytree(fixture_run, dest)
    old = 1_000_000_000
    for f in dest.iterdir():
        os.utime(f, (old, old))
    return dest
