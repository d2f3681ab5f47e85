"""`ehr-tui run` (an agent over an OpenAI-compatible endpoint) and `ehr-tui eval` (score a run)."""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import shlex
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from .. import paths
from ..errors import UserError

console = Console()
err_console = Console(stderr=True)


def register(sub: argparse._SubParsersAction) -> None:
    run = sub.add_parser(
        "run", help="run an LLM agent on a tasks file over an OpenAI-compatible endpoint",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Run a tool-calling agent (execute_sql, execute_python, submit_answer) on every task, K trials each,\n"
            "against any OpenAI-compatible chat-completions endpoint (OpenAI, Azure, vLLM, Ollama, ...).\n"
            "Each finished trajectory is saved at once in the run folder (run.json + trajectories.jsonl):\n"
            "stopping the command loses nothing finished, and repeating it resumes, skipping finished trials.\n\n"
            "Credentialed MIMIC-IV is only sent to a local endpoint (127.0.0.1, ::1, localhost) or one\n"
            "approved in the config file ([privacy] approved_endpoints), unless --allow-remote is given."),
        epilog=("example: ehr-tui run --tasks tasks.jsonl --db demo.duckdb --model qwen2.5-7b-instruct "
                "--base-url http://127.0.0.1:8000/v1 --trials 3 --concurrency 8\n\n"
                "a model fine-tuned with `xtf train` (OUT/final, or OUT/checkpoint-STEP): serve it with vLLM,\n"
                "  vllm serve OUT/final --served-model-name xtf --port 8000 \\\n"
                "    --enable-auto-tool-choice --tool-call-parser hermes\n"
                "then run it under that name, recording the checkpoint in run.json (`ehr-tui compare` and the\n"
                "Runs screen show it beside the baseline):\n"
                "  ehr-tui run --tasks tasks.jsonl --model xtf --base-url http://127.0.0.1:8000/v1 \\\n"
                "    --checkpoint OUT/final\n"
                "(without --served-model-name vLLM serves it as its path: --model OUT/final records it as well)"),
    )
    run.add_argument("--tasks", type=Path, required=True, help="tasks JSONL file (from `ehr-tui tasks generate`)")
    run.add_argument("--db", type=Path, default=argparse.SUPPRESS,
                     help="MIMIC-IV DuckDB file the agent queries (default: the embedded synthetic one)")
    run.add_argument("--model", required=True, help="model name as the endpoint knows it")
    run.add_argument("--checkpoint", type=Path, metavar="DIR",
                     help="local model folder the endpoint serves (e.g. xtf train's OUT/final), recorded in "
                          "run.json with what it was trained from")
    run.add_argument("--base-url", default=None,
                     help="endpoint base URL, e.g. http://127.0.0.1:8000/v1 (default: $OPENAI_BASE_URL or OpenAI)")
    run.add_argument("--api-key-env", default="OPENAI_API_KEY", metavar="NAME",
                     help="environment variable holding the API key (default: %(default)s; "
                          "not needed for a local server)")
    run.add_argument("--trials", type=int, default=1, metavar="K", help="trials per task, for pass@k (default: 1)")
    run.add_argument("--concurrency", type=int, default=4, metavar="C",
                     help="trajectories running at once (default: 4)")
    run.add_argument("--processes", type=int, default=None, metavar="N",
                     help="run processes sharing the trajectories (default: one per 8 of --concurrency, up to "
                          "the CPU cores; only fast local servers need more than one)")
    run.add_argument("--max-steps", type=int, default=12, metavar="S",
                     help="model calls per trajectory before giving up (default: 12)")
    run.add_argument("--temperature", type=float, default=0.0,
                     help="sampling temperature (default: 0; use e.g. 0.7 with --trials > 1)")
    run.add_argument("--max-tokens", type=int, default=None, help="completion token cap per model call")
    run.add_argument("--request-timeout", type=float, default=120.0, metavar="SECONDS",
                     help="per model call; a call that takes longer is retried (default: 120)")
    run.add_argument("--retries", type=int, default=5,
                     help="retries of a model call on 429, 5xx, timeouts, dropped connections (default: 5)")
    run.add_argument("--no-python", action="store_true", help="do not offer the execute_python tool")
    run.add_argument("--python-timeout", type=float, default=10.0, metavar="SECONDS",
                     help="per execute_python call (default: 10)")
    run.add_argument("--python-memory", type=int, default=1024, metavar="MB",
                     help="memory limit of the Python worker (default: 1024)")
    run.add_argument("--allow-weak-python-sandbox", action="store_true",
                     help="offer execute_python even where the kernel lacks a sandbox layer (user namespaces, "
                          "Landlock or seccomp); without it the tool is not offered there, and the run says so")
    run.add_argument("--sql-timeout", type=float, default=30.0, metavar="SECONDS",
                     help="per execute_sql call (default: 30)")
    run.add_argument("--sql-memory", default="2GB", metavar="SIZE",
                     help="memory limit of each confined SQL query process, e.g. 2GB (default: %(default)s)")
    run.add_argument("--sql-temp", type=int, default=1024, metavar="MB",
                     help="temporary (spill) space of each SQL query process (default: %(default)s)")
    run.add_argument("--name", help="run folder name under HOME/runs (default: TASKS-STEM__MODEL)")
    run.add_argument("--run-dir", type=Path, help="run folder path (overrides --name)")
    run.add_argument("--split", choices=("train", "test"), help="only tasks of this split")
    run.add_argument("--task", action="append", dest="task_ids", metavar="ID", help="only this task (repeatable)")
    run.add_argument("--limit", type=int, metavar="N", help="only the first N tasks in file order")
    run.add_argument("--sample", type=int, metavar="N",
                     help="a seeded random sample of N tasks (after --split / --task); the same --seed gives the "
                          "same tasks, whatever the file's order")
    run.add_argument("--stratify", metavar="KEYS",
                     help="with --sample: draw from every stratum of these keys, comma-separated from intent, "
                          "level, split, template, answer_type (e.g. intent,level): at least one task each, the "
                          "rest in proportion")
    run.add_argument("--seed", type=int, default=0, metavar="S", help="seed of --sample (default: 0)")
    run.add_argument("--allow-remote", action="store_true",
                     help="send credentialed MIMIC-IV to a non-local endpoint anyway (you take responsibility "
                          "under the PhysioNet data use agreement)")
    run.set_defaults(func=cmd_run)

    ev = sub.add_parser(
        "eval", help="score a run: answer and execution accuracy, abstentions, reliability, pass@k, pass^k",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Score a run folder with the current rules (ehr_tui.scoring; the README's Scoring section):\n"
            "- answer accuracy: each submitted answer read as its task's answer kinds (identifiers and\n"
            "  counts exact, measurements at the rounding the question asks for, codes without dots, ...),\n"
            "  with refusals and non-answers counted as abstentions, not as values;\n"
            "- the reliability score of EHRSQL 2024 (+1 correct, 0 abstained, -c wrong; c = 0, 5, 10, N);\n"
            "- execution accuracy: the final SQL and the gold SQL run through the sandbox, compared under\n"
            "  the typed, BIRD, Spider test-suite and EHRSQL 2024 rules (query errors and timeouts are\n"
            "  counted apart, never as wrong); cached in RUN/execution.jsonl;\n"
            "- pass@k and pass^k for k = 1..K; overall and by intent, level and complexity bucket;\n"
            "every rate with a 95% bootstrap interval over tasks. Prints tables (or JSON with --json) and\n"
            "writes RUN/eval.json, with each trajectory's verdicts."),
        epilog="example: ehr-tui eval qwen-run --db demo.duckdb")
    ev.add_argument("run_dir", metavar="RUN", help="run folder, or a run name under HOME/runs")
    ev.add_argument("--json", action="store_true", help="print the report as JSON instead of tables")
    ev.add_argument("--format", choices=REPORT_FORMATS, default=None,
                    help="report format: table (default), json, md (Markdown tables) or csv (one row per "
                         "trajectory: outcome, failure mode, execution verdicts); with -o, default from its suffix")
    ev.add_argument("-o", "--output", type=Path, metavar="FILE", help="write the report to FILE instead of printing it")
    ev.add_argument("--grep", metavar="PATTERN",
                    help="list the trajectories whose question, messages, SQL, Python, observations or answer "
                         "match this regular expression (case-insensitive), with where; nothing is scored")
    ev.add_argument("--case-sensitive", action="store_true", help="--grep: match case")
    ev.add_argument("--rescore", type=Path, metavar="TASKS",
                    help="score against this tasks file's gold answers and kinds (and reclassify failure modes)")
    ev.add_argument("--db", type=Path, metavar="FILE",
                    help="database to run the final and gold SQL on (default: the run's own database)")
    ev.add_argument("--no-exec", action="store_true", help="skip execution accuracy (no SQL is run)")
    ev.add_argument("--sql-timeout", type=float, metavar="SECONDS",
                    help="per query when scoring execution (default: the run's own SQL timeout)")
    ev.set_defaults(func=cmd_eval)

    show = sub.add_parser(
        "show", help="one trajectory as Markdown or a self-contained HTML page (to paste in a paper or an issue)",
        description=("Print or write one trajectory of a run: the task, the run's settings, the verdict under the "
                     "current scoring rules, and every step (the model's message, each SQL or Python call as "
                     "sent, each observation as the model read it), then the gold SQL. HTML pages are "
                     "self-contained (inline style, no script, nothing fetched)."),
        epilog="example: ehr-tui show qwen-run labs-12 1 -o labs-12.html")
    show.add_argument("run_dir", metavar="RUN", help="run folder, or a run name under HOME/runs")
    show.add_argument("task_id", metavar="TASK", help="task id of the trajectory")
    show.add_argument("trial", metavar="TRIAL", type=int, nargs="?", default=1,
                      help="trial number (1 = the first, the default)")
    show.add_argument("--fork", dest="fork_id", metavar="ID", help="show this fork of the trajectory instead")
    show.add_argument("--format", choices=("md", "html"), default=None,
                      help="md (default) or html; with -o, default from the file's suffix")
    show.add_argument("-o", "--output", type=Path, metavar="FILE", help="write to FILE instead of printing")
    show.set_defaults(func=cmd_show)


