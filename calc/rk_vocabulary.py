"""The Roll & Keep calculators' shared vocabulary: limits, ruling IDs, the dice of a roll, and fields.

Every Roll & Keep calculator composes its declaration from the field sets here (the rules, the
dice of a roll, the weapon and its damage, the defender's Wound Check, the defender's roll) and
reads its dice the one way `dice_from` reads them, so a field, a limit, a ruling ID or a note is
written once. The rules' maths (weapons, damage, exact chances) stay in `calc.rk_rules`, whose
limits are named here too; no calculator imports another calculator's declaration.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from .errors import InputError
from .params import BoolParam, ChoiceParam, IntParam, Param
from .rk_rules import (
    KEEP_ALL_RULING,
    MAX_DAMAGE_DICE,
    MAX_DICE,
    MAX_TN,
    RAISE,
    THROWABLE,
    WEAPON_CHOICES,
    WEAPON_OPTIONS,
    keep_all_note,
    result_table,
    tail_note,
)
from .wording import rules_words, xky

MAX_RAISES = 10  # damage raises weighed or called at most: the chance of hitting is tiny long before this
MAX_BRAWN = 15
MAX_DAMAGE_RAISES = 15  # damage raises on one hit (rk-wounds)
TIES_RULING = "R-0045"  # a total equal to its TN succeeds
PD_SD_RULING = "R-0015"  # PD, SD, PA and SA: the PA is the attack roll's total, SD has no formula
HOUSE_DICE_RULING = "R-0055"  # house attack and Parry dice are built from stat + Knack, as in the summary
WOUND_CHECK_RULING = "R-0017"  # the house Wound Check rolls Brawn k Brawn against the Flesh Wounds
D6_RULING = "R-0016"  # house d6 damage dice explode on a 6


# -- the dice of a roll --------------------------------------------------------------------------


def keep_all(rolled: int, kept: int) -> tuple[int, list[str]]:
    """The dice kept, and the note when more are to be kept than rolled (every die then counts)."""
    if kept > rolled:
        return rolled, [keep_all_note(rolled, kept)]
    return kept, []


def dice_from(rolled: int | None, kept: int | None, stat: int | None, skill: int | None, *,
              titles: tuple[str, str] = ("Stat", "Skill")) -> tuple[int, int, list[str]]:
    """Rolled and kept dice, from `rolled`/`kept` or from a stat + skill test in their place.

    A stat + skill test rolls twice the stat and keeps the skill (summary rules); `titles` name the
    two fields as the form does, for the note and for the error when only one is given. More dice
    kept than rolled keeps every die (`keep_all`).
    """
    notes: list[str] = []
    if (stat is None) != (skill is None):
        missing, given = ("skill", 0) if skill is None else ("stat", 1)
        raise InputError(missing, f"{titles[1 - given]} is needed too: with {titles[given]}, give both, "
                                  "or leave both blank.")
    if stat is not None and skill is not None:
        rolled, kept = 2 * stat, skill
        notes.append(f"A {titles[0]} + {titles[1]} test rolls twice the stat and keeps the skill: {stat} + {skill} "
                     f"is {xky(rolled, kept)}, in place of the dice rolled and kept above.")
    assert rolled is not None and kept is not None
    kept, more = keep_all(rolled, kept)
    return rolled, kept, notes + more


def dice_titles(fields: tuple[Param, ...]) -> tuple[str, str]:
    """The stat and skill fields' names as a message gives them, from a calculator's declaration."""
    by = {p.name: p.title for p in fields}
    return by["stat"], by["skill"]


# -- the fields every calculator of the family composes --------------------------------------------


def rules_param(*, summary: str, house: str, help: str, default: str = "summary") -> ChoiceParam:
    """The choice of rules, each labelled with what it changes here ("Summary rules (d10 damage…)")."""
    return ChoiceParam("rules", "Rules", default, required=False, help=help,
                       choices=(("summary", f"{rules_words('summary').capitalize()} ({summary})"),
                                ("house", f"{rules_words('house').capitalize()} ({house})")))


def dice_fields(rolled: int, kept: int, *, what: str, stat: tuple[str, str], skill: tuple[str, str],
                labels: tuple[str, str] = ("Dice rolled (X)", "Dice kept (Y)")) -> tuple[IntParam, ...]:
    """A roll's four fields: X and Y, or a stat and a skill that replace them (`replaced_by`).

    `stat` and `skill` are each a (label, help) pair; `what` names the roll in X's help."""
    replacing = ("stat", "skill")
    return (
        IntParam("rolled", labels[0], rolled, minimum=1, maximum=MAX_DICE, required=False, replaced_by=replacing,
                 help=f"Ten-sided dice thrown for the {what}, at most {MAX_DICE}."),
        IntParam("kept", labels[1], kept, minimum=1, maximum=MAX_DICE, required=False, replaced_by=replacing,
                 help=f"The best Y are added up; more than the dice rolled keeps them all ({KEEP_ALL_RULING})."),
        IntParam("stat", stat[0], None, minimum=1, maximum=MAX_DICE // 2, optional=True, required=False,
                 help=stat[1]),
        IntParam("skill", skill[0], None, minimum=1, maximum=MAX_DICE, optional=True, required=False,
                 help=skill[1]),
    )


