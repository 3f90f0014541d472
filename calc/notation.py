"""Dice expressions (`3d6+5`, `4d6dl1`, `7k5 vs 30`, `(1d6+2)*2`) and the `dice` calculator.

A small recursive-descent parser reads the text into a tree (never `eval`)::

    statement  := sum [comparison]               the comparison tests the total
    comparison := (">=" | "≥" | ">" | "<=" | "≤" | "<" | "=" | "vs") number
    sum        := [sign] product (sign product)*
    product    := primary (("*" | "/") primary)*   one side of * and the right of / are numbers
    primary    := number | dice | rollkeep | "(" sum ")"
    dice       := [number] "d" (number | "%" | "F") modifier*
    modifier   := "!" [(">" | ">=") number]       explode on the top face, or on a range of faces
                | ("kh" | "kl" | "k" | "dl" | "dh") number
                | ("ro" | "rr" | "r") [compare] number
                | ("min" | "max") number
                | compare number                   glued to the dice: count the dice that pass
    rollkeep   := number "k" number                Roll & Keep: exploding d10s, keep the best

Spaces may stand between the parts of a sum, never inside a dice term. The Codex's readings,
stated in every result and on the page:

* a comparison written straight after dice (`6d10>=7`) counts the dice that pass; it must be
  reachable by a single die, and that dice term must stand alone (or in brackets), otherwise
  it is refused and the message says how to compare the total (`3d6 >= 10`, `3d6 vs 10`);
* `!>5` explodes on faces above 5 (`!>=5` includes 5); at most half the faces may explode;
* a bare `r` rerolls once (`ro`); `rr` rerolls until the face no longer matches;
* `/` rounds down; `vs N` means at least N.

Every refusal is an `ExpressionError` (an `InputError` on the field `expr`) in plain words
with the nearest accepted form; `incomplete` is true when the text only stops too soon
("3d6+"), so the page can wait for more typing instead of showing an error.

Caps keep every answer well under a second: `MAX_DICE` dice in all, `MIN_SIDES` to
`MAX_SIDES` sides, `MAX_TERMS` terms, numbers up to `MAX_NUMBER`, factors up to `MAX_FACTOR`,
at most `MAX_OUTCOMES` possible totals, and a time budget (`MAX_SECONDS`) estimated before
anything is computed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb, log2
from typing import Any, Union

from .calculator import Calculator, Headline
from .dist import Dist
from .errors import InputError
from .explode import exploding_die, exploding_from
from .keep import keep_highest, keep_lowest, roll_keep
from .params import IntParam, TextParam

FIELD = "expr"
LABEL = "Dice expression"
MAX_LENGTH = 80
MAX_DICE = 60
MIN_SIDES = 2
MAX_SIDES = 100
MAX_TERMS = 20
MAX_NUMBER = 10_000
MAX_TARGET = 100_000
MAX_FACTOR = 100
MAX_DIGITS = 6
MAX_DEPTH = 6
MAX_OUTCOMES = 200_000
# Budget in estimated seconds on the reference machine (see `_dice_cost`): the largest accepted
# expression evaluates in well under 1 s.
MAX_SECONDS = 0.4

_DIGITS = frozenset("0123456789")
_SPACES = frozenset(" \t")
_COMPARES = ((">=", ">="), ("≥", ">="), ("<=", "<="), ("≤", "<="), (">", ">"), ("<", "<"), ("=", "="))
_KEYWORDS = ("vs", "min", "max", "ro", "rr", "kh", "kl", "dl", "dh")


class ExpressionError(InputError):
    """A dice expression that cannot be read, or is out of range.

    Attributes:
        text: the expression as given.
        incomplete: True when the expression only stops too soon (more typing may fix it).
    """

    def __init__(self, text: str, message: str, *, incomplete: bool = False, field: str = FIELD) -> None:
        self.text = text
        self.incomplete = incomplete
        super().__init__(field, message)


# -- the tree ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Const:
    value: int

    def text(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Dice:
    """NdX with its modifiers.

    Attributes:
        count, sides: how many dice, and their faces (100 for d%, 3 for Fudge dice).
        kind: "plain", "percent" or "fudge" (faces -1, 0, +1).
        explode: the lowest face that rolls again and adds (sides for plain `!`), or None.
        explode_op: how the threshold was written: "" (plain `!`), ">" or ">=".
        reroll: (how, op, number) with how "ro", "rr" or "r" (read as once), or None.
        low, high: `min` and `max` per die, or None.
        keep: ("h" | "l", dice kept, written as "k" | "kh" | "kl" | "dl" | "dh"), or None.
        count: (op, number) when counting the dice that pass, or None.
    """

    count: int
    sides: int
    kind: str = "plain"
    explode: int | None = None
    explode_op: str = ""
    reroll: tuple[str, str, int] | None = None
    low: int | None = None
    high: int | None = None
    keep: tuple[str, int, str] | None = None
    count_if: tuple[str, int] | None = None

    def faces(self) -> list[int]:
        return [-1, 0, 1] if self.kind == "fudge" else list(range(1, self.sides + 1))

    def text(self) -> str:
        head = {"percent": "d%", "fudge": "dF"}.get(self.kind, f"d{self.sides}")
        out = f"{self.count}{head}"
        if self.explode is not None:
            out += "!" if not self.explode_op else f"!{self.explode_op}{self._explode_number()}"
        if self.reroll:
            how, op, number = self.reroll
            out += f"{how}{'' if op == '=' else op}{number}"
        if self.low is not None:
            out += f"min{self.low}"
        if self.high is not None:
            out += f"max{self.high}"
        if self.keep:
            side, kept, written = self.keep
            shown = "kh" if written == "k" else written
            out += f"{shown}{self.count - kept if written in ('dl', 'dh') else kept}"
        if self.count_if:
            out += f"{self.count_if[0]}{self.count_if[1]}"
        return out

    def _explode_number(self) -> int:
        assert self.explode is not None
        return self.explode - 1 if self.explode_op == ">" else self.explode


@dataclass(frozen=True, slots=True)
class RollKeep:
    rolled: int
    kept: int

    def text(self) -> str:
        return f"{self.rolled}k{self.kept}"


@dataclass(frozen=True, slots=True)
class Group:
    inner: "Node"

    def text(self) -> str:
        return f"({self.inner.text()})"


@dataclass(frozen=True, slots=True)
class Scale:
    inner: "Node"
    op: str  # "*" or "/"
    factor: int

    def text(self) -> str:
        return f"{self.inner.text()}{self.op}{self.factor}"


@dataclass(frozen=True, slots=True)
class Sum:
    parts: tuple[tuple[int, "Node"], ...]  # (sign, node)

    def text(self) -> str:
        out = ""
        for i, (sign, node) in enumerate(self.parts):
            if i or sign < 0:
                out += "+" if sign > 0 else "-"
            out += node.text()
        return out


Node = Union[Const, Dice, RollKeep, Group, Scale, Sum]


@dataclass(frozen=True, slots=True)
class Statement:
    """A whole expression: its sum and, when given, a comparison against the total."""

    expr: Node
    compare: tuple[str, int] | None = None  # (op, number); op "vs" means at least

    def text(self) -> str:
        if not self.compare:
            return self.expr.text()
        return f"{self.expr.text()} {self.compare[0]} {self.compare[1]}"


def canonical(statement: Statement) -> str:
    """The parsed expression written back in canonical notation."""
    return statement.text()


# -- the parser ----------------------------------------------------------------------------


def _quote(text: str) -> str:
    return f"“{text}”"


def _suggestion(before: str, rest: str) -> str:
    """The nearest accepted form for what could not be read, in plain words."""
    low = rest.lower()
    whole = (before + rest).lower()
    after_dice = bool(before) and (before[-1] in _DIGITS or before[-1] in "%fF") and "d" in before.lower()
    if "dis" in whole:
        return "For disadvantage, keep the lower of two d20s: 2d20kl1."
    if "adv" in whole:
        return "For advantage, keep the higher of two d20s: 2d20kh1."
    if after_dice and low[:1] == "d" and low[1:2] in _DIGITS:
        return "To drop dice, say which: drop lowest → 4d6dl1, drop highest → 4d6dh1."
    if before.endswith("-") and low[:1] in ("l", "h"):
        return "To drop dice, write it after the dice: drop lowest → 4d6dl1, drop highest → 4d6dh1."
    if after_dice and low[:1] in ("x", "e"):
        return "To make dice explode, use an exclamation mark: 3d6! (or 3d6!>5 for a range of faces)."
    if low[:1] in ("x", "×") and before.rstrip(" \t")[-1:] in tuple(_DIGITS) + (")", "%"):
        return "To multiply, use *: (1d6+2)*2."
    if low[:1] == "÷":
        return "To divide, use / (the result is rounded down): 1d6/2."
    if low[:1] in ("^",) or low.startswith("**"):
        return "Powers are not read; write the dice out, such as 3d6+3d6."
    if low[:1] in (".", ","):
        return "Use whole numbers only."
    if low[:1] == ")":
        return "Every closing bracket needs an opening one before it."
    if low[:1] in _DIGITS and before and before[-1] in _SPACES:
        return "Join the parts with + or -, such as 3d6+5."
    if low[:1] == "d" and before and before[-1] in _SPACES:
        return "Write the number of dice right against the d, with no space: 3d6."
    if low[:1] == "!":
        return "A die explodes once per term: 3d6! or 3d6!>5."
    if low[:1].isdigit() and not low[:1].isascii():
        return "Use the digits 0 to 9."
    if low[:1] in (">", "<", "=", "≥", "≤") or low.startswith("vs"):
        return "A comparison goes once, at the end: 1d20+5 >= 15, or 7k5 vs 30."
    if after_dice:
        return ("After the dice, you may add ! (explode), kh3/kl3 (keep), dl1/dh1 (drop), ro1/rr1 (reroll), "
                "min10/max10, or a comparison such as >=5 to count dice.")
    return "Write a number, dice such as 3d6, d%, 4dF or 10k5, or a bracket."


class _Parser:
    """Recursive descent over the characters of one expression; `i` is the read position."""

    def __init__(self, text: str, field: str) -> None:
        self.text = text
        self.lower = text.lower()
        self.field = field
        self.i = 0
        self.dice_total = 0
        self.terms = 0
        self.depth = 0

    # -- helpers ------------------------------------------------------------------
    def error(self, message: str, *, incomplete: bool = False) -> ExpressionError:
        return ExpressionError(self.text, f"{LABEL} {_quote(self.text)}: {message}", incomplete=incomplete,
                               field=self.field)

    def at_end(self) -> bool:
        return self.i >= len(self.text)

    def peek(self, size: int = 1) -> str:
        return self.lower[self.i:self.i + size]

    def spaces(self) -> None:
        while not self.at_end() and self.text[self.i] in _SPACES:
            self.i += 1

    def unreadable(self, wanted: str) -> ExpressionError:
        """What stands at the read position cannot be read (or the text stops too soon)."""
        rest = self.text[self.i:]
        stripped = rest.strip(" \t").lower()
        if not stripped or any(k.startswith(stripped) and k != stripped for k in _KEYWORDS):
            return self.error(f"it is not finished yet ({wanted} should come next). Keep typing.", incomplete=True)
        piece = rest[0]
        if piece.isalpha():
            j = 1
            while j < len(rest) and rest[j].isalpha() and j < 12:
                j += 1
            piece = rest[:j]
        before = self.text[:self.i]
        where = f"after {_quote(before)}" if before.strip(" \t") else "at the start"
        return self.error(f"{_quote(piece)} {where} cannot be read. {_suggestion(before, rest)}")

    def number(self, what: str, low: int, high: int) -> int:
        start = self.i
        while not self.at_end() and self.text[self.i] in _DIGITS:
            self.i += 1
            if self.i - start > MAX_DIGITS:
                raise self.error(f"{what} is too long a number; it must be from {low} to {high}.")
        if self.i == start:
            raise self.unreadable(what)
        value = int(self.text[start:self.i])
        if not low <= value <= high:
            raise self.error(f"{what} must be from {low} to {high}, not {value}.")
        return value

    def compare_op(self) -> str | None:
        for written, op in _COMPARES:
            if self.text.startswith(written, self.i):
                self.i += len(written)
                return op
        return None

    # -- grammar ------------------------------------------------------------------
    def statement(self) -> Statement:
        self.spaces()
        expr = self.sum()
        self.spaces()
        compare = None
        if not self.at_end():
            if self.peek(2) == "vs":
                self.i += 2
                op: str | None = "vs"
            else:
                op = self.compare_op()
            if op is None:
                raise self.unreadable("a sign, a comparison or the end")
            self.spaces()
            sign = 1
            if self.peek() == "-":
                sign = -1
                self.i += 1
            compare = (op, sign * self.number("the number to compare the total with", 0, MAX_TARGET))
            self.spaces()
            if not self.at_end():
                raise self.unreadable("the end")
        return Statement(expr, compare)

    def sum(self) -> Node:
        parts: list[tuple[int, Node]] = []
        sign = 1
        if self.peek() in ("+", "-") and not self.at_end():
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
            self.spaces()
        while True:
            parts.append((sign, self.product()))
            mark = self.i
            self.spaces()
            if self.peek() in ("+", "-") and not self.at_end():
                sign = -1 if self.peek() == "-" else 1
                self.i += 1
                self.spaces()
                continue
            self.i = mark
            break
        if len(parts) > 1 or parts[0][0] < 0:
            for _, node in parts:
                self.refuse_loose_count(node, parts)
        return parts[0][1] if len(parts) == 1 and parts[0][0] > 0 else Sum(tuple(parts))

    def refuse_loose_count(self, node: Node, parts: list[tuple[int, Node]] | None) -> None:
        """A count glued to dice that are not alone: it could count them or test the total."""
        inner = node.inner if isinstance(node, Scale) else node
        if not (isinstance(inner, Dice) and inner.count_if):
            return
        op, number = inner.count_if
        example = "3d6+2d6 >= 3"
        if parts and parts[-1][1] is inner:
            written = Sum(tuple(parts)).text()
            example = f"{written[: len(written) - len(f'{op}{number}')]} {op} {number}"
        raise self.error(
            f"the comparison {op}{number} right after {_quote(inner.text()[: -len(f'{op}{number}')])} could count "
            "those dice or test the whole total, and dice tools differ on it. To test the total, put the "
            f"comparison at the end with a space before it: {_quote(example)}. To count the dice that pass, "
            f"put that group in brackets: {_quote('(' + inner.text() + ')')}."
        )

    def product(self) -> Node:
        node = self.primary()
        while True:
            mark = self.i
            self.spaces()
            op = self.peek()
            if op not in ("*", "/") or self.at_end():
                self.i = mark
                return node
            self.i += 1
            self.spaces()
            right = self.primary()
            for side in (node, right):
                if isinstance(side, Dice) and side.count_if:
                    self.refuse_loose_count(side, None)
            if isinstance(right, Const) and right.value:
                factor, inner = right.value, node
            elif op == "*" and isinstance(node, Const) and node.value:
                factor, inner = node.value, right
            elif isinstance(right, Const):
                raise self.error("dividing by 0 has no answer; divide by a whole number from 1 to 100.")
            else:
                verb = "multiply" if op == "*" else "divide"
                raise self.error(f"you can {verb} only by a plain whole number, such as (1d6+2)*2 or 1d6/2.")
            if factor > MAX_FACTOR:
                raise self.error(f"multiply or divide by a number from 1 to {MAX_FACTOR}, not {factor}.")
            node = Scale(inner, op, factor)

    def primary(self) -> Node:
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise self.error(f"it has too many parts (at most {MAX_TERMS} numbers and dice).")
        if self.peek() == "(" and not self.at_end():
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.error(f"brackets may nest at most {MAX_DEPTH} deep.")
            self.i += 1
            self.spaces()
            inner = self.sum()
            self.spaces()
            if self.peek() != ")" or self.at_end():
                if self.at_end():
                    raise self.error("a bracket is still open. Keep typing, and close it with “)”.",
                                     incomplete=True)
                raise self.unreadable("a closing bracket")
            self.i += 1
            self.depth -= 1
            return Group(inner)
        count: int | None = None
        if not self.at_end() and self.text[self.i] in _DIGITS:
            count = self.number("a number", 0, MAX_NUMBER)
        if self.peek() == "d":
            return self.dice(1 if count is None else count)
        if count is None:
            raise self.unreadable("a number or dice")
        if self.peek() == "k":
            self.i += 1
            return self.rollkeep(count)
        return Const(count)

    def add_dice(self, count: int) -> None:
        if count < 1:
            raise self.error("roll at least 1 die.")
        self.dice_total += count
        if self.dice_total > MAX_DICE:
            raise self.error(f"it rolls too many dice (at most {MAX_DICE} in all).")

    def rollkeep(self, rolled: int) -> RollKeep:
        self.add_dice(rolled)
        kept = self.number("the number of dice kept", 1, MAX_DICE)
        if kept > rolled:
            raise self.error(f"it cannot keep {kept} of {rolled} dice; keep at most {rolled}.")
        if self.peek() in ("!", "d", "k", "r", "m") and not self.at_end():
            raise self.error(f"Roll & Keep {rolled}k{kept} already explodes its tens and keeps the best; it takes "
                             "no other modifier. For other dice write them out, such as 7d10!kh5.")
        return RollKeep(rolled, kept)

    def dice(self, count: int) -> Dice:
        self.i += 1  # the "d"
        self.add_dice(count)
        kind, sides = "plain", 0
        if self.peek() == "%":
            self.i += 1
            kind, sides = "percent", 100
        elif self.peek() == "f":
            self.i += 1
            kind, sides = "fudge", 3
        else:
            sides = self.number("the number of sides", MIN_SIDES, MAX_SIDES)
        found: dict[str, Any] = {}

        def once(name: str) -> None:
            if name in found:
                raise self.error(f"{name} is given twice after the same dice; give it once.")

        while not self.at_end():
            two, three = self.peek(2), self.peek(3)
            if self.peek() == "!":
                once("explode")
                self.i += 1
                if self.peek() == "!":
                    raise self.error("“!!” (dice that pile up into one) is not read; use a single !, such as 3d6!.")
                op = ">=" if self.text.startswith((">=", "≥"), self.i) else ">" if self.peek() == ">" else ""
                if op:
                    self.i += 2 if self.text.startswith(">=", self.i) else 1
                    number = self.number("the face to explode on", 1, sides)
                    found["explode"] = (number + 1 if op == ">" else number, op)
                else:
                    found["explode"] = (sides, "")
            elif three in ("min", "max"):
                once(three)
                self.i += 3
                found[three] = self.number(f"the {'lowest' if three == 'min' else 'highest'} value of a die",
                                           -1 if kind == "fudge" else 1, sides)
            elif two in ("kh", "kl", "dl", "dh") or self.peek() == "k":
                once("keep or drop")
                written = two if two in ("kh", "kl", "dl", "dh") else "k"
                self.i += len(written)
                if written in ("dl", "dh"):
                    dropped = self.number("the number of dice dropped", 1, MAX_DICE)
                    if dropped >= count:
                        raise self.error(f"dropping {dropped} of {count} dice leaves none; drop at most {count - 1}.")
                    found["keep or drop"] = ("h" if written == "dl" else "l", count - dropped, written)
                else:
                    kept = self.number("the number of dice kept", 1, MAX_DICE)
                    if kept > count:
                        raise self.error(f"it cannot keep {kept} of {count} dice; keep at most {count}.")
                    found["keep or drop"] = ("l" if written == "kl" else "h", kept, written)
            elif self.peek() == "r":
                once("reroll")
                how = two if two in ("ro", "rr") else "r"
                self.i += len(how)
                op = self.compare_op() or "="
                found["reroll"] = (how, op, self.number("the face to reroll", 0, MAX_NUMBER))
            elif self.text.startswith(tuple(w for w, _ in _COMPARES), self.i):
                once("count")
                op = self.compare_op()
                assert op is not None
                found["count"] = (op, self.number("the number each die is compared with", 0, MAX_NUMBER))
            else:
                if two != "vs" and (self.peek().isalpha() or self.peek() in ("×", "^", ".")):
                    raise self.unreadable("more dice notation")
                break
        if "count" in found and "keep or drop" in found:
            raise self.error("keeping or dropping dice and counting them cannot go together; choose one.")
        explode = found.get("explode")
        if explode and kind == "fudge":
            raise self.error("Fudge dice do not explode here; remove the !.")
        if explode and ({"reroll", "min", "max"} & found.keys()):
            raise self.error("exploding dice cannot also be rerolled or given a min or max here; choose one.")
        if explode and explode[0] < sides and 2 * (sides - explode[0] + 1) > sides:
            raise self.error(f"at most half the faces may explode; on a d{sides}, explode on {sides // 2 + 1} "
                             f"or more at the lowest (!>={sides // 2 + 1}).")
        if explode and explode[0] > sides:
            raise self.error(f"no face of a d{sides} is above {sides}, so nothing would explode; "
                             f"write 3d{sides}! to explode on {sides}.")
        if explode and explode[0] < 2:
            raise self.error("every face would explode, so the dice would never stop; explode on higher faces.")
        dice = Dice(count, sides, kind, explode=explode[0] if explode else None,
                    explode_op=explode[1] if explode else "", reroll=found.get("reroll"),
                    low=found.get("min"), high=found.get("max"), keep=found.get("keep or drop"),
                    count_if=found.get("count"))
        self.check_die(dice)
        return dice

    def check_die(self, dice: Dice) -> None:
        faces = dice.faces()
        name = _die_short(dice)
        if dice.reroll:
            how, op, number = dice.reroll
            hit = [f for f in faces if _passes(op, number, f)]
            if not hit:
                raise self.error(f"no face of a {name} is {_condition(op, number)}, so {how}{number} would never "
                                 "reroll; check the number.")
            if how == "rr" and len(hit) == len(faces):
                raise self.error(f"every face of a {name} is {_condition(op, number)}, so rr would reroll forever.")
        if dice.low is not None and dice.high is not None and dice.low > dice.high:
            raise self.error(f"min{dice.low} is above max{dice.high}, so no roll could fit between them.")
        if dice.count_if:
            op, number = dice.count_if
            die = _die(dice)
            if not any(_passes(op, number, x) for x, _ in die.items()):
                written = dice.text()
                base = written[: len(written) - len(f"{op}{number}")]
                also = f", or {_quote(f'{base} vs {number}')} for “at least {number}”" if op == ">=" else ""
                raise self.error(
                    f"no single {name} can show {_condition(op, number)}, so counting such dice would always give 0. "
                    f"To compare the total, put a space before the comparison: {_quote(f'{base} {op} {number}')}"
                    f"{also}."
                )


def parse(text: object, *, field: str = FIELD) -> Statement:
    """Read a dice expression into a `Statement`.

    Raises:
        InputError: (an `ExpressionError`) naming `field`, in plain words.
    """
    if not isinstance(text, str):
        raise InputError(field, f"{LABEL} must be text such as 3d6+2.")
    if len(text) > MAX_LENGTH:
        raise InputError(field, f"{LABEL} must be at most {MAX_LENGTH} characters long; it has {len(text)}.")
    if not text.strip(" \t"):
        raise ExpressionError(text, f"{LABEL} is empty: type dice such as 3d6+2.", incomplete=True, field=field)
    if not text.isprintable():
        raise InputError(field, f"{LABEL} must be one line of ordinary characters, such as 3d6+2.")
    return _Parser(text, field).statement()


# -- dice -----------------------------------------------------------------------------------


def _passes(op: str, number: int, x: int) -> bool:
    if op in (">=", "vs"):
        return x >= number
    if op == ">":
        return x > number
    if op == "<=":
        return x <= number
    if op == "<":
        return x < number
    return x == number


@lru_cache(maxsize=128)
def _die(dice: Dice) -> Dist:
    """One die of a dice term, with its reroll, min/max and explosion."""
    if dice.explode is not None:
        if dice.explode == dice.sides:
            return exploding_die(dice.sides)
        return exploding_from(dice.sides, dice.explode)
    faces = dice.faces()
    weights = {f: 1 for f in faces}
    if dice.reroll:
        how, op, number = dice.reroll
        hit = {f for f in faces if _passes(op, number, f)}
        if how == "rr":
            weights = {f: 1 for f in faces if f not in hit}
        else:  # once: a rerolled face gives a fresh roll that stands
            weights = {f: (0 if f in hit else len(faces)) + len(hit) for f in faces}
    if dice.low is not None or dice.high is not None:
        low = dice.low if dice.low is not None else faces[0]
        high = dice.high if dice.high is not None else faces[-1]
        clamped: dict[int, int] = {}
        for f, w in weights.items():
            value = min(max(f, low), high)
            clamped[value] = clamped.get(value, 0) + w
        weights = clamped
    return Dist.from_weights(weights)


EXACT_BITS = 256  # beyond this many bits of total weight, sums run in fixed-point floats


def _as_float(dist: Dist) -> Dist:
    return Dist.from_probabilities(dist.offset, dist.probabilities(), tail=dist.tail) if dist.exact else dist


@lru_cache(maxsize=64)
def _shape_dist(term: Dice | RollKeep) -> Dist:
    """The distribution of one dice term (cached by shape)."""
    if isinstance(term, RollKeep):
        return roll_keep(term.rolled, term.kept, sides=10, explode=True)
    die = _die(term)
    n = term.count
    if term.count_if:
        yes = sum(w for x, w in die.items() if _passes(*term.count_if, x))
        no = sum(w for x, w in die.items() if not _passes(*term.count_if, x))
        return Dist.from_weights({0: no, 1: yes}, tail=die.tail).repeat(n)
    if term.keep and term.keep[1] < n:
        return (keep_highest if term.keep[0] == "h" else keep_lowest)(die, n, term.keep[1])
    if die.exact and n * log2(die.total) > EXACT_BITS:
        die = _as_float(die)
    return die.repeat(n)


def _scaled(dist: Dist, op: str, factor: int) -> Dist:
    mapped: dict[int, float | int] = {}
    for x, w in dist.items():
        y = x * factor if op == "*" else x // factor
        mapped[y] = mapped.get(y, 0) + w
    low, high = min(mapped), max(mapped)
    dense = [0] * (high - low + 1) if dist.exact else [0.0] * (high - low + 1)
    for y, w in mapped.items():
        dense[y - low] = w
    return Dist(low, tuple(dense), dist.total, dist.tail)


def evaluate_node(node: Node) -> Dist:
    if isinstance(node, Const):
        return Dist.constant(node.value)
    if isinstance(node, (Dice, RollKeep)):
        return _shape_dist(node)
    if isinstance(node, Group):
        return evaluate_node(node.inner)
    if isinstance(node, Scale):
        return _scaled(evaluate_node(node.inner), node.op, node.factor)
    parts = [evaluate_node(n) if sign > 0 else -evaluate_node(n) for sign, n in node.parts]
    if sum(log2(p.total) for p in parts if p.exact) > EXACT_BITS:
        parts = [_as_float(p) for p in parts]
    while len(parts) > 1:  # a balanced tree of sums: the big products come last and only once
        parts = [parts[i] + parts[i + 1] if i + 1 < len(parts) else parts[i] for i in range(0, len(parts), 2)]
    return parts[0]


# -- cost -----------------------------------------------------------------------------------

# Estimated seconds on the reference machine (CPython 3.11, x86-64) for each algorithm, fitted
# to timings of calc.keep and calc.dist over grids of sides, dice and kept dice; each
# coefficient is near the upper envelope of measured time per unit of its formula.
# tests/test_notation.py times the worst cases the caps allow.
_KEEP_EXACT = 3e-11  # order statistics in integers: F^2 k n (k^2 log2 F + 3 n), F = faces
_KEEP_EXPLODING_HIGH = 1.9e-8  # levels and uniform order statistics: F^2 k^2 n, F = sides - 1
# exploding keep-lowest (calc.keep._keep_lowest_exploding), a power law fitted by least squares
# to 201 timings (2 to 100 sides, 2 to 60 dice) and doubled: F^1.46 k^1.88 n^1.33 / (d+1)^0.39,
# F = sides - 1, d = dice dropped; 6d12!kl5 is estimated at 2 ms and takes 1 to 1.5 ms
_KEEP_EXPLODING_LOW = 3.8e-7
_PER_KEEP = 0.002  # set-up of one keep, however small
_PRODUCT = 2.5e-8  # one packed polynomial product of total length L: L^1.585 (Karatsuba)
_MAPPED = 3e-7  # one outcome moved by * or /


def _explosions(p: float, n: int) -> int:
    """Explosions among n dice beyond which less than 1e-16 is left: C(n+m-1, m) p^m < 1e-16."""
    m = 0
    while comb(n + m - 1, m) * p**m >= 1e-16:
        m += 1
    return m


def _die_length(dice: Dice) -> int:
    if dice.explode is not None:
        return len(_die(dice).weights)
    faces = dice.faces()
    return faces[-1] - faces[0] + 1


def _dice_length(dice: Dice | RollKeep) -> int:
    if isinstance(dice, RollKeep):
        kept, sides = dice.kept, 10
        return min(kept * (len(exploding_die(10).weights) - 1), (kept + _explosions(0.1, kept)) * sides) + 1
    if dice.count_if:
        return dice.count + 1
    kept = dice.keep[1] if dice.keep else dice.count
    length = _die_length(dice)
    if dice.explode is not None:
        p = (dice.sides - dice.explode + 1) / dice.sides
        return min(kept * (length - 1), (kept + _explosions(p, kept)) * dice.sides) + 1
    return kept * (length - 1) + 1


def _dice_cost(dice: Dice | RollKeep) -> float:
    """Estimated seconds to compute one dice term's distribution on the reference machine."""
    if isinstance(dice, RollKeep):
        n, k, s, explode, side = dice.rolled, dice.kept, 10, 10, "h"
    else:
        n, s, explode = dice.count, dice.sides, dice.explode
        k, side = (dice.keep[1], dice.keep[0]) if dice.keep else (n, "h")
        if dice.count_if:
            return 1e-6 * n
    if k < n:
        if explode == s:
            if side == "h":
                return _KEEP_EXPLODING_HIGH * (s - 1) ** 2 * k * k * n + _PER_KEEP
            return _KEEP_EXPLODING_LOW * (s - 1) ** 1.46 * k**1.88 * n**1.33 / (n - k + 1) ** 0.39 + 1e-4
        faces = len(_die(dice).weights) if isinstance(dice, Dice) else s  # type: ignore[arg-type]
        factor = 3.0 if explode is not None else 1.0  # float dice run on 2**64 fixed-point weights
        return factor * _KEEP_EXACT * faces * faces * k * n * (k * k * log2(faces + 1) + 3 * n) + _PER_KEEP
    length = _dice_length(dice)
    return _PRODUCT * 2 * length**1.585 if n > 1 else 0.0


