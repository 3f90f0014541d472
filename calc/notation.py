"""Dice expressions (`3d6+5`, `4d6kh3`, `10k5`, `12d6!kh6`, `6d10>=7`) and the `dice` calculator.

The grammar, read by a small recursive-descent parser (never `eval`)::

    expression := [sign] term (sign term)*          spaces are allowed around signs
    sign       := "+" | "-"
    term       := dice | rollkeep | number
    dice       := [number] "d" number ["!"] [keep | count]
    keep       := "k" ["h" | "l"] number           "k3" alone means keep highest 3
    count      := (">=" | ">" | "<=" | "<" | "=") number
    rollkeep   := number "k" number                 Roll & Keep: exploding d10s, keep the best
    number     := one or more of 0-9 (ASCII digits only)

Letters may be upper or lower case. `d6` means `1d6`; `!` makes the die explode (roll its
highest face again and add); a count turns the dice into successes (`6d10>=7` counts the dice
showing 7 or more; with `!`, each die's exploded total is compared). An expression that cannot
be read raises `ExpressionError` (an `InputError` on the field `expr`) whose message gives the
1-based column and quotes the offending character; `pointer()` draws a caret under it.

Caps keep every expression well under a second: at most `MAX_DICE` dice in all, sides from
`MIN_SIDES` to `MAX_SIDES`, at most `MAX_TERMS` terms, numbers up to `MAX_NUMBER`, and a time
budget (`MAX_SECONDS`, estimated before computing anything) for the costly shapes, mainly
keeping some of many dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb, log2
from typing import Any

from .calculator import Calculator, Headline
from .dist import Dist
from .errors import InputError
from .explode import exploding_die
from .keep import keep_highest, keep_lowest, roll_keep
from .params import IntParam, TextParam

FIELD = "expr"
MAX_LENGTH = 80
MAX_DICE = 60
MIN_SIDES = 2
MAX_SIDES = 100
MAX_TERMS = 20
MAX_NUMBER = 10_000
MAX_DIGITS = 6
# Budget in estimated seconds on the reference machine (see `term_cost`): the largest accepted
# expression evaluates in well under 1 s.
MAX_SECONDS = 0.4

_DIGITS = frozenset("0123456789")
_SPACES = frozenset(" \t")
_COMPARISONS = (">=", "<=", ">", "<", "=")


class ExpressionError(InputError):
    """A dice expression could not be read or is out of range.

    Attributes:
        column: the 1-based column of the offending character (one past the end for a
            truncated expression).
        text: the expression as given.
    """

    def __init__(self, text: str, index: int, problem: str, field: str = FIELD, *, expected: str = "") -> None:
        self.column = index + 1
        self.text = text
        shown = f'("{text[index]}")' if index < len(text) else "(the end)"
        hint = f"; expected {expected}" if expected else ""
        super().__init__(field, f'{field}, column {self.column} {shown} of "{text}": {problem}{hint}.')

    def pointer(self) -> str:
        """The expression with a caret under the offending column (two lines, monospace)."""
        return f"{self.text}\n{' ' * (self.column - 1)}^"


@dataclass(frozen=True, slots=True)
class Term:
    """One signed term of an expression.

    Attributes:
        sign: +1 or -1.
        column: 0-based index of the term's first character (for errors).
        kind: "constant", "dice" or "rollkeep".
        value: the constant (kind "constant").
        count, sides: how many dice and how many faces.
        explode: whether a die showing its highest face is rolled again and added.
        keep: ("h" | "l", how many) or None.
        compare: (operator, number) when counting successes, or None.
    """

    sign: int
    column: int
    kind: str
    value: int = 0
    count: int = 0
    sides: int = 0
    explode: bool = False
    keep: tuple[str, int] | None = None
    compare: tuple[str, int] | None = None

    def text(self) -> str:
        """This term in canonical notation (without its sign)."""
        if self.kind == "constant":
            return str(self.value)
        if self.kind == "rollkeep":
            return f"{self.count}k{self.keep[1] if self.keep else self.count}"
        out = f"{self.count}d{self.sides}" + ("!" if self.explode else "")
        if self.keep:
            out += f"k{self.keep[0]}{self.keep[1]}"
        if self.compare:
            out += f"{self.compare[0]}{self.compare[1]}"
        return out


def canonical(terms: tuple[Term, ...]) -> str:
    """The parsed expression written back in canonical notation."""
    out = ""
    for i, t in enumerate(terms):
        if i or t.sign < 0:
            out += "+" if t.sign > 0 else "-"
        out += t.text()
    return out


class _Parser:
    """Recursive descent over the characters of one expression; `i` is the read position."""

    def __init__(self, text: str, field: str) -> None:
        self.text = text
        self.field = field
        self.i = 0
        self.dice_total = 0

    # -- helpers ------------------------------------------------------------------
    def fail(self, problem: str, index: int | None = None, *, expected: str = "") -> ExpressionError:
        return ExpressionError(self.text, self.i if index is None else index, problem, self.field, expected=expected)

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def take(self, letters: str) -> bool:
        """Consume one character if it is one of `letters` (ASCII, either case)."""
        c = self.peek()
        if c and c.isascii() and c.lower() in letters:
            self.i += 1
            return True
        return False

    def spaces(self) -> None:
        while self.peek() in _SPACES and self.peek():
            self.i += 1

    def unexpected(self, expected: str) -> ExpressionError:
        if self.i >= len(self.text):
            return self.fail("the expression ends too soon", expected=expected)
        return self.fail("unexpected character", expected=expected)

    def number(self, what: str, low: int, high: int) -> int:
        start = self.i
        while self.peek() in _DIGITS and self.peek():
            self.i += 1
            if self.i - start > MAX_DIGITS:
                raise self.fail(f"a number is too long ({what} must be from {low} to {high})", start)
        if self.i == start:
            raise self.unexpected(f"a number ({what})")
        value = int(self.text[start:self.i])
        if not low <= value <= high:
            raise self.fail(f"{what} must be from {low} to {high}, not {value}", start)
        return value

    # -- grammar ------------------------------------------------------------------
    def expression(self) -> tuple[Term, ...]:
        terms: list[Term] = []
        self.spaces()
        sign = 1
        if self.peek() in ("+", "-") and self.peek():
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
            self.spaces()
        while True:
            if len(terms) == MAX_TERMS:
                raise self.fail(f"too many terms (at most {MAX_TERMS})")
            terms.append(self.term(sign))
            self.spaces()
            c = self.peek()
            if c == "":
                return tuple(terms)
            if c not in ("+", "-"):
                raise self.unexpected('"+", "-" or the end of the expression')
            sign = -1 if c == "-" else 1
            self.i += 1
            self.spaces()

    def term(self, sign: int) -> Term:
        start = self.i
        count: int | None = None
        if self.peek() in _DIGITS and self.peek():
            count = self.number("a number", 0, MAX_NUMBER)
        if self.take("d"):
            return self.dice(sign, start, 1 if count is None else count)
        if count is None:
            raise self.unexpected("a number or a die such as d6")
        if self.take("k"):
            return self.rollkeep(sign, start, count)
        return Term(sign, start, "constant", value=count)

    def add_dice(self, count: int, start: int) -> None:
        if count < 1:
            raise self.fail("roll at least 1 die", start)
        self.dice_total += count
        if self.dice_total > MAX_DICE:
            raise self.fail(f"too many dice (at most {MAX_DICE} in all)", start)

    def dice(self, sign: int, start: int, count: int) -> Term:
        self.add_dice(count, start)
        sides = self.number("the number of sides", MIN_SIDES, MAX_SIDES)
        explode = False
        if self.peek() == "!":
            explode = True
            self.i += 1
        keep: tuple[str, int] | None = None
        compare: tuple[str, int] | None = None
        if self.take("k"):
            side = "h"
            if self.take("h"):
                side = "h"
            elif self.take("l"):
                side = "l"
            at = self.i
            kept = self.number("the number of dice kept", 1, MAX_DICE)
            if kept > count:
                raise self.fail(f"cannot keep {kept} of {count} dice", at)
            keep = (side, kept)
        elif self.peek() in ("<", ">", "=") and self.peek():
            for op in _COMPARISONS:
                if self.text.startswith(op, self.i):
                    self.i += len(op)
                    break
            limit = MAX_SIDES * 10
            compare = (op, self.number("the success number", 0, limit))
        c = self.peek()
        if c == "!":
            raise self.fail('"!" may appear once, straight after the number of sides')
        if (c.isascii() and c.lower() == "k" and c) or (c in ("<", ">", "=") and c):
            raise self.fail("keeping and counting successes cannot be combined, nor given twice")
        return Term(sign, start, "dice", count=count, sides=sides, explode=explode, keep=keep, compare=compare)

    def rollkeep(self, sign: int, start: int, rolled: int) -> Term:
        self.add_dice(rolled, start)
        at = self.i
        kept = self.number("the number of dice kept", 1, MAX_DICE)
        if kept > rolled:
            raise self.fail(f"cannot keep {kept} of {rolled} dice", at)
        return Term(sign, start, "rollkeep", count=rolled, sides=10, explode=True, keep=("h", kept))


def parse(text: object, *, field: str = FIELD) -> tuple[Term, ...]:
    """Read a dice expression into its terms.

    Raises:
        InputError: (an `ExpressionError`) naming `field`, with the column of the problem.
    """
    if not isinstance(text, str):
        raise InputError(field, f"{field} must be text such as 3d6+2.")
    if len(text) > MAX_LENGTH:
        raise InputError(field, f"{field} must be at most {MAX_LENGTH} characters; got {len(text)}.")
    if not text.strip(" \t"):
        raise InputError(field, f"{field} is empty: give a dice expression such as 3d6+2.")
    return _Parser(text, field).expression()


# -- cost and evaluation ----------------------------------------------------------------

# Estimated seconds on the reference machine (CPython 3.11, x86-64) for each algorithm, fitted
# to timings of calc.keep and calc.dist over grids of sides, dice and kept dice; each
# coefficient is near the upper envelope of measured time per unit of its formula.
# tests/test_notation.py times the worst cases the caps allow.
_KEEP_EXACT = 3e-11  # order statistics in integers: F^2 k n (k^2 log2 F + 3 n), F = sides
_KEEP_EXPLODING_HIGH = 1.9e-8  # levels and uniform order statistics: F^2 k^2 n, F = sides - 1
_KEEP_EXPLODING_LOW = 2.4e-8  # fixed-point order statistics over every face: F^2 k^2 n (k + 4), F = faces
_PER_KEEP = 0.002  # set-up of one keep, however small
_PRODUCT = 2.5e-8  # one packed polynomial product of total length L: L^1.585 (Karatsuba)
EXACT_BITS = 256  # beyond this many bits of total weight, sums run in fixed-point floats


def _float_die(sides: int) -> Dist:
    return Dist.from_probabilities(1, [1 / sides] * sides, tail=0.0)


def _as_float(dist: Dist) -> Dist:
    return Dist.from_probabilities(dist.offset, dist.probabilities(), tail=dist.tail) if dist.exact else dist


def _die_length(term: Term) -> int:
    return len(exploding_die(term.sides).weights) if term.explode else term.sides


def _explosions(sides: int, n: int) -> int:
    """Explosions among n dice beyond which less than 1e-16 is left: C(n+m-1, m) sides^-m < 1e-16."""
    m = 0
    while comb(n + m - 1, m) * float(sides) ** -m >= 1e-16:
        m += 1
    return m


def term_length(term: Term) -> int:
    """An upper bound on the number of outcomes of one term (after explosions are cut)."""
    if term.kind == "constant":
        return 1
    if term.compare:
        return term.count + 1
    kept = term.keep[1] if term.keep else term.count
    if term.explode:
        return min(kept * (_die_length(term) - 1), (kept + _explosions(term.sides, kept)) * term.sides) + 1
    return kept * (term.sides - 1) + 1


def _products(length: int) -> float:
    """Cost of repeated squaring up to a sum of `length` outcomes: about twice the last product."""
    return _PRODUCT * 2 * length**1.585


def term_cost(term: Term) -> float:
    """Estimated seconds to compute one term's distribution on the reference machine."""
    n, s = term.count, term.sides
    if term.kind == "constant":
        return 0.0
    if term.compare:
        return 1e-6 * n
    if term.keep and term.keep[1] < n:
        k = term.keep[1]
        if not term.explode:
            return _KEEP_EXACT * s * s * k * n * (k * k * log2(s + 1) + 3 * n) + _PER_KEEP
        if term.keep[0] == "h":
            return _KEEP_EXPLODING_HIGH * (s - 1) ** 2 * k * k * n + _PER_KEEP
        faces = sum(1 for w in exploding_die(s).weights if w)
        return _KEEP_EXPLODING_LOW * faces * faces * k * k * n * (k + 4) + _PER_KEEP
    return _products(term_length(term)) if n > 1 else 0.0


