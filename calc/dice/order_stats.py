"""Order statistics over a die's faces, exact in integers: the sum of the r highest of m dice.

Faces are taken from the best down; a state is "j dice so far, all of them kept", held as
one packed big-integer polynomial in the kept sum. The moment a face brings the count to
k or more, the other dice only have to lie below it, so that state ends in one step.
States count labelled dice, so they do not depend on n: one pass serves many (n, k) pairs,
and `order_dp` sums weighted families of them ("groups") without computing each one.

Checked against a brute-force twin in tests/test_keep.py; `calc.dice.keep` chooses when to use it.
"""

from __future__ import annotations

from math import comb
from typing import Callable

from calc.dice.dist import FIXED_ONE, Dist, trim_weights, unpack

_BINOMIALS = tuple(tuple(comb(n, i) for i in range(n + 1)) for n in range(65))  # Pascal's triangle


def _binomials(n: int) -> tuple[tuple[int, ...], ...]:
    """Rows 0..n of Pascal's triangle (a constant table up to 64)."""
    if n < len(_BINOMIALS):
        return _BINOMIALS
    return tuple(tuple(comb(i, j) for j in range(i + 1)) for i in range(n + 1))


def _powers(base: int, n: int) -> list[int]:
    out = [1] * (n + 1)
    for i in range(1, n + 1):
        out[i] = out[i - 1] * base
    return out


Group = tuple[int, list[tuple[int, int]]]  # (r, [(m, factor), ...])


def _at_least_count(row: tuple[int, ...], big_m: int, c0: int, pw: list[int] | None, pb: list[int] | None,
                    pt: list[int]) -> int:
    """Weight of: at least c0 of big_m dice show this face (weights `pw`), the rest a lower one (`pb`).

    `row` is Pascal's row big_m and `pt` the powers of the weight of this face and all below it;
    the shorter of the two sums is taken (the direct one, or the complement of fewer than c0).
    """
    if pb is None:
        return pw[big_m] if pw else 1
    if big_m - c0 < c0:
        if pw:
            return sum([row[c] * pw[c] * pb[big_m - c] for c in range(c0, big_m + 1)])
        return sum([row[c] * pb[big_m - c] for c in range(c0, big_m + 1)])
    if pw:
        return pt[big_m] - sum([row[c] * pw[c] * pb[big_m - c] for c in range(c0)])
    return pt[big_m] - sum([row[c] * pb[big_m - c] for c in range(c0)])


def _advance(states: list[int], binom: tuple[tuple[int, ...], ...], pw: list[int] | None) -> list[int]:
    """The states after this face: j dice kept so far, plus c more showing this face (all still kept).

    States are held relative to this face (see `order_dp`), so the c new dice add no shift.
    """
    max_r = len(states)
    nxt = states[:]
    for j in range(max_r - 1):
        state = states[j]
        if not state:
            continue
        for c in range(1, max_r - j):
            factor = binom[j + c][c] if pw is None else binom[j + c][c] * pw[c]
            nxt[j + c] += factor * state
    return nxt


def _ending_here(rs: list[int], weighted: list[list[list[tuple[int, int]]]], states: list[int],
                 count: Callable[[int, int], int]) -> list[int]:
    """Per group, the weights of the kept sums whose r-th best die shows this face (relative to it).

    With j dice above this face (state j), the other m - j must put at least r - j on this
    face and the rest below it: `count(m - j, r - j)` ways. `weighted[g][j]` lists, for each
    member, m - j and its factor times C(m, j) (the ways to choose the j), found once per DP.
    """
    counts: dict[int, int] = {}
    out = []
    for r, by_j in zip(rs, weighted):
        acc = 0
        for j in range(r):
            state = states[j]
            if not state:
                continue
            c0 = r - j
            scalar = 0
            for big_m, factor in by_j[j]:
                key = big_m * 4096 + c0
                ways = counts.get(key)
                if ways is None:
                    ways = counts[key] = count(big_m, c0)
                scalar += factor * ways
            if scalar:
                acc += scalar * state
        out.append(acc)
    return out


