"""Provider orders and medications: poe, poe_detail, pharmacy, prescriptions, emar, emar_detail.

A drug course (drug x admission, from meds.TRIGGERS) is split into orders,
renewed every few days; each order is one poe row, one pharmacy row and one
prescriptions row (plus a BASE row for a drug mixed in a bag), renewals are
'Change' orders that discontinue the previous one, a course stopped before
discharge ends with a 'D/C' order. Scheduled and PRN doses become eMAR
administrations (for admissions after the eMAR went live), and the same
doses, when given in an ICU, become inputevents. poe also holds the lab,
ADT, code status and nursing orders of each admission.
"""

from __future__ import annotations

from ..vocabulary import hosp
from . import tail
from .sqlkit import Ctx, S, lit, perm_id, pick

H = 3600
ICU_ONLY = ("norepinephrine", "propofol", "fentanyl_drip")
INFUSION_ADMIN = ("IV Infusion", "Heparin IV Infusion", "Insulin Infusion (IV Drip)")


def medications(ctx: Ctx) -> None:
    icu_only = ", ".join(lit(k) for k in ICU_ONLY)
    tail.drugs(ctx)
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE course AS
        WITH c AS (
            SELECT DISTINCT t.a, d.drug_id
            FROM adm_tags t JOIN v_trigger g USING (tag) JOIN v_drug d USING (drug_key)
            WHERE u2(t.a, (hash(t.tag) % 1000003) * 128 + d.drug_id, {S.trigger}) < least(0.97, g.p * 1.9)
            UNION
            SELECT a, drug_id FROM adm_drug_tail  -- the long tail (synth/tail.py), drug_id past the core ones
        ),
        w AS (
            SELECT c.a, c.drug_id, d.drug_key, d.frequency, m.start_s, m.disch_s, s.in_s, s.out_s, s.vent_start,
                   s.vent_end, s.shock_start,
                   CASE
                     WHEN d.drug_key = 'norepinephrine' THEN s.shock_start
                     WHEN d.drug_key IN ('propofol', 'fentanyl_drip') THEN s.vent_start + 600
                     WHEN d.drug_key = 'insulin_drip' THEN coalesce(s.in_s, m.start_s) + {H}
                     WHEN d.drug_key = 'heparin_iv' THEN m.start_s + 2 * {H}
                     WHEN d.drug_key IN ('ns_ivf', 'lr_ivf') THEN m.start_s + 1800
                     WHEN d.route = 'IV DRIP' AND d.drug_key LIKE 'tail:%'
                         THEN s.in_s + floor(u2(c.a, c.drug_id, {S.course_start}) * 0.5 * (s.out_s - s.in_s))::BIGINT
                     ELSE m.start_s + 1800 + floor(u2(c.a, c.drug_id, {S.course_start})
                                                     * least(12 * {H}, 0.3 * (m.disch_s - m.start_s)))::BIGINT
                   END AS s0,
                   CASE
                     WHEN d.drug_key = 'norepinephrine'
                         THEN s.shock_start + clamp(round(exp(ln(30 * {H}) + 0.7 * z2(c.a, c.drug_id, {S.pressor_d}))),
                                                   4 * {H}, 10 * 86400)::BIGINT
                     WHEN d.drug_key IN ('propofol', 'fentanyl_drip') THEN s.vent_end
                     WHEN d.drug_key = 'insulin_drip'
                         THEN coalesce(s.in_s, m.start_s) + (20 + floor(u2(c.a, c.drug_id, {S.idrip}) * 28)::BIGINT) * {H}
                     WHEN d.drug_key = 'heparin_iv' THEN m.start_s + (2 + floor(u2(c.a, c.drug_id, {S.hep}) * 3)) * 86400
                     WHEN d.drug_key IN ('ns_ivf', 'lr_ivf')
                         THEN m.start_s + (8 + floor(u2(c.a, c.drug_id, {S.ivf}) * 30)::BIGINT) * {H}
                   END AS s1_fixed,
                   d.drug_key LIKE 'tail:%' AS tail, d.route
            FROM c JOIN v_drug d USING (drug_id) JOIN adm m USING (a)
            LEFT JOIN stay_dev s ON s.a = c.a AND s.stay_no = 1
            WHERE (d.drug_key NOT IN ({icu_only}) AND NOT (d.drug_key LIKE 'tail:%' AND d.route = 'IV DRIP'))
                  OR s.sk IS NOT NULL
        )
        SELECT a, drug_id, drug_key, frequency, ((s0::BIGINT // 60) * 60)::BIGINT AS start_s,
               -- a tail drug is a shorter course (an infusion ends with the ICU stay)
               ((least(disch_s, CASE WHEN tail AND route = 'IV DRIP' THEN out_s ELSE disch_s END,
                       coalesce(s1_fixed::BIGINT, s0 + floor((disch_s - s0) * CASE WHEN tail
                           THEN 0.1 + 0.5 * u2(a, drug_id, {S.course_len})
                           ELSE 0.35 + 0.65 * u2(a, drug_id, {S.course_len}) END)::BIGINT)) // 60) * 60)::BIGINT
                   AS stop_s,
               disch_s
        FROM w;
        DELETE FROM course WHERE start_s IS NULL OR stop_s IS NULL OR stop_s <= start_s + 1800;

        -- Orders: ONCE drugs are 1-3 separate orders, others are renewed every ~2 days (at most 6 orders); a tail drug
        -- is one order, or up to 3 for a long course.
        CREATE OR REPLACE TEMP TABLE med_order AS
        WITH n AS (
            SELECT c.*, CASE WHEN drug_key LIKE 'tail:%' AND frequency IN ('ONCE', 'CONTINUOUS') THEN 1
                             WHEN drug_key LIKE 'tail:%' THEN clamp(1 + ((stop_s - start_s) // (72 * {H}))::INTEGER, 1, 3)
                             WHEN frequency = 'ONCE' THEN 1 + floor(u2(a, drug_id, {S.n_once}) * 3)::INTEGER
                             WHEN frequency = 'CONTINUOUS' THEN 1
                             ELSE clamp(1 + ((stop_s - start_s) // (54 * {H}))::INTEGER, 1, 6) END AS n_ord
            FROM course c
        ),
        k AS (SELECT n.*, unnest(range(n_ord)) AS k FROM n),
        o AS (
            SELECT k.a, k.drug_id, k.k, k.n_ord, k.frequency, k.disch_s, ((k.a * 1024 + k.drug_id) * 8 + k.k) AS ok,
                   CASE WHEN frequency = 'ONCE'
                        THEN ((start_s + floor(u2(a, drug_id * 8 + k, {S.once_t}) * greatest(0, stop_s - start_s - 2 * {H})))
                              // 60) * 60
                        ELSE start_s + ((stop_s - start_s) // n_ord) * k END AS o_start,
                   CASE WHEN frequency = 'ONCE' THEN NULL
                        ELSE CASE WHEN k = n_ord - 1 THEN stop_s ELSE start_s + ((stop_s - start_s) // n_ord) * (k + 1) END
                   END AS o_stop
            FROM k
        )
        SELECT o.a, o.drug_id, o.k, o.n_ord, o.ok, o.frequency, o.o_start::BIGINT AS start_s,
               coalesce(o.o_stop, o.o_start + {H})::BIGINT AS stop_s, o.o_stop IS NOT NULL AND o.o_stop >= o.disch_s - 60
                   AS to_discharge,
               greatest(m.admit_s, o.o_start::BIGINT - 300 - floor(u(o.ok, {S.order_lead}) * 3300)::BIGINT) AS ordertime,
               {perm_id(f"{ctx.seq('pharmacy')} + row_number() OVER (ORDER BY o.ok)", 0, 100000000, 48271, 12345)}
                   AS pharmacy_id,
               m.subject_id, m.hadm_id, m.has_emar, m.admit_s, m.disch_s
        FROM o JOIN adm m USING (a);

        -- Doses: scheduled slots from the start at the order's interval; PRN slots are used a third of the time.
        CREATE OR REPLACE TEMP TABLE med_admin AS
        WITH s AS (
            SELECT o.ok, o.a, o.start_s, o.stop_s, d.*,
                   unnest(range(CASE WHEN d.frequency = 'ONCE' THEN 1
                                     WHEN d.frequency = 'CONTINUOUS'
                                         THEN 2 + ((o.stop_s - o.start_s) // (12 * {H}))::INTEGER
                                     ELSE least(300, greatest(1, ceil((o.stop_s - o.start_s) / (d.interval_h * {H})))
                                               )::INTEGER END)) AS j
            FROM med_order o JOIN v_drug d USING (drug_id)
        ),
        e AS (
            SELECT s.*, u2(ok, j, {S.dose_event}) AS ue,
                   CASE WHEN frequency = 'CONTINUOUS'
                        THEN CASE WHEN j = 0 THEN start_s
                                  WHEN start_s + j * 12 * {H} >= stop_s THEN stop_s
                                  ELSE start_s + j * 12 * {H} END
                        ELSE start_s + round(j * interval_h * {H})::BIGINT END AS t
            FROM s WHERE NOT prn OR u2(ok, j, {S.prn_used}) < 0.6
        )
        SELECT ok, a, j, t, drug_id,
               CASE WHEN admin_type = 'IV Flush' THEN CASE WHEN ue < 0.72 THEN 'Flushed' ELSE 'Not Flushed' END
                    WHEN admin_type = 'Insulin SC Sliding Scale'
                        THEN CASE WHEN ue < 0.6 THEN 'Administered' ELSE 'Not Given per Sliding Scale' END
                    WHEN admin_type = 'Transdermal Patch' THEN 'Applied'
                    WHEN admin_type IN ({", ".join(lit(x) for x in INFUSION_ADMIN)})
                        THEN CASE WHEN j = 0 THEN 'Started' WHEN t >= stop_s THEN 'Stopped' ELSE 'Confirmed' END
                    WHEN prn THEN 'Administered'
                    WHEN ue < 0.9 THEN 'Administered' WHEN ue < 0.95 THEN 'Not Given'
                    WHEN ue < 0.97 THEN 'Hold Dose' ELSE 'Delayed Administered' END AS event_txt,
               CASE WHEN admin_type = 'Insulin SC Sliding Scale' THEN 2 + floor(u2(ok, j, {S.ss_units}) * 9)
                    ELSE TRY_CAST(dose_val AS DOUBLE) END AS dose_num
        FROM e WHERE t < stop_s OR (frequency = 'CONTINUOUS' AND t = stop_s);
        CREATE OR REPLACE TEMP TABLE med_admin AS
        SELECT *, event_txt IN ('Administered', 'Flushed', 'Applied', 'Started', 'Delayed Administered') AS given
        FROM med_admin;
    """)


def poe(ctx: Ctx) -> None:
    """All provider orders of an admission, numbered per patient (poe_id = subject_id-poe_seq)."""
    admit_to = ("CASE WHEN first_kind = 'icu' THEN 'ICU' WHEN service IN ('SURG', 'CSURG', 'ORTHO', 'TRAUM', 'NSURG') "
                "THEN 'Surgery' WHEN service IN ('NMED') THEN 'Neuromed' WHEN service = 'PSYCH' THEN 'Psychiatry' "
                "WHEN service = 'CMED' THEN 'Cardiology NP' ELSE 'Medicine' END")
    transfer_to = ("CASE WHEN s.kind LIKE 'icu%' THEN 'ICU' WHEN s.careunit IN ('Med/Surg', 'Cardiac Surgery', "
                   "'Med/Surg/Trauma', 'PACU') THEN 'Surgery' WHEN s.careunit = 'Neurology' THEN 'Neuromed' "
                   "ELSE 'Medicine' END")
    full = pick(f"u(a, {S.code_full})", hosp.CODE_STATUS_FULL)
    dnr = pick(f"u(a, {S.code_dnr})", hosp.CODE_STATUS_DNR)
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE poe_all AS
        WITH first_seg AS (SELECT a, arg_min(kind, seg_no) AS first_kind FROM seg GROUP BY a),
        r AS (
            -- src 0: medication orders (key = ok), 1: their D/C orders
            SELECT 0 AS src, o.ok AS key, o.a, o.ordertime AS t, 'Medications' AS order_type, NULL AS order_subtype,
                   CASE WHEN o.k > 0 AND o.frequency NOT IN ('ONCE') THEN 'Change' ELSE 'New' END AS transaction_type,
                   CASE WHEN o.k > 0 AND o.frequency NOT IN ('ONCE') THEN o.ok - 1 END AS ref_key,
                   NULL AS field_name, NULL AS field_value
            FROM med_order o
            UNION ALL
            SELECT 1, o.ok, o.a, o.stop_s, 'Medications', NULL, 'D/C', o.ok, NULL, NULL
            FROM med_order o WHERE o.k = o.n_ord - 1 AND o.frequency NOT IN ('ONCE') AND NOT o.to_discharge
            UNION ALL
            -- 2: lab orders, one per inpatient draw
            SELECT 2, d.draw_id, d.a, greatest(m.admit_s, d.t - 600 - CASE WHEN d.kind = 0 THEN 0
                       ELSE floor(u(d.draw_id, {S.lab_order}) * 8 * {H})::BIGINT END),
                   'Lab', NULL, 'New', NULL, NULL, NULL
            FROM draw d JOIN adm m USING (a) WHERE d.a IS NOT NULL
            UNION ALL
            -- 3: ADT admit / 4: transfers / 5: discharge
            SELECT 3, m.a, m.a, m.admit_s + 60, 'ADT orders', 'Admit', 'New', NULL, 'Admit to', {admit_to}
            FROM adm m JOIN first_seg f USING (a)
            UNION ALL
            SELECT 4, s.a * 16 + s.seg_no, s.a, greatest(m.admit_s, s.in_s - 1800 - floor(u2(s.a, s.seg_no,
                       {S.transfer_order}) * 2 * {H})::BIGINT), 'ADT orders', 'Transfer', 'New', NULL, 'Transfer to',
                   {transfer_to}
            FROM seg s JOIN adm m USING (a)
            WHERE s.seg_no > (SELECT min(seg_no) FROM seg x WHERE x.a = s.a) AND s.kind <> 'lounge'
            UNION ALL
            SELECT 5, m.a, m.a, greatest(m.admit_s, m.disch_s - {H} - floor(u(m.a, {S.dc_order}) * 5 * {H})::BIGINT),
                   'ADT orders', 'Discharge', 'New', NULL, 'Discharge Planning', 'Finalized'
            FROM adm m WHERE NOT m.died
            UNION ALL
            -- 6: code status
            SELECT 6, m.a, m.a, m.admit_s + 1800, 'General Care', 'Code status', 'New', NULL, 'Code status',
                   CASE WHEN m.dnr THEN {dnr} ELSE {full} END
            FROM adm m
            UNION ALL
            -- 7: ventilation, 8: transfusion, 9: echo
            SELECT 7, d.sk, d.a, greatest(d.in_s, d.vent_start - 300), 'Respiratory', 'Mechanical Ventilation', 'New',
                   NULL, NULL, NULL FROM stay_dev d WHERE d.vent
            UNION ALL
            SELECT 8, p.a, p.a, p.t, 'Blood Bank', 'Red Cell Product Order', 'New', NULL, NULL, NULL
            FROM adm_proc p WHERE p.key = 'prbc'
            UNION ALL
            SELECT 9, p.a, p.a, p.t, 'Cardiology', 'Echo', 'New', NULL, NULL, NULL FROM adm_proc p WHERE p.key = 'echo'
            UNION ALL
            -- 10: nursing, nutrition, imaging... (count per admission + per day of stay)
            SELECT 10, (g.a * 64 + g.order_id) * 64 + g.n, g.a,
                   g.start_s + floor(u2(g.a, g.order_id * 64 + g.n, {S.gen_t}) * (g.disch_s - g.start_s))::BIGINT,
                   g.order_type, g.order_subtype, 'New', NULL, g.field_name,
                   (SELECT pv.value FROM v_poe_value pv WHERE pv.order_id = g.order_id
                      AND u2(g.a, g.order_id * 64 + g.n, {S.gen_v}) >= pv.lo
                      AND u2(g.a, g.order_id * 64 + g.n, {S.gen_v}) < pv.hi)
            FROM (SELECT m.a, m.start_s, m.disch_s, o.*,
                         unnest(range(least(60, floor(o.per_adm + u2(m.a, o.order_id, {S.gen_n1}))
                                         + floor(o.per_day * m.los_days + u2(m.a, o.order_id, {S.gen_n2})))::INTEGER))
                             AS n
                  FROM adm m CROSS JOIN v_poe_order o) g
        )
        SELECT *, subject_id::VARCHAR || '-' || poe_seq::VARCHAR AS poe_id FROM (
            SELECT r.*, m.subject_id, m.hadm_id,
                   row_number() OVER (PARTITION BY m.subject_id ORDER BY r.t, r.src, r.key) AS poe_seq,
                   any_prov(r.a, floor(u2(r.a, r.src * 1000003 + r.key % 1000003, {S.poe_prov}) * 4), {S.poe_prov2})
                       AS order_provider_id
            FROM r JOIN adm m USING (a));
    """)
    ctx.insert("poe", """
        SELECT p.poe_id, p.poe_seq, p.subject_id, p.hadm_id, ts(p.t) AS ordertime, p.order_type, p.order_subtype,
               p.transaction_type, prev.poe_id AS discontinue_of_poe_id, nxt.poe_id AS discontinued_by_poe_id,
               p.order_provider_id, 'Inactive' AS order_status
        FROM poe_all p
        LEFT JOIN poe_all prev ON p.ref_key IS NOT NULL AND prev.src = 0 AND prev.key = p.ref_key
        LEFT JOIN poe_all nxt ON p.src = 0 AND nxt.src IN (0, 1) AND nxt.ref_key = p.key""")
    ctx.insert("poe_detail", """
        SELECT poe_id, poe_seq, subject_id, field_name, field_value FROM poe_all WHERE field_name IS NOT NULL
        UNION ALL
        SELECT p.poe_id, p.poe_seq, p.subject_id, 'Admit category',
               CASE WHEN m.admission_type LIKE '%OBSERVATION%' THEN 'Place in observation' ELSE 'Admit to inpatient' END
        FROM poe_all p JOIN adm m USING (a) WHERE p.src = 3
        UNION ALL
        SELECT poe_id, poe_seq, subject_id, 'Discharge When', 'Discharge Now' FROM poe_all WHERE src = 5""")


def emar(ctx: Ctx) -> None:
    """pharmacy and prescriptions per order, eMAR rows per dose (when the admission's date had eMAR)."""
    ctx.sql("""
        CREATE OR REPLACE TEMP TABLE med_ord AS
        SELECT o.*, p.poe_id, p.poe_seq, p.order_provider_id, d.*
        FROM med_order o JOIN poe_all p ON p.src = 0 AND p.key = o.ok JOIN v_drug d USING (drug_id);
    """)
    ctx.insert("pharmacy", f"""
        SELECT subject_id, hadm_id, pharmacy_id, poe_id, ts(start_s) AS starttime, ts(stop_s) AS stoptime,
               drug AS medication, proc_type,
               CASE WHEN frequency = 'ONCE' THEN 'Expired' WHEN k < n_ord - 1 THEN 'Inactive (Due to a change order)'
                    WHEN to_discharge THEN 'Discontinued via patient discharge' ELSE 'Discontinued' END AS status,
               ts(ordertime + 60 + floor(u(ok, {S.ph_enter}) * 600)::BIGINT) AS entertime,
               ts(ordertime + 660 + floor(u(ok, {S.ph_verify}) * 3600)::BIGINT) AS verifiedtime,
               route, frequency,
               CASE frequency WHEN 'Q8H' THEN '0, 8, 16' WHEN 'Q12H' THEN '8, 20' WHEN 'BID' THEN '8, 20'
                    WHEN 'TID' THEN '8, 14, 20' WHEN 'QID' THEN '8, 12, 16, 20' WHEN 'Q6H' THEN '0, 6, 12, 18'
                    WHEN 'DAILY' THEN '8' WHEN 'Q24H' THEN '8' WHEN 'QPM' THEN '17' WHEN 'QHS' THEN '21'
                    WHEN 'QACHS' THEN '7, 11, 17, 21' END AS disp_sched,
               CASE WHEN admin_type = 'Insulin SC Sliding Scale' THEN 'Y' END AS sliding_scale,
               CASE WHEN per24 > 0 THEN per24 END AS doses_per_24_hrs,
               CASE WHEN frequency = 'ONCE' THEN 1 END AS duration,
               CASE WHEN frequency = 'ONCE' THEN 'Doses' ELSE 'Ongoing' END AS duration_interval,
               36 AS expiration_value, 'Hours' AS expiration_unit,
               CASE WHEN proc_type = 'Unit Dose' THEN 'Omnicell' ELSE 'Floor Stock Item' END AS dispensation
        FROM med_ord""")
    ctx.insert("prescriptions", """
        SELECT subject_id, hadm_id, pharmacy_id, poe_id, poe_seq, order_provider_id, ts(start_s) AS starttime,
               ts(stop_s) AS stoptime, 'MAIN' AS drug_type, drug, formulary_drug_cd,
               lpad((hash(drug_key) % 1000000)::VARCHAR, 6, '0') AS gsn,
               lpad((hash(drug_key || '/ndc') % 100000000000)::VARCHAR, 11, '0') AS ndc,
               prod_strength, dose_val AS dose_val_rx, dose_unit AS dose_unit_rx, form_val_disp, form_unit_disp,
               CASE WHEN per24 > 0 THEN per24 END AS doses_per_24_hrs, route
        FROM med_ord
        UNION ALL BY NAME
        SELECT o.subject_id, o.hadm_id, o.pharmacy_id, o.poe_id, o.poe_seq, o.order_provider_id,
               ts(o.start_s) AS starttime, ts(o.stop_s) AS stoptime, 'BASE' AS drug_type, b.drug,
               upper(substr(replace(b.drug, ' ', ''), 1, 6)) || 'B' AS formulary_drug_cd,
               lpad((hash(b.base_key || '/ndc') % 100000000000)::VARCHAR, 11, '0') AS ndc,
               b.dose_val AS dose_val_rx, b.dose_unit AS dose_unit_rx, '1' AS form_val_disp,
               b.form_unit_disp, o.route
        FROM med_ord o JOIN v_base b USING (base_key)""")
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE emar_all AS
        WITH e AS (
            SELECT x.*, o.subject_id, o.hadm_id, o.poe_id, o.pharmacy_id, o.drug, o.admin_type, o.proc_type,
                   o.dose_val, o.dose_unit, o.form_val_disp, o.form_unit_disp, o.prod_strength, o.formulary_drug_cd,
                   o.route, o.base_key, o.admit_s, o.disch_s,
                   clamp(x.t + round(900 * z2(x.ok, x.j, {S.emar_jitter}))::BIGINT, o.admit_s, o.disch_s) AS ct
            FROM med_admin x JOIN med_ord o USING (ok)
            WHERE o.has_emar
        )
        SELECT *, subject_id::VARCHAR || '-' || emar_seq::VARCHAR AS emar_id FROM (
            SELECT e.*, row_number() OVER (PARTITION BY subject_id ORDER BY ct, ok, j) AS emar_seq FROM e);
    """)
    ctx.insert("emar", f"""
        SELECT subject_id, hadm_id, emar_id, emar_seq, poe_id,
               CASE WHEN u2(ok, j, {S.emar_ph}) < 0.85 THEN pharmacy_id END AS pharmacy_id,
               CASE WHEN u2(ok, j, {S.emar_prov}) < 0.03 THEN any_prov(ok, j, {S.emar_prov2}) END AS enter_provider_id,
               ts(ct) AS charttime, drug AS medication, event_txt, ts(t) AS scheduletime,
               ts(least(disch_s, ct + floor(u2(ok, j, {S.emar_store}) * 1800)::BIGINT)) AS storetime
        FROM emar_all""")
    ctx.insert("emar_detail", """
        SELECT subject_id, emar_id, emar_seq, NULL AS parent_field_ordinal, admin_type AS administration_type,
               CASE WHEN event_txt LIKE 'Not Given%' THEN 'Not Given' END AS complete_dose_not_given
        FROM emar_all
        UNION ALL BY NAME
        SELECT subject_id, emar_id, emar_seq, '1.1' AS parent_field_ordinal, pharmacy_id,
               CASE WHEN proc_type = 'Unit Dose' THEN 'if' ELSE 'iv' END AS barcode_type,
               dose_val AS dose_due, dose_unit AS dose_due_unit,
               CASE WHEN dose_num IS NOT NULL THEN numtxt(dose_num, CASE WHEN dose_num = round(dose_num) THEN 0 ELSE 1 END)
                    ELSE dose_val END AS dose_given,
               dose_unit AS dose_given_unit, form_val_disp AS product_amount_given, form_unit_disp AS product_unit,
               formulary_drug_cd AS product_code, drug || ' ' || prod_strength AS product_description,
               CASE WHEN route LIKE 'PO%' THEN 'PO' END AS route
        FROM emar_all WHERE given
        UNION ALL BY NAME
        SELECT e.subject_id, e.emar_id, e.emar_seq, '1.2' AS parent_field_ordinal, e.pharmacy_id, 'iv' AS barcode_type,
               b.dose_val AS dose_due, b.dose_unit AS dose_due_unit, b.dose_val AS dose_given, b.dose_unit AS dose_given_unit,
               '1' AS product_amount_given, b.form_unit_disp AS product_unit, b.drug AS product_description
        FROM emar_all e JOIN v_base b USING (base_key) WHERE e.given""")
