"""Compare mode's first sentence (codex_view/compare.py `verdict`, issue 35 item 5): which side is
better for the first chance both sides show, by how many percentage points, and both figures as the
headlines show them; or that they are equal. Every figure here is read from calc's results."""

from __future__ import annotations

import re
from typing import Any

import pytest

import calc
from calc.in_words import verdict
from calc.wording import percent
from codex_view.browser import compare_reply


def _both(cid: str, a: dict[str, Any], b: dict[str, Any]) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    return calc.CALCULATORS[cid], calc.evaluate(cid, a), calc.evaluate(cid, b)


def _points(x: float, y: float) -> str:
    return f"{abs(x - y) * 100:.1f} percentage points"


def test_the_better_side_is_named_first_with_the_gap_and_both_chances() -> None:
    calculator, a, b = _both("rk-check", {"rolled": 6, "kept": 3, "tn": 25}, {"rolled": 7, "kept": 3, "tn": 25})
    assert b["chance"] > a["chance"]
    said = verdict(calculator, a, b)
    assert said.startswith(f"B is better by {_points(a['chance'], b['chance'])}: "
                           f"{percent(b['chance'])} against {percent(a['chance'])}. ")
    # the other way round, A is the better side
    assert verdict(calculator, b, a).startswith(f"A is better by {_points(a['chance'], b['chance'])}: "
                                                f"{percent(b['chance'])} against {percent(a['chance'])}. ")
    # the labels name each side's dice, so the sentence says which figure it weighed for each
    assert said.endswith("Compared: A's Chance of success (6k3 against TN 25) and "
                         "B's Chance of success (7k3 against TN 25).")


def test_equal_sides_are_said_to_be_equal() -> None:
    calculator, a, b = _both("sun-check", {"bonus": 5, "target": 15}, {"bonus": 5, "target": 15})
    assert verdict(calculator, a, b) == f"A and B are equal: {percent(a['chance'])} each. Compared: Chance of success."


def test_a_chance_the_reader_wants_low_makes_the_lower_side_better() -> None:
    """The chance of falling from a horse: fewer falls is better."""
    calculator, a, b = _both("rk-horse-fall", {"wounds": 3}, {"wounds": 5})
    assert b["chance"] > a["chance"]
    assert verdict(calculator, a, b).startswith(
        f"A is better by {_points(a['chance'], b['chance'])}: {percent(a['chance'])} against {percent(b['chance'])}.")


def test_a_figure_neither_side_wants_says_higher_not_better() -> None:
    calculator, a, b = _both("rk-tn", {"knack": 2}, {"knack": 4})
    said = verdict(calculator, a, b)
    gap = b["tn"] - a["tn"]
    assert gap > 0 and said.startswith(f"B is higher by {gap}: {b['tn']} against {a['tn']}.")


def test_the_sentence_opens_the_compare_result_and_the_copied_text() -> None:
    a, b = {"bonus": 5, "target": 15, "die": "bonus"}, {"bonus": 5, "target": 15, "die": "none"}
    reply = compare_reply("sun-check", {"a": a, "b": b})
    said = verdict(*_both("sun-check", a, b))
    first = re.search(r'<p class="cx-verdict[^"]*">([^<]*)</p>', reply["html"])
    assert first and reply["html"].index(first.group(0)) < reply["html"].index("cx-headlines")
    assert first.group(1) == verdict(*_both("sun-check", a, b), brief=True) == said.split(":")[0] + "."
    assert reply["text"].splitlines()[1] == said


@pytest.mark.parametrize("cid, a, b", [
    ("rk-check", {"rolled": 6, "kept": 3, "tn": 25}, {"rolled": 4, "kept": 2, "tn": 25}),
    ("sun-check", {"bonus": 5, "target": 15}, {"bonus": 5, "target": 15}),
    ("rk-horse-fall", {"wounds": 3}, {"wounds": 5}),
])
def test_the_page_says_only_what_the_figures_under_it_do_not(cid: str, a: dict[str, Any], b: dict[str, Any]) -> None:
    """Compare at 360 px: the sentence repeated the label and both figures printed right under it. On
    the page it names the better side and the gap; the copied text, without figures beside it, keeps all."""
    reply = compare_reply(cid, {"a": a, "b": b})
    said = re.search(r'<p class="cx-verdict cx-compare__verdict">([^<]*)</p>', reply["html"]).group(1)
    first = re.search(r'<div class="cx-figure cx-figure--compare[^"]*"><span class="cx-figure__label">(.*?)</span>'
                      r'<span class="cx-figure__pair">(.*?)</span>(?:<span class="cx-diff|</div>)', reply["html"])
    labels = re.findall(r"(?:A: |B: )?([^<>]+)", first.group(1))
    figures = re.findall(r"<output[^>]*>([^<]*)</output>", first.group(2))
    assert labels and figures and [t for t in labels + figures if t.strip() and t.strip() in said] == []
    assert "Compared:" not in said and said.endswith(".")
    assert reply["text"].splitlines()[1].startswith(said.rstrip("."))


def test_figures_that_differ_only_past_what_is_shown() -> None:
    """Equal as shown: said so; shown apart by less than the decimals can hold: said so too."""
    calculator = calc.CALCULATORS["sun-check"]
    same = verdict(calculator, {"chance": 0.5, "mean": 10.0}, {"chance": 0.5 + 1e-9, "mean": 10.0})
    assert same == "A and B are equal to the figures shown: 50.00% each. Compared: Chance of success."
    a, b = {"chance": 0.99989999, "mean": 10.0}, {"chance": 0.99990001, "mean": 10.0}
    assert percent(a["chance"]) != percent(b["chance"])
    assert verdict(calculator, a, b) == (f"B is better by less than 0.0001 percentage points: {percent(b['chance'])} "
                                         f"against {percent(a['chance'])}. Compared: Chance of success.")


def test_a_dice_total_is_higher_not_better() -> None:
    """A bare expression has no goal: its average total is named higher, never better."""
    calculator, a, b = _both("dice", {"expr": "3d6"}, {"expr": "4d6"})
    said = verdict(calculator, a, b)
    assert said.startswith("B is higher by 3.50: 14 against 10.50.")
    calculator, a, b = _both("dice", {"expr": "3d6", "target": 12}, {"expr": "4d6", "target": 12})
    assert verdict(calculator, a, b).startswith("B is better by ")   # a chance to reach 12 is wanted
