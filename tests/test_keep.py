"""calc.dice.keep and calc.dice.explode: every fast algorithm against its brute-force twin."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, fsum

import pytest


from calc.dice.dist import Dist
from calc.dice.explode import exploding_die, levels_needed
from calc.dice.keep import exploding_sum, keep_highest, keep_lowest, roll_keep
from calc.dice.keep_exploding import keep_highest_exploding
from calc.dice.order_stats import keep_float

from tests import brute

# -- explode ----------------------------------------------------------------------------


@pytest.mark.parametrize("sides", [2, 3, 6, 10, 20])
def test_exploding_die_shape(sides: int) -> None:
    d = exploding_die(sides)
    assert not d.exact and d.total == 1.0
    assert d.tail < 1e-13 and d.tail * sides >= 1e-13  # cut exactly where the rest drops below
    assert sum(d.weights) + d.tail == pytest.approx(1.0, abs=1e-15)
    faces = brute.exploding(sides, levels_needed(sides, 1e-13))
    for value, p in faces[:-1]:
        assert d.probability(value) == pytest.approx(float(p), rel=1e-15)
    for level in range(1, 4):
        assert d.probability(sides * level) == 0.0  # the top face always rolls on
    assert d.mean() == pytest.approx((sides + 1) / 2 * sides / (sides - 1), abs=1e-10)


def test_exploding_die_threshold() -> None:
    assert exploding_die(10, threshold=1e-3).max == 39  # 1e-3 left after three levels is not below 1e-3
    with pytest.raises(ValueError):
        exploding_die(1)
    with pytest.raises(ValueError):
        exploding_die(6, threshold=0)


# -- exact order statistics -----------------------------------------------------------------

EXACT_DICE = {
    "d3": Dist.die(3),
    "d6": Dist.die(6),
    "weighted": Dist.from_weights({-2: 1, 0: 3, 1: 2, 5: 4}),
    "coin": Dist.from_weights({0: 1, 1: 1}),
}


@pytest.mark.parametrize("name", sorted(EXACT_DICE))
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("highest", [True, False])
def test_keep_exact_matches_enumeration(name: str, n: int, highest: bool) -> None:
    die = EXACT_DICE[name]
    faces = brute.weighted(dict(die.items()))
    for k in range(0, n + 1):
        got = (keep_highest if highest else keep_lowest)(die, n, k)
        assert got.exact and got.total == die.total**n or k == 0
        expected = brute.keep(faces, n, k, highest=highest) if k else {0: Fraction(1)}
        assert {o: got.fraction(o) for o, _ in got.items()} == expected


def test_keep_rejects_bad_counts() -> None:
    with pytest.raises(ValueError):
        keep_highest(Dist.die(6), 2, 3)
    with pytest.raises(ValueError):
        keep_lowest(Dist.die(6), 2, -1)


def test_4d6_drop_lowest_hand_checked() -> None:
    """4d6 keep 3: a total of 18 needs at least three sixes: 21 of 1296 rolls."""
    d = keep_highest(Dist.die(6), 4, 3)
    assert d.fraction(18) == Fraction(21, 1296)
    assert d.fraction(3) == Fraction(1, 1296)


# -- exploding keep-highest ------------------------------------------------------------------

GRID = [
    (2, 11, [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)]),
    (3, 7, [(1, 1), (3, 1), (3, 2), (4, 2), (4, 3)]),
    (6, 4, [(1, 1), (2, 1), (3, 2), (4, 2), (4, 3), (3, 3)]),
    (10, 3, [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (4, 2), (4, 3)]),
    (10, 2, [(5, 3), (5, 1)]),
]


@pytest.mark.parametrize(
    "sides, depth, n, k", [(s, d, n, k) for s, d, cases in GRID for n, k in cases]
)
def test_keep_highest_exploding_matches_enumeration(sides: int, depth: int, n: int, k: int) -> None:
    """Below BIG = sides*depth the enumeration is exact, so the two must agree to rounding."""
    got = keep_highest(exploding_die(sides), n, k)
    assert not got.exact and got.tail < 1e-13
    expected = brute.keep(brute.exploding(sides, depth), n, k)
    big = sides * depth
    for outcome in range(0, big):
        assert got.probability(outcome) == pytest.approx(float(expected.get(outcome, 0)), abs=2e-16)
    assert 1 - got.at_least(big) == pytest.approx(float(brute.below(expected, big)), abs=1e-15)


@pytest.mark.parametrize(
    "sides, depth, n, k", [(s, d, n, k) for s, d, cases in GRID for n, k in cases if k < n]
)
def test_keep_lowest_exploding_matches_enumeration(sides: int, depth: int, n: int, k: int) -> None:
    got = keep_lowest(exploding_die(sides), n, k)
    expected = brute.keep(brute.exploding(sides, depth), n, k, highest=False)
    for outcome in range(0, sides * depth):
        assert got.probability(outcome) == pytest.approx(float(expected.get(outcome, 0)), abs=1e-15)


@pytest.mark.parametrize("sides", [3, 6, 10])
@pytest.mark.parametrize("n, k", [(4, 1), (6, 3), (8, 4), (8, 7), (9, 9)])
def test_exploding_fast_path_matches_order_statistics(sides: int, n: int, k: int) -> None:
    """Independent method on larger pools: the level decomposition against the plain face DP."""
    die = exploding_die(sides, threshold=1e-16)
    fast = keep_highest_exploding(sides, n, k)
    slow = keep_float(die, n, k, highest=True)
    for outcome in range(0, max(fast.max, slow.max) + 1):
        assert fast.probability(outcome) == pytest.approx(slow.probability(outcome), abs=1e-14)


@pytest.mark.parametrize("sides, n, k", [(10, 6, 3), (12, 6, 5), (6, 8, 4), (3, 10, 9), (2, 12, 6), (4, 7, 1),
                                         (20, 5, 2)])
def test_exploding_keep_lowest_matches_order_statistics(sides: int, n: int, k: int) -> None:
    """Independent method on larger pools: exploded-or-not by die against the plain face DP on a deep die."""
    from calc.dice.explode import exploding_levels
    from calc.dice.keep_exploding import _levels_for, keep_lowest_exploding

    fast = keep_lowest_exploding(sides, n, k)
    slow = keep_float(exploding_levels(sides, _levels_for(sides, n) + 2), n, k, highest=False)
    assert fast.tail < 1e-15
    for outcome in range(0, max(fast.max, slow.max) + 1):
        assert fast.probability(outcome) == pytest.approx(slow.probability(outcome), abs=1e-14)
    assert fast.mean() == pytest.approx(slow.mean(), abs=1e-12)


def test_published_7k5() -> None:
    """docs/rk/basics.md#rk-basic-roll: 7k5 with exploding tens, P(>=30) ~ 79%, P(>=40) ~ 39%, P(>=50) ~ 13%."""
    d = roll_keep(7, 5)
    assert [round(100 * d.at_least(t)) for t in (30, 40, 50)] == [79, 39, 13]


