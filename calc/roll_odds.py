"""The exact odds of a roll the rules text names: what its popover on the page shows.

Each kind of roll is worked out by the functions its calculator uses, and names that calculator
with the settings that make it show the same roll (so the popover's link opens it set to that
roll, and the tests can ask the calculator for every figure shown). The kinds:

- `rk-test`: XkY on ten-sided dice, tens exploding (a test, an attack, a Wound Check);
- `rk-damage`: XkY damage dice, ten-sided in the summary rules, six-sided in the house rules
  (their explosions the Codex's reading, R-0016);
- `rk-brawn-damage`: a 0kY rating, whose dice come from the wielder's Brawn (an average per Brawn);
- `sun-roll`: the Seventh Sun dice, 3d6, or 4d6 keeping the highest or lowest three (`sun-either`:
  4d6 named for both at once, the two side by side);
- `pool`: a dice pool, counted in successes (the die and its success face the Codex's reading).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .dice_pool import DIE_RULING, successes
from .dist import Dist
from .errors import InputError
from . import data
from .rk_rules import KEEP_ALL_RULING, MAX_DAMAGE_DICE, MAX_DICE, RAISE, damage_dist
from .keep import roll_keep
from .seventh_sun import roll as sun_dice
from .wording import number, xky

ROWS = 6  # thresholds a popover lists
RK_STEP = RAISE  # Roll & Keep TNs come in steps of a Raise


def _sun_steps() -> tuple[int, ...]:
    """The Difficulties table's rungs that the Seventh Sun dice can reach, and one rung below them."""
    reach = sun_dice("none").max
    rungs = [row["tn"] for row in data.load("sun_difficulties")["rows"] if row["tn"] <= reach]
    return (rungs[0] - (rungs[1] - rungs[0]), *rungs)


SUN_STEPS = _sun_steps()  # 9 to 18, 3 apart, and 6 below them
D6_RULING = "R-0016"  # house damage dice are d6s that explode on a 6 (calc/data/rulings.json)
SUN_DICE = {"none": "3d6", "bonus": "4d6", "penalty": "4d6"}
DEFAULT_BRAWN = 2  # the damage calculator's default Brawn (rk-wounds: attacker_brawn)


@dataclass(frozen=True)
class RollOdds:
    """A roll's figures: its mean, the chance to reach each threshold, and the calculator that shows it."""

    roll: str                       # as the text writes it: "6k3", "3d6", "4 dice"
    dice: str                       # the dice in words: "ten-sided, tens explode"
    mean: float
    threshold: str                  # what the thresholds count: "TN", "Damage", "Dice total", "Successes"
    rows: tuple[tuple[float, ...], ...]   # (threshold, figure) or, with `columns`, one figure per column
    calculator: str
    params: dict[str, Any] = field(default_factory=dict)
    rulings: tuple[str, ...] = ()   # the Codex's readings this roll rests on
    shown: str = "percent"          # what the rows' second figures are: "percent" chances, or "number" averages
    mean_note: str = ""             # what the average assumes, when it assumes anything ("with Brawn 2")
    set_to: str = ""                # the roll the calculator is set to, when it is not `roll` as written
    columns: tuple[str, ...] = ()   # what each figure of a row is, when a row has more than one


def rows_from(dist: Dist, thresholds: Any) -> tuple[tuple[int, float], ...]:
    """(threshold, chance to reach it) for each threshold, in order."""
    return tuple((t, dist.at_least(t)) for t in thresholds)


def stepped(dist: Dist, step: int) -> tuple[tuple[int, float], ...]:
    """`ROWS` multiples of `step`: from the last one a roll still reaches almost surely (over 99%),
    up while the roll can reach them."""
    first = step
    while dist.at_least(first + step) > 0.99 and first + step <= dist.max:
        first += step
    thresholds = [t for t in range(first, first + step * ROWS, step) if dist.at_least(t) > 0]
    return rows_from(dist, thresholds)


def check_dice(rolled: int, kept: int, most: int) -> tuple[int, int, tuple[str, ...]]:
    """XkY as a roll: at least one die, at most `most`; more kept than rolled keeps them all (R-0050)."""
    if not 1 <= rolled <= most:
        raise InputError("rolled", f"{xky(rolled, kept)}: the dice rolled must be 1 to {most}.")
    if kept < 1:
        raise InputError("kept", f"{xky(rolled, kept)}: at least one die must be kept.")
    if kept > rolled:
        return rolled, rolled, (KEEP_ALL_RULING,)
    return rolled, kept, ()


def rk_test(*, rolled: int, kept: int) -> RollOdds:
    """A Roll & Keep test: exploding d10s against TNs in steps of 5 (rk-check)."""
    written = {"rolled": rolled, "kept": kept}
    rolled, kept, rulings = check_dice(rolled, kept, MAX_DICE)
    dist = roll_keep(rolled, kept)
    return RollOdds(xky(**written), "ten-sided dice, tens explode", dist.mean(), "TN", stepped(dist, RK_STEP),
                    "rk-check", written, rulings)


