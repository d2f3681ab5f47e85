"""labevents, microbiologyevents, omr.

Labs are drawn as panels (one specimen_id each): an admission panel, morning
labs every day, a second draw per ICU day with blood gases, a urinalysis early
on, and outpatient panels at clinic visits (hadm_id NULL). A result is the
item's inpatient distribution moved by the admission's problems (LAB_EFFECTS,
in standard deviations) with an admission-level and a draw-level random part;
flag is 'abnormal' exactly when the value is outside the row's reference range.
"""

from __future__ import annotations

from . import tail
from .sqlkit import Ctx, S, perm_id


def labevents(ctx: Ctx) -> None:
    ctx.sql(f"""
        -- Clinic visits: dates spread before, between and after the admissions (used by omr and outpatient labs).
        CREATE OR REPLACE TEMP TABLE visit AS
        WITH span AS (
            SELECT i, subject_id, min(admit_s) AS first_s, max(disch_s) AS last_s, any_value(bmi) AS bmi,
                   any_value(height_in) AS height_in, any_value(z_sbp) AS z_sbp
            FROM adm GROUP BY i, subject_id
        ),
        v AS (
            SELECT s.*, unnest(range(3 + floor(u(i, {S.n_visits}) * 18)::INTEGER)) AS v FROM span s
        ),
        g AS (
            SELECT v.*, sum(1 + floor(u2(i, v, {S.visit_gap}) * 75)::INTEGER)
                            OVER (PARTITION BY i ORDER BY v ROWS UNBOUNDED PRECEDING) AS day_off
            FROM v
        )
        SELECT i, subject_id, v, bmi, height_in, z_sbp,
               ((first_s // 86400 - 200 + day_off) * 86400 + 8 * 3600
                + floor(u2(i, v, {S.visit_time}) * 8 * 3600)::BIGINT)::BIGINT AS t
        FROM g;

        -- Lab draws: admission panel, daily morning labs, ICU afternoon draws, outpatient visits.
        CREATE OR REPLACE TEMP TABLE draw0 AS
        SELECT a, i, subject_id, hadm_id,
               least(disch_s - 600, start_s + 600 + floor(u(a, {S.draw_adm}) * 5400)::BIGINT) AS t, 0 AS kind
        FROM adm
        UNION ALL
        SELECT a, i, subject_id, hadm_id, t, 1 FROM (
            SELECT m.a, m.i, m.subject_id, m.hadm_id, m.disch_s,
                   (m.admit_s // 86400 + d) * 86400 + 4 * 3600 + floor(u2(m.a, d, {S.draw_am}) * 7200)::BIGINT AS t
            FROM (SELECT *, unnest(range(1, 2 + ((disch_s - admit_s) // 86400)::INTEGER)) AS d FROM adm) m
        ) WHERE t < disch_s - 3600
        UNION ALL
        SELECT a, i, subject_id, hadm_id, t, 2 FROM (
            SELECT s.a, m.i, s.subject_id, s.hadm_id, s.out_s,
                   (s.in_s // 86400 + d) * 86400 + 16 * 3600 + floor(u2(s.sk, d, {S.draw_pm}) * 5400)::BIGINT AS t,
                   s.in_s
            FROM (SELECT *, unnest(range(0, 1 + ((out_s - in_s) // 86400)::INTEGER)) AS d FROM stay) s
            JOIN adm m USING (a)
        ) WHERE t > in_s AND t < out_s
        UNION ALL
        -- a second ward draw on the days of a sicker patient, and ICU draws through the night
        SELECT a, i, subject_id, hadm_id, t, 4 FROM (
            SELECT m.a, m.i, m.subject_id, m.hadm_id, m.disch_s, m.sev, m.start_s,
                   (m.admit_s // 86400 + d) * 86400 + 14 * 3600 + floor(u2(m.a, d, {S.draw_noon}) * 7200)::BIGINT AS t
            FROM (SELECT *, unnest(range(0, 1 + ((disch_s - admit_s) // 86400)::INTEGER)) AS d FROM adm) m
        ) WHERE t > start_s AND t < disch_s - 3600
            AND u2(a, t, {S.draw_noon_p}) < 0.1 + 0.5 * sev
        UNION ALL
        SELECT a, i, subject_id, hadm_id, t, 2 FROM (
            SELECT s.a, m.i, s.subject_id, s.hadm_id, s.out_s, s.in_s, s.sk, d, hr,
                   (s.in_s // 86400 + d) * 86400 + hr * 3600 + floor(u2(s.sk, d * 24 + hr, {S.draw_icu}) * 3600)::BIGINT
                       AS t
            FROM (SELECT *, unnest(range(0, 1 + ((out_s - in_s) // 86400)::INTEGER)) AS d FROM stay) s
            JOIN adm m USING (a) CROSS JOIN (SELECT unnest([10, 22]) AS hr)
        ) WHERE t > in_s AND t < out_s AND u2(sk, d * 24 + hr, {S.draw_icu_p}) < 0.3
        UNION ALL
        SELECT NULL, i, subject_id, NULL, t + 1800, 3 FROM visit WHERE u2(i, v, {S.visit_lab}) < 0.85;

        CREATE OR REPLACE TEMP TABLE draw AS
        SELECT d.*, {ctx.seq('draw')} + row_number() OVER (ORDER BY d.subject_id, d.t, d.kind) AS draw_id,
               EXISTS (SELECT 1 FROM stay s WHERE s.a = d.a AND d.t BETWEEN s.in_s AND s.out_s) AS in_icu
        FROM draw0 d;
        DROP TABLE draw0;
    """)
    tail.lab_specimens(ctx)
    ctx.sql(f"""

        -- Specimens: panels per draw (base panels by ICU / ward probability, extra panels by tag, urinalysis).
        CREATE OR REPLACE TEMP TABLE specimen AS
        WITH s AS (
            SELECT d.draw_id, d.a, p.panel
            FROM draw d JOIN v_panel p ON (NOT p.only_icu OR d.in_icu)
            WHERE u2(d.draw_id, hash(p.panel) % 1000003, {S.panel})
                  < CASE WHEN d.kind = 3 THEN p.p_ward * 0.8 WHEN d.in_icu THEN p.p_icu ELSE p.p_ward END
                * CASE WHEN d.kind = 2 AND p.panel IN ('lft', 'diff', 'ld', 'fibrinogen') THEN 0.3 ELSE 1 END
            UNION
            SELECT d.draw_id, d.a, x.panel
            FROM draw d JOIN adm_tags t ON t.a = d.a JOIN v_extra_panel x ON x.tag = t.tag
            WHERE d.kind < 3 AND u2(d.draw_id, hash(x.panel) % 1000003, {S.extra_panel}) < x.p
            UNION
            SELECT d.draw_id, d.a, 'ua' FROM draw d
            WHERE d.kind = 0 AND u(d.a, {S.ua}) < CASE WHEN EXISTS (SELECT 1 FROM adm_tags t
                       WHERE t.a = d.a AND t.tag IN ('uti', 'pyelo', 'sepsis', 'ecoli_sepsis')) THEN 0.95 ELSE 0.45 END
            UNION
            SELECT d.draw_id, d.a, 'uchem' FROM draw d
            WHERE d.kind = 0 AND u(d.a, {S.uchem}) < CASE WHEN EXISTS (SELECT 1 FROM adm_tags t
                       WHERE t.a = d.a AND t.tag IN ('aki', 'hyponatremia')) THEN 0.7 ELSE 0.08 END
            UNION
            SELECT d.draw_id, d.a, 'x_lipids' FROM draw d WHERE d.kind = 3 AND u(d.draw_id, {S.out_lipid}) < 0.2
            UNION
            SELECT d.draw_id, d.a, 'x_a1c' FROM draw d WHERE d.kind = 3 AND u(d.draw_id, {S.out_a1c}) < 0.15
            UNION
            SELECT draw_id, a, panel FROM tail_lab_spec
        )
        SELECT s.*,
               {perm_id(f"{ctx.seq('specimen')} + row_number() OVER (ORDER BY s.draw_id, s.panel)", 0, 100000000, 48271, 977)}
                   AS specimen_id
        FROM s;

        -- How each admission's problems move each test (sum of shifts, in SDs).
        CREATE OR REPLACE TEMP TABLE adm_lab_shift AS
        SELECT t.a, e.itemid, sum(e.shift) AS shift
        FROM adm_tags t JOIN v_lab_effect e USING (tag) GROUP BY t.a, e.itemid;
        -- labevent_id without sorting a million rows: offsets per specimen plus the item's place in its panel.
        CREATE OR REPLACE TEMP TABLE panel_pos AS
        SELECT pi.panel, pi.itemid, row_number() OVER (PARTITION BY pi.panel ORDER BY pi.itemid) - 1 AS pos,
               count(*) OVER (PARTITION BY pi.panel) AS n
        FROM v_panel_item pi JOIN v_labitem USING (itemid);
        -- What is common to a specimen's rows: the ordering provider, when results were stored, the priority.
        CREATE OR REPLACE TEMP TABLE spec_off AS
        WITH x AS (
            SELECT sp.specimen_id, d.subject_id, d.t, d.kind, d.in_icu, pp.n, u(sp.specimen_id, {S.lab_prio}) AS up
            FROM specimen sp JOIN draw d USING (draw_id)
            JOIN (SELECT panel, any_value(n) AS n FROM panel_pos GROUP BY panel) pp USING (panel)
        )
        SELECT specimen_id,
               ({ctx.rows_before('labevents')} + sum(n) OVER (ORDER BY subject_id, t, specimen_id ROWS UNBOUNDED PRECEDING)
                - n)::BIGINT AS off,
               CASE WHEN u(specimen_id, {S.lab_prov}) < 0.15 THEN any_prov(specimen_id, 1, {S.lab_prov2}) END
                   AS order_provider_id,
               t + 1800 + floor(u(specimen_id, {S.lab_store}) * 5400)::BIGINT AS store_s,
               CASE WHEN kind = 3 THEN CASE WHEN up < 0.7 THEN 'ROUTINE' END
                    WHEN in_icu OR kind = 0 THEN CASE WHEN up < 0.8 THEN 'STAT' ELSE 'ROUTINE' END
                    ELSE CASE WHEN up < 0.55 THEN 'ROUTINE' WHEN up < 0.92 THEN 'STAT' END
               END AS priority
        FROM x;
        CREATE OR REPLACE TEMP TABLE pat_lab_shift AS
        SELECT p.i, e.itemid, sum(e.shift) * 0.7 AS shift
        FROM (SELECT i, key AS tag FROM pat_chronic UNION ALL SELECT i, 'female' FROM pat WHERE gender = 'F') p
        JOIN v_lab_effect e USING (tag) GROUP BY p.i, e.itemid;
    """)
    ctx.insert("labevents", f"""
        WITH r AS (
            SELECT d.subject_id, d.hadm_id, d.i, d.a, d.t, d.kind, d.in_icu, sp.specimen_id, sp.draw_id, sp.panel,
                   it.*, p.gender, m.sev, so.off + pi.pos + 1 AS labevent_id, so.order_provider_id, so.store_s,
                   so.priority,
                   coalesce(CASE WHEN d.a IS NULL THEN ps.shift ELSE ash.shift END, 0)
                       * CASE WHEN d.a IS NULL THEN 1.0 ELSE 0.6 + 0.8 * m.sev END AS shift,
                   0.75 * z2(coalesce(d.a, d.i * 32 + 31), it.itemid, {S.lab_adm})
                       + 0.6 * z2(sp.draw_id, CASE WHEN it.grp > 0 THEN -it.grp ELSE it.itemid END, {S.lab_draw}) AS zz
            FROM specimen sp JOIN draw d USING (draw_id)
            JOIN panel_pos pi ON pi.panel = sp.panel JOIN v_labitem it ON it.itemid = pi.itemid
            JOIN spec_off so ON so.specimen_id = sp.specimen_id
            JOIN pat p ON p.i = d.i
            LEFT JOIN adm m ON m.a = d.a
            LEFT JOIN adm_lab_shift ash ON ash.a = d.a AND ash.itemid = it.itemid
            LEFT JOIN pat_lab_shift ps ON ps.i = d.i AND ps.itemid = it.itemid
        ),
        v AS (
            SELECT r.*,
                   CASE r.dist WHEN 'n' THEN clamp(round(center + spread * (zz + shift), decimals), clip_lo, clip_hi)
                               WHEN 'l' THEN clamp(round(center * exp(spread * (zz + shift)), decimals), clip_lo, clip_hi)
                   END AS valuenum,
                   CASE WHEN gender = 'F' THEN ref_lo_f ELSE ref_lo END AS lower,
                   CASE WHEN gender = 'F' THEN ref_hi_f ELSE ref_hi END AS upper,
                   -- text results: a sicker patient draws the later (abnormal) options more often
                   CASE WHEN r.dist = 't' THEN pow(u2(r.specimen_id, r.itemid, {S.lab_text}), exp(-0.6 * shift)) END AS ut
            FROM r
        )
        SELECT v.labevent_id, v.subject_id, v.hadm_id, v.specimen_id, v.itemid,
               v.order_provider_id, ts(v.t) AS charttime, ts(v.store_s) AS storetime,
               CASE WHEN v.dist = 't' THEN tv.value ELSE numtxt(v.valuenum, v.decimals) END AS value,
               v.valuenum, v.valueuom, v.lower AS ref_range_lower, v.upper AS ref_range_upper,
               CASE WHEN v.dist = 't' THEN CASE WHEN tv.abnormal THEN 'abnormal' END
                    WHEN v.valuenum < v.lower OR v.valuenum > v.upper THEN 'abnormal' END AS flag,
               v.priority
        FROM v LEFT JOIN v_lab_text tv ON v.dist = 't' AND tv.itemid = v.itemid AND v.ut >= tv.lo AND v.ut < tv.hi""")


