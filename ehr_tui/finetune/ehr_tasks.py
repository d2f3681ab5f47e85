"""EHR tasks (an ehr-tui tasks file) evaluated through the agent runner, like any agent run.

The model is an OpenAI-compatible endpoint (``base_url`` + served model name, e.g. vLLM serving
OUT/final), or a local model folder: then this process serves it on 127.0.0.1 with
``xtf.serve.LocalChatServer`` (in-process transformers generation) for the length of the run.
Either way the runner does what it does for every run (tools, confined sandboxes, trajectories,
scoring through ``tasks.answers``), the run lands in OUT/run (resumable: the same command again
continues it) and the metrics come from ``agent.evaluate``. A local folder is served on the same
port each time (kept in OUT/server.json), because the run folder refuses to mix endpoints.
"""

from __future__ import annotations

import hashlib
import json
import socket
from collections.abc import Callable
from pathlib import Path

from ..errors import UserError

SERVER_FILE = "server.json"


def is_tasks_file(path: Path) -> bool:
    """Does ``path`` look like an ehr-tui tasks file (JSONL records with gold SQL and an intent)?"""
    if path.is_dir() or not path.name.endswith(".jsonl"):
        return False
    try:
        with path.open(encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    return isinstance(rec, dict) and {"gold_sql", "intent", "question"} <= rec.keys()
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return False


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def stable_port(out: Path) -> int:
    """The port this evaluation served on before (if free), else one derived from its folder."""
    saved = out / SERVER_FILE
    if saved.is_file():
        port = int(json.loads(saved.read_text()).get("port", 0))
        if port and _free(port):
            return port
    start = 30000 + int(hashlib.sha256(str(out.resolve()).encode()).hexdigest(), 16) % 20000
    for port in range(start, start + 50):
        if _free(port):
            return port
    return 0  # any free port (a later resume will then refuse to mix endpoints)


def evaluate_tasks(cfg, out: Path, progress: Callable[[int, int], None] | None = None) -> dict:
    """Run the agent on the tasks of ``cfg.data`` (split, limit, samples as trials); return the metrics
    and the run folder. ``cfg`` is an ``evaluate.EvalConfig``."""
    from .. import paths
    from ..agent.evaluate import evaluate_run
    from ..agent.runner import RunConfig, RunEvents, run
    from ..xtf.models import check_model_dir

    db = Path(cfg.db).expanduser() if cfg.db else paths.default_db()
    if not db.is_file():
        raise UserError(f"no database at {db}: give the one the tasks were generated from with --db")
    temperature = cfg.generation().temperature
    events = RunEvents(on_trajectory=(lambda t, p: progress(p.done, p.total)) if progress else None)
    common = dict(tasks=Path(cfg.data).expanduser(), db=db, trials=cfg.samples, temperature=temperature,
                  max_tokens=cfg.max_new_tokens_for("ehr"), run_dir=out / "run",
                  split=None if cfg.split == "all" else cfg.split, limit=cfg.limit, concurrency=cfg.batch_size,
                  max_steps=cfg.max_steps)
    if cfg.base_url:
        config = RunConfig(model=cfg.model, base_url=cfg.base_url,
                           checkpoint=Path(cfg.checkpoint).expanduser() if cfg.checkpoint else None, **common)
        summary = run(config, events)
    else:
        from ..xtf.serve import LocalChatServer

        folder = check_model_dir(cfg.model)
        port = stable_port(out)
        with LocalChatServer(folder, name=folder.name, device=cfg.device, dtype=cfg.dtype, port=port,
                             max_new_tokens=cfg.max_new_tokens_for("ehr"), batch_size=cfg.batch_size) as server:
            (out / SERVER_FILE).write_text(json.dumps({"port": server.port, "model": str(folder.resolve())}))
            config = RunConfig(model=folder.name, base_url=server.url, checkpoint=folder, **common)
            summary = run(config, events)
    report = evaluate_run(summary.run_dir)
    d = report.to_dict()
    metrics = {"accuracy": report.overall.accuracy, "correct": report.overall.correct,
               "trajectories": report.trajectories, "endpoint_errors": report.endpoint_errors}
    for k, v in report.pass_at_k.items():
        metrics[f"pass@{k}"] = v
    return {"metrics": metrics, "n": report.tasks, "run": str(summary.run_dir), "complete": summary.complete,
            "by_intent": d.get("by_intent", {})}
