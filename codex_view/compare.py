"""Two settings of one calculator side by side (compare mode), as HTML.

Compare mode: the reader pins the current settings as A and edits B. This module turns the two
results into one HTML fragment: each headline figure for A (`[data-result="<key>"]`) and for B
(`[data-result-b="<key>"]`) with B's difference, both distributions overlaid in one chart, then
each side's tables and notes. The same answers in words (Copy as text, the verdict, B's
differences) are calc's: `calc.in_words`.
"""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import Calculator
from calc.in_words import difference, verdict, verdict_figure

from .answer import Answer
from .escaping import escape
from .markup import attr, figure_output
from .overlay import overlay_html


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
    weighed = verdict_figure(calculator, a, b)
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


__all__ = ["compare_html"]
