"""Cost templates (issue 12): every one prices something with the cost schedule, the gold SQL's admission cost
agrees with an independent re-derivation in Python, unpriced admissions are left out, and depth is honest."""

from __future__ import annotations

import re

import duckdb
import pytest

from ehr_tui.tasks import intents
from ehr_tui.tasks.cost import ICD9_CHAPTERS, ICD10_SECTIONS
from ehr_tui.tasks.leaks import schema_leaks
from ehr_tui.tasks.template import render_sql

COST = [t for t in intents.all_templates() if t.intent == "cost"]


def test_levels_phrasings_and_conventions():
    for level in ("patient", "population"):
        assert sum(t.level == level for t in COST) >= 25, level
    for t in COST:
        assert len(set(t.questions)) >= 3, t.id
    from ehr_tui.tasks.intents import cost

    assert cost.CONVENTIONS and not any(schema_leaks(c) for c in cost.CONVENTIONS)
    assert all(c in intents.conventions() for c in cost.CONVENTIONS)


def test_every_cost_template_prices_with_the_schedule():
    for t in COST:
        assert "ehr_tui_ref." in t.sql and t.needs == ("cost_schedule",), t.id



def _fee(icd_version: int, code: str) -> float:
    """The schedule's procedure fee, from the constants in tasks/cost.py rather than the installed table."""
    if icd_version == 9:
        prefix = int(code[:2])
        return next(fee for lo, hi, _, fee in ICD9_CHAPTERS if lo <= prefix <= hi)
    return next(fee for ch, _, fee in ICD10_SECTIONS if code.startswith(ch))


def _python_costs(con, subject_id: int) -> dict[int, float]:
    """Cost of each priced admission of one patient, re-derived row by row in Python."""
    drg = {}
    for hadm, code in con.execute("SELECT hadm_id, drg_code FROM mimiciv_hosp.drgcodes WHERE subject_id = ? "
                                  "AND drg_type = 'HCFA'", [subject_id]).fetchall():
        weight = round(0.5 + ((int(code) * 37) % 41) / 10, 1)
        drg[hadm] = drg.get(hadm, 0.0) + round(6500.0 * weight, 2)
    costs = dict(drg)
    for hadm, version, code in con.execute("SELECT hadm_id, icd_version, icd_code FROM mimiciv_hosp.procedures_icd "
                                           "WHERE subject_id = ?", [subject_id]).fetchall():
        if hadm in costs:
            costs[hadm] += _fee(version, code)
    fees = dict(con.execute("SELECT code, fee_usd FROM ehr_tui_ref.hcpcs_fee").fetchall())
    for hadm, code in con.execute("SELECT hadm_id, hcpcs_cd FROM mimiciv_hosp.hcpcsevents WHERE subject_id = ?",
                                  [subject_id]).fetchall():
        if hadm in costs:
            costs[hadm] += fees[code]
    return costs


@pytest.mark.parametrize("db_fixture", ["demo_cost_db", "synthetic_db"])
def test_admission_costs_match_an_independent_derivation(db_fixture, request):
    db = request.getfixturevalue(db_fixture)
    con = duckdb.connect(str(db), read_only=True)
    try:
        # patients with procedures and HCPCS events and at least one unpriced admission where there is one
        subjects = [r[0] for r in con.execute("""
            SELECT subject_id FROM mimiciv_hosp.admissions
            WHERE subject_id IN (SELECT subject_id FROM mimiciv_hosp.hcpcsevents)
              AND subject_id IN (SELECT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
            GROUP BY subject_id
            ORDER BY count(*) FILTER (WHERE hadm_id NOT IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes
                                                            WHERE drg_type = 'HCFA')) DESC, subject_id
            LIMIT 4""").fetchall()]
        assert subjects
        total = intents.get("cost.patient.total_cost_all_admissions")
        costliest = intents.get("cost.patient.costliest_admission")
        for s in subjects:
            expected = _python_costs(con, s)
            gold = con.execute(render_sql(total, {"subject_id": s})).fetchone()[0]
            assert gold == pytest.approx(sum(expected.values()), abs=0.006), s  # rounded to cents
            top = max(expected.values())
            winners = sorted(h for h, v in expected.items() if abs(v - top) < 1e-6)
            got = sorted(r[0] for r in con.execute(render_sql(costliest, {"subject_id": s})).fetchall())
            assert got == winners, s  # a tie returns every winner, so the generator drops the task
    finally:
        con.close()


def test_unpriced_admissions_are_left_out_not_priced_at_zero(demo_cost_db):
    con = duckdb.connect(str(demo_cost_db), read_only=True)
    try:
        row = con.execute("""
            SELECT a.subject_id FROM mimiciv_hosp.admissions a
            WHERE a.hadm_id NOT IN (SELECT hadm_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
              AND a.subject_id IN (SELECT subject_id FROM mimiciv_hosp.drgcodes WHERE drg_type = 'HCFA')
            LIMIT 1""").fetchone()
        if row is None:
            pytest.skip("every admission of the demo is priced")
        s = row[0]
        n_priced = con.execute("SELECT count(DISTINCT hadm_id) FROM mimiciv_hosp.drgcodes WHERE subject_id = ? "
                               "AND drg_type = 'HCFA'", [s]).fetchone()[0]
        mean = con.execute(render_sql(intents.get("cost.patient.mean_cost_per_admission"),
                                      {"subject_id": s})).fetchone()[0]
        total = con.execute(render_sql(intents.get("cost.patient.total_cost_all_admissions"),
                                       {"subject_id": s})).fetchone()[0]
        assert mean == pytest.approx(total / n_priced, abs=0.006)
    finally:
        con.close()


def test_procedures_in_an_icu_stay_are_found_by_date_not_by_admission(demo_cost_db):
    """The window is the stay's calendar days: a procedure filed under the admission but dated after the stay
    does not count, whatever its admission id."""
    t = intents.get("cost.patient.procedure_fees_during_first_icu_stay")
    assert "pr.hadm_id" not in t.sql and re.search(r"chartdate BETWEEN", t.sql)
    con = duckdb.connect(str(demo_cost_db), read_only=True)
    try:
        s, intime, outtime = con.execute("""
            SELECT i.subject_id, i.intime, i.outtime FROM mimiciv_icu.icustays i
            WHERE i.subject_id IN (SELECT subject_id FROM mimiciv_hosp.procedures_icd)
            QUALIFY row_number() OVER (PARTITION BY i.subject_id ORDER BY i.intime, i.stay_id) = 1
            ORDER BY i.subject_id LIMIT 1""").fetchone()
        rows = con.execute("SELECT icd_version, icd_code, chartdate FROM mimiciv_hosp.procedures_icd "
                           "WHERE subject_id = ?", [s]).fetchall()
        expected = sum(_fee(v, c) for v, c, d in rows if intime.date() <= d <= outtime.date())
        assert con.execute(render_sql(t, {"subject_id": s})).fetchone()[0] == pytest.approx(expected, abs=1e-6)
    finally:
        con.close()
