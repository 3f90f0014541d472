"""Dice-pool combat (seed 003): roll a pool, count successes, let black dice cancel them.

The seed names pools, successes and black (penalty) dice but fixes neither the die nor the
number a die must show. The Codex reads both as parameters, defaulting to a ten-sided die that
succeeds on 7 or more (`DEFAULT_SIDES`, `DEFAULT_SUCCESS_AT`), and says so next to the fields.

Readings taken here, each stated in the calculator's help or notes:
- every success on a black die cancels one success, and the net may fall below zero (the
  massive-damage rule speaks of a "negative result");
- a pool acting with no action left is halved, rounding down, once per extra action
  (7 -> 3 -> 1); black dice are not halved;
- in an opposed roll (engage, evade) the side with more net successes wins; the seed does not
  say what a tie does, so a tie is reported on its own.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .calculator import Calculator, Headline
from .dist import Dist
from .errors import InputError
from .params import ChoiceParam, IntParam

MAX_POOL = 40
MAX_SIDES = 100
MAX_EXTRA_ACTIONS = 10
DEFAULT_SIDES = 10
DEFAULT_SUCCESS_AT = 7

MODES = (("single", "A single roll: successes needed"), ("opposed", "Opposed: engage or evade"))


def halved(dice: int, extra_actions: int) -> list[int]:
    """The pool before and after each halving, rounding down: halved(7, 2) == [7, 3, 1]."""
    steps = [dice]
    for _ in range(extra_actions):
        steps.append(steps[-1] // 2)
    return steps


@lru_cache(maxsize=256)
def successes(dice: int, *, sides: int = DEFAULT_SIDES, success_at: int = DEFAULT_SUCCESS_AT) -> Dist:
    """The number of dice of a pool that show `success_at` or more (exact, binomial)."""
    if not 1 <= success_at <= sides:
        raise ValueError("success_at must be between 1 and sides")
    one = Dist.from_weights({0: success_at - 1, 1: sides - success_at + 1})
    return one.repeat(dice)


def net(dice: int, black: int = 0, *, sides: int = DEFAULT_SIDES, success_at: int = DEFAULT_SUCCESS_AT) -> Dist:
    """Net successes: the pool's successes minus the black dice's successes (may be negative)."""
    return successes(dice, sides=sides, success_at=success_at) - successes(black, sides=sides, success_at=success_at)


def _split(margin: Dist) -> tuple[float, float, float]:
    """P(margin > 0), P(margin = 0), P(margin < 0), each correctly rounded from exact weights."""
    ahead = margin.weight_at_least(1)
    level = margin.weight_at_least(0) - ahead
    behind = margin.total - ahead - level
    return ahead / margin.total, level / margin.total, behind / margin.total


def check(
    *,
    dice: int,
    black: int = 0,
    sides: int = DEFAULT_SIDES,
    success_at: int = DEFAULT_SUCCESS_AT,
    need: int = 1,
    mode: str = "single",
    opp_dice: int = 5,
    opp_black: int = 0,
    extra_actions: int = 0,
) -> dict[str, Any]:
    """The pool-check calculator: a single roll against `need`, or an opposed roll."""
    if success_at > sides:
        raise InputError(
            "success_at", f"success_at must be a whole number from 1 to {sides} (the die's sides); got {success_at}."
        )
    reading = (
        f"Each die is a d{sides} that succeeds on {success_at} or more"
        + (" (the Codex's reading: the seed fixes neither the die nor the number)." if
           (sides, success_at) == (DEFAULT_SIDES, DEFAULT_SUCCESS_AT) else ".")
    )
    notes = [reading, "Every success on a black die cancels one success; the net can fall below zero."]
    if mode == "opposed":
        steps = halved(opp_dice, extra_actions)
        b_dice = steps[-1]
        if extra_actions:
            notes.append(
                f"The defender's pool is halved, rounding down, for {extra_actions} extra "
                f"action{'s' if extra_actions > 1 else ''}: " + " → ".join(map(str, steps)) + "."
            )
        notes.append("The seed does not say what a tie does; it is shown on its own.")
        a = net(dice, black, sides=sides, success_at=success_at)
        b = net(b_dice, opp_black, sides=sides, success_at=success_at)
        margin = a - b
        a_wins, tie, b_wins = _split(margin)
        return {
            "chance": a_wins,
            "a_wins": a_wins,
            "tie": tie,
            "b_wins": b_wins,
            "negative": None,
            "mean": margin.mean(),
            "distribution": margin.pmf(),
            "distribution_title": "Margin: A's net successes minus B's",
            "a_dice": dice,
            "b_dice": b_dice,
            "notes": notes,
        }
    steps = halved(dice, extra_actions)
    pool = steps[-1]
    if extra_actions:
        notes.append(
            f"The pool is halved, rounding down, for {extra_actions} extra action{'s' if extra_actions > 1 else ''}: "
            + " → ".join(map(str, steps)) + "."
        )
    total = net(pool, black, sides=sides, success_at=success_at)
    return {
        "chance": total.at_least(need),
        "a_wins": None,
        "tie": None,
        "b_wins": None,
        "negative": total.below(0) if black else None,
        "mean": total.mean(),
        "distribution": total.pmf(),
        "distribution_title": "Net successes",
        "a_dice": pool,
        "need": need,
        "notes": notes,
    }


def _pool(name: str, label: str, default: int, help: str, *, required: bool = False, **more: Any) -> IntParam:
    return IntParam(name, label, default, minimum=0, maximum=MAX_POOL, required=required, help=help, **more)


CALCULATORS = (
    Calculator(
        id="pool-check",
        title="Dice pool odds",
        rule="pool/melee.md#pool-engage",
        summary="Chance that a dice pool, less its black dice, scores the successes needed or wins an opposed roll.",
        params=(
            ChoiceParam("mode", "Roll", "single", choices=MODES, required=False,
                        help="A single roll against a number of successes, or an opposed roll (engage or evade)."),
            _pool("dice", "Dice in the pool", 7, "The pool rolled (A's pool in an opposed roll).", required=True),
            _pool("black", "Black dice", 0,
                  "Penalty dice: each success on one cancels one success; the net may go below zero."),
            IntParam("sides", "Sides of each die", DEFAULT_SIDES, minimum=2, maximum=MAX_SIDES, required=False, more=True,
                     help="The seed does not name the die; the Codex reads it as a d10."),
            IntParam("success_at", "A die succeeds on", DEFAULT_SUCCESS_AT, minimum=1, maximum=MAX_SIDES,
                     required=False, more=True,
                     help="The lowest face that counts as a success; the seed does not give it, "
                          "and the Codex reads it as 7 or more (at most the die's sides)."),
            IntParam("need", "Net successes needed", 1, minimum=-MAX_POOL, maximum=MAX_POOL, required=False,
                     shown_when=(("mode", ("single",)),),
                     help="A single roll only: 1 for a plain success, 0 to avoid a negative result."),
            _pool("opp_dice", "Opponent's dice", 5, "Opposed rolls only: B's pool (the defender).",
                  shown_when=(("mode", ("opposed",)),)),
            _pool("opp_black", "Opponent's black dice", 0, "Opposed rolls only: B's black dice.",
                  shown_when=(("mode", ("opposed",)),)),
            IntParam("extra_actions", "Extra actions with no action left", 0, minimum=0, maximum=MAX_EXTRA_ACTIONS,
                     required=False,
                     help="Halves the pool, rounding down, once per extra action (7 → 3 → 1): the "
                          "opponent's (defender's) pool when opposed, else the pool rolled. Black dice are not halved."),
        ),
        compute=check,
        headlines=(
            Headline("chance", "Chance of success (opposed: A wins)"),
            Headline("tie", "Tie"),
            Headline("b_wins", "B wins"),
            Headline("negative", "Negative result"),
            Headline("mean", "Average net successes (opposed: margin)", "number"),
        ),
    ),
)
