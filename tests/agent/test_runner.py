"""The agent runner end to end against a real loopback server speaking the OpenAI protocol."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ehr_tui.agent.evaluate import evaluate_run
from ehr_tui.agent.runner import RunConfig, RunEvents, prepare_run, run, start_run
from ehr_tui.agent.trajectory import RunStore
from ehr_tui.errors import UserError

from .conftest import CREATININE, POTASSIUM, answer_text, build_tiny_db, task_for
from .fake_openai import Reply, error_reply, first_value, python, sql, submit, text_reply, tool_reply

ROOT = Path(__file__).resolve().parents[2]


def config(tasks_file, db, server, tmp_path, **kw) -> RunConfig:
    base = dict(tasks=tasks_file, db=db, model="fake-model", base_url=server.url, run_dir=tmp_path / "run",
                backoff_s=0.01, backoff_max_s=0.05, request_timeout_s=5, max_retries=2, concurrency=3)
    base.update(kw)
    return RunConfig(**base)


def solver(tasks):
    """Runs the gold SQL, then submits the gold answer."""

    def policy(req):
        t = task_for(req, tasks)
        if req.turn == 0:
            return sql(t.gold_sql)
        return submit(answer_text(t))

    return policy


def test_solves_tasks_and_records_everything(serve, tasks, tasks_file, tiny_db, tmp_path):
    server = serve(solver(tasks))
    summary = run(config(tasks_file, tiny_db, server, tmp_path, trials=2))
    assert (summary.total, summary.done, summary.correct, summary.new, summary.skipped) == (6, 6, 6, 6, 0)
    store = RunStore.open(tmp_path / "run")
    s = store.settings()
    assert (s.model, s.base_url, s.db_source, s.trials) == ("fake-model", server.url, "synthetic", 2)
    assert len(s.tasks_sha256) == 64 and "mimiciv_hosp.labevents(" in s.system_prompt
    trajs = store.latest()
    assert set(trajs) == {(t, k) for t in tasks for k in (0, 1)}
    tr = trajs[("labs-1", 0)]
    assert tr.status == "answered" and tr.correct and tr.answer == "3" and tr.failure_mode is None
    assert tr.model == "fake-model" and tr.endpoint == server.url and tr.task.gold_answer == 3
    assert [c.name for st in tr.steps for c in st.tool_calls] == ["execute_sql", "submit_answer"]
    assert tr.steps[0].tool_calls[0].observation.splitlines()[1] == "3"
    assert tr.steps[0].tool_calls[0].result["rows"] == [[3]]
    assert tr.usage == {"prompt_tokens": 200, "completion_tokens": 40, "total_tokens": 240}
    assert all(st.latency_s > 0 for st in tr.steps) and tr.duration_s > 0
    # what the server saw: the tools, the schema prompt, and the observation fed back
    first = next(r for r in server.requests if r.question.startswith(tasks["labs-1"].question))
    assert [t["function"]["name"] for t in first.body["tools"]] == ["execute_sql", "execute_python", "submit_answer"]
    assert first.body["messages"][0]["role"] == "system" and first.body["temperature"] == 0.0
    # two trials of labs-1 run concurrently: either may reach its second turn first
    seconds = [r for r in server.requests if r.question.startswith(tasks["labs-1"].question) and r.turn == 1]
    assert len(seconds) == 2 and all(r.tool_results == ["count_star()\n3\n(1 row)"] for r in seconds)
    assert any(r.messages == tr.messages(s.system_prompt)[:len(r.messages)] for r in seconds)
    report = evaluate_run(tmp_path / "run")
    assert report.overall.accuracy == 1.0 and report.pass_at_k == {1: 1.0, 2: 1.0}
    assert (tmp_path / "run" / "eval.json").is_file()


def test_wrong_codes_are_scored_and_classified(serve, tasks, tasks_file, tiny_db, tmp_path):
    def policy(req):
        t = task_for(req, tasks)
        if t.id != "labs-1":
            return solver(tasks)(req)
        if req.turn == 0:
            return sql(t.gold_sql.replace(str(CREATININE), str(POTASSIUM)))
        return submit(first_value(req.last_tool_result))

    server = serve(policy)
    summary = run(config(tasks_file, tiny_db, server, tmp_path))
    assert summary.correct == 2
    tr = RunStore.open(tmp_path / "run").latest()[("labs-1", 0)]
    assert tr.answer == "2" and not tr.correct and tr.failure_mode == "code_lookup"
    assert "50912" in tr.failure_detail
    report = evaluate_run(tmp_path / "run")
    assert report.failures == {"code_lookup": 1}
    assert report.by_intent["labs"].accuracy == 0.0 and report.by_intent["demographics"].accuracy == 1.0
    assert report.by_level["population"].correct == 2


def test_invalid_json_arguments_become_an_observation(serve, tasks, tasks_file, tiny_db, tmp_path):
    def policy(req):
        t = task_for(req, tasks)
        if req.turn == 0:
            return tool_reply(("execute_sql", '{"query": "SELECT count(*) FROM mimiciv_hosp.patients'))
        if req.turn == 1:
            assert "not valid JSON" in req.last_tool_result
            return sql(t.gold_sql)
        return submit(answer_text(t))

    server = serve(policy)
    summary = run(config(tasks_file, tiny_db, server, tmp_path, task_ids=["demo-1"]))
    assert summary.correct == 1
    tr = RunStore.open(tmp_path / "run").latest()[("demo-1", 0)]
    bad = tr.steps[0].tool_calls[0]
    assert not bad.ok and bad.error == "bad_arguments" and bad.arguments.endswith("patients")
    assert len(tr.steps) == 3


def test_unknown_tools_and_replies_without_tools_are_observations(serve, tasks, tasks_file, tiny_db, tmp_path):
    def policy(req):
        t = task_for(req, tasks)
        if t.id == "labs-1":  # never calls a tool
            return text_reply("I think the answer is 3.")
        if req.turn == 0:
            return tool_reply(("search_web", {"q": "creatinine"}))
        if req.turn == 1:
            assert "there is no tool named 'search_web'" in req.last_tool_result
            return text_reply("Let me think.")
        if req.turn == 2:
            assert req.messages[-1] == {"role": "user", "content": req.messages[-1]["content"]}
            assert "No tool was called" in req.messages[-1]["content"]
            return sql(t.gold_sql)
        return submit(answer_text(t))

    server = serve(policy)
    run(config(tasks_file, tiny_db, server, tmp_path))
    latest = RunStore.open(tmp_path / "run").latest()
    lazy = latest[("labs-1", 0)]
    assert lazy.status == "no_answer" and lazy.failure_mode == "no_answer" and len(lazy.steps) == 2
    assert lazy.steps[0].notice and lazy.steps[1].notice is None  # the last notice was never sent
    assert latest[("demo-1", 0)].correct and latest[("dx-1", 0)].correct


@pytest.mark.parametrize("status", [429, 500, 503])
def test_transient_errors_are_retried(serve, tasks, tasks_file, tiny_db, tmp_path, status):
    good = solver(tasks)
    server = None

    def policy(req):
        if server.bump((req.question, req.turn)) == 0:
            return error_reply(status, "slow down" if status == 429 else "overloaded",
                               headers={"Retry-After": "0"} if status == 429 else None)
        return good(req)

    server = serve(policy)
    summary = run(config(tasks_file, tiny_db, server, tmp_path))
    assert summary.correct == 3
    for tr in RunStore.open(tmp_path / "run").latest().values():
        assert [st.retries for st in tr.steps] == [1, 1]
    assert len(server.requests) == 12


def test_a_hang_times_out_and_is_retried(serve, tasks, tasks_file, tiny_db, tmp_path):
    good = solver(tasks)
    server = None

    def policy(req):
        if req.turn == 0 and server.bump(req.question) == 0:
            return Reply(hang=True)
        return good(req)

    server = serve(policy)
    # The hang never answers; every other reply comes in far below 3 s even on a loaded machine,
    # so only the hang can reach the request timeout (no race between a reply and the limit).
    summary = run(config(tasks_file, tiny_db, server, tmp_path, request_timeout_s=3.0))
    assert summary.correct == 3
    for tr in RunStore.open(tmp_path / "run").latest().values():
        assert tr.steps[0].retries == 1 and tr.steps[0].latency_s >= 3.0


def test_persistent_failures_end_as_endpoint_errors_and_are_retried_on_resume(serve, tasks, tasks_file, tiny_db,
                                                                              tmp_path):
    good = solver(tasks)

    def failing(req):
        if task_for(req, tasks).id == "labs-1":
            return error_reply(503, "down for maintenance")
        return good(req)

    server = serve(failing)
    cfg = config(tasks_file, tiny_db, server, tmp_path, max_retries=1)
    summary = run(cfg)
    assert summary.endpoint_errors == 1 and summary.done == 2 and not summary.complete
    tr = RunStore.open(tmp_path / "run").latest()[("labs-1", 0)]
    assert tr.status == "endpoint_error" and tr.failure_mode == "endpoint_error" and "503" in tr.error
    report = evaluate_run(tmp_path / "run")
    assert report.endpoint_errors == 1 and any("retry" in n for n in report.notes)
    server.policy = good
    server.requests.clear()
    summary = run(cfg)
    assert summary.complete and summary.skipped == 2 and summary.correct == 3
    assert {r.question for r in server.requests} == {tasks["labs-1"].question + "\n\nAnswer format: a single number."}
    assert len(list(RunStore.open(tmp_path / "run").iter_trajectories())) == 4  # append-only: both labs-1 records


def test_step_limit(serve, tasks, tasks_file, tiny_db, tmp_path):
    server = serve(lambda req: sql("SELECT 1"))
    run(config(tasks_file, tiny_db, server, tmp_path, max_steps=3, task_ids=["demo-1"]))
    tr = RunStore.open(tmp_path / "run").latest()[("demo-1", 0)]
    assert tr.status == "step_limit" and len(tr.steps) == 3 and tr.failure_mode == "step_limit"


def test_python_tool_in_a_run(serve, tasks, tasks_file, tiny_db, tmp_path):
    def policy(req):
        t = task_for(req, tasks)
        if req.turn == 0:
            return python(f"rows = con.sql({t.gold_sql!r}).fetchall()\nprint(sorted(r[0] for r in rows))")
        return submit(req.last_tool_result.strip())

    server = serve(policy)
    summary = run(config(tasks_file, tiny_db, server, tmp_path, task_ids=["dx-1"]))
    assert summary.correct == 1
    tr = RunStore.open(tmp_path / "run").latest()[("dx-1", 0)]
    assert tr.answer == "[10000001, 10000003]" and tr.sandbox.get("audit_hook")


@pytest.mark.parametrize("reply, needle", [
    (error_reply(401, "bad key"), "refused the API key"),
    (error_reply(404, "no such model"), "check --model and --base-url"),
    (error_reply(400, "tools are not supported"), "supports tool calling"),
    (error_reply(429, "You exceeded your current quota", code="insufficient_quota"), "quota"),
])
def test_errors_every_trial_would_hit_stop_the_run(serve, tasks_file, tiny_db, tmp_path, reply, needle):
    server = serve(lambda req: reply)
    with pytest.raises(UserError, match=needle):
        run(config(tasks_file, tiny_db, server, tmp_path))
    assert len(server.requests) <= 3  # stopped at once, not once per trial with retries


def test_unreachable_server_stops_the_run(tasks_file, tiny_db, tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    cfg = RunConfig(tasks=tasks_file, db=tiny_db, model="m", base_url=f"http://127.0.0.1:{port}/v1",
                    run_dir=tmp_path / "run", max_retries=1, backoff_s=0.01)
    with pytest.raises(UserError, match="cannot reach .* is the server running"):
        run(cfg)
    assert not (tmp_path / "run").exists()  # the probe fails before a run folder is made


def test_the_probe_names_a_host_that_does_not_resolve(tasks_file, tiny_db, tmp_path, monkeypatch):
    from ehr_tui.agent.runner import probe_endpoint

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    cfg = RunConfig(tasks=tasks_file, db=tiny_db, model="m", base_url="http://no-such-host.invalid:8000/v1",
                    run_dir=tmp_path / "run")
    with pytest.raises(UserError, match="does not resolve"):
        prepare_run(cfg)
    assert not (tmp_path / "run").exists()
    with pytest.raises(UserError, match="port that is not a number"):
        probe_endpoint("http://127.0.0.1:x/v1")


def test_the_probe_sends_nothing(serve, tasks_file, tiny_db, tmp_path):
    server = serve(lambda req: text_reply("x"))
    prepare_run(config(tasks_file, tiny_db, server, tmp_path))
    assert server.requests == []  # a connection opened and closed: no HTTP request, no data


def test_bad_input_is_a_clear_error(serve, tasks_file, tiny_db, tmp_path):
    server = serve(lambda req: text_reply("x"))
    with pytest.raises(UserError, match="--trials must be at least 1"):
        prepare_run(config(tasks_file, tiny_db, server, tmp_path, trials=0))
    with pytest.raises(UserError, match="not an http"):
        prepare_run(config(tasks_file, tiny_db, server, tmp_path, base_url="localhost:8000"))
    with pytest.raises(UserError, match="task id"):
        prepare_run(config(tasks_file, tiny_db, server, tmp_path, task_ids=["nope"]))
    with pytest.raises(UserError, match="does not exist"):
        prepare_run(config(tmp_path / "missing.jsonl", tiny_db, server, tmp_path))
    with pytest.raises(UserError, match="does not exist"):
        prepare_run(config(tasks_file, tmp_path / "missing.duckdb", server, tmp_path))


def test_privacy_guard_on_credentialed_data(tasks_file, tmp_path, capsys, monkeypatch):
    from ehr_tui.cli import main

    db = build_tiny_db(tmp_path / "cred.duckdb", source="credentialed")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    args = ["run", "--tasks", str(tasks_file), "--db", str(db), "--model", "gpt-x",
            "--base-url", "https://api.example.com/v1", "--run-dir", str(tmp_path / "run")]
    assert main(args) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "credentialed MIMIC-IV" in err and "Data Use Agreement" in err and "--allow-remote" in err
    assert not (tmp_path / "run").exists()
    assert main(args + ["--allow-remote"]) == 2  # past the guard: now the missing key is the problem
    assert "no API key" in capsys.readouterr().err


def test_cli_run_eval_and_settings_refusal(serve, tasks, tasks_file, tiny_db, tmp_path, capsys):
    from ehr_tui.cli import main

    server = serve(solver(tasks))
    args = ["run", "--tasks", str(tasks_file), "--db", str(tiny_db), "--model", "fake-model",
            "--base-url", server.url, "--name", "cli-run", "--trials", "2", "--concurrency", "2"]
    assert main(args) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "6 of 6 trials finished, 6 correct" in out and "ehr-tui eval" in out
    assert main(args) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert main(args + ["--temperature", "0.5"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "other settings" in err and "temperature 0.5" in err
    assert main(["eval", "cli-run", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["overall"]["accuracy"] == 1.0 and report["pass_hat_k"] == {"1": 1.0, "2": 1.0}
    assert set(report["by_intent"]) == {"labs", "demographics", "diagnoses"}
    # execution accuracy of the solver's final SQL (the gold SQL) under every policy, with intervals
    assert {p: report["execution"][p]["accuracy"] for p in ("typed", "bird", "spider", "ehrsql")} == \
        {"typed": 1.0, "bird": 1.0, "spider": 1.0, "ehrsql": 1.0}
    assert report["execution_states"] == {"ran": 6}
    assert report["overall"]["interval"] == [1.0, 1.0] and report["reliability"]["N"] == 1.0
    assert main(["eval", "cli-run", "--rescore", str(tasks_file)]) == 0
    raw = capsys.readouterr().out
    out = " ".join(raw.split())
    for text in ("answer accuracy", "abstained", "reliability RS(0/5/10/N)", "BIRD",
                 "Spider test-suite", "EHRSQL 2024", "ehr-tui typed", "pass@2", "pass^2", "diagnoses",
                 "bootstrap interval", "execution accuracy by intent"):
        assert text in out, text
    assert main(["eval", str(tmp_path / "nowhere")]) == 2
    assert "not a run folder" in capsys.readouterr().err


def test_run_handle_callbacks_and_cancel(serve, tasks, tasks_file, tiny_db, tmp_path):
    good = solver(tasks)
    server = serve(lambda req: Reply(body=good(req).body, delay_s=0.05))
    steps, finished = [], []
    first = threading.Event()

    def on_trajectory(traj, progress):
        finished.append((traj.key, progress.done))
        first.set()

    cfg = config(tasks_file, tiny_db, server, tmp_path, trials=3, concurrency=1)
    handle = start_run(cfg, RunEvents(on_step=lambda tid, trial, st: steps.append((tid, trial, st.index)),
                                      on_trajectory=on_trajectory))
    assert first.wait(10)
    handle.cancel()
    summary = handle.wait(10)
    assert summary is not None and handle.done and summary.cancelled and summary.done < 9
    stored = RunStore.open(tmp_path / "run").latest()
    assert len(stored) == summary.done == len(finished)
    assert steps[:2] == [(finished[0][0][0], 0, 0), (finished[0][0][0], 0, 1)]
    summary = run(cfg)  # resume finishes the rest
    assert summary.complete and summary.skipped == len(stored) and summary.correct == 9


def test_cancel_before_the_loop_starts(serve, tasks, tasks_file, tiny_db, tmp_path):
    server = serve(solver(tasks))
    from ehr_tui.agent.runner import RunHandle

    handle = RunHandle(prepare_run(config(tasks_file, tiny_db, server, tmp_path)))
    handle.cancel()
    summary = handle.start().wait(10)
    assert summary.cancelled and summary.new == 0


def test_sharded_run_in_two_processes(serve, tasks, tasks_file, tiny_db, tmp_path):
    server = serve(solver(tasks))
    steps = []
    cfg = config(tasks_file, tiny_db, server, tmp_path, trials=2, concurrency=4, processes=2)
    summary = run(cfg, RunEvents(on_step=lambda tid, trial, st: steps.append((tid, trial, st.index))))
    assert summary.complete and summary.correct == 6
    assert len(steps) == 12 and {s[:2] for s in steps} == {(t, k) for t in tasks for k in (0, 1)}
    lines = (tmp_path / "run" / "trajectories.jsonl").read_text().splitlines()
    assert len(lines) == 6 and all(json.loads(ln)["correct"] for ln in lines)


def test_sharded_run_reports_fatal_errors(serve, tasks_file, tiny_db, tmp_path):
    server = serve(lambda req: error_reply(401, "bad key"))
    with pytest.raises(UserError, match="refused the API key"):
        run(config(tasks_file, tiny_db, server, tmp_path, concurrency=4, processes=2))


def test_resume_after_kill(serve, tasks, tasks_file, tiny_db, tmp_path, capsys):
    """Kill -9 a running `ehr-tui run` with two trials stored, leave a torn line, re-run the same command."""
    good = solver(tasks)
    hang = threading.Event()
    hang.set()

    def policy(req):
        if hang.is_set() and task_for(req, tasks).id == "dx-1":
            return Reply(hang=True)
        return good(req)

    server = serve(policy)
    run_dir = tmp_path / "run"
    args = ["run", "--tasks", str(tasks_file), "--db", str(tiny_db), "--model", "fake-model",
            "--base-url", server.url, "--run-dir", str(run_dir), "--concurrency", "1", "--no-python"]
    proc = subprocess.Popen([sys.executable, "-m", "ehr_tui.cli", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    traj_file = run_dir / "trajectories.jsonl"
    deadline = time.monotonic() + 180  # a child python on a loaded machine
    while time.monotonic() < deadline:
        if traj_file.exists() and traj_file.read_bytes().count(b"\n") == 2 and \
                any(r.question.startswith(tasks["dx-1"].question) for r in server.requests):
            break
        assert proc.poll() is None, proc.stderr.read().decode()
        time.sleep(0.05)
    else:
        proc.kill()
        pytest.fail("the run never reached the third task")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    finished = [json.loads(ln)["task_id"] for ln in traj_file.read_text().splitlines()]
    assert finished == ["labs-1", "demo-1"]
    with traj_file.open("ab") as f:  # as if it had died in the middle of writing the third
        f.write(b'{"task_id": "dx-1", "trial": 0, "model": "fake-mo')
    hang.clear()
    server.requests.clear()
    from ehr_tui.cli import main

    assert main(args) == 0
    captured = capsys.readouterr()
    out, err = " ".join(captured.out.split()), " ".join(captured.err.split())  # rich wraps long lines
    assert "resuming" in out and "2 of 3 trials finished, 1 to run" in out
    assert "incomplete last line" in err
    assert {r.question.split("\n")[0] for r in server.requests} == {tasks["dx-1"].question}
    lines = traj_file.read_text().splitlines()
    assert [json.loads(ln)["task_id"] for ln in lines] == ["labs-1", "demo-1", "dx-1"]
    assert (run_dir / "trajectories.torn").read_bytes().startswith(b'{"task_id": "dx-1"')
    assert evaluate_run(run_dir).overall.correct == 3


def _signal_masks(pid: int) -> dict[str, str]:
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError as e:
        return {"error": str(e)}
    return dict(ln.split(":\t", 1) for ln in lines if ln.startswith(("SigBlk", "SigIgn", "SigCgt")))


@pytest.mark.parametrize("processes", ["1", "2"])
def test_ctrl_c_stops_cleanly_and_says_how_to_resume(serve, tasks, tasks_file, tiny_db, tmp_path, processes):
    good = solver(tasks)
    server = serve(lambda req: Reply(body=good(req).body, delay_s=0.1))
    run_dir = tmp_path / "run"
    args = ["run", "--tasks", str(tasks_file), "--db", str(tiny_db), "--model", "fake-model", "--base-url",
            server.url, "--run-dir", str(run_dir), "--trials", "20", "--concurrency", "2", "--processes", processes]
    # as in a terminal, where Ctrl+C is never ignored (this suite may itself run with SIGINT ignored:
    # a script's background job, nohup)
    proc = subprocess.Popen([sys.executable, "-m", "ehr_tui.cli", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    traj_file = run_dir / "trajectories.jsonl"
    deadline = time.monotonic() + 180  # a child python on a loaded machine
    while not (traj_file.exists() and traj_file.read_bytes().count(b"\n") >= 2):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    seen = _signal_masks(proc.pid), traj_file.read_bytes().count(b"\n")  # says why, should Ctrl+C not stop it
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=180)
    err = " ".join(err.decode().split())
    assert proc.returncode == 130, (err, "child's signal masks and lines written at Ctrl+C", seen)
    assert "stopped" in err and "again to resume" in err and "Traceback" not in err
    lines = traj_file.read_text().splitlines()
    assert 2 <= len(lines) < 60 and all(json.loads(ln)["correct"] for ln in lines)


def test_a_cancel_that_lands_as_the_reply_arrives_is_not_lost(tiny_db, tasks_file, tmp_path):
    """Ctrl+C cancels the run's tasks; one waiting on the model must stop even when the reply is already
    in (Python 3.11's asyncio.wait_for returned the reply and dropped the cancel: the run went on)."""
    import asyncio

    from ehr_tui.agent.runner import ChatEndpoint, httpx2

    endpoint = ChatEndpoint(RunConfig(tasks=tasks_file, db=tiny_db, model="m"), "key")
    body = {"choices": [{"message": {"role": "assistant", "content": "4"}, "finish_reason": "stop"}]}

    async def main() -> str:
        me = asyncio.current_task()

        async def post(*_a, **_k):
            asyncio.get_running_loop().call_soon(me.cancel)  # the cancel arrives with the reply
            return httpx2.Response(200, json=body)

        endpoint.client.post = post
        try:
            await endpoint.complete([{"role": "user", "content": "2+2?"}], [])
            await asyncio.sleep(5)  # a cancel that was kept stops this wait at once
            return "carried on"
        except asyncio.CancelledError:
            return "stopped"
        finally:
            await endpoint.close()

    assert asyncio.run(main()) == "stopped"


def test_a_second_run_on_the_same_folder_is_refused_while_the_first_writes(serve, tasks_file, tiny_db, tmp_path):
    server = serve(lambda req: text_reply("x"))
    first = prepare_run(config(tasks_file, tiny_db, server, tmp_path))
    with pytest.raises(UserError, match="being written by another `ehr-tui run` \\(pid "):
        prepare_run(config(tasks_file, tiny_db, server, tmp_path))
    first.store.release_writer()  # as execute_run does when it ends
    second = prepare_run(config(tasks_file, tiny_db, server, tmp_path))
    assert second.resumed
    second.store.release_writer()
