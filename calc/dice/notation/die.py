"""One die of a dice term: what it can show, found from its shape alone, and its distribution.

`span` and `can_show` read only the sides, the modifiers and the explosion chance, so the cost
estimate and the parser's checks never build a distribution; `die` builds one, for evaluation.
"""

from __future__ import annotations

from functools import lru_cache

from calc.dice.dist import Dist
from calc.dice.explode import DEFAULT_THRESHOLD, exploding_die, exploding_from, levels_needed
from calc.dice.notation.tree import Dice, passes

# A run of exploding faces on a range (`!>=51`) is followed until the chance of going on is below
# this; a plain `!` (top face only) is followed to calc.dice.explode.DEFAULT_THRESHOLD.
RANGE_THRESHOLD = 1e-17


def range_rolls(dice: Dice) -> int:
    """How many rolls of one die an exploding range is followed for: q**rolls < RANGE_THRESHOLD
    with q the chance of exploding, as calc.dice.explode.exploding_from follows it."""
    assert dice.explode is not None
    chance = (dice.sides - dice.explode + 1) / dice.sides
    rolls, reach = 0, 1.0
    while reach >= RANGE_THRESHOLD:
        rolls += 1
        reach *= chance
    return rolls


def _plain_values(dice: Dice) -> set[int]:
    """The values a die without explosion can show, after its reroll and min/max."""
    faces = dice.faces()
    values = set(faces)
    if dice.reroll and dice.reroll[0] == "rr":
        values = {f for f in faces if not passes(dice.reroll[1], dice.reroll[2], f)}
    low = dice.low if dice.low is not None else faces[0]
    high = dice.high if dice.high is not None else faces[-1]
    return {min(max(f, low), high) for f in values}


def span(dice: Dice) -> int:
    """How many values lie from the lowest to the highest one die can show (its explosion cut as
    `die` cuts it): an upper bound on the length of `die(dice)`, found without building it."""
    if dice.explode is None:
        values = _plain_values(dice)
        return max(values) - min(values) + 1
    if dice.explode == dice.sides:
        return levels_needed(dice.sides, DEFAULT_THRESHOLD) * dice.sides - 1
    return (range_rolls(dice) - 1) * dice.sides + dice.explode - 1


def _explodes_to(dice: Dice, value: int) -> bool:
    """Whether an exploding die can end on `value`: a run of exploding faces, then one that stops."""
    assert dice.explode is not None
    if value < 1 or value > span(dice):
        return False
    if dice.explode == dice.sides:
        return value % dice.sides != 0
    runs = (value - 1) // dice.explode  # j exploding faces reach j*explode to j*sides
    return any(j * dice.explode + 1 <= value <= j * dice.sides + dice.explode - 1 for j in range(runs + 1))


def can_show(dice: Dice, op: str, number: int) -> bool:
    """Whether one die of the term can show a value meeting `op number` (no distribution is built)."""
    if dice.explode is None:
        return any(passes(op, number, x) for x in _plain_values(dice))
    if op in (">=", ">", "vs"):
        return span(dice) >= (number if op != ">" else number + 1)
    if op in ("<=", "<"):
        return (number if op == "<=" else number - 1) >= 1
    return _explodes_to(dice, number)


@lru_cache(maxsize=128)
def die(dice: Dice) -> Dist:
    """One die of a dice term, with its reroll, min/max and explosion (cached by shape)."""
    if dice.explode is not None:
        if dice.explode == dice.sides:
            return exploding_die(dice.sides)
        return exploding_from(dice.sides, dice.explode, threshold=RANGE_THRESHOLD)
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
