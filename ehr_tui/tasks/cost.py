"""The ehr-tui cost schedule: the one source of every monetary figure in the task suite.

MIMIC-IV records what was billed (DRG codes, ICD procedures, HCPCS/CPT events) but no money.
Cost tasks therefore price those billing records with a fixed, documented schedule that this
module defines and writes into the database as schema ``ehr_tui_ref`` (a read-only sandbox
cannot create tables, so the schedule must be in the file the agent queries). Version 1:

``ehr_tui_ref.drg_price(drg_type, drg_code, drg_severity, relative_weight, price_usd)``
    One row per DRG code '000'..'999' for drg_type 'HCFA' (MS-DRG; drg_severity NULL) and per
    code and APR severity 1-4 for drg_type 'APR'. price_usd = round(base rate x relative weight x
    severity factor, 2) with base rate HCFA 6,500 / APR 6,000 USD, relative weight
    0.5 + ((code x 37) mod 41) / 10 (0.5 to 4.5) and severity factor NULL: 1, 1: 0.8, 2: 1.0,
    3: 1.4, 4: 2.2. Join on drg_type, drg_code and ``drg_severity IS NOT DISTINCT FROM``.
``ehr_tui_ref.icd_procedure_fee(icd_version, code_prefix, chapter, fee_usd)``
    A fee per billed ICD procedure by chapter: ICD-9 codes by their first two digits (chapter
    ranges of ICD-9-CM volume 3), ICD-10-PCS codes by their first character (the section).
    Join on icd_version and ``starts_with(icd_code, code_prefix)``.
``ehr_tui_ref.hcpcs_fee(code, section, fee_usd)``
    A fee per HCPCS/CPT code (every code of d_hcpcs and hcpcsevents), by CPT range for numeric
    codes, by first letter for HCPCS Level II codes, 0 for Category II (…F) and modifiers.
    Join on ``hcpcs_fee.code = hcpcsevents.hcpcs_cd``; each billed event is charged once.
``ehr_tui_ref.cost_schedule(key, value)``
    The schedule's version, currency and these rules in words.

The cost of a hospital admission, where a question asks for it, is its HCFA DRG price plus the
fees of its ICD procedures and of its HCPCS events. ``install_cost_schedule(con)`` is called by
the importer and the synthetic generator; ``ehr-tui tasks cost-schedule --db FILE`` adds it to
an existing database. ``describe()`` is the text for an agent's system prompt.
"""

from __future__ import annotations

from typing import Any

from ..sqltext import sql_literal

SCHEMA = "ehr_tui_ref"
VERSION = "1"

DRG_BASE_RATE = {"HCFA": 6500.0, "APR": 6000.0}
APR_SEVERITY_FACTOR = {1: 0.8, 2: 1.0, 3: 1.4, 4: 2.2}

