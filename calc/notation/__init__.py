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

The package, by concern: `tree` (the nodes and their canonical text), `parser` (the grammar
and its refusals), `limits` (the caps), `die` (one die as a distribution), `evaluation` (the
distribution of a tree), `estimate` (its cost and number of totals, before anything is
computed) and `words` (the reading in English). This module holds the `dice` calculator.
"""

from __future__ import annotations

from typing import Any

from ..calculator import Calculator, Headline
from ..dist import Dist
from ..errors import InputError
from ..params import IntParam, TextParam
from .estimate import cost, measure, outcomes
from .evaluation import chance, evaluate, evaluate_node
from .limits import (
    FIELD, LABEL, MAX_DEPTH, MAX_DICE, MAX_DIGITS, MAX_FACTOR, MAX_LENGTH, MAX_NUMBER, MAX_OUTCOMES, MAX_SECONDS,
    MAX_SIDES, MAX_TARGET, MAX_TERMS, MIN_SIDES, ExpressionError, quote,
)
from .parser import parse
from .tree import Const, Dice, Group, Node, RollKeep, Scale, Statement, Sum, canonical
from .words import reading, reading_notes

__all__ = [
    "CALCULATORS", "FIELD", "LABEL", "MAX_DEPTH", "MAX_DICE", "MAX_DIGITS", "MAX_FACTOR", "MAX_LENGTH",
    "MAX_NUMBER", "MAX_OUTCOMES", "MAX_SECONDS", "MAX_SIDES", "MAX_TARGET", "MAX_TERMS", "MIN_SIDES", "Const",
    "Dice", "ExpressionError", "Group", "Node", "RollKeep", "Scale", "Statement", "Sum", "canonical", "cost",
    "dice", "distribution", "evaluate", "evaluate_node", "measure", "outcomes", "parse", "reading",
]


def distribution(text: object, *, field: str = FIELD) -> Dist:
    """Parse and evaluate a dice expression's total in one step (any comparison is left aside)."""
    statement = parse(text, field=field)
    return evaluate(statement, text=str(text), field=field)


def dice(*, expr: str, target: int | None) -> dict[str, Any]:
    """The `dice` calculator: the distribution of any dice expression, and the chance of its comparison."""
    statement = parse(expr)
    if statement.compare and target is not None:
        raise InputError("target", f"Target (optional) must be left empty when the {LABEL} has its own "
                                   f"comparison ({quote(statement.text())}); remove one of the two.")
    total = evaluate(statement, text=expr)
    compare = statement.compare or ((">=", target) if target is not None else None)
    result: dict[str, Any] = {
        "expression": canonical(statement),
        "reading": reading(statement, target),
        "mean": total.mean(),
        "distribution": total.pmf(),
        "distribution_tail": total.tail,
        "chance": None if compare is None else chance(total, *compare),
        "target": None if compare is None else compare[1],
        "notes": reading_notes(statement.expr),
    }
    if total.tail > 0:
        result["notes"].append(
            "Exploding dice are followed until less than one chance in ten trillion is left; "
            f"the probability left out is {total.tail:.1e}."
        )
    return result


def budget_share(params: Any) -> float:
    """The share of the time budget (`MAX_SECONDS`) a validated `dice` request would use."""
    return cost(parse(params["expr"])) / MAX_SECONDS


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
        headlines=(Headline("chance", "Chance the comparison holds"),
                   Headline("mean", "Average total", "number", better="")),   # a bigger total is no better in itself
        budget=(FIELD, budget_share),
    ),
)
