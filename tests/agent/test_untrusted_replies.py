"""What the parent does with what the workers send back, after a second independent attack run (issue 13):
memory the address-space limit does not count, replies model code forges or bloats, results that expand or
that Python cannot hold, threads left running, and a run that must survive all of it. Each test failed on the
code before the fix."""

from __future__ import annotations

import time

import pytest

from ehr_tui.agent.tools import ObservationLimits, ToolBox
from ehr_tui.mimic.confined_sql import ConfinedSqlSandbox
from ehr_tui.mimic.pysandbox import PythonLimits, PythonSandbox
from ehr_tui.mimic.sandbox import check_statement

from .fake_openai import python, submit
from .test_pysandbox import DISABLE_HOOK

RESP_FD = "import json, sys, os\n_fd = json.loads(sys.argv[1])['resp_fd']\n"


@pytest.fixture
def py(tiny_db):
    sb = PythonSandbox(tiny_db, PythonLimits(timeout_s=5.0, memory_mb=768, grace_s=1.0, max_disk_mb=16))
    sb.start()
    yield sb
    sb.close()


@pytest.fixture(scope="module")
def sql(tiny_db):
    sb = ConfinedSqlSandbox(tiny_db, memory_limit="256MB", threads=1, timeout_s=20, grace_s=1, processes=1)
    sb.start()
    yield sb
    sb.close()


# -- memory outside the address space ---------------------------------------------------------

def test_memfd_files_are_refused(py):
    """memfd pages are shared memory, not address space: 40 of them once held 2.5 GB past a 1 GB cap."""
    r = py.run("import os\nos.memfd_create('x')")
    assert not r.ok and ("PermissionError" in r.error or "not permitted" in r.error), r.error


def test_system_v_shared_memory_is_refused(py):
    assert py.run(DISABLE_HOOK).ok
    r = py.run("import ctypes\nlibc = ctypes.CDLL(None)\n(libc.shmget(0, 1 << 20, 0o1600), ctypes.get_errno())")
    assert r.ok and r.result.startswith("(-1,"), r.result


# -- forged, stale and oversized replies --------------------------------------------------------

@pytest.mark.parametrize("payload", [
    b"[1]\n",  # valid JSON of another shape
    b'{"ok": true, "stdout": ' + b"9" * 5000 + b"}\n",  # past Python's int digit limit
    b"[" * 50000 + b"\n",  # past the recursion limit
    b'{"id": 1, "ok": true, "stdout": 5}\n',  # a field of another type
])
def test_a_reply_written_by_model_code_is_an_observation_not_a_crash(py, payload):
    r = py.run(RESP_FD + f"os.write(_fd, {payload!r})")
    assert not r.ok and "the Python worker stopped" in r.error, r
    again = py.run("40 + 2")
    assert again.ok and again.result == "42" and again.reset


def test_a_forged_reply_does_not_shift_later_results(py):
    r = py.run(RESP_FD + "os.write(_fd, b'{\"id\": 999, \"ok\": true, \"stdout\": \"FORGED\"}\\n')\nprint('genuine')")
    assert "FORGED" not in r.text() and not r.ok
    second = py.run("print('second call')")
    assert second.ok and second.stdout.strip() == "second call", second


def test_a_long_exception_message_is_cut_and_the_state_kept(py):
    assert py.run("keep = 7").ok
    r = py.run("raise ValueError('x' * 300000)")
    assert not r.ok and "ValueError" in r.error and "characters cut" in r.error and len(r.error) < 20000
    assert py.run("keep").result == "7"


def test_a_crash_detail_is_short(py):
    r = py.run("import os\nos.write(2, b'E' * (4 << 20))\nos._exit(1)")
    assert not r.ok and "the Python worker stopped" in r.error and len(r.error) < 5000, len(r.error)


# -- threads -------------------------------------------------------------------------------------

def test_a_thread_left_running_restarts_the_worker(py):
    r = py.run("import threading, time\nkeep = 1\n"
               "threading.Thread(target=lambda: time.sleep(60), daemon=True).start()")
    assert "still running after the call" in (r.error or ""), r
    after = py.run("'keep' in globals()")
    assert after.result == "False" and after.reset


def test_a_worker_that_stops_reading_cannot_block_the_parent(py):
    """The request is written by the call's deadline: a worker that reads nothing (stopped here, as a thread
    holding the interpreter lock would leave it) costs the call its time limit, not the run."""
    import os
    import signal
    from pathlib import Path

    assert py.run("1").ok
    pid = py._proc.pid
    kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    worker = int(kids[0]) if len(kids) == 1 else pid
    os.kill(worker, signal.SIGSTOP)
    start = time.monotonic()
    r = py.run("x = 1\n" + "# padding\n" * 50000)  # 500 kB: more than a pipe holds
    assert time.monotonic() - start < 60 and not r.ok and "time limit" in r.error, r
    assert py.run("1 + 1").result == "2"


