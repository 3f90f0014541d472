"""Roll & Keep damage and the Wound Check (`rk-wounds`): a hit's damage, then how many wounds it causes."""

from __future__ import annotations

from math import fsum
from typing import Any

from .calculator import Calculator, Headline
from .dist import Dist, clip01
from .keep import roll_keep
from .params import IntParam
from .rk_rules import SUMMARY_WEAPONS, damage_dice, damage_dist, weapon_row, wound_distribution, wound_rows
from .rk_vocabulary import (
    BRAWN,
    D6_RULING,
    DAMAGE_RAISES,
    FLESH_WOUNDS,
    MAX_TN,
    TIES_RULING,
    WEAPON_FIELDS,
    WOUND_CHECK_RULING,
    WOUNDS_RULES,
    result_table,
    tail_note,
    wound_word,
)
from .wording import xky

def _hit_damage(*, rules: str, damage: int | None, weapon: str, damage_rolled: int | None,
                damage_kept: int | None, attacker_brawn: int, raises: int, d6_explode: bool,
                thrown: bool, firearm: str) -> tuple[Dist, str, bool, list[str]]:
    """The hit's damage: a fixed total, or the weapon's dice. Returns (damage, its dice in words,
    whether the weapon is a firearm, the notes on the dice)."""
    if damage is not None:
        looked_up = firearm == "weapon" and weapon != "custom"
        is_firearm = bool(weapon_row(rules, weapon)["firearm"]) if looked_up else False
        return (Dist.constant(damage), f"{damage} (fixed)", is_firearm,
                [f"Damage is the fixed total {damage}; the weapon and damage dice are not rolled."])
    dice = damage_dice(rules=rules, weapon=weapon, attacker_brawn=attacker_brawn, raises=raises,
                       thrown=thrown, damage_rolled=damage_rolled, damage_kept=damage_kept)
    rolled, kept = dice["rolled"], dice["kept"]
    notes = list(dice["notes"])
    if rules == "house":
        dice_text = f"{xky(rolled, kept)} on " + ("exploding d6s" if d6_explode else "d6s that do not explode")
    else:
        dice_text = f"{xky(rolled, kept)} on exploding d10s"
    if rules == "summary" and weapon in SUMMARY_WEAPONS and SUMMARY_WEAPONS[weapon].get("improvised"):
        notes.append(
            "Improvised weapons (summary rules) take penalties for being unwieldy and break whenever one "
            "of their damage dice shows a 10; size adds unkept dice at the GM's call."
        )
    return damage_dist(rolled, kept, rules=rules, d6_explode=d6_explode), dice_text, bool(dice["firearm"]), notes


def wound_check_notes(*, rules: str, brawn: int, flesh_wounds: int, firearm: bool) -> list[str]:
    """How the Wound Check turns a miss into wounds under the chosen rules, in sentences."""
    step = 10 if firearm else 20
    if rules == "house":
        notes = [
            f"House rules, in the Codex's reading ({WOUND_CHECK_RULING}): the Wound Check is {xky(brawn, brawn)} on exploding d10s "
            f"against the {flesh_wounds} Flesh Wounds already carried plus this damage. A miss gives 1 Dramatic "
            f"Wound; once it misses by more than {step}, every full {step} points short adds 1 more"
            + (", as firearms count in 10s" if firearm else "")
            + f". A miss of exactly {step} still gives 1 wound.",
            f"House damage dice are d6s. The Codex reads them as exploding on a 6 (ruling {D6_RULING}), since the "
            "Crippled and improvised-weapon rules take exploding damage dice for granted; untick "
            "\u201cHouse d6 damage dice explode\u201d for the other reading.",
        ]
    else:
        notes = [
            f"Summary rules: a failed Wound Check ({xky(brawn, brawn)} against a TN of the {flesh_wounds} Flesh "
            f"Wounds already taken plus this damage) gives 1 Serious Wound, and 2 when it misses by {step} or more"
            + (", as for firearms" if firearm else "") + "."
        ]
    notes.append(f"The Wound Check succeeds when it meets or beats the TN (the Codex's reading of ties, {TIES_RULING}); "
                 "the amount it misses by is the TN minus the roll.")
    return notes


def wounds(
    *,
    rules: str,
    brawn: int,
    flesh_wounds: int,
    damage: int | None,
    weapon: str,
    damage_rolled: int | None,
    damage_kept: int | None,
    attacker_brawn: int,
    raises: int,
    firearm: str,
    d6_explode: bool,
    thrown: bool,
) -> dict[str, Any]:
    """A hit's damage, then the defender's Wound Check: how many wounds it causes."""
    dmg, dice_text, is_firearm, notes = _hit_damage(
        rules=rules, damage=damage, weapon=weapon, damage_rolled=damage_rolled, damage_kept=damage_kept,
        attacker_brawn=attacker_brawn, raises=raises, d6_explode=d6_explode, thrown=thrown, firearm=firearm)
    if firearm != "weapon":
        is_firearm = firearm == "yes"
    check_dist = roll_keep(brawn, brawn, sides=10, explode=True)
    probs = wound_distribution(dmg, check_dist, flesh_wounds, rules=rules, firearm=is_firearm)
    while len(probs) < 4:
        probs.append(0.0)
    notes += wound_check_notes(rules=rules, brawn=brawn, flesh_wounds=flesh_wounds, firearm=is_firearm)
    notes += tail_note(dmg) if dmg.tail else tail_note(check_dist)
    pmf = dmg.pmf()
    return {
        "rules": rules,
        "damage_dice": dice_text,
        "firearm": is_firearm,
        "damage": pmf,
        "distribution": pmf,
        "distribution_tail": dmg.tail,
        "distribution_title": "Damage of the hit",
        "expected_damage": dmg.mean(),
        "wounds": [[n, p] for n, p in enumerate(probs)],
        "p_wound": clip01(fsum(probs[1:])),
        "expected_wounds": fsum(n * p for n, p in enumerate(probs)),
        "tables": [result_table("wounds", f"{wound_word(rules)} Wounds from this hit",
                                (("Wounds", "text"), ("Chance", "percent")), wound_rows(probs, rules=rules))],
        "notes": notes,
    }


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
            IntParam("damage", "Damage (optional, fixed)", None, minimum=0, maximum=MAX_TN, optional=True,
                     required=False, help="Type a damage total to skip the damage roll."),
            *(WEAPON_FIELDS[name] for name in ("weapon", "thrown", "damage_rolled", "damage_kept", "attacker_brawn")),
            DAMAGE_RAISES,
            WEAPON_FIELDS["firearm"],
            WEAPON_FIELDS["d6_explode"],
        ),
        compute=wounds,
        headlines=(
            Headline("p_wound", "Chance of at least one wound"),
            Headline("expected_wounds", "Average wounds", "number"),
            Headline("expected_damage", "Average damage", "number"),
        ),
    ),
)

__all__ = ["CALCULATORS", "wound_check_notes", "wounds"]
