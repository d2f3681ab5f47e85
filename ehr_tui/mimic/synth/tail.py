"""The long tail: rare diagnoses, procedures and lab tests drawn from the full vocabularies.

The curated concepts (vocabulary/icd.py, cases.py, labs.py) make the common,
clinically detailed part of each admission. On top of them each admission codes
a few of the ~70,000 other ICD-10-CM diagnoses (or their ICD-9-CM equivalent by
the CMS GEMs, for admissions before October 2015), a procedure or two from the
full ICD-10-PCS / ICD-9-CM procedure sets, and now and then a less common lab
test (vocabulary/labs_tail.py). Frequencies are Zipf-like (weight 1 / (rank +
10) ^ s over a fixed hash order, unspecified codes favoured), so a few tail
codes recur and most appear once, as in real data.

Coherence: every code belongs to a pool named by an ICD-10 chapter letter (a
PCS body system and an ICD-9 procedure range map to the chapter they treat;
a lab test carries the chapter whose problems it works up). Part of an
admission's tail draws come from the pools of the chapters its diagnoses are
in: a neoplasm brings tumour markers and lymph-node procedures, an infection
serologies, a kidney problem urine studies.

Draws use inverse-CDF lookups (ASOF joins on a cumulative weight) keyed by
hash uniforms, so they are as deterministic as the rest of the generator.
"""

from __future__ import annotations

from ..vocabulary import labs_tail
from .sqlkit import Ctx, S, lit

# Share of tail diagnoses by ICD-10 chapter letter among inpatients (rough, adults).
DX_CHAPTER_WEIGHT = {
    "Z": 14, "I": 12, "E": 11, "F": 6, "R": 6, "K": 5.5, "J": 5, "N": 5, "D": 5, "G": 4.5, "M": 4.5, "Y": 2.5,
    "T": 3, "C": 3, "S": 3, "L": 2, "B": 1.5, "H": 1.5, "A": 1.2, "W": 1, "Q": 0.5, "V": 0.3, "X": 0.3, "O": 0.6,
}
# ICD-10-PCS body systems (first two characters) -> the chapter of the problems they treat.
PCS_SYSTEM_CHAPTER = {
    "00": "G", "01": "G", "02": "I", "03": "I", "04": "I", "05": "I", "06": "I", "07": "C", "08": "H", "09": "H",
    "0B": "J", "0C": "K", "0D": "K", "0F": "K", "0G": "E", "0H": "L", "0J": "L", "0K": "M", "0L": "M", "0M": "M",
    "0N": "S", "0P": "S", "0Q": "S", "0R": "M", "0S": "M", "0T": "N", "0U": "N", "0V": "N", "0X": "S", "0Y": "S",
    "10": "O", "4A": "I", "5A": "J", "6A": "N", "D0": "C", "D7": "C", "DB": "C", "DD": "C", "GZ": "F", "HZ": "F",
}
# ICD-10-PCS sections that are common in inpatient coding (weight multiplier by first character).
PCS_SECTION_WEIGHT = {"0": 1.0, "3": 3.0, "5": 3.0, "B": 2.0, "4": 1.5, "6": 1.5, "2": 0.3, "1": 0.3, "D": 0.5,
                      "F": 0.5, "G": 0.3, "H": 0.3, "7": 0.05, "8": 0.05, "9": 0.05, "C": 0.3, "X": 0.1}
# ICD-9-CM procedure code ranges (first two digits) -> chapter.
ICD9_PROC_CHAPTER = [(1, 5, "G"), (6, 7, "E"), (8, 16, "H"), (18, 29, "H"), (30, 34, "J"), (35, 39, "I"),
                     (40, 41, "C"), (42, 54, "K"), (55, 71, "N"), (72, 75, "O"), (76, 84, "M"), (85, 86, "L")]

ZIPF_DX, ZIPF_PROC, ZIPF_LAB, ZIPF_DRUG = 1.05, 1.0, 0.35, 0.8
DRUG_SLOTS = 12.0            # tail drug chances per admission of average severity and length
DRUG_SLOTS_ICU = 2.0         # more chances (intravenous drugs) for an admission with an ICU stay
DX_PER_ADMISSION = 10.5       # mean tail diagnoses coded per admission (patient-level ones included)
PROC_SLOTS = 4               # tail procedure chances per admission
LAB_SLOTS = 2                # tail lab test chances per lab draw


# A catalogue ``t`` (rows with a pool tag and weight w) pooled: all of it in pool '', each tagged row in its tag's pool.
_TAGGED = "SELECT '' AS pool, * FROM t UNION ALL SELECT tag, * FROM t WHERE tag <> ''"


