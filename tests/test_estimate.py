"""The cost estimate (calc.dice.notation.estimate) against deterministic measures of the engine's work.

Time belongs to `make bench`, which compares the estimate with the time of 120 drawn expressions
using every operator (scripts/bench.py `estimate_check`). Here the estimate is checked against a
proxy that does not depend on the machine: the width of the integers the engine carries. A keep
works in integers as wide as the dice count times log2 of one die's total weight; a reroll-once
squares that weight (28d100kl19ro5 ran three times its estimate, which had no word for it), so
the estimate must grow at least as fast as the integers the engine's own answer holds.
"""

from __future__ import annotations

import random

import pytest

import calc
from calc.dice.keep import keep_highest, keep_lowest
from calc.dice.notation import cost, parse
from calc.dice.notation.die import die
from calc.dice.notation.estimate import PER_KEEP
from calc.dice.notation.tree import Dice
from scripts.worst_cases import DICE_EXPRESSIONS, operator_expressions


def _dice(expr: str) -> Dice:
    node = parse(expr).expr
    assert isinstance(node, Dice), expr
    return node


def _engine_bits(expr: str) -> int:
    """Bits of the total weight of the engine's own answer for a single keep term."""
    dice = _dice(expr)
    keep = keep_highest if dice.keep[0] == "h" else keep_lowest
    return keep(die(dice), dice.count, dice.keep[1]).total.bit_length()


def _keep_shapes(seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(12):
        n, sides = rng.randint(2, 9), rng.randint(3, 40)
        k, side = rng.randint(1, n - 1), rng.choice("hl")
        modifier = rng.choice([f"ro{rng.randint(1, sides)}", f"ro<={rng.randint(1, sides - 1)}", f"r{rng.randint(1, sides)}"])
        out.append((f"{n}d{sides}k{side}{k}", f"{n}d{sides}{modifier}k{side}{k}"))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_estimate_grows_with_the_integers_the_engine_carries(seed: int) -> None:
    """For drawn keeps with a reroll-once (every face stays, so only the integers' width changes):
    the estimated work (its set-up aside) grows at least as much as the bits of the engine's
    answer, against the same keep without it."""
    for plain, modified in _keep_shapes(seed):
        wider = _engine_bits(modified) / _engine_bits(plain)
        grown = (cost(parse(modified)) - PER_KEEP) / (cost(parse(plain)) - PER_KEEP)
        assert grown >= wider * 0.999, (modified, grown, wider)


def test_a_reroll_once_on_kept_dice_is_costed() -> None:
    """The issue's case: 28d100kl19 sits at the budget, so the same dice with ro5 are refused."""
    assert _engine_bits("5d100ro5kl3") >= 1.9 * _engine_bits("5d100kl3")
    assert cost(parse("28d100kl19ro5")) >= 3.5 * cost(parse("28d100kl19"))
    with pytest.raises(calc.InputError) as caught:
        calc.evaluate("dice", {"expr": "28d100kl19ro5"})
    assert caught.value.field == "expr" and "too costly" in caught.value.message


def test_the_drawn_operators_are_all_costed() -> None:
    """Every expression `make bench` draws parses and has an estimate; the draw uses every operator."""
    drawn = operator_expressions()
    for expr in drawn:
        assert cost(parse(expr)) >= 0
    text = " ".join(drawn)
    for operator in ("kh", "kl", "dl", "dh", "ro", "rr", "min", "max", "!>=", "dF", "d%", "*", ">="):
        assert operator in text, operator
    assert "28d100kl19ro5" in DICE_EXPRESSIONS and "3d100*100+1d100" in DICE_EXPRESSIONS


def test_compare_mode_budgets_both_sides_together() -> None:
    """Two expressions that each fit the budget but not together are refused before either is
    worked out, naming B's field (the form holds B); a pair that fits is answered."""
    from codex_view.browser import compare_reply

    a, b = "28d100kl19", "28d100kl18"
    share_a, share_b = (cost(parse(e)) / calc.dice.notation.MAX_SECONDS for e in (a, b))
    assert share_a <= 1 and share_b <= 1 < share_a + share_b
    refused = compare_reply("dice", {"a": {"expr": a}, "b": {"expr": b}})
    assert refused["error"]["field"] == "expr" and "together are too much work" in refused["error"]["message"]
    assert refused["error"]["side"] == "both" and refused["error"]["costly"] is True
    assert f"{share_b:.0%}" in refused["error"]["message"]
    answered = compare_reply("dice", {"a": {"expr": "3d6"}, "b": {"expr": b}})
    assert "error" not in answered and answered["result"]["b"]["mean"] > 0


def test_a_compare_refusal_names_the_side_that_costs_too_much() -> None:
    """Issue 39 item 6: A alone over the budget against a 1d6 is A's refusal (no field of the form, which
    holds B), said as too much work, with A's input beside it; B alone over it is B's field's."""
    from codex_view.browser import compare_reply

    refused = compare_reply("dice", {"a": {"expr": "28d100kl19ro5"}, "b": {"expr": "1d6"}})["error"]
    assert refused["field"] is None and refused["side"] == "a" and refused["costly"] is True
    assert refused["message"].startswith("Setting A (pinned) is too much work") and refused["input"] == "28d100kl19ro5"
    assert "28d100kl19ro5" not in refused["message"] and "1d6" not in refused["message"]
    refused = compare_reply("dice", {"a": {"expr": "1d6"}, "b": {"expr": "28d100kl19ro5"}})["error"]
    assert refused["field"] == "expr" and refused["side"] == "b" and refused["message"].startswith("Setting B is too much")


def test_a_refusal_says_the_refused_input_once_when_the_page_shows_it() -> None:
    """The message keeps the input for those who see only the message; `plain` leaves it out for the page,
    which shows the input itself (the field, a link's input under the calculator's title)."""
    from codex_view.browser import reply

    error = reply("dice", {"expr": "28d100kl19ro5"})["error"]
    assert "“28d100kl19ro5”" in error["message"] and error["costly"] is True
    assert error["plain"] == error["message"].replace(" “28d100kl19ro5”", "") and "28d100kl19ro5" not in error["plain"]
    error = reply("sun-check", {"bonus": 0, "target": "NaN", "die": "none"})["error"]
    assert error["field"] == "target" and "'NaN'" in error["message"] and "NaN" not in error["plain"]
    assert error["plain"].endswith("from 1 to 80.")
