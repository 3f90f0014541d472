"""Roll & Keep rules shared by its calculators: limits, exact chances, weapons and their damage dice.

Two source documents, quoted by seed number in comments: 001, the summary rules, and 000,
the house rules. Every roll meets or beats its TN to succeed; a roll below it fails, and
"short by" is TN - roll. The damage and Wound Check maths live in `calc.rk_damage` and are
re-exported here. The calculators' shared fields and dice reading are `calc.rk_vocabulary`'s.
"""

from __future__ import annotations

from fractions import Fraction
from math import fsum
from typing import Any

from . import data
from .dist import Dist, clip01
from .errors import InputError
from .keep import keep_highest
from .rk_damage import (
    WOUND_ROW_FLOOR,
    damage_dist,
    shortfall,
    wound_count,
    wound_distribution,
    wound_probabilities,
    wound_rows,
)
from .wording import xky

MAX_DICE = 30  # dice rolled in one test (seed 001 has no cap; this keeps every answer fast)
MAX_DAMAGE_DICE = 40  # weapon + Brawn + raises may go a little further
MAX_TN = 300
RAISE = data.load("rk_numbers")["raise"]  # what each Raise adds to a TN (and, house rules, to a Parry's TN per damage Raise)
KEEP_ALL_RULING = "R-0050"  # calc/data/rulings.json: keep every die when Y exceeds X
EXACT_DICE = 10  # up to this many dice rolled ...
EXACT_BUDGET = 1000  # ... and dice x TN up to this, a near tie is settled in exact fractions (well under a second)

# -- notes every calculator may give ------------------------------------------------------


def tail_note(dist: Dist) -> list[str]:
    """The note on what a truncated explosion leaves out (none when nothing is)."""
    if dist.tail > 0:
        return [
            "Exploding dice are followed until less than one chance in ten trillion is left; "
            f"the probability left out is {dist.tail:.1e}."
        ]
    return []


def keep_all_note(rolled: int, kept: int) -> str:
    """The note shown when more dice are to be kept than were rolled (the Codex's reading)."""
    return (
        f"{xky(rolled, kept)} keeps more dice than it rolls. The rules set no limit here, so the "
        f"Codex keeps every die rolled: {xky(rolled, rolled)} (its reading, ruling {KEEP_ALL_RULING})."
    )


