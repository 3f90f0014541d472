"""The attack planner `rk-attack` (calc/roll_keep/attack.py): against the calculators it chains, a brute-force
enumeration on small pools, a Monte Carlo run on a full-size duel, and the rules' special cases."""

from __future__ import annotations

import functools
import random
import re
from fractions import Fraction
from typing import Any

import pytest

import calc
from calc import InputError
from tests import brute

PLANNER = calc.CALCULATORS["rk-attack"]


def plan(**params: Any) -> dict[str, Any]:
    return calc.evaluate("rk-attack", dict(PLANNER.defaults(), **params))


# -- composition: every row from rk-check and rk-wounds -------------------------------------

COMPOSED = [
    dict(rules="summary"),
    dict(rules="house"),
    dict(rules="summary", defense="none", weapon="claymore", attacker_brawn=3, flesh_wounds=12),
    dict(rules="house", rolled=5, kept=2, tn=20, defense_rolled=6, defense_kept=3, weapon="heavy"),
    dict(rules="house", stat=3, skill=2, tn=10, max_raises=6, explode=False, d6_explode=False),
    dict(rules="summary", weapon="pistol", tn=25, brawn=2, max_raises=3),
    dict(rules="summary", weapon="custom", damage_rolled=2, damage_kept=2, firearm="yes", brawn=1),
    dict(rules="house", weapon="knife", thrown=True, attacker_brawn=4),
]


def _survival(pmf: list[list[float]], target: int) -> float:
    return sum(p for x, p in pmf if x >= target)


@pytest.mark.parametrize("params", COMPOSED, ids=[str(i) for i in range(len(COMPOSED))])
def test_rows_are_the_chained_calculators(params: dict[str, Any]) -> None:
    full = dict(PLANNER.defaults(), **params)
    result = calc.evaluate("rk-attack", full)
    roll = {k: full[k] for k in ("rolled", "kept", "stat", "skill", "explode")}
    attack = calc.evaluate("rk-check", dict(roll, tn=full["tn"]))
    house = full["rules"] == "house"
    defense = calc.evaluate("rk-check", {"rolled": full["defense_rolled"], "kept": full["defense_kept"], "tn": 0})
    assert [row["raises"] for row in result["rows"]] == list(range(full["max_raises"] + 1))
    for row in result["rows"]:
        r = row["raises"]
        check = calc.evaluate("rk-check", dict(roll, tn=full["tn"], raises=r))
        hit = calc.evaluate("rk-wounds", {
            k: full[k] for k in ("rules", "brawn", "flesh_wounds", "weapon", "damage_rolled", "damage_kept",
                                 "attacker_brawn", "firearm", "d6_explode", "thrown")
        } | {"raises": r})
        target = full["tn"] + 5 * r
        assert row["target"] == target == check["target"]
        assert row["p_hit"] == check["chance"]
        # the defender's roll against each attack total (+5 per damage raise for a house Parry)
        if full["defense"] == "none" or (house and hit["firearm"]):
            expected_def = 0.0
        else:
            extra = 5 * r if house else 0
            expected_def = sum(p * _survival(defense["distribution"], a + extra)
                               for a, p in attack["distribution"] if a >= target)
        assert row["p_defended"] == pytest.approx(expected_def, abs=1e-13)
        assert row["p_lands"] == pytest.approx(row["p_hit"] - row["p_defended"], abs=1e-15)
        lands = row["p_lands"]
        per_hit = [p for _, p in hit["wounds"]]
        assert [n for n, _ in row["wounds"]] == list(range(len(row["wounds"])))
        for n, p in row["wounds"][1:]:
            assert p == pytest.approx(lands * per_hit[n], abs=1e-15)
        assert all(p == 0.0 for p in per_hit[len(row["wounds"]):])
        assert row["wounds"][0][1] == pytest.approx(1 - lands + lands * per_hit[0], abs=1e-15)
        assert sum(p for _, p in row["wounds"]) == pytest.approx(1.0, abs=1e-12)
        assert row["expected_wounds"] == pytest.approx(lands * hit["expected_wounds"], abs=1e-15)
        assert row["expected_wounds"] == pytest.approx(sum(n * p for n, p in row["wounds"]), abs=1e-12)
        assert row["p_wound"] == pytest.approx(lands * hit["p_wound"], abs=1e-15)
        assert row["damage_dice"] == hit["damage_dice"]
        assert row["expected_damage"] == hit["expected_damage"]


