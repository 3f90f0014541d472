"""Attacks until he is down, `rk-fight` (calc/roll_keep/fight.py; the rule: docs/rk/damage.md#rk-fight).

Three checks of the two-layer chain: a plain attack-by-attack chain over (Flesh Wounds, wounds)
with every damage and Wound Check outcome enumerated (small dice, a few attacks), a seeded Monte
Carlo of whole fights, and hand-worked values. The landing chance is checked against the attack
planner (rk-attack), which computes it its own way.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from typing import Any

import pytest

import calc
from calc import InputError
from calc.dice.keep import roll_keep
from calc.roll_keep.rules import damage_dist
from tests import brute

FIGHT = calc.CALCULATORS["rk-fight"]
PLANNER = calc.CALCULATORS["rk-attack"]


def fight(**params: Any) -> dict[str, Any]:
    return calc.evaluate("rk-fight", dict(FIGHT.defaults(), **params))


def _wounds(short: int, house: bool, firearm: bool) -> int:
    """Wounds from a check `short` points under its TN, written from the rules' text."""
    step = 10 if firearm else 20
    if house:
        return 1 + short // step if short > step else 1
    return 2 if short >= step else 1


def chain(q: tuple[float, float], damage: dict[int, Any], check: dict[int, Any], *, house: bool,
          firearm: bool, crippled_at: int | None, out_at: int, attacks: int) -> tuple[list[Any], list[Any]]:
    """P(Crippled within n), P(out within n) for n = 1..attacks: every attack, every roll, one at a time."""
    states: dict[tuple[int, int], Any] = {(0, 0): 1}
    crippled, out = [0] * (attacks + 1), [0] * (attacks + 1)
    rolls = sorted(check.items())
    passes = {}  # P(check >= tn), summed once per TN
    for n in range(1, attacks + 1):
        nxt: dict[tuple[int, int], Any] = defaultdict(int)
        for (carried, wounds), p in states.items():
            land = q[1] if crippled_at is not None and wounds >= crippled_at else q[0]
            nxt[(carried, wounds)] += p * (1 - land)
            for d, pd in damage.items():
                tn = carried + d
                if tn not in passes:
                    passes[tn] = sum(pc for c, pc in rolls if c >= tn)
                nxt[(tn, wounds)] += p * land * pd * passes[tn]
                for c, pc in rolls:
                    if c >= tn:
                        break
                    mass = p * land * pd * pc
                    now = wounds + _wounds(tn - c, house, firearm)
                    if crippled_at is not None and wounds < crippled_at <= now:
                        crippled[n] += mass
                    if now >= out_at:
                        out[n] += mass
                    else:
                        nxt[(0, now)] += mass
        states = {k: v for k, v in nxt.items() if v > 1e-16}
    for n in range(1, attacks + 1):
        crippled[n] += crippled[n - 1]
        out[n] += out[n - 1]
    return crippled[1:], out[1:]


def _pmf(dist: Any, floor: float = 1e-13) -> dict[int, float]:
    return {x: p for x, p in dist.pmf() if p > floor}


def _q(params: dict[str, Any]) -> float:
    """The chance one attack lands, from the attack planner's own row for these raises."""
    keys = {p.name for p in PLANNER.params}
    plan = calc.evaluate("rk-attack", dict(PLANNER.defaults(), max_raises=params.get("raises", 0),
                                           **{k: v for k, v in params.items() if k in keys}))
    return plan["rows"][params.get("raises", 0)]["p_lands"]


# -- the fast chain against the plain one ------------------------------------------------------

SMALL = [
    # house, d6 damage that does not explode: exact brute-force dice for the check (depth 2: TNs stay under 20)
    dict(rules="house", weapon="custom", damage_rolled=1, damage_kept=1, d6_explode=False, brawn=1, resolve=1,
         rolled=2, kept=1, tn=10, defense="none", attacks=3),
    dict(rules="house", weapon="custom", damage_rolled=2, damage_kept=1, d6_explode=False, brawn=2, resolve=1,
         rolled=3, kept=2, tn=10, defense="active", defense_rolled=2, defense_kept=1, raises=1, attacks=3),
    dict(rules="house", weapon="custom", damage_rolled=1, damage_kept=1, d6_explode=False, brawn=1, resolve=2,
         rolled=2, kept=2, tn=5, defense="none", firearm="yes", attacks=4),
]


