"""A calculator's answer as a Roll: its distribution to draw from, and what each total means for the form.

`answer_draw(calculator, params, result)` gives the `calc.dice.draw.Draw` the page rolls (the worker's
mode "roll", codex_view.browser; and the build, for each calculator's built answer). The words for
a total are written here from the answer's own figures and the calculator's declaration: the TN and
the size of a Raise for a Roll & Keep roll, the margins of the degrees table for Seventh Sun, the
successes needed for a pool, the labels of the headlines for who wins; the page only fills in the
total. A calculator not named in `MEANINGS` is rolled with the total alone, under its distribution's
title.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from calc import Dist, data
from calc.calculator import Calculator
from calc.dice.draw import Band, Draw, draw_of
from calc.in_words import question_text
from calc.dice.notation import parse
from calc.dice.notation.evaluation import chance
from calc.roll_keep.vocabulary import RAISE

from .answer import Answer

Meaning = tuple[str, Sequence[Band]]   # the draw's label and its bands
TOTAL = "{total}"
DEGREE_ROWS = data.load("sun_degrees")["rows"]   # the margins of each degree of success


def titled(title: str, calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """`title` and, unless the form holds its defaults, the settings in words."""
    asked = question_text(calculator, params, result)
    return title if asked == "the default settings" else f"{title} ({asked})"


def headline(calculator: Calculator, key: str) -> str:
    """The label the calculator's declaration gives the figure `key`."""
    return next(h.label for h in calculator.headlines if h.key == key)


def against_tn(tn: int, who: str = "") -> list[Band]:
    """A Roll & Keep roll against `tn`: short of it, or meeting it with the raises to spare counted
    in steps of calc's Raise (a tie meets the TN: the reading the calculators follow, R-0045)."""
    meets = f"{TOTAL}: {who}meets TN {tn}"
    return [Band(None, f"{TOTAL}: {who}misses TN {tn}"),
            Band(tn, (f"{meets}, no raise to spare", f"{meets}, 1 raise to spare", f"{meets}, {{n}} raises to spare"),
                 RAISE)]


def successes_needed(need: int) -> list[Band]:
    """A pool's net successes against the `need` a roll must make."""
    needed = f"{need} success{'' if need == 1 else 'es'}"
    return [Band(None, f"{TOTAL}: short of the {needed} needed"), Band(need, f"{TOTAL}: meets the {needed} needed")]


def sides(below: str, level: str, above: str) -> list[Band]:
    """A difference of two totals: negative, nought, positive."""
    return [Band(None, f"{TOTAL}: {below}"), Band(0, f"{TOTAL}: {level}"), Band(1, f"{TOTAL}: {above}")]


def rk_check(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    return question_text(calculator, params, result), against_tn(result["target"])


def rk_opposed(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    return f"{result['distribution_title']}, B's roll aside", against_tn(result["a_tn"], "A ")


def rk_horse_fall(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    tn = result["tn"]
    return (f"{result['distribution_title']} ({result['roll']}) at the current wounds",
            [Band(None, f"{TOTAL}: misses TN {tn}, the rider falls"), Band(tn, f"{TOTAL}: meets TN {tn}, no fall")])


def rk_wounds(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    return (f"{result['distribution_title']} ({result['damage_dice']}), before the Wound Check",
            [Band(None, f"{TOTAL} damage")])


def wounds_dealt(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    return result["distribution_title"], [Band(0, (f"{TOTAL}: no wound", f"{TOTAL}: 1 wound", f"{TOTAL}: {{n}} wounds"), 1)]


def rk_fight(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    attacks = result["attacks"]
    return (f"The attack that takes him out of the fight, of {result['attacks_words']}",
            [Band(None, f"Out of the fight on attack {TOTAL}"),
             Band(attacks + 1, f"Still standing after all {result['attacks_words']}")])


def sun_check(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """A degree of success: the degrees table's margins from the target, with the answer's labels."""
    target, labels = result["target"], {d["key"]: d["label"] for d in result["degrees"]}
    rows = sorted(DEGREE_ROWS, key=lambda row: -10**9 if row["low"] is None else row["low"])
    bands = [Band(None if row["low"] is None else target + row["low"], f"{TOTAL} against {target}: {labels[row['key']]}")
             for row in rows]
    return question_text(calculator, params, result), bands


def sun_initiative(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """A − B: the headlines' labels, and who takes a tie (the answer counts it in A's or B's first)."""
    if result["undecided"] > 0:
        tie = "undecided (the players or the Narrator choose)"
    else:
        tie = headline(calculator, "a_first") if result["a_first"] > result["a_higher"] else "B acts first"
    return (titled(result["distribution_title"], calculator, params, result),
            sides(headline(calculator, "b_higher"), f"{headline(calculator, 'tie')}, {tie}", headline(calculator, "a_higher")))


def pool_check(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    title = titled(result["distribution_title"], calculator, params, result)
    if result.get("need") is None:   # opposed: A's net successes minus B's
        return title, sides(headline(calculator, "b_wins"), headline(calculator, "tie"), "The attacker wins")
    return title, successes_needed(result["need"])


def dice(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
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


MEANINGS: dict[str, Callable[[Calculator, Mapping[str, Any], Mapping[str, Any]], Meaning]] = {
    "rk-check": rk_check, "rk-opposed": rk_opposed, "rk-horse-fall": rk_horse_fall, "rk-wounds": rk_wounds,
    "rk-attack": wounds_dealt, "rk-fight": rk_fight, "sun-check": sun_check, "sun-initiative": sun_initiative,
    "pool-check": pool_check, "dice": dice,
}


def draw_label(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """What the Roll of one answer draws, in words: its draw's label (a chart's Roll is named for it)."""
    meaning = MEANINGS.get(calculator.id)
    if meaning is None:
        distribution = Answer.of(calculator, result).distribution
        return distribution.title if distribution else ""
    return meaning(calculator, params, result)[0]


def answer_draw(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Draw | None:
    """The Roll of one answer (validated `params`, the `result` calc gave for them), or None when the
    answer has no distribution to roll."""
    distribution = Answer.of(calculator, result).distribution
    if distribution is None:
        return None
    meaning = MEANINGS.get(calculator.id)
    if meaning is None:
        label, bands = distribution.title, ()
    else:
        label, bands = meaning(calculator, params, result)
    return draw_of(distribution.pmf, label, bands, tail=distribution.tail)


__all__ = ["MEANINGS", "TOTAL", "against_tn", "answer_draw", "draw_label", "successes_needed"]
