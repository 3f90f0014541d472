"""The Markov chain behind `rk-fight` (calc/roll_keep/fight.py): runs of blows, then wounds by attack.

1. A *run* is the stretch of landed blows from no Flesh Wounds to the next failed Wound Check.
   Within a run the state is the Flesh Wounds carried: each blow adds its damage, a check that
   meets the pile keeps it, a check that falls short clears it and ends the run with the wounds
   its shortfall gives. Runs do not depend on the wounds already taken, so one table serves all:
   P(the run ends at blow L with j wounds), followed blow by blow until less than `REMAINDER` is left.
2. Between runs only the wounds count. Each attack lands with a chance q, so a run of L blows
   takes L landings among the attacks (`landing_times`); the wound count only rises, so the
   chances by attack are one forward pass over wounds (`timeline`), and the averages follow from
   how often each wound count is reached (`visits`) and the mean run length.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from math import fsum
from operator import mul

from calc.dice.dist import (
    FIXED_BYTES,
    FIXED_ONE,
    SLOT_BYTES,
    Dist,
    pack_fixed,
    product_to_floats,
    unfix,
)
from calc.roll_keep.rules import wound_count

REMAINDER = 1e-14  # a run is followed until less than this is left (under 1e-12 over a whole fight)


@dataclass(frozen=True)
class Runs:
    """How runs of hits end: `by_hits[L - 1][j]` = P(the run ends at hit L with j wounds), L <= horizon.

    `wounds[j]` is P(a run ends with j wounds) over every length, `mean_hits` the average length,
    `left` the probability still unresolved when the chain stopped.
    """

    by_hits: tuple[tuple[float, ...], ...]
    wounds: tuple[float, ...]
    mean_hits: float
    left: float


def _spans(widest: int, *, rules: str, firearm: bool) -> list[tuple[int, int, int]]:
    """(first shortfall, last shortfall, wounds) for the runs of shortfalls 1..widest giving the same wounds."""
    counts = [wound_count(s, rules=rules, firearm=firearm) for s in range(widest + 1)]
    spans: list[tuple[int, int, int]] = []
    start = 1
    for s in range(2, widest + 2):
        if s > widest or counts[s] != counts[start]:
            spans.append((start, s - 1, counts[start]))
            start = s
    return spans


def _wounds_by_span(pile: list[float], cdf: list[float], check_min: int, spans: list[tuple[int, int, int]],
                    width: int) -> list[float]:
    """P(the check falls short of the pile by an amount giving j wounds), j = 0..width-1.

    `cdf[i]` is P(check <= check_min + i - 1), carried on flat past the check's top. The check
    falls short by at least b with chance  G(b) = sum over t of P(pile = t) P(check <= t - b),
    one dot product; a span of shortfalls lo..hi is then G(lo) - G(hi + 1). Only shortfalls
    the pile can reach are asked for.
    """
    reach = len(pile) - 1 - check_min  # the largest shortfall possible
    found: dict[int, float] = {}

    def at_least(b: int) -> float:
        if b > reach:
            return 0.0
        if b not in found:
            t0 = max(0, b + check_min)
            found[b] = fsum(map(mul, pile[t0:], cdf[t0 - b - check_min + 1 :]))
        return found[b]

    row = [0.0] * width
    for lo, hi, j in spans:
        if lo <= reach:
            row[j] += at_least(lo) - at_least(hi + 1)
    return row


def _add_damage(pile: list[float], damage: Dist) -> list[float]:
    """The pile after one more blow, indexed by Flesh Wounds (one big-integer convolution in `Dist`)."""
    after = Dist.from_probabilities(0, pile, tail=0.0) + damage
    return [0.0] * after.offset + after.probabilities()


# Kept between calls (a Dist and Runs never change): a change to a field that moves neither the
# damage nor the Wound Check (the attacker's skill, the defence) reuses the chain it followed
@lru_cache(maxsize=64)
def runs(damage: Dist, check: Dist, *, rules: str, firearm: bool, horizon: int) -> Runs:
    """Follow one run, hit by hit, from no Flesh Wounds to the failed Wound Check that ends it.

    The pile after a hit is the old pile plus the damage; the check (R-0045: meeting the TN
    passes) keeps the pile when it reaches it, and otherwise ends the run with the wounds its
    shortfall gives (`wound_count`). Damage must be at least 1, so the pile grows every hit and
    the run ends once the pile passes the highest check.
    """
    top = check.max + damage.max + 1
    keeps = [check.at_least(t) for t in range(top + 1)]  # P(check >= t)
    spans = _spans(max(1, top - check.min), rules=rules, firearm=firearm)
    width = max(j for _, _, j in spans) + 1
    cdf = [0.0, *accumulate(check.probabilities())]  # cdf[i] = P(check < check.min + i)
    cdf += [cdf[-1]] * (top + 1)
    pile: list[float] = [1.0]  # pile[i] = P(carrying i Flesh Wounds and still in the run)
    by_hits: list[tuple[float, ...]] = []
    late = [0.0] * (top + 1)  # mass meeting each TN on hits past the horizon
    ended: list[float] = []  # mass ending at each hit
    hits, left = 0, 1.0
    while left >= REMAINDER:
        hits += 1
        after = _add_damage(pile, damage)
        kept = list(map(mul, after, keeps))
        if hits <= horizon:
            by_hits.append(tuple(_wounds_by_span(after, cdf, check.min, spans, width)))
        else:
            late[: len(after)] = map(sum, zip(late, after))
        ended.append(fsum(after) - fsum(kept))
        while kept and kept[-1] == 0.0:
            kept.pop()
        pile, left = kept, fsum(kept)
    wounds = [fsum(col) for col in zip(*by_hits)] if by_hits else [0.0] * width
    if hits > horizon:
        wounds = [w + x for w, x in zip(wounds, _wounds_by_span(late, cdf, check.min, spans, width))]
    mean = fsum((i + 1) * e for i, e in enumerate(ended))
    return Runs(tuple(by_hits), tuple(wounds), mean, left)


def landing_times(by_hits: tuple[tuple[float, ...], ...], q: float, attacks: int) -> list[list[float]]:
    """out[n][j] = P(a run ends at attack n with j wounds), n = 1..attacks, when each attack lands with chance q.

    The L-th landing falls on attack n with chance q * C(n-1, L-1) q^(L-1) (1-q)^(n-L).
    """
    width = len(by_hits[0]) if by_hits else 1
    out = [[0.0] * width for _ in range(attacks + 1)]
    row = [1.0]  # row[L] = P(exactly L landings in the attacks so far)
    for n in range(1, attacks + 1):
        for hits in range(1, min(n, len(by_hits)) + 1):
            chance = q * row[hits - 1] if hits - 1 < len(row) else 0.0
            if chance:
                for j, p in enumerate(by_hits[hits - 1]):
                    out[n][j] += chance * p
        row = [a * (1 - q) + b * q for a, b in zip(row + [0.0], [0.0] + row)]
    return out


def _pack_columns(table: list[list[float]], stride: int) -> int:
    """The run times `table[d][j]` (d attacks after the run began) packed in fixed point, wounds j in
    blocks of `stride` slots: block j, slot d. One product by a packed series over attacks then
    convolves that series with every block at once (the blocks are wide enough not to overlap)."""
    width = len(table[0]) if table else 1
    flat = [0.0] * (width * stride)
    for d, row in enumerate(table):
        for j, g in enumerate(row):
            if g and j:
                flat[j * stride + d] = g
    return pack_fixed(flat)


def timeline(times: list[list[list[float]]], *, crippled_at: int | None, out_at: int,
             attacks: int) -> tuple[list[float], list[float]]:
    """P(Crippled at attack n) and P(out at attack n), n = 0..attacks, from the run times.

    `times[0]` holds the run times before he is Crippled and `times[1]` after. Wounds only rise,
    so each wound count w is met once: the chance that a run begins at attack n with w wounds
    is a series over n, convolved with the run times of each wound count j to give the series
    for w + j (or for the attack that takes him out, or Crippled). The series are packed big
    integers in fixed point (2**-64 per slot), so each w costs one multiplication.
    """
    count = attacks + 1
    stride = 2 * attacks + 1  # a product of two series over 0..attacks reaches 2 * attacks
    width = len(times[0][0]) if times[0] else 1
    packed = [_pack_columns(table, stride) for table in times]
    step = SLOT_BYTES * stride
    starts = [0] * out_at  # packed at 2**-128: sums of products
    starts[0] = FIXED_ONE * FIXED_ONE  # he starts unhurt at attack 0
    crippled = out = 0
    for w in range(out_at):
        if not starts[w]:
            continue
        which = 1 if crippled_at is not None and w >= crippled_at else 0
        product = unfix(starts[w], SLOT_BYTES, FIXED_BYTES, count) * packed[which]
        raw = product.to_bytes(step * width, "little")
        for j in range(1, width):
            block = int.from_bytes(raw[j * step : j * step + SLOT_BYTES * count], "little")
            if not block:
                continue
            if w + j >= out_at:
                out += block
            else:
                starts[w + j] += block
            if crippled_at is not None and w < crippled_at <= w + j:
                crippled += block
    return product_to_floats(crippled, count), product_to_floats(out, count)


def visits(wounds: tuple[float, ...], out_at: int) -> list[float]:
    """P(he ever stands at w wounds, before going out), w = 0..out_at-1."""
    seen = [0.0] * out_at
    seen[0] = 1.0
    for w in range(out_at):
        for j, p in enumerate(wounds):
            if j and w + j < out_at:
                seen[w + j] += seen[w] * p
    return seen


__all__ = ["REMAINDER", "Runs", "landing_times", "runs", "timeline", "visits"]
