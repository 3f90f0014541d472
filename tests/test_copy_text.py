"""Copy as text says each setting once (issue 39 item 6): the dice calculator's one field is named as
the calculator is ("Dice expression"), so its question line is "Dice expression: 3d6", never
"Dice expression: Dice expression: 3d6", alone or in compare mode (main's fix, calc/in_words.py;
this test walks every calculator)."""

from __future__ import annotations

import pytest

import calc
from codex_view.browser import compare_reply, reply
from tests.site_pages import nudged_params


def test_the_dice_expression_is_named_once() -> None:
    assert reply("dice", {"expr": "3d6"})["text"].splitlines()[0] == "Dice expression: 3d6"
    text = compare_reply("dice", {"a": {"expr": "3d6"}, "b": {"expr": "4d6"}})["text"]
    assert "A: Dice expression: 3d6" in text.splitlines() and "B: Dice expression: 4d6" in text.splitlines()


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_no_label_is_said_twice_in_a_row(cid: str) -> None:
    calculator = calc.CALCULATORS[cid]
    params = nudged_params(cid) if cid != "dice" else {"expr": "4d6kh3"}
    text = reply(cid, params)["text"]
    for p in calculator.params:
        assert f"{p.label}: {p.label}:" not in text, text
    assert f"{calculator.title}: {calculator.title}" not in text
