"""Roll & Keep attack planner (`rk-attack`): from the attack roll to lasting wounds, per raises called.

It chains the Roll & Keep calculators (`calc.rk_check`, `calc.rk_wounds`) over the shared rules
of `calc.rk_rules` and adds the one step they do not cover, the defender's roll against the attack:

1. the attack roll (its dice read as `rk_rules.dice_from` reads them) must meet TN + 5 per raise;
2. the defender may roll an Active Defense (summary rules) or a Parry (house rules), exactly
   against the attack roll's own total: the two distributions are combined outcome by outcome;
3. a hit that is not turned aside rolls damage with one extra unkept die per raise, then the
   defender's Wound Check (`rk_wounds.wounds`, raises = r).

Every raise counted here is called for damage (that is the choice the planner weighs).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from . import rk_social, rk_wounds
from .calculator import Calculator, Headline
from .dist import Dist, clip01
from .errors import InputError
from .keep import roll_keep as roll_dice
from .params import ChoiceParam, IntParam, Param
from .rk_rules import defended
from .rk_vocabulary import (
    ATTACK_DICE,
    ATTACK_EXPLODE,
    ATTACK_TN,
    DEFENSE_FIELDS,
    FLESH_WOUNDS,
    HOUSE_DICE_RULING,
    MAX_RAISES,
    RAISE,
    WEAPON_FIELDS,
    WOUNDS_RULES,
    defender_brawn,
    defense_tn_words,
    dice_from,
    dice_titles,
    keep_all,
    result_table,
    rules_words,
    tail_note,
    weapon_words,
    wound_word,
)
from .wording import apart, raises_words, rough_percent, xky

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


def _hits(*, max_raises: int, rules: str, brawn: int, flesh_wounds: int, weapon: str, damage_rolled: int | None,
          damage_kept: int | None, attacker_brawn: int, firearm: str, d6_explode: bool,
          thrown: bool) -> list[dict[str, Any]]:
    """The damage and Wound Check of one landed hit for each raises count: the rk-wounds calculator itself."""
    per_hit: list[dict[str, Any]] = []
    for r in range(max_raises + 1):
        try:
            per_hit.append(rk_wounds.wounds(
                rules=rules, brawn=brawn, flesh_wounds=flesh_wounds, damage=None, weapon=weapon,
                damage_rolled=damage_rolled, damage_kept=damage_kept, attacker_brawn=attacker_brawn,
                raises=r, firearm=firearm, d6_explode=d6_explode, thrown=thrown,
            ))
        except InputError as err:
            if err.field != "raises":
                raise
            raise InputError("max_raises", f"Most raises to consider is {max_raises}, too many for "
                                           f"this weapon: with {r} raises, {err.message}") from None
    return per_hit


def _defense_roll(defense_rolled: int, defense_kept: int) -> tuple[Dist, str, list[str]]:
    """The defender's roll: its dice, the dice in words and the notes on them."""
    d_kept, d_notes = keep_all(defense_rolled, defense_kept)
    return (roll_dice(defense_rolled, d_kept, explode=True), xky(defense_rolled, d_kept),
            [f"Defense roll: {n}" for n in d_notes])


def _row(r: int, hit: Mapping[str, Any], attack: Dist, defense: Dist | None, *, tn: int,
         house: bool) -> dict[str, Any]:
    """One raises count: hit, turned aside, lands, and the wounds per attack."""
    target = tn + RAISE * r
    p_hit = attack.at_least(target)
    p_def = 0.0
    if defense is not None:
        # summary: against the attack roll's value; house: the PA + 5 per damage raise
        p_def = min(p_hit, defended(attack, defense, target, RAISE * r if house else 0))
    p_lands = clip01(p_hit - p_def)
    per = [p for _, p in hit["wounds"]]
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
        "damage_dice": hit["damage_dice"],
        "expected_damage": hit["expected_damage"],
        "wounds": [[n, p] for n, p in enumerate(dist)],
        "expected_wounds": p_lands * hit["expected_wounds"],
        "p_wound": clip01(p_lands * hit["p_wound"]),
        "expected_backlash": 0.0,   # a failed blow costs the attacker nothing
        "net": p_lands * hit["expected_wounds"],
    }


def defense_notes(*, defense: str, house: bool, no_parry: bool, defense_text: str) -> list[str]:
    """How the defender's roll meets the attack, in a sentence."""
    if defense != "active":
        return ["The defender makes no Active Defense or Parry: every hit lands."]
    if no_parry:
        return ["Under normal circumstances the house rules allow no Parry against a firearm attack, "
                "so here no hit is turned aside."]
    if house:
        return [f"The defender Parries every hit with {defense_text}. " + defense_tn_words(house=True)]
    return [f"The defender answers every hit with an Active Defense of {defense_text}. " + defense_tn_words(house=False)]


