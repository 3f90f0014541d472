"""The figures of a roll written in the rules (calc/roll_odds.py, issue 34) against brute-force
twins (tests/brute.py), one per kind of roll, and the bad rolls it refuses by name."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calc import InputError
from calc.roll_odds import roll_odds
from tests import brute

DEPTH = 4   # explosions enumerated; exact for every threshold below sides x DEPTH


def close(chance: float, exact: Fraction) -> bool:
    return abs(chance - float(exact)) < 1e-12


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (2, 2), (3, 2), (4, 2), (3, 3)])
def test_a_test_is_exploding_d10s_kept_highest(rolled: int, kept: int) -> None:
    odds = roll_odds("rk-test", rolled=rolled, kept=kept)
    twin = brute.keep(brute.exploding(10, DEPTH), rolled, kept)
    assert odds.threshold == "TN" and all(t % 5 == 0 for t, _ in odds.rows)
    assert all(close(p, brute.at_least(twin, t)) for t, p in odds.rows if t < 10 * DEPTH)
    assert odds.params == {"rolled": rolled, "kept": kept}


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (2, 2), (3, 2), (3, 3)])
def test_house_damage_is_d6_exploding_on_six_summary_damage_d10(rolled: int, kept: int) -> None:
    house = roll_odds("rk-damage", rolled=rolled, kept=kept, rules="house")
    twin6 = brute.keep(brute.exploding(6, DEPTH), rolled, kept)
    assert all(close(p, brute.at_least(twin6, t)) for t, p in house.rows if t < 6 * DEPTH)
    assert house.rulings == ("R-0016",) and house.dice.startswith("six-sided")
    summary = roll_odds("rk-damage", rolled=rolled, kept=kept, rules="summary")
    twin10 = brute.keep(brute.exploding(10, DEPTH), rolled, kept)
    assert all(close(p, brute.at_least(twin10, t)) for t, p in summary.rows if t < 10 * DEPTH)


def test_more_kept_than_rolled_keeps_all_and_names_the_reading() -> None:
    odds = roll_odds("rk-damage", rolled=1, kept=3, rules="house")
    assert odds.roll == "1k3" and odds.rulings == ("R-0016", "R-0050")
    assert odds.rows == roll_odds("rk-damage", rolled=1, kept=1, rules="house").rows


@pytest.mark.parametrize("rules", ["summary", "house"])
def test_a_0ky_rating_takes_its_dice_from_brawn(rules: str) -> None:
    """0k2: Brawn 1 rolls one die and keeps it (R-0050), Brawn 3 rolls 3k2; each row the mean of those dice."""
    odds = roll_odds("rk-brawn-damage", kept=2, rules=rules)
    sides = 6 if rules == "house" else 10
    for brawn, mean in odds.rows[:3]:   # the brute force stops at 3 dice: more take it minutes
        twin = brute.keep(brute.exploding(sides, 5 if sides == 10 else 7), brawn, min(2, brawn))
        assert abs(mean - float(sum(v * p for v, p in twin.items()))) < 1e-3, (brawn, mean)   # its cut-off tail
    assert [b for b, _ in odds.rows] == [1, 2, 3, 4, 5] and "R-0050" in odds.rulings
    assert odds.params["damage_rolled"] == 2 and odds.mean == odds.rows[1][1]


@pytest.mark.parametrize("die", ["none", "bonus", "penalty"])
def test_seventh_sun_dice(die: str) -> None:
    odds = roll_odds("sun-roll", die=die)
    four = {"bonus": brute.keep(brute.die(6), 4, 3), "penalty": brute.keep(brute.die(6), 4, 3, highest=False)}
    twin = four.get(die) or brute.total(brute.die(6), 3)
    assert all(close(p, brute.at_least(twin, t)) for t, p in odds.rows)
    assert close(odds.mean, sum(v * p for v, p in twin.items()))


def test_4d6_named_for_both_extra_dice_shows_both() -> None:
    either = roll_odds("sun-either")
    bonus, penalty = roll_odds("sun-roll", die="bonus"), roll_odds("sun-roll", die="penalty")
    assert either.rows == tuple((t, b, p) for (t, b), (_, p) in zip(bonus.rows, penalty.rows))
    assert either.columns == ("Bonus die", "Penalty die") and either.params == {"bonus": 0, "die": "bonus"}


def test_a_pool_counts_successes_on_7_or_more() -> None:
    odds = roll_odds("pool", dice=3)
    success = brute.weighted({0: 6, 1: 4})
    twin = brute.total(success, 3)
    assert odds.rows == tuple((k, float(brute.at_least(twin, k))) for k in (1, 2, 3))
    assert odds.rulings == ("R-0022",)


@pytest.mark.parametrize(("kind", "params", "field"), [
    ("rk-test", {"rolled": 0, "kept": 1}, "rolled"),
    ("rk-test", {"rolled": 31, "kept": 1}, "rolled"),
    ("rk-damage", {"rolled": 2, "kept": 0, "rules": "house"}, "kept"),
    ("pool", {"dice": 0}, "dice"),
    ("dragon", {}, "kind"),
])
def test_a_roll_calc_refuses_names_its_field(kind: str, params: dict, field: str) -> None:
    with pytest.raises(InputError) as refused:
        roll_odds(kind, **params)
    assert refused.value.field == field
