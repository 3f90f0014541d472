"""The Roll & Keep TN builder (`rk-tn`): the TN to hit, line by line, from the defense and every modifier.

The base is the summary rules' (Defense Knack + 1) x 5 or a house Passive Defense; each
modifier is a line from the house tables or prose (seed 000), and the off-hand penalty is shown
apart, as it changes the roll and not the TN.
"""

from __future__ import annotations

from typing import Any

from calc import data
from calc.calculator import Calculator, Headline
from calc.params import BoolParam, ChoiceParam, IntParam
from calc.roll_keep.exchange import rank_tn
from calc.roll_keep.rules import MAX_TN, RAISE, RANK_TN, result_table
from calc.roll_keep.weapons import HOUSE_WEAPONS, IMPROVISED
from calc.wording import plural, signed, xky

_PHYSICAL = {row["id"]: row for row in data.load("rk_physical_tn")["rows"]}
_INTERRUPT = data.load("rk_interrupt")["rows"]
_GRAPPLE_ATTACKS = {row["id"]: row for row in data.load("rk_grapple_attacks")["rows"]}
_RANGE_BANDS = {row["id"]: row for row in data.load("rk_range_bands")["rows"]}

# Fixed numbers stated in the house rules' prose (no table of their own): calc/data/rk_numbers.json,
# which the pages quote too (the `rule_number` macro).
_NUMBERS = data.load("rk_numbers")
DRAWING = _NUMBERS["tn"]["drawing"]  # drawing a weapon: added to the TN of the rest of that Action
GETTING_UP = _NUMBERS["tn"]["getting_up"]  # standing up from Prone: likewise
OFF_HAND = _NUMBERS["roll"]["off_hand"]  # off-hand use: taken off the roll itself, not a TN change
TWO_PISTOLS = _NUMBERS["tn"]["two_pistols"]  # two pistols fired as one Action: added to the TN to hit ...
TWO_PISTOLS_DAMAGE = _NUMBERS["damage"]["two_pistols"]  # ... and to the damage, as rolled and kept dice
WRESTLING = {row["id"]: (row["label"], row["tn"]) for row in _NUMBERS["wrestling"]}  # (label, TN change)
MOUNTED = {row["id"]: (row["label"], row["tn"]) for row in _NUMBERS["mounted"]}

_RANGED = {wid: row for wid, row in HOUSE_WEAPONS.items() if row["point_blank"] is not None}
# Reach from the house weapons table; "0(1*)" is 0 when attacking and 1 when parrying.
_REACH_WEAPONS = {wid: row for wid, row in HOUSE_WEAPONS.items() if row["reach"] is not None}
REACH_CHOICES = (
    ("same", "Same Reach, or not counted"),
    ("more_reach", "The attacker's weapon has more Reach than the defender's: "
                   + signed(_PHYSICAL["more_reach"]["adjustment"])),
    ("less_reach", "The attacker's weapon has less Reach than the defender's: "
                   + signed(_PHYSICAL["less_reach"]["adjustment"])),
    ("weapons", "Work it out from the two weapons"),
)

Lines = list[tuple[str, int]]  # (label, TN change), in the order they are added


def _typed(change: int) -> str:
    """A change as the form's help writes it, with ASCII signs: +5, -10, 0."""
    return f"{change:+d}" if change else "0"


def _cover_help() -> str:
    none, some, good = (_typed(_PHYSICAL[f"ranged_{k}"]["adjustment"]) for k in ("no_cover", "some_cover", "good_cover"))
    return f"No cover {none}, some cover {some}, good cover {good}."


def _interrupt_help() -> str:
    """The interrupt table in a line: "1-2: +5, 3-4: +10, 5-6: +15, 7 or more: +20."."""
    bands = [(row["phases"] if row["max"] is not None else f"{row['min']} or more", _typed(row["tn"]))
             for row in _INTERRUPT]
    return ", ".join(f"{phases}: {tn}" for phases, tn in bands) + "."


