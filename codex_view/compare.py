"""Two settings of one calculator side by side (compare mode), and any answer as a few lines of text.

Compare mode: the reader pins the current settings as A and edits B. This module turns the two
results into one HTML fragment: each headline figure for A (`[data-result="<key>"]`) and for B
(`[data-result-b="<key>"]`) with B's difference, both distributions overlaid in one chart, then
each side's tables and notes. `answer_text` gives the question in words and the answer as
plain lines that a forum takes as they are, in Markdown and in BBCode alike.
"""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import DEFAULT_SETTINGS, Calculator, Headline
from calc.wording import EXACT_AVERAGE_BELOW

from .answer import Answer
from .escaping import escape
from .format import number
from .markup import attr, figure_output
from .overlay import overlay_html


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


def verdict(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any], *, brief: bool = False) -> str | None:
    """Compare mode's first sentence: which side is better for its first chance (or number), by how
    much, and both figures as the headlines show them ("B is better by 8.6 percentage points: 60.15%
    against 51.58%."), or that they are equal; then which figure that is. `brief` leaves out the
    figures and what they are, for a page that prints them right under it."""
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
        return f"A and B are {equal}." if brief else f"A and B are {equal}: {shown_a} each. {what}"
    b_higher = vb > va
    ahead = b_higher if h.better != "lower" else not b_higher
    side, win, lose = ("B", shown_b, shown_a) if ahead else ("A", shown_a, shown_b)
    word = "better" if h.better else "higher"   # neither side wants it: the higher side is named
    gap = f"{side} is {word} by {_gap(abs(vb - va), h.format)}"
    return f"{gap}." if brief else f"{gap}: {win} against {lose}. {what}"


NONE = "\u2014"   # in place of a figure one side does not have


def _headlines(a: Answer, b: Answer) -> str:
    out = []
    for fa, fb in zip(a.figures, b.figures):
        if fa.shown is None and fb.shown is None:
            continue
        # a label that names its settings differs between the sides: each side's on a line of its own
        title_a, title_b = fa.title or "", fb.title or ""
        label = (escape(title_a) if title_a == title_b else
                 f'<span class="cx-figure__side">A: {escape(title_a)}</span> '
                 f'<span class="cx-figure__side">B: {escape(title_b)}</span>')
        diff = difference(fa.value, fb.value, fa.format)
        diff_html = (
            f'<span class="cx-diff" data-diff="{attr(fa.key)}">B: {escape(diff)}</span>' if diff is not None else ""
        )
        out.append(
            f'<div class="cx-figure cx-figure--compare cx-figure--{attr(fa.format)}">'
            f'<span class="cx-figure__label">{label}</span>'
            f'<span class="cx-figure__pair"><span class="cx-tag cx-tag--a">A</span>'
            f'{figure_output(fa.key, fa.value, fa.shown or NONE, stand_in=fa.stand_in)}'
            f'<span class="cx-tag cx-tag--b">B</span>'
            f'{figure_output(fb.key, fb.value, fb.shown or NONE, side="b", stand_in=fb.stand_in)}</span>'
            f"{diff_html}</div>"
        )
    return f'<div class="cx-headlines cx-headlines--compare">{"".join(out)}</div>' if out else ""


def compare_html(calculator: Calculator, a: Mapping[str, Any], b: Mapping[str, Any],
                 question_a: str = "", question_b: str = "") -> str:
    """The compare-mode result region: both headlines with B's difference, the overlaid chart, details."""
    from .render import notes_html, tables_html  # the same tables and notes as a single result

    sides = {"A": Answer.of(calculator, a), "B": Answer.of(calculator, b)}
    # the figures printed first, right under the sentence, are not said again in it
    first = next((fa.headline for fa, fb in zip(sides["A"].figures, sides["B"].figures)
                  if fa.shown is not None or fb.shown is not None), None)
    weighed = _verdict_figure(calculator, a, b)
    said = verdict(calculator, a, b, brief=weighed is not None and weighed is first)
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
    parts.append(overlay_html(calculator.id, sides["A"], sides["B"]))
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
    return "; ".join(parts) if parts else DEFAULT_SETTINGS


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