def result_table(key: str, title: str, columns: tuple[tuple[str, str], ...],
                 rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A table of a result, as the views draw it: `columns` are (label, format) pairs."""
    return {"key": key, "title": title, "columns": [{"label": label, "format": kind} for label, kind in columns],
            "rows": rows}


# -- exact chances near a threshold ------------------------------------------------------------


def capped_die(target: int, *, sides: int = 10, explode: bool = True) -> Dist:
    """One die with every value of `target` or more merged into `target`, in exact integer weights.

    Whether a kept total reaches `target` does not change when each die is capped at `target`
    (a die that reaches it alone still does), and the capped exploding die has finitely many
    faces, so P(XkY >= target) becomes an exact fraction instead of a truncated series.
    """
    if not explode:
        return Dist.die(sides)
    levels = 1
    while sides * (levels - 1) + 1 < target:
        levels += 1
    weights: dict[int, int] = {}
    for level in range(levels):
        weight = sides ** (levels - level - 1)  # sides**-(level + 1), over sides**levels
        for face in range(1, sides):
            value = min(sides * level + face, target)
            weights[value] = weights.get(value, 0) + weight
    # what explodes past the last level is worth more than the target
    weights[max(target, 1)] = weights.get(max(target, 1), 0) + 1
    return Dist.from_weights(weights)


def exact_at_least(rolled: int, kept: int, target: int, *, explode: bool = True, sides: int = 10) -> Fraction:
    """P(XkY >= target) as an exact fraction (see `capped_die`)."""
    if target <= kept:
        return Fraction(1)
    dist = keep_highest(capped_die(target, sides=sides, explode=explode), rolled, kept)
    return Fraction(dist.weight_at_least(target), dist.total)


def meets(dist: Dist, target: int, threshold_percent: int, rolled: int, kept: int, explode: bool) -> bool:
    """P(dist >= target) >= threshold, decided exactly even when the chance sits on the threshold."""
    if target <= dist.min:
        return True
    if dist.exact:
        return dist.weight_at_least(target) * 100 >= threshold_percent * dist.total
    gap = dist.at_least(target) * 100 - threshold_percent
    if abs(gap) > 1e-7:  # the truncated series is within 1e-13 of the truth: far from a tie
        return gap > 0
    if rolled <= EXACT_DICE and rolled * target <= EXACT_BUDGET:
        return exact_at_least(rolled, kept, target, explode=explode) * 100 >= threshold_percent
    # too big to settle in fractions quickly: a chance this close to the line counts as on it
    return gap > -1e-9


# -- weapons and their damage dice --------------------------------------------------------------

HOUSE_WEAPONS = {row["id"]: row for row in data.load("rk_weapons_house")["rows"]}
SUMMARY_WEAPONS = {row["id"]: row for row in data.load("rk_weapons_summary")["rows"]}
IMPROVISED = {row["id"]: row for row in data.load("rk_improvised_house")["rows"]}

RULES = ("house", "summary")
# Weapons that can be thrown: the house Knife and improvised weapons have thrown ranges; the
# summary rules list no ranges but have a Throw skill, and the Codex lets its Dagger be thrown.
THROWABLE = {rules: frozenset(ids) for rules, ids in data.load("rk_numbers")["throwable"].items()}
THROWN_RULING = "R-0051"  # calc/data/rulings.json: a thrown summary Dagger adds no Brawn


def _weapon_name(row: dict[str, Any]) -> str:
    return row["weapon"].rstrip("*")


def _weapon_options() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Each weapon's id with its label under each rules that list it (house first, then summary)."""
    labels: dict[str, dict[str, str]] = {}
    for wid, row in HOUSE_WEAPONS.items():
        if row["damage"] is not None:
            labels.setdefault(wid, {})["house"] = f"{row['weapon']}: {row['damage']}"
    for iid, row in IMPROVISED.items():
        labels.setdefault(f"improvised_{iid}", {})["house"] = (
            f"Improvised weapon, {row['size'].lower()}: {row['damage']}"
            + (", +5 or more to the TN" if row["tn_penalty"] else "")
        )
    for wid, row in SUMMARY_WEAPONS.items():
        text = f"{_weapon_name(row)}: {row['damage']}"
        if row.get("improvised"):
            text += ", breaks on a 10"  # the table's asterisk, spelled out
        labels.setdefault(wid, {})["summary"] = text
    labels["custom"] = {rules: "Other: type the damage dice below" for rules in RULES}
    return tuple((wid, tuple((rules, by[rules]) for rules in RULES if rules in by)) for wid, by in labels.items())


WEAPON_OPTIONS = _weapon_options()
WEAPON_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (wid, dict(by).get("summary") or dict(by)["house"]) for wid, by in WEAPON_OPTIONS
)


def weapon_row(rules: str, weapon: str) -> dict[str, Any]:
    """The weapon's row in the chosen rules' table (with its damage split into X and Y)."""
    if rules == "house":
        if weapon.startswith("improvised_") and weapon[len("improvised_"):] in IMPROVISED:
            row = dict(IMPROVISED[weapon[len("improvised_"):]])
            row.update(weapon=f"{row['size']} improvised weapon", melee=True, firearm=False)
        elif weapon in HOUSE_WEAPONS and HOUSE_WEAPONS[weapon]["damage"] is not None:
            row = dict(HOUSE_WEAPONS[weapon])
        else:
            raise InputError("weapon", f"Weapon: {_any_label(weapon)} is not in the house rules' weapons table; "
                                       "choose one from the list for the house rules, or Other.")
    else:
        if weapon not in SUMMARY_WEAPONS:
            raise InputError("weapon", f"Weapon: {_any_label(weapon)} is not in the summary rules' weapons table; "
                                       "choose one from the list for the summary rules, or Other.")
        row = dict(SUMMARY_WEAPONS[weapon])
        row["weapon"] = _weapon_name(row)
    x, y = row["damage"].split("k")
    row["rolled"], row["kept"] = int(x), int(y)
    return row


def _any_label(weapon: str) -> str:
    for wid, by in WEAPON_OPTIONS:
        if wid == weapon:
            return "the " + by[0][1].split(":")[0]
    return "that weapon"


def _custom_dice(damage_rolled: int | None, damage_kept: int | None) -> tuple[int, int]:
    """The damage dice typed for an Other weapon, both required."""
    for name, title, value in (("damage_rolled", "Damage dice rolled", damage_rolled),
                               ("damage_kept", "Damage dice kept", damage_kept)):
        if value is None:
            raise InputError(name, f"{title} is needed when the weapon is Other: give the damage dice as X and Y.")
    assert damage_rolled is not None and damage_kept is not None
    return damage_rolled, damage_kept


