"""Roll & Keep: one attack repeated until the defender is Crippled or out of the fight (`rk-fight`).

The fields are the attack planner's (rk-attack) plus the defender's Resolve and kind and the number
of attacks. The chances come from an exact Markov chain over (Flesh Wounds carried, lasting wounds),
in calc/rk_fight_chain.py; this module reads the inputs, sets up the dice, and puts the answer
in words. The landing chance may change once the defender is Crippled: under the summary rules his
Active Defense then rolls 2 dice fewer (R-0060).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import fsum
from typing import Any, Mapping

from . import rk_attack
from .calculator import Calculator, Headline
from .dist import Dist, clip01
from .errors import InputError
from .keep import roll_keep as roll_dice
from .params import ChoiceParam, IntParam, Param
from .wording import percent
from .rk_fight_chain import Runs, landing_times, runs, timeline, visits
from .rk_rules import RAISE, WEAPON_OPTIONS, damage_dice, damage_dist, defended

MAX_ATTACKS = 50
MAX_RESOLVE = 10
MAX_RAISES = 10
CRIPPLED_DICE = 2  # summary rules: a Crippled character loses 2 unkept dice from every action

HOUSE_FLESH_RULING = "R-0059"  # house rules: passed damage keeps counting until a check fails
CRIPPLED_DEFENSE_RULING = "R-0060"  # summary rules: the Crippled penalty hits the Active Defense only
CATEGORY_RULING = "R-0061"  # Brutes fall at the first blow that lands; Henchmen make Wound Checks
TIES_RULING = "R-0045"
KEEP_ALL_RULING = "R-0050"
DEFENSE_RULING = "R-0052"

CATEGORIES = (("hero", "Hero or Villain"), ("henchman", "Henchman (summary rules)"),
              ("brute", "Brute (summary rules)"))
CATEGORY_OFFERED = tuple((value, tuple((rules, label) for rules in ("summary", "house") if value == "hero" or rules == "summary"))
                         for value, label in CATEGORIES)


# -- the inputs -------------------------------------------------------------------------------


def _attack_dice(rolled: int, kept: int, stat: int | None, skill: int | None,
                 labels: Mapping[str, str]) -> tuple[int, int, list[str]]:
    notes: list[str] = []
    if (stat is None) != (skill is None):
        missing, given = ("skill", "stat") if skill is None else ("stat", "skill")
        raise InputError(missing, f"{labels[missing]} is needed too: with {labels[given]}, give both, "
                                  "or leave both blank.")
    if stat is not None and skill is not None:
        rolled, kept = 2 * stat, skill
        notes.append(f"Finesse {stat} and a Knack of {skill} roll {rolled}k{kept}, in place of the attack dice above.")
    if kept > rolled:
        notes.append(f"The attack keeps more dice than it rolls, so every die counts: {rolled}k{rolled} "
                     f"(the Codex's reading, {KEEP_ALL_RULING}).")
        kept = rolled
    return rolled, kept, notes


def _defense_dist(rolled: int, kept: int, lost: int) -> Dist | None:
    """The defender's roll, `lost` rolled dice fewer; None when no die is left to roll."""
    rolled -= lost
    if rolled < 1:
        return None
    return roll_dice(rolled, min(kept, rolled), explode=True)


def _landing(attack: Dist, defense: Dist | None, target: int, extra: int) -> float:
    p_hit = attack.at_least(target)
    if defense is None:
        return p_hit
    return clip01(p_hit - min(p_hit, defended(attack, defense, target, extra)))


def _cumulative(per_attack: list[float]) -> list[float]:
    out, running = [], 0.0
    for p in per_attack[1:]:
        running += p
        out.append(clip01(running))
    return out


# -- the calculator -----------------------------------------------------------------------------


def _percent(p: float) -> str:
    """A chance in the headlines' digits (never rounded to a certainty it is not), in words for a
    sentence: ">99.99%" reads "more than 99.99%", so the sentence and the figure above it agree."""
    return percent(p).replace(">", "more than ").replace("<", "less than ")


