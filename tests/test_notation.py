"""The dice-expression parser and the `dice` calculator (docs/calculators.md#dice-expressions).

Every shape of the grammar is checked against brute-force enumeration of the dice with exact
fractions; exploding dice are enumerated to a depth whose left-out mass is below 1e-15.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from fractions import Fraction

import pytest

import calc
from calc import InputError, notation

Enum = dict[int, Fraction]


# -- brute force ----------------------------------------------------------------------------


def faces(sides: int) -> list[tuple[int, Fraction]]:
    return [(v, Fraction(1, sides)) for v in range(1, sides + 1)]


def exploding_faces(sides: int) -> list[tuple[int, Fraction]]:
    """An exploding die, enumerated level by level until less than 1e-15 is left out."""
    out, level = [], 0
    while Fraction(1, sides**level) >= Fraction(1, 10**15):
        out += [(sides * level + f, Fraction(1, sides ** (level + 1))) for f in range(1, sides)]
        level += 1
    return out


def enumerate_dice(die: list[tuple[int, Fraction]], n: int, score: Callable[[list[int]], int]) -> Enum:
    """P(score(values) = s) over every ordered roll of n dice."""
    out: Enum = {}
    for roll in itertools.product(die, repeat=n):
        value = score([v for v, _ in roll])
        p = Fraction(1)
        for _, q in roll:
            p *= q
        out[value] = out.get(value, Fraction(0)) + p
    return out


def combine(a: Enum, b: Enum, sign: int = 1) -> Enum:
    out: Enum = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + sign * y] = out.get(x + sign * y, Fraction(0)) + p * q
    return out


def const(c: int) -> Enum:
    return {c: Fraction(1)}


def summed(sides: int, n: int) -> Enum:
    return enumerate_dice(faces(sides), n, sum)


def kept(die: list[tuple[int, Fraction]], n: int, k: int, highest: bool = True) -> Enum:
    return enumerate_dice(die, n, lambda v: sum(sorted(v, reverse=highest)[:k]))


def counted(die: list[tuple[int, Fraction]], n: int, hit: Callable[[int], bool]) -> Enum:
    return enumerate_dice(die, n, lambda v: sum(1 for x in v if hit(x)))


EXACT_CASES: list[tuple[str, Callable[[], Enum]]] = [
    ("d6", lambda: summed(6, 1)),
    ("1d2", lambda: summed(2, 1)),
    ("3d6+5", lambda: combine(summed(6, 3), const(5))),
    ("2d4-1d6+3", lambda: combine(combine(summed(4, 2), summed(6, 1), -1), const(3))),
    ("-d4 + 10", lambda: combine(const(10), summed(4, 1), -1)),
    ("d6-d6", lambda: combine(summed(6, 1), summed(6, 1), -1)),
    ("4d6kh3", lambda: kept(faces(6), 4, 3)),
    ("4d6k3", lambda: kept(faces(6), 4, 3)),
    ("4d6kl3", lambda: kept(faces(6), 4, 3, highest=False)),
    ("3d8kh1+2", lambda: combine(kept(faces(8), 3, 1), const(2))),
    ("5d4kl2", lambda: kept(faces(4), 5, 2, highest=False)),
    ("4d6>=5", lambda: counted(faces(6), 4, lambda x: x >= 5)),
    ("4d10>=7", lambda: counted(faces(10), 4, lambda x: x >= 7)),
    ("3d8<3", lambda: counted(faces(8), 3, lambda x: x < 3)),
    ("3d8<=3", lambda: counted(faces(8), 3, lambda x: x <= 3)),
    ("4d4=2", lambda: counted(faces(4), 4, lambda x: x == 2)),
    ("3d6>4", lambda: counted(faces(6), 3, lambda x: x > 4)),
    ("2d6>=7", lambda: const(0)),
    ("2D6 + 2d6>=1", lambda: combine(summed(6, 2), const(2))),
    ("7", lambda: const(7)),
    ("-3", lambda: const(-3)),
]

EXPLODING_CASES: list[tuple[str, Callable[[], Enum]]] = [
    ("d4!", lambda: enumerate_dice(exploding_faces(4), 1, sum)),
    ("2d3!", lambda: enumerate_dice(exploding_faces(3), 2, sum)),
    ("2d4!kh1", lambda: kept(exploding_faces(4), 2, 1)),
    ("2d4!kl1", lambda: kept(exploding_faces(4), 2, 1, highest=False)),
    ("1k1", lambda: enumerate_dice(exploding_faces(10), 1, sum)),
    ("2k1", lambda: kept(exploding_faces(10), 2, 1)),
    ("2k2+1", lambda: combine(kept(exploding_faces(10), 2, 2), const(1))),
    ("2d6!>=6", lambda: counted(exploding_faces(6), 2, lambda x: x >= 6)),
    ("2d6!>=8", lambda: counted(exploding_faces(6), 2, lambda x: x >= 8)),
]


@pytest.mark.parametrize("expr, brute", EXACT_CASES, ids=[c[0] for c in EXACT_CASES])
def test_exact_expressions_match_enumeration(expr: str, brute: Callable[[], Enum]) -> None:
    expected = brute()
    result = calc.evaluate("dice", {"expr": expr})
    assert result["distribution"] == [[x, float(p)] for x, p in sorted(expected.items()) if p]
    mean = sum(x * p for x, p in expected.items())
    assert result["mean"] == pytest.approx(float(mean), abs=1e-12)
    for target in sorted(expected) + [min(expected) - 1, max(expected) + 1]:
        chance = calc.evaluate("dice", {"expr": expr, "target": target})["chance"]
        assert chance == float(sum((p for x, p in expected.items() if x >= target), Fraction(0)))


@pytest.mark.parametrize("expr, brute", EXPLODING_CASES, ids=[c[0] for c in EXPLODING_CASES])
def test_exploding_expressions_match_enumeration(expr: str, brute: Callable[[], Enum]) -> None:
    expected = brute()
    result = calc.evaluate("dice", {"expr": expr})
    got = dict((x, p) for x, p in result["distribution"])
    for x, p in expected.items():
        if x < 60:  # well inside the enumerated depth for every case above
            assert got.get(x, 0.0) == pytest.approx(float(p), abs=1e-12), x
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)
    for target in (1, 2, 5, 10, 11, 20, 30):
        chance = calc.evaluate("dice", {"expr": expr, "target": target})["chance"]
        assert chance == pytest.approx(float(sum((p for x, p in expected.items() if x >= target), Fraction(0))), abs=1e-12)


def test_ten_keep_five_is_roll_and_keep() -> None:
    """`10k5` is seed 001's XkY: ten exploding d10s, the best five added up."""
    from calc.keep import roll_keep

    assert calc.evaluate("dice", {"expr": "10k5"})["distribution"] == roll_keep(10, 5).pmf()


