"""Generated tasks carry answer kinds the scorer uses: every task's own gold answer, written as a model would
(JSON or plain text), scores correct; an identifier or count one off, or a code with another last digit,
does not. On the real demo (skipped when ../shared is absent)."""

from __future__ import annotations

import json
from collections import Counter

from ehr_tui.scoring import check_kinds, parse_kinds, score_task


def test_every_task_has_kinds_and_its_gold_scores_correct(demo_tasks):
    kinds = Counter()
    for t in demo_tasks:
        assert check_kinds(t.answer_kinds, t.answer_type, t.gold_answer) is None, t.id
        kinds.update(k.name for k in parse_kinds(t.answer_kinds))
        assert score_task(json.dumps(t.gold_answer), t).correct, (t.id, t.gold_answer, t.answer_kinds)
        if t.answer_type in ("number", "string", "date") and t.gold_answer is not None:
            assert score_task(str(t.gold_answer), t).correct, (t.id, t.gold_answer)
    assert kinds["identifier"] + kinds["count"] + kinds["measurement"] > 0 and kinds["string"] + kinds["code"] > 0


def test_near_misses_of_the_gold_are_wrong(demo_tasks):
    checked = 0
    for t in demo_tasks:
        (kind, *_) = parse_kinds(t.answer_kinds)
        g = t.gold_answer
        if t.answer_type == "number" and kind.integral and isinstance(g, int):
            assert not score_task(str(g + 1), t).correct, t.id
            checked += 1
        if t.answer_type == "number" and kind.name == "measurement" and kind.decimals is not None \
                and isinstance(g, (int, float)):
            step = 10 ** -kind.decimals
            assert not score_task(f"{g + step:.{kind.decimals}f}", t).correct, t.id
            checked += 1
        if t.answer_type == "string" and kind.name == "code" and isinstance(g, str) and g[-1:].isdigit():
            other = g[:-1] + str((int(g[-1]) + 1) % 10)
            assert not score_task(other, t).correct, t.id
            checked += 1
        if t.answer_type == "boolean" and isinstance(g, bool):
            assert score_task("no idea", t).abstained
            assert not score_task("yes" if not g else "no", t).correct
            checked += 1
    assert checked > 10
