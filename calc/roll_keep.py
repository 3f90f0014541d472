"""Roll & Keep: XkY on exploding d10s, target numbers, damage and wound checks (docs/rk/).

Two source documents, quoted by seed number in comments: 001, the summary rules, and 000,
the house rules. Every roll meets or beats its TN to succeed; a roll below it fails, and
"short by" is TN - roll.
"""

from __future__ import annotations

from fractions import Fraction
from math import fsum

from typing import Any

from . import data
from .calculator import Calculator, Headline
from .dist import Dist, clip01
from .errors import InputError
from .keep import roll_keep
from .params import BoolParam, ChoiceParam, IntParam

MAX_DICE = 30  # dice rolled in one test (seed 001 has no cap; this keeps every answer fast)
MAX_DAMAGE_DICE = 40  # weapon + Brawn + raises may go a little further
MAX_TN = 300
RAISE = 5  # summary rules: each Raise adds 5 to the TN
TABLE_FLOOR = 0.0005  # the raises table stops once the chance falls below this
KEEP_ALL_RULING = "R-0050"  # calc/data/rulings.json: keep every die when Y exceeds X
EXACT_DICE = 10  # up to this many dice rolled ...
EXACT_BUDGET = 1000  # ... and dice x TN up to this, a near tie is settled in exact fractions (well under a second)

# -- shared helpers ----------------------------------------------------------------------


def _percent(p: float) -> str:
    return f"{p * 100:.2f}%"


def _xky(rolled: int, kept: int) -> str:
    return f"{rolled}k{kept}"


def _tail_note(dist: Dist) -> list[str]:
    if dist.tail > 0:
        return [
            "Exploding dice are followed until less than one chance in ten trillion is left; "
            f"the probability left out is {dist.tail:.1e}."
        ]
    return []


def keep_all_note(rolled: int, kept: int) -> str:
    """The note shown when more dice are to be kept than were rolled (the Codex's reading)."""
    return (
        f"{_xky(rolled, kept)} keeps more dice than it rolls. The rules set no limit here, so the "
        f"Codex keeps every die rolled: {_xky(rolled, rolled)} (its reading, ruling {KEEP_ALL_RULING})."
    )


def _dice_from(
    rolled: int | None, kept: int | None, stat: int | None, skill: int | None
) -> tuple[int, int, list[str]]:
    """Rolled and kept dice, from `rolled`/`kept` or from a STAT + SKILL test (summary rules).

    When more dice are to be kept than were rolled, every rolled die is kept (the Codex's
    reading, `keep_all_note`); the returned `kept` is then the dice rolled.
    """
    notes: list[str] = []
    if (stat is None) != (skill is None):
        missing, given = ("skill", "Stat") if skill is None else ("stat", "Skill")
        label = "Skill" if missing == "skill" else "Stat"
        raise InputError(missing, f"{label} is needed too: with a {given.lower()}, give both the stat and the skill, "
                                  "or leave both blank.")
    if stat is not None and skill is not None:
        rolled, kept = 2 * stat, skill
        notes.append(
            f"A STAT + SKILL test rolls twice the stat and keeps the skill: {stat} + {skill} "
            f"is {_xky(rolled, kept)}, in place of the dice rolled and kept above."
        )
    assert rolled is not None and kept is not None
    if kept > rolled:
        notes.append(keep_all_note(rolled, kept))
        kept = rolled
    return rolled, kept, notes


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
    dist = capped_die(target, sides=sides, explode=explode).keep(rolled, kept)
    return Fraction(dist.weight_at_least(target), dist.total)


def _meets(dist: Dist, target: int, threshold_percent: int, rolled: int, kept: int, explode: bool) -> bool:
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


# -- rk-check --------------------------------------------------------------------------


def check(
    *,
    rolled: int = 5,
    kept: int = 3,
    tn: int = 20,
    raises: int = 0,
    explode: bool = True,
    threshold: int = 50,
    stat: int | None = None,
    skill: int | None = None,
) -> dict[str, Any]:
    """The basic roll (seed 001): XkY on exploding d10s against TN + 5 per raise."""
    rolled, kept, notes = _dice_from(rolled, kept, stat, skill)
    dist = roll_keep(rolled, kept, explode=explode)
    target = tn + RAISE * raises
    chance = dist.at_least(target)
    # the most raises callable at or above the threshold (chance falls as raises rise)
    max_raises: int | None = None
    n = 0
    while _meets(dist, tn + RAISE * n, threshold, rolled, kept, explode) and tn + RAISE * n <= dist.max + RAISE:
        max_raises = n
        n += 1
    rows = []
    last = max(5, (max_raises or 0) + 2, raises)
    for n in range(0, min(last, 60) + 1):
        p = dist.at_least(tn + RAISE * n)
        rows.append((n, tn + RAISE * n, p))
        if p < TABLE_FLOOR and n >= max(raises, (max_raises or 0) + 1):
            break
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
            f"You can call up to {max_raises} raise{'s' if max_raises != 1 else ''} and keep at least a "
            f"{threshold}% chance (TN {tn + RAISE * max_raises})."
        )
    notes.append("A roll succeeds when it meets or beats the TN (the Codex's reading of ties, R-0045).")
    notes.extend(_tail_note(dist))
    return {
        "roll": _xky(rolled, kept),
        "rolled": rolled,
        "kept": kept,
        "target": target,
        "chance": chance,
        "mean": dist.mean(),
        "distribution": dist.pmf(),
        "raises": [[n, p] for n, _, p in rows],
        "max_raises": max_raises,
        "threshold": threshold,
        "tables": [
            {
                "key": "raises",
                "title": f"Chance of success by raises called ({_xky(rolled, kept)} against TN {tn})",
                "columns": [
                    {"label": "Raises", "format": "integer"},
                    {"label": "TN", "format": "integer"},
                    {"label": "Chance", "format": "percent"},
                ],
                "rows": [{"cells": [n, t, p], "mark": n == max_raises} for n, t, p in rows],
            }
        ],
        "notes": notes,
    }


