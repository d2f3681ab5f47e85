"""Answers that reach a value by a side door: a JSON wrapper round a hedge or a refusal, a correction or
qualifier after the value, a placeholder or an error printed where the value should be (classes an
independent grader found false positives in). None may score as correct; the plain right answers still do."""

from __future__ import annotations

import pytest

from ehr_tui.scoring import score_answer

from .test_corpus_adversarial import spec

Q = "How many hospital admissions did patient 10000032 have?"

NOT_CORRECT = [
    ('["5 (maybe 6)"]', "number/count", 5, "wrong"),
    ('["No idea"]', "number/count", 5, "abstained"),
    ('["No idea"]', "boolean/boolean", False, "abstained"),
    ('{"answer": "No idea"}', "boolean/boolean", False, "abstained"),
    ('["possibly Heparin"]', "string/string", "Heparin", "wrong"),
    ('["Heparin", "unknown"]', "set/string", ["Heparin", "Insulin"], "wrong"),
    ('[["Heparin"], ["probably Insulin"]]', "set/string", ["Heparin", "Insulin"], "wrong"),
    ("5 (correction: 6)", "number/count", 5, "wrong"),
    ("5 (low confidence)", "number/count", 5, "wrong"),
    ("Yes (low confidence)", "boolean/boolean", True, "wrong"),
    ("12345 (plus 25000)", "number/count", 12345, "wrong"),
    ("5 (approximately)", "number/count", 5, "wrong"),
    ("5 is wrong", "number/count", 5, "wrong"),
    ("5, scratch that", "number/count", 5, "wrong"),
    ("5 - scratch that, 6", "number/count", 5, "wrong"),
    ("Heparin (I mean Insulin)", "string/string", "Heparin", "wrong"),
    ("~5", "number/count", 5, "wrong"),
    ("about 5", "number/count", 5, "wrong"),
    ("around 5 admissions", "number/count", 5, "wrong"),
    ("5ish", "number/count", 5, "wrong"),
    ("5 at a minimum", "number/count", 5, "wrong"),
    ("5 if you count transfers", "number/count", 5, "wrong"),
    ("hardly 5", "number/count", 5, "wrong"),
    ("not quite 5", "number/count", 5, "wrong"),
    ("circa 20000345", "number/identifier", 20000345, "wrong"),
    ("5k", "number/count", 5, "wrong"),
    ("20000345a", "number/identifier", 20000345, "wrong"),
    ("Not **Heparin**", "string/string", "Heparin", "wrong"),
    ("It was anything but Heparin.", "string/string", "Heparin", "wrong"),
    ("Insulin, not Heparin", "string/string", "Heparin", "wrong"),
    ("Placeholder: 0", "number/count", 0, "abstained"),
    ("Exception: 0", "number/count", 0, "abstained"),
    ("Traceback (most recent call last): ... 0", "number/count", 0, "abstained"),
    ("Placeholder answer: no", "boolean/boolean", False, "abstained"),
    ("TBD", "string/string", "Heparin", "abstained"),
]

RIGHT = [
    ('["5"]', "number/count", 5),
    ('["Heparin"]', "string/string", "Heparin"),
    ('[["F", 2.26], ["M", 8.45]]', "table/string,measurement:2", [["F", 2.26], ["M", 8.45]]),
    ('[["UNKNOWN", 3]]', "table/string,count", [["UNKNOWN", 3]]),  # a MIMIC value, not a refusal
    ('["Heparin", "Insulin"]', "set/string", ["Heparin", "Insulin"]),
    ("The patient had 5 admissions.", "number/count", 5),
    ("It was the 5th admission: 20000345", "number/identifier", 20000345),
    ("approximately 5.43", "number/measurement:2", 5.43),  # the stated rounding
    ("Yes, aspirin was prescribed at least once.", "boolean/boolean", True),
]


@pytest.mark.parametrize("text,shape,gold,outcome", NOT_CORRECT)
def test_a_side_door_to_the_value_is_never_correct(text, shape, gold, outcome):
    v = score_answer(text, spec(shape, gold, Q))
    assert v.outcome == outcome, v


@pytest.mark.parametrize("text,shape,gold", RIGHT)
def test_the_plain_right_answer_still_scores(text, shape, gold):
    v = score_answer(text, spec(shape, gold, Q))
    assert v.correct, v


@pytest.mark.parametrize("text", ["1E100", "1e400", "-1E99999", "9" * 60 + ".5"])
def test_a_huge_number_is_wrong_not_a_crash(text):
    v = score_answer(text, spec("number/measurement:2", 5.43))
    assert v.outcome == "wrong", v


def test_no_doubt_is_not_no():
    assert not score_answer("No doubt about it: yes", spec("boolean/boolean", False)).correct
    assert not score_answer("It is not untrue.", spec("boolean/boolean", False)).correct