def microbiology(ctx: Ctx) -> None:
    """Cultures when infection is suspected; growth gives an organism row and its susceptibility rows."""
    ctx.insert("microbiologyevents", f"""
        WITH sp AS (
            SELECT m.a, m.subject_id, m.hadm_id, s.*, n,
                   m.start_s + floor(u2(m.a, s.spec_itemid * 4 + n, {S.micro_t}) * least(m.disch_s - m.start_s,
                       CASE WHEN m.infection THEN 86400 ELSE 3 * 86400 END))::BIGINT AS t,
                   CASE WHEN m.infection THEN 2.4 ELSE 0.8 END * s.positive_rate AS p_pos
            FROM adm m JOIN v_micro_spec s ON TRUE
            CROSS JOIN (SELECT unnest([0, 1, 2, 3]) AS n) k
            WHERE (n = 0 OR s.spec_key IN ('blood', 'urine') AND n < 2 OR s.spec_key = 'blood')
              AND u2(m.a, s.spec_itemid * 4 + n, {S.micro}) < 0.75 * CASE
                  WHEN s.tag = 'infection' THEN CASE WHEN m.infection THEN 0.9 ELSE
                       CASE WHEN s.spec_key = 'blood' THEN 0.12 ELSE 0.22 END END
                  WHEN s.tag = 'icu' THEN CASE WHEN m.icu THEN 0.6 ELSE 0.03 END
                  ELSE CASE WHEN EXISTS (SELECT 1 FROM adm_tags t WHERE t.a = m.a AND t.tag = s.tag
                                         OR t.a = m.a AND s.tag = 'diarrhea' AND t.tag = 'cdiff') THEN 0.8
                            ELSE 0.02 END END
        ),
        res AS (
            SELECT sp.*, {perm_id(f"{ctx.seq('micro_specimen')} + row_number() OVER (ORDER BY sp.a, sp.spec_itemid, sp.n)", 1, 9999999, 48271, 11)}
                       AS micro_specimen_id,
                   CASE WHEN u2(sp.a, sp.spec_itemid * 4 + sp.n, {S.micro_pos}) < least(0.9, sp.p_pos)
                        THEN (SELECT o.org_itemid FROM v_micro_org o WHERE o.spec_key = sp.spec_key
                              AND u2(sp.a, sp.spec_itemid * 4 + sp.n, {S.micro_org}) >= o.lo
                              AND u2(sp.a, sp.spec_itemid * 4 + sp.n, {S.micro_org}) < o.hi) END AS org_itemid
            FROM sp
        ),
        rows AS (
            SELECT r.*, NULL::INTEGER AS ab_itemid, NULL AS ab_name, NULL::DOUBLE AS r_rate, NULL::DOUBLE AS mic_s,
                   NULL::DOUBLE AS mic_r, 0 AS ab_order
            FROM res r
            UNION ALL
            SELECT r.*, ab.ab_itemid, ab.ab_name, ab.r_rate, ab.mic_s, ab.mic_r, 1
            FROM res r JOIN v_micro_ab ab ON ab.org_itemid = r.org_itemid
            WHERE r.spec_key NOT IN ('mrsa', 'cdiff')
        ),
        x AS (
            SELECT w.*, o.org_name,
                   u2(w.micro_specimen_id, coalesce(w.ab_itemid, 0), {S.micro_r}) < w.r_rate AS resistant
            FROM rows w LEFT JOIN (SELECT DISTINCT org_itemid, org_name FROM v_micro_org) o USING (org_itemid)
        )
        SELECT {ctx.rows_before('microbiologyevents')} + row_number() OVER (ORDER BY subject_id, t, micro_specimen_id,
                   ab_order, ab_itemid) AS microevent_id,
               subject_id, hadm_id, micro_specimen_id,
               CAST(date_trunc('day', ts(t)) AS TIMESTAMP) AS chartdate, ts(t) AS charttime,
               spec_itemid, spec_type_desc, 1 AS test_seq,
               CAST(date_trunc('day', ts(t + 86400 * (1 + (org_itemid IS NOT NULL)::INTEGER * 2))) AS TIMESTAMP)
                   AS storedate,
               ts(t + 86400 * (1 + (org_itemid IS NOT NULL)::INTEGER * 2) + floor(u(micro_specimen_id, {S.micro_store})
                   * 36000)::BIGINT) AS storetime,
               test_itemid, test_name, org_itemid, org_name,
               CASE WHEN org_itemid IS NOT NULL THEN 1 END AS isolate_num,
               ab_itemid, ab_name,
               CASE WHEN ab_itemid IS NOT NULL THEN
                   CASE WHEN resistant THEN '=>' || numtxt(mic_r, CASE WHEN mic_r < 1 THEN 2 ELSE 0 END)
                        ELSE '<=' || numtxt(mic_s, CASE WHEN mic_s < 1 THEN 2 ELSE 0 END) END END AS dilution_text,
               CASE WHEN ab_itemid IS NOT NULL THEN CASE WHEN resistant THEN '=>' ELSE '<=' END END
                   AS dilution_comparison,
               CASE WHEN ab_itemid IS NOT NULL THEN CASE WHEN resistant THEN mic_r ELSE mic_s END END AS dilution_value,
               CASE WHEN ab_itemid IS NOT NULL THEN CASE WHEN resistant THEN 'R' ELSE 'S' END END AS interpretation,
               CASE WHEN org_itemid IS NULL THEN no_growth END AS comments
        FROM x""")