def weapon_reach(weapon: str, *, attacking: bool) -> int:
    """A house weapon's Reach: Bucklers, Knives and Panzerhands count 0 attacking, 1 parrying."""
    text = _REACH_WEAPONS[weapon]["reach"]
    if "(" in text:
        attack, parry = text.split("(", 1)
        return int(attack) if attacking else int(parry.rstrip("*)"))
    return int(text)


def _two_reaches() -> str:
    """The house table's footnote: the weapons that count one Reach attacking and another parrying."""
    reaches = {(weapon_reach(wid, attacking=True), weapon_reach(wid, attacking=False))
               for wid, row in _REACH_WEAPONS.items() if "(" in row["reach"]}
    assert len(reaches) == 1, "the footnote gives them one pair of Reaches"
    attack, parry = reaches.pop()
    return f"Bucklers, Knives and Panzerhands count Reach {attack} when attacking and {parry} when parrying"


_TWO_REACHES = _two_reaches()


def _interrupt_penalty(phases: int) -> tuple[str, int] | None:
    if phases <= 0:
        return None
    for row in _INTERRUPT:
        if row["min"] <= phases and (row["max"] is None or phases <= row["max"]):
            return row["phases"], row["tn"]
    raise AssertionError("the interrupt table covers every positive number of phases")


def _base(knack: int, wrong_knack: bool, passive_defense: int | None) -> tuple[int, str]:
    """The TN before any modifier, and its line's label."""
    if passive_defense is not None:
        return passive_defense, f"Passive Defense {passive_defense} (house rules)"
    counted = knack - 1 if wrong_knack else knack
    label = (
        f"Defense Knack {knack}{' used as the wrong Knack: counts as ' + str(counted) if wrong_knack else ''}"
        f": ({counted} + 1) x {RANK_TN}"
    )
    return rank_tn(counted + 1), label


def _target_lines(*, grappled: bool, prone: bool, cover: str) -> Lines:
    """The defender's state: Grappled, Prone, cover against a ranged attack."""
    lines = [(f"Target {_PHYSICAL[key]['state']}", _PHYSICAL[key]["adjustment"])
             for flag, key in ((grappled, "grappled"), (prone, "prone")) if flag]
    if cover != "none":
        lines.append((_PHYSICAL[cover]["state"], _PHYSICAL[cover]["adjustment"]))
    return lines


def _reach_lines(reach: str, attacker_weapon: str, defender_weapon: str) -> tuple[Lines, list[str]]:
    """Reach, chosen directly or worked out from the two weapons (with the notes that explain it)."""
    if reach == "same":
        return [], []
    if reach != "weapons":
        return [(dict(REACH_CHOICES)[reach].split(":")[0], _PHYSICAL[reach]["adjustment"])], []
    lines: Lines = []
    notes: list[str] = []
    mine = weapon_reach(attacker_weapon, attacking=True)
    theirs = weapon_reach(defender_weapon, attacking=False)
    names = (f"the attacker's {_REACH_WEAPONS[attacker_weapon]['weapon']} (Reach {mine}) against the "
             f"defender's {_REACH_WEAPONS[defender_weapon]['weapon']} (Reach {theirs})")
    if mine != theirs:
        key = "more_reach" if mine > theirs else "less_reach"
        lines.append((f"Reach: {names}", _PHYSICAL[key]["adjustment"]))
    else:
        notes.append(f"Reach makes no difference: {names}.")
    if any("(" in _REACH_WEAPONS[w]["reach"] for w in (attacker_weapon, defender_weapon)):
        notes.append(f"{_TWO_REACHES}; the Codex gives the defender's weapon its parrying Reach against every "
                     "attack (its reading, R-0062).")
    return lines, notes


