"""Patients, admissions, ward segments and what derives from them: transfers, services, ICU stays, staff lists.

Date shifting follows MIMIC-IV: each patient has an anchor_year (shifted,
2110-2200) that corresponds to a real year inside anchor_year_group, and an
anchor_age at that year (over 89 is reported as 91). Shifted dates keep the
season; the real date of an event (shifted date minus the patient's shift)
decides the ICD version (ICD-10 from 2015-10-01) and whether eMAR existed.
"""

from __future__ import annotations

from ..vocabulary import cases, hosp
from .sqlkit import Ctx, S, lit, pick

DAY = 86400


def patients(ctx: Ctx) -> None:
    groups = hosp.ANCHOR_YEAR_GROUPS
    g_idx = pick(f"u(i, {S.year_group})", [(j, w) for j, (_, _, w) in enumerate(groups)])
    labels = "[" + ", ".join(lit(g[0]) for g in groups) + "]"
    starts = "[" + ", ".join(str(g[1]) for g in groups) + "]"
    old = pick(f"u(i, {S.insurance})", hosp.INSURANCE_OLD)
    young = pick(f"u(i, {S.insurance})", hosp.INSURANCE_YOUNG)
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE pat AS
        WITH b AS (
            SELECT i, (10000000 + i)::INTEGER AS subject_id,
                   CASE WHEN u(i, {S.gender}) < 0.48 THEN 'F' ELSE 'M' END AS gender,
                   clamp(round(61 + 17.5 * z(i, {S.age})), 18, 102)::INTEGER AS age0,
                   {g_idx} AS g,
                   floor(u(i, {S.group_year}) * 3)::INTEGER AS g_year,
                   (2110 + floor(u(i, {S.anchor_year}) * 91))::INTEGER AS anchor_year,
                   -- admissions: 75% occasional patients, 25% frequent ones (geometric counts, capped)
                   least(25, 1 + floor(ln(1.0 - u(i, {S.n_adm}))
                                       / ln(CASE WHEN u(i, {S.frequent}) < 0.25 THEN 0.82 ELSE 0.35 END)))::INTEGER
                       AS n_adm,
                   floor(u(i, {S.first_day}) * 330)::INTEGER AS first_day,
                   floor(u(i, {S.first_min}) * 1440)::INTEGER AS first_min,
                   z(i, {S.height}) AS z_height, z(i, {S.bmi}) AS z_bmi, z(i, {S.sbp}) AS z_sbp
            FROM range({ctx.lo}, {ctx.hi}) r(i)
        )
        SELECT b.*,
               CASE WHEN age0 > 89 THEN 91 ELSE age0 END AS anchor_age,
               ({labels})[g + 1] AS anchor_year_group,
               ({starts})[g + 1] + g_year AS real_year,
               date_diff('day', make_date(({starts})[g + 1] + g_year, 1, 1), make_date(anchor_year, 1, 1)) AS shift_days,
               epoch_s(make_timestamp(anchor_year, 1, 1, 0, 0, 0)) + first_day * {DAY} + first_min * 60 AS first_s,
               CASE WHEN gender = 'M' THEN 69.4 ELSE 64.0 END + 2.8 * z_height AS height_in,
               exp(ln(27.8) + 0.21 * z_bmi) AS bmi,
               CASE WHEN age0 >= 65 THEN {old} ELSE {young} END AS insurance,
               {pick(f"u(i, {S.race})", hosp.RACES)} AS race,
               {pick(f"u(i, {S.language})", hosp.LANGUAGES)} AS language,
               CASE WHEN age0 > 75 AND u(i, {S.widowed}) < 0.4 THEN 'WIDOWED'
                    ELSE {pick(f"u(i, {S.marital})", hosp.MARITAL)} END AS marital_status
        FROM b;

        -- Lifelong comorbidities: more likely with age, some imply others (links), obesity follows the BMI.
        CREATE OR REPLACE TEMP TABLE pat_chronic AS
        WITH direct AS (
            SELECT p.i, d.key
            FROM pat p JOIN v_dx d ON d.kind = 'chronic'
            WHERE p.age0 >= d.min_age AND (d.sex IS NULL OR d.sex = p.gender) AND d.key <> 'obesity'
              AND u2(p.i, d.dx_id, {S.chronic}) < least(0.8, d.prevalence * (0.2 + 0.9 * p.age0 / 65.0))
            UNION ALL
            SELECT i, 'obesity' FROM pat WHERE bmi >= 30 AND u(i, {S.obesity_coded}) < 0.55
        )
        SELECT i, key FROM direct
        UNION
        SELECT d.i, l.then_key FROM direct d JOIN v_dx_link l ON l.if_key = d.key
        WHERE u2(d.i, hash(l.then_key) % 1000003, {S.chronic_link}) < l.p;
        DELETE FROM pat_chronic WHERE key NOT IN (SELECT key FROM v_dx);
    """)


def admissions(ctx: Ctx) -> None:
    """Admission-level facts that do not need times: case, type, severity, outcome, diagnoses."""
    case_pick = pick(f"u(i * 32 + k, {S.case})", [(i, c.weight) for i, c in enumerate(cases.CASES)])
    case0_pick = pick(f"u(i, {S.case0})", [(i, c.weight) for i, c in enumerate(cases.CASES)])
    type_by_profile = "CASE c.profile " + " ".join(
        f"WHEN {lit(p)} THEN {pick(f'u(a, {S.adm_type})', opts)}" for p, opts in cases.ADMISSION_TYPES.items()
    ) + " END"
    loc_by_type = "CASE admission_type " + " ".join(
        f"WHEN {lit(t)} THEN {pick(f'u(a, {S.adm_loc})', locs)}" for t, (_, locs) in cases.ADMISSION_LOCATIONS.items()
    ) + " END"
    ed_by_type = "CASE admission_type " + " ".join(
        f"WHEN {lit(t)} THEN {ed_p}" for t, (ed_p, _) in cases.ADMISSION_LOCATIONS.items()) + " END"
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE adm0 AS
        WITH k AS (SELECT p.*, unnest(range(p.n_adm)) AS k FROM pat p),
        a AS (
            SELECT k.*, (i * 32 + k)::BIGINT AS a,
                   CASE WHEN k > 0 AND u(i * 32 + k, {S.same_case}) < 0.4 THEN {case0_pick}
                        ELSE {case_pick} END AS case_id
            FROM k
        ),
        t AS (
            SELECT a.*, c.key AS case_key, c.profile, c.service, c.ward, c.icu_p, c.vent_p, c.death_p, c.ward_days,
                   c.surgery, c.infection, c.hr AS d_hr, c.map AS d_map, c.temp AS d_temp, c.spo2 AS d_spo2,
                   c.rr AS d_rr, c.principal, c.apr_code, c.apr_desc, c.n_ms,
                   u(a, {S.severity}) AS sev,
                   {type_by_profile} AS admission_type
            FROM a JOIN v_case c USING (case_id)
        )
        SELECT t.*, {loc_by_type} AS admission_location,
               u(a, {S.ed}) < {ed_by_type} AS ed,
               k = n_adm - 1 AND u(a, {S.died}) < death_p * (0.5 + 2.5 * sev) * (0.4 + age0 / 60.0) AS died
        FROM t;

        -- Diagnoses of each admission as concept keys with a coding priority (seq_num order).
        CREATE OR REPLACE TEMP TABLE adm_dx_raw AS
        SELECT a, principal AS key, 0.0 AS prio FROM adm0
        UNION ALL
        SELECT m.a, s.dx_key, 1.0 + u2(m.a, hash(s.dx_key) % 1000003, {S.sec_order})
        FROM adm0 m JOIN v_case_sec s USING (case_id)
        WHERE u2(m.a, hash(s.dx_key) % 1000003, {S.secondary}) < s.p * (0.7 + 1.0 * m.sev)
        UNION ALL
        SELECT m.a, d.key, 2.0 + u2(m.a, d.dx_id, {S.acute_order})
        FROM adm0 m JOIN v_dx d ON d.kind = 'acute' AND d.generic_p > 0
        WHERE u2(m.a, d.dx_id, {S.acute}) < d.generic_p * (1.0 + 2.6 * m.sev)
        UNION ALL
        SELECT m.a, c.key, 3.0 + u2(m.a, hash(c.key) % 1000003, {S.chronic_order})
        FROM adm0 m JOIN pat_chronic c USING (i)
        WHERE u2(m.a, hash(c.key) % 1000003, {S.chronic_coded}) < 0.78
        UNION ALL
        SELECT a, 'dnr', 2.5 FROM adm0 WHERE (died AND u(a, {S.dnr}) < 0.7) OR u(a, {S.dnr_alive}) < 0.02 * age0 / 65
        UNION ALL
        SELECT a, 'palliative', 2.6 FROM adm0 WHERE died AND u(a, {S.palliative}) < 0.45
        UNION ALL
        SELECT m.a, 'obesity_bmi40', 3.9 FROM adm0 m WHERE m.bmi >= 40 AND u(m.a, {S.bmi40}) < 0.6;

        CREATE OR REPLACE TEMP TABLE adm_dx AS
        SELECT r.a, r.key, min(r.prio) AS prio
        FROM adm_dx_raw r WHERE r.key IN (SELECT key FROM v_dx)
        GROUP BY r.a, r.key;
        DROP TABLE adm_dx_raw;

        -- Outcome flags that follow from the diagnoses.
        CREATE OR REPLACE TEMP TABLE adm1 AS
        WITH f AS (
            SELECT a,
                   bool_or(key IN ('septic_shock', 'cardiogenic_shock')) AS shock_dx,
                   bool_or(key = 'dnr') AS dnr,
                   bool_or(key = 'afib') AS afib,
                   bool_or(key IN ('dm2', 'dka', 'insulin_use')) AS diabetic,
                   bool_or(key IN ('delirium', 'altered_mental', 'dementia', 'stroke', 'ich', 'subdural')) AS confused,
                   bool_or(key IN ('aki', 'esrd')) AS renal,
                   bool_or(key IN ('copd', 'copd_exac')) AS copd
            FROM adm_dx GROUP BY a
        )
        SELECT m.*, f.shock_dx, f.dnr, f.afib, f.diabetic, f.confused, f.renal, f.copd,
               (f.shock_dx OR m.icu_p > 0
                   AND u(m.a, {S.icu}) < least(0.98, m.icu_p * (0.9 + 1.1 * m.sev) + CASE WHEN m.died THEN 0.4 ELSE 0 END))
                   AS icu
        FROM adm0 m JOIN f USING (a);
        DROP TABLE adm0;
    """)


