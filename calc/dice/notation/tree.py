"""The syntax tree of a dice expression, its canonical text, and what each comparison means.

Every node is an immutable value with a `text()` that writes it back in canonical notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


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


def constant(node: Node) -> int | None:
    """The value of a node made of numbers alone (no dice), or None when it holds dice."""
    if isinstance(node, Const):
        return node.value
    if isinstance(node, Group):
        return constant(node.inner)
    if isinstance(node, Scale):
        inner = constant(node.inner)
        if inner is None:
            return None
        return inner * node.factor if node.op == "*" else inner // node.factor
    if isinstance(node, Sum):
        values = [constant(part) for _, part in node.parts]
        if any(v is None for v in values):
            return None
        return sum(sign * v for (sign, _), v in zip(node.parts, values) if v is not None)
    return None


def passes(op: str, number: int, x: int) -> bool:
    """Whether the value x meets the comparison `op number` ("vs" means at least)."""
    if op in (">=", "vs"):
        return x >= number
    if op == ">":
        return x > number
    if op == "<=":
        return x <= number
    if op == "<":
        return x < number
    return x == number
