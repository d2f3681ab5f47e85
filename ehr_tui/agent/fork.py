"""Fork a trajectory at a step and let the agent continue: "had the agent run this SQL at step 3,
would it have got the answer?"

``plan_fork`` checks everything a user can get wrong (run, task, trial, step, which call, the edit,
the endpoint's key and the privacy guard: credentialed data to a non-approved remote endpoint needs
``allow_remote`` exactly as a run does) before any request. ``execute_fork`` then

1. copies the parent's steps before the edited one (the message history the model saw),
2. restores the Python worker's state by replaying the earlier execute_python calls (a difference
   from what they printed then is noted in the fork record),
3. applies the edit to the step: new SQL or code is re-executed in the sandbox; an edited
   observation is given to the model as it is. The step's other calls run again as recorded,
4. continues the runner's own loop (``Executor.continue_trajectory``) against the run's endpoint,
   model, temperature, token cap, step budget and tools (run.json), scoring the result the same way.

The child is appended to the run's trajectories file with ``Trajectory.fork`` set (parent id, step,
the edit): the trajectory format is the one record, and forks stay out of the run's own scores.
No Textual import here: the Debugger and ``ehr-tui fork`` call these functions.
"""

from __future__ import annotations

import asyncio
import copy
import json
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import UserError
from ..mimic import metadata
from ..mimic.pysandbox import PythonLimits, python_tool_status
from . import egress, privacy
from .runner import Executor, RunConfig, _now, api_key_for
from .tools import EXECUTE_PYTHON, EXECUTE_SQL, SUBMIT_ANSWER, ObservationLimits, ToolBox
from .trajectory import ForkEdit, ForkOrigin, RunSettings, RunStore, Step, ToolCall, Trajectory, resolve_run_dir

EDIT_KINDS = ("sql", "python", "observation")
_TOOL_OF = {"sql": EXECUTE_SQL, "python": EXECUTE_PYTHON}
_ARG_OF = {EXECUTE_SQL: "query", EXECUTE_PYTHON: "code"}


def call_text(call: ToolCall, kind: str) -> str:
    """What an edit of ``kind`` starts from: the call's SQL or code (raw arguments if not JSON), or its observation."""
    if kind == "observation":
        return call.observation
    try:
        args = json.loads(call.arguments)
    except (json.JSONDecodeError, TypeError):
        return call.arguments
    value = args.get(_ARG_OF.get(call.name, "")) if isinstance(args, dict) else None
    return value if isinstance(value, str) else call.arguments


def default_call(step: Step, kind: str) -> int | None:
    """The call an edit of ``kind`` applies to when none is named: the step's first one that fits."""
    for i, c in enumerate(step.tool_calls):
        if c.error == "skipped":
            continue
        if kind == "observation" and c.name != SUBMIT_ANSWER or _TOOL_OF.get(kind) == c.name:
            return i
    return None


def _step_key(step: Step) -> tuple:
    return ((step.content or "").strip(), [(c.name, c.arguments, c.observation) for c in step.tool_calls])


def first_divergence(a: list[Step], b: list[Step]) -> int | None:
    """Index of the first step where two trajectories differ (what the model said or called, what it saw);
    None when one is a prefix of the other and both have the same length."""
    for i, (x, y) in enumerate(zip(a, b)):
        if _step_key(x) != _step_key(y):
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


@dataclass
class ForkPlan:
    store: RunStore
    settings: RunSettings
    parent: Trajectory
    step: int  # 0-based index of the edited step
    edit: ForkEdit
    config: RunConfig
    api_key: str
    privacy: privacy.Decision
    notes: list[str] = field(default_factory=list)


def find_parent(store: RunStore, task_id: str, trial: int, fork_id: str | None = None) -> Trajectory:
    """The trajectory to fork: trial ``trial`` (0-based) of ``task_id``, or the run's fork ``fork_id``."""
    if fork_id:
        for t in store.forks(warn=lambda m: None):
            if t.fork.id == fork_id:
                return t
        raise UserError(f"{store.dir.name} has no fork {fork_id!r}")
    trials = store.latest(warn=lambda m: None)
    if (task_id, trial) in trials:
        return trials[(task_id, trial)]
    have = sorted(tr for tid, tr in trials if tid == task_id)
    if not have:
        raise UserError(f"{store.dir.name} has no trajectory of task {task_id!r}")
    raise UserError(f"task {task_id} has no trial {trial + 1} in {store.dir.name} (it has trial(s) "
                    f"{', '.join(str(t + 1) for t in have)})")


