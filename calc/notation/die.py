"""One die of a dice term, with its reroll, min/max or explosion, as a distribution."""

from __future__ import annotations

from functools import lru_cache

from ..dist import Dist
from ..explode import exploding_die, exploding_from
from .tree import Dice, passes


@lru_cache(maxsize=128)
def die(dice: Dice) -> Dist:
    """One die of a dice term, with its reroll, min/max and explosion (cached by shape)."""
    if dice.explode is not None:
        if dice.explode == dice.sides:
            return exploding_die(dice.sides)
        return exploding_from(dice.sides, dice.explode)
    faces = dice.faces()
    weights = {f: 1 for f in faces}
    if dice.reroll:
        how, op, number = dice.reroll
        hit = {f for f in faces if passes(op, number, f)}
        if how == "rr":
            weights = {f: 1 for f in faces if f not in hit}
        else:  # once: a rerolled face gives a fresh roll that stands
            weights = {f: (0 if f in hit else len(faces)) + len(hit) for f in faces}
    if dice.low is not None or dice.high is not None:
        low = dice.low if dice.low is not None else faces[0]
        high = dice.high if dice.high is not None else faces[-1]
        clamped: dict[int, int] = {}
        for f, w in weights.items():
            value = min(max(f, low), high)
            clamped[value] = clamped.get(value, 0) + w
        weights = clamped
    return Dist.from_weights(weights)
