"""Dates and timestamps: reading one from free text and comparing it under its kind.

Forms read: ISO ``2150-03-04`` / ``2150-03-04 10:15[:00]`` (``T`` too), ``2150/03/04``,
``03/04/2150`` (month/day/year, as MIMIC's US source; day/month when the first part is over 12),
``March 4, 2150``, ``4 March 2150``, each optionally followed by a clock time (``at 10:15``,
``10:15 AM``). Several different dates in one answer are narrowed like numbers: remarks in
parentheses and dates the question itself states give way; then the date whose surrounding words
share most with the question ("discharged on ..." for a question about discharge); a tie is
unreadable.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass
from typing import Any

from .kinds import Kind
from .numbers import Unread
from .text import NO, inside, literal, negated_at, split_asides, stems, unwrap_single

_MONTHS = {m: i for i, names in enumerate(
    [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
     ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
     ("dec", "december")], start=1) for m in names}
_MON = r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|" \
       r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_TIME = r"(?:(?:\s*(?:,|at|@)?\s*|[T ])(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2})(?:\.\d+)?)?\s*(?P<ap>[ap]\.?m\.?)?)?"
# every date starts with a digit or a month's first letter: a zero-width test first (spans unchanged)
_DATE_RE = re.compile(
    rf"(?=[\djfmasond])(?:(?<!\d)(?P<y>\d{{4}})[-/](?P<m>\d{{1,2}})[-/](?P<d>\d{{1,2}})(?!\d){_TIME}"
    rf"|(?<!\d)(?P<m2>\d{{1,2}})/(?P<d2>\d{{1,2}})/(?P<y2>\d{{4}})(?!\d){_TIME.replace('(?P<', '(?P<b')}"
    rf"|\b{_MON}\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y3>\d{{4}})(?!\d){_TIME.replace('(?P<', '(?P<c')}"
    rf"|\b(?P<d4>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?(?:\s+|-){_MON.replace('(?P<mon>', '(?P<mon4>')}(?:\s+|-)"
    rf"(?P<y4>\d{{4}})(?!\d)"
    rf"{_TIME.replace('(?P<', '(?P<e')})",
    re.I)


_DATE_BOUND_BEFORE = re.compile(r"\b(?:before|after|no later than|no earlier than|not later than|not earlier than|"
                                r"until|till|since|prior to|by|earlier than|later than)\s*$", re.I)
_DATE_BOUND_AFTER = re.compile(r"^\s*,?\s*(?:or (?:later|earlier|after|before|so)|at the (?:latest|earliest)|"
                               r"onwards?|and (?:later|after|before|earlier))\b", re.I)


@dataclass(frozen=True)
class When:
    """A date, with a time of day when one was given."""

    day: dt.date
    time: dt.time | None = None
    seconds_given: bool = False

    def iso(self) -> str:
        if self.time is None:
            return self.day.isoformat()
        return f"{self.day.isoformat()} {self.time.isoformat(timespec='seconds')}"


def _time(h: str | None, mi: str | None, s: str | None, ap: str | None) -> tuple[dt.time | None, bool]:
    if h is None:
        return None, False
    hour = int(h)
    if ap:
        pm = ap.lower().startswith("p")
        if not 1 <= hour <= 12:
            raise ValueError("bad 12-hour time")
        hour = hour % 12 + (12 if pm else 0)
    return dt.time(hour, int(mi), int(s or 0)), s is not None


def _from_match(m: re.Match) -> When | None:
    g = m.groupdict()
    try:
        if g["y"]:
            day = dt.date(int(g["y"]), int(g["m"]), int(g["d"]))
            t, secs = _time(g["h"], g["mi"], g["s"], g["ap"])
        elif g["y2"]:
            a, b = int(g["m2"]), int(g["d2"])
            month, dom = (b, a) if a > 12 else (a, b)
            day = dt.date(int(g["y2"]), month, dom)
            t, secs = _time(g["bh"], g["bmi"], g["bs"], g["bap"])
        elif g["y3"]:
            day = dt.date(int(g["y3"]), _month(g["mon"]), int(g["d3"]))
            t, secs = _time(g["ch"], g["cmi"], g["cs"], g["cap"])
        else:
            day = dt.date(int(g["y4"]), _month(g["mon4"]), int(g["d4"]))
            t, secs = _time(g["eh"], g["emi"], g["es"], g["eap"])
    except (ValueError, KeyError):
        return None
    return When(day, t, secs)


def _month(name: str) -> int:
    n = name.lower().rstrip(".")
    return _MONTHS.get(n) or _MONTHS[n[:3]]


_TIME_BEFORE = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?\s*(?P<ap>[ap]\.?m\.?)?\s*"
                          r"(?:on|,)?\s*$", re.I)


def dates_in(text: str) -> list[tuple[When, int, int]]:
    out = []
    for m in _DATE_RE.finditer(text):
        w = _from_match(m)
        if w is None:
            continue
        start = m.start()
        if w.time is None:  # "10:15 on 2150-03-04": the clock time written first
            t = _TIME_BEFORE.search(text[max(0, start - 20):start])
            if t:
                try:
                    time, secs = _time(t.group("h"), t.group("mi"), t.group("s"), t.group("ap"))
                    w, start = When(w.day, time, secs), start - (len(text[max(0, start - 20):start]) - t.start())
                except ValueError:
                    pass
        out.append((w, start, m.end()))
    return out


def when_of(value: Any) -> When | None:
    """A stored value (ISO text, date, datetime) as a When."""
    if isinstance(value, dt.datetime):
        return When(value.date(), value.time().replace(microsecond=0), True)
    if isinstance(value, dt.date):
        return When(value)
    if isinstance(value, str):
        found = dates_in(value.strip())
        if len(found) == 1:
            return found[0][0]
    return None


def _canon(w: When, kind: Kind) -> tuple:
    if kind.name == "date":
        return (w.day,)
    return (w.day, w.time or dt.time(0))


_ANCHORED = re.compile(r"\b(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|several)\s+"
                      r"(?:minutes?|hours?|days?|weeks?|months?|years?)\s+(?:before|after|prior to|following|since|"
                      r"from)\b[^0-9]{0,45}$", re.I)
_RELATIVE_WORDS = ("before", "after", "prior to", "following", "since", "from")
_GENERIC_ROOTS = frozenset({"date", "whic", "pati", "when", "time", "firs", "last", "what", "with", "this", "that",
                            "were", "have", "from", "into", "their", "thei"})


def _roots(text: str) -> set[str]:
    """Four-letter word roots ("admitted" and "admission" share "admi"), the generic ones left out."""
    return {w[:4] for w in re.findall(r"[a-z]{4,}", text.lower())} - _GENERIC_ROOTS


@functools.lru_cache(maxsize=4096)
def _question_days(question: str) -> tuple[When, ...]:
    return tuple(w for w, _, _ in dates_in(question))


@functools.lru_cache(maxsize=4096)
def _question_stems(question: str) -> frozenset[str]:
    return frozenset(stems(question))


def read_when(text: Any, kind: Kind, question: str = "") -> When | Unread:
    """``text`` as one date (or timestamp) of ``kind``; Unread(why) when it is not exactly one."""
    if not isinstance(text, str):
        w = when_of(unwrap_single(text))
        return w if w is not None else Unread(f"{text!r} is not a date")
    lit = literal(text)
    if lit is not NO:
        single = unwrap_single(lit)
        if isinstance(single, str) and single != text:
            return read_when(single, kind, question)
        if isinstance(single, (list, dict)):
            return Unread("several values where one date is asked for")
    found = dates_in(text)
    if not found:
        return Unread("no date in the answer")
    plain = [(w, a, b) for w, a, b in found if not negated_at(text, a)]
    if not plain:
        return Unread("a negated date (\"not ...\") is not an answer")
    bounded = [(w, a, b) for w, a, b in plain if _DATE_BOUND_BEFORE.search(text[max(0, a - 25):a])
               or _DATE_BOUND_AFTER.match(text[b:b + 25])]
    if len(bounded) == len(plain):
        return Unread("a bound (before / after / or later) is not a date")
    found = [c for c in plain if c not in bounded]
    # a date that anchors a relative one ("2 days before discharge (2150-03-09)") is not the date stated
    low = text.lower()
    relative = any(w in low for w in _RELATIVE_WORDS)  # one is in every _ANCHORED match
    anchors = [c for c in found if relative and _ANCHORED.search(text[max(0, c[1] - 60):c[1]])]
    if anchors and len(anchors) == len(found):
        return Unread("a date stated relative to another (\"2 days before ...\") is not that date")
    found = [c for c in found if c not in anchors]
    _, aside_spans = split_asides(text)
    if question and len(found) > 0:
        # a remark that dates the asked event otherwise ("(... the inpatient admission was 2150-03-05)")
        q = _roots(question)
        for a, b in aside_spans:
            inner = [c for c in dates_in(text[a:b]) if c]
            if inner and q & _roots(text[a:b]) and any(_canon(w, kind) != _canon(found[0][0], kind) for w, _, _ in inner):
                return Unread(f"a remark dates what is asked otherwise ({text[a:b].strip()!r})")
    cands = [(w, a, b) for w, a, b in found if not inside(a, aside_spans)] or found
    if len({_canon(w, kind) for w, _, _ in cands}) > 1 and question:
        asked = {_canon(w, kind) for w in _question_days(question)}
        cands = [c for c in cands if _canon(c[0], kind) not in asked] or cands
    if len({_canon(w, kind) for w, _, _ in cands}) > 1 and question:
        q = _question_stems(question)
        # the words before each date, back to the previous date at most ("the first was X and the last Y"),
        # and a remark right after it ("2150-03-04 (first admission); the first ICU stay began 2150-03-05")
        def context(i: int, a: int, b: int) -> set[str]:
            words = stems(text[max(0, a - 40, cands[i - 1][2] if i else 0):a])
            after = text[b:]
            m = re.match(r"\s*[(\[][^()\[\]]*[)\]]", after)
            return words | (stems(m.group(0)) if m else set())

        scored = [(len(context(i, a, b) & q), (w, a, b)) for i, (w, a, b) in enumerate(cands)]
        top = max(s for s, _ in scored)
        best = [c for s, c in scored if s == top]
        if top > 0:
            cands = best
    if len({_canon(w, kind) for w, _, _ in cands}) > 1:
        return Unread("several dates (" + ", ".join(w.iso() for w, _, _ in cands[:3]) + ") where one is asked for")
    # the most precise statement of the one date
    return max((w for w, _, _ in cands), key=lambda w: (w.time is not None, w.seconds_given))


def whens_match(pred: When, gold: When, kind: Kind) -> bool:
    if pred.day != gold.day:
        return False
    if kind.name == "date" or gold.time is None:
        return kind.name == "date" or pred.time is None or pred.time == dt.time(0)
    if pred.time is None:
        return gold.time == dt.time(0)
    if pred.seconds_given:
        return pred.time == gold.time
    return (pred.time.hour, pred.time.minute) == (gold.time.hour, gold.time.minute)
