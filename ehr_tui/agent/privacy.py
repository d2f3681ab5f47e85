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
responsibility. Synthetic databases are open, and so is the demo when its patients
are the published demo's (see mimic/demo_fingerprint.py).

The check is made twice: once on the base URL before a run starts (``check_endpoint``),
and again on every connection the run's HTTP client opens (``GuardedTransport``): the
client follows no redirects, every host name is resolved and the address actually
connected to is checked (a ``*.localhost`` name, or a DNS answer that changes, gets no
trust it has not earned), proxies from the environment are not used, and every request
to a non-loopback address is recorded in the egress log (egress.py).

Config (``paths.config_file()``, TOML)::

    [privacy]
    approved_endpoints = ["https://my-deployment.openai.azure.com", "gpu-box.lan:8000"]

An entry is a URL or ``host[:port]``; a URL with a path approves that path and below.
"""

from __future__ import annotations

import asyncio

import contextvars
import ipaddress
import socket
import tomllib
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .. import paths
from ..errors import UserError
from ..mimic.metadata import DbInfo
from . import egress

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


def _all_loopback(addresses: list[str]) -> bool:
    try:
        return bool(addresses) and all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses)
    except ValueError:
        return False


def resolve(host: str, port: int | None = None) -> list[str]:
    """Every address a name resolves to (an IP literal: itself); [] when it does not resolve."""
    host = host.strip("[]")
    try:
        return [str(ipaddress.ip_address(host))]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, port or 443, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return sorted({info[4][0] for info in infos})


def is_loopback(url: str) -> bool:
    """Whether every address the URL's host resolves to is a loopback address. Names are resolved, never
    trusted: ``localhost`` and ``*.localhost`` count only when the resolver answers with loopback."""
    host, port, _ = _split(url)
    return _all_loopback(resolve(host, port or _default_port(url)))


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
        if host_key(e_host or "") != host_key(host or ""):  # "b\u00fccher.example" is "xn--bcher-kva.example"
            continue
        if e_port is not None or "//" in entry:
            if (e_port or _default_port(entry)) != port:
                continue
        if e_path and not (path == e_path or path.startswith(e_path + "/")):
            continue
        return True
    return False


def describe(info: DbInfo) -> str:
    """What restricted data a database holds, in words for a refusal."""
    if info.restricted:
        return "credentialed MIMIC-IV data"
    if info.source == "demo":
        return ("data labelled demo whose patients are not the published MIMIC-IV demo's 100 (treated as "
                "credentialed; re-import with --source demo if it really is open data)")
    return f"data of unknown origin (source {info.source!r})"


def check_endpoint(info: DbInfo, base_url: str, *, allow_remote: bool = False,
                   config_file: Path | None = None) -> Decision:
    """Whether rows of this database may go to ``base_url``; raises UserError when they may not."""
    if info.open_data:
        return Decision(True, f"{info.source} data is not restricted")
    if is_loopback(base_url):
        return Decision(True, "local endpoint")
    if is_approved(base_url, approved_endpoints(config_file)):
        return Decision(True, "approved in the config file")
    if allow_remote:
        return Decision(True, "--allow-remote given")
    raise UserError(
        f"{info.path} holds {describe(info)} and {base_url} is not a local endpoint: the PhysioNet Credentialed "
        f"Health Data Use Agreement ({USE_AGREEMENT_URL}) forbids sending the data to third parties such as "
        f"ChatGPT or other online APIs, and PhysioNet's rules for using MIMIC with LLMs ({RESPONSIBLE_USE_URL}) "
        "allow a cloud service only with zero data retention, no training on the data and no human review. Use "
        "a local server (vLLM or Ollama on 127.0.0.1), add an endpoint you have verified to [privacy] "
        f"approved_endpoints in {config_file or paths.config_file()}, or pass --allow-remote to take that "
        "responsibility for this run")


# ---------------------------------------------------------------------------------------------
# Every connection


class ConnectionRefused(Exception):
    """The guard refused to open a connection (raised inside the HTTP client; the runner stops the run)."""


@dataclass(frozen=True)
class _Destination:
    address: str
    loopback: bool
    why: str


# the request being sent, for the connection hook: (url, why it may go anywhere, request id, bytes it sends)
_REQUEST: contextvars.ContextVar[tuple | None] = contextvars.ContextVar("ehr_request", default=None)


def host_key(host: str) -> str:
    """One spelling of a host name for the guard's bookkeeping: httpx's URL gives the Unicode form of an
    internationalised name and the connection the ASCII (punycode) one; both become the ASCII form."""
    host = host.strip("[]").rstrip(".").lower()
    if host.isascii():
        return host
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:
        return host


class ConnectionGuard:
    """The privacy rule applied to each request and each connection of one run."""

    def __init__(self, info: DbInfo, *, run: str, allow_remote: bool = False, config_file: Path | None = None,
                 log_file: Path | None = None):
        self.info, self.run, self.allow_remote = info, run, allow_remote
        self.config_file = config_file
        self.approved = approved_endpoints(config_file)
        self.log_file = log_file
        self.destinations: dict[tuple[str, int], _Destination] = {}

    def permission(self, url: str) -> str | None:
        """Why this URL may receive the data wherever it resolves, or None (then only loopback may)."""
        if self.info.open_data:
            return f"{self.info.source} data is not restricted"
        if is_approved(url, self.approved):
            return "approved in the config file"
        if self.allow_remote:
            return "--allow-remote given"
        return None

    def refusal(self, url: str, address: str) -> ConnectionRefused:
        return ConnectionRefused(
            f"privacy guard: {url} resolves to {address}, not a loopback address, and {self.info.path} holds "
            f"{describe(self.info)}; the request was not sent (approve the endpoint in [privacy] approved_endpoints of "
            f"{self.config_file or paths.config_file()} or pass --allow-remote)")

    def connect(self, host: str, port: int, addresses: list[str]) -> str:
        """The address to connect to for (host, port), or ConnectionRefused."""
        current = _REQUEST.get()
        url, why, request_id, sent = current if current else (f"//{host}:{port}", None, None, 0)
        if not addresses:
            raise ConnectionRefused(f"privacy guard: {host} does not resolve")
        loopback = _all_loopback(addresses)
        if not loopback and why is None:
            raise self.refusal(url, ", ".join(addresses))
        dest = self.destinations[(host_key(host), port)] = _Destination(addresses[0], loopback,
                                                                         why or "local endpoint")
        if request_id is not None and not loopback:  # written before the body leaves: a killed run still says so
            self.log_request(request_id, url, dest, sent, "sending")
        return addresses[0]

    def destination(self, host: str, port: int) -> "_Destination | None":
        return self.destinations.get((host_key(host), port))

    def record(self, request_id: str, url: str, host: str, port: int, sent: int, status: str) -> None:
        dest = self.destination(host, port)
        if dest is None:  # no connection was seen for it: say so rather than leave it out
            dest = _Destination("unknown (no connection seen)", False, "unknown")
        if dest.loopback:
            return
        self.log_request(request_id, url, dest, sent, status)

    def log_request(self, request_id: str, url: str, dest: "_Destination", sent: int, status: str) -> None:
        """One line of the egress log for a request to a non-loopback destination."""
        egress.record({"request": request_id, "endpoint": url, "address": dest.address, "run": self.run,
                       "bytes_sent": sent, "status": status, "db": str(self.info.path),
                       "db_source": self.info.source, "why": dest.why}, self.log_file)


def probe_address(guard: ConnectionGuard, url: str, host: str, port: int) -> str:
    """The address a connection to (host, port) for ``url`` may open, chosen by the guard exactly as for a
    request (the same resolution, the same refusal); ConnectionRefused otherwise. For the runner's probe."""
    try:
        addresses = sorted({info[4][0] for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)})
    except (OSError, UnicodeError):
        addresses = []
    token = _REQUEST.set((url, guard.permission(url), None, 0))
    try:
        return guard.connect(host, port, addresses)
    finally:
        _REQUEST.reset(token)


