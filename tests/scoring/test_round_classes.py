"""Answers of my own for each class an outside grading round found (roundN_classes.py, one file per round):
each expected verdict is a careful grader's; every class has answers it must reject and answers it must
still accept."""

from __future__ import annotations

import pytest

from ehr_tui.scoring import score_answer

from . import round3_classes, round4_classes, round5_classes, round6_classes, round7_classes, round8_classes, \
    round9_classes, round10_classes, round10_open_classes, round11_classes, \
    round12_classes, round13_classes, round14_classes, round15_classes, round16_classes, \
    round17_classes, round19_classes, round20_classes, round21_classes, round22_classes, \
    round23_classes, round24_classes, round25_classes, round26_classes
from .test_corpus_adversarial import spec

ROUNDS = {3: round3_classes, 4: round4_classes, 5: round5_classes, 6: round6_classes, 7: round7_classes, 8: round8_classes,
          9: round9_classes, 10: round10_classes, 10.5: round10_open_classes,
          11: round11_classes, 12: round12_classes, 13: round13_classes, 14: round14_classes,
          15: round15_classes, 16: round16_classes, 17: round17_classes, 19: round19_classes, 20: round20_classes, 21: round21_classes, 22: round22_classes, 23: round23_classes, 24: round24_classes, 25: round25_classes, 26: round26_classes}
ENTRIES = [(r, e) for r, mod in ROUNDS.items() for e in mod.CASES]


@pytest.mark.parametrize("round_,entry", ENTRIES,
                         ids=[f"round{r}-{i}-{e[3]}-{e[0][:30]}" for i, (r, e) in enumerate(ENTRIES)])
def test_round_class(round_, entry):
    text, shape, gold, expected, question = entry
    v = score_answer(text, spec(shape, gold, question))
    if expected == "not-correct":  # wrong and abstained both fine
        assert not v.correct, (round_, entry, v)
    else:
        assert v.outcome == expected, (round_, entry, v)
