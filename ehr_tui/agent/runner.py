"""The agent loop over any OpenAI-compatible chat-completions endpoint: async, concurrent, resumable.

``prepare_run`` checks everything a user can get wrong (tasks, database, privacy guard, API key,
run folder settings) before any request is made, and works out which (task, trial) pairs are
still to do. ``execute_run`` runs them with bounded concurrency; each finished trajectory is
appended to the run folder durably before the next one is counted. ``start_run`` runs the same
thing in a background thread for a UI: a callback per step and per finished trajectory, and
``cancel()``. No Textual import here: the TUI calls these functions.

Endpoint failures are handled by kind: 429 / 5xx / timeouts / dropped connections are retried
with exponential backoff (honouring Retry-After); a bad API key, an unknown model or URL, or a
request the server rejects before any request succeeded stop the run with one clear message
(every trial would fail the same way); anything else ends that trajectory as ``endpoint_error``,
which a resumed run retries.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import json
import os
import random
import re
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

import openai

try:  # openai 3.x is built on httpx2; older releases on httpx
    import httpx2
except ImportError:  # pragma: no cover
    import httpx as httpx2

from .. import __version__, paths
from ..errors import UserError
from ..mimic import metadata, schema
from ..mimic.confined_sql import ConfinedSqlSandbox, parse_size
from ..mimic.pysandbox import PythonLimits, PythonSandbox, python_tool_status
from ..tasks import cost, intents, sampling
from ..tasks.model import Task, read_tasks
from . import egress, privacy
from .evaluate import rescore
from .tools import ALL_TOOLS, EXECUTE_PYTHON, ObservationLimits, ToolBox, tool_specs
from .trajectory import RunSettings, RunStore, Step, TaskSnapshot, ToolCall, Trajectory, sha256_file, valid_text

DEFAULT_BASE_URL = "https://api.openai.com/v1"
LOCAL_API_KEY = "not-needed"  # local servers ignore the key, the client insists on one

_ANSWER_HINTS = {
    "number": "a single number",
    "string": "a single text value",
    "boolean": "yes or no",
    "date": "a date as YYYY-MM-DD (or a timestamp as YYYY-MM-DD HH:MM:SS)",
    "list": "a JSON array of values, in the order the question asks for",
    "set": "a JSON array of values (order does not matter)",
    "table": "a JSON array of rows, each row a JSON array of values",
}
NO_TOOL_NOTICE = ("No tool was called. Investigate with execute_sql (or execute_python), then call "
                  "submit_answer with only the final answer.")
CUT_OFF_NOTICE = ("Your reply was cut off at the token limit before a tool call. Be brief: call a tool, "
                  "or submit_answer with the final answer.")


def system_prompt(tools: tuple[str, ...] | list[str] = ALL_TOOLS, python_note: str | None = None) -> str:
    """The system prompt; ``python_note`` tells the model why execute_python is not offered."""
    python = EXECUTE_PYTHON in tools
    return "\n".join([
        "You are a careful clinical data analyst. You answer questions about patients in a MIMIC-IV "
        "database (v2.2 schema, DuckDB SQL dialect) by querying it.",
        "",
        "Tools:",
        "- execute_sql(query): run one read-only SQL statement and see the rows.",
        *(["- execute_python(code): run Python with a read-only DuckDB connection `con`; variables persist."]
          if python else []),
        "- submit_answer(answer): give the final answer and finish.",
        *([f"(execute_python is not available in this run: {python_note})"] if python_note and not python else []),
        "",
        "How to work:",
        "- Find the codes and item ids you need in the dictionary tables (d_icd_diagnoses, d_icd_procedures, "
        "d_labitems, d_items, ...) before filtering on them; do not guess codes.",
        "- Use schema-qualified table names (mimiciv_hosp.x, mimiciv_icu.y). Dates are shifted into the "
        "future (years 2100-2200) for de-identification: use them as they are.",
        "- Check the result makes sense, then submit only the answer (no explanation) in the format asked.",
        "",
        *(["Conventions the questions follow:", *(f"- {c}" for c in intents.conventions()), ""]
          if intents.conventions() else []),
        "Schema (table(columns); -- notes):",
        schema.describe(),
        "",
        "Cost questions price billing records with the ehr-tui cost schedule, stored in the database:",
        cost.describe(),
    ])


def user_prompt(task: Task | TaskSnapshot) -> str:
    hint = _ANSWER_HINTS.get(task.answer_type, "the answer")
    if task.answer_type == "table" and task.ordered:
        hint += ", in the order the question asks for"
    return f"{task.question}\n\nAnswer format: {hint}."


# ---------------------------------------------------------------------------------------------
# Configuration


@dataclass
class RunConfig:
    tasks: Path
    db: Path
    model: str
    base_url: str = DEFAULT_BASE_URL
    api_key: str | None = None  # default: from the environment variable api_key_env
    api_key_env: str = "OPENAI_API_KEY"
    trials: int = 1
    concurrency: int = 4
    max_steps: int = 12
    temperature: float | None = 0.0
    max_tokens: int | None = None
    request_timeout_s: float = 120.0
    max_retries: int = 5
    backoff_s: float = 1.0  # first retry delay; doubles per retry, with jitter
    backoff_max_s: float = 30.0
    python_tool: bool = True
    python: PythonLimits = field(default_factory=PythonLimits)
    allow_weak_python_sandbox: bool = False  # offer execute_python even where the kernel cannot confine it
    sql_timeout_s: float = 30.0
    sql_max_rows: int = 1000
    sql_memory_limit: str = "2GB"  # per confined query process (its address space is capped above this)
    sql_temp_mb: int = 1024  # temporary (spill) space per query process
    observation: ObservationLimits = field(default_factory=ObservationLimits)
    max_no_tool_turns: int = 2  # consecutive replies without a tool call before giving up
    run_dir: Path | None = None
    name: str | None = None
    allow_remote: bool = False
    limit: int | None = None  # only the first N tasks (after the filters)
    sample: int | None = None  # a seeded random sample of N tasks (after the filters; tasks.sampling)
    stratify: tuple[str, ...] = ()  # sample strata, e.g. ("intent", "level")
    sample_seed: int = 0
    split: str | None = None
    task_ids: list[str] | None = None
    config_file: Path | None = None  # privacy allow-list; default paths.config_file()
    egress_log: Path | None = None  # default HOME/egress.jsonl (fixed by prepare_run, for shard processes too)

    processes: int | None = None  # run processes; None: auto (one per 8 concurrent trajectories, up to the cores)
    checkpoint: Path | None = None  # local model folder the endpoint serves (default: --model, if it is one)
    probe_endpoint: bool = True  # one TCP connect before the run folder is made (probe_endpoint)

    @property
    def worker_processes(self) -> int:
        if self.processes is not None:
            return max(1, self.processes)
        return max(1, min(os.cpu_count() or 1, self.concurrency // 8))

    @property
    def tools(self) -> tuple[str, ...]:
        return tuple(t for t in ALL_TOOLS if t != EXECUTE_PYTHON or self.python_tool)


def served_checkpoint(model: str, checkpoint: Path | None) -> dict | None:
    """What run.json records of a local fine-tuned model the endpoint serves: ``checkpoint``, else
    ``model`` when it names a model folder (vLLM serves a folder under its path by default)."""
    from ..xtf.checkpoints import checkpoint_metadata

    if checkpoint is not None:
        return checkpoint_metadata(checkpoint)
    local = Path(model).expanduser()
    return checkpoint_metadata(local) if (local / "config.json").is_file() else None


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.") or "run"


def default_run_name(tasks: Path, model: str) -> str:
    """Deterministic, so that repeating a command finds its run again and resumes it."""
    return f"{_slug(tasks.stem)}__{_slug(model)}"


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


@dataclass
class PreparedRun:
    config: RunConfig
    settings: RunSettings
    store: RunStore
    tasks: list[Task]
    pending: list[tuple[Task, int]]
    finished: dict[tuple[str, int], Trajectory]
    api_key: str
    privacy: privacy.Decision
    resumed: bool
    warnings: list[str]

    @property
    def total(self) -> int:
        return len(self.tasks) * self.config.trials


def api_key_for(config: RunConfig, base_url: str) -> str:
    """The key from the config or its environment variable; a local server needs none."""
    api_key = config.api_key or os.environ.get(config.api_key_env)
    if not api_key:
        if privacy.is_loopback(base_url):
            return LOCAL_API_KEY
        raise UserError(f"no API key: set the environment variable {config.api_key_env} (or name another "
                        f"one with --api-key-env) for {base_url}")
    return api_key


def select_tasks(tasks: list, source, *, split: str | None = None, task_ids=None, sample: int | None = None,
                 stratify=(), seed: int = 0, limit: int | None = None) -> list:
    """The tasks a run takes from a file: the split, the ids, then a seeded sample or the first N (the same
    selection for the runner and for the app's progress of a launched run)."""
    if sample is not None and limit is not None:
        raise UserError("--sample and --limit both choose the tasks: use one of them")
    for name, value in (("--sample", sample), ("--limit", limit)):
        if value is not None and value < 1:
            raise UserError(f"{name} must be at least 1 (got {value})")
    if stratify and sample is None:
        raise UserError("--stratify needs --sample N (how many tasks to draw)")
    if split:
        tasks = [t for t in tasks if t.split == split]
    if task_ids:
        wanted = set(task_ids)
        unknown = wanted - {t.id for t in tasks}
        if unknown:
            raise UserError(f"task id(s) not in {source}: {', '.join(sorted(unknown)[:5])}")
        tasks = [t for t in tasks if t.id in wanted]
    if sample is not None:
        tasks = sampling.sample(tasks, sample, stratify, seed)
    if limit is not None:
        tasks = tasks[:limit]
    if not tasks:
        raise UserError(f"no tasks to run in {source}" + (f" with split {split!r}" if split else "")
                        + ": generate some with `ehr-tui tasks generate`")
    return tasks


def prepare_run(config: RunConfig, warn: Callable[[str], None] | None = None) -> PreparedRun:
    """Validate a run and open (or resume) its folder; raises UserError for anything the user must fix."""
    notes: list[str] = []

    def note(msg: str) -> None:
        notes.append(msg)
        if warn:
            warn(msg)

    for name, value, low in (("--trials", config.trials, 1), ("--concurrency", config.concurrency, 1),
                             ("--max-steps", config.max_steps, 1)):
        if value < low:
            raise UserError(f"{name} must be at least {low} (got {value})")
    parse_size(config.sql_memory_limit)
    if config.sql_temp_mb < 1:
        raise UserError(f"--sql-temp must be at least 1 MB (got {config.sql_temp_mb})")
    if not config.model.strip():
        raise UserError("--model is empty: give the model name the endpoint serves")
    base_url = config.base_url.strip().rstrip("/")
    if not re.match(r"^https?://[^/\s]+", base_url):
        raise UserError(f"--base-url {config.base_url!r} is not an http(s) URL (e.g. http://127.0.0.1:8000/v1)")
    tf = read_tasks(config.tasks)
    if tf.errors:
        note(f"{config.tasks}: {tf.bad_records} bad record(s) skipped (first: {tf.errors[0]})")
    tasks = select_tasks(tf.tasks, config.tasks, split=config.split, task_ids=config.task_ids,
                         sample=config.sample, stratify=config.stratify, seed=config.sample_seed, limit=config.limit)
    info = metadata.read_info(config.db)
    config.egress_log = config.egress_log or egress.log_file()
    decision = privacy.check_endpoint(info, base_url, allow_remote=config.allow_remote,
                                      config_file=config.config_file)
    api_key = api_key_for(config, base_url)
    tools = config.tools
    sandbox_record: dict = {"sql": "confined query processes (see README: Security)"}
    python_note = None
    if EXECUTE_PYTHON in tools:
        status = python_tool_status(config.allow_weak_python_sandbox, config.python)
        sandbox_record.update(status.record())
        if not status.offered:
            tools = tuple(t for t in tools if t != EXECUTE_PYTHON)
            python_note = "this machine cannot confine Python code safely, so use execute_sql"
            note(status.reason)
        elif status.weak:
            note(status.reason)
    else:
        sandbox_record["python_tool"] = "not requested (--no-python)"
    settings = RunSettings(
        name="", model=config.model, base_url=base_url, tasks_file=str(Path(config.tasks).resolve()),
        tasks_sha256=sha256_file(config.tasks), db=str(Path(config.db).resolve()), db_source=info.source,
        db_version=info.version, trials=config.trials, max_steps=config.max_steps,
        temperature=config.temperature, max_tokens=config.max_tokens, tools=list(tools),
        system_prompt=system_prompt(tools, python_note), created=_now(), ehr_tui_version=__version__,
        limits={"python_timeout_s": config.python.timeout_s, "python_memory_mb": config.python.memory_mb,
                "sql_timeout_s": config.sql_timeout_s, "sql_max_rows": config.sql_max_rows,
                "observation_chars": config.observation.max_chars, "request_timeout_s": config.request_timeout_s,
                "max_retries": config.max_retries, "sql_memory_limit": config.sql_memory_limit,
                "sql_temp_mb": config.sql_temp_mb},
        checkpoint=served_checkpoint(config.model, config.checkpoint), sandbox=sandbox_record,
        selection={k: v for k, v in (("split", config.split), ("task_ids", list(config.task_ids or [])),
                                     ("limit", config.limit), ("sample", config.sample),
                                     ("stratify", list(config.stratify)),
                                     ("seed", config.sample_seed if config.sample is not None else None))
                   if v not in (None, "", [])})
    if config.run_dir is not None:
        run_dir = Path(config.run_dir)
    else:
        run_dir = paths.runs_dir() / (config.name or default_run_name(Path(config.tasks), config.model))
    settings.name = run_dir.name
    if RunStore(run_dir).run_file.is_file():
        RunStore(run_dir).check_resumable(settings)  # a mismatch is said before any connection is tried
    if config.probe_endpoint:  # before any folder exists: a failed launch leaves nothing behind
        probe_endpoint(base_url, note, guard=privacy.ConnectionGuard(
            info, run=settings.name or "probe", allow_remote=config.allow_remote, config_file=config.config_file,
            log_file=config.egress_log))
    store, resumed = RunStore.create_or_resume(run_dir, settings)
    store.lock_writer()  # one writer per run folder: a second run would redo every unfinished trial
    if resumed:
        settings = store.settings()
    store.repair(note)
    finished = {k: t for k, t in store.latest(note).items() if t.finished}
    pending = [(task, trial) for trial in range(config.trials) for task in tasks
               if (task.id, trial) not in finished]
    return PreparedRun(config, settings, store, tasks, pending, finished, api_key, decision, resumed, notes)


# ---------------------------------------------------------------------------------------------
# The endpoint

PROBE_TIMEOUT_S = 2.0


def probe_endpoint(base_url: str, note: Callable[[str], None] | None = None,
                   timeout_s: float = PROBE_TIMEOUT_S, guard: privacy.ConnectionGuard | None = None) -> None:
    """Open (and close) one TCP connection to the endpoint's host and port, sending nothing: a server that
    is not running fails the run in under ``timeout_s`` instead of after every retry of the first request.
    The address is the one the privacy ``guard`` lets a request use (its refusal comes first). A connection
    that neither opens nor fails in time is only a note (a slow network may still work)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(base_url)
    host = parts.hostname or ""
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise UserError(f"--base-url {base_url!r} has a port that is not a number") from None
    if guard is not None:
        try:
            address = privacy.probe_address(guard, base_url, host, port)
        except privacy.ConnectionRefused as e:
            if "does not resolve" in str(e):
                raise UserError(f"cannot reach {base_url}: the name {host!r} does not resolve; check the URL") \
                    from None
            raise RunAborted(str(e)) from None
    else:
        try:
            address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][4][0]
        except (OSError, UnicodeError) as e:
            raise UserError(f"cannot reach {base_url}: the name {host!r} does not resolve ({e}); check the URL") \
                from None
    try:
        with socket.create_connection((address, port), timeout=timeout_s):
            pass
    except (TimeoutError, socket.timeout):
        if note:
            note(f"{host}:{port} did not accept a connection within {timeout_s:g} s; trying the run anyway")
    except OSError as e:
        raise UserError(f"cannot reach {base_url}: {e.strerror or e} at {host}:{port}; is the server running?"
                        ) from None



class RunAborted(UserError):
    """An endpoint problem that every trial would hit: stop the run."""


class EndpointFailed(Exception):
    """This request failed for good (after retries); the trajectory ends as endpoint_error."""


@dataclass
class Completion:
    message: Any
    finish_reason: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    retries: int
    latency_s: float


class ChatEndpoint:
    def __init__(self, config: RunConfig, api_key: str, guard: privacy.ConnectionGuard | None = None):
        self.config = config
        self.base_url = config.base_url.strip().rstrip("/")
        # Retries are ours (max_retries=0): they are counted per step and their backoff is configurable.
        # The HTTP client is the privacy guard's: no redirects, every connection's address checked, egress logged.
        http = privacy.guarded_client(guard, config.request_timeout_s) if guard is not None else None
        self.client = openai.AsyncOpenAI(base_url=self.base_url, api_key=api_key, max_retries=0,
                                         timeout=config.request_timeout_s, http_client=http)
        self.succeeded = False  # once one request worked, later odd failures are per-trajectory

    async def close(self) -> None:
        await self.client.close()

    def _fatal(self, e: openai.APIStatusError) -> RunAborted:
        detail = _error_text(e)
        if isinstance(e, openai.AuthenticationError):
            return RunAborted(f"{self.base_url} refused the API key (401: {detail}); set "
                              f"{self.config.api_key_env} (or --api-key-env NAME) to a valid key")
        if isinstance(e, openai.PermissionDeniedError):
            return RunAborted(f"{self.base_url} denied access (403: {detail}); check the key's permissions "
                              f"for model {self.config.model!r}")
        if isinstance(e, openai.NotFoundError):
            return RunAborted(f"{self.base_url}/chat/completions or model {self.config.model!r} was not found "
                              f"(404: {detail}); check --model and --base-url (OpenAI-compatible servers usually "
                              "end in /v1)")
        if isinstance(e, openai.RateLimitError):
            return RunAborted(f"{self.base_url} says the quota is used up (429: {detail}); "
                              "add credit or use another key")
        return RunAborted(f"{self.base_url} rejected the first request ({e.status_code}: {detail}); "
                          "check that the server supports tool calling for this model (vLLM needs "
                          "--enable-auto-tool-choice and a --tool-call-parser)")

    async def complete(self, messages: list[dict], tools: list[dict]) -> Completion:
        cfg = self.config
        kwargs: dict[str, Any] = {"model": cfg.model, "messages": messages, "tools": tools}
        if cfg.temperature is not None:
            kwargs["temperature"] = cfg.temperature
        if cfg.max_tokens is not None:
            kwargs["max_tokens"] = cfg.max_tokens
        start = time.perf_counter()
        attempt = 0
        while True:
            retry_after: float | None = None
            try:
                # client.post with a raw response skips create()'s per-call walk of the parameter types and
                # the pydantic model of the reply (together ~3 ms a step): the body is plain JSON already,
                # and we read four fields. Errors are raised exactly as by create().
                # asyncio.timeout, not wait_for: Python 3.11's wait_for returns the result and drops a cancel
                # (Ctrl+C) that lands as the reply arrives, and the run then carries on to the end.
                async with asyncio.timeout(cfg.request_timeout_s):
                    raw = await self.client.post("/chat/completions", cast_to=httpx2.Response, body=kwargs)
                try:
                    resp = raw.json()
                    choice = resp["choices"][0]
                    message = choice["message"]
                    if not isinstance(message, dict) or _depth_over(message, _MAX_DEPTH):
                        raise TypeError("not a message")
                except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError):
                    raise EndpointFailed(f"the endpoint sent a reply that is not a chat completion: "
                                         f"{raw.text[:200]!r}") from None
                self.succeeded = True
                usage = resp.get("usage") if isinstance(resp.get("usage"), dict) else {}
                return Completion(message, choice.get("finish_reason") if isinstance(choice, dict) else None,
                                  _count(usage.get("prompt_tokens")), _count(usage.get("completion_tokens")),
                                  attempt, time.perf_counter() - start)
            except privacy.ConnectionRefused as e:  # the guard refused the address: no retry can help
                raise RunAborted(str(e)) from None
            except (asyncio.TimeoutError, openai.APITimeoutError):
                problem = f"no reply within {cfg.request_timeout_s:g} s"
            except openai.RateLimitError as e:
                if _error_code(e) == "insufficient_quota":
                    raise self._fatal(e) from None
                problem = f"rate limited (429: {_error_text(e)})"
                retry_after = _retry_after(e)
            except openai.APIStatusError as e:
                if 300 <= e.status_code < 400:  # never followed: the guard checks each destination itself
                    where = e.response.headers.get("location", "elsewhere")
                    raise RunAborted(f"{self.base_url} answered {e.status_code}, a redirect to {where}; redirects "
                                     "are not followed, so that no request goes where the privacy guard did not "
                                     "check: give the final URL as --base-url") from None
                if e.status_code >= 500 or e.status_code in (408, 409):
                    problem = f"server error ({e.status_code}: {_error_text(e)})"
                elif isinstance(e, (openai.AuthenticationError, openai.PermissionDeniedError, openai.NotFoundError)):
                    raise self._fatal(e) from None
                elif not self.succeeded:
                    raise self._fatal(e) from None
                else:
                    raise EndpointFailed(f"request rejected ({e.status_code}: {_error_text(e)})") from None
            except openai.APIConnectionError as e:
                if isinstance(e.__cause__, privacy.ConnectionRefused):
                    raise RunAborted(str(e.__cause__)) from None
                problem = f"connection failed ({e.__cause__ or e})"
            if attempt >= cfg.max_retries:
                if not self.succeeded and problem.startswith("connection failed"):
                    raise RunAborted(f"cannot reach {self.base_url}: {problem}; is the server running?")
                raise EndpointFailed(f"{problem}; gave up after {attempt + 1} attempts")
            delay = min(cfg.backoff_max_s, cfg.backoff_s * 2 ** attempt) * random.uniform(0.5, 1.0)
            if retry_after is not None:
                delay = min(cfg.backoff_max_s, max(delay, retry_after))
            attempt += 1
            await asyncio.sleep(delay)


def _error_text(e: openai.APIStatusError) -> str:
    body = e.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])[:300]
        if isinstance(inner, str):
            return inner[:300]
    return str(e.message)[:300]


def _error_code(e: openai.APIStatusError) -> str | None:
    body = e.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            return inner.get("code") or inner.get("type")
    return None


def _retry_after(e: openai.APIStatusError) -> float | None:
    try:
        value = e.response.headers.get("retry-after")
        return float(value) if value is not None else None
    except (ValueError, AttributeError):
        return None


# ---------------------------------------------------------------------------------------------
# One trajectory


@dataclass
class RunProgress:
    total: int  # (task, trial) pairs in the run
    done: int  # finished, including those from earlier sessions
    correct: int
    new: int  # finished in this session
    endpoint_errors: int = 0

    @property
    def accuracy(self) -> float:
        return self.correct / self.done if self.done else 0.0


@dataclass
class RunEvents:
    """Callbacks, all called on the runner's event loop thread (a UI marshals them to its own thread)."""

    on_start: Callable[[PreparedRun], None] | None = None
    on_step: Callable[[str, int, Step], None] | None = None  # (task id, trial, step) of a running trajectory
    on_trajectory: Callable[[Trajectory, RunProgress], None] | None = None  # stored durably already
    on_warning: Callable[[str], None] | None = None


@dataclass
class RunSummary:
    run_dir: Path
    total: int
    done: int
    correct: int
    new: int
    skipped: int  # finished before this session
    endpoint_errors: int
    cancelled: bool

    @property
    def complete(self) -> bool:
        return self.done == self.total


def _tool_call_parts(call: Any, step: int, i: int) -> tuple[str, str, str]:
    """(id, name, raw arguments) of a tool call as sent; tolerant of servers that leave fields out."""
    if not isinstance(call, dict):
        return f"call_{step}_{i}", "?", json.dumps(call)
    fn = call.get("function") or call.get("custom") or {}
    name = fn.get("name") if isinstance(fn, dict) else None
    args = (fn.get("arguments", fn.get("input")) if isinstance(fn, dict) else None)
    if args is None:
        args = ""
    elif not isinstance(args, str):  # some servers send the arguments as an object
        args = json.dumps(args, ensure_ascii=False)
    return call.get("id") or f"call_{step}_{i}", name or "?", args


def _text(value: Any) -> str | None:
    """Message content as text (a list of content parts is joined; a part of any shape is read as text)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(str(p.get("text") or "") if isinstance(p, dict) else str(p) for p in value)
    return str(value)


_MAX_DEPTH = 64  # nesting of a reply's message: a chat message is a few levels deep
MAX_CALLS_PER_REPLY = 16  # tool calls run from one reply (the rest are recorded as skipped)


def _depth_over(obj: Any, limit: int) -> bool:
    """Whether ``obj`` nests lists / dicts deeper than ``limit`` (iteratively: no recursion to exhaust)."""
    stack = [(obj, 0)]
    while stack:
        v, d = stack.pop()
        if d > limit:
            return True
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return False


def _count(value: Any) -> int | None:
    """A token count as the endpoint reported it, or None where it is not a plain whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 12 else None


class Executor:
    """Runs trajectories: the endpoint, the shared SQL sandbox and the tool threads of one process."""

    def __init__(self, config: RunConfig, settings: RunSettings, api_key: str,
                 on_step: Callable[[str, int, Step], None] | None = None):
        self.cfg, self.settings, self.on_step = config, settings, on_step
        self.tools = tool_specs(settings.tools)
        guard = privacy.ConnectionGuard(metadata.read_info(config.db), run=settings.name,
                                        allow_remote=config.allow_remote, config_file=config.config_file,
                                        log_file=config.egress_log)
        self.endpoint = ChatEndpoint(config, api_key, guard)
        # Model-written SQL runs in confined query processes, a few shared by this process's trajectories.
        self.sql = ConfinedSqlSandbox(config.db, timeout_s=config.sql_timeout_s, max_rows=config.sql_max_rows,
                                      memory_limit=config.sql_memory_limit, temp_mb=config.sql_temp_mb,
                                      processes=max(1, min(config.concurrency, os.cpu_count() or 1, 4)))
        self.pool = ThreadPoolExecutor(max_workers=config.concurrency + 2, thread_name_prefix="ehr-tools")

    async def close(self) -> None:
        await self.endpoint.close()
        self.pool.shutdown(wait=True)
        self.sql.close()

    def _python(self) -> PythonSandbox:
        limits = dataclasses.replace(self.cfg.python, allow_weak=self.cfg.allow_weak_python_sandbox)
        return PythonSandbox(self.cfg.db, limits)

    async def trajectory(self, task: Task, trial: int) -> Trajectory:
        traj = Trajectory(task_id=task.id, trial=trial, model=self.cfg.model, endpoint=self.endpoint.base_url,
                          task=TaskSnapshot.of(task), prompt=user_prompt(task), started_at=_now())
        return await self.continue_trajectory(traj, task)

    async def continue_trajectory(self, traj: Trajectory, task: Task,
                                  prepare: Callable[[ToolBox], Awaitable[None]] | None = None) -> Trajectory:
        """The agent loop from ``traj``'s last step on (none: a new trial). ``prepare`` runs first with
        the trajectory's tool box, e.g. agent/fork.py restoring tool state and appending the edited step."""
        cfg, loop, tools = self.cfg, asyncio.get_running_loop(), self.settings.tools
        t0 = time.perf_counter()
        toolbox = ToolBox(self.sql, self._python if EXECUTE_PYTHON in tools else None, tools, cfg.observation)
        idle_turns = 0
        try:
            if prepare is not None:
                await prepare(toolbox)
            messages = traj.messages(self.settings.system_prompt)
            for index in range(len(traj.steps), cfg.max_steps):
                if traj.answer is not None:  # the prepared steps submitted it
                    traj.status = "answered"
                    break
                step = Step(index=index, started_at=time.time())
                try:
                    comp = await self.endpoint.complete(messages, self.tools)
                except EndpointFailed as e:
                    step.error = str(e)
                    traj.steps.append(step)
                    traj.status, traj.error = "endpoint_error", str(e)
                    break
                msg = valid_text(comp.message) if isinstance(comp.message, dict) else {}
                step.content = _text(msg.get("content"))
                step.reasoning = _text(msg.get("reasoning_content") or msg.get("reasoning"))
                step.finish_reason, step.latency_s, step.retries = comp.finish_reason, comp.latency_s, comp.retries
                step.prompt_tokens, step.completion_tokens = comp.prompt_tokens, comp.completion_tokens
                calls = msg.get("tool_calls") or []
                calls = calls if isinstance(calls, list) else [calls]
                for i, call in enumerate(calls):
                    call_id, name, args = _tool_call_parts(call, index, i)
                    # a reply of 300 calls once kept 300 MB in one trajectory
                    skip = ("the answer was already submitted" if traj.answer is not None else
                            f"at most {MAX_CALLS_PER_REPLY} tool calls of one reply are run"
                            if i >= MAX_CALLS_PER_REPLY else None)
                    if skip:
                        step.tool_calls.append(ToolCall(call_id, name, args, f"skipped: {skip}", ok=False,
                                                        error="skipped"))
                        continue
                    obs = await loop.run_in_executor(self.pool, toolbox.call, name, args)
                    step.tool_calls.append(ToolCall(call_id, name, args, obs.text, obs.ok, obs.error,
                                                    obs.elapsed_s, obs.result))
                    if obs.submitted:
                        traj.answer = obs.answer
                if not calls:
                    idle_turns += 1
                    step.error = "no tool call"
                    step.notice = CUT_OFF_NOTICE if comp.finish_reason == "length" else NO_TOOL_NOTICE
                else:
                    idle_turns = 0
                traj.steps.append(step)
                traj.add_usage(step)
                messages.extend(step.messages())
                if traj.answer is None and idle_turns >= cfg.max_no_tool_turns:
                    step.notice = None  # the conversation ends here: the notice is never sent
                if self.on_step:
                    self.on_step(task.id, traj.trial, step)
                if traj.answer is not None:
                    traj.status = "answered"
                    break
                if idle_turns >= cfg.max_no_tool_turns:
                    traj.status = "no_answer"
                    break
            else:
                traj.status = "answered" if traj.answer is not None else "step_limit"
        finally:
            traj.sandbox = toolbox.protections
            toolbox.close()  # synchronous: must also happen when the task is being cancelled
        traj.finished_at = _now()
        traj.duration_s = time.perf_counter() - t0
        return rescore(traj, task)


Take = Callable[[], Awaitable["tuple[Task, int] | None"]]


async def drive(ex: Executor, take: Take, done: Callable[[Trajectory], Awaitable[None]], concurrency: int) -> None:
    """Run pairs from ``take`` (None: no more) on ``concurrency`` coroutines; the first error stops all."""

    async def worker() -> None:
        while (pair := await take()) is not None:
            await done(await ex.trajectory(*pair))

    workers = [asyncio.create_task(worker()) for _ in range(max(1, concurrency))]
    try:
        finished, _ = await asyncio.wait(workers, return_when=asyncio.FIRST_EXCEPTION)
        for t in finished:
            if t.exception() is not None:
                raise t.exception()
    finally:
        for t in workers:
            t.cancel()
        await asyncio.gather(*workers, return_exceptions=True)


async def execute_run(prepared: PreparedRun, events: RunEvents | None = None,
                      cancel: asyncio.Event | None = None) -> RunSummary:
    """Run the pending (task, trial) pairs; returns when all are done or ``cancel`` is set.

    With ``config.worker_processes`` > 1 the pairs are shared among that many run processes (one
    event loop and openai client each: the client's per-request CPU is what caps one process);
    this process then only stores and reports. Trajectories still running when the run is
    cancelled are dropped: they run again on resume.
    """
    events = events or RunEvents()
    if events.on_start:
        events.on_start(prepared)
    previous = prepared.finished
    progress = RunProgress(total=prepared.total, done=len(previous),
                           correct=sum(t.correct for t in previous.values()), new=0)
    loop = asyncio.get_running_loop()
    store = prepared.store

    def record(traj: Trajectory) -> None:
        progress.new += 1
        if traj.finished:
            progress.done += 1
            progress.correct += int(traj.correct)
        else:
            progress.endpoint_errors += 1
        if events.on_trajectory:
            events.on_trajectory(traj, progress)

    processes = min(prepared.config.worker_processes, max(1, len(prepared.pending)))
    if processes > 1:
        from .shards import run_sharded

        main = asyncio.create_task(run_sharded(prepared, processes, record, events.on_step))
    else:
        queue = deque(prepared.pending)
        ex = Executor(prepared.config, prepared.settings, prepared.api_key, events.on_step)

        async def take() -> tuple[Task, int] | None:
            return queue.popleft() if queue else None

        async def done(traj: Trajectory) -> None:
            await loop.run_in_executor(ex.pool, store.append, traj)
            record(traj)

        async def local() -> None:
            try:
                await drive(ex, take, done, min(prepared.config.concurrency, len(prepared.pending)))
            finally:
                await ex.close()

        main = asyncio.create_task(local())
    cancelled = False
    waiter = asyncio.create_task(cancel.wait()) if cancel is not None else None
    try:
        await asyncio.wait({main} | ({waiter} if waiter else set()), return_when=asyncio.FIRST_COMPLETED)
        if not main.done():
            cancelled = True
            main.cancel()
        try:
            await main
        except asyncio.CancelledError:
            if not cancelled:
                raise
    finally:
        if not main.done():
            main.cancel()
            await asyncio.gather(main, return_exceptions=True)
        if waiter:
            waiter.cancel()
        store.release_writer()  # the folder is free for the next run (a resume) as soon as this one is done
    return RunSummary(store.dir, progress.total, progress.done, progress.correct, progress.new,
                      len(previous), progress.endpoint_errors, cancelled)


def run(config: RunConfig, events: RunEvents | None = None) -> RunSummary:
    """Prepare and execute a run, blocking (scripts and tests)."""
    prepared = prepare_run(config, (events.on_warning if events else None))
    return asyncio.run(execute_run(prepared, events))


class RunHandle:
    """A run executing in a background thread with its own event loop (for a UI).

    Callbacks in ``events`` are called from that thread: a Textual app wraps them in
    ``app.call_from_thread``. ``cancel()`` is safe from any thread; finished trajectories are kept.
    """

    def __init__(self, prepared: PreparedRun, events: RunEvents | None = None):
        self.prepared = prepared
        self.events = events or RunEvents()
        self.summary: RunSummary | None = None
        self.error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._cancel: asyncio.Event | None = None
        self._cancel_requested = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name=f"run-{prepared.settings.name}", daemon=True)

    def start(self) -> "RunHandle":
        self._thread.start()
        self._ready.wait()
        return self

    def _main(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._cancel = asyncio.Event()
            if self._cancel_requested:
                self._cancel.set()
            self._ready.set()
            self.summary = await execute_run(self.prepared, self.events, self._cancel)

        try:
            asyncio.run(main())
        except BaseException as e:  # noqa: BLE001 - handed to the caller through .error / wait()
            self.error = e
        finally:
            self._ready.set()

    def cancel(self) -> None:
        self._cancel_requested = True
        if self._loop is not None and self._cancel is not None:
            try:
                self._loop.call_soon_threadsafe(self._cancel.set)
            except RuntimeError:  # the loop has finished
                pass

    @property
    def done(self) -> bool:
        return self._ready.is_set() and not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> RunSummary | None:
        """The summary once finished (None on timeout); re-raises the run's error."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            return None
        if self.error is not None:
            raise self.error
        return self.summary


def start_run(config: RunConfig, events: RunEvents | None = None) -> RunHandle:
    """Validate (raising UserError now, in the caller's thread) and start a run in the background."""
    prepared = prepare_run(config, (events.on_warning if events else None))
    return RunHandle(prepared, events).start()
