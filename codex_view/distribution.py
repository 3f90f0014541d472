"""A result's distribution as HTML (chart and table, both bounded) and as a CSV file of every total.

However many totals a result reaches, its HTML stays small: the chart draws at most
`chart.MAX_BARS` bars and the table at most `TABLE_ENDS * 2 + TABLE_RANGES` rows (its first and
last totals one by one, the rest in ranges). The full list is one tap away as CSV, made when asked
(`totals_csv`, through the worker's "totals" mode), never carried in the page.
"""

from __future__ import annotations

from typing import Any

from calc.totals import Run, ends_and_ranges, single

from .answer import Distribution
from .chart import bars_svg, grouping_note
from .escaping import escape
from .format import percent
from .markup import chart_toggle

TABLE_ENDS = 50      # the lowest and the highest totals the table lists one by one
TABLE_RANGES = 200   # at most this many rows for the totals between them (a table of 300 totals or fewer is whole)


def _row(run: Run) -> str:
    total = str(run.low) if run.high == run.low else f"{run.low} to {run.high}"
    mark = "" if run.high == run.low else ' class="cx-row--range"'
    return f"<tr{mark}><td>{total}</td><td>{percent(run.chance)}</td><td>{percent(run.at_least)}</td></tr>"


def _table(pmf: list[list[float]], whole_table: str) -> str:
    runs = ends_and_ranges(pmf, ends=TABLE_ENDS, middle=TABLE_RANGES)
    whole = len(runs) == len(pmf)
    summary = whole_table if whole else "Table of the totals, the middle ones in ranges"
    said = "" if whole else (
        f'<p class="cx-table__about">{len(pmf):,} totals: the lowest and the highest {TABLE_ENDS} one by one, '
        f"the {len(pmf) - 2 * TABLE_ENDS:,} between them in ranges. The CSV file lists every total.</p>"
    )
    button = "" if whole else (
        '<p class="cx-table__more"><button type="button" class="cx-totals md-button">'
        "Download every total (CSV)</button></p>"
    )
    return (
        f'<details class="cx-table"><summary>{summary}</summary>{said}'
        f'<table><thead><tr><th scope="col">Total</th><th scope="col">Exactly</th><th scope="col">At least</th></tr></thead>'
        f'<tbody>{"".join(_row(r) for r in runs)}</tbody></table>{button}</details>'
    )


def distribution_html(cid: str, distribution: Distribution) -> str:
    """The chart (at least / exactly), its readout and the table of totals."""
    pmf = distribution.pmf
    note = grouping_note(pmf)
    return (
        f'<div class="cx-chart"><p class="cx-subtitle">{escape(distribution.title)}</p>'
        + (f'<p class="cx-chart__grouped">{escape(note)}</p>' if note else "")
        + chart_toggle(f"{cid}-chart", bars_svg(pmf, cumulative=True, label="Chance of rolling at least each total"),
                       bars_svg(pmf, cumulative=False, label="Chance of rolling exactly each total"))
        + f"{_table(pmf, distribution.table_name)}</div>"
    )


def totals_csv(pmf: list[list[float]]) -> str:
    """Every total with its chance of exactly and of at least it, as CSV with a header line; the
    chances as fractions of 1 written in full (repr), for a spreadsheet to read exactly."""
    lines = ["total,exactly,at_least"]
    lines += [f"{r.low},{r.chance!r},{r.at_least!r}" for r in single(pmf)]
    return "\r\n".join(lines) + "\r\n"


def compact(result: dict[str, Any]) -> dict[str, Any]:
    """A result as the worker sends it to the page: a distribution longer than the table shows is
    left out (the HTML carries what the page needs; the CSV request makes the full list)."""
    pmf = result.get("distribution")
    if not pmf or len(pmf) <= 2 * TABLE_ENDS + TABLE_RANGES:
        return result
    out = {k: v for k, v in result.items() if k != "distribution"}
    out["distribution_totals"] = len(pmf)
    return out


__all__ = ["TABLE_ENDS", "TABLE_RANGES", "compact", "distribution_html", "totals_csv"]
