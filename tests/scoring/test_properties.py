"""Invariances of the answer rules (hypothesis): a set's order, a number written at the asked precision in any
format, surrounding prose, case and spacing; the estimators against brute force."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import math
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ehr_tui.scoring import AnswerSpec, exact_match, parse_kinds, pass_at_k, pass_hat_k, score_answer, to_jsonable
from ehr_tui.tasks.model import ANSWER_TYPES

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ -/()%", min_size=1,
                max_size=20).filter(lambda s: any(ch.isalpha() for ch in s))
PROSE = ["{}", "The answer is {}.", "**{}**", "Final answer: {}", "It was {}", "```\n{}\n```", "  {}  \n"]


def spec(answer_type: str, kinds: str, gold, question: str = "") -> AnswerSpec:
    return AnswerSpec(answer_type, parse_kinds(kinds.split(",")), gold, question=question)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200), st.sampled_from(ANSWER_TYPES),
       st.sampled_from(["count", "identifier", "code", "measurement:2", "measurement", "boolean", "date",
                        "timestamp", "string"]))
def test_scoring_never_raises_and_never_accepts_noise(text, answer_type, kind):
    gold = {"boolean": True, "date": "2150-03-04", "timestamp": "2150-03-04 10:15:00"}.get(kind, 123456789)
    v = score_answer(text, spec(answer_type, kind, [gold] if answer_type in ("list", "set") else
                                [[gold]] if answer_type == "table" else gold))
    assert v.outcome in ("correct", "wrong", "abstained")
    if v.correct:  # random text that is right must state the gold
        assert any(ch.isdigit() for ch in text) or kind == "boolean"


@given(st.integers(1, 10**9), st.sampled_from(PROSE))
def test_identifier_matches_only_itself_in_any_prose(i, form):
    s = spec("number", "identifier", i)
    assert score_answer(form.format(i), s).correct
    assert score_answer(form.format(f"{i:,}"), s).correct
    for other in (i + 1, i - 1, i + 2000, i * 10):
        if other != i:
            assert not score_answer(form.format(other), s).correct


@given(st.decimals(min_value=-10**6, max_value=10**6, places=2, allow_nan=False, allow_infinity=False),
       st.integers(0, 3), st.sampled_from(PROSE))
def test_measurement_at_the_asked_precision(value, decimals, form):
    gold = float(value)
    s = spec("number", f"measurement:{decimals}", gold)
    q = Decimal(1).scaleb(-decimals)
    at = Decimal(repr(gold)).quantize(q, rounding="ROUND_HALF_UP")
    assert score_answer(form.format(format(at, "f")), s).correct
    assert score_answer(form.format(f"{at:,f}"), s).correct  # thousands separators
    off = at + q  # one unit of the asked precision away
    assert not score_answer(form.format(format(off, "f")), s).correct
    if decimals >= 1 and at == at.to_integral_value() and abs(at) >= 10:
        pass
    elif decimals >= 1:  # coarser than asked is not enough
        coarse = at.quantize(Decimal(1), rounding="ROUND_HALF_UP")
        if coarse != at:
            assert not score_answer(form.format(format(coarse, "f")), s).correct


@given(st.integers(0, 10**6), st.sampled_from(PROSE))
def test_count_in_prose_and_off_by_one(n, form):
    s = spec("number", "count", n)
    assert score_answer(form.format(n), s).correct
    assert not score_answer(form.format(n + 1), s).correct
    assert not score_answer(form.format(f"{n}-{n + 2}"), s).correct  # a range is not one value


@given(st.lists(words, min_size=1, max_size=6, unique_by=lambda s: " ".join(s.split()).casefold()), st.randoms())
def test_sets_ignore_order_and_case_lists_keep_order(items, rnd):
    shuffled = items[:]
    rnd.shuffle(shuffled)
    assert exact_match(json.dumps([s.upper() for s in shuffled]), items, "set", kinds=["string"])
    assert exact_match(json.dumps(items), items, "list", kinds=["string"])
    if shuffled != items:
        assert not exact_match(json.dumps(shuffled), items, "list", kinds=["string"])
    if len(items) > 1:
        assert not exact_match(json.dumps(items[:-1]), items, "set", kinds=["string"])


@given(st.lists(st.integers(1, 10**8), min_size=1, max_size=6, unique=True), st.randoms(), st.sampled_from(
    [", ", "; ", "\n- ", " and "]))
def test_identifier_sets_any_order_any_separator(ids, rnd, sep):
    shuffled = ids[:]
    rnd.shuffle(shuffled)
    s = spec("set", "identifier", ids)
    assert score_answer(sep.join(map(str, shuffled)).lstrip("\n- "), s).correct
    changed = shuffled[:]
    changed[0] += 1
    if changed[0] not in ids:
        assert not score_answer(sep.join(map(str, changed)).lstrip("\n- "), s).correct


@given(st.sampled_from(["4280", "41401", "V1582", "I509", "E119", "0389", "Z7901"]), st.sampled_from(PROSE))
def test_codes_with_and_without_the_dot(code, form):
    s = spec("string", "code", code)
    dotted = code[:3] + "." + code[3:]
    assert score_answer(form.format(dotted), s).correct
    assert score_answer(form.format(code.lower()), s).correct
    last = code[:-1] + ("1" if code[-1] != "1" else "2")
    assert not score_answer(form.format(last), s).correct
    assert not score_answer(form.format(last[:3] + "." + last[3:]), s).correct


@given(words)
def test_strings_ignore_case_and_whitespace(s):
    messy = "  " + "   ".join(s.upper().split()) + " \n"
    assert exact_match(messy, s, "string", kinds=["string"])
    assert not exact_match(messy + "x", s, "string", kinds=["string"])


@given(st.datetimes(min_value=dt.datetime(1900, 1, 1), max_value=dt.datetime(2200, 12, 31)))
def test_dates_match_across_forms(t):
    t = t.replace(microsecond=0)
    gold = to_jsonable(t)
    assert exact_match(t.isoformat(), gold, "date", kinds=["timestamp"])
    assert exact_match(f"on {t.isoformat(sep=' ')}", gold, "date", kinds=["timestamp"])
    assert exact_match(t.date().isoformat(), to_jsonable(t.date()), "date", kinds=["date"])
    assert exact_match(t.strftime("%B %d, %Y"), to_jsonable(t.date()), "date", kinds=["date"])
    if t.time() != dt.time(0):
        assert not exact_match(t.date().isoformat(), gold, "date", kinds=["timestamp"])
    assert not exact_match((t + dt.timedelta(days=1)).date().isoformat(), to_jsonable(t.date()), "date",
                           kinds=["date"])


@given(st.sampled_from(["No idea", "I don't know", "unknown", "N/A", "I could not determine the answer",
                        "Insufficient data", "No data available", "I'm not sure"]),
       st.sampled_from([("boolean", "boolean", False), ("number", "count", 0), ("string", "string", "none"),
                        ("set", "string", ["a"])]))
def test_refusals_abstain_whatever_the_gold(text, case):
    answer_type, kind, gold = case
    assert score_answer(text, spec(answer_type, kind, gold)).outcome == "abstained"


def _brute_pass(n, c, k, all_succeed: bool) -> float:
    trials = [True] * c + [False] * (n - c)
    draws = list(itertools.combinations(range(n), k))
    return sum((all if all_succeed else any)(trials[i] for i in d) for d in draws) / len(draws)


@given(st.integers(1, 9).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n))))
def test_pass_k_estimators_equal_brute_force(nck):
    n, c, k = nck
    # both sides are ratios of small integers: 1e-12 covers the float division
    assert math.isclose(pass_at_k(n, c, k), _brute_pass(n, c, k, False), abs_tol=1e-12)
    assert math.isclose(pass_hat_k(n, c, k), _brute_pass(n, c, k, True), abs_tol=1e-12)


@pytest.mark.parametrize("n, c, k", [(0, 0, 1), (5, 6, 1), (5, -1, 1), (5, 2, 0), (5, 2, 6), (5.0, 2, 1)])
def test_pass_k_rejects_impossible_counts(n, c, k):
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)
    with pytest.raises(ValueError):
        pass_hat_k(n, c, k)


def test_a_json_list_is_an_answer_even_when_an_item_reads_like_a_refusal():
    for item in ("NO RESULT", "Unknown", "N/A", "none found"):
        assert exact_match(json.dumps([item]), [item], "set", kinds=["string"])
        assert not exact_match(json.dumps([item]), ["other"], "set", kinds=["string"])


def test_every_refusal_pattern_passes_the_cheap_prefilter():
    from ehr_tui.scoring.abstention import _NOTHING, _REFUSALS, hinted

    samples = ["I cannot determine", "unable to find", "cannot be determined", "can't answer", "no idea",
               "not sure", "unsure", "I'm sorry", "I apologise", "no answer", "unanswerable", "undetermined",
               "insufficient data", "not enough data", "no data", "data is not available",
               "is not available in the data", "not available from the records", "no results", "query returned no rows",
               "returned nothing", "result is empty", "empty result", "0 rows", "unknown date"]
    import re

    for sample in samples:
        hit = any(re.search(p, sample, re.I) for p in _REFUSALS + _NOTHING)
        assert hit, sample
        assert hinted(sample), sample


# near the plain forms but not plain: each must still get the checks (a question mark, a tilde, a second value)
_NEAR_PLAIN = ["5?", "~5", "+5", "5.", "5,000", "1e3", "0x10", "\u0663", "\uff15", "5 or 6", "-", "?", "5%", "5-6"]


def _plain_values_for(gold, kind: str) -> list[str]:
    """Plain answers of a kind near its gold: numbers around it, yes / no in every case, ISO dates and times."""
    if kind == "boolean":
        return ["yes", "Yes", "YES", "no", "No", "NO", "true", "True", "false", "FALSE", "nO", "yEs",
                "Yes?", "no?", "yes.", "Yes!", "ye\u017f", "NO RESULT", "n/a", "y", "Nope"] + _NEAR_PLAIN
    if kind in ("date", "timestamp"):
        base = str(gold)[:10] if gold else "2150-03-04"
        return [base, base + " 00:00", base + " 10:15", base + " 10:15:00", base + "T10:15:30", "2150-03-05",
                "2150-13-40", "0000-00-00", base + " 25:99", base + "?", "~" + base, base + " or 2150-03-06",
                base + "Z", base + " 10:15:00.5"] + _NEAR_PLAIN
    out = ["0", "-0", "007", "1", "-1", "99999999999999999999", "0.5", "2150", "10001217", "12.375", "-3.5",
           *_NEAR_PLAIN]
    try:
        g = Decimal(str(gold[0] if isinstance(gold, list) and gold else gold))
    except Exception:  # noqa: BLE001 - a gold that is no number still gets the fixed numbers
        return out
    for d in (Decimal(0), Decimal(1), Decimal("0.01"), Decimal("0.005"), Decimal("0.1"), Decimal(-1), Decimal("-0.01")):
        v = g + d
        out += [f"{v:f}", f"{v:.0f}", f"{v:.1f}", f"{v:.2f}", f"{v:.3f}"]
    return out


def test_plain_values_take_the_short_path_with_the_full_verdict(monkeypatch):
    """A plain value skips the checks for prose (scoring/answer.py, FAST_PLAIN_VALUES): on every task of the
    graded corpora, each plain number, yes / no, date or time near the gold gets the full path's verdict."""
    from ehr_tui.scoring import answer

    from .corpus import CORPUS
    from .test_corpus_adversarial import spec as corpus_spec
    from .test_graded_corpora import ENTRIES

    specs = {}
    for text, shape, gold, _expected, *q in list(CORPUS) + [e for _, e in ENTRIES]:
        s = corpus_spec(shape, gold, q[0] if q else "")
        specs[(shape, json.dumps(gold, default=str), s.question)] = s
    checked = {"numeric": 0, "boolean": 0, "date": 0, "timestamp": 0}
    for s in specs.values():
        kind = s.kinds[0]
        family = "numeric" if kind.numeric else kind.name
        if family not in checked:
            continue
        for text in _plain_values_for(s.gold, family):
            fast = score_answer(text, s)
            monkeypatch.setattr(answer, "FAST_PLAIN_VALUES", False)
            full = score_answer(text, s)
            monkeypatch.setattr(answer, "FAST_PLAIN_VALUES", True)
            assert fast == full, (text, s.answer_type, str(kind), s.question, s.gold)
            checked[family] += 1
    assert checked["numeric"] > 1000 and checked["boolean"] > 150 and checked["date"] > 50 and checked["timestamp"] > 30, checked


