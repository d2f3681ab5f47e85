"""Background jobs: real training processes launched, tailed, queued, cancelled and re-attached."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from ehr_tui import paths
from ehr_tui.errors import UserError
from ehr_tui.xtf import jobs


def _wait_for(predicate, timeout=600.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def _steps(job):
    records, _ = job.metrics()
    return [r for r in records if r.get("event") == "step"]


def test_jobs_tailed_queued_cancelled_failed_and_reattached(config, tmp_path):
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "zz", "prompt": "Count the patients.", "response": "There are 3."}) + "\n")
    # Data the masks were not made from: fails inside the job. Not queued, so it runs alongside.
    bad = jobs.submit(config(data=[str(other)]), queue=False)
    long = jobs.submit(config(max_steps=100_000, output=""))
    short = jobs.submit(config(max_steps=2, output=""))
    assert long.output == long.dir / "out" and long.name == long.id
    follower = jobs.Follower(long)
    _wait_for(lambda: len(_steps(jobs.load_job(long.id))) >= 3, what="three metrics records")
    job, new = follower.poll()
    assert job.state == "running" and any(r["event"] == "step" for r in new)
    assert jobs.load_job(short.id).state == "queued"  # waits for the job submitted before it
    tree = jobs.process_tree(job.pid, job.pid_created)
    assert len(tree) >= 2  # the wrapper and the trainer
    pids = [p.pid for p in tree]

    ended = jobs.cancel(job, grace_s=300)  # returns once it stops; the bound only matters if it hangs
    assert ended.state == "cancelled" and not ended.active
    for pid in pids:
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE, pid
    records, _ = ended.metrics()
    assert records[-1]["event"] == "end" and records[-1]["status"] == "cancelled"  # stopped at a step boundary
    assert [r["step"] for r in _steps(ended)] == list(range(1, len(_steps(ended)) + 1))

    done = jobs.wait(short, timeout_s=600)
    assert done.state == "finished" and done.returncode == 0
    assert (done.output / "final" / "model.safetensors").is_file()
    # A new app (no memory of the processes it started) sees the same states from the folders.
    jobs._children.clear()
    failed = jobs.wait(bad, timeout_s=600)
    assert failed.state == "failed" and failed.returncode == 2
    assert "are not in" in failed.error and "score the same data" in failed.error
    states = {j.id: j.state for j in jobs.list_jobs()}
    assert states == {long.id: "cancelled", short.id: "finished", bad.id: "failed"}
    assert "step 2/2" in "\n".join(done.log_tail())


def test_a_job_whose_process_vanished_is_failed_or_cancelled(config, tmp_path):
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    d = paths.jobs_dir() / "20000101-000000-dead"
    d.mkdir(parents=True)
    job = jobs.Job("20000101-000000-dead", d, "dead", config().to_dict(), ["true"], created="2000-01-01T00:00:00+00:00",
                   state="running", pid=gone.pid, pid_created=0.0)
    (d / "job.json").write_text(json.dumps(job.to_dict()))
    (d / "train.log").write_text("step 1/9 loss 3.0\n")
    j = jobs.load_job(job.id)
    assert j.state == "failed" and "ended without recording" in j.error
    assert json.loads((d / "job.json").read_text())["state"] == "failed"  # written back once
    jobs.update(d, state="running")
    (d / "cancel").touch()
    assert jobs.load_job(str(d)).state == "cancelled"


def test_job_mistakes(config):
    with pytest.raises(UserError, match="no job 'nope'"):
        jobs.load_job("nope")
    with pytest.raises(UserError, match="this machine only"):
        jobs.submit(config(), nnodes=2)
    with pytest.raises(UserError, match="--batch-size must be at least 1"):
        jobs.submit(config(batch_size=0))
    with pytest.raises(UserError, match="no model at"):  # at once, not in the background
        jobs.submit(config(model="/nonexistent"))
    assert jobs.list_jobs() == []


def test_a_slow_starting_wrapper_is_not_taken_for_a_dead_one(tmp_path, monkeypatch):
    """On a loaded machine the wrapper's Python can take longer to start than any grace period: the
    submitter records the wrapper's pid itself, so readers (the app, the wrappers of later jobs waiting
    their turn) see it alive from the start. A grace of zero makes the old race certain, not timing-bound."""
    monkeypatch.setattr(jobs, "START_GRACE_S", 0.0)
    slow = tmp_path / "slow-python"
    gate = tmp_path / "go"
    # The wrapper waits for the test's signal before its Python starts (exec keeps the pid).
    slow.write_text(f"#!/bin/sh\nwhile [ ! -e '{gate}' ]; do sleep 0.05; done\nexec '{sys.executable}' \"$@\"\n")
    slow.chmod(0o755)
    first = jobs.submit_command([sys.executable, "-c", "pass"], name="first", output=tmp_path / "a", kind="score",
                                python=str(slow))
    second = jobs.submit_command([sys.executable, "-c", "pass"], name="second", output=tmp_path / "b",
                                 kind="score", after=[first.id])
    assert first.pid is not None and jobs.load_job(first.id).state == "queued"
    jobs._children.clear()  # a reader that did not start it (another app) sees the same
    assert {j.id: j.state for j in jobs.list_jobs()}[first.id] == "queued"
    gate.touch()
    assert jobs.wait(first, timeout_s=600).state == "finished"
    assert jobs.wait(second, timeout_s=600).state == "finished"  # it did not see its dependency as failed


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="clock ticks since boot are read from /proc")
def test_a_wall_clock_step_does_not_make_a_running_job_look_dead():
    """A job's process is known by its start in clock ticks since boot: a wall-clock step (NTP, a VM restored
    from a snapshot) moves psutil's create_time, which alone made a running job look dead (marked failed,
    then never stopped). A pid whose start ticks differ (a recycled pid) is still not the job's."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        ticks = jobs.start_ticks(proc.pid)
        created = psutil.Process(proc.pid).create_time()
        assert ticks is not None
        stepped = created - 3600.0  # as recorded before the clock moved an hour
        assert jobs.process_alive(proc.pid, stepped, ticks)
        assert not jobs.process_alive(proc.pid, created, ticks + 1)  # another process under a recycled pid
        assert not jobs.process_alive(proc.pid, stepped)  # without ticks (an older record): create_time decides
        assert jobs.process_alive(proc.pid, created)
    finally:
        proc.kill()
        proc.wait()
    assert not jobs.process_alive(proc.pid, created, ticks)
