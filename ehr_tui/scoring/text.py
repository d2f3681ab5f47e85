"""Free-text helpers shared by the readers: unwrapping, literals, asides, normalised text."""

from __future__ import annotations

import ast
import functools
import json
import re
from typing import Any

NO = object()  # "not a literal" marker where None is a legitimate value

# ---------------------------------------------------------------------------------------------
# Case-insensitive patterns, searched fast

# the non-ASCII characters re.IGNORECASE matches to an ASCII letter (İ ı ſ K); they are also the only ones
# whose str.lower() is not one non-ASCII character (İ -> i + U+0307, K -> k)
_FOLDS_TO_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")


@functools.lru_cache(maxsize=4096)
def question_words(question: str) -> frozenset[str]:
    """The question's words (letters and digits), lowercase; once per question."""
    return frozenset(re.findall(r"[a-z0-9]+", question.lower()))


def fold_safe(text: str) -> bool:
    """Whether ``Folded`` may search ``text.lower()`` in place of ``text`` (see there)."""
    return text.isascii() or not _FOLDS_TO_ASCII.search(text)


def _structure(pattern: str, start: int = 0):
    """(index, character, depth after it) of each character outside escapes and classes, from ``start``."""
    depth, i, in_class = 0, start, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            i += 1 if pattern[i + 1:i + 2] == "^" else 0
            i += 1 if pattern[i + 1:i + 2] == "]" else 0  # a ] first in a class is a literal
        else:
            depth += (c == "(") - (c == ")")
            yield i, c, depth
        i += 1


def _top_alternatives(pattern: str) -> list[str]:
    """The pattern's top-level alternatives (split at each | outside groups and classes)."""
    out, start = [], 0
    for i, c, depth in _structure(pattern):
        if c == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
    out.append(pattern[start:])
    return out


def _min_width(pattern: str, flags: int) -> int:
    import re._parser as sre_parse  # noqa: PLC0415 - the parser's width, once per pattern at import

    return sre_parse.parse(pattern, flags).getwidth()[0]


def _hoist_boundary(pattern: str) -> str:
    """``\\ba|\\bb|...`` as ``\\b(?:a|b|...)``: the same matches, in the same order of preference (\\b is one
    test of the position, made once instead of once per alternative), and sre skips an alternative whose first
    literal is not the next character without entering it, which a leading \\b prevents."""
    alts = _top_alternatives(pattern)
    if len(alts) < 2 or not all(a.startswith("\\b") for a in alts):
        return pattern
    return "\\b(?:" + "|".join(a[2:] for a in alts) + ")"


# characters that stand for themselves outside a class (no re.X in these patterns)
_LITERAL_FIRST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789 '\"-,:;=%#@!&<>/~_")


def _group_end(pattern: str, start: int) -> int:
    """The index of the ) that closes the group opened at ``start``, or -1."""
    return next((i for i, c, depth in _structure(pattern, start) if c == ")" and depth == 0), -1)


def _first_char_groups(pattern: str) -> str:
    """A pattern that matches at exactly the positions ``pattern`` matches at, for finding where a match starts
    (its alternatives are regrouped, so it may take another one there, with another end): the alternatives
    that start with the same literal character become one, ``h(?:edge|unch)``. sre tries the alternatives of
    an alternation one by one at every position; grouped, it skips each group whose first character is not
    the next one in one test. Applied to the top level or to one ``\\b(?:...)`` that is the whole pattern."""
    head, inner, tail = "", pattern, ""
    if pattern.startswith("\\b(?:") and _group_end(pattern, 2) == len(pattern) - 1:
        head, inner, tail = "\\b(?:", pattern[5:-1], ")"
    if re.search(r"\\[1-9]|\(\?P=", pattern):
        return pattern  # a backreference counts groups, which regrouping reorders
    alts = _flat_alternatives(inner)
    if len(alts) < 8:
        return pattern
    groups: dict[str, list[str]] = {}
    rest = []
    for a in alts:
        lead = "\\b" if a.startswith("\\b") else ""  # \bc groups with \bc: the same test of the position
        c, after = a[len(lead):len(lead) + 1], a[len(lead) + 1:len(lead) + 2]
        if c and c in _LITERAL_FIRST and after not in ("?", "*", "+", "{"):
            groups.setdefault(lead + c, []).append(a[len(lead) + 1:])
        else:
            rest.append(a)
    def part(key: str) -> str:
        r = groups[key]
        return re.escape(key[-1]) + (f"(?:{'|'.join(r)})" if len(r) > 1 else r[0])

    bounded = [part(k) for k in groups if k.startswith("\\b")]  # one \b before them all, as _hoist_boundary
    parts = [part(k) for k in groups if not k.startswith("\\b")]
    if bounded:
        parts.insert(0, "\\b(?:" + "|".join(bounded) + ")" if len(bounded) > 1 else "\\b" + bounded[0])
    return head + "|".join(parts + rest) + tail