# -- brute force on small pools ----------------------------------------------------------------

DEPTH10 = 6   # a d10 is followed through 6 throws; a seventh (chance 1e-6 per die) is left out
DEPTH6 = 8    # a d6 through 8 throws (chance 6**-8 per die left out)


@functools.lru_cache(maxsize=None)
def _keep(sides: int, n: int, k: int, explode: bool) -> tuple[tuple[int, Fraction], ...]:
    depth = DEPTH10 if sides == 10 else DEPTH6
    faces = brute.exploding(sides, depth) if explode else brute.die(sides)
    return tuple(sorted(brute.keep(faces, n, k).items()))


def _lost(sides: int, dice: int, explode: bool) -> Fraction:
    """Probability that some die of `dice` reached the depth the enumeration stops at."""
    if not explode:
        return Fraction(0)
    depth = DEPTH10 if sides == 10 else DEPTH6
    return 1 - (1 - Fraction(1, sides**depth)) ** dice


def _wounds_for(short: int, house: bool, firearm: bool) -> int:
    """The rules' wound count, written out again: house counts whole steps beyond the first."""
    step = 10 if firearm else 20
    if short <= 0:
        return 0
    if house:
        return 1 + short // step if short > step else 1
    return 2 if short >= step else 1


def brute_rows(*, house: bool, attack: tuple[int, int], explode: bool, tn: int, defense: tuple[int, int] | None,
               damage: tuple[int, int], brawn: int, flesh: int, firearm: bool, max_raises: int,
               d6_explode: bool = True) -> list[dict[str, Fraction]]:
    a_dist = _keep(10, *attack, explode)
    d_dist = _keep(10, *defense, True) if defense else ()
    check = _keep(10, brawn, brawn, True)
    rows = []
    for r in range(max_raises + 1):
        target = tn + 5 * r
        p_hit = sum((p for a, p in a_dist if a >= target), Fraction(0))
        p_def = Fraction(0)
        if defense and not (house and firearm):
            extra = 5 * r if house else 0
            for a, p in a_dist:
                if a >= target:
                    p_def += p * sum((q for d, q in d_dist if d >= a + extra), Fraction(0))
        lands = p_hit - p_def
        sides = 6 if house else 10
        dmg = _keep(sides, damage[0] + r, damage[1], d6_explode if house else True)
        per_hit: dict[int, Fraction] = {}
        for x, p in dmg:
            for c, q in check:
                n = _wounds_for(flesh + x - c, house, firearm)
                per_hit[n] = per_hit.get(n, Fraction(0)) + p * q
        wounds = {n: lands * p for n, p in per_hit.items()}
        wounds[0] = wounds.get(0, Fraction(0)) + 1 - lands
        rows.append({
            "p_hit": p_hit, "p_defended": p_def, "p_lands": lands,
            "expected_wounds": sum((n * p for n, p in wounds.items()), Fraction(0)),
            "p_wound": 1 - wounds[0],
            **{f"w{n}": p for n, p in wounds.items()},
        })
    return rows


