"""Scoring one submitted answer against a task's gold answer: correct, wrong or abstained.

``score_answer(text, spec)`` is the one rule set (the runner, ``ehr-tui eval``, the Debugger and the
Tasks screen all call it). An answer is first checked for abstention (``abstention``); otherwise it
is read as the task's answer type, each value under its kind (``kinds``), and compared. What cannot
be read as one value of its kind (two numbers, a range, a hedged yes/no) is wrong, with the reason.

``AnswerSpec`` holds what scoring needs from a task; ``spec_of(task)`` builds it from a Task or a
trajectory's TaskSnapshot, inferring the kinds of records written before kinds existed.
"""

from __future__ import annotations

import functools
import re
import weakref
from dataclasses import dataclass, field
from typing import Any

from .abstention import abstention, refusal, says_empty
from .containers import items_match, read_items, read_rows, rows_match
from .kinds import SCALAR_ANSWER_TYPES, Kind, Output, infer_kinds, parse_kinds, sql_outputs
from .subjects import another_subject, unit_of_another_quantity
from .subjects import asks_arterial_gas, asks_lab_test
from .subjects import asked_drugs, drugs, labs
from . import caveats, consistency, families, json_answers, qualifiers
from .units import NOUN_GROUPS, counted_group, noun_after, noun_groups_in, other_unit_named
from .numbers import Unread, numbers_in
from .text import ALTERNATIVE_ASIDE, Folded, APPROXIMATE, FOLLOW_UP, HEDGE, INCOMPLETE, QUESTIONED, RETRACTION, fold_safe, \
    has_phrase, inside, literal, norm_text, safe_lower, split_asides, unwrap, without
from .values import code_beside_title, gloss_of_code, gloss_problem, gold_value, read_value, value_json, values_match

OUTCOMES = ("correct", "wrong", "abstained")


@dataclass(frozen=True)
class AnswerSpec:
    answer_type: str
    kinds: tuple[Kind, ...]
    gold: Any
    ordered: bool = False
    empty_answer: bool = False
    question: str = ""
    # derived once: the gold as comparable values, its text forms, the question's own numbers
    gold_values: Any = field(default=None, compare=False, repr=False)
    gold_forms: frozenset = field(default=frozenset(), compare=False, repr=False)
    question_numbers: frozenset = field(default=frozenset(), compare=False, repr=False)
    # the gold forms longest first (``without``), and one pattern for "not <a gold form>" (``_open_ended``)
    gold_forms_longest: tuple = field(default=(), compare=False, repr=False)
    negated_gold: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        kinds = self.kinds or (Kind("string"),)
        object.__setattr__(self, "kinds", tuple(kinds))
        object.__setattr__(self, "gold_values", _gold_values(self.answer_type, self.gold, self.kinds))
        forms = set()
        if self.kinds[0].name in ("string", "code"):
            vals = self.gold if isinstance(self.gold, list) else [self.gold]
            for v in vals:
                for x in (v if isinstance(v, list) else [v]):
                    if x is not None:
                        forms.add(norm_text(str(x)))
        object.__setattr__(self, "gold_forms", frozenset(forms))
        object.__setattr__(self, "question_numbers", frozenset(numbers_in(self.question)) if self.question
                           else frozenset())
        object.__setattr__(self, "gold_forms_longest", tuple(sorted(self.gold_forms, key=len, reverse=True)))
        # one alternation finds a match exactly where one of the per-form patterns would (sorted: a fixed order)
        negatable = sorted(f for f in forms if len(f) > 1)
        object.__setattr__(self, "negated_gold", re.compile(
            _NEGATED + "(?:" + "|".join(re.escape(f) for f in negatable) + r")(?!\w)") if negatable else None)

    @functools.cached_property
    def gold_said(self) -> str:
        """The gold as a wrong verdict's detail states it, made once per task."""
        return f"the gold is {self.gold!r} ({self.kinds[0]})"

    @property
    def gold_is_empty(self) -> bool:
        return self.gold is None or self.gold == []


@dataclass(frozen=True)
class AnswerVerdict:
    outcome: str        # correct | wrong | abstained
    parsed: Any = None  # the answer as read (JSON value); None when abstained or unreadable
    detail: str = ""    # one line: why
    readable: bool = True

    @property
    def correct(self) -> bool:
        return self.outcome == "correct"

    @property
    def abstained(self) -> bool:
        return self.outcome == "abstained"


def _gold_values(answer_type: str, gold: Any, kinds: tuple[Kind, ...]) -> Any:
    if answer_type in SCALAR_ANSWER_TYPES:
        g = gold
        while isinstance(g, list) and len(g) == 1:
            g = g[0]
        return gold_value(g, kinds[0])
    if answer_type in ("list", "set"):
        items = gold if isinstance(gold, list) else ([] if gold is None else [gold])
        return [gold_value(x[0] if isinstance(x, list) and len(x) == 1 else x, kinds[0]) for x in items]
    rows = gold if isinstance(gold, list) else ([] if gold is None else [[gold]])
    return [[gold_value(c, kinds[i] if i < len(kinds) else kinds[-1]) for i, c in
             enumerate(r if isinstance(r, list) else [r])] for r in rows]


# ---------------------------------------------------------------------------------------------


def score_answer(answer: Any, spec: AnswerSpec) -> AnswerVerdict:
    """The verdict on one submitted answer (text as submitted, or a JSON value)."""
    try:
        return _score(answer, spec)
    # a pathological answer (nesting, size, a 100,000-digit number) is wrong, never a crash of the evaluator
    except (RecursionError, MemoryError, ValueError, ArithmeticError):
        return AnswerVerdict("wrong", None, "the answer could not be read", readable=False)


# A plain value of the asked kind (a decimal number, yes / no, an ISO date or time) has no word, sign of doubt,
# second value or wrapper for any check before the reading to find (tests/scoring/test_properties.py holds
# this path to the full one), so it is read and compared at once. Most agents' final answers have this form.
_PLAIN_NUMBER = re.compile(r"-?[0-9]{1,30}(?:\.[0-9]{1,30})?")
_PLAIN_BOOLEAN = re.compile(r"[Yy][Ee][Ss]|[Nn][Oo]|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]")  # ASCII only
_PLAIN_WHEN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ T][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)?")
FAST_PLAIN_VALUES = True  # off only in the test that compares this path with the full one


def _plain(text: str, kind: Kind) -> bool:
    if kind.numeric:
        return _PLAIN_NUMBER.fullmatch(text) is not None
    if kind.name == "boolean":
        return _PLAIN_BOOLEAN.fullmatch(text) is not None
    if kind.name in ("date", "timestamp"):
        return _PLAIN_WHEN.fullmatch(text) is not None
    return False


def _score(answer: Any, spec: AnswerSpec) -> AnswerVerdict:
    if answer is None:
        return AnswerVerdict("abstained", None, "no answer was submitted")
    text = unwrap(answer) if isinstance(answer, str) else answer
    is_text = isinstance(text, str)
    if is_text and FAST_PLAIN_VALUES and not spec.empty_answer and spec.answer_type in SCALAR_ANSWER_TYPES and \
            _plain(text, spec.kinds[0]):
        return _scalar_verdict(text, spec.kinds[0], spec)
    json_list = is_text and _json_values(text)
    normed = norm_text(text) if is_text else None
    if is_text and normed not in spec.gold_forms and not json_list:
        why = refusal(text) if spec.empty_answer else abstention(text)
        if why and not _gold_phrase(why, spec):
            return AnswerVerdict("abstained", None, f"abstained: {why}")
        if spec.empty_answer and says_empty(text):
            doubt = _empty_doubt(text, spec)
            if doubt:  # "None, I think", "None in the ICU", "none?": not the empty answer the task has
                return AnswerVerdict("wrong", None, doubt, readable=False)
            ok = spec.gold_is_empty
            return AnswerVerdict("correct" if ok else "wrong", [] if spec.answer_type in ("list", "set", "table")
                                 else None, "states that there is none" + ("" if ok else ", but the gold is not empty"))
    if is_text and not json_list and spec.answer_type in SCALAR_ANSWER_TYPES and ("(" in text or "[" in text):
        restated = _restated(text, spec.kinds[0], spec)
        if restated is not None and restated[0]:
            return AnswerVerdict("wrong", None, restated[0], readable=False)
        if restated is not None:
            text = restated[1]  # a remark that gives the same value again says nothing more
            normed = norm_text(text)
    if is_text and not json_list and spec.kinds[0].name == "measurement" and ("(" in text or "[" in text) and \
            spec.answer_type in SCALAR_ANSWER_TYPES and not _STATISTIC_Q.search(spec.question) and \
            not _ASKS_RANGE.search(spec.question):
        # "4.2 mEq/L (normal 3.5-5.1)": the range is no reading of it (of a mean or a median, a "range" is the data's)
        bare = _REFERENCE_REMARK.sub("", text)
        if bare != text:
            text, normed = bare, norm_text(bare)
    if is_text and not json_list:
        open_ = _open_ended(text, spec, normed)
        if open_:
            return AnswerVerdict("wrong", None, open_, readable=False)
    # a JSON wrapper is no way round the checks: each string in it is checked as a stated answer would be
    # (["No idea"] abstains, ["5 (maybe 6)"] commits to no one value)
    obj = is_text and text.startswith("{") and literal(text)
    if isinstance(obj, dict) and obj and all(v is None for v in obj.values()):
        return AnswerVerdict("abstained", None, "abstained: a null answer")  # {"answer": null}
    leaves = _string_leaves(text) if json_list or isinstance(text, (list, dict)) or isinstance(obj, dict) else []
    gold_strings = {norm_text(g) for g in _string_leaves(spec.gold)} if leaves and not \
        isinstance(spec.gold, str) else spec.gold_forms
    for leaf in leaves:
        normed = norm_text(leaf)
        if normed in spec.gold_forms or normed in gold_strings:
            continue
        why = refusal(leaf) if spec.empty_answer else abstention(leaf)
        if why and len(leaves) == 1:
            return AnswerVerdict("abstained", None, f"abstained: {why}")
        open_ = _open_ended(leaf, spec, normed) or (f"an item declines to answer ({why})" if why else None)
        if open_:
            return AnswerVerdict("wrong", None, open_, readable=False)
    if isinstance(obj, dict) and len(obj) > 1 and spec.question and spec.answer_type != "table":
        picked = json_answers.asked_entry(obj, spec.answer_type, spec.kinds[0].name, spec.question)
        if picked is not None:
            why = _json_title(obj, spec) if spec.kinds[0].name == "code" and isinstance(spec.gold, str) else None
            if why:  # {"icd_code": "I21.4", "long_title": "ST elevation (STEMI) ..."}: the title of another code
                return AnswerVerdict("wrong", None, why, readable=False)
            text = picked
    if json_list and spec.question:
        m = _header_counts_else(text, spec)  # [{"first_careunit": "MICU", "patients": 120}, ...]
        if m:
            return AnswerVerdict("wrong", None, m, readable=False)
    kind = spec.kinds[0]
    if spec.answer_type in SCALAR_ANSWER_TYPES:
        if kind.name == "count" and isinstance(text, str) and ("(" in text or ":" in text):
            why = _ids_counted(text, kind, spec)  # before the other patients' parts are blanked: ids are such parts
            if why:
                return AnswerVerdict("wrong", None, why, readable=False)
        if kind.name != "identifier" and isinstance(text, str) and spec.question:
            text = _on_the_asked_entity(text, spec.question)
        if kind.numeric and isinstance(text, str) and spec.question:
            text = _on_the_asked_one(text, spec.question)
        if kind.name == "boolean" and isinstance(text, str) and spec.question and _LETTER.search(text):
            why = _boolean_evidence(text, kind, spec)
            if why:
                return AnswerVerdict("wrong", None, why, readable=False)
        if kind.numeric and isinstance(text, str):
            why = _self_contradiction(text, kind, spec)
            if why:
                return AnswerVerdict("wrong", None, why, readable=False)
        if kind.name == "string" and isinstance(text, str) and isinstance(spec.gold, str) and _TITLE_Q.search(spec.question) \
                and any(c.isdigit() for c in text):
            why = code_beside_title(text, spec.gold, spec.question)
            if why:
                return AnswerVerdict("wrong", None, why, readable=False)
        if kind.name in ("date", "timestamp") and isinstance(text, str) and spec.question and text.count("|") >= 4:
            text = _cell_by_header(text, spec.question)
        return _scalar_verdict(text, kind, spec)
    if spec.answer_type in ("list", "set"):
        readings = read_items(text, kind, set(spec.gold_forms), spec.question)
        if isinstance(readings, Unread):
            return AnswerVerdict("wrong", None, readings.reason, readable=False)
        ordered = spec.answer_type == "list"
        for values in readings:
            if items_match(values, spec.gold_values, kind, ordered):
                return AnswerVerdict("correct", [value_json(v) for v in values], "")
        values = readings[0]
        bad = [v for v in values if isinstance(v, Unread)]
        if bad:
            return AnswerVerdict("wrong", None, f"an item not read as a {kind}: {bad[0].reason}", readable=False)
        shown = [value_json(v) for v in values]
        return AnswerVerdict("wrong", shown, _collection_detail(len(values), len(spec.gold_values), ordered))
    readings = read_rows(text, spec.kinds, spec.question)
    for rows in readings:
        if rows_match(rows, spec.gold_values, spec.kinds, spec.ordered):
            return AnswerVerdict("correct", [[value_json(v) for v in r] for r in rows], "")
    rows = readings[0] if readings else []
    bad = [v for r in rows for v in r if isinstance(v, Unread)]
    if bad:
        return AnswerVerdict("wrong", None, f"a cell not read: {bad[0].reason}", readable=False)
    return AnswerVerdict("wrong", [[value_json(v) for v in r] for r in rows],
                         _collection_detail(len(rows), len(spec.gold_values), spec.ordered, "rows"))