def _average(x: float | None) -> str:
    return "never" if x is None else f"{x:.1f}"


@dataclass(frozen=True)
class _Setup:
    """One fight's fixed parts: landing chances before and after Crippled, damage, check, labels."""

    q: tuple[float, float]
    damage: Dist
    check: Dist
    firearm: bool
    notes: tuple[str, ...]


def _setup(p: Mapping[str, Any], hero: bool) -> _Setup:
    house = p["rules"] == "house"
    labels = {name: PARAMS[name].title for name in ("stat", "skill")}
    rolled, kept, notes = _attack_dice(p["rolled"], p["kept"], p["stat"], p["skill"], labels)
    dice = damage_dice(rules=p["rules"], weapon=p["weapon"], attacker_brawn=p["attacker_brawn"],
                       raises=p["raises"], thrown=p["thrown"], damage_rolled=p["damage_rolled"],
                       damage_kept=p["damage_kept"])
    notes.extend(dice["notes"])
    firearm = dice["firearm"] if p["firearm"] == "weapon" else p["firearm"] == "yes"
    attack = roll_dice(rolled, kept, explode=p["explode"])
    target = p["tn"] + RAISE * p["raises"]
    extra = RAISE * p["raises"] if house else 0
    defends = p["defense"] == "active" and not (house and firearm)
    before = _defense_dist(p["defense_rolled"], p["defense_kept"], 0) if defends else None
    lost = CRIPPLED_DICE if (hero and not house) else 0
    after = _defense_dist(p["defense_rolled"], p["defense_kept"], lost) if defends else None
    q = (_landing(attack, before, target, extra), _landing(attack, after, target, extra))
    damage = damage_dist(dice["rolled"], dice["kept"], rules=p["rules"], d6_explode=p["d6_explode"])
    check = roll_dice(p["brawn"], p["brawn"], explode=True)
    return _Setup(q, damage, check, firearm, tuple(notes))


def fight(
    *, rules: str, rolled: int, kept: int, stat: int | None, skill: int | None, explode: bool, tn: int,
    raises: int, weapon: str, thrown: bool, damage_rolled: int | None, damage_kept: int | None,
    attacker_brawn: int, firearm: str, brawn: int, resolve: int, category: str, attacks: int,
    defense: str, defense_rolled: int, defense_kept: int, d6_explode: bool,
) -> dict[str, Any]:
    """P(Crippled) and P(out of the fight) within N attacks, N = 1..attacks, and the average attacks to each."""
    params = dict(locals())  # every keyword as given, for the helpers that read them by name
    kind = "hero" if rules == "house" else category
    hero = kind == "hero"
    setup = _setup(params, hero)
    out_at = 2 * resolve if hero else 1
    crippled_at = resolve if hero else None
    per_crippled, per_out, runs_made = _chances(setup, kind, rules, out_at, crippled_at, attacks)
    p_out = _cumulative(per_out)
    p_crippled = _cumulative(per_crippled) if hero else None
    averages = _averages(setup, kind, runs_made, out_at, crippled_at)
    result: dict[str, Any] = {
        "rules": rules,
        "category": kind,
        "attacks": attacks,
        "attacks_words": f"{attacks} attack{'s' if attacks != 1 else ''}",
        "p_land": setup.q[0],
        "p_land_crippled": setup.q[1] if hero else None,
        "p_crippled": p_crippled,
        "p_out": p_out,
        "crippled_within": p_crippled[-1] if p_crippled else None,
        "out_within": p_out[-1],
        **averages,
    }
    result["verdict"] = _verdict(result, kind)
    result["notes"] = _notes(params, setup, kind, runs_made)
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
    if setup.damage.max <= 0:  # no damage die at all: nothing ever reaches a Wound Check
        return [0.0] * (attacks + 1), [0.0] * (attacks + 1), None
    made = runs(setup.damage, setup.check, rules=rules, firearm=setup.firearm, horizon=attacks)
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
    n = result["attacks"]
    down = "knocked out" if kind == "hero" else "out of the fight"
    if result["expected_attacks_out"] is None:
        return "This attack can never put him down: it never lands, or it deals no damage."
    text = (f"Within {n} attack{'s' if n != 1 else ''} he is {down} {_percent(result['out_within'])} of the time; "
            f"on average it takes {_average(result['expected_attacks_out'])} attacks "
            f"({_average(result['expected_hits_out'])} of them landing).")
    if kind == "hero":
        text += (f" He is Crippled within {result['attacks_words']} {_percent(result['crippled_within'])} of the time, "
                 f"after {_average(result['expected_attacks_crippled'])} attacks on average.")
    return text