SMALL = [
    # (rules, attack XkY, explode, tn, defense XkY or None, custom damage XkY, brawn, flesh, firearm)
    ("summary", (3, 2), True, 10, (2, 1), (1, 1), 1, 0, False),
    ("summary", (2, 2), False, 10, (2, 1), (1, 1), 2, 5, True),
    ("house", (3, 2), True, 10, (2, 1), (1, 1), 1, 0, False),
    ("house", (3, 1), False, 5, (2, 2), (2, 1), 1, 3, False),
    ("house", (3, 2), True, 15, (2, 1), (2, 2), 2, 0, True),   # a firearm: never Parried
    ("summary", (3, 2), True, 15, None, (1, 1), 1, 0, False),
]


@pytest.mark.parametrize("case", SMALL, ids=[f"{c[0]}-{i}" for i, c in enumerate(SMALL)])
def test_rows_match_enumeration(case: tuple[Any, ...]) -> None:
    rules, attack, explode, tn, defense, damage, brawn, flesh, firearm = case
    house = rules == "house"
    result = plan(
        rules=rules, rolled=attack[0], kept=attack[1], explode=explode, tn=tn,
        defense="active" if defense else "none", defense_rolled=(defense or (1, 1))[0],
        defense_kept=(defense or (1, 1))[1], weapon="custom", damage_rolled=damage[0], damage_kept=damage[1],
        firearm="yes" if firearm else "no", brawn=brawn, flesh_wounds=flesh, max_raises=2,
    )
    expected = brute_rows(house=house, attack=attack, explode=explode, tn=tn, defense=defense, damage=damage,
                          brawn=brawn, flesh=flesh, firearm=firearm, max_raises=2)
    for row, twin in zip(result["rows"], expected, strict=True):
        sides = 6 if house else 10
        dice = attack[0] + (defense[0] if defense else 0) + damage[0] + row["raises"] + brawn
        lost = float(_lost(10, dice, True) + _lost(sides, damage[0] + row["raises"], True))
        # everything the enumeration leaves out is this small: the two must agree this closely
        tol = max(lost * 3, 1e-13)
        for key in ("p_hit", "p_defended", "p_lands", "p_wound"):
            assert row[key] == pytest.approx(float(twin[key]), abs=tol), key
        assert row["expected_wounds"] == pytest.approx(float(twin["expected_wounds"]), abs=tol * 4)
        for n, p in row["wounds"]:
            assert p == pytest.approx(float(twin.get(f"w{n}", 0)), abs=tol), n
        assert tol < 1e-4  # the bound is tight enough that a wrong rule would show
        if house and firearm:
            assert row["p_defended"] == 0.0


def test_non_exploding_attack_is_exact() -> None:
    """Without explosions on the attack (and no defense), the chance to hit is a plain fraction."""
    result = plan(rules="house", rolled=3, kept=2, explode=False, tn=12, defense="none", max_raises=2)
    a_dist = brute.keep(brute.die(10), 3, 2)
    for row in result["rows"]:
        assert row["p_hit"] == float(brute.at_least(a_dist, 12 + 5 * row["raises"]))
        assert row["p_defended"] == 0.0 and row["p_lands"] == row["p_hit"]


# -- Monte Carlo on the full-size default duel ---------------------------------------------------


def _roll(rng: random.Random, n: int, k: int, sides: int = 10, explode: bool = True) -> int:
    dice = [brute.roll_exploding(rng, sides) if explode else rng.randint(1, sides) for _ in range(n)]
    return sum(sorted(dice)[n - k:])


