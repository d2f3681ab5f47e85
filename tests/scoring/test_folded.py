"""``text.Folded``: the fast search of a re.IGNORECASE pattern finds exactly what the pattern finds."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from ehr_tui.scoring.text import Folded, fold_safe

_MODULES = [importlib.import_module(f"ehr_tui.scoring.{m}") for m in
            ("abstention", "answer", "caveats", "containers", "dates", "numbers", "subjects", "text", "units",
             "values")]
FOLDED = sorted({id(v): (f"{m.__name__.rsplit('.', 1)[1]}.{k}", v) for m in _MODULES for k, v in vars(m).items()
                 if isinstance(v, Folded)}.values(), key=lambda x: x[0])
_ODD = ["\u0130", "\u0131", "\u017f", "\u212a", "\u00df", "\u00c9", "\u00b5", "\u03a3", "\u2265", "\u2212", "\u00a0",
        "\n", "  ", "*", "(", ")", "[", "]", ":", "=", "~", "#", "?", ".", "5", "12.5", "2150", "10001217"]


def _fragments(pattern: str) -> list[str]:
    words = re.findall(r"[a-z][a-z' ]*[a-z]|[a-z]", re.sub(r"\\[a-zA-Z]", " ", pattern))
    return words + [w.upper() for w in words] + [w.title() for w in words] + _ODD + ["n't", "N'T", "isn't"]


@pytest.mark.parametrize("name,folded", FOLDED, ids=[n for n, _ in FOLDED])
def test_folded_search_is_the_re_i_search(name, folded):
    rnd = random.Random(name)  # a str seed is stable across runs (hash() of a str is not)
    frags = _fragments(folded.pattern)
    for _ in range(3000):
        t = "".join(rnd.choice(frags) + rnd.choice(["", " ", " ", ", "]) for _ in range(rnd.randint(0, 8)))
        got, want = folded.search(t), folded.re.search(t)
        assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups())), (t, got, want)
        assert folded.spans(t) == [m.span() for m in folded.re.finditer(t)], t
        got, want = folded.match(t), folded.re.match(t)
        assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups())), (t, got, want)
        assert [(m.span(), m.groups()) for m in folded.finditer(t)] == \
            [(m.span(), m.groups()) for m in folded.re.finditer(t)], t
        if want and folded.hints:
            for m in folded.re.finditer(t):
                assert any(h in m.group(0).lower() for h in folded.hints) or not fold_safe(t), (t, m)


def test_folded_refuses_patterns_it_cannot_search_exactly():
    for bad in (r"\bMore\b", "\u00b5g", r"[A-Z]+"):
        with pytest.raises(ValueError):
            Folded(bad)


def _literal_as_before(t: str):  # text.literal before its shortcut: json, then Python literals
    import ast
    import json

    from ehr_tui.scoring.text import NO

    t = t.strip()
    if not t or t[0] not in "[{(\"'-+.0123456789tfnTFN":
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


def test_literal_skips_json_only_where_json_fails():
    from ehr_tui.scoring.text import literal

    rnd = random.Random(7)
    frags = ["1", "0", "-", "+", ".", "5", "e", "E", "-Infinity", "Infinity", "NaN", "true", "false", "null", "True",
             "None", " ", "x", "\u0663", "\u00a0", "\t", "\n", "1.5", "1e5", "00", "[1]", "(2,)", "'a'", '"b"', "{}",
             "-0", "0.0", "1E+5", "1e-3", "01", "1.", ".5", "5e", "-", "9" * 5000, "\u00b2", "\uff11"]
    for _ in range(30000):
        t = "".join(rnd.choice(frags) for _ in range(rnd.randint(1, 4)))
        got, want = literal(t), _literal_as_before(t)
        assert type(got) is type(want) and (got is want or got == want or (got != got and want != want)), (t, got, want)


END_ANCHORED = [("numbers", "_BOUND", 12, ""), ("numbers", "_YEAR_CTX", 6, ""), ("units", "_COPULA_END", 8, "*"),
                ("units", "_ICU_END", 3, ""), ("units", "_HOSPITAL_END", 8, "")]


@pytest.mark.parametrize("module,name,width,strip", END_ANCHORED, ids=[f"{m}.{n}" for m, n, _, _ in END_ANCHORED])
def test_end_search_is_the_search(module, name, width, strip):
    from ehr_tui.scoring.text import end_search, safe_lower

    folded = getattr(importlib.import_module(f"ehr_tui.scoring.{module}"), name)
    rnd = random.Random(11)
    frags = _fragments(folded.pattern) + ["*", "**", " * ", "\t", "\n", "≥", "<=", ">"]
    for _ in range(3000):
        t = "".join(rnd.choice(frags) + rnd.choice(["", " ", " "]) for _ in range(rnd.randint(0, 6)))
        want = bool(folded.re.search(t))
        assert end_search(folded, t, width, strip=strip) == want, t
        assert end_search(folded, t, width, safe_lower(t), strip=strip) == want, t


def test_parse_token_decimals_are_the_decimals_of_its_value():
    from decimal import Decimal

    from ehr_tui.scoring.numbers import NUM_RE, _decimals, _plain_body, parse_token

    rnd = random.Random(3)
    frags = ["0", "1", "12", "345", "007", ",", ".", "e", "E", "-", "+", "3", "\u0663"]
    for _ in range(20000):
        t = "".join(rnd.choice(frags) for _ in range(rnd.randint(1, 6)))
        for m in NUM_RE.finditer(t):
            try:
                n = parse_token(m.group("sign"), m.group("body"))
            except ArithmeticError:  # -1e999999999 overflows the context, as it always did
                continue
            if n is not None:
                d = Decimal(_plain_body(m.group("body")))
                assert n.decimals == _decimals(d) and n.value.copy_abs() == d.copy_abs(), t


def test_the_lead_in_prefilter_passes_every_lead_in():
    from ehr_tui.scoring.text import _LEAD, _may_lead

    rnd = random.Random(5)
    frags = [" ", "\t", "\n", "**", "__", "*", "_", "Final", "final", "FINAL", "answer", "Answer", "Result", "result",
             ":", "-", "\u2013", "5", "x", "\u0130", "\u017f", "\u212a"]
    for _ in range(20000):
        t = "".join(rnd.choice(frags) for _ in range(rnd.randint(0, 6)))
        assert _may_lead(t) or not _LEAD.match(t), t


def test_entity_ids_on_the_lowercase_are_the_ids_read_case_blind():
    from ehr_tui.scoring import answer

    rnd = random.Random(9)
    frags = ["Patient", "PATIENT", "subject_id", "Admission", "hadm_id", "HADM", "ICU stay", "hospital stay", "stay_id",
             "Stay", "ID", "id", "no.", "Number", "#", ":", " ", "  ", "10001217", "24597018", "300000", "1234",
             "\u0663\u0663\u0663\u0663\u0663", "x", "\u00e9"]
    for _ in range(5000):
        t = "".join(rnd.choice(frags) + rnd.choice(["", " "]) for _ in range(rnd.randint(0, 7)))
        want: dict = {}
        for m in answer._ENTITY_ID.finditer(t):
            want.setdefault(answer._ENTITY_GROUP[m.group(1).lower()], set()).add(m.group(2))
        assert answer._entity_ids(t) == want, t


@pytest.mark.parametrize("table", ["_LAB_EACH", "_DRUG_EACH"])
def test_subject_stems_skip_only_entries_that_cannot_match(table):
    # subjects._which searches an entry's pattern only where the lowercase text holds one of its stems: on
    # every text, it must name exactly the entries that searching every pattern names.
    from ehr_tui.scoring import subjects

    entries = getattr(subjects, table)
    lab = table == "_LAB_EACH"
    anyre = subjects._LAB_ANY if lab else subjects._DRUG_ANY
    stems = subjects._LAB_STEMS if lab else subjects._DRUG_STEMS
    frags = [f for rx in entries for f in _fragments(rx.pattern)] + ["nt-probnp", "platelets", "lasts", "K\u212a"]
    rnd = random.Random(table)
    for _ in range(4000):
        t = "".join(rnd.choice(frags) + rnd.choice(["", " ", "-", ", "]) for _ in range(rnd.randint(1, 6)))
        want = frozenset(i for i, rx in enumerate(entries) if rx.search(t)) if anyre.search(t) else frozenset()
        assert subjects._which(t, anyre, entries, stems) == want, t


def test_the_date_prefilter_lets_every_date_through():
    """``numbers.may_have_date`` skips the long date pattern only where it cannot match (ids and years alone)."""
    from ehr_tui.scoring.numbers import _DATE_RE, may_have_date

    frags = ["2150", "10001217", "03", "4", "12", "-", "/", ":", " ", ", ", "T", "pm", "a.m.", "th", "March", "mar",
             "SEPT", "Dec.", "\u212a", "\u017f", "\u0663\u0664\u0665\u0666", "Marching", "jan", "admission", "was"]
    rnd = random.Random(7)
    seen_dates = 0
    for _ in range(20000):
        t = "".join(rnd.choice(frags) for _ in range(rnd.randint(1, 9)))
        if rnd.random() < 0.5:  # a date-like core among the fragments: digits, separators, month words
            core = "".join(rnd.choice(["2150", "03", "4", "12", "-", "/", ":", " ", "March ", "sept. ", ", "])
                           for _ in range(rnd.randint(2, 6)))
            t = t[:len(t) // 2] + core + t[len(t) // 2:]
        if _DATE_RE.search(t):
            seen_dates += 1
            assert may_have_date(t), t
    assert seen_dates > 100
    assert not may_have_date("Patient 10001217's last potassium in admission 24597018 was 4.2.")
    assert may_have_date("admitted March 4, 2150") and may_have_date("2150-03-04") and may_have_date("10:15")


def test_a_leading_word_boundary_is_hoisted_only_where_every_alternative_has_one():
    from ehr_tui.scoring.text import _hoist_boundary, _top_alternatives

    assert _top_alternatives(r"\ba|\b[|(]x|\b(?:c|d)|\b\|") == [r"\ba", r"\b[|(]x", r"\b(?:c|d)", r"\b\|"]
    assert _top_alternatives(r"[]|]|a") == ["[]|]", "a"]
    assert _hoist_boundary(r"\ba|\b(?:c|d)") == r"\b(?:a|(?:c|d))"
    for kept in (r"\ba|b", r"\ba", r"\ba|", r"\\ba|\bc"):  # "\\b" is a backslash and a b, no boundary
        assert _hoist_boundary(kept) == kept
    hoisted = [f for _, f in FOLDED if f._plain.pattern != f.pattern]
    assert len(hoisted) >= 4  # the long word alternations (the scope words among them)


def test_the_refusal_prefilter_lets_every_refusal_through():
    """``abstention.hinted`` skips the refusal and nothing-found patterns only where neither can match."""
    abstention = importlib.import_module("ehr_tui.scoring.abstention")

    frags = _fragments(abstention._REFUSAL_RE.pattern) + _fragments(abstention._NOTHING_RE.pattern) + \
        ["0", " 0 ", "zero", "Zero rows", "0 results"]
    rnd = random.Random("hinted")
    seen = 0
    for _ in range(6000):
        t = "".join(rnd.choice(frags) + rnd.choice(["", " ", " ", ", "]) for _ in range(rnd.randint(1, 6)))
        if abstention._REFUSAL_RE.re.search(t) or abstention._NOTHING_RE.re.search(t):
            seen += 1
            assert abstention.hinted(t), t
    assert seen > 300, seen


def test_alternatives_grouped_by_first_character_match_where_the_pattern_does():
    from ehr_tui.scoring.text import _first_char_groups, _flat_alternatives

    pat = r"(?:\bmaybe)|(?:\bmight|\bmay be)|probably|perhaps|(?:i|we) think|likely|low confidence|a|b"
    assert _first_char_groups(pat) == r"\bm(?:aybe|ight|ay be)|p(?:robably|erhaps)|i think|we think|" \
                                      r"l(?:ikely|ow confidence)|a|b"  # (?:i|we) think: spread over its words
    assert _flat_alternatives(r"(?:the )?(?:first |last )?transfer|(?:a|b)c|(x)(?:y|z)") == \
        ["the (?:first |last )?transfer", "first transfer", "last transfer", "transfer", "ac", "bc", "(x)(?:y|z)"]
    assert _first_char_groups(r"\b(?:ab|ac|ad|ae|af|ag|ah|b?c)") == r"\b(?:a(?:b|c|d|e|f|g|h)|b?c)"
    assert _first_char_groups(r"\bab|\bac|\bxy|q|r|s|t|u|\b(?:z|y)w") == r"\b(?:a(?:b|c)|xy|zw|yw)|q|r|s|t|u"
    assert _first_char_groups(r"(a)\1|b|c|d|e|f|g|h") == r"(a)\1|b|c|d|e|f|g|h"  # a backreference: left alone
    grouped = [f for _, f in FOLDED if f._find is not f._plain]
    assert len(grouped) >= 6
    rnd = random.Random("starts")
    for f in grouped:  # the same start positions as the pattern as written, on texts of its own words
        frags = _fragments(f.pattern)
        for _ in range(500):
            low = "".join(rnd.choice(frags) + rnd.choice(["", " ", ", "]) for _ in range(rnd.randint(1, 8))).lower()
            starts = [i for i in range(len(low) + 1) if f._plain.match(low, i)]
            assert starts == [i for i in range(len(low) + 1) if f._find.match(low, i)], (f.pattern[:40], low)


def test_the_compound_duration_hint_lets_every_compound_through():
    """numbers._COMPOUND_HINT gates the compound-duration blanking: it must match wherever _COMPOUND_RE does."""
    from ehr_tui.scoring import numbers

    frags = ["3", "4.5", "-2", ".5", "1,234", "2,5", "\u22121", " ", "  ", ",", ", and ", " and ", "and", "days", "d",
             "h", "Hours", "hrs", "min", "m", "s", "secs", "weeks", "wk", "was", "x", "day3", "(", "3d", "4h"]
    rnd = random.Random("compound")
    seen = 0
    for _ in range(20000):
        t = "".join(rnd.choice(frags) for _ in range(rnd.randint(2, 9)))
        if numbers._COMPOUND_RE.search(t):
            seen += 1
            assert numbers._COMPOUND_HINT.search(t), t
    assert seen > 200, seen
    assert not numbers._COMPOUND_HINT.search("in admission 24597018 was 4.2")
