"""Dice-pool combat (docs/pool/): roll a pool, count successes, let black dice cancel them.

The source text names pools, successes and black (penalty) dice but fixes neither the die nor
the number a die must show. The Codex's reading (R-0022) is a ten-sided die that succeeds on 7 or more
(`DEFAULT_SIDES`, `DEFAULT_SUCCESS_AT`); both are fields, and the page says they are a default.

Rules followed here, with the Codex's readings marked:
- every success on a black die cancels one success, and the net may fall below zero (reading,
  R-0023; the massive-damage rule speaks of a "negative result");
- the attacked person who engages or evades with no action left has the pool halved, rounding
  down, once per extra action (7 -> 3 -> 1); black dice are not halved (reading, R-0054);
- doing two things in one action rolls each at half the lower of the two pools, rounding down;
- an evader adds the dodge skill to the pool; the evade pool as a whole is what gets halved,
  as in the source's example of the fencer;
- in an opposed roll (engage, evade) the side with more net successes wins; on a tie nobody
  wins: nobody is hit and an evader does not break away (reading, R-0053).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from calc.calculator import Calculator, Headline
from calc.meaning import Meaning, headline, sides, successes_needed, titled
from calc.dice.dist import Dist, win_tie_lose
from calc.errors import InputError
from calc.params import ChoiceParam, IntParam

MAX_POOL = 40
MAX_SIDES = 100
MAX_EXTRA_ACTIONS = 10
DEFAULT_SIDES = 10
DEFAULT_SUCCESS_AT = 7

MODES = (("single", "A single roll: successes needed"), ("opposed", "Opposed: engage or evade"))
DEFENCES = (("engage", "Engages (fights back)"), ("evade", "Evades (adds the dodge skill)"))
TIE_RULING = "R-0053"
HALVING_RULING = "R-0054"
DIE_RULING = "R-0022"  # the pool's die and success face: a d10 succeeding on 7 or more
BLACK_RULING = "R-0023"  # a black die's success cancels one of the pool's; the net may fall below zero


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


def die_notes(sides: int, success_at: int) -> list[str]:
    """The die and the face that succeeds (marked as the Codex's reading when unchanged), and black dice."""
    default = (sides, success_at) == (DEFAULT_SIDES, DEFAULT_SUCCESS_AT)
    reading = (
        f"Each die is a d{sides} that succeeds on {success_at} or more"
        + (f": the Codex's reading ({DIE_RULING}), as the source text names neither the die nor the number."
           if default else ".")
    )
    return [reading, "Every success on a black die cancels one success; the net can fall below zero "
                     f"(the Codex's reading, {BLACK_RULING})."]


def opposed_notes(*, evading: bool, opp_dice: int, opp_dodge: int, steps: list[int], extra_actions: int) -> list[str]:
    """The defender's pool (dodge, halvings) and who wins an opposed roll, ties included."""
    notes = []
    if evading and opp_dodge:
        notes.append(f"The evader adds the dodge skill: {opp_dice} + {opp_dodge} = {steps[0]} dice.")
    if extra_actions:
        notes.append(
            f"The defender has no action left for {extra_actions} of these defences, so the pool is "
            f"halved, rounding down, once for each: " + " → ".join(map(str, steps))
            + f" (black dice are not halved, the Codex's reading {HALVING_RULING})."
        )
    if evading:
        notes.append(
            "If the evader wins, nobody is hit and the evader breaks away; if the attacker wins, the "
            "attacker hits. On a tie nobody has more successes: nobody is hit and the evader does not "
            f"break away (the Codex's reading, ruling {TIE_RULING})."
        )
    else:
        notes.append(
            "Whoever has more successes lands the hit, attacker or defender. On a tie nobody has more "
            f"successes, so nobody is hit (the Codex's reading, ruling {TIE_RULING})."
        )
    return notes


def single_notes(*, dice: int, other_pool: int | None, pool: int) -> list[str]:
    """The halving of two things done in one action."""
    notes = []
    if other_pool is not None:
        notes.append(
            f"Two things in one action: each roll uses half the lower pool, rounding down. The lower of "
            f"{dice} and {other_pool} is {min(dice, other_pool)}, so this roll has {pool} dice."
        )
    return notes


def _opposed(*, dice: int, black: int, sides: int, success_at: int, opp_dice: int, opp_black: int,
             defence: str, opp_dodge: int, extra_actions: int, notes: list[str]) -> dict[str, Any]:
    """A attacks; B engages or evades (adding `opp_dodge`), B's pool halved once per extra action."""
    evading = defence == "evade"  # the dodge skill and the other action's pool count only where they apply
    steps = halved(opp_dice + (opp_dodge if evading else 0), extra_actions)
    notes += opposed_notes(evading=evading, opp_dice=opp_dice, opp_dodge=opp_dodge, steps=steps,
                           extra_actions=extra_actions)
    a = net(dice, black, sides=sides, success_at=success_at)
    b = net(steps[-1], opp_black, sides=sides, success_at=success_at)
    margin = a - b
    a_wins, tie, b_wins = win_tie_lose(margin)
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
        "b_dice": steps[-1],
        "notes": notes,
    }