def roll_fields(rolled: int, kept: int, what: str) -> tuple[IntParam, ...]:
    """A plain roll's four fields (rk-check, rk-horse-fall): X and Y, or a Stat and a Skill."""
    return dice_fields(rolled, kept, what=what,
                       stat=("Stat (optional)", "With a skill: a STAT + SKILL test rolls twice the stat and keeps "
                                                "the skill."),
                       skill=("Skill (optional)", "With a stat: replaces the dice rolled and kept above."))


WOUNDS_RULES = rules_param(summary="d10 damage, Serious Wounds", house="d6 damage, Dramatic Wounds",
                           help="Which rules the damage and the wound count follow.")
BRAWN = IntParam("brawn", "Defender's Brawn", 2, minimum=1, maximum=MAX_BRAWN,
                 help="The Wound Check rolls Brawn k Brawn on exploding d10s (for the house rules, the "
                      f"Codex's reading, {WOUND_CHECK_RULING}).")
FLESH_WOUNDS = IntParam("flesh_wounds", "Flesh Wounds already taken", 0, minimum=0, maximum=MAX_TN, required=False,
                        help="Added to this hit's damage to make the Wound Check's TN (for the house rules, the "
                             f"Codex's reading, {WOUND_CHECK_RULING}).")
WEAPON = ChoiceParam("weapon", "Weapon", "fencing", choices=WEAPON_CHOICES, required=False,
                     filtered_by="rules", offered=WEAPON_OPTIONS,
                     help="The chosen rules' weapons table, with each weapon's damage dice. "
                          "Other takes the damage dice from the two fields below.")
# The weapon and what adds to its damage dice, in form order (rk-wounds, rk-attack, rk-fight).
WEAPON_FIELDS: dict[str, Param] = {p.name: p for p in (
    WEAPON,
    BoolParam("thrown", "Thrown", False, required=False,
              shown_when=(("weapon", tuple(sorted(THROWABLE["house"] | THROWABLE["summary"]))),),
              help="Thrown instead of used in hand: a ranged attack, so Brawn is not added."),
    IntParam("damage_rolled", "Damage dice rolled (Other)", None, minimum=0, maximum=MAX_DICE,
             optional=True, required=False, shown_when=(("weapon", ("custom",)),),
             help="X of the weapon's XkY, before raises."),
    IntParam("damage_kept", "Damage dice kept (Other)", None, minimum=1, maximum=MAX_DICE,
             optional=True, required=False, shown_when=(("weapon", ("custom",)),),
             help="Y of the weapon's XkY."),
    IntParam("attacker_brawn", "Attacker's Brawn", 2, minimum=0, maximum=MAX_BRAWN, required=False,
             help="Weapons used in hand add it as unkept dice."),
    ChoiceParam("firearm", "Firearm", "weapon", required=False, more=True,
                choices=(("weapon", "As the weapon table says"), ("yes", "Yes"), ("no", "No")),
                help="Firearms count the wound threshold in 10s instead of 20s."),
    BoolParam("d6_explode", "House d6 damage dice explode", True, required=False, more=True,
              shown_when=(("rules", ("house",)),),
              help=f"The Codex's reading ({D6_RULING}): the house rules make damage dice d6s without saying "
                   "whether they explode, and their Crippled and improvised-weapon rules assume they do, on a 6."),
)}
DAMAGE_RAISES = IntParam("raises", "Damage raises", 0, minimum=0, maximum=MAX_DAMAGE_RAISES,
                         required=False, help="Each raise called for damage adds one unkept die.")