@pytest.mark.parametrize("case", SMALL)
def test_small_house_fights_against_every_roll_enumerated(case: dict[str, Any]) -> None:
    result = fight(**case)
    q = result["p_land"]
    assert q == pytest.approx(_q(case), abs=1e-15)
    dice = case["damage_rolled"] + case.get("raises", 0)  # each damage raise adds an unkept die
    damage = brute.keep(brute.die(6), dice, case["damage_kept"])
    check = brute.keep(brute.exploding(10, 2), case["brawn"], case["brawn"])
    crippled, out = chain((q, q), damage, check, house=True, firearm=case.get("firearm") == "yes",
                          crippled_at=case["resolve"], out_at=2 * case["resolve"], attacks=case["attacks"])
    assert result["p_crippled"] == pytest.approx([float(x) for x in crippled], abs=1e-12)
    assert result["p_out"] == pytest.approx([float(x) for x in out], abs=1e-12)


SUMMARY = [
    dict(rules="summary", weapon="custom", damage_rolled=1, damage_kept=1, brawn=1, resolve=1,
         rolled=3, kept=1, tn=10, defense="active", defense_rolled=3, defense_kept=1, attacks=3),
    dict(rules="summary", weapon="fist", attacker_brawn=1, brawn=1, category="henchman",
         rolled=2, kept=1, tn=5, defense="none", attacks=3),
    dict(rules="summary", weapon="custom", damage_rolled=1, damage_kept=1, firearm="yes", brawn=2, resolve=1,
         rolled=4, kept=2, tn=15, defense="none", attacks=3),
]


@pytest.mark.parametrize("case", SUMMARY)
def test_small_summary_fights_against_the_plain_chain(case: dict[str, Any]) -> None:
    """Summary damage dice explode, so the plain chain takes the dice's distributions from calc."""
    result = fight(**case)
    hero = case.get("category", "hero") == "hero"
    q0 = _q(case)
    q1 = q0
    if hero and case["defense"] == "active":
        left = case["defense_rolled"] - 2
        q1 = _q(dict(case, defense="none")) if left < 1 else _q(dict(case, defense_rolled=left,
                                                                    defense_kept=min(left, case["defense_kept"])))
    assert result["p_land"] == pytest.approx(q0, abs=1e-15)
    dice = 1 if case["weapon"] == "custom" else case["attacker_brawn"]
    damage = _pmf(damage_dist(dice, 1, rules="summary"))
    check = _pmf(roll_keep(case["brawn"], case["brawn"]))
    crippled, out = chain((q0, q1), damage, check, house=False, firearm=case.get("firearm") == "yes",
                          crippled_at=case["resolve"] if hero else None,
                          out_at=2 * case["resolve"] if hero else 1, attacks=case["attacks"])
    # outcomes under 1e-13 are left out of the plain chain's dice, so it agrees to 1e-10
    assert result["p_out"] == pytest.approx(out, abs=1e-10)
    if hero:
        assert result["p_crippled"] == pytest.approx(crippled, abs=1e-10)
    else:
        assert result["p_crippled"] is None


# -- a seeded Monte Carlo of whole fights --------------------------------------------------------


def _roll(rng: random.Random, n: int, k: int, sides: int = 10, explode: bool = True) -> int:
    dice = [brute.roll_exploding(rng, sides) if explode else rng.randint(1, sides) for _ in range(n)]
    return sum(sorted(dice)[n - min(k, n):])


