"""The app with 52K tasks: time to first paint and filter latency, against Textual's DataTable, same run.

Widget level (same rows already in memory, same headless 120x40 terminal):
- first paint: from app start until the first data row is drawn: VirtualTable (Line API over the
  rows) vs DataTable (add_rows of the same rows);
- filter latency: from applying a filter until the table has repainted: VirtualTable.set_view of
  TaskIndex.filter's indices vs DataTable clear + add_rows of the matching rows.
App level (absolute figures): `EhrApp` on a 52K-task JSONL file, from start until the task table
has painted its rows (reading and validating the file in a worker included), and a keystroke's
worth of search typed into the real search box until the repaint.

    .venv/bin/python bench/bench_app.py [--tasks 52000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import console, report  # noqa: E402

from textual.app import App  # noqa: E402
from textual.widgets import DataTable  # noqa: E402

from ehr_tui.mimic import metadata, schema  # noqa: E402
from ehr_tui.screens.task_index import UNRUN, TaskFilter, TaskIndex  # noqa: E402
from ehr_tui.screens.tasks import task_columns, task_row  # noqa: E402
from ehr_tui.tasks.model import INTENTS, LEVELS, Task, write_tasks  # noqa: E402
from ehr_tui.widgets.virtual_table import VirtualTable  # noqa: E402

SIZE = (120, 40)
FILTERS = {
    "search 'creatinine'": TaskFilter(text="creatinine"),
    "intent = labs": TaskFilter(intent="labs"),
    "complexity 20-40": TaskFilter(complexity=(20, 40)),
    "labs + patient + 'max' + 20-40": TaskFilter(text="max", intent="labs", level="patient",
                                                 complexity=(20, 40)),
    "clear (all rows back)": TaskFilter(),
}
_WORDS = {"demographics": ["age", "gender", "admissions", "readmitted", "died"],
          "vitals": ["heart rate", "blood pressure", "temperature", "weight", "urine output"],
          "medications": ["heparin", "insulin", "vancomycin", "prescribed", "infused"],
          "cost": ["DRG weight", "billed", "procedure fee", "HCPCS", "cost"],
          "labs": ["creatinine", "potassium", "glucose", "abnormal", "hemoglobin"],
          "diagnoses": ["sepsis", "heart failure", "ICD-10", "diabetes", "pneumonia"]}


def make_tasks(n: int) -> list[Task]:
    """n varied tasks across the six intents, both levels and complexity 3-62 (deterministic)."""
    tasks = []
    for i in range(n):
        intent, level = INTENTS[i % 6], LEVELS[(i // 6) % 2]
        word = _WORDS[intent][(i // 12) % 5]
        agg = ("max", "mean", "first", "last", "count")[(i // 60) % 5]
        q = (f"What was the {agg} {word} of patient {10_000_000 + i % 9_973} during admission {20_000_000 + i}?"
             if level == "patient" else
             f"Among patients aged {20 + i % 60} or more, what is the {agg} {word} in the {i % 30 + 1} days "
             "after admission?")
        cx = 3 + (i * 7919) % 60
        tasks.append(Task(id=f"{intent[:4]}-{level[:3]}-{i:06d}", intent=intent, level=level,
                          template_id=f"{intent}_{level}_{i % 66:02d}", split="train" if i % 13 else "test",
                          question=q, gold_sql=f"SELECT {i} AS answer", gold_answer=i, answer_type="number",
                          complexity={"total": cx, "breakdown": {"tables": 1, "predicates": cx - 1}}))
    return tasks


# --- paint probe: the time each table last drew a data row ----------------------------------------

PAINTS: dict[int, float] = {}


def _probe(cls) -> None:
    original = cls.render_line

    def render_line(self, y: int):
        strip = original(self, y)
        if y >= 1:
            PAINTS[id(self)] = time.perf_counter()
        return strip

    cls.render_line = render_line


_probe(VirtualTable)
_probe(DataTable)


async def painted_after(widget, t0: float, timeout: float = 600.0) -> float:
    while PAINTS.get(id(widget), 0.0) < t0:
        if time.perf_counter() - t0 > timeout:
            raise TimeoutError("no repaint")
        await asyncio.sleep(0.0005)
    return PAINTS[id(widget)] - t0


class VirtualApp(App):
    def __init__(self, rows) -> None:
        super().__init__()
        self.rows = rows

    def compose(self):
        yield VirtualTable(task_columns(16), self.rows)


class DataTableApp(App):
    def __init__(self, rows) -> None:
        super().__init__()
        self.rows = rows

    def compose(self):
        yield DataTable()

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        t.add_columns(*(c.label for c in task_columns(16)))
        t.add_rows(self.rows)


async def widget_bench(app_cls, rows, index: TaskIndex, repeat: int) -> tuple[float, dict[str, float]]:
    t0 = time.perf_counter()
    app = app_cls(rows)
    async with app.run_test(size=SIZE) as pilot:
        table = app.query_one(VirtualTable if app_cls is VirtualApp else DataTable)
        first = await painted_after(table, t0)
        await pilot.pause()
        latencies = {}
        for name, f in FILTERS.items():
            times = []
            for _ in range(repeat):
                await pilot.pause()
                t1 = time.perf_counter()
                view = index.filter(f)
                if isinstance(table, VirtualTable):
                    table.set_view(view)
                else:
                    table.clear()
                    table.add_rows(rows[i] for i in view)
                times.append(await painted_after(table, t1))
            latencies[name] = statistics.median(times)
    return first, latencies


def tiny_db(path: Path) -> Path:
    con = duckdb.connect(str(path))
    schema.create_schemas(con)
    metadata.set_meta(con, source="synthetic", version=schema.SCHEMA_VERSION, created=metadata.now_iso())
    con.close()
    return path


async def app_bench(db: Path, tasks_file: Path, repeat: int) -> tuple[float, dict[str, float]]:
    from ehr_tui.app import EhrApp
    from ehr_tui.screens.tasks import TasksScreen

    t0 = time.perf_counter()
    app = EhrApp(db, tasks=tasks_file, show_timings=False)
    async with app.run_test(size=SIZE) as pilot:
        while not (isinstance(app.screen, TasksScreen) and app.screen.query_one(VirtualTable).row_count):
            await asyncio.sleep(0.001)
        table = app.screen.query_one(VirtualTable)
        first = await painted_after(table, t0)
        box = app.screen.query_one("#task-search")
        await pilot.pause()
        typed = {}
        for text in ("c", "cr", "creat", "creatinine", ""):
            times = []
            for _ in range(repeat):
                box.value = "x"  # from another filter each time, so every run really refilters
                await pilot.pause()
                t1 = time.perf_counter()
                box.value = text
                times.append(await painted_after(table, t1))
            typed[repr(text)] = statistics.median(times)
        typed.update(await finetune_visits(app, pilot))
    return first, typed


async def finetune_visits(app, pilot) -> dict[str, float]:
    """Switching to the Fine-tune screen until its jobs list is painted: the first visit (its module
    imported and the screen built) and a later one. Target: under 300 ms each."""
    import sys

    out = {}
    assert "ehr_tui.screens.finetune" not in sys.modules, "the bench must see the first import"
    for label in ("first visit", "second visit"):
        t1 = time.perf_counter()
        await app.action_switch_mode("finetune")
        while type(app.screen).__name__ != "FinetuneScreen":
            await asyncio.sleep(0.0005)
        out[f"Fine-tune screen, {label} → jobs list painted (target < 300 ms)"] = await painted_after(
            app.screen.query_one("#ft-jobs"), t1)
        await pilot.pause()
        await app.action_switch_mode("tasks")
        await pilot.pause()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=52_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    tasks = make_tasks(args.tasks)
    index = TaskIndex(tasks)
    rows = [task_row(t, UNRUN) for t in tasks]
    console.print(f"{len(tasks):,} tasks; headless terminal {SIZE[0]}x{SIZE[1]}")

    vt_first, vt_filter = asyncio.run(widget_bench(VirtualApp, rows, index, args.repeat))
    dt_first, dt_filter = asyncio.run(widget_bench(DataTableApp, rows, index, args.repeat))
    table = [("first paint", f"{dt_first * 1000:,.0f} ms", f"{vt_first * 1000:,.0f} ms",
              f"{dt_first / vt_first:,.0f}× faster")]
    for name in FILTERS:
        d, v = dt_filter[name], vt_filter[name]
        table.append((f"filter: {name} ({len(index.filter(FILTERS[name])):,} rows)", f"{d * 1000:,.0f} ms",
                      f"{v * 1000:,.1f} ms", f"{d / v:,.0f}× faster"))
    report(f"Task table, {len(tasks):,} rows: DataTable (baseline) vs VirtualTable, same run", table,
           ("measure", "DataTable", "VirtualTable", "ratio"))

    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ["EHR_TUI_HOME"] = str(Path(tmp) / "home")
        tasks_file = Path(tmp) / "tasks.jsonl"
        write_tasks(tasks_file, tasks)
        db = tiny_db(Path(tmp) / "bench.duckdb")
        app_first, typed = asyncio.run(app_bench(db, tasks_file, args.repeat))
    rows_out = [("start → task table painted (reads and validates the JSONL)", f"{app_first * 1000:,.0f} ms")]
    rows_out += [(k if k.startswith("Fine-tune") else f"search box set to {k} → repainted", f"{v * 1000:,.1f} ms")
                 for k, v in typed.items()]
    report(f"The app (EhrApp) on a {len(tasks):,}-task file", rows_out, ("measure", "time"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