def test_exploding_keep_highest_uses_exploding_dice() -> None:
    from calc.explode import exploding_die
    from calc.keep import keep_highest

    assert calc.evaluate("dice", {"expr": "12d6!kh6"})["distribution"] == keep_highest(exploding_die(6), 12, 6).pmf()


def test_hand_checked_values() -> None:
    """3d6 >= 11 is exactly one half; 4d6kh3 >= 18 is 21/1296; one d10 >= 7 is 0.4."""
    assert calc.evaluate("dice", {"expr": "3d6", "target": 11})["chance"] == 0.5
    assert calc.evaluate("dice", {"expr": "4d6kh3", "target": 18})["chance"] == 21 / 1296
    assert calc.evaluate("dice", {"expr": "1d10>=7", "target": 1})["chance"] == 0.4


def test_target_is_optional_and_echoed() -> None:
    result = calc.evaluate("dice", {"expr": "3d6+5"})
    assert result["chance"] is None and result["mean"] == 15.5 and result["expression"] == "3d6+5"
    assert calc.evaluate("dice", {"expr": "3d6+5", "target": ""})["chance"] is None
    assert calc.evaluate("dice", {"expr": " 2D6 +  d4 ", "target": "5"})["expression"] == "2d6+1d4"


@pytest.mark.parametrize(
    "expr, canonical",
    [("d6", "1d6"), ("4d6k3", "4d6kh3"), ("4D6KL3", "4d6kl3"), ("-d4+10", "-1d4+10"), ("10k5", "10k5"),
     ("12d6!kh6", "12d6!kh6"), ("6d10>=7", "6d10>=7"), ("3d6 - 2", "3d6-2"), ("+5", "5")],
)
def test_canonical_form(expr: str, canonical: str) -> None:
    assert notation.canonical(notation.parse(expr)) == canonical


# -- errors point at the character ----------------------------------------------------------

