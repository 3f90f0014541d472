"""Roll & Keep calculators (calc/roll_keep.py) against brute force, Monte Carlo and the rules' own examples."""

from __future__ import annotations

import functools
import json
import random
import time
from fractions import Fraction

import pytest

import calc
from calc import InputError
from calc.roll_keep import MAX_DICE, wound_count
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
        ({"rolled": 3, "kept": 4, "tn": 10}, "kept"),
        ({"stat": 1, "skill": 3, "tn": 10}, "skill"),
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
    assert caught.value.field == field and field in str(caught.value)


def test_kept_above_rolled_is_explained() -> None:
    with pytest.raises(InputError, match="cannot exceed rolled"):
        calc.evaluate("rk-check", {"rolled": 2, "kept": 3, "tn": 10})


# -- rk-tn ------------------------------------------------------------------------------------


def tn(**params: object) -> dict:
    return calc.evaluate("rk-tn", params)


def test_tn_from_knack() -> None:
    """rk/attacking.md#rk-target-numbers: Parry 3 gives (3 + 1) x 5 = 20; used as the wrong Knack, 15."""
    assert tn(knack=3)["tn"] == 20
    assert tn(knack=3, wrong_knack=True)["tn"] == 15
    assert tn(knack=0)["tn"] == 5


def test_tn_from_passive_defense_and_prone() -> None:
    """rk/attacking.md#rk-target-numbers: PD 20, Prone, is 20 - 15 = 5."""
    result = tn(passive_defense=20, prone=True, knack=7)
    assert result["tn"] == 5
    assert [line["change"] for line in result["breakdown"]] == [20, -15]


@pytest.mark.parametrize(
    "params, change",
    [
        ({"grappled": True}, -10),
        ({"cover": "ranged_no_cover"}, -5),
        ({"cover": "ranged_some_cover"}, 0),
        ({"cover": "ranged_good_cover"}, 5),
        ({"reach": "more_reach"}, -5),
        ({"reach": "less_reach"}, 5),
        ({"promoted": 1}, 5), ({"promoted": 2}, 5), ({"promoted": 3}, 10), ({"promoted": 4}, 10),
        ({"promoted": 5}, 15), ({"promoted": 6}, 15), ({"promoted": 7}, 20), ({"promoted": 10}, 20),
        ({"drawing": True}, 10),
        ({"getting_up": True}, 10),
        ({"raises": 3}, 15),
        ({"ranged_weapon": "pistol", "range_band": "point_blank"}, 0),
        ({"ranged_weapon": "pistol", "range_band": "short"}, 10),
        ({"ranged_weapon": "pistol", "range_band": "long"}, 15),
        ({"ranged_weapon": "bow", "range_band": "point_blank"}, 5),
        ({"ranged_weapon": "musket", "range_band": "long"}, 15),
        ({"ranged_weapon": "knife", "range_band": "long"}, 10),
        ({"two_pistols": True}, 5),
        ({"wrestling": "attack_ungrappled"}, 5),
        ({"wrestling": "escape_athletics"}, 5),
        ({"wrestling": "unseat"}, 10),
        ({"grappled_attack": "pugilism"}, 5),
        ({"grappled_attack": "knife"}, 10),
        ({"grappled_attack": "pistol"}, 10),
        ({"grappled_attack": "other"}, 15),
        ({"mounted": "leap_athletics"}, 10),
        ({"mounted": "shared_horse"}, 5),
        ({"mounted": "carriage_chase"}, 5),
        ({"mounted": "on_foot"}, 10),
        ({"improvised": "large"}, 5),
        ({"improvised": "small"}, 0),
    ],
)
def test_each_modifier(params: dict[str, object], change: int) -> None:
    result = tn(knack=2, **params)
    assert result["tn"] == 15 + change
    assert result["breakdown"][-1]["change"] == change and result["breakdown"][-1]["tn"] == 15 + change


def test_modifiers_add_up_line_by_line() -> None:
    result = tn(knack=4, drawing=True, promoted=3, cover="ranged_good_cover", two_pistols=True)
    assert result["tn"] == 25 + 10 + 5 + 10 + 5
    running = [line["tn"] for line in result["breakdown"]]
    assert running == sorted(running) and running[-1] == result["tn"]
    rows = result["tables"][0]["rows"]
    assert rows[-1]["cells"] == ["Target number", "", result["tn"]] and rows[-1]["mark"]


def test_off_hand_is_a_roll_penalty_not_a_tn_change() -> None:
    result = tn(knack=2, off_hand=True)
    assert result["tn"] == 15 and result["roll_penalty"] == -3 and result["effective_tn"] == 18
    assert result["breakdown"][-1]["kind"] == "roll"
    assert tn(knack=2)["effective_tn"] is None


