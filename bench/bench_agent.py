"""Agent harness overhead and Python tool overhead, each against a baseline measured in the same run.

1. Harness steps/s at concurrency C (default 16) against a zero-latency local OpenAI-protocol server
   (tests/agent/fake_openai.py in its own process: a scripted agent of S steps, S-1 SQL queries on a
   tiny DuckDB, then submit_answer). A "step" is one model call plus its tool call. Baseline: the bare
   `openai` client sending the same requests at the same concurrency the way the runner sends them
   (`post()` with a raw response, `json()` of the body; `create()`'s pydantic parsing shown for
   reference), no tools, no trajectories; the multi-process harness against the same client in as
   many processes.
   Goal: >= 200 steps/s at concurrency 16 on 2 cores.
2. execute_python overhead per call: the persistent confined worker (one per trajectory) vs the
   baseline of starting a fresh confined worker for every call. Goal: <= 150 ms per call.

    .venv/bin/python bench/bench_agent.py [--tasks 300] [--steps 4] [--concurrency 16] [--calls 300]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, console, report  # noqa: E402

sys.path.insert(0, str(ROOT))
import openai  # noqa: E402

from ehr_tui.agent.runner import RunConfig, RunEvents, execute_run, prepare_run, system_prompt  # noqa: E402
from ehr_tui.agent.tools import tool_specs  # noqa: E402
from ehr_tui.mimic.pysandbox import PythonSandbox  # noqa: E402
from ehr_tui.tasks.model import Task, write_tasks  # noqa: E402
from tests.agent.conftest import build_tiny_db  # noqa: E402


def start_server(steps: int) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "tests.agent.fake_openai", "--steps", str(steps)],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    url = proc.stdout.readline().strip()
    if not url.startswith("http"):
        raise SystemExit("the fake server did not start")
    return proc, url


def bench_tasks(n: int, path: Path) -> None:
    write_tasks(path, [Task(id=f"t{i}", intent="demographics", level="population", template_id="bench",
                            split="test", question=f"Bench question {i}: how many patients?",
                            gold_sql="SELECT count(*) FROM mimiciv_hosp.patients", gold_answer=10,
                            answer_type="number", complexity={"total": 3, "breakdown": {}})
                       for i in range(n)])


async def raw_client(url: str, requests: int, concurrency: int, parse: bool = False) -> float:
    """Baseline: the same request bodies through the bare client; returns requests/s.

    By default the way the runner sends them: ``client.post`` with a raw response and
    ``json()`` of the body (no pydantic model); ``parse=True`` uses ``create()`` instead.
    """
    try:  # the HTTP library of the installed openai, as the runner picks it
        import httpx2 as httpx
    except ImportError:
        import httpx

    client = openai.AsyncOpenAI(base_url=url, api_key="x", max_retries=0)
    messages = [{"role": "system", "content": system_prompt()}, {"role": "user", "content": "Bench question 0"}]
    body = {"model": "fake", "messages": messages, "tools": tool_specs(), "temperature": 0}
    left = requests

    async def worker() -> None:
        nonlocal left
        while left > 0:
            left -= 1
            if parse:
                await client.chat.completions.create(**body)
            else:
                reply = (await client.post("/chat/completions", cast_to=httpx.Response, body=body)).json()
                reply["choices"][0]["message"]  # what the runner reads

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - t0
    await client.close()
    return requests / elapsed


def _raw_share(args: tuple[str, int, int, object]) -> None:
    url, requests, concurrency, barrier = args
    barrier.wait()
    asyncio.run(raw_client(url, requests, concurrency))


def raw_processes(url: str, requests: int, concurrency: int, processes: int) -> float:
    """The 2-process baseline: the bare post() client in `processes` processes sharing the requests
    and the concurrency as the harness shares them; requests/s over the wall time of all of them."""
    import multiprocessing as mp

    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(processes + 1)
    per, conc = requests // processes, max(1, concurrency // processes)
    procs = [ctx.Process(target=_raw_share, args=((url, per, conc, barrier),)) for _ in range(processes)]
    for p in procs:
        p.start()
    barrier.wait()
    t0 = time.perf_counter()
    for p in procs:
        p.join()
    return per * processes / (time.perf_counter() - t0)


def harness(url: str, db: Path, tasks: Path, run_dir: Path, concurrency: int,
            processes: int | None) -> dict[str, float]:
    """A full run through the harness: overall and steady-state steps/s (after start-up), accuracy."""
    cfg = RunConfig(tasks=tasks, db=db, model="fake", base_url=url, concurrency=concurrency, run_dir=run_dir,
                    max_steps=20, python_tool=False, processes=processes)
    prepared = prepare_run(cfg)
    stamps: list[tuple[float, int]] = []
    events = RunEvents(on_trajectory=lambda t, p: stamps.append((time.perf_counter(), len(t.steps))))
    t0 = time.perf_counter()
    summary = asyncio.run(execute_run(prepared, events))
    elapsed = time.perf_counter() - t0
    steps = sum(n for _, n in stamps)
    cut = len(stamps) // 10  # steady state: from the 10th percentile trajectory to the last
    window = stamps[-1][0] - stamps[cut][0]
    return {"steps": steps, "overall": steps / elapsed, "steady": sum(n for _, n in stamps[cut + 1:]) / window,
            "startup": stamps[0][0] - t0, "accuracy": summary.correct / max(1, summary.done),
            "processes": cfg.worker_processes if processes is None else processes}


def python_overhead(db: Path, calls: int, cold_calls: int) -> dict[str, float]:
    out: dict[str, float] = {}
    with PythonSandbox(db) as sb:
        t0 = time.perf_counter()
        sb.start()
        out["first start (s)"] = time.perf_counter() - t0
        for _ in range(20):
            sb.run("x = 1")
        times = []
        for i in range(calls):
            t0 = time.perf_counter()
            r = sb.run(f"x = {i}\nx + 1")
            times.append(time.perf_counter() - t0)
            assert r.ok, r.error
        out["warm mean"] = statistics.mean(times)
        out["warm p95"] = sorted(times)[int(0.95 * len(times)) - 1]
        t0 = time.perf_counter()
        for _ in range(50):
            sb.run("con.sql('SELECT count(*) FROM mimiciv_hosp.patients').fetchall()")
        out["warm with a DuckDB query"] = (time.perf_counter() - t0) / 50
        out["protections"] = sb.protections  # type: ignore[assignment]
    cold = []
    for _ in range(cold_calls):
        t0 = time.perf_counter()
        with PythonSandbox(db) as sb:
            sb.run("x = 1\nx + 1")
        cold.append(time.perf_counter() - t0)
    out["cold mean"] = statistics.mean(cold)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", type=int, default=300)
    ap.add_argument("--steps", type=int, default=4, help="model calls per scripted trajectory")
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--calls", type=int, default=300, help="warm execute_python calls")
    ap.add_argument("--cold-calls", type=int, default=10, help="fresh-worker execute_python calls")
    args = ap.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        db = build_tiny_db(tmp / "bench.duckdb")
        tasks = tmp / "tasks.jsonl"
        bench_tasks(args.tasks, tasks)
        proc, url = start_server(args.steps)
        try:
            asyncio.run(raw_client(url, 50, args.concurrency))  # warm up the server
            n = args.tasks * args.steps
            parsed = asyncio.run(raw_client(url, n, args.concurrency, parse=True))
            raw = asyncio.run(raw_client(url, n, args.concurrency))
            one = harness(url, db, tasks, tmp / "one", args.concurrency, 1)
            auto = harness(url, db, tasks, tmp / "auto", args.concurrency, None)
            raw_multi = (raw_processes(url, n, args.concurrency, auto["processes"]) if auto["processes"] > 1
                         else raw)
        finally:
            proc.stdin.close()
            proc.wait(timeout=10)
        py = python_overhead(db, args.calls, args.cold_calls)

    rows = [("bare client post() + json(), one process (baseline)", f"{raw:,.0f} req/s", "1.00×", ""),
            ("  bare client create() (pydantic reply, for reference)", f"{parsed:,.0f} req/s",
             f"{parsed / raw:.2f}×", "")]
    if auto["processes"] > 1:
        rows.append((f"bare client post(), {auto['processes']} processes (baseline of the next rows)",
                     f"{raw_multi:,.0f} req/s", f"{raw_multi / raw:.2f}×", ""))
    for label, h, base in (("harness, 1 process", one, raw),
                           (f"harness, {auto['processes']} processes (auto)", auto, raw_multi)):
        goal = "≥ 200 steps/s " + ("[green]met[/]" if h["steady"] >= 200 else "[red]missed[/]")
        rows.append((f"{label}: steady state", f"{h['steady']:,.0f} steps/s", f"{h['steady'] / base:.2f}×",
                     goal if h is auto else ""))
        rows.append((f"  overall, {h['steps']} steps (first result after {h['startup']:.2f} s)",
                     f"{h['overall']:,.0f} steps/s", f"{h['overall'] / base:.2f}×", ""))
    report(f"agent harness (SQL tool, trajectories fsynced), concurrency {args.concurrency}, {cores} cores, "
           "zero-latency local server", rows, ("", "throughput", "vs baseline", "goal"))
    if min(one["accuracy"], auto["accuracy"]) < 1.0:
        console.print("[red]the scripted agent got answers wrong: the benchmark policy is broken[/]")
    warm = py["warm mean"]
    report("execute_python overhead per call",
           [("fresh confined worker per call (baseline)", f"{1000 * py['cold mean']:.1f} ms", "1.00×", ""),
            ("persistent worker (one per trajectory)", f"{1000 * warm:.2f} ms", f"{warm / py['cold mean']:.3f}×",
             "≤ 150 ms " + ("[green]met[/]" if warm <= 0.150 else "[red]missed[/]")),
            ("  p95", f"{1000 * py['warm p95']:.2f} ms", "", ""),
            ("  with a DuckDB query through con", f"{1000 * py['warm with a DuckDB query']:.2f} ms", "", ""),
            ("  first start of a worker", f"{1000 * py['first start (s)']:.0f} ms", "", "")],
           ("", "time", "vs baseline", "goal"))
    console.print(f"worker protections: {py['protections']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
