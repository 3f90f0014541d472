"""Roll & Keep attack planner (`rk-attack`): from the attack roll to lasting wounds, per raises called.

It chains the Roll & Keep calculators of `calc.roll_keep` and adds the one step they do not
cover, the defender's roll against the attack:

1. the attack roll (as `roll_keep.check` reads its dice) must meet TN + 5 per raise;
2. the defender may roll an Active Defense (summary rules) or a Parry (house rules), exactly
   against the attack roll's own total: the two distributions are combined outcome by outcome;
3. a hit that is not turned aside rolls damage with one extra unkept die per raise, then the
   defender's Wound Check (`roll_keep.wounds`, raises = r).

Every raise counted here is called for damage (that is the choice the planner weighs).
"""

from __future__ import annotations

from dataclasses import replace
from math import fsum
from typing import Any, Sequence

from . import roll_keep
from .calculator import Calculator, Headline
from .dist import Dist, clip01
from .errors import InputError
from .keep import roll_keep as roll_dice
from .params import BoolParam, ChoiceParam, IntParam

RAISE = 5  # a raise adds 5 to the TN (summary rules; the house rules' Parry TN too)
MAX_RAISES = 10  # rows considered at most: the chance of hitting is tiny long before this
MAX_DICE = roll_keep.MAX_DICE


def _wounds_calculator() -> Calculator:
    for calculator in roll_keep.CALCULATORS:
        if calculator.id == "rk-wounds":
            return calculator
    raise RuntimeError("rk-attack stands on rk-wounds, which is missing")


_WOUNDS = _wounds_calculator()
_WOUND_PARAMS = {p.name: p for p in _WOUNDS.params}


_CHECK_ONLY = ("Dice do not explode", "Even with no raises", "Only with no raises", "You can call up to",
               "A roll succeeds", "Exploding dice are followed")  # rk-check's notes on its own table


def _dice(rolled: int | None, kept: int | None, stat: int | None, skill: int | None, explode: bool,
          fields: dict[str, tuple[str, str]]) -> tuple[int, int, list[str]]:
    """The dice of a roll as the roll calculator (rk-check) reads them, with its checks and notes.

    `fields` maps rk-check's field names to this calculator's (name, on-screen label), so an
    error names our field by its label.
    """
    if (stat is None) != (skill is None):
        missing, given = ("skill", "stat") if skill is None else ("stat", "skill")
        name, label = fields.get(missing, (missing, missing))
        raise InputError(name, f"{label} is needed too: with {fields.get(given, (given, given))[1]}, give both, "
                               "or leave both blank.")
    try:
        out = roll_keep.check(rolled=rolled, kept=kept, tn=0, explode=explode, stat=stat, skill=skill)
    except InputError as err:
        name, label = fields.get(err.field, (err.field, err.field))
        raise InputError(name, f"{label}: {err.message}") from None
    notes = [n for n in out["notes"] if not n.startswith(_CHECK_ONLY)]
    return out["rolled"], out["kept"], notes


_ATTACK_FIELDS = {"rolled": ("rolled", "Attack dice rolled (X)"), "kept": ("kept", "Attack dice kept (Y)"),
                  "stat": ("stat", "Finesse (optional)"), "skill": ("skill", "Attack Knack (optional)")}
_DEFENSE_FIELDS = {"rolled": ("defense_rolled", "Defense dice rolled"), "kept": ("defense_kept", "Defense dice kept")}


def defended(attack: Dist, defense: Dist, target: int, extra: int) -> float:
    """P(attack >= target and defense >= attack + extra): a hit that the defender's roll turns aside.

    The defense is rolled against the attack's own total (plus `extra`), so the two rolls are
    combined outcome by outcome rather than as two independent chances.
    """
    turned = [p for _, p in defense.survival()]   # turned[j]: P(defense >= defense.offset + j)
    terms = []
    total = attack.total
    for i, w in enumerate(attack.weights):
        a = attack.offset + i
        if w and a >= target:
            j = max(0, a + extra - defense.offset)
            if j >= len(turned):
                break
            terms.append(w / total * turned[j])
    return clip01(fsum(terms))


def _percent_words(p: float) -> str:
    if 0 < p < 0.005:
        return "under 1%"
    if 0.995 <= p < 1:
        return "over 99%"
    return f"{p * 100:.0f}%"


def _raises_words(n: int) -> str:
    return "no raises" if n == 0 else f"{n} raise{'s' if n != 1 else ''}"


def _two(a: float, b: float) -> tuple[str, str]:
    """Two averages with enough decimals to tell them apart (up to four)."""
    for places in (2, 3, 4):
        x, y = f"{a:.{places}f}", f"{b:.{places}f}"
        if x != y:
            return x, y
    return x, y