def _pool_cdf(name: str, cols: str, order: str, pooled: str, *, by: str = "pool", with_: str = "") -> str:
    """SQL creating ``name``: the ``pooled`` rows' ``cols`` with ``lo``, the share of their pool's weight ``w``
    before them in ``order``; an ASOF JOIN on ``u >= lo`` then draws a row with probability w / (its pool's)
    sum(w). ``with_`` defines a CTE ``t`` the pooled query may read."""
    cte = f"WITH t AS ({with_})\n" if with_ else ""
    return (f"CREATE OR REPLACE TEMP TABLE {name} AS\n{cte}"
            f"SELECT {cols}, (sum(w) OVER (PARTITION BY {by} ORDER BY {order} ROWS UNBOUNDED PRECEDING) - w)\n"
            f"           / sum(w) OVER (PARTITION BY {by}) AS lo\n"
            f"FROM ({pooled});")


def prepare(ctx: Ctx) -> None:
    """Cumulative-weight tables of the tail pools, from the dictionaries of this build."""
    ch_w = "CASE left(code, 1) " + " ".join(f"WHEN {lit(k)} THEN {v}" for k, v in DX_CHAPTER_WEIGHT.items()) \
        + " ELSE 0 END"
    sys_ch = "CASE left(code, 2) " + " ".join(f"WHEN {lit(k)} THEN {lit(v)}" for k, v in PCS_SYSTEM_CHAPTER.items()) \
        + " ELSE '' END"
    sec_w = "CASE left(code, 1) " + " ".join(f"WHEN {lit(k)} THEN {v}" for k, v in PCS_SECTION_WEIGHT.items()) \
        + " ELSE 0.1 END"
    p9_ch = "CASE " + " ".join(f"WHEN TRY_CAST(left(code, 2) AS INTEGER) BETWEEN {lo} AND {hi} THEN {lit(c)}"
                               for lo, hi, c in ICD9_PROC_CHAPTER) + " ELSE '' END"
    dx_cdf = _pool_cdf("tail_dx_cdf", "pool, code, icd9, sex", "code",
                       "SELECT '' AS pool, * FROM tail_dx UNION ALL SELECT chapter, * FROM tail_dx")
    proc_cdf = _pool_cdf("tail_proc_cdf", "version, pool, code", "code",
                         "SELECT '' AS pool, * FROM tail_proc UNION ALL SELECT chapter, * FROM tail_proc "
                         "WHERE chapter <> ''", by="version, pool")
    lab_cdf = _pool_cdf("tail_lab_cdf", "pool, itemid", "itemid", _TAGGED,
                        with_=f"SELECT itemid, tag, 1.0 / pow(10 + rank, {ZIPF_LAB}) AS w FROM v_tail_lab "
                              "WHERE itemid IN (SELECT itemid FROM mimiciv_hosp.d_labitems)")
    # pool 'icu': what an ICU gives intravenously (the drugs with MetaVision items)
    drug_cdf = _pool_cdf("tail_drug_cdf", "pool, drug_id", "drug_id",
                         _TAGGED + " UNION ALL SELECT 'icu', * FROM t "
                                   "WHERE drug_id IN (SELECT drug_id FROM v_drug WHERE icu_itemid IS NOT NULL)",
                         with_=f"SELECT drug_id, tag, 1.0 / pow(10 + rank, {ZIPF_DRUG}) AS w FROM v_tail_drug")
    ctx.sql(f"""
        -- Diagnoses: ICD-10-CM codes of the dictionary with an ICD-9-CM equivalent there too, not curated ones.
        CREATE OR REPLACE TEMP TABLE tail_dx AS
        WITH d AS (
            SELECT x.icd_code AS code, g.icd9, x.long_title AS title
            FROM mimiciv_hosp.d_icd_diagnoses x
            JOIN cms_gem g ON g.icd10 = x.icd_code
            JOIN mimiciv_hosp.d_icd_diagnoses x9 ON x9.icd_code = g.icd9 AND x9.icd_version = 9
            WHERE x.icd_version = 10 AND left(x.icd_code, 1) <> 'P'
              AND x.icd_code NOT IN (SELECT icd10 FROM v_dx) AND g.icd9 NOT IN (SELECT icd9 FROM v_dx)
              AND x.icd_code NOT LIKE 'Z38%' AND x.icd_code NOT LIKE 'Z3A%'
        )
        SELECT code, icd9, left(code, 1) AS chapter,
               CASE WHEN left(code, 1) = 'O' OR code BETWEEN 'N70' AND 'N99' THEN 'F'
                    WHEN code BETWEEN 'N40' AND 'N54' THEN 'M' END AS sex,
               ({ch_w}) * CASE WHEN title ILIKE '%unspecified%' THEN 2.0 ELSE 1.0 END
                   * CASE WHEN title ILIKE '%subsequent encounter%' OR title ILIKE '%sequela%' THEN 0.2 ELSE 1.0 END
                   / pow(10 + row_number() OVER (PARTITION BY left(code, 1) ORDER BY hash(code), code), {ZIPF_DX})
                   AS w
        FROM d;
        DELETE FROM tail_dx WHERE w <= 0;
        -- pool '' draws over all chapters; pool X within chapter X (coherence with the admission's problems)
        {dx_cdf}

        -- Procedures: each version its own set (there is no GEM for procedures in the package).
        CREATE OR REPLACE TEMP TABLE tail_proc AS
        WITH p AS (
            SELECT icd_code AS code, icd_version AS version FROM mimiciv_hosp.d_icd_procedures
            WHERE icd_code NOT IN (SELECT icd9 FROM v_proc UNION ALL SELECT icd10 FROM v_proc)
        ), c AS (
            SELECT code, version,
                   CASE WHEN version = 10 THEN {sys_ch} ELSE {p9_ch} END AS chapter,
                   CASE WHEN version = 10 THEN {sec_w} ELSE 1.0 END AS sw
            FROM p
        )
        SELECT code, version, chapter,
               sw / pow(10 + row_number() OVER (PARTITION BY version, chapter ORDER BY hash(code), code), {ZIPF_PROC})
                   AS w
        FROM c;
        {proc_cdf}

        -- Lab tests: the tail catalogue items present in d_labitems (all of them unless --vocab lacks some).
        {lab_cdf}

        -- Drugs: the tail catalogue (vocabulary/meds_tail.py), pooled by the chapter it treats.
        {drug_cdf}
    """)