# (first two-digit prefix, last, chapter, fee) for ICD-9-CM procedure codes
ICD9_CHAPTERS = (
    (0, 0, "Procedures and interventions, not elsewhere classified", 500.0),
    (1, 5, "Operations on the nervous system", 3000.0),
    (6, 7, "Operations on the endocrine system", 2200.0),
    (8, 16, "Operations on the eye", 1200.0),
    (17, 17, "Other miscellaneous procedures", 800.0),
    (18, 20, "Operations on the ear", 1000.0),
    (21, 29, "Operations on the nose, mouth and pharynx", 900.0),
    (30, 34, "Operations on the respiratory system", 2400.0),
    (35, 39, "Operations on the cardiovascular system", 3500.0),
    (40, 41, "Operations on the hemic and lymphatic system", 1500.0),
    (42, 54, "Operations on the digestive system", 2000.0),
    (55, 59, "Operations on the urinary system", 1800.0),
    (60, 64, "Operations on the male genital organs", 1400.0),
    (65, 71, "Operations on the female genital organs", 1600.0),
    (72, 75, "Obstetrical procedures", 1300.0),
    (76, 84, "Operations on the musculoskeletal system", 2600.0),
    (85, 86, "Operations on the integumentary system", 700.0),
    (87, 99, "Miscellaneous diagnostic and therapeutic procedures", 300.0),
)
# ICD-10-PCS sections (first character)
ICD10_SECTIONS = (
    ("0", "Medical and Surgical", 2500.0), ("1", "Obstetrics", 1500.0), ("2", "Placement", 150.0),
    ("3", "Administration", 200.0), ("4", "Measurement and Monitoring", 250.0),
    ("5", "Extracorporeal or Systemic Assistance and Performance", 1200.0),
    ("6", "Extracorporeal or Systemic Therapies", 900.0), ("7", "Osteopathic", 100.0),
    ("8", "Other Procedures", 150.0), ("9", "Chiropractic", 80.0), ("B", "Imaging", 400.0),
    ("C", "Nuclear Medicine", 600.0), ("D", "Radiation Therapy", 1100.0),
    ("F", "Physical Rehabilitation and Diagnostic Audiology", 180.0), ("G", "Mental Health", 160.0),
    ("H", "Substance Abuse Treatment", 160.0), ("X", "New Technology", 3000.0),
)
# numeric CPT codes: (from, to, section, fee)
CPT_RANGES = (
    ("00100", "01999", "Anesthesia", 450.0),
    ("10004", "19999", "Surgery: integumentary system", 600.0),
    ("20000", "29999", "Surgery: musculoskeletal system", 1400.0),
    ("30000", "32999", "Surgery: respiratory system", 1200.0),
    ("33000", "37799", "Surgery: cardiovascular system", 2500.0),
    ("38000", "38999", "Surgery: hemic and lymphatic systems", 900.0),
    ("39000", "39599", "Surgery: mediastinum and diaphragm", 1600.0),
    ("40000", "49999", "Surgery: digestive system", 1300.0),
    ("50000", "53899", "Surgery: urinary system", 1100.0),
    ("54000", "55899", "Surgery: male genital system", 900.0),
    ("55900", "59899", "Surgery: female genital system and maternity care", 1000.0),
    ("60000", "60699", "Surgery: endocrine system", 1500.0),
    ("61000", "64999", "Surgery: nervous system", 1800.0),
    ("65000", "69999", "Surgery: eye and ear", 800.0),
    ("70000", "79999", "Radiology", 250.0),
    ("80000", "89999", "Pathology and laboratory", 40.0),
    ("90000", "92919", "Medicine", 150.0),
    ("92920", "93799", "Medicine: cardiovascular", 1900.0),
    ("93800", "99199", "Medicine", 150.0),
    ("99200", "99499", "Evaluation and management", 200.0),
    ("99500", "99999", "Medicine: home services and other", 100.0),
)
# HCPCS Level II codes by first letter
LEVEL2_LETTERS = {
    "A": ("Level II: transportation, medical and surgical supplies", 120.0),
    "B": ("Level II: enteral and parenteral therapy", 90.0),
    "C": ("Level II: outpatient prospective payment system", 2200.0),
    "E": ("Level II: durable medical equipment", 300.0),
    "G": ("Level II: procedures and professional services", 160.0),
    "H": ("Level II: behavioral health services", 110.0),
    "J": ("Level II: drugs administered other than orally", 180.0),
    "K": ("Level II: temporary durable medical equipment", 300.0),
    "L": ("Level II: orthotic and prosthetic procedures", 500.0),
    "M": ("Level II: medical services", 100.0),
    "P": ("Level II: pathology and laboratory", 40.0),
    "Q": ("Level II: temporary codes", 150.0),
    "R": ("Level II: diagnostic radiology", 250.0),
    "S": ("Level II: private payer temporary codes", 150.0),
    "T": ("Level II: state Medicaid agency codes", 100.0),
    "V": ("Level II: vision and hearing services", 120.0),
}
OTHER_LEVEL2 = ("Level II: other", 100.0)
CATEGORY_III = ("Category III: emerging technology", 350.0)
NO_FEE = ("Category II performance measure or modifier (no fee)", 0.0)


