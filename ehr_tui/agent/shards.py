"""Run processes: one run's (task, trial) pairs shared among several processes.

One process tops out at a few hundred model calls per second: the openai client (httpx) spends
~3 ms of CPU per request, plus the SQL check (sqlglot), all under one GIL. At high concurrency
against a fast local server the run therefore uses ``worker_processes`` child processes, each with
its own event loop, client, SQL sandbox and Python workers. The parent hands out pairs on
request (so a slow trajectory never idles the others), appends every finished trajectory to the
run folder itself (one writer, same durability), and reports progress.

Children are plain subprocesses (``python -c``, not multiprocessing: no re-import of the caller's
``__main__``). They are started in their own session, so a terminal's Ctrl-C reaches only the
parent, which then asks them to stop; a child whose parent disappears sees end-of-file and stops.

Protocol, one line per message. Parent -> child: a length-prefixed pickle with the settings and
the pending pairs, then ``P <index>`` (run this pair), ``N`` (no more), ``X`` (stop now).
Child -> parent: ``W`` (want a pair), ``T<trajectory json>``, ``S<step json>``, ``F<json message>``
(RunAborted), ``E<json traceback>``, ``D`` (done).
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import pickle
import signal
import struct
import sys
import tempfile
import traceback
from collections import deque
from dataclasses import asdict
from pathlib import Path
from typing import Callable

from .trajectory import Step, Trajectory, step_from_dict

_ROOT = str(Path(__file__).resolve().parents[2])
_CHILD = ("import sys; sys.path.insert(0, {root!r}); "
          "from ehr_tui.agent.shards import child_main; child_main()")
_LINE_LIMIT = 1 << 28  # one trajectory per line; rows and observations are capped well below this


class ShardFailed(RuntimeError):
    """A run process failed in a way that is not the user's doing (a bug or a crash)."""


async def run_sharded(prepared, processes: int, record: Callable[[Trajectory], None],
                      on_step: Callable[[str, int, Step], None] | None) -> None:
    from .runner import RunAborted

    loop = asyncio.get_running_loop()
    store = prepared.store
    queue = deque(range(len(prepared.pending)))
    per_child = math.ceil(prepared.config.concurrency / processes)
    init = pickle.dumps({"config": prepared.config, "settings": prepared.settings, "api_key": prepared.api_key,
                         "pairs": prepared.pending, "concurrency": per_child, "steps": on_step is not None})
    children = []
    logs = []
    for _ in range(processes):
        log = tempfile.TemporaryFile()
        logs.append(log)
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", _CHILD.format(root=_ROOT), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=log, limit=_LINE_LIMIT, start_new_session=True)
        child.stdin.write(struct.pack(">Q", len(init)) + init)
        children.append(child)

    async def handle(line: bytes, child) -> bool:
        """Process one message; True when the child said it is done."""
        tag, body = line[:1], line[1:].rstrip(b"\n")
        if tag == b"W":
            child.stdin.write(b"P %d\n" % queue.popleft() if queue else b"N\n")
            await child.stdin.drain()
        elif tag == b"T":
            await loop.run_in_executor(None, store.append_line, body)
            record(Trajectory.from_dict(json.loads(body)))
        elif tag == b"S" and on_step is not None:
            obj = json.loads(body)
            on_step(obj["task_id"], obj["trial"], step_from_dict(obj["step"]))
        elif tag == b"F":
            raise RunAborted(json.loads(body))
        elif tag == b"E":
            raise ShardFailed(f"a run process failed:\n{json.loads(body)}")
        elif tag == b"D":
            return True
        return False

    async def serve(child, log) -> None:
        finished = False
        while line := await child.stdout.readline():
            finished = await handle(line, child) or finished
        code = await child.wait()
        if not finished:
            raise ShardFailed(f"a run process exited unexpectedly (status {code}){_tail(log)}")

    async def shutdown() -> None:
        """Ask every child to stop, keep what they finished meanwhile, then make sure they are gone."""
        for child in children:
            if child.returncode is None:
                try:
                    child.stdin.write(b"X\n")
                    await child.stdin.drain()
                except (ConnectionError, RuntimeError):
                    pass

        async def drain(child) -> None:
            try:
                while line := await child.stdout.readline():
                    if line[:1] == b"T":
                        body = line[1:].rstrip(b"\n")
                        store.append_line(body)
                        record(Trajectory.from_dict(json.loads(body)))
            except (ValueError, ConnectionError):
                pass
            await child.wait()

        try:
            async with asyncio.timeout(15):
                await asyncio.gather(*(drain(c) for c in children), return_exceptions=True)
        except TimeoutError:
            pass
        for child in children:
            if child.returncode is None:
                child.kill()
                await child.wait()

    tasks = [asyncio.create_task(serve(c, log)) for c, log in zip(children, logs)]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for t in done:
            if t.exception() is not None:
                raise t.exception()
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await shutdown()
        for log in logs:
            log.close()


