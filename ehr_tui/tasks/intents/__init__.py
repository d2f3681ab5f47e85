"""The six clinical intents, one module each; every module exposes ``TEMPLATES``.

**The train/test split is by template family**, so a test template has no near-twin in training.
A split unit joins the templates that are variations of one question (see ``split_units``):

- the templates of one declared ``Template.family`` (first / last / max of one value), and
- templates whose gold SQL has the same *skeleton*: the SQL with literals, aggregate names
  (min/max/avg/...), sort directions, comparison operators and the first/last admission or stay
  markers blanked out, so "latest code" and "first code" fall together even without a label;
- templates of one intent whose skeletons, taken after sqlglot has pruned unused CTE columns,
  share at least ``TWIN_SIMILARITY`` of their tokens (weighted Jaccard): one question asked with
  one more join or one other output column;
- templates of one level whose pruned skeletons agree in ``STRUCTURE_TWIN_SIMILARITY`` of their
  tokens with every table and column name blanked: one question over another unit ("% of admissions"
  and "% of ICU stays" with a drug started early);
- templates named as one measure of another subgroup (``median_cost_by_gender`` and
  ``median_cost_by_admission_type``, ``mean_cost_with_diagnosis``): the same question with
  another filter, which the SQL similarity misses where a shared scaffold differs in one join;
- templates of any intent whose names are equal once first / latest / last / earliest are
  dropped (``readmitted_after_condition`` and ``readmitted_after_first_condition``): one
  clinical question filed under two intents;
- templates whose names are equal once the event they ask about (drug, icu, lab, procedure, ...)
  is blanked (``hours_to_drug_first_condition`` and ``hours_to_icu_first_condition``).

Pruning costs ~10 ms a template, so the units are cached in HOME/cache, keyed by the templates.

Within each intent the units are ranked by the SHA-1 of their name and taken into the test split in
that order while they fit: each intent x level category gets about ``TEST_FRACTION`` of its
templates (at least one) as test templates. The assignment depends only on the templates.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from functools import lru_cache

from ... import paths
from ..model import INTENTS, LEVELS
from ..template import Template
from . import cost, demographics, diagnoses, labs, medications, vitals

TEST_FRACTION = 0.1
_MODULES = {"demographics": demographics, "vitals": vitals, "medications": medications, "cost": cost,
            "labs": labs, "diagnoses": diagnoses}
assert tuple(_MODULES) == INTENTS


@lru_cache(maxsize=1)
def all_templates() -> tuple[Template, ...]:
    """Every template, by intent then id; raises if two share an id or one is malformed."""
    out, seen = [], set()
    for intent, module in _MODULES.items():
        for t in sorted(module.TEMPLATES, key=lambda t: t.id):
            problems = t.problems()
            if t.intent != intent:
                problems.append(f"listed in intents/{intent}.py but its id says {t.intent}")
            if t.id in seen:
                problems.append("duplicate id")
            if problems:
                raise ValueError(f"template {t.id}: {'; '.join(problems)}")
            seen.add(t.id)
            out.append(t)
    return tuple(out)


_AGGREGATES = re.compile(r"\b(min|max|avg|mean|sum|count|median|first|last|any_value|arg_max|arg_min|max_by|min_by|"
                         r"mode|stddev\w*|var\w*|quantile\w*|bool_or|bool_and)\b", re.IGNORECASE)
_DIRECTIONS = re.compile(r"\b(ASC|DESC)\b", re.IGNORECASE)
_COMPARISONS = re.compile(r"<=|>=|<>|!=|<|>")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
_TOKEN = re.compile(r"\w+|[^\s\w]")
_ORDINALS = re.compile(r"\b(adm|stay|seq)_(no|rev|num|first|last)\b|\b(first|last|latest|earliest)_\w+", re.IGNORECASE)


def skeleton(sql: str) -> str:
    """The gold SQL with what distinguishes near-twins blanked out (see the module docstring)."""
    from ..complexity import shape

    text = shape(sql)
    text = _AGGREGATES.sub("AGG", text)
    text = _DIRECTIONS.sub("", text)
    text = _COMPARISONS.sub("CMP", text)
    text = _ORDINALS.sub("ORD", text)
    return " ".join(text.split())


TWIN_SIMILARITY = 0.9
# the same similarity with every table and column name blanked: one question over another unit ("% of
# admissions" and "% of ICU stays" with a drug started early), across intents too
STRUCTURE_TWIN_SIMILARITY = 0.99
_KEYWORDS: frozenset[str] | None = None


def _structure(tokens: Counter) -> Counter:
    global _KEYWORDS
    if _KEYWORDS is None:
        import sqlglot

        _KEYWORDS = frozenset(k.lower() for k in sqlglot.tokens.Tokenizer.KEYWORDS) | {"agg", "cmp", "ord"}
    out: Counter = Counter()
    for t, n in tokens.items():
        out["name" if re.fullmatch(r"[a-z_][a-z0-9_]*", t) and t not in _KEYWORDS else t] += n
    return out


def _pruned_tokens(sql: str) -> Counter:
    import sqlglot

    from ..complexity import prune

    text = _PLACEHOLDER.sub(lambda m: f"'__{m.group(1)}'", sql)
    try:
        text = prune(sqlglot.parse_one(text, read="duckdb")).sql(dialect="duckdb")
    except (sqlglot.errors.SqlglotError, ValueError):
        pass
    return Counter(_TOKEN.findall(skeleton(text).lower()))


def _similarity(a: Counter, b: Counter) -> float:
    union = sum((a | b).values())
    return sum((a & b).values()) / union if union else 0.0


_TWINS: dict[str, list[tuple[str, str]]] = {}  # by digest: computed or read once a process


def _twins() -> list[tuple[str, str]]:
    """Pairs of same-intent templates whose pruned skeletons are near-identical (cached on disk)."""
    ts = all_templates()
    digest = hashlib.sha1(repr(["v2", STRUCTURE_TWIN_SIMILARITY, [(t.id, t.sql) for t in ts]]).encode()).hexdigest()[:16]
    if digest in _TWINS:
        return list(_TWINS[digest])
    cache = paths.home() / "cache" / f"template-twins-{digest}.json"
    try:
        _TWINS[digest] = [tuple(p) for p in json.loads(cache.read_text(encoding="utf-8"))]
        return list(_TWINS[digest])
    except (OSError, ValueError):
        pass
    tokens = {t.id: _pruned_tokens(t.sql) for t in ts}
    shapes = {tid: _structure(tok) for tid, tok in tokens.items()}
    pairs = []
    for i, a in enumerate(ts):
        for b in ts[i + 1:]:
            if a.intent == b.intent and _similarity(tokens[a.id], tokens[b.id]) >= TWIN_SIMILARITY or \
                    a.level == b.level and _similarity(shapes[a.id], shapes[b.id]) >= STRUCTURE_TWIN_SIMILARITY:
                pairs.append((a.id, b.id))
    _TWINS[digest] = pairs
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(pairs), encoding="utf-8")
    except OSError:
        pass  # a read-only home only costs the recomputation next time
    return list(pairs)


_SUBGROUP = re.compile(r"^(.+?)_(?:by|with|among|for)_.+$")
# the event a name asks about: one question asked of another event is a twin
_EVENTS = frozenset("drug icu lab procedure culture organism vital diagnosis transfer".split())
_ENDS = re.compile(r"(?:^|_)(?:first|latest|last|earliest|most_recent)(?=_|$)")


def _name_keys(t: Template) -> list[str]:
    """Split-unit keys from a template's name: its measure where the name adds a subgroup ("mean_cost" of
    "mean_cost_by_insurance"), and the name without first / latest / last markers, across intents."""
    name = t.id.split(".", 2)[-1]
    keys = [f"name:{t.level}:{_ENDS.sub('', name).strip('_')}"]
    parts = name.split("_")
    if any(p in _EVENTS for p in parts):  # hours_to_drug_first_condition ~ hours_to_icu_first_condition
        keys.append(f"event:{t.level}:{'_'.join('*' if p in _EVENTS else p for p in parts)}")
    m = _SUBGROUP.match(name)
    if m:
        keys.append(f"subgroup:{t.level}:{m.group(1)}")
    return keys


@lru_cache(maxsize=1)
def split_units() -> dict[str, tuple[str, ...]]:
    """Split unit name -> its template ids: declared families, same skeletons and near-twins joined."""
    ts = all_templates()
    parent = {t.id: t.id for t in ts}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    first_of: dict[str, str] = {}
    for t in ts:
        for key in (f"family:{t.family_id}", f"skeleton:{skeleton(t.sql)}", *_name_keys(t)):
            if key in first_of:
                union(first_of[key], t.id)
            else:
                first_of[key] = t.id
    for a, b in _twins():
        if a in parent and b in parent:
            union(a, b)
    groups: dict[str, list[str]] = defaultdict(list)
    for t in ts:
        groups[find(t.id)].append(t.id)
    by_id = {t.id: t for t in ts}
    out = {}
    for members in groups.values():
        families = sorted({by_id[m].family_id for m in members})
        out[families[0] if len(families) == 1 else "+".join(families[:3]) + ("+..." if len(families) > 3 else "")] = \
            tuple(sorted(members))
    return out


@lru_cache(maxsize=1)
def splits() -> dict[str, str]:
    """template id -> "train" | "test" (see the module docstring)."""
    by_id = {t.id: t for t in all_templates()}
    size: Counter = Counter(t.category for t in all_templates())
    target = {cat: max(1, round(TEST_FRACTION * n)) for cat, n in size.items()}
    test_n: Counter = Counter()
    out = {tid: "train" for tid in by_id}
    per_intent: dict[str, list[tuple[str, tuple[str, ...]]]] = defaultdict(list)
    for name, members in split_units().items():
        per_intent[by_id[members[0]].intent].append((name, members))
    for units in per_intent.values():
        units.sort(key=lambda u: hashlib.sha1(u[0].encode()).hexdigest())
        for _, members in units:
            cats = Counter(by_id[m].category for m in members)
            if not any(test_n[c] < target[c] for c in cats):
                continue  # adds nothing a category still needs
            if any(test_n[c] + k > target[c] + max(1, target[c] // 2) or k >= size[c] for c, k in cats.items()):
                continue  # would overshoot a category (or empty its train side)
            for m in members:
                out[m] = "test"
            test_n.update(cats)
    return out


def by_category() -> dict[tuple[str, str], list[Template]]:
    out: dict[tuple[str, str], list[Template]] = {(i, lv): [] for i in INTENTS for lv in LEVELS}
    for t in all_templates():
        out[(t.intent, t.level)].append(t)
    return out


def description(intent: str) -> str:
    """One line on what an intent covers: the first sentence-line of its module's docstring."""
    doc = (_MODULES[intent].__doc__ or "").strip()
    return " ".join(doc.split("\n\n")[0].split())


def conventions() -> list[str]:
    """The benchmark's documented conventions, in clinical words, for agents' system prompts.

    Where a question's answer is only unique under a convention (how age is counted, which
    admission is "first"), the convention is stated once here rather than inside every question.
    Each intent module may define ``CONVENTIONS``; duplicates are listed once, in module order.
    """
    out: list[str] = []
    for module in _MODULES.values():
        for c in getattr(module, "CONVENTIONS", ()):
            if c not in out:
                out.append(c)
    return out


def get(template_id: str) -> Template:
    for t in all_templates():
        if t.id == template_id:
            return t
    raise KeyError(f"no template {template_id!r}")