def _flat_alternatives(pattern: str, depth: int = 0) -> list[str]:
    """The top-level alternatives, with a leading ``(?:x|y)`` group distributed over the rest of its alternative
    (``(?:x|y)z`` -> ``xz``, ``yz``; ``(?:x)?z`` -> ``xz``, ``z``), which matches at the same positions. Not where
    the rest or the group holds a capturing group (it would be defined twice), nor past three levels."""
    out = []
    for a in _top_alternatives(pattern):
        lead = "\\b" if a.startswith("\\b(?:") else ""  # \b(?:x|y)z -> \bxz, \byz: the same test first
        body = a[len(lead):]
        end = _group_end(body, 0) if body.startswith("(?:") else -1
        rest = body[end + 1:]
        if end < 0 or depth >= 4 or rest[:1] in ("*", "+", "{") or re.search(r"\((?!\?)|\(\?P<", a):
            out.append(a)
            continue
        optional = rest[:1] == "?"
        rest = rest[2 if rest[1:2] == "?" else 1:] if optional else rest  # x? and the lazy x?? alike
        out += _flat_alternatives("|".join(lead + b + rest for b in _top_alternatives(body[3:end])), depth + 1)
        if optional:
            out += _flat_alternatives(lead + rest, depth + 1) if lead + rest else [""]
    return out