# The attack roll (rk-attack, rk-fight): its dice from X and Y, or from Finesse and the Attack Knack.
ATTACK_DICE = dice_fields(
    8, 4, what="attack", labels=("Attack dice rolled (X)", "Attack dice kept (Y)"),
    stat=("Finesse (optional)", "With the Knack: twice Finesse rolled, the Knack kept (summary rules; for the "
                                f"house rules, the Codex's reading, {HOUSE_DICE_RULING})."),
    skill=("Attack Knack (optional)", "With Finesse: replaces the dice rolled and kept above."))
ATTACK_EXPLODE = BoolParam("explode", "Attack dice explode", True, required=False, more=True,
                           help="Untick under the house rules for a Crippled attacker (a blow) or a Distracted "
                                "one (words).")
ATTACK_TN = IntParam("tn", "TN to be hit", 15, minimum=0, maximum=MAX_TN,
                     help="Before raises: (Defense Knack + 1) x 5, or the Passive Defense; for a Social Attack, "
                          "the target's Social Defense.")

# The defender's roll against each hit (rk-attack, rk-fight).
DEFENSE_FIELDS: tuple[Param, ...] = (
    ChoiceParam("defense", "Defender's roll", "active", required=False,
                choices=(("active", "Active Defense (summary) or Parry (house)"),
                         ("none", "None: every hit lands")),
                help="He rolls against the attack's total; under the house rules a firearm attack "
                     "cannot be Parried under normal circumstances."),
    IntParam("defense_rolled", "Defense dice rolled", 4, minimum=1, maximum=MAX_DICE, required=False,
             shown_when=(("defense", ("active",)),),
             help="Summary: twice Wits. House: the rules name only the Defense Knack; twice Wits "
                  f"is the Codex's reading there ({HOUSE_DICE_RULING})."),
    IntParam("defense_kept", "Defense dice kept", 2, minimum=1, maximum=MAX_DICE, required=False,
             shown_when=(("defense", ("active",)),),
             help=f"Summary: the Defense Knack. More than the dice rolled keeps them all ({KEEP_ALL_RULING})."),
)


def defender_brawn() -> IntParam:
    """The defender's Brawn where an attack comes first: 3 by default, and it may be left out."""
    return replace(BRAWN, default=3, required=False)


# -- words shared by the calculators' notes and questions -------------------------------------------


def defense_tn_words(*, house: bool) -> str:
    """What the defender's roll must reach under the chosen rules, in sentences."""
    if house:
        return ("The house rules set the Parry's TN at the attacker's PA plus 5 for each raise called for damage; "
                f"the Codex takes the PA to be the attack roll's total (its reading, {PD_SD_RULING}), and a Parry that "
                f"meets that TN succeeds ({TIES_RULING}).")
    return ("The summary rules pit it against the value of the attack roll, so raises called on the attack do not "
            "add to what it must reach; a defense that meets that value turns the blow aside (the Codex's reading "
            f"of ties, {TIES_RULING}).")


def wound_word(rules: str) -> str:
    """The lasting wounds of the chosen rules: Dramatic (house) or Serious (summary)."""
    return "Dramatic" if rules == "house" else "Serious"


def weapon_words(params: Mapping[str, Any]) -> str:
    """The weapon as the form names it under the chosen rules, or an Other weapon's damage dice."""
    if params["weapon"] == "custom":
        return f"{xky(params.get('damage_rolled'), params.get('damage_kept'))} damage"
    return WEAPON.words(params["weapon"], params)


def defense_words(params: Mapping[str, Any], *, defense: str, no_defense: str) -> str:
    """The defender's roll in a question: ", defending with 4k2", or what stands for none."""
    if params["defense"] == "active":
        return f", {defense} {xky(params['defense_rolled'], params['defense_kept'])}"
    return f", {no_defense}"


__all__ = [
    "ATTACK_DICE", "ATTACK_EXPLODE", "ATTACK_TN", "BRAWN", "D6_RULING", "DAMAGE_RAISES", "DEFENSE_FIELDS",
    "FLESH_WOUNDS", "HOUSE_DICE_RULING", "KEEP_ALL_RULING", "MAX_BRAWN", "MAX_DAMAGE_DICE", "MAX_DAMAGE_RAISES", "MAX_DICE", "MAX_RAISES",
    "MAX_TN", "PD_SD_RULING", "RAISE", "TIES_RULING", "WEAPON", "WEAPON_FIELDS", "WOUNDS_RULES", "WOUND_CHECK_RULING",
    "defender_brawn", "defense_tn_words", "defense_words", "dice_fields", "dice_from", "dice_titles", "keep_all",
    "result_table", "roll_fields", "rules_param", "tail_note", "weapon_words", "wound_word",
]
