"""Choosing the tasks of a run: a seeded random sample, optionally stratified (``ehr-tui run --sample``).

Each task's rank is the SHA-1 of the seed and its id, so a sample depends only on the seed and the
task ids (not on the file's order), and without strata the sample of N is the beginning of the
sample of more. With strata, every stratum present gets at least one task when N allows it, the
rest are shared in proportion to the strata's sizes (largest remainder), and within a stratum the
lowest-ranked tasks are taken. The sample keeps the file's order.
"""

from __future__ import annotations

import hashlib
import math
from collections import defaultdict
from typing import Iterable, Sequence

from ..errors import UserError
from .model import Task

STRATA = ("intent", "level", "split", "template", "answer_type")
_FIELD = {"template": "template_id"}


def parse_strata(text: str | Iterable[str] | None) -> tuple[str, ...]:
    """``"intent,level"`` -> ("intent", "level"); UserError naming the valid keys for anything else."""
    if text is None:
        return ()
    parts = text.split(",") if isinstance(text, str) else list(text)
    keys = tuple(dict.fromkeys(p.strip() for p in parts if p.strip()))
    bad = [k for k in keys if k not in STRATA]
    if bad or not keys:
        raise UserError(f"--stratify {','.join(parts) if not isinstance(text, str) else text!r}: "
                        f"use a comma-separated list of {', '.join(STRATA)}")
    return keys


def _rank(seed: int, task_id: str) -> str:
    return hashlib.sha1(f"{int(seed)}:{task_id}".encode()).hexdigest()


def _allocate(sizes: dict[tuple, int], n: int) -> dict[tuple, int]:
    """Tasks per stratum: one each first (when n reaches the number of strata), the rest proportional."""
    keys = sorted(sizes)
    take = {k: 0 for k in keys}
    if n >= len(keys):
        take = {k: 1 for k in keys}
    left = n - sum(take.values())
    while left > 0:
        room = {k: sizes[k] - take[k] for k in keys if sizes[k] > take[k]}
        if not room:
            break
        total = sum(room.values())
        quota = {k: left * r / total for k, r in room.items()}
        floors = {k: min(room[k], math.floor(q)) for k, q in quota.items()}
        given = sum(floors.values())
        # largest remainder (ties: the stratum key, for determinism) gets the units the floors left over
        for k in sorted(room, key=lambda k: (-(quota[k] - floors[k]), k))[:max(0, left - given)]:
            if floors[k] < room[k]:
                floors[k] += 1
        gained = sum(floors.values())
        if not gained:
            break
        for k, v in floors.items():
            take[k] += v
        left -= gained
    return take


def sample(tasks: Sequence[Task], n: int, stratify: Sequence[str] = (), seed: int = 0) -> list[Task]:
    """``n`` tasks of ``tasks`` (all of them when there are fewer), in file order."""
    if n < 1:
        raise UserError(f"--sample must be at least 1 (got {n})")
    strata = parse_strata(stratify) if stratify else ()
    if n >= len(tasks):
        return list(tasks)
    ranked = sorted(range(len(tasks)), key=lambda i: _rank(seed, tasks[i].id))
    if not strata:
        chosen = set(ranked[:n])
    else:
        groups: dict[tuple, list[int]] = defaultdict(list)
        for i in ranked:
            groups[tuple(getattr(tasks[i], _FIELD.get(s, s)) for s in strata)].append(i)
        take = _allocate({k: len(v) for k, v in groups.items()}, n)
        chosen = {i for k, idx in groups.items() for i in idx[:take[k]]}
    return [t for i, t in enumerate(tasks) if i in chosen]
