"""Social Attacks (house rules, docs/rk/social.md#rk-social-trade): `plan_social` against enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from calc import InputError
from calc.dice.keep import roll_keep
from calc.roll_keep.rules import defended as parried
from calc.roll_keep.social import SOCIAL_PARAMS, backlash, plan_social, question
from tests import brute

BASE: dict[str, Any] = dict(
    rolled=6, kept=3, explode=True, tn=20, max_raises=4, attacker_panache=2, panache=2, base_damage="1k3",
    flesh_wounds=0, attacker_flesh_wounds=0, defense="active", defense_rolled=4, defense_kept=2,
    defense_explode=True, parry_raises=0, d6_explode=True,
)


def plan(**params: Any) -> dict[str, Any]:
    return plan_social(**dict(BASE, **params))


def house_wounds(short: int) -> int:
    """House rules: 1 Dramatic Wound, plus one per whole 20 short once more than 20 short (R-0017)."""
    if short <= 0:
        return 0
    return 1 if short <= 20 else 1 + short // 20


def wound_dist(damage: dict[int, Fraction], check: dict[int, Fraction], flesh: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for (d, p), (c, q) in itertools.product(damage.items(), check.items()):
        n = house_wounds(d + flesh - c)
        out[n] = out.get(n, Fraction(0)) + p * q
    return out


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((n * p for n, p in dist.items()), Fraction(0))


@pytest.mark.parametrize("attack, parry, target, extra", [
    ((2, 1), (2, 1), 5, 0), ((3, 2), (2, 2), 10, 5), ((2, 2), (3, 1), 12, 15), ((1, 1), (1, 1), 0, 0),
])
def test_parried_matches_enumeration(attack: tuple, parry: tuple, target: int, extra: int) -> None:
    d10 = brute.die(10)
    da, dp = brute.keep(d10, *attack), brute.keep(d10, *parry)
    want = sum((p * q for (a, p), (d, q) in itertools.product(da.items(), dp.items())
                if a >= target and d >= a + extra), Fraction(0))
    got = parried(roll_keep(*attack, explode=False), roll_keep(*parry, explode=False), target, extra)
    assert got == pytest.approx(float(want), abs=1e-12)


CASES = [  # small enough to enumerate; the checks' lumped top face (50 or more) never fails
    dict(attacker_panache=1, panache=1, flesh_wounds=0, attacker_flesh_wounds=0, parry_raises=0, defense="active"),
    dict(attacker_panache=1, panache=2, flesh_wounds=14, attacker_flesh_wounds=3, parry_raises=1, defense="active"),
    dict(attacker_panache=2, panache=1, flesh_wounds=22, attacker_flesh_wounds=0, parry_raises=0, defense="none"),
]


@pytest.mark.parametrize("case", CASES)
def test_plan_matches_enumeration(case: dict[str, Any]) -> None:
    """Attack 2k1 and Parry 2k1 without explosions, d6 damage without explosions, exploding checks."""
    r = plan(rolled=2, kept=1, explode=False, tn=8, max_raises=2, defense_rolled=2, defense_kept=1,
             defense_explode=False, d6_explode=False, **case)
    d10, d6, check_die = brute.die(10), brute.die(6), brute.exploding(10, 5)
    attack, parry = brute.keep(d10, 2, 1), brute.keep(d10, 2, 1)
    target_check = brute.keep(check_die, case["panache"], case["panache"])
    own_check = brute.keep(check_die, case["attacker_panache"], case["attacker_panache"])
    back = case["panache"]
    miss_wounds = mean(wound_dist(brute.keep(d6, back, min(2, back)), own_check, case["attacker_flesh_wounds"]))
    k = back + case["parry_raises"]
    parried_wounds = mean(wound_dist(brute.keep(d6, k, min(2, k)), own_check, case["attacker_flesh_wounds"]))
    for row in r["rows"]:
        n = row["raises"]
        target = 8 + 5 * n
        hit = brute.at_least(attack, target)
        turned = Fraction(0)
        if case["defense"] == "active":
            turned = sum((p * q for (a, p), (d, q) in itertools.product(attack.items(), parry.items())
                          if a >= target and d >= a + 5 * (n + case["parry_raises"])), Fraction(0))
        lands = hit - turned
        dice = 1 + case["attacker_panache"] + n
        per_hit = wound_dist(brute.keep(d6, dice, min(3, dice)), target_check, case["flesh_wounds"])
        dealt = lands * mean(per_hit)
        taken = (1 - hit) * miss_wounds + turned * parried_wounds
        assert row["p_hit"] == pytest.approx(float(hit), abs=1e-12)
        assert row["p_defended"] == pytest.approx(float(turned), abs=1e-12)
        assert row["p_lands"] == pytest.approx(float(lands), abs=1e-12)
        assert row["expected_wounds"] == pytest.approx(float(dealt), abs=1e-12)
        assert row["expected_backlash"] == pytest.approx(float(taken), abs=1e-12)
        assert row["net"] == pytest.approx(float(dealt - taken), abs=1e-12)
        for w, p in row["wounds"]:
            want = (1 - lands) * (w == 0) + lands * per_hit.get(w, Fraction(0))
            assert p == pytest.approx(float(want), abs=1e-12)


def test_backlash_hand_checked() -> None:
    """Panache 1 each, d6s that do not explode: 1k1 damage d against a 1k1 check fails with (d - 1)/10,
    one wound each time (never 21 short): (0 + 1 + 2 + 3 + 4 + 5) / 60 = 0.25 wounds per failure."""
    price = backlash(panache=1, parry_raises=0, attacker_panache=1, attacker_flesh_wounds=0, d6_explode=False)
    assert price["miss"]["expected"] == pytest.approx(0.25, abs=1e-15)
    assert price["miss"]["dice"] == "1k1"


def test_rows_carry_the_attack_planner_keys_and_best_is_the_net() -> None:
    r = plan()
    keys = {"raises", "target", "p_hit", "p_defended", "p_lands", "wounds", "expected_wounds", "p_wound",
            "expected_backlash", "net", "damage_dice", "expected_damage"}
    assert all(keys <= set(row) for row in r["rows"])
    assert r["best"] == max(range(len(r["rows"])), key=lambda i: (r["rows"][i]["net"], -i))
    assert r["rows"][1]["damage_dice"] == "4k3 on six-sided dice"  # 1k3 + Panache 2 + one raise
    assert plan(base_damage="2k4")["rows"][0]["damage_dice"] == "4k4 on six-sided dice"
    assert r["net"] == r["rows"][r["best"]]["net"]
    assert any("R-0058" in n for n in r["notes"])


def test_a_parry_raise_costs_the_attacker_more_and_is_harder() -> None:
    plain, raised = plan(), plan(parry_raises=2)
    assert raised["rows"][0]["p_defended"] < plain["rows"][0]["p_defended"]
    price = backlash(panache=2, parry_raises=2, attacker_panache=2, attacker_flesh_wounds=0, d6_explode=True)
    assert price["parried"]["dice"] == "4k2" and price["parried"]["expected"] > price["miss"]["expected"]


def test_bad_base_damage_names_the_field() -> None:
    with pytest.raises(InputError) as caught:
        plan(base_damage="3k5")
    assert caught.value.field == "base_damage"
    assert "Base Social Damage" in caught.value.message


@pytest.mark.parametrize("param", SOCIAL_PARAMS, ids=lambda p: p.name)
def test_social_params_are_shown_for_social_attacks_and_refuse_by_label(param: Any) -> None:
    # a Parry's own settings matter only while the target Parries
    parried = (("defense", ("active",)),) if param.name in ("parry_raises", "defense_explode") else ()
    assert param.shown_when == (("kind", ("social",)),) + parried
    with pytest.raises(InputError) as caught:
        param.parse("nonsense")
    assert caught.value.field == param.name
    assert caught.value.message.startswith(param.title)


def test_each_row_wound_distribution_adds_up() -> None:
    """Exploding rolls are cut below 1e-12: a row's wound counts still add up to 1 within that."""
    for row in plan(rolled=10, kept=5, tn=30)["rows"]:
        assert sum(p for _, p in row["wounds"]) == pytest.approx(1.0, abs=1e-12)


