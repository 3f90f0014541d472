"""Roll & Keep rules shared by its calculators: limits, the basic roll's numbers, exact chances, the defense.

Two source documents, quoted by seed number in comments: 001, the summary rules, and 000,
the house rules. Every roll meets or beats its TN to succeed; a roll below it fails, and
"short by" is TN - roll. The damage and Wound Check maths live in `calc.roll_keep.damage` and are
re-exported here; the weapons tables are `calc.roll_keep.weapons`'s, the values an exchange is made of
(a roll, a weapon, a hit, a defense, a Wound Check) `calc.roll_keep.exchange`'s, and the calculators'
shared fields `calc.roll_keep.vocabulary`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, fsum
from typing import Any

from calc import data
from calc.dice.dist import Dist, clip01
from calc.dice.keep import keep_highest
from calc.roll_keep.damage import (
    WOUND_ROW_FLOOR,
    damage_dist,
    shortfall,
    wound_count,
    wound_distribution,
    wound_probabilities,
    wound_rows,
)
from calc.wording import left_out_note, times_words

MAX_DICE = 30  # dice rolled in one test (seed 001 has no cap; this keeps every answer fast)
MAX_DAMAGE_DICE = 40  # weapon + Brawn + raises may go a little further
MAX_TN = 300
_NUMBERS = data.load("rk_numbers")
RAISE = _NUMBERS["raise"]  # what each Raise adds to a TN (and, house rules, to a Parry's TN per damage Raise)
RANK_TN = _NUMBERS["rank_tn"]  # a TN per rank: (Defense Knack + 1) x this; an opposed test's (stat + skill) x this
STAT_DICE = _NUMBERS["stat_dice"]  # a STAT + SKILL test rolls this many dice per point of the stat
ROLL_SIDES = _NUMBERS["dice"]["roll"]  # every roll but a house damage roll is on dice of this many sides
KEEP_ALL_RULING = "R-0050"  # calc/data/rulings.json: keep every die when Y exceeds X
EXACT_DICE = 10  # up to this many dice rolled ...
EXACT_BUDGET = 1000  # ... and dice x TN up to this, a near tie is settled in exact fractions (well under a second)

# -- notes every calculator may give ------------------------------------------------------


def tail_note(dist: Dist) -> list[str]:
    """The note on what a truncated explosion leaves out (none when nothing is)."""
    return left_out_note(dist.tail)


def result_table(key: str, title: str, columns: tuple[tuple[str, str], ...],
                 rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A table of a result, as the views draw it: `columns` are (label, format) pairs."""
    return {"key": key, "title": title, "columns": [{"label": label, "format": kind} for label, kind in columns],
            "rows": rows}


# -- exact chances near a threshold ------------------------------------------------------------


def capped_die(target: int, *, sides: int = ROLL_SIDES, explode: bool = True) -> Dist:
    """One die with every value of `target` or more merged into `target`, in exact integer weights.

    Whether a kept total reaches `target` does not change when each die is capped at `target`
    (a die that reaches it alone still does), and the capped exploding die has finitely many
    faces, so P(XkY >= target) becomes an exact fraction instead of a truncated series.
    """
    if not explode:
        return Dist.die(sides)
    levels = 1
    while sides * (levels - 1) + 1 < target:
        levels += 1
    weights: dict[int, int] = {}
    for level in range(levels):
        weight = sides ** (levels - level - 1)  # sides**-(level + 1), over sides**levels
        for face in range(1, sides):
            value = min(sides * level + face, target)
            weights[value] = weights.get(value, 0) + weight
    # what explodes past the last level is worth more than the target
    weights[max(target, 1)] = weights.get(max(target, 1), 0) + 1
    return Dist.from_weights(weights)


# Dice capped at a value answer every target up to it, not only that one: a die at the cap reaches
# any such target alone, and below the cap nothing changed. So a target is answered from the keep
# capped at the next multiple of CAP_STEP, which a check's raises (targets 5 apart) and the next TNs
# share: one keep of a dozen dice costs tens of milliseconds, a little more for a higher cap.
CAP_STEP = 20


@lru_cache(maxsize=256)
def _capped_keep(rolled: int, kept: int, cap: int, explode: bool, sides: int) -> Dist:
    return keep_highest(capped_die(cap, sides=sides, explode=explode), rolled, kept)


