"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol, with scripted replies.

Tests (and bench/bench_agent.py) start it, give it a *policy* (request -> Reply) and point the agent
at ``server.url``. Policies are plain functions of the request, so concurrent conversations need no
shared state; ``server.bump(key)`` counts events for scripts such as "429 the first time".

Run alone (``python -m tests.agent.fake_openai --steps 4``) it serves the zero-latency benchmark
policy and prints its URL on the first line of stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


@dataclass
class Request:
    body: dict[str, Any]
    path: str
    headers: dict[str, str]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    @property
    def question(self) -> str:
        """The first user message (the task prompt)."""
        return next((m.get("content") or "" for m in self.messages if m.get("role") == "user"), "")

    @property
    def turn(self) -> int:
        """How many assistant turns came before this request."""
        return sum(1 for m in self.messages if m.get("role") == "assistant")

    @property
    def tool_results(self) -> list[str]:
        return [m.get("content") or "" for m in self.messages if m.get("role") == "tool"]

    @property
    def last_tool_result(self) -> str:
        results = self.tool_results
        return results[-1] if results else ""


@dataclass
class Reply:
    status: int = 200
    body: dict[str, Any] | None = None
    delay_s: float = 0.0
    hang: bool = False  # never answer (until the server stops)
    headers: dict[str, str] = field(default_factory=dict)


def completion(message: dict[str, Any], finish_reason: str, model: str = "fake", prompt_tokens: int = 100,
               completion_tokens: int = 20) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()), "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


_ids = iter(range(1, 1 << 62))


def tool_reply(*calls: tuple[str, str | dict], content: str | None = None) -> Reply:
    """Tool calls; each argument is a JSON string as sent (it may be broken on purpose) or a dict."""
    tool_calls = [{"id": f"call_{next(_ids)}", "type": "function",
                   "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
                  for name, args in calls]
    return Reply(body=completion({"role": "assistant", "content": content, "tool_calls": tool_calls},
                                 "tool_calls"))


def sql(query: str) -> Reply:
    return tool_reply(("execute_sql", {"query": query}))


def python(code: str) -> Reply:
    return tool_reply(("execute_python", {"code": code}))


def submit(answer: Any) -> Reply:
    return tool_reply(("submit_answer", {"answer": answer if isinstance(answer, str) else json.dumps(answer)}))


def text_reply(text: str, finish_reason: str = "stop") -> Reply:
    return Reply(body=completion({"role": "assistant", "content": text}, finish_reason))


def error_reply(status: int, message: str, code: str | None = None, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status=status, body={"error": {"message": message, "type": "fake_error", "code": code}},
                 headers=headers or {})


def first_value(observation: str) -> str:
    """The first cell of the first row of an execute_sql observation ("col\\nvalue\\n(1 row)")."""
    lines = observation.splitlines()
    return lines[1].split(" | ")[0] if len(lines) > 1 else ""


Policy = Callable[[Request], Reply]


class FakeOpenAI:
    """``with FakeOpenAI(policy) as server: ... server.url ...``"""

    def __init__(self, policy: Policy, host: str = "127.0.0.1", port: int = 0):
        self.policy = policy
        self.requests: list[Request] = []
        self._counts: Counter = Counter()
        self._lock = threading.Lock()
        self.stopping = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as real servers
            disable_nagle_algorithm = True  # headers and body go out as two writes: no 40 ms delayed-ACK stall

            def log_message(self, *args) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    return self._send(error_reply(404, f"no route {self.path}"))
                try:
                    body = json.loads(raw)
                except json.JSONDecodeError:
                    return self._send(error_reply(400, "body is not JSON"))
                req = Request(body, self.path, {k.lower(): v for k, v in self.headers.items()})
                with outer._lock:
                    outer.requests.append(req)
                try:
                    reply = outer.policy(req)
                except Exception as e:  # a broken policy is a 500, visible in the test
                    reply = error_reply(500, f"policy failed: {type(e).__name__}: {e}")
                if reply.hang:
                    outer.stopping.wait(60)
                    self.close_connection = True
                    return
                if reply.delay_s:
                    outer.stopping.wait(reply.delay_s)
                self._send(reply)

            def _send(self, reply: Reply) -> None:
                data = json.dumps(reply.body or {}).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 128

        self.httpd = Server((host, port), Handler)
        self.port = self.httpd.server_address[1]
        self.url = f"http://{host}:{self.port}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    def bump(self, key: Any) -> int:
        """Count an event; returns how many times it happened before (0 the first time)."""
        with self._lock:
            n = self._counts[key]
            self._counts[key] += 1
            return n

    def questions(self) -> list[str]:
        with self._lock:
            return [r.question for r in self.requests]

    def start(self) -> "FakeOpenAI":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> "FakeOpenAI":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def bench_policy(steps: int, query: str = "SELECT count(*) FROM mimiciv_hosp.patients") -> Policy:
    """Zero-latency scripted agent: ``steps - 1`` SQL calls, then submit the value it saw."""

    def policy(req: Request) -> Reply:
        if req.turn < steps - 1:
            return sql(query)
        return submit(first_value(req.last_tool_result))

    return policy


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="zero-latency fake OpenAI server for benchmarks")
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--query", default="SELECT count(*) FROM mimiciv_hosp.patients")
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args(argv)
    server = FakeOpenAI(bench_policy(args.steps, args.query), port=args.port).start()
    print(server.url, flush=True)
    try:
        sys.stdin.read()  # until the parent closes our stdin
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
