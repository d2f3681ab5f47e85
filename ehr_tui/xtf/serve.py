"""A local OpenAI-compatible chat-completions endpoint over a model folder, in this process.

So that a fine-tuned model in a local folder can be evaluated by the same agent runner that
evaluates any endpoint (tasks, tools, sandboxes, trajectories, scoring unchanged), this serves
``POST /v1/chat/completions`` and ``GET /v1/models`` on 127.0.0.1 with ``generate.Generator``.
Tools offered in a request are passed to the chat template (as vLLM does); tool calls are read
from the generated text in the Hermes/Qwen form the project's templates write,
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``. Concurrent requests are batched:
a single generation thread takes whatever greedy requests with the same settings are waiting.

It is meant for evaluation on this machine, not as a production server (use vLLM for that):
loopback only, no streaming, ``n`` = 1.
"""

from __future__ import annotations

import json
import queue
import re
import threading
import time
import uuid
from concurrent.futures import Future
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..errors import UserError
from .generate import Completion, GenerationConfig, Generator

TOOL_CALL = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.DOTALL)
BATCH_WAIT_S = 0.01  # how long the generation thread waits for more requests to batch


def parse_tool_calls(text: str) -> tuple[str | None, list[dict]]:
    """(content, tool calls) of generated text; a call whose JSON does not parse stays in the content."""
    calls, kept = [], []
    pos = 0
    for m in TOOL_CALL.finditer(text):
        try:
            obj = json.loads(m.group(1))
            name = obj["name"]
            args = obj.get("arguments", {})
        except (json.JSONDecodeError, KeyError, TypeError):
            continue
        kept.append(text[pos : m.start()])
        pos = m.end()
        calls.append({"id": f"call_{uuid.uuid4().hex[:12]}", "type": "function",
                      "function": {"name": str(name),
                                   "arguments": args if isinstance(args, str) else json.dumps(args)}})
    kept.append(text[pos:])
    content = "".join(kept).strip()
    return (content or None) if calls else text, calls


@dataclass
class _Job:
    messages: list[dict]
    tools: list[dict] | None
    config: GenerationConfig
    future: Future
    prompt_tokens: int = 0

    @property
    def key(self) -> tuple:
        c = self.config
        return (c.temperature, c.top_p, c.max_new_tokens, c.seed, json.dumps(self.tools, sort_keys=True))


class LocalChatServer:
    """``with LocalChatServer(path) as server: ... server.url``; or start() / close()."""

    def __init__(self, model_path: str | Path, *, name: str | None = None, device: str = "auto",
                 dtype: str = "auto", port: int = 0, max_new_tokens: int = 512, batch_size: int = 8,
                 generator: Generator | None = None):
        self.generator = generator or Generator(model_path, device, dtype)
        self.name = name or Path(model_path).name
        self.default_max_tokens = max_new_tokens
        self.batch_size = batch_size
        self.requests = 0
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self._httpd.daemon_threads = True
        self._threads: list[threading.Thread] = []

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "LocalChatServer":
        for target in (self._httpd.serve_forever, self._generate_loop):
            t = threading.Thread(target=target, daemon=True, name=f"xtf-serve-{target.__name__}")
            t.start()
            self._threads.append(t)
        return self

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._queue.put(None)
        for t in self._threads:
            t.join(timeout=30)

    def __enter__(self) -> "LocalChatServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    # -- generation -------------------------------------------------------------------------

    def complete(self, body: dict) -> dict:
        """One chat completion (what the HTTP handler calls); raises ValueError for a bad request."""
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise ValueError("'messages' must be a non-empty list")
        if int(body.get("n") or 1) != 1:
            raise ValueError("this local endpoint returns one choice per request (n = 1)")
        temperature = body.get("temperature")
        max_tokens = body.get("max_completion_tokens") or body.get("max_tokens") or self.default_max_tokens
        try:
            config = GenerationConfig(max_new_tokens=int(max_tokens), temperature=float(temperature or 0.0),
                                      top_p=float(body.get("top_p") or 1.0), seed=int(body.get("seed") or 0),
                                      batch_size=self.batch_size)
        except UserError as e:
            raise ValueError(str(e)) from None
        job = _Job(messages, body.get("tools") or None, config, Future())
        self._queue.put(job)
        completion: Completion = job.future.result()
        content, calls = parse_tool_calls(completion.text)
        message: dict = {"role": "assistant", "content": content}
        if calls:
            message["tool_calls"] = calls
        finish = "tool_calls" if calls else ("stop" if completion.finished else "length")
        prompt_tokens = job.prompt_tokens
        self.requests += 1
        return {"id": f"chatcmpl-{uuid.uuid4().hex[:16]}", "object": "chat.completion", "created": int(time.time()),
                "model": self.name, "choices": [{"index": 0, "message": message, "finish_reason": finish,
                                                 "logprobs": None}],
                "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion.tokens,
                          "total_tokens": prompt_tokens + completion.tokens}}

    def _generate_loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            jobs = [first]
            deadline = time.monotonic() + BATCH_WAIT_S
            while len(jobs) < self.batch_size and first.config.temperature == 0:
                try:
                    nxt = self._queue.get(timeout=max(deadline - time.monotonic(), 0.0))
                except queue.Empty:
                    break
                if nxt is None:
                    self._queue.put(None)
                    break
                if nxt.key != first.key:
                    self._queue.put(nxt)  # another setting: it goes in a later batch
                    break
                jobs.append(nxt)
            try:
                for job in jobs:
                    job.prompt_tokens = len(self.generator.encode(job.messages, job.tools))
                results = self.generator.generate([j.messages for j in jobs], first.config, tools=first.tools)
            except Exception as e:  # reported to each waiting request as a server error
                for job in jobs:
                    job.future.set_exception(e)
                continue
            for job, res in zip(jobs, results):
                job.future.set_result(res[0])

    # -- HTTP -------------------------------------------------------------------------------

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format, *args):  # no per-request lines on the terminal
                pass

            def _send(self, status: int, obj: dict) -> None:
                data = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _error(self, status: int, message: str, kind: str) -> None:
                self._send(status, {"error": {"message": message, "type": kind, "code": None}})

            def do_GET(self):
                if self.path.rstrip("/") in ("/v1/models", "/models"):
                    self._send(200, {"object": "list", "data": [{"id": server.name, "object": "model",
                                                                 "owned_by": "ehr-tui"}]})
                else:
                    self._error(404, f"no route {self.path}", "not_found")

            def do_POST(self):
                if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
                    self._error(404, f"no route {self.path}", "not_found")
                    return
                try:
                    body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                    self._send(200, server.complete(body))
                except (ValueError, UserError) as e:
                    self._error(400, str(e), "invalid_request_error")
                except Exception as e:  # the model failed: the client retries or records it
                    self._error(500, f"{type(e).__name__}: {e}", "server_error")

        return Handler
