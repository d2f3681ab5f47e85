"""The privacy guard on every connection (no redirects, every name resolved, the address actually connected to
checked) and the egress log, tested with real HTTP servers on this machine's loopback and non-loopback
addresses (issue 13, items 8, 9, 11)."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time

import duckdb
import pytest

from ehr_tui.agent import egress, privacy
from ehr_tui.agent.runner import RunConfig, run
from ehr_tui.errors import UserError
from ehr_tui.mimic import metadata

from .fake_openai import FakeOpenAI, Reply, submit

REAL_GETADDRINFO = socket.getaddrinfo
CLI = [sys.executable, "-c", "import sys; from ehr_tui.cli import main; sys.exit(main())"]


def _own_address() -> str | None:
    """A non-loopback IPv4 address of this machine (a server bound there is 'remote' to the guard)."""
    candidates = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
            candidates.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        candidates += [i[4][0] for i in REAL_GETADDRINFO(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    for a in candidates:
        if not a.startswith("127."):
            try:
                with socket.socket() as s:
                    s.bind((a, 0))
                return a
            except OSError:
                continue
    return None


OWN = _own_address()
needs_own = pytest.mark.skipif(OWN is None, reason="this machine has no non-loopback address to serve on")


@pytest.fixture(scope="module")
def credentialed_db(tiny_db, tmp_path_factory):
    db = tmp_path_factory.mktemp("cred") / "cred.duckdb"
    shutil.copy(tiny_db, db)
    con = duckdb.connect(str(db))
    metadata.set_meta(con, source="credentialed", version="3.1")
    con.close()
    return db


@pytest.fixture
def remote():
    servers = []

    def start(policy, host=OWN):
        s = FakeOpenAI(policy, host=host).start()
        servers.append(s)
        return s

    yield start
    for s in servers:
        s.stop()


def _config(tasks_file, db, url, tmp_path, **kw) -> RunConfig:
    base = dict(tasks=tasks_file, db=db, model="fake-model", base_url=url, run_dir=tmp_path / "run",
                request_timeout_s=5, max_retries=0, concurrency=1, task_ids=["demo-1"], api_key="test-key",
                python_tool=False)
    base.update(kw)
    return RunConfig(**base)


def _fake_dns(monkeypatch, answers: dict[str, str], connect_answers: dict[str, str] | None = None):
    """Resolve the given names to the given addresses: ``answers`` for the up-front check (socket), and
    ``connect_answers`` (default the same) for the HTTP client's own look-up at connection time (anyio)."""
    import anyio

    def fake(host, port, *a, **k):
        if host in answers:
            return REAL_GETADDRINFO(answers[host], port, *a, **k)
        return REAL_GETADDRINFO(host, port, *a, **k)

    at_connect = connect_answers if connect_answers is not None else answers

    async def fake_async(host, port, *a, **k):
        target = at_connect.get(host, host)
        return REAL_GETADDRINFO(target, port, *a, **k)

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    monkeypatch.setattr(anyio, "getaddrinfo", fake_async)


def test_localhost_names_are_resolved_not_trusted(monkeypatch):
    _fake_dns(monkeypatch, {"vllm.localhost": "10.0.0.5", "box.localhost": "127.0.0.1"})
    assert not privacy.is_loopback("http://vllm.localhost:8000/v1")
    assert privacy.is_loopback("http://box.localhost:8000/v1")
    assert not privacy.is_loopback("http://no-such-name.invalid/v1")  # does not resolve: not trusted


@needs_own
def test_a_localhost_name_answering_a_private_address_gets_nothing(monkeypatch, remote, tasks_file,
                                                                   credentialed_db, tmp_path):
    server = remote(lambda req: submit("1"))
    _fake_dns(monkeypatch, {"model.localhost": OWN})
    with pytest.raises(UserError, match="not a local endpoint"):
        run(_config(tasks_file, credentialed_db, f"http://model.localhost:{server.port}/v1", tmp_path))
    assert server.requests == []


@needs_own
def test_an_answer_that_changes_after_the_check_is_caught_at_connection(monkeypatch, remote, tasks_file,
                                                                        credentialed_db, tmp_path):
    server = remote(lambda req: submit("1"))
    _fake_dns(monkeypatch, {"model.localhost": "127.0.0.1"}, connect_answers={"model.localhost": OWN})
    # the connection-time guard itself: the runner's probe (which resolves once more, as the check did) is off
    with pytest.raises(UserError, match="privacy guard"):
        run(_config(tasks_file, credentialed_db, f"http://model.localhost:{server.port}/v1", tmp_path,
                    probe_endpoint=False))
    assert server.requests == []
    assert egress.read() == []


