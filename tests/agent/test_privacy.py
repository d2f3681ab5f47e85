"""The privacy guard: credentialed data goes only to local or approved endpoints unless --allow-remote."""

from __future__ import annotations

from pathlib import Path

import pytest

from ehr_tui.agent.privacy import approved_endpoints, check_endpoint, is_approved, is_loopback
from ehr_tui.errors import UserError
from ehr_tui.mimic.demo_fingerprint import DEMO_SUBJECTS_SHA256
from ehr_tui.mimic.metadata import DbInfo


def info(source: str) -> DbInfo:
    return DbInfo(Path("/data/mimic.duckdb"), source, "2.2", "", {}, {})


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/v1", "http://localhost:11434/v1", "http://[::1]:8000/v1",
                                 "http://127.1.2.3/v1", "http://LOCALHOST/v1"])
def test_loopback(url):
    assert is_loopback(url)


@pytest.mark.parametrize("url", ["https://api.openai.com/v1", "http://10.0.0.5:8000/v1", "http://127.0.0.1.evil.com/v1",
                                 "http://localhost.evil.com/v1", "http://[2001:db8::1]/v1"])
def test_not_loopback(url):
    assert not is_loopback(url)


def test_allow_list_matching():
    entries = ["https://my.openai.azure.com", "gpu-box.lan:8000", "https://proxy.example.org/approved"]
    assert is_approved("https://my.openai.azure.com/openai/deployments/x", entries)
    assert not is_approved("http://my.openai.azure.com/v1", entries)  # other port (80 vs 443)
    assert is_approved("http://gpu-box.lan:8000/v1", entries)
    assert not is_approved("http://gpu-box.lan:9000/v1", entries)
    assert is_approved("https://proxy.example.org/approved/v1", entries)
    assert not is_approved("https://proxy.example.org/other/v1", entries)
    assert not is_approved("https://evil-my.openai.azure.com/v1", entries)


def test_open_data_goes_anywhere():
    assert check_endpoint(info("synthetic"), "https://api.openai.com/v1").allowed
    demo = DbInfo(Path("/data/demo.duckdb"), "demo", "2.2", "", {"subjects_sha256": DEMO_SUBJECTS_SHA256}, {})
    assert check_endpoint(demo, "https://api.openai.com/v1").allowed


def test_a_demo_label_alone_opens_nothing(tmp_path):
    fake = DbInfo(Path("/data/mimic.duckdb"), "demo", "2.2", "", {"subjects_sha256": "0" * 64}, {})
    with pytest.raises(UserError, match="not the published MIMIC-IV demo"):
        check_endpoint(fake, "https://api.openai.com/v1", config_file=tmp_path / "none.toml")


def test_credentialed_data_is_refused_for_a_remote_endpoint(tmp_path):
    with pytest.raises(UserError) as e:
        check_endpoint(info("credentialed"), "https://api.openai.com/v1", config_file=tmp_path / "none.toml")
    msg = str(e.value)
    assert "credentialed MIMIC-IV" in msg and "Data Use Agreement" in msg and "ChatGPT" in msg
    assert "physionet.org" in msg and "--allow-remote" in msg and "approved_endpoints" in msg


def test_unknown_source_is_treated_as_restricted(tmp_path):
    with pytest.raises(UserError, match="unknown origin"):
        check_endpoint(info("unknown"), "https://api.openai.com/v1", config_file=tmp_path / "none.toml")


def test_credentialed_data_allowed_locally_approved_or_with_opt_in(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[privacy]\napproved_endpoints = ["https://my.openai.azure.com"]\n')
    assert check_endpoint(info("credentialed"), "http://127.0.0.1:8000/v1", config_file=cfg).reason == "local endpoint"
    assert "config" in check_endpoint(info("credentialed"), "https://my.openai.azure.com/v1", config_file=cfg).reason
    d = check_endpoint(info("credentialed"), "https://api.openai.com/v1", allow_remote=True, config_file=cfg)
    assert d.allowed and "--allow-remote" in d.reason


def test_bad_config_is_a_clear_error(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text("[privacy\n")
    with pytest.raises(UserError, match="cannot read the config file"):
        approved_endpoints(cfg)
    cfg.write_text('[privacy]\napproved_endpoints = "https://x"\n')
    with pytest.raises(UserError, match="must be a list"):
        approved_endpoints(cfg)


def test_default_config_file_under_home(tmp_path):
    from ehr_tui import paths

    paths.config_file().write_text('[privacy]\napproved_endpoints = ["box.lan:9000"]\n')
    assert approved_endpoints() == ["box.lan:9000"]