def _tail(log) -> str:
    try:
        log.seek(0)
        lines = [ln for ln in log.read().decode(errors="replace").splitlines() if ln.strip()]
    except (OSError, ValueError):
        return ""
    return (":\n" + "\n".join(lines[-8:])) if lines else ""


# ---------------------------------------------------------------------------------------------
# The child side


def _read_exact(fd: int, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = os.read(fd, n - len(buf))
        if not chunk:
            raise EOFError("the parent closed the pipe before sending the run")
        buf += chunk
    return buf


def child_main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    out_fd = os.dup(1)
    os.dup2(2, 1)  # stray prints must not corrupt the protocol
    (size,) = struct.unpack(">Q", _read_exact(0, 8))
    init = pickle.loads(_read_exact(0, size))

    def send(data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(out_fd, view):]

    try:
        asyncio.run(_child(init, send))
        send(b"D\n")
    except BrokenPipeError:
        pass
    except BaseException as e:  # noqa: BLE001 - everything is reported to the parent
        from .runner import RunAborted

        try:
            if isinstance(e, RunAborted):
                send(b"F" + json.dumps(str(e)).encode() + b"\n")
            else:
                send(b"E" + json.dumps("".join(traceback.format_exception(e))).encode() + b"\n")
        except BrokenPipeError:
            pass
        sys.exit(1)


async def _child(init: dict, send: Callable[[bytes], None]) -> None:
    from .runner import Executor, drive

    loop = asyncio.get_running_loop()
    pairs = init["pairs"]
    reader = asyncio.StreamReader(limit=_LINE_LIMIT)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(0, "rb", buffering=0))
    replies: asyncio.Queue[bytes] = asyncio.Queue()
    stop = asyncio.Event()

    async def listen() -> None:
        while True:
            line = await reader.readline()
            if not line or line.startswith(b"X"):
                stop.set()
                return
            replies.put_nowait(line)

    lock = asyncio.Lock()

    async def take():
        async with lock:
            if stop.is_set():
                return None
            send(b"W\n")
            get = asyncio.create_task(replies.get())
            halt = asyncio.create_task(stop.wait())
            await asyncio.wait({get, halt}, return_when=asyncio.FIRST_COMPLETED)
            halt.cancel()
            if not get.done():
                get.cancel()
                return None
            line = get.result()
            return pairs[int(line[2:])] if line.startswith(b"P ") else None

    async def done(traj: Trajectory) -> None:
        send(b"T" + traj.to_json().encode("utf-8") + b"\n")

    def step(task_id: str, trial: int, s: Step) -> None:
        send(b"S" + json.dumps({"task_id": task_id, "trial": trial, "step": asdict(s)}, default=str).encode()
             + b"\n")

    ex = Executor(init["config"], init["settings"], init["api_key"], step if init["steps"] else None)
    listener = asyncio.create_task(listen())
    work = asyncio.create_task(drive(ex, take, done, init["concurrency"]))
    halt = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({work, halt}, return_when=asyncio.FIRST_COMPLETED)
        if not work.done():
            work.cancel()
        try:
            await work
        except asyncio.CancelledError:
            pass
    finally:
        for t in (listener, halt):
            t.cancel()
        await ex.close()
