"""Seventh Sun: the basic roll (3d6 + Attribute + Skill against a target number) and initiative (rules: docs/sun/)."""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping

from calc import data
from calc.calculator import Calculator, Headline
from calc.dice.draw import Band
from calc.in_words import question_text
from calc.meaning import TOTAL, Meaning, headline, sides, titled
from calc.dice.dist import Dist, split_weights
from calc.dice.keep import keep_highest, keep_lowest
from calc.params import ChoiceParam, IntParam

# Margin = total - target. The bands of the Degrees rule (core rules) as the Codex reads them
# (thresholds): calc/data/sun_degrees.json, which the rules page quotes too.
_DEGREE_ROWS = data.load("sun_degrees")["rows"]


def _band(low: int | None, high: int | None) -> str:
    """A band's margins in words: "margin 5 to 9", "margin 10+", "short by 1 to 4", "short by 10+"."""
    if high is not None and high < 0:
        return f"short by {-high}+" if low is None else f"short by {-high} to {-low}"
    return f"margin {low}+" if high is None else f"margin {low} to {high}"


DEGREES: tuple[tuple[str, str, int | None, int | None], ...] = tuple(
    (row["key"], f"{row['name']} ({_band(row['low'], row['high'])})", row["low"], row["high"])
    for row in _DEGREE_ROWS
)

DEGREES_RULING = "R-0003"  # margins of 5 and 10 are thresholds: 5 to 9, and 10 or more
DEGREES_NOTE = (
    "The bands read the rules' margins of 5 and 10 as thresholds: 5 to 9 is strong, 10 or more "
    f"exceptional, and meeting the target number succeeds by 0 (the Codex's reading, {DEGREES_RULING})."
)

DIE_CHOICES = (("none", "No extra die"), ("bonus", "Bonus die"), ("penalty", "Penalty die"))


@cache
def roll(die: str = "none") -> Dist:
    """The dice of the basic roll: 3d6, or 4d6 keeping the highest (bonus) or lowest (penalty) 3."""
    d6 = Dist.die(6)
    if die == "bonus":
        return keep_highest(d6, 4, 3)
    if die == "penalty":
        return keep_lowest(d6, 4, 3)
    return d6.repeat(3)


def degrees(total: Dist, target: int) -> list[dict[str, Any]]:
    """P(each degree band) for a total against a target, best first."""
    out = []
    for key, label, low, high in DEGREES:
        lo = None if low is None else target + low
        hi = None if high is None else target + high
        out.append({"key": key, "label": label, "probability": total.between(lo, hi)})
    return out


def initiative(
    *, a: int, b: int, a_agility: int | None, b_agility: int | None
) -> dict[str, Any]:
    """Who acts first: 3d6 + Initiative for each side, ties to the higher Agility (combat rules).

    `a_first` counts A's higher totals and the ties A's higher Agility breaks; ties that
    Agility does not break (equal or unknown) are `undecided`: the players order their heroes
    and the Narrator everyone else.
    """
    margin = roll() + a - (roll() + b)
    ahead, level, behind = split_weights(margin)
    known = a_agility is not None and b_agility is not None
    a_breaks = known and a_agility > b_agility  # type: ignore[operator]
    b_breaks = known and b_agility > a_agility  # type: ignore[operator]
    total = margin.total
    notes = []
    if a_breaks or b_breaks:
        winner = "A" if a_breaks else "B"
        notes.append(f"A tie goes to the higher Agility: {winner} ({a_agility} against {b_agility}).")
    else:
        why = "equal" if known else "not given"
        notes.append(
            f"Agility cannot break a tie here ({why}): the players decide for their own heroes, "
            "the Narrator for all other participants. \"A acts first\" counts none of those ties; "
            "they are shown as undecided."
        )
    return {
        "a_first": (ahead + (level if a_breaks else 0)) / total,
        "b_first": (behind + (level if b_breaks else 0)) / total,
        "undecided": 0.0 if (a_breaks or b_breaks) else level / total,
        "a_higher": ahead / total,
        "tie": level / total,
        "b_higher": behind / total,
        "mean": margin.mean(),
        "distribution": margin.pmf(),
        "distribution_title": "A's total minus B's total",
        "notes": notes,
    }