ERRORS = [
    # expr, 1-based column, the character quoted (None: the end of the expression)
    ("3d6+x", 5, "x"),
    ("3d6+", 5, None),
    ("3 d6", 3, "d"),
    ("3d6 5", 5, "5"),
    ("3d6++2", 5, "+"),
    ("٣d6", 1, "٣"),
    ("3d٦", 3, "٦"),
    ("d", 2, None),
    ("d1", 2, "1"),
    ("d101", 2, "1"),
    ("0d6", 1, "0"),
    ("61d6", 1, "6"),
    ("30d6+31d6", 6, "3"),
    ("4d6kh5", 6, "5"),
    ("4d6kh0", 6, "0"),
    ("4d6kx3", 5, "x"),
    ("10k11", 4, "1"),
    ("4d6!!", 5, "!"),
    ("4d6kh3!", 7, "!"),
    ("6d10>=7k2", 8, "k"),
    ("4d6kh3>=2", 7, ">"),
    ("6d10=>7", 6, ">"),
    ("6d10>=", 7, None),
    ("1234567", 1, "1"),
    ("3*2", 2, "*"),
    ("(3d6)", 1, "("),
    ("3d6.5", 4, "."),
    ("NaN", 1, "N"),
    ("inf", 1, "i"),
    ("1e3", 2, "e"),
    ("3d6 + 2d6 - ", 13, None),
    ("-", 2, None),
    ("--3", 2, "-"),
    ("d6" + "+1" * 20, 42, "1"),
]


@pytest.mark.parametrize("expr, column, char", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_name_the_column_and_character(expr: str, column: int, char: str | None) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": expr})
    error = caught.value
    assert error.field == "expr"
    assert isinstance(error, notation.ExpressionError)
    assert error.column == column
    assert f"column {column}" in error.message
    assert error.message.startswith("expr")
    if char is None:
        assert "end" in error.message
    else:
        assert f'("{char}")' in error.message
    assert error.pointer().splitlines() == [expr, " " * (column - 1) + "^"]


@pytest.mark.parametrize("raw", ["", "   ", None, 5, 5.0, ["3d6"], b"3d6", "x" * 81, "3d6\n", "3d6\x00"])
def test_not_an_expression(raw: object) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": raw})
    assert caught.value.field == "expr" and "expr" in caught.value.message


def test_parse_rejects_non_text_directly() -> None:
    for raw in (None, 3, ["d6"], "x" * 81, " "):
        with pytest.raises(InputError):
            notation.parse(raw)


# -- caps and time ----------------------------------------------------------------------------

# The costliest expressions the caps allow, by shape (each at or just inside a cap).
WORST_CASES = [
    "60d100",
    "30d100-30d100",
    "60d100>=50",
    "60d100!>=50",
    "60d2!",
    "60d6!>=6",
    "20d6!",
    "15d10!",
    "60k10",
    "60k30",
    "30k30",
    "60d6!kh30",
    "60d10!kh10",
    "60d100kh30",
    "60d100kl30",
    "60d6kl30",
    "10d100!kh5",
    "10d100!",
    "d100!+d100!+d100!+d100!+d100!",
    "10d6!kl5",
    "6d100+6d100+6d100+6d100+6d100+6d100+6d100+6d100+6d100+6d100",
    "3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2",
    "d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!",
    "5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3",
    # the slowest accepted expressions found by searching the cost model's budget
    "38d75!kh10",
    "39d75kh21",
    "45d100kl16",
    "57d50kh25",
    "38d2!kl5",
    "60k59",
    "60d10!kh59",
    "57d12!kh55",
    "37d2!kl5-21d6kh5",
    "18d20!kh9-15d8!-25d100kl19",
    "60d100!",
]


@pytest.mark.parametrize("expr", WORST_CASES)
def test_worst_cases_answer_or_refuse_quickly(expr: str) -> None:
    notation._shape_dist.cache_clear()  # time the work, not the cache
    start = time.perf_counter()
    try:
        result = calc.evaluate("dice", {"expr": expr, "target": 1})
    except InputError as error:
        assert error.field == "expr" and "too costly" in error.message
    else:
        assert sum(p for _, p in result["distribution"]) == pytest.approx(1.0, abs=1e-12)
    elapsed = time.perf_counter() - start
    print(f"{expr}: {elapsed:.3f} s")
    assert elapsed < 1.5


def test_costly_expression_is_refused_by_field() -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": "60d100kh30"})
    assert caught.value.field == "expr" and "too costly" in caught.value.message
