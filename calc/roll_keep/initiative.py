"""Roll & Keep initiative (`rk-initiative`, docs/rk/initiative.md): when a character acts.

Action dice never explode and read 1 to 10 (a 0 face is 10: ruling R-0012).

- Summary rules: Panache dice plus one extra die (the nonaggressive action, R-0012); a die's
  number is the phase of an action, phases 1 (first) to 10. The Initiative Total is the sum of
  the dice still held: all of them at the start of the round.
- House rules: Finesse and Wits action dice; phases count down from 10 to 0 and a die is ready
  from the phase it shows. The Initiative Total is the sum of every die as rolled. Crippled
  lowers each Finesse die by 2, Distracted each Wits die (never below 0, R-0013 for Wits),
  after the total is taken. When two characters want the same phase, the higher total chooses
  who goes first; equal totals are a coin toss.

Everything is counted exactly: a die's chance of showing at most v is v/10, the highest (or
lowest) of n dice follows from powers, and sums are exact integer convolutions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from calc import data
from calc.calculator import Calculator, Headline
from calc.dice.dist import Dist
from calc.errors import InputError
from calc.params import BoolParam, ChoiceParam, IntParam
from calc.roll_keep.rules import ROLL_SIDES
from calc.roll_keep.vocabulary import result_table, rules_param
from calc.wording import rules_words

SIDES = ROLL_SIDES  # action dice are the game's ten-sided dice: a die's number is its phase
PENALTY = data.load("rk_numbers")["initiative_penalty"]  # Crippled / Distracted: how much lower each die counts (floor 0)
MAX_TRAIT = 10
ACTION_DICE_RULING = "R-0012"  # no explosions, a 0 reads as 10; the summary's extra die is the nonaggressive action
DISTRACTED_RULING = "R-0013"  # Distracted has the same floor of 0
LOWER = f"count {PENALTY} lower"   # what Crippled does to Finesse dice, and Distracted to Wits dice


def dice_total(n: int) -> Dist:
    """The sum of n action dice (1..10, not exploding), exact."""
    return Dist.die(SIDES).repeat(n)


# -- summary rules -----------------------------------------------------------------------


def lowest_at_least(n: int, phase: int) -> Fraction:
    """P(every one of n dice shows `phase` or more): no action before that phase."""
    return Fraction(max(0, SIDES + 1 - phase), SIDES) ** n if phase >= 1 else Fraction(1)


def first_phase_summary(n: int) -> list[tuple[int, Fraction]]:
    """(phase, P(the earliest of n dice is in this phase)) for phases 1..10."""
    return [(p, lowest_at_least(n, p) - lowest_at_least(n, p + 1)) for p in range(1, SIDES + 1)]


def earlier(a: list[tuple[int, Fraction]], b: list[tuple[int, Fraction]], *, ascending: bool) -> tuple[Fraction, Fraction, Fraction]:
    """(P(A's first phase comes first), P(same phase), P(B's comes first)) for independent firsts."""
    pb = dict(b)
    first = same = Fraction(0)
    for phase, p in a:
        later_b = sum((q for ph, q in pb.items() if (ph > phase if ascending else ph < phase)), Fraction(0))
        first += p * later_b
        same += p * pb.get(phase, Fraction(0))
    return first, same, 1 - first - same


# -- house rules -------------------------------------------------------------------------


def faces_up_to(ready: int, *, penalised: bool) -> int:
    """How many of a die's 10 faces leave it ready no earlier than phase `ready` (its value <= ready)."""
    if ready < 0:
        return 0
    return min(SIDES, ready + PENALTY if penalised else ready)


def latest_ready(finesse: int, wits: int, crippled: bool, distracted: bool, phase: int) -> Fraction:
    """P(no die is ready before phase `phase` comes down to it): every die's value is at most `phase`."""
    f = Fraction(faces_up_to(phase, penalised=crippled), SIDES) ** finesse
    w = Fraction(faces_up_to(phase, penalised=distracted), SIDES) ** wits
    return f * w


def first_phase_house(finesse: int, wits: int, crippled: bool, distracted: bool) -> list[tuple[int, Fraction]]:
    """(phase, P(the first die is ready in this phase)) for phases 10 down to 0."""
    return [(p, latest_ready(finesse, wits, crippled, distracted, p)
             - latest_ready(finesse, wits, crippled, distracted, p - 1)) for p in range(SIDES, -1, -1)]


def _all_at_most(n: int, top: int) -> Dist | None:
    """The sum of n dice that each show 1..top, weights counting the rolls (None: no such roll)."""
    if n == 0:
        return Dist.constant(0)
    if top < 1:
        return None
    return Dist.from_weights({v: 1 for v in range(1, top + 1)}).repeat(n)


