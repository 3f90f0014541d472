"""The Roll & Keep calculators' shared vocabulary: limits, ruling IDs, the fields, and the words of a question.

Every Roll & Keep calculator composes its declaration from the field sets here (the rules, the
dice of a roll, the weapon and its damage, the defender's Wound Check, the defender's roll), so a
field, a limit, a ruling ID or a note is written once. The values an exchange is made of (a roll,
a weapon in its wielder's hand, a hit, a defense, a Wound Check) and the sentences that explain
them are `calc.roll_keep.exchange`'s; a calculator builds them from its fields and never imports another
calculator. A calculator that takes the weapon fields takes them as one `Weapon` (`takes_weapon`),
so a weapon field is declared here, in `WEAPON_FIELDS`, and used there, and nowhere else.
"""

from __future__ import annotations

import inspect
from dataclasses import replace
from functools import wraps
from typing import Any, Callable, Mapping

from calc.dice.draw import Band
from calc.meaning import TOTAL
from calc.params import BoolParam, ChoiceParam, Condition, IntParam, Param
from calc.roll_keep.damage import DAMAGE_SIDES, FIREARM_STEP, WOUND_STEP, die_name
from calc.roll_keep.exchange import (
    D6_RULING,
    PD_SD_RULING,
    TIES_RULING,
    WOUND_CHECK_RULING,
    Roll,
    Weapon,
    defense_tn_words,
    raise_words,
    stat_words,
)
from calc.roll_keep.rules import (
    KEEP_ALL_RULING,
    MAX_DAMAGE_DICE,
    MAX_DICE,
    MAX_TN,
    RAISE,
    RANK_TN,
    ROLL_SIDES,
    STAT_DICE,
    result_table,
    tail_note,
)
from calc.roll_keep.weapons import FIREARMS, MELEE, OTHER, THROWN_OR_HELD, WEAPON_CHOICES, WEAPON_OPTIONS
from calc.wording import rules_words, times_words, xky

MAX_RAISES = 10  # damage raises weighed or called at most: the chance of hitting is tiny long before this
MAX_BRAWN = 15
MAX_DAMAGE_RAISES = 15  # damage raises on one hit (rk-wounds)
HOUSE_DICE_RULING = "R-0055"  # house attack and Parry dice are built from stat + Knack, as in the summary


# -- the dice of a roll --------------------------------------------------------------------------


def dice_titles(fields: tuple[Param, ...]) -> tuple[str, str]:
    """The stat and skill fields' names as a message gives them, from a calculator's declaration."""
    by = {p.name: p.title for p in fields}
    return by["stat"], by["skill"]


# -- the fields every calculator of the family composes --------------------------------------------


def rules_param(*, summary: str, house: str, help: str, default: str = "summary") -> ChoiceParam:
    """The choice of rules, each labelled with what it changes here ("Summary rules (d10 damage…)")."""
    return ChoiceParam("rules", "Rules", default, required=False, help=help, hero="rules",
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
        IntParam("stat", stat[0], None, minimum=1, maximum=MAX_DICE // STAT_DICE, optional=True, required=False,
                 help=stat[1]),
        IntParam("skill", skill[0], None, minimum=1, maximum=MAX_DICE, optional=True, required=False,
                 help=skill[1]),
    )


def roll_fields(rolled: int, kept: int, what: str) -> tuple[IntParam, ...]:
    """A plain roll's four fields (rk-check, rk-horse-fall): X and Y, or a Stat and a Skill."""
    return dice_fields(rolled, kept, what=what,
                       stat=("Stat (optional)", f"With a skill: a STAT + SKILL test rolls {stat_words()} and keeps "
                                                "the skill."),
                       skill=("Skill (optional)", "With a stat: replaces the dice rolled and kept above."))


def _damage_words(rules: str) -> str:
    return f"{die_name(DAMAGE_SIDES[rules])} damage"


WOUNDS_RULES = rules_param(summary=f"{_damage_words('summary')}, Serious Wounds",
                           house=f"{_damage_words('house')}, Dramatic Wounds",
                           help="Which rules the damage and the wound count follow.")