def house_dice_notes(*, house: bool, stat: int | None) -> list[str]:
    """Under the house rules, attack dice built from Finesse + Knack are the Codex's reading."""
    if not house or stat is None:
        return []
    return ["The house rules only say that the attacker rolls the Attack Knack; building those dice from "
            f"Finesse + Knack, as the summary rules build every test, is the Codex's reading ({HOUSE_DICE_RULING})."]


def raise_notes(*, top: Mapping[str, Any], best: int, wound_word: str, flesh_wounds: int) -> list[str]:
    """What a raise buys here, and which Wound Check counts the wounds."""
    return [
        f"Every raise here is called for damage: it adds 5 to the TN and one unkept die to the damage "
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
    weapon: str,
    damage_rolled: int | None,
    damage_kept: int | None,
    attacker_brawn: int,
    thrown: bool,
    firearm: str,
    brawn: int,
    flesh_wounds: int,
    defense: str,
    defense_rolled: int,
    defense_kept: int,
    d6_explode: bool,
    attacker_panache: int,
    panache: int,
    base_damage: str,
    attacker_flesh_wounds: int,
    parry_raises: int,
    defense_explode: bool,
) -> dict[str, Any]:
    """One row per raises count r = 0..max_raises: hit, defended, lands, wounds; and the best r.

    A Social Attack (`kind`, house rules only) is planned by `rk_social.plan_social`, whose rows also
    weigh what a failed attack costs the attacker; a physical attack costs him nothing (`net` is its
    wounds)."""
    if kind == "social":
        if rules != "house":
            raise InputError("kind", "Kind of attack: Social Attacks belong to the house rules; choose them under "
                                     "Rules, or a physical attack.")
        rolled, kept, notes = dice_from(rolled, kept, None, None, titles=ATTACK_TITLES)
        result = rk_social.plan_social(
            rolled=rolled, kept=kept, explode=explode, tn=tn, max_raises=max_raises,
            attacker_panache=attacker_panache, panache=panache, base_damage=base_damage,
            flesh_wounds=flesh_wounds, attacker_flesh_wounds=attacker_flesh_wounds, defense=defense,
            defense_rolled=defense_rolled, defense_kept=defense_kept, defense_explode=defense_explode,
            parry_raises=parry_raises, d6_explode=d6_explode)
        result["notes"] = notes + result["notes"]
        return result
    return _physical(rules=rules, rolled=rolled, kept=kept, stat=stat, skill=skill, explode=explode, tn=tn,
                     max_raises=max_raises, weapon=weapon, damage_rolled=damage_rolled, damage_kept=damage_kept,
                     attacker_brawn=attacker_brawn, thrown=thrown, firearm=firearm, brawn=brawn,
                     flesh_wounds=flesh_wounds, defense=defense, defense_rolled=defense_rolled,
                     defense_kept=defense_kept, d6_explode=d6_explode)


