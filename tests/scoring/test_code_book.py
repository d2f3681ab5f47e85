"""The code book the scorer checks a code's gloss against: the official CMS titles, narrowed by the question, and
without them (no code sets installed) a gloss of substance that cannot be checked is not correct."""

from __future__ import annotations

from ehr_tui.scoring import code_book, parse_kinds, score_answer
from ehr_tui.scoring.answer import AnswerSpec

Q = "What was the principal ICD-10 diagnosis code of admission 21112222?"


def _score(text: str, gold: str, question: str = Q) -> str:
    return score_answer(text, AnswerSpec("string", parse_kinds(["code"]), gold, question=question)).outcome


def test_titles_come_from_the_official_code_sets_narrowed_by_the_question():
    assert code_book.titles("I214") == ("Non-ST elevation (NSTEMI) myocardial infarction",)
    both = code_book.titles("3893")  # ICD-9: a procedure (venous catheterization) and a diagnosis code alike
    assert code_book.titles("3893", "Which ICD-9 procedure was coded first?") == \
        ("Venous catheterization, not elsewhere classified",)
    assert len(both) >= 1
    assert code_book.titles("ZZZ99") == ()
    assert ("I5022", "Chronic systolic (congestive) heart failure") in code_book.siblings("I5023")
    assert any(c == "J9601" for c, _ in code_book.siblings("J9621"))


def test_a_gloss_is_checked_against_the_title():
    assert _score("I21.4 (NSTEMI)", "I214") == "correct"
    assert _score("I21.4 (STEMI)", "I214") == "wrong"
    assert _score("I50.23 (chronic systolic heart failure)", "I5023") == "wrong"  # I50.22's whole title
    assert _score("I50.23 (acute on chronic systolic HF)", "I5023") == "correct"


def test_without_code_sets_a_gloss_of_substance_is_not_correct(monkeypatch):
    monkeypatch.setattr(code_book, "_book", {})
    monkeypatch.setattr(code_book, "_families", {})
    assert _score("I21.4 (NSTEMI)", "I214") == "wrong"
    assert _score("I21.4 (ICD-10, seq_num 1)", "I214") == "correct"  # nothing about which code it is
    assert _score("I21.4", "I214") == "correct"