BRAWN = IntParam("brawn", "Defender's Brawn", 2, minimum=1, maximum=MAX_BRAWN,
                 help=f"The Wound Check rolls Brawn k Brawn on exploding {die_name(ROLL_SIDES)}s (for the house "
                      f"rules, the Codex's reading, {WOUND_CHECK_RULING}).")
FLESH_WOUNDS = IntParam("flesh_wounds", "Flesh Wounds already taken", 0, minimum=0, maximum=MAX_TN, required=False,
                        help="Added to this hit's damage to make the Wound Check's TN (for the house rules, the "
                             f"Codex's reading, {WOUND_CHECK_RULING}).")
WEAPON = ChoiceParam("weapon", "Weapon", "fencing", choices=WEAPON_CHOICES, required=False,
                     filtered_by="rules", offered=WEAPON_OPTIONS, hero="weapon",
                     help="The chosen rules' weapons table, with each weapon's damage dice. "
                          "Other takes the damage dice from the two fields below.")
_HELD = (("weapon", tuple(sorted(MELEE - THROWN_OR_HELD))),)
# Where the wielder's Brawn adds dice (`Weapon.brawn_counts`): a hand weapon, a throwable one that
# is not thrown, an Other weapon used in hand.
BRAWN_COUNTS: tuple[Condition, ...] = (
    _HELD,
    (("weapon", tuple(sorted(THROWN_OR_HELD))), ("thrown", (False,))),
    (("weapon", (OTHER,)), ("in_hand", (True,))),
)
# The weapon and what adds to its damage dice, in form order (rk-wounds, rk-attack, rk-fight): the
# fields of `rk_exchange.Weapon`, which a calculator takes whole (`takes_weapon`, `weapon_fields`).
WEAPON_FIELDS: dict[str, Param] = {p.name: p for p in (
    WEAPON,
    BoolParam("thrown", "Thrown", False, required=False,
              shown_when=(("weapon", tuple(sorted(THROWN_OR_HELD))),),
              help="Thrown instead of used in hand: a ranged attack, so Brawn is not added."),
    IntParam("damage_rolled", "Damage dice rolled (Other)", None, minimum=0, maximum=MAX_DICE,
             optional=True, required=False, shown_when=(("weapon", (OTHER,)),),
             help="X of the weapon's XkY, before raises."),
    IntParam("damage_kept", "Damage dice kept (Other)", None, minimum=1, maximum=MAX_DICE,
             optional=True, required=False, shown_when=(("weapon", (OTHER,)),),
             help="Y of the weapon's XkY."),
    BoolParam("in_hand", "Used in hand (Other)", False, required=False, shown_when=(("weapon", (OTHER,)),),
              help="Tick for a weapon swung or thrust in hand: the wielder's Brawn then adds unkept dice; "
                   "leave it for one that is shot or thrown."),
    IntParam("attacker_brawn", "Attacker's Brawn", 2, minimum=0, maximum=MAX_BRAWN, required=False,
             shown_any=BRAWN_COUNTS, hero="brawn", help="Weapons used in hand add it as unkept dice."),
    ChoiceParam("firearm", "Firearm", "weapon", required=False, more=True,
                choices=(("weapon", "As the weapon table says"), ("yes", "Yes"), ("no", "No")),
                help=f"Firearms count the wound threshold in {FIREARM_STEP}s instead of {WOUND_STEP}s."),
    BoolParam("d6_explode", "House d6 damage dice explode", True, required=False, more=True,
              shown_when=(("rules", ("house",)),),
              help=f"The Codex's reading ({D6_RULING}): the house rules make damage dice "
                   f"{die_name(DAMAGE_SIDES['house'])}s without saying whether they explode, and their Crippled and "
                   f"improvised-weapon rules assume they do, on a {DAMAGE_SIDES['house']}."),
)}
DAMAGE_RAISES = IntParam("raises", "Damage raises", 0, minimum=0, maximum=MAX_DAMAGE_RAISES,
                         required=False, help="Each raise called for damage adds one unkept die.")


