"""The tools offered to the model and their execution.

``tool_specs`` is what the model is told (OpenAI function-tool schemas);
``ToolBox.call`` runs one call and always returns an ``Observation``: bad JSON
arguments, a missing argument, an unknown tool, a failed query or a crashed
Python worker all become text the model reads and can act on. Outputs are cut
to ``ObservationLimits`` so one huge result cannot flood the context; what must
be read (the true row count, a truncation note, a Python error) survives the cut.

The model's SQL runs in confined query processes (``ConfinedSqlSandbox``), its Python in
a confined worker; ``execute_python`` is offered only when the runner found the kernel
able to confine it (``pysandbox.python_tool_status``), unless the user allowed a weak one.
"""

from __future__ import annotations

import importlib.util
import json
import re
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ..mimic.pysandbox import PythonSandbox
from ..mimic.sandbox import QueryResult
from ..tasks.answers import to_jsonable
from .trajectory import valid_text

EXECUTE_SQL, EXECUTE_PYTHON, SUBMIT_ANSWER = "execute_sql", "execute_python", "submit_answer"
ALL_TOOLS = (EXECUTE_SQL, EXECUTE_PYTHON, SUBMIT_ANSWER)
_ARG = {EXECUTE_SQL: "query", EXECUTE_PYTHON: "code", SUBMIT_ANSWER: "answer"}


def _python_modules() -> str:
    have = [m for m in ("numpy", "pandas") if importlib.util.find_spec(m) is not None]
    return (", ".join(have) + " and the standard library are available") if have else \
        "the standard library is available"


def call_argument(call) -> str | None:
    """The SQL or code of a call (a trajectory.ToolCall), from its structured result or else its raw JSON arguments."""
    if call.result:
        for key in ("sql", "code"):
            if isinstance(call.result.get(key), str):
                return call.result[key]
    try:
        args = json.loads(call.arguments)
    except (json.JSONDecodeError, TypeError):
        return None
    if isinstance(args, dict):
        value = args.get("query") if call.name == EXECUTE_SQL else args.get("code")
        return value if isinstance(value, str) else None
    return None


def tool_specs(tools: tuple[str, ...] | list[str] = ALL_TOOLS) -> list[dict[str, Any]]:
    specs = {
        EXECUTE_SQL: {
            "description": ("Run one read-only DuckDB SQL statement (SELECT/WITH/DESCRIBE/SHOW) on the MIMIC-IV "
                            "database and see the result rows. Use schema-qualified names such as "
                            "mimiciv_hosp.patients. Large results are cut: aggregate or LIMIT."),
            "parameters": {"type": "object", "properties": {
                "query": {"type": "string", "description": "a single SQL statement"}},
                "required": ["query"], "additionalProperties": False},
        },
        EXECUTE_PYTHON: {
            "description": ("Run Python code in a sandbox (no network, no files outside its working directory, "
                            "time and memory limits). Variables persist between calls. `con` is a read-only "
                            "DuckDB connection to the same database: con.sql(q).fetchall(). "
                            f"{_python_modules()}. print() what you want to see; the value of a final "
                            "expression is shown too."),
            "parameters": {"type": "object", "properties": {
                "code": {"type": "string", "description": "Python source code"}},
                "required": ["code"], "additionalProperties": False},
        },
        SUBMIT_ANSWER: {
            "description": ("Submit the final answer and finish. Give only the answer: a number as digits, a "
                            "date as YYYY-MM-DD, yes/no for a yes-or-no question, several values as a JSON array, "
                            "rows as a JSON array of arrays."),
            "parameters": {"type": "object", "properties": {
                "answer": {"type": "string", "description": "the final answer"}},
                "required": ["answer"], "additionalProperties": False},
        },
    }
    return [{"type": "function", "function": {"name": name, **specs[name]}} for name in tools]


@dataclass
class ObservationLimits:
    max_chars: int = 6000  # one observation as the model sees it
    rows_shown: int = 50  # result rows written into the observation
    rows_kept: int = 200  # result rows kept in the trajectory's structured result
    cell_chars: int = 200


@dataclass
class Observation:
    tool: str
    text: str
    ok: bool
    error: str | None = None
    result: dict[str, Any] | None = None
    answer: str | None = None  # set by submit_answer
    elapsed_s: float = 0.0

    @property
    def submitted(self) -> bool:
        return self.answer is not None


_FENCE = re.compile(r"^\s*```[\w+-]*\s*\n(.*?)\n?\s*```\s*$", re.S)


def _unfence(text: str) -> str:
    """SQL or code wrapped in a markdown fence, as models often send it, without the fence."""
    m = _FENCE.match(text)
    return m.group(1) if m else text