_ABSENT_HINTS = ("no", "never", "null", "nan", "empty", "blank", "missing", "absent")


_STATISTIC_Q = re.compile(r"\b(?:mean|median|average)\b", re.I)
_ASKS_RANGE = re.compile(r"\bref_range|\breference range|\bnormal range|\b(?:upper|lower) limit of normal", re.I)


# a remark that is only a reference range: every reader skips it, and read alone the answer costs half
_REFERENCE_REMARK = re.compile(r"\s*[(\[]\s*(?:normal|ref(?:erence)?|reference range|reference interval|normal range|"
                               r"nl|range|ref range)\s*[:=]?\s*\d+(?:\.\d+)?\s*(?:-|\u2013|\u2014|to)\s*\d+(?:\.\d+)?"
                               r"(?:\s*[a-z%\u00b5/]+(?:/[a-z]+)?)?\s*[)\]]", re.I)


# a question answered with a code's title (not a chapter's or a group's, which many codes share)
_TITLE_Q = re.compile(r"^(?!.*\b(?:chapter|category|block|group|section|ccsr?|class|family)\b).*"
                      r"(?:\btitle|\bdescription|\bdiagnos|\bprocedure|\bcondition)", re.I | re.S)
_TITLE_KEYS = frozenset("long_title title short_title description long_description short_description desc".split())


def _json_title(obj: dict, spec: AnswerSpec) -> str | None:
    """Why a JSON answer's title entry is not the title of the gold code, or None."""
    for k, v in obj.items():
        if str(k).lower() in _TITLE_KEYS and isinstance(v, str):
            why = gloss_problem(spec.gold, v, spec.question)
            if why:
                return why
    return None


def _scalar_verdict(text: Any, kind: Kind, spec: AnswerSpec) -> AnswerVerdict:
    v = read_value(text, kind, spec.question, spec.question_numbers)
    if isinstance(v, Unread):
        return AnswerVerdict("wrong", None, f"not read as a {kind}: {v.reason}", readable=False)
    ok = values_match(v, spec.gold_values, kind)
    shown = value_json(v, spec.gold_values)
    return AnswerVerdict("correct" if ok else "wrong", shown, _detail(ok, shown, spec))


def _gold_phrase(why: str, spec: AnswerSpec) -> bool:
    """Whether the phrase an abstention names is a gold value ("UNKNOWN" is a race in MIMIC-IV)."""
    said = norm_text(why.strip("'\""))
    return any(f in said for f in spec.gold_forms if len(f) > 2)


# a caveat about the database, true of every answer ("None found, but the data may be incomplete"), unlike one
# about the agent's own query ("(query may be incomplete)")
_DATA_CAVEAT = re.compile(r"\b(?:the )?(?:data|database|dataset|records?)\s+(?:may|might|could) (?:be|not be) "
                          r"(?:incomplete|complete)\b", re.I)


def _empty_doubt(text: str, spec: AnswerSpec) -> str | None:
    """Why an answer that says "none" is not the empty answer a task has: a belief or hedge, a question, a
    made-up or cut result, another scope ("None in the ICU"), another patient or admission."""
    if _BELIEF.search(text):
        return "a belief about the answer ('I think') is not the answer"
    m = HEDGE.search(_DATA_CAVEAT.sub(" ", text))
    if m:
        return f"a hedged answer ({m.group(0)!r}) is not an answer"
    if QUESTIONED.search(text):
        return "an answer put as a question ('...?') is not committed to"
    q = spec.question
    made = caveats.made_up(text, q)
    if made or not q:
        return made
    # the scope of the "none" itself: outside remarks, or a short remark that is only a scope ("(ICU only)");
    # a longer remark may tell what was found elsewhere ("(vancomycin was given in the prior admission)")
    main = caveats.without_remarks(text)
    short = [r.group(0) for r, _ in caveats.remarks(text) if len(r.group(0).split()) <= 4]
    return caveats.cut_result(text, q) or caveats.elsewhere(main, q, route=True) or caveats.empty_scope(main, q) or \
        next(filter(None, (caveats.elsewhere(r, q) or caveats.empty_scope(r, q) for r in short)), None)


_LETTER = re.compile(r"[a-zA-Z]")
_GLUED = re.compile(r"(?<![\w.])\d[\d,.]*(?!(?:st|nd|rd|th)\b)[a-z]+\b")
_NEGATED = (r"(?<!\w)(?:not|never|no|isn't|wasn't|is not|was not|except|excluding|other than|rather than|"
            r"instead of|anything but|neither|nor)\s+(?:the\s+|a\s+|an\s+)?[\"'(]?")
_OR_VALUE = re.compile(r"\b(?:or|and/or)\s+(?:possibly\s+|maybe\s+|perhaps\s+)?(?:\d|(?:one|two|three|four|five|six|"
                       r"seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty|forty|fifty|"
                       r"hundred)\b)", re.I)


def _open_ended(text: str, spec: AnswerSpec, normed: str | None = None) -> str | None:
    """Why the answer commits to no one value (a hedge, an alternative, an admittedly partial list), or None.
    Checked for every kind: each such answer was once read as its first value. ``normed``: norm_text(text)."""
    if (norm_text(text) if normed is None else normed) in spec.gold_forms:
        return None
    kind, scalar = spec.kinds[0].name, spec.answer_type in SCALAR_ANSWER_TYPES
    bare = without(text, spec.gold_forms_longest)
    bare_low = safe_lower(bare)  # one lowercase for the Folded patterns below
    # every check but QUESTIONED and APPROXIMATE's "~5" needs a word: an ASCII text without a letter skips them
    worded = not text.isascii() or _LETTER.search(text) is not None
    remark = worded and ("(" in bare or "[" in bare)  # what ALTERNATIVE_ASIDE and _ADDED_ASIDE start with
    m = HEDGE.search(bare, bare_low) if worded else None
    if m:
        return f"a hedged answer ({m.group(0)!r}) is not an answer"
    m = ALTERNATIVE_ASIDE.search(bare) if remark else None
    if m and not (kind == "code" and gloss_of_code(spec.gold, m.group(0).strip()[1:-1], spec.question)):
        return f"an alternative ({m.group(0).strip()}) leaves the answer open"
    m = RETRACTION.search(bare, bare_low) if worded else None
    if m:
        return f"a correction or qualifier ({m.group(0).strip()}) takes the value back"
    m = _ADDED_ASIDE.search(bare) if remark and (kind in ("string", "code") and scalar or
                                              spec.answer_type in ("list", "set")) else None
    if m:  # "Heparin (and Insulin)", "Heparin (tied with Insulin)": a second answer beside the first
        return f"a second value in a remark ({m.group(0).strip()}) leaves the answer open"
    flipped = _about_something_else(text, spec.question, kind in ("date", "timestamp"),
                                    any_id=kind != "identifier") if worded or "(" in text else None
    if flipped:
        return flipped
    m = _other_scope(text, spec) if worded and spec.question else None
    if m:
        return m
    m = _caveat(text, spec, kind, scalar, remark) if worded else None
    if m:
        return m
    if worded and spec.question and kind not in ("boolean", "string", "code") and scalar:
        m = another_subject(text, spec.question)  # "The last BUN was 1.2" for creatinine, "KCl 4.1 g"
        if m:
            return m
        m = unit_of_another_quantity(text, spec.question) if kind in ("measurement", "count") and "/" in text else None
        if m:  # "4.2 mg/dL" for potassium
            return m
        low = text.lower()
        m = consistency.pressure_unit(text, spec.question) if kind == "measurement" and ("mm" in low or "cm" in low) \
            else None
        if m:  # "5 mmHg" for a PEEP in cmH2O
            return m
    if worded and remark and spec.question and kind == "boolean" and asked_drugs(spec.question) and \
            not _SAYS_NO.match(text):
        for r, _ in caveats.remarks(text):
            named = drugs(r.group(0))
            if named and not named & asked_drugs(spec.question):
                return f"the yes names another drug ({r.group(0)!r}) than the question's"
    if worded and spec.question and kind == "boolean" and _DIGIT.search(text):
        m = another_subject(text, spec.question, lab_only=True)  # "Yes, RR 112" for a heart rate
        if m:
            return m
    tl = text.lower()  # for the substring gates below: each is in every match of its pattern
    m = _RANK.search(text) if worded and spec.question and any(map(tl.__contains__, _RANK_HINTS)) and \
        _asks_extreme(spec.question) else None
    if m:  # "Heparin (second most common)", "the runner-up was 20000345": not the one asked for
        return f"the answer names another rank ({m.group(0)!r}) than the question asks for"
    if worded and spec.question and spec.answer_type == "table":
        other = other_unit_named(text, spec.question)
        if other:  # "| mean_los_hours |" for a stay "in days"
            return f"the answer is in {other[0]}, the question asks for {other[1]}"
    if worded and tl.lstrip().startswith(("select", "with", "`")) and _ONLY_SQL.match(text) and \
            not _ONLY_SQL_REST.search(_ONLY_SQL.sub("", text, count=1)):
        return "the answer is a query, not its result"
    if QUESTIONED.search(text) and not (worded and FOLLOW_UP.search(text)):
        return "an answer put as a question ('...?') is not committed to"
    if worded and kind in ("count", "identifier") and scalar:
        m = _GLUED.search(bare)
        if m:  # "5k", "20000345a": not the bare number
            return f"a number with letters glued to it ({m.group(0)!r}) is not a {kind}"
    if worded and kind in ("string", "code") and spec.negated_gold is not None:
        low = " ".join(text.replace("*", " ").replace("_", " ").replace("`", " ").split()).casefold()
        if spec.negated_gold.search(low):
            return "the answer negates or excludes the gold value"
    # a count, an identifier or a day is exact; a measurement's "approximately" is its stated rounding (and
    # "around 10:15" names the minute a timestamp is compared at)
    m = APPROXIMATE.search(bare, bare_low) if (worded or "~" in bare) and kind in ("count", "identifier", "date",
                                                                                   "timestamp") and scalar else None
    if m:
        return f"an approximate or conditional value ({m.group(0).strip()!r}) is not the exact answer"
    m = _ISH.search(bare) if worded and kind == "measurement" and "ish" in tl else None
    if m:  # "130-ish": vaguer than any stated rounding
        return f"an approximate value ({m.group(0).strip()!r}) is not the exact answer"
    if kind in ("date", "timestamp") and scalar:
        m = _DAY_RANGE.search(text)
        if m:  # "2150-03-04/05": two days
            return f"a range of days ({m.group(0)!r}) is not the one day asked for"
        m = _OFFSET.search(text)
        if m and (m.group(2) or m.group(1) and m.group(1).strip("+-0:")):  # "+00:00" is the database's own
            return f"a time in another time zone ({m.group(0).strip()!r}) is not the database's time"
    if worded and (remark or _STAT_LABEL.match(text)) and (kind in ("count", "measurement") or
                                                          spec.answer_type == "table"):
        m = _other_statistic(text, spec.question)
        if m:
            return m
    if worded and (remark or "counting" in tl) and kind == "count" and scalar and spec.question:
        m = _remark_counts_else(text, spec.question)
        if m:
            return m
    if worded and remark and kind in ("count", "measurement") and scalar and spec.question:
        m = _qualifying_remark(text, spec.question, kind)
        if m:
            return m
    if worded and scalar and kind in ("date", "timestamp") and spec.question and (remark or "\u2014" in text):
        m = _other_event_remark(text, spec.question)
        if m:
            return m
    if worded and spec.answer_type in ("list", "set"):
        m = _TOP_N.search(text)
        if m and not re.search(r"\btop\b|\bmost\b|\bfirst \d|\blimit\b", spec.question, re.I):
            return f"the answer is cut to its {m.group(0)!r}, the question asks for all of them"
    if spec.answer_type == "table" and any(k.name == "count" for k in spec.kinds) and ("\u00b1" in text or "+/-" in text):
        return "a count with an error bar (\u00b1) is not a count"
    if worded and remark and spec.answer_type == "table":
        last = caveats.last_remark(text)
        m = caveats.elsewhere(last, spec.question) if last else None
        if m or last and re.search(r"[<>\u2264\u2265]\s*\d", last):
            return m or f"a remark ({last!r}) filters the rows by a limit the question does not set"
    if kind in ("date", "timestamp") and scalar and ("\u00b1" in text or "+/-" in text):
        return "a time with an error bar (\u00b1) is not the time asked for"
    if worded and scalar and kind in ("date", "timestamp", "count", "identifier", "measurement") and \
            "or" in bare and _OR_VALUE.search(bare):  # "1234, or 1,233 after excluding ...", "220045 - or 211 in ..."
        return "two alternative values are not one answer"
    if worded and spec.answer_type == "list" or (spec.answer_type == "table" and spec.ordered):
        m = _ORDER_WORDS.search(text)
        if m:  # "From last to first: SURG, MED", "MED (second), SURG (first)": not the order written
            return f"the answer states another order ({m.group(0)!r}) than it is written in"
    if kind == "measurement" and scalar and ("\u00b1" in text or "+/-" in text) and spec.question and \
            not re.search(r"\b(?:mean|average)\b", spec.question, re.I):
        return "a value with an error bar (\u00b1) is not the single value asked for"  # a mean's \u00b1 SD is fine
    if worded and scalar and spec.question and _asks_percent(spec.question):
        m = _other_denominator(text, spec.question)
        if m:
            return m
    if worded and spec.question and (spec.answer_type == "table" or "|" in text or "{" in text):
        m = _header_counts_else(text, spec)
        if m:
            return m
    if worded and scalar and kind in ("count", "measurement") and spec.question:
        m = _other_threshold(text, spec.question)
        if m:
            return m
    m = _JSON_KEY.match(text) if worded and scalar and kind in ("string", "code") and spec.question else None
    if m:
        fields = set(re.split(r"[_\s]+", m.group(1).lower())) & _FIELD_WORDS
        if fields - set(re.findall(r"[a-z]+", spec.question.lower())):
            return f"the key {m.group(1)!r} names another field than the question asks for"
    if worded and scalar and kind == "identifier" and spec.question:
        m = _ID_LABEL.search(text)
        asked_id = _asked_id_kind(spec.question) if m else None
        # the one id the answer names, labelled as another kind of id right before it
        if asked_id and len(_ID_RUN.findall(text)) == 1 and re.match(r"\s*[:=#]?\s*\d{5,}", text[m.end():]) and \
                _ID_KIND[m.group(1).lower().rstrip("s")] != asked_id:
            return f"the answer labels its id {m.group(1)!r}, the question asks for the {asked_id}"
    if worded and scalar and kind == "identifier" and remark and _TIED.search(text):
        return "an admitted tie leaves the answer open"
    if worded and scalar and kind == "identifier" and remark:
        m = _OTHER_ID_REMARK.search(text)
        if m:  # "20000345 (by ICU LOS; by hospital LOS it is 20000346)": a second candidate
            return f"a remark names another candidate ({m.group(0).strip()!r})"
    if worded and scalar and tl.lstrip(" *_`\"'").startswith(("neither", "none of", "no single", "there is no")) \
            and _NEITHER.match(text):
        return "the answer says there is no one answer"
    if worded and spec.answer_type in ("list", "set", "table"):
        m = INCOMPLETE.search(bare, bare_low)
        if m:
            return f"an admittedly partial answer ({m.group(0)!r}) is not the whole answer"
    # "/" for ratios; a ranked list of digits only ("1. 4019 (8120)") still carries counts that may rank it
    # ... and a bracket of figures beside a value ("5.1 (3.5-5.3)" for a reference limit, "7 (2+1+4)")
    if (worded or "/" in text or "(" in text or spec.answer_type == "list" and "\n" in text) and spec.question:
        m = consistency.against_itself(text, spec.answer_type, kind, spec.question, spec.gold) or \
            (_qualified(text, spec, kind, scalar, remark) if worded else None)
        if m:
            return m
    return None


