"""pool-check, the dice-pool roll of the dice-pool rules (docs/pool/melee.md#pool-engage), against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import calc
from calc import InputError
from calc.dice_pool.check import halved


def brute_net(dice: int, black: int, sides: int, success_at: int) -> dict[int, Fraction]:
    """Every roll of the pool and the black dice, enumerated: successes minus black successes."""
    out: dict[int, Fraction] = {}
    weight = Fraction(1, sides ** (dice + black))
    for faces in itertools.product(range(1, sides + 1), repeat=dice + black):
        hits = sum(1 for f in faces[:dice] if f >= success_at)
        cancels = sum(1 for f in faces[dice:] if f >= success_at)
        out[hits - cancels] = out.get(hits - cancels, Fraction(0)) + weight
    return out


def brute_halved(dice: int, times: int) -> int:
    for _ in range(times):
        dice = dice // 2
    return dice


@pytest.mark.parametrize("sides, success_at", [(4, 1), (4, 3), (6, 4), (6, 6), (5, 5)])
@pytest.mark.parametrize("dice", [0, 1, 3, 4])
@pytest.mark.parametrize("black", [0, 1, 2])
@pytest.mark.parametrize("other_pool", [None, 0, 2, 5])
def test_single_roll_matches_enumeration(sides: int, success_at: int, dice: int, black: int, other_pool: int | None) -> None:
    """Two things in one action: each roll at half the lower of the two pools, rounding down."""
    pool = dice if other_pool is None else min(dice, other_pool) // 2
    net = brute_net(pool, black, sides, success_at)
    for need in (-2, -1, 0, 1, 2, 3, 5):
        result = calc.evaluate(
            "pool-check",
            {"dice": dice, "black": black, "sides": sides, "success_at": success_at, "need": need,
             "other_pool": other_pool},
        )
        assert result["chance"] == float(sum((p for x, p in net.items() if x >= need), Fraction(0)))
    assert result["distribution"] == [[x, float(p)] for x, p in sorted(net.items())]
    assert result["mean"] == pytest.approx(float(sum(x * p for x, p in net.items())), abs=1e-12)
    negative = sum((p for x, p in net.items() if x < 0), Fraction(0))
    assert result["negative"] == (float(negative) if black else None)


@pytest.mark.parametrize("sides, success_at", [(4, 3), (6, 5), (3, 1)])
@pytest.mark.parametrize("dice, black", [(0, 0), (1, 0), (2, 1), (3, 0)])
@pytest.mark.parametrize("opp_dice, opp_black", [(0, 1), (1, 0), (3, 1), (5, 0)])
@pytest.mark.parametrize("extra_actions", [0, 1, 2])
def test_opposed_roll_matches_enumeration(
    sides: int, success_at: int, dice: int, black: int, opp_dice: int, opp_black: int, extra_actions: int
) -> None:
    a = brute_net(dice, black, sides, success_at)
    b = brute_net(brute_halved(opp_dice, extra_actions), opp_black, sides, success_at)
    wins = ties = losses = Fraction(0)
    margin: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            margin[x - y] = margin.get(x - y, Fraction(0)) + p * q
            if x > y:
                wins += p * q
            elif x == y:
                ties += p * q
            else:
                losses += p * q
    result = calc.evaluate(
        "pool-check",
        {"mode": "opposed", "dice": dice, "black": black, "sides": sides, "success_at": success_at,
         "opp_dice": opp_dice, "opp_black": opp_black, "extra_actions": extra_actions},
    )
    assert result["chance"] == result["a_wins"] == float(wins)
    assert result["tie"] == float(ties)
    assert result["b_wins"] == float(losses)
    assert result["distribution"] == [[x, float(p)] for x, p in sorted(margin.items())]
    assert result["b_dice"] == brute_halved(opp_dice, extra_actions)


def test_halving_follows_the_fencer_example() -> None:
    """The source's fencer evading at 7 against three thugs rolls 7, then 3, then 1."""
    assert halved(7, 2) == [7, 3, 1]
    assert halved(7, 3) == [7, 3, 1, 0]
    for extra, pool in enumerate([7, 3, 1]):
        result = calc.evaluate("pool-check", {"mode": "opposed", "dice": 4, "opp_dice": 7, "extra_actions": extra})
        assert result["b_dice"] == pool


def test_hand_checked_values() -> None:
    """One d10 succeeds on 7+ four times in ten; one die against one black die nets 0 or more 1 - 0.4*0.6."""
    assert calc.evaluate("pool-check", {"dice": 1})["chance"] == 0.4
    result = calc.evaluate("pool-check", {"dice": 1, "black": 1, "need": 0})
    assert result["chance"] == 1 - 0.24
    assert result["negative"] == 0.24
    opposed = calc.evaluate("pool-check", {"mode": "opposed", "dice": 1, "opp_dice": 1})
    assert (opposed["a_wins"], opposed["tie"], opposed["b_wins"]) == (0.24, 0.52, 0.24)


def test_massive_damage_reading_can_go_negative() -> None:
    """Seed 003's massive damage: black dice past the pool can leave a negative result."""
    result = calc.evaluate("pool-check", {"dice": 2, "black": 5, "need": 0})
    assert result["distribution"][0][0] == -5
    assert result["chance"] + result["negative"] == pytest.approx(1.0, abs=1e-15)


def test_readings_are_stated() -> None:
    pc = calc.CALCULATORS["pool-check"]
    helps = {p.name: p.help for p in pc.params}
    assert "Codex's reading (R-0022)" in helps["sides"] and "d10" in helps["sides"]
    assert "Codex's reading (R-0022)" in helps["success_at"] and "7" in helps["success_at"]
    assert "defender" in helps["extra_actions"]
    assert pc.rule == "pool/melee.md#pool-engage"
    assert any("Codex's reading (R-0022)" in n for n in calc.evaluate("pool-check", {"dice": 3})["notes"])


