"""Dice expressions at the caps: the worst cases answered or refused, the cost model's refusals
named by field and made before any exploding die is built, and what a die can show."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import calc
from calc import InputError
from calc.dice import notation
from calc.dice.notation import Dice
from scripts.worst_cases import DICE_EXPRESSIONS


# the costliest expressions the caps allow: scripts/worst_cases.py (also timed by make bench)


@pytest.mark.parametrize("expr", DICE_EXPRESSIONS)
def test_worst_cases_answer_or_refuse(expr: str) -> None:
    """Each answers in full or is refused with a message naming the field; how fast: make bench."""
    try:
        result = calc.evaluate("dice", {"expr": expr, "target": 1})
    except InputError as error:
        assert error.field == "expr"
        assert any(why in error.message for why in ("too costly", "too many possible", "must be from −10000 to 10000"))
    else:
        assert sum(p for _, p in result["distribution"]) == pytest.approx(1.0, abs=1e-12)


def test_the_cost_model_accepts_small_exploding_keep_lowest() -> None:
    """6d12!kl5 takes about a millisecond; the estimate was 665 ms and it was refused."""
    for expr, most in [("6d12!kl5", 0.01), ("6d10!kl3", 0.005), ("10d6!kl5", 0.01)]:
        assert notation.cost(notation.parse(expr)) < most, expr
        calc.evaluate("dice", {"expr": expr})


def test_costly_expression_is_refused_by_field() -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": "60d100kh30"})
    assert caught.value.field == "expr" and "too costly" in caught.value.message


def test_a_scaled_constant_may_reach_the_largest_number() -> None:
    """The product of a number and its factor counts against MAX_NUMBER; at the cap it is answered."""
    assert calc.evaluate("dice", {"expr": "5000*2"})["distribution"] == [[10_000, 1.0]]
    assert calc.evaluate("dice", {"expr": "1d6-(100*100)"})["distribution"][0] == [-9_999, pytest.approx(1 / 6)]
    assert calc.evaluate("dice", {"expr": "(1d6+100)*100"})["distribution"][-1] == [10_600, pytest.approx(1 / 6)]


# distinct exploding ranges at the caps: each die takes about 0.15 s to build
EIGHT_RANGES = "d100!>=51+d99!>=51+d98!>=50+d97!>=50+d96!>=49+d95!>=49+d94!>=48+d93!>=48"
COUNTED_RANGES = "(d100!>=51>=7)+(d99!>=51>=7)+(d98!>=50>=7)+(d97!>=50>=7)+(d96!>=49>=7)"


@pytest.fixture
def no_die_built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[object, ...]]]:
    """Any exploding die built from now on is recorded and stops the test."""
    from calc.dice.notation import die

    built: list[tuple[object, ...]] = []

    def refuse(*args: object, **kwargs: object) -> None:
        built.append(args)
        raise AssertionError(f"an exploding die was built: {args}")

    die.die.cache_clear()
    monkeypatch.setattr(die, "exploding_from", refuse)
    monkeypatch.setattr(die, "exploding_die", refuse)
    yield built
    die.die.cache_clear()


@pytest.mark.parametrize("expr", [EIGHT_RANGES, COUNTED_RANGES, "60d100!>=51", "5d100!>=51kh2", "10d12!>=7kh5",
                                  "60d20!>=11kl30", "60d100!kl59"])
def test_exploding_dice_are_refused_before_any_is_built(expr: str, no_die_built: list[tuple[object, ...]]) -> None:
    """The estimate reads sides and explosion chance; the parser's checks build nothing either."""
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": expr})
    assert caught.value.field == "expr" and "too costly" in caught.value.message
    assert no_die_built == []


def test_the_estimate_builds_no_die_for_an_accepted_expression(no_die_built: list[tuple[object, ...]]) -> None:
    for expr in ["8d100!>=51", "(6d10!>=6>=7)", "d100!>=51+d99!>=51", "40d75!>=39", "3d6!>=5kh2", "20d6!"]:
        statement = notation.parse(expr)
        assert 0 < notation.cost(statement) <= notation.MAX_SECONDS, expr
        assert notation.outcomes(statement) > 1
    assert no_die_built == []


def _shapes() -> list[Dice]:
    shapes = [Dice(1, 3, "fudge", low=0), Dice(1, 100, "percent", reroll=("rr", "<=", 99))]
    for sides in (2, 3, 5, 6, 10, 13, 20):
        shapes += [Dice(1, sides), Dice(1, sides, explode=sides), Dice(1, sides, reroll=("ro", "<=", 1)),
                   Dice(1, sides, reroll=("rr", "=", sides // 2 + 1)), Dice(1, sides, low=2, high=sides - 1)]
        shapes += [Dice(1, sides, explode=lowest, explode_op=">=") for lowest in range((sides + 1) // 2 + 1, sides)]
    return shapes


@pytest.mark.parametrize("shape", _shapes(), ids=lambda d: d.text())
def test_what_a_die_can_show_matches_the_built_die(shape: Dice) -> None:
    """`span` and `can_show` (from the shape alone) against the die itself; a die exploding on a range
    is cut where its weights fall below 2**-64, a little short of the span (an upper bound)."""
    from calc.dice.notation.die import can_show, die, span
    from calc.dice.notation.tree import passes

    built = die(shape)
    ranged = shape.explode is not None and shape.explode < shape.sides
    assert span(shape) >= built.max - built.offset + 1 if ranged else span(shape) == built.max - built.offset + 1
    for op in (">=", ">", "<=", "<", "=", "vs"):
        for number in range(0, built.max + 2):
            if ranged and number >= built.max:
                continue
            assert can_show(shape, op, number) == any(passes(op, number, x) for x, _ in built.items()), (op, number)