_lit = sql_literal


def _values(rows) -> str:
    return ", ".join("(" + ", ".join(_lit(v) for v in r) + ")" for r in rows)


def _drg_sql() -> str:
    """All DRG prices, computed in SQL from the constants above."""
    factors = [("HCFA", None, 1.0)] + [("APR", k, v) for k, v in APR_SEVERITY_FACTOR.items()]
    return f"""
        SELECT f.drg_type, lpad(c.code::VARCHAR, 3, '0') AS drg_code, f.severity,
               round(0.5 + ((c.code * 37) % 41) / 10, 1) AS relative_weight,
               round(b.base_rate * round(0.5 + ((c.code * 37) % 41) / 10, 1) * f.factor, 2) AS price_usd
        FROM range(1000) AS c(code)
        CROSS JOIN (VALUES {_values(factors)}) AS f(drg_type, severity, factor)
        JOIN (VALUES {_values(DRG_BASE_RATE.items())}) AS b(drg_type, base_rate) ON b.drg_type = f.drg_type
        ORDER BY f.drg_type DESC, drg_code, f.severity"""


def _icd_rows() -> list[tuple]:
    rows = [(9, f"{p:02d}", chapter, fee) for lo, hi, chapter, fee in ICD9_CHAPTERS for p in range(lo, hi + 1)]
    rows += [(10, ch, section, fee) for ch, section, fee in ICD10_SECTIONS]
    return rows


def _hcpcs_sql() -> str:
    """Section and fee of every HCPCS/CPT code of the database, by the rules above."""
    # The regular expressions are evaluated once per code (columns is_num, first_digit,
    # first_upper), not once per rule: a CASE of ~30 regex tests over 90K codes took seconds.
    rules = [("length(c) <> 5 OR c LIKE '%F'", NO_FEE),
             ("c LIKE '%T' AND first_digit", CATEGORY_III)]
    rules += [(f"is_num AND c BETWEEN '{lo}' AND '{hi}'", (sec, fee))
              for lo, hi, sec, fee in CPT_RANGES]
    rules += [(f"left(c, 1) = '{k}'", v) for k, v in LEVEL2_LETTERS.items()]
    rules.append(("first_upper", OTHER_LEVEL2))

    def case(i: int) -> str:
        return ("CASE " + " ".join(f"WHEN {cond} THEN {_lit(out[i])}" for cond, out in rules)
                + f" ELSE {_lit(NO_FEE[i])} END")
    return f"""
        SELECT code, {case(0)} AS section, {case(1)} AS fee_usd
        FROM (SELECT code, c, regexp_full_match(c, '[0-9]{{5}}') AS is_num,
                     regexp_matches(c, '^[0-9]') AS first_digit, regexp_matches(c, '^[A-Z]') AS first_upper
              FROM (SELECT code, upper(trim(code)) AS c FROM (
              SELECT code FROM mimiciv_hosp.d_hcpcs UNION SELECT hcpcs_cd FROM mimiciv_hosp.hcpcsevents) u
              WHERE code IS NOT NULL))
        ORDER BY code"""


def rules_text() -> str:
    return (
        f"ehr-tui cost schedule v{VERSION} (USD). DRG price = base rate (HCFA {DRG_BASE_RATE['HCFA']:,.0f}, "
        f"APR {DRG_BASE_RATE['APR']:,.0f}) x relative weight x APR severity factor "
        f"({', '.join(f'{k}: {v}' for k, v in APR_SEVERITY_FACTOR.items())}; HCFA rows have NULL severity and "
        "factor 1): look it up in ehr_tui_ref.drg_price joining drg_type, drg_code and drg_severity IS NOT "
        "DISTINCT FROM. Each billed ICD procedure costs ehr_tui_ref.icd_procedure_fee.fee_usd of the row with "
        "the same icd_version whose code_prefix starts its icd_code (ICD-9: two digits, ICD-10: one "
        "character). Each HCPCS event costs ehr_tui_ref.hcpcs_fee.fee_usd of its code. An admission's total "
        "cost is its HCFA DRG price plus its procedure fees plus its HCPCS fees."
    )


