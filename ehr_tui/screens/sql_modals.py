"""Two modals of the trajectory debugger: edit a step's SQL before running it, and the agent-vs-gold diff."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, Static, TextArea

from ..agent.failures import final_query
from ..agent.trajectory import Trajectory
from ..scoring import POLICIES, POLICY_NAMES
from ..scoring.diff import SHOW
from ..widgets.result_table import ResultTable
from ..widgets.sql_view import CodeView, pretty_sql, sql_diff
from .base import Act, WorkbenchModal, bindings
from .footer import WorkbenchFooter
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
            yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_run(self) -> None:
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)


def _cell(v) -> str:
    text = "NULL" if v is None else str(v)
    return text if len(text) <= 40 else text[:39] + "…"


def answer_line(c: Comparison) -> Text:
    """The submitted answer's verdict, in the words of the Debugger's header."""
    out = Text("answer: ", style="bold")
    v = c.answer
    if v is None:
        out.append("no answer submitted", style="yellow")
    elif v.correct:
        out.append("✓ correct", style="bold green")
        out.append(" (the submitted answer gives the gold answer)")
    elif v.abstained:
        out.append("abstained", style="bold yellow")
        out.append(f" ({v.detail})")
    else:
        out.append("✗ wrong", style="bold red")
        if v.detail:
            out.append(f" ({v.detail})")
    return out


def execution_line(c: Comparison) -> Text:
    out = Text("final SQL, run again: ", style="bold")
    ex = c.execution
    if ex.state != "ran":
        words = {"no_query": "no successful final query to run", "error": "the query fails now",
                 "timeout": "the query timed out", "too_large": "the result is too large to compare",
                 "gold_error": "the gold query fails on this database"}[ex.state]
        out.append(words, style="yellow")
        if ex.detail and ex.state != "no_query":
            out.append(f": {ex.detail}", style="dim")
        return out
    for i, policy in enumerate(POLICIES):
        if i:
            out.append(" · ")
        ok = ex.matches.get(policy)
        out.append(f"{POLICY_NAMES[policy]} ", style="bold")
        out.append("✓" if ok else "✗", style="green" if ok else "red")
    return out


def policy_detail(c: Comparison, policy: str) -> Text:
    """Where the agent's result differs from the gold's under ``policy``: columns, rows, cells."""
    d = c.diffs.get(policy)
    if d is None:
        return Text("")
    out = Text()
    out.append(f"{d.name}", style="bold")
    out.append(f" ({d.note}): ")
    out.append(d.summary(), style="green" if d.equal else "red")
    if d.equal or c.agent is None:
        return out
    gold_rows, agent_rows = c.gold.rows, c.agent.rows
    cols = c.gold.columns
    for i in d.rows_missing[:SHOW]:
        out.append(f"\n  missing gold row {i + 1}: ", style="red")
        out.append(", ".join(f"{cols[j] if j < len(cols) else j}={_cell(v)}" for j, v in enumerate(gold_rows[i])))
    for i in d.rows_extra[:SHOW]:
        out.append(f"\n  extra agent row {i + 1}: ", style="yellow")
        acols = c.agent.columns
        out.append(", ".join(f"{acols[j] if j < len(acols) else j}={_cell(v)}" for j, v in enumerate(agent_rows[i])))
    for cd in d.cells[:SHOW]:
        out.append(f"\n  gold row {cd.gold_row + 1} / agent row {cd.pred_row + 1}: ", style="magenta")
        out.append(f"{cd.column} {_cell(cd.gold)} in the gold, {_cell(cd.pred)} in the agent's result")
    hidden = max(0, len(d.rows_missing) - SHOW) + max(0, len(d.rows_extra) - SHOW) + max(0, len(d.cells) - SHOW)
    if hidden:
        out.append(f"\n  … and {hidden} more", style="dim")
    return out


class SqlDiffScreen(WorkbenchModal):
    """The agent's final SQL against the gold SQL, as a diff; the answer's verdict (as in the header) and the
    final query's verdict under every policy, with the selected policy's differences cell by cell; both
    results side by side."""

    DEFAULT_CSS = """
    SqlDiffScreen { align: center middle; }
    SqlDiffScreen > Vertical { width: 96%; height: 92%; border: thick $primary; background: $surface; }
    SqlDiffScreen #diff-code { height: 1fr; }
    SqlDiffScreen #diff-results { height: 12; }
    SqlDiffScreen #diff-results > Vertical { width: 1fr; }
    SqlDiffScreen #diff-verdict { padding: 0 1; height: auto; }
    SqlDiffScreen #diff-policy { padding: 0 1; height: auto; max-height: 9; }
    """
    ACTIONS = (Act("escape,d,q", "close", "Close", key_display="esc"),
               Act("p", "policy", "Next policy", cli="ehr-tui eval RUN --json"))
    BINDINGS = bindings(ACTIONS)

    class Compared(Message):
        def __init__(self, comparison: Comparison) -> None:
            super().__init__()
            self.comparison = comparison

    def __init__(self, traj: Trajectory) -> None:
        super().__init__()
        self.traj = traj
        self.comparison: Comparison | None = None
        self.policy = POLICIES[0]

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
            with VerticalScroll(id="diff-policy"):
                yield Static(Text(""), id="diff-policy-text")
            with Horizontal(id="diff-results"):
                with Vertical():
                    yield Label("agent", classes="section")
                    yield ResultTable(show_timing=self.ehr.show_timings, id="diff-agent")
                with Vertical():
                    yield Label("gold", classes="section")
                    yield ResultTable(show_timing=self.ehr.show_timings, id="diff-gold")
            yield WorkbenchFooter(compact=True)

    def on_mount(self) -> None:
        self._compare()

    @work(thread=True, exclusive=True, group="diff", exit_on_error=False)
    def _compare(self) -> None:
        self.post_message(self.Compared(compare_with_gold(self.ehr.require_sandbox(), self.ehr.require_agent_sql(),
                                                         self.traj)))

    def on_sql_diff_screen_compared(self, message: Compared) -> None:
        c = self.comparison = message.comparison
        self.query_one("#diff-gold", ResultTable).show(c.gold)
        agent = self.query_one("#diff-agent", ResultTable)
        if c.agent is None:
            agent.show_message("no query")
        else:
            agent.show(c.agent)
        failing = [p for p in POLICIES if c.diffs.get(p) is not None and not c.diffs[p].equal]
        self.policy = failing[0] if failing else POLICIES[0]
        self.query_one("#diff-verdict", Static).update(Text("\n").join([answer_line(c), execution_line(c)]))
        self._show_policy()

    def _show_policy(self) -> None:
        if self.comparison is not None:
            self.query_one("#diff-policy-text", Static).update(policy_detail(self.comparison, self.policy))

    def action_policy(self) -> None:
        if self.comparison is None or not self.comparison.diffs:
            self.notify("no result sets to compare policy by policy", severity="warning")
            return
        self.policy = POLICIES[(POLICIES.index(self.policy) + 1) % len(POLICIES)]
        self._show_policy()

    def worker_failed(self, worker) -> None:
        self.query_one("#diff-verdict", Static).update(Text("comparison failed", style="bold red"))

    def action_close(self) -> None:
        self.dismiss(None)
