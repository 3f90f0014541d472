"""Data tables from `calc/data` rendered as Markdown tables (so search indexes them)."""

from __future__ import annotations

from html import escape
from typing import Any

from calc import data

_MARKDOWN_SPECIAL = str.maketrans({"|": r"\|", "*": r"\*", "_": r"\_", "`": r"\`", "[": r"\[", "]": r"\]"})


def cell(value: Any, fmt: str | None = None) -> str:
    """One cell's text: `signed` prints +5 / -5 / 0, `na` and `signed_na` print N/A for null."""
    if value is None:
        return "N/A" if fmt in ("na", "signed_na") else ""
    if fmt in ("signed", "signed_na") and isinstance(value, int):
        return f"+{value}" if value > 0 else str(value)
    if fmt == "tn" and isinstance(value, int):
        return f"+{value} TN"
    return escape(str(value), quote=False).translate(_MARKDOWN_SPECIAL)


def table_markdown(name: str) -> str:
    """The Markdown for data table `name`, with its source line and notes."""
    table = data.load(name)
    columns = table["columns"]
    lines = [
        "| " + " | ".join(cell(c["label"]) for c in columns) + " |",
        "| " + " | ".join("---" for _ in columns) + " |",
    ]
    for row in table["rows"]:
        lines.append("| " + " | ".join(cell(row.get(c["key"]), c.get("format")) for c in columns) + " |")
    out = "\n".join(lines).rstrip() + "\n"
    for note in table.get("notes", ()):
        out += f"\n{cell(note)}\n"
    # a Markdown paragraph with attributes (not raw HTML), so it also sits cleanly inside tabs
    out += f'\nSource: {cell(table["source"])}.\n{{: .cx-source data-source-table="{name}" }}\n'
    return out
