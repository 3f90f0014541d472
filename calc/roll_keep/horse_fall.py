"""Falling from a horse (`rk-horse-fall`, house rules): a wounded rider's roll to stay in the saddle."""

from __future__ import annotations

from typing import Any, Mapping

from calc import data
from calc.calculator import Calculator, Headline
from calc.dice.draw import Band
from calc.meaning import TOTAL, Meaning
from calc.dice.dist import Dist
from calc.errors import InputError
from calc.params import BoolParam, IntParam
from calc.roll_keep.damage import DAMAGE_SIDES, die_name
from calc.roll_keep.exchange import D6_RULING, Hit, Roll
from calc.roll_keep.vocabulary import dice_titles, result_table, roll_fields, tail_note

_HORSE = data.load("rk_horse_fall")
_TN = _HORSE["stay_in_saddle_tn"]
FALLS = {row["id"]: row for row in _HORSE["rows"]}   # the fall's damage, not galloping and galloping
TABLE_WOUNDS = 10  # the table lists the chance of falling for 1 to this many current wounds
DICE = roll_fields(4, 2, "riding roll")


def stay_tn(wounds: int) -> int:
    """The riding roll's TN with `wounds` current Physical Dramatic Wounds."""
    return _TN["base"] + _TN["per_dramatic_wound"] * wounds


def any_fall(ride: Dist, targets: list[int]) -> float:
    """The chance that at least one of the rolls, one per target, falls below its TN."""
    stay_all = 1.0
    for target in targets:
        stay_all *= 1.0 - ride.below(target)
    return 1.0 - stay_all


def fall_notes(*, roll: str, wounds: int, taken: int, targets: list[int], fall: dict[str, Any],
               d6_explode: bool) -> list[str]:
    """The riding roll's TN, the separate rolls for several wounds, and the fall's damage, in sentences."""
    base, per, six = _TN["base"], _TN["per_dramatic_wound"], DAMAGE_SIDES["house"]
    notes = [
        f"Riding roll {roll} against TN {base} + {per} x {wounds} current Dramatic Wounds = {stay_tn(wounds)}; "
        "the rider falls when the roll is below the TN."
    ]
    if taken > 1:
        notes.append(
            f"{taken} wounds taken at once mean {taken} separate rolls. The Codex counts them one at a "
            f"time, so the rolls are against TN " + ", ".join(str(t) for t in targets) + "."
        )
    notes.append(
        f"A fall deals {fall['damage']} Physical Damage ({fall['situation'].lower()}), rolled on {die_name(six)}s as "
        "all house damage is; "
        + (f"the Codex lets them explode on a {six} (ruling {D6_RULING})." if d6_explode
           else f"here they do not explode, the other reading of ruling {D6_RULING}.")
    )
    return notes


def horse_fall(
    *,
    rolled: int,
    kept: int,
    stat: int | None,
    skill: int | None,
    wounds: int,
    taken: int,
    galloping: bool,
    explode: bool,
    d6_explode: bool,
) -> dict[str, Any]:
    """Seed 000: a rider who takes Physical Dramatic Wounds rolls to stay in the saddle."""
    roll = Roll.read(rolled, kept, stat, skill, titles=dice_titles(DICE), explode=explode)
    notes = list(roll.notes)
    if taken > wounds:
        raise InputError("taken", f"Wounds taken at once ({taken}) cannot be more than the current Dramatic Wounds "
                                  f"({wounds}), which include the ones just taken.")
    tn = stay_tn(wounds)
    ride = roll.dist
    fall = ride.below(tn)
    # several wounds at once: one roll each, counted one at a time (the Codex's reading)
    targets = [stay_tn(w) for w in range(wounds - taken + 1, wounds + 1)]
    row = FALLS["galloping" if galloping else "not_galloping"]
    fall_damage = Hit("house", row["rolled"], row["kept"], d6_explode).dist
    rows = [{"cells": [w, stay_tn(w), ride.below(stay_tn(w))], "mark": w == wounds}
            for w in range(1, TABLE_WOUNDS + 1)]
    notes += fall_notes(roll=str(roll), wounds=wounds, taken=taken, targets=targets, fall=row,
                        d6_explode=d6_explode)
    notes += tail_note(ride)
    return {
        "tn": tn,
        "tns": targets,
        "roll": str(roll),
        "chance": fall,
        "p_any_fall": any_fall(ride, targets),
        "stay": 1.0 - fall,
        "fall_damage": row["damage"],
        "fall_damage_mean": fall_damage.mean(),
        "distribution": ride.pmf(),
        "distribution_tail": ride.tail,
        "distribution_title": "The riding roll",
        "tables": [result_table(
            "by_wounds", f"Chance of falling on one roll, by current Dramatic Wounds ({roll})",
            (("Wounds", "integer"), ("TN", "integer"), ("Falls", "percent")), rows,
        )],
        "notes": notes,
    }


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """The riding roll at the current wounds: short of its TN the rider falls."""
    tn = result["tn"]
    return (f"{result['distribution_title']} ({result['roll']}) at the current wounds",
            [Band(None, f"{TOTAL}: misses TN {tn}, the rider falls"), Band(tn, f"{TOTAL}: meets TN {tn}, no fall")])


CALCULATORS = (
    Calculator(
        id="rk-horse-fall",
        title="Falling from a horse",
        rule="rk/mounted.md#rk-falling-from-a-horse",
        summary="Chance that a wounded rider fails the roll to stay in the saddle.",
        params=(
            *DICE,
            IntParam("wounds", "Current Dramatic Wounds", 1, minimum=1, maximum=20,
                     help="Physical Dramatic Wounds he has now, the new ones included: "
                          f"TN = {_TN['base']} + {_TN['per_dramatic_wound']} x wounds."),
            IntParam("taken", "Wounds taken at once", 1, minimum=1, maximum=10, required=False,
                     help="One roll for each wound taken in the same hit, counted one at a time."),
            BoolParam("galloping", "Horse galloping", False, required=False,
                      help=f"A fall deals {FALLS['galloping']['damage']} instead of {FALLS['not_galloping']['damage']}."),
            BoolParam("explode", "Tens explode", True, required=False, more=True,
                      help="Untick if the riding roll's dice do not explode."),
            BoolParam("d6_explode", "Falling damage dice explode", True, required=False, more=True,
                      help=f"The Codex's reading ({D6_RULING}): house damage {die_name(DAMAGE_SIDES['house'])}s explode "
                           f"on a {DAMAGE_SIDES['house']}. Untick for the other reading; it changes the average "
                           "falling damage."),
        ),
        compute=horse_fall,
        marked_rows=(("by_wounds", "now"),),
        headlines=(
            Headline("chance", "Chance of falling (roll at the current wounds)", better="lower"),
            Headline("p_any_fall", "Chance of falling (one roll per wound taken)", better="lower"),
            Headline("fall_damage_mean", "Average falling damage", "number", better="lower"),
        ),
        meaning=meaning,
        named=("rolled", "kept", "stat", "skill", "wounds", "taken"),
    ),
)

__all__ = ["CALCULATORS", "any_fall", "fall_notes", "horse_fall", "stay_tn"]
