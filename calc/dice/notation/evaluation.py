"""The distribution of a parsed dice expression's total, once its estimated cost is accepted."""

from __future__ import annotations

from functools import lru_cache
from math import log2

from calc.dice.dist import Dist
from calc.dice.keep import exploding_sum, keep_highest, keep_lowest, roll_keep
from calc.dice.notation.die import die
from calc.dice.notation.estimate import measure
from calc.dice.notation.limits import FIELD, LABEL, MAX_OUTCOMES, MAX_SECONDS, ExpressionError, quote
from calc.dice.notation.tree import Const, Dice, Group, Node, RollKeep, Scale, Statement, passes

EXACT_BITS = 256  # beyond this many bits of total weight, sums run in fixed-point floats


def _as_float(dist: Dist) -> Dist:
    return Dist.from_probabilities(dist.offset, dist.probabilities(), tail=dist.tail) if dist.exact else dist


@lru_cache(maxsize=64)
def _shape_dist(term: Dice | RollKeep) -> Dist:
    """The distribution of one dice term (cached by shape)."""
    if isinstance(term, RollKeep):
        return roll_keep(term.rolled, term.kept, sides=10, explode=True)
    one = die(term)
    n = term.count
    if term.count_if:
        yes = sum(w for x, w in one.items() if passes(*term.count_if, x))
        no = sum(w for x, w in one.items() if not passes(*term.count_if, x))
        return Dist.from_weights({0: no, 1: yes}, tail=one.tail).repeat(n)
    if term.keep and term.keep[1] < n:
        return (keep_highest if term.keep[0] == "h" else keep_lowest)(one, n, term.keep[1])
    exploded = exploding_sum(one, n)   # an exploding die's sum, followed further than the die was cut
    if exploded is not None:
        return exploded
    if one.exact and n * log2(one.total) > EXACT_BITS:
        one = _as_float(one)
    return one.repeat(n)


def _scaled(dist: Dist, op: str, factor: int) -> Dist:
    mapped: dict[int, float | int] = {}
    for x, w in dist.items():
        y = x * factor if op == "*" else x // factor
        mapped[y] = mapped.get(y, 0) + w
    low, high = min(mapped), max(mapped)
    dense = [0] * (high - low + 1) if dist.exact else [0.0] * (high - low + 1)
    for y, w in mapped.items():
        dense[y - low] = w
    return Dist(low, tuple(dense), dist.total, dist.tail)


def evaluate_node(node: Node) -> Dist:
    """The distribution of one node, without any cost check."""
    if isinstance(node, Const):
        return Dist.constant(node.value)
    if isinstance(node, (Dice, RollKeep)):
        return _shape_dist(node)
    if isinstance(node, Group):
        return evaluate_node(node.inner)
    if isinstance(node, Scale):
        return _scaled(evaluate_node(node.inner), node.op, node.factor)
    parts = [evaluate_node(n) if sign > 0 else -evaluate_node(n) for sign, n in node.parts]
    if sum(log2(p.total) for p in parts if p.exact) > EXACT_BITS:
        parts = [_as_float(p) for p in parts]
    while len(parts) > 1:  # a balanced tree of sums: the big products come last and only once
        parts = [parts[i] + parts[i + 1] if i + 1 < len(parts) else parts[i] for i in range(0, len(parts), 2)]
    return parts[0]


def evaluate(statement: Statement, *, text: str = "", field: str = FIELD) -> Dist:
    """The distribution of a parsed expression's total; refuses one that would cost too much.

    Raises:
        InputError: (an `ExpressionError`) when the estimated time exceeds `MAX_SECONDS` or the
            possible totals exceed `MAX_OUTCOMES`.
    """
    shown = quote(text or statement.text())
    length, seconds = measure(statement)
    if length > MAX_OUTCOMES:
        raise ExpressionError(text, f"{LABEL} {shown} has too many possible totals to list (more than "
                              f"{MAX_OUTCOMES:,}); multiply by less or use fewer dice.", field=field, costly=True)
    if seconds > MAX_SECONDS:
        raise ExpressionError(text, f"{LABEL} {shown} is too costly to work out exactly here; use fewer dice, "
                              "fewer sides or fewer kept dice.", field=field, costly=True)
    return evaluate_node(statement.expr)


def chance(dist: Dist, op: str, number: int) -> float:
    """The chance that a total from `dist` meets the comparison `op number`."""
    if op in (">=", "vs"):
        return dist.at_least(number)
    if op == ">":
        return dist.at_least(number + 1)
    if op == "<=":
        return dist.below(number + 1)
    if op == "<":
        return dist.below(number)
    return dist.between(number, number)
