"""How a written roll is recognised and which rules it follows (macros/rolls/reading.py, issue 34):
one case per cue, each with the words a page uses. The built pages' full list is in
tests/test_rolls_built.py."""

from __future__ import annotations

import pytest

from macros.rolls.reading import Unsettled, Where, find_rolls, read


def reading(block: str, game: str = "rk", page: str = "rk/basics.md", **where: object) -> list[str | None]:
    """The key of each roll-shaped piece of `block` (None: not a roll of its own)."""
    out = []
    for found in find_rolls(block, game):
        r = read(found, Where(page, game, block=block, at=found.start, **where))
        out.append(r.key if r else None)
    return out


@pytest.mark.parametrize(("block", "keys"), [
    ("6k3 means six dice thrown and the three best added up.", ["rk-test/6/3"]),
    ("He could not spend it on the 4k2 damage roll that follows.", ["rk-damage/4/2/summary"]),
    ("A blunt improvised weapon does 1k1; a sharp one does 1k2.",
     ["rk-weapon/summary/improvised_blunt", "rk-weapon/summary/improvised_sharp"]),
    ("A particularly dangerous one may get an extra +1k0 damage.", [None]),
    ("It does 0k2 damage and drops the target.", ["rk-brawn-damage/2/summary"]),
    ("a failed attack costs a 3k2 roll of\nsix-sided dice against the attacker's own 2k2 Wound Check.",
     ["rk-damage/3/2/house", "rk-test/2/2/social"]),
    ("He takes 3k2 Social Damage.", ["rk-damage/3/2/house"]),
])
def test_the_words_around_an_xky_say_whether_it_is_a_test_or_damage(block: str, keys: list[str | None]) -> None:
    page = "rk/social.md" if "Social" in block or "six-sided" in block else "rk/drama-dice.md"
    assert reading(block, page=page) == keys


def test_a_tab_a_column_and_a_section_settle_a_roll() -> None:
    assert reading("3k3", tab="House rules", column="Damage") == ["rk-damage/3/3/house"]
    assert reading("2k2", tab="Summary rules", column="Damage") == ["rk-damage/2/2/summary"]
    assert reading("4k2", page="rk/mounted.md", column="Physical Damage") == ["rk-damage/4/2/house"]
    assert reading("that blow is 1k1", section="rk-damage-rolls", tab="House rules") == ["rk-damage/1/1/house"]
    assert reading("that blow is 1k1", section="rk-wound-checks") == ["rk-test/1/1"]
    knacks = "It does barehanded damage (0k1) and knocks the target Prone."   # the Fist's
    assert reading(knacks, page="rk/knacks.md", section="rk-knack-corps-a-corps") == ["rk-weapon/summary/fist"]
    assert reading("It does 0k2 damage.", page="rk/knacks.md", section="rk-knack-pommel-strike") == \
        ["rk-brawn-damage/2/summary"]
    assert reading("Its damage is 0k2.", page="rk/knacks.md", section="rk-house-knacks") == ["rk-brawn-damage/2/house"]


@pytest.mark.parametrize(("block", "keys"), [
    ("The sailor rolls 6k2 against 4 × 5 = 20; the clerk rolls 4k2 against 5 × 5 = 25.",
     ["rk-test/6/2/20", "rk-test/4/2/25"]),
    ("The defender, with Wits 3 and Parry 2, rolls 6k2 and needs 27 or more.", ["rk-test/6/2/27"]),
    ("A fencer rolls 8k4 against an opponent whose Parry 2 gives a TN of 15.", ["rk-test/8/4/15"]),
    ("With Brawn 3, a character on 22 Flesh Wounds rolls 3k3 and gets 14.", ["rk-test/3/3/22"]),
    ("the planner's duel (8k4 against TN 15, the defender rolling 4k2)", ["rk-test/8/4/15", "rk-test/4/2"]),
    # a TN that is not the roll's: his TN to be hit, and a number in another clause
    ("Wits 4 and Parry 4 give him a TN of 25 and a defense roll of 8k4.", ["rk-test/8/4"]),
    ("this table keeps the summary's 8k4 and 4k2, and the TN of 15 stands for a Passive Defense.",
     ["rk-test/8/4", "rk-test/4/2"]),
])
def test_a_test_takes_the_tn_its_sentence_rolls_it_against(block: str, keys: list[str]) -> None:
    assert reading(block) == keys