@pytest.mark.parametrize(
    "params, field",
    [({"knack": 11}, "knack"), ({"cover": "bushes"}, "cover"), ({"promoted": -1}, "promoted"),
     ({"ranged_weapon": "claymore"}, "ranged_weapon"), ({"grappled_attack": "bite"}, "grappled_attack")],
)
def test_tn_bad_input(params: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-tn", params)
    assert caught.value.field == field


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
    assert result["damage_dice"] == "6k3 on d6 (exploding)"
    for n, p in result["wounds"][:4]:
        assert abs(counts[n] / 20_000 - p) <= 5 * (p * (1 - p) / 20_000) ** 0.5 + 1e-9


def test_damage_dice_from_the_examples() -> None:
    """rk/damage.md#rk-damage-rolls: heavy weapon 3k2 + Brawn 2 + 1 raise = 6k2 (summary);
    fencing 3k3 + Brawn 3 + 1 raise = 7k3 on d6 (house)."""
    summary = calc.evaluate("rk-wounds", {"rules": "summary", "brawn": 2, "weapon": "heavy", "attacker_brawn": 2, "raises": 1})
    assert summary["damage_dice"] == "6k2 on exploding d10"
    house = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "fencing", "attacker_brawn": 3, "raises": 1})
    assert house["damage_dice"] == "7k3 on d6 (exploding)"
    ranged = calc.evaluate("rk-wounds", {"rules": "house", "brawn": 2, "weapon": "bow", "attacker_brawn": 5})
    assert ranged["damage_dice"] == "3k3 on d6 (exploding)"


def test_firearm_follows_the_weapon_unless_set() -> None:
    base = {"rules": "house", "brawn": 2, "weapon": "pistol"}
    assert calc.evaluate("rk-wounds", base)["firearm"] is True
    assert calc.evaluate("rk-wounds", dict(base, firearm="no"))["firearm"] is False
    assert calc.evaluate("rk-wounds", dict(base, weapon="musket", damage=30))["firearm"] is True
    assert calc.evaluate("rk-wounds", dict(base, weapon="bow"))["firearm"] is False


def test_wound_table_rows() -> None:
    result = calc.evaluate("rk-wounds", {"rules": "summary", "brawn": 1, "damage": 40})
    rows = result["tables"][0]["rows"]
    assert [r["cells"][0] for r in rows] == ["0", "1", "2", "3 or more"]
    assert sum(r["cells"][1] for r in rows) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    "params, field",
    [
        ({"rules": "house", "weapon": "fist"}, "weapon"),
        ({"rules": "summary", "weapon": "musket", "damage_rolled": 3}, None),
        ({"rules": "summary", "weapon": "buckler"}, "weapon"),
        ({"rules": "summary", "weapon": "crossbow"}, "raises"),
        ({"rules": "house", "weapon": "unarmed", "attacker_brawn": 1}, "attacker_brawn"),
        ({"rules": "house", "weapon": "custom"}, "damage_rolled"),
        ({"rules": "house", "weapon": "custom", "damage_rolled": 2}, "damage_kept"),
        ({"rules": "house", "weapon": "custom", "damage_rolled": 1, "damage_kept": 3}, "damage_kept"),
        ({"rules": "house", "weapon": "cloak"}, "weapon"),
        ({"rules": "martian"}, "rules"),
        ({"brawn": 0}, "brawn"),
    ],
)
def test_wounds_bad_input(params: dict[str, object], field: str | None) -> None:
    params = {"brawn": 2, **params}
    if field is None:
        calc.evaluate("rk-wounds", params)  # damage_rolled is ignored unless the weapon is custom
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


def test_horse_fall_bad_input() -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-horse-fall", {"wounds": 1, "taken": 2})
    assert caught.value.field == "taken"
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-horse-fall", {"wounds": 1, "rolled": 2, "kept": 3})
    assert caught.value.field == "kept"
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-horse-fall", {"wounds": 0})
    assert caught.value.field == "wounds"


# -- the registry -----------------------------------------------------------------------------


def test_registered_with_their_rule_pages() -> None:
    rules = {cid: calc.CALCULATORS[cid].rule for cid in ("rk-check", "rk-tn", "rk-wounds", "rk-horse-fall")}
    assert rules == {
        "rk-check": "rk/basics.md#rk-basic-roll",
        "rk-tn": "rk/attacking.md#rk-target-numbers",
        "rk-wounds": "rk/damage.md#rk-wound-checks",
        "rk-horse-fall": "rk/mounted.md#rk-falling-from-a-horse",
    }


@pytest.mark.parametrize("cid", ["rk-check", "rk-tn", "rk-wounds", "rk-horse-fall"])
def test_defaults_evaluate_to_json(cid: str) -> None:
    result = calc.evaluate(cid, calc.CALCULATORS[cid].defaults())
    json.dumps(result, allow_nan=False)
    json.dumps(calc.CALCULATORS[cid].describe())
    for h in calc.CALCULATORS[cid].headlines:
        assert h.key in result


WORST = [
    ("rk-check", {"rolled": 30, "kept": k, "tn": 0, "threshold": 1}) for k in (10, 20, 25, 29)
] + [
    ("rk-wounds", {"rules": "house", "brawn": 15, "weapon": "custom", "damage_rolled": 30, "damage_kept": 25,
                   "raises": 10, "flesh_wounds": 300}),
    ("rk-wounds", {"rules": "summary", "brawn": 15, "weapon": "zweihander", "attacker_brawn": 15, "raises": 15}),
    ("rk-horse-fall", {"rolled": 30, "kept": 25, "wounds": 20, "taken": 10, "galloping": True}),
]


@pytest.mark.parametrize("cid, params", WORST)
def test_worst_cases_stay_fast(cid: str, params: dict[str, object]) -> None:
    """No input at the caps takes more than about a second (typically tens of milliseconds)."""
    start = time.perf_counter()
    calc.evaluate(cid, params)
    assert time.perf_counter() - start < 1.0