def test_roll_keep_options() -> None:
    plain = roll_keep(3, 2, explode=False)
    assert plain.exact and plain.total == 1000
    assert plain == keep_highest(Dist.die(10), 3, 2)
    assert roll_keep(3, 3, sides=6, explode=False) == Dist.die(6).repeat(3)
    assert roll_keep(4, 0) == Dist.constant(0)
    with pytest.raises(ValueError):
        roll_keep(2, 3)


@pytest.mark.parametrize("n, k", [(10, 5), (20, 10), (30, 15), (30, 1), (30, 30), (30, 29), (40, 30)])
def test_large_pools_against_monte_carlo(n: int, k: int) -> None:
    """Seeded Monte Carlo, 20,000 rolls: P(>= t) within 5 standard errors at three targets."""
    rng = random.Random(n * 100 + k)

    samples = sorted(sum(sorted(brute.roll_exploding(rng) for _ in range(n))[n - k:]) for _ in range(20_000))
    d = roll_keep(n, k)
    for q in (0.25, 0.5, 0.9):
        t = samples[int(q * len(samples))]
        observed = sum(1 for s in samples if s >= t) / len(samples)
        p = d.at_least(t)
        assert abs(observed - p) <= 5 * (p * (1 - p) / len(samples)) ** 0.5 + 1e-9


def test_large_pools_against_icepool() -> None:
    """Independent method (a dev-only dependency): icepool, explosion depth 15, agrees to 1e-13."""
    icepool = pytest.importorskip("icepool")
    for n, k in [(6, 3), (10, 5)]:
        ref = icepool.Die(range(1, 11)).explode(depth=15).pool(n).highest(k).sum()
        den = ref.denominator()
        got = roll_keep(n, k)
        for outcome in range(0, got.max + 1):
            assert abs(got.probability(outcome) - ref.quantity(outcome) / den) < 1e-13


def test_keep_of_other_float_dice() -> None:
    """A float die that is not an exploding die takes the general path."""
    d = Dist.from_weights({1: 0.2, 2: 0.3, 7: 0.5})
    got = keep_highest(d, 3, 2)
    exact = keep_highest(Dist.from_weights({1: 2, 2: 3, 7: 5}), 3, 2)
    for o in range(0, 15):
        assert got.probability(o) == pytest.approx(exact.probability(o), abs=1e-15)


@pytest.mark.parametrize("faces", [[(6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1)], [(9, 2), (4, 3), (0, 1), (-3, 5)]])
def test_grouped_order_statistics_match_single_ones(faces: list[tuple[int, int]]) -> None:
    """The grouped DP (used for exploding dice) against the one-pair DP, weights and all."""
    from calc.dice.dist import unpack
    from calc.dice.order_stats import order_dp, order_statistic

    groups = [(2, [(3, 5), (4, 1), (6, 7)]), (1, [(1, 2), (5, 3)]), (4, [(4, 1)])]
    nbytes, packed = order_dp(faces, groups)
    big_w = sum(w for _, w in faces)
    for (r, members), got in zip(groups, packed):
        expected: dict[int, int] = {}
        for m, factor in members:
            offset, weights = order_statistic(faces, m, r)
            for i, w in enumerate(weights):
                expected[i] = expected.get(i, 0) + factor * w
        got_weights = unpack(got, nbytes)
        assert {i: w for i, w in enumerate(got_weights) if w} == {i: w for i, w in expected.items() if w}
    # and the one-pair DP is the brute-force order statistic
    offset, weights = order_statistic(faces, 3, 2)
    expected_dist = brute.keep(brute.weighted({v: w for v, w in faces}), 3, 2)
    assert {offset + i: Fraction(w, big_w**3) for i, w in enumerate(weights) if w} == expected_dist