# -- SQL results the parent converts and keeps ---------------------------------------------------

@pytest.mark.parametrize("query, shown", [
    ("SELECT 'infinity'::DATE AS d", "infinity"),
    ("SELECT DATE '10000-01-01' AS d", "10000-01-01"),
    ("SELECT 'infinity'::TIMESTAMP AS t", "infinity"),
    ("SELECT TIMESTAMP '290000-01-01 00:00:00' AS t", "290000-01-01"),
    ("SELECT INTERVAL 100000000 YEAR AS i", "100000000 years"),
])
def test_values_python_cannot_hold_come_back_as_text(sql, query, shown):
    box = ToolBox(sql)
    obs = box.call("execute_sql", f'{{"query": "{query}"}}')
    assert obs.ok and shown in obs.text, obs.text
    assert shown in str(obs.result["rows"][0][0])


def test_a_huge_cell_is_not_kept_whole(sql):
    box = ToolBox(sql)
    obs = box.call("execute_sql", '{"query": "SELECT repeat(\'x\', 5000000) AS s"}')
    assert obs.ok and len(obs.text) <= ObservationLimits().max_chars
    kept = obs.result["rows"][0][0]
    assert len(kept) < 20_000 and "not kept" in kept


def test_many_wide_rows_are_kept_within_a_budget(sql):
    box = ToolBox(sql)
    obs = box.call("execute_sql", '{"query": "SELECT i, repeat(\'y\', 30000) FROM range(200) t(i)"}')
    import json
    assert obs.ok and len(json.dumps(obs.result["rows"])) < 2 << 20 and obs.result["truncated"]


def test_a_bit_string_does_not_expand_in_the_parent(sql):
    box = ToolBox(sql)
    obs = box.call("execute_sql", '{"query": "SELECT bitstring(\'1\', 40000000) AS b"}')
    assert obs.ok and "too long to return" in obs.text and len(str(obs.result["rows"])) < 1000


def test_a_time_arrow_cannot_carry_is_a_clear_error(sql):
    res = sql.execute("SELECT TIME '24:00:00' AS t")
    assert not res.ok if hasattr(res, "ok") else res.error
    assert "VARCHAR" in res.error and sql.execute("SELECT 42").rows[0][0] == 42


def test_a_tool_failing_inside_ehr_tui_is_an_observation():
    class Broken:
        def execute(self, query):
            raise OverflowError("a conversion this code did not foresee")

    obs = ToolBox(Broken()).call("execute_sql", '{"query": "SELECT 1"}')
    assert not obs.ok and obs.error == "tool_failure" and "OverflowError" in obs.text


@pytest.mark.parametrize("query", [
    "SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
    "SELECT * FROM read_duckdb('x.duckdb')",
    "SELECT * FROM read_future_format('x')",
    "SELECT * FROM some_new_scan('x')",
])
def test_functions_that_run_sql_text_or_read_files_are_refused(query):
    why, _ = check_statement(query)
    assert why and "not allowed" in why


# -- a second attack round: nested values, lone surrogates, hidden threads -------------------------

@pytest.mark.parametrize("query", [
    "SELECT [repeat('x', 5000000)] AS l",  # a long text inside a list
    "SELECT {'a': repeat('x', 5000000)} AS s",
    "SELECT [bitstring('1', 4000000)] AS l",  # a BIT inside a list: 8 characters a byte
    "SELECT list(NULL) AS l FROM range(6000000)",  # next to no bytes, millions of values
    "SELECT list(i % 2 = 0) AS l FROM range(6000000) t(i)",
])
def test_nested_values_that_would_expand_are_refused_before_conversion(sql, query):
    res = sql.execute(query)
    assert res.error and "query result not returned" in res.error, res.error
    assert sql.execute("SELECT 42").rows[0][0] == 42


def test_small_nested_values_still_come_back(sql):
    res = sql.execute("SELECT [1, 2, 3] AS l, {'a': 'x'} AS s, map([1], ['y']) AS m")
    assert res.error is None and res.rows[0][0] == [1, 2, 3] and res.rows[0][1] == {"a": "x"}


