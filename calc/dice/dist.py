"""An immutable discrete distribution over whole-number outcomes.

Weights are either Python ints (exact: every probability is weight / total, and
`Dist.fraction` gives it as a Fraction) or floats, used where an explosion is truncated:
each float weight is then a probability, `total` is 1.0 and `tail` is the mass left out.
Outcomes are stored densely from `offset`, so sums are polynomial products.

Polynomial products run through Python's big integers (Kronecker substitution): each
coefficient gets a fixed-width slot of whole bytes in one integer, one C-level
multiplication does the whole convolution, and the bytes are cut back into coefficients.
Float weights are first turned into fixed-point integers scaled by 2**64, so every
product is accurate to about 1e-19 per outcome.
"""

from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass
from fractions import Fraction
from math import fsum
from typing import Iterable, Iterator, Mapping, Sequence

Weight = int | float

FIXED_BITS = 64  # fixed-point scale for float weights: 2**-64 is far below 1e-12
FIXED_BYTES = FIXED_BITS // 8
FIXED_ONE = 1 << FIXED_BITS
SLOT_BYTES = 2 * FIXED_BYTES + 1  # holds a product of two fixed-point probabilities
_UNFIX = 2.0 ** -FIXED_BITS


# -- packed polynomials (private helpers, also used by calc.dice.keep) ------------------------


def pack(values: Sequence[int], nbytes: int) -> int:
    """Non-negative ints, each below 256**nbytes, as one integer (coefficient i in slot i)."""
    return int.from_bytes(b"".join([v.to_bytes(nbytes, "little") for v in values]), "little")


