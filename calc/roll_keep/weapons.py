"""Roll & Keep weapons as the two rules' tables list them: each weapon's row, its label in a list, and
which weapons add their wielder's Brawn, can be thrown, or are firearms.

Two source documents: the summary rules (001) and the house rules (000, with its improvised
weapons). A weapon id names the same weapon in both tables where both list it. The weapon in a
wielder's hand, with his Brawn and the raises of a hit, is `calc.roll_keep.exchange.Weapon`.
"""

from __future__ import annotations

from typing import Any

from calc import data
from calc.roll_keep.damage import DAMAGE_SIDES
from calc.wording import signed

HOUSE_WEAPONS = {row["id"]: row for row in data.load("rk_weapons_house")["rows"]}
SUMMARY_WEAPONS = {row["id"]: row for row in data.load("rk_weapons_summary")["rows"]}
IMPROVISED = {row["id"]: row for row in data.load("rk_improvised_house")["rows"]}
IMPROVISED_PREFIX = "improvised_"   # a house improvised weapon's id: "improvised_" and its size's id
OTHER = "custom"   # the weapon whose damage dice the reader types

RULES = ("house", "summary")
# Weapons that can be thrown: the house Knife and improvised weapons have thrown ranges; the
# summary rules list no ranges but have a Throw skill, and the Codex lets its Dagger be thrown.
THROWABLE = {rules: frozenset(ids) for rules, ids in data.load("rk_numbers")["throwable"].items()}
THROWN_RULING = "R-0051"  # calc/data/rulings.json: a thrown summary Dagger adds no Brawn


def weapon_name(row: dict[str, Any]) -> str:
    """A table row's weapon without the table's footnote mark."""
    return row["weapon"].rstrip("*")


def _weapon_options() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Each weapon's id with its label under each rules that list it (house first, then summary)."""
    labels: dict[str, dict[str, str]] = {}
    for wid, row in HOUSE_WEAPONS.items():
        if row["damage"] is not None:
            labels.setdefault(wid, {})["house"] = f"{row['weapon']}: {row['damage']}"
    for iid, row in IMPROVISED.items():
        labels.setdefault(f"{IMPROVISED_PREFIX}{iid}", {})["house"] = (
            f"Improvised weapon, {row['size'].lower()}: {row['damage']}"
            + (f", {improvised_tn_words(row['tn_penalty'])}" if row["tn_penalty"] else "")
        )
    for wid, row in SUMMARY_WEAPONS.items():
        text = f"{weapon_name(row)}: {row['damage']}"
        if row.get("improvised"):
            text += f", breaks on a {DAMAGE_SIDES['summary']}"  # the table's asterisk, spelled out (a '0' is a ten)
        labels.setdefault(wid, {})["summary"] = text
    labels[OTHER] = {rules: "Other: type the damage dice below" for rules in RULES}
    return tuple((wid, tuple((rules, by[rules]) for rules in RULES if rules in by)) for wid, by in labels.items())


def improvised_tn_words(penalty: int) -> str:
    """A Large improvised weapon's TN penalty in a label: +5 or more to the TN."""
    return f"{signed(penalty)} or more to the TN"


def weapon_row(rules: str, weapon: str) -> dict[str, Any]:
    """The weapon's row in the chosen rules' table, with its damage split into `rolled` and `kept`.

    Raises:
        KeyError: for a weapon the rules' table does not list (the registry refuses such a pair
            before any calculator runs: `ChoiceParam.check_offered`).
    """
    if rules == "house":
        if weapon.startswith(IMPROVISED_PREFIX) and weapon[len(IMPROVISED_PREFIX):] in IMPROVISED:
            row = dict(IMPROVISED[weapon[len(IMPROVISED_PREFIX):]])
            row.update(weapon=f"{row['size']} improvised weapon", melee=True, firearm=False)
        elif weapon in HOUSE_WEAPONS and HOUSE_WEAPONS[weapon]["damage"] is not None:
            row = dict(HOUSE_WEAPONS[weapon])
        else:
            raise KeyError(f"the house rules list no weapon {weapon!r}")
    else:
        row = dict(SUMMARY_WEAPONS[weapon])
        row["weapon"] = weapon_name(row)
    x, y = row["damage"].split("k")
    row["rolled"], row["kept"] = int(x), int(y)
    return row


WEAPON_OPTIONS = _weapon_options()
WEAPON_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (wid, dict(by).get("summary") or dict(by)["house"]) for wid, by in WEAPON_OPTIONS
)


def _listed(flag: str) -> frozenset[str]:
    """The weapons whose rows say `flag` (melee, firearm) under every rules that list them."""
    out = set()
    for wid, by in WEAPON_OPTIONS:
        if wid != OTHER and all(weapon_row(rules, wid)[flag] for rules, _ in by):
            out.add(wid)
    return frozenset(out)


MELEE = _listed("melee")           # used in hand: the wielder's Brawn adds dice (unless thrown)
FIREARMS = _listed("firearm")
THROWN_OR_HELD = frozenset().union(*THROWABLE.values())
# Both tables agree on every weapon they share, so whether Brawn counts and whether a weapon is a
# firearm follow from its id alone; the fields' conditions (calc/roll_keep/vocabulary.py) rely on it.
_SHARED = [wid for wid, by in WEAPON_OPTIONS if wid != OTHER and len(by) == len(RULES)]
if any(weapon_row("house", w)[k] != weapon_row("summary", w)[k] for w in _SHARED for k in ("melee", "firearm")):
    raise RuntimeError("a weapon is melee or a firearm under one rules' table and not the other's")

__all__ = [
    "FIREARMS", "HOUSE_WEAPONS", "IMPROVISED", "IMPROVISED_PREFIX", "MELEE", "OTHER", "RULES", "SUMMARY_WEAPONS",
    "THROWABLE", "THROWN_OR_HELD", "THROWN_RULING", "WEAPON_CHOICES", "WEAPON_OPTIONS", "improvised_tn_words",
    "weapon_name", "weapon_row",
]
