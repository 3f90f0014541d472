"""The figures of a roll written in the rules (calc/built/roll_odds.py, issue 34) against brute-force
twins (tests/brute.py), one per kind of roll, and the bad rolls it refuses by name."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calc import InputError
from calc.built.roll_odds import roll_odds
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
    assert odds.params["attacker_brawn"] == 2 and odds.params["in_hand"] is True and odds.mean == odds.rows[1][1]


def test_a_test_marks_the_tn_its_sentence_names_and_passes_it_on() -> None:
    odds = roll_odds("rk-test", rolled=3, kept=3, tn=22)
    assert [t for t, _ in odds.rows] == [5, 10, 15, 20, 22, 25, 30] and odds.mark == 22
    twin = brute.keep(brute.exploding(10, DEPTH), 3, 3)
    assert close(dict(odds.rows)[22], brute.at_least(twin, 22)) and odds.params == {"rolled": 3, "kept": 3, "tn": 22}
    assert roll_odds("rk-test", rolled=6, kept=2, tn=20).rows == roll_odds("rk-test", rolled=6, kept=2).rows
    assert roll_odds("rk-test", rolled=2, kept=2, check="social").rulings == ("R-0058",)


def mean_of(faces: dict) -> float:
    return float(sum(v * p for v, p in faces.items()))


@pytest.mark.parametrize(("rules", "weapon", "rolled", "kept"), [("summary", "dagger", 1, 2), ("house", "panzerhand", 1, 3),
                                                                 ("summary", "fist", 0, 1)])
def test_a_weapon_in_hand_adds_the_wielders_brawn_as_unkept_dice(rules: str, weapon: str, rolled: int, kept: int) -> None:
    """Dagger 1k2 with Brawn 2 rolls 3k2; a house Panzerhand 1k3 with Brawn 2 rolls 3k3 (12.60)."""
    odds = roll_odds("rk-weapon", rules=rules, weapon=weapon, brawn=3)
    sides = 6 if rules == "house" else 10
    assert odds.threshold == "Brawn" and odds.mark == 3 and odds.params["attacker_brawn"] == 3
    for brawn, mean in odds.rows[:2]:   # the brute force stops at 3 dice
        twin = brute.keep(brute.exploding(sides, 7 if sides == 6 else 5), rolled + brawn, min(kept, rolled + brawn))
        assert abs(mean - mean_of(twin)) < 1e-3, (brawn, mean)
    if weapon == "panzerhand":
        assert f"{dict(odds.rows)[2]:.2f}" == "12.60"


def test_a_ranged_weapon_adds_no_brawn_and_shows_its_chances() -> None:
    bow = roll_odds("rk-weapon", rules="house", weapon="bow")
    assert bow.threshold == "Damage" and bow.params == {"rules": "house", "weapon": "bow"}
    assert bow.rows == roll_odds("rk-damage", rolled=3, kept=3, rules="house").rows


def test_a_weapons_sum_is_its_rating_plus_brawn_and_raises() -> None:
    hit = roll_odds("rk-hit", rules="summary", weapon="heavy", brawn=2, raises=1)
    assert hit.roll == "6k2" and hit.rows == roll_odds("rk-damage", rolled=6, kept=2, rules="summary").rows
    assert hit.params == {"rules": "summary", "weapon": "heavy", "attacker_brawn": 2, "raises": 1}
    blow = roll_odds("rk-hit", rules="house", weapon="unarmed", brawn=1)
    assert blow.roll == "1k1" and blow.rulings == ("R-0016", "R-0050")


def test_social_damage_adds_the_attackers_panache() -> None:
    social = roll_odds("rk-social", base="1k3", panache=2)
    twin = brute.keep(brute.exploding(6, 7), 3, 3)
    assert abs(dict(social.rows)[2] - mean_of(twin)) < 1e-3 and social.mark == 2
    assert social.params == {"rules": "house", "kind": "social", "attacker_panache": 2, "base_damage": "1k3"}
    hit = roll_odds("rk-social-hit", base="1k3", panache=2, raises=1)
    assert hit.roll == "4k3" and hit.rows == roll_odds("rk-damage", rolled=4, kept=3, rules="house").rows


def test_the_seventh_sun_total_a_sentence_names_is_marked() -> None:
    odds = roll_odds("sun-roll", die="none", target=10)
    assert [t for t, _ in odds.rows] == [6, 9, 10, 12, 15, 18] and odds.mark == 10
    assert close(dict(odds.rows)[10], brute.at_least(brute.total(brute.die(6), 3), 10))
    assert odds.params == {"bonus": 0, "target": 10, "die": "none"}


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
    ("rk-test", {"rolled": 3, "kept": 3, "tn": 0}, "tn"),
    ("rk-weapon", {"rules": "house", "weapon": "cloak"}, "weapon"),
    ("rk-social", {"base": "3k3"}, "base"),
    ("dragon", {}, "kind"),
])
def test_a_roll_calc_refuses_names_its_field(kind: str, params: dict, field: str) -> None:
    with pytest.raises(InputError) as refused:
        roll_odds(kind, **params)
    assert refused.value.field == field
