"""A calculator's answer as a Roll: its distribution to draw from, and what each total means for the form.

`answer_draw(calculator, params, result)` gives the `calc.dice.draw.Draw` the page rolls (the worker's
mode "roll", codex_view.browser; and the build, for each calculator's built answer). What a total
means is the calculator's own declaration (`Calculator.meaning`, written from the answer's figures:
see `calc.meaning`); the page only fills in the total. A calculator whose declaration gives no
meaning is rolled with the total alone, under its distribution's title.
"""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import Calculator
from calc.dice.draw import Draw, draw_of

from .answer import Answer


def draw_label(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """What the Roll of one answer draws, in words: its draw's label (a chart's Roll is named for it)."""
    if calculator.meaning is None:
        distribution = Answer.of(calculator, result).distribution
        return distribution.title if distribution else ""
    return calculator.meaning(calculator, params, result)[0]


def answer_draw(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Draw | None:
    """The Roll of one answer (validated `params`, the `result` calc gave for them), or None when the
    answer has no distribution to roll."""
    distribution = Answer.of(calculator, result).distribution
    if distribution is None:
        return None
    if calculator.meaning is None:
        label, bands = distribution.title, ()
    else:
        label, bands = calculator.meaning(calculator, params, result)
    return draw_of(distribution.pmf, label, bands, tail=distribution.tail)


__all__ = ["answer_draw", "draw_label"]
