"""Lab and microbiology templates: gold SQL against planted faults, and their shape and balance on the demo.

The planted database holds one patient whose records carry the traps an independent re-derivation found in
MIMIC-IV: a draw during the stay filed under no admission, an emergency-department draw before the admission
time filed under it, an outpatient draw, and a microbiology specimen whose only result is CANCELLED.
"""

from __future__ import annotations

import duckdb
import pytest

from ehr_tui.mimic.schema import create_schemas
from ehr_tui.tasks import intents
from ehr_tui.tasks.template import render_sql

from .intent_checks import check_balance, check_depth_and_shape

INTENT = "labs"
K = {"subject_id": 1, "lab": "Potassium", "fluid": "Blood", "unit": "mEq/L"}


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    db = tmp_path_factory.mktemp("labs_planted") / "planted.duckdb"
    con = duckdb.connect(str(db))
    create_schemas(con)
    con.execute("INSERT INTO mimiciv_hosp.patients VALUES (1, 'F', 60, 2150, '2014 - 2016', NULL)")
    con.execute("""INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime, admission_type,
                   hospital_expire_flag) VALUES
        (1, 10, '2150-01-01 10:00', '2150-01-05 10:00', 'URGENT', 0),
        (1, 11, '2150-03-01 08:00', '2150-03-04 08:00', 'EW EMER.', 0)""")
    con.execute("INSERT INTO mimiciv_hosp.d_labitems VALUES (50971, 'Potassium', 'Blood', 'Chemistry')")
    con.execute("""INSERT INTO mimiciv_hosp.labevents (labevent_id, subject_id, hadm_id, specimen_id, itemid,
                   charttime, valuenum, valueuom, ref_range_lower, ref_range_upper, flag) VALUES
        (1, 1, 11, 101, 50971, '2150-03-01 06:00', 9.9, 'mEq/L', 3.3, 5.1, 'abnormal'),  -- ED, before admission
        (2, 1, NULL, 102, 50971, '2150-03-02 12:00', 6.1, 'mEq/L', 3.3, 5.1, 'abnormal'), -- in the stay, no hadm_id
        (3, 1, 11, 103, 50971, '2150-03-03 12:00', 4.0, 'mEq/L', 3.3, 5.1, NULL),
        (4, 1, NULL, 104, 50971, '2150-02-01 09:00', 3.5, 'mEq/L', 3.3, 5.1, NULL),       -- outpatient
        (5, 1, 10, 105, 50971, '2150-01-02 09:00', 4.4, 'mEq/L', 3.3, 5.1, NULL)""")
    con.execute("""INSERT INTO mimiciv_hosp.microbiologyevents (microevent_id, subject_id, hadm_id,
                   micro_specimen_id, chartdate, spec_itemid, spec_type_desc, test_seq, org_name) VALUES
        (1, 1, 11, 900, '2150-03-02', 70012, 'BLOOD CULTURE', 1, 'CANCELLED'),
        (2, 1, 11, 901, '2150-03-02', 70012, 'BLOOD CULTURE', 1, 'ESCHERICHIA COLI'),
        (3, 1, NULL, 902, '2150-03-03', 70012, 'BLOOD CULTURE', 1, NULL)""")
    con.close()
    con = duckdb.connect(str(db), read_only=True)
    yield con
    con.close()


def gold(con, template_id: str, **params):
    t = intents.get(template_id)
    rows = con.execute(render_sql(t, params)).fetchall()
    return [r[0] for r in rows] if len(rows) != 1 else rows[0][0]


def test_a_result_belongs_to_an_admission_by_draw_time_not_by_its_filed_admission(planted):
    # the 9.9 ED draw is filed under the admission but precedes it; the 6.1 draw is filed under none
    assert gold(planted, "labs.patient.peak_latest_admission", **K) == pytest.approx(6.1)
    assert gold(planted, "labs.patient.hours_to_first_result", **K) == pytest.approx(28.0)
    assert gold(planted, "labs.patient.outpatient_results", **K) == 2


def test_cancelled_is_not_an_organism_and_a_cancelled_only_specimen_was_not_sent(planted):
    spec = {"subject_id": 1, "specimen": "BLOOD CULTURE"}
    assert gold(planted, "labs.patient.organisms_during_admissions", **spec) == "ESCHERICHIA COLI"
    assert gold(planted, "labs.patient.positive_specimens_latest_admission", **spec) == 1
    assert gold(planted, "labs.patient.specimens_sent_latest_admission", subject_id=1) == 2


def test_shape_and_pruned_depth_and_no_cancelled_organism(demo_cost_db):
    tasks = check_depth_and_shape(INTENT, demo_cost_db)
    assert all("CANCELLED" not in str(t.gold_answer).upper() for t in tasks)
    assert intents.labs.CONVENTIONS and all(c in intents.conventions() for c in intents.labs.CONVENTIONS)


@pytest.mark.parametrize("db", ["demo_cost_db", "synthetic_db"])
@pytest.mark.parametrize("template_id", [t.id for t in intents.all_templates()
                                         if t.intent == INTENT and t.answer == "boolean"])
def test_yes_no_questions_can_be_balanced(request, db, template_id):
    check_balance(request.getfixturevalue(db), template_id)


@pytest.mark.parametrize("scores,k,expected", [
    ((9, 7, 5, 3), 2, ["a", "b"]),  # no tie: the k keys in order
    ((9, 7, 7, 3), 3, []),          # a tie inside the top k: the order is arbitrary, no answer
    ((9, 7, 7, 3), 2, []),          # a tie at the cut: membership is arbitrary, no answer
    ((9, 7, 5, 5), 2, ["a", "b"]),  # a tie below the cut does not matter
])
def test_ordered_top_k_answers_exist_only_without_ties(scores, k, expected):
    from ehr_tui.tasks.intents._common import top_k_untied

    values = ", ".join(f"('{key}', {s})" for key, s in zip("abcd", scores))
    sql = (f"WITH src AS (SELECT * FROM (VALUES {values}) v(name, n)), "
           + top_k_untied("src", "name").replace("{k}", str(k)))
    assert [r[0] for r in duckdb.connect().execute(sql).fetchall()] == expected
