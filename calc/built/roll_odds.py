"""The exact odds of a roll the rules text names: what its popover on the page shows.

Each kind of roll is worked out by the functions its calculator uses, and names that calculator
with the settings that make it show the same roll (so the popover's link opens it set to that
roll, and the tests can ask the calculator for every figure shown). What the roll's sentence names
besides the dice (a TN, a threshold, a Brawn, a weapon) comes in as a setting too: it is passed
to the calculator, and its row is shown and marked (`RollOdds.mark`). The kinds:

- `rk-test`: XkY on ten-sided dice, tens exploding (a test, an attack, a Wound Check);
- `rk-damage`: XkY damage dice, ten-sided in the summary rules, six-sided in the house rules
  (their explosions the Codex's reading, R-0016);
- `rk-brawn-damage`: a 0kY rating no weapon names, whose dice come from the wielder's Brawn (an average
  per Brawn);
- `rk-weapon`: a weapon's damage rating (its table's XkY): for a weapon used in hand an average per
  Brawn, which adds its unkept dice; for a ranged one the chances, as `rk-damage`; `rk-hit`: the dice
  a weapon rolls with a Brawn and damage raises added (a sum its sentence spells out: a 3k2 weapon
  that rolls 6k2 with Brawn 2 and one raise);
- `rk-social`: a base Social Damage (1k3, or 2k4) with an average per attacker's Panache, which adds
  its unkept dice; `rk-social-hit`: that base with a Panache and damage raises added;
- `sun-roll`: the Seventh Sun dice, 3d6, or 4d6 keeping the highest or lowest three (`sun-either`:
  4d6 named for both at once, the two side by side);
- `pool`: a dice pool, counted in successes (the die and its success face the Codex's reading).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

from calc.dice_pool.check import DIE_RULING, successes
from calc.dice.dist import Dist
from calc.errors import InputError
from calc import data
from calc.roll_keep.exchange import SOCIAL_BASES as BASES, Hit, Roll, SocialDamage, Weapon
from calc.roll_keep.rules import KEEP_ALL_RULING, MAX_DAMAGE_DICE, MAX_DICE, RAISE
from calc.roll_keep.social import SOCIAL_CHECK_RULING, SOCIAL_PARAMS
from calc.roll_keep.weapons import OTHER, weapon_row
from calc.seventh_sun.check import roll as sun_dice
from calc.wording import number, plural, xky

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
DEFAULT_PANACHE = next(p.default for p in SOCIAL_PARAMS if p.name == "attacker_panache")   # the planner's
SOCIAL = {"rules": "house", "kind": "social"}  # the attack planner set to a Social Attack


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
    mark: int | None = None         # the threshold the roll's sentence names: its row is marked
    # the roll's own distribution, its figures' source, at the Brawn or Panache its calculator is set to
    # (none where a popover shows two rolls side by side): what a Roll draws from (macros/rolls/draws.py)
    dist: Dist | None = field(default=None, compare=False, repr=False)


def rows_from(dist: Dist, thresholds: Iterable[int]) -> tuple[tuple[int, float], ...]:
    """(threshold, chance to reach it) for each threshold, in order."""
    return tuple((t, dist.at_least(t)) for t in thresholds)


def with_mark(thresholds: Iterable[int], mark: int | None) -> list[int]:
    """The thresholds, with the one a sentence names among them (in order) when it is not already."""
    return sorted(set(thresholds) | ({mark} if mark is not None else set()))


def stepped(dist: Dist, step: int, mark: int | None = None) -> tuple[tuple[int, float], ...]:
    """`ROWS` multiples of `step`: from the last one a roll still reaches almost surely (over 99%),
    up while the roll can reach them; and `mark`, the threshold a sentence names, wherever it falls."""
    first = step
    while dist.at_least(first + step) > 0.99 and first + step <= dist.max:
        first += step
    thresholds = [t for t in range(first, first + step * ROWS, step) if dist.at_least(t) > 0]
    return rows_from(dist, with_mark(thresholds, mark))


def check_dice(rolled: int, kept: int, most: int) -> None:
    """XkY as a roll: at least one die, at most `most`, and at least one kept."""
    if not 1 <= rolled <= most:
        raise InputError("rolled", f"{xky(rolled, kept)}: the dice rolled must be 1 to {most}.")
    if kept < 1:
        raise InputError("kept", f"{xky(rolled, kept)}: at least one die must be kept.")


def keep_all_ruling(dice: Roll | Hit) -> tuple[str, ...]:
    """The keep-all ruling (R-0050), when the roll or hit was read by it (`keeps_all`)."""
    return (KEEP_ALL_RULING,) if dice.keeps_all else ()


def at_least_one(number_of: str, value: int | None) -> None:
    """A number a sentence names (a TN, a Brawn) is a whole number of at least 1."""
    if value is not None and value < 1:
        raise InputError(number_of, f"{number_of.capitalize()} {value}: it must be at least 1.")


def rk_test(*, rolled: int, kept: int, tn: int | None = None, check: str = "") -> RollOdds:
    """A Roll & Keep test: exploding d10s against TNs in steps of 5 (rk-check), and the `tn` its
    sentence names; `check="social"` is a Social Wound Check, read by R-0058."""
    at_least_one("tn", tn)
    written = {"rolled": rolled, "kept": kept}
    check_dice(rolled, kept, MAX_DICE)
    roll = Roll(rolled, kept)
    rulings = keep_all_ruling(roll)
    if check == "social":
        rulings = (*rulings, SOCIAL_CHECK_RULING)
    dist = roll.dist
    return RollOdds(xky(**written), "ten-sided dice, tens explode", dist.mean(), "TN", stepped(dist, RK_STEP, tn),
                    "rk-check", {**written, **({"tn": tn} if tn is not None else {})}, rulings, mark=tn, dist=dist)


def damage_words(rules: str) -> str:
    return "six-sided dice, sixes explode" if rules == "house" else "ten-sided dice, tens explode"


def rk_damage(*, rolled: int, kept: int, rules: str) -> RollOdds:
    """Roll & Keep damage dice under `rules` (rk-wounds with the dice typed in as an Other weapon)."""
    roll, written = xky(rolled, kept), {"damage_rolled": rolled, "damage_kept": kept}
    check_dice(rolled, kept, MAX_DAMAGE_DICE)
    hit = Hit(rules, rolled, kept)
    rulings, dist = keep_all_ruling(hit), hit.dist
    if rules == "house":
        rulings = (D6_RULING, *rulings)
    return RollOdds(roll, damage_words(rules), dist.mean(), "Damage", stepped(dist, RK_STEP), "rk-wounds",
                    {"rules": rules, "weapon": "custom", **written}, rulings, dist=dist)


def by_trait(hit_of: Callable[[int], Hit], mark: int | None) -> tuple[tuple[tuple[int, float], ...], tuple[str, ...]]:
    """(trait, average damage) for a trait of 1 to `ROWS` - 1 and the one a sentence names, and the
    keep-all ruling when any of them keeps every die rolled (R-0050); `hit_of` gives the hit for one value of the trait."""
    hits = {value: hit_of(value) for value in with_mark(range(1, ROWS), mark)}
    keeps_all = any(hit.keeps_all for hit in hits.values())
    return tuple((value, hit.dist.mean()) for value, hit in hits.items()), (KEEP_ALL_RULING,) if keeps_all else ()


def rk_brawn_damage(*, kept: int, rules: str, brawn: int | None = None) -> RollOdds:
    """A 0kY damage rating no weapon names (a Knack's blow): no dice of its own until the wielder's Brawn
    adds that many unkept dice. The average for Brawn 1 to `ROWS` - 1 (and the `brawn` a sentence
    names); the calculator (rk-wounds, an Other weapon of 0kY used in hand) is set to that Brawn, else
    its default, `DEFAULT_BRAWN`."""
    at_least_one("brawn", brawn)
    roll, used = xky(0, kept), brawn or DEFAULT_BRAWN

    def hit_of(b: int) -> Hit:
        return Weapon(rules, OTHER, in_hand=True, damage_rolled=0, damage_kept=kept, attacker_brawn=b).hit()

    rows, keeps_all = by_trait(hit_of, brawn)
    house = (D6_RULING,) if rules == "house" else ()
    params = {"rules": rules, "weapon": OTHER, "damage_rolled": 0, "damage_kept": kept, "in_hand": True,
              "attacker_brawn": used}
    return RollOdds(roll, f"{damage_words(rules)}, one per point of the wielder's Brawn", dict(rows)[used], "Brawn",
                    rows, "rk-wounds", params, (*house, *keeps_all), shown="number",
                    mean_note=f"with Brawn {used}", set_to=f"{roll} with Brawn {used}", mark=brawn,
                    dist=hit_of(used).dist)


def hand_dice(weapon: Weapon, raises: int = 0) -> tuple[int, int, bool]:
    """The dice a weapon rolls with its wielder's Brawn and `raises`, as the damage calculator builds them
    (`Weapon.hit`), and whether every die rolled is kept (R-0050)."""
    hit = weapon.hit(raises)
    return hit.rolled, hit.kept, hit.keeps_all


def listed(rules: str, weapon: str) -> dict[str, Any]:
    """The weapon's row in the rules' table; one it does not list is refused by name."""
    try:
        return weapon_row(rules, weapon)
    except KeyError:
        raise InputError("weapon", f"Weapon: the {rules} rules' tables list no weapon {weapon!r} with damage.") from None


def weapon_dice(rules: str, weapon: str, brawn: int, raises: int = 0) -> tuple[int, int, bool]:
    """A weapon of the rules' tables in a hand of `brawn`, with `raises`: `hand_dice`."""
    listed(rules, weapon)
    return hand_dice(Weapon(rules, weapon, attacker_brawn=brawn), raises)


def rk_weapon(*, rules: str, weapon: str, brawn: int | None = None) -> RollOdds:
    """A weapon's damage rating, as its table gives it, opening the damage calculator on that weapon.

    In hand, the wielder's Brawn adds as many unkept dice: the average for each Brawn (1 to `ROWS` - 1,
    and the `brawn` a sentence names), the calculator set to that Brawn, else its default. A ranged
    weapon adds none: its chances to reach each amount of damage, as `rk_damage` gives them."""
    at_least_one("brawn", brawn)
    row = listed(rules, weapon)
    name, roll = row["weapon"], xky(row["rolled"], row["kept"])
    house = (D6_RULING,) if rules == "house" else ()
    if not row["melee"]:
        check_dice(row["rolled"], row["kept"], MAX_DAMAGE_DICE)
        hit = Weapon(rules, weapon).hit()
        dist = hit.dist
        return RollOdds(roll, f"{name}, {damage_words(rules)}", dist.mean(), "Damage", stepped(dist, RK_STEP),
                        "rk-wounds", {"rules": rules, "weapon": weapon}, (*house, *keep_all_ruling(hit)), set_to=name,
                        dist=dist)
    used = brawn or DEFAULT_BRAWN

    def hit_of(b: int) -> Hit:
        return Weapon(rules, weapon, attacker_brawn=b).hit()

    rows, keeps_all = by_trait(hit_of, brawn)
    mean = dict(rows)[used]
    return RollOdds(roll, f"{name}, {damage_words(rules)}, plus one unkept die per point of the wielder's Brawn",
                    mean, "Brawn", rows, "rk-wounds", {"rules": rules, "weapon": weapon, "attacker_brawn": used},
                    (*house, *keeps_all), shown="number",
                    mean_note=f"with Brawn {used}", set_to=f"{name} with Brawn {used}", mark=brawn,
                    dist=hit_of(used).dist)


def raises_said(raises: int) -> str:
    return f" and {plural(raises, 'damage raise')}" if raises else ""


def rk_hit(*, rules: str, weapon: str, brawn: int, raises: int = 0) -> RollOdds:
    """The dice a weapon rolls once a Brawn and damage raises are added ("a heavy weapon swung with
    Brawn 2 after one damage Raise rolls 6k2"): their chances, the damage calculator set to all three."""
    at_least_one("brawn", brawn)
    name = listed(rules, weapon)["weapon"]
    hit = Weapon(rules, weapon, attacker_brawn=brawn).hit(raises)
    dist = hit.dist
    rulings = (*((D6_RULING,) if rules == "house" else ()), *keep_all_ruling(hit))
    params = {"rules": rules, "weapon": weapon, "attacker_brawn": brawn, **({"raises": raises} if raises else {})}
    return RollOdds(xky(hit.rolled, hit.kept), damage_words(rules), dist.mean(), "Damage", stepped(dist, RK_STEP),
                    "rk-wounds", params, rulings, set_to=f"{name} with Brawn {brawn}{raises_said(raises)}", dist=dist)


def social_base(base: str) -> tuple[int, int]:
    if base not in BASES:
        raise InputError("base", f"Base Social Damage must be {' or '.join(BASES)}, not {base!r}.")
    return BASES[base]


def rk_social(*, base: str, panache: int | None = None) -> RollOdds:
    """A base Social Damage (house rules: 1k3, or 2k4 where a Swordsman Knack gives it), to which the
    attacker's Panache adds as many unkept dice: the average for each Panache (1 to `ROWS` - 1, and the
    `panache` a sentence names), the attack planner set to a Social Attack with that Panache."""
    at_least_one("panache", panache)
    social_base(base)
    used = panache or DEFAULT_PANACHE

    def hit_of(p: int) -> Hit:
        return SocialDamage.of(base, p).hit

    rows, keeps_all = by_trait(hit_of, panache)
    mean = dict(rows)[used]
    return RollOdds(base, f"Social Damage, {damage_words('house')}, plus one unkept die per point of the "
                          "attacker's Panache", mean, "Panache", rows, "rk-attack",
                    {**SOCIAL, "attacker_panache": used, "base_damage": base},
                    (D6_RULING, *keeps_all), shown="number",
                    mean_note=f"with Panache {used}", set_to=f"a Social Attack with Panache {used}", mark=panache,
                    dist=hit_of(used).dist)


def rk_social_hit(*, base: str, panache: int, raises: int = 0) -> RollOdds:
    """A base Social Damage with the attacker's Panache and damage raises added ("Panache 2 and one
    damage Raise roll 4k3"): its chances, the attack planner set to that Panache (its row for those
    raises shows the same dice)."""
    at_least_one("panache", panache)
    social_base(base)
    hit = SocialDamage.of(base, panache, raises).hit
    dist = hit.dist
    return RollOdds(xky(hit.rolled, hit.kept), damage_words("house"), dist.mean(), "Damage",
                    stepped(dist, RK_STEP), "rk-attack", {**SOCIAL, "attacker_panache": panache, "base_damage": base},
                    (D6_RULING, *keep_all_ruling(hit)), set_to=f"a Social Attack with Panache {panache}{raises_said(raises)}", dist=dist)


def sun_roll(*, die: str, target: int | None = None) -> RollOdds:
    """The Seventh Sun dice alone (sun-check with Attribute + Skill 0), against the Difficulties' rungs
    and the `target` its sentence names ("10 or more on 3d6")."""
    at_least_one("target", target)
    dist = sun_dice(die)
    dice = {"none": "six-sided dice, added", "bonus": "six-sided dice, the highest three added",
            "penalty": "six-sided dice, the lowest three added"}[die]
    return RollOdds(SUN_DICE[die], dice, dist.mean(), "Dice total", rows_from(dist, with_mark(SUN_STEPS, target)),
                    "sun-check", {"bonus": 0, **({"target": target} if target is not None else {}), "die": die},
                    mark=target, dist=dist)


def sun_either() -> RollOdds:
    """4d6 named for both extra dice at once ("the best or worst three"): both columns side by side;
    the calculator is set to the bonus die (its Bonus or penalty die field switches to the other)."""
    bonus, penalty = roll_odds("sun-roll", die="bonus"), roll_odds("sun-roll", die="penalty")
    rows = tuple((t, b, p) for (t, b), (_, p) in zip(bonus.rows, penalty.rows))
    return RollOdds("4d6", "six-sided dice, the highest or the lowest three added", bonus.mean, "Dice total", rows,
                    "sun-check", bonus.params, mean_note=f"with a bonus die, {number(penalty.mean)} with a penalty die",
                    set_to="4d6 with a bonus die", columns=("Bonus die", "Penalty die"))


def pool_roll(*, dice: int, need: int | None = None) -> RollOdds:
    """A dice pool's successes on the calculator's default die (pool-check), 1 up to `ROWS` successes,
    and the `need` its sentence names."""
    if dice < 1:
        raise InputError("dice", "A pool needs at least one die.")
    at_least_one("need", need)
    dist = successes(dice)
    top = min(dice, ROWS)
    return RollOdds(f"{dice} {'die' if dice == 1 else 'dice'}", "ten-sided dice, 7 or more a success",
                    dist.mean(), "Successes", rows_from(dist, with_mark(range(1, top + 1), need)), "pool-check",
                    {"dice": dice, **({"need": need} if need is not None else {})}, (DIE_RULING,), mark=need, dist=dist)


KINDS: dict[str, Callable[..., RollOdds]] = {
    "rk-test": rk_test, "rk-damage": rk_damage, "rk-brawn-damage": rk_brawn_damage, "rk-weapon": rk_weapon,
    "rk-hit": rk_hit, "rk-social": rk_social, "rk-social-hit": rk_social_hit, "sun-roll": sun_roll,
    "sun-either": sun_either, "pool": pool_roll,
}


def roll_odds(kind: str, **params: Any) -> RollOdds:
    """The figures of one roll of `kind` (a key of `KINDS`), worked out once per question (`worked_out`):
    a page's popover and its Roll's draw, and the same roll on another page, ask it again."""
    if kind not in KINDS:
        raise InputError("kind", f"Kind must be one of {', '.join(KINDS)}, not {kind!r}.")
    return worked_out(kind, tuple(sorted(params.items())))


@lru_cache(maxsize=None)
def worked_out(kind: str, settings: tuple[tuple[str, Any], ...]) -> RollOdds:
    """One roll's figures, kept by its question (the kind and its settings, in name order)."""
    return KINDS[kind](**dict(settings))


__all__ = ["DEFAULT_BRAWN", "DEFAULT_PANACHE", "KINDS", "ROWS", "RollOdds", "pool_roll", "rk_brawn_damage",
           "rk_damage", "rk_hit", "rk_social", "rk_social_hit", "rk_test", "rk_weapon", "roll_odds", "stepped",
           "sun_either", "sun_roll", "weapon_dice", "worked_out"]
