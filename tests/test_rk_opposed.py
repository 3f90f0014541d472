"""rk-opposed, the summary rules' opposed test (docs/rk/basics.md#rk-opposed-tests), against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import calc
from calc import InputError
from calc.dice.keep import roll_keep
from calc.roll_keep.opposed import outcomes
from tests import brute

DEFAULTS = calc.CALCULATORS["rk-opposed"].defaults()


def run(**params: object) -> dict:
    return calc.evaluate("rk-opposed", dict(DEFAULTS, **params))


def judge(da: dict[int, Fraction], db: dict[int, Fraction], a_tn: int, b_tn: int) -> dict[str, Fraction]:
    """The rule as written, over every pair of totals of two independent rolls."""
    out = {"a_wins": Fraction(0), "b_wins": Fraction(0), "tie": Fraction(0), "status_quo": Fraction(0)}
    for (x, p), (y, q) in itertools.product(da.items(), db.items()):
        a_ok, b_ok = x >= a_tn, y >= b_tn
        if a_ok and b_ok:
            key = "a_wins" if x > y else "b_wins" if y > x else "tie"
        elif a_ok or b_ok:
            key = "a_wins" if a_ok else "b_wins"
        else:
            key = "status_quo"
        out[key] += p * q
    return out


def test_hand_checked_one_die_each() -> None:
    """Stat 1, skill 1 each: 2k1 against TN 10 without explosions succeeds only on a 10 (19%)."""
    r = run(a_stat=1, a_skill=1, b_stat=1, b_skill=1, a_explode=False, b_explode=False)
    assert r["a_tn"] == r["b_tn"] == 10
    assert r["status_quo"] == pytest.approx(0.81 * 0.81, abs=1e-15)
    assert r["tie"] == pytest.approx(0.19 * 0.19, abs=1e-15)
    assert r["a_wins"] == pytest.approx(0.19 * 0.81, abs=1e-15)
    assert r["b_wins"] == pytest.approx(0.19 * 0.81, abs=1e-15)


def test_page_example_tns() -> None:
    """The sailor (Brawn 3, skill 2) rolls 6k2 against 20; the clerk (2, 2) rolls 4k2 against 25."""
    r = run(a_stat=3, a_skill=2, b_stat=2, b_skill=2)
    assert (r["a_roll"], r["a_tn"], r["b_roll"], r["b_tn"]) == ("6k2", 20, "4k2", 25)


SMALL = [  # (stat, skill) pairs whose dice the enumeration can throw quickly
    ((1, 1), (1, 1)), ((1, 2), (1, 1)), ((2, 1), (1, 1)), ((1, 1), (2, 1)), ((2, 2), (1, 1)), ((1, 1), (1, 2)),
    ((2, 3), (2, 1)), ((3, 1), (1, 1)), ((3, 3), (2, 2)),
]


@pytest.mark.parametrize("a, b", SMALL)
def test_matches_enumeration_without_explosions(a: tuple[int, int], b: tuple[int, int]) -> None:
    r = run(a_stat=a[0], a_skill=a[1], b_stat=b[0], b_skill=b[1], a_explode=False, b_explode=False)
    d10 = brute.die(10)
    da = brute.keep(d10, 2 * a[0], min(a[1], 2 * a[0]))
    db = brute.keep(d10, 2 * b[0], min(b[1], 2 * b[0]))
    want = judge(da, db, 5 * (b[0] + b[1]), 5 * (a[0] + a[1]))
    for key, p in want.items():
        assert r[key] == pytest.approx(float(p), abs=1e-12), key


@pytest.mark.parametrize("a_dice, b_dice, a_tn, b_tn", [
    ((2, 1), (2, 1), 10, 10), ((2, 2), (2, 1), 15, 10), ((3, 2), (2, 2), 20, 25), ((1, 1), (3, 1), 5, 12),
])
def test_exploding_matches_enumeration(a_dice: tuple[int, int], b_dice: tuple[int, int], a_tn: int, b_tn: int) -> None:
    """Exploding dice to depth 4: every value below 40 is exact; only two lumped '40 or more' dice can mislead."""
    faces = brute.exploding(10, 4)
    big = 40
    da, db = brute.keep(faces, *a_dice), brute.keep(faces, *b_dice)
    want = judge(da, db, a_tn, b_tn)
    slack = float(brute.at_least(da, big) * brute.at_least(db, big)) + 1e-12
    got = outcomes(roll_keep(*a_dice), roll_keep(*b_dice), a_tn, b_tn)
    for key, p in want.items():
        assert got[key] == pytest.approx(float(p), abs=slack), key


def test_outcomes_add_up_and_swap() -> None:
    r = run(a_stat=4, a_skill=3, b_stat=3, b_skill=4)
    assert r["a_wins"] + r["b_wins"] + r["tie"] + r["status_quo"] == pytest.approx(1.0, abs=1e-12)
    s = run(a_stat=3, a_skill=4, b_stat=4, b_skill=3)
    assert s["a_wins"] == pytest.approx(r["b_wins"], abs=1e-13)
    assert s["b_wins"] == pytest.approx(r["a_wins"], abs=1e-13)
    assert s["tie"] == pytest.approx(r["tie"], abs=1e-13)


def test_raises_add_to_the_own_tn_only() -> None:
    r = run(a_raises=2)
    assert (r["a_tn"], r["b_tn"]) == (30, 25)
    assert r["a_wins"] < run()["a_wins"]


def test_dice_overrides_keep_the_tns() -> None:
    r = run(a_rolled=8, a_kept=3)
    assert r["a_roll"] == "8k3" and r["b_tn"] == 25 and r["a_tn"] == 20
    assert any("in place of 6k2" in n for n in r["notes"])


def test_more_kept_than_rolled_keeps_them_all() -> None:
    r = run(a_stat=1, a_skill=3)
    assert r["a_roll"] == "2k2"
    assert any("R-0050" in n for n in r["notes"])


@pytest.mark.parametrize("given, missing, label", [
    ({"a_rolled": 5}, "a_kept", "A's dice kept"), ({"b_kept": 2}, "b_rolled", "B's dice rolled"),
])
def test_one_override_alone_names_the_other(given: dict, missing: str, label: str) -> None:
    with pytest.raises(InputError) as caught:
        run(**given)
    assert caught.value.field == missing
    assert label in caught.value.message


def test_readings_are_labelled() -> None:
    plain = run()
    assert any("R-0056" in n for n in plain["notes"])
    assert not any("R-0057" in n for n in plain["notes"])
    disarm = run(contest="disarm")
    assert any("R-0057" in n and "Brawn + Disarm" in n and "Brawn + Attack" in n for n in disarm["notes"])
    assert "knocked away" in disarm["tables"][0]["rows"][0]["cells"][0]
    bind = run(contest="bind")
    assert any("Brawn + Parry" in n and "Brawn + Bind" in n for n in bind["notes"])


def test_question_in_words() -> None:
    params = dict(DEFAULTS, contest="disarm")
    result = calc.evaluate("rk-opposed", params)
    text = calc.CALCULATORS["rk-opposed"].question(params, result)
    assert text == "Disarm, A: Brawn 3 + Disarm 2 (6k2) against TN 20; B: Brawn 2 + Attack 2 (4k2) against TN 25"
