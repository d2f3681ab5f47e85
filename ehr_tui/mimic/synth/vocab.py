"""Vocabulary for one build: lookup tables (temp v_*) and the five dictionary tables of the output.

The dictionaries (d_icd_diagnoses, d_icd_procedures, d_labitems, d_items, d_hcpcs)
come either from the built-in vocabulary or, with ``--vocab DIR``, from a real
MIMIC-IV download (e.g. the demo), imported with the importer's explicit types.
With real dictionaries, the generator keeps the built-in concepts whose codes
the download has, so every generated code resolves in its dictionary.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import duckdb

from ...errors import UserError
from .. import schema
from ..vocabulary import cases, hosp, icd, icu, labs, labs_tail, meds, meds_tail
from . import tail
from .sqlkit import insert_table, lit, values_table, weighted_rows

# Dictionaries --vocab must provide (d_hcpcs is optional: the built-in one is used when absent).
REQUIRED_DICTIONARIES = ("d_icd_diagnoses", "d_icd_procedures", "d_labitems", "d_items")
OPTIONAL_DICTIONARIES = ("d_hcpcs",)


def check_vocab_dir(vocab: Path) -> None:
    from ..importer import find_source_file

    if not vocab.is_dir():
        raise UserError(f"--vocab {vocab} is not a folder: give a MIMIC-IV download folder holding hosp/ and icu/")
    missing = [f"{schema.table(n).module}/{n}.csv.gz" for n in REQUIRED_DICTIONARIES
               if find_source_file(vocab, schema.table(n)) is None]
    if missing:
        raise UserError(f"--vocab {vocab} lacks the dictionaries {', '.join(missing)}: give a MIMIC-IV download "
                        "folder (e.g. the demo) or leave --vocab out to use the built-in vocabulary")


def load_vocab_dictionaries(con: duckdb.DuckDBPyConnection, vocab: Path, workdir: Path) -> str:
    """Copy the dictionaries of a MIMIC-IV download into the build; returns a description of the source."""
    from ..importer import find_source_file, import_mimic

    wanted = [n for n in REQUIRED_DICTIONARIES + OPTIONAL_DICTIONARIES
              if find_source_file(vocab, schema.table(n)) is not None]
    with tempfile.TemporaryDirectory(dir=workdir, prefix=".vocab-") as tmp:
        vdb = Path(tmp) / "vocab.duckdb"
        report = import_mimic(vocab, vdb, tables=wanted, source="demo", version="unknown")
        if report.failed:
            bad = report.failed[0]
            raise UserError(f"cannot read the dictionary {bad.table} from --vocab {vocab}: {bad.message}")
        con.execute(f"ATTACH {lit(str(vdb))} AS vocabsrc (READ_ONLY)")
        try:
            for name in wanted:
                t = schema.table(name)
                insert_table(con, name, f"SELECT * FROM vocabsrc.{t.schema}.{t.name}")
        finally:
            con.execute("DETACH vocabsrc")
    if "d_hcpcs" not in wanted:
        _builtin_hcpcs(con)
    return str(vocab.resolve())


def load_builtin_dictionaries(con: duckdb.DuckDBPyConnection) -> str:
    """The full CMS ICD code sets (vocabulary/codesets.py) plus the curated codes they lack (retired codes)."""
    for table, cms, concepts in (("d_icd_diagnoses", "cms_dx", "v_dx"), ("d_icd_procedures", "cms_proc", "v_proc")):
        insert_table(con, table, f"""
            SELECT code AS icd_code, version AS icd_version, title AS long_title FROM {cms}
            UNION ALL
            SELECT * FROM (SELECT icd9 AS code, 9 AS version, title9 AS title FROM {concepts}
                           UNION SELECT icd10, 10, title10 FROM {concepts}) x
            WHERE NOT EXISTS (SELECT 1 FROM {cms} c WHERE c.code = x.code AND c.version = x.version)""")
    insert_table(con, "d_labitems", "SELECT itemid, label, fluid, category FROM v_labitem")
    values_table(con, "_d_items", [(c.name, c.type) for c in schema.table("d_items").columns],
                 icu.D_ITEMS + meds_tail.icu_items())
    insert_table(con, "d_items", "SELECT * FROM _d_items")
    con.execute("DROP TABLE _d_items")
    _builtin_hcpcs(con)
    return "built-in"


def _builtin_hcpcs(con: duckdb.DuckDBPyConnection) -> None:
    insert_table(con, "d_hcpcs", "SELECT code, category, long_description, short_description FROM v_hcpcs")


def create_lookup_tables(con: duckdb.DuckDBPyConnection) -> None:
    """The v_* temp tables every generation step joins against."""
    dx = [(k, c9, t9, c10, t10, "chronic", p, sex, age, 0.0) for k, c9, t9, c10, t10, p, sex, age in icd.CHRONIC]
    dx += [(k, c9, t9, c10, t10, "acute", 0.0, None, 0, p) for k, c9, t9, c10, t10, p in icd.ACUTE]
    dx += [(k, c9, t9, c10, t10, "principal", 0.0, None, 0, 0.0) for k, c9, t9, c10, t10 in icd.PRINCIPAL]
    dx = [(i, *r) for i, r in enumerate(dx)]
    values_table(con, "v_dx", [("dx_id", "INTEGER"), ("key", "VARCHAR"), ("icd9", "VARCHAR"), ("title9", "VARCHAR"), ("icd10", "VARCHAR"),
                               ("title10", "VARCHAR"), ("kind", "VARCHAR"), ("prevalence", "DOUBLE"),
                               ("sex", "VARCHAR"), ("min_age", "INTEGER"), ("generic_p", "DOUBLE")], dx)
    values_table(con, "v_proc", [("proc_id", "INTEGER"), ("key", "VARCHAR"), ("icd9", "VARCHAR"),
                                 ("title9", "VARCHAR"), ("icd10", "VARCHAR"), ("title10", "VARCHAR")],
                 [(i, *r) for i, r in enumerate(icd.PROCEDURES)])
    values_table(con, "v_dx_link", [("if_key", "VARCHAR"), ("then_key", "VARCHAR"), ("p", "DOUBLE")],
                 icd.COMORBIDITY_LINKS)

    case_rows, icu_rows, sec_rows, proc_rows, drg_rows = [], [], [], [], []
    total = sum(c.weight for c in cases.CASES)
    acc = 0.0
    for i, c in enumerate(cases.CASES):
        lo = acc / total
        acc += c.weight
        hi = 1.0 if i == len(cases.CASES) - 1 else acc / total
        # Probability that an ICU stay is ventilated: the case's ICD ventilation codes over its ICU share.
        vent_p = min(0.95, (c.procedures.get("vent_short", 0) + c.procedures.get("vent_long", 0)
                            + (0.35 if c.surgery and c.icu_p > 0.5 else 0)) / max(c.icu_p, 0.01))
        case_rows.append((i, c.key, lo, hi, c.principal, c.profile, c.service, c.ward, c.icu_p, vent_p, c.death_p,
                          c.ward_days, c.surgery, c.infection, c.hr, c.map, c.temp, c.spo2, c.rr,
                          c.drg_apr[0], c.drg_apr[1], len(c.drg_ms)))
        icu_rows += weighted_rows(i, c.icu)
        sec_rows += [(i, k, p) for k, p in c.secondary.items()]
        proc_rows += [(i, k, p) for k, p in c.procedures.items()]
        drg_rows += [(i, v, code, desc) for v, (code, desc) in enumerate(c.drg_ms)]
    values_table(con, "v_case", [
        ("case_id", "INTEGER"), ("key", "VARCHAR"), ("lo", "DOUBLE"), ("hi", "DOUBLE"), ("principal", "VARCHAR"),
        ("profile", "VARCHAR"), ("service", "VARCHAR"), ("ward", "VARCHAR"), ("icu_p", "DOUBLE"),
        ("vent_p", "DOUBLE"), ("death_p", "DOUBLE"), ("ward_days", "DOUBLE"), ("surgery", "BOOLEAN"),
        ("infection", "BOOLEAN"), ("hr", "DOUBLE"), ("map", "DOUBLE"), ("temp", "DOUBLE"), ("spo2", "DOUBLE"),
        ("rr", "DOUBLE"), ("apr_code", "VARCHAR"), ("apr_desc", "VARCHAR"), ("n_ms", "INTEGER")], case_rows)
    values_table(con, "v_case_icu", [("case_id", "INTEGER"), ("unit", "VARCHAR"), ("lo", "DOUBLE"),
                                     ("hi", "DOUBLE")], icu_rows)
    values_table(con, "v_case_sec", [("case_id", "INTEGER"), ("dx_key", "VARCHAR"), ("p", "DOUBLE")], sec_rows)
    values_table(con, "v_case_proc", [("case_id", "INTEGER"), ("proc_key", "VARCHAR"), ("p", "DOUBLE")], proc_rows)
    values_table(con, "v_case_drg", [("case_id", "INTEGER"), ("variant", "INTEGER"), ("code", "VARCHAR"),
                                     ("description", "VARCHAR")], drg_rows)
    adm_rows = []
    for profile, types in cases.ADMISSION_TYPES.items():
        adm_rows += weighted_rows(profile, types)
    values_table(con, "v_adm_type", [("profile", "VARCHAR"), ("admission_type", "VARCHAR"), ("lo", "DOUBLE"),
                                     ("hi", "DOUBLE")], adm_rows)
    loc_rows, ed_rows = [], []
    for atype, (ed_p, locs) in cases.ADMISSION_LOCATIONS.items():
        loc_rows += weighted_rows(atype, locs)
        ed_rows.append((atype, ed_p))
    values_table(con, "v_adm_loc", [("admission_type", "VARCHAR"), ("location", "VARCHAR"), ("lo", "DOUBLE"),
                                    ("hi", "DOUBLE")], loc_rows)
    values_table(con, "v_adm_ed", [("admission_type", "VARCHAR"), ("ed_p", "DOUBLE")], ed_rows)
    values_table(con, "v_service", [("service", "VARCHAR"), ("second", "VARCHAR"), ("ward", "VARCHAR")],
                 [(s, cases.SECOND_SERVICE[s], cases.SERVICE_WARD[s]) for s in cases.SERVICE_WARD])

    _lab_tables(con)
    _med_tables(con)
    _hosp_tables(con)


def _tail_lab_rows() -> tuple[list[tuple], list[tuple]]:
    """v_labitem rows (clip range from the distribution) and text options of the tail catalogue."""
    items, texts = [], []
    for (itemid, label, fluid, category, unit, lo, hi, dist, center, spread, dec, _tag,
         _rank) in labs_tail.tail_items():
        if dist.startswith("t:"):
            texts += weighted_rows(itemid, [(v, abn, w) for v, w, abn in labs_tail.TEXT_SETS[dist[2:]]])
            dist, clip_lo, clip_hi = "t", 0, 0
        elif dist == "n":
            clip_lo, clip_hi = max(0.0, center - 4 * spread) if center > 0 else center - 4 * spread, center + 6 * spread
        else:
            clip_lo, clip_hi = center * 2.718281828 ** (-4 * spread), center * 2.718281828 ** (6 * spread)
        items.append((itemid, label, fluid, category, unit, lo, hi, dist, center, spread, dec, clip_lo, clip_hi, 0,
                      lo, hi))
    return items, texts


def _lab_tables(con: duckdb.DuckDBPyConnection) -> None:
    fem = labs.FEMALE_REF
    tail_items, tail_texts = _tail_lab_rows()
    rows = [(*it, *(fem.get(it[0], (it[5], it[6])))) for it in labs.LAB_ITEMS] + tail_items
    values_table(con, "v_labitem", [
        ("itemid", "INTEGER"), ("label", "VARCHAR"), ("fluid", "VARCHAR"), ("category", "VARCHAR"),
        ("valueuom", "VARCHAR"), ("ref_lo", "DOUBLE"), ("ref_hi", "DOUBLE"), ("dist", "VARCHAR"),
        ("center", "DOUBLE"), ("spread", "DOUBLE"), ("decimals", "INTEGER"), ("clip_lo", "DOUBLE"),
        ("clip_hi", "DOUBLE"), ("grp", "INTEGER"), ("ref_lo_f", "DOUBLE"), ("ref_hi_f", "DOUBLE")], rows)
    text_rows = []
    for itemid, opts in labs.TEXT_VALUES.items():
        text_rows += weighted_rows(itemid, [(v, abn, w) for v, w, abn in opts])
    values_table(con, "v_lab_text", [("itemid", "INTEGER"), ("value", "VARCHAR"), ("abnormal", "BOOLEAN"),
                                     ("lo", "DOUBLE"), ("hi", "DOUBLE")], text_rows + tail_texts)
    panel_rows, item_rows = [], []
    for key, p_ward, p_icu, only_icu, items in labs.PANELS:
        panel_rows.append((key, p_ward, p_icu, only_icu))
        item_rows += [(key, i) for i in items]
    for key, items in labs.EXTRA_PANEL_ITEMS.items():
        item_rows += [("x_" + key, i) for i in items]
    item_rows += [("ua", i) for i in labs.URINALYSIS_ITEMS] + [("uchem", i) for i in labs.URINE_CHEM_ITEMS]
    item_rows += [(f"T{it[0]}", it[0]) for it in tail_items]  # a tail test is a specimen of its own
    values_table(con, "v_tail_lab", [("itemid", "INTEGER"), ("tag", "VARCHAR"), ("rank", "INTEGER")],
                 tail.lab_items())
    values_table(con, "v_panel", [("panel", "VARCHAR"), ("p_ward", "DOUBLE"), ("p_icu", "DOUBLE"),
                                  ("only_icu", "BOOLEAN")], panel_rows)
    values_table(con, "v_panel_item", [("panel", "VARCHAR"), ("itemid", "INTEGER")], item_rows)
    values_table(con, "v_extra_panel", [("tag", "VARCHAR"), ("panel", "VARCHAR"), ("p", "DOUBLE")],
                 [(t, "x_" + k, p) for t, k, p in labs.EXTRA_PANELS])
    values_table(con, "v_lab_effect", [("tag", "VARCHAR"), ("itemid", "INTEGER"), ("shift", "DOUBLE")],
                 labs.LAB_EFFECTS)


def _med_tables(con: duckdb.DuckDBPyConnection) -> None:
    rows, tail_rows, icu_labels = [], [], []
    for i, d in enumerate(meds.DRUGS):
        per24, interval, prn = meds.FREQUENCIES[d[8]]
        rows.append((i, *d, per24, interval, prn))
    for i, d in enumerate(meds_tail.tail_drugs(), start=len(meds.DRUGS)):
        per24, interval, prn = meds.FREQUENCIES[d[8]]
        rows.append((i, *d[:14], per24, interval, prn))
        tail_rows.append((i, d[14], d[15]))
        if d[13] is not None:
            icu_labels.append((d[13], d[1]))
    values_table(con, "v_drug", [
        ("drug_id", "INTEGER"), ("drug_key", "VARCHAR"), ("drug", "VARCHAR"), ("route", "VARCHAR"), ("dose_val", "VARCHAR"),
        ("dose_unit", "VARCHAR"), ("prod_strength", "VARCHAR"), ("form_val_disp", "VARCHAR"),
        ("form_unit_disp", "VARCHAR"), ("frequency", "VARCHAR"), ("proc_type", "VARCHAR"),
        ("admin_type", "VARCHAR"), ("formulary_drug_cd", "VARCHAR"), ("base_key", "VARCHAR"),
        ("icu_itemid", "INTEGER"), ("per24", "DOUBLE"), ("interval_h", "DOUBLE"), ("prn", "BOOLEAN")], rows)
    values_table(con, "v_base", [("base_key", "VARCHAR"), ("drug", "VARCHAR"), ("dose_val", "VARCHAR"),
                                 ("dose_unit", "VARCHAR"), ("form_unit_disp", "VARCHAR")],
                 [(k, *v) for k, v in meds.BASES.items()])
    values_table(con, "v_trigger", [("tag", "VARCHAR"), ("drug_key", "VARCHAR"), ("p", "DOUBLE")], meds.TRIGGERS)
    values_table(con, "v_tail_drug", [("drug_id", "INTEGER"), ("tag", "VARCHAR"), ("rank", "INTEGER")], tail_rows)
    values_table(con, "v_tail_icu_label", [("itemid", "INTEGER"), ("label", "VARCHAR")], icu_labels)


def _hosp_tables(con: duckdb.DuckDBPyConnection) -> None:
    values_table(con, "v_hcpcs", [("code", "VARCHAR"), ("category", "SMALLINT"), ("long_description", "VARCHAR"),
                                  ("short_description", "VARCHAR"), ("tag", "VARCHAR")], hosp.HCPCS)
    values_table(con, "v_micro_spec", [
        ("spec_key", "VARCHAR"), ("spec_itemid", "INTEGER"), ("spec_type_desc", "VARCHAR"),
        ("test_itemid", "INTEGER"), ("test_name", "VARCHAR"), ("positive_rate", "DOUBLE"), ("tag", "VARCHAR"),
        ("no_growth", "VARCHAR")], hosp.MICRO_SPECIMENS)
    org_rows = []
    for spec in {o[0] for o in hosp.MICRO_ORGANISMS}:
        org_rows += weighted_rows(spec, [o[1:] for o in hosp.MICRO_ORGANISMS if o[0] == spec])
    values_table(con, "v_micro_org", [("spec_key", "VARCHAR"), ("org_itemid", "INTEGER"), ("org_name", "VARCHAR"),
                                      ("lo", "DOUBLE"), ("hi", "DOUBLE")], org_rows)
    values_table(con, "v_micro_ab", [("org_itemid", "INTEGER"), ("ab_itemid", "INTEGER"), ("ab_name", "VARCHAR"),
                                     ("r_rate", "DOUBLE"), ("mic_s", "DOUBLE"), ("mic_r", "DOUBLE")],
                 hosp.MICRO_SUSCEPTIBILITY)
    poe_rows, detail_rows = [], []
    for i, (otype, sub, per_adm, per_day, field, vals) in enumerate(hosp.POE_ORDERS):
        poe_rows.append((i, otype, sub, per_adm, per_day, field))
        if vals:
            detail_rows += weighted_rows(i, vals)
    values_table(con, "v_poe_order", [("order_id", "INTEGER"), ("order_type", "VARCHAR"),
                                      ("order_subtype", "VARCHAR"), ("per_adm", "DOUBLE"), ("per_day", "DOUBLE"),
                                      ("field_name", "VARCHAR")], poe_rows)
    values_table(con, "v_poe_value", [("order_id", "INTEGER"), ("value", "VARCHAR"), ("lo", "DOUBLE"),
                                      ("hi", "DOUBLE")], detail_rows)


def restrict_to_dictionaries(con: duckdb.DuckDBPyConnection) -> None:
    """Drop built-in concepts whose codes the (real) dictionaries lack, so every generated code resolves."""
    con.execute("""
        DELETE FROM v_dx WHERE NOT (
            EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses d WHERE d.icd_code = v_dx.icd9 AND d.icd_version = 9)
            AND EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses d
                        WHERE d.icd_code = v_dx.icd10 AND d.icd_version = 10))
            AND kind <> 'principal';
        DELETE FROM v_proc WHERE NOT (
            EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_procedures d WHERE d.icd_code = v_proc.icd9 AND d.icd_version = 9)
            AND EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_procedures d
                        WHERE d.icd_code = v_proc.icd10 AND d.icd_version = 10));
        -- Tail tests carry ehr-tui's own itemids: take the real dictionary's itemid of the same label and fluid.
        CREATE OR REPLACE TEMP TABLE _tail_map AS
        SELECT v.itemid AS old_id, min(d.itemid) AS new_id FROM v_labitem v
        JOIN mimiciv_hosp.d_labitems d ON d.label = v.label AND d.fluid = v.fluid
        WHERE v.itemid >= {base} AND d.itemid NOT IN (SELECT itemid FROM v_labitem WHERE itemid < {base})
        GROUP BY v.itemid;
        DELETE FROM _tail_map WHERE new_id IN (SELECT new_id FROM _tail_map GROUP BY new_id HAVING count(*) > 1);
        UPDATE v_labitem SET itemid = m.new_id FROM _tail_map m WHERE v_labitem.itemid = m.old_id;
        UPDATE v_panel_item SET itemid = m.new_id, panel = 'T' || m.new_id::VARCHAR FROM _tail_map m
            WHERE v_panel_item.itemid = m.old_id;
        UPDATE v_tail_lab SET itemid = m.new_id FROM _tail_map m WHERE v_tail_lab.itemid = m.old_id;
        UPDATE v_lab_text SET itemid = m.new_id FROM _tail_map m WHERE v_lab_text.itemid = m.old_id;
        DROP TABLE _tail_map;
        DELETE FROM v_labitem WHERE itemid NOT IN (SELECT itemid FROM mimiciv_hosp.d_labitems);
        DELETE FROM v_panel_item WHERE itemid NOT IN (SELECT itemid FROM v_labitem);
        DELETE FROM v_hcpcs WHERE code NOT IN (SELECT code FROM mimiciv_hosp.d_hcpcs);
        -- Tail drugs' ICU items are ehr-tui's own too: take the real input item of the same label, if any.
        UPDATE v_drug SET icu_itemid = m.new_id FROM (
            SELECT v.itemid AS old_id, min(d.itemid) AS new_id FROM v_tail_icu_label v
            JOIN mimiciv_icu.d_items d ON lower(d.label) = lower(v.label) AND d.linksto = 'inputevents'
            GROUP BY v.itemid) m
            WHERE v_drug.icu_itemid = m.old_id;
        UPDATE v_drug SET icu_itemid = NULL
            WHERE icu_itemid NOT IN (SELECT itemid FROM mimiciv_icu.d_items);
        -- Take titles, labels and units from the real dictionaries.
        UPDATE v_dx SET title9 = d.long_title FROM mimiciv_hosp.d_icd_diagnoses d
            WHERE d.icd_code = v_dx.icd9 AND d.icd_version = 9;
        UPDATE v_dx SET title10 = d.long_title FROM mimiciv_hosp.d_icd_diagnoses d
            WHERE d.icd_code = v_dx.icd10 AND d.icd_version = 10;
    """.replace("{base}", str(labs_tail.TAIL_ITEMID_BASE)))
    missing = con.execute("""
        SELECT list(key) FROM v_dx WHERE kind = 'principal' AND NOT (
            EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses d WHERE d.icd_code = v_dx.icd9 AND d.icd_version = 9)
            AND EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses d
                        WHERE d.icd_code = v_dx.icd10 AND d.icd_version = 10))""").fetchall()[0][0]
    if missing:
        raise UserError("the --vocab dictionaries lack the principal diagnosis codes of "
                        f"{', '.join(missing)}: use a complete MIMIC-IV d_icd_diagnoses")
    needed_items = {it[0] for it in icu.D_ITEMS}
    have = {r[0] for r in con.execute("SELECT itemid FROM mimiciv_icu.d_items").fetchall()}
    if not needed_items & have:
        raise UserError("the --vocab d_items has none of the common MetaVision items (e.g. heart rate 220045): "
                        "use a MIMIC-IV icu/d_items")