def _damage_notes(hit: dict[str, Any], *, rules: str, custom: bool, brawn: int, raises: int) -> list[str]:
    """The sentences on how a hit's damage dice were built (from `damage_dice`'s figures)."""
    name, table = hit["name"], hit["table"]
    parts = []
    if brawn:
        parts.append(f"{brawn} unkept for Brawn")
    if raises:
        parts.append(f"{raises} unkept for raises")
    if parts:
        notes = [f"{name} {table}, plus " + " and ".join(parts) + f": {xky(hit['rolled'], hit['kept'])}."]
    else:
        notes = [f"{name}: {table} damage dice."]
    if hit["thrown"]:
        why = (f" (the Codex's reading for the summary rules, ruling {THROWN_RULING})" if rules == "summary" else "")
        notes.append(f"Thrown, the {name.lower()} makes a ranged attack, so the thrower's Brawn is not added{why}.")
    elif not custom and not hit["melee"]:
        notes.append(f"A {name.lower()} is a ranged weapon: Brawn is not added to its damage.")
    return notes


def damage_dice(
    *,
    rules: str,
    weapon: str,
    attacker_brawn: int = 0,
    raises: int = 0,
    thrown: bool = False,
    damage_rolled: int | None = None,
    damage_kept: int | None = None,
) -> dict[str, Any]:
    """The damage dice of one hit: the weapon's XkY, plus Brawn (melee only) and raises as unkept dice.

    A thrown weapon (`THROWABLE`) is a ranged attack, so it adds no Brawn; `thrown` is ignored
    for a weapon that cannot be thrown. When more dice are to be kept than are rolled, every
    rolled die is kept (the Codex's reading, `keep_all_note`).

    Returns a dict with `rolled`, `kept` (after that reading), `label` (weapon and table damage),
    `firearm`, `melee` (True when Brawn counted), `thrown` and `notes` (sentences for the reader).
    """
    custom = weapon == "custom"
    if custom:
        base_rolled, kept = _custom_dice(damage_rolled, damage_kept)
        melee, firearm, is_thrown = False, False, False
        name, table = "Other weapon", xky(base_rolled, kept)
    else:
        row = weapon_row(rules, weapon)
        is_thrown = bool(thrown) and weapon in THROWABLE[rules]
        melee = bool(row["melee"]) and not is_thrown
        firearm = bool(row["firearm"])
        base_rolled, kept = row["rolled"], row["kept"]
        name, table = row["weapon"], row["damage"]
    brawn = attacker_brawn if melee else 0
    rolled = base_rolled + brawn + raises
    hit = {"name": name, "table": table, "rolled": rolled, "kept": kept, "thrown": is_thrown, "melee": melee}
    notes = _damage_notes(hit, rules=rules, custom=custom, brawn=brawn, raises=raises)
    if kept > rolled:
        notes.append(keep_all_note(rolled, kept))
        kept = rolled
    if rolled > MAX_DAMAGE_DICE:
        raise InputError("raises", f"Damage raises: at most {MAX_DAMAGE_DICE} damage dice can be rolled, and this "
                                   f"hit would roll {rolled}.")
    return {"rolled": rolled, "kept": kept, "label": f"{name} {table}", "firearm": firearm, "melee": melee,
            "thrown": is_thrown, "notes": notes}


def defended(attack: Dist, defense: Dist, target: int, extra: int) -> float:
    """P(attack >= target and defense >= attack + extra): a hit that the defender's roll turns aside.

    The defense is rolled against the attack's own total (plus `extra`), so the two rolls are
    combined outcome by outcome rather than as two independent chances.
    """
    turned = [p for _, p in defense.survival()]   # turned[j]: P(defense >= defense.offset + j)
    terms = []
    total = attack.total
    for i, w in enumerate(attack.weights):
        a = attack.offset + i
        if w and a >= target:
            j = max(0, a + extra - defense.offset)
            if j >= len(turned):
                break
            terms.append(w / total * turned[j])
    return clip01(fsum(terms))


__all__ = [
    "EXACT_BUDGET", "EXACT_DICE", "HOUSE_WEAPONS", "IMPROVISED", "KEEP_ALL_RULING", "MAX_DAMAGE_DICE", "MAX_DICE",
    "MAX_TN", "RAISE", "RULES", "SUMMARY_WEAPONS", "THROWABLE", "THROWN_RULING", "WEAPON_CHOICES",
    "WEAPON_OPTIONS", "WOUND_ROW_FLOOR", "capped_die", "damage_dice", "damage_dist", "defended",
    "exact_at_least", "keep_all_note", "meets", "result_table", "shortfall", "tail_note", "weapon_row",
    "wound_count", "wound_distribution", "wound_probabilities", "wound_rows",
]
