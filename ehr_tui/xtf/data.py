"""SFT examples: chat messages split into a prompt part and a response part.

One record format (``SFTExample``, ``FORMAT_VERSION``) for every source: GSM8K, PubMedQA and
HumanEval files as published, generic chat JSONL, and the successful trajectories of an agent run
(read through ``ehr_tui.agent.trajectory``). ``messages[:response_start]`` is the prompt,
``messages[response_start:]`` the response; only assistant messages of the response are training
targets, so only their tokens are scored and can be masked (tool results and harness notes inside
a response are context, like the prompt). Messages are OpenAI chat messages: an assistant message
may carry ``tool_calls`` (its content may then be empty).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UserError

FORMAT_VERSION = 1
SOURCES = ("gsm8k", "pubmedqa", "humaneval", "chat", "trajectory")
# The domain word list each source's task relevance is measured against (see domains.py).
SOURCE_DOMAINS = {"gsm8k": "math", "pubmedqa": "medicine", "humaneval": "code", "trajectory": "ehr-sql"}
ROLES = ("system", "user", "assistant", "tool")


@dataclass
class SFTExample:
    id: str
    source: str
    messages: list[dict]
    response_start: int
    domain: str | None = None
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.id:
            raise UserError("an SFT example has an empty id; give every example a unique id")
        if not 0 < self.response_start < len(self.messages):
            raise UserError(
                f"example {self.id}: the prompt/response split ({self.response_start}) must leave at least "
                f"one prompt and one response message (it has {len(self.messages)})"
            )
        for m in self.messages:
            content = m.get("content", "")
            if m.get("role") not in ROLES or not (isinstance(content, str) or (content is None and m.get("tool_calls"))):
                raise UserError(
                    f"example {self.id}: every message needs a role ({', '.join(ROLES)}) and text content"
                )
        if not any(m["role"] == "assistant" for m in self.response):
            raise UserError(f"example {self.id}: the response part has no assistant message")

    @property
    def prompt(self) -> list[dict]:
        return self.messages[: self.response_start]

    @property
    def response(self) -> list[dict]:
        return self.messages[self.response_start :]

    def to_dict(self) -> dict:
        return {
            "format_version": FORMAT_VERSION,
            "id": self.id,
            "source": self.source,
            "domain": self.domain,
            "messages": self.messages,
            "response_start": self.response_start,
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, d: dict, where: str = "record") -> "SFTExample":
        version = d.get("format_version")
        if version != FORMAT_VERSION:
            raise UserError(
                f"{where} is an SFT example of format version {version!r}; this ehr-tui reads version "
                f"{FORMAT_VERSION} only (re-export it with this version)"
            )
        try:
            return cls(
                id=str(d["id"]),
                source=str(d["source"]),
                messages=list(d["messages"]),
                response_start=int(d["response_start"]),
                domain=d.get("domain"),
                meta=dict(d.get("meta") or {}),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise UserError(f"{where} is not a valid SFT example ({e!r} missing or malformed)") from None


def _user(text: str) -> dict:
    return {"role": "user", "content": text}


def _assistant(text: str) -> dict:
    return {"role": "assistant", "content": text}


def _open_text(path: Path):
    return gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else path.open(encoding="utf-8")


def _jsonl_records(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, record) for every non-blank line; a bad line is a UserError naming it."""
    with _open_text(path) as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                raise UserError(f"{path} line {n} is not valid JSON ({e.msg}); fix or remove that line") from None
            if not isinstance(rec, dict):
                raise UserError(f"{path} line {n} is not a JSON object")
            yield n, rec


def _field(rec: dict, key: str, path: Path, n: int, what: str):
    if key not in rec:
        raise UserError(f"{path} line {n} has no {key!r} field; is this a {what} file? (see --source)")
    return rec[key]


def load_gsm8k(path: Path) -> Iterator[SFTExample]:
    """GSM8K JSONL ({"question", "answer"}): the question is the prompt, the worked answer the response."""
    split = path.name.split(".")[0]
    for n, rec in _jsonl_records(path):
        q = _field(rec, "question", path, n, "GSM8K")
        a = _field(rec, "answer", path, n, "GSM8K")
        yield SFTExample(f"gsm8k/{split}/{n - 1}", "gsm8k", [_user(q), _assistant(a)], 1, "math")


def load_humaneval(path: Path) -> Iterator[SFTExample]:
    """HumanEval JSONL(.gz): the function stub is the prompt, the canonical body the response."""
    for n, rec in _jsonl_records(path):
        task_id = _field(rec, "task_id", path, n, "HumanEval")
        stub = _field(rec, "prompt", path, n, "HumanEval")
        body = _field(rec, "canonical_solution", path, n, "HumanEval")
        prompt = f"Complete the body of this Python function.\n\n```python\n{stub}```"
        yield SFTExample(str(task_id), "humaneval", [_user(prompt), _assistant(body)], 1, "code",
                         {"entry_point": rec.get("entry_point")})


def load_pubmedqa(path: Path) -> Iterator[SFTExample]:
    """PubMedQA-L (ori_pqal.json: PMID -> record): abstract contexts + question as the prompt,
    the long answer and the yes/no/maybe decision as the response."""
    try:
        with _open_text(path) as f:
            data = json.load(f)
    except json.JSONDecodeError as e:
        raise UserError(f"{path} is not valid JSON ({e.msg} at line {e.lineno})") from None
    if not isinstance(data, dict):
        raise UserError(f"{path} is not a PubMedQA file (expected an object of PMID -> record)")
    for pmid, rec in data.items():
        if not isinstance(rec, dict) or not {"QUESTION", "CONTEXTS", "LONG_ANSWER", "final_decision"} <= rec.keys():
            raise UserError(
                f"{path}: record {pmid} lacks QUESTION/CONTEXTS/LONG_ANSWER/final_decision; is this PubMedQA-L?"
            )
        context = "\n".join(rec["CONTEXTS"])
        prompt = (
            f"Context:\n{context}\n\nQuestion: {rec['QUESTION']}\n"
            "Answer yes, no or maybe, after a short explanation."
        )
        answer = f"{rec['LONG_ANSWER']}\nAnswer: {rec['final_decision']}"
        yield SFTExample(f"pubmedqa/{pmid}", "pubmedqa", [_user(prompt), _assistant(answer)], 1, "medicine")