# -- rk-tn -----------------------------------------------------------------------------

_PHYSICAL = {row["id"]: row for row in data.load("rk_physical_tn")["rows"]}
_INTERRUPT = data.load("rk_interrupt")["rows"]
_HOUSE_WEAPONS = {row["id"]: row for row in data.load("rk_weapons_house")["rows"]}
_SUMMARY_WEAPONS = {row["id"]: row for row in data.load("rk_weapons_summary")["rows"]}
_IMPROVISED = {row["id"]: row for row in data.load("rk_improvised_house")["rows"]}
_GRAPPLE_ATTACKS = {row["id"]: row for row in data.load("rk_grapple_attacks")["rows"]}
_RANGE_BANDS = {row["id"]: row for row in data.load("rk_range_bands")["rows"]}
_HORSE = data.load("rk_horse_fall")

# Fixed TN changes stated in seed 000's prose (no table of their own).
DRAWING = 10  # drawing a weapon: +10 to the TN of the rest of that Action
GETTING_UP = 10  # standing up from Prone: +10 to the TN of the rest of that Action
OFF_HAND = -3  # off-hand use: 3 off the roll itself, not a TN change
TWO_PISTOLS = 5  # two pistols fired as one Action: TN to hit +5 (and damage +1k1)
WRESTLING = {  # (label, TN change)
    "none": ("No wrestling", 0),
    "attack_ungrappled": ("Attack (Wrestling) against a target who is not Grappled", 5),
    "escape_athletics": ("Escaping a Grapple with Athletics instead of Wrestling (Escape)", 5),
    "unseat": ("Unseating a rider by grabbing or shoving, as a Wrestling (Grapple) attack", 10),
}
MOUNTED = {
    "none": ("Not mounted", 0),
    "leap_athletics": ("Leaping onto a horse with Athletics instead of Horseman (Mounting)", 10),
    "shared_horse": ("Fighting unarmed or with other weapons on a shared horse", 5),
    "carriage_chase": ("Riding roll to escape or catch up with a carriage", 5),
    "on_foot": ("Athletics roll to keep up with riders on foot", 10),
}

_RANGED = {wid: row for wid, row in _HOUSE_WEAPONS.items() if row["point_blank"] is not None}
# Reach from the house weapons table; "0(1*)" is 0 when attacking and 1 when parrying.
_REACH_WEAPONS = {wid: row for wid, row in _HOUSE_WEAPONS.items() if row["reach"] is not None}
REACH_CHOICES = (
    ("same", "Same Reach, or not counted"),
    ("more_reach", "The attacker's weapon has more Reach than the defender's: \u22125"),
    ("less_reach", "The attacker's weapon has less Reach than the defender's: +5"),
    ("weapons", "Work it out from the two weapons"),
)


def weapon_reach(weapon: str, *, attacking: bool) -> int:
    """A house weapon's Reach: Bucklers, Knives and Panzerhands count 0 attacking, 1 parrying."""
    text = _REACH_WEAPONS[weapon]["reach"]
    if "(" in text:
        attack, parry = text.split("(", 1)
        return int(attack) if attacking else int(parry.rstrip("*)"))
    return int(text)


def _interrupt_penalty(phases: int) -> tuple[str, int] | None:
    if phases <= 0:
        return None
    for row in _INTERRUPT:
        if row["min"] <= phases and (row["max"] is None or phases <= row["max"]):
            return row["phases"], row["tn"]
    raise AssertionError("the interrupt table covers every positive number of phases")


