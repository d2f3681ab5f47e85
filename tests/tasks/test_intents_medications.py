"""Medications templates (issue 12): scale, conventions, honest depth, both answers among boolean candidates,
and gold SQL that follows the stated conventions (case-insensitive drug names, only given doses count)."""

from __future__ import annotations


import duckdb
import pytest

from ehr_tui.tasks import intents
from ehr_tui.tasks.answers import to_jsonable
from ehr_tui.tasks.intents.medications.definitions import ADMINISTERED_EVENTS
from ehr_tui.tasks.leaks import schema_leaks
from ehr_tui.tasks.template import render_sql, used_parameters

MEDS = [t for t in intents.all_templates() if t.intent == "medications"]


def test_levels_phrasings_and_conventions():
    for level in ("patient", "population"):
        assert sum(t.level == level for t in MEDS) >= 25, level
    for t in MEDS:
        assert len(set(t.questions)) >= 3, t.id
    from ehr_tui.tasks.intents import medications

    assert medications.CONVENTIONS and not any(schema_leaks(c) for c in medications.CONVENTIONS)
    assert all(c in intents.conventions() for c in medications.CONVENTIONS)



def _gold_answers(con, t, n=40):
    cur = con.execute(f"SELECT * FROM ({t.params}) c ORDER BY hash(c) LIMIT {n}")
    cols = [d[0] for d in cur.description]
    out = []
    for row in cur.fetchall():
        p = to_jsonable({k: v for k, v in zip(cols, row) if k in used_parameters(t)})
        out.append((p, con.execute(render_sql(t, p)).fetchall()))
    return out


@pytest.mark.parametrize("db_fixture", ["demo_cost_db", "synthetic_db"])
def test_boolean_templates_offer_both_answers(db_fixture, request):
    con = duckdb.connect(str(request.getfixturevalue(db_fixture)), read_only=True)
    try:
        for t in (t for t in MEDS if t.answer == "boolean"):
            answers = {rows[0][0] for _, rows in _gold_answers(con, t) if rows and rows[0][0] is not None}
            assert answers == {True, False}, t.id
    finally:
        con.close()


def test_drug_names_match_whatever_their_case_on_the_order(demo_cost_db):
    """'LORazepam' on an order is the drug 'lorazepam' the question names: counts must include it."""
    con = duckdb.connect(str(demo_cost_db), read_only=True)
    try:
        row = con.execute("""
            SELECT subject_id, drug FROM mimiciv_hosp.prescriptions
            WHERE drug_type = 'MAIN' AND drug <> lower(drug) AND drug <> upper(drug) LIMIT 1""").fetchone()
        assert row, "the demo has mixed-case drug names"
        s, raw = row
        t = intents.get("medications.patient.prescribed_latest_admission")
        hadm = con.execute("SELECT hadm_id FROM mimiciv_hosp.admissions WHERE subject_id = ? "
                           "ORDER BY admittime DESC, hadm_id DESC LIMIT 1", [s]).fetchone()[0]
        expected = con.execute("SELECT count(*) > 0 FROM mimiciv_hosp.prescriptions WHERE hadm_id = ? AND "
                               "drug_type = 'MAIN' AND lower(trim(drug)) = lower(trim(?))", [hadm, raw]).fetchone()[0]
        got = con.execute(render_sql(t, {"subject_id": s, "drug": raw.strip().lower()})).fetchone()[0]
        assert got == expected
    finally:
        con.close()


def test_last_dose_ignores_doses_not_given(demo_cost_db):
    """The time of the last *given* dose, re-derived in Python: 'Not Given' and held doses never count."""
    t = intents.get("medications.patient.emar_last_dose")
    con = duckdb.connect(str(demo_cost_db), read_only=True)
    try:
        # patients whose last eMAR event of a medication was not a given dose: the trap for a naive query
        pairs = con.execute("""
            SELECT subject_id, lower(trim(medication)) AS m FROM mimiciv_hosp.emar WHERE medication IS NOT NULL
            GROUP BY 1, 2 HAVING arg_max(event_txt, charttime) NOT IN (SELECT unnest(?))
               AND count(*) FILTER (WHERE event_txt IN (SELECT unnest(?))) > 0
            ORDER BY 1, 2 LIMIT 5""", [list(ADMINISTERED_EVENTS), list(ADMINISTERED_EVENTS)]).fetchall()
        assert pairs
        for s, m in pairs:
            events = con.execute("SELECT charttime, event_txt FROM mimiciv_hosp.emar WHERE subject_id = ? AND "
                                 "lower(trim(medication)) = ?", [s, m]).fetchall()
            expected = max(ct for ct, ev in events if ev in ADMINISTERED_EVENTS)
            assert con.execute(render_sql(t, {"subject_id": s, "medication": m})).fetchone()[0] == expected
    finally:
        con.close()


def test_rewritten_icu_inputs_do_not_count(demo_cost_db, tmp_path):
    """An input record rewritten as a charting correction (full MIMIC-IV has them, the demo does not) must not
    add to an amount: a copy of a real record marked 'Rewritten' leaves the gold answer unchanged."""
    import shutil

    db = tmp_path / "rewritten.duckdb"
    shutil.copyfile(demo_cost_db, db)
    t = intents.get("medications.patient.icu_total_first_stay")
    con = duckdb.connect(str(db))
    try:
        p, before = _gold_answers(con, t, n=1)[0]
        con.execute("""
            INSERT INTO mimiciv_icu.inputevents
            SELECT ie.* REPLACE ('Rewritten' AS statusdescription, ie.amount * 10 AS amount)
            FROM mimiciv_icu.inputevents ie JOIN mimiciv_icu.d_items d ON d.itemid = ie.itemid
            WHERE ie.subject_id = ? AND d.label = ? AND ie.amountuom = ? LIMIT 1""",
                    [p["subject_id"], p["item"], p["unit"]])
        assert con.execute(render_sql(t, p)).fetchall() == before
    finally:
        con.close()
