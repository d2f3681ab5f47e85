"""The synthetic build in patient chunks, under memory and thread limits, and in PhysioNet file order."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from ehr_tui import paths
from ehr_tui.errors import UserError
from ehr_tui.mimic import metadata, schema, synthetic
from ehr_tui.mimic.synthetic import build_synthetic

PATIENTS = 70
SEED = 5


def content(path: Path) -> dict[str, tuple]:
    """Per table: row count and an order-independent hash of the rows (the content, whatever the row order)."""
    c = duckdb.connect(str(path), read_only=True)
    try:
        return {t.qualified: tuple(c.execute(f"SELECT count(*), sum(hash(x)) FROM (SELECT t AS x FROM {t.qualified} t)")
                                   .fetchone()) for t in schema.TABLES}
    finally:
        c.close()


def runs_per_subject(path: Path, table: str) -> float:
    c = duckdb.connect(str(path), read_only=True)
    try:
        return c.execute(f"""SELECT count(*) / count(DISTINCT subject_id) FROM (
            SELECT subject_id, lag(subject_id) OVER (ORDER BY rowid) AS prev FROM {schema.table(table).qualified})
            WHERE prev IS DISTINCT FROM subject_id""").fetchone()[0] * 1.0
    finally:
        c.close()


@pytest.fixture(scope="session")
def whole(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("scale_whole") / "whole.duckdb"
    build_synthetic(db, patients=PATIENTS, seed=SEED)
    return db


def test_chunks_give_the_same_content_as_one_pass(whole, tmp_path, monkeypatch):
    monkeypatch.setattr(synthetic, "CHUNK_PATIENTS", 25)  # 3 chunks: 25 + 25 + 20
    steps = []
    db = build_synthetic(tmp_path / "chunked.duckdb", patients=PATIENTS, seed=SEED,
                         progress=lambda step, frac: steps.append((step, frac))).path
    assert content(db) == content(whole)
    assert any("patients 51-70" in s for s, _ in steps)
    fracs = [f for _, f in steps]
    assert fracs == sorted(fracs) and fracs[-1] == 1.0


def test_file_order_keeps_the_content_and_scatters_patients(whole, tmp_path):
    db = build_synthetic(tmp_path / "file_order.duckdb", patients=PATIENTS, seed=SEED, file_order=True,
                         threads=1, memory_limit="512MB").path
    assert content(db) == content(whole)
    assert metadata.read_info(db).extra["row_order"] == "file"
    assert metadata.read_info(whole).extra["row_order"] == "patient"
    # grouped by patient: about one run of rows per patient; in file order many
    assert runs_per_subject(whole, "labevents") < 1.5
    for table in synthetic.FILE_ORDER:
        if table in ("chartevents", "labevents", "emar_detail", "prescriptions", "emar"):
            assert runs_per_subject(db, table) > 5, table
    c = duckdb.connect(str(db), read_only=True)
    try:  # labevents in time order, as the real file
        back = c.execute("SELECT count(*) FROM (SELECT charttime < lag(charttime) OVER (ORDER BY rowid) AS back "
                         "FROM mimiciv_hosp.labevents) WHERE back").fetchone()[0]
        assert back == 0
    finally:
        c.close()


@pytest.mark.parametrize("kwargs,message", [
    (dict(memory_limit="lots"), "--memory-limit 'lots' is not a size"),
    (dict(memory_limit="10MB"), "too small"),
    (dict(threads=0), "--threads must be"),
    (dict(threads=2.5), "--threads must be"),
])
def test_bad_limits(tmp_path, kwargs, message):
    with pytest.raises(UserError, match=message):
        build_synthetic(tmp_path / "x.duckdb", patients=5, **kwargs)
    assert not list(tmp_path.iterdir())


def test_memory_sizes():
    assert synthetic.memory_bytes("2GB") == 2e9
    assert synthetic.memory_bytes("512 MiB") == 512 * 2 ** 20
    assert synthetic.memory_bytes("1.5gb") == 1.5e9


def test_cli_limits_and_file_order(tmp_path, capsys):
    from ehr_tui.cli import main

    try:
        assert main(["--home", str(tmp_path), "db", "synth", "--patients", "4", "--memory-limit", "1GB",
                     "--threads", "1", "--file-order"]) == 0
        assert metadata.read_info(tmp_path / "synthetic.duckdb").extra["row_order"] == "file"
        assert main(["--home", str(tmp_path), "db", "synth", "--patients", "4", "--memory-limit", "x"]) == 2
    finally:
        paths.set_home(None)
    assert "--memory-limit 'x' is not a size" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["db", "synth", "--help"])
    out = capsys.readouterr().out
    assert "--memory-limit" in out and "--threads" in out and "--file-order" in out
