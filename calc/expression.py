"""The `dice` calculator: any dice expression, read by `calc.dice.notation`, and the chance of its comparison."""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import Calculator, Headline
from calc.dice.dist import Dist
from calc.dice.draw import Band
from calc.meaning import TOTAL, Meaning
from calc.errors import InputError
from calc.params import IntParam, TextParam
from calc.wording import left_out_note
from calc.dice.notation import (
    FIELD, LABEL, MAX_LENGTH, MAX_SECONDS, canonical, chance, cost, evaluate, parse, quote, reading, reading_notes,
)

__all__ = ["CALCULATORS", "budget_share", "dice"]


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
    result["notes"] += left_out_note(total.tail)
    return result


def budget_share(params: Any) -> float:
    """The share of the time budget (`MAX_SECONDS`) a validated `dice` request would use."""
    return cost(parse(params["expr"])) / MAX_SECONDS


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """A dice expression's total, and whether its comparison (or the target) holds, as calc decides it."""
    label = result["expression"] + (f" against {result['target']}" if params.get("target") is not None else "")
    statement = parse(params["expr"])
    compare = statement.compare or ((">=", result["target"]) if result.get("target") is not None else None)
    if compare is None:
        return label, ()
    op, number = compare
    bands: list[Band] = []
    for low in (None, number, number + 1):   # every comparison changes its answer only at these totals
        holds = chance(Dist.from_weights({number - 1 if low is None else low: 1}), op, number) == 1
        say = f"{TOTAL}: {op} {number} {'holds' if holds else 'fails'}"
        if not bands or bands[-1].say != say:
            bands.append(Band(low, say))
    return label, bands


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
        meaning=meaning,
        named=("expr", "target"),
    ),
)