def test_lone_surrogates_are_replaced_wherever_they_come_from(py):
    from ehr_tui.agent.trajectory import valid_text

    box = ToolBox(None, lambda: py)
    obs = box.call("execute_python", '{"code": "print(\'a\\\\ud800b\')"}')
    assert obs.ok and "a\ufffdb" in obs.text
    obs.text.encode("utf-8")  # encodable: the next request to the model and the trajectory line can be made
    assert valid_text({"content": "x\udfffy", "calls": ["\ud800"]}) == {"content": "x\ufffdy", "calls": ["\ufffd"]}


@pytest.mark.parametrize("turns", [
    [lambda: submit("5\ud800")],  # the model's own answer holds one
    [lambda: python("print('a\\ud800b')"), lambda: submit("5")],  # model code prints one
])
def test_a_run_survives_lone_surrogates(serve, tasks_file, tiny_db, tmp_path, turns):
    from ehr_tui.agent.runner import RunConfig, run
    from ehr_tui.agent.trajectory import RunStore

    server = serve(lambda req: turns[min(req.turn, len(turns) - 1)]())
    summary = run(RunConfig(tasks=tasks_file, db=tiny_db, model="fake-model", base_url=server.url,
                            run_dir=tmp_path / "run", backoff_s=0.01, request_timeout_s=30, max_retries=0,
                            concurrency=1))
    trajs = RunStore.open(tmp_path / "run").latest()
    assert summary.done == summary.total == len(trajs) >= 1  # every trajectory recorded, none lost


@pytest.mark.parametrize("arm", [
    # a thread started without `threading`, holding the interpreter lock in one C call: the worker could not
    # read the next cell and the parent's write once blocked for good
    "import _thread, ctypes, time\ndef hog():\n    time.sleep(0.3)\n    ctypes.PyDLL(None).sleep(120)\n"
    "_thread.start_new_thread(hog, ())",
    # a threading.Thread hidden from the worker's own count
    "import threading, time\nthreading.Thread(target=lambda: time.sleep(60), daemon=True).start()\n"
    "threading.enumerate = lambda: [threading.main_thread()]",
])
def test_a_thread_hidden_from_the_worker_is_counted_by_the_kernel(py, arm):
    assert py.run(DISABLE_HOOK).ok
    assert py.run("keep = 1").ok
    r = py.run(arm)
    assert "still running after the call" in (r.error or ""), r
    assert py.run("'keep' in globals()").result == "False"  # a fresh worker: nothing runs on


def test_a_joined_thread_does_not_restart_the_worker(py):
    for _ in range(5):
        r = py.run("import threading\nout = []\nts = [threading.Thread(target=lambda: out.append(1)) for _ in "
                   "range(8)]\n[t.start() for t in ts]; [t.join() for t in ts]\nkeep = len(out)")
        assert r.ok and "still running" not in (r.error or "")
    assert py.run("keep").result == "8"


# -- a third attack round: dictionaries (ENUM), unions, the first row kept ----------------------------

_LABEL = "y" * 200_000


@pytest.mark.parametrize("query", [
    f"SELECT list('{_LABEL}'::ENUM('{_LABEL}', 'b')) AS e FROM range(1000)",  # a label stored once, many elements
    "SELECT union_value(a := list(NULL)) AS u FROM range(6000000)",  # elements inside a union
    "SELECT [union_value(a := repeat('x', 1000000))] AS l",  # a long text inside a union inside a list
])
def test_dictionaries_and_unions_are_measured_too(sql, query):
    res = sql.execute(query)
    assert res.error and "query result not returned" in res.error, res.error


def test_a_long_enum_label_is_cut_like_a_text(sql):
    label = "z" * 150_000
    res = sql.execute(f"SELECT '{label}'::ENUM('{label}', 'b') AS e, 'b'::ENUM('{label}', 'b') AS f")
    assert res.error is None and len(res.rows[0][0]) < 100_100 and "not returned" in res.rows[0][0]
    assert res.rows[0][1] == "b"


def test_what_a_trajectory_keeps_is_capped_at_any_depth(sql):
    import json

    box = ToolBox(sql)
    obs = box.call("execute_sql", '{"query": "SELECT list(repeat(\'x\', 99999)) AS l FROM range(600)"}')
    assert obs.ok and len(json.dumps(obs.result["rows"])) < 2 << 20, len(json.dumps(obs.result["rows"]))
    obs = box.call("execute_sql", '{"query": "SELECT range(0, 1000) AS l, {\'a\': repeat(\'y\', 50000)} AS s"}')
    row = obs.result["rows"][0]
    assert len(row[0]) <= 101 and "more elements not kept" in row[0][-1] and len(row[1]["a"]) < 10_100