def _shape(term: Term) -> tuple[Any, ...]:
    return (term.kind, term.value, term.count, term.sides, term.explode, term.keep, term.compare)


def cost(terms: tuple[Term, ...]) -> float:
    """Estimated seconds to evaluate `terms`: each distinct shape once, then the sums."""
    distinct = {_shape(t): t for t in terms if t.kind != "constant"}
    total = sum(term_cost(t) for t in distinct.values())
    lengths = [term_length(t) for t in terms if t.kind != "constant"]
    while len(lengths) > 1:  # the same balanced tree as `evaluate_terms`
        merged = []
        for i in range(0, len(lengths), 2):
            if i + 1 < len(lengths):
                total += _PRODUCT * (lengths[i] + lengths[i + 1]) ** 1.585
                merged.append(lengths[i] + lengths[i + 1] - 1)
            else:
                merged.append(lengths[i])
        lengths = merged
    return total


def _hit(op: str, n: int, x: int) -> bool:
    if op == ">=":
        return x >= n
    if op == ">":
        return x > n
    if op == "<=":
        return x <= n
    if op == "<":
        return x < n
    return x == n


@lru_cache(maxsize=64)
def _shape_dist(kind: str, value: int, count: int, sides: int, explode: bool,
                keep: tuple[str, int] | None, compare: tuple[str, int] | None) -> Dist:
    if kind == "constant":
        return Dist.constant(value)
    if kind == "rollkeep":
        return roll_keep(count, keep[1] if keep else count, sides=10, explode=True)
    die = exploding_die(sides) if explode else Dist.die(sides)
    if compare:
        yes = sum(w for x, w in die.items() if _hit(*compare, x))
        no = sum(w for x, w in die.items() if not _hit(*compare, x))
        return Dist.from_weights({0: no, 1: yes}, tail=die.tail).repeat(count)
    if keep and keep[1] < count:
        return (keep_highest if keep[0] == "h" else keep_lowest)(die, count, keep[1])
    if not explode and count * log2(sides) > EXACT_BITS:
        die = _float_die(sides)
    return die.repeat(count)