class Folded:
    """A re.IGNORECASE pattern, searched fast. Under re.I sre gives up its literal and charset scans, which
    makes alternations of words 5-10x slower. The same pattern without re.I, run on ``text.lower()``, tries
    the same positions with the same outcome when (1) the pattern's letters are lowercase ASCII (or a-z beside
    A-Z in a class), with no cased non-ASCII character, checked here; and (2) the text holds none of İ ı ſ K
    (``fold_safe``): then every character lowercases to one character, an ASCII letter only from its own
    two cases, and \\w \\s \\d and \\b see the same classes (lowercasing never changes them). So the plain
    search is exact: where it finds nothing, the re.I pattern finds nothing; where it finds a match, the re.I
    pattern's match starts at the same position (matched there, on the text as written, for its groups).
    ``hints``: lowercase strings, one of which is in every match (so in the lowercase text): a cheaper test
    still, for patterns that are long alternations tried at every position."""

    __slots__ = ("re", "pattern", "hints", "_plain", "hint_re", "_find")

    def __init__(self, pattern: str, flags: int = 0, hints: tuple[str, ...] = ()) -> None:
        self.re = re.compile(pattern, flags | re.I)
        self.pattern = pattern
        self.hints = hints
        # escapes (\b \s \W), both-case ranges, group names (matched as written, not as text)
        letters = re.sub(r"\(\?P<\w+>|\(\?P=\w+\)|\\[A-Za-z]|a-zA-Z|A-Za-z", "", pattern)
        if any(c.isupper() or (not c.isascii() and c.lower() != c.upper()) for c in letters):
            raise ValueError(f"Folded needs lowercase ASCII letters: {pattern!r}")
        self._plain = re.compile(_hoist_boundary(pattern), flags & ~re.I)
        # where a match starts (search; spans and finditer when no match is empty): the first-character groups
        found = _first_char_groups(self._plain.pattern)
        self._find = re.compile(found, flags & ~re.I) if found != self._plain.pattern and \
            _min_width(self._plain.pattern, flags) > 0 else self._plain
        # many hints: one alternation of them, which finds that none is there in one scan of the text
        # (grouped by first character, as _find is: sre then tests one character where a flat alternation tries
        # every hint at every position, 4x slower over the 168 hints of answer._SCOPE_WORDS)
        self.hint_re = re.compile(_first_char_groups("|".join(re.escape(h) for h in hints))) if len(hints) > 8 \
            else None

    def search(self, text: str, low: str | None = None, pos: int = 0) -> re.Match | None:
        """``self.re.search(text, pos)``. ``low``, when given, must be ``text.lower()`` of a ``fold_safe`` text (a
        slice of a fold-safe text's lowercase is its slice's: lowercasing keeps every position there)."""
        if low is None:
            if not fold_safe(text):
                return self.re.search(text, pos)
            low = text.lower()
        # the hint test of _hinted, inline: this runs a dozen times an answer
        if self.hint_re is not None:
            if self.hint_re.search(low) is None:
                return None
        elif self.hints and not any(map(low.__contains__, self.hints)):
            return None
        m = self._find.search(low, pos)
        return self.re.match(text, m.start()) if m else None

    def _hinted(self, low: str) -> bool:
        """False where no match can be: none of the hints is in the lowercase text (one is in every match)."""
        if self.hint_re is not None:
            return self.hint_re.search(low) is not None
        return not self.hints or any(map(low.__contains__, self.hints))

    def match(self, text: str, low: str | None = None) -> re.Match | None:
        """``self.re.match(text)`` (``low`` as for ``search``)."""
        if low is None:
            if not fold_safe(text):
                return self.re.match(text)
            low = text.lower()
        return self.re.match(text) if self._plain.match(low) else None

    def finditer(self, text: str, low: str | None = None):
        """``self.re.finditer(text)``: each match found on the lowercase, matched again on the text as written
        (at the same start, for its groups)."""
        if low is None and not fold_safe(text):
            return self.re.finditer(text)
        match = self.re.match
        return (match(text, a) for a, _ in self.spans(text, low))

    def spans(self, text: str, low: str | None = None) -> list[tuple[int, int]]:
        """The spans of ``self.re.finditer(text)`` (``low`` as for ``search``)."""
        if low is None:
            if not fold_safe(text):
                return [m.span() for m in self.re.finditer(text)]
            low = text.lower()
        if not self._hinted(low):
            return []
        if self._find is self._plain:
            return [m.span() for m in self._plain.finditer(low)]
        # finditer's matches: the next start (the groups find it), the match there (as the pattern writes its
        # alternatives: their order decides the end), on from its end (no match is empty here)
        out, pos, find, match = [], 0, self._find.search, self._plain.match
        while (m := find(low, pos)) is not None:
            pos = match(low, m.start()).end()
            out.append((m.start(), pos))
        return out


def end_search(pattern: "Folded", text: str, width: int, low: str | None = None, strip: str = "") -> bool:
    """Whether ``pattern``, of the form ``X\\s*$`` (``X\\s*[strip]*\\s*$`` with ``strip``) where X is at most ``width``
    characters and ends in neither a space nor a ``strip`` character, matches ``text``: X ends where the text's
    trailing spaces (and ``strip`` characters) begin, so no match starts before ``width`` characters ahead of
    that; the search starts there (lookbehinds and \\b still see the text before it)."""
    tail = text.rstrip()
    if strip:
        tail = tail.rstrip(strip).rstrip()
    return bool(pattern.search(text, low, max(0, len(tail) - width)))


