"""`xtf jobs`: list, follow and cancel background fine-tune jobs (`xtf train --background`)."""

from __future__ import annotations

import argparse
import time

from .common import console


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "jobs",
        help="list, follow or cancel background training jobs",
        description="Background training jobs (started by `xtf train --background` or the app's Fine-tune "
                    "screen) live under HOME/jobs and keep running when the terminal or app closes.",
    )
    jsub = p.add_subparsers(dest="jobs_command", metavar="ACTION")
    ls = jsub.add_parser("list", help="every job with its state and last loss (the default)")
    ls.set_defaults(func=cmd_list)
    show = jsub.add_parser("show", help="a job's settings, latest metrics and log tail")
    show.add_argument("job", metavar="ID", help="job id (or folder)")
    show.add_argument("--follow", "-f", action="store_true", help="keep printing new metrics until it ends")
    show.add_argument("--lines", type=int, default=15, metavar="N", help="log lines to show (default: 15)")
    show.set_defaults(func=cmd_show)
    cancel = jsub.add_parser("cancel", help="stop a job (SIGTERM to its process tree, SIGKILL after a grace)")
    cancel.add_argument("job", metavar="ID", help="job id (or folder)")
    cancel.add_argument("--grace", type=float, default=10.0, metavar="SECONDS", help="default: 10")
    cancel.set_defaults(func=cmd_cancel)
    p.set_defaults(func=cmd_list)


def _last_step(job) -> dict | None:
    records, _ = job.metrics()
    steps = [r for r in records if r.get("event") == "step"]
    return steps[-1] if steps else None


def cmd_list(args: argparse.Namespace) -> int:
    from rich.table import Table

    from ehr_tui.xtf.jobs import list_jobs

    jobs = list_jobs()
    if not jobs:
        console.print("no jobs yet: start one with `xtf train ... --background` or on the app's Fine-tune screen")
        return 0
    t = Table("job", "name", "state", "step", "loss", "kept", "GPUs", "created")
    for j in jobs:
        last = _last_step(j)
        t.add_row(j.id, j.name, j.state, f"{last['step']}/{last['total_steps']}" if last else "–",
                  f"{last['loss']:.4f}" if last else "–", f"{100 * last['kept_ratio']:.0f}%" if last else "–",
                  str(j.gpus), j.created[:19].replace("T", " "))
    console.print(t)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from ehr_tui.xtf.jobs import load_job
    from ehr_tui.xtf.launch import shell_line

    from .train import step_line

    job = load_job(args.job)
    console.print(f"[bold]{job.id}[/] ({job.name}) {job.state}", highlight=False)
    console.print(f"command: {shell_line(job.command)}", highlight=False, soft_wrap=True)
    console.print(f"output: {job.output}\nlog: {job.log_path}", highlight=False)
    records, offset = job.metrics()
    for r in [r for r in records if r.get("event") == "step"][-5:]:
        console.print(step_line(r), highlight=False)
    if job.error:
        console.print(f"[red]error:[/] {job.error}", highlight=False)
    if not args.follow:
        console.rule("log")
        for line in job.log_tail(args.lines):
            console.print(line, highlight=False, markup=False)
        return 0
    while job.active:
        time.sleep(1.0)
        job = load_job(job.dir)
        new, offset = job.metrics(offset)
        for r in new:
            if r.get("event") == "step":
                console.print(step_line(r), highlight=False)
    console.print(f"{job.id} {job.state}" + (f": {job.error}" if job.error else ""), highlight=False)
    return 0 if job.state == "finished" else 1


def cmd_cancel(args: argparse.Namespace) -> int:
    from ehr_tui.xtf.jobs import cancel, load_job

    job = load_job(args.job)
    if not job.active:
        console.print(f"{job.id} has already ended ({job.state})")
        return 0
    job = cancel(job, grace_s=args.grace)
    console.print(f"{job.id} {job.state}; its last checkpoint stays in {job.output} (submit the same training "
                  "again to resume)", highlight=False)
    return 0
