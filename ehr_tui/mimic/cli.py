"""`ehr-tui db ...`: build, import and describe MIMIC-IV databases."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from .. import paths
from . import metadata

console = Console()
_STATUS_STYLE = {"loaded": "green", "skipped": "cyan", "missing": "yellow", "failed": "bold red"}


def register(sub: argparse._SubParsersAction) -> None:
    from .synthetic import CHUNK_PATIENTS, DEFAULT_MEMORY_LIMIT, DEFAULT_PATIENTS, DEFAULT_THREADS, MAX_PATIENTS

    db = sub.add_parser("db", help="build, import and inspect MIMIC-IV databases",
                        description="Build, import and inspect MIMIC-IV DuckDB databases.")
    dsub = db.add_subparsers(dest="db_command", metavar="DB_COMMAND", required=True)

    imp = dsub.add_parser(
        "import", help="import a PhysioNet MIMIC-IV download (hosp/, icu/ csv.gz) into DuckDB",
        description=(
            "Import a PhysioNet MIMIC-IV download folder (hosp/*.csv.gz, icu/*.csv.gz; plain .csv too) "
            "into a DuckDB file with the official column types. Each table loads in its own transaction: "
            "a missing or corrupt file is reported and the other tables still load. Running the command "
            "again skips tables whose file is unchanged, so an interrupted import resumes. Event tables are "
            "stored sorted by patient, admission and time, so patient-level queries stay fast at full scale."
        ),
    )
    imp.add_argument("path", type=Path, help="the download folder (holding hosp/ and icu/)")
    imp.add_argument("--db", type=Path, help="DuckDB file to write (default: HOME/mimic-iv-SOURCE.duckdb)")
    imp.add_argument("--table", action="append", dest="tables", metavar="NAME",
                     help="import only this table (repeatable)")
    imp.add_argument("--force", action="store_true", help="re-import tables even if their file is unchanged")
    imp.add_argument("--source", choices=metadata.SOURCES,
                     help="what the data is (default: detected; anything not recognisably the demo counts as "
                          "credentialed, which the privacy guard protects)")
    imp.add_argument("--mimic-version", dest="mimic_version", metavar="X.Y",
                     help="MIMIC-IV version (default: from the folder name, e.g. mimic-iv-2.2)")
    imp.add_argument("--memory-limit", dest="memory_limit", default=DEFAULT_MEMORY_LIMIT, metavar="SIZE",
                     help=f"DuckDB memory limit, e.g. 1GB or 512MB (default: {DEFAULT_MEMORY_LIMIT}); sorting a big "
                          "table by patient spills to a folder beside the file beyond the limit")
    imp.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                     help=f"DuckDB threads (default: {DEFAULT_THREADS}, the cores up to 4); the data do not depend on it")
    imp.set_defaults(func=cmd_import)

    syn = dsub.add_parser(
        "synth", help="build the deterministic synthetic MIMIC-IV database",
        description=(
            "Build a deterministic synthetic database with the real MIMIC-IV schema (all 31 hosp+icu "
            "tables), generated inside DuckDB: real code vocabularies (built in, or the dictionaries of a "
            "MIMIC-IV download with --vocab), coherent keys and times, MIMIC-style date shifting. The same "
            "--patients and --seed give the same data. The file is written under a temporary name and "
            "renamed when complete."
        ),
    )
    syn.add_argument("--db", type=Path, help="DuckDB file to write (default: HOME/synthetic.duckdb)")
    syn.add_argument("--patients", type=int, default=None, metavar="N",
                     help=f"number of patients, 1 to {MAX_PATIENTS:,} (default: {DEFAULT_PATIENTS:,}, "
                          "built in seconds)")
    syn.add_argument("--seed", type=int, default=0, metavar="S",
                     help="random seed; the same N and S give the same data (default: 0)")
    syn.add_argument("--vocab", type=Path, metavar="DIR",
                     help="take d_icd_*, d_labitems and d_items from this MIMIC-IV folder (e.g. the demo) "
                          "instead of the built-in vocabulary")
    syn.add_argument("--memory-limit", dest="memory_limit", default=DEFAULT_MEMORY_LIMIT, metavar="SIZE",
                     help=f"DuckDB memory limit, e.g. 1GB or 512MB (default: {DEFAULT_MEMORY_LIMIT}); patients are "
                          f"generated {CHUNK_PATIENTS:,} at a time and DuckDB spills beside the file beyond the limit")
    syn.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                     help=f"DuckDB threads (default: {DEFAULT_THREADS}, the cores up to 4); the data do not depend on it")
    syn.add_argument("--file-order", dest="file_order", action="store_true",
                     help="store labevents, emar, chartevents and the other big event tables in the row order of "
                          "the PhysioNet files (time order, patients interleaved) instead of grouped by patient, "
                          "so benchmarks do not profit from a perfect sort; same content")
    syn.add_argument("--force", action="store_true",
                     help="replace --db even where it holds imported MIMIC-IV data or another file (refused "
                          "without it)")
    syn.set_defaults(func=cmd_synth)

    cmp = dsub.add_parser(
        "compare", help="compare the marginals of two MIMIC-IV databases side by side",
        description=(
            "Print the marginals of two MIMIC-IV DuckDB databases side by side with their ratio B/A: rows per "
            "patient, admission or ICU stay of every event table, code diversity and concentration (on the same "
            "number of admissions on both sides), value distributions of common labs, length of stay, mortality "
            "and demographic shares. E.g. `ehr-tui db compare demo.duckdb synthetic.duckdb`."
        ),
    )
    cmp.add_argument("a", type=Path, metavar="A", help="the reference database (e.g. an import of the demo)")
    cmp.add_argument("b", type=Path, metavar="B", help="the database measured against it")
    cmp.add_argument("--within", type=float, default=None, metavar="FRACTION",
                     help="exit 1 unless every marginal measurable on both is within this fraction of A's "
                          "(e.g. 0.2 for 20%%)")
    cmp.add_argument("--json", action="store_true", help="print the marginals as JSON lines instead of a table")
    cmp.set_defaults(func=cmd_compare)

    info = dsub.add_parser("info", help="show what a database holds (source, version, row counts)")
    info.add_argument("--db", type=Path, help="DuckDB file (default: HOME/synthetic.duckdb)")
    info.set_defaults(func=cmd_info)


def _progress() -> Progress:
    return Progress(TextColumn("{task.description:<34}"), BarColumn(), TaskProgressColumn(),
                    TimeElapsedColumn(), console=console, transient=False)


def cmd_import(args: argparse.Namespace) -> int:
    from .importer import detect_source, import_mimic

    source = args.source or (detect_source(args.path)[0] if args.path.is_dir() else "credentialed")
    db = args.db or paths.home() / f"mimic-iv-{source}.duckdb"
    bars: dict[str, int] = {}
    with _progress() as prog:
        def bar(table: str) -> int:
            if table not in bars:
                bars[table] = prog.add_task(table, total=1.0)
            return bars[table]

        def progress(table: str, frac: float) -> None:
            prog.update(bar(table), completed=frac)

        def done(res) -> None:
            prog.update(bar(res.table), completed=1.0,
                        description=f"[{_STATUS_STYLE[res.status]}]{res.table}[/]")
        report = import_mimic(args.path, db, tables=args.tables, force=args.force, source=args.source,
                              version=args.mimic_version, progress=progress, on_table_done=done,
                              memory_limit=args.memory_limit, threads=args.threads)

    t = RichTable(title=f"{db} ({report.source} MIMIC-IV {report.version})")
    t.add_column("table", no_wrap=True)
    t.add_column("status")
    t.add_column("rows", justify="right")
    t.add_column("seconds", justify="right")
    t.add_column("note", overflow="fold")
    for r in report.results:
        t.add_row(r.table, f"[{_STATUS_STYLE[r.status]}]{r.status}[/]", f"{r.rows:,}", f"{r.seconds:.1f}", r.message)
    console.print(t)
    if report.missing:
        console.print(f"[yellow]{len(report.missing)} table(s) missing from the download; they exist empty.[/]")
    if report.failed:
        console.print(f"[red]{len(report.failed)} table(s) failed to load; the others are in {db}. "
                      "Fix or re-download those files and run the same command again.[/]")
        return 1
    return 0


def cmd_synth(args: argparse.Namespace) -> int:
    from .synthetic import DEFAULT_PATIENTS, build_synthetic, check_args

    db = args.db or paths.default_db()
    patients = DEFAULT_PATIENTS if args.patients is None else args.patients
    check_args(db, patients, args.seed, args.vocab, args.memory_limit, args.threads, force=args.force)
    with _progress() as prog:
        task = prog.add_task("synthetic MIMIC-IV", total=1.0)
        info = build_synthetic(db, patients=patients, seed=args.seed, vocab=args.vocab,
                               memory_limit=args.memory_limit, threads=args.threads, file_order=args.file_order,
                               progress=lambda step, frac: prog.update(task, completed=frac, description=step))
    print_db_summary(db, info)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    import json

    from ..errors import UserError
    from .compare import compare

    if args.within is not None and not 0 < args.within < 10:
        raise UserError(f"--within must be a fraction such as 0.2 (got {args.within})")
    marginals = compare(args.a, args.b)
    if args.json:
        for m in marginals:
            console.print_json(json.dumps({"group": m.group, "name": m.name, "a": m.a, "b": m.b, "ratio": m.ratio,
                                           "note": m.note}), indent=None)
    else:
        t = RichTable(title=f"A = {args.a}   B = {args.b}")
        t.add_column("marginal", overflow="fold")
        for c in ("A", "B", "B / A"):
            t.add_column(c, justify="right", no_wrap=True)
        group = None
        for m in marginals:
            if m.group != group:
                if group is not None:
                    t.add_section()
                group = m.group
                notes = {x.note for x in marginals if x.group == group and x.note.startswith("on ")}
                t.add_row(f"[bold]{group}[/]" + (f" [dim]({notes.pop()})[/]" if len(notes) == 1 else ""))
            r = m.ratio
            off = args.within is not None and m.within(args.within) is False
            ratio = "-" if r is None else (f"[bold red]{r:.2f}[/]" if off else f"{r:.2f}")
            note = f" [dim]({m.note})[/]" if m.note and not m.note.startswith("on ") else ""
            t.add_row(m.name + note, _fmt(m.a), _fmt(m.b), ratio)
        console.print(t)
    if args.within is None:
        return 0
    off = [m for m in marginals if m.within(args.within) is False]
    console.print(f"{len(off)} of {sum(m.ratio is not None for m in marginals)} marginals off by more than "
                  f"{args.within:.0%}" + (": " + ", ".join(m.name for m in off) if off else ""))
    return 1 if off else 0


def _fmt(v: float | None) -> str:
    if v is None:
        return "-"
    return f"{v:,.0f}" if abs(v) >= 1000 else f"{v:.3g}"


def cmd_info(args: argparse.Namespace) -> int:
    print_db_summary(args.db or paths.default_db())
    return 0


def print_db_summary(db: str | Path, info: metadata.DbInfo | None = None) -> None:
    info = info or metadata.read_info(db)
    t = RichTable(title=f"{info.path}: {info.source} MIMIC-IV {info.version}")
    t.add_column("table")
    t.add_column("rows", justify="right")
    for name, n in info.row_counts.items():
        t.add_row(name, f"{n:,}")
    console.print(t)
    total = sum(info.row_counts.values())
    console.print(f"{len(info.row_counts)} tables, {total:,} rows"
                  + (" [bold yellow](credentialed: PhysioNet data use agreement applies)[/]" if info.restricted else ""))
