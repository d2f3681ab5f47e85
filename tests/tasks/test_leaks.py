"""No phrasing names a table or column of the schema (issue 12): a question must not spell out its SQL."""

import pytest

from ehr_tui.tasks import intents
from ehr_tui.tasks.leaks import ALLOWED, schema_leaks

# Intents whose phrasings have been rewritten in clinical words; every intent once all are done.
CLEAN_INTENTS: list[str] = ["medications", "cost"]


def test_the_checker_finds_columns_and_tables_but_not_allowed_words_or_placeholders():
    assert schema_leaks("Which curr_service did the patient have (admission_type contains {x})?") == [
        "curr_service", "admission_type"]
    assert schema_leaks("How much insulin was given in inputevents?") == ["inputevents"]
    assert schema_leaks("What is patient {subject_id}'s insurance and gender?") == []
    assert "gender" in ALLOWED and "hadm_id" not in ALLOWED


@pytest.mark.parametrize("intent", CLEAN_INTENTS)
def test_no_phrasing_names_a_table_or_column(intent):
    bad = [(t.id, q, schema_leaks(q)) for t in intents.all_templates() if t.intent == intent
           for q in t.questions if schema_leaks(q)]
    assert not bad, "\n".join(f"{tid}: {words} in {q!r}" for tid, q, words in bad)