def _table(p_crippled: list[float] | None, p_out: list[float], kind: str) -> dict[str, Any]:
    columns = [{"label": "Attacks made", "format": "integer"}]
    if p_crippled is not None:
        columns.append({"label": "Crippled", "format": "percent"})
    columns.append({"label": "Knocked out" if kind == "hero" else "Out of the fight", "format": "percent"})
    rows = [{"cells": [n + 1, *([p_crippled[n]] if p_crippled is not None else []), p]}
            for n, p in enumerate(p_out)]
    return {"key": "attacks", "title": "Chance he is down within each number of attacks", "columns": columns,
            "rows": rows}


def _notes(p: Mapping[str, Any], setup: _Setup, kind: str, made: Runs | None) -> list[str]:
    house = p["rules"] == "house"
    wound = "Dramatic" if house else "Serious"
    notes = list(setup.notes)
    notes.append("The same attack is made every time: the same roll, TN and damage raises. The defender starts "
                 "unhurt, never heals and spends no Drama Dice.")
    if p["defense"] == "active" and house and setup.firearm:
        notes.append("A firearm can not be Parried under the house rules, so every hit lands.")
    elif p["defense"] == "active":
        notes.append(f"The defender rolls {p['defense_rolled']}k{p['defense_kept']} against every hit, as if he always "
                     f"had an action to spare ({DEFENSE_RULING} for its TN).")
    notes.append(f"Each attack lands (hits and is not turned aside) {_percent(setup.q[0])} of the time; "
                 "the figures counted in hits count only the attacks that land.")
    if kind == "brute":
        notes.append(f"A Brute goes down at the first blow that lands, with no damage roll or Wound Check; "
                     f"a blow his defense turns aside leaves him standing (the Codex's reading, {CATEGORY_RULING}).")
        return notes
    notes.append(f"Flesh Wounds pile up: each blow's damage joins those he carries, and the Wound Check "
                 f"({p['brawn']}k{p['brawn']}) must reach the whole pile ({TIES_RULING}: meeting it passes). "
                 f"A failed check clears the pile and gives {wound} Wounds.")
    if house:
        notes.append(f"The house rules keep passed damage around until the next check; the Codex reads that it "
                     f"keeps counting at every later check until one fails ({HOUSE_FLESH_RULING}).")
    if kind == "henchman":
        notes.append(f"A Henchman makes Wound Checks like anyone else and leaves the fight at his first Serious "
                     f"Wound ({CATEGORY_RULING}).")
    elif house:
        notes.append(f"Crippled at {p['resolve']} Dramatic Wounds and knocked out at {2 * p['resolve']}. Being "
                     "Crippled touches only Finesse actions; his Parry is a Wits action and his Wound Checks are "
                     "spared, so the fight goes on the same.")
    else:
        notes.append(f"Crippled at {p['resolve']} Serious Wounds and knocked out at {2 * p['resolve']}. Once Crippled "
                     f"his Active Defense rolls {CRIPPLED_DICE} dice fewer, while his Wound Check keeps all its dice (the "
                     f"Codex's reading, {CRIPPLED_DEFENSE_RULING}).")
    if made is None:
        notes.append("This attack rolls no damage dice, so it never forces a Wound Check.")
    else:
        notes.append("Each stretch of blows between failed Wound Checks is followed until less than one chance in "
                     f"a trillion is left ({made.left:.0e} here); the averages come from the same chain.")
    return notes