@lru_cache(maxsize=1024)
def exact_at_least(rolled: int, kept: int, target: int, *, explode: bool = True, sides: int = ROLL_SIDES) -> Fraction:
    """P(XkY >= target) as an exact fraction (see `capped_die`)."""
    if target <= kept:
        return Fraction(1)
    cap = -(-target // CAP_STEP) * CAP_STEP if explode else 0   # an unexploding die has no cap
    dist = _capped_keep(rolled, kept, cap, explode, sides)
    return Fraction(dist.weight_at_least(target), dist.total)


# P(XkY >= target) past the top of the followed explosions is worked out in fractions when this is small
# enough (dice rolled x kept x target squared: 6k3 at TN 250 is 1.1 million, 0.08 s here), else bounded below
EXACT_REACH_BUDGET = 1_500_000


def die_at_least(value: int, *, sides: int = ROLL_SIDES) -> float:
    """P(one exploding die >= value): a die shows sides * L + u (u from 1 to sides - 1) after L tens."""
    if value <= 1:
        return 1.0
    level, face = divmod(value - 1, sides)
    return sides ** -level * (sides - face) / sides


def reach_bound(rolled: int, kept: int, target: int, *, sides: int = ROLL_SIDES) -> float:
    """A lower bound of P(XkY >= target) above 0: at least `kept` dice each reach target / kept."""
    q = die_at_least(-(-target // kept), sides=sides)
    return fsum(comb(rolled, j) * q ** j * (1 - q) ** (rolled - j) for j in range(kept, rolled + 1))


@dataclass(frozen=True)
class Reach:
    """The chance of XkY meeting a target, never 0 for a total exploding dice can reach.

    The roll's distribution is followed until less than 1e-16 is left (`Dist.tail`); a target past its
    top still has a chance when the dice explode. Then it is worked out exactly (`exact_at_least`) when that is quick
    (`EXACT_REACH_BUDGET`; always, with `exact`), else bounded below (`reach_bound`), and `bounded` lists
    the targets so given, for a note."""

    dist: Dist
    rolled: int
    kept: int
    explode: bool = True
    exact: bool = True

    def at_least(self, target: int) -> float:
        p = self.dist.at_least(target)
        if p > 0 or not self.explode or target <= self.dist.max:
            return p
        if self.exact and self.rolled * self.kept * target * target <= EXACT_REACH_BUDGET:
            return float(exact_at_least(self.rolled, self.kept, target, explode=True))
        return reach_bound(self.rolled, self.kept, target)

    def bounded(self, target: int) -> bool:
        """Whether `at_least(target)` is a lower bound rather than the chance itself."""
        return (self.explode and target > self.dist.max and self.dist.at_least(target) <= 0
                and not (self.exact and self.rolled * self.kept * target * target <= EXACT_REACH_BUDGET))


def meets(dist: Dist, target: int, threshold_percent: int, rolled: int, kept: int, explode: bool) -> bool:
    """P(dist >= target) >= threshold, decided exactly even when the chance sits on the threshold."""
    if target <= dist.min:
        return True
    if dist.exact:
        return dist.weight_at_least(target) * 100 >= threshold_percent * dist.total
    gap = dist.at_least(target) * 100 - threshold_percent
    if abs(gap) > 1e-7:  # the truncated series is within 1e-13 of the truth: far from a tie
        return gap > 0
    if rolled <= EXACT_DICE and rolled * target <= EXACT_BUDGET:
        return exact_at_least(rolled, kept, target, explode=explode) * 100 >= threshold_percent
    # too big to settle in fractions quickly: a chance this close to the line counts as on it
    return gap > -1e-9


# -- the defender's roll against an attack ---------------------------------------------------------


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


__all__ = [
    "EXACT_BUDGET", "EXACT_DICE", "EXACT_REACH_BUDGET", "Reach", "die_at_least", "reach_bound", "KEEP_ALL_RULING", "MAX_DAMAGE_DICE", "MAX_DICE", "MAX_TN", "RAISE", "RANK_TN",
    "ROLL_SIDES", "STAT_DICE", "WOUND_ROW_FLOOR", "capped_die", "damage_dist", "defended", "exact_at_least",
    "meets", "result_table", "shortfall", "tail_note", "times_words", "wound_count",
    "wound_distribution", "wound_probabilities", "wound_rows",
]
