"""`ehr-tui db compare`: marginals side by side, the default synthetic database against the real demo."""

from __future__ import annotations

import json

import duckdb
import pytest

from ehr_tui.errors import UserError
from ehr_tui.mimic import compare as cmp
from ehr_tui.mimic.synthetic import build_synthetic

@pytest.fixture(scope="session")
def small_synth(tmp_path_factory):
    db = tmp_path_factory.mktemp("cmp_small") / "small.duckdb"
    build_synthetic(db, patients=25, seed=3)
    return db


@pytest.mark.demo
def test_default_synthetic_marginals_within_20_percent_of_the_demo(demo_db, synth400):
    marginals = cmp.compare(demo_db, synth400)
    by_name = {m.name: m for m in marginals}
    assert len(by_name) == len(marginals), "marginal names must be unique"
    measured = [m for m in marginals if m.ratio is not None]
    assert len(measured) >= 60
    off = [f"{m.name}: demo {m.a:.4g}, synthetic {m.b:.4g} ({m.ratio:.2f}x)"
           for m in measured if not m.within(0.20)]
    assert not off, "\n".join(off)
    # the measures are among those held to 20%
    for name in ("distinct diagnosis codes per 100 admissions", "share of the 10 most common diagnosis codes",
                 "distinct lab items per 100 admissions", "mean hospital stay (days)",
                 "distinct procedure codes per 100 admissions", "distinct prescribed drugs per 100 admissions",
                 "share of the 10 most common prescribed drugs", "distinct ICU input items per 100 admissions",
                 "procedureevents rows per ICU stay", "emar_detail rows per patient"):
        assert name in by_name and by_name[name].ratio is not None
    # only the demo's missing table is unmeasurable
    assert [m.name for m in marginals if m.ratio is None] == ["chartevents rows per ICU stay"]


def test_a_database_against_itself_is_all_ones(synth400):
    for m in cmp.compare(synth400, synth400):
        assert m.ratio == 1.0, m.name


def test_diversity_is_measured_on_the_same_number_of_admissions(small_synth, synth400):
    con = duckdb.connect(str(small_synth), read_only=True)
    k = con.execute("SELECT count(*) FROM mimiciv_hosp.admissions").fetchone()[0]
    con.close()
    diversity = [m for m in cmp.compare(synth400, small_synth) if m.group == "diversity"]
    assert diversity and all(m.note == f"on {k:,} admissions" for m in diversity)
    # the same generator on a 16x smaller cohort: code diversity per 100 admissions stays comparable
    dx = next(m for m in diversity if m.name == "distinct diagnosis codes per 100 admissions")
    assert 0.7 < dx.ratio < 1.4


def test_cli_table_json_and_exit_codes(small_synth, synth400, capsys):
    from ehr_tui.cli import main

    assert main(["db", "compare", str(synth400), str(synth400), "--within", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "distinct diagnosis codes per 100 admissions" in out and "0 of " in out
    assert main(["db", "compare", str(synth400), str(small_synth), "--within", "0.001"]) == 1
    assert "marginals off by more than 0%" in capsys.readouterr().out
    assert main(["db", "compare", str(synth400), str(small_synth), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {"group", "name", "a", "b", "ratio", "note"} <= set(rows[0])
    assert len(rows) == len(cmp.compare(synth400, small_synth))


def test_bad_inputs_are_one_line_errors(tmp_path, synth400, capsys):
    from ehr_tui.cli import main

    with pytest.raises(UserError, match="does not exist"):
        cmp.compare(tmp_path / "missing.duckdb", synth400)
    junk = tmp_path / "junk.duckdb"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(UserError, match="cannot open"):
        cmp.compare(synth400, junk)
    other = tmp_path / "other.duckdb"
    duckdb.connect(str(other)).close()
    with pytest.raises(UserError, match="is not a MIMIC-IV database"):
        cmp.compare(other, synth400)
    assert main(["db", "compare", str(other), str(synth400)]) == 2
    assert main(["db", "compare", str(synth400), str(synth400), "--within", "-1"]) == 2
    err = capsys.readouterr().err
    assert "is not a MIMIC-IV database" in err and "--within must be" in err and "Traceback" not in err
