"""The questions the build answers ahead of time: a link to one of them is answered from a file.

The set is chosen from the declarations, in this order (a question met twice is kept once, by its
address, `calc.built.addresses.odds_path`):

- every calculator's defaults, under each rule set it offers (its `rules` field's choices);
- the questions the site itself links to, which only the built site knows (a roll's popover, a
  worked example, a printed calculator line): passed in as `linked` by the build;
- the common grids: rk-check for 1 to `RK_MOST_ROLLED` dice rolled, every number kept, TN 5 to 60 in
  steps of 5, tens exploding or not; sun-check for every Attribute + Skill from 0 to 15, targets 8 to
  24, each extra die; pool-check for the pools the search answers (`search_answers.POOL_MOST_DICE`
  dice with up to `POOL_MOST_BLACK` black ones), needing 1 to `POOL_MOST_NEED` net successes;
- for every other calculator, its defaults (under each rule set) with one field of the first screen
  (not behind "More options") changed to each value it offers there: each choice offered under those
  settings, a tick box both ways, a whole number within `INT_REACH` of its default.

Only questions calc answers are kept (a setting a rule set does not offer is left out). What this
adds to the deploy and the build is stated in the build's line (macros/answers/store.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Iterator

from calc.built.addresses import odds_path, shortest
from calc.built.search_answers import POOL_MOST_BLACK, POOL_MOST_DICE
from calc.calculator import Calculator
from calc.errors import InputError
from calc.params import BoolParam, ChoiceParam, IntParam, Param
from calc.question import Question
from calc.registry import CALCULATORS

RK_MOST_ROLLED = 12                  # rk-check's grid: 1 to 12 dice rolled, any number kept
RK_TNS = tuple(range(5, 61, 5))      # TN 5 to 60, a Raise apart
SUN_BONUSES = tuple(range(0, 16))    # Attribute + Skill 0 to 15
SUN_TARGETS = tuple(range(8, 25))    # targets 8 to 24
POOL_MOST_NEED = 5                   # pool-check: 1 to 5 net successes needed
INT_REACH = 3                        # other calculators: a whole number up to 3 either side of its default
GRIDS = ("rk-check", "sun-check", "pool-check")


def _rule_sets(calculator: Calculator) -> tuple[dict[str, Any], ...]:
    """The calculator's defaults under each rule set it offers (one set of defaults without a `rules` field)."""
    defaults = calculator.defaults()
    rules = next((p for p in calculator.params if p.name == "rules" and isinstance(p, ChoiceParam)), None)
    if rules is None:
        return (defaults,)
    return tuple({**defaults, "rules": value} for value, _ in rules.choices)


def _rk_check() -> Iterator[dict[str, Any]]:
    for explode in (True, False):
        for rolled in range(1, RK_MOST_ROLLED + 1):
            for kept in range(1, rolled + 1):
                for tn in RK_TNS:
                    yield {"rolled": rolled, "kept": kept, "tn": tn, "explode": explode}


def _sun_check() -> Iterator[dict[str, Any]]:
    for die, _ in CALCULATORS["sun-check"].param("die").choices:   # type: ignore[attr-defined]
        for bonus in SUN_BONUSES:
            for target in SUN_TARGETS:
                yield {"bonus": bonus, "target": target, "die": die}


def _pool_check() -> Iterator[dict[str, Any]]:
    for dice in range(1, POOL_MOST_DICE + 1):
        for black in range(0, POOL_MOST_BLACK + 1):
            for need in range(1, POOL_MOST_NEED + 1):
                yield {"dice": dice, "black": black, "need": need}


def offered_values(param: Param, values: dict[str, Any]) -> tuple[Any, ...]:
    """The values a field of the first screen offers under these settings (see the module's docstring)."""
    if isinstance(param, ChoiceParam):
        return tuple(value for value, _ in param.options(values))
    if isinstance(param, BoolParam):
        return (True, False)
    if isinstance(param, IntParam) and values.get(param.name) is not None:
        middle = values[param.name]
        return tuple(range(max(param.minimum, middle - INT_REACH), min(param.maximum, middle + INT_REACH) + 1))
    return ()


def _one_changed(calculator: Calculator) -> Iterator[dict[str, Any]]:
    for base in _rule_sets(calculator):
        yield base
        for param in calculator.params:
            if param.more or param.name == "rules" or not calculator.applies(param, base):
                continue
            for value in offered_values(param, base):
                yield {**base, param.name: value}


def _grid(calculator: Calculator) -> Iterator[dict[str, Any]]:
    maker = {"rk-check": _rk_check, "sun-check": _sun_check, "pool-check": _pool_check}.get(calculator.id)
    return maker() if maker else _one_changed(calculator)


def _answerable(question: Question) -> bool:
    try:
        question.answer()
    except InputError:
        return False
    return True


def _candidates(linked: Iterable[Question]) -> Iterator[Question]:
    for calculator in CALCULATORS.values():
        for settings in _rule_sets(calculator):
            yield Question.of(calculator.id, settings)
    for question in linked:   # a field the link leaves out holds its default, as the form does
        yield Question.of(question.calculator, {**question.declaration.defaults(), **question.params()})
    for calculator in CALCULATORS.values():
        for settings in _grid(calculator):
            yield Question.of(calculator.id, settings)


def built_questions(*, linked: Iterable[Question] = ()) -> tuple[Question, ...]:
    """Every question the build answers, in a fixed order, one per address (`odds_path`).

    `linked`: the questions the built site links to (the build gathers them from its pages); a
    question calc refuses is left out, so a stray link never stops the build."""
    return _built(tuple(linked))


@lru_cache(maxsize=4)
def _built(linked: tuple[Question, ...]) -> tuple[Question, ...]:
    seen: dict[str, Question] = {}
    for question in _candidates(linked):
        path = _path(question)
        if path is None or path in seen or not _answerable(question):   # a candidate at a seen address
            continue                                                    # holds the same settings
        seen[path] = shortest(question)   # its link names only what its address names
    return tuple(seen.values())


def is_built(question: Question, *, linked: Iterable[Question] = ()) -> bool:
    """Whether the build answers this question (the same address as one of `built_questions`): its
    address is a candidate's, and calc answers it. Only this question is worked out, not the set (a
    candidate at the same address holds the same settings, so calc answers both or neither)."""
    path = _path(question)
    return path is not None and path in _candidate_paths(tuple(linked)) and _answerable(question)


def _path(question: Question) -> str | None:
    try:
        return odds_path(question)
    except InputError:   # a required field left out: no address, so never built
        return None


@lru_cache(maxsize=4)
def _candidate_paths(linked: tuple[Question, ...]) -> frozenset[str]:
    return frozenset(filter(None, map(_path, _candidates(linked))))


__all__ = ["GRIDS", "INT_REACH", "POOL_MOST_NEED", "RK_MOST_ROLLED", "RK_TNS", "SUN_BONUSES", "SUN_TARGETS",
           "built_questions", "is_built", "offered_values"]
