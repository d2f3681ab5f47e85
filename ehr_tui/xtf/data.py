"""SFT examples: chat messages split into a prompt part and a response part.

One record format (``SFTExample``, ``FORMAT_VERSION``) for every source: GSM8K, PubMedQA and
HumanEval files as published, generic chat JSONL, and the successful trajectories of an agent run
(read through ``ehr_tui.agent.trajectory``). ``messages[:response_start]`` is the prompt,
``messages[response_start:]`` the response; only assistant messages of the response are training
targets, so only their tokens are scored and can be masked (tool results and harness notes inside
a response are context, like the prompt). Messages are OpenAI chat messages: an assistant message
may carry ``tool_calls`` (its content may then be empty).

Splits (``meta["split"]``) are the published ones, so nothing of a test set reaches scoring or
training: GSM8K by file (train.jsonl / test.jsonl); PubMedQA-L by the 500 PMIDs of
``test_ground_truth.json`` beside ``ori_pqal.json`` (test), the other 500 train; HumanEval is a test
set only (it has no training split); agent trajectories take their task's split; chat records a
``split`` field if they carry one. ``load_examples(split=...)`` keeps one split ("all": every example).
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
SPLITS = ("train", "test", "all")
PUBMEDQA_TEST_FILE = "test_ground_truth.json"
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
                if n == 1 and line.lstrip().startswith("{") and path.suffix == ".json":
                    raise UserError(f"{path} is one JSON document, not JSON Lines: is it another dataset's file "
                                    "(PubMedQA-L's ori_pqal.json)? check --source and --data") from None
                raise UserError(f"{path} line {n} is not valid JSON ({e.msg}); fix or remove that line") from None
            if not isinstance(rec, dict):
                raise UserError(f"{path} line {n} is not a JSON object")
            yield n, rec


def _field(rec: dict, key: str, path: Path, n: int, what: str):
    if key not in rec:
        raise UserError(f"{path} line {n} has no {key!r} field; is this a {what} file? (see --source)")
    return rec[key]


def gsm8k_split(path: Path) -> str | None:
    """GSM8K's split of a file, from its name as published (train.jsonl, test.jsonl); else unknown."""
    stem = path.name.split(".")[0]
    return stem if stem in ("train", "test") else None


def load_gsm8k(path: Path) -> Iterator[SFTExample]:
    """GSM8K JSONL ({"question", "answer"}): the question is the prompt, the worked answer the response."""
    stem = path.name.split(".")[0]
    split = gsm8k_split(path)
    for n, rec in _jsonl_records(path):
        q = _field(rec, "question", path, n, "GSM8K")
        a = _field(rec, "answer", path, n, "GSM8K")
        yield SFTExample(f"gsm8k/{stem}/{n - 1}", "gsm8k", [_user(q), _assistant(a)], 1, "math",
                         {"split": split, "answer": a})


def load_humaneval(path: Path) -> Iterator[SFTExample]:
    """HumanEval JSONL(.gz): the function stub is the prompt, the canonical body the response."""
    for n, rec in _jsonl_records(path):
        task_id = _field(rec, "task_id", path, n, "HumanEval")
        stub = _field(rec, "prompt", path, n, "HumanEval")
        body = _field(rec, "canonical_solution", path, n, "HumanEval")
        prompt = f"Complete the body of this Python function.\n\n```python\n{stub}```"
        yield SFTExample(str(task_id), "humaneval", [_user(prompt), _assistant(body)], 1, "code",
                         {"entry_point": rec.get("entry_point"), "split": "test", "stub": stub,
                          "test": rec.get("test")})


def _read_json_object(path: Path, what: str) -> dict:
    try:
        with _open_text(path) as f:
            data = json.load(f)
    except json.JSONDecodeError as e:
        raise UserError(f"{path} is not valid JSON ({e.msg} at line {e.lineno})") from None
    if not isinstance(data, dict):
        raise UserError(f"{path} is not a {what} file (expected an object of PMID -> record)")
    return data


def pubmedqa_test_pmids(path: Path) -> set[str] | None:
    """The PMIDs of PubMedQA-L's published test split (test_ground_truth.json beside the data), or
    None when that file is not there."""
    gt = path.with_name(PUBMEDQA_TEST_FILE)
    if not gt.is_file():
        return None
    return {str(k) for k in _read_json_object(gt, "PubMedQA ground-truth")}


def load_pubmedqa(path: Path) -> Iterator[SFTExample]:
    """PubMedQA-L (ori_pqal.json: PMID -> record): abstract contexts + question as the prompt,
    the long answer and the yes/no/maybe decision as the response. A PMID listed in
    test_ground_truth.json (beside the file) is test, the others train; without that file the
    split is unknown (None)."""
    data = _read_json_object(path, "PubMedQA")
    test = pubmedqa_test_pmids(path)
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
        split = None if test is None else ("test" if str(pmid) in test else "train")
        yield SFTExample(f"pubmedqa/{pmid}", "pubmedqa", [_user(prompt), _assistant(answer)], 1, "medicine",
                         {"split": split, "answer": rec["final_decision"]})


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
        meta = dict(rec.get("meta") or {})
        if rec.get("split") is not None:
            meta["split"] = str(rec["split"])
        try:
            ex = SFTExample(ex_id, "chat", messages, start, rec.get("domain"), meta)
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
    splits = _task_splits(Path(settings.tasks_file))
    for t in store.latest().values():
        if not t.correct:
            continue
        messages = t.messages(settings.system_prompt)
        yield SFTExample(
            f"{settings.name}/{t.task_id}/{t.trial}", "trajectory", messages, 2, "ehr-sql",
            {"task_id": t.task_id, "trial": t.trial, "model": t.model, "intent": t.task.intent, "level": t.task.level,
             "split": splits.get(t.task_id)},
        )