def rk_damage(*, rolled: int, kept: int, rules: str) -> RollOdds:
    """Roll & Keep damage dice under `rules` (rk-wounds with the dice typed in as an Other weapon)."""
    roll, written = xky(rolled, kept), {"damage_rolled": rolled, "damage_kept": kept}
    rolled, kept, rulings = check_dice(rolled, kept, MAX_DAMAGE_DICE)
    dist = damage_dist(rolled, kept, rules=rules)
    dice = "six-sided dice, sixes explode" if rules == "house" else "ten-sided dice, tens explode"
    if rules == "house":
        rulings = (D6_RULING, *rulings)
    return RollOdds(roll, dice, dist.mean(), "Damage", stepped(dist, RK_STEP), "rk-wounds",
                    {"rules": rules, "weapon": "custom", **written}, rulings)


def rk_brawn_damage(*, kept: int, rules: str) -> RollOdds:
    """A 0kY damage rating (a fist, an unarmed blow): no dice of its own until the wielder's Brawn adds
    that many unkept dice. The average for Brawn 1 to `ROWS` - 1; the calculator (rk-wounds, the dice
    typed in) is set to its damage calculator's default Brawn, `DEFAULT_BRAWN`."""
    roll = xky(0, kept)
    rows, rulings = [], set()
    for brawn in range(1, ROWS):
        rolled, keep, readings = check_dice(brawn, kept, MAX_DAMAGE_DICE)
        rows.append((brawn, damage_dist(rolled, keep, rules=rules).mean()))
        rulings.update(readings)
    base = rk_damage(rolled=DEFAULT_BRAWN, kept=kept, rules=rules)
    return RollOdds(roll, f"{base.dice}, one per point of the wielder's Brawn", base.mean, "Brawn", tuple(rows),
                    "rk-wounds", base.params, tuple(sorted(set(base.rulings) | rulings)), shown="number",
                    mean_note=f"with Brawn {DEFAULT_BRAWN}", set_to=f"{roll} with Brawn {DEFAULT_BRAWN}")


def sun_roll(*, die: str) -> RollOdds:
    """The Seventh Sun dice alone (sun-check with Attribute + Skill 0), against the Difficulties' rungs."""
    dist = sun_dice(die)
    dice = {"none": "six-sided dice, added", "bonus": "six-sided dice, the highest three added",
            "penalty": "six-sided dice, the lowest three added"}[die]
    return RollOdds(SUN_DICE[die], dice, dist.mean(), "Dice total", rows_from(dist, SUN_STEPS),
                    "sun-check", {"bonus": 0, "die": die})


def sun_either() -> RollOdds:
    """4d6 named for both extra dice at once ("the best or worst three"): both columns side by side;
    the calculator is set to the bonus die (its Bonus or penalty die field switches to the other)."""
    bonus, penalty = sun_roll(die="bonus"), sun_roll(die="penalty")
    rows = tuple((t, b, p) for (t, b), (_, p) in zip(bonus.rows, penalty.rows))
    return RollOdds("4d6", "six-sided dice, the highest or the lowest three added", bonus.mean, "Dice total", rows,
                    "sun-check", bonus.params, mean_note=f"with a bonus die, {number(penalty.mean)} with a penalty die",
                    set_to="4d6 with a bonus die", columns=("Bonus die", "Penalty die"))


def pool_roll(*, dice: int) -> RollOdds:
    """A dice pool's successes on the calculator's default die (pool-check), 1 up to `ROWS` successes."""
    if dice < 1:
        raise InputError("dice", "A pool needs at least one die.")
    dist = successes(dice)
    top = min(dice, ROWS)
    return RollOdds(f"{dice} {'die' if dice == 1 else 'dice'}", "ten-sided dice, 7 or more a success",
                    dist.mean(), "Successes", rows_from(dist, range(1, top + 1)), "pool-check", {"dice": dice},
                    (DIE_RULING,))


KINDS: dict[str, Callable[..., RollOdds]] = {
    "rk-test": rk_test, "rk-damage": rk_damage, "rk-brawn-damage": rk_brawn_damage, "sun-roll": sun_roll,
    "sun-either": sun_either, "pool": pool_roll,
}


def roll_odds(kind: str, **params: Any) -> RollOdds:
    """The figures of one roll of `kind` (a key of `KINDS`)."""
    if kind not in KINDS:
        raise InputError("kind", f"Kind must be one of {', '.join(KINDS)}, not {kind!r}.")
    return KINDS[kind](**params)


__all__ = ["DEFAULT_BRAWN", "KINDS", "ROWS", "RollOdds", "pool_roll", "rk_brawn_damage", "rk_damage", "rk_test",
           "roll_odds", "stepped", "sun_either", "sun_roll"]
