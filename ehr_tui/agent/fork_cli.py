"""`ehr-tui fork`: edit one step of a stored trajectory and let the agent continue (agent/fork.py)."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.markup import escape

console = Console(highlight=False)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "fork", help="fork a trajectory at a step: edit its SQL, Python or observation and let the agent continue",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Fork a stored trajectory at step N: the step's SQL or Python is replaced and re-executed in the\n"
            "sandbox (or its observation is replaced as given), then the agent continues from there against\n"
            "the run's own endpoint, model, temperature, step budget and tools (run.json). The fork is stored\n"
            "in the run as a child trajectory (parent, step, the edit), scored like any other, and kept out\n"
            "of the run's own scores. Steps and trials are numbered from 1, as the Debugger shows them.\n\n"
            "Credentialed MIMIC-IV goes only to a local or approved endpoint unless --allow-remote is given,\n"
            "exactly as for `ehr-tui run`; the API key comes from --api-key-env, never from run.json."),
        epilog=("example: ehr-tui fork my-run labs-1 1 --step 3 \\\n"
                "  --sql \"SELECT count(*) FROM mimiciv_hosp.labevents WHERE itemid = 50912\""))
    p.add_argument("run_dir", metavar="RUN", help="run folder, or a run name under HOME/runs")
    p.add_argument("task_id", metavar="TASK", help="task id of the trajectory")
    p.add_argument("trial", metavar="TRIAL", type=int, help="trial number (1 = the first)")
    p.add_argument("--step", type=int, required=True, metavar="N", help="the step to edit (1 = the first)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--sql", help="run this SQL instead of the step's execute_sql query")
    what.add_argument("--python", help="run this code instead of the step's execute_python code")
    what.add_argument("--observation", help="tell the model this instead of what the call returned")
    p.add_argument("--call", type=int, metavar="I",
                   help="which tool call of the step (1 = the first; default: the first that fits the edit)")
    p.add_argument("--fork", dest="fork_id", metavar="ID", help="fork this fork of the trajectory instead")
    p.add_argument("--api-key-env", default="OPENAI_API_KEY", metavar="NAME",
                   help="environment variable holding the API key (default: %(default)s; not needed locally)")
    p.add_argument("--allow-remote", action="store_true",
                   help="send credentialed MIMIC-IV to a non-local endpoint anyway (as for `ehr-tui run`)")
    p.add_argument("--allow-weak-python-sandbox", action="store_true",
                   help="run execute_python with the sandbox layers this kernel has (as for `ehr-tui run`)")
    p.add_argument("--json", action="store_true", help="print the stored child trajectory as JSON")
    p.add_argument("--events", action="store_true",
                   help="print progress as JSON lines instead (start, each step, done: what the app reads)")
    p.set_defaults(func=cmd_fork)


def _positive(name: str, value: int | None) -> None:
    from ..errors import UserError

    if value is not None and value < 1:
        raise UserError(f"{name} counts from 1 (got {value})")


def cmd_fork(args: argparse.Namespace) -> int:
    from .fork import fork, plan_fork

    _positive("TRIAL", args.trial)
    _positive("--step", args.step)
    _positive("--call", args.call)
    kind, text = next((k, getattr(args, k)) for k in ("sql", "python", "observation") if getattr(args, k) is not None)
    plan = plan_fork(args.run_dir, args.task_id, args.trial - 1, args.step - 1, kind, text,
                     call=None if args.call is None else args.call - 1, fork_id=args.fork_id,
                     allow_remote=args.allow_remote, api_key_env=args.api_key_env,
                     allow_weak_python_sandbox=args.allow_weak_python_sandbox)
    if args.events:
        return _events(plan)
    out = console if not args.json else Console(stderr=True, highlight=False)
    out.print(f"forking {plan.parent.id} at step {plan.step + 1} ({kind} of {plan.edit.tool}); "
              f"{plan.settings.model} at {plan.settings.base_url} ({plan.privacy.reason})")
    for n in plan.notes:
        out.print(f"[yellow]warning:[/] {escape(n)}")

    def on_step(step) -> None:
        out.print(f"[bold]step {step.index + 1}[/]" + (f": {escape(step.content.strip()[:200])}"
                                                       if (step.content or "").strip() else ""))
        for c in step.tool_calls:
            out.print(f"  {c.name} {escape(c.arguments[:300])}")
            first = c.observation.strip().splitlines()[:6]
            for line in first:
                out.print(f"    [dim]{escape(line[:160])}[/]")
        if step.error:
            out.print(f"  [red]{escape(step.error)}[/]")

    child = fork(plan, on_step)
    for n in child.fork.notes[len(plan.notes):]:
        out.print(f"[yellow]note:[/] {escape(n)}")
    verdict = "[bold green]correct[/]" if child.correct else f"[bold red]wrong[/] ({child.failure_mode or child.status})"
    parent = "correct" if plan.parent.correct else "wrong"
    out.print(f"fork {child.fork.id}: {child.status}, answer {escape(str(child.answer))}: {verdict} "
              f"(parent: {parent}); stored in {plan.store.dir}")
    if args.json:
        print(json.dumps(json.loads(child.to_json()), indent=2))
    return 0


def _events(plan) -> int:
    """One JSON object a line, flushed: {"event": "start"|"step"|"done", ...}. Errors go to stderr as usual."""
    from dataclasses import asdict

    from .fork import fork

    def emit(obj) -> None:
        print(json.dumps(obj, ensure_ascii=False, default=str), flush=True)

    emit({"event": "start", "parent": plan.parent.id, "step": plan.step, "notes": plan.notes,
          "privacy": plan.privacy.reason})
    child = fork(plan, lambda step: emit({"event": "step", "step": asdict(step)}))
    emit({"event": "done", "trajectory": json.loads(child.to_json())})
    return 0
