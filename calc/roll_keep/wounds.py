"""Roll & Keep damage and the Wound Check (`rk-wounds`): a hit's damage, then how many wounds it causes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from calc.calculator import Calculator, Headline
from calc.dice.draw import Band
from calc.meaning import TOTAL, Meaning
from calc.dice.dist import Dist
from calc.params import IntParam, Param
from calc.roll_keep.exchange import Weapon, WoundCheck
from calc.roll_keep.rules import wound_rows
from calc.roll_keep.vocabulary import (
    BRAWN,
    DAMAGE_RAISES,
    FLESH_WOUNDS,
    MAX_TN,
    WOUNDS_RULES,
    result_table,
    tail_note,
    takes_weapon,
    weapon_fields,
    wound_word,
)

DAMAGE = IntParam("damage", "Damage (optional, fixed)", None, minimum=0, maximum=MAX_TN, optional=True,
                  required=False, help="Type a damage total to skip the damage roll.")


def _hit_damage(weapon: Weapon, *, damage: int | None, raises: int) -> tuple[Dist, str, list[str]]:
    """The hit's damage: a fixed total, or the weapon's dice. Returns (damage, its dice in words, the notes)."""
    if damage is not None:
        return (Dist.constant(damage), f"{damage} (fixed)",
                [f"Damage is the fixed total {damage}; the weapon and damage dice are not rolled."])
    hit = weapon.hit(raises)
    return hit.dist, hit.words(), list(hit.notes) + weapon.improvised_notes()


@takes_weapon
def wounds(*, rules: str, brawn: int, flesh_wounds: int, damage: int | None, raises: int,
           weapon: Weapon) -> dict[str, Any]:
    """A hit's damage, then the defender's Wound Check: how many wounds it causes."""
    dmg, dice_text, notes = _hit_damage(weapon, damage=damage, raises=raises)
    check = WoundCheck(rules, brawn, flesh_wounds, weapon.is_firearm)
    found = check.wounds(dmg)
    probs = list(found.probs) + [0.0] * (4 - len(found.probs))   # the table lists 0 to 3 wounds at least
    notes += check.notes()
    notes += tail_note(dmg) if dmg.tail else tail_note(check.dist)
    pmf = dmg.pmf()
    return {
        "rules": rules,
        "damage_dice": dice_text,
        "firearm": check.firearm,
        "damage": pmf,
        "distribution": pmf,
        "distribution_tail": dmg.tail,
        "distribution_title": "Damage of the hit",
        "expected_damage": dmg.mean(),
        "wounds": [[n, p] for n, p in enumerate(probs)],
        "p_wound": found.p_wound,
        "expected_wounds": found.expected,
        "tables": [result_table("wounds", f"{wound_word(rules)} Wounds from this hit",
                                (("Wounds", "text"), ("Chance", "percent")), wound_rows(probs, rules=rules))],
        "notes": notes,
    }


def _rolled_unless_fixed(field: Param) -> Param:
    """A field of the damage roll: the fixed Damage takes its place. The weapon still says whether the
    wounds count as a firearm's, where Firearm leaves it to it; Firearm itself counts either way."""
    if field.name == "weapon":
        return field.and_any((("damage", ("",)),), (("firearm", ("weapon",)),))
    if field.name == "firearm":
        return field
    return replace(field, replaced_by=("damage",))


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """The hit's damage, before the Wound Check."""
    return (f"{result['distribution_title']} ({result['damage_dice']}), before the Wound Check",
            [Band(None, f"{TOTAL} damage")])


CALCULATORS = (
    Calculator(
        id="rk-wounds",
        title="Damage and Wound Check",
        rule="rk/damage.md#rk-wound-checks",
        summary="The damage of a hit, and the chance it causes wounds through the Wound Check.",
        params=(
            WOUNDS_RULES,
            BRAWN,
            FLESH_WOUNDS,
            DAMAGE,
            *weapon_fields(_rolled_unless_fixed, before={"firearm": (_rolled_unless_fixed(DAMAGE_RAISES),)}),
        ),
        compute=wounds,
        headlines=(
            Headline("p_wound", "Chance of at least one wound"),
            Headline("expected_wounds", "Average wounds", "number"),
            Headline("expected_damage", "Average damage", "number"),
        ),
        meaning=meaning,
        named=("rules", "brawn", "damage", "weapon", "damage_rolled", "damage_kept"),
    ),
)

__all__ = ["CALCULATORS", "wounds"]
