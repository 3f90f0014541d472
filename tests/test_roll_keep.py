"""Roll & Keep calculators (calc/rk_*.py) against brute force, Monte Carlo and the rules' own examples
(the TN builder, rk-tn, is tests/test_rk_tn.py; their registration, tests/test_rk_registered.py)."""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from math import comb

import pytest

import calc
from calc import InputError
from calc.roll_keep.rules import MAX_DICE, wound_count
from tests import brute

DEPTH = 4  # brute-force explosions for wound checks: a die worth 40+ beats every TN used
ROLL_DEPTH = 3  # for rk-check and rk-horse-fall: every TN there is below 30


@functools.lru_cache(maxsize=None)
def brute_roll(rolled: int, kept: int, explode: bool) -> dict[int, Fraction]:
    faces = brute.exploding(10, ROLL_DEPTH) if explode else brute.die(10)
    return brute.keep(faces, rolled, kept)


# -- rk-check -------------------------------------------------------------------------------


@pytest.mark.parametrize("rolled, kept", [(1, 1), (2, 1), (2, 2), (3, 2), (4, 2), (4, 3)])
@pytest.mark.parametrize("explode", [True, False])
def test_check_matches_enumeration(rolled: int, kept: int, explode: bool) -> None:
    """Exact fractions: without explosions equal, with them equal below the enumeration's depth."""
    roll = brute_roll(rolled, kept, explode)
    for tn in (1, 5, 9, 10, 11, 15, 20, 25):
        result = calc.evaluate("rk-check", {"rolled": rolled, "kept": kept, "tn": tn, "explode": explode})
        expected = brute.at_least(roll, tn)
        if explode:
            assert result["chance"] == pytest.approx(float(expected), abs=1e-15)
        else:
            assert result["chance"] == float(expected)
        for n, p in result["raises"]:
            target = tn + 5 * n
            if target < 10 * ROLL_DEPTH:
                assert p == pytest.approx(float(brute.at_least(roll, target)), abs=1e-15)


@pytest.mark.parametrize("threshold", [10, 50, 75, 99])
def test_max_raises_is_marked(threshold: int) -> None:
    roll = brute_roll(3, 2, True)
    tn = 10
    expected = None
    n = 0
    while brute.at_least(roll, tn + 5 * n) * 100 >= threshold:
        expected, n = n, n + 1
    result = calc.evaluate("rk-check", {"rolled": 3, "kept": 2, "tn": tn, "threshold": threshold})
    assert result["max_raises"] == expected
    marked = [row["cells"][0] for row in result["tables"][0]["rows"] if row.get("mark")]
    assert marked == ([] if expected is None else [expected])
    assert [row["cells"][0] for row in result["tables"][0]["rows"]] == [n for n, _ in result["raises"]]


def test_raises_add_five_each() -> None:
    base = calc.evaluate("rk-check", {"rolled": 5, "kept": 3, "tn": 15, "raises": 2})
    same = calc.evaluate("rk-check", {"rolled": 5, "kept": 3, "tn": 25})
    assert base["chance"] == same["chance"] and base["target"] == 25


def test_hand_checked_basic_roll() -> None:
    """rk/basics.md#rk-basic-roll: 1k1 needs a 10 to reach TN 10, and a 10 explodes, so P = 1/10;
    2k1 without explosions reaches 10 on 19 of 100 rolls."""
    assert calc.evaluate("rk-check", {"rolled": 1, "kept": 1, "tn": 10})["chance"] == pytest.approx(0.1, abs=1e-15)
    assert calc.evaluate("rk-check", {"rolled": 2, "kept": 1, "tn": 10, "explode": False})["chance"] == 0.19


def test_published_7k5_values() -> None:
    """rk/basics.md#rk-basic-roll: 7k5 with exploding tens reaches 30, 40 and 50 about 79%, 39% and 13% of the time."""
    got = [calc.evaluate("rk-check", {"rolled": 7, "kept": 5, "tn": tn})["chance"] for tn in (30, 40, 50)]
    assert [round(100 * p) for p in got] == [79, 39, 13]


