"""The dice-expression parser and the `dice` calculator (docs/calculators.md#dice-expressions).

Every notation is checked against brute-force enumeration of the dice with exact fractions
(tests/brute.py); exploding dice are enumerated to a depth below which the enumeration is
exact. Every refusal's message is checked, and so is the "keep typing" mark of an unfinished one.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import pytest

import calc
from calc import InputError
from calc.dice import notation
from tests import brute

Enum = dict[int, Fraction]
Faces = list[tuple[int, Fraction]]


# -- brute force ----------------------------------------------------------------------------


def exploding_faces(sides: int) -> Faces:
    """An exploding die, enumerated level by level until less than 1e-15 is left out."""
    out, level = [], 0
    while Fraction(1, sides**level) >= Fraction(1, 10**15):
        out += [(sides * level + f, Fraction(1, sides ** (level + 1))) for f in range(1, sides)]
        level += 1
    return out


def enumerate_dice(die: Faces, n: int, score: Callable[[list[int]], int]) -> Enum:
    """P(score(values) = s) over every ordered roll of n dice (weights in whole numbers: brute.whole_chances)."""
    denominator, numerators = brute.whole_chances(die)
    faces = list(zip((v for v, _ in die), numerators))
    weights: dict[int, int] = {}
    for roll in itertools.product(faces, repeat=n):
        value = score([v for v, _ in roll])
        weights[value] = weights.get(value, 0) + math.prod(w for _, w in roll)
    return {value: Fraction(w, denominator**n) for value, w in weights.items()}


def combine(a: Enum, b: Enum, sign: int = 1) -> Enum:
    out: Enum = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + sign * y] = out.get(x + sign * y, Fraction(0)) + p * q
    return out


def mapped(a: Enum, f: Callable[[int], int]) -> Enum:
    out: Enum = {}
    for x, p in a.items():
        out[f(x)] = out.get(f(x), Fraction(0)) + p
    return out


def const(c: int) -> Enum:
    return {c: Fraction(1)}


def d(sides: int) -> Faces:
    return brute.die(sides)


def summed(die: Faces | int, n: int) -> Enum:
    return enumerate_dice(d(die) if isinstance(die, int) else die, n, sum)


def kept(die: Faces | int, n: int, k: int, highest: bool = True) -> Enum:
    faces = d(die) if isinstance(die, int) else die
    return enumerate_dice(faces, n, lambda v: sum(sorted(v, reverse=highest)[:k]))


def counted(die: Faces | int, n: int, hit: Callable[[int], bool]) -> Enum:
    faces = d(die) if isinstance(die, int) else die
    return enumerate_dice(faces, n, lambda v: sum(1 for x in v if hit(x)))


def chance(dist: Enum, test: Callable[[int], bool]) -> Fraction:
    return sum((p for x, p in dist.items() if test(x)), Fraction(0))


# (expression, brute-force distribution of the total, test of the comparison or None)
EXACT_CASES: list[tuple[str, Callable[[], Enum], Callable[[int], bool] | None]] = [
    ("d6", lambda: summed(6, 1), None),
    ("1d2", lambda: summed(2, 1), None),
    ("3d6+5", lambda: combine(summed(6, 3), const(5)), None),
    ("2d4-1d6+3", lambda: combine(combine(summed(4, 2), summed(6, 1), -1), const(3)), None),
    ("-d4 + 10", lambda: combine(const(10), summed(4, 1), -1), None),
    ("4d6kh3", lambda: kept(6, 4, 3), None),
    ("4d6k3", lambda: kept(6, 4, 3), None),
    ("4d6kl3", lambda: kept(6, 4, 3, highest=False), None),
    ("3d8kh1+2", lambda: combine(kept(8, 3, 1), const(2)), None),
    # drop lowest / highest
    ("4d6dl1", lambda: kept(6, 4, 3), None),
    ("4d6dh1", lambda: kept(6, 4, 3, highest=False), None),
    ("5d4dl2", lambda: kept(4, 5, 3), None),
    ("2d20dh1", lambda: kept(20, 2, 1, highest=False), None),
    # d% and Fudge dice
    ("d%", lambda: summed(100, 1), None),
    ("2d%", lambda: summed(100, 2), None),
    ("4dF", lambda: summed(brute.fudge(), 4), None),
    ("4dF+2", lambda: combine(summed(brute.fudge(), 4), const(2)), None),
    ("3dFkh2", lambda: kept(brute.fudge(), 3, 2), None),
    # rerolls: once, until, and a bare r read as once
    ("2d6ro1", lambda: summed(brute.reroll_once(d(6), lambda v: v == 1), 2), None),
    ("3d6ro<3", lambda: summed(brute.reroll_once(d(6), lambda v: v < 3), 3), None),
    ("2d6rr1", lambda: summed(brute.reroll_until(d(6), lambda v: v == 1), 2), None),
    ("2d6rr<=2", lambda: summed(brute.reroll_until(d(6), lambda v: v <= 2), 2), None),
    ("2d6r1", lambda: summed(brute.reroll_once(d(6), lambda v: v == 1), 2), None),
    ("4d6ro1dl1", lambda: kept(brute.reroll_once(d(6), lambda v: v == 1), 4, 3), None),
    ("1d10rr>8", lambda: summed(brute.reroll_until(d(10), lambda v: v > 8), 1), None),
    # per-die min / max
    ("1d20min10", lambda: summed(brute.clamp(d(20), 10, None), 1), None),
    ("2d8max5", lambda: summed(brute.clamp(d(8), None, 5), 2), None),
    ("3d6min2max5", lambda: summed(brute.clamp(d(6), 2, 5), 3), None),
    ("2d20min10kh1", lambda: kept(brute.clamp(d(20), 10, None), 2, 1), None),
    # brackets, multiplying and dividing by a constant (division rounds down)
    ("(1d6+2)*2", lambda: mapped(combine(summed(6, 1), const(2)), lambda x: 2 * x), None),
    ("1d6/2", lambda: mapped(summed(6, 1), lambda x: x // 2), None),
    ("(2d6-7)/2", lambda: mapped(combine(summed(6, 2), const(-7)), lambda x: x // 2), None),
    ("2*3d4", lambda: mapped(summed(4, 3), lambda x: 2 * x), None),
    ("3 * (1d4 - 1d4) + 1", lambda: combine(mapped(combine(summed(4, 1), summed(4, 1), -1), lambda x: 3 * x),
                                            const(1)), None),
    ("((1d6))", lambda: summed(6, 1), None),
    # comparisons against the total
    ("3d6 >= 10", lambda: summed(6, 3), lambda x: x >= 10),
    ("1d20+5 >= 15", lambda: combine(summed(20, 1), const(5)), lambda x: x >= 15),
    ("1d20+5 ≥ 15", lambda: combine(summed(20, 1), const(5)), lambda x: x >= 15),
    ("1d20+5>=15", lambda: combine(summed(20, 1), const(5)), lambda x: x >= 15),
    ("2d6 vs 8", lambda: summed(6, 2), lambda x: x >= 8),
    ("2d6 > 7", lambda: summed(6, 2), lambda x: x > 7),
    ("2d6 <= 4", lambda: summed(6, 2), lambda x: x <= 4),
    ("2d6 ≤ 4", lambda: summed(6, 2), lambda x: x <= 4),
    ("2d6 < 4", lambda: summed(6, 2), lambda x: x < 4),
    ("2d6 = 7", lambda: summed(6, 2), lambda x: x == 7),
    ("4dF >= -1", lambda: summed(brute.fudge(), 4), lambda x: x >= -1),
    # counting dice that pass (the comparison glued to the dice)
    ("4d6>=5", lambda: counted(6, 4, lambda x: x >= 5), None),
    ("4d10>=7", lambda: counted(10, 4, lambda x: x >= 7), None),
    ("3d8<3", lambda: counted(8, 3, lambda x: x < 3), None),
    ("3d8<=3", lambda: counted(8, 3, lambda x: x <= 3), None),
    ("4d4=2", lambda: counted(4, 4, lambda x: x == 2), None),
    ("3d6>4", lambda: counted(6, 3, lambda x: x > 4), None),
    ("4dF>=1", lambda: counted(brute.fudge(), 4, lambda x: x >= 1), None),
    ("(2d6>=5)+3d4", lambda: combine(counted(6, 2, lambda x: x >= 5), summed(4, 3)), None),
    ("4d10>=7 vs 2", lambda: counted(10, 4, lambda x: x >= 7), lambda x: x >= 2),
    ("2d6ro1>=5", lambda: counted(brute.reroll_once(d(6), lambda v: v == 1), 2, lambda x: x >= 5), None),
    ("7", lambda: const(7), None),
    ("-3", lambda: const(-3), None),
]


@pytest.mark.parametrize("expr, brute_force, test", EXACT_CASES, ids=[c[0] for c in EXACT_CASES])
def test_exact_expressions_match_enumeration(expr: str, brute_force: Callable[[], Enum],
                                             test: Callable[[int], bool] | None) -> None:
    expected = brute_force()
    result = calc.evaluate("dice", {"expr": expr})
    assert result["distribution"] == [[x, float(p)] for x, p in sorted(expected.items()) if p]
    mean = sum(x * p for x, p in expected.items())
    assert result["mean"] == pytest.approx(float(mean), abs=1e-12)
    if test is not None:
        assert result["chance"] == float(chance(expected, test))
        return
    assert result["chance"] is None
    for target in sorted(expected) + [min(expected) - 1, max(expected) + 1]:
        got = calc.evaluate("dice", {"expr": expr, "target": target})["chance"]
        assert got == float(chance(expected, lambda x: x >= target))


def exploding_on(sides: int, lowest: int, depth: int) -> Faces:
    return brute.exploding_on(sides, lowest, depth)[0]


# (expression, brute force, outcomes below which the enumeration is exact)
EXPLODING_CASES: list[tuple[str, Callable[[], Enum], int]] = [
    ("d4!", lambda: summed(exploding_faces(4), 1), 60),
    ("2d3!", lambda: summed(exploding_faces(3), 2), 60),
    ("2d4!kh1", lambda: kept(exploding_faces(4), 2, 1), 60),
    ("2d4!kl1", lambda: kept(exploding_faces(4), 2, 1, highest=False), 60),
    ("3d4!kl2", lambda: kept(exploding_faces(4), 3, 2, highest=False), 60),
    ("3d6!dh1", lambda: kept(exploding_faces(6), 3, 2, highest=False), 60),
    ("1k1", lambda: summed(exploding_faces(10), 1), 60),
    ("2k1", lambda: kept(exploding_faces(10), 2, 1), 60),
    ("2k2+1", lambda: combine(kept(exploding_faces(10), 2, 2), const(1)), 60),
    # a comparison straight after "!" is the range of faces that explode; a second one counts
    ("2d6!>=6>=6", lambda: counted(exploding_faces(6), 2, lambda x: x >= 6), 60),
    ("2d6!>=6>=8", lambda: counted(exploding_faces(6), 2, lambda x: x >= 8), 60),
    ("3d6!>=5>=9", lambda: counted(exploding_on(6, 5, 14), 3, lambda x: x >= 9), 70),
    # explode on a range of faces: !>5 is above 5 (a 6), !>=5 is 5 or 6
    ("2d6!>5", lambda: summed(exploding_on(6, 6, 12), 2), 72),
    ("2d6!>=5", lambda: summed(exploding_on(6, 5, 14), 2), 70),
    ("1d6!>3", lambda: summed(exploding_on(6, 4, 16), 1), 64),
    ("2d4!>=3kh1", lambda: kept(exploding_on(4, 3, 14), 2, 1), 42),
    ("2d8!>=7kl1+1", lambda: combine(kept(exploding_on(8, 7, 12), 2, 1, highest=False), const(1)), 84),
    ("(1d6!>=5)*2", lambda: mapped(summed(exploding_on(6, 5, 14), 1), lambda x: 2 * x), 140),
]


@pytest.mark.parametrize("expr, brute_force, exact_below", EXPLODING_CASES, ids=[c[0] for c in EXPLODING_CASES])
def test_exploding_expressions_match_enumeration(expr: str, brute_force: Callable[[], Enum], exact_below: int) -> None:
    expected = brute_force()
    result = calc.evaluate("dice", {"expr": expr})
    got = dict((x, p) for x, p in result["distribution"])
    for x, p in expected.items():
        if x < exact_below:
            assert got.get(x, 0.0) == pytest.approx(float(p), abs=1e-12), x
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)
    for target in (1, 2, 5, 10, 11, 20, 30):
        chance_got = calc.evaluate("dice", {"expr": expr, "target": target})["chance"]
        below = sum((p for x, p in expected.items() if x < target), Fraction(0))
        assert chance_got == pytest.approx(float(1 - below), abs=1e-12)


def test_explode_above_the_top_face_less_one_is_the_usual_explosion() -> None:
    """3d6!>5 explodes on a 6 only: the same dice as 3d6!."""
    a = calc.evaluate("dice", {"expr": "3d6!>5"})["distribution"]
    b = calc.evaluate("dice", {"expr": "3d6!"})["distribution"]
    assert len(a) == len(b) and all(x == y and p == pytest.approx(q, abs=1e-15) for (x, p), (y, q) in zip(a, b))


def test_ten_keep_five_is_roll_and_keep() -> None:
    """`10k5` is the Roll & Keep roll: ten exploding d10s, the best five added up."""
    from calc.dice.keep import roll_keep

    assert calc.evaluate("dice", {"expr": "10k5"})["distribution"] == roll_keep(10, 5).pmf()
    result = calc.evaluate("dice", {"expr": "7k5 vs 30"})
    assert result["chance"] == roll_keep(7, 5).at_least(30) and result["target"] == 30


def test_exploding_keep_highest_uses_exploding_dice() -> None:
    from calc.dice.explode import exploding_die
    from calc.dice.keep import keep_highest, keep_lowest

    assert calc.evaluate("dice", {"expr": "12d6!kh6"})["distribution"] == keep_highest(exploding_die(6), 12, 6).pmf()
    assert calc.evaluate("dice", {"expr": "6d10!kl3"})["distribution"] == keep_lowest(exploding_die(10), 6, 3).pmf()


def test_hand_checked_values() -> None:
    """3d6 >= 11 is one half; 4d6kh3 >= 18 is 21/1296; one d10 >= 7 is 0.4; 2d6 = 7 is 1/6."""
    assert calc.evaluate("dice", {"expr": "3d6", "target": 11})["chance"] == 0.5
    assert calc.evaluate("dice", {"expr": "3d6 >= 11"})["chance"] == 0.5
    assert calc.evaluate("dice", {"expr": "4d6dl1", "target": 18})["chance"] == 21 / 1296
    assert calc.evaluate("dice", {"expr": "1d10>=7", "target": 1})["chance"] == 0.4
    assert calc.evaluate("dice", {"expr": "2d6 = 7"})["chance"] == 1 / 6
    assert calc.evaluate("dice", {"expr": "1d6/2"})["distribution"] == [[0, 1 / 6], [1, 1 / 3], [2, 1 / 3], [3, 1 / 6]]


def test_target_is_optional_and_echoed() -> None:
    result = calc.evaluate("dice", {"expr": "3d6+5"})
    assert result["chance"] is None and result["mean"] == 15.5 and result["expression"] == "3d6+5"
    assert calc.evaluate("dice", {"expr": "3d6+5", "target": ""})["chance"] is None
    assert calc.evaluate("dice", {"expr": " 2D6 +  d4 ", "target": "5"})["expression"] == "2d6+1d4"


def test_a_comparison_and_a_target_together_are_refused() -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": "1d20+5 >= 15", "target": 12})
    assert caught.value.field == "target"
    assert "Target (optional)" in caught.value.message and "Dice expression" in caught.value.message


@pytest.mark.parametrize(
    "expr, canonical",
    [("d6", "1d6"), ("4d6k3", "4d6kh3"), ("4D6KL3", "4d6kl3"), ("-d4+10", "-1d4+10"), ("10k5", "10k5"),
     ("12d6!kh6", "12d6!kh6"), ("6d10>=7", "6d10>=7"), ("3d6 - 2", "3d6-2"), ("+5", "5"), ("4d6DL1", "4d6dl1"),
     ("d%", "1d%"), ("4df", "4dF"), ("2d6RO1", "2d6ro1"), ("2d6rr<3", "2d6rr<3"), ("3d6!>5", "3d6!>5"),
     ("3d6!>=5", "3d6!>=5"), ("1d20MIN10", "1d20min10"), ("( 1d6 + 2 ) * 2", "(1d6+2)*2"),
     ("1d20 + 5 ≥ 15", "1d20+5 >= 15"), ("7k5 VS 30", "7k5 vs 30")],
)
def test_canonical_form(expr: str, canonical: str) -> None:
    assert notation.canonical(notation.parse(expr)) == canonical


# -- how each expression was read, in words --------------------------------------------------

READINGS = [
    ("3d6 >= 10", "three six-sided dice, total, at least 10"),
    ("1d20+5 >= 15", "one twenty-sided die plus 5, total, at least 15"),
    ("7k5 vs 30", "Roll & Keep 7k5: seven ten-sided dice that roll again and add on a 10, the best five kept, "
                  "total, at least 30 (vs: meet or beat)"),
    ("4d6dl1", "four six-sided dice, drop the lowest one (keep the highest three), total"),
    ("4d6dh1", "four six-sided dice, drop the highest one (keep the lowest three), total"),
    ("4d6kh3", "four six-sided dice, keep the highest three, total"),
    ("d%", "one percentile die (1 to 100), total"),
    ("4dF", "four Fudge dice (−1, 0 or +1 each), total"),
    ("2d6ro1", "two six-sided dice, rerolling a 1 once (the new roll stands), total"),
    ("2d6rr<3", "two six-sided dice, rerolling 1 or 2 until the die shows something else, total"),
    ("2d6r1", "two six-sided dice, rerolling a 1 once (the new roll stands, as the Codex reads a bare r), total"),
    ("3d6!", "three six-sided dice, a die showing a 6 rolls again and adds, total"),
    ("3d6!>5", "three six-sided dice, a die showing a 6 rolls again and adds (!>5 read as above 5), total"),
    ("3d6!>=5", "three six-sided dice, a die showing 5 or 6 rolls again and adds, total"),
    ("1d20min10", "one twenty-sided die, any die below 10 counting as 10, total"),
    ("(1d6+2)*2", "(one six-sided die plus 2) times 2, total"),
    ("1d6/2", "one six-sided die divided by 2 and rounded down, total"),
    ("6d10>=7", "six ten-sided dice, counting the dice that show 7 or more, the number of dice counted"),
    ("2d6 < 5", "two six-sided dice, total, less than 5"),
    ("2d6 = 7", "two six-sided dice, total, exactly 7"),
]


@pytest.mark.parametrize("expr, words", READINGS, ids=[r[0] for r in READINGS])
def test_every_result_says_how_it_was_read(expr: str, words: str) -> None:
    assert calc.evaluate("dice", {"expr": expr})["reading"] == words


def test_the_target_field_is_part_of_the_reading() -> None:
    assert calc.evaluate("dice", {"expr": "3d6", "target": 10})["reading"] == "three six-sided dice, total, at least 10 (the target)"


@pytest.mark.parametrize("expr, phrase", [("2d6r1", "bare r rerolls once"), ("3d6!>5", "!>5 explodes on faces above 5"),
                                          ("6d10>=7", "counts the dice"), ("1d6/2", "rounds down")])
def test_the_codex_readings_are_stated_in_the_notes(expr: str, phrase: str) -> None:
    assert any(phrase in note for note in calc.evaluate("dice", {"expr": expr})["notes"])


# -- refusals: plain words and the nearest accepted form -------------------------------------

REFUSALS = [
    # expr, phrases the message must hold
    ("3d6>=10", ["no single d6 can show 10 or more", "“3d6 >= 10”", "“3d6 vs 10”"]),
    ("2d6>=7", ["no single d6 can show 7 or more", "“2d6 >= 7”"]),
    ("2d6=7", ["no single d6 can show exactly 7", "“2d6 = 7”"]),
    ("3d6+2d6>=3", ["could count those dice or test the whole total", "“3d6+2d6 >= 3”", "“(2d6>=3)”"]),
    ("6d10>=7+2", ["could count those dice or test the whole total", "“(6d10>=7)”"]),
    ("2*6d10>=7", ["could count those dice or test the whole total", "“(6d10>=7)”"]),
    ("4d6d1", ["drop lowest → 4d6dl1", "drop highest → 4d6dh1"]),
    ("4d6-L", ["drop lowest → 4d6dl1"]),
    ("3d6x", ["“x”", "3d6!"]),
    ("3x2", ["To multiply, use *"]),
    ("3d6+x", ["“x” after “3d6+” cannot be read", "dice such as 3d6"]),
    ("adv", ["2d20kh1"]),
    ("disadvantage", ["2d20kl1"]),
    ("3 d6", ["no space: 3d6"]),
    ("3d6 5", ["Join the parts with + or -"]),
    ("3d6.5", ["whole numbers"]),
    ("٣d6", ["digits 0 to 9"]),
    ("3d6)", ["closing bracket needs an opening one"]),
    ("3d6^2", ["Powers are not read"]),
    ("NaN", ["“NaN” at the start cannot be read"]),
    ("1d6*1d6", ["multiply only by a plain whole number"]),
    ("1d6/1d6", ["divide only by a plain whole number"]),
    ("1d6/0", ["dividing by 0"]),
    ("1d6*0", ["multiplying by 0 always gives 0", "multiply by a whole number from 1 to 100"]),
    ("0*1d6", ["multiplying by 0 always gives 0"]),
    ("1d6+10000*100*100", ["10000*100 comes to 1000000", "from −10000 to 10000"]),
    ("(0-10000)*2", ["comes to −20000", "from −10000 to 10000"]),
    ("5001*2+1d6", ["5001*2 comes to 10002"]),
    ("1d6*101", ["from 1 to 100"]),
    ("4d6!!", ["use a single !"]),
    ("3d6!>6", ["nothing would explode", "3d6!"]),
    ("3d6!>=2", ["at most half the faces may explode", "!>=4"]),
    ("3d99!>=50", ["at most half the faces may explode", "explode on 51 or more", "!>=51"]),
    ("4dF!", ["Fudge dice do not explode"]),
    ("3d6!ro1", ["cannot also be rerolled"]),
    ("2d6ro7", ["no face of a d6 is exactly 7"]),
    ("2d6rr<7", ["rr would reroll forever"]),
    ("1d20min15max5", ["min15 is above max5"]),
    ("1d20min21", ["from 1 to 20"]),
    ("4d6kh3>=2", ["cannot go together"]),
    ("4d6kh3kl1", ["given twice"]),
    ("4d6dl4", ["leaves none", "drop at most 3"]),
    ("4d6kh5", ["cannot keep 5 of 4 dice"]),
    ("10k11", ["cannot keep 11 of 10 dice"]),
    ("7k5!", ["Roll & Keep 7k5 already explodes", "7d10!kh5"]),
    ("d1", ["the number of sides must be from 2 to 100, not 1"]),
    ("d101", ["from 2 to 100, not 101"]),
    ("0d6", ["roll at least 1 die"]),
    ("61d6", ["too many dice (at most 60 in all)"]),
    ("30d6+31d6", ["too many dice"]),
    ("1234567", ["too long a number"]),
    ("d6" + "+1" * 20, ["too many parts"]),
    ("(" * 7 + "1" + ")" * 7, ["nest at most 6 deep"]),
    ("1d20 >= 15 >= 3", ["“>” after", "A comparison goes once"]),
    ("60d100kh30", ["too costly to work out exactly"]),
    ("(60d100)*100", ["too many possible totals"]),
]


@pytest.mark.parametrize("expr, phrases", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusals_say_what_to_write_instead(expr: str, phrases: list[str]) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": expr})
    error = caught.value
    assert error.field == "expr"
    assert error.message.startswith("Dice expression “")
    for phrase in phrases:
        assert phrase in error.message, (phrase, error.message)
    assert not getattr(error, "incomplete", False)
    for internal in ("column", "expr ", "eval", "Traceback"):
        assert internal not in error.message


UNFINISHED = ["3d6+", "3d6 + ", "3d6-", "(1d6", "(1d6+2)*", "4d6k", "4d6kh", "4d6d", "4d6dl", "1d20 vs", "1d20 v",
              "1d20 >=", "1d20+5 ≥ ", "3d", "1d20m", "1d20mi", "2d6r", "2d6ro", "3d6!>", "6d10>=", "-", "  ", "7k"]


@pytest.mark.parametrize("expr", UNFINISHED)
def test_unfinished_expressions_are_marked_to_wait(expr: str) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": expr})
    assert caught.value.field == "expr" and getattr(caught.value, "incomplete", False) is True
    assert "Keep typing" in caught.value.message or "empty" in caught.value.message


def test_the_worker_reply_carries_the_mark() -> None:
    from codex_view.browser import reply

    assert reply("dice", {"expr": "3d6+"})["error"]["incomplete"] is True
    assert "incomplete" not in reply("dice", {"expr": "3d6+x"})["error"]


@pytest.mark.parametrize("raw", [None, 5, 5.0, ["3d6"], b"3d6", "x" * 81, "3d6\n", "3d6\x00"])
def test_not_an_expression(raw: object) -> None:
    with pytest.raises(InputError) as caught:
        calc.evaluate("dice", {"expr": raw})
    assert caught.value.field == "expr"


@pytest.mark.parametrize("raw", ["__import__('os')", "1 if 1 else 2", "[1]*2", "1d6; 1", "lambda: 1", "1e3", "0x10"])
def test_python_is_never_run(raw: str) -> None:
    with pytest.raises(InputError):
        calc.evaluate("dice", {"expr": raw})


def test_parse_rejects_non_text_directly() -> None:
    for raw in (None, 3, ["d6"], "x" * 81, " "):
        with pytest.raises(InputError):
            notation.parse(raw)