def _walk(node: Node, seen: dict[Any, float]) -> tuple[int, float]:
    """(outcomes, estimated seconds) of a node; each distinct dice shape is costed once."""
    if isinstance(node, Const):
        return 1, 0.0
    if isinstance(node, (Dice, RollKeep)):
        if node not in seen:
            seen[node] = _dice_cost(node)
            return _dice_length(node), seen[node]
        return _dice_length(node), 0.0
    if isinstance(node, Group):
        return _walk(node.inner, seen)
    if isinstance(node, Scale):
        length, cost = _walk(node.inner, seen)
        out = (length - 1) * node.factor + 1 if node.op == "*" else length // node.factor + 1
        return out, cost + _MAPPED * length
    lengths, total = [], 0.0
    for _, part in node.parts:
        length, cost = _walk(part, seen)
        lengths.append(length)
        total += cost
    while len(lengths) > 1:  # the same balanced tree as `evaluate_node`
        merged = []
        for i in range(0, len(lengths), 2):
            if i + 1 < len(lengths):
                total += _PRODUCT * (lengths[i] + lengths[i + 1]) ** 1.585
                merged.append(lengths[i] + lengths[i + 1] - 1)
            else:
                merged.append(lengths[i])
        lengths = merged
    return lengths[0], total


def cost(statement: Statement | Node) -> float:
    """Estimated seconds to evaluate a parsed expression."""
    node = statement.expr if isinstance(statement, Statement) else statement
    return _walk(node, {})[1]