def test_threads_are_known_by_identity_not_by_count(py):
    """Model code ended DuckDB's pool threads (con.close()) to make room, then started its own: the count stayed
    under the one at start, the threads ran on between calls."""
    r = py.run("import gc, threading, time\ncon.close()\ndel con\ngc.collect()\n"
               "threading.Thread(target=lambda: time.sleep(60), daemon=True).start()\n"
               "threading.enumerate = lambda: [threading.main_thread()]")
    assert "still running after the call" in (r.error or ""), r


def test_a_malformed_or_deep_reply_ends_one_trajectory_not_the_run(serve, tasks_file, tiny_db, tmp_path):
    from ehr_tui.agent.runner import RunConfig, run
    from ehr_tui.agent.trajectory import RunStore

    from .fake_openai import Reply, completion

    deep: list = []
    for _ in range(900):
        deep = [deep]
    odd = [Reply(body={**completion({"role": "assistant", "content": "x"}, "stop"), "usage": "lots"}),
           Reply(body=completion({"role": "assistant", "content": [{"type": "text", "text": 5}]}, "stop")),
           Reply(body=completion({"role": "assistant", "content": None, "x": deep}, "stop"))]

    def policy(req):
        return odd[req.turn % len(odd)] if req.turn < 3 else submit("5")

    summary = run(RunConfig(tasks=tasks_file, db=tiny_db, model="fake-model", base_url=server_url(serve, policy),
                            run_dir=tmp_path / "run", backoff_s=0.01, request_timeout_s=30, max_retries=0,
                            concurrency=1))
    assert summary.done == summary.total == len(RunStore.open(tmp_path / "run").latest()) >= 1


def server_url(serve, policy) -> str:
    return serve(policy).url


def test_one_reply_runs_at_most_sixteen_tool_calls(serve, tasks_file, tiny_db, tmp_path):
    from ehr_tui.agent.runner import MAX_CALLS_PER_REPLY, RunConfig, run
    from ehr_tui.agent.trajectory import RunStore

    from .fake_openai import tool_reply

    many = tool_reply(*[("execute_sql", {"query": f"SELECT {i}"}) for i in range(40)])
    server = serve(lambda req: many if req.turn == 0 else submit("5"))
    run(RunConfig(tasks=tasks_file, db=tiny_db, model="fake-model", base_url=server.url, run_dir=tmp_path / "run",
                  backoff_s=0.01, request_timeout_s=30, max_retries=0, concurrency=1, task_ids=["demo-1"]))
    traj = next(iter(RunStore.open(tmp_path / "run").latest().values()))
    calls = traj.steps[0].tool_calls
    assert len(calls) == 40 and sum(c.error != "skipped" for c in calls) == MAX_CALLS_PER_REPLY


# -- the measuring skipped for flat results ------------------------------------------------------------------

_FLAT_TABLES = {
    "ints and floats": "SELECT i, i * 0.5 AS f, i % 2 = 0 AS b, (i * 1.25)::DECIMAL(12, 2) AS d FROM range(200) t(i)",
    "text and bytes": "SELECT repeat('ab', i) AS s, repeat('c', i)::BLOB AS x, NULL::VARCHAR AS n FROM range(300) t(i)",
    "times": "SELECT DATE '2150-01-01' + i::INT AS d, TIMESTAMP '2150-01-01' + INTERVAL (i) HOUR AS ts, "
             "INTERVAL (i) MINUTE AS iv, TIME '01:02:03' AS t FROM range(120) t(i)",
    "one long text": "SELECT repeat('z', 40000) AS s",
}


@pytest.mark.parametrize("name", _FLAT_TABLES)
@pytest.mark.parametrize("limits", [(5_000_000, 256 << 20, 512 << 20), (90, 1 << 20, 1 << 30), (600, 10_000, 1 << 30),
                                    (1, 1, 1), (10 ** 9, 50_000, 1 << 30), (10 ** 9, 1 << 30, 20_000),
                                    (10 ** 9, 1 << 30, 60_000)])