def _qualified(text: str, spec: AnswerSpec, kind: str, scalar: bool, remark: bool) -> str | None:
    """The words beside the value make it the answer to another question (qualifiers.py). Each check is
    gated on a word every match of its patterns has (the lowercase text, read once)."""
    q = spec.question
    tl = text.lower()
    has = tl.__contains__
    says_yes = scalar and kind == "boolean" and not _SAYS_NO.match(text)
    if says_yes:
        m = qualifiers.other_code(text, q) or \
            (qualifiers.other_statistic_yes(text, q) if any(map(has, _STAT_HINTS)) else None) or \
            qualifiers.other_organism(text, q)
        if m:
            return m
    m = qualifiers.came_after_another(text, q) if scalar and kind != "boolean" and " after " in text else None
    if m:
        return m
    m = qualifiers.outside_asked_moment(text, q) if scalar and kind in ("string", "code") and ":" in q else None
    if m:
        return m
    if scalar and kind in ("count", "measurement"):
        m = (qualifiers.population_statistic(text, q) if any(map(has, _POPULATION_HINTS)) else None) or \
            (qualifiers.narrower_count(text, q) if kind == "count" else None) or \
            (qualifiers.other_threshold_number(text, q) if any(map(has, _THRESHOLD_HINTS)) else None) or \
            (qualifiers.other_entity(text, q) if "hospital" in tl else None) or \
            (qualifiers.offset_for_duration(text, q) if kind == "measurement" and any(map(has, _OFFSET_HINTS))
             else None) or \
            (qualifiers.share_of_else(text, q) if "%" in text else None) or \
            (qualifiers.other_statistic_named(text, q) if kind == "measurement" else None) or \
            (qualifiers.other_cohort_word(text, q) if kind == "count" else None) or \
            (qualifiers.partial_total(text, q) if any(map(has, _LEFT_OUT_HINTS)) else None) or \
            (qualifiers.readings_set_aside(text, q) if kind in ("measurement", "count") and any(map(has, _SET_ASIDE_HINTS))
             else None) or \
            (qualifiers.reading_window(text, q) if any(map(has, _EVENT_WINDOW_HINTS)) else None) or \
            (qualifiers.ever_for_while(text, q) if any(map(has, ("ever", "at ", "discharg", "hospital"))) else None) or \
            (qualifiers.null_counted(text, q) if kind == "count" and any(map(has, _NULL_HINTS)) else None) or \
            (qualifiers.other_day(text, q) if "-" in q else None) or \
            (qualifiers.other_strength(text, q) if "%" in q and "%" in text else None) or \
            qualifiers.counted_together(text, q)
        if m:
            return m
    m = families.other_member(text, q, spec.gold, kind) if scalar else None
    if m:
        return m
    m = qualifiers.asked_absent(text, q) if scalar and kind != "boolean" and any(map(tl.__contains__, _ABSENT_HINTS)) \
        else None
    if m:
        return m
    m = qualifiers.denies_question(text, q) if kind != "boolean" else None  # a no's "not above 5.5" is its reason
    if m:
        return m
    if remark and scalar and kind in ("string", "code", "identifier", "date", "timestamp"):
        m = qualifiers.other_criterion(text, q) or qualifiers.field_label(text, q)
        if m:
            return m
    if scalar and kind in ("date", "timestamp"):
        m = qualifiers.date_of_else(text, q) or qualifiers.day_moved(text, q) or qualifiers.time_of_other_event(text, q)
        if m:
            return m
    if scalar and kind in ("string", "date", "timestamp") and any(map(has, _FIELD_HINTS)):
        m = qualifiers.field_said(text, q)
        if m:
            return m
    if scalar and kind in ("string", "identifier") and "the" in tl:
        m = qualifiers.picked_by_else(text, q)
        if m:
            return m
    if not scalar:
        m = qualifiers.changed_set(text, q) or (qualifiers.sorted_by_else(text, q) if spec.answer_type == "list"
                                                 else None)
        if m:
            return m
    m = qualifiers.other_time_column(text, q) if not scalar and ("time" in tl or "date" in tl or "dod" in tl) else None
    if m:
        return m
    if spec.answer_type == "table":
        return qualifiers.counts_other_noun(text, q)
    return None


# one of these is in every match of the qualifiers.py patterns each gates
_STAT_HINTS = ("averag", "mean", "median", "typical")
_POPULATION_HINTS = ("median", "averag", "mean", "typical", "all ", "cohort", "total", "sum of", "population", "whole",
                     "entire")
_THRESHOLD_HINTS = ("above", "over", "more than", "greater", "exceed", "below", "under", "less than", "at least",
                    "at most", "older", "younger")
_OFFSET_HINTS = ("after", "before", "prior", "following", "from")
_FIELD_HINTS = ("location", "date", "time", "day", "type", "source")
_LEFT_OUT_HINTS = ("exclud", "not ", "never ", "except", "left out", "leaving out", "omitt", "without")
_NULL_HINTS = ("null", "missing", "empty", "blank", "none")
_SET_ASIDE_HINTS = ("exclud", "ignor", "discard", "dropp", "remov", "filter", "left out", "leaving out", "not counting",
                    "aside")
_EVENT_WINDOW_HINTS = ("after", "following", "before", "prior", "since", "until", "post")


_TRAILING_DASH = re.compile(r"\s(?:\u2014|--)\s*([^\u2014\d]+)$")


def _trailing_dash(text: str) -> str | None:
    """What follows a list after a dash ("4280, 4019 \u2014 principal only"), when it holds no value."""
    m = _TRAILING_DASH.search(text)
    return m.group(1) if m else None


def _caveat(text: str, spec: AnswerSpec, kind: str, scalar: bool, remark: bool) -> str | None:
    """The answer's own caveat takes its value back (caveats.py): a cut or sampled result, a low stated
    confidence, a remark in another scope, an id relative to another, the other side of a comparison."""
    tl = text.lower()
    if ("confiden" in tl or "certaint" in tl) and caveats.low_confidence(text):
        return caveats.low_confidence(text)
    m = caveats.made_up(text, spec.question)
    if m:
        return m
    if not spec.question:
        return None
    says_no = kind == "boolean" and _SAYS_NO.match(text) is not None
    m = caveats.cut_result(text, spec.question, one_row=scalar and kind != "count") if kind != "boolean" or \
        says_no else None
    if m:
        return m
    if scalar and not says_no:  # "No, only enoxaparin was given"
        # a route narrows a count of what a drug was given for ("1234 patients who received IV vancomycin")
        m = caveats.elsewhere(text, spec.question, route=kind == "count" and bool(asked_drugs(spec.question)))
    elif remark or "\u2014" in text or " -- " in text:  # a list's own scope is a remark at its end (or after a
        last = caveats.last_remark(text, at_end=True) or _trailing_dash(text)  # dash); one beside an item names it
        m = caveats.elsewhere(last, spec.question) if last else None
    if m:
        return m
    if remark and (scalar and kind in ("string", "code", "identifier", "date", "timestamp") or
                   spec.answer_type in ("list", "set")):
        m = caveats.remark_scope(text, spec.question, last_only=not scalar)
        if m:
            return m
    if scalar and kind == "identifier":
        m = caveats.relative_id(text)
        if m:
            return m
    if scalar and kind == "string" and remark and asked_drugs(spec.question) == frozenset() and \
            caveats.DRUG_QUESTION.search(spec.question):
        m = caveats.formulation(text)
        if m:
            return m
    if scalar and kind in ("identifier", "string"):
        return caveats.other_comparative(text, spec.question)
    return None


_DIGIT = re.compile(r"\d")
_DAY_RANGE = re.compile(r"\d{4}-\d{2}-\d{2}\s*(?:/|\u2013|\u2014|-|\bto\b|\bthrough\b|&|\band\b)\s*\d{1,2}\b(?![-:/.\d])",
                        re.I)
_OFFSET = re.compile(r"\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:(?:utc|gmt)?\s*([+-]\d{1,2}(?::?\d{2})?)\b(?!\s*(?:h|min|d))|"
                     r"\b(est|edt|cst|cdt|mst|mdt|pst|pdt|cet|cest|ist|jst|bst)\b)", re.I)
# a remark that is only a statistic: "(median)", "(the maximum)"; each group names one statistic
_STAT_REMARK = re.compile(r"[(\[]\s*(?:the\s+)?(?:[\w-]+\s+)?(mean|average|median|mode|modal|max(?:imum)?|min(?:imum)?|peak|nadir|"
                          r"highest|lowest|sum|total|sd|std|standard deviation|geometric mean|lower bound|upper bound)"
                          r"(?:\s+value)?\s*[)\]]", re.I)
_STATS = {"mean": "mean", "average": "mean", "median": "median", "mode": "mode", "modal": "mode", "max": "max",
          "maximum": "max", "peak": "max", "highest": "max", "min": "min", "minimum": "min", "nadir": "min",
          "lowest": "min", "sum": "total", "total": "total", "sd": "sd", "std": "sd", "standard deviation": "sd",
          "geometric mean": "geometric mean"}
_STAT_Q = re.compile(r"\b(mean|average|median|mode|max(?:imum)?|min(?:imum)?|peak|nadir|highest|lowest|sum|total|"
                     r"standard deviation|how many|number of)\b", re.I)


# words that, in a remark on a number, put it in another window, statistic, reading or cohort than the
# question's unless the question uses them too ("4.2 (mean of the last 3)", "(change from admission)", "(before
# this admission)", "(at the outside hospital)", "(second ICU stay)", "(age-adjusted)", "(across all patients)")
_QUALIFIERS = frozenset(
    "mean average median mode change delta difference increase decrease before after prior previous preceding "
    "outside external referring transferred discharge second third penultimate first last latest earliest initial "
    "final weighted adjusted age-adjusted standardized standardised normalized corrected ionized total longest "
    "shortest highest lowest peak maximum minimum max min ward icu ed triage home across overall cohort combined "
    "similar next other another subset trimmed smoothed rolling hourly daily cumulative projected dry ideal "
    "lean predicted".split())
# a number in a remark that is a value of its own, not a count of readings ("last 3") or an id
_BESIDE_VALUE = re.compile(r"(?<!last )(?<!first )(?<!of )(?<!the )(?<![\d.])\d{1,4}(?:[.:,]\d+)?(?![\d])")
_SYNONYMS = tuple(frozenset(x.split()) for x in ("highest maximum max peak", "lowest minimum min nadir",
                                                   "mean average", "last latest final", "first earliest initial"))