def _task_splits(tasks_file: Path) -> dict[str, str]:
    """Task id -> split from the run's tasks file; empty when the file has gone (splits unknown)."""
    from ..tasks.model import read_tasks

    if not tasks_file.is_file():
        return {}
    try:
        return {t.id: t.split for t in read_tasks(tasks_file).tasks}
    except UserError:
        return {}


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


def _split_counts(examples: list[SFTExample]) -> str:
    counts: dict[str, int] = {}
    for ex in examples:
        key = ex.meta.get("split") or "unknown"
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{n:,} {k}" for k, n in sorted(counts.items()))


def _check_split(p: Path, kind: str, split: str, found: list[SFTExample]) -> None:
    """A UserError when a file holds nothing of ``split``, saying why and what to pass instead."""
    if kind == "humaneval" and split == "train":
        raise UserError(f"{p} is HumanEval, which has no training split (its 164 problems are a test set); "
                        "pass --split all to score or train on it anyway, and then evaluate on other data")
    if kind == "gsm8k" and gsm8k_split(p) and gsm8k_split(p) != split:
        other = "test.jsonl (`xtf eval`)" if split == "test" else "train.jsonl"
        raise UserError(f"{p} is GSM8K's {gsm8k_split(p)} split; use {other} for {split}, or pass --split all")
    if kind == "pubmedqa" and found and all(ex.meta.get("split") is None for ex in found):
        raise UserError(f"PubMedQA-L's published test split ({PUBMEDQA_TEST_FILE}, 500 PMIDs) is not beside {p}: "
                        f"put it there so test questions stay out of training and evaluation uses them, "
                        "or pass --split all")
    raise UserError(f"{p} holds no {split}-split examples ({_split_counts(found) or 'none at all'}); "
                    "pass --split all to use every example")


def load_examples(
    paths: str | Path | list[str | Path], source: str = "auto", limit: int | None = None, split: str = "all",
) -> list[SFTExample]:
    """SFT examples from one or more data files, in file order.

    ``source`` is one of SOURCES or "auto" (a folder is an agent run, a file is detected from its
    content; with "trajectory" a run may also be named by its name under the runs folder);
    ``split`` keeps the examples of one published split ("train" for scoring and training, "test"
    for evaluation; an example of unknown split, as in plain chat data, counts as every split, a
    PubMedQA file without its test list as none); ``limit`` keeps the first N (of the split) of
    each file. Example ids must be unique across all files.
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    if source != "auto" and source not in LOADERS:
        raise UserError(f"unknown data source {source!r}; choose one of: auto, {', '.join(SOURCES)}")
    if split not in SPLITS:
        raise UserError(f"--split must be one of {', '.join(SPLITS)} (got {split!r})")
    out: list[SFTExample] = []
    for path in paths:
        p = Path(path).expanduser()
        kind = source if source != "auto" else ("trajectory" if p.is_dir() else None)
        if kind != "trajectory" and not p.is_file():
            raise UserError(
                f"no data file at {p}; pass a GSM8K/HumanEval/chat JSONL or PubMedQA JSON file, or an agent run folder"
            )
        kind = kind or detect_source(p)
        loader = LOADERS[kind]
        n_before = len(out)
        seen_any: list[SFTExample] = []
        for ex in loader(p):
            if split != "all" and not _in_split(ex, kind, split):
                if len(seen_any) < 100_000:
                    seen_any.append(ex)
                continue
            if limit is not None and len(out) - n_before >= limit:
                break
            out.append(ex)
        if len(out) == n_before:
            if seen_any:
                _check_split(p, kind, split, seen_any)
            what = "no correct trajectories" if loader is load_trajectories else "no examples"
            raise UserError(f"{p} holds {what}")
    seen: set[str] = set()
    for ex in out:
        if ex.id in seen:
            raise UserError(f"example id {ex.id!r} occurs more than once; ids must be unique across the data files")
        seen.add(ex.id)
    return out


def _in_split(ex: SFTExample, kind: str, split: str) -> bool:
    have = ex.meta.get("split")
    if have is None:
        return kind != "pubmedqa"  # unknown: chat data counts as any split; PubMedQA must know its test set
    return have == split


def write_examples(path: str | Path, examples: list[SFTExample]) -> Path:
    """Write SFT examples as JSONL records (readable back by load_examples(source="chat"))."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        for ex in examples:
            f.write(json.dumps(ex.to_dict(), ensure_ascii=False) + "\n")
    tmp.replace(p)
    return p
