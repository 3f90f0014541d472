"""What a Roll needs to draw one total from a distribution calc worked out, and to say what it means.

A Roll on the page (docs/assets/js/draw.js) holds no dice rule: it is given a `Draw` and picks a
total by inverse CDF, with a uniform whole number from `crypto.getRandomValues`. So that the pick
needs no floating point, the chances are sent as whole-number weights that add up to exactly
2**BITS: each total's cumulative chance (the chances calc gave, normalised over the totals it
kept) is rounded to the nearest multiple of 2**-BITS, and a weight is the step between two
neighbours. A draw of BITS random bits (one 32-bit word and 16 bits of a second) then lands on
each total with exactly its weight over 2**BITS, and every "at least" chance of the drawn totals is
within 2**-(BITS+1) (about 1.8e-15) of calc's own, far inside the 1e-12 the odds are exact to.
A total whose weight rounds to nothing (a chance under about 3.6e-15) is never drawn.

`Band`s say what a total means: the last band whose `low` the total reaches gives the words,
written by Python from the calculator's own figures (a TN, the size of a Raise, a degree's
margin); the page only fills in the total, and a count where a band counts in steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ldexp
from typing import Any, Sequence

from calc.wording import percent

BITS = 48     # the weights add up to 2**BITS
_FIXED = 80   # chances are summed as whole multiples of 2**-80 (exact integer sums)


@dataclass(frozen=True)
class Band:
    """The totals from `low` up to the next band's `low` (`low` None: every total below the next).

    `say` is the sentence, with `{total}` where the total goes; or, for a band that counts in
    steps of `every` (raises to spare), three sentences for a count of 0, of 1, and of more,
    with `{n}` where the count goes (n = (total - low) // every).
    """

    low: int | None
    say: str | tuple[str, str, str]
    every: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.say, tuple) != (self.every > 0):
            raise ValueError("a counting band has three sentences and a step; a plain band one sentence and none")
        if self.every and self.low is None:
            raise ValueError("a counting band counts from a total")

    def as_json(self) -> list[Any]:
        return [self.low, list(self.say), self.every] if self.every else [self.low, self.say]

    def words(self, total: int) -> str:
        """The band's sentence for `total` (as the page writes it: docs/assets/js/draw.js `meaning`)."""
        if isinstance(self.say, str):
            return self.say.replace("{total}", str(total))
        n = (total - (self.low or 0)) // self.every
        return self.say[min(n, 2)].replace("{total}", str(total)).replace("{n}", str(n))


@dataclass(frozen=True)
class Draw:
    """One distribution to roll: what it is (`label`), its totals and weights, what each total means,
    and the chance calc's truncation of exploding dice left out (`tail`, 0 when nothing was)."""

    label: str
    totals: tuple[int, ...]
    weights: tuple[int, ...]
    bands: tuple[Band, ...] = ()
    tail: float = 0.0

    def __post_init__(self) -> None:
        if len(self.totals) != len(self.weights) or not self.totals:
            raise ValueError("a draw needs one weight per total, and at least one total")
        if sum(self.weights) != 1 << BITS or min(self.weights) < 0:
            raise ValueError(f"a draw's weights are whole numbers adding up to 2**{BITS}")
        lows = [b.low for b in self.bands]
        if lows[:1] == [None]:
            lows = lows[1:]
        if None in lows or lows != sorted(set(lows)):   # type: ignore[type-var]
            raise ValueError("bands go from the lowest up; only the first may have no low")

    def meaning(self, total: int) -> str:
        """What `total` means, as the page says it: the last band it reaches, else the total alone."""
        band = None
        for b in self.bands:
            if b.low is None or total >= b.low:
                band = b
        return band.words(total) if band else str(total)

    def as_json(self) -> dict[str, Any]:
        """The draw as the page reads it: consecutive totals as their lowest (`low`), others listed."""
        consecutive = all(b - a == 1 for a, b in zip(self.totals, self.totals[1:]))
        out: dict[str, Any] = {"label": self.label}
        out.update({"low": self.totals[0]} if consecutive else {"totals": list(self.totals)})
        out["weights"] = list(self.weights)
        if self.bands:
            out["bands"] = [b.as_json() for b in self.bands]
        if self.tail > 0:   # the page compares the number and shows the words (calc.wording.percent)
            out["tail"] = self.tail
            out["tail_words"] = percent(self.tail, exact=True)
        return out


def weights_of(pmf: Sequence[Sequence[float]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The totals and their whole-number weights adding up to 2**BITS, from `[total, chance]` pairs
    in order of total. Totals at either end whose weight rounds to 0 are left out."""
    if not pmf:
        raise ValueError("a distribution with no totals cannot be drawn from")
    totals = [int(t) for t, _ in pmf]
    if any(b <= a for a, b in zip(totals, totals[1:])):
        raise ValueError("a distribution's totals come in rising order, each once")
    fixed = [int(ldexp(float(p), _FIXED)) for _, p in pmf]
    if min(fixed) < 0 or sum(fixed) == 0:
        raise ValueError("chances must be 0 or more, and not all 0")
    whole, scale = sum(fixed), 1 << BITS
    weights, running, before = [], 0, 0
    for f in fixed:
        running += f
        at = (running * scale * 2 + whole) // (2 * whole)   # round(running / whole * 2**BITS)
        weights.append(at - before)
        before = at
    first = next(i for i, w in enumerate(weights) if w)
    last = len(weights) - next(i for i, w in enumerate(reversed(weights)) if w)
    return tuple(totals[first:last]), tuple(weights[first:last])


def draw_of(pmf: Sequence[Sequence[float]], label: str, bands: Sequence[Band] = (), *, tail: float = 0.0) -> Draw:
    """A `Draw` of the distribution `pmf` (`[total, chance]` pairs, as results hold them)."""
    totals, weights = weights_of(pmf)
    return Draw(label, totals, weights, tuple(bands), max(0.0, float(tail)))


__all__ = ["BITS", "Band", "Draw", "draw_of", "weights_of"]