def truncate(text: str, limit: int, keep: str = "") -> str:
    """``text`` cut to fit ``limit`` characters together with ``keep``, which always survives at the end."""
    room = limit - len(keep) - (1 if keep else 0)
    if len(text) <= room:
        return f"{text}\n{keep}" if keep else text
    note_room = room - 110  # the note itself
    cut = text.rfind("\n", 0, max(0, note_room))
    cut = cut if cut > note_room // 2 else max(0, note_room)
    out = (text[:cut] + f"\n[output truncated: {len(text) - cut:,} more characters not shown; narrow the query "
           "or print less]")
    return f"{out}\n{keep}" if keep else out


class SqlRunner(Protocol):
    """What the tools need of a SQL sandbox (ConfinedSqlSandbox for the model; SqlSandbox in tests)."""

    def execute(self, sql: str) -> QueryResult: ...


def _cell(v: Any, limit: int) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, float):
        s = format(v, ".10g")
    else:
        s = str(to_jsonable(v)) if not isinstance(v, str) else v
    s = s.replace("\n", "\\n")
    return s if len(s) <= limit else s[:limit] + "…"


def format_rows(columns: list[str], rows: list[tuple], limits: ObservationLimits,
                budget: int | None = None) -> tuple[str, int]:
    """The header and as many of the first ``rows_shown`` rows as fit in ``budget`` characters; (text, rows)."""
    lines = [" | ".join(columns)]
    size = len(lines[0])
    shown = 0
    for r in rows[:limits.rows_shown]:
        line = " | ".join(_cell(v, limits.cell_chars) for v in r)
        if budget is not None and size + 1 + len(line) > budget and shown:
            break
        lines.append(line)
        size += 1 + len(line)
        shown += 1
    return "\n".join(lines), shown


# What a trajectory keeps of one call's result: each text at most _KEPT_CHARS, the rows at most _KEPT_BYTES of
# JSON in all (a query's result may be 64 MB; the trajectory file and the run's memory must not grow by that)
_KEPT_CHARS = 10_000
_KEPT_BYTES = 1 << 20


def _short(text: str | None, limit: int) -> str | None:
    if text is None or len(text) <= limit:
        return text
    return text[:limit] + f"... [{len(text) - limit:,} more characters not kept]"


_KEPT_ITEMS = 100  # elements of a list (or entries of a dict) kept in a trajectory's rows


def _shrink(v: Any) -> Any:
    """A JSON value with every text cut to _KEPT_CHARS and every list / dict to _KEPT_ITEMS, at any depth."""
    if isinstance(v, str):
        return _short(v, _KEPT_CHARS)
    if isinstance(v, list):
        out = [_shrink(x) for x in v[:_KEPT_ITEMS]]
        return out + [f"... [{len(v) - _KEPT_ITEMS:,} more elements not kept]"] if len(v) > _KEPT_ITEMS else out
    if isinstance(v, dict):
        items = list(v.items())
        out = {str(k): _shrink(x) for k, x in items[:_KEPT_ITEMS]}
        if len(items) > _KEPT_ITEMS:
            out["..."] = f"[{len(items) - _KEPT_ITEMS:,} more entries not kept]"
        return out
    return v


_TRAJECTORY_BYTES = 16 << 20  # rows kept over all the calls of one trajectory


def _kept_rows(rows, lim: ObservationLimits, budget: int = _KEPT_BYTES) -> tuple[list[list[Any]], int]:
    """The first rows_kept rows as JSON values, texts and lists cut at any depth, until _KEPT_BYTES (or the
    trajectory's remaining ``budget``) of them are kept (a first row over it is kept as a note); with the
    JSON bytes of the rows kept."""
    budget = min(budget, _KEPT_BYTES)
    kept, size = [], 0
    for r in rows[:lim.rows_kept]:
        row = _shrink(to_jsonable(list(r)))
        n = len(json.dumps(row, default=str))
        if size + n > budget:
            if not kept:
                kept.append([f"[a row of {n:,} bytes, not kept]"])
            break
        size += n
        kept.append(row)
    return kept, size