def plan_fork(run: str | Path, task_id: str, trial: int, step: int, kind: str, text: str, *,
              call: int | None = None, fork_id: str | None = None, allow_remote: bool = False,
              api_key_env: str = "OPENAI_API_KEY", api_key: str | None = None,
              allow_weak_python_sandbox: bool = False, config_file: Path | None = None,
              request_timeout_s: float | None = None) -> ForkPlan:
    """Validate a fork of step ``step`` (0-based) and call ``call`` (0-based; None: the step's first that fits)."""
    if kind not in EDIT_KINDS:
        raise UserError(f"unknown edit {kind!r}: edit the step's sql, python or observation")
    store = RunStore.open(resolve_run_dir(run))
    settings = store.settings()
    parent = find_parent(store, task_id, trial, fork_id)
    if not parent.steps:
        raise UserError(f"{parent.id} has no steps to fork")
    if not 0 <= step < len(parent.steps):
        raise UserError(f"step {step + 1} is out of range: {parent.id} has steps 1 to {len(parent.steps)}")
    target = parent.steps[step]
    if not target.tool_calls:
        raise UserError(f"step {step + 1} of {parent.id} made no tool call: there is no SQL, code or observation "
                        "to edit there (fork a step that called a tool)")
    if call is None:
        call = default_call(target, kind)
        if call is None:
            what = {"sql": "no execute_sql call", "python": "no execute_python call",
                    "observation": "only submit_answer (its observation tells the model nothing)"}[kind]
            raise UserError(f"step {step + 1} of {parent.id} has {what}: choose a step that has one"
                            + (", or edit the observation" if kind != "observation" else ""))
    elif not 0 <= call < len(target.tool_calls):
        raise UserError(f"call {call + 1} is out of range: step {step + 1} has {len(target.tool_calls)} call(s)")
    tc = target.tool_calls[call]
    if tc.error == "skipped":
        raise UserError(f"call {call + 1} of step {step + 1} never ran (the answer was already submitted): "
                        "edit one that ran")
    if kind in _TOOL_OF and tc.name != _TOOL_OF[kind]:
        raise UserError(f"call {call + 1} of step {step + 1} is {tc.name}, not {_TOOL_OF[kind]}: "
                        f"--{kind} edits an {_TOOL_OF[kind]} call")
    if kind == "observation" and tc.name == SUBMIT_ANSWER:
        raise UserError("that call submitted the answer: editing what it returned changes nothing")
    if kind != "observation" and not text.strip():
        raise UserError(f"the edited {kind} is empty: give the {'SQL' if kind == 'sql' else 'code'} to run instead")
    if kind == "python" and EXECUTE_PYTHON not in settings.tools:
        raise UserError(f"{settings.name} did not offer execute_python: a Python edit cannot run")
    edit = ForkEdit(kind, call, tc.name, call_text(tc, kind), text)
    config = _config(settings, allow_remote, api_key_env, api_key, allow_weak_python_sandbox, config_file,
                     request_timeout_s)
    info = metadata.read_info(config.db)
    decision = privacy.check_endpoint(info, settings.base_url, allow_remote=allow_remote, config_file=config_file)
    key = api_key_for(config, settings.base_url)
    notes = []
    if EXECUTE_PYTHON in settings.tools:
        status = python_tool_status(allow_weak_python_sandbox, config.python)
        if not status.offered:
            raise UserError(f"{settings.name} offered execute_python, which this machine cannot confine, so the "
                            f"agent cannot continue as it ran: {status.reason}")
        if status.weak:
            notes.append(status.reason)
    return ForkPlan(store, settings, parent, step, edit, config, key, decision, notes)


def _config(s: RunSettings, allow_remote: bool, api_key_env: str, api_key: str | None, allow_weak: bool,
            config_file: Path | None, request_timeout_s: float | None) -> RunConfig:
    """The run's own settings (run.json), for one trajectory."""
    lim = s.limits or {}
    db = Path(s.db)
    if not db.is_file():
        raise UserError(f"the run's database {db} is not there any more: the agent cannot continue without it")
    config = RunConfig(
        tasks=Path(s.tasks_file), db=db, model=s.model, base_url=s.base_url, api_key=api_key,
        api_key_env=api_key_env, trials=1, concurrency=1, max_steps=s.max_steps, temperature=s.temperature,
        max_tokens=s.max_tokens, python_tool=EXECUTE_PYTHON in s.tools, allow_remote=allow_remote,
        python=PythonLimits(timeout_s=lim.get("python_timeout_s", 10.0), memory_mb=lim.get("python_memory_mb", 1024)),
        sql_timeout_s=lim.get("sql_timeout_s", 30.0), sql_max_rows=lim.get("sql_max_rows", 1000),
        observation=ObservationLimits(max_chars=lim.get("observation_chars", ObservationLimits().max_chars)),
        request_timeout_s=request_timeout_s or lim.get("request_timeout_s", 120.0),
        max_retries=lim.get("max_retries", 5), allow_weak_python_sandbox=allow_weak, config_file=config_file,
        egress_log=egress.log_file())  # what the fork sends off this machine is logged as a run's requests
    if "sql_memory_limit" in lim:
        config.sql_memory_limit = lim["sql_memory_limit"]
    if "sql_temp_mb" in lim:
        config.sql_temp_mb = lim["sql_temp_mb"]
    return config