def segments(ctx: Ctx) -> None:
    """Ward/ICU segments of each admission, then the admission timeline.

    Segment kinds in order: pre (ward), pacu, icu, icu2 (a second ICU unit, same stay),
    post (ward), icu_b (back to the ICU: a second stay), post2 (ward), lounge (discharge lounge).
    """
    icu2_unit = ("CASE WHEN icu_unit = 'Medical/Surgical Intensive Care Unit (MICU/SICU)' "
                 "THEN 'Medical Intensive Care Unit (MICU)' ELSE 'Medical/Surgical Intensive Care Unit (MICU/SICU)' END")
    lognorm = "exp(ln({med}) + {sd} * z(a, {salt}))"
    # Observation stays are short whatever the problem.
    obs = ("CASE admission_type WHEN 'EU OBSERVATION' THEN 0.25 WHEN 'DIRECT OBSERVATION' THEN 0.4 "
           "WHEN 'AMBULATORY OBSERVATION' THEN 0.4 ELSE 1.0 END")
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE adm2 AS
        SELECT m.*,
               m.icu AND u(a, {S.vent}) < least(0.95, m.vent_p * (0.6 + 0.8 * sev) + CASE WHEN died THEN 0.3 ELSE 0 END)
                   AS vent,
               CASE WHEN m.icu THEN ci.unit END AS icu_unit,
               -- which segments exist
               (NOT m.icu AND NOT m.surgery) OR (m.icu AND u(a, {S.pre}) < 0.35)
                   OR (m.surgery AND m.profile <> 'elective' AND u(a, {S.pre}) < 0.7) AS has_pre,
               m.surgery AS has_pacu,
               m.icu AND u(a, {S.icu2}) < 0.08 AS has_icu2,
               NOT (m.died AND m.icu AND u(a, {S.die_in_icu}) < 0.85)
                   AND (m.icu OR m.surgery OR u(a, {S.post}) < 0.4) AS has_post,
               u(a, {S.service_change}) < 0.15 AS service_change
        FROM adm1 m JOIN v_case_icu ci ON ci.case_id = m.case_id
             AND u(m.a, {S.icu_unit}) >= ci.lo AND u(m.a, {S.icu_unit}) < ci.hi;
        DROP TABLE adm1;
        UPDATE adm2 SET has_pre = TRUE WHERE NOT has_pacu AND NOT icu;

        CREATE OR REPLACE TEMP TABLE seg0 AS
        WITH s AS (
            SELECT a, 1 AS seg_no, 'pre' AS kind,
                   CASE WHEN profile = 'observation' AND u(a, {S.obs_unit}) < 0.5
                        THEN 'Emergency Department Observation' ELSE ward END AS careunit,
                   CASE WHEN icu OR has_pacu THEN {lognorm.format(med=6 * 3600, sd=0.8, salt=S.d_pre)}
                        ELSE {lognorm.format(med='ward_days * 0.84 * 86400', sd=0.95, salt=S.d_pre)} * {obs}
                   END AS dur
            FROM adm2 WHERE has_pre
            UNION ALL
            SELECT a, 2, 'pacu', 'PACU', 3600 * (2 + 3 * u(a, {S.d_pacu})) FROM adm2 WHERE has_pacu
            UNION ALL
            SELECT a, 3, 'icu', icu_unit,
                   clamp({lognorm.format(med='1.9 * 86400 * (0.7 + 0.8 * sev)', sd=0.9, salt=S.d_icu)}, 6 * 3600,
                         40 * 86400)
            FROM adm2 WHERE icu
            UNION ALL
            SELECT a, 4, 'icu2', {icu2_unit}, {lognorm.format(med=86400, sd=0.6, salt=S.d_icu2)}
            FROM adm2 WHERE has_icu2
            UNION ALL
            SELECT a, 5, 'post', CASE WHEN service_change THEN sv.ward ELSE m.ward END,
                   {lognorm.format(med='ward_days * 0.67 * 86400', sd=0.95, salt=S.d_post)} * {obs}
            FROM adm2 m LEFT JOIN v_service sv ON sv.service = m.service WHERE has_post
            UNION ALL
            SELECT a, 6, 'icu_b', icu_unit, {lognorm.format(med=1.5 * 86400, sd=0.7, salt=S.d_icu_b)}
            FROM adm2 WHERE icu AND has_post AND u(a, {S.icu_b}) < 0.05
            UNION ALL
            SELECT a, 7, 'post2', CASE WHEN service_change THEN sv.ward ELSE m.ward END,
                   {lognorm.format(med=1.5 * 86400, sd=0.7, salt=S.d_post2)}
            FROM adm2 m LEFT JOIN v_service sv ON sv.service = m.service
            WHERE has_post AND (icu AND u(a, {S.icu_b}) < 0.05 OR u(a, {S.post2}) < 0.12)
            UNION ALL
            SELECT a, 8, 'lounge', 'Discharge Lounge', 3600 * (1 + 3 * u(a, {S.d_lounge}))
            FROM adm2 WHERE NOT died AND u(a, {S.lounge}) < 0.1
        )
        SELECT a, seg_no, kind, careunit,
               greatest(CASE WHEN kind IN ('pre', 'post') THEN 4 * 3600 ELSE 1800 END, round(dur))::BIGINT AS dur
        FROM s;

        -- Timeline: admissions follow each other with lognormal gaps (median 120 days).
        CREATE OR REPLACE TEMP TABLE adm_t AS
        WITH d AS (
            SELECT a, sum(dur) AS seg_total FROM seg0 GROUP BY a
        ),
        e AS (
            SELECT m.a, m.i, m.k, m.first_s,
                   CASE WHEN m.ed THEN round(3600 * (1.5 + 5 * u(m.a, {S.ed_before})))::BIGINT ELSE 0 END AS ed_before,
                   CASE WHEN m.ed THEN round(3600 * (0.3 + 2.5 * u(m.a, {S.ed_after})))::BIGINT ELSE 0 END AS ed_after,
                   d.seg_total,
                   CASE WHEN m.k = 0 THEN 0
                        ELSE 86400 * clamp(round(exp(ln(120) + 1.4 * z(m.a, {S.gap}))), 2, 1500)::BIGINT END AS gap
            FROM adm2 m JOIN d USING (a)
        ),
        c AS (
            SELECT e.*, ed_after + seg_total AS hosp_dur,
                   first_s + sum(gap) OVER w
                   + coalesce(sum(ed_after + seg_total) OVER (PARTITION BY i ORDER BY k
                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS raw_s
            FROM e WINDOW w AS (PARTITION BY i ORDER BY k ROWS UNBOUNDED PRECEDING)
        )
        SELECT a, ed_before::BIGINT AS ed_before, ed_after::BIGINT AS ed_after, ((raw_s // 60) * 60)::BIGINT AS admit_s,
               ((raw_s // 60) * 60 + ((hosp_dur + 59) // 60) * 60)::BIGINT AS disch_s
        FROM c;

        CREATE OR REPLACE TEMP TABLE adm AS
        SELECT m.*, t.admit_s, t.disch_s,
               CASE WHEN m.ed THEN t.admit_s - t.ed_before END AS edreg_s,
               CASE WHEN m.ed THEN t.admit_s + t.ed_after END AS edout_s,
               t.admit_s + t.ed_after AS start_s,
               (20000000 + (({ctx.seq('hadm')} + row_number() OVER (ORDER BY m.a)) * 7654321 + 1234567) % 10000000)::INTEGER
                   AS hadm_id,
               CASE WHEN t.admit_s - m.shift_days * 86400 >= epoch_s(TIMESTAMP '{hosp.ICD10_START}') THEN 10 ELSE 9 END
                   AS icd_version,
               t.admit_s - m.shift_days * 86400 >= epoch_s(TIMESTAMP '{hosp.EMAR_START}') AS has_emar,
               m.anchor_age + (year(ts(t.admit_s)) - m.anchor_year) AS age,
               (t.disch_s - t.admit_s) / 86400.0 AS los_days
        FROM adm2 m JOIN adm_t t USING (a);
        DROP TABLE adm2;
        DROP TABLE adm_t;

        -- Absolute segment times; the last segment ends exactly at discharge.
        CREATE OR REPLACE TEMP TABLE seg AS
        SELECT s.a, s.seg_no, s.kind, s.careunit, m.hadm_id, m.subject_id,
               (m.start_s + coalesce(sum(s.dur) OVER w - s.dur, 0))::BIGINT AS in_s,
               (CASE WHEN row_number() OVER (PARTITION BY s.a ORDER BY s.seg_no DESC) = 1 THEN m.disch_s
                    ELSE m.start_s + sum(s.dur) OVER w END)::BIGINT AS out_s
        FROM seg0 s JOIN adm m USING (a)
        WINDOW w AS (PARTITION BY s.a ORDER BY s.seg_no ROWS UNBOUNDED PRECEDING);
        DROP TABLE seg0;
    """)


def write_admissions(ctx: Ctx) -> None:
    disch = pick(f"u(a, {S.disch_loc})", cases.DISCHARGE_LOCATIONS)
    ctx.insert("admissions", f"""
        SELECT subject_id, hadm_id, ts(admit_s) AS admittime, ts(disch_s) AS dischtime,
               CASE WHEN died THEN ts(disch_s) END AS deathtime, admission_type,
               any_prov(a, 0, {S.admit_prov}) AS admit_provider_id, admission_location,
               CASE WHEN died THEN 'DIED'
                    WHEN case_key = 'lung_cancer' AND u(a, {S.hospice}) < 0.25 THEN 'HOSPICE'
                    ELSE {disch} END AS discharge_location,
               insurance, language, marital_status, race, ts(edreg_s) AS edregtime, ts(edout_s) AS edouttime,
               died::INTEGER AS hospital_expire_flag
        FROM adm""")


def write_patients(ctx: Ctx) -> None:
    """dod: the in-hospital death, or for some others a death within a year of the last discharge."""
    ctx.insert("patients", f"""
        WITH last AS (
            SELECT i, max(disch_s) AS last_s, bool_or(died) AS died, max(sev) AS sev FROM adm GROUP BY i
        )
        SELECT p.subject_id, p.gender, p.anchor_age, p.anchor_year, p.anchor_year_group,
               CASE WHEN l.died THEN CAST(ts(l.last_s) AS DATE)
                    WHEN u(p.i, {S.dod}) < 0.07 + 0.22 * l.sev * p.age0 / 70.0
                        THEN CAST(ts(l.last_s + 86400 * (1 + floor(u(p.i, {S.dod_days}) * 364))::BIGINT) AS DATE)
               END AS dod
        FROM pat p JOIN last l USING (i)""")


def write_transfers(ctx: Ctx) -> None:
    """ED visit, admit, transfers and the discharge event per admission, plus ED visits without admission."""
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE ed_only AS
        SELECT m.subject_id, m.a, m.admit_s - 86400 * (2 + floor(u(m.a, {S.ed_only_day}) * 20))::BIGINT AS in_s
        FROM adm m WHERE m.k = 0 AND u(m.a, {S.ed_only}) < 0.3;
    """)
    ctx.insert("transfers", f"""
        WITH t AS (
            SELECT subject_id, hadm_id, a, 0 AS n, 'ED' AS eventtype, 'Emergency Department' AS careunit,
                   edreg_s AS in_s, edout_s AS out_s
            FROM adm WHERE ed
            UNION ALL
            SELECT subject_id, hadm_id, a, seg_no, CASE WHEN seg_no = min(seg_no) OVER (PARTITION BY a)
                   THEN 'admit' ELSE 'transfer' END, careunit, in_s, out_s
            FROM seg
            UNION ALL
            SELECT subject_id, hadm_id, a, 99, 'discharge', NULL, disch_s, NULL FROM adm
            UNION ALL
            SELECT subject_id, NULL, a, 100, 'ED', 'Emergency Department', in_s,
                   in_s + round(3600 * (2 + 6 * u(a, {S.ed_only_dur})))::BIGINT FROM ed_only
            UNION ALL
            SELECT subject_id, NULL, a, 101, 'discharge', NULL,
                   in_s + round(3600 * (2 + 6 * u(a, {S.ed_only_dur})))::BIGINT, NULL FROM ed_only
        )
        SELECT subject_id, hadm_id,
               (30000000 + (({ctx.rows_before('transfers')} + row_number() OVER (ORDER BY a, n)) * 7654321 + 7777)
                % 10000000) AS transfer_id,
               eventtype, careunit, ts(in_s) AS intime, ts(out_s) AS outtime
        FROM t""")


def write_services(ctx: Ctx) -> None:
    ctx.insert("services", f"""
        SELECT subject_id, hadm_id, ts(admit_s + 30 + floor(u(a, {S.svc_time}) * 600)::BIGINT) AS transfertime,
               NULL AS prev_service, service AS curr_service
        FROM adm
        UNION ALL
        SELECT m.subject_id, m.hadm_id, ts(s.in_s), m.service, v.second
        FROM adm m JOIN v_service v ON v.service = m.service
        JOIN seg s ON s.a = m.a AND s.kind = 'post'
        WHERE m.service_change""")


def write_icustays(ctx: Ctx) -> None:
    """One stay per run of consecutive ICU segments (icu + icu2, or icu_b)."""
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE stay AS
        WITH g AS (
            SELECT a, hadm_id, subject_id, CASE WHEN kind = 'icu_b' THEN 2 ELSE 1 END AS stay_no,
                   min(in_s) AS in_s, max(out_s) AS out_s,
                   arg_min(careunit, seg_no) AS first_careunit, arg_max(careunit, seg_no) AS last_careunit
            FROM seg WHERE kind IN ('icu', 'icu2', 'icu_b')
            GROUP BY a, hadm_id, subject_id, stay_no
        )
        SELECT g.*, (a * 2 + stay_no) AS sk,
               (30000000 + (({ctx.seq('stay')} + row_number() OVER (ORDER BY a, stay_no)) * 7919 + 4242) % 10000000)::INTEGER
                   AS stay_id
        FROM g;
    """)
    ctx.insert("icustays", """
        SELECT subject_id, hadm_id, stay_id, first_careunit, last_careunit, ts(in_s) AS intime, ts(out_s) AS outtime,
               (out_s - in_s) / 86400.0 AS los
        FROM stay""")


def write_staff(ctx: Ctx) -> None:
    ctx.insert("provider", f"SELECT prov_id(j) AS provider_id FROM range({ctx.providers}) r(j)")
    ctx.insert("caregiver", f"SELECT care_id(j) AS caregiver_id FROM range({ctx.caregivers}) r(j)")