def describe() -> str:
    """The schedule's tables and rules, for an agent's system prompt."""
    return "\n".join([
        f"{SCHEMA}.drg_price(drg_type VARCHAR, drg_code VARCHAR, drg_severity SMALLINT, relative_weight DOUBLE, "
        "price_usd DOUBLE)",
        f"{SCHEMA}.icd_procedure_fee(icd_version SMALLINT, code_prefix VARCHAR, chapter VARCHAR, fee_usd DOUBLE)",
        f"{SCHEMA}.hcpcs_fee(code VARCHAR, section VARCHAR, fee_usd DOUBLE)",
        f"{SCHEMA}.cost_schedule(key VARCHAR, value VARCHAR)",
        "  -- " + rules_text(),
    ])


def install_cost_schedule(con: Any) -> dict[str, int]:
    """Create or replace schema ehr_tui_ref with the cost schedule on a writable DuckDB connection.

    Idempotent. The HCPCS fee table covers the codes of mimiciv_hosp.d_hcpcs and
    mimiciv_hosp.hcpcsevents, so call it after those tables are loaded. Returns rows per table.
    """
    info = [("version", VERSION), ("currency", "USD"), ("rules", rules_text())]
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
        con.execute(f"CREATE OR REPLACE TABLE {SCHEMA}.drg_price (drg_type VARCHAR NOT NULL, drg_code VARCHAR "
                    "NOT NULL, drg_severity SMALLINT, relative_weight DOUBLE NOT NULL, price_usd DOUBLE NOT NULL)")
        con.execute(f"INSERT INTO {SCHEMA}.drg_price {_drg_sql()}")
        con.execute(f"CREATE OR REPLACE TABLE {SCHEMA}.icd_procedure_fee (icd_version SMALLINT NOT NULL, "
                    "code_prefix VARCHAR NOT NULL, chapter VARCHAR NOT NULL, fee_usd DOUBLE NOT NULL)")
        con.execute(f"INSERT INTO {SCHEMA}.icd_procedure_fee VALUES {_values(_icd_rows())}")
        con.execute(f"CREATE OR REPLACE TABLE {SCHEMA}.hcpcs_fee (code VARCHAR NOT NULL, section VARCHAR NOT NULL, "
                    "fee_usd DOUBLE NOT NULL)")
        con.execute(f"INSERT INTO {SCHEMA}.hcpcs_fee {_hcpcs_sql()}")
        con.execute(f"CREATE OR REPLACE TABLE {SCHEMA}.cost_schedule (key VARCHAR NOT NULL, value VARCHAR NOT NULL)")
        con.execute(f"INSERT INTO {SCHEMA}.cost_schedule VALUES {_values(info)}")
        for name, text in (("drg_price", "ehr-tui cost schedule: price of each DRG code (and APR severity)"),
                           ("icd_procedure_fee", "ehr-tui cost schedule: fee per billed ICD procedure, by chapter"),
                           ("hcpcs_fee", "ehr-tui cost schedule: fee per billed HCPCS/CPT event"),
                           ("cost_schedule", "ehr-tui cost schedule: version, currency and rules")):
            con.execute(f"COMMENT ON TABLE {SCHEMA}.{name} IS '{text}'")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return {t: con.execute(f"SELECT count(*) FROM {SCHEMA}.{t}").fetchone()[0]
            for t in ("drg_price", "icd_procedure_fee", "hcpcs_fee", "cost_schedule")}


def has_cost_schedule(con: Any) -> bool:
    """Whether the database (a DuckDB connection or cursor) holds the schedule."""
    n = con.execute("SELECT count(*) FROM duckdb_tables() WHERE schema_name = ? AND table_name IN "
                    "('drg_price', 'icd_procedure_fee', 'hcpcs_fee')", [SCHEMA]).fetchone()[0]
    return n == 3
