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
    from .workdb import DEFAULT_MEMORY_LIMIT, DEFAULT_THREADS

    tasks = sub.add_parser("tasks", help="generate and inspect benchmark tasks",
                           description="Generate and inspect the EHR benchmark: natural-language questions in six "
                                       "clinical intents with gold SQL, gold answers and complexity scores.")
    tsub = tasks.add_subparsers(dest="tasks_command", metavar="TASKS_COMMAND", required=True)

    gen = tsub.add_parser(
        "generate", help="sample tasks from a database and run their gold SQL",
        description=(
            "Sample template parameters from the database (real patients, codes and items present in it), compute "
            "every gold answer set-based (one grouped query answers many tasks of a template; each task's own gold "
            "SQL is stored and re-checked on a sample), ask it again with tied rows in the opposite order and rounding "
            "midpoints probed (SQL those checks cannot rewrite is re-run under another thread count and row "
            "order), and keep tasks with a unique, non-empty, reproducible answer, balanced so that no answer "
            "value holds more than half of a template's tasks. The same database and --seed give the same file, "
            "and the file for --n N begins with the file for fewer. Interrupted runs resume: finished work is kept "
            "in OUT.partial and reused when the same command runs again. OUT.report.json records what was dropped "
            "and why (`tasks stats` and `tasks card` read it) and, slowest first, the seconds each template's "
            "queries took (on a large database, the templates to leave out with --skip-template)."),
    )
    gen.add_argument("--db", type=Path, help="DuckDB database (default: HOME/synthetic.duckdb)")
    gen.add_argument("--n", type=int, default=1000, help="number of tasks to generate (default: %(default)s)")
    gen.add_argument("--seed", type=int, default=0, help="sampling seed (default: %(default)s)")
    gen.add_argument("-o", "--out", type=Path, help="output JSONL (default: HOME/tasks/tasks.jsonl)")
    gen.add_argument("--intent", action="append", choices=INTENTS, help="only this intent (repeatable)")
    gen.add_argument("--template", action="append", metavar="ID", help="only this template id (repeatable)")
    gen.add_argument("--skip-template", dest="skip_template", action="append", metavar="ID",
                     help="leave this template id out (repeatable; OUT.report.json lists the slowest first)")
    gen.add_argument("--split", choices=SPLITS, help="only templates of this split")
    gen.add_argument("--workers", type=int, help="templates worked on in parallel (default: the CPUs, 2 to 8)")
    gen.add_argument("--memory-limit", dest="memory_limit", default=DEFAULT_MEMORY_LIMIT, metavar="SIZE",
                     help=f"DuckDB memory limit, e.g. 1GB or 512MB (default: {DEFAULT_MEMORY_LIMIT}); DuckDB spills "
                          "to a private temporary folder beyond it")
    gen.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                     help=f"DuckDB threads (default: {DEFAULT_THREADS}, the cores up to 4); the tasks do not depend "
                          "on it (ties are broken both ways, floats compared at 12 significant digits)")
    gen.set_defaults(func=cmd_generate)

    st = tsub.add_parser("stats", help="counts, answer balance, the split and the complexity distribution",
                         description="Counts of a task file by intent, level and split; answer types; answer "
                                     "balance per template (the most common answer's share, boolean yes/no); the "
                                     "train/test split and its leak check (gold-SQL shapes on both sides); SQL "
                                     "complexity on the pruned gold SQL (and as written) overall, by intent and by "
                                     "component kind; the generation's drop reasons when OUT.report.json is there.")
    st.add_argument("--templates", action="store_true", help="list the balance of every template, not only the "
                                                               "worst ones")
    st.add_argument("tasks", type=Path, nargs="?", help="tasks JSONL (default: HOME/tasks/tasks.jsonl)")
    st.set_defaults(func=cmd_stats)

    cd = tsub.add_parser("card", help="the benchmark's datasheet (Markdown), generated from a tasks file",
                         description="Write the datasheet of a tasks file: intents and templates, the conventions "
                                     "agents are told, the split, complexity, answer balance, drop reasons and "
                                     "known limitations, all computed from the file (and its OUT.report.json), so "
                                     "it stays true for the file you publish.")
    cd.add_argument("tasks", type=Path, nargs="?", help="tasks JSONL (default: HOME/tasks/tasks.jsonl)")
    cd.add_argument("-o", "--out", type=Path, help="write the Markdown here (default: print it)")
    cd.set_defaults(func=cmd_card)

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
    from .gold import DROP_REASONS
    from .generate import generate_file, report_path, select_templates
    from .workdb import check_limits

    db = args.db or paths.default_db()
    out = args.out or _default_tasks()
    if args.n < 1:
        raise UserError(f"--n must be at least 1 (got {args.n})")
    if args.workers is not None and args.workers < 1:
        raise UserError(f"--workers must be at least 1 (got {args.workers})")
    check_limits(args.memory_limit, args.threads)
    templates = select_templates(args.template, args.intent, args.split, skip=args.skip_template)
    if not templates:
        raise UserError("no template matches the given --intent / --template / --skip-template / --split filters")
    with Progress(TextColumn("generating tasks"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console) as prog:
        bar = prog.add_task("tasks", total=args.n)
        report = generate_file(db, out, args.n, args.seed, templates=templates, workers=args.workers,
                               threads=args.threads, memory_limit=args.memory_limit,
                               progress=lambda done, total: prog.update(bar, completed=done))
    _print_counts(report.tasks)
    drops = report.drops_by_reason()
    if drops:
        d = RichTable(title=f"{sum(drops.values()):,} candidate(s) dropped")
        d.add_column("reason", no_wrap=True)
        d.add_column("n", justify="right")
        d.add_column("meaning", overflow="fold")
        for r, k in drops.most_common():
            d.add_row(r, f"{k:,}", DROP_REASONS.get(r, ""))
        console.print(d)
    if report.skipped:
        t = RichTable(title=f"{len(report.skipped)} template(s) made no task")
        t.add_column("template", no_wrap=True)
        t.add_column("why", overflow="fold")
        for tid, why in sorted(report.skipped.items()):
            t.add_row(tid, why)
        console.print(t)
    for tid, err in sorted(report.errors.items()):
        console.print(f"[red]gold SQL error in {tid}[/]: {err}", highlight=False)
    modes = Counter(report.modes.get(t.id, "grouped") for t in templates if t.id not in report.skipped)
    rate = len(report.tasks) / report.elapsed_s if report.elapsed_s else 0.0
    console.print(f"[green]{len(report.tasks):,} tasks[/] written to {out} in {report.elapsed_s:.1f} s "
                  f"({rate:,.0f} tasks/s; {report.executed:,} gold queries, {report.validated:,} tasks re-checked "
                  f"with their own SQL; {report.candidate_queries} distinct candidate queries"
                  + (f"; {report.reused:,} reused from an interrupted run" if report.reused else "") + ")",
                  highlight=False)
    console.print("templates run " + ", ".join(f"{m} {k}" for m, k in modes.most_common())
                  + f"; drop reasons and modes per template in {report_path(out)}", highlight=False)
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


def _read(path: Path):
    tf = read_tasks(path)
    for e in tf.errors[:10]:
        console.print(f"[yellow]skipped bad record[/] {e}", highlight=False)
    if len(tf.errors) > 10:
        console.print(f"[yellow]... and {len(tf.errors) - 10} more problem(s), {tf.bad_records:,} bad record(s) in all[/]")
    if not tf.tasks:
        raise UserError(f"{path} holds no valid task")
    return tf.tasks


def cmd_stats(args: argparse.Namespace) -> int:
    from . import stats
    from .complexity import KINDS
    from .generate import read_report

    path = args.tasks or _default_tasks()
    tasks = _read(path)
    _print_counts(tasks)
    templates = defaultdict(set)
    for task in tasks:
        templates[(task.intent, task.level)].add(task.template_id)
    types = Counter(t.answer_type for t in tasks)
    console.print("templates: " + ", ".join(f"{i}/{lv} {len(templates[(i, lv)])}" for i in INTENTS for lv in LEVELS)
                  + f" ({sum(len(v) for v in templates.values())} in all)")
    console.print("answer types: " + ", ".join(f"{k} {n:,}" for k, n in types.most_common()))

    t = RichTable(title="SQL complexity: components per gold query after pruning unused columns and CTEs "
                        "(as written beside it)")
    for col in ("group", "tasks", "mean", "median", "p10", "p90", "range", "as written"):
        t.add_column(col, justify="left" if col == "group" else "right")
    for name, d in stats.complexity_groups(tasks):
        if d is None:
            continue
        t.add_row(name, f"{d.n:,}", f"{d.mean:.2f}", f"{d.median:g}", f"{d.p10:g}", f"{d.p90:g}",
                  f"{d.low}-{d.high}", "-" if d.written_mean is None else f"{d.written_mean:.2f}",
                  style="bold" if name == "all" or name in INTENTS else None)
    console.print(t)
    console.print("pruned complexity histogram: " + ", ".join(f"{b} {n:,}" for b, n in stats.histogram(tasks)))

    k = RichTable(title="mean components per query, by kind (pruned)")
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

    _print_balance(stats.balance(tasks), args.templates)
    _print_split(stats.split_report(tasks))
    rep = read_report(path)
    if rep and rep.get("drop_reasons"):
        from .gold import DROP_REASONS
        console.print("dropped while generating: " + ", ".join(
            f"{r} {n:,}" for r, n in rep["drop_reasons"].items()) + " (" + "; ".join(
            f"{r}: {DROP_REASONS[r]}" for r in rep["drop_reasons"] if r in DROP_REASONS) + ")", highlight=False)
    return 0


def _print_balance(rows, every: bool) -> None:
    from .stats import BALANCE_LIMIT, BALANCE_MIN_TASKS

    counted = [b for b in rows if b.tasks >= BALANCE_MIN_TASKS]
    over = [b for b in counted if b.over]
    booleans = [b for b in counted if b.boolean_true is not None]
    shown = rows if every else sorted(counted, key=lambda b: (-b.top_share, b.template_id))[:10]
    t = RichTable(title="answer balance: the most common answer value's share of a template's tasks"
                  + ("" if every else " (the 10 least balanced; --templates lists all)"))
    for col in ("template", "tasks", "top share", "top answer"):
        t.add_column(col, justify="right" if col in ("tasks", "top share") else "left",
                     no_wrap=col == "template", overflow="ellipsis", max_width=None if col != "top answer" else 30)
    for b in shown:
        t.add_row(b.template_id, str(b.tasks), f"{b.top_share:.0%}", b.top_value,
                  style="red" if b.over else None)
    console.print(t)
    worst = max((b.top_share for b in counted), default=0.0)
    line = (f"balance: {len(over)} of {len(counted)} templates with >= {BALANCE_MIN_TASKS} tasks have one answer in "
            f"more than {BALANCE_LIMIT:.0%} of their tasks (worst {worst:.0%})")
    if booleans:
        yes = sum(b.boolean_true * b.tasks for b in booleans) / sum(b.tasks for b in booleans)
        line += (f"; boolean templates: {yes:.0%} yes overall, each between "
                 f"{min(b.boolean_true for b in booleans):.0%} and {max(b.boolean_true for b in booleans):.0%} yes")
    console.print(line, style="red" if over else None, highlight=False)


def _print_split(rep) -> None:
    t = RichTable(title="train/test split (by template family)")
    t.add_column("split")
    t.add_column("templates", justify="right")
    for i in INTENTS:
        t.add_column(i, justify="right")
    for sp in SPLITS:
        t.add_row(sp, str(len(rep.templates.get(sp, ()))),
                  *(f"{sum(rep.tasks[(i, lv, sp)] for lv in LEVELS):,}" for i in INTENTS))
    console.print(t)
    if rep.shared_shapes:
        console.print(f"[red]split leak: {len(rep.shared_shapes)} gold-SQL shape(s) occur in both splits[/], e.g. "
                      + "; ".join(f"{a} (train) ~ {b} (test)" for _, a, b in rep.shared_shapes[:3]), highlight=False)
    else:
        console.print("split check: no gold-SQL shape (literals, aggregates, directions and first/last markers "
                      "blanked) occurs in both splits", highlight=False)
    if rep.both_sides:
        console.print(f"[red]{len(rep.both_sides)} template(s) have tasks in both splits[/]: "
                      + ", ".join(rep.both_sides[:5]), highlight=False)


def cmd_card(args: argparse.Namespace) -> int:
    from .card import datasheet
    from .generate import read_report

    path = args.tasks or _default_tasks()
    tasks = _read(path)
    text = datasheet(tasks, path, read_report(path))
    if args.out:
        from ..fileio import atomic_output

        with atomic_output(args.out) as f:
            f.write(text)
        console.print(f"datasheet of {path} written to {args.out}", highlight=False)
    else:
        print(text, end="")
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
    if not tf.tasks and not tf.errors:
        console.print(f"[red]error:[/] {args.tasks} holds no task (an empty file is no benchmark)", highlight=False)
        return 1
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
