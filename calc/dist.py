"""An immutable discrete distribution over whole-number outcomes.

Weights are either Python ints (exact: every probability is weight / total) or floats
(used where an explosion is truncated; `tail` then holds the probability mass left out).
Outcomes are stored densely from `offset`, so sums are polynomial products.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Iterable, Iterator

Weight = int | float


def _trim(offset: int, weights: list[Weight]) -> tuple[int, tuple[Weight, ...]]:
    lo, hi = 0, len(weights)
    while lo < hi and not weights[lo]:
        lo += 1
    while hi > lo and not weights[hi - 1]:
        hi -= 1
    if lo == hi:
        raise ValueError("a distribution needs at least one outcome with positive weight")
    return offset + lo, tuple(weights[lo:hi])


def _convolve_ints(a: tuple[int, ...], b: tuple[int, ...]) -> list[int]:
    """Exact product of two integer polynomials by packing each into one big integer."""
    if len(a) < 8 or len(b) < 8:
        return _convolve_plain(a, b)
    bits = max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length() + 1
    pack_a = 0
    for x in reversed(a):
        pack_a = (pack_a << bits) | x
    pack_b = 0
    for x in reversed(b):
        pack_b = (pack_b << bits) | x
    product = pack_a * pack_b
    mask = (1 << bits) - 1
    out = []
    for _ in range(len(a) + len(b) - 1):
        out.append(product & mask)
        product >>= bits
    return out


def _convolve_plain(a: tuple[Weight, ...], b: tuple[Weight, ...]) -> list[Weight]:
    out: list[Weight] = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@dataclass(frozen=True, slots=True)
class Dist:
    """Outcome `offset + i` has probability `weights[i] / total`.

    Build one with `Dist.die`, `Dist.constant` or `Dist.from_weights`; combine with `+`.
    Anything that looks like it changes a Dist returns a new one.
    """

    offset: int
    weights: tuple[Weight, ...]
    total: Weight
    tail: float = 0.0

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_weights(cls, mapping: dict[int, Weight] | Iterable[tuple[int, Weight]], *, tail: float = 0.0) -> "Dist":
        items = dict(mapping).items() if not isinstance(mapping, dict) else mapping.items()
        items = [(o, w) for o, w in items if w]
        if not items:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        lo = min(o for o, _ in items)
        hi = max(o for o, _ in items)
        dense: list[Weight] = [0] * (hi - lo + 1)
        for o, w in items:
            dense[o - lo] += w
        offset, weights = _trim(lo, dense)
        return cls(offset, weights, sum(weights), tail)

    @classmethod
    def die(cls, sides: int) -> "Dist":
        """A fair die numbered 1..sides."""
        return cls(1, (1,) * sides, sides)

    @classmethod
    def constant(cls, value: int) -> "Dist":
        return cls(value, (1,), 1)

    # -- views ----------------------------------------------------------------------
    @property
    def exact(self) -> bool:
        return isinstance(self.total, int)

    @property
    def min(self) -> int:
        return self.offset

    @property
    def max(self) -> int:
        return self.offset + len(self.weights) - 1

    def items(self) -> Iterator[tuple[int, Weight]]:
        """(outcome, weight) for every outcome with positive weight."""
        for i, w in enumerate(self.weights):
            if w:
                yield self.offset + i, w

    def probability(self, outcome: int) -> float:
        i = outcome - self.offset
        return self.weights[i] / self.total if 0 <= i < len(self.weights) else 0.0

    def fraction(self, outcome: int) -> Fraction:
        """The exact probability of one outcome (exact distributions only)."""
        if not self.exact:
            raise TypeError("this distribution is truncated; its probabilities are floats")
        i = outcome - self.offset
        return Fraction(self.weights[i], self.total) if 0 <= i < len(self.weights) else Fraction(0)

    def pmf(self) -> list[list[float]]:
        """JSON-ready `[outcome, probability]` pairs."""
        return [[o, w / self.total] for o, w in self.items()]

    def weight_at_least(self, target: int) -> Weight:
        start = max(0, target - self.offset)
        return sum(self.weights[start:])

    def at_least(self, target: int) -> float:
        """P(outcome >= target), correctly rounded for exact distributions."""
        return self.weight_at_least(target) / self.total

    def between(self, low: int | None, high: int | None) -> float:
        """P(low <= outcome <= high); None leaves that side open."""
        lo = 0 if low is None else max(0, low - self.offset)
        hi = len(self.weights) if high is None else max(0, min(len(self.weights), high - self.offset + 1))
        return sum(self.weights[lo:hi]) / self.total if hi > lo else 0.0

    def mean(self) -> float:
        if self.exact:
            num = sum((self.offset + i) * w for i, w in enumerate(self.weights))
            return num / self.total
        return sum((self.offset + i) * w for i, w in enumerate(self.weights)) / self.total

    # -- combination ------------------------------------------------------------------
    def __add__(self, other: "Dist | int") -> "Dist":
        if isinstance(other, int):
            return Dist(self.offset + other, self.weights, self.total, self.tail)
        if self.exact and other.exact:
            weights = _convolve_ints(self.weights, other.weights)  # type: ignore[arg-type]
        else:
            weights = _convolve_plain(self.weights, other.weights)
        tail = 1 - (1 - self.tail) * (1 - other.tail)
        return Dist(self.offset + other.offset, tuple(weights), self.total * other.total, tail)

    __radd__ = __add__

    def __neg__(self) -> "Dist":
        return Dist(-self.max, tuple(reversed(self.weights)), self.total, self.tail)

    def __sub__(self, other: "Dist | int") -> "Dist":
        return self + (-other)

    def repeat(self, n: int) -> "Dist":
        """The sum of n independent copies (n >= 0), by repeated squaring."""
        result = Dist.constant(0)
        base = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    def keep(self, n: int, k: int, *, highest: bool = True) -> "Dist":
        """Sum of the k highest (or lowest) of n independent copies of this die.

        Order statistics: faces are taken from the best down; the state is how many dice
        have already been given a face, and for each state the weights of kept sums.
        """
        if not 0 <= k <= n:
            raise ValueError("keep needs 0 <= k <= n")
        faces = list(self.items())
        if highest:
            faces.reverse()
        # states[j] = {kept_sum: weight} with j dice placed
        states: list[dict[int, Weight]] = [dict() for _ in range(n + 1)]
        states[0][0] = 1
        for face, w in faces:
            nxt: list[dict[int, Weight]] = [dict() for _ in range(n + 1)]
            for j in range(n + 1):
                poly = states[j]
                if not poly:
                    continue
                room = n - j
                still_kept = max(0, k - j)
                wc: Weight = 1
                for c in range(room + 1):
                    factor = comb(room, c) * wc
                    shift = face * min(c, still_kept)
                    target = nxt[j + c]
                    for s, x in poly.items():
                        key = s + shift
                        target[key] = target.get(key, 0) + x * factor
                    wc *= w
            states = nxt
        return Dist.from_weights(states[n], tail=1 - (1 - self.tail) ** n)
