"""The TN builder (calc/roll_keep/tn.py): each situational change, the Passive Defense blend, the hand-off
to the other calculators, and bad input named by field."""

from __future__ import annotations

import pytest

import calc
from calc import InputError


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
    "attacker, defender, change",
    [("polearm", "polearm", 0), ("zweihander", "polearm", 0), ("knife", "polearm", 5), ("whip", "polearm", 0),
     ("polearm", "knife", -5), ("knife", "fencing", 5), ("knife", "knife", 5), ("fencing", "buckler", 0),
     ("unarmed", "cloak", 5), ("claymore", "fencing", -5)],
)
def test_reach_from_the_two_weapons(attacker: str, defender: str, change: int) -> None:
    """Issue 13.19: the house table's -5 is for an attacker whose weapon outreaches the defender's.
    A defender holding a Polearm (Reach 2, the longest) can never be outreached; Knives, Bucklers
    and Panzerhands count Reach 0 attacking and 1 parrying."""
    base = tn(knack=2)["tn"]
    result = tn(knack=2, reach="weapons", attacker_weapon=attacker, defender_weapon=defender)
    assert result["tn"] == base + change


def test_reach_labels_say_whose_weapon() -> None:
    reach = next(p for p in calc.CALCULATORS["rk-tn"].params if p.name == "reach")
    labels = dict(reach.choices)
    assert "attacker's weapon has more Reach than the defender's" in labels["more_reach"]
    assert "attacker's weapon has less Reach than the defender's" in labels["less_reach"]
    assert tn(knack=2, reach="more_reach")["tn"] == 10 and tn(knack=2, reach="less_reach")["tn"] == 20
    for defender in ("polearm", "zweihander", "claymore", "whip"):
        for attacker in {p for p, _ in next(q for q in calc.CALCULATORS["rk-tn"].params
                                            if q.name == "attacker_weapon").choices}:
            assert tn(knack=2, reach="weapons", attacker_weapon=attacker, defender_weapon=defender)["tn"] >= 15


@pytest.mark.parametrize(
    "params, sent",
    [({"knack": 3, "raises": 2, "off_hand": True}, {"tn": 23, "raises": 2}),
     ({"knack": 3, "raises": 2}, {"tn": 20, "raises": 2}),
     ({"knack": 5, "prone": True, "raises": 1}, {"tn": 15, "raises": 1}),
     ({"knack": 0, "prone": True}, {"tn": 0, "raises": 0})],
)
def test_hand_off_sends_the_tn_before_raises(params: dict[str, object], sent: dict[str, int]) -> None:
    """Issue 11.11: Knack 3 with 2 raises and the off-hand used to send tn=33&raises=0, so the roll
    calculator's raises table counted the raises on top of a TN that held them already."""
    result = tn(**params)
    assert result["chain"]["params"] == sent
    check = calc.evaluate("rk-check", {"rolled": 6, "kept": 3, **sent})
    dice_needed = result["effective_tn"] if result["effective_tn"] is not None else result["tn"]
    if dice_needed > 0:
        assert check["target"] == dice_needed
    assert f"TN {sent['tn']}" in result["chain"]["arrived"] and "from the TN builder" in result["chain"]["arrived"]
    if sent["raises"]:
        assert f"{sent['raises']} raise" in result["chain"]["arrived"]


@pytest.mark.parametrize(
    "params, field",
    [({"knack": 11}, "knack"), ({"cover": "bushes"}, "cover"), ({"promoted": -1}, "promoted"),
     ({"ranged_weapon": "claymore"}, "ranged_weapon"), ({"grappled_attack": "bite"}, "grappled_attack")],
)
def test_tn_bad_input(params: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("rk-tn", params)
    assert caught.value.field == field


def test_tn_builder_labels_the_passive_defense_blend() -> None:
    """rk/attacking.md#rk-target-numbers: house adjustments on the summary's PD formula are R-0015."""
    blended = calc.evaluate("rk-tn", {"knack": "3", "prone": "true"})
    assert any("R-0015" in note for note in blended["notes"])
    typed = calc.evaluate("rk-tn", {"knack": "3", "passive_defense": "20", "prone": "true"})
    assert not any("R-0015" in note for note in typed["notes"])
    plain = calc.evaluate("rk-tn", {"knack": "3", "raises": "2"})
    assert not any("R-0015" in note for note in plain["notes"])
