"""SQL sandbox overhead vs raw DuckDB on the same queries, same run.

Baseline: a plain read-only DuckDB connection running each query and fetching
every row (on a byte copy of the database, since DuckDB refuses two
connections with different settings to one file).

1. The in-process sandbox (trusted SQL: generator, console): the statement check, the locked
   connection, the timeout timer and the capped fetch. Goal ≤ 1.1×.
2. The confined query process (the agent's SQL): the same plus a pipe round trip to a worker
   process under namespaces, Landlock and seccomp, and the result as Arrow IPC. Goal ≤ 1.2× on
   the demo's queries, ≤ 1.05× on queries over 10 ms (the --scale rows whose raw time is over 10 ms; the demo's tables
   repeated to make each query slower than 10 ms).
3. A capped SELECT * with its true row count, against a raw capped fetch (fetchmany of the
   cap, no count). Goal ≤ 1.5×.

    .venv/bin/python bench/bench_sandbox.py [--repeat 15] [--blocks 3] [--db FILE]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEMO_DIR, console, interleaved, interleaved_rounds, paired_ratio, report  # noqa: E402

from ehr_tui.mimic.importer import import_mimic  # noqa: E402
from ehr_tui.mimic.confined_sql import ConfinedSqlSandbox  # noqa: E402
from ehr_tui.mimic.sandbox import SqlSandbox, check_statement  # noqa: E402

QUERIES = {
    "count": "SELECT count(*) FROM mimiciv_hosp.admissions",
    "lab join + filter": """
        SELECT d.label, count(*) AS n, avg(l.valuenum) AS mean
        FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d USING (itemid)
        WHERE l.flag = 'abnormal' GROUP BY d.label ORDER BY n DESC LIMIT 10""",
    "readmission CTE + window": """
        WITH a AS (
          SELECT subject_id, hadm_id, admittime, dischtime,
                 lead(admittime) OVER (PARTITION BY subject_id ORDER BY admittime) AS next_admit
          FROM mimiciv_hosp.admissions)
        SELECT count(*) FILTER (WHERE next_admit <= dischtime + INTERVAL 30 DAY) * 1.0 / count(*) FROM a""",
    "diagnosis lookup by name": """
        SELECT count(DISTINCT di.subject_id) FROM mimiciv_hosp.diagnoses_icd di
        JOIN mimiciv_hosp.d_icd_diagnoses dd ON di.icd_code = dd.icd_code AND di.icd_version = dd.icd_version
        WHERE lower(dd.long_title) LIKE '%hypertension%'""",
    "patient timeline": """
        SELECT p.subject_id, a.hadm_id, a.admittime, i.stay_id, i.los
        FROM mimiciv_hosp.patients p JOIN mimiciv_hosp.admissions a USING (subject_id)
        LEFT JOIN mimiciv_icu.icustays i USING (hadm_id) ORDER BY p.subject_id, a.admittime""",
    "wide scan (capped at 1000 rows)": "SELECT * FROM mimiciv_hosp.labevents WHERE valuenum > 5",
}
CAPPED = "wide scan (capped at 1000 rows)"
CAP = 1000
CAPPED_SELECTS = {
    "SELECT * labevents": "SELECT * FROM mimiciv_hosp.labevents",
    "SELECT * labevents, filtered": "SELECT * FROM mimiciv_hosp.labevents WHERE valuenum > 5",
    "SELECT * emar": "SELECT * FROM mimiciv_hosp.emar",
}


def _fmt(t: float) -> str:
    return f"{t * 1e3:.2f} ms"


def confined_rounds(db: Path, raw, repeat: int, queries: dict[str, str], label: str,
                    over_s: float = 0.0, blocks: int = 1) -> tuple[list, float, float, list[float]]:
    """Rows of the table, and over the uncapped queries whose raw time exceeds ``over_s`` (the > 10 ms goal
    is about those: a fixed ~0.8 ms round trip is most of a 1 ms query) the summed raw medians, the
    confined time those imply (each query's raw median times its paired ratio) and the same sum's ratio in
    each block.

    Each confined run is paired with the raw run beside it (order alternating) and a query's ratio is the
    median of the pairs' ratios: on this 2-core VM one query's raw time moves between two levels (33 and
    51 ms for the diagnosis lookup) in spells of a second or two, so two medians taken over the same runs
    could each fall in another spell (0.73x to 1.1x from one run of the bench to the next). ``blocks``:
    the pairs are taken in that many blocks, each with a fresh query process, and pooled (one process
    can spend a whole block on the slower of the two cores)."""
    pairs: dict[str, tuple[list, list]] = {name: ([], []) for name in queries}
    for _ in range(blocks):
        with ConfinedSqlSandbox(db, threads=2, processes=1, max_rows=CAP) as conf:
            conf.start()
            for name, q in queries.items():
                assert conf.execute(q).ok, name
                raw_runs, conf_runs = interleaved_rounds([lambda: raw.execute(q).fetchall(),
                                                          lambda: conf.execute(q)], repeat, alternate=True)
                pairs[name][0].extend(raw_runs)
                pairs[name][1].extend(conf_runs)
    counted = [name for name, (raw_runs, _) in pairs.items() if name != CAPPED and statistics.median(raw_runs) > over_s]

    def summed(part: slice) -> tuple[float, float]:  # the counted queries' raw medians, and times their ratios
        t = {name: statistics.median(pairs[name][0][part]) for name in counted}
        return sum(t.values()), sum(t[name] * paired_ratio(pairs[name][1][part], pairs[name][0][part])
                                    for name in counted)

    tot_raw, tot_c = summed(slice(None))
    per_block = [c / r if r else 1.0 for r, c in (summed(slice(b * repeat, (b + 1) * repeat)) for b in range(blocks))]
    rows = []
    for name, (raw_runs, conf_runs) in pairs.items():
        rows.append((f"{name}{label}" + ("" if name in counted or not over_s else " (under 10 ms: not summed)"),
                     _fmt(statistics.median(raw_runs)), _fmt(statistics.median(conf_runs)),
                     f"{paired_ratio(conf_runs, raw_runs):.2f}×"))
    return rows, tot_raw, tot_c, per_block


def scaled_copy(src: Path, dst: Path, factor: int) -> None:
    """The database with its event tables repeated ``factor`` times, so queries take over 10 ms."""
    shutil.copy(src, dst)
    con = duckdb.connect(str(dst))
    for t in ("labevents", "admissions", "diagnoses_icd", "emar"):
        con.execute(f"CREATE OR REPLACE TABLE mimiciv_hosp.{t} AS SELECT * EXCLUDE (r) FROM "
                    f"mimiciv_hosp.{t}, range({factor}) AS g(r) ORDER BY subject_id")
    con.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--scale", type=int, default=40, help="event-table repetitions for the > 10 ms queries")
    ap.add_argument("--blocks", type=int, default=3, help="blocks of --repeat pairs for the confined query "
                                                          "process, each with a fresh one (pooled)")
    ap.add_argument("--no-confined", action="store_true", help="only the in-process sandbox")
    ap.add_argument("--db", type=Path, help="run on this MIMIC-IV database (copied) instead of the demo, "
                                            "e.g. the synthetic default or a full import")
    args = ap.parse_args()
    if args.db is None and not (DEMO_DIR / "hosp").is_dir():
        console.print(f"[yellow]skipped: {DEMO_DIR} not found (or pass --db)[/]")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        if args.db is None:
            import_mimic(DEMO_DIR, db)
            db_label = "the MIMIC-IV demo"
        else:
            shutil.copy(args.db, db)
            db_label = str(args.db)
        copy = Path(tmp) / "copy.duckdb"
        shutil.copy(db, copy)
        raw = duckdb.connect(str(copy), read_only=True, config={"threads": 2})
        sb = SqlSandbox(db, threads=2)
        rows, tot_raw, tot_sb, tot_seen = [], 0.0, 0.0, 0.0
        for name, q in QUERIES.items():
            assert sb.execute(q).ok
            def first_time():  # the statement check's cache emptied: a statement never seen before
                check_statement.cache_clear()
                sb.execute(q)

            t_raw, t_sb, t_seen = interleaved(
                [lambda: raw.execute(q).fetchall(), first_time, lambda: sb.execute(q)], args.repeat)
            if name != CAPPED:  # the capped scan gains from the row cap; keep it out of the overhead figure
                tot_raw, tot_sb, tot_seen = tot_raw + t_raw, tot_sb + t_sb, tot_seen + t_seen
            rows.append((name, f"{t_raw * 1e3:.2f} ms", f"{t_sb * 1e3:.2f} ms", f"{t_sb / t_raw:.2f}×",
                         f"{t_seen * 1e3:.2f} ms", f"{t_seen / t_raw:.2f}×"))
        rows.append(("all uncapped queries", f"{tot_raw * 1e3:.2f} ms", f"{tot_sb * 1e3:.2f} ms",
                     f"{tot_sb / tot_raw:.2f}×", f"{tot_seen * 1e3:.2f} ms", f"{tot_seen / tot_raw:.2f}×"))
        confined = None
        if not args.no_confined:
            demo_part = confined_rounds(db, raw, args.repeat, QUERIES, "", blocks=args.blocks)
            caprows, cap_ok = [], True
            with ConfinedSqlSandbox(db, threads=2, processes=1, max_rows=CAP) as conf:
                for name, q in CAPPED_SELECTS.items():
                    n = conf.execute(q).row_count
                    t_raw, t_sb, t_c = interleaved([lambda: raw.execute(q).fetchmany(CAP),
                                                    lambda: sb.execute(q, max_rows=CAP),
                                                    lambda: conf.execute(q)], args.repeat)
                    cap_ok = cap_ok and t_c / t_raw <= 1.5
                    caprows.append((name, f"{n:,}", _fmt(t_raw), _fmt(t_sb), f"{t_sb / t_raw:.2f}×", _fmt(t_c),
                                    f"{t_c / t_raw:.2f}×"))
            raw.close()
            sb.close()
            big = Path(tmp) / "scaled.duckdb"
            scaled_copy(db, big, args.scale)
            big_copy = Path(tmp) / "scaled-copy.duckdb"
            shutil.copy(big, big_copy)
            raw = duckdb.connect(str(big_copy), read_only=True, config={"threads": 2})
            slow = {k: v for k, v in QUERIES.items() if k != CAPPED}
            srows, s_raw, s_tot, blocks = confined_rounds(big, raw, args.repeat, slow, f" ×{args.scale}",
                                                          over_s=0.010, blocks=args.blocks)
            raw.close()
            confined = (demo_part, (srows, s_raw, s_tot, blocks), caprows, cap_ok)
    report(f"in-process sandbox vs raw DuckDB on {db_label} (median of {args.repeat} interleaved runs)", rows,
           ("query", "raw DuckDB", "sandbox, new statement", "ratio", "sandbox, statement seen before", "ratio"))
    console.print(f"goal ≤ 1.1× over the uncapped set, new statements: "
                  f"{'met' if tot_sb / tot_raw <= 1.1 else 'NOT met'}; seen before: "
                  f"{'met' if tot_seen / tot_raw <= 1.1 else 'NOT met'}. The fixed cost of a new statement is "
                  "the sqlglot check (0.2-2 ms, growing with the statement); it matters only on queries "
                  "as small as the demo's.")
    if confined is not None:
        (crows, c_raw, c_tot, c_blocks), (srows, s_raw, s_tot, blocks), caprows, cap_ok = confined
        report(f"confined query process (agent SQL) vs raw DuckDB ({args.repeat} interleaved pairs, order alternating: "
               "times are medians, a ratio the median of the pairs' ratios; a sum's confined time is the raw "
               "medians times those ratios)",
               crows + srows + [("all uncapped, demo", _fmt(c_raw), _fmt(c_tot), f"{c_tot / c_raw:.2f}×"),
                                (f"×{args.scale} queries over 10 ms", _fmt(s_raw), _fmt(s_tot),
                                 f"{s_tot / s_raw:.2f}×")],
               ("query", "raw DuckDB", "confined", "ratio"))
        console.print(f"goal ≤ 1.2× on the demo: {'met' if c_tot / c_raw <= 1.2 else 'NOT met'} "
                      f"({c_tot / c_raw:.2f}×; blocks {', '.join(f'{b:.2f}×' for b in c_blocks)}); ≤ 1.05× on "
                      "queries over 10 ms: "
                      f"{'met' if s_tot / s_raw <= 1.05 else 'NOT met'} ({s_tot / s_raw:.2f}×; the {len(blocks)} "
                      f"blocks of {args.repeat} pairs, each with a fresh query process: "
                      f"{', '.join(f'{b:.2f}×' for b in blocks)})")
        report(f"capped SELECT * ({CAP:,} rows shown, true count) vs a raw capped fetch (fetchmany({CAP}), no "
               "count)", caprows, ("query", "rows", "raw capped fetch", "in-process sandbox", "ratio", "confined",
                                   "ratio"))
        console.print(f"goal ≤ 1.5× (confined, the agent's path): {'met' if cap_ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
