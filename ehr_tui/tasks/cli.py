"""`ehr-tui tasks ...`: generate the benchmark, inspect it, list templates, install the cost schedule."""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from .. import paths
from ..errors import UserError
from .model import INTENTS, LEVELS, SPLITS, read_tasks

console = Console()


def register(sub: argparse._SubParsersAction) -> None:
    tasks = sub.add_parser("tasks", help="generate and inspect benchmark tasks",
                           description="Generate and inspect the EHR benchmark: natural-language questions in six "
                                       "clinical intents with gold SQL, gold answers and complexity scores.")
    tsub = tasks.add_subparsers(dest="tasks_command", metavar="TASKS_COMMAND", required=True)

    gen = tsub.add_parser(
        "generate", help="sample tasks from a database and run their gold SQL",
        description=(
            "Sample template parameters from the database (real patients, codes and items present in it), run "
            "every gold SQL through the read-only sandbox and keep tasks with a unique, non-empty answer. The same "
            "database and --seed give the same file. Interrupted runs resume: finished tasks are kept in "
            "OUT.partial and reused when the same command runs again."),
    )
    gen.add_argument("--db", type=Path, help="DuckDB database (default: HOME/synthetic.duckdb)")
    gen.add_argument("--n", type=int, default=1000, help="number of tasks to generate (default: %(default)s)")
    gen.add_argument("--seed", type=int, default=0, help="sampling seed (default: %(default)s)")
    gen.add_argument("-o", "--out", type=Path, help="output JSONL (default: HOME/tasks/tasks.jsonl)")
    gen.add_argument("--intent", action="append", choices=INTENTS, help="only this intent (repeatable)")
    gen.add_argument("--template", action="append", metavar="ID", help="only this template id (repeatable)")
    gen.add_argument("--split", choices=SPLITS, help="only templates of this split")
    gen.add_argument("--workers", type=int, help="parallel gold queries (default: number of CPUs, at most 8)")
    gen.set_defaults(func=cmd_generate)

    st = tsub.add_parser("stats", help="counts by intent/level/split and the complexity distribution",
                         description="Counts of a task file by intent, level and split, answer types, and the "
                                     "SQL complexity distribution overall, by intent and by component kind.")
    st.add_argument("tasks", type=Path, nargs="?", help="tasks JSONL (default: HOME/tasks/tasks.jsonl)")
    st.set_defaults(func=cmd_stats)

    tp = tsub.add_parser("templates", help="list the question templates and their train/test split")
    tp.add_argument("--intent", action="append", choices=INTENTS, help="only this intent (repeatable)")
    tp.add_argument("--questions", action="store_true", help="show every question phrasing")
    tp.set_defaults(func=cmd_templates)

    va = tsub.add_parser("validate", help="check a task file; report the line and field of every bad record")
    va.add_argument("tasks", type=Path, help="tasks JSONL")
    va.set_defaults(func=cmd_validate)

    cs = tsub.add_parser("cost-schedule", help="write the ehr-tui cost schedule (schema ehr_tui_ref) into a database",
                         description="Create or replace schema ehr_tui_ref (DRG prices, ICD procedure and HCPCS "
                                     "fees) in a database, so cost tasks can be generated and answered.")
    cs.add_argument("--db", type=Path, help="DuckDB database (default: HOME/synthetic.duckdb)")
    cs.add_argument("--show", action="store_true", help="print the schedule's rules and tables, change nothing")
    cs.set_defaults(func=cmd_cost_schedule)


def _default_tasks() -> Path:
    return paths.tasks_dir() / "tasks.jsonl"