def _action_lines(*, promoted: int, drawing: bool, getting_up: bool, ranged_weapon: str, range_band: str,
                  two_pistols: bool) -> tuple[Lines, list[str]]:
    """The attacker's Action: an interrupt, drawing, getting up, the range band, two pistols."""
    lines: Lines = []
    interrupt = _interrupt_penalty(promoted)
    if interrupt:
        lines.append((f"Action Die promoted {plural(promoted, 'phase')} (interrupt, {interrupt[0]})", interrupt[1]))
    if drawing:
        lines.append(("Drawing a weapon with this Action", DRAWING))
    if getting_up:
        lines.append(("Getting up from Prone with this Action", GETTING_UP))
    if ranged_weapon != "none":
        row = _RANGED[ranged_weapon]
        lines.append((f"{row['weapon']} at {_RANGE_BANDS[range_band]['band']}", row[range_band]))
    if two_pistols:
        lines.append(("Firing two pistols at once", TWO_PISTOLS))
        return lines, [f"Two pistols fired together also add {_two_pistols_damage()} to the damage."]
    return lines, []


def _situation_lines(*, wrestling: str, grappled_attack: str, mounted: str,
                     improvised: str) -> tuple[Lines, list[str]]:
    """Wrestling, fighting from inside a Grapple, mounted situations, an improvised weapon."""
    lines: Lines = []
    if wrestling != "none":
        lines.append(WRESTLING[wrestling])
    if grappled_attack != "none":
        row = _GRAPPLE_ATTACKS[grappled_attack]
        lines.append((f"Attacking from inside a Grapple: {row['attack']}", row["tn"]))
    if mounted != "none":
        lines.append(MOUNTED[mounted])
    if improvised != "none":
        row = IMPROVISED[improvised]
        lines.append((f"{row['size']} improvised weapon", row["tn_penalty"]))
        if row["tn_penalty"]:
            return lines, [f"A {row['size']} improvised weapon is {signed(row['tn_penalty'])} or more to TNs: the GM "
                           "may add more."]
    return lines, []


def tn_notes(*, tn: int, effective: int | None, house_lines: bool, passive_defense: int | None) -> list[str]:
    """The notes on the TN as a whole: the PD reading, the off-hand line, a TN met by any roll."""
    notes = []
    if passive_defense is None and house_lines:
        notes.append(
            "The Codex's reading (R-0015): the house rules' adjustments above are applied to a Passive "
            f"Defense worked out with the summary rules' (Knack + 1) x {RANK_TN}, since the house rules give PD no "
            "formula."
        )
    if effective is not None:
        notes.append(
            f"The off-hand penalty is {OFF_HAND} to the roll, not a change to the TN. The Codex shows it as a "
            f"separate line; needing {tn} with {-OFF_HAND} taken off the roll is the same as needing {effective} "
            "on the dice (its reading, for comparing odds)."
        )
    if tn <= 0:
        notes.append("A TN of 0 or less is met by any roll.")
    return notes


def _breakdown(base: int, base_label: str, lines: Lines, off_hand: bool) -> list[dict[str, Any]]:
    """Each line with the TN so far; the off-hand penalty last, as a change to the roll."""
    tn = base
    out: list[dict[str, Any]] = [{"label": base_label, "change": base, "tn": base, "kind": "base"}]
    for label, change in lines:
        tn += change
        out.append({"label": label, "change": change, "tn": tn, "kind": "tn"})
    if off_hand:
        out.append({"label": f"Off-hand: {OFF_HAND} to the roll (not a TN change)", "change": OFF_HAND, "tn": None,
                    "kind": "roll"})
    return out


def _table_rows(breakdown: list[dict[str, Any]], tn: int, effective: int | None) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [
        {"cells": [b["label"], signed(b["change"]) if b["kind"] != "base" else str(b["change"]), b["tn"]]}
        for b in breakdown
    ]
    rows.append({"cells": ["Target number", "", tn], "mark": True})
    if effective is not None:
        rows.append({"cells": [f"Dice needed, counting the off-hand {OFF_HAND} (TN-equivalent)", f"+{-OFF_HAND}", effective]})
    return rows


def _two_pistols_damage() -> str:
    return f"+{xky(TWO_PISTOLS_DAMAGE['rolled'], TWO_PISTOLS_DAMAGE['kept'])}"


