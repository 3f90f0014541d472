"""The rules of a Roll & Keep exchange as values: a roll, a weapon in its wielder's hand, a hit, a defense,
a Wound Check, Social Damage; one function each for the TN with raises, the chance to land, and the
wounds of a hit.

Each value is frozen and built once from a calculator's fields; what it works out (its dice, its
distribution, the notes that explain it) it works out when first asked, from the rules' numbers in
`calc/data` (`rk_numbers.json`) and the weapons tables, so a sentence never types a number the
data holds. The maths underneath (kept dice, damage dice, wounds by shortfall) is `calc.roll_keep.rules`'
and `calc.roll_keep.damage`'s; the fields are `calc.roll_keep.vocabulary`'s. Like icepool's dice, a value's
operations are its methods: `Weapon(...).hit(raises)` is one hit's damage dice,
`WoundCheck(...).wounds(hit.dist)` the wounds it causes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import fsum
from typing import Any

from calc import data
from calc.dice.dist import Dist, clip01
from calc.errors import InputError
from calc.dice.keep import roll_keep
from calc.roll_keep.damage import DAMAGE_SIDES, SUMMARY_MOST, damage_dist, die_name, wound_distribution, wound_step
from calc.roll_keep.rules import (
    KEEP_ALL_RULING, MAX_DAMAGE_DICE, RAISE, RANK_TN, ROLL_SIDES, STAT_DICE, defended, times_words,
)
from calc.roll_keep.weapons import OTHER, SUMMARY_WEAPONS, THROWABLE, THROWN_RULING, weapon_row
from calc.wording import xky

TIES_RULING = "R-0045"  # a total equal to its TN succeeds
PD_SD_RULING = "R-0015"  # PD, SD, PA and SA: the PA is the attack roll's total, SD has no formula
WOUND_CHECK_RULING = "R-0017"  # the house Wound Check rolls Brawn k Brawn against the Flesh Wounds
D6_RULING = "R-0016"  # house d6 damage dice explode on a 6


# -- the TN and the chance to land -----------------------------------------------------------------


def tn_with_raises(tn: int, raises: int) -> int:
    """The TN a roll must reach with `raises` called: each adds `RAISE`."""
    return tn + RAISE * raises


def rank_tn(rank: int) -> int:
    """A TN from a rank: (Defense Knack + 1) x 5 is `rank_tn(knack + 1)`; an opposed test's is (stat + skill) x 5."""
    return RANK_TN * rank


def raise_words() -> str:
    """What a raise does to the TN, for a sentence: "adds 5 to the TN"."""
    return f"adds {RAISE} to the TN"


def land(attack: Dist, defense: "Defense", target: int, raises: int) -> tuple[float, float, float]:
    """(hits, turned aside, lands): the attack reaching `target`, the defender's roll turning such a hit
    aside (rolled against the attack's own total, outcome by outcome), and what is left."""
    p_hit = attack.at_least(target)
    p_def = 0.0
    if defense.dist is not None:
        p_def = min(p_hit, defended(attack, defense.dist, target, defense.extra(raises)))
    return p_hit, p_def, clip01(p_hit - p_def)


# -- a roll --------------------------------------------------------------------------------------


def keep_all(dice: "Roll | Hit") -> None:
    """The keep-all reading (R-0050), the one place it is applied: XkY with more kept than rolled keeps
    every die rolled. A roll or a hit calls it as it is made, so its `kept` is never more than its
    `rolled`; `keeps_all` records that the reading was used, and a note says so."""
    if dice.kept > dice.rolled:
        note = (f"{xky(dice.rolled, dice.kept)} keeps more dice than it rolls. The rules set no limit here, so the "
                f"Codex keeps every die rolled: {xky(dice.rolled, dice.rolled)} (its reading, ruling {KEEP_ALL_RULING}).")
        object.__setattr__(dice, "notes", dice.notes + (note,))
        object.__setattr__(dice, "kept", dice.rolled)
        object.__setattr__(dice, "keeps_all", True)


