"""The caps on a dice expression, and the one refusal every part of the notation raises.

Caps keep every answer well under a second: `MAX_DICE` dice in all, `MIN_SIDES` to
`MAX_SIDES` sides, `MAX_TERMS` terms, numbers up to `MAX_NUMBER`, factors up to `MAX_FACTOR`,
at most `MAX_OUTCOMES` possible totals, and a time budget (`MAX_SECONDS`) estimated before
anything is computed (calc.dice.notation.estimate).
"""

from __future__ import annotations

from calc.errors import InputError

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
# Budget in estimated seconds on the reference machine (see calc.dice.notation.estimate): the largest
# accepted expression evaluates in well under 1 s.
MAX_SECONDS = 0.4


class ExpressionError(InputError):
    """A dice expression that cannot be read, or is out of range.

    Attributes:
        text: the expression as given.
        incomplete: True when the expression only stops too soon (more typing may fix it).
        costly: True when it reads well but is too much work to answer here (the caps on time and totals).
    """

    def __init__(self, text: str, message: str, *, incomplete: bool = False, field: str = FIELD,
                 costly: bool = False) -> None:
        self.text = text
        self.incomplete = incomplete
        self.costly = costly
        super().__init__(field, message, quoted=f" {quote(text)}")


def quote(text: str) -> str:
    """Text set in curly quotes, as every message shows the reader's own writing."""
    return f"“{text}”"