def _simulate(rng: random.Random, p: dict[str, Any], damage: tuple[int, int], cap: int) -> tuple[int | None, int | None, int]:
    """One fight: the attacks on which he is Crippled and out (None past `cap`), and the blows that landed."""
    house = p["rules"] == "house"
    carried = wounds = landed = 0
    crippled = None
    for n in range(1, cap + 1):
        attack = _roll(rng, p["rolled"], p["kept"])
        if attack < p["tn"] + 5 * p["raises"]:
            continue
        dice = p["defense_rolled"] - (2 if crippled is not None and not house else 0)
        if p["defense"] == "active" and dice >= 1:
            if _roll(rng, dice, p["defense_kept"]) >= attack + (5 * p["raises"] if house else 0):
                continue
        landed += 1
        carried += _roll(rng, damage[0], damage[1], 6 if house else 10)
        check = _roll(rng, p["brawn"], p["brawn"])
        if check >= carried:
            continue
        wounds += _wounds(carried - check, house, False)
        carried = 0
        if crippled is None and wounds >= p["resolve"]:
            crippled = n
        if wounds >= 2 * p["resolve"]:
            return crippled, n, landed
    return crippled, None, landed


FIGHTS = [
    # the default duel (fencing weapon 2k2 + Brawn 2), summary; and the house rules with a raise
    (dict(attacks=12), (4, 2)),
    (dict(rules="house", raises=1, resolve=2, attacks=12), (6, 3)),
]


@pytest.mark.parametrize("case, damage", FIGHTS)
def test_whole_fights_against_a_seeded_monte_carlo(case: dict[str, Any], damage: tuple[int, int]) -> None:
    result = fight(**case)
    p = dict(FIGHT.defaults(), **case)
    rng = random.Random(20261201 + len(case))
    trials = 3000
    fights = [_simulate(rng, p, damage, 10_000) for _ in range(trials)]
    for n in (3, 6, p["attacks"]):
        for key, index in (("p_crippled", 0), ("p_out", 1)):
            chance = result[key][n - 1]
            seen = sum(1 for f in fights if f[index] is not None and f[index] <= n) / trials
            # near 0 or 1 the binomial's spread is floored at a handful of fights
            sigma = (max(chance * (1 - chance), 5 / trials) / trials) ** 0.5
            assert abs(seen - chance) <= 4 * sigma, (key, n, seen, chance)
    for key, index in (("expected_attacks_out", 1), ("expected_attacks_crippled", 0), ("expected_hits_out", 2)):
        values = [f[index] for f in fights]
        assert all(v is not None for v in values)
        mean = sum(values) / trials
        spread = (sum((v - mean) ** 2 for v in values) / (trials - 1) / trials) ** 0.5
        assert abs(mean - result[key]) <= 4 * spread, (key, mean, result[key])


# -- values worked by hand --------------------------------------------------------------------


def test_brute_falls_at_the_first_blow_that_lands() -> None:
    """1k1 without explosions against TN 6 lands half the time: down within n attacks is 1 - 1/2**n."""
    result = fight(category="brute", rolled=1, kept=1, explode=False, tn=6, defense="none", attacks=3)
    assert result["p_out"] == [0.5, 0.75, 0.875]
    assert result["expected_attacks_out"] == 2.0 and result["expected_hits_out"] == 1.0
    assert result["p_crippled"] is None and result["expected_attacks_crippled"] is None


def test_henchman_against_his_own_die() -> None:
    """Brawn 1 against 1k1 damage, both one exploding d10: P(check < damage) = (1 - P(equal)) / 2,
    and P(equal) = 9 * (1/100 + 1/100**2 + ...) = 1/11, so the first blow takes him out 5/11 of the time."""
    result = fight(category="henchman", weapon="custom", damage_rolled=1, damage_kept=1, brawn=1, tn=0,
                   defense="none", attacks=2)
    assert result["p_out"][0] == pytest.approx(5 / 11, abs=1e-12)