def target_number(
    *,
    knack: int = 2,
    wrong_knack: bool = False,
    passive_defense: int | None = None,
    raises: int = 0,
    grappled: bool = False,
    prone: bool = False,
    cover: str = "none",
    reach: str = "same",
    attacker_weapon: str = "fencing",
    defender_weapon: str = "fencing",
    promoted: int = 0,
    drawing: bool = False,
    getting_up: bool = False,
    off_hand: bool = False,
    ranged_weapon: str = "none",
    range_band: str = "short",
    two_pistols: bool = False,
    wrestling: str = "none",
    grappled_attack: str = "none",
    mounted: str = "none",
    improvised: str = "none",
) -> dict[str, Any]:
    """Build the TN to hit, line by line, from the seed tables and rules."""
    notes: list[str] = []
    if passive_defense is not None:
        tn = passive_defense
        base_label = f"Passive Defense {passive_defense} (house rules)"
    else:
        counted = knack - 1 if wrong_knack else knack
        tn = (counted + 1) * 5
        base_label = (
            f"Defense Knack {knack}{' used as the wrong Knack: counts as ' + str(counted) if wrong_knack else ''}"
            f": ({counted} + 1) x 5"
        )
    breakdown: list[dict[str, Any]] = [{"label": base_label, "change": tn, "tn": tn, "kind": "base"}]

    def add(label: str, change: int) -> None:
        nonlocal tn
        tn += change
        breakdown.append({"label": label, "change": change, "tn": tn, "kind": "tn"})

    if raises:
        add(f"{raises} raise{'s' if raises != 1 else ''} called (+5 each)", RAISE * raises)
    for flag, key in ((grappled, "grappled"), (prone, "prone")):
        if flag:
            add(f"Target {_PHYSICAL[key]['state']}", _PHYSICAL[key]["adjustment"])
    if cover != "none":
        add(_PHYSICAL[cover]["state"], _PHYSICAL[cover]["adjustment"])
    if reach == "weapons":
        mine = weapon_reach(attacker_weapon, attacking=True)
        theirs = weapon_reach(defender_weapon, attacking=False)
        names = (f"the attacker's {_REACH_WEAPONS[attacker_weapon]['weapon']} (Reach {mine}) against the "
                 f"defender's {_REACH_WEAPONS[defender_weapon]['weapon']} (Reach {theirs})")
        if mine != theirs:
            key = "more_reach" if mine > theirs else "less_reach"
            add(f"Reach: {names}", _PHYSICAL[key]["adjustment"])
        else:
            notes.append(f"Reach makes no difference: {names}.")
        if any("(" in _REACH_WEAPONS[w]["reach"] for w in (attacker_weapon, defender_weapon)):
            notes.append(
                "Bucklers, Knives and Panzerhands count Reach 0 when attacking and 1 when parrying; the Codex "
                "gives the defender's weapon its parrying Reach against every attack (its reading)."
            )
    elif reach != "same":
        add(dict(REACH_CHOICES)[reach].split(":")[0], _PHYSICAL[reach]["adjustment"])
    interrupt = _interrupt_penalty(promoted)
    if interrupt:
        add(f"Action Die promoted {promoted} phase{'s' if promoted != 1 else ''} (interrupt, {interrupt[0]})", interrupt[1])
    if drawing:
        add("Drawing a weapon with this Action", DRAWING)
    if getting_up:
        add("Getting up from Prone with this Action", GETTING_UP)
    if ranged_weapon != "none":
        row = _RANGED[ranged_weapon]
        add(f"{row['weapon']} at {_RANGE_BANDS[range_band]['band']}", row[range_band])
    if two_pistols:
        add("Firing two pistols at once", TWO_PISTOLS)
        notes.append("Two pistols fired together also add +1k1 to the damage.")
    if wrestling != "none":
        add(WRESTLING[wrestling][0], WRESTLING[wrestling][1])
    if grappled_attack != "none":
        row = _GRAPPLE_ATTACKS[grappled_attack]
        add(f"Attacking from inside a Grapple: {row['attack']}", row["tn"])
    if mounted != "none":
        add(MOUNTED[mounted][0], MOUNTED[mounted][1])
    if improvised != "none":
        row = _IMPROVISED[improvised]
        add(f"{row['size']} improvised weapon", row["tn_penalty"])
        if improvised == "large":
            notes.append("A Large improvised weapon is +5 or more to TNs: the GM may add more.")
    house_lines = [b for b in breakdown[1:] if not b["label"].startswith(f"{raises} raise")]
    if passive_defense is None and house_lines:
        notes.append(
            "The Codex's reading (R-0015): the house rules' adjustments above are applied to a Passive "
            "Defense worked out with the summary rules' (Knack + 1) x 5, since the house rules give PD no formula."
        )
    effective: int | None = None
    if off_hand:
        effective = tn - OFF_HAND
        breakdown.append(
            {"label": "Off-hand: -3 to the roll (not a TN change)", "change": OFF_HAND, "tn": None, "kind": "roll"}
        )
        notes.append(
            "The off-hand penalty is -3 to the roll, not a change to the TN. The Codex shows it as a "
            f"separate line; needing {tn} with 3 taken off the roll is the same as needing {effective} "
            "on the dice (its reading, for comparing odds)."
        )
    if tn <= 0:
        notes.append("A TN of 0 or less is met by any roll.")
    rows = [
        {"cells": [b["label"], _signed(b["change"]) if b["kind"] != "base" else str(b["change"]), b["tn"]]}
        for b in breakdown
    ]
    rows.append({"cells": ["Target number", "", tn], "mark": True})
    if effective is not None:
        rows.append({"cells": ["Dice needed, counting the off-hand -3 (TN-equivalent)", "+3", effective]})
    # The roll calculator takes the TN before raises and the raises apart, so that its raises
    # table starts from the right TN; the off-hand -3 travels inside the TN (needing 3 more).
    before_raises = tn - RAISE * raises - (OFF_HAND if off_hand else 0)
    dice_tn = min(MAX_TN, max(0, before_raises))
    sent = f"TN {dice_tn}" + (f" and {raises} raise{'s' if raises != 1 else ''}" if raises else "")
    arrived = sent + " from the TN builder" + (", the off-hand \u22123 counted in the TN" if off_hand else "")
    return {
        "tn": tn,
        "effective_tn": effective,
        "roll_penalty": OFF_HAND if off_hand else 0,
        # one click carries this TN into the roll calculator (codex_view renders it as a button)
        "chain": {"calculator": "rk-check", "params": {"tn": dice_tn, "raises": raises},
                  "label": f"Roll against {sent}", "arrived": arrived},
        "breakdown": breakdown,
        "tables": [
            {
                "key": "breakdown",
                "title": "How the TN is built",
                "columns": [
                    {"label": "Line", "format": "text"},
                    {"label": "Change", "format": "text"},
                    {"label": "TN", "format": "integer"},
                ],
                "rows": rows,
            }
        ],
        "notes": notes,
    }


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")


# -- rk-wounds -------------------------------------------------------------------------

RULES = ("house", "summary")
# Weapons that can be thrown: the house Knife and improvised weapons have thrown ranges; the
# summary rules list no ranges but have a Throw skill, and the Codex lets its Dagger be thrown.
THROWABLE = {
    "house": frozenset({"knife", "improvised_small", "improvised_medium", "improvised_large"}),
    "summary": frozenset({"dagger"}),
}
THROWN_RULING = "R-0051"  # calc/data/rulings.json: a thrown summary Dagger adds no Brawn


def _weapon_name(row: dict[str, Any]) -> str:
    return row["weapon"].rstrip("*")


