"""An inline SVG bar chart of a distribution, in 'exactly' and 'at least' forms."""

from __future__ import annotations

from math import fsum

from calc.dice.totals import Run, grouped

from .escaping import escape
from .format import percent

WIDTH, HEIGHT = 600, 160
SHOWN_MASS = 0.9999  # bars cover the central outcomes holding this much probability


def window(pmf: list[list[float]]) -> list[list[float]]:
    """The outcomes worth drawing: trim both tails while their mass stays under (1 - SHOWN_MASS)/2."""
    if len(pmf) <= 60:
        return pmf
    cut = (1 - SHOWN_MASS) / 2
    lo, acc = 0, 0.0
    while lo < len(pmf) - 1 and acc + pmf[lo][1] < cut:
        acc += pmf[lo][1]
        lo += 1
    hi, acc = len(pmf) - 1, 0.0
    while hi > lo and acc + pmf[hi][1] < cut:
        acc += pmf[hi][1]
        hi -= 1
    return pmf[lo : hi + 1]


MAX_BARS = 240  # past this many totals in the window, runs of consecutive totals share a bar


def bar_runs(pmf: list[list[float]]) -> list[Run]:
    """The bars of a distribution's chart: its window's totals, in at most MAX_BARS runs."""
    points = window(pmf)
    top = points[-1][0]
    return grouped(points, most=MAX_BARS, above=fsum(p for x, p in pmf if x > top))


def _read(run: Run, cumulative: bool) -> str:
    """What a bar says when tapped or hovered: its totals and its chance."""
    if cumulative:
        return f"at least {run.low}: {percent(run.at_least)}"
    if run.high == run.low:
        return f"exactly {run.low}: {percent(run.chance)}"
    return f"{run.low} to {run.high}: {percent(run.chance)}"


def bars_svg(pmf: list[list[float]], *, cumulative: bool, label: str) -> str:
    """The chart as SVG: one accessible name for the whole (`label`), no text per bar (the table
    below gives the figures); each bar's reading is in `data-read` for the tap and hover readout."""
    runs = bar_runs(pmf)
    values = [r.at_least if cumulative else r.chance for r in runs]
    top = max(values) or 1.0
    n = len(runs)
    step = WIDTH / n
    bar = max(step * 0.8, 0.5)
    rects = []
    for i, (run, v) in enumerate(zip(runs, values)):
        h = HEIGHT * v / top
        rects.append(
            f'<rect x="{i * step:.2f}" y="{HEIGHT - h:.2f}" width="{bar:.2f}" height="{h:.2f}" '
            f'data-x="{run.low}" data-p="{v!r}" data-read="{escape(_read(run, cumulative), quote=True)}"></rect>'
        )
    # The axis labels sit in HTML under the SVG: the SVG stretches to any width
    # (preserveAspectRatio="none"), which squeezed text drawn inside it to about 7 px on a phone.
    middle = runs[n // 2].low if n >= 5 else None
    labels = [runs[0].low, *([middle] if middle is not None else []), runs[-1].high]
    return (
        f'<svg class="cx-chart__svg" viewBox="0 -4 {WIDTH} {HEIGHT + 4}" preserveAspectRatio="none" '
        f'role="img" aria-label="{escape(label)}">'
        + "".join(rects)
        + "</svg>"
        + '<div class="cx-chart__axis-labels" aria-hidden="true">'
        + "".join(f'<span class="cx-chart__axis">{x}</span>' for x in labels)
        + "</div>"
    )
