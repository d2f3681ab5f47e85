"""Scoring throughput: the typed scorer (``ehr_tui.scoring``) against the scorer it replaced, in one run.
Goal: the rigour costs no more than 2x.

Answers/s: every answer of the graded corpus (tests/scoring/corpus.py, 236 answers over all kinds) scored
against its gold. New: ``score_answer`` with the task's AnswerSpec built once per task (as ``spec_of`` does
for a run); old: ``exact_match(text, gold, answer_type)``. No verdict cache on either side.

Comparisons/s: result sets (1-40 rows, 2-3 columns of identifiers, codes, measurements and text; half equal
to the gold in another row order, half with one cell changed). New: ``compare_results`` (all four policies:
typed, BIRD, Spider test-suite, EHRSQL 2024); old: the one comparison it had, ``exact_match(rows, gold,
"table")``.

The old scorer is loaded at run time from git history (``ehr_tui/tasks/answers.py`` at BASELINE_COMMIT), not
kept in the tree. Rounds alternate old / new (``_common.interleaved``) so load on a shared machine hits both.

    .venv/bin/python bench/bench_scoring.py [--repeat 5] [--sets 400]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, console, interleaved_rounds, paired_ratio, report  # noqa: E402

from ehr_tui.scoring import AnswerSpec, Rows, compare_results, parse_kinds, score_answer  # noqa: E402

BASELINE_COMMIT = "b71fdd1"  # main before the scoring package: the last ehr_tui/tasks/answers.py with rules
sys.path.insert(0, str(ROOT))
from tests.scoring.corpus import CORPUS  # noqa: E402


def old_scorer() -> types.ModuleType:
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{BASELINE_COMMIT}:ehr_tui/tasks/answers.py"],
                         check=True, capture_output=True, text=True).stdout
    mod = types.ModuleType("old_answers")
    exec(compile(src, "old_answers.py", "exec"), mod.__dict__)
    return mod


def corpus_specs() -> list[tuple[str, str, object, AnswerSpec]]:
    out = []
    for text, shape, gold, _expected, *q in CORPUS:
        answer_type, _, kinds = shape.partition("/")
        spec = AnswerSpec(answer_type, parse_kinds(kinds.rstrip("!").split(",")), gold,
                          empty_answer=kinds.endswith("!"), question=q[0] if q else "")
        out.append((text, answer_type, gold, spec))
    return out


def result_sets(n: int, seed: int = 0) -> list[tuple[Rows, Rows, list, list]]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        rows = []
        for _ in range(rnd.randint(1, 40)):
            rows.append([rnd.randint(20_000_000, 29_999_999), rnd.choice(["4280", "4019", "I509", "E119"]),
                         round(rnd.uniform(0, 200), 2)])
        pred = [r[:] for r in rows]
        rnd.shuffle(pred)
        if i % 2:
            pred[0][2] = round(pred[0][2] + 0.01, 2)
        cols = ["hadm_id", "icd_code", "value"]
        out.append((Rows.of(cols, pred), Rows.of(cols, rows), pred, rows))
    return out


KINDS = parse_kinds(["identifier", "code", "measurement:2"])
SQL = "SELECT hadm_id, icd_code, round(value, 2) AS value FROM t"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=15, help="interleaved rounds (medians reported)")
    ap.add_argument("--sets", type=int, default=400, help="result-set pairs to compare")
    args = ap.parse_args()
    old = old_scorer()
    answers = corpus_specs()
    sets = result_sets(args.sets)

    def old_answers():
        for text, answer_type, gold, _ in answers:
            old.exact_match(text, gold, answer_type)

    def new_answers():
        for text, _, _, spec in answers:
            score_answer(text, spec)

    def new_answers_with_specs():  # the spec built per answer too (no per-task reuse)
        for text, _, _, spec in answers:
            score_answer(text, AnswerSpec(spec.answer_type, spec.kinds, spec.gold, spec.ordered, spec.empty_answer,
                                          spec.question))

    def old_sets():
        for _, _, pred, gold in sets:
            old.exact_match(pred, gold, "table")

    def new_sets():
        for p, g, _, _ in sets:
            compare_results(p, g, gold_sql=SQL, kinds=KINDS, answer_type="table", ordered=False)

    rounds = interleaved_rounds([old_answers, new_answers, new_answers_with_specs, old_sets, new_sets],
                                repeat=args.repeat)
    t = [statistics.median(r) for r in rounds]
    r = {i: paired_ratio(rounds[i], rounds[0 if i < 3 else 3]) for i in (1, 2, 4)}
    n_a, n_s = len(answers), len(sets)
    rows = [
        ("answers: old exact_match", f"{n_a / t[0]:,.0f}", "1.00x"),
        ("answers: score_answer (spec per task)", f"{n_a / t[1]:,.0f}", f"{r[1]:.2f}x"),
        ("answers: score_answer + spec per answer", f"{n_a / t[2]:,.0f}", f"{r[2]:.2f}x"),
        ("result sets: old exact_match(table)", f"{n_s / t[3]:,.0f}", "1.00x"),
        ("result sets: compare_results (4 policies)", f"{n_s / t[4]:,.0f}", f"{r[4]:.2f}x"),
    ]
    report(f"scoring throughput ({n_a} corpus answers, {n_s} result sets; per second: median of {args.repeat} "
           "interleaved rounds; time vs old: median of the per-round ratios)", rows,
           ("scorer", "per second", "time vs old"))
    worst = max(r[1], r[4])
    ok = worst <= 2.0
    console.print(f"[{'green' if ok else 'red'}]cost of the rigour: {worst:.2f}x the old scorer "
                  f"(goal <= 2x)[/]")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
