"""SQL structural complexity from sqlglot's AST: counts per kind on hand-checked queries."""

from __future__ import annotations

import pytest

from ehr_tui.tasks.complexity import KINDS, count, count_uncached, shape


def test_counts_each_kind_on_a_hand_checked_query():
    sql = """
WITH first_adm AS (
    SELECT a.subject_id, a.admittime,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime) AS rn
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = 10000032 AND a.admittime >= TIMESTAMP '2100-01-01' - INTERVAL 30 DAY
)
SELECT p.gender, count(*) AS n, round(avg(p.anchor_age + (year(f.admittime) - p.anchor_year)), 2) AS age,
       CASE WHEN p.gender = 'F' THEN 1 ELSE 0 END AS female
FROM first_adm f
JOIN mimiciv_hosp.patients p ON p.subject_id = f.subject_id
LEFT JOIN (SELECT DISTINCT subject_id FROM mimiciv_hosp.diagnoses_icd) d ON d.subject_id = f.subject_id
WHERE f.rn = 1 AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.subject_id = f.subject_id)
GROUP BY p.gender
HAVING count(*) > 1
ORDER BY n DESC
LIMIT 5
"""
    c = count(sql)
    b = c.breakdown
    assert b["ctes"] == 1
    assert b["tables"] == 5          # admissions, first_adm, patients, diagnoses_icd, labevents
    assert b["joins"] == 2
    assert b["subqueries"] == 2      # the derived table and the EXISTS
    assert b["window_functions"] == 1
    assert b["aggregates"] == 3      # count(*), avg, count(*) in HAVING
    assert b["case"] == 1
    assert b["group_by"] == 1 and b["having"] == 1 and b["limit"] == 1
    assert b["order_by"] == 2        # the window's and the query's
    assert b["distinct"] == 1
    assert b["date_arithmetic"] == 2  # INTERVAL and year(); the TIMESTAMP literal is an operand
    assert b["functions"] == 1       # round
    assert b["arithmetic"] == 3      # literal - interval, +, -
    assert b["predicates"] == 9      # 6 comparisons in ON/WHERE, EXISTS, the one inside it, HAVING's >
    assert b["logical"] == 2
    assert b["projections"] == 3 + 4 + 1 + 1
    assert c.total == sum(b.values())
    assert set(b) == set(KINDS)
    assert c.tables == ("mimiciv_hosp.admissions", "mimiciv_hosp.diagnoses_icd", "mimiciv_hosp.labevents",
                        "mimiciv_hosp.patients")


def test_set_operations_and_scalar_subquery():
    c = count("SELECT drug FROM mimiciv_hosp.prescriptions EXCEPT SELECT drug FROM mimiciv_hosp.pharmacy "
              "WHERE drug = (SELECT max(drug) FROM mimiciv_hosp.prescriptions)")
    assert c.breakdown["set_operations"] == 1
    assert c.breakdown["subqueries"] == 1
    assert c.breakdown["tables"] == 3
    assert c.tables == ("mimiciv_hosp.pharmacy", "mimiciv_hosp.prescriptions")


def test_window_function_not_counted_twice():
    c = count("SELECT sum(x) OVER (PARTITION BY y) FROM t")
    assert c.breakdown["window_functions"] == 1 and c.breakdown["aggregates"] == 0


def test_literals_do_not_change_the_count_and_the_cache_agrees():
    a = "SELECT count(*) FROM mimiciv_hosp.labevents WHERE subject_id = 1 AND flag = 'abnormal'"
    b = "SELECT count(*) FROM mimiciv_hosp.labevents WHERE subject_id = 99 AND flag = 'it''s, (odd)'"
    assert shape(a) == shape(b)
    assert count(a) == count(b) == count_uncached(b)


def test_unparsable_sql_is_a_value_error():
    with pytest.raises(ValueError, match="cannot parse"):
        count("SELECT FROM WHERE (((")


def test_unqualified_known_tables_are_qualified_from_the_schema():
    assert count("SELECT * FROM labevents JOIN d_labitems USING (itemid)").tables == (
        "mimiciv_hosp.d_labitems", "mimiciv_hosp.labevents")


# Pruned counting: unused CTE columns and unreferenced CTEs do not count (issue 12).

_PADDED = """
WITH adm AS (
    SELECT a.subject_id, a.hadm_id, a.insurance, a.race, a.admission_type,
           date_diff('second', a.admittime, a.dischtime) / 86400.0 AS los_days,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = 10000032
), unused AS (
    SELECT count(*) AS n FROM mimiciv_hosp.labevents WHERE valuenum > 1
)
SELECT insurance FROM adm WHERE adm_no = 1
"""
_DIRECT = """
WITH adm AS (
    SELECT a.insurance,
           row_number() OVER (PARTITION BY a.subject_id ORDER BY a.admittime, a.hadm_id) AS adm_no
    FROM mimiciv_hosp.admissions a
    WHERE a.subject_id = 10000032
)
SELECT insurance FROM adm WHERE adm_no = 1
"""


def test_padding_a_cte_with_unused_columns_and_ctes_does_not_raise_the_count():
    padded, direct = count(_PADDED), count(_DIRECT)
    assert padded.total == direct.total
    assert padded.as_written > direct.as_written  # the raw figure is still there to compare
    assert padded.as_dict()["as_written"] == padded.as_written


def test_pruning_never_counts_an_expanded_star_for_more_than_one_item():
    for q in ("SELECT * FROM mimiciv_hosp.patients",
              "SELECT 1 WHERE EXISTS (SELECT * FROM mimiciv_hosp.patients)",
              "SELECT * FROM mimiciv_hosp.patients UNION SELECT * FROM mimiciv_hosp.patients"):
        c = count(q)
        assert c.total == c.as_written, q


def test_queries_over_tables_outside_the_schema_count_as_written():
    c = count("SELECT * FROM range(10) t(x)")
    assert c.total == c.as_written


def test_every_template_prunes_to_at_most_its_written_count():
    from ehr_tui.tasks import intents
    from ehr_tui.tasks.template import placeholders, render_sql
    for t in intents.all_templates():
        sql = render_sql(t, {p: 1 for p in placeholders(t.sql)})
        c = count_uncached(sql)
        assert 0 < c.total <= c.as_written, t.id


def test_an_empty_template_slot_is_no_component():
    """`AND TRUE` / `WHERE TRUE` (a template slot left empty) once counted as one more logical component."""
    base = "SELECT count(*) FROM mimiciv_hosp.admissions a WHERE a.subject_id = 1"
    assert count(base + " AND TRUE").total == count(base).total
    assert count(base.replace("a.subject_id = 1", "TRUE AND TRUE AND a.subject_id = 1")).total == count(base).total
    assert count("SELECT count(*) FROM mimiciv_hosp.admissions a WHERE TRUE").total == \
        count("SELECT count(*) FROM mimiciv_hosp.admissions a").total
    assert count(base + " AND a.hadm_id > 2").total > count(base).total  # a real condition still counts