_PLAIN_CELL_WORDS = ["Heparin", "MICU", "PO/NG", "but", "then", "second", "overall", "true", "false", "null", "NaN",
                     "Infinity", "-Infinity", "tbd", "F", "M", "0x10", "1e5", "007", "-0", "is", "was", "a-b", "A_B",
                     "4280", "V1582", "_", "-", "/"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_PLAIN_CELL_WORDS),
                          st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/-",
                                  min_size=1, max_size=12)), min_size=1, max_size=4),
       st.sampled_from(["", " ", "\n"]), st.sampled_from([" ", ": ", " (", ", "]))
def test_a_one_word_text_takes_the_short_reading_with_the_full_result(words, pad, sep):
    """values.read_text reads one word (letters, digits, _ / -) at once: the full reading gives the same (and
    on texts of several words, which only the full reading reads)."""
    from ehr_tui.scoring.values import _read_text, read_text

    text = pad + sep.join(words) + pad
    assert read_text(text) == _read_text(text), text


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.integers(-10**31, 10**31).map(str),
                 st.integers(0, 8).flatmap(lambda p: st.decimals(allow_nan=False, allow_infinity=False, places=p)).map(
                     lambda d: format(d, "f")),
                 st.sampled_from(["0", "-0", "0.0", "-0.000", "007", "00.5", "1e3", "-1E-2", "12345678901234567890123456789",
                                  "1" * 30 + "." + "9" * 30, "1" * 31, "0.1234567890123456789012345678901"])),
       st.sampled_from(["count", "identifier", "measurement", "measurement:2"]))