@pytest.mark.parametrize(("block", "where", "keys"), [
    ("Each weapon has a damage rating, such as Sabre 2k2.", {"tab": "Summary rules"}, ["rk-weapon/summary/fencing"]),
    ("a heavy weapon (3k2) swung with Brawn 2 after one damage Raise rolls 3 + 2 + 1 = 6 dice, keeping 2: 6k2.",
     {"tab": "Summary rules"}, ["rk-weapon/summary/heavy/2", "rk-hit/summary/heavy/2/1"]),
    ("a fencing weapon (3k3) with Brawn 3 and one damage Raise rolls 7k3 on six-sided dice.",
     {"tab": "House rules"}, ["rk-weapon/house/fencing/3", "rk-hit/house/fencing/3/1"]),
    # the blow of the sentence before, its Brawn added and every die kept (R-0050)
    ("as a house Unarmed blow (0k2) does with Brawn 1. The Codex keeps every die rolled: that blow is 1k1.",
     {}, ["rk-weapon/house/unarmed/1", "rk-hit/house/unarmed/1/0"]),
    # a weapon named whose dice are not the roll's: the roll is its dice
    ("a Sabre, or a blow that does 3k3", {"tab": "Summary rules"}, ["rk-damage/3/3/summary"]),
    ("3k3", {"tab": "House rules", "column": "Damage", "row": "Bow"}, ["rk-weapon/house/bow"]),
    ("1k3", {"tab": "House rules", "column": "Damage", "row": "Small"}, ["rk-weapon/house/improvised_small"]),
    ("1k1", {"tab": "Summary rules", "column": "Damage", "row": "Improvised weapon, blunt*"},
     ["rk-weapon/summary/improvised_blunt"]),
])
def test_a_damage_roll_is_the_weapon_its_row_or_sentence_names(block: str, where: dict, keys: list[str]) -> None:
    assert reading(block, page="rk/damage.md", section="rk-damage-rolls", **where) == keys


def test_social_damage_is_a_base_with_the_attackers_panache() -> None:
    social = "rk/social.md"
    assert reading("Social Damage is usually 1k3, plus the attacker's Panache.", page=social,
                   section="rk-social-damage") == ["rk-social/1k3"]
    assert reading("raise the base Social Damage of one kind of attack to 2k4.", page="rk/knacks.md",
                   section="rk-house-knacks") == ["rk-social/2k4"]
    assert reading("an attacker with Panache 2 who calls one damage Raise rolls 1 + 2 + 1 = 4k3 on six-sided dice.",
                   page=social, section="rk-social-damage") == ["rk-social-hit/1k3/2/1"]
    # the target's Panache thrown back at a failed attacker is no base: its dice
    assert reading("a duchess with Panache 3. He takes 3k2 Social Damage.", page=social) == ["rk-damage/3/2/house"]


def test_damage_with_nothing_to_say_which_rules_stops_the_build() -> None:
    with pytest.raises(Unsettled, match="rk/basics.md.*'2k2'"):
        reading("The blow does 2k2.")


def test_seventh_sun_dice_and_pools() -> None:
    assert reading("Roll 3d6 + Attribute + Skill.", "sun", "sun/rules.md") == ["sun-roll/none"]
    assert reading("roll 4d6 and keep the highest three.", "sun", "sun/rules.md") == ["sun-roll/bonus"]
    assert reading("roll 4d6 and keep the lowest three.", "sun", "sun/rules.md") == ["sun-roll/penalty"]
    assert reading("roll 4d6 and keep the best or worst three.", "sun", "sun/index.md") == ["sun-either"]
    assert reading("Against a Difficulty of 15 you need 10 or more on 3d6.", "sun", "sun/rules.md") == ["sun-roll/none/10"]
    with pytest.raises(Unsettled, match="4d6"):
        reading("roll 4d6.", "sun", "sun/index.md")
    pool = "Your pool is 8; you roll 2 dice for the shot, +2 dice with a pool of 7."
    assert reading(pool, "pool", "pool/actions.md") == [None, "pool/2", "pool/7"]   # "+2": added
