"""The built-in MIMIC-IV vocabulary of the synthetic database.

Curated for ehr-tui: the common diagnoses, procedures, lab tests, ICU items,
drugs and billing codes of MIMIC-IV with their real identifiers and official
titles, plus the clinical knowledge that ties them together (which case types
get which codes, drugs, labs and ICU care). ``ehr-tui db synth --vocab DIR``
replaces the dictionary tables with a real MIMIC-IV download's; the
generator then uses the entries of this vocabulary that the download also has.
"""

from . import cases, hosp, icd, icu, labs, meds

__all__ = ["cases", "hosp", "icd", "icu", "labs", "meds"]