def cmd_generate(args: argparse.Namespace) -> int:
    from .generate import generate_file, select_templates

    db = args.db or paths.default_db()
    out = args.out or _default_tasks()
    if args.workers is not None and args.workers < 1:
        raise UserError(f"--workers must be at least 1 (got {args.workers})")
    templates = select_templates(args.template, args.intent, args.split)
    if not templates:
        raise UserError("no template matches the given --intent / --template / --split filters")
    with Progress(TextColumn("generating tasks"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console) as prog:
        bar = prog.add_task("tasks", total=args.n)
        report = generate_file(db, out, args.n, args.seed, templates=templates, workers=args.workers,
                               progress=lambda done, total: prog.update(bar, completed=done))
    _print_counts(report.tasks)
    drops = report.drops_by_reason()
    if drops:
        console.print("dropped: " + ", ".join(f"{r} {n:,}" for r, n in drops.most_common()))
    if report.skipped:
        t = RichTable(title=f"{len(report.skipped)} template(s) made no task")
        t.add_column("template", no_wrap=True)
        t.add_column("why", overflow="fold")
        for tid, why in sorted(report.skipped.items()):
            t.add_row(tid, why)
        console.print(t)
    for tid, err in sorted(report.errors.items()):
        console.print(f"[red]gold SQL error in {tid}[/]: {err}", highlight=False)
    rate = report.executed / report.elapsed_s if report.elapsed_s else 0.0
    console.print(f"[green]{len(report.tasks):,} tasks[/] written to {out} in {report.elapsed_s:.1f} s "
                  f"({report.executed:,} gold queries, {rate:,.0f}/s"
                  + (f"; {report.reused:,} reused from an interrupted run" if report.reused else "") + ")")
    if len(report.tasks) < args.n:
        console.print(f"[yellow]asked for {args.n:,}: this database supports only {len(report.tasks):,} distinct "
                      "tasks with these templates[/]")
    return 1 if report.errors else 0


def _print_counts(tasks) -> None:
    counts = Counter((t.intent, t.level, t.split) for t in tasks)
    t = RichTable(title=f"{len(tasks):,} tasks")
    t.add_column("intent")
    for lv in LEVELS:
        t.add_column(f"{lv} train", justify="right")
        t.add_column(f"{lv} test", justify="right")
    t.add_column("total", justify="right")
    for intent in INTENTS:
        row = [counts[(intent, lv, sp)] for lv in LEVELS for sp in SPLITS]
        t.add_row(intent, *(f"{n:,}" for n in row), f"{sum(row):,}")
    console.print(t)


def _dist(values: list[int]) -> list[str]:
    if not values:
        return ["0", "-", "-", "-", "-", "-"]
    qs = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return [f"{len(values):,}", f"{statistics.fmean(values):.2f}", f"{statistics.median(values):g}",
            f"{qs[0]:g}", f"{qs[-1]:g}", f"{min(values)}-{max(values)}"]


def cmd_stats(args: argparse.Namespace) -> int:
    from .complexity import KINDS

    path = args.tasks or _default_tasks()
    tf = read_tasks(path)
    for e in tf.errors[:10]:
        console.print(f"[yellow]skipped bad record[/] {e}", highlight=False)
    if len(tf.errors) > 10:
        console.print(f"[yellow]... and {len(tf.errors) - 10} more problem(s), {tf.bad_records:,} bad record(s) in all[/]")
    tasks = tf.tasks
    if not tasks:
        raise UserError(f"{path} holds no valid task")
    _print_counts(tasks)
    templates = defaultdict(set)
    for task in tasks:
        templates[(task.intent, task.level)].add(task.template_id)
    types = Counter(t.answer_type for t in tasks)
    console.print("templates: " + ", ".join(f"{i}/{lv} {len(templates[(i, lv)])}" for i in INTENTS for lv in LEVELS))
    console.print("answer types: " + ", ".join(f"{k} {n:,}" for k, n in types.most_common()))

    t = RichTable(title="SQL complexity (structural components per gold query)")
    for col in ("group", "tasks", "mean", "median", "p10", "p90", "range"):
        t.add_column(col, justify="left" if col == "group" else "right")
    t.add_row("all", *_dist([x.complexity_total for x in tasks]), style="bold")
    for intent in INTENTS:
        t.add_row(intent, *_dist([x.complexity_total for x in tasks if x.intent == intent]))
    for lv in LEVELS:
        t.add_row(f"{lv} level", *_dist([x.complexity_total for x in tasks if x.level == lv]))
    for sp in SPLITS:
        t.add_row(f"{sp} split", *_dist([x.complexity_total for x in tasks if x.split == sp]))
    console.print(t)

    k = RichTable(title="mean components per query, by kind")
    k.add_column("kind", no_wrap=True, min_width=len(max(KINDS, key=len)))
    k.add_column("all", justify="right")
    for intent in INTENTS:
        k.add_column(intent, justify="right")
    by_intent = {i: [x for x in tasks if x.intent == i] for i in INTENTS}

    def mean_kind(group, kind) -> str:
        return f"{statistics.fmean(x.complexity.get('breakdown', {}).get(kind, 0) for x in group):.2f}" if group else "-"
    for kind in KINDS:
        k.add_row(kind, mean_kind(tasks, kind), *(mean_kind(by_intent[i], kind) for i in INTENTS))
    console.print(k)
    return 0


def cmd_templates(args: argparse.Namespace) -> int:
    from . import intents

    splits = intents.splits()
    t = RichTable(title="question templates")
    for col in ("template", "split", "answer", "phrasings", "needs"):
        t.add_column(col, no_wrap=col == "template")
    shown = [x for x in intents.all_templates() if not args.intent or x.intent in args.intent]
    for x in shown:
        t.add_row(x.id, splits[x.id], x.answer + (" (ordered)" if x.ordered else ""), str(len(x.questions)),
                  ", ".join(x.needs))
        if args.questions:
            for q in x.questions:
                t.add_row("", "", "", q, "")
    console.print(t)
    per_cat = Counter(x.category for x in shown)
    console.print(f"{len(shown)} templates: " + ", ".join(f"{c} {n}" for c, n in sorted(per_cat.items())))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    tf = read_tasks(args.tasks)
    for e in tf.errors:
        console.print(f"[red]bad record[/] {e}", highlight=False)
    console.print(f"{len(tf.tasks):,} valid task(s), {tf.bad_records:,} bad record(s) in {args.tasks}")
    return 1 if tf.errors else 0


def cmd_cost_schedule(args: argparse.Namespace) -> int:
    import duckdb

    from . import cost

    if args.show:
        console.print(cost.describe(), highlight=False)
        return 0
    db = args.db or paths.default_db()
    if not db.exists():
        raise UserError(f"database {db} does not exist: build one with `ehr-tui db synth` or `ehr-tui db import`")
    try:
        con = duckdb.connect(str(db))
    except duckdb.Error as e:
        raise UserError(f"cannot open {db} for writing ({str(e).splitlines()[0]}): close other programs using it "
                        "and try again") from None
    try:
        counts = cost.install_cost_schedule(con)
    except duckdb.CatalogException:
        raise UserError(f"{db} is not a MIMIC-IV database (no mimiciv_hosp tables): build one with "
                        "`ehr-tui db synth` or `ehr-tui db import`") from None
    finally:
        con.close()
    console.print(f"cost schedule v{cost.VERSION} written to {db}: "
                  + ", ".join(f"{cost.SCHEMA}.{k} {n:,} rows" for k, n in counts.items()))
    return 0
