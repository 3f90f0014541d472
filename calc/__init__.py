"""Exact odds for the Seventh Sun Codex: one engine for the site build, the browser and the tests.

The public API is small: `evaluate(calculator_id, params)` runs a calculator on raw
parameters (strings from a URL are fine), `CALCULATORS` describes every calculator, and
`InputError` is the only exception bad input raises.
"""

from calc.calculator import Calculator
from calc.dice.dist import Dist
from calc.errors import InputError
from calc.registry import CALCULATORS, evaluate
from calc.question import Question

__all__ = ["CALCULATORS", "Calculator", "Dist", "InputError", "Question", "evaluate"]
__version__ = "0.1.0"
