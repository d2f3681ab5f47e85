"""Answer balance: the order in which a template's answered candidates become tasks.

A benchmark where "no" is right 90% of the time rewards an agent that always says no. So a
template's tasks are taken from its answered candidates (in the seeded candidate order) such that
after every task no answer value holds more than half of the template's tasks, rounded up: the
next task is the first remaining candidate whose answer value is still under that cap. Boolean
templates therefore alternate yes and no (exactly 50/50 on an even count), and no value of any
template exceeds 50% (60% is the benchmark's promise), apart from templates with very few tasks
(2 of 3 is the least imbalance possible). When only over-represented answers remain, the stream
waits for more candidates, and ends when the template has none left: a template whose answers
are all alike contributes one task.

The order depends only on the candidates seen so far, so the stream for N tasks is the beginning
of the stream for more (generation stays prefix-stable in ``--n``).
"""

from __future__ import annotations

import heapq
import json
from collections import Counter, deque
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def answer_key(answer: Any) -> str:
    """The value balance counts: the answer as canonical JSON (an unordered answer is stored sorted)."""
    return json.dumps(answer, sort_keys=True, ensure_ascii=False)


def cap(n: int) -> int:
    """Most tasks one answer value may hold among ``n`` tasks of a template."""
    return (n + 1) // 2


class BalancedStream(Generic[T]):
    """Candidates in, tasks out: ``add`` answered candidates in their order, ``take`` up to n tasks."""

    def __init__(self) -> None:
        self.taken: list[T] = []
        self.counts: Counter = Counter()
        self._queues: dict[str, deque[tuple[int, T]]] = {}  # value -> heap of (order, item) not yet taken
        self._heads: list[tuple[int, str]] = []             # (order of the queue's head, value)
        self._seen = 0

    def add(self, key: str, item: T) -> None:
        q = self._queues.setdefault(key, deque())
        if not q:
            heapq.heappush(self._heads, (self._seen, key))
        q.append((self._seen, item))
        self._seen += 1

    @property
    def waiting(self) -> int:
        """Answered candidates held back (their value is at its cap)."""
        return sum(len(q) for q in self._queues.values())

    def take(self, n: int) -> list[T]:
        """Extend the stream towards ``n`` tasks; returns the tasks taken now."""
        out: list[T] = []
        while len(self.taken) < n and self._heads:
            limit = cap(len(self.taken) + 1)
            held = []
            chosen = None
            while self._heads:
                order, key = heapq.heappop(self._heads)
                if self.counts[key] + 1 <= limit:
                    chosen = key
                    break
                held.append((order, key))
            for h in held:
                heapq.heappush(self._heads, h)
            if chosen is None:
                break
            q = self._queues[chosen]
            _, item = q.popleft()
            if q:
                heapq.heappush(self._heads, (q[0][0], chosen))
            self.counts[chosen] += 1
            self.taken.append(item)
            out.append(item)
        return out
