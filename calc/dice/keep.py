"""Keep the highest or lowest k of n dice, and Roll & Keep's XkY: which algorithm serves a die.

Two algorithms, each checked against a brute-force twin in tests/test_keep.py: order statistics
over the faces, exact in integers (`calc.dice.order_stats`), for any die; and, for a die built by
`exploding_die`, the dice sorted by how often each exploded (`calc.dice.keep_exploding`), which uses
the first for the dice at one level.
"""

from __future__ import annotations

from functools import lru_cache

from calc.dice.dist import Dist
from calc.dice.explode import exploding_die
from calc.dice.keep_exploding import exploding_sides, keep_highest_exploding, keep_lowest_exploding
from calc.dice.order_stats import keep_exact, keep_float


def _check(n: int, k: int) -> None:
    if not isinstance(n, int) or not isinstance(k, int) or not 0 <= k <= n:
        raise ValueError("keep needs whole numbers with 0 <= k <= n")


def exploding_sum(die: Dist, n: int) -> Dist | None:
    """The sum of n rolls of `die` if it is an exploding die (followed to 1e-17), else None."""
    sides = exploding_sides(die)
    return None if sides is None else keep_highest_exploding(sides, n, n)


# -- public -------------------------------------------------------------------------------


def keep_highest(die: Dist, n: int, k: int) -> Dist:
    """The sum of the k highest of n independent rolls of `die`.

    Exact (int weights) for an exact die. For a die built by `exploding_die`, the explosion
    is followed much further than the die itself was (to 1e-17) and the result is cut where
    less than 1e-16 is left; `tail` reports what was left out.
    """
    _check(n, k)
    if k == 0:
        return Dist.constant(0)
    sides = exploding_sides(die)
    if sides is not None:
        return keep_highest_exploding(sides, n, k)
    if k == n:
        return die.repeat(n)
    if die.exact:
        return keep_exact(die, n, k, highest=True)
    return keep_float(die, n, k, highest=True)


def keep_lowest(die: Dist, n: int, k: int) -> Dist:
    """The sum of the k lowest of n independent rolls of `die`."""
    _check(n, k)
    if k == 0:
        return Dist.constant(0)
    sides = exploding_sides(die)
    if sides is not None:
        if k == n:
            return keep_highest_exploding(sides, n, n)
        return keep_lowest_exploding(sides, n, k)
    if k == n:
        return die.repeat(n)
    if die.exact:
        return keep_exact(die, n, k, highest=False)
    return keep_float(die, n, k, highest=False)


@lru_cache(maxsize=64)
def roll_keep(rolled: int, kept: int, *, sides: int = 10, explode: bool = True) -> Dist:
    """XkY: roll `rolled` dice, total the best `kept`; with `explode`, each die explodes first.

    Kept between calls (a Dist never changes): an edit reuses the rolls it did not touch, and a
    calculator that needs the same roll twice (a Wound Check per raise) computes it once.

    Raises:
        ValueError: unless 0 <= kept <= rolled.
    """
    die = exploding_die(sides) if explode else Dist.die(sides)
    return keep_highest(die, rolled, kept)