def test_question_in_words() -> None:
    assert question(BASE, plan()) == ("Social Attack 6k3 against Social Defense 20, 1k3 base damage, attacker's Panache 2, "
                                      "target's Panache 2, Parry 4k2; 0 to 4 raises")


def test_the_verdict_gives_backlash_per_attack_and_per_failure() -> None:
    """Issue 32, item 13: the average taken back is per attack; a failure costs that over the chance of
    failing. Item 14: raises lift the TN, and the Social Wound Check counts whole 20s of the shortfall."""
    result = plan(parry_raises=0)
    top = result["rows"][result["best"]]
    fails = 1 - top["p_lands"]
    per_failure = top["expected_backlash"] / fails
    assert abs(per_failure - backlash(panache=2, parry_raises=0, attacker_panache=2, attacker_flesh_wounds=0,
                                      d6_explode=True)["miss"]["expected"]) < 1e-9
    assert (f"against {top['expected_backlash']:.2f} taken back per attack" in result["verdict"]
            and f"a failure costs {per_failure:.2f} on average" in result["verdict"]), result["verdict"]
    notes = " ".join(result["notes"])
    assert "adding 5 to the TN the attack must reach" in notes and "to the SD" not in notes
    assert "(2 from 21 to 39 short;" in notes and house_wounds(21) == house_wounds(39) == 2