@dataclass(frozen=True)
class Roll:
    """XkY on ten-sided dice: `kept` is never more than `rolled` (`keep_all`: every die counts then,
    R-0050, and `keeps_all` says so), and `notes` say how the dice were read."""

    rolled: int
    kept: int
    explode: bool = True
    notes: tuple[str, ...] = ()
    keeps_all: bool = False

    def __post_init__(self) -> None:
        keep_all(self)

    @classmethod
    def of(cls, rolled: int, kept: int, *, explode: bool = True) -> "Roll":
        """XkY as typed; more kept than rolled keeps every die, with the note that says so."""
        return cls(rolled, kept, explode)

    @classmethod
    def read(cls, rolled: int | None, kept: int | None, stat: int | None, skill: int | None, *,
             titles: tuple[str, str] = ("Stat", "Skill"), explode: bool = True) -> "Roll":
        """The dice of a roll from X and Y, or from a stat and a skill in their place (summary rules: twice
        the stat rolled, the skill kept); `titles` name the two fields as the form does."""
        if (stat is None) != (skill is None):
            missing, given = ("skill", 0) if skill is None else ("stat", 1)
            raise InputError(missing, f"{titles[1 - given]} is needed too: with {titles[given]}, give both, "
                                      "or leave both blank.")
        notes: tuple[str, ...] = ()
        if stat is not None and skill is not None:
            rolled, kept = cls.test(stat, skill).rolled, skill
            notes = (f"A {titles[0]} + {titles[1]} test rolls {stat_words()} and keeps the skill: "
                     f"{stat} + {skill} is {xky(rolled, kept)}, in place of the dice rolled and kept above.",)
        assert rolled is not None and kept is not None
        return cls(rolled, kept, explode, notes)

    @classmethod
    def test(cls, stat: int, skill: int, *, explode: bool = True) -> "Roll":
        """A STAT + SKILL test's dice (summary rules): twice the stat rolled, the skill kept."""
        return cls.of(STAT_DICE * stat, skill, explode=explode)

    @cached_property
    def dist(self) -> Dist:
        return roll_keep(self.rolled, self.kept, sides=ROLL_SIDES, explode=self.explode)

    def __str__(self) -> str:
        return xky(self.rolled, self.kept)


def stat_words() -> str:
    """How a STAT + SKILL test builds its dice, in words: "twice the stat"."""
    return f"{times_words(STAT_DICE)} the stat"


# -- a weapon in a wielder's hand, and one hit of it --------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    """A weapon under given rules, in its wielder's hand: the weapon fields' values, as the form holds them.

    Its attributes are the fields of `calc.roll_keep.vocabulary.WEAPON_FIELDS` by name (and `rules`), so a
    calculator builds it from its params in one step; what follows from them (the table's dice,
    whether Brawn counts, whether it is a firearm) is worked out when asked. An Other weapon's
    dice are needed only when a hit is rolled.
    """

    rules: str
    weapon: str
    thrown: bool = False
    in_hand: bool = False
    damage_rolled: int | None = None
    damage_kept: int | None = None
    attacker_brawn: int = 0
    firearm: str = "weapon"   # "weapon": as its table says; "yes" or "no": the reader's say
    d6_explode: bool = True

    @property
    def other(self) -> bool:
        return self.weapon == OTHER

    @cached_property
    def row(self) -> dict[str, Any]:
        """The weapon's table row (an Other weapon has none: {})."""
        return {} if self.other else weapon_row(self.rules, self.weapon)

    @property
    def is_thrown(self) -> bool:
        """Thrown: only a weapon that can be (a thrown weapon makes a ranged attack)."""
        return bool(self.thrown) and self.weapon in THROWABLE[self.rules]

    @property
    def brawn_counts(self) -> bool:
        """Whether the wielder's Brawn adds its dice: a melee weapon used in hand, or an Other weapon the
        reader says is used in hand."""
        if self.other:
            return bool(self.in_hand)
        return bool(self.row["melee"]) and not self.is_thrown

    @property
    def is_firearm(self) -> bool:
        """Whether its wounds count as a firearm's: the reader's say, else the table's."""
        if self.firearm != "weapon":
            return self.firearm == "yes"
        return False if self.other else bool(self.row["firearm"])

    @property
    def name(self) -> str:
        return "Other weapon" if self.other else self.row["weapon"]

    def dice(self) -> tuple[int, int]:
        """The weapon's own XkY: the table's, or an Other weapon's dice as typed (both needed)."""
        if not self.other:
            return self.row["rolled"], self.row["kept"]
        for name, title, value in (("damage_rolled", "Damage dice rolled", self.damage_rolled),
                                   ("damage_kept", "Damage dice kept", self.damage_kept)):
            if value is None:
                raise InputError(name, f"{title} is needed when the weapon is Other: give the damage dice as X and Y.")
        assert self.damage_rolled is not None and self.damage_kept is not None
        return self.damage_rolled, self.damage_kept

    @property
    def table(self) -> str:
        """Its damage as the table writes it (an Other weapon's as typed)."""
        return self.row["damage"] if not self.other else xky(*self.dice())

    def hit(self, raises: int = 0) -> "Hit":
        """One hit with `raises` called for damage: the weapon's dice, plus Brawn (when it counts) and one
        unkept die per raise; more kept than rolled keeps every die.

        Raises:
            InputError: on `raises` when the hit would roll more than `MAX_DAMAGE_DICE` dice.
        """
        base, kept = self.dice()
        brawn = self.attacker_brawn if self.brawn_counts else 0
        rolled = base + brawn + raises
        if rolled > MAX_DAMAGE_DICE:
            raise InputError("raises", f"Damage raises: at most {MAX_DAMAGE_DICE} damage dice can be rolled, and "
                                       f"this hit would roll {rolled}.")
        return Hit(self.rules, rolled, kept, self.d6_explode, tuple(self._notes(brawn, raises, rolled, kept)))

    def _notes(self, brawn: int, raises: int, rolled: int, kept: int) -> list[str]:
        """How the hit's dice were built, in sentences."""
        parts = [text for count, text in ((brawn, f"{brawn} unkept for Brawn"), (raises, f"{raises} unkept for raises"))
                 if count]
        name, own = self.name, xky(*self.dice())   # its own dice, as every weapon field leaves them
        if parts:
            notes = [f"{name} {own}, plus " + " and ".join(parts) + f": {xky(rolled, kept)}."]
        else:
            notes = [f"{name}: {own} damage dice."]
        if self.is_thrown:
            why = f" (the Codex's reading for the summary rules, ruling {THROWN_RULING})" if self.rules == "summary" else ""
            notes.append(f"Thrown, the {name.lower()} makes a ranged attack, so the thrower's Brawn is not added{why}.")
        elif not self.other and not self.row["melee"]:
            notes.append(f"A {name.lower()} is a ranged weapon: Brawn is not added to its damage.")
        return notes

    def improvised_notes(self) -> list[str]:
        """What the summary rules say of an improvised weapon beyond its dice."""
        if self.rules == "summary" and self.weapon in SUMMARY_WEAPONS and SUMMARY_WEAPONS[self.weapon].get("improvised"):
            return ["Improvised weapons (summary rules) take penalties for being unwieldy and break whenever one "
                    f"of their damage dice shows a {DAMAGE_SIDES['summary']}; size adds unkept dice at the GM's call."]
        return []


