"""Verdict snapshot: score every answer of the scoring corpora (and case / Unicode variants of each) and write
(outcome, parsed, detail, readable) per answer, to check that a speed change leaves every verdict identical.

    PYTHONPATH=<tree> .venv/bin/python bench/verdict_snapshot.py OUT.json      # record
    PYTHONPATH=<tree> .venv/bin/python bench/verdict_snapshot.py --check BASE.json
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH: the tree under test comes first
import ehr_tui  # noqa: E402
from ehr_tui.scoring import AnswerSpec, parse_kinds, score_answer  # noqa: E402


def spec(shape, gold, question=""):
    answer_type, _, kinds = shape.partition("/")
    return AnswerSpec(answer_type, parse_kinds(kinds.rstrip("!^").split(",")), gold, ordered="^" in kinds,
                      empty_answer="!" in kinds, question=question)


def entries():
    from tests.scoring.corpus import CORPUS
    from tests.scoring.corpus_adversarial import CASES
    from tests.scoring.test_graded_corpora import ENTRIES
    from tests.scoring.test_round_classes import ENTRIES as ROUNDS
    return [("corpus", e) for e in CORPUS] + [("adversarial", e) for e in CASES] + list(ENTRIES) + \
        [(f"round{r}", e) for r, e in ROUNDS]


def variants(text):
    if not isinstance(text, str):
        return [text]
    return [text, text.upper(), text.lower(), text.swapcase(), "\u0130 " + text, text + " \u0130\u0130",
            "\u00df" + text, "Stra\u00dfe " + text.upper(), text.replace(" ", "\u00a0"), "K\u212a " + text]


def record():
    rows = []
    for src, (text, shape, gold, expected, *q) in entries():
        question = q[0] if q else ""
        for i, t in enumerate(variants(text)):
            v = score_answer(t, spec(shape, gold, question))
            rows.append({"src": src, "variant": i, "text": repr(t), "shape": shape, "gold": repr(gold),
                         "question": question, "verdict": [v.outcome, repr(v.parsed), v.detail, v.readable]})
    return rows


def main():
    print("scoring from", ehr_tui.__file__)
    rows = record()
    if sys.argv[1] == "--check":
        base = json.loads(Path(sys.argv[2]).read_text())
        key = lambda r: (r["src"], r["text"], r["shape"], r["gold"], r["question"])  # noqa: E731
        have = {key(r): r["verdict"] for r in rows}
        bad = missing = 0
        for r in base:
            k = key(r)
            if k not in have:
                missing += 1
            elif have[k] != r["verdict"]:
                bad += 1
                print("DIFF", k, "\n  base", r["verdict"], "\n  now ", have[k])
        print(f"{len(base)} baseline verdicts, {len(rows)} now, {bad} differ, {missing} missing")
        return 1 if bad or missing else 0
    Path(sys.argv[1]).write_text(json.dumps(rows, indent=0))
    print(f"{len(rows)} verdicts written to {sys.argv[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