def outcomes(statement: Statement | Node) -> int:
    """An upper bound on the number of possible totals (after explosions are cut)."""
    node = statement.expr if isinstance(statement, Statement) else statement
    return _walk(node, {})[0]


def evaluate(statement: Statement, *, text: str = "", field: str = FIELD) -> Dist:
    """The distribution of a parsed expression's total; refuses one that would cost too much.

    Raises:
        InputError: (an `ExpressionError`) when the estimated time exceeds `MAX_SECONDS` or the
            possible totals exceed `MAX_OUTCOMES`.
    """
    shown = _quote(text or statement.text())
    length, seconds = _walk(statement.expr, {})
    if length > MAX_OUTCOMES:
        raise ExpressionError(text, f"{LABEL} {shown} has too many possible totals to list (more than "
                              f"{MAX_OUTCOMES:,}); multiply by less or use fewer dice.", field=field)
    if seconds > MAX_SECONDS:
        raise ExpressionError(text, f"{LABEL} {shown} is too costly to work out exactly here; use fewer dice, "
                              "fewer sides or fewer kept dice.", field=field)
    return evaluate_node(statement.expr)


def distribution(text: object, *, field: str = FIELD) -> Dist:
    """Parse and evaluate a dice expression's total in one step (any comparison is left aside)."""
    statement = parse(text, field=field)
    return evaluate(statement, text=str(text), field=field)


