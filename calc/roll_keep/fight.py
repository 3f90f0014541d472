"""Roll & Keep: one attack repeated until the defender is Crippled or out of the fight (`rk-fight`).

The fields are the attack planner's (rk-attack), composed from the same shared sets of
`calc.roll_keep.vocabulary`, plus the defender's Resolve and kind and the number of attacks. The chances come from an exact Markov chain over (Flesh Wounds carried, lasting wounds),
in calc/roll_keep/fight_chain.py; this module reads the inputs, sets up the dice, and puts the answer
in words. The landing chance may change once the defender is Crippled: under the summary rules his
Active Defense then rolls 2 dice fewer (R-0060).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import fsum
from typing import Any, Mapping

from calc import data
from calc.calculator import Calculator, Headline
from calc.dice.draw import Band
from calc.meaning import TOTAL, Meaning
from calc.dice.dist import Dist, clip01
from calc.params import ChoiceParam, IntParam, Param
from calc.roll_keep.exchange import TIES_RULING, Defense, Roll, Weapon, WoundCheck, land, raise_words, tn_with_raises
from calc.roll_keep.fight_chain import Runs, landing_times, runs, timeline, visits
from calc.roll_keep.vocabulary import (
    ATTACK_DICE,
    ATTACK_EXPLODE,
    ATTACK_TN,
    DAMAGE_RAISES,
    DEFENSE,
    DEFENSE_FIELDS,
    MAX_RAISES,
    WEAPON_FIELDS,
    WOUNDS_RULES,
    defender_brawn,
    defense_tn_words,
    defense_words,
    dice_titles,
    result_table,
    rules_words,
    takes_weapon,
    weapon_fields,
    weapon_words,
    wound_word,
)
from calc.wording import average, percent, plural, times_words, xky

MAX_ATTACKS = 50
MAX_RESOLVE = 10
_NUMBERS = data.load("rk_numbers")
CRIPPLED_DICE = _NUMBERS["crippled_dice"]  # summary rules: unkept dice a Crippled character loses
KNOCKED_OUT = _NUMBERS["knocked_out_resolve"]  # knocked out at this many times his Resolve in lasting wounds

HOUSE_FLESH_RULING = "R-0059"  # house rules: passed damage keeps counting until a check fails
CRIPPLED_DEFENSE_RULING = "R-0060"  # summary rules: the Crippled penalty hits the Active Defense only
CATEGORY_RULING = "R-0061"  # Brutes fall at the first blow that lands; Henchmen make Wound Checks
ATTACK_TITLES = dice_titles(ATTACK_DICE)

CATEGORIES = (("hero", "Hero or Villain"), ("henchman", "Henchman (summary rules)"),
              ("brute", "Brute (summary rules)"))
CATEGORY_OFFERED = tuple((value, tuple((rules, label) for rules in ("summary", "house") if value == "hero" or rules == "summary"))
                         for value, label in CATEGORIES)


# -- the inputs -------------------------------------------------------------------------------


def _defense(roll: Roll | None, lost: int, house: bool) -> Defense:
    """The defender's roll, `lost` rolled dice fewer (none left: no roll)."""
    if roll is None or roll.rolled - lost < 1:
        return Defense(None, house)
    rolled = roll.rolled - lost
    return Defense(Roll(rolled, roll.kept), house)


def _cumulative(per_attack: list[float]) -> list[float]:
    out, running = [], 0.0
    for p in per_attack[1:]:
        running += p
        out.append(clip01(running))
    return out


# -- the calculator -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Setup:
    """One fight's fixed parts: landing chances before and after Crippled, damage, check, labels."""

    q: tuple[float, float]
    damage: Dist | None   # None: a Brute, who falls at the first blow that lands
    check: WoundCheck
    notes: tuple[str, ...]


def _landings(attack: Dist, defense: Roll | None, *, house: bool, hero: bool, firearm: bool, tn: int,
              raises: int) -> tuple[float, float]:
    """The chance an attack lands before he is Crippled and after (a summary Hero's defense loses dice)."""
    target = tn_with_raises(tn, raises)
    roll = None if house and firearm else defense   # the house rules allow no Parry against a firearm

    def lands(lost: int) -> float:
        return land(attack, _defense(roll, lost, house), target, raises)[2]

    return lands(0), lands(CRIPPLED_DICE if (hero and not house) else 0)


