"""Compare mode's chart: A's and B's distributions overlaid, a pair of bars for each total (or run of totals).

The totals drawn are each side's likely range (`chart.window`), without the empty totals between two
far-apart sides (a dashed line marks the break). Past `MAX_BARS` totals, a pair of bars stands for a
run of totals, as a single chart's bars do. A phone (under 30em) gets its own copy of each panel with
at most `NARROW_PAIRS` pairs: 80 pairs at 360 px drew bars of 1.5 px, which nobody could tell apart.
"""

from __future__ import annotations

from math import fsum

from calc.dice.totals import run_size

from .answer import DISTRIBUTION_TITLE, Answer
from .chart import HEIGHT, MAX_BARS, WIDTH, window
from .escaping import escape
from .format import percent
from .markup import chart_toggle, roll_button

NARROW_PAIRS = 30   # pairs of bars on a phone: about 4 px a bar where the chart is 310 px wide (a 360 px screen)


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


def overlay_totals(pmf_a: list[list[float]], pmf_b: list[list[float]]) -> tuple[list[int], int | None]:
    """The totals drawn: each side's likely range, without the empty range between two far-apart sides;
    and the index of the first total after that break (None when the ranges meet or overlap)."""
    wa, wb = window(pmf_a), window(pmf_b)
    ranges = sorted([(int(wa[0][0]), int(wa[-1][0])), (int(wb[0][0]), int(wb[-1][0]))])
    (lo1, hi1), (lo2, hi2) = ranges
    if lo2 <= hi1 + 1:
        return list(range(lo1, max(hi1, hi2) + 1)), None
    return list(range(lo1, hi1 + 1)) + list(range(lo2, hi2 + 1)), hi1 - lo1 + 1


def pair_runs(count: int, gap: int | None, most: int = MAX_BARS) -> list[tuple[int, int]]:
    """Index ranges [start, end) of the drawn totals that share a pair of bars: one each up to `most`
    in all, else runs of equal length (calc.dice.totals.run_size) that never straddle the break."""
    # each side of a break rounds its last run up: one bar fewer to share keeps them within `most`
    size = run_size(count, most=most if gap is None else most - 1)
    parts = [(0, count)] if gap is None else [(0, gap), (gap, count)]
    return [(i, min(i + size, end)) for start, end in parts for i in range(start, end, size)]


def overlay_svg(pmf_a: list[list[float]], pmf_b: list[list[float]], drawn: tuple[list[int], int | None],
                runs: list[tuple[int, int]], *, cumulative: bool, label: str) -> str:
    """A's and B's bars side by side for the `drawn` totals (`overlay_totals`), a pair for each of
    `runs` (`pair_runs`); when the two ranges are far apart a dashed line marks the break."""
    xs, gap = drawn
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


def _grouping(count: int, runs: list[tuple[int, int]]) -> str:
    """The caption of pairs that stand for runs of totals ("" when each stands for one total)."""
    size = max(j - i for i, j in runs)
    if size == 1:
        return ""
    note = (f"Each pair of bars stands for up to {size:,} totals in a row ({count:,} totals in {len(runs):,} "
            "pairs); A or B on its own lists every total.")
    return f'<p class="cx-chart__grouped">{escape(note)}</p>'


def _copies(texts: list[str]) -> str:
    """One part of the chart, or its wide copy and its phone copy (CSS shows one), each in a box."""
    if len(texts) == 1:
        return texts[0]
    return "".join(f'<div class="cx-chart__{kind}">{text}</div>' for kind, text in zip(("wide", "narrow"), texts) if text)


def overlay_html(cid: str, a: Answer, b: Answer) -> str:
    """The overlaid chart of A's and B's distributions (none unless both have one): its caption, legend,
    toggle and panels, and a phone's copy of the caption and panels with fewer pairs when needed."""
    if not a.distribution or not b.distribution:
        return ""
    # B's title (the form holds B), else A's own when B has only the usual one
    title = b.distribution.title if b.distribution.title != DISTRIBUTION_TITLE else a.distribution.title
    pmf_a, pmf_b = a.distribution.pmf, b.distribution.pmf
    drawn = overlay_totals(pmf_a, pmf_b)   # once, for the captions and every panel
    xs, gap = drawn
    variants = [pair_runs(len(xs), gap)]
    narrow = pair_runs(len(xs), gap, NARROW_PAIRS)
    if len(narrow) < len(variants[0]):
        variants.append(narrow)
    at_least, exactly = (
        _copies([overlay_svg(pmf_a, pmf_b, drawn, runs, cumulative=cumulative, label=label) for runs in variants])
        for cumulative, label in ((True, "A and B: chance of at least each total"),
                                  (False, "A and B: chance of exactly each total")))
    return (
        f'<div class="cx-chart cx-chart--compare"><p class="cx-subtitle">{escape(title)}: A and B {roll_button(f"{title}: A and B")}</p>'
        + _copies([_grouping(len(xs), runs) for runs in variants]) +
        f'<p class="cx-chart__legend"><span class="cx-swatch cx-swatch--a"></span>A '
        f'<span class="cx-swatch cx-swatch--b"></span>B</p>'
        + chart_toggle(f"{cid}-cmp", at_least, exactly) + "</div>"
    )


__all__ = ["NARROW_PAIRS", "overlay_html", "overlay_svg", "overlay_totals", "pair_runs"]