def first_and_total(finesse: int, wits: int, crippled: bool, distracted: bool) -> dict[int, list[int]]:
    """For each phase m, the number of rolls (out of 10**dice) whose first die is ready in phase m,
    by raw Initiative Total: {m: counts indexed by total}."""
    below: list[int] = []
    out: dict[int, list[int]] = {}
    for m in range(0, SIDES + 1):
        f = _all_at_most(finesse, faces_up_to(m, penalised=crippled))
        w = _all_at_most(wits, faces_up_to(m, penalised=distracted))
        both = None if f is None or w is None else f + w
        upto = [] if both is None else [0] * both.offset + list(both.weights)
        exact = [c - (below[i] if i < len(below) else 0) for i, c in enumerate(upto)]
        out[m] = exact
        below = upto
    return out


def first_in_round(a: dict[int, list[int]], b: dict[int, list[int]]) -> Fraction:
    """P(A acts first in the round), both acting as soon as a die is ready: an earlier phase
    wins; in the same phase the higher Initiative Total goes first and equal totals toss a coin."""
    num = 0
    for m, counts in a.items():
        b_later = sum(sum(b[k]) for k in b if k < m)
        same = b.get(m, [])
        running, below = 0, []
        for c in same:  # below[s]: B's rolls first ready in phase m with a total under s
            below.append(running)
            running += c
        for s, c in enumerate(counts):
            if not c:
                continue
            lower = below[s] if s < len(below) else running
            tie = same[s] if s < len(same) else 0
            num += c * (2 * b_later + 2 * lower + tie)
    a_all = sum(sum(v) for v in a.values())
    b_all = sum(sum(v) for v in b.values())
    return Fraction(num, 2 * a_all * b_all)


def choose_first(a_dice: int, b_dice: int) -> tuple[float, float, float]:
    """(P(A's total higher), P(equal), P(B's higher)): who chooses when both want a phase."""
    diff = dice_total(a_dice) - dice_total(b_dice)
    return diff.at_least(1), diff.between(0, 0), diff.below(0)


# -- the calculator ------------------------------------------------------------------------

SHARED_PHASE = Headline("first_in_phase", "You go first in a shared phase, if the higher total takes it")


def _phase_table(title: str, columns: tuple[tuple[str, str], ...], rows: list[list[Any]], mark: int) -> dict[str, Any]:
    return result_table("phases", title, columns, [{"cells": cells, "mark": cells[0] == mark} for cells in rows])


def _summary(panache: int, phase: int, b_panache: int | None) -> dict[str, Any]:
    if phase < 1:
        raise InputError("phase", f"Phase must be from 1 to {SIDES} under the summary rules, whose phases run "
                                  f"from 1 to {SIDES}; got {phase}.")
    n = panache + 1
    first = first_phase_summary(n)
    aggressive = first_phase_summary(panache)
    rows = []
    for (p, chance), (_, attack) in zip(first, aggressive):
        rows.append([p, float(chance), float(attack), float(1 - lowest_at_least(n, p + 1)), n * p / SIDES])
    out: dict[str, Any] = {
        "first_action": [[p, float(c)] for p, c in first],
        "first_aggressive": [[p, float(c)] for p, c in aggressive],
        "acted_by": float(1 - lowest_at_least(n, phase + 1)),
        "actions_by": n * phase / SIDES,
        "dice": n,
        "tables": [_phase_table(
            f"Phase by phase: {panache} Panache dice and the extra die",
            (("Phase", "integer"), ("First action here", "percent"), ("First Panache die here", "percent"),
             ("Acted by this phase", "percent"),
             ("Average actions by this phase", "number")), rows, phase)],
        "notes": [
            f"{panache} Panache dice and one extra die: {n} dice that do not explode, each giving the phase of "
            f"one action. The extra die times the nonaggressive action ({ACTION_DICE_RULING}); the first action "
            "counts every die, the first aggressive action only the Panache dice.",
            "The Initiative Total counts every die still held, so at the start of the round it is the sum of all "
            "of them; it drops by each die's value as that die is used.",
        ],
    }
    if b_panache is not None:
        a_first, same, b_first = earlier(first, first_phase_summary(b_panache + 1), ascending=True)
        out.update(a_earlier=float(a_first), same_phase=float(same), b_earlier=float(b_first))
        out["notes"].append(
            f"Against an opponent with Panache {b_panache}: the chance that your first action comes in an earlier "
            "phase than his, later, or in the same phase. The summary rules do not say who goes first within one "
            "phase, so the same-phase chance is shown on its own."
        )
    return out


