"""Rows of a result table as HTML, shared by the calculator's result and the planner's page table."""

from __future__ import annotations

from .answer import Row
from .escaping import escape
from .format import figure


def cell(value: object, kind: str) -> str:
    """One figure of a table (`kind`: percent, number, integer, text); a missing one is a dash."""
    if value is None:
        return "\u2014"
    return escape(figure(value, kind, exact=True))


def table_row(row: Row, kinds: list[str], mark_word: str) -> str:
    """One row of a result table; a marked row says what it is in words (`mark_word`), not only by colour."""
    cells = [cell(v, k) for v, k in zip(row.cells, kinds)]
    if row.marked and mark_word and cells:
        cells[0] += f' <span class="cx-mark-word">{escape(mark_word)}</span>'
    return ('<tr class="cx-row--mark">' if row.marked else "<tr>") + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