def weapon_fields(adjust: Callable[[Param], Param] = lambda field: field,
                  before: Mapping[str, tuple[Param, ...]] | None = None) -> tuple[Param, ...]:
    """Every weapon field, in `WEAPON_FIELDS`' order, each as `adjust` gives it, with a calculator's own
    fields set `before` the weapon field they are named by: a calculator takes the whole set this
    way, so a field added to `WEAPON_FIELDS`, wherever it goes, reaches every form that takes a weapon
    (and `takes_weapon` finds it there)."""
    out: list[Param] = []
    for name, field in WEAPON_FIELDS.items():
        out += (before or {}).get(name, ())
        out.append(adjust(field))
    return tuple(out)


def takes_weapon(compute: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """A compute function that takes the weapon as one `Weapon` (its `weapon` argument), called as the
    registry calls every compute: with each field of `WEAPON_FIELDS` by name (and `rules`)."""
    own = inspect.signature(compute)
    names = tuple(WEAPON_FIELDS)
    kept = [p for p in own.parameters.values() if p.name != "weapon"]
    fields = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY) for name in names]

    @wraps(compute)
    def with_weapon(**params: Any) -> dict[str, Any]:
        weapon = Weapon(rules=params["rules"], **{name: params.pop(name) for name in names})
        return compute(weapon=weapon, **params)

    with_weapon.__signature__ = own.replace(parameters=kept + fields)  # type: ignore[attr-defined]
    return with_weapon


# The attack roll (rk-attack, rk-fight): its dice from X and Y, or from Finesse and the Attack Knack,
# which a hero's Finesse and Attack Knack fill.
_ATTACK_HERO = {"stat": "finesse", "skill": "attack_knack"}
ATTACK_DICE = tuple(p.for_hero(_ATTACK_HERO[p.name]) if p.name in _ATTACK_HERO else p for p in dice_fields(
    8, 4, what="attack", labels=("Attack dice rolled (X)", "Attack dice kept (Y)"),
    stat=("Finesse (optional)", f"With the Knack: {times_words(STAT_DICE)} Finesse rolled, the Knack kept (summary "
                                f"rules; for the house rules, the Codex's reading, {HOUSE_DICE_RULING})."),
    skill=("Attack Knack (optional)", "With Finesse: replaces the dice rolled and kept above.")))
ATTACK_EXPLODE = BoolParam("explode", "Attack dice explode", True, required=False, more=True,
                           help="Untick under the house rules for a Crippled attacker (a blow) or a Distracted "
                                "one (words).")
ATTACK_TN = IntParam("tn", "TN to be hit", 15, minimum=0, maximum=MAX_TN,
                     help=f"Before raises: (Defense Knack + 1) x {RANK_TN}, or the Passive Defense; for a Social "
                          "Attack, the target's Social Defense.")

# Where the defender may roll against a hit: always under the summary rules; under the house rules
# not against a firearm (the reader's Firearm choice, else the weapon's table).
PARRY_POSSIBLE: tuple[Condition, ...] = (
    (("rules", ("summary",)),),
    (("firearm", ("no",)),),
    (("firearm", ("weapon",)), ("weapon", tuple(wid for wid, _ in WEAPON_CHOICES if wid not in FIREARMS))),
)
# The defender's roll against each hit (rk-attack, rk-fight).
DEFENSE = ChoiceParam("defense", "Defender's roll", "active", required=False, shown_any=PARRY_POSSIBLE,
                      choices=(("active", "Active Defense (summary) or Parry (house)"),
                               ("none", "None: every hit lands")),
                      help=f"Summary rules: against the attack roll's value. House rules: a Parry against the "
                           f"attack's total (the Codex's reading of the PA, {PD_SD_RULING}) plus {RAISE} for each raise "
                           "called for damage, and none against a firearm under normal circumstances.")
DEFENSE_FIELDS: tuple[Param, ...] = (
    DEFENSE,
    IntParam("defense_rolled", "Defense dice rolled", 4, minimum=1, maximum=MAX_DICE, required=False,
             shown_when=(("defense", ("active",)),), shown_any=PARRY_POSSIBLE,
             help=f"Summary: {times_words(STAT_DICE)} Wits. House: the rules name only the Defense Knack; "
                  f"{times_words(STAT_DICE)} Wits is the Codex's reading there ({HOUSE_DICE_RULING})."),
    IntParam("defense_kept", "Defense dice kept", 2, minimum=1, maximum=MAX_DICE, required=False,
             shown_when=(("defense", ("active",)),), shown_any=PARRY_POSSIBLE,
             help=f"Summary: the Defense Knack. More than the dice rolled keeps them all ({KEEP_ALL_RULING})."),
)