def _verdict(rows: Sequence[dict[str, Any]], best: int, best_for_wound: int) -> str:
    """One sentence on the trade-off: fewer hits against more damage per hit."""
    top = rows[best]
    base = rows[0]
    if top["expected_wounds"] <= 0:
        return "No number of raises gives this attack a chance to cause a lasting wound."
    w_top, w_base = _two(top["expected_wounds"], base["expected_wounds"])
    if len(rows) == 1:
        text = (f"With no raises: {_percent_words(top['p_lands'])} of attacks land, "
                f"{top['expected_wounds']:.2f} wounds per attack on average.")
    elif best == 0:
        text = (f"Calling no raises is best: {_percent_words(base['p_lands'])} of attacks land and "
                f"{base['expected_wounds']:.2f} wounds per attack on average; each raise costs more hits "
                "than its extra damage die is worth.")
    else:
        text = (f"Calling {_raises_words(best)}: fewer hits ({_percent_words(top['p_lands'])} land, against "
                f"{_percent_words(base['p_lands'])} with none) but more wounds per attack "
                f"({w_top}, against {w_base}).")
    if best_for_wound != best:
        text += (f" For the best chance of at least one wound, call {_raises_words(best_for_wound)} "
                 f"({_percent_words(rows[best_for_wound]['p_wound'])}).")
    return text


def plan(
    *,
    rules: str = "summary",
    rolled: int | None = 8,
    kept: int | None = 4,
    stat: int | None = None,
    skill: int | None = None,
    explode: bool = True,
    tn: int = 15,
    max_raises: int = 4,
    weapon: str = "fencing",
    damage_rolled: int | None = None,
    damage_kept: int | None = None,
    attacker_brawn: int = 2,
    thrown: bool = False,
    firearm: str = "weapon",
    brawn: int = 3,
    flesh_wounds: int = 0,
    defense: str = "active",
    defense_rolled: int = 4,
    defense_kept: int = 2,
    d6_explode: bool = True,
) -> dict[str, Any]:
    """One row per raises count r = 0..max_raises: hit, defended, lands, wounds; and the best r."""
    rolled, kept, notes = _dice(rolled, kept, stat, skill, explode, _ATTACK_FIELDS)
    attack = roll_dice(rolled, kept, explode=explode)
    house = rules == "house"

    # damage and Wound Check of one landed hit, per raises: the rk-wounds calculator itself
    per_hit: list[dict[str, Any]] = []
    for r in range(max_raises + 1):
        try:
            per_hit.append(roll_keep.wounds(
                rules=rules, brawn=brawn, flesh_wounds=flesh_wounds, weapon=weapon,
                damage_rolled=damage_rolled, damage_kept=damage_kept, attacker_brawn=attacker_brawn,
                raises=r, firearm=firearm, d6_explode=d6_explode, thrown=thrown,
            ))
        except InputError as err:
            if err.field != "raises":
                raise
            raise InputError("max_raises", f"Most raises to consider is {max_raises}, too many for "
                                           f"this weapon: with {r} raises, {err.message}") from None
    is_firearm = bool(per_hit[0]["firearm"])
    no_parry = house and is_firearm

    defense_dist: Dist | None = None
    defense_text = ""
    if defense == "active" and not no_parry:
        d_rolled, d_kept, d_notes = _dice(defense_rolled, defense_kept, None, None, True, _DEFENSE_FIELDS)
        notes.extend(f"Defense roll: {n}" for n in d_notes)
        defense_dist = roll_dice(d_rolled, d_kept, explode=True)
        defense_text = f"{d_rolled}k{d_kept}"

    rows: list[dict[str, Any]] = []
    for r, hit in enumerate(per_hit):
        target = tn + RAISE * r
        p_hit = attack.at_least(target)
        p_def = 0.0
        if defense_dist is not None:
            # summary: against the attack roll's value; house: the PA + 5 per damage raise
            p_def = min(p_hit, defended(attack, defense_dist, target, RAISE * r if house else 0))
        p_lands = clip01(p_hit - p_def)
        per = [p for _, p in hit["wounds"]]
        while len(per) > 1 and per[-1] == 0.0:
            per.pop()
        dist = [clip01(p_lands * p) for p in per]
        dist[0] = clip01(1.0 - p_lands + p_lands * per[0])
        rows.append({
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
        })

    best = max(range(len(rows)), key=lambda i: (rows[i]["expected_wounds"], -i))
    best_for_wound = max(range(len(rows)), key=lambda i: (rows[i]["p_wound"], -i))
    top = rows[best]
    wound_word = "Dramatic" if house else "Serious"

    if defense == "active":
        if no_parry:
            notes.append("Firearms can not be Parried under the house rules: no hit is turned aside.")
        elif house:
            notes.append(
                f"The defender Parries every hit with {defense_text}, against a TN of the attack roll's total "
                "plus 5 for each raise called for damage (R-0052)."
            )
        else:
            notes.append(
                f"The defender answers every hit with an Active Defense of {defense_text} against the attack "
                "roll's total. The Codex's reading (R-0045, R-0052): meeting that total turns the blow aside, "
                "and the raises called on the attack do not add to it."
            )
    else:
        notes.append("The defender makes no Active Defense or Parry: every hit lands.")
    notes.append(
        f"Every raise here is called for damage: it adds 5 to the TN and one unkept die to the damage "
        f"({top['damage_dice']} with {_raises_words(best)}). {wound_word} Wounds are counted by the Wound Check "
        f"of one attack, against {flesh_wounds} Flesh Wounds already taken."
    )
    # the damage and Wound Check of a hit with the best raises, as the damage calculator explains them
    notes.extend(n for n in per_hit[best]["notes"] if n not in notes and not n.startswith("Exploding dice"))
    if attack.tail > 0:
        notes.append(
            "Exploding dice are followed until less than one chance in ten trillion is left; "
            f"the probability left out is {attack.tail:.1e}."
        )

    table_rows = [
        {"cells": [row["raises"], row["target"], row["p_hit"], row["p_defended"], row["p_lands"],
                   row["expected_wounds"], row["p_wound"]],
         "mark": row["raises"] == best}
        for row in rows
    ]
    return {
        "rules": rules,
        "roll": f"{rolled}k{kept}",
        "tn": tn,
        "rows": rows,
        "best": best,
        "best_for_wound": best_for_wound,
        "p_wound": top["p_wound"],
        "expected_wounds": top["expected_wounds"],
        "p_lands": top["p_lands"],
        "p_hit": top["p_hit"],
        "firearm": is_firearm,
        "verdict": _verdict(rows, best, best_for_wound),
        "distribution": top["wounds"],
        "distribution_title": f"{wound_word} Wounds per attack with {_raises_words(best)}",
        "tables": [{
            "key": "rows",
            "title": f"Raises called for damage ({rolled}k{kept} against TN {tn})",
            "columns": [
                {"label": "Raises", "format": "integer"},
                {"label": "TN", "format": "integer"},
                {"label": "Hits", "format": "percent"},
                {"label": "Turned aside", "format": "percent"},
                {"label": "Lands", "format": "percent"},
                {"label": "Average wounds", "format": "number"},
                {"label": "At least one wound", "format": "percent"},
            ],
            "rows": table_rows,
        }],
        "notes": notes,
    }


