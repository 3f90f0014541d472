"""Roll & Keep damage dice and the Wound Check's maths: how far a check falls short, and how many wounds.

Two source documents: the summary rules (exploding d10 damage, Serious Wounds) and the house
rules (d6 damage, Dramatic Wounds). A Wound Check meets or beats its TN to succeed; "short by"
is TN - roll. `calc.roll_keep.rules` re-exports every public name here.
"""

from __future__ import annotations

from functools import lru_cache
from math import fsum
from typing import Any

from calc import data
from calc.dice.dist import Dist, clip01
from calc.dice.keep import roll_keep

_NUMBERS = data.load("rk_numbers")
DAMAGE_SIDES: dict[str, int] = _NUMBERS["dice"]["damage"]  # the damage dice's sides under each rules (d10, house d6)
_CHECK = _NUMBERS["wound_check"]
WOUND_STEP = _CHECK["step"]  # the shortfall that counts another wound (both rules) ...
FIREARM_STEP = _CHECK["firearm_step"]  # ... and for a firearm
SUMMARY_MOST = _CHECK["summary_most"]  # the summary rules' most Serious Wounds from one failed check
WOUND_ROWS_HOUSE = 3  # the house wounds table lists 0 to this many at least (a display bound, not a rule)
WOUND_ROW_FLOOR = 0.0005  # the wounds table lists counts one by one while this much chance is left


def die_name(sides: int) -> str:
    """A die by its sides, as the pages write it: d10, d6."""
    return f"d{sides}"


def wound_step(firearm: bool) -> int:
    """The shortfall that counts another wound: `WOUND_STEP`, or `FIREARM_STEP` for a firearm."""
    return FIREARM_STEP if firearm else WOUND_STEP


def wound_count(short: int, *, rules: str, firearm: bool) -> int:
    """Wounds from one failed check `short` points below the TN (0 when short <= 0).

    house (seed 000): one Dramatic Wound, plus one per full step (`wound_step`) short once short
    by more than a step. summary (seed 001): one Serious Wound, `SUMMARY_MOST` when short by a
    step or more.
    """
    if short <= 0:
        return 0
    step = wound_step(firearm)
    if rules == "house":
        return 1 + short // step if short > step else 1
    return SUMMARY_MOST if short >= step else 1


def damage_dist(rolled: int, kept: int, *, rules: str, d6_explode: bool = True) -> Dist:
    """Damage dice: d6 in the house rules (exploding per `d6_explode`), exploding d10 in the summary
    (`DAMAGE_SIDES`). `kept` is at most `rolled`: a hit (`calc.roll_keep.exchange.Hit`) reads more kept
    than rolled as every die kept.
    """
    return roll_keep(rolled, kept, sides=DAMAGE_SIDES[rules], explode=rules != "house" or d6_explode)


# Kept between calls (a Dist never changes): an attack's rows ask it of the same damage and check for
# each raise and each Flesh Wound count carried, and an edit that moves neither asks it again
@lru_cache(maxsize=128)
def shortfall(damage: Dist, check: Dist) -> Dist:
    """How far the Wound Check falls short of a TN of `damage` alone: damage - roll."""
    return damage - check


def wound_probabilities(short: Dist, flesh_wounds: int, *, rules: str, firearm: bool) -> list[float]:
    """P(n wounds) for n = 0, 1, ..., given `short` = damage - roll and the Flesh Wounds before the hit.

    The check's TN is flesh_wounds + damage, so it falls short by short + flesh_wounds. Wound
    counts are constant on bands of shortfall, so each band is one slice sum.
    """
    probs = short.probabilities()
    low = short.min + flesh_wounds  # shortfall of probs[0]

    def band(lo: int | None, hi: int | None) -> float:
        start = 0 if lo is None else max(0, lo - low)
        end = len(probs) if hi is None else max(0, min(len(probs), hi - low + 1))
        return clip01(fsum(probs[start:end])) if end > start else 0.0

    step = wound_step(firearm)
    out = [band(None, 0)]
    if rules == "house":
        # n wounds on each band of shortfalls `house_band` gives, from 1 on, up to the largest shortfall
        top = short.max + flesh_wounds
        n = 1
        while n == 1 or house_band(n, step)[0] <= top:
            out.append(band(*house_band(n, step)))
            n += 1
    else:
        out.append(band(1, step - 1))
        out.append(band(step, None))
    while len(out) > 2 and out[-1] == 0.0:
        out.pop()
    return out


def house_band(wounds: int, step: int) -> tuple[int, int]:
    """The shortfalls that give `wounds` (1 or more) Dramatic Wounds under the house rules: 1 up to a
    whole `step` short, then 1 + short // step."""
    if wounds == 1:
        return 1, step
    return max(step + 1, (wounds - 1) * step), wounds * step - 1


def wound_distribution(damage: Dist, check: Dist, flesh_wounds: int, *, rules: str, firearm: bool) -> list[float]:
    """P(n wounds) for n = 0, 1, ...: the check (`check`) against TN = flesh_wounds + damage."""
    return wound_probabilities(shortfall(damage, check), flesh_wounds, rules=rules, firearm=firearm)


def wound_rows(probs: list[float], *, rules: str) -> list[dict[str, Any]]:
    """Table rows: each wound count while at least `WOUND_ROW_FLOOR` of the chance is still to come,
    then one "N or more" row for the rest (house rules list at least 0 to 3, summary rules 0 to 2)."""
    rows: list[dict[str, Any]] = []
    n = 0
    least = WOUND_ROWS_HOUSE if rules == "house" else SUMMARY_MOST
    while n < len(probs):
        rest = fsum(probs[n + 1:])
        if n >= least and rest < WOUND_ROW_FLOOR and rest > 0:
            rows.append({"cells": [f"{n} or more", clip01(fsum(probs[n:]))]})
            return rows
        rows.append({"cells": [str(n), probs[n]]})
        if rest == 0 and n >= least:
            break
        n += 1
    return rows


__all__ = ["DAMAGE_SIDES", "FIREARM_STEP", "SUMMARY_MOST", "WOUND_ROW_FLOOR", "WOUND_ROWS_HOUSE", "WOUND_STEP",
           "damage_dist", "die_name", "house_band", "shortfall", "wound_count", "wound_distribution",
           "wound_probabilities", "wound_rows", "wound_step"]
