"""The questions the build answers ahead of time (a temporary stand-in: the `answers` branch brings
the whole set, chosen from the declarations; this one holds a few so that odds pages can be built
and tested until it lands).

`built_questions()` gives each built question once; `is_built(question)` says whether a question is
one of them, by its address (`calc.built.addresses.odds_path`), so two spellings of one question
(a field given at its default, or as text) count as the same question.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from calc.built.addresses import odds_path
from calc.errors import InputError
from calc.question import Question
from calc.registry import CALCULATORS

_FEW: tuple[tuple[str, dict[str, Any]], ...] = (
    ("rk-check", {"rolled": 6, "kept": 3, "tn": 25}),
    ("rk-check", {"rolled": 5, "kept": 2, "tn": 15}),
    ("rk-check", {"rolled": 8, "kept": 4, "tn": 30, "explode": False}),
    ("sun-check", {"bonus": 5, "target": 15}),
    ("sun-check", {"bonus": 8, "target": 18, "die": "bonus"}),
    ("pool-check", {"dice": 5}),
    ("pool-check", {"dice": 8, "black": 2, "need": 3}),
    ("rk-initiative", {"rules": "house"}),
)


def _candidates() -> Iterable[Question]:
    for calculator in CALCULATORS.values():   # every calculator's defaults where no field must be given
        if not any(p.required for p in calculator.params):
            yield Question.of(calculator.id, calculator.defaults())
    for calculator_id, settings in _FEW:
        yield Question.of(calculator_id, settings)


@lru_cache(maxsize=1)
def built_questions(*, linked: tuple[Question, ...] = ()) -> tuple[Question, ...]:
    """Every built question, once each (by its address), in a stable order."""
    seen: dict[str, Question] = {}
    for question in (*_candidates(), *linked):
        try:
            question.answer()
            path = odds_path(question)
        except InputError:
            continue
        seen.setdefault(path, question)
    return tuple(seen.values())


@lru_cache(maxsize=1)
def _paths() -> frozenset[str]:
    return frozenset(odds_path(q) for q in built_questions())


def is_built(question: Question, *, linked: Iterable[Question] = ()) -> bool:
    """Whether the build answered this question (a bad question never is)."""
    try:
        return odds_path(question) in _paths()
    except InputError:
        return False


__all__ = ["built_questions", "is_built"]