def check(
    *,
    dice: int,
    black: int,
    sides: int,
    success_at: int,
    need: int,
    mode: str,
    other_pool: int | None,
    opp_dice: int,
    opp_black: int,
    defence: str,
    opp_dodge: int,
    extra_actions: int,
) -> dict[str, Any]:
    """The pool-check calculator: a single roll against `need`, or an opposed roll.

    Single: the pool, or with `other_pool` (two things in one action) half the lower of the
    two pools. Opposed: A attacks; B engages or evades (adding `opp_dodge`), and B's pool is
    halved once per extra action B defends with no action left.
    """
    if success_at > sides:
        raise InputError(
            "success_at",
            f"Lowest face that succeeds must be a whole number from 1 to {sides}, as the die has {sides} sides; "
            f"got {success_at}.",
        )
    notes = die_notes(sides, success_at)
    if mode == "opposed":
        return _opposed(dice=dice, black=black, sides=sides, success_at=success_at, opp_dice=opp_dice,
                        opp_black=opp_black, defence=defence, opp_dodge=opp_dodge, extra_actions=extra_actions,
                        notes=notes)
    pool = dice if other_pool is None else min(dice, other_pool) // 2
    notes += single_notes(dice=dice, other_pool=other_pool, pool=pool)
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


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """Net successes against those needed, or (opposed) the attacker's less the defender's."""
    title = titled(result["distribution_title"], calculator, params, result)
    if result.get("need") is None:   # opposed: A's net successes minus B's
        return title, sides(headline(calculator, "b_wins"), headline(calculator, "tie"), "The attacker wins")
    return title, successes_needed(result["need"])


CALCULATORS = (
    Calculator(
        id="pool-check",
        title="Dice pool odds",
        rule="pool/melee.md#pool-engage",
        summary="Chance that a dice pool, less its black dice, scores the successes needed or wins an opposed roll.",
        params=(
            ChoiceParam("mode", "Roll", "single", choices=MODES, required=False,
                        help="A single roll against a number of successes, or an opposed roll (engage or evade)."),
            _pool("dice", "Dice in the pool", 7, "The pool rolled; in an opposed roll, the attacker's (A).", required=True,
                  hero="pool"),
            _pool("black", "Black dice", 0,
                  "Penalty dice: each success on one cancels one success; the net may go below zero "
                  f"(the Codex's reading, {BLACK_RULING})."),
            IntParam("sides", "Sides of each die", DEFAULT_SIDES, minimum=2, maximum=MAX_SIDES, required=False,
                     help=f"The source text does not name the die; a d10 is the Codex's reading ({DIE_RULING})."),
            IntParam("success_at", "Lowest face that succeeds", DEFAULT_SUCCESS_AT, minimum=1, maximum=MAX_SIDES,
                     required=False,
                     help="The lowest face that counts as a success, at most the die's sides. The source text "
                          f"does not give it; 7 or more is the Codex's reading ({DIE_RULING})."),
            IntParam("need", "Net successes needed", 1, minimum=-MAX_POOL, maximum=MAX_POOL, required=False,
                     shown_when=(("mode", ("single",)),),
                     help="1 for a plain success, 0 to avoid a negative result."),
            IntParam("other_pool", "Pool of the other action (two things at once)", None, minimum=0,
                     maximum=MAX_POOL, optional=True, required=False, shown_when=(("mode", ("single",)),),
                     help="Doing two things in one action: each roll uses half the lower of the two pools, "
                          "rounding down. Leave blank for one thing."),
            _pool("opp_dice", "Defender's dice", 5, "The defender's (B's) pool before any halving.",
                  shown_when=(("mode", ("opposed",)),)),
            _pool("opp_black", "Defender's black dice", 0, "Black dice against the defender (B).",
                  shown_when=(("mode", ("opposed",)),)),
            ChoiceParam("defence", "The defender", "engage", choices=DEFENCES, required=False,
                        shown_when=(("mode", ("opposed",)),),
                        help="Engage to fight back (either side can land the hit), or Evade to break away."),
            _pool("opp_dodge", "Defender's dodge skill", 0, "Added to the defender's pool when evading.",
                  shown_when=(("mode", ("opposed",)), ("defence", ("evade",)))),
            IntParam("extra_actions", "Defences with no action left", 0, minimum=0, maximum=MAX_EXTRA_ACTIONS,
                     required=False, shown_when=(("mode", ("opposed",)),),
                     help="The defender's pool is halved, rounding down, once for each (7 → 3 → 1). "
                          f"Black dice are not halved (the Codex's reading, {HALVING_RULING})."),
        ),
        compute=check,
        headlines=(
            Headline("chance", "Chance of success", label_when=(("b_wins", "Chance the attacker wins"),)),
            Headline("tie", "Tie: nobody hit"),
            Headline("b_wins", "The defender wins"),
            Headline("negative", "Negative result"),
            Headline("mean", "Average net successes", "number",
                     label_when=(("b_wins", "Average margin (the attacker's net successes minus the defender's)"),)),
        ),
        meaning=meaning,
        named=("mode", "dice", "black", "need", "opp_dice", "opp_black", "defence"),
    ),
)