def test_a_flat_result_is_let_through_unmeasured_only_where_measuring_passes_it(monkeypatch, name, limits):
    import duckdb

    from ehr_tui.mimic import arrow_rows

    monkeypatch.setattr(arrow_rows, "MAX_VALUES", limits[0])
    monkeypatch.setattr(arrow_rows, "MAX_TEXT", limits[1])
    monkeypatch.setattr(arrow_rows, "MAX_PY_BYTES", limits[2])
    whole = duckdb.connect().sql(_FLAT_TABLES[name]).to_arrow_table()
    for table in (whole, whole.slice(7, 40), whole.slice(0, 1), whole.slice(len(whole) // 2)):
        if arrow_rows.flat_and_small(table):
            assert arrow_rows.measured_problem(table) is None, (name, limits)
        assert arrow_rows.size_problem(table) == (None if arrow_rows.flat_and_small(table) else
                                                  arrow_rows.measured_problem(table))
    # the full limits let every one of these through unmeasured
    monkeypatch.setattr(arrow_rows, "MAX_VALUES", 5_000_000)
    monkeypatch.setattr(arrow_rows, "MAX_TEXT", 256 << 20)
    monkeypatch.setattr(arrow_rows, "MAX_PY_BYTES", 512 << 20)
    assert arrow_rows.flat_and_small(whole)


def _wide(kind: str, rows: int, cols: int = 5):
    import duckdb

    columns = ", ".join(f"(i * {c + 1})::{kind} AS c{c}" for c in range(cols))
    return duckdb.connect().sql(f"SELECT {columns} FROM range({rows}) t(i)").to_arrow_table()


def test_a_result_whose_python_objects_would_be_too_big_is_refused(monkeypatch):
    """Few Arrow bytes can be many Python bytes (a Decimal is 104 bytes for 16 of Arrow): 100,000 rows of 50
    DECIMAL columns were 76 MB of Arrow and 0.9 GB in the parent."""
    from ehr_tui.mimic import arrow_rows

    one = _wide("DECIMAL(18, 3)", 1, 50)
    assert arrow_rows.python_bytes(one, 0) * 100_000 > arrow_rows.MAX_PY_BYTES  # refused at the real limit
    assert arrow_rows.python_bytes(_wide("BIGINT", 1, 50), 0) * 100_000 < arrow_rows.MAX_PY_BYTES  # not ints
    monkeypatch.setattr(arrow_rows, "MAX_PY_BYTES", 8 << 20)
    decimals, ints = _wide("DECIMAL(18, 3)", 20_000), _wide("BIGINT", 20_000)
    problem = arrow_rows.size_problem(decimals)
    assert problem and "MB as Python values" in problem
    assert arrow_rows.size_problem(ints) is None
    # and the estimate is not below what the rows take once converted
    import sys

    rows = arrow_rows.convert(decimals.slice(0, 2000))
    taken = sys.getsizeof(rows) + sum(sys.getsizeof(r) + sum(sys.getsizeof(v) for v in r) for r in rows)
    assert arrow_rows.python_bytes(decimals.slice(0, 2000), 0) >= taken


@pytest.mark.parametrize("query", [
    "SELECT [1, 2] AS l", "SELECT {'a': 1} AS s", "SELECT 'a'::ENUM('a', 'b') AS e", "SELECT NULL AS n",
    "SELECT '1'::BIT AS b", "SELECT map([1], ['y']) AS m", "SELECT union_value(a := 1) AS u",
    "SELECT gen_random_uuid() AS u",
])
def test_a_nested_dictionary_or_extension_result_is_always_measured(query):
    import duckdb

    from ehr_tui.mimic import arrow_rows

    con = duckdb.connect(config={"arrow_lossless_conversion": True})  # as the query process exports
    assert not arrow_rows.flat_and_small(con.sql(query).to_arrow_table())


def test_a_result_too_big_to_bring_back_is_too_large_not_a_failed_query(sql, monkeypatch, tiny_db):
    """The evaluator's execution accuracy keeps "too_large" apart from the agent's SQL failing."""
    from ehr_tui.mimic import arrow_rows
    from ehr_tui.scoring.execution import outcome_of

    monkeypatch.setattr(arrow_rows, "MAX_PY_BYTES", 8 << 20)
    wide = ", ".join(f"(i * {c + 1})::DECIMAL(18, 3) AS c{c}" for c in range(5))
    res = sql.execute(f"SELECT {wide} FROM range(20000) t(i)", max_rows=30_000)
    assert res.too_large and "MB as Python values" in res.error
    assert outcome_of(res, 30_000).state == "too_large"
    assert not sql.execute("SELECT 1").too_large and outcome_of(sql.execute("SELECT nope")).state == "error"
    with ConfinedSqlSandbox(tiny_db, max_result_mb=1, processes=1, threads=1) as small:
        res = small.execute("SELECT repeat('x', 1000) AS s FROM range(3000)", max_rows=5000)  # 3 MB of Arrow
        assert res.too_large and "too large to return" in res.error and outcome_of(res).state == "too_large"
