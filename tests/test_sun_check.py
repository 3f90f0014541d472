"""sun-check, the Seventh Sun basic roll (docs/sun/rules.md#sun-basic-roll), against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import calc
from calc import InputError


def brute_totals(die: str) -> dict[int, Fraction]:
    """Every roll of 3 or 4 six-sided dice, enumerated, with exact probabilities."""
    count = 3 if die == "none" else 4
    out: dict[int, Fraction] = {}
    weight = Fraction(1, 6**count)
    for faces in itertools.product(range(1, 7), repeat=count):
        ordered = sorted(faces)
        kept = ordered if die == "none" else (ordered[1:] if die == "bonus" else ordered[:3])
        out[sum(kept)] = out.get(sum(kept), 0) + weight
    return out


@pytest.mark.parametrize("die", ["none", "bonus", "penalty"])
@pytest.mark.parametrize("bonus", [-3, 0, 5, 11])
@pytest.mark.parametrize("target", [1, 9, 12, 15, 18, 21, 24, 30])
def test_chance_matches_enumeration(die: str, bonus: int, target: int) -> None:
    totals = brute_totals(die)
    expected = sum((p for t, p in totals.items() if t + bonus >= target), Fraction(0))
    result = calc.evaluate("sun-check", {"bonus": bonus, "target": target, "die": die})
    assert result["chance"] == float(expected)
    assert result["distribution"] == [[t + bonus, float(p)] for t, p in sorted(totals.items())]
    assert result["mean"] == pytest.approx(float(sum(t * p for t, p in totals.items()) + bonus), abs=1e-12)


def test_strings_from_a_url_are_accepted() -> None:
    assert calc.evaluate("sun-check", {"bonus": "5", "target": "15", "die": "bonus"}) == calc.evaluate(
        "sun-check", {"bonus": 5, "target": 15, "die": "bonus"}
    )


def test_hand_checked_value() -> None:
    """3d6 + 5 >= 16 needs 11+ on 3d6: 108 of 216 rolls, exactly one half."""
    assert calc.evaluate("sun-check", {"bonus": 5, "target": 16})["chance"] == 0.5


@pytest.mark.parametrize(
    "params, field",
    [
        ({"bonus": "abc", "target": 15}, "bonus"),
        ({"bonus": 5, "target": 15, "die": "sideways"}, "die"),
        ({"bonus": 5}, "target"),
        ({"bonus": 10**9, "target": 15}, "bonus"),
        ({"bonus": 5, "target": 10**9}, "target"),
        ({"bonus": 5, "target": 15, "colour": "red"}, "colour"),
    ],
)
def test_bad_params_name_the_field(params: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("sun-check", params)
    assert caught.value.field == field
    titles = {p.name: p.title for p in calc.CALCULATORS["sun-check"].params}
    assert titles.get(field, field) in str(caught.value)  # the on-screen label, for a real field


def test_unknown_calculator() -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("no-such-thing", {})
    assert caught.value.field == "calculator"


@pytest.mark.parametrize("die", ["none", "bonus", "penalty"])
@pytest.mark.parametrize("bonus", [-3, 0, 5, 11])
@pytest.mark.parametrize("target", [1, 9, 12, 15, 18, 21, 24, 30])
def test_degree_bands_match_enumeration(die: str, bonus: int, target: int) -> None:
    """Degrees (docs/sun/rules.md, seed 004): margin = total - target; 10+ exceptional, 5 to 9
    strong, 0 to 4 success, -1 to -4 failure, -5 to -9 serious complication, -10 or less decisive."""

    def band(margin: int) -> str:
        if margin >= 10:
            return "exceptional"
        if margin >= 5:
            return "strong"
        if margin >= 0:
            return "success"
        if margin >= -4:
            return "failure"
        if margin >= -9:
            return "complication"
        return "decisive"

    expected: dict[str, Fraction] = {}
    for total, p in brute_totals(die).items():
        key = band(total + bonus - target)
        expected[key] = expected.get(key, Fraction(0)) + p
    degrees = calc.evaluate("sun-check", {"bonus": bonus, "target": target, "die": die})["degrees"]
    assert [d["key"] for d in degrees] == ["exceptional", "strong", "success", "failure", "complication", "decisive"]
    for d in degrees:
        assert d["probability"] == float(expected.get(d["key"], Fraction(0))), d["key"]


def test_basic_roll_is_labelled_as_the_rules_write_it() -> None:
    """Issue 13.21: the rules add Attribute + Skill and turn circumstances into bonus or penalty
    dice, so the field must not invite flat modifiers ("Attribute + Skill + modifiers" did)."""
    params = {p.name: p for p in calc.CALCULATORS["sun-check"].params}
    assert params["bonus"].label == "Attribute + Skill"
    assert "modifier" not in params["bonus"].label.lower()
    assert "bonus or penalty die" in params["bonus"].help
    assert "3d6 + Attribute + Skill" in calc.CALCULATORS["sun-check"].summary
