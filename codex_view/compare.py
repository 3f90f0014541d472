"""Two settings of one calculator side by side (compare mode), and any answer as a few lines of text.

Compare mode: the reader pins the current settings as A and edits B. This module turns the two
results into one HTML fragment: each headline figure for A (`[data-result="<key>"]`) and for B
(`[data-result-b="<key>"]`) with B's difference, both distributions overlaid in one chart, then
each side's tables and notes. `answer_text` gives the question in words and the answer as
plain lines that a forum takes as they are, in Markdown and in BBCode alike.
"""

from __future__ import annotations

from math import fsum
from typing import Any, Mapping

from calc.calculator import Calculator, Headline
from calc.totals import run_size
from calc.wording import EXACT_AVERAGE_BELOW

from .answer import DISTRIBUTION_TITLE, Answer
from .chart import HEIGHT, MAX_BARS, WIDTH, window
from .escaping import escape
from .format import number, percent
from .markup import attr, chart_toggle, figure_output


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def difference(a: object, b: object, kind: str) -> str | None:
    """B's figure against A's, in words: "+13.2 points" for chances, "+0.25" for averages."""
    x, y = _number(a), _number(b)
    if x is None or y is None:
        return None
    d = y - x
    if kind == "average" and max(x, y) >= EXACT_AVERAGE_BELOW:   # the figures are given by size alone
        return None
    if kind == "percent":
        return f"{d * 100:+.1f} percentage points".replace("-", "\u2212")
    if kind == "integer":
        return f"{int(round(d)):+d}".replace("-", "\u2212")
    return f"{d:+.2f}".replace("-", "\u2212")


def _verdict_figure(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any]) -> Headline | None:
    """The figure the verdict weighs: the first chance both sides have, else the first number."""
    both = [h for h in calculator.headlines if _number(a.get(h.key)) is not None and _number(b.get(h.key)) is not None]
    return next((h for h in both if h.format == "percent"), both[0] if both else None)


def _gap(d: float, kind: str) -> str:
    """How far apart two figures are, in words, with enough decimals to be more than zero."""
    if kind == "percent":
        for places in range(1, 5):
            if round(d * 100, places):
                return f"{d * 100:.{places}f} percentage points"
        return "less than 0.0001 percentage points"
    return str(int(round(d))) if kind == "integer" else number(d)


def verdict(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any]) -> str | None:
    """Compare mode's first sentence: which side is better for its first chance (or number), by how
    much, and both figures as the headlines show them ("B is better by 8.6 percentage points: 60.15%
    against 51.58%."), or that they are equal; then which figure that is."""
    h = _verdict_figure(calculator, a, b)
    if h is None:
        return None
    shown_a, shown_b = h.shown(a), h.shown(b)
    title_a, title_b = h.title(a), h.title(b)
    what = (f"Compared: {title_a}." if title_a == title_b
            else f"Compared: A's {title_a} and B's {title_b}.")
    va, vb = float(a[h.key]), float(b[h.key])
    if va == vb or shown_a == shown_b:
        equal = "equal" if va == vb else "equal to the figures shown"
        return f"A and B are {equal}: {shown_a} each. {what}"
    b_higher = vb > va
    ahead = b_higher if h.better != "lower" else not b_higher
    side, win, lose = ("B", shown_b, shown_a) if ahead else ("A", shown_a, shown_b)
    word = "better" if h.better else "higher"   # neither side wants it: the higher side is named
    return f"{side} is {word} by {_gap(abs(vb - va), h.format)}: {win} against {lose}. {what}"