def unpack(packed: int, nbytes: int, count: int | None = None) -> list[int]:
    """The slots of a packed integer; `count` defaults to the highest non-empty slot."""
    if count is None:
        count = -(-packed.bit_length() // (8 * nbytes))
    raw = packed.to_bytes(nbytes * count, "little")
    fb = int.from_bytes
    return [fb(raw[i : i + nbytes], "little") for i in range(0, nbytes * count, nbytes)]


def unfix(packed: int, nbytes: int, shift_bytes: int, count: int | None = None) -> int:
    """Drop the lowest `shift_bytes` bytes of every slot (a fixed-point rescale), keeping slots."""
    if count is None:
        count = -(-packed.bit_length() // (8 * nbytes))
    raw = packed.to_bytes(nbytes * count, "little")
    out = bytearray(nbytes * count)
    for j in range(shift_bytes, nbytes):
        out[j - shift_bytes :: nbytes] = raw[j::nbytes]
    return int.from_bytes(out, "little")


_SCALE = float(FIXED_ONE)  # 2**64 exactly: scaling a float by it is exact
_LITTLE = sys.byteorder == "little"


def _u64(raw: bytes | bytearray) -> array:
    words = array("Q")
    words.frombytes(raw)
    if not _LITTLE:
        words.byteswap()
    return words


def to_fixed(probabilities: Iterable[float]) -> list[int]:
    """Probabilities as integers scaled by 2**64 (truncated; 1.0 becomes 2**64 - 1)."""
    scale = _SCALE
    words = [int(p * scale) for p in probabilities]
    if words and max(words) >= FIXED_ONE:
        words = [min(w, FIXED_ONE - 1) for w in words]
    return words


def pack_fixed(probabilities: Sequence[float]) -> int:
    """Probabilities packed in fixed point: slot i (SLOT_BYTES wide) holds p_i scaled by 2**64.

    The 8-byte words are built by the C-level array module and spread into their slots with
    eight strided copies, instead of one Python call per coefficient.
    """
    words = array("Q", to_fixed(probabilities))
    if not _LITTLE:
        words.byteswap()
    raw = words.tobytes()
    out = bytearray(SLOT_BYTES * len(words))
    for b in range(FIXED_BYTES):
        out[b::SLOT_BYTES] = raw[b::FIXED_BYTES]
    return int.from_bytes(out, "little")


def _slot_words(packed: int, first_byte: int, count: int | None) -> array:
    """Bytes first_byte..first_byte+7 of every SLOT_BYTES slot, as unsigned 64-bit words."""
    if count is None:
        count = -(-packed.bit_length() // (8 * SLOT_BYTES))
    raw = packed.to_bytes(SLOT_BYTES * count, "little")
    out = bytearray(FIXED_BYTES * count)
    for b in range(FIXED_BYTES):
        out[b::FIXED_BYTES] = raw[first_byte + b :: SLOT_BYTES]
    return _u64(out)


def fixed_power(packed: int, n: int, slots: int | None = None) -> int:
    """The n-th power (n >= 1) of a packed fixed-point polynomial (slot SLOT_BYTES, scale 2**64).

    Repeated squaring; every product is cut back to the 2**64 scale, so slots never grow.
    With `slots`, every product also drops its coefficients from `slots` up: the polynomial
    has no negative coefficients and starts at degree 0 or above, so what lies above never
    flows back below, and the low `slots` coefficients come out as they would uncut.
    """
    mask = (1 << (8 * SLOT_BYTES * slots)) - 1 if slots else -1
    result = 0
    base = packed & mask
    while n:
        if n & 1:
            result = base if not result else unfix((result * base) & mask, SLOT_BYTES, FIXED_BYTES)
        n >>= 1
        if n:
            base = unfix((base * base) & mask, SLOT_BYTES, FIXED_BYTES)
    return result


def fixed_to_floats(packed: int, count: int | None = None) -> list[float]:
    """A packed fixed-point polynomial (slot SLOT_BYTES, scale 2**64, values below 2**64) as floats."""
    u = _UNFIX
    return [v * u for v in _slot_words(packed, 0, count)]


def product_to_floats(packed: int, count: int | None = None) -> list[float]:
    """The product of two packed fixed-point polynomials (scale 2**128) as floats, to 2**-64."""
    u = _UNFIX
    return [v * u for v in _slot_words(packed, FIXED_BYTES, count)]


def _bytes_for(bits: int) -> int:
    return max(1, -(-bits // 8))


def trim_weights(offset: int, weights: Sequence[Weight]) -> tuple[int, tuple[Weight, ...]]:
    lo, hi = 0, len(weights)
    while lo < hi and not weights[lo]:
        lo += 1
    while hi > lo and not weights[hi - 1]:
        hi -= 1
    if lo == hi:
        raise ValueError("a distribution needs at least one outcome with positive weight")
    return offset + lo, tuple(weights[lo:hi])


def _convolve_ints(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Exact product of two non-negative integer polynomials."""
    if len(a) * len(b) <= 64:
        return _convolve_plain(a, b)
    nbytes = _bytes_for(max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length())
    return unpack(pack(a, nbytes) * pack(b, nbytes), nbytes, len(a) + len(b) - 1)


def convolve_probabilities(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """Product of two probability vectors (each summing to at most 1), accurate to ~1e-19."""
    if len(a) * len(b) <= 64:
        return _convolve_plain(a, b)
    return product_to_floats(pack_fixed(a) * pack_fixed(b), len(a) + len(b) - 1)


def _convolve_plain(a: Sequence[Weight], b: Sequence[Weight]) -> list[Weight]:
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

    Attributes:
        offset: the smallest outcome.
        weights: one weight per outcome from `offset` up (zeros allowed inside).
        total: the sum of all weights for ints and for `from_weights`; 1.0 for the float
            results of explosions, whose weights then add up to 1 - tail.
        tail: probability left out by a truncation (0 for exact distributions).
    """

    offset: int
    weights: tuple[Weight, ...]
    total: Weight
    tail: float = 0.0

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_weights(
        cls, mapping: Mapping[int, Weight] | Iterable[tuple[int, Weight]], *, tail: float = 0.0
    ) -> "Dist":
        """From {outcome: weight} or (outcome, weight) pairs (repeated outcomes add up).

        Weights are relative: `total` is their sum, so probabilities always add up to 1;
        `tail` only records how much a truncation left out before they were normalised.
        Use `from_probabilities` for float probabilities that should keep their own sizes.
        """
        pairs = mapping.items() if isinstance(mapping, Mapping) else mapping
        items = [(o, w) for o, w in pairs if w]
        if not items:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        if any(w < 0 for _, w in items):
            raise ValueError("weights must not be negative")
        lo = min(o for o, _ in items)
        hi = max(o for o, _ in items)
        dense: list[Weight] = [0] * (hi - lo + 1)
        for o, w in items:
            dense[o - lo] += w
        offset, weights = trim_weights(lo, dense)
        return cls(offset, weights, sum(weights), tail)

    @classmethod
    def die(cls, sides: int) -> "Dist":
        """A fair die numbered 1..sides."""
        if not isinstance(sides, int) or sides < 1:
            raise ValueError("a die needs at least one side")
        return cls(1, (1,) * sides, sides)

    @classmethod
    def constant(cls, value: int) -> "Dist":
        """The outcome `value` with certainty."""
        return cls(value, (1,), 1)

    @classmethod
    def from_probabilities(cls, offset: int, probabilities: Sequence[float], *, tail: float | None = None) -> "Dist":
        """Float probabilities from `offset` up; `tail` defaults to the mass they leave out."""
        off, weights = trim_weights(offset, probabilities)
        if tail is None:
            tail = max(0.0, 1.0 - fsum(weights))
        return cls(off, weights, 1.0, tail)

    # -- views ----------------------------------------------------------------------
    @property
    def exact(self) -> bool:
        """True when weights are ints, so probabilities are exact fractions."""
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

    def probabilities(self) -> list[float]:
        """P(offset + i) for every i, as floats."""
        t = self.total
        return [w / t for w in self.weights]

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
        part = self.weights[start:]
        return sum(part) if self.exact else fsum(part)

    def at_least(self, target: int) -> float:
        """P(outcome >= target), correctly rounded for exact distributions.

        For a truncated distribution the tail is left out, so the answer may be short by
        at most `tail` (except at or below the smallest outcome, where it is exactly 1).
        """
        if target <= self.offset:
            return 1.0
        return clip01(self.weight_at_least(target) / self.total)

    def survival(self) -> list[list[float]]:
        """JSON-ready `[t, P(outcome >= t)]` for every t from min to max, in one pass."""
        out: list[list[float]] = []
        total = self.total
        top = self.max
        if self.exact:
            running: Weight = 0
            for i, w in enumerate(reversed(self.weights)):
                running += w
                out.append([top - i, running / total])
        else:
            # compensated (Neumaier) running sum: hundreds of small floats add up without drift
            high = low = 0.0
            for i, w in enumerate(reversed(self.weights)):
                t = high + w
                low += (high - t) + w if abs(high) >= abs(w) else (w - t) + high
                high = t
                out.append([top - i, clip01((high + low) / total)])
        out.reverse()
        out[0][1] = 1.0
        return out

    def below(self, target: int) -> float:
        """P(outcome < target); the complement of `at_least`."""
        if target <= self.offset:
            return 0.0
        if self.exact:
            return (self.total - self.weight_at_least(target)) / self.total
        return max(0.0, 1.0 - self.at_least(target))

    def between(self, low: int | None, high: int | None) -> float:
        """P(low <= outcome <= high); None leaves that side open."""
        lo = 0 if low is None else max(0, low - self.offset)
        hi = len(self.weights) if high is None else max(0, min(len(self.weights), high - self.offset + 1))
        if hi <= lo:
            return 0.0
        part = self.weights[lo:hi]
        return clip01((sum(part) if self.exact else fsum(part)) / self.total)

    def mean(self) -> float:
        if self.exact:
            return sum((self.offset + i) * w for i, w in enumerate(self.weights)) / self.total
        return fsum([(self.offset + i) * w for i, w in enumerate(self.weights)]) / self.total

    # -- combination ------------------------------------------------------------------
    def __add__(self, other: "Dist | int") -> "Dist":
        if isinstance(other, int) and not isinstance(other, bool):
            return Dist(self.offset + other, self.weights, self.total, self.tail)
        if not isinstance(other, Dist):
            return NotImplemented
        if self.exact and other.exact:
            weights = _convolve_ints(self.weights, other.weights)  # type: ignore[arg-type]
            return Dist(self.offset + other.offset, tuple(weights), self.total * other.total)
        weights = convolve_probabilities(self.probabilities(), other.probabilities())
        tail = 1 - (1 - self.tail) * (1 - other.tail)
        offset, trimmed = trim_weights(self.offset + other.offset, weights)
        return Dist(offset, trimmed, 1.0, tail)

    __radd__ = __add__

    def __neg__(self) -> "Dist":
        return Dist(-self.max, tuple(reversed(self.weights)), self.total, self.tail)

    def __sub__(self, other: "Dist | int") -> "Dist":
        return self + (-other)

    def __rsub__(self, other: int) -> "Dist":
        return (-self) + other

    def margin(self, target: int) -> "Dist":
        """The distribution of outcome - target (meets or beats when >= 0)."""
        return self + (-target)

    def repeat(self, n: int) -> "Dist":
        """The sum of n independent copies (n >= 0), by repeated squaring."""
        if n < 0:
            raise ValueError("repeat needs n >= 0")
        if n == 0:
            return Dist.constant(0)
        if self.exact and n > 1 and len(self.weights) > 1:
            # one big-integer power: every coefficient of the n-th power is below total**n
            nbytes = _bytes_for((self.total**n).bit_length())
            count = (len(self.weights) - 1) * n + 1
            weights = unpack(pack(self.weights, nbytes) ** n, nbytes, count)  # type: ignore[arg-type]
            return Dist(self.offset * n, tuple(weights), self.total**n)
        if not self.exact:
            packed = fixed_power(pack_fixed(self.probabilities()), n)
            offset, weights = trim_weights(self.offset * n, fixed_to_floats(packed))
            return Dist(offset, weights, 1.0, 1 - (1 - self.tail) ** n)
        result: Dist | None = None
        base = self
        while n:
            if n & 1:
                result = base if result is None else result + base
            n >>= 1
            if n:
                base = base + base
        return Dist.constant(0) if result is None else result


def clip01(p: float) -> float:
    """A probability kept inside [0, 1]: float sums of truncated weights can overshoot by an ulp."""
    return 1.0 if p > 1.0 else 0.0 if p < 0.0 else p


def split_weights(margin: Dist) -> tuple[Weight, Weight, Weight]:
    """The weights of margin > 0, margin = 0 and margin < 0 (whole numbers for an exact margin)."""
    ahead = margin.weight_at_least(1)
    level = margin.weight_at_least(0) - ahead
    return ahead, level, margin.total - ahead - level


def win_tie_lose(margin: Dist) -> tuple[float, float, float]:
    """P(margin > 0), P(margin = 0), P(margin < 0); for an exact margin each is correctly rounded."""
    ahead, level, behind = split_weights(margin)
    return clip01(ahead / margin.total), clip01(level / margin.total), clip01(behind / margin.total)


def opposed(a: Dist, b: Dist) -> tuple[float, float, float]:
    """(P(a > b), P(a == b), P(a < b)) for independent a and b."""
    return win_tie_lose(a - b)