def _weapon_options() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Each weapon's id with its label under each rules that list it (house first, then summary)."""
    labels: dict[str, dict[str, str]] = {}
    for wid, row in _HOUSE_WEAPONS.items():
        if row["damage"] is not None:
            labels.setdefault(wid, {})["house"] = f"{row['weapon']}: {row['damage']}"
    for iid, row in _IMPROVISED.items():
        labels.setdefault(f"improvised_{iid}", {})["house"] = (
            f"Improvised weapon, {row['size'].lower()}: {row['damage']}"
            + (", +5 or more to the TN" if row["tn_penalty"] else "")
        )
    for wid, row in _SUMMARY_WEAPONS.items():
        text = f"{_weapon_name(row)}: {row['damage']}"
        if row.get("improvised"):
            text += ", breaks on a 10"  # the table's asterisk, spelled out
        labels.setdefault(wid, {})["summary"] = text
    labels["custom"] = {rules: "Other: type the damage dice below" for rules in RULES}
    return tuple((wid, tuple((rules, by[rules]) for rules in RULES if rules in by)) for wid, by in labels.items())


WEAPON_OPTIONS = _weapon_options()
_WEAPON_CHOICES: tuple[tuple[str, str], ...] = tuple((wid, dict(by).get("summary") or dict(by)["house"]) for wid, by in WEAPON_OPTIONS)


def weapons_for(rules: str) -> tuple[str, ...]:
    """The weapon ids the chosen rules list (custom included), in the form's order."""
    return tuple(wid for wid, by in WEAPON_OPTIONS if rules in dict(by))


def _weapon_row(rules: str, weapon: str) -> dict[str, Any]:
    """The weapon's row in the chosen rules' table (with its damage split into X and Y)."""
    if rules == "house":
        if weapon.startswith("improvised_") and weapon[len("improvised_"):] in _IMPROVISED:
            row = dict(_IMPROVISED[weapon[len("improvised_"):]])
            row.update(weapon=f"{row['size']} improvised weapon", melee=True, firearm=False)
        elif weapon in _HOUSE_WEAPONS and _HOUSE_WEAPONS[weapon]["damage"] is not None:
            row = dict(_HOUSE_WEAPONS[weapon])
        else:
            raise InputError("weapon", f"Weapon: {_any_label(weapon)} is not in the house rules' weapons table; "
                                       "choose one from the list for the house rules, or Other.")
    else:
        if weapon not in _SUMMARY_WEAPONS:
            raise InputError("weapon", f"Weapon: {_any_label(weapon)} is not in the summary rules' weapons table; "
                                       "choose one from the list for the summary rules, or Other.")
        row = dict(_SUMMARY_WEAPONS[weapon])
        row["weapon"] = _weapon_name(row)
    x, y = row["damage"].split("k")
    row["rolled"], row["kept"] = int(x), int(y)
    return row


def _any_label(weapon: str) -> str:
    for wid, by in WEAPON_OPTIONS:
        if wid == weapon:
            return "the " + by[0][1].split(":")[0]
    return "that weapon"


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
    notes: list[str] = []
    if weapon == "custom":
        for name, title, value in (("damage_rolled", "Damage dice rolled", damage_rolled),
                                   ("damage_kept", "Damage dice kept", damage_kept)):
            if value is None:
                raise InputError(name, f"{title} is needed when the weapon is Other: give the damage dice as X and Y.")
        assert damage_rolled is not None and damage_kept is not None
        base_rolled, kept, melee, firearm = damage_rolled, damage_kept, False, False
        name, table = "Other weapon", _xky(damage_rolled, damage_kept)
        is_thrown = False
    else:
        row = _weapon_row(rules, weapon)
        is_thrown = bool(thrown) and weapon in THROWABLE[rules]
        melee = bool(row["melee"]) and not is_thrown
        firearm = bool(row["firearm"])
        base_rolled, kept = row["rolled"], row["kept"]
        name, table = row["weapon"], row["damage"]
    brawn = attacker_brawn if melee else 0
    rolled = base_rolled + brawn + raises
    parts = []
    if brawn:
        parts.append(f"{brawn} unkept for Brawn")
    if raises:
        parts.append(f"{raises} unkept for raises")
    if parts:
        notes.append(f"{name} {table}, plus " + " and ".join(parts) + f": {_xky(rolled, kept)}.")
    else:
        notes.append(f"{name}: {table} damage dice.")
    if is_thrown:
        why = (f" (the Codex's reading for the summary rules, ruling {THROWN_RULING})" if rules == "summary" else "")
        notes.append(f"Thrown, the {name.lower()} makes a ranged attack, so the thrower's Brawn is not added{why}.")
    elif weapon != "custom" and not melee:
        notes.append(f"A {name.lower()} is a ranged weapon: Brawn is not added to its damage.")
    if kept > rolled:
        notes.append(keep_all_note(rolled, kept))
        kept = rolled
    if rolled > MAX_DAMAGE_DICE:
        raise InputError("raises", f"Damage raises: at most {MAX_DAMAGE_DICE} damage dice can be rolled, and this "
                                   f"hit would roll {rolled}.")
    return {"rolled": rolled, "kept": kept, "label": f"{name} {table}", "firearm": firearm, "melee": melee,
            "thrown": is_thrown, "notes": notes}


def wound_count(short: int, *, rules: str, firearm: bool) -> int:
    """Wounds from one failed check `short` points below the TN (0 when short <= 0).

    house (seed 000): one Dramatic Wound, plus one per full 20 (10 for firearms) points short
    once short by more than 20 (10). summary (seed 001): one Serious Wound, two when short by
    20 or more (10 or more for firearms).
    """
    if short <= 0:
        return 0
    step = 10 if firearm else 20
    if rules == "house":
        return 1 + short // step if short > step else 1
    return 2 if short >= step else 1


