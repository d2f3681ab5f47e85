"""``text.Folded``: the fast search of a re.IGNORECASE pattern finds exactly what the pattern finds."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from ehr_tui.scoring.text import Folded

_MODULES = [importlib.import_module(f"ehr_tui.scoring.{m}") for m in
            ("abstention", "answer", "containers", "dates", "numbers", "text", "units", "values")]
FOLDED = sorted({id(v): (f"{m.__name__.rsplit('.', 1)[1]}.{k}", v) for m in _MODULES for k, v in vars(m).items()
                 if isinstance(v, Folded)}.values(), key=lambda x: x[0])
_ODD = ["\u0130", "\u0131", "\u017f", "\u212a", "\u00df", "\u00c9", "\u00b5", "\u03a3", "\u2265", "\u2212", "\u00a0",
        "\n", "  ", "*", "(", ")", "[", "]", ":", "=", "~", "#", "?", ".", "5", "12.5", "2150", "10001217"]


def _fragments(pattern: str) -> list[str]:
    words = re.findall(r"[a-z][a-z' ]*[a-z]|[a-z]", re.sub(r"\\[a-zA-Z]", " ", pattern))
    return words + [w.upper() for w in words] + [w.title() for w in words] + _ODD


@pytest.mark.parametrize("name,folded", FOLDED, ids=[n for n, _ in FOLDED])
def test_folded_search_is_the_re_i_search(name, folded):
    rnd = random.Random(hash(name) & 0xFFFF)
    frags = _fragments(folded.pattern)
    for _ in range(3000):
        t = "".join(rnd.choice(frags) + rnd.choice(["", " ", " ", ", "]) for _ in range(rnd.randint(0, 8)))
        got, want = folded.search(t), folded.re.search(t)
        assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups())), (t, got, want)


def test_folded_refuses_patterns_it_cannot_search_exactly():
    for bad in (r"\bMore\b", "\u00b5g", r"[A-Z]+"):
        with pytest.raises(ValueError):
            Folded(bad)
