"""A field shown is a field used, and the reverse (issue 39, item 2): a walk over every declaration.

For every calculator of the registry, under each rule set it offers, the walk draws a set of states
(the defaults; for each field, settings where it applies and its neighbours; and seeded random
draws) and tries each field in each state:

- where `Calculator.applies` says the field applies (the form shows it and enables it), some change
  of its value changes the answer;
- where it does not apply (hidden by `shown_when`, or replaced by `replaced_by`), no change of its
  value changes the answer, nor makes it an error.

`Calculator.applies` is what the form, links, compare and Copy as text all read, so a field the
reader can edit that does nothing, or a hidden one that silently counts, fails here. A field whose
value no change can move in some state, by the rules, is listed in `CANNOT_CHANGE` with why.
The number of drawn states follows CODEX_PROPERTY_SCALE (`make test-fast` draws a quarter);
the test prints how many (calculator, field, state) cases it tried.
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable, Iterator, Mapping

import pytest

import calc
from calc.calculator import Calculator
from calc.errors import InputError
from calc.registry import parse_params
from calc.roll_keep.exchange import Roll, tn_with_raises
from calc.roll_keep.rules import ROLL_SIDES
from tests.declaration_states import SCALE, SEED, answer, some_of, states
from tests.param_values import near

HIDDEN_TRIES = max(2, round(8 * SCALE))   # values tried in a field that does not apply, at most

# (calculator, field): a state in which no change of the field can change the answer, by the rules
# (the answer does depend on the field in other states): a predicate on the state, and why.
def _a_ten_reaches(state: Mapping[str, Any]) -> bool:
    """Whether a ten on the attack dice reaches the TN (with its raises) even with the other kept dice at 1:
    then a roll with a ten hits whether or not it explodes, and one without a ten does not explode."""
    roll = Roll.read(state["rolled"], state["kept"], state.get("stat"), state.get("skill"))
    return tn_with_raises(state["tn"], state["raises"]) <= ROLL_SIDES + roll.kept - 1


def _lands(state: Mapping[str, Any]) -> float:
    return answer(calc.CALCULATORS["rk-fight"], state)["p_land"]


# (calculator, fields, the states in which no change of them can change the answer by the rules, why):
# consulted only where the walk found no change.
CANNOT_CHANGE: list[tuple[str, tuple[str, ...], Callable[[Mapping[str, Any]], bool], str]] = [
    ("rk-horse-fall", ("taken",), lambda state: state["wounds"] == 1,
     "the wounds taken at once are among the current ones: with one current wound, one is all he can have taken"),
    ("sun-initiative", ("a_agility",), lambda state: state["b_agility"] is None,
     "a tie goes to the higher Agility, which takes both: with B's unknown, A's alone breaks no tie"),
    ("sun-initiative", ("b_agility",), lambda state: state["a_agility"] is None,
     "a tie goes to the higher Agility, which takes both: with A's unknown, B's alone breaks no tie"),
    ("rk-fight", ("explode",), _a_ten_reaches,
     "a ten already reaches the TN, so whether it explodes never decides a hit"),
    ("rk-fight", ("rolled", "kept", "stat", "skill", "explode", "tn", "defense", "defense_rolled", "defense_kept"),
     lambda state: _lands(state) == 1.0,
     "every attack lands (a TN any roll reaches, and no roll against it): the attack's own dice decide nothing"),
    ("rk-fight", tuple(p.name for p in calc.CALCULATORS["rk-fight"].params), lambda state: _lands(state) == 0.0,
     "no attack can land (the TN with its raises is out of the dice's reach, down to TN 0): nothing else counts"),
]


def _excused(cid: str, name: str, state: Mapping[str, Any]) -> bool:
    return any(c == cid and name in names and holds(state) for c, names, holds, _ in CANNOT_CHANGE)


def walk(calculator: Calculator) -> tuple[int, list[str], set[str]]:
    """(cases tried, findings, the fields tried where they apply): each field in each state, both directions."""
    tried, findings, shown = 0, [], set()
    rng = random.Random(f"{SEED}:{calculator.id}:walk")
    for state in states(calculator):
        before = answer(calculator, state)
        for param in calculator.params:
            applies = calculator.applies(param, state)
            others = [v for v in near(param, state, hidden=not applies) if v != state.get(param.name)]
            if not others:
                continue
            tried += 1
            where = f"{calculator.id}.{param.name} at {_brief(calculator, state)}"
            if applies:
                shown.add(param.name)
                if not any(_moved(calculator, {**state, param.name: v}, before, param.name) for v in others) \
                        and not _excused(calculator.id, param.name, state):
                    findings.append(f"shown but unused: {where}")
            else:
                for value in some_of(others, HIDDEN_TRIES, rng):
                    changed = {**state, param.name: value}
                    if calculator.applies(param, changed):
                        continue   # its own value decides (none today)
                    try:
                        after = answer(calculator, changed)
                    except InputError as err:
                        findings.append(f"hidden but refused ({value!r}: {err.message}): {where}")
                        break
                    if after != before:
                        findings.append(f"hidden but used ({value!r}): {where}")
                        break
    return tried, findings, shown


def _moved(calculator: Calculator, state: Mapping[str, Any], before: Mapping[str, Any], name: str) -> bool:
    """Whether the answer changed: another figure, or a request for another field (a Stat asks for
    its Skill); a refusal of the field's own value is no answer to it."""
    try:
        return answer(calculator, state) != before
    except InputError as err:
        return err.field != name


def _brief(calculator: Calculator, state: Mapping[str, Any]) -> str:
    """The state as the fields that differ from the defaults."""
    base = calculator.defaults()
    return "{" + ", ".join(f"{k}={v!r}" for k, v in state.items() if base.get(k) != v) + "}"


TRIED: dict[str, int] = {}


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_a_field_shown_changes_the_answer_and_a_hidden_one_never_does(cid: str) -> None:
    calculator = calc.CALCULATORS[cid]
    tried, findings, shown = walk(calculator)
    TRIED[cid] = tried
    print(f"\n{cid}: {tried} (calculator, field, state) cases tried")
    assert findings == [], "\n".join(findings[:40])
    assert shown == {p.name for p in calculator.params}, "fields never tried where they apply"


def test_the_walk_covered_every_calculator() -> None:
    """The cases tried in all, printed with `pytest -s` when the walk ran in this worker."""
    if len(TRIED) == len(calc.CALCULATORS):
        print(f"\nfield walk: {sum(TRIED.values())} (calculator, field, state) cases over {len(TRIED)} calculators")
        assert all(TRIED.values())