@dataclass(frozen=True)
class Hit:
    """One hit's damage dice: XkY on the rules' damage dice (house d6s exploding per `d6_explode`); like a
    `Roll`, more kept than rolled keeps every die (`keep_all`)."""

    rules: str
    rolled: int
    kept: int
    d6_explode: bool = True
    notes: tuple[str, ...] = ()
    keeps_all: bool = False

    def __post_init__(self) -> None:
        keep_all(self)

    @cached_property
    def dist(self) -> Dist:
        return damage_dist(self.rolled, self.kept, rules=self.rules, d6_explode=self.d6_explode)

    def words(self) -> str:
        """The dice in words: "6k3 on exploding d6s"."""
        return f"{xky(self.rolled, self.kept)} on {damage_dice_words(self.rules, self.d6_explode)}"


def damage_dice_words(rules: str, d6_explode: bool = True) -> str:
    """The damage dice under the chosen rules, in words: exploding d10s, exploding d6s, or d6s that do not explode."""
    die = die_name(DAMAGE_SIDES[rules])
    return f"exploding {die}s" if rules == "summary" or d6_explode else f"{die}s that do not explode"


# -- Social Damage ----------------------------------------------------------------------------------

_SOCIAL_DAMAGE = data.load("rk_numbers")["social_damage"]
# the usual base Social Damage and the one a Swordsman Knack gives, by their XkY
SOCIAL_BASES = {xky(row["rolled"], row["kept"]): (row["rolled"], row["kept"])
                for row in (_SOCIAL_DAMAGE["usual"], _SOCIAL_DAMAGE["swordsman"])}
FAILED_KEPT = _SOCIAL_DAMAGE["failed_kept"]  # a failed Social Attack costs the attacker (target's Panache) k this


@dataclass(frozen=True)
class SocialDamage:
    """Social Damage (house rules, six-sided dice): a base XkY, plus one unkept die per point of a Panache
    and per raise. A landed Social Attack deals its base (`of`); a failed one costs the attacker the
    target's Panache k `FAILED_KEPT` (`backlash`), the raises then the target's on his Parry."""

    rolled: int
    kept: int
    panache: int = 0
    raises: int = 0
    d6_explode: bool = True

    @classmethod
    def of(cls, base: str, panache: int, raises: int = 0, *, d6_explode: bool = True) -> "SocialDamage":
        """A landed attack's damage from a base of `SOCIAL_BASES` ("1k3"), the attacker's Panache and raises."""
        rolled, kept = SOCIAL_BASES[base]
        return cls(rolled, kept, panache, raises, d6_explode)

    @classmethod
    def backlash(cls, panache: int, raises: int = 0, *, d6_explode: bool = True) -> "SocialDamage":
        """What a failed attack costs the attacker: the target's Panache k `FAILED_KEPT`, plus his Parry's raises."""
        return cls(0, FAILED_KEPT, panache, raises, d6_explode)

    @cached_property
    def hit(self) -> "Hit":
        """The dice rolled, as a hit of the house rules (more kept than rolled keeps them all)."""
        return Hit("house", self.rolled + self.panache + self.raises, self.kept, self.d6_explode)


