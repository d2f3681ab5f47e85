"""ehr-tui: a terminal workbench for building and debugging clinical database agents."""

__version__ = "0.1.0"