def check(*, bonus: int, target: int, die: str) -> dict[str, Any]:
    """The basic roll: P(3d6 (+ bonus/penalty die) + bonus >= target), with degrees."""
    total = roll(die) + bonus
    return {
        "chance": total.at_least(target),
        "mean": total.mean(),
        "distribution": total.pmf(),
        "degrees": degrees(total, target),
        "target": target,
        "notes": [DEGREES_NOTE],
    }


def check_question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The basic roll in words: "3d6 + 5 against target 15, bonus die"."""
    text = f"3d6 + {params['bonus']} against target {params['target']}"
    if params.get("die", "none") != "none":
        text += f", {dict(DIE_CHOICES).get(params['die'], str(params['die'])).lower()}"
    return text


def check_meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """A degree of success: the degrees table's margins from the target, with the answer's labels."""
    target, labels = result["target"], {d["key"]: d["label"] for d in result["degrees"]}
    rows = sorted(_DEGREE_ROWS, key=lambda row: -10**9 if row["low"] is None else row["low"])
    bands = [Band(None if row["low"] is None else target + row["low"], f"{TOTAL} against {target}: {labels[row['key']]}")
             for row in rows]
    return question_text(calculator, params, result), bands


def initiative_meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """A - B: the headlines' labels, and who takes a tie (the answer counts it in A's or B's first)."""
    if result["undecided"] > 0:
        tie = "undecided (the players or the Narrator choose)"
    else:
        tie = headline(calculator, "a_first") if result["a_first"] > result["a_higher"] else "B acts first"
    return (titled(result["distribution_title"], calculator, params, result),
            sides(headline(calculator, "b_higher"), f"{headline(calculator, 'tie')}, {tie}", headline(calculator, "a_higher")))


CALCULATORS = (
    Calculator(
        id="sun-check",
        title="Basic roll odds",
        rule="sun/rules.md#sun-basic-roll",
        summary="Chance that 3d6 + Attribute + Skill meets the target number, and how well.",
        params=(
            IntParam("bonus", "Attribute + Skill", 5, minimum=-20, maximum=40,
                     help="The Attribute and the Skill rating, added to the 3d6. A circumstance never adds or "
                          "takes away a flat number: it gives a bonus or penalty die (below)."),
            IntParam("target", "Target number", 15, minimum=1, maximum=80,
                     help="A Difficulty, Defense or Resistance."),
            ChoiceParam("die", "Bonus or penalty die", "none", choices=DIE_CHOICES, required=False,
                        help="At most one: a bonus die keeps the best 3 of 4d6, a penalty die the worst 3."),
        ),
        compute=check,
        headlines=(Headline("chance", "Chance of success"), Headline("mean", "Average total", "number")),
        question=check_question,
        meaning=check_meaning,
        says=("bonus", "target", "die"),
    ),
    Calculator(
        id="sun-initiative",
        title="Initiative: who acts first",
        rule="sun/combat.md#sun-initiative",
        summary="Chance that A acts before B when both roll 3d6 + Initiative, ties going to the higher Agility.",
        params=(
            IntParam("a", "A's Initiative", 3, minimum=-20, maximum=40, hero="initiative", help="Added to A's 3d6."),
            IntParam("b", "B's Initiative", 2, minimum=-20, maximum=40, help="Added to B's 3d6."),
            IntParam("a_agility", "A's Agility", None, minimum=-20, maximum=40, optional=True, required=False, hero="agility",
                     help="Breaks a tie; leave blank if unknown."),
            IntParam("b_agility", "B's Agility", None, minimum=-20, maximum=40, optional=True, required=False,
                     help="Breaks a tie; leave blank if unknown."),
        ),
        compute=initiative,
        headlines=(
            Headline("a_first", "A acts first"),
            Headline("a_higher", "A's total higher"),
            Headline("tie", "Totals tie"),
            Headline("b_higher", "B's total higher"),
        ),
        meaning=initiative_meaning,
        named=("a", "b"),
    ),
)
