"""A tiny brute-force enumerator of dice outcomes with exact fractions: the twin of calc's fast code.

Exploding dice are enumerated to a fixed depth. The last face, `BIG` = sides * depth, stands
for every value the die can reach after exploding `depth` times (probability sides**-depth).
Because such a die is worth at least `BIG`, any total that kept it is at least `BIG`, so

* for keep-highest, keep-lowest and sums, every probability of an outcome below `BIG` is exact;
* a roll compared with a TN at or below `BIG` is exact whenever `BIG` dice only make it larger.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from math import factorial, prod

Faces = list[tuple[int, Fraction]]


def die(sides: int) -> Faces:
    return [(v, Fraction(1, sides)) for v in range(1, sides + 1)]


def weighted(weights: dict[int, int]) -> Faces:
    total = sum(weights.values())
    return [(v, Fraction(w, total)) for v, w in sorted(weights.items())]


def exploding(sides: int, depth: int) -> Faces:
    """An exploding die to `depth` rolls; the final face BIG = sides * depth stands for 'BIG or more'."""
    faces: Faces = []
    for level in range(depth):
        for face in range(1, sides):
            faces.append((sides * level + face, Fraction(1, sides ** (level + 1))))
    faces.append((sides * depth, Fraction(1, sides**depth)))
    return faces


def rolls(faces: Faces, n: int):
    """Every multiset of n rolls, as (sorted values, probability)."""
    for combo in itertools.combinations_with_replacement(range(len(faces)), n):
        counts = Counter(combo)
        ways = factorial(n) // prod(factorial(c) for c in counts.values())
        p = ways * prod(faces[i][1] ** c for i, c in counts.items())
        yield sorted(faces[i][0] for i in combo), p


def keep(faces: Faces, n: int, k: int, *, highest: bool = True) -> dict[int, Fraction]:
    """P(sum of the k highest (lowest) of n rolls = total), by enumeration."""
    out: dict[int, Fraction] = {}
    for values, p in rolls(faces, n):
        chosen = values[n - k:] if highest else values[:k]
        total = sum(chosen)
        out[total] = out.get(total, Fraction(0)) + p
    return out


def total(faces: Faces, n: int) -> dict[int, Fraction]:
    return keep(faces, n, n)


def at_least(dist: dict[int, Fraction], target: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= target), Fraction(0))


def below(dist: dict[int, Fraction], target: int) -> Fraction:
    return sum((p for v, p in dist.items() if v < target), Fraction(0))


def roll_exploding(rng: random.Random, sides: int = 10) -> int:
    """One exploding die, sampled: the top face is rolled again and added, indefinitely."""
    total = 0
    while True:
        face = rng.randint(1, sides)
        total += face
        if face != sides:
            return total
