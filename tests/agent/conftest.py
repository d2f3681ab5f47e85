"""Fixtures for the agent tests: a tiny MIMIC-IV DuckDB, tasks whose gold answers come from running
their gold SQL through the sandbox, and the loopback OpenAI-protocol server."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from ehr_tui.mimic import metadata, schema
from ehr_tui.mimic.sandbox import SqlSandbox
from ehr_tui.tasks.answers import to_jsonable
from ehr_tui.tasks.model import Task, write_tasks

from .fake_openai import FakeOpenAI

CREATININE, POTASSIUM = 50912, 50971


def build_tiny_db(path: Path, source: str = "synthetic") -> Path:
    con = duckdb.connect(str(path))
    schema.create_schemas(con)
    metadata.set_meta(con, source=source, version=schema.SCHEMA_VERSION, created=metadata.now_iso())
    con.execute("INSERT INTO mimiciv_hosp.patients (subject_id, gender, anchor_age, anchor_year, anchor_year_group) "
                "SELECT 10000000 + i, CASE WHEN i % 2 = 1 THEN 'F' ELSE 'M' END, 30 + i, 2150, '2014 - 2016' "
                "FROM range(1, 11) t(i)")
    con.execute("INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime, admission_type) "
                "SELECT 10000000 + i, 20000000 + i, TIMESTAMP '2150-01-01' + i * INTERVAL 1 DAY, "
                "TIMESTAMP '2150-01-05' + i * INTERVAL 1 DAY, 'URGENT' FROM range(1, 11) t(i)")
    con.execute("INSERT INTO mimiciv_hosp.d_labitems VALUES (50912, 'Creatinine', 'Blood', 'Chemistry'), "
                "(50971, 'Potassium', 'Blood', 'Chemistry'), (51221, 'Hematocrit', 'Blood', 'Hematology')")
    rows = [(1, 10000001, CREATININE, 1.1), (2, 10000001, CREATININE, 1.3), (3, 10000001, CREATININE, 1.2),
            (4, 10000001, POTASSIUM, 4.1), (5, 10000001, POTASSIUM, 4.4), (6, 10000002, CREATININE, 0.9)]
    for lid, sid, item, val in rows:
        con.execute("INSERT INTO mimiciv_hosp.labevents (labevent_id, subject_id, hadm_id, specimen_id, itemid, "
                    "charttime, valuenum) VALUES (?, ?, ?, ?, ?, TIMESTAMP '2150-01-02', ?)",
                    [lid, sid, sid - 10000000 + 20000000, lid, item, val])
    con.execute("INSERT INTO mimiciv_hosp.d_icd_diagnoses VALUES ('4280', 9, 'Congestive heart failure, "
                "unspecified'), ('I509', 10, 'Heart failure, unspecified'), ('25000', 9, 'Diabetes mellitus')")
    con.execute("INSERT INTO mimiciv_hosp.diagnoses_icd VALUES (10000001, 20000001, 1, '4280', 9), "
                "(10000003, 20000003, 1, '4280', 9), (10000005, 20000005, 2, 'I509', 10), "
                "(10000002, 20000002, 1, '25000', 9)")
    con.close()
    return path


TASK_SPECS = [
    # id, intent, level, question, gold SQL, answer type, complexity total
    ("labs-1", "labs", "patient", "How many creatinine measurements does patient 10000001 have?",
     f"SELECT count(*) FROM mimiciv_hosp.labevents WHERE subject_id = 10000001 AND itemid = {CREATININE}",
     "number", 5),
    ("demo-1", "demographics", "population", "How many female patients are there?",
     "SELECT count(*) FROM mimiciv_hosp.patients WHERE gender = 'F'", "number", 4),
    ("dx-1", "diagnoses", "population",
     "Which patients (subject_id) were diagnosed with congestive heart failure (ICD-9 4280)?",
     "SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code = '4280' ORDER BY 1",
     "set", 12),
]


def make_tasks(db: Path, path: Path, specs=TASK_SPECS) -> list[Task]:
    """Tasks with gold answers from running their gold SQL through the sandbox."""
    tasks = []
    with SqlSandbox(db) as sb:
        for tid, intent, level, question, gold, atype, cx in specs:
            res = sb.execute(gold)
            assert res.ok, res.error
            rows = [list(r) for r in res.rows]
            answer = rows[0][0] if atype in ("number", "string", "date", "boolean") else [r[0] for r in rows]
            tasks.append(Task(id=tid, intent=intent, level=level, template_id=f"{intent}-t1", split="test",
                              question=question, gold_sql=gold, gold_answer=to_jsonable(answer), answer_type=atype,
                              complexity={"total": cx, "breakdown": {}}, tables=[]))
    write_tasks(path, tasks)
    return tasks


@pytest.fixture(scope="session")
def tiny_db(tmp_path_factory) -> Path:
    return build_tiny_db(tmp_path_factory.mktemp("agentdb") / "tiny.duckdb")


@pytest.fixture(scope="session")
def tasks_file(tiny_db, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("agenttasks") / "tasks.jsonl"
    make_tasks(tiny_db, path)
    return path


@pytest.fixture(scope="session")
def tasks(tasks_file) -> dict[str, Task]:
    from ehr_tui.tasks.model import read_tasks

    return {t.id: t for t in read_tasks(tasks_file).tasks}


@pytest.fixture
def serve():
    """serve(policy) -> a started FakeOpenAI, stopped after the test."""
    servers = []

    def start(policy) -> FakeOpenAI:
        s = FakeOpenAI(policy).start()
        servers.append(s)
        return s

    yield start
    for s in servers:
        s.stop()


def gold_by_question(tasks: dict[str, Task]) -> dict[str, Task]:
    return {t.question: t for t in tasks.values()}


def task_for(req, tasks: dict[str, Task]) -> Task:
    for t in tasks.values():
        if req.question.startswith(t.question):
            return t
    raise KeyError(req.question)


def answer_text(task: Task) -> str:
    return json.dumps(task.gold_answer)