def damage_dist(rolled: int, kept: int, *, rules: str, d6_explode: bool = True) -> Dist:
    """Damage dice: d6 in the house rules (exploding per `d6_explode`), exploding d10 in the summary.

    More dice kept than rolled keeps every rolled die (the Codex's reading, `keep_all_note`).
    """
    kept = min(kept, rolled)
    if rules == "house":
        return roll_keep(rolled, kept, sides=6, explode=d6_explode)
    return roll_keep(rolled, kept, sides=10, explode=True)


def shortfall(damage: Dist, check: Dist) -> Dist:
    """How far the Wound Check falls short of a TN of `damage` alone: damage - roll."""
    return damage - check


def wound_probabilities(short: Dist, flesh_wounds: int, *, rules: str, firearm: bool) -> list[float]:
    """P(n wounds) for n = 0, 1, ..., given `short` = damage - roll and the Flesh Wounds before the hit.

    The check's TN is flesh_wounds + damage, so it falls short by short + flesh_wounds. Wound
    counts are constant on bands of shortfall, so each band is one slice sum.
    """
    probs = short.probabilities()
    low = short.min + flesh_wounds  # shortfall of probs[0]

    def band(lo: int | None, hi: int | None) -> float:
        start = 0 if lo is None else max(0, lo - low)
        end = len(probs) if hi is None else max(0, min(len(probs), hi - low + 1))
        return clip01(fsum(probs[start:end])) if end > start else 0.0

    step = 10 if firearm else 20
    out = [band(None, 0)]
    if rules == "house":
        # 1 wound up to `step` short; then 1 + short // step on each band [step*n, step*n + step - 1]
        out.append(band(1, step))
        out.append(band(step + 1, 2 * step - 1))
        n = 2
        top = short.max + flesh_wounds
        while step * n <= top:
            out.append(band(step * n, step * n + step - 1))
            n += 1
    else:
        out.append(band(1, step - 1))
        out.append(band(step, None))
    while len(out) > 2 and out[-1] == 0.0:
        out.pop()
    return out


def wound_distribution(damage: Dist, check: Dist, flesh_wounds: int, *, rules: str, firearm: bool) -> list[float]:
    """P(n wounds) for n = 0, 1, ...: the check (`check`) against TN = flesh_wounds + damage."""
    return wound_probabilities(shortfall(damage, check), flesh_wounds, rules=rules, firearm=firearm)


def wounds(
    *,
    rules: str = "summary",
    brawn: int = 2,
    flesh_wounds: int = 0,
    damage: int | None = None,
    weapon: str = "fencing",
    damage_rolled: int | None = None,
    damage_kept: int | None = None,
    attacker_brawn: int = 2,
    raises: int = 0,
    firearm: str = "weapon",
    d6_explode: bool = True,
    thrown: bool = False,
) -> dict[str, Any]:
    """A hit's damage, then the defender's Wound Check: how many wounds it causes."""
    notes: list[str] = []
    wound_word = "Dramatic" if rules == "house" else "Serious"
    is_firearm = False
    if damage is not None:
        dmg = Dist.constant(damage)
        dice_text = f"{damage} (fixed)"
        if firearm == "weapon" and weapon != "custom":
            is_firearm = bool(_weapon_row(rules, weapon)["firearm"])
        notes.append(f"Damage is the fixed total {damage}; the weapon and damage dice are not rolled.")
    else:
        dice = damage_dice(rules=rules, weapon=weapon, attacker_brawn=attacker_brawn, raises=raises,
                           thrown=thrown, damage_rolled=damage_rolled, damage_kept=damage_kept)
        rolled, kept, is_firearm = dice["rolled"], dice["kept"], dice["firearm"]
        notes.extend(dice["notes"])
        dmg = damage_dist(rolled, kept, rules=rules, d6_explode=d6_explode)
        if rules == "house":
            dice_text = f"{_xky(rolled, kept)} on " + ("exploding d6s" if d6_explode else "d6s that do not explode")
        else:
            dice_text = f"{_xky(rolled, kept)} on exploding d10s"
        if rules == "summary" and weapon in _SUMMARY_WEAPONS and _SUMMARY_WEAPONS[weapon].get("improvised"):
            notes.append(
                "Improvised weapons (summary rules) take penalties for being unwieldy and break whenever one "
                "of their damage dice shows a 10; size adds unkept dice at the GM's call."
            )
    if firearm != "weapon":
        is_firearm = firearm == "yes"
    check_dist = roll_keep(brawn, brawn, sides=10, explode=True)
    probs = wound_distribution(dmg, check_dist, flesh_wounds, rules=rules, firearm=is_firearm)
    while len(probs) < 4:
        probs.append(0.0)
    p_wound = clip01(fsum(probs[1:]))
    expected = fsum(n * p for n, p in enumerate(probs))
    step = 10 if is_firearm else 20
    if rules == "house":
        notes.append(
            f"House rules: a failed Wound Check ({brawn}k{brawn}, exploding d10s, against a TN of the "
            f"{flesh_wounds} Flesh Wounds already taken plus this damage) gives 1 Dramatic Wound, and 1 more "
            f"for each full {step} points short once it misses by more than {step}"
            + (", as firearms count in 10s" if is_firearm else "")
            + f". Missing by exactly {step} gives 1 wound."
        )
        notes.append(
            "House damage dice are d6s. The Codex reads them as exploding on a 6 (ruling R-0016), since the "
            "Crippled and improvised-weapon rules take exploding damage dice for granted; untick "
            "\u201cHouse d6 damage dice explode\u201d for the other reading."
        )
    else:
        notes.append(
            f"Summary rules: a failed Wound Check ({brawn}k{brawn} against a TN of the {flesh_wounds} Flesh "
            f"Wounds already taken plus this damage) gives 1 Serious Wound, and 2 when it misses by {step} or more"
            + (", as for firearms" if is_firearm else "") + "."
        )
    notes.append("The Wound Check succeeds when it meets or beats the TN (the Codex's reading of ties, R-0045); "
                 "the amount it misses by is the TN minus the roll.")
    notes.extend(_tail_note(dmg) if dmg.tail else _tail_note(check_dist))
    pmf = dmg.pmf()
    return {
        "rules": rules,
        "damage_dice": dice_text,
        "firearm": is_firearm,
        "damage": pmf,
        "distribution": pmf,
        "distribution_title": "Damage of the hit",
        "expected_damage": dmg.mean(),
        "wounds": [[n, p] for n, p in enumerate(probs)],
        "p_wound": p_wound,
        "expected_wounds": expected,
        "tables": [
            {
                "key": "wounds",
                "title": f"{wound_word} Wounds from this hit",
                "columns": [{"label": "Wounds", "format": "text"}, {"label": "Chance", "format": "percent"}],
                "rows": wound_rows(probs, rules=rules),
            }
        ],
        "notes": notes,
    }


