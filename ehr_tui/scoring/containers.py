"""Lists, sets and tables in free text: splitting an answer into items and rows, and matching them.

Items are split on lines (bullets and numbering dropped), else on ``;``, commas and a final "and";
an item may itself hold a comma (ICD titles do: "Hypertension, unspecified"), so pieces are joined
again wherever the joined text is one of the gold items. A lead-in ("The care units were: ...") is
dropped. A trailing remark on an item ("Insulin (120 prescriptions)", "MICU: 5") is ignored when the
item without it is a gold item.

Rows come from JSON, markdown tables (header dropped), one line per row (cells split on ``|``, tabs,
commas, ``:`` or `` - ``) or inline pairs ("F: 2.26, M: 8.45"); a first row that does not read under
the column kinds is taken for a header. Columns may come in another order when one order makes
every row match.

Matching is one to one: a set matches when its distinct items pair off with the gold items
(duplicates collapse), a list when item i matches gold item i, a table when its rows pair off
with the gold rows (in order when the task says order matters).
"""

from __future__ import annotations

import itertools
import re
from typing import Any, Callable, Sequence

from . import variants
from .kinds import Kind
from .numbers import Unread
from .text import NO, literal, norm_text, split_asides, unwrap
from .values import Text, read_value, values_match

_BULLET = re.compile(r"^\s*(?:[-*\u2022+]|\d+[.)]|[a-z][.)])\s+")
_INLINE_NUMBERED = re.compile(r"(?:^|\s)\d+[.)]\s+")
_SEP_TEXT = re.compile(r"(\s*;\s*|\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s*&\s*|\s+(?:\u2192|->|=>|>)\s+)")
_SEP_NUMERIC = re.compile(r"(\s*;\s*|,\s+(?:and\s+)?|\s+and\s+|\s+)")
_LEAD_IN = re.compile(r"^(?:.*?\b(?:are|were|is|was|include|included|includes|as follows)\b\s*:?|[^:\n]*:)\s+",
                      re.I | re.S)
