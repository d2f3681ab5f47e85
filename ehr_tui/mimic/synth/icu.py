"""The icu module: devices per stay, chartevents, inputevents, ingredientevents, outputevents, procedureevents,
datetimeevents.

Each ICU stay gets lines, a urinary catheter and maybe ventilation and dialysis
(stay_dev); they drive procedureevents, datetimeevents (line dates), the
ventilator settings and GCS charted, the urine output item, and the ICD
procedure codes. Vital signs are charted hourly from a stay baseline moved by
the case type (septic patients are tachycardic and hypotensive) and improving
over the stay unless the patient dies. Drugs given in the ICU appear in
inputevents at the same times as their eMAR administrations.
"""

from __future__ import annotations

from .sqlkit import Ctx, S, perm_id

H = 3600


def devices(ctx: Ctx) -> None:
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE stay_dev AS
        WITH b AS (
            SELECT st.*, m.case_key, m.surgery, m.sev, m.died AND st.out_s = m.disch_s AS dies_here, m.shock_dx,
                   m.afib, m.diabetic, m.confused, m.renal, m.copd, m.infection, m.d_hr, m.d_map, m.d_temp, m.d_spo2,
                   m.d_rr, m.i, m.gender, m.age,
                   st.stay_no = 1 AND m.vent AS vent,
                   m.bmi * pow(m.height_in * 0.0254, 2) * (1 + 0.03 * z(st.sk, {S.adm_weight})) AS weight_kg,
                   m.height_in, m.admit_s
            FROM stay st JOIN adm m USING (a)
        ),
        t AS (
            SELECT b.*,
                   in_s + CASE WHEN surgery THEN 0 ELSE floor(u(sk, {S.vent_t}) * 3 * {H})::BIGINT END AS vent_start,
                   clamp(round(exp(ln(30 * {H}) + 1.0 * z(sk, {S.vent_d}))), 4 * {H}, 30 * 86400)::BIGINT AS vent_dur,
                   u(sk, {S.art}) < 0.25 + 0.45 * vent::INTEGER + 0.4 * surgery::INTEGER AS art,
                   u(sk, {S.cvc}) < 0.15 + 0.35 * vent::INTEGER + 0.4 * shock_dx::INTEGER + 0.3 * surgery::INTEGER
                       AS cvc,
                   u(sk, {S.picc}) < 0.08 AS picc,
                   u(sk, {S.foley}) < 0.45 + 0.4 * vent::INTEGER + 0.4 * surgery::INTEGER AS foley,
                   u(sk, {S.g20}) < 0.8 AS g20, u(sk, {S.g18}) < 0.45 AS g18,
                   u(sk, {S.crrt}) < 0.02 + 0.25 * renal::INTEGER AS crrt,
                   shock_dx OR (sev > 0.5 AND u(sk, {S.shock}) < 0.12) AS shock
            FROM b
        )
        SELECT t.*,
               CASE WHEN vent THEN greatest(vent_start + {H}, least(vent_start + vent_dur,
                    CASE WHEN dies_here THEN out_s ELSE out_s - 1800 END)) END AS vent_end,
               least(out_s - 1800, in_s + floor(u(sk, {S.art_t}) * 2 * {H})::BIGINT) AS art_start,
               least(out_s - 1800, in_s + floor(u(sk, {S.cvc_t}) * 4 * {H})::BIGINT) AS cvc_start,
               least(out_s - 1800, in_s + floor(u(sk, {S.crrt_t}) * 12 * {H})::BIGINT) AS crrt_start,
               least(out_s - 1800, in_s + floor(u(sk, {S.shock_t}) * 6 * {H})::BIGINT) AS shock_start
        FROM t;
        UPDATE stay_dev SET vent_end = least(vent_end, out_s) WHERE vent;

        -- Tags of an admission: diagnosis keys, the case type, and what happened (drives drugs, labs, cultures).
        CREATE OR REPLACE TEMP TABLE adm_tags AS
        SELECT a, key AS tag FROM adm_dx
        UNION SELECT a, case_key FROM adm
        UNION SELECT a, 'all' FROM adm
        UNION SELECT a, 'icu' FROM adm WHERE icu
        UNION SELECT a, 'female' FROM adm WHERE gender = 'F'
        UNION SELECT a, 'vent' FROM stay_dev WHERE vent
        UNION SELECT a, 'shock' FROM stay_dev WHERE shock;

        -- Lines and catheters, one row each (procedureevents processes, datetimeevents line dates).
        CREATE OR REPLACE TEMP TABLE line AS
        WITH l AS (
            SELECT sk, 224275 AS itemid, 225754 AS dt_insert, NULL::INTEGER AS dt_dressing,
                   greatest(admit_s, in_s - floor(u(sk, {S.g20_t}) * 6 * {H})::BIGINT) AS start_s,
                   'Peripheral' AS locationcategory,
                   (['Left Antecubital', 'Right Antecubital', 'Left Forearm', 'Right Forearm', 'Left Hand'])
                       [1 + floor(u(sk, {S.g20_loc}) * 5)::INTEGER] AS location
            FROM stay_dev WHERE g20
            UNION ALL
            SELECT sk, 224277, 225755, NULL, least(out_s - 1800, in_s + floor(u(sk, {S.g18_t}) * 4 * {H})::BIGINT),
                   'Peripheral',
                   (['Left Antecubital', 'Right Antecubital', 'Left Forearm', 'Right Forearm'])
                       [1 + floor(u(sk, {S.g18_loc}) * 4)::INTEGER]
            FROM stay_dev WHERE g18
            UNION ALL
            SELECT sk, 225752, 224288, 224287, art_start, 'Invasive Arterial',
                   (['Left Radial', 'Right Radial', 'Left Femoral'])[1 + floor(u(sk, {S.art_loc}) * 3)::INTEGER]
            FROM stay_dev WHERE art
            UNION ALL
            SELECT sk, 224263, 224280, 224279, cvc_start, 'Invasive Venous',
                   (['Right IJ', 'Left IJ', 'Right Subclavian', 'Right Femoral'])
                       [1 + floor(u(sk, {S.cvc_loc}) * 4)::INTEGER]
            FROM stay_dev WHERE cvc
            UNION ALL
            SELECT sk, 224264, 224184, 224186, greatest(admit_s, in_s - floor(u(sk, {S.picc_t}) * 3 * 86400)::BIGINT),
                   'Invasive Venous',
                   (['Left Basilic', 'Right Basilic', 'Right Brachial'])[1 + floor(u(sk, {S.picc_loc}) * 3)::INTEGER]
            FROM stay_dev WHERE picc
            UNION ALL
            SELECT sk, 229351, 229352, NULL, least(out_s - 1800, in_s + floor(u(sk, {S.foley_t}) * 2 * {H})::BIGINT),
                   NULL, NULL
            FROM stay_dev WHERE foley
        )
        SELECT l.*, d.stay_id, d.hadm_id, d.subject_id, d.a, d.in_s, d.out_s, d.weight_kg,
               least(d.out_s, greatest(l.start_s + 1800,
                                       d.out_s - floor(u2(l.sk, l.itemid, {S.line_end}) * 6 * {H})::BIGINT)) AS end_s
        FROM l JOIN stay_dev d USING (sk);
    """)


# Chart items: (itemid, condition on the round, value SQL (text), valuenum SQL, warning SQL).
# Rounds are hourly; h is the hour of the stay, r the round's columns (see chartevents()).
_NUM = "numtxt({v}, 0)"
CHART_ITEMS: list[tuple[int, str, str, str, str]] = [
    (220045, "TRUE", "numtxt(hr, 0)", "hr", "(hr > hr_hi OR hr < hr_lo)::INTEGER"),
    (220210, "TRUE", "numtxt(rr, 0)", "rr", "(rr > 35 OR rr < 8)::INTEGER"),
    (220277, "TRUE", "numtxt(spo2, 0)", "spo2", "(spo2 < spo2_lo)::INTEGER"),
    (220179, "NOT art_now OR h % 4 = 0", "numtxt(nsbp, 0)", "nsbp", "0"),
    (220180, "NOT art_now OR h % 4 = 0", "numtxt(ndbp, 0)", "ndbp", "0"),
    (220181, "NOT art_now OR h % 4 = 0", "numtxt(nmbp, 0)", "nmbp", "0"),
    (220050, "art_now", "numtxt(sbp, 0)", "sbp", "(sbp > 140 OR sbp < 90)::INTEGER"),
    (220051, "art_now", "numtxt(dbp, 0)", "dbp", "(dbp > 90 OR dbp < 60)::INTEGER"),
    (220052, "art_now", "numtxt(mbp, 0)", "mbp", "0"),
    (220074, "cvc_now", "numtxt(cvp, 0)", "cvp", "0"),
    (223761, "h % 4 = 0", "numtxt(temp_f, 1)", "temp_f", "0"),
    (220739, "h % 4 = 0", "(['None', 'To Pain', 'To Speech', 'Spontaneously'])[gcs_e]", "gcs_e", "0"),
    (223900, "h % 4 = 0", "CASE WHEN vent_now THEN 'No Response-ETT' ELSE "
     "(['No Response', 'Incomprehensible sounds', 'Inappropriate Words', 'Confused', 'Oriented'])[gcs_v] END",
     "CASE WHEN vent_now THEN 1 ELSE gcs_v END", "0"),
    (223901, "h % 4 = 0", "(['No response', 'Abnormal extension', 'Abnormal Flexion', 'Flex-withdraws', "
     "'Localizes Pain', 'Obeys Commands'])[gcs_m]", "gcs_m", "0"),
    (228096, "h % 4 = 0", "(['-4 Deep sedation, no response to voice, but movement or eye opening to physical "
     "stimulation', '-3 Moderate sedation, movement or eye opening; No eye contact', '-2 Light sedation, briefly "
     "awakens to voice (eyes open/contact) < 10 sec', '-1 Awakens to voice (eyes open/contact) > 10 sec', "
     "' 0  Alert and calm', '+1 Anxious, apprehensive, but not aggressive'])[rass + 5]", "rass", "0"),
    (220048, "h % 4 = 0", "CASE WHEN afib THEN 'AF (Atrial Fibrillation)' WHEN hr > 100 THEN 'ST (Sinus Tachycardia)' "
     "WHEN hr < 60 THEN 'SB (Sinus Bradycardia)' ELSE 'SR (Sinus Rhythm)' END", "NULL", "0"),
    (223781, "h % 4 = 0", "CASE WHEN u2(sk, h, 91) < 0.3 AND NOT vent_now THEN 'Yes' ELSE 'No' END", "NULL", "0"),
    (226732, "h % 4 = 0", "CASE WHEN vent_now THEN 'Endotracheal tube' WHEN spo2 < 95 THEN 'Nasal cannula' "
     "ELSE 'None' END", "NULL", "0"),
    (223835, "vent_now AND h % 4 = 0", "numtxt(fio2, 0)", "fio2", "0"),
    (220339, "vent_now AND h % 4 = 0", "numtxt(peep, 0)", "peep", "0"),
    (224685, "vent_now AND h % 4 = 0", "numtxt(tidal, 0)", "tidal", "0"),
    (225664, "diabetic AND h % 6 = 2", "numtxt(glucose, 0)", "glucose", "(glucose > 180 OR glucose < 70)::INTEGER"),
    (220046, "h % 12 = 0", "numtxt(hr_hi, 0)", "hr_hi", "0"),
    (220047, "h % 12 = 0", "numtxt(hr_lo, 0)", "hr_lo", "0"),
    (223769, "h % 12 = 0", "'100'", "100", "0"),
    (223770, "h % 12 = 0", "numtxt(spo2_lo, 0)", "spo2_lo", "0"),
    (224161, "h % 12 = 0", "'35'", "35", "0"),
    (224162, "h % 12 = 0", "'8'", "8", "0"),
    (226512, "h = 0", "numtxt(weight_kg, 1)", "round(weight_kg, 1)", "0"),
    (226531, "h = 0", "numtxt(weight_kg * 2.20462, 1)", "round(weight_kg * 2.20462, 1)", "0"),
    (226730, "h = 0", "numtxt(height_in * 2.54, 0)", "round(height_in * 2.54)", "0"),
    (224639, "h % 24 = 12", "numtxt(weight_kg + 0.8 * z2(sk, h, 92), 1)", "round(weight_kg + 0.8 * z2(sk, h, 92), 1)",
     "0"),
]


def chartevents(ctx: Ctx) -> None:
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE rnd AS
        WITH h AS (
            SELECT d.*, (in_s // {H} + 1) * {H} AS first_t,
                   unnest(range(greatest(1, ((out_s - (in_s // {H} + 1) * {H}) // {H})::INTEGER))) AS h
            FROM stay_dev d
        ),
        b AS (
            SELECT h.*, first_t + h * {H} + floor(u2(sk, h, {S.round_jitter}) * 300)::BIGINT AS t,
                   -- problems fade over the stay, unless the patient is dying
                   CASE WHEN dies_here THEN 1.0 + h / 96.0 ELSE exp(-h / 48.0) END AS decay,
                   z2(sk, h, {S.z_hr}) AS zh, z2(sk, h, {S.z_bp}) AS zb
            FROM h
        )
        SELECT b.*,
               vent AND first_t + h * {H} BETWEEN vent_start AND vent_end AS vent_now,
               art AND first_t + h * {H} >= art_start AS art_now,
               cvc AND first_t + h * {H} >= cvc_start AS cvc_now,
               clamp(round(82 + d_hr * decay + CASE WHEN afib THEN 8 ELSE 0 END + 11 * z(sk, {S.s_hr})
                           + CASE WHEN afib THEN 9 ELSE 5 END * zh), 35, 190) AS hr,
               clamp(round(18 + d_rr * decay + 3 * z(sk, {S.s_rr}) + 2.5 * z2(sk, h, {S.z_rr})), 6, 45) AS rr,
               clamp(round(97 + d_spo2 * decay + 1.3 * z(sk, {S.s_spo2}) + 1.2 * z2(sk, h, {S.z_spo2})), 75, 100)
                   AS spo2,
               clamp(round(121 + 1.2 * d_map * decay + 15 * z(sk, {S.s_sbp}) + 9 * zb), 60, 230) AS sbp,
               clamp(round(98.3 + d_temp * decay + 0.45 * z(sk, {S.s_temp}) + 0.45 * z2(sk, h, {S.z_temp}), 1), 94,
                     105.5) AS temp_f,
               clamp(round(10 + 4 * z(sk, {S.s_cvp}) + 2 * z2(sk, h, {S.z_cvp})), 0, 30) AS cvp,
               clamp(round((40 + 12 * z(sk, {S.s_fio2}) + 5 * z2(sk, h, {S.z_fio2})) / 5) * 5, 30, 100) AS fio2,
               ([5, 5, 8, 10, 12])[1 + floor(u(sk, {S.peep}) * 5)::INTEGER] AS peep,
               round(450 + 60 * z(sk, {S.s_tidal}) + 30 * z2(sk, h, {S.z_tidal})) AS tidal,
               round(exp(ln(150) + 0.3 * z2(sk, h, {S.z_glu}))) AS glucose,
               CASE WHEN afib THEN 130 ELSE 120 END AS hr_hi, 50 AS hr_lo, CASE WHEN copd THEN 88 ELSE 90 END AS spo2_lo,
               CASE WHEN vent AND first_t + h * {H} BETWEEN vent_start AND vent_end THEN 1.3 ELSE 0 END
                   + CASE WHEN confused THEN 0.7 ELSE 0 END + 0.45 * z2(sk, h, {S.z_gcs}) AS neuro
        FROM b WHERE t < out_s;

        CREATE OR REPLACE TEMP TABLE rnd2 AS
        SELECT r.*,
               clamp(round(63 + 0.8 * d_map * decay + 9 * z(sk, {S.s_dbp}) + 6 * zb), 30, sbp - 15) AS dbp,
               CASE WHEN neuro < 0.5 THEN 4 WHEN neuro < 1.0 THEN 3 WHEN neuro < 1.6 THEN 2 ELSE 1 END AS gcs_e,
               CASE WHEN neuro < 0.5 THEN 5 WHEN neuro < 1.0 THEN 4 WHEN neuro < 1.5 THEN 3 ELSE 2 END AS gcs_v,
               CASE WHEN neuro < 0.9 THEN 6 WHEN neuro < 1.5 THEN 5 WHEN neuro < 2.0 THEN 4 ELSE 3 END AS gcs_m,
               CASE WHEN vent_now THEN clamp(-1 - round(neuro * 1.5)::INTEGER, -4, -1)
                    WHEN neuro > 1.0 THEN -1 WHEN neuro < -0.8 THEN 1 ELSE 0 END AS rass
        FROM rnd r;
        DROP TABLE rnd;
        CREATE OR REPLACE TEMP TABLE rnd AS
        SELECT r.*, round((sbp + 2 * dbp) / 3) AS mbp,
               round(sbp + 4 * z2(sk, h, {S.z_nbp})) AS nsbp, round(dbp + 3 * z2(sk, h, {S.z_nbpd})) AS ndbp,
               round((round(sbp + 4 * z2(sk, h, {S.z_nbp})) + 2 * round(dbp + 3 * z2(sk, h, {S.z_nbpd}))) / 3) AS nmbp
        FROM rnd2 r;
        DROP TABLE rnd2;
    """)
    parts = [f"""SELECT subject_id, hadm_id, stay_id, sk, h, t, {itemid} AS itemid, {value} AS value,
                        ({valuenum})::DOUBLE AS valuenum, {warning} AS warning
                 FROM rnd WHERE {cond}""" for itemid, cond, value, valuenum, warning in CHART_ITEMS]
    ctx.insert("chartevents", f"""
        SELECT c.subject_id, c.hadm_id, c.stay_id, any_care(c.sk, c.t // 43200, {S.chart_care}) AS caregiver_id,
               ts(c.t) AS charttime, ts(c.t + 60 + floor(u2(c.sk, c.h * 7 + c.itemid % 7, {S.chart_store}) * 2400)::BIGINT)
                   AS storetime,
               c.itemid, c.value, c.valuenum, CASE WHEN i.unitname = 'None' THEN NULL ELSE i.unitname END AS valueuom,
               c.warning
        FROM ({' UNION ALL '.join(parts)}) c JOIN mimiciv_icu.d_items i USING (itemid)""")


