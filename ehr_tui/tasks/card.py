"""The benchmark's datasheet (``ehr-tui tasks card``): Markdown computed from a tasks file.

Every figure comes from the file (and its generation report, when present), the conventions and
intent descriptions from the code that generated it, so the datasheet cannot drift from the file a
user publishes. Limitations are listed where the figures show them (a goal not met, a template
without tasks, a split leak), beside the ones every generated benchmark has.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from pathlib import Path

from . import intents, stats
from .gold import DROP_REASONS
from .model import INTENTS, LEVELS, SPLITS, Task

COMPLEXITY_GOAL = 30      # mean pruned components per query (EHR-Complex reports 31.93)
TEMPLATES_PER_CATEGORY = 25


def _row(*cells) -> str:
    return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"


def _table(head: tuple, rows: list[tuple]) -> list[str]:
    return [_row(*head), _row(*("---" for _ in head)), *(_row(*r) for r in rows), ""]


def datasheet(tasks: list[Task], path: Path, report: dict | None) -> str:
    sha = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    dbs = Counter((t.db.get("source", "?"), t.db.get("version", "?")) for t in tasks)
    by_cat: dict[tuple[str, str], set[str]] = defaultdict(set)
    for t in tasks:
        by_cat[(t.intent, t.level)].add(t.template_id)
    known = {t.id: t for t in intents.all_templates()}
    used = {t.template_id for t in tasks}
    limits: list[str] = []
    out = [f"# Datasheet: {Path(path).name}", "",
           f"{len(tasks):,} tasks from {len(used)} templates, file sha256 {sha}…; gold answers computed on "
           + ", ".join(f"{src} {ver}" for (src, ver), _ in dbs.most_common())
           + (f" (generation seed {report['seed']}, {report['n']:,} tasks asked for)" if report else "") + ".", ""]

    out += ["## Intents", ""]
    rows = []
    for i in INTENTS:
        n = {lv: sum(1 for t in tasks if t.intent == i and t.level == lv) for lv in LEVELS}
        rows.append((i, intents.description(i), *(f"{n[lv]:,} ({len(by_cat[(i, lv)])})" for lv in LEVELS)))
    out += _table(("intent", "covers", *(f"{lv} tasks (templates)" for lv in LEVELS)), rows)

    out += ["## Templates", ""]
    phrasings = [len(known[tid].questions) for tid in used if tid in known]
    types = Counter(t.answer_type for t in tasks)
    out += [f"- {len(used)} templates contributed tasks"
            + (f"; {min(phrasings)}-{max(phrasings)} phrasings each (mean {sum(phrasings) / len(phrasings):.1f}), "
               "one chosen per task by the seed" if phrasings else "") + ".",
            "- answer types: " + ", ".join(f"{k} {n:,}" for k, n in types.most_common()) + ".", ""]
    thin = [f"{i}/{lv} ({len(by_cat[(i, lv)])})" for i in INTENTS for lv in LEVELS
            if len(by_cat[(i, lv)]) < TEMPLATES_PER_CATEGORY]
    if thin:
        limits.append(f"fewer than {TEMPLATES_PER_CATEGORY} templates in " + ", ".join(thin) + ".")
    missing = sorted(set(known) - used)
    if missing:
        why = (report or {}).get("skipped", {})
        limits.append(f"{len(missing)} template(s) of this ehr-tui made no task in this file"
                      + (": " + "; ".join(f"{m} ({why[m]})" for m in missing[:8] if m in why) if why else "")
                      + ("; ..." if len(missing) > 8 else "") + ".")

    out += ["## Conventions", "",
            "Agents are told these in the system prompt; questions do not repeat them.", ""]
    out += [f"- {c}" for c in intents.conventions()] or ["- (none declared)"]
    out += [""]

    sp = stats.split_report(tasks)
    out += ["## Split", "",
            "Train/test is assigned by template *family*: templates that ask one question in variations "
            "(first / last / max of one value, the same gold-SQL skeleton, or near-identical pruned SQL) "
            "are on one side, so no test template has a train twin.", ""]
    out += _table(("split", "templates", "tasks", *INTENTS),
                  [(s, len(sp.templates.get(s, ())), f"{sum(v for k, v in sp.tasks.items() if k[2] == s):,}",
                    *(f"{sum(sp.tasks[(i, lv, s)] for lv in LEVELS):,}" for i in INTENTS)) for s in SPLITS])
    if sp.shared_shapes:
        limits.append(f"split leak: {len(sp.shared_shapes)} gold-SQL shape(s) occur in both splits (e.g. "
                      f"{sp.shared_shapes[0][1]} and {sp.shared_shapes[0][2]}).")
    else:
        out += ["Leak check: no gold-SQL shape (literals, aggregate names, sort directions, comparisons and "
                "first/last markers blanked) occurs in both splits.", ""]

    groups = stats.complexity_groups(tasks)
    out += ["## Complexity", "",
            "Structural SQL components per gold query (sqlglot), counted after the optimizer has removed unused "
            "columns and CTEs; the as-written count is beside it.", ""]
    out += _table(("group", "tasks", "mean", "median", "p10", "p90", "as written"),
                  [(g, f"{d.n:,}", f"{d.mean:.2f}", f"{d.median:g}", f"{d.p10:g}", f"{d.p90:g}",
                    "-" if d.written_mean is None else f"{d.written_mean:.2f}")
                   for g, d in groups if d is not None and "/" not in g])
    mean = groups[0][1].mean
    if mean < COMPLEXITY_GOAL:
        limits.append(f"mean pruned complexity is {mean:.1f}, below the goal of {COMPLEXITY_GOAL} "
                      "(EHR-Complex reports 31.93).")

    bal = stats.balance(tasks)
    counted = [b for b in bal if b.tasks >= stats.BALANCE_MIN_TASKS]
    over = [b for b in counted if b.over]
    booleans = [b for b in counted if b.boolean_true is not None]
    out += ["## Answer balance", "",
            "Parameters are sampled so that no answer value holds more than half of a template's tasks "
            f"(promise: at most {stats.BALANCE_LIMIT:.0%}); boolean templates alternate yes and no.", "",
            f"- {len(counted)} templates with at least {stats.BALANCE_MIN_TASKS} tasks; worst top-answer share "
            f"{max((b.top_share for b in counted), default=0):.0%}; {len(over)} over {stats.BALANCE_LIMIT:.0%}."]
    if booleans:
        yes = sum(b.boolean_true * b.tasks for b in booleans) / sum(b.tasks for b in booleans)
        out += [f"- boolean templates: {len(booleans)}, {yes:.0%} yes overall."]
    out += [""]
    if over:
        limits.append("answer imbalance over the promise in " + ", ".join(
            f"{b.template_id} ({b.top_share:.0%} {b.top_value})" for b in over[:8]) + ".")
    few = [b.template_id for b in bal if b.tasks < stats.BALANCE_MIN_TASKS]
    if few:
        limits.append(f"{len(few)} template(s) have fewer than {stats.BALANCE_MIN_TASKS} tasks (balance cannot "
                      "show there; often a template whose answers are nearly all alike on this database).")

    out += ["## Gold answers", "",
            "Each task stores its own gold SQL and the answer it returns. Answers are computed set-based and "
            "re-checked: every task is asked under both extreme orders of tied rows and with rounding midpoints "
            "probed, a sample per template re-runs its own SQL alone, and order-sensitive SQL the checks cannot "
            "rewrite runs again under another thread count and row order. A candidate whose answer is not unique "
            "and stable is dropped.", ""]
    if report and report.get("drop_reasons"):
        out += _table(("dropped because", "candidates", "meaning"),
                      [(r, f"{n:,}", DROP_REASONS.get(r, "")) for r, n in report["drop_reasons"].items()])
    else:
        out += ["(No generation report beside the file: drop counts unknown.)", ""]

    if any(src == "synthetic" for src, _ in dbs):
        limits.append("answers on a synthetic database are facts about generated data, not clinical findings.")
    if any(src == "demo" for src, _ in dbs):
        limits.append("the MIMIC-IV demo has 100 patients and no chartevents: vital-sign tasks come from OMR "
                      "there, and population figures are not representative.")
    limits += ["questions are generated from templates: their wording is varied but not free clinical text.",
               "a gold answer is right for the database it was computed on; run agents against the same file "
               "(the tasks record its source and version)."]
    out += ["## Known limitations", ""] + [f"- {x}" for x in limits] + [""]
    return "\n".join(out)