def _p(name: str) -> Any:
    return _WOUND_PARAMS[name]


CALCULATORS = (
    Calculator(
        id="rk-attack",
        title="Attack planner: how many raises?",
        rule="rk/attacking.md#rk-attack-planner",
        summary="From the attack roll to lasting wounds, for every number of raises called for damage.",
        params=(
            _p("rules"),
            IntParam("rolled", "Attack dice rolled (X)", 8, minimum=1, maximum=MAX_DICE, required=False,
                     help=f"Ten-sided dice thrown for the attack, at most {MAX_DICE}."),
            IntParam("kept", "Attack dice kept (Y)", 4, minimum=1, maximum=MAX_DICE, required=False,
                     help="The best Y are added up; more than the dice rolled keeps them all (R-0050)."),
            IntParam("stat", "Finesse (optional)", None, minimum=1, maximum=MAX_DICE // 2, optional=True,
                     required=False, help="With the Knack: rolls twice Finesse and keeps the Knack."),
            IntParam("skill", "Attack Knack (optional)", None, minimum=1, maximum=MAX_DICE, optional=True,
                     required=False, help="With Finesse: replaces the dice rolled and kept above."),
            BoolParam("explode", "Attack dice explode", True, required=False, more=True,
                      help="Untick for a Crippled attacker under the house rules."),
            IntParam("tn", "TN to be hit", 15, minimum=0, maximum=roll_keep.MAX_TN,
                     help="Before raises: (Defense Knack + 1) x 5, or the Passive Defense."),
            IntParam("max_raises", "Most raises to consider", 4, minimum=0, maximum=MAX_RAISES, required=False,
                     help="One row for each number of raises from 0 to this."),
            _p("weapon"),
            _p("thrown"),
            _p("damage_rolled"),
            _p("damage_kept"),
            _p("attacker_brawn"),
            _p("firearm"),
            replace(_p("brawn"), default=3),
            _p("flesh_wounds"),
            ChoiceParam("defense", "Defender's roll", "active", required=False,
                        choices=(("active", "Active Defense (summary) or Parry (house)"),
                                 ("none", "None: every hit lands")),
                        help="He rolls against the attack's total; house firearms can not be Parried."),
            IntParam("defense_rolled", "Defense dice rolled", 4, minimum=1, maximum=MAX_DICE, required=False,
                     shown_when=(("defense", ("active",)),),
                     help="Summary: twice Wits. House: the Defense Knack's dice."),
            IntParam("defense_kept", "Defense dice kept", 2, minimum=1, maximum=MAX_DICE, required=False,
                     shown_when=(("defense", ("active",)),),
                     help="Summary: the Defense Knack. Cannot exceed the dice rolled."),
            _p("d6_explode"),
        ),
        compute=plan,
        headlines=(
            Headline("best", "Raises to call for the most wounds", "integer"),
            Headline("p_wound", "Chance of at least one wound (those raises)"),
            Headline("expected_wounds", "Average wounds per attack (those raises)", "number"),
            Headline("best_for_wound", "Raises for the best chance of a wound", "integer"),
        ),
    ),
)

__all__ = ["CALCULATORS", "defended", "plan"]
