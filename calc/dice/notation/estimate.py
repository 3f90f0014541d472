"""How long a parsed expression would take to work out, and how many totals it could have.

Both are estimated from the shape of the tree before anything is computed: nothing here builds a
distribution (an exploding range such as `d100!>=51` is judged from its sides and its chance of
exploding), so an expression beyond the budget (calc.dice.notation.limits) is refused at once.
"""

from __future__ import annotations

from math import comb, log2
from typing import Any

from calc.dice.notation.die import die, range_rolls, span
from calc.dice.notation.tree import Const, Dice, Group, Node, RollKeep, Scale, Statement

# Estimated seconds on the reference machine (CPython 3.11, x86-64) for each algorithm, fitted
# to timings of calc.dice.keep and calc.dice.dist over grids of sides, dice and kept dice; each
# coefficient is near the upper envelope of measured time per unit of its formula.
# `make bench` times the worst cases the caps allow (scripts/worst_cases.py).
KEEP_EXACT = 3e-11  # order statistics in integers: F^2 k n (k^2 log2 F + 3 n), F = faces
# the same on a die exploding on a range of faces, whose weights are 2**64 fixed point (calc.dice.keep
# _keep_float), F = its span: fitted to 70 CPU timings (d6!>=4 to d100!>=51, 2 to 40 dice), upper
# envelope; 10d12!>=7kh5 is estimated at 4.3 s and takes 3 s
KEEP_RANGE = 7e-10
KEEP_EXPLODING_HIGH = 1.9e-8  # levels and uniform order statistics: F^2 k^2 n, F = sides - 1
# exploding keep-lowest (calc.dice.keep_exploding.keep_lowest_exploding), a power law fitted by least squares
# to 201 timings (2 to 100 sides, 2 to 60 dice) and doubled: F^1.46 k^1.88 n^1.33 / (d+1)^0.39,
# F = sides - 1, d = dice dropped; 6d12!kl5 is estimated at 2 ms and takes 1 to 1.5 ms
KEEP_EXPLODING_LOW = 3.8e-7
PER_KEEP = 0.002  # set-up of one keep, however small
PRODUCT = 2.5e-8  # one packed polynomial product of total length L: L^1.585 (Karatsuba)
# n dice of one plain die as one big-integer power (calc.dice.dist.Dist.repeat): its time also depends
# on the exponent's bits, not on L alone; over a grid of 10 to 60 dice of 20 to 98 faces the CPU
# time ran up to 2.4 times PRODUCT * 2 * L^1.585 (37d98: estimated 21.6 ms, took 47 to 51 ms;
# 60d98 1.0 times), so this coefficient is 1.4 times PRODUCT's
POWER = 3.5e-8
MAPPED = 3e-7  # one outcome moved by * or /
# a sum of plain exploding dice (fixed-point products, calc.dice.keep.exploding_sum) against PRODUCT:
# mid-sized ones took up to 2.3 times its estimate in CPU time (21d70!, 23d43!), 60d100! 0.9 times
EXPLODING_SUM = 2.5
# one die exploding on a range of faces (calc.dice.explode.exploding_from), once per sides and range:
# R^2 S for R rolls followed and S sides; fitted to CPU times from d4!>=3 to d100!>=51 (3.5e-7 to
# 5.2e-7 for the large dice that matter); d100!>=51 is estimated at 0.16 s and takes 0.15 s
RANGE_BUILD = 5e-7
_ROLL_KEEP_DIE = Dice(1, 10, explode=10)  # one die of Roll & Keep


def _explosions(p: float, n: int) -> int:
    """Explosions among n dice beyond which less than 1e-16 is left: C(n+m-1, m) p^m < 1e-16."""
    m = 0
    while comb(n + m - 1, m) * p**m >= 1e-16:
        m += 1
    return m


def _dice_length(dice: Dice | RollKeep) -> int:
    if isinstance(dice, RollKeep):
        kept, sides = dice.kept, 10
        return min(kept * (span(_ROLL_KEEP_DIE) - 1), (kept + _explosions(0.1, kept)) * sides) + 1
    if dice.count_if:
        return dice.count + 1
    kept = dice.keep[1] if dice.keep else dice.count
    length = span(dice)
    if dice.explode is not None:
        p = (dice.sides - dice.explode + 1) / dice.sides
        return min(kept * (length - 1), (kept + _explosions(p, kept)) * dice.sides) + 1
    return kept * (length - 1) + 1


def widening(dice: Dice) -> float:
    """How many times wider than a plain die's the integers are that the engine carries for this die.

    The sums and order statistics work in integers whose size is the dice count times log2 of one
    die's total weight. A plain die of F faces weighs F; a reroll-once makes the faces weigh F*F
    in all (calc.dice.notation.die), so every integer is twice as wide; a min or max piles faces onto
    one. A die without explosion is built here (at most 100 faces, cached) to read its weight.
    """
    if dice.explode is not None or dice.count_if or not (dice.reroll or dice.low is not None or dice.high is not None):
        return 1.0
    built = die(dice)
    faces = max(2, len(built.weights))
    return max(1.0, log2(built.total) / log2(faces))