@needs_own
@pytest.mark.parametrize("status", [301, 302, 307, 308])
def test_redirects_are_not_followed(remote, tasks_file, credentialed_db, tmp_path, status):
    elsewhere = remote(lambda req: submit("1"))
    local = remote(lambda req: Reply(status=status, body={},
                                     headers={"Location": f"{elsewhere.url}/chat/completions"}), host="127.0.0.1")
    with pytest.raises(UserError, match="redirects are not followed"):
        run(_config(tasks_file, credentialed_db, local.url, tmp_path))
    assert local.requests and elsewhere.requests == []
    assert egress.read() == []


@needs_own
def test_every_remote_request_is_in_the_egress_log(remote, tasks_file, tiny_db, tmp_path):
    server = remote(lambda req: submit("1"))
    summary = run(_config(tasks_file, tiny_db, server.url, tmp_path))
    assert summary is not None
    entries = egress.read()
    assert len(entries) == len(server.requests) >= 1
    e = entries[0]
    assert e.run == "run" and e.address == OWN and e.db_source == "synthetic" and e.status == "200"
    assert e.endpoint.startswith(f"http://{OWN}:{server.port}/v1/chat/completions")
    assert e.bytes_sent > 500 and "not restricted" in e.why and e.db == str(tiny_db)


@needs_own
def test_a_request_that_times_out_is_in_the_egress_log_too(remote, tasks_file, tiny_db, tmp_path):
    """The body left; the endpoint never answered; the run's timeout cancelled the request: that request is
    recorded like any other (it once was not, because a cancel is not an Exception)."""
    from ..agent.fake_openai import Reply

    server = remote(lambda req: Reply(hang=True))
    run(_config(tasks_file, tiny_db, server.url, tmp_path, request_timeout_s=1))
    entries = egress.read()
    assert server.requests and len(entries) == len(server.requests)
    assert all(e.address == OWN and e.bytes_sent > 500 and e.status in ("cancelled", "error: ReadTimeout")
               for e in entries), entries


def test_loopback_requests_are_not_logged(remote, tasks_file, credentialed_db, tmp_path):
    server = remote(lambda req: submit("1"), host="127.0.0.1")
    run(_config(tasks_file, credentialed_db, server.url, tmp_path))
    assert server.requests and egress.read() == []


@needs_own
def test_credentialed_data_appears_only_with_an_approval(remote, tasks_file, credentialed_db, tmp_path):
    from ehr_tui import paths

    server = remote(lambda req: submit("1"))
    with pytest.raises(UserError, match="credentialed MIMIC-IV"):
        run(_config(tasks_file, credentialed_db, server.url, tmp_path))
    assert server.requests == [] and egress.read() == []
    paths.config_file().write_text(f'[privacy]\napproved_endpoints = ["{OWN}:{server.port}"]\n')
    run(_config(tasks_file, credentialed_db, server.url, tmp_path / "second"))
    entries = egress.read()
    assert entries and all(e.db_source == "credentialed" and "approved" in e.why for e in entries)


def test_the_guard_refuses_a_non_loopback_address_for_restricted_data(credentialed_db):
    guard = privacy.ConnectionGuard(metadata.read_info(credentialed_db), run="r")
    with pytest.raises(privacy.ConnectionRefused, match="privacy guard"):
        guard.connect("model.example", 443, ["203.0.113.7"])
    with pytest.raises(privacy.ConnectionRefused):
        guard.connect("mixed.example", 443, ["127.0.0.1", "203.0.113.7"])  # every address must be loopback
    with pytest.raises(privacy.ConnectionRefused, match="does not resolve"):
        guard.connect("nothing.example", 443, [])
    assert guard.connect("localhost", 8000, ["127.0.0.1"]) == "127.0.0.1"


