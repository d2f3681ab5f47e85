"""Billing tables: diagnoses_icd, procedures_icd, drgcodes, hcpcsevents.

Codes are in the ICD version of the admission's real date. Procedures done in
the ICU (intubation, ventilation by duration, central and arterial lines,
dialysis) are coded from the ICU device table, so the ICD codes agree with
procedureevents; operations are dated on the day of the OR (PACU) segment.
"""

from __future__ import annotations

from . import tail
from .sqlkit import Ctx, S

# Procedure keys that are coded from what happened in the ICU rather than drawn at random.
DERIVED = ("intubation", "vent_short", "vent_long", "cvc", "arterial_line", "hemodialysis")
SURGICAL = ("cabg", "lima", "cpb", "avr", "tkr", "orif_femur", "lap_chole", "hemicolectomy", "craniotomy")


def run(ctx: Ctx) -> None:
    diagnoses(ctx)
    procedures(ctx)
    drgs(ctx)
    hcpcs(ctx)


def diagnoses(ctx: Ctx) -> None:
    tail.diagnoses(ctx)
    ctx.insert("diagnoses_icd", """
        WITH x AS (
            SELECT x.a, x.prio, CASE WHEN m.icd_version = 10 THEN d.icd10 ELSE d.icd9 END AS icd_code
            FROM adm_dx x JOIN adm m USING (a) JOIN v_dx d USING (key)
            UNION ALL
            SELECT a, prio, code FROM adm_dx_tail
        )
        SELECT m.subject_id, m.hadm_id,
               row_number() OVER (PARTITION BY m.hadm_id ORDER BY x.prio, x.icd_code) AS seq_num,
               x.icd_code, m.icd_version
        FROM x JOIN adm m USING (a)""")


def procedures(ctx: Ctx) -> None:
    derived = ", ".join(f"'{k}'" for k in DERIVED)
    surgical = ", ".join(f"'{k}'" for k in SURGICAL)
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE adm_proc AS
        WITH r AS (
            SELECT m.a, cp.proc_key AS key,
                   CASE WHEN cp.proc_key IN ({surgical}) AND pacu.in_s IS NOT NULL THEN greatest(m.admit_s, pacu.in_s - 3600)
                        ELSE m.start_s + floor(u2(m.a, hash(cp.proc_key) % 1000003, {S.proc_time})
                                                * (m.disch_s - m.start_s))::BIGINT END AS t
            FROM adm m JOIN v_case_proc cp USING (case_id)
            LEFT JOIN seg pacu ON pacu.a = m.a AND pacu.kind = 'pacu'
            WHERE cp.proc_key NOT IN ({derived})
              AND u2(m.a, hash(cp.proc_key) % 1000003, {S.proc}) < cp.p * (0.9 + 0.9 * m.sev)
            UNION ALL SELECT a, 'intubation', vent_start FROM stay_dev WHERE vent
            UNION ALL SELECT a, CASE WHEN vent_end - vent_start >= 96 * 3600 THEN 'vent_long' ELSE 'vent_short' END,
                             vent_start FROM stay_dev WHERE vent
            UNION ALL SELECT a, 'cvc', cvc_start FROM stay_dev WHERE cvc AND u(sk, {S.code_cvc}) < 0.45
            UNION ALL SELECT a, 'arterial_line', art_start FROM stay_dev WHERE art AND u(sk, {S.code_art}) < 0.3
            UNION ALL SELECT a, 'hemodialysis', crrt_start FROM stay_dev WHERE crrt
        )
        SELECT a, key, min(t) AS t FROM r WHERE key IN (SELECT key FROM v_proc) GROUP BY a, key;
    """)
    tail.procedures(ctx)
    ctx.insert("procedures_icd", """
        WITH x AS (
            SELECT x.a, x.t, CASE WHEN m.icd_version = 10 THEN p.icd10 ELSE p.icd9 END AS icd_code
            FROM adm_proc x JOIN adm m USING (a) JOIN v_proc p USING (key)
            UNION ALL
            SELECT a, t, code FROM adm_proc_tail
        )
        SELECT m.subject_id, m.hadm_id,
               row_number() OVER (PARTITION BY m.hadm_id ORDER BY x.t, x.icd_code) AS seq_num,
               CAST(ts(x.t) AS DATE) AS chartdate, x.icd_code, m.icd_version
        FROM x JOIN adm m USING (a)""")


def drgs(ctx: Ctx) -> None:
    """MS-DRG (HCFA) picks the MCC / CC / plain variant from severity; APR-DRG carries severity and mortality 1-4."""
    ctx.insert("drgcodes", f"""
        SELECT m.subject_id, m.hadm_id, 'HCFA' AS drg_type, d.code AS drg_code, d.description
        FROM adm m JOIN v_case_drg d ON d.case_id = m.case_id
             AND d.variant = least(m.n_ms - 1, CASE WHEN m.died OR m.sev > 0.65 THEN 0 WHEN m.sev > 0.35 THEN 1
                                                    ELSE 2 END)
        WHERE u(m.a, {S.hcfa}) < 0.87
        UNION ALL BY NAME
        SELECT subject_id, hadm_id, 'APR' AS drg_type, apr_code AS drg_code, apr_desc AS description,
               sev_score AS drg_severity,
               clamp(sev_score - 1 + CASE WHEN died THEN 2 ELSE 0 END + round(0.6 * z(a, {S.apr_mort}))::INTEGER,
                     1, 4) AS drg_mortality
        FROM (SELECT *, clamp(1 + floor(sev * 3.2 + 0.6 * z(a, {S.apr_sev}))::INTEGER
                                + CASE WHEN died THEN 1 ELSE 0 END, 1, 4) AS sev_score
              FROM adm WHERE u(a, {S.apr}) < 0.82)""")


def hcpcs(ctx: Ctx) -> None:
    """Observation-stay codes and CPT codes of the procedures done (about a third are billed this way)."""
    ctx.insert("hcpcsevents", f"""
        WITH e AS (
            SELECT m.a, h.code, CAST(ts(m.admit_s) AS DATE) AS chartdate
            FROM adm m JOIN v_hcpcs h ON h.tag = 'obs'
            WHERE m.admission_type LIKE '%OBSERVATION%'
              AND u2(m.a, hash(h.code) % 1000003, {S.hcpcs_obs}) < 0.08
            UNION ALL
            SELECT x.a, h.code, CAST(ts(x.t) AS DATE)
            FROM adm_proc x JOIN v_hcpcs h ON h.tag = x.key
            WHERE u2(x.a, hash(h.code) % 1000003, {S.hcpcs_proc}) < 0.1
        )
        SELECT m.subject_id, m.hadm_id, e.chartdate, e.code AS hcpcs_cd,
               row_number() OVER (PARTITION BY m.hadm_id ORDER BY e.chartdate, e.code) AS seq_num,
               d.short_description
        FROM e JOIN adm m USING (a) JOIN mimiciv_hosp.d_hcpcs d ON d.code = e.code""")