def test_extra_actions_halve_only_the_attacked_persons_pool() -> None:
    """Issue 13.20: the halving per extra action is for the attacked person who engages or evades
    with no action left; a single roll is not halved by it (it used to be, 7 -> 3 -> 1)."""
    single = calc.evaluate("pool-check", {"dice": 7, "extra_actions": 2})
    assert single["a_dice"] == 7 and single["chance"] == calc.evaluate("pool-check", {"dice": 7})["chance"]
    assert single == calc.evaluate("pool-check", {"dice": 7})   # the field is hidden there: it changes nothing
    opposed = calc.evaluate("pool-check", {"mode": "opposed", "dice": 7, "opp_dice": 7, "extra_actions": 2})
    assert opposed["a_dice"] == 7 and opposed["b_dice"] == 1


def test_two_things_at_once_halve_the_lower_pool_once() -> None:
    """Two things in one action: half the lowest pool, rounding down, for each roll (once)."""
    for dice, other, pool in ((7, 5, 2), (5, 7, 2), (8, 8, 4), (3, 0, 0), (1, 9, 0)):
        result = calc.evaluate("pool-check", {"dice": dice, "other_pool": other})
        assert result["a_dice"] == pool
        assert result["chance"] == calc.evaluate("pool-check", {"dice": pool})["chance"]


@pytest.mark.parametrize("dodge, extra", [(0, 0), (2, 0), (3, 1), (4, 2)])
def test_evade_adds_the_dodge_skill(dodge: int, extra: int) -> None:
    """The evader adds the dodge skill; the evade pool as a whole is halved, as in the fencer
    example (evade at 7, then 3, then 1). Against brute force on d4s succeeding on 3+."""
    dice, opp = 2, 3
    params = {"mode": "opposed", "dice": dice, "opp_dice": opp, "defence": "evade", "opp_dodge": dodge,
              "extra_actions": extra, "sides": 4, "success_at": 3}
    result = calc.evaluate("pool-check", params)
    pool = brute_halved(opp + dodge, extra)
    assert result["b_dice"] == pool
    a, b = brute_net(dice, 0, 4, 3), brute_net(pool, 0, 4, 3)
    wins = sum((p * q for x, p in a.items() for y, q in b.items() if x > y), Fraction(0))
    ties = sum((p * q for x, p in a.items() for y, q in b.items() if x == y), Fraction(0))
    assert result["a_wins"] == float(wins) and result["tie"] == float(ties)
    engaged = calc.evaluate("pool-check", dict(params, defence="engage"))
    assert engaged["b_dice"] == brute_halved(opp, extra)  # dodge counts only when evading
    dodge_param = next(p for p in calc.CALCULATORS["pool-check"].params if p.name == "opp_dodge")
    assert dict(dodge_param.shown_when) == {"mode": ("opposed",), "defence": ("evade",)}


def test_tie_text_follows_the_sites_ruling() -> None:
    """A tie: nobody has more successes, so nobody is hit (R-0053, which replaced R-0028 to cover Engage too); no more "the source does not say"."""
    for defence in ("engage", "evade"):
        notes = calc.evaluate("pool-check", {"mode": "opposed", "dice": 3, "defence": defence})["notes"]
        text = " ".join(notes)
        assert "R-0053" in text and "nobody is hit" in text
        assert "does not say what a tie" not in text
    assert "break away" in " ".join(calc.evaluate("pool-check", {"mode": "opposed", "dice": 3, "defence": "evade"})["notes"])


@pytest.mark.parametrize(
    "params, field",
    [
        ({"dice": 41}, "dice"),
        ({"dice": 5, "black": 41}, "black"),
        ({"dice": 5, "opp_dice": 41, "mode": "opposed"}, "opp_dice"),
        ({"dice": 5, "sides": 6, "success_at": 7}, "success_at"),
        ({"dice": 5, "sides": 1}, "sides"),
        ({"dice": 5, "mode": "sideways"}, "mode"),
        ({"dice": 5, "extra_actions": -1}, "extra_actions"),
        ({}, "dice"),
    ],
)
def test_bad_params_name_the_field(params: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("pool-check", params)
    title = next(p.title for p in calc.CALCULATORS["pool-check"].params if p.name == field)
    assert caught.value.field == field and title in caught.value.message


def test_a_single_roll_is_labelled_as_one_and_an_opposed_roll_names_the_attacker() -> None:
    """Issue 42: a single roll's chance read "(opposed: the attacker wins)". Each headline now names
    the roll made: a single roll its success and net successes, an opposed roll the attacker and margin."""
    from codex_view.render import result_html

    pool = calc.CALCULATORS["pool-check"]
    single = calc.evaluate("pool-check", dict(pool.defaults(), black=1))
    opposed = calc.evaluate("pool-check", dict(pool.defaults(), mode="opposed"))
    titles = {name: {h.key: h.title(r) for h in pool.headlines if h.shown(r) is not None}
              for name, r in (("single", single), ("opposed", opposed))}
    assert titles["single"] == {"chance": "Chance of success", "negative": "Negative result",
                                "mean": "Average net successes"}
    assert titles["opposed"]["chance"] == "Chance the attacker wins"
    assert titles["opposed"]["mean"].startswith("Average margin")
    shown = result_html(pool, single)
    assert "opposed" not in shown.lower() and "attacker" not in shown.lower()
