"""The generator parses a template's output columns once per template and query shape (generate._outputs), not
once per task: that holds only where a parameter never changes an output (a rounding, a cast, a name). Every
template is checked here with two different fillings of its parameters."""

from __future__ import annotations

import re

import pytest

from ehr_tui.scoring.kinds import sql_outputs
from ehr_tui.tasks import complexity, intents

TEMPLATES = intents.all_templates()
_TYPED = re.compile(r"\b(TIMESTAMP|DATE|TIME)\s+\{[A-Za-z_]\w*\}", re.IGNORECASE)
_SLOT = re.compile(r"\{[A-Za-z_]\w*\}")
_TYPED_VALUES = {"timestamp": ("TIMESTAMP '2150-01-01 00:00:00'", "TIMESTAMP '2151-06-02 12:30:00'"),
                 "date": ("DATE '2150-01-01'", "DATE '2151-06-02'"), "time": ("TIME '00:00:00'", "TIME '12:30:00'")}


def _filled(sql: str, which: int) -> str:
    sql = _TYPED.sub(lambda m: _TYPED_VALUES[m.group(1).lower()][which], sql)
    return _SLOT.sub(("1", "2")[which], sql)


@pytest.mark.parametrize("t", TEMPLATES, ids=[t.id for t in TEMPLATES])
def test_a_templates_outputs_do_not_depend_on_its_parameters(t):
    a, b = _filled(t.sql, 0), _filled(t.sql, 1)
    assert complexity.shape(a) == complexity.shape(b)
    assert sql_outputs.__wrapped__(a) == sql_outputs.__wrapped__(b), t.id


def test_the_check_sees_a_parameter_in_an_outputs_rounding():
    sql = "SELECT round(avg(valuenum), {digits}) AS mean_value FROM labevents WHERE itemid = {itemid}"
    assert sql_outputs.__wrapped__(_filled(sql, 0)) != sql_outputs.__wrapped__(_filled(sql, 1))
