"""A headline says what its figure was worked out for (issue 21 item 3).

The rk-check headlines name the roll actually made (6k2 from Stat 3 and Skill 2, not the dice
fields it replaced), and the threshold; when no number of raises reaches the threshold, the
headline says so with the chance of the roll with no raises, instead of disappearing.
"""

from __future__ import annotations

import calc
from calc.in_words import answer_text
from codex_view.render import result_html
from calc.wording import percent

CHECK = calc.CALCULATORS["rk-check"]


def _html(params: dict[str, object]) -> tuple[dict[str, object], str]:
    full = {**CHECK.defaults(), **params}
    result = calc.evaluate("rk-check", full)
    return result, result_html(CHECK, result)


def test_the_chance_names_the_roll_made_and_its_tn() -> None:
    result, html = _html({"rolled": 6, "kept": 3, "stat": 3, "skill": 2, "tn": 20, "raises": 1})
    assert result["roll"] == "6k2"
    assert "Chance of success (6k2 against TN 25)" in html


def test_raises_name_their_threshold() -> None:
    _, html = _html({"threshold": 65})
    assert "Raises you can call at a 65% chance or better" in html


def test_when_no_raises_reach_the_threshold_the_headline_says_none() -> None:
    result, html = _html({"rolled": 3, "kept": 2, "tn": 30})
    assert result["max_raises"] is None
    chance = percent(result["chance"])
    text = f"none at 50% (with no raises: {chance})"
    assert f'data-result="max_raises" data-value="">{text}</output>' in html
    assert f"Raises you can call at a 50% chance or better: {text}" in answer_text(CHECK, {**CHECK.defaults(), "rolled": 3, "kept": 2, "tn": 30}, result)
