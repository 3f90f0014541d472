"""Social Attacks (house rules, docs/rk/social.md): what each number of damage raises deals and risks.

A Social Attack rolls against the target's SD (typed: no source gives SD a formula, R-0015).
If it reaches the SD the target may Parry, as against a physical blow, against the attack total
plus 5 per damage raise (plus 5 per raise he calls on the Parry himself). A landed attack deals
(1 + the attacker's Panache + raises) k 3 on six-sided dice (2k4 as the base where a Swordsman
Knack says so); the target's Wound Check rolls his Panache and turns it into Social Dramatic
Wounds. A failed attack, a miss or a Parry, hands the attacker (target's Panache) k 2 Social
Damage, plus one unkept die per raise the target called on a successful Parry, and his own
Wound Check on his Panache. Per raise count `plan_social` gives rk-attack's row figures plus the
expected backlash wounds and the net (wounds dealt minus wounds taken, on average); rk-attack
(calc/roll_keep/attack.py) calls `plan_social` when its Kind of attack is social, and `question` words it.
"""

from __future__ import annotations

from math import fsum
from typing import Any, Mapping, Sequence

from calc import data
from calc.dice.dist import Dist, clip01
from calc.errors import InputError
from calc.params import BoolParam, ChoiceParam, IntParam
from calc.roll_keep.exchange import (
    D6_RULING, PD_SD_RULING, SOCIAL_BASES as BASES, TIES_RULING, Defense, Roll, SocialDamage, WoundCheck,
    land, tn_with_raises,
)
from calc.roll_keep.damage import DAMAGE_SIDES, house_band, wound_step
from calc.roll_keep.vocabulary import MAX_TN, RAISE, question_tail, result_table
from calc.wording import raises_words, rough_percent, signed, xky

MAX_PANACHE = 10
SOCIAL_CHECK_RULING = "R-0058"  # the Social Wound Check rolls Panache k Panache, every Flesh Wound carried
USUAL, SWORDSMAN = BASES   # the usual base Social Damage, and the one a Swordsman Knack gives: the choice's values
SD_PER_WOUND = data.load("rk_numbers")["social_defense_per_wound"]  # the target's SD against him, per wound he takes back


def backlash(*, panache: int, parry_raises: int, attacker_panache: int, attacker_flesh_wounds: int,
             d6_explode: bool) -> dict[str, Any]:
    """The price of a failed Social Attack: the attacker's wounds after a miss and after a Parry."""
    check = WoundCheck("house", attacker_panache, attacker_flesh_wounds)
    out: dict[str, Any] = {}
    for key, unkept in (("miss", 0), ("parried", parry_raises)):
        hit = SocialDamage.backlash(panache, unkept, d6_explode=d6_explode).hit
        damage = hit.dist
        wounds = check.wounds(damage)
        out[key] = {"dice": xky(hit.rolled, hit.kept), "wounds": list(wounds.probs),
                    "expected": wounds.expected, "p_wound": wounds.p_wound, "expected_damage": damage.mean()}
    return out


def _row(r: int, target: int, attack: Dist, parry: Defense, hit: list[float], expected_hit: float,
         price: dict[str, Any], damage: str, mean_damage: float) -> dict[str, Any]:
    p_hit, p_def, p_lands = land(attack, parry, target, r)
    dist = [clip01(p_lands * p) for p in hit]
    dist[0] = clip01(1.0 - p_lands + p_lands * hit[0])
    expected = p_lands * expected_hit
    miss = 1.0 - p_hit
    expected_backlash = miss * price["miss"]["expected"] + p_def * price["parried"]["expected"]
    return {
        "raises": r, "target": target, "p_hit": p_hit, "p_defended": p_def, "p_lands": p_lands,
        "damage_dice": damage, "expected_damage": mean_damage,
        "wounds": [[n, p] for n, p in enumerate(dist)],
        "expected_wounds": expected, "p_wound": clip01(fsum(dist[1:])),
        "expected_backlash": expected_backlash,
        "p_backlash_wound": clip01(miss * price["miss"]["p_wound"] + p_def * price["parried"]["p_wound"]),
        "net": expected - expected_backlash,
    }


