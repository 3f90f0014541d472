"""The grammar of dice expressions: a recursive-descent parser and its plain-words refusals.

The parser reads characters one at a time into the tree of calc.dice.notation.tree (never `eval`);
the grammar is in the package docstring. Every refusal is an `ExpressionError` that names the
field and, where it can, suggests the nearest accepted form.
"""

from __future__ import annotations

from typing import Any

from calc.errors import InputError
from calc.dice.notation.die import can_show
from calc.dice.notation.limits import (
    FIELD, LABEL, MAX_DEPTH, MAX_DICE, MAX_DIGITS, MAX_FACTOR, MAX_LENGTH, MAX_NUMBER, MAX_SIDES, MAX_TARGET,
    MAX_TERMS, MIN_SIDES, ExpressionError, quote,
)
from calc.dice.notation.tree import Const, Dice, Group, Node, RollKeep, Scale, Statement, Sum, constant, passes
from calc.dice.notation.words import condition, die_short, signed

_DIGITS = frozenset("0123456789")
_SPACES = frozenset(" \t")
_COMPARES = ((">=", ">="), ("≥", ">="), ("<=", "<="), ("≤", "<="), (">", ">"), ("<", "<"), ("=", "="))
_COMPARE_SIGNS = tuple(written for written, _ in _COMPARES)
_KEYWORDS = ("vs", "min", "max", "ro", "rr", "kh", "kl", "dl", "dh")


def _mistaken_operator(before: str, low: str) -> str | None:
    """The accepted form when a sign, power or decimal point from elsewhere was written."""
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
    return None


def _misplaced_part(before: str, low: str) -> str | None:
    """The accepted form when a part of the notation stands in the wrong place."""
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
    return None


