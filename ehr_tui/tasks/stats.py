"""What a task file says about the benchmark: answer balance, the split, complexity (pruned and as written).

Computed from the tasks alone (not from the templates in this checkout), so ``tasks stats`` and the
datasheet (``tasks card``) describe the file a user actually runs and publishes.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from .balance import answer_key
from .model import INTENTS, LEVELS, SPLITS, Task

BALANCE_LIMIT = 0.60   # the benchmark's promise: no template has one answer value in more than 60% of its tasks
BALANCE_MIN_TASKS = 4  # below this a template cannot show balance (2 of 3 is the least imbalance possible)


@dataclass
class TemplateBalance:
    template_id: str
    tasks: int
    top_value: str        # the most common answer value, as canonical JSON
    top_share: float      # its share of the template's tasks
    boolean_true: float | None = None  # boolean templates: share of "yes" answers

    @property
    def over(self) -> bool:
        return self.tasks >= BALANCE_MIN_TASKS and self.top_share > BALANCE_LIMIT


def balance(tasks: Iterable[Task]) -> list[TemplateBalance]:
    """Per template (sorted by id): its most common answer value and that value's share."""
    by_t: dict[str, Counter] = defaultdict(Counter)
    kinds: dict[str, str] = {}
    for t in tasks:
        by_t[t.template_id][answer_key(t.gold_answer)] += 1
        kinds[t.template_id] = t.answer_type
    out = []
    for tid in sorted(by_t):
        c = by_t[tid]
        n = sum(c.values())
        value, k = min(c.items(), key=lambda kv: (-kv[1], kv[0]))
        true = c.get("true", 0) / n if kinds[tid] == "boolean" else None
        out.append(TemplateBalance(tid, n, value, k / n, true))
    return out


@dataclass
class SplitReport:
    templates: dict[str, set[str]] = field(default_factory=dict)  # split -> template ids
    tasks: Counter = field(default_factory=Counter)                # (intent, level, split) -> tasks
    shared_shapes: list[tuple[str, str, str]] = field(default_factory=list)  # (skeleton, train id, test id)
    both_sides: list[str] = field(default_factory=list)            # templates with tasks in both splits


def split_report(tasks: Iterable[Task]) -> SplitReport:
    """The split as the file holds it, and its leak check: a gold-SQL skeleton (literals, aggregate names,
    sort directions, comparisons and first/last markers blanked, see ``intents.skeleton``) that occurs on
    both sides means a test template has a train twin."""
    from .intents import skeleton

    rep = SplitReport(templates={s: set() for s in SPLITS})
    shapes: dict[str, dict[str, str]] = {s: {} for s in SPLITS}
    sides: dict[str, set[str]] = defaultdict(set)
    seen_sql: set[str] = set()
    for t in tasks:
        rep.templates.setdefault(t.split, set()).add(t.template_id)
        rep.tasks[(t.intent, t.level, t.split)] += 1
        sides[t.template_id].add(t.split)
        key = f"{t.template_id}\0{t.split}"
        if key in seen_sql:
            continue  # one skeleton per template and side is enough (all its tasks share it)
        seen_sql.add(key)
        shapes.setdefault(t.split, {}).setdefault(skeleton(t.gold_sql), t.template_id)
    rep.both_sides = sorted(tid for tid, s in sides.items() if len(s) > 1)
    train, test = shapes.get("train", {}), shapes.get("test", {})
    rep.shared_shapes = sorted((k, train[k], test[k]) for k in train.keys() & test.keys())
    return rep


@dataclass
class Dist:
    n: int
    mean: float
    median: float
    p10: float
    p90: float
    low: int
    high: int
    written_mean: float | None  # mean of the as-written count (None: the file predates it)


def dist(group: list[Task]) -> Dist | None:
    if not group:
        return None
    values = [t.complexity_total for t in group]
    qs = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    written = [t.complexity.get("as_written") for t in group]
    return Dist(len(values), statistics.fmean(values), statistics.median(values), qs[0], qs[-1], min(values),
                max(values), statistics.fmean(written) if all(isinstance(w, int) for w in written) else None)


def complexity_groups(tasks: list[Task]) -> list[tuple[str, Dist | None]]:
    """Pruned complexity overall, by intent, by intent x level, by level and by split."""
    rows = [("all", dist(tasks))]
    for i in INTENTS:
        rows.append((i, dist([t for t in tasks if t.intent == i])))
    for i in INTENTS:
        for lv in LEVELS:
            rows.append((f"{i}/{lv}", dist([t for t in tasks if t.intent == i and t.level == lv])))
    for lv in LEVELS:
        rows.append((f"{lv} level", dist([t for t in tasks if t.level == lv])))
    for sp in SPLITS:
        rows.append((f"{sp} split", dist([t for t in tasks if t.split == sp])))
    return rows


def histogram(tasks: list[Task], width: int = 5) -> list[tuple[str, int]]:
    """Tasks per pruned-complexity bucket of ``width`` components."""
    c = Counter(t.complexity_total // width for t in tasks)
    if not c:
        return []
    return [(f"{b * width}-{b * width + width - 1}", c.get(b, 0)) for b in range(min(c), max(c) + 1)]