def _house(finesse: int, wits: int, crippled: bool, distracted: bool, phase: int,
           opponent: tuple[int, int, bool, bool] | None) -> dict[str, Any]:
    first = first_phase_house(finesse, wits, crippled, distracted)
    rows = []
    for p, chance in first:
        f_by = 1 - latest_ready(finesse, 0, crippled, False, p - 1)
        w_by = 1 - latest_ready(0, wits, False, distracted, p - 1)
        any_by = 1 - latest_ready(finesse, wits, crippled, distracted, p - 1)
        rows.append([p, float(chance), float(f_by), float(w_by), float(any_by)])
    at = {r[0]: r for r in rows}[phase]
    notes = [
        f"{finesse} Finesse and {wits} Wits action dice that do not explode, a 0 reading as {SIDES} "
        f"({ACTION_DICE_RULING}). A die is ready from the phase it shows down to Phase 0, so \u201cby phase N\u201d "
        "means in phase N or an earlier (higher) one.",
        "The Initiative Total is every die as rolled, Finesse and Wits, and stays the same all round.",
    ]
    if crippled or distracted:
        kinds = " and ".join(k for k, on in (("Finesse", crippled), ("Wits", distracted)) if on)
        notes.append(f"{kinds} dice {LOWER}, never below 0"
                     + (f" (for Wits, the Codex's reading {DISTRACTED_RULING})" if distracted else "")
                     + "; the Initiative Total still counts them as rolled.")
    out: dict[str, Any] = {
        "first_action": [[p, float(c)] for p, c in first],
        "acted_by": at[4], "finesse_by": at[2], "wits_by": at[3], "dice": finesse + wits,
        "tables": [_phase_table(
            f"Phase by phase, from Phase {SIDES} down: {finesse} Finesse and {wits} Wits dice",
            (("Phase", "integer"), ("First die ready here", "percent"), ("A Finesse die ready by now", "percent"),
             ("A Wits die ready by now", "percent"), ("Any die ready by now", "percent")), rows, phase)],
        "notes": notes,
    }
    if opponent is not None:
        b_fin, b_wits, b_crip, b_dist = opponent
        higher, level, lower = choose_first(finesse + wits, b_fin + b_wits)
        first_b = first_phase_house(b_fin, b_wits, b_crip, b_dist)
        a_first, same, b_first = earlier(first, first_b, ascending=False)
        round_first = first_in_round(first_and_total(finesse, wits, crippled, distracted),
                                     first_and_total(b_fin, b_wits, b_crip, b_dist))
        out.update(first_in_phase=higher + level / 2, total_higher=higher, total_tie=level, total_lower=lower,
                   a_earlier=float(a_first), same_phase=float(same), b_earlier=float(b_first),
                   first_in_round=float(round_first))
        notes.append(
            f"Against an opponent with {b_fin} Finesse and {b_wits} Wits dice: when both of you want the same "
            "phase, the higher Initiative Total may go first or let the other go first, and equal totals are "
            "settled by a coin or a die, an even chance. The Codex assumes whoever may choose goes first: "
            f"\u201c{SHARED_PHASE.label}\u201d is your chance of a higher total plus half the chance of equal ones, "
            "and \u201cYou act first in the round\u201d also assumes both of you act as soon as a die is ready."
        )
    return out


HEADLINES = (
    Headline("acted_by", "Chance of acting by the phase asked"),
    Headline("finesse_by", "A Finesse die ready by then"),
    Headline("wits_by", "A Wits die ready by then"),
    Headline("actions_by", "Average actions by then", "number"),
    SHARED_PHASE,
    Headline("a_earlier", "Your first action comes in an earlier phase"),
    Headline("total_mean", "Average Initiative Total", "number"),
)


def initiative(
    *,
    rules: str,
    panache: int,
    finesse: int,
    wits: int,
    crippled: bool,
    distracted: bool,
    phase: int,
    against: str,
    b_panache: int,
    b_finesse: int,
    b_wits: int,
    b_crippled: bool,
    b_distracted: bool,
) -> dict[str, Any]:
    """When a character acts: first phase, readiness by phase N, Initiative Total, and against an opponent."""
    versus = against == "opponent"
    if rules == "summary":
        out = _summary(panache, phase, b_panache if versus else None)
        dice = panache + 1
    else:
        out = _house(finesse, wits, crippled, distracted, phase,
                     (b_finesse, b_wits, b_crippled, b_distracted) if versus else None)
        dice = finesse + wits
    total = dice_total(dice)
    for h in HEADLINES:  # a figure that does not apply to these rules is None (not shown)
        out.setdefault(h.key, None)
    out.update(
        rules=rules,
        phase=phase,
        total_mean=total.mean(),
        distribution=total.pmf(),
        distribution_title=f"Initiative Total at the start of the round ({dice} dice)",
    )
    return out