def _keep_cost(dice: Dice, n: int, k: int) -> float:
    """Estimated seconds to keep k of n dice that are not plain exploding dice (order statistics);
    integers `widening` times as wide cost its square (their products dominate; a reroll-once
    doubles them, and 28d100kl19ro5 took 3.1 times the CPU of 28d100kl19, 28d100kh19ro5 3.9)."""
    faces = span(dice)
    work = faces * faces * k * n * (k * k * log2(faces + 1) + 3 * n)
    coefficient = KEEP_RANGE if dice.explode is not None else KEEP_EXACT
    return coefficient * work * widening(dice) ** 2 + PER_KEEP


def _dice_cost(dice: Dice | RollKeep) -> float:
    """Estimated seconds to compute one dice term's distribution on the reference machine."""
    if isinstance(dice, RollKeep):
        n, k, s, explode, side = dice.rolled, dice.kept, 10, 10, "h"
    else:
        n, s, explode = dice.count, dice.sides, dice.explode
        k, side = (dice.keep[1], dice.keep[0]) if dice.keep else (n, "h")
        if dice.count_if:
            return 1e-6 * n
    if k < n:
        if explode == s:
            if side == "h":
                return KEEP_EXPLODING_HIGH * (s - 1) ** 2 * k * k * n + PER_KEEP
            return KEEP_EXPLODING_LOW * (s - 1) ** 1.46 * k**1.88 * n**1.33 / (n - k + 1) ** 0.39 + 1e-4
        assert isinstance(dice, Dice)
        return _keep_cost(dice, n, k)
    length = _dice_length(dice)
    # wider weights make wider slots in the packed products: 60d100ro5 took 1.2 times 60d100 (CPU)
    wide = widening(dice) if isinstance(dice, Dice) else 1.0
    if explode is None:
        return POWER * 2 * length**1.585 * wide if n > 1 else 0.0
    scale = EXPLODING_SUM if explode == s else 1.0
    return scale * PRODUCT * 2 * length**1.585 * wide if n > 1 else 0.0


def _build_cost(dice: Dice | RollKeep, seen: dict[Any, float]) -> float:
    """Estimated seconds to build the exploding range die of a term, the first time it is met."""
    if not isinstance(dice, Dice) or dice.explode is None or dice.explode == dice.sides:
        return 0.0
    key = ("range", dice.sides, dice.explode)
    if key in seen:
        return 0.0
    rolls = range_rolls(dice)
    seen[key] = RANGE_BUILD * rolls * rolls * dice.sides
    return seen[key]


def _sum_cost(lengths: list[int]) -> tuple[int, float]:
    """(outcomes, estimated seconds) of adding parts of these lengths in a balanced tree."""
    total = 0.0
    while len(lengths) > 1:  # the same balanced tree as calc.dice.notation.evaluation.evaluate_node
        merged = []
        for i in range(0, len(lengths), 2):
            if i + 1 < len(lengths):
                total += PRODUCT * (lengths[i] + lengths[i + 1]) ** 1.585
                merged.append(lengths[i] + lengths[i + 1] - 1)
            else:
                merged.append(lengths[i])
        lengths = merged
    return lengths[0], total


def _walk(node: Node, seen: dict[Any, float]) -> tuple[int, float]:
    """(outcomes, estimated seconds) of a node; each distinct dice shape is costed once."""
    if isinstance(node, Const):
        return 1, 0.0
    if isinstance(node, (Dice, RollKeep)):
        if node not in seen:
            seen[node] = _dice_cost(node) + _build_cost(node, seen)
            return _dice_length(node), seen[node]
        return _dice_length(node), 0.0
    if isinstance(node, Group):
        return _walk(node.inner, seen)
    if isinstance(node, Scale):
        length, cost = _walk(node.inner, seen)
        out = (length - 1) * node.factor + 1 if node.op == "*" else length // node.factor + 1
        return out, cost + MAPPED * length
    lengths, total = [], 0.0
    for _, part in node.parts:
        length, cost = _walk(part, seen)
        lengths.append(length)
        total += cost
    length, adding = _sum_cost(lengths)
    return length, total + adding


def measure(statement: Statement | Node) -> tuple[int, float]:
    """(an upper bound on the possible totals, estimated seconds) of a parsed expression."""
    node = statement.expr if isinstance(statement, Statement) else statement
    return _walk(node, {})


def cost(statement: Statement | Node) -> float:
    """Estimated seconds to evaluate a parsed expression."""
    return measure(statement)[1]


def outcomes(statement: Statement | Node) -> int:
    """An upper bound on the number of possible totals (after explosions are cut)."""
    return measure(statement)[0]