def suggestion(before: str, rest: str) -> str:
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
    found = _mistaken_operator(before, low) or _misplaced_part(before, low)
    if found:
        return found
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
        return ExpressionError(self.text, f"{LABEL} {quote(self.text)}: {message}", incomplete=incomplete,
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
        where = f"after {quote(before)}" if before.strip(" \t") else "at the start"
        return self.error(f"{quote(piece)} {where} cannot be read. {suggestion(before, rest)}")

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

    def sign(self) -> int | None:
        """Reads a + or - at the read position: 1 or -1, or None when there is none."""
        if self.at_end() or self.peek() not in ("+", "-"):
            return None
        sign = -1 if self.peek() == "-" else 1
        self.i += 1
        return sign

    # -- grammar ------------------------------------------------------------------
    def statement(self) -> Statement:
        self.spaces()
        expr = self.sum()
        self.spaces()
        if self.at_end():
            return Statement(expr)
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
        sign = self.sign()
        if sign is None:
            sign = 1
        else:
            self.spaces()
        while True:
            parts.append((sign, self.product()))
            mark = self.i
            self.spaces()
            following = self.sign()
            if following is None:
                self.i = mark
                break
            sign = following
            self.spaces()
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
            f"the comparison {op}{number} right after {quote(inner.text()[: -len(f'{op}{number}')])} could count "
            "those dice or test the whole total, and dice tools differ on it. To test the total, put the "
            f"comparison at the end with a space before it: {quote(example)}. To count the dice that pass, "
            f"put that group in brackets: {quote('(' + inner.text() + ')')}."
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
            node = self.scale(node, op, self.primary())

    def scale(self, node: Node, op: str, right: Node) -> Scale:
        """`node op right`, where one side of * and the right of / must be a number."""
        for side in (node, right):
            if isinstance(side, Dice) and side.count_if:
                self.refuse_loose_count(side, None)
        if isinstance(right, Const) and right.value:
            factor, inner = right.value, node
        elif op == "*" and isinstance(node, Const) and node.value:
            factor, inner = node.value, right
        elif op == "*" and (isinstance(right, Const) or isinstance(node, Const)):
            raise self.error("multiplying by 0 always gives 0, so there is nothing to work out; "
                             f"multiply by a whole number from 1 to {MAX_FACTOR}.")
        elif isinstance(right, Const):
            raise self.error(f"dividing by 0 has no answer; divide by a whole number from 1 to {MAX_FACTOR}.")
        else:
            verb = "multiply" if op == "*" else "divide"
            raise self.error(f"you can {verb} only by a plain whole number, such as (1d6+2)*2 or 1d6/2.")
        if factor > MAX_FACTOR:
            raise self.error(f"multiply or divide by a number from 1 to {MAX_FACTOR}, not {factor}.")
        scaled = Scale(inner, op, factor)
        value = constant(scaled)
        if value is not None and abs(value) > MAX_NUMBER:
            raise self.error(f"{scaled.text()} comes to {signed(value)}; a number, even once multiplied, must be "
                             f"from −{MAX_NUMBER} to {MAX_NUMBER}. Multiply by less.")
        return scaled

    def primary(self) -> Node:
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise self.error(f"it has too many parts (at most {MAX_TERMS} numbers and dice).")
        if self.peek() == "(" and not self.at_end():
            return self.group()
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

    def group(self) -> Group:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"brackets may nest at most {MAX_DEPTH} deep.")
        self.i += 1
        self.spaces()
        inner = self.sum()
        self.spaces()
        if self.peek() != ")" or self.at_end():
            if self.at_end():
                raise self.error("a bracket is still open. Keep typing, and close it with “)”.", incomplete=True)
            raise self.unreadable("a closing bracket")
        self.i += 1
        self.depth -= 1
        return Group(inner)

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

    # -- one dice term and its modifiers --------------------------------------------
    def dice(self, count: int) -> Dice:
        self.i += 1  # the "d"
        self.add_dice(count)
        kind, sides = self.die_kind()
        found = self.modifiers(count, kind, sides)
        self.check_modifiers(found, kind, sides)
        explode = found.get("explode")
        dice = Dice(count, sides, kind, explode=explode[0] if explode else None,
                    explode_op=explode[1] if explode else "", reroll=found.get("reroll"),
                    low=found.get("min"), high=found.get("max"), keep=found.get("keep or drop"),
                    count_if=found.get("count"))
        self.check_die(dice)
        return dice

    def die_kind(self) -> tuple[str, int]:
        """The kind of die and its sides, read after the "d"."""
        if self.peek() == "%":
            self.i += 1
            return "percent", 100
        if self.peek() == "f":
            self.i += 1
            return "fudge", 3
        return "plain", self.number("the number of sides", MIN_SIDES, MAX_SIDES)

    def modifiers(self, count: int, kind: str, sides: int) -> dict[str, Any]:
        """The modifiers written after the dice, by name; each may be given once."""
        found: dict[str, Any] = {}
        while not self.at_end():
            name = self.modifier_name()
            if name is None:
                break
            if name in found:
                raise self.error(f"{name} is given twice after the same dice; give it once.")
            found[name] = self.modifier(name, count, kind, sides)
        return found

    def modifier_name(self) -> str | None:
        """The modifier that starts at the read position, or None where the dice term ends."""
        two, three = self.peek(2), self.peek(3)
        if self.peek() == "!":
            return "explode"
        if three in ("min", "max"):
            return three
        if two in ("kh", "kl", "dl", "dh") or self.peek() == "k":
            return "keep or drop"
        if self.peek() == "r":
            return "reroll"
        if self.text.startswith(_COMPARE_SIGNS, self.i):
            return "count"
        if two != "vs" and (self.peek().isalpha() or self.peek() in ("×", "^", ".")):
            raise self.unreadable("more dice notation")
        return None

    def modifier(self, name: str, count: int, kind: str, sides: int) -> Any:
        """Reads the modifier `name` at the read position and returns its value."""
        if name == "explode":
            return self.explosion(sides)
        if name in ("min", "max"):
            self.i += 3
            return self.number(f"the {'lowest' if name == 'min' else 'highest'} value of a die",
                               -1 if kind == "fudge" else 1, sides)
        if name == "keep or drop":
            return self.keep_or_drop(count)
        if name == "reroll":
            how = self.peek(2) if self.peek(2) in ("ro", "rr") else "r"
            self.i += len(how)
            op = self.compare_op() or "="
            return how, op, self.number("the face to reroll", 0, MAX_NUMBER)
        op = self.compare_op()
        assert op is not None
        return op, self.number("the number each die is compared with", 0, MAX_NUMBER)

    def explosion(self, sides: int) -> tuple[int, str]:
        """(lowest face that explodes, how it was written) after the "!"."""
        self.i += 1
        if self.peek() == "!":
            raise self.error("“!!” (dice that pile up into one) is not read; use a single !, such as 3d6!.")
        op = ">=" if self.text.startswith((">=", "≥"), self.i) else ">" if self.peek() == ">" else ""
        if not op:
            return sides, ""
        self.i += 2 if self.text.startswith(">=", self.i) else 1
        number = self.number("the face to explode on", 1, sides)
        return (number + 1 if op == ">" else number), op

    def keep_or_drop(self, count: int) -> tuple[str, int, str]:
        """(side kept, dice kept, as written) for k, kh, kl, dl or dh."""
        two = self.peek(2)
        written = two if two in ("kh", "kl", "dl", "dh") else "k"
        self.i += len(written)
        if written in ("dl", "dh"):
            dropped = self.number("the number of dice dropped", 1, MAX_DICE)
            if dropped >= count:
                raise self.error(f"dropping {dropped} of {count} dice leaves none; drop at most {count - 1}.")
            return "h" if written == "dl" else "l", count - dropped, written
        kept = self.number("the number of dice kept", 1, MAX_DICE)
        if kept > count:
            raise self.error(f"it cannot keep {kept} of {count} dice; keep at most {count}.")
        return "l" if written == "kl" else "h", kept, written

    def check_modifiers(self, found: dict[str, Any], kind: str, sides: int) -> None:
        """Refuses modifiers that cannot go together, and explosions that would not stop."""
        if "count" in found and "keep or drop" in found:
            raise self.error("keeping or dropping dice and counting them cannot go together; choose one.")
        explode = found.get("explode")
        if not explode:
            return
        if kind == "fudge":
            raise self.error("Fudge dice do not explode here; remove the !.")
        if {"reroll", "min", "max"} & found.keys():
            raise self.error("exploding dice cannot also be rerolled or given a min or max here; choose one.")
        if explode[0] < sides and 2 * (sides - explode[0] + 1) > sides:
            lowest = (sides + 1) // 2 + 1  # the lowest face that leaves at most half of them exploding
            raise self.error(f"at most half the faces may explode; on a d{sides}, explode on {lowest} "
                             f"or more at the lowest (!>={lowest}).")
        if explode[0] > sides:
            raise self.error(f"no face of a d{sides} is above {sides}, so nothing would explode; "
                             f"write 3d{sides}! to explode on {sides}.")
        if explode[0] < 2:
            raise self.error("every face would explode, so the dice would never stop; explode on higher faces.")

    def check_die(self, dice: Dice) -> None:
        """Refuses a reroll, min/max or count that could never apply to this die."""
        faces = dice.faces()
        name = die_short(dice)
        if dice.reroll:
            how, op, number = dice.reroll
            hit = [f for f in faces if passes(op, number, f)]
            if not hit:
                raise self.error(f"no face of a {name} is {condition(op, number)}, so {how}{number} would never "
                                 "reroll; check the number.")
            if how == "rr" and len(hit) == len(faces):
                raise self.error(f"every face of a {name} is {condition(op, number)}, so rr would reroll forever.")
        if dice.low is not None and dice.high is not None and dice.low > dice.high:
            raise self.error(f"min{dice.low} is above max{dice.high}, so no roll could fit between them.")
        if dice.count_if:
            self.check_count(dice)

    def check_count(self, dice: Dice) -> None:
        """Refuses counting dice that pass a test no single die can pass."""
        assert dice.count_if is not None
        op, number = dice.count_if
        if can_show(dice, op, number):
            return
        written = dice.text()
        base = written[: len(written) - len(f"{op}{number}")]
        also = f", or {quote(f'{base} vs {number}')} for “at least {number}”" if op == ">=" else ""
        raise self.error(
            f"no single {die_short(dice)} can show {condition(op, number)}, so counting such dice would always "
            f"give 0. To compare the total, put a space before the comparison: {quote(f'{base} {op} {number}')}"
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