def guarded_client(guard: ConnectionGuard, timeout: float):
    """An httpx client for the openai SDK that follows no redirects and checks every connection."""
    try:
        import httpx2
    except ImportError:  # pragma: no cover - older openai releases
        import httpx as httpx2

    return httpx2.AsyncClient(transport=GuardedTransport(guard), follow_redirects=False, timeout=timeout,
                              trust_env=False)


def _request_size(request) -> int:
    head = len(request.method) + len(request.url.raw_path) + 12
    head += sum(len(k) + len(v) + 4 for k, v in request.headers.raw)
    try:
        body = len(request.content)
    except Exception:  # noqa: BLE001 - a streamed body: count what the header says
        body = int(request.headers.get("content-length") or 0)
    return head + body


try:
    import httpx2 as _httpx
    import httpcore2 as _httpcore
except ImportError:  # pragma: no cover
    import httpcore as _httpcore
    import httpx as _httpx


class _GuardedBackend(_httpcore.AsyncNetworkBackend):
    """Resolves each host itself, lets the guard choose the address, and connects to that address only
    (TLS still verifies the host name: httpcore passes it as the server name)."""

    def __init__(self, inner, guard: ConnectionGuard):
        self.inner, self.guard = inner, guard

    async def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        import anyio

        try:
            infos = await anyio.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            addresses = sorted({info[4][0] for info in infos})
        except (OSError, UnicodeError):
            addresses = []
        address = self.guard.connect(host, port, addresses)
        return await self.inner.connect_tcp(address, port, timeout=timeout, local_address=local_address,
                                            socket_options=socket_options)

    async def connect_unix_socket(self, path, timeout=None, socket_options=None):
        raise ConnectionRefused("privacy guard: the model endpoint must be an http(s) URL, not a UNIX socket")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