_SUFFIX = re.compile(r"\s*(?::|\s-|\u2013|\u2014|=)\s*[\d.,%]+\s*\w*\s*$|\s*\([^()]*\)\s*$|\s*\[[^\[\]]*\]\s*$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_PAIR = re.compile(r"([^:;,=\n]+?)\s*[:=]\s*([^;,\n]+?)(?=\s*(?:[;,\n]|$))")
_LABEL_VALUE = re.compile(r"^(?P<a>.+?)\s*(?:[:=,\-\u2013]|\s)\s*(?P<b>[-+\u2212]?[\d.,]+\s*%?\s*\w*)$")


def _strip_bullet(line: str) -> str:
    return _BULLET.sub("", line).strip()


def _lines(s: str) -> list[str]:
    return [ln for ln in (x.strip() for x in s.splitlines()) if ln]


def item_forms(piece: str, question: str | None = None, context: str = "") -> list[str]:
    """The whole item and the item without a trailing remark or count; a string's (``question`` given) not
    without a variant's name ("Respiratory Rate (Total)", see ``variants``)."""
    forms = [piece.strip()]
    m = _SUFFIX.search(piece)
    if m and question is not None and m.group(0).rstrip().endswith((")", "]")) and \
            variants.names_variant(piece, split_asides(piece)[1][-1:], question, context.replace(piece, " ")):
        return forms
    bare = piece[:m.start()].strip() if m else ""
    if bare and bare != forms[0]:
        forms.append(bare)
    return forms


def _partition(pieces: list[str], seps: list[str], gold_forms: set[str], question: str | None,
               context: str = "") -> list[str]:
    """Join consecutive pieces back into items wherever the joined text is a gold item (most such items)."""
    n = len(pieces)
    best: list[tuple[int, list[str]] | None] = [None] * (n + 1)
    best[0] = (0, [])
    for i in range(n):
        if best[i] is None:
            continue
        score, items = best[i]
        text = ""
        for j in range(i, min(n, i + 12)):
            text = pieces[j] if j == i else text + seps[j - 1] + pieces[j]
            hit = any(norm_text(f) in gold_forms for f in item_forms(text, question, context))
            if j > i and not hit:
                continue
            cand = (score + int(hit), items + [text])
            if best[j + 1] is None or cand[0] > best[j + 1][0]:
                best[j + 1] = cand
    return best[n][1] if best[n] else pieces


def split_items(s: str, kind: Kind, gold_forms: set[str], question: str = "", context: str = "") -> list[str]:
    lines = _lines(s)
    sep_at = next((i for i, ln in enumerate(lines) if _TABLE_SEP.match(ln) and "-" in ln), None)
    if sep_at is not None:  # a one-column markdown table: its header and rule are not items
        lines = [ln.strip().strip("|").strip() for ln in lines[sep_at + 1:]]
    if len(lines) > 1:
        if lines[0].endswith(":"):
            lines = lines[1:]
        return [_strip_bullet(ln) for ln in lines if _strip_bullet(ln)]
    if not lines:
        return []
    one = lines[0] if len(_INLINE_NUMBERED.findall(" " + lines[0])) > 1 else _strip_bullet(lines[0])
    if len(_INLINE_NUMBERED.findall(" " + one)) > 1:
        parts = [p.strip() for p in _INLINE_NUMBERED.split(" " + one) if p.strip()]
        return [p.rstrip(",;") for p in parts]
    if not one:
        return []
    sep = _SEP_NUMERIC if kind.numeric else _SEP_TEXT
    bits = sep.split(one)
    pieces, seps = bits[0::2], bits[1::2]
    keep = [(p, s_) for p, s_ in itertools.zip_longest(pieces, seps, fillvalue="")]
    pieces = [p for p, _ in keep]
    seps = [s_ for _, s_ in keep][:-1]
    if kind.numeric or not gold_forms:
        return [p.strip() for p in pieces if p.strip()]
    question_ = question if kind.name == "string" else None
    return [p.strip() for p in _partition(pieces, seps, gold_forms, question_, context) if p.strip()]


def _candidate_texts(s: str) -> list[str]:
    """The answer, and the answer without a lead-in sentence ("The top drugs are ...")."""
    out = [s]
    if "\n" not in s.strip():
        m = _LEAD_IN.match(s)
        if m and m.end() < len(s):
            out.append(s[m.end():])
    else:
        lines = _lines(s)
        if lines and not _BULLET.match(lines[0]) and any(_BULLET.match(ln) for ln in lines[1:]):
            out.append("\n".join(lines[1:]))
    return out


def read_items(answer: Any, kind: Kind, gold_forms: set[str], question: str = "") -> list[list[Any]] | Unread:
    """Candidate readings of ``answer`` as items (each a list of values); Unread when nothing reads."""
    if not isinstance(answer, str):
        items = answer if isinstance(answer, (list, tuple, set)) else [answer]
        keys = {tuple(x) for x in items if isinstance(x, dict)}
        if len(keys) > 1 and all(isinstance(x, dict) and len(x) == 1 for x in items):
            # [{"drug": "Vancomycin"}, {"route": "Cefepime"}]: items of different fields are no one list
            return Unread(f"the items are different fields ({', '.join(sorted(k[0] for k in keys))})")
        return [[read_value(x[0] if isinstance(x, (list, tuple)) and len(x) == 1 else x, kind, question)
                 for x in items]]
    s = unwrap(answer)
    lit = literal(s)
    if lit is not NO:
        if isinstance(lit, dict):
            lit = list(lit.values()) if len(lit) != 1 else next(iter(lit.values()))
        if isinstance(lit, (list, tuple, set)):
            return read_items(list(lit), kind, gold_forms, question)
        if lit is not None and not isinstance(lit, str):
            return [[read_value(lit, kind, question)]]
    readings = []
    for text in _candidate_texts(s):
        pieces = split_items(text, kind, gold_forms, question, s)
        values = []
        for p in pieces:
            if kind.name == "string":
                values.append(Text.of(item_forms(p, question, s)))  # (s: the names its other items give)
            else:
                v = read_value(p, kind, question)
                forms = item_forms(p)
                # (not where the item's remark says it is another code: "I21.4 (STEMI)")
                if isinstance(v, Unread) and len(forms) > 1 and not v.reason.startswith("its gloss"):
                    v = read_value(forms[1], kind, question)
                values.append(v)
        readings.append(values)
    return readings


# ---------------------------------------------------------------------------------------------
# Rows


def _cells(line: str, width: int) -> list[str]:
    line = _strip_bullet(line)
    if "|" in line:
        return [c.strip() for c in line.strip().strip("|").split("|")]
    if "\t" in line:
        return [c.strip() for c in line.split("\t")]
    for sep in (",", ";", ":", " - ", " \u2013 ", "="):
        parts = [c.strip() for c in line.split(sep)]
        if len(parts) == width:
            return parts
    m = _LABEL_VALUE.match(line.strip())
    if width == 2 and m:
        return [m.group("a").strip(), m.group("b").strip()]
    return [c.strip() for c in line.split(",")]


class Rows(list):
    """Rows read from an answer; ``labelled`` when the answer gave its columns a header. Labelled columns
    are taken in the order written: a header that says "age | patients" fixes what each column is."""

    labelled = False


def _labelled(rows: list, labelled: bool) -> "Rows":
    out = Rows(rows)
    out.labelled = labelled
    return out


def split_rows(s: str, width: int) -> list[list[str]]:
    lines = _lines(s)
    sep_at = next((i for i, ln in enumerate(lines) if _TABLE_SEP.match(ln) and "-" in ln), None)
    if sep_at is not None:
        header = sep_at > 0
        return _labelled([_cells(ln, width) for ln in lines[sep_at + 1:]], header)
    if len(lines) == 1:
        one = _strip_bullet(lines[0])
        pairs = _PAIR.findall(one)
        if width == 2 and len(pairs) >= 2:
            return [[a.strip(), b.strip()] for a, b in pairs]
        parts = [p.strip() for p in one.split(";") if p.strip()]
        if len(parts) < 2 and width == 2:
            commas = [p.strip() for p in one.split(",") if p.strip()]
            if len(commas) >= 2 and all(_LABEL_VALUE.match(p) for p in commas):
                parts = commas
        if len(parts) >= 2:
            lines = parts
    return [_cells(ln, width) for ln in lines]


def read_rows(answer: Any, kinds: Sequence[Kind], question: str = "") -> list[list[list[Any]]]:
    """Candidate readings of ``answer`` as rows of values (with and without a lead-in sentence)."""
    if not isinstance(answer, str):
        return [_read_raw_rows(_keyed_rows(answer), kinds, question)]
    s = unwrap(answer)
    lit = literal(s)
    if lit is not NO:
        return [_read_raw_rows(_keyed_rows(lit), kinds, question)]
    return [_read_raw_rows(split_rows(text, len(kinds)), kinds, question) for text in _candidate_texts(s)]


def _read_raw_rows(raw_rows: list[list[Any]], kinds: Sequence[Kind], question: str) -> list[list[Any]]:
    width = len(kinds)
    rows = []
    for r in raw_rows:
        if len(r) != width:
            rows.append([Unread(f"a row of {len(r)} values where {width} are asked for")] * width)
            continue
        rows.append([read_value(c, k, question) for c, k in zip(r, kinds)])
    labelled = getattr(raw_rows, "labelled", False)
    if len(rows) > 1 and any(isinstance(v, Unread) for v in rows[0]) and \
            not any(isinstance(v, Unread) for r in rows[1:] for v in r):
        rows, labelled = rows[1:], True  # a header row
    return _labelled(rows, labelled)


def _keyed_rows(value: Any) -> list[list[Any]]:
    """Rows of a JSON value; labelled when its rows are objects ({"age": 10, "patients": 65})."""
    keyed = isinstance(value, (list, tuple)) and any(isinstance(r, dict) and len(r) > 1 for r in value)
    return _labelled(_rows_of(value), keyed)


def _rows_of(value: Any) -> list[list[Any]]:
    if isinstance(value, dict):
        if value and all(not isinstance(v, (list, dict)) for v in value.values()) and len(value) > 1 and \
                all(isinstance(k, str) for k in value):
            return [[k, v] for k, v in value.items()]  # {"F": 2.26, "M": 8.45}
        return [list(value.values())]
    if not isinstance(value, (list, tuple)):
        return [[value]]
    rows = []
    for r in value:
        if isinstance(r, dict):
            rows.append(list(r.values()))
        elif isinstance(r, (list, tuple)):
            rows.append(list(r))
        else:
            rows.append([r])
    return rows


# ---------------------------------------------------------------------------------------------
# Matching


def perfect_matching(left: Sequence[Any], right: Sequence[Any], match: Callable[[Any, Any], bool]) -> bool:
    """Whether every left item pairs with a distinct right item and vice versa (Kuhn's augmenting paths)."""
    if len(left) != len(right):
        return False
    adj = [[j for j, r in enumerate(right) if match(l_, r)] for l_ in left]
    owner = [-1] * len(right)

    def augment(i: int, seen: set[int]) -> bool:
        for j in adj[i]:
            if j in seen:
                continue
            seen.add(j)
            if owner[j] == -1 or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(left)))