@pytest.mark.parametrize("rules", ["summary", "house"])
def test_default_duel_against_monte_carlo(rules: str) -> None:
    result = plan(rules=rules, max_raises=3)
    full = dict(PLANNER.defaults(), rules=rules)
    house = rules == "house"
    rng = random.Random(20261130 + house)
    trials = 12_000
    for row in result["rows"]:
        r = row["raises"]
        hits = defended = wounded = total = 0
        for _ in range(trials):
            a = _roll(rng, full["rolled"], full["kept"])
            if a < full["tn"] + 5 * r:
                continue
            hits += 1
            d = _roll(rng, full["defense_rolled"], full["defense_kept"])
            if d >= a + (5 * r if house else 0):
                defended += 1
                continue
            # a fencing weapon in either table, plus the attacker's Brawn, plus one die per raise
            x, y = (3, 3) if house else (2, 2)
            damage = _roll(rng, x + full["attacker_brawn"] + r, y, 6 if house else 10)
            short = full["flesh_wounds"] + damage - _roll(rng, full["brawn"], full["brawn"])
            n = _wounds_for(short, house, False)
            wounded += n > 0
            total += n
        for key, count in (("p_hit", hits), ("p_defended", defended), ("p_wound", wounded)):
            p = row[key]
            sigma = (p * (1 - p) / trials) ** 0.5
            assert abs(count / trials - p) < 5 * sigma + 1e-9, (key, r)
        assert abs(total / trials - row["expected_wounds"]) < 5 * (2.0 / trials) ** 0.5


# -- the rules' special cases and the choice -------------------------------------------------------


@pytest.mark.parametrize("weapon", ["pistol", "musket"])
def test_house_firearms_are_never_parried(weapon: str) -> None:
    house = plan(rules="house", weapon=weapon, defense_rolled=12, defense_kept=6, max_raises=5)
    assert house["firearm"]
    for row in house["rows"]:
        assert row["p_defended"] == 0.0 and row["p_lands"] == row["p_hit"]
    assert any("no Parry against a firearm" in note and "normal circumstances" in note for note in house["notes"])
    # the summary rules have no such exception: the Active Defense still turns some aside
    summary = plan(rules="summary", weapon=weapon, defense_rolled=12, defense_kept=6, max_raises=5)
    assert summary["firearm"] and summary["rows"][0]["p_defended"] > 0.1


def test_custom_firearm_is_never_parried_under_house_rules() -> None:
    result = plan(rules="house", weapon="custom", damage_rolled=3, damage_kept=2, firearm="yes")
    assert all(row["p_defended"] == 0.0 for row in result["rows"])
    melee = plan(rules="house", weapon="custom", damage_rolled=3, damage_kept=2, firearm="no")
    assert melee["rows"][0]["p_defended"] > 0


def test_a_house_parry_faces_five_more_per_raise() -> None:
    """The summary defense beats the attack's value; the house Parry its value + 5 per damage raise."""
    summary = plan(rules="summary", defense_rolled=10, defense_kept=5, max_raises=3)
    house = plan(rules="house", defense_rolled=10, defense_kept=5, max_raises=3)
    assert summary["rows"][0]["p_defended"] == house["rows"][0]["p_defended"]
    for r in (1, 2, 3):
        assert house["rows"][r]["p_defended"] < summary["rows"][r]["p_defended"]


def test_no_defense_means_every_hit_lands() -> None:
    result = plan(defense="none")
    for row in result["rows"]:
        assert row["p_defended"] == 0.0 and row["p_lands"] == row["p_hit"]


@pytest.mark.parametrize("params", COMPOSED + [dict(rolled=12, kept=6, tn=10, max_raises=10)],
                         ids=[str(i) for i in range(len(COMPOSED) + 1)])
def test_best_is_the_arg_max(params: dict[str, Any]) -> None:
    result = plan(**params)
    rows = result["rows"]
    top = max(row["expected_wounds"] for row in rows)
    assert result["best"] == min(row["raises"] for row in rows if row["expected_wounds"] == top)
    top_w = max(row["p_wound"] for row in rows)
    assert result["best_for_wound"] == min(row["raises"] for row in rows if row["p_wound"] == top_w)
    best = rows[result["best"]]
    assert result["p_wound"] == best["p_wound"] and result["expected_wounds"] == best["expected_wounds"]
    assert result["distribution"] == best["wounds"]
    marked = [row["cells"][0] for row in result["tables"][0]["rows"] if row.get("mark")]
    assert marked == [result["best"]]


