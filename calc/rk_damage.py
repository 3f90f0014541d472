"""Roll & Keep damage dice and the Wound Check's maths: how far a check falls short, and how many wounds.

Two source documents: the summary rules (exploding d10 damage, Serious Wounds) and the house
rules (d6 damage, Dramatic Wounds). A Wound Check meets or beats its TN to succeed; "short by"
is TN - roll. `calc.rk_rules` re-exports every public name here.
"""

from __future__ import annotations

from math import fsum
from typing import Any

from .dist import Dist, clip01
from .keep import roll_keep

WOUND_ROW_FLOOR = 0.0005  # the wounds table lists counts one by one while this much chance is left


def wound_count(short: int, *, rules: str, firearm: bool) -> int:
    """Wounds from one failed check `short` points below the TN (0 when short <= 0).

    house (seed 000): one Dramatic Wound, plus one per full 20 (10 for firearms) points short
    once short by more than 20 (10). summary (seed 001): one Serious Wound, two when short by
    20 or more (10 or more for firearms).
    """
    if short <= 0:
        return 0
    step = 10 if firearm else 20
    if rules == "house":
        return 1 + short // step if short > step else 1
    return 2 if short >= step else 1


def damage_dist(rolled: int, kept: int, *, rules: str, d6_explode: bool = True) -> Dist:
    """Damage dice: d6 in the house rules (exploding per `d6_explode`), exploding d10 in the summary.

    More dice kept than rolled keeps every rolled die (the Codex's reading, `keep_all_note`).
    """
    kept = min(kept, rolled)
    if rules == "house":
        return roll_keep(rolled, kept, sides=6, explode=d6_explode)
    return roll_keep(rolled, kept, sides=10, explode=True)


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

    step = 10 if firearm else 20
    out = [band(None, 0)]
    if rules == "house":
        # 1 wound up to `step` short; then 1 + short // step on each band [step*n, step*n + step - 1]
        out.append(band(1, step))
        out.append(band(step + 1, 2 * step - 1))
        n = 2
        top = short.max + flesh_wounds
        while step * n <= top:
            out.append(band(step * n, step * n + step - 1))
            n += 1
    else:
        out.append(band(1, step - 1))
        out.append(band(step, None))
    while len(out) > 2 and out[-1] == 0.0:
        out.pop()
    return out


def wound_distribution(damage: Dist, check: Dist, flesh_wounds: int, *, rules: str, firearm: bool) -> list[float]:
    """P(n wounds) for n = 0, 1, ...: the check (`check`) against TN = flesh_wounds + damage."""
    return wound_probabilities(shortfall(damage, check), flesh_wounds, rules=rules, firearm=firearm)


def wound_rows(probs: list[float], *, rules: str) -> list[dict[str, Any]]:
    """Table rows: each wound count while at least `WOUND_ROW_FLOOR` of the chance is still to come,
    then one "N or more" row for the rest (house rules list at least 0 to 3, summary rules 0 to 2)."""
    rows: list[dict[str, Any]] = []
    n = 0
    least = 3 if rules == "house" else 2
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


__all__ = ["WOUND_ROW_FLOOR", "damage_dist", "shortfall", "wound_count", "wound_distribution",
           "wound_probabilities", "wound_rows"]
