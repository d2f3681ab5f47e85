"""Answers: parse what a model submits, normalise per answer type, exact match, pass@k / pass^k.

The comparison rules (one place; the generator, the agent's evaluator and the TUI all use them):

- **NULL**: ``None``, "", "null", "none", "n/a", "nan" are the same missing value.
- **number**: compared as floats within ``REL_TOL`` relative or ``ABS_TOL`` absolute difference.
  Text answers may carry units or words ("42 mg/dL", "about 1,234.5 patients"): the one number in
  the text, or the number it starts with, is taken. Questions state the rounding they want; the
  tolerance only absorbs float noise, not a different rounding.
- **string**: case-folded, whitespace collapsed, surrounding quotes / markdown emphasis and a
  trailing full stop removed.
- **boolean**: yes/no, true/false, 1/0 (the first word of a sentence counts: "Yes, she was").
- **date**: ISO ``YYYY-MM-DD`` or ``YYYY-MM-DD HH:MM[:SS]``; a timestamp at exactly midnight equals
  its date. A few spelled-out forms ("March 4, 2150", "03/04/2150" as month/day/year) are read too.
- **list**: ordered; **set**: order-insensitive, duplicates collapsed; **table**: rows of values,
  order-insensitive unless the task is ``ordered``. Elements are compared like scalars: numbers
  with the tolerance, numeric-looking strings as numbers (not ones with a leading zero, which are
  codes such as ICD "0389"), ISO dates as dates, other strings like ``string`` answers. A scalar
  answer also matches a one-element list or a one-cell table holding it, and a one-column table
  matches a flat list.

``parse_answer`` never raises: what it cannot read comes back as the raw string, which then
simply does not match.
"""

from __future__ import annotations

import ast
import datetime as dt
import decimal
import json
import math
import re
import uuid
from math import comb
from typing import Any

REL_TOL = 1e-4
ABS_TOL = 1e-6

_NULL_WORDS = frozenset({"", "null", "none", "n/a", "na", "nan", "nil", "missing", "unknown"})
_TRUE_WORDS = frozenset({"yes", "y", "true", "t", "1", "correct"})
_FALSE_WORDS = frozenset({"no", "n", "false", "f", "0", "incorrect"})

_NUM = r"[-+\u2212]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_NUM_RE = re.compile(_NUM)
_NUM_FULL_RE = re.compile(rf"^\s*{_NUM}\s*$")
_LEADING_ZERO_RE = re.compile(r"^[-+]?0\d")
_ISO_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?")
_ISO_FULL_RE = re.compile(rf"^\s*{_ISO_RE.pattern}\s*$")
_FENCE_RE = re.compile(r"^```[\w-]*\s*\n?(.*?)\n?```$", re.S)
_BULLET_RE = re.compile(r"^\s*(?:[-*\u2022+]|\d+[.)])\s+")
_TABLE_SEP_RE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%m/%d/%Y", "%Y/%m/%d")


# ---------------------------------------------------------------------------------------------
# JSON-safe values (gold answers as stored)


def to_jsonable(value: Any) -> Any:
    """DuckDB / numpy result values as JSON values: the form gold answers are stored in.

    Decimal -> int when integral, else float; datetime -> "YYYY-MM-DD HH:MM:SS"; date ->
    "YYYY-MM-DD"; time -> "HH:MM:SS"; timedelta -> seconds (float); NaN/inf -> None; numpy
    scalars/arrays -> Python values/lists; tuples and sets -> lists (sets sorted); UUID/bytes -> str.
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            return None
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None).isoformat(sep=" ", timespec="seconds")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dt.time):
        return value.isoformat(timespec="seconds")
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_jsonable(v) for v in value), key=_sort_key)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, uuid.UUID):
        return str(value)
    if hasattr(value, "tolist"):  # numpy scalar or array (numpy is not imported here)
        return to_jsonable(value.tolist())
    return str(value)


# ---------------------------------------------------------------------------------------------
# Parsing submitted text


def parse_answer(text: str, answer_type: str) -> Any:
    """A model's submitted answer text as a value comparable with the gold answer; never raises."""
    try:
        return _parse(text, answer_type)
    except Exception:  # noqa: BLE001 - by contract: unreadable input is returned raw, never an error
        return text


def _parse(text: Any, answer_type: str) -> Any:
    if not isinstance(text, str):
        return text
    s = _strip_wrapping(text)
    if answer_type == "number":
        return _parse_number(s, text)
    if answer_type == "boolean":
        b = _parse_bool(s)
        return text if b is _NO else b
    if answer_type == "date":
        d = _parse_date(s)
        return text if d is None else d
    if answer_type in ("list", "set"):
        return _parse_list(s)
    if answer_type == "table":
        return _parse_table(s)
    return s  # string: normalisation does the rest


_NO = object()  # "could not parse" marker where None is a legitimate value


def _strip_wrapping(text: str) -> str:
    s = text.strip()
    m = _FENCE_RE.match(s)
    if m:
        s = m.group(1).strip()
    for prefix in ("final answer:", "answer:"):
        if s.lower().startswith(prefix):
            s = s[len(prefix):].strip()
    return s


