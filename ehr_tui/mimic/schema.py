"""The MIMIC-IV v2.2+ hosp and icu schema: the single source of truth.

Every part of ehr-tui that needs to know a table (importer, synthetic generator,
task templates, the agent's system prompt, the TUI's schema tree) reads it from
here. Column names, order and nullability follow the official PhysioNet build
scripts; SQL types are the DuckDB equivalents (PostgreSQL FLOAT / NUMERIC /
REAL -> DOUBLE, CHAR/VARCHAR(n)/TEXT -> VARCHAR, TIMESTAMP(p) -> TIMESTAMP).
Three deliberate departures from the PostgreSQL build, because the published
CSVs need them: microbiologyevents.spec_type_desc and prescriptions.drug hold
empty strings and are nullable; emar_detail.parent_field_ordinal is text
("1.1", "1.10" must not collapse into one number).

Keys are recorded, not enforced as DuckDB constraints: enforcing them builds
an index per table, which makes loading the full 118M-row labevents several
times slower, and MIMIC-IV's published keys are already unique.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SCHEMA_VERSION = "2.2"
MODULES = {"hosp": "mimiciv_hosp", "icu": "mimiciv_icu"}


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    nullable: bool

    @property
    def not_null(self) -> bool:
        return not self.nullable


@dataclass(frozen=True)
class ForeignKey:
    column: str
    references: str  # "module.table.column", e.g. "hosp.patients.subject_id"


@dataclass(frozen=True)
class Table:
    module: str
    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...] = ()
    foreign_keys: tuple[ForeignKey, ...] = ()
    description: str = ""
    # Whether the table is a dictionary (d_*) or an entity list rather than events
    is_dictionary: bool = field(default=False)

    @property
    def schema(self) -> str:
        return MODULES[self.module]

    @property
    def qualified(self) -> str:
        return f"{self.schema}.{self.name}"

    @property
    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(f"{self.qualified} has no column {name!r}")

    @property
    def cluster_key(self) -> tuple[str, ...]:
        """Columns an event table is stored ordered by: the patient, admission and stay ids it
        has, then its first time column. Stored this way, DuckDB's per-row-group min/max (zone
        maps) skip most of the file for a patient- or admission-level query; in file order
        (the PhysioNet files are not sorted by patient) every such query scans the table."""
        if self.is_dictionary:
            return ()
        ids = [c for c in ("subject_id", "hadm_id", "stay_id") if c in self.column_names]
        if "subject_id" not in ids:
            return ()
        times = [c.name for c in self.columns if c.type.upper().startswith(("TIMESTAMP", "DATE"))]
        return tuple(ids + times[:1])

    def ddl(self) -> str:
        cols = ",\n  ".join(
            f"{c.name} {c.type}{' NOT NULL' if c.not_null else ''}" for c in self.columns
        )
        return f"CREATE TABLE {self.qualified} (\n  {cols}\n)"


def _t(module: str, name: str, cols: list[tuple[str, str, bool]]) -> Table:
    meta = _META[name]
    return Table(
        module=module,
        name=name,
        columns=tuple(Column(n, ty, not nn) for n, ty, nn in cols),
        primary_key=tuple(meta.get("pk", ())),
        foreign_keys=tuple(ForeignKey(c, r) for c, r in meta.get("fk", {}).items()),
        description=meta["doc"],
        is_dictionary=name.startswith("d_") or name in ("provider", "caregiver"),
    )


_PAT = "hosp.patients.subject_id"
_ADM = "hosp.admissions.hadm_id"
_STAY = "icu.icustays.stay_id"
_CARE = "icu.caregiver.caregiver_id"
_DITEM = "icu.d_items.itemid"

# Primary keys, foreign keys and a one-line description per table (from the
# MIMIC-IV documentation at mimic.mit.edu).
_META: dict[str, dict] = {
    "admissions": dict(pk=["hadm_id"], fk={"subject_id": _PAT},
        doc="One row per hospital admission: admit/discharge/death times, type, location, insurance, race."),
    "d_hcpcs": dict(pk=["code"], doc="Dictionary of HCPCS (CPT) billing codes."),
    "diagnoses_icd": dict(pk=["hadm_id", "seq_num", "icd_code", "icd_version"],
        fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Billed ICD-9/ICD-10 diagnoses per admission; seq_num 1 is the principal diagnosis."),
    "d_icd_diagnoses": dict(pk=["icd_code", "icd_version"],
        doc="Dictionary of ICD-9-CM and ICD-10-CM diagnosis codes with long titles."),
    "d_icd_procedures": dict(pk=["icd_code", "icd_version"],
        doc="Dictionary of ICD-9-PCS and ICD-10-PCS procedure codes with long titles."),
    "d_labitems": dict(pk=["itemid"], doc="Dictionary of laboratory tests (label, fluid, category)."),
    "drgcodes": dict(pk=["hadm_id", "drg_type", "drg_code"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Diagnosis-related groups billed per admission (HCFA or APR), with APR severity and mortality 1-4."),
    "emar_detail": dict(pk=["emar_id", "parent_field_ordinal"], fk={"subject_id": _PAT, "emar_id": "hosp.emar.emar_id"},
        doc="Details of each medication administration recorded in emar: doses given, infusion rates, route."),
    "emar": dict(pk=["emar_id"], fk={"subject_id": _PAT, "hadm_id": _ADM, "poe_id": "hosp.poe.poe_id"},
        doc="Electronic medication administration record: each administration event (barcode scanned)."),
    "hcpcsevents": dict(pk=["hadm_id", "seq_num"], fk={"subject_id": _PAT, "hadm_id": _ADM, "hcpcs_cd": "hosp.d_hcpcs.code"},
        doc="Billed HCPCS/CPT events per admission."),
    "labevents": dict(pk=["labevent_id"], fk={"subject_id": _PAT, "hadm_id": _ADM, "itemid": "hosp.d_labitems.itemid"},
        doc="Laboratory measurements: value, numeric value, unit, reference range, abnormal flag."),
    "microbiologyevents": dict(pk=["microevent_id"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Microbiology cultures: specimen, test, organism grown and antibiotic susceptibility."),
    "omr": dict(pk=["subject_id", "chartdate", "result_name", "seq_num"], fk={"subject_id": _PAT},
        doc="Online medical record: outpatient blood pressure, weight, height, BMI by date (result_value is text)."),
    "patients": dict(pk=["subject_id"],
        doc="One row per patient: gender, anchor_age at anchor_year (date-shifted), anchor_year_group, date of death."),
    "pharmacy": dict(pk=["pharmacy_id"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Pharmacy orders as dispensed: medication, route, frequency, start/stop times."),
    "poe_detail": dict(pk=["poe_id", "field_name"], fk={"subject_id": _PAT, "poe_id": "hosp.poe.poe_id"},
        doc="Extra fields of provider order entries (e.g. admit/discharge details, consult status)."),
    "poe": dict(pk=["poe_id"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Provider order entry: every order (medications, labs, radiology, ADT) with its time and status."),
    "prescriptions": dict(pk=["pharmacy_id", "drug_type", "drug"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Prescribed medications: drug name, dose, unit, route, start/stop times, NDC and GSN codes."),
    "procedures_icd": dict(pk=["hadm_id", "seq_num", "icd_code", "icd_version"],
        fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Billed ICD-9/ICD-10 procedures per admission with the date performed."),
    "provider": dict(pk=["provider_id"], doc="List of de-identified provider ids."),
    "services": dict(pk=["hadm_id", "transfertime", "curr_service"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Hospital service (MED, SURG, CMED, ...) the patient was under, and when it changed."),
    "transfers": dict(pk=["transfer_id"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="Ward-level movements: ED, admit, transfer, discharge events with care unit and in/out times."),
    "caregiver": dict(pk=["caregiver_id"], doc="List of de-identified ICU caregiver ids."),
    "chartevents": dict(pk=["stay_id", "charttime", "itemid"],
        fk={"subject_id": _PAT, "hadm_id": _ADM, "stay_id": _STAY, "itemid": _DITEM, "caregiver_id": _CARE},
        doc="ICU charted observations: vital signs (heart rate, blood pressure, temperature, SpO2), scores, settings."),
    "datetimeevents": dict(pk=["stay_id", "itemid", "charttime"],
        fk={"subject_id": _PAT, "hadm_id": _ADM, "stay_id": _STAY, "itemid": _DITEM, "caregiver_id": _CARE},
        doc="ICU charted dates/times (e.g. line insertion, last dialysis); value is a timestamp."),
    "d_items": dict(pk=["itemid"], doc="Dictionary of ICU items (chartevents, inputevents, outputevents, ...): label, unit, category, linksto."),
    "icustays": dict(pk=["stay_id"], fk={"subject_id": _PAT, "hadm_id": _ADM},
        doc="One row per ICU stay: first/last care unit, in/out times, length of stay in days (los)."),
    "ingredientevents": dict(pk=["orderid", "itemid"],
        fk={"subject_id": _PAT, "hadm_id": _ADM, "stay_id": _STAY, "itemid": _DITEM, "caregiver_id": _CARE},
        doc="Ingredients of ICU inputs (water, calories, ...) with amounts and rates."),
    "inputevents": dict(pk=["orderid", "itemid"],
        fk={"subject_id": _PAT, "hadm_id": _ADM, "stay_id": _STAY, "itemid": _DITEM, "caregiver_id": _CARE},
        doc="ICU fluids and drugs given (infusions, boluses): amount, rate, patient weight."),
    "outputevents": dict(pk=["stay_id", "charttime", "itemid"],
        fk={"subject_id": _PAT, "hadm_id": _ADM, "stay_id": _STAY, "itemid": _DITEM, "caregiver_id": _CARE},
        doc="ICU outputs: urine and drain volumes (mL)."),
    "procedureevents": dict(pk=["orderid"],
        fk={"subject_id": _PAT, "hadm_id": _ADM, "stay_id": _STAY, "itemid": _DITEM, "caregiver_id": _CARE},
        doc="ICU procedures (ventilation, lines, dialysis, imaging) with start/end times."),
}

TABLES: tuple[Table, ...] = (
    # hosp.admissions
    _t("hosp", "admissions", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("admittime", "TIMESTAMP", True),
        ("dischtime", "TIMESTAMP", False),
        ("deathtime", "TIMESTAMP", False),
        ("admission_type", "VARCHAR", True),
        ("admit_provider_id", "VARCHAR", False),
        ("admission_location", "VARCHAR", False),
        ("discharge_location", "VARCHAR", False),
        ("insurance", "VARCHAR", False),
        ("language", "VARCHAR", False),
        ("marital_status", "VARCHAR", False),
        ("race", "VARCHAR", False),
        ("edregtime", "TIMESTAMP", False),
        ("edouttime", "TIMESTAMP", False),
        ("hospital_expire_flag", "SMALLINT", False),
    ]),
    # hosp.d_hcpcs
    _t("hosp", "d_hcpcs", [
        ("code", "VARCHAR", True),
        ("category", "SMALLINT", False),
        ("long_description", "VARCHAR", False),
        ("short_description", "VARCHAR", False),
    ]),
    # hosp.diagnoses_icd
    _t("hosp", "diagnoses_icd", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("seq_num", "INTEGER", True),
        ("icd_code", "VARCHAR", False),
        ("icd_version", "SMALLINT", False),
    ]),
    # hosp.d_icd_diagnoses
    _t("hosp", "d_icd_diagnoses", [
        ("icd_code", "VARCHAR", True),
        ("icd_version", "SMALLINT", True),
        ("long_title", "VARCHAR", False),
    ]),
    # hosp.d_icd_procedures
    _t("hosp", "d_icd_procedures", [
        ("icd_code", "VARCHAR", True),
        ("icd_version", "SMALLINT", True),
        ("long_title", "VARCHAR", False),
    ]),
    # hosp.d_labitems
    _t("hosp", "d_labitems", [
        ("itemid", "INTEGER", True),
        ("label", "VARCHAR", False),
        ("fluid", "VARCHAR", False),
        ("category", "VARCHAR", False),
    ]),
    # hosp.drgcodes
    _t("hosp", "drgcodes", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("drg_type", "VARCHAR", False),
        ("drg_code", "VARCHAR", True),
        ("description", "VARCHAR", False),
        ("drg_severity", "SMALLINT", False),
        ("drg_mortality", "SMALLINT", False),
    ]),
    # hosp.emar_detail
    _t("hosp", "emar_detail", [
        ("subject_id", "INTEGER", True),
        ("emar_id", "VARCHAR", True),
        ("emar_seq", "INTEGER", True),
        ("parent_field_ordinal", "VARCHAR", False),
        ("administration_type", "VARCHAR", False),
        ("pharmacy_id", "INTEGER", False),
        ("barcode_type", "VARCHAR", False),
        ("reason_for_no_barcode", "VARCHAR", False),
        ("complete_dose_not_given", "VARCHAR", False),
        ("dose_due", "VARCHAR", False),
        ("dose_due_unit", "VARCHAR", False),
        ("dose_given", "VARCHAR", False),
        ("dose_given_unit", "VARCHAR", False),
        ("will_remainder_of_dose_be_given", "VARCHAR", False),
        ("product_amount_given", "VARCHAR", False),
        ("product_unit", "VARCHAR", False),
        ("product_code", "VARCHAR", False),
        ("product_description", "VARCHAR", False),
        ("product_description_other", "VARCHAR", False),
        ("prior_infusion_rate", "VARCHAR", False),
        ("infusion_rate", "VARCHAR", False),
        ("infusion_rate_adjustment", "VARCHAR", False),
        ("infusion_rate_adjustment_amount", "VARCHAR", False),
        ("infusion_rate_unit", "VARCHAR", False),
        ("route", "VARCHAR", False),
        ("infusion_complete", "VARCHAR", False),
        ("completion_interval", "VARCHAR", False),
        ("new_iv_bag_hung", "VARCHAR", False),
        ("continued_infusion_in_other_location", "VARCHAR", False),
        ("restart_interval", "VARCHAR", False),
        ("side", "VARCHAR", False),
        ("site", "VARCHAR", False),
        ("non_formulary_visual_verification", "VARCHAR", False),
    ]),
    # hosp.emar
    _t("hosp", "emar", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", False),
        ("emar_id", "VARCHAR", True),
        ("emar_seq", "INTEGER", True),
        ("poe_id", "VARCHAR", True),
        ("pharmacy_id", "INTEGER", False),
        ("enter_provider_id", "VARCHAR", False),
        ("charttime", "TIMESTAMP", True),
        ("medication", "VARCHAR", False),
        ("event_txt", "VARCHAR", False),
        ("scheduletime", "TIMESTAMP", False),
        ("storetime", "TIMESTAMP", True),
    ]),
    # hosp.hcpcsevents
    _t("hosp", "hcpcsevents", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("chartdate", "DATE", False),
        ("hcpcs_cd", "VARCHAR", True),
        ("seq_num", "INTEGER", True),
        ("short_description", "VARCHAR", False),
    ]),
    # hosp.labevents
    _t("hosp", "labevents", [
        ("labevent_id", "INTEGER", True),
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", False),
        ("specimen_id", "INTEGER", True),
        ("itemid", "INTEGER", True),
        ("order_provider_id", "VARCHAR", False),
        ("charttime", "TIMESTAMP", False),
        ("storetime", "TIMESTAMP", False),
        ("value", "VARCHAR", False),
        ("valuenum", "DOUBLE", False),
        ("valueuom", "VARCHAR", False),
        ("ref_range_lower", "DOUBLE", False),
        ("ref_range_upper", "DOUBLE", False),
        ("flag", "VARCHAR", False),
        ("priority", "VARCHAR", False),
        ("comments", "VARCHAR", False),
    ]),
    # hosp.microbiologyevents
    _t("hosp", "microbiologyevents", [
        ("microevent_id", "INTEGER", True),
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", False),
        ("micro_specimen_id", "INTEGER", True),
        ("order_provider_id", "VARCHAR", False),
        ("chartdate", "TIMESTAMP", True),
        ("charttime", "TIMESTAMP", False),
        ("spec_itemid", "INTEGER", True),
        ("spec_type_desc", "VARCHAR", False),
        ("test_seq", "INTEGER", True),
        ("storedate", "TIMESTAMP", False),
        ("storetime", "TIMESTAMP", False),
        ("test_itemid", "INTEGER", False),
        ("test_name", "VARCHAR", False),
        ("org_itemid", "INTEGER", False),
        ("org_name", "VARCHAR", False),
        ("isolate_num", "SMALLINT", False),
        ("quantity", "VARCHAR", False),
        ("ab_itemid", "INTEGER", False),
        ("ab_name", "VARCHAR", False),
        ("dilution_text", "VARCHAR", False),
        ("dilution_comparison", "VARCHAR", False),
        ("dilution_value", "DOUBLE", False),
        ("interpretation", "VARCHAR", False),
        ("comments", "VARCHAR", False),
    ]),
    # hosp.omr
    _t("hosp", "omr", [
        ("subject_id", "INTEGER", True),
        ("chartdate", "DATE", True),
        ("seq_num", "INTEGER", True),
        ("result_name", "VARCHAR", True),
        ("result_value", "VARCHAR", True),
    ]),
    # hosp.patients
    _t("hosp", "patients", [
        ("subject_id", "INTEGER", True),
        ("gender", "VARCHAR", True),
        ("anchor_age", "SMALLINT", False),
        ("anchor_year", "SMALLINT", True),
        ("anchor_year_group", "VARCHAR", True),
        ("dod", "DATE", False),
    ]),
    # hosp.pharmacy
    _t("hosp", "pharmacy", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("pharmacy_id", "INTEGER", True),
        ("poe_id", "VARCHAR", False),
        ("starttime", "TIMESTAMP", False),
        ("stoptime", "TIMESTAMP", False),
        ("medication", "VARCHAR", False),
        ("proc_type", "VARCHAR", True),
        ("status", "VARCHAR", False),
        ("entertime", "TIMESTAMP", True),
        ("verifiedtime", "TIMESTAMP", False),
        ("route", "VARCHAR", False),
        ("frequency", "VARCHAR", False),
        ("disp_sched", "VARCHAR", False),
        ("infusion_type", "VARCHAR", False),
        ("sliding_scale", "VARCHAR", False),
        ("lockout_interval", "VARCHAR", False),
        ("basal_rate", "DOUBLE", False),
        ("one_hr_max", "VARCHAR", False),
        ("doses_per_24_hrs", "DOUBLE", False),
        ("duration", "DOUBLE", False),
        ("duration_interval", "VARCHAR", False),
        ("expiration_value", "INTEGER", False),
        ("expiration_unit", "VARCHAR", False),
        ("expirationdate", "TIMESTAMP", False),
        ("dispensation", "VARCHAR", False),
        ("fill_quantity", "VARCHAR", False),
    ]),
    # hosp.poe_detail
    _t("hosp", "poe_detail", [
        ("poe_id", "VARCHAR", True),
        ("poe_seq", "INTEGER", True),
        ("subject_id", "INTEGER", True),
        ("field_name", "VARCHAR", True),
        ("field_value", "VARCHAR", False),
    ]),
    # hosp.poe
    _t("hosp", "poe", [
        ("poe_id", "VARCHAR", True),
        ("poe_seq", "INTEGER", True),
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", False),
        ("ordertime", "TIMESTAMP", True),
        ("order_type", "VARCHAR", True),
        ("order_subtype", "VARCHAR", False),
        ("transaction_type", "VARCHAR", False),
        ("discontinue_of_poe_id", "VARCHAR", False),
        ("discontinued_by_poe_id", "VARCHAR", False),
        ("order_provider_id", "VARCHAR", False),
        ("order_status", "VARCHAR", False),
    ]),
    # hosp.prescriptions
    _t("hosp", "prescriptions", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("pharmacy_id", "INTEGER", True),
        ("poe_id", "VARCHAR", False),
        ("poe_seq", "INTEGER", False),
        ("order_provider_id", "VARCHAR", False),
        ("starttime", "TIMESTAMP", False),
        ("stoptime", "TIMESTAMP", False),
        ("drug_type", "VARCHAR", True),
        ("drug", "VARCHAR", False),
        ("formulary_drug_cd", "VARCHAR", False),
        ("gsn", "VARCHAR", False),
        ("ndc", "VARCHAR", False),
        ("prod_strength", "VARCHAR", False),
        ("form_rx", "VARCHAR", False),
        ("dose_val_rx", "VARCHAR", False),
        ("dose_unit_rx", "VARCHAR", False),
        ("form_val_disp", "VARCHAR", False),
        ("form_unit_disp", "VARCHAR", False),
        ("doses_per_24_hrs", "DOUBLE", False),
        ("route", "VARCHAR", False),
    ]),
    # hosp.procedures_icd
    _t("hosp", "procedures_icd", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("seq_num", "INTEGER", True),
        ("chartdate", "DATE", True),
        ("icd_code", "VARCHAR", False),
        ("icd_version", "SMALLINT", False),
    ]),
    # hosp.provider
    _t("hosp", "provider", [
        ("provider_id", "VARCHAR", True),
    ]),
    # hosp.services
    _t("hosp", "services", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("transfertime", "TIMESTAMP", True),
        ("prev_service", "VARCHAR", False),
        ("curr_service", "VARCHAR", False),
    ]),
    # hosp.transfers
    _t("hosp", "transfers", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", False),
        ("transfer_id", "INTEGER", True),
        ("eventtype", "VARCHAR", False),
        ("careunit", "VARCHAR", False),
        ("intime", "TIMESTAMP", False),
        ("outtime", "TIMESTAMP", False),
    ]),
    # icu.caregiver
    _t("icu", "caregiver", [
        ("caregiver_id", "INTEGER", True),
    ]),
    # icu.chartevents
    _t("icu", "chartevents", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("stay_id", "INTEGER", True),
        ("caregiver_id", "INTEGER", False),
        ("charttime", "TIMESTAMP", True),
        ("storetime", "TIMESTAMP", False),
        ("itemid", "INTEGER", True),
        ("value", "VARCHAR", False),
        ("valuenum", "DOUBLE", False),
        ("valueuom", "VARCHAR", False),
        ("warning", "SMALLINT", False),
    ]),
    # icu.datetimeevents
    _t("icu", "datetimeevents", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("stay_id", "INTEGER", True),
        ("caregiver_id", "INTEGER", False),
        ("charttime", "TIMESTAMP", True),
        ("storetime", "TIMESTAMP", False),
        ("itemid", "INTEGER", True),
        ("value", "TIMESTAMP", True),
        ("valueuom", "VARCHAR", False),
        ("warning", "SMALLINT", False),
    ]),
    # icu.d_items
    _t("icu", "d_items", [
        ("itemid", "INTEGER", True),
        ("label", "VARCHAR", True),
        ("abbreviation", "VARCHAR", True),
        ("linksto", "VARCHAR", True),
        ("category", "VARCHAR", True),
        ("unitname", "VARCHAR", False),
        ("param_type", "VARCHAR", True),
        ("lownormalvalue", "DOUBLE", False),
        ("highnormalvalue", "DOUBLE", False),
    ]),
    # icu.icustays
    _t("icu", "icustays", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("stay_id", "INTEGER", True),
        ("first_careunit", "VARCHAR", False),
        ("last_careunit", "VARCHAR", False),
        ("intime", "TIMESTAMP", False),
        ("outtime", "TIMESTAMP", False),
        ("los", "DOUBLE", False),
    ]),
    # icu.ingredientevents
    _t("icu", "ingredientevents", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("stay_id", "INTEGER", False),
        ("caregiver_id", "INTEGER", False),
        ("starttime", "TIMESTAMP", True),
        ("endtime", "TIMESTAMP", True),
        ("storetime", "TIMESTAMP", False),
        ("itemid", "INTEGER", True),
        ("amount", "DOUBLE", False),
        ("amountuom", "VARCHAR", False),
        ("rate", "DOUBLE", False),
        ("rateuom", "VARCHAR", False),
        ("orderid", "INTEGER", True),
        ("linkorderid", "INTEGER", False),
        ("statusdescription", "VARCHAR", False),
        ("originalamount", "DOUBLE", False),
        ("originalrate", "DOUBLE", False),
    ]),
    # icu.inputevents
    _t("icu", "inputevents", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("stay_id", "INTEGER", False),
        ("caregiver_id", "INTEGER", False),
        ("starttime", "TIMESTAMP", True),
        ("endtime", "TIMESTAMP", True),
        ("storetime", "TIMESTAMP", False),
        ("itemid", "INTEGER", True),
        ("amount", "DOUBLE", False),
        ("amountuom", "VARCHAR", False),
        ("rate", "DOUBLE", False),
        ("rateuom", "VARCHAR", False),
        ("orderid", "INTEGER", True),
        ("linkorderid", "INTEGER", False),
        ("ordercategoryname", "VARCHAR", False),
        ("secondaryordercategoryname", "VARCHAR", False),
        ("ordercomponenttypedescription", "VARCHAR", False),
        ("ordercategorydescription", "VARCHAR", False),
        ("patientweight", "DOUBLE", False),
        ("totalamount", "DOUBLE", False),
        ("totalamountuom", "VARCHAR", False),
        ("isopenbag", "SMALLINT", False),
        ("continueinnextdept", "SMALLINT", False),
        ("statusdescription", "VARCHAR", False),
        ("originalamount", "DOUBLE", False),
        ("originalrate", "DOUBLE", False),
    ]),
    # icu.outputevents
    _t("icu", "outputevents", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("stay_id", "INTEGER", True),
        ("caregiver_id", "INTEGER", False),
        ("charttime", "TIMESTAMP", True),
        ("storetime", "TIMESTAMP", True),
        ("itemid", "INTEGER", True),
        ("value", "DOUBLE", True),
        ("valueuom", "VARCHAR", False),
    ]),
    # icu.procedureevents
    _t("icu", "procedureevents", [
        ("subject_id", "INTEGER", True),
        ("hadm_id", "INTEGER", True),
        ("stay_id", "INTEGER", True),
        ("caregiver_id", "INTEGER", False),
        ("starttime", "TIMESTAMP", True),
        ("endtime", "TIMESTAMP", True),
        ("storetime", "TIMESTAMP", True),
        ("itemid", "INTEGER", True),
        ("value", "DOUBLE", False),
        ("valueuom", "VARCHAR", False),
        ("location", "VARCHAR", False),
        ("locationcategory", "VARCHAR", False),
        ("orderid", "INTEGER", False),
        ("linkorderid", "INTEGER", False),
        ("ordercategoryname", "VARCHAR", False),
        ("ordercategorydescription", "VARCHAR", False),
        ("patientweight", "DOUBLE", False),
        ("isopenbag", "SMALLINT", False),
        ("continueinnextdept", "SMALLINT", False),
        ("statusdescription", "VARCHAR", False),
        ("originalamount", "DOUBLE", False),
        ("originalrate", "DOUBLE", False),
    ]),
)

_BY_NAME: dict[str, Table] = {}
for _tab in TABLES:
    _BY_NAME[_tab.name] = _tab
    _BY_NAME[_tab.qualified] = _tab
    _BY_NAME[f"{_tab.module}.{_tab.name}"] = _tab


def table(name: str) -> Table:
    """Look a table up by bare ("labevents"), module ("hosp.labevents") or schema name."""
    try:
        return _BY_NAME[name.lower()]
    except KeyError:
        raise KeyError(f"unknown MIMIC-IV table {name!r}") from None


def tables(module: str | None = None) -> list[Table]:
    return [t for t in TABLES if module is None or t.module == module]


def create_schemas(con, tables_: list[Table] | None = None) -> None:
    """Create the two schemas and (empty) tables on a DuckDB connection."""
    for schema in MODULES.values():
        con.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
    for t in tables_ or TABLES:
        con.execute(t.ddl())


def describe(include_types: bool = True) -> str:
    """Compact text description of the schema, for an LLM's system prompt."""
    lines = []
    for t in TABLES:
        if include_types:
            cols = ", ".join(f"{c.name} {c.type}" for c in t.columns)
        else:
            cols = ", ".join(t.column_names)
        lines.append(f"{t.qualified}({cols})")
        lines.append(f"  -- {t.description}")
        if t.foreign_keys:
            lines.append("  -- joins: " + ", ".join(
                f"{fk.column} -> {MODULES[fk.references.split('.')[0]]}.{'.'.join(fk.references.split('.')[1:])}"
                for fk in t.foreign_keys))
    return "\n".join(lines)