def order_dp(faces: list[tuple[int, int]], groups: list[Group]) -> tuple[int, list[int]]:
    """Weighted sums of keep-highest distributions, exact in integers.

    For each group (r, members) the result is  sum over (m, factor) in members of
    factor * (weights of the sum of the r highest of m dice), the weights of one (m, r)
    adding up to W**m (W = sum of the face weights). A group with a single member and factor
    1 is just that order statistic; the exploding algorithm folds many (m, r) into one group.

    Args:
        faces: (value, positive int weight), best first (descending values).
        groups: (r, [(m, factor), ...]) with 1 <= r <= m and factor >= 0.

    Returns:
        (nbytes, packed): one packed polynomial per group, slots of `nbytes` bytes, slot i
        holding the weight of kept sum r * lowest_face + i.

    While face v is handled, state j (j dice so far, all showing v or more) is held relative
    to v: slot i is the kept sum j * v + i. Then the dice that show v add nothing to a state,
    and a group's finished sums all start at r * v, so neither needs a shift per term; the
    states move up by j slots per unit of value when the next, lower face comes.
    """
    low = faces[-1][0]
    big_w = sum(w for _, w in faces)
    max_m = max(m for _, members in groups for m, _ in members)
    max_r = max(r for r, _ in groups)
    bound = max(sum(f * big_w**m for m, f in members) for _, members in groups)
    nbytes = max(1, -(-bound.bit_length() // 8))
    bits = 8 * nbytes
    binom = _binomials(max_m)
    states = [0] * max_r
    states[0] = 1
    found = [0] * len(groups)
    remaining = big_w
    pt = _powers(big_w, max_m)  # powers of the weight of this face and all below it
    rs = [r for r, _ in groups]
    weighted = [[[(m - j, factor * binom[m][j]) for m, factor in members] for j in range(r)] for r, members in groups]
    previous = faces[0][0]
    for value, w in faces:
        step = (value - low) * bits
        move = (previous - value) * bits
        if move:
            states = [state << (j * move) for j, state in enumerate(states)]
        previous = value
        below = remaining - w
        pw = _powers(w, max_m) if w != 1 else None
        pb = _powers(below, max_m) if below else None
        ending = _ending_here(rs, weighted, states, lambda big_m, c0: _at_least_count(binom[big_m], big_m, c0, pw, pb, pt))
        for index, r in enumerate(rs):
            if ending[index]:
                found[index] += ending[index] << (step * r)
        if pb is not None:
            states = _advance(states, binom, pw)
            pt = pb
        remaining = below
    return nbytes, found


def order_statistic(faces: list[tuple[int, int]], m: int, r: int) -> tuple[int, list[int]]:
    """(offset, weights) of the sum of the r highest of m dice; the weights add up to W**m.

    The one-pair case of `order_dp`, written out for speed on small pools (4d6 keep 3).
    """
    low = faces[-1][0]
    big_w = sum(w for _, w in faces)
    nbytes = max(1, -(-(big_w**m).bit_length() // 8))
    bits = 8 * nbytes
    binom = _binomials(m)
    row_m = binom[m]
    states = [0] * r
    states[0] = 1
    acc = 0
    remaining = big_w
    for value, w in faces:
        step = (value - low) * bits
        below = remaining - w
        if not below:  # the lowest face: every die not yet placed shows it
            for j in range(r):
                state = states[j]
                if state:
                    acc += (row_m[j] * w ** (m - j)) * (state << (step * (r - j)))
            break
        pb = [1] * (m + 1)
        for i in range(1, m + 1):
            pb[i] = pb[i - 1] * below
        pw = [1] * (m + 1)
        if w != 1:
            for i in range(1, m + 1):
                pw[i] = pw[i - 1] * w
        for j in range(r):
            state = states[j]
            if state:
                big_m = m - j
                c0 = r - j
                row = binom[big_m]
                # at least c0 of the other big_m dice show this face, the rest lower
                if big_m - c0 < c0:
                    count = sum([row[c] * pw[c] * pb[big_m - c] for c in range(c0, big_m + 1)])
                else:
                    count = remaining**big_m - sum([row[c] * pw[c] * pb[big_m - c] for c in range(c0)])
                acc += (row_m[j] * count) * (state << (step * c0))
        nxt = states[:]
        for j in range(r - 1):
            state = states[j]
            if state:
                for c in range(1, r - j):
                    nxt[j + c] += (binom[j + c][c] * pw[c]) * (state << (step * c))
        states = nxt
        remaining = below
    return low * r, unpack(acc, nbytes, (faces[0][0] - low) * r + 1)


def _faces(die: Dist, *, highest: bool) -> list[tuple[int, int]]:
    faces = [(o, w) for o, w in die.items()]
    if highest:
        faces.reverse()
    else:
        faces = [(-o, w) for o, w in faces]
    return faces


def keep_exact(die: Dist, n: int, k: int, *, highest: bool) -> Dist:
    (offset, weights) = order_statistic(_faces(die, highest=highest), n, k)
    start, trimmed = trim_weights(offset, weights)
    result = Dist(start, trimmed, die.total**n)
    return result if highest else -result


def keep_float(die: Dist, n: int, k: int, *, highest: bool) -> Dist:
    """Any float die: weights to 2**-64 fixed point, then the exact algorithm."""
    faces = [(o, int(p * FIXED_ONE + 0.5)) for o, p in zip(range(die.offset, die.max + 1), die.probabilities())]
    faces = [(o, w) for o, w in faces if w]
    die_int = Dist.from_weights(dict(faces))
    (offset, weights) = order_statistic(_faces(die_int, highest=highest), n, k)
    scale = FIXED_ONE**n
    probs = [w / scale for w in weights]
    result = Dist.from_probabilities(offset, probs)
    return -result if not highest else result


