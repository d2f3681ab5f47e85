"""Medications: prescriptions (orders), eMAR administrations and ICU infusions, for one patient and across patients.

The conventions the gold SQL relies on (``definitions.py``) are stated once, in clinical words, in
``CONVENTIONS``; they reach agents through the system prompt.
"""

from __future__ import annotations

from . import cohorts, patient_given, patient_orders, population_given, population_orders
from .definitions import ADMINISTERED_EVENTS, ICU_FLUIDS, IV_ROUTES, NOT_GIVEN_EVENTS, ORAL_ROUTES, VASOPRESSORS


def _words(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)


CONVENTIONS = (
    "Drug names are compared as written on the order, ignoring case and surrounding spaces (LORazepam = "
    "lorazepam); a prescription counts for its main drug only, not for the base solution or additive it is "
    "mixed in.",
    "A prescription's course runs from its start to its stop time; orders without a stop time after the start "
    "have no duration.",
    f"A medication dose counts as given when the administration record says {_words(ADMINISTERED_EVENTS)}; "
    f"it counts as not given when it says {_words(NOT_GIVEN_EVENTS)}. Flushes, holds of other kinds and checks "
    "are neither.",
    f"Intravenous routes are {_words(IV_ROUTES)}; oral / enteral routes are {_words(ORAL_ROUTES)}.",
    f"Vasopressors are the ICU infusions {_words(VASOPRESSORS)}. ICU inputs are identified by their item name; "
    f"amounts are in the unit charted for that item; input records rewritten as charting corrections do not count. "
    f"Of the ICU fluids only {_words(ICU_FLUIDS)} are asked about.",
    "A dose or infusion belongs to a period (an admission, an ICU stay, the first 24 or 48 hours) when its time "
    "falls within that period, whatever admission it is filed under.",
    "A patient's first / most recent admission and ICU stay are ordered by admission time. A 30-day readmission "
    "is an admission that starts within 30 days after the discharge of the same patient's previous admission. "
    "Age at an admission is the patient's anchor age plus the years between the anchor year and the admission "
    "year.",
)
TEMPLATES = [*patient_orders.TEMPLATES, *patient_given.TEMPLATES, *population_orders.TEMPLATES,
             *population_given.TEMPLATES, *cohorts.TEMPLATES]
