"""Medications: prescriptions, pharmacy orders, eMAR administrations and ICU inputs."""

from __future__ import annotations

from . import patient_given, patient_orders, population_given, population_orders

CONVENTIONS = ()
TEMPLATES = [*patient_orders.TEMPLATES, *patient_given.TEMPLATES, *population_orders.TEMPLATES,
             *population_given.TEMPLATES]