WOUND_ROW_FLOOR = 0.0005  # the wounds table lists counts one by one while this much chance is left


def wound_rows(probs: list[float], *, rules: str) -> list[dict[str, Any]]:
    """Table rows: each wound count while at least `WOUND_ROW_FLOOR` of the chance is still to come,
    then one "N or more" row for the rest (house rules list at least 0 to 3, summary rules 0 to 2)."""
    rows: list[dict[str, Any]] = []
    n = 0
    least = 3 if rules == "house" else 2
    while n < len(probs):
        rest = fsum(probs[n + 1:])
        if n >= least and rest < WOUND_ROW_FLOOR and rest > 0:
            rows.append({"cells": [f"{n} or more", clip01(fsum(probs[n:]))]})
            return rows
        rows.append({"cells": [str(n), probs[n]]})
        if rest == 0 and n >= least:
            break
        n += 1
    return rows


# -- rk-horse-fall ---------------------------------------------------------------------


def horse_fall(
    *,
    rolled: int = 4,
    kept: int = 2,
    stat: int | None = None,
    skill: int | None = None,
    wounds: int = 1,
    taken: int = 1,
    galloping: bool = False,
    explode: bool = True,
    d6_explode: bool = True,
) -> dict[str, Any]:
    """Seed 000: a rider who takes Physical Dramatic Wounds rolls to stay in the saddle."""
    rolled, kept, notes = _dice_from(rolled, kept, stat, skill)
    if taken > wounds:
        raise InputError("taken", f"Wounds taken at once ({taken}) cannot be more than the current Dramatic Wounds "
                                  f"({wounds}), which include the ones just taken.")
    base = _HORSE["stay_in_saddle_tn"]["base"]
    per = _HORSE["stay_in_saddle_tn"]["per_dramatic_wound"]
    tn = base + per * wounds
    ride = roll_keep(rolled, kept, explode=explode)
    fall = ride.below(tn)
    # several wounds at once: one roll each, counted one at a time (the Codex's reading)
    targets = [base + per * w for w in range(wounds - taken + 1, wounds + 1)]
    stay_all = 1.0
    for target in targets:
        stay_all *= 1.0 - ride.below(target)
    p_any = 1.0 - stay_all
    row = _HORSE["rows"][1 if galloping else 0]
    fall_damage = damage_dist(row["rolled"], row["kept"], rules="house", d6_explode=d6_explode)
    rows = []
    for w in range(1, 11):
        rows.append({"cells": [w, base + per * w, ride.below(base + per * w)], "mark": w == wounds})
    notes.append(
        f"Riding roll {_xky(rolled, kept)} against TN {base} + {per} x {wounds} current Dramatic Wounds = {tn}; "
        "the rider falls when the roll is below the TN."
    )
    if taken > 1:
        notes.append(
            f"{taken} wounds taken at once mean {taken} separate rolls. The Codex counts them one at a "
            f"time, so the rolls are against TN " + ", ".join(str(t) for t in targets) + "."
        )
    notes.append(
        f"A fall deals {row['damage']} Physical Damage ({row['situation'].lower()}), rolled on d6s as all "
        "house damage is; "
        + ("the Codex lets them explode on a 6 (ruling R-0016)." if d6_explode
           else "here they do not explode, the other reading of ruling R-0016.")
    )
    notes.extend(_tail_note(ride))
    return {
        "tn": tn,
        "tns": targets,
        "roll": _xky(rolled, kept),
        "chance": fall,
        "p_any_fall": p_any,
        "stay": 1.0 - fall,
        "fall_damage": row["damage"],
        "fall_damage_mean": fall_damage.mean(),
        "distribution": ride.pmf(),
        "distribution_title": "The riding roll",
        "tables": [
            {
                "key": "by_wounds",
                "title": f"Chance of falling on one roll, by current Dramatic Wounds ({_xky(rolled, kept)})",
                "columns": [
                    {"label": "Wounds", "format": "integer"},
                    {"label": "TN", "format": "integer"},
                    {"label": "Falls", "format": "percent"},
                ],
                "rows": rows,
            }
        ],
        "notes": notes,
    }


# -- the registry's view ---------------------------------------------------------------

_DICE_HELP = f"at most {MAX_DICE}"


