"""Roll & Keep attack planner (`rk-attack`): from the attack roll to lasting wounds, per raises called.

It weighs one attack over the values of `calc.roll_keep.exchange` (a `Roll`, the `Weapon` in the
attacker's hand, a `Defense`, a `WoundCheck`), as the roll and damage calculators work them out:

1. the attack roll must meet the TN with its raises (`tn_with_raises`);
2. the defender may roll an Active Defense (summary rules) or a Parry (house rules), exactly
   against the attack roll's own total: the two distributions are combined outcome by outcome (`land`);
3. a hit that is not turned aside rolls the weapon's damage with one extra unkept die per raise
   (`Weapon.hit`), then the defender's Wound Check.

Every raise counted here is called for damage (that is the choice the planner weighs). A Social
Attack is planned by `calc.roll_keep.social`, this calculator's other half.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from calc.roll_keep import social
from calc.calculator import Calculator, Headline
from calc.meaning import Meaning, counted
from calc.dice.dist import Dist, clip01
from calc.errors import InputError
from calc.params import ChoiceParam, IntParam, Param
from calc.roll_keep.exchange import Defense, Hit, Roll, Weapon, WoundCheck, Wounds, land, raise_words, tn_with_raises
from calc.roll_keep.vocabulary import (
    ATTACK_DICE,
    ATTACK_EXPLODE,
    ATTACK_TN,
    DEFENSE,
    DEFENSE_FIELDS,
    FLESH_WOUNDS,
    HOUSE_DICE_RULING,
    MAX_RAISES,
    WEAPON_FIELDS,
    WOUNDS_RULES,
    defender_brawn,
    defense_tn_words,
    dice_titles,
    question_tail,
    result_table,
    rules_words,
    tail_note,
    takes_weapon,
    weapon_fields,
    weapon_words,
    wound_word,
)
from calc.wording import apart, raises_words, rough_percent

ATTACK_TITLES = dice_titles(ATTACK_DICE)


def _verdict(rows: Sequence[dict[str, Any]], best: int, best_for_wound: int) -> str:
    """One sentence on the trade-off: fewer hits against more damage per hit."""
    top = rows[best]
    base = rows[0]
    if top["expected_wounds"] <= 0:
        return "No number of raises gives this attack a chance to cause a lasting wound."
    w_top, w_base = apart(top["expected_wounds"], base["expected_wounds"])
    l_top, l_base = apart(top["p_lands"], base["p_lands"], as_percent=True)
    if len(rows) == 1:
        text = (f"With no raises: {rough_percent(top['p_lands'])} of attacks land, "
                f"{top['expected_wounds']:.2f} wounds per attack on average.")
    elif best == 0:
        text = (f"Calling no raises is best: {rough_percent(base['p_lands'])} of attacks land and "
                f"{base['expected_wounds']:.2f} wounds per attack on average; each raise costs more hits "
                "than its extra damage die is worth.")
    else:
        text = (f"Calling {raises_words(best)}: fewer hits ({l_top} land, against "
                f"{l_base} with none) but more wounds per attack "
                f"({w_top}, against {w_base}).")
    if best_for_wound != best:
        text += (f" For the best chance of at least one wound, call {raises_words(best_for_wound)} "
                 f"({rough_percent(rows[best_for_wound]['p_wound'])}).")
    return text


def _hits(weapon: Weapon, max_raises: int) -> list[Hit]:
    """One landed hit's damage dice for each raises count from none to `max_raises`."""
    hits: list[Hit] = []
    for r in range(max_raises + 1):
        try:
            hits.append(weapon.hit(r))
        except InputError as err:
            if err.field != "raises":
                raise
            raise InputError("max_raises", f"Most raises to consider is {max_raises}, too many for "
                                           f"this weapon: with {r} raises, {err.message}") from None
    return hits


