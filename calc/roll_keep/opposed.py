"""Roll & Keep opposed tests (`rk-opposed`, docs/rk/basics.md#rk-opposed-tests).

Summary rules: each side rolls (2 x stat) k (skill) against a TN of the OTHER side's
(stat + skill) x 5. One side alone succeeding wins; both succeeding, the higher roll wins;
both failing keeps things as they were. The two rolls are independent, so every answer is a
sum over the joint outcomes of two distributions (no simulation).

Readings (calc/data/rulings.json): a both-succeed tie (`TIE_RULING`), knacks written as one
roll against another (`KNACK_RULING`), a total equal to its TN succeeding (R-0045), more dice
kept than rolled (R-0050).
"""

from __future__ import annotations

from math import fsum
from typing import Any, Mapping

from calc import data
from calc.calculator import Calculator, Headline
from calc.meaning import Meaning
from calc.dice.dist import Dist, clip01
from calc.errors import InputError
from calc.params import BoolParam, ChoiceParam, IntParam
from calc.roll_keep.exchange import TIES_RULING, Roll, raise_words, rank_tn, tn_with_raises
from calc.roll_keep.rules import RANK_TN, STAT_DICE
from calc.roll_keep.vocabulary import MAX_DICE, MAX_RAISES, RAISE, against_tn, result_table, tail_note
from calc.wording import count_words, times_words, xky

TIE_RULING = "R-0056"  # both succeed with equal totals: a tie, neither side wins
KNACK_RULING = "R-0057"  # "roll X vs his Y" knacks are opposed tests
MAX_STAT = MAX_DICE // STAT_DICE
DISARM_HOLD = data.load("rk_numbers")["disarm_hold_raises"]  # raises on a Disarm that may leave A holding the weapon

# What each side rolls in the knacks the sources write as one roll against another:
# (A's stat, A's skill, B's stat, B's skill, what A winning does, what anything else means)
CONTESTS: dict[str, tuple[str, str, str, str, str, str]] = {
    "plain": ("stat", "skill", "stat", "skill", "A gets his way", "B gets his way, or nothing changes"),
    "disarm": ("Brawn", "Disarm", "Brawn", "Attack", "B's weapon is knocked away",
               "B keeps his weapon"),
    "bind": ("Brawn", "Parry", "Brawn", "Bind", "A pulls his weapon free of the Bind",
             "A's weapon stays bound"),
}
CONTEST_CHOICES = (
    ("plain", "Any opposed test"),
    ("disarm", "Disarm: A disarms B after B's attack missed"),
    ("bind", "Freeing a Bind: A pulls free, B holds the Bind"),
)


def _side_dice(stat: int, skill: int, rolled: int | None, kept: int | None, side: str,
               explode: bool) -> tuple[Roll, list[str]]:
    """A side's roll: its STAT + SKILL test (`Roll.test`), unless both dice fields are given."""
    notes: list[str] = []
    if (rolled is None) != (kept is None):
        name = f"{side.lower()}_kept" if kept is None else f"{side.lower()}_rolled"
        what = "kept" if kept is None else "rolled"
        raise InputError(name, f"{side}'s dice {what} is needed too: give both dice fields for {side}, "
                               f"or leave both blank to roll {times_words(STAT_DICE)} the stat and keep the skill.")
    if rolled is None or kept is None:
        roll = Roll.test(stat, skill, explode=explode)
    else:
        roll = Roll.of(rolled, kept, explode=explode)
        notes.append(f"{side} rolls {xky(rolled, kept)} as typed, in place of {xky(STAT_DICE * stat, skill)}; "
                     f"the TN {side} sets for the other side still comes from the stat and the skill.")
    return roll, notes + [f"{side}'s roll: {note}" for note in roll.notes]


def outcomes(a: Dist, b: Dist, a_tn: int, b_tn: int) -> dict[str, float]:
    """The four outcomes of an opposed test between independent rolls `a` and `b`.

    Returns a_wins, b_wins, tie (both succeed with equal totals) and status_quo (both fail);
    a roll equal to its TN succeeds.
    """
    a_fails, b_fails = a.below(a_tn), b.below(b_tn)
    a_alone = a.at_least(a_tn) * b_fails
    b_alone = b.at_least(b_tn) * a_fails
    b_probs, a_probs = b.probabilities(), a.probabilities()

    def b_between(lo: int, hi: int) -> float:  # P(lo <= b <= hi)
        start, end = max(0, lo - b.offset), min(len(b_probs), hi - b.offset + 1)
        return fsum(b_probs[start:end]) if end > start else 0.0

    a_higher, level = [], []
    for i, p in enumerate(a_probs):
        value = a.offset + i
        if p and value >= a_tn:
            a_higher.append(p * b_between(b_tn, value - 1))
            if value >= b_tn:
                level.append(p * b.probability(value))
    tie = clip01(fsum(level))
    a_wins = clip01(a_alone + fsum(a_higher))
    both = clip01(a.at_least(a_tn) * b.at_least(b_tn))
    b_higher = max(0.0, both - fsum(a_higher) - tie)
    return {
        "a_wins": a_wins,
        "b_wins": clip01(b_alone + b_higher),
        "tie": tie,
        "status_quo": clip01(a_fails * b_fails),
        "a_succeeds": a.at_least(a_tn),
        "b_succeeds": b.at_least(b_tn),
    }