def has_phrase(text: str, phrase: str) -> bool:
    """Whether ``phrase`` stands in ``text`` as whole words (no letter or digit glued on either side)."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


def safe_lower(text: str) -> str | None:
    """``text.lower()`` where ``Folded.search`` may use it (``fold_safe``), else None."""
    return text.lower() if fold_safe(text) else None


_FENCE = re.compile(r"^```[\w-]*\s*\n?(.*?)\n?```$", re.S)
_BOXED = re.compile(r"\\boxed\{(.*)\}", re.S)
_LEAD = re.compile(r"^\s*(?:\*\*|__)?\s*(?:final\s+answer|answer|result)\s*(?:\*\*|__)?\s*[:\-–]\s*(?:\*\*|__)?\s*",
                   re.I)
_PAIRS = (('"', '"'), ("'", "'"), ("`", "`"), ("**", "**"), ("__", "__"), ("*", "*"), ("\u201c", "\u201d"),
          ("\u2018", "\u2019"))
_OPENERS = frozenset(a[0] for a, _ in _PAIRS)
_CLOSERS = frozenset(b[-1] for _, b in _PAIRS) | {"."}
_ASIDE = re.compile(r"\s*(\([^()]*\)|\[[^\[\]]*\])")


def _may_lead(s: str) -> bool:
    """Whether _LEAD can match: past the spaces and one "**" / "__" comes its word's f / a / r (no other
    character matches those under re.I)."""
    t = s.lstrip()
    if t.startswith(("**", "__")):
        t = t[2:].lstrip()
    return t[:1] in ("f", "F", "a", "A", "r", "R")


_WRAP_FIRST = frozenset("`*_fFaArR")
_STRUCK = re.compile(r"~~[^~\n]+~~")
_TAGGED = re.compile(r"<(answer|final_answer|final|result|output)>(.*)</\1>", re.I | re.S)


def unwrap(text: str) -> str:
    """The answer without code fences, \\boxed{}, <answer> tags, "Answer:" lead-ins, a trailing full stop and
    struck-through text ("~~5~~ 6": the agent crossed the 5 out)."""
    s = text.strip()
    if "~~" in s:
        s = _STRUCK.sub(" ", s).strip()
    if s[:1] == "<":
        m = _TAGGED.fullmatch(s)
        s = m.group(2).strip() if m else s
    if s[:1] not in _WRAP_FIRST and "\\boxed{" not in s:
        return s  # no fence ("`"), no lead-in (its first character, after "**" or "__": f a r), no \boxed{}
    for _ in range(3):
        before = s
        m = _FENCE.match(s) if s.startswith("```") else None  # the literal each match starts with
        if m:
            s = m.group(1).strip()
        m = _BOXED.search(s) if "\\boxed{" in s else None
        if m:
            s = m.group(1).strip()
        m = _LEAD.match(s) if _may_lead(s) else None  # as _LEAD.sub(count=1): ^ matches at 0 or nowhere
        s = (s[m.end():] if m else s).strip()
        if s == before:
            break
    return s


def strip_quotes(s: str) -> str:
    """Surrounding quotes / markdown emphasis and a trailing full stop, removed (repeatedly)."""
    s = s.strip()
    if not s or (s[0] not in _OPENERS and s[-1] not in _CLOSERS):
        return s  # the common case: nothing to strip
    for _ in range(4):
        before = s
        s = s.strip()
        if s.endswith(".") and not s.endswith(".."):
            s = s[:-1].rstrip()
        for a, b in (_PAIRS if s and s[0] in _OPENERS else ()):  # each pair needs its opener first
            if len(s) >= len(a) + len(b) and s.startswith(a) and s.endswith(b):
                s = s[len(a):len(s) - len(b)].strip()
        if s == before:
            break
    return s


def norm_text(s: str) -> str:
    """Case-folded, whitespace collapsed, quotes and trailing full stop removed."""
    return " ".join(strip_quotes(str(s)).split()).casefold()  # str.split's whitespace is re's \s


# JSON's number grammar (json reads an int without a fraction or exponent, else a float) and its word literals
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_JSON_WORDS = {"true": lambda: True, "false": lambda: False, "null": lambda: None, "NaN": lambda: float("nan"),
               "-Infinity": lambda: float("-inf")}


def literal(s: str) -> Any:
    """The JSON value or Python literal the text is, or NO. Only tried on text that looks like one."""
    t = s.strip()
    if not t or t[0] not in "[{(\"'-+.0123456789tfnTFN":
        return NO
    if t[0] not in "[{(\"'":
        # a text that starts like a number or a word literal is JSON only as the whole of one (the stripped
        # text has nothing after it) and no other parser is tried for it: read it as json.loads would
        m = _JSON_NUMBER.fullmatch(t)
        if m is None:
            word = _JSON_WORDS.get(t)
            return NO if word is None else word()
        if m.group(1) or m.group(2):
            return float(t)
        try:
            return int(t)
        except ValueError:  # past int's digit limit, as json.loads
            return NO
    try:
        return json.loads(t)
    except (ValueError, TypeError):
        pass
    if t[0] in "[{('\"":
        try:
            return ast.literal_eval(t)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return NO
    return NO


def unwrap_single(value: Any) -> Any:
    """[x] and [[x]] (and {"answer": x}) -> x: a scalar given as a one-element list or one-cell table."""
    for _ in range(4):
        if isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]
        elif isinstance(value, dict) and len(value) == 1:
            value = next(iter(value.values()))
        else:
            break
    return value


def blank(s: str, pattern: re.Pattern, rounds: int = 1) -> tuple[str, list[tuple[int, int]]]:
    """``s`` with every match of ``pattern`` replaced by spaces (positions kept), and the spans blanked."""
    spans: list[tuple[int, int]] = []

    def sub(m: re.Match) -> str:
        spans.append(m.span())
        return " " * (m.end() - m.start())

    for _ in range(rounds):
        new = pattern.sub(sub, s)
        if new == s:
            break
        s = new
    return s, spans


def split_asides(s: str) -> tuple[str, list[tuple[int, int]]]:
    """(text with parenthesised / bracketed remarks blanked, their spans): "4.2 (ref 3.5-5.0)".
    Nested parentheses are taken innermost first."""
    if "(" not in s and "[" not in s:
        return s, []  # nothing for _ASIDE to match
    return blank(s, _ASIDE, rounds=3)


def inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= pos < b for a, b in spans)


_WORD = re.compile(r"[a-z][a-z0-9_]+")
_STOP = frozenset("the a an of in on at to for and or was were is are did does do has had have with by from that "
                  "this which what when how many much patient patients their his her its as be been it".split())


def stems(s: str) -> set[str]:
    """Crude content-word stems (first five letters), for matching an answer's context to the question."""
    return {w[:5] for w in _WORD.findall(s.lower()) if w not in _STOP and len(w) >= 3}