def _distinct(values: list[Any], kind: Kind) -> list[Any]:
    out: list[Any] = []
    for v in values:
        if not any(_same_reading(v, w, kind) for w in out):
            out.append(v)
    return out


def _same_reading(a: Any, b: Any, kind: Kind) -> bool:
    if isinstance(a, Text) and isinstance(b, Text):
        return a.forms[0] == b.forms[0]
    return a == b


def items_match(pred: list[Any], gold: list[Any], kind: Kind, ordered: bool) -> bool:
    if any(isinstance(v, Unread) for v in pred):
        return False
    if ordered:
        return len(pred) == len(gold) and all(values_match(p, g, kind) for p, g in zip(pred, gold))
    return perfect_matching(_distinct(pred, kind), _distinct(gold, kind), lambda p, g: values_match(p, g, kind))


# what a cell looks like, for telling unlabelled columns apart
_LOOK = {"identifier": "number", "measurement": "number", "count": "number", "date": "time", "timestamp": "time",
         "string": "text", "code": "text", "boolean": "boolean"}


def _apart(gold: list[list[Any]], kinds: Sequence[Kind], i: int, j: int) -> bool:
    """Whether gold columns i and j could not be mistaken for each other when unlabelled."""
    if kinds[i].name == kinds[j].name:
        return False
    if _LOOK[kinds[i].name] != "number" or _LOOK[kinds[j].name] != "number":
        return True  # different kinds, not both numbers: the cells themselves tell them apart
    try:
        a = [abs(float(getattr(r[i], "value", r[i]))) for r in gold]  # a read Num, or a plain number
        b = [abs(float(getattr(r[j], "value", r[j]))) for r in gold]
    except (TypeError, ValueError, IndexError):
        return False
    if not a or not b:
        return False
    return max(a) * 100 < min(b) or max(b) * 100 < min(a)