def _chain(tn: int, raises: int, off_hand: bool) -> dict[str, Any]:
    """One click carries this TN into the roll calculator (codex_view renders it as a button).

    The roll calculator takes the TN before raises and the raises apart, so that its raises
    table starts from the right TN; the off-hand penalty travels inside the TN (needing that much more).
    """
    before_raises = tn - RAISE * raises - (OFF_HAND if off_hand else 0)
    dice_tn = min(MAX_TN, max(0, before_raises))
    sent = f"TN {dice_tn}" + (f" and {plural(raises, 'raise')}" if raises else "")
    arrived = sent + " from the TN builder" + (f", the off-hand {signed(OFF_HAND)} counted in the TN" if off_hand else "")
    return {"calculator": "rk-check", "params": {"tn": dice_tn, "raises": raises},
            "label": f"Roll against {sent}", "arrived": arrived}


def target_number(
    *,
    knack: int,
    wrong_knack: bool,
    passive_defense: int | None,
    raises: int,
    grappled: bool,
    prone: bool,
    cover: str,
    reach: str,
    attacker_weapon: str,
    defender_weapon: str,
    promoted: int,
    drawing: bool,
    getting_up: bool,
    off_hand: bool,
    ranged_weapon: str,
    range_band: str,
    two_pistols: bool,
    wrestling: str,
    grappled_attack: str,
    mounted: str,
    improvised: str,
) -> dict[str, Any]:
    """Build the TN to hit, line by line, from the seed tables and rules."""
    base, base_label = _base(knack, wrong_knack, passive_defense)
    raise_lines: Lines = [(f"{plural(raises, 'raise')} called ({signed(RAISE)} each)", RAISE * raises)] if raises else []
    reach_lines, notes = _reach_lines(reach, attacker_weapon, defender_weapon)
    action_lines, action_notes = _action_lines(promoted=promoted, drawing=drawing, getting_up=getting_up,
                                               ranged_weapon=ranged_weapon, range_band=range_band,
                                               two_pistols=two_pistols)
    other_lines, other_notes = _situation_lines(wrestling=wrestling, grappled_attack=grappled_attack,
                                                mounted=mounted, improvised=improvised)
    house = _target_lines(grappled=grappled, prone=prone, cover=cover) + reach_lines + action_lines + other_lines
    tn = base + sum(change for _, change in raise_lines + house)
    effective = tn - OFF_HAND if off_hand else None
    notes += action_notes + other_notes
    notes += tn_notes(tn=tn, effective=effective, house_lines=bool(house), passive_defense=passive_defense)
    breakdown = _breakdown(base, base_label, raise_lines + house, off_hand)
    return {
        "tn": tn,
        "effective_tn": effective,
        "roll_penalty": OFF_HAND if off_hand else 0,
        "chain": _chain(tn, raises, off_hand),
        "breakdown": breakdown,
        "tables": [result_table("breakdown", "How the TN is built",
                                (("Line", "text"), ("Change", "text"), ("TN", "integer")),
                                _table_rows(breakdown, tn, effective))],
        "notes": notes,
    }


def _reach_choices(*, attacking: bool) -> tuple[tuple[str, str], ...]:
    return tuple((k, f"{row['weapon']}, Reach {weapon_reach(k, attacking=attacking)}")
                 for k, row in _REACH_WEAPONS.items())