_NEGATED = Folded(r"(?:\bnot|n't|\bnever|\banything but|\bother than|\bexcept(?: for)?|\brather than|\binstead of|"
                  r"\bbut not)\s+(?:be\s+|equal to\s+|exactly\s+|the\s+|code\s+|on\s+|in\s+|at\s+|dated\s+)?[\"'`*(\[]*$",
                  hints=("not", "n't", "never", "anything but", "other than", "except", "rather than", "instead of"))


def negated_at(text: str, start: int, low: str | None = None) -> bool:
    """Whether the value starting at ``start`` is negated by the words right before it ("not 5",
    "anything but 4280", "other than 2150-03-04"). ``low``: ``safe_lower(text)``, when the caller has it."""
    a = max(0, start - 30)
    return bool(_NEGATED.search(text[a:start], None if low is None else low[a:start]))


# Words that leave the answer open: a hedged answer commits to no value, whatever its kind ("Yes, probably",
# "5 (maybe 6)", "It might be Heparin"). Precision words ("approximately 5.43") are not hedges.
HEDGE = Folded(r"\b(?:maybe|possibly|probably|perhaps|presumably|supposedly|apparently|might|may be|may have|"
               r"likely|unlikely|unclear|uncertain|could be|could have been|not clear|guess|guessing|suspect|"
               r"appears? to|seems? to|as far as (?:i|we) (?:can|could) (?:tell|see)|"
               # the first person's belief is not a finding ("5, I believe", "Heparin (I think)", "I'd say yes")
               r"(?:i|we) (?:think|believe|reckon|suppose|estimate|expect|feel)|i'd say|i would say|"
               # a value the agent inferred where the data has none ("I inferred R from the MIC")
               r"(?:i|we) (?:inferred|infer|deduced|deduce|imputed|impute|extrapolated|surmised?)|"
               # "Not determinable with confidence; the single row shows 2"
               r"not (?:reliably |confidently )?determinable|(?:cannot|can't|can not) be (?:reliably |confidently )?"
               r"determined|undeterminable|indeterminable|without (?:any )?(?:certainty|confidence)|"
               r"(?:cannot|can't|can not) (?:say|tell) with (?:any )?(?:certainty|confidence)|"
               r"if (?:i|we)(?:'m| am| are)? (?:not mistaken|counted (?:it )?(?:right|correctly)|read (?:it|this|that) "
               r"(?:right|correctly)|recall correctly|remember correctly)|to (?:the best of )?my knowledge|"
               r"(?:it )?(?:appears|seems|looks) (?:so|like|that)|it (?:appears|seems)|"
               r"unconfirmed|not confirmed|unverified|not verified|not double-checked|tentative(?:ly)?|"
               # a value not yet settled ("(to be confirmed)", "[needs verification]", "(est.)", "(preliminary)")
               r"to be (?:confirmed|verified|checked|determined)|needs? (?:verification|confirmation|"
               r"double-checking|checking|review|to be (?:verified|confirmed|checked))|verify|verification|"
               r"preliminary|provisional|or thereabouts|give or take|could differ|unreliable|not reliable|"
               r"to be reliable|"
               r"confidence\W{0,3}\s*[:=]?\s*\W{0,3}(?:low|medium|moderate)|(?:low|medium|moderate) confidence|"
               r"may (?:include|contain|exclude|overcount|undercount|differ|reflect|be off)|est(?=\.(?:\s|$|\)))|"
               r"technically|only discussed|only mentioned|not actually|"
               # a value held under a condition or a doubt in other words ("5, unless I'm mistaken", "5 seems
               # right", "an estimated 5", "5, pending confirmation", "5, assuming no duplicates", "(lower bound)")
               r"(?:unless|assuming|assumes?|pending)\b|(?:seems?|looks?|sounds?) (?:about )?(?:right|correct|plausible|"
               r"reasonable|accurate)|estimat(?:ed?|es|ion)\b(?! (?:gfr|glomerular))|(?:lower|upper) bound|"
               # round 10: doubt and non-commitment in more words ("(ballpark)", "(best effort)", "don't quote
               # me", "(fingers crossed)", "(subject to change)", "(draft)", "5 - could not confirm")
               r"ballpark|more or less|best effort|best guess|not (?:100\s?%|entirely|completely|fully|totally|"
               r"quite) (?:sure|certain|confident)|double[- ]?check|don't quote|do not quote|as best (?:i|we) can "
               r"(?:tell|see)|barring|fingers crossed|gut (?:feeling|sense)|hunch|in all probability|"
               r"subject to (?:change|revision|confirmation)|draft\b|work in progress|speculat\w*|conjectur\w*|"
               r"(?:could not|couldn't|unable to|did not|didn't|have not|haven't|not yet) (?:confirm|verify|"
               r"double-check|check(?:ed)?|look(?:ed)? (?:at|in)|search(?:ed)?|quer(?:y|ied)|examine(?:d)?|"
               r"review(?:ed)?)|incomplete|"
               r"if memory serves|hypothetical(?:ly)?\b|in theory|theoretical(?:ly)?\b|for the sake of (?:argument|example)|"
               r"(?:i'm|i am|we're|we are) (?:fairly|pretty|reasonably|quite) (?:sure|confident|certain)|"
               r"in all likelihood|odds are|chances are|(?:may|might|could) (?:be|not be) (?:incomplete|complete|"
               r"accurate|exact|right|correct|wrong)|"
               # round 11: doubt in fresh words and other languages, and a value held on the agent's own query
               # being right ("5, if my join was right", "given that my sort order was right")
               r"shaky|iffy|grain of salt|(?:can't|cannot|can not|couldn't|could not) vouch|"
               r"(?:low|limited|little|some|moderate) certainty|to the best of my (?:recollection|memory|belief)|"
               r"(?:i|we)(?:'d| would) (?:wager|imagine|guess|bet|venture|hazard|assume|presume|expect)|"
               r"(?:wouldn't|would not|won't|will not|don't|do not) (?:bet|swear|vouch)|50/50|fifty[- ]fifty|"
               r"seemingly|educated guess|not that (?:i|we) (?:can|could|know|am aware|are aware)|"
               r"vermutlich|wahrscheinlich|vielleicht|je crois|peut-\u00eatre|peut-etre|probablement|quiz\u00e1s|"
               r"quizas|tal vez|probablemente|forse|talvez|misschien|waarschijnlijk|"
               # round 12: rhetoric and sarcasm, the check handed to the reader, a guess said as one
               r"allegedly|ostensibly|purportedly|reportedly|for (?:whatever|what) (?:that's|that is|it's|it is) worth|"
               r"(?:would|wants to|want to) have (?:us|me|you) believe|if you believe|which i don't|as if that|"
               r"close enough|sort of|kind of|not exactly|(?:over|up) to you|you (?:may|might|should|will) (?:want|need) "
               r"to (?:verify|confirm|check|double-check)|please (?:verify|confirm|double-check)|"
               r"(?:i|we)(?:'ll| will| shall)? (?:say|go with|put down|assume)\b|(?:i|we) (?:wouldn't|would not) say|"
               r"verified\s*[:=]\s*(?:false|no)\b|not (?:checked|validated|tested)\b|"
               r"if (?:you|we|one) (?:count|include|exclude|treat|consider)\b|"
               # round 20: held on what counts ("1.8, if the ED draw counts as part of the admission")
               r"if (?:the|this|that|those|these|an?|its|their|such) [^.;\n]{0,60}?\b(?:counts?|is counted|are counted|"
               r"is included|are included|applies|apply|is considered|are considered|belongs?)\b|"
               r"(?:if|provided|providing|contingent (?:on|upon)|conditional (?:on|upon)|given that|as long as|"
               r"so long as|should|on condition)\b[^.;\n]{0,60}?\b(?:right|correct(?:ly)?|complete|accurate|"
               r"intended|captured everything|as i meant|worked|valid)\b|"
               # round 14: the answer disowns the figure it then gives ("I can't give a reliable answer; 52.5
               # hours is what a naive sum gives")
               r"(?:can't|cannot|can not|couldn't|could not|unable to) (?:give|provide|offer|produce|get|determine) "
               r"(?:a |an |any )?(?:reliable|definitive|confident|firm|exact|accurate|trustworthy|solid) "
               r"(?:answer|figure|value|number|count|result|estimate)|naive (?:sum|count|total|estimate|reading))")