def _dice_params(rolled: int, kept: int, what: str) -> tuple[IntParam, ...]:
    return (
        IntParam("rolled", "Dice rolled (X)", rolled, minimum=1, maximum=MAX_DICE, required=False,
                 help=f"Ten-sided dice thrown for the {what}, {_DICE_HELP}."),
        IntParam("kept", "Dice kept (Y)", kept, minimum=1, maximum=MAX_DICE, required=False,
                 help="The best Y are added up; more than the dice rolled keeps them all (R-0050)."),
        IntParam("stat", "Stat (optional)", None, minimum=1, maximum=MAX_DICE // 2, optional=True, required=False,
                 help="With a skill: a STAT + SKILL test rolls twice the stat and keeps the skill."),
        IntParam("skill", "Skill (optional)", None, minimum=1, maximum=MAX_DICE, optional=True, required=False,
                 help="With a stat: replaces the dice rolled and kept above."),
    )


CALCULATORS = (
    Calculator(
        id="rk-check",
        title="Roll & Keep odds",
        rule="rk/basics.md#rk-basic-roll",
        summary="Chance that XkY on exploding d10s meets the TN, and how many raises you can afford.",
        params=(
            *_dice_params(5, 3, "roll"),
            IntParam("tn", "Target number", 20, minimum=0, maximum=MAX_TN,
                     help="The TN before raises, for example (Defense Knack + 1) x 5."),
            IntParam("raises", "Raises called", 0, minimum=0, maximum=20, required=False,
                     help="Each raise adds 5 to the TN."),
            BoolParam("explode", "Tens explode", True, required=False, more=True,
                      help="Untick for a Crippled character's Finesse roll (house rules): no die explodes."),
            IntParam("threshold", "Threshold for raises (%)", 50, minimum=1, maximum=100, required=False, more=True,
                     help="The most raises you can call while the chance stays at or above this."),
        ),
        compute=check,
        headlines=(
            Headline("chance", "Chance of success"),
            Headline("max_raises", "Raises you can call at the threshold", "integer"),
            Headline("mean", "Average total", "number"),
        ),
    ),
    Calculator(
        id="rk-tn",
        title="Target number builder",
        rule="rk/attacking.md#rk-target-numbers",
        summary="The TN to hit, from the defense Knack or Passive Defense and every modifier.",
        params=(
            IntParam("knack", "Defense Knack", 2, minimum=0, maximum=10, required=False,
                     help="TN = (Knack + 1) x 5 (summary rules)."),
            BoolParam("wrong_knack", "Wrong defense Knack", False, required=False, more=True,
                      help="A Knack that does not fit the attack counts one lower."),
            IntParam("passive_defense", "Passive Defense (optional)", None, minimum=0, maximum=100, optional=True,
                     required=False, help="House rules: type the PD to use it instead of the Knack."),
            IntParam("raises", "Raises called", 0, minimum=0, maximum=20, required=False, help="+5 each."),
            BoolParam("grappled", "Target Grappled", False, required=False, help="-10 to PD."),
            BoolParam("prone", "Target Prone", False, required=False, help="-15 to PD."),
            ChoiceParam("cover", "Ranged attack: cover", "none", required=False,
                        choices=(("none", "Not a ranged attack"),
                                 *((k, _PHYSICAL[k]["state"]) for k in ("ranged_no_cover", "ranged_some_cover", "ranged_good_cover"))),
                        help="No cover -5, some cover 0, good cover +5."),
            ChoiceParam("reach", "Reach", "same", required=False, choices=REACH_CHOICES,
                        help="The attacker's weapon against the defender's (house rules), or pick both weapons."),
            ChoiceParam("attacker_weapon", "Attacker's weapon (for Reach)", "fencing", required=False,
                        shown_when=(("reach", ("weapons",)),),
                        choices=tuple((k, f"{row['weapon']}, Reach {weapon_reach(k, attacking=True)}")
                                      for k, row in _REACH_WEAPONS.items()),
                        help="Its Reach when attacking."),
            ChoiceParam("defender_weapon", "Defender's weapon (for Reach)", "fencing", required=False,
                        shown_when=(("reach", ("weapons",)),),
                        choices=tuple((k, f"{row['weapon']}, Reach {weapon_reach(k, attacking=False)}")
                                      for k, row in _REACH_WEAPONS.items()),
                        help="Its Reach when parrying."),
            IntParam("promoted", "Phases promoted (interrupt)", 0, minimum=0, maximum=10, required=False, more=True,
                     help="1-2: +5, 3-4: +10, 5-6: +15, 7 or more: +20."),
            BoolParam("drawing", "Drawing a weapon", False, required=False, more=True, help="+10 to the TN."),
            BoolParam("getting_up", "Getting up from Prone", False, required=False, more=True, help="+10 to the TN."),
            BoolParam("off_hand", "Off-hand", False, required=False,
                      help="-3 to the roll: shown as its own line, not added to the TN."),
            ChoiceParam("ranged_weapon", "Ranged weapon", "none", required=False,
                        choices=(("none", "None"), *((k, row["weapon"]) for k, row in _RANGED.items())),
                        help="Its range band adjusts the TN (house weapons table)."),
            ChoiceParam("range_band", "Range band", "short", required=False,
                        shown_when=(("ranged_weapon", tuple(_RANGED)),),
                        choices=tuple((k, row["band"]) for k, row in _RANGE_BANDS.items()),
                        help="Point Blank is 10 feet or less; Short is up to half the weapon's Range."),
            BoolParam("two_pistols", "Two pistols at once", False, required=False, more=True, help="+5 to the TN (+1k1 damage)."),
            ChoiceParam("wrestling", "Wrestling", "none", required=False, more=True,
                        choices=tuple((k, v[0]) for k, v in WRESTLING.items()), help="House wrestling rules."),
            ChoiceParam("grappled_attack", "Attacking while Grappled", "none", required=False, more=True,
                        choices=(("none", "Not Grappled"), *((k, row["attack"]) for k, row in _GRAPPLE_ATTACKS.items())),
                        help="The Grappled target's own attack."),
            ChoiceParam("mounted", "Mounted", "none", required=False, more=True,
                        choices=tuple((k, v[0]) for k, v in MOUNTED.items()), help="House mounted rules."),
            ChoiceParam("improvised", "Improvised weapon", "none", required=False, more=True,
                        choices=(("none", "None"), *((k, f"{row['size']} ({row['damage']})") for k, row in _IMPROVISED.items())),
                        help="Large improvised weapons are +5 (or more) to TNs."),
        ),
        compute=target_number,
        headlines=(Headline("tn", "Target number", "integer"),
                   Headline("effective_tn", "Needed on the dice with the off-hand -3", "integer")),
    ),
    Calculator(
        id="rk-wounds",
        title="Damage and Wound Check",
        rule="rk/damage.md#rk-wound-checks",
        summary="The damage of a hit, and the chance it causes wounds through the Wound Check.",
        params=(
            ChoiceParam("rules", "Rules", "summary", required=False,
                        choices=(("summary", "Summary rules (d10 damage, Serious Wounds)"),
                                 ("house", "House rules (d6 damage, Dramatic Wounds)")),
                        help="Which rules the damage and the wound count follow."),
            IntParam("brawn", "Defender's Brawn", 2, minimum=1, maximum=15,
                     help="The Wound Check rolls Brawn k Brawn on exploding d10s."),
            IntParam("flesh_wounds", "Flesh Wounds already taken", 0, minimum=0, maximum=MAX_TN, required=False,
                     help="Added to this hit's damage to make the Wound Check's TN."),
            IntParam("damage", "Damage (optional, fixed)", None, minimum=0, maximum=MAX_TN, optional=True,
                     required=False, help="Type a damage total to skip the damage roll."),
            ChoiceParam("weapon", "Weapon", "fencing", choices=_WEAPON_CHOICES, required=False,
                        filtered_by="rules", offered=WEAPON_OPTIONS,
                        help="The chosen rules' weapons table, with each weapon's damage dice. "
                             "Other takes the damage dice from the two fields below."),
            BoolParam("thrown", "Thrown", False, required=False,
                      shown_when=(("weapon", tuple(sorted(THROWABLE["house"] | THROWABLE["summary"]))),),
                      help="Thrown instead of used in hand: a ranged attack, so Brawn is not added."),
            IntParam("damage_rolled", "Damage dice rolled (Other)", None, minimum=0, maximum=MAX_DICE,
                     optional=True, required=False, shown_when=(("weapon", ("custom",)),),
                     help="X of the weapon's XkY, before raises."),
            IntParam("damage_kept", "Damage dice kept (Other)", None, minimum=1, maximum=MAX_DICE,
                     optional=True, required=False, shown_when=(("weapon", ("custom",)),),
                     help="Y of the weapon's XkY."),
            IntParam("attacker_brawn", "Attacker's Brawn", 2, minimum=0, maximum=15, required=False,
                     help="Weapons used in hand add it as unkept dice."),
            IntParam("raises", "Damage raises", 0, minimum=0, maximum=15, required=False,
                     help="Each raise called for damage adds one unkept die."),
            ChoiceParam("firearm", "Firearm", "weapon", required=False, more=True,
                        choices=(("weapon", "As the weapon table says"), ("yes", "Yes"), ("no", "No")),
                        help="Firearms count the wound threshold in 10s instead of 20s."),
            BoolParam("d6_explode", "House d6 damage dice explode", True, required=False, more=True,
                      shown_when=(("rules", ("house",)),),
                      help="The Codex's reading (R-0016): the house rules make damage dice d6s without saying "
                           "whether they explode, and their Crippled and improvised-weapon rules assume they do, on a 6."),
        ),
        compute=wounds,
        headlines=(
            Headline("p_wound", "Chance of at least one wound"),
            Headline("expected_wounds", "Average wounds", "number"),
            Headline("expected_damage", "Average damage", "number"),
        ),
    ),
    Calculator(
        id="rk-horse-fall",
        title="Falling from a horse",
        rule="rk/mounted.md#rk-falling-from-a-horse",
        summary="Chance that a wounded rider fails the roll to stay in the saddle.",
        params=(
            *_dice_params(4, 2, "riding roll"),
            IntParam("wounds", "Current Dramatic Wounds", 1, minimum=1, maximum=20,
                     help="Physical Dramatic Wounds he has now, the new ones included: TN = 5 + 5 x wounds."),
            IntParam("taken", "Wounds taken at once", 1, minimum=1, maximum=10, required=False,
                     help="One roll for each wound taken in the same hit, counted one at a time."),
            BoolParam("galloping", "Horse galloping", False, required=False,
                      help="A fall deals 6k3 instead of 4k2."),
            BoolParam("explode", "Tens explode", True, required=False, more=True,
                      help="Untick if the riding roll's dice do not explode."),
            BoolParam("d6_explode", "Falling damage dice explode", True, required=False, more=True,
                      help="The Codex's reading (R-0016): house damage d6s explode on a 6. Untick for the other "
                           "reading; it changes the average falling damage."),
        ),
        compute=horse_fall,
        headlines=(
            Headline("chance", "Chance of falling (roll at the current wounds)"),
            Headline("p_any_fall", "Chance of falling (one roll per wound taken)"),
            Headline("fall_damage_mean", "Average falling damage", "number"),
        ),
    ),
)

__all__ = ["CALCULATORS", "check", "horse_fall", "target_number", "wound_count", "wounds"]