_POPULATION_WORDS = frozenset("across all everyone overall combined cohort".split())  # a population's own scope
_COUNT_QUALIFIERS = frozenset("across overall cohort combined similar next other another subset rounded all "
                              "everyone average mean median".split())


def _qualifying_remark(text: str, question: str, kind: str) -> str | None:
    """A remark on a count or measurement whose words put it in another window, reading, statistic or cohort
    than the question's."""
    if len(re.findall(r"\d+(?:\.\d+)?", caveats.without_remarks(text))) > 1:
        return None  # several values: a remark may label another one ("4.2 (last), 3.9 (first)")
    vocabulary = _QUALIFIERS if kind == "measurement" else \
        _COUNT_QUALIFIERS if _ID_RUN.search(question) else _COUNT_QUALIFIERS - _POPULATION_WORDS
    q = caveats._question_words(question)
    q = q | {w for family in _SYNONYMS if q & family for w in family}
    for r, body in caveats.remarks(text):
        body = body.lower()
        if _BESIDE_VALUE.search(body):
            continue  # another value given beside this one ("(min 55)", "(peak, on 2150-03-06)", "(2 hours before)")
        words = re.findall(r"[a-z]+(?:-[a-z]+)?", body)
        foreign = [w for w in words if w in vocabulary and w not in q and w[:5] not in q]
        if foreign:
            return f"a remark ({r.group(0)!r}) puts the value in another scope ({foreign[0]!r}) than the question's"
    return None


_ROWS_COUNTED = re.compile(r"\bcount\s*\(\s*\*\s*\)|\bnot distinct\b|\bnon-?distinct\b|\b(?:with|including) duplicates\b|\b(?:count|number) of (?:rows|records|entries|orders|"
                           r"prescriptions|lines)\b|\bdistinct (?:hadm_ids?|stay_ids?|rows|orders)\b|"
                           r"\b(?:hadm_ids?|stay_ids?|rows|orders) counted\b|\bcounting\b[^()\[\]]*", re.I)


_COUNT_STAR = re.compile(r"[(\[]\s*count\s*\(\s*\*\s*\)", re.I)
_COUNTED_AS = re.compile(r"\bcounting\s+(?:each|every|all|any)\s+[\w -]{1,30}?\s+as\s+(?:an?\s+|one\s+|separate\s+)?\w+|"
                         r"\bcounting\b[^.;()]{0,60}\b(?:as well|too|also|in addition)\b", re.I)


def _remark_counts_else(text: str, question: str) -> str | None:
    """A remark that says the count counts something else than the question's ("1234 (distinct hadm_id)" for
    patients, "(count of rows)", "(COUNT(*), not distinct)", "(counting ED visits too)")."""
    asked = counted_group(question)
    m = _COUNT_STAR.search(text)
    if m:  # "(COUNT(*), not distinct)": the brackets of COUNT(*) cut the remark in two
        return f"a remark says the count counts rows ({m.group(0)!r}), not what the question counts"
    m = _COUNTED_AS.search(text)
    if m:  # "(counting each transfer as an admission)": another definition of what is counted
        return f"a remark counts by another definition ({m.group(0)!r}) than the question's"
    for r, body in caveats.remarks(text):
        m = _ROWS_COUNTED.search(body)
        if not m:
            continue
        said = noun_groups_in(body.replace("_", " ").replace("hadm id", "admission").replace("stay id", "icu stay"))
        words = re.findall(r"[a-z]+", m.group(0).lower())
        if m.group(0).lower().startswith("counting") and not caveats.foreign_words(words[1:], question):
            continue  # "(counting each admission)": the question's own unit
        if not said or asked not in said or "row" in m.group(0).lower() or "*" in m.group(0):
            return f"a remark says the count counts something else ({r.group(0)!r}) than the question"
    return None


# the events a date may be of, each family one event; a remark naming another than the question's is about it
_EVENT_FAMILIES = tuple(frozenset(x.split()) for x in (
    "admission admissions admitted admit admittime readmission", "discharge discharged dischtime",
    "death died die dies dod deceased", "birth born dob", "transfer transferred transfers transfer-in", "ed triage edregtime",
    "icu intime outtime", "lab draw drawn specimen", "result resulted released reported verified stored storetime",
    "referral referred", "created", "scheduled planned", "order ordered orders", "procedure surgery operation",
    "note notes"))


_DAYS_OR_TIMES = re.compile(r"\d{4}-\d\d-\d\d|\d{1,2}:\d\d")


_OFFSET_FROM = re.compile(r"\b\d+\s*(?:days?|hours?|h|weeks?|minutes?|mins?)\s+(?:before|after|prior to|earlier than|"
                          r"later than|from)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?([a-z-]+)\s*$", re.I)


def _other_event_remark(text: str, question: str) -> str | None:
    """A date with a remark naming another event than the question's ("(date of birth)", "(ED admit)", "(time
    the result was released)", "(planned admission date)") or another lab ("(first sodium)")."""
    if len(_DAYS_OR_TIMES.findall(text)) > 2 or len(re.findall(r"\d{4}-\d\d-\d\d", text)) > 1:
        return None  # the answer gives another event's time too: a remark may label that one
    q = set(re.findall(r"[a-z]+(?:-in)?", question.lower()))
    bodies = [body for _, body in caveats.remarks(text)]
    bodies += text.split("\u2014")[1:]
    for body in bodies:
        m = _OFFSET_FROM.search(body)
        if m and q & next((f for f in _EVENT_FAMILIES if m.group(1).lower() in f), frozenset()):
            return f"a remark puts the date at an offset ({m.group(0)!r}) from the event the question asks about"
        if _DIGIT.search(body):
            continue  # the other event's own time beside the asked one ("(storetime 2150-03-04 11:02)", "48 hours after")
        words = set(re.findall(r"[a-z]+(?:-in)?", body.lower()))
        for family in _EVENT_FAMILIES:
            if words & family and not q & family:
                return f"a remark names another event ({body.strip()!r}) than the question's"
        if another_subject(body, question, lab_only=True) or labs(body) and not asks_lab_test(question):
            return f"a remark names another test ({body.strip()!r}) than the question's"
    return None


@functools.lru_cache(maxsize=4096)
def _asked_statistics(question: str) -> frozenset[str]:
    return frozenset(_STATS.get(w.lower(), "total") for w in _STAT_Q.findall(question))


_STAT_LABEL = re.compile(r"^\W*(median|mean|average|mode|max(?:imum)?|min(?:imum)?)\b\s*[:=]?\s*\**\s*-?\d", re.I)
_STAT_LABELS = re.compile(r"\b(median|mean|average|mode|max(?:imum)?|min(?:imum)?|highest|lowest|peak)\b\s*[:=]?\s*\**\s*-?\d", re.I)


def _other_statistic(text: str, question: str) -> str | None:
    """A remark that names another statistic than the question's ("F: 2.26 (median)" for a mean, "5 (minimum)"
    for a count): a count's "total" is the count."""
    asked = None
    m = _STAT_LABEL.match(text)
    if m and not any(_STATS.get(x.lower(), "bound") in _asked_statistics(question) for x in _STAT_LABELS.findall(text)):
        # "Median 5.43 d" for a mean; "Min 1.1, max 2.4" labels the asked one too
        return f"the answer labels its value as another statistic ({m.group(1)!r}) than the question asks for"
    for m in _STAT_REMARK.finditer(text):
        asked = _asked_statistics(question) if asked is None else asked
        said = _STATS.get(m.group(1).lower(), "bound")
        if said not in asked:
            return f"a remark names another statistic ({m.group(0)!r}) than the question asks for"
    return None


# a remark that states the value again: it must give the same answer at the asked precision ("(i.e., 6)",
# "(exact value 4.31)", "(4.5 before rounding)", "(the SQL returned 7)", "(six)")
_RESTATED = re.compile(
    r"[(\[]\s*(?:i\.?\s?e\.?|that is|namely|exactly|precisely|exact(?:\s+value)?|unrounded|raw(?:\s+value)?|"
    r"actual(?:ly)?(?:\s+value)?|rounded (?:up |down )?from|the (?:query|sql|result|database|output|data|table|tool)\s+"
    r"(?:returned|returns|gave|gives|shows?|showed|says|said))\s*(?:(?:is|was|=)\s*)?[:,]?\s*([^()\[\]]+?)\s*[)\]]|"
    r"[(\[]\s*([^()\[\]]+?)\s+(?:before rounding|unrounded|exactly|raw|exact|precisely)\s*[)\]]|"
    r"[(\[]\s*([^()\[\]\s][^()\[\]]{0,40}?)\s*[)\]]", re.I)
_LONE_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?|[a-z]+(?:[- ][a-z]+){0,3}", re.I)
_LONE_COUNT = re.compile(r"[-+]?\d[\d,]*(?:\s+[a-z]+){0,2}|[a-z]+(?:[- ][a-z]+){0,3}", re.I)  # "(six admissions)"
_LONE_WHEN = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?")


def _restated(text: str, kind: Kind, spec: AnswerSpec) -> tuple[str | None, str] | None:
    """(why the answer is wrong or None, the answer without its restating remark) where a remark states the
    value again; None without one. A bare remark counts only as one value ("(six)", "(2150-03-05)"), never
    a string's ("Heparin (5 prescriptions)")."""
    for m in _RESTATED.finditer(text):
        body = m.group(1) or m.group(2)
        if body is None:
            body = m.group(3)
            if kind.name in ("string", "code", "boolean"):
                continue
            lone = _LONE_WHEN if kind.name in ("date", "timestamp") else _LONE_COUNT if kind.name == "count" else \
                _LONE_NUMBER
            if not lone.fullmatch(body):
                continue
        main = text[:m.start()] + " " + text[m.end():]
        said = read_value(main, kind, spec.question, spec.question_numbers)
        again = read_value(body, kind, spec.question, spec.question_numbers)
        if isinstance(said, Unread) or isinstance(again, Unread) or again is None:
            continue
        if not values_match(said, gold_value(value_json(again), kind), kind):
            return f"a remark ({m.group(0)!r}) states another value than the answer", text
        return None, main
    return None


_ID_RUN = caveats.ID  # one id pattern: a sentence-final id ("patient 10000033.") is one too
_FIVE_DIGITS = re.compile(r"\d{5}")


def _on_the_asked_entity(text: str, question: str) -> str:
    """Where the answer names the question's patient or admission and others ("patient 10003400 on 2150-03-04;
    patient 10003401 on 2150-05-01"), the parts that name only others blanked (positions kept)."""
    if not _FIVE_DIGITS.search(text) or not _ID_RUN.search(text):
        return text
    asked = set(_ID_RUN.findall(question))
    named = set(_ID_RUN.findall(text))
    if not asked & named or not named - asked:
        return text
    def others_blanked(part: str) -> str:
        ids = set(_ID_RUN.findall(part))
        return " " * len(part) if ids and not ids & asked else part

    return _per_segment(text, others_blanked)


_LISTED_IDS = re.compile(r"[(\[:]\s*(?:(?:hadm_?ids?|ids?|stay_?ids?|subject_?ids?|admissions?|stays?)\s*[:#=]?\s*)?"
                         r"((?:\d{5,}\s*(?:,|;|and|&|/)?\s*){2,})\s*[)\]]?", re.I)
_SOME_OF = re.compile(r"\b(?:e\.g\.|eg|such as|including|among them|for example|for instance|etc)\b|\.\.\.|\u2026", re.I)


def _ids_counted(text: str, kind: Kind, spec: AnswerSpec) -> str | None:
    """A count beside a full list of ids of another length ("5 admissions (IDs: 20000345, 20000346)")."""
    m = _LISTED_IDS.search(text)
    if not m or _SOME_OF.search(text):
        return None
    ids = set(_ID_RUN.findall(m.group(1))) - set(_ID_RUN.findall(spec.question))
    said = read_value(text[:m.start()], kind, spec.question, spec.question_numbers)
    if isinstance(said, Unread) or said is None or len(ids) < 2:
        return None
    if said.value != len(ids):
        return f"the answer counts {said.json()} but lists {len(ids)} ids"
    return None


_DECIMAL = re.compile(r"(?<![\d.])-?\d+\.\d+(?![\d.])")
_NOT_A_READING = re.compile(r"(?:ref\w*|range|normal|limit|uln|threshold|cut-?off|upper|lower|goal|target|"
                            r"than|<|>|x)\W*$", re.I)
_NOT_READINGS = re.compile(r"\d{4}-\d\d-\d\d|\d:\d\d|\d+(?:\.\d+)?\s*[-\u2013]\s*\d+(?:\.\d+)?")  # days, times, ranges
_ASKS_MAX = re.compile(r"\b(?:highest|maximum|max|peak|largest|greatest)\b", re.I)
_ASKS_MIN = re.compile(r"\b(?:lowest|minimum|min|nadir|smallest)\b", re.I)
_ASKS_LAST = re.compile(r"\b(?:last|latest|most recent|final)\b", re.I)
_LAST_SAID = re.compile(r"[(\[][^()\[\]]*\b(?:last|latest|most recent|final)\b[^()\[\]]*[)\]]", re.I)


