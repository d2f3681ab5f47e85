"""The synthetic MIMIC-IV generator, one module per group of tables (see ehr_tui.mimic.synthetic for the API).

Every step is one or a few set-based DuckDB statements over the previous
steps' (temp) tables: patients -> admissions -> ward segments -> transfers,
ICU stays -> diagnoses, labs, orders, ICU charting.
"""