# An alternative offered beside the value, in a remark ("20000345 (or 20000346)", "(if rounded up)")
ALTERNATIVE_ASIDE = re.compile(r"[(\[][^()\[\]]*\b(?:or|alternatively|otherwise|unless|if|then|followed by|"
                               r"subsequently|later moved|afterwards|by [\w\s]+ it (?:was|is|would be)|says|"
                               r"\w+events (?:has|shows)|"
                               r"the (?:principal|primary|main|actual|correct|real) (?:\w+ )?(?:was|is))\b[^()\[\]]*[)\]]",
                               re.I)
# A remark that takes the value back or qualifies it ("5 (correction: 6)", "(low confidence)", "(plus 25000)",
# "5 is wrong", "scratch that"): the answer is not the value it first states
RETRACTION = Folded(r"[(\[]\s*\d[\d,.]*\s+(?:once|after|when|if|with|without|excluding|including)\s+[^()\[\]]*[)\]]|"
                    r"[(\[][^()\[\]]*\b(?:correction|corrected|actually|plus|minus|not counting|"
                    r"(?:true|actual|real|correct) (?:count|value|number|answer|total)|row count|"
                    r"not deduplicated|not distinct|with duplicates|including duplicates|never (?:given|administered|"
                    r"received|taken)|not (?:given|administered|received)|cancel\w*|discontinued|hemoly[sz]\w*|"
                    r"pending|spurious|contaminated|clotted|rounded (?:up |down )?from|technically|only discussed|"
                    r"only mentioned|not actually|from a different admission|from another admission|"
                    r"excluding(?! (?:the )?(?:duplicates?|nulls?|missing|blanks?|empty))|including|approx\w*|estimated?(?! (?:gfr|glomerular))|roughly|rough|revised|revision|updated?|amended|"
                    r"edit(?:ed)?|rather|should be|wait|typo|sorry|oops|mistake|recount(?:ed)?|recheck(?:ed)?)\b"
                    r"[^()\[\]]*[)\]]|"
                    r"\b(?:scratch that|is wrong|was wrong|is incorrect|was incorrect|disregard|ignore that|"
                    r"(?:it is|it's|it was) (?:not true|false|incorrect|wrong|not the case) that|"
                    r"i mean|on second thought|low confidence|not confident|(?:was|is) a typo|"
                    r"(?:is|was|are|were) not (?:the |a )?(?:right |correct |final |true )?(?:answer|result|value|count)|"
                    r"(?:is|was|are|were) not (?:right|correct)|(?:isn't|wasn't|aren't) (?:the |a )?(?:right|correct|"
                    r"answer|final)|not (?:the )?(?:right|correct) answer)\b|"
                    r"\b(?:wait[,.!]|(?:correction|edit|update|revised):)|"
                    r"\?\s*(?:no|nope|wrong)\b[.!,]|\b(?:would be|is|it's) (?:wrong|incorrect|inaccurate) to say\b|"
                    r"\bon (?:closer|second|further) (?:inspection|look|thought|review|glance)\b|"
                    r"\b(?:looking|checking) again\b|(?:^|[.?!]\s+)actually\b|"
                    r"\b(?:count|value|answer|number|total|result) should (?:be|read)\b",
                    # the remark's bracket, or a word of each other branch ("not" is followed by a space in each)
                    hints=("(", "[", "scratch that", "wrong", "incorrect", "false", "disregard", "ignore that", "i mean",
                           "second thought", "confiden", "typo", "not ", "n't", "wait", "correction:", "edit:",
                           "update:", "revised:", "?", "to say", "on closer", "on further", "again", "actually",
                           "should"))
