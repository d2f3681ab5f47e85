"""Domain word lists for task relevance: the domain vector is the mean input embedding of these words."""

from __future__ import annotations

from pathlib import Path

from ..errors import UserError

DOMAIN_WORDS: dict[str, tuple[str, ...]] = {
    "math": (
        "add", "subtract", "multiply", "divide", "sum", "total", "difference", "product", "quotient",
        "equation", "number", "fraction", "percent", "ratio", "average", "remainder", "square", "root",
        "integer", "decimal", "calculate", "solve", "equals", "twice", "half", "each", "per", "cost",
        "price", "profit", "minutes", "hours", "times", "left", "more", "less", "plus", "minus",
    ),
    "code": (
        "def", "return", "for", "while", "if", "else", "elif", "import", "class", "list", "dict",
        "string", "int", "float", "bool", "range", "len", "append", "index", "loop", "function",
        "variable", "argument", "parameter", "True", "False", "None", "lambda", "yield", "sorted",
        "enumerate", "zip", "map", "filter", "str", "join", "split", "count", "result", "value",
    ),
    "medicine": (
        "patient", "patients", "clinical", "disease", "treatment", "therapy", "diagnosis", "symptoms",
        "risk", "mortality", "outcome", "outcomes", "study", "trial", "randomized", "cohort", "hospital",
        "surgery", "cancer", "tumor", "infection", "blood", "pressure", "heart", "cardiac", "renal",
        "chronic", "acute", "dose", "drug", "medication", "significant", "associated", "incidence",
        "prevalence", "survival", "cells", "gene", "protein", "serum",
    ),
    "ehr-sql": (
        "SELECT", "FROM", "WHERE", "JOIN", "GROUP", "BY", "ORDER", "COUNT", "AVG", "MAX", "MIN", "DISTINCT",
        "patients", "admissions", "icustays", "labevents", "chartevents", "prescriptions", "diagnoses",
        "procedures", "subject_id", "hadm_id", "stay_id", "itemid", "charttime", "valuenum", "icd_code",
        "admittime", "dischtime", "anchor_age", "gender", "drug", "dose", "lab", "vital", "patient",
        "admission", "discharge", "diagnosis", "answer",
    ),
}


def domain_words(spec: str) -> tuple[str, list[str]]:
    """(name, words) for a built-in domain name, ``@FILE`` (one word a line) or ``w1,w2,...``."""
    if spec in DOMAIN_WORDS:
        return spec, list(DOMAIN_WORDS[spec])
    if spec.startswith("@"):
        p = Path(spec[1:]).expanduser()
        if not p.is_file():
            raise UserError(f"no domain word file at {p}; give one word a line")
        words = [w.strip() for w in p.read_text(encoding="utf-8").splitlines() if w.strip()]
        name = f"file:{p.name}"
    elif "," in spec:
        words = [w.strip() for w in spec.split(",") if w.strip()]
        name = "custom"
    else:
        raise UserError(
            f"unknown domain {spec!r}; use one of {', '.join(DOMAIN_WORDS)}, @FILE (one word a line) or w1,w2,..."
        )
    if not words:
        raise UserError(f"the domain word list {spec!r} is empty")
    return name, words
