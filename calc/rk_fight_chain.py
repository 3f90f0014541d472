"""The Markov chain behind `rk-fight` (calc/rk_fight.py): runs of blows, then wounds by attack.

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
from math import fsum
from operator import mul

from .dist import Dist
from .rk_rules import wound_count

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


def _bands(check: Dist, top: int, *, rules: str, firearm: bool) -> list[list[float]]:
    """rows[j][t] = P(a Wound Check against TN t falls short by an amount that gives j wounds), t <= top."""
    probs = check.probabilities()
    below = [0.0]  # below[i] = P(check < check.min + i)
    for p in probs:
        below.append(below[-1] + p)

    def short_between(t: int, lo: int, hi: int) -> float:
        """P(lo <= t - check <= hi), i.e. check in [t - hi, t - lo]."""
        a = max(0, t - hi - check.min)
        b = min(len(probs), t - lo - check.min + 1)
        return below[b] - below[a] if b > a else 0.0

    widest = max(1, top - check.min)
    counts = [wound_count(s, rules=rules, firearm=firearm) for s in range(widest + 1)]
    spans: list[tuple[int, int, int]] = []  # (first shortfall, last shortfall, wounds)
    start = 1
    for s in range(2, widest + 2):
        if s > widest or counts[s] != counts[start]:
            spans.append((start, s - 1, counts[start]))
            start = s
    rows = [[0.0] * (top + 1) for _ in range(max(j for _, _, j in spans) + 1)]
    for t in range(top + 1):
        for lo, hi, j in spans:
            rows[j][t] += short_between(t, lo, hi)
    return rows


def _add_damage(pile: list[float], damage: Dist) -> list[float]:
    """The pile after one more blow, indexed by Flesh Wounds (one big-integer convolution in `Dist`)."""
    after = Dist.from_probabilities(0, pile, tail=0.0) + damage
    return [0.0] * after.offset + after.probabilities()


def runs(damage: Dist, check: Dist, *, rules: str, firearm: bool, horizon: int) -> Runs:
    """Follow one run, hit by hit, from no Flesh Wounds to the failed Wound Check that ends it.

    The pile after a hit is the old pile plus the damage; the check (R-0045: meeting the TN
    passes) keeps the pile when it reaches it, and otherwise ends the run with the wounds its
    shortfall gives (`wound_count`). Damage must be at least 1, so the pile grows every hit and
    the run ends once the pile passes the highest check.
    """
    top = check.max + damage.max + 1
    keeps = [check.at_least(t) for t in range(top + 1)]  # P(check >= t)
    rows = _bands(check, top, rules=rules, firearm=firearm)
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
            by_hits.append(tuple(fsum(map(mul, after, row)) for row in rows))
        else:
            late[: len(after)] = map(sum, zip(late, after))
        ended.append(fsum(after) - fsum(kept))
        while kept and kept[-1] == 0.0:
            kept.pop()
        pile, left = kept, fsum(kept)
    wounds = [fsum(col) for col in zip(*by_hits)] if by_hits else [0.0] * len(rows)
    wounds = [w + fsum(map(mul, late, row)) for w, row in zip(wounds, rows)]
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


def timeline(times: list[list[list[float]]], *, crippled_at: int | None, out_at: int,
             attacks: int) -> tuple[list[float], list[float]]:
    """P(Crippled at attack n) and P(out at attack n), n = 0..attacks, from the run times.

    `times[0]` holds the run times before he is Crippled and `times[1]` after; wounds only rise,
    so each wound count is met once and its runs are pushed forward in order.
    """
    starts = [[0.0] * (attacks + 1) for _ in range(out_at)]
    starts[0][0] = 1.0
    crippled = [0.0] * (attacks + 1)
    out = [0.0] * (attacks + 1)
    for w in range(out_at):
        table = times[1 if crippled_at is not None and w >= crippled_at else 0]
        for n0, p in enumerate(starts[w]):
            if not p:
                continue
            for n in range(n0 + 1, attacks + 1):
                for j, g in enumerate(table[n - n0]):
                    if not g or not j:
                        continue
                    mass = p * g
                    if w + j >= out_at:
                        out[n] += mass
                    else:
                        starts[w + j][n] += mass
                    if crippled_at is not None and w < crippled_at <= w + j:
                        crippled[n] += mass
    return crippled, out


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