def _headlines(a: Answer, b: Answer) -> str:
    out = []
    for fa, fb in zip(a.figures, b.figures):
        if fa.shown is None and fb.shown is None:
            continue
        # a label that names its settings differs between the sides: each side's on a line of its own
        label = (escape(fa.title) if fa.title == fb.title else
                 f'<span class="cx-figure__side">A: {escape(fa.title)}</span> '
                 f'<span class="cx-figure__side">B: {escape(fb.title)}</span>')
        diff = difference(fa.value, fb.value, fa.format)
        diff_html = (
            f'<span class="cx-diff" data-diff="{attr(fa.key)}">B: {escape(diff)}</span>' if diff is not None else ""
        )
        out.append(
            f'<div class="cx-figure cx-figure--compare cx-figure--{attr(fa.format)}">'
            f'<span class="cx-figure__label">{label}</span>'
            f'<span class="cx-figure__pair"><span class="cx-tag cx-tag--a">A</span>'
            f'{figure_output(fa.key, fa.value, fa.shown or chr(0x2014), stand_in=fa.stand_in)}'
            f'<span class="cx-tag cx-tag--b">B</span>'
            f'{figure_output(fb.key, fb.value, fb.shown or chr(0x2014), side="b", stand_in=fb.stand_in)}</span>'
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


def _chart(cid: str, a: Answer, b: Answer) -> str:
    if not a.distribution or not b.distribution:
        return ""
    title = b.values.get("distribution_title") or a.values.get("distribution_title") or DISTRIBUTION_TITLE
    pmf_a, pmf_b = a.distribution.pmf, b.distribution.pmf
    drawn = _overlay_totals(pmf_a, pmf_b)   # once, for the caption and both panels
    xs, gap = drawn
    runs = _runs(len(xs), gap)
    size, bars = max(j - i for i, j in runs), len(runs)
    note = "" if size == 1 else (f"Each pair of bars stands for up to {size:,} totals in a row ({len(xs):,} totals "
                                 f"in {bars:,} pairs); A or B on its own offers every total as a CSV file.")
    return (
        f'<div class="cx-chart cx-chart--compare"><p class="cx-subtitle">{escape(title)}: A and B</p>'
        + (f'<p class="cx-chart__grouped">{escape(note)}</p>' if note else "") +
        f'<p class="cx-chart__legend"><span class="cx-swatch cx-swatch--a"></span>A '
        f'<span class="cx-swatch cx-swatch--b"></span>B</p>'
        + chart_toggle(f"{cid}-cmp",
                       overlay_svg(pmf_a, pmf_b, drawn, cumulative=True, label="A and B: chance of at least each total"),
                       overlay_svg(pmf_a, pmf_b, drawn, cumulative=False, label="A and B: chance of exactly each total"))
        + "</div>"
    )


def compare_html(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any],
                 question_a: str = "", question_b: str = "") -> str:
    """The compare-mode result region: both headlines with B's difference, the overlaid chart, details."""
    from .render import notes_html, tables_html  # the same tables and notes as a single result

    said = verdict(calculator, a, b)
    sides = {"A": Answer.of(calculator, a), "B": Answer.of(calculator, b)}
    parts = [f'<p class="cx-verdict cx-compare__verdict">{escape(said)}</p>' if said else "",
             _headlines(sides["A"], sides["B"])]
    for side, question in (("A", question_a), ("B", question_b)):
        if question:
            parts.append(f'<p class="cx-compare__question"><span class="cx-tag cx-tag--{side.lower()}">{side}</span> '
                         f"{escape(question)}</p>")
    for side, answer in sides.items():
        if answer.verdict:
            parts.append(f'<p class="cx-verdict"><span class="cx-tag cx-tag--{side.lower()}">{side}</span> '
                         f"{escape(answer.verdict)}</p>")
    parts.append(_chart(calculator.id, sides["A"], sides["B"]))
    for side, answer in sides.items():
        inner = tables_html(answer.tables) + notes_html(answer.notes)
        if inner:
            parts.append(f'<details class="cx-compare__detail"><summary>{side} in detail</summary>{inner}</details>')
    return "".join(parts)


# -- the question and the answer in words ----------------------------------------------------------


def question_text(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The settings in words: the declaration's `question` when it has one, else each setting that
    applies to these values and differs from its default (a field that does not apply never shows)."""
    if calculator.question is not None:
        try:
            return calculator.question(params, result)
        except (KeyError, TypeError):
            pass
    parts = []
    for p in calculator.changed(params):
        value = params[p.name]
        if value is None:
            continue
        parts.append(f"{p.label}: {p.words(value, params)}")
    return "; ".join(parts) if parts else "the default settings"


def _figures(calculator: Calculator, result: Mapping[str, Any], other: Mapping[str, Any] | None = None) -> str:
    out = []
    for h in calculator.headlines:
        shown = h.shown(result)
        if shown is None:
            continue
        text = f"{h.title(result)}: {shown}"
        if other is not None:
            diff = difference(other.get(h.key), result.get(h.key), h.format)
            if diff is not None:
                text += f" (B: {diff})"
        out.append(text)
    return "; ".join(out)


def answer_text(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """Question and answer as plain lines (the page adds the link)."""
    lines = [f"{calculator.title}: {question_text(calculator, params, result)}", _figures(calculator, result)]
    if result.get("verdict"):
        lines.append(str(result["verdict"]))
    return "\n".join(lines)


def compare_text(calculator: Calculator, params_a: Mapping[str, Any], a: Mapping[str, Any],
                 params_b: Mapping[str, Any], b: Mapping[str, Any]) -> str:
    """A and B, each as question and answer, B with its differences (the page adds the link)."""
    return "\n".join([
        f"{calculator.title}, two choices compared",
        *([said] if (said := verdict(calculator, a, b)) else []),
        f"A: {question_text(calculator, params_a, a)}",
        f"   {_figures(calculator, a)}",
        f"B: {question_text(calculator, params_b, b)}",
        f"   {_figures(calculator, b, a)}",
    ])
