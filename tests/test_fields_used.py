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
from calc.params import BoolParam, ChoiceParam, IntParam, Param, TextParam
from calc.registry import parse_params
from calc.roll_keep.exchange import Roll, tn_with_raises
from calc.roll_keep.rules import ROLL_SIDES

SCALE = float(os.environ.get("CODEX_PROPERTY_SCALE", "1"))
RANDOM_STATES = max(3, round(16 * SCALE))   # seeded random states per calculator and rule set, besides the pinned
LISTED = max(3, round(12 * SCALE))   # values of a long condition (a list of weapons) made pinned states, at most
HIDDEN_TRIES = max(2, round(8 * SCALE))   # values tried in a field that does not apply, at most
MOST_STATES = max(12, round(160 * SCALE))   # states walked per calculator, at most (the defaults always)
SEED = 39

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


TEXTS = {"expr": ("3d6", "2d6+1", "4d6dl1")}


def _values(param: Param, state: Mapping[str, Any], *, hidden: bool = False) -> list[Any]:
    """The values tried in a field under `state`: each choice offered (every choice, for a `hidden`
    field: a link may leave one its rules do not offer), yes and no, a spread of whole numbers near
    the default (never the costly top of a range), or a few dice expressions."""
    if isinstance(param, ChoiceParam):
        return [v for v, _ in (param.choices if hidden else param.options(state))]
    if isinstance(param, BoolParam):
        return [False, True]
    if isinstance(param, IntParam):
        base = param.default if param.default is not None else param.minimum
        near = {param.minimum, param.minimum + 1, base, base + 1, base + 3, base + 5, base - 1}
        return sorted(v for v in near if param.minimum <= v <= param.maximum) + ([None] if param.optional else [])
    if isinstance(param, TextParam):
        return list(TEXTS.get(param.name, (param.default,)))
    return [param.default]


_ANSWERS: dict[tuple[str, str], dict[str, Any] | InputError] = {}


def answer(calculator: Calculator, state: Mapping[str, Any]) -> dict[str, Any]:
    """The calculator's answer for `state` (each worked out once per run: states share neighbours)."""
    key = (calculator.id, repr(sorted(state.items())))
    if key not in _ANSWERS:
        try:
            _ANSWERS[key] = calculator.compute(**parse_params(calculator, state))
        except InputError as err:
            _ANSWERS[key] = err
    found = _ANSWERS[key]
    if isinstance(found, InputError):
        raise found
    return found


def _complete(calculator: Calculator, state: dict[str, Any]) -> dict[str, Any] | None:
    """The state, with a blank field filled where the answer needs it (an Other weapon's dice, the
    Skill beside a Stat); None when it stays an error."""
    for _ in range(4):
        try:
            answer(calculator, state)
            return state
        except InputError as err:
            names = {p.name: p for p in calculator.params}
            param = names.get(err.field)
            if param is None or state.get(param.name) is not None:
                return None
            filled = [v for v in _values(param, state) if v is not None]
            if not filled:
                return None
            state = {**state, param.name: filled[min(1, len(filled) - 1)]}
    return None


def _conditions(param: Param) -> list[tuple[tuple[str, tuple[Any, ...]], ...]]:
    """Each way the field may come to apply: its `shown_when` alone, or with each of its alternatives."""
    alternatives = getattr(param, "shown_any", ()) or ((),)
    return [tuple(param.shown_when) + tuple(clause) for clause in alternatives]


def _some(values: tuple[Any, ...] | list[Any], most: int, rng: random.Random) -> list[Any]:
    """`values` when there are at most `most`, else the first, the last and a seeded draw of the rest."""
    values = list(values)
    if len(values) <= most:
        return values
    return [values[0], *rng.sample(values[1:-1], most - 2), values[-1]]


def _pinned(calculator: Calculator, base: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """The defaults, each choice of a field that decides another's showing, then for each field each
    setting that makes it apply (the listed values of what decides it), and that setting with the
    field itself changed; a replaced field with its replacements filled in."""
    yield base
    deciders = {name for param in calculator.params for clause in _conditions(param) for name, _ in clause}
    for param in calculator.params:
        if param.name in deciders and isinstance(param, ChoiceParam):
            yield from ({**base, param.name: value} for value in _some(_values(param, base), LISTED, rng))
    for param in calculator.params:
        for clause in _conditions(param):
            if not clause:
                continue
            firsts = {name: values[0] for name, values in clause}
            for name, values in clause:
                for value in _some(values, LISTED, rng):
                    made = {**base, **firsts, name: value}
                    yield made
                    for other in _values(param, made):
                        if isinstance(param, (BoolParam, ChoiceParam)) and other != made.get(param.name):
                            yield {**made, param.name: other}
        if param.replaced_by:
            yield {**base, **{name: _values(calculator.param(name), base)[1] for name in param.replaced_by}}


def _drawn(calculator: Calculator, base: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Seeded random states: each field changed with an even chance; then a field left hidden may hold
    any of its choices, offered or not."""
    for _ in range(RANDOM_STATES):
        state = dict(base)
        for param in calculator.params:
            if param.name != "rules" and rng.random() < 0.5:
                state[param.name] = rng.choice(_values(param, state))
        for param in calculator.params:
            if not calculator.applies(param, state) and rng.random() < 0.5:
                state[param.name] = rng.choice(_values(param, state, hidden=True))
        yield state


def rule_sets(calculator: Calculator) -> list[dict[str, Any]]:
    """The defaults under each rule set the calculator offers (one, for a calculator without a choice)."""
    base = calculator.defaults()
    if "rules" not in base:
        return [base]
    return [{**base, "rules": value} for value, _ in calculator.param("rules").choices]


def states(calculator: Calculator) -> list[dict[str, Any]]:
    rng = random.Random(f"{SEED}:{calculator.id}")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for base in rule_sets(calculator):
        for raw in (*_pinned(calculator, base, rng), *_drawn(calculator, base, rng)):
            state = _complete(calculator, dict(raw))
            key = repr(sorted(state.items())) if state is not None else ""
            if state is not None and key not in seen:
                seen.add(key)
                out.append(state)
    firsts = [state for state in out if state in rule_sets(calculator)]
    rest = [state for state in out if state not in firsts]
    return firsts + (rng.sample(rest, MOST_STATES - len(firsts)) if len(out) > MOST_STATES else rest)


def walk(calculator: Calculator) -> tuple[int, list[str], set[str]]:
    """(cases tried, findings, the fields tried where they apply): each field in each state, both directions."""
    tried, findings, shown = 0, [], set()
    rng = random.Random(f"{SEED}:{calculator.id}:walk")
    for state in states(calculator):
        before = answer(calculator, state)
        for param in calculator.params:
            applies = calculator.applies(param, state)
            others = [v for v in _values(param, state, hidden=not applies) if v != state.get(param.name)]
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
                for value in _some(others, HIDDEN_TRIES, rng):
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