def io_events(ctx: Ctx) -> None:
    procedureevents(ctx)
    datetimeevents(ctx)
    outputevents(ctx)
    inputevents(ctx)


def procedureevents(ctx: Ctx) -> None:
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE proc_ev AS
        SELECT sk, itemid, start_s, end_s, location, locationcategory, 'min' AS valueuom,
               'Peripheral Lines' AS cat FROM line WHERE locationcategory = 'Peripheral'
        UNION ALL SELECT sk, itemid, start_s, end_s, location, locationcategory, 'min', 'Invasive Lines'
            FROM line WHERE locationcategory LIKE 'Invasive%'
        UNION ALL SELECT sk, itemid, start_s, end_s, NULL, NULL, 'min', 'Procedures' FROM line WHERE itemid = 229351
        UNION ALL SELECT sk, 225792, vent_start, vent_end, NULL, NULL, 'min', 'Ventilation' FROM stay_dev WHERE vent
        UNION ALL SELECT sk, 224385, greatest(in_s, vent_start - 600), greatest(in_s, vent_start - 600) + 60, NULL, NULL,
                         'None', 'Procedures'
            FROM stay_dev WHERE vent AND NOT surgery
        UNION ALL SELECT sk, 227194, vent_end, vent_end + 60, NULL, NULL, 'None', 'Procedures'
            FROM stay_dev WHERE vent AND vent_end < out_s - 600
        UNION ALL SELECT sk, 225802, crrt_start, least(out_s, greatest(crrt_start + 6 * {H}, out_s - 12 * {H})), NULL,
                         NULL, 'min', 'Dialysis' FROM stay_dev WHERE crrt
        UNION ALL SELECT d.sk, 225459, d.in_s + floor(u2(d.sk, k, {S.cxr_t}) * (d.out_s - d.in_s - 120))::BIGINT,
                         d.in_s + floor(u2(d.sk, k, {S.cxr_t}) * (d.out_s - d.in_s - 120))::BIGINT + 60, NULL, NULL, 'None',
                         'Imaging'
            FROM (SELECT *, unnest(range(1 + floor((out_s - in_s) / 86400.0 * 0.6 * u(sk, {S.n_cxr}))::INTEGER)) AS k
                  FROM stay_dev) d
        UNION ALL SELECT sk, 225402, in_s + 1800, in_s + 1860, NULL, NULL, 'None', 'Procedures'
            FROM stay_dev WHERE u(sk, {S.ekg}) < 0.5
        UNION ALL SELECT sk, 221214, in_s + floor(u(sk, {S.ct_t}) * (out_s - in_s - 120))::BIGINT,
                         in_s + floor(u(sk, {S.ct_t}) * (out_s - in_s - 120))::BIGINT + 60, NULL, NULL, 'None', 'Imaging'
            FROM stay_dev WHERE u(sk, {S.ct}) < CASE WHEN case_key IN ('stroke', 'ich', 'subdural') THEN 0.8 ELSE 0.2 END
        UNION ALL SELECT d.sk, 225432, d.in_s + 7200, d.in_s + 7260, NULL, NULL, 'None', 'Imaging'
            FROM stay_dev d WHERE d.out_s > d.in_s + 7300
              AND EXISTS (SELECT 1 FROM adm_proc p WHERE p.a = d.a AND p.key = 'echo')
        UNION ALL SELECT sk, 225401, in_s + 900, in_s + 960, NULL, NULL, 'None', 'Procedures'
            FROM stay_dev WHERE infection AND u(sk, {S.bcx}) < 0.6
        -- screening, bedside imaging, trips to the OR and family meetings
        UNION ALL SELECT sk, 225454, in_s + 1200, in_s + 1260, NULL, NULL, 'None', 'Cultures'
            FROM stay_dev WHERE u(sk, {S.ucx}) < CASE WHEN infection THEN 0.45 ELSE 0.1 END
        UNION ALL SELECT sk, 225966, in_s + 2400, in_s + 2460, NULL, NULL, 'None', 'Cultures'
            FROM stay_dev WHERE u(sk, {S.mrsa}) < 0.2
        UNION ALL SELECT sk, CASE WHEN u(sk, {S.us_kind}) < 0.6 THEN 221217 ELSE 221216 END,
                         in_s + floor(u(sk, {S.us_t}) * (out_s - in_s - 120))::BIGINT,
                         in_s + floor(u(sk, {S.us_t}) * (out_s - in_s - 120))::BIGINT + 60, NULL, NULL, 'None', 'Imaging'
            FROM stay_dev WHERE u(sk, {S.us}) < 0.27
        UNION ALL SELECT sk, 225469, in_s, in_s + 60, NULL, NULL, 'None', 'Significant Events'
            FROM stay_dev WHERE surgery AND u(sk, {S.or_recv}) < 0.6
        UNION ALL SELECT sk, 225470, in_s + (out_s - in_s) // 2, in_s + (out_s - in_s) // 2 + 60, NULL, NULL, 'None',
                         'Significant Events'
            FROM stay_dev WHERE u(sk, {S.or_sent}) < CASE WHEN surgery THEN 0.25 ELSE 0.08 END
        UNION ALL SELECT sk, 227712, in_s + 36 * {H}, in_s + 36 * {H} + 60, NULL, NULL, 'None', 'Procedures'
            FROM stay_dev WHERE case_key IN ('cabg', 'avr') AND out_s > in_s + 37 * {H}
        UNION ALL SELECT d.sk, CASE WHEN u2(d.sk, k, {S.fam_md}) < 0.3 THEN 228128 ELSE 228129 END,
                         d.in_s + floor(u2(d.sk, k, {S.fam_t}) * (d.out_s - d.in_s - 120))::BIGINT,
                         d.in_s + floor(u2(d.sk, k, {S.fam_t}) * (d.out_s - d.in_s - 120))::BIGINT + 60, NULL, NULL,
                         'None', 'Communication'
            FROM (SELECT *, unnest(range(floor((out_s - in_s) / 86400.0 * 0.9 * 2 * u(sk, {S.n_fam}))::INTEGER)) AS k
                  FROM stay_dev) d;
    """)
    ctx.insert("procedureevents", f"""
        SELECT d.subject_id, d.hadm_id, d.stay_id, any_care(p.sk, p.itemid, {S.proc_care}) AS caregiver_id,
               ts(p.start_s) AS starttime, ts(p.end_s) AS endtime,
               ts(p.start_s + 300 + floor(u2(p.sk, p.start_s, {S.proc_store}) * 3600)::BIGINT) AS storetime,
               p.itemid, CASE WHEN p.valueuom = 'min' THEN round((p.end_s - p.start_s) / 60.0) ELSE 1 END AS value,
               p.valueuom, p.location, p.locationcategory,
               {perm_id(f"{ctx.rows_before('procedureevents')} + row_number() OVER (ORDER BY p.sk, p.itemid, p.start_s)", 1, 9999999, 48271, 3)} AS orderid,
               {perm_id(f"{ctx.rows_before('procedureevents')} + row_number() OVER (ORDER BY p.sk, p.itemid, p.start_s)", 1, 9999999, 48271, 3)} AS linkorderid,
               p.cat AS ordercategoryname, 'Task' AS ordercategorydescription, round(d.weight_kg, 1) AS patientweight,
               0 AS isopenbag, 0 AS continueinnextdept,
               'FinishedRunning' AS statusdescription
        FROM proc_ev p JOIN stay_dev d USING (sk)
        WHERE p.itemid IN (SELECT itemid FROM mimiciv_icu.d_items)""")


def datetimeevents(ctx: Ctx) -> None:
    """Line insertion dates charted every shift and dressing-change dates every morning while the line is in."""
    ctx.insert("datetimeevents", f"""
        WITH days AS (
            SELECT l.*, unnest(range(1 + ((l.end_s - greatest(l.start_s, l.in_s)) // 86400)::INTEGER)) AS d FROM line l
        ),
        c AS (
            SELECT days.*, shift_h, (greatest(start_s, in_s) // 86400 + d) * 86400 + shift_h * {H}
                           + floor(u2(sk, itemid * 256 + d * 3 + shift_h % 3, {S.dt_t}) * 2 * {H})::BIGINT AS t
            FROM days CROSS JOIN (SELECT unnest(range(0, 24, 2)) AS shift_h)
        ),
        e AS (
            SELECT sk, stay_id, hadm_id, subject_id, dt_insert AS itemid, t, start_s AS v FROM c
            WHERE t > in_s AND t > start_s AND t < end_s
            UNION ALL
            SELECT sk, stay_id, hadm_id, subject_id, dt_dressing, t + 60,
                   greatest(start_s, t - floor(u2(sk, itemid * 64 + d, {S.dt_dress}) * 2 * 86400)::BIGINT)
            FROM c WHERE dt_dressing IS NOT NULL AND shift_h = 8 AND t > in_s AND t > start_s AND t + 60 < end_s
        )
        SELECT subject_id, hadm_id, stay_id, any_care(sk, t // 43200, {S.dt_care}) AS caregiver_id, ts(t) AS charttime,
               ts(t + 120 + floor(u2(sk, t, {S.dt_store}) * 1800)::BIGINT) AS storetime, itemid,
               ts((v // 60) * 60) AS value, 'Date' AS valueuom, 0 AS warning
        FROM e WHERE itemid IN (SELECT itemid FROM mimiciv_icu.d_items)""")


def outputevents(ctx: Ctx) -> None:
    """Hourly Foley output when catheterised, otherwise voids; chest tubes after heart surgery; OR urine."""
    ctx.insert("outputevents", f"""
        WITH h AS (
            SELECT d.*, (d.in_s // {H} + 1) * {H} AS first_t,
                   unnest(range(((d.out_s - (d.in_s // {H} + 1) * {H}) // {H})::INTEGER)) AS h
            FROM stay_dev d
        ),
        e AS (
            SELECT h.*, 226559 AS itemid,
                   clamp(round(CASE WHEN renal THEN 35 ELSE 65 END * exp(0.55 * z2(sk, h, {S.uo}))), 0, 900) AS value
            FROM h WHERE foley
            UNION ALL
            SELECT h.*, 226560, clamp(round(300 * exp(0.4 * z2(sk, h, {S.void}))), 50, 1200)
            FROM h WHERE NOT foley AND h % 3 = 2
            UNION ALL
            SELECT h.*, 226588, clamp(round(60 * exp(0.6 * z2(sk, h, {S.ctube}))), 0, 500)
            FROM h WHERE case_key IN ('cabg', 'avr') AND h < 48 AND h % 2 = 0
            UNION ALL
            SELECT h.*, 226606, clamp(round(10 * exp(0.5 * z2(sk, h, {S.evd}))), 0, 60)
            FROM h WHERE case_key IN ('ich', 'subdural') AND u(sk, {S.has_evd}) < 0.3 AND h % 2 = 1
            UNION ALL
            SELECT h.*, 226627, clamp(round(400 * exp(0.5 * z(sk, {S.or_urine}))), 50, 2000)
            FROM h WHERE surgery AND h = 0
        )
        SELECT subject_id, hadm_id, stay_id, any_care(sk, (first_t + h * {H}) // 43200, {S.out_care}) AS caregiver_id,
               ts(first_t + h * {H}) AS charttime,
               ts(first_t + h * {H} + 300 + floor(u2(sk, h * 8 + itemid % 8, {S.out_store}) * 1800)::BIGINT) AS storetime,
               itemid, value, 'mL' AS valueuom
        FROM e WHERE itemid IN (SELECT itemid FROM mimiciv_icu.d_items)""")


def inputevents(ctx: Ctx) -> None:
    """Drugs and fluids given in the ICU, with their ingredients (water, calories)."""
    ctx.sql(f"""
        CREATE OR REPLACE TEMP TABLE inp AS
        WITH bolus AS (
            -- intermittent doses: the eMAR administrations that fall inside the stay
            SELECT d.sk, x.t AS start_s,
                   x.t + CASE WHEN dr.proc_type = 'IV Piggyback' THEN 1800 ELSE 60 END AS end_s,
                   dr.icu_itemid AS itemid,
                   CASE WHEN i.unitname = 'dose' THEN 1 ELSE x.dose_num END AS amount,
                   NULL::DOUBLE AS rate, NULL AS rateuom,
                   CASE WHEN dr.proc_type = 'IV Piggyback' AND i.category = 'Antibiotics' THEN '08-Antibiotics (IV)'
                        WHEN dr.proc_type = 'IV Piggyback' THEN '02-Fluids (Crystalloids)'
                        WHEN i.itemid = 223262 THEN '06-Insulin (Non IV)'
                        WHEN i.itemid = 225975 THEN '11-Prophylaxis (Non IV)'
                        ELSE '05-Med Bolus' END AS ordercategoryname,
                   CASE WHEN dr.proc_type = 'IV Piggyback' AND i.category <> 'Antibiotics' THEN 'Continuous IV'
                        ELSE 'Drug Push' END AS ordercategorydescription,
                   'FinishedRunning' AS statusdescription, 0 AS seg,
                   -- a piggyback is charted with the bag it is mixed in (NaCl 0.9% or Dextrose 5%, mL)
                   CASE WHEN b.drug LIKE '%Dextrose%' THEN 220949 WHEN b.drug IS NOT NULL THEN 225158 END AS dil,
                   TRY_CAST(b.dose_val AS DOUBLE) AS dil_ml
            FROM med_admin x JOIN med_order o USING (ok) JOIN v_drug dr ON dr.drug_id = o.drug_id
            LEFT JOIN v_base b ON b.base_key = dr.base_key
            JOIN stay_dev d ON d.a = o.a AND x.t BETWEEN d.in_s AND d.out_s - 1800
            JOIN mimiciv_icu.d_items i ON i.itemid = dr.icu_itemid
            WHERE x.given AND dr.frequency <> 'CONTINUOUS'
        ),
        drip AS (
            -- infusions: the order's time inside the stay, cut into 2-hour segments with changing rates
            SELECT d.sk, o.ok, dr.icu_itemid AS itemid, i.unitname, dr.drug_key,
                   CASE WHEN dr.drug_key LIKE 'tail:%' AND i.unitname <> 'mL' THEN TRY_CAST(dr.dose_val AS DOUBLE)
                   END AS tail_rate,
                   greatest(o.start_s, d.in_s) AS s0, least(o.stop_s, d.out_s - 600) AS s1
            FROM med_order o JOIN v_drug dr USING (drug_id) JOIN stay_dev d ON d.a = o.a
            JOIN mimiciv_icu.d_items i ON i.itemid = dr.icu_itemid
            WHERE dr.frequency = 'CONTINUOUS' AND o.start_s < d.out_s - 600 AND o.stop_s > d.in_s
        ),
        seg AS (
            SELECT drip.*, unnest(range(1 + ((s1 - s0) // (2 * {H}))::INTEGER)) AS seg FROM drip WHERE s1 > s0 + 600
        ),
        dseg AS (
            SELECT seg.*, s0 + seg * 2 * {H} AS a0, least(s1, s0 + (seg + 1) * 2 * {H}) AS a1,
                   exp(0.35 * z2(ok, seg, {S.drip_rate})) AS f
            FROM seg
        ),
        drips AS (
            SELECT sk, a0 AS start_s, a1 AS end_s, itemid,
                   round(CASE drug_key
                       WHEN 'norepinephrine' THEN 0.08 * f * w * 60 * (a1 - a0) / {H} / 1000
                       WHEN 'propofol' THEN 30 * f * w * 60 * (a1 - a0) / {H} / 1000
                       WHEN 'fentanyl_drip' THEN 0.075 * f * (a1 - a0) / {H}
                       WHEN 'insulin_drip' THEN 5 * f * (a1 - a0) / {H}
                       WHEN 'heparin_iv' THEN 1000 * f * (a1 - a0) / {H}
                       ELSE coalesce(tail_rate, 100) * f * (a1 - a0) / {H} END, 3) AS amount,
                   round(CASE drug_key WHEN 'norepinephrine' THEN 0.08 * f WHEN 'propofol' THEN 30 * f
                       WHEN 'fentanyl_drip' THEN 75 * f WHEN 'insulin_drip' THEN 5 * f WHEN 'heparin_iv' THEN 1000 * f
                       ELSE coalesce(tail_rate, 100) * f END, 3) AS rate,
                   CASE drug_key WHEN 'norepinephrine' THEN 'mcg/kg/min' WHEN 'propofol' THEN 'mcg/kg/min'
                       WHEN 'fentanyl_drip' THEN 'mcg/hour' WHEN 'insulin_drip' THEN 'units/hour'
                       WHEN 'heparin_iv' THEN 'units/hour'
                       ELSE CASE WHEN tail_rate IS NULL THEN 'mL/hour' ELSE unitname || '/hour' END END AS rateuom,
                   CASE WHEN unitname = 'mL' THEN '02-Fluids (Crystalloids)' ELSE '01-Drips' END AS ordercategoryname,
                   CASE WHEN unitname = 'mL' THEN 'Continuous IV' ELSE 'Continuous Med' END AS ordercategorydescription,
                   CASE WHEN a1 < s1 THEN 'ChangeDose/Rate' WHEN s1 < d.out_s - 3600 THEN 'Stopped'
                        ELSE 'FinishedRunning' END AS statusdescription, seg, ok
            FROM dseg JOIN (SELECT sk, out_s, weight_kg AS w FROM stay_dev) d USING (sk)
        ),
        oral AS (
            SELECT sk, t AS start_s, t + 60 AS end_s, 226452 AS itemid,
                   round(60 * (1 + floor(u2(sk, h, {S.po_amt}) * 8))) AS amount, NULL::DOUBLE AS rate, NULL AS rateuom,
                   '14-Oral/Gastric Intake' AS ordercategoryname, 'Bolus' AS ordercategorydescription,
                   'FinishedRunning' AS statusdescription, 0 AS seg
            FROM rnd WHERE NOT vent_now AND u2(sk, h, {S.po}) < 0.22
            UNION ALL
            SELECT sk, t, t + 60, 225799, 30 + 30 * floor(u2(sk, h, {S.gm_amt}) * 3), NULL, NULL, '14-Oral/Gastric Intake',
                   'Bolus', 'FinishedRunning', 0
            FROM rnd WHERE vent_now AND h % 4 = 1
            UNION ALL  -- the feeding tube is flushed every few hours
            SELECT sk, t + 600, t + 660, 226453, 30 + 30 * floor(u2(sk, h, {S.gt_flush}) * 2), NULL, NULL,
                   '14-Oral/Gastric Intake', 'Bolus', 'FinishedRunning', 0
            FROM rnd WHERE vent_now AND h % 4 = 3
            UNION ALL  -- and free water given through it
            SELECT sk, t + 1500, t + 1560, 225797, 100 + 50 * floor(u2(sk, h, {S.free_water}) * 3), NULL, NULL,
                   '14-Oral/Gastric Intake', 'Bolus', 'FinishedRunning', 0
            FROM rnd WHERE vent_now AND h % 6 = 5 AND u(sk, {S.gets_free_water}) < 0.7
            UNION ALL  -- tube feeds, charted as 4-hour runs
            SELECT sk, t, t + 4 * {H}, CASE WHEN u(sk, {S.feed_kind}) < 0.2 THEN 228351
                                           WHEN u(sk, {S.feed_kind}) < 0.6 THEN 229295 ELSE 229011 END,
                   4 * (20 + 10 * floor(u(sk, {S.feed_rate}) * 5)), 20 + 10 * floor(u(sk, {S.feed_rate}) * 5),
                   'mL/hour', '10-Enteral Nutrition', 'Continuous IV', 'FinishedRunning', 0
            FROM rnd WHERE vent_now AND h % 4 = 0 AND t + 4 * {H} < out_s AND u(sk, {S.tube_fed}) < 0.6
            UNION ALL
            SELECT sk, t + 1200, t + 1260, 221744, 25 * (1 + floor(u2(sk, h, {S.fent_amt}) * 4)), NULL, NULL,
                   '05-Med Bolus', 'Drug Push', 'FinishedRunning', 0
            FROM rnd WHERE vent_now AND u2(sk, h, {S.fent_push}) < 0.2 AND t + 1260 < out_s
        ),
        blood AS (
            SELECT d.sk, d.in_s + (2 + 6 * k) * {H} AS start_s, d.in_s + (4 + 6 * k) * {H} AS end_s, 225168 AS itemid,
                   350.0 AS amount, 175.0 AS rate, 'mL/hour' AS rateuom, '07-Blood Products' AS ordercategoryname,
                   'Continuous IV' AS ordercategorydescription, 'FinishedRunning' AS statusdescription, 0 AS seg
            FROM (SELECT *, unnest(range(1 + floor(u(sk, {S.n_prbc}) * 3)::INTEGER)) AS k FROM stay_dev) d
            WHERE EXISTS (SELECT 1 FROM adm_proc p WHERE p.a = d.a AND p.key = 'prbc')
              AND d.in_s + (4 + 6 * k) * {H} < d.out_s
        )
        SELECT x.*, {ctx.seq('inp')} + row_number() OVER (ORDER BY x.sk, x.start_s, x.itemid, x.seg) AS n
        FROM (SELECT sk, start_s, end_s, itemid, amount, rate, rateuom, ordercategoryname, ordercategorydescription,
                     statusdescription, seg, NULL::BIGINT AS ok, dil, dil_ml FROM bolus
              UNION ALL SELECT sk, start_s, end_s, itemid, amount, rate, rateuom, ordercategoryname,
                     ordercategorydescription, statusdescription, seg, ok, NULL, NULL FROM drips
              UNION ALL SELECT *, NULL, NULL, NULL FROM oral
              UNION ALL SELECT *, NULL, NULL, NULL FROM blood) x
        WHERE x.itemid IN (SELECT itemid FROM mimiciv_icu.d_items);
        ALTER TABLE inp ADD COLUMN orderid BIGINT;
        UPDATE inp SET orderid = {perm_id("n", 1, 9999999, 48271, 29)};
        ALTER TABLE inp ADD COLUMN component VARCHAR DEFAULT 'Main order parameter';
        -- A drip is charted twice under one orderid: the drug and the solution it is mixed in (mL).
        INSERT INTO inp BY NAME
        SELECT x.sk, x.start_s, x.end_s, CASE WHEN x.itemid IN (221906, 225152) THEN 220949 ELSE 225158 END AS itemid,
               round(r.ml_h * (x.end_s - x.start_s) / {H}, 2) AS amount, round(r.ml_h, 2) AS rate, 'mL/hour' AS rateuom,
               x.ordercategoryname, x.ordercategorydescription, x.statusdescription, x.seg, x.ok, x.n, x.orderid,
               'Mixed solution' AS component
        FROM inp x JOIN stay_dev d USING (sk)
        CROSS JOIN LATERAL (SELECT CASE x.itemid WHEN 221906 THEN x.rate * d.weight_kg * 60 / 1000 / 0.016
                                                 WHEN 225942 THEN x.rate / 10 WHEN 223258 THEN x.rate
                                                 WHEN 225152 THEN x.rate / 100
                                                 ELSE 10 END AS ml_h) r  -- other drips: a 10 mL/h carrier
        WHERE x.rate IS NOT NULL AND x.rateuom <> 'mL/hour' AND x.itemid <> 222168;  -- propofol is its own emulsion
        INSERT INTO inp BY NAME
        SELECT x.sk, x.start_s, x.end_s, x.dil AS itemid, x.dil_ml AS amount, round(x.dil_ml * 2, 2) AS rate,
               'mL/hour' AS rateuom, '02-Fluids (Crystalloids)' AS ordercategoryname, x.ordercategorydescription,
               x.statusdescription, x.seg, x.ok, x.n, x.orderid, 'Mixed solution' AS component
        FROM inp x WHERE x.dil IN (SELECT itemid FROM mimiciv_icu.d_items) AND x.component = 'Main order parameter';
    """)
    ctx.insert("inputevents", f"""
        SELECT d.subject_id, d.hadm_id, d.stay_id, any_care(x.sk, x.start_s // 43200, {S.inp_care}) AS caregiver_id,
               ts(x.start_s) AS starttime, ts(x.end_s) AS endtime,
               ts(x.start_s + 60 + floor(u(x.n, {S.inp_store}) * 1800)::BIGINT) AS storetime, x.itemid, x.amount,
               -- MetaVision charts fentanyl pushes in mcg although d_items says mg; volumes are 'ml'
               CASE WHEN x.itemid = 221744 THEN 'mcg' WHEN i.unitname = 'mL' THEN 'ml' WHEN i.unitname = 'None' THEN NULL
                    ELSE i.unitname END AS amountuom, x.rate, x.rateuom,
               x.orderid,
               CASE WHEN x.ok IS NULL THEN x.orderid
                    ELSE first_value(x.orderid) OVER (PARTITION BY x.ok, x.sk ORDER BY x.seg) END AS linkorderid,
               x.ordercategoryname,
               CASE WHEN x.component = 'Mixed solution' THEN '02-Fluids (Crystalloids)' END AS secondaryordercategoryname,
               x.component AS ordercomponenttypedescription,
               x.ordercategorydescription, round(d.weight_kg, 1) AS patientweight,
               CASE WHEN i.unitname = 'mL' THEN ceil(x.amount / 250) * 250 END AS totalamount,
               CASE WHEN i.unitname = 'mL' THEN 'ml' END AS totalamountuom, 0 AS isopenbag, 0 AS continueinnextdept,
               x.statusdescription, x.amount AS originalamount, x.rate AS originalrate
        FROM inp x JOIN stay_dev d USING (sk) JOIN mimiciv_icu.d_items i USING (itemid)""")
    ctx.insert("ingredientevents", f"""
        WITH g AS (
            SELECT x.*, 220490 AS ing, x.amount AS ing_amount FROM inp x JOIN mimiciv_icu.d_items i USING (itemid)
            WHERE i.unitname = 'mL' AND x.itemid <> 225168
            UNION ALL SELECT x.*, 227074, x.amount FROM inp x WHERE x.itemid IN (225158, 225828, 220949)
            UNION ALL SELECT x.*, 227075, x.amount FROM inp x WHERE x.itemid IN (226452, 225799, 226453, 225797)
            UNION ALL SELECT x.*, 226060, round(x.amount * 0.6) FROM inp x WHERE x.itemid = 226452
            UNION ALL SELECT x.*, 226060, round(x.amount * 0.17) FROM inp x WHERE x.itemid = 220949  -- dextrose kcal
            UNION ALL SELECT x.*, 226060, round(x.amount * 1.5) FROM inp x WHERE x.itemid IN (229011, 229295, 228351)
            UNION ALL SELECT x.*, 220454, round(x.amount * 0.065, 1) FROM inp x WHERE x.itemid IN (229011, 229295, 228351)
            UNION ALL SELECT x.*, 226221, x.amount FROM inp x WHERE x.itemid IN (229011, 229295, 228351)
            UNION ALL SELECT x.*, 226509, x.amount FROM inp x WHERE x.itemid = 225168
        )
        SELECT d.subject_id, d.hadm_id, d.stay_id, any_care(g.sk, g.start_s // 43200, {S.inp_care}) AS caregiver_id,
               ts(g.start_s) AS starttime, ts(g.end_s) AS endtime,
               ts(g.start_s + 60 + floor(u(g.n, {S.inp_store}) * 1800)::BIGINT) AS storetime, g.ing AS itemid,
               g.ing_amount AS amount, CASE g.ing WHEN 226060 THEN 'Kcal' WHEN 220454 THEN 'grams' ELSE 'ml' END
                   AS amountuom,
               CASE WHEN g.rate IS NOT NULL AND g.rateuom = 'mL/hour' THEN g.rate END AS rate,
               CASE WHEN g.rate IS NOT NULL AND g.rateuom = 'mL/hour' THEN 'mL/hour' END AS rateuom,
               g.orderid, g.orderid AS linkorderid, g.statusdescription, 0 AS originalamount, 0 AS originalrate
        FROM g JOIN stay_dev d USING (sk) WHERE g.ing IN (SELECT itemid FROM mimiciv_icu.d_items)""")