# -- the defender ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Defense:
    """The defender's roll against each hit: an Active Defense (summary) or a Parry (house), or none.

    The summary rules roll it against the attack's value; the house Parry's TN is the attack's
    total plus `RAISE` per damage raise (and per raise the defender calls on it himself).
    """

    roll: Roll | None
    house: bool
    own_raises: int = 0

    @property
    def dist(self) -> Dist | None:
        return None if self.roll is None else self.roll.dist

    def extra(self, raises: int) -> int:
        """What the defense must beat beyond the attack's total, with `raises` called for damage."""
        return RAISE * (raises + self.own_raises) if self.house else 0


def defense_tn_words(*, house: bool) -> str:
    """What the defender's roll must reach under the chosen rules, in sentences."""
    if house:
        return (f"The house rules set the Parry's TN at the attacker's PA plus {RAISE} for each raise called for "
                f"damage; the Codex takes the PA to be the attack roll's total (its reading, {PD_SD_RULING}), and a "
                f"Parry that meets that TN succeeds ({TIES_RULING}).")
    return ("The summary rules pit it against the value of the attack roll, so raises called on the attack do not "
            "add to what it must reach; a defense that meets that value turns the blow aside (the Codex's reading "
            f"of ties, {TIES_RULING}).")


# -- the Wound Check ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Wounds:
    """What one hit does through the Wound Check: P(n wounds) for n = 0, 1, ..."""

    probs: tuple[float, ...]

    @property
    def expected(self) -> float:
        return fsum(n * p for n, p in enumerate(self.probs))

    @property
    def p_wound(self) -> float:
        return clip01(fsum(self.probs[1:]))


@dataclass(frozen=True)
class WoundCheck:
    """The defender's Wound Check: `dice` k `dice` on exploding ten-sided dice (Brawn, or Panache for
    Social Damage) against the Flesh Wounds he carries plus the new damage; a miss gives wounds by
    the rules' steps (a firearm's are smaller)."""

    rules: str
    dice: int
    flesh_wounds: int = 0
    firearm: bool = False

    @cached_property
    def dist(self) -> Dist:
        return roll_keep(self.dice, self.dice, sides=ROLL_SIDES, explode=True)

    def wounds(self, damage: Dist) -> Wounds:
        return Wounds(tuple(wound_distribution(damage, self.dist, self.flesh_wounds, rules=self.rules,
                                               firearm=self.firearm)))

    def notes(self) -> list[str]:
        """How the check turns a miss into wounds under its rules, in sentences."""
        step, check = wound_step(self.firearm), xky(self.dice, self.dice)
        die = die_name(ROLL_SIDES)
        if self.rules == "house":
            notes = [
                f"House rules, in the Codex's reading ({WOUND_CHECK_RULING}): the Wound Check is {check} on exploding "
                f"{die}s against the {self.flesh_wounds} Flesh Wounds already carried plus this damage. A miss gives 1 "
                f"Dramatic Wound; once it misses by more than {step}, every full {step} points short adds 1 more"
                + (f", as firearms count in {step}s" if self.firearm else "")
                + f". A miss of exactly {step} still gives 1 wound.",
                f"House damage dice are {die_name(DAMAGE_SIDES['house'])}s. The Codex reads them as exploding on a "
                f"{DAMAGE_SIDES['house']} (ruling {D6_RULING}), since the Crippled and improvised-weapon rules take "
                "exploding damage dice for granted; untick \u201cHouse d6 damage dice explode\u201d for the other "
                "reading.",
            ]
        else:
            notes = [
                f"Summary rules: a failed Wound Check ({check} against a TN of the {self.flesh_wounds} Flesh "
                f"Wounds already taken plus this damage) gives 1 Serious Wound, and {SUMMARY_MOST} when it misses by "
                f"{step} or more" + (", as for firearms" if self.firearm else "") + "."
            ]
        notes.append(f"The Wound Check succeeds when it meets or beats the TN (the Codex's reading of ties, "
                     f"{TIES_RULING}); the amount it misses by is the TN minus the roll.")
        return notes


__all__ = [
    "D6_RULING", "Defense", "FAILED_KEPT", "Hit", "PD_SD_RULING", "Roll", "SOCIAL_BASES", "SocialDamage", "TIES_RULING",
    "WOUND_CHECK_RULING", "Weapon", "WoundCheck", "Wounds", "damage_dice_words", "defense_tn_words", "keep_all", "land",
    "raise_words", "rank_tn", "stat_words", "tn_with_raises",
]