def test_sums_of_exploding_dice_follow_the_explosion_further() -> None:
    """The sum of exploding dice (keep.exploding_sum, which a dice expression such as 20d6! uses) follows
    the same deep series as roll_keep: nearly nothing is lost."""
    from calc.dice.notation import distribution

    for sides, n in [(6, 20), (10, 30), (2, 5)]:
        d = exploding_sum(exploding_die(sides), n)
        assert d is not None and d.tail < 1e-15 and abs(sum(d.weights) - 1) < 1e-15
        assert d == roll_keep(n, n, sides=sides)
        assert distribution(f"{n}d{sides}!") == d
    assert exploding_sum(Dist.die(6), 3) is None   # not an exploding die: not its kind



@pytest.mark.parametrize("sides, n, k", [(10, 30, 29), (10, 30, 30), (6, 40, 30), (2, 20, 10), (3, 12, 1), (2, 60, 59)])
def test_window_cuts_only_negligible_totals(sides: int, n: int, k: int) -> None:
    """`_window` leaves out totals that need more explosions than n dice make but once in 1e18 rolls;
    a power cut at it equals the uncut power below the cut."""
    from calc.dice.dist import fixed_power, fixed_to_floats
    from calc.dice.keep_exploding import _exploding_fixed, _levels_for, _window

    length = _window(sides, n, k)
    most = (length - 1 - k * (sides - 1)) // sides  # explosions the window allows for
    p, q = Fraction(1, sides), Fraction(sides - 1, sides)
    below = sum(comb(n + t - 1, t) * p**t * q**n for t in range(most + 1))  # P(T <= most), negative binomial
    assert 0 < 1 - below < Fraction(1, 10**18)
    explode = _exploding_fixed(sides, _levels_for(sides, n))
    whole = fixed_to_floats(fixed_power(explode, n))
    cut = fixed_to_floats(fixed_power(explode, n, _window(sides, n, n)))
    assert len(cut) <= _window(sides, n, n) and cut == whole[: len(cut)]
    assert fsum(whole[len(cut):]) < 1e-18
    assert keep_highest_exploding(sides, n, k).max < length


@pytest.mark.parametrize("sides, n, k, depth", [(20, 15, 14, 3), (6, 9, 7, 6)])
def test_large_keeps_match_order_statistics(sides: int, n: int, k: int, depth: int) -> None:
    """Independent method where only the lowest level matters (each group one member, factors applied
    as floats; `_configurations` says which path is taken): the plain face DP over a die cut after
    `depth` levels, exact for totals up to sides * depth (a die past the cut would be kept and be
    worth more on its own)."""
    from calc.dice.explode import exploding_levels
    from calc.dice.keep_exploding import _configurations, _levels_for

    single = all(len(members) == 1 for members in _configurations(sides, n, k, _levels_for(sides, n)).values())
    assert single == (sides != 6)  # the d6 case has k-th dice above the lowest level: the other path
    fast = keep_highest_exploding(sides, n, k)
    slow = keep_float(exploding_levels(sides, depth), n, k, highest=True)
    assert 1 - fast.at_least(sides * depth + 1) > 1e-6  # some mass to compare: the low tail, relatively
    for outcome in range(0, sides * depth + 1):
        assert fast.probability(outcome) == pytest.approx(slow.probability(outcome), abs=1e-15, rel=1e-12)


@pytest.mark.parametrize("sides", [2, 3, 6, 10, 100])
def test_times_exploding_matches_the_product(sides: int) -> None:
    """The product by E through its geometric series against the plain big-integer product."""
    from calc.dice.dist import FIXED_BYTES, SLOT_BYTES, pack_fixed, unfix, unpack
    from calc.dice.keep_exploding import _exploding_fixed, _run_sum, _times_exploding

    rng = random.Random(sides)
    values = [rng.random() / 300 for _ in range(300)]
    packed = pack_fixed(values)
    slots = 700
    explode = _exploding_fixed(sides, 80 // sides + 30) >> (8 * SLOT_BYTES)  # E from the value 1, far enough
    expected = unpack(unfix((explode * packed) & ((1 << (8 * SLOT_BYTES * slots)) - 1), SLOT_BYTES, FIXED_BYTES),
                      SLOT_BYTES, slots)
    got = unpack(_times_exploding(packed, sides, slots), SLOT_BYTES, slots)
    assert max(abs(a - b) for a, b in zip(got, expected)) <= 64  # units of 2**-64: rounding only
    assert sum(got) > 0.99 * sum(expected)
    assert _run_sum(5, 7, 8) == sum(5 << (8 * u) for u in range(7))