CALCULATORS = (
    Calculator(
        id="rk-tn",
        title="Target number builder",
        rule="rk/attacking.md#rk-target-numbers",
        summary="The TN to hit, from the defense Knack or Passive Defense and every modifier.",
        params=(
            IntParam("knack", "Defense Knack", 2, minimum=0, maximum=10, required=False, replaced_by=("passive_defense",),
                     hero="defense_knack",
                     help=f"TN = (Knack + 1) x {RANK_TN} (summary rules)."),
            BoolParam("wrong_knack", "Wrong defense Knack", False, required=False, more=True,
                      replaced_by=("passive_defense",), help="A Knack that does not fit the attack counts one lower."),
            IntParam("passive_defense", "Passive Defense (optional)", None, minimum=0, maximum=100, optional=True,
                     required=False, help="House rules: type the PD to use it instead of the Knack."),
            IntParam("raises", "Raises called", 0, minimum=0, maximum=20, required=False, help=f"{signed(RAISE)} each."),
            BoolParam("grappled", "Target Grappled", False, required=False, help=f"{_typed(_PHYSICAL['grappled']['adjustment'])} to PD."),
            BoolParam("prone", "Target Prone", False, required=False, help=f"{_typed(_PHYSICAL['prone']['adjustment'])} to PD."),
            ChoiceParam("cover", "Ranged attack: cover", "none", required=False,
                        choices=(("none", "Not a ranged attack"),
                                 *((k, _PHYSICAL[k]["state"]) for k in ("ranged_no_cover", "ranged_some_cover", "ranged_good_cover"))),
                        help=_cover_help()),
            ChoiceParam("reach", "Reach", "same", required=False, choices=REACH_CHOICES,
                        help="The attacker's weapon against the defender's (house rules), or pick both weapons."),
            ChoiceParam("attacker_weapon", "Attacker's weapon (for Reach)", "fencing", required=False,
                        shown_when=(("reach", ("weapons",)),), choices=_reach_choices(attacking=True),
                        help="Its Reach when attacking."),
            ChoiceParam("defender_weapon", "Defender's weapon (for Reach)", "fencing", required=False,
                        shown_when=(("reach", ("weapons",)),), choices=_reach_choices(attacking=False),
                        help="Its Reach when parrying."),
            IntParam("promoted", "Phases promoted (interrupt)", 0, minimum=0, maximum=10, required=False, more=True,
                     help=_interrupt_help()),
            BoolParam("drawing", "Drawing a weapon", False, required=False, more=True, help=f"{signed(DRAWING)} to the TN."),
            BoolParam("getting_up", "Getting up from Prone", False, required=False, more=True,
                      help=f"{signed(GETTING_UP)} to the TN."),
            BoolParam("off_hand", "Off-hand", False, required=False,
                      help=f"{OFF_HAND} to the roll: shown as its own line, not added to the TN."),
            ChoiceParam("ranged_weapon", "Ranged weapon", "none", required=False,
                        choices=(("none", "None"), *((k, row["weapon"]) for k, row in _RANGED.items())),
                        help="Its range band adjusts the TN (house weapons table)."),
            ChoiceParam("range_band", "Range band", "short", required=False,
                        shown_when=(("ranged_weapon", tuple(_RANGED)),),
                        choices=tuple((k, row["band"]) for k, row in _RANGE_BANDS.items()),
                        help=f"Point Blank is {_RANGE_BANDS['point_blank']['max_feet']} feet or less; Short is up to "
                             "half the weapon's Range."),
            BoolParam("two_pistols", "Two pistols at once", False, required=False, more=True,
                      help=f"{signed(TWO_PISTOLS)} to the TN ({_two_pistols_damage()} damage)."),
            ChoiceParam("wrestling", "Wrestling", "none", required=False, more=True,
                        choices=tuple((k, v[0]) for k, v in WRESTLING.items()), help="House wrestling rules."),
            ChoiceParam("grappled_attack", "Attacking while Grappled", "none", required=False, more=True,
                        choices=(("none", "Not Grappled"), *((k, row["attack"]) for k, row in _GRAPPLE_ATTACKS.items())),
                        help="The Grappled target's own attack."),
            ChoiceParam("mounted", "Mounted", "none", required=False, more=True,
                        choices=tuple((k, v[0]) for k, v in MOUNTED.items()), help="House mounted rules."),
            ChoiceParam("improvised", "Improvised weapon", "none", required=False, more=True,
                        choices=(("none", "None"), *((k, f"{row['size']} ({row['damage']})") for k, row in IMPROVISED.items())),
                        help=f"Large improvised weapons are {signed(IMPROVISED['large']['tn_penalty'])} (or more) to TNs."),
        ),
        compute=target_number,
        planner="rk-attack",
        headlines=(Headline("tn", "Target number", "integer", better=""),
                   Headline("effective_tn", f"Needed on the dice with the off-hand {OFF_HAND}", "integer", better="")),
        named=("knack", "passive_defense"),
    ),
)

__all__ = ["CALCULATORS", "MOUNTED", "REACH_CHOICES", "WRESTLING", "target_number", "tn_notes", "weapon_reach"]