def defender_brawn() -> IntParam:
    """The defender's Brawn where an attack comes first: 3 by default, and it may be left out."""
    return replace(BRAWN, default=3, required=False)


# -- words shared by the calculators' notes and questions -------------------------------------------


def wound_word(rules: str) -> str:
    """The lasting wounds of the chosen rules: Dramatic (house) or Serious (summary)."""
    return "Dramatic" if rules == "house" else "Serious"


def weapon_words(params: Mapping[str, Any], said: tuple[str, ...] = ()) -> str:
    """The weapon as the form names it under the chosen rules (or an Other weapon's damage dice), then
    each other weapon field that applies and differs from its default ("Thrown: yes"), but those the
    question says itself (`said`): a weapon field's words come from its declaration."""
    if params["weapon"] == OTHER:
        text = f"{xky(params.get('damage_rolled'), params.get('damage_kept'))} damage"
    else:
        text = WEAPON.words(params["weapon"], params)
    skip = {"weapon", "damage_rolled", "damage_kept", *said}
    for name, field in WEAPON_FIELDS.items():
        value = params.get(name, field.default)
        if name not in skip and value is not None and value != field.default and field.applies(params):
            text += f", {field.title}: {field.words(value, params)}"
    return text


def defense_words(params: Mapping[str, Any], *, defense: str, no_defense: str, rolls: bool = True) -> str:
    """The defender's roll in a question: ", defending with 4k2", what stands for none, or, where he may
    not roll (`rolls` false: a firearm under the house rules, `DEFENSE.applies`), no Parry."""
    if not rolls:
        return ", no Parry against a firearm"
    if params["defense"] == "active":
        return f", {defense} {xky(params['defense_rolled'], params['defense_kept'])}"
    return f", {no_defense}"


def against_tn(tn: int, who: str = "") -> list[Band]:
    """What a total means against `tn` (a Roll): short of it, or meeting it with the raises to spare
    counted in steps of a Raise (a tie meets the TN: the reading the calculators follow, R-0045)."""
    meets = f"{TOTAL}: {who}meets TN {tn}"
    return [Band(None, f"{TOTAL}: {who}misses TN {tn}"),
            Band(tn, (f"{meets}, no raise to spare", f"{meets}, 1 raise to spare", f"{meets}, {{n}} raises to spare"),
                 RAISE)]


def question_tail(params: Mapping[str, Any], *, wounds: str, defense: str, no_defense: str, rolls: bool = True) -> str:
    """The end of an attack planner's question: damage already carried, the defender's roll, the raises."""
    text = f" with {params['flesh_wounds']} {wounds}" if params.get("flesh_wounds") else ""
    return (text + defense_words(params, defense=defense, no_defense=no_defense, rolls=rolls)
            + f"; 0 to {params['max_raises']} raises")


__all__ = [
    "ATTACK_DICE", "ATTACK_EXPLODE", "against_tn", "ATTACK_TN", "BRAWN", "BRAWN_COUNTS", "D6_RULING", "DAMAGE_RAISES", "DEFENSE",
    "DEFENSE_FIELDS", "FLESH_WOUNDS", "HOUSE_DICE_RULING", "KEEP_ALL_RULING", "MAX_BRAWN", "MAX_DAMAGE_DICE",
    "MAX_DAMAGE_RAISES", "MAX_DICE", "MAX_RAISES", "MAX_TN", "PARRY_POSSIBLE", "PD_SD_RULING", "RAISE", "TIES_RULING",
    "WEAPON", "WEAPON_FIELDS", "WOUNDS_RULES", "WOUND_CHECK_RULING", "defender_brawn", "defense_tn_words",
    "defense_words", "dice_fields", "dice_titles", "question_tail", "raise_words", "result_table",
    "roll_fields", "rules_param", "tail_note", "takes_weapon", "weapon_fields", "weapon_words", "wound_word",
]