def term_dist(term: Term) -> Dist:
    """The distribution of one term, without its sign (cached by shape)."""
    return _shape_dist(*_shape(term))


def evaluate_terms(terms: tuple[Term, ...], *, text: str = "", field: str = FIELD) -> Dist:
    """The distribution of a parsed expression; refuses one whose estimated cost is too high.

    Sums stay exact (integer weights) while the total weight fits in `EXACT_BITS` bits;
    larger ones run in fixed-point floats, accurate to far better than 1e-12.

    Raises:
        InputError: (an `ExpressionError`) pointing at the costliest term when the estimate
            exceeds `MAX_SECONDS`.
    """
    if cost(terms) > MAX_SECONDS:
        worst = max(terms, key=lambda t: (term_cost(t), term_length(t)))
        raise ExpressionError(
            text or canonical(terms), worst.column if text else 0,
            "too costly to compute exactly here; use fewer dice, fewer sides or fewer kept dice",
            field,
        )
    constant = sum(t.sign * t.value for t in terms if t.kind == "constant")
    parts = [term_dist(t) if t.sign > 0 else -term_dist(t) for t in terms if t.kind != "constant"]
    if not parts:
        return Dist.constant(constant)
    if sum(log2(p.total) for p in parts if p.exact) > EXACT_BITS:
        parts = [_as_float(p) for p in parts]
    # a balanced tree of sums: the big products come last and only once
    while len(parts) > 1:
        parts = [parts[i] + parts[i + 1] if i + 1 < len(parts) else parts[i] for i in range(0, len(parts), 2)]
    return parts[0] + constant