def test_the_default_duel_pays_for_raises_and_says_why() -> None:
    result = plan()
    rows = result["rows"]
    assert result["best"] >= 1
    assert rows[result["best"]]["p_lands"] < rows[0]["p_lands"]
    assert rows[result["best"]]["expected_wounds"] > rows[0]["expected_wounds"]
    verdict = result["verdict"]
    assert verdict.startswith(f"Calling {result['best']} raise")
    assert f"{rows[result['best']]['p_lands'] * 100:.0f}%" in verdict
    assert f"{rows[result['best']]['expected_wounds']:.2f}" in verdict


def test_no_raises_best_when_hitting_is_hard() -> None:
    result = plan(rolled=4, kept=2, tn=25)
    assert result["best"] == 0 and result["verdict"].startswith("Calling no raises is best")


def test_stat_and_skill_give_the_dice() -> None:
    assert plan(stat=4, skill=4)["rows"] == plan(rolled=8, kept=4)["rows"]


# each field's on-screen label, without a closing note in brackets ("Damage dice rolled (Other)")
LABELS = {p.name: re.sub(r" \(.*\)$", "", p.label) for p in PLANNER.params}


@pytest.mark.parametrize("params, field", [
    (dict(stat=3), "skill"),
    (dict(skill=3), "stat"),
    (dict(rules="summary", weapon="panzerhand"), "weapon"),
    (dict(weapon="custom"), "damage_rolled"),
    (dict(max_raises=11), "max_raises"),
    (dict(defense="sometimes"), "defense"),
    (dict(tn=301), "tn"),
    (dict(defense_rolled=31), "defense_rolled"),
])
def test_bad_input_names_its_field(params: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as caught:
        plan(**params)
    assert caught.value.field == field
    assert LABELS[field] in caught.value.message


def test_rows_are_fast_enough_at_the_caps() -> None:
    """Not a timing test (see scripts/bench.py): the largest inputs simply finish and stay sane."""
    result = plan(rules="summary", rolled=30, kept=15, tn=100, max_raises=10, weapon="claymore",
                  attacker_brawn=15, brawn=15, defense_rolled=30, defense_kept=15)
    for row in result["rows"]:
        assert 0 <= row["p_lands"] <= row["p_hit"] <= 1
        assert sum(p for _, p in row["wounds"]) == pytest.approx(1.0, abs=1e-12)


def test_the_tn_builder_offers_its_tn_to_the_planner() -> None:
    """rk-tn hands the TN before raises to rk-check; the planner gets the same TN, raises left to its rows."""
    import html
    import json

    from codex_view.render import result_html

    result = calc.evaluate("rk-tn", {"knack": 3, "raises": 2})
    page = result_html(calc.CALCULATORS["rk-tn"], result)
    start = page.index('data-chain-calculator="rk-attack"')
    button = page[page.rindex("<button", 0, start):page.index("</button>", start)]
    params = json.loads(html.unescape(button.split('data-chain-params="')[1].split('"')[0]))
    assert params == {"tn": result["chain"]["params"]["tn"]} == {"tn": 20}
    assert 'class="cx-handoff' in button and "Plan an attack against TN 20" in button


@pytest.mark.parametrize("rules", ["house", "summary"])
def test_defense_text_cites_the_rules_and_their_readings(rules: str) -> None:
    """Issue 20: the defender's roll rests on the rule sets (and R-0015 for the house PA), not on a withdrawn
    ruling; the house Wound Check is labelled as R-0017's reading; no help claims a cap on kept dice (R-0050)."""
    result = plan(rules=rules, stat=3, skill=2)
    calculator = calc.CALCULATORS["rk-attack"]
    text = " ".join(result["notes"]) + " ".join(p.help for p in calculator.params)
    assert "R-0052" not in text
    assert "Cannot exceed" not in text and "cannot exceed" not in text
    if rules == "house":
        assert "R-0015" in " ".join(result["notes"])
        assert any("R-0017" in note and "Wound Check" in note for note in result["notes"])
