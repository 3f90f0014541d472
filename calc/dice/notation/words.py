"""A parsed dice expression read back in English, and the notes on the Codex's readings."""

from __future__ import annotations

from calc.dice.notation.tree import Const, Dice, Group, Node, RollKeep, Scale, Statement, Sum, passes

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                 "twenty")


def _word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def signed(n: int) -> str:
    """A whole number with a true minus sign when negative."""
    return f"−{-n}" if n < 0 else str(n)


def die_short(dice: Dice) -> str:
    """The die's short name: "d6", "d%" or "Fudge die"."""
    return {"percent": "d%", "fudge": "Fudge die"}.get(dice.kind, f"d{dice.sides}")


def condition(op: str, number: int) -> str:
    """What a value must be to meet `op number`, as in "6 or more"."""
    n = signed(number)
    return {">=": f"{n} or more", "vs": f"{n} or more", ">": f"more than {n}", "<=": f"{n} or less",
            "<": f"less than {n}", "=": f"exactly {n}"}[op]


def _faces_words(faces: list[int]) -> str:
    shown = [signed(f) for f in faces]
    if len(shown) == 1:
        return f"a {shown[0]}"
    if len(shown) == 2:
        return f"{shown[0]} or {shown[1]}"
    if faces == list(range(faces[0], faces[-1] + 1)):
        return f"{shown[0]} to {shown[-1]}"
    return ", ".join(shown[:-1]) + f" or {shown[-1]}"


def _modifier_words(dice: Dice) -> str:
    n = dice.count
    faces = dice.faces()
    out = ""
    if dice.explode is not None:
        exploding = [f for f in faces if f >= dice.explode]
        out += f", {'a die' if n > 1 else 'the die'} showing {_faces_words(exploding)} rolls again and adds"
        if dice.explode_op == ">":
            out += f" (!>{dice.explode - 1} read as above {dice.explode - 1})"
    if dice.reroll:
        how, op, number = dice.reroll
        hit = _faces_words([f for f in faces if passes(op, number, f)])
        if how == "rr":
            out += f", rerolling {hit} until the die shows something else"
        else:
            out += f", rerolling {hit} once (the new roll stands)"
            if how == "r":
                out = out[:-1] + ", as the Codex reads a bare r)"
    if dice.low is not None:
        out += f", any die below {signed(dice.low)} counting as {signed(dice.low)}"
    if dice.high is not None:
        out += f", any die above {signed(dice.high)} counting as {signed(dice.high)}"
    if dice.keep and dice.keep[1] < n:
        side, kept, written = dice.keep
        which = "highest" if side == "h" else "lowest"
        if written in ("dl", "dh"):
            out += f", drop the {'lowest' if side == 'h' else 'highest'} {_word(n - kept)} (keep the {which} {_word(kept)})"
        else:
            out += f", keep the {which} {_word(kept)}"
    if dice.count_if:
        out += f", counting the dice that show {condition(*dice.count_if)}"
    return out


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
    return out + _modifier_words(dice)


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


def reading_notes(node: Node) -> list[str]:
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


def _comparison_words(op: str, number: int) -> str:
    n = signed(number)
    return {">=": f"at least {n}", "vs": f"at least {n}", ">": f"more than {n}", "<=": f"at most {n}",
            "<": f"less than {n}", "=": f"exactly {n}"}[op]


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
        out += f", at least {signed(target)} (the target)"
    return out