@takes_weapon
def fight(
    *, rules: str, category: str, resolve: int, brawn: int, rolled: int, kept: int, stat: int | None,
    skill: int | None, explode: bool, tn: int, raises: int, defense: str, defense_rolled: int, defense_kept: int,
    attacks: int, weapon: Weapon,
) -> dict[str, Any]:
    """P(Crippled) and P(out of the fight) within N attacks, N = 1..attacks, and the average attacks to each."""
    kind = "hero" if rules == "house" else category
    hero = kind == "hero"
    roll = Roll.read(rolled, kept, stat, skill, titles=ATTACK_TITLES, explode=explode)
    brute = kind == "brute"   # down at the first blow that lands: his weapon fields do not apply
    check = WoundCheck(rules, brawn, 0, False if brute else weapon.is_firearm)
    hit = None if brute else weapon.hit(raises)
    q = _landings(roll.dist, Roll(defense_rolled, defense_kept) if defense == "active" else None,
                  house=rules == "house", hero=hero, firearm=check.firearm, tn=tn, raises=raises)
    setup = _Setup(q, hit.dist if hit else None, check, roll.notes + (hit.notes if hit else ()))
    out_at = KNOCKED_OUT * resolve if hero else 1
    crippled_at = resolve if hero else None
    per_crippled, per_out, runs_made = _chances(setup, kind, rules, out_at, crippled_at, attacks)
    p_out = _cumulative(per_out)
    p_crippled = _cumulative(per_crippled) if hero else None
    result: dict[str, Any] = {
        "rules": rules,
        "category": kind,
        "attacks": attacks,
        "attacks_words": plural(attacks, "attack"),
        "p_land": setup.q[0],
        "p_land_crippled": setup.q[1] if hero else None,
        "p_crippled": p_crippled,
        "p_out": p_out,
        "crippled_within": p_crippled[-1] if p_crippled else None,
        "out_within": p_out[-1],
        **_averages(setup, kind, runs_made, out_at, crippled_at),
    }
    result["verdict"] = _verdict(result, kind)
    result["notes"] = _notes(setup, kind, runs_made, rules=rules, brawn=brawn, resolve=resolve,
                             defense=xky(defense_rolled, defense_kept) if defense == "active" else None)
    result["tables"] = [_table(p_crippled, p_out, kind)]
    # the chance left over is one more bar: still standing after the attacks counted
    standing = max(0.0, 1.0 - fsum(per_out[1:]))
    result["distribution"] = [[n, p] for n, p in enumerate(per_out) if n] + ([[attacks + 1, standing]] if standing else [])
    result["distribution_title"] = (f"Which attack takes him out of the fight (the last bar, {attacks + 1}, is the "
                                    f"chance he is still standing after all {attacks})")
    result["distribution_table"] = "Table of the chance for each attack"
    return result


def _chances(setup: _Setup, kind: str, rules: str, out_at: int, crippled_at: int | None,
             attacks: int) -> tuple[list[float], list[float], Runs | None]:
    """Per attack n = 0..attacks: P(Crippled at n), P(out at n); and the run table (None for a Brute)."""
    q0, q1 = setup.q
    if kind == "brute":  # down at the first blow that lands (R-0061)
        out = [0.0] + [q0 * (1 - q0) ** (n - 1) for n in range(1, attacks + 1)]
        return [0.0] * (attacks + 1), out, None
    assert setup.damage is not None
    if setup.damage.max <= 0:  # no damage die at all: nothing ever reaches a Wound Check
        return [0.0] * (attacks + 1), [0.0] * (attacks + 1), None
    made = runs(setup.damage, setup.check.dist, rules=rules, firearm=setup.check.firearm, horizon=attacks)
    times = [landing_times(made.by_hits, q, attacks) for q in (q0, q1)]
    crippled, out = timeline(times, crippled_at=crippled_at, out_at=out_at, attacks=attacks)
    return crippled, out, made


def _averages(setup: _Setup, kind: str, made: Runs | None, out_at: int,
              crippled_at: int | None) -> dict[str, float | None]:
    q0, q1 = setup.q
    none: dict[str, float | None] = {"expected_attacks_crippled": None, "expected_attacks_out": None,
                                     "expected_hits_crippled": None, "expected_hits_out": None}
    if q0 <= 0:
        return none
    if kind == "brute":
        return dict(none, expected_attacks_out=1 / q0, expected_hits_out=1.0)
    if made is None:
        return none
    seen = visits(made.wounds, out_at)
    hits_out = fsum(seen) * made.mean_hits
    attacks_out = fsum(v * made.mean_hits / (q1 if crippled_at is not None and w >= crippled_at else q0)
                       for w, v in enumerate(seen))
    out = dict(none, expected_attacks_out=attacks_out, expected_hits_out=hits_out)
    if crippled_at is not None:
        before = fsum(seen[:crippled_at])
        out.update(expected_hits_crippled=before * made.mean_hits,
                   expected_attacks_crippled=before * made.mean_hits / q0)
    return out