def test_house_resolve_one_by_hand() -> None:
    """House, Brawn 1, d6 damage that does not explode, every attack lands (TN 0, no defense).

    First blow: the check (one exploding d10) is under d with chance (d - 1)/10: on average 1/4.
    Second: passed at d1, then under d1 + d2. No pile of 12 or less misses by more than 20, so each
    failed check gives one wound, and he is out after failing both: 1/16.
    """
    result = fight(rules="house", weapon="custom", damage_rolled=1, damage_kept=1, d6_explode=False, brawn=1,
                   resolve=1, tn=0, defense="none", attacks=2)

    def under(t: int) -> float:  # P(one exploding d10 < t), t <= 12: 1..9, then 11
        return min(t - 1, 9) / 10 + (0.01 if t > 11 else 0.0)

    second = sum((1 - under(a)) * under(a + b) for a in range(1, 7) for b in range(1, 7)) / 36
    assert result["p_crippled"][0] == pytest.approx(0.25, abs=1e-12)
    assert result["p_crippled"][1] == pytest.approx(0.25 + second, abs=1e-12)
    assert result["p_out"] == pytest.approx([0.0, 1 / 16], abs=1e-12)


def test_result_keys_and_lists() -> None:
    result = fight(attacks=7)
    for key in ("p_crippled", "p_out"):
        assert len(result[key]) == 7
        assert all(0 <= a <= b <= 1 for a, b in zip(result[key], result[key][1:]))
    assert all(c >= o for c, o in zip(result["p_crippled"], result["p_out"]))  # out means Crippled first
    assert result["expected_attacks_out"] > result["expected_attacks_crippled"] > 0
    assert result["expected_hits_out"] <= result["expected_attacks_out"]
    # attacks 1..7, then 8 for "still standing after 7": the bars hold every chance
    assert [n for n, _ in result["distribution"]] == list(range(1, 9))
    assert abs(sum(p for _, p in result["distribution"]) - 1) < 1e-12
    assert abs(result["distribution"][-1][1] - (1 - result["p_out"][-1])) < 1e-12


def test_a_crippled_defender_defends_worse_under_the_summary_rules_only() -> None:
    summary = fight(defense_rolled=4, defense_kept=3)
    house = fight(rules="house", defense_rolled=4, defense_kept=3)
    assert summary["p_land_crippled"] > summary["p_land"]
    assert house["p_land_crippled"] == house["p_land"]
    assert any("R-0060" in n for n in summary["notes"]) and any("R-0059" in n for n in house["notes"])


def test_an_attack_that_can_not_land_never_ends_the_fight() -> None:
    result = fight(rolled=1, kept=1, explode=False, tn=20)
    assert result["p_out"] == [0.0] * 10 and result["expected_attacks_out"] is None
    assert "never" in result["verdict"]


def test_question_states_the_settings() -> None:
    params = dict(FIGHT.defaults(), rules="summary", category="henchman", raises=2)
    text = FIGHT.question(params, calc.evaluate("rk-fight", params))
    assert "8k4" in text and "2 damage raises" in text and "Henchman" in text and "Resolve" not in text


