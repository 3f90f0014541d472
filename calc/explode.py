"""Exploding dice: the top face is rerolled and added, again and again.

The series never ends in principle; it is cut where the mass still to come falls below
`threshold`, and that mass is reported as the distribution's `tail` (it would all sit on
outcomes above the last kept one).
"""

from __future__ import annotations

from functools import lru_cache

from .dist import Dist

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
def _exploding(sides: int, levels: int) -> Dist:
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
    return _exploding(sides, levels_needed(sides, threshold))