def test_egress_cli_lists_the_log(tmp_path):
    egress.record({"endpoint": "https://api.example/v1/chat/completions", "address": "203.0.113.7",
                   "run": "r1", "bytes_sent": 1234, "status": "200", "db": "/x.duckdb", "db_source": "synthetic",
                   "why": "synthetic data is not restricted"})
    out = subprocess.run([*CLI, "egress"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    header, line = out.stdout.splitlines()
    assert header.split("\t")[:4] == ["time", "endpoint", "address", "run"]
    assert line.split("\t")[1:5] == ["https://api.example/v1/chat/completions", "203.0.113.7", "r1", "1234"]
    out = subprocess.run([*CLI, "egress", "--json"], capture_output=True, text=True,
                         timeout=60)
    assert json.loads(out.stdout.splitlines()[0])["run"] == "r1"
    out = subprocess.run([*CLI, "egress", "--run", "other"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and "no requests" in out.stdout


@needs_own
def test_the_probe_is_refused_where_a_request_would_be(monkeypatch, remote, tasks_file, credentialed_db, tmp_path):
    """The probe before a run connects only where the guard lets a request connect: a name that answers a
    non-loopback address for credentialed data is refused by the guard, before any connection."""
    server = remote(lambda req: submit("1"))
    _fake_dns(monkeypatch, {"model.localhost": "127.0.0.1"}, connect_answers={"model.localhost": OWN})
    import socket as _socket

    real = _socket.getaddrinfo
    calls = []

    def rebinding(host, *a, **k):  # the privacy check sees 127.0.0.1, every later lookup this machine's address
        if host == "model.localhost":
            calls.append(host)
            host = "127.0.0.1" if len(calls) == 1 else OWN
        return real(host, *a, **k)

    monkeypatch.setattr(_socket, "getaddrinfo", rebinding)
    from ehr_tui.agent.runner import prepare_run

    with pytest.raises(UserError, match="privacy guard"):
        prepare_run(_config(tasks_file, credentialed_db, f"http://model.localhost:{server.port}/v1", tmp_path))
    assert server.requests == [] and not (tmp_path / "run").exists()


@needs_own
@pytest.mark.parametrize("name", ["xn--bcher-kva.example", "b\u00fccher.example"])
def test_an_internationalised_host_is_logged_like_any_other(monkeypatch, remote, tasks_file, credentialed_db,
                                                           tmp_path, name):
    """httpx names the host in Unicode, the connection in ASCII (punycode): the log once found no entry for
    either, so an approved IDN endpoint's requests of credentialed data were never recorded."""
    from ehr_tui import paths

    server = remote(lambda req: submit("1"))
    ascii_name = "xn--bcher-kva.example"
    _fake_dns(monkeypatch, {ascii_name: OWN, "b\u00fccher.example": OWN})
    paths.config_file().write_text(f'[privacy]\napproved_endpoints = ["http://{ascii_name}:{server.port}/v1"]\n')
    run(_config(tasks_file, credentialed_db, f"http://{name}:{server.port}/v1", tmp_path))
    entries = egress.read()
    assert server.requests and len(entries) == len(server.requests)
    assert all(e.address == OWN and e.status == "200" and e.db_source == "credentialed" for e in entries)


def test_the_guard_keys_hosts_by_their_ascii_form():
    assert privacy.host_key("B\u00fccher.Example.") == privacy.host_key("xn--bcher-kva.example") == "xn--bcher-kva.example"
    assert privacy.host_key("[::1]") == "::1"


@needs_own
def test_a_request_is_logged_before_its_body_leaves(remote, tasks_file, tiny_db, tmp_path):
    """The log line is written when the connection opens, before the body is sent, and completed after: a run
    killed while waiting for the answer (the OOM killer, kill -9) still leaves the request in the log."""
    import threading

    server = remote(lambda req: Reply(hang=True))
    config = _config(tasks_file, tiny_db, server.url, tmp_path, request_timeout_s=120)

    def attempt():
        try:
            run(config)
        except Exception:  # noqa: BLE001 - the server is stopped under it: how the run ends is not the point
            pass

    t = threading.Thread(target=attempt, daemon=True)
    t.start()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not server.requests:
        time.sleep(0.05)
    assert server.requests  # the body arrived; the run is still waiting for the answer
    entries = egress.read()
    assert len(entries) == 1 and entries[0].status == "sending" and entries[0].bytes_sent > 500
    server.stop()
    t.join(120)
    final = egress.read()
    assert len(final) >= 1 and final[0].request == entries[0].request and final[0].status != "sending"
