"""The calculators: id -> parameters -> function, and `evaluate`, the one way in.

Each game module declares its calculators as `Calculator` values in a tuple named
`CALCULATORS`; this module gathers them, from the modules named in `MODULES`, in that order (the
order of the Calculators page). The page script, the build and the tests all call
`evaluate(id, params)`, so validation happens in exactly one place.
"""

from __future__ import annotations

from importlib import import_module
from types import MappingProxyType
from typing import Any, Mapping

from calc.calculator import Calculator
from calc.errors import InputError
from calc.params import ChoiceParam

MAX_PARAMS = 32  # more keys than any calculator has: refuse before looking at them

# the modules under calc/ (dotted from calc) that declare calculators, in the order the Calculators page shows them
MODULES = (
    "seventh_sun.check", "roll_keep.check", "roll_keep.opposed", "roll_keep.initiative", "roll_keep.tn",
    "roll_keep.wounds", "roll_keep.attack", "roll_keep.fight", "roll_keep.horse_fall", "dice_pool.check", "expression",
)


def _gather(names: tuple[str, ...]) -> Mapping[str, Calculator]:
    table: dict[str, Calculator] = {}
    for name in names:
        for calculator in import_module(f"{__package__}.{name}").CALCULATORS:
            if calculator.id in table:
                raise RuntimeError(f"two calculators share the id {calculator.id!r}")
            table[calculator.id] = calculator
    return MappingProxyType(table)


CALCULATORS: Mapping[str, Calculator] = _gather(MODULES)


def parse_params(calculator: Calculator, params: Mapping[str, object]) -> dict[str, Any]:
    """Validate and convert raw params (objects or strings) for one calculator."""
    if not isinstance(params, Mapping):
        raise InputError("params", "params must be a mapping of parameter names to values.")
    if len(params) > MAX_PARAMS:
        raise InputError("params", f"too many parameters: {calculator.id} takes {len(calculator.params)}.")
    known = {p.name for p in calculator.params}
    for key in params:
        if key not in known:
            name = key if isinstance(key, str) and 0 < len(key) <= 24 and key.isprintable() else "(unknown)"
            raise InputError(
                name,
                f"{name} is not a parameter of {calculator.id}; it takes {', '.join(sorted(known))}.",
            )
    clean: dict[str, Any] = {}
    for p in calculator.params:
        if p.name in params:
            clean[p.name] = p.parse(params[p.name])
        elif p.required:
            raise p.missing()
        else:
            clean[p.name] = p.default
    for p in calculator.params:   # a choice its settings do not offer (a weapon the chosen rules do not list)
        if isinstance(p, ChoiceParam) and p.filtered_by and calculator.applies(p, clean):
            p.check_offered(clean, calculator.param(p.filtered_by))
    return clean


def get(calculator_id: object) -> Calculator:
    if not isinstance(calculator_id, str) or calculator_id not in CALCULATORS:
        raise InputError(
            "calculator", "calculator must be one of " + ", ".join(sorted(CALCULATORS)) + "."
        )
    return CALCULATORS[calculator_id]


def evaluate(calculator_id: str, params: Mapping[str, object]) -> dict[str, Any]:
    """Run one calculator on raw params; the result is JSON-ready.

    Raises:
        InputError: for an unknown calculator or any bad parameter, naming the field.
    """
    calculator = get(calculator_id)
    return calculator.compute(**parse_params(calculator, params))