def _row(r: int, hit: Hit, wounds: Wounds, attack: Dist, defense: Defense, *, tn: int) -> dict[str, Any]:
    """One raises count: hit, turned aside, lands, and the wounds per attack."""
    target = tn_with_raises(tn, r)
    p_hit, p_def, p_lands = land(attack, defense, target, r)
    per = list(wounds.probs)
    while len(per) > 1 and per[-1] == 0.0:
        per.pop()
    dist = [clip01(p_lands * p) for p in per]
    dist[0] = clip01(1.0 - p_lands + p_lands * per[0])
    return {
        "raises": r,
        "target": target,
        "p_hit": p_hit,
        "p_defended": p_def,
        "p_lands": p_lands,
        "damage_dice": hit.words(),
        "expected_damage": hit.dist.mean(),
        "wounds": [[n, p] for n, p in enumerate(dist)],
        "expected_wounds": p_lands * wounds.expected,
        "p_wound": clip01(p_lands * wounds.p_wound),
        "expected_backlash": 0.0,   # a failed blow costs the attacker nothing
        "net": p_lands * wounds.expected,
    }


def defense_notes(*, defense: str, house: bool, no_parry: bool, defense_text: str) -> list[str]:
    """How the defender's roll meets the attack, in a sentence."""
    if no_parry:
        return ["Under normal circumstances the house rules allow no Parry against a firearm attack, "
                "so here no hit is turned aside."]
    if defense != "active":
        return ["The defender makes no Active Defense or Parry: every hit lands."]
    if house:
        return [f"The defender Parries every hit with {defense_text}. " + defense_tn_words(house=True)]
    return [f"The defender answers every hit with an Active Defense of {defense_text}. " + defense_tn_words(house=False)]


def house_dice_notes(*, house: bool, from_stat: bool) -> list[str]:
    """Under the house rules, attack dice built from Finesse + Knack are the Codex's reading."""
    if not house or not from_stat:
        return []
    return ["The house rules only say that the attacker rolls the Attack Knack; building those dice from "
            f"Finesse + Knack, as the summary rules build every test, is the Codex's reading ({HOUSE_DICE_RULING})."]


def raise_notes(*, top: Mapping[str, Any], best: int, wound_word: str, flesh_wounds: int) -> list[str]:
    """What a raise buys here, and which Wound Check counts the wounds."""
    return [
        f"Every raise here is called for damage: it {raise_words()} and one unkept die to the damage "
        f"({top['damage_dice']} with {raises_words(best)}). {wound_word} Wounds are counted by the Wound Check "
        f"of one attack, against {flesh_wounds} Flesh Wounds already taken."
    ]