def test_stat_plus_skill() -> None:
    """rk/basics.md#rk-stat-plus-skill: Finesse 3 + Attack (Fencing) 2 rolls 6 dice and keeps 2."""
    result = calc.evaluate("rk-check", {"stat": 3, "skill": 2, "tn": 15, "rolled": 1, "kept": 1})
    plain = calc.evaluate("rk-check", {"rolled": 6, "kept": 2, "tn": 15})
    assert result["roll"] == "6k2" and result["chance"] == plain["chance"]
    assert any("twice the stat" in note for note in result["notes"])


def test_large_check_against_monte_carlo() -> None:
    """30k15 at the dice cap: a seeded Monte Carlo of 20,000 rolls, within 5 standard errors."""
    rng = random.Random(7)

    samples = [sum(sorted(brute.roll_exploding(rng) for _ in range(30))[15:]) for _ in range(20_000)]
    for tn in (120, 135, 150):
        p = calc.evaluate("rk-check", {"rolled": 30, "kept": 15, "tn": tn})["chance"]
        observed = sum(s >= tn for s in samples) / len(samples)
        assert abs(observed - p) <= 5 * (p * (1 - p) / len(samples)) ** 0.5


@pytest.mark.parametrize(
    "params, field",
    [
        ({"stat": 2, "tn": 10}, "skill"),
        ({"skill": 2, "tn": 10}, "stat"),
        ({"rolled": MAX_DICE + 1, "kept": 1, "tn": 10}, "rolled"),
        ({"stat": 16, "skill": 1, "tn": 10}, "stat"),
        ({"rolled": 3, "kept": 0, "tn": 10}, "kept"),
        ({"rolled": 3, "kept": 2}, "tn"),
        ({"rolled": 3, "kept": 2, "tn": 10, "threshold": 0}, "threshold"),
        ({"rolled": 3, "kept": 2, "tn": 10, "explode": "maybe"}, "explode"),
    ],
)
def test_check_bad_input_names_the_field(params: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-check", params)
    title = next(p.title for p in calc.CALCULATORS["rk-check"].params if p.name == field)
    assert caught.value.field == field and title in str(caught.value)


@pytest.mark.parametrize("params, rolled", [({"rolled": 2, "kept": 3}, 2), ({"stat": 1, "skill": 3}, 2)])
def test_kept_above_rolled_keeps_every_die(params: dict[str, object], rolled: int) -> None:
    """Issue 13.17: no rule caps the dice kept, so 2k3 (or stat 1 + skill 3) keeps both dice
    rolled (ruling R-0050), where it used to be refused citing a rule that does not exist."""
    result = calc.evaluate("rk-check", {"tn": 15, **params})
    assert result["chance"] == calc.evaluate("rk-check", {"rolled": rolled, "kept": rolled, "tn": 15})["chance"]
    assert result["kept"] == rolled
    assert any("R-0050" in note and "keeps every die" in note for note in result["notes"])


# -- rk-check: the most raises at a threshold, decided exactly at ties (issue 13.15) ------------


def _capped_faces(target: int) -> list[tuple[int, Fraction]]:
    """An exploding d10 with every value of `target` or more read as `target` (written afresh for
    the test: a die worth the target alone reaches it whatever the others show)."""
    faces: dict[int, Fraction] = {}
    level, reach = 0, Fraction(1)
    while 10 * level + 1 < target:
        for face in range(1, 10):
            value = min(10 * level + face, target)
            faces[value] = faces.get(value, Fraction(0)) + reach / 10
        level, reach = level + 1, reach / 10
    faces[target] = faces.get(target, Fraction(0)) + reach
    return sorted(faces.items(), reverse=True)


@functools.lru_cache(maxsize=None)
def brute_at_least(rolled: int, kept: int, target: int) -> Fraction:
    """P(XkY >= target) in fractions: faces from the highest down, each state the dice placed so
    far and the kept total (capped at the target); the first `kept` dice placed are the kept ones."""
    if target <= kept:
        return Fraction(1)
    states = {(0, 0): Fraction(1)}
    for value, p in _capped_faces(target):
        after: dict[tuple[int, int], Fraction] = {}
        for (placed, total), q in states.items():
            for c in range(rolled - placed + 1):
                taken = max(0, min(c, kept - placed))
                key = (placed + c, min(target, total + taken * value))
                after[key] = after.get(key, Fraction(0)) + q * comb(rolled - placed, c) * p**c
        states = after
    return sum((q for (placed, total), q in states.items() if placed == rolled and total >= target), Fraction(0))


def test_brute_at_least_agrees_with_the_enumeration() -> None:
    """The twin's own check: against tests/brute.py's enumeration where both are exact."""
    for rolled, kept in ((1, 1), (2, 1), (3, 2)):
        roll = brute_roll(rolled, kept, True)
        for target in range(1, 10 * ROLL_DEPTH + 1):
            assert brute_at_least(rolled, kept, target) == brute.at_least(roll, target)


def _tie_cells() -> list[tuple[int, int, int, int]]:
    """Every (rolled, kept, TN, percent) with rolled <= 10 and TN <= 100 whose chance comes within
    1e-7 of a whole percent: the candidates for an exact tie with the threshold."""
    from calc.dice.keep import roll_keep

    cells = []
    for rolled in range(1, 11):
        for kept in range(1, rolled + 1):
            dist = roll_keep(rolled, kept)
            for target in range(kept + 1, 101):
                p = dist.at_least(target) * 100
                if 1 <= round(p) <= 100 and abs(p - round(p)) < 1e-7:
                    cells.append((rolled, kept, target, round(p)))
    return cells


def test_max_raises_at_exact_ties_matches_brute_force() -> None:
    """1k1 against TN 6 is exactly 50%: at threshold 50 no raise is the answer, not "below 50%".
    Every near-tie cell with rolled <= 10 and TN <= 100 is checked against the fraction twin."""
    exact_ties = 0
    for rolled, kept, target, percent in _tie_cells():
        expected, n = None, 0
        while brute_at_least(rolled, kept, target + 5 * n) * 100 >= percent:
            expected, n = n, n + 1
        result = calc.evaluate("rk-check", {"rolled": rolled, "kept": kept, "tn": target, "threshold": percent})
        assert result["max_raises"] == expected, (rolled, kept, target, percent)
        exact_ties += brute_at_least(rolled, kept, target) * 100 == percent
    assert exact_ties >= 40  # 1k1 at TN 6 (50%), TN 11 (10%), TN 21 (1%), 2k1 at TN 11 (19%), ...
    result = calc.evaluate("rk-check", {"rolled": 1, "kept": 1, "tn": 6})
    assert result["max_raises"] == 0 and not any("below 50%" in note for note in result["notes"])


def test_exact_at_least_is_exact() -> None:
    from calc.roll_keep.rules import exact_at_least

    assert exact_at_least(1, 1, 6) == Fraction(1, 2)
    assert exact_at_least(1, 1, 21) == Fraction(1, 100)
    for rolled, kept, target in ((2, 1, 15), (3, 2, 27), (4, 4, 43), (5, 3, 60)):
        assert exact_at_least(rolled, kept, target) == brute_at_least(rolled, kept, target)
    # every target of a few rolls, across the caps they share (rules.py CAP_STEP) and at their edges
    for rolled, kept in ((1, 1), (2, 1), (3, 2)):
        for target in range(kept + 1, 62):
            assert exact_at_least(rolled, kept, target) == brute_at_least(rolled, kept, target), (rolled, kept, target)


# -- rk-wounds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "short, rules, firearm, wounds",
    [
        (0, "house", False, 0), (-5, "house", False, 0), (1, "house", False, 1), (20, "house", False, 1),
        (21, "house", False, 2), (25, "house", False, 2), (39, "house", False, 2), (40, "house", False, 3),
        (10, "house", True, 1), (11, "house", True, 2), (23, "house", True, 3), (30, "house", True, 4),
        (8, "summary", False, 1), (19, "summary", False, 1), (20, "summary", False, 2), (99, "summary", False, 2),
        (9, "summary", True, 1), (10, "summary", True, 2),
    ],
)
def test_wound_count(short: int, rules: str, firearm: bool, wounds: int) -> None:
    """rk/damage.md#rk-wound-checks: e.g. 25 short is 2 Dramatic Wounds, 23 short of a pistol wound is 3."""
    assert wound_count(short, rules=rules, firearm=firearm) == wounds


