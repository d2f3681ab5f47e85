"""Answer scoring moved to ``ehr_tui.scoring`` (kinds, abstention, execution policies, statistics).

This module only re-exports the names older callers import; it holds no rules of its own.
"""

from ..scoring import exact_match, pass_at_k, pass_hat_k, score_task, task_match, to_jsonable

__all__ = ["exact_match", "pass_at_k", "pass_hat_k", "score_task", "task_match", "to_jsonable"]