def _best(rows: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """The raises with the most wounds per attack, and with the best chance of one (fewer on a tie)."""
    best = max(range(len(rows)), key=lambda i: (rows[i]["expected_wounds"], -i))
    best_for_wound = max(range(len(rows)), key=lambda i: (rows[i]["p_wound"], -i))
    return best, best_for_wound


def _new_notes(have: Sequence[str], hit_notes: Sequence[str]) -> list[str]:
    """The damage and Wound Check of a hit with the best raises, as the damage calculator explains them
    (less what is already said, and its own note on exploding dice: the attack's comes last)."""
    out: list[str] = []
    for note in hit_notes:
        if note not in have and note not in out and not note.startswith("Exploding dice"):
            out.append(note)
    return out


_COLUMNS = (("Raises", "integer"), ("TN", "integer"), ("Hits", "percent"), ("Turned aside", "percent"),
            ("Lands", "percent"), ("Average wounds", "number"), ("At least one wound", "percent"))


def _table(rows: Sequence[Mapping[str, Any]], best: int, roll: str, tn: int) -> dict[str, Any]:
    cells = ("raises", "target", "p_hit", "p_defended", "p_lands", "expected_wounds", "p_wound")
    return result_table("rows", f"Raises called for damage ({roll} against TN {tn})", _COLUMNS,
                        [{"cells": [row[key] for key in cells], "mark": row["raises"] == best} for row in rows])


@takes_weapon
def plan(
    *,
    rules: str,
    kind: str,
    rolled: int | None,
    kept: int | None,
    stat: int | None,
    skill: int | None,
    explode: bool,
    tn: int,
    max_raises: int,
    brawn: int,
    flesh_wounds: int,
    defense: str,
    defense_rolled: int,
    defense_kept: int,
    attacker_panache: int,
    panache: int,
    base_damage: str,
    attacker_flesh_wounds: int,
    parry_raises: int,
    defense_explode: bool,
    weapon: Weapon,
) -> dict[str, Any]:
    """One row per raises count r = 0..max_raises: hit, defended, lands, wounds; and the best r.

    A Social Attack (`kind`, house rules only: the registry refuses it under the summary rules) is
    planned by `social.plan_social`, whose rows also weigh what a failed attack costs the
    attacker; a physical attack costs him nothing (`net` is its wounds)."""
    if kind == "social":
        roll = Roll.read(rolled, kept, None, None, titles=ATTACK_TITLES)
        result = social.plan_social(
            rolled=roll.rolled, kept=roll.kept, explode=explode, tn=tn, max_raises=max_raises,
            attacker_panache=attacker_panache, panache=panache, base_damage=base_damage,
            flesh_wounds=flesh_wounds, attacker_flesh_wounds=attacker_flesh_wounds, defense=defense,
            defense_rolled=defense_rolled, defense_kept=defense_kept, defense_explode=defense_explode,
            parry_raises=parry_raises, d6_explode=weapon.d6_explode)
        result["notes"] = list(roll.notes) + result["notes"]
        return result
    roll = Roll.read(rolled, kept, stat, skill, titles=ATTACK_TITLES, explode=explode)
    return _physical(roll, weapon, tn=tn, max_raises=max_raises, house_dice=stat is not None,
                     check=WoundCheck(rules, brawn, flesh_wounds, weapon.is_firearm),
                     defense=Roll.of(defense_rolled, defense_kept) if defense == "active" else None)


def _physical(roll: Roll, weapon: Weapon, *, tn: int, max_raises: int, house_dice: bool, check: WoundCheck,
              defense: Roll | None) -> dict[str, Any]:
    """A physical attack's plan: the defender's roll, then the damage and Wound Check of each hit."""
    rules = weapon.rules
    house = rules == "house"
    notes = list(roll.notes) + house_dice_notes(house=house, from_stat=house_dice)
    attack = roll.dist
    hits = _hits(weapon, max_raises)
    no_parry = house and weapon.is_firearm
    parry = Defense(None if no_parry else defense, house)
    d_notes = [f"Defense roll: {n}" for n in (defense.notes if defense and not no_parry else ())]
    wounds = [check.wounds(hit.dist) for hit in hits]
    rows = [_row(r, hit, wounds[r], attack, parry, tn=tn) for r, hit in enumerate(hits)]
    best, best_for_wound = _best(rows)
    top = rows[best]
    notes += d_notes + defense_notes(defense="active" if defense else "none", house=house, no_parry=no_parry,
                                     defense_text=str(defense) if defense else "")
    notes += raise_notes(top=top, best=best, wound_word=wound_word(rules), flesh_wounds=check.flesh_wounds)
    notes += _new_notes(notes, [*hits[best].notes, *weapon.improvised_notes(), *check.notes()]) + tail_note(attack)
    return {
        "kind": "physical",
        "rules": rules,
        "roll": str(roll),
        "tn": tn,
        "rows": rows,
        "best": best,
        "best_words": raises_words(best),   # the headlines below name it
        "best_for_wound": best_for_wound,
        "p_wound": top["p_wound"],
        "expected_wounds": top["expected_wounds"],
        "p_lands": top["p_lands"],
        "p_hit": top["p_hit"],
        "firearm": weapon.is_firearm,
        "verdict": _verdict(rows, best, best_for_wound),
        "distribution": top["wounds"],
        "distribution_title": f"{wound_word(rules)} Wounds per attack with {raises_words(best)}",
        "tables": [_table(rows, best, str(roll), tn)],
        "notes": notes,
    }


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The attack in words: dice, TN, rules, weapon, both Brawns, the defense and the raises weighed."""
    if params.get("kind") == "social":
        return social.question(params, result)
    brawn = f"attacker's Brawn {params['attacker_brawn']}, " if WEAPON_BRAWN.applies(params) else ""
    return (f"{result.get('roll', '')} attack against TN {params['tn']} ({rules_words(params['rules'])}), "
            f"{weapon_words(params, said=('attacker_brawn',))}, {brawn}defender's Brawn {params['brawn']}"
            + question_tail(params, wounds="Flesh Wounds", defense="defending with", no_defense="no defense roll",
                            rolls=DEFENSE.applies(params)))


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """The wounds one attack deals, with the best raises."""
    return result["distribution_title"], counted("wound", "wounds", "no wound")


# The physical attack's fields: the shared vocabulary's, composed (rk-fight composes the same sets).
ATTACK_PARAMS: tuple[Param, ...] = (
    WOUNDS_RULES,
    *ATTACK_DICE,
    ATTACK_EXPLODE,
    ATTACK_TN,
    IntParam("max_raises", "Most raises to consider", 4, minimum=0, maximum=MAX_RAISES, required=False,
             help="One row for each number of raises from 0 to this."),
    *weapon_fields(before={"d6_explode": (
        defender_brawn(),
        replace(FLESH_WOUNDS, help="The defender's damage carried from earlier hits (Social Flesh Wounds for a "
                                   "Social Attack): his Wound Check must reach it as well as the new damage."),
        *DEFENSE_FIELDS,
    )}),
)
WEAPON_BRAWN = WEAPON_FIELDS["attacker_brawn"]

KIND = ChoiceParam(
    "kind", "Kind of attack", "physical", required=False, filtered_by="rules",
    choices=(("physical", "A blow or a shot"), ("social", "A Social Attack: Charm, Intimidate or Taunt")),
    offered=(("physical", (("house", "A blow or a shot"), ("summary", "A blow or a shot"))),
             ("social", (("house", "A Social Attack: Charm, Intimidate or Taunt"),))),
    help="Social Attacks belong to the house rules: words against the target's Social Defense.")

# Fields that only a blow or a shot has: a Social Attack's damage and Wound Check are its own; the
# target's Parry against words is his whatever the weapon fields hold.
_PHYSICAL_ONLY = frozenset({"stat", "skill", *WEAPON_FIELDS, "brawn"}) - {"d6_explode"}
_SOCIAL = (("kind", ("social",)),)


def _by_kind(param: Param) -> Param:
    if param.name in _PHYSICAL_ONLY:
        return replace(param, shown_when=param.shown_when + (("kind", ("physical",)),))
    if param in DEFENSE_FIELDS:
        return replace(param, shown_any=param.shown_any + (_SOCIAL,))
    return param


CALCULATORS = (
    Calculator(
        id="rk-attack",
        title="Attack planner: how many raises?",
        rule="rk/attacking.md#rk-attack-planner",
        summary="From the attack roll to lasting wounds, for every number of raises called for damage.",
        params=(ATTACK_PARAMS[0], KIND, *(_by_kind(p) for p in ATTACK_PARAMS[1:]), *social.SOCIAL_PARAMS),
        compute=plan,
        marked_rows=(("rows", "best"),),
        question=question,
        meaning=meaning,
        # a blow's sentence, or a Social Attack's (calc.roll_keep.social.question): each phrases these where they apply
        says=("rules", "kind", "rolled", "kept", "stat", "skill", "tn", "max_raises", *WEAPON_FIELDS, "brawn",
              "flesh_wounds", "defense", "defense_rolled", "defense_kept", "attacker_panache", "panache", "base_damage"),
        headlines=(
            Headline("best", "Raises to call for the most wounds", "integer"),
            Headline("p_wound", "Chance of at least one wound with {best_words}"),
            Headline("expected_wounds", "Average wounds per attack with {best_words}", "number"),
            Headline("expected_backlash", "Average wounds taken back per attack, with {best_words}", "number"),
            Headline("best_for_wound", "Raises for the best chance of a wound", "integer"),
        ),
    ),
)

__all__ = ["ATTACK_PARAMS", "CALCULATORS", "defense_notes", "plan", "question", "raise_notes"]
