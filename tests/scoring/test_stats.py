"""Statistics: bootstrap intervals over tasks, paired tests, EHRSQL 2024's reliability score."""

from __future__ import annotations

import math

from ehr_tui.scoring import bootstrap_mean, bootstrap_ratio, paired_difference, reliability
from ehr_tui.scoring.stats import holm, mcnemar_exact


def test_reliability_matches_ehrsql_2024():
    # 6 correct, 2 abstained, 2 wrong of 10: +1 / 0 / -c
    assert math.isclose(reliability(6, 2, 2, 0), 0.6)
    assert math.isclose(reliability(6, 2, 2, 5), (6 - 10) / 10)
    assert math.isclose(reliability(6, 2, 2, 10), (6 - 20) / 10)
    assert math.isclose(reliability(6, 2, 2, "N"), (6 - 20) / 10)  # N = the number of answers
    assert reliability(0, 0, 0, 5) == 0.0
    assert reliability(5, 5, 0, "N") == 0.5  # abstaining never costs


def test_bootstrap_interval_contains_the_estimate_and_is_reproducible():
    succ = [1, 0, 1, 1, 0, 1, 0, 1, 1, 1] * 5
    i = bootstrap_mean(succ)
    assert i.low <= sum(succ) / len(succ) <= i.high and i.high - i.low > 0.1
    assert bootstrap_mean(succ) == i  # fixed seed
    assert bootstrap_mean([1.0] * 20) == type(i)(1.0, 1.0)
    assert bootstrap_mean([]) is None


def test_bootstrap_resamples_tasks_not_trials():
    # one task with 9 of 9 trials right, nine tasks with 0 of 1: the unit is the task
    i = bootstrap_ratio([9] + [0] * 9, [9] + [1] * 9)
    assert i.low == 0.0 and i.high > 0.5


def test_mcnemar_exact_known_values():
    assert mcnemar_exact(0, 0) == 1.0
    assert math.isclose(mcnemar_exact(0, 6), 2 / 64)
    assert math.isclose(mcnemar_exact(1, 5), 2 * 7 / 64)


def test_paired_difference_says_within_noise_or_significant():
    a = [1, 0] * 10
    same = paired_difference(a, a, binary=True)
    assert same.difference == 0 and same.within_noise and "within noise" in same.words()
    better = paired_difference([0] * 20, [1] * 20, binary=True)
    assert not better.within_noise and "significant" in better.words() and better.interval.low > 0
    small = paired_difference([0, 1, 1, 0, 1], [1, 1, 1, 0, 1], binary=True)
    assert small.within_noise
    cont = paired_difference([0.0, 0.5, 0.5] * 10, [1.0, 1.0, 0.5] * 10, binary=False)
    assert cont.test == "sign-flip permutation" and not cont.within_noise
    assert paired_difference([], [], binary=True).words() == "no common tasks"


def test_holm_adjustment_is_monotone_and_keeps_missing():
    adj = holm([0.01, None, 0.04, 0.03])
    assert adj[1] is None
    assert math.isclose(adj[0], 0.03) and adj[2] >= adj[3] >= adj[0]
