"""The graded corpus (tests/scoring/corpus.py): every answer gets the verdict a careful grader gives, and no
wrong answer or abstention is ever called correct."""

from __future__ import annotations

from collections import Counter

import pytest

from ehr_tui.scoring import AnswerSpec, parse_kinds, score_answer

from .corpus import CORPUS


def spec(shape: str, gold, question: str = "") -> AnswerSpec:
    answer_type, _, kinds = shape.partition("/")
    empty = kinds.endswith("!")
    return AnswerSpec(answer_type, parse_kinds(kinds.rstrip("!").split(",")), gold, empty_answer=empty,
                      question=question)


def _case(entry):
    text, shape, gold, expected, *q = entry
    return text, shape, gold, expected, (q[0] if q else "")


def test_corpus_is_large_and_covers_every_kind():
    assert len(CORPUS) >= 200
    kinds = Counter(k.rstrip("!") for e in CORPUS for k in e[1].partition("/")[2].split(","))
    for kind in ("identifier", "code", "count", "boolean", "date", "timestamp", "string"):
        assert kinds[kind] >= 5, kind
    assert sum(n for k, n in kinds.items() if k.startswith("measurement")) >= 20
    verdicts = Counter(e[3] for e in CORPUS)
    assert verdicts["wrong"] >= 60 and verdicts["abstained"] >= 15 and verdicts["correct"] >= 100


@pytest.mark.parametrize("entry", CORPUS, ids=[f"{i}-{e[1]}-{e[3]}" for i, e in enumerate(CORPUS)])
def test_corpus_verdict(entry):
    text, shape, gold, expected, question = _case(entry)
    v = score_answer(text, spec(shape, gold, question))
    assert v.outcome == expected, (text, shape, gold, v)


def test_no_false_positives_on_the_corpus():
    false_pos = []
    for entry in CORPUS:
        text, shape, gold, expected, question = _case(entry)
        if expected != "correct" and score_answer(text, spec(shape, gold, question)).correct:
            false_pos.append(entry)
    assert false_pos == []