def brute_wounds(damage: dict[int, Fraction], brawn: int, flesh: int, rules: str, firearm: bool) -> dict[int, Fraction]:
    check = brute.total(brute.exploding(10, DEPTH), brawn)
    out: dict[int, Fraction] = {}
    for d, pd in damage.items():
        for r, pr in check.items():
            n = wound_count(flesh + d - r, rules=rules, firearm=firearm)
            out[n] = out.get(n, Fraction(0)) + pd * pr
    return out


@pytest.mark.parametrize("brawn", [1, 2])
@pytest.mark.parametrize("flesh", [0, 7, 20, 31])
@pytest.mark.parametrize("firearm", ["no", "yes"])
def test_house_wounds_match_enumeration(brawn: int, flesh: int, firearm: str) -> None:
    """d6 damage without explosions, exploding check: every TN stays below the enumeration's 40."""
    damage = brute.keep(brute.die(6), 2, 1)
    expected = brute_wounds(damage, brawn, flesh, "house", firearm == "yes")
    result = calc.evaluate("rk-wounds", {
        "rules": "house", "brawn": brawn, "flesh_wounds": flesh, "weapon": "custom",
        "damage_rolled": 2, "damage_kept": 1, "firearm": firearm, "d6_explode": False,
    })
    got = dict(result["wounds"])
    for n in set(got) | set(expected):
        assert got.get(n, 0.0) == pytest.approx(float(expected.get(n, 0)), abs=1e-15)
    assert result["p_wound"] == pytest.approx(1 - float(expected.get(0, 0)), abs=1e-15)
    assert result["expected_damage"] == pytest.approx(float(sum(d * p for d, p in damage.items())), abs=1e-15)