@pytest.mark.parametrize("params, field, words", [
    (dict(stat=3), "skill", "Attack Knack"),
    (dict(skill=3), "stat", "Finesse"),
    (dict(weapon="custom"), "damage_rolled", "Damage dice rolled"),
    (dict(rules="house", weapon="dagger"), "weapon", "Weapon"),
    (dict(rules="summary", weapon="buckler"), "weapon", "Weapon"),
    (dict(weapon="custom", damage_kept=2), "damage_rolled", "Damage dice rolled"),
])
def test_bad_combinations_name_the_field(params: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        fight(**params)
    assert caught.value.field == field and words in caught.value.message


@pytest.mark.parametrize("params", [
    dict(brawn=1, resolve=1, attacks=50),
    dict(rules="house", brawn=2, resolve=2, attacks=50, raises=1),
    dict(brawn=2, resolve=2, attacks=50, defense_rolled=6, defense_kept=3),
])
def test_averages_agree_with_the_chance_lists(params: dict[str, Any]) -> None:
    """Two ways to the average: the lists by attack (sum of P(still up after n)), and the wound counts
    with Wald's identity. These fights are all but over by attack 50, so the two meet."""
    result = fight(**params)
    assert result["p_out"][-1] > 1 - 1e-13
    from_lists = 1 + sum(1 - p for p in result["p_out"][:-1])
    assert result["expected_attacks_out"] == pytest.approx(from_lists, abs=1e-9)
    crippled = 1 + sum(1 - p for p in result["p_crippled"][:-1])
    assert result["expected_attacks_crippled"] == pytest.approx(crippled, abs=1e-9)


@pytest.mark.parametrize("rules", ["house", "summary"])
def test_the_defenders_tn_is_stated_from_the_rules_not_a_withdrawn_ruling(rules: str) -> None:
    """Issue 32, items 1 and 12: the summary's Active Defense meets the attack roll's value (001:32);
    the house Parry meets the PA plus 5 per damage raise (000:26), PA as the total being R-0015's
    reading; a firearm goes un-Parried under normal circumstances (000:69)."""
    notes = " ".join(fight(rules=rules)["notes"])
    assert "R-0052" not in notes
    if rules == "house":
        assert "PA plus 5 for each raise called for damage" in notes and "R-0015" in notes
        shot = " ".join(fight(rules=rules, weapon="pistol")["notes"])
        assert "Under normal circumstances the house rules allow no Parry against a firearm" in shot
    else:
        assert "against the value of the attack roll" in notes


def test_an_average_past_a_million_is_given_by_its_size() -> None:
    """A blow that lands about once in a billion attacks (1k1 against TN 90): the average is one over
    that tiny chance, exact to a few digits only, so the verdict and the headlines say "more than a
    million" instead of writing out digits it does not have; the raw figure stays in the result."""
    from codex_view import result_html

    result = fight(rolled=1, kept=1, tn=90)
    assert result["expected_attacks_out"] > 1e9
    assert "takes more than a million attacks" in result["verdict"]
    assert "after more than a million attacks" in result["verdict"]
    assert not re.search(r"\d{7}", result["verdict"])
    html = result_html(calc.CALCULATORS["rk-fight"], result)
    shown = dict(re.findall(r'data-result="(expected_attacks_\w+)"[^>]*>([^<]*)<', html))
    assert shown == {"expected_attacks_out": "more than a million", "expected_attacks_crippled": "more than a million"}
    usual = fight()   # an everyday fight keeps its figures
    assert re.search(r"takes \d+\.\d attacks", usual["verdict"])
    assert "more than a million" not in result_html(calc.CALCULATORS["rk-fight"], usual)


def test_resolve_is_asked_only_where_it_counts() -> None:
    """Issue 35: a Henchman leaves at his first wound and a Brute at the first blow, so Resolve is
    not asked for them; the house rules have heroes and villains only, and always ask it."""
    fight_calc = calc.CALCULATORS["rk-fight"]
    resolve = next(p for p in fight_calc.params if p.name == "resolve")
    category = next(p for p in fight_calc.params if p.name == "category")
    assert resolve.applies({"rules": "summary", "category": "hero"})
    assert not resolve.applies({"rules": "summary", "category": "henchman"})
    assert not resolve.applies({"rules": "summary", "category": "brute"})
    assert [v for v, _ in category.options({"rules": "house"})] == ["hero"]
    assert resolve.applies({"rules": "house", "category": category.options({"rules": "house"})[0][0]})
    assert len(category.options({"rules": "summary"})) == 3


def test_the_sentence_gives_each_chance_in_the_headlines_digits() -> None:
    """Issue 35: the headline read ">99.99%" and the sentence under it "over 99.9%"."""
    from calc.wording import percent

    result = calc.evaluate("rk-fight", calc.CALCULATORS["rk-fight"].defaults())
    assert result["crippled_within"] > 0.9999   # the case that disagreed
    for key in ("out_within", "crippled_within"):
        shown = percent(result[key]).replace(">", "more than ")
        assert f"{shown} of the time" in result["verdict"], (key, result["verdict"])
    assert f"Crippled within {result['attacks']} attacks" in result["verdict"]


def test_the_form_opens_on_the_defender() -> None:
    """Issue 42.6: what a reader changes first comes first: who the defender is (kind, Resolve, Brawn), then
    the attack; "Kind of defender" was the 17th field (about 1,555 px under the title at 360 px, 244 now)."""
    names = [p.name for p in calc.CALCULATORS["rk-fight"].params if not p.more]
    assert names[:4] == ["rules", "category", "resolve", "brawn"]
    assert names.index("rolled") < names.index("weapon") < names.index("defense") < names.index("attacks")