class GuardedTransport(_httpx.AsyncBaseTransport):
    def __init__(self, guard: ConnectionGuard):
        self.guard = guard
        self.inner = _httpx.AsyncHTTPTransport(trust_env=False, limits=_httpx.Limits(
            max_connections=1000, max_keepalive_connections=100))
        pool = getattr(self.inner, "_pool", None)
        if pool is None or not hasattr(pool, "_network_backend"):  # fail closed on an httpx we do not know
            raise UserError("the privacy guard cannot attach to this version of httpx; install the versions "
                            "pyproject.toml names")
        pool._network_backend = _GuardedBackend(pool._network_backend, guard)

    async def handle_async_request(self, request):
        url = str(request.url.copy_with(query=None))
        # the ASCII form of the host, as the connection sees it (request.url.host is the Unicode form)
        host = request.url.raw_host.decode("ascii", "replace")
        port = request.url.port or (443 if request.url.scheme == "https" else 80)
        why = self.guard.permission(url)
        known = self.guard.destination(host, port)
        if known is not None and not known.loopback and why is None:  # a kept-alive connection, another path
            raise self.guard.refusal(url, known.address)
        request_id, sent = uuid.uuid4().hex[:16], _request_size(request)
        if known is not None and not known.loopback:  # a kept-alive connection: the body leaves now
            self.guard.log_request(request_id, url, known, sent, "sending")
        token = _REQUEST.set((url, why, request_id, sent))
        try:
            response = await self.inner.handle_async_request(request)
        except ConnectionRefused:
            raise
        except BaseException as e:  # noqa: BLE001 - a timeout or cancel (CancelledError) after the body left too
            self.guard.record(request_id, url, host, port, sent, "cancelled" if isinstance(e, asyncio.CancelledError)
                              else f"error: {type(e).__name__}")
            raise
        finally:
            _REQUEST.reset(token)
        self.guard.record(request_id, url, host, port, sent, str(response.status_code))
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()
