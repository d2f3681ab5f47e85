"""The SQL console's schema tree: the MIMIC-IV modules from the schema module, the reference schema
(ehr_tui_ref, the cost schedule) as the database holds it, a one-line description of the highlighted
node, and inserting a name at the editor's cursor as its own word."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Tree

from ..mimic import schema
from ..tasks import cost

REF_TABLE_DOCS = {
    "drg_price": "Price per DRG code (and APR severity): the cost schedule's DRG figures. "
                 "Join on drg_type, drg_code and drg_severity IS NOT DISTINCT FROM.",
    "icd_procedure_fee": "Fee per billed ICD procedure by chapter; join on icd_version and "
                         "starts_with(icd_code, code_prefix).",
    "hcpcs_fee": "Fee per HCPCS/CPT code; join on hcpcs_fee.code = hcpcsevents.hcpcs_cd.",
    "cost_schedule": "The cost schedule's version, currency and rules in words.",
}
REF_CATALOG_SQL = ("SELECT table_name, column_name, data_type FROM information_schema.columns "
                   f"WHERE table_schema = '{cost.SCHEMA}' ORDER BY table_name, ordinal_position")


@dataclass(frozen=True)
class RefTable:
    """A table the database holds outside the MIMIC-IV schema module (ehr_tui_ref)."""

    qualified: str
    name: str
    description: str


@dataclass(frozen=True)
class RefColumn:
    table: RefTable
    name: str
    type: str


def table_label(table: schema.Table, rows: int | None) -> Text:
    label = Text(table.name)
    if rows is not None:
        label.append(f"  {rows:,}", style="dim")
    return label


def column_label(table: schema.Table, col: schema.Column) -> Text:
    label = Text(col.name)
    label.append(f" {col.type}", style="dim")
    if col.name in table.primary_key:
        label.append(" key", style="bold yellow")
    if col.not_null:
        label.append(" not null", style="dim italic")
    return label


def build_tree(counts: dict[str, int]) -> Tree:
    tree: Tree = Tree(Text("MIMIC-IV"), id="sql-schema")
    tree.show_root = False
    tree.auto_expand = False  # enter inserts into the editor; space opens a table
    for module, schema_name in schema.MODULES.items():
        tabs = schema.tables(module)
        node = tree.root.add(Text(f"{schema_name} ({len(tabs)})", style="bold"), data=schema_name, expand=True)
        for t in tabs:
            tnode = node.add(table_label(t, counts.get(t.qualified)), data=t)
            for c in t.columns:
                tnode.add_leaf(column_label(t, c), data=(t, c))
    return tree


def add_reference_schema(tree: Tree, catalog: list[tuple[str, str, str]]) -> None:
    """Add ehr_tui_ref from the database's catalog rows (table, column, type); nothing when absent."""
    if not catalog or any(n.data == cost.SCHEMA for n in tree.root.children):
        return
    names = list(dict.fromkeys(t for t, _, _ in catalog))
    node = tree.root.add(Text(f"{cost.SCHEMA} ({len(names)})", style="bold"), data=cost.SCHEMA, expand=False)
    for name in names:
        table = RefTable(f"{cost.SCHEMA}.{name}", name, REF_TABLE_DOCS.get(name, "ehr-tui reference table."))
        tnode = node.add(Text(name), data=table)
        for t, col, typ in catalog:
            if t == name:
                label = Text(col)
                label.append(f" {typ}", style="dim")
                tnode.add_leaf(label, data=RefColumn(table, col, typ))


def node_doc(data: object) -> str:
    """What the highlighted node is, in one line (shown under the tree)."""
    if isinstance(data, (schema.Table, RefTable)):
        return f"{data.qualified}: {data.description or 'no description'}"
    if isinstance(data, tuple) and len(data) == 2 and isinstance(data[0], schema.Table):
        table, col = data
        parts = [f"{table.name}.{col.name} {col.type}"]
        if col.name in table.primary_key:
            parts.append("primary key")
        refs = [fk.references for fk in table.foreign_keys if fk.column == col.name]
        if refs:
            parts.append("references " + ", ".join(refs))
        parts.append("not null" if col.not_null else "may be NULL")
        return ", ".join(parts)
    if isinstance(data, RefColumn):
        return f"{data.table.name}.{data.name} {data.type} ({data.table.description})"
    if data == cost.SCHEMA:
        return f"{cost.SCHEMA}: ehr-tui's cost schedule (prices for billing records; see `ehr-tui tasks cost-schedule --show`)"
    if isinstance(data, str):
        return f"{data}: MIMIC-IV module"
    return ""


def insert_name(text_before: str, text_after: str, name: str) -> str:
    """`name` padded so it does not glue to the words around the cursor (`hadm_idSELECT` was the bug)."""
    glue = lambda ch: ch.isalnum() or ch in "_\"')]`,"  # noqa: E731 - a character a name would stick to
    left = " " if text_before and glue(text_before[-1]) else ""
    right = " " if text_after and (text_after[0].isalnum() or text_after[0] in "_\"'(`") else ""
    return f"{left}{name}{right}"
