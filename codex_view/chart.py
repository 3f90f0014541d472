"""An inline SVG bar chart of a distribution, in 'exactly' and 'at least' forms."""

from __future__ import annotations

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


def bars_svg(pmf: list[list[float]], *, cumulative: bool, label: str) -> str:
    points = window(pmf)
    if cumulative:
        total_above = 1.0
        before = sum(p for x, p in pmf if x < points[0][0])
        total_above -= before
        values, running = [], total_above
        for x, p in points:
            values.append((x, running))
            running -= p
    else:
        values = [(x, p) for x, p in points]
    top = max(v for _, v in values) or 1.0
    n = len(values)
    step = WIDTH / n
    bar = max(step * 0.8, 0.5)
    rects = []
    for i, (x, v) in enumerate(values):
        h = HEIGHT * v / top
        what = "at least" if cumulative else "exactly"
        rects.append(
            f'<rect x="{i * step:.2f}" y="{HEIGHT - h:.2f}" width="{bar:.2f}" height="{h:.2f}" '
            f'data-x="{int(x)}" data-p="{v!r}"><title>{what} {int(x)}: {percent(v)}</title></rect>'
        )
    first, last = int(values[0][0]), int(values[-1][0])
    # The axis labels sit in HTML under the SVG: the SVG stretches to any width
    # (preserveAspectRatio="none"), which squeezed text drawn inside it to about 7 px on a phone.
    middle = int(values[n // 2][0]) if n >= 5 else None
    labels = [first, *([middle] if middle is not None else []), last]
    return (
        f'<svg class="cx-chart__svg" viewBox="0 -4 {WIDTH} {HEIGHT + 4}" preserveAspectRatio="none" '
        f'role="img" aria-label="{escape(label)}">'
        + "".join(rects)
        + "</svg>"
        + '<div class="cx-chart__axis-labels" aria-hidden="true">'
        + "".join(f'<span class="cx-chart__axis">{x}</span>' for x in labels)
        + "</div>"
    )