def _verdict(result: Mapping[str, Any], kind: str) -> str:
    down = "knocked out" if kind == "hero" else "out of the fight"
    if result["expected_attacks_out"] is None:
        return "This attack can never put him down: it never lands, or it deals no damage."
    text = (f"Within {result['attacks_words']} he is {down} {percent(result['out_within'])} of the time; "
            f"on average it takes {average(result['expected_attacks_out'])} attacks "
            f"({average(result['expected_hits_out'])} of them landing).")
    if kind == "hero":
        text += (f" He is Crippled within {result['attacks_words']} {percent(result['crippled_within'])} of the time, "
                 f"after {average(result['expected_attacks_crippled'])} attacks on average.")
    return text


def _table(p_crippled: list[float] | None, p_out: list[float], kind: str) -> dict[str, Any]:
    columns = (("Attacks made", "integer"), *((("Crippled", "percent"),) if p_crippled is not None else ()),
               ("Knocked out" if kind == "hero" else "Out of the fight", "percent"))
    rows = [{"cells": [n + 1, *([p_crippled[n]] if p_crippled is not None else []), p]}
            for n, p in enumerate(p_out)]
    return result_table("attacks", "Chance he is down within each number of attacks", columns, rows)


def _notes(setup: _Setup, kind: str, made: Runs | None, *, rules: str, brawn: int, resolve: int,
           defense: str | None) -> list[str]:
    """How the fight is played out, in sentences; `defense` is the defender's dice in words (None: no roll)."""
    house = rules == "house"
    notes = list(setup.notes)
    notes.append("The same attack is made every time: the same roll, TN and damage raises. The defender starts "
                 "unhurt, never heals and spends no Drama Dice.")
    if house and setup.check.firearm:
        notes.append("Under normal circumstances the house rules allow no Parry against a firearm attack, so here "
                     "every hit lands.")
    elif defense is not None:
        notes.append(f"The defender rolls {defense} against every hit, as if he always had an action to spare. "
                     + defense_tn_words(house=house))
    notes.append(f"Each attack lands (hits and is not turned aside) {percent(setup.q[0])} of the time; "
                 "the figures counted in hits count only the attacks that land.")
    if kind == "brute":
        notes.append(f"A Brute goes down at the first blow that lands, with no damage roll or Wound Check; "
                     f"a blow his defense turns aside leaves him standing (the Codex's reading, {CATEGORY_RULING}).")
        return notes
    notes.append(f"Flesh Wounds pile up: each blow's damage joins those he carries, and the Wound Check "
                 f"({xky(brawn, brawn)}) must reach the whole pile ({TIES_RULING}: meeting it passes). "
                 f"A failed check clears the pile and gives {wound_word(rules)} Wounds.")
    if house:
        notes.append(f"The house rules keep passed damage around until the next check; the Codex reads that it "
                     f"keeps counting at every later check until one fails ({HOUSE_FLESH_RULING}).")
    if kind == "henchman":
        notes.append(f"A Henchman makes Wound Checks like anyone else and leaves the fight at his first Serious "
                     f"Wound ({CATEGORY_RULING}).")
    elif house:
        notes.append(f"Crippled at {resolve} Dramatic Wounds and knocked out at {KNOCKED_OUT * resolve}. Being "
                     "Crippled touches only Finesse actions; his Parry is a Wits action and his Wound Checks are "
                     "spared, so the fight goes on the same.")
    else:
        notes.append(f"Crippled at {resolve} Serious Wounds and knocked out at {KNOCKED_OUT * resolve}. Once Crippled "
                     f"his Active Defense rolls {CRIPPLED_DICE} dice fewer, while his Wound Check keeps all its dice (the "
                     f"Codex's reading, {CRIPPLED_DEFENSE_RULING}).")
    if made is None:
        notes.append("This attack rolls no damage dice, so it never forces a Wound Check.")
    else:
        notes.append("Each stretch of blows between failed Wound Checks is followed until less than one chance in "
                     f"a trillion is left, here {percent(made.left, exact=True)}; the averages come from the same chain.")
    return notes


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The settings in words, for Copy as text: only what applies (a Brute's weapon and Brawn do not)."""
    roll = Roll.read(params["rolled"], params["kept"], params.get("stat"), params.get("skill"), titles=ATTACK_TITLES)
    kind = dict(CATEGORIES).get(str(result.get("category", params["category"])), "Hero or Villain")
    applies = {p.name: p.applies(params) for p in PARAMS}
    text = (f"{roll} attacks against TN {params['tn']} ({rules_words(params['rules'])}) with "
            f"{plural(params['raises'], 'damage raise')}"
            + (f", {weapon_words(params)}" if applies["weapon"] else "") + f", on a {kind.split(' (')[0]}"
            + (f" with Brawn {params['brawn']}" if applies["brawn"] else ""))
    if kind.startswith("Hero"):
        text += f" and Resolve {params['resolve']}"
    text += defense_words(params, defense="defending with", no_defense="no defense roll", rolls=DEFENSE.applies(params))
    return text + f"; {params['attacks']} attacks"


def meaning(calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> Meaning:
    """The attack that takes him out of the fight, or none of those counted."""
    return (f"The attack that takes him out of the fight, of {result['attacks_words']}",
            [Band(None, f"Out of the fight on attack {TOTAL}"),
             Band(result["attacks"] + 1, f"Still standing after all {result['attacks_words']}")])


# Where the blow's damage and the defender's Wound Check count: not for a Brute (summary rules), who
# falls at the first blow that lands; the house rules know only heroes and villains.
NOT_A_BRUTE = ((("rules", ("house",)),), (("category", ("hero", "henchman")),))
# The fields in form order: who the defender is first (what a reader changes first), then the attack.
PARAMS: tuple[Param, ...] = (
    WOUNDS_RULES,
    ChoiceParam("category", "Kind of defender", "hero", required=False, choices=CATEGORIES,
                # the house rules know only heroes and villains: under them every defender is a hero
                filtered_by="rules", offered=CATEGORY_OFFERED, shown_when=(("rules", ("summary",)),),
                help="Henchmen leave the fight at their first Serious Wound; Brutes at the first blow."),
    IntParam("resolve", "Defender's Resolve", 3, minimum=1, maximum=MAX_RESOLVE, required=False,
             shown_any=((("rules", ("house",)),), (("category", ("hero",)),)),   # a Henchman or a Brute has none
             help=f"Crippled at this many lasting wounds, knocked out at {times_words(KNOCKED_OUT)} it."),
    defender_brawn().and_any(*NOT_A_BRUTE),
    *ATTACK_DICE,
    ATTACK_EXPLODE,
    ATTACK_TN,
    replace(DAMAGE_RAISES, label="Damage raises (each attack)", maximum=MAX_RAISES,
            help=f"Called on every attack: each {raise_words()} and one unkept damage die."),
    *weapon_fields(lambda field: field if field.name == "d6_explode" else field.and_any(*NOT_A_BRUTE), before={
        "d6_explode": (*DEFENSE_FIELDS,
                       IntParam("attacks", "Attacks counted", 10, minimum=1, maximum=MAX_ATTACKS, required=False,
                                help="The chart and table run from 1 attack up to this many."))}),
)

CALCULATORS = (
    Calculator(
        id="rk-fight",
        title="Attacks until he is down",
        rule="rk/damage.md#rk-fight",
        summary="The same attack again and again: the chance the defender is Crippled or out within each "
                "number of attacks, and how many it takes on average.",
        params=PARAMS,
        compute=fight,
        headlines=(
            Headline("out_within", "Out of the fight within {attacks_words}"),
            Headline("expected_attacks_out", "Average attacks until he is out", "average"),
            Headline("crippled_within", "Crippled within {attacks_words}"),
            Headline("expected_attacks_crippled", "Average attacks until he is Crippled", "average"),
        ),
        question=question,
        meaning=meaning,
        # the sentence says the weapon whole (weapon_words: every weapon field that differs)
        says=("rules", "category", "resolve", "brawn", "rolled", "kept", "stat", "skill", "tn", "raises", *WEAPON_FIELDS,
              "defense", "defense_rolled", "defense_kept", "attacks"),
    ),
)

__all__ = ["CALCULATORS", "fight", "question"]