def _house_side(finesse: int, wits: int, crippled: bool, distracted: bool) -> str:
    marks = [k for k, on in (("Crippled", crippled), ("Distracted", distracted)) if on]
    return f"Finesse {finesse}, Wits {wits}" + (f" ({' and '.join(marks)})" if marks else "")


def question(params: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The settings in words."""
    versus = params["against"] == "opponent"
    if params["rules"] == "summary":
        text = f"{rules_words('summary').capitalize()}: Panache {params['panache']} (and the extra die), phase {params['phase']}"
        return text + (f", against Panache {params['b_panache']}" if versus else "")
    me = _house_side(params["finesse"], params["wits"], params["crippled"], params["distracted"])
    text = f"{rules_words('house').capitalize()}: {me}, phase {params['phase']}"
    if versus:
        text += " against " + _house_side(params["b_finesse"], params["b_wits"], params["b_crippled"],
                                          params["b_distracted"])
    return text


_SUMMARY = (("rules", ("summary",)),)
_HOUSE = (("rules", ("house",)),)
_VERSUS = (("against", ("opponent",)),)


CALCULATORS = (
    Calculator(
        id="rk-initiative",
        title="Initiative: when do I act?",
        rule="rk/initiative.md#rk-initiative-calculator",
        summary="From the action dice: the phase of your first action, how ready you are by a given phase, "
                "your Initiative Total, and who goes first against an opponent.",
        params=(
            rules_param(summary=f"Panache dice, phases 1 to {SIDES}", house=f"Finesse and Wits dice, phases {SIDES} to 0",
                        help="Which rules build the round."),
            IntParam("panache", "Panache", 2, minimum=1, maximum=MAX_TRAIT, required=False, hero="panache", shown_when=_SUMMARY,
                     help="You roll this many dice, and one extra die for the nonaggressive action."),
            IntParam("finesse", "Finesse", 3, minimum=1, maximum=MAX_TRAIT, required=False, hero="finesse", shown_when=_HOUSE,
                     help="How many Finesse action dice you roll."),
            IntParam("wits", "Wits", 2, minimum=1, maximum=MAX_TRAIT, required=False, hero="wits", shown_when=_HOUSE,
                     help="How many Wits action dice you roll."),
            BoolParam("crippled", "Crippled", False, required=False, shown_when=_HOUSE,
                      help=f"Your Finesse dice {LOWER}."),
            BoolParam("distracted", "Distracted", False, required=False, shown_when=_HOUSE,
                      help=f"Your Wits dice {LOWER}."),
            IntParam("phase", "Phase", 5, minimum=0, maximum=SIDES, required=False,
                     help=f"The phase you ask about. Summary rules run 1 to {SIDES}, house rules {SIDES} down to 0."),
            ChoiceParam("against", "Against", "alone", required=False,
                        choices=(("alone", "No one: just my own dice"), ("opponent", "An opponent")),
                        help="Add an opponent to see who is likely to go first."),
            IntParam("b_panache", "Opponent's Panache", 2, minimum=1, maximum=MAX_TRAIT, required=False,
                     shown_when=_SUMMARY + _VERSUS, help="His Panache dice, plus his extra die."),
            IntParam("b_finesse", "Opponent's Finesse", 2, minimum=1, maximum=MAX_TRAIT, required=False,
                     shown_when=_HOUSE + _VERSUS, help="His Finesse action dice."),
            IntParam("b_wits", "Opponent's Wits", 2, minimum=1, maximum=MAX_TRAIT, required=False,
                     shown_when=_HOUSE + _VERSUS, help="His Wits action dice."),
            BoolParam("b_crippled", "Opponent Crippled", False, required=False,
                      shown_when=_HOUSE + _VERSUS, help=f"His Finesse dice {LOWER}."),
            BoolParam("b_distracted", "Opponent Distracted", False, required=False,
                      shown_when=_HOUSE + _VERSUS, help=f"His Wits dice {LOWER}."),
        ),
        compute=initiative,
        headlines=HEADLINES,
        question=question,
        says=("rules", "panache", "finesse", "wits", "crippled", "distracted", "phase", "against",
              "b_panache", "b_finesse", "b_wits", "b_crippled", "b_distracted"),
    ),
)

__all__ = ["CALCULATORS", "first_and_total", "first_in_round", "first_phase_house", "first_phase_summary",
           "initiative", "question"]
