"""Privacy guard: credentialed MIMIC-IV rows never go to a non-approved model endpoint silently.

An agent run sends query results to the model. PhysioNet's Credentialed Health
Data Use Agreement forbids sharing access to the data with third parties,
including sending it through APIs or online platforms such as ChatGPT, and
PhysioNet's guidance on using MIMIC with LLMs (2023, updated 2025) strongly
recommends locally deployed models; a cloud service is acceptable only with
zero data retention, no training on the data and no human review, which the
researcher must verify. So when the database says it is credentialed MIMIC-IV
(or does not say what it is), an endpoint must be local (loopback) or listed in
the config file, or the user must pass ``--allow-remote`` to take that
responsibility. The demo and synthetic databases are open.

Config (``paths.config_file()``, TOML)::

    [privacy]
    approved_endpoints = ["https://my-deployment.openai.azure.com", "gpu-box.lan:8000"]

An entry is a URL or ``host[:port]``; a URL with a path approves that path and below.
"""

from __future__ import annotations

import ipaddress
import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .. import paths
from ..errors import UserError
from ..mimic.metadata import DbInfo

USE_AGREEMENT_URL = "https://physionet.org/content/mimiciv/view-dua/"
RESPONSIBLE_USE_URL = "https://physionet.org/news/post/llm-responsible-use"
_LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}


@dataclass(frozen=True)
class Decision:
    allowed: bool
    reason: str  # "open data", "local endpoint", "approved in config", "--allow-remote", or the refusal


def _split(url: str) -> tuple[str, int | None, str]:
    """(host, port, path) of a URL or host[:port]."""
    if "//" not in url:
        url = "//" + url
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    return (parts.hostname or "").lower().rstrip("."), port, parts.path.rstrip("/")


def _default_port(url: str) -> int | None:
    scheme = urlsplit(url).scheme.lower()
    return {"http": 80, "https": 443}.get(scheme)


def is_loopback(url: str) -> bool:
    host = _split(url)[0]
    if host in _LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def approved_endpoints(config_file: Path | None = None) -> list[str]:
    path = config_file or paths.config_file()
    if not path.is_file():
        return []
    try:
        cfg = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise UserError(f"cannot read the config file {path}: {e}; fix the TOML or remove the file") from None
    entries = cfg.get("privacy", {}).get("approved_endpoints", [])
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise UserError(f"{path}: [privacy] approved_endpoints must be a list of URLs or host[:port] strings")
    return entries


def is_approved(url: str, entries: list[str]) -> bool:
    host, port, path = _split(url)
    port = port or _default_port(url)
    for entry in entries:
        e_host, e_port, e_path = _split(entry)
        if e_host != host:
            continue
        if e_port is not None or "//" in entry:
            if (e_port or _default_port(entry)) != port:
                continue
        if e_path and not (path == e_path or path.startswith(e_path + "/")):
            continue
        return True
    return False


def check_endpoint(info: DbInfo, base_url: str, *, allow_remote: bool = False,
                   config_file: Path | None = None) -> Decision:
    """Whether rows of this database may go to ``base_url``; raises UserError when they may not."""
    if not info.restricted and info.source in ("demo", "synthetic"):
        return Decision(True, f"{info.source} data is not restricted")
    if is_loopback(base_url):
        return Decision(True, "local endpoint")
    if is_approved(base_url, approved_endpoints(config_file)):
        return Decision(True, "approved in the config file")
    if allow_remote:
        return Decision(True, "--allow-remote given")
    what = "credentialed MIMIC-IV" if info.restricted else f"of unknown origin (source {info.source!r})"
    raise UserError(
        f"{info.path} holds {what} data and {base_url} is not a local endpoint: the PhysioNet Credentialed "
        f"Health Data Use Agreement ({USE_AGREEMENT_URL}) forbids sending the data to third parties such as "
        f"ChatGPT or other online APIs, and PhysioNet's rules for using MIMIC with LLMs ({RESPONSIBLE_USE_URL}) "
        "allow a cloud service only with zero data retention, no training on the data and no human review. Use "
        "a local server (vLLM or Ollama on 127.0.0.1), add an endpoint you have verified to [privacy] "
        f"approved_endpoints in {config_file or paths.config_file()}, or pass --allow-remote to take that "
        "responsibility for this run")