def distribution(text: object, *, field: str = FIELD) -> Dist:
    """Parse and evaluate a dice expression in one step."""
    terms = parse(text, field=field)
    return evaluate_terms(terms, text=str(text), field=field)


def dice(*, expr: str, target: int | None = None) -> dict[str, Any]:
    """The `dice` calculator: the distribution of any dice expression, and P(total >= target)."""
    terms = parse(expr)
    total = evaluate_terms(terms, text=expr)
    result: dict[str, Any] = {
        "expression": canonical(terms),
        "mean": total.mean(),
        "distribution": total.pmf(),
        "chance": None if target is None else total.at_least(target),
        "target": target,
        "notes": [],
    }
    if total.tail > 0:
        result["notes"].append(
            "Exploding dice are followed until less than one chance in ten trillion is left; "
            f"the probability left out is {total.tail:.1e}."
        )
    return result


CALCULATORS = (
    Calculator(
        id="dice",
        title="Dice expression",
        rule="calculators.md#dice-expressions",
        summary="The distribution of any dice expression, and the chance of meeting a target.",
        params=(
            TextParam("expr", "Dice expression", "3d6+2", max_length=MAX_LENGTH,
                      help="Such as 3d6+5, 4d6kh3, 4d6kl3, 10k5 (Roll & Keep), 12d6!kh6 (exploding) "
                           "or 6d10>=7 (count dice showing 7+)."),
            IntParam("target", "Target (optional)", None, minimum=-100_000, maximum=100_000, optional=True,
                     required=False, help="Leave blank for the distribution alone."),
        ),
        compute=dice,
        headlines=(Headline("chance", "Chance of meeting the target"), Headline("mean", "Average total", "number")),
    ),
)
