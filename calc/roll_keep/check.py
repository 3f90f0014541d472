"""The Roll & Keep basic roll (`rk-check`): XkY on exploding d10s against a TN, and the raises it affords."""

from __future__ import annotations

from typing import Any, Mapping

from calc.calculator import Calculator, Headline
from calc.in_words import question_text
from calc.meaning import Meaning
from calc.dice.dist import Dist
from calc.params import BoolParam, IntParam
from calc.roll_keep.exchange import TIES_RULING, Roll, raise_words, tn_with_raises
from calc.roll_keep.rules import RANK_TN, Reach, meets
from calc.roll_keep.vocabulary import MAX_TN, against_tn, dice_titles, result_table, roll_fields, tail_note
from calc.wording import percent, plural

TABLE_FLOOR = 0.0005  # the raises table stops once the chance falls below this
TABLE_LAST = 60  # and never runs past this many raises
TABLE_FIRST = 5  # it shows at least this many raises ...
TABLE_PAST = 2  # ... and this many past the most the threshold affords
DICE = roll_fields(5, 3, "roll")


def most_raises(dist: Dist, tn: int, threshold: int, rolled: int, kept: int, explode: bool) -> int | None:
    """The most raises callable with the chance still at or above `threshold` percent (None: not even 0).

    The chance falls as raises rise, so the first raise that misses the threshold ends the count.
    """
    found: int | None = None
    n = 0
    while meets(dist, tn_with_raises(tn, n), threshold, rolled, kept, explode) and tn_with_raises(tn, n - 1) <= dist.max:
        found = n
        n += 1
    return found


def raise_rows(dist: Dist | Reach, tn: int, raises: int, max_raises: int | None) -> list[tuple[int, int, float]]:
    """(raises, TN, chance) from no raises on, past the ones that matter, until the chance is tiny."""
    rows = []
    last = max(TABLE_FIRST, (max_raises or 0) + TABLE_PAST, raises)
    for n in range(0, min(last, TABLE_LAST) + 1):
        p = dist.at_least(tn_with_raises(tn, n))
        rows.append((n, tn_with_raises(tn, n), p))
        if p < TABLE_FLOOR and n >= max(raises, (max_raises or 0) + 1):
            break
    return rows


def check_notes(*, tn: int, threshold: int, max_raises: int | None, explode: bool) -> list[str]:
    """What the raises table means, in sentences, after the dice's own notes."""
    notes = []
    if not explode:
        notes.append(
            "Dice do not explode: under the house rules a Crippled character's Finesse rolls never "
            "explode (Physical Wound Checks and Damage Rolls still do)."
        )
    if max_raises is None:
        notes.append(f"Even with no raises the chance is below {threshold}%.")
    elif max_raises == 0:
        notes.append(f"Only with no raises is the chance at least {threshold}%; one raise takes it below.")
    else:
        notes.append(
            f"You can call up to {plural(max_raises, 'raise')} and keep at least a "
            f"{threshold}% chance (TN {tn_with_raises(tn, max_raises)})."
        )
    notes.append(f"A roll succeeds when it meets or beats the TN (the Codex's reading of ties, {TIES_RULING}).")
    return notes


def check(
    *,
    rolled: int,
    kept: int,
    tn: int,
    raises: int,
    explode: bool,
    threshold: int,
    stat: int | None,
    skill: int | None,
) -> dict[str, Any]:
    """The basic roll (seed 001): XkY on exploding d10s against TN + 5 per raise."""
    roll = Roll.read(rolled, kept, stat, skill, titles=dice_titles(DICE), explode=explode)
    rolled, kept, notes, dist = roll.rolled, roll.kept, list(roll.notes), roll.dist
    max_raises = most_raises(dist, tn, threshold, rolled, kept, explode)
    reach = Reach(dist, rolled, kept, explode)   # a TN past the followed explosions keeps its chance
    rows = raise_rows(reach, tn, raises, max_raises)
    notes += check_notes(tn=tn, threshold=threshold, max_raises=max_raises, explode=explode)
    notes += tail_note(dist)
    bounded = [t for _, t, _ in rows if reach.bounded(t)]
    if bounded:
        notes.append(f"TN {bounded[0]} and above lie past where the exploding dice were followed: the chance "
                     "shown there is a lower bound (every kept die reaching its share of the TN), never 0.")
    return {
        "roll": str(roll),
        "rolled": rolled,
        "kept": kept,
        "target": tn_with_raises(tn, raises),
        "chance": reach.at_least(tn_with_raises(tn, raises)),
        "mean": dist.mean(),
        "distribution": dist.pmf(),
        "distribution_tail": dist.tail,   # what the truncated explosions left out (a Roll says it)
        "raises": [[n, p] for n, _, p in rows],
        "max_raises": max_raises,
        "threshold": threshold,
        "no_raises": percent(rows[0][2]),   # the chance with no raises, as the headline names it
        "tables": [result_table(
            "raises", f"Chance of success by raises called ({roll} against TN {tn})",
            (("Raises", "integer"), ("TN", "integer"), ("Chance", "percent")),
            [{"cells": [n, t, p], "mark": n == max_raises} for n, t, p in rows],
        )],
        "notes": notes,
    }


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The roll in words: "5k3 against TN 20 with 2 raises, exploding tens"."""
    text = f"{result.get('roll', '')} against TN {params['tn']}"
    if params.get("raises"):
        text += f" with {plural(params['raises'], 'raise')}"
    return text + (", exploding tens" if params.get("explode", True) else ", tens do not explode")


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """A total against the TN, with the raises it leaves to spare."""
    return question_text(calculator, params, result), against_tn(result["target"])


CALCULATORS = (
    Calculator(
        id="rk-check",
        title="Roll & Keep odds",
        rule="rk/basics.md#rk-basic-roll",
        summary="Chance that XkY on exploding d10s meets the TN, and how many raises you can afford.",
        params=(
            *DICE,
            IntParam("tn", "Target number", 20, minimum=0, maximum=MAX_TN,
                     help=f"The TN before raises, for example (Defense Knack + 1) x {RANK_TN}."),
            IntParam("raises", "Raises called", 0, minimum=0, maximum=20, required=False,
                     help=f"Each raise {raise_words()}."),
            BoolParam("explode", "Tens explode", True, required=False, more=True,
                      help="Untick for a Crippled character's Finesse roll (house rules): no die explodes."),
            IntParam("threshold", "Threshold for raises (%)", 50, minimum=1, maximum=100, required=False, more=True, unit="%",
                     help="The most raises you can call while the chance stays at or above this."),
        ),
        compute=check,
        marked_rows=(("raises", "most raises"),),
        headlines=(
            Headline("chance", "Chance of success ({roll} against TN {target})"),
            Headline("max_raises", "Raises you can call at a {threshold}% chance or better", "integer",
                     missing="none at {threshold}% (with no raises: {no_raises})"),
            Headline("mean", "Average total", "number"),
        ),
        question=question,
        meaning=meaning,
        says=("rolled", "kept", "stat", "skill", "tn", "raises", "explode"),
    ),
)

__all__ = ["CALCULATORS", "check", "check_notes", "most_raises", "question", "raise_rows"]
