"""Choosing a run's tasks: seeded, order-independent, stratified samples (`ehr-tui run --sample`)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ehr_tui.errors import UserError
from ehr_tui.tasks.model import INTENTS, LEVELS, Task
from ehr_tui.tasks.sampling import parse_strata, sample


def _tasks() -> list[Task]:
    # file order puts all of one category first, as generated files tend to: 60 demographics/patient tasks,
    # then a handful of every other category (a category of one task included)
    out = []
    sizes = {(i, lv): 3 for i in INTENTS for lv in LEVELS}
    sizes[("demographics", "patient")] = 60
    sizes[("cost", "population")] = 1
    for (i, lv), n in sizes.items():
        for k in range(n):
            out.append(Task(id=f"{i}.{lv}.t{k % 2}:{k:04d}", intent=i, level=lv, template_id=f"{i}.{lv}.t{k % 2}",
                            split="test" if k % 3 == 0 else "train", question="q?", gold_sql="SELECT 1",
                            gold_answer=k, answer_type="number"))
    return out


def test_stratified_sample_covers_every_category():
    tasks = _tasks()
    got = sample(tasks, 12, ("intent", "level"), seed=0)
    assert len(got) == 12
    assert Counter((t.intent, t.level) for t in got) == Counter({(i, lv): 1 for i in INTENTS for lv in LEVELS})
    big = sample(tasks, 40, ("intent", "level"), seed=0)
    cats = Counter((t.intent, t.level) for t in big)
    assert len(big) == 40 and set(cats) == {(i, lv) for i in INTENTS for lv in LEVELS}
    assert cats[("cost", "population")] == 1 and cats[("demographics", "patient")] > 3  # proportional, capped
    assert all(cats[c] <= 3 for c in cats if c != ("demographics", "patient"))


def test_sample_depends_on_seed_and_ids_only_and_keeps_file_order():
    tasks = _tasks()
    shuffled = tasks[:]
    random.Random(1).shuffle(shuffled)
    a = sample(tasks, 15, ("intent",), seed=3)
    b = sample(shuffled, 15, ("intent",), seed=3)
    assert {t.id for t in a} == {t.id for t in b}
    assert [t.id for t in a] == [t.id for t in tasks if t.id in {x.id for x in a}]
    assert {t.id for t in sample(tasks, 15, ("intent",), seed=4)} != {t.id for t in a}


def test_plain_sample_is_prefix_stable_and_not_file_order():
    tasks = _tasks()
    small, large = sample(tasks, 10, seed=0), sample(tasks, 30, seed=0)
    assert {t.id for t in small} <= {t.id for t in large}
    assert [t.id for t in small] != [t.id for t in tasks[:10]]
    assert sample(tasks, 10_000, seed=0) == tasks


@pytest.mark.parametrize("text", ["intent,ward", "", " , ", "INTENT"])
def test_bad_strata_are_user_errors(text):
    with pytest.raises(UserError, match="intent, level, split, template, answer_type"):
        parse_strata(text)


def test_bad_sample_size_is_a_user_error():
    with pytest.raises(UserError, match="at least 1"):
        sample(_tasks(), 0)


def test_strata_keys():
    assert parse_strata("intent, level,intent") == ("intent", "level")
    tasks = _tasks()
    got = sample(tasks, 4, ("split",), seed=0)
    assert {t.split for t in got} == {"train", "test"}
    got = sample(tasks, 24, ("template",), seed=0)
    assert len({t.template_id for t in got}) == 23  # every template (23 of them), one more from the largest