# An answer stated as a question ("Yes?", "5?"): not committed to. A closing offer ("Shall I list them?") is not it.
QUESTIONED = re.compile(r"\?\s*\W*$")
FOLLOW_UP = Folded(r"(?:^|[.!\n]\s*)(?:would|do|shall|should|can|could|may|want|need|is there|anything|let me)"
                   r"\b[^.!\n]*\?\s*\W*$")
# An approximate, bounded or conditional value ("~5", "about 5", "5ish", "5 at a minimum", "hardly 5",
# "5 if you count transfers"): not the exact value a task asks for
APPROXIMATE = Folded(r"~\s*\d|\d\s*-?ish\b|\brounded\b(?! to the (?:day|date|minute|nearest (?:day|minute)))|"
                     r"\b(?:about|around|roughly|approx\w*|circa|ca\.|nearly|almost|"
                     r"at (?:a )?minimum|at (?:a )?maximum|at least|at most|no (?:more|fewer|less) than|"
                     r"hardly|barely|scarcely|not quite|just (?:over|under)|give or take|"
                     r"if (?:you|we|one) (?:count|include|exclude)|if counting|depending on|thereabouts|"
                     r"(?:the )?week of|(?:the )?month of)\b|"
                     r"\u00b1|\+/-|\u2248")
