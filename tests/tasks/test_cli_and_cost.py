"""`ehr-tui tasks ...` commands and the cost schedule as the agent sees it."""

from __future__ import annotations

import json
import shutil

import duckdb
import pytest

from ehr_tui.cli import main
from ehr_tui.mimic.sandbox import SqlSandbox
from ehr_tui.tasks import cost
from ehr_tui.tasks.model import read_tasks


def test_generate_stats_validate(demo_cost_db, tmp_path, capsys):
    out = tmp_path / "t.jsonl"
    assert main(["tasks", "generate", "--db", str(demo_cost_db), "--n", "40", "--seed", "2", "-o", str(out),
                 "--intent", "labs", "--intent", "diagnoses"]) == 0
    text = capsys.readouterr().out
    assert "40 tasks" in text and str(out) in text.replace("\n", "")
    tasks = read_tasks(out).tasks
    assert len(tasks) == 40 and {t.intent for t in tasks} == {"labs", "diagnoses"}

    report = json.loads((tmp_path / "t.report.json").read_text())
    assert sum(report["accepted"].values()) == 40 and "drop_reasons" in report

    assert main(["tasks", "stats", str(out)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "SQL complexity" in text and "labs" in text and "window_functions" in text and "as written" in text
    assert "answer balance" in text and "templates with >= 4 tasks have one answer" in text
    assert "train/test split" in text and "split check: no gold-SQL shape" in text
    assert "dropped while generating" in text

    card = tmp_path / "card.md"
    assert main(["tasks", "card", str(out), "-o", str(card)]) == 0
    md = card.read_text()
    assert md.startswith("# Datasheet: t.jsonl") and "## Known limitations" in md and "| labs |" in md
    out.write_text(out.read_text().replace('"labs"', '"labs"', 1) + "\n")  # an edited file: the report is stale
    assert main(["tasks", "card", str(out)]) == 0
    assert "drop counts unknown" in capsys.readouterr().out

    assert main(["tasks", "validate", str(out)]) == 0
    bad = tmp_path / "bad.jsonl"
    lines = out.read_text().splitlines()
    bad.write_text("\n".join([lines[0], "{oops", json.dumps({**json.loads(lines[1]), "level": "ward"})]) + "\n")
    assert main(["tasks", "validate", str(bad)]) == 1
    text = capsys.readouterr().out
    assert "line 2" in text and "line 3, field 'level'" in text and "1 valid task" in text


def test_templates_listing(capsys):
    assert main(["tasks", "templates", "--intent", "cost"]) == 0
    text = capsys.readouterr().out
    assert "cost.population.top_drgs_by_revenue" in text and "cost/patient" in text


@pytest.mark.parametrize("argv, message", [
    (["tasks", "generate", "--db", "/nonexistent/x.duckdb", "--n", "5"], "does not exist"),
    (["tasks", "stats", "/nonexistent/t.jsonl"], "ehr-tui tasks generate"),
    (["tasks", "cost-schedule", "--db", "/nonexistent/x.duckdb"], "does not exist"),
    (["tasks", "card", "/nonexistent/t.jsonl"], "ehr-tui tasks generate"),
    (["tasks", "generate", "--db", "/nonexistent/x.duckdb", "--memory-limit", "lots"], "is not a size"),
    (["tasks", "generate", "--db", "/nonexistent/x.duckdb", "--threads", "0"], "--threads must be"),
])
def test_user_mistakes_are_one_clear_sentence(argv, message, capsys):
    assert main(argv) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert message in err and "Traceback" not in err


def test_generate_rejects_bad_numbers(demo_cost_db, tmp_path, capsys):
    assert main(["tasks", "generate", "--db", str(demo_cost_db), "--n", "0", "-o", str(tmp_path / "t.jsonl")]) == 2
    assert "at least 1" in capsys.readouterr().err
    assert main(["tasks", "generate", "--db", str(demo_cost_db), "--workers", "0", "-o", str(tmp_path / "t")]) == 2


def test_cost_schedule_command_installs_idempotently(demo_cost_db, tmp_path, capsys):
    db = tmp_path / "copy.duckdb"
    shutil.copyfile(demo_cost_db, db)
    con = duckdb.connect(str(db))
    con.execute(f"DROP SCHEMA {cost.SCHEMA} CASCADE")
    assert not cost.has_cost_schedule(con)
    con.close()
    for _ in range(2):
        assert main(["tasks", "cost-schedule", "--db", str(db)]) == 0
    assert "drg_price 5,000 rows" in capsys.readouterr().out
    assert main(["tasks", "cost-schedule", "--show"]) == 0
    assert "IS NOT" in capsys.readouterr().out


def test_schedule_prices_are_the_documented_rules(demo_cost_db):
    with SqlSandbox(demo_cost_db) as sb:  # the agent reads it through the same read-only sandbox
        assert cost.has_cost_schedule(sb.cursor())
        fee = dict(sb.execute("SELECT code, fee_usd FROM ehr_tui_ref.hcpcs_fee WHERE code IN "
                              "('99219', '93455', 'G0378', 'C9600', '0001F', '64415')").rows)
        assert fee == {"99219": 200.0, "93455": 1900.0, "G0378": 160.0, "C9600": 2200.0, "0001F": 0.0,
                       "64415": 1800.0}
        drg = sb.execute("SELECT drg_type, drg_severity, relative_weight, price_usd FROM ehr_tui_ref.drg_price "
                         "WHERE drg_code = '864' ORDER BY drg_type, drg_severity").rows
        w = round(0.5 + (864 * 37 % 41) / 10, 1)
        assert drg == [("APR", s, w, round(cost.DRG_BASE_RATE["APR"] * w * f, 2))
                       for s, f in cost.APR_SEVERITY_FACTOR.items()] + [("HCFA", None, w, 6500.0 * w)]
        icd = sb.execute("SELECT icd_version, chapter, fee_usd FROM ehr_tui_ref.icd_procedure_fee "
                         "WHERE (icd_version = 9 AND code_prefix = '38') OR (icd_version = 10 AND code_prefix = 'B')"
                         " ORDER BY icd_version").rows
        assert icd == [(9, "Operations on the cardiovascular system", 3500.0), (10, "Imaging", 400.0)]
        # every billed code of the demo has a price
        missing = sb.execute("""
            SELECT count(*) FROM mimiciv_hosp.procedures_icd p WHERE NOT EXISTS (
                SELECT 1 FROM ehr_tui_ref.icd_procedure_fee f
                WHERE f.icd_version = p.icd_version AND starts_with(p.icd_code, f.code_prefix))""").rows[0][0]
        assert missing == 0
        assert sb.execute("SELECT count(*) FROM mimiciv_hosp.drgcodes d LEFT JOIN ehr_tui_ref.drg_price p ON "
                          "p.drg_type = d.drg_type AND p.drg_code = d.drg_code AND p.drg_severity IS NOT DISTINCT "
                          "FROM d.drg_severity WHERE p.price_usd IS NULL").rows[0][0] == 0
    assert "ehr_tui_ref.drg_price" in cost.describe()
