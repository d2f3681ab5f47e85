"""Fail closed: where the kernel lacks a sandbox layer, execute_python is not offered (the system prompt and
run.json say so) and the Debugger does not replay Python, unless the user allowed a weak sandbox. The layers
are taken away for real: a seccomp filter makes their system calls fail, as on an older kernel."""

from __future__ import annotations

import errno
import json
import subprocess
import sys

import pytest

from ehr_tui.agent.runner import RunConfig, prepare_run
from ehr_tui.mimic import pysandbox
from ehr_tui.screens.replay import replay_python

from .fake_openai import submit

# Landlock's first syscall, unshare() and seccomp() themselves: x86_64 numbers.
TAKE_AWAY = {"landlock": {444: errno.ENOSYS}, "namespaces": {272: errno.EPERM}, "seccomp": {317: errno.EINVAL}}

PROBE = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("confine", sys.argv[1])
confine = importlib.util.module_from_spec(spec); spec.loader.exec_module(confine)
numbers = {int(k): v for k, v in json.loads(sys.argv[2]).items()}
assert confine.install_filter(confine.deny_program(numbers)) is None
print(json.dumps(confine.probe()))
"""


def probe_without(layer: str) -> dict:
    out = subprocess.run([sys.executable, "-I", "-c", PROBE, str(pysandbox.CONFINE), json.dumps(TAKE_AWAY[layer])],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.fixture(scope="module", params=sorted(TAKE_AWAY))
def weak_kernel(request):
    return request.param, probe_without(request.param)


def test_the_probe_sees_the_layer_gone(weak_kernel):
    layer, report = weak_kernel
    assert pysandbox.missing_layers(report) == [layer]
    assert any(layer in p or "seccomp" in p for p in report["problems"])


def test_this_kernel_offers_every_layer():
    assert pysandbox.missing_layers(pysandbox.kernel_support()) == []


def _config(tasks_file, db, server, tmp_path, **kw) -> RunConfig:
    return RunConfig(tasks=tasks_file, db=db, model="fake-model", base_url=server.url, run_dir=tmp_path / "run",
                     request_timeout_s=5, max_retries=0, **kw)


def test_python_is_not_offered_on_a_weak_kernel(weak_kernel, monkeypatch, serve, tasks_file, tiny_db, tmp_path):
    layer, report = weak_kernel
    monkeypatch.setattr(pysandbox, "kernel_support", lambda: report)
    server = serve(lambda req: submit("1"))
    prepared = prepare_run(_config(tasks_file, tiny_db, server, tmp_path))
    s = prepared.settings
    assert "execute_python" not in s.tools and "execute_sql" in s.tools
    assert "execute_python is not available in this run" in s.system_prompt
    assert "execute_python(code)" not in s.system_prompt
    record = json.loads((tmp_path / "run" / "run.json").read_text())
    assert record["sandbox"]["python_tool"] == "not offered" and layer in record["sandbox"]["missing_layers"]
    assert "--allow-weak-python-sandbox" in record["sandbox"]["reason"]
    assert any("execute_python is not offered" in n for n in prepared.warnings)


def test_the_user_may_allow_a_weak_sandbox(weak_kernel, monkeypatch, serve, tasks_file, tiny_db, tmp_path):
    layer, report = weak_kernel
    monkeypatch.setattr(pysandbox, "kernel_support", lambda: report)
    server = serve(lambda req: submit("1"))
    prepared = prepare_run(_config(tasks_file, tiny_db, server, tmp_path, allow_weak_python_sandbox=True))
    assert "execute_python" in prepared.settings.tools
    record = json.loads((tmp_path / "run" / "run.json").read_text())
    assert record["sandbox"]["python_tool"] == "weak" and layer in record["sandbox"]["missing_layers"]


def test_debugger_python_replay_follows_the_rule(weak_kernel, monkeypatch, tiny_db):
    layer, report = weak_kernel
    monkeypatch.setattr(pysandbox, "kernel_support", lambda: report)
    refused = replay_python(tiny_db, ["x = 20", "x + 22"])
    assert not refused.ok and "not replayed" in refused.text and layer in refused.text
    allowed = replay_python(tiny_db, ["x = 20", "x + 22"], allow_weak=True)
    assert allowed.ok and "42" in allowed.text