def rows_match(pred: list[list[Any]], gold: list[list[Any]], kinds: Sequence[Kind], ordered: bool) -> bool:
    width = len(kinds)
    if any(len(r) != width for r in pred) or any(isinstance(v, Unread) for r in pred for v in r):
        return False
    if len(pred) != len(gold):
        return False

    def matches(perm: tuple[int, ...]) -> bool:
        def row_ok(p, g):
            return all(values_match(p[perm[i]], g[i], kinds[i]) for i in range(width))
        if ordered:
            return all(row_ok(p, g) for p, g in zip(pred, gold))
        return perfect_matching(pred, gold, row_ok)

    if matches(tuple(range(width))):
        return True
    if not 1 < width <= 4 or getattr(pred, "labelled", False):
        return False
    # unlabelled columns may come in another order only where a reader can tell them apart: by kind
    # (a unit name beside a count), or two number columns of different kinds whose gold values lie orders
    # of magnitude apart (hadm_ids beside counts). Two counts swapped ("[[2150, 5]]" for (count, year)),
    # a count for a mean, cannot be told from a wrong answer.
    apart = [[_apart(gold, kinds, i, j) for j in range(width)] for i in range(width)]
    return any(matches(p) for p in itertools.permutations(range(width))
               if p != tuple(range(width)) and all(p[i] == i or apart[i][p[i]] for i in range(width)))