def test_a_plain_number_takes_the_short_reading_with_the_full_result(text, kind):
    """numbers.read_number reads a JSON number without an exponent at once: the full reading gives the same
    value and decimals (the verdict depends on both)."""
    from ehr_tui.scoring.kinds import Kind
    from ehr_tui.scoring.numbers import _read_number, read_number

    k = Kind.parse(kind)
    for q in ("", "How many admissions did patient 10000032 have?"):
        assert read_number(text, k, q) == _read_number(text, k, q), (text, kind, q)


_REFERENCE_FORMS = ["(normal 3.5-5.1)", "(reference range 3.5\u20135.1 mEq/L)", "(ref 0.5-1.2 mg/dL)", "[normal range 135 to 145]",
                    "(nl 70-100)", "(range 3.5 - 5.1 mmol/L)", "(reference interval 0.6-1.3)"]
_AROUND = ["{v}", "{v} mEq/L", "The last value was {v}", "{v} mg/dL, the final one", "about {v}", "{v} (maybe)",
           "{v} or {w}", "Patient 10001217 had {v}", "{v} (high)", "{v}; the first was {w}"]


def test_a_reference_range_remark_is_dropped_with_the_full_verdict(monkeypatch):
    """A measurement's remark that is only a reference range is dropped before the prose checks (scoring/
    answer.py, _REFERENCE_REMARK): on every measurement task of the graded corpora, answers with such a remark
    get the outcome the full reading gives them (what is read may differ only where the full reading took a
    number from the range itself: "-3.5 or -2.5 (reference range 3.5-5.1)" read 3.5 there, a range here)."""
    import re as re_

    from ehr_tui.scoring import answer

    from .corpus import CORPUS
    from .test_corpus_adversarial import spec as corpus_spec
    from .test_graded_corpora import ENTRIES

    specs = {}
    for text, shape, gold, _expected, *q in list(CORPUS) + [e for _, e in ENTRIES]:
        s = corpus_spec(shape, gold, q[0] if q else "")
        if s.kinds[0].name == "measurement" and s.answer_type == "number":
            specs[(json.dumps(gold, default=str), s.question)] = s
    never = re_.compile(r"(?!)")
    checked = 0
    for s in specs.values():
        v = s.gold[0] if isinstance(s.gold, list) else s.gold
        for around in _AROUND:
            for ref in _REFERENCE_FORMS:
                text = around.format(v=v, w=v + 1 if isinstance(v, (int, float)) else v) + " " + ref
                fast = score_answer(text, s)
                monkeypatch.setattr(answer, "_REFERENCE_REMARK", never)
                full = score_answer(text, s)
                monkeypatch.undo()
                assert fast.outcome == full.outcome, (text, s.question, fast, full)
                checked += 1
    assert checked > 1000, checked
