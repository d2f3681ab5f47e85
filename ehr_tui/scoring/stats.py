"""Statistics of a run: pass@k / pass^k, bootstrap intervals, paired tests, EHRSQL's reliability score.

- ``pass_at_k`` / ``pass_hat_k``: the unbiased estimators over n trials with c successes.
- Intervals are 95% percentile bootstraps that resample *tasks* (a task's trials move together: they
  are not independent draws), 2,000 resamples from a fixed seed, so a report is reproducible.
- ``paired_difference`` compares two runs on the tasks both have: the difference of means with a
  paired bootstrap interval, and a p-value from McNemar's exact test when every task has one trial
  in each run (binary outcomes), else from a sign-flip permutation test on the per-task differences.
  A difference whose p-value is 0.05 or more is reported as within noise.
- ``reliability``: EHRSQL 2024's score, +1 per correct answer, 0 per abstention, -c per wrong one,
  averaged; c is 0 (plain accuracy), 5, 10 or N (the number of answers: one error cancels all).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import comb
from typing import Sequence

import numpy as np

BOOTSTRAP = 2000
SEED = 0
LEVEL = 0.95
ALPHA = 0.05
PENALTIES: tuple[int | str, ...] = (0, 5, 10, "N")


def _check_nck(n: int, c: int, k: int) -> None:
    if not (isinstance(n, int) and isinstance(c, int) and isinstance(k, int)):
        raise ValueError("n, c and k must be integers")
    if n < 1 or not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"need n >= 1, 0 <= c <= n and 1 <= k <= n; got n={n}, c={c}, k={k}")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k: the chance that at least one of k trials drawn from n succeeds,
    1 - C(n-c, k) / C(n, k)."""
    _check_nck(n, c, k)
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Unbiased pass^k: the chance that all k trials drawn from n succeed, C(c, k) / C(n, k)."""
    _check_nck(n, c, k)
    return comb(c, k) / comb(n, k)


@dataclass(frozen=True)
class Interval:
    low: float
    high: float

    def to_list(self) -> list[float]:
        return [round(self.low, 6), round(self.high, 6)]


def _resample_index(n: int, b: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, n, size=(b, n), dtype=np.int32)


def bootstrap_ratio(successes: Sequence[float], trials: Sequence[float], b: int = BOOTSTRAP,
                    seed: int = SEED) -> Interval | None:
    """Interval of sum(successes) / sum(trials) when tasks (the pairs) are resampled."""
    s = np.asarray(successes, dtype=float)
    t = np.asarray(trials, dtype=float)
    if len(s) == 0 or t.sum() == 0:
        return None
    if len(s) == 1:
        v = float(s[0] / t[0]) if t[0] else 0.0
        return Interval(v, v)
    idx = _resample_index(len(s), b, seed)
    num, den = s[idx].sum(axis=1), t[idx].sum(axis=1)
    ratios = np.divide(num, den, out=np.zeros_like(num), where=den > 0)
    lo, hi = np.quantile(ratios, [(1 - LEVEL) / 2, (1 + LEVEL) / 2])
    return Interval(float(lo), float(hi))


def bootstrap_mean(values: Sequence[float], b: int = BOOTSTRAP, seed: int = SEED) -> Interval | None:
    return bootstrap_ratio(values, [1.0] * len(values), b, seed)


@dataclass(frozen=True)
class Paired:
    n: int                 # tasks compared
    difference: float      # mean(b) - mean(a)
    interval: Interval | None
    p_value: float | None
    test: str              # "McNemar exact" | "sign-flip permutation" | "none"

    @property
    def within_noise(self) -> bool:
        return self.p_value is None or self.p_value >= ALPHA

    def words(self) -> str:
        if self.n == 0:
            return "no common tasks"
        if self.p_value is None:
            return "too few tasks to test"
        if self.within_noise:
            return f"within noise (p = {self.p_value:.2f}, {self.test})"
        return f"significant (p = {_p(self.p_value)}, {self.test})"

    def to_dict(self) -> dict:
        return {"n": self.n, "difference": round(self.difference, 6),
                "interval": self.interval.to_list() if self.interval else None,
                "p_value": None if self.p_value is None else round(self.p_value, 6), "test": self.test,
                "within_noise": self.within_noise}


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def mcnemar_exact(b01: int, b10: int) -> float:
    """Two-sided exact McNemar p-value from the discordant pair counts (binomial, p = 1/2)."""
    n = b01 + b10
    if n == 0:
        return 1.0
    k = min(b01, b10)
    tail = sum(comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def sign_flip_p(diffs: Sequence[float], b: int = 10_000, seed: int = SEED) -> float:
    """Two-sided permutation p-value for a zero mean of paired differences (random sign flips)."""
    d = np.asarray(diffs, dtype=float)
    observed = abs(d.mean())
    if observed == 0:
        return 1.0
    rng = np.random.default_rng(seed)
    signs = rng.choice(np.array([-1.0, 1.0]), size=(b, len(d)))
    means = np.abs((signs * d).mean(axis=1))
    # ties at the observed value count as extreme (a tolerance for float summation order)
    extreme = int((means >= observed - 1e-12).sum())
    return (extreme + 1) / (b + 1)


def paired_difference(a: Sequence[float], b: Sequence[float], binary: bool) -> Paired:
    """B minus A over paired per-task scores (accuracy of each task in each run)."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    n = len(x)
    if n == 0:
        return Paired(0, 0.0, None, None, "none")
    diff = float(y.mean() - x.mean())
    interval = bootstrap_mean((y - x).tolist())
    if n < 2:
        return Paired(n, diff, interval, None, "none")
    if binary:
        b01 = int(((x == 1) & (y == 0)).sum())
        b10 = int(((x == 0) & (y == 1)).sum())
        return Paired(n, diff, interval, mcnemar_exact(b01, b10), "McNemar exact")
    return Paired(n, diff, interval, sign_flip_p((y - x).tolist()), "sign-flip permutation")


def reliability(correct: int, abstained: int, wrong: int, penalty: int | str) -> float:
    """EHRSQL 2024's reliability score: (correct - c * wrong) / all, abstentions scoring 0."""
    n = correct + abstained + wrong
    if n == 0:
        return 0.0
    c = n if penalty == "N" else int(penalty)
    return (correct - c * wrong) / n


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm-adjusted p-values (for the per-intent tests of one comparison)."""
    present = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(present)
    out: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def finite(x: float) -> bool:
    return isinstance(x, (int, float)) and math.isfinite(x)