def _as_messages(value, role: str) -> list[dict]:
    if isinstance(value, str):
        return [{"role": role, "content": value}]
    return list(value)


def load_chat_jsonl(path: Path) -> Iterator[SFTExample]:
    """Generic chat JSONL, one conversation a line, in any of three shapes:

    - an SFT example record of this module (has ``format_version``);
    - ``{"messages": [...]}`` (OpenAI style): the response is the trailing run of assistant/tool
      messages after the last user message;
    - ``{"prompt": str | messages, "response" | "completion": str | messages}``.

    Optional ``id`` (default: file stem and line number) and ``domain`` fields are kept.
    """
    for n, rec in _jsonl_records(path):
        where = f"{path} line {n}"
        if "format_version" in rec:
            yield SFTExample.from_dict(rec, where)
            continue
        ex_id = str(rec.get("id") or f"{path.stem}/{n - 1}")
        if "messages" in rec:
            messages = list(rec["messages"])
            users = [i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "user"]
            if not users:
                raise UserError(f"{where}: the conversation has no user message to serve as the prompt")
            start = users[-1] + 1
        elif "prompt" in rec and ("response" in rec or "completion" in rec):
            prompt = _as_messages(rec["prompt"], "user")
            messages = prompt + _as_messages(rec.get("response", rec.get("completion")), "assistant")
            start = len(prompt)
        else:
            raise UserError(
                f"{where} has neither 'messages' nor 'prompt' + 'response'; is this a chat JSONL file? (see --source)"
            )
        if start >= len(messages):
            raise UserError(f"{where}: the conversation ends with the user's turn; there is no response to score")
        try:
            ex = SFTExample(ex_id, "chat", messages, start, rec.get("domain"), dict(rec.get("meta") or {}))
        except UserError as e:
            raise UserError(f"{where}: {e}") from None
        yield ex


def load_trajectories(run: Path) -> Iterator[SFTExample]:
    """The correct trajectories of an agent run (a run folder, or a run name under the runs folder):
    the system prompt and the task's question are the prompt; the agent's turns (tool calls, their
    results, the submitted answer) the response. One example per (task, trial)."""
    from ..agent.trajectory import RunStore, resolve_run_dir

    store = RunStore.open(resolve_run_dir(run))
    settings = store.settings()
    for t in store.latest().values():
        if not t.correct:
            continue
        messages = t.messages(settings.system_prompt)
        yield SFTExample(
            f"{settings.name}/{t.task_id}/{t.trial}", "trajectory", messages, 2, "ehr-sql",
            {"task_id": t.task_id, "trial": t.trial, "model": t.model, "intent": t.task.intent, "level": t.task.level},
        )


LOADERS = {"gsm8k": load_gsm8k, "pubmedqa": load_pubmedqa, "humaneval": load_humaneval, "chat": load_chat_jsonl,
           "trajectory": load_trajectories}


def detect_source(path: Path) -> str:
    """Which loader reads ``path``: a folder is an agent run; a file is told by its first record's keys."""
    if path.is_dir():
        return "trajectory"
    if path.suffix == ".json":
        return "pubmedqa"
    for _n, rec in _jsonl_records(path):
        if {"task_id", "canonical_solution"} <= rec.keys():
            return "humaneval"
        if {"question", "answer"} <= rec.keys():
            return "gsm8k"
        return "chat"
    raise UserError(f"{path} holds no records")


def load_examples(
    paths: str | Path | list[str | Path], source: str = "auto", limit: int | None = None
) -> list[SFTExample]:
    """SFT examples from one or more data files, in file order.

    ``source`` is one of SOURCES or "auto" (a folder is an agent run, a file is detected from its
    content; with "trajectory" a run may also be named by its name under the runs folder);
    ``limit`` keeps the first N examples of each file. Example ids must be unique across all files.
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    if source != "auto" and source not in LOADERS:
        raise UserError(f"unknown data source {source!r}; choose one of: auto, {', '.join(SOURCES)}")
    out: list[SFTExample] = []
    for path in paths:
        p = Path(path).expanduser()
        kind = source if source != "auto" else ("trajectory" if p.is_dir() else None)
        if kind != "trajectory" and not p.is_file():
            raise UserError(
                f"no data file at {p}; pass a GSM8K/HumanEval/chat JSONL or PubMedQA JSON file, or an agent run folder"
            )
        loader = LOADERS[kind or detect_source(p)]
        n_before = len(out)
        for ex in loader(p):
            if limit is not None and len(out) - n_before >= limit:
                break
            out.append(ex)
        if len(out) == n_before:
            what = "no correct trajectories" if loader is load_trajectories else "no examples"
            raise UserError(f"{p} holds {what}")
    seen: set[str] = set()
    for ex in out:
        if ex.id in seen:
            raise UserError(f"example id {ex.id!r} occurs more than once; ids must be unique across the data files")
        seen.add(ex.id)
    return out


def write_examples(path: str | Path, examples: list[SFTExample]) -> Path:
    """Write SFT examples as JSONL records (readable back by load_examples(source="chat"))."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        for ex in examples:
            f.write(json.dumps(ex.to_dict(), ensure_ascii=False) + "\n")
    tmp.replace(p)
    return p
