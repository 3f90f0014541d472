"""How a written roll is recognised and which rules it follows (macros/roll_reading.py, issue 34):
one case per cue, each with the words a page uses. The built pages' full list is in
tests/test_rolls_built.py."""

from __future__ import annotations

import pytest

from macros.roll_reading import Unsettled, Where, find_rolls, read


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
    ("A blunt improvised weapon does 1k1; a sharp one does 1k2.", ["rk-damage/1/1/summary", "rk-damage/1/2/summary"]),
    ("A particularly dangerous one may get an extra +1k0 damage.", [None]),
    ("It does 0k2 damage and drops the target.", ["rk-brawn-damage/2/summary"]),
    ("a failed attack costs a 3k2 roll of\nsix-sided dice against the attacker's own 2k2 Wound Check.",
     ["rk-damage/3/2/house", "rk-test/2/2"]),
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
    knacks = "It does barehanded damage (0k1) and knocks the target Prone."
    assert reading(knacks, page="rk/knacks.md", section="rk-knack-corps-a-corps") == ["rk-brawn-damage/1/summary"]
    assert reading("Its damage is 0k2.", page="rk/knacks.md", section="rk-house-knacks") == ["rk-brawn-damage/2/house"]


def test_damage_with_nothing_to_say_which_rules_stops_the_build() -> None:
    with pytest.raises(Unsettled, match="rk/basics.md.*'2k2'"):
        reading("The blow does 2k2.")


def test_seventh_sun_dice_and_pools() -> None:
    assert reading("Roll 3d6 + Attribute + Skill.", "sun", "sun/rules.md") == ["sun-roll/none"]
    assert reading("roll 4d6 and keep the highest three.", "sun", "sun/rules.md") == ["sun-roll/bonus"]
    assert reading("roll 4d6 and keep the lowest three.", "sun", "sun/rules.md") == ["sun-roll/penalty"]
    assert reading("roll 4d6 and keep the best or worst three.", "sun", "sun/index.md") == ["sun-either"]
    with pytest.raises(Unsettled, match="4d6"):
        reading("roll 4d6.", "sun", "sun/index.md")
    pool = "Your pool is 8; you roll 2 dice for the shot, +2 dice with a pool of 7."
    assert reading(pool, "pool", "pool/actions.md") == [None, "pool/2", "pool/7"]   # "+2": added
