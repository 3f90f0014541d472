"""One way to walk a calculator's states and answers in tests: the values tried per field, pinned and random states, cached answers."""

from __future__ import annotations

import os
import random
from typing import Any, Iterator, Mapping

from calc.calculator import Calculator
from calc.errors import InputError
from calc.params import BoolParam, ChoiceParam, IntParam, Param, TextParam
from calc.registry import parse_params

SCALE = float(os.environ.get("CODEX_PROPERTY_SCALE", "1"))
RANDOM_STATES = max(3, round(16 * SCALE))   # seeded random states per calculator and rule set, besides the pinned
LISTED = max(3, round(12 * SCALE))   # values of a long condition (a list of weapons) made pinned states, at most
MOST_STATES = max(12, round(160 * SCALE))   # states walked per calculator, at most (the defaults always)
SEED = 39
TEXTS = {"expr": ("3d6", "2d6+1", "4d6dl1")}


def field_values(param: Param, state: Mapping[str, Any], *, hidden: bool = False) -> list[Any]:
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
            filled = [v for v in field_values(param, state) if v is not None]
            if not filled:
                return None
            state = {**state, param.name: filled[min(1, len(filled) - 1)]}
    return None


def _conditions(param: Param) -> list[tuple[tuple[str, tuple[Any, ...]], ...]]:
    """Each way the field may come to apply: its `shown_when` alone, or with each of its alternatives."""
    alternatives = getattr(param, "shown_any", ()) or ((),)
    return [tuple(param.shown_when) + tuple(clause) for clause in alternatives]


def some_of(values: tuple[Any, ...] | list[Any], most: int, rng: random.Random) -> list[Any]:
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
            yield from ({**base, param.name: value} for value in some_of(field_values(param, base), LISTED, rng))
    for param in calculator.params:
        for clause in _conditions(param):
            if not clause:
                continue
            firsts = {name: values[0] for name, values in clause}
            for name, values in clause:
                for value in some_of(values, LISTED, rng):
                    made = {**base, **firsts, name: value}
                    yield made
                    for other in field_values(param, made):
                        if isinstance(param, (BoolParam, ChoiceParam)) and other != made.get(param.name):
                            yield {**made, param.name: other}
        if param.replaced_by:
            yield {**base, **{name: field_values(calculator.param(name), base)[1] for name in param.replaced_by}}


def _drawn(calculator: Calculator, base: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Seeded random states: each field changed with an even chance; then a field left hidden may hold
    any of its choices, offered or not."""
    for _ in range(RANDOM_STATES):
        state = dict(base)
        for param in calculator.params:
            if param.name != "rules" and rng.random() < 0.5:
                state[param.name] = rng.choice(field_values(param, state))
        for param in calculator.params:
            if not calculator.applies(param, state) and rng.random() < 0.5:
                state[param.name] = rng.choice(field_values(param, state, hidden=True))
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
