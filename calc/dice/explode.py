"""Exploding dice: the top face is rerolled and added, again and again.

The series never ends in principle; it is cut where the mass still to come falls below
`threshold`, and that mass is reported as the distribution's `tail` (it would all sit on
outcomes above the last kept one).
"""

from __future__ import annotations

from functools import lru_cache

from math import fsum

from calc.dice.dist import Dist, convolve_probabilities

DEFAULT_THRESHOLD = 1e-13


def levels_needed(sides: int, threshold: float) -> int:
    """How many levels (rolls of one die) to keep so that sides**-levels < threshold."""
    levels = 1
    remaining = 1.0 / sides
    while remaining >= threshold:
        levels += 1
        remaining /= sides
    return levels


@lru_cache(maxsize=64)
def exploding_levels(sides: int, levels: int) -> Dist:
    weights: list[float] = []
    reach = 1.0  # probability of rolling this level at all
    for _ in range(levels):
        face = reach / sides
        weights.extend([face] * (sides - 1))
        weights.append(0.0)  # the top face is never a final result: it explodes
        reach = face
    weights.pop()
    return Dist(1, tuple(weights), 1.0, reach)


def exploding_die(sides: int, *, threshold: float = DEFAULT_THRESHOLD) -> Dist:
    """A die numbered 1..sides whose top face is rerolled and added, indefinitely.

    Args:
        sides: faces of the die (at least 2).
        threshold: the series is cut where the mass still to come is below this.

    Returns:
        A float-weighted Dist with `total` 1.0; `tail` is the mass left out, all of it on
        outcomes above the largest one listed.
    """
    if not isinstance(sides, int) or sides < 2:
        raise ValueError("an exploding die needs at least 2 sides")
    if not 0 < threshold < 1:
        raise ValueError("threshold must be between 0 and 1")
    return exploding_levels(sides, levels_needed(sides, threshold))


@lru_cache(maxsize=64)
def exploding_from(sides: int, lowest: int, *, threshold: float = 1e-17) -> Dist:
    """A die numbered 1..sides on which every face from `lowest` up rolls again and adds.

    `lowest == sides` is the usual exploding die (`exploding_die`, followed much further here).
    With e = sides - lowest + 1 exploding faces, the total is a run of exploding faces ended by
    one that does not explode; the run is followed until the chance of going on is below
    `threshold`, and what is left out is the `tail`.

    Raises:
        ValueError: unless at most half the faces explode (2 * (sides - lowest + 1) <= sides,
            or lowest == sides): longer runs would need far more rolls to follow.
    """
    if not isinstance(sides, int) or sides < 2 or not 2 <= lowest <= sides:
        raise ValueError("an exploding die needs at least one face that does not explode")
    if lowest < sides and 2 * (sides - lowest + 1) > sides:
        raise ValueError("at most half the faces of a die may explode")
    p = 1.0 / sides
    stops = [0.0] + [p] * (lowest - 1)  # z^f / sides for the faces that end the run
    goes = [0.0] * lowest + [p] * (sides - lowest + 1)  # ... and for those that roll on
    weights: list[float] = []
    ongoing = [1.0]  # chance that the run is still going, by running total
    reach = 1.0
    while reach >= threshold:
        for value, chance in enumerate(convolve_probabilities(ongoing, stops)):
            if value >= len(weights):
                weights.append(chance)
            else:
                weights[value] += chance
        ongoing = convolve_probabilities(ongoing, goes)
        reach = fsum(ongoing)
    while weights and not weights[-1]:
        weights.pop()
    weights = weights[1:]  # from the outcome 1
    return Dist(1, tuple(weights), 1.0, reach)