def diagnoses(ctx: Ctx) -> None:
    """adm_dx_tail(a, code, version, prio): tail codes per admission (some lifelong, recurring per patient)."""
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE adm_chapter AS
        SELECT DISTINCT x.a, left(d.icd10, 1) AS chapter FROM adm_dx x JOIN v_dx d USING (key);

        CREATE OR REPLACE TEMP TABLE tail_draw AS
        -- lifelong tail conditions: drawn per patient, coded in most of the patient's admissions
        WITH pd AS (
            SELECT i, j, u2(i, j, {S.tail_pat}) AS u FROM (
                SELECT i, unnest(range(floor(u(i, {S.tail_pat_n}) * {DX_PER_ADMISSION * 0.8:.3f})::INTEGER)) AS j
                FROM pat)
        ),
        ad AS (
            SELECT m.a, j, u2(m.a, j, {S.tail_adm}) AS u, u2(m.a, j, {S.tail_pool}) AS up,
                   (SELECT list(chapter ORDER BY chapter) FROM adm_chapter c WHERE c.a = m.a) AS chapters
            FROM (SELECT a, unnest(range(floor(u(a, {S.tail_adm_n}) * (0.6 + 0.8 * sev)
                                               * {DX_PER_ADMISSION * 1.2:.3f})::INTEGER)) AS j FROM adm) m
        )
        SELECT m.a, 100 + pd.j AS j, '' AS pool, pd.u, TRUE AS lifelong FROM pd JOIN adm m USING (i)
        WHERE u2(m.a, pd.j, {S.tail_coded}) < 0.65
        UNION ALL
        SELECT a, j, CASE WHEN up < 0.35 AND len(chapters) > 0
                          THEN chapters[1 + floor(up / 0.35 * len(chapters))::INTEGER] ELSE '' END, u, FALSE
        FROM ad;

        CREATE OR REPLACE TEMP TABLE adm_dx_tail AS
        SELECT t.a, CASE WHEN m.icd_version = 10 THEN c.code ELSE c.icd9 END AS code, m.icd_version AS version,
               min(4.0 + u2(t.a, t.j, {S.tail_order})) AS prio, any_value(c.code) AS icd10
        FROM tail_draw t ASOF JOIN tail_dx_cdf c ON c.pool = t.pool AND t.u >= c.lo
        JOIN adm m ON m.a = t.a
        WHERE c.sex IS NULL OR c.sex = m.gender
        GROUP BY ALL;
        DROP TABLE tail_draw;
        CREATE OR REPLACE TEMP TABLE adm_chapter AS
        SELECT a, chapter FROM adm_chapter UNION SELECT a, left(icd10, 1) FROM adm_dx_tail;
    """)


def procedures(ctx: Ctx) -> None:
    """adm_proc_tail(a, code, version, t): tail procedure codes, mostly from the admission's chapters."""
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE adm_proc_tail AS
        WITH s AS (
            SELECT m.a, m.icd_version, m.start_s, m.disch_s, j, u2(m.a, j, {S.tproc}) AS u,
                   u2(m.a, j, {S.tproc_pool}) AS up,
                   (SELECT list(chapter ORDER BY chapter) FROM adm_chapter c WHERE c.a = m.a) AS chapters
            FROM (SELECT *, unnest(range({PROC_SLOTS})) AS j FROM adm) m
            WHERE u2(m.a, j, {S.tproc_p}) < 0.22 * (0.5 + 1.0 * m.sev + 0.6 * m.icu::INTEGER + 0.5 * m.surgery::INTEGER)
        ),
        p AS (
            SELECT s.*, CASE WHEN up < 0.7 AND len(chapters) > 0
                             THEN chapters[1 + floor(up / 0.7 * len(chapters))::INTEGER] ELSE '' END AS pool0
            FROM s
        ),
        q AS (  -- a chapter without procedures of its own falls back to all of them
            SELECT p.*, CASE WHEN EXISTS (SELECT 1 FROM tail_proc_cdf c WHERE c.version = p.icd_version
                                          AND c.pool = p.pool0) THEN pool0 ELSE '' END AS pool
            FROM p
        )
        SELECT q.a, c.code, q.icd_version AS version,
               min(q.start_s + floor(u2(q.a, q.j, {S.tproc_t}) * (q.disch_s - q.start_s))::BIGINT) AS t
        FROM q ASOF JOIN tail_proc_cdf c ON c.version = q.icd_version AND c.pool = q.pool AND q.u >= c.lo
        GROUP BY ALL;
    """)


def lab_specimens(ctx: Ctx) -> None:
    """Tail lab tests as one-test specimens of existing draws (added to the specimen table before numbering)."""
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE tail_lab_spec AS
        WITH s AS (
            SELECT d.draw_id, d.a, d.i, j, u2(d.draw_id, j, {S.tlab}) AS u, u2(d.draw_id, j, {S.tlab_pool}) AS up,
                   (SELECT list(chapter ORDER BY chapter) FROM adm_chapter c WHERE c.a = d.a) AS chapters
            FROM (SELECT *, unnest(range({LAB_SLOTS})) AS j FROM draw) d
            WHERE u2(d.draw_id, j, {S.tlab_p}) < CASE WHEN d.kind = 3 THEN 0.05 WHEN d.kind = 0 THEN 0.3 ELSE 0.08 END
        ),
        p AS (
            SELECT s.*, CASE WHEN up < 0.5 AND len(chapters) > 0
                             THEN chapters[1 + floor(up / 0.5 * len(chapters))::INTEGER] ELSE '' END AS pool0
            FROM s
        ),
        q AS (
            SELECT p.*, CASE WHEN pool0 IN (SELECT pool FROM tail_lab_cdf) THEN pool0 ELSE '' END AS pool FROM p
        )
        SELECT DISTINCT q.draw_id, q.a, 'T' || c.itemid::VARCHAR AS panel
        FROM q ASOF JOIN tail_lab_cdf c ON c.pool = q.pool AND q.u >= c.lo;
    """)