def _command_line() -> str:
    return "ehr-tui " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:] else "the same command"


def cmd_run(args: argparse.Namespace) -> int:
    import os

    from ..mimic.pysandbox import PythonLimits
    from ..tasks.sampling import parse_strata
    from .runner import DEFAULT_BASE_URL, RunConfig, RunEvents, execute_run, prepare_run

    config = RunConfig(
        tasks=args.tasks, db=getattr(args, "db", None) or paths.default_db(), model=args.model,
        base_url=args.base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL,
        api_key_env=args.api_key_env, trials=args.trials, concurrency=args.concurrency, max_steps=args.max_steps,
        temperature=args.temperature, max_tokens=args.max_tokens, request_timeout_s=args.request_timeout,
        max_retries=max(0, args.retries), python_tool=not args.no_python,
        python=PythonLimits(timeout_s=args.python_timeout, memory_mb=args.python_memory),
        allow_weak_python_sandbox=args.allow_weak_python_sandbox, sql_memory_limit=args.sql_memory,
        sql_temp_mb=args.sql_temp, sql_timeout_s=args.sql_timeout, run_dir=args.run_dir, name=args.name,
        allow_remote=args.allow_remote, limit=args.limit, sample=args.sample, stratify=parse_strata(args.stratify),
        sample_seed=args.seed, split=args.split, task_ids=args.task_ids, processes=args.processes,
        checkpoint=args.checkpoint)
    warn = lambda m: err_console.print(f"[yellow]warning:[/] {m}", highlight=False)  # noqa: E731
    prepared = prepare_run(config, warn)
    s = prepared.settings
    if prepared.resumed:
        console.print(f"resuming [bold]{prepared.store.dir}[/]: {len(prepared.finished)} of {prepared.total} "
                      f"trials finished, {len(prepared.pending)} to run", highlight=False)
    else:
        console.print(f"run [bold]{prepared.store.dir}[/]: {len(prepared.tasks)} tasks × {config.trials} trials, "
                      f"model {s.model} at {s.base_url} ({prepared.privacy.reason})", highlight=False)
    if not prepared.pending:
        console.print(f"nothing to do: all trials are finished; score them with `ehr-tui eval {prepared.store.dir}`")
        return 0
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("acc {task.fields[acc]}"), TextColumn("{task.fields[errors]}"),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=console)
    done_before = len(prepared.finished)
    acc0 = sum(t.correct for t in prepared.finished.values())
    bar = progress.add_task("trials", total=prepared.total, completed=done_before,
                            acc=f"{100 * acc0 / done_before:.1f}%" if done_before else "-", errors="")

    def on_trajectory(traj, p) -> None:
        progress.update(bar, completed=p.done, acc=f"{100 * p.accuracy:.1f}%",
                        errors=f"[red]{p.endpoint_errors} endpoint errors[/]" if p.endpoint_errors else "")

    events = RunEvents(on_trajectory=on_trajectory, on_warning=warn)
    try:
        with progress:
            summary = asyncio.run(execute_run(prepared, events))
    except KeyboardInterrupt:
        err_console.print(f"[yellow]stopped[/]: finished trajectories are saved in {prepared.store.dir}; run "
                          f"`{_command_line()}` again to resume", highlight=False)
        return 130
    console.print(f"{summary.done} of {summary.total} trials finished, {summary.correct} correct "
                  f"({100 * summary.correct / max(1, summary.done):.1f}%); trajectories in {summary.run_dir}",
                  highlight=False)
    if summary.endpoint_errors:
        err_console.print(f"[yellow]{summary.endpoint_errors} trials ended on endpoint errors; run "
                          f"`{_command_line()}` again to retry them[/]", highlight=False)
    console.print(f"score it: ehr-tui eval {shlex.quote(str(summary.run_dir))}", highlight=False)
    return 0 if summary.complete else 1