def _readings(part: str) -> list[float]:
    """The decimal numbers of ``part`` that read as values of the series (not a reference range, a limit,
    a part of a date or a time)."""
    part = _NOT_READINGS.sub(" ", part)
    return [float(m.group(0)) for m in _DECIMAL.finditer(part)
            if not _NOT_A_READING.search(part[max(0, m.start() - 14):m.start()])]


@functools.lru_cache(maxsize=4096)
def _asks_which_reading(question: str) -> tuple[bool, bool, bool]:
    """Whether the question asks for the highest, the lowest, the last reading of a series."""
    return (_ASKS_MAX.search(question) is not None, _ASKS_MIN.search(question) is not None,
            _ASKS_LAST.search(question) is not None)


def _other_reading(text: str, kind: Kind, spec: AnswerSpec) -> str | None:
    """Another reading of the series that contradicts the answer's: one beyond the extreme asked for ("2.3 (a
    higher value of 2.5 was recorded later)"), or another value called the last one ("4.2 (the last one was
    4.5)")."""
    q = spec.question
    high, low_, last = _asks_which_reading(q)
    if not (high or low_ or last) or text.count(".") < 2 or len(_DECIMAL.findall(text)) < 2:
        return None  # one decimal number: the answer's own
    readings = _readings(text)
    if len(set(readings)) < 2:
        return None  # no reading but the answer's own
    said = read_value(text, kind, q, spec.question_numbers)
    if isinstance(said, Unread) or said is None:
        return None
    v = float(said.value)
    if high and not low_ and any(r > v for r in readings):
        return "the answer states a reading higher than the highest it gives"
    if low_ and not high and any(r < v for r in readings):
        return "the answer states a reading lower than the lowest it gives"
    if last and not (high or low_):
        for m in _LAST_SAID.finditer(text):
            if any(not values_match(read_value(repr(r), kind, "", frozenset()), gold_value(v, kind), kind)
                   for r in _readings(m.group(0))):
                return f"a remark ({m.group(0)!r}) gives another last value than the answer"
    return None


# the flag a yes / no about an abnormal value must agree with ("Yes (flag: normal)", "No (flagged abnormal)")
_FLAG_SAID = re.compile(r"\bflag(?:ged)?\s*(?:as\s*)?[:=]?\s*[\"']?(abnormal|normal|high|low|critical|h|l|delta)\b|"
                        r"\bwithin (?:the )?(normal) (?:range|limits)\b", re.I)
_ASKS_ABNORMAL = re.compile(r"\babnormal\b|\bflagged\b|\bout of range\b", re.I)
_Q_LIMIT = re.compile(r"\b(above|over|greater than|more than|higher than|exceed(?:ed|ing|s)?|at least|"
                      r"below|under|less than|lower than|at most)\s+(\d+(?:\.\d+)?)", re.I)


_EXPIRE = re.compile(r"\bhospital_expire_flag\s*[=:]\s*([01])\b", re.I)
_STATED_COUNT = re.compile(r"\b(\d+|one|two|three|four|five|zero|no)\s+(?:\w+\s+)?(?:icu\s+)?(?:stays?|orders?|"
                           r"prescriptions?|administrations?|doses?|admissions?|transfers?)\b|"
                           r"\b(?:stays?|orders?|prescriptions?|count)\s*(?:count\s*)?[:=]\s*(\d+)\b", re.I)
_COUNT_WORD = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "zero": 0, "no": 0}
_LEVEL_NORMAL = re.compile(r"\b(?:low|high)-normal\b|\bwithin (?:the )?(?:normal|reference) (?:range|limits)\b|"
                           r"\b(?:was|is|were|it's) normal\b", re.I)
_LEVEL_ABNORMAL = re.compile(r"(?<!not )(?<!n't )\b(?:slightly |mildly |markedly |very |moderately )?(?:elevated|raised|"
                             r"increased|decreased)\b", re.I)
_ASKS_EXISTS = re.compile(r"^\s*(?:was|were|did|does|has|had)\b.*\b(?:admitted|prescribed|given|transferred|"
                          r"administered|ordered|received)\b", re.I)
_ASKS_DIED = re.compile(r"\b(?:die|died|death|expire[ds]?)\b", re.I)


@functools.lru_cache(maxsize=4096)
def _question_asks(question: str) -> tuple[bool, bool, bool]:
    """Whether the question asks about a death, about whether something happened, about an abnormal value."""
    return (_ASKS_DIED.search(question) is not None, _ASKS_EXISTS.search(question) is not None,
            _asks_abnormal(question))


def _states_a_figure(text: str, question: str) -> bool:
    """Whether ``_stated_against`` has anything to read (without reading the yes / no)."""
    died, exists, abnormal = _question_asks(question)
    return died and "expire_flag" in text.lower() or exists and _STATED_COUNT.search(text) is not None or \
        abnormal and (_LEVEL_NORMAL.search(text) is not None or _LEVEL_ABNORMAL.search(text) is not None)


def _stated_against(text: str, said: bool, question: str) -> str | None:
    """A yes / no its own stated figure contradicts: the expire flag for a death ("Yes; hospital_expire_flag =
    0"), a count for an existence question ("No (ICU stay count = 2)", "Yes (ICU stays: 0)"), the level for an
    "abnormal?" ("Yes, it was low-normal", "No, slightly elevated")."""
    died, exists, abnormal = _question_asks(question)
    m = _EXPIRE.search(text) if died else None
    if m and (m.group(1) == "1") != said:
        return f"the flag it states ({m.group(0)!r}) says the other of {'yes' if said else 'no'}"
    if exists:
        counts = [int(x) if x.isdigit() else _COUNT_WORD[x.lower()]
                  for m in _STATED_COUNT.finditer(text) for x in [m.group(1) or m.group(2)]]
        if counts and (said and not any(counts) or not said and all(counts)):
            return f"the count it states says the other of {'yes' if said else 'no'}"
    if abnormal:
        if said and _LEVEL_NORMAL.search(text) or not said and _LEVEL_ABNORMAL.search(text):
            return f"the level it states says the other of {'yes' if said else 'no'}"
    return None


@functools.lru_cache(maxsize=4096)
def _q_limit(question: str) -> re.Match | None:
    return _Q_LIMIT.search(question)


@functools.lru_cache(maxsize=4096)
def _asks_abnormal(question: str) -> bool:
    return _ASKS_ABNORMAL.search(question) is not None


def _boolean_evidence(text: str, kind: Kind, spec: AnswerSpec) -> str | None:
    """A yes / no whose own evidence says the other: a flag ("Yes (flag: normal)" for "abnormal?"), or the
    value of the asked reading on the wrong side of the question's limit ("Yes, the last heart rate was 95
    and the max was 112" for "was the last heart rate above 100?")."""
    q = spec.question
    flags = [(m.group(1) or m.group(2)).lower() for m in _FLAG_SAID.finditer(text)] \
        if _asks_abnormal(q) and ("normal" in text.lower() or "flag" in text.lower()) else []
    limit = _q_limit(q) if _DIGIT.search(text) else None
    sides: set[bool] = set()
    if limit:
        bound, above = float(limit.group(2)), limit.group(1).lower() in (
            "above", "over", "greater than", "more than", "higher than", "exceed", "exceeded", "exceeding",
            "exceeds", "at least")
        strict = limit.group(1).lower() not in ("at least", "at most")
        # a remark is a part of its own here ("the max was 112 (last 95)": 95 is the last one)
        part = _on_the_asked_one(_on_the_asked_entity(re.sub(r"\s*([(\[])", r", \1", text), q), q)
        part = re.sub(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?|(?<![\d.])\d{5,}", " ", part)
        values = [float(x) for x in re.findall(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])", part)
                  if float(x) != bound and x not in spec.question_numbers]
        sides = {(x > bound if strict else x >= bound) if above else (x < bound if strict else x <= bound)
                 for x in values}
    if not flags and len(sides) != 1 and not _states_a_figure(text, q):
        return None  # no flag, no one side of the limit, no count or level: nothing to hold the yes / no to
    said = read_value(text, kind, q, spec.question_numbers)
    if not isinstance(said, bool):
        return None
    for flag in flags:
        if (flag == "normal") == said:
            return f"the flag it states ({flag!r}) says the other of {'yes' if said else 'no'}"
    why = _stated_against(text, said, q)
    if why:
        return why
    if sides == {not said}:
        return f"the value it states ({values[0]:g}) says the other of {'yes' if said else 'no'}"
    return None


_SAYS_NO = re.compile(r"\W*(?:no|false)\b", re.I)
_ISH = re.compile(r"\d\s*-?ish\b", re.I)
_ADDED_ASIDE = re.compile(r"[(\[]\s*(?:and|also|as well as|along with|together with|tied with|tie with|tied|"
                          r"equally)\b[^()\[\]]*[)\]]", re.I)
# pairs of word sets that name different things of the same sort: the extremes, the statistics, the sexes,
# the events whose dates are asked
_OPPOSITES = tuple((frozenset(x.split()), frozenset(y.split())) for x, y in (
    ("most", "least fewest"), ("highest", "lowest"), ("largest biggest", "smallest"),
    ("longest longer", "shortest shorter"), ("maximum max highest peak", "minimum min lowest nadir"),
    ("greatest", "least"),
    ("top", "bottom"), ("oldest", "youngest"), ("commonest", "rarest"),
    ("mean average", "median mode modal sd deviation variance total sum cumulative"),
    ("male males men", "female females women"),
    # the ends of a sequence: "the first potassium was 4.2" answers no question about the last one
    ("first earliest initial", "last latest final recent"),
    # the last value is not another statistic of the series ("the mean heart rate was 104", "peak creatinine")
    ("last latest final recent", "mean average median maximum max minimum min peak highest lowest penultimate "
     "baseline tmax nadir"),
    # the principal diagnosis is not a secondary or admitting one
    ("principal primary", "secondary admitting additional"),
    # a first admission is not a readmission or a later one
    ("first earliest initial", "readmission subsequent"),
    # a diagnosis is not a procedure; a chart time is not the time a result was stored or reported
    ("diagnosis diagnoses", "procedure procedures"),
    ("measurement measured charttime drawn taken", "stored storetime available resulted reported verified"),
    ("admission admitted admittime hospital", "dischtime discharge discharged"),
    ("given administered received administration", "order orders ordered"),
    ("mortality died death deaths", "survival survived")))
# pairs whose other word counts only outside remarks (a remark may give the other time beside the asked one)
_OUTSIDE_REMARKS = frozenset({frozenset("stored storetime available resulted reported verified".split()),
                              frozenset("dischtime discharge discharged".split())})
_OUTSIDE_WORDS = frozenset().union(*_OUTSIDE_REMARKS)  # (the dated events' pair has its own sets of these words)
# a rank other than the top one, where the question asks for an extreme ("second most common", "runner-up")
_SUPERLATIVE = re.compile(r"\b(?:most|least|longest|shortest|highest|lowest|largest|smallest|greatest|top|"
                          r"maximum|minimum|commonest|principal|primary|first|last)\b", re.I)
_RANK = re.compile(r"\b(?:second|third|fourth|2nd|3rd|4th)[- ](?:most|least|longest|shortest|highest|lowest|largest|"
                   r"smallest|greatest|common|frequent|listed|place|best|top)\b|\brunner[- ]up\b|"
                   r"\brank(?:ed)?\s*(?:#\s*|no\.?\s*)?[2-9]\b|\b(?:second|third|2nd|3rd) (?:after|behind|only to)\b", re.I)
# the events a date answers: only checked for dates ("5 admissions, all discharged home" is a count)
_EVENTS = (frozenset("admitted admission admit".split()), frozenset("discharged discharge".split()))
_DEATH = (frozenset("death died dod deceased".split()), frozenset("discharged discharge dischtime hospice".split()))
_WORD_RE = re.compile(r"[a-z]+")
_AT_MOST = re.compile(r"\bat\s+(?:most|least)\b|\bmost (?:likely|probably)\b", re.I)
_ENTITY_ID = re.compile(r"\b(patient|subject(?:_id)?|pt|admission|adm|hadm(?:_id)?|hospital stay|icu stay|"
                        r"stay(?:_id)?|id)\.?[\"']?\s*(?:id\s*)?(?:no\.?\s*|number\s*)?[:#=]?\s*(\d{5,})\b", re.I)
_ENTITY_ID_LOW = re.compile(_ENTITY_ID.pattern)
_ENTITY_GROUP = {"patient": "patient", "subject": "patient", "subject_id": "patient", "pt": "patient",
                 "admission": "admission", "adm": "admission", "hadm": "admission", "hadm_id": "admission",
                 "hospital stay": "admission", "icu stay": "stay", "stay": "stay", "stay_id": "stay",
                 "id": "any"}  # a bare "ID 10001218" is some entity: it must be one the question names
_IN_YEAR = re.compile(r"\b(?:in|during)\s+(?:the\s+year\s+)?((?:19|2[0-2])\d\d)\b", re.I)


_ENTITY_WORDS = ("patient", "subject", "pt", "adm", "hadm", "stay", "id")  # one is in every _ENTITY_ID match