def _literal(s: str) -> Any:
    """JSON, or a Python literal (single-quoted lists); _NO if neither."""
    try:
        return json.loads(s)
    except (ValueError, TypeError):
        pass
    try:
        return ast.literal_eval(s)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _NO


def _to_float(s: str) -> float:
    return float(s.replace(",", "").replace("\u2212", "-"))


def _parse_number(s: str, raw: str) -> Any:
    if s.lower().strip(" .") in _NULL_WORDS:
        return None
    lit = _literal(s)
    if isinstance(lit, (int, float)) and not isinstance(lit, bool):
        return float(lit)
    if isinstance(lit, (list, tuple)):
        flat = _unwrap(lit)
        if isinstance(flat, (int, float)) and not isinstance(flat, bool):
            return float(flat)
    found = _NUM_RE.findall(s)
    if len(found) == 1:
        return _to_float(found[0])
    m = _NUM_RE.match(s.lstrip("~≈$ "))
    if m:
        return _to_float(m.group(0))
    return raw


def _parse_bool(s: str) -> Any:
    lit = _literal(s)
    if isinstance(lit, bool):
        return lit
    words = re.findall(r"[a-z0-9/]+", s.lower())
    if not words:
        return _NO
    if words[0] in _TRUE_WORDS:
        return True
    if words[0] in _FALSE_WORDS:
        return False
    return _NO


def _parse_date(s: str) -> str | None:
    m = _ISO_RE.search(s)
    if m:
        return _iso_from_match(m)
    cleaned = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", s.strip().rstrip("."))
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(cleaned, fmt).date().isoformat()
        except ValueError:
            continue
    return None


def _iso_from_match(m: re.Match) -> str | None:
    y, mo, d, hh, mm, ss = m.groups()
    try:
        if hh is None:
            return dt.date(int(y), int(mo), int(d)).isoformat()
        t = dt.datetime(int(y), int(mo), int(d), int(hh), int(mm), int(ss or 0))
    except ValueError:
        return None
    return t.date().isoformat() if t.time() == dt.time(0) else t.isoformat(sep=" ")


def _split_items(s: str) -> list[str]:
    lines = [ln for ln in s.splitlines() if ln.strip()]
    if len(lines) > 1:
        return [_BULLET_RE.sub("", ln).strip() for ln in lines]
    one = _BULLET_RE.sub("", s).strip()
    for sep in (";", ","):
        if sep in one:
            return [p.strip() for p in one.split(sep) if p.strip()]
    return [one] if one else []


def _parse_list(s: str) -> Any:
    lit = _literal(s)
    if isinstance(lit, (list, tuple, set)):
        return list(lit)
    if lit is not _NO and not isinstance(lit, dict):
        return [lit]
    return _split_items(s)


def _parse_table(s: str) -> Any:
    lit = _literal(s)
    if isinstance(lit, (list, tuple)):
        rows = []
        for r in lit:
            if isinstance(r, dict):
                rows.append(list(r.values()))
            elif isinstance(r, (list, tuple)):
                rows.append(list(r))
            else:
                rows.append([r])
        return rows
    if isinstance(lit, dict):
        return [list(lit.values())]
    lines = [ln for ln in s.splitlines() if ln.strip()]
    sep_at = next((i for i, ln in enumerate(lines) if _TABLE_SEP_RE.match(ln) and "-" in ln), None)
    if sep_at is not None:
        lines = lines[sep_at + 1:]  # a markdown table: drop its header
    rows = []
    for ln in lines:
        if "|" in ln:
            cells = ln.strip().strip("|").split("|")
        elif "\t" in ln:
            cells = ln.split("\t")
        else:
            cells = ln.split(",")
        rows.append([c.strip() for c in cells])
    return rows


# ---------------------------------------------------------------------------------------------
# Canonical forms


class _Num(float):
    """A float that marks "compare me with the tolerance" inside canonical containers."""


def normalize(value: Any, answer_type: str, ordered: bool = False) -> Any:
    """Canonical form of an answer (text is parsed first): equal forms mean a match, except that
    numbers (``_Num``, a float) are compared with the tolerance by ``exact_match``."""
    if isinstance(value, str) and answer_type != "string":
        value = parse_answer(value, answer_type)
    if answer_type == "number":
        v = _unwrap(value)
        if isinstance(v, str):
            v = parse_answer(v, "number")
        return _scalar(v)
    if answer_type == "boolean":
        v = _unwrap(value)
        if isinstance(v, str):
            v = _parse_bool(v)
            return ("raw", str(value)) if v is _NO else v
        if isinstance(v, (int, float)) and v in (0, 1):
            return bool(v)
        return v if v is None or isinstance(v, bool) else ("raw", str(v))
    if answer_type == "date":
        v = _unwrap(value)
        if v is None:
            return None
        if isinstance(v, (dt.date, dt.datetime)):
            v = to_jsonable(v)
        d = _parse_date(str(v))
        return d if d is not None else ("raw", _norm_text(str(v)))
    if answer_type == "string":
        v = _unwrap(value)
        return None if v is None else _norm_string(v)
    if answer_type in ("list", "set"):
        items = _as_items(value)
        elems = [_scalar(_unwrap(x)) for x in items]
        if answer_type == "list":
            return tuple(elems)
        return tuple(sorted(set(elems), key=_sort_key))
    if answer_type == "table":
        rows = [tuple(_scalar(c) for c in _as_row(r)) for r in _as_items(value)]
        return tuple(rows) if ordered else tuple(sorted(rows, key=lambda r: tuple(_sort_key(c) for c in r)))
    return _scalar(value)


