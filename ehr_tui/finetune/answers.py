"""Answer extraction and metrics of the generation benchmarks, as their authors score them.

GSM8K: the gold answer is the number after ``####``; a completion's answer is the number after its
last ``####``, else its last number (``The answer is 18.``); both compared as exact decimals after
dropping thousands separators, currency signs and a trailing period ("18", "18.0" and "$18" agree;
"18.5" does not). PubMedQA-L: the decision yes / no / maybe from the last "answer: X" in the
completion, else the only one of the three words it uses (a completion naming several, or none,
has no answer and counts as wrong); accuracy and macro-F1 over the three classes.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

_NUMBER = re.compile(r"-?\$?\d[\d,]*(?:\.\d+)?|-?\$?\.\d+")
LABELS = ("yes", "no", "maybe")
_ANSWER_IS = re.compile(r"answer\s*(?:is)?\s*[:\-]?\s*\**\s*(yes|no|maybe)\b", re.IGNORECASE)
_WORD = re.compile(r"\b(yes|no|maybe)\b", re.IGNORECASE)


def _decimal(text: str) -> Decimal | None:
    t = text.replace(",", "").replace("$", "").rstrip(".")
    try:
        return Decimal(t)
    except InvalidOperation:
        return None


def gsm8k_gold(answer: str) -> Decimal | None:
    """The number after ``####`` of a GSM8K worked answer."""
    if "####" not in answer:
        return None
    m = _NUMBER.search(answer.rsplit("####", 1)[1])
    return _decimal(m.group()) if m else None


def gsm8k_answer(completion: str) -> Decimal | None:
    """The number a completion gives: after its last ``####``, else its last number."""
    if "####" in completion:
        m = _NUMBER.search(completion.rsplit("####", 1)[1])
        if m:
            return _decimal(m.group())
    found = _NUMBER.findall(completion)
    return _decimal(found[-1]) if found else None


def gsm8k_correct(completion: str, gold: Decimal | None) -> bool:
    got = gsm8k_answer(completion)
    return got is not None and gold is not None and got == gold


def pubmedqa_answer(completion: str) -> str | None:
    """yes / no / maybe, or None when the completion does not decide."""
    stated = _ANSWER_IS.findall(completion)
    if stated:
        return stated[-1].lower()
    words = {w.lower() for w in _WORD.findall(completion)}
    return words.pop() if len(words) == 1 else None


def macro_f1(gold: list[str], predicted: list[str | None], labels: tuple[str, ...] = LABELS) -> float:
    """Unweighted mean of the per-class F1 over ``labels`` (an unanswered prediction is wrong for every
    class); a class with neither gold nor predicted examples is left out."""
    scores = []
    for label in labels:
        tp = sum(g == label and p == label for g, p in zip(gold, predicted))
        fp = sum(g != label and p == label for g, p in zip(gold, predicted))
        fn = sum(g == label and p != label for g, p in zip(gold, predicted))
        if tp + fp + fn == 0:
            continue
        scores.append(2 * tp / (2 * tp + fp + fn))
    return sum(scores) / len(scores) if scores else 0.0