def _entity_ids(text: str) -> dict[str, set[str]]:
    """The patient / admission / stay ids a text names, by what they identify."""
    out: dict[str, set[str]] = {}
    if not _FIVE_DIGITS.search(text):
        return out  # every id has five digits or more
    if fold_safe(text):
        low = text.lower()
        if not any(w in low for w in _ENTITY_WORDS):  # exact: see text.Folded
            return out
        # the plain pattern on the lowercase matches where _ENTITY_ID does on the text (text.Folded), its groups
        # lowercased (the ids are digits)
        for m in _ENTITY_ID_LOW.finditer(low):
            out.setdefault(_ENTITY_GROUP[m.group(1)], set()).add(m.group(2))
        return out
    for m in _ENTITY_ID.finditer(text):
        out.setdefault(_ENTITY_GROUP[m.group(1).lower()], set()).add(m.group(2))
    return out


def _words(text: str) -> frozenset[str]:
    low = text.lower()
    if fold_safe(text) and "most" not in low and "least" not in low:
        return frozenset(_WORD_RE.findall(low))  # no _AT_MOST match without "most" / "least" (see text.Folded)
    return frozenset(_WORD_RE.findall(_AT_MOST.sub(" ", text).lower()))


@functools.lru_cache(maxsize=4096)
def _question_side(question: str, dated: bool) -> tuple:
    """What _about_something_else reads from the question: its words, the (asked, said) pairs it can flip on,
    its entity ids and its years (read only)."""
    q = _words(question)
    pairs = tuple((asked, said) for a, b in _OPPOSITES + ((_EVENTS, _DEATH) if dated else ())
                  for asked, said in ((a, b), (b, a)) if asked & q and not said & q)
    return q, pairs, _entity_ids(question), set(_IN_YEAR.findall(question))


def _about_something_else(text: str, question: str, dated: bool = False, any_id: bool = True) -> str | None:
    """The answer names another thing of the sort the question names, and not the question's: the opposite
    extreme ("the least common drug" for "most often"), another statistic (the median for the mean), the other
    sex, the other event (the discharge date for the admission date), another patient / admission / stay, or
    another year. Skipped where the question names both, or the answer names both."""
    if not question:
        return None
    # the question's side once per question; the answer's side only where the question leaves a case open
    q, pairs, q_ids, q_years = _question_side(question, dated)
    t = _words(text) if pairs else frozenset()
    outside = None
    for asked, said in pairs:
        if said & _OUTSIDE_WORDS and said & t:
            outside = _words(split_asides(text)[0]) if outside is None else outside
            if not said & outside:
                continue  # "10:15 (storetime 11:02)": the other time only in a remark beside the asked one
        if said & t and not asked & t:
            return f"the answer is about the {min(said & t)}, the question asks for the {min(asked & q)}"
    t_ids = _entity_ids(text) if q_ids else {}
    for group, ids in t_ids.items():
        if group == "any":  # named by a bare "ID": none of the question's ids (an id answer is its own value)
            named = set().union(*q_ids.values())
            if any_id and named and not ids & named:
                return f"the answer is about id {min(ids)}, the question about {min(named)}"
            continue
        if group in q_ids and not ids & q_ids[group]:
            return f"the answer is about {group} {min(ids)}, the question about {group} {min(q_ids[group])}"
    if q_years:
        t_years = set(_IN_YEAR.findall(text)) | set(_YEAR_REMARK.findall(text))
        if t_years and not t_years & q_years:
            return f"the answer is about {min(t_years)}, the question about {min(q_years)}"
        m = _ALL_YEARS.search(text)
        if m:  # "5 (all years)" for a question about 2150
            return f"the answer is about {m.group(0)!r}, the question about {min(q_years)}"
    return None


# an answer that is only SQL ("```sql SELECT ... LIMIT 5```"): its numbers are the query's, not a result
_ONLY_SQL = re.compile(r"^\s*(?:```\s*sql\b[\s\S]*?```|(?:select|with)\b[^;]*?\bfrom\b[^;]*;?)", re.I)
_ONLY_SQL_REST = re.compile(r"\w")
# the answer's own words put its figure in another scope than the question's: another admission or record,
# a wider or narrower population or window ("(from the previous admission)", "for all patients", "since 2150",
# "on the last day", "(the newborn had 1)"); each word only where the question does not use it
_SCOPE_WORDS = Folded(
    r"\b(?:geometric|trimmed|weighted|harmonic|truncated) mean\b|\bsecond[- ]to[- ]last\b|\bnext[- ]to[- ]last\b|"
    r"\b\(?(?:19|2[0-2])\d\d only\)?|\bon day \d+\b|\bsimilar (?:patients?|cases?|subjects?)\b|"
    r"\b(?:from|in|during) (?:the |a )?(?:previous|prior|earlier|first|other|another|different|later|next) admission\b|"
    r"\b(?:previous|prior|earlier|subsequent|next|another|other|different) (?:admission|stay|visit|encounter|"
    r"record|patient|hospitalization|measurement|draw)s?\b|\b(?:outpatient|sibling|mother|newborn|baby|same name|"
    r"readmission|before (?:the )?admission|after (?:the )?discharge|pre-admission|post-discharge)\b|"
    r"\b(?:for |among )?(?:all|both|every) (?:patients|sexes|genders|admissions|stays|groups)\b(?<!of all patients)|"
    r"\b(?:both sexes|sexes combined|genders combined|combined|overall|in total|across all)\b|"
    r"\bsince (?:19|2[0-2])\d\d\b|\bin the (?:last|past|previous) (?:year|month|week|\d+ (?:days|months|years))\b|"
    r"\b(?:on|during) the (?:last|first|final) day\b|\bper day\b|\bdaily\b|\bin the icu(?: itself)?\b|\bicu patients\b|"
    r"\bicu (?:admission|stay|transfer|intime)\b|\bper (?:year|month|week|patient|admission)\b|\ba year\b|"
    r"\bannually\b|\bon average\b|\bin (?:19|2[0-2])\d\d(?: alone| only)?\b|\b(?:change|difference|delta) in\b|"
    r"\b(?:last|first|latest|earliest) (?:two|three|four|five|\d+) \w+|\b(?:on|at) admission\b|"
    r"\badmission (?:value|level|labs?|creatinine|potassium|sodium|glucose|hemoglobin)\b|"
    r"\b\d+(?:\.\d+)?\s*(?:x|times)\s+(?:the\s+)?(?:upper|lower|uln|normal|reference|baseline)\b|"
    r"\bwithin (?:24 hours|a day|one day)\b|\bseq_?num\s*[:=]?\s*[2-9]\b|\blisted (?:second|third|2nd|3rd)\b|"
    r"\btop \d+\b|\b(?:two|three|four|five|\d+) most (?:frequent|common)\b|"
    # another event, source, cohort or window in other words (round 6)
    r"\b(?:upper|lower) limit (?:of normal )?(?:is|was|=|:)\s*\d|\bref_?range_?(?:upper|lower)\b|"
    r"\bed (?:arrival|registration|visit|triage|diagnos[ie]s|record|table|discharge|departure)\b|\bedregtime\b|\bedouttime\b|"
    r"\btriage\b|\bemergency department\b|\b(?:left|in|from|per) the ed\b|"
    r"\b(?:the )?(?:first |last )?transfer (?:was|on|date|out)\b|\btransfer(?:red)? out of\b|\bouttime\b|"
    r"\border (?:was )?placed\b|\border(?:ed)? at\b|\border time\b|"
    r"\bicu (?:los|length of stay|stay length)\b|\bmean icu\b|\bnot (?:from |in )?the icu\b|"
    r"\b(?:female-to-male|male-to-female|\w+-to-\w+) ratio\b|\bx ?100\b|"
    r"\b(?:deceased|survivors?|surviving|survived|in-hospital deaths?|who died|elderly|readmitted|single-admission|"
    r"with (?:a |one )?single admission)\b|\breference range upper\b|\b(?:upper|lower) limit\b[^.;\d]{0,30}?\b(?:is|was)\s*\d|"
    r"\baged \d+\+?|\b\d+\+ (?:years|patients)\b|\bwith an? (?:icu stay|diagnosis|readmission)\b|"
    r"\bin a single (?:year|month|day|admission)\b|\b(?:emergency|elective|urgent|observation) admissions?\b|"
    r"\bdischarged to hospice\b|\bdate of (?:last )?discharge\b|"
    # round 7: another table, unit of analysis, filter, measure or intervention in words
    r"\bchartevents\b|\bflowsheet\b|\bbedside\b|\bpoint[- ]of[- ]care\b|\bfingerstick\b|\bdischarge summary\b|"
    r"\b(?:per|from|in) the (?:\w+ )?notes?\b|\bcharted\b|\bdiagnosis rows?\b|\bevery diagnosis\b|"
    r"\bcounting each admission\b|\bby distinct patients\b|\brather than admissions\b|"
    r"\bas (?:a |the )?(?:secondary|principal|primary) diagnos[ie]s\b|\b(?:principal|primary|secondary) diagnos[ie]s of\b|"
    r"\bseptic shock\b|\breceived antibiotics\b|\bsurvival rate\b|\bage at death\b|\banchor_age\b|"
    r"\bat the first admission only\b|\bnon-?invasive\b|\bbipap\b|\bcpap\b|\bhigh[- ]flow\b|\bnasal cannula\b|"
    r"\bsupplemental oxygen\b|\bicu itself\b|\bduring (?:the )?icu stays?\b|"
    r"\bhospital (?:length of stay|los|stay)\b|\bwas ordered\b|\bicd-?(?:9|10)(?:-cm)?\b|"
    r"\b(?:truncated|floored|rounded down)\b|"
    # round 8: another statistic of the series, another panel or window, a filter or definition in words,
    # admissions counted beside an index one
    r"\b\d+(?:st|nd|rd|th)? percentile\b|\bpercentile\b|\bmodal\b|\bthe mode\b|\bmost frequent value\b|"
    r"\b(?:average|mean|typical|median|usual) (?:maximum|minimum|max|min|peak|highest|lowest|daily)\b|"
    r"\b(?:hourly|rolling|moving|smoothed|\d+-(?:minute|min|hour)) (?:averages?|means?|medians?|maximum|rolling mean)\b|"
    r"\bat death\b|"
    r"\brolling (?:mean|average|median)\b|\bsmoothed\b|\bsustained\b|\bper-(?:patient|admission|stay)\b|"
    r"\b(?:patient|admission|stay)-level\b|\bweighted (?:average|mean)\b|"
    r"\bblood gas\b|\b(?:abg|vbg)\b|\b(?:before|after) (?:the )?(?:\w+ )?(?:repletion|dialysis|hemodialysis|"
    r"transfusion|surgery|procedure|intubation|extubation|infusion|bolus|treatment)\b|"
    r"\b(?:pre|post)-?(?:dialysis|hd|op|operative|transfusion|repletion|treatment|procedure)\b|"
    r"\b(?:admissions?|stays?|visits?|patients?|encounters?) (?:longer|shorter) than\b|"
    r"\b(?:more|less) than \d+ (?:hours?|days?)\b|\bat least \d+ (?:hours?|days?)\b|"
    r"\banchor[_ ]year(?:[_ ]group)?\b|\bcalendar days?\b|\bmidnights?\b|"
    r"\bcounting (?:the |each |both )?(?:admission|discharge|midnight|day)|"
    r"\b(?:additional|further|extra|return|repeat) (?:admissions?|visits?|stays?|hospitali[sz]ations?|encounters?)\b|"
    r"\b(?:excluding|besides|not counting) the (?:current|first|index|initial)\b|"
    r"\bafter the (?:first|index|initial)(?: one| admission| visit| stay)?(?=\s*(?:[.,;)]|$))|"
    r"\bemergency[- ]department visits?\b",
    # one of these is in every match (most answers have none and skip the long pattern)
    hints=("similar", "geometric", "trimmed", "weighted", "harmonic", "truncated", "to last", "to-last", " only", "previous",
           "prior", "earlier", "subsequent", "next", "other", "different", "outpatient", "sibling", "mother",
           "newborn", "baby", "same name", "readmission", "before", "after", "pre-admission", "post-discharge",
           "all ", "both ", "every ", "combined", "overall", "in total", "across all", "since", "in the ", " day",
           "daily", "icu", "per ", "a year", "annually", "on average", "in 1", "in 2", "change in", "difference in",
           "delta in", "last ", "first ", "latest ", "earliest ", "admission", "x ", "times ", "within ", "seq",
           "listed ", "top ", "most ", "limit", "ref", "ed ", "edregtime", "edouttime", "triage", "emergency",
           "the ed", "transfer", "outtime", "order", "icu", "ratio", "x100", "x 100", "deceased", "surviv", "death",
           "died", "elderly", "readmitted", "single", "aged ", "+ ", "with a", "elective", "urgent", "observation",
           "hospice", "discharge", "chartevents", "flowsheet", "bedside", "point", "fingerstick", "note", "charted",
           "diagnosis row", "every diagnosis", "counting each", "distinct patients", "rather than", "as ", "diagnos",
           "septic", "antibiotics", "survival", "age at death", "anchor_age", "first admission only", "invasive",
           "bipap", "cpap", "high", "cannula", "oxygen", "itself", "hospital", "ordered", "icd", "truncated",
           "floored", "rounded down",
           "percentile", "modal", "the mode", "most frequent value", "average ", "mean ", "typical ", "median ",
           "usual ", "hourly", "rolling", "moving", "smoothed", "-min", "-hour", "sustained", "per-", "-level",
           "weighted", "blood gas", "abg", "vbg", "before ", "after ", "pre", "post", "longer than", "shorter than",
           " than ", "at least", "anchor", "calendar day", "midnight", "counting ", "additional", "further",
           "extra", "return", "repeat", "excluding the", "besides the", "not counting the", "emergency",
           "longer than", "shorter than"))
