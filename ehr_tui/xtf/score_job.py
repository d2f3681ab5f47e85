"""The scoring job: every example of SFT data scored and written as one token file, resumably, on one
process or sharded over several (torchrun).

Finished examples are saved in parts under ``OUT.partial/`` every ``flush_every`` examples; running
the same job again (same model, data and settings) skips them, so an interrupted job loses little.

With several processes (RANK / WORLD_SIZE / LOCAL_RANK from torchrun) every rank tokenises the
whole data and forms the same length-sorted batches a single process would, then scores only its
share of whole batches (balanced by padded tokens) on its own device, writing its own parts. Each
example is thus scored in exactly the batch a single process would use. Once every rank is done,
rank 0 merges the parts in data order and applies the rule over the whole file: the thresholds
that need all the scores (TR's multi-Otsu split) are computed after the merge, so N ranks give the
same file as one. Ranks meet in gloo barriers (with a long timeout: shards may finish far apart).
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from ..errors import UserError
from .data import SFTExample
from .launch import Dist
from .masks import ScoredExample, Thresholds, apply_rule, parse_rule, read_token_file, write_token_file
from .scoring import ScoringConfig, TokenScorer, make_batches
from .tokenize import TokenizedExample, tokenize_example

Progress = Callable[[int, int], None]  # (examples done, total)
Stage = Callable[[str], None]  # what the job is doing before the first example is scored
BARRIER_TIMEOUT = dt.timedelta(days=7)


def partial_dir(out: Path) -> Path:
    return out.with_name(out.name + ".partial")


def _job_key(model_path: str, data_files: list[str], config: ScoringConfig) -> dict:
    """What must match for an unfinished job to be resumed (a data file edited since does not)."""

    def stamp(f: str) -> list:
        p = Path(f).expanduser()
        return [str(p.resolve()), *((p.stat().st_size, p.stat().st_mtime_ns) if p.is_file() else ())]

    return {"model": str(Path(model_path).expanduser().resolve()), "data": [stamp(f) for f in data_files],
            "scoring": config.to_dict()}


def assign_batches(batches: list[list[int]], widths: list[int], world_size: int) -> list[int]:
    """The rank of each batch: largest first to the least loaded rank (by padded tokens); deterministic."""
    load = [0] * world_size
    owner = [0] * len(batches)
    for b in sorted(range(len(batches)), key=lambda b: (-widths[b] * len(batches[b]), b)):
        r = min(range(world_size), key=lambda r: (load[r], r))
        owner[b] = r
        load[r] += widths[b] * len(batches[b])
    return owner


class _Group:
    """torch.distributed for the ranks of a sharded job (gloo: barriers only, on CPU or GPU hosts)."""

    def __init__(self, d: Dist):
        self.d = d
        self.owned = False
        if d.enabled:
            import torch.distributed as td

            if not td.is_initialized():
                td.init_process_group("gloo", timeout=BARRIER_TIMEOUT)
                self.owned = True

    def barrier(self) -> None:
        self.d.barrier()

    def close(self) -> None:
        if self.owned:
            import torch.distributed as td

            td.destroy_process_group()


def score_to_file(
    model_path: str | Path,
    examples: list[SFTExample],
    out: str | Path,
    config: ScoringConfig | None = None,
    thresholds: Thresholds | None = None,
    *,
    data_files: list[str] | None = None,
    selection: dict | None = None,
    restart: bool = False,
    progress: Progress | None = None,
    stage: Stage | None = None,
    flush_every: int = 256,
) -> dict | None:
    """Score ``examples`` and write the scores file (paper rule applied); return its summary (on
    rank 0; other ranks of a sharded job return None). ``selection`` (split, limit) is recorded."""
    config = config or ScoringConfig()
    thresholds = thresholds or Thresholds()
    d = Dist.from_env()
    group = _Group(d)
    try:
        return _score(model_path, examples, Path(out).expanduser(), config, thresholds, d, group,
                      data_files or [], selection or {}, restart, progress, stage or (lambda s: None), flush_every)
    finally:
        group.close()


def _score(model_path, examples, out: Path, config: ScoringConfig, thresholds: Thresholds, d: Dist, group: _Group,
           data_files, selection, restart, progress, stage, flush_every) -> dict | None:
    import torch

    part_dir = partial_dir(out)
    key = _job_key(str(model_path), data_files, config)
    stage(f"loading {model_path}")
    scorer = TokenScorer(model_path, config)  # first: a bad model path must not leave a partial job behind
    if restart and d.main and part_dir.exists():
        shutil.rmtree(part_dir)
    group.barrier()
    done = _read_parts(part_dir, key)
    group.barrier()  # every rank has read the same parts before any rank writes one
    if d.main:
        part_dir.mkdir(parents=True, exist_ok=True)
        (part_dir / "job.json").write_text(json.dumps(key))
    group.barrier()

    stage("tokenizing")
    by_id = {e.id: e for e in examples}
    todo_tok: list[TokenizedExample] = []
    skipped = {"no_response_after_truncation": 0, "truncated": 0}
    for ex in examples:
        t = tokenize_example(scorer.tokenizer, ex, config.max_length)
        skipped["truncated"] += t.truncated
        if t.n_response == 0:
            skipped["no_response_after_truncation"] += 1
            continue
        if ex.id not in done:
            todo_tok.append(t)
    domains = {t.example_id: scorer.domain_for(by_id[t.example_id]) for t in todo_tok}
    batches = make_batches(todo_tok, config.batch_tokens, config.max_batch_size)
    if d.enabled:
        widths = [max(len(todo_tok[i].input_ids) for i in b) for b in batches]
        owner = assign_batches(batches, widths, d.world_size)
        batches = [b for b, r in zip(batches, owner) if r == d.rank]
    mine = sum(len(b) for b in batches)
    total = (len(done) if d.main else 0) + mine  # a rank's progress counts its own share
    if progress:
        progress(total - mine, total)
    buffer: list[ScoredExample] = []
    n_parts = 0
    started = time.perf_counter()

    def flush() -> None:
        nonlocal n_parts
        if not buffer:
            return
        apply_rule(buffer, "paper", thresholds)  # provisional flags; recomputed over all examples below
        write_token_file(part_dir / f"part-r{d.rank}-{time.time_ns()}-{n_parts:05d}.parquet", buffer, "scores", {}, {})
        n_parts += 1
        buffer.clear()

    scored_here = 0
    try:
        for idx in batches:
            items = [todo_tok[i] for i in idx]
            try:
                scored_batch = scorer.score_batch(
                    items, [by_id[t.example_id].source for t in items], [domains[t.example_id] for t in items]
                )
            except (torch.OutOfMemoryError, MemoryError, RuntimeError) as e:
                # CPU allocation failures arrive as RuntimeError("... not enough memory ...").
                if isinstance(e, RuntimeError) and not isinstance(e, torch.OutOfMemoryError) \
                        and "not enough memory" not in str(e):
                    raise
                width = max(len(t.input_ids) for t in items)
                raise UserError(
                    f"out of memory scoring {len(items)} examples of up to {width} tokens; lower --batch-tokens "
                    f"(now {config.batch_tokens}) or --max-length, and run again: finished examples are kept"
                ) from None
            buffer.extend(scored_batch)
            scored_here += len(scored_batch)
            if len(buffer) >= flush_every:
                flush()
            if progress:
                progress(total - mine + scored_here, total)
    finally:
        flush()
    elapsed = time.perf_counter() - started
    group.barrier()  # every shard is on disk
    if not d.main:
        return None
    done = _read_parts(part_dir, key)
    # Resumed examples keep their scores; the final order is the data order.
    scored = [done[e.id] for e in examples if e.id in done]
    if not scored:
        raise UserError("no example has response tokens within --max-length; raise --max-length (in an "
                        "experiment file: max_length under [score])")
    summary = apply_rule(scored, parse_rule("paper"), thresholds)
    summary["skipped"] = skipped
    summary["scoring_seconds"] = round(elapsed, 3)
    summary["processes"] = d.world_size
    settings = scorer.settings()
    settings.update(thresholds=thresholds.to_dict(), rule="paper", data_files=list(data_files), **selection)
    write_token_file(out, scored, "scores", settings, summary)
    shutil.rmtree(part_dir, ignore_errors=True)
    return summary


def _read_parts(part_dir: Path, key: dict) -> dict[str, ScoredExample]:
    """The examples finished by earlier attempts of this very job (a UserError for another job's parts)."""
    parts = sorted(part_dir.glob("part-*.parquet"))
    if not parts:
        return {}
    job_file = part_dir / "job.json"
    saved = json.loads(job_file.read_text()) if job_file.exists() else None
    if saved != key:
        raise UserError(
            f"{part_dir} holds an unfinished job with other settings; pass --restart to discard it "
            "or run it again with the same settings to resume it"
        )
    done: dict[str, ScoredExample] = {}
    for f in parts:
        for e in read_token_file(f).examples:
            done[e.example_id] = e
    return done
