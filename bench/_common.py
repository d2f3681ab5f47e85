"""Helpers shared by the benchmarks: where the demo data is, timing, a results table."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
DEMO_DIR = ROOT.parent / "shared" / "mimic-iv-demo-2.2"
console = Console()


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """Median wall time of `repeat` calls (seconds); the median resists one noisy run on a shared machine."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def interleaved_rounds(fns: list[Callable[[], object]], repeat: int = 5, alternate: bool = False
                       ) -> list[list[float]]:
    """Wall time of each function in each round, run in alternation so load changes hit all of them alike.
    ``alternate``: every other round runs them in reverse order (A B, B A, ...), so whatever one run leaves
    behind for the next (a cache, another process's threads still spinning) falls on each side alike."""
    times: list[list[float]] = [[] for _ in fns]
    for k in range(repeat):
        order = list(enumerate(fns))
        for i, fn in (order[::-1] if alternate and k % 2 else order):
            t0 = time.perf_counter()
            fn()
            times[i].append(time.perf_counter() - t0)
    return times


def interleaved(fns: list[Callable[[], object]], repeat: int = 5) -> list[float]:
    """Median wall time of each function, run in alternation so load changes hit all of them alike."""
    return [statistics.median(t) for t in interleaved_rounds(fns, repeat)]


def paired_ratio(new: list[float], old: list[float]) -> float:
    """The median over rounds of new/old measured in the same round: on a shared machine the load of one
    round hits both, so the ratio of a round is steadier than the ratio of two medians."""
    return statistics.median(n / o for n, o in zip(new, old))


def report(title: str, rows: list[tuple[str, ...]], columns: tuple[str, ...]) -> None:
    t = Table(title=title)
    for c in columns:
        t.add_column(c, justify="left" if c == columns[0] else "right")
    for r in rows:
        t.add_row(*r)
    console.print(t)
