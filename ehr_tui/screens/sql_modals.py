"""Two modals of the trajectory debugger: edit a step's SQL before running it, and the agent-vs-gold diff."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Label, Static, TextArea

from ..agent.failures import final_query
from ..agent.trajectory import Trajectory
from ..widgets.result_table import ResultTable
from ..widgets.sql_view import CodeView, pretty_sql, sql_diff
from .base import Act, WorkbenchModal, bindings
from .replay import Comparison, compare_with_gold


class EditSqlScreen(WorkbenchModal):
    """Dismissed with the edited SQL (ctrl+r) or None (escape)."""

    DEFAULT_CSS = """
    EditSqlScreen { align: center middle; }
    EditSqlScreen > Vertical { width: 100; max-width: 96%; height: 24; border: thick $primary;
                               background: $surface; }
    EditSqlScreen TextArea { height: 1fr; }
    """
    ACTIONS = (
        Act("ctrl+r", "run", "Run the edit", key_display="^r", cli="ehr-tui sql --db FILE 'SQL'",
            priority=True),
        Act("escape", "cancel", "Cancel"),
    )
    BINDINGS = bindings(ACTIONS)

    def __init__(self, sql: str, title: str = "Edit the SQL, then ctrl+r runs it") -> None:
        super().__init__()
        self.sql, self.title_text = sql, title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text, style="bold"))
            yield TextArea(self.sql, language="sql", theme="monokai", id="edit-sql", show_line_numbers=True,
                           soft_wrap=True)
            yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_run(self) -> None:
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SqlDiffScreen(WorkbenchModal):
    """The agent's final SQL against the gold SQL, as a diff, and both results side by side."""

    DEFAULT_CSS = """
    SqlDiffScreen { align: center middle; }
    SqlDiffScreen > Vertical { width: 96%; height: 92%; border: thick $primary; background: $surface; }
    SqlDiffScreen #diff-code { height: 1fr; }
    SqlDiffScreen #diff-results { height: 14; }
    SqlDiffScreen #diff-results > Vertical { width: 1fr; }
    SqlDiffScreen #diff-verdict { padding: 0 1; }
    """
    ACTIONS = (Act("escape,d,q", "close", "Close", key_display="esc"),)
    BINDINGS = bindings(ACTIONS)

    class Compared(Message):
        def __init__(self, comparison: Comparison) -> None:
            super().__init__()
            self.comparison = comparison

    def __init__(self, traj: Trajectory) -> None:
        super().__init__()
        self.traj = traj

    def compose(self) -> ComposeResult:
        agent_sql, _ = final_query(self.traj)
        gold = pretty_sql(self.traj.task.gold_sql)
        if agent_sql is None:
            diff, language = "-- the agent ran no successful query to compare\n-- gold:\n" + gold, "sql"
        elif pretty_sql(agent_sql) == gold:
            diff, language = "-- the same query as the gold SQL (after formatting):\n" + gold, "sql"
        else:
            diff, language = sql_diff(agent_sql, self.traj.task.gold_sql), "diff"
        with Vertical():
            yield Label(Text(f"{self.traj.task_id} trial {self.traj.trial + 1}: the agent's final SQL (-) "
                             "against the gold SQL (+)", style="bold"))
            with VerticalScroll(id="diff-code"):
                yield CodeView(diff, language)
            yield Static(Text("running both queries…"), id="diff-verdict")
            with Horizontal(id="diff-results"):
                with Vertical():
                    yield Label("agent", classes="section")
                    yield ResultTable(show_timing=self.ehr.show_timings, id="diff-agent")
                with Vertical():
                    yield Label("gold", classes="section")
                    yield ResultTable(show_timing=self.ehr.show_timings, id="diff-gold")
            yield Footer(compact=True)

    def on_mount(self) -> None:
        self._compare()

    @work(thread=True, exclusive=True, group="diff", exit_on_error=False)
    def _compare(self) -> None:
        self.post_message(self.Compared(compare_with_gold(self.ehr.require_sandbox(), self.ehr.require_agent_sql(),
                                                         self.traj)))

    def on_sql_diff_screen_compared(self, message: Compared) -> None:
        c = message.comparison
        self.query_one("#diff-gold", ResultTable).show(c.gold)
        agent = self.query_one("#diff-agent", ResultTable)
        if c.agent is None:
            agent.show_message("no query")
        else:
            agent.show(c.agent)
        verdict = {None: "no agent query to compare", True: "the agent's result gives the gold answer",
                   False: "the agent's result does NOT give the gold answer"}[c.agent_matches_gold]
        style = {None: "yellow", True: "bold green", False: "bold red"}[c.agent_matches_gold]
        self.query_one("#diff-verdict", Static).update(Text(verdict, style=style))

    def worker_failed(self, worker) -> None:
        self.query_one("#diff-verdict", Static).update(Text("comparison failed", style="bold red"))

    def action_close(self) -> None:
        self.dismiss(None)