@pytest.mark.parametrize("damage", [3, 12, 22, 35])
@pytest.mark.parametrize("brawn", [1, 2, 3])
def test_summary_wounds_with_fixed_damage_match_enumeration(damage: int, brawn: int) -> None:
    expected = brute_wounds({damage: Fraction(1)}, brawn, 0, "summary", False)
    result = calc.evaluate("rk-wounds", {"rules": "summary", "brawn": brawn, "damage": damage})
    got = dict(result["wounds"])
    for n in set(got) | set(expected):
        assert got.get(n, 0.0) == pytest.approx(float(expected.get(n, 0)), abs=1e-15)


def test_wounds_against_icepool() -> None:
    """Independent method (dev-only icepool): exploding damage dice, both rule sets, to 1e-12."""
    icepool = pytest.importorskip("icepool")
    for rules, weapon, sides, x, y, firearm in (("summary", "heavy", 10, 5, 2, False), ("house", "pistol", 6, 5, 5, True)):
        result = calc.evaluate("rk-wounds", {"rules": rules, "brawn": 3, "weapon": weapon, "attacker_brawn": 2,
                                             "flesh_wounds": 4})
        die = icepool.Die(range(1, sides + 1)).explode(depth=16)
        dmg = die.pool(x).highest(y).sum() if y < x else x @ die
        check = 3 @ icepool.Die(range(1, 11)).explode(depth=16)
        wounds = (dmg - check + 4).map(lambda s: wound_count(s, rules=rules, firearm=firearm))
        den = wounds.denominator()
        got = dict(result["wounds"])
        for n, q in zip(wounds.outcomes(), wounds.quantities()):
            assert abs(got.get(n, 0.0) - q / den) < 1e-12


