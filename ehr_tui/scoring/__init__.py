"""Scoring: the one place that decides whether an answer or a result set is right.

The generator, the runner, ``ehr-tui eval`` / ``compare``, the Debugger and the Runs screen all call
this package; nobody re-implements a comparison. Its parts:

- ``kinds``: what each answer value is (identifier, code, measurement:N, count, boolean, date,
  timestamp, string) and inference of the kinds from a gold query;
- ``abstention``: refusals and non-answers, an outcome of their own;
- ``numbers``, ``dates``, ``values``, ``containers``: reading free text as values, lists, sets and
  tables, and comparing them under their kinds;
- ``answer``: ``score_answer`` -> correct / wrong / abstained, with the parsed answer and the reason;
- ``policies``, ``execution``, ``diff``: execution accuracy of the agent's final SQL under the typed,
  BIRD, Spider test-suite and EHRSQL 2024 rules, and where two result sets differ;
- ``stats``: pass@k / pass^k, bootstrap intervals over tasks, paired tests, the reliability score.

The package sits below ``tasks`` and ``agent`` and above ``mimic``: it knows Task and Trajectory
records only by their fields.
"""

from .abstention import abstention
from .answer import OUTCOMES, AnswerSpec, AnswerVerdict, kinds_of, score_answer, score_task, spec_of
from .diff import ResultDiff, diff_all, diff_results
from .execution import MAX_ROWS, Execution, Outcome, compare_outcomes, outcome_of, run_query
from .jsonable import to_jsonable
from .kinds import KIND_NAMES, Kind, check_kinds, infer_kinds, kinds_for_result, parse_kinds
from .policies import POLICIES, POLICY_NAMES, Rows, compare_results
from .stats import (PENALTIES, Interval, Paired, bootstrap_mean, bootstrap_ratio, paired_difference, pass_at_k,
                    pass_hat_k, reliability)


def exact_match(predicted, gold, answer_type: str, ordered: bool = False, kinds=None) -> bool:
    """Whether ``predicted`` (text or a JSON value) gives ``gold``; kinds are inferred from the gold when not
    given (prefer ``score_task`` with a task, which knows its kinds and question)."""
    k = parse_kinds(kinds) if kinds else infer_kinds(answer_type, "", gold=gold)
    return score_answer(predicted, AnswerSpec(answer_type, k, gold, ordered)).correct


def task_match(predicted, task) -> bool:
    """Whether ``predicted`` is a correct answer to ``task`` (a Task or a trajectory's TaskSnapshot)."""
    return score_task(predicted, task).correct


__all__ = [
    "KIND_NAMES", "OUTCOMES", "PENALTIES", "POLICIES", "POLICY_NAMES", "AnswerSpec", "AnswerVerdict", "Execution",
    "Interval", "Kind", "MAX_ROWS", "Outcome", "Paired", "ResultDiff", "Rows", "abstention", "bootstrap_mean", "bootstrap_ratio",
    "check_kinds", "compare_outcomes", "compare_results", "diff_all", "diff_results", "exact_match", "infer_kinds",
    "kinds_for_result", "kinds_of", "outcome_of", "paired_difference", "parse_kinds", "pass_at_k", "pass_hat_k", "reliability",
    "run_query", "score_answer", "score_task", "spec_of", "task_match", "to_jsonable",
]