def verdict(rows: Sequence[dict[str, Any]], best: int) -> str:
    """The trade in one sentence: wounds dealt against wounds risked, for the best raises."""
    top = rows[best]
    fails = 1.0 - top["p_lands"]
    text = (f"With {raises_words(best)}: {top['expected_wounds']:.2f} Social Dramatic Wounds dealt per attack on "
            f"average, against {top['expected_backlash']:.2f} taken back per attack "
            f"({rough_percent(fails)} of attempts fail"
            + (f", and a failure costs {top['expected_backlash'] / fails:.2f} on average)" if fails > 0 else ")"))
    if top["net"] < 0:
        return text + "; even the best choice loses more than it gains on average."
    if best == 0 and len(rows) > 1:
        return text + "; each raise loses more in failed attacks than its extra damage die gains."
    return text + "."


def _notes(*, roll: Roll, base: str, attacker_panache: int, panache: int, parry: Roll | None,
           parry_raises: int, price: dict[str, Any], flesh_wounds: int, attacker_flesh_wounds: int,
           d6_explode: bool) -> list[str]:
    step = wound_step(False)
    second = 2   # the band the note gives as its example: two wounds
    low, high = house_band(second, step)
    six = DAMAGE_SIDES["house"]
    notes = [
        f"The attack rolls {roll} against the Social Defense (SD) you typed (no rule gives SD a formula, {PD_SD_RULING}); "
        f"each raise here is called for damage, adding {RAISE} to the TN the attack must reach "
        f"and one unkept die to the damage. A total equal to its TN succeeds ({TIES_RULING}).",
        f"Social Damage is {base} plus {attacker_panache} unkept dice for the attacker's Panache, on six-sided "
        + (f"dice that explode on a {six} ({D6_RULING})." if d6_explode else "dice that do not explode."),
        f"The target's Wound Check rolls {xky(panache, panache)} against his {flesh_wounds} Social Flesh Wounds plus "
        f"the new damage; a failure gives 1 Social Dramatic Wound, or, when it falls more than {step} short, 1 for "
        f"every whole {step} of the shortfall plus 1 ({second} from {low} to {high} short; the Codex's reading of the Social "
        f"Wound Check, {SOCIAL_CHECK_RULING}).",
    ]
    if parry is not None:
        notes.append(f"The target Parries every attack that reaches his SD with {parry}, against the attack total "
                     f"plus {RAISE} per damage raise"
                     + (f" and {RAISE} for each of his own {parry_raises} raises" if parry_raises else "") + ".")
        notes += [f"Parry roll: {note}" for note in parry.notes]
    else:
        notes.append("The target makes no Parry: every attack that reaches his SD lands.")
    after_parry = bool(parry_raises and parry is not None)
    notes.append(
        f"A failed attack costs the attacker {price['miss']['dice']} Social Damage after a miss"
        + (f" and {price['parried']['dice']} after a Parry with raises" if after_parry else "")
        + f"; his own Wound Check rolls {xky(attacker_panache, attacker_panache)} against his {attacker_flesh_wounds} "
        f"Social Flesh Wounds plus that damage. On average "
        + ("a miss" if after_parry else "a failure")
        + f" costs him {price['miss']['expected']:.2f} Social Dramatic Wounds"
        + (f" ({price['parried']['expected']:.2f} after a Parry)" if after_parry else "") + "."
    )
    notes.append(f"Each Dramatic Wound the attacker takes this way also gives the target {signed(SD_PER_WOUND)} Social "
                 "Defense against him for the rest of the Scene; these figures are for one attack.")
    notes += [f"A miss's price: {note}" for note in SocialDamage.backlash(panache).hit.notes]
    return notes