def _child(plan: ForkPlan) -> Trajectory:
    p = plan.parent
    origin = ForkOrigin(id=f"{p.task_id}#{p.trial}~{uuid.uuid4().hex[:8]}", parent=p.id, step=plan.step,
                        edit=plan.edit, created=_now(), notes=list(plan.notes))
    child = Trajectory(task_id=p.task_id, trial=p.trial, model=plan.settings.model, endpoint=plan.settings.base_url,
                       task=copy.deepcopy(p.task), prompt=p.prompt, steps=copy.deepcopy(p.steps[:plan.step]),
                       started_at=_now(), fork=origin)
    for st in child.steps:
        child.add_usage(st)
    return child


def _prepare(plan: ForkPlan, child: Trajectory, pool, on_step: Callable[[Step], None] | None):
    """Restores the tool state of the parent at the edited step and appends the edited step to ``child``."""

    async def prepare(toolbox: ToolBox) -> None:
        loop = asyncio.get_running_loop()

        def run(name: str, arguments: str):
            return loop.run_in_executor(pool, toolbox.call, name, arguments)

        for st in child.steps:  # the Python worker's variables, as they were
            for c in st.tool_calls:
                if c.name == EXECUTE_PYTHON and c.error != "skipped":
                    obs = await run(c.name, c.arguments)
                    if obs.text != c.observation:
                        child.fork.notes.append(f"replaying step {st.index + 1}'s Python printed something other "
                                                "than it did in the parent: the restored state may differ")
        src, edit = plan.parent.steps[plan.step], plan.edit
        step = copy.deepcopy(src)
        step.tool_calls = []
        for i, c in enumerate(src.tool_calls):
            if child.answer is not None:
                step.tool_calls.append(ToolCall(c.id, c.name, c.arguments, "skipped: the answer was already "
                                                "submitted", ok=False, error="skipped"))
                continue
            if i == edit.call and edit.kind == "observation":
                step.tool_calls.append(ToolCall(c.id, c.name, c.arguments, edit.after, ok=True))
                continue
            args = json.dumps({_ARG_OF[c.name]: edit.after}, ensure_ascii=False) if i == edit.call else c.arguments
            obs = await run(c.name, args)
            step.tool_calls.append(ToolCall(c.id, c.name, args, obs.text, obs.ok, obs.error, obs.elapsed_s,
                                            obs.result))
            if obs.submitted:
                child.answer = obs.answer
        child.steps.append(step)
        child.add_usage(step)
        if on_step:
            on_step(step)

    return prepare


async def execute_fork(plan: ForkPlan, on_step: Callable[[Step], None] | None = None,
                       cancel: asyncio.Event | None = None) -> Trajectory | None:
    """Run the fork and store it in the run; None if ``cancel`` was set first (nothing is stored)."""
    child = _child(plan)
    ex = Executor(plan.config, plan.settings, plan.api_key,
                  (lambda task_id, trial, step: on_step(step)) if on_step else None)
    try:
        work = asyncio.create_task(ex.continue_trajectory(child, child.task, _prepare(plan, child, ex.pool, on_step)))
        waiter = asyncio.create_task(cancel.wait()) if cancel is not None else None
        await asyncio.wait({work} | ({waiter} if waiter else set()), return_when=asyncio.FIRST_COMPLETED)
        if waiter is not None:
            waiter.cancel()
        if not work.done():
            work.cancel()
            await asyncio.gather(work, return_exceptions=True)
            return None
        child = work.result()
    finally:
        await ex.close()
    plan.store.append(child)
    return child


def fork(plan: ForkPlan, on_step: Callable[[Step], None] | None = None) -> Trajectory:
    """Blocking (the CLI and tests)."""
    return asyncio.run(execute_fork(plan, on_step))