def cmd_eval(args: argparse.Namespace) -> int:
    from .eval_view import render
    from .evaluate import evaluate_run

    warn = lambda m: err_console.print(f"[yellow]warning:[/] {m}", highlight=False)  # noqa: E731
    fmt = _report_format(args)
    if args.grep is not None:
        return _grep(args, warn)
    if args.sql_timeout is not None and not args.sql_timeout > 0:
        raise UserError(f"--sql-timeout must be a positive number of seconds, not {args.sql_timeout:g}")
    if args.db is not None and not args.db.expanduser().is_file():
        raise UserError(f"--db {args.db}: no such database file")
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err_console, transient=True)
    bar = None

    def on_progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            progress.start()
            bar = progress.add_task("running final and gold SQL", total=total)
        progress.update(bar, completed=done)

    try:
        report = evaluate_run(args.run_dir, tasks_file=args.rescore, warn=warn, execution=not args.no_exec,
                              db=args.db, sql_timeout_s=args.sql_timeout, progress=on_progress)
    finally:
        if bar is not None:
            progress.stop()
    if fmt == "table" and args.output is None:
        render(report, console)
        return 0
    from ..fileio import atomic_write
    from .eval_view import markdown, verdicts_csv

    if fmt == "table":  # the tables as text, to a file
        buf = Console(file=io.StringIO(), width=160, color_system=None, force_terminal=False, highlight=False)
        render(report, buf)
        text = buf.file.getvalue()
    else:
        text = {"json": lambda: json.dumps(report.to_dict(), indent=2) + "\n", "md": lambda: markdown(report),
                "csv": lambda: verdicts_csv(report)}[fmt]()
    if args.output is None:
        sys.stdout.write(text)
    else:
        atomic_write(args.output.expanduser(), text)
        err_console.print(f"report written to {args.output} ({fmt})", highlight=False)
    return 0