# -- the reading in words -------------------------------------------------------------------

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                 "twenty")


def _word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _signed(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _die_short(dice: Dice) -> str:
    return {"percent": "d%", "fudge": "Fudge die"}.get(dice.kind, f"d{dice.sides}")


def _condition(op: str, number: int) -> str:
    n = _signed(number)
    return {">=": f"{n} or more", "vs": f"{n} or more", ">": f"more than {n}", "<=": f"{n} or less",
            "<": f"less than {n}", "=": f"exactly {n}"}[op]


def _faces_words(faces: list[int]) -> str:
    shown = [_signed(f) for f in faces]
    if len(shown) == 1:
        return f"a {shown[0]}"
    if len(shown) == 2:
        return f"{shown[0]} or {shown[1]}"
    if faces == list(range(faces[0], faces[-1] + 1)):
        return f"{shown[0]} to {shown[-1]}"
    return ", ".join(shown[:-1]) + f" or {shown[-1]}"


def _dice_words(dice: Dice | RollKeep) -> str:
    if isinstance(dice, RollKeep):
        return (f"Roll & Keep {dice.rolled}k{dice.kept}: {_word(dice.rolled)} ten-sided "
                f"{'die' if dice.rolled == 1 else 'dice'} that roll again and add on a 10, the best "
                f"{_word(dice.kept)} kept")
    n = dice.count
    noun = "die" if n == 1 else "dice"
    if dice.kind == "fudge":
        out = f"{_word(n)} Fudge {noun} (−1, 0 or +1 each)"
    elif dice.kind == "percent":
        out = f"{_word(n)} percentile {noun} (1 to 100)"
    else:
        out = f"{_word(n)} {_word(dice.sides)}-sided {noun}"
    faces = dice.faces()
    if dice.explode is not None:
        exploding = [f for f in faces if f >= dice.explode]
        out += f", {'a die' if n > 1 else 'the die'} showing {_faces_words(exploding)} rolls again and adds"
        if dice.explode_op == ">":
            out += f" (!>{dice.explode - 1} read as above {dice.explode - 1})"
    if dice.reroll:
        how, op, number = dice.reroll
        hit = _faces_words([f for f in faces if _passes(op, number, f)])
        if how == "rr":
            out += f", rerolling {hit} until the die shows something else"
        else:
            out += f", rerolling {hit} once (the new roll stands)"
            if how == "r":
                out = out[:-1] + ", as the Codex reads a bare r)"
    if dice.low is not None:
        out += f", any die below {_signed(dice.low)} counting as {_signed(dice.low)}"
    if dice.high is not None:
        out += f", any die above {_signed(dice.high)} counting as {_signed(dice.high)}"
    if dice.keep and dice.keep[1] < n:
        side, kept, written = dice.keep
        which = "highest" if side == "h" else "lowest"
        if written in ("dl", "dh"):
            out += f", drop the {'lowest' if side == 'h' else 'highest'} {_word(n - kept)} (keep the {which} {_word(kept)})"
        else:
            out += f", keep the {which} {_word(kept)}"
    if dice.count_if:
        out += f", counting the dice that show {_condition(*dice.count_if)}"
    return out


def _node_words(node: Node) -> str:
    if isinstance(node, Const):
        return str(node.value)
    if isinstance(node, (Dice, RollKeep)):
        return _dice_words(node)
    if isinstance(node, Group):
        words = _node_words(node.inner)
        return words if isinstance(node.inner, Const) else f"({words})"
    if isinstance(node, Scale):
        inner = _node_words(node.inner)
        comma = "," if "," in inner and not isinstance(node.inner, Group) else ""
        if node.op == "*":
            return f"{inner}{comma} times {node.factor}"
        return f"{inner}{comma} divided by {node.factor} and rounded down"
    out = ""
    for i, (sign, part) in enumerate(node.parts):
        words = _node_words(part)
        if i == 0:
            out = f"minus {words}" if sign < 0 else words
        else:
            out += f" {'plus' if sign > 0 else 'minus'} {words}"
    return out


def _leaves(node: Node) -> list[Node]:
    if isinstance(node, Group):
        return _leaves(node.inner)
    if isinstance(node, Scale):
        return _leaves(node.inner)
    if isinstance(node, Sum):
        return [leaf for _, part in node.parts for leaf in _leaves(part)]
    return [node]


def _reading_notes(node: Node) -> list[str]:
    """A sentence for each reading the Codex chose where dice tools disagree."""
    notes = []
    leaves = [leaf for leaf in _leaves(node) if isinstance(leaf, Dice)]
    if any(d.reroll and d.reroll[0] == "r" for d in leaves):
        notes.append("The Codex's reading: a bare r rerolls once and the second roll stands, as ro does; "
                     "write rr to keep rerolling until the face no longer matches.")
    if any(d.explode_op == ">" for d in leaves):
        notes.append("The Codex's reading: !>5 explodes on faces above 5 only; write !>=5 to explode on 5 as well.")
    if any(d.count_if for d in leaves):
        notes.append("The Codex's reading: a comparison written right against the dice (6d10>=7) counts the dice "
                     "that pass; with a space before it (3d6 >= 10) it tests the total.")
    if "/" in node.text():
        notes.append("Division rounds down to a whole number (−1.5 becomes −2).")
    return notes


def _counts_only(node: Node) -> bool:
    return isinstance(node, Dice) and node.count_if is not None


def reading(statement: Statement, target: int | None = None) -> str:
    """How the expression was read, in words: "three six-sided dice, total, at least 10"."""
    out = _node_words(statement.expr)
    out += ", the number of dice counted" if _counts_only(statement.expr) else ", total"
    if statement.compare:
        op, number = statement.compare
        out += f", {_comparison_words(op, number)}"
        if op == "vs":
            out += " (vs: meet or beat)"
    elif target is not None:
        out += f", at least {_signed(target)} (the target)"
    return out


def _comparison_words(op: str, number: int) -> str:
    n = _signed(number)
    return {">=": f"at least {n}", "vs": f"at least {n}", ">": f"more than {n}", "<=": f"at most {n}",
            "<": f"less than {n}", "=": f"exactly {n}"}[op]


def _chance(dist: Dist, op: str, number: int) -> float:
    if op in (">=", "vs"):
        return dist.at_least(number)
    if op == ">":
        return dist.at_least(number + 1)
    if op == "<=":
        return dist.below(number + 1)
    if op == "<":
        return dist.below(number)
    return dist.between(number, number)


def dice(*, expr: str, target: int | None) -> dict[str, Any]:
    """The `dice` calculator: the distribution of any dice expression, and the chance of its comparison."""
    statement = parse(expr)
    if statement.compare and target is not None:
        raise InputError("target", f"Target (optional) must be left empty when the {LABEL} has its own "
                                   f"comparison ({_quote(statement.text())}); remove one of the two.")
    total = evaluate(statement, text=expr)
    compare = statement.compare or ((">=", target) if target is not None else None)
    result: dict[str, Any] = {
        "expression": canonical(statement),
        "reading": reading(statement, target),
        "mean": total.mean(),
        "distribution": total.pmf(),
        "chance": None if compare is None else _chance(total, *compare),
        "target": None if compare is None else compare[1],
        "notes": [],
    }
    result["notes"].extend(_reading_notes(statement.expr))
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
        summary="The distribution of any dice expression, and the chance of a comparison against its total.",
        params=(
            TextParam("expr", LABEL, "3d6+2", max_length=MAX_LENGTH,
                      help="Such as 3d6+5, 4d6dl1, 2d20kh1, 10k5 (Roll & Keep), 3d6!, 2d6ro1, 4dF, "
                           "(1d6+2)*2, 6d10>=7 (count dice showing 7+) or 1d20+5 >= 15 (test the total)."),
            IntParam("target", "Target (optional)", None, minimum=-100_000, maximum=100_000, optional=True,
                     required=False, help="Chance of a total at least this high. Leave blank for the "
                                          "distribution alone, or when the expression has its own comparison."),
        ),
        compute=dice,
        headlines=(Headline("chance", "Chance the comparison holds"), Headline("mean", "Average total", "number")),
    ),
)
