"""Two settings of one calculator side by side (compare mode), as HTML.

Compare mode: the reader pins the current settings as A and edits B. This module turns the two
results into one HTML fragment: each headline figure for A (`[data-result="<key>"]`) and for B
(`[data-result-b="<key>"]`) with B's difference, both distributions overlaid in one chart, then
each side's tables and notes. The same answers in words (Copy as text, the verdict, B's
differences) are calc's: `calc.in_words`.
"""

from __future__ import annotations

from math import fsum
from typing import Any, Mapping

from calc.calculator import Calculator
from calc.in_words import difference, verdict
from calc.totals import run_size

from .chart import HEIGHT, MAX_BARS, WIDTH, window
from .escaping import escape
from .format import percent


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


def _raw(value: object) -> str:
    if value is None:
        return ""
    return repr(value) if isinstance(value, float) else str(value)


def _headlines(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    out = []
    for h in calculator.headlines:
        va, vb = a.get(h.key), b.get(h.key)
        if h.shown(a) is None and h.shown(b) is None:
            continue
        shown_a = h.shown(a) or "\u2014"
        shown_b = h.shown(b) or "\u2014"
        # a label that names its settings differs between the sides: each side's on a line of its own
        label = (escape(h.title(a)) if h.title(a) == h.title(b) else
                 f'<span class="cx-figure__side">A: {escape(h.title(a))}</span> '
                 f'<span class="cx-figure__side">B: {escape(h.title(b))}</span>')
        diff = difference(va, vb, h.format)
        diff_html = (
            f'<span class="cx-diff" data-diff="{_attr(h.key)}">B: {escape(diff)}</span>' if diff is not None else ""
        )
        out.append(
            f'<div class="cx-figure cx-figure--compare cx-figure--{_attr(h.format)}">'
            f'<span class="cx-figure__label">{label}</span>'
            f'<span class="cx-figure__pair"><span class="cx-tag cx-tag--a">A</span>'
            f'<output data-result="{_attr(h.key)}" data-value="{_attr(_raw(va))}">{escape(shown_a)}</output>'
            f'<span class="cx-tag cx-tag--b">B</span>'
            f'<output data-result-b="{_attr(h.key)}" data-value="{_attr(_raw(vb))}">{escape(shown_b)}</output></span>'
            f"{diff_html}</div>"
        )
    return f'<div class="cx-headlines cx-headlines--compare">{"".join(out)}</div>' if out else ""


def _series(pmf: list[list[float]], xs: list[int], cumulative: bool) -> list[float]:
    """P(exactly x) or P(at least x) for every x in xs, an increasing list (0 outside the distribution)."""
    exact = {int(x): p for x, p in pmf}
    if not cumulative:
        return [exact.get(x, 0.0) for x in xs]
    out, running = [], 1.0 - sum(p for x, p in pmf if x < xs[0])
    for x, following in zip(xs, xs[1:] + [None]):
        out.append(max(0.0, running))
        running -= exact.get(x, 0.0)
        if following is not None and following > x + 1:  # totals left out between two drawn ones
            running -= sum(p for y, p in pmf if x < y < following)
    return out


def _overlay_totals(pmf_a: list[list[float]], pmf_b: list[list[float]]) -> tuple[list[int], int | None]:
    """The totals drawn: each side's likely range, without the empty range between two far-apart sides;
    and the index of the first total after that break (None when the ranges meet or overlap)."""
    wa, wb = window(pmf_a), window(pmf_b)
    ranges = sorted([(int(wa[0][0]), int(wa[-1][0])), (int(wb[0][0]), int(wb[-1][0]))])
    (lo1, hi1), (lo2, hi2) = ranges
    if lo2 <= hi1 + 1:
        return list(range(lo1, max(hi1, hi2) + 1)), None
    return list(range(lo1, hi1 + 1)) + list(range(lo2, hi2 + 1)), hi1 - lo1 + 1


def _runs(count: int, gap: int | None) -> list[tuple[int, int]]:
    """Index ranges [start, end) of the drawn totals that share a bar: one each up to MAX_BARS in
    all, else runs of equal length (calc.totals.run_size) that never straddle the break."""
    # each side of a break rounds its last run up: one bar fewer to share keeps them within MAX_BARS
    size = run_size(count, most=MAX_BARS if gap is None else MAX_BARS - 1)
    parts = [(0, count)] if gap is None else [(0, gap), (gap, count)]
    return [(i, min(i + size, end)) for start, end in parts for i in range(start, end, size)]


def overlay_svg(pmf_a: list[list[float]], pmf_b: list[list[float]], drawn: tuple[list[int], int | None],
                *, cumulative: bool, label: str) -> str:
    """A's and B's bars side by side for the `drawn` totals (`_overlay_totals`: their likely ranges),
    runs of totals sharing a bar past MAX_BARS; when the two ranges are far apart the empty totals
    between them are skipped and a dashed line marks the break."""
    xs, gap = drawn
    runs = _runs(len(xs), gap)
    sa, sb = ([values[i] if cumulative else fsum(values[i:j]) for i, j in runs]
              for values in (_series(pmf_a, xs, cumulative), _series(pmf_b, xs, cumulative)))
    top = max(sa + sb) or 1.0
    step = WIDTH / len(runs)
    bar = max(step * 0.4, 0.25)
    what = "at least" if cumulative else "exactly"
    rects = []
    for n, (i, j) in enumerate(runs):
        totals = f"{what} {xs[i]}" if cumulative or j == i + 1 else f"{xs[i]} to {xs[j - 1]}"
        for side, values, shift in (("a", sa, 0.0), ("b", sb, bar)):
            v = values[n]
            h = HEIGHT * v / top
            rects.append(
                f'<rect class="cx-series-{side}" x="{n * step + shift:.2f}" y="{HEIGHT - h:.2f}" width="{bar:.2f}" '
                f'height="{h:.2f}" data-x="{xs[i]}" data-p="{v!r}" data-series="{side}" '
                f'data-read="{side.upper()}: {totals}: {percent(v)}"></rect>'
            )
    if gap is not None:
        gap = next(n for n, (i, _) in enumerate(runs) if i == gap)   # the break, counted in bars
    labels = [str(xs[0]), str(xs[-1])]
    if gap is not None:
        where = gap * step - (step - 2 * bar) / 2
        before, after = xs[runs[gap - 1][1] - 1], xs[runs[gap][0]]
        rects.append(
            f'<line x1="{where:.2f}" y1="0" x2="{where:.2f}" y2="{HEIGHT}" stroke="currentColor" '
            'stroke-dasharray="4 4" vector-effect="non-scaling-stroke">'
            f"<title>No total between {before} and {after}</title></line>"
        )
        labels.insert(1, f"{before} \u2016 {after}")
    return (
        f'<svg class="cx-chart__svg" viewBox="0 -4 {WIDTH} {HEIGHT + 4}" preserveAspectRatio="none" '
        f'role="img" aria-label="{escape(label)}">' + "".join(rects) + "</svg>"
        '<div class="cx-chart__axis-labels" aria-hidden="true">'
        + "".join(f'<span class="cx-chart__axis">{text}</span>' for text in labels) + "</div>"
    )


def _chart(cid: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    if not a.get("distribution") or not b.get("distribution"):
        return ""
    title = b.get("distribution_title") or a.get("distribution_title") or "Distribution of the total"
    drawn = _overlay_totals(a["distribution"], b["distribution"])   # once, for the caption and both panels
    xs, gap = drawn
    runs = _runs(len(xs), gap)
    size, bars = max(j - i for i, j in runs), len(runs)
    note = "" if size == 1 else (f"Each pair of bars stands for up to {size:,} totals in a row ({len(xs):,} totals "
                                 f"in {bars:,} pairs); A or B on its own offers every total as a CSV file.")
    at_least_id, exactly_id = f"{cid}-cmp-atleast", f"{cid}-cmp-exactly"
    return (
        f'<div class="cx-chart cx-chart--compare"><p class="cx-subtitle">{escape(title)}: A and B</p>'
        + (f'<p class="cx-chart__grouped">{escape(note)}</p>' if note else "") +
        f'<p class="cx-chart__legend"><span class="cx-swatch cx-swatch--a"></span>A '
        f'<span class="cx-swatch cx-swatch--b"></span>B</p>'
        f'<div class="cx-chart__toggle" role="radiogroup" aria-label="Chart view">'
        f'<input type="radio" name="{cid}-cmp" id="{at_least_id}" class="cx-chart__atleast" checked>'
        f'<label for="{at_least_id}">At least</label>'
        f'<input type="radio" name="{cid}-cmp" id="{exactly_id}" class="cx-chart__exactly">'
        f'<label for="{exactly_id}">Exactly</label>'
        f'<div class="cx-chart__panel cx-chart__panel--atleast">'
        f'{overlay_svg(a["distribution"], b["distribution"], drawn, cumulative=True, label="A and B: chance of at least each total")}</div>'
        f'<div class="cx-chart__panel cx-chart__panel--exactly">'
        f'{overlay_svg(a["distribution"], b["distribution"], drawn, cumulative=False, label="A and B: chance of exactly each total")}</div></div>'
        f'<p class="cx-chart__readout" aria-live="polite">Hover over or tap a bar to read its value.</p></div>'
    )


def compare_html(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any],
                 question_a: str = "", question_b: str = "") -> str:
    """The compare-mode result region: both headlines with B's difference, the overlaid chart, details."""
    from .render import tables_html  # the same tables as a single result

    said = verdict(calculator, a, b)
    parts = [f'<p class="cx-verdict cx-compare__verdict">{escape(said)}</p>' if said else "",
             _headlines(calculator, a, b)]
    for side, result, question in (("A", a, question_a), ("B", b, question_b)):
        if question:
            parts.append(f'<p class="cx-compare__question"><span class="cx-tag cx-tag--{side.lower()}">{side}</span> '
                         f"{escape(question)}</p>")
    for side, result in (("A", a), ("B", b)):
        if result.get("verdict"):
            parts.append(f'<p class="cx-verdict"><span class="cx-tag cx-tag--{side.lower()}">{side}</span> '
                         f'{escape(result["verdict"])}</p>')
    parts.append(_chart(calculator.id, a, b))
    for side, result in (("A", a), ("B", b)):
        inner = tables_html(result.get("tables") or []) + "".join(
            f'<p class="cx-note">{escape(note)}</p>' for note in result.get("notes", ())
        )
        if inner:
            parts.append(f'<details class="cx-compare__detail"><summary>{side} in detail</summary>{inner}</details>')
    return "".join(parts)
