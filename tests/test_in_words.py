"""The question and answer in words (calc/in_words.py): what Copy as text copies and `python -m calc` prints."""

from __future__ import annotations

import re

import pytest

import calc
from calc.in_words import answer_text
from codex_view.browser import reply
from tests.param_values import ends

# "Dice expression: Dice expression: 3d6": a label, then the same label again (issue 39)
REPEATED = re.compile(r"(?:^|[;:,] )([^:;\n]+): \1: ")


def _settings(calculator: calc.Calculator) -> list[dict[str, object]]:
    """The defaults, then each field alone set to each end of its range or each of its values."""
    base = calculator.defaults()
    out = [base]
    for p in calculator.params:
        out += [{**base, p.name: value} for value in ends(p)]
    return out


@pytest.mark.parametrize("calculator_id", sorted(calc.CALCULATORS))
def test_copy_as_text_names_no_label_twice(calculator_id: str) -> None:
    calculator = calc.CALCULATORS[calculator_id]
    said = [reply(calculator_id, params).get("text") for params in _settings(calculator)]
    said = [text for text in said if text]
    assert said, "no settings were answered"
    assert [text for text in said if REPEATED.search(text)] == []


def test_a_dice_expression_is_named_once() -> None:
    dice = calc.CALCULATORS["dice"]
    params = {**dice.defaults(), "expr": "3d6"}
    assert answer_text(dice, params, calc.evaluate("dice", params)).splitlines()[0] == "Dice expression: 3d6"