# a question that fixes a scope of its own (a time, an admission, a sex, a subgroup): "in total" and
# "overall" in the answer go beyond it
_SCOPED_QUESTION = re.compile(r"\b(?:during|in (?:19|2[0-2])\d\d|female|male|women|men|with|who|icu|first|last|"
                              r"admission \d+|stay \d+|within)\b", re.I)
_WIDE = frozenset({"combined", "overall", "in total", "across all", "both sexes", "sexes combined",
                   "genders combined"})


_CHARTED = frozenset({"charted", "chartevents", "flowsheet", "bedside"})
_TOP_N = re.compile(r"\btop (?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b|\b(?:two|three|four|five|\d+) most (?:frequent|common)\b", re.I)
_SET_SCOPE = re.compile(r"\b(?:at|after|on) discharge\b|\bdischarge (?:prescriptions?|medications?|meds)\b|"
                        r"\bby distinct patients\b|\brather than admissions\b|\bamong principal diagnoses\b|"
                        r"\bprincipal diagnos[ie]s\b|"
                        r"\bamong (?:icu|ed|emergency|elective|\w+) (?:admissions|patients|stays)\b|"
                        r"\bas (?:the )?(?:principal|primary|secondary) diagnos[ie]s\b|\bfrom (?:a|another) "
                        r"(?:different )?admission\b|\bis from a different\b", re.I)
_WITHIN_DAY = re.compile(r"\bwithin (?:24 hours|a day|one day)\b|\b(?:in |by )?utc\b|\btime ?zones?\b", re.I)
_BELIEF = re.compile(r"\b(?:i|we) (?:think|believe|guess|suppose|reckon)\b|\bi'd say\b|\bthat (?:i|we) could "
                     r"(?:find|see|tell)\b", re.I)
_LATER_ADMISSION = re.compile(r"\b(?:the )?(?:second|third|2nd|3rd|later|next|subsequent|most recent|latest|last) "
                              r"(?:icu )?(?:admission|stay)\b", re.I)


# the ICU's share of a stay, another reading of the series than the one asked ("5.43 ICU days", "5.43 (ICU)",
# "4.2 (prior value)", "4.2 (the one before last)"): checked for measurements
_SERIES_SCOPE = Folded(r"\bicu (?:days?|hours?|time)\b|\bicu(?: only| stays?)?\s*[)\]]|\b(?:one )?before (?:the )?last\b|"
                       r"\bpenultimate\b|\b(?:prior|previous|earlier|preceding|initial) (?:value|reading|measurement|"
                       r"result|one)\b|"
                       # round 11: one reading at another moment, a total over stays
                       r"\bat (?:icu |hospital )?discharge\b|\bon arrival\b|\bat transfer\b",
                       hints=("icu", "before", "penultimate", "prior", "previous", "earlier", "preceding", "initial",
                              "discharge", "arrival", "transfer"))


def _scope_matches(text: str, measurement: bool = False):
    found = list(_SCOPE_WORDS.finditer(text))
    return found + list(_SERIES_SCOPE.finditer(text)) if measurement else found  # ("ICU days" on a count too)


@functools.lru_cache(maxsize=4096)
def _asks_first_admission(question: str) -> bool:
    return bool(re.search(r"\bfirst (?:admission|admitted|hospital)|\bfirst\b.*\badmi", question.lower()))


@functools.lru_cache(maxsize=4096)
def _asks_first(question: str) -> bool:
    return _asks_first_admission(question) or re.search(r"\bfirst\b", question.lower()) is not None


@functools.lru_cache(maxsize=4096)
def _asks_extreme(question: str) -> bool:
    return bool(_SUPERLATIVE.search(question))


_DAY_OF_READING = re.compile(r"on (?:the )?(?:(?:first|second|third|last|final)(?:[- ]icu)? day|(?:icu |hospital )?day \d+)")
_DAY_NUMBER = re.compile(r"\b(first|second|third|1st|2nd|3rd)(?:[- ]icu|[- ]hospital)?[- ]day\b|\bday[- ](\d+|one|two|three)\b|"
                         r"\b(first) 24 ?(?:h|hrs?|hours)\b", re.I)
_DAY_WORDS = {"first": 1, "1st": 1, "one": 1, "second": 2, "2nd": 2, "two": 2, "third": 3, "3rd": 3, "three": 3}


@functools.lru_cache(maxsize=4096)
def _day_index(text: str) -> int | None:
    """Which day of a stay the text names ("the first ICU day", "day 1"), if one."""
    m = _DAY_NUMBER.search(text)
    if not m:
        return None
    w = (m.group(1) or m.group(2) or m.group(3)).lower()
    return _DAY_WORDS.get(w) or (int(w) if w.isdigit() else None)


_ASKS_HIGH_LOW = re.compile(r"\b(?:highest|lowest|maximum|minimum|max|min|peak|worst|nadir)\b", re.I)
_ASKS_TOTAL_LIKE = re.compile(r"\btotal\b(?!\s+(?:gcs|glasgow))|\bsum\b|\bhow many\b|\bcumulative\b|\bcount\b", re.I)
_OF_ANOTHER_NUMBER = re.compile(r"\b(?:down|up|rising|falling|rose|fell|dropped|increased|decreased) from\s+[-+]?\d+(?:\.\d+)?"
                                r"\s*(?:[a-z%/]+\s*)?$", re.I)


def _other_scope(text: str, spec: "AnswerSpec") -> str | None:
    q = spec.question.lower()
    if spec.answer_type in ("list", "set", "boolean"):
        # items may name their own context; a yes/no's scope is read by values.read_bool, but a list cut to
        # its top N and a "within 24 hours" for "the same day" are other answers there too
        m = _TOP_N.search(text) if spec.answer_type != "boolean" else _WITHIN_DAY.search(text)
        if m and not re.search(r"\btop\b|\bmost\b|\bwithin\b|\b24 hours\b|\butc\b|\btime ?zone", q):
            return f"the answer is about another scope ({m.group(0)!r}) than the question asks for"
        if spec.answer_type != "boolean":
            for m in _SET_SCOPE.finditer(text):
                phrase = re.sub(r"^(?:among|as|at|after|on|from)\s+(?:the\s+|a\s+)?", "", m.group(0).lower())
                if not has_phrase(q, phrase):
                    return f"the answer is about another scope ({m.group(0)!r}) than the question asks for"
            return None
        if m and not re.search(r"\btop\b|\bmost\b|\bwithin\b|\b24 hours\b|\butc\b|\btime ?zone", q):
            return f"the answer is about another scope ({m.group(0)!r}) than the question asks for"
        return None
    if _asks_first(spec.question):
        m = _LATER_ADMISSION.search(text)
        if m:  # "2150-03-04 (the second admission)" for the first admission
            return f"the answer is about another admission ({m.group(0)!r}) than the question asks for"
    glosses = [span for span in split_asides(text)[1] if gloss_of_code(spec.gold, text[span[0]:span[1]].strip()[1:-1],
                                                                       spec.question)] \
        if spec.kinds[0].name == "code" and isinstance(spec.gold, str) else []
    for m in _scope_matches(text, spec.kinds[0].name in ("measurement", "count")):
        if glosses and inside(m.start(), glosses):
            continue  # "5A1935Z (ventilation, less than 24 hours)": the code's title, which the code shows
        if _OF_ANOTHER_NUMBER.search(text, max(0, m.start() - 30), m.start()):
            continue  # "4.2, down from 5.6 on admission": the scope of the other number, not of the value
        if families.describes_other_figure(text, m.start(), spec.gold):
            continue  # "8 (the highest was 15, at ICU discharge)": the scope of another figure
        said = " ".join(m.group(0).lower().strip("()[] ").split())
        # "on admission" is a time of its own (the first reading), not the question's admission
        phrase = said if said in ("on admission", "at admission") else \
            re.sub(r"^(?:for|of|among|from|in|during|on)\s+(?:the\s+|a\s+)?", "", said)
        if has_phrase(q.replace("-", " "), phrase.replace("-", " ")):
            continue  # the question names it too ("per-patient" is its "per patient")
        if "icu" in phrase.split() and "icu" in q.replace("-", " ").split() and not phrase.startswith("not") \
                and "itself" not in phrase and not phrase.startswith(("at ", "on ")) or \
                re.match(r"icd-?(?:9|10)", phrase) and not re.search(r"\bicd-?(?:9|10)\b", q) or \
                phrase.startswith("transfer") and "transfer" in q:
            continue  # the question's own ICU; a version where the question names none; its transfers
        if said == "on average" and re.search(r"\b(?:mean|average)\b", q):
            continue  # the mean asked for, in other words
        if phrase in _CHARTED and not asks_lab_test(spec.question):
            continue  # charted is another source for a lab value, the very source of a vital sign
        if re.match(r"in (?:19|2[0-2])\d\d", said) and _IN_YEAR.search(spec.question):
            continue  # a year where the question has one: the year check (_about_something_else) reads it
        if said in _WIDE and not _SCOPED_QUESTION.search(spec.question):
            continue  # "5 admissions in total" answers a question without a scope of its own
        if _DAY_OF_READING.fullmatch(said) and _ASKS_HIGH_LOW.search(spec.question) and _DIGIT.search(text, 0, m.start()) \
                and not _ASKS_TOTAL_LIKE.search(spec.question):
            continue  # "The lowest GCS was 8, on day 2": when the extreme fell, not a window cut from the stay
        if _day_index(said) is not None and _day_index(said) == _day_index(spec.question):
            continue  # "on day 1" for "on the first ICU day": the question's own day in other words
        if phrase in ("abg", "blood gas", "arterial blood gas") and asks_arterial_gas(spec.question):
            continue  # the very test of an arterial pH or pO2
        if said in ("at death", "at the time of death", "at time of death") and re.search(r"\bdied\b|\bdeath\b", q):
            continue  # the question's own moment ("how old ... when they died")
        return f"the answer is about another scope ({m.group(0)!r}) than the question asks for"
    return None


_ID_LABEL = re.compile(r"\b(stay_ids?|subject_ids?|hadm_ids?|icustay_ids?)\b", re.I)
_ID_KIND = {"stay_id": "ICU stay", "icustay_id": "ICU stay", "subject_id": "patient", "hadm_id": "admission"}
_ASKED_ID = (("ICU stay", re.compile(r"\b(?:which|what) (?:icu )?stay\b|\bstay_id\b", re.I)),
             ("admission", re.compile(r"\b(?:which|what) admission\b|\bhadm_id\b", re.I)),
             ("patient", re.compile(r"\b(?:which|what) (?:patient|subject)\b|\bsubject_id\b", re.I)))


@functools.lru_cache(maxsize=4096)
def _asked_id_kind(question: str) -> str | None:
    return next((k for k, p in _ASKED_ID if p.search(question)), None)


_JSON_KEY = re.compile(r'^\s*\{\s*"([^"]+)"\s*:\s*[^,{}]+\}\s*$')
_FIELD_WORDS = frozenset("route dose doses unit units form frequency status code title category type label service "
                         "careunit location".split())
_TIED = re.compile(r"[(\[][^()\[\]]*\b(?:tied?|tie with|tied with|equal(?:ly)? with|same as)\b", re.I)
_PERCENT_Q = re.compile(r"\b(?:percentage|percent|proportion|share|fraction)\b|%", re.I)
_PERCENT_BASE_Q = re.compile(r"\b(?:percentage|percent|proportion|share|fraction)\s+of\s+(?:all\s+)?(?:the\s+)?"
                             r"(\w+)(?:\s+(\w+))?(?:\s+(\w+))?", re.I)


@functools.lru_cache(maxsize=4096)
def _asks_percent(question: str) -> bool:
    return _PERCENT_Q.search(question) is not None


_PERCENT_OF = re.compile(r"%\s*of\s+((?:all\s+|the\s+)?[\w-]+(?:\s+[\w-]+)?)", re.I)


def _other_denominator(text: str, question: str) -> str | None:
    """A percentage of another base ("52.3% of admissions", "the share of ICU stays") than the question's
    ("What percentage of patients ...")."""
    m = _PERCENT_BASE_Q.search(question)
    nouns = [w.lower() for w in (m.groups() if m else ()) if w and w.lower() in NOUN_GROUPS]
    if not nouns:
        return None
    asked = NOUN_GROUPS[nouns[0]]
    base = _PERCENT_OF.search(text)
    base = noun_after(base.group(1)) if base else None
    if base and base != asked:
        return f"the answer is a share of {base}s, the question of {asked}s"
    said = noun_groups_in(text)
    if said and asked not in said:
        return f"the answer is a share of {min(said)}s, the question of {asked}s"
    return None


