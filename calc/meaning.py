"""What a total means for a Roll: the words each calculator's declaration gives its totals.

A calculator whose answer can be rolled says, in its declaration (`Calculator.meaning`), what a
total drawn from its distribution means: the draw's label and its `calc.dice.draw.Band`s, written
from the answer's own figures (a TN and the size of a Raise, a degree's margin, the successes
needed, the labels of the headlines). This module holds the pieces several declarations share;
the view (codex_view/draws.py) only asks the declaration, and a calculator that gives no meaning
is rolled with the total alone, under its distribution's title.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from calc.calculator import DEFAULT_SETTINGS, Calculator
from calc.dice.draw import Band
from calc.in_words import question_text

Meaning = tuple[str, Sequence[Band]]   # the draw's label and its bands
MeaningOf = Callable[[Calculator, Mapping[str, Any], Mapping[str, Any]], Meaning]
TOTAL = "{total}"


def titled(title: str, calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """`title` and, unless the form holds its defaults, the settings in words."""
    asked = question_text(calculator, params, result)
    return title if asked == DEFAULT_SETTINGS else f"{title} ({asked})"


def headline(calculator: Calculator, key: str) -> str:
    """The label the calculator's declaration gives the figure `key`."""
    return next(h.label for h in calculator.headlines if h.key == key)


def successes_needed(need: int) -> list[Band]:
    """A pool's net successes against the `need` a roll must make."""
    needed = f"{need} success{'' if need == 1 else 'es'}"
    return [Band(None, f"{TOTAL}: short of the {needed} needed"), Band(need, f"{TOTAL}: meets the {needed} needed")]


def sides(below: str, level: str, above: str) -> list[Band]:
    """A difference of two totals: negative, nought, positive."""
    return [Band(None, f"{TOTAL}: {below}"), Band(0, f"{TOTAL}: {level}"), Band(1, f"{TOTAL}: {above}")]


def counted(one: str, many: str, none: str) -> list[Band]:
    """A count from nought up: "{total}: no wound", "1 wound", "{n} wounds"."""
    return [Band(0, (f"{TOTAL}: {none}", f"{TOTAL}: 1 {one}", f"{TOTAL}: {{n}} {many}"), 1)]


__all__ = ["TOTAL", "Meaning", "MeaningOf", "counted", "headline", "sides", "successes_needed", "titled"]