def _physical(*, rules: str, rolled: int | None, kept: int | None, stat: int | None, skill: int | None,
              explode: bool, tn: int, max_raises: int, weapon: str, damage_rolled: int | None,
              damage_kept: int | None, attacker_brawn: int, thrown: bool, firearm: str, brawn: int,
              flesh_wounds: int, defense: str, defense_rolled: int, defense_kept: int,
              d6_explode: bool) -> dict[str, Any]:
    """A physical attack's plan: the defender's roll, then the damage and Wound Check of each hit."""
    house = rules == "house"
    rolled, kept, notes = dice_from(rolled, kept, stat, skill, titles=ATTACK_TITLES)
    notes += house_dice_notes(house=house, stat=stat)
    attack = roll_dice(rolled, kept, explode=explode)
    per_hit = _hits(max_raises=max_raises, rules=rules, brawn=brawn, flesh_wounds=flesh_wounds, weapon=weapon,
                    damage_rolled=damage_rolled, damage_kept=damage_kept, attacker_brawn=attacker_brawn,
                    firearm=firearm, d6_explode=d6_explode, thrown=thrown)
    no_parry = house and bool(per_hit[0]["firearm"])
    defense_dist, defense_text, d_notes = (_defense_roll(defense_rolled, defense_kept)
                                           if defense == "active" and not no_parry else (None, "", []))
    rows = [_row(r, hit, attack, defense_dist, tn=tn, house=house) for r, hit in enumerate(per_hit)]
    best, best_for_wound = _best(rows)
    top = rows[best]
    notes += d_notes + defense_notes(defense=defense, house=house, no_parry=no_parry, defense_text=defense_text)
    notes += raise_notes(top=top, best=best, wound_word=wound_word(rules), flesh_wounds=flesh_wounds)
    notes += _new_notes(notes, per_hit[best]["notes"]) + tail_note(attack)
    return {
        "kind": "physical",
        "rules": rules,
        "roll": xky(rolled, kept),
        "tn": tn,
        "rows": rows,
        "best": best,
        "best_words": raises_words(best),   # the headlines below name it
        "best_for_wound": best_for_wound,
        "p_wound": top["p_wound"],
        "expected_wounds": top["expected_wounds"],
        "p_lands": top["p_lands"],
        "p_hit": top["p_hit"],
        "firearm": bool(per_hit[0]["firearm"]),
        "verdict": _verdict(rows, best, best_for_wound),
        "distribution": top["wounds"],
        "distribution_title": f"{wound_word(rules)} Wounds per attack with {raises_words(best)}",
        "tables": [_table(rows, best, xky(rolled, kept), tn)],
        "notes": notes,
    }


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The attack in words: dice, TN, rules, weapon, both Brawns, the defense and the raises weighed."""
    if params.get("kind") == "social":
        return rk_social.question(params, result)
    return (f"{result.get('roll', '')} attack against TN {params['tn']} ({rules_words(params['rules'])}), "
            f"{weapon_words(params)}, "
            f"attacker's Brawn {params['attacker_brawn']}, defender's Brawn {params['brawn']}"
            + rk_social.question_tail(params, wounds="Flesh Wounds", defense="defending with",
                                      no_defense="no defense roll"))


# The physical attack's fields: the shared vocabulary's, composed (rk-fight composes the same sets).
ATTACK_PARAMS: tuple[Param, ...] = (
    WOUNDS_RULES,
    *ATTACK_DICE,
    ATTACK_EXPLODE,
    ATTACK_TN,
    IntParam("max_raises", "Most raises to consider", 4, minimum=0, maximum=MAX_RAISES, required=False,
             help="One row for each number of raises from 0 to this."),
    *(WEAPON_FIELDS[name] for name in ("weapon", "thrown", "damage_rolled", "damage_kept", "attacker_brawn",
                                       "firearm")),
    defender_brawn(),
    replace(FLESH_WOUNDS, help="The defender's damage carried from earlier hits (Social Flesh Wounds for a "
                               "Social Attack): his Wound Check must reach it as well as the new damage."),
    *DEFENSE_FIELDS,
    WEAPON_FIELDS["d6_explode"],
)

KIND = ChoiceParam(
    "kind", "Kind of attack", "physical", required=False, filtered_by="rules",
    choices=(("physical", "A blow or a shot"), ("social", "A Social Attack: Charm, Intimidate or Taunt")),
    offered=(("physical", (("house", "A blow or a shot"), ("summary", "A blow or a shot"))),
             ("social", (("house", "A Social Attack: Charm, Intimidate or Taunt"),))),
    help="Social Attacks belong to the house rules: words against the target's Social Defense.")

# Fields that only a blow or a shot has: a Social Attack's damage and Wound Check are its own.
_PHYSICAL_ONLY = frozenset({"stat", "skill", "weapon", "thrown", "damage_rolled", "damage_kept", "attacker_brawn",
                            "firearm", "brawn"})


def _physical_only(param: Param) -> Param:
    if param.name not in _PHYSICAL_ONLY:
        return param
    return replace(param, shown_when=param.shown_when + (("kind", ("physical",)),))


CALCULATORS = (
    Calculator(
        id="rk-attack",
        title="Attack planner: how many raises?",
        rule="rk/attacking.md#rk-attack-planner",
        summary="From the attack roll to lasting wounds, for every number of raises called for damage.",
        params=(ATTACK_PARAMS[0], KIND, *(_physical_only(p) for p in ATTACK_PARAMS[1:]), *rk_social.SOCIAL_PARAMS),
        compute=plan,
        marked_rows=(("rows", "best"),),
        question=question,
        headlines=(
            Headline("best", "Raises to call for the most wounds", "integer"),
            Headline("p_wound", "Chance of at least one wound with {best_words}"),
            Headline("expected_wounds", "Average wounds per attack with {best_words}", "number"),
            Headline("expected_backlash", "Average wounds taken back per attack, with {best_words}", "number"),
            Headline("best_for_wound", "Raises for the best chance of a wound", "integer"),
        ),
    ),
)

__all__ = ["ATTACK_PARAMS", "CALCULATORS", "defended", "defense_notes", "plan", "question", "raise_notes"]