_ATTACK = {p.name: p for p in rk_attack.ATTACK_PARAMS}


def _weapon_words(params: Mapping[str, Any]) -> str:
    if params["weapon"] == "custom":
        return f"{params.get('damage_rolled')}k{params.get('damage_kept')} damage"
    labels = dict(dict(WEAPON_OPTIONS).get(params["weapon"], ()))
    return labels.get(params["rules"]) or "the chosen weapon"


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The settings in words, for Copy as text."""
    rules = "house rules" if params["rules"] == "house" else "summary rules"
    if params.get("stat") is not None and params.get("skill") is not None:
        roll = f"{2 * params['stat']}k{params['skill']}"
    else:
        roll = f"{params['rolled']}k{params['kept']}"
    kind = dict(CATEGORIES).get(str(result.get("category", params["category"])), "Hero or Villain")
    raises = params["raises"]
    text = (f"{roll} attacks against TN {params['tn']} ({rules}) with {raises} damage raise{'s' if raises != 1 else ''}, "
            f"{_weapon_words(params)}, on a {kind.split(' (')[0]} "
            f"with Brawn {params['brawn']}")
    if kind.startswith("Hero"):
        text += f" and Resolve {params['resolve']}"
    text += (f", defending with {params['defense_rolled']}k{params['defense_kept']}"
             if params["defense"] == "active" else ", no defense roll")
    return text + f"; {params['attacks']} attacks"


PARAMS: dict[str, Param] = {
    **_ATTACK,
    "raises": IntParam("raises", "Damage raises (each attack)", 0, minimum=0, maximum=MAX_RAISES, required=False,
                       help="Called on every attack: each adds 5 to the TN and one unkept damage die."),
    "resolve": IntParam("resolve", "Defender's Resolve", 3, minimum=1, maximum=MAX_RESOLVE, required=False,
                        shown_when=(("category", ("hero",)),),  # a Henchman or a Brute has no use for it
                        help="Crippled at this many lasting wounds, knocked out at twice it."),
    "category": ChoiceParam("category", "Kind of defender", "hero", required=False, choices=CATEGORIES,
                            # the house rules know only heroes and villains: under them the kind is
                            # always "hero", so Resolve (shown for a hero) shows under them too
                            filtered_by="rules", offered=CATEGORY_OFFERED,
                            shown_when=(("rules", ("summary",)),),
                            help="Henchmen leave the fight at their first Serious Wound; Brutes at the first blow."),
    "attacks": IntParam("attacks", "Attacks counted", 10, minimum=1, maximum=MAX_ATTACKS, required=False,
                        help="The chart and table run from 1 attack up to this many."),
}

ORDER = ("rules", "rolled", "kept", "stat", "skill", "explode", "tn", "raises", "weapon", "thrown",
         "damage_rolled", "damage_kept", "attacker_brawn", "firearm", "brawn", "resolve", "category",
         "attacks", "defense", "defense_rolled", "defense_kept", "d6_explode")

CALCULATORS = (
    Calculator(
        id="rk-fight",
        title="Attacks until he is down",
        rule="rk/damage.md#rk-fight",
        summary="The same attack again and again: the chance the defender is Crippled or out within each "
                "number of attacks, and how many it takes on average.",
        params=tuple(PARAMS[name] for name in ORDER),
        compute=fight,
        headlines=(
            Headline("out_within", "Out of the fight within {attacks_words}"),
            Headline("expected_attacks_out", "Average attacks until he is out", "number"),
            Headline("crippled_within", "Crippled within {attacks_words}"),
            Headline("expected_attacks_crippled", "Average attacks until he is Crippled", "number"),
        ),
        question=question,
    ),
)

__all__ = ["CALCULATORS", "fight", "question"]
