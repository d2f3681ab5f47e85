"""The official titles of ICD codes, for checking what an answer says a code is ("I21.4 (STEMI)").

The CMS code sets the synthetic vocabulary is built from (``mimic.vocabulary.codesets``: ICD-9-CM and
ICD-10-CM diagnoses, ICD-9-CM and ICD-10-PCS procedures, public domain) are read once per process,
on the first code answer whose gloss needs them (about 0.2 s, 171K titles). A code in none of them
(a retired code MIMIC keeps, a DRG, an NDC) has no title here: ``titles`` returns ().
"""

from __future__ import annotations

import functools
import re
import threading

from ..errors import UserError

_SYSTEMS = {"dx9": "diagnosis", "proc9": "procedure", "dx10": "diagnosis", "proc10": "procedure"}
_lock = threading.Lock()
_book: dict[str, list[tuple[str, str]]] | None = None
_families: dict[tuple[str, int], list[str]] | None = None


def _load() -> dict[str, list[tuple[str, str]]]:
    global _book
    with _lock:
        if _book is not None:
            return _book
        from ..mimic.vocabulary import codesets  # the package's files, found the way the synthetic build finds them
        book: dict[str, list[tuple[str, str]]] = {}
        try:
            for name, (_version, rel, encoding) in codesets.FILES.items():
                with open(codesets.data_file(rel), encoding=encoding) as f:
                    for line in f:
                        code, _, title = line.strip().partition(" ")
                        if code and title:
                            book.setdefault(code.upper(), []).append((name, title.strip()))
        except (UserError, OSError):
            book = {}  # no code sets installed: every code is one without a title
        _book = book
        return book


def titles(code: str, question: str = "") -> tuple[str, ...]:
    """The titles a normalised code (no dot, upper case) has in the code sets the question allows: a question
    about a procedure, a diagnosis, ICD-9 or ICD-10 rules the others out."""
    entries = _load().get(code, [])
    kind, version = _asked_system(question)
    picked = [t for name, t in entries if (kind is None or _SYSTEMS[name] == kind) and
              (version is None or name.endswith(version))]
    return tuple(picked or (t for _, t in entries))


@functools.lru_cache(maxsize=4096)
def _asked_system(question: str) -> tuple[str | None, str | None]:
    """(procedure | diagnosis | None, "9" | "10" | None): the code sets a question's words allow (once per question)."""
    q = question.lower()
    kind = "procedure" if "procedure" in q else "diagnosis" if re.search(r"diagnos|\bdx\b|condition", q) else None
    version = "9" if re.search(r"icd[- ]?9", q) else "10" if re.search(r"icd[- ]?10", q) else None
    return kind, version


def siblings(code: str) -> list[tuple[str, str]]:
    """(code, title) of the codes of the same length that differ from ``code`` in its last two characters at
    most (I5022 and I5043 for I5023; J9601 for J9621)."""
    global _families
    book = _load()
    with _lock:
        if _families is None:
            fam: dict[tuple[str, int], list[str]] = {}
            for c in book:
                fam.setdefault((c[:-2], len(c)), []).append(c)
            _families = fam
    return [(c, t) for c in _families.get((code[:-2], len(code)), []) if c != code for _, t in book[c]]


@functools.lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Every word of every title: the words that can say which code an answer means."""
    return frozenset(w for entries in _load().values() for _, t in entries for w in re.findall(r"[a-z0-9]+", t.lower()))