REPORT_FORMATS = ("table", "json", "md", "csv")
_REPORT_SUFFIXES = {".json": "json", ".md": "md", ".markdown": "md", ".csv": "csv", ".txt": "table"}


def _report_format(args: argparse.Namespace) -> str:
    if args.json and args.format not in (None, "json"):
        raise UserError(f"--json and --format {args.format} ask for two formats: give one")
    if args.json or args.format:
        return "json" if args.json else args.format
    if args.output is not None:
        fmt = _REPORT_SUFFIXES.get(args.output.suffix.lower())
        if fmt is None:
            raise UserError(f"cannot tell the report format from {args.output.name!r}: name it .md, .json, .csv or "
                            ".txt, or give --format")
        return fmt
    return "table"


def _outcome(traj) -> str:
    """correct / wrong / abstained / no answer under the current rules (as `ehr-tui eval` counts it)."""
    from .evaluate import verdict_of

    v = verdict_of(traj)
    return "no answer" if v is None else v.outcome


def _grep(args: argparse.Namespace, warn) -> int:
    from rich.table import Table
    from rich.text import Text

    from .search import search
    from .trajectory import RunStore, resolve_run_dir

    store = RunStore.open(resolve_run_dir(args.run_dir))
    trajs = sorted(store.latest(warn).values(), key=lambda t: (t.task_id, t.trial))  # the trials, as the app
    found = search(trajs, args.grep, case_sensitive=args.case_sensitive)
    as_json = args.json or args.format == "json" or (args.output is not None and args.output.suffix == ".json")
    if args.output is not None:
        from ..fileio import atomic_write

        out = io.StringIO()
        sink = Console(file=out, width=200, color_system=None, force_terminal=False, highlight=False)
        _grep_listing(found, trajs, args.grep, as_json, sink)
        atomic_write(args.output.expanduser(), out.getvalue())
        err_console.print(f"{len(found):,} matching trajectories listed in {args.output}", highlight=False)
        return 0 if found else 1
    return _grep_listing(found, trajs, args.grep, as_json, console)


