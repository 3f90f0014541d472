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
computed) and `words` (the reading in English). The `dice` calculator over it is `calc.expression`.
"""

from __future__ import annotations

from calc.dice.dist import Dist
from calc.dice.notation.estimate import cost, measure, outcomes
from calc.dice.notation.evaluation import chance, evaluate, evaluate_node
from calc.dice.notation.limits import (
    FIELD, LABEL, MAX_DEPTH, MAX_DICE, MAX_DIGITS, MAX_FACTOR, MAX_LENGTH, MAX_NUMBER, MAX_OUTCOMES, MAX_SECONDS,
    MAX_SIDES, MAX_TARGET, MAX_TERMS, MIN_SIDES, ExpressionError, quote,
)
from calc.dice.notation.parser import parse
from calc.dice.notation.tree import Const, Dice, Group, Node, RollKeep, Scale, Statement, Sum, canonical
from calc.dice.notation.words import reading, reading_notes

__all__ = [
    "FIELD", "LABEL", "MAX_DEPTH", "MAX_DICE", "MAX_DIGITS", "MAX_FACTOR", "MAX_LENGTH",
    "MAX_NUMBER", "MAX_OUTCOMES", "MAX_SECONDS", "MAX_SIDES", "MAX_TARGET", "MAX_TERMS", "MIN_SIDES", "Const",
    "Dice", "ExpressionError", "Group", "Node", "RollKeep", "Scale", "Statement", "Sum", "canonical", "cost",
    "chance", "distribution", "evaluate", "evaluate_node", "measure", "outcomes", "parse", "quote", "reading", "reading_notes",
]


def distribution(text: object, *, field: str = FIELD) -> Dist:
    """Parse and evaluate a dice expression's total in one step (any comparison is left aside)."""
    statement = parse(text, field=field)
    return evaluate(statement, text=str(text), field=field)