def _outcome_rows(out: Mapping[str, float], contest_id: str) -> list[dict[str, Any]]:
    _, _, _, _, a_does, other = CONTESTS[contest_id]
    rows = [
        {"cells": ["A wins" + ("" if contest_id == "plain" else f": {a_does}"), out["a_wins"]]},
        {"cells": ["B wins", out["b_wins"]]},
        {"cells": ["Both succeed with the same total (a tie)", out["tie"]]},
        {"cells": ["Both fail: nothing changes", out["status_quo"]]},
    ]
    if contest_id != "plain":
        rows.append({"cells": ["Any other outcome: " + other, clip01(1.0 - out["a_wins"])]})
    return rows


def opposed_notes(*, contest: str, sides: tuple[tuple[Any, ...], tuple[Any, ...]]) -> list[str]:
    """How each side's TN is made, how the contest is settled, and what a knack's contest means.

    `sides`: for A then B, (dice rolled, kept, TN, stat, skill, raises, explode)."""
    (ar, ak, a_tn, a_stat, a_skill, a_raises, a_explode), (br, bk, b_tn, b_stat, b_skill, b_raises, b_explode) = sides
    a_stat_name, a_skill_name, b_stat_name, b_skill_name, a_does, _ = CONTESTS[contest]
    notes = [
        f"A rolls {xky(ar, ak)} against TN {a_tn}: ({b_stat} + {b_skill}) x {RANK_TN}, B's {b_stat_name} and "
        f"{b_skill_name}" + (f", plus {a_raises} x {RAISE} for raises" if a_raises else "") + ". "
        f"B rolls {xky(br, bk)} against TN {b_tn}: ({a_stat} + {a_skill}) x {RANK_TN}, from A's side"
        + (f", plus {b_raises} x {RAISE} for raises" if b_raises else "") + ".",
        "If only one side reaches its TN, that side wins; if both do, the higher total wins; if neither "
        f"does, things stay as they were. A total equal to its TN reaches it ({TIES_RULING}).",
        f"Both sides reaching their TNs with the same total is a tie that the rules do not settle: the "
        f"Codex counts it for neither side and shows it apart ({TIE_RULING}).",
    ]
    if contest != "plain":
        notes.append(
            f"A rolls {a_stat_name} + {a_skill_name} and B rolls {b_stat_name} + {b_skill_name}. The Codex "
            f"plays this as an opposed test ({KNACK_RULING}); when A wins, {a_does}."
        )
    if contest == "disarm":
        notes.append(f"With {count_words(DISARM_HOLD)} raises on the Disarm roll, A may end up holding the weapon: set A's raises "
                     f"to {DISARM_HOLD} for the chance of that.")
    if not (a_explode and b_explode):
        who = "Neither side's" if not (a_explode or b_explode) else ("A's" if not a_explode else "B's")
        notes.append(f"{who} dice explode.")
    return notes


