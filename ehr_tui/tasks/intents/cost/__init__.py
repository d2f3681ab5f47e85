"""Cost: what hospital care costs, priced with the ehr-tui cost schedule (``ehr_tui.tasks.cost``, schema
``ehr_tui_ref``). Every template here prices something with the schedule and needs it installed."""

from __future__ import annotations

from . import patient, population

CONVENTIONS = (
    "Costs are in USD under the ehr-tui cost schedule (v1), given with the database. A hospital admission is "
    "priced only if it has an MS-DRG (HCFA) code; admissions without one have no cost and are left out of every "
    "cost question. A priced admission's cost is its MS-DRG price plus the fee of each billed ICD procedure plus "
    "the fee of each billed HCPCS/CPT service of that admission (a kind with nothing billed adds 0).",
    "An APR-DRG is priced at its coded severity of illness; an MS-DRG has no severity.",
    "A patient's first / most recent admission is counted among all of their hospital admissions, by admission "
    "time; an admission's length of stay runs from admission to discharge time, in days; cost per day divides "
    "the admission's cost by that length of stay.",
    "A 30-day readmission is an admission that starts within 30 days after the discharge of the same patient's "
    "previous admission. Age at an admission is the patient's anchor age plus the years between the anchor year "
    "and the admission year.",
    "A procedure's date is the day it was charted; a procedure counts as within a period when its day falls "
    "between the period's first and last calendar day.",
)
TEMPLATES = [*patient.TEMPLATES, *population.TEMPLATES]