def omr(ctx: Ctx) -> None:
    """Clinic measurements: blood pressure as 'sys/dia' text, weight (lbs), BMI and height (inches)."""
    ctx.insert("omr", f"""
        WITH v AS (
            SELECT x.*, x.bmi * (1 + 0.025 * z2(x.i, x.v, {S.omr_w})) AS bmi_v,
                   EXISTS (SELECT 1 FROM pat_chronic c WHERE c.i = x.i AND c.key = 'htn') AS htn
            FROM visit x
        ),
        w AS (
            SELECT v.*, bmi_v * pow(height_in * 0.0254, 2) * 2.20462 AS lbs,
                   round(clamp(124 + CASE WHEN htn THEN 12 ELSE 0 END + 13 * z_sbp
                               + 9 * z2(i, v, {S.omr_bp}), 85, 210)) AS sbp
            FROM v
        )
        SELECT subject_id, CAST(ts(t) AS DATE) AS chartdate, 1 AS seq_num, 'Blood Pressure' AS result_name,
               sbp::INTEGER || '/' || round(clamp(sbp * 0.6 + 6 * z2(i, v, {S.omr_dbp}), 45, 120))::INTEGER
                   AS result_value
        FROM w WHERE u2(i, v, {S.omr_has_bp}) < 0.85
        UNION ALL
        SELECT subject_id, CAST(ts(t) AS DATE), 2, 'Blood Pressure',
               round(sbp - 4 + 6 * z2(i, v, {S.omr_bp2}))::INTEGER || '/'
               || round(clamp(sbp * 0.6 + 6 * z2(i, v, {S.omr_dbp2}), 45, 120))::INTEGER
        FROM w WHERE u2(i, v, {S.omr_has_bp}) < 0.85 AND u2(i, v, {S.omr_bp_twice}) < 0.1
        UNION ALL
        SELECT subject_id, CAST(ts(t) AS DATE), 1, 'Weight (Lbs)', CAST(round(lbs, 1) AS VARCHAR)
        FROM w WHERE u2(i, v, {S.omr_has_w}) < 0.9
        UNION ALL
        SELECT subject_id, CAST(ts(t) AS DATE), 1, 'BMI (kg/m2)', CAST(round(bmi_v, 1) AS VARCHAR)
        FROM w WHERE u2(i, v, {S.omr_has_w}) < 0.9 AND u2(i, v, {S.omr_has_bmi}) < 0.85
        UNION ALL
        SELECT subject_id, CAST(ts(t) AS DATE), 1, 'Height (Inches)', CAST(round(height_in, 1) AS VARCHAR)
        FROM w WHERE u2(i, v, {S.omr_has_h}) < 0.35""")
