"""sun-initiative, Seventh Sun's initiative roll (docs/sun/combat.md#sun-initiative), against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

import calc
from calc import InputError


@cache
def brute_differences() -> dict[int, Fraction]:
    """P(A's 3d6 - B's 3d6 = d), enumerating all 6**6 rolls of the six dice."""
    out: dict[int, Fraction] = {}
    weight = Fraction(1, 6**6)
    for faces in itertools.product(range(1, 7), repeat=6):
        d = sum(faces[:3]) - sum(faces[3:])
        out[d] = out.get(d, Fraction(0)) + weight
    return out


AGILITIES = [(None, None), (3, None), (None, 3), (2, 2), (4, 1), (1, 4), (-2, 0)]


@pytest.mark.parametrize("a", [-3, 0, 2, 7, 16])
@pytest.mark.parametrize("b", [0, 2, 5])
@pytest.mark.parametrize("a_agility, b_agility", AGILITIES)
def test_matches_enumeration(a: int, b: int, a_agility: int | None, b_agility: int | None) -> None:
    diffs = {d + a - b: p for d, p in brute_differences().items()}
    higher = sum((p for d, p in diffs.items() if d > 0), Fraction(0))
    tie = diffs.get(0, Fraction(0))
    lower = sum((p for d, p in diffs.items() if d < 0), Fraction(0))
    known = a_agility is not None and b_agility is not None
    a_breaks = known and a_agility > b_agility
    b_breaks = known and b_agility > a_agility
    result = calc.evaluate("sun-initiative", {"a": a, "b": b, "a_agility": a_agility, "b_agility": b_agility})
    assert result["a_higher"] == float(higher)
    assert result["tie"] == float(tie)
    assert result["b_higher"] == float(lower)
    assert result["a_first"] == float(higher + (tie if a_breaks else 0))
    assert result["b_first"] == float(lower + (tie if b_breaks else 0))
    assert result["undecided"] == float(0 if (a_breaks or b_breaks) else tie)
    assert result["distribution"] == [[d, float(p)] for d, p in sorted(diffs.items())]
    assert result["a_first"] + result["b_first"] + result["undecided"] == pytest.approx(1.0, abs=1e-15)


def test_equal_scores_hand_checked() -> None:
    """Equal Initiative: the totals tie 4332 times in 46656 (the sum of squared 3d6 counts)."""
    result = calc.evaluate("sun-initiative", {"a": 4, "b": 4})
    assert result["tie"] == 4332 / 46656
    assert result["a_higher"] == result["b_higher"] == (46656 - 4332) / 2 / 46656
    assert result["a_first"] == result["a_higher"]


def test_agility_breaks_ties() -> None:
    """Seed 002: ties go to the higher Agility."""
    result = calc.evaluate("sun-initiative", {"a": 4, "b": 4, "a_agility": 3, "b_agility": 2})
    assert result["a_first"] == (46656 - 4332) / 2 / 46656 + 4332 / 46656
    assert result["undecided"] == 0.0
    assert any("higher Agility" in note for note in result["notes"])


@pytest.mark.parametrize("a_agility, b_agility", [(None, None), (2, 2), ("", "3"), ("3", "")])
def test_unbroken_ties_are_left_to_players_and_narrator(a_agility: object, b_agility: object) -> None:
    """Seed 002: still tied, the players order their heroes and the Narrator everyone else."""
    result = calc.evaluate("sun-initiative", {"a": 1, "b": 1, "a_agility": a_agility, "b_agility": b_agility})
    assert result["undecided"] == result["tie"] > 0
    assert any("players decide" in note and "Narrator" in note for note in result["notes"])


def test_described() -> None:
    si = calc.CALCULATORS["sun-initiative"]
    assert si.rule == "sun/combat.md#sun-initiative"
    assert [h.key for h in si.headlines] == ["a_first", "a_higher", "tie", "b_higher"]
    assert {p.name for p in si.params if not p.required} == {"a_agility", "b_agility"}


@pytest.mark.parametrize(
    "params, field",
    [
        ({"a": "x", "b": 1}, "a"),
        ({"a": 1}, "b"),
        ({"a": 1, "b": 1, "a_agility": "tall"}, "a_agility"),
        ({"a": 1, "b": 1, "b_agility": 10**9}, "b_agility"),
        ({"a": 1, "b": 1, "c": 1}, "c"),
    ],
)
def test_bad_params_name_the_field(params: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("sun-initiative", params)
    titles = {p.name: p.title for p in calc.CALCULATORS["sun-initiative"].params}
    assert caught.value.field == field and titles.get(field, field) in caught.value.message  # its on-screen label