def opposed(
    *,
    contest: str,
    a_stat: int,
    a_skill: int,
    b_stat: int,
    b_skill: int,
    a_rolled: int | None,
    a_kept: int | None,
    b_rolled: int | None,
    b_kept: int | None,
    a_raises: int,
    b_raises: int,
    a_explode: bool,
    b_explode: bool,
) -> dict[str, Any]:
    """P(A wins), P(B wins), P(tie), P(both fail) for an opposed test (summary rules)."""
    a_roll, notes = _side_dice(a_stat, a_skill, a_rolled, a_kept, "A", a_explode)
    b_roll, b_notes = _side_dice(b_stat, b_skill, b_rolled, b_kept, "B", b_explode)
    notes.extend(b_notes)
    (ar, ak), (br, bk) = (a_roll.rolled, a_roll.kept), (b_roll.rolled, b_roll.kept)
    a_tn = tn_with_raises(rank_tn(b_stat + b_skill), a_raises)
    b_tn = tn_with_raises(rank_tn(a_stat + a_skill), b_raises)
    a_dist, b_dist = a_roll.dist, b_roll.dist
    out = outcomes(a_dist, b_dist, a_tn, b_tn)
    notes += opposed_notes(contest=contest, sides=((ar, ak, a_tn, a_stat, a_skill, a_raises, a_explode),
                                                   (br, bk, b_tn, b_stat, b_skill, b_raises, b_explode)))
    notes += tail_note(a_dist) or tail_note(b_dist)
    rows = _outcome_rows(out, contest)
    return {
        **out,
        "a_tn": a_tn,
        "b_tn": b_tn,
        "a_roll": xky(ar, ak),
        "b_roll": xky(br, bk),
        "roll": f"{xky(ar, ak)} against {xky(br, bk)}",
        "distribution": a_dist.pmf(),
        "distribution_tail": a_dist.tail,
        "distribution_title": f"A's roll ({xky(ar, ak)})",
        "tables": [result_table(
            "outcomes", f"Outcomes: A's {xky(ar, ak)} against TN {a_tn}, B's {xky(br, bk)} against TN {b_tn}",
            (("Outcome", "text"), ("Chance", "percent")),
            rows + [{"cells": ["A reaches his TN", out["a_succeeds"]]},
                    {"cells": ["B reaches his TN", out["b_succeeds"]]}],
        )],
        "notes": notes,
    }


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The settings in words: each side's stat and skill, dice and TN."""
    a_stat, a_skill, b_stat, b_skill, _, _ = CONTESTS[params["contest"]]
    kind = "" if params["contest"] == "plain" else dict(CONTEST_CHOICES)[params["contest"]].split(":")[0] + ", "
    return (
        f"{kind}A: {a_stat} {params['a_stat']} + {a_skill} {params['a_skill']} ({result.get('a_roll', '')}) "
        f"against TN {result.get('a_tn', '')}; B: {b_stat} {params['b_stat']} + {b_skill} {params['b_skill']} "
        f"({result.get('b_roll', '')}) against TN {result.get('b_tn', '')}"
    )


def _side_params(side: str, stat: int, skill: int) -> tuple[IntParam | BoolParam, ...]:
    low = side.lower()
    return (
        IntParam(f"{low}_stat", f"{side}'s stat", stat, minimum=1, maximum=MAX_STAT,
                 help=f"{side} rolls {times_words(STAT_DICE)} this many dice; the other side's TN counts it too."),
        IntParam(f"{low}_skill", f"{side}'s skill", skill, minimum=1, maximum=MAX_DICE,
                 help=f"The dice {side} keeps, and part of the other side's TN."),
        IntParam(f"{low}_rolled", f"{side}'s dice rolled (optional)", None, minimum=1, maximum=MAX_DICE,
                 optional=True, required=False, more=True,
                 help=f"With the next field, the dice {side} actually throws, when something changes them."),
        IntParam(f"{low}_kept", f"{side}'s dice kept (optional)", None, minimum=1, maximum=MAX_DICE,
                 optional=True, required=False, more=True,
                 help=f"How many of those dice {side} adds up."),
        IntParam(f"{low}_raises", f"{side}'s raises", 0, minimum=0, maximum=MAX_RAISES, required=False, more=True,
                 help=f"Each one {raise_words()} {side} must reach."),
        BoolParam(f"{low}_explode", f"{side}'s tens explode", True, required=False, more=True,
                  help="Untick when a rule stops these dice from exploding."),
    )


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """A's total against A's TN, B's roll aside."""
    return f"{result['distribution_title']}, B's roll aside", against_tn(result["a_tn"], "A ")


CALCULATORS = (
    Calculator(
        id="rk-opposed",
        title="Opposed test: who wins?",
        rule="rk/basics.md#rk-opposed-tests",
        summary="Two characters roll against each other: the chance that each wins, that they tie, "
                "or that both fail.",
        params=(
            ChoiceParam("contest", "Contest", "plain", choices=CONTEST_CHOICES, required=False,
                        help="Disarm and freeing a Bind are knacks that pit one roll against another."),
            *_side_params("A", 3, 2),
            *_side_params("B", 2, 2),
        ),
        compute=opposed,
        headlines=(
            Headline("a_wins", "A wins"),
            Headline("b_wins", "B wins"),
            Headline("status_quo", "Both fail: nothing changes"),
            Headline("tie", "Tie (both succeed, same total)"),
            Headline("a_tn", "A's TN", "integer"),
            Headline("b_tn", "B's TN", "integer"),
        ),
        question=question,
        meaning=meaning,
        says=("contest", "a_stat", "a_skill", "a_rolled", "a_kept", "a_raises",
              "b_stat", "b_skill", "b_rolled", "b_kept", "b_raises"),
    ),
)

__all__ = ["CALCULATORS", "CONTESTS", "opposed", "outcomes", "question"]
