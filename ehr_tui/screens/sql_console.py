"""SQL console: the 31-table schema tree, a query editor, the result table and a query history.

Every query goes through the app's read-only sandbox in a thread worker, so a
slow query never freezes the screen; the history is appended to a file as
each query runs, so it survives a crash.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Label, Static, TextArea, Tree

from .. import paths
from ..mimic import schema
from ..mimic.metadata import DbInfo
from ..mimic.sandbox import QueryResult
from ..widgets.nav_bar import NavBar
from ..widgets.result_table import ResultTable
from .base import Act, WorkbenchScreen, bindings
from .footer import WorkbenchFooter
from .picker import Choice, PickerScreen
from .schema_tree import (REF_CATALOG_SQL, RefColumn, RefTable, add_reference_schema, build_tree, insert_name,
                          node_doc, table_label)

HISTORY_KEEP = 500
EXPORT_TIMEOUT_S = 600.0  # an export the user asked for may take longer than an interactive query
DEFAULT_QUERY = "SELECT gender, count(*) AS patients\nFROM mimiciv_hosp.patients\nGROUP BY gender\nORDER BY gender"


def history_file() -> Path:
    return paths.home() / "sql_history.jsonl"


def read_history(path: Path | None = None) -> list[str]:
    """Past queries, oldest first, without repeats; unreadable lines are skipped."""
    path = path or history_file()
    if not path.is_file():
        return []
    out: list[str] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[-5 * HISTORY_KEEP:]:
        try:
            sql = json.loads(line)["sql"]
        except (ValueError, KeyError, TypeError):
            continue
        if isinstance(sql, str):
            if sql in out:
                out.remove(sql)
            out.append(sql)
    return out[-HISTORY_KEEP:]


def append_history(sql: str, db: Path, result: QueryResult, path: Path | None = None) -> None:
    path = path or history_file()
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"sql": sql, "db": str(db), "ok": result.ok, "rows": result.row_count}) + "\n")


class SqlConsoleScreen(WorkbenchScreen):
    MODE = "sql"
    ACTIONS = (
        Act("ctrl+r,f5", "run_query", "Run", key_display="^r", cli="ehr-tui sql --db FILE 'SQL'",
            priority=True),
        Act("ctrl+o", "history", "History", key_display="^o", priority=True),
        Act("ctrl+up", "history_step(-1)", "Previous query", show=False, priority=True),
        Act("ctrl+down", "history_step(1)", "Next query", show=False, priority=True),
        Act("ctrl+l", "clear_editor", "Clear", key_display="^l", priority=True),
        Act("ctrl+s", "focus_schema", "Schema", key_display="^s", cli="ehr-tui db info --db FILE",
            priority=True),
        Act("ctrl+e", "export", "Export", key_display="^e", priority=True,
            cli="ehr-tui sql --db FILE 'SQL' -o out.parquet"),
        Act("i", "focus_editor", "Editor", show=False),
        Act("escape", "leave_editor", "Leave editor", key_display="esc"),
    )
    BINDINGS = bindings(ACTIONS)

    class Ran(Message):
        def __init__(self, result: QueryResult) -> None:
            super().__init__()
            self.result = result

    def __init__(self) -> None:
        super().__init__()
        self.history: list[str] = []
        self._history_pos: int | None = None

    def compose(self) -> ComposeResult:
        yield NavBar(self.MODE)
        with Horizontal():
            with Vertical(id="sql-side"):
                yield Label("Schema (enter inserts)", classes="section")
                yield self._schema_tree()
                yield Static(Text("move onto a table or column to see what it holds"), id="sql-schema-doc")
            with Vertical(id="sql-main"):
                yield TextArea(DEFAULT_QUERY, language="sql", theme="monokai", id="sql-editor",
                               show_line_numbers=True, soft_wrap=False)
                yield ResultTable(show_timing=self.ehr.show_timings, empty_text="ctrl+r runs the query",
                                  id="sql-result")
        yield WorkbenchFooter(compact=True)

    def _schema_tree(self) -> Tree:
        return build_tree(self.ehr.db_info.row_counts if self.ehr.db_info else {})

    def on_mount(self) -> None:
        self.history = read_history()
        self.query_one("#sql-editor", TextArea).focus()
        self._load_reference_schema()

    @work(thread=True, exclusive=True, group="sql-ref-schema", exit_on_error=False)
    def _load_reference_schema(self) -> None:
        cur = self.ehr.require_sandbox().cursor()
        try:
            catalog = [tuple(r) for r in cur.execute(REF_CATALOG_SQL).fetchall()]
        finally:
            cur.close()
        self.app.call_from_thread(add_reference_schema, self.query_one("#sql-schema", Tree), catalog)

    @on(Tree.NodeHighlighted, "#sql-schema")
    def _describe_node(self, event: Tree.NodeHighlighted) -> None:
        doc = node_doc(event.node.data)
        if doc:  # the hidden root (highlighted at mount) keeps the hint
            self.query_one("#sql-schema-doc", Static).update(Text(doc))

    def on_db_info(self, info: DbInfo) -> None:
        tree = self.query_one("#sql-schema", Tree)
        for schema_node in tree.root.children:
            for tnode in schema_node.children:
                t = tnode.data
                if isinstance(t, schema.Table):
                    tnode.set_label(table_label(t, info.row_counts.get(t.qualified)))

    # --- running ------------------------------------------------------------------------------

    def action_run_query(self) -> None:
        # ctrl+r is a priority binding: it can arrive before the editor has applied the keys or the paste
        # queued ahead of it; reading the text from the editor's own queue sees all of them
        self.query_one("#sql-editor", TextArea).call_later(self._run_editor_query)

    def _run_editor_query(self) -> None:
        sql = self.query_one("#sql-editor", TextArea).text
        if not sql.strip():
            self.notify("the editor is empty: write a SELECT first", severity="warning")
            return
        self.query_one("#sql-result", ResultTable).show_message("running…")
        self._history_pos = None
        self._run(sql)

    @work(thread=True, exclusive=True, group="sql-console", exit_on_error=False)
    def _run(self, sql: str) -> None:
        result = self.ehr.require_sandbox().execute(sql)
        append_history(sql, self.ehr.db_path, result)
        self.post_message(self.Ran(result))

    def on_sql_console_screen_ran(self, message: Ran) -> None:
        self.query_one("#sql-result", ResultTable).show(message.result)
        sql = message.result.sql
        if sql in self.history:
            self.history.remove(sql)
        self.history.append(sql)
        if not message.result.ok:
            self.notify(message.result.error or "query failed", severity="error", markup=False)

    def worker_failed(self, worker) -> None:
        if worker.group == "sql-export":
            return  # the notification says why; the result shown stays
        self.query_one("#sql-result", ResultTable).show_message("query failed", error=True)

    # --- export -------------------------------------------------------------------------------

    def action_export(self) -> None:
        result = self.query_one("#sql-result", ResultTable).result
        if result is None or not result.ok:
            self.notify("run a query first (ctrl+r): ctrl+e writes its whole result to a file", severity="warning")
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = paths.exports_dir() / f"query-{stamp}"
        choices = [Choice(str(base.with_suffix(s)), str(base.with_suffix(s))) for s in (".csv", ".parquet",
                                                                                     ".json", ".jsonl")]
        rows = f"all {result.row_count:,} rows" if result.row_count is not None else "every row"
        self.app.push_screen(PickerScreen(
            f"Export the whole result ({rows}) to", choices, placeholder="or type a path: .csv .parquet .json .jsonl",
            allow_free_text=True, hint="the query runs again read-only and streams to the file; the file "
                                      "appears only when complete"),
            lambda path: path and self._export(result.sql, path))

    @work(thread=True, exclusive=False, group="sql-export", exit_on_error=False, name="export")
    def _export(self, sql: str, path: str) -> None:
        from ..mimic.export import format_for

        target = Path(path).expanduser()
        fmt = format_for(target)  # a UserError (a notification) before anything runs
        self.app.call_from_thread(self.notify, f"exporting to {target} …", timeout=4, markup=False)
        last = [0.0]

        def on_rows(n: int) -> None:
            now = time.monotonic()
            if now - last[0] > 0.5:
                last[0] = now
                self.app.call_from_thread(self.notify, f"{n:,} rows written …", timeout=2, markup=False)

        done = self.ehr.require_sandbox().export(sql, target, fmt, timeout_s=EXPORT_TIMEOUT_S, on_rows=on_rows)
        self.app.call_from_thread(self.notify, done.summary(), title="exported", timeout=8, markup=False)

    # --- history and editing --------------------------------------------------------------

    def action_history(self) -> None:
        if not self.history:
            self.notify("no queries yet: run one with ctrl+r", severity="information")
            return
        choices = [Choice(" ".join(sql.split())[:200], sql, sql) for sql in reversed(self.history)]
        self.app.push_screen(PickerScreen("Query history (newest first)", choices), self._history_picked)

    def _history_picked(self, sql: str | None) -> None:
        if sql is not None:
            self._history_pos = self.history.index(sql) if sql in self.history else None  # ctrl+up/down go on from it
            self._set_editor(sql)

    def action_history_step(self, delta: int) -> None:
        if not self.history:
            return
        pos = len(self.history) if self._history_pos is None else self._history_pos
        pos = max(0, min(len(self.history) - 1, pos + delta))
        self._history_pos = pos
        self._set_editor(self.history[pos])

    def _set_editor(self, sql: str) -> None:
        editor = self.query_one("#sql-editor", TextArea)
        editor.load_text(sql)
        editor.focus()

    def action_clear_editor(self) -> None:
        self._set_editor("")

    def action_focus_schema(self) -> None:
        tree = self.query_one("#sql-schema", Tree)
        if tree.cursor_line < 0:
            tree.cursor_line = 0
        tree.focus()

    def action_leave_editor(self) -> None:
        self.query_one("#sql-result", ResultTable).table.focus()

    def action_focus_editor(self) -> None:
        self.query_one("#sql-editor", TextArea).focus()

    @on(Tree.NodeSelected, "#sql-schema")
    def _insert_from_tree(self, event: Tree.NodeSelected) -> None:
        data = event.node.data
        editor = self.query_one("#sql-editor", TextArea)
        if isinstance(data, (schema.Table, RefTable)):
            self._set_editor(f"SELECT *\nFROM {data.qualified}\nLIMIT 100")
        elif isinstance(data, (tuple, RefColumn)):
            name = data.name if isinstance(data, RefColumn) else data[1].name
            row, col = editor.cursor_location
            line = editor.document.get_line(row)
            editor.insert(insert_name(line[:col], line[col:], name))
            editor.focus()
