"""Medications: prescriptions, pharmacy orders, eMAR administrations and ICU inputs."""

from __future__ import annotations

from . import patient_given, patient_orders

CONVENTIONS = ()
TEMPLATES = [*patient_orders.TEMPLATES, *patient_given.TEMPLATES]