def lab_items() -> list[tuple]:
    """v_tail_lab rows: the catalogue with its pool tag and rank."""
    return [(it[0], it[11], it[12]) for it in labs_tail.tail_items()]


def drugs(ctx: Ctx) -> None:
    """adm_drug_tail(a, drug_id): tail drugs per admission, more for sicker and longer stays, half from its chapters."""
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE adm_drug_tail AS
        WITH s AS (
            SELECT m.a, j, u2(m.a, j, {S.tdrug}) AS u, u2(m.a, j, {S.tdrug_pool}) AS up,
                   (SELECT list(chapter ORDER BY chapter) FROM adm_chapter c WHERE c.a = m.a) AS chapters
            FROM (SELECT a, unnest(range(floor(u(a, {S.tdrug_n}) * 2 * {DRUG_SLOTS} * (0.4 + 0.8 * sev)
                                               * (0.6 + least(los_days, 20) / 12))::INTEGER)) AS j FROM adm) m
        ),
        p AS (
            SELECT s.*, CASE WHEN up < 0.5 AND len(chapters) > 0
                             THEN chapters[1 + floor(up / 0.5 * len(chapters))::INTEGER] ELSE '' END AS pool0
            FROM s
        ),
        q AS (
            SELECT p.a, p.u, CASE WHEN pool0 IN (SELECT pool FROM tail_drug_cdf) THEN pool0 ELSE '' END AS pool FROM p
            UNION ALL  -- an ICU stay adds intravenous drugs of its own
            SELECT a, u2(a, 1000 + j, {S.tdrug}), 'icu'
            FROM (SELECT a, unnest(range(floor(u(a, {S.tdrug_icu}) * 2 * {DRUG_SLOTS_ICU})::INTEGER)) AS j
                  FROM adm WHERE icu)
            WHERE EXISTS (SELECT 1 FROM tail_drug_cdf WHERE pool = 'icu')
        )
        SELECT DISTINCT q.a, c.drug_id FROM q ASOF JOIN tail_drug_cdf c ON c.pool = q.pool AND q.u >= c.lo;
    """)