def _header_counts_else(text: str, spec: "AnswerSpec") -> str | None:
    """A header or JSON key naming what a count column counts, other than the question's ("n_patients" for a
    count of ICU stays), or a share ("pct") where a count is asked."""
    if not any(k.name == "count" for k in spec.kinds):
        return None
    asked = counted_group(spec.question)
    counts = [i for i, k in enumerate(spec.kinds) if k.name == "count"]
    heads: list[str] = []
    first = text.strip().splitlines()[0] if text.strip() else ""
    if first.count("|") >= 2:  # a markdown header: the count columns' names
        cells = [c.strip() for c in first.strip().strip("|").split("|")]
        heads += [cells[i] for i in counts if i < len(cells)] if len(cells) == len(spec.kinds) else \
            cells[-1:] if spec.answer_type != "table" else []
    lit = literal(text.strip()) if text.strip()[:1] in "[{" else None
    rows = lit if isinstance(lit, list) else [lit] if isinstance(lit, dict) else []
    if rows and isinstance(rows[0], dict):  # JSON objects: the count columns' keys, in the order written
        keys = list(rows[0])
        heads += [keys[i] for i in counts if i < len(keys)] if len(keys) == len(spec.kinds) else keys[-1:]
    for h in heads:
        words = re.split(r"[_\s]+", h.lower())
        if any(w in ("pct", "percent", "percentage", "share", "proportion", "rate", "ratio") for w in words):
            return f"the column {h!r} is a share, the question asks for a count"
        groups = {NOUN_GROUPS.get(w) for w in words} - {None}
        if "icu" in words and groups & {"stay", "admission"}:
            groups = (groups - {"stay", "admission"}) | {"icu"}
        if asked and groups and asked not in groups:
            return f"the column {h!r} counts something else than the question asks about"
    return None


_THRESHOLD_WORDS = (r"(more than|over|above|greater than|at least|no fewer than|fewer than|less than|under|below|"
                    r"at most|no more than)")
_Q_THRESHOLD = re.compile(rf"\b{_THRESHOLD_WORDS}\s+(\d+|once|twice|thrice)\b(\s+(?:[\w-]+\s+){{0,2}})?", re.I)
_A_THRESHOLD = re.compile(rf"\b{_THRESHOLD_WORDS}\s+(\d+|once|twice|thrice)\b|\b(\d+)\s+or\s+(more|fewer|less)\b|"
                          r"\b(exactly|only)\s+(\d+|once|twice|thrice|one|two|three|four|five)(?: times)?\b", re.I)
_TIMES = {"once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _norm_threshold(word: str, n: int) -> tuple[str, int]:
    """(">=" or "<=", bound) for a threshold on whole numbers: "more than 3" = "at least 4" = "4 or more"."""
    word = word.lower()
    if word in ("more than", "over", "above", "greater than"):
        return ">=", n + 1
    if word in ("at least", "no fewer than", "more"):
        return ">=", n
    if word in ("fewer than", "less than", "under", "below"):
        return "<=", n - 1
    return "<=", n


def _threshold_n(x: str) -> int:
    return _TIMES.get(x.lower(), 0) if not x.isdigit() else int(x)


@functools.lru_cache(maxsize=4096)
def _asked_threshold(question: str) -> tuple[tuple[str, int], str | None] | None:
    """The question's threshold (normalised) and the noun it counts, once per question; None without one."""
    q = _Q_THRESHOLD.search(question)
    if not q:
        return None
    return _norm_threshold(q.group(1), _threshold_n(q.group(2))), noun_after(question[q.end(2):])


def _other_threshold(text: str, question: str) -> str | None:
    """The answer restates the question's threshold as another one ("57 patients had 3 or more admissions"
    for "more than 3")."""
    asked_q = _asked_threshold(question)
    if asked_q is None:
        return None
    asked, asked_noun = asked_q
    n = _threshold_n
    for m in _A_THRESHOLD.finditer(text):
        if m.group(5):  # "exactly twice" is no threshold at all
            return f"the answer counts an exact number ({m.group(0)!r}), the question a threshold"
        said = _norm_threshold(m.group(1), n(m.group(2))) if m.group(1) else \
            _norm_threshold(m.group(4), int(m.group(3)))
        if said != asked:
            return f"the answer counts by another threshold ({m.group(0)!r}) than the question"
        said_noun = noun_after(text[m.end():] if m.group(1) else text[m.end():])
        if asked_noun and said_noun and said_noun != asked_noun:  # "more than 3 ICU stays" for admissions
            return f"the answer's threshold counts {said_noun}s, the question's {asked_noun}s"
    return None


_ORDER_WORDS = re.compile(r"\balphabetical(?:ly)?\b|\bsorted by name\b|\breverse(?:d)?(?: chronological)?(?: order)?\b|\bfrom (?:last|latest|newest|most recent) "
                          r"to (?:first|earliest|oldest)\b|\b(?:most recent|latest|newest|last) first\b|"
                          r"\bdescending\b|\(\s*(?:first|second|third|last|\d+(?:st|nd|rd|th))\s*\)", re.I)
_RANK_HINTS = ("second", "third", "fourth", "2nd", "3rd", "4th", "runner", "rank")
_OTHER_ID_REMARK = re.compile(r"[(\[][^()\[\]]*\b(?:by|or|it is|it's|would be|otherwise|instead|alternatively)\b"
                              r"[^()\[\]]*\b\d{5,}\b[^()\[\]]*[)\]]", re.I)
_NEITHER = re.compile(r"^\W*(?:neither|none of them|no single|there is no (?:one|single))\b", re.I)
def _cell_by_header(text: str, question: str) -> str:
    """A one-row markdown table answering a date question: the cell under the header that names the asked
    event ("| dischtime | admittime |" for the admission date), else the table as it is."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) != 3 or not re.match(r"^\s*\|?\s*:?-{2,}", lines[1]):
        return text
    heads = [c.strip().lower() for c in lines[0].strip().strip("|").split("|")]
    cells = [c.strip() for c in lines[2].strip().strip("|").split("|")]
    q = _words(question)
    for asked, _ in (_EVENTS, _EVENTS[::-1]):
        if asked & q:
            hit = [i for i, h in enumerate(heads) if asked & frozenset(_WORD_RE.findall(h.replace("time", " ")))
                   or h.startswith(tuple(asked)) or h in ("admittime",) and "admission" in asked]
            if len(hit) == 1 and hit[0] < len(cells):
                return cells[hit[0]]
            return text
    return text


# pairs that only pick the number where an answer names both ("9 were prescribed cefepime, of whom 7 had an
# administration" for "given"): named alone, the other word is no mistake ("Yes, it was given" for "prescribed")
_FOCUS = ((frozenset("given administered administration administrations received".split()),
           frozenset("prescribed prescription prescriptions ordered order orders".split())),)


@functools.lru_cache(maxsize=4096)
def _focus_pairs(question: str) -> tuple:
    q = _words(question)
    return tuple((a, b) for x, y in _FOCUS for a, b in ((x, y), (y, x)) if a & q and not b & q)


_FINAL = Folded(r"\bfinal answer\s*[:\-\u2013]")
_ARITHMETIC = re.compile(r"(\d+(?:\.\d+)?)\s*[a-z ]*?\s*([/x\u00d7*+-])\s*(\d+(?:\.\d+)?)\s*[a-z ]*?\s*=\s*(\d+(?:\.\d+)?)",
                         re.I)


def _self_contradiction(text: str, kind: Kind, spec: "AnswerSpec") -> str | None:
    """A number the answer's own body contradicts: a "Final answer: 57" after "the query returned 75
    patients", arithmetic shown that does not give the stated result ("900 / 450 = 2.25"), a count beside
    another number of listed ids, a reading beyond the extreme it gives ("2.3 (a higher value of 2.5 ...)")."""
    why = _other_reading(text, kind, spec) if kind.name == "measurement" and spec.question else None
    if why:
        return why
    m = _FINAL.search(text)
    if m and m.start() > 0:
        body = read_value(text[:m.start()], kind, spec.question, spec.question_numbers)
        final = read_value(text[m.end():], kind, spec.question, spec.question_numbers)
        if not isinstance(body, Unread) and not isinstance(final, Unread) and not values_match(body, final, kind):
            return "the final answer contradicts the number the answer states before it"
    for a in (_ARITHMETIC.finditer(text) if "=" in text else ()):  # "=" is in every match
        x, op, y, z = float(a.group(1)), a.group(2), float(a.group(3)), float(a.group(4))
        got = {"/": x / y if y else None, "x": x * y, "\u00d7": x * y, "*": x * y, "+": x + y, "-": x - y}[op]
        if got is not None and text[a.end():a.end() + 1] == "%":
            got *= 100  # "5230/10000 = 52.3%"
        if got is not None and abs(got - z) > max(0.5 * 10 ** -_decimals(a.group(4)), 1e-9 * abs(z)):
            return f"the arithmetic shown ({a.group(0).strip()!r}) does not give its result"
    return None


def _decimals(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0


_SEGMENTS = re.compile(r"\bof whom\b|\band\b|\bbut\b|\bwhile\b|\bwhereas\b|\bversus\b|\bvs\b\.?|"
                       r"\bcompared (?:to|with)\b|[,;]|\.(?=\s)", re.I)


def _on_the_asked_one(text: str, question: str) -> str:
    """Where the answer names both things of a pair and the question one ("The minimum was 55 bpm and the
    maximum 130 bpm" for the maximum; "5.43 days for men and 6.12 days for women" for women), the numbers of
    the parts that name the other one blanked (positions kept), so the asked one's number is read."""
    _, pairs, _, _ = _question_side(question, False)
    pairs = pairs + _focus_pairs(question)
    if not pairs:
        return text
    words = _words(text)
    for asked, said in pairs:
        if not (asked & words and said & words):
            continue
        def numbers_blanked(part: str) -> str:
            names = frozenset(_WORD_RE.findall(part.lower()))
            return re.sub(r"\d", " ", part) if said & names and not asked & names else part

        return _per_segment(text, numbers_blanked)
    return text


def _per_segment(text: str, change) -> str:
    """``text`` with each part between two _SEGMENTS separators replaced by ``change(part)`` (separators kept)."""
    out, at = [], 0
    for m in list(_SEGMENTS.finditer(text)) + [None]:
        end = m.start() if m is not None else len(text)
        out.append(change(text[at:end]) + (m.group(0) if m is not None else ""))
        at = m.end() if m is not None else len(text)
    return "".join(out)


_YEAR_REMARK = re.compile(r"[(\[]\s*(?:in\s+|for\s+|year\s+)?((?:19|2[0-2])\d\d)\s*[)\]]", re.I)
_ALL_YEARS = re.compile(r"\b(?:all|every|any|across (?:all )?(?:the )?)\s*years?\b|\ball[- ]time\b|\boverall\b", re.I)


def _string_leaves(value: Any) -> list[str]:
    """The strings inside a JSON answer (text or value), depth-first."""
    if isinstance(value, str):
        lit = literal(value.strip())
        if not isinstance(lit, (list, dict)):
            return [value]
        value = lit
    out: list[str] = []
    stack = [value]
    while stack and len(out) < 10_000:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return out


def _json_values(text: str) -> bool:
    """Whether the answer is a non-empty JSON list (of values or rows): a stated answer, never a refusal,
    even when an item reads "NO RESULT" (a MIMIC value)."""
    s = text.strip()
    if not (s.startswith("[") and s.endswith("]")):
        return False
    lit = literal(s)
    return isinstance(lit, list) and bool(lit) and all(x is not None for x in lit)


def _detail(ok: bool, shown: Any, spec: AnswerSpec) -> str:
    if ok:
        return ""
    return f"read as {shown!r}; {spec.gold_said}"


def _collection_detail(n: int, n_gold: int, ordered: bool, what: str = "items") -> str:
    if n != n_gold:
        return f"{n} {what} where the gold has {n_gold}"
    return f"the {what} differ from the gold" + (" (or their order)" if ordered else "")


# ---------------------------------------------------------------------------------------------
# Specs from task records (Task, TaskSnapshot)

_SPECS: dict[int, tuple[weakref.ref, AnswerSpec]] = {}
_OUTPUTS: dict[tuple[str, str], tuple[Output, ...] | None] = {}
_LITERALS = re.compile(r"'(?:[^']|'')*'|(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def kinds_of(task: Any) -> tuple[Kind, ...]:
    """The task's answer kinds: stored ones, else inferred from its gold SQL and gold answer. The SQL's output
    columns are read once per template (its tasks differ only in literals)."""
    stored = getattr(task, "answer_kinds", None)
    if stored:
        try:
            return parse_kinds(stored)
        except ValueError:
            pass
    # tasks of one template differ only in literals: the shape of the SQL is the key
    key = (getattr(task, "template_id", ""), _LITERALS.sub("?", task.gold_sql))
    if key not in _OUTPUTS:
        if len(_OUTPUTS) > 10_000:
            _OUTPUTS.clear()
        _OUTPUTS[key] = sql_outputs(task.gold_sql)
    return infer_kinds(task.answer_type, task.gold_sql, gold=task.gold_answer, outputs=_OUTPUTS[key])


def spec_of(task: Any) -> AnswerSpec:
    """The AnswerSpec of a Task or TaskSnapshot (cached per object)."""
    hit = _SPECS.get(id(task))
    if hit is not None and hit[0]() is task and hit[1].gold is task.gold_answer:
        return hit[1]
    spec = AnswerSpec(task.answer_type, kinds_of(task), task.gold_answer, bool(getattr(task, "ordered", False)),
                      bool(getattr(task, "empty_answer", False)), getattr(task, "question", "") or "")
    try:
        ref = weakref.ref(task, lambda _r, k=id(task): _SPECS.pop(k, None))
    except TypeError:
        return spec
    if len(_SPECS) > 200_000:
        _SPECS.clear()
    _SPECS[id(task)] = (ref, spec)
    return spec


def score_task(answer: Any, task: Any) -> AnswerVerdict:
    return score_answer(answer, spec_of(task))