def plan_social(
    *,
    rolled: int,
    kept: int,
    explode: bool,
    tn: int,
    max_raises: int,
    attacker_panache: int,
    panache: int,
    base_damage: str,
    flesh_wounds: int,
    attacker_flesh_wounds: int,
    defense: str,
    defense_rolled: int,
    defense_kept: int,
    defense_explode: bool,
    parry_raises: int,
    d6_explode: bool,
) -> dict[str, Any]:
    """One row per damage raises r = 0..max_raises (rk-attack's rows, plus backlash and net); `best` maximises net."""
    if base_damage not in BASES:
        raise InputError("base_damage", f"Base Social Damage must be {USUAL} or {SWORDSMAN}.")
    roll = Roll.of(rolled, kept, explode=explode)
    parry = Defense(Roll.of(defense_rolled, defense_kept, explode=defense_explode) if defense == "active" else None,
                    house=True, own_raises=parry_raises)
    check = WoundCheck("house", panache, flesh_wounds)
    price = backlash(panache=panache, parry_raises=parry_raises, attacker_panache=attacker_panache,
                     attacker_flesh_wounds=attacker_flesh_wounds, d6_explode=d6_explode)
    rows = []
    for r in range(max_raises + 1):
        hit = SocialDamage.of(base_damage, attacker_panache, r, d6_explode=d6_explode).hit
        wounds = check.wounds(hit.dist)
        rows.append(_row(r, tn_with_raises(tn, r), roll.dist, parry, list(wounds.probs), wounds.expected, price,
                         f"{xky(hit.rolled, hit.kept)} on six-sided dice", hit.dist.mean()))
    best = max(range(len(rows)), key=lambda i: (rows[i]["net"], -i))
    best_for_wound = max(range(len(rows)), key=lambda i: (rows[i]["p_wound"], -i))
    top = rows[best]
    notes = _notes(roll=roll, base=base_damage, attacker_panache=attacker_panache, panache=panache,
                   parry=parry.roll, parry_raises=parry_raises,
                   price=price, flesh_wounds=flesh_wounds, attacker_flesh_wounds=attacker_flesh_wounds,
                   d6_explode=d6_explode)
    return {
        "kind": "social", "rules": "house", "roll": str(roll), "tn": tn, "rows": rows,
        "best": best, "best_words": raises_words(best), "best_for_wound": best_for_wound,
        "p_wound": top["p_wound"], "expected_wounds": top["expected_wounds"], "p_lands": top["p_lands"],
        "p_hit": top["p_hit"], "expected_backlash": top["expected_backlash"], "net": top["net"],
        "firearm": False, "verdict": verdict(rows, best),
        "distribution": top["wounds"],
        "distribution_title": f"Social Dramatic Wounds dealt per attack with {raises_words(best)}",
        "tables": [_table(rows, best, str(roll), tn)],
        "notes": notes,
    }


_COLUMNS = (("Raises", "integer"), ("TN", "integer"), ("Hits", "percent"), ("Parried", "percent"),
            ("Lands", "percent"), ("Average wounds dealt", "number"), ("Average wounds taken back", "number"),
            ("Net", "number"))
_CELLS = ("raises", "target", "p_hit", "p_defended", "p_lands", "expected_wounds", "expected_backlash", "net")


def _table(rows: Sequence[dict[str, Any]], best: int, roll: str, tn: int) -> dict[str, Any]:
    return result_table("rows", f"Raises called for damage ({roll} against Social Defense {tn})", _COLUMNS,
                        [{"cells": [row[key] for key in _CELLS], "mark": row["raises"] == best} for row in rows])


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """A Social Attack's settings in words (for rk-attack's question when `kind` is social)."""
    return (f"Social Attack {result.get('roll', '')} against Social Defense {params['tn']}, {params['base_damage']} base damage, "
            f"attacker's Panache {params['attacker_panache']}, target's Panache {params['panache']}"
            + question_tail(params, wounds="Social Flesh Wounds", defense="Parry", no_defense="no Parry"))


_SOCIAL = (("kind", ("social",)),)
_PARRIED = _SOCIAL + (("defense", ("active",)),)

SOCIAL_PARAMS = (
    IntParam("attacker_panache", "Attacker's Panache", 2, minimum=1, maximum=MAX_PANACHE, required=False,
             shown_when=_SOCIAL,
             help="Adds that many unkept dice to the Social Damage, and is the attacker's Wound Check if he fails."),
    IntParam("panache", "Target's Panache", 2, minimum=1, maximum=MAX_PANACHE, required=False, shown_when=_SOCIAL,
             help="The target's Wound Check dice, and the dice he throws at the attacker when the attack fails."),
    ChoiceParam("base_damage", "Base Social Damage", USUAL, required=False, shown_when=_SOCIAL,
                choices=((USUAL, f"{USUAL}, the usual"), (SWORDSMAN, f"{SWORDSMAN}, where a Swordsman Knack gives it")),
                help="Before the attacker's Panache and the damage raises are added as unkept dice."),
    IntParam("attacker_flesh_wounds", "Attacker's Social Flesh Wounds", 0, minimum=0, maximum=MAX_TN, required=False,
             shown_when=_SOCIAL, help="Social damage the attacker already carries: a failed attack's Wound Check must reach it too."),
    IntParam("parry_raises", "Target's raises on his Parry", 0, minimum=0, maximum=10, required=False, more=True,
             shown_when=_PARRIED,
             help=f"Each makes his Parry {RAISE} harder and adds one unkept die to what a parried attacker takes."),
    BoolParam("defense_explode", "Target's Parry dice explode", True, required=False, more=True, shown_when=_PARRIED,
              help="Untick for a Distracted target: his Wits rolls do not explode."),
)

__all__ = ["SOCIAL_PARAMS", "backlash", "plan_social", "question", "verdict"]