def test_wounds_against_monte_carlo() -> None:
    """House fencing weapon, Brawn 3 attacker (6k3 on exploding d6) against Brawn 2: 20,000 seeded hits."""
    rng = random.Random(11)

    counts = [0] * 8
    for _ in range(20_000):
        damage = sum(sorted(brute.roll_exploding(rng, 6) for _ in range(6))[3:])
        roll = brute.roll_exploding(rng) + brute.roll_exploding(rng)
        counts[wound_count(damage - roll, rules="house", firearm=False)] += 1
    result = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "fencing", "attacker_brawn": 3})
    assert result["damage_dice"] == "6k3 on exploding d6s"
    for n, p in result["wounds"][:4]:
        assert abs(counts[n] / 20_000 - p) <= 5 * (p * (1 - p) / 20_000) ** 0.5 + 1e-9


def test_damage_dice_from_the_examples() -> None:
    """rk/damage.md#rk-damage-rolls: heavy weapon 3k2 + Brawn 2 + 1 raise = 6k2 (summary);
    fencing 3k3 + Brawn 3 + 1 raise = 7k3 on d6 (house)."""
    summary = calc.evaluate("rk-wounds", {"rules": "summary", "brawn": 2, "weapon": "heavy", "attacker_brawn": 2, "raises": 1})
    assert summary["damage_dice"] == "6k2 on exploding d10s"
    house = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "fencing", "attacker_brawn": 3, "raises": 1})
    assert house["damage_dice"] == "7k3 on exploding d6s"
    ranged = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "bow", "attacker_brawn": 5})
    assert ranged["damage_dice"] == "3k3 on exploding d6s"


def test_firearm_follows_the_weapon_unless_set() -> None:
    base = {"rules": "house", "brawn": 2, "weapon": "pistol"}
    assert calc.evaluate("rk-wounds", base)["firearm"] is True
    assert calc.evaluate("rk-wounds", dict(base, firearm="no"))["firearm"] is False
    assert calc.evaluate("rk-wounds", dict(base, weapon="musket", damage=30))["firearm"] is True
    assert calc.evaluate("rk-wounds", dict(base, weapon="bow"))["firearm"] is False


def test_wound_table_rows() -> None:
    """Summary rules give at most 2 Serious Wounds, so the table stops there."""
    result = calc.evaluate("rk-wounds", {"rules": "summary", "brawn": 1, "damage": 40})
    rows = result["tables"][0]["rows"]
    assert [r["cells"][0] for r in rows] == ["0", "1", "2"]
    assert sum(r["cells"][1] for r in rows) == pytest.approx(1.0, abs=1e-12)


def test_wound_table_goes_past_three() -> None:
    """Issue 11.10: a house Musket hit (8k5, firearm) on Brawn 2 gives 4 or more Dramatic Wounds
    about 9% of the time; the table lists each count while at least 0.05% is still to come."""
    result = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "musket"})
    rows = result["tables"][0]["rows"]
    labels = [r["cells"][0] for r in rows]
    assert labels[:5] == ["0", "1", "2", "3", "4"] and labels[-1].endswith(" or more")
    probs = [p for _, p in result["wounds"]]
    last = int(labels[-1].split()[0])
    assert sum(probs[last + 1:]) < 0.0005 <= sum(probs[last:])
    assert rows[4]["cells"][1] == probs[4]
    assert sum(r["cells"][1] for r in rows) == pytest.approx(1.0, abs=1e-12)


