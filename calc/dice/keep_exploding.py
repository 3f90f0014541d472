"""Keep the highest or lowest k of n exploding dice, in fixed point (2**-64).

Give each die its level: how many times it exploded. A die at level L is worth sides*L + U with U uniform on 1..sides-1, and every
die at a higher level beats every die at a lower one. Condition on the level of the k-th
best die and on how many dice lie above it (a) and at it (m): the a dice above are all kept
and, by memorylessness, each is sides*(level+1) plus a fresh exploding die E; of the m at
the level the best r = k - a are kept, an order statistic of uniform dice (`calc.dice.order_stats`,
one group per level and a). So
    KH = sum over a of  E^(*a) (*) H_a,
evaluated by Horner's rule in fixed point (2**-64). A product by E is not a long
multiplication: E is a plain die on 1..sides-1 times a geometric series in x^sides/sides,
so it takes a few shifts and 64-bit scalings (`_times_exploding`). Totals beyond what the
explosions reach with more than 1e-18 are never computed (`_window`). Configurations below
1e-17 are skipped, and the result's top is cut below 1e-16; `tail` reports the loss.

Checked against a brute-force twin in tests/test_keep.py; `calc.dice.keep` chooses when to use it.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from calc.dice.dist import (
    FIXED_BYTES,
    FIXED_ONE,
    SLOT_BYTES,
    Dist,
    fixed_power,
    fixed_to_floats,
    pack,
    pack_fixed,
    product_to_floats,
    unfix,
    unpack,
)
from calc.dice.explode import DEFAULT_THRESHOLD, exploding_levels
from calc.dice.order_stats import Group, order_dp

_NEGLIGIBLE = 1e-17  # mass below which a configuration of levels is not computed


def exploding_sides(die: Dist) -> int | None:
    """The number of sides if `die` is exactly what `exploding_die` builds, else None."""
    if die.exact or die.offset != 1 or len(die.weights) < 3:
        return None
    try:
        sides = die.weights.index(0) + 1
    except ValueError:
        return None
    levels, extra = divmod(len(die.weights) + 1, sides)
    if extra or sides < 2:
        return None
    return sides if exploding_levels(sides, levels) == die else None


@lru_cache(maxsize=32)
def _exploding_fixed(sides: int, levels: int) -> int:
    """The exploding die as a packed fixed-point polynomial indexed by value (slot 0 empty).

    Built from the exact probabilities sides**-(level+1), rounded once to 2**-64, not from
    the die's floats (1/6 as a float is already 3e-17 short, and sums of 20 dice would show it).
    """
    words = [0]
    for level in range(levels):
        den = sides ** (level + 1)
        words.extend([(FIXED_ONE + den // 2) // den] * (sides - 1))
        words.append(0)
    words.pop()
    return pack(words, SLOT_BYTES)


def _levels_for(sides: int, n: int) -> int:
    """Levels that leave out less than 1e-17 over n dice."""
    levels = 1
    while n * float(sides) ** -levels >= _NEGLIGIBLE:
        levels += 1
    return levels


def _trim_tail(offset: int, probs: list[float], threshold: float) -> Dist:
    """Drop the top outcomes whose combined probability is below a thousandth of threshold."""
    cut = len(probs)
    mass = 0.0
    limit = threshold * 1e-3
    while cut > 1 and mass + probs[cut - 1] < limit:
        cut -= 1
        mass += probs[cut]
    return Dist.from_probabilities(offset, probs[:cut])


def _window(sides: int, n: int, k: int) -> int:
    """How many totals (0, 1, ...) the k highest of n exploding dice reach with more than 1e-18.

    A kept die is worth at most sides - 1 plus sides per explosion, so k kept dice total at
    most k (sides - 1) + sides T, T the explosions among all n dice; T reaches m with chance
    at most C(n + m - 1, m) sides^-m (`_explosions_beyond`).
    """
    return k * (sides - 1) + sides * _explosions_beyond(sides, n, _NEGLIGIBLE * 1e-2) + 1


def _configurations(sides: int, n: int, k: int, levels: int) -> dict[tuple[int, int], list[tuple[int, float]]]:
    """The configurations of levels that matter, {(level, a): [(m, chance), ...]}.

    The k-th best die is at `level`, a dice lie above it (all kept), m at it (the best
    r = k - a of them kept), the rest below (dropped); those under 1e-17 are left out.
    """
    q = 1.0 / sides
    face = sides - 1
    found: dict[tuple[int, int], list[tuple[int, float]]] = {}
    binom_nk = comb(n, k)
    for level in range(levels):
        if level and binom_nk * q ** (level * k) < _NEGLIGIBLE:
            break
        above = q ** (level + 1)
        at = face * q ** (level + 1)
        below = 1.0 - q**level
        for a in range(k):
            r = k - a
            ways_a = comb(n, a) * above**a
            for m in range(r, n - a + 1) if level else (n - a,):
                p = ways_a * comb(n - a, m) * at**m * below ** (n - a - m)
                if p >= _NEGLIGIBLE:
                    found.setdefault((level, a), []).append((m, p))
    return found


def _kept_at_levels(sides: int, k: int, found: dict[tuple[int, int], list[tuple[int, float]]]) -> dict[int, list[float]]:
    """For each a: the chance of each kept total from the k - a dice kept at the k-th best die's level.

    Totals count the a dice above as sides * (level + 1) each (their fresh exploding parts
    are added by Horner's rule). One `order_dp` group per (level, a). When every group has
    one member (only level 0 matters: large k), the factor is applied as a float afterwards,
    which keeps the integers of the DP small; otherwise the factors go in as fixed point,
    scaled so that all groups share one scale.
    """
    face = sides - 1
    keys = sorted(found)
    single = all(len(found[key]) == 1 for key in keys)
    max_m = max(m for members in found.values() for m, _ in members)
    if single:
        groups: list[Group] = [(k - a, [(found[(level, a)][0][0], 1)]) for level, a in keys]
        scales = [found[key][0][1] / float(face) ** found[key][0][0] for key in keys]
    else:
        groups = [(k - a, [(m, int(p * FIXED_ONE * face ** (max_m - m) + 0.5)) for m, p in found[(level, a)]])
                  for level, a in keys]
        scales = [1.0 / (FIXED_ONE * float(face) ** max_m)] * len(keys)
    nbytes, packed = order_dp([(v, 1) for v in range(face, 0, -1)], groups)
    by_a: dict[int, list[float]] = {}
    for (level, a), acc, scale in zip(keys, packed, scales):
        start = sides * (level + 1) * a + sides * level * (k - a) + (k - a)  # the lowest kept total
        values = by_a.setdefault(a, [])
        weights = unpack(acc, nbytes)
        if len(values) < start + len(weights):
            values.extend([0.0] * (start + len(weights) - len(values)))
        for i, w in enumerate(weights, start):
            if w:
                values[i] += w * scale
    return by_a


def _run_sum(packed: int, count: int, slot_bits: int) -> int:
    """packed * (1 + x + ... + x^(count - 1)): `count` shifted copies, added by doubling."""
    result, offset, block, size = 0, 0, packed, 1
    while count:
        if count & 1:
            result += block << (offset * slot_bits)
            offset += size
        count >>= 1
        if count:
            block += block << (size * slot_bits)
            size *= 2
    return result


def _times_exploding(packed: int, sides: int, slots: int) -> int:
    """A packed fixed-point polynomial times E / x, E the exploding die, cut to `slots` slots.

    E = (x + ... + x^(sides-1)) / sides * (1 + t + t^2 + ...) with t = x^sides / sides: a die
    that does not explode, after any number of explosions. So the product is a run of sides - 1
    shifted copies, scaled by 1/sides, then multiplied by the geometric series as
    (1 + t)(1 + t^2)(1 + t^4)... Each factor is a shift and a multiplication by one 64-bit
    number, so the cost grows with the length of `packed` alone, not with the length of E.
    The series stops where t^(2^i) falls below 2**-64 or past the cut.
    """
    bits = 8 * SLOT_BYTES
    mask = (1 << (bits * slots)) - 1
    y = unfix((_run_sum(packed, sides - 1, bits) * ((FIXED_ONE + sides // 2) // sides)) & mask,
              SLOT_BYTES, FIXED_BYTES)
    step, den = sides, sides
    while step < slots:
        scalar = (FIXED_ONE + den // 2) // den
        if not scalar:
            break
        y += unfix(((y << (step * bits)) * scalar) & mask, SLOT_BYTES, FIXED_BYTES)
        step, den = 2 * step, den * den
    return y


def keep_highest_exploding(sides: int, n: int, k: int, threshold: float = DEFAULT_THRESHOLD) -> Dist:
    levels = _levels_for(sides, n)
    length = _window(sides, n, k)
    if k == n:  # every die kept: a plain sum
        packed = fixed_power(_exploding_fixed(sides, levels), n, length)
        return _trim_tail(0, fixed_to_floats(packed), threshold)
    by_a = _kept_at_levels(sides, k, _configurations(sides, n, k, levels))
    # Horner's rule over a, KH = sum of E^(*a) (*) H_a, held as (lowest total, packed from it);
    # a product by E only moves mass up (by 1 at least), so the totals from `length` up can go
    low, acc = length, 0
    for a in range(max(by_a), -1, -1):
        if acc:
            low += 1
            acc = _times_exploding(acc, sides, length - low)
        values = by_a.get(a)
        if values:
            start = next(i for i, v in enumerate(values) if v)
            if start < low:
                acc, low = acc << (8 * SLOT_BYTES * (low - start)), start
            acc += pack_fixed(values[start:length]) << (8 * SLOT_BYTES * (start - low))
    probs = [0.0] * low + fixed_to_floats(acc)
    return _trim_tail(0, probs, threshold)


def _cut_small_top(probs: list[float], limit: float) -> list[float]:
    """Drop the top entries whose combined probability is below `limit`."""
    cut = len(probs)
    mass = 0.0
    while cut > 1 and mass + probs[cut - 1] < limit:
        cut -= 1
        mass += probs[cut]
    return probs[:cut]


def keep_lowest_exploding(sides: int, n: int, k: int, threshold: float = DEFAULT_THRESHOLD) -> Dist:
    """The k lowest of n exploding dice (0 < k < n), by how many of them exploded.

    Every die that exploded (worth more than `sides`) beats every die that did not (1 to
    sides - 1). With d = n - k dice dropped, let D_j be the lowest j - d of j exploding dice.
    Among j dice, i exploded with probability C(j, i) s^-i ((s - 1)/s)^(j - i), then

    * i <= d: the kept dice are the lowest j - d of the j - i plain dice, an order statistic
      of uniform dice on 1..s-1 (`order_dp`, one group per j, exact in integers);
    * i > d: every plain die is kept, and the lowest i - d of the exploded ones, each worth
      s plus a fresh exploding die: s (i - d) + D_i, a smaller case of the same family.

    The case i = j refers to D_j itself (all j exploded, probability s^-j), so
    D_j = X_j + s^-j D_j shifted by s (j - d), solved by one pass up the outcomes. The
    products of the second case are summed as packed fixed-point integers (one conversion
    to floats per j); each D_j is cut where less than 1e-18 is left above.
    """
    d = n - k
    face = sides - 1
    q, p = face / sides, 1.0 / sides
    limit = _NEGLIGIBLE * 1e-1
    length = (k + _explosions_beyond(sides, k, limit)) * sides + 1  # above this, less than `limit`
    # order statistics of the plain dice: group j holds sum over i <= d of C(j, i) * (lowest r of j - i)
    groups: list[Group] = [(j - d, [(j - i, comb(j, i)) for i in range(d + 1)]) for j in range(d + 1, n + 1)]
    nbytes, packed = order_dp([(v, 1) for v in range(face, 0, -1)], groups)
    plain_sums = [[1.0]] + [Dist.die(face).repeat(m).probabilities() for m in range(1, k)]
    window = (1 << (8 * SLOT_BYTES * length)) - 1
    found: dict[int, int] = {}  # j -> D_j packed in fixed point (slot SLOT_BYTES, value = slot index)
    x: list[float] = []
    for (r, _), acc, j in zip(groups, packed, range(d + 1, n + 1)):
        # i > d dice exploded (i < j): the plain sum (from m) and s (i - d) + D_i
        mixed = 0
        for i in range(d + 1, j):
            m = j - i
            coefficient = comb(j, i) * p**i * q**m
            if coefficient >= limit:
                plain = pack_fixed([coefficient * v for v in plain_sums[m]])
                mixed += (plain * found[i]) << (8 * SLOT_BYTES * (m + sides * (i - d)))
        x = product_to_floats(mixed & window, length) if mixed else [0.0] * length
        # i <= d: relabel each face v as sides - v, so slot i (a highest-r sum of r + i) is the
        # lowest-r sum r * face - i
        scale = float(sides) ** -j
        top = r * face
        for i, w in enumerate(unpack(acc, nbytes, (face - 1) * r + 1)):
            if w:
                x[top - i] += w * scale
        # the case where all j exploded: D_j = X_j + s^-j D_j shifted by s (j - d)
        step, rho = sides * (j - d), p**j
        for v in range(step, length):
            x[v] += rho * x[v - step]
        x = _cut_small_top(x, limit)
        if j < n:
            found[j] = pack_fixed(x)
    return _trim_tail(0, x, threshold)


def _explosions_beyond(sides: int, dice: int, limit: float) -> int:
    """Explosions among `dice` dice beyond which less than `limit` is left: C(dice+m-1, m) sides^-m."""
    m = 0
    while comb(dice + m - 1, m) * float(sides) ** -m >= limit:
        m += 1
    return m


