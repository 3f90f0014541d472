"""A result's distribution as HTML (chart and table, both bounded) and as a CSV file of every total.

However many totals a result reaches, its HTML stays small: the chart draws at most
`chart.MAX_BARS` bars and the table at most `TABLE_ENDS * 2 + TABLE_RANGES` rows (its first and
last totals one by one, the rest in ranges). When either leaves a total out or groups it, one
caption over the chart says what each shows, counting the same totals, and the button beside it
offers every total as CSV, with the file's size; the file is made when asked (`totals_csv`,
through the worker's "totals" mode), never carried in the page.
"""

from __future__ import annotations

from typing import Any

from calc.dice.totals import Run, at_least, ends_and_ranges, single

from .answer import Distribution
from .chart import SHOWN_MASS, bar_runs, bars_svg, window
from .escaping import escape
from .format import percent, size_words
from .markup import chart_toggle, roll_button

TABLE_ENDS = 50      # the lowest and the highest totals the table lists one by one
TABLE_RANGES = 200   # at most this many rows for the totals between them (a table of 300 totals or fewer is whole)
CSV_HEADER = "total,exactly,at_least"
CSV_DIGITS = 12      # significant digits of a chance in the CSV: past them lies the sums' float noise


def csv_chance(p: float) -> str:
    """A chance as the CSV writes it: 12 significant digits, so 0.9999999900000284 is 0.99999999."""
    return f"{p:.{CSV_DIGITS}g}"


def is_whole(pmf: list[list[float]]) -> bool:
    """Whether the table lists every total on a row of its own."""
    return len(pmf) <= 2 * TABLE_ENDS + TABLE_RANGES


def _row(run: Run) -> str:
    total = str(run.low) if run.high == run.low else f"{run.low} to {run.high}"
    mark = "" if run.high == run.low else ' class="cx-row--range"'
    cells = (escape(percent(p, exact=True)) for p in (run.chance, run.at_least))   # a table: a tiny chance's value too
    return f"<tr{mark}><td>{total}</td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _table(pmf: list[list[float]], whole_table: str) -> str:
    runs = ends_and_ranges(pmf, ends=TABLE_ENDS, middle=TABLE_RANGES)
    summary = whole_table if is_whole(pmf) else "Table of the totals, the middle ones in ranges"
    return (
        f'<details class="cx-table"><summary>{summary}</summary>'
        f'<table><thead><tr><th scope="col">Total</th><th scope="col">Exactly</th><th scope="col">At least</th></tr></thead>'
        f'<tbody>{"".join(_row(r) for r in runs)}</tbody></table></details>'
    )


def about_totals(pmf: list[list[float]]) -> str:
    """What the chart and the table show of the totals, counting the same ones, when either leaves a
    total out or groups it ("" when the chart has a bar for each total of its window and the table
    a row for each total)."""
    count, drawn = len(pmf), len(window(pmf))
    bars = len(bar_runs(pmf))
    whole = is_whole(pmf)
    if bars == drawn and whole:
        return ""
    each = "one bar each" if bars == drawn else f"in {bars:,} bars of up to {-(-drawn // bars):,} totals each"
    if drawn == count:
        chart = f"The chart draws them {each}."
    else:
        chart = (f"The chart draws the middle {drawn:,}, {each}; the {count - drawn:,} at the two ends hold less "
                 f"than {percent(round(1 - SHOWN_MASS, 12))} of the chance together.")
    table = ("The table lists each one." if whole else
             f"The table lists the lowest and the highest {TABLE_ENDS} one by one and the "
             f"{count - 2 * TABLE_ENDS:,} between them in ranges; the CSV file lists every total.")
    return f"{count:,} possible totals, from {int(pmf[0][0])} to {int(pmf[-1][0])}. {chart} {table}"


def distribution_html(cid: str, distribution: Distribution, roll: str = "") -> str:
    """The chart (at least / exactly) with what it and the table show, the CSV download beside it
    when the table does not list every total, the chart's readout and the table of totals; its Roll
    named for `roll` (what the answer's Roll draws), else for the chart's title."""
    pmf = distribution.pmf
    about = about_totals(pmf)
    download = "" if is_whole(pmf) else (
        '<p class="cx-table__more"><button type="button" class="cx-totals md-button">'
        f"Download every total (CSV, {size_words(csv_bytes(pmf))})</button></p>"
    )
    return (
        f'<div class="cx-chart"><p class="cx-subtitle">{escape(distribution.title)} {roll_button(roll or distribution.title)}</p>'
        + (f'<p class="cx-chart__grouped">{escape(about)}</p>' if about else "") + download
        + chart_toggle(f"{cid}-chart", bars_svg(pmf, cumulative=True, label="Chance of rolling at least each total"),
                       bars_svg(pmf, cumulative=False, label="Chance of rolling exactly each total"))
        + f"{_table(pmf, distribution.table_name)}</div>"
    )


def csv_bytes(pmf: list[list[float]]) -> int:
    """The size of `totals_csv(pmf)` in bytes (it is ASCII), worked out without writing it."""
    lines = (len(str(int(x))) + len(csv_chance(p)) + len(csv_chance(up)) for (x, p), up in zip(pmf, at_least(pmf)))
    return len(CSV_HEADER) + 2 + sum(lines) + 4 * len(pmf)   # two commas and a CRLF a line


def totals_csv(pmf: list[list[float]]) -> str:
    """Every total with its chance of exactly and of at least it, as CSV with a header line; the
    chances as fractions of 1 to 12 significant digits (`csv_chance`), which a spreadsheet reads
    as they are: the float sums' last digits are noise, not odds."""
    lines = [CSV_HEADER]
    lines += [f"{r.low},{csv_chance(r.chance)},{csv_chance(r.at_least)}" for r in single(pmf)]
    return "\r\n".join(lines) + "\r\n"


def compact(result: dict[str, Any]) -> dict[str, Any]:
    """A result as the worker sends it to the page: a distribution longer than the table shows is
    left out (the HTML carries what the page needs; the CSV request makes the full list)."""
    pmf = result.get("distribution")
    if not pmf or is_whole(pmf):
        return result
    out = {k: v for k, v in result.items() if k != "distribution"}
    out["distribution_totals"] = len(pmf)
    return out


__all__ = ["TABLE_ENDS", "TABLE_RANGES", "about_totals", "compact", "csv_bytes", "distribution_html", "is_whole",
           "totals_csv"]
