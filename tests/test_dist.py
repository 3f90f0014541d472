"""calc.dice.dist: the immutable distribution type, against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from calc.dice.dist import Dist, opposed
from calc.dice.explode import exploding_die

from tests import brute


def as_fractions(d: Dist) -> dict[int, Fraction]:
    return {o: d.fraction(o) for o, _ in d.items()}


@pytest.mark.parametrize("sides", [1, 2, 4, 6, 10, 20])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5])
def test_repeat_matches_enumeration(sides: int, n: int) -> None:
    d = Dist.die(sides).repeat(n)
    assert d.exact
    expected = {0: Fraction(1)} if n == 0 else brute.total(brute.die(sides), n)
    assert as_fractions(d) == expected


def test_large_exact_sums_use_big_integers() -> None:
    """40d20 has coefficients far beyond 64 bits: still exact."""
    d = Dist.die(20).repeat(40)
    assert d.total == 20**40 and sum(d.weights) == d.total
    assert d.fraction(40) == Fraction(1, 20**40)
    assert d.fraction(420) == d.fraction(420) and d.fraction(420) == Fraction(d.weights[380], 20**40)
    # symmetric around the mean
    assert d.weights == tuple(reversed(d.weights))


def test_add_subtract_and_constants() -> None:
    d6 = Dist.die(6)
    two = d6 + d6
    assert as_fractions(two) == brute.total(brute.die(6), 2)
    diff = d6 - d6
    assert diff.min == -5 and diff.max == 5 and diff.fraction(0) == Fraction(1, 6)
    assert (d6 + 3).min == 4 and (3 + d6).max == 9
    assert (d6 - 1).min == 0
    assert (10 - d6).min == 4 and (10 - d6).max == 9
    assert d6.margin(4).at_least(0) == 0.5
    assert (-d6).min == -6


def test_views() -> None:
    d = Dist.from_weights({1: 1, 2: 2, 4: 1})
    assert d.total == 4 and d.exact
    assert d.at_least(2) == 0.75 and d.at_least(5) == 0.0 and d.at_least(-3) == 1.0
    assert d.below(2) == 0.25 and d.below(1) == 0.0
    assert d.between(2, 3) == 0.5 and d.between(None, 1) == 0.25 and d.between(5, None) == 0.0
    assert d.fraction(3) == 0 and d.fraction(2) == Fraction(1, 2)
    assert d.mean() == 2.25
    assert d.pmf() == [[1, 0.25], [2, 0.5], [4, 0.25]]
    assert list(d.items()) == [(1, 1), (2, 2), (4, 1)]
    assert (d.min, d.max) == (1, 4)


def test_from_weights_rejects_nothing_and_negatives() -> None:
    with pytest.raises(ValueError):
        Dist.from_weights({})
    with pytest.raises(ValueError):
        Dist.from_weights({1: 0})
    with pytest.raises(ValueError):
        Dist.from_weights({1: -1, 2: 3})
    assert Dist.from_weights([(1, 1), (1, 2)]).weights == (3,)


def test_immutable() -> None:
    d = Dist.die(6)
    with pytest.raises(AttributeError):
        d.offset = 3  # type: ignore[misc]
    d + d
    assert d == Dist.die(6)


def test_float_weights_and_tail() -> None:
    """from_weights normalises (weights are relative) and only records the tail."""
    d = Dist.from_weights({0: 0.25, 1: 0.75 - 1e-13}, tail=1e-13)
    assert not d.exact and d.tail == 1e-13
    assert d.total == pytest.approx(1.0 - 1e-13, abs=1e-16)
    with pytest.raises(TypeError):
        d.fraction(0)
    two = d + d
    assert two.tail == pytest.approx(2e-13, rel=1e-3)
    assert two.probability(0) == pytest.approx((0.25 / d.total) ** 2, abs=1e-16)
    p = Dist.from_probabilities(0, [0.25, 0.75 - 1e-13])
    assert p.total == 1.0 and p.tail == pytest.approx(1e-13, rel=1e-3)


@pytest.mark.parametrize("sides, depth", [(2, 12), (3, 8), (6, 5), (10, 4)])
@pytest.mark.parametrize("n", [1, 2, 3])
def test_sums_of_exploding_dice(sides: int, depth: int, n: int) -> None:
    """Float (fixed-point) convolution against exact enumeration, below the enumeration's depth."""
    d = exploding_die(sides).repeat(n)
    faces = brute.exploding(sides, depth)
    expected = brute.total(faces, n)
    big = sides * depth
    for outcome in range(n, big):
        assert d.probability(outcome) == pytest.approx(float(expected.get(outcome, 0)), abs=1e-15)


def test_float_convolution_of_long_vectors_matches_plain() -> None:
    a = [((i * 7919) % 101) / 5050.0 for i in range(1, 101)]
    b = [((i * 104729) % 37) / 666.0 for i in range(1, 37)]
    da = Dist.from_probabilities(0, a, tail=0.0)
    db = Dist.from_probabilities(3, b, tail=0.0)
    got = da + db
    plain = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            plain[i + j] += x * y
    for i, p in enumerate(plain):
        assert got.probability(3 + i) == pytest.approx(p, abs=1e-17)


@pytest.mark.parametrize("a_sides, b_sides", [(6, 6), (4, 8), (10, 6)])
def test_opposed(a_sides: int, b_sides: int) -> None:
    win = tie = lose = Fraction(0)
    for x, y in itertools.product(range(1, a_sides + 1), range(1, b_sides + 1)):
        p = Fraction(1, a_sides * b_sides)
        if x > y:
            win += p
        elif x == y:
            tie += p
        else:
            lose += p
    got = opposed(Dist.die(a_sides), Dist.die(b_sides))
    assert got == (float(win), float(tie), float(lose))


def test_survival_lists_every_target() -> None:
    d = Dist.die(6).repeat(2)
    table = d.survival()
    assert [t for t, _ in table] == list(range(2, 13))
    assert table[0][1] == 1.0 and table[-1][1] == 1 / 36
    assert all(p == d.at_least(t) for t, p in table)
    e = exploding_die(10).repeat(3)
    for t, p in e.survival()[1:]:
        assert p == pytest.approx(e.at_least(t), abs=1e-16)