def _unwrap(value: Any) -> Any:
    """[x] and [[x]] -> x: a scalar answer given as a one-element list or one-cell table."""
    while isinstance(value, (list, tuple)) and len(value) == 1:
        value = value[0]
    return value


def _as_items(value: Any) -> list:
    if value is None:
        return []
    if isinstance(value, str):
        value = _parse_list(_strip_wrapping(value))
    if isinstance(value, dict):
        return [list(value.values())]
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    return [value]


def _as_row(row: Any) -> list:
    if isinstance(row, dict):
        return list(row.values())
    if isinstance(row, (list, tuple)):
        return list(row)
    return [row]


def _norm_text(s: str) -> str:
    return " ".join(s.split()).casefold()


def _norm_string(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    s = str(v).strip()
    for _ in range(3):  # nested wrapping such as **"x"**
        before = s
        s = s.strip().rstrip(".").strip()
        for a, b in (('"', '"'), ("'", "'"), ("`", "`"), ("**", "**"), ("*", "*"), ("\u201c", "\u201d")):
            if len(s) >= len(a) + len(b) and s.startswith(a) and s.endswith(b):
                s = s[len(a):len(s) - len(b)]
        if s == before:
            break
    return _norm_text(s)


def _scalar(v: Any) -> Any:
    """Canonical form of one element: None, bool, _Num, ISO date string, or normalised text."""
    if v is None:
        return None
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float, decimal.Decimal)):
        f = float(v)
        return _Num(f) if math.isfinite(f) else None
    if isinstance(v, (dt.date, dt.datetime)):
        return _parse_date(to_jsonable(v))
    if isinstance(v, (list, tuple)):
        return tuple(_scalar(x) for x in v)
    if hasattr(v, "tolist"):
        return _scalar(v.tolist())
    s = str(v).strip()
    if s.lower() in _NULL_WORDS:
        return None
    if _NUM_FULL_RE.match(s) and not _LEADING_ZERO_RE.match(s.strip()):
        try:
            return _Num(_to_float(s))
        except ValueError:
            pass
    if _ISO_FULL_RE.match(s):
        d = _parse_date(s)
        if d is not None:
            return d
    return _norm_string(s)


_TYPE_RANK = {type(None): 0, bool: 1, _Num: 2, float: 2, int: 2, str: 3, tuple: 4}


def _sort_key(v: Any) -> tuple:
    rank = _TYPE_RANK.get(type(v), 5)
    if rank == 4:
        return (rank, tuple(_sort_key(x) for x in v))
    if rank == 0:
        return (0, 0)
    if rank == 5:
        return (5, repr(v))
    return (rank, v)


# ---------------------------------------------------------------------------------------------
# Matching


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return type(a) is type(b) and a == b


def exact_match(predicted: Any, gold: Any, answer_type: str, ordered: bool = False) -> bool:
    """Whether a predicted answer (text or value) matches the gold answer under the type's rules."""
    try:
        p = normalize(predicted, answer_type, ordered)
        g = normalize(gold, answer_type, ordered)
    except Exception:  # noqa: BLE001 - a malformed prediction is a miss, not a crash of the evaluator
        return False
    if answer_type == "table" and len(g) and all(len(r) == 1 for r in g):
        # a one-column gold table also accepts a flat list of its values
        if p and all(not isinstance(r, tuple) or len(r) == 1 for r in p):
            p = tuple(r if isinstance(r, tuple) else (r,) for r in p)
    return _equal(p, g)


def task_match(predicted: Any, task: Any) -> bool:
    """``exact_match`` with the task's gold answer, answer type and ordering."""
    return exact_match(predicted, task.gold_answer, task.answer_type, getattr(task, "ordered", False))


# ---------------------------------------------------------------------------------------------
# pass@k and pass^k over n trials with c successes


def _check_nck(n: int, c: int, k: int) -> None:
    if not (isinstance(n, int) and isinstance(c, int) and isinstance(k, int)):
        raise ValueError("n, c and k must be integers")
    if n < 1 or not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"need n >= 1, 0 <= c <= n and 1 <= k <= n; got n={n}, c={c}, k={k}")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k: the chance that at least one of k trials drawn from n succeeds,
    1 - C(n-c, k) / C(n, k)."""
    _check_nck(n, c, k)
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Unbiased pass^k: the chance that all k trials drawn from n succeed, C(c, k) / C(n, k)."""
    _check_nck(n, c, k)
    return comb(c, k) / comb(n, k)
