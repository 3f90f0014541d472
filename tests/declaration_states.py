"""One way to walk a calculator's states and answers in tests: the values tried per field, pinned and random states, cached answers."""

from __future__ import annotations

import os
import random
from typing import Any, Iterator, Mapping

from calc.calculator import Calculator
from calc.errors import InputError
from calc.params import Param
from calc.registry import parse_params
from tests.param_values import kind, near

SCALE = float(os.environ.get("CODEX_PROPERTY_SCALE", "1"))
RANDOM_STATES = max(3, round(16 * SCALE))   # seeded random states per calculator and rule set, besides the pinned
LISTED = max(3, round(12 * SCALE))   # values of a long condition (a list of weapons) made pinned states, at most
MOST_STATES = max(12, round(160 * SCALE))   # states walked per calculator, at most (the defaults always)
SEED = 39


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
            filled = [v for v in near(param, state) if v is not None]
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
        if param.name in deciders and kind(param) == "choice":
            yield from ({**base, param.name: value} for value in some_of(near(param, base), LISTED, rng))
    for param in calculator.params:
        for clause in _conditions(param):
            if not clause:
                continue
            firsts = {name: values[0] for name, values in clause}
            for name, values in clause:
                for value in some_of(values, LISTED, rng):
                    made = {**base, **firsts, name: value}
                    yield made
                    for other in near(param, made):
                        if kind(param) in ("bool", "choice") and other != made.get(param.name):
                            yield {**made, param.name: other}
        if param.replaced_by:
            yield {**base, **{name: near(calculator.param(name), base)[1] for name in param.replaced_by}}


def _drawn(calculator: Calculator, base: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Seeded random states: each field changed with an even chance; then a field left hidden may hold
    any of its choices, offered or not."""
    for _ in range(RANDOM_STATES):
        state = dict(base)
        for param in calculator.params:
            if param.name != "rules" and rng.random() < 0.5:
                state[param.name] = rng.choice(near(param, state))
        for param in calculator.params:
            if not calculator.applies(param, state) and rng.random() < 0.5:
                state[param.name] = rng.choice(near(param, state, hidden=True))
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