def test_thrown_weapons_add_no_brawn() -> None:
    """Issue 13.16: only melee adds Brawn; a thrown house Knife is 2k3 (kept 2 of 2, R-0050) and a
    thrown summary Dagger 1k2 (1k1), whatever the thrower's Brawn; in hand they add it."""
    house = {"rules": "house", "brawn": 2, "weapon": "knife", "attacker_brawn": 3}
    assert calc.evaluate("rk-wounds", house)["damage_dice"] == "5k3 on exploding d6s"
    thrown = calc.evaluate("rk-wounds", dict(house, thrown=True, raises=1))
    assert thrown["damage_dice"] == "3k3 on exploding d6s"
    assert thrown["expected_damage"] == calc.evaluate(
        "rk-wounds", {"rules": "house", "brawn": 2, "weapon": "custom", "damage_rolled": 2, "damage_kept": 3, "raises": 1}
    )["expected_damage"]
    summary = {"rules": "summary", "brawn": 2, "weapon": "dagger", "attacker_brawn": 4}
    assert calc.evaluate("rk-wounds", summary)["damage_dice"] == "5k2 on exploding d10s"
    assert calc.evaluate("rk-wounds", dict(summary, thrown=True))["damage_dice"] == "1k1 on exploding d10s"
    # a weapon that cannot be thrown ignores the box (the form hides it)
    fencing = {"rules": "house", "brawn": 2, "weapon": "fencing"}
    assert calc.evaluate("rk-wounds", dict(fencing, thrown=True)) == calc.evaluate("rk-wounds", fencing)
    thrower = next(p for p in calc.CALCULATORS["rk-wounds"].params if p.name == "thrown")
    assert set(dict(thrower.shown_when)["weapon"]) == {"knife", "dagger", "improvised_small",
                                                        "improvised_medium", "improvised_large"}


def test_unarmed_with_low_brawn_keeps_every_die() -> None:
    """Issue 13.17: house Unarmed 0k2 with Brawn 1 rolls 1 die and keeps it; Panzerhand 1k3 with
    Brawn 1 is 2k2. Both used to be refused."""
    unarmed = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "unarmed", "attacker_brawn": 1})
    assert unarmed["damage_dice"] == "1k1 on exploding d6s"
    assert unarmed["expected_damage"] == pytest.approx(3.5 * 6 / 5, abs=1e-12)  # one exploding d6: 3.5 / (1 - 1/6)
    assert any("R-0050" in note for note in unarmed["notes"])
    panzer = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "panzerhand", "attacker_brawn": 1})
    assert panzer["damage_dice"] == "2k2 on exploding d6s"
    from calc.roll_keep.exchange import Hit, Weapon

    assert Weapon("house", "unarmed", attacker_brawn=1).hit().kept == 1
    assert Hit("house", 1, 2).dist.mean() == Hit("house", 1, 1).dist.mean()


def test_weapon_list_follows_the_rules() -> None:
    """Issue 11.10: each weapon says which rules list it, with that table's damage; no mark is
    left unexplained (the summary table's asterisk on improvised weapons is spelled out)."""
    from calc.roll_keep.weapons import WEAPON_OPTIONS

    def weapons_for(rules: str) -> tuple[str, ...]:
        return tuple(wid for wid, by in WEAPON_OPTIONS if rules in dict(by))

    weapon = next(p for p in calc.CALCULATORS["rk-wounds"].params if p.name == "weapon")
    offered = {value: dict(labels) for value, labels in weapon.offered}
    assert "buckler" in weapons_for("house") and "buckler" not in weapons_for("summary")
    assert "dagger" in weapons_for("summary") and "dagger" not in weapons_for("house")
    assert offered["fencing"] == {"house": "Fencing Weapon: 3k3", "summary": "Fencing weapon (Foil, Rapier, Sabre): 2k2"}
    assert offered["improvised_blunt"]["summary"] == "Improvised weapon, blunt: 1k1, breaks on a 10"
    assert not any("*" in label for labels in offered.values() for label in labels.values())
    for rules in ("house", "summary"):
        for wid in weapons_for(rules):
            calc.evaluate("rk-wounds", {"rules": rules, "brawn": 2, "weapon": wid, "damage_rolled": 2, "damage_kept": 1})
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-wounds", {"rules": "summary", "brawn": 2, "weapon": "buckler"})
    assert caught.value.message == ("Weapon: \u201cBuckler\u201d is not offered under \u201cSummary rules\u201d; choose one "
                                    "from the list, or change Rules.")