class ToolBox:
    """The tools of one trajectory. The SQL sandbox is shared; the Python worker is this trajectory's own,
    started on first use and stopped by ``close``."""

    def __init__(self, sql: SqlRunner, python: Callable[[], PythonSandbox] | None = None,
                 tools: tuple[str, ...] | list[str] = ALL_TOOLS, limits: ObservationLimits | None = None):
        self.sql = sql
        self._python_factory = python
        self._python: PythonSandbox | None = None
        self.tools = tuple(t for t in tools if t != EXECUTE_PYTHON or python is not None)
        self.limits = limits or ObservationLimits()
        self.closed = False
        self._kept_left = _TRAJECTORY_BYTES  # rows the trajectory may still keep, over all its calls

    @property
    def protections(self) -> dict[str, Any]:
        return dict(self._python.protections) if self._python is not None else {}

    def close(self) -> None:
        self.closed = True
        if self._python is not None:
            self._python.close()

    def call(self, name: str, arguments: str | None) -> Observation:
        start = time.perf_counter()
        try:
            obs = self._dispatch(name, arguments)
        except Exception as e:  # noqa: BLE001 - a tool failing inside ehr-tui ends this call, not the whole run
            obs = Observation(name, f"error: the {name} tool failed inside ehr-tui ({type(e).__name__}: "
                                    f"{_short(str(e), 300)}); try another way", ok=False, error="tool_failure",
                              result={"error": f"{type(e).__name__}: {_short(str(e), 2000)}"})
        obs.text = valid_text(truncate(obs.text, self.limits.max_chars))
        obs.result, obs.answer = valid_text(obs.result), valid_text(obs.answer)
        obs.elapsed_s = time.perf_counter() - start
        return obs

    def _dispatch(self, name: str, arguments: str | None) -> Observation:
        if name not in self.tools:
            return Observation(name, f"error: there is no tool named {name!r}; the tools are "
                                     f"{', '.join(self.tools)}", ok=False, error="unknown_tool")
        arg = _ARG[name]
        try:
            args = json.loads(arguments) if arguments and arguments.strip() else {}
        except json.JSONDecodeError as e:
            return Observation(name, f"error: the arguments of {name} are not valid JSON ({e.msg} at character "
                                     f"{e.pos}); send an object such as {{\"{arg}\": \"...\"}} with quotes and "
                                     "newlines escaped", ok=False, error="bad_arguments")
        if not isinstance(args, dict) or arg not in args:
            return Observation(name, f"error: {name} needs the argument {arg!r}, as in {{\"{arg}\": \"...\"}}",
                               ok=False, error="bad_arguments")
        value = args[arg]
        if name == SUBMIT_ANSWER:
            answer = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            return Observation(name, "answer submitted", ok=True, answer=answer, result={"answer": answer})
        if not isinstance(value, str) or not value.strip():
            return Observation(name, f"error: {arg!r} must be a non-empty string", ok=False, error="bad_arguments")
        if name == EXECUTE_SQL:
            return self._sql(_unfence(value))
        return self._run_python(_unfence(value))

    def _sql(self, query: str) -> Observation:
        res = self.sql.execute(query)
        if not res.ok:
            return Observation(EXECUTE_SQL, f"error: {res.error}", ok=False, error="sql_error",
                               result={"sql": query, "error": _short(res.error, _KEPT_CHARS),
                                       "elapsed_s": res.elapsed_s})
        lim = self.limits
        total = res.row_count
        footer_room = 120  # the count line below; it is written last but must always fit
        text, shown = (format_rows(res.columns, res.rows, lim, budget=lim.max_chars - footer_room)
                       if res.columns else ("(no result)", 0))
        if len(text) > lim.max_chars - footer_room:  # one row alone is wider than the observation
            text = truncate(text, lim.max_chars - footer_room)
        if res.truncated or len(res.rows) > shown:
            count = f"{total:,}" if total is not None else f"more than {len(res.rows):,}"
            text += f"\n({shown} of {count} rows shown; aggregate, filter or LIMIT to see what you need)"
        else:
            text += f"\n({len(res.rows)} row{'s' if len(res.rows) != 1 else ''})"
        kept, size = _kept_rows(res.rows, lim, self._kept_left)
        self._kept_left = max(0, self._kept_left - size)
        result = {"sql": query, "columns": res.columns, "types": res.types, "rows": kept,
                  "row_count": total, "truncated": res.truncated or len(res.rows) > len(kept),
                  "elapsed_s": res.elapsed_s}
        return Observation(EXECUTE_SQL, text, ok=True, result=result)

    def _run_python(self, code: str) -> Observation:
        if self._python is None:
            self._python = self._python_factory()
        res = self._python.run(code)
        text = res.text()
        if len(text) > self.limits.max_chars and res.error:  # the error is what the model must read
            text = truncate(res.text(include_error=False), self.limits.max_chars, keep=res.error[-2000:])
        result = {"code": code, "stdout": res.stdout[:self.limits.max_chars], "stderr": res.stderr[:2000],
                  "value": _short(res.result, _KEPT_CHARS), "error": _short(res.error, _KEPT_CHARS),
                  "reset": res.reset, "elapsed_s": res.elapsed_s}
        return Observation(EXECUTE_PYTHON, text, ok=res.ok, error=None if res.ok else "python_error",
                           result=result)
