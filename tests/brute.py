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
from math import factorial, lcm, prod

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


def whole_chances(faces: Faces) -> tuple[int, list[int]]:
    """The faces' chances as whole numbers over their least common denominator: (denominator,
    numerators). Products of whole numbers keep an enumeration exact without a fraction per roll."""
    denominator = lcm(*(q.denominator for _, q in faces))
    return denominator, [q.numerator * (denominator // q.denominator) for _, q in faces]


def rolls(values: list[int], weights: list[int], n: int):
    """Every multiset of n rolls of a die showing values[i] with whole-number weight weights[i],
    as (sorted values, the multiset's weight)."""
    for combo in itertools.combinations_with_replacement(range(len(values)), n):
        counts = Counter(combo)
        ways = factorial(n) // prod(factorial(c) for c in counts.values())
        yield sorted(values[i] for i in combo), ways * prod(weights[i] ** c for i, c in counts.items())


def keep(faces: Faces, n: int, k: int, *, highest: bool = True) -> dict[int, Fraction]:
    """P(sum of the k highest (lowest) of n rolls = total), by enumeration."""
    denominator, weights = whole_chances(faces)
    totals: dict[int, int] = {}
    for values, weight in rolls([v for v, _ in faces], weights, n):
        total = sum(values[n - k:] if highest else values[:k])
        totals[total] = totals.get(total, 0) + weight
    return {total: Fraction(weight, denominator**n) for total, weight in totals.items()}


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


# -- single dice with the modifiers of the dice notation (tests/test_notation.py) ------------------


def fudge() -> Faces:
    """A Fudge die: -1, 0 or +1."""
    return [(v, Fraction(1, 3)) for v in (-1, 0, 1)]


def reroll_once(faces: Faces, hit) -> Faces:
    """A face for which hit(face) is rolled once more, and the second roll stands."""
    out: dict[int, Fraction] = {}
    for v, p in faces:
        if hit(v):
            for w, q in faces:
                out[w] = out.get(w, Fraction(0)) + p * q
        else:
            out[v] = out.get(v, Fraction(0)) + p
    return sorted(out.items())


def reroll_until(faces: Faces, hit) -> Faces:
    """Rolled again and again while hit(face): by enumeration to depth 40, then the exact limit must match."""
    out: dict[int, Fraction] = {}
    reach = Fraction(1)
    for _ in range(40):
        for v, p in faces:
            if not hit(v):
                out[v] = out.get(v, Fraction(0)) + reach * p
        reach *= sum((p for v, p in faces if hit(v)), Fraction(0))
    # the rest of the geometric series, in closed form: every kept face scaled alike
    kept = sum(out.values(), Fraction(0))
    return sorted((v, p / kept) for v, p in out.items())


def clamp(faces: Faces, low: int | None, high: int | None) -> Faces:
    out: dict[int, Fraction] = {}
    for v, p in faces:
        w = v if low is None else max(v, low)
        w = w if high is None else min(w, high)
        out[w] = out.get(w, Fraction(0)) + p
    return sorted(out.items())


def exploding_on(sides: int, lowest: int, depth: int) -> tuple[Faces, int]:
    """A die whose faces from `lowest` up roll again and add, every run of rolls up to `depth` rolls.

    Returns (faces, big): the runs still going after `depth` rolls are lumped into the last
    face, big = depth * lowest, which stands for "big or more" (like `exploding`); so every
    probability of an outcome below big is exact, for sums and keeps of such dice too.
    """
    out: dict[int, Fraction] = {}
    runs = {0: Fraction(1)}
    for _ in range(depth):
        following: dict[int, Fraction] = {}
        for total, p in runs.items():
            for face in range(1, sides + 1):
                q = p / sides
                if face >= lowest:
                    following[total + face] = following.get(total + face, Fraction(0)) + q
                else:
                    out[total + face] = out.get(total + face, Fraction(0)) + q
        runs = following
    big = depth * lowest
    out[big] = out.get(big, Fraction(0)) + sum(runs.values(), Fraction(0))
    return sorted(out.items()), big