def _grep_listing(found, trajs, pattern: str, as_json: bool, out: Console) -> int:
    """The matches as JSON or a table on ``out``; grep's exit status (1: nothing matched)."""
    from rich.table import Table
    from rich.text import Text

    if as_json:
        text = json.dumps([{"task_id": t.task_id, "trial": t.trial + 1, "id": t.id, "outcome": _outcome(t),
                            "hits": [{"where": h.where, "field": h.field,
                                      "step": None if h.step is None else h.step + 1,
                                      "text": h.text[h.start:h.end], "context": h.snippet()} for h in hs]}
                           for t, hs in found], indent=2, ensure_ascii=False)
        (sys.stdout if out is console else out.file).write(text + "\n")  # plain JSON, never styled
        return 0 if found else 1
    if not found:
        err_console.print(f"no trajectory of {len(trajs):,} matches {pattern!r}", highlight=False)
        return 1  # as grep: nothing found is exit status 1
    table = Table(title=f"{len(found):,} of {len(trajs):,} trajectories match {pattern!r}", title_justify="left")
    for col in ("task", "trial", "result", "hits", "first hit", "context"):
        table.add_column(col, justify="right" if col in ("trial", "hits") else "left")
    for t, hs in found:
        table.add_row(Text(t.task_id), str(t.trial + 1), _outcome(t), str(len(hs)), hs[0].where,
                      Text(hs[0].snippet(60)))
    out.print(table)
    return 0


def find_trajectory(run_dir: str | Path, task_id: str, trial: int, fork_id: str | None = None, warn=None):
    """The stored trajectory (trial 0-based) or fork; a UserError that lists what there is otherwise."""
    from .trajectory import RunStore, resolve_run_dir

    store = RunStore.open(resolve_run_dir(run_dir))
    if fork_id is not None:
        forks = [f for f in store.forks(warn) if f.fork.id == fork_id]
        if not forks:
            raise UserError(f"no fork {fork_id!r} in {store.dir}")
        return forks[-1]
    latest = store.latest(warn)
    traj = latest.get((task_id, trial))
    if traj is None:
        trials = sorted(k[1] + 1 for k in latest if k[0] == task_id)
        if trials:
            raise UserError(f"task {task_id!r} has trial(s) {', '.join(map(str, trials))} in {store.dir}, not "
                            f"{trial + 1}")
        raise UserError(f"no trajectory of task {task_id!r} in {store.dir} ({len(latest):,} trajectories there)")
    return traj


def cmd_show(args: argparse.Namespace) -> int:
    from ..fileio import atomic_write
    from .trajectory_export import render as render_trajectory

    if args.trial < 1:
        raise UserError(f"TRIAL counts from 1 (got {args.trial})")
    fmt = args.format
    if fmt is None:
        suffix = args.output.suffix.lower() if args.output and str(args.output) != "-" else ".md"
        fmt = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html"}.get(suffix)
        if fmt is None:
            raise UserError(f"cannot tell the format from {args.output.name!r}: name it .md or .html, or give "
                            "--format")
    warn = lambda m: err_console.print(f"[yellow]warning:[/] {m}", highlight=False)  # noqa: E731
    traj = find_trajectory(args.run_dir, args.task_id, args.trial - 1, args.fork_id, warn)
    text = render_trajectory(traj, fmt)
    if args.output is None or str(args.output) == "-":
        sys.stdout.write(text)
    else:
        atomic_write(args.output.expanduser(), text)
        from .trajectory import trajectory_label

        err_console.print(f"{trajectory_label(traj.id)} written to {args.output} ({fmt})", highlight=False)
    return 0
