"""rk-initiative (docs/rk/initiative.md#rk-initiative-calculator) against enumeration of every throw."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

import calc
from calc import InputError

DEFAULTS = calc.CALCULATORS["rk-initiative"].defaults()
FACES = range(1, 11)  # action dice: no explosions, a 0 reads as 10 (R-0012)


def run(**params: object) -> dict:
    return calc.evaluate("rk-initiative", dict(DEFAULTS, **params))


def near(got: float, want: Fraction) -> bool:
    return abs(got - float(want)) <= 1e-12


# -- summary rules -----------------------------------------------------------------------------


@cache
def summary_brute(panache: int) -> dict:
    """Every throw of Panache dice plus the extra (last) die."""
    n = panache + 1
    first, aggressive, totals = Counter(), Counter(), Counter()
    acted_by, actions_by = Counter(), Counter()
    for dice in itertools.product(FACES, repeat=n):
        first[min(dice)] += 1
        aggressive[min(dice[:panache])] += 1
        totals[sum(dice)] += 1
        for phase in range(1, 11):
            acted_by[phase] += min(dice) <= phase
            actions_by[phase] += sum(d <= phase for d in dice)
    w = Fraction(1, 10**n)
    return {"first": {k: v * w for k, v in first.items()}, "aggressive": {k: v * w for k, v in aggressive.items()},
            "totals": {k: v * w for k, v in totals.items()}, "acted_by": {k: v * w for k, v in acted_by.items()},
            "actions_by": {k: v * w for k, v in actions_by.items()}}


@pytest.mark.parametrize("panache", [1, 2, 3])
@pytest.mark.parametrize("phase", [1, 4, 10])
def test_summary_matches_enumeration(panache: int, phase: int) -> None:
    want = summary_brute(panache)
    r = run(rules="summary", panache=panache, phase=phase)
    assert [p for p, _ in r["first_action"]] == list(range(1, 11))
    for p, chance in r["first_action"]:
        assert near(chance, want["first"].get(p, Fraction(0)))
    for p, chance in r["first_aggressive"]:
        assert near(chance, want["aggressive"].get(p, Fraction(0)))
    for total, chance in r["distribution"]:
        assert near(chance, want["totals"][total])
    assert near(r["acted_by"], want["acted_by"][phase])
    assert near(r["actions_by"], want["actions_by"][phase])
    assert r["total_mean"] == pytest.approx(5.5 * (panache + 1), abs=1e-12)


def test_summary_hand_checked() -> None:
    """Panache 2: three dice; none by phase 5 is 0.5**3, so acting by then is 87.5%."""
    r = run(rules="summary", panache=2, phase=5)
    assert r["acted_by"] == 0.875
    assert r["actions_by"] == 1.5
    assert r["first_action"][0] == [1, 0.271]  # 1 - 0.9**3


def test_summary_opponent_matches_enumeration() -> None:
    r = run(rules="summary", panache=1, against="opponent", b_panache=2)
    counts = Counter()
    for dice in itertools.product(FACES, repeat=5):
        a, b = min(dice[:2]), min(dice[2:])
        counts["a" if a < b else "b" if b < a else "same"] += 1
    assert near(r["a_earlier"], Fraction(counts["a"], 10**5))
    assert near(r["same_phase"], Fraction(counts["same"], 10**5))
    assert near(r["b_earlier"], Fraction(counts["b"], 10**5))
    assert r.get("first_in_phase") is None  # the summary rules do not order a shared phase


def test_summary_has_no_phase_zero() -> None:
    with pytest.raises(InputError) as caught:
        run(rules="summary", phase=0)
    assert caught.value.field == "phase"
    assert caught.value.message.startswith("Phase must be from 1 to 10")


# -- house rules -------------------------------------------------------------------------------


def shifted(value: int, penalised: bool) -> int:
    return max(0, value - 2) if penalised else value


@cache
def house_brute(finesse: int, wits: int, crippled: bool, distracted: bool) -> dict:
    first, totals, f_by, w_by, any_by = Counter(), Counter(), Counter(), Counter(), Counter()
    joint = Counter()  # (first ready phase, raw total)
    for dice in itertools.product(FACES, repeat=finesse + wits):
        f = [shifted(v, crippled) for v in dice[:finesse]]
        w = [shifted(v, distracted) for v in dice[finesse:]]
        top = max(f + w)
        first[top] += 1
        totals[sum(dice)] += 1
        joint[top, sum(dice)] += 1
        for phase in range(0, 11):
            f_by[phase] += max(f) >= phase
            w_by[phase] += max(w) >= phase
            any_by[phase] += top >= phase
    w = Fraction(1, 10 ** (finesse + wits))
    scale = lambda c: {k: v * w for k, v in c.items()}  # noqa: E731
    return {"first": scale(first), "totals": scale(totals), "f_by": scale(f_by), "w_by": scale(w_by),
            "any_by": scale(any_by), "joint": scale(joint)}


HOUSE = [(1, 1, False, False), (2, 1, True, False), (1, 2, False, True), (2, 2, True, True), (3, 1, False, False)]


@pytest.mark.parametrize("finesse, wits, crippled, distracted", HOUSE)
@pytest.mark.parametrize("phase", [0, 2, 7, 10])
def test_house_matches_enumeration(finesse: int, wits: int, crippled: bool, distracted: bool, phase: int) -> None:
    want = house_brute(finesse, wits, crippled, distracted)
    r = run(rules="house", finesse=finesse, wits=wits, crippled=crippled, distracted=distracted, phase=phase)
    assert [p for p, _ in r["first_action"]] == list(range(10, -1, -1))
    for p, chance in r["first_action"]:
        assert near(chance, want["first"].get(p, Fraction(0)))
    for total, chance in r["distribution"]:
        assert near(chance, want["totals"][total])
    assert near(r["finesse_by"], want["f_by"][phase])
    assert near(r["wits_by"], want["w_by"][phase])
    assert near(r["acted_by"], want["any_by"][phase])


def test_house_hand_checked() -> None:
    """Finesse 3, Wits 2: the first die is ready in Phase 10 unless all five miss the 10: 1 - 0.9**5."""
    r = run(rules="house", finesse=3, wits=2, phase=10)
    assert r["first_action"][0][1] == pytest.approx(1 - 0.9**5, abs=1e-15)
    crippled = run(rules="house", finesse=1, wits=1, crippled=True, distracted=True, phase=9)
    assert crippled["acted_by"] == 0.0  # both dice count 2 lower: nothing is ready above Phase 8
    assert crippled["first_action"][-1] == [0, 0.04]  # both dice showed 1 or 2
    assert crippled["total_mean"] == 11.0  # the penalty leaves the total alone


@pytest.mark.parametrize("a, b", [
    ((1, 1, False, False), (1, 1, False, False)),
    ((2, 1, True, False), (1, 1, False, False)),
    ((1, 1, False, True), (1, 2, True, False)),
])
def test_house_opponent_matches_enumeration(a: tuple, b: tuple) -> None:
    r = run(rules="house", finesse=a[0], wits=a[1], crippled=a[2], distracted=a[3], against="opponent",
            b_finesse=b[0], b_wits=b[1], b_crippled=b[2], b_distracted=b[3])
    ja, jb = house_brute(*a)["joint"], house_brute(*b)["joint"]
    choose = earlier = same = in_round = Fraction(0)
    for ((ma, ta), p), ((mb, tb), q) in itertools.product(ja.items(), jb.items()):
        chooses = Fraction(1) if ta > tb else Fraction(1, 2) if ta == tb else Fraction(0)
        choose += p * q * chooses
        earlier += p * q * (ma > mb)
        same += p * q * (ma == mb)
        in_round += p * q * (1 if ma > mb else chooses if ma == mb else 0)
    assert near(r["first_in_phase"], choose)
    assert near(r["a_earlier"], earlier)
    assert near(r["same_phase"], same)
    assert near(r["first_in_round"], in_round)


def test_first_in_phase_hand_checked() -> None:
    """The same dice on both sides: a higher total is as likely as a lower one, so the choice is even."""
    r = run(rules="house", finesse=1, wits=1, against="opponent", b_finesse=1, b_wits=1)
    assert r["first_in_phase"] == 0.5
    assert r["total_higher"] == r["total_lower"]


def test_question_in_words() -> None:
    c = calc.CALCULATORS["rk-initiative"]
    params = dict(DEFAULTS, rules="house", crippled=True, against="opponent")
    text = c.question(params, calc.evaluate("rk-initiative", params))
    assert text == "House rules: Finesse 3, Wits 2 (Crippled), phase 5 against Finesse 2, Wits 2"
    assert c.question(DEFAULTS, {}) == "Summary rules: Panache 2 (and the extra die), phase 5"


def test_the_shared_phase_figure_says_whose_choice_it_assumes() -> None:
    """Issue 32, item 19: the higher total may go first or let the other go first (000:5); the
    figure's label says it assumes that character goes first, and the note says so too."""
    calculator = calc.CALCULATORS["rk-initiative"]
    label = next(h.label for h in calculator.headlines if h.key == "first_in_phase")
    assert label == "You go first in a shared phase, if the higher total takes it"
    notes = " ".join(calc.evaluate("rk-initiative", {"rules": "house", "against": "opponent"})["notes"])
    assert "may go first or let the other go first" in notes and f"\u201c{label}\u201d" in notes