@pytest.mark.parametrize(
    "params, field",
    [
        ({"rules": "house", "weapon": "fist"}, "weapon"),
        ({"rules": "summary", "weapon": "musket", "damage_rolled": 3}, None),
        ({"rules": "summary", "weapon": "buckler"}, "weapon"),
        ({"rules": "summary", "weapon": "crossbow"}, None),
        ({"rules": "house", "weapon": "unarmed", "attacker_brawn": 1}, None),
        ({"rules": "house", "weapon": "custom"}, "damage_rolled"),
        ({"rules": "house", "weapon": "custom", "damage_rolled": 2}, "damage_kept"),
        ({"rules": "house", "weapon": "custom", "damage_rolled": 1, "damage_kept": 3}, None),
        ({"rules": "house", "weapon": "custom", "raises": 15, "damage_rolled": 30, "damage_kept": 3}, "raises"),
        ({"rules": "house", "weapon": "cloak"}, "weapon"),
        ({"rules": "martian"}, "rules"),
        ({"brawn": 0}, "brawn"),
    ],
)
def test_wounds_bad_input(params: dict[str, object], field: str | None) -> None:
    params = {"brawn": 2, **params}
    if field is None:
        calc.evaluate("rk-wounds", params)  # custom dice are ignored for a listed weapon; Y > X keeps all
        return
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-wounds", params)
    assert caught.value.field == field


# -- rk-horse-fall ----------------------------------------------------------------------------


@pytest.mark.parametrize("rolled, kept", [(1, 1), (2, 1), (3, 2)])
@pytest.mark.parametrize("wounds", [1, 2, 3, 5])
def test_horse_fall_matches_enumeration(rolled: int, kept: int, wounds: int) -> None:
    roll = brute_roll(rolled, kept, True)
    target = 5 + 5 * wounds
    expected = float(brute.below(roll, target))
    result = calc.evaluate("rk-horse-fall", {"rolled": rolled, "kept": kept, "wounds": wounds, "taken": 1})
    assert result["tn"] == target
    assert result["chance"] == pytest.approx(expected, abs=1e-15)


def test_horse_fall_hand_checked() -> None:
    """rk/mounted.md#rk-falling-from-a-horse: with 1 Dramatic Wound the TN is 5 + 5 = 10, and 1k1
    falls short of 10 on 9 rolls in 10. Going from 1 to 3 wounds at once means two rolls,
    counted one at a time: against TN 15, then TN 20."""
    one = calc.evaluate("rk-horse-fall", {"rolled": 1, "kept": 1, "wounds": 1})
    assert one["chance"] == pytest.approx(0.9, abs=1e-15)
    two = calc.evaluate("rk-horse-fall", {"rolled": 2, "kept": 1, "wounds": 3, "taken": 2})
    roll = brute_roll(2, 1, True)
    p15, p20 = float(brute.below(roll, 15)), float(brute.below(roll, 20))
    assert two["tns"] == [15, 20] and two["tn"] == 20
    assert two["chance"] == pytest.approx(p20, abs=1e-15)
    assert two["p_any_fall"] == pytest.approx(1 - (1 - p15) * (1 - p20), abs=1e-15)
    assert calc.evaluate("rk-horse-fall", {"rolled": 2, "kept": 1, "wounds": 1, "galloping": True})["fall_damage"] == "6k3"


def test_horse_fall_honours_the_d6_switch() -> None:
    """Issue 13.18: ruling R-0016 promises a switch for d6 damage dice that do not explode; the
    fall's damage follows it: 4k2 on plain d6s, against a brute-force count of the 1,296 rolls."""
    plain = brute.keep(brute.die(6), 4, 2)
    expected = float(sum(v * p for v, p in plain.items()))
    off = calc.evaluate("rk-horse-fall", {"wounds": 1, "d6_explode": False})
    on = calc.evaluate("rk-horse-fall", {"wounds": 1})
    assert off["fall_damage_mean"] == pytest.approx(expected, abs=1e-12)
    assert on["fall_damage_mean"] > off["fall_damage_mean"]
    assert any("do not explode" in note for note in off["notes"])


def test_horse_fall_bad_input() -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-horse-fall", {"wounds": 1, "taken": 2})
    assert caught.value.field == "taken"
    assert calc.evaluate("rk-horse-fall", {"wounds": 1, "rolled": 2, "kept": 3})["roll"] == "2k2"  # R-0050
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-horse-fall", {"wounds": 0})
    assert caught.value.field == "wounds"