# A list that says it is not the whole answer ("Foley and Void (and others)", "MICU, SICU, etc.")
INCOMPLETE = Folded(r"\b(?:and|among|plus|with|amongst) (?:others|more|so on|many more)\b|\betc\b\.?|"
                    r"\bsuch as\b|\be\.g\.|\bfor example\b|\bamong them\b|\bincluding\b|\bamong others\b|"
                    # a list cut short, in so many words ("top 2 of 5", "the first 2 rows:", "(partial: ...)")
                    r"\b(?:top|first|last) \d+ (?:of|out of) \d+\b|\b(?:the )?first \d+ (?:rows?|results?|items?|entries)\b|"
                    r"\bpartial(?: (?:list|results?|answer|output))?\s*[:)\]]|\bpartial (?:list|results?|answer|output)\b|"
                    r"\bnot (?:all )?(?:shown|listed|included|displayed|checked)\b|\btruncated\b|\bshowing (?:only )?\d+\b|"
                    r"\bomitted\b|\bexcluded\s*[)\]]|\bpage \d+\b|\bpreview\b|\u2026|\.\.\.\s*$|"
                    r"[(\[]\s*(?:[a-z_]+\s+)?\d+(?:\s*-\s*\d+)? of \d+\s*[)\]]|"
                    r"\b\d+ (?:more|others|further)\b|"
                    # "plus one more ... that I did not copy out": an item the answer knows of and leaves out
                    r"\b(?:and|plus|with) (?:one|two|three|four|five|a few|several|some|a couple(?: of)?) "
                    r"(?:more|others?|further|additional)\b|"
                    r"\b(?:did not|didn't|could not|couldn't|have not|haven't) (?:copy|transcribe|list|show|include|get)"
                    r" (?:out|down|over|them|it|all)\b")


def without(text: str, forms_longest_first: tuple[str, ...]) -> str:
    """``text`` case-folded with every occurrence of the given (normalised) forms, longest first, blanked: the
    gold's own words are not hedges or alternatives ("Diabetes ... (or unspecified type)" is an ICD title)."""
    low = " ".join(text.split()).casefold()
    for f in forms_longest_first:
        if len(f) > 2 and f in low:
            low = low.replace(f, " ")
    return low
